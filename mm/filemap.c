// SPDX-License-Identifier: GPL-2.0-only
/*
 * The page cache: each file's pages in a radix tree of its address_space,
 * indexed by page offset (<linux/pagemap.h>).
 *
 * Interface: find_get_page() and the gang lookups, pagecache_get_page()
 * (find_lock_page(), find_or_create_page(), grab_cache_page_write_begin()),
 * add_to_page_cache(_lru)(), delete_from_page_cache(), read_cache_page(),
 * the page lock (lock_page()/unlock_page()) and the writeback bit
 * (set_page_writeback()/end_page_writeback()/wait_on_page_writeback()).
 * filemap_fdatawrite()/filemap_fdatawait_range() and the fsync error
 * reporting (file_write_and_wait_range()) are here too.  The generic
 * read and write paths are in mm/filemap_rw.c, truncation in
 * mm/truncate.c, read-ahead in mm/readahead.c.
 *
 * Locking.
 *   mapping->i_pages_lock (irq-safe: tags change from I/O completion)
 *	serialises every change to i_pages (insert, delete, tags) and
 *	nrpages.  Lookups do not take it.
 *   The page lock (PG_locked) keeps page->mapping and page->index stable
 *	and serialises reading a page in, truncating it and starting its
 *	writeback.  Waiters sleep on hashed wait queues (wait_on_bit_lock()
 *	on page->flags), so struct page carries no wait queue.
 *   PG_writeback is held from set_page_writeback() to
 *	end_page_writeback(); truncation and fsync wait for it to clear.
 *
 * Lockless lookup (find_get_page() and the gang lookups; see also
 * Documentation/mm/pagecache.md):
 *
 *	rcu_read_lock();
 *   again:
 *	page = radix_tree_lookup(&mapping->i_pages, index);
 *	if (page) {
 *		if (!get_page_unless_zero(page))	// being freed
 *			goto again;
 *		if (page != radix_tree_lookup(&mapping->i_pages, index)) {
 *			put_page(page);			// moved or reused
 *			goto again;
 *		}
 *	}
 *	rcu_read_unlock();
 *
 * RCU keeps the tree's nodes alive while the reader walks them
 * (lib/radix-tree.c frees them after a grace period).  It does not keep
 * the page: struct pages are never freed (<linux/mm_types.h>), but a
 * page can be removed from the cache, freed and reused for anything
 * between the reader's load of the slot and its get_page_unless_zero().
 * The reference is therefore speculative until the second load shows
 * the same page still in the slot.  The rules that make this sound:
 *
 *   1. Insertion sets page->mapping, page->index and the page's flags
 *	(PG_locked for a page about to be read) and takes the cache's
 *	reference before radix_tree_insert() publishes the pointer with a
 *	release store.  A reader that loads the pointer therefore sees an
 *	initialised page.
 *   2. get_page_unless_zero() is a locked RMW, a full barrier on x86: the
 *	re-load of the slot cannot be satisfied before the reference is
 *	taken.  It fails on a free page (count 0), so a page on its way
 *	back to the allocator is never pinned.
 *   3. Removal stores NULL in the slot (under i_pages_lock) before it
 *	drops the cache's reference.  If the order were reversed, the page
 *	could be freed and reused while the slot still pointed at it, and a
 *	reader could pin the reused page and find it "still" in the slot.
 *	With this order, any reader that pins the page after the slot was
 *	cleared sees the change on its re-load and lets go.
 *   4. A reader that will use page->mapping or page->index after sleeping
 *	(lock_page()) re-checks them under the page lock: truncation may
 *	have removed the page in between.
 * A gang lookup is not an atomic snapshot of the file: each page it
 * returns was in its slot at some moment during the call.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/mm.h>
#include <linux/pagemap.h>
#include <linux/radix-tree.h>
#include <linux/rcupdate.h>
#include <linux/wait_bit.h>
#include <linux/swap.h>
#include <linux/rmap.h>
#include <linux/vmstat.h>
#include <linux/stat.h>
#include <linux/backing-dev.h>
#include <linux/writeback.h>
#include <linux/errseq.h>
#include "internal.h"

/* Pages of block-device mappings in the cache (/proc/meminfo Buffers). */
static atomic_long_t nr_bdev_pages;

/**
 * nr_blockdev_pages() - count the cached pages of block-device inodes
 *
 * The count is kept by add_to_page_cache() and __delete_from_page_cache()
 * for mappings whose host is a block device inode; /proc/meminfo shows it
 * as "Buffers".
 *
 * Context: any context; lockless atomic read.
 * Return: the number of such pages; a transiently negative count reads as 0.
 */
unsigned long nr_blockdev_pages(void)
{
	long n = atomic_long_read(&nr_bdev_pages);

	return n < 0 ? 0 : n;
}

/**
 * address_space_init_once() - set up an address_space's locks and containers
 * @mapping: the address space, normally an inode's i_data
 *
 * Meant to run once per object (from the inode cache's constructor):
 * initialises the locks, the empty page tree, the private list and the
 * i_mmap tree, zeroes the counters and flags and lets pages come from any
 * zone (GFP_HIGHUSER_MOVABLE).  ->host, ->a_ops and ->wb_err are left for
 * the owner to fill in.
 *
 * Context: any context; the object must not be in use yet.
 */
void address_space_init_once(struct address_space *mapping)
{
	spin_lock_init(&mapping->i_pages_lock);
	spin_lock_init(&mapping->private_lock);
	init_rwsem(&mapping->i_mmap_rwsem);
	INIT_RADIX_TREE(&mapping->i_pages, GFP_ATOMIC);
	/* Shadows are a hint: never from the reserves, no warning without a node. */
	INIT_RADIX_TREE(&mapping->i_shadows, __GFP_KSWAPD_RECLAIM | __GFP_NOWARN);
	mapping->nr_shadows = 0;
	INIT_LIST_HEAD(&mapping->shadow_link);
	INIT_LIST_HEAD(&mapping->private_list);
	mapping->i_mmap = RB_ROOT;

	mapping->nrpages = mapping->writeback_index = mapping->flags = 0;
	mapping->private_data = NULL;
	mapping->gfp_mask = GFP_HIGHUSER_MOVABLE;
}

