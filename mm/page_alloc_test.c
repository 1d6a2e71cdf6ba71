// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests for the buddy allocator (CONFIG_SELFTESTS):
 *  - a random stress of thousands of alloc/free of orders 0..MAX_ORDER
 *    checking alignment, zone, zeroing, and (through a tag in every page)
 *    that no two live blocks overlap; the free count must come back
 *    exactly once the per-CPU lists are drained;
 *  - per-CPU list refill/drain in batches and the high mark;
 *  - references: compound pages, get_page_unless_zero() on free pages,
 *    and freeing a non-compound block that has a speculative reference;
 *  - watermarks: exhausting DMA32 stops at MIN, __GFP_HIGH gets past it.
 * Exact free-count checks assume nothing else allocates meanwhile, which
 * holds while the self tests run.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/vmstat.h>
#include <linux/selftest.h>
#include <linux/list.h>
#include <linux/bitmap.h>
#include <linux/vmalloc.h>
#include <linux/cpumask.h>

static u64 rnd_state = 0x2545f4914f6cdd1dULL;

static u32 rnd(void)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 7;
	rnd_state ^= rnd_state << 17;
	return (u32)(rnd_state >> 16);
}

static unsigned long drained_free_pages(void)
{
	drain_all_pages();
	return nr_free_pages();
}

/*
 * A tag word at the start of a block and one at its end: a stray write
 * into a neighbour shows up here.  Overlap between live blocks is checked
 * exactly with a bitmap of allocated pfns.  (Patterning whole blocks
 * would be more thorough, but under TCG every first touch of a guest
 * page is a host page fault, and the run would take seconds.)
 */
static void tag_block(struct page *page, unsigned int order, u64 tag)
{
	u64 *first = page_address(page);

	first[0] = tag;
	first[(PAGE_SIZE << order) / 8 - 1] = ~tag;
}

static bool tag_ok(struct page *page, unsigned int order, u64 tag)
{
	u64 *first = page_address(page);

	return first[0] == tag && first[(PAGE_SIZE << order) / 8 - 1] == ~tag;
}

/* Mark a block's pfns in use; false if any already was (two live blocks overlap). */
static bool claim_pfns(unsigned long *map, struct page *page, unsigned int order)
{
	unsigned long pfn = page_to_pfn(page), end = pfn + (1UL << order);

	if (find_next_bit(map, end, pfn) < end)
		return false;
	bitmap_set(map, pfn, 1U << order);
	return true;
}

#define STRESS_SLOTS	128
#define STRESS_OPS	4000
#define STRESS_BUDGET	(32UL << (20 - PAGE_SHIFT))

struct block {
	struct page *page;
	unsigned int order;
	bool comp;
	u64 tag;
};

static void free_block(struct block *b)
{
	if (b->comp)
		put_page(b->page);
	else
		__free_pages(b->page, b->order);
	b->page = NULL;
}

