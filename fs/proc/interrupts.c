// SPDX-License-Identifier: GPL-2.0-only
/*
 * /proc/interrupts in Linux's layout: a "CPUn" header for the online
 * CPUs, then one row per device IRQ with a handler and per architecture
 * counter (LOC, RES, CAL, TLB, ...), from kernel/irq's
 * for_each_irq_stat_row().
 */
#include <linux/kernel.h>
#include <linux/cpumask.h>
#include <linux/irq.h>
#include <linux/seq_file.h>
#include <linux/proc_fs.h>
#include "internal.h"

/* Width of the IRQ-number column (Linux: 3 digits for fewer than 1000 IRQs). */
#define IRQ_PREC	3

static void show_irq_row(const struct irq_stat_row *row, void *arg)
{
	struct seq_file *m = arg;
	unsigned int cpu;

	if (row->total_only) {
		seq_printf(m, "%*s: %10lu\n", IRQ_PREC, row->name, row->count[0]);
		return;
	}
	seq_printf(m, "%*s: ", IRQ_PREC, row->name);
	for_each_online_cpu(cpu)
		seq_printf(m, "%10lu ", row->count[cpu]);
	if (row->chip[0])
		seq_printf(m, " %8s  %-8s", row->chip, row->hwirq);
	if (row->desc[0])
		seq_printf(m, "  %s", row->desc);
	seq_putc(m, '\n');
}

static int interrupts_proc_show(struct seq_file *m, void *v)
{
	unsigned int cpu;

	seq_printf(m, "%*s", IRQ_PREC + 8, "");
	for_each_online_cpu(cpu)
		seq_printf(m, "CPU%-8u", cpu);
	seq_putc(m, '\n');
	for_each_irq_stat_row(show_irq_row, m);
	return 0;
}

void __init proc_interrupts_init(void)
{
	proc_create_single("interrupts", 0, NULL, interrupts_proc_show);
}
