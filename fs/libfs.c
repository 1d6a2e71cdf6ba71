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
 * dcache_dir_open()/close()/lseek(), mount_pseudo().
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
#include <linux/fs.h>
#include <linux/pagemap.h>
#include <linux/statfs.h>
#include <linux/mount.h>
#include "internal.h"

int always_delete_dentry(const struct dentry *dentry)
{
	return 1;
}

const struct dentry_operations simple_dentry_operations = {
	.d_delete = always_delete_dentry,
};

struct dentry *simple_lookup(struct inode *dir, struct dentry *dentry, unsigned int flags)
{
	if (dentry->d_name.len > NAME_MAX)
		return ERR_PTR(-ENAMETOOLONG);
	if (!dentry->d_sb->s_d_op)
		d_set_d_op(dentry, &simple_dentry_operations);
	d_add(dentry, NULL);
	return NULL;
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
	drop_nlink(d_inode(dentry));
	simple_unlink(dir, dentry);
	drop_nlink(dir);
	return 0;
}

static int simple_rename_exchange(struct inode *old_dir, struct dentry *old_dentry,
				  struct inode *new_dir, struct dentry *new_dentry)
{
	bool old_is_dir = d_is_dir(old_dentry);
	bool new_is_dir = d_is_dir(new_dentry);
	struct timespec64 now;

	if (old_dir != new_dir && old_is_dir != new_is_dir) {
		if (old_is_dir) {
			drop_nlink(old_dir);
			inc_nlink(new_dir);
		} else {
			drop_nlink(new_dir);
			inc_nlink(old_dir);
		}
	}
	now = current_time(old_dir);
	old_dir->i_ctime = old_dir->i_mtime = now;
	new_dir->i_ctime = new_dir->i_mtime = now;
	d_inode(old_dentry)->i_ctime = now;
	d_inode(new_dentry)->i_ctime = now;
	return 0;
}

int simple_rename(struct inode *old_dir, struct dentry *old_dentry,
		  struct inode *new_dir, struct dentry *new_dentry, unsigned int flags)
{
	struct inode *inode = d_inode(old_dentry);
	bool they_are_dirs = d_is_dir(old_dentry);
	struct timespec64 now;

	if (flags & ~(RENAME_NOREPLACE | RENAME_EXCHANGE))
		return -EINVAL;
	if (flags & RENAME_EXCHANGE)
		return simple_rename_exchange(old_dir, old_dentry, new_dir, new_dentry);
	if (!simple_empty(new_dentry))
		return -ENOTEMPTY;
	if (d_really_is_positive(new_dentry)) {
		simple_unlink(new_dir, new_dentry);
		if (they_are_dirs) {
			drop_nlink(d_inode(new_dentry));
			drop_nlink(old_dir);
		}
	} else if (they_are_dirs) {
		drop_nlink(old_dir);
		inc_nlink(new_dir);
	}
	now = current_time(old_dir);
	old_dir->i_ctime = old_dir->i_mtime = now;
	new_dir->i_ctime = new_dir->i_mtime = now;
	inode->i_ctime = now;
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

bool dir_emit_dots(struct file *file, struct dir_context *ctx)
{
	struct dentry *dentry = file->f_path.dentry;

	if (ctx->pos == 0) {
		if (!dir_emit(ctx, ".", 1, d_inode(dentry)->i_ino, DT_DIR))
			return false;
		ctx->pos = 1;
	}
	if (ctx->pos == 1) {
		struct dentry *parent = dget_parent(dentry);
		u64 ino = d_inode(parent)->i_ino;

		dput(parent);
		if (!dir_emit(ctx, "..", 2, ino, DT_DIR))
			return false;
		ctx->pos = 2;
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
	if (ctx->pos == 2) {
		p = &dentry->d_subdirs;
	} else if (!list_empty(&cursor->d_child)) {
		p = &cursor->d_child;
	} else {
		/* The cursor fell off the end earlier: nothing left. */
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

loff_t dcache_dir_lseek(struct file *file, loff_t offset, int whence)
{
	struct dentry *dentry = file->f_path.dentry;
	struct dentry *cursor = file->private_data;

	switch (whence) {
	case SEEK_CUR:
		offset += file->f_pos;
		/* fall through */
	case SEEK_SET:
		if (offset >= 0)
			break;
		/* fall through */
	default:
		return -EINVAL;
	}
	if (offset != file->f_pos) {
		struct dentry *to = NULL;

		inode_lock_shared(dentry->d_inode);
		spin_lock(&dcache_lock);
		if (offset > 2)
			to = scan_positives(dentry, &dentry->d_subdirs, offset - 2);
		if (to)
			list_move(&cursor->d_child, &to->d_child);
		else if (offset <= 2)
			list_move(&cursor->d_child, &dentry->d_subdirs);
		else
			list_del_init(&cursor->d_child);
		spin_unlock(&dcache_lock);
		inode_unlock_shared(dentry->d_inode);
		dput(to);
		file->f_pos = offset;
	}
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
