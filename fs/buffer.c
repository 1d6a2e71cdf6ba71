// SPDX-License-Identifier: GPL-2.0-only
/*
 * Buffer heads: a page-cache page seen as blocks of the file system's
 * block size (<linux/buffer_head.h>).  This file has the buffers
 * themselves - allocation, attaching them to pages, the block device's
 * buffer cache (__getblk/__bread), buffer I/O and dirtying, the
 * per-inode lists of associated metadata buffers for fsync, and freeing
 * buffers when reclaim or truncation drops their page.  The page-level
 * address-space helpers built on them are in fs/buffer_aops.c.
 *
 * A page's buffers form a ring through b_this_page, headed at
 * page->private (PG_private set; the ring holds a page reference).  They
 * are attached with the page locked and mapping->private_lock held, and
 * detached by try_to_free_buffers() under the same two, so a lookup that
 * holds private_lock (__find_get_block) can walk a page's ring safely.
 *
 * Locking:
 *   BH_Lock (lock_buffer): one I/O at a time on a buffer; held from
 *	submission to completion.  Waiters sleep on hashed bit queues.
 *   b_count: references; a referenced buffer is not freed.
 *   mapping->private_lock of the *block device's* mapping: the rings of
 *	its pages and every inode's list of associated buffers
 *	(inode mapping->private_list, b_assoc_buffers, b_assoc_map).
 *   Completion of a page's async reads or writes runs in interrupt
 *	context; the buffers of one page finish under a hashed irq-safe
 *	spinlock so exactly one completion sees the page done.
 * Order: page lock -> private_lock -> i_pages_lock.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/log2.h>
#include <linux/jiffies.h>
#include <linux/wait_bit.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/pagemap.h>
#include <linux/writeback.h>
#include <linux/backing-dev.h>
#include <linux/blkdev.h>
#include <linux/bio.h>
#include <linux/buffer_head.h>
#include "buffer_internal.h"

static struct kmem_cache *bh_cachep;

/* ------------------------------------------------------------ buffer heads */

static struct buffer_head *alloc_buffer_head(gfp_t gfp)
{
	struct buffer_head *bh = kmem_cache_alloc(bh_cachep, gfp);

	if (bh) {
		memset(bh, 0, sizeof(*bh));
		INIT_LIST_HEAD(&bh->b_assoc_buffers);
	}
	return bh;
}

static void free_buffer_head(struct buffer_head *bh)
{
	WARN_ON(!list_empty(&bh->b_assoc_buffers));
	kmem_cache_free(bh_cachep, bh);
}

/*
 * Buffers of size for page, linked through b_this_page (not yet a ring),
 * in offset order.  With retry the allocation waits for memory instead
 * of failing (writeback must be able to make progress).
 */
struct buffer_head *alloc_page_buffers(struct page *page, unsigned long size, bool retry)
{
	struct buffer_head *bh, *head;
	long offset;

	for (;;) {
		head = NULL;
		for (offset = PAGE_SIZE - size; offset >= 0; offset -= size) {
			bh = alloc_buffer_head(GFP_NOFS);
			if (!bh)
				goto no_mem;
			bh->b_this_page = head;
			bh->b_page = page;
			bh->b_size = size;
			bh->b_data = (char *)page_address(page) + offset;
			head = bh;
		}
		return head;
no_mem:
		while (head) {
			bh = head;
			head = head->b_this_page;
			free_buffer_head(bh);
		}
		if (!retry)
			return NULL;
		/* Let reclaim (which may free other buffers) make room. */
		schedule_timeout_uninterruptible(1);
	}
}

static inline void set_page_private(struct page *page, unsigned long private)
{
	page->private = private;
}

static void attach_page_buffers(struct page *page, struct buffer_head *head)
{
	get_page(page);
	set_page_private(page, (unsigned long)head);
	SetPagePrivate(page);
}

static void detach_page_buffers(struct page *page)
{
	ClearPagePrivate(page);
	set_page_private(page, 0);
	put_page(page);
}

