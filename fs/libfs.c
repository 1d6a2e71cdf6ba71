// SPDX-License-Identifier: GPL-2.0-only
/*
 * Building blocks for simple in-memory file systems (ramfs, tmpfs,
 * pseudo file systems): directories that live entirely in the dentry
 * cache, readdir over a directory's children with a cursor, and the
 * link/unlink/rmdir/rename bookkeeping.
 *
 * Interface: simple_lookup(), simple_link()/simple_unlink()/
 * simple_rmdir()/simple_rename(), simple_empty(), simple_setattr(),
 * simple_getattr(), simple_statfs(), dcache_readdir() with
 * dcache_dir_open()/close()/lseek(), mount_pseudo(), and
 * parse_mount_options() for the "name=value,..." strings of mount(2).
 *
 * Such file systems pin every positive dentry with an extra reference
 * (taken at creation, dropped at unlink); kill_litter_super() drops the
 * pins at umount.  Readdir holds the directory's i_rwsem shared, so the
 * children it walks cannot be unlinked or renamed underneath; it walks
 * the list under dcache_lock and emits names with the lock dropped,
 * holding a reference on the entry it stands on.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/fs.h>
#include <linux/pagemap.h>
#include <linux/statfs.h>
#include <linux/mount.h>
#include "internal.h"

/*
 * Split a copy of data at commas and each piece at its first '=', and
 * hand them to one() (val NULL when there is no '='), skipping empty
 * pieces.  Stops at the first error one() returns.
 */
int parse_mount_options(const char *data, int (*one)(char *name, char *val, void *ctx),
			void *ctx)
{
	char *copy, *rest, *name;
	int err = 0;

	if (!data || !*data)
		return 0;
	copy = kstrdup(data, GFP_KERNEL);
	if (!copy)
		return -ENOMEM;
	rest = copy;
	while (!err && (name = strsep(&rest, ",")) != NULL) {
		char *val = strchr(name, '=');

		if (!*name)
			continue;
		if (val)
			*val++ = '\0';
		err = one(name, val, ctx);
	}
	kfree(copy);
	return err;
}

int always_delete_dentry(const struct dentry *dentry)
{
	return 1;
}

const struct dentry_operations simple_dentry_operations = {
	.d_delete = always_delete_dentry,
};

/*
 * Every name such a directory holds is in the dcache already, so a lookup
 * that reaches the file system has found nothing: answer with a negative
 * entry, which is dropped on its last dput() unless the super block has
 * dentry operations of its own.
 */
struct dentry *simple_lookup(struct inode *dir, struct dentry *dentry, unsigned int flags)
{
	if (dentry->d_name.len <= NAME_MAX) {
		if (!dentry->d_sb->s_d_op)
			d_set_d_op(dentry, &simple_dentry_operations);
		d_add(dentry, NULL);
		return NULL;
	}
	return ERR_PTR(-ENAMETOOLONG);
}

int simple_statfs(struct dentry *dentry, struct kstatfs *buf)
{
	buf->f_type = dentry->d_sb->s_magic;
	buf->f_bsize = PAGE_SIZE;
	buf->f_namelen = NAME_MAX;
	return 0;
}

int noop_fsync(struct file *file, loff_t start, loff_t end, int datasync)
{
	return 0;
}

ssize_t generic_read_dir(struct file *filp, char *buf, size_t siz, loff_t *ppos)
{
	return -EISDIR;
}

int simple_open(struct inode *inode, struct file *file)
{
	if (inode->i_private)
		file->private_data = inode->i_private;
	return 0;
}

/* ------------------------------------------------------------ directory entries */

int simple_empty(struct dentry *dentry)
{
	struct dentry *child;
	int ret = 1;

	spin_lock(&dcache_lock);
	list_for_each_entry(child, &dentry->d_subdirs, d_child) {
		if (simple_positive(child)) {
			ret = 0;
			break;
		}
	}
	spin_unlock(&dcache_lock);
	return ret;
}

int simple_link(struct dentry *old_dentry, struct inode *dir, struct dentry *dentry)
{
	struct inode *inode = d_inode(old_dentry);

	inode->i_ctime = dir->i_ctime = dir->i_mtime = current_time(inode);
	inc_nlink(inode);
	ihold(inode);
	dget(dentry);		/* pinned until unlink */
	d_instantiate(dentry, inode);
	return 0;
}

int simple_unlink(struct inode *dir, struct dentry *dentry)
{
	struct inode *inode = d_inode(dentry);

	inode->i_ctime = dir->i_ctime = dir->i_mtime = current_time(inode);
	drop_nlink(inode);
	dput(dentry);		/* the creation pin */
	return 0;
}

