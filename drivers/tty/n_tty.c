// SPDX-License-Identifier: GPL-2.0-only
/*
 * N_TTY, the standard line discipline: input editing, echo, signal
 * characters and output post-processing, as POSIX and Linux define them.
 *
 * Input.  receive_buf() processes each character (ISTRIP, IUCLC, IXON
 * ^S/^Q, ISIG ^C ^\ ^Z, IGNCR/ICRNL/INLCR, and in canonical mode ERASE,
 * WERASE, KILL, LNEXT, REPRINT, EOF, EOL/EOL2) into read_buf, a ring of
 * N_TTY_BUF_SIZE bytes with a parallel read_mark[] telling which bytes
 * end a canonical line (and which of those is an EOF character, ended the
 * line but is not returned).  Three free-running indices: read_tail (the
 * reader's), canon_head (end of the last complete line) and read_head.
 * Canonical reads return one line at a time, from read_tail up to a mark;
 * non-canonical reads follow VMIN/VTIME.
 *
 * Echo.  The receive path does not write to the driver itself: it queues
 * echo bytes and operations (erase a tab, note the column where a line
 * started) in echo_buf, and n_tty_process_echoes() turns them into output
 * under output_lock, which also serialises write() output, so the column
 * count that tab erasing needs stays exact.
 *
 * This file is the input side (receiving, editing, signals, reading) and
 * the line discipline's operations; n_tty_output.c is the output side
 * (echo, OPOST, writing); n_tty.h their shared state.
 *
 * Interface: n_tty_ops (<linux/tty_ldisc.h>).
 *
 * Locking (outermost first): tty->termios_rwsem (read) for every
 * operation that looks at termios; atomic_read_lock (one reader at a
 * time, so a reader gets whole lines); output_lock (driver output, column
 * state, echo consumption, echo flushes); ldata->lock (spinlock: the read
 * ring, marks, modes and the echo ring indices).  Signals are sent with
 * no n_tty lock held.  Only n_tty_process_echoes() consumes echoes, so
 * the echo tail moves under output_lock alone.
 */
#include <linux/kernel.h>
#include <linux/ctype.h>
#include <linux/string.h>
#include <linux/slab.h>
#include <linux/bitmap.h>
#include <linux/bitops.h>
#include <linux/sched.h>
#include <linux/jiffies.h>
#include <linux/errno.h>
#include <linux/tty.h>
#include <linux/tty_driver.h>
#include <linux/tty_ldisc.h>
#include <linux/tty_flip.h>
#include <linux/tty_port.h>
#include <linux/signal.h>
#include "n_tty.h"
#include <asm/uaccess.h>
#if __has_include(<linux/poll.h>)
#include <linux/poll.h>	/* poll() support arrives with the poll infrastructure */
#endif

/* ------------------------------------------------------------ input */

/* Queue one input byte with its marks.  ldata->lock. */
static void put_tty_queue(u8 c, u8 mark, struct n_tty_data *ldata)
{
	unsigned int i = ldata->read_head & N_TTY_BUF_MASK;

	ldata->read_buf[i] = c;
	ldata->read_mark[i] = mark;
	ldata->read_head++;
}

/*
 * Room for an ordinary character of the current line: in canonical mode
 * the last two slots are kept for the line terminator, so an overlong
 * line can always be ended; characters that do not fit are dropped.
 */
static bool line_has_room(struct n_tty_data *ldata, unsigned int need)
{
	unsigned int reserve = ldata->icanon ? 1 : 0;

	return read_cnt(ldata) + need + reserve <= N_TTY_BUF_SIZE;
}

static void put_char_checked(u8 c, struct tty_struct *tty)
{
	struct n_tty_data *ldata = tty->disc_data;
	bool mark_ff = c == 0xff && I_PARMRK(tty);

	if (!line_has_room(ldata, mark_ff ? 2 : 1)) {
		if (I_IMAXBEL(tty) && L_ECHO(tty))
			n_tty_echo_char_raw('\a', ldata);
		return;
	}
	if (mark_ff)
		put_tty_queue(0xff, 0, ldata);
	put_tty_queue(c, 0, ldata);
}

/*
 * Drop all buffered input.  Echoes stay: what was typed before a ^C has
 * been seen to be typed.  ldata->lock.
 */
