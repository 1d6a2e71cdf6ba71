// SPDX-License-Identifier: GPL-2.0-only
/*
 * Removing pages from the page cache: truncation (the file got shorter,
 * or the inode is going away) and invalidation (drop what is clean and
 * unused: drop_caches, O_DIRECT coherence).
 *
 * Interface (<linux/pagemap.h>): truncate_inode_pages(_range)(),
 * truncate_pagecache(), invalidate_mapping_pages(),
 * invalidate_inode_pages2_range().
 *
 * Truncation throws data away, so it takes every page in the range: it
 * locks the page (so no read or writeback starts on it), waits for
 * writeback already running, lets the file system drop the page's
 * buffers (->invalidatepage), forgets the dirty state and removes the
 * page.  The pages straddling the ends of the range keep the bytes
 * outside it and have the inside zeroed.  Callers keep new pages from
 * appearing in the range: i_size is already lowered (readers stop at
 * EOF) and i_rwsem excludes writers; truncation still loops until a pass
 * finds nothing, so a page a racing reader added is caught.
 *
 * Invalidation only takes what nobody needs: unlocked (trylock), clean,
 * not under writeback, not mapped, buffers releasable, and no reference
 * other than the cache's and ours (__remove_mapping() freezes the count
 * to make sure).
 *
 * truncate_pagecache() first unmaps the pages past the new end from
 * every mapping of the file (unmap_mapping_range(), through i_mmap), so
 * that accesses there raise SIGBUS as on Linux.
 *
 * Locking: the page lock, then mapping->i_pages_lock inside
 * __delete_from_page_cache()/__remove_mapping().
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/pagemap.h>
#include <linux/swap.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/buffer_head.h>
#include "internal.h"

/* Pages looked at per batch. */
#define TRUNCATE_BATCH	16

/*
 * Let the file system drop its state (buffers) for part of a locked
 * page; plain buffer heads when it has no ->invalidatepage.
 */
static void do_invalidatepage(struct page *page, unsigned int offset, unsigned int length)
{
	struct address_space *mapping = page->mapping;

	if (mapping && mapping->a_ops && mapping->a_ops->invalidatepage)
		mapping->a_ops->invalidatepage(page, offset, length);
	else
		block_invalidatepage(page, offset, length);
}

/* Remove a locked page that is in mapping, whatever its state. */
static void truncate_complete_page(struct address_space *mapping, struct page *page)
{
	if (PagePrivate(page))
		do_invalidatepage(page, 0, PAGE_SIZE);
	/* The data goes with the page: forget it was dirty (and uncount it). */
	cancel_dirty_page(page);
	ClearPageMappedToDisk(page);
	ClearPageReferenced(page);
	delete_from_page_cache(page);
}

/* Zero [from, to) of the locked page at index and let buffers forget it. */
static void truncate_partial_page(struct address_space *mapping, pgoff_t index,
				  unsigned int from, unsigned int to)
{
	struct page *page = find_lock_page(mapping, index);

	if (!page)
		return;
	wait_on_page_writeback(page);
	memset((char *)page_address(page) + from, 0, to - from);
	if (PagePrivate(page))
		do_invalidatepage(page, from, to - from);
	unlock_page(page);
	put_page(page);
}

/**
 * truncate_inode_pages_range() - throw away the cached pages of a byte range
 * @mapping: the address space
 * @lstart: first byte to drop
 * @lend: last byte to drop (inclusive), or -1 for "to the end of the file"
 *
 * Pages wholly inside the range are locked, waited for if under
 * writeback, stripped of their buffers (->invalidatepage), made clean
 * without being written and removed from the cache.  A page only partly
 * inside keeps its bytes outside the range and has the inside zeroed (and
 * the buffers covering it invalidated).  The walk repeats until a pass
 * finds nothing, so a page inserted by a racing reader is caught too.
 * Dirty data in the range is lost: that is the point.
 *
 * The caller must keep new pages from being created in the range: i_size
 * already lowered, and i_rwsem held against writers (or the inode being
 * evicted, so that nobody else uses it).
 *
 * Context: process context; may sleep (page locks, writeback waits).  No
 * page locks or spinlocks held.
 */