static int buddy_stress_test(void)
{
	static struct block slots[STRESS_SLOTS];
	unsigned long *inuse = vzalloc(BITS_TO_LONGS(max_pfn) * sizeof(long));
	unsigned long start;
	unsigned long budget, live = 0, allocs = 0, high_fail = 0;
	unsigned long per_order[NR_PAGE_ORDERS] = { 0 };

	ST_ASSERT(inuse, "no memory for the pfn bitmap");
	start = drained_free_pages();
	/*
	 * Keep at most 32 MiB (or a quarter of free memory) out, so failures
	 * mean bugs; a small working set also keeps the run fast under TCG,
	 * where every first touch of a guest page costs a host page fault.
	 */
	budget = min(start / 4, STRESS_BUDGET);
	for (int op = 0; op < STRESS_OPS; op++) {
		struct block *b = &slots[rnd() % STRESS_SLOTS];
		unsigned int order;
		gfp_t gfp = GFP_KERNEL | __GFP_NOWARN;

		if (b->page) {
			ST_ASSERT(tag_ok(b->page, b->order, b->tag),
				  "block pfn %#lx order %u overwritten (overlap?)",
				  page_to_pfn(b->page), b->order);
			live -= 1UL << b->order;
			bitmap_clear(inuse, page_to_pfn(b->page), 1U << b->order);
			free_block(b);
			continue;
		}
		/* Half the requests are single pages; the rest spread over all orders. */
		order = (rnd() & 1) ? 0 : rnd() % NR_PAGE_ORDERS;
		if (live + (1UL << order) > budget)
			continue;
		if (order <= 3 && rnd() % 8 == 0)
			gfp |= __GFP_ZERO;
		if (rnd() % 8 == 0)
			gfp |= __GFP_DMA32;
		b->comp = order && rnd() % 4 == 0;
		if (b->comp)
			gfp |= __GFP_COMP;
		b->page = alloc_pages(gfp, order);
		if (!b->page) {
			/* High orders may fail on fragmentation; small ones must not. */
			ST_ASSERT(order > 3, "order-%u allocation failed with %lu pages free",
				  order, nr_free_pages());
			high_fail++;
			continue;
		}
		ST_ASSERT(!(page_to_pfn(b->page) & ((1UL << order) - 1)),
			  "order-%u block at pfn %#lx misaligned", order, page_to_pfn(b->page));
		ST_ASSERT(page_ref_count(b->page) == 1, "new page refcount %d",
			  page_ref_count(b->page));
		if (gfp & __GFP_DMA32)
			ST_ASSERT(page_zonenum(b->page) == ZONE_DMA32 &&
				  page_to_pfn(b->page) < DMA32_END_PFN, "__GFP_DMA32 above 4 GiB");
		if (gfp & __GFP_ZERO)
			ST_ASSERT(!memchr_inv(page_address(b->page), 0, PAGE_SIZE << order),
				  "__GFP_ZERO block not zeroed");
		if (b->comp)
			ST_ASSERT(PageHead(b->page) && compound_order(b->page) == order &&
				  compound_head(b->page + (1UL << order) - 1) == b->page,
				  "compound order-%u block malformed", order);
		ST_ASSERT(claim_pfns(inuse, b->page, order),
			  "order-%u block at pfn %#lx overlaps a live block", order,
			  page_to_pfn(b->page));
		b->order = order;
		b->tag = ((u64)rnd() << 32) | op;
		tag_block(b->page, order, b->tag);
		live += 1UL << order;
		allocs++;
		per_order[order]++;
	}
	for (int i = 0; i < STRESS_SLOTS; i++) {
		if (!slots[i].page)
			continue;
		ST_ASSERT(tag_ok(slots[i].page, slots[i].order, slots[i].tag), "block %d overwritten", i);
		free_block(&slots[i]);
	}
	st_diag("%lu allocations (order 0: %lu, %u: %lu), %lu high-order failures",
		allocs, per_order[0], MAX_ORDER, per_order[MAX_ORDER], high_fail);
	drain_local_pages();
	drain_all_pages();
	st_diag("free pages: %lu at start, %lu at end", start, nr_free_pages());
	ST_ASSERT(nr_free_pages() == start, "free page count did not return");
	vfree(inuse);
	return 0;
}
DEFINE_SELFTEST("buddy: random alloc/free stress of orders 0..MAX_ORDER", buddy_stress_test);

#define PCP_PAGES 200

static int pcp_batch_test(void)
{
	static struct page *pages[PCP_PAGES];
	unsigned long f0 = drained_free_pages(), f1, out;
	struct page *p = alloc_page(GFP_KERNEL);

	ST_ASSERT(p, "alloc_page");
	/* The first page after a drain pulls one batch onto this CPU's list. */
	f1 = nr_free_pages();
	st_diag("batch %d: free %lu -> %lu after one page", CONFIG_PCP_BATCH, f0, f1);
	ST_ASSERT(f0 - f1 == CONFIG_PCP_BATCH, "refill moved %lu pages", f0 - f1);
	__free_page(p);
	ST_ASSERT(nr_free_pages() == f1, "a freed page skipped the per-CPU list");
	drain_local_pages();
	ST_ASSERT(nr_free_pages() == f0, "drain_local_pages left pages behind");

	for (int i = 0; i < PCP_PAGES; i++) {
		pages[i] = alloc_page(GFP_KERNEL);
		ST_ASSERT(pages[i], "alloc_page %d", i);
	}
	f1 = drained_free_pages();
	ST_ASSERT(f0 - f1 == PCP_PAGES, "%lu pages out, expected %d", f0 - f1, PCP_PAGES);
	for (int i = 0; i < PCP_PAGES; i++)
		__free_page(pages[i]);
	/* The list holds at most high = 6 x batch pages; the rest went back in batches. */
	out = f1 + PCP_PAGES - nr_free_pages();
	st_diag("after freeing %d pages, %lu sit on the per-CPU list", PCP_PAGES, out);
	ST_ASSERT(out < 6 * CONFIG_PCP_BATCH && out > 6 * CONFIG_PCP_BATCH - CONFIG_PCP_BATCH - 1,
		  "per-CPU list holds %lu pages", out);
	ST_ASSERT(drained_free_pages() == f0, "free count did not return");
	return 0;
}
DEFINE_SELFTEST("buddy: per-CPU lists refill and drain in batches", pcp_batch_test);

