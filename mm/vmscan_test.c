// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests for page reclaim (mm/vmscan.c, mm/swap.c):
 *   - LRU basics: new pages are inactive, a second access activates;
 *   - direct reclaim frees clean cache pages and never a dirty page, one
 *     under writeback, a locked one or one someone holds;
 *   - kswapd: push free memory below the LOW watermark (most of it taken
 *     by large "ballast" blocks, the last stretch by clean cache pages of
 *     a fake mapping) and watch kswapd bring it back to HIGH by freeing
 *     those pages;
 *   - shrinkers: drop_slab() scans a registered shrinker to the end.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/pagemap.h>
#include <linux/swap.h>
#include <linux/vmstat.h>
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/slab.h>
#include <linux/selftest.h>
#include "filemap_test.h"

/* Add nr clean uptodate pages at [first, first + nr) through the LRU. */
static unsigned long fill_mapping(struct address_space *mapping, pgoff_t first,
				  unsigned long nr, gfp_t gfp)
{
	unsigned long done;

	for (done = 0; done < nr; done++) {
		struct page *page = alloc_page(gfp);

		if (!page)
			break;
		if (add_to_page_cache_lru(page, mapping, first + done, GFP_KERNEL)) {
			put_page(page);
			break;
		}
		SetPageUptodate(page);
		unlock_page(page);
		put_page(page);
	}
	lru_add_drain();
	return done;
}

static int lru_activation_test(void)
{
	static struct address_space mapping;
	struct page *page;

	fake_mapping_init(&mapping, NULL);
	ST_ASSERT(fill_mapping(&mapping, 0, 1, GFP_KERNEL) == 1, "no page");
	page = find_get_page(&mapping, 0);
	ST_ASSERT(PageLRU(page) && !PageActive(page) && !PageReferenced(page),
		  "new page: lru %d active %d referenced %d", PageLRU(page), PageActive(page),
		  PageReferenced(page));
	mark_page_accessed(page);
	ST_ASSERT(!PageActive(page) && PageReferenced(page), "first access");
	mark_page_accessed(page);
	ST_ASSERT(PageActive(page) && !PageReferenced(page), "second access activates");
	put_page(page);
	truncate_inode_pages(&mapping, 0);
	ST_ASSERT(!mapping.nrpages, "pages left");
	return 0;
}
DEFINE_SELFTEST("vmscan: a second access moves a page to the active list", lru_activation_test);

#define DIRECT_PAGES	256

static int direct_reclaim_test(void)
{
	static struct address_space mapping;
	struct page *dirty, *wb, *locked, *held;
	unsigned long before, freed = 0;
	int rounds;

	fake_mapping_init(&mapping, NULL);
	ST_ASSERT(fill_mapping(&mapping, 0, DIRECT_PAGES, GFP_KERNEL) == DIRECT_PAGES,
		  "could not fill");
	dirty = find_get_page(&mapping, 0);
	wb = find_get_page(&mapping, 1);
	locked = find_get_page(&mapping, 2);
	held = find_get_page(&mapping, 3);
	SetPageDirty(dirty);
	put_page(dirty);
	set_page_writeback(wb);
	put_page(wb);
	ST_ASSERT(trylock_page(locked), "lock");
	put_page(locked);

	/* Reclaim until our clean pages are gone (others' pages may go first). */
	before = mapping.nrpages;
	for (rounds = 0; rounds < 64 && mapping.nrpages > 4; rounds++)
		freed += try_to_free_pages(GFP_KERNEL, 0);
	st_diag("%d rounds freed %lu pages; %lu of ours left", rounds, freed, mapping.nrpages);
	ST_ASSERT(mapping.nrpages < before, "nothing of ours reclaimed");
	ST_ASSERT(find_get_page(&mapping, 0) == dirty && find_get_page(&mapping, 1) == wb &&
		  find_get_page(&mapping, 2) == locked && find_get_page(&mapping, 3) == held,
		  "a dirty, writeback, locked or held page was reclaimed");
	ST_ASSERT(PageReclaim(dirty) && PageReclaim(wb), "PG_reclaim not set on skipped pages");
	end_page_writeback(wb);
	ST_ASSERT(!PageReclaim(wb), "end_page_writeback left PG_reclaim");
	unlock_page(locked);
	ClearPageReclaim(dirty);
	ClearPageDirty(dirty);
	for (int i = 0; i < 3; i++)
		put_page(i == 0 ? dirty : i == 1 ? wb : locked);
	put_page(held);
	put_page(held);
	truncate_inode_pages(&mapping, 0);
	ST_ASSERT(!mapping.nrpages, "pages left");
	return 0;
}
DEFINE_SELFTEST("vmscan: direct reclaim frees clean pages, never dirty/writeback/locked/held",
		direct_reclaim_test);

