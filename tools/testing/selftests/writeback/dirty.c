// SPDX-License-Identifier: GPL-2.0-only
/*
 * dirty.c - the dirty-page counters: buffered writes raise nr_dirtied and
 * nr_dirty (/proc/vmstat), /proc/meminfo's Dirty and Writeback agree with
 * nr_dirty and nr_writeback, sync() brings both back to (near) zero and
 * raises nr_written by what was written, truncating dirty pages cancels
 * their accounting, and the counters' per-CPU deltas reach /proc/vmstat
 * within vm.stat_interval by themselves.
 *
 * The assertions hold whatever background writeback does meanwhile: a
 * page dirtied is counted once in nr_dirtied, and from then on sits in
 * exactly one of nr_dirty, nr_writeback or (once written) nr_written, so
 * nr_dirty + nr_writeback + nr_written grows by what was dirtied even if
 * the flusher runs (less what per-CPU batching hides, VMSTAT_SLACK).
 * "Near zero" is at most NEAR pages: the test is alone on the system, but
 * the ext2 metadata of other files may still be dirtied by the kernel
 * (atime is off).  A reading of /proc/vmstat may lag the true count by the
 * per-CPU deltas not yet folded (up to the per-CPU threshold, per CPU and
 * per counter), so every set of counts is read after a write to
 * vm.stat_refresh, which folds them; test_fold checks that they are also
 * folded by themselves within vm.stat_interval.
 *
 * Usage: writeback/dirty [DIR]   (DIR or $FSTEST_DIR: the mounted fs)
 * Single-threaded; no locking.
 */
#include "tap.h"
#include "util.h"
#include "storage/fstest.h"
#include "writeback/wbtest.h"

#define NEAR (64 + VMSTAT_SLACK)	/* pages: metadata + the counters' lag */
#define NPAGES (16 * MIB / 4096)

struct counts {
	long long dirty, writeback, dirtied, written;
};

#define STAT_REFRESH "/proc/sys/vm/stat_refresh"

static struct counts now(void)
{
	struct counts c;

	knob_write(STAT_REFRESH, "1");	/* best effort: the slack remains */
	c.dirty = vmstat("nr_dirty");
	c.writeback = vmstat("nr_writeback");
	c.dirtied = vmstat("nr_dirtied");
	c.written = vmstat("nr_written");
	return c;
}

/* meminfo's kB against vmstat's pages, read on both sides of it. */
static void agree(const char *when)
{
	long long d0 = vmstat("nr_dirty"), w0 = vmstat("nr_writeback");
	long long md = meminfo_kb("Dirty"), mw = meminfo_kb("Writeback");
	long long d1 = vmstat("nr_dirty"), w1 = vmstat("nr_writeback");
	int okd = md / 4 >= (d0 < d1 ? d0 : d1) - 8 && md / 4 <= (d0 > d1 ? d0 : d1) + 8;
	int okw = mw / 4 >= (w0 < w1 ? w0 : w1) - 8 && mw / 4 <= (w0 > w1 ? w0 : w1) + 8;

	ok(okd && okw && md % 4 == 0 && mw % 4 == 0,
	   "%s: meminfo Dirty %lld kB, Writeback %lld kB match nr_dirty, nr_writeback", when, md,
	   mw);
	if (!(okd && okw))
		diag("  vmstat: nr_dirty %lld..%lld, nr_writeback %lld..%lld", d0, d1, w0, w1);
}

/*
 * Write len bytes of seed's pattern, 1 MiB a call; with peak, also the
 * largest nr_dirty + nr_writeback seen right after a write() returned.
 */
static int write_file(const char *path, uint64_t len, uint64_t seed, long long *peak)
{
	unsigned char *buf = abuf(MIB);
	uint64_t off;
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

	if (fd < 0)
		bail_out("open %s: %s", path, strerror(errno));
	if (peak)
		*peak = LLONG_MIN;
	for (off = 0; off < len; off += MIB) {
		pat_fill(buf, seed, off, MIB);
		if (write(fd, buf, MIB) != (ssize_t)MIB)
			bail_out("write %s: %s", path, strerror(errno));
		if (peak) {
			long long v = vmstat("nr_dirty") + vmstat("nr_writeback");

			if (v > *peak)
				*peak = v;
		}
	}
	free(buf);
	return fd;
}

static void test_fields(void)
{
	static const char *const names[] = {
		"nr_dirty", "nr_writeback", "nr_dirtied", "nr_written", "nr_dirty_threshold",
		"nr_dirty_background_threshold",
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(names); i++)
		ok(vmstat(names[i]) >= 0, "/proc/vmstat has %s", names[i]);
	ok(meminfo_kb("Dirty") >= 0 && meminfo_kb("Writeback") >= 0,
	   "/proc/meminfo has Dirty and Writeback");
}