void create_empty_buffers(struct page *page, unsigned long blocksize, unsigned long b_state)
{
	struct buffer_head *head, *bh, *tail = NULL;
	struct address_space *mapping = page->mapping;

	head = alloc_page_buffers(page, blocksize, true);
	for (bh = head; bh; bh = bh->b_this_page) {
		bh->b_state |= b_state;
		tail = bh;
	}
	tail->b_this_page = head;

	if (mapping)
		spin_lock(&mapping->private_lock);
	if (PageUptodate(page) || PageDirty(page)) {
		bh = head;
		do {
			if (PageDirty(page))
				set_buffer_dirty(bh);
			if (PageUptodate(page))
				set_buffer_uptodate(bh);
			bh = bh->b_this_page;
		} while (bh != head);
	}
	attach_page_buffers(page, head);
	if (mapping)
		spin_unlock(&mapping->private_lock);
}

/* ------------------------------------------------------------ locking and I/O */

int trylock_buffer(struct buffer_head *bh)
{
	return !test_and_set_bit_lock(BH_Lock, &bh->b_state);
}

void lock_buffer(struct buffer_head *bh)
{
	might_sleep();
	wait_on_bit_lock(&bh->b_state, BH_Lock, TASK_UNINTERRUPTIBLE);
}

void unlock_buffer(struct buffer_head *bh)
{
	clear_and_wake_up_bit(BH_Lock, &bh->b_state);
}

void wait_on_buffer(struct buffer_head *bh)
{
	might_sleep();
	if (buffer_locked(bh))
		wait_on_bit(&bh->b_state, BH_Lock, TASK_UNINTERRUPTIBLE);
}

/*
 * A failing disk fails every block: report at most IO_ERR_BURST errors
 * per IO_ERR_INTERVAL (may run in interrupt context; races only blur the
 * count).
 */
#define IO_ERR_BURST	10
#define IO_ERR_INTERVAL	(5 * HZ)

static void buffer_io_error(struct buffer_head *bh, const char *what)
{
	static unsigned long window_start;
	static unsigned int printed;

	if (time_after(jiffies, READ_ONCE(window_start) + IO_ERR_INTERVAL)) {
		WRITE_ONCE(window_start, jiffies);
		WRITE_ONCE(printed, 0);
	}
	if (READ_ONCE(printed) >= IO_ERR_BURST)
		return;
	WRITE_ONCE(printed, printed + 1);
	pr_err("Buffer I/O error on dev %u:%u, logical block %llu%s\n",
	       bh->b_bdev ? MAJOR(bh->b_bdev->bd_dev) : 0,
	       bh->b_bdev ? MINOR(bh->b_bdev->bd_dev) : 0,
	       (unsigned long long)bh->b_blocknr, what);
}

void mark_buffer_write_io_error(struct buffer_head *bh)
{
	set_buffer_write_io_error(bh);
	/* The data's file and, for metadata, the inode it belongs to. */
	if (bh->b_page && bh->b_page->mapping)
		mapping_set_error(bh->b_page->mapping, -EIO);
	if (bh->b_assoc_map)
		mapping_set_error(bh->b_assoc_map, -EIO);
}

void end_buffer_read_sync(struct buffer_head *bh, int uptodate)
{
	if (uptodate)
		set_buffer_uptodate(bh);
	else
		clear_buffer_uptodate(bh);
	unlock_buffer(bh);
	put_bh(bh);
}

void end_buffer_write_sync(struct buffer_head *bh, int uptodate)
{
	if (uptodate) {
		set_buffer_uptodate(bh);
	} else {
		buffer_io_error(bh, ", lost sync page write");
		mark_buffer_write_io_error(bh);
		clear_buffer_uptodate(bh);
	}
	unlock_buffer(bh);
	put_bh(bh);
}

static void end_bio_bh_io_sync(struct bio *bio)
{
	struct buffer_head *bh = bio->bi_private;

	bh->b_end_io(bh, !bio->bi_status);
	bio_put(bio);
}

int submit_bh(blk_opf_t opf, struct buffer_head *bh)
{
	struct bio *bio;

	if (WARN_ON_ONCE(!buffer_locked(bh) || !buffer_mapped(bh) || !bh->b_end_io || !bh->b_bdev))
		return -EIO;
	/* A new write clears an old write error; it will say again if it fails. */
	if (test_set_buffer_req(bh) && op_is_write(opf))
		clear_buffer_write_io_error(bh);
	if (buffer_meta(bh))
		opf |= REQ_META;

	bio = bio_alloc(bh->b_bdev, 1, opf, GFP_NOIO);
	bio->bi_iter.bi_sector = bh->b_blocknr * (bh->b_size >> SECTOR_SHIFT);
	bio->bi_end_io = end_bio_bh_io_sync;
	bio->bi_private = bh;
	if (bio_add_page(bio, bh->b_page, bh->b_size, bh_offset(bh)) != (int)bh->b_size) {
		/* Cannot happen for one block within a page. */
		bio_put(bio);
		return -EIO;
	}
	submit_bio(bio);
	return 0;
}

