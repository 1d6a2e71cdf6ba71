// SPDX-License-Identifier: GPL-2.0-only
/*
 * mmap_traverse.c - walk shared mappings of a file half again as large as
 * RAM, so that reclaim has to take mapped file pages away from the
 * process (and give them back on the next touch):
 *   - read traversal: the file written with write(2), then mapped and
 *     read through twice, every page compared with its pattern;
 *   - write traversal: a new pattern stored to every page through a
 *     shared mapping (dirty mapped pages must be unmapped, written back
 *     and freed while the walk goes on), msync(MS_SYNC), then read back
 *     with read(2).
 * Without reclaim of mapped pages the first pass runs out of memory.
 * Times and the pgscan/pgsteal counters are reported as diagnostics.
 *
 * Usage: writeback/mmap_traverse [DIR]   (DIR or $FSTEST_DIR: a mounted
 * file system with room for 1.5 x RAM; skipped otherwise).  The writeback
 * harness boots it with 192 MiB of RAM and a 384 MiB disk.
 * Single-threaded; no locking.
 */
#include "tap.h"
#include "util.h"
#include "storage/fstest.h"
#include "writeback/wbtest.h"

#include <sys/mman.h>
#include <sys/statfs.h>

#define PG 4096UL

static long long counters(void)
{
	return vmstat("pgsteal_kswapd") + vmstat("pgsteal_direct");
}

/* Pages of p (file bytes [off, off + len)) that differ from seed's pattern. */
static unsigned long bad_pages(const unsigned char *p, size_t off, size_t len, uint64_t seed,
			       unsigned char *want)
{
	unsigned long bad = 0;

	for (size_t i = 0; i < len; i += PG) {
		pat_fill(want, seed, off + i, PG);
		if (memcmp(p + i, want, PG))
			bad++;
	}
	return bad;
}

int main(int argc, char **argv)
{
	long long mem_kb = meminfo_kb("MemTotal"), t0, s0;
	unsigned char *buf, *want, *m;
	struct statfs sf;
	unsigned long bad;
	size_t len, off;
	const char *f;
	int fd;

	if (fst_setup(argc, argv, "wb-traverse"))
		return tap_finish();
	if (mem_kb <= 0 || statfs(fst_root, &sf))
		bail_out("MemTotal or statfs: %s", strerror(errno));
	len = (size_t)mem_kb * 1024 / 2 * 3;
	len &= ~(MIB - 1);
	if ((unsigned long long)sf.f_bavail * sf.f_bsize < len + 16 * MIB) {
		skip("needs %zu MiB free for 1.5 x RAM, has %llu MiB (the harness boots 192 MiB)",
		     len / MIB, (unsigned long long)sf.f_bavail * sf.f_bsize / MIB);
		fst_cleanup();
		return tap_finish();
	}
	diag("RAM %lld MiB, file %zu MiB", mem_kb / 1024, len / MIB);
	f = P("big");
	buf = abuf(MIB);

	/* The file, through write(2). */
	fd = open(f, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		bail_out("open %s: %s", f, strerror(errno));
	for (off = 0; off < len; off += MIB) {
		pat_fill(buf, 21, off, MIB);
		if (pwrite(fd, buf, MIB, off) != (ssize_t)MIB)
			bail_out("write: %s", strerror(errno));
	}
	ok_sys(fsync(fd), "wrote %zu MiB and fsync()ed", len / MIB);

	/* Read traversal, twice. */
	m = mmap(NULL, len, PROT_READ, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED)
		bail_out("mmap: %s", strerror(errno));
	for (int pass = 1; pass <= 2; pass++) {
		t0 = now_ns(CLOCK_MONOTONIC);
		s0 = counters();
		bad = bad_pages(m, 0, len, 21, buf);
		ok(bad == 0, "read traversal %d of a file 1.5 x RAM through a mapping: %lu bad pages",
		   pass, bad);
		diag("  %.1f s, %lld pages reclaimed meanwhile",
		     (now_ns(CLOCK_MONOTONIC) - t0) / 1e9, counters() - s0);
	}
	munmap(m, len);

	/* Write traversal: every page stored through a shared mapping. */
	m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED)
		bail_out("mmap: %s", strerror(errno));
	t0 = now_ns(CLOCK_MONOTONIC);
	s0 = counters();
	for (off = 0; off < len; off += PG)
		pat_fill(m + off, 22, off, PG);
	ok_sys(msync(m, len, MS_SYNC), "stored a new pattern to every page, msync(MS_SYNC)");
	diag("  %.1f s, %lld pages reclaimed meanwhile", (now_ns(CLOCK_MONOTONIC) - t0) / 1e9,
	     counters() - s0);
	munmap(m, len);

	/* Back through read(2). */
	bad = 0;
	want = abuf(PG);
	for (off = 0; off < len; off += MIB) {
		if (pread(fd, buf, MIB, off) != (ssize_t)MIB)
			bail_out("read: %s", strerror(errno));
		bad += bad_pages(buf, off, MIB, 22, want);
	}
	ok(bad == 0, "read(2) sees every stored page: %lu bad pages", bad);
	close(fd);
	fst_cleanup();
	return tap_finish();
}
