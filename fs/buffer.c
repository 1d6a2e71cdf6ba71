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

	if (!bh)
		return NULL;
	memset(bh, 0, sizeof(*bh));
	INIT_LIST_HEAD(&bh->b_assoc_buffers);
	return bh;
}

static void free_buffer_head(struct buffer_head *bh)
{
	WARN_ON(!list_empty(&bh->b_assoc_buffers));
	kmem_cache_free(bh_cachep, bh);
}

/* Free a NULL-terminated b_this_page chain. */
static void free_buffer_chain(struct buffer_head *chain)
{
	while (chain) {
		struct buffer_head *victim = chain;

		chain = chain->b_this_page;
		free_buffer_head(victim);
	}
}

/*
 * One buffer head per size bytes of page, chained through b_this_page in
 * offset order and NULL-terminated (the caller closes the ring).  Built
 * front to back with a tail pointer.  With retry, a failed allocation
 * waits for memory and starts over instead of failing: writeback must
 * get its buffers to make progress.
 */
struct buffer_head *alloc_page_buffers(struct page *page, unsigned long size, bool retry)
{
	unsigned int count = PAGE_SIZE / size, n;
	char *base = page_address(page);

	for (;;) {
		struct buffer_head *first = NULL, **link = &first;

		for (n = 0; n < count; n++) {
			struct buffer_head *bh = alloc_buffer_head(GFP_NOFS);

			if (!bh)
				break;
			bh->b_page = page;
			bh->b_size = size;
			bh->b_data = base + n * size;
			*link = bh;
			link = &bh->b_this_page;
		}
		if (n == count)
			return first;

		free_buffer_chain(first);
		if (!retry)
			return NULL;
		/* Reclaim, which may free other pages' buffers, gets a turn. */
		schedule_timeout_uninterruptible(1);
	}
}

/* The ring is published through page->private; it holds a page reference. */
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

/* Close a NULL-terminated chain into a ring; returns its head. */
static struct buffer_head *close_buffer_ring(struct buffer_head *first)
{
	struct buffer_head *last = first;

	while (last->b_this_page)
		last = last->b_this_page;
	last->b_this_page = first;
	return first;
}

void create_empty_buffers(struct page *page, unsigned long blocksize, unsigned long b_state)
{
	struct address_space *mapping = page->mapping;
	struct buffer_head *first, *bh;
	unsigned long inherited = 0;

	first = alloc_page_buffers(page, blocksize, true);

	/*
	 * The buffers take over what the page says of its contents.  Read the
	 * page's flags under private_lock: __set_page_dirty_buffers() holds it
	 * too, so a page dirtied meanwhile is either seen here or sees the ring.
	 */
	if (mapping)
		spin_lock(&mapping->private_lock);
	if (PageUptodate(page))
		inherited |= 1UL << BH_Uptodate;
	if (PageDirty(page))
		inherited |= 1UL << BH_Dirty;
	/* Nobody else can see these buffers yet: plain stores are enough. */
	for (bh = first; bh; bh = bh->b_this_page)
		bh->b_state |= b_state | inherited;
	attach_page_buffers(page, close_buffer_ring(first));
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
	pr_err("buffer: %s of block %llu on dev %u:%u failed\n", what,
	       (unsigned long long)bh->b_blocknr,
	       bh->b_bdev ? MAJOR(bh->b_bdev->bd_dev) : 0,
	       bh->b_bdev ? MINOR(bh->b_bdev->bd_dev) : 0);
}

void mark_buffer_write_io_error(struct buffer_head *bh)
{
	struct address_space *data_owner = bh->b_page ? bh->b_page->mapping : NULL;

	set_buffer_write_io_error(bh);
	/* Whoever fsyncs the page's file, or the inode this metadata is for, hears of it. */
	if (data_owner)
		mapping_set_error(data_owner, -EIO);
	if (bh->b_assoc_map)
		mapping_set_error(bh->b_assoc_map, -EIO);
}

