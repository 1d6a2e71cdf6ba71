// SPDX-License-Identifier: GPL-2.0-only
/*
 * schedbench - scheduler and IPC figures measured inside a guest: pipe
 * ping-pong and pipe streaming between two processes, futex wake-ups and
 * context switches, with both processes on one CPU, on two CPUs, or where
 * the scheduler puts them.
 *
 * Usage: schedbench [options] [TEST...]
 *   -s, --seconds S   measured time of each test (default 3)
 *   -w, --warmup S    untimed run before each measurement (default 0.3)
 *   -T, --timeout S   a test still running S seconds after its warm-up
 *                     and measurement should have ended is killed and
 *                     reported as an error (default 60)
 *   -l, --list        print the test names, one a line, and exit
 *   -h, --help
 * A TEST argument selects every test whose name starts with it
 * ("pipe-pp" is all five ping-pong tests); without one, all tests run.
 *
 * In each test a timing process P forks a partner C.  "same": both are
 * pinned to the first CPU P may use; "cross": P to that CPU, C to the
 * second; "any": no affinity is set (what a shell pipeline gets).
 *   pipe-pp-{1,4k}-{same,cross}, pipe-pp-1-any
 *       P writes a 1- or 4096-byte message into one pipe, C reads it and
 *       writes it back through a second pipe.  Op: one round trip.
 *   pipe-stream-{1,4k}-{same,cross}, pipe-stream-1-any
 *       C writes 1- or 4096-byte blocks into a pipe without pause; P reads
 *       with a 64 KiB buffer, as cat does (so this is `dd bs=1 | cat`).
 *       Op: one of C's writes, counted from the bytes P received.
 *   futex-pp-{same,cross}
 *       P and C pass a turn back and forth through a word in a MAP_SHARED
 *       anonymous page: set the word, FUTEX_WAKE, then FUTEX_WAIT until the
 *       other side sets it back.  Shared futexes (no FUTEX_PRIVATE_FLAG),
 *       since P and C are separate processes.  Op: one round trip (two
 *       wake-ups).
 *   ctxsw-pipe
 *       pipe-pp-1-same measured again and reported as context switches:
 *       both tasks are pinned to one CPU and each blocks in read() until
 *       the other has written, so a round trip is exactly two switches.
 *   ctxsw-yield
 *       P and C, pinned to one CPU, pass a turn through a shared word,
 *       waiting for it with sched_yield() (no sleeping).  A turn can only
 *       pass when the other process runs, so a round trip is at least two
 *       switches.  yields_per_op counts P's yields per round trip: 1 when
 *       every yield switched to C.
 *
 * Output: a header line, then one line per test and a summary line:
 *   schedbench start seconds=S warmup=W cpus=N kernel=RELEASE
 *   schedbench test=NAME cpus=P,C iters=N secs=S us_per_op=X ops_per_s=Y
 *       [MBps=M reads=R] [switches_per_s=W] [eagain=E] [yields_per_op=Q]
 *   schedbench test=NAME skipped=REASON
 *   schedbench test=NAME error=CALL:ERRNO | error=DESCRIPTION
 *   schedbench done tests=N skipped=K failed=F
 * cpus= names the CPUs P and C were on when the measurement ended (for a
 * pinned test anything but the CPUs asked for is an error).  An
 * ITIMER_REAL signal ends the warm-up and the measurement; secs= is the
 * CLOCK_MONOTONIC time the measured ops took.  MB/s are 10^6 bytes per
 * second.  eagain= counts the
 * FUTEX_WAITs that found the word already changed and so did not sleep.
 * A test that needs two CPUs is skipped on one; a test whose affinity
 * call fails is skipped with the errno.
 *
 * Exit status: 0 when every selected test ran or was skipped, 1 when one
 * failed, 2 on usage errors or when the shared page cannot be mapped.
 *
 * Each test runs in a process of its own (so its affinity does not leak
 * into the next test) and in its own process group, which the top-level
 * process kills when the test overruns its time.
 */
#include <errno.h>
#include <getopt.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* futex(2) operations (the Linux ABI; musl has no <linux/futex.h>) */
#define FUTEX_WAIT		0
#define FUTEX_WAKE		1

