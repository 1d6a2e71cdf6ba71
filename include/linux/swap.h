/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * LRU lists and page reclaim (mm/swap.c, mm/vmscan.c).
 *
 *   lru_cache_add(page)       a new page-cache (later: anon) page joins
 *                             the inactive list (batched per CPU)
 *   mark_page_accessed(page)  a use: inactive,unreferenced -> referenced
 *                             -> active (second chance)
 *   try_to_free_pages(...)    direct reclaim from the allocator's slow path
 *   wakeup_kswapd(zone, order)  below the low watermark: background reclaim
 *
 * Each node has one lruvec with LRU_INACTIVE_FILE/ACTIVE_FILE (and the
 * anon pair, empty until anonymous reclaim exists) under lru_lock.
 * A page on a list has PG_lru and one reference held by... nobody: the
 * list does not pin it; isolation takes a reference (get_page_unless_zero)
 * and clears PG_lru under lru_lock.
 */
#ifndef _LINUX_SWAP_H
#define _LINUX_SWAP_H

#include <linux/types.h>
#include <linux/gfp.h>
#include <linux/list.h>
#include <asm/atomic.h>

struct page;

/* A referenced page moves towards the active list. */
void mark_page_accessed(struct page *page);
void lru_cache_add(struct page *page);
struct vm_area_struct;
/* A new anonymous page: inactive anon list, or unevictable in a VM_LOCKED VMA. */
void lru_cache_add_inactive_or_unevictable(struct page *page, struct vm_area_struct *vma);
/* PG_mlocked on and to the unevictable list (mlock of a mapped page). */
void mlock_page(struct page *page);
/* PG_mlocked off and back to an evictable list (munlock, munmap of a locked VMA). */
void munlock_page(struct page *page);
/* Reclaim found the isolated page in a VM_LOCKED VMA: to the unevictable list. */
void cull_mlocked_page(struct page *page);
/* Take a page off the LRU (PG_lru) before freeing it: 0, or -EBUSY. */
int isolate_lru_page(struct page *page);
void putback_lru_page(struct page *page);
/* A page finished writeback with PG_reclaim: move it to the inactive tail. */
void rotate_reclaimable_page(struct page *page);
/* Drain this CPU's (or every CPU's) LRU add batches. */
void lru_add_drain(void);
void lru_add_drain_all(void);

/* Pages reclaim aims to free per round (Linux's SWAP_CLUSTER_MAX). */
#define SWAP_CLUSTER_MAX	32UL
/* Reclaim attempts without progress before an allocation (or kswapd) gives up. */
#define MAX_RECLAIM_RETRIES	16

unsigned long try_to_free_pages(gfp_t gfp, unsigned int order);
struct zone;
void wakeup_kswapd(struct zone *zone, unsigned int order);
/* Is every populated zone of the node at or above its high watermark? */
struct pglist_data;
bool pgdat_balanced(struct pglist_data *pgdat);
/* Locked page: let the file system free its buffers (->releasepage). */
bool try_to_release_page(struct page *page, gfp_t gfp);
/* Remove a locked clean unused page from mapping: 1 if it went. */
struct address_space;
int remove_mapping(struct address_space *mapping, struct page *page);

/*
 * Shrinkers: caches outside the page cache (dentries, inodes, buffer
 * heads) that reclaim asks to give memory back.
 */
struct shrink_control {
	gfp_t gfp_mask;
	unsigned long nr_to_scan;
	unsigned long nr_scanned;
};
struct shrinker {
	unsigned long (*count_objects)(struct shrinker *s, struct shrink_control *sc);
	unsigned long (*scan_objects)(struct shrinker *s, struct shrink_control *sc);
	int seeks;		/* cost to recreate an object (DEFAULT_SEEKS) */
	long batch;		/* objects per scan_objects() call; 0: SHRINK_BATCH */
	struct list_head list;	/* shrinker_list, shrinker_rwsem */
	atomic_long_t nr_deferred;	/* scan work owed from calls too small to act on */
};
#define SHRINK_STOP	(~0UL)
#define DEFAULT_SEEKS	2
#define SHRINK_BATCH	128
int register_shrinker(struct shrinker *s);
void unregister_shrinker(struct shrinker *s);
/* drop_caches 2: run every shrinker until it frees nothing more. */
void drop_slab(void);

/* ------------------------------------------------------------ swap entries */

/*
 * swp_entry_t: one slot of one swap area.  The value packs the area number
 * (the "type", 0..MAX_SWAPFILES-1) above the slot offset; build and take
 * apart with swp_entry(), swp_type(), swp_offset() (<linux/swapops.h>).
 * val 0 (area 0, slot 0) means "no entry": slot 0 holds an area's header
 * and is never handed out.
 */
typedef struct {
	unsigned long val;
} swp_entry_t;

/* Areas that can be on at once (swapon(2) says EPERM beyond). */
#define MAX_SWAPFILES_SHIFT	5
#define MAX_SWAPFILES		(1 << MAX_SWAPFILES_SHIFT)

#endif /* _LINUX_SWAP_H */
