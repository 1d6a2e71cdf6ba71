// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of the N_TTY line discipline on a loopback test driver
 * whose output lands in a capture buffer: characters are fed with
 * tty_ldisc_receive_buf() as a driver would, read back through the line
 * discipline with a non-blocking file, and the echo checked byte for
 * byte.  Signal characters reach tty->isig_hook instead of a process
 * group.  Covers canonical lines, ERASE/WERASE/KILL with their echoes,
 * tab erasing, ECHOCTL, LNEXT, EOF, ICRNL/IGNCR, ISIG with and without
 * NOFLSH, non-canonical VMIN/VTIME 0, and OPOST output processing.
 */
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/errno.h>
#include <linux/spinlock.h>
#include <linux/selftest.h>
#include <linux/signal.h>
#include <linux/fs.h>
#include <linux/tty.h>
#include <linux/tty_driver.h>
#include <linux/tty_ldisc.h>
#include <linux/tty_port.h>
#include <linux/tty_flip.h>
#include <uapi/linux/fcntl.h>

static DEFINE_SPINLOCK(capture_lock);
static char capture[1024];
static unsigned int capture_len;
static int last_signal, signal_count;

static ssize_t loop_write(struct tty_struct *tty, const u8 *buf, size_t count)
{
	unsigned long flags;

	spin_lock_irqsave(&capture_lock, flags);
	count = min_t(size_t, count, sizeof(capture) - capture_len);
	memcpy(capture + capture_len, buf, count);
	capture_len += count;
	spin_unlock_irqrestore(&capture_lock, flags);
	return count;
}

static unsigned int loop_write_room(struct tty_struct *tty)
{
	return sizeof(capture) - READ_ONCE(capture_len);
}

static const struct tty_operations loop_ops = {
	.write = loop_write,
	.write_room = loop_write_room,
};

static void record_signal(struct tty_struct *tty, int sig)
{
	last_signal = sig;
	signal_count++;
}

static struct tty_port loop_port;
static struct file nonblock_file = { .f_flags = O_NONBLOCK };

static struct tty_struct *loop_tty(void)
{
	static struct tty_struct *tty;
	struct tty_driver *drv;

	if (tty)
		return tty;
	drv = tty_alloc_driver(1, 0);
	if (IS_ERR(drv))
		return NULL;
	drv->name = "ttyloop";
	tty_set_operations(drv, &loop_ops);
	tty_port_init(&loop_port);
	tty_port_link_device(&loop_port, drv, 0);
	tty = tty_init_dev(drv, 0);
	if (IS_ERR(tty))
		return tty = NULL;
	tty->isig_hook = record_signal;
	return tty;
}

/* Standard settings with some lflag/iflag bits changed, input and capture emptied. */
static void reset(struct tty_struct *tty, tcflag_t lset, tcflag_t lclear, tcflag_t iset,
		  tcflag_t iclear)
{
	struct ktermios t = tty_std_termios;

	t.c_lflag = (t.c_lflag | lset) & ~lclear;
	t.c_iflag = (t.c_iflag | iset) & ~iclear;
	tty_set_termios(tty, &t);
	tty->ldisc->flush_buffer(tty);
	capture_len = 0;
	last_signal = signal_count = 0;
}

static void feed(struct tty_struct *tty, const char *s)
{
	tty_ldisc_receive_buf(tty, (const u8 *)s, NULL, strlen(s));
}

static ssize_t rd(struct tty_struct *tty, char *buf, size_t n)
{
	ssize_t r = tty->ldisc->read(tty, &nonblock_file, (u8 *)buf, n);

	if (r >= 0 && (size_t)r < n)
		buf[r] = '\0';
	return r;
}

static bool echoed(const char *expect)
{
	return capture_len == strlen(expect) && !memcmp(capture, expect, capture_len);
}

static void show_capture(void)
{
	char shown[256];
	unsigned int j = 0;

	for (unsigned int i = 0; i < capture_len && j + 5 < sizeof(shown); i++) {
		u8 c = capture[i];

		if (c >= 0x20 && c < 0x7f && c != '\\')
			shown[j++] = c;
		else
			j += snprintf(shown + j, sizeof(shown) - j, "\\x%02x", c);
	}
	shown[j] = '\0';
	st_diag("echo was \"%s\" (%u bytes)", shown, capture_len);
}