#define STREAM_READ_SIZE	65536	/* the reader's buffer: cat's, and a
					   whole default pipe */

/* The top-level process's exit codes for a test's process. */
#define RUN_OK		0
#define RUN_ERROR	1
#define RUN_SKIPPED	3

enum kind { PIPE_PP, PIPE_STREAM, FUTEX_PP, YIELD_PP };
enum place { SAME, CROSS, ANY };

struct test {
	const char *name;
	enum kind kind;
	size_t size;		/* bytes per message or write */
	enum place place;
	int switches;		/* report switches per second (two an op) */
};

static const struct test tests[] = {
	{ "pipe-pp-1-same",	 PIPE_PP,     1,    SAME,  0 },
	{ "pipe-pp-1-cross",	 PIPE_PP,     1,    CROSS, 0 },
	{ "pipe-pp-1-any",	 PIPE_PP,     1,    ANY,   0 },
	{ "pipe-pp-4k-same",	 PIPE_PP,     4096, SAME,  0 },
	{ "pipe-pp-4k-cross",	 PIPE_PP,     4096, CROSS, 0 },
	{ "pipe-stream-1-same",	 PIPE_STREAM, 1,    SAME,  0 },
	{ "pipe-stream-1-cross", PIPE_STREAM, 1,    CROSS, 0 },
	{ "pipe-stream-1-any",	 PIPE_STREAM, 1,    ANY,   0 },
	{ "pipe-stream-4k-same", PIPE_STREAM, 4096, SAME,  0 },
	{ "pipe-stream-4k-cross", PIPE_STREAM, 4096, CROSS, 0 },
	{ "futex-pp-same",	 FUTEX_PP,    0,    SAME,  0 },
	{ "futex-pp-cross",	 FUTEX_PP,    0,    CROSS, 0 },
	{ "ctxsw-pipe",		 PIPE_PP,     1,    SAME,  1 },
	{ "ctxsw-yield",	 YIELD_PP,    0,    SAME,  1 },
};

/*
 * The page P and C share (MAP_SHARED | MAP_ANONYMOUS, mapped once before
 * any fork).  Reset by P before it forks C; afterwards each field has one
 * writer except turn, which is handed over.
 */
struct shared {
	int turn;		/* futex-pp, ctxsw-yield: TURN_* */
	int ready;		/* C: READY_* (a futex word) */
	int child_cpu;		/* C: its CPU when it stopped */
	int child_err;		/* C: errno of the call that failed */
	char child_what[32];	/* C: that call, or what went wrong */
};
#define TURN_P		0
#define TURN_C		1
#define TURN_STOP	2
#define READY_WAIT	0
#define READY_OK	1
#define READY_FAIL	2

static struct shared *sh;
static double opt_seconds = 3, opt_warmup = 0.3, opt_timeout = 60;
static cpu_set_t all_cpus;	/* the affinity schedbench started with */
static int cpu_first = -1, cpu_second = -1;
static volatile sig_atomic_t alarmed;	/* the top level's deadline */
static volatile sig_atomic_t time_up;	/* a test's measuring time is over */

/* 64 KiB-aligned so no message straddles more pages than it must */
static char msg_buf[STREAM_READ_SIZE] __attribute__((aligned(65536)));

/* ------------------------------------------------------------ helpers */

static const char *errname(int err)
{
	static const struct { int err; const char *name; } names[] = {
		{ EPERM, "EPERM" }, { ENOENT, "ENOENT" }, { ESRCH, "ESRCH" },
		{ EINTR, "EINTR" }, { EIO, "EIO" }, { EBADF, "EBADF" },
		{ ECHILD, "ECHILD" }, { EAGAIN, "EAGAIN" }, { ENOMEM, "ENOMEM" },
		{ EFAULT, "EFAULT" }, { EINVAL, "EINVAL" }, { EMFILE, "EMFILE" },
		{ ENFILE, "ENFILE" }, { EPIPE, "EPIPE" }, { ENOSYS, "ENOSYS" },
		{ ETIMEDOUT, "ETIMEDOUT" }, { EOPNOTSUPP, "EOPNOTSUPP" },
	};
	static char buf[24];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(names); i++)
		if (names[i].err == err)
			return names[i].name;
	snprintf(buf, sizeof(buf), "errno%d", err);
	return buf;
}

