// SPDX-License-Identifier: GPL-2.0-only
/*
 * Page reclaim: freeing page-cache pages and anonymous pages (to swap)
 * (and, through shrinkers, objects of other caches) when free memory runs
 * low.
 *
 * Interface (<linux/swap.h>): wakeup_kswapd() and try_to_free_pages()
 * for the page allocator's slow path, register_shrinker()/
 * unregister_shrinker(), drop_slab(), remove_mapping(),
 * try_to_release_page().  The vm sysctls min_free_kbytes,
 * watermark_scale_factor, swappiness and page-cluster are registered
 * here.
 *
 * Who reclaims.  Each zone has MIN < LOW < HIGH watermarks
 * (mm/page_alloc.c).  An allocation that finds a zone below LOW wakes the
 * node's kswapd, which reclaims until every zone is above HIGH and goes
 * back to sleep.  An allocation that may sleep (__GFP_DIRECT_RECLAIM) and
 * still finds nothing above MIN reclaims itself (direct reclaim) before
 * it fails.  Reclaimers run with PF_MEMALLOC: their own allocations may
 * use the reserves below MIN and never recurse into reclaim.
 *
 * What is reclaimed.  A pass over a node scans the inactive lists from
 * their tails (oldest first), a 2^-priority share of each, priority going
 * from DEF_PRIORITY down to 0 until enough is freed; get_scan_count()
 * shares the pass between the anon and file lists (vm.swappiness and the
 * recent cost of each).  shrink_page_list() decides page by page:
 * locked or under writeback pages stay; mapped pages that were used stay
 * (page_check_references()); anonymous pages get a swap slot
 * (add_to_swap()), lose their ptes to swap ptes (try_to_unmap()) and are
 * written to the slot here; dirty file pages are left to the flushers;
 * clean pages leave their cache (the swap cache or the file's) and are
 * freed.  A dirty or writeback page is never freed.  Active lists longer
 * than their inactive ones are aged into them.  Shrinkers get a share of
 * work proportional to the share of the LRU that was scanned.  A pass
 * that falls short while its writes are in flight waits for them
 * (reclaim_throttle()).  Documentation/mm/reclaim.md has the details.
 *
 * Locking: the LRU lists under lru_lock (irqs off), taken in short
 * batches of SWAP_CLUSTER_MAX pages: pages are isolated (PG_lru off, a
 * reference held) and then examined with no lock but their page lock.
 * shrinker_rwsem guards the shrinker list (read for scans).
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/mm.h>
#include <linux/swap.h>
#include <linux/swapops.h>
#include <linux/pagemap.h>
#include <linux/rmap.h>
#include <linux/writeback.h>
#include <linux/buffer_head.h>
#include <linux/blkdev.h>
#include <linux/vmstat.h>
#include <linux/rwsem.h>
#include <linux/sched.h>
#include <linux/kthread.h>
#include <linux/sysctl.h>
#include <linux/printk.h>
#include <linux/jiffies.h>
#include <asm/tlbflush.h>
#include "internal.h"
#include "vma.h"

/* Reclaim priorities: a pass scans (list size >> priority) pages. */
#define DEF_PRIORITY	12

struct scan_control {
	unsigned long nr_to_reclaim;	/* stop once this many are freed */
	unsigned long nr_reclaimed;
	unsigned long nr_scanned;	/* inactive pages looked at */
	gfp_t gfp_mask;
	int priority;
	bool kswapd;
	unsigned long nr_dirty;		/* dirty file pages met (flushers needed) */
	unsigned long nr_writeback;	/* pages met under writeback */
	unsigned long nr_pageout;	/* anonymous pages sent to swap */
	unsigned long nr_activated;	/* inactive pages found in use and activated */
	bool no_io;			/* boosted reclaim: clean pages only, no swap */
};

/* vm.swappiness: 0..200, how readily anonymous memory goes to swap (Linux's 60). */
int vm_swappiness = 60;
/* vm.page-cluster: swap-in reads 2^page_cluster slots around a fault. */
int page_cluster = 3;

/* ------------------------------------------------------------ freeing one page */

bool try_to_release_page(struct page *page, gfp_t gfp)
{
	struct address_space *mapping = page->mapping;

	VM_BUG_ON_PAGE(!PageLocked(page), page);
	if (PageWriteback(page))
		return false;
	if (mapping && mapping->a_ops && mapping->a_ops->releasepage)
		return mapping->a_ops->releasepage(page, gfp);
	return try_to_free_buffers(page);
}

int remove_mapping(struct address_space *mapping, struct page *page)
{
	/* The cache's reference and the caller's. */
	return __remove_mapping(mapping, page, 2, false);
}

/* ------------------------------------------------------------ LRU scanning */

static inline struct page *lru_to_page(struct list_head *head)
{
	return list_entry(head->prev, struct page, lru);
}

/*
 * Move up to nr_to_scan pages from the tail of list lru to dst, each
 * with a reference and PG_lru cleared.  lru_lock held.
 */
static unsigned long isolate_lru_pages(struct lruvec *lruvec, enum lru_list lru,
				       unsigned long nr_to_scan, struct list_head *dst,
				       unsigned long *nr_scanned)
{
	struct list_head *src = &lruvec->lists[lru];
	unsigned long taken = 0, scanned = 0;

	while (scanned < nr_to_scan && !list_empty(src)) {
		struct page *page = lru_to_page(src);

		scanned++;
		/* Its last reference is being dropped: the freer takes it off. */
		if (!get_page_unless_zero(page)) {
			list_move(&page->lru, src);
			continue;
		}
		ClearPageLRU(page);
		list_del(&page->lru);
		update_lru_size(lruvec, page, lru, -1);
		list_add(&page->lru, dst);
		taken++;
	}
	*nr_scanned = scanned;
	return taken;
}

