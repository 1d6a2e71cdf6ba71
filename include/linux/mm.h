/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Core memory-management helpers: pfn <-> struct page <-> address,
 * page references, compound pages, zones of a page, and the global page
 * counts.
 *
 * The struct page array is virtually contiguous at VMEMMAP_START and
 * indexed by pfn, so pfn_to_page()/page_to_pfn() are pointer arithmetic.
 * Only the parts covering RAM are backed by memory (in MAX_ORDER_NR_PAGES
 * units); pfn_valid() says whether a pfn has a descriptor.
 *
 * Reference rules: get_page()/put_page() act on the head of a compound
 * page; the last put_page() frees the page (or the whole compound page).
 * get_page_unless_zero() is the lockless-lookup form (see page_ref.h).
 */
#ifndef _LINUX_MM_H
#define _LINUX_MM_H

#include <linux/kernel.h>
#include <linux/types.h>
#include <linux/bug.h>
#include <linux/gfp.h>
#include <linux/mm_types.h>
#include <linux/page-flags.h>
#include <linux/page_ref.h>
#include <linux/mmzone.h>
#include <linux/mmdebug.h>
#include <asm/page.h>

#define vmemmap ((struct page *)VMEMMAP_START)

#define pfn_to_page(pfn)	(vmemmap + (pfn))
#define page_to_pfn(page)	((unsigned long)((page) - vmemmap))
#define virt_to_page(addr)	pfn_to_page(virt_to_pfn(addr))
#define page_to_phys(page)	PFN_PHYS(page_to_pfn(page))
#define phys_to_page(pa)	pfn_to_page(PFN_DOWN(pa))
#define page_address(page)	__va(page_to_phys(page))
#define lowmem_page_address(page) page_address(page)
#define offset_in_page(p)	((unsigned long)(p) & ~PAGE_MASK)
#define PAGE_ALIGNED(addr)	IS_ALIGNED((unsigned long)(addr), PAGE_SIZE)

/* Highest pfn + 1 of RAM, set by mm_core_init(). */
extern unsigned long max_pfn;
/* One bit per MAX_ORDER_NR_PAGES block: set where struct pages exist. */
extern unsigned long *memmap_valid_map;

static inline bool pfn_valid(unsigned long pfn)
{
	if (pfn >= max_pfn)
		return false;
	return test_bit(pfn >> MAX_ORDER, memmap_valid_map);
}

/* Is addr a direct-map (or kernel image) address backed by a struct page? */
static inline bool virt_addr_valid(const void *addr)
{
	unsigned long a = (unsigned long)addr;

	if (a >= __START_KERNEL_map)
		return a < __START_KERNEL_map + KERNEL_IMAGE_SIZE && pfn_valid(virt_to_pfn(addr));
	if (a < PAGE_OFFSET || a >= PAGE_OFFSET + (max_pfn << PAGE_SHIFT))
		return false;
	return pfn_valid(virt_to_pfn(addr));
}

/* ------------------------------------------------------------ zones */

static inline enum zone_type page_zonenum(const struct page *page)
{
	return (page->flags >> ZONES_PGSHIFT) & ZONES_MASK;
}

static inline struct zone *page_zone(const struct page *page)
{
	return &NODE_DATA(0)->node_zones[page_zonenum(page)];
}

static inline struct pglist_data *page_pgdat(const struct page *page)
{
	return NODE_DATA(0);
}

static inline void set_page_zone(struct page *page, enum zone_type zone)
{
	page->flags &= ~(ZONES_MASK << ZONES_PGSHIFT);
	page->flags |= (unsigned long)zone << ZONES_PGSHIFT;
}

/* ------------------------------------------------------------ compound pages */

static __always_inline struct page *compound_head(const struct page *page)
{
	unsigned long head = READ_ONCE(page->compound_head);

	if (head & 1)
		return (struct page *)(head - 1);
	return (struct page *)page;
}

static inline unsigned int compound_order(const struct page *page)
{
	if (!PageHead(page))
		return 0;
	return page[1].compound_order;
}

static inline unsigned long compound_nr(const struct page *page)
{
	return 1UL << compound_order(page);
}

static inline unsigned long page_size(const struct page *page)
{
	return PAGE_SIZE << compound_order(page);
}

#define virt_to_head_page(addr)	compound_head(virt_to_page(addr))

/* ------------------------------------------------------------ references */

static inline int page_count(const struct page *page)
{
	return page_ref_count(compound_head(page));
}

static inline void get_page(struct page *page)
{
	page = compound_head(page);
	VM_BUG_ON_PAGE(page_ref_count(page) <= 0, page);
	page_ref_inc(page);
}

/*
 * Take a reference unless the page is free.  The lockless page cache
 * lookup depends on this being a fully ordered atomic (see page_ref.h).
 */
static inline bool get_page_unless_zero(struct page *page)
{
	return page_ref_add_unless_zero(page, 1);
}

static inline bool put_page_testzero(struct page *page)
{
	VM_BUG_ON_PAGE(page_ref_count(page) == 0, page);
	return page_ref_dec_and_test(page);
}

/* Free a page (or compound page) whose last reference is gone. */
void __put_page(struct page *page);

static inline void put_page(struct page *page)
{
	page = compound_head(page);
	if (put_page_testzero(page))
		__put_page(page);
}

/* ------------------------------------------------------------ mappings */

static inline void page_mapcount_reset(struct page *page)
{
	atomic_set(&page->_mapcount, -1);
}

static inline int page_mapcount(const struct page *page)
{
	return atomic_read(&page->_mapcount) + 1;
}

static inline bool page_mapped(const struct page *page)
{
	return atomic_read(&page->_mapcount) >= 0;
}

/* ------------------------------------------------------------ sizes */

static inline unsigned int get_order(unsigned long size)
{
	if (size <= PAGE_SIZE)
		return 0;
	return fls_long((size - 1) >> PAGE_SHIFT);
}

/* Pages the buddy allocator manages (RAM minus what boot kept). */
extern atomic_long_t _totalram_pages;

static inline unsigned long totalram_pages(void)
{
	return (unsigned long)atomic_long_read(&_totalram_pages);
}

/* RAM pages the kernel knows about, reserved ones included. */
extern unsigned long physpages;

/*
 * vm.min_free_kbytes: the reserve the MIN watermarks add up to.
 * After changing it, call setup_per_zone_wmarks().
 */
extern int min_free_kbytes;
/* vm.watermark_scale_factor: LOW-MIN and HIGH-LOW gaps, in 1/10000 of a zone. */
extern int watermark_scale_factor;
void setup_per_zone_wmarks(void);

/* Print per-zone free block counts (allocation failures, sysrq). */
void show_free_areas(void);

/* mm/slab.c, mm/vmalloc.c set-up, called by mm_core_init(). */
void kmem_cache_init(void);
void vmalloc_init(void);

/* Back [start, end) of the vmemmap with memory (arch/x86/mm/vmemmap.c; boot only). */
int vmemmap_populate(unsigned long start, unsigned long end);

/* Before mm_core_init() hands RAM to the buddy allocator: use memblock. */
extern bool mm_page_alloc_ready;

#endif /* _LINUX_MM_H */
