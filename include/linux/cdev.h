/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Character devices (fs/char_dev.c).
 *
 * A driver claims a range of device numbers and attaches its file
 * operations to it:
 *
 *   alloc_chrdev_region(&dev, 0, 4, "foo");    or register_chrdev_region()
 *   cdev_init(&foo_cdev, &foo_fops);
 *   cdev_add(&foo_cdev, dev, 4);
 *
 * or, for a whole major with 256 minors, register_chrdev() (<linux/fs.h>).
 * Opening any inode whose i_rdev falls in the range then runs the
 * driver's ->open with file->f_op switched to its fops (chrdev_open).
 * A cdev must stay allocated until cdev_del() returns.
 */
#ifndef _LINUX_CDEV_H
#define _LINUX_CDEV_H

#include <linux/types.h>
#include <linux/list.h>

struct file_operations;

struct cdev {
	const struct file_operations *ops;
	dev_t dev;
	unsigned int count;
	struct list_head list;		/* cdev_map; chrdevs_lock */
};

void cdev_init(struct cdev *cdev, const struct file_operations *fops);
int cdev_add(struct cdev *cdev, dev_t dev, unsigned int count);
void cdev_del(struct cdev *cdev);

#endif /* _LINUX_CDEV_H */
