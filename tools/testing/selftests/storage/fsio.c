// SPDX-License-Identifier: GPL-2.0-only
/*
 * fsio - file data on a disk file system, in a directory given as argv[1]
 * or $FSTEST_DIR (the harness mounts an ext2 image there; without one the
 * suite skips): pwrite/pread around block, page and indirect-block
 * boundaries verified byte-exact (also after drop_caches), appends of odd
 * sizes, partial overwrites of uncached blocks, holes and st_blocks,
 * truncate patterns, statfs against df and block accounting, fsync and
 * friends, O_DIRECT, two processes writing and reading one file, and a
 * large sequential copy verified after drop_caches.
 *
 * On ext2 (f_type 0xEF53) st_blocks and f_bfree are checked exactly: data
 * blocks written plus the indirect blocks that map them.
 *
 * Environment: FSTEST_DIR; FSTEST_BIG_MB (size of the sequential copy,
 * default 16); FSTEST_KEEP=0 to leave nothing behind for the host (by
 * default guest/fsio.manifest and the files it lists stay, for
 * tools/testing/ext2/run to compare with debugfs on the host).
 */
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include "tap.h"
#include "util.h"
#include "storage/fstest.h"

#ifndef SEEK_DATA
#define SEEK_DATA 3
#define SEEK_HOLE 4
#endif

static int do_open(const char *path, int flags)
{
	int fd = open(path, flags | O_CLOEXEC, 0644);

	if (fd < 0)
		bail_out("open %s: %s", path, strerror(errno));
	return fd;
}

/* ---------------------------------------------------------- boundaries */

struct boundary {
	const char *name;
	uint64_t block;
};

static void boundaries(struct boundary *b, int *n)
{
	int i = 0;

	b[i++] = (struct boundary){ "block 1", 1 };
	b[i++] = (struct boundary){ "page 1", PAGE_SIZE / fst_bs };
	b[i++] = (struct boundary){ "first indirect block", EXT2_NDIR_BLOCKS };
	b[i++] = (struct boundary){ "first double-indirect block", ext2_dind_start(fst_bs) };
	b[i++] = (struct boundary){ "first triple-indirect block", ext2_tind_start(fst_bs) };
	*n = i;
	if (b[1].block == b[0].block) {	/* 4 KiB blocks: the same boundary */
		memmove(&b[1], &b[2], (i - 2) * sizeof(b[0]));
		(*n)--;
	}
}

/* m_write() of [off, off + len) clipped at offset 0. */
static int m_write_clip(int fd, struct fmodel *m, int64_t off, int64_t len, uint64_t seed)
{
	if (off < 0) {
		len += off;
		off = 0;
	}
	return len > 0 ? m_write(fd, m, off, len, seed) : 0;
}

/* Writes straddling and around byte offset b0 (a block boundary). */
static int write_around(int fd, struct fmodel *m, uint64_t b0, uint64_t seed)
{
	uint64_t bs = fst_bs;
	int r = 0;

	r |= m_write_clip(fd, m, b0 - 5000, 12345, seed);	/* pages and blocks */
	r |= m_write(fd, m, b0 - 3, 6, seed + 1);		/* straddles b0 */
	r |= m_write(fd, m, b0 + bs - 100, 200, seed + 2);	/* the next boundary */
	r |= m_write(fd, m, b0 + 2 * bs, bs, seed + 3);		/* one whole block */
	r |= m_write(fd, m, b0 + 4 * bs + 1, 1, seed + 4);	/* a lone byte */
	r |= m_write(fd, m, b0 - 2, 3, seed + 5);		/* rewrite in place */
	r |= m_write_clip(fd, m, b0 - bs - 1, 2, seed + 6);
	return r;
}