/*
 * Put isolated pages back on their lists and drop the isolation
 * references.  Pages whose last reference that was are freed.
 */
static void putback_pages(struct lruvec *lruvec, struct list_head *list)
{
	LIST_HEAD(to_free);
	unsigned long flags;

	spin_lock_irqsave(&lruvec->lru_lock, flags);
	while (!list_empty(list)) {
		struct page *page = lru_to_page(list);

		list_del(&page->lru);
		SetPageLRU(page);
		add_page_to_lru_list(page, lruvec);
		if (put_page_testzero(page)) {
			/* Truncated while we had it: nobody else wants it. */
			ClearPageLRU(page);
			del_page_from_lru_list(page, lruvec);
			list_add(&page->lru, &to_free);
		}
	}
	spin_unlock_irqrestore(&lruvec->lru_lock, flags);
	while (!list_empty(&to_free)) {
		struct page *page = lru_to_page(&to_free);

		list_del(&page->lru);
		__put_page(page);
	}
}

/* What a look at the ptes of an inactive page decides. */
enum page_references {
	PAGEREF_ACTIVATE,	/* in use: back to the active list */
	PAGEREF_KEEP,		/* mapped file page used once so far: another round */
	PAGEREF_RECLAIM,	/* not used since the last look: may go */
	PAGEREF_MLOCKED,	/* a VM_LOCKED VMA maps it: unevictable */
};

/*
 * An anonymous page that was used is activated.  A mapped file page used
 * once (one young pte, PG_referenced not yet set) only gets
 * PG_referenced and another round on the inactive list: a file mapped,
 * read through once and dropped (the traversal of seed 002) must not
 * crowd out the active list.  A second use, several ptes, or an
 * executable mapping activates it.  The page lock is held.
 */
static enum page_references page_check_references(struct page *page)
{
	unsigned long vm_flags;
	int ptes = page_referenced(page, &vm_flags);
	bool was_referenced;

	if (vm_flags & VM_LOCKED)
		return PAGEREF_MLOCKED;
	if (!ptes)
		return PAGEREF_RECLAIM;
	if (PageSwapBacked(page))
		return PAGEREF_ACTIVATE;
	was_referenced = TestSetPageReferenced(page);
	if (was_referenced || ptes > 1 || (vm_flags & VM_EXEC))
		return PAGEREF_ACTIVATE;
	return PAGEREF_KEEP;
}

/* May this pass put anonymous pages in swap? */
static bool may_swap(struct scan_control *sc)
{
	return !sc->no_io && (sc->gfp_mask & __GFP_IO) && get_nr_swap_pages() > 0;
}

/*
 * Write a dirty anonymous page to its swap slot (the page is locked and
 * in the swap cache, no pte maps it).  The write unlocks the page;
 * PG_reclaim brings it to the tail of the inactive list when the write
 * is done, to be freed at the next look.  Returns false if the page
 * could not be written now (it stays locked).
 */
static bool pageout_anon(struct page *page, struct scan_control *sc)
{
	struct writeback_control wbc = {
		.sync_mode = WB_SYNC_NONE,
		.nr_to_write = 1,
		.for_reclaim = 1,
	};

	if (!clear_page_dirty_for_io(page))
		return false;
	SetPageReclaim(page);
	if (swap_address_space((swp_entry_t){ .val = page_private(page) })->a_ops->writepage(page,
											 &wbc)) {
		ClearPageReclaim(page);
		return true;	/* unlocked; redirtied for a later try */
	}
	sc->nr_pageout++;
	inc_node_page_state(page, NR_VMSCAN_WRITE);
	return true;
}

/*
 * A tmpfs page (swap-backed, in a file's cache) or a shared anonymous
 * page; locked, unmapped: its file system's ->writepage (or
 * shared_anon_writepage()) moves it to the swap cache at a new slot and
 * starts the write, unlocking it; the page is freed at a later look like
 * any clean swap cache page.  Returns false if it stays (still locked).
 */
static bool pageout_shmem(struct page *page, struct address_space *mapping,
			  struct scan_control *sc)
{
	struct writeback_control wbc = {
		.sync_mode = WB_SYNC_NONE,
		.nr_to_write = 1,
		.for_reclaim = 1,
	};
	int (*writepage)(struct page *page, struct writeback_control *wbc) =
		shared_anon_writepage;

	if (mapping) {
		if (!mapping->a_ops || !mapping->a_ops->writepage)
			return false;
		writepage = mapping->a_ops->writepage;
	}
	SetPageReclaim(page);
	if (writepage(page, &wbc) == AOP_WRITEPAGE_ACTIVATE) {
		ClearPageReclaim(page);
		return false;
	}
	sc->nr_pageout++;
	inc_node_page_state(page, NR_VMSCAN_WRITE);
	return true;
}

/* What shrink_page_list() does with a page after a step. */
enum page_fate {
	PAGE_UNMAPPED,		/* locked, no pte maps it: go on to the second pass */
	PAGE_FREED,		/* gone from the cache, reference dropped */
	PAGE_KEEP,		/* stays; already unlocked (its write started) */
	PAGE_KEEP_LOCKED,	/* stays inactive */
	PAGE_ACTIVATE,		/* stays, to the active list */
};

