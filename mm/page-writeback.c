// SPDX-License-Identifier: GPL-2.0-only
/*
 * Dirty page accounting and the write-out of a mapping's dirty pages.
 *
 *   set_page_dirty(page)        a page-cache page was modified: PG_dirty,
 *                               the DIRTY tag, NR_FILE_DIRTY, the inode
 *                               on its bdi's dirty list (I_DIRTY_PAGES)
 *   clear_page_dirty_for_io(page)  before ->writepage: PG_dirty off, the
 *                               page's dirty count moves (via
 *                               set_page_writeback) to NR_WRITEBACK
 *   write_cache_pages(mapping, wbc, fn, data)  the dirty pages wbc asks
 *                               for, each locked and handed to fn
 *   do_writepages(mapping, wbc) ->writepages, else ->writepage per page
 *
 * The limits and the throttling of dirtiers are in mm/dirty-throttle.c.
 *
 * Counting.  A page counts as dirty (NR_FILE_DIRTY, NR_ZONE_WRITE_PENDING
 * and its wb's WB_RECLAIMABLE) from the moment set_page_dirty() sets
 * PG_dirty until clear_page_dirty_for_io() or cancel_dirty_page() clears
 * it; as under writeback (NR_WRITEBACK, WB_WRITEBACK) while
 * PG_writeback is set: set_page_writeback()/end_page_writeback()
 * (mm/filemap.c) count NR_WRITEBACK themselves under i_pages_lock and
 * call account_page_writeback_start()/_end() for the wb's counts,
 * NR_WRITTEN and the completion proportions.  Pages of
 * mappings that are never written back (noop bdi: ramfs, tmpfs) get the
 * flag and the tag but are not counted, so they never throttle anyone.
 *
 * Locking.  PG_dirty is an atomic bit: only the thread that flips it
 * adjusts the counters.  The DIRTY tag is set under mapping->i_pages_lock
 * (irq-safe), after re-checking page->mapping, so a page that truncation
 * has just removed is not tagged.  write_cache_pages() takes each page's
 * lock, which keeps it in the mapping while it is written.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/pagemap.h>
#include <linux/rmap.h>
#include <linux/radix-tree.h>
#include <linux/vmstat.h>
#include <linux/fs.h>
#include <linux/backing-dev.h>
#include <linux/writeback.h>
#include <linux/blkdev.h>
#include <linux/errseq.h>

/* ------------------------------------------------------------ accounting */

static struct bdi_writeback *accounted_wb(struct address_space *mapping)
{
	struct backing_dev_info *bdi;

	if (!mapping)
		return NULL;
	bdi = inode_to_bdi(mapping->host);
	if (!(bdi->capabilities & BDI_CAP_WRITEBACK_ACCT))
		return NULL;
	return &bdi->wb;
}

/* PG_dirty just went on for a page of mapping. */
static void account_page_dirtied(struct page *page, struct address_space *mapping)
{
	struct bdi_writeback *wb = accounted_wb(mapping);

	if (!wb)
		return;
	inc_node_page_state(page, NR_FILE_DIRTY);
	inc_zone_page_state(page, NR_ZONE_WRITE_PENDING);
	inc_node_page_state(page, NR_DIRTIED);
	inc_wb_stat(wb, WB_RECLAIMABLE);
	inc_wb_stat(wb, WB_DIRTIED);
	current->nr_dirtied++;	/* the dirtier's throttling budget */
}

/**
 * account_page_cleaned() - uncount a page whose dirty bit went off
 * @page: the page, PG_dirty just cleared by the caller
 * @mapping: the mapping it belongs to (NULL: nothing to do)
 *
 * Takes the page off NR_FILE_DIRTY, NR_ZONE_WRITE_PENDING and its wb's
 * WB_RECLAIMABLE.  Only for mappings whose bdi counts dirty pages
 * (BDI_CAP_WRITEBACK_ACCT); only the thread that cleared the bit may call
 * it, so that each transition is counted once.  Does not touch tags.
 *
 * Context: any context in which the page's mapping is stable; the
 * counters are irq-safe, nothing sleeps.
 */
void account_page_cleaned(struct page *page, struct address_space *mapping)
{
	struct bdi_writeback *wb = accounted_wb(mapping);

	if (!wb)
		return;
	dec_node_page_state(page, NR_FILE_DIRTY);
	dec_zone_page_state(page, NR_ZONE_WRITE_PENDING);
	dec_wb_stat(wb, WB_RECLAIMABLE);
}

