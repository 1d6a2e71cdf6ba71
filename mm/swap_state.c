// SPDX-License-Identifier: GPL-2.0-only
/*
 * The swap cache: anonymous pages that have a swap slot, found by slot.
 *
 * A private anonymous page on its way out gets a slot (add_to_swap());
 * from then until the page is freed or the slot is given up, the page
 * sits in the swap cache: PG_swapcache set, page->private holding the
 * swap entry, and the page in the radix tree of its area's address_space
 * (swapper_spaces[type]) at index swp_offset().  Through the cache:
 *
 *   - reclaim unmaps the page, leaving swap ptes behind, writes it to the
 *     slot and frees it once the write is done and nobody mapped it again;
 *   - a fault on a swap pte finds the page still in memory, or reads it
 *     from the slot into a new cache page (lookup_swap_cache(),
 *     read_swap_cache_async(), swapin_readahead());
 *   - every process that shares the slot after fork finds the same page.
 *
 * Slot counts.  Each swap pte holds one count on its slot, and so does
 * the swap cache while the page is in it (add_to_swap() takes the slot
 * with that count; delete_from_swap_cache() drops it).  swp_swapcount()
 * therefore counts the ptes plus one for a cached page; a cached page
 * whose slot count is 1 is referenced by no pte, and the slot can be
 * given up (try_to_free_swap()).
 *
 * page->mapping is left alone: for a mapped page it is the anon_vma that
 * rmap walks start from; the last unmap clears it (page_remove_rmap()),
 * and the swap-in that maps the page again sets it anew.  Code that must
 * know whether a page is anonymous after it was unmapped tests
 * PG_swapbacked, not PageAnon().
 *
 * Locking: the page lock serialises adding a page to and removing it
 * from the cache; the area's i_pages_lock (irqs off) guards its radix
 * tree.  Lookups are lockless (find_get_page()'s RCU protocol, see
 * mm/filemap.c).  Interface: <linux/swap.h>.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/mm.h>
#include <linux/swap.h>
#include <linux/swapops.h>
#include <linux/pagemap.h>
#include <linux/rmap.h>
#include <linux/radix-tree.h>
#include <linux/vmstat.h>
#include <linux/writeback.h>
#include <linux/backing-dev.h>
#include <linux/blkdev.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/sched.h>
#include <linux/sched/mm.h>
#include <linux/sched/signal.h>
#include <linux/mmap_lock.h>
#include "internal.h"
#include "vma.h"
#include "swap.h"


static int swap_writepage(struct page *page, struct writeback_control *wbc);

static const struct address_space_operations swap_aops = {
	.writepage = swap_writepage,
};

static struct address_space swapper_spaces[MAX_SWAPFILES];

/* swap_address_space() - the address_space whose tree caches @entry's area. */
struct address_space *swap_address_space(swp_entry_t entry)
{
	return &swapper_spaces[swp_type(entry)];
}

static int __init swap_cache_init(void)
{
	for (int i = 0; i < MAX_SWAPFILES; i++) {
		struct address_space *space = &swapper_spaces[i];

		INIT_RADIX_TREE(&space->i_pages, GFP_ATOMIC | __GFP_NOWARN);
		spin_lock_init(&space->i_pages_lock);
		space->a_ops = &swap_aops;
		space->gfp_mask = GFP_HIGHUSER_MOVABLE;
		spin_lock_init(&space->private_lock);
		INIT_LIST_HEAD(&space->private_list);
	}
	return 0;
}
core_initcall(swap_cache_init);

/* ------------------------------------------------------------ the cache */

/**
 * add_to_swap_cache() - insert a page into the swap cache at a slot
 * @page: a locked anonymous page, PG_swapbacked, not in the cache
 * @entry: the slot; the caller hands the cache one count on it
 * @gfp: for the radix tree's nodes
 *
 * Context: process context; may sleep if @gfp allows.
 * Return: 0, -EEXIST if another page holds the slot already, -ENOMEM.
 */
