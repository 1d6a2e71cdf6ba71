// SPDX-License-Identifier: GPL-2.0-only
/*
 * blockdev - a virtio disk seen from user space: /sys/block/DEV/stat and
 * /proc/diskstats (Linux's 17-field layout) moving as reads, writes and
 * flushes happen, the size ioctls, queue/scheduler switching (Linux's
 * "none mq-deadline" or Tidewater's "noop deadline") with the deadline
 * tunables, nr_requests, max_sectors_kb (which must split big requests)
 * and read_ahead_kb, buffered and O_DIRECT I/O on the device node and their
 * coherency, and a read-only disk.
 *
 * Environment (the suite skips without FSTEST_DEV):
 *   FSTEST_DEV        disk under test, e.g. vda
 *   FSTEST_DEV_BYTES  its size as the host made it (checked exactly)
 *   FSTEST_DIR        a mounted file system on FSTEST_DEV: writes through it
 *                     drive the write and flush counters
 *   FSTEST_SCRATCH    a disk whose contents may be overwritten (e.g. vdc):
 *                     buffered/O_DIRECT writes to the device node; the
 *                     "# manifest: f NAME ..." line tells the host what
 *                     the disk must hold afterwards
 *   FSTEST_RODEV      a disk attached read-only (QEMU readonly=on)
 *   FSTEST_RODEV_FS   file system type on it (e.g. ext2) to try mounting
 */
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>

#include "tap.h"
#include "util.h"
#include "storage/fstest.h"

#ifndef BLKPBSZGET
#define BLKPBSZGET _IO(0x12, 123)
#endif

#define NSTAT 17	/* fields of /sys/block/DEV/stat since Linux 5.5 */

enum {	/* the fields, in Linux's order (Documentation/block/stat.rst) */
	S_READS, S_READ_MERGES, S_READ_SECTORS, S_READ_MS,
	S_WRITES, S_WRITE_MERGES, S_WRITE_SECTORS, S_WRITE_MS,
	S_IN_FLIGHT, S_IO_MS, S_QUEUE_MS,
	S_DISCARDS, S_DISCARD_MERGES, S_DISCARD_SECTORS, S_DISCARD_MS,
	S_FLUSHES, S_FLUSH_MS,
};

static const char *dev;
static char devpath[64];
static uint64_t dev_sectors;

static const char *sysq(const char *dev_, const char *file)
{
	static char buf[4][256];
	static int next;
	char *b = buf[next++ & 3];
	size_t n;

	/* sysfs spells a '/' in a disk name as '!' (cciss/c0d0: cciss!c0d0) */
	snprintf(b, 256, "/sys/block/%s", dev_);
	for (char *p = b + strlen("/sys/block/"); *p; p++)
		if (*p == '/')
			*p = '!';
	n = strlen(b);
	snprintf(b + n, 256 - n, "/%s", file);
	return b;
}

static long long read_ll(const char *path)
{
	char buf[64];

	if (read_text(path, buf, sizeof(buf)) <= 0)
		return -1;
	return strtoll(buf, NULL, 10);
}

/* Parse up to max numbers; returns how many, -1 on a non-number. */
static int parse_fields(const char *s, unsigned long long *v, int max)
{
	int n = 0;
	char *end;

	while (*s) {
		while (*s == ' ' || *s == '\t' || *s == '\n')
			s++;
		if (!*s)
			break;
		if (n == max)
			return -1;
		v[n++] = strtoull(s, &end, 10);
		if (end == s)
			return -1;
		s = end;
	}
	return n;
}

/* The fields of /sys/block/DEV/stat into v[0..31] (zeros if unreadable). */
static int stat_file(unsigned long long *v)
{
	char buf[512];

	memset(v, 0, 32 * sizeof(*v));
	if (read_text(sysq(dev, "stat"), buf, sizeof(buf)) <= 0)
		return -1;
	return parse_fields(buf, v, 32);
}