#define ST_ECHO(tty, expect)						\
	do {								\
		if (!echoed(expect)) {					\
			show_capture();					\
			ST_ASSERT(0, "echo differs from \"%s\"", #expect);	\
		}							\
	} while (0)

static int n_tty_canonical_test(void)
{
	struct tty_struct *tty = loop_tty();
	char buf[64];
	ssize_t r;

	ST_ASSERT(tty, "no test tty");
	reset(tty, 0, 0, 0, 0);
	feed(tty, "hello\n");
	ST_ECHO(tty, "hello\r\n");
	r = rd(tty, buf, sizeof(buf));
	ST_ASSERT(r == 6 && !strcmp(buf, "hello\n"), "read %zd \"%s\"", r, buf);

	feed(tty, "one\ntwo\n");
	r = rd(tty, buf, sizeof(buf));
	ST_ASSERT(r == 4 && !strcmp(buf, "one\n"), "first of two lines: %zd", r);
	r = rd(tty, buf, 2);
	ST_ASSERT(r == 2 && !memcmp(buf, "tw", 2), "short read of a line: %zd", r);
	r = rd(tty, buf, sizeof(buf));
	ST_ASSERT(r == 2 && !strcmp(buf, "o\n"), "rest of the line: %zd", r);

	feed(tty, "partial");
	ST_ASSERT(rd(tty, buf, sizeof(buf)) == -EAGAIN, "an unfinished line is readable");
	feed(tty, "\x04");
	r = rd(tty, buf, sizeof(buf));
	ST_ASSERT(r == 7 && !strcmp(buf, "partial"), "EOF did not end the line: %zd", r);
	feed(tty, "\x04");
	ST_ASSERT(rd(tty, buf, sizeof(buf)) == 0, "EOF at line start must read 0");
	ST_ASSERT(rd(tty, buf, sizeof(buf)) == -EAGAIN, "EOF consumed twice");

	reset(tty, 0, 0, 0, 0);
	feed(tty, "ok\r");
	r = rd(tty, buf, sizeof(buf));
	ST_ASSERT(r == 3 && !strcmp(buf, "ok\n"), "ICRNL: %zd", r);
	reset(tty, 0, 0, IGNCR, 0);
	feed(tty, "a\rb\n");
	r = rd(tty, buf, sizeof(buf));
	ST_ASSERT(r == 3 && !strcmp(buf, "ab\n"), "IGNCR: %zd", r);
	return 0;
}
DEFINE_SELFTEST("n_tty: canonical lines, EOF, ICRNL/IGNCR", n_tty_canonical_test);

static int n_tty_erase_test(void)
{
	struct tty_struct *tty = loop_tty();
	char buf[64];
	ssize_t r;

	ST_ASSERT(tty, "no test tty");
	reset(tty, 0, 0, 0, 0);
	feed(tty, "ab\x7f" "c\n");
	ST_ECHO(tty, "ab\b \bc\r\n");
	r = rd(tty, buf, sizeof(buf));
	ST_ASSERT(r == 3 && !strcmp(buf, "ac\n"), "ERASE: %zd \"%s\"", r, buf);

	reset(tty, 0, 0, 0, 0);
	feed(tty, "xyz\x15" "ok\n");
	ST_ECHO(tty, "xyz\b \b\b \b\b \bok\r\n");
	r = rd(tty, buf, sizeof(buf));
	ST_ASSERT(r == 3 && !strcmp(buf, "ok\n"), "KILL: %zd", r);

	reset(tty, 0, ECHOKE, 0, 0);
	feed(tty, "xyz\x15" "\n");
	ST_ECHO(tty, "xyz^U\r\n\r\n");

	reset(tty, 0, 0, 0, 0);
	feed(tty, "foo bar  \x17" "baz\n");
	r = rd(tty, buf, sizeof(buf));
	ST_ASSERT(r == 8 && !strcmp(buf, "foo baz\n"), "WERASE: %zd \"%s\"", r, buf);

	reset(tty, 0, ECHOE, 0, 0);
	feed(tty, "a\x7f\n");
	ST_ECHO(tty, "a^?\r\n");

	/* A tab after "a" spans columns 1..7: erasing it backs up 7. */
	reset(tty, 0, 0, 0, 0);
	feed(tty, "a\tb\x7f\x7f");
	ST_ECHO(tty, "a\tb\b \b\b\b\b\b\b\b\b");

	/* UTF-8: one erase removes the whole character. */
	reset(tty, 0, 0, IUTF8, 0);
	feed(tty, "x\xc3\xa9\x7f\n");
	r = rd(tty, buf, sizeof(buf));
	ST_ASSERT(r == 2 && !strcmp(buf, "x\n"), "UTF-8 erase: %zd", r);
	return 0;
}
DEFINE_SELFTEST("n_tty: ERASE/WERASE/KILL, tab and UTF-8 erase, echoes", n_tty_erase_test);

static int n_tty_echo_test(void)
{
	struct tty_struct *tty = loop_tty();
	char buf[64];
	ssize_t r;

	ST_ASSERT(tty, "no test tty");
	reset(tty, 0, 0, 0, 0);
	feed(tty, "\x01\n");
	ST_ECHO(tty, "^A\r\n");
	r = rd(tty, buf, sizeof(buf));
	ST_ASSERT(r == 2 && buf[0] == 1, "control character read: %zd", r);

	reset(tty, 0, 0, 0, 0);
	feed(tty, "\x16\x7f\n");
	r = rd(tty, buf, sizeof(buf));
	ST_ASSERT(r == 2 && buf[0] == 0x7f, "LNEXT: %zd", r);

	reset(tty, ECHONL, ECHO, 0, 0);
	feed(tty, "quiet\n");
	ST_ECHO(tty, "\r\n");

	reset(tty, 0, ECHO, 0, 0);
	feed(tty, "quiet\n");
	ST_ECHO(tty, "");
	return 0;
}
DEFINE_SELFTEST("n_tty: ECHOCTL, LNEXT, ECHONL, no ECHO", n_tty_echo_test);

static int n_tty_isig_test(void)
{
	struct tty_struct *tty = loop_tty();
	char buf[64];
	ssize_t r;

	ST_ASSERT(tty, "no test tty");
	reset(tty, 0, 0, 0, 0);
	feed(tty, "abc\x03");
	ST_ASSERT(signal_count == 1 && last_signal == SIGINT, "^C: %d signals, last %d",
		  signal_count, last_signal);
	ST_ASSERT(rd(tty, buf, sizeof(buf)) == -EAGAIN, "^C did not flush the input");
	ST_ECHO(tty, "abc^C");

	reset(tty, 0, 0, 0, 0);
	feed(tty, "\x1c");
	ST_ASSERT(last_signal == SIGQUIT, "^\\ sent %d", last_signal);
	feed(tty, "\x1a");
	ST_ASSERT(last_signal == SIGTSTP && signal_count == 2, "^Z sent %d", last_signal);

	reset(tty, NOFLSH, 0, 0, 0);
	feed(tty, "kept\x03\n");
	r = rd(tty, buf, sizeof(buf));
	ST_ASSERT(last_signal == SIGINT && r == 5 && !strcmp(buf, "kept\n"),
		  "NOFLSH: signal %d, read %zd", last_signal, r);

	reset(tty, 0, ISIG, 0, 0);
	feed(tty, "\x03\n");
	r = rd(tty, buf, sizeof(buf));
	ST_ASSERT(signal_count == 0 && r == 2 && buf[0] == 3, "without ISIG ^C is data: %zd", r);
	return 0;
}
DEFINE_SELFTEST("n_tty: ISIG ^C ^\\ ^Z, flushing and NOFLSH", n_tty_isig_test);

static int n_tty_raw_test(void)
{
	struct tty_struct *tty = loop_tty();
	struct ktermios t;
	char buf[64];
	ssize_t r;

	ST_ASSERT(tty, "no test tty");
	reset(tty, 0, ICANON | ECHO, 0, 0);
	t = tty->termios;
	t.c_cc[VMIN] = 0;
	t.c_cc[VTIME] = 0;
	tty_set_termios(tty, &t);
	ST_ASSERT(tty->ldisc->read(tty, NULL, (u8 *)buf, sizeof(buf)) == 0,
		  "VMIN 0 VTIME 0 with nothing queued must return 0");
	feed(tty, "xy\x7f");
	r = tty->ldisc->read(tty, NULL, (u8 *)buf, sizeof(buf));
	ST_ASSERT(r == 3 && !memcmp(buf, "xy\x7f", 3), "raw read %zd", r);

	/* Raw input becomes a line when canonical mode comes back. */
	feed(tty, "raw");
	t.c_lflag |= ICANON;
	tty_set_termios(tty, &t);
	r = rd(tty, buf, sizeof(buf));
	ST_ASSERT(r == 3 && !memcmp(buf, "raw", 3), "raw input after ICANON: %zd", r);
	return 0;
}
DEFINE_SELFTEST("n_tty: non-canonical VMIN/VTIME 0, switching modes", n_tty_raw_test);

/*
 * OPOST cases run in this order, so each starts at the column the one
 * before left.  ONLRET: NL returns the carriage, so after "xy\n" a tab
 * at column 0 takes 8 spaces; without it NL keeps column 2 and the tab
 * takes 6.
 */
static const struct opost_case {
	tcflag_t oflag;
	const char *in, *out;
} opost_cases[] = {
	{ OPOST | OCRNL | OLCUC, "ab\r", "AB\n" },	/* CR as NL: the column stays */
	{ OPOST | ONOCR, "\r\rq\r\r", "\rq\r" },
	{ OPOST | ONLRET | XTABS, "\rxy\n\t.", "\rxy\n        ." },
	{ OPOST | XTABS, "\rxy\n\t.", "\rxy\n      ." },
};

static int n_tty_output_test(void)
{
	struct tty_struct *tty = loop_tty();
	struct ktermios t;
	ssize_t r;

	ST_ASSERT(tty, "no test tty");
	reset(tty, 0, 0, 0, 0);
	r = tty->ldisc->write(tty, NULL, (const u8 *)"a\nb", 3);
	ST_ASSERT(r == 3, "write returned %zd", r);
	ST_ECHO(tty, "a\r\nb");

	capture_len = 0;
	t = tty->termios;
	t.c_oflag |= XTABS;
	tty_set_termios(tty, &t);
	tty->ldisc->write(tty, NULL, (const u8 *)"\rx\ty", 4);
	ST_ECHO(tty, "\rx       y");

	capture_len = 0;
	t.c_oflag &= ~OPOST;
	tty_set_termios(tty, &t);
	tty->ldisc->write(tty, NULL, (const u8 *)"\n\t", 2);
	ST_ECHO(tty, "\n\t");

	/* The other output flags, each case following on from the one before. */
	for (unsigned int i = 0; i < ARRAY_SIZE(opost_cases); i++) {
		const struct opost_case *oc = &opost_cases[i];

		capture_len = 0;
		t.c_oflag = oc->oflag;
		tty_set_termios(tty, &t);
		tty->ldisc->write(tty, NULL, (const u8 *)oc->in, strlen(oc->in));
		if (!echoed(oc->out)) {
			show_capture();
			ST_ASSERT(0, "output case %u differs from the expected", i);
		}
	}
	return 0;
}
DEFINE_SELFTEST("n_tty: OPOST, ONLCR and XTABS output", n_tty_output_test);

/*
 * A prompt written by the program shifts the tab stops of what is typed
 * after it: the input line starts at column 3, after "abc", so erasing
 * the tab typed there (to column 8) backs up 5, not 8.
 */
static int n_tty_prompt_tab_erase_test(void)
{
	struct tty_struct *tty = loop_tty();

	ST_ASSERT(tty, "no test tty");
	reset(tty, 0, 0, 0, 0);
	tty->ldisc->write(tty, NULL, (const u8 *)"\rabc", 4);
	feed(tty, "\t\x7f");
	ST_ECHO(tty, "\rabc\t\b\b\b\b\b");
	return 0;
}
DEFINE_SELFTEST("n_tty: tab erase after program output", n_tty_prompt_tab_erase_test);
