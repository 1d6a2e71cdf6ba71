// SPDX-License-Identifier: GPL-2.0-only
/*
 * soak - memory and writeback load of every kind at once, for a while,
 * with every byte checked (the guest side of `make soak`,
 * Documentation/dev-tools/soak.md).
 *
 * Usage: soak DIR SECONDS
 *   DIR on a disk file system with room for ~1.5 x RAM; swap should be on.
 *
 * Four kinds of workers run side by side until SECONDS have passed:
 *   writer    writes 8 MiB files of a pattern naming the file and offset,
 *             fsyncs every other one, reads back and checks the oldest
 *             file it keeps, deletes the one before (keeps about a
 *             quarter of RAM on disk)
 *   anon      keeps 0.6 x RAM of anonymous memory, rewriting a random
 *             16 MiB stretch with a new generation and checking another
 *             against the generation it last wrote there: with the rest,
 *             most of it lives in swap
 *   traverse  maps a 0.5 x RAM file made at the start, reads every u16
 *             and checks the sum against the one computed when the file
 *             was written (seed 002's traversal), unmaps, again
 *   forker    forks children that touch 4 MiB, fork a grandchild, exec
 *             /bin/true and exit, a few at a time
 * Each worker exits 0 when it saw no wrong byte and every call it made
 * worked (ENOSPC and ENOMEM excepted: load may run short of them), 1
 * otherwise, with a line saying what was wrong.  soak prints one TAP
 * line per worker with its rounds, and "ok" only if it exited 0 in time
 * after being told to stop (a hang shows as a worker that does not).
 */
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysinfo.h>
#include <sys/wait.h>
#include <stdint.h>
#include <stdlib.h>

#include "../selftests/tap.h"
#include "../selftests/util.h"

#define MiB (1024UL * 1024)
#define FILE_BYTES (8 * MiB)
#define STRETCH (16 * MiB)

static volatile sig_atomic_t stop;
static size_t ram;
static const char *dir;

static void on_term(int sig)
{
	(void)sig;
	stop = 1;
}

/* Rounds done, in a shared page so the parent can report them. */
static unsigned long *rounds;

static uint64_t mix(uint64_t a, uint64_t b)
{
	return (a * 0x9e3779b97f4a7c15ULL) ^ (b + 0x7f4a7c15ULL) ^ (a >> 29);
}

/* ------------------------------------------------------------ writer */

static int write_file(unsigned long n)
{
	static uint64_t buf[65536];
	char path[PATH_MAX];
	int fd;

	snprintf(path, sizeof(path), "%s/w%lu", dir, n);
	fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0600);
	if (fd < 0)
		return errno == ENOSPC ? 0 : -1;
	for (size_t off = 0; off < FILE_BYTES; off += sizeof(buf)) {
		for (size_t i = 0; i < ARRAY_SIZE(buf); i++)
			buf[i] = mix(n, off / 8 + i);
		if (write(fd, buf, sizeof(buf)) != (ssize_t)sizeof(buf)) {
			int e = errno;

			close(fd);
			return e == ENOSPC ? 0 : -1;
		}
	}
	if (n % 2 && fsync(fd)) {
		close(fd);
		return -1;
	}
	return close(fd);
}

/* 0 if file n reads back as written (or is gone), -1 with a message otherwise. */
static int check_file(unsigned long n)
{
	static uint64_t buf[65536];
	char path[PATH_MAX];
	int fd;

	snprintf(path, sizeof(path), "%s/w%lu", dir, n);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return errno == ENOENT ? 0 : -1;
	for (size_t off = 0;; off += sizeof(buf)) {
		ssize_t got = read(fd, buf, sizeof(buf));

		if (got <= 0) {
			close(fd);
			return got;
		}
		for (size_t i = 0; i < (size_t)got / 8; i++) {
			if (buf[i] != mix(n, off / 8 + i)) {
				printf("# writer: %s: wrong word at byte %zu\n", path, off + i * 8);
				close(fd);
				return -1;
			}
		}
	}
}

static int writer(void)
{
	unsigned long keep = ram / 4 / FILE_BYTES + 1, n;
	char path[PATH_MAX];

	for (n = 0; !stop; n++) {
		/* The oldest file kept: long out of the page cache by now. */
		if (write_file(n) || check_file(n >= keep ? n - keep + 1 : 0)) {
			printf("# writer: file %lu: %s\n", n, strerror(errno));
			return 1;
		}
		if (n >= keep) {
			snprintf(path, sizeof(path), "%s/w%lu", dir, n - keep);
			unlink(path);
		}
		rounds[0]++;
	}
	return 0;
}

/* ------------------------------------------------------------ anon */

static int anon(void)
{
	size_t bytes = (ram * 6 / 10) & ~(STRETCH - 1), stretches = bytes / STRETCH;
	uint64_t *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	unsigned int *gen = calloc(stretches, sizeof(*gen));
	unsigned int seed = 1;

	if (p == MAP_FAILED || !gen) {
		printf("# anon: no memory for %zu MiB\n", bytes / MiB);
		return 1;
	}
	for (size_t s = 0; s < stretches; s++)
		for (size_t i = 0; i < STRETCH / 8; i++)
			p[s * STRETCH / 8 + i] = mix(s, i);
	while (!stop) {
		size_t w = rand_r(&seed) % stretches, c = rand_r(&seed) % stretches;
		uint64_t *q = p + c * STRETCH / 8;

		for (size_t i = 0; i < STRETCH / 8; i++) {
			if (q[i] != mix(c + ((uint64_t)gen[c] << 32), i)) {
				printf("# anon: stretch %zu generation %u: wrong word %zu\n", c, gen[c],
				       i);
				return 1;
			}
		}
		gen[w]++;
		q = p + w * STRETCH / 8;
		for (size_t i = 0; i < STRETCH / 8; i++)
			q[i] = mix(w + ((uint64_t)gen[w] << 32), i);
		rounds[1]++;
	}
	return 0;
}

