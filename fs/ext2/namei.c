// SPDX-License-Identifier: GPL-2.0-only
/*
 * ext2 directory inode operations: lookup, create, mknod, symlink, link,
 * unlink, mkdir, rmdir, rename.
 *
 * Interface: ext2_dir_inode_operations, ext2_special_inode_operations.
 *
 * Link counts follow the usual rules: a directory has one link from its
 * parent's entry, one from its own "." and one from each subdirectory's
 * "..".  A new inode that cannot be entered in its directory is dropped
 * (its count goes to zero, eviction frees it).  A count that would go
 * below zero is corruption and is reported instead.
 *
 * Lookup refuses what a healthy volume never has: an entry naming its own
 * directory, or a directory reachable under a second name (a loop or a
 * hard-linked directory), so the dcache stays a tree.
 *
 * Locking: the VFS holds the parent's i_rwsem (both parents for rename,
 * plus the rename mutex across directories) and the victim's.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/fs.h>
#include <linux/dcache.h>
#include <linux/buffer_head.h>
#include <uapi/linux/fs.h>
#include "ext2.h"

/*
 * A directory may have one name only.  Is the directory inode (found as
 * ino in dir) already reachable elsewhere, or is it dir itself or the
 * root?  Then the volume has a loop or a hard-linked directory.
 */
static bool ext2_dir_has_other_name(struct inode *dir, struct inode *inode, u32 ino)
{
	struct dentry *alias;
	bool named;

	if (ino == dir->i_ino || ino == EXT2_ROOT_INO)
		return true;
	alias = d_find_alias(inode);
	if (!alias)
		return false;
	named = IS_ROOT(alias) || !d_unhashed(alias);
	dput(alias);
	return named;
}

static struct dentry *ext2_lookup(struct inode *dir, struct dentry *dentry, unsigned int flags)
{
	const struct qstr *name = &dentry->d_name;
	struct super_block *sb = dir->i_sb;
	struct inode *inode;
	u32 ino;
	int err;

	if (name->len > EXT2_NAME_LEN)
		return ERR_PTR(-ENAMETOOLONG);
	err = ext2_inode_by_name(dir, name, &ino);
	if (err == -ENOENT)
		return d_splice_alias(NULL, dentry);	/* a negative dentry */
	if (err)
		return ERR_PTR(err);

	inode = ext2_iget(sb, ino);
	if (inode == ERR_PTR(-ESTALE)) {
		ext2_error(sb, __func__, "directory #%lu: entry '%.*s' names free inode %u",
			   dir->i_ino, (int)name->len, name->name, ino);
		return ERR_PTR(-EUCLEAN);
	}
	if (IS_ERR(inode))
		return ERR_CAST(inode);
	if (S_ISDIR(inode->i_mode) && ext2_dir_has_other_name(dir, inode, ino)) {
		ext2_error(sb, __func__,
			   "directory #%lu: entry '%.*s' names directory #%u, which already has a name",
			   dir->i_ino, (int)name->len, name->name, ino);
		iput(inode);
		return ERR_PTR(-EUCLEAN);
	}
	return d_splice_alias(inode, dentry);
}

/*
 * Put inode (holding one reference for the dentry) under dentry's name.
 * On failure the link the caller added for it is taken back and the
 * reference dropped: a new inode then has no link left and eviction frees
 * it.
 */
static int ext2_enter(struct dentry *dentry, struct inode *inode)
{
	int err = ext2_add_link(dentry, inode);

	if (err) {
		ext2_dec_count(inode);
		iput(inode);
		return err;
	}
	d_instantiate(dentry, inode);
	return 0;
}

/* A regular file (rdev NULL) or a device, fifo or socket node. */
static int ext2_make_node(struct inode *dir, struct dentry *dentry, umode_t mode,
			  const dev_t *rdev)
{
	struct inode *inode = ext2_new_inode(dir, mode, &dentry->d_name);

	if (IS_ERR(inode))
		return PTR_ERR(inode);
	if (rdev) {
		init_special_inode(inode, inode->i_mode, *rdev);
		inode->i_op = &ext2_special_inode_operations;
	} else {
		ext2_set_file_ops(inode);
	}
	mark_inode_dirty(inode);
	return ext2_enter(dentry, inode);
}

static int ext2_create(struct inode *dir, struct dentry *dentry, umode_t mode, bool excl)
{
	return ext2_make_node(dir, dentry, mode, NULL);
}

static int ext2_mknod(struct inode *dir, struct dentry *dentry, umode_t mode, dev_t rdev)
{
	return ext2_make_node(dir, dentry, mode, &rdev);
}

