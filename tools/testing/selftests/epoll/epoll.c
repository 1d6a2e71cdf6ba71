// SPDX-License-Identifier: GPL-2.0-only
/*
 * epoll, eventfd, timerfd and signalfd as a daemon uses them, checked
 * against what the man pages promise (epoll(7), epoll_ctl(2),
 * epoll_wait(2), eventfd(2), timerfd_create(2), signalfd(2)):
 *
 *  - eventfd: counter and semaphore reads, short buffers, the
 *    0xfffffffffffffffe ceiling, non-blocking and blocking use;
 *  - epoll on pipes: level-triggered, EPOLLET, EPOLLONESHOT + MOD,
 *    EPOLLEXCLUSIVE (one of two sleeping instances wakes), hang-ups, the
 *    data word, the 12-byte event layout;
 *  - epoll_ctl errors: EEXIST, ENOENT, EPERM (regular file), EINVAL
 *    (self, bad op, not epoll, EXCLUSIVE misuse), EBADF, ELOOP (cycles
 *    and chains deeper than the man page's 5), epoll_wait's EINVAL/EFAULT;
 *  - nested instances, poll(2) on an epoll fd, close semantics (an item
 *    lives while any descriptor of its file does), fork sharing, wakeups
 *    from another thread and another process, timeouts, EINTR and
 *    epoll_pwait's signal mask, epoll_pwait2;
 *  - timerfd: one-shot, interval counts, absolute CLOCK_REALTIME, gettime,
 *    disarm, errors; signalfd: siginfo fields, several per read, mask
 *    updates, blocking reads and epoll wakeups;
 *  - the console tty through epoll, and /proc/self/fd names.
 * Sockets are not used.  Passes on Linux too.
 */
#include "../tap.h"
#include "../util.h"

#include <poll.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/timerfd.h>

#define MS		1000000LL	/* ns */
#define DATA_TAG	0x1122334455667788ULL

_Static_assert(sizeof(struct epoll_event) == 12, "x86_64 packs struct epoll_event");
_Static_assert(sizeof(struct signalfd_siginfo) == 128, "signalfd_siginfo is 128 bytes");

static void msleep(int ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) == -1 && errno == EINTR)
		;
}

static int add(int ep, int fd, uint32_t events, uint64_t data)
{
	struct epoll_event ev = { .events = events, .data.u64 = data };

	return epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev);
}

static int mod(int ep, int fd, uint32_t events, uint64_t data)
{
	struct epoll_event ev = { .events = events, .data.u64 = data };

	return epoll_ctl(ep, EPOLL_CTL_MOD, fd, &ev);
}

/* epoll_wait for one event; its return value, the event in *ev. */
static int wait1(int ep, struct epoll_event *ev, int timeout)
{
	struct epoll_event tmp;

	return epoll_wait(ep, ev ? ev : &tmp, 1, timeout);
}

static void put_u64(int fd, uint64_t v)
{
	if (write(fd, &v, 8) != 8)
		diag("write of %llu to fd %d: %s", (unsigned long long)v, fd, strerror(errno));
}

static const char *fd_link(int fd)
{
	static char buf[128];
	char path[64];
	ssize_t n;

	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	n = readlink(path, buf, sizeof(buf) - 1);
	if (n < 0)
		return NULL;
	buf[n] = '\0';
	return buf;
}

static int cloexec(int fd)
{
	return (fcntl(fd, F_GETFD) & FD_CLOEXEC) != 0;
}

/* A child that sends sig to this process after ms milliseconds; its pid. */
static pid_t signal_me_later(int sig, int ms)
{
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		msleep(ms);
		kill(getppid(), sig);
		_exit(0);
	}
	return pid;
}

/* ------------------------------------------------------------ eventfd */

static void *eventfd_writer(void *arg)
{
	msleep(50);
	put_u64(*(int *)arg, 7);
	return NULL;
}

