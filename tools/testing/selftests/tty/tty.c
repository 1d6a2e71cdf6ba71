// SPDX-License-Identifier: GPL-2.0-only
/*
 * tty - terminal ioctls on the serial console: isatty, TCGETS/TCSETS and
 * the exact size of the kernel termios, speeds, TIOCGWINSZ/TIOCSWINSZ,
 * TIOCGPGRP without and with a controlling terminal (setsid + open,
 * TIOCSPGRP, TIOCGSID, /dev/tty, TIOCNOTTY), ttyname, flush/drain, and,
 * with input injected by TIOCSTI, the line discipline: canonical lines,
 * ERASE/KILL/EOF, ICRNL, non-canonical VMIN/VTIME, ISIG.
 *
 * The device is $SELFTEST_TTY, else /dev/ttyS0, else /dev/console; with
 * none of them the tests are skipped.  stdin under the harness is
 * /dev/null.  Every change is undone before the next line is printed, as
 * this output goes to the same terminal.
 */
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <termios.h>

#include "tap.h"
#include "util.h"

/* The kernel's struct termios (TCGETS/TCSETS): 36 bytes, no speed fields. */
struct kernel_termios {
	unsigned int c_iflag, c_oflag, c_cflag, c_lflag;
	unsigned char c_line;
	unsigned char c_cc[19];
};

static const char *dev;
static int fd = -1;
static int can_ctty;		/* a real port: setsid + open makes it our ctty */
static struct termios saved;
static struct winsize saved_ws;

