/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * N_TTY's private state, shared by its input side (n_tty.c: receiving,
 * editing, reading) and its output side (n_tty_output.c: echo, OPOST,
 * writing).  The design and the locking rules are in n_tty.c's comment.
 */
#ifndef _DRIVERS_TTY_N_TTY_H
#define _DRIVERS_TTY_N_TTY_H

#include <linux/types.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/bitmap.h>
#include <linux/tty.h>

#define N_TTY_BUF_SIZE	4096		/* Linux's: longest canonical line is 4095 */
#define N_TTY_BUF_MASK	(N_TTY_BUF_SIZE - 1)
#define ECHO_BUF_SIZE	4096
#define ECHO_BUF_MASK	(ECHO_BUF_SIZE - 1)

/* read_mark[] bits */
#define MARK_EOL	0x01		/* this byte ends a canonical line */
#define MARK_EOF	0x02		/* ... and is the EOF character: not returned */

/*
 * echo_buf holds bytes to echo; ECHO_OP_START introduces an operation:
 *   START START            a literal 0xff
 *   START SET_CANON_COL    remember the column where the input line began
 *   START ERASE_TAB n      back up over an erased tab; n = columns the
 *                          line had after the previous tab (0x80: there
 *                          was one, so canon_column does not count)
 *   START c (c < 0x20 or 0x7f)   echo the control character as ^X
 */
#define ECHO_OP_START		0xff
#define ECHO_OP_SET_CANON_COL	0x81
#define ECHO_OP_ERASE_TAB	0x82

struct n_tty_data {
	spinlock_t lock;
	struct mutex atomic_read_lock;
	struct mutex output_lock;

	/* Read side: ldata->lock. */
	unsigned int read_head, read_tail, canon_head;
	bool icanon;			/* ICANON, latched at set_termios */
	bool lnext;			/* the previous character was LNEXT */
	bool erasing;			/* inside an ECHOPRT \...\ run */
	bool no_room;			/* receive_buf stopped for lack of room */
	DECLARE_BITMAP(char_map, 256);	/* characters needing special handling */

	/* Echo ring: head under ldata->lock; tail under output_lock and ldata->lock. */
	unsigned int echo_head, echo_tail;

	/* Output: output_lock. */
	unsigned int column;		/* where the cursor is, for tabs */
	unsigned int canon_column;	/* where the current input line began */

	u8 read_buf[N_TTY_BUF_SIZE];
	u8 read_mark[N_TTY_BUF_SIZE];
	u8 echo_buf[ECHO_BUF_SIZE];
};

static inline unsigned int read_cnt(struct n_tty_data *ldata)
{
	return ldata->read_head - ldata->read_tail;
}

static inline bool is_utf8_continuation(u8 c)
{
	return (c & 0xc0) == 0x80;
}

static inline bool is_continuation(u8 c, struct tty_struct *tty)
{
	return I_IUTF8(tty) && is_utf8_continuation(c);
}

/* n_tty_output.c: the echo queue (ldata->lock held) ... */
void n_tty_add_echo(struct n_tty_data *ldata, const u8 *b, unsigned int n);
void n_tty_echo_char_raw(u8 c, struct n_tty_data *ldata);
void n_tty_echo_char(u8 c, struct tty_struct *tty);
void n_tty_echo_set_canon_col(struct n_tty_data *ldata);
void n_tty_echo_erase_tab(unsigned int num_chars, bool after_tab, struct n_tty_data *ldata);
void n_tty_finish_erasing(struct n_tty_data *ldata);
/* ... its consumer (takes output_lock), and write(). */
void n_tty_process_echoes(struct tty_struct *tty);
ssize_t n_tty_write(struct tty_struct *tty, struct file *file, const u8 *buf, size_t nr);

#endif /* _DRIVERS_TTY_N_TTY_H */
