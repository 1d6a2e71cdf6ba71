// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of the dirty limits (CONFIG_SELFTESTS): the threshold
 * arithmetic (ratio vs bytes, background clamped below the threshold),
 * and the vm.dirty_* files' Linux rules - within each pair the value
 * written last wins and the other reads 0, dirty_bytes has a floor of
 * two pages - checked through /proc/sys/vm in a sandbox.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/mm.h>
#include <linux/pagemap.h>
#include <linux/writeback.h>
#include <linux/selftest.h>
#include <uapi/linux/fcntl.h>
#include "../fs/vfs_selftest.h"

static int dirty_limits_calc_test(void)
{
	unsigned long bg, th;

	/* 20 / 10 percent of 100000 pages. */
	dirty_limits_calc(100000, 20, 0, 10, 0, &bg, &th);
	ST_ASSERT(th == 20000 && bg == 10000, "ratios: %lu %lu", th, bg);
	/* Bytes win over ratios and round up to pages. */
	dirty_limits_calc(100000, 20, 10 * PAGE_SIZE + 1, 10, 3 * PAGE_SIZE, &bg, &th);
	ST_ASSERT(th == 11 && bg == 3, "bytes: %lu %lu", th, bg);
	/* Background at or above the threshold is halved below it. */
	dirty_limits_calc(100000, 10, 0, 30, 0, &bg, &th);
	ST_ASSERT(th == 10000 && bg == 5000, "bg >= thresh: %lu %lu", th, bg);
	dirty_limits_calc(100000, 0, 64 * PAGE_SIZE, 50, 0, &bg, &th);
	ST_ASSERT(th == 64 && bg == 32, "bg ratio above dirty_bytes: %lu %lu", th, bg);
	/* No overflow on big machines: 2^40 pages at 100%. */
	dirty_limits_calc(1UL << 40, 100, 0, 99, 0, &bg, &th);
	ST_ASSERT(th == 1UL << 40 && bg == (1UL << 40) / 100 * 99 + ((1UL << 40) % 100) * 99 / 100,
		  "large: %lu %lu", th, bg);
	global_dirty_limits(&bg, &th);
	ST_ASSERT(bg < th && th <= global_dirtyable_memory(), "global: %lu %lu", bg, th);
	return 0;
}
DEFINE_SELFTEST("writeback: dirty threshold arithmetic", dirty_limits_calc_test);

static char vm_buf[64];

static long read_num(const char *path)
{
	int fd = t_open(path, O_RDONLY, 0);
	ssize_t n;

	if (fd < 0)
		return fd;
	n = t_read(fd, vm_buf, sizeof(vm_buf) - 1);
	t_close(fd);
	if (n <= 0)
		return -1;
	vm_buf[n] = '\0';
	return simple_strtol(vm_buf, NULL, 10);
}

static int vm_dirty_files_body(void)
{
	int ratio = vm_dirty_ratio, bg_ratio = dirty_background_ratio;
	char two_pages[24], one_less[24];
	int ret = 0;

	snprintf(two_pages, sizeof(two_pages), "%lu", 2 * PAGE_SIZE);
	snprintf(one_less, sizeof(one_less), "%lu", 2 * PAGE_SIZE - 1);

	ST_ASSERT(read_num("sys/vm/dirty_expire_centisecs") == 3000, "expire default");
	ST_ASSERT(read_num("sys/vm/dirty_writeback_centisecs") == 500, "writeback default");
	ST_ASSERT(read_num("sys/vm/dirty_ratio") == ratio, "dirty_ratio reads");

	if (t_write_str("sys/vm/dirty_bytes", "1048576") != 7 || vm_dirty_bytes != 1048576 ||
	    read_num("sys/vm/dirty_ratio") != 0) {
		st_diag("dirty_bytes did not take over from dirty_ratio");
		ret = -1;
	} else if (t_write_str("sys/vm/dirty_bytes", one_less) != -EINVAL ||
		   t_write_str("sys/vm/dirty_bytes", two_pages) <= 0) {
		st_diag("dirty_bytes floor of two pages");
		ret = -1;
	} else if (t_write_str("sys/vm/dirty_ratio", "30") != 2 ||
		   read_num("sys/vm/dirty_bytes") != 0 || vm_dirty_ratio != 30) {
		st_diag("dirty_ratio did not take over from dirty_bytes");
		ret = -1;
	} else if (t_write_str("sys/vm/dirty_ratio", "101") != -EINVAL) {
		st_diag("dirty_ratio above 100 accepted");
		ret = -1;
	} else if (t_write_str("sys/vm/dirty_background_bytes", "65536") != 5 ||
		   read_num("sys/vm/dirty_background_ratio") != 0) {
		st_diag("dirty_background_bytes did not zero the ratio");
		ret = -1;
	} else if (t_write_str("sys/vm/dirty_background_ratio", "5") != 1 ||
		   read_num("sys/vm/dirty_background_bytes") != 0) {
		st_diag("dirty_background_ratio did not zero the bytes");
		ret = -1;
	}
	/* Put the defaults back whatever happened. */
	vm_dirty_bytes = 0;
	vm_dirty_ratio = ratio;
	dirty_background_bytes = 0;
	dirty_background_ratio = bg_ratio;
	return ret;
}

static int vm_dirty_files_test(void)
{
	return vfs_run_sandboxed("vm-dirty", "proc", NULL, vm_dirty_files_body);
}
DEFINE_SELFTEST("writeback: vm.dirty_* pairs are exclusive, Linux ranges", vm_dirty_files_test);

/* ------------------------------------------------------------ write_cache_pages */

#define WCP_PAGES	10

