// SPDX-License-Identifier: GPL-2.0-only
/*
 * What N_TTY sends to the driver: echoes of typed input, and the bytes
 * programs write(), both passed through output post-processing (OPOST).
 *
 * Everything here is organised around one question, answered by
 * opost_plan(): "what does this byte become on the wire, and where does
 * the cursor end up?"  Writing a buffer sends the stretches whose bytes
 * go out unchanged in one driver call and the rest one plan at a time;
 * replaying the echo queue uses the same plans, so echoes and program
 * output keep a single, exact idea of the cursor column.  Tab erasing
 * (ECHOE over a tab) needs that column: it must back up as many places
 * as the tab took when it was echoed.
 *
 * The echo queue is a byte ring filled by the receive path (n_tty.c)
 * under ldata->lock.  Besides plain bytes it carries ECHO_OP_START
 * records (n_tty.h) for things whose output depends on the column at the
 * moment they are printed.  n_tty_process_echoes() is its only consumer.
 *
 * Interface (n_tty.h): the n_tty_echo_* and n_tty_add_echo producers,
 * n_tty_finish_erasing(), n_tty_process_echoes(), n_tty_write().
 *
 * Locking: producers run with ldata->lock held.  Driver output, the
 * column fields and moving the echo tail happen under output_lock, taken
 * per driver call so a reader's echo can slip in between two parts of a
 * long write; the echo indices are read and published under ldata->lock.
 */
#include <linux/kernel.h>
#include <linux/ctype.h>
#include <linux/sched.h>
#include <linux/errno.h>
#include <linux/tty.h>
#include <linux/tty_driver.h>
#include "n_tty.h"

/* ------------------------------------------------------------ producing echoes */

static unsigned int echo_free(const struct n_tty_data *ldata)
{
	return ECHO_BUF_SIZE - (ldata->echo_head - ldata->echo_tail);
}

/*
 * Queue a record of n bytes.  A record is all or nothing: half an
 * ECHO_OP_START sequence would make the consumer misread what follows.
 * When the ring is full the echo is lost, like a terminal that cannot
 * keep up; the input itself is unaffected.
 */
void n_tty_add_echo(struct n_tty_data *ldata, const u8 *b, unsigned int n)
{
	const u8 *end = b + n;

	if (n > echo_free(ldata))
		return;
	while (b < end) {
		ldata->echo_buf[ldata->echo_head & ECHO_BUF_MASK] = *b++;
		ldata->echo_head++;
	}
}

/* Echo c exactly as it is (ECHO_OP_START, being the escape, goes doubled). */
void n_tty_echo_char_raw(u8 c, struct n_tty_data *ldata)
{
	const u8 escaped[2] = { ECHO_OP_START, c };

	if (c == ECHO_OP_START)
		n_tty_add_echo(ldata, escaped, sizeof(escaped));
	else
		n_tty_add_echo(ldata, &c, 1);
}

/*
 * Echo c the way the user should see it: under ECHOCTL a control
 * character other than TAB prints as ^X, which the consumer expands
 * (a record so that it can count the two columns).
 */
void n_tty_echo_char(u8 c, struct tty_struct *tty)
{
	struct n_tty_data *ldata = tty->disc_data;
	bool caret = L_ECHOCTL(tty) && iscntrl(c) && c != '\t' && c != ECHO_OP_START;
	const u8 rec[2] = { ECHO_OP_START, c };

	if (!caret) {
		n_tty_echo_char_raw(c, ldata);
		return;
	}
	n_tty_add_echo(ldata, rec, sizeof(rec));
}

void n_tty_echo_set_canon_col(struct n_tty_data *ldata)
{
	const u8 rec[2] = { ECHO_OP_START, ECHO_OP_SET_CANON_COL };

	n_tty_add_echo(ldata, rec, sizeof(rec));
}

/*
 * num_chars: columns the line occupied after the previous tab; only its
 * low three bits matter.  after_tab says there was such a tab; without
 * one the count starts at the line's first column instead, which only
 * the consumer knows.
 */
