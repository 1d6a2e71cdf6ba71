/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The "mem" character devices, major 1 (drivers/char/mem.c).  mem.c owns
 * the major and dispatches each open by minor to the driver registered
 * for it; drivers elsewhere plug their minors in with
 *
 *	register_mem_minor(MEM_RANDOM_MINOR, "random", 0666, &random_fops);
 *
 * which also creates /dev/<name> (devtmpfs) and /sys/class/mem/<name>.
 * Minors served by mem.c itself: null (3), zero (5), full (7); kmsg (11)
 * comes from kernel/printk/devkmsg.c; random (8) and urandom (9) are the
 * random driver's.  Registration is for boot (initcalls); there is no
 * unregistering.
 */
#ifndef _LINUX_MEMDEV_H
#define _LINUX_MEMDEV_H

#include <linux/types.h>

struct file_operations;

#define MEM_MAJOR		1
#define MEM_NULL_MINOR		3
#define MEM_ZERO_MINOR		5
#define MEM_FULL_MINOR		7
#define MEM_RANDOM_MINOR	8
#define MEM_URANDOM_MINOR	9
#define MEM_KMSG_MINOR		11

/* 0, -EBUSY if the minor is taken, -EINVAL if out of range. */
int register_mem_minor(unsigned int minor, const char *name, umode_t mode,
		       const struct file_operations *fops);

#endif /* _LINUX_MEMDEV_H */