static void test_eventfd(void)
{
	uint64_t v = 0;
	uint32_t small = 0;
	struct pollfd pfd;
	pthread_t th;
	int fd, st;
	pid_t pid;

	fd = eventfd(3, EFD_NONBLOCK | EFD_CLOEXEC);
	if (!ok_sys(fd, "eventfd(3, EFD_NONBLOCK | EFD_CLOEXEC)"))
		return;
	ok(cloexec(fd), "EFD_CLOEXEC sets FD_CLOEXEC");
	ok_str(fd_link(fd), "anon_inode:[eventfd]", "/proc/self/fd names an eventfd");
	ok_errno(read(fd, &small, 4), EINVAL, "a 4-byte read is EINVAL");
	ok(read(fd, &v, 8) == 8 && v == 3, "read returns the initial count 3");
	ok_errno(read(fd, &v, 8), EAGAIN, "a zero counter gives EAGAIN when non-blocking");
	ok_errno(write(fd, &small, 4), EINVAL, "a 4-byte write is EINVAL");
	v = UINT64_MAX;
	ok_errno(write(fd, &v, 8), EINVAL, "writing 0xffffffffffffffff is EINVAL");
	put_u64(fd, 5);
	put_u64(fd, 6);
	ok(read(fd, &v, 8) == 8 && v == 11, "writes add up: 5 + 6 = 11");

	put_u64(fd, 0xfffffffffffffffeULL);
	pfd = (struct pollfd){ .fd = fd, .events = POLLIN | POLLOUT };
	ok(poll(&pfd, 1, 0) == 1 && pfd.revents == POLLIN,
	   "at the ceiling: readable, not writable (revents %#x)", pfd.revents);
	v = 1;
	ok_errno(write(fd, &v, 8), EAGAIN, "one more at 0xfffffffffffffffe gives EAGAIN");
	ok(read(fd, &v, 8) == 8 && v == 0xfffffffffffffffeULL, "the ceiling value reads back");
	pfd.revents = 0;
	ok(poll(&pfd, 1, 0) == 1 && pfd.revents == POLLOUT, "empty: writable only");
	close(fd);

	fd = eventfd(2, EFD_SEMAPHORE | EFD_NONBLOCK);
	ok(fd >= 0 && read(fd, &v, 8) == 8 && v == 1 && read(fd, &v, 8) == 8 && v == 1,
	   "EFD_SEMAPHORE reads return 1 at a time");
	ok_errno(read(fd, &v, 8), EAGAIN, "EFD_SEMAPHORE: the third read finds 0");
	close(fd);

	ok_errno(eventfd(0, 0x100), EINVAL, "unknown eventfd flags are EINVAL");

	/* A blocking read woken by another thread's write. */
	fd = eventfd(0, 0);
	ok(!cloexec(fd), "no EFD_CLOEXEC: FD_CLOEXEC clear");
	pthread_create(&th, NULL, eventfd_writer, &fd);
	v = 0;
	ok(read(fd, &v, 8) == 8 && v == 7, "a blocking read waits for another thread's write");
	pthread_join(th, NULL);

	/* A blocking write at the ceiling waits for a reader in another process. */
	put_u64(fd, 0xfffffffffffffffeULL);
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		msleep(50);
		_exit(read(fd, &v, 8) == 8 ? 0 : 1);
	}
	v = 2;
	ok(write(fd, &v, 8) == 8, "a blocked write completes once a child reads");
	st = wait_status(pid);
	ok(read(fd, &v, 8) == 8 && v == 2 && WIFEXITED(st) && !WEXITSTATUS(st),
	   "the child drained the counter, the write landed");
	close(fd);
}

/* ------------------------------------------------------------ epoll basics */

static void test_create(void)
{
	int ep;

	/* The raw call: musl's wrapper drops the size. */
	ok_errno(syscall(SYS_epoll_create, 0), EINVAL, "epoll_create(0) is EINVAL");
	ok_errno(syscall(SYS_epoll_create, -1), EINVAL, "epoll_create(-1) is EINVAL");
	ep = syscall(SYS_epoll_create, 1);
	ok(ep >= 0, "epoll_create(1) works");
	close(ep);
	ok_errno(epoll_create1(0x1234), EINVAL, "epoll_create1 with unknown flags is EINVAL");
	ep = epoll_create(1);
	ok(ep >= 0 && !cloexec(ep), "epoll_create(1) works, no FD_CLOEXEC");
	ok_str(fd_link(ep), "anon_inode:[eventpoll]", "/proc/self/fd names an epoll fd");
	close(ep);
	ep = epoll_create1(EPOLL_CLOEXEC);
	ok(ep >= 0 && cloexec(ep), "EPOLL_CLOEXEC sets FD_CLOEXEC");
	close(ep);
}

