// SPDX-License-Identifier: GPL-2.0-only
/*
 * direct.c - O_DIRECT on a mounted ext2 file system (4 KiB blocks on a
 * disk with 512-byte logical blocks) and on a raw block device: the
 * alignment rules (buffer address, file offset and length must be
 * multiples of the device's logical block size, else EINVAL; on ext2 a
 * 512-byte alignment is enough, as in Linux), coherence with the page
 * cache in both directions, holes, extending writes, reads at and across
 * the end of the file, and direct and buffered I/O mixed in one file.
 *
 * Usage: writeback/direct [DIR]   (DIR or $FSTEST_DIR: the mounted fs;
 * $FSTEST_SCRATCH: a disk it may overwrite, else the raw tests are skipped)
 * Single-threaded; no locking.
 */
#include "tap.h"
#include "util.h"
#include "storage/fstest.h"
#include "writeback/wbtest.h"

#define BIG (256 * 1024)

static unsigned char *dbuf;	/* BIG + 4096, 4 KiB aligned */
static unsigned char *want;	/* BIG */

/* Whether [off, off+len) of fd reads (buffered or direct) as seed. */
static int reads_as(int fd, uint64_t seed, uint64_t off, size_t len)
{
	if (pread(fd, dbuf, len, off) != (ssize_t)len)
		return 0;
	if (seed)
		pat_fill(want, seed, off, len);
	else
		memset(want, 0, len);
	return !memcmp(dbuf, want, len);
}

static ssize_t put(int fd, uint64_t seed, uint64_t off, size_t len)
{
	pat_fill(dbuf, seed, off, len);
	return pwrite(fd, dbuf, len, off);
}

/* The alignment rules on one descriptor opened O_DIRECT. */
static void alignment(int fd, const char *what)
{
	pat_fill(dbuf, 1, 0, 8192);
	ok_eq(pwrite(fd, dbuf, 4096, 0), 4096, "%s: aligned 4 KiB write", what);
	ok_eq(pread(fd, dbuf, 4096, 0), 4096, "%s: aligned 4 KiB read", what);
	ok_errno(pwrite(fd, dbuf + 1, 4096, 0), EINVAL, "%s: write from buffer + 1: EINVAL", what);
	ok_errno(pwrite(fd, dbuf + 256, 4096, 0), EINVAL, "%s: write from buffer + 256: EINVAL",
		 what);
	ok_errno(pread(fd, dbuf + 256, 4096, 0), EINVAL, "%s: read into buffer + 256: EINVAL", what);
	ok_errno(pwrite(fd, dbuf, 4096, 1), EINVAL, "%s: write at offset 1: EINVAL", what);
	ok_errno(pread(fd, dbuf, 4096, 256), EINVAL, "%s: read at offset 256: EINVAL", what);
	ok_errno(pwrite(fd, dbuf, 1000, 0), EINVAL, "%s: write of 1000 bytes: EINVAL", what);
	ok_errno(pread(fd, dbuf, 100, 0), EINVAL, "%s: read of 100 bytes: EINVAL", what);
	/* 512 is the logical block size: enough, even on 4 KiB-block ext2 */
	pat_fill(dbuf + 512, 2, 512, 1024);
	ok_eq(pwrite(fd, dbuf + 512, 1024, 512), 1024,
	      "%s: 1 KiB write at offset 512 from buffer + 512", what);
	ok_eq(pread(fd, dbuf + 512, 512, 1024), 512, "%s: 512-byte read at offset 1024", what);
	pat_fill(want, 2, 1024, 512);
	ok(!memcmp(dbuf + 512, want, 512), "%s: it reads back what was written", what);
	ok(reads_as(fd, 1, 0, 512) && reads_as(fd, 2, 512, 1024) && reads_as(fd, 1, 1536, 2560),
	   "%s: the sectors around it are untouched", what);
}

