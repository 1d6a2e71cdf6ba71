// SPDX-License-Identifier: GPL-2.0-only
/*
 * Flip buffers: received characters on their way from a driver's
 * interrupt handler to the line discipline.
 *
 * The handler stores characters and their error flags in the port's ring
 * (tty_insert_flip_char()) and pushes (tty_flip_buffer_push()), which
 * queues flush_to_ldisc() on the system workqueue; that hands the
 * characters to the line discipline in process context, where it may
 * sleep, take mutexes and send signals.  If the line discipline takes
 * fewer than offered (its buffer is full), the rest waits here until it
 * pushes again; a full ring drops new characters and counts them.
 *
 * Interface: <linux/tty_flip.h>.
 * Locking: bufhead->lock (irq-safe) guards head and tail; flush_mutex
 * makes flushes and discards exclusive (the workqueue already never runs
 * one work item twice at once).  A pty writes into its peer's flip
 * buffer from process context and never drops: it stores what fits and
 * waits for the port's buf_drained callback.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/workqueue.h>
#include <linux/tty.h>
#include <linux/tty_ldisc.h>
#include <linux/tty_port.h>
#include <linux/tty_flip.h>

int tty_insert_flip_char(struct tty_port *port, u8 ch, u8 flag)
{
	struct tty_bufhead *buf = &port->buf;
	unsigned long flags;
	int stored = 0;

	spin_lock_irqsave(&buf->lock, flags);
	if (buf->head - buf->tail < TTY_FLIPBUF_SIZE) {
		unsigned int i = buf->head % TTY_FLIPBUF_SIZE;

		buf->chars[i] = ch;
		buf->flags[i] = flag;
		buf->head++;
		stored = 1;
	} else {
		buf->dropped++;
	}
	spin_unlock_irqrestore(&buf->lock, flags);
	return stored;
}

/*
 * For a writer in process context (a pty) that must not lose data: what
 * does not fit stays with the caller, who waits for buf_drained.
 */
size_t tty_insert_flip_string(struct tty_port *port, const u8 *chars, size_t size)
{
	struct tty_bufhead *buf = &port->buf;
	unsigned long flags;
	size_t n;

	spin_lock_irqsave(&buf->lock, flags);
	n = min_t(size_t, size, TTY_FLIPBUF_SIZE - (buf->head - buf->tail));
	for (size_t i = 0; i < n; i++) {
		unsigned int at = buf->head++ % TTY_FLIPBUF_SIZE;

		buf->chars[at] = chars[i];
		buf->flags[at] = TTY_NORMAL;
	}
	spin_unlock_irqrestore(&buf->lock, flags);
	return n;
}

unsigned int tty_buffer_space_avail(struct tty_port *port)
{
	struct tty_bufhead *buf = &port->buf;

	return TTY_FLIPBUF_SIZE - (READ_ONCE(buf->head) - READ_ONCE(buf->tail));
}

void tty_flip_buffer_push(struct tty_port *port)
{
	queue_work(system_wq, &port->buf.work);
}

void tty_buffer_flush_work(struct tty_port *port)
{
	flush_work(&port->buf.work);
}

size_t tty_ldisc_receive_buf(struct tty_struct *tty, const u8 *cp, const u8 *fp, size_t count)
{
	return tty->ldisc->receive_buf(tty, cp, fp, count);
}

static void flush_to_ldisc(struct work_struct *work)
{
	struct tty_bufhead *buf = container_of(work, struct tty_bufhead, work);
	struct tty_port *port = container_of(buf, struct tty_port, buf);
	struct tty_struct *tty;

	size_t handed = 0;

	mutex_lock(&buf->flush_mutex);
	tty = tty_port_tty_get(port);
	for (;;) {
		unsigned long flags;
		unsigned int tail, n;
		size_t taken;

		spin_lock_irqsave(&buf->lock, flags);
		tail = buf->tail;
		n = buf->head - tail;
		/* Contiguous part only; the wrapped rest comes next round. */
		n = min(n, TTY_FLIPBUF_SIZE - tail % TTY_FLIPBUF_SIZE);
		spin_unlock_irqrestore(&buf->lock, flags);
		if (!n)
			break;
		if (!tty) {
			/* Nobody has the device open: input goes nowhere. */
			taken = n;
		} else {
			taken = tty_ldisc_receive_buf(tty, &buf->chars[tail % TTY_FLIPBUF_SIZE],
						      &buf->flags[tail % TTY_FLIPBUF_SIZE], n);
		}
		spin_lock_irqsave(&buf->lock, flags);
		buf->tail += taken;
		spin_unlock_irqrestore(&buf->lock, flags);
		handed += taken;
		if (taken < n)
			break;
	}
	mutex_unlock(&buf->flush_mutex);
	if (handed && port->buf_drained)
		port->buf_drained(port);
}

void tty_buffer_flush(struct tty_port *port)
{
	struct tty_bufhead *buf = &port->buf;
	unsigned long flags;

	mutex_lock(&buf->flush_mutex);
	spin_lock_irqsave(&buf->lock, flags);
	buf->tail = buf->head;
	spin_unlock_irqrestore(&buf->lock, flags);
	mutex_unlock(&buf->flush_mutex);
}

void tty_buffer_init(struct tty_port *port)
{
	struct tty_bufhead *buf = &port->buf;

	spin_lock_init(&buf->lock);
	mutex_init(&buf->flush_mutex);
	buf->head = buf->tail = 0;
	buf->dropped = 0;
	INIT_WORK(&buf->work, flush_to_ldisc);
}
