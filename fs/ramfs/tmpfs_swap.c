// SPDX-License-Identifier: GPL-2.0-only
/*
 * tmpfs pages in swap.  A tmpfs file's pages are swap-backed: they sit on
 * the anonymous LRU lists (PG_swapbacked), and when reclaim picks one it
 * goes from the file's page cache into the swap cache at a fresh slot,
 * is written there and freed.  Where it went is remembered per file:
 *
 *   struct tmpfs_swap (inode->i_private of every tmpfs regular file)
 *     map      radix tree, page index -> slot, for the pages not in the
 *              page cache because they are in swap.  The generic page
 *              cache tree never holds anything but pages.  Items are
 *              encoded by swp_to_item(): bit 1 set (never NULL), bit
 *              0 clear (lib/radix-tree.c refuses items with bit 0 set).
 *     swapped  number of items in map
 *     lock     a mutex; see below
 *
 * A slot in the map holds one count of its own (swap_duplicate()); the
 * swap cache holds another while a page for it is cached.
 *
 * Out (tmpfs_writepage(), called by reclaim on a locked, unmapped page):
 * a slot, the page added to the swap cache, the slot recorded in the map,
 * then the page's reference count frozen at "page cache + swap cache +
 * reclaim's" (so nobody is copying into it: a reader or writer holding it
 * makes us give up) and the page removed from the file's cache.  Then the
 * swap cache's ->writepage writes it; reclaim frees it later as any clean
 * swap cache page.
 *
 * In (tmpfs_get_page()): a page missing from the page cache is looked up
 * in the map; the slot's page is found in the swap cache or read
 * (read_swap_cache_async()), locked (waiting for the read), checked
 * uptodate (else -EIO), added to the file's page cache, taken out of the
 * swap cache and the map, and the map's count is freed.  It is left
 * clean: tmpfs pages are never written back, and reclaim always writes a
 * tmpfs page it moves to swap, whatever PG_dirty says.
 *
 * Truncation, eviction: the pages go as usual (truncate_inode_pages());
 * the slots in the range are freed, with their cached pages, if any
 * (waiting for a page's lock and writeback, so the slot really goes).
 * Block accounting (size=) keeps charging a page while it is in swap.
 *
 * swapoff: every file with swapped pages is on tmpfs_swaplist; shmem_unuse()
 * brings the pages of one area back.
 *
 * Locking, outermost first:
 *   page lock
 *   ts->lock (mutex)         the map, ts->swapped, and every move of a page
 *                            between the file's page cache and swap; also
 *                            held while a new page joins a tmpfs file's
 *                            cache (tmpfs_get_page()).  Never held while
 *                            allocating a page, waiting for I/O or taking
 *                            a page lock, so that reclaim - which holds a
 *                            page lock when it wants it and only tries it
 *                            (mutex_trylock()) - rarely finds it taken.
 *   mapping->i_pages_lock, the swap cache's i_pages_lock
 *   tmpfs_swaplist_lock (spinlock)  the list; innermost
 * Lookups of a page already in the page cache take no lock
 * (find_get_page()); the reference freeze above makes that safe.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/mm.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/mutex.h>
#include <linux/pagemap.h>
#include <linux/radix-tree.h>
#include <linux/swap.h>
#include <linux/swapops.h>
#include <linux/writeback.h>
#include <linux/sched/signal.h>
#include <linux/selftest.h>
#include "internal.h"

struct tmpfs_swap {
	struct mutex lock;
	struct radix_tree_root map;
	unsigned long swapped;
	struct inode *inode;
	struct list_head swaplist;	/* on tmpfs_swaplist while swapped != 0 */
};

static LIST_HEAD(tmpfs_swaplist);
static DEFINE_SPINLOCK(tmpfs_swaplist_lock);

static struct tmpfs_swap *TS(struct inode *inode)
{
	return inode->i_private;
}

bool tmpfs_swap_backed(struct inode *inode)
{
	return S_ISREG(inode->i_mode) && inode->i_private;
}