/*
 * First pass over one page: lock it, decide whether it can go, give an
 * anonymous page its swap slot and clear its ptes, with the TLB flush
 * deferred into batch.
 */
static enum page_fate unmap_for_reclaim(struct page *page, struct scan_control *sc,
					struct tlb_unmap_batch *batch)
{
	bool anon;

	if (!trylock_page(page))
		return PAGE_KEEP;
	anon = PageSwapBacked(page);
	if (PageWriteback(page)) {
		sc->nr_writeback++;
		SetPageReclaim(page);
		/* Writeback ended in between: PG_reclaim would mean PG_readahead. */
		if (!PageWriteback(page))
			ClearPageReclaim(page);
		return PAGE_KEEP_LOCKED;
	}
	if (page_mapped(page)) {
		/* Mapped, not swap-backed, in no file: nothing to page it to. */
		if (!anon && !page_file_mapping(page))
			return PAGE_ACTIVATE;
		switch (page_check_references(page)) {
		case PAGEREF_MLOCKED:
			cull_mlocked_page(page);
			return PAGE_KEEP_LOCKED;
		case PAGEREF_ACTIVATE:
			return PAGE_ACTIVATE;
		case PAGEREF_KEEP:
			return PAGE_KEEP_LOCKED;
		case PAGEREF_RECLAIM:
			break;
		}
	}
	if (anon && (page_file_mapping(page) || PageSharedAnon(page))) {
		/* tmpfs, shared anon: the file system finds the slot when it writes. */
		if (!may_swap(sc))
			return PAGE_ACTIVATE;
	} else if (anon && !PageSwapCache(page)) {
		/* Not mapped and not cached: its last owner is letting go. */
		if (!page_mapped(page))
			return PAGE_KEEP_LOCKED;
		if (!may_swap(sc) || !add_to_swap(page))
			return PAGE_ACTIVATE;
	}
	if (page_mapped(page) && !try_to_unmap_batched(page, 0, batch))
		return PAGE_ACTIVATE;
	return PAGE_UNMAPPED;
}

/*
 * Second pass, after the batch's TLB flush: no CPU can reach the page
 * through a pte any more.  Write it to swap if it is dirty and
 * swap-backed, or take it out of its cache and free it if it is clean.
 */
static enum page_fate reclaim_unmapped_page(struct page *page, struct scan_control *sc)
{
	struct address_space *mapping = page_file_mapping(page);
	bool anon = PageSwapBacked(page);

	if (anon && (mapping || PageSharedAnon(page)))
		return pageout_shmem(page, mapping, sc) ? PAGE_KEEP : PAGE_ACTIVATE;
	if (PageDirty(page)) {
		if (!anon) {
			sc->nr_dirty++;
			SetPageReclaim(page);
			return PAGE_KEEP_LOCKED;
		}
		if (sc->no_io || !(sc->gfp_mask & __GFP_IO) || !pageout_anon(page, sc))
			return PAGE_KEEP_LOCKED;
		/* The write unlocked the page; it is freed when found again. */
		return PAGE_KEEP;
	}
	if (anon) {
		if (!remove_swap_mapping(page))
			return PAGE_KEEP_LOCKED;
	} else {
		mapping = page->mapping;
		if (PagePrivate(page) && !try_to_release_page(page, sc->gfp_mask))
			return PAGE_ACTIVATE;
		if (!mapping || !__remove_mapping(mapping, page, 2, true))
			return PAGE_KEEP_LOCKED;
	}
	/* Out of the cache; ours is the last reference. */
	ClearPageReferenced(page);
	unlock_page(page);
	put_page(page);
	return PAGE_FREED;
}

/* A page that stays: unlock it as its fate says and queue it on kept. */
static void keep_page(struct page *page, enum page_fate fate, struct scan_control *sc,
		      struct list_head *kept)
{
	switch (fate) {
	case PAGE_ACTIVATE:
		/* A swap slot is wasted on a page that stays while swap runs out. */
		if (PageSwapCache(page) && swap_nearly_full())
			try_to_free_swap(page);
		SetPageActive(page);
		SetPageWorkingset(page);
		sc->nr_activated++;
		count_vm_event(PGACTIVATE);
		workingset_activation(page);
		/* fall through */
	case PAGE_KEEP_LOCKED:
		unlock_page(page);
		/* fall through */
	case PAGE_KEEP:
		list_add(&page->lru, kept);
		break;
	case PAGE_UNMAPPED:
	case PAGE_FREED:
		WARN_ON_ONCE(1);
		break;
	}
}

/*
 * Try to free each isolated page on list; what stays goes back on list
 * (activated or not).  Returns the number freed.
 *
 * Two passes.  The first clears the ptes of every page that can go:
 * anonymous pages (PG_swapbacked) are given a swap slot and put in the
 * swap cache (add_to_swap()) first, so each pte becomes a swap pte;
 * tmpfs pages and shared anonymous pages are unmapped through the file's
 * i_mmap or the object's VMA list.  The TLB flushes of all those ptes are
 * collected and done once, between the passes: no page may be written
 * or freed while another CPU can still store to it through a stale
 * entry.  The second pass writes dirty anonymous pages to their slots
 * (freed at a later look once the write is done), hands tmpfs and shared
 * anonymous pages to the file system's ->writepage or
 * shared_anon_writepage(), which move them to the swap cache
 * (pageout_shmem()), and frees clean pages.  File pages are never
 * written by reclaim: a dirty one is left for the flushers.
 */