static void test_boundaries(void)
{
	struct boundary b[5];
	struct fmodel m = { 0 };
	uint64_t lo, hi, span = 3 * fst_bs + 8192;
	char buf[64];
	int i, n, fd, bad;

	boundaries(b, &n);
	fd = do_open(P("bound"), O_RDWR | O_CREAT | O_TRUNC);
	for (i = 0; i < n; i++) {
		ok(write_around(fd, &m, b[i].block * fst_bs, 1000 + 10 * i) == 0,
		   "pwrite patterns around the %s (byte %llu)", b[i].name,
		   (unsigned long long)(b[i].block * fst_bs));
	}
	for (i = 0; i < n; i++) {
		lo = b[i].block * fst_bs > span ? b[i].block * fst_bs - span : 0;
		hi = b[i].block * fst_bs + 5 * fst_bs + 8192;
		ok(m_check(fd, &m, lo, hi - lo), "around the %s: byte-exact, holes read zero",
		   b[i].name);
	}
	lo = b[2].block * fst_bs - span;
	ok(m_check_chunked(fd, &m, lo, 2 * span, 509),
	   "the same read back with 509-byte preads");
	ok(m_check_chunked(fd, &m, lo, 2 * span, 4093),
	   "and with 4093-byte preads");
	lo = (ext2_dind_start(fst_bs) + ext2_tind_start(fst_bs)) / 2 * fst_bs;
	ok(m_check(fd, &m, lo, 65536), "64 KiB in the middle of the double-indirect hole read zero");

	ok_eq(pread(fd, buf, sizeof(buf), m.size), 0, "pread at EOF returns 0");
	ok_eq(pread(fd, buf, sizeof(buf), m.size - 10), 10, "pread across EOF is short");
	ok_sys(fsync(fd), "fsync");
	check_st_blocks(fd, &m, "sparse file with writes at every boundary");

	ok_sys(drop_caches(), "echo 3 > /proc/sys/vm/drop_caches");
	for (i = bad = 0; i < n; i++) {
		lo = b[i].block * fst_bs > span ? b[i].block * fst_bs - span : 0;
		hi = b[i].block * fst_bs + 5 * fst_bs + 8192;
		if (!m_check(fd, &m, lo, hi - lo)) {
			diag("  around the %s", b[i].name);
			bad++;
		}
	}
	ok(!bad, "after drop_caches every boundary reads back byte-exact from disk");
	check_st_blocks(fd, &m, "after drop_caches");
	close(fd);
	ok_sys(unlink(P("bound")), "unlink the sparse file");
	free(m.ops);
}

/* Appends of awkward sizes through write(2), past the direct blocks. */
static void test_appends(void)
{
	static const unsigned int sizes[] = { 1, 3, 511, 512, 513, 1023, 1025, 4095,
					      4096, 4097, 8191, 65537, 12289 };
	struct fmodel m = { 0 };
	uint64_t seed = 2000, end = 20 * fst_bs + 100000;
	char *buf = malloc(65537);
	unsigned int i = 0;
	int fd, good = 1;
	ssize_t n;

	fd = do_open(P("append"), O_RDWR | O_CREAT | O_TRUNC | O_APPEND);
	while (m.size < end) {
		unsigned int len = sizes[i++ % ARRAY_SIZE(sizes)];

		pat_fill(buf, seed, m.size, len);
		n = write(fd, buf, len);
		if (n != (ssize_t)len) {
			diag("append of %u bytes at %llu: %zd (%s)", len,
			     (unsigned long long)m.size, n, strerror(errno));
			good = 0;
			break;
		}
		model_add(&m, 'w', m.size, len, seed);
	}
	ok(good, "%u appends of 1..65537 bytes (O_APPEND) to %llu bytes", i,
	   (unsigned long long)m.size);
	ok(m_check_all(fd, &m), "the appended file reads back byte-exact");
	fsync(fd);
	check_st_blocks(fd, &m, "dense file");
	close(fd);
	unlink(P("append"));
	free(buf);
	free(m.ops);
}

/* Partial writes into blocks that are on disk but not cached. */
static void test_partial_uncached(void)
{
	struct fmodel m = { 0 };
	uint64_t bs = fst_bs;
	int fd;

	fd = do_open(P("partial"), O_RDWR | O_CREAT | O_TRUNC);
	m_write(fd, &m, 0, 8 * bs + 300, 3000);
	fsync(fd);
	close(fd);
	drop_caches();
	fd = do_open(P("partial"), O_RDWR);
	ok(m_write(fd, &m, 3 * bs + 17, 10, 3001) == 0 &&
	   m_write(fd, &m, 5 * bs - 7, bs + 14, 3002) == 0 &&
	   m_write(fd, &m, 8 * bs + 250, 100, 3003) == 0,
	   "small pwrites into uncached blocks and across the old EOF");
	ok(m_check_all(fd, &m), "the rest of each block was read in, not zeroed");
	fsync(fd);
	close(fd);
	drop_caches();
	fd = do_open(P("partial"), O_RDONLY);
	ok(m_check_all(fd, &m), "and on disk after drop_caches");
	close(fd);
	unlink(P("partial"));
	free(m.ops);
}

/* ---------------------------------------------------------- holes */

