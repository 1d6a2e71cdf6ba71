/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Interrupt, exception and system-call entry.
 *
 * Every IDT vector has a small stub that makes the stack look the same
 * (an error code slot, real or a dummy 0, then the vector number) and
 * jumps to the common path, which saves the general registers into a
 * struct pt_regs, switches GS to the kernel's per-CPU base when the CPU
 * came from user mode (swapgs), and calls
 *     exception_dispatch(regs, vector)   for vectors 0-31
 *     irq_dispatch(regs, vector)         for vectors 32-255
 * regs->orig_ax keeps the error code; the vector travels in %rsi.
 * Return is the mirror image, ending in iretq (with swapgs back when
 * returning to user mode, after irqentry_exit_to_user_mode() has run the
 * pending work: rescheduling and signal delivery).
 *
 * System calls arrive through entry_SYSCALL_64 (MSR_LSTAR): the CPU has
 * put the user rip in %rcx and rflags in %r11, cleared IF/TF/DF/AC
 * (MSR_SYSCALL_MASK) and switched to kernel CS, but left %rsp alone.  The
 * entry saves the user rsp in a per-CPU slot, loads the task's kernel
 * stack top (cpu_current_top_of_stack, kept in sync by __switch_to()) and
 * builds the same struct pt_regs an interrupt from user mode would
 * (orig_ax = syscall number), at the same place: the top of the kernel
 * stack, so task_pt_regs() finds it for both.  do_syscall_64() runs the
 * call and the exit work and says whether sysretq may be used; otherwise
 * (rt_sigreturn set rcx/r11 to values that differ from rip/rflags, a
 * non-canonical or last-page rip, TF/RF set) the return goes through
 * iretq, which restores every register exactly.
 *
 * Per-CPU slots are addressed as %gs:<offset>, the offsets being absolute
 * symbols the linker script computes (cpu_user_rsp - __per_cpu_start).
 *
 * NMI, double fault and machine check use IST stacks and can arrive
 * between the swapgs and the sysretq/iretq of a return to user mode,
 * with a kernel CS but the user GS base: their entry decides from the GS
 * base MSR instead of CS (paranoid_entry).
 */
#include <asm/ptrace.h>
#include <asm/segment.h>

/* Vectors whose exceptions push an error code (SDM vol. 3, table 6-1). */
#define HAS_ERRCODE(v) ((v) == 8 || ((v) >= 10 && (v) <= 14) || (v) == 17 || (v) == 21 || (v) == 29 || (v) == 30)

	.text

/*
 * struct pt_regs (the ptrace ABI's user_regs_struct) stores the general
 * registers from r15, at the lowest address, up to di, just below
 * orig_ax.  Saving pushes them in the reverse of that order; the
 * macros below name the part of the list each path needs.
 */
	.macro	PUSH_GPRS regs:vararg
	.irp	r, \regs
	pushq	%\r
	.endr
	.endm

	/* Unwind a full pt_regs save down to orig_ax, which stays. */
	.macro	RESTORE_REGS
	.irp	r, r15, r14, r13, r12, rbp, rbx, r11, r10, r9, r8, rax, rcx, rdx, rsi, rdi
	popq	%\r
	.endr
	.endm

/*
 * Stack on entry to common_entry:  [vector] [error code] [hw frame: ip cs
 * flags sp ss].  We keep the error code in the orig_ax slot and carry the
 * vector in a register.
 */
common_entry:
	/* Put %rdi where the vector was (the pt_regs di slot), vector in %rdi. */
	xchgq	%rdi, (%rsp)		/* rdi = vector, stack = old rdi */
	PUSH_GPRS rsi, rdx, rcx, rax, r8, r9, r10, r11, rbx, rbp, r12, r13, r14, r15
	/*
	 * The slots now are r15..rsi, then the old-rdi slot, then orig_ax.
	 * That is pt_regs with di where the vector was: exactly the layout.
	 */
	cld
	/* NMI, #DF, #MC (IST stacks) may hit the kernel with the user GS. */
	cmpq	$2, %rdi
	je	paranoid_entry
	cmpq	$8, %rdi
	je	paranoid_entry
	cmpq	$18, %rdi
	je	paranoid_entry
	testb	$3, PTREGS_CS(%rsp)
	jz	1f
	swapgs
1:	movq	%rsp, %rbx		/* callee-saved: pt_regs */
	movq	%rdi, %rsi		/* vector */
	movq	%rsp, %rdi		/* regs */
	/* A frame record so backtraces walk from the handler into the victim. */
	pushq	PTREGS_IP(%rbx)
	pushq	%rbp
	movq	%rsp, %rbp
	andq	$~15, %rsp
	cmpq	$32, %rsi
	jb	2f
	call	irq_dispatch
	jmp	3f
2:	call	exception_dispatch
3:	movq	%rbx, %rsp
	testb	$3, PTREGS_CS(%rsp)
	jz	restore_regs_and_iret
	cli
	movq	%rsp, %rdi
	call	irqentry_exit_to_user_mode	/* returns with interrupts off */
	jmp	swapgs_restore_regs_and_iret

