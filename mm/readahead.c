// SPDX-License-Identifier: GPL-2.0-only
/*
 * Read-ahead: reading file pages before they are asked for, so that a
 * sequential reader finds them in the cache and the disk sees few large
 * requests instead of many small ones.
 *
 * Interface (<linux/pagemap.h>): file_ra_state_init() at open,
 * page_cache_sync_readahead() when a read misses the cache,
 * page_cache_async_readahead() when it reaches a page marked
 * PG_readahead, readahead_page() for ->readahead implementations.
 *
 * The window.  file->f_ra describes the last window read ahead:
 * [start, start + size), of which the last async_size pages are "ahead"
 * of the reader; the first of those carries PG_readahead.  A miss starts
 * a new window sized from the request (rounded up to a power of two,
 * then doubled or quadrupled while small) at the missing page; hitting
 * the marker starts the next window right after the current one, each
 * one twice (four times while small) the size of the last, up to
 * ra_pages (the bdi's read_ahead_kb).  The marker's window is read
 * asynchronously: the reader consumes the current window while the next
 * one is in flight.  A miss that does not continue the previous read
 * (ra->prev_pos) is random: only the requested pages are read.  Reads
 * never go past EOF.
 *
 * Reading: the pages of a window are allocated, locked and added to the
 * cache (and the LRU) in runs without holes; each run goes to
 * ->readahead (which takes pages with readahead_page() and unlocks each
 * when its read completes) or page by page to ->readpage.  Pages already
 * cached are skipped.  Allocation failure just ends the window early:
 * read-ahead is a hint.
 *
 * Locking: none of its own.  f_ra is not locked (racing readers of one
 * file only disturb the heuristic, as in Linux); new pages are locked
 * before they enter the cache, so readers wait for the read on the page
 * lock.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/fs.h>
#include <linux/pagemap.h>
#include <linux/backing-dev.h>
#include <linux/blkdev.h>
#include <linux/log2.h>
#include "internal.h"

/**
 * file_ra_state_init() - start a file's read-ahead state afresh
 * @ra: the state to set up (normally &file->f_ra)
 * @mapping: the mapping the file reads; its bdi gives the window limit
 *
 * Takes the maximum window (ra_pages) from the backing device's
 * read_ahead_kb and records that nothing has been read yet (prev_pos -1).
 * The other fields are expected to be zero already.
 *
 * Context: any context; no locks (called from open).
 */
void file_ra_state_init(struct file_ra_state *ra, struct address_space *mapping)
{
	ra->ra_pages = inode_to_bdi(mapping->host)->ra_pages;
	ra->prev_pos = -1;
}

static gfp_t readahead_gfp_mask(struct address_space *mapping)
{
	return mapping_gfp_mask(mapping) | __GFP_NORETRY | __GFP_NOWARN;
}

/**
 * readahead_page() - take the next page of a read-ahead batch
 * @rac: the read-ahead control passed to ->readahead
 *
 * For ->readahead implementations: each call hands over the next page of
 * the run, in index order, consuming it from @rac.  The page is locked and
 * in the cache; the implementation starts its read, unlocks it when the
 * read completes, and drops the reference it was given.  Pages a
 * ->readahead does not take are read by the core through ->readpage.
 *
 * Context: any context; no locks (RCU lookup), does not sleep.
 * Return: the next page, locked and carrying a reference for the caller,
 * or NULL when the batch is used up.
 */
struct page *readahead_page(struct readahead_control *rac)
{
	struct page *page;

	rac->_index += rac->_batch_count;
	rac->_nr_pages -= rac->_batch_count;
	rac->_batch_count = 0;
	if (!rac->_nr_pages)
		return NULL;
	/*
	 * The page is locked and read_pages() holds the reference we hand
	 * over, so it is in the cache at _index and stays there.
	 */
	rcu_read_lock();
	page = radix_tree_lookup(&rac->mapping->i_pages, rac->_index);
	rcu_read_unlock();
	VM_BUG_ON_PAGE(!page || !PageLocked(page) || page->index != rac->_index, page);
	rac->_batch_count = 1;
	return page;
}

/*
 * Start reads for the run of locked pages rac describes, then reset rac
 * to an empty run at the next index.  Each page carries the reference
 * do_page_cache_ra() got from the allocator: ->readahead gets it with
 * readahead_page() and puts it; otherwise we put it after ->readpage.
 */
static void read_pages(struct readahead_control *rac)
{
	const struct address_space_operations *aops = rac->mapping->a_ops;
	struct page *page;

	if (!readahead_count(rac))
		goto out;
	if (aops->readahead)
		aops->readahead(rac);
	/* What ->readahead left (or everything): one page at a time. */
	while ((page = readahead_page(rac))) {
		if (aops->readpage)
			aops->readpage(rac->file, page);
		else
			unlock_page(page);
		put_page(page);
	}
out:
	rac->_index += rac->_nr_pages + rac->_batch_count;
	rac->_nr_pages = 0;
	rac->_batch_count = 0;
}