static double now(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC, &ts) < 0) {
		perror("schedbench: clock_gettime(CLOCK_MONOTONIC)");
		_exit(RUN_ERROR);
	}
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int futex_wait(int *word, int val)
{
	return syscall(SYS_futex, word, FUTEX_WAIT, val, NULL, NULL, 0);
}

static int futex_wake(int *word)
{
	return syscall(SYS_futex, word, FUTEX_WAKE, 1, NULL, NULL, 0);
}

static int load(int *p)
{
	return __atomic_load_n(p, __ATOMIC_SEQ_CST);
}

static void store(int *p, int v)
{
	__atomic_store_n(p, v, __ATOMIC_SEQ_CST);
}

/*
 * Sleep on a futex word while it holds val.  Returns 0 once it holds
 * something else, or -1 with errno set.  *eagain counts the waits that
 * found the word already changed.
 */
static int wait_while(int *word, int val, unsigned long *eagain)
{
	while (load(word) == val) {
		if (futex_wait(word, val) == 0 || errno == EINTR)
			continue;
		if (errno != EAGAIN)
			return -1;
		if (eagain)
			(*eagain)++;
	}
	return 0;
}

static int pin_to(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

/* Whole-message I/O: returns len, 0 at end of file before any byte, -1. */
static ssize_t read_full(int fd, char *buf, size_t len)
{
	size_t done = 0;
	ssize_t r;

	while (done < len) {
		r = read(fd, buf + done, len - done);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0) {
			if (done == 0)
				return 0;
			errno = EIO;	/* a message cut short */
			return -1;
		}
		done += r;
	}
	return done;
}

static ssize_t write_full(int fd, const char *buf, size_t len)
{
	size_t done = 0;
	ssize_t r;

	while (done < len) {
		r = write(fd, buf + done, len - done);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		done += r;
	}
	return done;
}

/* ------------------------------------------------------------ the partner C */

static void __attribute__((noreturn)) child_fail(const char *what, int err)
{
	snprintf(sh->child_what, sizeof(sh->child_what), "%s", what);
	store(&sh->child_err, err);
	store(&sh->ready, READY_FAIL);
	futex_wake(&sh->ready);
	_exit(RUN_ERROR);
}

static void __attribute__((noreturn)) child_done(void)
{
	store(&sh->child_cpu, sched_getcpu());
	_exit(RUN_OK);
}

/* Echo messages until P closes its end. */
static void child_pipe_pp(size_t size, int in, int out)
{
	ssize_t r;

	for (;;) {
		r = read_full(in, msg_buf, size);
		if (r == 0)
			child_done();
		if (r < 0)
			child_fail("read", errno);
		if (write_full(out, msg_buf, size) < 0)
			child_fail("write", errno);
	}
}

/* Write until P closes the read end (EPIPE; SIGPIPE is ignored). */
static void child_pipe_stream(size_t size, int out)
{
	for (;;) {
		if (write(out, msg_buf, size) >= 0 || errno == EINTR)
			continue;
		if (errno == EPIPE)
			child_done();
		child_fail("write", errno);
	}
}

static void child_futex_pp(void)
{
	for (;;) {
		if (wait_while(&sh->turn, TURN_P, NULL) < 0)
			child_fail("futex_wait", errno);
		if (load(&sh->turn) == TURN_STOP)
			child_done();
		store(&sh->turn, TURN_P);
		if (futex_wake(&sh->turn) < 0)
			child_fail("futex_wake", errno);
	}
}

static void child_yield_pp(void)
{
	int t;

	for (;;) {
		while ((t = load(&sh->turn)) == TURN_P)
			if (sched_yield() < 0)
				child_fail("sched_yield", errno);
		if (t == TURN_STOP)
			child_done();
		store(&sh->turn, TURN_P);
	}
}

