// SPDX-License-Identifier: GPL-2.0-only
/*
 * The buddy page allocator.
 *
 * Interface (<linux/gfp.h>): alloc_pages(), __free_pages(), and their
 * address forms __get_free_pages()/free_pages(); put_page() ends in
 * __put_page() here; nr_free_pages(), drain_local_pages(),
 * drain_all_pages(); setup_per_zone_wmarks() for vm.min_free_kbytes.
 *
 * Design.  Each zone keeps free blocks of 2^order pages (order 0 ..
 * MAX_ORDER) on free_area[order]; a block is naturally aligned, its head
 * page carries PG_buddy and its order in page->private.  Freeing merges a
 * block with its buddy (pfn ^ (1 << order)) for as long as the buddy is a
 * free block of the same order; allocating splits the smallest large
 * enough block and files the unused halves.  Order-0 pages mostly go
 * through per-CPU lists (struct per_cpu_pages), refilled from and drained
 * to the buddy lists CONFIG_PCP_BATCH pages at a time, so the common
 * single-page case takes no shared lock.
 *
 * A request may use its highest allowed zone or any lower one.  Each zone
 * has MIN/LOW/HIGH watermarks derived from vm.min_free_kbytes: the first
 * pass needs free pages above LOW, the second above MIN (half of MIN for
 * __GFP_HIGH, i.e. GFP_ATOMIC).  When both fail the per-CPU lists are
 * drained and the MIN pass retried; then __GFP_DIRECT_RECLAIM callers
 * reclaim (mm/vmscan.c) and retry; when reclaim stops helping, requests
 * that must not fail wait for a dying OOM victim or have the OOM killer
 * choose one (mm/oom_kill.c), and start over; the others fail.  OOM
 * victims may go down to a quarter of MIN (ALLOC_OOM).  kswapd is woken
 * whenever a request finds a zone below LOW.
 *
 * Locking: zone->lock (irqsave: GFP_ATOMIC comes from interrupts) guards
 * free_area.  A per-CPU list is touched only by its CPU with interrupts
 * off; other CPUs' lists are drained through on_each_cpu().  No lock is
 * held across a sleep: only __GFP_DIRECT_RECLAIM requests sleep, in
 * reclaim and in the OOM path (oom_lock is only ever trylocked; waiting
 * for a victim is a tick at a time).
 */
#include <linux/kernel.h>
#include <linux/jiffies.h>
#include <linux/init.h>
#include <linux/mm.h>
#include <linux/vmstat.h>
#include <linux/swap.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <linux/percpu.h>
#include <linux/printk.h>
#include <linux/oom.h>
#include <asm/pgtable.h>
#include "internal.h"

/* Linux's defaults: min_free_kbytes is recomputed from RAM at boot. */
int min_free_kbytes = 1024;
int watermark_scale_factor = 10;
int watermark_boost_factor = 15000;

/*
 * lowmem_reserve ratios: a zone keeps 1/ratio of the managed pages of the
 * zones above it back from requests that could have used those zones.
 * (Linux's default for DMA32 is 256.)
 */
static const int lowmem_reserve_ratio[MAX_NR_ZONES] = { 256, 32 };

struct pglist_data contig_page_data;
atomic_long_t _totalram_pages;
bool mm_page_alloc_ready;

/* A per-CPU list gives a batch back once it holds this many batches. */
#define PCP_HIGH_BATCHES	6

static DEFINE_PER_CPU(struct per_cpu_pages, pcp_lists[MAX_NR_ZONES]);
static DEFINE_SPINLOCK(wmark_lock);

static inline int gfp_zone(gfp_t gfp)
{
	return (gfp & __GFP_DMA32) ? ZONE_DMA32 : ZONE_NORMAL;
}

/* ------------------------------------------------------------ buddy lists */

static inline void set_buddy_order(struct page *page, unsigned int order)
{
	page->private = order;
	__SetPageBuddy(page);
}

static inline void clear_buddy(struct page *page)
{
	__ClearPageBuddy(page);
	page->private = 0;
}

static inline void add_to_free_list(struct page *page, struct zone *zone, unsigned int order)
{
	struct free_area *area = &zone->free_area[order];

	list_add(&page->lru, &area->free_list);
	area->nr_free++;
}

static inline void del_from_free_list(struct page *page, struct zone *zone, unsigned int order)
{
	list_del(&page->lru);
	clear_buddy(page);
	zone->free_area[order].nr_free--;
}

