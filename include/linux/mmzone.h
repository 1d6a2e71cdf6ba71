/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Memory zones and the node that holds them.
 *
 * Tidewater has one memory node (contig_page_data, NODE_DATA(0)) split
 * into zones by physical address:
 *   ZONE_DMA32   [0, 4 GiB)   for devices that can only address 32 bits
 *   ZONE_NORMAL  [4 GiB, end) everything else
 * A request may be served from its highest allowed zone or any lower one
 * (Normal falls back to DMA32; a __GFP_DMA32 request uses DMA32 only).
 * Zone boundaries are MAX_ORDER aligned, so buddies never straddle zones.
 *
 * Each zone has the buddy free lists (zone->lock), three watermarks the
 * allocator and (later) kswapd steer by, and statistics counters.  The
 * node carries the LRU lists page reclaim will scan (node->__lruvec) and
 * the node-wide statistics.
 */
#ifndef _LINUX_MMZONE_H
#define _LINUX_MMZONE_H

#include <linux/types.h>
#include <linux/bits.h>
#include <linux/spinlock.h>
#include <linux/list.h>
#include <linux/gfp.h>
#include <linux/wait.h>
#include <asm/atomic.h>
#include <asm/page_types.h>

enum zone_type {
	ZONE_DMA32,
	ZONE_NORMAL,
	MAX_NR_ZONES
};

/* Bits of page->flags (at the top) holding the zone index. */
#define ZONES_WIDTH	2
#define ZONES_PGSHIFT	(BITS_PER_LONG - ZONES_WIDTH)
#define ZONES_MASK	((1UL << ZONES_WIDTH) - 1)

/* Pages in the largest buddy block; the granule of the struct page array. */
#define MAX_ORDER_NR_PAGES	(1UL << MAX_ORDER)
#define NR_PAGE_ORDERS		(MAX_ORDER + 1)

/* One list of free blocks of a given order; both fields under zone->lock. */
struct free_area {
	struct list_head free_list;
	unsigned long nr_free;		/* blocks, not pages */
};

enum zone_watermarks {
	WMARK_MIN,	/* below: only __GFP_HIGH (and later direct reclaim) */
	WMARK_LOW,	/* below: wake kswapd (once it exists) */
	WMARK_HIGH,	/* kswapd reclaims until free pages reach this */
	NR_WMARK
};

/*
 * Per-zone counters (pages).  Kept as zone->vm_stat plus small per-CPU
 * deltas folded in at a threshold: see <linux/vmstat.h>.
 */
enum zone_stat_item {
	NR_FREE_PAGES,
	NR_ZONE_LRU_BASE,
	NR_ZONE_INACTIVE_ANON = NR_ZONE_LRU_BASE,
	NR_ZONE_ACTIVE_ANON,
	NR_ZONE_INACTIVE_FILE,
	NR_ZONE_ACTIVE_FILE,
	NR_ZONE_UNEVICTABLE,
	NR_ZONE_WRITE_PENDING,	/* dirty + writeback + unstable */
	NR_MLOCK,
	NR_BOUNCE,
	NR_VM_ZONE_STAT_ITEMS
};

/* Per-node counters: pages unless the name ends in _KB. */
enum node_stat_item {
	NR_LRU_BASE,
	NR_INACTIVE_ANON = NR_LRU_BASE,
	NR_ACTIVE_ANON,
	NR_INACTIVE_FILE,
	NR_ACTIVE_FILE,
	NR_UNEVICTABLE,
	NR_SLAB_RECLAIMABLE,
	NR_SLAB_UNRECLAIMABLE,
	NR_ISOLATED_ANON,
	NR_ISOLATED_FILE,
	WORKINGSET_REFAULT_FILE,	/* file pages read in over a shadow entry */
	WORKINGSET_ACTIVATE_FILE,	/* ... of them put straight on the active list */
	WORKINGSET_RESTORE_FILE,	/* ... of them in the working set when evicted */
	NR_ANON_MAPPED,
	NR_FILE_MAPPED,
	NR_FILE_PAGES,
	NR_FILE_DIRTY,
	NR_WRITEBACK,
	NR_WRITEBACK_TEMP,
	NR_SHMEM,
	NR_UNSTABLE_NFS,
	NR_VMSCAN_WRITE,
	NR_VMSCAN_IMMEDIATE,
	NR_DIRTIED,
	NR_WRITTEN,
	NR_KERNEL_STACK_KB,
	NR_PAGETABLE,
	NR_VMALLOC,
	NR_SWAPCACHE,		/* pages in the swap cache (SwapCached) */
	NR_VM_NODE_STAT_ITEMS
};

