/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * x86 SMP internals: IPI vectors (arch/x86/kernel/smp.c) and secondary
 * CPU bring-up (arch/x86/kernel/smpboot.c).  The portable interface is
 * <linux/smp.h>; the bring-up contract with the scheduler is <linux/cpu.h>.
 */
#ifndef _ASM_X86_SMP_H
#define _ASM_X86_SMP_H

#include <linux/types.h>
#include <linux/compiler.h>

/* Install the call-function and reschedule IPI handlers (init_IRQ()). */
void smp_intr_init(void);

/* Where the AP trampoline goes: a page below 1 MiB (smpboot.c). */
#define TRAMPOLINE_DEFAULT_PHYS	0x8000

/* The 64-bit C entry of a secondary CPU, called by the trampoline. */
void __noreturn start_secondary(int cpu);

#endif /* _ASM_X86_SMP_H */
