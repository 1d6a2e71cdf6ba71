// SPDX-License-Identifier: GPL-2.0-only
/*
 * Direct I/O for block-based files: data moves between the caller's pages
 * and the device with no page-cache copy (O_DIRECT).
 *
 * Interface:
 *   blockdev_direct_IO(iocb, inode, iter, get_block)
 *       ->direct_IO of a block file system (ext2): the device is
 *       inode->i_sb->s_bdev
 *   __blockdev_direct_IO(iocb, inode, bdev, iter, get_block)
 *       the same for an explicit device (raw block device files)
 * Both return the bytes transferred or -errno, and do not advance
 * iocb->ki_pos (the caller does, as for buffered I/O).
 *
 * Rules (Linux's): the file offset, the length and every user buffer
 * address and length must be aligned to the file system block size or at
 * least to the device's logical block size, else -EINVAL.  Reads stop at
 * i_size (the device reads the logical block holding it whole; the count
 * returned ends at i_size) and read holes as zeros.  Writes allocate
 * through get_block (create = 1); the parts of a newly allocated block the
 * write does not cover are zeroed on disk so stale data never shows;
 * i_size grows once the data is on the device.  Page-cache coherence
 * (writing back and invalidating cached pages over the range) is the
 * caller's job:
 * generic_file_read_iter()/generic_file_write_iter() do it for
 * IOCB_DIRECT.
 *
 * How: the range is mapped extent by extent through get_block (asking
 * for as many blocks as remain, so a file system can return a long
 * contiguous run); each extent's bytes come from iov_iter_get_pages() and
 * go into bios of up to the queue's size, all under one plug; every bio
 * takes a reference on the struct dio, whose last completion wakes the
 * submitter.  Completion runs in interrupt context, so it only files the
 * bio on the dio's done list; the submitter then dirties pages a read
 * filled (file-backed user buffers) and drops the page references.
 *
 * Locking: writers hold i_rwsem (the caller's write path); readers hold
 * nothing.  dio->lock (irq-safe) guards the done list and the error.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/mm.h>
#include <linux/fs.h>
#include <linux/uio.h>
#include <linux/bio.h>
#include <linux/blkdev.h>
#include <linux/buffer_head.h>
#include <linux/pagemap.h>
#include <linux/completion.h>
#include <linux/log2.h>
#include <linux/direct-io.h>
#include <linux/rmap.h>
#include <asm/atomic.h>

/* Pages pinned per iov_iter_get_pages() call. */
#define DIO_PAGES	64

struct dio {
	struct block_device *bdev;
	struct inode *inode;
	bool is_read;
	blk_opf_t opf;
	atomic_t refs;			/* one per bio in flight + the submitter's */
	struct completion done;
	spinlock_t lock;
	struct bio *done_list;		/* completed bios, linked by bi_next */
	int error;			/* first I/O error */
	struct bio *bio;		/* being built */
	sector_t next_sector;		/* where bio's next byte would go */
	struct page *zero_page;		/* for zeroing new blocks' uncovered parts */
};

static void dio_bio_end_io(struct bio *bio)
{
	struct dio *dio = bio->bi_private;
	unsigned long flags;

	spin_lock_irqsave(&dio->lock, flags);
	if (bio->bi_status && !dio->error)
		dio->error = blk_status_to_errno(bio->bi_status);
	bio->bi_next = dio->done_list;
	dio->done_list = bio;
	spin_unlock_irqrestore(&dio->lock, flags);
	if (atomic_dec_and_test(&dio->refs))
		complete(&dio->done);
}

static void dio_submit(struct dio *dio)
{
	struct bio *bio = dio->bio;

	if (!bio)
		return;
	dio->bio = NULL;
	atomic_inc(&dio->refs);
	submit_bio(bio);
}

