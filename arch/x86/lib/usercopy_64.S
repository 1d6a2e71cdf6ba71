/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The faulting cores of the user-access helpers (see asm/uaccess.h).
 * Each routine runs with the SMAP window open (the C wrappers in
 * usercopy.c open and close it) and lists every instruction that touches
 * user memory in the exception table; a fault there resumes at the
 * routine's fixup, which reports how much was left undone.
 *
 * Copies and clears of 64 bytes or more move quadwords and finish the
 * last 0-7 bytes singly.  On hardware with fast string operations that
 * costs the same as a byte-wise rep; under an emulator such as QEMU's TCG
 * every iteration of a rep instruction costs about the same whatever its
 * width, so a 4 KiB copy runs about eight times faster.  When a quadword
 * faults, the rest is retried byte by byte, which stops at the first
 * byte that cannot be reached and so reports the exact count.
 *
 *   __copy_user_raw(to, from, n)   -> bytes not copied
 *   __clear_user_raw(to, n)        -> bytes not cleared
 *   __get_user_raw_N(val *, ptr)   -> 0 or -EFAULT
 *   __put_user_raw_N(val, ptr)     -> 0 or -EFAULT
 *   __strncpy_user_raw(dst, src, n) -> length, n, or -EFAULT
 */
#define EFAULT 14

	.text

	.globl	__copy_user_raw
__copy_user_raw:
	movq	%rdx, %rcx
	cmpq	$64, %rdx
	jb	4f			/* short copies go byte by byte */
	shrq	$3, %rcx		/* rcx = quadwords, rdx = the bytes after them */
	andl	$7, %edx
3:	rep movsq
	movq	%rdx, %rcx
4:	rep movsb
	movq	%rcx, %rax		/* 0 unless a fault stopped the copy */
	ret
5:	leaq	(%rdx,%rcx,8), %rcx	/* a quadword faulted: redo the rest */
	jmp	4b			/* bytewise, to stop at the exact byte */
6:	movq	%rcx, %rax		/* rcx = bytes not copied yet */
	ret
	.pushsection __ex_table, "a"
	.balign 8
	.quad	3b, 5b
	.quad	4b, 6b
	.popsection

	.globl	__clear_user_raw
__clear_user_raw:
	movq	%rsi, %rcx
	xorl	%eax, %eax
	cmpq	$64, %rsi
	jb	4f
	shrq	$3, %rcx
	andl	$7, %esi
3:	rep stosq
	movq	%rsi, %rcx
4:	rep stosb
	movq	%rcx, %rax
	ret
5:	leaq	(%rsi,%rcx,8), %rcx	/* as in __copy_user_raw */
	jmp	4b
6:	movq	%rcx, %rax
	ret
	.pushsection __ex_table, "a"
	.balign 8
	.quad	3b, 5b
	.quad	4b, 6b
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