static void test_pipe_modes(void)
{
	struct epoll_event ev[4];
	int ep = epoll_create1(0), p[2];
	char buf[16];

	if (pipe(p)) {
		bail_out("pipe: %s", strerror(errno));
	}
	ok_sys(add(ep, p[0], EPOLLIN, DATA_TAG), "ADD the read end of a pipe, level-triggered");
	ok_eq(wait1(ep, NULL, 0), 0, "an empty pipe is not ready");
	write(p[1], "ab", 2);
	memset(ev, 0, sizeof(ev));
	ok(epoll_wait(ep, ev, 4, 0) == 1 && ev[0].events == EPOLLIN && ev[0].data.u64 == DATA_TAG,
	   "data makes it ready, with the data word (events %#x)", ev[0].events);
	ok_eq(wait1(ep, NULL, 0), 1, "level-triggered: reported again while data is there");
	read(p[0], buf, sizeof(buf));
	ok_eq(wait1(ep, NULL, 0), 0, "drained: no longer reported");

	/* Edge-triggered. */
	ok_sys(mod(ep, p[0], EPOLLIN | EPOLLET, 1), "MOD to EPOLLIN | EPOLLET");
	write(p[1], "x", 1);
	ok_eq(wait1(ep, NULL, 0), 1, "ET: the write is reported");
	ok_eq(wait1(ep, NULL, 0), 0, "ET: not again, though data is unread");
	write(p[1], "y", 1);
	ok(wait1(ep, ev, 0) == 1 && ev[0].data.u64 == 1, "ET: a new write is a new edge");
	read(p[0], buf, sizeof(buf));

	/* One-shot. */
	ok_sys(mod(ep, p[0], EPOLLIN | EPOLLONESHOT, 2), "MOD to EPOLLIN | EPOLLONESHOT");
	write(p[1], "z", 1);
	ok_eq(wait1(ep, NULL, 0), 1, "ONESHOT: reported once");
	write(p[1], "w", 1);
	ok_eq(wait1(ep, NULL, 0), 0, "ONESHOT: disarmed, new data is not reported");
	ok_sys(mod(ep, p[0], EPOLLIN | EPOLLONESHOT, 3), "MOD re-arms the one-shot item");
	ok(wait1(ep, ev, 0) == 1 && ev[0].data.u64 == 3, "re-armed: the pending data is reported");
	ok_eq(wait1(ep, NULL, 0), 0, "and disarmed again");
	read(p[0], buf, sizeof(buf));

	/* The write end, and hang-up. */
	ok_sys(add(ep, p[1], EPOLLOUT, 4), "ADD the write end for EPOLLOUT");
	ok(wait1(ep, ev, 0) == 1 && ev[0].events == EPOLLOUT && ev[0].data.u64 == 4,
	   "an empty pipe is writable");
	ok_sys(epoll_ctl(ep, EPOLL_CTL_DEL, p[1], NULL), "DEL with a NULL event pointer");
	ok_sys(mod(ep, p[0], EPOLLIN | EPOLLRDHUP | EPOLLWAKEUP, 5), "EPOLLRDHUP and EPOLLWAKEUP are accepted");
	close(p[1]);
	ok(wait1(ep, ev, 0) == 1 && (ev[0].events & EPOLLHUP),
	   "closing the writer reports EPOLLHUP unasked (events %#x)", ev[0].events);
	close(p[0]);
	ok_eq(wait1(ep, NULL, 0), 0, "closing the last descriptor drops the item");
	close(ep);
}

/* ------------------------------------------------------------ epoll_ctl errors */

static int regular_file(void)
{
	static const char *const dirs[] = { "/tmp", "/run", "/" };
	char path[64];
	unsigned int i;
	int fd;

	for (i = 0; i < ARRAY_SIZE(dirs); i++) {
		snprintf(path, sizeof(path), "%s/epoll-regular-%d", dirs[i], getpid());
		fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
		if (fd >= 0) {
			unlink(path);
			return fd;
		}
	}
	return -1;
}

