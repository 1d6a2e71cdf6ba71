// SPDX-License-Identifier: GPL-2.0-only
/*
 * Block device files: what open(2) of /dev/vda (or any S_IFBLK inode)
 * gets, replacing the ENXIO placeholder of fs/no-block.c.
 *
 *   open      find the block_device of i_rdev and open it (O_EXCL: an
 *             exclusive open, holder = the file); a read-only device
 *             refuses FMODE_WRITE with -EROFS
 *   read_iter/write_iter   through the device's page cache; O_DIRECT
 *             bypasses it
 *   llseek    within the device size
 *   fsync     sync_blockdev() + blkdev_issue_flush()
 *   ioctl     block/ioctl.c
 *
 * The bdev inode's page cache uses buffer heads (fs/buffer.c): block n
 * of the current block size is sector n * size / 512 (blkdev_get_block),
 * and pages are read, written back and released through the generic
 * buffer helpers.  read(2)/write(2) go through that cache with the
 * generic page-cache paths (mm/filemap_rw.c), the same cache sb_bread()
 * fills for file systems' metadata.  O_DIRECT bypasses it through the
 * generic engine (fs/direct-io.c: the caller's pages pinned, bios straight
 * to the device), after writing back the cached range (and dropping it
 * after a write) so the two views stay coherent; like Linux it wants the
 * position, length and buffers aligned to the logical block size.
 *
 * Locking: none of its own; the block_device is pinned by the open file.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/mm.h>
#include <linux/gfp.h>
#include <linux/uio.h>
#include <linux/pagemap.h>
#include <linux/buffer_head.h>
#include <linux/writeback.h>
#include <linux/blkdev.h>
#include <linux/direct-io.h>
#include "blk.h"


static struct block_device *file_bdev(struct file *file)
{
	return file->private_data;
}

static ssize_t blkdev_direct_io(struct kiocb *iocb, struct iov_iter *iter);

/* ------------------------------------------------------------ page cache */

/* Block iblock of the device, in units of the bdev inode's block size. */
static int blkdev_get_block(struct inode *inode, sector_t iblock, struct buffer_head *bh,
			    int create)
{
	bh->b_bdev = I_BDEV(inode);
	bh->b_blocknr = iblock;
	set_buffer_mapped(bh);
	return 0;
}

static int blkdev_readpage(struct file *file, struct page *page)
{
	return block_read_full_page(page, blkdev_get_block);
}

static void blkdev_readahead(struct readahead_control *rac)
{
	mpage_readahead(rac, blkdev_get_block);
}

static int blkdev_writepage(struct page *page, struct writeback_control *wbc)
{
	return block_write_full_page(page, blkdev_get_block, wbc);
}

/*
 * Runs of dirty pages go out as large bios (mpage builds one per run of
 * contiguous blocks; on a block device every run is contiguous), instead
 * of one bio per buffer for the elevator to merge back together.
 */
static int blkdev_writepages(struct address_space *mapping, struct writeback_control *wbc)
{
	return mpage_writepages(mapping, wbc, blkdev_get_block);
}

static int blkdev_write_begin(struct file *file, struct address_space *mapping, loff_t pos,
			      unsigned int len, unsigned int flags, struct page **pagep,
			      void **fsdata)
{
	return block_write_begin(mapping, pos, len, flags, pagep, blkdev_get_block);
}

static int blkdev_write_end(struct file *file, struct address_space *mapping, loff_t pos,
			    unsigned int len, unsigned int copied, struct page *page,
			    void *fsdata)
{
	return generic_write_end(file, mapping, pos, len, copied, page, fsdata);
}

static bool blkdev_set_page_dirty(struct page *page)
{
	return __set_page_dirty_buffers(page);
}

static bool blkdev_releasepage(struct page *page, gfp_t gfp)
{
	return try_to_free_buffers(page);
}

static const struct address_space_operations def_blk_aops = {
	.readpage = blkdev_readpage,
	.readahead = blkdev_readahead,
	.writepage = blkdev_writepage,
	.writepages = blkdev_writepages,
	.write_begin = blkdev_write_begin,
	.write_end = blkdev_write_end,
	.set_page_dirty = blkdev_set_page_dirty,
	.invalidatepage = block_invalidatepage,
	.releasepage = blkdev_releasepage,
	.direct_IO = blkdev_direct_io,
};

