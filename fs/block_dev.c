// SPDX-License-Identifier: GPL-2.0-only
/*
 * What init_special_inode() gives block-device inodes until the block
 * layer exists: the node can be created, stat'ed, renamed and removed,
 * but opening it fails with ENXIO ("no such device"), the answer Linux
 * gives for a device number no driver claims.  The block layer replaces
 * this file with its own def_blk_fops (block/fops.c).
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