int tmpfs_swap_init(struct inode *inode)
{
	struct tmpfs_swap *ts = kzalloc(sizeof(*ts), GFP_KERNEL);

	if (!ts)
		return -ENOMEM;
	mutex_init(&ts->lock);
	INIT_RADIX_TREE(&ts->map, GFP_NOWAIT | __GFP_NOWARN);
	INIT_LIST_HEAD(&ts->swaplist);
	ts->inode = inode;
	inode->i_private = ts;
	inode->i_mapping->a_ops = &tmpfs_aops;
	return 0;
}

/* The map changed size (ts->lock held): keep the file on the swapoff list. */
static void map_count(struct tmpfs_swap *ts, long delta)
{
	unsigned long before = ts->swapped;

	ts->swapped += delta;
	if (!before == !ts->swapped)
		return;
	spin_lock(&tmpfs_swaplist_lock);
	if (ts->swapped)
		list_add_tail(&ts->swaplist, &tmpfs_swaplist);
	else
		list_del_init(&ts->swaplist);
	spin_unlock(&tmpfs_swaplist_lock);
}

/* ------------------------------------------------------------ out */

#ifdef CONFIG_SWAP

/*
 * ->writepage of tmpfs, for reclaim only: move the locked, unmapped page
 * to the swap cache at a new slot and start its write.  Returns 0 with the
 * page unlocked (it left the file), or AOP_WRITEPAGE_ACTIVATE with the
 * page still locked and still in the file.
 */
static int tmpfs_writepage(struct page *page, struct writeback_control *wbc)
{
	struct address_space *mapping = page->mapping;
	struct tmpfs_swap *ts = TS(mapping->host);
	pgoff_t index = page->index;
	swp_entry_t entry;

	if (!wbc->for_reclaim || page_mapped(page) || !mutex_trylock(&ts->lock))
		return AOP_WRITEPAGE_ACTIVATE;
	entry = get_swap_page();
	if (!entry.val)
		goto no_slot;
	if (radix_tree_preload(GFP_NOWAIT | __GFP_NOWARN) ||
	    add_to_swap_cache(page, entry, GFP_NOWAIT | __GFP_NOWARN)) {
		swap_free(entry);
		goto no_slot;
	}
	/* The cache has the count get_swap_page() gave; the map takes its own. */
	if (swap_duplicate(entry))
		goto undo_cache;
	if (radix_tree_insert(&ts->map, index, swp_to_item(entry)))
		goto undo_count;
	/*
	 * Out of the file's cache if the references are exactly the file
	 * cache's, the swap cache's and reclaim's.  PG_dirty (a store through
	 * a pte) means nothing here: the page is written to the slot anyway.
	 */
	ClearPageDirty(page);
	if (!__remove_mapping(mapping, page, 3, false)) {
		radix_tree_delete(&ts->map, index);
		goto undo_count;
	}
	map_count(ts, 1);
	mutex_unlock(&ts->lock);
	SetPageUptodate(page);
	/* Written like any swap cache page; the write unlocks it. */
	swap_address_space(entry)->a_ops->writepage(page, wbc);
	return 0;

undo_count:
	swap_free(entry);
undo_cache:
	delete_from_swap_cache(page);
no_slot:
	mutex_unlock(&ts->lock);
	return AOP_WRITEPAGE_ACTIVATE;
}

#endif /* CONFIG_SWAP */

const struct address_space_operations tmpfs_aops = {
#ifdef CONFIG_SWAP
	.writepage = tmpfs_writepage,
#endif
};

/* ------------------------------------------------------------ in */

#ifdef CONFIG_SWAP
/*
 * Bring the page of map item at index back into the file.  Called and
 * returns with ts->lock held, but drops it while the page is found or
 * read and its lock taken (so reclaim can move other pages of the file
 * meanwhile, and the allocation may reclaim them).  Returns 0 with the
 * page referenced in *pagep; -EAGAIN if the map changed meanwhile (look
 * again); -EIO if the slot cannot be read; -ENOMEM.
 */
