// SPDX-License-Identifier: GPL-2.0-only
/*
 * pipes - pipe(2)/pipe2(2) and FIFOs: blocking reads and EOF, EPIPE and
 * SIGPIPE, O_NONBLOCK in both directions, the 64 KiB default capacity,
 * atomic writes of up to PIPE_BUF bytes from several writers, FIONREAD,
 * readiness through poll/select (POLLIN, POLLOUT, POLLHUP, POLLERR,
 * POLLNVAL) and the timeouts and signal masks of ppoll/pselect6, and
 * the open rules of named FIFOs.
 */
#include <limits.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/select.h>
#include <sys/stat.h>
#include <sys/syscall.h>

#include "tap.h"
#include "util.h"

#define MS 1000000LL	/* nanoseconds */

static char tmpdir[] = "/tmp/pipes.XXXXXX";

static long long ms_since(long long t0)
{
	return (now_ns(CLOCK_MONOTONIC) - t0) / MS;
}

/* fork a child that sleeps ms milliseconds, writes text to fd, exits. */
static pid_t delayed_write(int fd, int ms, const char *text)
{
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		usleep(ms * 1000);
		if (text)
			write(fd, text, strlen(text));
		_exit(0);
	}
	return pid;
}

static int poll_one(int fd, short events, int timeout)
{
	struct pollfd p = { .fd = fd, .events = events };
	int r = poll(&p, 1, timeout);

	return r < 0 ? -1 : p.revents;
}

static void test_basics(void)
{
	struct stat st;
	char buf[64];
	int pfd[2], n;

	ok_sys(pipe(pfd), "pipe");
	ok(fstat(pfd[0], &st) == 0 && S_ISFIFO(st.st_mode), "the read end is S_IFIFO");
	ok((fcntl(pfd[0], F_GETFL) & O_ACCMODE) == O_RDONLY &&
	   (fcntl(pfd[1], F_GETFL) & O_ACCMODE) == O_WRONLY,
	   "fd[0] is the O_RDONLY end, fd[1] the O_WRONLY end");
	ok_eq(write(pfd[1], "0123456789", 10), 10, "write 10 bytes");
	ok(ioctl(pfd[0], FIONREAD, &n) == 0 && n == 10, "FIONREAD says 10 bytes are waiting");
	ok_eq(read(pfd[0], buf, sizeof(buf)), 10,
	      "a read of 64 returns the 10 available, no waiting");
	ok_eq(read(pfd[0], buf, 0), 0, "a read of 0 bytes returns 0");
	ok_eq(write(pfd[1], buf, 0), 0, "a write of 0 bytes returns 0");
	ok_errno(write(pfd[0], "x", 1), EBADF, "write to the read end: EBADF");
	ok_errno(read(pfd[1], buf, 1), EBADF, "read from the write end: EBADF");
	ok_eq(fcntl(pfd[0], F_GETPIPE_SZ), 65536, "F_GETPIPE_SZ: 64 KiB by default");
	ok_eq(PIPE_BUF, 4096, "PIPE_BUF is 4096");
	close(pfd[0]);
	close(pfd[1]);
}

