// SPDX-License-Identifier: GPL-2.0-only
/*
 * x86_64 task switching and new-thread setup (see asm/switch_to.h for
 * the frame layout and the protocol with the scheduler).
 *
 * Interface: __switch_to_asm() (from __schedule()), copy_thread_kernel()
 * and copy_thread_user() (fork.c), start_thread() (execve), exit_thread(),
 * thread_saved_bp() (backtraces of sleeping tasks), call_on_stack_noreturn()
 * (rest_init() leaving the boot stack), and arch_prctl(2).
 *
 * Per switch, besides the stacks: this CPU's TSS.sp0 and the syscall
 * entry's copy of it (cpu_current_top_of_stack), the user FS base and the
 * inactive GS base (MSR_KERNEL_GS_BASE holds the user GS base while in the
 * kernel), and the FPU registers (asm/fpu.h).
 *
 * A new kernel thread's stack, from the top:
 *
 *	struct pt_regs			reserved: user-mode entry frame later
 *	pad				keeps ret_from_kernel_thread's calls 16-byte aligned
 *	struct inactive_task_frame	bx = fn, r12 = arg, bp = 0 (ends backtraces),
 *					ret_addr = ret_from_kernel_thread  <- thread.sp
 *
 * The first switch to it pops the frame and "returns" from __switch_to()
 * into ret_from_kernel_thread, which finishes the switch (run-queue
 * unlock, interrupts on), calls fn(arg) and exits with its return value.
 */
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <asm/switch_to.h>
#include <asm/current.h>
#include <asm/desc.h>
#include <asm/ptrace.h>
#include <asm/fpu.h>
#include <asm/entry.h>
#include <asm/processor.h>
#include <asm/msr-index.h>
#include <asm/segment.h>
#include <asm/uaccess.h>
#include <linux/errno.h>
#include <linux/syscalls.h>
#include <uapi/asm/prctl.h>

BUILD_BUG_ON(offsetof(struct task_struct, thread.sp) != 0);

struct fork_frame {
	struct inactive_task_frame frame;
	unsigned long pad;
};

/* Stack layout above: thread.sp must end up 8 mod 16, like a call's return slot. */
BUILD_BUG_ON((sizeof(struct pt_regs) + sizeof(struct fork_frame)) % 16 != 8);

void ret_from_kernel_thread(void);
void schedule_tail(struct task_struct *prev);

__asm__(
	"	.text\n"
	"	.globl	__switch_to_asm\n"
	"	.type	__switch_to_asm, @function\n"
	"__switch_to_asm:\n"
	/* Push prev's callee-saved registers: a struct inactive_task_frame. */
	"	pushq	%rbp\n"
	"	pushq	%rbx\n"
	"	pushq	%r12\n"
	"	pushq	%r13\n"
	"	pushq	%r14\n"
	"	pushq	%r15\n"
	"	movq	%rsp, 0(%rdi)\n"	/* prev->thread.sp */
	"	movq	0(%rsi), %rsp\n"	/* next->thread.sp */
	"	popq	%r15\n"
	"	popq	%r14\n"
	"	popq	%r13\n"
	"	popq	%r12\n"
	"	popq	%rbx\n"
	"	popq	%rbp\n"
	/* __switch_to() returns prev in %rax, to next's frame->ret_addr. */
	"	jmp	__switch_to\n"
	"	.size	__switch_to_asm, . - __switch_to_asm\n"

	"	.globl	ret_from_kernel_thread\n"
	"	.type	ret_from_kernel_thread, @function\n"
	"ret_from_kernel_thread:\n"
	"	movq	%rax, %rdi\n"		/* prev */
	"	call	schedule_tail\n"
	"	movq	%r12, %rdi\n"
	"	call	*%rbx\n"
	/* Returned 0 after kernel_execve() built a user frame: go there. */
	"	testl	%eax, %eax\n"
	"	jnz	1f\n"
	"	movq	%gs:__percpu_off_cpu_current_top_of_stack, %rcx\n"
	"	testb	$3, -" __stringify(PTREGS_SIZE) "+" __stringify(PTREGS_CS) "(%rcx)\n"
	"	jnz	ret_from_kernel_execve\n"
	"1:	movslq	%eax, %rdi\n"
	"	call	do_exit\n"
	"	ud2\n"
	"	.size	ret_from_kernel_thread, . - ret_from_kernel_thread\n"

	"	.globl	call_on_stack_noreturn\n"
	"	.type	call_on_stack_noreturn, @function\n"
	"call_on_stack_noreturn:\n"
	"	movq	%rdi, %rsp\n"
	"	xorl	%ebp, %ebp\n"
	"	movl	%edx, %edi\n"
	"	call	*%rsi\n"
	"	ud2\n"
	"	.size	call_on_stack_noreturn, . - call_on_stack_noreturn\n"
);