void truncate_inode_pages_range(struct address_space *mapping, loff_t lstart, loff_t lend)
{
	/* Whole pages [start, end) go; lend == -1 means "to the end of the file". */
	pgoff_t start = DIV_ROUND_UP_ULL(lstart, PAGE_SIZE);
	unsigned int partial_start = lstart & (PAGE_SIZE - 1);
	pgoff_t end = ULONG_MAX;
	unsigned int partial_end = 0;
	struct page *pages[TRUNCATE_BATCH];

	if (lend >= 0) {
		end = (pgoff_t)((lend + 1) >> PAGE_SHIFT);
		partial_end = (lend + 1) & (PAGE_SIZE - 1);
	}
	if (partial_start) {
		pgoff_t index = lstart >> PAGE_SHIFT;
		unsigned int to = PAGE_SIZE;

		/* The range may begin and end inside the same page. */
		if (lend >= 0 && (pgoff_t)(lend >> PAGE_SHIFT) == index) {
			to = partial_end ? partial_end : PAGE_SIZE;
			partial_end = 0;
		}
		truncate_partial_page(mapping, index, partial_start, to);
	}
	if (partial_end && end >= start)
		truncate_partial_page(mapping, end, 0, partial_end);
	if (start >= end)
		return;
	/* Indices that no longer hold data keep no eviction history either. */
	workingset_forget_range(mapping, start, end - 1);

	for (;;) {
		pgoff_t index = start;
		bool found = false;
		unsigned int n;

		while (index < end && READ_ONCE(mapping->nrpages)) {
			bool past_end = false;

			n = find_get_pages(mapping, index, TRUNCATE_BATCH, pages);
			if (!n)
				break;
			for (unsigned int i = 0; i < n; i++) {
				struct page *page = pages[i];
				pgoff_t pi = page->index;

				if (pi >= end || past_end) {
					past_end = true;
					put_page(page);
					continue;
				}
				found = true;
				lock_page(page);
				if (page->mapping == mapping) {
					wait_on_page_writeback(page);
					truncate_complete_page(mapping, page);
				}
				unlock_page(page);
				put_page(page);
				index = pi + 1;
			}
			/* index wrapped: the page at ULONG_MAX was the last possible. */
			if (past_end || !index)
				break;
			cond_resched();
		}
		if (!found)
			break;
	}
}

/**
 * truncate_inode_pages() - throw away the cached pages from an offset on
 * @mapping: the address space
 * @lstart: first byte to drop; the page holding it keeps the bytes before it
 *
 * truncate_inode_pages_range() to the end of the file.  Eviction calls it
 * with @lstart 0 to empty the cache of an inode.
 *
 * Context: process context; may sleep.  Same caller rules as
 * truncate_inode_pages_range().
 */
void truncate_inode_pages(struct address_space *mapping, loff_t lstart)
{
	truncate_inode_pages_range(mapping, lstart, -1);
}

/* Unmap, private COWed copies included, every page wholly past newsize. */
static void unmap_pages_past(struct inode *inode, loff_t newsize)
{
	unmap_mapping_range(inode->i_mapping, round_up(newsize, PAGE_SIZE), 0, 1);
}

/**
 * truncate_pagecache() - bring the page cache and mappings in line with a
 *                        smaller i_size
 * @inode: the inode, with i_size already set to @newsize
 * @newsize: the new size in bytes
 *
 * Unmaps, from every mapping of the file (private copy-on-write copies
 * included), the pages lying wholly past @newsize, so that later accesses
 * there fault (and get SIGBUS); truncates the cache from @newsize on,
 * zeroing the tail of the page that holds the new end; then unmaps once
 * more to catch a fault that mapped a page between the two steps.
 *
 * Context: process context; may sleep (takes i_mmap_rwsem for reading,
 * page locks).  The caller holds i_rwsem; no spinlocks.
 */
void truncate_pagecache(struct inode *inode, loff_t newsize)
{
	unmap_pages_past(inode, newsize);
	truncate_inode_pages(inode->i_mapping, newsize);
	unmap_pages_past(inode, newsize);
}

/* ------------------------------------------------------------ invalidation */

/* Can the page's buffers go?  Locked page. */
static bool release_page_private(struct page *page, gfp_t gfp)
{
	return !PagePrivate(page) || try_to_release_page(page, gfp);
}

/*
 * One pass of invalidate_mapping_pages(); *held is set when a page passed
 * every check but its reference count (somebody else's reference).
 */