static void test_ctl_errors(void)
{
	struct epoll_event ev = { .events = EPOLLIN };
	int ep = epoll_create1(0), efd = eventfd(0, 0), reg, p[2], chain[7], i, n;

	ok_sys(add(ep, efd, EPOLLIN, 0), "ADD an eventfd");
	ok_errno(add(ep, efd, EPOLLIN, 0), EEXIST, "ADD it again is EEXIST");
	ok_errno(epoll_ctl(ep, EPOLL_CTL_DEL, 0x7fff, NULL), EBADF, "DEL of a closed fd is EBADF");
	ok_errno(epoll_ctl(0x7fff, EPOLL_CTL_ADD, efd, &ev), EBADF, "a closed epfd is EBADF");
	ok_errno(add(ep, ep, EPOLLIN, 0), EINVAL, "an epoll fd cannot watch itself");
	ok_errno(epoll_ctl(ep, 42, efd, &ev), EINVAL, "an unknown op is EINVAL");
	ok_errno(epoll_ctl(ep, EPOLL_CTL_ADD, efd, (void *)8), EFAULT, "a bad event pointer is EFAULT");
	pipe(p);
	ok_errno(add(p[0], efd, EPOLLIN, 0), EINVAL, "epfd not an epoll fd is EINVAL");
	ok_errno(mod(ep, p[0], EPOLLIN, 0), ENOENT, "MOD of an unwatched fd is ENOENT");
	ok_errno(epoll_ctl(ep, EPOLL_CTL_DEL, p[0], NULL), ENOENT, "DEL of an unwatched fd is ENOENT");
	reg = regular_file();
	if (reg >= 0)
		ok_errno(add(ep, reg, EPOLLIN, 0), EPERM, "a regular file is EPERM");
	else
		skip("no writable directory for a regular file");
	close(reg);

	/* EPOLLEXCLUSIVE only on ADD, only with plain events, never on epoll fds. */
	ok_sys(add(ep, p[0], EPOLLIN | EPOLLEXCLUSIVE, 0), "ADD with EPOLLEXCLUSIVE");
	ok_errno(mod(ep, p[0], EPOLLIN, 0), EINVAL, "MOD of an exclusive item is EINVAL");
	ok_errno(mod(ep, efd, EPOLLIN | EPOLLEXCLUSIVE, 0), EINVAL, "MOD with EPOLLEXCLUSIVE is EINVAL");
	ok_errno(add(ep, p[1], EPOLLOUT | EPOLLEXCLUSIVE | EPOLLONESHOT, 0), EINVAL,
		 "EPOLLEXCLUSIVE with EPOLLONESHOT is EINVAL");

	/* epoll_wait argument checks. */
	ok_errno(epoll_wait(ep, &ev, 0, 0), EINVAL, "maxevents 0 is EINVAL");
	ok_errno(epoll_wait(ep, &ev, -1, 0), EINVAL, "maxevents -1 is EINVAL");
	ok_errno(epoll_wait(p[0], &ev, 1, 0), EINVAL, "epoll_wait on a pipe is EINVAL");
	ok_errno(epoll_wait(0x7fff, &ev, 1, 0), EBADF, "epoll_wait on a closed fd is EBADF");
	ok_errno(epoll_wait(ep, (void *)-4096L, 1, 0), EFAULT, "a kernel-half buffer is EFAULT");
	put_u64(efd, 1);
	ok_errno(epoll_wait(ep, (void *)8, 1, 0), EFAULT, "an unmapped buffer is EFAULT once an event is ready");
	close(p[0]);
	close(p[1]);

	/* Cycles and depth. */
	for (i = 0; i < 7; i++)
		chain[i] = epoll_create1(0);
	ok_sys(add(chain[0], chain[1], EPOLLIN, 0), "one epoll fd watches another");
	ok_errno(add(chain[1], chain[0], EPOLLIN, 0), ELOOP, "the reverse would be a cycle: ELOOP");
	ok_errno(add(chain[1], chain[1], EPOLLIN, 0), EINVAL, "self-watch stays EINVAL");
	ok_errno(add(chain[1], chain[0], EPOLLIN | EPOLLEXCLUSIVE, 0), EINVAL,
		 "EPOLLEXCLUSIVE on an epoll fd is EINVAL");
	for (n = 1; n < 6; n++)
		if (add(chain[n], chain[n + 1], EPOLLIN, 0))
			break;
	ok(n == 4 && errno == ELOOP, "a chain of 5 epoll fds is the deepest allowed (stopped at %d)", n);
	ok_errno(add(chain[6], chain[0], EPOLLIN, 0), ELOOP, "hanging a chain of 5 below another fd is ELOOP");
	for (i = 0; i < 7; i++)
		close(chain[i]);
	close(efd);
	close(ep);
}

/* ------------------------------------------------------------ EPOLLEXCLUSIVE */

/* Wait (up to 5 s) until process pid sleeps, per /proc/<pid>/stat. */
static void wait_asleep(pid_t pid)
{
	char path[64], buf[256];
	const char *state;
	int i;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	for (i = 0; i < 500; i++) {
		if (read_text(path, buf, sizeof(buf)) > 0) {
			state = strrchr(buf, ')');
			if (state && state[1] == ' ' && state[2] == 'S')
				return;
		}
		msleep(10);
	}
	diag("process %d never slept", pid);
}

/* In a child: wait up to 1.5 s on ep; exit 1 if woken with an event. */
static pid_t exclusive_waiter(int ep)
{
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0)
		_exit(wait1(ep, NULL, 1500) == 1);
	wait_asleep(pid);
	return pid;
}

static int woken_children(int efd, uint32_t flags)
{
	int ep1 = epoll_create1(0), ep2 = epoll_create1(0), woke = 0, st;
	pid_t a, b;

	add(ep1, efd, EPOLLIN | flags, 0);
	add(ep2, efd, EPOLLIN | flags, 0);
	a = exclusive_waiter(ep1);
	b = exclusive_waiter(ep2);
	put_u64(efd, 1);
	st = wait_status(a);
	woke += WIFEXITED(st) && WEXITSTATUS(st) == 1;
	st = wait_status(b);
	woke += WIFEXITED(st) && WEXITSTATUS(st) == 1;
	close(ep1);
	close(ep2);
	return woke;
}

static void test_exclusive(void)
{
	int efd = eventfd(0, EFD_NONBLOCK);
	uint64_t v;

	ok_eq(woken_children(efd, 0), 2, "without EPOLLEXCLUSIVE both sleeping instances wake");
	read(efd, &v, 8);
	ok_eq(woken_children(efd, EPOLLEXCLUSIVE), 1, "with EPOLLEXCLUSIVE one write wakes one of two");
	close(efd);
}

/* ------------------------------------------------------------ nesting, close, fork */

