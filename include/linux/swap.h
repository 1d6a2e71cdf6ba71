/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * LRU lists and page reclaim (mm/swap.c, mm/vmscan.c), and swap areas
 * (mm/swapfile.c, mm/swap_slots.c, mm/page_io.c; Documentation/mm/swap.md).
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
 *
 * Swap: swapon(2) makes a file or block device an area of page-sized
 * slots; a swp_entry_t (<linux/swapops.h>) names one slot.
 *
 *   get_swap_page()            a free slot (count 1), or val 0
 *   swap_duplicate(entry)      one more user of the slot (fork)
 *   swap_free(entry)           one user less; the slot is free at 0
 *   swp_swapcount(entry)       the users of the slot
 *   get_swap_device(entry)     pin the area against swapoff (put_swap_device)
 *   swap_readpage(), swap_writepage_entry()   the I/O of one page
 *
 * Locking: see the tops of mm/swapfile.c and mm/swap_slots.c.
 */
#ifndef _LINUX_SWAP_H
#define _LINUX_SWAP_H

#include <linux/types.h>
#include <linux/gfp.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/errno.h>
#include <asm/atomic.h>
#include <uapi/linux/sysinfo.h>

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

/* Working-set detection of file pages (mm/workingset.c). */
void workingset_eviction(struct address_space *mapping, struct page *page);
void *shadow_take(struct address_space *mapping, unsigned long index);
void workingset_refault(struct page *page, void *shadow);
void workingset_activation(struct page *page);
void workingset_forget_range(struct address_space *mapping, unsigned long start,
			     unsigned long end);
void workingset_forget_mapping(struct address_space *mapping);

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

/* ------------------------------------------------------------ swap areas */

/* swapon(2) flags (the user ABI, <sys/swap.h>). */
#define SWAP_FLAG_PREFER	0x8000		/* priority given in the low bits */
#define SWAP_FLAG_PRIO_MASK	0x7fff
#define SWAP_FLAG_PRIO_SHIFT	0
#define SWAP_FLAG_DISCARD	0x10000		/* discard freed slots (see swap.md) */
#define SWAP_FLAG_DISCARD_ONCE	0x20000		/* discard the whole area at swapon */
#define SWAP_FLAG_DISCARD_PAGES	0x40000		/* discard pages as they are freed */
#define SWAP_FLAGS_VALID	(SWAP_FLAG_PRIO_MASK | SWAP_FLAG_PREFER | SWAP_FLAG_DISCARD | \
				 SWAP_FLAG_DISCARD_ONCE | SWAP_FLAG_DISCARD_PAGES)

/*
 * swap_map values: the number of users of a slot (page-table entries,
 * the swap cache, whoever called swap_duplicate()), 0 for a free slot,
 * SWAP_MAP_BAD for one that is never handed out (the header, the
 * header's bad pages, pages of a swap file that are not one contiguous
 * run on disk).
 */
#define SWAP_MAP_MAX		0xfffe
#define SWAP_MAP_BAD		0xffff

/* Slots per cluster: the unit a CPU allocates from (mm/swapfile.c). */
#define SWAPFILE_CLUSTER	256

/* swap_info_struct.flags */
#define SWP_USED	(1UL << 0)	/* the structure belongs to an area (swapon..swapoff) */
#define SWP_VALID	(1UL << 1)	/* map and I/O set up: entries may be used */
#define SWP_WRITEOK	(1UL << 2)	/* on the allocation list, counted in the totals */
#define SWP_BLKDEV	(1UL << 3)	/* a block device (partition), not a file */
#define SWP_DISCARD	(1UL << 4)	/* discard was asked for (nothing is discarded) */

/* A run of slots that are consecutive on the disk too. */
struct swap_extent {
	unsigned long start_page;	/* first slot */
	unsigned long nr_pages;
	sector_t start_sector;		/* where start_page lives on si->bdev */
};

