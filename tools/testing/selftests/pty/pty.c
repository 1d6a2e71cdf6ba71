// SPDX-License-Identifier: GPL-2.0-only
/*
 * pty - pseudo-terminals: /dev/ptmx, devpts and the pty pair.
 *
 * Opens masters, finds and unlocks their slaves (the ioctls and musl's
 * posix_openpt/grantpt/unlockpt/ptsname), and checks data both ways
 * through the slave's line discipline (canonical lines, echo, OPOST),
 * ^C becoming SIGINT for the slave's foreground group, window sizes and
 * SIGWINCH, packet mode, flow control with O_NONBLOCK and poll, the
 * hang-up rules when either side closes (SIGHUP to the session leader),
 * controlling terminals (/dev/tty, TIOCSCTTY, TIOCNOTTY), vhangup(2) (files
 * open before it end, later opens work), 64 ptys at
 * once with their numbers reused, the /dev/pts nodes' owner and mode,
 * and a shell driven through a pty.  Expects devpts on /dev/pts.
 */
#include "tap.h"
#include "util.h"
#include <dirent.h>
#include <poll.h>
#include <termios.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/syscall.h>

#define WAIT_MS 5000	/* longest wait for data that should come */

/* A new master (O_NOCTTY) and its number; -1 on failure. */
static int open_master(int *idx)
{
	int fd = open("/dev/ptmx", O_RDWR | O_NOCTTY);
	unsigned int n;

	if (fd < 0)
		return -1;
	if (ioctl(fd, TIOCGPTN, &n) < 0) {
		close(fd);
		return -1;
	}
	*idx = n;
	return fd;
}

static void slave_name(int idx, char *buf, size_t len)
{
	snprintf(buf, len, "/dev/pts/%d", idx);
}

/* Unlock and open the slave of master m (number idx). */
static int open_slave(int m, int idx, int flags)
{
	char name[32];
	int unlock = 0;

	if (ioctl(m, TIOCSPTLCK, &unlock) < 0)
		return -1;
	slave_name(idx, name, sizeof(name));
	return open(name, O_RDWR | flags);
}

/* Wait for fd to be readable; returns revents or 0 on timeout. */
static int wait_in(int fd, int ms)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };

	return poll(&p, 1, ms) > 0 ? p.revents : 0;
}

/*
 * Read from fd until want appears in what was read (NUL terminated in
 * buf), or WAIT_MS passes without data.  Returns whether it appeared.
 */
static int read_until(int fd, char *buf, size_t len, const char *want)
{
	size_t got = 0;

	buf[0] = '\0';
	while (got < len - 1 && !strstr(buf, want)) {
		ssize_t n;

		if (!(wait_in(fd, WAIT_MS) & (POLLIN | POLLHUP)))
			break;
		n = read(fd, buf + got, len - 1 - got);
		if (n <= 0)
			break;
		got += n;
		buf[got] = '\0';
	}
	return strstr(buf, want) != NULL;
}

/* ------------------------------------------------------------ tests */

static void test_open_and_lock(void)
{
	int m, s, idx, locked = -1, unlock = 0;
	char name[32];
	struct stat st;

	m = open_master(&idx);
	if (!ok(m >= 0, "open /dev/ptmx and TIOCGPTN"))
		return;
	diag("pty number %d", idx);
	ok(ioctl(m, TIOCGPTLCK, &locked) == 0 && locked == 1, "a new slave is locked");
	slave_name(idx, name, sizeof(name));
	ok_sys(stat(name, &st), "%s exists", name);
	ok(S_ISCHR(st.st_mode) && major(st.st_rdev) == 136 && (int)minor(st.st_rdev) == idx,
	   "%s is char 136:%d", name, idx);
	ok_errno(open(name, O_RDWR | O_NOCTTY), EIO, "open of a locked slave");
	ok_sys(ioctl(m, TIOCSPTLCK, &unlock), "TIOCSPTLCK 0 unlocks");
	ok(ioctl(m, TIOCGPTLCK, &locked) == 0 && locked == 0, "TIOCGPTLCK says unlocked");
	s = open(name, O_RDWR | O_NOCTTY);
	ok(s >= 0, "the unlocked slave opens");
	ok(isatty(s) && isatty(m), "both sides are terminals");
	close(s);
	close(m);
	ok_errno(stat(name, &st), ENOENT, "the node goes when the master closes");
}

