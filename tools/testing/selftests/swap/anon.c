// SPDX-License-Identifier: GPL-2.0-only
/*
 * anon - anonymous memory through swap: with swap on (the caller's
 * swapon; this program only uses it), every page of a process bigger than
 * RAM reads back as written (also in random page order, without reading
 * much more than it from swap); pages swapped out and then shared by forked
 * children read back in each of them, and a child's write after swap-in
 * copies the page and leaves the parent's alone; mlockall()ed memory is
 * never swapped; swapoff(2) while a process keeps using its swapped
 * memory brings everything back intact.
 *
 * tmpfs and shared anonymous memory are swap-backed too: a tmpfs file
 * bigger than RAM reads back intact and gives its swap back when
 * truncated; swapoff brings a tmpfs file's pages back from swap; a
 * MAP_SHARED|MAP_ANONYMOUS region bigger than RAM written by a child
 * reads back in the parent, and the other way round.
 *
 * Usage: swap/anon SWAPDEV [TEST...]   (root; SWAPDEV is the active swap
 * area, swapped off and on again by the swapoff tests; TESTs: big, random,
 * fork, mlock, swapoff, tmpfs, tmpfs-swapoff, shared - default all)
 *
 * The sizes follow the guest's RAM (sysinfo()): the big toucher uses
 * twice RAM, so the guest needs at least that much swap.  Every page
 * holds a pattern of its index and a generation number, so a page that
 * came back from the wrong slot, or a zero page, is caught.
 */
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/swap.h>
#include <sys/sysinfo.h>
#include <sys/wait.h>
#include <stdint.h>

#include "tap.h"
#include "util.h"
#include "swap/pattern.h"

#define MiB (1024UL * 1024)

static unsigned long ram_bytes;


/*
 * Pages (of 512 words) of words [from, to) in which some word is not what
 * gen wrote; the first bad page in *first.
 */
static long check_range(const uint64_t *p, size_t from, size_t to, unsigned int gen, long *first)
{
	long bad = 0;

	*first = -1;
	for (size_t pg = from / 512; pg * 512 < to; pg++) {
		size_t end = (pg + 1) * 512 < to ? (pg + 1) * 512 : to;

		for (size_t i = pg * 512 > from ? pg * 512 : from; i < end; i++) {
			if (p[i] != pattern(i, gen)) {
				if (*first < 0)
					*first = pg;
				bad++;
				break;
			}
		}
	}
	return bad;
}

static long check(const uint64_t *p, size_t words, unsigned int gen, long *first)
{
	return check_range(p, 0, words, gen, first);
}

static uint64_t *map_anon(size_t bytes)
{
	void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

/*
 * Touch bytes of memory in a child and exit: pushes others' pages out.
 * A test point: the child must have done it (not died, not failed to map).
 */
static void push_out(size_t bytes)
{
	long out0 = vmstat("pswpout");
	pid_t pid;
	int st;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		uint64_t *p = map_anon(bytes);

		if (!p)
			_exit(1);
		pattern_fill(p, bytes / 8, 3);
		_exit(0);
	}
	st = wait_status(pid);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "a %lu MiB process ran to push others out (pswpout +%ld)", bytes / MiB,
	   vmstat("pswpout") - out0);
	if (!WIFEXITED(st) || WEXITSTATUS(st))
		diag("  status %#x", st);
}

static void test_bigger_than_ram(void)
{
	size_t bytes = 2 * ram_bytes, words = bytes / 8;
	long out0 = vmstat("pswpout"), in0 = vmstat("pswpin"), bad, first;
	uint64_t *p = map_anon(bytes);

	if (!p) {
		ok(0, "mmap of twice RAM (%lu MiB): %s", bytes / MiB, strerror(errno));
		return;
	}
	pattern_fill(p, words, 1);
	bad = check(p, words, 1, &first);
	ok(!bad, "%lu MiB of anonymous memory (twice RAM) reads back intact", bytes / MiB);
	if (bad)
		diag("  %ld bad pages, the first at page %ld", bad, first);
	ok(vmstat("pswpout") - out0 >= (long)((bytes - ram_bytes) / 4096 / 2) &&
	   vmstat("pswpin") > in0,
	   "pages went out to swap and came back (pswpout +%ld, pswpin +%ld)",
	   vmstat("pswpout") - out0, vmstat("pswpin") - in0);
	munmap(p, bytes);
}

