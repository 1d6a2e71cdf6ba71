/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ptrace(2) inside the kernel (kernel/ptrace.c, the stops in
 * kernel/signal.c, the registers in arch/x86/kernel/ptrace.c).
 *
 * A traced task has task->ptrace != 0, sits on its tracer's ptraced list
 * and has task->parent pointing at the tracer (real_parent is unchanged).
 * It stops - TASK_TRACED with JOBCTL_TRACED set - at the points below and
 * wait() in the tracer reports (ptrace_code << 8) | 0x7f; a resuming
 * request clears JOBCTL_TRACED and wakes it with a signal to deliver.
 *
 * Hooks the rest of the kernel calls:
 *   ptrace_report_syscall_entry/exit()  the syscall path (TIF_SYSCALL_TRACE)
 *   ptrace_event()                      fork/vfork/clone, exec, exit
 *   ptrace_clone_event(), ptrace_init_child()  copy_process()
 *   exit_ptrace()                       a tracer's exit (tasklist_lock held)
 *   __ptrace_unlink()                   detach (tasklist_lock held)
 *   ptrace_may_access()                 may current inspect task?
 */
#ifndef _LINUX_PTRACE_H
#define _LINUX_PTRACE_H

#include <linux/sched.h>
#include <linux/list.h>
#include <uapi/linux/ptrace.h>

struct pt_regs;

/* task->ptrace: the PTRACE_O_* options in the low bits, and these. */
#define PT_PTRACED	0x40000000	/* traced */
#define PT_SEIZED	0x20000000	/* ... by PTRACE_SEIZE */

/* Stop codes: what wait() reports as WSTOPSIG and status >> 16. */
static inline int ptrace_event_code(int event)
{
	return (event << 8) | SIGTRAP;
}

bool ptrace_may_access(struct task_struct *task);

/* Stop current for its tracer; returns the signal the tracer resumed us with. */
int ptrace_stop(int code, int syscall_op, kernel_siginfo_t *info);
/* The same for a non-signal stop: GETSIGINFO shows SIGTRAP, si_code = code. */
int ptrace_notify(int code, int syscall_op);
/* Resume t with signal data; retrap: stop again with PTRACE_EVENT_STOP (siglock held). */
void ptrace_wake(struct task_struct *t, int data, bool retrap);

/* Syscall path: returns the (maybe changed) number, -1 to skip the call. */
long ptrace_report_syscall_entry(struct pt_regs *regs);
void ptrace_report_syscall_exit(struct pt_regs *regs);

/* A PTRACE_EVENT_* stop if the tracer asked for it (and exec's legacy SIGTRAP). */
void ptrace_event(int event, unsigned long message);

/* copy_process(): which event a clone reports (0: none), and attaching the child. */
int ptrace_clone_event(u64 clone_flags, int exit_signal);
void ptrace_init_child(struct task_struct *child, bool traced);

/* tasklist_lock held. */
void __ptrace_unlink(struct task_struct *child);
void exit_ptrace(struct task_struct *tracer, struct list_head *dead);

/* The architecture's part (arch/x86/kernel/ptrace.c). */
long arch_ptrace(struct task_struct *child, long request, unsigned long addr,
		 unsigned long data);
long ptrace_request(struct task_struct *child, long request, unsigned long addr,
		    unsigned long data);
void user_enable_single_step(struct task_struct *child);
void user_disable_single_step(struct task_struct *child);
/* Fill the register part of a PTRACE_GET_SYSCALL_INFO record. */
void ptrace_syscall_info_regs(struct task_struct *child, struct ptrace_syscall_info *info);

#endif /* _LINUX_PTRACE_H */