static void test_holes(void)
{
	struct fmodel m = { 0 };
	uint64_t bs = fst_bs, data_off;
	off_t r;
	int fd;

	fd = do_open(P("holes"), O_RDWR | O_CREAT | O_TRUNC);
	m_trunc(fd, &m, 10 * bs);
	ok(m_check_all(fd, &m), "a file grown by ftruncate reads as zeros");
	check_st_blocks(fd, &m, "ftruncate-grown file has no blocks");

	m_write(fd, &m, 5 * bs + 7, 1, 4000);
	fsync(fd);
	check_st_blocks(fd, &m, "one byte written into a hole");
	ok(m_check_all(fd, &m), "one byte in a hole: the rest reads zero");

	m_write(fd, &m, (EXT2_NDIR_BLOCKS + 3) * bs, 2 * bs, 4001);
	m_write(fd, &m, ext2_dind_start(bs) * bs + 3 * bs, 10, 4002);
	fsync(fd);
	check_st_blocks(fd, &m, "writes in the indirect and double-indirect holes");
	ok(m_check_all(fd, &m), "sparse file reads back exactly, holes as zeros");

	/* What SEEK_DATA/SEEK_HOLE may answer differs (exact or "all data"). */
	data_off = 5 * bs + 7;
	r = lseek(fd, data_off, SEEK_DATA);
	ok_eq(r, data_off, "SEEK_DATA from inside a data block returns that offset");
	r = lseek(fd, 0, SEEK_DATA);
	ok(r >= 0 && (uint64_t)r <= 5 * bs, "SEEK_DATA from 0 stops at or before the first data");
	r = lseek(fd, data_off, SEEK_HOLE);
	ok(r > (off_t)data_off && (uint64_t)r <= m.size,
	   "SEEK_HOLE from data returns a later offset, at most the size");
	ok_errno(lseek(fd, m.size, SEEK_DATA), ENXIO, "SEEK_DATA at EOF: ENXIO");
	ok_eq(lseek(fd, m.size - 1, SEEK_HOLE), m.size, "SEEK_HOLE in the last byte: EOF");

	ok_errno(syscall(SYS_fallocate, fd, 0, 0L, (long)(64 * bs)), EOPNOTSUPP,
		 "fallocate on ext2: EOPNOTSUPP (as Linux: no preallocation)");
	close(fd);
	unlink(P("holes"));
	free(m.ops);
}

/* ---------------------------------------------------------- truncate */

static long long bfree_synced(void)
{
	sync();
	return fs_stat().f_bfree;
}

static void test_truncate(void)
{
	struct fmodel m = { 0 };
	uint64_t bs = fst_bs, dind = ext2_dind_start(bs), cut, data0, data1;
	long long meta0, meta1;
	long long before, full, after;
	int fd;

	before = bfree_synced();
	fd = do_open(P("trunc"), O_RDWR | O_CREAT | O_TRUNC);
	m_write(fd, &m, 0, (EXT2_NDIR_BLOCKS + 20) * bs, 5000);
	m_write(fd, &m, dind * bs, 4 * bs, 5001);
	m_write(fd, &m, (dind + bs / 4 + 2) * bs, bs, 5002);	/* a second DIND leaf */
	m_write(fd, &m, ext2_tind_start(bs) * bs + 5, 3 * bs, 5003);
	fsync(fd);
	check_st_blocks(fd, &m, "file through the triple-indirect range");
	meta0 = model_blocks(&m, bs, &data0);
	full = bfree_synced();
	if (fst_ext2)
		ok_eq(before - full, data0 + meta0,
		      "f_bfree fell by the data and indirect blocks written");
	else
		skip("f_bfree accounting (not ext2)");

	cut = (EXT2_NDIR_BLOCKS + 10) * bs + 100;
	ok_sys(m_trunc(fd, &m, cut), "shrink into the single-indirect range, mid-block");
	ok(m_check_all(fd, &m), "the data below the new size is intact");
	fsync(fd);
	check_st_blocks(fd, &m, "after the shrink");
	after = bfree_synced();
	meta1 = model_blocks(&m, bs, &data1);
	if (fst_ext2)
		ok_eq(after - full, (long long)(data0 + meta0) - (long long)(data1 + meta1),
		      "f_bfree rose by the data and indirect blocks cut off");
	else
		skip("f_bfree after shrink (not ext2)");

	ok_sys(m_trunc(fd, &m, (EXT2_NDIR_BLOCKS + 30) * bs), "grow again with ftruncate");
	ok(m_check_all(fd, &m), "the old tail of the cut block and the new range read zero");
	check_st_blocks(fd, &m, "growing by ftruncate allocates nothing");

	m_write(fd, &m, (EXT2_NDIR_BLOCKS + 40) * bs + 5, 7, 5004);
	ok(m_check_all(fd, &m), "a write past EOF leaves zeros between");

	ok_sys(m_trunc(fd, &m, 0), "truncate to 0");
	fsync(fd);
	check_st_blocks(fd, &m, "truncated to 0");
	if (fst_ext2)
		ok_eq(bfree_synced(), before, "every block came back to f_bfree");
	else
		skip("f_bfree after truncate to 0 (not ext2)");
	close(fd);

	/* Cut inside a page (1 KiB blocks: a different block of it), regrow. */
	model_reset(&m);
	fd = do_open(P("trunc2"), O_RDWR | O_CREAT | O_TRUNC);
	m_write(fd, &m, 0, 3 * PAGE_SIZE, 5010);
	m_trunc(fd, &m, PAGE_SIZE + 1500);
	m_trunc(fd, &m, 3 * PAGE_SIZE);
	ok(m_check_all(fd, &m), "cut mid-page, regrown with ftruncate: the cut part reads zero");
	fsync(fd);
	close(fd);
	drop_caches();
	fd = do_open(P("trunc2"), O_RDWR);
	ok(m_check_all(fd, &m), "also after drop_caches");

	m_trunc(fd, &m, bs + 10);
	m_write(fd, &m, 3 * bs + 5, 1, 5011);
	ok(m_check_all(fd, &m), "cut mid-block, extended by a write: the gap reads zero");
	fsync(fd);
	check_st_blocks(fd, &m, "cut then extended");
	close(fd);

	ok_sys(truncate(P("trunc2"), 5), "truncate(2) by path");
	ok_eq(st_of(P("trunc2")).st_size, 5, "size 5");
	fd = do_open(P("trunc2"), O_RDWR | O_TRUNC);
	ok_eq(st_of(P("trunc2")).st_size, 0, "open O_TRUNC empties it");
	close(fd);
	unlink(P("trunc"));
	unlink(P("trunc2"));
	free(m.ops);
}