/**
 * account_page_writeback_start() - count a page in its wb's WB_WRITEBACK
 * @page: a page on which set_page_writeback() just set PG_writeback
 *
 * Only the bdi's counter: set_page_writeback() counts NR_WRITEBACK
 * itself.  Nothing for a bdi that does not account writeback.
 *
 * Context: any context; per-CPU counters, does not sleep.
 */
void account_page_writeback_start(struct page *page)
{
	struct bdi_writeback *wb = accounted_wb(READ_ONCE(page->mapping));

	if (wb)
		inc_wb_stat(wb, WB_WRITEBACK);
}

/**
 * account_page_writeback_end() - a page's writeback has finished: count it
 * @page: a page still carrying PG_writeback (end_page_writeback() calls this
 *        just before clearing it)
 *
 * Counts NR_WRITTEN and, for an accounting bdi, takes the page off its
 * wb's WB_WRITEBACK and records a completion with wb_writeout_inc().
 *
 * Context: any context, hard interrupts included; does not sleep.
 */
void account_page_writeback_end(struct page *page)
{
	struct bdi_writeback *wb = accounted_wb(READ_ONCE(page->mapping));

	inc_node_page_state(page, NR_WRITTEN);
	if (wb) {
		dec_wb_stat(wb, WB_WRITEBACK);
		wb_writeout_inc(wb);
	}
}

/* ------------------------------------------------------------ the dirty bit */

/**
 * __set_page_dirty() - count and tag a page that has just become dirty
 * @page: a page whose PG_dirty the caller has just set
 * @mapping: the mapping the caller read from page->mapping
 *
 * Under i_pages_lock, and only if the page still belongs to @mapping
 * (truncation removes pages under that lock): counts the page dirty
 * (global, zone and wb counters, and the current task's dirtied count for
 * throttling) and sets the DIRTY tag.  The caller marks the inode dirty
 * (I_DIRTY_PAGES) itself.
 *
 * Context: process context; does not sleep.  Takes mapping->i_pages_lock
 * (irqsave), which must not be held.
 */
void __set_page_dirty(struct page *page, struct address_space *mapping)
{
	unsigned long flags;

	spin_lock_irqsave(&mapping->i_pages_lock, flags);
	/* Truncation removes the page under this lock: check it is still ours. */
	if (page->mapping == mapping) {
		account_page_dirtied(page, mapping);
		radix_tree_tag_set(&mapping->i_pages, page->index, PAGECACHE_TAG_DIRTY);
	}
	spin_unlock_irqrestore(&mapping->i_pages_lock, flags);
}

/**
 * __set_page_dirty_nobuffers() - dirty a page-cache page without touching buffers
 * @page: the page
 *
 * Sets PG_dirty; if this call set it and the page is still in a mapping,
 * counts it dirty, tags it DIRTY under i_pages_lock (unless truncation
 * removed it meanwhile) and marks the inode I_DIRTY_PAGES so that its
 * bdi's flusher will write it.  The default ->set_page_dirty, and what
 * file systems without per-block state use.
 *
 * Context: process context; does not sleep (spinlocks only); not from
 * interrupts.  The caller keeps the page from being truncated.
 * Return: true if this call set PG_dirty, false if it was already set.
 */
bool __set_page_dirty_nobuffers(struct page *page)
{
	struct address_space *mapping;

	if (PageDirty(page) || TestSetPageDirty(page))
		return false;

	mapping = READ_ONCE(page->mapping);
	if (!mapping)
		return true;	/* truncated meanwhile: nothing to tag */
	__set_page_dirty(page, mapping);
	if (mapping->host)
		__mark_inode_dirty(mapping->host, I_DIRTY_PAGES);
	return true;
}

/**
 * set_page_dirty() - mark a page dirty
 * @page: the page; the caller keeps it from being truncated under it
 *        (page lock, or a pte mapping it under the page table lock)
 *
 * A page without a mapping (anonymous, or truncated) just gets PG_dirty.
 * A page-cache page goes to its mapping's ->set_page_dirty when there is
 * one, otherwise to __set_page_dirty_nobuffers().
 *
 * Context: process context; does not sleep by itself (only spinlocks:
 * i_pages_lock, the bdi's list_lock, i_lock), so callable under the page
 * table lock; not from interrupts.  A file system's ->set_page_dirty may
 * have stricter rules.
 * Return: true if this call made the page dirty, false if it already was.
 */