static void test_blocking(void)
{
	long long t0, ms;
	char buf[16] = "";
	int pfd[2], st;
	pid_t pid;
	ssize_t n;

	if (pipe(pfd))
		return;
	pid = delayed_write(pfd[1], 100, "late");
	t0 = now_ns(CLOCK_MONOTONIC);
	n = read(pfd[0], buf, sizeof(buf));
	ms = ms_since(t0);
	ok(n == 4 && !memcmp(buf, "late", 4) && ms >= 80,
	   "a read on an empty pipe blocks until a writer writes (%lld ms)", ms);
	wait_status(pid);

	/* The child holds a copy of the write end until it exits. */
	pid = delayed_write(pfd[1], 100, NULL);
	close(pfd[1]);
	t0 = now_ns(CLOCK_MONOTONIC);
	n = read(pfd[0], buf, sizeof(buf));
	ms = ms_since(t0);
	ok(n == 0 && ms >= 80, "EOF (read returns 0) only once every writer has closed (%lld ms)",
	   ms);
	wait_status(pid);
	close(pfd[0]);

	/* A writer blocks when the pipe is full. */
	if (pipe(pfd))
		return;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		static char big[65537];

		close(pfd[0]);
		_exit(write(pfd[1], big, sizeof(big)) == sizeof(big) ? 0 : 1);
	}
	close(pfd[1]);
	usleep(200000);
	ok_eq(waitpid(pid, &st, WNOHANG), 0, "a writer of 64 KiB + 1 blocks on a fresh pipe");
	ioctl(pfd[0], FIONREAD, &st);
	ok_eq(st, 65536, "with exactly 64 KiB in the pipe");
	{
		static char sink[65537];
		size_t got = 0;

		while (got < sizeof(sink) && (n = read(pfd[0], sink + got, sizeof(sink) - got)) > 0)
			got += n;
		ok_eq(got, sizeof(sink), "reading unblocks it and all bytes arrive");
	}
	st = wait_status(pid);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "the writer's write returned the full count");
	close(pfd[0]);
}

static volatile int sigpipes;

static void on_sigpipe(int sig)
{
	(void)sig;
	sigpipes++;
}

static void test_no_readers(void)
{
	int pfd[2];
	ssize_t n;

	if (pipe(pfd))
		return;
	close(pfd[0]);
	signal(SIGPIPE, on_sigpipe);
	n = write(pfd[1], "x", 1);
	ok(n == -1 && errno == EPIPE && sigpipes == 1,
	   "write without readers: EPIPE and one SIGPIPE (%d)", sigpipes);
	signal(SIGPIPE, SIG_IGN);
	ok_errno(write(pfd[1], "x", 1), EPIPE, "with SIGPIPE ignored: still EPIPE");
	signal(SIGPIPE, SIG_DFL);
	ok(poll_one(pfd[1], POLLOUT, 0) & POLLERR, "poll on the write end reports POLLERR");
	close(pfd[1]);
}

static void test_nonblock(void)
{
	static char buf[65536 + 4096];
	int pfd[2], pfd2[2];
	ssize_t n, total = 0;

	if (pipe2(pfd, O_NONBLOCK))
		return;
	ok((fcntl(pfd[0], F_GETFL) & O_NONBLOCK) && (fcntl(pfd[1], F_GETFL) & O_NONBLOCK),
	   "pipe2(O_NONBLOCK) sets O_NONBLOCK on both ends");
	ok_errno(read(pfd[0], buf, 1), EAGAIN, "non-blocking read of an empty pipe: EAGAIN");
	while ((n = write(pfd[1], buf, 4096)) > 0)
		total += n;
	ok(n == -1 && errno == EAGAIN, "non-blocking writes end with EAGAIN");
	ok_eq(total, 65536, "after exactly 64 KiB");
	ok_errno(write(pfd[1], "x", 1), EAGAIN, "a full pipe takes not even one byte");
	ok(!(poll_one(pfd[1], POLLOUT, 0) & POLLOUT), "poll: no POLLOUT on a full pipe");
	ok_eq(read(pfd[0], buf, 8192), 8192, "read 8 KiB");
	ok(poll_one(pfd[1], POLLOUT, 0) & POLLOUT, "poll: POLLOUT again");
	ok_eq(write(pfd[1], buf, 20000), 8192,
	      "a 20000-byte non-blocking write is cut to the 8 KiB free");
	close(pfd[0]);
	close(pfd[1]);

	if (pipe2(pfd2, O_CLOEXEC) == 0) {
		ok(fcntl(pfd2[0], F_GETFD) == FD_CLOEXEC && fcntl(pfd2[1], F_GETFD) == FD_CLOEXEC &&
		   !(fcntl(pfd2[0], F_GETFL) & O_NONBLOCK), "pipe2(O_CLOEXEC) sets FD_CLOEXEC on both ends only");
		close(pfd2[0]);
		close(pfd2[1]);
	}
	ok_errno(pipe2(pfd2, O_APPEND), EINVAL,
		 "pipe2 with a flag other than O_CLOEXEC/O_NONBLOCK/O_DIRECT: EINVAL");
}

