/* SPDX-License-Identifier: GPL-2.0-only */
/* Shared between the files of kernel/irq/ only. */
#ifndef _KERNEL_IRQ_INTERNALS_H
#define _KERNEL_IRQ_INTERNALS_H

#include <linux/percpu.h>
#include <linux/irq.h>

/* Interrupts of each IRQ taken by each CPU (bumped with interrupts off). */
DECLARE_PER_CPU(unsigned int[NR_IRQS], kstat_irqs_pcpu);

#endif /* _KERNEL_IRQ_INTERNALS_H */