/*
 * Is the page at the buddy position a free block of exactly this order
 * in the same zone?  Every pfn in a MAX_ORDER block has a descriptor, and
 * pages never handed to the allocator never carry PG_buddy.
 */
static inline bool page_is_buddy(struct page *buddy, struct zone *zone, unsigned int order)
{
	return PageBuddy(buddy) && buddy->private == order && page_zone(buddy) == zone;
}

/* Put a block on the free lists, merging with free buddies.  zone->lock held. */
static void __free_one_page(struct page *page, unsigned long pfn, struct zone *zone,
			    unsigned int order)
{
	while (order < MAX_ORDER) {
		unsigned long buddy_pfn = pfn ^ (1UL << order);
		struct page *buddy = page + (buddy_pfn - pfn);

		if (!page_is_buddy(buddy, zone, order))
			break;
		del_from_free_list(buddy, zone, order);
		/* The merged block starts at the lower of the two. */
		page += (buddy_pfn & pfn) - pfn;
		pfn &= buddy_pfn;
		order++;
	}
	set_buddy_order(page, order);
	add_to_free_list(page, zone, order);
}

/* Split an order-high block down to order low, filing the upper halves. */
static void expand(struct zone *zone, struct page *page, unsigned int low, unsigned int high)
{
	unsigned long size = 1UL << high;

	while (high > low) {
		high--;
		size >>= 1;
		set_buddy_order(&page[size], high);
		add_to_free_list(&page[size], zone, high);
	}
}

/* Take a block of the given order, splitting a larger one if needed.  zone->lock held. */
static struct page *__rmqueue_smallest(struct zone *zone, unsigned int order)
{
	for (unsigned int o = order; o <= MAX_ORDER; o++) {
		struct free_area *area = &zone->free_area[o];
		struct page *page;

		if (list_empty(&area->free_list))
			continue;
		page = list_first_entry(&area->free_list, struct page, lru);
		del_from_free_list(page, zone, o);
		expand(zone, page, order, o);
		return page;
	}
	return NULL;
}

/* Move up to count order-0 pages from the buddy lists to list.  Irqs off. */
static int rmqueue_bulk(struct zone *zone, int count, struct list_head *list)
{
	int i;

	spin_lock(&zone->lock);
	for (i = 0; i < count; i++) {
		struct page *page = __rmqueue_smallest(zone, 0);

		if (!page)
			break;
		list_add_tail(&page->lru, list);
	}
	__mod_zone_page_state(zone, NR_FREE_PAGES, -i);
	spin_unlock(&zone->lock);
	return i;
}

/* Return count pages from a per-CPU list, coldest first.  Irqs off. */
static void free_pcppages_bulk(struct zone *zone, int count, struct per_cpu_pages *pcp)
{
	int freed = 0;

	spin_lock(&zone->lock);
	while (freed < count && !list_empty(&pcp->list)) {
		struct page *page = list_last_entry(&pcp->list, struct page, lru);

		list_del(&page->lru);
		pcp->count--;
		__free_one_page(page, page_to_pfn(page), zone, 0);
		freed++;
	}
	__mod_zone_page_state(zone, NR_FREE_PAGES, freed);
	spin_unlock(&zone->lock);
}

/* ------------------------------------------------------------ page checks */

static void bad_page(struct page *page, const char *reason)
{
	pr_alert("BUG: Bad page state: pfn:%#lx\n", page_to_pfn(page));
	dump_page(page, reason);
	dump_stack();
}

/* Why a page may not be freed, or NULL if it may. */
static const char *page_bad_reason_at_free(const struct page *page)
{
	if (unlikely(atomic_read(&page->_mapcount) != -1))
		return "nonzero mapcount";
	if (unlikely(page->mapping))
		return "non-NULL mapping";
	if (unlikely(page_ref_count(page)))
		return "nonzero _refcount";
	if (unlikely(page->flags & PAGE_FLAGS_CHECK_AT_FREE))
		return "PAGE_FLAGS_CHECK_AT_FREE flag(s) set";
	return NULL;
}

static const char *page_bad_reason_at_alloc(const struct page *page)
{
	if (unlikely(atomic_read(&page->_mapcount) != -1))
		return "nonzero mapcount";
	if (unlikely(page->mapping))
		return "non-NULL mapping";
	if (unlikely(page_ref_count(page)))
		return "nonzero _refcount";
	if (unlikely(page->flags & PAGE_FLAGS_CHECK_AT_PREP))
		return "flag(s) set on a free page";
	return NULL;
}