/*
 * A target that fits in i_data[] (with its NUL) is kept there ("fast");
 * a longer one, up to a block, goes in a data block.
 */
static int ext2_symlink(struct inode *dir, struct dentry *dentry, const char *symname)
{
	size_t bytes = strlen(symname) + 1;
	struct ext2_inode_info *ei;
	struct inode *inode;
	int err;

	if (bytes > dir->i_sb->s_blocksize)
		return -ENAMETOOLONG;
	inode = ext2_new_inode(dir, S_IFLNK | 0777, &dentry->d_name);
	if (IS_ERR(inode))
		return PTR_ERR(inode);
	ei = EXT2_I(inode);
	if (bytes <= sizeof(ei->i_data)) {
		memcpy(ei->i_data, symname, bytes);
		inode->i_link = (char *)ei->i_data;
		inode->i_op = &ext2_fast_symlink_inode_operations;
	} else {
		inode->i_mapping->a_ops = &ext2_aops;
		inode->i_op = &ext2_symlink_inode_operations;
		err = ext2_write_slow_symlink(inode, symname, bytes - 1);
		if (err) {
			ext2_dec_count(inode);
			iput(inode);
			return err;
		}
	}
	i_size_write(inode, bytes - 1);
	mark_inode_dirty(inode);
	return ext2_enter(dentry, inode);
}

static int ext2_link(struct dentry *old_dentry, struct inode *dir, struct dentry *dentry)
{
	struct inode *inode = d_inode(old_dentry);

	if (inode->i_nlink >= EXT2_LINK_MAX)
		return -EMLINK;
	inode->i_ctime = current_time(inode);
	ext2_inc_count(inode);
	ihold(inode);		/* the new dentry's reference */
	return ext2_enter(dentry, inode);
}

/*
 * Does the entry we found still name the inode the dentry stands for?  If
 * not, the directory changed behind the dcache: corruption.
 */
static int ext2_entry_is(struct inode *dir, struct dentry *dentry,
			 struct ext2_dir_entry_2 *de, struct inode *inode)
{
	if (le32_to_cpu(de->inode) == inode->i_ino)
		return 0;
	ext2_error(dir->i_sb, __func__, "directory #%lu: entry '%.*s' no longer names inode %lu",
		   dir->i_ino, (int)dentry->d_name.len, dentry->d_name.name, inode->i_ino);
	return -EUCLEAN;
}

static int ext2_unlink(struct inode *dir, struct dentry *dentry)
{
	struct inode *inode = d_inode(dentry);
	struct ext2_dir_entry_2 *de;
	struct buffer_head *bh;
	int err;

	de = ext2_find_entry(dir, &dentry->d_name, &bh);
	if (IS_ERR(de))
		return PTR_ERR(de);
	err = ext2_entry_is(dir, dentry, de, inode);
	if (!err)
		err = ext2_delete_entry(dir, de, bh);
	brelse(bh);
	if (err)
		return err;
	inode->i_ctime = dir->i_ctime;
	ext2_dec_count(inode);
	return 0;
}

/*
 * Give a new directory its "." and ".." block and its entry in the
 * parent.  It starts with two links: that entry and its own ".".
 */
static int ext2_fill_new_dir(struct inode *dir, struct dentry *dentry, struct inode *inode)
{
	int err;

	ext2_set_file_ops(inode);
	ext2_inc_count(inode);
	err = ext2_make_empty(inode, dir);
	if (!err)
		err = ext2_add_link(dentry, inode);
	if (err) {
		/* Never entered anywhere: no links at all, eviction frees it. */
		clear_nlink(inode);
		mark_inode_dirty(inode);
		iput(inode);
		return err;
	}
	d_instantiate(dentry, inode);
	return 0;
}

static int ext2_mkdir(struct inode *dir, struct dentry *dentry, umode_t mode)
{
	struct inode *inode;
	int err;

	if (dir->i_nlink >= EXT2_LINK_MAX)
		return -EMLINK;
	/* The child's ".." links to dir: count it before the child can reach the disk. */
	ext2_inc_count(dir);
	inode = ext2_new_inode(dir, S_IFDIR | mode, &dentry->d_name);
	err = IS_ERR(inode) ? PTR_ERR(inode) : ext2_fill_new_dir(dir, dentry, inode);
	if (err)
		ext2_dec_count(dir);
	return err;
}

static int ext2_rmdir(struct inode *dir, struct dentry *dentry)
{
	struct inode *inode = d_inode(dentry);
	int err = ext2_empty_dir(inode) ? ext2_unlink(dir, dentry) : -ENOTEMPTY;

	if (err)
		return err;
	/* Its entry went with ext2_unlink(); its "." and its ".." in dir go now. */
	ext2_dec_count(inode);
	ext2_dec_count(dir);
	i_size_write(inode, 0);
	return 0;
}

