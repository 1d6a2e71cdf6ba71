/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Passing received characters from a driver to the line discipline
 * (drivers/tty/tty_buffer.c).  From the interrupt handler:
 *
 *   tty_insert_flip_char(port, ch, TTY_NORMAL);   ... for each character
 *   tty_flip_buffer_push(port);                   once per interrupt
 *
 * The push queues a worker that feeds the line discipline in process
 * context.  When the line discipline's buffer is full (a reader is slow),
 * input waits in the flip buffer; what does not fit there is dropped.
 */
#ifndef _LINUX_TTY_FLIP_H
#define _LINUX_TTY_FLIP_H

#include <linux/types.h>

struct tty_port;
struct tty_struct;

/* Returns 1 if stored, 0 if the buffer was full. */
int tty_insert_flip_char(struct tty_port *port, u8 ch, u8 flag);
void tty_flip_buffer_push(struct tty_port *port);
/* Store up to size characters (TTY_NORMAL); returns how many fitted.  Nothing is dropped. */
size_t tty_insert_flip_string(struct tty_port *port, const u8 *chars, size_t size);
/* Characters the flip buffer can still take. */
unsigned int tty_buffer_space_avail(struct tty_port *port);
/* Hand what is queued to the line discipline now and wait until that is done. */
void tty_buffer_flush_work(struct tty_port *port);
/* Discard input not yet given to the line discipline. */
void tty_buffer_flush(struct tty_port *port);
void tty_buffer_init(struct tty_port *port);
/* Feed [cp, cp + count) with flags fp (NULL: all TTY_NORMAL) to tty's ldisc. */
size_t tty_ldisc_receive_buf(struct tty_struct *tty, const u8 *cp, const u8 *fp, size_t count);

#endif /* _LINUX_TTY_FLIP_H */
