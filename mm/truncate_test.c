// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests for mm/truncate.c on a fake mapping: whole and partial page
 * truncation (zeroing the kept parts, ->invalidatepage for pages with
 * private data), truncation waiting for writeback, and what the two
 * invalidation calls may and may not drop.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/pagemap.h>
#include <linux/swap.h>
#include <linux/delay.h>
#include <linux/selftest.h>
#include "filemap_test.h"

static int invalidate_calls, invalidate_full;

static void test_invalidatepage(struct page *page, unsigned int offset, unsigned int length)
{
	invalidate_calls++;
	if (!offset && length == PAGE_SIZE) {
		invalidate_full++;
		ClearPagePrivate(page);
	}
}

static const struct address_space_operations test_aops = {
	.invalidatepage = test_invalidatepage,
};

/* A locked-then-unlocked uptodate page full of 0xaa at index. */
static struct page *add_test_page(struct address_space *mapping, pgoff_t index)
{
	struct page *page = find_or_create_page(mapping, index, GFP_KERNEL);

	if (!page)
		return NULL;
	memset(page_address(page), 0xaa, PAGE_SIZE);
	SetPageUptodate(page);
	unlock_page(page);
	put_page(page);
	return page;
}

static bool bytes_are(struct page *page, unsigned int from, unsigned int to, int c)
{
	const unsigned char *p = page_address(page);

	for (unsigned int i = from; i < to; i++)
		if (p[i] != c)
			return false;
	return true;
}

static int truncate_range_test(void)
{
	static struct address_space mapping;
	struct page *p0, *p1, *p3, *p4;

	fake_mapping_init(&mapping, &test_aops);
	for (pgoff_t i = 0; i < 6; i++)
		ST_ASSERT(add_test_page(&mapping, i), "no page");
	p0 = find_get_page(&mapping, 0);
	p1 = find_get_page(&mapping, 1);
	p3 = find_get_page(&mapping, 3);
	SetPagePrivate(p1);
	SetPagePrivate(p3);
	invalidate_calls = invalidate_full = 0;

	/* Bytes [100, 4*4096+200]: page 0 keeps [0,100), page 4 keeps (200, end). */
	truncate_inode_pages_range(&mapping, 100, 4 * PAGE_SIZE + 200);
	ST_ASSERT(mapping.nrpages == 3, "nrpages %lu, want 3", mapping.nrpages);
	ST_ASSERT(find_get_page(&mapping, 1) == NULL && find_get_page(&mapping, 3) == NULL,
		  "pages 1/3 left");
	ST_ASSERT(bytes_are(p0, 0, 100, 0xaa) && bytes_are(p0, 100, PAGE_SIZE, 0),
		  "partial first page");
	p4 = find_get_page(&mapping, 4);
	ST_ASSERT(p4 && bytes_are(p4, 0, 201, 0) && bytes_are(p4, 201, PAGE_SIZE, 0xaa),
		  "partial last page");
	put_page(p4);
	ST_ASSERT(invalidate_full == 2 && invalidate_calls == 2 && !PagePrivate(p1) &&
		  !PagePrivate(p3), "->invalidatepage: %d calls, %d whole", invalidate_calls,
		  invalidate_full);
	lru_add_drain_all();	/* the per-CPU LRU batches hold references too */
	ST_ASSERT(page_count(p1) == 1 && !p1->mapping, "page 1 still referenced");
	put_page(p1);
	put_page(p3);

	/* Within one page: only the bytes in between are zeroed. */
	memset(page_address(p0), 0xaa, PAGE_SIZE);
	truncate_inode_pages_range(&mapping, 10, 19);
	ST_ASSERT(bytes_are(p0, 0, 10, 0xaa) && bytes_are(p0, 10, 20, 0) &&
		  bytes_are(p0, 20, PAGE_SIZE, 0xaa) && mapping.nrpages == 3, "in-page range");
	put_page(p0);

	truncate_inode_pages(&mapping, 0);
	ST_ASSERT(!mapping.nrpages && radix_tree_empty(&mapping.i_pages), "not empty");
	return 0;
}
DEFINE_SELFTEST("truncate: whole and partial pages, ->invalidatepage", truncate_range_test);

struct wb_ender {
	struct page *page;
	bool ended;
};

static int wb_ender_fn(void *arg)
{
	struct wb_ender *e = arg;

	msleep(30);
	WRITE_ONCE(e->ended, true);
	end_page_writeback(e->page);
	return 0;
}

static int truncate_writeback_test(void)
{
	static struct address_space mapping;
	struct wb_ender e = { .ended = false };
	struct task_struct *t;
	struct page *page;

	fake_mapping_init(&mapping, NULL);
	page = add_test_page(&mapping, 2);
	ST_ASSERT(page, "no page");
	get_page(page);
	ST_ASSERT(set_page_writeback(page), "set_page_writeback");
	e.page = page;
	t = selftest_thread_start(wb_ender_fn, &e, "trunc-wb", -1);
	ST_ASSERT(t, "no thread");
	truncate_inode_pages(&mapping, 0);
	ST_ASSERT(READ_ONCE(e.ended), "truncate did not wait for writeback");
	selftest_thread_reap(t);
	ST_ASSERT(!mapping.nrpages && !page->mapping, "page not removed");
	lru_add_drain_all();
	ST_ASSERT(page_count(page) == 1, "count %d", page_count(page));
	put_page(page);
	return 0;
}
DEFINE_SELFTEST("truncate: waits for writeback to end", truncate_writeback_test);

static int invalidate_test(void)
{
	static struct address_space mapping;
	struct page *clean, *dirty, *locked, *wb, *held;
	unsigned long n;

	fake_mapping_init(&mapping, NULL);
	clean = add_test_page(&mapping, 0);
	dirty = add_test_page(&mapping, 1);
	locked = add_test_page(&mapping, 2);
	wb = add_test_page(&mapping, 3);
	held = add_test_page(&mapping, 4);
	ST_ASSERT(clean && dirty && locked && wb && held, "no pages");
	SetPageDirty(dirty);
	ST_ASSERT(trylock_page(locked), "lock");
	ST_ASSERT(set_page_writeback(wb), "writeback");
	get_page(held);		/* someone else uses it */

	n = invalidate_mapping_pages(&mapping, 0, ULONG_MAX);
	ST_ASSERT(n == 1 && mapping.nrpages == 4 && !find_get_page(&mapping, 0),
		  "invalidated %lu, %lu left: only the clean unused page may go", n,
		  mapping.nrpages);

	unlock_page(locked);
	end_page_writeback(wb);
	ST_ASSERT(invalidate_inode_pages2_range(&mapping, 0, ULONG_MAX) == -EBUSY,
		  "dirty or used pages must give -EBUSY");
	ST_ASSERT(mapping.nrpages == 2 && find_get_page(&mapping, 1) == dirty,
		  "%lu pages left", mapping.nrpages);
	put_page(dirty);
	put_page(held);
	ST_ASSERT(invalidate_inode_pages2_range(&mapping, 4, 4) == 0, "now unused");
	ClearPageDirty(dirty);
	truncate_inode_pages(&mapping, 0);
	ST_ASSERT(!mapping.nrpages, "pages left");
	return 0;
}
DEFINE_SELFTEST("truncate: invalidation keeps dirty, locked, writeback and used pages",
		invalidate_test);