static void test_nested(void)
{
	int outer = epoll_create1(0), inner = epoll_create1(0), p[2], st;
	struct epoll_event ev;
	struct pollfd pfd;
	char c;
	pid_t pid;

	pipe(p);
	add(inner, p[0], EPOLLIN, 11);
	ok_sys(add(outer, inner, EPOLLIN, 22), "ADD an epoll fd to another");
	ok_eq(wait1(outer, NULL, 0), 0, "nothing ready inside: outer is quiet");
	write(p[1], "n", 1);
	ok(wait1(outer, &ev, 0) == 1 && ev.data.u64 == 22 && ev.events == EPOLLIN,
	   "a ready pipe inside makes the inner fd readable to the outer");
	pfd = (struct pollfd){ .fd = inner, .events = POLLIN };
	ok(poll(&pfd, 1, 0) == 1 && pfd.revents == POLLIN, "poll(2) sees the epoll fd readable");
	ok(wait1(inner, &ev, 0) == 1 && ev.data.u64 == 11, "the inner instance reports the pipe");
	read(p[0], &c, 1);
	ok_eq(wait1(outer, NULL, 0), 0, "after the read the outer reports nothing");
	ok_eq(poll(&pfd, 1, 0), 0, "nor does poll(2)");

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		msleep(100);
		write(p[1], "m", 1);
		_exit(0);
	}
	ok(wait1(outer, &ev, 3000) == 1 && ev.data.u64 == 22,
	   "a sleeper on the outer fd wakes for a write in another process");
	st = wait_status(pid);
	(void)st;
	close(p[0]);
	close(p[1]);
	close(inner);
	ok_eq(wait1(outer, NULL, 0), 0, "closing the inner fd empties the outer");
	close(outer);
}

static void test_close(void)
{
	int ep = epoll_create1(0), efd = eventfd(0, 0), dup_fd, again;
	struct epoll_event ev;

	add(ep, efd, EPOLLIN, 33);
	dup_fd = dup(efd);
	close(efd);
	put_u64(dup_fd, 1);
	ok(wait1(ep, &ev, 0) == 1 && ev.data.u64 == 33,
	   "closing one of two descriptors keeps the item");
	ok_errno(epoll_ctl(ep, EPOLL_CTL_DEL, efd, NULL), EBADF,
		 "DEL by the closed number is EBADF");
	close(dup_fd);
	ok_eq(wait1(ep, NULL, 0), 0, "closing the last descriptor removes the item");
	again = eventfd(0, 0);
	ok(again == efd, "the number is reused (%d)", again);
	ok_sys(add(ep, again, EPOLLIN, 34), "and can be added anew: no EEXIST");
	close(again);
	close(ep);
}

static void test_fork(void)
{
	int ep = epoll_create1(0), efd = eventfd(0, 0), efd2 = eventfd(0, 0), st;
	pid_t pid;

	add(ep, efd, EPOLLIN, 44);
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		struct epoll_event ev;
		int n = wait1(ep, &ev, 3000);

		/* The instance is shared: what the child adds, the parent sees. */
		add(ep, efd2, EPOLLIN, 45);
		_exit(n == 1 && ev.data.u64 == 44 ? 0 : 1);
	}
	msleep(50);
	put_u64(efd, 1);
	st = wait_status(pid);
	ok(WIFEXITED(st) && !WEXITSTATUS(st), "a child waits on the inherited instance (%s)",
	   status_str(st));
	ok_errno(add(ep, efd2, EPOLLIN, 0), EEXIST, "the child's ADD shows in the parent");
	close(efd);
	close(efd2);
	close(ep);
}

/* ------------------------------------------------------------ sleeping */

struct waiter {
	int ep;
	int ret;
	uint64_t data;
};

static void *thread_waiter(void *arg)
{
	struct waiter *w = arg;
	struct epoll_event ev;

	w->ret = wait1(w->ep, &ev, -1);
	w->data = ev.data.u64;
	return NULL;
}

static void on_alarm(int sig)
{
	(void)sig;
}

