// SPDX-License-Identifier: GPL-2.0-only
/*
 * swap.c - swap areas as swapon(2), swapoff(2), mkswap(8) and proc(5)
 * describe them: swap files on ext2 and a swap partition, /proc/swaps,
 * SwapTotal/SwapFree in /proc/meminfo and sysinfo(2), priorities (given
 * with SWAP_FLAG_PREFER, or -2, -3, ... in swapon order, moving up when
 * an area before them goes), the errors (EINVAL for what is not a usable
 * swap area, EBUSY, EPERM, ETXTBSY for writers of an active swap file or
 * device, EPERM for unlink/rename of an active swap file), and busybox
 * mkswap, swapon, swapoff and free as typed (Debian's busybox swapon has
 * no -p).
 *
 * Usage: swap/swap   (root; $SWAPTEST_DIR: a directory on a mounted ext2
 * file system; $SWAPTEST_DEV: a spare disk (vdb) for the partition tests;
 * $SWAPTEST_MOUNTED: the disk mounted at $SWAPTEST_DIR (vda).  Without
 * $SWAPTEST_DIR everything is skipped: swap files on tmpfs are refused by
 * Linux.)
 *
 * The swap headers are written here (the layout mkswap(8) writes: version
 * 1, last_page, nr_badpages, uuid, label, the bad-page list, "SWAPSPACE2"
 * in the last ten bytes of the first page) so that the damaged ones can be
 * made on purpose.  Every area is swapped off again at the end; the test
 * insists on starting with no swap at all.  Single-threaded.
 */
#include "tap.h"
#include "util.h"

#include <stdint.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/swap.h>
#include <sys/sysinfo.h>
#include <sys/syscall.h>

#ifndef SWAP_FLAG_DISCARD_ONCE
#define SWAP_FLAG_DISCARD_ONCE	0x20000
#endif
#ifndef SWAP_FLAG_DISCARD_PAGES
#define SWAP_FLAG_DISCARD_PAGES	0x40000
#endif

/* The version-1 header fields, at these byte offsets of page 0. */
#define HDR_VERSION	1024
#define HDR_LAST_PAGE	1028
#define HDR_NR_BAD	1032
#define HDR_UUID	1036
#define HDR_LABEL	1052
#define HDR_BADPAGES	1536
#define HDR_MAGIC	(PAGE_SIZE - 10)

static const char *dir;
/*
 * Block size of the file system under dir below a page: Linux then skips
 * the pages of a swap file whose blocks are not contiguous and aligned
 * on the disk, so sizes may come out a little below the header's.
 */
static int small_blocks;
static char dev[64];		/* /dev/vdb: the partition variant */
static char mounted[64];	/* /dev/vda: mounted, so never a swap area */

static void path_of(char *buf, size_t len, const char *name)
{
	snprintf(buf, len, "%s/%s", dir, name);
}

/* A file of pages zero pages, every block allocated (no holes). */
static int make_file(const char *path, unsigned long pages)
{
	static char zero[PAGE_SIZE];
	unsigned long i;
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	if (fd < 0)
		return -1;
	for (i = 0; i < pages; i++) {
		if (write(fd, zero, PAGE_SIZE) != (ssize_t)PAGE_SIZE) {
			close(fd);
			return -1;
		}
	}
	if (fsync(fd) || close(fd))
		return -1;
	return 0;
}

struct hdr {
	uint32_t version, last_page, nr_bad;
	const uint32_t *bad;
	const char *magic;
};

