/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wbtest.h - what the writeback selftests share (include after tap.h,
 * util.h and storage/fstest.h): /proc/sys/vm and sysfs knobs, /proc/vmstat
 * and /proc/meminfo fields, aligned buffers, and an on-disk reader that
 * proves data reached the device.
 *
 *	VMSTAT_SLACK		pages a /proc/vmstat counter may lag
 *	knob_read(path)		a file holding one integer; LLONG_MIN if absent
 *	knob_write(path, s)	0, or the errno of open()/write()
 *	(vmstat() and meminfo_kb() are in util.h)
 *	abuf(len)		zeroed buffer aligned to 4096 (never freed)
 *	ext2_map_file(dev, ino, nblocks, map)
 *				read the superblock, group descriptors, the
 *				inode and its indirect blocks from the device
 *				(O_DIRECT, so what is on the medium) and fill
 *				map[i] with file block i's disk block; 0 ok
 *	ondisk_check(dev, path, off, len, seed)
 *				map the file at path from the device and
 *				compare [off, off+len) on the medium with
 *				the fstest pattern of seed; the number of
 *				differing file blocks (-1: could not map)
 *	check_disk(path, off, len, seed, what)
 *				the same as one TAP result (skipped when
 *				there is no device)
 *
 * The device is $FSTEST_DEV (vda), an ext2 file system with 4 KiB blocks
 * mounted at $FSTEST_DIR; wb_disk_setup() opens it O_DIRECT read-only.
 * Reading a mounted device through O_DIRECT bypasses its page cache (both
 * Linux and Tidewater write back the overlapping cached range first, which
 * only ever holds metadata here), so the bytes seen are the medium's.
 * Single-threaded users only.
 */
#ifndef SELFTESTS_WRITEBACK_WBTEST_H
#define SELFTESTS_WRITEBACK_WBTEST_H

#include <limits.h>
#include <stdint.h>
#include <sys/stat.h>

#define MIB (1024UL * 1024)
/*
 * How far a global /proc/vmstat counter may lag: Linux folds each CPU's
 * pending delta (up to its stat_threshold, tens of pages on a small
 * machine) only now and then, so a counter can read short by that much per
 * CPU.  Counts compared against "at least N" allow this.
 */
#define VMSTAT_SLACK 64

__attribute__((unused)) static long long knob_read(const char *path)
{
	char buf[64], *end;
	long long v;

	if (read_text(path, buf, sizeof(buf)) <= 0)
		return LLONG_MIN;
	v = strtoll(buf, &end, 10);
	if (end == buf)
		return LLONG_MIN;
	return v;
}

__attribute__((unused)) static int knob_write(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), err = 0;

	if (fd < 0)
		return errno;
	if (write(fd, s, strlen(s)) != (ssize_t)strlen(s))
		err = errno ? errno : EIO;
	close(fd);
	return err;
}

__attribute__((unused)) static void *abuf(size_t len)
{
	void *p = NULL;

	if (posix_memalign(&p, 4096, len))
		bail_out("posix_memalign(%zu): out of memory", len);
	memset(p, 0, len);
	return p;
}

/* ---------------------------------------------------------- on-disk view */

static int wb_dev = -1;		/* $FSTEST_DEV, O_RDONLY | O_DIRECT */
static unsigned int wb_bs;	/* its ext2 block size, 0 if not ext2 */
static unsigned char *wb_blk;	/* one block, aligned */

static int dev_block(uint64_t blk, void *buf, size_t nblocks)
{
	ssize_t want = nblocks * wb_bs;

	return pread(wb_dev, buf, want, blk * wb_bs) == want ? 0 : -1;
}

static uint32_t le32_at(const unsigned char *p, size_t off)
{
	return p[off] | p[off + 1] << 8 | p[off + 2] << 16 | (uint32_t)p[off + 3] << 24;
}

/*
 * Open $FSTEST_DEV and check that it holds ext2 with 4 KiB blocks (what
 * the host made).  Returns 0, or -1 with the reason in diag lines; the
 * callers then skip their on-disk checks.
 */
__attribute__((unused)) static int wb_disk_setup(void)
{
	const char *dev = getenv("FSTEST_DEV");
	char path[64];

	if (!dev || !*dev) {
		diag("no $FSTEST_DEV: on-disk checks skipped");
		return -1;
	}
	snprintf(path, sizeof(path), "/dev/%s", dev);
	wb_dev = open(path, O_RDONLY | O_DIRECT | O_CLOEXEC);
	if (wb_dev < 0) {
		diag("open %s O_DIRECT: %s", path, strerror(errno));
		return -1;
	}
	wb_blk = abuf(4096);
	if (pread(wb_dev, wb_blk, 4096, 0) != 4096 ||
	    (wb_blk[1024 + 56] | wb_blk[1024 + 57] << 8) != EXT2_SUPER_MAGIC ||
	    le32_at(wb_blk, 1024 + 24) != 2) {
		diag("%s: not ext2 with 4 KiB blocks: on-disk checks skipped", path);
		close(wb_dev);
		wb_dev = -1;
		return -1;
	}
	wb_bs = 4096;
	return 0;
}