/*
 * The IST vectors can arrive anywhere, including the few instructions of
 * a return to user mode after swapgs, where CS is still the kernel's but
 * GS is the user's: look at the GS base itself (the kernel's is a kernel
 * address; ARCH_SET_GS keeps user bases below TASK_SIZE_MAX), switch if
 * needed and switch back on the way out.  No exit-to-user work: the task
 * is not on its own stack here.
 */
paranoid_entry:
	xorl	%r12d, %r12d		/* callee-saved: 1 if we did swapgs */
	movl	$0xc0000101, %ecx	/* MSR_GS_BASE */
	rdmsr
	testl	%edx, %edx
	js	1f
	swapgs
	movl	$1, %r12d
1:	movq	%rsp, %rbx
	movq	%rdi, %rsi		/* vector */
	movq	%rsp, %rdi		/* regs */
	pushq	PTREGS_IP(%rbx)
	pushq	%rbp
	movq	%rsp, %rbp
	andq	$~15, %rsp
	call	exception_dispatch
	movq	%rbx, %rsp
	testl	%r12d, %r12d
	jz	restore_regs_and_iret
	jmp	swapgs_restore_regs_and_iret

/* Return to user mode through iretq: pt_regs at %rsp, interrupts off. */
swapgs_restore_regs_and_iret:
	swapgs
restore_regs_and_iret:
	RESTORE_REGS
	addq	$8, %rsp		/* orig_ax / error code */
	iretq

/*
 * The system call entry.  In: rax = number, args in rdi rsi rdx r10 r8
 * r9, rcx = user rip, r11 = user rflags.  Out: rax = result; rcx and r11
 * are clobbered (the ABI), everything else preserved.
 */
	.balign	16
	.globl	entry_SYSCALL_64
	.type	entry_SYSCALL_64, @function
entry_SYSCALL_64:
	swapgs
	movq	%rsp, %gs:__percpu_off_cpu_user_rsp
	movq	%gs:__percpu_off_cpu_current_top_of_stack, %rsp
	pushq	$__USER_DS			/* ss */
	pushq	%gs:__percpu_off_cpu_user_rsp	/* sp */
	pushq	%r11				/* flags */
	pushq	$__USER_CS			/* cs */
	pushq	%rcx				/* ip */
	pushq	%rax				/* orig_ax */
	PUSH_GPRS rdi, rsi, rdx, rcx
	pushq	$-38				/* ax = -ENOSYS */
	PUSH_GPRS r8, r9, r10, r11, rbx, rbp, r12, r13, r14, r15
	movq	%rsp, %rbx
	pushq	PTREGS_IP(%rbx)
	pushq	%rbp
	movq	%rsp, %rbp
	andq	$~15, %rsp
	movq	%rbx, %rdi
	call	do_syscall_64		/* returns with interrupts off */
	movq	%rbx, %rsp
	testl	%eax, %eax
	jz	swapgs_restore_regs_and_iret
	/* sysretq: rcx == ip and r11 == flags in pt_regs (checked in C). */
	RESTORE_REGS
	movq	PTREGS_SP - PTREGS_ORIG_AX(%rsp), %rsp
	swapgs
	sysretq
	.size	entry_SYSCALL_64, . - entry_SYSCALL_64

/*
 * A new user task's first return to user mode (fork, clone): its stack
 * was set up by copy_thread() with this as the frame's return address and
 * the child's pt_regs at the top.
 */
	.globl	ret_from_fork
	.type	ret_from_fork, @function
ret_from_fork:
	movq	%rax, %rdi		/* prev */
	call	schedule_tail
	movq	%rsp, %rdi
	addq	$8, %rdi		/* skip the pad: pt_regs */
	movq	%rdi, %rsp
	call	syscall_exit_to_user_mode	/* returns with interrupts off */
	jmp	swapgs_restore_regs_and_iret
	.size	ret_from_fork, . - ret_from_fork

/*
 * A kernel thread whose function returned 0 after kernel_execve() built
 * a user register frame (PID 1 starting /init): leave for user mode.
 * In: %rsp anywhere on the task's stack.
 */
	.globl	ret_from_kernel_execve
	.type	ret_from_kernel_execve, @function
ret_from_kernel_execve:
	movq	%gs:__percpu_off_cpu_current_top_of_stack, %rsp
	subq	$PTREGS_SIZE, %rsp
	movq	%rsp, %rdi
	call	syscall_exit_to_user_mode
	jmp	swapgs_restore_regs_and_iret
	.size	ret_from_kernel_execve, . - ret_from_kernel_execve

/* Stubs: 16 bytes apart so the IDT code can compute their addresses. */
	.balign	16
	.globl	irq_entry_stubs
irq_entry_stubs:
	vector = 0
	.rept	256
	.balign	16
	.if	HAS_ERRCODE(vector) == 0
	pushq	$0
	.endif
	pushq	$vector
	jmp	common_entry
	vector = vector + 1
	.endr