static int swap_back(struct tmpfs_swap *ts, pgoff_t index, void *item, struct page **pagep,
		     bool *major)
{
	struct address_space *mapping = ts->inode->i_mapping;
	swp_entry_t entry = item_to_swp(item);
	struct page *page;
	bool started;
	int err;

	mutex_unlock(&ts->lock);
	/* With its neighbouring slots: pages swapped out together. */
	page = swapin_readahead(entry, mapping_gfp_mask(mapping), &started);
	if (started && major)
		*major = true;
	if (page) {
		lock_page(page);
		wait_on_page_writeback(page);
	}
	mutex_lock(&ts->lock);
	if (radix_tree_lookup(&ts->map, index) != item) {
		err = -EAGAIN;		/* brought back or truncated by someone else */
		goto out;
	}
	if (!page)
		return swp_swapcount(entry) > 0 ? -ENOMEM : -EIO;
	if (!PageSwapCache(page) || page_private(page) != entry.val) {
		err = -EAGAIN;		/* left the swap cache while we waited */
		goto out;
	}
	if (!PageUptodate(page)) {
		pr_err_ratelimited("tmpfs: cannot read page %lu of inode %lu from swap\n",
				   index, ts->inode->i_ino);
		err = -EIO;
		goto out;
	}
	err = add_to_page_cache(page, mapping, index, GFP_KERNEL);
	if (err)
		goto out;
	delete_from_swap_cache(page);
	ClearPageDirty(page);
	radix_tree_delete(&ts->map, index);
	map_count(ts, -1);
	swap_free(entry);
	unlock_page(page);
	*pagep = page;
	return 0;
out:
	if (page) {
		unlock_page(page);
		put_page(page);
	}
	return err;
}
#else
/* Without swap the map stays empty. */
static int swap_back(struct tmpfs_swap *ts, pgoff_t index, void *item, struct page **pagep,
		     bool *major)
{
	return -EIO;
}
#endif

/* Put the zeroed page fresh at index, charged to the file system (ts->lock held). */
static int add_new_page(struct inode *inode, pgoff_t index, struct page *fresh)
{
	int err = ramfs_charge_block(inode->i_sb);

	if (err)
		return err;
	__SetPageSwapBacked(fresh);
	SetPageUptodate(fresh);
	err = add_to_page_cache(fresh, inode->i_mapping, index, GFP_KERNEL);
	if (err) {
		ramfs_uncharge_blocks(inode->i_sb, 1);
		return err;
	}
	lru_cache_add(fresh);
	return 0;
}

/**
 * tmpfs_get_page() - the page at index of a tmpfs file
 * @inode: a tmpfs regular file
 * @index: page index
 * @create: allocate a zeroed page for a hole (else *pagep = NULL there)
 * @pagep: the page, referenced, unlocked
 * @major: if not NULL, set when the page had to be read from swap
 *
 * Context: process context; may sleep.  No page lock held.
 * Return: 0, -ENOSPC (size= reached), -ENOMEM, -EIO (swap read error).
 */
int tmpfs_get_page(struct inode *inode, pgoff_t index, bool create, struct page **pagep,
		   bool *major)
{
	struct address_space *mapping = inode->i_mapping;
	struct tmpfs_swap *ts = TS(inode);
	struct page *page = find_get_page(mapping, index), *fresh = NULL;
	void *item;
	int err = 0;

	*pagep = page;
	if (page)
		return 0;
	mutex_lock(&ts->lock);
	for (;;) {
		/* A pass that ended in -EAGAIN starts afresh. */
		err = 0;
		page = find_get_page(mapping, index);
		if (page)
			break;
		item = radix_tree_lookup(&ts->map, index);
		if (item) {
			err = swap_back(ts, index, item, &page, major);
			if (err == -EAGAIN)
				continue;
			break;
		}
		if (!create)
			break;
		if (!fresh) {
			/* Allocated without the lock: reclaim may want it. */
			mutex_unlock(&ts->lock);
			fresh = alloc_page(mapping_gfp_mask(mapping) | __GFP_ZERO | __GFP_NOWARN);
			mutex_lock(&ts->lock);
			if (!fresh) {
				err = -ENOMEM;
				break;
			}
			continue;
		}
		err = add_new_page(inode, index, fresh);
		if (!err) {
			page = fresh;
			fresh = NULL;
		}
		break;
	}
	mutex_unlock(&ts->lock);
	if (fresh)
		put_page(fresh);
	*pagep = page;
	return err;
}

/* ------------------------------------------------------------ truncation */

/*
 * The map let go of entry: drop its count and, if only the swap cache's
 * is left, the cached page too - waiting for its lock and writeback, so
 * that truncation gives the slot back now (no lock held).
 */