/*
 * Undo compound state and check every page of the block.  A bad page is
 * reported and the whole block is leaked rather than put on a free list
 * where it would corrupt the next user.
 */
static bool free_pages_prepare(struct page *page, unsigned int order)
{
	unsigned long nr = 1UL << order;
	const char *reason;
	bool bad = false;

	if (PageHead(page)) {
		for (unsigned long i = 1; i < nr; i++) {
			if (unlikely(compound_head(&page[i]) != page)) {
				bad_page(&page[i], "corrupt compound tail");
				bad = true;
			}
			page[i].compound_head = 0;
		}
		page[1].compound_order = 0;
		__ClearPageHead(page);
	}
	for (unsigned long i = 0; i < nr; i++) {
		reason = page_bad_reason_at_free(&page[i]);
		if (unlikely(reason)) {
			bad_page(&page[i], reason);
			bad = true;
		}
		page[i].flags &= ~PAGE_FLAGS_CHECK_AT_PREP;
		page[i].private = 0;
	}
	return !bad;
}

static void prep_compound_page(struct page *page, unsigned int order)
{
	unsigned long nr = 1UL << order;

	__SetPageHead(page);
	for (unsigned long i = 1; i < nr; i++)
		WRITE_ONCE(page[i].compound_head, (unsigned long)page | 1);
	page[1].compound_order = order;
}

/* Checks, refcount, zeroing and compound set-up of a block just taken. */
static bool prep_new_page(struct page *page, unsigned int order, gfp_t gfp)
{
	unsigned long nr = IS_ENABLED(CONFIG_DEBUG_KERNEL) ? 1UL << order : 1;

	for (unsigned long i = 0; i < nr; i++) {
		const char *reason = page_bad_reason_at_alloc(&page[i]);

		if (unlikely(reason)) {
			bad_page(&page[i], reason);
			return false;
		}
	}
	page->private = 0;
	set_page_refcounted(page);
	if (gfp & __GFP_ZERO)
		memset(page_address(page), 0, PAGE_SIZE << order);
	if (order && (gfp & __GFP_COMP))
		prep_compound_page(page, order);
	return true;
}

/* ------------------------------------------------------------ allocation */

bool zone_watermark_ok(struct zone *z, unsigned int order, unsigned long mark,
		       int highest_zoneidx, unsigned int alloc_flags)
{
	long free = zone_page_state(z, NR_FREE_PAGES);
	long min = mark;

	if (alloc_flags & ALLOC_OOM)
		min /= 4;	/* an OOM victim's exit path: most of the reserve */
	else if (alloc_flags & ALLOC_HIGH)
		min -= min / 2;
	/* What is left once this request is served must stay above min. */
	free -= (1L << order) - 1;
	if (free <= min + z->lowmem_reserve[highest_zoneidx])
		return false;
	if (!order)
		return true;
	for (unsigned int o = order; o <= MAX_ORDER; o++)
		if (READ_ONCE(z->free_area[o].nr_free))
			return true;
	return false;
}

static struct page *rmqueue_pcplist(struct zone *zone)
{
	struct per_cpu_pages *pcp;
	struct page *page = NULL;
	unsigned long flags;

	local_irq_save(flags);
	pcp = this_cpu_ptr(&pcp_lists[zone_idx(zone)]);
	if (list_empty(&pcp->list))
		pcp->count += rmqueue_bulk(zone, pcp->batch, &pcp->list);
	if (!list_empty(&pcp->list)) {
		page = list_first_entry(&pcp->list, struct page, lru);
		list_del(&page->lru);
		pcp->count--;
	}
	local_irq_restore(flags);
	return page;
}

static struct page *rmqueue(struct zone *zone, unsigned int order)
{
	unsigned long flags;
	struct page *page;

	if (order == 0)
		return rmqueue_pcplist(zone);
	spin_lock_irqsave(&zone->lock, flags);
	page = __rmqueue_smallest(zone, order);
	if (page)
		__mod_zone_page_state(zone, NR_FREE_PAGES, -(1L << order));
	spin_unlock_irqrestore(&zone->lock, flags);
	return page;
}

