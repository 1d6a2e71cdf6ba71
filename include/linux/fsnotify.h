/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The VFS's notification hooks: namei, open, read/write, attribute and
 * dcache code call fsnotify_*() where something a listener may watch
 * happens (inotify(7) today).
 *
 * Each hook first tests fsnotify_nr_marks and the inode's
 * i_fsnotify_mask, so a system without watches pays a load and a branch.
 * Directory-entry hooks (create, delete, move) are called with the
 * directory locked, which keeps the names they report still.
 */
#ifndef _LINUX_FSNOTIFY_H
#define _LINUX_FSNOTIFY_H

#include <linux/fs.h>
#include <linux/dcache.h>
#include <linux/fsnotify_backend.h>
#include <asm/atomic.h>

extern atomic_t fsnotify_nr_marks;

void __fsnotify_inode(struct inode *inode, u32 mask, u32 cookie, const struct qstr *name);
void __fsnotify_parent(struct dentry *dentry, u32 mask);
void __fsnotify_inoderemove(struct inode *inode);
void fsnotify_unmount_inodes(struct super_block *sb);
u32 fsnotify_next_cookie(void);

static inline bool fsnotify_active(void)
{
	return atomic_read(&fsnotify_nr_marks) != 0;
}

static inline u32 fsnotify_isdir(struct inode *inode)
{
	return S_ISDIR(inode->i_mode) ? FS_ISDIR : 0;
}

/*
 * An event of @inode itself, not heard by its parent.  As on Linux these
 * (IN_MOVE_SELF, a link count's IN_ATTRIB) carry no IN_ISDIR.
 */
static inline void fsnotify_inode(struct inode *inode, u32 mask)
{
	if (fsnotify_active() && (READ_ONCE(inode->i_fsnotify_mask) & mask))
		__fsnotify_inode(inode, mask, 0, NULL);
}

/* An event of the directory @dir about its entry @name. */
static inline void fsnotify_name(struct inode *dir, u32 mask, const struct qstr *name,
				 u32 cookie)
{
	if (fsnotify_active() && (READ_ONCE(dir->i_fsnotify_mask) & mask))
		__fsnotify_inode(dir, mask, cookie, name);
}

/* An event of @dentry's inode, heard by a watching parent as well. */
static inline void fsnotify_dentry(struct dentry *dentry, u32 mask)
{
	if (fsnotify_active())
		__fsnotify_parent(dentry, mask | fsnotify_isdir(d_inode(dentry)));
}

static inline void fsnotify_file(struct file *file, u32 mask)
{
	if (file->f_mode & FMODE_PATH)
		return;
	fsnotify_dentry(file->f_path.dentry, mask);
}

/* A read or getdents, a write, an open of @file that succeeded. */
#define fsnotify_access(file)	fsnotify_file((file), FS_ACCESS)
#define fsnotify_modify(file)	fsnotify_file((file), FS_MODIFY)
#define fsnotify_open(file)	fsnotify_file((file), FS_OPEN)

static inline void fsnotify_close(struct file *file)
{
	fsnotify_file(file, (file->f_mode & FMODE_WRITE) ? FS_CLOSE_WRITE : FS_CLOSE_NOWRITE);
}

/* Extended attributes changed. */
static inline void fsnotify_xattr(struct dentry *dentry)
{
	fsnotify_dentry(dentry, FS_ATTRIB);
}

/* The link count of @inode changed (link, unlink, a rename over it). */
static inline void fsnotify_link_count(struct inode *inode)
{
	fsnotify_inode(inode, FS_ATTRIB);
}

/* @dentry was made in @dir: a file, directory, node or symlink. */
static inline void fsnotify_create(struct inode *dir, struct dentry *dentry)
{
	fsnotify_name(dir, FS_CREATE | fsnotify_isdir(d_inode(dentry)), &dentry->d_name, 0);
}

/* A hard link @new_dentry in @dir now names @inode. */
static inline void fsnotify_link(struct inode *dir, struct inode *inode,
				 struct dentry *new_dentry)
{
	fsnotify_link_count(inode);
	fsnotify_name(dir, FS_CREATE, &new_dentry->d_name, 0);
}

/* The entry @name (of a directory when @isdir) left @dir. */
static inline void fsnotify_delete(struct inode *dir, const struct qstr *name, bool isdir)
{
	fsnotify_name(dir, FS_DELETE | (isdir ? FS_ISDIR : 0), name, 0);
}

/*
 * @moved went from @old_name in @old_dir to @new_name in @new_dir; the
 * inode it replaced, if any, is @target.  Both halves share a cookie so a
 * listener can pair them.
 */
static inline void fsnotify_move(struct inode *old_dir, struct inode *new_dir,
				 const struct qstr *old_name, const struct qstr *new_name,
				 struct inode *moved, struct inode *target)
{
	u32 isdir = fsnotify_isdir(moved);
	u32 cookie;

	if (!fsnotify_active())
		return;
	cookie = fsnotify_next_cookie();
	fsnotify_name(old_dir, FS_MOVED_FROM | isdir, old_name, cookie);
	fsnotify_name(new_dir, FS_MOVED_TO | isdir, new_name, cookie);
	if (target)
		fsnotify_link_count(target);
	fsnotify_inode(moved, FS_MOVE_SELF);
}

/*
 * @inode lost its last name and its last dentry: IN_DELETE_SELF, and the
 * watches on it go.
 */
static inline void fsnotify_inoderemove(struct inode *inode)
{
	if (!inode->i_nlink && !hlist_empty(&inode->i_fsnotify_marks))
		__fsnotify_inoderemove(inode);
}

/*
 * notify_change() applied @ia_valid to @dentry's inode.  Owner and mode
 * are metadata; so are both times at once (utimes(2)).  A new size, or an
 * mtime alone, is a modification; an atime alone an access.
 */
static inline void fsnotify_change(struct dentry *dentry, unsigned int ia_valid)
{
	bool utimes = (ia_valid & ATTR_ATIME) && (ia_valid & ATTR_MTIME);
	u32 mask = 0;

	if (utimes || (ia_valid & (ATTR_UID | ATTR_GID | ATTR_MODE)))
		mask = FS_ATTRIB;
	if (!utimes) {
		mask |= (ia_valid & ATTR_MTIME) ? FS_MODIFY : 0;
		mask |= (ia_valid & ATTR_ATIME) ? FS_ACCESS : 0;
	}
	if (ia_valid & ATTR_SIZE)
		mask |= FS_MODIFY;
	if (mask)
		fsnotify_dentry(dentry, mask);
}

#endif /* _LINUX_FSNOTIFY_H */