void n_tty_echo_erase_tab(unsigned int num_chars, bool after_tab, struct n_tty_data *ldata)
{
	u8 rec[3] = { ECHO_OP_START, ECHO_OP_ERASE_TAB, num_chars & 7 };

	if (after_tab)
		rec[2] |= 0x80;
	n_tty_add_echo(ldata, rec, sizeof(rec));
}

/* Close an ECHOPRT "\erased" run with its '/'. */
void n_tty_finish_erasing(struct n_tty_data *ldata)
{
	if (!ldata->erasing)
		return;
	ldata->erasing = false;
	n_tty_echo_char_raw('/', ldata);
}

/* ------------------------------------------------------------ OPOST */

#define TAB_WIDTH	8

static const u8 blanks[] = "        ";	/* TAB_WIDTH spaces */

/*
 * The outcome of post-processing one byte: the bytes to send and the
 * resulting column and line-start column.  A plan with len 0 swallows
 * the byte (ONOCR at column 0).
 */
struct opost_plan {
	const u8 *out;
	unsigned int len;
	unsigned int column;
	unsigned int canon_column;
	u8 single;		/* backing store when one (maybe changed) byte goes out */
};

/* Is the plan to send c itself, unchanged?  Then c can join a bulk run. */
static bool plan_is_verbatim(const struct opost_plan *p, u8 c)
{
	return p->len == 1 && p->out == &p->single && p->single == c;
}

/*
 * termios(3) output flags, for one byte at the current column.
 * Output_lock held (reads the column state, changes nothing).
 */
static void opost_plan(struct tty_struct *tty, u8 c, struct opost_plan *p)
{
	struct n_tty_data *ldata = tty->disc_data;
	unsigned int col = ldata->column;
	unsigned int canon = ldata->canon_column;

	p->single = c;
	p->out = &p->single;
	p->len = 1;

	if (c == '\n') {
		/* ONLRET: the terminal's newline returns the carriage too. */
		if (O_ONLRET(tty))
			col = 0;
		if (O_ONLCR(tty)) {
			p->out = (const u8 *)"\r\n";
			p->len = 2;
			col = 0;
		}
		canon = col;
	} else if (c == '\r') {
		if (O_ONOCR(tty) && col == 0) {
			p->len = 0;
		} else if (!O_OCRNL(tty)) {
			col = canon = 0;
		} else {
			/* Sent as a newline, which moves the cursor only under ONLRET. */
			p->single = '\n';
			if (O_ONLRET(tty))
				col = canon = 0;
		}
	} else if (c == '\t') {
		unsigned int width = TAB_WIDTH - (col % TAB_WIDTH);

		if (O_TABDLY(tty) == XTABS) {
			p->out = blanks;
			p->len = width;
		}
		col += width;
	} else if (c == '\b') {
		if (col)
			col--;
	} else if (!iscntrl(c)) {
		if (O_OLCUC(tty))
			p->single = toupper(c);
		/* A UTF-8 continuation byte shares its character's column. */
		if (!is_continuation(c, tty))
			col++;
	}
	/* Other control characters: sent as they are, no column change. */

	p->column = col;
	p->canon_column = canon;
}

static void opost_commit(struct n_tty_data *ldata, const struct opost_plan *p)
{
	ldata->column = p->column;
	ldata->canon_column = p->canon_column;
}

/*
 * Send c post-processed, within room bytes of driver space.  Returns the
 * space it took, or -ENOSPC (nothing sent) if its output does not fit.
 * A swallowed byte still wants some room, so a full driver always makes
 * the writer wait.  output_lock held.
 */
static int opost_one(struct tty_struct *tty, u8 c, unsigned int room)
{
	struct opost_plan plan;

	opost_plan(tty, c, &plan);
	if (!room || plan.len > room)
		return -ENOSPC;
	if (plan.len)
		tty->ops->write(tty, plan.out, plan.len);
	opost_commit(tty->disc_data, &plan);
	return plan.len;
}

/* ------------------------------------------------------------ echo replay */

