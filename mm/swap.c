// SPDX-License-Identifier: GPL-2.0-only
/*
 * The LRU lists: which page-cache pages page reclaim (mm/vmscan.c) looks
 * at, and in what order.
 *
 * Interface (<linux/swap.h>): lru_cache_add(), mark_page_accessed(),
 * isolate_lru_page()/putback_lru_page(), rotate_reclaimable_page(),
 * lru_add_drain()/lru_add_drain_all(); for mm/ only (mm/internal.h):
 * page_lru(), add/del_page_to/from_lru_list(), __page_cache_release().
 *
 * Each node has one lruvec with inactive/active lists for file and anon
 * pages and an unevictable list.  Anonymous pages (PG_swapbacked) join
 * the anon lists when their first pte is installed
 * (lru_cache_add_inactive_or_unevictable()); those of VM_LOCKED VMAs are
 * mlocked and unevictable from the start, and reclaim moves any page it
 * finds in a VM_LOCKED VMA there too (cull_mlocked_page(); munlock
 * puts pages back, munlock_page()).  New pages go to the head of a list;
 * reclaim takes from the tail, so the tail holds the oldest.  A page
 * starts inactive; a second use (mark_page_accessed() finding
 * PG_referenced already set) moves it to the active list; reclaim ages
 * the active list back into the inactive one, with PG_referenced as a
 * second chance (see vmscan.c).  Pages of mappings marked AS_UNEVICTABLE
 * (ramfs) go to the unevictable list and are never scanned; tmpfs pages
 * are PG_swapbacked and on the anon lists (fs/ramfs/tmpfs_swap.c).
 *
 * The lists do not hold a reference: a page on a list has PG_lru and
 * whoever frees it takes it off (__page_cache_release() from
 * __put_page()).  Taking a page off for reclaim first gets a reference
 * with get_page_unless_zero() under lru_lock, so a page whose last
 * reference is going away is never isolated.
 *
 * Locking: lruvec->lru_lock, irqs off (rotate_reclaimable_page() runs
 * from I/O completion), guards the lists, the LRU counters and the
 * PG_lru/PG_active/PG_unevictable bits of pages on them.  lru_cache_add()
 * first collects pages in a per-CPU batch (touched by its CPU with irqs
 * off; each page in a batch holds a reference) and files a whole batch
 * under one lock round trip.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/swap.h>
#include <linux/pagemap.h>
#include <linux/rmap.h>
#include <linux/vmstat.h>
#include <linux/percpu.h>
#include <linux/smp.h>
#include "internal.h"

/* Pages a CPU collects before filing them on the LRU (Linux's pagevec size). */
#define LRU_BATCH_SIZE	15

struct lru_batch {
	unsigned int nr;
	struct page *pages[LRU_BATCH_SIZE];
};

static DEFINE_PER_CPU(struct lru_batch, lru_add_batch);

static inline struct lruvec *page_lruvec(struct page *page)
{
	return node_lruvec(page_pgdat(page));
}

enum lru_list page_lru(struct page *page)
{
	enum lru_list lru;

	if (PageUnevictable(page))
		return LRU_UNEVICTABLE;
	lru = PageSwapBacked(page) ? LRU_INACTIVE_ANON : LRU_INACTIVE_FILE;
	if (PageActive(page))
		lru++;
	return lru;
}

/* lru_lock held, irqs off. */
void update_lru_size(struct lruvec *lruvec, struct page *page, enum lru_list lru, long nr)
{
	lruvec->nr_pages[lru] += nr;
	__mod_node_page_state(page_pgdat(page), NR_LRU_BASE + lru, nr);
	__mod_zone_page_state(page_zone(page), NR_ZONE_LRU_BASE + lru, nr);
}

void add_page_to_lru_list(struct page *page, struct lruvec *lruvec)
{
	enum lru_list lru = page_lru(page);

	list_add(&page->lru, &lruvec->lists[lru]);
	update_lru_size(lruvec, page, lru, 1);
}

void del_page_from_lru_list(struct page *page, struct lruvec *lruvec)
{
	list_del(&page->lru);
	update_lru_size(lruvec, page, page_lru(page), -1);
}

/* ------------------------------------------------------------ adding */

/* Does this page belong on the unevictable list? */
static bool page_evictable(struct page *page)
{
	struct address_space *mapping = page_file_mapping(page);

	return !(mapping && mapping_unevictable(mapping)) && !PageMlocked(page);
}