static int page_ref_test(void)
{
	unsigned long f0 = drained_free_pages();
	struct page *head = alloc_pages(GFP_KERNEL | __GFP_COMP, 2), *tail, *p;

	ST_ASSERT(head, "alloc order-2 compound");
	tail = head + 3;
	ST_ASSERT(PageTail(tail) && !PageTail(head) && PageCompound(tail), "tail flags");
	ST_ASSERT(compound_head(tail) == head && compound_order(head) == 2, "compound links");
	ST_ASSERT(virt_to_head_page(page_address(tail) + 100) == head, "virt_to_head_page");
	get_page(tail);
	ST_ASSERT(page_count(tail) == 2 && page_ref_count(head) == 2, "get_page on a tail");
	put_page(tail);
	put_page(head);
	ST_ASSERT(!get_page_unless_zero(head), "get_page_unless_zero succeeded on a free page");
	ST_ASSERT(drained_free_pages() == f0, "compound page not freed");

	/*
	 * A speculative reference on the first page of a non-compound block:
	 * __free_pages() frees the other pages now, the last put the first.
	 */
	p = alloc_pages(GFP_KERNEL, 2);
	ST_ASSERT(p, "alloc order 2");
	ST_ASSERT(get_page_unless_zero(p), "get_page_unless_zero on a live page");
	__free_pages(p, 2);
	ST_ASSERT(drained_free_pages() == f0 - 1, "expected 1 page held, %lu", f0 - nr_free_pages());
	put_page(p);
	ST_ASSERT(drained_free_pages() == f0, "speculatively held page leaked");

	p = alloc_page(GFP_KERNEL);
	ST_ASSERT(p && page_mapcount(p) == 0 && !page_mapped(p) && !p->mapping, "fresh page state");
	ST_ASSERT(page_address(p) == __va(page_to_phys(p)) && pfn_valid(page_to_pfn(p)), "address");
	ST_ASSERT(page_ref_freeze(p, 1) && !get_page_unless_zero(p), "freeze");
	page_ref_unfreeze(p, 1);
	free_pages((unsigned long)page_address(p), 0);
	ST_ASSERT(drained_free_pages() == f0, "free_pages");
	return 0;
}
DEFINE_SELFTEST("buddy: page references and compound pages", page_ref_test);

static void clear_all_boosts(void)
{
	struct zone *zone;

	for_each_populated_zone(zone)
		WRITE_ONCE(zone->watermark_boost, 0);
}

static int watermark_test(void)
{
	struct zone *dma32 = &NODE_DATA(0)->node_zones[ZONE_DMA32];
	unsigned long f0 = drained_free_pages(), zone_free, mins = 0;
	unsigned long fails = sum_vm_event(ALLOCFAIL);
	int saved_boost = watermark_boost_factor, ret = 0;
	struct zone *zone;
	LIST_HEAD(held);
	struct page *page, *tmp;
	int n = 0;

	/*
	 * The high-order requests below fail on purpose, which would boost
	 * the watermarks we are measuring against (boost_watermark()).
	 */
	watermark_boost_factor = 0;
	clear_all_boosts();
	for_each_populated_zone(zone) {
		if (!(min_wmark_pages(zone) < low_wmark_pages(zone) &&
		      low_wmark_pages(zone) < high_wmark_pages(zone))) {
			st_diag("%s watermarks out of order", zone->name);
			ret = -1;
		}
		mins += min_wmark_pages(zone);
	}
	st_diag("min_free_kbytes %d; DMA32 min/low/high %lu/%lu/%lu pages", min_free_kbytes,
		min_wmark_pages(dma32), low_wmark_pages(dma32), high_wmark_pages(dma32));
	if (mins > (unsigned long)min_free_kbytes / 4 ||
	    mins + MAX_NR_ZONES < (unsigned long)min_free_kbytes / 4) {
		st_diag("MIN marks sum to %lu", mins);
		ret = -1;
	}

	/* Take DMA32 down, big blocks first, until plain requests fail. */
	for (int order = MAX_ORDER; order >= 0; order--) {
		while ((page = alloc_pages(GFP_KERNEL | __GFP_DMA32 | __GFP_NOWARN, order))) {
			page->private = order;
			list_add(&page->lru, &held);
			n++;
		}
	}
	zone_free = zone_page_state_snapshot(dma32, NR_FREE_PAGES);
	st_diag("%d blocks taken; DMA32 free %lu pages, MIN %lu", n, zone_free, min_wmark_pages(dma32));
	/* From here on every block is given back whatever fails. */
	if (zone_free > min_wmark_pages(dma32) + 1 + STAT_THRESHOLD * NR_CPUS) {
		st_diag("allocations stopped early at %lu free", zone_free);
		ret = -1;
	}
	if (zone_free < min_wmark_pages(dma32) / 2) {
		st_diag("went below MIN without __GFP_HIGH");
		ret = -1;
	}
	if (sum_vm_event(ALLOCFAIL) <= fails) {
		st_diag("failures not counted");
		ret = -1;
	}
	/* __GFP_HIGH (GFP_ATOMIC) may use half of the reserve below MIN. */
	page = alloc_pages(GFP_ATOMIC | __GFP_DMA32, 0);
	if (page) {
		__free_page(page);
	} else {
		st_diag("GFP_ATOMIC failed at the MIN watermark");
		ret = -1;
	}

	list_for_each_entry_safe(page, tmp, &held, lru) {
		unsigned int order = page->private;

		list_del(&page->lru);
		page->private = 0;
		__free_pages(page, order);
	}
	clear_all_boosts();
	watermark_boost_factor = saved_boost;
	ST_ASSERT(drained_free_pages() == f0, "free count did not return");
	return ret;
}
DEFINE_SELFTEST("buddy: watermarks stop GFP_KERNEL at MIN, __GFP_HIGH goes below",
		watermark_test);