static void reset_buffer_flags(struct n_tty_data *ldata)
{
	ldata->read_head = ldata->read_tail = ldata->canon_head = 0;
	ldata->lnext = false;
	ldata->erasing = false;
}

static void n_tty_check_unthrottle(struct tty_struct *tty)
{
	struct n_tty_data *ldata = tty->disc_data;
	bool push;

	spin_lock(&ldata->lock);
	push = ldata->no_room && read_cnt(ldata) < N_TTY_BUF_SIZE / 2;
	if (push)
		ldata->no_room = false;
	spin_unlock(&ldata->lock);
	if (push && tty->port)
		tty_flip_buffer_push(tty->port);
}

static void n_tty_flush_buffer(struct tty_struct *tty)
{
	struct n_tty_data *ldata = tty->disc_data;

	spin_lock(&ldata->lock);
	reset_buffer_flags(ldata);
	spin_unlock(&ldata->lock);
	n_tty_check_unthrottle(tty);
	/* A pty slave's master in packet mode is told. */
	tty_packet_status(tty, TIOCPKT_FLUSHREAD, 0);
}

/*
 * A signal character: signal the foreground group and, unless NOFLSH,
 * throw away pending input and output.  Called without ldata->lock.
 */
static void isig(int sig, struct tty_struct *tty)
{
	if (tty->isig_hook)
		tty->isig_hook(tty, sig);
	else
		tty_signal_pgrp(tty, sig);
	if (!L_NOFLSH(tty)) {
		n_tty_flush_buffer(tty);
		tty_driver_flush_buffer(tty);
	}
}

/*
 * Where the last character of the line being edited starts: with IUTF8
 * a character is a lead byte and its continuation bytes.  Returns false
 * if the line holds only stray continuation bytes back to its start, so
 * that nothing can be erased.  ldata->lock held.
 */
static bool last_char_start(struct tty_struct *tty, unsigned int *start)
{
	struct n_tty_data *ldata = tty->disc_data;
	unsigned int pos = ldata->read_head;

	for (;;) {
		u8 b = ldata->read_buf[--pos & N_TTY_BUF_MASK];

		if (!is_continuation(b, tty)) {
			*start = pos;
			return true;
		}
		if (pos == ldata->canon_head)
			return false;
	}
}

/*
 * Width of the echo of the line from its start, or from the tab before
 * pos, up to pos.  *after_tab tells which.  ldata->lock held.
 */
static unsigned int columns_before(struct tty_struct *tty, unsigned int pos, bool *after_tab)
{
	struct n_tty_data *ldata = tty->disc_data;
	unsigned int width = 0;

	*after_tab = false;
	for (; pos != ldata->canon_head; pos--) {
		u8 b = ldata->read_buf[(pos - 1) & N_TTY_BUF_MASK];

		if (b == '\t') {
			*after_tab = true;
			break;
		}
		if (!iscntrl(b))
			width += !is_continuation(b, tty);
		else if (L_ECHOCTL(tty))
			width += 2;	/* echoed as ^X */
	}
	return width;
}

/*
 * Echo the removal of the character c that occupied len bytes from
 * start (c being its first).  ECHOPRT prints it between \ and /; else
 * ERASE without ECHOE echoes the ERASE character; else the character is
 * rubbed out with "\b \b" per column it took.  ldata->lock held.
 */
static void echo_erased(struct tty_struct *tty, u8 c, unsigned int start,
			unsigned int len, bool plain_erase)
{
	static const u8 rubout[] = { '\b', ' ', '\b' };
	struct n_tty_data *ldata = tty->disc_data;
	unsigned int cols;
	bool after_tab;

	if (L_ECHOPRT(tty)) {
		if (!ldata->erasing) {
			ldata->erasing = true;
			n_tty_echo_char_raw('\\', ldata);
		}
		n_tty_echo_char(c, tty);
		/* The continuation bytes follow, last first: the erase order. */
		while (--len)
			n_tty_echo_char_raw(ldata->read_buf[(start + len) & N_TTY_BUF_MASK], ldata);
		return;
	}
	if (plain_erase && !L_ECHOE(tty)) {
		n_tty_echo_char(ERASE_CHAR(tty), tty);
		return;
	}
	if (c == '\t') {
		/* Only the output side knows the column; tell it what it needs. */
		cols = columns_before(tty, start, &after_tab);
		n_tty_echo_erase_tab(cols, after_tab, ldata);
		return;
	}
	if (!iscntrl(c))
		cols = 1;
	else
		cols = L_ECHOCTL(tty) ? 2 : 0;
	while (cols--)
		n_tty_add_echo(ldata, rubout, sizeof(rubout));
}

