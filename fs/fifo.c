// SPDX-License-Identifier: GPL-2.0-only
/*
 * FIFO inodes until pipes exist.
 *
 * mknod(2) creates FIFOs (and the initramfs may carry them), so the
 * nodes exist and can be stat'ed, renamed and removed; opening one
 * fails with EOPNOTSUPP until fs/pipe.c provides pipefifo_fops and
 * replaces this file.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/fs.h>

static int fifo_open_unsupported(struct inode *inode, struct file *filp)
{
	return -EOPNOTSUPP;
}

const struct file_operations pipefifo_fops = {
	.open = fifo_open_unsupported,
};