static void test_sleep(void)
{
	int ep = epoll_create1(0), efd = eventfd(0, 0), r;
	struct waiter w = { .ep = ep };
	struct epoll_event ev;
	struct sigaction sa = { .sa_handler = on_alarm, .sa_flags = SA_RESTART };
	/* Repeating, so that one lands inside the wait however late it starts. */
	struct itimerval it = { .it_value = { 0, 100000 }, .it_interval = { 0, 100000 } };
	struct itimerval off = { 0 };
	struct timespec ts;
	sigset_t block, old, during;
	long long t0, dt;
	pthread_t th;
	pid_t pid;

	add(ep, efd, EPOLLIN, 55);
	pthread_create(&th, NULL, thread_waiter, &w);
	msleep(50);
	put_u64(efd, 1);
	pthread_join(th, NULL);
	ok(w.ret == 1 && w.data == 55, "a thread blocked in epoll_wait(-1) wakes for a write");
	{ uint64_t v; read(efd, &v, 8); }

	t0 = now_ns(CLOCK_MONOTONIC);
	r = wait1(ep, NULL, 100);
	dt = now_ns(CLOCK_MONOTONIC) - t0;
	ok(r == 0 && dt >= 100 * MS && dt < 2000 * MS, "a 100 ms timeout waits 100 ms (%lld ms)",
	   dt / MS);
	t0 = now_ns(CLOCK_MONOTONIC);
	r = wait1(ep, NULL, 0);
	dt = now_ns(CLOCK_MONOTONIC) - t0;
	ok(r == 0 && dt < 50 * MS, "a zero timeout returns at once");

	ts = (struct timespec){ 0, 60 * MS };
	t0 = now_ns(CLOCK_MONOTONIC);
	r = syscall(SYS_epoll_pwait2, ep, &ev, 1, &ts, NULL, 8);
	dt = now_ns(CLOCK_MONOTONIC) - t0;
	ok(r == 0 && dt >= 60 * MS, "epoll_pwait2 with 60 ms waits 60 ms (%lld ms)", dt / MS);
	ts.tv_nsec = 1000000000L;
	ok_errno(syscall(SYS_epoll_pwait2, ep, &ev, 1, &ts, NULL, 8), EINVAL,
		 "epoll_pwait2 with tv_nsec = 1e9 is EINVAL");
	put_u64(efd, 1);
	ok(syscall(SYS_epoll_pwait2, ep, &ev, 1, NULL, NULL, 8) == 1 && ev.data.u64 == 55,
	   "epoll_pwait2 without a timeout returns a ready event");
	{ uint64_t v; read(efd, &v, 8); }

	/* A signal ends the wait with EINTR, even with SA_RESTART. */
	sigaction(SIGALRM, &sa, NULL);
	setitimer(ITIMER_REAL, &it, NULL);
	errno = 0;
	r = wait1(ep, NULL, 5000);
	setitimer(ITIMER_REAL, &off, NULL);
	ok(r == -1 && errno == EINTR, "SIGALRM interrupts epoll_wait: EINTR despite SA_RESTART");

	/* epoll_pwait: SIGUSR1 blocked outside, let in only during the wait. */
	sigaction(SIGUSR1, &sa, NULL);
	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	sigprocmask(SIG_BLOCK, &block, &old);
	sigemptyset(&during);
	pid = signal_me_later(SIGUSR1, 100);
	errno = 0;
	r = epoll_pwait(ep, &ev, 1, 5000, &during);
	ok(r == -1 && errno == EINTR, "epoll_pwait's mask lets SIGUSR1 interrupt the wait");
	wait_status(pid);
	sigprocmask(SIG_SETMASK, NULL, &during);
	ok(sigismember(&during, SIGUSR1), "after epoll_pwait SIGUSR1 is blocked again");
	sigprocmask(SIG_SETMASK, &old, NULL);
	signal(SIGALRM, SIG_DFL);
	signal(SIGUSR1, SIG_DFL);
	close(efd);
	close(ep);
}

/* ------------------------------------------------------------ timerfd */

static struct itimerspec its_ms(long value_ms, long interval_ms)
{
	struct itimerspec its = {
		.it_value = { value_ms / 1000, (value_ms % 1000) * MS },
		.it_interval = { interval_ms / 1000, (interval_ms % 1000) * MS },
	};
	return its;
}