/* Entry i of the pointer block blk (0 for a hole). */
static int ptr_at(uint32_t blk, uint64_t i, uint32_t *out)
{
	if (!blk) {
		*out = 0;
		return 0;
	}
	if (dev_block(blk, wb_blk, 1))
		return -1;
	*out = le32_at(wb_blk, i * 4);
	return 0;
}

__attribute__((unused)) static int ext2_map_file(uint64_t ino, uint64_t nblocks, uint32_t *map)
{
	uint32_t ipg, isize, first, itable, iblock[15], ind;
	uint64_t group, idx, per = wb_bs / 4, i, off;

	if (dev_block(0, wb_blk, 1))
		return -1;
	first = le32_at(wb_blk, 1024 + 20);
	ipg = le32_at(wb_blk, 1024 + 40);
	isize = le32_at(wb_blk, 1024 + 76) ? (wb_blk[1024 + 88] | wb_blk[1024 + 89] << 8) : 128;
	group = (ino - 1) / ipg;
	idx = (ino - 1) % ipg;
	off = group * 32;
	if (dev_block(first + 1 + off / wb_bs, wb_blk, 1))
		return -1;
	itable = le32_at(wb_blk, off % wb_bs + 8);
	off = idx * isize;
	if (dev_block(itable + off / wb_bs, wb_blk, 1))
		return -1;
	for (i = 0; i < 15; i++)
		iblock[i] = le32_at(wb_blk, off % wb_bs + 40 + 4 * i);
	for (i = 0; i < nblocks; i++) {
		uint64_t b = i;

		if (b < 12) {
			map[i] = iblock[b];
			continue;
		}
		b -= 12;
		if (b < per) {
			if (ptr_at(iblock[12], b, &map[i]))
				return -1;
			continue;
		}
		b -= per;
		if (b >= per * per)
			return -1;	/* no triple indirection in these tests */
		if (ptr_at(iblock[13], b / per, &ind) || ptr_at(ind, b % per, &map[i]))
			return -1;
	}
	return 0;
}

/*
 * How many file blocks of [off, off+len) (block aligned) differ on the
 * medium from the pattern of seed; -1 if the file cannot be mapped.
 */
__attribute__((unused)) static long ondisk_check(const char *path, uint64_t off, uint64_t len,
						uint64_t seed)
{
	uint64_t first = off / wb_bs, n = len / wb_bs, i, run;
	unsigned char *want = malloc(wb_bs), *got;
	uint32_t *map = calloc(first + n, sizeof(*map));
	struct stat st;
	long bad = 0;

	got = abuf(64 * wb_bs);
	if (!want || !map || stat(path, &st) || ext2_map_file(st.st_ino, first + n, map)) {
		free(want);
		free(map);
		free(got);
		return -1;
	}
	for (i = first; i < first + n; i += run) {
		uint64_t j;

		/* read contiguous runs in one go */
		for (run = 1; i + run < first + n && run < 64 && map[i + run] == map[i] + run &&
			      map[i]; run++)
			;
		if (!map[i] || dev_block(map[i], got, run)) {
			bad += run;
			continue;
		}
		for (j = 0; j < run; j++) {
			pat_fill(want, seed, (i + j) * wb_bs, wb_bs);
			if (memcmp(want, got + j * wb_bs, wb_bs))
				bad++;
		}
	}
	free(want);
	free(map);
	free(got);
	return bad;
}

/*
 * One TAP result: [off, off+len) of path holds seed's pattern on the
 * medium ("what: [a K, b K) is on the medium"); a skip without a device.
 */
__attribute__((unused)) static void check_disk(const char *path, uint64_t off, uint64_t len,
					       uint64_t seed, const char *what)
{
	long bad;

	if (wb_dev < 0) {
		skip("%s: no raw device to check the medium", what);
		return;
	}
	bad = ondisk_check(path, off, len, seed);
	ok(bad == 0, "%s: [%llu K, %llu K) is on the medium", what,
	   (unsigned long long)off / 1024, (unsigned long long)(off + len) / 1024);
	if (bad)
		diag("  %ld of %llu blocks differ (-1: the block map could not be read)", bad,
		     (unsigned long long)len / 4096);
}

#endif /* SELFTESTS_WRITEBACK_WBTEST_H */