/*
 * Record how I/O on bh ended.  Either way the buffer's contents match the
 * disk only on success; a failed write is also reported to the owners of
 * the data.  Returns whether it succeeded.
 */
static bool bh_note_result(struct buffer_head *bh, int uptodate, bool write, const char *what)
{
	if (uptodate) {
		set_buffer_uptodate(bh);
		return true;
	}
	clear_buffer_uptodate(bh);
	if (write)
		mark_buffer_write_io_error(bh);
	if (what)
		buffer_io_error(bh, what);
	return false;
}

/* Completions of buffers submitted one at a time: the submitter holds a reference. */
void end_buffer_read_sync(struct buffer_head *bh, int uptodate)
{
	bh_note_result(bh, uptodate, false, NULL);
	unlock_buffer(bh);
	put_bh(bh);
}

void end_buffer_write_sync(struct buffer_head *bh, int uptodate)
{
	bh_note_result(bh, uptodate, true, "synchronous write");
	unlock_buffer(bh);
	put_bh(bh);
}

static void end_bio_bh_io_sync(struct bio *bio)
{
	struct buffer_head *bh = bio->bi_private;
	int ok = bio->bi_status == BLK_STS_OK;

	bio_put(bio);
	bh->b_end_io(bh, ok);
}

int submit_bh(blk_opf_t opf, struct buffer_head *bh)
{
	unsigned int sectors_per_block = bh->b_size >> SECTOR_SHIFT;
	struct bio *bio;

	if (WARN_ON_ONCE(!buffer_locked(bh) || !buffer_mapped(bh) || !bh->b_end_io || !bh->b_bdev))
		return -EIO;
	/*
	 * BH_Req says the buffer has been to the disk.  A write clears a
	 * write error left from before; if this one fails, it says so again.
	 */
	if (test_set_buffer_req(bh) && op_is_write(opf))
		clear_buffer_write_io_error(bh);
	if (buffer_meta(bh))
		opf |= REQ_META;

	bio = bio_alloc(bh->b_bdev, 1, opf, GFP_NOIO);
	bio->bi_iter.bi_sector = bh->b_blocknr * sectors_per_block;
	if (bio_add_page(bio, bh->b_page, bh->b_size, bh_offset(bh)) != (int)bh->b_size) {
		/* One block inside one page always fits one bio. */
		bio_put(bio);
		return -EIO;
	}
	bio->bi_private = bh;
	bio->bi_end_io = end_bio_bh_io_sync;
	submit_bio(bio);
	return 0;
}

/*
 * Send a locked buffer to the disk on its own; end_buffer_{read,write}_sync
 * unlock it and drop the reference taken here.
 */
static void bh_submit_single(struct buffer_head *bh, blk_opf_t opf)
{
	bh->b_end_io = op_is_write(opf) ? end_buffer_write_sync : end_buffer_read_sync;
	get_bh(bh);
	submit_bh(opf, bh);
}

/*
 * Start I/O on those of bhs that need it - writes of the dirty ones,
 * reads of those not up to date - without waiting.  A buffer locked by
 * someone else is left alone: its I/O is already running and the caller
 * will wait for it with wait_on_buffer().
 */
void ll_rw_block(blk_opf_t opf, int nr, struct buffer_head *bhs[])
{
	bool write = op_is_write(opf);
	int i;

	for (i = 0; i < nr; i++) {
		struct buffer_head *bh = bhs[i];
		bool needed;

		if (!trylock_buffer(bh))
			continue;
		needed = write ? test_clear_buffer_dirty(bh) : !buffer_uptodate(bh);
		if (needed)
			bh_submit_single(bh, opf);
		else
			unlock_buffer(bh);
	}
}