/* /proc/diskstats: fills major, minor, and the fields after the name. */
static int diskstats(const char *name, unsigned int *maj, unsigned int *min,
		     unsigned long long *v)
{
	static char buf[16384];
	char *line, *save, nm[64];
	int off;

	memset(v, 0, 32 * sizeof(*v));
	if (read_text("/proc/diskstats", buf, sizeof(buf)) <= 0)
		return -1;
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (sscanf(line, "%u %u %63s %n", maj, min, nm, &off) >= 3 && !strcmp(nm, name))
			return parse_fields(line + off, v, 32);
	}
	return -1;
}

/* ---------------------------------------------------------- accounting */

static void test_stat_layout(void)
{
	unsigned long long a[32], b[32];
	unsigned int maj, min, smaj = 0, smin = 0;
	char buf[64];
	int n, m, tries;

	n = stat_file(a);
	ok_eq(n, NSTAT, "/sys/block/%s/stat has %d fields", dev, NSTAT);
	m = diskstats(dev, &maj, &min, b);
	ok_eq(m, NSTAT, "/proc/diskstats line for %s: major minor name and %d fields", dev, NSTAT);
	read_text(sysq(dev, "dev"), buf, sizeof(buf));
	sscanf(buf, "%u:%u", &smaj, &smin);
	ok(m > 0 && maj == smaj && min == smin, "its major:minor is /sys/block/%s/dev (%u:%u)",
	   dev, smaj, smin);
	for (tries = 0; tries < 5; tries++) {
		stat_file(a);
		diskstats(dev, &maj, &min, b);
		if (!memcmp(a, b, NSTAT * sizeof(a[0])))
			break;
		usleep(100000);
	}
	ok(tries < 5, "/proc/diskstats and /sys/block/%s/stat show the same numbers", dev);
	ok(a[S_READS] > 0 && a[S_READ_SECTORS] >= a[S_READS] && a[S_IN_FLIGHT] < 1000,
	   "reads already counted (the mount read the disk); in_flight sane");
}

/* Read len bytes at off through fd; the number of bytes read. */
static ssize_t read_at(int fd, uint64_t off, size_t len)
{
	static char *buf;

	if (!buf && posix_memalign((void **)&buf, 4096, 4 << 20))
		return -1;
	return pread_full(fd, buf, len, off);
}

static void test_read_accounting(void)
{
	unsigned long long a[32], b[32], c[32], d[32];
	unsigned int maj, min;
	uint64_t off = dev_sectors * 512 - (3 << 20);	/* never read so far */
	int fd;

	fd = open(devpath, O_RDONLY | O_CLOEXEC);
	stat_file(a);
	ok_eq(read_at(fd, off, 256 << 10), 256 << 10, "buffered read of 256 KiB of %s", devpath);
	stat_file(b);
	diskstats(dev, &maj, &min, c);
	ok(b[S_READS] > a[S_READS] && b[S_READ_SECTORS] >= a[S_READ_SECTORS] + 512,
	   "reads completed +%llu, sectors read +%llu (>= 512)", b[S_READS] - a[S_READS],
	   b[S_READ_SECTORS] - a[S_READ_SECTORS]);
	ok(b[S_READ_MS] >= a[S_READ_MS] && b[S_IO_MS] >= a[S_IO_MS] &&
	   b[S_QUEUE_MS] >= a[S_QUEUE_MS] && b[S_WRITES] >= a[S_WRITES],
	   "the time fields do not go backwards");
	/*
	 * The read may have started asynchronous read-ahead beyond what it
	 * asked for (a page marked for read-ahead inside the range), which
	 * can still be in flight when it returns, on Linux too: the count
	 * must drop to zero once that finishes.
	 */
	memcpy(d, b, sizeof(d));
	for (int i = 0; i < 200 && d[S_IN_FLIGHT]; i++) {
		usleep(10000);
		stat_file(d);
	}
	ok_eq(d[S_IN_FLIGHT], 0, "nothing in flight once the read and its read-ahead finished");
	ok(c[S_READS] >= b[S_READS] && c[S_READ_SECTORS] >= b[S_READ_SECTORS],
	   "/proc/diskstats moved too");
	usleep(200000);		/* let readahead the first read started finish */
	stat_file(a);
	ok_eq(read_at(fd, off, 256 << 10), 256 << 10, "the same read again");
	stat_file(b);
	ok_eq(b[S_READ_SECTORS] - a[S_READ_SECTORS], 0, "comes from the page cache: no sectors read");
	close(fd);

	fd = open(devpath, O_RDONLY | O_DIRECT | O_CLOEXEC);
	if (!ok(fd >= 0, "open %s O_DIRECT", devpath))
		return;
	stat_file(a);
	ok_eq(read_at(fd, off, 64 << 10), 64 << 10, "O_DIRECT read of 64 KiB (cached range)");
	stat_file(b);
	ok(b[S_READS] > a[S_READS] && b[S_READ_SECTORS] - a[S_READ_SECTORS] == 128,
	   "O_DIRECT reads the disk: +%llu requests, +%llu sectors (want 128)",
	   b[S_READS] - a[S_READS], b[S_READ_SECTORS] - a[S_READ_SECTORS]);
	ok_errno(read_at(fd, 1, 4096), EINVAL, "O_DIRECT read of the device at offset 1: EINVAL");
	close(fd);
}

