/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * current: the task running on this CPU.
 *
 * Each CPU keeps a pointer to its running task in the per-CPU variable
 * current_task, rewritten by the context switch (__switch_to()).  Before
 * sched_init() the boot CPU's copy already points at the static init_task
 * (the per-CPU template is initialised that way); idle_thread_get() points
 * an AP's copy at its idle task before the AP starts, so current is valid
 * on every CPU from its first instruction in C.
 */
#ifndef _ASM_X86_CURRENT_H
#define _ASM_X86_CURRENT_H

#include <linux/compiler.h>
#include <asm/percpu.h>

struct task_struct;

DECLARE_PER_CPU(struct task_struct *, current_task);

static __always_inline struct task_struct *get_current(void)
{
	return this_cpu_read(current_task);
}

#define current get_current()

#endif /* _ASM_X86_CURRENT_H */