/*
 * Read [index, index + nr_to_read), skipping cached pages, marking the
 * page lookahead_size from the end PG_readahead.  Clamped to EOF.
 */
static void do_page_cache_ra(struct address_space *mapping, struct file *file,
			     pgoff_t index, unsigned long nr_to_read,
			     unsigned long lookahead_size)
{
	struct inode *inode = mapping->host;
	loff_t isize = i_size_read(inode);
	gfp_t gfp = readahead_gfp_mask(mapping);
	struct readahead_control rac = {
		.file = file,
		.mapping = mapping,
		._index = index,
	};
	struct blk_plug plug;
	pgoff_t end_index;
	unsigned long i;

	if (!isize || !nr_to_read)
		return;
	if (!mapping->a_ops || (!mapping->a_ops->readpage && !mapping->a_ops->readahead))
		return;
	end_index = (isize - 1) >> PAGE_SHIFT;
	if (index > end_index)
		return;
	if (nr_to_read > end_index - index + 1)
		nr_to_read = end_index - index + 1;

	/* Let the block layer merge the window's bios before they go out. */
	blk_start_plug(&plug);
	for (i = 0; i < nr_to_read; i++) {
		struct page *page;

		rcu_read_lock();
		page = radix_tree_lookup(&mapping->i_pages, index + i);
		rcu_read_unlock();
		if (page) {
			/* Cached already: end the run here. */
			read_pages(&rac);
			rac._index = index + i + 1;
			continue;
		}
		page = alloc_page(gfp);
		if (!page)
			break;
		if (i == nr_to_read - lookahead_size)
			SetPageReadahead(page);
		if (add_to_page_cache_lru(page, mapping, index + i, gfp)) {
			ClearPageReadahead(page);
			put_page(page);
			read_pages(&rac);
			rac._index = index + i + 1;
			continue;
		}
		rac._nr_pages++;
	}
	read_pages(&rac);
	blk_finish_plug(&plug);
}

/*
 * Window sizes grow geometrically.  The first window is the request
 * rounded up to a power of two, times four while that is at most 1/32 of
 * max, times two while at most 1/4 of max, never more than max.
 */
static unsigned long ra_first_size(unsigned long req, unsigned long max)
{
	unsigned long size = roundup_pow_of_two(req);
	unsigned int shift = 0;

	if (size <= max / 4)
		shift = size <= max / 32 ? 2 : 1;
	return min(size << shift, max);
}

/*
 * Each following window is four times the last while that is under 1/16
 * of max, twice the last up to half of max, and max from then on.
 */
static unsigned long ra_next_size(unsigned long cur, unsigned long max)
{
	if (cur > max / 2)
		return max;
	return cur < max / 16 ? cur * 4 : cur * 2;
}

/* How a read-ahead call relates to the window recorded in f_ra. */
enum ra_case {
	RA_RANDOM,	/* not part of a sequential stream: just the request */
	RA_FRESH,	/* a stream starts (or restarts) at the request */
	RA_FOLLOW,	/* the reader reached the window's marker or its end */
	RA_FOREIGN,	/* a marker f_ra does not describe */
};

static enum ra_case ra_classify(const struct file_ra_state *ra, bool hit_marker,
				pgoff_t index, unsigned long req_size)
{
	pgoff_t window_end = ra->start + ra->size;
	pgoff_t last_read;

	/* Reading from the start of the file counts as sequential. */
	if (index == 0)
		return RA_FRESH;
	if (index == window_end || index == window_end - ra->async_size)
		return RA_FOLLOW;
	if (hit_marker)
		return RA_FOREIGN;
	/* A request bigger than the window is a stream by itself. */
	if (req_size > ra->ra_pages)
		return RA_FRESH;
	/* prev_pos -1 (nothing read yet) makes this huge: not adjacent. */
	last_read = (pgoff_t)((unsigned long long)ra->prev_pos >> PAGE_SHIFT);
	return index - last_read <= 1 ? RA_FRESH : RA_RANDOM;
}

static void ra_set_window(struct file_ra_state *ra, pgoff_t start,
			  unsigned long size, unsigned long ahead)
{
	ra->start = start;
	ra->size = size;
	ra->async_size = ahead;
}

/*
 * Decide the window for a read-ahead call and read it.  hit_marker says
 * the call comes from a PG_readahead page (asynchronous), else from a
 * cache miss (synchronous).  req_size is what the reader still wants.
 */