static bool mapping_is_bdev(struct address_space *mapping)
{
	return mapping->host && S_ISBLK(mapping->host->i_mode);
}

/* ------------------------------------------------------------ lookup */

/**
 * find_get_page() - look up a page in the cache and take a reference
 * @mapping: the address space to look in
 * @index: page index in @mapping
 *
 * Lockless: walks the tree under rcu_read_lock(), pins the page with
 * get_page_unless_zero() and checks it is still in the slot, retrying if
 * not (the protocol at the top of this file).  The page is not locked and
 * may be truncated as soon as this returns; it may also be !uptodate.
 *
 * Context: any context; takes no locks and does not sleep.
 * Return: the page with a reference the caller must drop, or NULL if
 * there is no page at @index.
 */
struct page *find_get_page(struct address_space *mapping, pgoff_t index)
{
	struct page *page;

	rcu_read_lock();
again:
	page = radix_tree_lookup(&mapping->i_pages, index);
	if (page) {
		if (!get_page_unless_zero(page))
			goto again;
		if (unlikely(page != radix_tree_lookup(&mapping->i_pages, index))) {
			put_page(page);
			goto again;
		}
	}
	rcu_read_unlock();
	return page;
}

/* Items a gang lookup fetches from the tree per pass. */
#define GANG_BATCH	16

/*
 * The work of the gang lookups: up to nr referenced pages at indices in
 * [start, end], in index order; with tag >= 0 only pages so tagged; with
 * contig, stopping at the first hole.  *next is set to the index after
 * the last page returned (0 if that was the last index possible).
 */
static unsigned int gang_get_pages(struct address_space *mapping, pgoff_t start,
				   pgoff_t end, unsigned int nr, struct page **pages,
				   int tag, bool contig, pgoff_t *next)
{
	unsigned long indices[GANG_BATCH];
	void *items[GANG_BATCH];
	pgoff_t index = start;
	unsigned int ret = 0;
	bool wrapped = false;

	rcu_read_lock();
	while (ret < nr && !wrapped) {
		unsigned int want = min_t(unsigned int, GANG_BATCH, nr - ret);
		unsigned int n, i;

		if (tag >= 0)
			n = radix_tree_gang_lookup_tag(&mapping->i_pages, items, indices,
						       index, want, tag);
		else
			n = radix_tree_gang_lookup(&mapping->i_pages, items, indices, index,
						   want);
		if (!n)
			break;
		for (i = 0; i < n; i++) {
			struct page *page = items[i];

			if (indices[i] > end || (contig && indices[i] != index))
				goto out;
			if (!get_page_unless_zero(page))
				break;		/* look at this index again */
			if (unlikely(page != radix_tree_lookup(&mapping->i_pages, indices[i]))) {
				put_page(page);
				break;
			}
			pages[ret++] = page;
			index = indices[i] + 1;
			if (!index) {
				wrapped = true;
				break;
			}
		}
		/* A lost race at indices[i]: resume there (index is already there). */
		if (i < n && !wrapped && indices[i] > index)
			index = indices[i];
		if (i == n && n < want)
			break;
	}
out:
	rcu_read_unlock();
	*next = index;
	return ret;
}

/**
 * find_get_pages() - gang lookup of cached pages from an index on
 * @mapping: the address space to look in
 * @start: first index to consider
 * @nr: size of @pages
 * @pages: filled with the pages found
 *
 * Walks the tree from @start in index order, skipping holes, and takes a
 * reference on each page it returns.  Not a snapshot: each page was in
 * its slot at some moment during the call.
 *
 * Context: any context; lockless (RCU), does not sleep.
 * Return: the number of pages stored in @pages (0 when none is at or
 * after @start); the caller drops each reference.
 */
unsigned int find_get_pages(struct address_space *mapping, pgoff_t start,
			    unsigned int nr, struct page **pages)
{
	pgoff_t next;

	return gang_get_pages(mapping, start, ULONG_MAX, nr, pages, -1, false, &next);
}

/**
 * find_get_pages_contig() - gang lookup of a run of consecutive pages
 * @mapping: the address space to look in
 * @index: index of the first page wanted
 * @nr_pages: size of @pages
 * @pages: filled with the pages found
 *
 * Like find_get_pages(), but the pages are at @index, @index + 1, ... and
 * the walk stops at the first index with no page.
 *
 * Context: any context; lockless (RCU), does not sleep.
 * Return: the number of referenced pages stored (0 if @index is a hole).
 */
unsigned int find_get_pages_contig(struct address_space *mapping, pgoff_t index,
				   unsigned int nr_pages, struct page **pages)
{
	pgoff_t next;

	return gang_get_pages(mapping, index, ULONG_MAX, nr_pages, pages, -1, true, &next);
}

/**
 * find_get_pages_range_tag() - gang lookup of tagged pages in a range
 * @mapping: the address space to look in
 * @index: in: first index to consider; out: where the next call resumes
 * @end: last index to consider (inclusive)
 * @tag: PAGECACHE_TAG_DIRTY, _WRITEBACK or _TOWRITE
 * @nr_pages: size of @pages
 * @pages: filled with the pages found
 *
 * Returns referenced pages in [*@index, @end] that carry @tag in the tree,
 * in index order.  When @pages fills up, *@index is moved past the last
 * page returned; when fewer pages are found, the range is taken to be
 * exhausted and *@index is set to @end + 1 (ULONG_MAX if @end is already
 * ULONG_MAX).  Tags are read locklessly, so a page's flags may disagree
 * with its tag by the time the caller looks; callers re-check under the
 * page lock.
 *
 * Context: any context; lockless (RCU), does not sleep.
 * Return: the number of pages stored in @pages; 0 if *@index > @end.
 */
unsigned int find_get_pages_range_tag(struct address_space *mapping, pgoff_t *index,
				      pgoff_t end, int tag, unsigned int nr_pages,
				      struct page **pages)
{
	unsigned int ret;
	pgoff_t next;

	if (*index > end)
		return 0;
	ret = gang_get_pages(mapping, *index, end, nr_pages, pages, tag, false, &next);
	/*
	 * A full batch resumes after its last page; anything less means the
	 * range holds no more tagged pages.
	 */
	if (ret == nr_pages && next)
		*index = next;
	else
		*index = end == ULONG_MAX ? ULONG_MAX : end + 1;
	return ret;
}

/**
 * mapping_tagged() - does any page of a mapping carry a tag?
 * @mapping: the address space
 * @tag: a PAGECACHE_TAG_* number
 *
 * Reads the tree root's summary bit; no lock, so the answer may be out of
 * date at once.  Writeback uses it as a cheap "anything dirty?" test.
 *
 * Context: any context; no locks.
 * Return: true if at least one page of @mapping was tagged @tag.
 */
bool mapping_tagged(struct address_space *mapping, int tag)
{
	return radix_tree_tagged(&mapping->i_pages, tag);
}

/**
 * page_cache_next_miss() - find the first hole at or after an index
 * @mapping: the address space to look in
 * @index: where to start
 *
 * Walks consecutive present pages from @index (lockless, no references
 * taken) until an index with no page.  Read-ahead uses it to skip a run
 * already cached.
 *
 * Context: any context; RCU inside, does not sleep.
 * Return: the first index >= @index with no page; ULONG_MAX when every
 * index up to the last is present.
 */
pgoff_t page_cache_next_miss(struct address_space *mapping, pgoff_t index)
{
	unsigned long indices[GANG_BATCH];
	void *items[GANG_BATCH];
	unsigned int n;

	rcu_read_lock();
	for (;;) {
		n = radix_tree_gang_lookup(&mapping->i_pages, items, indices, index, GANG_BATCH);
		for (unsigned int i = 0; i < n; i++) {
			if (indices[i] != index)
				goto out;
			if (index == ULONG_MAX)
				goto out;
			index++;
		}
		if (n < GANG_BATCH)
			break;
	}
out:
	rcu_read_unlock();
	return index;
}

/* ------------------------------------------------------------ insert and remove */

/*
 * The work of add_to_page_cache(): also hands back, in *shadowp if it is
 * not NULL, the shadow entry a reclaimed page left at @index (taken out
 * of i_shadows under the same lock hold; NULL if there was none).
 */
static int insert_page(struct page *page, struct address_space *mapping, pgoff_t index,
		       gfp_t gfp, void **shadowp)
{
	unsigned long flags;
	void *shadow = NULL;
	int err;

	VM_BUG_ON_PAGE(page->mapping, page);
	err = radix_tree_preload(gfp & GFP_TREE_MASK);
	if (err)
		return err;
	/* Rule 1: everything a reader may look at, before the pointer is published. */
	get_page(page);
	page->mapping = mapping;
	page->index = index;
	spin_lock_irqsave(&mapping->i_pages_lock, flags);
	err = radix_tree_insert(&mapping->i_pages, index, page);
	if (!err) {
		mapping->nrpages++;
		__mod_node_page_state(page_pgdat(page), NR_FILE_PAGES, 1);
		/* tmpfs pages are swap-backed: /proc/meminfo's Shmem. */
		if (PageSwapBacked(page))
			__mod_node_page_state(page_pgdat(page), NR_SHMEM, 1);
		if (mapping_is_bdev(mapping))
			atomic_long_inc(&nr_bdev_pages);
		/* The page is back: its shadow (if any) has done its job. */
		shadow = shadow_take(mapping, index);
	}
	spin_unlock_irqrestore(&mapping->i_pages_lock, flags);
	radix_tree_preload_end();
	if (err) {
		page->mapping = NULL;
		put_page(page);
	}
	if (shadowp)
		*shadowp = shadow;
	return err;
}

/**
 * add_to_page_cache() - insert a page into a mapping at an index
 * @page: a page not in any mapping (page->mapping must be NULL)
 * @mapping: the address space to insert into
 * @index: page index in @mapping
 * @gfp: flags for preloading the tree's nodes
 *
 * Sets page->mapping and page->index and takes the cache's reference
 * before publishing the page in the tree under i_pages_lock, so lockless
 * readers never see a half-initialised page.  Counts NR_FILE_PAGES (and
 * the block-device page count).  Does not put the page on the LRU (see
 * add_to_page_cache_lru()) and does not lock it; a page about to be read
 * in should be locked by the caller first.  On failure page->mapping is
 * reset to NULL and the extra reference dropped.
 *
 * Context: process context; may sleep when @gfp allows direct reclaim
 * (radix_tree_preload()).  Takes mapping->i_pages_lock with irqs saved;
 * the caller must not hold it.
 * Return: 0 on success; -EEXIST if @index is taken; -ENOMEM if a tree
 * node could not be allocated.
 */
int add_to_page_cache(struct page *page, struct address_space *mapping, pgoff_t index,
		      gfp_t gfp)
{
	return insert_page(page, mapping, index, gfp, NULL);
}

/**
 * add_to_page_cache_lru() - insert a page into a mapping and onto the LRU
 * @page: a page not in any mapping, locked or not
 * @mapping: the address space to insert into
 * @index: page index in @mapping
 * @gfp: flags for preloading the tree's nodes
 *
 * add_to_page_cache(), then lru_cache_add().  A page read in where reclaim
 * evicted one lately may go straight to the active list
 * (workingset_refault()).  An unlocked @page is locked
 * here (non-atomically: nobody else can see it yet) and comes back locked
 * on success; on failure it is unlocked again.  A page the caller locked
 * stays locked either way.
 *
 * Context: process context; may sleep when @gfp allows direct reclaim.
 * Return: 0 on success, or the error of add_to_page_cache().
 */
int add_to_page_cache_lru(struct page *page, struct address_space *mapping, pgoff_t index,
			  gfp_t gfp)
{
	/* Linux callers pass an unlocked page and get it back locked. */
	bool locked_here = !PageLocked(page);
	void *shadow;
	int err;

	if (locked_here)
		__SetPageLocked(page);
	err = insert_page(page, mapping, index, gfp, &shadow);
	if (err) {
		if (locked_here)
			__ClearPageLocked(page);
		return err;
	}
	if (!PageSwapBacked(page))
		workingset_refault(page, shadow);
	lru_cache_add(page);
	return 0;
}

/**
 * __delete_from_page_cache() - take a page out of its mapping, lock held
 * @page: a page in the cache, with page->mapping set
 *
 * Empties the page's slot in i_pages (warning if another page was there),
 * clears page->mapping and uncounts the page (nrpages, NR_FILE_PAGES, the
 * block-device page count).  The cache's reference is not dropped: the
 * caller drops it after releasing the lock, so the slot is already empty
 * when the page can be freed (rule 3 above).
 *
 * Context: the caller holds mapping->i_pages_lock with interrupts off, and
 * normally the page lock; does not sleep.
 */
void __delete_from_page_cache(struct page *page)
{
	struct address_space *mapping = page->mapping;
	void *old;

	old = radix_tree_delete(&mapping->i_pages, page->index);
	WARN_ON(old != page);
	WRITE_ONCE(page->mapping, NULL);
	mapping->nrpages--;
	__mod_node_page_state(page_pgdat(page), NR_FILE_PAGES, -1);
	if (PageSwapBacked(page))
		__mod_node_page_state(page_pgdat(page), NR_SHMEM, -1);
	if (mapping_is_bdev(mapping))
		atomic_long_dec(&nr_bdev_pages);
}

/**
 * delete_from_page_cache() - remove a page from its mapping
 * @page: a page in the cache, normally locked by the caller
 *
 * Clears the page's slot and page->mapping under i_pages_lock, uncounts
 * it, then drops the cache's reference.  Does not check whether the page
 * is dirty, mapped or under writeback: truncation has dealt with that
 * before calling.  A page with no mapping gets a warning and is left as
 * it is.
 *
 * Context: does not sleep; takes mapping->i_pages_lock (irqsave), which
 * the caller must not hold.
 */
void delete_from_page_cache(struct page *page)
{
	struct address_space *mapping = page->mapping;
	unsigned long flags;

	if (WARN_ON(!mapping))
		return;
	spin_lock_irqsave(&mapping->i_pages_lock, flags);
	__delete_from_page_cache(page);
	spin_unlock_irqrestore(&mapping->i_pages_lock, flags);
	put_page(page);
}

/**
 * __remove_mapping() - remove a locked, clean, otherwise unused page
 * @mapping: the mapping the caller found the page in
 * @page: the page, locked by the caller
 * @refs: the references expected: the cache's plus those the caller holds
 * @reclaimed: reclaim is evicting the page: leave a shadow entry for
 *	working-set detection (workingset_eviction())
 *
 * Under i_pages_lock, freezes the reference count at zero if it is exactly
 * @refs, which makes every lockless lookup's get_page_unless_zero() fail,
 * so nobody can pick the page up while it goes.  A page that turns out
 * dirty, or no longer in @mapping, is left as it was.  On success the
 * page leaves the cache (__delete_from_page_cache()) and its count is set
 * to @refs - 1: the cache's reference is gone with the slot.  Writeback,
 * mappings and buffers are the caller's to check beforehand.
 *
 * Context: does not sleep; takes mapping->i_pages_lock (irqsave), which
 * must not be held.  The caller holds the page lock.
 * Return: 1 if the page was removed (the caller still holds its @refs - 1
 * references), 0 if it was busy, dirty or truncated meanwhile.
 */
int __remove_mapping(struct address_space *mapping, struct page *page, int refs, bool reclaimed)
{
	unsigned long flags;

	VM_BUG_ON_PAGE(!PageLocked(page), page);
	spin_lock_irqsave(&mapping->i_pages_lock, flags);
	if (!page_ref_freeze(page, refs))
		goto busy;
	if (unlikely(PageDirty(page) || page->mapping != mapping)) {
		page_ref_unfreeze(page, refs);
		goto busy;
	}
	__delete_from_page_cache(page);
	if (reclaimed && !PageSwapBacked(page))
		workingset_eviction(mapping, page);
	spin_unlock_irqrestore(&mapping->i_pages_lock, flags);
	/* The cache's reference went with the slot. */
	page_ref_unfreeze(page, refs - 1);
	return 1;
busy:
	spin_unlock_irqrestore(&mapping->i_pages_lock, flags);
	return 0;
}

/* ------------------------------------------------------------ page lock */

/**
 * __lock_page() - the slow path of lock_page()
 * @page: the page; the caller holds a reference
 *
 * Waits, uninterruptibly and as an exclusive waiter on the page's hashed
 * bit wait queue, until it can set PG_locked itself.
 *
 * Context: process context; sleeps.  No spinlocks held.
 */
void __lock_page(struct page *page)
{
	out_of_line_wait_on_bit_lock(&page->flags, PG_locked, TASK_UNINTERRUPTIBLE);
}