static void test_fs_alignment(void)
{
	int fd = open(P("align"), O_RDWR | O_CREAT | O_DIRECT | O_CLOEXEC, 0644), bfd;
	struct stat st;

	if (fd < 0)
		bail_out("open O_DIRECT on the file system: %s", strerror(errno));
	alignment(fd, "ext2");
	ok(!fstat(fd, &st) && st.st_size == 4096, "ext2: the file is 4096 bytes");
	close(fd);

	/* a 512-byte write into a new block: the rest of the block is zero */
	fd = open(P("sub"), O_RDWR | O_CREAT | O_DIRECT | O_CLOEXEC, 0644);
	pat_fill(dbuf, 3, 1536, 512);
	ok_eq(pwrite(fd, dbuf, 512, 1536), 512, "ext2: 512-byte direct write at 1536 in a new file");
	ok(!fstat(fd, &st) && st.st_size == 2048, "ext2: the file is 2048 bytes");
	bfd = open(P("sub"), O_RDONLY | O_CLOEXEC);
	ok(reads_as(bfd, 0, 0, 1536) && reads_as(bfd, 3, 1536, 512),
	   "ext2: a buffered read sees zeros, then the 512 bytes");
	close(bfd);
	close(fd);
}

static void test_raw(void)
{
	const char *dev = getenv("FSTEST_SCRATCH");
	char path[64];
	int fd, bfd;

	if (!dev || !*dev) {
		skip("raw device O_DIRECT: no $FSTEST_SCRATCH disk");
		return;
	}
	snprintf(path, sizeof(path), "/dev/%s", dev);
	fd = open(path, O_RDWR | O_DIRECT | O_CLOEXEC);
	bfd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0 || bfd < 0)
		bail_out("open %s: %s", path, strerror(errno));
	alignment(fd, path);

	/* buffered write, direct read: the cached pages are written first */
	ok_eq(put(bfd, 21, MIB, BIG), BIG, "%s: buffered 256 KiB write", path);
	ok(reads_as(fd, 21, MIB, BIG), "%s: a direct read sees it without fsync", path);
	/* cached pages, then a direct write: a buffered read sees the new data */
	ok(reads_as(bfd, 21, MIB, BIG), "%s: buffered read fills the cache", path);
	ok_eq(put(fd, 22, MIB, BIG), BIG, "%s: direct write over the cached range", path);
	ok(reads_as(bfd, 22, MIB, BIG), "%s: a buffered read sees the direct write", path);
	/* dirty cached pages, then a direct write over them */
	ok_eq(put(bfd, 23, 2 * MIB, BIG), BIG, "%s: buffered write (dirty pages)", path);
	ok_eq(put(fd, 24, 2 * MIB, BIG), BIG, "%s: direct write over the dirty range", path);
	ok_sys(fsync(bfd), "%s: fsync", path);
	ok(reads_as(bfd, 24, 2 * MIB, BIG) && reads_as(fd, 24, 2 * MIB, BIG),
	   "%s: both reads see the direct write, the dirty pages did not win", path);
	close(fd);
	close(bfd);
}