#define WRITERS 4
#define RECORDS 64
#define RECSIZE 1000

static void test_atomic(void)
{
	static unsigned char rec[RECSIZE];
	int pfd[2], i, bad = 0, counts[WRITERS] = { 0 };
	long records = 0;
	pid_t pids[WRITERS];

	if (pipe(pfd))
		return;
	fflush(stdout);
	for (i = 0; i < WRITERS; i++) {
		pids[i] = fork();
		if (pids[i] == 0) {
			int r;

			close(pfd[0]);
			memset(rec, 'A' + i, sizeof(rec));
			for (r = 0; r < RECORDS; r++)
				if (write(pfd[1], rec, sizeof(rec)) != sizeof(rec))
					_exit(1);
			_exit(0);
		}
	}
	close(pfd[1]);
	for (;;) {
		size_t got = 0;
		ssize_t n = 1;

		while (got < sizeof(rec) && (n = read(pfd[0], rec + got, sizeof(rec) - got)) > 0)
			got += n;
		if (got == 0)
			break;
		if (got != sizeof(rec) || rec[0] < 'A' || rec[0] >= 'A' + WRITERS ||
		    memcmp(rec, rec + 1, sizeof(rec) - 1)) {
			bad++;
			continue;
		}
		counts[rec[0] - 'A']++;
		records++;
	}
	for (i = 0; i < WRITERS; i++)
		wait_status(pids[i]);
	close(pfd[0]);
	ok(bad == 0 && records == WRITERS * RECORDS,
	   "%d writers x %d records of %d bytes (<= PIPE_BUF): none interleaved (%d bad, %ld good)",
	   WRITERS, RECORDS, RECSIZE, bad, records);
	ok(counts[0] == RECORDS && counts[WRITERS - 1] == RECORDS,
	   "every writer's records all arrived");
}

static void test_poll(void)
{
	struct pollfd p[3];
	long long t0, ms;
	int pfd[2], r;
	pid_t pid;

	if (pipe(pfd))
		return;
	ok_eq(poll_one(pfd[0], POLLIN, 0), 0, "poll on an empty pipe's read end: nothing ready");
	ok_eq(poll_one(pfd[1], POLLOUT, 0), POLLOUT, "the write end of an empty pipe: POLLOUT");
	write(pfd[1], "x", 1);
	ok_eq(poll_one(pfd[0], POLLIN, 0), POLLIN, "after a write the read end has POLLIN");

	p[0] = (struct pollfd){ .fd = pfd[0], .events = POLLIN };
	p[1] = (struct pollfd){ .fd = -1, .events = POLLIN, .revents = 0x55 };
	p[2] = (struct pollfd){ .fd = 9999, .events = POLLIN };
	r = poll(p, 3, 0);
	ok(r == 2 && p[0].revents == POLLIN && p[1].revents == 0 && p[2].revents == POLLNVAL,
	   "poll: a negative fd is skipped (revents 0), a closed fd gives POLLNVAL; returns 2");

	close(pfd[1]);
	r = poll_one(pfd[0], POLLIN, 0);
	ok_eq(r, POLLIN | POLLHUP, "writer closed with data left: POLLIN|POLLHUP");
	read(pfd[0], p, 1);
	ok_eq(poll_one(pfd[0], POLLIN, 0), POLLHUP, "writer closed, pipe drained: POLLHUP alone");
	close(pfd[0]);

	if (pipe(pfd))
		return;
	pid = delayed_write(pfd[1], 100, "x");
	t0 = now_ns(CLOCK_MONOTONIC);
	r = poll_one(pfd[0], POLLIN, -1);
	ms = ms_since(t0);
	ok(r == POLLIN && ms >= 80, "poll with no timeout sleeps until data arrives (%lld ms)", ms);
	wait_status(pid);
	read(pfd[0], p, 1);
	t0 = now_ns(CLOCK_MONOTONIC);
	r = poll_one(pfd[0], POLLIN, 100);
	ms = ms_since(t0);
	ok(r == 0 && ms >= 100 && ms < 600, "poll times out after 100 ms with 0 (%lld ms)", ms);
	ok_errno(poll(p, -1, 0), EINVAL, "poll with nfds beyond RLIMIT_NOFILE: EINVAL");
	close(pfd[0]);
	close(pfd[1]);
}