/**
 * __lock_page_killable() - the slow path of lock_page_killable()
 * @page: the page; the caller holds a reference
 *
 * As __lock_page(), but a fatal signal ends the wait.  A wake-up the
 * waiter consumed before giving up is passed on to the next waiter.
 *
 * Context: process context; sleeps.  No spinlocks held.
 * Return: 0 with PG_locked now held by the caller, or -EINTR.
 */
int __lock_page_killable(struct page *page)
{
	return out_of_line_wait_on_bit_lock(&page->flags, PG_locked, TASK_KILLABLE);
}

/**
 * unlock_page() - release the page lock
 * @page: a page the caller locked
 *
 * Clears PG_locked with release ordering and wakes the tasks waiting on
 * the page's bit wait queue.  Unlocking a page that is not locked is a
 * bug (VM_BUG_ON_PAGE).  Read completions call it from interrupts.
 *
 * Context: any context, interrupts included; does not sleep.
 */
void unlock_page(struct page *page)
{
	VM_BUG_ON_PAGE(!PageLocked(page), page);
	clear_and_wake_up_bit(PG_locked, &page->flags);
}

/**
 * wait_on_page_locked() - wait until nobody holds the page lock
 * @page: the page; the caller holds a reference
 *
 * Waits for PG_locked to clear without taking the lock itself, typically
 * for a read started on the page to complete.  The page may be locked
 * again by someone else by the time this returns.
 *
 * Context: process context; may sleep.  The caller must not hold this
 * page's lock (it would wait forever), nor spinlocks.
 */
void wait_on_page_locked(struct page *page)
{
	wait_on_bit(&page->flags, PG_locked, TASK_UNINTERRUPTIBLE);
}

/* ------------------------------------------------------------ writeback bit */

/**
 * set_page_writeback() - mark a page as being written back
 * @page: a page-cache page, locked by the caller, its dirty bit just
 *        cleared with clear_page_dirty_for_io()
 *
 * Sets PG_writeback.  For a page in a mapping, under i_pages_lock: tags it
 * WRITEBACK, drops the DIRTY tag that clear_page_dirty_for_io() left
 * (unless the page is dirty again) and the TOWRITE tag, counts
 * NR_WRITEBACK and NR_ZONE_WRITE_PENDING, then calls
 * account_page_writeback_start() for the bdi's counts.
 *
 * Context: does not sleep; takes mapping->i_pages_lock (irqsave).
 * Return: true if this call set PG_writeback; false if it was already set
 * (nothing is changed then).
 */
bool set_page_writeback(struct page *page)
{
	struct address_space *mapping = page_file_mapping(page);
	unsigned long flags;
	bool was;

	if (!mapping) {
		/* An anonymous page on its way to swap counts as under writeback too. */
		was = TestSetPageWriteback(page);
		if (!was && PageSwapBacked(page)) {
			mod_node_page_state(page_pgdat(page), NR_WRITEBACK, 1);
			mod_zone_page_state(page_zone(page), NR_ZONE_WRITE_PENDING, 1);
		}
		return !was;
	}
	spin_lock_irqsave(&mapping->i_pages_lock, flags);
	was = TestSetPageWriteback(page);
	if (!was) {
		struct radix_tree_root *tree = &mapping->i_pages;

		radix_tree_tag_set(tree, page->index, PAGECACHE_TAG_WRITEBACK);
		/* clear_page_dirty_for_io() left the DIRTY tag for us to drop. */
		if (!PageDirty(page))
			radix_tree_tag_clear(tree, page->index, PAGECACHE_TAG_DIRTY);
		radix_tree_tag_clear(tree, page->index, PAGECACHE_TAG_TOWRITE);
		__mod_node_page_state(page_pgdat(page), NR_WRITEBACK, 1);
		__mod_zone_page_state(page_zone(page), NR_ZONE_WRITE_PENDING, 1);
	}
	spin_unlock_irqrestore(&mapping->i_pages_lock, flags);
	if (!was)
		account_page_writeback_start(page);
	return !was;
}

/**
 * end_page_writeback() - writeback of a page has completed
 * @page: a page whose PG_writeback the caller's I/O set
 *
 * Called from I/O completion.  A page reclaim was waiting for
 * (PG_reclaim) is moved to the tail of its inactive list first.  For a
 * page in a mapping the bdi's counters are updated
 * (account_page_writeback_end()) before the bit is cleared, because the
 * page may be freed as soon as it is; then, under i_pages_lock, PG_writeback
 * is cleared, the WRITEBACK tag dropped and NR_WRITEBACK uncounted.
 * Finally the waiters in wait_on_page_writeback() are woken.  Ending
 * writeback of a page without PG_writeback only warns.
 *
 * Context: any context, hard interrupts included; does not sleep.  Takes
 * the lruvec lock and mapping->i_pages_lock, both irqsave.
 */
void end_page_writeback(struct page *page)
{
	struct address_space *mapping = page_file_mapping(page);
	unsigned long flags;
	bool was;

	/* Reclaim wanted this page: let the next scan find it first. */
	if (PageReclaim(page)) {
		ClearPageReclaim(page);
		rotate_reclaimable_page(page);
	}
	if (mapping) {
		/* The bdi's counts first: the page may be freed once the bit is clear. */
		if (PageWriteback(page))
			account_page_writeback_end(page);
		spin_lock_irqsave(&mapping->i_pages_lock, flags);
		was = TestClearPageWriteback(page);
		if (was) {
			radix_tree_tag_clear(&mapping->i_pages, page->index,
					     PAGECACHE_TAG_WRITEBACK);
			__mod_node_page_state(page_pgdat(page), NR_WRITEBACK, -1);
			__mod_zone_page_state(page_zone(page), NR_ZONE_WRITE_PENDING, -1);
		}
		spin_unlock_irqrestore(&mapping->i_pages_lock, flags);
	} else {
		was = TestClearPageWriteback(page);
		if (was && PageSwapBacked(page)) {
			/* A swap write: written like any other (nr_written). */
			inc_node_page_state(page, NR_WRITTEN);
			mod_node_page_state(page_pgdat(page), NR_WRITEBACK, -1);
			mod_zone_page_state(page_zone(page), NR_ZONE_WRITE_PENDING, -1);
		}
	}
	if (WARN_ON_ONCE(!was))
		return;
	/* test_and_clear_bit is a full barrier: waiters see the bit clear. */
	wake_up_bit(&page->flags, PG_writeback);
}

