// SPDX-License-Identifier: GPL-2.0-only
/*
 * stress - resource exhaustion that must be contained, not fatal (slow:
 * run by "run_selftests.sh --stress", not in the fast suite):
 *   - a fork bomb under RLIMIT_NPROC (as uid 1000) stops with EAGAIN, and
 *     the whole tree can be killed and reaped;
 *   - 200 concurrent children are all reaped with their exit codes;
 *   - allocating under RLIMIT_AS ends in ENOMEM from mmap, brk and malloc;
 *   - touching memory with no limit ends in ENOMEM or a SIGKILL from the
 *     OOM killer for that process only (oom_score_adj 1000);
 *   - opening files until RLIMIT_NOFILE gives EMFILE.
 * After each, the test itself (and so the shell that ran it) still works.
 */
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>

#include "tap.h"
#include "util.h"

#define MiB (1024UL * 1024)
#define NPROC_LIMIT 30

static int nothing(void *arg)
{
	(void)arg;
	return 0;
}

/*
 * The bomb: every process (children included) forks as fast as it can;
 * the first failure is reported on the pipe, then everybody waits.
 */
static __attribute__((noreturn)) void bomb(int report_fd)
{
	int err = 0;

	for (int round = 0; round < 64; round++) {
		if (fork() < 0) {
			err = errno;
			break;
		}
	}
	if (err)
		write(report_fd, &err, sizeof(err));
	for (;;)
		pause();
}

static void test_fork_bomb(void)
{
	struct rlimit rl = { NPROC_LIMIT, NPROC_LIMIT };
	int pfd[2], err = 0, reaped = 0, st, eagain = 0, other = 0;
	pid_t root;
	ssize_t n;

	if (getuid() != 0) {
		skip("fork bomb: needs root to switch to uid 1000 (root ignores RLIMIT_NPROC)");
		return;
	}
	if (pipe(pfd))
		return;
	prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
	fflush(stdout);
	root = fork();
	if (root == 0) {
		setpgid(0, 0);
		if (setgroups(0, NULL) || setgid(1000) || setuid(1000))
			_exit(100);
		setrlimit(RLIMIT_NPROC, &rl);
		close(pfd[0]);
		bomb(pfd[1]);
	}
	setpgid(root, root);
	close(pfd[1]);
	/* Collect the first EAGAIN reports, then give the bomb a moment. */
	fcntl(pfd[0], F_SETFL, O_NONBLOCK);
	for (int i = 0; i < 300; i++) {
		while ((n = read(pfd[0], &err, sizeof(err))) == sizeof(err)) {
			if (err == EAGAIN)
				eagain++;
			else
				other++;
		}
		if (eagain >= 5)
			break;
		usleep(10000);
	}
	ok(eagain > 0 && other == 0,
	   "fork under RLIMIT_NPROC %d fails with EAGAIN (%d reports, %d other)",
	   NPROC_LIMIT, eagain, other);
	ok_sys(kill(-root, SIGKILL), "kill the whole bomb by its process group");
	while (waitpid(-1, &st, 0) > 0)
		reaped++;
	ok(reaped >= 2 && reaped <= NPROC_LIMIT,
	   "as subreaper we reap all of it: %d processes, no more than the limit", reaped);
	prctl(PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0);
	close(pfd[0]);
	ok_eq(run_in_child(nothing, NULL), 0, "fork still works afterwards");
}

static void test_many_children(void)
{
	enum { N = 200 };
	pid_t pids[N];
	int i, st, good = 0, started = 0;

	fflush(stdout);
	for (i = 0; i < N; i++) {
		pids[i] = fork();
		if (pids[i] == 0) {
			usleep(100000);
			_exit(i & 0xff);
		}
		if (pids[i] > 0)
			started++;
	}
	for (i = 0; i < N; i++) {
		if (pids[i] <= 0)
			continue;
		st = wait_status(pids[i]);
		good += WIFEXITED(st) && WEXITSTATUS(st) == (i & 0xff);
	}
	ok(started == N && good == N,
	   "%d concurrent children all run and are reaped with their status (%d)",
	   N, good);
}

static int as_child(void *arg)
{
	struct rlimit rl = { 64 * MiB, 64 * MiB };
	size_t total = 0;
	unsigned long cur;
	void *p;

	(void)arg;
	if (setrlimit(RLIMIT_AS, &rl))
		return 100;
	for (;;) {
		p = mmap(NULL, 8 * MiB, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED)
			break;
		memset(p, 1, 8 * MiB);
		total += 8 * MiB;
		if (total > 128 * MiB)
			return 1;	/* the limit did not hold */
	}
	if (errno != ENOMEM)
		return 2;
	if (malloc(32 * MiB) != NULL || errno != ENOMEM)
		return 3;
	cur = syscall(SYS_brk, 0);
	if ((unsigned long)syscall(SYS_brk, cur + 32 * MiB) != cur)
		return 4;	/* brk must fail: the break stays put */
	p = malloc(1000);	/* small things still work */
	if (!p)
		return 5;
	return total >= 32 * MiB ? 0 : 6;
}

static void test_rlimit_as(void)
{
	int st = run_in_child(as_child, NULL);

	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "under RLIMIT_AS 64 MiB: mmap ends in ENOMEM, malloc gives NULL/ENOMEM, brk stays (%s)",
	   status_str(st));
}

static int oom_child(void *arg)
{
	size_t total = 0;
	char *p;

	(void)arg;
	write_text("/proc/self/oom_score_adj", "1000");
	for (;;) {
		p = mmap(NULL, 16 * MiB, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1,
			 0);
		if (p == MAP_FAILED)
			return errno == ENOMEM ? 0 : 1;
		for (size_t i = 0; i < 16 * MiB; i += PAGE_SIZE)
			p[i] = 1;
		total += 16 * MiB;
		if (total > (64UL << 30))
			return 2;
	}
}

static void test_oom(void)
{
	int st = run_in_child(oom_child, NULL);

	ok((WIFEXITED(st) && WEXITSTATUS(st) == 0) || (WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL),
	   "touching memory without a limit ends in ENOMEM or an OOM SIGKILL of that process (%s)",
	   status_str(st));
	ok_eq(run_in_child(nothing, NULL), 0, "and we carry on: fork works");
}

static void test_emfile(void)
{
	static int fds[1 << 16];
	struct rlimit rl;
	int fd, count = 0, err = 0, first, last = -1;

	getrlimit(RLIMIT_NOFILE, &rl);
	first = open("/dev/null", O_RDONLY);
	close(first);
	while (count < (int)ARRAY_SIZE(fds)) {
		fd = open("/dev/null", O_RDONLY);
		if (fd < 0) {
			err = errno;
			break;
		}
		fds[count++] = last = fd;
	}
	ok(err == EMFILE && last == (int)rl.rlim_cur - 1,
	   "open until RLIMIT_NOFILE (%lu): EMFILE, last fd %d", (unsigned long)rl.rlim_cur, last);
	while (count > 0)
		close(fds[--count]);
	fd = open("/dev/null", O_RDONLY);
	ok_eq(fd, first, "after closing them the lowest fd is free again");
	close(fd);
}

int main(void)
{
	test_fork_bomb();
	test_many_children();
	test_rlimit_as();
	test_emfile();
	test_oom();
	return tap_finish();
}