int simple_rmdir(struct inode *dir, struct dentry *dentry)
{
	if (!simple_empty(dentry))
		return -ENOTEMPTY;
	/* Beyond its name, the directory loses "." and the parent its "..". */
	drop_nlink(dir);
	drop_nlink(d_inode(dentry));
	return simple_unlink(dir, dentry);
}

/* A directory changes parent: its ".." link moves from @from to @to. */
static void move_dotdot_link(struct inode *from, struct inode *to)
{
	drop_nlink(from);
	inc_nlink(to);
}

/* Time stamps of a rename: both parents change, the moved inodes' ctime too. */
static void stamp_rename(struct inode *old_dir, struct inode *new_dir,
			 struct inode *moved, struct inode *also_moved)
{
	struct timespec64 now = current_time(old_dir);

	old_dir->i_mtime = now;
	old_dir->i_ctime = now;
	new_dir->i_mtime = now;
	new_dir->i_ctime = now;
	moved->i_ctime = now;
	if (also_moved)
		also_moved->i_ctime = now;
}

int simple_rename(struct inode *old_dir, struct dentry *old_dentry,
		  struct inode *new_dir, struct dentry *new_dentry, unsigned int flags)
{
	struct inode *moved = d_inode(old_dentry);
	struct inode *other = d_inode(new_dentry);
	bool moved_dir = d_is_dir(old_dentry);

	if (flags & ~(RENAME_NOREPLACE | RENAME_EXCHANGE))
		return -EINVAL;

	if (flags & RENAME_EXCHANGE) {
		bool other_dir = d_is_dir(new_dentry);

		/* Only a directory swapped for a non-directory moves a "..". */
		if (moved_dir && !other_dir)
			move_dotdot_link(old_dir, new_dir);
		else if (other_dir && !moved_dir)
			move_dotdot_link(new_dir, old_dir);
		stamp_rename(old_dir, new_dir, moved, other);
		return 0;
	}

	if (!simple_empty(new_dentry))
		return -ENOTEMPTY;
	if (!other) {
		if (moved_dir)
			move_dotdot_link(old_dir, new_dir);
	} else {
		/*
		 * A replaced directory loses its "." as well as its name; the
		 * new parent trades its ".." for ours, the old parent loses one.
		 */
		if (moved_dir) {
			drop_nlink(other);
			drop_nlink(old_dir);
		}
		simple_unlink(new_dir, new_dentry);
	}
	stamp_rename(old_dir, new_dir, moved, NULL);
	return 0;
}

int simple_setattr(struct dentry *dentry, struct iattr *iattr)
{
	struct inode *inode = d_inode(dentry);
	int error = setattr_prepare(dentry, iattr);

	if (error)
		return error;
	if (iattr->ia_valid & ATTR_SIZE) {
		i_size_write(inode, iattr->ia_size);
		truncate_pagecache(inode, iattr->ia_size);
	}
	setattr_copy(inode, iattr);
	mark_inode_dirty(inode);
	return 0;
}

int simple_getattr(const struct path *path, struct kstat *stat, u32 request_mask,
		   unsigned int query_flags)
{
	struct inode *inode = d_inode(path->dentry);

	generic_fillattr(inode, stat);
	return 0;
}

const char *simple_get_link(struct dentry *dentry, struct inode *inode,
			    struct delayed_call *done)
{
	return inode->i_link;
}

const struct inode_operations simple_symlink_inode_operations = {
	.get_link = simple_get_link,
};

/* ------------------------------------------------------------ readdir with a cursor */

/* Positions 0 and 1 of a directory are "." and ".."; real entries start at 2. */
bool dir_emit_dots(struct file *file, struct dir_context *ctx)
{
	struct dentry *dir = file->f_path.dentry;

	while (ctx->pos < 2) {
		struct dentry *which = ctx->pos ? dget_parent(dir) : dget(dir);
		u64 ino = d_inode(which)->i_ino;

		dput(which);
		/* "." is the first character of "..". */
		if (!dir_emit(ctx, "..", ctx->pos + 1, ino, DT_DIR))
			return false;
		ctx->pos++;
	}
	return true;
}

int dcache_dir_open(struct inode *inode, struct file *file)
{
	file->private_data = d_alloc_cursor(file->f_path.dentry);
	return file->private_data ? 0 : -ENOMEM;
}

int dcache_dir_close(struct inode *inode, struct file *file)
{
	/* The last reference: dput() unlinks the cursor from the children. */
	dput(file->private_data);
	return 0;
}

/*
 * The count'th positive child after p (dcache_lock held), or NULL.
 * Cursors and negative or unhashed entries do not count.
 */