/*
 * KILL when it is not shown by rubbing the line out character by
 * character (that needs ECHO, ECHOE, ECHOK and ECHOKE): the line goes,
 * and with ECHO the KILL character is echoed, then a newline under ECHOK.
 */
static void kill_line_at_once(struct tty_struct *tty)
{
	struct n_tty_data *ldata = tty->disc_data;

	ldata->read_head = ldata->canon_head;
	if (!L_ECHO(tty))
		return;
	n_tty_finish_erasing(ldata);
	n_tty_echo_char(KILL_CHAR(tty), tty);
	if (L_ECHOK(tty))
		n_tty_echo_char_raw('\n', ldata);
}

/*
 * ERASE removes the last character of the line, WERASE the last word
 * (trailing non-word characters, then the alphanumerics and '_' before
 * them), KILL the whole line.  ldata->lock held.
 */
static void eraser(u8 c, struct tty_struct *tty)
{
	struct n_tty_data *ldata = tty->disc_data;
	bool one = c == ERASE_CHAR(tty);
	bool word = !one && c == WERASE_CHAR(tty);
	bool in_word = false;

	if (ldata->read_head == ldata->canon_head)
		return;
	if (!one && !word && !(L_ECHO(tty) && L_ECHOE(tty) && L_ECHOK(tty) && L_ECHOKE(tty))) {
		kill_line_at_once(tty);
		return;
	}

	while (ldata->read_head != ldata->canon_head) {
		unsigned int start, len;
		u8 lead;

		if (!last_char_start(tty, &start))
			break;
		lead = ldata->read_buf[start & N_TTY_BUF_MASK];
		if (word) {
			bool word_char = isalnum(lead) || lead == '_';

			if (!word_char && in_word)
				break;	/* the separator before the word stays */
			in_word |= word_char;
		}
		len = ldata->read_head - start;
		ldata->read_head = start;
		if (L_ECHO(tty))
			echo_erased(tty, lead, start, len, one);
		if (one)
			break;
	}

	if (L_ECHO(tty) && ldata->read_head == ldata->canon_head)
		n_tty_finish_erasing(ldata);
}

/* A line terminator: the line becomes readable.  ldata->lock. */
static void handle_newline(u8 c, u8 mark, struct tty_struct *tty)
{
	struct n_tty_data *ldata = tty->disc_data;

	put_tty_queue(c, mark, ldata);
	ldata->canon_head = ldata->read_head;
}

static void receive_char_normal(u8 c, struct tty_struct *tty)
{
	struct n_tty_data *ldata = tty->disc_data;

	if (L_ECHO(tty)) {
		n_tty_finish_erasing(ldata);
		/* Note where the echo of a new line starts, for tab erasing. */
		if (ldata->read_head == ldata->canon_head)
			n_tty_echo_set_canon_col(ldata);
		n_tty_echo_char(c, tty);
	}
	put_char_checked(c, tty);
}

/* LNEXT: take the next character literally; ECHOCTL parks a ^ under the cursor meanwhile. */
static void start_lnext(struct tty_struct *tty)
{
	struct n_tty_data *ldata = tty->disc_data;

	ldata->lnext = true;
	if (!L_ECHO(tty))
		return;
	n_tty_finish_erasing(ldata);
	if (!L_ECHOCTL(tty))
		return;
	n_tty_echo_char_raw('^', ldata);
	n_tty_echo_char_raw('\b', ldata);
}

/* REPRINT: echo the character, a newline, then the line typed so far. */
static void reprint_line(u8 c, struct tty_struct *tty)
{
	struct n_tty_data *ldata = tty->disc_data;
	unsigned int pos;

	n_tty_finish_erasing(ldata);
	n_tty_echo_char(c, tty);
	n_tty_echo_char_raw('\n', ldata);
	pos = ldata->canon_head;
	while (pos != ldata->read_head)
		n_tty_echo_char(ldata->read_buf[pos++ & N_TTY_BUF_MASK], tty);
}

