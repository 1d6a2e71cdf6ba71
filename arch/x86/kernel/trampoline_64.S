/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The secondary-CPU trampoline: 16-bit real mode -> 32-bit protected
 * mode -> 64-bit long mode -> start_secondary(cpu) in the kernel.
 *
 * smpboot.c copies trampoline_start..trampoline_end to a page below 1 MiB
 * and fills in the data fields at the end (physical addresses of the
 * GDT and of the 32/64-bit entry points, CR3, EFER bits, CR0, the CPU
 * number, its stack and the C entry point) before each STARTUP IPI; the
 * IPI's vector makes the CPU start at offset 0 of that page with CS =
 * page >> 4.  The code only uses addresses relative to the page (the
 * base is kept in %ebx), so it runs wherever it is copied.
 *
 * The page table behind tr_cr3 identity-maps the first 2 MiB (this page)
 * and shares the kernel half of init_top_pgt, so the jump to the kernel
 * works with it; start_secondary() then switches to init_top_pgt.
 *
 * This text is data to the kernel: it is never executed where it is linked.
 */
#include <asm/segment.h>
#include <asm/processor-flags.h>

#define TR(sym)	((sym) - trampoline_start)

	.section ".rodata", "a"
	.balign	16
	.globl	trampoline_start
trampoline_start:
	.code16
	cli
	cld
	movw	%cs, %ax
	movw	%ax, %ds
	xorl	%ebx, %ebx
	movw	%ax, %bx
	shll	$4, %ebx		/* %ebx = physical address of this page */
	lgdtl	TR(tr_gdt_desc)
	/* Protected mode; this also clears the CD/NW bits INIT leaves set. */
	movl	$X86_CR0_PE, %eax
	movl	%eax, %cr0
	ljmpl	*TR(tr_jmp32)

	.code32
	.globl	tr_start32
tr_start32:
	movl	$__KERNEL_DS, %eax
	movl	%eax, %ds
	movl	%eax, %es
	movl	%eax, %ss
	movl	%eax, %fs
	movl	%eax, %gs
	movl	$X86_CR4_PAE, %eax
	movl	%eax, %cr4
	movl	TR(tr_cr3)(%ebx), %eax
	movl	%eax, %cr3
	movl	$MSR_EFER, %ecx
	rdmsr
	orl	TR(tr_efer)(%ebx), %eax
	wrmsr
	/* Paging on with LME set: long mode, still in a 32-bit segment. */
	movl	TR(tr_cr0)(%ebx), %eax
	movl	%eax, %cr0
	ljmpl	*TR(tr_jmp64)(%ebx)

	.code64
	.globl	tr_start64
tr_start64:
	movl	%ebx, %ebx		/* the upper half is undefined after the switch */
	movq	TR(tr_stack)(%rbx), %rsp
	movl	TR(tr_cpu)(%rbx), %edi
	movq	TR(tr_entry)(%rbx), %rax
	xorl	%ebp, %ebp		/* ends frame-pointer backtraces */
	call	*%rax
1:	hlt
	jmp	1b

	/* Data, filled in by smpboot.c. */
	.balign	8
	.globl	tr_gdt
tr_gdt:
	.quad	0
	.quad	0x00cf9a000000ffff	/* __KERNEL32_CS: flat 32-bit code */
	.quad	0x00af9a000000ffff	/* __KERNEL_CS: 64-bit code */
	.quad	0x00cf92000000ffff	/* __KERNEL_DS: flat data */
tr_gdt_end:
	.globl	tr_gdt_desc
tr_gdt_desc:
	.word	tr_gdt_end - tr_gdt - 1
	.long	0			/* physical address of tr_gdt */
	.globl	tr_jmp32
tr_jmp32:
	.long	0			/* physical address of tr_start32 */
	.word	__KERNEL32_CS
	.globl	tr_jmp64
tr_jmp64:
	.long	0			/* physical address of tr_start64 */
	.word	__KERNEL_CS
	.balign	8
	.globl	tr_cr3, tr_efer, tr_cr0, tr_cpu, tr_stack, tr_entry
tr_cr3:
	.long	0			/* below 4 GiB: loaded in 32-bit mode */
tr_efer:
	.long	0			/* bits to set in EFER (LME, NX, SCE) */
tr_cr0:
	.long	0
tr_cpu:
	.long	0
tr_stack:
	.quad	0
tr_entry:
	.quad	0
	.globl	trampoline_end
trampoline_end:
