// SPDX-License-Identifier: GPL-2.0-only
/*
 * ext2 symbolic links.  A target shorter than the 60 bytes of i_block[]
 * is kept there ("fast" symlink, no data block, i_link points at it);
 * a longer one (up to a block minus one byte) is stored in the link's
 * single data block ("slow" symlink), read through a buffer head into a
 * freshly allocated string for each use.
 *
 * Interface: ext2_fast_symlink_inode_operations,
 * ext2_symlink_inode_operations, ext2_write_slow_symlink().
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/fs.h>
#include <linux/buffer_head.h>
#include <linux/delayed_call.h>
#include "ext2.h"

static void ext2_free_link(void *body)
{
	kfree(body);
}

static const char *ext2_get_link(struct dentry *dentry, struct inode *inode,
				 struct delayed_call *done)
{
	loff_t size = i_size_read(inode);
	struct buffer_head *bh;
	char *body;
	int err;

	if (!dentry)
		return ERR_PTR(-ECHILD);
	if (size <= 0 || size >= (loff_t)inode->i_sb->s_blocksize)
		return ERR_PTR(-EUCLEAN);
	bh = ext2_bread(inode, 0, 0, &err);
	if (!bh) {
		if (!err) {
			ext2_error(inode->i_sb, __func__, "symlink inode %lu has no data block",
				   inode->i_ino);
			err = -EUCLEAN;
		}
		return ERR_PTR(err);
	}
	body = kmalloc(size + 1, GFP_KERNEL);
	if (!body) {
		brelse(bh);
		return ERR_PTR(-ENOMEM);
	}
	memcpy(body, bh->b_data, size);
	body[size] = '\0';
	brelse(bh);
	set_delayed_call(done, ext2_free_link, body);
	return body;
}

/* Store the len bytes of a long target in the new link's first block. */
int ext2_write_slow_symlink(struct inode *inode, const char *symname, unsigned int len)
{
	struct buffer_head *bh;
	int err;

	bh = ext2_bread(inode, 0, 1, &err);
	if (!bh)
		return err ? err : -EIO;
	lock_buffer(bh);
	memset(bh->b_data, 0, inode->i_sb->s_blocksize);
	memcpy(bh->b_data, symname, len);
	unlock_buffer(bh);
	mark_buffer_dirty_inode(bh, inode);
	err = 0;
	if (ext2_inode_sync(inode))
		err = sync_dirty_buffer(bh);
	brelse(bh);
	return err;
}

const struct inode_operations ext2_symlink_inode_operations = {
	.get_link = ext2_get_link,
	.setattr = ext2_setattr,
	.listxattr = ext2_listxattr,
};

const struct inode_operations ext2_fast_symlink_inode_operations = {
	.get_link = simple_get_link,
	.setattr = ext2_setattr,
	.listxattr = ext2_listxattr,
};
