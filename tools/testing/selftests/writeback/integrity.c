// SPDX-License-Identifier: GPL-2.0-only
/*
 * integrity.c - the data-integrity calls on a mounted ext2 file system:
 * fsync, fdatasync, sync_file_range, syncfs, O_DSYNC and O_SYNC writes.
 * Argument checking is compared with Linux's errors; that the data really
 * went out is checked on the medium itself: the test reads the file's
 * blocks from the raw device with O_DIRECT (the block map parsed from the
 * on-disk inode, see wbtest.h), so background writeback cannot fake a
 * pass by making a global counter move.
 *
 * Usage: writeback/integrity [DIR]   (DIR or $FSTEST_DIR: the mounted fs;
 * $FSTEST_DEV: its device, ext2 with 4 KiB blocks, for the on-disk checks)
 * Single-threaded; no locking.
 */
#include "tap.h"
#include "util.h"
#include "storage/fstest.h"
#include "writeback/wbtest.h"

#include <sys/syscall.h>

static int on_disk;	/* wb_disk_setup() worked */

static int write_pat(int fd, uint64_t seed, uint64_t off, size_t len)
{
	static unsigned char *buf;
	size_t done = 0;

	if (!buf)
		buf = abuf(MIB);
	while (done < len) {
		size_t n = len - done < MIB ? len - done : MIB;

		pat_fill(buf, seed, off + done, n);
		if (pwrite(fd, buf, n, off + done) != (ssize_t)n)
			return -1;
		done += n;
	}
	return 0;
}

/* A file of len bytes of seed, made durable (data and block map). */
static int laid_out(const char *path, uint64_t len, uint64_t seed)
{
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

	if (fd < 0 || write_pat(fd, seed, 0, len) || fsync(fd))
		bail_out("laying out %s: %s", path, strerror(errno));
	sync();
	return fd;
}