/*
 * Canonical mode's editing characters and line terminators.  Returns
 * false if c is none of them, so it is stored as ordinary input.
 * ldata->lock held.
 */
static bool receive_canon_char(u8 c, struct tty_struct *tty)
{
	struct n_tty_data *ldata = tty->disc_data;
	bool ext = L_IEXTEN(tty);

	if (c == ERASE_CHAR(tty) || c == KILL_CHAR(tty) || (ext && c == WERASE_CHAR(tty)))
		eraser(c, tty);
	else if (ext && c == LNEXT_CHAR(tty))
		start_lnext(tty);
	else if (ext && L_ECHO(tty) && c == REPRINT_CHAR(tty))
		reprint_line(c, tty);
	else if (c == '\n') {
		/* ECHONL echoes the newline even without ECHO. */
		if (L_ECHONL(tty) || L_ECHO(tty))
			n_tty_echo_char_raw('\n', ldata);
		handle_newline(c, MARK_EOL, tty);
	} else if (c == EOF_CHAR(tty)) {
		/* Ends the line without echo and without being read. */
		handle_newline(c, MARK_EOL | MARK_EOF, tty);
	} else if (c == EOL_CHAR(tty) || (ext && c == EOL2_CHAR(tty))) {
		if (L_ECHO(tty)) {
			if (ldata->canon_head == ldata->read_head)
				n_tty_echo_set_canon_col(ldata);
			n_tty_echo_char(c, tty);
		}
		/* PARMRK doubles a real 0xff, as for ordinary input. */
		if (I_PARMRK(tty) && c == 0xff)
			put_tty_queue(0xff, 0, ldata);
		handle_newline(c, MARK_EOL, tty);
	} else {
		return false;
	}
	return true;
}

/*
 * A character in char_map.  Returns the signal to send for it (the
 * caller sends it after dropping ldata->lock), or 0.  ldata->lock held.
 */
static int receive_char_special(u8 c, struct tty_struct *tty)
{
	struct n_tty_data *ldata = tty->disc_data;

	if (I_IXON(tty)) {
		if (c == START_CHAR(tty)) {
			start_tty(tty);
			return 0;
		}
		if (c == STOP_CHAR(tty)) {
			stop_tty(tty);
			return 0;
		}
	}
	if (L_ISIG(tty)) {
		if (c == INTR_CHAR(tty))
			return SIGINT;
		if (c == QUIT_CHAR(tty))
			return SIGQUIT;
		if (c == SUSP_CHAR(tty))
			return SIGTSTP;
	}

	if (c == '\r') {
		if (I_IGNCR(tty))
			return 0;
		if (I_ICRNL(tty))
			c = '\n';
	} else if (c == '\n' && I_INLCR(tty)) {
		c = '\r';
	}

	if (ldata->icanon && receive_canon_char(c, tty))
		return 0;
	receive_char_normal(c, tty);
	return 0;
}

/* Characters with an error flag from the driver.  ldata->lock held; returns a signal or 0. */
static int receive_char_flagged(u8 c, u8 flag, struct tty_struct *tty)
{
	struct n_tty_data *ldata = tty->disc_data;

	switch (flag) {
	case TTY_BREAK:
		if (I_IGNBRK(tty))
			return 0;
		if (I_BRKINT(tty))
			return SIGINT;
		if (I_PARMRK(tty)) {
			put_tty_queue(0xff, 0, ldata);
			put_tty_queue(0, 0, ldata);
		}
		put_tty_queue(0, 0, ldata);
		return 0;
	case TTY_PARITY:
	case TTY_FRAME:
		if (I_IGNPAR(tty))
			return 0;
		if (I_PARMRK(tty)) {
			put_tty_queue(0xff, 0, ldata);
			put_tty_queue(0, 0, ldata);
			put_tty_queue(c, 0, ldata);
		} else {
			put_tty_queue(0, 0, ldata);
		}
		return 0;
	default:
		/* TTY_OVERRUN: input was lost before this (valid) character. */
		return receive_char_special(c, tty);
	}
}

