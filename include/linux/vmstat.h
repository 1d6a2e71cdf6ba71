/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Memory statistics (mm/vmstat.c): zone and node counters, and events.
 *
 * Counters (enum zone_stat_item / node_stat_item in <linux/mmzone.h>)
 * live in atomic_long_t totals (zone->vm_stat, pgdat->vm_stat and the
 * global vm_zone_stat/vm_node_stat).  An update first goes to a small
 * per-CPU delta; only when the delta passes STAT_THRESHOLD is it folded
 * into the totals with atomic adds, so hot paths (every page allocation)
 * do not bounce a shared cache line.  A reader of the totals may be off
 * by up to STAT_THRESHOLD per CPU until the next periodic fold (every
 * vm.stat_interval seconds); the *_snapshot() readers add the per-CPU
 * deltas in for an exact value at a moment when nothing changes.
 *
 * mod_*_page_state() may be called from any context; the __ forms need
 * interrupts already disabled.
 *
 * Events (enum vm_event_item) are plain per-CPU counters summed on read.
 */
#ifndef _LINUX_VMSTAT_H
#define _LINUX_VMSTAT_H

#include <linux/types.h>
#include <linux/mmzone.h>
#include <linux/percpu.h>

/* Per-CPU delta (in pages) that triggers a fold into the totals. */
#define STAT_THRESHOLD	32

extern atomic_long_t vm_zone_stat[NR_VM_ZONE_STAT_ITEMS];
extern atomic_long_t vm_node_stat[NR_VM_NODE_STAT_ITEMS];

struct page;

void __mod_zone_page_state(struct zone *zone, enum zone_stat_item item, long delta);
void mod_zone_page_state(struct zone *zone, enum zone_stat_item item, long delta);
void __mod_node_page_state(struct pglist_data *pgdat, enum node_stat_item item, long delta);
void mod_node_page_state(struct pglist_data *pgdat, enum node_stat_item item, long delta);

void inc_zone_page_state(struct page *page, enum zone_stat_item item);
void dec_zone_page_state(struct page *page, enum zone_stat_item item);
void inc_node_page_state(struct page *page, enum node_stat_item item);
void dec_node_page_state(struct page *page, enum node_stat_item item);
/* Add delta to a node counter for the node page is on. */
void mod_node_page_state_page(struct page *page, enum node_stat_item item, long delta);

static inline unsigned long global_zone_page_state(enum zone_stat_item item)
{
	long x = atomic_long_read(&vm_zone_stat[item]);

	return x < 0 ? 0 : x;
}

static inline unsigned long global_node_page_state(enum node_stat_item item)
{
	long x = atomic_long_read(&vm_node_stat[item]);

	return x < 0 ? 0 : x;
}

static inline unsigned long zone_page_state(struct zone *zone, enum zone_stat_item item)
{
	long x = atomic_long_read(&zone->vm_stat[item]);

	return x < 0 ? 0 : x;
}

static inline unsigned long node_page_state(struct pglist_data *pgdat, enum node_stat_item item)
{
	long x = atomic_long_read(&pgdat->vm_stat[item]);

	return x < 0 ? 0 : x;
}

/* Exact values: the totals plus every CPU's pending delta. */
unsigned long zone_page_state_snapshot(struct zone *zone, enum zone_stat_item item);
unsigned long node_page_state_snapshot(struct pglist_data *pgdat, enum node_stat_item item);
/* Fold every CPU's deltas into the totals (for readers that want them exact). */
void refresh_vm_stats(void);

/* Names for /proc/vmstat and /proc/zoneinfo, indexed by the enums. */
extern const char *const zone_stat_name[NR_VM_ZONE_STAT_ITEMS];
extern const char *const node_stat_name[NR_VM_NODE_STAT_ITEMS];

enum vm_event_item {
	PGPGIN,			/* 512-byte sectors read by block I/O (shown in KiB) */
	PGPGOUT,		/* sectors written (shown in KiB) */
	PSWPIN,			/* pages read from swap (mm/page_io.c) */
	PSWPOUT,		/* pages written to swap */
	PGMAJFAULT,		/* faults that had to wait for a read (swap-in) */
	SWAP_RA,		/* swap slots read ahead of a fault */
	SWAP_RA_HIT,		/* ... that a fault then found in the swap cache */
	PGALLOC_DMA32,
	PGALLOC_NORMAL,
	PGFREE,
	ALLOCFAIL,		/* alloc_pages() returned NULL */
	PGACTIVATE,		/* pages moved inactive -> active */
	PGDEACTIVATE,		/* pages moved active -> inactive */
	PGREFILL,		/* active pages scanned for deactivation */
	PGSCAN_KSWAPD,		/* inactive pages scanned by kswapd */
	PGSCAN_DIRECT,		/* ... by direct reclaim */
	PGSTEAL_KSWAPD,		/* pages freed by kswapd */
	PGSTEAL_DIRECT,		/* ... by direct reclaim */
	PGSCAN_ANON,		/* inactive anon pages scanned (either reclaimer) */
	PGSCAN_FILE,		/* inactive file pages scanned */
	PGSTEAL_ANON,		/* anon pages freed */
	PGSTEAL_FILE,		/* file pages freed */
	PGROTATED,		/* reclaim candidates rotated after writeback */
	SLABS_SCANNED,		/* objects shrinkers were asked to scan */
	PAGEOUTRUN,		/* kswapd balancing passes */
	ALLOCSTALL,		/* allocations that entered direct reclaim */
	DROP_PAGECACHE,		/* writes of 1 or 3 to vm.drop_caches */
	DROP_SLAB,		/* writes of 2 or 3 */
	OOM_KILL,		/* processes the OOM killer killed */
	NR_VM_EVENT_ITEMS
};

extern const char *const vm_event_name[NR_VM_EVENT_ITEMS];

struct vm_event_state {
	unsigned long event[NR_VM_EVENT_ITEMS];
};

DECLARE_PER_CPU(struct vm_event_state, vm_event_states);

/*
 * Events are counted without disabling interrupts: a lost increment when
 * an interrupt on the same CPU counts the same event is acceptable.
 */
static inline void count_vm_events(enum vm_event_item item, long delta)
{
	this_cpu_add(vm_event_states.event[item], delta);
}

static inline void count_vm_event(enum vm_event_item item)
{
	count_vm_events(item, 1);
}

/* Sum of an event over all CPUs. */
unsigned long sum_vm_event(enum vm_event_item item);

/* Boot: the per-CPU deltas start at zero (called by mm_core_init()). */
void vmstat_init(void);

#endif /* _LINUX_VMSTAT_H */