static struct address_space wcp_mapping;
static struct page *wcp_pages[WCP_PAGES];
static pgoff_t wcp_seen[WCP_PAGES * 2];
static unsigned int wcp_nseen;
static int wcp_redirty = -1;	/* dirty this page when page 0 is written */

static int wcp_writepage(struct page *page, struct writeback_control *wbc, void *data)
{
	if (wcp_nseen < ARRAY_SIZE(wcp_seen))
		wcp_seen[wcp_nseen++] = page->index;
	if (page->index == 0 && wcp_redirty >= 0)
		__set_page_dirty_nobuffers(wcp_pages[wcp_redirty]);
	set_page_writeback(page);
	unlock_page(page);
	end_page_writeback(page);
	return 0;
}

static int wcp_run(enum writeback_sync_modes mode, bool cyclic, long nr, loff_t start,
		   loff_t end)
{
	struct writeback_control wbc = {
		.sync_mode = mode,
		.nr_to_write = nr,
		.range_cyclic = cyclic,
		.range_start = start,
		.range_end = end,
	};

	wcp_nseen = 0;
	return write_cache_pages(&wcp_mapping, &wbc, wcp_writepage, NULL);
}

static void wcp_dirty(const int *idx, int n)
{
	for (int i = 0; i < n; i++)
		__set_page_dirty_nobuffers(wcp_pages[idx[i]]);
}

static bool wcp_saw(const pgoff_t *want, unsigned int n)
{
	if (wcp_nseen != n)
		return false;
	for (unsigned int i = 0; i < n; i++)
		if (wcp_seen[i] != want[i])
			return false;
	return true;
}

static int wcp_body(void)
{
	static const int odd[] = { 1, 3, 5, 7 }, even[] = { 2, 4, 6, 8 }, low[] = { 0, 1, 2 };
	static const pgoff_t saw_odd[] = { 1, 3, 5, 7 }, saw_mid[] = { 4, 6 };
	static const pgoff_t saw_8[] = { 8 }, saw_2[] = { 2 }, saw_low[] = { 0, 1, 2 };
	static const pgoff_t saw_9[] = { 9 };

	/* Only DIRTY-tagged pages are visited, in index order, and end clean. */
	wcp_dirty(odd, 4);
	ST_ASSERT(!wcp_run(WB_SYNC_NONE, false, LONG_MAX, 0, LLONG_MAX), "run");
	ST_ASSERT(wcp_saw(saw_odd, 4), "tag walk saw %u pages", wcp_nseen);
	ST_ASSERT(!mapping_tagged(&wcp_mapping, PAGECACHE_TAG_DIRTY), "still tagged dirty");
	ST_ASSERT(!PageDirty(wcp_pages[3]), "page 3 still dirty");

	/* A byte range selects the pages it touches. */
	wcp_dirty(even, 4);
	wcp_run(WB_SYNC_NONE, false, LONG_MAX, 3 * PAGE_SIZE + 100, 7 * PAGE_SIZE - 1);
	ST_ASSERT(wcp_saw(saw_mid, 2), "range saw %u pages", wcp_nseen);
	ST_ASSERT(PageDirty(wcp_pages[2]) && PageDirty(wcp_pages[8]), "outside the range");

	/* Cyclic: resume at writeback_index, stop at nr_to_write, wrap once. */
	wcp_mapping.writeback_index = 5;
	wcp_run(WB_SYNC_NONE, true, 1, 0, 0);
	ST_ASSERT(wcp_saw(saw_8, 1), "cyclic first saw %u", wcp_nseen);
	ST_ASSERT(wcp_mapping.writeback_index == 9, "resume at %lu",
		  wcp_mapping.writeback_index);
	wcp_run(WB_SYNC_NONE, true, 16, 0, 0);
	ST_ASSERT(wcp_saw(saw_2, 1), "cyclic wrap saw %u", wcp_nseen);
	ST_ASSERT(wcp_mapping.writeback_index == 0, "full pass restarts at 0");

	/*
	 * Integrity passes write what was dirty when they began: a page
	 * dirtied during the pass waits (no livelock); a plain pass takes it.
	 */
	wcp_redirty = 9;
	wcp_dirty(low, 3);
	wcp_run(WB_SYNC_ALL, false, LONG_MAX, 0, LLONG_MAX);
	ST_ASSERT(wcp_saw(saw_low, 3), "sync pass saw %u", wcp_nseen);
	ST_ASSERT(PageDirty(wcp_pages[9]), "page dirtied during the pass was written");
	ST_ASSERT(!mapping_tagged(&wcp_mapping, PAGECACHE_TAG_TOWRITE), "TOWRITE left over");
	wcp_redirty = -1;
	wcp_run(WB_SYNC_NONE, false, LONG_MAX, 0, LLONG_MAX);
	ST_ASSERT(wcp_saw(saw_9, 1), "the next pass saw %u", wcp_nseen);
	ST_ASSERT(!mapping_tagged(&wcp_mapping, PAGECACHE_TAG_DIRTY), "all clean");
	return 0;
}

static int write_cache_pages_test(void)
{
	int i, ret;

	address_space_init_once(&wcp_mapping);
	for (i = 0; i < WCP_PAGES; i++) {
		wcp_pages[i] = alloc_page(GFP_KERNEL);
		if (!wcp_pages[i] || add_to_page_cache(wcp_pages[i], &wcp_mapping, i, GFP_KERNEL)) {
			st_diag("no memory for page %d", i);
			return -1;
		}
		SetPageUptodate(wcp_pages[i]);
	}
	ret = wcp_body();
	truncate_inode_pages(&wcp_mapping, 0);
	for (i = 0; i < WCP_PAGES; i++)
		put_page(wcp_pages[i]);
	return ret;
}
DEFINE_SELFTEST("writeback: write_cache_pages tag walk, range, cyclic, TOWRITE", write_cache_pages_test);