/* Write a header page with h's fields over the first page of path. */
static int write_header(const char *path, const struct hdr *h)
{
	unsigned char page[PAGE_SIZE];
	uint32_t i;
	int fd = open(path, O_WRONLY);

	if (fd < 0)
		return -1;
	memset(page, 0, sizeof(page));
	memcpy(page + HDR_VERSION, &h->version, 4);
	memcpy(page + HDR_LAST_PAGE, &h->last_page, 4);
	memcpy(page + HDR_NR_BAD, &h->nr_bad, 4);
	for (i = 0; i < 16; i++)
		page[HDR_UUID + i] = 0x11 * (i + 1);
	memcpy(page + HDR_LABEL, "swaptest", 8);
	for (i = 0; h->bad && i < h->nr_bad && HDR_BADPAGES + 4 * (i + 1) <= HDR_MAGIC; i++)
		memcpy(page + HDR_BADPAGES + 4 * i, &h->bad[i], 4);
	memcpy(page + HDR_MAGIC, h->magic, 10);
	if (pwrite(fd, page, PAGE_SIZE, 0) != (ssize_t)PAGE_SIZE || fsync(fd)) {
		close(fd);
		return -1;
	}
	return close(fd);
}

/* A good swap file of pages pages (usable: pages - 1). */
static int mkswap_file(const char *path, unsigned long pages)
{
	struct hdr h = { 1, pages - 1, 0, NULL, "SWAPSPACE2" };

	if (make_file(path, pages))
		return -1;
	return write_header(path, &h);
}

/* ------------------------------------------------------------ /proc */

struct swaps_line {
	char path[256];
	char type[16];
	long size, used;
	int prio;
};

/* Parse /proc/swaps; the number of areas, -1 if the header is wrong. */
static int read_swaps(struct swaps_line *l, int max)
{
	static const char header[] = "Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority\n";
	const char *text = file_text("/proc/swaps");
	const char *p;
	int n = 0;

	if (!text || strncmp(text, header, sizeof(header) - 1))
		return -1;
	p = strchr(text, '\n') + 1;
	while (*p && n < max) {
		if (sscanf(p, "%255s %15s %ld %ld %d", l[n].path, l[n].type, &l[n].size,
			   &l[n].used, &l[n].prio) != 5)
			return -1;
		n++;
		p = strchr(p, '\n');
		if (!p)
			break;
		p++;
	}
	return n;
}

/* The /proc/swaps line of path, or NULL. */
static struct swaps_line *find_swap(const char *path)
{
	static struct swaps_line l[8];
	int i, n = read_swaps(l, 8);

	for (i = 0; i < n; i++)
		if (!strcmp(l[i].path, path))
			return &l[i];
	return NULL;
}

static int nr_swaps(void)
{
	struct swaps_line l[8];

	return read_swaps(l, 8);
}

/* Sum of the sizes /proc/swaps shows, in KiB. */
static long swaps_total_kb(void)
{
	struct swaps_line l[8];
	int i, n = read_swaps(l, 8);
	long kb = 0;

	for (i = 0; i < n; i++)
		kb += l[i].size;
	return kb;
}

/*
 * Is got the right size for an area of want KiB (header pages less the
 * header and bad pages)?  Exact, but on file systems with blocks smaller
 * than a page up to an eighth may be missing (see small_blocks).
 */
static int size_ok(long got, long want)
{
	if (!small_blocks)
		return got == want;
	return got <= want && got >= want - want / 8;
}

/*
 * The exact text of one /proc/swaps line as Linux prints it: the path
 * padded to 40 columns (at least one blank), the type ("file" padded
 * with a tab), size and used in KiB each followed by one tab, or two
 * while shorter than 8 digits, then the priority.
 */
static void swaps_text(char *buf, size_t len, const char *path, const char *type, long size,
		       long used, int prio)
{
	int plen = (int)strlen(path);

	snprintf(buf, len, "%s%*s%s\t%ld\t%s%ld\t%s%d\n", path, plen < 40 ? 40 - plen : 1, "",
		 strcmp(type, "file") ? type : "file\t", size, size < 10000000 ? "\t" : "",
		 used, used < 10000000 ? "\t" : "", prio);
}

/* ------------------------------------------------------------ tests */