static void test_fsync_args(void)
{
	int p[2], fd, dfd, bad;

	fd = open(P("args"), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	ok_sys(write(fd, "x", 1), "write one byte");
	ok_sys(fsync(fd), "fsync on a regular file");
	ok_sys(fdatasync(fd), "fdatasync on a regular file");
	close(fd);
	fd = open(P("args"), O_RDONLY | O_CLOEXEC);
	ok_sys(fsync(fd), "fsync on a file opened read-only");
	close(fd);
	dfd = open(P("."), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	ok_sys(fsync(dfd), "fsync on a directory");
	ok_sys(fdatasync(dfd), "fdatasync on a directory");
	ok_sys(syscall(SYS_sync_file_range, dfd, 0L, 0L, 7U), "sync_file_range on a directory");
	close(dfd);
	if (pipe(p))
		bail_out("pipe: %s", strerror(errno));
	ok_errno(fsync(p[0]), EINVAL, "fsync on a pipe: EINVAL");
	ok_errno(fdatasync(p[1]), EINVAL, "fdatasync on a pipe: EINVAL");
	ok_errno(syscall(SYS_sync_file_range, p[1], 0L, 4096L, 2U), ESPIPE,
		 "sync_file_range on a pipe: ESPIPE");
	ok_errno(syscall(SYS_sync_file_range, p[1], 0L, 4096L, 8U), EINVAL,
		 "sync_file_range on a pipe with a bad flag: EINVAL (checked first)");
	close(p[0]);
	close(p[1]);
	bad = dup(0);
	close(bad);
	ok_errno(fsync(bad), EBADF, "fsync on a closed descriptor: EBADF");
	ok_errno(fdatasync(-1), EBADF, "fdatasync(-1): EBADF");
	ok_errno(syscall(SYS_sync_file_range, bad, 0L, 0L, 2U), EBADF,
		 "sync_file_range on a closed descriptor: EBADF");
	ok_errno(syncfs(bad), EBADF, "syncfs on a closed descriptor: EBADF");
}

static long sfr(int fd, long long off, long long n, unsigned int flags)
{
	return syscall(SYS_sync_file_range, fd, off, n, flags);
}

static void test_sfr_args(void)
{
	int fd = open(P("args"), O_RDWR | O_CLOEXEC);

	ok_errno(sfr(fd, 0, 4096, 8), EINVAL, "sync_file_range flag 8: EINVAL");
	ok_errno(sfr(fd, 0, 4096, ~0U), EINVAL, "sync_file_range all flags set: EINVAL");
	ok_errno(sfr(fd, -1, 4096, 2), EINVAL, "sync_file_range offset -1: EINVAL");
	ok_errno(sfr(fd, 0, -4096, 2), EINVAL, "sync_file_range nbytes -4096: EINVAL");
	ok_errno(sfr(fd, LLONG_MAX - 4095, 8192, 2), EINVAL,
		 "sync_file_range offset + nbytes overflowing: EINVAL");
	ok_errno(sfr(-1, 0, 4096, 8), EBADF, "sync_file_range bad fd and bad flags: EBADF first");
	ok_sys(sfr(fd, 0, 0, 0), "sync_file_range flags 0: a no-op that succeeds");
	ok_sys(sfr(fd, 0, 0, 7), "sync_file_range nbytes 0 (to the end of the file), all flags");
	ok_sys(sfr(fd, 1 << 30, 4096, 7), "sync_file_range beyond the end of the file");
	close(fd);
}

static void test_sfr_data(void)
{
	const char *f = P("sfr");
	int fd = laid_out(f, 4 * MIB, 1);
	long long w0;

	check_disk(f, 0, 4 * MIB, 1, "fsync + sync of a new 4 MiB file");
	write_pat(fd, 2, 1 * MIB, MIB);
	w0 = vmstat("nr_written");
	ok_sys(sfr(fd, 1 * MIB, MIB, 7), "sync_file_range(WAIT_BEFORE|WRITE|WAIT_AFTER) of 1 MiB");
	check_disk(f, 1 * MIB, MIB, 2, "after sync_file_range WRITE|WAIT_AFTER");
	ok(vmstat("nr_written") - w0 >= 256 - VMSTAT_SLACK,
	   "nr_written grew by the 256 pages, give or take per-CPU batching (%+lld)",
	   vmstat("nr_written") - w0);

	write_pat(fd, 3, 2 * MIB, MIB);
	ok_sys(sfr(fd, 2 * MIB, MIB, 2), "sync_file_range(WRITE): start writeback, no wait");
	ok_sys(sfr(fd, 2 * MIB, MIB, 4), "sync_file_range(WAIT_AFTER): wait for it");
	check_disk(f, 2 * MIB, MIB, 3, "after WRITE then WAIT_AFTER");

	/* a page-granular subrange inside, not touching the rest */
	write_pat(fd, 4, 3 * MIB, MIB);
	ok_sys(sfr(fd, 3 * MIB + 8192, 16384, 6), "sync_file_range(WRITE|WAIT_AFTER) of 16 KiB");
	check_disk(f, 3 * MIB + 8192, 16384, 4, "the 16 KiB subrange");
	ok_sys(fsync(fd), "fsync the rest");
	check_disk(f, 3 * MIB, MIB, 4, "fsync after a partial sync_file_range");
	close(fd);
}

static void test_fsync_data(void)
{
	const char *f = P("fsync");
	int fd = laid_out(f, 2 * MIB, 5);

	write_pat(fd, 6, 0, MIB);
	ok_sys(fsync(fd), "fsync after a 1 MiB overwrite");
	check_disk(f, 0, MIB, 6, "after fsync");
	write_pat(fd, 7, MIB, MIB);
	ok_sys(fdatasync(fd), "fdatasync after a 1 MiB overwrite");
	check_disk(f, MIB, MIB, 7, "after fdatasync");
	/* appending needs the new block map on the medium too */
	write_pat(fd, 8, 2 * MIB, MIB);
	ok_sys(fdatasync(fd), "fdatasync after a 1 MiB append");
	check_disk(f, 2 * MIB, MIB, 8, "appended data and its block map after fdatasync");
	write_pat(fd, 9, 0, 3 * MIB);
	ok_sys(syncfs(fd), "syncfs after a 3 MiB overwrite");
	check_disk(f, 0, 3 * MIB, 9, "after syncfs");
	close(fd);
}

/* Write 4 MiB to a new or existing file through flags, 1 MiB a call. */
static void sync_writes(const char *name, int flags, uint64_t seed, int fresh)
{
	const char *f = P("%s", name);
	long long d0, d1;
	int fd, i, out = 0;

	if (fresh)
		fd = open(f, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | flags, 0644);
	else
		close(laid_out(f, 4 * MIB, seed + 100)), fd = open(f, O_WRONLY | O_CLOEXEC | flags);
	if (fd < 0)
		bail_out("open %s: %s", f, strerror(errno));
	d0 = vmstat("nr_dirty");
	for (i = 0; i < 4; i++) {
		if (write_pat(fd, seed, i * MIB, MIB))
			break;
		/* every chunk is on the medium as soon as write() returns */
		if (on_disk && ondisk_check(f, i * MIB, MIB, seed) == 0)
			out++;
	}
	d1 = vmstat("nr_dirty");
	ok_eq(i, 4, "%s: four 1 MiB writes", name);
	if (on_disk)
		ok_eq(out, 4, "%s: each 1 MiB was on the medium when write() returned", name);
	else
		skip("%s: no raw device to check the medium", name);
	ok(d1 - d0 < 512, "%s: nr_dirty did not grow by the 1024 pages written (%+lld)", name,
	   d1 - d0);
	close(fd);
}

static void test_sync_flags(void)
{
	sync_writes("dsync-new", O_DSYNC, 11, 1);
	sync_writes("sync-new", O_SYNC, 12, 1);
	sync_writes("dsync-over", O_DSYNC, 13, 0);
	sync_writes("sync-over", O_SYNC, 14, 0);
}

int main(int argc, char **argv)
{
	if (fst_setup(argc, argv, "wb-integrity"))
		return tap_finish();
	on_disk = wb_disk_setup() == 0;
	RUN(test_fsync_args);
	RUN(test_sfr_args);
	RUN(test_sfr_data);
	RUN(test_fsync_data);
	RUN(test_sync_flags);
	fst_cleanup();
	return tap_finish();
}