int add_to_swap_cache(struct page *page, swp_entry_t entry, gfp_t gfp)
{
	struct address_space *space = swap_address_space(entry);
	unsigned long flags;
	int err;

	VM_BUG_ON_PAGE(!PageLocked(page) || PageSwapCache(page) || !PageSwapBacked(page), page);
	err = radix_tree_preload(gfp & GFP_TREE_MASK);
	if (err)
		return err;
	get_page(page);
	set_page_private(page, entry.val);
	SetPageSwapCache(page);
	spin_lock_irqsave(&space->i_pages_lock, flags);
	err = radix_tree_insert(&space->i_pages, swp_offset(entry), page);
	if (!err) {
		space->nrpages++;
		__mod_node_page_state(page_pgdat(page), NR_SWAPCACHE, 1);
	}
	spin_unlock_irqrestore(&space->i_pages_lock, flags);
	radix_tree_preload_end();
	if (err) {
		ClearPageSwapCache(page);
		set_page_private(page, 0);
		put_page(page);
	}
	return err;
}

/* Take the page out of its area's tree; i_pages_lock held.  Keeps the references. */
static void __delete_from_swap_cache(struct page *page, swp_entry_t entry)
{
	struct address_space *space = swap_address_space(entry);
	void *old = radix_tree_delete(&space->i_pages, swp_offset(entry));

	WARN_ON(old != page);
	ClearPageSwapCache(page);
	set_page_private(page, 0);
	space->nrpages--;
	__mod_node_page_state(page_pgdat(page), NR_SWAPCACHE, -1);
}

/**
 * delete_from_swap_cache() - take a page out of the swap cache
 * @page: a locked page in the swap cache, not under writeback
 *
 * Drops the cache's count on the slot and the cache's page reference.
 * The page keeps its contents; if ptes still name the slot, the next
 * fault reads the slot again.
 *
 * Context: process context; the caller holds the page lock.
 */
void delete_from_swap_cache(struct page *page)
{
	swp_entry_t entry = { .val = page_private(page) };
	struct address_space *space = swap_address_space(entry);
	unsigned long flags;

	VM_BUG_ON_PAGE(!PageLocked(page) || !PageSwapCache(page) || PageWriteback(page), page);
	spin_lock_irqsave(&space->i_pages_lock, flags);
	__delete_from_swap_cache(page, entry);
	spin_unlock_irqrestore(&space->i_pages_lock, flags);
	swap_free(entry);
	put_page(page);
}

/**
 * remove_swap_mapping() - free a clean cached page nobody else holds
 * @page: a locked page in the swap cache, clean, not mapped, not under
 *        writeback; the caller holds one reference besides the cache's
 *
 * Like __remove_mapping() for files: freezes the count at exactly "cache
 * + caller", so no lockless lookup can pick the page up, and takes it
 * out of the cache; the slot keeps the data for the ptes that name it.
 *
 * Return: 1 if the page left the cache (the caller's reference is then
 * the last), 0 if someone else holds it or it was dirtied meanwhile.
 */
int remove_swap_mapping(struct page *page)
{
	swp_entry_t entry = { .val = page_private(page) };
	struct address_space *space = swap_address_space(entry);
	unsigned long flags;

	VM_BUG_ON_PAGE(!PageLocked(page), page);
	spin_lock_irqsave(&space->i_pages_lock, flags);
	if (!page_ref_freeze(page, 2))
		goto busy;
	if (unlikely(PageDirty(page) || !PageSwapCache(page))) {
		page_ref_unfreeze(page, 2);
		goto busy;
	}
	__delete_from_swap_cache(page, entry);
	spin_unlock_irqrestore(&space->i_pages_lock, flags);
	page_ref_unfreeze(page, 1);
	swap_free(entry);
	return 1;
busy:
	spin_unlock_irqrestore(&space->i_pages_lock, flags);
	return 0;
}

