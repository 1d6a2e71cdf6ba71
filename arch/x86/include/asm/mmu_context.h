/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Switching a CPU between address spaces (arch/x86/mm/tlb.c).
 *
 * Each CPU has exactly one loaded mm (its CR3): the mm of the user task
 * running there, or init_mm while a kernel thread or the idle task runs.
 * There is no lazy-TLB mode: switching to a kernel thread loads
 * init_top_pgt, so a CPU never keeps a dead task's page tables loaded and
 * mm_cpumask(mm) is exactly the set of CPUs running a task of mm (plus a
 * CPU in the middle of switching away).  Without PCID every CR3 load
 * flushes the non-global (user) TLB entries.
 *
 * Ordering with TLB shootdowns: switch_mm_irqs_off() sets next's cpumask
 * bit (a locked instruction, a full barrier) before loading CR3, and
 * clears prev's bit only after CR3 no longer points at prev.  A flusher
 * changes ptes, then (after a full barrier) reads mm_cpumask: either it
 * sees the bit and interrupts the CPU, or that CPU loads CR3 after the
 * change and so cannot hold a stale entry.
 */
#ifndef _ASM_X86_MMU_CONTEXT_H
#define _ASM_X86_MMU_CONTEXT_H

#include <linux/types.h>
#include <linux/percpu.h>

struct mm_struct;
struct task_struct;

/* The mm whose page tables this CPU has in CR3 (init_mm for none). */
DECLARE_PER_CPU(struct mm_struct *, cpu_loaded_mm);

/* Load next's page tables on this CPU (interrupts off). */
void switch_mm_irqs_off(struct mm_struct *prev, struct mm_struct *next, struct task_struct *tsk);
/* The same with interrupts disabled around it. */
void switch_mm(struct mm_struct *prev, struct mm_struct *next, struct task_struct *tsk);

/*
 * exec: current has just been given mm next (current->mm and
 * current->active_mm already point at it): load it.  prev is the mm it
 * ran on before (the old mm, or init_mm for a kernel thread).
 */
void activate_mm(struct mm_struct *prev, struct mm_struct *next);

/*
 * The scheduler's hook, called by __schedule() with interrupts off just
 * before the register switch: make this CPU run next's address space
 * (init_mm for kernel threads) and keep next->active_mm in step.
 */
void context_switch_mm(struct task_struct *prev, struct task_struct *next);

#endif /* _ASM_X86_MMU_CONTEXT_H */