static void test_coherence(void)
{
	const char *f = P("mix");
	int fd = open(f, O_RDWR | O_CREAT | O_DIRECT | O_CLOEXEC, 0644);
	int bfd = open(f, O_RDWR | O_CLOEXEC);
	int i, good = 1;

	if (fd < 0 || bfd < 0)
		bail_out("open %s: %s", f, strerror(errno));
	for (i = 0; i < 4; i++)
		if (put(bfd, 30, i * BIG, BIG) != BIG)
			good = 0;
	ok(good, "buffered 1 MiB write");
	ok_sys(fsync(bfd), "fsync");

	ok_eq(put(bfd, 31, 0, BIG), BIG, "buffered overwrite of [0, 256K)");
	ok(reads_as(fd, 31, 0, BIG), "a direct read sees it without fsync");

	ok(reads_as(bfd, 30, BIG, BIG), "buffered read of [256K, 512K) fills the cache");
	ok_eq(put(fd, 32, BIG, BIG), BIG, "direct write over the cached [256K, 512K)");
	ok(reads_as(bfd, 32, BIG, BIG), "a buffered read sees the direct write");

	ok_eq(put(bfd, 33, 2 * BIG, BIG), BIG, "buffered write makes [512K, 768K) dirty");
	ok_eq(put(fd, 34, 2 * BIG, BIG), BIG, "direct write over the dirty range");
	ok(reads_as(bfd, 34, 2 * BIG, BIG), "a buffered read sees the direct write");
	ok_sys(fsync(bfd), "fsync");
	ok(reads_as(fd, 34, 2 * BIG, BIG), "after fsync the medium still has the direct write");

	/* interleaved 4 KiB pieces, alternating the two paths */
	for (i = 0; i < 64; i++) {
		int d = i & 1;

		if (put(d ? fd : bfd, 40 + d, 3 * BIG + i * 4096, 4096) != 4096)
			good = 0;
	}
	ok(good, "64 interleaved 4 KiB writes, direct and buffered, in [768K, 1M)");
	for (i = 0; i < 64; i++) {
		int d = i & 1;

		if (!reads_as(bfd, 40 + d, 3 * BIG + i * 4096, 4096) ||
		    !reads_as(fd, 40 + d, 3 * BIG + i * 4096, 4096))
			good = 0;
	}
	ok(good, "each piece reads back through both paths");
	ok(reads_as(fd, 31, 0, BIG) && reads_as(fd, 32, BIG, BIG),
	   "the other ranges of the file are intact");
	close(fd);
	close(bfd);
}

static void test_holes_and_eof(void)
{
	const char *f = P("sparse");
	int fd = open(f, O_RDWR | O_CREAT | O_DIRECT | O_CLOEXEC, 0644), bfd;
	struct stat st;

	ok_sys(ftruncate(fd, MIB), "ftruncate a new file to 1 MiB");
	ok(reads_as(fd, 0, 0, BIG), "a direct read of the hole gives zeros");
	ok_eq(put(fd, 50, 512 * 1024, 8192), 8192, "direct 8 KiB write in the middle");
	ok(reads_as(fd, 0, 256 * 1024, BIG) && reads_as(fd, 50, 512 * 1024, 8192) &&
	   reads_as(fd, 0, 520 * 1024, 8192),
	   "direct reads: zeros, the data, zeros");
	ok(!fstat(fd, &st) && st.st_size == (off_t)MIB && st.st_blocks <= 24,
	   "size 1 MiB, still sparse (%lld sectors)", (long long)st.st_blocks);

	ok_eq(put(fd, 51, MIB, BIG), BIG, "direct 256 KiB write at the end extends the file");
	ok(!fstat(fd, &st) && st.st_size == (off_t)(MIB + BIG), "size is 1.25 MiB");
	ok_eq(put(fd, 52, 2 * MIB, 8192), 8192, "direct write past the end leaves a hole");
	ok(!fstat(fd, &st) && st.st_size == (off_t)(2 * MIB + 8192), "size is 2 MiB + 8 KiB");
	bfd = open(f, O_RDONLY | O_CLOEXEC);
	ok(reads_as(bfd, 51, MIB, BIG) && reads_as(bfd, 0, MIB + BIG, BIG) &&
	   reads_as(bfd, 52, 2 * MIB, 8192), "a buffered read sees the data and the new hole");
	close(bfd);
	ok_eq(pread(fd, dbuf, 4096, 2 * MIB + 8192), 0, "direct read at the end of the file: 0");
	ok_eq(pread(fd, dbuf, BIG, 2 * MIB), 8192, "direct read across the end: short, 8 KiB");
	ok_sys(ftruncate(fd, 2 * MIB + 1000), "ftruncate to an unaligned size");
	ok_eq(pread(fd, dbuf, 4096, 2 * MIB), 1000,
	      "direct read of the last, partial block: 1000 bytes");
	close(fd);
}

int main(int argc, char **argv)
{
	if (fst_setup(argc, argv, "wb-direct"))
		return tap_finish();
	dbuf = abuf(BIG + 4096 * 4);
	want = abuf(BIG + 4096 * 4);
	RUN(test_fs_alignment);
	RUN(test_coherence);
	RUN(test_holes_and_eof);
	RUN(test_raw);
	fst_cleanup();
	return tap_finish();
}