/*
 * LRU lists page reclaim scans: inactive/active for anonymous and file
 * pages, plus pages that cannot be evicted (mlocked, ramfs).
 */
enum lru_list {
	LRU_INACTIVE_ANON,
	LRU_ACTIVE_ANON,
	LRU_INACTIVE_FILE,
	LRU_ACTIVE_FILE,
	LRU_UNEVICTABLE,
	NR_LRU_LISTS
};

#define for_each_lru(lru) for ((lru) = 0; (lru) < NR_LRU_LISTS; (lru)++)

/*
 * The LRU lists of a node.  lru_lock guards the lists and PG_lru/
 * PG_active of the pages on them; take it with irqs off (pages are
 * rotated from I/O completion).
 */
struct lruvec {
	struct list_head lists[NR_LRU_LISTS];
	unsigned long nr_pages[NR_LRU_LISTS];	/* exact list lengths, for reclaim */
	spinlock_t lru_lock;
	/*
	 * Reclaim's cost counters, [0] anon, [1] file (vmscan.c's
	 * get_scan_count()): pages scanned lately, and how many of them
	 * went back to the active list.  Under lru_lock.
	 */
	unsigned long recent_scanned[2];
	unsigned long recent_rotated[2];
	/*
	 * Working-set clock (mm/workingset.c): file pages that have left
	 * the inactive list, evicted or promoted.  Atomic, no lock.
	 */
	atomic_long_t nonresident_age;
	/*
	 * WORKINGSET_ACTIVATE_FILE when reclaim last decided whether to trim
	 * only the file cache (vmscan.c's file_trim_only()).  Atomic, no lock.
	 */
	atomic_long_t trim_refaults;
};

/*
 * A CPU's private stock of order-0 pages of one zone.  Touched only by
 * its CPU with interrupts off (drain_all_pages() reaches other CPUs
 * through an IPI, which runs there with interrupts off).
 */
struct per_cpu_pages {
	int count;		/* pages on the list */
	int high;		/* above this, give batch pages back */
	int batch;		/* pages moved to/from the buddy lists at a time */
	struct list_head list;	/* most recently freed (cache-hot) first */
};

struct pglist_data;

struct zone {
	/*
	 * Watermarks in pages (setup_per_zone_wmarks()); read without a
	 * lock, rewritten when vm.min_free_kbytes changes.
	 */
	unsigned long _watermark[NR_WMARK];
	/*
	 * Added to every watermark while kswapd should free more than
	 * usual: raised when a high-order request found enough free pages
	 * but no block big enough (boost_watermark()), cleared by kswapd at
	 * the end of its run.  Read and written without a lock.
	 */
	unsigned long watermark_boost;
	/*
	 * Pages kept back from allocations that could have used a higher
	 * zone: lowmem_reserve[Z] applies to requests whose highest zone
	 * is Z, so Normal traffic cannot exhaust DMA32.
	 */
	long lowmem_reserve[MAX_NR_ZONES];
	struct pglist_data *zone_pgdat;
	const char *name;

	/* Fixed at boot. */
	unsigned long zone_start_pfn;
	unsigned long spanned_pages;	/* pfn range, holes included */
	unsigned long present_pages;	/* RAM pages in the range */
	atomic_long_t managed_pages;	/* pages the buddy allocator manages */

	/* Guards free_area; taken with irqs off (GFP_ATOMIC from interrupts). */
	spinlock_t lock;
	struct free_area free_area[NR_PAGE_ORDERS];

