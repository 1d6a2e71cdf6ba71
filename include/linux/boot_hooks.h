/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The subsystem entry points start_kernel() and kernel_init() call, in
 * order (init/main.c).  Each is implemented by its subsystem.
 */
#ifndef _LINUX_BOOT_HOOKS_H
#define _LINUX_BOOT_HOOKS_H

#include <linux/compiler.h>

void mm_core_init(void);	/* mm/: page allocator, slab, vmalloc */
void acpi_table_init(void);	/* arch: RSDP, MADT, FADT, MCFG, HPET tables */
void init_IRQ(void);		/* arch: PIC off, local APIC, IOAPIC */
void sched_init(void);		/* kernel/sched: run queues, boot CPU's idle task */
void time_init(void);		/* arch: TSC and LAPIC timer calibration, tick */
void rcu_init(void);		/* kernel/rcu */
void __noreturn rest_init(void);	/* kernel/sched: start kernel_init, idle */
void smp_init(void);		/* arch: bring up the other CPUs */
void workqueue_init(void);	/* kernel/workqueue.c: worker pools */

/* The first kernel thread (becomes PID 1); rest_init() starts it. */
int kernel_init(void *unused);

#endif /* _LINUX_BOOT_HOOKS_H */