static unsigned long shrink_page_list(struct list_head *list, struct scan_control *sc)
{
	struct tlb_unmap_batch batch;
	LIST_HEAD(unmapped);
	LIST_HEAD(kept);
	unsigned long freed = 0;
	enum page_fate fate;

	tlb_unmap_batch_init(&batch);
	while (!list_empty(list)) {
		struct page *page = lru_to_page(list);

		list_del(&page->lru);
		fate = unmap_for_reclaim(page, sc, &batch);
		if (fate == PAGE_UNMAPPED)
			list_add_tail(&page->lru, &unmapped);	/* keeps the slot order */
		else
			keep_page(page, fate, sc, &kept);
	}
	tlb_unmap_batch_flush(&batch);
	while (!list_empty(&unmapped)) {
		struct page *page = list_first_entry(&unmapped, struct page, lru);

		list_del(&page->lru);
		fate = reclaim_unmapped_page(page, sc);
		if (fate == PAGE_FREED)
			freed++;
		else
			keep_page(page, fate, sc, &kept);
	}
	list_splice(&kept, list);
	return freed;
}

/* 0 for the anon lists, 1 for the file lists: the index of the cost counters. */
static inline int lru_is_file(enum lru_list lru)
{
	return lru == LRU_INACTIVE_FILE || lru == LRU_ACTIVE_FILE;
}

/* Count pages scanned and pages that turned out to be in use, per type. */
static void note_scan_cost(struct lruvec *lruvec, int file, unsigned long scanned,
			   unsigned long rotated)
{
	spin_lock_irq(&lruvec->lru_lock);
	lruvec->recent_scanned[file] += scanned;
	lruvec->recent_rotated[file] += rotated;
	spin_unlock_irq(&lruvec->lru_lock);
}

static unsigned long shrink_inactive_list(unsigned long nr_to_scan, struct lruvec *lruvec,
					  enum lru_list lru, struct scan_control *sc)
{
	struct pglist_data *pgdat = container_of(lruvec, struct pglist_data, __lruvec);
	int file = lru_is_file(lru);
	enum node_stat_item isolated = file ? NR_ISOLATED_FILE : NR_ISOLATED_ANON;
	unsigned long nr_taken, nr_scanned, nr_reclaimed, nr_activated = 0;
	struct page *page;
	LIST_HEAD(page_list);

	lru_add_drain();
	spin_lock_irq(&lruvec->lru_lock);
	nr_taken = isolate_lru_pages(lruvec, lru, nr_to_scan, &page_list, &nr_scanned);
	__mod_node_page_state(pgdat, isolated, nr_taken);
	spin_unlock_irq(&lruvec->lru_lock);
	count_vm_events(sc->kswapd ? PGSCAN_KSWAPD : PGSCAN_DIRECT, nr_scanned);
	count_vm_events(file ? PGSCAN_FILE : PGSCAN_ANON, nr_scanned);
	sc->nr_scanned += nr_scanned;
	if (!nr_taken)
		return 0;

	nr_reclaimed = shrink_page_list(&page_list, sc);
	count_vm_events(sc->kswapd ? PGSTEAL_KSWAPD : PGSTEAL_DIRECT, nr_reclaimed);
	count_vm_events(file ? PGSTEAL_FILE : PGSTEAL_ANON, nr_reclaimed);
	list_for_each_entry(page, &page_list, lru)
		nr_activated += PageActive(page);
	note_scan_cost(lruvec, file, nr_taken, nr_activated);
	mod_node_page_state(pgdat, isolated, -(long)nr_taken);
	putback_pages(lruvec, &page_list);
	return nr_reclaimed;
}

/*
 * Age nr_to_scan pages from the tail of an active list.  Mapped pages
 * have their accessed bits tested and cleared (page_referenced()), so
 * that the inactive list judges them by what happens from now on; an
 * executable file mapping that was used stays active (program text is
 * expensive to lose).  An unmapped page with PG_referenced loses the bit
 * and stays: its second chance.  Everything else goes inactive.
 */
static void shrink_active_list(unsigned long nr_to_scan, struct lruvec *lruvec,
			       enum lru_list lru)
{
	struct pglist_data *pgdat = container_of(lruvec, struct pglist_data, __lruvec);
	int file = lru_is_file(lru);
	enum node_stat_item isolated = file ? NR_ISOLATED_FILE : NR_ISOLATED_ANON;
	unsigned long nr_taken, nr_scanned, nr_deactivated = 0, nr_kept = 0;
	LIST_HEAD(l_hold);
	LIST_HEAD(l_back);

	lru_add_drain();
	spin_lock_irq(&lruvec->lru_lock);
	nr_taken = isolate_lru_pages(lruvec, lru, nr_to_scan, &l_hold, &nr_scanned);
	__mod_node_page_state(pgdat, isolated, nr_taken);
	spin_unlock_irq(&lruvec->lru_lock);
	count_vm_events(PGREFILL, nr_scanned);