	atomic_long_t vm_stat[NR_VM_ZONE_STAT_ITEMS];
} __aligned(64);

/*
 * A memory node.  Page reclaim adds its per-node state here when it
 * lands (kswapd's wait queue and task, the order and zone kswapd works
 * for, its failure count); the LRU lists it scans already live here.
 */
struct pglist_data {
	struct zone node_zones[MAX_NR_ZONES];
	int node_id;
	unsigned long node_start_pfn;
	unsigned long node_spanned_pages;
	unsigned long node_present_pages;
	/* Sum of every zone's high watermark + largest lowmem_reserve. */
	unsigned long totalreserve_pages;
	struct lruvec __lruvec;
	atomic_long_t vm_stat[NR_VM_NODE_STAT_ITEMS];

	/* Page reclaim (mm/vmscan.c). */
	struct wait_queue_head kswapd_wait;	/* kswapd sleeps here */
	/* Reclaimers waiting for pages they sent to disk (vmscan.c's reclaim_throttle()). */
	struct wait_queue_head reclaim_wait;
	struct task_struct *kswapd;		/* set once at boot */
	int kswapd_order;			/* largest order asked for since it woke */
	/* Balancing runs that freed nothing in a row; kswapd rests at MAX_RECLAIM_RETRIES. */
	int kswapd_failures;
};

extern struct pglist_data contig_page_data;
#define NODE_DATA(nid)		(&contig_page_data)
#define first_online_pgdat()	(&contig_page_data)

#define for_each_zone(zone)							\
	for ((zone) = contig_page_data.node_zones;				\
	     (zone) < contig_page_data.node_zones + MAX_NR_ZONES; (zone)++)
#define for_each_populated_zone(zone)						\
	for_each_zone(zone)							\
		if (!populated_zone(zone)) {} else

static inline bool populated_zone(const struct zone *zone)
{
	return zone->present_pages != 0;
}

static inline unsigned long zone_managed_pages(const struct zone *zone)
{
	return (unsigned long)atomic_long_read(&zone->managed_pages);
}

static inline int zone_idx(const struct zone *zone)
{
	return zone - zone->zone_pgdat->node_zones;
}

static inline unsigned long zone_end_pfn(const struct zone *zone)
{
	return zone->zone_start_pfn + zone->spanned_pages;
}

static inline bool zone_spans_pfn(const struct zone *zone, unsigned long pfn)
{
	return zone->zone_start_pfn <= pfn && pfn < zone_end_pfn(zone);
}

#define wmark_pages(z, i)	(READ_ONCE((z)->_watermark[i]) + READ_ONCE((z)->watermark_boost))
#define min_wmark_pages(z)	wmark_pages(z, WMARK_MIN)
#define low_wmark_pages(z)	wmark_pages(z, WMARK_LOW)
#define high_wmark_pages(z)	wmark_pages(z, WMARK_HIGH)

static inline struct lruvec *node_lruvec(struct pglist_data *pgdat)
{
	return &pgdat->__lruvec;
}

static inline struct pglist_data *lruvec_pgdat(struct lruvec *lruvec)
{
	return container_of(lruvec, struct pglist_data, __lruvec);
}

/* The high watermarks of the node's zones, added up (pages). */
static inline unsigned long pgdat_high_wmark_total(struct pglist_data *pgdat)
{
	unsigned long total = 0;

	for (int z = 0; z < MAX_NR_ZONES; z++)
		total += high_wmark_pages(&pgdat->node_zones[z]);
	return total;
}

/* Allocation-side watermark test: see mm/page_alloc.c. */
bool zone_watermark_ok(struct zone *z, unsigned int order, unsigned long mark,
		       int highest_zoneidx, unsigned int alloc_flags);

/* The zone a pfn belongs to by address; ZONE_DMA32 below 4 GiB. */
#define DMA32_END_PFN	(1UL << (32 - PAGE_SHIFT))

#endif /* _LINUX_MMZONE_H */