/**
 * lookup_swap_cache() - the cached page of a slot, if there is one
 * @entry: the slot
 *
 * Context: any context that may take an RCU read lock.
 * Return: the page with a reference taken, or NULL.  The page may leave
 * the cache at any time unless the caller locks it and checks
 * PageSwapCache() and page_private() again.
 */
struct page *lookup_swap_cache(swp_entry_t entry)
{
	return find_get_page(swap_address_space(entry), swp_offset(entry));
}

/**
 * add_to_swap() - give an anonymous page a swap slot and cache it there
 * @page: a locked anonymous page (PG_swapbacked) not in the swap cache
 *
 * The page is marked dirty: the slot holds nothing yet, so reclaim must
 * write it before the page can go.
 *
 * Context: process context (reclaim).
 * Return: true on success, false if no slot is free (or no memory for
 * the tree).
 */
bool add_to_swap(struct page *page)
{
	swp_entry_t entry = get_swap_page();

	if (!entry.val)
		return false;
	if (add_to_swap_cache(page, entry, GFP_ATOMIC | __GFP_NOWARN)) {
		swap_free(entry);
		return false;
	}
	/* Its contents are valid: a fault that finds it cached maps it as it is. */
	SetPageUptodate(page);
	SetPageDirty(page);
	return true;
}

/**
 * try_to_free_swap() - give up a cached page's slot if no pte names it
 * @page: a locked page
 *
 * A page in the swap cache whose slot count is the cache's alone, and
 * that is not under writeback, leaves the cache and frees the slot.  It
 * is marked dirty: its only copy is in memory again.
 *
 * Return: true if the slot was freed.
 */
/*
 * Does the locked page cache entry with nothing else holding the slot: no
 * pte names it (the cache's count is the only one) and no write to it is
 * running?  Then the page may leave the swap cache and the slot go.
 */
static bool swap_cache_holds_slot_alone(struct page *page, swp_entry_t entry)
{
	return PageSwapCache(page) && page_private(page) == entry.val &&
	       !PageWriteback(page) && swp_swapcount(entry) == 1;
}

bool try_to_free_swap(struct page *page)
{
	VM_BUG_ON_PAGE(!PageLocked(page), page);
	if (!PageSwapCache(page) ||
	    !swap_cache_holds_slot_alone(page, (swp_entry_t){ .val = page_private(page) }))
		return false;
	delete_from_swap_cache(page);
	SetPageDirty(page);
	return true;
}

/**
 * free_swap_and_cache() - a swap pte went away (unmap, exit)
 * @entry: the slot it named
 *
 * Drops the pte's count.  If only the swap cache's count is left and the
 * cached page is not mapped, the page leaves the cache too (if its lock
 * can be had without waiting), so that a slot nobody can reach again is
 * not kept until reclaim happens to find the page.
 *
 * Context: process context; may be called under a page table lock.
 */
void free_swap_and_cache(swp_entry_t entry)
{
	struct page *page;

	swap_free(entry);
	if (swp_swapcount(entry) != 1)
		return;
	page = lookup_swap_cache(entry);
	if (!page)
		return;
	if (trylock_page(page)) {
		if (!page_mapped(page) && swap_cache_holds_slot_alone(page, entry)) {
			delete_from_swap_cache(page);
			/* Nobody can want the contents any more. */
			ClearPageDirty(page);
		}
		unlock_page(page);
	}
	put_page(page);
}

/* ------------------------------------------------------------ writing */

/*
 * ->writepage of the swap cache: reclaim's pageout() of a dirty cached
 * page.  The page comes locked with PG_dirty already cleared; it is
 * unlocked here and stays under writeback until the write completes.
 */