bool set_page_dirty(struct page *page)
{
	/* An anonymous page's ->mapping is a tagged anon_vma, not a file's. */
	struct address_space *mapping = page_file_mapping(page);

	if (!mapping) {
		/* Not in a file's cache (anonymous, or already truncated). */
		return !TestSetPageDirty(page);
	}
	if (mapping->a_ops && mapping->a_ops->set_page_dirty)
		return mapping->a_ops->set_page_dirty(page);
	return __set_page_dirty_nobuffers(page);
}

/**
 * set_page_dirty_lock() - mark a page dirty under its page lock
 * @page: the page; the caller holds a reference but not the page lock
 *
 * For callers that cannot otherwise keep the page stable (e.g. after
 * writing to pages pinned with get_user_pages()): locks the page, calls
 * set_page_dirty() and unlocks it.
 *
 * Context: process context; may sleep (lock_page()).  No spinlocks held.
 * Return: as set_page_dirty().
 */
bool set_page_dirty_lock(struct page *page)
{
	bool ret;

	lock_page(page);
	ret = set_page_dirty(page);
	unlock_page(page);
	return ret;
}

/**
 * clear_page_dirty_for_io() - clear a page's dirty bit before writing it
 * @page: a page-cache page, locked by the caller
 *
 * If the file is mapped, first write-protects the page's ptes in shared
 * mappings (page_mkclean()) and moves their dirty bits to the page, so a
 * store made after this point faults and dirties the page again.  Then
 * clears PG_dirty and uncounts the page as dirty.  The DIRTY tag is left
 * for set_page_writeback() to drop, so a tagged walk racing with this
 * still finds the page.
 *
 * Context: process context; may sleep when the file is mapped (the rmap
 * walk takes i_mmap_rwsem).  The caller holds the page lock.
 * Return: true if the page was dirty (the caller should now write it),
 * false if it was clean.
 */
bool clear_page_dirty_for_io(struct page *page)
{
	/* NULL for an anonymous page on its way to swap: nothing to account. */
	struct address_space *mapping = page_file_mapping(page);

	WARN_ON_ONCE(!PageLocked(page));
	/*
	 * Shared mappings of the page: write-protect their ptes and move their
	 * dirty bits to the page before it is written, so that a store from
	 * now on faults and dirties the page again instead of going unseen.
	 */
	if (mapping && mapping_mapped(mapping) && page_mkclean(page))
		set_page_dirty(page);
	if (!TestClearPageDirty(page))
		return false;
	/*
	 * The DIRTY tag stays until set_page_writeback() takes it off, so a
	 * tagged walk racing with us still finds the page (and waits on its
	 * writeback in integrity mode).
	 */
	if (mapping)
		account_page_cleaned(page, mapping);
	return true;
}

/**
 * cancel_dirty_page() - forget that a page is dirty, without writing it
 * @page: the page, locked by the caller, about to leave the cache
 *
 * For truncation: the data is going away, so the page is made clean,
 * uncounted and, if it is still in its mapping, untagged DIRTY.
 *
 * Context: does not sleep; takes mapping->i_pages_lock (irqsave).  The
 * caller holds the page lock.
 */
void cancel_dirty_page(struct page *page)
{
	struct address_space *mapping = page->mapping;
	unsigned long flags;

	if (!TestClearPageDirty(page))
		return;
	if (!mapping)
		return;
	account_page_cleaned(page, mapping);
	spin_lock_irqsave(&mapping->i_pages_lock, flags);
	if (page->mapping == mapping)
		radix_tree_tag_clear(&mapping->i_pages, page->index, PAGECACHE_TAG_DIRTY);
	spin_unlock_irqrestore(&mapping->i_pages_lock, flags);
}

/**
 * redirty_page_for_writepage() - keep a page dirty that ->writepage skipped
 * @wbc: the writeback control of the pass; its pages_skipped is counted up
 * @page: the page ->writepage was given (locked)
 *
 * For a ->writepage that cannot write the page now.  Only the page is
 * made dirty again (through __set_page_dirty_nobuffers()), not its
 * buffers: marking every buffer dirty would later write blocks that were
 * never read in.  The caller still unlocks the page.
 *
 * Context: process context; does not sleep.  The caller holds the page
 * lock.
 * Return: true if the page was clean and is now dirty, false if it was
 * already dirty again.
 */
