// SPDX-License-Identifier: GPL-2.0-only
/*
 * Page reclaim: freeing clean page-cache pages (and, through shrinkers,
 * objects of other caches) when free memory runs low.
 *
 * Interface (<linux/swap.h>): wakeup_kswapd() and try_to_free_pages()
 * for the page allocator's slow path, register_shrinker()/
 * unregister_shrinker(), drop_slab(), remove_mapping(),
 * try_to_release_page().  /proc/sys/vm/min_free_kbytes and
 * watermark_scale_factor are registered here.
 *
 * Who reclaims.  Each zone has MIN < LOW < HIGH watermarks
 * (mm/page_alloc.c).  An allocation that finds a zone below LOW wakes the
 * node's kswapd, which reclaims until every zone is above HIGH and goes
 * back to sleep.  An allocation that may sleep (__GFP_DIRECT_RECLAIM) and
 * still finds nothing above MIN reclaims itself (direct reclaim) before
 * it fails.  Reclaimers run with PF_MEMALLOC: their own allocations may
 * use the reserves below MIN and never recurse into reclaim.
 *
 * What is reclaimed.  Only clean file pages for now (anonymous memory
 * has no swap).  A pass over a node scans the inactive file list from
 * its tail (oldest first), a 2^-priority share of it, priority going
 * from DEF_PRIORITY down to 0 until enough is freed.  For each page:
 *   - locked by someone: skipped;
 *   - under writeback: marked PG_reclaim (end_page_writeback() rotates
 *     it to the tail to be found first next time) and skipped;
 *   - mapped by processes: activated if one of its ptes was accessed
 *     since the last look (page_referenced() through the file's i_mmap),
 *     otherwise unmapped from all of them (try_to_unmap(); a dirty pte
 *     dirties the page) and treated as below;
 *   - dirty: marked PG_reclaim, skipped and counted - the flushers are
 *     woken (WB_REASON_VMSCAN) to clean it; reclaim never writes pages
 *     itself and never frees a dirty or writeback page;
 *   - with buffers: ->releasepage or try_to_free_buffers() must drop them;
 *   - otherwise removed from the cache if the cache and we are its only
 *     users (__remove_mapping() freezes the count) and freed.
 * When the inactive list is smaller than the active one, active pages
 * are aged into it: a page with PG_referenced (used since it was last
 * looked at) loses the bit and stays active - its second chance - the
 * others become inactive.  Shrinkers get a share of work proportional
 * to the share of the LRU that was scanned.
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
#include <linux/pagemap.h>
#include <linux/rmap.h>
#include <linux/writeback.h>
#include <linux/buffer_head.h>
#include <linux/vmstat.h>
#include <linux/rwsem.h>
#include <linux/sched.h>
#include <linux/kthread.h>
#include <linux/sysctl.h>
#include <linux/printk.h>
#include "internal.h"

/* Reclaim priorities: a pass scans (list size >> priority) pages. */
#define DEF_PRIORITY	12

struct scan_control {
	unsigned long nr_to_reclaim;	/* stop once this many are freed */
	unsigned long nr_reclaimed;
	unsigned long nr_scanned;	/* inactive pages looked at */
	gfp_t gfp_mask;
	int priority;
	bool kswapd;
	unsigned long nr_dirty;		/* dirty pages met (flushers needed) */
	unsigned long nr_writeback;	/* pages met under writeback */
};

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
	return __remove_mapping(mapping, page, 2);
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

/*
 * Try to free each isolated page on list; what stays goes back on list
 * (activated or not).  Returns the number freed.
 */
static unsigned long shrink_page_list(struct list_head *list, struct scan_control *sc)
{
	LIST_HEAD(kept);
	unsigned long freed = 0;

	while (!list_empty(list)) {
		struct page *page = lru_to_page(list);
		struct address_space *mapping;

		list_del(&page->lru);
		if (!trylock_page(page))
			goto keep;
		mapping = page->mapping;
		if (PageWriteback(page)) {
			sc->nr_writeback++;
			SetPageReclaim(page);
			/* Writeback ended in between: PG_reclaim would mean PG_readahead. */
			if (!PageWriteback(page))
				ClearPageReclaim(page);
			goto keep_locked;
		}
		if (page_mapped(page)) {
			/*
			 * Mapped by processes: a page they used since the last
			 * look (an accessed bit in one of its ptes) is kept
			 * active; otherwise its ptes go (dirty ones dirty the
			 * page, which the flushers then clean).  Shared
			 * anonymous memory has no backing store: it stays.
			 */
			unsigned long vm_flags;
			int referenced;

			if (!page_file_mapping(page))
				goto activate_locked;
			referenced = page_referenced(page, &vm_flags);
			if (vm_flags & VM_LOCKED) {
				cull_mlocked_page(page);
				goto keep_locked;
			}
			if (referenced)
				goto activate_locked;
			if (!try_to_unmap(page, 0))
				goto activate_locked;
		}
		if (PageDirty(page)) {
			sc->nr_dirty++;
			SetPageReclaim(page);
			goto keep_locked;
		}
		if (PagePrivate(page) && !try_to_release_page(page, sc->gfp_mask))
			goto activate_locked;
		if (!mapping || !__remove_mapping(mapping, page, 2))
			goto keep_locked;
		/* Out of the cache; ours is the last reference. */
		ClearPageReferenced(page);
		unlock_page(page);
		put_page(page);
		freed++;
		continue;
activate_locked:
		SetPageActive(page);
		count_vm_event(PGACTIVATE);
keep_locked:
		unlock_page(page);
keep:
		list_add(&page->lru, &kept);
	}
	list_splice(&kept, list);
	return freed;
}