static void __attribute__((noreturn))
child_main(const struct test *t, int in, int out)
{
	if (t->place == CROSS && pin_to(cpu_second) < 0)
		child_fail("sched_setaffinity", errno);
	store(&sh->ready, READY_OK);
	if (futex_wake(&sh->ready) < 0)
		child_fail("futex_wake", errno);

	switch (t->kind) {
	case PIPE_PP:
		child_pipe_pp(t->size, in, out);
		break;
	case PIPE_STREAM:
		child_pipe_stream(t->size, out);
		break;
	case FUTEX_PP:
		child_futex_pp();
		break;
	case YIELD_PP:
		child_yield_pp();
		break;
	}
	child_fail("bad test kind", EINVAL);
}

/* ------------------------------------------------------------ the timer P */

/* One P-side operation: 0, or -1 with errno set and *what naming the call. */
struct op_ctx {
	const struct test *t;
	int in, out;			/* pipe ends */
	unsigned long long bytes;	/* pipe-stream: received */
	unsigned long eagain;		/* futex-pp */
	unsigned long long yields;	/* ctxsw-yield */
	const char *what;
};

static int op_pipe_pp(struct op_ctx *c)
{
	ssize_t r;

	if (write_full(c->out, msg_buf, c->t->size) < 0) {
		c->what = "write";
		return -1;
	}
	r = read_full(c->in, msg_buf, c->t->size);
	if (r <= 0) {
		c->what = "read";
		if (r == 0)
			errno = EPIPE;	/* C went away */
		return -1;
	}
	return 0;
}

static int op_pipe_stream(struct op_ctx *c)
{
	ssize_t r;

	do
		r = read(c->in, msg_buf, STREAM_READ_SIZE);
	while (r < 0 && errno == EINTR);
	if (r <= 0) {
		c->what = "read";
		if (r == 0)
			errno = EPIPE;
		return -1;
	}
	c->bytes += r;
	return 0;
}

static int op_futex_pp(struct op_ctx *c)
{
	store(&sh->turn, TURN_C);
	if (futex_wake(&sh->turn) < 0) {
		c->what = "futex_wake";
		return -1;
	}
	if (wait_while(&sh->turn, TURN_C, &c->eagain) < 0) {
		c->what = "futex_wait";
		return -1;
	}
	return 0;
}

static int op_yield_pp(struct op_ctx *c)
{
	store(&sh->turn, TURN_C);
	while (load(&sh->turn) == TURN_C) {
		if (sched_yield() < 0) {
			c->what = "sched_yield";
			return -1;
		}
		c->yields++;
	}
	return 0;
}

static int do_op(struct op_ctx *c)
{
	switch (c->t->kind) {
	case PIPE_PP:
		return op_pipe_pp(c);
	case PIPE_STREAM:
		return op_pipe_stream(c);
	case FUTEX_PP:
		return op_futex_pp(c);
	case YIELD_PP:
		return op_yield_pp(c);
	}
	errno = EINVAL;
	c->what = "bad test kind";
	return -1;
}

static void on_time_up(int sig)
{
	(void)sig;
	time_up = 1;
}

/*
 * Run ops for secs seconds.  An ITIMER_REAL signal ends the run, so the
 * loop reads no clock (clock_gettime() is a system call where there is
 * no vDSO) and the run ends one op after the timer, however long ops
 * take.  The elapsed time is measured, not assumed.  The handler is
 * SA_RESTART; the ops retry EINTR as well.
 */
static int timed_run(struct op_ctx *c, double secs, unsigned long long *n,
		     double *elapsed)
{
	struct itimerval it = { .it_value = {
		.tv_sec = (time_t)secs,
		.tv_usec = (suseconds_t)((secs - (time_t)secs) * 1e6),
	} };
	double t0;

	*n = 0;
	*elapsed = 0;
	if (it.it_value.tv_sec == 0 && it.it_value.tv_usec == 0)
		return 0;	/* zero would disarm the timer */
	time_up = 0;
	t0 = now();
	if (setitimer(ITIMER_REAL, &it, NULL) < 0) {
		c->what = "setitimer";
		return -1;
	}
	while (!time_up) {
		if (do_op(c) < 0)
			return -1;
		(*n)++;
	}
	*elapsed = now() - t0;
	return 0;
}