/* Free pages of one block of 2^BOOST_STEP_ORDER pages, the step of a boost (2 MiB). */
#define BOOST_STEP_ORDER	9

/**
 * boost_watermark() - ask kswapd to free more of a fragmented zone
 * @zone: a zone where a high-order request that may reclaim (and is not
 *	__GFP_NORETRY) found enough free pages but no free block of its order
 *
 * Free memory in small pieces does not serve a high-order request, and
 * pieces only merge when their neighbours come free too.  Each such miss
 * raises the zone's watermarks by another 2 MiB, up to
 * vm.watermark_boost_factor / 10000 of its HIGH watermark, so that
 * kswapd frees more than usual and gives blocks a chance to merge.
 * kswapd drops the boost when its run ends (balance_pgdat()).
 *
 * Context: any context; no locks (a lost update only changes the step).
 */
void boost_watermark(struct zone *zone)
{
	unsigned long limit, boost;

	if (!watermark_boost_factor)
		return;
	limit = (unsigned long)READ_ONCE(zone->_watermark[WMARK_HIGH]) *
		watermark_boost_factor / 10000;
	boost = READ_ONCE(zone->watermark_boost) + (1UL << BOOST_STEP_ORDER);
	WRITE_ONCE(zone->watermark_boost, min(boost, limit));
}

static struct page *get_page_from_freelist(gfp_t gfp, unsigned int order,
					   unsigned int alloc_flags, int highest)
{
	for (int z = highest; z >= 0; z--) {
		struct zone *zone = &NODE_DATA(0)->node_zones[z];
		unsigned long mark;
		struct page *page;

		if (!zone_managed_pages(zone))
			continue;
		mark = wmark_pages(zone, alloc_flags & ALLOC_WMARK_MASK);
		if (!(alloc_flags & ALLOC_NO_WATERMARKS) &&
		    !zone_watermark_ok(zone, order, mark, highest, alloc_flags)) {
			/*
			 * Enough pages, only not in one piece: fragmentation -
			 * if the request means it (it would reclaim for it);
			 * opportunistic tries that have a smaller fallback
			 * (__GFP_NORETRY, or no reclaim at all) do not count.
			 */
			if (order && (gfp & __GFP_DIRECT_RECLAIM) && !(gfp & __GFP_NORETRY) &&
			    zone_watermark_ok(zone, 0, mark + (1UL << order), highest, alloc_flags))
				boost_watermark(zone);
			continue;
		}
		/* A block that fails its checks was reported and leaked: try again. */
		while ((page = rmqueue(zone, order))) {
			if (prep_new_page(page, order, gfp)) {
				count_vm_events(PGALLOC_DMA32 + z, 1L << order);
				return page;
			}
		}
	}
	return NULL;
}

/*
 * Print at most ALLOC_WARN_BURST failure reports per ALLOC_WARN_INTERVAL_NS.
 * Before a clock exists local_clock() stays 0, so only the first burst
 * is printed.
 */
#define ALLOC_WARN_BURST	10
#define ALLOC_WARN_INTERVAL_NS	(5ULL * 1000 * 1000 * 1000)

static bool alloc_warn_ratelimit(void)
{
	static DEFINE_SPINLOCK(lock);
	static u64 window_start;
	static int printed, missed;
	unsigned long flags;
	u64 now = local_clock();
	bool ok;

	spin_lock_irqsave(&lock, flags);
	if (now && now - window_start >= ALLOC_WARN_INTERVAL_NS) {
		if (missed)
			pr_warn("page allocation failure: %d reports suppressed\n", missed);
		window_start = now;
		printed = missed = 0;
	}
	ok = printed < ALLOC_WARN_BURST;
	if (ok)
		printed++;
	else
		missed++;
	spin_unlock_irqrestore(&lock, flags);
	return ok;
}

static void warn_alloc(gfp_t gfp, unsigned int order)
{
	count_vm_event(ALLOCFAIL);
	if ((gfp & __GFP_NOWARN) || !alloc_warn_ratelimit())
		return;
	pr_warn("page allocation failure: order:%u, mode:%#x\n", order, gfp);
	dump_stack();
	show_free_areas();
}

/*
 * Direct reclaim, retried while it makes progress; a page or NULL.
 *
 * try_to_free_pages() reports progress also when it freed nothing but
 * found pages on their way to disk or just used; such tries count
 * against MAX_RECLAIM_RETRIES, unless writes completed meanwhile
 * (nr_written moved while pages are still under writeback): those pages
 * come back to reclaim clean, so a swap device that is merely slow must
 * not bring the OOM killer; a try that saw none complete waits 20 ms for
 * one first.  Even then the tries are bounded, at four times the limit.
 */
