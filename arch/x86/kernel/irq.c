// SPDX-License-Identifier: GPL-2.0-only
/*
 * Vector-level interrupt dispatch: irq_dispatch() (called by entry_64.S
 * for vectors 32-255) runs the handler installed for the vector.  An
 * interrupt on a vector with no handler is counted and reported once per
 * vector - it means a device or the interrupt routing is misconfigured.
 *
 * Locking: vector_lock guards installation; dispatch reads the table
 * without a lock (a handler is installed before its source is unmasked).
 */
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/spinlock.h>
#include <linux/smp.h>
#include <linux/errno.h>
#include <asm/irq.h>
#include <asm/traps.h>

static vector_handler_t vector_handlers[NR_VECTORS];
static unsigned long spurious_count[NR_VECTORS];
static DEFINE_SPINLOCK(vector_lock);

int set_vector_handler(unsigned int vector, vector_handler_t handler)
{
	unsigned long flags;
	int ret = 0;

	if (vector < FIRST_EXTERNAL_VECTOR || vector >= NR_VECTORS)
		return -EINVAL;
	spin_lock_irqsave(&vector_lock, flags);
	if (vector_handlers[vector] && handler)
		ret = -EBUSY;
	else
		WRITE_ONCE(vector_handlers[vector], handler);
	spin_unlock_irqrestore(&vector_lock, flags);
	return ret;
}

/* Device vectors are handed out from 0x30 up; 0xe0-0xff are for IPIs/timer. */
int alloc_vector(void)
{
	unsigned long flags;
	int v, ret = -ENOSPC;

	spin_lock_irqsave(&vector_lock, flags);
	for (v = 0x30; v < 0xe0; v++) {
		if (!vector_handlers[v]) {
			ret = v;
			break;
		}
	}
	spin_unlock_irqrestore(&vector_lock, flags);
	return ret;
}

void irq_dispatch(struct pt_regs *regs, unsigned long vector)
{
	vector_handler_t h = READ_ONCE(vector_handlers[vector]);

	if (h) {
		h(regs, vector);
		return;
	}
	if (!spurious_count[vector]++)
		pr_warn("irq: unexpected interrupt on vector %#lx (CPU %d)\n", vector,
			smp_processor_id());
}