/**
 * wait_on_page_writeback() - wait until a page is no longer under writeback
 * @page: the page; the caller holds a reference (and usually the page lock,
 *        which keeps new writeback from starting)
 *
 * Returns at once if PG_writeback is clear.
 *
 * Context: process context; may sleep.  No spinlocks held.
 */
void wait_on_page_writeback(struct page *page)
{
	while (PageWriteback(page))
		wait_on_bit(&page->flags, PG_writeback, TASK_UNINTERRUPTIBLE);
}

/* ------------------------------------------------------------ get or create */

/**
 * pagecache_get_page() - find a cached page, optionally lock or create it
 * @mapping: the address space to look in
 * @index: page index in @mapping
 * @fgp_flags: FGP_* flags saying what to do
 * @gfp: allocation flags for a page created with FGP_CREAT
 *
 * Looks the page up locklessly.  If it is there: with FGP_LOCK it is
 * locked (with FGP_NOWAIT only if the lock is free; otherwise NULL is
 * returned) and, if truncation took it meanwhile, the lookup starts over;
 * FGP_ACCESSED marks it accessed.  If it is missing and FGP_CREAT is set,
 * a new page is allocated (without __GFP_FS under FGP_NOFS), locked and
 * inserted with add_to_page_cache_lru(); losing the race to another
 * inserter (-EEXIST) starts over.  A created page is unlocked again unless
 * FGP_LOCK was asked for.  FGP_WRITE changes nothing here.
 *
 * Context: process context; may sleep with FGP_LOCK (unless FGP_NOWAIT)
 * and with FGP_CREAT when @gfp allows.  The caller must not hold the
 * page's lock or any spinlock then.  Without those flags, any context.
 * Return: the page with a reference the caller must drop (locked if
 * FGP_LOCK), or NULL if it is missing and not created, a new page or tree
 * node could not be allocated, or FGP_NOWAIT found the lock taken.
 */
struct page *pagecache_get_page(struct address_space *mapping, pgoff_t index, int fgp_flags,
				gfp_t gfp)
{
	struct page *page;
	int err;

repeat:
	page = find_get_page(mapping, index);
	if (page) {
		if (fgp_flags & FGP_LOCK) {
			if (fgp_flags & FGP_NOWAIT) {
				if (!trylock_page(page)) {
					put_page(page);
					return NULL;
				}
			} else {
				lock_page(page);
			}
			/* Rule 4: truncated while we slept for the lock? */
			if (unlikely(page->mapping != mapping)) {
				unlock_page(page);
				put_page(page);
				goto repeat;
			}
			VM_BUG_ON_PAGE(page->index != index, page);
		}
		if (fgp_flags & FGP_ACCESSED)
			mark_page_accessed(page);
		return page;
	}
	if (!(fgp_flags & FGP_CREAT))
		return NULL;
	if (fgp_flags & FGP_NOFS)
		gfp &= ~__GFP_FS;
	page = alloc_page(gfp);
	if (!page)
		return NULL;
	if (fgp_flags & FGP_ACCESSED)
		__SetPageReferenced(page);
	__SetPageLocked(page);
	err = add_to_page_cache_lru(page, mapping, index, gfp);
	if (unlikely(err)) {
		__ClearPageLocked(page);
		put_page(page);
		if (err == -EEXIST)
			goto repeat;
		return NULL;
	}
	if (!(fgp_flags & FGP_LOCK))
		unlock_page(page);
	return page;
}

/**
 * grab_cache_page_write_begin() - get the locked page a write will copy into
 * @mapping: the address space written to
 * @index: page index in @mapping
 * @flags: AOP_FLAG_* from ->write_begin; AOP_FLAG_NOFS keeps __GFP_FS off
 *
 * pagecache_get_page() with FGP_LOCK | FGP_WRITE | FGP_CREAT and the
 * mapping's own gfp mask.  The page may not be uptodate; ->write_begin
 * reads in what the write does not cover.
 *
 * Context: process context; may sleep.  Called under i_rwsem from the
 * write path; no spinlocks held.
 * Return: the locked, referenced page, or NULL if it could not be
 * allocated.
 */
struct page *grab_cache_page_write_begin(struct address_space *mapping, pgoff_t index,
					 unsigned int flags)
{
	int fgp = FGP_LOCK | FGP_WRITE | FGP_CREAT;

	if (flags & AOP_FLAG_NOFS)
		fgp |= FGP_NOFS;
	return pagecache_get_page(mapping, index, fgp, mapping_gfp_mask(mapping));
}

/*
 * Bring a locked, !uptodate page up to date with filler (or ->readpage)
 * and wait for it.  The filler unlocks the page, now or when the read
 * completes.  A mapping with neither (a memory file system) has holes
 * that read as zeros.
 */
static int fill_page(struct address_space *mapping, struct page *page,
		     int (*filler)(void *data, struct page *page), void *data)
{
	int err;

	if (!filler && !(mapping->a_ops && mapping->a_ops->readpage)) {
		memset(page_address(page), 0, PAGE_SIZE);
		SetPageUptodate(page);
		unlock_page(page);
		return 0;
	}
	ClearPageError(page);
	if (filler)
		err = filler(data, page);
	else
		err = mapping->a_ops->readpage(data, page);
	if (err < 0)
		return err;
	wait_on_page_locked(page);
	return PageUptodate(page) ? 0 : -EIO;
}

