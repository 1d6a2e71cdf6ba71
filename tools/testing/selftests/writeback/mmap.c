// SPDX-License-Identifier: GPL-2.0-only
/*
 * mmap.c - stores through shared file mappings reach the disk: msync
 * (MS_SYNC), fsync of the file, munmap + fsync, and writeback of a hole
 * filled through a mapping, each checked on the medium itself (the file's
 * blocks read from the raw device with O_DIRECT, wbtest.h).  After a
 * write-out the mapping is write-protected again, so the next store to a
 * page faults exactly once (ru_minflt) and dirties the page anew; a store
 * to a page already dirty does not fault.  Truncation unmaps the pages
 * past the new end: touching them raises SIGBUS.  msync's argument
 * errors are compared with Linux's.  A page read in from the disk through
 * a mapping counts as a major fault (ru_majflt), in the process and in the
 * rusage its parent's wait4() collects; one found in the page cache as a
 * minor fault (what /usr/bin/time prints for a build).
 *
 * Usage: writeback/mmap [DIR]   (DIR or $FSTEST_DIR: the mounted fs;
 * $FSTEST_DEV: its device, ext2 with 4 KiB blocks, for the on-disk checks)
 * Single-threaded; no locking.
 */
#include "tap.h"
#include "util.h"
#include "storage/fstest.h"
#include "writeback/wbtest.h"

#include <sys/mman.h>
#include <sys/resource.h>

#define PG 4096UL

/* A file of len bytes of seed on the medium, opened read-write. */
static int laid_out(const char *path, size_t len, uint64_t seed)
{
	unsigned char *buf = abuf(len);
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

	pat_fill(buf, seed, 0, len);
	if (fd < 0 || pwrite(fd, buf, len, 0) != (ssize_t)len || fsync(fd))
		bail_out("laying out %s: %s", path, strerror(errno));
	free(buf);
	return fd;
}

/* A read-write mapping of fd's first len bytes; flags: MAP_SHARED or MAP_PRIVATE. */
static unsigned char *map_rw(int fd, size_t len, int flags)
{
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, flags, fd, 0);

	if (p == MAP_FAILED)
		bail_out("mmap: %s", strerror(errno));
	return p;
}

static long minflt(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_minflt;
}

static long majflt(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_majflt;
}

/* Read one byte of fd's page pg through a fresh read-only shared mapping. */
static unsigned char touch_page(int fd, size_t len, size_t pg)
{
	unsigned char *m = mmap(NULL, len, PROT_READ, MAP_SHARED, fd, 0);
	unsigned char c;

	if (m == MAP_FAILED)
		bail_out("mmap: %s", strerror(errno));
	c = *(volatile unsigned char *)(m + pg * PG + 3);
	munmap(m, len);
	return c;
}

static void test_major_fault(void)
{
	int fd = laid_out(P("major"), 16 * PG, 8);
	struct rusage ru;
	int status;
	long j0, n0, dj, dn;
	unsigned char c;
	pid_t pid;

	/* laid_out() synced the file: its pages are clean and may go */
	ok_sys(posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED) ? -1 : 0,
	       "POSIX_FADV_DONTNEED drops the file's cached pages");
	pid = fork();
	if (pid == 0) {
		long before = majflt();
		unsigned char c = touch_page(fd, 16 * PG, 5);

		_exit(c == pat_byte(8, 5 * PG + 3) && majflt() - before >= 1 ? 0 : 1);
	}
	if (pid < 0 || wait4(pid, &status, 0, &ru) != pid)
		bail_out("fork/wait4: %s", strerror(errno));
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	   "a page read from the disk through a mapping is a major fault, and reads right");
	ok(ru.ru_majflt >= 1, "wait4() hands the child's major faults to the parent: %ld",
	   ru.ru_majflt);
	j0 = majflt();
	n0 = minflt();
	c = touch_page(fd, 16 * PG, 5);
	dj = majflt() - j0;
	dn = minflt() - n0;
	ok(c == pat_byte(8, 5 * PG + 3) && dj == 0 && dn >= 1,
	   "the same page, now cached: %ld minor fault(s), %ld major", dn, dj);
	close(fd);
}

static void test_msync_args(void)
{
	int fd = laid_out(P("args"), 4 * PG, 1);
	unsigned char *m = map_rw(fd, 4 * PG, MAP_SHARED);

	ok_errno(msync(m + 1, PG, MS_SYNC), EINVAL, "msync of an unaligned address: EINVAL");
	ok_errno(msync(m, PG, MS_SYNC | MS_ASYNC), EINVAL, "MS_SYNC|MS_ASYNC: EINVAL");
	ok_errno(msync(m, PG, 8), EINVAL, "msync with an unknown flag: EINVAL");
	ok_sys(msync(m, 0, MS_SYNC), "msync of 0 bytes");
	ok_sys(msync(m, 4 * PG, MS_ASYNC), "MS_ASYNC of the mapping");
	ok_sys(msync(m, 4 * PG, MS_INVALIDATE), "MS_INVALIDATE of the mapping");
	ok_sys(msync(m, 3, MS_SYNC), "MS_SYNC of 3 bytes (the page is meant)");
	munmap(m + 2 * PG, PG);
	ok_errno(msync(m, 4 * PG, MS_SYNC), ENOMEM, "MS_SYNC over an unmapped page: ENOMEM");
	munmap(m, 4 * PG);
	close(fd);
}