static void test_write_accounting(void)
{
	unsigned long long a[32], b[32];
	char wc[64] = "", path[PATH_MAX];
	const char *dir = getenv("FSTEST_DIR");
	struct fmodel m = { 0 };
	int fd, good;

	if (!dir || !*dir) {
		skip("write accounting: no FSTEST_DIR on %s", dev);
		return;
	}
	snprintf(path, sizeof(path), "%s/blockdev.%d", dir, (int)getpid());
	stat_file(a);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	good = fd >= 0 && m_write(fd, &m, 0, 256 << 10, 20000) == 0 && fsync(fd) == 0;
	ok(good, "write 256 KiB to a file on %s and fsync", dev);
	stat_file(b);
	ok(b[S_WRITES] > a[S_WRITES] && b[S_WRITE_SECTORS] >= a[S_WRITE_SECTORS] + 512,
	   "writes completed +%llu, sectors written +%llu (>= 512)", b[S_WRITES] - a[S_WRITES],
	   b[S_WRITE_SECTORS] - a[S_WRITE_SECTORS]);
	ok(b[S_WRITE_MS] >= a[S_WRITE_MS], "write time does not go backwards");
	read_text(sysq(dev, "queue/write_cache"), wc, sizeof(wc));
	if (!strncmp(wc, "write back", 10))
		ok(b[S_FLUSHES] > a[S_FLUSHES], "a write-back cache: fsync sent a flush (+%llu)",
		   b[S_FLUSHES] - a[S_FLUSHES]);
	else
		skip("flush counter: queue/write_cache is \"%.*s\"", (int)strcspn(wc, "\n"), wc);
	ok_eq(b[S_IN_FLIGHT], 0, "nothing in flight after fsync");
	if (fd >= 0)
		close(fd);
	unlink(path);
	free(m.ops);
}

/* ---------------------------------------------------------- sizes */