bool redirty_page_for_writepage(struct writeback_control *wbc, struct page *page)
{
	wbc->pages_skipped++;
	return __set_page_dirty_nobuffers(page);
}

/**
 * mapping_set_error() - record a writeback error against a mapping
 * @mapping: the address space (NULL is ignored)
 * @error: a negative errno; 0 is ignored
 *
 * Records @error in the mapping's errseq (reported once per open file by
 * fsync) and in its super block's (for syncfs), and sets the legacy
 * AS_ENOSPC or, for any other error, AS_EIO bit for
 * filemap_check_errors().  Called when ->writepage or I/O completion
 * fails.
 *
 * Context: any context, interrupts included; lockless (cmpxchg and
 * atomic bit operations).
 */
void mapping_set_error(struct address_space *mapping, int error)
{
	if (!error || !mapping)
		return;
	errseq_set(&mapping->wb_err, error);
	if (mapping->host && mapping->host->i_sb)
		errseq_set(&mapping->host->i_sb->s_wb_err, error);	/* for syncfs */
	/* The old-style bits, for filemap_check_errors() users. */
	if (error == -ENOSPC)
		set_bit(AS_ENOSPC, &mapping->flags);
	else
		set_bit(AS_EIO, &mapping->flags);
}

/* ------------------------------------------------------------ writing a mapping out */

/* Pages fetched per lookup in write_cache_pages(). */
#define WB_BATCH	16
/* Pages tagged TOWRITE per hold of i_pages_lock. */
#define WB_TAG_BATCH	4096

/**
 * tag_pages_for_writeback() - mark the dirty pages of a range TOWRITE
 * @mapping: the address space
 * @start: first page index
 * @end: last page index (inclusive)
 *
 * Copies the DIRTY tag to TOWRITE for every page in the range, so that an
 * integrity pass can walk exactly the pages that were dirty when it began.
 * Works in batches of 4096 pages per hold of i_pages_lock, rescheduling
 * in between, to keep the interrupts-off time short.
 *
 * Context: process context with interrupts on; may sleep between batches.
 * Takes mapping->i_pages_lock (spin_lock_irq), which must not be held.
 */
void tag_pages_for_writeback(struct address_space *mapping, pgoff_t start, pgoff_t end)
{
	pgoff_t first = start;
	unsigned long tagged;

	/*
	 * TOWRITE marks exactly the pages that were dirty when an integrity
	 * pass began; pages dirtied afterwards do not extend the pass, so a
	 * steady writer cannot livelock fsync or sync.  Batches keep the
	 * irq-off lock hold short.
	 */
	do {
		spin_lock_irq(&mapping->i_pages_lock);
		tagged = radix_tree_range_tag_if_tagged(&mapping->i_pages, &first, end,
							WB_TAG_BATCH, PAGECACHE_TAG_DIRTY,
							PAGECACHE_TAG_TOWRITE);
		spin_unlock_irq(&mapping->i_pages_lock);
		cond_resched();
	} while (tagged >= WB_TAG_BATCH && first != 0 && first <= end);
}

/*
 * One locked page: decide whether it is still ours to write and write it.
 * Returns 1 if it was handed to writepage (which unlocks it), 0 if it was
 * skipped (unlocked here), or writepage's error.
 */
static int write_one_cached_page(struct address_space *mapping, struct page *page,
				 struct writeback_control *wbc, writepage_t writepage,
				 void *data)
{
	int err;

	if (page->mapping != mapping || !PageDirty(page))
		goto skip;	/* truncated, or written by someone else */
	if (PageWriteback(page)) {
		if (wbc->sync_mode == WB_SYNC_NONE)
			goto skip;	/* its newer data goes next time */
		wait_on_page_writeback(page);
	}
	if (!clear_page_dirty_for_io(page))
		goto skip;
	err = writepage(page, wbc, data);
	if (err == AOP_WRITEPAGE_ACTIVATE) {
		/* The file system kept the page locked and dirty on purpose. */
		unlock_page(page);
		return 1;
	}
	return err ? err : 1;
skip:
	unlock_page(page);
	return 0;
}

/*
 * Walk [index, end] writing tagged pages.  Sets *next to where a cyclic
 * pass should resume; returns 0, the first error (integrity passes keep
 * going and report it at the end), or 1 when the walk stopped early
 * (nr_to_write used up or an error in a non-integrity pass).
 */