static struct page *alloc_pages_reclaim(gfp_t gfp, unsigned int order,
					unsigned int alloc_flags, int highest)
{
	struct pglist_data *pgdat = NODE_DATA(0);
	struct page *page;
	int counted = 0;

	for (int tries = 0; tries < 4 * MAX_RECLAIM_RETRIES && counted < MAX_RECLAIM_RETRIES;
	     tries++) {
		unsigned long written = node_page_state(pgdat, NR_WRITTEN);
		unsigned long progress = try_to_free_pages(gfp, order);

		page = get_page_from_freelist(gfp, order, alloc_flags, highest);
		if (page)
			return page;
		if (!progress || (gfp & __GFP_NORETRY))
			break;
		/*
		 * Pages are on their way to disk but none arrived during
		 * this try (a try takes far less than a write): give the
		 * device a moment before the try counts.
		 */
		if (node_page_state(pgdat, NR_WRITTEN) == written &&
		    node_page_state(pgdat, NR_WRITEBACK) && !fatal_signal_pending(current))
			schedule_timeout_uninterruptible(msecs_to_jiffies(20));
		if (node_page_state(pgdat, NR_WRITTEN) == written ||
		    !node_page_state(pgdat, NR_WRITEBACK))
			counted++;
	}
	return NULL;
}

/*
 * May this request have a process killed for it?  Not file-system and
 * block-layer requests (no __GFP_FS: they may hold what a victim needs to
 * exit), not those that would rather fail, not costly orders (killing
 * seldom makes contiguous memory), not requests limited to the DMA32
 * zone (a victim's memory may well lie elsewhere).
 */
static bool alloc_may_oom(gfp_t gfp, unsigned int order)
{
	return (gfp & __GFP_FS) && !(gfp & (__GFP_NORETRY | __GFP_DMA32)) &&
	       order <= PAGE_ALLOC_COSTLY_ORDER;
}

/*
 * Reclaim found nothing: the OOM killer's turn, one task at a time.  A
 * page that turned up meanwhile (above HIGH: not a near miss) is taken
 * instead of killing for it.  *retry says whether memory is on its way.
 */
static struct page *alloc_pages_oom(gfp_t gfp, unsigned int order, int highest, bool *retry)
{
	struct oom_control oc = { .gfp_mask = gfp, .order = order };
	struct page *page;

	*retry = true;
	if (!mutex_trylock(&oom_lock)) {
		/* Someone else is choosing: let them, then try again. */
		schedule_timeout_uninterruptible(1);
		return NULL;
	}
	page = get_page_from_freelist(gfp, order, ALLOC_WMARK_HIGH, highest);
	if (!page)
		*retry = out_of_memory(&oc);
	mutex_unlock(&oom_lock);
	return page;
}

/* An OOM victim is dying: sleep a tick at a time until it is done or memory is free. */
static struct page *alloc_pages_wait_victim(gfp_t gfp, unsigned int order,
					    unsigned int alloc_flags, int highest)
{
	struct page *page;

	while (oom_kill_in_progress()) {
		schedule_timeout_uninterruptible(1);
		page = get_page_from_freelist(gfp, order, alloc_flags, highest);
		if (page)
			return page;
		if (fatal_signal_pending(current))
			break;
	}
	return NULL;
}

/*
 * A request that may sleep: reclaim; when that stops helping, wait for a
 * dying OOM victim or have one chosen; go round while memory is coming.
 */
static struct page *alloc_pages_direct(gfp_t gfp, unsigned int order,
				       unsigned int alloc_flags, int highest)
{
	struct page *page;
	bool retry;

	for (;;) {
		page = alloc_pages_reclaim(gfp, order, alloc_flags, highest);
		if (page || (gfp & __GFP_NORETRY))
			return page;
		/* A victim gets the reserve, once: failing lets it go on dying. */
		if (tsk_is_oom_victim(current))
			return get_page_from_freelist(gfp, order, alloc_flags | ALLOC_OOM, highest);
		/* Killed otherwise: no point in waiting or killing for us. */
		if (fatal_signal_pending(current))
			return NULL;
		if (oom_kill_in_progress()) {
			page = alloc_pages_wait_victim(gfp, order, alloc_flags, highest);
			if (page)
				return page;
			continue;
		}
		if (!alloc_may_oom(gfp, order))
			return NULL;
		page = alloc_pages_oom(gfp, order, highest, &retry);
		if (page || !retry)
			return page;
	}
}

