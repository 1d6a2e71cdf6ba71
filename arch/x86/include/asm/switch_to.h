/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The x86_64 context switch (arch/x86/kernel/process_64.c).
 *
 * A task that is not running keeps its callee-saved registers in a
 * struct inactive_task_frame on its own kernel stack; thread.sp points at
 * that frame.  __switch_to_asm(prev, next) pushes prev's frame, stores
 * rsp in prev->thread.sp, loads next->thread.sp, pops next's frame and
 * tail-calls __switch_to(), whose return lands at next's frame->ret_addr:
 * back inside __schedule() for a task that slept, or at
 * ret_from_kernel_thread for a new one.  __switch_to() returns prev (in
 * %rax), which the resumed side passes to finish_task_switch().
 *
 * The frame's bp/ret_addr pair is an ordinary frame record, so a
 * frame-pointer backtrace of a sleeping task starts at &frame->bp
 * (see sched_show_task()).
 *
 * Interrupts are off from before __switch_to_asm until the resumed task
 * releases its run-queue lock.
 */
#ifndef _ASM_X86_SWITCH_TO_H
#define _ASM_X86_SWITCH_TO_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <asm/page_types.h>

struct task_struct;

/*
 * Architecture state of a task that the scheduler saves and restores.
 * sp must stay the first member (the offset is hard-coded in the switch
 * assembly; process_64.c checks it at build time).  The user-mode part
 * (FS/GS bases, FPU area) is written only by the task itself (arch_prctl,
 * execve) or its creator before it first runs.
 */
struct thread_struct {
	unsigned long sp;	/* saved kernel rsp -> struct inactive_task_frame */
	unsigned long fsbase;	/* user FS base (TLS), loaded at each switch */
	unsigned long gsbase;	/* user GS base (MSR_KERNEL_GS_BASE in the kernel) */
	void *fpu;		/* FPU state area (asm/fpu.h), NULL for kernel threads */
	unsigned long cr2;	/* last user fault address, for the signal frame */
	unsigned long trap_nr;	/* ... its vector */
	unsigned long error_code; /* ... and error code */
};

/* What __switch_to_asm() leaves on the stack of a task it switched away from. */
struct inactive_task_frame {
	unsigned long r15;
	unsigned long r14;
	unsigned long r13;
	unsigned long r12;
	unsigned long bx;
	unsigned long bp;
	unsigned long ret_addr;
};

struct task_struct *__switch_to_asm(struct task_struct *prev, struct task_struct *next);
struct task_struct *__switch_to(struct task_struct *prev, struct task_struct *next);

/*
 * Prepare a new task's stack so that the first switch to it runs
 * fn(arg) through ret_from_kernel_thread (with interrupts enabled); when
 * fn returns, the task exits with fn's return value.
 */
void copy_thread_kernel(struct task_struct *p, int (*fn)(void *), void *arg);

/*
 * A user task's stack for fork/clone: the child returns to user mode with
 * a copy of the parent's registers, rax = 0, sp = new_sp if non-zero,
 * FS base = tls if CLONE_SETTLS (settls true).  Returns 0 or -ENOMEM.
 */
int copy_thread_user(struct task_struct *p, unsigned long new_sp, bool settls,
		     unsigned long tls);
/* Free the architecture state of a dead task (FPU area). */
void exit_thread(struct task_struct *p);
/* The user register frame at the top of p's kernel stack. */
#define task_pt_regs(p) \
	((struct pt_regs *)((unsigned long)(p)->stack + THREAD_SIZE) - 1)

/* Frame pointer of a sleeping task, for backtraces (0 if not sleeping). */
unsigned long thread_saved_bp(struct task_struct *p);

/* Move onto another stack and call fn(arg) there; never returns. */
void __noreturn call_on_stack_noreturn(unsigned long sp, void (*fn)(int), int arg);

#endif /* _ASM_X86_SWITCH_TO_H */
