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

static struct dentry *ext2_lookup(struct inode *dir, struct dentry *dentry, unsigned int flags)
{
	struct super_block *sb = dir->i_sb;
	struct inode *inode = NULL;
	u32 ino;
	int res;

	if (dentry->d_name.len > EXT2_NAME_LEN)
		return ERR_PTR(-ENAMETOOLONG);
	res = ext2_inode_by_name(dir, &dentry->d_name, &ino);
	if (res && res != -ENOENT)
		return ERR_PTR(res);
	if (!res) {
		inode = ext2_iget(sb, ino);
		if (inode == ERR_PTR(-ESTALE)) {
			ext2_error(sb, __func__, "deleted inode referenced: %u", ino);
			return ERR_PTR(-EUCLEAN);
		}
		if (IS_ERR(inode))
			return (struct dentry *)inode;
		if (S_ISDIR(inode->i_mode)) {
			struct dentry *alias = d_find_alias(inode);
			bool loop = ino == dir->i_ino || ino == EXT2_ROOT_INO;

			if (alias) {
				loop |= !d_unhashed(alias) || IS_ROOT(alias);
				dput(alias);
			}
			if (loop) {
				ext2_error(sb, __func__,
					   "directory #%lu: entry '%.*s' names directory #%u, which already has a name",
					   dir->i_ino, (int)dentry->d_name.len, dentry->d_name.name, ino);
				iput(inode);
				return ERR_PTR(-EUCLEAN);
			}
		}
	}
	return d_splice_alias(inode, dentry);
}

/* Enter a new non-directory inode in the directory, or drop it. */
static int ext2_add_nondir(struct dentry *dentry, struct inode *inode)
{
	int err = ext2_add_link(dentry, inode);

	if (!err) {
		d_instantiate(dentry, inode);
		return 0;
	}
	ext2_dec_count(inode);
	iput(inode);
	return err;
}

static int ext2_create(struct inode *dir, struct dentry *dentry, umode_t mode, bool excl)
{
	struct inode *inode = ext2_new_inode(dir, mode, &dentry->d_name);

	if (IS_ERR(inode))
		return PTR_ERR(inode);
	ext2_set_file_ops(inode);
	mark_inode_dirty(inode);
	return ext2_add_nondir(dentry, inode);
}

static int ext2_mknod(struct inode *dir, struct dentry *dentry, umode_t mode, dev_t rdev)
{
	struct inode *inode = ext2_new_inode(dir, mode, &dentry->d_name);

	if (IS_ERR(inode))
		return PTR_ERR(inode);
	init_special_inode(inode, inode->i_mode, rdev);
	inode->i_op = &ext2_special_inode_operations;
	mark_inode_dirty(inode);
	return ext2_add_nondir(dentry, inode);
}

static int ext2_symlink(struct inode *dir, struct dentry *dentry, const char *symname)
{
	struct super_block *sb = dir->i_sb;
	unsigned int len = strlen(symname) + 1;
	struct inode *inode;
	int err;

	if (len > sb->s_blocksize)
		return -ENAMETOOLONG;
	inode = ext2_new_inode(dir, S_IFLNK | 0777, &dentry->d_name);
	if (IS_ERR(inode))
		return PTR_ERR(inode);
	if (len > sizeof(EXT2_I(inode)->i_data)) {
		inode->i_op = &ext2_symlink_inode_operations;
		inode->i_mapping->a_ops = &ext2_aops;
		err = ext2_write_slow_symlink(inode, symname, len - 1);
		if (err) {
			ext2_dec_count(inode);
			iput(inode);
			return err;
		}
	} else {
		memcpy(EXT2_I(inode)->i_data, symname, len);
		inode->i_op = &ext2_fast_symlink_inode_operations;
		inode->i_link = (char *)EXT2_I(inode)->i_data;
	}
	i_size_write(inode, len - 1);
	mark_inode_dirty(inode);
	return ext2_add_nondir(dentry, inode);
}

static int ext2_link(struct dentry *old_dentry, struct inode *dir, struct dentry *dentry)
{
	struct inode *inode = d_inode(old_dentry);
	int err;

	if (inode->i_nlink >= EXT2_LINK_MAX)
		return -EMLINK;
	inode->i_ctime = current_time(inode);
	ext2_inc_count(inode);
	ihold(inode);
	err = ext2_add_link(dentry, inode);
	if (!err) {
		d_instantiate(dentry, inode);
		return 0;
	}
	ext2_dec_count(inode);
	iput(inode);
	return err;
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
	if (le32_to_cpu(de->inode) != inode->i_ino) {
		brelse(bh);
		ext2_error(dir->i_sb, __func__, "directory #%lu: entry '%.*s' changed under us",
			   dir->i_ino, (int)dentry->d_name.len, dentry->d_name.name);
		return -EUCLEAN;
	}
	err = ext2_delete_entry(dir, de, bh);
	brelse(bh);
	if (err)
		return err;
	inode->i_ctime = dir->i_ctime;
	ext2_dec_count(inode);
	return 0;
}