static void test_select(void)
{
	struct timeval tv;
	long long t0, ms;
	fd_set rd, wr;
	int pfd[2], r, closed;
	pid_t pid;

	if (pipe(pfd))
		return;
	FD_ZERO(&rd);
	FD_ZERO(&wr);
	FD_SET(pfd[0], &rd);
	FD_SET(pfd[1], &wr);
	tv = (struct timeval){ 0, 0 };
	r = select(pfd[1] + 1, &rd, &wr, NULL, &tv);
	ok(r == 1 && !FD_ISSET(pfd[0], &rd) && FD_ISSET(pfd[1], &wr),
	   "select: empty pipe is writable, not readable");

	pid = delayed_write(pfd[1], 100, "x");
	FD_ZERO(&rd);
	FD_SET(pfd[0], &rd);
	tv = (struct timeval){ 5, 0 };
	t0 = now_ns(CLOCK_MONOTONIC);
	/* raw: musl's select() passes the kernel a copy of the timeout */
	r = syscall(SYS_select, pfd[0] + 1, &rd, NULL, NULL, &tv);
	ms = ms_since(t0);
	ok(r == 1 && FD_ISSET(pfd[0], &rd) && ms >= 80,
	   "select wakes up when data arrives (%lld ms)", ms);
	ok(tv.tv_sec < 5 && tv.tv_sec >= 3,
	   "and the raw select updates the timeout to the time left (%ld.%06ld s)",
	   (long)tv.tv_sec, (long)tv.tv_usec);
	wait_status(pid);

	/*
	 * A closed fd inside the fd table: EBADF.  (Linux silently ignores
	 * bits beyond the table's current size, so a far-away fd number
	 * would not do.)
	 */
	closed = dup(0);
	close(closed);
	FD_ZERO(&rd);
	FD_SET(closed, &rd);
	tv = (struct timeval){ 0, 0 };
	ok_errno(select(closed + 1, &rd, NULL, NULL, &tv), EBADF,
		 "select with a closed fd in a set: EBADF");
	ok_errno(select(-1, NULL, NULL, NULL, &tv), EINVAL, "select with nfds -1: EINVAL");
	tv = (struct timeval){ 0, -1 };
	ok_errno(select(0, NULL, NULL, NULL, &tv), EINVAL,
		 "select with a negative tv_usec: EINVAL");
	tv = (struct timeval){ 0, 100000 };
	t0 = now_ns(CLOCK_MONOTONIC);
	r = select(0, NULL, NULL, NULL, &tv);
	ms = ms_since(t0);
	ok(r == 0 && ms >= 100 && ms < 600, "select with no fds sleeps for its timeout (%lld ms)",
	   ms);
	close(pfd[0]);
	close(pfd[1]);
}

static volatile int usr1s;

static void on_usr1(int sig)
{
	(void)sig;
	usr1s++;
}