/* mode= and gid= of the devpts mount, from /proc/self/mounts. */
static void devpts_options(unsigned int *mode, long *gid)
{
	const char *t = file_text("/proc/self/mounts");
	const char *line = t ? strstr(t, " /dev/pts devpts ") : NULL;
	const char *end = line ? strchr(line, '\n') : NULL;
	const char *p;

	*mode = 0600;
	*gid = -1;
	if (!line || !end)
		return;
	p = strstr(line, "mode=");
	if (p && p < end && p[-1] != 'x')	/* not ptmxmode= */
		*mode = strtoul(p + 5, NULL, 8);
	p = strstr(line, ",gid=");
	if (p && p < end)
		*gid = strtol(p + 5, NULL, 10);
}

static void test_devpts_nodes(void)
{
	int m, idx, seen_ptmx = 0, seen_pty = 0;
	unsigned int mode;
	char name[32], me[16];
	struct dirent *de;
	struct stat st;
	long gid;
	DIR *d;

	m = open_master(&idx);
	if (!ok(m >= 0, "open a master for the node checks"))
		return;
	devpts_options(&mode, &gid);
	slave_name(idx, name, sizeof(name));
	snprintf(me, sizeof(me), "%d", idx);
	d = opendir("/dev/pts");
	while (d && (de = readdir(d))) {
		seen_ptmx |= !strcmp(de->d_name, "ptmx");
		seen_pty |= !strcmp(de->d_name, me);
	}
	if (d)
		closedir(d);
	ok(seen_ptmx && seen_pty, "/dev/pts lists ptmx and %s", me);
	ok(stat(name, &st) == 0 && st.st_uid == geteuid(), "the slave belongs to the opener");
	ok_eq(st.st_gid, gid >= 0 ? (gid_t)gid : getegid(), "its group is gid= or the opener's");
	ok_eq(st.st_mode & 07777, mode, "its mode is mode= (%03o)", mode);
	ok(stat("/dev/pts/ptmx", &st) == 0 && S_ISCHR(st.st_mode) &&
	   st.st_rdev == makedev(5, 2), "/dev/pts/ptmx is char 5:2");
	ok(stat("/dev/ptmx", &st) == 0 && S_ISCHR(st.st_mode) && st.st_rdev == makedev(5, 2),
	   "/dev/ptmx is char 5:2");
	close(m);
}

static void test_data(void)
{
	int m, s, idx, fl;
	char buf[256];
	ssize_t n;

	m = open_master(&idx);
	s = m >= 0 ? open_slave(m, idx, O_NOCTTY) : -1;
	if (!ok(s >= 0, "a pair for the data checks"))
		return;
	ok_eq(write(m, "hello\n", 6), 6, "write a line to the master");
	ok(wait_in(s, WAIT_MS) & POLLIN, "the slave polls readable");
	n = read(s, buf, sizeof(buf));
	ok(n == 6 && !memcmp(buf, "hello\n", 6), "the slave reads the line");
	ok(read_until(m, buf, sizeof(buf), "hello\r\n"), "the master sees the echo, NL as CR NL");

	/* Canonical mode: no line, nothing to read. */
	fl = fcntl(s, F_GETFL);
	fcntl(s, F_SETFL, fl | O_NONBLOCK);
	ok_eq(write(m, "abc", 3), 3, "write a partial line");
	usleep(100000);
	ok_errno(read(s, buf, sizeof(buf)), EAGAIN, "a partial line is not readable");
	write(m, "\x7f" "d\n", 3);	/* erase the c, type d */
	wait_in(s, WAIT_MS);
	n = read(s, buf, sizeof(buf));
	ok(n == 4 && !memcmp(buf, "abd\n", 4), "the completed line, edited by ERASE");
	fcntl(s, F_SETFL, fl);
	read_until(m, buf, sizeof(buf), "d\r\n");

	ok_eq(write(s, "out\n", 4), 4, "write to the slave");
	ok(read_until(m, buf, sizeof(buf), "out\r\n"), "the master reads it after OPOST");
	close(s);
	close(m);
}

/* A child in a new session with the slave as its controlling terminal. */
struct session_child {
	pid_t pid;
	int ready;	/* read end: the child writes one byte when set up */
};