static int swap_writepage(struct page *page, struct writeback_control *wbc)
{
	swp_entry_t entry = { .val = page_private(page) };
	int err;

	(void)wbc;
	if (!PageSwapCache(page)) {
		unlock_page(page);
		return 0;
	}
	set_page_writeback(page);
	unlock_page(page);
	err = swap_writepage_entry(page, entry, false);
	if (err) {
		/* Never submitted: the page must be written again later. */
		set_page_dirty(page);
		end_page_writeback(page);
	}
	return err;
}

/* ------------------------------------------------------------ reading */

/**
 * read_swap_cache_async() - the cached page of a slot, reading it if needed
 * @entry: a slot some pte names
 * @gfp: for a new page
 * @new_page: set to true if the page was allocated and its read started
 *
 * A new page is allocated, locked, cached at @entry, put on the anon LRU
 * and its read submitted; the read's completion unlocks it.  A caller
 * that wants the contents locks the page (waiting for the read) and
 * checks PageUptodate().
 *
 * Context: process context; may sleep.
 * Return: the page with a reference, or NULL if the slot is free (nobody
 * names it any more) or there is no memory.
 */
struct page *read_swap_cache_async(swp_entry_t entry, gfp_t gfp, bool *new_page)
{
	struct page *page, *found;
	int err;

	*new_page = false;
	for (;;) {
		found = lookup_swap_cache(entry);
		if (found)
			return found;
		/* Freed meanwhile (or no such slot): nothing to read. */
		if (swp_swapcount(entry) <= 0)
			return NULL;
		page = alloc_page(gfp);
		if (!page)
			return NULL;
		__SetPageLocked(page);
		__SetPageSwapBacked(page);
		/* The cache takes a count of its own on the slot. */
		if (swap_duplicate(entry)) {
			__ClearPageLocked(page);
			__ClearPageSwapBacked(page);
			put_page(page);
			return NULL;
		}
		err = add_to_swap_cache(page, entry, gfp);
		if (!err)
			break;
		swap_free(entry);
		__ClearPageLocked(page);
		__ClearPageSwapBacked(page);
		put_page(page);
		if (err != -EEXIST)
			return NULL;
		/* Another task cached the slot first: use its page. */
	}
	lru_cache_add(page);
	*new_page = true;
	swap_readpage(page, entry, false);
	return page;
}

/*
 * The read-ahead window of an area adapts to what the faults do with it.
 * Pages read ahead carry PG_readahead; a fault that finds one in the swap
 * cache clears the mark and counts a hit.  At each miss (a fault that
 * has to read), the next window is chosen from what happened since the
 * previous miss:
 *   - hits: twice their number, rounded up to a power of two, at most
 *     2^page_cluster - the pages read ahead were used, read as many again;
 *   - no hits, but this miss is next to the previous one (a sequential
 *     walk that outran a window of 1): double the window;
 *   - no hits otherwise: halve it, down to the one slot the fault needs.
 * A random pattern so reads one slot per fault after a few misses, and a
 * sequential one keeps the full window.  An area starts with the full
 * window.
 */
static unsigned long swapin_window(struct swap_info_struct *si, unsigned long offset)
{
	unsigned long max = 1UL << min(READ_ONCE(page_cluster), 16);
	unsigned long window, last;
	unsigned int hits;

	if (!si)
		return 1;
	window = READ_ONCE(si->ra_window);
	last = READ_ONCE(si->ra_last_miss);
	hits = atomic_xchg(&si->ra_hits, 0);
	if (!window || window > max)
		window = max;
	if (hits)
		window = roundup_pow_of_two(2 * (unsigned long)hits);
	else if (offset == last + 1 || offset + 1 == last)
		window *= 2;
	else
		window /= 2;
	window = clamp(window, 1UL, max);
	WRITE_ONCE(si->ra_window, window);
	WRITE_ONCE(si->ra_last_miss, offset);
	return window;
}

/*
 * A cached page found by a fault: if read-ahead brought it in, that was a
 * hit.  (PG_readahead shares its bit with PG_reclaim, which only a page
 * under writeback has; such a page was not read ahead.)
 */
