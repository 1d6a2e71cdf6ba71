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

static ssize_t write_str(const char *path, const char *text)
{
	int fd = t_open(path, O_WRONLY, 0);
	ssize_t n;

	if (fd < 0)
		return fd;
	n = t_write(fd, text, strlen(text));
	t_close(fd);
	return n;
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

	if (write_str("sys/vm/dirty_bytes", "1048576") != 7 || vm_dirty_bytes != 1048576 ||
	    read_num("sys/vm/dirty_ratio") != 0) {
		st_diag("dirty_bytes did not take over from dirty_ratio");
		ret = -1;
	} else if (write_str("sys/vm/dirty_bytes", one_less) != -EINVAL ||
		   write_str("sys/vm/dirty_bytes", two_pages) <= 0) {
		st_diag("dirty_bytes floor of two pages");
		ret = -1;
	} else if (write_str("sys/vm/dirty_ratio", "30") != 2 ||
		   read_num("sys/vm/dirty_bytes") != 0 || vm_dirty_ratio != 30) {
		st_diag("dirty_ratio did not take over from dirty_bytes");
		ret = -1;
	} else if (write_str("sys/vm/dirty_ratio", "101") != -EINVAL) {
		st_diag("dirty_ratio above 100 accepted");
		ret = -1;
	} else if (write_str("sys/vm/dirty_background_bytes", "65536") != 5 ||
		   read_num("sys/vm/dirty_background_ratio") != 0) {
		st_diag("dirty_background_bytes did not zero the ratio");
		ret = -1;
	} else if (write_str("sys/vm/dirty_background_ratio", "5") != 1 ||
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
