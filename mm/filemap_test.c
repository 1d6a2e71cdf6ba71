// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests for the page cache core (mm/filemap.c): the page lock and
 * the writeback bit with sleeping waiters, pagecache_get_page() flags,
 * read_cache_page(), tags kept in step with PG_writeback.  The mappings
 * are fake address_spaces with no host inode.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/pagemap.h>
#include <linux/swap.h>
#include <linux/sched.h>
#include <linux/kthread.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/selftest.h>
#include "filemap_test.h"

/* ------------------------------------------------------------ helpers */

void fake_mapping_init(struct address_space *mapping, const struct address_space_operations *aops)
{
	address_space_init_once(mapping);
	mapping->a_ops = aops;
	mapping->gfp_mask = GFP_KERNEL;
}

/* ------------------------------------------------------------ page lock */

struct lock_test {
	struct page *page;
	struct completion started;
	int counter;		/* changed only with the page lock held */
	bool got_lock;
};

static int lock_waiter_fn(void *arg)
{
	struct lock_test *lt = arg;

	complete(&lt->started);
	lock_page(lt->page);
	lt->got_lock = true;
	unlock_page(lt->page);
	return 0;
}

static int lock_counter_fn(void *arg)
{
	struct lock_test *lt = arg;

	for (int i = 0; i < 300; i++) {
		lock_page(lt->page);
		lt->counter++;
		if (!(i % 32))
			yield();
		unlock_page(lt->page);
	}
	return 0;
}

static int page_lock_test(void)
{
	struct lock_test lt = { .counter = 0, .got_lock = false };
	struct task_struct *t[4];
	int i;

	lt.page = alloc_page(GFP_KERNEL);
	ST_ASSERT(lt.page, "no page");
	init_completion(&lt.started);

	/* A waiter sleeps until the holder unlocks. */
	lock_page(lt.page);
	ST_ASSERT(!trylock_page(lt.page), "trylock of a locked page succeeded");
	t[0] = selftest_thread_start(lock_waiter_fn, &lt, "pglock-wait", -1);
	ST_ASSERT(t[0], "cannot create thread");
	wait_for_completion(&lt.started);
	msleep(20);
	ST_ASSERT(!READ_ONCE(lt.got_lock), "waiter got a locked page");
	unlock_page(lt.page);
	selftest_thread_reap(t[0]);
	ST_ASSERT(lt.got_lock, "waiter never got the lock");
	ST_ASSERT(!PageLocked(lt.page), "left locked");

	/* Several lockers exclude each other. */
	for (i = 0; i < 4; i++) {
		t[i] = selftest_thread_start(lock_counter_fn, &lt, "pglock-count", -1);
		ST_ASSERT(t[i], "cannot create thread");
	}
	for (i = 0; i < 4; i++)
		selftest_thread_reap(t[i]);
	ST_ASSERT(lt.counter == 1200, "counter %d, want 1200: the page lock let two in",
		  lt.counter);
	ST_ASSERT(!PageLocked(lt.page), "left locked");
	put_page(lt.page);
	return 0;
}
DEFINE_SELFTEST("pagecache: lock_page sleeps and excludes (kthreads)", page_lock_test);

/* ------------------------------------------------------------ writeback */

struct wb_test {
	struct page *page;
	struct completion started;
	bool done;
};

static int wb_waiter_fn(void *arg)
{
	struct wb_test *wt = arg;

	complete(&wt->started);
	wait_on_page_writeback(wt->page);
	WRITE_ONCE(wt->done, true);
	return 0;
}

static int page_writeback_test(void)
{
	static struct address_space mapping;
	struct wb_test wt = { .done = false };
	struct task_struct *t;
	struct page *page;

	fake_mapping_init(&mapping, NULL);
	page = find_or_create_page(&mapping, 3, GFP_KERNEL);
	ST_ASSERT(page && PageLocked(page) && page->index == 3 && page->mapping == &mapping,
		  "find_or_create_page");
	ST_ASSERT(find_get_page(&mapping, 3) == page, "not in the cache");
	put_page(page);
	ST_ASSERT(pagecache_get_page(&mapping, 3, FGP_LOCK | FGP_NOWAIT, 0) == NULL,
		  "FGP_NOWAIT got a locked page");

	ST_ASSERT(set_page_writeback(page), "set_page_writeback on a clean page");
	ST_ASSERT(!set_page_writeback(page), "set_page_writeback twice");
	ST_ASSERT(mapping_tagged(&mapping, PAGECACHE_TAG_WRITEBACK), "no WRITEBACK tag");
	unlock_page(page);

	wt.page = page;
	init_completion(&wt.started);
	t = selftest_thread_start(wb_waiter_fn, &wt, "pgwb-wait", -1);
	ST_ASSERT(t, "cannot create thread");
	wait_for_completion(&wt.started);
	msleep(20);
	ST_ASSERT(!READ_ONCE(wt.done), "wait_on_page_writeback returned early");
	end_page_writeback(page);
	selftest_thread_reap(t);
	ST_ASSERT(wt.done, "waiter not woken");
	ST_ASSERT(!PageWriteback(page) && !mapping_tagged(&mapping, PAGECACHE_TAG_WRITEBACK),
		  "writeback state left behind");

	/* find_lock_page on an unlocked page, then truncate it away. */
	ST_ASSERT(find_lock_page(&mapping, 3) == page && PageLocked(page), "find_lock_page");
	unlock_page(page);
	put_page(page);
	truncate_inode_pages(&mapping, 0);
	ST_ASSERT(!mapping.nrpages && !find_get_page(&mapping, 3), "truncate left pages");
	put_page(page);		/* find_or_create_page's reference */
	return 0;
}
DEFINE_SELFTEST("pagecache: writeback bit, tags and waiters; FGP flags", page_writeback_test);

/* ------------------------------------------------------------ read_cache_page */

static int fill_calls;

static int test_filler(void *data, struct page *page)
{
	fill_calls++;
	memset(page_address(page), (int)(unsigned long)data, PAGE_SIZE);
	SetPageUptodate(page);
	unlock_page(page);
	return 0;
}

static int failing_filler(void *data, struct page *page)
{
	unlock_page(page);
	return 0;		/* "read" finished without making the page uptodate */
}

static int read_cache_page_test(void)
{
	static struct address_space mapping;
	struct page *page, *again;

	fake_mapping_init(&mapping, NULL);
	fill_calls = 0;
	page = read_cache_page(&mapping, 7, test_filler, (void *)0x5a);
	ST_ASSERT(!IS_ERR(page) && PageUptodate(page) && !PageLocked(page), "read_cache_page");
	ST_ASSERT(((unsigned char *)page_address(page))[100] == 0x5a, "contents");
	again = read_cache_page(&mapping, 7, test_filler, (void *)0x11);
	ST_ASSERT(again == page && fill_calls == 1, "uptodate page read again (%d)", fill_calls);
	put_page(again);
	put_page(page);

	page = read_cache_page(&mapping, 8, failing_filler, NULL);
	ST_ASSERT(IS_ERR(page) && PTR_ERR(page) == -EIO, "failed read gives -EIO");

	/* No filler and no ->readpage: a memory file system's hole. */
	page = read_mapping_page(&mapping, 9, NULL);
	ST_ASSERT(!IS_ERR(page) && PageUptodate(page) &&
		  !((unsigned char *)page_address(page))[5], "hole");
	put_page(page);
	truncate_inode_pages(&mapping, 0);
	ST_ASSERT(!mapping.nrpages, "pages left");
	return 0;
}
DEFINE_SELFTEST("pagecache: read_cache_page fills once, -EIO on failure", read_cache_page_test);