void ll_rw_block(blk_opf_t opf, int nr, struct buffer_head *bhs[])
{
	int i;

	for (i = 0; i < nr; i++) {
		struct buffer_head *bh = bhs[i];

		if (!trylock_buffer(bh))
			continue;	/* I/O already running: the caller waits on it */
		if (op_is_write(opf)) {
			if (test_clear_buffer_dirty(bh)) {
				bh->b_end_io = end_buffer_write_sync;
				get_bh(bh);
				submit_bh(opf, bh);
				continue;
			}
		} else if (!buffer_uptodate(bh)) {
			bh->b_end_io = end_buffer_read_sync;
			get_bh(bh);
			submit_bh(opf, bh);
			continue;
		}
		unlock_buffer(bh);
	}
}

int bh_read(struct buffer_head *bh, blk_opf_t op_flags)
{
	if (buffer_uptodate(bh))
		return 0;
	lock_buffer(bh);
	if (buffer_uptodate(bh)) {
		unlock_buffer(bh);
		return 0;
	}
	get_bh(bh);
	bh->b_end_io = end_buffer_read_sync;
	submit_bh(REQ_OP_READ | op_flags, bh);
	wait_on_buffer(bh);
	return buffer_uptodate(bh) ? 0 : -EIO;
}

/* Start writing bh if dirty (the buffer lock serialises writers). */
static void write_dirty_buffer(struct buffer_head *bh, blk_opf_t op_flags)
{
	lock_buffer(bh);
	if (!test_clear_buffer_dirty(bh)) {
		unlock_buffer(bh);
		return;
	}
	bh->b_end_io = end_buffer_write_sync;
	get_bh(bh);
	submit_bh(REQ_OP_WRITE | op_flags, bh);
}

int __sync_dirty_buffer(struct buffer_head *bh, blk_opf_t op_flags)
{
	WARN_ON(atomic_read(&bh->b_count) < 1);
	lock_buffer(bh);
	if (!test_clear_buffer_dirty(bh)) {
		unlock_buffer(bh);
		return 0;
	}
	/* A buffer whose device went away (discard_buffer) cannot be written. */
	if (!buffer_mapped(bh)) {
		unlock_buffer(bh);
		return -EIO;
	}
	get_bh(bh);
	bh->b_end_io = end_buffer_write_sync;
	submit_bh(REQ_OP_WRITE | op_flags, bh);
	wait_on_buffer(bh);
	if (!buffer_uptodate(bh))
		return -EIO;
	return 0;
}

int sync_dirty_buffer(struct buffer_head *bh)
{
	return __sync_dirty_buffer(bh, REQ_SYNC);
}

/* ------------------------------------------------------------ async page I/O completion */

/*
 * The buffers of one page complete independently, often on different
 * CPUs; the last one to finish ends the page's read or writeback.  A
 * small table of irq-safe locks hashed by page serialises that check.
 */
#define BH_PAGE_LOCKS	64
static spinlock_t bh_page_locks[BH_PAGE_LOCKS];

static spinlock_t *bh_page_lock(struct page *page)
{
	return &bh_page_locks[((unsigned long)page / sizeof(struct page)) % BH_PAGE_LOCKS];
}

static void end_buffer_async_read(struct buffer_head *bh, int uptodate)
{
	struct page *page = bh->b_page;
	spinlock_t *lock = bh_page_lock(page);
	struct buffer_head *tmp;
	unsigned long flags;
	bool page_uptodate = true;

	if (uptodate) {
		set_buffer_uptodate(bh);
	} else {
		clear_buffer_uptodate(bh);
		buffer_io_error(bh, ", async page read");
		SetPageError(page);
	}

	spin_lock_irqsave(lock, flags);
	clear_buffer_async_read(bh);
	unlock_buffer(bh);
	tmp = bh;
	do {
		if (!buffer_uptodate(tmp))
			page_uptodate = false;
		if (buffer_async_read(tmp)) {
			spin_unlock_irqrestore(lock, flags);
			return;		/* another buffer will finish the page */
		}
		tmp = tmp->b_this_page;
	} while (tmp != bh);
	spin_unlock_irqrestore(lock, flags);

	if (page_uptodate && !PageError(page))
		SetPageUptodate(page);
	unlock_page(page);
}