	while (!list_empty(&l_hold)) {
		struct page *page = lru_to_page(&l_hold);
		bool keep = false;

		list_del(&page->lru);
		if (page_mapped(page) && trylock_page(page)) {
			unsigned long vm_flags;

			if (page_referenced(page, &vm_flags) && file && (vm_flags & VM_EXEC))
				keep = true;
			unlock_page(page);
		}
		if (TestClearPageReferenced(page) && !page_mapped(page))
			keep = true;
		if (keep) {
			nr_kept++;
		} else {
			ClearPageActive(page);
			nr_deactivated++;
		}
		list_add(&page->lru, &l_back);
	}
	count_vm_events(PGDEACTIVATE, nr_deactivated);
	note_scan_cost(lruvec, file, nr_taken, nr_kept);
	mod_node_page_state(pgdat, isolated, -(long)nr_taken);
	putback_pages(lruvec, &l_back);
}

/* ------------------------------------------------------------ shrinkers */

static LIST_HEAD(shrinker_list);
static DECLARE_RWSEM(shrinker_rwsem);

int register_shrinker(struct shrinker *s)
{
	if (WARN_ON(!s->count_objects || !s->scan_objects))
		return -EINVAL;
	if (!s->seeks)
		s->seeks = DEFAULT_SEEKS;
	atomic_long_set(&s->nr_deferred, 0);
	down_write(&shrinker_rwsem);
	list_add_tail(&s->list, &shrinker_list);
	up_write(&shrinker_rwsem);
	return 0;
}

void unregister_shrinker(struct shrinker *s)
{
	down_write(&shrinker_rwsem);
	list_del(&s->list);
	up_write(&shrinker_rwsem);
}

/*
 * Ask one shrinker to scan its share: (4 * scanned / seeks) of its
 * objects per eligible LRU page scanned, plus what earlier calls were
 * too small to do.  At most twice its object count per call.
 */
static unsigned long do_shrink_slab(struct shrink_control *sc, struct shrinker *s,
				    unsigned long nr_scanned, unsigned long nr_eligible)
{
	long batch = s->batch ? s->batch : SHRINK_BATCH;
	unsigned long freeable, freed = 0;
	unsigned long long delta;
	long total_scan;

	freeable = s->count_objects(s, sc);
	if (!freeable)
		return 0;
	delta = (4ULL * nr_scanned / s->seeks) * freeable / (nr_eligible + 1);
	total_scan = atomic_long_xchg(&s->nr_deferred, 0) + (long)delta;
	if (total_scan > (long)freeable * 2)
		total_scan = freeable * 2;

	while (total_scan >= batch || total_scan >= (long)freeable) {
		unsigned long ret, nr = min_t(long, batch, total_scan);

		sc->nr_to_scan = nr;
		sc->nr_scanned = nr;
		ret = s->scan_objects(s, sc);
		if (ret == SHRINK_STOP)
			break;
		freed += ret;
		count_vm_events(SLABS_SCANNED, sc->nr_scanned);
		total_scan -= sc->nr_scanned;
		if (!total_scan)
			break;
		cond_resched();
	}
	if (total_scan > 0)
		atomic_long_add(total_scan, &s->nr_deferred);
	return freed;
}

static unsigned long shrink_slab(gfp_t gfp, unsigned long nr_scanned,
				 unsigned long nr_eligible)
{
	struct shrink_control sc = { .gfp_mask = gfp };
	unsigned long freed = 0;
	struct shrinker *s;

	if (!down_read_trylock(&shrinker_rwsem))
		return 0;
	list_for_each_entry(s, &shrinker_list, list)
		freed += do_shrink_slab(&sc, s, nr_scanned, nr_eligible);
	up_read(&shrinker_rwsem);
	return freed;
}

void drop_slab(void)
{
	unsigned long freed;

	/* Scan everything each round, until a round frees next to nothing. */
	do {
		struct shrink_control sc = { .gfp_mask = GFP_KERNEL };
		struct shrinker *s;

		freed = 0;
		down_read(&shrinker_rwsem);
		list_for_each_entry(s, &shrinker_list, list) {
			unsigned long n = s->count_objects(s, &sc);

			while (n) {
				unsigned long ret;

				sc.nr_to_scan = min_t(unsigned long, n, SHRINK_BATCH);
				sc.nr_scanned = sc.nr_to_scan;
				ret = s->scan_objects(s, &sc);
				if (ret == SHRINK_STOP || !ret)
					break;
				freed += ret;
				count_vm_events(SLABS_SCANNED, sc.nr_scanned);
				n -= min(n, sc.nr_scanned);
				cond_resched();
			}
		}
		up_read(&shrinker_rwsem);
	} while (freed > 10);
}

/* ------------------------------------------------------------ one node */

static unsigned long scan_share(unsigned long size, int priority)
{
	unsigned long scan = size >> priority;

	/* Small lists are still scanned, a batch at a time. */
	return max(scan, min(size, SWAP_CLUSTER_MAX));
}

/*
 * Trim only the file cache?  Yes while the inactive file list can feed
 * this pass by itself and the file pages reclaim drops are not coming
 * back: no refault was activated (mm/workingset.c) since the last time
 * this was asked.  Then a streaming reader's or a traversal's used-once
 * pages go, and a process's anonymous working set is not pushed to swap
 * for them.  Only in the first half of the passes (priority down to
 * DEF_PRIORITY / 2, scanning 1/64 of each list): mapped pages used once
 * take two rounds of the inactive list, so the first passes may free
 * little, but a reclaim that keeps failing on the file lists (dirty
 * pages, pages under writeback) falls back to the balanced scan.
 */