static void test_basic_file(void)
{
	char a[PATH_MAX], want[512];
	const unsigned long pages = 2048;	/* 8 MiB */
	long kb = (pages - 1) * 4;
	struct swaps_line *l;
	struct sysinfo si;
	const char *text;

	path_of(a, sizeof(a), "swap-a");
	if (!ok(!mkswap_file(a, pages), "an 8 MiB swap file with a version-1 header"))
		return;
	ok_eq(meminfo_kb("SwapTotal"), 0, "SwapTotal is 0 before swapon");
	if (!ok_sys(swapon(a, 0), "swapon(%s, 0)", a))
		return;
	l = find_swap(a);
	ok(l != NULL, "/proc/swaps lists %s", a);
	if (l) {
		ok_str(l->type, "file", "its type is file");
		ok(size_ok(l->size, kb), "its size is the header's pages less page 0, in KiB");
		diag("  size %ld KiB of %ld", l->size, kb);
		ok_eq(l->used, 0, "nothing is used yet");
		ok_eq(l->prio, -2, "without SWAP_FLAG_PREFER the first area gets priority -2");
		kb = l->size;
	}
	swaps_text(want, sizeof(want), a, "file", kb, 0, -2);
	text = file_text("/proc/swaps");
	ok(text && strstr(text, want), "the /proc/swaps line is laid out as in Linux");
	if (text && !strstr(text, want))
		diag("  /proc/swaps: \"%s\", want line \"%s\"", text, want);
	ok_eq(meminfo_kb("SwapTotal"), kb, "SwapTotal in /proc/meminfo");
	ok_eq(meminfo_kb("SwapFree"), kb, "SwapFree in /proc/meminfo");
	ok_eq(meminfo_kb("SwapCached"), 0, "SwapCached is 0");
	if (ok_sys(sysinfo(&si), "sysinfo()")) {
		ok_eq((long long)si.totalswap * si.mem_unit, kb * 1024LL,
		      "sysinfo totalswap * mem_unit");
		ok_eq((long long)si.freeswap * si.mem_unit, kb * 1024LL,
		      "sysinfo freeswap * mem_unit");
	}
	ok_errno(swapon(a, 0), EBUSY, "swapon of an active swap file again: EBUSY");
	ok_sys(swapoff(a), "swapoff(%s)", a);
	ok(find_swap(a) == NULL && nr_swaps() == 0, "/proc/swaps is empty again");
	ok_eq(meminfo_kb("SwapTotal"), 0, "SwapTotal is 0 after swapoff");
	ok_errno(swapoff(a), EINVAL, "swapoff of a file that is no longer swap: EINVAL");
	/* An area can come back, and gets the first default priority again. */
	if (ok_sys(swapon(a, 0), "swapon(%s) after swapoff", a)) {
		l = find_swap(a);
		ok(l && l->prio == -2, "priority -2 again");
		ok_sys(swapoff(a), "swapoff");
	}
	unlink(a);
}

static void test_writers(void)
{
	char a[PATH_MAX], buf[PAGE_SIZE];
	int fd, fd2;

	path_of(a, sizeof(a), "swap-w");
	if (!ok(!mkswap_file(a, 256), "a 1 MiB swap file"))
		return;
	if (!ok_sys(swapon(a, 0), "swapon(%s)", a))
		goto out;
	memset(buf, 0x5a, sizeof(buf));
	fd = open(a, O_WRONLY);
	ok(fd >= 0, "an active swap file can be opened for writing");
	if (fd >= 0) {
		ok_errno(pwrite(fd, buf, sizeof(buf), PAGE_SIZE), ETXTBSY,
			 "write(2) to an active swap file: ETXTBSY");
		ok_errno(ftruncate(fd, PAGE_SIZE), ETXTBSY,
			 "ftruncate() shrinking an active swap file: ETXTBSY");
		ok_errno(fallocate(fd, 0, 0, PAGE_SIZE), ETXTBSY,
			 "fallocate() on an active swap file: ETXTBSY");
		close(fd);
	}
	ok_errno(truncate(a, 0), ETXTBSY, "truncate(2) of an active swap file: ETXTBSY");
	fd2 = open(a, O_WRONLY | O_TRUNC);
	ok(fd2 < 0 && errno == ETXTBSY, "open(O_TRUNC) of an active swap file: ETXTBSY");
	if (fd2 >= 0)
		close(fd2);
	ok_sys(swapoff(a), "swapoff(%s)", a);
	fd = open(a, O_WRONLY);
	ok(fd >= 0 && pwrite(fd, buf, sizeof(buf), PAGE_SIZE) == (ssize_t)sizeof(buf),
	   "after swapoff the file can be written again");
	if (fd >= 0)
		close(fd);
out:
	unlink(a);
}