static void drop_slot(swp_entry_t entry)
{
	struct page *page;

	swap_free(entry);
	page = swp_swapcount(entry) == 1 ? lookup_swap_cache(entry) : NULL;
	if (!page)
		return;
	lock_page(page);
	wait_on_page_writeback(page);
	/* Unmapped and named by no one but the cache: the page and slot go. */
	if (PageSwapCache(page) && page_private(page) == entry.val && !page_mapped(page) &&
	    try_to_free_swap(page))
		ClearPageDirty(page);
	unlock_page(page);
	put_page(page);
}

/* Free the slots at index >= start (takes ts->lock per batch). */
static void free_swap_from(struct tmpfs_swap *ts, pgoff_t start)
{
	unsigned long indices[16];
	void *items[16];
	unsigned int n;

	for (;;) {
		mutex_lock(&ts->lock);
		n = radix_tree_gang_lookup(&ts->map, items, indices, start, 16);
		for (unsigned int i = 0; i < n; i++)
			radix_tree_delete(&ts->map, indices[i]);
		if (n)
			map_count(ts, -(long)n);
		mutex_unlock(&ts->lock);
		for (unsigned int i = 0; i < n; i++)
			drop_slot(item_to_swp(items[i]));
		if (!n || !(start = indices[n - 1] + 1))
			break;
		cond_resched();
	}
}

/*
 * Pages of the file in memory or swap (ts->lock held): moves between
 * the two keep the sum.
 */
static unsigned long file_pages(struct tmpfs_swap *ts)
{
	return ts->inode->i_mapping->nrpages + ts->swapped;
}

/**
 * tmpfs_truncate_pages() - drop the pages and slots of a tmpfs file from @from on
 * @inode: a tmpfs regular file
 * @from: byte offset; a page straddling it is brought back from swap first,
 *        so that its tail is zeroed in memory
 *
 * The page cache is truncated without ts->lock (truncation takes page
 * locks, which rank above it), the map with it; twice, so that a page
 * reclaim moved from one to the other in between is caught.
 *
 * Return: the pages and slots dropped, for the block accounting.
 */
unsigned long tmpfs_truncate_pages(struct inode *inode, loff_t from)
{
	struct tmpfs_swap *ts = TS(inode);
	unsigned long before, after;
	struct page *page;

	if ((from & ~PAGE_MASK) && !tmpfs_get_page(inode, from >> PAGE_SHIFT, false, &page, NULL) &&
	    page)
		put_page(page);
	mutex_lock(&ts->lock);
	before = file_pages(ts);
	mutex_unlock(&ts->lock);
	for (int pass = 0; pass < 2; pass++) {
		truncate_inode_pages(inode->i_mapping, from);
		free_swap_from(ts, DIV_ROUND_UP(from, PAGE_SIZE));
	}
	mutex_lock(&ts->lock);
	after = file_pages(ts);
	mutex_unlock(&ts->lock);
	return before > after ? before - after : 0;
}

/* Pages of the file in swap (for st_blocks). */
unsigned long tmpfs_swapped(struct inode *inode)
{
	return tmpfs_swap_backed(inode) ? READ_ONCE(TS(inode)->swapped) : 0;
}

/* The first index >= start that is in swap, or ULONG_MAX. */
pgoff_t tmpfs_next_swapped(struct inode *inode, pgoff_t start)
{
	struct tmpfs_swap *ts = TS(inode);
	unsigned long index;
	void *item;

	if (!tmpfs_swap_backed(inode))
		return ULONG_MAX;
	mutex_lock(&ts->lock);
	if (!radix_tree_gang_lookup(&ts->map, &item, &index, start, 1))
		index = ULONG_MAX;
	mutex_unlock(&ts->lock);
	return index;
}

/* Is the page at index in swap? */
bool tmpfs_in_swap(struct inode *inode, pgoff_t index)
{
	struct tmpfs_swap *ts = TS(inode);
	bool ret;

	if (!tmpfs_swap_backed(inode))
		return false;
	mutex_lock(&ts->lock);
	ret = radix_tree_lookup(&ts->map, index) != NULL;
	mutex_unlock(&ts->lock);
	return ret;
}