static void test_msync_data(void)
{
	const char *f = P("msync");
	int fd = laid_out(f, MIB, 2);
	unsigned char *m = map_rw(fd, MIB, MAP_SHARED);
	long long d0 = vmstat("nr_dirty");

	pat_fill(m, 3, 0, 256 * 1024);
	ok(vmstat("nr_dirty") - d0 >= 64 - VMSTAT_SLACK,
	   "stores to 64 pages made them dirty in the page cache (nr_dirty %+lld)",
	   vmstat("nr_dirty") - d0);
	ok_sys(msync(m, 256 * 1024, MS_SYNC), "msync(MS_SYNC) of 256 KiB stored through the mapping");
	check_disk(f, 0, 256 * 1024, 3, "after msync");
	check_disk(f, 256 * 1024, MIB - 256 * 1024, 2, "the rest, untouched");

	/* Stores, then fsync of the file: the same pages, through the file. */
	pat_fill(m + 512 * 1024, 4, 512 * 1024, 128 * 1024);
	ok_sys(fsync(fd), "fsync after stores through the mapping");
	check_disk(f, 512 * 1024, 128 * 1024, 4, "after fsync");
	munmap(m, MIB);
	close(fd);
}

static void test_refault(void)
{
	const char *f = P("refault");
	int fd = laid_out(f, 4 * PG, 5);
	unsigned char *m = map_rw(fd, 4 * PG, MAP_SHARED);
	long f0, f1, f2;

	pat_fill(m, 6, 0, PG);
	ok_sys(msync(m, 4 * PG, MS_SYNC), "msync a stored page");
	f0 = minflt();
	m[10] = 0x5a;
	f1 = minflt();
	m[20] = 0xa5;
	f2 = minflt();
	ok(f1 - f0 == 1, "the first store after msync faults once (write-protected again): %ld",
	   f1 - f0);
	ok(f2 - f1 == 0, "a second store to the now dirty page does not fault: %ld", f2 - f1);
	/* that store is written by the next msync, not lost */
	pat_fill(m, 7, 0, PG);
	ok_sys(msync(m, PG, MS_SYNC), "msync after the re-dirtying stores");
	check_disk(f, 0, PG, 7, "stores made after an earlier msync");
	munmap(m, 4 * PG);
	close(fd);
}

static void test_munmap_then_fsync(void)
{
	const char *f = P("unmapped");
	int fd = laid_out(f, 64 * PG, 8);
	unsigned char *m = map_rw(fd, 64 * PG, MAP_SHARED);

	pat_fill(m, 9, 0, 64 * PG);
	ok_sys(munmap(m, 64 * PG), "munmap without msync");
	ok_sys(fsync(fd), "fsync after the mapping is gone");
	check_disk(f, 0, 64 * PG, 9, "stores through a mapping unmapped before fsync");
	close(fd);

	/* a private mapping's stores stay private */
	fd = open(f, O_RDWR | O_CLOEXEC);
	m = map_rw(fd, 4 * PG, MAP_PRIVATE);
	memset(m, 0x11, 4 * PG);
	munmap(m, 4 * PG);
	ok_sys(fsync(fd), "fsync after stores to a private mapping");
	check_disk(f, 0, 4 * PG, 9, "a private mapping's stores never reach the file");
	close(fd);
}

static void test_hole(void)
{
	const char *f = P("hole");
	int fd = open(f, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	unsigned char *m;

	if (fd < 0 || ftruncate(fd, 256 * PG))
		bail_out("sparse %s: %s", f, strerror(errno));
	m = map_rw(fd, 256 * PG, MAP_SHARED);
	ok(all_zero(m + 100 * PG, PG), "a hole reads as zeros through the mapping");
	pat_fill(m + 100 * PG, 10, 100 * PG, 16 * PG);
	ok_sys(msync(m + 100 * PG, 16 * PG, MS_SYNC), "msync of stores into a hole");
	check_disk(f, 100 * PG, 16 * PG, 10, "blocks allocated for the hole and written");
	munmap(m, 256 * PG);
	close(fd);
}

static void test_truncate(void)
{
	const char *f = P("trunc");
	int fd = laid_out(f, 4 * PG, 11);
	unsigned char *m = map_rw(fd, 4 * PG, MAP_SHARED);
	int sig;

	ok(probe_access(m + 3 * PG, 0) == 0, "the last page is readable");
	ok_sys(ftruncate(fd, PG + 100), "ftruncate to one page and 100 bytes");
	ok(probe_access(m + PG, 0) == 0, "the page holding the new end stays mapped");
	ok(all_zero(m + PG + 100, PG - 100), "its bytes past the new end read as zeros");
	sig = probe_access(m + 3 * PG, 0);
	ok(sig == SIGBUS, "a page past the new end: %s", sig ? signame(sig) : "no signal");
	sig = probe_access(m + 2 * PG, 1);
	ok(sig == SIGBUS, "a store past the new end: %s", sig ? signame(sig) : "no signal");
	ok_sys(ftruncate(fd, 4 * PG), "ftruncate back to four pages");
	ok(probe_access(m + 3 * PG, 0) == 0 && all_zero(m + 2 * PG, 2 * PG),
	   "the pages are back, and read as zeros");
	munmap(m, 4 * PG);
	close(fd);
}

int main(int argc, char **argv)
{
	if (fst_setup(argc, argv, "wb-mmap"))
		return tap_finish();
	wb_disk_setup();	/* without a device the on-disk checks skip */
	RUN(test_msync_args);
	RUN(test_msync_data);
	RUN(test_refault);
	RUN(test_munmap_then_fsync);
	RUN(test_hole);
	RUN(test_truncate);
	RUN(test_major_fault);
	fst_cleanup();
	return tap_finish();
}