void bdev_set_aops(struct inode *inode)
{
	inode->i_data.a_ops = &def_blk_aops;
}

/**
 * sync_blockdev() - write back a block device's page cache and wait
 * @bdev: the device
 *
 * Writes the dirty buffered data and metadata blocks cached for @bdev and
 * waits for them.  It does not flush the device's own write cache (see
 * blkdev_issue_flush()).
 *
 * Context: process context; may sleep.  No page locks or spinlocks held.
 * Return: 0, or a writeback error (see filemap_write_and_wait()).
 */
int sync_blockdev(struct block_device *bdev)
{
	struct address_space *mapping = bdev->bd_inode->i_mapping;

	if (!mapping->nrpages)
		return 0;
	return filemap_write_and_wait(mapping);
}

void kill_bdev(struct block_device *bdev)
{
	truncate_inode_pages(bdev->bd_inode->i_mapping, 0);
}

/**
 * invalidate_bdev() - drop the unused clean pages of a block device's cache
 * @bdev: the device
 *
 * invalidate_mapping_pages() over the whole device: dirty, locked, mapped
 * or otherwise busy pages stay.
 *
 * Context: process context; may sleep (cond_resched()).
 */
void invalidate_bdev(struct block_device *bdev)
{
	struct address_space *mapping = bdev->bd_inode->i_mapping;

	if (mapping->nrpages)
		invalidate_mapping_pages(mapping, 0, -1);
}

/* ------------------------------------------------------------ direct I/O */

/* Dirty cached pages over [pos, pos+len) go to disk before direct I/O there. */
static int blkdev_sync_cached(struct block_device *bdev, loff_t pos, size_t len)
{
	struct address_space *mapping = bdev->bd_inode->i_mapping;
	int err;

	if (!mapping->nrpages)
		return 0;
	err = filemap_fdatawrite_range(mapping, pos, pos + len - 1);
	if (!err)
		err = filemap_fdatawait_range(mapping, pos, pos + len - 1);
	return err;
}

static void blkdev_drop_cached(struct block_device *bdev, loff_t pos, size_t len)
{
	struct address_space *mapping = bdev->bd_inode->i_mapping;

	if (mapping->nrpages)
		invalidate_inode_pages2_range(mapping, pos >> PAGE_SHIFT,
					      (pos + len - 1) >> PAGE_SHIFT);
}

/* ------------------------------------------------------------ file operations */

/*
 * O_DIRECT: straight to the device, coherent with what the cache holds.
 * As in Linux, the position, the length and the user buffers must be
 * aligned to the logical block size (EINVAL otherwise).
 */
static ssize_t blkdev_direct_io(struct kiocb *iocb, struct iov_iter *iter)
{
	struct block_device *bdev = file_bdev(iocb->ki_filp);
	bool write = iov_iter_rw(iter) == WRITE;
	size_t count = iov_iter_count(iter);
	ssize_t ret;

	if ((iocb->ki_pos | iov_iter_alignment(iter)) & (bdev_logical_block_size(bdev) - 1))
		return -EINVAL;

	ret = blkdev_sync_cached(bdev, iocb->ki_pos, count);
	if (ret)
		return ret;
	/* The device maps onto itself: the generic engine, the user's pages pinned. */
	ret = __blockdev_direct_IO(iocb, bdev->bd_inode, bdev, iter, blkdev_get_block);
	if (ret > 0) {
		/* Cached copies of what was just written are stale now. */
		if (write)
			blkdev_drop_cached(bdev, iocb->ki_pos, ret);
		iocb->ki_pos += ret;
	}
	return ret;
}

static ssize_t blkdev_read_iter(struct kiocb *iocb, struct iov_iter *to)
{
	struct block_device *bdev = file_bdev(iocb->ki_filp);
	loff_t size = bdev_nr_bytes(bdev);
	size_t shorted = 0;
	ssize_t ret;

	if (iocb->ki_pos >= size || !iov_iter_count(to))
		return 0;
	if (iov_iter_count(to) > size - iocb->ki_pos) {
		shorted = iov_iter_count(to) - (size - iocb->ki_pos);
		iov_iter_truncate(to, size - iocb->ki_pos);
	}
	if (iocb->ki_filp->f_flags & O_DIRECT)
		ret = blkdev_direct_io(iocb, to);
	else
		ret = generic_file_read_iter(iocb, to);
	iov_iter_reexpand(to, iov_iter_count(to) + shorted);
	return ret;
}