static struct page *alloc_pages_slowpath(gfp_t gfp, unsigned int order, int highest)
{
	unsigned int alloc_flags = ALLOC_WMARK_MIN;
	bool can_sleep = (gfp & __GFP_DIRECT_RECLAIM) && !irqs_disabled();
	struct page *page;

	/* Below the LOW watermark: kswapd reclaims in the background. */
	if (gfp & __GFP_KSWAPD_RECLAIM)
		wakeup_kswapd(&NODE_DATA(0)->node_zones[highest], order);
	if (gfp & __GFP_HIGH)
		alloc_flags |= ALLOC_HIGH;
	page = get_page_from_freelist(gfp, order, alloc_flags, highest);
	if (page)
		return page;

	/*
	 * Pages parked on per-CPU lists are not on the buddy lists.  Other
	 * CPUs' lists can be fetched only by a caller that may wait for an
	 * IPI round trip, i.e. one with interrupts on.
	 */
	if (can_sleep)
		drain_all_pages();
	else
		drain_local_pages();
	page = get_page_from_freelist(gfp, order, alloc_flags, highest);
	if (page)
		return page;

	/*
	 * Reclaimers themselves (PF_MEMALLOC) may use the reserve below MIN
	 * instead, so that reclaim can always make progress - their atomic
	 * requests too (the radix-tree node that puts a page in the swap
	 * cache), but not an interrupt handler that happens to run on a
	 * reclaimer's stack.
	 */
	if ((current->flags & PF_MEMALLOC) && !irqs_disabled()) {
		page = get_page_from_freelist(gfp, order, ALLOC_NO_WATERMARKS, highest);
		if (page)
			return page;
	}
	for (;;) {
		if (can_sleep && !(current->flags & PF_MEMALLOC)) {
			page = alloc_pages_direct(gfp, order, alloc_flags, highest);
			if (page)
				return page;
		}
		if (!(gfp & __GFP_NOFAIL))
			break;
		page = get_page_from_freelist(gfp, order, ALLOC_NO_WATERMARKS, highest);
		if (page)
			return page;
		if (!can_sleep || (current->flags & PF_MEMALLOC)) {
			/* Reclaim found nothing and the reserves are gone; say so loudly. */
			pr_err("page allocation: __GFP_NOFAIL request failed after reclaim\n");
			break;
		}
		/* __GFP_NOFAIL from a context that may sleep: never give up. */
		schedule_timeout_uninterruptible(1);
	}
	warn_alloc(gfp, order);
	return NULL;
}

struct page *alloc_pages(gfp_t gfp, unsigned int order)
{
	int highest = gfp_zone(gfp);
	struct page *page;

	if (unlikely(order > MAX_ORDER)) {
		WARN_ON_ONCE(!(gfp & __GFP_NOWARN));
		return NULL;
	}
	if (WARN_ON_ONCE(!mm_page_alloc_ready))
		return NULL;
	page = get_page_from_freelist(gfp, order, ALLOC_WMARK_LOW, highest);
	if (likely(page))
		return page;
	return alloc_pages_slowpath(gfp, order, highest);
}

unsigned long __get_free_pages(gfp_t gfp, unsigned int order)
{
	struct page *page = alloc_pages(gfp, order);

	return page ? (unsigned long)page_address(page) : 0;
}

unsigned long get_zeroed_page(gfp_t gfp)
{
	return __get_free_pages(gfp | __GFP_ZERO, 0);
}

/* ------------------------------------------------------------ freeing */

static void __free_pages_ok(struct page *page, unsigned int order)
{
	struct zone *zone = page_zone(page);
	unsigned long flags;

	if (!free_pages_prepare(page, order))
		return;
	spin_lock_irqsave(&zone->lock, flags);
	__free_one_page(page, page_to_pfn(page), zone, order);
	__mod_zone_page_state(zone, NR_FREE_PAGES, 1L << order);
	spin_unlock_irqrestore(&zone->lock, flags);
	count_vm_events(PGFREE, 1L << order);
}