static unsigned long shrink_inactive_list(unsigned long nr_to_scan, struct lruvec *lruvec,
					  struct scan_control *sc)
{
	struct pglist_data *pgdat = container_of(lruvec, struct pglist_data, __lruvec);
	unsigned long nr_taken, nr_scanned, nr_reclaimed;
	LIST_HEAD(page_list);

	lru_add_drain();
	spin_lock_irq(&lruvec->lru_lock);
	nr_taken = isolate_lru_pages(lruvec, LRU_INACTIVE_FILE, nr_to_scan, &page_list,
				     &nr_scanned);
	__mod_node_page_state(pgdat, NR_ISOLATED_FILE, nr_taken);
	spin_unlock_irq(&lruvec->lru_lock);
	count_vm_events(sc->kswapd ? PGSCAN_KSWAPD : PGSCAN_DIRECT, nr_scanned);
	sc->nr_scanned += nr_scanned;
	if (!nr_taken)
		return 0;

	nr_reclaimed = shrink_page_list(&page_list, sc);
	count_vm_events(sc->kswapd ? PGSTEAL_KSWAPD : PGSTEAL_DIRECT, nr_reclaimed);
	mod_node_page_state(pgdat, NR_ISOLATED_FILE, -(long)nr_taken);
	putback_pages(lruvec, &page_list);
	return nr_reclaimed;
}

/*
 * Age nr_to_scan pages from the tail of the active list: referenced
 * ones get another round on the active list, the rest go inactive.
 */
static void shrink_active_list(unsigned long nr_to_scan, struct lruvec *lruvec)
{
	struct pglist_data *pgdat = container_of(lruvec, struct pglist_data, __lruvec);
	unsigned long nr_taken, nr_scanned, nr_deactivated = 0;
	LIST_HEAD(l_hold);
	LIST_HEAD(l_back);

	lru_add_drain();
	spin_lock_irq(&lruvec->lru_lock);
	nr_taken = isolate_lru_pages(lruvec, LRU_ACTIVE_FILE, nr_to_scan, &l_hold, &nr_scanned);
	__mod_node_page_state(pgdat, NR_ISOLATED_FILE, nr_taken);
	spin_unlock_irq(&lruvec->lru_lock);
	count_vm_events(PGREFILL, nr_scanned);

	while (!list_empty(&l_hold)) {
		struct page *page = lru_to_page(&l_hold);

		list_del(&page->lru);
		if (!TestClearPageReferenced(page)) {
			ClearPageActive(page);
			nr_deactivated++;
		}
		list_add(&page->lru, &l_back);
	}
	count_vm_events(PGDEACTIVATE, nr_deactivated);
	mod_node_page_state(pgdat, NR_ISOLATED_FILE, -(long)nr_taken);
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

static void shrink_node(struct pglist_data *pgdat, struct scan_control *sc)
{
	struct lruvec *lruvec = node_lruvec(pgdat);
	unsigned long inactive = READ_ONCE(lruvec->nr_pages[LRU_INACTIVE_FILE]);
	unsigned long active = READ_ONCE(lruvec->nr_pages[LRU_ACTIVE_FILE]);
	unsigned long scanned_before = sc->nr_scanned;
	unsigned long nr_to_scan;

	/* Keep the inactive list at least as long as the active one. */
	if (inactive < active)
		shrink_active_list(scan_share(active, sc->priority), lruvec);

	nr_to_scan = scan_share(READ_ONCE(lruvec->nr_pages[LRU_INACTIVE_FILE]), sc->priority);
	while (nr_to_scan) {
		unsigned long n = min(nr_to_scan, SWAP_CLUSTER_MAX);

		sc->nr_reclaimed += shrink_inactive_list(n, lruvec, sc);
		nr_to_scan -= n;
		if (sc->nr_reclaimed >= sc->nr_to_reclaim)
			break;
		cond_resched();
	}
	shrink_slab(sc->gfp_mask, sc->nr_scanned - scanned_before + 1, inactive + active);
	/* Dirty pages block reclaim: get the flushers going on them. */
	if (sc->nr_dirty)
		wakeup_flusher_threads(WB_REASON_VMSCAN);
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

	count_vm_event(ALLOCSTALL);
	current->flags |= PF_MEMALLOC;
	for (sc.priority = DEF_PRIORITY; sc.priority >= 0; sc.priority--) {
		shrink_node(pgdat, &sc);
		if (sc.nr_reclaimed >= sc.nr_to_reclaim)
			break;
	}
	current->flags = (current->flags & ~PF_MEMALLOC) | saved;
	/* Progress here means kswapd may have a go again too. */
	if (sc.nr_reclaimed)
		WRITE_ONCE(pgdat->kswapd_failures, 0);
	return sc.nr_reclaimed;
}

/* ------------------------------------------------------------ kswapd */

bool pgdat_balanced(struct pglist_data *pgdat)
{
	for (int z = 0; z < MAX_NR_ZONES; z++) {
		struct zone *zone = &pgdat->node_zones[z];

		if (!zone_managed_pages(zone))
			continue;
		if (zone_page_state(zone, NR_FREE_PAGES) < high_wmark_pages(zone))
			return false;
	}
	return true;
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

/* Reclaim until the node is balanced (or nothing more can go). */
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
		};

		shrink_node(pgdat, &sc);
		total += sc.nr_reclaimed;
		/* Only a pass that fell short tries harder. */
		if (sc.nr_reclaimed < sc.nr_to_reclaim)
			priority--;
		cond_resched();
	}
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

static int wmark_scale_min = 1, wmark_scale_max = 3000;

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