/* ------------------------------------------------------------ traverse */

static int traverse(const char *path, size_t bytes, uint64_t want)
{
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return 1;
	while (!stop) {
		const uint16_t *p = mmap(NULL, bytes, PROT_READ, MAP_SHARED, fd, 0);
		uint64_t sum = 0;

		if (p == MAP_FAILED) {
			printf("# traverse: mmap: %s\n", strerror(errno));
			return 1;
		}
		for (size_t i = 0; i < bytes / 2; i++)
			sum += p[i];
		munmap((void *)p, bytes);
		if (sum != want) {
			printf("# traverse: sum %llu, want %llu\n", (unsigned long long)sum,
			       (unsigned long long)want);
			return 1;
		}
		rounds[2]++;
	}
	close(fd);
	return 0;
}

/* The traversal's file: bytes of words whose u16 sum is returned in *sum. */
static int make_traverse_file(const char *path, size_t bytes, uint64_t *sum)
{
	static uint16_t buf[32768];
	int fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0600);

	*sum = 0;
	if (fd < 0)
		return -1;
	for (size_t off = 0; off < bytes; off += sizeof(buf)) {
		for (size_t i = 0; i < ARRAY_SIZE(buf); i++) {
			buf[i] = (uint16_t)mix(off, i);
			*sum += buf[i];
		}
		if (write(fd, buf, sizeof(buf)) != (ssize_t)sizeof(buf)) {
			close(fd);
			return -1;
		}
	}
	fsync(fd);
	return close(fd);
}

/* ------------------------------------------------------------ forker */

static int one_fork(void)
{
	pid_t pid = fork();
	int st;

	if (pid < 0)
		return errno == ENOMEM || errno == EAGAIN ? 0 : -1;
	if (pid == 0) {
		char *m = malloc(4 * MiB);
		pid_t g;

		if (m)
			memset(m, 0x5a, 4 * MiB);
		g = fork();
		if (g == 0) {
			execl("/bin/true", "true", (char *)NULL);
			_exit(127);
		}
		if (g > 0 && (waitpid(g, &st, 0) != g || !WIFEXITED(st) || WEXITSTATUS(st)))
			_exit(1);
		for (size_t i = 0; m && i < 4 * MiB; i += 4096)
			if (m[i] != 0x5a)
				_exit(2);
		_exit(0);
	}
	st = wait_status(pid);
	if (!WIFEXITED(st) || WEXITSTATUS(st)) {
		printf("# forker: child %s\n", status_str(st));
		return -1;
	}
	return 0;
}

static int forker(void)
{
	while (!stop) {
		if (one_fork())
			return 1;
		rounds[3]++;
	}
	return 0;
}

/* ------------------------------------------------------------ main */

static const char *const names[] = { "writer", "anon", "traverse", "forker" };

int main(int argc, char **argv)
{
	char tpath[PATH_MAX];
	pid_t pids[ARRAY_SIZE(names)];
	struct sysinfo si;
	uint64_t tsum;
	size_t tbytes;
	long seconds;

	if (argc != 3 || (seconds = strtol(argv[2], NULL, 10)) <= 0)
		bail_out("usage: soak DIR SECONDS");
	dir = argv[1];
	if (sysinfo(&si))
		bail_out("sysinfo: %s", strerror(errno));
	ram = (size_t)si.totalram * si.mem_unit;
	rounds = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (rounds == MAP_FAILED)
		bail_out("mmap: %s", strerror(errno));
	tap_plan(ARRAY_SIZE(names) + 1);
	diag("RAM %zu MiB, swap %lu MiB, %ld s", ram / MiB,
	     (unsigned long)si.totalswap * si.mem_unit / MiB, seconds);
	tbytes = (ram / 2) & ~(MiB - 1);
	snprintf(tpath, sizeof(tpath), "%s/traverse", dir);
	if (make_traverse_file(tpath, tbytes, &tsum))
		bail_out("cannot write %s: %s", tpath, strerror(errno));

	signal(SIGTERM, on_term);
	fflush(stdout);
	for (size_t w = 0; w < ARRAY_SIZE(names); w++) {
		pids[w] = fork();
		if (pids[w] == 0) {
			int r;

			switch (w) {
			case 0: r = writer(); break;
			case 1: r = anon(); break;
			case 2: r = traverse(tpath, tbytes, tsum); break;
			default: r = forker(); break;
			}
			fflush(stdout);
			_exit(r);
		}
		if (pids[w] < 0)
			bail_out("fork: %s", strerror(errno));
	}
	sleep(seconds);
	for (size_t w = 0; w < ARRAY_SIZE(names); w++)
		kill(pids[w], SIGTERM);
	/* A worker gets a minute to finish its round; one that does not has hung. */
	alarm(60);
	for (size_t w = 0; w < ARRAY_SIZE(names); w++) {
		int st = wait_status(pids[w]);

		ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "%s: %lu rounds, %s", names[w], rounds[w],
		   status_str(st));
	}
	alarm(0);
	ok(!unlink(tpath), "the traversal file is still there to delete");
	return tap_finish();
}