/* Tell C to stop, reap it; its exit status, or -1 if it died otherwise. */
static int stop_child(const struct test *t, pid_t pid, struct op_ctx *c)
{
	int st;

	switch (t->kind) {
	case PIPE_PP:
	case PIPE_STREAM:
		close(c->out);	/* pipe-pp: C sees end of file */
		close(c->in);	/* pipe-stream: C's next write fails */
		break;
	case FUTEX_PP:
	case YIELD_PP:
		store(&sh->turn, TURN_STOP);
		futex_wake(&sh->turn);
		break;
	}
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	if (!WIFEXITED(st)) {
		printf("schedbench test=%s error=partner-killed-by-signal-%d\n", t->name,
		       WIFSIGNALED(st) ? WTERMSIG(st) : 0);
		return -1;
	}
	return WEXITSTATUS(st);
}

static void report(const struct test *t, struct op_ctx *c, unsigned long long n,
		   double secs, int p_cpu)
{
	unsigned long long ops = n;
	char extra[160] = "";
	size_t len = 0;

	if (t->kind == PIPE_STREAM) {
		ops = c->bytes / t->size;
		len += snprintf(extra + len, sizeof(extra) - len, " MBps=%.3f reads=%llu",
				c->bytes / secs / 1e6, n);
	}
	if (t->switches)
		len += snprintf(extra + len, sizeof(extra) - len, " switches_per_s=%.0f",
				2 * ops / secs);
	if (t->kind == FUTEX_PP)
		len += snprintf(extra + len, sizeof(extra) - len, " eagain=%lu", c->eagain);
	if (t->kind == YIELD_PP)
		snprintf(extra + len, sizeof(extra) - len, " yields_per_op=%.2f",
			 ops ? (double)c->yields / ops : 0.0);
	printf("schedbench test=%s cpus=%d,%d iters=%llu secs=%.3f us_per_op=%.3f ops_per_s=%.0f%s\n",
	       t->name, p_cpu, load(&sh->child_cpu), ops, secs,
	       ops ? secs * 1e6 / ops : 0.0, ops / secs, extra);
}

/* The body of a test's own process: returns RUN_*. */
static int run_test(const struct test *t)
{
	struct op_ctx c = { .t = t, .in = -1, .out = -1 };
	int p2c[2] = { -1, -1 }, c2p[2] = { -1, -1 };
	unsigned long long n;
	double secs;
	int p_cpu, rc;
	pid_t pid;

	if (t->place == CROSS && cpu_second < 0) {
		printf("schedbench test=%s skipped=one-cpu\n", t->name);
		return RUN_SKIPPED;
	}
	if (t->place != ANY && pin_to(cpu_first) < 0) {
		printf("schedbench test=%s skipped=sched_setaffinity:%s\n", t->name,
		       errname(errno));
		return RUN_SKIPPED;
	}
	if ((t->kind == PIPE_PP || t->kind == PIPE_STREAM) && (pipe(p2c) < 0 || pipe(c2p) < 0)) {
		printf("schedbench test=%s error=pipe:%s\n", t->name, errname(errno));
		return RUN_ERROR;
	}
	memset(sh, 0, sizeof(*sh));
	sh->child_cpu = -1;

	pid = fork();
	if (pid < 0) {
		printf("schedbench test=%s error=fork:%s\n", t->name, errname(errno));
		return RUN_ERROR;
	}
	if (pid == 0) {
		if (t->kind == PIPE_PP || t->kind == PIPE_STREAM) {
			close(p2c[1]);
			close(c2p[0]);
		}
		child_main(t, p2c[0], c2p[1]);
	}
	if (t->kind == PIPE_PP || t->kind == PIPE_STREAM) {
		close(p2c[0]);
		close(c2p[1]);
	}
	c.in = c2p[0];
	c.out = p2c[1];

	if (wait_while(&sh->ready, READY_WAIT, NULL) < 0) {
		printf("schedbench test=%s error=futex_wait:%s\n", t->name, errname(errno));
		kill(pid, SIGKILL);
		return RUN_ERROR;
	}
	if (load(&sh->ready) != READY_OK)
		goto child_failed;

	if (timed_run(&c, opt_warmup, &n, &secs) < 0)
		goto op_failed;
	c.bytes = 0;
	c.eagain = 0;
	c.yields = 0;
	if (timed_run(&c, opt_seconds, &n, &secs) < 0)
		goto op_failed;
	p_cpu = sched_getcpu();

	rc = stop_child(t, pid, &c);
	if (rc < 0)
		return RUN_ERROR;
	if (rc != RUN_OK)
		goto child_reaped;
	if (t->place != ANY) {
		int want = t->place == SAME ? cpu_first : cpu_second;

		if (p_cpu != cpu_first || load(&sh->child_cpu) != want) {
			printf("schedbench test=%s error=affinity-not-honoured cpus=%d,%d want=%d,%d\n",
			       t->name, p_cpu, load(&sh->child_cpu), cpu_first, want);
			return RUN_ERROR;
		}
	}
	report(t, &c, n, secs, p_cpu);
	return RUN_OK;

op_failed:
	rc = errno;
	/* C may be the cause (dead, or failed with a reason of its own) */
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	if (load(&sh->child_err))
		goto child_reaped;
	printf("schedbench test=%s error=%s:%s\n", t->name, c.what, errname(rc));
	return RUN_ERROR;

child_failed:
	waitpid(pid, NULL, 0);
child_reaped:
	if (!strcmp(sh->child_what, "sched_setaffinity")) {
		printf("schedbench test=%s skipped=sched_setaffinity:%s\n", t->name,
		       errname(sh->child_err));
		return RUN_SKIPPED;
	}
	printf("schedbench test=%s error=partner:%s:%s\n", t->name, sh->child_what,
	       errname(sh->child_err));
	return RUN_ERROR;
}

