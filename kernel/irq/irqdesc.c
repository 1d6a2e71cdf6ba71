// SPDX-License-Identifier: GPL-2.0-only
/*
 * IRQ descriptors and their statistics.
 *
 * A static table of NR_IRQS descriptors, one per IRQ number; a controller
 * claims its numbers at boot with irq_set_chip().  Counts are per CPU
 * (kstat_irqs, a per-CPU array bumped by generic_handle_irq() on the CPU
 * that took the interrupt), so counting costs no shared cache line.
 *
 * Interface: irq_to_desc(), irq_set_chip(), kstat_irqs_cpu(), kstat_irqs(),
 * for_each_irq_stat_row() (<linux/irq.h>).
 *
 * Locking: see <linux/irq.h>.  The statistics are read without locks.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/irq.h>
#include <linux/smp.h>
#include <linux/errno.h>
#include "internals.h"

static struct irq_desc irq_descs[NR_IRQS] = {
	[0 ... NR_IRQS - 1] = { .lock = __SPIN_LOCK_UNLOCKED(irq_desc.lock) },
};
DEFINE_PER_CPU(unsigned int[NR_IRQS], kstat_irqs_pcpu);

struct irq_desc *irq_to_desc(unsigned int irq)
{
	return irq < NR_IRQS ? &irq_descs[irq] : NULL;
}

int irq_set_chip(unsigned int irq, const struct irq_chip *chip, void *chip_data,
		 unsigned int default_type)
{
	struct irq_desc *desc = irq_to_desc(irq);
	unsigned long flags;
	bool busy;

	if (!desc)
		return -EINVAL;
	spin_lock_irqsave(&desc->lock, flags);
	/* A line with handlers keeps its chip: free them first. */
	busy = desc->action != NULL;
	if (!busy) {
		desc->chip = chip;
		desc->type = desc->default_type = default_type;
		desc->chip_data = chip_data;
		desc->started = false;
		desc->irq = irq;
	}
	spin_unlock_irqrestore(&desc->lock, flags);
	return busy ? -EBUSY : 0;
}

unsigned int kstat_irqs_cpu(unsigned int irq, int cpu)
{
	if (irq >= NR_IRQS || cpu < 0 || cpu >= NR_CPUS)
		return 0;
	return READ_ONCE(per_cpu(kstat_irqs_pcpu, cpu)[irq]);
}

unsigned long kstat_irqs(unsigned int irq)
{
	unsigned long sum = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		sum += kstat_irqs_cpu(irq, cpu);
	return sum;
}

/* Device rows: every IRQ that has (or had, and counted) a handler. */
static bool device_row(unsigned int irq, struct irq_stat_row *row)
{
	struct irq_desc *desc = irq_to_desc(irq);
	struct irqaction *a;
	unsigned long flags;
	size_t n = 0;
	int cpu;

	if (!desc->chip || (!desc->action && !kstat_irqs(irq)))
		return false;
	memset(row, 0, sizeof(*row));
	snprintf(row->name, sizeof(row->name), "%u", irq);
	for_each_possible_cpu(cpu)
		row->count[cpu] = kstat_irqs_cpu(irq, cpu);
	strscpy(row->chip, desc->chip->name, sizeof(row->chip));
	spin_lock_irqsave(&desc->lock, flags);
	if (desc->chip->irq_print)
		desc->chip->irq_print(desc, row->hwirq, sizeof(row->hwirq));
	for (a = desc->action; a; a = a->next)
		n += scnprintf(row->desc + n, sizeof(row->desc) - n, "%s%s",
			       a == desc->action ? "" : ", ", a->name);
	spin_unlock_irqrestore(&desc->lock, flags);
	return true;
}

void for_each_irq_stat_row(irq_stat_fn fn, void *arg)
{
	struct irq_stat_row row;

	for (unsigned int irq = 0; irq < NR_IRQS; irq++)
		if (device_row(irq, &row))
			fn(&row, arg);
	for (unsigned int i = 0; !arch_irq_stat_row(i, &row); i++)
		fn(&row, arg);
}