static unsigned long invalidate_pass(struct address_space *mapping, pgoff_t start,
				     pgoff_t end, bool *held)
{
	struct page *pages[TRUNCATE_BATCH];
	unsigned long count = 0;
	pgoff_t index = start;
	unsigned int n;

	while (index <= end && (n = find_get_pages(mapping, index, TRUNCATE_BATCH, pages))) {
		bool past_end = false;

		for (unsigned int i = 0; i < n; i++) {
			struct page *page = pages[i];
			pgoff_t pi = page->index;

			if (pi > end || past_end) {
				past_end = true;
				put_page(page);
				continue;
			}
			index = pi + 1;
			if (!trylock_page(page)) {
				put_page(page);
				continue;
			}
			/* A tmpfs page (swap-backed) is the only copy of its data. */
			if (page->mapping == mapping && !PageDirty(page) && !PageSwapBacked(page) &&
			    !PageWriteback(page) && !page_mapped(page) &&
			    release_page_private(page, 0)) {
				if (__remove_mapping(mapping, page, 2, false))
					count++;
				else
					*held = true;
			}
			unlock_page(page);
			put_page(page);
		}
		if (past_end || !index)
			break;
		cond_resched();
	}
	return count;
}

/**
 * invalidate_mapping_pages() - drop the unused clean pages of an index range
 * @mapping: the address space
 * @start: first page index
 * @end: last page index (inclusive)
 *
 * Removes each page in [@start, @end] that is, at that moment, unlocked
 * (only a trylock is tried), clean, not under writeback, not mapped,
 * with buffers that can be released, and not referenced by anyone but the
 * cache.  Everything else is left alone: this is a best-effort shrink
 * (drop_caches, after a write-through of O_DIRECT leftovers), never a
 * correctness tool.  An AS_UNEVICTABLE mapping (ramfs) keeps all its
 * pages, and so does tmpfs (its pages are PG_swapbacked: only reclaim
 * takes them, to swap).  This CPU's LRU batch is drained first, so that its pages'
 * extra references do not make them look busy; when a page that could
 * otherwise go was held by a reference nonetheless (it may wait in another
 * CPU's batch: its writer slept in fsync and woke here), every CPU's batch
 * is drained and the range tried once more.
 *
 * Context: process context; may sleep between batches (cond_resched());
 * page locks are only tried.  No spinlocks held.
 * Return: the number of pages removed.
 */
unsigned long invalidate_mapping_pages(struct address_space *mapping, pgoff_t start,
				       pgoff_t end)
{
	bool held = false;
	unsigned long count;

	if (mapping_unevictable(mapping))
		return 0;
	/* Pages in this CPU's LRU batch hold a reference the freeze would trip on. */
	lru_add_drain();
	count = invalidate_pass(mapping, start, end, &held);
	if (held) {
		lru_add_drain_all();
		held = false;
		count += invalidate_pass(mapping, start, end, &held);
	}
	return count;
}

/**
 * invalidate_inode_pages2_range() - drop every cached page of an index range
 * @mapping: the address space
 * @start: first page index
 * @end: last page index (inclusive)
 *
 * Used around O_DIRECT writes, after the range was written back, so that
 * later buffered reads see the device's data.  Each page in the range is
 * locked and waited for if under writeback, then removed.  A page that
 * cannot go is left in place and the call fails: a page dirty again (its
 * data was never written), a page mapped into a process, a page whose
 * buffers cannot be released, or one somebody else holds a reference to.
 * Nothing is written back here.  The LRU batches of all CPUs are drained
 * first.
 *
 * Context: process context; may sleep (lru_add_drain_all(), page locks,
 * writeback waits, buffer release with GFP_KERNEL).  No page locks or
 * spinlocks held.
 * Return: 0 if every page in the range is gone, -EBUSY if one could not
 * be removed (the others still are).
 */
int invalidate_inode_pages2_range(struct address_space *mapping, pgoff_t start, pgoff_t end)
{
	struct page *pages[TRUNCATE_BATCH];
	pgoff_t index = start;
	unsigned int n;
	int ret = 0;

	lru_add_drain_all();
	while (index <= end && (n = find_get_pages(mapping, index, TRUNCATE_BATCH, pages))) {
		bool past_end = false;

		for (unsigned int i = 0; i < n; i++) {
			struct page *page = pages[i];
			pgoff_t pi = page->index;

			if (pi > end || past_end) {
				past_end = true;
				put_page(page);
				continue;
			}
			index = pi + 1;
			lock_page(page);
			if (page->mapping == mapping) {
				wait_on_page_writeback(page);
				/*
				 * A dirty page holds data nobody wrote yet, a
				 * mapped one may be written through its mapping
				 * at any time: neither can go.
				 */
				if (PageDirty(page) || page_mapped(page) ||
				    !release_page_private(page, GFP_KERNEL) ||
				    !__remove_mapping(mapping, page, 2, false))
					ret = -EBUSY;
			}
			unlock_page(page);
			put_page(page);
		}
		if (past_end || !index)
			break;
		cond_resched();
	}
	return ret;
}
