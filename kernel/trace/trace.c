// SPDX-License-Identifier: GPL-2.0-only
/*
 * The trace ring: a small text ring buffer for trace events (not ftrace).
 * An event is formatted at the time it happens into a fixed-size slot
 * (TRACE_SLOT bytes) of one global ring, with the prefix of Linux's
 * trace file:
 *
 *   "       <comm>-<pid>     [cpu] <flags> <sec>.<usec>: <event>: <text>\n"
 *
 * When the ring is full the oldest record is overwritten.  Records carry
 * sequence numbers: [ring_first, ring_next) are present; ring_written
 * counts everything stored since the last reset (Linux's
 * "entries-written").  The ring is allocated on first use (an event
 * enabled, buffer_size_kb written) so an unused tracer costs no memory.
 *
 * Locking: ring_lock (irq-safe spinlock) guards every ring_* variable
 * and the slot contents; records are written and copied out under it,
 * so they may be stored from any context that may take such a lock.
 * ring_resize_mutex serialises resizes (allocation happens outside the
 * spinlock).  trace_wait is woken after each store.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/vmalloc.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/timekeeping.h>
#include <linux/wait.h>
#include "trace.h"

int tracing_on = 1;
DECLARE_WAIT_QUEUE_HEAD(trace_wait);

static DEFINE_SPINLOCK(ring_lock);
static DEFINE_MUTEX(ring_resize_mutex);
static char *ring_buf;			/* ring_slots * TRACE_SLOT bytes */
static unsigned long ring_slots;
static u64 ring_first, ring_next, ring_written;
static unsigned long ring_kb = TRACE_DEFAULT_KB;

struct trace_slot {
	u16 len;			/* of text, without the NUL */
	char text[TRACE_SLOT - sizeof(u16)];
};

static struct trace_slot *ring_slot(u64 seq)
{
	return (struct trace_slot *)(ring_buf + (seq % ring_slots) * TRACE_SLOT);
}

void trace_ring_printf(const char *event, const char *fmt, ...)
{
	struct task_struct *tsk = current;
	u64 ns = local_clock();
	unsigned long flags, usec;
	struct trace_slot *slot;
	char irqs = irqs_disabled() ? 'd' : '.';
	va_list args;
	int n;

	if (!READ_ONCE(tracing_on))
		return;
	usec = (unsigned long)((ns % 1000000000ULL) / 1000);
	spin_lock_irqsave(&ring_lock, flags);
	if (!ring_buf) {
		spin_unlock_irqrestore(&ring_lock, flags);
		return;
	}
	if (ring_next - ring_first == ring_slots)
		ring_first++;		/* full: the oldest record goes */
	slot = ring_slot(ring_next);
	n = scnprintf(slot->text, sizeof(slot->text), "%16.16s-%-7d [%03d] %c.... %5llu.%06lu: %s: ",
		      tsk->comm, tsk->pid, raw_smp_processor_id(), irqs, ns / 1000000000ULL, usec,
		      event);
	va_start(args, fmt);
	n += vscnprintf(slot->text + n, sizeof(slot->text) - n, fmt, args);
	va_end(args);
	/* Always end with a newline, even when the text was cut. */
	if (n >= (int)sizeof(slot->text) - 1)
		n = sizeof(slot->text) - 2;
	slot->text[n++] = '\n';
	slot->text[n] = '\0';
	slot->len = n;
	ring_next++;
	ring_written++;
	spin_unlock_irqrestore(&ring_lock, flags);
	if (waitqueue_active(&trace_wait))
		wake_up_interruptible(&trace_wait);
}

/* Install buf (kb KiB, zeroed) as an empty ring; returns the old buffer. */
static char *ring_install(char *buf, unsigned long kb)
{
	unsigned long flags;
	char *old;

	spin_lock_irqsave(&ring_lock, flags);
	old = ring_buf;
	ring_buf = buf;
	ring_slots = buf ? kb * 1024 / TRACE_SLOT : 0;
	ring_kb = kb;
	/* Readers' sequence numbers stay monotonic: the new ring starts empty at ring_next. */
	ring_first = ring_next;
	ring_written = 0;
	spin_unlock_irqrestore(&ring_lock, flags);
	return old;
}

int trace_ring_resize(unsigned long kb)
{
	char *buf;

	if (!kb || kb > TRACE_MAX_KB)
		return -EINVAL;
	/* At least two slots. */
	if (kb * 1024 < 2 * TRACE_SLOT)
		kb = DIV_ROUND_UP(2 * TRACE_SLOT, 1024);
	buf = vzalloc(kb * 1024);
	if (!buf)
		return -ENOMEM;
	mutex_lock(&ring_resize_mutex);
	vfree(ring_install(buf, kb));
	mutex_unlock(&ring_resize_mutex);
	return 0;
}

int trace_ring_prepare(void)
{
	int err = 0;

	if (READ_ONCE(ring_buf))
		return 0;
	mutex_lock(&ring_resize_mutex);
	if (!ring_buf) {
		char *buf = vzalloc(ring_kb * 1024);

		if (buf)
			ring_install(buf, ring_kb);
		else
			err = -ENOMEM;
	}
	mutex_unlock(&ring_resize_mutex);
	return err;
}

unsigned long trace_ring_size_kb(void)
{
	return READ_ONCE(ring_kb);
}

bool trace_ring_allocated(void)
{
	return READ_ONCE(ring_buf) != NULL;
}

void trace_ring_reset(void)
{
	unsigned long flags;

	spin_lock_irqsave(&ring_lock, flags);
	ring_first = ring_next;
	ring_written = 0;
	spin_unlock_irqrestore(&ring_lock, flags);
}

void trace_ring_bounds(u64 *first, u64 *next, u64 *written)
{
	unsigned long flags;

	spin_lock_irqsave(&ring_lock, flags);
	*first = ring_first;
	*next = ring_next;
	*written = ring_written;
	spin_unlock_irqrestore(&ring_lock, flags);
}

int trace_ring_copy(u64 seq, char *buf, size_t len, bool consume)
{
	struct trace_slot *slot;
	unsigned long flags;
	int n = -ENOENT;

	spin_lock_irqsave(&ring_lock, flags);
	if (ring_buf && seq >= ring_first && seq < ring_next) {
		slot = ring_slot(seq);
		n = min_t(size_t, slot->len, len - 1);
		memcpy(buf, slot->text, n);
		buf[n] = '\0';
		if (consume)
			ring_first = seq + 1;
	}
	spin_unlock_irqrestore(&ring_lock, flags);
	return n;
}

int trace_ring_pop(char *buf, size_t len)
{
	unsigned long flags;
	u64 first;
	int n;

	spin_lock_irqsave(&ring_lock, flags);
	first = ring_first;
	spin_unlock_irqrestore(&ring_lock, flags);
	/* A writer may overwrite first meanwhile: then take the new oldest. */
	while ((n = trace_ring_copy(first, buf, len, true)) == -ENOENT) {
		u64 next, written;

		trace_ring_bounds(&first, &next, &written);
		if (first == next)
			return -EAGAIN;
	}
	return n;
}