static void test_sizes(void)
{
	unsigned long long bytes = 0;
	unsigned long sectors = 0;
	long long want = env_ll("FSTEST_DEV_BYTES", -1), kib = -1;
	int fd, ssz = 0, pbsz = 0, ro = -1;
	char buf[16384], *p;

	ok(dev_sectors > 0, "/sys/block/%s/size: %llu sectors", dev, (unsigned long long)dev_sectors);
	fd = open(devpath, O_RDONLY | O_CLOEXEC);
	ok(ioctl(fd, BLKGETSIZE64, &bytes) == 0 && bytes == dev_sectors * 512,
	   "BLKGETSIZE64 is size * 512 (%llu)", bytes);
	ok(ioctl(fd, BLKGETSIZE, &sectors) == 0 && sectors == dev_sectors, "BLKGETSIZE is size");
	ok_eq(lseek(fd, 0, SEEK_END), dev_sectors * 512, "lseek SEEK_END gives the size");
	if (want >= 0)
		ok_eq(bytes, want, "the size is the host image's");
	else
		skip("image size: FSTEST_DEV_BYTES not set");
	ok(ioctl(fd, BLKSSZGET, &ssz) == 0 && ssz == read_ll(sysq(dev, "queue/logical_block_size")),
	   "BLKSSZGET is queue/logical_block_size (%d)", ssz);
	ok_eq(ssz, 512, "virtio-blk default: 512-byte logical blocks");
	ok(ioctl(fd, BLKPBSZGET, &pbsz) == 0 &&
	   pbsz == read_ll(sysq(dev, "queue/physical_block_size")),
	   "BLKPBSZGET is queue/physical_block_size (%d)", pbsz);
	ok(ioctl(fd, BLKROGET, &ro) == 0 && ro == 0 && read_ll(sysq(dev, "ro")) == 0,
	   "BLKROGET and /sys/block/%s/ro: writable", dev);
	ok_sys(ioctl(fd, BLKFLSBUF, 0), "BLKFLSBUF");
	close(fd);
	if (read_text("/proc/partitions", buf, sizeof(buf)) > 0)
		for (p = strtok(buf, "\n"); p; p = strtok(NULL, "\n")) {
			char nm[64];
			long long k;

			if (sscanf(p, "%*u %*u %lld %63s", &k, nm) == 2 && !strcmp(nm, dev))
				kib = k;
		}
	ok_eq(kib, dev_sectors / 2, "/proc/partitions gives the size in KiB");
	if (read_text(sysq(dev, "queue/hw_sector_size"), buf, sizeof(buf)) > 0)
		ok_eq(atoi(buf), ssz, "queue/hw_sector_size is the logical block size");
	else
		ok(0, "queue/hw_sector_size readable");
}

/* ---------------------------------------------------------- queue files */

/* The scheduler names and the index of the [current] one. */
static int schedulers(char names[8][32], int *cur)
{
	char buf[256], *tok, *save;
	int n = 0;

	*cur = -1;
	if (read_text(sysq(dev, "queue/scheduler"), buf, sizeof(buf)) <= 0)
		return -1;
	for (tok = strtok_r(buf, " \n", &save); tok && n < 8; tok = strtok_r(NULL, " \n", &save)) {
		size_t len = strlen(tok);

		if (tok[0] == '[' && tok[len - 1] == ']') {
			*cur = n;
			tok[len - 1] = '\0';
			tok++;
		}
		snprintf(names[n++], 32, "%s", tok);
	}
	return n;
}

static int is_deadline(const char *name)
{
	return !strcmp(name, "mq-deadline") || !strcmp(name, "deadline");
}

static int write_q(const char *file, const char *val)
{
	return write_text(sysq(dev, file), val);
}

/* A child reading a 4 MiB range O_DIRECT over and over; exit 1 on bad data. */
static int live_reader(uint64_t off, uint64_t want, int rounds)
{
	static char *buf;
	struct fsum s;
	int fd = open(devpath, O_RDONLY | O_DIRECT), i;

	if (fd < 0 || posix_memalign((void **)&buf, 4096, 1 << 20))
		return 2;
	for (i = 0; i < rounds; i++) {
		fsum_init(&s);
		for (uint64_t o = 0; o < (4 << 20); o += 1 << 20) {
			if (pread_full(fd, buf, 1 << 20, off + o) != 1 << 20)
				return 2;
			fsum_add(&s, buf, 1 << 20);
		}
		if (fsum_final(&s) != want)
			return 1;
	}
	return 0;
}