static void end_buffer_async_write(struct buffer_head *bh, int uptodate)
{
	struct page *page = bh->b_page;
	spinlock_t *lock = bh_page_lock(page);
	struct buffer_head *tmp;
	unsigned long flags;

	if (uptodate) {
		set_buffer_uptodate(bh);
	} else {
		buffer_io_error(bh, ", lost async page write");
		mark_buffer_write_io_error(bh);
		clear_buffer_uptodate(bh);
		SetPageError(page);
	}

	spin_lock_irqsave(lock, flags);
	clear_buffer_async_write(bh);
	unlock_buffer(bh);
	for (tmp = bh->b_this_page; tmp != bh; tmp = tmp->b_this_page) {
		if (buffer_async_write(tmp)) {
			spin_unlock_irqrestore(lock, flags);
			return;
		}
	}
	spin_unlock_irqrestore(lock, flags);
	end_page_writeback(page);
}

void mark_buffer_async_read(struct buffer_head *bh)
{
	bh->b_end_io = end_buffer_async_read;
	set_buffer_async_read(bh);
}

void mark_buffer_async_write(struct buffer_head *bh)
{
	bh->b_end_io = end_buffer_async_write;
	set_buffer_async_write(bh);
}

/* ------------------------------------------------------------ dirtying */

void mark_buffer_dirty(struct buffer_head *bh)
{
	WARN_ON_ONCE(!buffer_uptodate(bh));

	/* Already dirty: the common case for a metadata block, no atomics. */
	if (buffer_dirty(bh)) {
		smp_mb();
		if (buffer_dirty(bh))
			return;
	}
	if (!test_set_buffer_dirty(bh)) {
		struct page *page = bh->b_page;
		struct address_space *mapping = NULL;

		if (!TestSetPageDirty(page)) {
			mapping = READ_ONCE(page->mapping);
			if (mapping)
				__set_page_dirty(page, mapping);
		}
		if (mapping)
			__mark_inode_dirty(mapping->host, I_DIRTY_PAGES);
	}
}

int __set_page_dirty_buffers(struct page *page)
{
	struct address_space *mapping = READ_ONCE(page->mapping);
	bool newly_dirty;

	if (!mapping)
		return !TestSetPageDirty(page);

	/*
	 * Under private_lock the ring cannot be detached; dirtying all its
	 * buffers first means writeback that sees PG_dirty sees them too.
	 */
	spin_lock(&mapping->private_lock);
	if (page_has_buffers(page)) {
		struct buffer_head *head = page_buffers(page), *bh = head;

		do {
			set_buffer_dirty(bh);
			bh = bh->b_this_page;
		} while (bh != head);
	}
	newly_dirty = !TestSetPageDirty(page);
	spin_unlock(&mapping->private_lock);

	if (newly_dirty) {
		__set_page_dirty(page, mapping);
		__mark_inode_dirty(mapping->host, I_DIRTY_PAGES);
	}
	return newly_dirty;
}

/* ------------------------------------------------------------ associated buffers (fsync) */

static void __remove_assoc_queue(struct buffer_head *bh)
{
	list_del_init(&bh->b_assoc_buffers);
	WARN_ON(!bh->b_assoc_map);
	bh->b_assoc_map = NULL;
}

void mark_buffer_dirty_inode(struct buffer_head *bh, struct inode *inode)
{
	struct address_space *mapping = inode->i_mapping;
	struct address_space *buffer_mapping = bh->b_page->mapping;

	mark_buffer_dirty(bh);
	/*
	 * The inode remembers which mapping's private_lock guards its list
	 * (the block device's): mapping->private_data.
	 */
	if (!mapping->private_data)
		mapping->private_data = buffer_mapping;
	else if (WARN_ON(mapping->private_data != buffer_mapping))
		return;
	if (!bh->b_assoc_map) {
		spin_lock(&buffer_mapping->private_lock);
		list_move_tail(&bh->b_assoc_buffers, &mapping->private_list);
		bh->b_assoc_map = mapping;
		spin_unlock(&buffer_mapping->private_lock);
	}
}

/*
 * Write every dirty buffer on list and wait for it (and for those already
 * under I/O).  Buffers dirtied again meanwhile stay listed for the next
 * fsync.  Returns 0 or -EIO.
 */
