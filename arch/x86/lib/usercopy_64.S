/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The faulting cores of the user-access helpers (see asm/uaccess.h).
 * Each routine runs with the SMAP window open (the C wrappers in
 * usercopy.c open and close it) and lists every instruction that touches
 * user memory in the exception table; a fault there resumes at the
 * routine's fixup, which reports how much was left undone.
 *
 *   __copy_user_raw(to, from, n)   -> bytes not copied (rep movsb)
 *   __clear_user_raw(to, n)        -> bytes not cleared (rep stosb)
 *   __get_user_raw_N(val *, ptr)   -> 0 or -EFAULT
 *   __put_user_raw_N(val, ptr)     -> 0 or -EFAULT
 *   __strncpy_user_raw(dst, src, n) -> length, n, or -EFAULT
 */
#define EFAULT 14

	.text

	.globl	__copy_user_raw
__copy_user_raw:
	movq	%rdx, %rcx
1:	rep movsb
	movq	%rcx, %rax		/* 0 unless a fault stopped the copy */
	ret
2:	movq	%rcx, %rax		/* rcx = bytes not copied yet */
	ret
	.pushsection __ex_table, "a"
	.balign 8
	.quad	1b, 2b
	.popsection

	.globl	__clear_user_raw
__clear_user_raw:
	movq	%rsi, %rcx
	xorl	%eax, %eax
1:	rep stosb
	movq	%rcx, %rax
	ret
2:	movq	%rcx, %rax
	ret
	.pushsection __ex_table, "a"
	.balign 8
	.quad	1b, 2b
	.popsection

	.macro	GET_USER size, insn, reg
	.globl	__get_user_raw_\size
__get_user_raw_\size:
1:	\insn	(%rsi), \reg
	movq	%rax, (%rdi)
	xorl	%eax, %eax
	ret
2:	movl	$-EFAULT, %eax
	ret
	.pushsection __ex_table, "a"
	.balign 8
	.quad	1b, 2b
	.popsection
	.endm

	GET_USER 1, movzbq, %rax
	GET_USER 2, movzwq, %rax
	GET_USER 4, movl, %eax
	GET_USER 8, movq, %rax

	.macro	PUT_USER size, reg
	.globl	__put_user_raw_\size
__put_user_raw_\size:
1:	mov	\reg, (%rsi)
	xorl	%eax, %eax
	ret
2:	movl	$-EFAULT, %eax
	ret
	.pushsection __ex_table, "a"
	.balign 8
	.quad	1b, 2b
	.popsection
	.endm

	PUT_USER 1, %dil
	PUT_USER 2, %di
	PUT_USER 4, %edi
	PUT_USER 8, %rdi

/* Copy bytes until NUL or n; rax = string length, n if no NUL, -EFAULT. */
	.globl	__strncpy_user_raw
__strncpy_user_raw:
	xorl	%eax, %eax
3:	cmpq	%rdx, %rax
	jae	4f
1:	movb	(%rsi,%rax), %cl
	movb	%cl, (%rdi,%rax)
	testb	%cl, %cl
	jz	4f
	incq	%rax
	jmp	3b
4:	ret
2:	movq	$-EFAULT, %rax
	ret
	.pushsection __ex_table, "a"
	.balign 8
	.quad	1b, 2b
	.popsection
