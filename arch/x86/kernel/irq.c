// SPDX-License-Identifier: GPL-2.0-only
/*
 * Vector-level interrupt dispatch: irq_dispatch() (called by entry_64.S
 * for vectors 32-255) runs the handler installed for the vector.  Device
 * vectors (assign_irq_vector()) feed the generic IRQ layer; the APIC
 * timer, IPI, error and spurious vectors have handlers of their own.  An
 * interrupt on a vector with no handler is counted (as spurious), EOI'd (so it cannot
 * block lower-priority vectors) and reported once per vector - it means a
 * device or the interrupt routing is misconfigured.
 *
 * Also here: init_IRQ() (the boot hook: 8259s masked, boot CPU's local
 * APIC, IOAPICs) and the architecture rows of /proc/interrupts.
 *
 * Locking: vector_lock guards installation; dispatch reads the table
 * without a lock (a handler is installed before its source is unmasked).
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/printk.h>
#include <linux/spinlock.h>
#include <linux/smp.h>
#include <linux/irq.h>
#include <linux/boot_hooks.h>
#include <linux/errno.h>
#include <asm/irq.h>
#include <asm/irq_vectors.h>
#include <asm/traps.h>
#include <asm/apic.h>
#include <asm/io_apic.h>
#include <asm/i8259.h>
#include <asm/smp.h>
#include <asm/atomic.h>

static vector_handler_t vector_handlers[NR_VECTORS];
static int vector_irq[NR_VECTORS];
static bool unexpected_reported[NR_VECTORS];
static DEFINE_SPINLOCK(vector_lock);

DEFINE_PER_CPU(struct irq_cpustat, irq_stat);
atomic_t irq_err_count;

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
	for (v = FIRST_DEVICE_VECTOR; v <= LAST_DEVICE_VECTOR; v++) {
		if (!vector_handlers[v]) {
			ret = v;
			break;
		}
	}
	spin_unlock_irqrestore(&vector_lock, flags);
	return ret;
}

static void device_vector_handler(struct pt_regs *regs, unsigned int vector)
{
	generic_handle_irq(READ_ONCE(vector_irq[vector]));
}

int assign_irq_vector(unsigned int irq)
{
	unsigned long flags;
	int ret = -ENOSPC;

	spin_lock_irqsave(&vector_lock, flags);
	for (int v = FIRST_DEVICE_VECTOR; v <= LAST_DEVICE_VECTOR; v++) {
		if (!vector_handlers[v]) {
			vector_irq[v] = irq;
			WRITE_ONCE(vector_handlers[v], device_vector_handler);
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
	this_cpu_inc(irq_stat.irq_spurious_count);
	/* The 8259 range never reaches the local APIC's ISR: no EOI there. */
	if (lapic_present && vector >= FIRST_DEVICE_VECTOR)
		apic_eoi();
	if (!READ_ONCE(unexpected_reported[vector])) {
		WRITE_ONCE(unexpected_reported[vector], true);
		pr_warn("irq: unexpected interrupt on vector %#lx (CPU %d)\n", vector,
			smp_processor_id());
	}
}

void __init init_IRQ(void)
{
	legacy_pic_mask_all();
	init_bsp_APIC();
	smp_intr_init();
	setup_IO_APIC();
}

/* ------------------------------------------------------------ statistics */

struct arch_stat {
	const char *name;
	const char *desc;
	size_t offset;		/* in struct irq_cpustat */
};

static const struct arch_stat arch_stats[] = {
	{ "LOC", "Local timer interrupts", offsetof(struct irq_cpustat, apic_timer_irqs) },
	{ "SPU", "Spurious interrupts", offsetof(struct irq_cpustat, irq_spurious_count) },
	{ "RES", "Rescheduling interrupts", offsetof(struct irq_cpustat, irq_resched_count) },
	{ "CAL", "Function call interrupts", offsetof(struct irq_cpustat, irq_call_count) },
	{ "TLB", "TLB shootdowns", offsetof(struct irq_cpustat, irq_tlb_count) },
};

int arch_irq_stat_row(unsigned int idx, struct irq_stat_row *row)
{
	int cpu;

	memset(row, 0, sizeof(*row));
	if (idx < ARRAY_SIZE(arch_stats)) {
		const struct arch_stat *s = &arch_stats[idx];

		strscpy(row->name, s->name, sizeof(row->name));
		strscpy(row->desc, s->desc, sizeof(row->desc));
		for_each_possible_cpu(cpu)
			row->count[cpu] = READ_ONCE(*(unsigned int *)((char *)&per_cpu(irq_stat, cpu) +
								     s->offset));
		return 0;
	}
	if (idx == ARRAY_SIZE(arch_stats)) {
		strscpy(row->name, "ERR", sizeof(row->name));
		row->total_only = true;
		row->count[0] = atomic_read(&irq_err_count);
		return 0;
	}
	return -ENOENT;
}
