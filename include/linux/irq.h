/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The generic IRQ layer between interrupt controllers and drivers
 * (kernel/irq/).  Each IRQ number has an irq_desc; the controller that
 * routes it (the IOAPIC) attaches an irq_chip with irq_set_chip(); the
 * architecture's vector handler calls generic_handle_irq(irq), which runs
 * the drivers' actions and EOIs through the chip.
 *
 * Per-IRQ per-CPU counts feed /proc/interrupts: for_each_irq_stat_row()
 * produces its rows (device IRQs with handlers, then the architecture's
 * counters such as LOC and RES through arch_irq_stat_row()).
 *
 * Locking: desc->lock (irqsave) guards the descriptor's state and its
 * action list; the interrupt path walks the action list without the lock
 * while desc->in_progress is set, and free_irq() waits for in_progress to
 * clear before it reuses an action.  Chip callbacks are called with
 * desc->lock held (except irq_eoi), and may take the controller's lock.
 */
#ifndef _LINUX_IRQ_H
#define _LINUX_IRQ_H

#include <linux/types.h>
#include <linux/spinlock.h>
#include <linux/cpumask.h>
#include <linux/interrupt.h>

#define NR_IRQS			256

#define IRQ_TYPE_NONE		0x0
#define IRQ_TYPE_EDGE_RISING	0x1
#define IRQ_TYPE_EDGE_FALLING	0x2
#define IRQ_TYPE_LEVEL_HIGH	0x4
#define IRQ_TYPE_LEVEL_LOW	0x8
#define IRQ_TYPE_SENSE_MASK	0xf
#define IRQ_TYPE_LEVEL_MASK	(IRQ_TYPE_LEVEL_HIGH | IRQ_TYPE_LEVEL_LOW)

struct irq_desc;

struct irq_chip {
	const char *name;				/* "IO-APIC" in /proc/interrupts */
	int (*irq_startup)(struct irq_desc *desc);	/* route it (still masked) */
	void (*irq_mask)(struct irq_desc *desc);
	void (*irq_unmask)(struct irq_desc *desc);
	void (*irq_eoi)(struct irq_desc *desc);		/* after the handlers ran */
	int (*irq_set_type)(struct irq_desc *desc, unsigned int type);
	/* "2-edge": the controller's name for the input (/proc/interrupts) */
	void (*irq_print)(struct irq_desc *desc, char *buf, size_t len);
};

struct irqaction {
	irq_handler_t handler;
	void *dev_id;
	const char *name;
	unsigned long flags;		/* IRQF_* */
	struct irqaction *next;		/* written under desc->lock */
};

struct irq_desc {
	spinlock_t lock;
	unsigned int irq;
	const struct irq_chip *chip;	/* NULL: nothing routes this number */
	void *chip_data;
	unsigned int type;		/* IRQ_TYPE_* programmed into the controller */
	unsigned int default_type;	/* the bus convention / firmware override */
	struct irqaction *action;
	unsigned int depth;		/* disable_irq() nesting; > 0 = masked */
	bool started;			/* routed by irq_startup() */
	bool in_progress;		/* a CPU is running the actions */
	unsigned int irq_count;		/* for the "nobody cared" check */
	unsigned int irqs_unhandled;
};

struct irq_desc *irq_to_desc(unsigned int irq);
/* Attach a controller (boot time); default_type is used when drivers pass none. */
int irq_set_chip(unsigned int irq, const struct irq_chip *chip, void *chip_data,
		 unsigned int default_type);
/* From the architecture's vector handler, interrupts off. */
void generic_handle_irq(unsigned int irq);

/* Interrupts of irq handled on cpu / on all CPUs since boot. */
unsigned int kstat_irqs_cpu(unsigned int irq, int cpu);
unsigned long kstat_irqs(unsigned int irq);

/* One row of /proc/interrupts. */
struct irq_stat_row {
	char name[8];			/* "9", "LOC" (printed right-aligned, then ':') */
	bool total_only;		/* ERR/MIS style: count[0] is a single total */
	unsigned long count[NR_CPUS];	/* indexed by CPU; possible CPUs only */
	char chip[16];			/* "IO-APIC", empty for arch rows */
	char hwirq[24];			/* "2-edge" */
	char desc[80];			/* "timer, foo" or "Local timer interrupts" */
};

typedef void (*irq_stat_fn)(const struct irq_stat_row *row, void *arg);
/* Calls fn once per row, device IRQs (with handlers) first. */
void for_each_irq_stat_row(irq_stat_fn fn, void *arg);
/* Architecture rows: fills row idx and returns 0, or returns -ENOENT past the end. */
int arch_irq_stat_row(unsigned int idx, struct irq_stat_row *row);

#endif /* _LINUX_IRQ_H */
