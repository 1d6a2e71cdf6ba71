// SPDX-License-Identifier: GPL-2.0-only
/*
 * mm_core_init(): turn memblock's view of RAM into the running memory
 * manager.  Called once from start_kernel() after setup_arch(), on the
 * boot CPU with interrupts off, so nothing here locks.
 *
 * Steps, in order:
 *   1. zone sizes from memblock: DMA32 below 4 GiB, Normal above;
 *   2. the struct page array: for every MAX_ORDER block that holds RAM,
 *      back its stretch of the vmemmap with memory and initialise each
 *      descriptor as reserved (holes get no backing at all);
 *   3. hand every free memblock range to the buddy allocator in the
 *      largest aligned blocks it splits into; what memblock reserved
 *      (kernel, initrd, page tables, the memmap itself) stays reserved;
 *   4. from now on page tables come from the buddy allocator, and
 *      memblock allocations are refused;
 *   5. watermarks, then slab and vmalloc.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/memblock.h>
#include <linux/mm.h>
#include <linux/vmstat.h>
#include <linux/panic.h>
#include <linux/boot_hooks.h>
#include <asm/pgtable.h>
#include "internal.h"

extern char _stext[], _etext[], __start_rodata[], _sdata[], _edata[];
extern char __bss_start[], __bss_stop[];

BUILD_BUG_ON(sizeof(struct page) > 64);
/* init_memmap_block() writes these words; together they cover the descriptor. */
BUILD_BUG_ON(offsetof(struct page, slab_alloc_map) + sizeof(long) !=
	     offsetof(struct page, _mapcount));
BUILD_BUG_ON(NR_PAGEFLAGS > ZONES_PGSHIFT);

unsigned long max_pfn;
unsigned long physpages;
unsigned long *memmap_valid_map;

static const char *const zone_names[MAX_NR_ZONES] = {
	[ZONE_DMA32] = "DMA32",
	[ZONE_NORMAL] = "Normal",
};

static enum zone_type pfn_zone(unsigned long pfn)
{
	return pfn < DMA32_END_PFN ? ZONE_DMA32 : ZONE_NORMAL;
}

static void __init zone_sizes_init(void)
{
	struct pglist_data *pgdat = NODE_DATA(0);
	unsigned long bounds[MAX_NR_ZONES + 1] = { 0, min(max_pfn, DMA32_END_PFN), max_pfn };
	struct memblock_region *r;

	pgdat->node_id = 0;
	pgdat->node_start_pfn = 0;
	pgdat->node_spanned_pages = max_pfn;
	for (int z = 0; z < MAX_NR_ZONES; z++) {
		struct zone *zone = &pgdat->node_zones[z];

		zone->zone_pgdat = pgdat;
		zone->name = zone_names[z];
		zone->zone_start_pfn = bounds[z];
		zone->spanned_pages = bounds[z + 1] > bounds[z] ? bounds[z + 1] - bounds[z] : 0;
		spin_lock_init(&zone->lock);
		for (unsigned int o = 0; o <= MAX_ORDER; o++) {
			INIT_LIST_HEAD(&zone->free_area[o].free_list);
			zone->free_area[o].nr_free = 0;
		}
	}
	for_each_mem_region(r) {
		unsigned long spfn = PFN_UP(r->base), epfn = PFN_DOWN(r->base + r->size);

		for (int z = 0; z < MAX_NR_ZONES; z++) {
			unsigned long s = max(spfn, bounds[z]), e = min(epfn, bounds[z + 1]);

			if (s < e)
				pgdat->node_zones[z].present_pages += e - s;
		}
		if (epfn > spfn)
			physpages += epfn - spfn;
	}
	pgdat->node_present_pages = physpages;

	spin_lock_init(&pgdat->__lruvec.lru_lock);
	init_waitqueue_head(&pgdat->reclaim_wait);
	for (int l = 0; l < NR_LRU_LISTS; l++)
		INIT_LIST_HEAD(&pgdat->__lruvec.lists[l]);

	pr_info("Zone ranges:\n");
	for (int z = 0; z < MAX_NR_ZONES; z++) {
		struct zone *zone = &pgdat->node_zones[z];

		if (!zone->spanned_pages)
			pr_info("  %-8s empty\n", zone->name);
		else
			pr_info("  %-8s [mem %#018llx-%#018llx] %lu pages present\n", zone->name,
				(u64)PFN_PHYS(zone->zone_start_pfn),
				(u64)PFN_PHYS(zone_end_pfn(zone)) - 1, zone->present_pages);
	}
}