/* One cluster of SWAPFILE_CLUSTER slots (si->lock). */
struct swap_cluster {
	unsigned short used;		/* slots with a count */
	unsigned short usable;		/* slots that are not SWAP_MAP_BAD */
	unsigned int next;		/* next on the free-cluster list */
	unsigned char state;		/* SWAP_CLUSTER_* (mm/swapfile.c) */
};

/* What one CPU is filling in one area (si->lock). */
struct swap_cpu_cursor {
	unsigned int cluster;		/* the cluster, or SWAP_NO_CLUSTER */
	unsigned long next;		/* the slot to try next */
};

#define SWAP_NO_CLUSTER		(~0U)

/*
 * struct swap_info_struct: one swap area.  The structures live in
 * swap_info[type] from the first swapon that needs that type on and are
 * never freed, so a stale pointer still points at one.
 *
 * Locking and lifetime:
 *   flags          SWP_VALID and SWP_WRITEOK change under swap_lock and
 *                  lock together, so either one is enough to read them;
 *                  the others are set while swapon has the area to itself
 *   prio, list     swap_lock (the list is swap_active_list, by priority)
 *   swap_map, clusters, cursors, free_head/tail, inuse_pages, scan_pos
 *                  lock
 *   max, pages, extents, bdev, swap_file, name
 *                  set by swapon before SWP_VALID, fixed until swapoff
 *                  clears it; readers hold a get_swap_device() pin (or
 *                  lock with SWP_VALID seen set)
 *   users          1 while the area is on (the area's own reference) plus
 *                  one per get_swap_device(); swapoff drops its own and
 *                  waits for drained
 */
struct swap_info_struct {
	unsigned long flags;		/* SWP_* */
	signed short prio;		/* higher is used first */
	bool auto_prio;			/* prio was given by swapon order */
	unsigned int type;		/* index in swap_info[] */
	struct list_head list;		/* in swap_active_list while SWP_WRITEOK */
	spinlock_t lock;
	unsigned short *swap_map;	/* max counts (vmalloc) */
	unsigned long max;		/* slots: the header's last_page + 1 */
	unsigned long pages;		/* usable slots (not SWAP_MAP_BAD) */
	unsigned long inuse_pages;	/* slots with a count */
	struct swap_cluster *clusters;	/* DIV_ROUND_UP(max, SWAPFILE_CLUSTER) */
	unsigned int nr_clusters;
	unsigned int free_head, free_tail;	/* free-cluster FIFO, SWAP_NO_CLUSTER if empty */
	struct swap_cpu_cursor cursors[NR_CPUS];
	unsigned long scan_pos;		/* where the fallback scan goes on */
	struct swap_extent *extents;	/* by start_page, cover every usable slot */
	unsigned int nr_extents;
	struct block_device *bdev;	/* where the slots are */
	struct file *swap_file;		/* held open while the area is on */
	char *name;			/* the path at swapon, for messages */
	atomic_t users;
	struct completion drained;	/* users reached 0 */
	/*
	 * Swap-in read-ahead (mm/swap_state.c), updated without a lock:
	 * it only steers how much is read.
	 */
	atomic_t ra_hits;		/* read-ahead pages faulted on since the last miss */
	unsigned int ra_window;		/* slots the next miss reads (power of two) */
	unsigned long ra_last_miss;	/* offset of the last miss */
};

#ifdef CONFIG_SWAP
/* Free slots on areas that take allocations, and all their usable slots. */
extern atomic_long_t nr_swap_pages;
extern long total_swap_pages;

/* get_nr_swap_pages() - free slots of the areas allocations can use (racy read). */
static inline long get_nr_swap_pages(void)
{
	return atomic_long_read(&nr_swap_pages);
}