static void test_timerfd(void)
{
	struct itimerspec its, old;
	struct epoll_event ev;
	long long t0, dt, expect;
	uint64_t n = 0;
	uint32_t small;
	int fd, ep;

	ok_errno(timerfd_create(CLOCK_PROCESS_CPUTIME_ID, 0), EINVAL, "a CPU-time clock is EINVAL");
	ok_errno(timerfd_create(CLOCK_MONOTONIC, 0x10), EINVAL, "unknown flags are EINVAL");
	fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
	if (!ok_sys(fd, "timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC)"))
		return;
	ok(cloexec(fd), "TFD_CLOEXEC sets FD_CLOEXEC");
	ok_str(fd_link(fd), "anon_inode:[timerfd]", "/proc/self/fd names a timerfd");
	ok_errno(read(fd, &n, 8), EAGAIN, "a disarmed timer reads EAGAIN");
	ok_errno(read(fd, &small, 4), EINVAL, "a 4-byte read is EINVAL");
	its = its_ms(10, 0);
	its.it_value.tv_nsec = 1000000000L;
	ok_errno(timerfd_settime(fd, 0, &its, NULL), EINVAL, "tv_nsec = 1e9 is EINVAL");
	its = its_ms(10, 0);
	ok_errno(timerfd_settime(fd, 0x100, &its, NULL), EINVAL, "unknown settime flags are EINVAL");

	/* One-shot, seen through epoll. */
	ep = epoll_create1(0);
	add(ep, fd, EPOLLIN | EPOLLET, 66);
	t0 = now_ns(CLOCK_MONOTONIC);
	its = its_ms(50, 0);
	ok_sys(timerfd_settime(fd, 0, &its, NULL), "arm a 50 ms one-shot");
	ok(wait1(ep, &ev, 2000) == 1 && ev.data.u64 == 66, "epoll_wait wakes when it expires");
	dt = now_ns(CLOCK_MONOTONIC) - t0;
	ok(dt >= 50 * MS, "not before 50 ms (%lld ms)", dt / MS);
	ok(read(fd, &n, 8) == 8 && n == 1, "read returns 1 expiration");
	ok_errno(read(fd, &n, 8), EAGAIN, "then EAGAIN");
	timerfd_gettime(fd, &its);
	ok(!its.it_value.tv_sec && !its.it_value.tv_nsec, "an expired one-shot is disarmed");

	/* Interval: count the expirations over a measured span. */
	its = its_ms(20, 20);
	t0 = now_ns(CLOCK_MONOTONIC);
	timerfd_settime(fd, 0, &its, NULL);
	msleep(210);
	n = 0;
	read(fd, &n, 8);
	dt = now_ns(CLOCK_MONOTONIC) - t0;
	expect = dt / (20 * MS);
	ok((long long)n >= expect - 2 && (long long)n <= expect,
	   "a 20 ms interval counts %llu expirations in %lld ms", (unsigned long long)n, dt / MS);
	ok(wait1(ep, NULL, 1000) == 1 && read(fd, &n, 8) == 8 && n >= 1,
	   "and keeps firing after the read");
	its = its_ms(0, 0);
	ok_sys(timerfd_settime(fd, 0, &its, &old), "disarm");
	ok(old.it_interval.tv_sec == 0 && old.it_interval.tv_nsec == 20 * MS &&
	   old.it_value.tv_sec == 0 && old.it_value.tv_nsec <= 20 * MS,
	   "settime returns the old setting (interval %ld ns)", old.it_interval.tv_nsec);
	close(ep);
	close(fd);

	/* gettime. */
	fd = timerfd_create(CLOCK_BOOTTIME, 0);
	its = its_ms(10000, 2000);
	timerfd_settime(fd, 0, &its, NULL);
	timerfd_gettime(fd, &its);
	ok(its.it_value.tv_sec == 9 || (its.it_value.tv_sec == 10 && !its.it_value.tv_nsec),
	   "gettime: about 10 s left (%ld.%09ld)", (long)its.it_value.tv_sec, its.it_value.tv_nsec);
	ok(its.it_interval.tv_sec == 2 && !its.it_interval.tv_nsec, "gettime: the 2 s interval");
	close(fd);

	/* Absolute CLOCK_REALTIME, blocking read. */
	fd = timerfd_create(CLOCK_REALTIME, 0);
	t0 = now_ns(CLOCK_REALTIME) + 80 * MS;
	its = (struct itimerspec){ .it_value = { t0 / 1000000000LL, t0 % 1000000000LL } };
	ok_sys(timerfd_settime(fd, TFD_TIMER_ABSTIME, &its, NULL), "arm CLOCK_REALTIME at now + 80 ms");
	n = 0;
	ok(read(fd, &n, 8) == 8 && n == 1, "a blocking read returns 1");
	ok(now_ns(CLOCK_REALTIME) >= t0, "not before the absolute time");
	its = its_ms(1, 0);
	its.it_value = (struct timespec){ 1, 0 };	/* long past */
	timerfd_settime(fd, TFD_TIMER_ABSTIME, &its, NULL);
	ok(read(fd, &n, 8) == 8 && n == 1, "an absolute time in the past expires at once");
	close(fd);

	fd = eventfd(0, 0);
	its = its_ms(10, 0);
	ok_errno(timerfd_settime(fd, 0, &its, NULL), EINVAL, "timerfd_settime on an eventfd is EINVAL");
	close(fd);
}

/* ------------------------------------------------------------ signalfd */