/**
 * read_cache_page() - get a page of a mapping with its contents read in
 * @mapping: the address space to read from
 * @index: page index in @mapping
 * @filler: reads the locked page in and unlocks it (at once or when the
 *          I/O completes); NULL to use @mapping's ->readpage
 * @data: first argument for @filler or ->readpage
 *
 * An uptodate cached page is returned as it is.  A missing page is
 * allocated and inserted locked; a cached page that is not uptodate is
 * locked (starting over if it was truncated meanwhile).  Either is then
 * read and waited for.  A mapping with neither @filler nor ->readpage (a
 * memory file system) gets a zero-filled page.  The page is marked
 * accessed.
 *
 * Context: process context; may sleep (allocation with the mapping's gfp
 * mask, page lock, waiting for the read).  No spinlocks held.
 * Return: the uptodate page with a reference the caller must drop, not
 * locked; or ERR_PTR(-ENOMEM), the error of the insertion or of the
 * filler, or ERR_PTR(-EIO) when the read completed without making the
 * page uptodate.
 */
struct page *read_cache_page(struct address_space *mapping, pgoff_t index,
			     int (*filler)(void *data, struct page *page), void *data)
{
	gfp_t gfp = mapping_gfp_mask(mapping);
	struct page *page;
	int err;

repeat:
	page = find_get_page(mapping, index);
	if (!page) {
		page = alloc_page(gfp);
		if (!page)
			return ERR_PTR(-ENOMEM);
		__SetPageLocked(page);
		err = add_to_page_cache_lru(page, mapping, index, gfp);
		if (unlikely(err)) {
			__ClearPageLocked(page);
			put_page(page);
			if (err == -EEXIST)
				goto repeat;
			return ERR_PTR(err);
		}
		goto fill;
	}
	if (PageUptodate(page))
		goto out;
	lock_page(page);
	if (!page->mapping) {
		/* Truncated while we waited. */
		unlock_page(page);
		put_page(page);
		goto repeat;
	}
	if (PageUptodate(page)) {
		unlock_page(page);
		goto out;
	}
fill:
	err = fill_page(mapping, page, filler, data);
	if (err) {
		put_page(page);
		return ERR_PTR(err);
	}
out:
	mark_page_accessed(page);
	return page;
}

/* ------------------------------------------------------------ write back and wait */

/**
 * __filemap_fdatawrite_range() - start writeback of a byte range, either mode
 * @mapping: the address space
 * @start: first byte
 * @end: last byte (inclusive)
 * @sync_mode: WB_SYNC_ALL waits for pages already under writeback before
 *             writing them; WB_SYNC_NONE skips those (and locked ones)
 *
 * Only pages tagged dirty in the range are written; nothing is waited for
 * once submitted.  A caller inside a plug has its bios join that plug.
 *
 * Context: process context; may sleep.  No page locks or spinlocks held.
 * Return: 0, or the first error the write-out reported.
 */
int __filemap_fdatawrite_range(struct address_space *mapping, loff_t start,
			       loff_t end, enum writeback_sync_modes sync_mode)
{
	struct writeback_control wbc = {
		.sync_mode = sync_mode,
		.nr_to_write = LONG_MAX,
		.range_start = start,
		.range_end = end,
	};

	if (!mapping_can_writeback(mapping) || !mapping_tagged(mapping, PAGECACHE_TAG_DIRTY))
		return 0;
	return do_writepages(mapping, &wbc);
}

/**
 * filemap_fdatawrite() - start writeback of every dirty page of a mapping
 * @mapping: the address space
 *
 * A WB_SYNC_ALL pass over the whole file through do_writepages(): a dirty
 * page still under an earlier writeback is waited for before it is
 * written, but the writeback started here is not waited for (see
 * filemap_fdatawait()).  Does nothing for
 * a mapping that is never written back or has no DIRTY tag.
 *
 * Context: process context; may sleep.  No page locks or spinlocks held.
 * Return: 0, or the first error ->writepages/->writepage reported.
 */
int filemap_fdatawrite(struct address_space *mapping)
{
	return __filemap_fdatawrite_range(mapping, 0, LLONG_MAX, WB_SYNC_ALL);
}

/**
 * filemap_fdatawrite_range() - start writeback of a byte range of a mapping
 * @mapping: the address space
 * @start: first byte
 * @end: last byte (inclusive)
 *
 * As filemap_fdatawrite(), restricted to the pages that hold bytes
 * [@start, @end].
 *
 * Context: process context; may sleep.  No page locks or spinlocks held.
 * Return: 0, or the first error the write-out reported.
 */
int filemap_fdatawrite_range(struct address_space *mapping, loff_t start, loff_t end)
{
	return __filemap_fdatawrite_range(mapping, start, end, WB_SYNC_ALL);
}

/**
 * filemap_flush() - start writeback of a mapping, best effort
 * @mapping: the address space
 *
 * As filemap_fdatawrite() but WB_SYNC_NONE: pages that are locked or
 * already under writeback are skipped, and nothing is waited for.
 *
 * Context: process context; may sleep (page locks, I/O submission).
 * Return: 0, or the first error the write-out reported.
 */
int filemap_flush(struct address_space *mapping)
{
	return __filemap_fdatawrite_range(mapping, 0, LLONG_MAX, WB_SYNC_NONE);
}

/* Pages fetched per batch while waiting for writeback. */
#define WAIT_BATCH	16

