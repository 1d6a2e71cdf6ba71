/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Direct I/O for block-based files (fs/direct-io.c); see the comment there
 * for the alignment, hole and size rules.
 */
#ifndef _LINUX_DIRECT_IO_H
#define _LINUX_DIRECT_IO_H

#include <linux/types.h>
#include <linux/buffer_head.h>

struct kiocb;
struct inode;
struct iov_iter;
struct block_device;

ssize_t __blockdev_direct_IO(struct kiocb *iocb, struct inode *inode,
			     struct block_device *bdev, struct iov_iter *iter,
			     get_block_t *get_block);
ssize_t blockdev_direct_IO(struct kiocb *iocb, struct inode *inode, struct iov_iter *iter,
			   get_block_t *get_block);

#endif /* _LINUX_DIRECT_IO_H */