static bool file_trim_only(struct lruvec *lruvec, struct scan_control *sc)
{
	unsigned long refaults = node_page_state(lruvec_pgdat(lruvec), WORKINGSET_ACTIVATE_FILE);
	unsigned long before = atomic_long_xchg(&lruvec->trim_refaults, refaults);

	if (sc->priority < DEF_PRIORITY / 2 || refaults != before)
		return false;
	return READ_ONCE(lruvec->nr_pages[LRU_INACTIVE_FILE]) >> sc->priority >= 1 &&
	       READ_ONCE(lruvec->nr_pages[LRU_INACTIVE_FILE]) >= 2 * SWAP_CLUSTER_MAX;
}

/*
 * How much of each list this pass scans (the split LRU's balance).
 *
 * Anonymous pages are scanned only if they can go somewhere: swap with
 * free slots and a caller that may do I/O.  Otherwise, whenever
 * vm.swappiness is 0 while file pages are still plentiful, and while the
 * file cache can be trimmed alone (file_trim_only()), only the file lists
 * are scanned.
 *
 * Otherwise the two types share the pass by cost.  Each type's weight is
 * its swappiness share (swappiness for anon, 200 - swappiness for file,
 * so 100 weighs them equally) times scanned/rotated: the fewer of the
 * pages scanned lately turned out to be in use (rotated back to the
 * active list), the cheaper that type is to reclaim from and the more of
 * the scan it gets.  The counters are halved once they exceed a quarter
 * of their lists, so they follow the current workload.  Each list is
 * scanned (size >> priority) times its type's share.
 */
static void get_scan_count(struct lruvec *lruvec, struct scan_control *sc,
			   unsigned long nr[NR_LRU_LISTS])
{
	unsigned long anon = lruvec->nr_pages[LRU_INACTIVE_ANON] +
			     lruvec->nr_pages[LRU_ACTIVE_ANON];
	unsigned long file = lruvec->nr_pages[LRU_INACTIVE_FILE] +
			     lruvec->nr_pages[LRU_ACTIVE_FILE];
	int swappiness = READ_ONCE(vm_swappiness);
	u64 weight[2], denominator;
	enum lru_list lru;

	for_each_lru(lru)
		nr[lru] = 0;
	nr[LRU_INACTIVE_FILE] = scan_share(lruvec->nr_pages[LRU_INACTIVE_FILE], sc->priority);
	nr[LRU_ACTIVE_FILE] = scan_share(lruvec->nr_pages[LRU_ACTIVE_FILE], sc->priority);
	if (!anon || !may_swap(sc))
		return;
	/* Swappiness 0: anonymous memory goes only when file pages run out. */
	if (!swappiness && file > pgdat_high_wmark_total(lruvec_pgdat(lruvec)))
		return;
	if (file_trim_only(lruvec, sc))
		return;

	spin_lock_irq(&lruvec->lru_lock);
	for (int t = 0; t < 2; t++) {
		unsigned long size = t ? file : anon;

		if (lruvec->recent_scanned[t] > size / 4) {
			lruvec->recent_scanned[t] /= 2;
			lruvec->recent_rotated[t] /= 2;
		}
	}
	weight[0] = (u64)(swappiness + 1) * (lruvec->recent_scanned[0] + 1) /
		    (lruvec->recent_rotated[0] + 1);
	weight[1] = (u64)(200 - swappiness + 1) * (lruvec->recent_scanned[1] + 1) /
		    (lruvec->recent_rotated[1] + 1);
	spin_unlock_irq(&lruvec->lru_lock);
	denominator = weight[0] + weight[1];

	for (lru = LRU_INACTIVE_ANON; lru <= LRU_ACTIVE_FILE; lru++) {
		unsigned long share = scan_share(lruvec->nr_pages[lru], sc->priority);
		u64 w = weight[lru_is_file(lru)];

		/* Scale, keeping at least one batch of a list that has any share. */
		nr[lru] = (u64)share * w * 2 / denominator;
		if (w && nr[lru] < min(share, SWAP_CLUSTER_MAX))
			nr[lru] = min(share, SWAP_CLUSTER_MAX);
		nr[lru] = min(nr[lru], lruvec->nr_pages[lru]);
	}
}

/* Keep an inactive list at least as long as its active one (by aging the active). */
static bool inactive_is_low(struct lruvec *lruvec, enum lru_list inactive_lru)
{
	return READ_ONCE(lruvec->nr_pages[inactive_lru]) <
	       READ_ONCE(lruvec->nr_pages[inactive_lru + 1]);
}