static int ext2_mkdir(struct inode *dir, struct dentry *dentry, umode_t mode)
{
	struct inode *inode;
	int err;

	if (dir->i_nlink >= EXT2_LINK_MAX)
		return -EMLINK;
	ext2_inc_count(dir);
	inode = ext2_new_inode(dir, S_IFDIR | mode, &dentry->d_name);
	err = PTR_ERR(inode);
	if (IS_ERR(inode))
		goto out_dir;
	ext2_set_file_ops(inode);
	ext2_inc_count(inode);
	err = ext2_make_empty(inode, dir);
	if (err)
		goto out_fail;
	err = ext2_add_link(dentry, inode);
	if (err)
		goto out_fail;
	d_instantiate(dentry, inode);
	return 0;

out_fail:
	ext2_dec_count(inode);
	ext2_dec_count(inode);
	iput(inode);
out_dir:
	ext2_dec_count(dir);
	return err;
}

static int ext2_rmdir(struct inode *dir, struct dentry *dentry)
{
	struct inode *inode = d_inode(dentry);
	int err;

	if (!ext2_empty_dir(inode))
		return -ENOTEMPTY;
	err = ext2_unlink(dir, dentry);
	if (err)
		return err;
	i_size_write(inode, 0);
	ext2_dec_count(inode);
	ext2_dec_count(dir);
	return 0;
}

static int ext2_rename(struct inode *old_dir, struct dentry *old_dentry, struct inode *new_dir,
		       struct dentry *new_dentry, unsigned int flags)
{
	struct inode *old_inode = d_inode(old_dentry);
	struct inode *new_inode = d_inode(new_dentry);
	struct buffer_head *old_bh, *dir_bh = NULL;
	struct ext2_dir_entry_2 *old_de, *dir_de = NULL;
	int err;

	if (flags & ~RENAME_NOREPLACE)
		return -EINVAL;

	old_de = ext2_find_entry(old_dir, &old_dentry->d_name, &old_bh);
	if (IS_ERR(old_de))
		return PTR_ERR(old_de);
	if (le32_to_cpu(old_de->inode) != old_inode->i_ino) {
		err = -EUCLEAN;
		ext2_error(old_dir->i_sb, __func__, "directory #%lu: entry '%.*s' changed under us",
			   old_dir->i_ino, (int)old_dentry->d_name.len, old_dentry->d_name.name);
		goto out_old;
	}
	if (S_ISDIR(old_inode->i_mode)) {
		dir_de = ext2_dotdot(old_inode, &dir_bh);
		err = -EUCLEAN;
		if (!dir_de)
			goto out_old;
	}

	if (new_inode) {
		struct buffer_head *new_bh;
		struct ext2_dir_entry_2 *new_de;

		err = -ENOTEMPTY;
		if (dir_de && !ext2_empty_dir(new_inode))
			goto out_dir;
		new_de = ext2_find_entry(new_dir, &new_dentry->d_name, &new_bh);
		if (IS_ERR(new_de)) {
			err = PTR_ERR(new_de);
			goto out_dir;
		}
		err = ext2_set_link(new_dir, new_de, new_bh, old_inode, true);
		brelse(new_bh);
		if (err)
			goto out_dir;
		new_inode->i_ctime = current_time(new_inode);
		if (dir_de)
			ext2_dec_count(new_inode);
		ext2_dec_count(new_inode);
	} else {
		if (dir_de && old_dir != new_dir && new_dir->i_nlink >= EXT2_LINK_MAX) {
			err = -EMLINK;
			goto out_dir;
		}
		err = ext2_add_link(new_dentry, old_inode);
		if (err)
			goto out_dir;
		if (dir_de)
			ext2_inc_count(new_dir);
	}

	/* Like Linux: a rename changes the inode's ctime. */
	old_inode->i_ctime = current_time(old_inode);
	mark_inode_dirty(old_inode);

	err = ext2_delete_entry(old_dir, old_de, old_bh);
	if (err)
		goto out_dir;
	if (dir_de) {
		if (old_dir != new_dir)
			err = ext2_set_link(old_inode, dir_de, dir_bh, new_dir, false);
		ext2_dec_count(old_dir);
	}
out_dir:
	brelse(dir_bh);
out_old:
	brelse(old_bh);
	return err;
}

const struct inode_operations ext2_dir_inode_operations = {
	.create = ext2_create,
	.lookup = ext2_lookup,
	.link = ext2_link,
	.unlink = ext2_unlink,
	.symlink = ext2_symlink,
	.mkdir = ext2_mkdir,
	.rmdir = ext2_rmdir,
	.mknod = ext2_mknod,
	.rename = ext2_rename,
	.setattr = ext2_setattr,
};

const struct inode_operations ext2_special_inode_operations = {
	.setattr = ext2_setattr,
};