/*
 * Print the echo queue record at position pos, if the driver's room
 * allows.  Returns the number of queue bytes it used (0: no room, try
 * again after the driver drained) and lowers *room by what it sent.
 * output_lock held.
 */
static unsigned int replay_echo(struct tty_struct *tty, unsigned int pos, unsigned int *room)
{
	struct n_tty_data *ldata = tty->disc_data;
	u8 first = ldata->echo_buf[pos & ECHO_BUF_MASK];
	u8 op, out[TAB_WIDTH];
	unsigned int n, i;
	int used;

	if (first != ECHO_OP_START) {
		if (O_OPOST(tty)) {
			used = opost_one(tty, first, *room);
			if (used < 0)
				return 0;
			*room -= used;
			return 1;
		}
		if (!*room)
			return 0;
		tty_put_char(tty, first);
		*room -= 1;
		return 1;
	}

	op = ldata->echo_buf[(pos + 1) & ECHO_BUF_MASK];
	switch (op) {
	case ECHO_OP_SET_CANON_COL:
		/* The echo of a new input line starts here. */
		ldata->canon_column = ldata->column;
		return 2;

	case ECHO_OP_ERASE_TAB: {
		u8 arg = ldata->echo_buf[(pos + 2) & ECHO_BUF_MASK];
		unsigned int start = arg & 0x80 ? 0 : ldata->canon_column;

		/*
		 * The tab ended at the next tab stop after the text before
		 * it; back up from there to where that text ended.
		 */
		n = TAB_WIDTH - ((start + arg) % TAB_WIDTH);
		if (n > *room)
			return 0;
		for (i = 0; i < n; i++)
			out[i] = '\b';
		tty->ops->write(tty, out, n);
		ldata->column = ldata->column > n ? ldata->column - n : 0;
		*room -= n;
		return 3;
	}

	case ECHO_OP_START:
		/* A literal 0xff byte, one column wide. */
		if (!*room)
			return 0;
		tty_put_char(tty, ECHO_OP_START);
		ldata->column++;
		*room -= 1;
		return 2;

	default:
		/* ECHOCTL: the control character op shown as ^ and op + 64. */
		if (*room < 2)
			return 0;
		out[0] = '^';
		out[1] = op ^ 0x40;
		tty->ops->write(tty, out, 2);
		ldata->column += 2;
		*room -= 2;
		return 2;
	}
}

/*
 * Print as much of the echo queue as the driver takes now; the rest
 * stays queued for the next write, receive or wakeup.  Takes
 * output_lock, and ldata->lock briefly, so call it with neither held.
 */
void n_tty_process_echoes(struct tty_struct *tty)
{
	struct n_tty_data *ldata = tty->disc_data;
	unsigned int pos, stop, room, step;

	/* Cheap unlocked test first: this runs after every receive. */
	if (READ_ONCE(ldata->echo_tail) == READ_ONCE(ldata->echo_head))
		return;

	mutex_lock(&ldata->output_lock);

	spin_lock(&ldata->lock);
	pos = ldata->echo_tail;
	stop = ldata->echo_head;
	spin_unlock(&ldata->lock);

	room = tty_write_room(tty);
	for (; pos != stop; pos += step) {
		step = replay_echo(tty, pos, &room);
		if (!step)
			break;
	}

	spin_lock(&ldata->lock);
	ldata->echo_tail = pos;
	spin_unlock(&ldata->lock);

	mutex_unlock(&ldata->output_lock);
}

/* ------------------------------------------------------------ write() */

/*
 * Send what can go out now from [*pos, end) with OPOST: first the
 * longest prefix that leaves the line discipline unchanged, in one
 * driver call; then, if room is left, the byte that stopped it, through
 * its plan.  Repeats while progress is made.  Returns 0, or the driver's
 * error.
 */
