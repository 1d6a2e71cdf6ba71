// SPDX-License-Identifier: GPL-2.0-only
/*
 * x86_64 task switching and new-thread setup (see asm/switch_to.h for
 * the frame layout and the protocol with the scheduler).
 *
 * Interface: __switch_to_asm() (from __schedule()), copy_thread_kernel()
 * (fork.c), thread_saved_bp() (backtraces of sleeping tasks),
 * call_on_stack_noreturn() (rest_init() leaving the boot stack).
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
	"	movslq	%eax, %rdi\n"
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
	this_cpu_write(current_task, next);
	this_cpu_tss()->sp0 = (unsigned long)next->stack + THREAD_SIZE;
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

unsigned long thread_saved_bp(struct task_struct *p)
{
	unsigned long sp = READ_ONCE(p->thread.sp), base = (unsigned long)p->stack;
	struct inactive_task_frame *frame = (struct inactive_task_frame *)sp;

	if (READ_ONCE(p->on_cpu) || sp < base || sp + sizeof(*frame) > base + THREAD_SIZE)
		return 0;
	return (unsigned long)&frame->bp;
}
