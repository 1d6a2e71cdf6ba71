/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Interrupt vectors.  0-31 are CPU exceptions; device interrupts and IPIs
 * use 32-255 (the map is in <asm/irq_vectors.h>).  Handlers are per vector,
 * shared by all CPUs; each runs with interrupts off on the interrupted
 * CPU's current stack, and must EOI the local APIC itself (device vectors
 * get that from kernel/irq through the irq_chip).
 *
 * Interface: set_vector_handler(), alloc_vector(), assign_irq_vector()
 * (a vector that feeds an IRQ number into generic_handle_irq()), the
 * per-CPU counters in irq_stat, and init_IRQ() (include/linux/boot_hooks.h).
 */
#ifndef _ASM_X86_IRQ_H
#define _ASM_X86_IRQ_H

#include <asm/ptrace.h>
#include <asm/percpu.h>
#include <linux/types.h>

#define FIRST_EXTERNAL_VECTOR	0x20
#define NR_VECTORS		256

typedef void (*vector_handler_t)(struct pt_regs *regs, unsigned int vector);

/* Install handler for vector; returns -EBUSY if another one is there. */
int set_vector_handler(unsigned int vector, vector_handler_t handler);
/* A free device vector, or -ENOSPC. */
int alloc_vector(void);
/* Route a fresh device vector to IRQ irq; returns the vector or -ENOSPC. */
int assign_irq_vector(unsigned int irq);

/*
 * Per-CPU interrupt counters (the arch rows of /proc/interrupts).  Each
 * CPU bumps only its own, from its interrupt handlers (interrupts off), so
 * plain increments are safe; readers on other CPUs may see stale values.
 */
struct irq_cpustat {
	unsigned int apic_timer_irqs;		/* LOC: local timer */
	unsigned int irq_spurious_count;	/* SPU: spurious, or a vector with no handler */
	unsigned int irq_resched_count;		/* RES: rescheduling IPIs */
	unsigned int irq_call_count;		/* CAL: function-call IPIs */
	unsigned int irq_tlb_count;		/* TLB: TLB shootdowns received */
};
DECLARE_PER_CPU(struct irq_cpustat, irq_stat);
/* ERR: local APIC error interrupts, all CPUs together. */
extern atomic_t irq_err_count;

#endif /* _ASM_X86_IRQ_H */