/* Echo of a signal character, after the signal went out (and flushed). */
static void echo_signal_char(u8 c, struct tty_struct *tty)
{
	struct n_tty_data *ldata = tty->disc_data;

	if (I_IXON(tty))
		start_tty(tty);
	if (L_ECHO(tty)) {
		spin_lock(&ldata->lock);
		n_tty_echo_char(c, tty);
		spin_unlock(&ldata->lock);
	}
}

/* Is there room to take another input character without losing data? */
static bool receive_room(struct n_tty_data *ldata)
{
	/* PARMRK may store three bytes for one character. */
	if (N_TTY_BUF_SIZE - read_cnt(ldata) >= 3)
		return true;
	/*
	 * An overlong canonical line with nothing readable: keep going, so
	 * a terminator (or erase, or a signal) still gets through;
	 * put_char_checked() drops the ordinary characters.
	 */
	return ldata->icanon && ldata->canon_head == ldata->read_tail;
}

static size_t n_tty_receive_buf(struct tty_struct *tty, const u8 *cp, const u8 *fp,
				size_t count)
{
	struct n_tty_data *ldata = tty->disc_data;
	unsigned int old_canon, old_head;
	size_t i;

	down_read(&tty->termios_rwsem);
	spin_lock(&ldata->lock);
	old_canon = ldata->canon_head;
	old_head = ldata->read_head;
	for (i = 0; i < count; i++) {
		u8 c = cp[i], flag = fp ? fp[i] : TTY_NORMAL;
		int sig = 0;

		if (!receive_room(ldata)) {
			ldata->no_room = true;
			break;
		}
		if (flag != TTY_NORMAL && flag != TTY_OVERRUN) {
			sig = receive_char_flagged(c, flag, tty);
		} else {
			if (I_ISTRIP(tty))
				c &= 0x7f;
			if (I_IUCLC(tty) && L_IEXTEN(tty))
				c = tolower(c);
			/* IXANY: any character but START/STOP restarts stopped output. */
			if (tty->stopped && !tty->flow_stopped && I_IXON(tty) && I_IXANY(tty) &&
			    c != START_CHAR(tty) && c != STOP_CHAR(tty))
				start_tty(tty);
			if (ldata->lnext) {
				ldata->lnext = false;
				receive_char_normal(c, tty);
			} else if (test_bit(c, ldata->char_map)) {
				sig = receive_char_special(c, tty);
			} else {
				receive_char_normal(c, tty);
			}
		}
		if (sig) {
			spin_unlock(&ldata->lock);
			isig(sig, tty);
			echo_signal_char(c, tty);
			spin_lock(&ldata->lock);
			old_canon = ldata->canon_head;
			old_head = ldata->read_head;
		}
	}
	/* Non-canonical: every new byte is readable; canonical: complete lines. */
	if (ldata->icanon ? ldata->canon_head != old_canon : ldata->read_head != old_head) {
		spin_unlock(&ldata->lock);
		wake_up_interruptible(&tty->read_wait);
	} else {
		spin_unlock(&ldata->lock);
	}
	n_tty_process_echoes(tty);
	up_read(&tty->termios_rwsem);
	return i;
}

/* ------------------------------------------------------------ termios */