static struct dentry *scan_positives(struct dentry *parent, struct list_head *p,
				     loff_t count)
{
	struct dentry *found = NULL;

	while ((p = p->next) != &parent->d_subdirs) {
		struct dentry *d = list_entry(p, struct dentry, d_child);

		if (d->d_flags & DCACHE_DENTRY_CURSOR)
			continue;
		if (!simple_positive(d))
			continue;
		if (--count == 0) {
			found = dget_dlock(d);
			break;
		}
	}
	return found;
}

int dcache_readdir(struct file *file, struct dir_context *ctx)
{
	struct dentry *dentry = file->f_path.dentry;
	struct dentry *cursor = file->private_data;
	struct dentry *next, *prev = NULL;
	struct list_head *p;

	if (!dir_emit_dots(file, ctx))
		return 0;
	spin_lock(&dcache_lock);
	/* From the head at position 2, else from the cursor; a cursor off the list is EOF. */
	p = ctx->pos == 2 ? &dentry->d_subdirs : &cursor->d_child;
	if (p == &cursor->d_child && list_empty(p)) {
		spin_unlock(&dcache_lock);
		return 0;
	}
	for (;;) {
		bool emitted;

		next = scan_positives(dentry, p, 1);
		if (!next) {
			/* End of the directory: a cursor outside the list means EOF. */
			list_del_init(&cursor->d_child);
			break;
		}
		spin_unlock(&dcache_lock);
		dput(prev);
		prev = NULL;
		emitted = dir_emit(ctx, (const char *)next->d_name.name, next->d_name.len,
				   d_inode(next)->i_ino, fs_umode_to_dtype(d_inode(next)->i_mode));
		spin_lock(&dcache_lock);
		if (!emitted) {
			/* Park the cursor before the first entry not yet returned. */
			list_move_tail(&cursor->d_child, &next->d_child);
			prev = next;
			break;
		}
		ctx->pos++;
		prev = next;
		p = &prev->d_child;
	}
	spin_unlock(&dcache_lock);
	dput(prev);
	return 0;
}

/*
 * Put the cursor of a directory at position @pos: before the (pos - 2)th
 * positive child, at the head for pos <= 2, or off the list (EOF) past
 * the end.  The directory's i_rwsem is held shared.
 */
static void place_cursor(struct dentry *dir, struct dentry *cursor, loff_t pos)
{
	struct dentry *at = NULL;

	spin_lock(&dcache_lock);
	if (pos <= 2) {
		list_move(&cursor->d_child, &dir->d_subdirs);
	} else {
		at = scan_positives(dir, &dir->d_subdirs, pos - 2);
		if (at)
			list_move(&cursor->d_child, &at->d_child);
		else
			list_del_init(&cursor->d_child);
	}
	spin_unlock(&dcache_lock);
	dput(at);
}

loff_t dcache_dir_lseek(struct file *file, loff_t offset, int whence)
{
	struct dentry *dir = file->f_path.dentry;

	/* Directory offsets are entry counts: only SEEK_SET and SEEK_CUR. */
	if (whence == SEEK_CUR)
		offset += file->f_pos;
	else if (whence != SEEK_SET)
		return -EINVAL;
	if (offset < 0)
		return -EINVAL;
	if (offset == file->f_pos)
		return offset;

	inode_lock_shared(d_inode(dir));
	place_cursor(dir, file->private_data, offset);
	inode_unlock_shared(d_inode(dir));
	file->f_pos = offset;
	return offset;
}

const struct file_operations simple_dir_operations = {
	.open = dcache_dir_open,
	.release = dcache_dir_close,
	.llseek = dcache_dir_lseek,
	.read = generic_read_dir,
	.iterate_shared = dcache_readdir,
	.fsync = noop_fsync,
};

const struct inode_operations simple_dir_inode_operations = {
	.lookup = simple_lookup,
};

/* ------------------------------------------------------------ pseudo file systems */

static const struct super_operations simple_super_operations = {
	.statfs = simple_statfs,
};

struct dentry *mount_pseudo(struct file_system_type *fs_type, const char *name,
			    const struct dentry_operations *dops, unsigned long magic)
{
	struct super_block *s = sget(fs_type, NULL, set_anon_super, SB_NOUSER, NULL);
	struct inode *root;

	if (IS_ERR(s))
		return (struct dentry *)s;
	s->s_magic = magic;
	s->s_op = &simple_super_operations;
	s->s_d_op = dops;
	root = new_inode(s);
	if (!root)
		goto fail;
	root->i_ino = 1;
	root->i_mode = S_IFDIR | S_IRUSR | S_IWUSR;
	root->i_atime = root->i_mtime = root->i_ctime = current_time(root);
	set_nlink(root, 2);
	s->s_root = d_make_root(root);
	if (!s->s_root)
		goto fail;
	s->s_flags |= SB_ACTIVE;
	return dget(s->s_root);
fail:
	deactivate_locked_super(s);
	return ERR_PTR(-ENOMEM);
}
