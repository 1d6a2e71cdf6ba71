// SPDX-License-Identifier: GPL-2.0-only
/*
 * Block device files: what open(2) of /dev/vda (or any S_IFBLK inode)
 * gets, replacing the ENXIO placeholder of fs/block_dev.c.
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
 * Buffered I/O needs the page cache (mm/filemap.c) and buffer heads
 * (fs/buffer.c).  Until those exist every read and write takes the
 * direct path: synchronous bios through bounce pages, whole logical
 * blocks read-modify-written at the edges.  The page cache of the bdev
 * inode then stays empty, so sync_blockdev() has nothing to write.
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
#include <linux/blkdev.h>
#include "blk.h"

/* Bytes moved per bio round trip on the direct path. */
#define BLKDEV_DIRECT_CHUNK	(16 * PAGE_SIZE)

static struct block_device *file_bdev(struct file *file)
{
	return file->private_data;
}

/* ------------------------------------------------------------ page cache hooks */

void bdev_set_aops(struct inode *inode)
{
	/* No address_space_operations until buffered I/O exists (see above). */
}

int sync_blockdev(struct block_device *bdev)
{
	/* The direct path leaves nothing cached to write back. */
	return 0;
}

void kill_bdev(struct block_device *bdev)
{
	truncate_inode_pages(bdev->bd_inode->i_mapping, 0);
}

void invalidate_bdev(struct block_device *bdev)
{
	kill_bdev(bdev);
}

/* ------------------------------------------------------------ direct I/O */

/* Read or write nbytes at sector from/to the pages, waiting. */
static int bdev_rw_pages(struct block_device *bdev, sector_t sector, struct page **pages,
			 size_t nbytes, blk_opf_t op)
{
	unsigned int i = 0;

	while (nbytes) {
		unsigned int nr = DIV_ROUND_UP(nbytes, PAGE_SIZE);
		struct bio *bio = bio_alloc(bdev, nr, op, GFP_KERNEL);
		unsigned int added = 0;
		int err;

		bio->bi_iter.bi_sector = sector;
		while (nbytes) {
			unsigned int len = min_t(size_t, nbytes, PAGE_SIZE);

			if (bio_add_page(bio, pages[i], len, 0) < len)
				break;
			added += len;
			nbytes -= len;
			i++;
		}
		if (!added) {
			bio_put(bio);
			return -EIO;
		}
		err = submit_bio_wait(bio);
		bio_put(bio);
		if (err)
			return err;
		sector += added >> SECTOR_SHIFT;
	}
	return 0;
}

static ssize_t blkdev_direct_rw(struct block_device *bdev, loff_t pos, struct iov_iter *iter,
				size_t count, bool write)
{
	unsigned int lbs = bdev_logical_block_size(bdev);
	struct page *pages[BLKDEV_DIRECT_CHUNK / PAGE_SIZE] = { NULL };
	size_t done = 0;
	ssize_t ret = 0;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(pages); i++) {
		pages[i] = alloc_page(GFP_KERNEL);
		if (!pages[i]) {
			ret = -ENOMEM;
			goto out;
		}
	}
	while (done < count) {
		loff_t start = round_down(pos, lbs);
		size_t want = min_t(size_t, count - done, BLKDEV_DIRECT_CHUNK - (pos - start));
		size_t span = round_up(pos - start + want, lbs);
		size_t off = pos - start, copied = 0;
		int err;

		if (!write || off || want != span) {
			err = bdev_rw_pages(bdev, start >> SECTOR_SHIFT, pages, span, REQ_OP_READ);
			if (err) {
				ret = err;
				break;
			}
		}
		while (copied < want) {
			struct page *page = pages[(off + copied) / PAGE_SIZE];
			size_t poff = (off + copied) % PAGE_SIZE;
			size_t n = min_t(size_t, want - copied, PAGE_SIZE - poff);
			size_t c = write ? copy_page_from_iter(page, poff, n, iter)
					 : copy_page_to_iter(page, poff, n, iter);

			copied += c;
			if (c < n)
				break;
		}
		if (copied < want) {
			/* A bad user address: a write stores only the full blocks copied. */
			if (write)
				want = 0;
			else
				want = copied;
			ret = -EFAULT;
		}
		if (write && want) {
			err = bdev_rw_pages(bdev, start >> SECTOR_SHIFT, pages, span,
					    REQ_OP_WRITE | REQ_SYNC);
			if (err) {
				ret = err;
				break;
			}
		}
		pos += want;
		done += want;
		if (ret)
			break;
	}
out:
	for (i = 0; i < ARRAY_SIZE(pages); i++)
		if (pages[i])
			__free_page(pages[i]);
	return done ? (ssize_t)done : ret;
}

/* ------------------------------------------------------------ file operations */

static ssize_t blkdev_read_iter(struct kiocb *iocb, struct iov_iter *to)
{
	struct block_device *bdev = file_bdev(iocb->ki_filp);
	loff_t size = bdev_nr_bytes(bdev);
	size_t count = iov_iter_count(to);
	ssize_t ret;

	if (iocb->ki_pos >= size || !count)
		return 0;
	count = min_t(loff_t, count, size - iocb->ki_pos);
	ret = blkdev_direct_rw(bdev, iocb->ki_pos, to, count, false);
	if (ret > 0)
		iocb->ki_pos += ret;
	return ret;
}

static ssize_t blkdev_write_iter(struct kiocb *iocb, struct iov_iter *from)
{
	struct block_device *bdev = file_bdev(iocb->ki_filp);
	loff_t size = bdev_nr_bytes(bdev);
	size_t count = iov_iter_count(from);
	ssize_t ret;

	if (bdev_read_only(bdev))
		return -EPERM;
	if (!count)
		return 0;
	if (iocb->ki_pos >= size)
		return -ENOSPC;
	count = min_t(loff_t, count, size - iocb->ki_pos);
	ret = blkdev_direct_rw(bdev, iocb->ki_pos, from, count, true);
	if (ret > 0)
		iocb->ki_pos += ret;
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

static fmode_t file_to_blk_mode(struct file *file)
{
	fmode_t mode = file->f_mode & (FMODE_READ | FMODE_WRITE);

	if (file->f_flags & O_EXCL)
		mode |= FMODE_EXCL;
	return mode;
}

static int blkdev_open(struct inode *inode, struct file *file)
{
	fmode_t mode = file_to_blk_mode(file);
	struct block_device *bdev = bdev_find_by_dev(inode->i_rdev);
	int err;

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
	file->f_mapping = bdev->bd_inode->i_mapping;
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