static void n_tty_set_termios(struct tty_struct *tty, const struct ktermios *old)
{
	struct n_tty_data *ldata = tty->disc_data;
	bool was_canon = old ? !!(old->c_lflag & ICANON) : false;
	DECLARE_BITMAP(map, 256);

	bitmap_zero(map, 256);
	if (I_IGNCR(tty) || I_ICRNL(tty))
		__set_bit('\r', map);
	if (I_INLCR(tty))
		__set_bit('\n', map);
	if (L_ICANON(tty)) {
		__set_bit(ERASE_CHAR(tty), map);
		__set_bit(KILL_CHAR(tty), map);
		__set_bit(EOF_CHAR(tty), map);
		__set_bit('\n', map);
		__set_bit(EOL_CHAR(tty), map);
		if (L_IEXTEN(tty)) {
			__set_bit(WERASE_CHAR(tty), map);
			__set_bit(LNEXT_CHAR(tty), map);
			__set_bit(EOL2_CHAR(tty), map);
			if (L_ECHO(tty))
				__set_bit(REPRINT_CHAR(tty), map);
		}
	}
	if (I_IXON(tty)) {
		__set_bit(START_CHAR(tty), map);
		__set_bit(STOP_CHAR(tty), map);
	}
	if (L_ISIG(tty)) {
		__set_bit(INTR_CHAR(tty), map);
		__set_bit(QUIT_CHAR(tty), map);
		__set_bit(SUSP_CHAR(tty), map);
	}
	/* A c_cc entry of 0 disables that character; a received NUL is ordinary. */
	__clear_bit(__DISABLED_CHAR, map);

	spin_lock(&ldata->lock);
	bitmap_copy(ldata->char_map, map, 256);
	if (!was_canon && L_ICANON(tty)) {
		/* Input typed in raw mode becomes one line, readable at once. */
		memset(ldata->read_mark, 0, sizeof(ldata->read_mark));
		if (read_cnt(ldata))
			ldata->read_mark[(ldata->read_head - 1) & N_TTY_BUF_MASK] = MARK_EOL;
		ldata->canon_head = ldata->read_head;
		ldata->erasing = false;
		ldata->lnext = false;
	}
	ldata->icanon = L_ICANON(tty);
	spin_unlock(&ldata->lock);

	/* Leaving IXON (or canonical mode) must not leave output or readers stuck. */
	if (!I_IXON(tty) && tty->stopped && !tty->flow_stopped)
		start_tty(tty);
	wake_up_interruptible(&tty->read_wait);
	wake_up_interruptible(&tty->write_wait);
}

/* ------------------------------------------------------------ read */

/*
 * Is there something a read() would return?  For poll() with VMIN > 0
 * and VTIME 0, only once VMIN bytes are there (a read would block before).
 */
static bool input_available(struct tty_struct *tty, bool poll)
{
	struct n_tty_data *ldata = tty->disc_data;
	unsigned int amt = 1;

	if (ldata->icanon)
		return READ_ONCE(ldata->canon_head) != READ_ONCE(ldata->read_tail);
	if (poll && !TIME_CHAR(tty) && MIN_CHAR(tty))
		amt = MIN_CHAR(tty);
	return READ_ONCE(ldata->read_head) - READ_ONCE(ldata->read_tail) >= amt;
}

/*
 * Copy (part of) the next line.  A line filling the buffer exactly
 * consumes an EOF character right behind it, so the next read does not
 * report end of file.  ldata->lock.
 */
static size_t canon_copy(struct n_tty_data *ldata, u8 *kb, size_t nr)
{
	unsigned int tail = ldata->read_tail;
	size_t n = 0;

	while (tail != ldata->canon_head) {
		unsigned int i = tail & N_TTY_BUF_MASK;
		u8 mark = ldata->read_mark[i];

		if (mark & MARK_EOF) {
			tail++;
			break;
		}
		if (n == nr)
			break;
		kb[n++] = ldata->read_buf[i];
		tail++;
		if (mark & MARK_EOL)
			break;
	}
	ldata->read_tail = tail;
	return n;
}

/* Non-canonical: copy what is there.  EOF characters left from canonical mode are dropped. */
static size_t raw_copy(struct n_tty_data *ldata, u8 *kb, size_t nr)
{
	size_t n = 0;

	while (ldata->read_tail != ldata->read_head && n < nr) {
		unsigned int i = ldata->read_tail++ & N_TTY_BUF_MASK;

		if (!(ldata->read_mark[i] & MARK_EOF))
			kb[n++] = ldata->read_buf[i];
	}
	if (ldata->canon_head - ldata->read_tail > N_TTY_BUF_SIZE)
		ldata->canon_head = ldata->read_tail;
	return n;
}

/*
 * How a non-canonical read waits (termios(3), VMIN and VTIME):
 * *enough: bytes that complete the read; *first: how long to wait for
 * the first byte; *gap: once bytes came, how long to wait for the next
 * one (0: no inter-byte timer).  Canonical reads wait for a line,
 * without limit.
 */
static void read_timing(struct tty_struct *tty, size_t *enough, long *first, long *gap)
{
	struct n_tty_data *ldata = tty->disc_data;
	long vtime = TIME_CHAR(tty) * (HZ / 10);

	*enough = 0;
	*first = MAX_SCHEDULE_TIMEOUT;
	*gap = 0;
	if (ldata->icanon)
		return;
	if (!MIN_CHAR(tty)) {
		/* MIN 0: one byte will do; VTIME (maybe 0) bounds the wait for it. */
		*enough = 1;
		*first = vtime;
		return;
	}
	*enough = MIN_CHAR(tty);
	*gap = vtime;
}