static void shrink_node(struct pglist_data *pgdat, struct scan_control *sc)
{
	struct lruvec *lruvec = node_lruvec(pgdat);
	unsigned long lru_pages = 0, scanned_before = sc->nr_scanned;
	unsigned long nr[NR_LRU_LISTS];
	struct blk_plug plug;
	enum lru_list lru;

	get_scan_count(lruvec, sc, nr);
	for (lru = LRU_INACTIVE_ANON; lru <= LRU_ACTIVE_FILE; lru++)
		lru_pages += READ_ONCE(lruvec->nr_pages[lru]);

	/* Age the active lists that outweigh their inactive ones, as far as this pass scans. */
	if (nr[LRU_ACTIVE_ANON] && inactive_is_low(lruvec, LRU_INACTIVE_ANON))
		shrink_active_list(nr[LRU_ACTIVE_ANON], lruvec, LRU_ACTIVE_ANON);
	if (inactive_is_low(lruvec, LRU_INACTIVE_FILE))
		shrink_active_list(nr[LRU_ACTIVE_FILE], lruvec, LRU_ACTIVE_FILE);

	/*
	 * Then the inactive lists, interleaved a batch at a time, under one
	 * plug: pages sent to swap one after another have neighbouring slots
	 * (slots are handed out in clusters), so their one-page writes merge
	 * into a few large requests instead of reaching the disk one by one.
	 */
	blk_start_plug(&plug);
	while (nr[LRU_INACTIVE_ANON] || nr[LRU_INACTIVE_FILE]) {
		for (lru = LRU_INACTIVE_ANON; lru <= LRU_INACTIVE_FILE; lru += 2) {
			unsigned long n = min(nr[lru], SWAP_CLUSTER_MAX);

			if (!n)
				continue;
			nr[lru] -= n;
			sc->nr_reclaimed += shrink_inactive_list(n, lruvec, lru, sc);
		}
		if (sc->nr_reclaimed >= sc->nr_to_reclaim)
			break;
		cond_resched();
	}
	blk_finish_plug(&plug);
	shrink_slab(sc->gfp_mask, sc->nr_scanned - scanned_before + 1, lru_pages);
	/* Dirty file pages block reclaim: get the flushers going on them. */
	if (sc->nr_dirty)
		wakeup_flusher_threads(WB_REASON_VMSCAN);
}

/*
 * A pass freed less than it wanted while pages it wants are still being
 * written (anonymous pages it sent to swap, or pages under writeback it
 * met): nothing more will come free before those writes finish, and
 * scanning harder only pushes out pages still in use.  Wait until one of
 * them completes (end_page_writeback() of a PG_reclaim page wakes
 * reclaim_wait) or a tenth of a second has passed.
 */
static void reclaim_throttle(struct pglist_data *pgdat)
{
	struct wait_queue_entry wait;

	init_wait_entry(&wait, 0);
	prepare_to_wait(&pgdat->reclaim_wait, &wait, TASK_UNINTERRUPTIBLE);
	io_schedule_timeout(HZ / 10);
	finish_wait(&pgdat->reclaim_wait, &wait);
}

/* Is sc waiting on writes, with nothing else to free? */
static bool reclaim_waits_on_io(struct scan_control *sc)
{
	return sc->nr_reclaimed < sc->nr_to_reclaim && (sc->nr_pageout || sc->nr_writeback);
}

/* ------------------------------------------------------------ direct reclaim */

unsigned long try_to_free_pages(gfp_t gfp, unsigned int order)
{
	struct pglist_data *pgdat = NODE_DATA(0);
	struct scan_control sc = {
		.nr_to_reclaim = SWAP_CLUSTER_MAX,
		.gfp_mask = gfp,
	};
	unsigned int saved = current->flags & PF_MEMALLOC;
	bool in_flight = false;

	count_vm_event(ALLOCSTALL);
	current->flags |= PF_MEMALLOC;
	for (sc.priority = DEF_PRIORITY; sc.priority >= 0; sc.priority--) {
		shrink_node(pgdat, &sc);
		if (sc.nr_reclaimed >= sc.nr_to_reclaim)
			break;
		/* Deep enough to know: wait for writes rather than scan everything. */
		if (sc.priority <= DEF_PRIORITY - 2 && reclaim_waits_on_io(&sc)) {
			in_flight = true;
			reclaim_throttle(pgdat);
			sc.nr_pageout = sc.nr_writeback = 0;
		}
	}
	current->flags = (current->flags & ~PF_MEMALLOC) | saved;
	/* Progress here means kswapd may have a go again too. */
	if (sc.nr_reclaimed)
		WRITE_ONCE(pgdat->kswapd_failures, 0);
	/*
	 * Pages still on their way to disk will come free, and pages found in
	 * use were only aged (a freshly faulted page is always in use at
	 * the first look; the next look may take it): worth another try by
	 * the caller, which gives up after MAX_RECLAIM_RETRIES.
	 */
	if (!sc.nr_reclaimed &&
	    (in_flight || sc.nr_pageout || sc.nr_writeback || sc.nr_activated))
		return 1;
	return sc.nr_reclaimed;
}

/* ------------------------------------------------------------ kswapd */

/* Every zone at or above its HIGH watermark (the boost included, or not). */
static bool node_above_high(struct pglist_data *pgdat, bool with_boost)
{
	for (int z = 0; z < MAX_NR_ZONES; z++) {
		struct zone *zone = &pgdat->node_zones[z];
		unsigned long high = high_wmark_pages(zone);

		if (!zone_managed_pages(zone))
			continue;
		if (!with_boost)
			high -= READ_ONCE(zone->watermark_boost);
		if (zone_page_state(zone, NR_FREE_PAGES) < high)
			return false;
	}
	return true;
}

bool pgdat_balanced(struct pglist_data *pgdat)
{
	return node_above_high(pgdat, true);
}

static void clear_boosts(struct pglist_data *pgdat)
{
	for (int z = 0; z < MAX_NR_ZONES; z++)
		WRITE_ONCE(pgdat->node_zones[z].watermark_boost, 0);
}

/* Pages still missing to bring every zone up to its high watermark. */
static unsigned long pgdat_shortfall(struct pglist_data *pgdat)
{
	unsigned long need = 0;

	for (int z = 0; z < MAX_NR_ZONES; z++) {
		struct zone *zone = &pgdat->node_zones[z];
		unsigned long free = zone_page_state(zone, NR_FREE_PAGES);

		if (zone_managed_pages(zone) && free < high_wmark_pages(zone))
			need += high_wmark_pages(zone) - free;
	}
	return need;
}