/* Every descriptor starts reserved, refcounted and unmapped. */
static void __init init_memmap_block(unsigned long spfn)
{
	struct page *page = pfn_to_page(spfn);
	unsigned long flags = BIT(PG_reserved) |
			      ((unsigned long)pfn_zone(spfn) << ZONES_PGSHIFT);

	/*
	 * Field by field rather than a struct assignment: the compiler turns
	 * the latter into rep stosl, which TCG runs a dword at a time, and
	 * this loop runs for every pfn (2.6 million at 8 GiB).
	 */
	for (unsigned long i = 0; i < MAX_ORDER_NR_PAGES; i++, page++) {
		page->flags = flags;
		page->lru.next = NULL;
		page->lru.prev = NULL;
		page->mapping = NULL;
		page->index = 0;
		page->private = 0;
		page->slab_alloc_map = 0;
		atomic_set(&page->_mapcount, -1);
		atomic_set(&page->_refcount, 1);
	}
}

static void __init memmap_init(void)
{
	unsigned long nblocks = DIV_ROUND_UP(max_pfn, MAX_ORDER_NR_PAGES);
	unsigned long backed = 0;
	struct memblock_region *r;

	memmap_valid_map = memblock_alloc(BITS_TO_LONGS(nblocks) * sizeof(long), sizeof(long));
	for_each_mem_region(r) {
		unsigned long spfn = ALIGN_DOWN(PFN_DOWN(r->base), MAX_ORDER_NR_PAGES);
		unsigned long epfn = ALIGN(PFN_UP(r->base + r->size), MAX_ORDER_NR_PAGES);

		if (vmemmap_populate((unsigned long)pfn_to_page(spfn),
				     (unsigned long)pfn_to_page(epfn)))
			panic("mm: no memory for the struct page array");
		for (unsigned long pfn = spfn; pfn < epfn; pfn += MAX_ORDER_NR_PAGES) {
			unsigned long blk = pfn >> MAX_ORDER;

			/* Regions that share a block round to it twice. */
			if (test_bit(blk, memmap_valid_map))
				continue;
			init_memmap_block(pfn);
			__set_bit(blk, memmap_valid_map);
			backed++;
		}
	}
	pr_info("mm: struct page array: %lu KiB at %#lx for %lu pfns (%zu bytes each)\n",
		backed * MAX_ORDER_NR_PAGES * sizeof(struct page) >> 10, VMEMMAP_START,
		max_pfn, sizeof(struct page));
}

/* Free [spfn, epfn) to the buddy lists in the largest aligned blocks. */
static void __init free_pfn_range(unsigned long spfn, unsigned long epfn)
{
	while (spfn < epfn) {
		unsigned int order = MAX_ORDER;

		while (order && ((spfn & ((1UL << order) - 1)) || spfn + (1UL << order) > epfn))
			order--;
		memblock_free_pages(pfn_to_page(spfn), order);
		spfn += 1UL << order;
	}
}

/* The memblock equivalent of Linux's memblock_free_all(). */
static void __init memblock_free_all(void)
{
	phys_addr_t start, end;
	u64 i;

	for_each_free_mem_range(i, start, end) {
		unsigned long spfn = PFN_UP(start), epfn = PFN_DOWN(end);

		if (spfn < epfn)
			free_pfn_range(spfn, epfn);
	}
}

static void __init mem_init_print_info(void)
{
	unsigned long codesize = _etext - _stext;
	unsigned long datasize = _edata - _sdata;
	/* .rodata up to .data: includes the exception, bug and init tables. */
	unsigned long rosize = _sdata - __start_rodata;
	unsigned long bss_size = __bss_stop - __bss_start;

	pr_info("Memory: %luK/%luK available (%luK kernel code, %luK rwdata, %luK rodata, "
		"%luK bss, %luK reserved)\n",
		nr_free_pages() << (PAGE_SHIFT - 10), physpages << (PAGE_SHIFT - 10),
		codesize >> 10, datasize >> 10, rosize >> 10, bss_size >> 10,
		(physpages - totalram_pages()) << (PAGE_SHIFT - 10));
}

void __init mm_core_init(void)
{
	max_pfn = PFN_DOWN(memblock_end_of_DRAM());
	vmstat_init();
	zone_sizes_init();
	memmap_init();
	init_per_cpu_pagesets();
	memblock_free_all();
	/* From here memblock refuses to allocate: every free range is the buddy's. */
	mm_page_alloc_ready = true;
	pgtable_alloc_hook = pgtable_alloc_page;
	init_per_zone_wmark_min();
	mem_init_print_info();
	kmem_cache_init();
	vmalloc_init();
}