/*
 * An active swap file keeps its name: unlink() and rename() of it fail
 * with EPERM (Linux's may_delete()); the area is found by its inode, so
 * another name of the file swaps it off.
 */
static void test_names(void)
{
	char a[PATH_MAX], b[PATH_MAX], c[PATH_MAX];

	path_of(a, sizeof(a), "swap-n1");
	path_of(b, sizeof(b), "swap-n2");
	path_of(c, sizeof(c), "swap-n3");
	unlink(b);
	unlink(c);
	if (!ok(!mkswap_file(a, 256) && !link(a, b), "a swap file with two names"))
		goto out;
	if (!ok_sys(swapon(a, 0), "swapon(%s)", a))
		goto out;
	ok_errno(unlink(a), EPERM, "unlink() of an active swap file: EPERM");
	ok_errno(rename(a, c), EPERM, "rename() of an active swap file: EPERM");
	ok_errno(rename(b, c), EPERM, "rename() of its other name: EPERM");
	ok(find_swap(a) != NULL, "the area stays in /proc/swaps under its name");
	ok_sys(swapoff(b), "swapoff through the file's other name");
	ok_eq(nr_swaps(), 0, "and the area is gone");
	ok_sys(unlink(a), "after swapoff unlink() works");
out:
	unlink(a);
	unlink(b);
	unlink(c);
}

static void test_priorities(void)
{
	char a[PATH_MAX], b[PATH_MAX], c[PATH_MAX];
	struct swaps_line *l;

	path_of(a, sizeof(a), "swap-p1");
	path_of(b, sizeof(b), "swap-p2");
	path_of(c, sizeof(c), "swap-p3");
	if (!ok(!mkswap_file(a, 256) && !mkswap_file(b, 256) && !mkswap_file(c, 512),
		"three swap files"))
		goto out;
	ok_sys(swapon(a, 0), "swapon(a, 0)");
	ok_sys(swapon(b, 0), "swapon(b, 0)");
	ok_sys(swapon(c, SWAP_FLAG_PREFER | (7 << SWAP_FLAG_PRIO_SHIFT)),
	       "swapon(c, SWAP_FLAG_PREFER | 7)");
	l = find_swap(a);
	ok(l && l->prio == -2, "a: priority -2");
	l = find_swap(b);
	ok(l && l->prio == -3, "b: priority -3 (the next default)");
	l = find_swap(c);
	ok(l && l->prio == 7, "c: priority 7 as asked");
	ok(size_ok(swaps_total_kb(), (255 + 255 + 511) * 4) &&
	   meminfo_kb("SwapTotal") == swaps_total_kb(), "SwapTotal adds the three areas");
	ok_sys(swapoff(a), "swapoff(a)");
	l = find_swap(b);
	ok(l && l->prio == -2, "b moves up to -2 when a (-2) goes");
	ok_sys(swapon(a, 0), "swapon(a, 0) again");
	l = find_swap(a);
	ok(l && l->prio == -3, "a comes back as -3");
	ok_sys(swapoff(a), "swapoff(a)");
	ok_sys(swapoff(b), "swapoff(b)");
	ok_sys(swapoff(c), "swapoff(c)");
	ok_sys(swapon(c, SWAP_FLAG_PREFER | 32767), "swapon with the highest priority, 32767");
	l = find_swap(c);
	ok(l && l->prio == 32767, "priority 32767");
	ok_sys(swapoff(c), "swapoff(c)");
	ok_sys(swapon(c, SWAP_FLAG_PREFER | 0), "swapon with SWAP_FLAG_PREFER | 0");
	l = find_swap(c);
	ok(l && l->prio == 0, "priority 0");
	ok_sys(swapoff(c), "swapoff(c)");
	ok_sys(swapon(c, SWAP_FLAG_DISCARD | SWAP_FLAG_DISCARD_ONCE | SWAP_FLAG_DISCARD_PAGES),
	       "the discard flags are accepted");
	ok_sys(swapoff(c), "swapoff(c)");
	ok_errno(swapon(c, 0x100000), EINVAL, "an unknown flag: EINVAL");
	ok_eq(nr_swaps(), 0, "no area left");
out:
	unlink(a);
	unlink(b);
	unlink(c);
}