/* The deadline scheduler's tunables (it must be the current one). */
static void check_deadline(const char *name)
{
	static const struct { const char *file; long long val; } tun[] = {
		{ "read_expire", 500 }, { "write_expire", 5000 },
		{ "fifo_batch", 16 }, { "writes_starved", 2 }, { "front_merges", 1 },
	};
	char buf[64];
	int i;

	for (i = 0; i < (int)ARRAY_SIZE(tun); i++) {
		snprintf(buf, sizeof(buf), "queue/iosched/%s", tun[i].file);
		ok_eq(read_ll(sysq(dev, buf)), tun[i].val, "%s: %s default %lld", name, buf,
		      tun[i].val);
	}
	/* 200 ms: a whole number of jiffies at HZ 100, 250 and 1000 */
	ok(write_q("queue/iosched/read_expire", "200") == 0 &&
	   read_ll(sysq(dev, "queue/iosched/read_expire")) == 200 &&
	   write_q("queue/iosched/read_expire", "500") == 0,
	   "%s: read_expire is tunable (200, then back to 500)", name);
}

static void test_scheduler(void)
{
	char names[8][32], now[8][32];
	int n, cur, cur2, other, i, good;
	uint64_t off = 0, want;
	struct fsum s;
	static char *rbuf;
	pid_t pid;
	int fd;

	n = schedulers(names, &cur);
	ok(n >= 1 && cur >= 0, "queue/scheduler lists %d choices with one [current]", n);
	if (n < 2 || cur < 0) {
		skip("scheduler switching: fewer than two choices");
		return;
	}
	for (i = 0; i < n; i++)
		diag("scheduler %s%s", names[i], i == cur ? " (current)" : "");
	if (is_deadline(names[cur]))		/* Tidewater starts with it */
		check_deadline(names[cur]);
	for (other = 0; other < n && other == cur; other++)
		;
	for (i = 0; i < n; i++)		/* prefer switching to deadline */
		if (i != cur && is_deadline(names[i]))
			other = i;
	ok_sys(write_q("queue/scheduler", names[other]), "echo %s > queue/scheduler", names[other]);
	schedulers(now, &cur2);
	ok(cur2 >= 0 && !strcmp(now[cur2], names[other]), "[%s] is now current", names[other]);

	if (is_deadline(names[other]))
		check_deadline(names[other]);
	ok_errno(write_q("queue/scheduler", "no-such-elevator"), EINVAL, "an unknown name: EINVAL");
	schedulers(now, &cur2);
	ok(cur2 >= 0 && !strcmp(now[cur2], names[other]), "and the scheduler did not change");

	/* switch back and forth while a reader is busy */
	sync();			/* nothing may change the range while we read */
	fd = open(devpath, O_RDONLY | O_DIRECT | O_CLOEXEC);
	if (fd < 0 || posix_memalign((void **)&rbuf, 4096, 1 << 20)) {
		ok(0, "open %s O_DIRECT for the live switch", devpath);
		return;
	}
	fsum_init(&s);
	for (uint64_t o = 0; o < (4 << 20); o += 1 << 20) {
		pread_full(fd, rbuf, 1 << 20, off + o);
		fsum_add(&s, rbuf, 1 << 20);
	}
	want = fsum_final(&s);
	close(fd);
	fflush(stdout);
	pid = fork();
	if (pid == 0)
		_exit(live_reader(off, want, 8));
	for (i = good = 0; i < 10; i++) {
		good += write_q("queue/scheduler", names[i & 1 ? other : cur]) == 0;
		usleep(20000);
	}
	i = wait_status(pid);
	ok(good == 10 && WIFEXITED(i) && WEXITSTATUS(i) == 0,
	   "10 live switches while a process reads 4 MiB O_DIRECT 8 times: same data (%s)",
	   status_str(i));
	ok_sys(write_q("queue/scheduler", names[cur]), "switch back to %s", names[cur]);
	schedulers(now, &cur2);
	ok(cur2 >= 0 && !strcmp(now[cur2], names[cur]), "[%s] is current again", names[cur]);
}