/* Order-0 pages go to this CPU's list; a full list gives a batch back. */
static void free_unref_page(struct page *page)
{
	struct zone *zone = page_zone(page);
	struct per_cpu_pages *pcp;
	unsigned long flags;

	if (!free_pages_prepare(page, 0))
		return;
	local_irq_save(flags);
	pcp = this_cpu_ptr(&pcp_lists[zone_idx(zone)]);
	list_add(&page->lru, &pcp->list);
	pcp->count++;
	if (pcp->count >= pcp->high)
		free_pcppages_bulk(zone, pcp->batch, pcp);
	local_irq_restore(flags);
	count_vm_event(PGFREE);
}

static void free_the_page(struct page *page, unsigned int order)
{
	if (order == 0)
		free_unref_page(page);
	else
		__free_pages_ok(page, order);
}

/*
 * Drop the caller's reference.  If someone else still holds one (a
 * speculative lookup that is about to find out it lost the race), a
 * compound page is freed by their put_page(); a non-compound block loses
 * all but its first page now, since only the first page is refcounted
 * and they will free only that one.
 */
void __free_pages(struct page *page, unsigned int order)
{
	bool head = PageHead(page);

	if (put_page_testzero(page))
		free_the_page(page, order);
	else if (!head)
		while (order-- > 0)
			free_the_page(page + (1UL << order), order);
}

void free_pages(unsigned long addr, unsigned int order)
{
	if (!addr)
		return;
	if (WARN_ON(!virt_addr_valid((void *)addr)))
		return;
	__free_pages(virt_to_page((void *)addr), order);
}

/*
 * The last reference to a page is gone.  A page-cache page leaves its
 * LRU list first (the list holds no reference of its own).
 */
void __put_page(struct page *page)
{
	__page_cache_release(page);
	if (PageHead(page))
		free_the_page(page, compound_order(page));
	else
		free_unref_page(page);
}

/* ------------------------------------------------------------ per-CPU lists */

void drain_local_pages(void)
{
	unsigned long flags;
	struct zone *zone;

	local_irq_save(flags);
	for_each_zone(zone) {
		struct per_cpu_pages *pcp = this_cpu_ptr(&pcp_lists[zone_idx(zone)]);

		if (pcp->count)
			free_pcppages_bulk(zone, pcp->count, pcp);
	}
	local_irq_restore(flags);
}

static void drain_local_pages_fn(void *unused)
{
	drain_local_pages();
}

void drain_all_pages(void)
{
	on_each_cpu(drain_local_pages_fn, NULL, true);
}

void __init init_per_cpu_pagesets(void)
{
	for (int cpu = 0; cpu < NR_CPUS; cpu++) {
		for (int z = 0; z < MAX_NR_ZONES; z++) {
			struct per_cpu_pages *pcp = &per_cpu(pcp_lists, cpu)[z];

			INIT_LIST_HEAD(&pcp->list);
			pcp->count = 0;
			pcp->batch = CONFIG_PCP_BATCH;
			pcp->high = PCP_HIGH_BATCHES * CONFIG_PCP_BATCH;
		}
	}
}

/* ------------------------------------------------------------ counts */

unsigned long nr_free_pages(void)
{
	unsigned long sum = 0;
	struct zone *zone;

	for_each_zone(zone)
		sum += zone_page_state_snapshot(zone, NR_FREE_PAGES);
	return sum;
}

void show_free_areas(void)
{
	struct zone *zone;

	for_each_populated_zone(zone) {
		unsigned long total = 0;
		int pcp = 0;
		char buf[256];
		int len = 0;

		for (int cpu = 0; cpu < NR_CPUS; cpu++)
			pcp += READ_ONCE(per_cpu(pcp_lists, cpu)[zone_idx(zone)].count);
		pr_warn("Node 0 %s free:%lukB min:%lukB low:%lukB high:%lukB managed:%lukB pcp:%dkB\n",
			zone->name, zone_page_state(zone, NR_FREE_PAGES) << 2,
			min_wmark_pages(zone) << 2, low_wmark_pages(zone) << 2,
			high_wmark_pages(zone) << 2, zone_managed_pages(zone) << 2, pcp << 2);
		for (unsigned int o = 0; o <= MAX_ORDER; o++) {
			unsigned long n = READ_ONCE(zone->free_area[o].nr_free);

			total += n << o;
			len += scnprintf(buf + len, sizeof(buf) - len, "%lu*%lukB ", n, 4UL << o);
		}
		pr_warn("Node 0 %s: %s= %lukB\n", zone->name, buf, total << 2);
	}
}