static void ondemand_readahead(struct address_space *mapping, struct file_ra_state *ra,
			       struct file *file, bool hit_marker, pgoff_t index,
			       unsigned long req_size)
{
	unsigned long max = ra->ra_pages;
	unsigned long size, more;
	pgoff_t hole;

	req_size = max(req_size, 1UL);

	switch (ra_classify(ra, hit_marker, index, req_size)) {
	case RA_RANDOM:
		do_page_cache_ra(mapping, file, index, req_size, 0);
		return;
	case RA_FOLLOW:
		/* The next window starts where this one ends, all ahead. */
		size = ra_next_size(ra->size, max);
		ra_set_window(ra, ra->start + ra->size, size, size);
		break;
	case RA_FOREIGN:
		/*
		 * Another reader moved f_ra.  Pick the stream up after the
		 * pages already cached beyond the marker, sized as if the
		 * cached run had been our last window; a run longer than max
		 * means the stream is well served already.
		 */
		hole = page_cache_next_miss(mapping, index + 1);
		if (!hole || hole - index > max)
			return;
		size = ra_next_size(hole - index + req_size, max);
		ra_set_window(ra, hole, size, size);
		break;
	case RA_FRESH:
		/* The request is read now; the rest of the window is ahead. */
		size = ra_first_size(req_size, max);
		ra_set_window(ra, index, size,
			      size > req_size ? size - req_size : size);
		break;
	}

	/*
	 * A synchronous miss on the first page of a window that is entirely
	 * ahead would leave the marker on the page being read now.  Append
	 * the following window (when both fit in max) and put the marker at
	 * its start, so the reader meets it while there is still data.
	 */
	if (!hit_marker && index == ra->start && ra->size == ra->async_size) {
		more = ra_next_size(ra->size, max);
		if (ra->size + more <= max)
			ra_set_window(ra, ra->start, ra->size + more, more);
	}
	do_page_cache_ra(mapping, file, ra->start, ra->size, ra->async_size);
}

/**
 * page_cache_sync_readahead() - read-ahead after a cache miss
 * @mapping: the address space being read
 * @ra: the file's read-ahead state (unlocked; races only disturb the
 *      heuristic)
 * @file: the file, passed on to ->readahead/->readpage
 * @index: index of the page that missed
 * @req_count: pages the reader still wants from @index on
 *
 * Decides a window (a new sequential stream, the next window of one, or
 * just the request for a random read) and starts reading the pages of it
 * that are not cached, inserted locked; the first page of the window's
 * part that lies ahead of the reader gets PG_readahead, so that reaching
 * it triggers page_cache_async_readahead().  With read-ahead off (ra_pages 0) only
 * the requested pages are read.  Reads stop at EOF; allocation failure
 * just shortens the window.  Nothing is waited for: readers wait on the
 * page lock.
 *
 * Context: process context; may sleep (page allocation with the mapping's
 * gfp mask, I/O submission).  No page locks or spinlocks held.
 */
void page_cache_sync_readahead(struct address_space *mapping, struct file_ra_state *ra,
			       struct file *file, pgoff_t index, unsigned long req_count)
{
	/* Read-ahead switched off (read_ahead_kb 0): just the pages asked for. */
	if (!ra->ra_pages) {
		do_page_cache_ra(mapping, file, index, req_count, 0);
		return;
	}
	ondemand_readahead(mapping, ra, file, false, index, req_count);
}

/**
 * page_cache_async_readahead() - read-ahead on reaching a marked page
 * @mapping: the address space being read
 * @ra: the file's read-ahead state
 * @file: the file, passed on to ->readahead/->readpage
 * @page: the cached page carrying PG_readahead
 * @index: index of @page
 * @req_count: pages the reader still wants from @index on
 *
 * Clears the marker and starts reading the next window while the reader
 * works through the current one.  Does nothing with read-ahead off, or
 * when @page is under writeback (PG_readahead is then PG_reclaim, not a
 * marker).
 *
 * Context: process context; may sleep (page allocation, I/O submission).
 * The caller holds a reference on @page but not its lock.
 */
void page_cache_async_readahead(struct address_space *mapping, struct file_ra_state *ra,
				struct file *file, struct page *page, pgoff_t index,
				unsigned long req_count)
{
	if (!ra->ra_pages)
		return;
	/* PG_readahead is PG_reclaim on a page under writeback: not ours. */
	if (PageWriteback(page))
		return;
	ClearPageReadahead(page);
	ondemand_readahead(mapping, ra, file, true, index, req_count);
}

/* Faults that missed the cache, net of hits, beyond which mmap reads no more around. */
#define MMAP_LOTSAMISS	100

/*
 * A page fault missed the cache: read a window of ra_pages around the
 * faulting page (mappings are often walked backwards or sparsely, so
 * the window is centred, not ahead), with the marker a quarter from its
 * end.  A mapping that keeps missing is random: one page at a time.
 */
void page_cache_ra_around(struct address_space *mapping, struct file_ra_state *ra,
			  struct file *file, pgoff_t index)
{
	unsigned long ra_pages = ra->ra_pages;

	if (!ra_pages || ra->mmap_miss > MMAP_LOTSAMISS) {
		do_page_cache_ra(mapping, file, index, 1, 0);
		return;
	}
	ra->start = index > ra_pages / 2 ? index - ra_pages / 2 : 0;
	ra->size = ra_pages;
	ra->async_size = ra_pages / 4;
	do_page_cache_ra(mapping, file, ra->start, ra->size, ra->async_size);
}