static int fsync_buffers_list(spinlock_t *lock, struct list_head *list)
{
	struct address_space *mapping;
	struct buffer_head *bh;
	LIST_HEAD(tmp);
	int err = 0;

	spin_lock(lock);
	while (!list_empty(list)) {
		bh = list_first_entry(list, struct buffer_head, b_assoc_buffers);
		mapping = bh->b_assoc_map;
		__remove_assoc_queue(bh);
		if (!buffer_dirty(bh) && !buffer_locked(bh))
			continue;
		list_add(&bh->b_assoc_buffers, &tmp);
		bh->b_assoc_map = mapping;
		if (buffer_dirty(bh)) {
			get_bh(bh);
			spin_unlock(lock);
			write_dirty_buffer(bh, REQ_SYNC);
			brelse(bh);
			spin_lock(lock);
		}
	}
	while (!list_empty(&tmp)) {
		bh = list_last_entry(&tmp, struct buffer_head, b_assoc_buffers);
		get_bh(bh);
		mapping = bh->b_assoc_map;
		__remove_assoc_queue(bh);
		if (buffer_dirty(bh)) {
			list_add(&bh->b_assoc_buffers, &mapping->private_list);
			bh->b_assoc_map = mapping;
		}
		spin_unlock(lock);
		wait_on_buffer(bh);
		if (!buffer_uptodate(bh) || buffer_write_io_error(bh))
			err = -EIO;
		brelse(bh);
		spin_lock(lock);
	}
	spin_unlock(lock);
	return err;
}

int sync_mapping_buffers(struct address_space *mapping)
{
	struct address_space *buffer_mapping = mapping->private_data;

	if (!buffer_mapping || list_empty(&mapping->private_list))
		return 0;
	return fsync_buffers_list(&buffer_mapping->private_lock, &mapping->private_list);
}

void invalidate_inode_buffers(struct inode *inode)
{
	struct address_space *mapping = &inode->i_data;
	struct address_space *buffer_mapping = mapping->private_data;

	if (!buffer_mapping || list_empty(&mapping->private_list))
		return;
	spin_lock(&buffer_mapping->private_lock);
	while (!list_empty(&mapping->private_list))
		__remove_assoc_queue(list_first_entry(&mapping->private_list,
						      struct buffer_head, b_assoc_buffers));
	spin_unlock(&buffer_mapping->private_lock);
}

/* ------------------------------------------------------------ the block device's buffer cache */

static struct buffer_head *find_block_in_page(struct address_space *mapping, struct page *page,
					      sector_t block, unsigned int size)
{
	struct buffer_head *head, *bh, *ret = NULL;

	spin_lock(&mapping->private_lock);
	if (!page_has_buffers(page))
		goto out;
	head = page_buffers(page);
	bh = head;
	do {
		if (buffer_mapped(bh) && bh->b_blocknr == block && bh->b_size == size) {
			get_bh(bh);
			ret = bh;
			break;
		}
		bh = bh->b_this_page;
	} while (bh != head);
out:
	spin_unlock(&mapping->private_lock);
	return ret;
}

struct buffer_head *__find_get_block(struct block_device *bdev, sector_t block,
				     unsigned int size)
{
	struct address_space *mapping = bdev->bd_inode->i_mapping;
	unsigned int bits = ilog2(size);
	struct buffer_head *bh;
	struct page *page;

	if (bits > PAGE_SHIFT)
		return NULL;
	page = find_get_page(mapping, (pgoff_t)(block >> (PAGE_SHIFT - bits)));
	if (!page)
		return NULL;
	bh = find_block_in_page(mapping, page, block, size);
	put_page(page);
	return bh;
}

/* Set up a bdev page's buffers starting at block; returns the device's block count. */
static sector_t init_page_buffers(struct page *page, struct block_device *bdev,
				  sector_t block, unsigned int size)
{
	struct buffer_head *head = page_buffers(page), *bh = head;
	sector_t end_block = bdev_nr_bytes(bdev) >> ilog2(size);
	bool uptodate = PageUptodate(page);

	do {
		if (!buffer_mapped(bh)) {
			bh->b_end_io = NULL;
			bh->b_private = NULL;
			bh->b_bdev = bdev;
			bh->b_blocknr = block;
			if (uptodate)
				set_buffer_uptodate(bh);
			/* Blocks past the end of the device stay unmapped: no I/O. */
			if (block < end_block)
				set_buffer_mapped(bh);
		}
		block++;
		bh = bh->b_this_page;
	} while (bh != head);
	return end_block;
}