static int open_tty(void)
{
	static const char *const candidates[] = { "/dev/ttyS0", "/dev/console" };
	const char *env = getenv("SELFTEST_TTY");
	unsigned int i;

	if (env && *env) {
		dev = env;
		fd = open(dev, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
		can_ctty = strcmp(env, "/dev/console") != 0;
	}
	for (i = 0; fd < 0 && i < ARRAY_SIZE(candidates); i++) {
		dev = candidates[i];
		fd = open(dev, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
		can_ctty = i == 0;
		if (fd >= 0 && !isatty(fd)) {
			close(fd);
			fd = -1;
		}
	}
	if (fd < 0)
		return -1;
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	tcgetattr(fd, &saved);
	ioctl(fd, TIOCGWINSZ, &saved_ws);
	return 0;
}

static void restore(void)
{
	tcsetattr(fd, TCSANOW, &saved);
	ioctl(fd, TIOCSWINSZ, &saved_ws);
}

static void test_isatty(void)
{
	int pfd[2], nfd, r;

	ok_eq(isatty(fd), 1, "isatty(%s) is 1", dev);
	if (pipe(pfd) == 0) {
		r = isatty(pfd[0]);
		ok(r == 0 && errno == ENOTTY, "isatty(pipe) is 0 with ENOTTY");
		close(pfd[0]);
		close(pfd[1]);
	}
	nfd = open("/dev/null", O_RDWR);
	r = isatty(nfd);
	ok(r == 0 && errno == ENOTTY, "isatty(/dev/null) is 0 with ENOTTY");
	{
		struct kernel_termios kt;

		ok_errno(ioctl(nfd, TCGETS, &kt), ENOTTY, "TCGETS on /dev/null: ENOTTY");
	}
	close(nfd);
	ok_errno(ioctl(fd, _IOR('Z', 0x42, int), &r), ENOTTY, "an unknown ioctl on a tty: ENOTTY");
}

static void test_termios(void)
{
	unsigned char raw[64];
	struct kernel_termios kt, kt2;
	struct termios t;
	int i, tail_untouched = 1;

	memset(raw, 0xaa, sizeof(raw));
	ok_sys(ioctl(fd, TCGETS, raw), "TCGETS");
	for (i = sizeof(struct kernel_termios); i < (int)sizeof(raw); i++)
		tail_untouched &= raw[i] == 0xaa;
	ok(tail_untouched, "TCGETS writes exactly the 36-byte kernel struct termios");
	memcpy(&kt, raw, sizeof(kt));
	ok((kt.c_cflag & CREAD) && (kt.c_cflag & CSIZE) == CS8,
	   "c_cflag has CREAD and CS8 (cflag %#o)", kt.c_cflag);
	diag("%s: iflag %#o oflag %#o cflag %#o lflag %#o line %d, speed %#o", dev, kt.c_iflag,
	     kt.c_oflag, kt.c_cflag, kt.c_lflag, kt.c_line, kt.c_cflag & CBAUD);

	kt2 = kt;
	kt2.c_lflag ^= ECHOE | ECHOK;
	kt2.c_iflag ^= IXON;
	kt2.c_cc[VMIN] = 5;
	kt2.c_cc[VTIME] = 3;
	kt2.c_cc[VERASE] = 0x08;
	ok_sys(ioctl(fd, TCSETS, &kt2), "TCSETS with changed lflag, iflag, VMIN, VTIME, VERASE");
	memset(&kt, 0, sizeof(kt));
	ioctl(fd, TCGETS, &kt);
	ok(kt.c_lflag == kt2.c_lflag && kt.c_iflag == kt2.c_iflag && kt.c_cc[VMIN] == 5 &&
	   kt.c_cc[VTIME] == 3 && kt.c_cc[VERASE] == 0x08 && kt.c_oflag == kt2.c_oflag &&
	   kt.c_cflag == kt2.c_cflag, "TCGETS returns exactly what TCSETS set");
	ok_sys(ioctl(fd, TCSETSW, &kt2), "TCSETSW (drain first)");
	restore();
	tcgetattr(fd, &t);
	ok(t.c_lflag == saved.c_lflag && t.c_iflag == saved.c_iflag && t.c_cflag == saved.c_cflag &&
	   !memcmp(t.c_cc, saved.c_cc, 19), "tcsetattr restores the original settings");

	t = saved;
	ok(cfsetospeed(&t, B9600) == 0 && cfsetispeed(&t, B9600) == 0,
	   "cfsetospeed/cfsetispeed B9600");
	tcsetattr(fd, TCSANOW, &t);
	memset(&t, 0, sizeof(t));
	tcgetattr(fd, &t);
	restore();
	ok(cfgetospeed(&t) == B9600 && (t.c_cflag & CBAUD) == B9600,
	   "the port reports B9600 back (cflag %#o)", t.c_cflag);
	tcgetattr(fd, &t);
	ok_eq(cfgetospeed(&t), cfgetospeed(&saved), "and the old speed once restored");
}

static void test_winsize(void)
{
	struct winsize ws = { .ws_row = 40, .ws_col = 100, .ws_xpixel = 0, .ws_ypixel = 0 }, got;
	int nfd;

	ok_sys(ioctl(fd, TIOCSWINSZ, &ws), "TIOCSWINSZ 40x100");
	memset(&got, 0, sizeof(got));
	ok(ioctl(fd, TIOCGWINSZ, &got) == 0 && got.ws_row == 40 && got.ws_col == 100,
	   "TIOCGWINSZ returns 40x100");
	ioctl(fd, TIOCSWINSZ, &saved_ws);
	ioctl(fd, TIOCGWINSZ, &got);
	ok(got.ws_row == saved_ws.ws_row && got.ws_col == saved_ws.ws_col,
	   "and the old size (%dx%d) once restored", saved_ws.ws_row, saved_ws.ws_col);
	nfd = open("/dev/null", O_RDONLY);
	ok_errno(ioctl(nfd, TIOCGWINSZ, &got), ENOTTY, "TIOCGWINSZ on /dev/null: ENOTTY");
	close(nfd);
}

static void test_misc(void)
{
	pid_t pgrp;
	char *name;
	int n = -1;

	ok_errno(ioctl(fd, TIOCGPGRP, &pgrp), ENOTTY,
		 "TIOCGPGRP on a tty that is not our controlling terminal: ENOTTY");
	ok_errno(open("/dev/tty", O_RDWR), ENXIO,
		 "open /dev/tty without a controlling terminal: ENXIO");
	name = ttyname(fd);
	ok(name && !strcmp(name, dev), "ttyname is %s (%s)", dev, name ? name : "null");
	ok_sys(ioctl(fd, TCFLSH, TCIFLUSH), "TCFLSH TCIFLUSH");
	ok_sys(tcdrain(fd), "tcdrain (TCSBRK 1)");
	ok(ioctl(fd, FIONREAD, &n) == 0 && n >= 0, "FIONREAD");
	ok_errno(ioctl(fd, TCFLSH, 7), EINVAL, "TCFLSH with a bad queue selector: EINVAL");
}

/*
 * Inject input with TIOCSTI (root may do that on any tty).  Returns 0, or
 * the errno of a kernel that does not let us.
 */
static int inject(const char *s)
{
	for (; *s; s++)
		if (ioctl(fd, TIOCSTI, s))
			return errno;
	return 0;
}

static ssize_t read_nb(char *buf, size_t len)
{
	int fl = fcntl(fd, F_GETFL);
	ssize_t n;

	fcntl(fd, F_SETFL, fl | O_NONBLOCK);
	n = read(fd, buf, len);
	fcntl(fd, F_SETFL, fl);
	return n;
}

static void test_line_discipline(void)
{
	struct termios t;
	char buf[64];
	ssize_t n;
	long long t0, ms;
	int err;

	t = saved;
	t.c_lflag |= ICANON | ECHOE;
	t.c_lflag &= ~(ECHO | ECHOK | ECHONL | ISIG);
	t.c_iflag |= ICRNL;
	t.c_cc[VERASE] = 0x7f;
	t.c_cc[VKILL] = 0x15;
	t.c_cc[VEOF] = 0x04;
	tcsetattr(fd, TCSANOW, &t);
	tcflush(fd, TCIFLUSH);
	err = inject("hello\n");
	if (err) {
		restore();
		skip("TIOCSTI not available (%s): no line discipline tests", tap_errno_name(err));
		return;
	}
	memset(buf, 0, sizeof(buf));
	n = read(fd, buf, sizeof(buf));
	ok(n == 6 && !memcmp(buf, "hello\n", 6), "canonical mode: read returns one line");
	inject("ab\x7f" "c\n");
	n = read(fd, buf, sizeof(buf));
	ok(n == 3 && !memcmp(buf, "ac\n", 3), "ERASE removes the character before it");
	inject("xyz\x15" "ok\r");
	memset(buf, 0, sizeof(buf));
	n = read(fd, buf, sizeof(buf));
	ok(n == 3 && !memcmp(buf, "ok\n", 3), "KILL discards the line; ICRNL turns CR into NL");
	inject("partial");
	ok_errno(read_nb(buf, sizeof(buf)), EAGAIN,
		 "an unfinished line is not readable yet (EAGAIN)");
	inject("\x04");
	n = read(fd, buf, sizeof(buf));
	ok(n == 7 && !memcmp(buf, "partial", 7), "EOF (^D) ends the line without a newline");
	inject("\x04");
	ok_eq(read(fd, buf, sizeof(buf)), 0, "EOF at the start of a line reads as 0");
	inject("junk");
	tcflush(fd, TCIFLUSH);
	inject("\n");
	n = read(fd, buf, sizeof(buf));
	ok(n == 1 && buf[0] == '\n', "TCIFLUSH throws away pending input");

	t.c_lflag &= ~ICANON;
	t.c_cc[VMIN] = 0;
	t.c_cc[VTIME] = 0;
	tcsetattr(fd, TCSANOW, &t);
	ok_eq(read(fd, buf, sizeof(buf)), 0,
	      "non-canonical VMIN 0 VTIME 0: read returns 0 at once");
	inject("xy");
	n = read(fd, buf, sizeof(buf));
	ok(n == 2 && !memcmp(buf, "xy", 2), "and returns what is there, without a newline");
	t.c_cc[VTIME] = 2;
	tcsetattr(fd, TCSANOW, &t);
	t0 = now_ns(CLOCK_MONOTONIC);
	n = read(fd, buf, sizeof(buf));
	ms = (now_ns(CLOCK_MONOTONIC) - t0) / 1000000;
	ok(n == 0 && ms >= 150 && ms < 1000,
	   "VMIN 0 VTIME 2: read times out after 0.2 s with 0 (%lld ms)",
	   ms);
	t.c_cc[VMIN] = 3;
	t.c_cc[VTIME] = 0;
	tcsetattr(fd, TCSANOW, &t);
	inject("abcd");
	n = read(fd, buf, 2);
	ok_eq(n, 2, "VMIN 3: a read of 2 with 4 bytes queued returns 2");
	inject("e");	/* with only 2 queued, VMIN 3 would block */
	n = read(fd, buf, sizeof(buf));
	ok(n == 3 && !memcmp(buf, "cde", 3), "VMIN 3: the next read waits for 3 bytes");
	tcflush(fd, TCIFLUSH);
	restore();
}

static volatile int got_sigint;

static void on_sigint(int sig)
{
	(void)sig;
	got_sigint++;
}

/* In a child: make the tty our controlling terminal and exercise it. */
static int ctty_child(void *arg)
{
	pid_t me, other;
	int cfd, tfd, st;
	pid_t pg = -1, sid = -1;

	(void)arg;
	me = setsid();
	if (me < 0)
		return 10;
	cfd = open(dev, O_RDWR | O_NONBLOCK);	/* no O_NOCTTY */
	if (cfd < 0)
		return 11;
	if (ioctl(cfd, TIOCGPGRP, &pg) || pg != me)
		return 12;
	if (ioctl(cfd, TIOCGSID, &sid) || sid != me)
		return 13;
	tfd = open("/dev/tty", O_RDWR);
	if (tfd < 0)
		return 14;
	close(tfd);

	/* A second process group of ours in the foreground. */
	other = fork();
	if (other == 0) {
		pause();
		_exit(0);
	}
	setpgid(other, other);
	if (tcsetpgrp(cfd, other) || tcgetpgrp(cfd) != other)
		return 15;
	signal(SIGTTOU, SIG_IGN);	/* we are in the background now */
	if (tcsetpgrp(cfd, me) || tcgetpgrp(cfd) != me)
		return 16;
	kill(other, SIGKILL);
	waitpid(other, &st, 0);
	if (tcsetpgrp(cfd, 999999) != -1 || errno != ESRCH)
		return 17;

	/* ISIG: ^C from the terminal is SIGINT to the foreground group. */
	{
		struct termios t = saved;
		char c = 0x03;

		t.c_lflag |= ISIG;
		t.c_lflag &= ~ECHO;
		t.c_cc[VINTR] = 0x03;
		tcsetattr(cfd, TCSANOW, &t);
		signal(SIGINT, on_sigint);
		if (ioctl(cfd, TIOCSTI, &c) == 0) {
			for (int i = 0; i < 100 && !got_sigint; i++)
				usleep(10000);
			if (got_sigint != 1)
				return 18;
		}
		tcsetattr(cfd, TCSANOW, &saved);
	}

	/* Give the terminal up, so that our exit does not hang it up. */
	signal(SIGHUP, SIG_IGN);
	if (ioctl(cfd, TIOCNOTTY))
		return 19;
	if (open("/dev/tty", O_RDWR) != -1 || errno != ENXIO)
		return 20;
	close(cfd);
	return 0;
}

static void test_ctty(void)
{
	int st;

	if (!can_ctty) {
		skip("%s cannot become a controlling terminal", dev);
		return;
	}
	st = run_in_child(ctty_child, NULL);
	restore();
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "setsid + open makes %s the controlling tty: TIOCGPGRP/TIOCGSID, /dev/tty, "
	   "TIOCSPGRP, ^C -> SIGINT, TIOCNOTTY (%s)", dev, status_str(st));
}

int main(void)
{
	if (open_tty()) {
		skip("no terminal: none of $SELFTEST_TTY, /dev/ttyS0, /dev/console opens as a tty");
		return tap_finish();
	}
	diag("testing on %s", dev);
	test_isatty();
	test_termios();
	test_winsize();
	test_misc();
	test_line_discipline();
	test_ctty();
	restore();
	close(fd);
	return tap_finish();
}