/* path must be refused with EINVAL and leave no area behind. */
static void refused(const char *path, const char *what)
{
	ok_errno(swapon(path, 0), EINVAL, "swapon of %s: EINVAL", what);
	if (nr_swaps() > 0) {
		diag("  it was accepted: swapping it off again");
		swapoff(path);
	}
}

static void test_bad_headers(void)
{
	char a[PATH_MAX];
	const unsigned long pages = 256;
	uint32_t bad[2] = { 3, 7 };
	struct swaps_line *l;
	struct hdr h;
	int fd;

	path_of(a, sizeof(a), "swap-bad");
	if (!ok(!make_file(a, pages), "a 1 MiB file of zeros"))
		return;
	refused(a, "a file without a swap signature");

	h = (struct hdr){ 1, pages - 1, 0, NULL, "SWAP-SPACE" };
	write_header(a, &h);
	refused(a, "an old version-0 (\"SWAP-SPACE\") area");

	h = (struct hdr){ 2, pages - 1, 0, NULL, "SWAPSPACE2" };
	write_header(a, &h);
	refused(a, "a header of version 2");

	h = (struct hdr){ 1, pages * 2, 0, NULL, "SWAPSPACE2" };
	write_header(a, &h);
	refused(a, "a header whose last_page lies beyond the file");

	h = (struct hdr){ 1, 0, 0, NULL, "SWAPSPACE2" };
	write_header(a, &h);
	refused(a, "a header with last_page 0 (no usable page)");

	/* Bad pages belong to disks: Linux refuses a file that lists any. */
	h = (struct hdr){ 1, pages - 1, 2, bad, "SWAPSPACE2" };
	write_header(a, &h);
	refused(a, "a swap file with a bad-page list");

	/* A smaller last_page than the file: only that much is used. */
	h = (struct hdr){ 1, pages / 2 - 1, 0, NULL, "SWAPSPACE2" };
	write_header(a, &h);
	if (ok_sys(swapon(a, 0), "swapon of a header smaller than its file")) {
		l = find_swap(a);
		ok(l && size_ok(l->size, (long)(pages / 2 - 1) * 4), "the header's size counts");
		ok_sys(swapoff(a), "swapoff");
	}

	/* Shorter than one page. */
	fd = open(a, O_WRONLY | O_TRUNC);
	if (fd >= 0) {
		ok_eq(write(fd, "SWAPSPACE2", 10), 10, "a 10-byte file");
		close(fd);
		refused(a, "a file shorter than a page");
	}
	unlink(a);
}