/* Wait for every page in the byte range that was under writeback when we looked. */
static void __filemap_fdatawait_range(struct address_space *mapping, loff_t start_byte,
				      loff_t end_byte)
{
	pgoff_t index = start_byte >> PAGE_SHIFT;
	pgoff_t end = end_byte >> PAGE_SHIFT;
	struct page *pages[WAIT_BATCH];
	unsigned int n;

	if (end_byte < start_byte)
		return;
	while (index <= end) {
		n = find_get_pages_range_tag(mapping, &index, end, PAGECACHE_TAG_WRITEBACK,
					     WAIT_BATCH, pages);
		if (!n)
			break;
		for (unsigned int i = 0; i < n; i++) {
			wait_on_page_writeback(pages[i]);
			put_page(pages[i]);
		}
		cond_resched();
	}
}

/**
 * filemap_check_errors() - report and clear a mapping's legacy error bits
 * @mapping: the address space
 *
 * Tests and clears AS_ENOSPC and AS_EIO, which mapping_set_error() sets
 * alongside the errseq.  One caller sees each error; file-based callers
 * use file_check_and_advance_wb_err() instead.
 *
 * Context: any context; atomic bit operations, no locks.
 * Return: -EIO if AS_EIO was set, else -ENOSPC if AS_ENOSPC was, else 0.
 */
int filemap_check_errors(struct address_space *mapping)
{
	int ret = 0;

	/* Cheap unlocked tests first: the bits are rarely set. */
	if (test_bit(AS_ENOSPC, &mapping->flags) && test_and_clear_bit(AS_ENOSPC, &mapping->flags))
		ret = -ENOSPC;
	if (test_bit(AS_EIO, &mapping->flags) && test_and_clear_bit(AS_EIO, &mapping->flags))
		ret = -EIO;
	return ret;
}

/**
 * filemap_fdatawait_range() - wait for writeback of a byte range to finish
 * @mapping: the address space
 * @start: first byte
 * @end: last byte (inclusive); nothing is waited for if it is below @start
 *
 * Waits for each page in the range that was tagged WRITEBACK when the walk
 * reached it; writeback started behind the walk is not waited for.  Then
 * reports errors with filemap_check_errors() (consuming them).
 *
 * Context: process context; may sleep.  No page locks or spinlocks held.
 * Return: 0, -EIO or -ENOSPC.
 */
int filemap_fdatawait_range(struct address_space *mapping, loff_t start, loff_t end)
{
	__filemap_fdatawait_range(mapping, start, end);
	return filemap_check_errors(mapping);
}

/**
 * filemap_write_and_wait_range() - write back a byte range and wait for it
 * @mapping: the address space
 * @start: first byte
 * @end: last byte (inclusive)
 *
 * If the mapping has pages: a WB_SYNC_ALL write-out of the range, then a
 * wait for its writeback (skipped when the write-out returned -EIO: the
 * device is taken to be gone).  The mapping's legacy error bits are
 * checked and cleared in any case.
 *
 * Context: process context; may sleep.  No page locks or spinlocks held;
 * callers usually hold i_rwsem.
 * Return: the write-out's error if there was one, else what
 * filemap_check_errors() reports (0, -EIO or -ENOSPC).
 */
int filemap_write_and_wait_range(struct address_space *mapping, loff_t start, loff_t end)
{
	int err = 0, err2;

	if (mapping->nrpages) {
		err = __filemap_fdatawrite_range(mapping, start, end, WB_SYNC_ALL);
		/* -EIO from writepages means the device is gone: don't wait on it. */
		if (err != -EIO)
			__filemap_fdatawait_range(mapping, start, end);
	}
	err2 = filemap_check_errors(mapping);
	return err ? err : err2;
}

/**
 * file_check_and_advance_wb_err() - report writeback errors new to a file
 * @file: the open file
 *
 * Compares the mapping's errseq with the cursor in file->f_wb_err; if an
 * error was recorded since, advances the cursor (under file->f_lock, so
 * concurrent fsyncs of one file report it once) and returns it.  Each open
 * file sees each error once.  Also clears the mapping's AS_EIO/AS_ENOSPC
 * bits, so that filemap_check_errors() does not report the same error a
 * second time.
 *
 * Context: may be called with no locks held; takes file->f_lock (a
 * spinlock) briefly; does not sleep.
 * Return: 0, or the negative errno recorded since the file last checked.
 */
int file_check_and_advance_wb_err(struct file *file)
{
	struct address_space *mapping = file->f_mapping;
	errseq_t old = READ_ONCE(file->f_wb_err);
	int err = 0;

	if (errseq_check(&mapping->wb_err, old)) {
		/* Several fsyncs of one file may race to report: serialise on f_lock. */
		spin_lock(&file->f_lock);
		err = errseq_check_and_advance(&mapping->wb_err, &file->f_wb_err);
		spin_unlock(&file->f_lock);
	}
	/*
	 * The errseq is what reports; drop the legacy AS_* bits so a later
	 * filemap_check_errors() does not report the same error again.
	 */
	clear_bit(AS_EIO, &mapping->flags);
	clear_bit(AS_ENOSPC, &mapping->flags);
	return err;
}

/**
 * file_write_and_wait_range() - the data part of fsync for a byte range
 * @file: the open file
 * @start: first byte
 * @end: last byte (inclusive)
 *
 * As filemap_write_and_wait_range(), but errors are reported through the
 * file's errseq cursor (file_check_and_advance_wb_err()), so each open
 * file learns of an error once.
 *
 * Context: process context; may sleep.  No page locks or spinlocks held.
 * Return: the write-out's error if there was one, else 0 or the errseq
 * error not yet seen through @file.
 */
int file_write_and_wait_range(struct file *file, loff_t start, loff_t end)
{
	struct address_space *mapping = file->f_mapping;
	int err = 0, err2;

	if (mapping->nrpages) {
		err = __filemap_fdatawrite_range(mapping, start, end, WB_SYNC_ALL);
		if (err != -EIO)
			__filemap_fdatawait_range(mapping, start, end);
	}
	err2 = file_check_and_advance_wb_err(file);
	return err ? err : err2;
}