/* ------------------------------------------------------------ top level */

static void on_alarm(int sig)
{
	(void)sig;
	alarmed = 1;
}

/* Run one test in a process of its own, with a deadline: RUN_*. */
static int run_one(const struct test *t)
{
	unsigned int limit = opt_warmup + opt_seconds + opt_timeout + 1;
	pid_t pid;
	int st;

	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		printf("schedbench test=%s error=fork:%s\n", t->name, errname(errno));
		return RUN_ERROR;
	}
	if (pid == 0) {
		struct sigaction sa = { .sa_handler = on_time_up, .sa_flags = SA_RESTART };
		int rc;

		setpgid(0, 0);
		signal(SIGPIPE, SIG_IGN);
		if (sigaction(SIGALRM, &sa, NULL) < 0) {
			printf("schedbench test=%s error=sigaction:%s\n", t->name, errname(errno));
			fflush(stdout);
			_exit(RUN_ERROR);
		}
		rc = run_test(t);
		fflush(stdout);
		_exit(rc);
	}
	setpgid(pid, pid);	/* also here, so the kill below cannot miss */
	alarmed = 0;
	alarm(limit);
	while (waitpid(pid, &st, 0) < 0) {
		if (errno != EINTR) {
			printf("schedbench test=%s error=waitpid:%s\n", t->name, errname(errno));
			return RUN_ERROR;
		}
		if (alarmed) {
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			waitpid(pid, &st, 0);
			printf("schedbench test=%s error=timeout-after-%us\n", t->name, limit);
			return RUN_ERROR;
		}
	}
	alarm(0);
	if (WIFEXITED(st) && (WEXITSTATUS(st) == RUN_OK || WEXITSTATUS(st) == RUN_SKIPPED ||
			      WEXITSTATUS(st) == RUN_ERROR))
		return WEXITSTATUS(st);
	if (WIFSIGNALED(st))
		printf("schedbench test=%s error=killed-by-signal-%d\n", t->name, WTERMSIG(st));
	else
		printf("schedbench test=%s error=exit-status-%d\n", t->name, WEXITSTATUS(st));
	kill(-pid, SIGKILL);	/* its partner, if it is still there */
	return RUN_ERROR;
}

