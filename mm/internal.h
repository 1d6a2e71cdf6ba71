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

/* Page cache (mm/filemap.c): remove a page; i_pages_lock held, irqs off. */
void __delete_from_page_cache(struct page *page);
/* Remove a locked clean page holding exactly refs references (1 is the cache's). */
int __remove_mapping(struct address_space *mapping, struct page *page, int refs);

/* Read-ahead around a faulting index (mm/readahead.c, for filemap_fault()). */
struct file_ra_state;
struct file;
void page_cache_ra_around(struct address_space *mapping, struct file_ra_state *ra,
			  struct file *file, pgoff_t index);

#endif /* _MM_INTERNAL_H */
