/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * TLB flushing (arch/x86/mm/tlb.c).  Kernel mappings are shared by every
 * CPU, so changing or removing one needs a shootdown: the range is flushed
 * here and, through the call-function IPI, on every other online CPU
 * before these functions return.  Kernel pages are global (CR4.PGE), so a
 * CR3 reload does not drop them: large flushes toggle CR4.PGE instead.
 *
 * Callable from any context, interrupts on or off (see the rules in
 * arch/x86/kernel/smp.c), but not while holding a lock that a CPU
 * spinning with interrupts off might be waiting for.
 */
#ifndef _ASM_X86_TLBFLUSH_H
#define _ASM_X86_TLBFLUSH_H

/* Flush [start, end) of kernel virtual addresses on all CPUs. */
void flush_tlb_kernel_range(unsigned long start, unsigned long end);
/* Flush every TLB entry, global ones included, on all CPUs. */
void flush_tlb_all(void);
/* The same, on this CPU only. */
void __flush_tlb_all(void);

#endif /* _ASM_X86_TLBFLUSH_H */