static void test_holes(void)
{
	char a[PATH_MAX];
	const unsigned long pages = 256;
	struct hdr h = { 1, pages - 1, 0, NULL, "SWAPSPACE2" };
	int fd;

	path_of(a, sizeof(a), "swap-hole");
	/* Page 0 written, the rest a hole made by extending the size. */
	fd = open(a, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (!ok(fd >= 0 && !ftruncate(fd, pages * PAGE_SIZE) && !close(fd) &&
		!write_header(a, &h), "a file with a swap header and a hole after it"))
		return;
	refused(a, "a file with holes");

	/* Written everywhere except one page in the middle. */
	if (ok(!mkswap_file(a, pages), "a full swap file")) {
		char hole[PATH_MAX];
		static char page[PAGE_SIZE];
		unsigned long i;

		path_of(hole, sizeof(hole), "swap-hole2");
		fd = open(hole, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		for (i = 0; fd >= 0 && i < pages; i++)
			if (i != pages / 2 && pwrite(fd, page, PAGE_SIZE, i * PAGE_SIZE) < 0)
				break;
		if (ok(fd >= 0 && i == pages && !fsync(fd) && !close(fd) &&
		       !write_header(hole, &h), "a file with one unwritten page in the middle"))
			refused(hole, "a file with one hole");
		unlink(hole);
	}
	unlink(a);
}

static void test_not_files(void)
{
	char d[PATH_MAX], a[PATH_MAX];

	path_of(d, sizeof(d), "swap-dir");
	mkdir(d, 0700);
	ok_errno(swapon(d, 0), EISDIR, "swapon of a directory: EISDIR (it is opened for writing)");
	rmdir(d);
	ok_errno(swapon("/dev/null", 0), EINVAL, "swapon of a character device: EINVAL");
	path_of(a, sizeof(a), "swap-none");
	unlink(a);
	ok_errno(swapon(a, 0), ENOENT, "swapon of a missing file: ENOENT");
	ok_errno(swapoff(a), ENOENT, "swapoff of a missing file: ENOENT");
	if (ok(!make_file(a, 16), "a plain file")) {
		ok_errno(swapoff(a), EINVAL, "swapoff of a file that is not swap: EINVAL");
		unlink(a);
	}
	if (mounted[0])
		ok_errno(swapon(mounted, 0), EBUSY, "swapon of the mounted disk %s: EBUSY",
			 mounted);
	else
		skip("no $SWAPTEST_MOUNTED");
}

static int unprivileged(void *arg)
{
	const char *a = arg;

	if (setgid(65534) || setuid(65534))
		return 10;
	errno = 0;
	if (swapon(a, 0) != -1 || errno != EPERM)
		return 1;
	if (swapoff(a) != -1 || errno != EPERM)
		return 2;
	return 0;
}

static void test_eperm(void)
{
	char a[PATH_MAX];
	int st;

	path_of(a, sizeof(a), "swap-perm");
	if (!ok(!mkswap_file(a, 64) && !chmod(a, 0666), "a swap file anyone may write"))
		return;
	st = run_in_child(unprivileged, a);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "as uid 65534 swapon and swapoff fail with EPERM");
	if (!(WIFEXITED(st) && WEXITSTATUS(st) == 0))
		diag("  child %s (1: swapon, 2: swapoff)", status_str(st));
	ok_sys(swapon(a, 0), "root may still swap on it");
	st = run_in_child(unprivileged, a);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "and uid 65534 may not swap it off");
	ok_sys(swapoff(a), "swapoff as root");
	unlink(a);
}