/* ------------------------------------------------------------ kswapd */

/* Cache pages added beyond the low watermark. */
#define KSWAPD_OVERSHOOT	256
#define KSWAPD_WAIT_MS		3000

struct ballast {
	struct page *page;
	unsigned int order;
	struct list_head list;
};

static unsigned long node_free(struct pglist_data *pgdat)
{
	unsigned long free = 0;

	for (int z = 0; z < MAX_NR_ZONES; z++)
		free += zone_page_state(&pgdat->node_zones[z], NR_FREE_PAGES);
	return free;
}

static void free_ballast(struct list_head *head)
{
	struct ballast *b, *tmp;

	list_for_each_entry_safe(b, tmp, head, list) {
		__free_pages(b->page, b->order);
		kfree(b);
	}
}

static int kswapd_test(void)
{
	static struct address_space mapping;
	struct pglist_data *pgdat = NODE_DATA(0);
	struct zone *zone = NULL;
	unsigned long steal_before, deadline, low, high, added;
	LIST_HEAD(ballast);
	int populated = 0, ret = 0;
	bool woken;

	for (int z = 0; z < MAX_NR_ZONES; z++) {
		if (zone_managed_pages(&pgdat->node_zones[z])) {
			zone = &pgdat->node_zones[z];
			populated++;
		}
	}
	if (populated != 1) {
		st_diag("%d populated zones: the test fills exactly one", populated);
		return ST_SKIP;
	}
	if (!pgdat_balanced(pgdat)) {
		st_diag("free memory already below HIGH");
		return ST_SKIP;
	}
	low = low_wmark_pages(zone);
	high = high_wmark_pages(zone);
	fake_mapping_init(&mapping, NULL);
	lru_add_drain_all();

	/*
	 * Ballast down to a little above HIGH, in blocks as large as fit,
	 * without waking anyone: no reclaim flags.
	 */
	for (unsigned int order = MAX_ORDER;;) {
		unsigned long free = node_free(pgdat);
		struct ballast *b;

		if (free < high + 2 * KSWAPD_OVERSHOOT + (1UL << order)) {
			if (!order)
				break;
			order--;
			continue;
		}
		b = kmalloc(sizeof(*b), GFP_NOWAIT | __GFP_NOWARN);
		if (!b)
			break;
		b->page = alloc_pages(__GFP_NOWARN | __GFP_NORETRY, order);
		if (!b->page) {
			kfree(b);
			if (!order)
				break;
			order--;
			continue;
		}
		b->order = order;
		list_add(&b->list, &ballast);
	}

	/* The last stretch with reclaimable pages: crosses LOW, wakes kswapd. */
	steal_before = sum_vm_event(PGSTEAL_KSWAPD);
	added = fill_mapping(&mapping, 0, node_free(pgdat) - low + KSWAPD_OVERSHOOT,
			     GFP_KERNEL | __GFP_NOWARN);
	/* The allocator's slow path woke kswapd when the fill crossed LOW. */
	deadline = jiffies + msecs_to_jiffies(KSWAPD_WAIT_MS);
	while (sum_vm_event(PGSTEAL_KSWAPD) == steal_before && time_before(jiffies, deadline))
		msleep(10);
	woken = sum_vm_event(PGSTEAL_KSWAPD) != steal_before;
	/*
	 * kswapd sleeps once above HIGH; our last allocations may have left
	 * free memory between LOW and HIGH, where nobody wakes it (as in
	 * Linux).  Wake it once more and let it finish.
	 */
	wakeup_kswapd(zone, 0);
	while (!pgdat_balanced(pgdat) && time_before(jiffies, deadline))
		msleep(10);
	st_diag("low %lu high %lu: added %lu cache pages, kswapd freed %lu; free now %lu, "
		"%lu of ours left", low, high, added, sum_vm_event(PGSTEAL_KSWAPD) - steal_before,
		node_free(pgdat), mapping.nrpages);
	if (!woken) {
		st_diag("crossing LOW did not wake kswapd");
		ret = -1;
	} else if (!pgdat_balanced(pgdat)) {
		st_diag("kswapd did not bring free memory up to HIGH");
		ret = -1;
	} else if (sum_vm_event(PGSTEAL_KSWAPD) == steal_before || mapping.nrpages >= added) {
		st_diag("kswapd freed none of the cache pages");
		ret = -1;
	}
	free_ballast(&ballast);
	truncate_inode_pages(&mapping, 0);
	ST_ASSERT(!mapping.nrpages, "pages left");
	return ret;
}
DEFINE_SELFTEST("vmscan: kswapd reclaims clean cache pages from below LOW up to HIGH",
		kswapd_test);

