/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Line disciplines: the layer between the tty core and the driver that
 * edits input and post-processes output.  Only N_TTY (n_tty.c) exists.
 *
 * read() and write() work on kernel buffers (the core copies to and from
 * user memory) and may sleep; receive_buf() runs in process context (the
 * flip-buffer worker, or TIOCSTI) and returns how many characters it took:
 * fewer than offered means its buffer is full, and the rest is offered
 * again after a reader made room (the discipline pushes the port).
 */
#ifndef _LINUX_TTY_LDISC_H
#define _LINUX_TTY_LDISC_H

#include <linux/types.h>

struct tty_struct;
struct file;
struct ktermios;
struct poll_table_struct;

struct tty_ldisc_ops {
	const char *name;
	int num;
	int (*open)(struct tty_struct *tty);
	void (*close)(struct tty_struct *tty);
	/* Drop buffered input (TCIFLUSH). */
	void (*flush_buffer)(struct tty_struct *tty);
	ssize_t (*read)(struct tty_struct *tty, struct file *file, u8 *buf, size_t nr);
	ssize_t (*write)(struct tty_struct *tty, struct file *file, const u8 *buf, size_t nr);
	/* Discipline ioctls (TIOCINQ ...); -ENOIOCTLCMD if not one. */
	int (*ioctl)(struct tty_struct *tty, unsigned int cmd, unsigned long arg);
	/* tty->termios changed; called with termios_rwsem held for writing. */
	void (*set_termios)(struct tty_struct *tty, const struct ktermios *old);
	/* Readiness for poll(): POLL* bits (once <linux/poll.h> exists). */
	unsigned int (*poll)(struct tty_struct *tty, struct file *file, struct poll_table_struct *wait);
	size_t (*receive_buf)(struct tty_struct *tty, const u8 *cp, const u8 *fp, size_t count);
	/* Bytes a read() would return now (FIONREAD). */
	unsigned int (*inq)(struct tty_struct *tty);
	/* The tty was hung up: wake everyone. */
	void (*hangup)(struct tty_struct *tty);
};

extern const struct tty_ldisc_ops n_tty_ops;

#endif /* _LINUX_TTY_LDISC_H */