/*
 * Reclaim until the node is balanced (or nothing more can go).  What only
 * a watermark boost asks for is freed without I/O - clean pages, nothing
 * sent to swap - so that fragmentation does not start a swap storm; the
 * boost is dropped when the run ends, reached or not.
 */
static void balance_pgdat(struct pglist_data *pgdat)
{
	unsigned long total = 0;
	int priority = DEF_PRIORITY;

	count_vm_event(PAGEOUTRUN);
	while (priority >= 0 && !pgdat_balanced(pgdat)) {
		struct scan_control sc = {
			.nr_to_reclaim = max(SWAP_CLUSTER_MAX, pgdat_shortfall(pgdat)),
			.gfp_mask = GFP_KERNEL,
			.priority = priority,
			.kswapd = true,
			.no_io = node_above_high(pgdat, false),
		};

		shrink_node(pgdat, &sc);
		total += sc.nr_reclaimed;
		/* A pass that fell short waits for its writes, or tries harder. */
		if (reclaim_waits_on_io(&sc))
			reclaim_throttle(pgdat);
		else if (sc.nr_reclaimed < sc.nr_to_reclaim) {
			/* A boost is best effort: no clean page left, no harder scan. */
			if (sc.no_io && !sc.nr_reclaimed)
				break;
			priority--;
		}
		cond_resched();
	}
	clear_boosts(pgdat);
	if (total)
		WRITE_ONCE(pgdat->kswapd_failures, 0);
	else if (!pgdat_balanced(pgdat))
		WRITE_ONCE(pgdat->kswapd_failures, pgdat->kswapd_failures + 1);
}

static bool kswapd_should_run(struct pglist_data *pgdat)
{
	return READ_ONCE(pgdat->kswapd_failures) < MAX_RECLAIM_RETRIES &&
	       !pgdat_balanced(pgdat);
}

static int kswapd(void *arg)
{
	struct pglist_data *pgdat = arg;
	struct wait_queue_entry wait;

	current->flags |= PF_MEMALLOC;
	init_wait_entry(&wait, 0);
	while (!kthread_should_stop()) {
		prepare_to_wait(&pgdat->kswapd_wait, &wait, TASK_INTERRUPTIBLE);
		if (!kswapd_should_run(pgdat) && !kthread_should_stop())
			schedule();
		finish_wait(&pgdat->kswapd_wait, &wait);
		WRITE_ONCE(pgdat->kswapd_order, 0);
		if (kswapd_should_run(pgdat))
			balance_pgdat(pgdat);
	}
	return 0;
}

void wakeup_kswapd(struct zone *zone, unsigned int order)
{
	struct pglist_data *pgdat = zone->zone_pgdat;

	if (!READ_ONCE(pgdat->kswapd))
		return;
	if (READ_ONCE(pgdat->kswapd_order) < (int)order)
		WRITE_ONCE(pgdat->kswapd_order, order);
	if (!waitqueue_active(&pgdat->kswapd_wait))
		return;
	if (!kswapd_should_run(pgdat))
		return;
	wake_up_interruptible(&pgdat->kswapd_wait);
}

/* ------------------------------------------------------------ sysctls */

static int min_free_kbytes_handler(struct ctl_table *table, int write, void *buffer,
				   size_t *lenp, loff_t *ppos)
{
	int ret = proc_dointvec_minmax(table, write, buffer, lenp, ppos);

	if (!ret && write)
		setup_per_zone_wmarks();
	return ret;
}

static int wmark_scale_min = 1, wmark_scale_max = 3000, boost_factor_max = 1000000;
static int swappiness_max = 200, page_cluster_max = 31;

static struct ctl_table vm_reclaim_table[] = {
	{
		.procname	= "min_free_kbytes",
		.data		= &min_free_kbytes,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= min_free_kbytes_handler,
		.extra1		= SYSCTL_ZERO,
	},
	{
		.procname	= "watermark_scale_factor",
		.data		= &watermark_scale_factor,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= min_free_kbytes_handler,
		.extra1		= &wmark_scale_min,
		.extra2		= &wmark_scale_max,
	},
	{
		.procname	= "watermark_boost_factor",
		.data		= &watermark_boost_factor,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= proc_dointvec_minmax,
		.extra1		= SYSCTL_ZERO,
		.extra2		= &boost_factor_max,
	},
	{
		.procname	= "swappiness",
		.data		= &vm_swappiness,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= proc_dointvec_minmax,
		.extra1		= SYSCTL_ZERO,
		.extra2		= &swappiness_max,
	},
	{
		.procname	= "page-cluster",
		.data		= &page_cluster,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= proc_dointvec_minmax,
		.extra1		= SYSCTL_ZERO,
		.extra2		= &page_cluster_max,
	},
	{ }
};

static int __init kswapd_init(void)
{
	struct pglist_data *pgdat = NODE_DATA(0);
	struct task_struct *t;

	init_waitqueue_head(&pgdat->kswapd_wait);
	t = kthread_run(kswapd, pgdat, "kswapd0");
	if (IS_ERR(t)) {
		pr_err("kswapd: cannot start: %ld\n", PTR_ERR(t));
		return PTR_ERR(t);
	}
	WRITE_ONCE(pgdat->kswapd, t);
	if (!register_sysctl("vm", vm_reclaim_table))
		pr_warn("vmscan: cannot register vm sysctls\n");
	return 0;
}
module_init(kswapd_init);
