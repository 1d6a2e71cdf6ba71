// SPDX-License-Identifier: GPL-2.0-only
/*
 * ext2 regular files: reads and writes go through the page cache
 * (generic_file_read_iter/generic_file_write_iter with ext2_aops), mmap
 * through generic_file_mmap, fsync writes the data pages, the inode's
 * metadata buffers (indirect and directory blocks), the inode and the
 * inode table block holding it, what undoes other inodes' mappings of
 * blocks freed since (release.c), then flushes the disk's cache.
 *
 * Interface: ext2_file_operations, ext2_file_inode_operations,
 * ext2_fsync() (also used by directories).
 *
 * On a "sync" mount (SB_SYNCHRONOUS) or for a file with the sync flag the
 * page cache's write path (generic_write_sync()) calls ext2_fsync() for
 * what it wrote before returning.  The last writer to close a file gives
 * back its reservation window: the blocks it reserved ahead become
 * available to other files.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/pagemap.h>
#include <linux/buffer_head.h>
#include <linux/blkdev.h>
#include <linux/writeback.h>
#include "ext2.h"

int ext2_fsync(struct file *file, loff_t start, loff_t end, int datasync)
{
	struct inode *inode = file->f_mapping->host;
	struct super_block *sb = inode->i_sb;
	int ret;

	ret = generic_buffers_fsync_noflush(file, start, end, datasync);
	/* The inode table block too, if a flusher left the inode there. */
	if (!ret)
		ret = ext2_sync_raw_inode(inode);
	/* No freed block we now hold is still mapped on the disk by its old owner. */
	if (!ret)
		ret = ext2_sync_releases(sb);
	/* A failed write of data or metadata: the volume may be inconsistent. */
	if (ret == -EIO)
		ext2_error(sb, __func__, "I/O error writing the file's blocks or its inode");
	/* Durable, not just written: flush the disk's volatile cache. */
	if (!ret)
		ret = blkdev_issue_flush(sb->s_bdev);
	return ret;
}

/* The last writer's close ends the reservation window; readers keep none. */
static int ext2_release_file(struct inode *inode, struct file *filp)
{
	struct ext2_inode_info *ei = EXT2_I(inode);
	bool last_writer = (filp->f_mode & FMODE_WRITE) &&
			   atomic_read(&inode->i_writecount) == 1;

	if (!last_writer)
		return 0;
	mutex_lock(&ei->truncate_mutex);
	ext2_discard_reservation(inode);
	mutex_unlock(&ei->truncate_mutex);
	return 0;
}

const struct file_operations ext2_file_operations = {
	.llseek = generic_file_llseek,
	.read_iter = generic_file_read_iter,
	.write_iter = generic_file_write_iter,
	.mmap = generic_file_mmap,
	.open = generic_file_open,
	.release = ext2_release_file,
	.fsync = ext2_fsync,
};

const struct inode_operations ext2_file_inode_operations = {
	.setattr = ext2_setattr,
	.listxattr = ext2_listxattr,
};
