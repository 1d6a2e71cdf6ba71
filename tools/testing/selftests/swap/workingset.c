// SPDX-License-Identifier: GPL-2.0-only
/*
 * workingset - a new working set of file pages displaces a stale one.
 *
 * Usage: workingset DIR   (DIR on a disk file system with room for ~1.1 x
 *                          the guest's available memory; no swap needed)
 *
 * An "old" file of half the available memory is read twice, so it sits
 * on the active list, and is never read again.  Then a "new" file of
 * 0.65 x the available memory is read over and over.  The new file is
 * longer than the inactive list can hold, so each of its pages is evicted
 * before the next pass reaches it: with a plain two-list LRU it misses
 * on every pass for ever (only the tail a pass leaves behind is cached
 * when the next one starts, and the next one starts at the head) while
 * the old file keeps its place.  A kernel with working-set detection
 * (refault distances) sees that the new pages come back within what the
 * active list could give up and lets them in: after a few passes the
 * whole new file is cached, at the old one's expense.
 *
 * Residency is measured with mincore(2) on a mapping of each file (the
 * caller owns the files, so the page cache state is reported) before
 * each pass; the figures go to the TAP diagnostics.
 */
#include <sys/mman.h>
#include <sys/stat.h>
#include <stdint.h>
#include <stdlib.h>

#include "tap.h"
#include "util.h"

#define MiB (1024UL * 1024)
#define PASSES 8

static void drop_caches(void)
{
	sync();
	write_text("/proc/sys/vm/drop_caches", "3\n");
}

/* Write bytes of a pattern to path; 0 or -1 (a failed test point). */
static int make_file(const char *path, size_t bytes)
{
	static char buf[256 * 1024];
	int fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0600);

	if (fd < 0) {
		ok(0, "create %s: %s", path, strerror(errno));
		return -1;
	}
	memset(buf, 0x6b, sizeof(buf));
	for (size_t done = 0; done < bytes; done += sizeof(buf)) {
		if (write(fd, buf, sizeof(buf)) != (ssize_t)sizeof(buf)) {
			ok(0, "write %s: %s", path, strerror(errno));
			close(fd);
			return -1;
		}
	}
	fsync(fd);
	close(fd);
	return 0;
}

/* Read the whole file once through read(2). */
static void read_file(const char *path)
{
	static char buf[64 * 1024];
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return;
	while (read(fd, buf, sizeof(buf)) > 0)
		;
	close(fd);
}

/* Percentage of path's pages in the page cache, or -1. */
static int cached_percent(const char *path, size_t bytes)
{
	size_t pages = bytes / PAGE_SIZE, in = 0;
	unsigned char *vec = malloc(pages);
	int fd = open(path, O_RDONLY);
	void *p;

	if (fd < 0 || !vec)
		goto fail;
	p = mmap(NULL, bytes, PROT_READ, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED)
		goto fail;
	if (mincore(p, bytes, vec)) {
		munmap(p, bytes);
		goto fail;
	}
	for (size_t i = 0; i < pages; i++)
		in += vec[i] & 1;
	munmap(p, bytes);
	close(fd);
	free(vec);
	return (int)(in * 100 / pages);
fail:
	if (fd >= 0)
		close(fd);
	free(vec);
	return -1;
}

int main(int argc, char **argv)
{
	char old_path[PATH_MAX], new_path[PATH_MAX];
	size_t old_bytes, new_bytes;
	int new_pct = -1, old_pct, first_pct;
	long avail;

	if (argc != 2)
		bail_out("usage: workingset DIR");
	tap_plan(2);
	snprintf(old_path, sizeof(old_path), "%s/ws-old", argv[1]);
	snprintf(new_path, sizeof(new_path), "%s/ws-new", argv[1]);
	drop_caches();
	avail = meminfo_kb("MemAvailable");
	if (avail <= 0)
		bail_out("no MemAvailable in /proc/meminfo");
	old_bytes = ((size_t)avail * 1024 / 2) & ~(MiB - 1);
	new_bytes = ((size_t)avail * 1024 * 65 / 100) & ~(MiB - 1);
	diag("MemAvailable %ld kB: old file %zu MiB, new file %zu MiB", avail, old_bytes / MiB,
	     new_bytes / MiB);
	if (make_file(old_path, old_bytes) || make_file(new_path, new_bytes))
		goto out;
	drop_caches();

	read_file(old_path);
	read_file(old_path);
	first_pct = cached_percent(old_path, old_bytes);
	ok(first_pct >= 80, "the old file is cached after two reads (%d%%)", first_pct);

	for (int pass = 1; pass <= PASSES; pass++) {
		new_pct = cached_percent(new_path, new_bytes);
		old_pct = cached_percent(old_path, old_bytes);
		diag("before pass %d: new file %d%% cached, old file %d%%", pass, new_pct, old_pct);
		read_file(new_path);
	}
	new_pct = cached_percent(new_path, new_bytes);
	old_pct = cached_percent(old_path, old_bytes);
	diag("after pass %d: new file %d%% cached, old file %d%%", PASSES, new_pct, old_pct);
	ok(new_pct >= 90, "a new file read %d times displaced the stale one (%d%% cached)",
	   PASSES, new_pct);
out:
	unlink(old_path);
	unlink(new_path);
	return tap_finish();
}
