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

void file_ra_state_init(struct file_ra_state *ra, struct address_space *mapping)
{
	ra->ra_pages = inode_to_bdi(mapping->host)->ra_pages;
	ra->prev_pos = -1;
}

static gfp_t readahead_gfp_mask(struct address_space *mapping)
{
	return mapping_gfp_mask(mapping) | __GFP_NORETRY | __GFP_NOWARN;
}

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
 * The first window for a request of size pages: the request rounded up
 * to a power of two, quadrupled if tiny, doubled if small.
 */
static unsigned long get_init_ra_size(unsigned long size, unsigned long max)
{
	unsigned long newsize = roundup_pow_of_two(size);

	if (newsize <= max / 32)
		newsize *= 4;
	else if (newsize <= max / 4)
		newsize *= 2;
	return min(newsize, max);
}

/* The window after one of ra->size pages. */
static unsigned long get_next_ra_size(struct file_ra_state *ra, unsigned long max)
{
	unsigned long cur = ra->size;

	if (cur < max / 16)
		return 4 * cur;
	if (cur <= max / 2)
		return 2 * cur;
	return max;
}

static void ondemand_readahead(struct address_space *mapping, struct file_ra_state *ra,
			       struct file *file, bool hit_marker, pgoff_t index,
			       unsigned long req_size)
{
	unsigned long max = ra->ra_pages;
	pgoff_t expected = ra->start + ra->size - ra->async_size;
	pgoff_t prev_index;

	if (!req_size)
		req_size = 1;
	if (!index)
		goto initial;

	/* The reader reached the marker (or the end) of the current window. */
	if (index == expected || index == ra->start + ra->size) {
		ra->start += ra->size;
		ra->size = get_next_ra_size(ra, max);
		ra->async_size = ra->size;
		goto readit;
	}

	/*
	 * A marker that is not ours (another reader of the file moved
	 * f_ra): continue after the cached pages that follow it.
	 */
	if (hit_marker) {
		pgoff_t start = page_cache_next_miss(mapping, index + 1);

		if (!start || start - index > max)
			return;
		ra->start = start;
		ra->size = start - index + req_size;
		ra->size = get_next_ra_size(ra, max);
		ra->async_size = ra->size;
		goto readit;
	}

	/* A big request is sequential in itself. */
	if (req_size > max)
		goto initial;

	/* Continues where the last read() stopped: sequential. */
	prev_index = (pgoff_t)((unsigned long long)ra->prev_pos >> PAGE_SHIFT);
	if (index - prev_index <= 1)
		goto initial;

	/* Random: read what was asked for, no window. */
	do_page_cache_ra(mapping, file, index, req_size, 0);
	return;

initial:
	ra->start = index;
	ra->size = get_init_ra_size(req_size, max);
	ra->async_size = ra->size > req_size ? ra->size - req_size : ra->size;
readit:
	/*
	 * A miss at the start of a window that is all "ahead": read the
	 * next window now as well, so the marker lands in the second one
	 * and the reader does not stall at the first's end.
	 */
	if (!hit_marker && index == ra->start && ra->size == ra->async_size) {
		unsigned long add = get_next_ra_size(ra, max);

		if (ra->size + add <= max) {
			ra->async_size = add;
			ra->size += add;
		}
	}
	do_page_cache_ra(mapping, file, ra->start, ra->size, ra->async_size);
}

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
