/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Interrupt and exception entry.
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
 * returning to user mode).
 */
#include <asm/ptrace.h>
#include <asm/segment.h>

/* Vectors whose exceptions push an error code (SDM vol. 3, table 6-1). */
#define HAS_ERRCODE(v) ((v) == 8 || ((v) >= 10 && (v) <= 14) || (v) == 17 || (v) == 21 || (v) == 29 || (v) == 30)

	.text

	.macro	RESTORE_REGS
	popq	%r15
	popq	%r14
	popq	%r13
	popq	%r12
	popq	%rbp
	popq	%rbx
	popq	%r11
	popq	%r10
	popq	%r9
	popq	%r8
	popq	%rax
	popq	%rcx
	popq	%rdx
	popq	%rsi
	popq	%rdi
	.endm

/*
 * Stack on entry to common_entry:  [vector] [error code] [hw frame: ip cs
 * flags sp ss].  We keep the error code in the orig_ax slot and carry the
 * vector in a register.
 */
common_entry:
	/* Put %rdi where the vector was (the pt_regs di slot), vector in %rdi. */
	xchgq	%rdi, (%rsp)		/* rdi = vector, stack = old rdi */
	pushq	%rsi
	pushq	%rdx
	pushq	%rcx
	pushq	%rax
	pushq	%r8
	pushq	%r9
	pushq	%r10
	pushq	%r11
	pushq	%rbx
	pushq	%rbp
	pushq	%r12
	pushq	%r13
	pushq	%r14
	pushq	%r15
	/*
	 * The slots now are r15..rsi, then the old-rdi slot, then orig_ax.
	 * That is pt_regs with di where the vector was: exactly the layout.
	 */
	cld
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
	jz	4f
	cli
	swapgs
4:	RESTORE_REGS
	addq	$8, %rsp		/* orig_ax / error code */
	iretq

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