/* File a CPU's batch.  Irqs off. */
static void lru_add_batch_drain(struct lru_batch *batch)
{
	struct lruvec *lruvec = NULL;
	unsigned int i, nr = batch->nr;

	if (!nr)
		return;
	for (i = 0; i < nr; i++) {
		struct page *page = batch->pages[i];
		struct lruvec *l = page_lruvec(page);

		if (l != lruvec) {
			if (lruvec)
				spin_unlock(&lruvec->lru_lock);
			lruvec = l;
			spin_lock(&lruvec->lru_lock);
		}
		if (WARN_ON_ONCE(PageLRU(page)))
			continue;
		if (!page_evictable(page)) {
			ClearPageActive(page);
			SetPageUnevictable(page);
		}
		SetPageLRU(page);
		add_page_to_lru_list(page, lruvec);
	}
	spin_unlock(&lruvec->lru_lock);
	batch->nr = 0;
	/* Outside the lock: a page truncated meanwhile is freed here. */
	for (i = 0; i < nr; i++)
		put_page(batch->pages[i]);
}

void lru_cache_add(struct page *page)
{
	struct lru_batch *batch;
	unsigned long flags;

	VM_BUG_ON_PAGE(PageLRU(page) || PageUnevictable(page), page);
	get_page(page);
	local_irq_save(flags);
	batch = this_cpu_ptr(&lru_add_batch);
	batch->pages[batch->nr++] = page;
	if (batch->nr == LRU_BATCH_SIZE)
		lru_add_batch_drain(batch);
	local_irq_restore(flags);
}

/**
 * lru_cache_add_inactive_or_unevictable() - file a new anonymous page
 * @page: a page just mapped by its first pte, PG_swapbacked set
 * @vma: the VMA of that pte
 *
 * The page joins the inactive anon list like any new page; in a
 * VM_LOCKED VMA it is mlocked at once and goes to the unevictable list
 * instead, so reclaim never sees it.
 *
 * Context: process context, no spinlock held.
 */
void lru_cache_add_inactive_or_unevictable(struct page *page, struct vm_area_struct *vma)
{
	if ((vma->vm_flags & VM_LOCKED) && !TestSetPageMlocked(page))
		mod_zone_page_state(page_zone(page), NR_MLOCK, 1);
	lru_cache_add(page);
}

/**
 * mlock_page() - a mapped page's VMA became VM_LOCKED (mlock(2))
 * @page: the page, referenced by the caller
 *
 * Sets PG_mlocked and moves the page to the unevictable list.  A page
 * that is off the LRU just now (isolated by reclaim, or in a CPU's add
 * batch) gets there when it is put back.
 *
 * Context: process context; may take lru_lock.
 */
void mlock_page(struct page *page)
{
	if (TestSetPageMlocked(page))
		return;
	mod_zone_page_state(page_zone(page), NR_MLOCK, 1);
	if (!isolate_lru_page(page)) {
		ClearPageActive(page);
		putback_lru_page(page);
	}
}

/**
 * munlock_page() - a page left the last VM_LOCKED mapping we know of
 * @page: a page that was mapped in the range being unlocked
 *
 * Clears PG_mlocked and moves the page back to an evictable list.  If
 * another VM_LOCKED VMA still maps it, reclaim finds that in its rmap
 * walk and moves it back to the unevictable list (the page is culled
 * lazily rather than counted per locked mapping).
 *
 * Context: process context; may take lru_lock.
 */
void munlock_page(struct page *page)
{
	if (!TestClearPageMlocked(page))
		return;
	mod_zone_page_state(page_zone(page), NR_MLOCK, -1);
	if (!isolate_lru_page(page)) {
		ClearPageUnevictable(page);
		putback_lru_page(page);
	}
}

/**
 * cull_mlocked_page() - reclaim met a page of a VM_LOCKED VMA
 * @page: an isolated page (PG_lru clear, reference held)
 *
 * Marks it mlocked, so that putting it back puts it on the unevictable
 * list.
 */
void cull_mlocked_page(struct page *page)
{
	if (!TestSetPageMlocked(page))
		mod_zone_page_state(page_zone(page), NR_MLOCK, 1);
	ClearPageActive(page);
	SetPageUnevictable(page);
}

void lru_add_drain(void)
{
	unsigned long flags;

	local_irq_save(flags);
	lru_add_batch_drain(this_cpu_ptr(&lru_add_batch));
	local_irq_restore(flags);
}

static void lru_add_drain_fn(void *unused)
{
	lru_add_batch_drain(this_cpu_ptr(&lru_add_batch));
}

void lru_add_drain_all(void)
{
	on_each_cpu(lru_add_drain_fn, NULL, true);
}

/* ------------------------------------------------------------ activation */

/* Is page waiting in this CPU's batch?  Irqs off. */
static bool in_local_batch(struct page *page)
{
	struct lru_batch *batch = this_cpu_ptr(&lru_add_batch);

	for (unsigned int i = 0; i < batch->nr; i++)
		if (batch->pages[i] == page)
			return true;
	return false;
}