static volatile sig_atomic_t got_winch;

static void on_winch(int sig)
{
	(void)sig;
	got_winch = 1;
}

/*
 * The child: setsid, open the slave (acquiring it), tell the parent,
 * then either wait for signals to kill it or report SIGWINCH with exit 7.
 * It closes its copy of the master m, which is the parent's to close.
 */
static struct session_child start_session(const char *name, int m, int want_winch)
{
	struct session_child c = { -1, -1 };
	int p[2];

	if (pipe(p))
		return c;
	c.pid = fork();
	if (c.pid == 0) {
		int fd;

		close(p[0]);
		close(m);
		signal(SIGWINCH, want_winch ? on_winch : SIG_DFL);
		if (setsid() < 0 || (fd = open(name, O_RDWR)) < 0)
			_exit(1);
		if (tcgetpgrp(fd) != getpgrp())
			_exit(2);
		write(p[1], "r", 1);
		for (int i = 0; i < 100; i++) {
			if (got_winch)
				_exit(7);
			usleep(50000);
		}
		_exit(3);
	}
	close(p[1]);
	c.ready = p[0];
	return c;
}

static int child_ready(struct session_child *c)
{
	char b;
	int ok_ = c->pid > 0 && (wait_in(c->ready, WAIT_MS) & POLLIN) && read(c->ready, &b, 1) == 1;

	close(c->ready);
	return ok_;
}

static void test_intr(void)
{
	struct session_child c;
	int m, s, idx, st;
	char name[32], buf[64];

	m = open_master(&idx);
	s = m >= 0 ? open_slave(m, idx, O_NOCTTY) : -1;
	if (!ok(s >= 0, "a pair for ^C"))
		return;
	slave_name(idx, name, sizeof(name));
	c = start_session(name, m, 0);
	if (!ok(child_ready(&c), "a session leader acquired the slave"))
		return;
	ok_eq(write(m, "\x03", 1), 1, "type ^C on the master");
	st = wait_status(c.pid);
	ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGINT, "the foreground group got SIGINT (%s)",
	   status_str(st));
	ok(read_until(m, buf, sizeof(buf), "^C"), "the master sees ^C echoed");
	close(s);
	close(m);
}

static void test_winsize(void)
{
	struct winsize ws = { .ws_row = 24, .ws_col = 80 }, got = { 0 };
	struct session_child c;
	int m, s, idx, st;
	char name[32];

	m = open_master(&idx);
	s = m >= 0 ? open_slave(m, idx, O_NOCTTY) : -1;
	if (!ok(s >= 0, "a pair for window sizes"))
		return;
	ok_sys(ioctl(m, TIOCSWINSZ, &ws), "TIOCSWINSZ on the master");
	ok(ioctl(s, TIOCGWINSZ, &got) == 0 && got.ws_row == 24 && got.ws_col == 80,
	   "the slave has the size");
	slave_name(idx, name, sizeof(name));
	c = start_session(name, m, 1);
	if (!ok(child_ready(&c), "a session leader for SIGWINCH"))
		return;
	ws.ws_col = 132;
	ok_sys(ioctl(m, TIOCSWINSZ, &ws), "resize from the master");
	st = wait_status(c.pid);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 7, "the foreground group got SIGWINCH (%s)",
	   status_str(st));
	ok(ioctl(m, TIOCGWINSZ, &got) == 0 && got.ws_col == 132, "the master has the new size");
	close(s);
	close(m);
}

/* One read of the master in packet mode: the first byte, and the length. */
static int packet_read(int m, char *buf, size_t len, ssize_t *n)
{
	*n = -1;
	if (!(wait_in(m, WAIT_MS) & POLLIN))
		return -1;
	*n = read(m, buf, len);
	return *n > 0 ? (unsigned char)buf[0] : -1;
}