/*
 * Pages read back in random order must not drag their neighbours in with
 * each of them: swap-in read-ahead that reads a cluster around every
 * fault would read the region several times over.  One word per page is
 * read, the pages in a fixed pseudo-random order; the pages read from swap
 * may not exceed the region's.
 */
static void test_random_readahead(void)
{
	size_t bytes = ram_bytes + ram_bytes / 2, pages = bytes / 4096, bad = 0;
	size_t *order = malloc(pages * sizeof(*order));
	uint64_t *p = map_anon(bytes), seed = 0x2545f4914f6cdd1dULL;
	long in0, ra0;

	if (!p || !order) {
		ok(0, "mmap of 1.5 x RAM (%lu MiB): %s", bytes / MiB, strerror(errno));
		goto out;
	}
	pattern_fill(p, bytes / 8, 4);
	for (size_t i = 0; i < pages; i++)
		order[i] = i;
	for (size_t i = pages - 1; i > 0; i--) {
		size_t j, t;

		seed ^= seed << 13;
		seed ^= seed >> 7;
		seed ^= seed << 17;
		j = seed % (i + 1);
		t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
	in0 = vmstat("pswpin");
	ra0 = vmstat("swap_ra");
	for (size_t i = 0; i < pages; i++) {
		size_t w = order[i] * 512 + order[i] % 512;

		bad += p[w] != pattern(w, 4);
	}
	ok(!bad, "%lu MiB read back in random page order (%zu bad pages)", bytes / MiB, bad);
	ok(vmstat("pswpin") - in0 <= (long)pages,
	   "random-order faults read at most the region from swap (pswpin +%ld for %zu pages, swap_ra +%ld)",
	   vmstat("pswpin") - in0, pages, vmstat("swap_ra") - ra0);
out:
	if (p)
		munmap(p, bytes);
	free(order);
}

/*
 * A region pushed out to swap, then shared by two children: each reads
 * it all back; one writes half of it (copy on write after swap-in); the
 * parent's copy must not change.
 */
static void test_fork_shares_swap(void)
{
	size_t bytes = ram_bytes / 2, words = bytes / 8;
	uint64_t *p = map_anon(bytes);
	long bad, first;
	pid_t kids[2];
	int st;

	if (!p) {
		ok(0, "mmap %lu MiB: %s", bytes / MiB, strerror(errno));
		return;
	}
	pattern_fill(p, words, 1);
	push_out(ram_bytes + ram_bytes / 2);
	ok(status_kb("VmSwap") > 0, "the region was pushed to swap (VmSwap %ld kB)",
	   status_kb("VmSwap"));
	for (int k = 0; k < 2; k++) {
		fflush(stdout);
		kids[k] = fork();
		if (kids[k] == 0) {
			long b = check(p, words, 1, &first);

			if (k == 1) {
				pattern_fill(p, words / 2, 9);
				b += check(p, words / 2, 9, &first);
			}
			_exit(b ? 1 : 0);
		}
	}
	for (int k = 0; k < 2; k++) {
		st = wait_status(kids[k]);
		ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
		   "child %d reads the swapped pages it shares%s", k + 1,
		   k ? " and writes half of them" : "");
	}
	bad = check(p, words, 1, &first);
	ok(!bad, "the parent's pages are untouched by the child's copy-on-write");
	if (bad)
		diag("  %ld bad pages, the first at page %ld", bad, first);
	munmap(p, bytes);
}

/* mlockall()ed memory stays in RAM however hard others push. */
static void test_mlock_not_swapped(void)
{
	int ready[2], go[2], st;
	char path[64], buf[4096], *line, c;
	long vmswap = -1;
	pid_t pid;

	if (pipe(ready) || pipe(go)) {
		ok(0, "pipe: %s", strerror(errno));
		return;
	}
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		size_t words = 16 * MiB / 8;
		uint64_t *p = map_anon(16 * MiB);
		long first;

		if (!p || mlockall(MCL_CURRENT | MCL_FUTURE))
			_exit(2);
		pattern_fill(p, words, 4);
		if (write(ready[1], "r", 1) != 1 || read(go[0], &c, 1) != 1)
			_exit(3);
		_exit(check(p, words, 4, &first) ? 1 : 0);
	}
	if (read(ready[0], &c, 1) != 1) {
		ok(0, "the mlocking child did not start");
		kill(pid, SIGKILL);
		wait_status(pid);
		return;
	}
	push_out(ram_bytes + ram_bytes / 2);
	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	if (read_text(path, buf, sizeof(buf)) > 0 && (line = strstr(buf, "VmSwap:")))
		vmswap = strtol(line + 7, NULL, 10);
	ok(vmswap == 0, "a process under mlockall() has nothing in swap after pressure (VmSwap %ld kB)",
	   vmswap);
	write(go[1], "g", 1);
	st = wait_status(pid);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "its locked memory reads back intact");
	close(ready[0]);
	close(ready[1]);
	close(go[0]);
	close(go[1]);
}