/* ---------------------------------------------------------- statfs */

/* df -k's line for the directory: total, used, available KiB. */
static int df_kib(long long *total, long long *used, long long *avail)
{
	char cmd[PATH_MAX + 32], line[512], last[512] = "";
	FILE *f;

	snprintf(cmd, sizeof(cmd), "df -k '%s' 2>/dev/null", fst_root);
	f = popen(cmd, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		memcpy(last, line, sizeof(last));
	pclose(f);
	/* "FILESYSTEM TOTAL USED AVAIL USE% MOUNTPOINT" */
	return sscanf(last, "%*s %lld %lld %lld", total, used, avail) == 3 ? 0 : -1;
}

static void test_statfs(void)
{
	struct statfs a, b;
	struct fmodel m = { 0 };
	long long total, used, avail, kib;
	uint64_t bs = fst_bs;
	int fd;

	sync();
	a = fs_stat();
	ok((uint64_t)a.f_bsize == bs && (uint64_t)a.f_frsize == bs, "f_bsize and f_frsize are the block size");
	ok(a.f_blocks > 0 && a.f_bfree <= a.f_blocks && a.f_bavail <= a.f_bfree,
	   "f_bavail <= f_bfree <= f_blocks");
	ok(a.f_files > 0 && a.f_ffree <= a.f_files, "f_ffree <= f_files");
	ok_eq(a.f_namelen, 255, "f_namelen 255");
	if (df_kib(&total, &used, &avail) == 0) {
		kib = bs / 1024;
		ok(total == (long long)a.f_blocks * kib &&
		   used == (long long)(a.f_blocks - a.f_bfree) * kib &&
		   avail == (long long)a.f_bavail * kib,
		   "df -k agrees with statfs (%lld %lld %lld KiB)", total, used, avail);
	} else {
		ok(0, "df -k %s runs and prints a line", fst_root);
	}

	fd = do_open(P("statfs"), O_RDWR | O_CREAT | O_TRUNC);
	m_write(fd, &m, 0, 10 * bs, 6000);
	fsync(fd);
	close(fd);
	sync();
	b = fs_stat();
	if (fst_ext2) {
		ok_eq(a.f_bfree - b.f_bfree, 10, "10 blocks written: f_bfree fell by 10");
		ok_eq(a.f_ffree - b.f_ffree, 1, "one file created: f_ffree fell by 1");
	} else {
		skip("f_bfree accounting (not ext2)");
		skip("f_ffree accounting (not ext2)");
	}
	fd = do_open(P("statfs"), O_RDWR);
	m_write(fd, &m, 10 * bs, 20 * bs, 6001);
	fsync(fd);
	close(fd);
	sync();
	b = fs_stat();
	if (fst_ext2)
		ok_eq(a.f_bfree - b.f_bfree, 31,
		      "20 more blocks past the direct ones: 21 more (one indirect block)");
	else
		skip("f_bfree accounting (not ext2)");
	unlink(P("statfs"));
	sync();
	b = fs_stat();
	ok(b.f_bfree == a.f_bfree && b.f_ffree == a.f_ffree,
	   "after unlink f_bfree and f_ffree are back where they were");
	free(m.ops);
}

/* ---------------------------------------------------------- fsync */

static void test_fsync(void)
{
	int fd, dfd;

	fd = do_open(P("sync"), O_RDWR | O_CREAT | O_TRUNC);
	write(fd, "data", 4);
	ok_sys(fsync(fd), "fsync of a dirty file");
	write(fd, "more", 4);
	ok_sys(fdatasync(fd), "fdatasync of a dirty file");
	ok_sys(fsync(fd), "fsync of a clean file");
	ok_sys(syscall(SYS_syncfs, fd), "syncfs");
	ok_sys(syscall(SYS_sync_file_range, fd, 0L, 0L, 7U), "sync_file_range (wait, write, wait)");
	close(fd);
	fd = do_open(P("sync"), O_RDONLY);
	ok_sys(fsync(fd), "fsync through an O_RDONLY descriptor");
	close(fd);
	dfd = open(fst_base, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	ok_sys(fsync(dfd), "fsync of a directory");
	close(dfd);
	fd = do_open(P("osync"), O_RDWR | O_CREAT | O_TRUNC | O_SYNC);
	ok_eq(write(fd, "synchronous", 11), 11, "write to an O_SYNC file");
	close(fd);
	unlink(P("sync"));
	unlink(P("osync"));
}

/* ---------------------------------------------------------- O_DIRECT */

static void test_direct(void)
{
	struct fmodel m = { 0 };
	char *buf, *want;
	int fd, bfd;

	if (posix_memalign((void **)&buf, 4096, 65536 + 4096) ||
	    posix_memalign((void **)&want, 4096, 65536))
		bail_out("posix_memalign");
	fd = open(P("direct"), O_RDWR | O_CREAT | O_TRUNC | O_DIRECT | O_CLOEXEC, 0644);
	if (!ok(fd >= 0, "open O_DIRECT")) {
		diag("  open: %s", strerror(errno));
		free(buf);
		free(want);
		return;
	}
	bfd = do_open(P("direct"), O_RDWR);

	pat_fill(buf, 7000, 0, 16384);
	ok_eq(pwrite(fd, buf, 16384, 0), 16384, "O_DIRECT aligned write of 16 KiB");
	model_add(&m, 'w', 0, 16384, 7000);
	ok(m_check_all(bfd, &m), "buffered read sees the O_DIRECT write");

	ok_errno(pwrite(fd, buf, 4096, 1), EINVAL, "O_DIRECT write at offset 1: EINVAL");
	ok_errno(pread(fd, buf + 1, 4096, 0), EINVAL, "O_DIRECT read into a misaligned buffer: EINVAL");
	ok_errno(pread(fd, buf, 4095, 0), EINVAL, "O_DIRECT read of 4095 bytes: EINVAL");
	ok_eq(pread(fd, buf + 512, 4096, 512), 4096,
	      "O_DIRECT read at 512-byte alignment (the disk's logical block size) works");
	model_fill(&m, want, 512, 4096);
	ok(!memcmp(buf + 512, want, 4096), "and returns the right data");

	/* Coherency with the page cache, both ways. */
	m_write(bfd, &m, 8192, 4096, 7001);	/* dirty in the page cache */
	ok(pread(fd, buf, 16384, 0) == 16384 && (model_fill(&m, want, 0, 16384),
	   !memcmp(buf, want, 16384)), "O_DIRECT read sees dirty page-cache data");
	pread(bfd, want, 4096, 4096);		/* now cached */
	pat_fill(buf, 7002, 4096, 4096);
	ok_eq(pwrite(fd, buf, 4096, 4096), 4096, "O_DIRECT write over a cached block");
	model_add(&m, 'w', 4096, 4096, 7002);
	ok(m_check_all(bfd, &m), "a buffered read afterwards sees the new data");

	m_trunc(bfd, &m, 65536);
	ok(pread(fd, buf, 8192, 32768) == 8192 && all_zero(buf, 8192), "O_DIRECT read of a hole: zeros");
	ok_eq(pread(fd, buf, 8192, 65536 - 4096), 4096, "O_DIRECT read across EOF is short");
	ok_eq(pread(fd, buf, 4096, 65536), 0, "O_DIRECT read at EOF returns 0");
	pat_fill(buf, 7003, 65536, 8192);
	ok_eq(pwrite(fd, buf, 8192, 65536), 8192, "O_DIRECT write extends the file");
	model_add(&m, 'w', 65536, 8192, 7003);
	ok(m_check_all(bfd, &m), "whole file after the O_DIRECT writes");
	fsync(bfd);
	check_st_blocks(bfd, &m, "mixed O_DIRECT/buffered file");
	close(fd);
	close(bfd);
	unlink(P("direct"));
	free(buf);
	free(want);
	free(m.ops);
}

/* ---------------------------------------------------------- concurrency */

#define CONC_SIZE (1 << 20)

/*
 * Child: write [lo, hi) in `chunk` pieces, in a scattered order (reverse:
 * from the end); with verify, read back an earlier piece after each write.
 */
static int conc_writer(const char *path, uint64_t lo, uint64_t hi, size_t chunk,
		       uint64_t seed, int reverse, int passes, int verify)
{
	static char buf[65536];
	uint64_t n = (hi - lo) / chunk, i, k, off;
	int fd = open(path, O_RDWR), p;

	if (fd < 0)
		return 2;
	for (p = 0; p < passes; p++) {
		for (i = 0; i < n; i++) {
			k = reverse ? n - 1 - i : (i * 7 + p) % n;	/* 7: coprime to n */
			off = lo + k * chunk;
			pat_fill(buf, seed, off, chunk);
			if (pwrite_full(fd, buf, chunk, off) != (ssize_t)chunk)
				return 2;
			/* read back an earlier piece of our own range */
			if (i && verify && !reverse) {
				off = lo + ((i - 1) * 7 + p) % n * chunk;
				if (pread_full(fd, buf, chunk, off) != (ssize_t)chunk)
					return 2;
				for (size_t j = 0; j < chunk; j++)
					if ((unsigned char)buf[j] != pat_byte(seed, off + j))
						return 1;
			}
		}
	}
	close(fd);
	return 0;
}

/* Child: read random 64 KiB pieces; every byte must be seed a's or b's. */
static int conc_reader(const char *path, uint64_t a, uint64_t b, int rounds, unsigned int rnd)
{
	static char buf[65536];
	uint64_t off;
	int fd = open(path, O_RDONLY), i;

	if (fd < 0)
		return 2;
	for (i = 0; i < rounds; i++) {
		rnd = rnd * 1103515245 + 12345;
		off = (uint64_t)(rnd >> 8) % (CONC_SIZE / 512) * 512;
		if (off + sizeof(buf) > CONC_SIZE)
			off = CONC_SIZE - sizeof(buf);
		if (pread_full(fd, buf, sizeof(buf), off) != (ssize_t)sizeof(buf))
			return 2;
		for (size_t j = 0; j < sizeof(buf); j++) {
			unsigned char c = buf[j];

			if (c != pat_byte(a, off + j) && c != pat_byte(b, off + j))
				return 1;
		}
	}
	close(fd);
	return 0;
}

static int wait_all(pid_t *pids, int n, const char *what)
{
	int i, st, good = 1;

	for (i = 0; i < n; i++) {
		st = wait_status(pids[i]);
		if (!WIFEXITED(st) || WEXITSTATUS(st)) {
			diag("%s child %d: %s%s", what, i, status_str(st),
			     WIFEXITED(st) && WEXITSTATUS(st) == 1 ? " (wrong data)" : "");
			good = 0;
		}
	}
	return good;
}

static void test_concurrent(void)
{
	struct fmodel m = { 0 };
	static char buf[16384];
	uint64_t off, torn = 0, na = 0, nb = 0;
	char path[PATH_MAX];
	pid_t pids[3];
	int fd, i;

	snprintf(path, sizeof(path), "%s", P("shared"));
	fd = do_open(path, O_RDWR | O_CREAT | O_TRUNC);
	m_trunc(fd, &m, CONC_SIZE);
	fflush(stdout);
	for (i = 0; i < 2; i++) {
		pids[i] = fork();
		if (pids[i] == 0)
			_exit(conc_writer(path, i * CONC_SIZE / 2, (i + 1) * CONC_SIZE / 2, 4096,
					  8000 + i, 0, 1, 1));
	}
	ok(wait_all(pids, 2, "disjoint writer"),
	   "2 processes write disjoint halves in 4 KiB pieces, reading their own back");
	model_add(&m, 'w', 0, CONC_SIZE / 2, 8000);
	model_add(&m, 'w', CONC_SIZE / 2, CONC_SIZE / 2, 8001);
	ok(m_check_all(fd, &m), "the file holds both halves exactly");

	/* Overlapping: both write everything, in 16 KiB pieces. */
	fflush(stdout);
	for (i = 0; i < 2; i++) {
		pids[i] = fork();
		if (pids[i] == 0)
			_exit(conc_writer(path, 0, CONC_SIZE, sizeof(buf), 8010 + i, i, 3, 0));
	}
	ok(wait_all(pids, 2, "overlapping writer"), "2 processes overwrite the whole file 3 times");
	for (off = 0; off < CONC_SIZE; off += sizeof(buf)) {
		int is_a = 1, is_b = 1;

		pread_full(fd, buf, sizeof(buf), off);
		for (size_t j = 0; j < sizeof(buf) && (is_a || is_b); j++) {
			is_a &= (unsigned char)buf[j] == pat_byte(8010, off + j);
			is_b &= (unsigned char)buf[j] == pat_byte(8011, off + j);
		}
		na += is_a;
		nb += is_b;
		torn += !is_a && !is_b;
	}
	diag("16 KiB pieces: %llu from writer A, %llu from writer B",
	     (unsigned long long)na, (unsigned long long)nb);
	ok_eq(torn, 0, "no piece mixes the two writers (each write(2) is atomic)");

	/* One writer flipping between two patterns, two readers checking. */
	model_reset(&m);
	m_write(fd, &m, 0, CONC_SIZE, 8020);
	fflush(stdout);
	pids[0] = fork();
	if (pids[0] == 0) {
		int r = 0;

		for (int p = 0; p < 4 && !r; p++)
			r = conc_writer(path, 0, CONC_SIZE, 65536, 8020 + !(p & 1), 0, 1, 1);
		_exit(r);
	}
	for (i = 1; i < 3; i++) {
		pids[i] = fork();
		if (pids[i] == 0)
			_exit(conc_reader(path, 8020, 8021, 48, 77 * i));
	}
	ok(wait_all(pids, 3, "reader/writer"),
	   "2 readers during rewrites see only old or new bytes, never anything else");
	model_reset(&m);
	model_add(&m, 'w', 0, CONC_SIZE, 8020);
	ok(m_check_all(fd, &m), "after the last rewrite the file is exactly its pattern");
	close(fd);
	unlink(path);
	free(m.ops);
}

/* ---------------------------------------------------------- big copy */

static double secs_since(long long t0)
{
	return (now_ns(CLOCK_MONOTONIC) - t0) / 1e9;
}

static void test_bigcopy(void)
{
	uint64_t size = (uint64_t)env_ll("FSTEST_BIG_MB", 16) << 20, off, want_sum;
	static char buf[1 << 20];
	struct fmodel m = { 0 };
	struct statfs sf = fs_stat();
	struct fsum s;
	long long before, t0;
	ssize_t n;
	int in, out, good;

	if ((uint64_t)sf.f_bavail * fst_bs < 2 * size + (8 << 20)) {
		skip("big copy of %llu MiB: not enough free space",
		     (unsigned long long)(size >> 20));
		return;
	}
	before = bfree_synced();
	in = do_open(P("big"), O_RDWR | O_CREAT | O_TRUNC);
	t0 = now_ns(CLOCK_MONOTONIC);
	good = m_write(in, &m, 0, size, 9000) == 0 && fsync(in) == 0;
	ok(good, "write %llu MiB sequentially and fsync (%.1f MB/s)",
	   (unsigned long long)(size >> 20), size / 1e6 / secs_since(t0));

	out = do_open(P("big.copy"), O_RDWR | O_CREAT | O_TRUNC);
	lseek(in, 0, SEEK_SET);
	t0 = now_ns(CLOCK_MONOTONIC);
	good = 1;
	for (off = 0; off < size; off += n) {
		n = read(in, buf, sizeof(buf));
		if (n <= 0 || write(out, buf, n) != n) {
			good = 0;
			break;
		}
	}
	good &= fsync(out) == 0;
	ok(good, "copy it with 1 MiB read/write and fsync (%.1f MB/s)", size / 1e6 / secs_since(t0));
	close(in);
	close(out);

	ok_sys(drop_caches(), "drop_caches");
	out = do_open(P("big.copy"), O_RDONLY);
	fsum_init(&s);
	t0 = now_ns(CLOCK_MONOTONIC);
	while ((n = read(out, buf, sizeof(buf))) > 0)
		fsum_add(&s, buf, n);
	diag("read back from disk at %.1f MB/s", size / 1e6 / secs_since(t0));
	ok_eq(s.nbytes + s.npart, size, "the copy has the right size");
	want_sum = fsum_final(&s);
	fsum_init(&s);
	for (off = 0; off < size; off += sizeof(buf)) {
		n = size - off < sizeof(buf) ? size - off : sizeof(buf);
		pat_fill(buf, 9000, off, n);
		fsum_add(&s, buf, n);
	}
	ok(want_sum == fsum_final(&s), "its checksum matches the pattern's");
	ok(m_check_all(out, &m), "and it matches byte by byte");
	close(out);
	unlink(P("big"));
	unlink(P("big.copy"));
	if (fst_ext2)
		ok_eq(bfree_synced(), before, "unlinking both returns every block");
	else
		skip("f_bfree after unlink (not ext2)");
	free(m.ops);
}

/* ---------------------------------------------------------- for the host */

/*
 * Files that stay for tools/testing/ext2/run to compare on the host with
 * debugfs: ROOT/guest/fsio.manifest lists them (names relative to
 * ROOT/guest).
 */
static void keep_for_host(void)
{
	char dir[PATH_MAX + 16], path[PATH_MAX + 64];
	struct fmodel m = { 0 };
	uint64_t bs = fst_bs, b;
	FILE *man;
	int fd, good = 1;

	snprintf(dir, sizeof(dir), "%s/guest", fst_root);
	mkdir(dir, 0755);
	snprintf(path, sizeof(path), "%s/fsio", dir);
	rm_tree(path);
	if (mkdir(path, 0755)) {
		ok(0, "mkdir %s: %s", path, strerror(errno));
		return;
	}
	snprintf(path, sizeof(path), "%s/fsio.manifest", dir);
	man = fopen(path, "w");
	if (!man) {
		ok(0, "create %s: %s", path, strerror(errno));
		return;
	}

	/* sparse, around the indirect boundaries (triple: if under 128 MiB) */
	snprintf(path, sizeof(path), "%s/fsio/sparse", dir);
	fd = do_open(path, O_RDWR | O_CREAT | O_TRUNC);
	good &= write_around(fd, &m, EXT2_NDIR_BLOCKS * bs, 10000) == 0;
	good &= write_around(fd, &m, ext2_dind_start(bs) * bs, 10010) == 0;
	b = ext2_tind_start(bs);
	if (b * bs < (128 << 20))
		good &= write_around(fd, &m, b * bs, 10020) == 0;
	model_print(man, "fsio/sparse", &m);
	close(fd);

	/* dense and odd-sized */
	model_reset(&m);
	snprintf(path, sizeof(path), "%s/fsio/dense", dir);
	fd = do_open(path, O_RDWR | O_CREAT | O_TRUNC);
	good &= m_write(fd, &m, 0, (1 << 20) + 12345, 10100) == 0;
	model_print(man, "fsio/dense", &m);
	close(fd);

	/* shrunk into the indirect range mid-block, regrown, written past */
	model_reset(&m);
	snprintf(path, sizeof(path), "%s/fsio/truncated", dir);
	fd = do_open(path, O_RDWR | O_CREAT | O_TRUNC);
	good &= m_write(fd, &m, 0, (ext2_dind_start(bs) + 3) * bs, 10200) == 0;
	good &= m_trunc(fd, &m, (EXT2_NDIR_BLOCKS + 5) * bs + 333) == 0;
	good &= m_trunc(fd, &m, (EXT2_NDIR_BLOCKS + 9) * bs) == 0;
	good &= m_write(fd, &m, (EXT2_NDIR_BLOCKS + 11) * bs + 1, 99, 10201) == 0;
	model_print(man, "fsio/truncated", &m);
	close(fd);

	/* empty */
	model_reset(&m);
	snprintf(path, sizeof(path), "%s/fsio/empty", dir);
	close(do_open(path, O_RDWR | O_CREAT | O_TRUNC));
	model_print(man, "fsio/empty", &m);

	good &= fclose(man) == 0;
	sync();
	ok(good, "files for the host's debugfs check written (guest/fsio.manifest)");
	free(m.ops);
}

int main(int argc, char **argv)
{
	if (fst_setup(argc, argv, "fsio"))
		return tap_finish();
	RUN(test_boundaries);
	RUN(test_appends);
	RUN(test_partial_uncached);
	RUN(test_holes);
	RUN(test_truncate);
	RUN(test_statfs);
	RUN(test_fsync);
	RUN(test_direct);
	RUN(test_concurrent);
	RUN(test_bigcopy);
	if (env_ll("FSTEST_KEEP", 1))
		keep_for_host();
	fst_cleanup();
	return tap_finish();
}
