/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Device interrupt handlers (kernel/irq/manage.c).
 *
 *   request_irq(irq, handler, flags, name, dev)   install and unmask
 *   free_irq(irq, dev)                            remove (waits for a running handler)
 *   disable_irq() / enable_irq()                  nesting mask / unmask
 *   disable_irq_nosync()                          mask, do not wait
 *   synchronize_irq()                             wait until no CPU runs the handlers
 *
 * IRQ numbers: 0-15 are the ISA IRQs, 16 and up the ACPI GSIs (see
 * <asm/io_apic.h>); the interrupt controller translates.  Handlers run
 * with interrupts disabled on one CPU at a time per IRQ, must not sleep,
 * and return IRQ_HANDLED when their device raised the interrupt (IRQ_NONE
 * otherwise - shared lines call every handler).  An IRQ that keeps
 * arriving with nobody handling it is disabled with a "nobody cared"
 * report.  Masked edge interrupts are lost, not replayed.
 *
 * disable_irq() and free_irq() wait for a running handler, so they must not
 * be called from that IRQ's own handler (use disable_irq_nosync()).
 */
#ifndef _LINUX_INTERRUPT_H
#define _LINUX_INTERRUPT_H

#include <linux/types.h>

enum irqreturn {
	IRQ_NONE = 0,		/* not my device */
	IRQ_HANDLED = 1,
};
typedef enum irqreturn irqreturn_t;

typedef irqreturn_t (*irq_handler_t)(int irq, void *dev_id);

/* request_irq() flags: the trigger (0 = the bus default) and sharing. */
#define IRQF_TRIGGER_NONE	0x00000000
#define IRQF_TRIGGER_RISING	0x00000001
#define IRQF_TRIGGER_FALLING	0x00000002
#define IRQF_TRIGGER_HIGH	0x00000004
#define IRQF_TRIGGER_LOW	0x00000008
#define IRQF_TRIGGER_MASK	0x0000000f
#define IRQF_SHARED		0x00000080	/* every user of the line must say so */

/* 0, or -EINVAL (no such IRQ / no handler), -EBUSY (taken, or flags clash), -ENOMEM, -ENOSPC (vectors). */
int request_irq(unsigned int irq, irq_handler_t handler, unsigned long flags,
		const char *name, void *dev_id);
/* Returns the name the handler was registered with, NULL if none matched. */
const char *free_irq(unsigned int irq, void *dev_id);
void disable_irq(unsigned int irq);
void disable_irq_nosync(unsigned int irq);
void enable_irq(unsigned int irq);
void synchronize_irq(unsigned int irq);

#endif /* _LINUX_INTERRUPT_H */