/*
 * Move page to the active list; false if it could not be done now (it
 * waits in another CPU's batch, or reclaim has it isolated).
 */
static bool activate_page(struct page *page)
{
	struct lruvec *lruvec = page_lruvec(page);
	unsigned long flags;
	bool done = true;

	spin_lock_irqsave(&lruvec->lru_lock, flags);
	if (PageLRU(page)) {
		if (!PageActive(page) && !PageUnevictable(page)) {
			del_page_from_lru_list(page, lruvec);
			SetPageActive(page);
			SetPageWorkingset(page);
			add_page_to_lru_list(page, lruvec);
			count_vm_event(PGACTIVATE);
			workingset_activation(page);
		}
	} else if (in_local_batch(page)) {
		/* Not filed yet: the drain puts it on the active list. */
		SetPageActive(page);
		SetPageWorkingset(page);
		count_vm_event(PGACTIVATE);
		workingset_activation(page);
	} else {
		done = false;
	}
	spin_unlock_irqrestore(&lruvec->lru_lock, flags);
	return done;
}

/*
 * One use of the page:
 *   inactive, unreferenced -> inactive, referenced
 *   inactive, referenced   -> active, unreferenced
 *   active, unreferenced   -> active, referenced
 * A page read once and never again thus stays inactive and goes first.
 */
void mark_page_accessed(struct page *page)
{
	if (!PageReferenced(page)) {
		SetPageReferenced(page);
		return;
	}
	if (PageActive(page) || PageUnevictable(page))
		return;
	/* Not possible now: PG_referenced stays, the next use tries again. */
	if (activate_page(page))
		ClearPageReferenced(page);
}

/* ------------------------------------------------------------ isolation */

int isolate_lru_page(struct page *page)
{
	struct lruvec *lruvec = page_lruvec(page);
	unsigned long flags;
	int ret = -EBUSY;

	/* The caller holds a reference, so the page cannot be freed under us. */
	VM_BUG_ON_PAGE(!page_count(page), page);
	spin_lock_irqsave(&lruvec->lru_lock, flags);
	if (PageLRU(page)) {
		get_page(page);
		ClearPageLRU(page);
		del_page_from_lru_list(page, lruvec);
		ret = 0;
	}
	spin_unlock_irqrestore(&lruvec->lru_lock, flags);
	return ret;
}

void putback_lru_page(struct page *page)
{
	struct lruvec *lruvec = page_lruvec(page);
	unsigned long flags;

	spin_lock_irqsave(&lruvec->lru_lock, flags);
	if (!page_evictable(page)) {
		ClearPageActive(page);
		SetPageUnevictable(page);
	}
	SetPageLRU(page);
	add_page_to_lru_list(page, lruvec);
	spin_unlock_irqrestore(&lruvec->lru_lock, flags);
	put_page(page);		/* the isolation reference */
}

/*
 * Writeback of a page reclaim wanted to free has finished: move it to
 * the tail of the inactive list so the next scan finds it first.
 */
void rotate_reclaimable_page(struct page *page)
{
	struct lruvec *lruvec = page_lruvec(page);
	unsigned long flags;

	spin_lock_irqsave(&lruvec->lru_lock, flags);
	if (PageLRU(page) && !PageActive(page) && !PageUnevictable(page)) {
		list_move_tail(&page->lru, &lruvec->lists[page_lru(page)]);
		count_vm_event(PGROTATED);
	}
	spin_unlock_irqrestore(&lruvec->lru_lock, flags);
	/* A reclaimer may be waiting for exactly this (reclaim_throttle()). */
	if (waitqueue_active(&page_pgdat(page)->reclaim_wait))
		wake_up_all(&page_pgdat(page)->reclaim_wait);
}

/*
 * The last reference to page is gone (from __put_page()): take it off
 * its LRU list and drop the LRU state before it goes back to the
 * allocator.  Nobody can isolate it now (get_page_unless_zero() fails).
 */
void __page_cache_release(struct page *page)
{
	if (PageLRU(page)) {
		struct lruvec *lruvec = page_lruvec(page);
		unsigned long flags;

		spin_lock_irqsave(&lruvec->lru_lock, flags);
		if (TestClearPageLRU(page))
			del_page_from_lru_list(page, lruvec);
		spin_unlock_irqrestore(&lruvec->lru_lock, flags);
	}
	/* Nobody else can reach a page with no references: no atomics needed. */
	if (unlikely(PageActive(page)))
		__ClearPageActive(page);
	if (unlikely(PageUnevictable(page)))
		__ClearPageUnevictable(page);
	if (unlikely(PageMlocked(page))) {
		__ClearPageMlocked(page);
		mod_zone_page_state(page_zone(page), NR_MLOCK, -1);
	}
	if (PageSwapBacked(page))
		__ClearPageSwapBacked(page);
}