static int write_cache_range(struct address_space *mapping, struct writeback_control *wbc,
			     writepage_t writepage, void *data, pgoff_t index, pgoff_t end,
			     int tag, pgoff_t *next, int *errp)
{
	struct page *pages[WB_BATCH];
	unsigned int n, i;
	int stop = 0;

	*next = index;
	while (!stop && index <= end) {
		n = find_get_pages_range_tag(mapping, &index, end, tag, WB_BATCH, pages);
		if (!n)
			break;
		for (i = 0; i < n; i++) {
			struct page *page = pages[i];
			int ret;

			if (stop)
				break;
			*next = page->index;
			lock_page(page);
			ret = write_one_cached_page(mapping, page, wbc, writepage, data);
			if (ret < 0) {
				if (!*errp)
					*errp = ret;
				if (wbc->sync_mode == WB_SYNC_NONE) {
					/* Resume after the failed page, not on it forever. */
					*next = page->index + 1;
					stop = 1;
					break;
				}
			}
			if (ret != 0 && --wbc->nr_to_write <= 0 &&
			    wbc->sync_mode == WB_SYNC_NONE) {
				*next = page->index + 1;
				stop = 1;
			}
		}
		for (i = 0; i < n; i++)
			put_page(pages[i]);
		cond_resched();
		if (!index)	/* wrapped past the last possible index */
			break;
	}
	return stop;
}

/**
 * write_cache_pages() - hand a mapping's dirty pages to a writepage callback
 * @mapping: the address space to write
 * @wbc: what to write: the range (or range_cyclic from
 *       mapping->writeback_index), sync_mode, nr_to_write (decremented per
 *       page written), tagged_writepages
 * @writepage: called with each page locked, its dirty bit cleared by
 *             clear_page_dirty_for_io(); it must unlock the page (or return
 *             AOP_WRITEPAGE_ACTIVATE with the page still locked)
 * @data: passed to @writepage
 *
 * Walks the DIRTY-tagged pages of the range in index order.  Integrity
 * passes (WB_SYNC_ALL) and tagged_writepages first tag the dirty pages
 * TOWRITE and walk only those, so pages dirtied during the pass do not
 * prolong it.  Each page is locked and skipped if it was truncated or
 * cleaned meanwhile; a page under writeback is skipped by WB_SYNC_NONE
 * and waited for by WB_SYNC_ALL.  WB_SYNC_NONE stops once nr_to_write is
 * used up or on the first error; WB_SYNC_ALL writes everything and
 * reports the first error at the end.  A cyclic pass wraps round once
 * and records where to resume in mapping->writeback_index.
 *
 * Context: process context; may sleep (page locks, writeback waits, the
 * callback).  No page locks or spinlocks held; the caller keeps the inode
 * alive.
 * Return: 0, or the first negative value @writepage returned.
 */
int write_cache_pages(struct address_space *mapping, struct writeback_control *wbc,
		      writepage_t writepage, void *data)
{
	pgoff_t index, end, next;
	bool whole = false;
	int tag, err = 0, stopped;

	if (wbc->range_cyclic) {
		index = mapping->writeback_index;
		end = ~(pgoff_t)0;
	} else {
		index = wbc->range_start >> PAGE_SHIFT;
		end = wbc->range_end >> PAGE_SHIFT;
		whole = wbc->range_start == 0 && wbc->range_end == LLONG_MAX;
	}
	if (wbc->sync_mode == WB_SYNC_ALL || wbc->tagged_writepages) {
		tag_pages_for_writeback(mapping, index, end);
		tag = PAGECACHE_TAG_TOWRITE;
	} else {
		tag = PAGECACHE_TAG_DIRTY;
	}

	stopped = write_cache_range(mapping, wbc, writepage, data, index, end, tag, &next,
				    &err);
	if (wbc->range_cyclic && !stopped && index > 0) {
		/* Wrap once: the pages before the resume point get their turn. */
		if (tag == PAGECACHE_TAG_TOWRITE)
			tag_pages_for_writeback(mapping, 0, index - 1);
		stopped = write_cache_range(mapping, wbc, writepage, data, 0, index - 1, tag,
					    &next, &err);
	}
	if (wbc->range_cyclic || (whole && wbc->nr_to_write > 0))
		mapping->writeback_index = stopped ? next : 0;
	return err;
}

