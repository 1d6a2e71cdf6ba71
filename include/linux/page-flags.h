/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Page flags: the PG_* bits in page->flags and their accessors.
 *
 * For each flag Foo:
 *   PageFoo(page)          test
 *   SetPageFoo / ClearPageFoo         atomic (locked bts/btr)
 *   __SetPageFoo / __ClearPageFoo     non-atomic: only while no one else
 *                                     can see the page (allocator, slab
 *                                     setup, buddy lists under zone->lock)
 *   TestSetPageFoo / TestClearPageFoo atomic, return the old value
 *
 * The accessors act on the page given; they do not redirect a tail page
 * to its head.  Callers holding a possibly-tail page use compound_head()
 * first.  The top ZONES_WIDTH bits of page->flags are the zone index
 * (see <linux/mm.h>: page_zonenum()); NR_PAGEFLAGS must stay below them.
 */
#ifndef _LINUX_PAGE_FLAGS_H
#define _LINUX_PAGE_FLAGS_H

#include <linux/types.h>
#include <linux/bitops.h>
#include <asm/bitops.h>
#include <linux/mm_types.h>

enum pageflags {
	PG_locked,		/* page is locked (I/O or truncation in progress) */
	PG_referenced,		/* recently referenced (reclaim's second chance) */
	PG_uptodate,		/* contents valid */
	PG_dirty,		/* contents newer than the backing store */
	PG_lru,			/* on an LRU list */
	PG_active,		/* on the active LRU list */
	PG_workingset,		/* was active before eviction (refault detection) */
	PG_waiters,		/* tasks wait on this page's lock or writeback */
	PG_error,		/* an I/O error happened */
	PG_slab,		/* head page of a slab */
	PG_owner_priv_1,	/* owner's use: filesystems (PG_checked), swap cache */
	PG_reserved,		/* never handed to the page allocator */
	PG_private,		/* page->private holds filesystem data (buffers) */
	PG_private_2,		/* second private bit for the owner */
	PG_writeback,		/* being written back */
	PG_head,		/* head page of a compound page */
	PG_mappedtodisk,	/* has blocks allocated on disk */
	PG_reclaim,		/* to be reclaimed when writeback completes */
	PG_swapbacked,		/* backed by swap (anon, shmem), not a file */
	PG_unevictable,		/* on the unevictable LRU */
	PG_mlocked,		/* mapped by an mlock()ed VMA */
	PG_buddy,		/* head of a free block in the buddy allocator */
	PG_large_kmalloc,	/* head of a compound page kmalloc() handed out */
	NR_PAGEFLAGS,

	PG_checked = PG_owner_priv_1,
	PG_swapcache = PG_owner_priv_1,
	/*
	 * Read-ahead marker: the page whose first access starts the next
	 * asynchronous window.  It shares the bit with PG_reclaim, which
	 * only means something while PG_writeback is set; a page under read
	 * is never under writeback, so the two uses do not meet.
	 */
	PG_readahead = PG_reclaim,
};

#define PAGEFLAG_TEST(name, bit)						\
	static __always_inline bool Page##name(const struct page *page)		\
	{ return test_bit(PG_##bit, &page->flags); }
#define PAGEFLAG_SET(name, bit)							\
	static __always_inline void SetPage##name(struct page *page)		\
	{ set_bit(PG_##bit, &page->flags); }					\
	static __always_inline void __SetPage##name(struct page *page)		\
	{ __set_bit(PG_##bit, &page->flags); }
#define PAGEFLAG_CLEAR(name, bit)						\
	static __always_inline void ClearPage##name(struct page *page)		\
	{ clear_bit(PG_##bit, &page->flags); }					\
	static __always_inline void __ClearPage##name(struct page *page)	\
	{ __clear_bit(PG_##bit, &page->flags); }
#define PAGEFLAG_TESTSET(name, bit)						\
	static __always_inline bool TestSetPage##name(struct page *page)	\
	{ return test_and_set_bit(PG_##bit, &page->flags); }			\
	static __always_inline bool TestClearPage##name(struct page *page)	\
	{ return test_and_clear_bit(PG_##bit, &page->flags); }

#define PAGEFLAG(name, bit)							\
	PAGEFLAG_TEST(name, bit) PAGEFLAG_SET(name, bit)			\
	PAGEFLAG_CLEAR(name, bit) PAGEFLAG_TESTSET(name, bit)

PAGEFLAG(Locked, locked)
PAGEFLAG(Referenced, referenced)
PAGEFLAG(Uptodate, uptodate)
PAGEFLAG(Dirty, dirty)
PAGEFLAG(LRU, lru)
PAGEFLAG(Active, active)
PAGEFLAG(Workingset, workingset)
PAGEFLAG(Waiters, waiters)
PAGEFLAG(Error, error)
PAGEFLAG(Slab, slab)
PAGEFLAG(Checked, checked)
PAGEFLAG(SwapCache, swapcache)
PAGEFLAG(Reserved, reserved)
PAGEFLAG(Private, private)
PAGEFLAG(Private2, private_2)
PAGEFLAG(Writeback, writeback)
PAGEFLAG(Head, head)
PAGEFLAG(MappedToDisk, mappedtodisk)
PAGEFLAG(Reclaim, reclaim)
PAGEFLAG(Readahead, readahead)
PAGEFLAG(SwapBacked, swapbacked)
PAGEFLAG(Unevictable, unevictable)
PAGEFLAG(Mlocked, mlocked)
PAGEFLAG(Buddy, buddy)
PAGEFLAG(LargeKmalloc, large_kmalloc)

/* A tail page stores its head's address with bit 0 set (see mm_types.h). */
static __always_inline bool PageTail(const struct page *page)
{
	return READ_ONCE(page->compound_head) & 1;
}

static __always_inline bool PageCompound(const struct page *page)
{
	return PageHead(page) || PageTail(page);
}

/*
 * Flags a page must not carry when it goes back to the allocator: they
 * mean someone still uses it (locked, on an LRU, under writeback, slab)
 * or it was never the allocator's to take (reserved).
 */
#define PAGE_FLAGS_CHECK_AT_FREE						\
	(BIT(PG_locked) | BIT(PG_lru) | BIT(PG_active) | BIT(PG_slab) |		\
	 BIT(PG_reserved) | BIT(PG_private) | BIT(PG_private_2) |		\
	 BIT(PG_writeback) | BIT(PG_unevictable) | BIT(PG_mlocked) |		\
	 BIT(PG_buddy) | BIT(PG_large_kmalloc) | BIT(PG_swapbacked))

/* Flags a page straight out of the allocator must not carry. */
#define PAGE_FLAGS_CHECK_AT_PREP	(BIT(NR_PAGEFLAGS) - 1)

#endif /* _LINUX_PAGE_FLAGS_H */