static ssize_t blkdev_write_iter(struct kiocb *iocb, struct iov_iter *from)
{
	struct file *file = iocb->ki_filp;
	struct block_device *bdev = file_bdev(file);
	loff_t size = bdev_nr_bytes(bdev);
	size_t shorted = 0;
	struct blk_plug plug;
	ssize_t ret;

	if (bdev_read_only(bdev))
		return -EPERM;
	/* An active swap device is written by swap I/O only (mm/page_io.c). */
	if (IS_SWAPFILE(bdev->bd_inode))
		return -ETXTBSY;
	if (!iov_iter_count(from))
		return 0;
	if (iocb->ki_pos >= size)
		return -ENOSPC;
	if (iov_iter_count(from) > size - iocb->ki_pos) {
		shorted = iov_iter_count(from) - (size - iocb->ki_pos);
		iov_iter_truncate(from, size - iocb->ki_pos);
	}
	/*
	 * No i_rwsem, as in Linux: the device size is fixed and concurrent
	 * writers of one device file are serialised by the page locks.
	 */
	blk_start_plug(&plug);
	if (file->f_flags & O_DIRECT)
		ret = blkdev_direct_io(iocb, from);
	else
		ret = __generic_file_write_iter(iocb, from);
	if (ret > 0)
		ret = generic_write_sync(iocb, ret);
	blk_finish_plug(&plug);
	iov_iter_reexpand(from, iov_iter_count(from) + shorted);
	return ret;
}

static loff_t blkdev_llseek(struct file *file, loff_t offset, int whence)
{
	loff_t size = bdev_nr_bytes(file_bdev(file));

	return generic_file_llseek_size(file, offset, whence, size, size);
}

static int blkdev_fsync(struct file *file, loff_t start, loff_t end, int datasync)
{
	struct block_device *bdev = file_bdev(file);
	int err = sync_blockdev(bdev);
	int ferr = blkdev_issue_flush(bdev);

	return err ? err : ferr;
}

/* The open mode; FMODE_EXCL is kept in f_mode (open(2) clears O_EXCL afterwards). */
static fmode_t file_to_blk_mode(struct file *file)
{
	return file->f_mode & (FMODE_READ | FMODE_WRITE | FMODE_EXCL);
}

static int blkdev_open(struct inode *inode, struct file *file)
{
	struct block_device *bdev;
	fmode_t mode;
	int err;

	if (file->f_flags & O_EXCL)
		file->f_mode |= FMODE_EXCL;
	mode = file_to_blk_mode(file);
	bdev = bdev_find_by_dev(inode->i_rdev);

	if (!bdev)
		return -ENXIO;
	if ((mode & FMODE_WRITE) && bdev_read_only(bdev)) {
		put_device(&bdev->bd_device);
		return -EROFS;
	}
	err = bdev_open(bdev, mode, (mode & FMODE_EXCL) ? file : NULL);
	if (err) {
		put_device(&bdev->bd_device);
		return err;
	}
	file->private_data = bdev;
	/* I/O goes to the device's page cache, not the device node's. */
	file->f_mapping = bdev->bd_inode->i_mapping;
	file->f_wb_err = errseq_sample(&file->f_mapping->wb_err);
	file_ra_state_init(&file->f_ra, file->f_mapping);
	return 0;
}

static int blkdev_release(struct inode *inode, struct file *file)
{
	blkdev_put(file_bdev(file), file_to_blk_mode(file));
	return 0;
}

static long blkdev_unlocked_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	return blkdev_ioctl_bdev(file_bdev(file), file_to_blk_mode(file), cmd, arg);
}

const struct file_operations def_blk_fops = {
	.open = blkdev_open,
	.release = blkdev_release,
	.llseek = blkdev_llseek,
	.read_iter = blkdev_read_iter,
	.write_iter = blkdev_write_iter,
	.fsync = blkdev_fsync,
	.unlocked_ioctl = blkdev_unlocked_ioctl,
};