/* After a swapoff: no swap may be left; then dev goes on again. */
static void swap_gone_and_back(const char *dev)
{
	struct sysinfo si;
	int err;

	if (sysinfo(&si))
		si.totalswap = ~0UL;
	ok(si.totalswap == 0, "no swap is left after swapoff (totalswap %lu)",
	   (unsigned long)si.totalswap);
	err = swapon(dev, 0) ? errno : 0;
	ok(!err, "swapon %s again", dev);
}

/*
 * swapoff while a process keeps reading and writing memory that is in
 * swap.  The region and the child's copy of half of it must fit in RAM
 * once swap is gone (Linux's own kernel leaves less of a small guest's
 * RAM free than ours), hence a fifth of RAM.
 */
static void test_swapoff_under_load(const char *dev)
{
	size_t bytes = ram_bytes / 5, words = bytes / 8;
	uint64_t *p = map_anon(bytes);
	long first, bad;
	int st, err;
	pid_t user;

	if (!p) {
		ok(0, "mmap %lu MiB: %s", bytes / MiB, strerror(errno));
		return;
	}
	pattern_fill(p, words, 5);
	push_out(ram_bytes + ram_bytes / 2);
	ok(status_kb("VmSwap") > 0, "the region was pushed to swap (VmSwap %ld kB)",
	   status_kb("VmSwap"));
	/* The child shares the region and rewrites it, gen 5 -> 6, while we swap off. */
	fflush(stdout);
	user = fork();
	if (user == 0) {
		size_t half = words / 2;

		for (int round = 0; round < 3; round++) {
			if (check(p, half, round ? 6 : 5, &first) ||
			    check_range(p, half, words, 5, &first))
				_exit(1);
			pattern_fill(p, half, 6);
		}
		_exit(check(p, half, 6, &first) ? 1 : 0);
	}
	err = swapoff(dev) ? errno : 0;
	ok(!err, "swapoff %s while a process uses its swapped memory", dev);
	if (err)
		diag("  swapoff: %s", strerror(err));
	st = wait_status(user);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "the child read it back and rewrote half of it across the swapoff");
	bad = check(p, words, 5, &first);
	ok(!bad, "the parent's copy reads back intact after swapoff");
	if (bad)
		diag("  %ld bad pages, the first at page %ld", bad, first);
	swap_gone_and_back(dev);
	munmap(p, bytes);
}

/* ------------------------------------------------------------ tmpfs */

#define TMPFS_DIR "/tmp/anon-tmpfs"

static unsigned long free_swap_kb(void)
{
	struct sysinfo si;

	if (sysinfo(&si))
		return 0;
	return (unsigned long)si.freeswap * si.mem_unit / 1024;
}

/* A fresh tmpfs of size_mb MiB at TMPFS_DIR: 0, or -1 (a failed test point). */
static int tmpfs_mount(unsigned long size_mb)
{
	char opts[64];

	mkdir("/tmp", 01777);
	mkdir(TMPFS_DIR, 0755);
	snprintf(opts, sizeof(opts), "size=%lum", size_mb);
	if (mount("tmpfs", TMPFS_DIR, "tmpfs", 0, opts)) {
		ok(0, "mount -t tmpfs -o %s %s: %s", opts, TMPFS_DIR, strerror(errno));
		return -1;
	}
	return 0;
}

/* Write bytes of generation gen to fd from offset 0: 0 or an errno. */
static int tmpfs_write(int fd, size_t bytes, unsigned int gen)
{
	static uint64_t buf[MiB / 8];

	for (size_t off = 0; off < bytes; off += sizeof(buf)) {
		for (size_t i = 0; i < MiB / 8; i++)
			buf[i] = pattern(off / 8 + i, gen);
		if (pwrite(fd, buf, sizeof(buf), off) != (ssize_t)sizeof(buf))
			return errno ? errno : EIO;
	}
	return 0;
}

