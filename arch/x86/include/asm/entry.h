/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * System-call entry and the return to user mode (arch/x86/entry/common.c,
 * arch/x86/kernel/signal.c).
 */
#ifndef _ASM_X86_ENTRY_H
#define _ASM_X86_ENTRY_H

#include <linux/types.h>
#include <asm/ptrace.h>
#include <asm/percpu.h>

/* Program the SYSCALL MSRs of this CPU (cpu_init()). */
void syscall_init(void);

/* Kept equal to this CPU's TSS.sp0 by __switch_to(); read by the entry. */
DECLARE_PER_CPU(unsigned long, cpu_current_top_of_stack);

bool do_syscall_64(struct pt_regs *regs);
void syscall_exit_to_user_mode(struct pt_regs *regs);
void irqentry_exit_to_user_mode(struct pt_regs *regs);

/* Deliver a pending signal or restart the interrupted call (signal.c). */
void arch_do_signal_or_restart(struct pt_regs *regs);

/* In a system call?  orig_ax is -1 for interrupts and exceptions. */
static inline long syscall_get_nr(const struct pt_regs *regs)
{
	return (long)regs->orig_ax;
}

/* Point current's user registers at a fresh program (execve). */
void start_thread(struct pt_regs *regs, unsigned long ip, unsigned long sp);

/* Entry points a new user task's kernel stack returns into. */
void ret_from_fork(void);
void ret_from_kernel_execve(void);

#endif /* _ASM_X86_ENTRY_H */