static int write_cooked(struct tty_struct *tty, const u8 **pos, const u8 *end)
{
	struct n_tty_data *ldata = tty->disc_data;

	while (*pos < end) {
		struct opost_plan plan;
		const u8 *run = *pos;
		size_t len = 0, limit;
		unsigned int room;
		ssize_t sent = 0;
		int used;

		mutex_lock(&ldata->output_lock);
		room = tty_write_room(tty);
		limit = min_t(size_t, end - run, room);
		while (len < limit) {
			opost_plan(tty, run[len], &plan);
			if (!plan_is_verbatim(&plan, run[len]))
				break;
			opost_commit(ldata, &plan);
			len++;
		}
		if (len)
			sent = tty->ops->write(tty, run, len);
		mutex_unlock(&ldata->output_lock);

		if (sent < 0)
			return sent;
		*pos += sent;
		if (*pos == end)
			break;

		mutex_lock(&ldata->output_lock);
		used = opost_one(tty, **pos, tty_write_room(tty));
		mutex_unlock(&ldata->output_lock);
		if (used < 0)
			break;	/* the driver is full: wait */
		(*pos)++;
	}
	return 0;
}

/* Without OPOST the bytes go to the driver as they are. */
static int write_raw(struct tty_struct *tty, const u8 **pos, const u8 *end)
{
	struct n_tty_data *ldata = tty->disc_data;
	ssize_t sent;

	while (*pos < end) {
		mutex_lock(&ldata->output_lock);
		sent = tty->ops->write(tty, *pos, end - *pos);
		mutex_unlock(&ldata->output_lock);
		if (sent < 0)
			return sent;
		if (!sent)
			break;	/* the driver is full: wait */
		*pos += sent;
	}
	return 0;
}

/* One attempt: as much as the driver takes now.  0 or an error. */
static int write_some(struct tty_struct *tty, struct file *file, const u8 **pos,
		      const u8 *end)
{
	if (tty_hung_up_p(file) || test_bit(TTY_IO_ERROR, &tty->flags))
		return -EIO;
	if (!O_OPOST(tty))
		return write_raw(tty, pos, end);
	return write_cooked(tty, pos, end);
}

/*
 * The driver is full and bytes are left.  Sleep until it wakes
 * write_wait, unless the caller must not wait; the task is already
 * TASK_INTERRUPTIBLE on write_wait.  termios_rwsem (read) is dropped
 * while asleep so that a TCSETS can get through.
 */
static int wait_for_room(struct tty_struct *tty, struct file *file)
{
	if (tty_io_nonblock(tty, file))
		return -EAGAIN;
	/*
	 * Only a write that has to wait for room is interrupted by a
	 * signal.  Checking at entry as well would fail a short write
	 * that fits whenever a signal lands during the call: busybox
	 * sh's prompt, written as SIGCHLD of a just-killed job arrived
	 * (its handler has no SA_RESTART), was lost that way in about
	 * one tty session in ten.
	 */
	if (signal_pending(current))
		return -ERESTARTSYS;
	up_read(&tty->termios_rwsem);
	schedule();
	down_read(&tty->termios_rwsem);
	return 0;
}

/*
 * The line discipline's write(): returns the bytes taken (all of them,
 * unless the caller is non-blocking, interrupted or the line goes away),
 * else -EAGAIN, -EIO, -ERESTARTSYS or the driver's error.  A background
 * writer under TOSTOP is stopped by SIGTTOU first (POSIX 7.1.1.4).
 */
ssize_t n_tty_write(struct tty_struct *tty, struct file *file, const u8 *buf, size_t nr)
{
	const u8 *pos = buf, *end = buf + nr;
	DECLARE_WAITQUEUE(wait, current);
	int err = L_TOSTOP(tty) ? tty_check_change(tty) : 0;

	if (err)
		return err;

	down_read(&tty->termios_rwsem);
	/* Whatever echo is pending was typed before this output was written. */
	n_tty_process_echoes(tty);
	add_wait_queue(&tty->write_wait, &wait);
	do {
		/* Set before looking at the room, so a driver wakeup is not lost. */
		set_current_state(TASK_INTERRUPTIBLE);
		err = write_some(tty, file, &pos, end);
		if (!err && pos != end)
			err = wait_for_room(tty, file);
	} while (!err && pos != end);
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&tty->write_wait, &wait);
	up_read(&tty->termios_rwsem);

	return pos != buf ? pos - buf : err;
}