static void swapin_note_hit(struct page *page, swp_entry_t entry)
{
	struct swap_info_struct *si = swap_type_to_info(swp_type(entry));

	if (PageWriteback(page) || !TestClearPageReadahead(page))
		return;
	if (si)
		atomic_inc(&si->ra_hits);
	count_vm_event(SWAP_RA_HIT);
}

/**
 * swapin_readahead() - the page of a faulting slot, read with its neighbours
 * @entry: the slot of the faulting pte
 * @gfp: for the new pages
 * @major: set if any read was started (a major fault)
 *
 * A page still in the swap cache is returned at once.  Otherwise the slot
 * is read, and with it some of its neighbours: swap slots of one process
 * are allocated in clusters, so the slots around a faulting one usually
 * hold that process's neighbouring pages.  The used slots of the aligned
 * block of "window" slots around @entry are read in slot order under one
 * plug, so that their reads merge into one request; the window adapts
 * between 1 and 2^page_cluster slots to how many read-ahead pages faults
 * really used (swapin_window()).  The neighbours are allocated without
 * retrying or warning: a short read-ahead is fine, a failed fault is not.
 *
 * Return: @entry's page, referenced, or NULL.
 */
struct page *swapin_readahead(swp_entry_t entry, gfp_t gfp, bool *major)
{
	unsigned long offset = swp_offset(entry), window, first;
	unsigned int type = swp_type(entry);
	struct page *page, *extra;
	struct blk_plug plug;
	bool started;

	*major = false;
	page = lookup_swap_cache(entry);
	if (page) {
		swapin_note_hit(page, entry);
		return page;
	}
	window = swapin_window(swap_type_to_info(type), offset);
	first = offset & ~(window - 1);
	blk_start_plug(&plug);
	for (unsigned long off = first; off < first + window; off++) {
		swp_entry_t e = swp_entry(type, off);

		if (off == offset) {
			page = read_swap_cache_async(entry, gfp, &started);
			*major |= started;
			if (page && !started)
				swapin_note_hit(page, entry);	/* cached meanwhile */
			continue;
		}
		if (!off || swp_swapcount(e) <= 0)
			continue;
		extra = read_swap_cache_async(e, gfp | __GFP_NORETRY | __GFP_NOWARN, &started);
		if (!extra)
			continue;
		if (started) {
			*major = true;
			SetPageReadahead(extra);
			count_vm_event(SWAP_RA);
		}
		put_page(extra);
	}
	blk_finish_plug(&plug);
	return page;
}

/* ------------------------------------------------------------ swapoff */

/*
 * Every address space that exists now, each with a user reference (or
 * NULL with *nr 0 when there is no memory for the list).
 */
static struct mm_struct **collect_mms(unsigned int *nr)
{
	unsigned int n = 0, cap = 64;
	struct mm_struct **mms;
	struct task_struct *p;

	for (;;) {
		mms = kcalloc(cap, sizeof(*mms), GFP_KERNEL);
		if (!mms)
			break;
		n = 0;
		rcu_read_lock();
		for_each_process(p) {
			struct mm_struct *mm = READ_ONCE(p->mm);

			/* One thread per address space: the group leaders. */
			if (!mm || p->pid != p->tgid || (p->flags & PF_KTHREAD))
				continue;
			if (n == cap)
				break;
			if (mmget_not_zero(mm))
				mms[n++] = mm;
		}
		rcu_read_unlock();
		if (n < cap)
			break;
		/* Too many: let go and try with a bigger list. */
		while (n)
			mmput(mms[--n]);
		kfree(mms);
		cap *= 2;
	}
	*nr = n;
	return mms;
}

/*
 * Fault back in every page of mm whose pte names a slot of area type.
 * Returns 0, -ENOMEM, -EIO (a slot could not be read) or -EINTR.
 */