/*
 * Nothing to read yet.  Returns 1 if the reader should sleep, 0 if it
 * should return what it has (hangup, timer expired), or an error.
 */
static int read_should_sleep(struct tty_struct *tty, struct file *file, long timeout)
{
	/* A pty master whose slave has no open file: nothing more will come. */
	if (test_bit(TTY_OTHER_CLOSED, &tty->flags))
		return -EIO;
	if (tty_hung_up_p(file))
		return 0;
	if (test_bit(TTY_IO_ERROR, &tty->flags))
		return -EIO;
	if (!timeout)
		return 0;
	if (tty_io_nonblock(tty, file))
		return -EAGAIN;
	return signal_pending(current) ? -ERESTARTSYS : 1;
}

/* Move readable input to kbuf; a reader that made room restarts the flip buffer. */
static size_t take_input(struct tty_struct *tty, u8 *kbuf, size_t nr)
{
	struct n_tty_data *ldata = tty->disc_data;
	size_t n;

	spin_lock(&ldata->lock);
	n = ldata->icanon ? canon_copy(ldata, kbuf, nr) : raw_copy(ldata, kbuf, nr);
	spin_unlock(&ldata->lock);
	n_tty_check_unthrottle(tty);
	return n;
}

/* Packet mode: the TIOCPKT_* events not yet reported, now taken. */
static u8 take_packet_status(struct tty_struct *tty)
{
	unsigned long flags;
	u8 status;

	spin_lock_irqsave(&tty->ctrl_lock, flags);
	status = tty->ctrl_status;
	tty->ctrl_status = 0;
	spin_unlock_irqrestore(&tty->ctrl_lock, flags);
	return status;
}

/*
 * Nothing readable on a pty master whose slave closed: the slave's last
 * output may still be in the flip buffer.  Hand it over, unlocked, as
 * the worker takes termios_rwsem itself.  Returns whether it is worth
 * looking again.
 */
static bool drain_closed_peer(struct tty_struct *tty, bool *drained)
{
	if (*drained || !tty->port || !test_bit(TTY_OTHER_CLOSED, &tty->flags))
		return false;
	*drained = true;
	__set_current_state(TASK_RUNNING);
	up_read(&tty->termios_rwsem);
	tty_buffer_flush_work(tty->port);
	down_read(&tty->termios_rwsem);
	return true;
}

/*
 * read(): a background reader is stopped with SIGTTIN first.  One reader
 * at a time (atomic_read_lock), so that lines are not split between two.
 * A pty master in packet mode (TIOCPKT) gets either one status byte
 * (TIOCPKT_FLUSHREAD ...) or TIOCPKT_DATA followed by the data.
 */
static ssize_t n_tty_read(struct tty_struct *tty, struct file *file, u8 *kbuf, size_t nr)
{
	struct n_tty_data *ldata = tty->disc_data;
	DECLARE_WAITQUEUE(wait, current);
	size_t copied = 0, enough;
	bool packet, drained = false;
	u8 *data = kbuf, status = 0;
	long timeout, gap;
	int err;

	err = tty_check_change_sig(tty, SIGTTIN);
	if (err)
		return err;
	if (!tty_io_nonblock(tty, file))
		err = mutex_lock_interruptible(&ldata->atomic_read_lock) ? -ERESTARTSYS : 0;
	else if (!mutex_trylock(&ldata->atomic_read_lock))
		err = -EAGAIN;
	if (err)
		return err;

	down_read(&tty->termios_rwsem);
	read_timing(tty, &enough, &timeout, &gap);
	packet = READ_ONCE(tty->packet);
	if (packet) {
		data++;
		nr--;
	}
	add_wait_queue(&tty->read_wait, &wait);
	for (;;) {
		size_t got;

		/* Before looking, so that a wakeup from receive_buf is not lost. */
		set_current_state(TASK_INTERRUPTIBLE);
		if (packet && !copied) {
			status = take_packet_status(tty);
			if (status)
				break;
		}
		if (!nr)
			break;
		if (!input_available(tty, false)) {
			if (drain_closed_peer(tty, &drained))
				continue;
			err = read_should_sleep(tty, file, timeout);
			if (err <= 0)
				break;
			err = 0;
			up_read(&tty->termios_rwsem);
			timeout = schedule_timeout(timeout);
			down_read(&tty->termios_rwsem);
			continue;
		}
		__set_current_state(TASK_RUNNING);
		got = take_input(tty, data + copied, nr);
		copied += got;
		nr -= got;
		/* A canonical read returns one line; a raw one once VMIN is met. */
		if (ldata->icanon || copied >= enough)
			break;
		if (gap)
			timeout = gap;
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&tty->read_wait, &wait);
	up_read(&tty->termios_rwsem);
	mutex_unlock(&ldata->atomic_read_lock);

	if (status) {
		kbuf[0] = status;
		return 1;
	}
	if (packet && copied) {
		kbuf[0] = TIOCPKT_DATA;
		return copied + 1;
	}
	return copied ? (ssize_t)copied : err;
}