static void test_ppoll_pselect(void)
{
	struct timespec ts = { 0, 100000000 };
	struct pollfd p;
	sigset_t block, empty;
	long long t0, ms;
	int pfd[2], r;
	fd_set rd;
	struct {
		const sigset_t *mask;
		size_t size;
	} psmask;

	if (pipe(pfd))
		return;
	p = (struct pollfd){ .fd = pfd[0], .events = POLLIN };
	t0 = now_ns(CLOCK_MONOTONIC);
	r = ppoll(&p, 1, &ts, NULL);
	ms = ms_since(t0);
	ok(r == 0 && ms >= 100 && ms < 600, "ppoll times out after 100 ms (%lld ms)", ms);

	FD_ZERO(&rd);
	FD_SET(pfd[0], &rd);
	ts = (struct timespec){ 0, 50000000 };
	t0 = now_ns(CLOCK_MONOTONIC);
	r = syscall(SYS_pselect6, pfd[0] + 1, &rd, NULL, NULL, &ts, NULL);
	ms = ms_since(t0);
	ok(r == 0 && ms >= 50 && ms < 550, "pselect6 times out after 50 ms (%lld ms)", ms);
	ok(ts.tv_sec == 0 && ts.tv_nsec == 0, "and the raw pselect6 updated its timeout to 0");

	/* A blocked pending signal, unblocked only during the wait. */
	signal(SIGUSR1, on_usr1);
	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	sigprocmask(SIG_BLOCK, &block, NULL);
	sigemptyset(&empty);
	kill(getpid(), SIGUSR1);
	ts = (struct timespec){ 5, 0 };
	r = ppoll(&p, 1, &ts, &empty);
	ok(r == -1 && errno == EINTR && usr1s == 1,
	   "ppoll with a mask that unblocks a pending signal: handler runs, EINTR");
	kill(getpid(), SIGUSR1);
	psmask.mask = &empty;
	psmask.size = 8;
	FD_ZERO(&rd);
	FD_SET(pfd[0], &rd);
	ts = (struct timespec){ 5, 0 };
	r = syscall(SYS_pselect6, pfd[0] + 1, &rd, NULL, NULL, &ts, &psmask);
	ok(r == -1 && errno == EINTR && usr1s == 2, "pselect6 likewise: EINTR after the handler");
	sigprocmask(SIG_SETMASK, NULL, &empty);
	ok(sigismember(&empty, SIGUSR1), "the original mask is back afterwards");
	ok_errno(syscall(SYS_ppoll, &p, 1, &ts, &block, 4), EINVAL,
		 "ppoll with sigsetsize 4: EINVAL");
	ts = (struct timespec){ 0, 1000000000 };
	ok_errno(syscall(SYS_ppoll, &p, 1, &ts, NULL, 8), EINVAL, "ppoll with tv_nsec 1e9: EINVAL");
	sigprocmask(SIG_UNBLOCK, &block, NULL);
	signal(SIGUSR1, SIG_DFL);
	close(pfd[0]);
	close(pfd[1]);
}

static void test_fifo(void)
{
	char path[128], buf[8] = "";
	long long t0, ms;
	int rfd, wfd;
	pid_t pid;

	snprintf(path, sizeof(path), "%s/fifo", tmpdir);
	if (mkfifo(path, 0644)) {
		ok(0, "mkfifo: %s", strerror(errno));
		return;
	}
	ok_errno(open(path, O_WRONLY | O_NONBLOCK), ENXIO,
		 "FIFO: non-blocking open for writing without a reader: ENXIO");
	rfd = open(path, O_RDONLY | O_NONBLOCK);
	ok(rfd >= 0, "non-blocking open for reading succeeds at once");
	wfd = open(path, O_WRONLY | O_NONBLOCK);
	ok(wfd >= 0, "with a reader present, non-blocking open for writing succeeds");
	ok(write(wfd, "fifo", 4) == 4 && read(rfd, buf, sizeof(buf)) == 4 && !memcmp(buf, "fifo", 4),
	   "data passes through the FIFO");
	close(wfd);
	close(rfd);

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		usleep(100000);
		_exit(open(path, O_RDONLY) >= 0 ? 0 : 1);
	}
	t0 = now_ns(CLOCK_MONOTONIC);
	wfd = open(path, O_WRONLY);
	ms = ms_since(t0);
	ok(wfd >= 0 && ms >= 80, "a blocking open for writing waits for a reader (%lld ms)", ms);
	wait_status(pid);
	if (wfd >= 0)
		close(wfd);
	unlink(path);
}

int main(void)
{
	if (!mkdtemp(tmpdir))
		bail_out("mkdtemp: %s", strerror(errno));
	test_basics();
	test_blocking();
	test_no_readers();
	test_nonblock();
	test_atomic();
	test_poll();
	test_select();
	test_ppoll_pselect();
	test_fifo();
	rmdir(tmpdir);
	return tap_finish();
}
