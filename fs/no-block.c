// SPDX-License-Identifier: GPL-2.0-only
/*
 * def_blk_fops for a kernel built without the block layer
 * (CONFIG_BLOCK=n): what init_special_inode() gives block-device inodes.
 * The node can be created, stat'ed, renamed and removed, but opening it
 * fails with ENXIO ("no such device"), the answer Linux gives for a
 * device number no driver claims.  With CONFIG_BLOCK=y this file is not
 * built and block/fops.c provides the real def_blk_fops.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/fs.h>

static int blkdev_open_nodev(struct inode *inode, struct file *filp)
{
	return -ENXIO;
}

const struct file_operations def_blk_fops = {
	.open = blkdev_open_nodev,
};