static void test_queue_limits(void)
{
	unsigned long long a[32], b[32];
	long long nr, msk, mhw, ra;
	char val[32];
	int fd;

	nr = read_ll(sysq(dev, "queue/nr_requests"));
	ok(nr >= 4, "queue/nr_requests readable (%lld)", nr);
	ok(write_q("queue/nr_requests", "32") == 0 && read_ll(sysq(dev, "queue/nr_requests")) == 32,
	   "nr_requests set to 32");
	ok(write_q("queue/nr_requests", "1") == 0 && read_ll(sysq(dev, "queue/nr_requests")) == 4,
	   "nr_requests below the minimum becomes 4 (as Linux)");
	ok_errno(write_q("queue/nr_requests", "100000"), EINVAL, "nr_requests 100000: EINVAL");
	ok_errno(write_q("queue/nr_requests", "many"), EINVAL, "nr_requests \"many\": EINVAL");
	snprintf(val, sizeof(val), "%lld", nr);
	ok(write_q("queue/nr_requests", val) == 0 && read_ll(sysq(dev, "queue/nr_requests")) == nr,
	   "nr_requests restored to %lld", nr);

	msk = read_ll(sysq(dev, "queue/max_sectors_kb"));
	mhw = read_ll(sysq(dev, "queue/max_hw_sectors_kb"));
	ok(msk >= 4 && mhw >= msk, "max_sectors_kb %lld <= max_hw_sectors_kb %lld", msk, mhw);
	ok(write_q("queue/max_sectors_kb", "64") == 0 &&
	   read_ll(sysq(dev, "queue/max_sectors_kb")) == 64, "max_sectors_kb set to 64");
	ok_errno(write_q("queue/max_sectors_kb", "1"), EINVAL,
		 "max_sectors_kb below the page size: EINVAL");
	snprintf(val, sizeof(val), "%lld", mhw + 1);
	ok_errno(write_q("queue/max_sectors_kb", val), EINVAL,
		 "max_sectors_kb above max_hw_sectors_kb: EINVAL");
	fd = open(devpath, O_RDONLY | O_DIRECT | O_CLOEXEC);
	stat_file(a);
	ok_eq(read_at(fd, 8 << 20, 1 << 20), 1 << 20, "O_DIRECT read of 1 MiB");
	stat_file(b);
	ok(b[S_READS] - a[S_READS] >= 16 && b[S_READ_SECTORS] - a[S_READ_SECTORS] == 2048,
	   "split into >= 16 requests of <= 64 KiB (%llu requests, %llu sectors)",
	   b[S_READS] - a[S_READS], b[S_READ_SECTORS] - a[S_READ_SECTORS]);
	if (fd >= 0)
		close(fd);
	snprintf(val, sizeof(val), "%lld", msk);
	ok(write_q("queue/max_sectors_kb", val) == 0 &&
	   read_ll(sysq(dev, "queue/max_sectors_kb")) == msk, "max_sectors_kb restored");

	ra = read_ll(sysq(dev, "queue/read_ahead_kb"));
	ok(ra >= 0 && write_q("queue/read_ahead_kb", "512") == 0 &&
	   read_ll(sysq(dev, "queue/read_ahead_kb")) == 512,
	   "read_ahead_kb readable (%lld) and writable", ra);
	snprintf(val, sizeof(val), "%lld", ra);
	write_q("queue/read_ahead_kb", val);
	ok(read_ll(sysq(dev, "queue/rotational")) >= 0 && read_ll(sysq(dev, "queue/logical_block_size")) == 512,
	   "queue/rotational and queue/logical_block_size readable");
}

/* ---------------------------------------------------------- scratch disk */