/* ------------------------------------------------------------ misc */

/* Readable bytes: complete lines (without EOF characters) or everything. */
static unsigned int n_tty_inq(struct tty_struct *tty)
{
	struct n_tty_data *ldata = tty->disc_data;
	unsigned int n = 0, t, end;

	spin_lock(&ldata->lock);
	end = ldata->icanon ? ldata->canon_head : ldata->read_head;
	for (t = ldata->read_tail; t != end; t++)
		if (!(ldata->read_mark[t & N_TTY_BUF_MASK] & MARK_EOF))
			n++;
	spin_unlock(&ldata->lock);
	return n;
}

#if __has_include(<linux/poll.h>)
static unsigned int n_tty_poll(struct tty_struct *tty, struct file *file, poll_table *wait)
{
	unsigned int mask = 0;

	poll_wait(file, &tty->read_wait, wait);
	poll_wait(file, &tty->write_wait, wait);
	if (input_available(tty, true))
		mask |= POLLIN | POLLRDNORM;
	if (READ_ONCE(tty->packet) && READ_ONCE(tty->ctrl_status))
		mask |= POLLPRI | POLLIN | POLLRDNORM;
	if (tty_hung_up_p(file) || test_bit(TTY_OTHER_CLOSED, &tty->flags))
		mask |= POLLHUP;
	if (!tty->stopped && tty_chars_in_buffer(tty) < WAKEUP_CHARS && tty_write_room(tty) > 0)
		mask |= POLLOUT | POLLWRNORM;
	return mask;
}
#endif

static int n_tty_ioctl(struct tty_struct *tty, unsigned int cmd, unsigned long arg)
{
	switch (cmd) {
	case TIOCINQ:
		return put_user((int)n_tty_inq(tty), (int *)arg);
	default:
		return -ENOIOCTLCMD;
	}
}

static void n_tty_hangup(struct tty_struct *tty)
{
	wake_up_interruptible_all(&tty->read_wait);
	wake_up_interruptible_all(&tty->write_wait);
}

static int n_tty_open(struct tty_struct *tty)
{
	struct n_tty_data *ldata = kzalloc(sizeof(*ldata), GFP_KERNEL);

	if (!ldata)
		return -ENOMEM;
	spin_lock_init(&ldata->lock);
	mutex_init(&ldata->atomic_read_lock);
	mutex_init(&ldata->output_lock);
	tty->disc_data = ldata;
	down_write(&tty->termios_rwsem);
	n_tty_set_termios(tty, NULL);
	up_write(&tty->termios_rwsem);
	return 0;
}

static void n_tty_close(struct tty_struct *tty)
{
	kfree(tty->disc_data);
	tty->disc_data = NULL;
}

/* N_TTY as the tty core sees it; grouped: life cycle, input, output, control. */
const struct tty_ldisc_ops n_tty_ops = {
	.num = N_TTY,
	.name = "n_tty",
	.open = n_tty_open,
	.hangup = n_tty_hangup,
	.close = n_tty_close,

	.receive_buf = n_tty_receive_buf,
	.read = n_tty_read,
	.inq = n_tty_inq,
	.flush_buffer = n_tty_flush_buffer,
#if __has_include(<linux/poll.h>)
	.poll = n_tty_poll,
#endif

	.write = n_tty_write,

	.set_termios = n_tty_set_termios,
	.ioctl = n_tty_ioctl,
};
