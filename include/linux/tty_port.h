/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * struct tty_port: the driver-side half of a terminal, which exists
 * whether or not the device is open.  It holds the flip buffer that the
 * driver's interrupt handler fills (tty_buffer.c) and the pointer to the
 * tty while the device is open.
 *
 *   tty_port_init(port)                      once, by the driver
 *   tty_port_link_device(port, driver, idx)  before tty_register_driver()
 *   tty_port_tty_get(port)                   the open tty or NULL
 *
 * Locking: port->lock (irq-safe) guards port->tty.  The flip buffer has
 * its own lock (see struct tty_bufhead).
 */
#ifndef _LINUX_TTY_PORT_H
#define _LINUX_TTY_PORT_H

#include <linux/types.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/workqueue.h>

struct tty_struct;
struct tty_driver;

/* Bytes of received input the flip buffer holds before dropping (overrun). */
#define TTY_FLIPBUF_SIZE	4096

/*
 * The flip buffer: a ring of received characters and their TTY_* flags.
 * The interrupt handler appends at head under lock; the worker
 * (flush_to_ldisc) hands [tail, head) to the line discipline under
 * flush_mutex and advances tail by what it took.  Indices run freely and
 * are taken modulo the size.
 */
struct tty_bufhead {
	spinlock_t lock;
	struct mutex flush_mutex;
	unsigned int head, tail;
	unsigned long dropped;		/* characters lost because the ring was full */
	struct work_struct work;
	u8 chars[TTY_FLIPBUF_SIZE];
	u8 flags[TTY_FLIPBUF_SIZE];
};

struct tty_port {
	spinlock_t lock;
	struct tty_struct *tty;		/* while open; port->lock */
	struct tty_bufhead buf;
	/*
	 * Optional, set before use: the flip-buffer worker handed characters
	 * on, so there is room again for whoever fills the buffer from
	 * process context (a pty's other side, which then may write on).
	 */
	void (*buf_drained)(struct tty_port *port);
};

void tty_port_init(struct tty_port *port);
void tty_port_link_device(struct tty_port *port, struct tty_driver *driver, unsigned int index);
struct tty_struct *tty_port_tty_get(struct tty_port *port);
void tty_port_tty_set(struct tty_port *port, struct tty_struct *tty);
/* Wake writers of the open tty, if any (driver's transmit path, any context). */
void tty_port_tty_wakeup(struct tty_port *port);

#endif /* _LINUX_TTY_PORT_H */