static void test_scratch(void)
{
	const char *name = getenv("FSTEST_SCRATCH");
	static const unsigned int sizes[] = { 1, 511, 512, 513, 4095, 4096, 4097, 65536, 100000 };
	char path[64];
	struct fmodel m = { 0 };
	uint64_t off, size;
	unsigned int i = 0;
	char *buf;
	int fd, dfd, good = 1;

	if (!name || !*name) {
		skip("device-node writes: no FSTEST_SCRATCH disk");
		return;
	}
	snprintf(path, sizeof(path), "/dev/%s", name);
	size = read_ll(sysq(name, "size")) * 512;
	fd = open(path, O_RDWR | O_CLOEXEC);
	dfd = open(path, O_RDWR | O_DIRECT | O_CLOEXEC);
	if (!ok(fd >= 0 && dfd >= 0 && size >= (8 << 20), "open scratch disk %s (%llu bytes)", path,
		(unsigned long long)size))
		return;
	/* the model starts from what the host put there: zeros */
	model_add(&m, 't', size, 0, 0);
	for (off = 0; off < (2 << 20); off += sizes[i++ % ARRAY_SIZE(sizes)])
		good &= m_write(fd, &m, off, sizes[i % ARRAY_SIZE(sizes)], 21000 + i) == 0;
	ok(good, "buffered writes of 1..100000 bytes at unaligned offsets, first 2 MiB");
	ok_sys(fsync(fd), "fsync the device");
	if (posix_memalign((void **)&buf, 4096, 1 << 20))
		bail_out("posix_memalign");
	pat_fill(buf, 21500, 3 << 20, 1 << 20);
	ok_eq(pwrite(dfd, buf, 1 << 20, 3 << 20), 1 << 20, "O_DIRECT write of 1 MiB at 3 MiB");
	model_add(&m, 'w', 3 << 20, 1 << 20, 21500);
	ok(m_check(fd, &m, 3 << 20, 1 << 20), "a buffered read sees it");
	good = m_write(fd, &m, (3 << 20) + 1000, 3000, 21501) == 0;	/* cached, dirty */
	ok(good && pread(dfd, buf, 8192, 3 << 20) == 8192 &&
	   (model_fill(&m, buf + 8192, 3 << 20, 8192), 1),
	   "buffered write then O_DIRECT read of the range");
	ok(!memcmp(buf, buf + 8192, 8192), "O_DIRECT sees the dirty page-cache data");
	good = m_write(fd, &m, size - 700, 700, 21502) == 0;
	ok(good, "a buffered write of the last 700 bytes");
	pat_fill(buf, 21503, size - 1, 2);
	ok_eq(pwrite(fd, buf, 2, size - 1), 1, "a write across the end is cut short");
	model_add(&m, 'w', size - 1, 1, 21503);
	ok_errno(pwrite(fd, buf, 1, size), ENOSPC, "a write at the end: ENOSPC");
	ok_errno(pwrite(fd, buf, 1, size + 4096), ENOSPC, "a write past the end: ENOSPC");
	ok_sys(fsync(fd), "fsync");
	ok_sys(ioctl(fd, BLKFLSBUF, 0), "BLKFLSBUF drops the device's page cache");
	ok(m_check(fd, &m, 0, size), "all %llu bytes read back as written",
	   (unsigned long long)size);
	ok(m_check(dfd, &m, 0, 8 << 20) || (diag("  (through O_DIRECT)"), 0),
	   "the first 8 MiB through O_DIRECT too");
	{
		/* for the host, in lines of whole ops ("manifest+" continues) */
		static char line[65536];
		FILE *mf = fmemopen(line, sizeof(line), "w");
		size_t len, o, n;

		model_print(mf, name, &m);
		fclose(mf);
		len = strcspn(line, "\n");
		for (o = 0; o < len; o += n + 1) {
			n = len - o;
			if (n > 800)
				for (n = 800; n && line[o + n] != ' '; n--)
					;
			diag("manifest%s %.*s", o ? "+" : ":", (int)n, line + o);
		}
	}
	close(fd);
	close(dfd);
	free(buf);
	free(m.ops);
}