static void test_packet(void)
{
	int m, s, idx, on = 1, got = -1;
	struct pollfd p;
	char buf[64];
	ssize_t n;

	m = open_master(&idx);
	s = m >= 0 ? open_slave(m, idx, O_NOCTTY) : -1;
	if (!ok(s >= 0, "a pair for packet mode"))
		return;
	ok_sys(ioctl(m, TIOCPKT, &on), "TIOCPKT 1");
	ok(ioctl(m, TIOCGPKT, &got) == 0 && got == 1, "TIOCGPKT says so");
	write(s, "x", 1);
	ok(packet_read(m, buf, sizeof(buf), &n) == TIOCPKT_DATA && n == 2 && buf[1] == 'x',
	   "data comes after TIOCPKT_DATA");
	tcflush(s, TCIFLUSH);
	p = (struct pollfd){ .fd = m, .events = POLLPRI };
	ok(poll(&p, 1, WAIT_MS) == 1 && (p.revents & POLLPRI), "a status event polls POLLPRI");
	ok(packet_read(m, buf, sizeof(buf), &n) == TIOCPKT_FLUSHREAD && n == 1,
	   "the slave's input flush reads as TIOCPKT_FLUSHREAD");
	tcflush(s, TCOFLUSH);
	ok(packet_read(m, buf, sizeof(buf), &n) == TIOCPKT_FLUSHWRITE && n == 1,
	   "its output flush as TIOCPKT_FLUSHWRITE");
	write(m, "\x13", 1);	/* ^S */
	ok(packet_read(m, buf, sizeof(buf), &n) == TIOCPKT_STOP && n == 1, "^S gives TIOCPKT_STOP");
	write(m, "\x11", 1);	/* ^Q */
	ok(packet_read(m, buf, sizeof(buf), &n) == TIOCPKT_START && n == 1,
	   "^Q gives TIOCPKT_START");
	on = 0;
	ioctl(m, TIOCPKT, &on);
	write(s, "y", 1);
	ok(packet_read(m, buf, sizeof(buf), &n) == 'y' && n == 1, "TIOCPKT 0: plain data again");
	close(s);
	close(m);
}

static void test_flow(void)
{
	int m, s, idx, fl;
	size_t total = 0, drained = 0;
	struct termios t;
	struct pollfd p;
	char buf[4096];
	ssize_t n;

	m = open_master(&idx);
	s = m >= 0 ? open_slave(m, idx, O_NOCTTY) : -1;
	if (!ok(s >= 0, "a pair for flow control"))
		return;
	tcgetattr(s, &t);
	cfmakeraw(&t);
	tcsetattr(s, TCSANOW, &t);
	memset(buf, 'z', sizeof(buf));
	fl = fcntl(m, F_GETFL);
	fcntl(m, F_SETFL, fl | O_NONBLOCK);
	for (int i = 0; i < 1000; i++) {
		n = write(m, buf, sizeof(buf));
		if (n < 0)
			break;
		total += n;
		usleep(1000);	/* let the data move on to the slave's buffers */
	}
	ok(n < 0 && errno == EAGAIN, "a non-blocking master write fails with EAGAIN when full");
	ok(total >= 4096 && total < 1024 * 1024, "after %zu bytes", total);
	p = (struct pollfd){ .fd = m, .events = POLLOUT };
	ok(poll(&p, 1, 0) == 0, "a full master does not poll writable");
	fcntl(s, F_SETFL, O_RDWR | O_NONBLOCK);
	while (drained < total && (wait_in(s, 500) & POLLIN)) {
		n = read(s, buf, sizeof(buf));
		if (n <= 0)
			break;
		drained += n;
	}
	ok_eq(drained, total, "the slave reads every byte written");
	p = (struct pollfd){ .fd = m, .events = POLLOUT };
	ok(poll(&p, 1, WAIT_MS) == 1 && (p.revents & POLLOUT), "the master polls writable again");
	p = (struct pollfd){ .fd = m, .events = POLLIN };
	ok(poll(&p, 1, 0) == 0, "and not readable: raw mode echoes nothing");
	close(s);
	close(m);
}

