/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Declarations shared between the files of mm/ and nobody else: the
 * page allocator's allocation flags (how far below the watermarks a
 * request may go) and the boot-time hand-over from memblock.
 */
#ifndef _MM_INTERNAL_H
#define _MM_INTERNAL_H

#include <linux/mm.h>

/*
 * alloc_flags for get_page_from_freelist() and zone_watermark_ok().  The
 * low bits select the watermark (WMARK_MIN/LOW/HIGH).
 */
#define ALLOC_WMARK_MIN		WMARK_MIN
#define ALLOC_WMARK_LOW		WMARK_LOW
#define ALLOC_WMARK_HIGH	WMARK_HIGH
#define ALLOC_NO_WATERMARKS	0x04	/* ignore watermarks entirely */
#define ALLOC_WMARK_MASK	(ALLOC_NO_WATERMARKS - 1)
#define ALLOC_HIGH		0x10	/* __GFP_HIGH: may go halfway below MIN */
#define ALLOC_OOM		0x20	/* an OOM victim: may go down to a quarter of MIN */

/* Boot: give a naturally aligned block of boot-reserved pages to the buddy lists. */
void memblock_free_pages(struct page *page, unsigned int order);
/* Boot: empty per-CPU page lists for every possible CPU. */
void init_per_cpu_pagesets(void);
/* Boot: vm.min_free_kbytes from the amount of RAM, then the watermarks. */
void init_per_zone_wmark_min(void);
/* The page-table page hook for asm/pgtable.h once the buddy allocator runs. */
unsigned long pgtable_alloc_page(void);

/* LRU lists (mm/swap.c); lru_lock held with irqs off for the list ops. */
struct lruvec;
enum lru_list page_lru(struct page *page);
void update_lru_size(struct lruvec *lruvec, struct page *page, enum lru_list lru, long nr);
void add_page_to_lru_list(struct page *page, struct lruvec *lruvec);
void del_page_from_lru_list(struct page *page, struct lruvec *lruvec);
/* The last reference is gone: off the LRU before the page is freed. */
void __page_cache_release(struct page *page);

/* The gfp bits that matter to a radix tree's node allocations (preload). */
#define GFP_TREE_MASK	(__GFP_HIGH | __GFP_RECLAIM | __GFP_IO | __GFP_FS | \
			 __GFP_NOWARN | __GFP_NORETRY | __GFP_NOFAIL)

/* Page cache (mm/filemap.c): remove a page; i_pages_lock held, irqs off. */
void __delete_from_page_cache(struct page *page);

/* Read-ahead around a faulting index (mm/readahead.c, for filemap_fault()). */
struct file_ra_state;
struct file;
void page_cache_ra_around(struct address_space *mapping, struct file_ra_state *ra,
			  struct file *file, pgoff_t index);

/*
 * The OOM killer's scoring (mm/oom_kill.c), in pieces its self tests can
 * feed with made-up processes.  A candidate is what the killer knows of
 * one process; a choice is the best one offered so far.
 */
struct oom_candidate {
	const void *owner;		/* the process (its group leader) */
	unsigned long rss;		/* resident pages: anon + file + shmem */
	unsigned long swapents;		/* swapped-out pages */
	unsigned long pgtables;		/* page-table pages */
	int adj;			/* oom_score_adj */
	bool unkillable;		/* kernel thread, init, vfork child, no mm */
	bool done;			/* MMF_OOM_SKIP: reaped, torn down or given up */
	bool dying_victim;		/* chosen before and still giving memory back */
};

struct oom_choice {
	const void *owner;		/* the best candidate so far, or NULL */
	long points;
	bool wait;			/* met a dying victim: choose nobody now */
};

/* The badness of c, or LONG_MIN if it can never be chosen. */
long oom_candidate_points(const struct oom_candidate *c, unsigned long totalpages);
/* Let ch consider c (zero-initialise ch before the first offer). */
void oom_choice_offer(struct oom_choice *ch, const struct oom_candidate *c,
		      unsigned long totalpages);
/* A badness as /proc/<pid>/oom_score shows it (0..2000). */
unsigned long oom_points_to_score(long points, unsigned long totalpages);
/* Unmap the private pages of mm's reapable VMAs; mmap_lock held for reading. */
void oom_reap_mm(struct mm_struct *mm);
/* Hand mm (an OOM victim's, MMF_OOM_VICTIM) to the oom_reaper thread. */
void oom_queue_reap(struct mm_struct *mm, int pid, const char *comm);

#endif /* _MM_INTERNAL_H */