static void test_write_sync(void)
{
	struct counts a, b, c;
	long long grew, peak;
	int fd;

	sync();
	a = now();
	ok(a.dirty <= NEAR && a.writeback <= NEAR,
	   "after sync: nr_dirty %lld, nr_writeback %lld (at most %d)", a.dirty, a.writeback, NEAR);
	agree("after sync");

	fd = write_file(P("16m"), 16 * MIB, 60, &peak);
	b = now();
	grew = (b.dirty + b.writeback) - (a.dirty + a.writeback);
	diag("16 MiB written: dirty %+lld, writeback %+lld, dirtied %+lld, written %+lld",
	     b.dirty - a.dirty, b.writeback - a.writeback, b.dirtied - a.dirtied,
	     b.written - a.written);
	ok(b.dirtied - a.dirtied >= (long long)NPAGES - VMSTAT_SLACK,
	   "nr_dirtied grew by the %lu pages (%+lld)", NPAGES, b.dirtied - a.dirtied);
	ok(grew + b.written - a.written >= (long long)NPAGES - VMSTAT_SLACK,
	   "nr_dirty + nr_writeback + nr_written grew by the %lu pages (%+lld)", NPAGES,
	   grew + b.written - a.written);
	/*
	 * Buffered writes leave dirty pages behind: right after some write()
	 * the count is up.  (By the end background writeback may have
	 * written them all - it did on Tidewater when the disk's measured
	 * bandwidth left the device a small background share.)
	 */
	peak -= a.dirty + a.writeback;
	ok(peak > 0, "the new pages are dirty or under writeback after the write()s (at most %+lld, "
	   "at the end %+lld)", peak, grew);
	agree("with 16 MiB dirty");

	ok_sys(fsync(fd), "fsync the 16 MiB file");
	close(fd);
	sync();
	c = now();
	ok(c.dirty <= NEAR && c.writeback <= NEAR,
	   "after fsync and sync: nr_dirty %lld, nr_writeback %lld (at most %d)", c.dirty,
	   c.writeback, NEAR);
	ok(c.written - a.written >= (long long)NPAGES - VMSTAT_SLACK,
	   "nr_written grew by the %lu pages (%+lld)", NPAGES, c.written - a.written);
	agree("after sync");
	unlink(P("16m"));
}

static void test_sync_only(void)
{
	struct counts a, c;
	int fd;

	sync();
	a = now();
	fd = write_file(P("8m"), 8 * MIB, 61, NULL);
	close(fd);
	sync();
	c = now();
	ok(c.dirty <= NEAR && c.writeback <= NEAR,
	   "sync() alone cleans 8 MiB: nr_dirty %lld, nr_writeback %lld", c.dirty, c.writeback);
	ok(c.written - a.written >= (long long)NPAGES / 2 - VMSTAT_SLACK,
	   "nr_written grew by the %lu pages (%+lld)", NPAGES / 2, c.written - a.written);
	unlink(P("8m"));
}

static void test_truncate(void)
{
	struct counts a, b, c;
	int fd;

	sync();
	a = now();
	fd = write_file(P("trunc"), 8 * MIB, 62, NULL);
	b = now();
	ok_sys(ftruncate(fd, 0), "ftruncate 8 MiB of dirty pages to 0");
	c = now();
	diag("8 MiB written then truncated: dirty %+lld then %+lld, written %+lld",
	     b.dirty - a.dirty, c.dirty - a.dirty, c.written - a.written);
	ok(c.dirty <= a.dirty + NEAR && c.writeback <= a.writeback + NEAR,
	   "truncation cancels the dirty accounting: nr_dirty %lld, nr_writeback %lld", c.dirty,
	   c.writeback);
	close(fd);
	ok_sys(unlink(P("trunc")), "unlink");
	sync();
	c = now();
	ok(c.dirty <= NEAR && c.writeback <= NEAR,
	   "after sync: nr_dirty %lld, nr_writeback %lld", c.dirty, c.writeback);
}

/*
 * A CPU's pending deltas reach the totals within vm.stat_interval even
 * when nothing else touches the counter: 20 pages dirtied (below any
 * per-CPU threshold, so no fold on the way) show in nr_dirtied a few
 * intervals later without a refresh.
 */
static void test_fold(void)
{
	long long interval = knob_read("/proc/sys/vm/stat_interval"), before, after;
	char page[4096];
	int fd, i, err;

	ok(interval >= 1, "vm.stat_interval reads %lld (seconds)", interval);
	if (interval < 1 || interval > 5) {
		skip("the fold (an interval of %lld s)", interval);
		return;
	}
	memset(page, 0x5a, sizeof(page));
	fd = open(P("fold"), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		bail_out("open %s: %s", P("fold"), strerror(errno));
	err = knob_write(STAT_REFRESH, "1");
	if (err)
		diag("writing %s: %s", STAT_REFRESH, strerror(err));
	before = vmstat("nr_dirtied");
	for (i = 0; i < 20; i++)
		if (pwrite(fd, page, sizeof(page), (off_t)i * sizeof(page)) != sizeof(page))
			bail_out("pwrite %s: %s", P("fold"), strerror(errno));
	sleep(2 * interval + 1);
	after = vmstat("nr_dirtied");
	ok(after - before >= 20,
	   "20 pages dirtied show in nr_dirtied %lld s later, unrefreshed (%+lld)",
	   2 * interval + 1, after - before);
	close(fd);
	unlink(P("fold"));
}

int main(int argc, char **argv)
{
	if (fst_setup(argc, argv, "wb-dirty"))
		return tap_finish();
	RUN(test_fields);
	RUN(test_write_sync);
	RUN(test_sync_only);
	RUN(test_truncate);
	RUN(test_fold);
	fst_cleanup();
	return tap_finish();
}