static void test_master_hangup(void)
{
	struct session_child c;
	int m, s, idx, st;
	pid_t reader;
	char name[32], buf[16];

	m = open_master(&idx);
	s = m >= 0 ? open_slave(m, idx, O_NOCTTY) : -1;
	if (!ok(s >= 0, "a pair for the master's hang-up"))
		return;
	slave_name(idx, name, sizeof(name));
	c = start_session(name, m, 0);
	if (!ok(child_ready(&c), "a session leader on the slave"))
		return;
	/* A reader already asleep on the slave when the master goes. */
	reader = fork();
	if (reader == 0) {
		close(m);
		_exit(read(s, buf, sizeof(buf)) < 0 && errno == EIO ? 0 : 1);
	}
	usleep(200000);
	close(m);
	st = wait_status(c.pid);
	ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGHUP, "the session leader got SIGHUP (%s)",
	   status_str(st));
	ok_eq(read(s, buf, sizeof(buf)), 0, "a slave read returns 0 after the master closed");
	ok_errno(write(s, "x", 1), EIO, "a slave write fails with EIO");
	ok(wait_in(s, 0) & POLLHUP, "the slave polls POLLHUP");
	st = wait_status(reader);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "a sleeping slave reader is woken with EIO (%s)",
	   status_str(st));
	close(s);
}

static void test_slave_hangup(void)
{
	int m, s, idx;
	char buf[16];
	ssize_t n;

	m = open_master(&idx);
	s = m >= 0 ? open_slave(m, idx, O_NOCTTY) : -1;
	if (!ok(s >= 0, "a pair for the slave's close"))
		return;
	write(s, "bye", 3);
	close(s);
	ok(wait_in(m, WAIT_MS) & POLLHUP, "the master polls POLLHUP");
	n = read(m, buf, sizeof(buf));
	ok(n == 3 && !memcmp(buf, "bye", 3), "the slave's last output is still read");
	ok_errno(read(m, buf, sizeof(buf)), EIO, "then master reads fail with EIO");
	s = open_slave(m, idx, O_NOCTTY);
	ok(s >= 0, "the slave can be opened again");
	ok_eq(write(s, "z", 1), 1, "and written");
	n = read(m, buf, sizeof(buf));
	ok(n == 1 && buf[0] == 'z', "the master reads again");
	close(s);
	close(m);
}

static void test_poll(void)
{
	struct epoll_event ev;
	struct pollfd p[2];
	int m, s, idx, ep;
	char buf[64];

	m = open_master(&idx);
	s = m >= 0 ? open_slave(m, idx, O_NOCTTY) : -1;
	if (!ok(s >= 0, "a pair for poll"))
		return;
	p[0] = (struct pollfd){ .fd = m, .events = POLLIN | POLLOUT };
	p[1] = (struct pollfd){ .fd = s, .events = POLLIN | POLLOUT };
	ok(poll(p, 2, 0) == 2 && p[0].revents == POLLOUT && p[1].revents == POLLOUT,
	   "idle: both sides writable, neither readable");
	write(m, "q\n", 2);
	p[1] = (struct pollfd){ .fd = s, .events = POLLIN };
	ok(poll(&p[1], 1, WAIT_MS) == 1 && (p[1].revents & POLLIN), "a line makes the slave readable");
	p[0].events = POLLIN;
	ok(poll(&p[0], 1, WAIT_MS) == 1 && (p[0].revents & POLLIN), "its echo the master");
	read(s, buf, sizeof(buf));
	read(m, buf, sizeof(buf));

	/* epoll on both ends: each sees the other's write. */
	ep = epoll_create1(0);
	ev = (struct epoll_event){ .events = EPOLLIN, .data.fd = m };
	epoll_ctl(ep, EPOLL_CTL_ADD, m, &ev);
	ev = (struct epoll_event){ .events = EPOLLIN, .data.fd = s };
	epoll_ctl(ep, EPOLL_CTL_ADD, s, &ev);
	ok_eq(epoll_wait(ep, &ev, 1, 0), 0, "epoll: nothing ready when idle");
	write(s, "e", 1);
	ok(epoll_wait(ep, &ev, 1, WAIT_MS) == 1 && ev.data.fd == m, "epoll: the master after a slave write");
	read(m, buf, sizeof(buf));
	write(m, "f\n", 2);
	while (epoll_wait(ep, &ev, 1, WAIT_MS) == 1 && ev.data.fd == m)
		read(m, buf, sizeof(buf));	/* the echo */
	ok(ev.data.fd == s && (ev.events & EPOLLIN), "epoll: the slave after a master line");
	close(ep);
	close(s);
	close(m);
}