/* The inode is going: everything is truncated already; free the map. */
void tmpfs_swap_evict(struct inode *inode)
{
	struct tmpfs_swap *ts = TS(inode);

	if (!tmpfs_swap_backed(inode))
		return;
	free_swap_from(ts, 0);
	inode->i_private = NULL;
	kfree(ts);
}

/* ------------------------------------------------------------ swapoff */

/* The first index >= start whose slot is in area type, or -1 (ts->lock held). */
static long next_of_type(struct tmpfs_swap *ts, pgoff_t start, unsigned int type)
{
	unsigned long indices[16];
	void *items[16];
	unsigned int n;

	while ((n = radix_tree_gang_lookup(&ts->map, items, indices, start, 16))) {
		for (unsigned int i = 0; i < n; i++)
			if (swp_type(item_to_swp(items[i])) == type)
				return indices[i];
		start = indices[n - 1] + 1;
		if (!start)
			break;
	}
	return -1;
}

/* Bring back every page of the file that is in area type. */
static int unuse_inode(struct inode *inode, unsigned int type)
{
	struct tmpfs_swap *ts = TS(inode);
	struct page *page;
	pgoff_t start = 0;
	long index;
	int err;

	for (;;) {
		mutex_lock(&ts->lock);
		index = next_of_type(ts, start, type);
		mutex_unlock(&ts->lock);
		if (index < 0)
			return 0;
		if (fatal_signal_pending(current))
			return -EINTR;
		err = tmpfs_get_page(inode, index, false, &page, NULL);
		if (err)
			return err;
		if (page)
			put_page(page);
		start = index + 1;
		cond_resched();
	}
}

/**
 * shmem_unuse() - swapoff: bring back the tmpfs pages stored in area @type
 * @type: the area, closed to allocations
 *
 * Context: process context; sleeps, reads from the area.
 * Return: 0, -ENOMEM, -EIO (a slot could not be read; the page stays in
 * swap), -EINTR.
 */
int shmem_unuse(unsigned int type)
{
	struct inode **inodes;
	unsigned int nr = 0, cap = 0, i;
	struct tmpfs_swap *ts;
	int err = 0;

	spin_lock(&tmpfs_swaplist_lock);
	list_for_each_entry(ts, &tmpfs_swaplist, swaplist)
		cap++;
	spin_unlock(&tmpfs_swaplist_lock);
	if (!cap)
		return 0;
	/* Files that join meanwhile are caught by try_to_unuse()'s next pass. */
	inodes = kcalloc(cap, sizeof(*inodes), GFP_KERNEL);
	if (!inodes)
		return -ENOMEM;
	spin_lock(&tmpfs_swaplist_lock);
	list_for_each_entry(ts, &tmpfs_swaplist, swaplist) {
		if (nr == cap)
			break;
		/* An inode being evicted frees its slots itself. */
		inodes[nr] = igrab(ts->inode);
		if (inodes[nr])
			nr++;
	}
	spin_unlock(&tmpfs_swaplist_lock);
	for (i = 0; i < nr; i++) {
		if (!err)
			err = unuse_inode(inodes[i], type);
		iput(inodes[i]);
	}
	kfree(inodes);
	return err;
}

/* ------------------------------------------------------------ self test */

#ifdef CONFIG_SELFTESTS

static int tmpfs_swap_item_test(void)
{
	static const unsigned long offsets[] = { 1, 2, 255, 256, 65535, 1UL << 31, (1UL << 50) - 1 };

	for (unsigned int type = 0; type < MAX_SWAPFILES; type++) {
		for (unsigned int i = 0; i < ARRAY_SIZE(offsets); i++) {
			swp_entry_t e = swp_entry(type, offsets[i]);
			void *item = swp_to_item(e);

			ST_ASSERT(item && !((unsigned long)item & 1) && is_swp_item(item),
				  "item %p for %#lx", item, e.val);
			ST_ASSERT(item_to_swp(item).val == e.val, "%#lx came back as %#lx", e.val,
				  item_to_swp(item).val);
		}
	}
	return 0;
}
DEFINE_SELFTEST("swap: entries round-trip through radix-tree items (tmpfs map)", tmpfs_swap_item_test);
#endif