/* Second half of the switch, on next's stack with interrupts off. */
__attribute__((used)) struct task_struct *__switch_to(struct task_struct *prev,
						     struct task_struct *next)
{
	unsigned long top = (unsigned long)next->stack + THREAD_SIZE;

	this_cpu_write(current_task, next);
	this_cpu_tss()->sp0 = top;
	this_cpu_write(cpu_current_top_of_stack, top);
	/* Only user tasks (those with an FPU area) own FS/GS bases. */
	if (prev->thread.fpu)
		prev->thread.gsbase = rdmsr(MSR_KERNEL_GS_BASE);
	if (next->thread.fpu) {
		wrmsr(MSR_FS_BASE, next->thread.fsbase);
		wrmsr(MSR_KERNEL_GS_BASE, next->thread.gsbase);
	}
	fpu_switch(prev, next);
	return prev;
}

void copy_thread_kernel(struct task_struct *p, int (*fn)(void *), void *arg)
{
	struct pt_regs *regs = (struct pt_regs *)((unsigned long)p->stack + THREAD_SIZE) - 1;
	struct fork_frame *ff = (struct fork_frame *)regs - 1;

	memset(regs, 0, sizeof(*regs));
	memset(ff, 0, sizeof(*ff));
	ff->frame.bx = (unsigned long)fn;
	ff->frame.r12 = (unsigned long)arg;
	ff->frame.bp = 0;
	ff->frame.ret_addr = (unsigned long)ret_from_kernel_thread;
	p->thread.sp = (unsigned long)&ff->frame;
}

/* A child of fork/clone: same user registers as the parent, rax = 0. */
int copy_thread_user(struct task_struct *p, unsigned long new_sp, bool settls,
		     unsigned long tls)
{
	struct pt_regs *regs = task_pt_regs(p);
	struct fork_frame *ff = (struct fork_frame *)regs - 1;

	*regs = *task_pt_regs(current);
	regs->ax = 0;
	if (new_sp)
		regs->sp = new_sp;
	memset(ff, 0, sizeof(*ff));
	ff->frame.ret_addr = (unsigned long)ret_from_fork;
	p->thread.sp = (unsigned long)&ff->frame;

	p->thread.fsbase = current->thread.fsbase;
	p->thread.gsbase = rdmsr(MSR_KERNEL_GS_BASE);
	if (settls)
		p->thread.fsbase = tls;
	return fpu_fork(p);
}

void exit_thread(struct task_struct *p)
{
	fpu_free(p);
}

/*
 * execve: a clean frame that enters the new program at ip with stack sp,
 * interrupts on, all other registers zero; no TLS yet.
 */
void start_thread(struct pt_regs *regs, unsigned long ip, unsigned long sp)
{
	memset(regs, 0, sizeof(*regs));
	regs->ip = ip;
	regs->sp = sp;
	regs->cs = __USER_CS;
	regs->ss = __USER_DS;
	regs->flags = X86_EFLAGS_IF | X86_EFLAGS_FIXED;
	regs->orig_ax = -1;
	current->thread.fsbase = 0;
	current->thread.gsbase = 0;
	wrmsr(MSR_FS_BASE, 0);
	wrmsr(MSR_KERNEL_GS_BASE, 0);
}

/* ------------------------------------------------------------ arch_prctl */

SYSCALL_DEFINE2(arch_prctl, int, option, unsigned long, arg2)
{
	struct task_struct *tsk = current;
	unsigned long base;

	switch (option) {
	case ARCH_SET_FS:
	case ARCH_SET_GS:
		if (arg2 >= TASK_SIZE_MAX)
			return -EPERM;
		if (option == ARCH_SET_FS) {
			tsk->thread.fsbase = arg2;
			wrmsr(MSR_FS_BASE, arg2);
		} else {
			tsk->thread.gsbase = arg2;
			wrmsr(MSR_KERNEL_GS_BASE, arg2);
		}
		return 0;
	case ARCH_GET_FS:
		base = rdmsr(MSR_FS_BASE);
		return put_user(base, (unsigned long *)arg2);
	case ARCH_GET_GS:
		base = rdmsr(MSR_KERNEL_GS_BASE);
		return put_user(base, (unsigned long *)arg2);
	default:
		return -EINVAL;
	}
}

unsigned long thread_saved_bp(struct task_struct *p)
{
	unsigned long sp = READ_ONCE(p->thread.sp), base = (unsigned long)p->stack;
	struct inactive_task_frame *frame = (struct inactive_task_frame *)sp;

	if (READ_ONCE(p->on_cpu) || sp < base || sp + sizeof(*frame) > base + THREAD_SIZE)
		return 0;
	return (unsigned long)&frame->bp;
}