static int writepage_of_mapping(struct page *page, struct writeback_control *wbc, void *data)
{
	struct address_space *mapping = data;
	int ret = mapping->a_ops->writepage(page, wbc);

	if (ret < 0 && ret != AOP_WRITEPAGE_ACTIVATE)
		mapping_set_error(mapping, ret);
	return ret;
}

/**
 * generic_writepages() - write a mapping's dirty pages through ->writepage
 * @mapping: the address space; nothing is written if it has no ->writepage
 * @wbc: what to write, as for write_cache_pages()
 *
 * write_cache_pages() with the mapping's ->writepage as the callback,
 * under one block plug so that the bios of adjacent pages can merge.  A
 * ->writepage error is also recorded with mapping_set_error().
 *
 * Context: process context; may sleep.  No page locks or spinlocks held.
 * Return: 0, or the first error ->writepage returned.
 */
int generic_writepages(struct address_space *mapping, struct writeback_control *wbc)
{
	struct blk_plug plug;
	int err = 0;

	if (mapping->a_ops->writepage) {
		blk_start_plug(&plug);
		err = write_cache_pages(mapping, wbc, writepage_of_mapping, mapping);
		blk_finish_plug(&plug);
	}
	return err;
}

/**
 * do_writepages() - write back a mapping's dirty pages
 * @mapping: the address space
 * @wbc: what to write; nothing happens if wbc->nr_to_write <= 0
 *
 * Calls the mapping's ->writepages, or generic_writepages() when it only
 * has ->writepage; a mapping with neither (memory file systems) writes
 * nothing.  For WB_SYNC_ALL, -ENOMEM is not final: the call is retried
 * after a short uninterruptible sleep until it gives another answer.
 *
 * Context: process context; may sleep.  No page locks or spinlocks held.
 * Return: 0, or the error of ->writepages/->writepage (never -ENOMEM for
 * WB_SYNC_ALL).
 */
int do_writepages(struct address_space *mapping, struct writeback_control *wbc)
{
	const struct address_space_operations *aops = mapping->a_ops;
	int (*write_pages)(struct address_space *, struct writeback_control *) = NULL;
	int err;

	if (wbc->nr_to_write <= 0 || !aops)
		return 0;
	if (aops->writepages)
		write_pages = aops->writepages;
	else if (aops->writepage)
		write_pages = generic_writepages;
	if (!write_pages)
		return 0;	/* nothing can be written: memory file systems */

	/*
	 * An integrity pass must not give up on a transient shortage of
	 * memory for bios or buffers: wait a little and go on.
	 */
	while ((err = write_pages(mapping, wbc)) == -ENOMEM &&
	       wbc->sync_mode == WB_SYNC_ALL) {
		cond_resched();
		schedule_timeout_uninterruptible(HZ / 50 ? HZ / 50 : 1);
	}
	return err;
}

/**
 * write_one_page() - write a single locked page and wait for it
 * @page: a page-cache page, locked by the caller; its mapping must have
 *        ->writepage
 *
 * Waits for writeback already running on the page, then, if the page is
 * still dirty, writes it with ->writepage (WB_SYNC_ALL) and waits for the
 * write to complete.  A page found clean was written by someone else; only
 * the mapping's recorded errors are reported then.  If ->writepage returns
 * an error or AOP_WRITEPAGE_ACTIVATE, nothing is waited for and that value
 * is returned as it is; with AOP_WRITEPAGE_ACTIVATE the page is left
 * locked (->writepage keeps it locked, and nothing here unlocks it).
 *
 * Context: process context; sleeps.  The caller holds the page lock,
 * which is released here (by ->writepage, or directly for a clean page).
 * Return: 0, ->writepage's error, or the error filemap_check_errors()
 * finds (-EIO, -ENOSPC).
 */
int write_one_page(struct page *page)
{
	struct address_space *mapping = page->mapping;
	struct writeback_control wbc = {
		.sync_mode = WB_SYNC_ALL,
		.nr_to_write = 1,
	};
	int err;

	WARN_ON_ONCE(!PageLocked(page));
	wait_on_page_writeback(page);

	if (!clear_page_dirty_for_io(page)) {
		unlock_page(page);
		return filemap_check_errors(mapping);
	}

	/* ->writepage unlocks; our reference keeps the page for the wait. */
	get_page(page);
	err = mapping->a_ops->writepage(page, &wbc);
	if (!err)
		wait_on_page_writeback(page);
	put_page(page);
	return err ? err : filemap_check_errors(mapping);
}