/* ------------------------------------------------------------ watermark boost */

static int boost_test(void)
{
	struct pglist_data *pgdat = NODE_DATA(0);
	int saved_factor = watermark_boost_factor;
	unsigned long raw_high, limit, runs, deadline;
	struct zone *zone = NULL;
	int ret = 0;

	for (int z = 0; z < MAX_NR_ZONES && !zone; z++)
		if (zone_managed_pages(&pgdat->node_zones[z]))
			zone = &pgdat->node_zones[z];
	if (!zone || READ_ONCE(zone->watermark_boost)) {
		st_diag("no zone, or a boost already in place");
		return ST_SKIP;
	}
	raw_high = READ_ONCE(zone->_watermark[WMARK_HIGH]);
	watermark_boost_factor = 15000;
	limit = raw_high * 15000 / 10000;
	boost_watermark(zone);
	ST_ASSERT(high_wmark_pages(zone) == raw_high + min(512UL, limit),
		  "one step: HIGH %lu, raw %lu", high_wmark_pages(zone), raw_high);
	for (int i = 0; i < 1000; i++)
		boost_watermark(zone);
	ST_ASSERT(zone->watermark_boost == limit, "boost %lu, limit %lu", zone->watermark_boost,
		  limit);
	WRITE_ONCE(zone->watermark_boost, 0);
	watermark_boost_factor = 0;
	boost_watermark(zone);
	ST_ASSERT(!zone->watermark_boost, "factor 0 still boosted");
	watermark_boost_factor = saved_factor;

	/* A boost beyond all free memory: kswapd runs, frees what it can without I/O, drops it. */
	runs = sum_vm_event(PAGEOUTRUN);
	WRITE_ONCE(zone->watermark_boost, zone_page_state(zone, NR_FREE_PAGES) + 1024);
	wakeup_kswapd(zone, 0);
	deadline = jiffies + msecs_to_jiffies(KSWAPD_WAIT_MS);
	while (READ_ONCE(zone->watermark_boost) && time_before(jiffies, deadline))
		msleep(10);
	if (READ_ONCE(zone->watermark_boost)) {
		st_diag("kswapd did not drop the boost within %d ms", KSWAPD_WAIT_MS);
		WRITE_ONCE(zone->watermark_boost, 0);
		ret = -1;
	}
	ST_ASSERT(sum_vm_event(PAGEOUTRUN) > runs, "kswapd did not run");
	return ret;
}
DEFINE_SELFTEST("vmscan: a watermark boost steps up to its limit and kswapd drops it",
		boost_test);

/* ------------------------------------------------------------ shrinkers */

static unsigned long test_objects;

static unsigned long test_count(struct shrinker *s, struct shrink_control *sc)
{
	return test_objects;
}

static unsigned long test_scan(struct shrinker *s, struct shrink_control *sc)
{
	unsigned long n = min(sc->nr_to_scan, test_objects);

	test_objects -= n;
	return n;
}

static int shrinker_test(void)
{
	struct shrinker s = {
		.count_objects = test_count,
		.scan_objects = test_scan,
		.seeks = DEFAULT_SEEKS,
	};

	test_objects = 1000;
	ST_ASSERT(!register_shrinker(&s), "register");
	drop_slab();
	unregister_shrinker(&s);
	ST_ASSERT(!test_objects, "%lu objects left after drop_slab", test_objects);
	return 0;
}
DEFINE_SELFTEST("vmscan: drop_slab runs shrinkers until they are empty", shrinker_test);