static int unuse_mm(struct mm_struct *mm, unsigned int type)
{
	struct vm_area_struct *vma;
	int ret = 0;

	mmap_read_lock(mm);
	for_each_vma(mm, vma) {
		unsigned long addr = vma->vm_start;

		if (!vma->anon_vma)
			continue;	/* never had an anonymous page */
		while (addr < vma->vm_end && !ret) {
			pte_t *ptep;
			pte_t pte;
			vm_fault_t fault;

			spin_lock(&mm->page_table_lock);
			ptep = lookup_user_pte(mm, addr);
			pte = ptep ? ptep_get(ptep) : __pte(0);
			spin_unlock(&mm->page_table_lock);
			if (!ptep) {
				/* No page table here: skip to the next one. */
				addr = (addr + PMD_SIZE) & PMD_MASK;
				continue;
			}
			if (!is_swap_pte(pte) || swp_type(pte_to_swp_entry(pte)) != type) {
				addr += PAGE_SIZE;
				continue;
			}
			if (fatal_signal_pending(current)) {
				ret = -EINTR;
				break;
			}
			fault = handle_mm_fault(vma, addr, 0, NULL);
			if (fault & VM_FAULT_OOM)
				ret = -ENOMEM;
			else if (fault & VM_FAULT_SIGBUS)
				ret = -EIO;
			/* Else look at the same pte again: it must be present now. */
			cond_resched();
		}
		if (ret)
			break;
	}
	mmap_read_unlock(mm);
	return ret;
}

/*
 * Pages of area type still in the swap cache that no pte names (read
 * ahead, left by a process that exited, or mapped again by every process
 * that shared the slot) leave the cache; their slots free up.  Returns
 * the number of slots still in use afterwards.
 */
static unsigned long drop_unused_cache(unsigned int type)
{
	struct swap_info_struct *si = swap_type_to_info(type);
	unsigned long max = si ? si->max : 0, inuse = 0;

	for (unsigned long off = 1; off < max; off++) {
		swp_entry_t entry = swp_entry(type, off);
		struct page *page;

		if (swp_swapcount(entry) <= 0)
			continue;
		page = lookup_swap_cache(entry);
		if (page) {
			lock_page(page);
			wait_on_page_writeback(page);
			if (PageSwapCache(page) && page_private(page) == entry.val)
				try_to_free_swap(page);
			unlock_page(page);
			put_page(page);
		}
		inuse += swp_swapcount(entry) > 0;
		if (!(off & 1023))
			cond_resched();
	}
	return inuse;
}

/**
 * try_to_unuse() - bring every page stored in a swap area back to memory
 * @type: the area, already closed to new allocations
 *
 * For swapoff(2): every process's ptes that name a slot of the area are
 * faulted in (read, mapped, the slot given up), then the swap cache is
 * emptied of the area's pages.  A fork that copied swap ptes meanwhile
 * is caught by another pass.
 *
 * Context: process context; sleeps, reads from the area.
 * Return: 0 when no slot of the area is in use any more; -ENOMEM when
 * memory ran out, -EIO when a slot could not be read (the pages read so
 * far stay in memory, the others stay in the area), -EINTR on a fatal
 * signal, -EBUSY if slots are still in use after several passes.
 */
int try_to_unuse(unsigned int type)
{
	for (int pass = 0; pass < 4; pass++) {
		unsigned int nr, i;
		struct mm_struct **mms = collect_mms(&nr);
		int ret = 0;

		if (!mms)
			return -ENOMEM;
		for (i = 0; i < nr; i++) {
			if (!ret)
				ret = unuse_mm(mms[i], type);
			mmput(mms[i]);
		}
		kfree(mms);
		if (!ret)
			ret = shmem_unuse(type);
		if (!ret)
			ret = shared_anon_unuse(type);
		if (ret)
			return ret;
		lru_add_drain_all();
		if (!drop_unused_cache(type))
			return 0;
	}
	return -EBUSY;
}