/* Pages of fd that do not read back as gen wrote them (-1 on a read error). */
static long tmpfs_check(int fd, size_t bytes, unsigned int gen, long *first)
{
	static uint64_t buf[MiB / 8];
	long bad = 0;

	*first = -1;
	for (size_t off = 0; off < bytes; off += sizeof(buf)) {
		if (pread(fd, buf, sizeof(buf), off) != (ssize_t)sizeof(buf))
			return -1;
		for (size_t pg = 0; pg < MiB / 4096; pg++) {
			for (size_t i = pg * 512; i < (pg + 1) * 512; i++) {
				if (buf[i] != pattern(off / 8 + i, gen)) {
					if (*first < 0)
						*first = (off / 4096) + pg;
					bad++;
					break;
				}
			}
		}
	}
	return bad;
}

/*
 * A fresh tmpfs with room for bytes, and on it the file TMPFS_DIR/name
 * holding bytes of generation gen: its descriptor (a passed test point),
 * or -1 (a failed one; nothing left mounted).
 */
static int tmpfs_file(const char *name, size_t bytes, unsigned int gen)
{
	char path[128];
	int fd, err;

	if (tmpfs_mount(bytes / MiB + 16))
		return -1;
	snprintf(path, sizeof(path), "%s/%s", TMPFS_DIR, name);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	err = fd < 0 ? errno : tmpfs_write(fd, bytes, gen);
	ok(!err, "%lu MiB written to a file on tmpfs (%lu MiB of RAM)", bytes / MiB,
	   ram_bytes / MiB);
	if (!err)
		return fd;
	diag("  %s: %s", path, strerror(err));
	if (fd >= 0)
		close(fd);
	umount(TMPFS_DIR);
	return -1;
}

/* Close, unlink and unmount what tmpfs_file() made. */
static void tmpfs_done(int fd, const char *name)
{
	char path[128];

	snprintf(path, sizeof(path), "%s/%s", TMPFS_DIR, name);
	close(fd);
	unlink(path);
	umount(TMPFS_DIR);
}

/*
 * A tmpfs file of 1.5 x RAM: written, read back intact (it can only
 * have been in swap), then truncated: its slots come back.
 */
static void test_tmpfs_bigger_than_ram(void)
{
	size_t bytes = (ram_bytes + ram_bytes / 2) & ~(MiB - 1);
	unsigned long free0 = free_swap_kb(), free1, free2 = 0, free_pre;
	long out0 = vmstat("pswpout"), in0 = vmstat("pswpin"), bad, first, shmem_pre, in_swap;
	int fd = tmpfs_file("big", bytes, 7);

	if (fd < 0)
		return;
	free1 = free_swap_kb();
	bad = tmpfs_check(fd, bytes, 7, &first);
	ok(!bad, "the tmpfs file reads back intact");
	if (bad)
		diag("  %ld bad pages, the first at page %ld", bad, first);
	ok(vmstat("pswpout") - out0 >= (long)((bytes - ram_bytes) / 4096 / 2) &&
	   vmstat("pswpin") > in0 && free1 + (bytes - ram_bytes) / 1024 / 2 < free0,
	   "its pages went out to swap and came back (pswpout +%ld, pswpin +%ld, SwapFree %lu -> %lu kB)",
	   vmstat("pswpout") - out0, vmstat("pswpin") - in0, free0, free1);
	/*
	 * What the file has in swap: its size less its resident pages (Shmem
	 * drops by those at the truncate).  Other processes' pages may have
	 * gone to swap meanwhile; the file's slots must all come back.
	 */
	shmem_pre = meminfo_kb("Shmem");
	free_pre = free_swap_kb();
	if (ftruncate(fd, 0))
		ok(0, "ftruncate: %s", strerror(errno));
	in_swap = (long)(bytes / 1024) - (shmem_pre - meminfo_kb("Shmem"));
	/* Slots still held by pages under writeback are freed soon after. */
	for (int i = 0; i < 50; i++) {
		free2 = free_swap_kb();
		if ((long)(free2 - free_pre) + 4096 >= in_swap)
			break;
		usleep(100000);
	}
	ok((long)(free2 - free_pre) + 4096 >= in_swap,
	   "truncating it gives its swap back (%ld kB in swap; SwapFree %lu -> %lu kB)", in_swap,
	   free_pre, free2);
	tmpfs_done(fd, "big");
}

