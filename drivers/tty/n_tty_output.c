// SPDX-License-Identifier: GPL-2.0-only
/*
 * N_TTY's output side: the echo queue, OPOST output processing with the
 * column bookkeeping that tab erasing relies on, and write().
 *
 * The receive path queues echoes (bytes, and operations such as "erase a
 * tab" whose size is only known against the output column) under
 * ldata->lock; n_tty_process_echoes() turns them into driver output under
 * output_lock, which every write() takes too, so echo and program output
 * agree on the column.  See n_tty.c for the whole design and lock order.
 *
 * Interface (n_tty.h): the n_tty_echo_* queueing helpers, n_tty_process_echoes(),
 * n_tty_write().
 */
#include <linux/kernel.h>
#include <linux/ctype.h>
#include <linux/sched.h>
#include <linux/errno.h>
#include <linux/tty.h>
#include <linux/tty_driver.h>
#include "n_tty.h"

/* ------------------------------------------------------------ echo queue */

/* Append n bytes as one unit, or nothing if they do not fit.  ldata->lock. */
void n_tty_add_echo(struct n_tty_data *ldata, const u8 *b, unsigned int n)
{
	if (ECHO_BUF_SIZE - (ldata->echo_head - ldata->echo_tail) < n)
		return;
	for (unsigned int i = 0; i < n; i++)
		ldata->echo_buf[ldata->echo_head++ & ECHO_BUF_MASK] = b[i];
}

void n_tty_echo_char_raw(u8 c, struct n_tty_data *ldata)
{
	u8 op[2] = { ECHO_OP_START, ECHO_OP_START };

	if (c == ECHO_OP_START)
		n_tty_add_echo(ldata, op, 2);
	else
		n_tty_add_echo(ldata, &c, 1);
}

/* Echo c, as ^X if it is a control character and ECHOCTL is set. */
void n_tty_echo_char(u8 c, struct tty_struct *tty)
{
	struct n_tty_data *ldata = tty->disc_data;
	u8 op[2] = { ECHO_OP_START, c };

	if (c != ECHO_OP_START && L_ECHOCTL(tty) && iscntrl(c) && c != '\t')
		n_tty_add_echo(ldata, op, 2);
	else
		n_tty_echo_char_raw(c, ldata);
}

void n_tty_echo_set_canon_col(struct n_tty_data *ldata)
{
	u8 op[2] = { ECHO_OP_START, ECHO_OP_SET_CANON_COL };

	n_tty_add_echo(ldata, op, 2);
}

void n_tty_echo_erase_tab(unsigned int num_chars, bool after_tab, struct n_tty_data *ldata)
{
	u8 op[3] = { ECHO_OP_START, ECHO_OP_ERASE_TAB, (num_chars & 7) | (after_tab ? 0x80 : 0) };

	n_tty_add_echo(ldata, op, 3);
}

void n_tty_finish_erasing(struct n_tty_data *ldata)
{
	if (ldata->erasing) {
		n_tty_echo_char_raw('/', ldata);
		ldata->erasing = false;
	}
}

/* ------------------------------------------------------------ output */

/*
 * Output one character with OPOST processing.  output_lock held.
 * Returns the room used, or -1 if space is too small (nothing done).
 */
static int do_output_char(u8 c, struct tty_struct *tty, unsigned int space)
{
	struct n_tty_data *ldata = tty->disc_data;
	unsigned int spaces;

	if (!space)
		return -1;
	switch (c) {
	case '\n':
		if (O_ONLRET(tty))
			ldata->column = 0;
		if (O_ONLCR(tty)) {
			if (space < 2)
				return -1;
			ldata->canon_column = ldata->column = 0;
			tty->ops->write(tty, (const u8 *)"\r\n", 2);
			return 2;
		}
		ldata->canon_column = ldata->column;
		break;
	case '\r':
		if (O_ONOCR(tty) && ldata->column == 0)
			return 0;
		if (O_OCRNL(tty)) {
			c = '\n';
			if (O_ONLRET(tty))
				ldata->canon_column = ldata->column = 0;
			break;
		}
		ldata->canon_column = ldata->column = 0;
		break;
	case '\t':
		spaces = 8 - (ldata->column & 7);
		if (O_TABDLY(tty) == XTABS) {
			if (space < spaces)
				return -1;
			ldata->column += spaces;
			tty->ops->write(tty, (const u8 *)"        ", spaces);
			return spaces;
		}
		ldata->column += spaces;
		break;
	case '\b':
		if (ldata->column > 0)
			ldata->column--;
		break;
	default:
		if (!iscntrl(c)) {
			if (O_OLCUC(tty))
				c = toupper(c);
			if (!is_continuation(c, tty))
				ldata->column++;
		}
		break;
	}
	tty_put_char(tty, c);
	return 1;
}

static int process_output(u8 c, struct tty_struct *tty)
{
	struct n_tty_data *ldata = tty->disc_data;
	int ret;

	mutex_lock(&ldata->output_lock);
	ret = do_output_char(c, tty, tty_write_room(tty));
	mutex_unlock(&ldata->output_lock);
	return ret;
}

/*
 * Write the longest run of characters that need no translation (only
 * column bookkeeping) in one driver call.  Returns the number written.
 */