/* Add a piece of page at sector; starts a new bio when it does not fit. */
static void dio_add_page(struct dio *dio, struct page *page, unsigned int len,
			 unsigned int offset, sector_t sector)
{
	if (dio->bio && (dio->next_sector != sector ||
			 bio_add_page(dio->bio, page, len, offset) != (int)len))
		dio_submit(dio);
	else if (dio->bio)
		goto added;
	dio->bio = bio_alloc(dio->bdev, DIO_PAGES, dio->opf, GFP_KERNEL);
	dio->bio->bi_iter.bi_sector = sector;
	dio->bio->bi_end_io = dio_bio_end_io;
	dio->bio->bi_private = dio;
	/* A fresh bio always takes one segment. */
	bio_add_page(dio->bio, page, len, offset);
added:
	/* The bio holds its own reference on the page until the end. */
	get_page(page);
	dio->next_sector = sector + (len >> SECTOR_SHIFT);
}

/* Write zeros to [start, start + len) bytes of the device (len sector-aligned). */
static void dio_zero_range(struct dio *dio, u64 start, unsigned int len)
{
	while (len) {
		unsigned int n = min_t(unsigned int, len, PAGE_SIZE);

		dio_add_page(dio, dio->zero_page, n, 0, start >> SECTOR_SHIFT);
		start += n;
		len -= n;
	}
}

/*
 * Move bytes [pos, pos + len) of the file, which get_block mapped to the
 * device starting at byte disk_pos, from or to the iterator.
 */
static int dio_transfer(struct dio *dio, struct iov_iter *iter, u64 disk_pos, size_t len)
{
	struct page *pages[DIO_PAGES];

	while (len) {
		size_t start, got, done = 0;
		ssize_t n = iov_iter_get_pages(iter, pages, len, DIO_PAGES, &start);
		unsigned int k = 0;

		if (n <= 0)
			return n ? (int)n : -EFAULT;
		got = n;
		while (done < got) {
			unsigned int piece = min_t(size_t, PAGE_SIZE - start, got - done);

			dio_add_page(dio, pages[k], piece, start, (disk_pos + done) >> SECTOR_SHIFT);
			done += piece;
			start = 0;
			k++;
		}
		/* Drop the pin references; the bios hold their own. */
		for (unsigned int j = 0; j < k; j++)
			put_page(pages[j]);
		iov_iter_advance(iter, got);
		disk_pos += got;
		len -= got;
	}
	return 0;
}

/* After all I/O: dirty pages a read filled, drop references, free bios. */
static void dio_complete_bios(struct dio *dio)
{
	struct bio *bio = dio->done_list;

	dio->done_list = NULL;
	while (bio) {
		struct bio *next = bio->bi_next;
		struct bio_vec *bv;
		int i;

		bio_for_each_segment_all(bv, bio, i) {
			struct page *page = bv->bv_page;

			/*
			 * The device wrote into a user page behind the MMU's
			 * back: a page-cache page (a MAP_SHARED file buffer)
			 * must be written back later.
			 */
			if (dio->is_read && page != dio->zero_page && page->mapping &&
			    !PageAnon(page))
				set_page_dirty_lock(page);
			put_page(page);
		}
		bio_put(bio);
		bio = next;
	}
}