/* swapoff with a tmpfs file's pages in swap brings them back. */
static void test_tmpfs_swapoff(const char *dev)
{
	size_t bytes = (ram_bytes / 5) & ~(MiB - 1);
	long shmem0, shmem1, bad, first;
	int fd = tmpfs_file("kept", bytes, 8), err;

	if (fd < 0)
		return;
	shmem0 = meminfo_kb("Shmem");
	push_out(ram_bytes + ram_bytes / 2);
	shmem1 = meminfo_kb("Shmem");
	ok(shmem1 < shmem0, "some of it went to swap (Shmem %ld -> %ld kB)", shmem0, shmem1);
	err = swapoff(dev) ? errno : 0;
	ok(!err, "swapoff %s with tmpfs pages in swap", dev);
	if (err)
		diag("  swapoff: %s", strerror(err));
	bad = tmpfs_check(fd, bytes, 8, &first);
	ok(!bad, "the tmpfs file reads back intact after swapoff");
	if (bad)
		diag("  %ld bad pages, the first at page %ld", bad, first);
	swap_gone_and_back(dev);
	tmpfs_done(fd, "kept");
}

/* ------------------------------------------------------------ shared anonymous */

/* Fork a child that checks (or, with write, fills) p with gen; its exit status. */
static int child_on(uint64_t *p, size_t words, unsigned int gen, int write)
{
	long first;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		if (write)
			pattern_fill(p, words, gen);
		_exit(check(p, words, gen, &first) ? 1 : 0);
	}
	return wait_status(pid);
}

/*
 * A MAP_SHARED|MAP_ANONYMOUS region of 1.2 x RAM: a child writes it all
 * (so most of it goes to swap) and the parent reads it back; then the
 * parent writes it and a second child reads it back.
 */
static void test_shared_anon(void)
{
	size_t bytes = (ram_bytes + ram_bytes / 5) & ~(MiB - 1), words = bytes / 8;
	long out0 = vmstat("pswpout"), in0 = vmstat("pswpin"), bad, first;
	uint64_t *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	int st;

	if (p == MAP_FAILED) {
		ok(0, "mmap MAP_SHARED|MAP_ANONYMOUS %lu MiB: %s", bytes / MiB, strerror(errno));
		return;
	}
	st = child_on(p, words, 10, 1);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "a child wrote %lu MiB (1.2 x RAM) of shared anonymous memory", bytes / MiB);
	bad = check(p, words, 10, &first);
	ok(!bad, "the parent reads the child's writes back intact");
	if (bad)
		diag("  %ld bad pages, the first at page %ld", bad, first);
	pattern_fill(p, words, 11);
	st = child_on(p, words, 11, 0);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "a second child reads the parent's writes back intact");
	ok(vmstat("pswpout") - out0 >= (long)((bytes - ram_bytes) / 4096) &&
	   vmstat("pswpin") > in0,
	   "shared pages went out to swap and came back (pswpout +%ld, pswpin +%ld)",
	   vmstat("pswpout") - out0, vmstat("pswpin") - in0);
	munmap(p, bytes);
}

static int argc_all;
static char **argv_all;

/* Was test name asked for (or no names given)? */
static int wanted(const char *name)
{
	if (argc_all <= 2)
		return 1;
	for (int i = 2; i < argc_all; i++)
		if (!strcmp(argv_all[i], name))
			return 1;
	return 0;
}

int main(int argc, char **argv)
{
	struct sysinfo si;

	argc_all = argc;
	argv_all = argv;
	if (argc < 2)
		bail_out("usage: anon SWAPDEV [big|fork|mlock|swapoff...]");
	if (getuid())
		bail_out("must run as root");
	if (sysinfo(&si))
		bail_out("sysinfo: %s", strerror(errno));
	ram_bytes = (unsigned long)si.totalram * si.mem_unit;
	if ((unsigned long)si.totalswap * si.mem_unit < 2 * ram_bytes + 16 * MiB)
		bail_out("needs swap of twice RAM (RAM %lu MiB, swap %lu MiB)", ram_bytes / MiB,
			 (unsigned long)si.totalswap * si.mem_unit / MiB);
	diag("RAM %lu MiB, swap %lu MiB on %s", ram_bytes / MiB,
	     (unsigned long)si.totalswap * si.mem_unit / MiB, argv[1]);
	if (wanted("big"))
		test_bigger_than_ram();
	if (wanted("random"))
		test_random_readahead();
	if (wanted("fork"))
		test_fork_shares_swap();
	if (wanted("mlock"))
		test_mlock_not_swapped();
	if (wanted("swapoff"))
		test_swapoff_under_load(argv[1]);
	if (wanted("tmpfs"))
		test_tmpfs_bigger_than_ram();
	if (wanted("tmpfs-swapoff"))
		test_tmpfs_swapoff(argv[1]);
	if (wanted("shared"))
		test_shared_anon();
	return tap_finish();
}
