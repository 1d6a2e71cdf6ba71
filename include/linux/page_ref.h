/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Page reference counts (page->_refcount).
 *
 * A page in use has _refcount >= 1; the reference that drops it to zero
 * frees it (put_page() in <linux/mm.h>).  Lockless lookups use
 * page_ref_add_unless_zero()/get_page_unless_zero(): it fails on a page
 * the allocator owns, and since it is a locked RMW it is a full barrier,
 * so the caller's re-check of page->mapping/index that follows cannot be
 * reordered before it.  page_ref_freeze() lets the owner claim "no other
 * references" atomically (page cache removal): it succeeds only if the
 * count is exactly the expected value, and leaves it at zero so that
 * speculative gets fail until page_ref_unfreeze().
 */
#ifndef _LINUX_PAGE_REF_H
#define _LINUX_PAGE_REF_H

#include <linux/types.h>
#include <asm/atomic.h>
#include <linux/mm_types.h>

static inline int page_ref_count(const struct page *page)
{
	return atomic_read(&page->_refcount);
}

static inline void set_page_count(struct page *page, int v)
{
	atomic_set(&page->_refcount, v);
}

/* A freshly allocated page: the caller holds the only reference. */
static inline void set_page_refcounted(struct page *page)
{
	set_page_count(page, 1);
}

static inline void page_ref_add(struct page *page, int nr)
{
	atomic_add(nr, &page->_refcount);
}

static inline void page_ref_sub(struct page *page, int nr)
{
	atomic_sub(nr, &page->_refcount);
}

static inline void page_ref_inc(struct page *page)
{
	atomic_inc(&page->_refcount);
}

static inline void page_ref_dec(struct page *page)
{
	atomic_dec(&page->_refcount);
}

static inline int page_ref_inc_return(struct page *page)
{
	return atomic_inc_return(&page->_refcount);
}

static inline int page_ref_dec_return(struct page *page)
{
	return atomic_dec_return(&page->_refcount);
}

static inline bool page_ref_sub_and_test(struct page *page, int nr)
{
	return atomic_sub_return(nr, &page->_refcount) == 0;
}

static inline bool page_ref_dec_and_test(struct page *page)
{
	return atomic_dec_and_test(&page->_refcount);
}

/* Add nr unless the count is u; true if added.  Fully ordered. */
static inline bool page_ref_add_unless(struct page *page, int nr, int u)
{
	return atomic_fetch_add_unless(&page->_refcount, nr, u) != u;
}

static inline bool page_ref_add_unless_zero(struct page *page, int nr)
{
	return page_ref_add_unless(page, nr, 0);
}

/* Set the count to 0 if it is exactly count; true on success. */
static inline bool page_ref_freeze(struct page *page, int count)
{
	return atomic_cmpxchg(&page->_refcount, count, 0) == count;
}

static inline void page_ref_unfreeze(struct page *page, int count)
{
	/* Release: everything done while frozen is visible before the count. */
	__asm__ __volatile__("" ::: "memory");
	atomic_set(&page->_refcount, count);
}

#endif /* _LINUX_PAGE_REF_H */