/* busybox as typed: mkswap, swapon, free, swapoff. */
static int sh(const char *fmt, ...)
{
	char cmd[1024];
	va_list ap;
	int st;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	st = system(cmd);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

static void test_busybox(void)
{
	char a[PATH_MAX], out[PATH_MAX];
	struct swaps_line *l;
	long total = -1, used = -1, freek = -1, kb = 1023 * 4;
	const char *text, *p;

	path_of(a, sizeof(a), "swap-bb");
	path_of(out, sizeof(out), "free.out");
	if (!ok(!make_file(a, 1024), "a 4 MiB file"))
		return;
	ok_eq(sh("mkswap %s >/dev/null 2>&1", a), 0, "busybox mkswap %s", a);
	ok_eq(sh("swapon %s", a), 0, "busybox swapon %s", a);
	l = find_swap(a);
	ok(l && l->prio == -2 && size_ok(l->size, kb), "/proc/swaps: priority -2, 4092 KiB");
	if (l)
		kb = l->size;
	ok_eq(sh("free >%s", out), 0, "busybox free");
	text = file_text(out);
	p = text ? strstr(text, "Swap:") : NULL;
	if (p)
		sscanf(p, "Swap: %ld %ld %ld", &total, &used, &freek);
	ok(total == kb && used == 0 && freek == total,
	   "free shows Swap: %ld total, 0 used, %ld free", kb, kb);
	if (!(total == kb && used == 0 && freek == total))
		diag("  free said: %s", text ? text : "(nothing)");
	ok_eq(sh("swapoff %s", a), 0, "busybox swapoff %s", a);
	ok_eq(nr_swaps(), 0, "no area left");
	ok(sh("swapoff %s 2>/dev/null", a) != 0, "busybox swapoff of a non-swap file fails");
	ok_eq(sh("mkswap -L swaplabel %s >/dev/null 2>&1 && swapon -d %s", a, a), 0,
	      "busybox mkswap -L, then swapon -d (discard)");
	ok(find_swap(a) != NULL, "the area is on");
	ok_eq(sh("swapoff %s", a), 0, "busybox swapoff %s", a);
	ok_eq(nr_swaps(), 0, "no area left");
	unlink(out);
	unlink(a);
}

static long long dev_bytes(const char *path)
{
	long long size = -1;
	int fd = open(path, O_RDONLY);

	if (fd >= 0) {
		size = lseek(fd, 0, SEEK_END);
		close(fd);
	}
	return size;
}

/* The bad-page list, which only a disk may have. */
static void partition_headers(unsigned long pages)
{
	uint32_t bad[4] = { 3, 7, 100, (uint32_t)pages - 1 };
	static uint32_t many[700];
	struct swaps_line *l;
	struct hdr h;
	unsigned int i;

	h = (struct hdr){ 1, pages - 1, 4, bad, "SWAPSPACE2" };
	if (!ok(!write_header(dev, &h), "a header listing 4 bad pages on %s", dev))
		return;
	if (ok_sys(swapon(dev, 0), "swapon of a partition with 4 bad pages")) {
		l = find_swap(dev);
		ok(l && l->size == (long)(pages - 1 - 4) * 4, "bad pages are not in the size");
		if (l)
			diag("  size %ld KiB", l->size);
		ok_sys(swapoff(dev), "swapoff");
	}
	bad[3] = pages;
	write_header(dev, &h);
	refused(dev, "a bad-page entry past last_page");
	bad[3] = 0;
	write_header(dev, &h);
	refused(dev, "a bad-page entry 0 (the header page)");
	for (i = 0; i < 700; i++)
		many[i] = i + 1;
	h = (struct hdr){ 1, pages - 1, 700, many, "SWAPSPACE2" };
	write_header(dev, &h);
	refused(dev, "a header with more bad pages than the page holds");
	h = (struct hdr){ 1, pages - 1, 0, NULL, "SWAPSPACE2" };
	write_header(dev, &h);
}

static void test_partition(void)
{
	char want[512], buf[PAGE_SIZE];
	long long bytes;
	struct swaps_line *l;
	long kb;
	int fd;

	if (!dev[0]) {
		skip("no $SWAPTEST_DEV: the swap partition tests need a spare disk");
		return;
	}
	bytes = dev_bytes(dev);
	if (!ok(bytes > 0, "%s: %lld bytes", dev, bytes))
		return;
	kb = (long)(bytes / PAGE_SIZE - 1) * 4;
	ok_eq(sh("mkswap %s >/dev/null 2>&1", dev), 0, "busybox mkswap %s", dev);
	if (!ok_sys(swapon(dev, SWAP_FLAG_PREFER | 3), "swapon(%s, PREFER | 3)", dev))
		return;
	l = find_swap(dev);
	ok(l && !strcmp(l->type, "partition") && l->size == kb && l->prio == 3,
	   "/proc/swaps: %s partition %ld 0 3", dev, kb);
	swaps_text(want, sizeof(want), dev, "partition", kb, 0, 3);
	ok(file_text("/proc/swaps") && strstr(file_text("/proc/swaps"), want),
	   "the partition line is laid out as in Linux");
	ok_eq(meminfo_kb("SwapTotal"), kb, "SwapTotal");
	ok_errno(swapon(dev, 0), EBUSY, "swapon of the active partition again: EBUSY");
	fd = open(dev, O_WRONLY);
	ok(fd >= 0, "the active swap device can be opened for writing");
	if (fd >= 0) {
		memset(buf, 0, sizeof(buf));
		ok_errno(pwrite(fd, buf, sizeof(buf), 8 * PAGE_SIZE), ETXTBSY,
			 "write(2) to an active swap device: ETXTBSY");
		close(fd);
	}
	fd = open(dev, O_RDONLY | O_EXCL);
	ok(fd < 0 && errno == EBUSY, "an O_EXCL open of the active swap device: EBUSY");
	if (fd >= 0)
		close(fd);
	mkdir("/tmp/swapmnt", 0700);
	ok(mount(dev, "/tmp/swapmnt", "ext2", 0, NULL) == -1 && errno == EBUSY,
	   "mount of the active swap device: EBUSY");
	ok_sys(swapoff(dev), "swapoff(%s)", dev);
	ok_eq(nr_swaps(), 0, "no area left");
	ok_eq(sh("swapon %s && swapoff %s", dev, dev), 0, "busybox swapon and swapoff of %s",
	      dev);
	partition_headers(bytes / PAGE_SIZE);
	/* Damage the header's last_page: larger than the device. */
	fd = open(dev, O_RDWR);
	if (fd >= 0) {
		uint32_t big = (uint32_t)(bytes / PAGE_SIZE) + 10;

		ok(pwrite(fd, &big, 4, HDR_LAST_PAGE) == 4 && !fsync(fd),
		   "last_page set past the end of the device");
		close(fd);
		refused(dev, "a partition whose header is larger than the device");
	}
}

int main(void)
{
	struct statvfs sv;
	const char *d;

	dir = getenv("SWAPTEST_DIR");
	if (!dir || !*dir) {
		skip("no $SWAPTEST_DIR (an ext2 mount; swap/run provides one)");
		return tap_finish();
	}
	if (statvfs(dir, &sv))
		bail_out("statvfs(%s): %s", dir, strerror(errno));
	small_blocks = sv.f_bsize < PAGE_SIZE;
	diag("%s: %lu-byte blocks", dir, (unsigned long)sv.f_bsize);
	d = getenv("SWAPTEST_DEV");
	if (d && *d)
		snprintf(dev, sizeof(dev), "/dev/%s", d);
	d = getenv("SWAPTEST_MOUNTED");
	if (d && *d)
		snprintf(mounted, sizeof(mounted), "/dev/%s", d);
	if (nr_swaps() != 0)
		bail_out("swap is already on (/proc/swaps: %s)", file_text("/proc/swaps"));

	test_basic_file();
	test_writers();
	test_names();
	test_priorities();
	test_bad_headers();
	test_holes();
	test_not_files();
	test_eperm();
	test_busybox();
	test_partition();
	if (nr_swaps() != 0)
		diag("areas left: %s", file_text("/proc/swaps"));
	ok_eq(nr_swaps(), 0, "every area was swapped off");
	return tap_finish();
}