static ssize_t process_output_block(struct tty_struct *tty, const u8 *buf, size_t nr)
{
	struct n_tty_data *ldata = tty->disc_data;
	unsigned int space;
	size_t i;
	ssize_t written;

	mutex_lock(&ldata->output_lock);
	space = tty_write_room(tty);
	if (nr > space)
		nr = space;
	for (i = 0; i < nr; i++) {
		u8 c = buf[i];

		switch (c) {
		case '\n':
			if (O_ONLRET(tty))
				ldata->column = 0;
			if (O_ONLCR(tty))
				goto stop;
			ldata->canon_column = ldata->column;
			break;
		case '\r':
			if (O_ONOCR(tty) && ldata->column == 0)
				goto stop;
			if (O_OCRNL(tty))
				goto stop;
			ldata->canon_column = ldata->column = 0;
			break;
		case '\t':
			goto stop;
		case '\b':
			if (ldata->column > 0)
				ldata->column--;
			break;
		default:
			if (!iscntrl(c)) {
				if (O_OLCUC(tty))
					goto stop;
				if (!is_continuation(c, tty))
					ldata->column++;
			}
			break;
		}
	}
stop:
	written = i ? tty->ops->write(tty, buf, i) : 0;
	mutex_unlock(&ldata->output_lock);
	return written;
}

/*
 * Turn queued echoes into output, as far as the driver has room.
 * Called without ldata->lock; takes output_lock.
 */
void n_tty_process_echoes(struct tty_struct *tty)
{
	struct n_tty_data *ldata = tty->disc_data;
	unsigned int tail, head, space;

	if (READ_ONCE(ldata->echo_head) == READ_ONCE(ldata->echo_tail))
		return;
	mutex_lock(&ldata->output_lock);
	spin_lock(&ldata->lock);
	head = ldata->echo_head;
	tail = ldata->echo_tail;
	spin_unlock(&ldata->lock);

	space = tty_write_room(tty);
	while (tail != head) {
		u8 c = ldata->echo_buf[tail & ECHO_BUF_MASK];

		if (c != ECHO_OP_START) {
			int used;

			if (O_OPOST(tty)) {
				used = do_output_char(c, tty, space);
				if (used < 0)
					break;
			} else {
				if (!space)
					break;
				tty_put_char(tty, c);
				used = 1;
			}
			space -= used;
			tail++;
			continue;
		}

		c = ldata->echo_buf[(tail + 1) & ECHO_BUF_MASK];
		if (c == ECHO_OP_ERASE_TAB) {
			unsigned int num_chars = ldata->echo_buf[(tail + 2) & ECHO_BUF_MASK];
			unsigned int num_bs;

			if (!(num_chars & 0x80))
				num_chars += ldata->canon_column;
			num_bs = 8 - (num_chars & 7);
			if (num_bs > space)
				break;
			space -= num_bs;
			while (num_bs--) {
				tty_put_char(tty, '\b');
				if (ldata->column > 0)
					ldata->column--;
			}
			tail += 3;
		} else if (c == ECHO_OP_SET_CANON_COL) {
			ldata->canon_column = ldata->column;
			tail += 2;
		} else if (c == ECHO_OP_START) {
			if (!space)
				break;
			tty_put_char(tty, ECHO_OP_START);
			ldata->column++;
			space--;
			tail += 2;
		} else {
			/* A control character shown as ^X. */
			if (space < 2)
				break;
			tty_put_char(tty, '^');
			tty_put_char(tty, c ^ 0100);
			ldata->column += 2;
			space -= 2;
			tail += 2;
		}
	}

	spin_lock(&ldata->lock);
	ldata->echo_tail = tail;
	spin_unlock(&ldata->lock);
	mutex_unlock(&ldata->output_lock);
}

/* ------------------------------------------------------------ write */

ssize_t n_tty_write(struct tty_struct *tty, struct file *file, const u8 *buf, size_t nr)
{
	struct n_tty_data *ldata = tty->disc_data;
	const u8 *b = buf;
	ssize_t ret = 0;
	DECLARE_WAITQUEUE(wait, current);

	/* Background writers with TOSTOP get SIGTTOU (POSIX 7.1.1.4). */
	if (L_TOSTOP(tty)) {
		ret = tty_check_change(tty);
		if (ret)
			return ret;
	}

	down_read(&tty->termios_rwsem);
	n_tty_process_echoes(tty);
	add_wait_queue(&tty->write_wait, &wait);
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (tty_hung_up_p(tty) || test_bit(TTY_IO_ERROR, &tty->flags)) {
			ret = -EIO;
			break;
		}
		if (O_OPOST(tty)) {
			while (nr > 0) {
				ssize_t num = process_output_block(tty, b, nr);

				if (num < 0) {
					ret = num;
					goto out;
				}
				b += num;
				nr -= num;
				if (!nr)
					break;
				num = process_output(*b, tty);
				if (num < 0)
					break;
				b++;
				nr--;
			}
		} else {
			while (nr > 0) {
				ssize_t num;

				mutex_lock(&ldata->output_lock);
				num = tty->ops->write(tty, b, nr);
				mutex_unlock(&ldata->output_lock);
				if (num < 0) {
					ret = num;
					goto out;
				}
				if (!num)
					break;
				b += num;
				nr -= num;
			}
		}
		if (!nr)
			break;
		if (tty_io_nonblock(tty, file)) {
			ret = -EAGAIN;
			break;
		}
		/*
		 * Only a write that has to wait for room is interrupted by a
		 * signal.  Checking at entry as well would fail a short write
		 * that fits whenever a signal lands during the call: busybox
		 * sh's prompt, written as SIGCHLD of a just-killed job arrived
		 * (its handler has no SA_RESTART), was lost that way in about
		 * one tty session in ten.
		 */
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		up_read(&tty->termios_rwsem);
		schedule();
		down_read(&tty->termios_rwsem);
	}
out:
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&tty->write_wait, &wait);
	up_read(&tty->termios_rwsem);
	return b - buf ? b - buf : ret;
}