ssize_t __blockdev_direct_IO(struct kiocb *iocb, struct inode *inode,
			     struct block_device *bdev, struct iov_iter *iter,
			     get_block_t *get_block)
{
	unsigned int blkbits = inode->i_blkbits;
	unsigned int blocksize = 1U << blkbits;
	unsigned int lbs = bdev_logical_block_size(bdev);
	loff_t pos = iocb->ki_pos;
	size_t count = iov_iter_count(iter);
	unsigned long align = (unsigned long)pos | count | iov_iter_alignment(iter);
	struct blk_plug plug;
	struct dio *dio;
	loff_t end, size;
	size_t done = 0;
	int err = 0;

	if (align & (blocksize - 1) && align & (lbs - 1))
		return -EINVAL;
	if (!count)
		return 0;

	dio = kzalloc(sizeof(*dio), GFP_KERNEL);
	if (!dio)
		return -ENOMEM;
	dio->bdev = bdev;
	dio->inode = inode;
	dio->is_read = iov_iter_rw(iter) == READ;
	dio->opf = dio->is_read ? REQ_OP_READ : REQ_OP_WRITE | REQ_SYNC | REQ_IDLE;
	atomic_set(&dio->refs, 1);
	init_completion(&dio->done);
	spin_lock_init(&dio->lock);

	size = i_size_read(inode);
	if (dio->is_read) {
		if (pos >= size)
			goto out_free;
		/*
		 * The device moves whole logical blocks: read up to the one
		 * holding i_size, and report only the bytes below i_size.
		 */
		count = min_t(loff_t, count, round_up(size - pos, lbs));
	}
	end = pos + count;

	blk_start_plug(&plug);
	while (pos < end) {
		struct buffer_head map = { 0 };
		sector_t block = pos >> blkbits;
		unsigned int boff = pos & (blocksize - 1);
		u64 want = end - ((loff_t)block << blkbits);
		size_t len;

		/* Ask for every remaining block; get_block may map fewer. */
		map.b_size = round_up(want, blocksize);
		err = get_block(inode, block, &map, dio->is_read ? 0 : 1);
		if (err)
			break;
		/*
		 * A hole is taken one block at a time: a file system may
		 * leave b_size as asked when it maps nothing.
		 */
		if (!buffer_mapped(&map) || !map.b_size || map.b_size > round_up(want, blocksize))
			map.b_size = blocksize;
		len = min_t(u64, map.b_size - boff, end - pos);

		if (!buffer_mapped(&map)) {
			if (!dio->is_read) {
				err = -EIO;	/* create = 1 must map */
				break;
			}
			/* A hole reads as zeros. */
			if (iov_iter_zero(len, iter) != len) {
				err = -EFAULT;
				break;
			}
		} else {
			u64 disk = ((u64)map.b_blocknr << blkbits) + boff;

			if (buffer_new(&map)) {
				u64 first = (u64)map.b_blocknr << blkbits;
				u64 last = first + map.b_size;

				/* Stale cached copies of the new blocks must not be written later. */
				clean_bdev_aliases(bdev, map.b_blocknr, map.b_size >> blkbits);
				if (!dio->zero_page) {
					dio->zero_page = alloc_page(GFP_KERNEL | __GFP_ZERO);
					if (!dio->zero_page) {
						err = -ENOMEM;
						break;
					}
				}
				if (boff)
					dio_zero_range(dio, first, boff);
				/* The tail of the last new block beyond the write. */
				if (disk + len < last && (disk + len) & (blocksize - 1))
					dio_zero_range(dio, disk + len,
						       blocksize - ((disk + len) & (blocksize - 1)));
			}
			err = dio_transfer(dio, iter, disk, len);
			if (err)
				break;
		}
		pos += len;
		done += len;
	}
	dio_submit(dio);
	blk_finish_plug(&plug);

	if (!atomic_dec_and_test(&dio->refs))
		wait_for_completion(&dio->done);
	dio_complete_bios(dio);
	if (!err)
		err = dio->error;

	/* A write that extended the file: the new size once the data is there. */
	if (!dio->is_read && done && iocb->ki_pos + (loff_t)done > i_size_read(inode) && !err) {
		i_size_write(inode, iocb->ki_pos + done);
		mark_inode_dirty(inode);
	}
	if (dio->is_read && iocb->ki_pos + (loff_t)done > size)
		done = size > iocb->ki_pos ? size - iocb->ki_pos : 0;
out_free:
	if (dio->zero_page)
		__free_page(dio->zero_page);
	/*
	 * Running out of space or into a bad user page after some extents
	 * went through is a short transfer; a device error fails the call.
	 */
	if (err && done && !dio->error && (err == -ENOSPC || err == -EFAULT || err == -EDQUOT))
		err = 0;
	kfree(dio);
	if (err)
		return err;
	return done;
}

ssize_t blockdev_direct_IO(struct kiocb *iocb, struct inode *inode, struct iov_iter *iter,
			   get_block_t *get_block)
{
	if (!inode->i_sb->s_bdev)
		return -EINVAL;
	return __blockdev_direct_IO(iocb, inode, inode->i_sb->s_bdev, iter, get_block);
}