/* ------------------------------------------------------------ watermarks */

static unsigned long int_sqrt(unsigned long x)
{
	unsigned long r = 0, bit = 1UL << (BITS_PER_LONG - 2);

	while (bit > x)
		bit >>= 2;
	while (bit) {
		if (x >= r + bit) {
			x -= r + bit;
			r = (r >> 1) + bit;
		} else {
			r >>= 1;
		}
		bit >>= 2;
	}
	return r;
}

static void setup_lowmem_reserve(void)
{
	struct pglist_data *pgdat = NODE_DATA(0);
	unsigned long reserve_total = 0;

	for (int j = 0; j < MAX_NR_ZONES; j++) {
		struct zone *zone = &pgdat->node_zones[j];
		unsigned long above = 0, max_reserve = 0;

		zone->lowmem_reserve[j] = 0;
		for (int i = j + 1; i < MAX_NR_ZONES; i++) {
			above += zone_managed_pages(&pgdat->node_zones[i]);
			zone->lowmem_reserve[i] = above / lowmem_reserve_ratio[j];
			max_reserve = max_t(unsigned long, max_reserve, zone->lowmem_reserve[i]);
		}
		if (zone_managed_pages(zone))
			reserve_total += min(max_reserve + high_wmark_pages(zone),
					     zone_managed_pages(zone));
	}
	pgdat->totalreserve_pages = reserve_total;
}

/*
 * MIN is min_free_kbytes shared out in proportion to zone size; LOW and
 * HIGH sit one and two gaps above it, the gap being the larger of MIN/4
 * and watermark_scale_factor/10000 of the zone.
 */
void setup_per_zone_wmarks(void)
{
	unsigned long pages_min = (unsigned long)min_free_kbytes >> (PAGE_SHIFT - 10);
	unsigned long total = 0, flags;
	struct zone *zone;

	spin_lock_irqsave(&wmark_lock, flags);
	for_each_zone(zone)
		total += zone_managed_pages(zone);
	for_each_zone(zone) {
		unsigned long managed = zone_managed_pages(zone);
		unsigned long min = total ? pages_min * managed / total : 0;
		unsigned long gap = max(min / 4, managed * watermark_scale_factor / 10000);

		WRITE_ONCE(zone->_watermark[WMARK_MIN], min);
		WRITE_ONCE(zone->_watermark[WMARK_LOW], min + gap);
		WRITE_ONCE(zone->_watermark[WMARK_HIGH], min + 2 * gap);
	}
	setup_lowmem_reserve();
	spin_unlock_irqrestore(&wmark_lock, flags);
}

/* Linux's rule: min_free_kbytes = sqrt(16 * RAM in KiB), within [128, 262144]. */
void __init init_per_zone_wmark_min(void)
{
	unsigned long kbytes = totalram_pages() << (PAGE_SHIFT - 10);

	min_free_kbytes = clamp_t(unsigned long, int_sqrt(kbytes * 16), 128, 262144);
	setup_per_zone_wmarks();
}

/* ------------------------------------------------------------ boot */

void __init memblock_free_pages(struct page *page, unsigned int order)
{
	struct zone *zone = page_zone(page);
	unsigned long nr = 1UL << order, flags;

	for (unsigned long i = 0; i < nr; i++) {
		__ClearPageReserved(&page[i]);
		set_page_count(&page[i], 0);
	}
	atomic_long_add(nr, &zone->managed_pages);
	atomic_long_add(nr, &_totalram_pages);
	spin_lock_irqsave(&zone->lock, flags);
	__free_one_page(page, page_to_pfn(page), zone, order);
	__mod_zone_page_state(zone, NR_FREE_PAGES, nr);
	spin_unlock_irqrestore(&zone->lock, flags);
}

/*
 * Kernel page-table pages once the buddy allocator runs.  Called under
 * kernel_pgtable_lock with interrupts off, so it must not sleep; a
 * mapping half made is worse than dipping into the atomic reserve.
 */
unsigned long pgtable_alloc_page(void)
{
	struct page *page = alloc_page(GFP_ATOMIC | __GFP_ZERO);

	if (!page)
		return 0;
	mod_node_page_state(page_pgdat(page), NR_PAGETABLE, 1);
	return page_to_phys(page);
}
