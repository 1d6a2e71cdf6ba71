// SPDX-License-Identifier: GPL-2.0-only
/*
 * mmap_race.c - shared file mappings under fire for a few seconds: child
 * processes store through their own shared mappings of one file, one
 * truncates it up and down, one forks children that touch and drop the
 * mapping, one calls msync/fsync, and reclaim is provoked with
 * drop_caches.  Stores past the end of the file raise SIGBUS, which the
 * storers expect and count.  Afterwards the kernel log must hold no
 * warning or oops, and the file, rewritten through a mapping and synced,
 * must read back exactly (the page cache and the disk agree).
 *
 * Usage: writeback/mmap_race [DIR] [SECONDS]   (DIR or $FSTEST_DIR: a
 * mounted file system; SECONDS default 5)
 * The children share nothing but the file; the parent only waits.
 */
#include "tap.h"
#include "util.h"
#include "storage/fstest.h"
#include "writeback/wbtest.h"

#include <sys/mman.h>
#include <sys/wait.h>

#define PG	4096UL
#define NPG	256UL		/* the file's largest size, pages */

static sigjmp_buf bus_env;
static volatile sig_atomic_t bus_count;

static void on_bus(int sig)
{
	(void)sig;
	bus_count++;
	siglongjmp(bus_env, 1);
}

/* Each child is its own process: one generator state per process. */
static uint64_t rnd_state;

static uint64_t rnd(void)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 7;
	rnd_state ^= rnd_state << 17;
	return rnd_state;
}

static unsigned char *map_file(const char *path, int *fdp)
{
	int fd = open(path, O_RDWR | O_CLOEXEC);
	unsigned char *m;

	if (fd < 0)
		_exit(10);
	m = mmap(NULL, NPG * PG, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED)
		_exit(11);
	*fdp = fd;
	return m;
}

/* A child that stores at random: its seed, a SIGBUS handler, the mapping. */
static unsigned char *map_for_stores(const char *path, uint64_t seed)
{
	struct sigaction sa = { .sa_handler = on_bus };
	int fd;

	rnd_state = seed;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_NODEFER;
	sigaction(SIGBUS, &sa, NULL);
	return map_file(path, &fd);
}

/* Store random bytes at random pages until the deadline; SIGBUS is expected. */
static void storer(const char *path, long long until, uint64_t seed)
{
	unsigned char *m = map_for_stores(path, seed);

	while (now_ns(CLOCK_MONOTONIC) < until) {
		volatile unsigned char *p = m + rnd() % (NPG * PG);

		if (sigsetjmp(bus_env, 1) == 0)
			*p = (unsigned char)rnd();
	}
	_exit(0);
}

static void truncator(const char *path, long long until, uint64_t seed)
{
	int fd = open(path, O_RDWR | O_CLOEXEC);

	rnd_state = seed;
	if (fd < 0)
		_exit(10);
	while (now_ns(CLOCK_MONOTONIC) < until) {
		if (ftruncate(fd, (off_t)(rnd() % (NPG + 1)) * PG - (rnd() % 2) * 100) &&
		    errno != EINVAL)
			_exit(12);
		usleep(2000);
	}
	_exit(0);
}

static void syncer(const char *path, long long until)
{
	int fd;
	unsigned char *m = map_file(path, &fd);

	while (now_ns(CLOCK_MONOTONIC) < until) {
		if (msync(m, NPG * PG, MS_SYNC) && errno != ENOMEM)
			_exit(13);
		if (fsync(fd))
			_exit(14);
		write_text("/proc/sys/vm/drop_caches", "1");
		usleep(5000);
	}
	_exit(0);
}

/* Forks children that inherit the mapping, touch it and exit. */
static void forker(const char *path, long long until, uint64_t seed)
{
	unsigned char *m = map_for_stores(path, seed);

	while (now_ns(CLOCK_MONOTONIC) < until) {
		pid_t pid = fork();

		if (pid == 0) {
			for (int i = 0; i < 64; i++) {
				volatile unsigned char *p = m + rnd() % (NPG * PG);

				if (sigsetjmp(bus_env, 1) == 0)
					*p = 1;
			}
			_exit(0);
		}
		if (pid > 0)
			waitpid(pid, NULL, 0);
		rnd();	/* the next child picks other pages */
	}
	_exit(0);
}

static long long count_log_problems(void)
{
	static char buf[1 << 20];
	long long n = 0;
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	ssize_t len;

	if (fd < 0)
		return -1;
	/* every record from the start of the buffer */
	while ((len = read(fd, buf, sizeof(buf) - 1)) > 0) {
		buf[len] = 0;
		if (strstr(buf, "WARNING:") || strstr(buf, "BUG:") || strstr(buf, "Oops") ||
		    strstr(buf, "Bad page"))
			n++;
	}
	close(fd);
	return n;
}

int main(int argc, char **argv)
{
	int seconds = argc > 2 ? atoi(argv[2]) : 5, st, fd, failed = 0;
	long long until, problems0, problems1;
	unsigned char *m, *buf, *want;
	const char *f;
	pid_t pids[7];

	if (fst_setup(argc, argv, "wb-mmap-race"))
		return tap_finish();
	f = P("racy");
	fd = open(f, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0 || ftruncate(fd, NPG * PG))
		bail_out("create %s: %s", f, strerror(errno));
	close(fd);
	problems0 = count_log_problems();
	until = now_ns(CLOCK_MONOTONIC) + seconds * 1000000000LL;
	for (int i = 0; i < 7; i++) {
		pids[i] = fork();
		if (pids[i] < 0)
			bail_out("fork: %s", strerror(errno));
		if (pids[i])
			continue;
		switch (i) {
		case 0: case 1: case 2: case 3:
			storer(f, until, 0x1234567ULL * (i + 1));
			break;
		case 4:
			truncator(f, until, 99);
			break;
		case 5:
			syncer(f, until);
			break;
		default:
			forker(f, until, 77);
		}
	}
	for (int i = 0; i < 7; i++) {
		waitpid(pids[i], &st, 0);
		if (!WIFEXITED(st) || WEXITSTATUS(st)) {
			diag("child %d: %s", i, status_str(st));
			failed++;
		}
	}
	ok(failed == 0, "%d s of stores, truncation, forks, msync and reclaim: every process "
	   "ended cleanly", seconds);
	problems1 = count_log_problems();
	ok(problems1 == problems0, "no kernel warning, BUG or bad page state meanwhile (%lld -> %lld)",
	   problems0, problems1);

	/* The file still behaves: a full rewrite through a mapping reads back. */
	fd = open(f, O_RDWR | O_CLOEXEC);
	if (fd < 0 || ftruncate(fd, NPG * PG))
		bail_out("reopen %s: %s", f, strerror(errno));
	m = mmap(NULL, NPG * PG, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED)
		bail_out("mmap: %s", strerror(errno));
	pat_fill(m, 31, 0, NPG * PG);
	ok_sys(msync(m, NPG * PG, MS_SYNC), "rewrite through a mapping and msync");
	munmap(m, NPG * PG);
	write_text("/proc/sys/vm/drop_caches", "1");
	buf = abuf(NPG * PG);
	want = abuf(NPG * PG);
	pat_fill(want, 31, 0, NPG * PG);
	ok(pread(fd, buf, NPG * PG, 0) == (ssize_t)(NPG * PG) && !memcmp(buf, want, NPG * PG),
	   "read(2) after dropping the cache sees the rewrite");
	close(fd);
	fst_cleanup();
	return tap_finish();
}