/*
 * Make sure the bdev page holding block has buffers of size.  Returns 1
 * (look again), -ENXIO past the end of the device, -ENOMEM.
 */
static int grow_buffers(struct block_device *bdev, sector_t block, unsigned int size)
{
	struct address_space *mapping = bdev->bd_inode->i_mapping;
	unsigned int sizebits = PAGE_SHIFT - ilog2(size);
	pgoff_t index = block >> sizebits;
	sector_t first = (sector_t)index << sizebits, end_block;
	struct buffer_head *bh;
	struct page *page;
	int ret;

	/* The page index must not lose bits of block (32-bit pgoff_t). */
	if ((sector_t)index != (block >> sizebits))
		return -EIO;
	page = find_or_create_page(mapping, index,
				   (mapping_gfp_mask(mapping) & ~__GFP_FS) | __GFP_NOWARN);
	if (!page)
		return -ENOMEM;

	if (page_has_buffers(page)) {
		bh = page_buffers(page);
		if (bh->b_size == size)
			goto init;
		/* Buffers of another block size (set_blocksize changed it). */
		if (!try_to_free_buffers(page)) {
			ret = -EBUSY;
			goto out;
		}
	}
	bh = alloc_page_buffers(page, size, true);
	{
		struct buffer_head *tail = bh;

		while (tail->b_this_page)
			tail = tail->b_this_page;
		tail->b_this_page = bh;
	}
	spin_lock(&mapping->private_lock);
	attach_page_buffers(page, bh);
	spin_unlock(&mapping->private_lock);
init:
	spin_lock(&mapping->private_lock);
	end_block = init_page_buffers(page, bdev, first, size);
	spin_unlock(&mapping->private_lock);
	ret = block < end_block ? 1 : -ENXIO;
out:
	unlock_page(page);
	put_page(page);
	return ret;
}

static bool valid_block_size(struct block_device *bdev, unsigned int size)
{
	return size >= SECTOR_SIZE && size <= PAGE_SIZE && is_power_of_2(size) &&
	       size >= bdev_logical_block_size(bdev);
}

struct buffer_head *__getblk(struct block_device *bdev, sector_t block, unsigned int size)
{
	struct buffer_head *bh;
	int ret;

	if (!valid_block_size(bdev, size)) {
		pr_err("getblk: bad block size %u for device %u:%u\n", size,
		       MAJOR(bdev->bd_dev), MINOR(bdev->bd_dev));
		return NULL;
	}
	for (;;) {
		bh = __find_get_block(bdev, block, size);
		if (bh)
			return bh;
		ret = grow_buffers(bdev, block, size);
		if (ret == -EBUSY) {
			/* Someone holds the old-size buffers; wait a little. */
			schedule_timeout_uninterruptible(1);
			continue;
		}
		if (ret < 0)
			return NULL;
	}
}

struct buffer_head *__bread(struct block_device *bdev, sector_t block, unsigned int size)
{
	struct buffer_head *bh = __getblk(bdev, block, size);

	if (bh && bh_read(bh, REQ_META)) {
		brelse(bh);
		return NULL;
	}
	return bh;
}

void __breadahead(struct block_device *bdev, sector_t block, unsigned int size)
{
	struct buffer_head *bh = __getblk(bdev, block, size);

	if (!bh)
		return;
	if (trylock_buffer(bh)) {
		if (buffer_uptodate(bh)) {
			unlock_buffer(bh);
		} else {
			bh->b_end_io = end_buffer_read_sync;
			get_bh(bh);
			submit_bh(REQ_OP_READ | REQ_RAHEAD, bh);
		}
	}
	brelse(bh);
}

void __brelse(struct buffer_head *bh)
{
	if (atomic_read(&bh->b_count)) {
		put_bh(bh);
		return;
	}
	WARN(1, "VFS: brelse: trying to free a free buffer\n");
}

void __bforget(struct buffer_head *bh)
{
	/* The block is being freed: its contents need not reach the disk. */
	clear_buffer_dirty(bh);
	if (bh->b_assoc_map) {
		struct address_space *buffer_mapping = bh->b_page->mapping;

		spin_lock(&buffer_mapping->private_lock);
		if (bh->b_assoc_map)
			__remove_assoc_queue(bh);
		spin_unlock(&buffer_mapping->private_lock);
	}
	__brelse(bh);
}