static void __attribute__((noreturn)) usage(int status)
{
	fprintf(status ? stderr : stdout,
		"usage: schedbench [-s SECONDS] [-w WARMUP] [-T TIMEOUT] [-l] [TEST...]\n"
		"  a TEST selects every test whose name starts with it; default: all\n");
	exit(status);
}

static double parse_secs(const char *s, const char *what, double min)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || *end || !(v >= min) || v > 86400) {
		fprintf(stderr, "schedbench: bad %s '%s'\n", what, s);
		usage(2);
	}
	return v;
}

static void find_cpus(void)
{
	int cpu;

	if (sched_getaffinity(0, sizeof(all_cpus), &all_cpus) < 0) {
		fprintf(stderr, "schedbench: sched_getaffinity: %s (pinned tests will be skipped)\n",
			strerror(errno));
		/* let the pinned tests try, and be skipped by their own errno */
		cpu_first = 0;
		return;
	}
	for (cpu = 0; cpu < CPU_SETSIZE; cpu++) {
		if (!CPU_ISSET(cpu, &all_cpus))
			continue;
		if (cpu_first < 0)
			cpu_first = cpu;
		else if (cpu_second < 0)
			cpu_second = cpu;
	}
}

static int selected(const struct test *t, int argc, char **argv)
{
	int i;

	if (argc == 0)
		return 1;
	for (i = 0; i < argc; i++)
		if (!strncmp(t->name, argv[i], strlen(argv[i])))
			return 1;
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "seconds", required_argument, NULL, 's' },
		{ "warmup", required_argument, NULL, 'w' },
		{ "timeout", required_argument, NULL, 'T' },
		{ "list", no_argument, NULL, 'l' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int i, opt, nr = 0, skipped = 0, failed = 0;
	struct sigaction sa;
	struct utsname uts;

	while ((opt = getopt_long(argc, argv, "s:w:T:lh", longopts, NULL)) != -1) {
		switch (opt) {
		case 's':
			opt_seconds = parse_secs(optarg, "--seconds", 0.01);
			break;
		case 'w':
			opt_warmup = parse_secs(optarg, "--warmup", 0);
			break;
		case 'T':
			opt_timeout = parse_secs(optarg, "--timeout", 1);
			break;
		case 'l':
			for (i = 0; i < (int)ARRAY_SIZE(tests); i++)
				printf("%s\n", tests[i].name);
			return 0;
		case 'h':
			usage(0);
		default:
			usage(2);
		}
	}
	argc -= optind;
	argv += optind;
	for (i = 0; i < argc; i++) {
		size_t k;

		for (k = 0; k < ARRAY_SIZE(tests); k++)
			if (selected(&tests[k], 1, &argv[i]))
				break;
		if (k == ARRAY_SIZE(tests)) {
			fprintf(stderr, "schedbench: no test matches '%s' (see --list)\n", argv[i]);
			return 2;
		}
	}

	sh = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED) {
		fprintf(stderr, "schedbench: mmap(MAP_SHARED|MAP_ANONYMOUS): %s\n",
			strerror(errno));
		return 2;
	}
	memset(msg_buf, 'x', sizeof(msg_buf));	/* fault it in before timing */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;	/* no SA_RESTART: waitpid() must return */
	if (sigaction(SIGALRM, &sa, NULL) < 0) {
		perror("schedbench: sigaction(SIGALRM)");
		return 2;
	}
	find_cpus();
	if (uname(&uts) < 0)
		strcpy(uts.release, "unknown");

	printf("schedbench start seconds=%g warmup=%g cpus=%d kernel=%s\n", opt_seconds,
	       opt_warmup, CPU_COUNT(&all_cpus), uts.release);
	for (i = 0; i < (int)ARRAY_SIZE(tests); i++) {
		if (!selected(&tests[i], argc, argv))
			continue;
		nr++;
		switch (run_one(&tests[i])) {
		case RUN_OK:
			break;
		case RUN_SKIPPED:
			skipped++;
			break;
		default:
			failed++;
		}
		fflush(stdout);
	}
	printf("schedbench done tests=%d skipped=%d failed=%d\n", nr, skipped, failed);
	return failed ? 1 : 0;
}