static void test_signalfd(void)
{
	struct signalfd_siginfo si[2];
	struct epoll_event ev;
	sigset_t mask, pending, old;
	union sigval val = { .sival_int = 42 };
	int fd, ep, efd, st;
	ssize_t n;
	pid_t pid;

	sigemptyset(&mask);
	sigaddset(&mask, SIGUSR1);
	sigaddset(&mask, SIGUSR2);
	sigprocmask(SIG_BLOCK, &mask, &old);

	ok_errno(signalfd(-1, &mask, 0x100), EINVAL, "unknown signalfd flags are EINVAL");
	ok_errno(syscall(SYS_signalfd4, -1, &mask, 4, 0), EINVAL, "a 4-byte mask size is EINVAL");
	efd = eventfd(0, 0);
	ok_errno(signalfd(efd, &mask, 0), EINVAL, "signalfd on an eventfd is EINVAL");
	close(efd);

	sigdelset(&mask, SIGUSR2);
	fd = signalfd(-1, &mask, SFD_NONBLOCK | SFD_CLOEXEC);
	if (!ok_sys(fd, "signalfd for SIGUSR1"))
		return;
	ok(cloexec(fd), "SFD_CLOEXEC sets FD_CLOEXEC");
	ok_str(fd_link(fd), "anon_inode:[signalfd]", "/proc/self/fd names a signalfd");
	ok_errno(read(fd, si, 128), EAGAIN, "nothing pending: EAGAIN");
	ok_errno(read(fd, si, 100), EINVAL, "a buffer under 128 bytes is EINVAL");

	kill(getpid(), SIGUSR1);
	memset(si, 0, sizeof(si));
	n = read(fd, si, sizeof(si));
	ok(n == 128, "kill(self, SIGUSR1): one 128-byte siginfo (%zd)", n);
	ok_eq(si[0].ssi_signo, SIGUSR1, "ssi_signo");
	ok_eq(si[0].ssi_pid, getpid(), "ssi_pid is the sender");
	ok_eq(si[0].ssi_uid, getuid(), "ssi_uid is the sender's uid");
	ok_eq(si[0].ssi_code, SI_USER, "ssi_code is SI_USER");
	sigpending(&pending);
	ok(!sigismember(&pending, SIGUSR1), "the signal was dequeued");

	/* The mask is updated in place; more than one siginfo per read. */
	sigaddset(&mask, SIGUSR2);
	ok_eq(signalfd(fd, &mask, 0), fd, "signalfd(fd, ...) updates the mask, same fd");
	sigqueue(getpid(), SIGUSR2, val);
	kill(getpid(), SIGUSR1);
	memset(si, 0, sizeof(si));
	n = read(fd, si, sizeof(si));
	ok(n == 256 && si[0].ssi_signo == SIGUSR1 && si[1].ssi_signo == SIGUSR2,
	   "two pending signals in one read, lowest first (%zd)", n);
	ok(si[1].ssi_code == SI_QUEUE && si[1].ssi_int == 42 && (int)si[1].ssi_ptr == 42,
	   "sigqueue's SI_QUEUE and value arrive (code %d, int %d)", si[1].ssi_code, si[1].ssi_int);

	/* Only signals in the mask are read. */
	sigdelset(&mask, SIGUSR2);
	signalfd(fd, &mask, 0);
	kill(getpid(), SIGUSR2);
	ok_errno(read(fd, si, 128), EAGAIN, "a signal outside the mask is left alone");
	{
		int sig = 0;
		sigset_t w;

		sigemptyset(&w);
		sigaddset(&w, SIGUSR2);
		sigwait(&w, &sig);
	}

	/* epoll wakes when another process sends one. */
	ep = epoll_create1(0);
	add(ep, fd, EPOLLIN, 77);
	ok_eq(wait1(ep, NULL, 0), 0, "epoll: not ready without a pending signal");
	pid = signal_me_later(SIGUSR1, 100);
	ok(wait1(ep, &ev, 3000) == 1 && ev.data.u64 == 77, "epoll_wait wakes for a queued SIGUSR1");
	st = wait_status(pid);
	ok(read(fd, si, 128) == 128 && si[0].ssi_signo == SIGUSR1 && si[0].ssi_pid == (uint32_t)pid,
	   "and reads it, ssi_pid the child (%u)", si[0].ssi_pid);
	close(ep);
	(void)st;

	/*
	 * The epoll instance outlives the process whose signal queue its
	 * signalfd item hooked: a grandchild still holds the instance when
	 * the child that added the item exits, then waits on it and closes it.
	 */
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		int ep2 = epoll_create1(0);
		pid_t gc;

		add(ep2, fd, EPOLLIN, 99);
		gc = fork();
		if (gc == 0) {
			msleep(100);
			wait1(ep2, NULL, 50);
			close(ep2);
			_exit(0);
		}
		_exit(0);
	}
	st = wait_status(pid);
	msleep(250);
	ok(WIFEXITED(st) && !WEXITSTATUS(st),
	   "an epoll fd outlives the process whose signalfd item it held");

	/* A blocking read. */
	close(fd);
	fd = signalfd(-1, &mask, 0);
	pid = signal_me_later(SIGUSR1, 100);
	ok(read(fd, si, 128) == 128 && si[0].ssi_signo == SIGUSR1, "a blocking read waits for the signal");
	wait_status(pid);
	close(fd);
	sigprocmask(SIG_SETMASK, &old, NULL);
}

/* ------------------------------------------------------------ ttys */

static void test_tty(void)
{
	struct epoll_event ev;
	int fd = open("/dev/console", O_RDWR | O_NOCTTY | O_NONBLOCK), ep;

	if (fd < 0 || !isatty(fd)) {
		skip("/dev/console is not a tty here");
		if (fd >= 0)
			close(fd);
		return;
	}
	ep = epoll_create1(0);
	ok_sys(add(ep, fd, EPOLLOUT, 88), "ADD the console tty for EPOLLOUT");
	ok(wait1(ep, &ev, 1000) == 1 && (ev.events & EPOLLOUT) && ev.data.u64 == 88,
	   "the console is writable");
	close(ep);
	close(fd);
}

int main(void)
{
	test_eventfd();
	test_create();
	test_pipe_modes();
	test_ctl_errors();
	test_exclusive();
	test_nested();
	test_close();
	test_fork();
	test_sleep();
	test_timerfd();
	test_signalfd();
	test_tty();
	return tap_finish();
}