static void test_many(void)
{
	int fds[64], idx[64], n = 0, distinct = 1, lowest = 1 << 30, again, nr0, nr1;
	char buf[64];

	read_text("/proc/sys/kernel/pty/nr", buf, sizeof(buf));
	nr0 = atoi(buf);
	for (int i = 0; i < 64; i++) {
		fds[i] = open_master(&idx[i]);
		if (fds[i] < 0)
			break;
		n++;
		for (int j = 0; j < i; j++)
			distinct &= idx[j] != idx[i];
		if (idx[i] < lowest)
			lowest = idx[i];
	}
	ok_eq(n, 64, "64 masters open at once");
	ok(distinct, "with distinct numbers");
	read_text("/proc/sys/kernel/pty/nr", buf, sizeof(buf));
	nr1 = atoi(buf);
	ok_eq(nr1 - nr0, 64, "kernel.pty.nr counts them");
	ok(file_text("/proc/sys/kernel/pty/max") && atoi(file_text("/proc/sys/kernel/pty/max")) >= 64,
	   "kernel.pty.max allows them");
	for (int i = 0; i < n; i++)
		close(fds[i]);
	again = open_master(&idx[0]);
	ok(again >= 0 && idx[0] <= lowest, "a closed pty's number is reused (%d)", idx[0]);
	close(again);
}

static void test_ctty(void)
{
	int m, s, idx, st;
	char name[32], buf[64];
	pid_t pid;

	m = open_master(&idx);
	s = m >= 0 ? open_slave(m, idx, O_NOCTTY) : -1;
	if (!ok(s >= 0, "a pair for controlling terminals"))
		return;
	slave_name(idx, name, sizeof(name));
	pid = fork();
	if (pid == 0) {
		int fd, t;

		if (setsid() < 0)
			_exit(1);
		fd = open(name, O_RDWR | O_NOCTTY);
		if (fd < 0 || open("/dev/tty", O_RDWR) >= 0)
			_exit(2);	/* O_NOCTTY: no controlling terminal yet */
		if (ioctl(fd, TIOCSCTTY, 0) < 0)
			_exit(3);
		t = open("/dev/tty", O_RDWR);
		if (t < 0 || write(t, "via-tty\n", 8) != 8)
			_exit(4);
		/* The leader giving it up hangs up its own foreground group: us. */
		signal(SIGHUP, SIG_IGN);
		if (ioctl(t, TIOCNOTTY) < 0)
			_exit(5);
		if (open("/dev/tty", O_RDWR) >= 0 || errno != ENXIO)
			_exit(6);
		_exit(0);
	}
	st = wait_status(pid);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "TIOCSCTTY makes it the controlling tty, /dev/tty reaches it, TIOCNOTTY drops it (%s)",
	   status_str(st));
	ok(read_until(m, buf, sizeof(buf), "via-tty\r\n"), "the master reads what went to /dev/tty");

	pid = fork();
	if (pid == 0) {
		int fd;

		setsid();
		fd = open(name, O_RDWR);
		_exit(fd >= 0 && open("/dev/tty", O_RDWR) >= 0 ? 0 : 1);
	}
	st = wait_status(pid);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "a session leader's open without O_NOCTTY acquires the slave");
	close(s);
	close(m);
}

static volatile sig_atomic_t got_hup;

static void on_hup(int sig)
{
	(void)sig;
	got_hup++;
}

/*
 * The child of test_vhangup(): lead a session on the slave @name, hang it
 * up, and report by exit status what held.
 */
static int vhangup_leader(const char *name)
{
	int fd, again;
	char c;

	if (setsid() < 0)
		return 1;
	fd = open(name, O_RDWR);
	if (fd < 0 || open("/dev/tty", O_RDWR) < 0)
		return 2;	/* the open made it the controlling terminal */
	signal(SIGHUP, on_hup);
	if (syscall(SYS_vhangup))
		return 3;
	if (got_hup != 1)
		return 4;	/* the session leader hears of it */
	if (read(fd, &c, 1) != 0)
		return 5;	/* its open file reads end of file */
	if (write(fd, "x", 1) != -1 || errno != EIO)
		return 6;	/* and fails writes with EIO */
	if (open("/dev/tty", O_RDWR) >= 0 || errno != ENXIO)
		return 7;	/* the session lost its terminal */
	again = open(name, O_RDWR | O_NOCTTY);
	if (again < 0 || write(again, "after\n", 6) != 6)
		return 8;	/* a file opened afterwards works */
	return 0;
}

