/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Page allocation (mm/page_alloc.c): the buddy allocator.
 *
 * alloc_pages(gfp, order) returns 2^order physically contiguous pages,
 * naturally aligned; __free_pages() gives them back.  Order-0 requests
 * are served from per-CPU lists.  GFP flags say where the pages may come
 * from and whether the caller may sleep (GFP_KERNEL) or not (GFP_ATOMIC,
 * from interrupts or under spinlocks).
 */
#ifndef _LINUX_GFP_H
#define _LINUX_GFP_H

#include <linux/types.h>

struct page;

#define __GFP_DMA32	0x01u	/* memory below 4 GiB */
#define __GFP_HIGH	0x02u	/* may dip into the emergency reserve */
#define __GFP_ZERO	0x04u	/* zero the memory */
#define __GFP_NOWARN	0x08u	/* do not print a warning on failure */
#define __GFP_DIRECT_RECLAIM 0x10u	/* may sleep and reclaim */
#define __GFP_KSWAPD_RECLAIM 0x20u	/* may wake kswapd */
#define __GFP_IO	0x40u	/* reclaim may start I/O */
#define __GFP_FS	0x80u	/* reclaim may call into filesystems */
#define __GFP_NORETRY	0x100u	/* fail rather than try hard */
#define __GFP_NOFAIL	0x200u	/* never fail (use sparingly) */
#define __GFP_MOVABLE	0x400u	/* user/pagecache page */
#define __GFP_COMP	0x800u	/* compound page (head + tails) */

#define __GFP_RECLAIM	(__GFP_DIRECT_RECLAIM | __GFP_KSWAPD_RECLAIM)
#define GFP_ATOMIC	(__GFP_HIGH | __GFP_KSWAPD_RECLAIM)
#define GFP_NOWAIT	(__GFP_KSWAPD_RECLAIM)
#define GFP_NOIO	(__GFP_RECLAIM)
#define GFP_NOFS	(__GFP_RECLAIM | __GFP_IO)
#define GFP_KERNEL	(__GFP_RECLAIM | __GFP_IO | __GFP_FS)
#define GFP_USER	(GFP_KERNEL)
#define GFP_HIGHUSER_MOVABLE (GFP_USER | __GFP_MOVABLE)
#define GFP_DMA32	(__GFP_DMA32)

#define MAX_ORDER	10	/* largest block: 2^10 pages = 4 MiB */
/*
 * Orders above this (more than 8 contiguous pages) are "costly": the
 * allocator does not kill processes for them, since freed memory seldom
 * comes back contiguous.  Linux's value.
 */
#define PAGE_ALLOC_COSTLY_ORDER	3

struct page *alloc_pages(gfp_t gfp, unsigned int order);
void __free_pages(struct page *page, unsigned int order);
#define alloc_page(gfp) alloc_pages(gfp, 0)
#define __free_page(page) __free_pages(page, 0)

/* The same, by kernel virtual address (direct map). 0 on failure. */
unsigned long __get_free_pages(gfp_t gfp, unsigned int order);
unsigned long get_zeroed_page(gfp_t gfp);
void free_pages(unsigned long addr, unsigned int order);
#define __get_free_page(gfp) __get_free_pages(gfp, 0)
#define free_page(addr) free_pages(addr, 0)

unsigned long nr_free_pages(void);
/* Return this CPU's (or every CPU's) per-CPU list pages to the buddy lists. */
void drain_local_pages(void);
void drain_all_pages(void);

#endif /* _LINUX_GFP_H */