void clean_bdev_aliases(struct block_device *bdev, sector_t block, sector_t len)
{
	struct address_space *mapping = bdev->bd_inode->i_mapping;
	unsigned int bits = bdev->bd_inode->i_blkbits;
	pgoff_t index = block >> (PAGE_SHIFT - bits);
	pgoff_t end = (block + len - 1) >> (PAGE_SHIFT - bits);
	struct page *pages[16];
	unsigned int n, i;

	/*
	 * A newly allocated block may still be cached under the block
	 * device (it was metadata once): such a stale buffer must not be
	 * written over the new data later.
	 */
	while (index <= end) {
		n = find_get_pages(mapping, index, ARRAY_SIZE(pages), pages);
		if (!n)
			break;
		for (i = 0; i < n; i++) {
			struct page *page = pages[i];
			struct buffer_head *head, *bh;

			index = page->index + 1;
			if (page->index > end || !page_has_buffers(page))
				continue;
			lock_page(page);
			if (page->mapping == mapping && page_has_buffers(page)) {
				head = page_buffers(page);
				bh = head;
				do {
					if (buffer_mapped(bh) && bh->b_blocknr >= block &&
					    bh->b_blocknr < block + len) {
						clear_buffer_dirty(bh);
						wait_on_buffer(bh);
						clear_buffer_req(bh);
					}
					bh = bh->b_this_page;
				} while (bh != head);
			}
			unlock_page(page);
		}
		for (i = 0; i < n; i++)
			put_page(pages[i]);
		if (!index)
			break;
		cond_resched();
	}
}

/* ------------------------------------------------------------ freeing a page's buffers */

static bool buffer_busy(struct buffer_head *bh)
{
	return atomic_read(&bh->b_count) || (bh->b_state & ((1UL << BH_Dirty) | (1UL << BH_Lock)));
}

/* Detach the ring if no buffer is in use; caller holds private_lock if mapped. */
static struct buffer_head *drop_buffers(struct page *page)
{
	struct buffer_head *head = page_buffers(page), *bh = head;

	do {
		if (buffer_busy(bh))
			return NULL;
		bh = bh->b_this_page;
	} while (bh != head);
	do {
		if (bh->b_assoc_map)
			__remove_assoc_queue(bh);
		bh = bh->b_this_page;
	} while (bh != head);
	detach_page_buffers(page);
	return head;
}

int try_to_free_buffers(struct page *page)
{
	struct address_space *mapping = page->mapping;
	struct buffer_head *head, *bh, *next;

	WARN_ON_ONCE(!PageLocked(page));
	if (!page_has_buffers(page))
		return 1;
	if (PageWriteback(page))
		return 0;
	if (!mapping) {
		head = drop_buffers(page);
	} else {
		spin_lock(&mapping->private_lock);
		head = drop_buffers(page);
		/*
		 * Buffers written by hand (sync_dirty_buffer) can leave a
		 * dirty page with only clean buffers: it is clean now.
		 */
		if (head)
			cancel_dirty_page(page);
		spin_unlock(&mapping->private_lock);
	}
	if (!head)
		return 0;
	bh = head;
	do {
		next = bh->b_this_page;
		free_buffer_head(bh);
		bh = next;
	} while (bh != head);
	return 1;
}

/* Forget a buffer's disk mapping and dirtiness (truncate, invalidate). */
void discard_buffer(struct buffer_head *bh)
{
	lock_buffer(bh);
	clear_buffer_dirty(bh);
	bh->b_bdev = NULL;
	bh->b_state &= ~((1UL << BH_Mapped) | (1UL << BH_Req) | (1UL << BH_New) |
			 (1UL << BH_Delay) | (1UL << BH_Unwritten));
	unlock_buffer(bh);
}

static int __init buffer_init_call(void)
{
	buffer_init();
	return 0;
}
core_initcall(buffer_init_call);

void buffer_init(void)
{
	unsigned int i;

	for (i = 0; i < BH_PAGE_LOCKS; i++)
		spin_lock_init(&bh_page_locks[i]);
	bh_cachep = kmem_cache_create("buffer_head", sizeof(struct buffer_head), 0,
				      SLAB_RECLAIM_ACCOUNT | SLAB_PANIC, NULL);
}