static void test_vhangup(void)
{
	int m, s, idx, st;
	char name[32], buf[64], c;
	pid_t pid;

	m = open_master(&idx);
	s = m >= 0 ? open_slave(m, idx, O_NOCTTY) : -1;
	if (!ok(s >= 0, "a pair for vhangup"))
		return;
	slave_name(idx, name, sizeof(name));
	pid = fork();
	if (pid == 0)
		_exit(vhangup_leader(name));
	st = wait_status(pid);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "vhangup: the leader gets SIGHUP, its files end, a new open works (%s)",
	   status_str(st));
	ok(read_until(m, buf, sizeof(buf), "after\r\n"), "the master reads the new file's output");
	ok_eq(read(s, &c, 1), 0, "another process's file opened before the hang-up reads 0");
	ok_errno(write(s, "x", 1), EIO, "and fails writes with EIO");
	close(s);

	pid = fork();
	if (pid == 0) {
		if (setuid(65534))
			_exit(1);
		_exit(syscall(SYS_vhangup) == -1 && errno == EPERM ? 0 : 2);
	}
	st = wait_status(pid);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "vhangup without CAP_SYS_TTY_CONFIG is EPERM");
	pid = fork();
	if (pid == 0) {
		setsid();
		_exit(syscall(SYS_vhangup) == 0 ? 0 : 1);
	}
	st = wait_status(pid);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "vhangup without a controlling terminal is 0");
	close(m);
}

static void test_libc(void)
{
	int m = posix_openpt(O_RDWR | O_NOCTTY), s, peer;
	char buf[64];
	const char *name;

	if (!ok(m >= 0, "posix_openpt"))
		return;
	ok_sys(grantpt(m), "grantpt");
	ok_sys(unlockpt(m), "unlockpt");
	name = ptsname(m);
	ok(name && !strncmp(name, "/dev/pts/", 9), "ptsname gives %s", name ? name : "NULL");
	s = name ? open(name, O_RDWR | O_NOCTTY) : -1;
	ok(s >= 0, "the named slave opens");
	peer = ioctl(m, TIOCGPTPEER, O_RDWR | O_NOCTTY);
	ok(peer >= 0, "TIOCGPTPEER opens the slave too");
	if (peer >= 0) {
		write(peer, "peer\n", 5);
		ok(read_until(m, buf, sizeof(buf), "peer\r\n"), "through it the master reads");
		close(peer);
	}
	close(s);
	close(m);
}

/* A shell on the slave, driven from the master like a terminal emulator does. */
static void test_shell(void)
{
	int m, s, idx, st;
	char name[32], buf[4096];
	pid_t pid;

	m = open_master(&idx);
	s = m >= 0 ? open_slave(m, idx, O_NOCTTY) : -1;
	if (!ok(s >= 0, "a pair for a shell"))
		return;
	slave_name(idx, name, sizeof(name));
	pid = fork();
	if (pid == 0) {
		int fd;

		close(m);
		close(s);
		setsid();
		fd = open(name, O_RDWR);
		if (fd < 0)
			_exit(1);
		dup2(fd, 0);
		dup2(fd, 1);
		dup2(fd, 2);
		close(fd);
		execl("/bin/sh", "sh", "-i", (char *)NULL);
		_exit(127);
	}
	write(m, "echo $((6*7))x\n", 15);
	ok(read_until(m, buf, sizeof(buf), "42x"), "the shell ran the command on the pty");
	write(m, "tty\n", 4);
	ok(read_until(m, buf, sizeof(buf), name), "its tty is %s", name);
	write(m, "exit\n", 5);
	st = wait_status(pid);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "the shell exits (%s)", status_str(st));
	/* Ours kept the slave open meanwhile: a master read fails with EIO while none is. */
	close(s);
	close(m);
}

int main(void)
{
	if (access("/dev/ptmx", F_OK) || access("/dev/pts/ptmx", F_OK))
		bail_out("no /dev/ptmx or devpts on /dev/pts");
	test_open_and_lock();
	test_devpts_nodes();
	test_data();
	test_intr();
	test_winsize();
	test_packet();
	test_flow();
	test_master_hangup();
	test_slave_hangup();
	test_poll();
	test_many();
	test_ctty();
	test_vhangup();
	test_libc();
	test_shell();
	return tap_finish();
}