/* rename onto an existing name: point that entry at src, unlink the victim. */
static int ext2_rename_over(struct inode *new_dir, struct dentry *new_dentry,
			    struct inode *victim, struct inode *src, bool is_dir)
{
	struct ext2_dir_entry_2 *de;
	struct buffer_head *bh;
	int err;

	if (is_dir && !ext2_empty_dir(victim))
		return -ENOTEMPTY;
	de = ext2_find_entry(new_dir, &new_dentry->d_name, &bh);
	if (IS_ERR(de))
		return PTR_ERR(de);
	err = ext2_set_link(new_dir, de, bh, src, true);
	brelse(bh);
	if (err)
		return err;
	victim->i_ctime = current_time(victim);
	/* The victim loses the entry, a directory victim also its own ".". */
	if (is_dir)
		ext2_dec_count(victim);
	ext2_dec_count(victim);
	return 0;
}

/* rename to a free name: a new entry; a directory's ".." then links new_dir. */
static int ext2_rename_into(struct inode *old_dir, struct inode *new_dir,
			    struct dentry *new_dentry, struct inode *src, bool is_dir)
{
	int err;

	if (is_dir && new_dir != old_dir && new_dir->i_nlink >= EXT2_LINK_MAX)
		return -EMLINK;
	err = ext2_add_link(new_dentry, src);
	if (!err && is_dir)
		ext2_inc_count(new_dir);
	return err;
}

/*
 * The target entry exists; now drop the old entry and, for a directory,
 * move its ".." to the new parent (the old parent loses that link).
 */
static int ext2_rename_finish(struct inode *old_dir, struct inode *new_dir, struct inode *src,
			      struct ext2_dir_entry_2 *src_de, struct buffer_head *src_bh,
			      struct ext2_dir_entry_2 *dotdot, struct buffer_head *dotdot_bh)
{
	int err;

	/* Like Linux: a rename changes the inode's ctime. */
	src->i_ctime = current_time(src);
	mark_inode_dirty(src);
	err = ext2_delete_entry(old_dir, src_de, src_bh);
	if (err || !dotdot)
		return err;
	if (old_dir != new_dir)
		err = ext2_set_link(src, dotdot, dotdot_bh, new_dir, false);
	ext2_dec_count(old_dir);
	return err;
}

static int ext2_rename(struct inode *old_dir, struct dentry *old_dentry, struct inode *new_dir,
		       struct dentry *new_dentry, unsigned int flags)
{
	struct inode *src = d_inode(old_dentry), *victim = d_inode(new_dentry);
	bool is_dir = S_ISDIR(src->i_mode);
	struct buffer_head *src_bh, *dotdot_bh = NULL;
	struct ext2_dir_entry_2 *src_de, *dotdot = NULL;
	int err;

	if (flags & ~RENAME_NOREPLACE)
		return -EINVAL;
	src_de = ext2_find_entry(old_dir, &old_dentry->d_name, &src_bh);
	if (IS_ERR(src_de))
		return PTR_ERR(src_de);
	err = ext2_entry_is(old_dir, old_dentry, src_de, src);
	if (!err && is_dir) {
		dotdot = ext2_dotdot(src, &dotdot_bh);
		if (!dotdot)
			err = -EUCLEAN;
	}
	if (!err && victim)
		err = ext2_rename_over(new_dir, new_dentry, victim, src, is_dir);
	else if (!err)
		err = ext2_rename_into(old_dir, new_dir, new_dentry, src, is_dir);
	if (!err)
		err = ext2_rename_finish(old_dir, new_dir, src, src_de, src_bh, dotdot, dotdot_bh);
	brelse(dotdot_bh);
	brelse(src_bh);
	return err;
}

/* Grouped by what they do to the tree: look, make, link, remove, move. */
const struct inode_operations ext2_dir_inode_operations = {
	.lookup = ext2_lookup,
	.create = ext2_create,
	.mknod = ext2_mknod,
	.mkdir = ext2_mkdir,
	.symlink = ext2_symlink,
	.link = ext2_link,
	.unlink = ext2_unlink,
	.rmdir = ext2_rmdir,
	.rename = ext2_rename,
	.setattr = ext2_setattr,
	.listxattr = ext2_listxattr,
};

const struct inode_operations ext2_special_inode_operations = {
	.setattr = ext2_setattr,
	.listxattr = ext2_listxattr,
};