swp_entry_t get_swap_page(void);
int swap_duplicate(swp_entry_t entry);
void swap_free(swp_entry_t entry);
int swp_swapcount(swp_entry_t entry);
struct swap_info_struct *get_swap_device(swp_entry_t entry);
void put_swap_device(struct swap_info_struct *si);
int try_to_unuse(unsigned int type);
int swap_slot_sector(struct swap_info_struct *si, unsigned long offset, sector_t *sector);
int swap_readpage(struct page *page, swp_entry_t entry, bool synchronous);
int swap_writepage_entry(struct page *page, swp_entry_t entry, bool synchronous);
void si_swapinfo(struct sysinfo *val);
#else
#define total_swap_pages	0L
/* get_nr_swap_pages() - no free slots without swap; no locks. */
static inline long get_nr_swap_pages(void)
{
	return 0;
}
/* get_swap_page() - never a slot without swap; no locks. */
static inline swp_entry_t get_swap_page(void)
{
	return (swp_entry_t){ 0 };
}
/* swap_duplicate() - -ENOENT: no entry is valid without swap; no locks. */
static inline int swap_duplicate(swp_entry_t entry)
{
	return -ENOENT;
}
/* swap_free() - nothing to free without swap; no locks. */
static inline void swap_free(swp_entry_t entry)
{
}
/* swp_swapcount() - -ENOENT: no entry is valid without swap; no locks. */
static inline int swp_swapcount(swp_entry_t entry)
{
	return -ENOENT;
}
/* get_swap_device() - NULL: no area to pin without swap; no locks. */
static inline struct swap_info_struct *get_swap_device(swp_entry_t entry)
{
	return NULL;
}
/* put_swap_device() - nothing was pinned without swap; no locks. */
static inline void put_swap_device(struct swap_info_struct *si)
{
}
/* si_swapinfo() - totalswap and freeswap 0 without swap; no locks. */
static inline void si_swapinfo(struct sysinfo *val)
{
	val->totalswap = 0;
	val->freeswap = 0;
}
#endif

/* vm.swappiness (0..200): how readily reclaim takes anonymous pages. */
extern int vm_swappiness;
/* Swap-in read-ahead: 2^page_cluster slots around a fault (vm.page-cluster). */
extern int page_cluster;

/*
 * The swap cache (mm/swap_state.c): anonymous pages with a swap slot, in
 * the radix tree of their area's address_space at the slot's offset;
 * PG_swapcache set, page->private = the entry.  The cache holds one count
 * on the slot, each swap pte another.
 */
#ifdef CONFIG_SWAP
struct address_space *swap_address_space(swp_entry_t entry);
int add_to_swap_cache(struct page *page, swp_entry_t entry, gfp_t gfp);
void delete_from_swap_cache(struct page *page);
int remove_swap_mapping(struct page *page);
struct page *lookup_swap_cache(swp_entry_t entry);
bool add_to_swap(struct page *page);
bool try_to_free_swap(struct page *page);
void free_swap_and_cache(swp_entry_t entry);
struct page *read_swap_cache_async(swp_entry_t entry, gfp_t gfp, bool *new_page);
struct page *swapin_readahead(swp_entry_t entry, gfp_t gfp, bool *major);
/* swapoff: bring back the tmpfs pages in area type (fs/ramfs/tmpfs_swap.c). */
int shmem_unuse(unsigned int type);

/* More than half of the swap space in use (Linux's vm_swap_full()). */
static inline bool swap_nearly_full(void)
{
	return get_nr_swap_pages() * 2 < total_swap_pages;
}
#else
/* Without swap no page is ever in the swap cache: the calls find nothing to do. */
static inline struct page *lookup_swap_cache(swp_entry_t entry)
{
	return NULL;
}
static inline bool add_to_swap(struct page *page)
{
	return false;
}
static inline bool try_to_free_swap(struct page *page)
{
	return false;
}
static inline void free_swap_and_cache(swp_entry_t entry)
{
}
static inline int remove_swap_mapping(struct page *page)
{
	return 0;
}
static inline void delete_from_swap_cache(struct page *page)
{
}
static inline struct page *swapin_readahead(swp_entry_t entry, gfp_t gfp, bool *major)
{
	*major = false;
	return NULL;
}
static inline bool swap_nearly_full(void)
{
	return false;
}
#endif

#endif /* _LINUX_SWAP_H */
