// SPDX-License-Identifier: GPL-2.0-only
/*
 * The interrupt flow: generic_handle_irq() runs an IRQ's actions and ends
 * it at the controller, and notices IRQs that nobody handles.
 *
 * One flow serves edge and level inputs behind an IOAPIC: the local APIC
 * holds back further interrupts of the same and lower priority until the
 * EOI, and the EOI (after the handlers) also ends a level-triggered cycle
 * at the IOAPIC.  A disabled IRQ that still fires (already in flight when
 * it was masked) is just acknowledged.
 *
 * "nobody cared": of 100000 interrupts on an IRQ, if more than 99900 were
 * not claimed by any handler, the line is stuck (a device with no driver,
 * or wrong routing) and is disabled so the machine stays usable.
 *
 * Locking: see <linux/irq.h>.
 */
#include <linux/kernel.h>
#include <linux/irq.h>
#include <linux/smp.h>
#include <linux/printk.h>
#include "internals.h"

#define SPURIOUS_WINDOW		100000
#define SPURIOUS_LIMIT		99900

/* Called with desc->lock held after a run of the handlers. */
static void note_interrupt(struct irq_desc *desc, irqreturn_t ret)
{
	if (ret == IRQ_NONE)
		desc->irqs_unhandled++;
	if (++desc->irq_count < SPURIOUS_WINDOW)
		return;
	if (desc->irqs_unhandled > SPURIOUS_LIMIT) {
		pr_emerg("irq %u: nobody cared (%u of %u unhandled); disabling it\n", desc->irq,
			 desc->irqs_unhandled, desc->irq_count);
		desc->depth++;
		if (desc->chip->irq_mask)
			desc->chip->irq_mask(desc);
	}
	desc->irq_count = 0;
	desc->irqs_unhandled = 0;
}

void generic_handle_irq(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);
	irqreturn_t ret = IRQ_NONE;
	struct irqaction *a;

	if (!desc || !desc->chip)
		return;
	(*this_cpu_ptr(&kstat_irqs_pcpu))[irq]++;

	spin_lock(&desc->lock);
	if (!desc->action || desc->depth) {
		spin_unlock(&desc->lock);
		goto out_eoi;
	}
	desc->in_progress = true;
	spin_unlock(&desc->lock);

	for (a = desc->action; a; a = a->next)
		ret |= a->handler(irq, a->dev_id);

	spin_lock(&desc->lock);
	desc->in_progress = false;
	note_interrupt(desc, ret);
	spin_unlock(&desc->lock);
out_eoi:
	if (desc->chip->irq_eoi)
		desc->chip->irq_eoi(desc);
}