int bh_read(struct buffer_head *bh, blk_opf_t op_flags)
{
	if (!buffer_uptodate(bh)) {
		lock_buffer(bh);
		/* Someone else's read may have finished while we waited. */
		if (!buffer_uptodate(bh)) {
			bh_submit_single(bh, REQ_OP_READ | op_flags);
			wait_on_buffer(bh);
		} else {
			unlock_buffer(bh);
		}
	}
	return buffer_uptodate(bh) ? 0 : -EIO;
}

/*
 * Lock bh and, if it is dirty, start writing it (the lock serialises it
 * with other writers).  Returns 1 when a write went out, 0 when the buffer
 * was clean, -EIO when it is dirty but no longer has a disk block
 * (discard_buffer() ran): its dirtiness is dropped.
 */
static int bh_start_write_if_dirty(struct buffer_head *bh, blk_opf_t op_flags)
{
	lock_buffer(bh);
	if (test_clear_buffer_dirty(bh)) {
		if (buffer_mapped(bh)) {
			bh_submit_single(bh, REQ_OP_WRITE | op_flags);
			return 1;
		}
		unlock_buffer(bh);
		return -EIO;
	}
	unlock_buffer(bh);
	return 0;
}

int __sync_dirty_buffer(struct buffer_head *bh, blk_opf_t op_flags)
{
	int started;

	WARN_ON(atomic_read(&bh->b_count) < 1);
	started = bh_start_write_if_dirty(bh, op_flags);
	if (started <= 0)
		return started;
	wait_on_buffer(bh);
	return buffer_uptodate(bh) ? 0 : -EIO;
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

/*
 * bh's part of an async page read or write (async_bit) is over: drop the
 * bit, unlock the buffer, and count under the page's hashed lock how many
 * of its buffers are still in flight.  Returns true for the last one,
 * which owns the page's completion; *all_valid then says whether every
 * buffer of the page is up to date.
 */
static bool bh_async_part_done(struct buffer_head *bh, unsigned int async_bit, bool *all_valid)
{
	spinlock_t *lock = bh_page_lock(bh->b_page);
	unsigned int in_flight = 0, invalid = 0;
	struct buffer_head *cur;
	unsigned long flags;

	spin_lock_irqsave(lock, flags);
	clear_bit(async_bit, &bh->b_state);
	unlock_buffer(bh);
	for_each_bh_in_ring(cur, bh) {
		in_flight += test_bit(async_bit, &cur->b_state);
		invalid += !buffer_uptodate(cur);
	}
	spin_unlock_irqrestore(lock, flags);

	if (all_valid)
		*all_valid = !invalid;
	return !in_flight;
}

/* A block of a page read by block_read_full_page() has arrived (or failed). */
static void end_buffer_async_read(struct buffer_head *bh, int uptodate)
{
	struct page *page = bh->b_page;
	bool all_valid;

	if (!bh_note_result(bh, uptodate, false, "page read"))
		SetPageError(page);
	if (!bh_async_part_done(bh, BH_Async_Read, &all_valid))
		return;

	/* The last block of the page is in: the page is readable if all are. */
	if (all_valid && !PageError(page))
		SetPageUptodate(page);
	unlock_page(page);
}

static void end_buffer_async_write(struct buffer_head *bh, int uptodate)
{
	struct page *page = bh->b_page;

	if (!bh_note_result(bh, uptodate, true, "page write"))
		SetPageError(page);
	if (bh_async_part_done(bh, BH_Async_Write, NULL))
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

/*
 * Is bh dirty and going to stay so?  A buffer writeback is just cleaning
 * may read as dirty; the barrier orders our stores to the data before the
 * second look, so either writeback sees them or we see the bit cleared
 * and dirty the buffer (and its page) again.
 */
static bool bh_still_dirty(const struct buffer_head *bh)
{
	if (!buffer_dirty(bh))
		return false;
	smp_mb();
	return buffer_dirty(bh);
}

void mark_buffer_dirty(struct buffer_head *bh)
{
	struct page *page = bh->b_page;
	struct address_space *mapping;

	WARN_ON_ONCE(!buffer_uptodate(bh));

	/* Metadata blocks are dirtied over and over: no atomic op then. */
	if (bh_still_dirty(bh) || test_set_buffer_dirty(bh))
		return;
	/* A dirty page is already tagged and its inode already queued. */
	if (TestSetPageDirty(page))
		return;
	mapping = READ_ONCE(page->mapping);
	if (!mapping)
		return;
	__set_page_dirty(page, mapping);
	__mark_inode_dirty(mapping->host, I_DIRTY_PAGES);
}

int __set_page_dirty_buffers(struct page *page)
{
	struct address_space *mapping = READ_ONCE(page->mapping);
	struct buffer_head *bh;
	bool was_clean;

	if (!mapping)
		return !TestSetPageDirty(page);

	/*
	 * The buffers become dirty before the page does, all under
	 * private_lock (the ring cannot go away meanwhile): writeback that
	 * sees PG_dirty finds every buffer dirty too.
	 */
	spin_lock(&mapping->private_lock);
	if (page_has_buffers(page)) {
		for_each_bh_in_ring(bh, page_buffers(page))
			set_buffer_dirty(bh);
	}
	was_clean = !TestSetPageDirty(page);
	spin_unlock(&mapping->private_lock);

	if (!was_clean)
		return 0;
	__set_page_dirty(page, mapping);
	__mark_inode_dirty(mapping->host, I_DIRTY_PAGES);
	return 1;
}

/* ------------------------------------------------------------ associated buffers (fsync) */

/* Off its inode's list; caller holds the block device's private_lock. */
static void __remove_assoc_queue(struct buffer_head *bh)
{
	WARN_ON(!bh->b_assoc_map);
	bh->b_assoc_map = NULL;
	list_del_init(&bh->b_assoc_buffers);
}

void mark_buffer_dirty_inode(struct buffer_head *bh, struct inode *inode)
{
	struct address_space *mapping = inode->i_mapping;
	struct address_space *bdev_mapping = bh->b_page->mapping;

	mark_buffer_dirty(bh);
	/*
	 * mapping->private_data names the mapping whose private_lock guards
	 * the inode's list: the block device's, the same for all its buffers.
	 */
	if (!mapping->private_data)
		mapping->private_data = bdev_mapping;
	else if (WARN_ON(mapping->private_data != bdev_mapping))
		return;
	if (bh->b_assoc_map)
		return;		/* listed already (for this inode or another) */
	spin_lock(&bdev_mapping->private_lock);
	bh->b_assoc_map = mapping;
	list_move_tail(&bh->b_assoc_buffers, &mapping->private_list);
	spin_unlock(&bdev_mapping->private_lock);
}

/*
 * fsync of the buffers on list (an inode's associated metadata), under
 * lock, the private_lock guarding it.  First pass: every buffer that is
 * dirty gets its write started and, with those already under I/O, moves
 * to a local list (still associated, so drop_buffers() can take it off
 * that list too); clean idle buffers leave the list.  Second pass: wait
 * for each; one dirtied again meanwhile goes back on its inode's list
 * for the next fsync.  Returns 0 or -EIO.
 */
static int fsync_buffers_list(spinlock_t *lock, struct list_head *list)
{
	struct buffer_head *bh;
	LIST_HEAD(in_flight);
	int err = 0;

	spin_lock(lock);
	while ((bh = list_first_entry_or_null(list, struct buffer_head, b_assoc_buffers))) {
		bool dirty = buffer_dirty(bh);

		if (!dirty && !buffer_locked(bh)) {
			__remove_assoc_queue(bh);
			continue;
		}
		list_move_tail(&bh->b_assoc_buffers, &in_flight);
		if (!dirty)
			continue;
		get_bh(bh);
		spin_unlock(lock);
		if (bh_start_write_if_dirty(bh, REQ_SYNC) < 0)
			err = -EIO;
		brelse(bh);
		spin_lock(lock);
	}

	while ((bh = list_first_entry_or_null(&in_flight, struct buffer_head, b_assoc_buffers))) {
		struct address_space *owner = bh->b_assoc_map;

		get_bh(bh);
		if (buffer_dirty(bh))
			list_move_tail(&bh->b_assoc_buffers, &owner->private_list);
		else
			__remove_assoc_queue(bh);
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
	struct address_space *bdev_mapping = mapping->private_data;

	if (!bdev_mapping || list_empty(&mapping->private_list))
		return 0;
	return fsync_buffers_list(&bdev_mapping->private_lock, &mapping->private_list);
}

/* The inode is going away: its buffers stay cached, but no longer listed. */
void invalidate_inode_buffers(struct inode *inode)
{
	struct address_space *mapping = &inode->i_data;
	struct address_space *bdev_mapping = mapping->private_data;
	struct buffer_head *bh;

	if (!bdev_mapping || list_empty(&mapping->private_list))
		return;
	spin_lock(&bdev_mapping->private_lock);
	while ((bh = list_first_entry_or_null(&mapping->private_list, struct buffer_head,
					      b_assoc_buffers)))
		__remove_assoc_queue(bh);
	spin_unlock(&bdev_mapping->private_lock);
}

/* ------------------------------------------------------------ the block device's buffer cache */

/*
 * The cache of block device blocks is the device's own page cache: block
 * b of size s lives in page b / (PAGE_SIZE / s), as the buffer at
 * position b % (PAGE_SIZE / s) of that page's ring.
 */
static unsigned int blocks_per_page_shift(unsigned int size)
{
	return PAGE_SHIFT - ilog2(size);
}

struct buffer_head *__find_get_block(struct block_device *bdev, sector_t block,
				     unsigned int size)
{
	struct address_space *mapping = bdev->bd_inode->i_mapping;
	struct buffer_head *bh, *found = NULL;
	struct page *page;

	if (size > PAGE_SIZE)
		return NULL;
	page = find_get_page(mapping, (pgoff_t)(block >> blocks_per_page_shift(size)));
	if (!page)
		return NULL;

	/* private_lock keeps the ring attached while we look at it. */
	spin_lock(&mapping->private_lock);
	if (page_has_buffers(page)) {
		for_each_bh_in_ring(bh, page_buffers(page)) {
			if (bh->b_size != size || bh->b_blocknr != block || !buffer_mapped(bh))
				continue;
			get_bh(bh);
			found = bh;
			break;
		}
	}
	spin_unlock(&mapping->private_lock);
	put_page(page);
	return found;
}

/*
 * Make the page of bdev holding block carry buffers of size, each naming
 * its own block.  Buffers of another size go first, if nobody uses them
 * (set_blocksize() changed the size).  Returns 0 when block's buffer is
 * there to be found, -ENXIO for a block past the end of the device,
 * -EBUSY while old-size buffers are in use, -ENOMEM.
 */
static int grow_buffers(struct block_device *bdev, sector_t block, unsigned int size)
{
	struct address_space *mapping = bdev->bd_inode->i_mapping;
	unsigned int shift = blocks_per_page_shift(size);
	sector_t dev_blocks = bdev_nr_bytes(bdev) >> ilog2(size);
	pgoff_t index = block >> shift;
	sector_t nr = (sector_t)index << shift;
	struct buffer_head *ring, *bh;
	struct page *page;
	bool page_valid;
	int err = 0;

	if (block >= dev_blocks)
		return -ENXIO;
	page = find_or_create_page(mapping, index,
				   (mapping_gfp_mask(mapping) & ~__GFP_FS) | __GFP_NOWARN);
	if (!page)
		return -ENOMEM;

	if (page_has_buffers(page) && page_buffers(page)->b_size != size &&
	    !try_to_free_buffers(page)) {
		err = -EBUSY;
		goto out;
	}
	if (!page_has_buffers(page)) {
		ring = close_buffer_ring(alloc_page_buffers(page, size, true));
		spin_lock(&mapping->private_lock);
		attach_page_buffers(page, ring);
		spin_unlock(&mapping->private_lock);
	}

	/*
	 * Give each unmapped buffer its block; a mapped one keeps its own (it
	 * may be under I/O).  Then make them usable, except those past the
	 * device's end: they stay unmapped, so no I/O is ever sent for them.
	 */
	page_valid = PageUptodate(page);
	spin_lock(&mapping->private_lock);
	for_each_bh_in_ring(bh, page_buffers(page)) {
		sector_t this = nr++;

		if (buffer_mapped(bh))
			continue;
		bh->b_bdev = bdev;
		bh->b_blocknr = this;
		bh->b_end_io = NULL;
		bh->b_private = NULL;
	}
	for_each_bh_in_ring(bh, page_buffers(page)) {
		if (buffer_mapped(bh))
			continue;
		if (page_valid)
			set_buffer_uptodate(bh);
		if (bh->b_blocknr < dev_blocks)
			set_buffer_mapped(bh);
	}
	spin_unlock(&mapping->private_lock);
out:
	unlock_page(page);
	put_page(page);
	return err;
}

struct buffer_head *__getblk(struct block_device *bdev, sector_t block, unsigned int size)
{
	struct buffer_head *bh;

	/* A block is whole sectors, no smaller than the device's, inside one page. */
	if (size < SECTOR_SIZE || size > PAGE_SIZE || !is_power_of_2(size) ||
	    size < bdev_logical_block_size(bdev)) {
		pr_err("buffer: no %u-byte blocks on dev %u:%u\n", size,
		       MAJOR(bdev->bd_dev), MINOR(bdev->bd_dev));
		return NULL;
	}

	/* Look it up; if absent, cache its page and look again. */
	while (!(bh = __find_get_block(bdev, block, size))) {
		int err = grow_buffers(bdev, block, size);

		if (err == -EBUSY)
			schedule_timeout_uninterruptible(1);	/* old buffers still held */
		else if (err)
			return NULL;
	}
	return bh;
}

struct buffer_head *__bread(struct block_device *bdev, sector_t block, unsigned int size)
{
	struct buffer_head *bh = __getblk(bdev, block, size);

	if (!bh || !bh_read(bh, REQ_META))
		return bh;
	brelse(bh);
	return NULL;
}

void __breadahead(struct block_device *bdev, sector_t block, unsigned int size)
{
	struct buffer_head *bh = __getblk(bdev, block, size);

	if (!bh)
		return;
	ll_rw_block(REQ_OP_READ | REQ_RAHEAD, 1, &bh);
	brelse(bh);
}

void __brelse(struct buffer_head *bh)
{
	if (WARN(!atomic_read(&bh->b_count), "buffer: brelse of block %llu, not held\n",
		 (unsigned long long)bh->b_blocknr))
		return;
	put_bh(bh);
}

void __bforget(struct buffer_head *bh)
{
	struct address_space *bdev_mapping = bh->b_page->mapping;

	/* The block is being freed: its contents need not reach the disk. */
	clear_buffer_dirty(bh);
	if (bh->b_assoc_map) {
		spin_lock(&bdev_mapping->private_lock);
		if (bh->b_assoc_map)	/* fsync may have taken it off */
			__remove_assoc_queue(bh);
		spin_unlock(&bdev_mapping->private_lock);
	}
	__brelse(bh);
}

/*
 * Blocks [first, end) of a page of the device's cache were just given to
 * file data: forget any cached copy of what they held before (metadata
 * freed since), so that it is not written over the new data later.  A
 * write of it already running is waited for.
 */
static void forget_stale_blocks(struct page *page, sector_t first, sector_t end)
{
	struct buffer_head *bh;

	for_each_bh_in_ring(bh, page_buffers(page)) {
		if (!buffer_mapped(bh) || bh->b_blocknr < first || bh->b_blocknr >= end)
			continue;
		clear_buffer_dirty(bh);
		wait_on_buffer(bh);
		clear_buffer_req(bh);
	}
}

void clean_bdev_aliases(struct block_device *bdev, sector_t block, sector_t len)
{
	struct address_space *mapping = bdev->bd_inode->i_mapping;
	unsigned int shift = PAGE_SHIFT - bdev->bd_inode->i_blkbits;
	pgoff_t index, last;

	if (!len)
		return;
	last = (block + len - 1) >> shift;
	for (index = block >> shift; index <= last; index++) {
		struct page *page = find_get_page(mapping, index);

		if (!page)
			continue;
		if (page_has_buffers(page)) {
			lock_page(page);
			/* Truncation or reclaim may have dropped it meanwhile. */
			if (page->mapping == mapping && page_has_buffers(page))
				forget_stale_blocks(page, block, block + len);
			unlock_page(page);
		}
		put_page(page);
		cond_resched();
	}
}

/* ------------------------------------------------------------ freeing a page's buffers */

/* In use: referenced, under I/O, or holding data the disk does not have. */
static bool buffer_busy(const struct buffer_head *bh)
{
	return atomic_read(&bh->b_count) > 0 || buffer_dirty(bh) || buffer_locked(bh);
}

/*
 * Take the page's ring off it if no buffer is busy, each buffer off its
 * inode's associated list too; caller holds private_lock if the page is
 * in a mapping.  Returns the buffers as a NULL-terminated chain to free
 * (outside the lock), or NULL when they must stay.
 */
static struct buffer_head *drop_buffers(struct page *page)
{
	struct buffer_head *head = page_buffers(page), *bh, *last = NULL;

	for_each_bh_in_ring(bh, head) {
		if (buffer_busy(bh))
			return NULL;
	}
	for_each_bh_in_ring(bh, head) {
		if (bh->b_assoc_map)
			__remove_assoc_queue(bh);
		last = bh;
	}
	last->b_this_page = NULL;
	detach_page_buffers(page);
	return head;
}

/*
 * Reclaim and truncation free a page's buffers this way.  The page is
 * locked; returns 1 when it has no buffers any more.
 */
int try_to_free_buffers(struct page *page)
{
	struct address_space *mapping = page->mapping;
	struct buffer_head *chain;

	WARN_ON_ONCE(!PageLocked(page));
	if (!page_has_buffers(page))
		return 1;
	if (PageWriteback(page))
		return 0;	/* its buffers are under I/O */

	/* A page in no mapping (being truncated) has no ring lock to take. */
	if (mapping)
		spin_lock(&mapping->private_lock);
	chain = drop_buffers(page);
	/*
	 * Buffers written one by one (sync_dirty_buffer) can leave the page
	 * dirty with every buffer clean: with them gone, it is clean.
	 */
	if (chain && mapping)
		cancel_dirty_page(page);
	if (mapping)
		spin_unlock(&mapping->private_lock);

	if (!chain)
		return 0;
	free_buffer_chain(chain);
	return 1;
}

/* What a buffer forgets with its disk block (truncate, invalidate). */
#define BH_BLOCK_STATE	((1UL << BH_Mapped) | (1UL << BH_Req) | (1UL << BH_New) | \
			 (1UL << BH_Delay) | (1UL << BH_Unwritten) | (1UL << BH_Dirty))

void discard_buffer(struct buffer_head *bh)
{
	/* Under the buffer lock: no I/O may be using the old block. */
	lock_buffer(bh);
	bh->b_state &= ~BH_BLOCK_STATE;
	bh->b_bdev = NULL;
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