/* ---------------------------------------------------------- read-only disk */

static void test_readonly(void)
{
	const char *ro = getenv("FSTEST_RODEV"), *fstype = getenv("FSTEST_RODEV_FS");
	char path[64], mnt[] = "/tmp/rodev.XXXXXX", before[512], after[512], file[PATH_MAX];
	struct statvfs sv;
	int fd, flag = 0, r;

	if (!ro || !*ro) {
		skip("read-only disk: no FSTEST_RODEV");
		return;
	}
	snprintf(path, sizeof(path), "/dev/%s", ro);
	ok_eq(read_ll(sysq(ro, "ro")), 1, "/sys/block/%s/ro is 1", ro);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	ok(fd >= 0 && ioctl(fd, BLKROGET, &flag) == 0 && flag == 1, "BLKROGET is 1");
	ok_eq(pread(fd, before, sizeof(before), 0), (ssize_t)sizeof(before), "it can be read");
	close(fd);

	fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		ok(errno == EROFS || errno == EACCES, "open O_RDWR fails: %s", strerror(errno));
	} else {
		/* Linux 6.1 opens it and refuses the write */
		memset(after, 0x5a, sizeof(after));
		r = pwrite(fd, after, sizeof(after), 0);
		ok(r < 0 && (errno == EPERM || errno == EROFS),
		   "open O_RDWR works (as Linux), but a write fails: %s", r < 0 ? strerror(errno) : "wrote");
		fsync(fd);
		close(fd);
	}
	ioctl(fd = open(path, O_RDONLY | O_CLOEXEC), BLKFLSBUF, 0);
	ok(pread(fd, after, sizeof(after), 0) == (ssize_t)sizeof(after) &&
	   !memcmp(before, after, sizeof(after)), "the first sector is unchanged");
	close(fd);

	if (!fstype || !*fstype) {
		skip("mount of the read-only disk: no FSTEST_RODEV_FS");
		return;
	}
	if (!mkdtemp(mnt))
		bail_out("mkdtemp");
	r = mount(path, mnt, fstype, 0, NULL);
	if (r) {
		ok(errno == EACCES || errno == EROFS, "mount -o rw fails: %s (Linux: EACCES)",
		   strerror(errno));
	} else {
		ok(statvfs(mnt, &sv) == 0 && (sv.f_flag & ST_RDONLY),
		   "mount -o rw succeeded and made it read-only");
		umount(mnt);
	}
	ok_sys(mount(path, mnt, fstype, MS_RDONLY, NULL), "mount -o ro works");
	snprintf(file, sizeof(file), "%s/new-file", mnt);
	ok_errno(open(file, O_WRONLY | O_CREAT | O_CLOEXEC, 0644), EROFS,
		 "creating a file on it: EROFS");
	snprintf(file, sizeof(file), "%s/host/MANIFEST", mnt);
	ok(access(file, R_OK) == 0 && read_text(file, before, sizeof(before)) > 0,
	   "files on it can be read");
	ok_sys(umount(mnt), "umount");
	rmdir(mnt);
}

int main(void)
{
	char sizebuf[64];

	dev = getenv("FSTEST_DEV");
	if (!dev || !*dev) {
		skip("no disk to test: set FSTEST_DEV (e.g. vda)");
		return tap_finish();
	}
	snprintf(devpath, sizeof(devpath), "/dev/%s", dev);
	if (read_text(sysq(dev, "size"), sizebuf, sizeof(sizebuf)) <= 0)
		bail_out("no /sys/block/%s/size: %s", dev, strerror(errno));
	dev_sectors = strtoull(sizebuf, NULL, 10);
	diag("testing %s (%llu sectors)", devpath, (unsigned long long)dev_sectors);

	test_stat_layout();
	test_sizes();
	test_read_accounting();
	test_write_accounting();
	test_scheduler();
	test_queue_limits();
	test_scratch();
	test_readonly();
	return tap_finish();
}
