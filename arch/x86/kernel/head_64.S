/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The first kernel instructions, from the 32-bit boot protocol entry to C.
 *
 * startup_32 is entered at code32_start (physical, normally 1 MiB) in flat
 * 32-bit protected mode with paging off, interrupts off and %esi pointing
 * at boot_params; either our own real-mode setup or a 32-bit loader such as
 * GRUB's "linux" command brings us here.  It checks for long mode, loads
 * the boot page tables below, enables PAE + long mode + paging and jumps to
 * startup_64, which moves to the kernel's high virtual addresses, clears
 * .bss and calls x86_64_start_kernel(boot_params_phys).
 *
 * Boot page tables (static, in .data): the first 1 GiB of physical memory
 * is mapped three times with 2 MiB pages - identity (needed while we switch
 * modes), at the direct map base __PAGE_OFFSET, and at the kernel image
 * base __START_KERNEL_map.  setup_arch() replaces them with page tables
 * covering all RAM.
 *
 * The symbols here are linked at their high virtual addresses; before
 * paging is on every reference subtracts __START_KERNEL_map.
 */
#include <asm/page_types.h>
#include <asm/processor-flags.h>
#include <asm/segment.h>

#define PHYS(sym)	((sym) - __START_KERNEL_map)
#define PTE_PRESENT	0x001
#define PTE_RW		0x002
#define PTE_PSE		0x080
#define PDE_LARGE	(PTE_PRESENT | PTE_RW | PTE_PSE)
#define PTE_TABLE	(PTE_PRESENT | PTE_RW)
#define CPUID_LM_BIT	29
#define COM1		0x3f8

	.section ".head.text", "ax"
	.code32
	.globl	startup_32
startup_32:
	cld
	cli
	lgdt	PHYS(boot_gdt_desc)
	ljmp	$__KERNEL32_CS, $PHYS(1f)
1:	movl	$__KERNEL_DS, %eax
	movl	%eax, %ds
	movl	%eax, %es
	movl	%eax, %ss
	movl	%eax, %fs
	movl	%eax, %gs
	movl	$PHYS(boot_stack_end), %esp
	movl	%esi, PHYS(boot_params_phys)

	/* Long mode?  CPUID 0x80000001 EDX bit 29.  Without it, say so on COM1. */
	movl	$0x80000000, %eax
	cpuid
	cmpl	$0x80000001, %eax
	jb	no_long_mode
	movl	$0x80000001, %eax
	cpuid
	btl	$CPUID_LM_BIT, %edx
	jnc	no_long_mode

	movl	%cr4, %eax
	orl	$X86_CR4_PAE, %eax
	movl	%eax, %cr4
	movl	$PHYS(early_top_pgt), %eax
	movl	%eax, %cr3
	movl	$MSR_EFER, %ecx
	rdmsr
	orl	$EFER_LME, %eax
	wrmsr
	movl	%cr0, %eax
	orl	$(X86_CR0_PG | X86_CR0_PE | X86_CR0_WP | X86_CR0_NE), %eax
	movl	%eax, %cr0
	ljmp	$__KERNEL_CS, $PHYS(startup_64)

no_long_mode:
	movl	$PHYS(no_lm_msg), %esi
2:	lodsb
	testb	%al, %al
	jz	4f
	movb	%al, %ah
	movw	$COM1 + 5, %dx
3:	inb	%dx, %al
	testb	$0x20, %al
	jz	3b
	movw	$COM1, %dx
	movb	%ah, %al
	outb	%al, %dx
	jmp	2b
4:	hlt
	jmp	4b

	.code64
	.globl	startup_64
startup_64:
	/* Still at the identity mapping: continue at the high kernel address. */
	movabsq	$1f, %rax
	jmp	*%rax
1:	xorl	%eax, %eax
	movl	%eax, %ds
	movl	%eax, %es
	movl	%eax, %ss
	movl	%eax, %fs
	movl	%eax, %gs
	movabsq	$boot_stack_end, %rsp

	/* Clear .bss (the boot stack is in .data, so this is safe). */
	movabsq	$__bss_start, %rdi
	movabsq	$__bss_stop, %rcx
	subq	%rdi, %rcx
	shrq	$3, %rcx
	xorl	%eax, %eax
	rep	stosq

	movabsq	$boot_params_phys, %rax
	movl	(%rax), %edi
	xorl	%ebp, %ebp		/* terminates frame-pointer backtraces */
	call	x86_64_start_kernel
5:	hlt
	jmp	5b

	.section ".rodata", "a"
no_lm_msg:
	.asciz	"Tidewater: this CPU has no 64-bit long mode; halting.\r\n"

	.section ".data", "aw"
	.balign	8
	.globl	boot_params_phys
boot_params_phys:
	.quad	0

	.balign	16
boot_gdt:
	.quad	0
	.quad	0x00cf9a000000ffff	/* __KERNEL32_CS */
	.quad	0x00af9a000000ffff	/* __KERNEL_CS: 64-bit code */
	.quad	0x00cf92000000ffff	/* __KERNEL_DS */
boot_gdt_end:
boot_gdt_desc:
	.word	boot_gdt_end - boot_gdt - 1
	.long	PHYS(boot_gdt)

	.section ".data..page_aligned", "aw"
	.balign	PAGE_SIZE
	.globl	early_top_pgt
early_top_pgt:
	.quad	PHYS(early_ident_pud) + PTE_TABLE
	.fill	(__PAGE_OFFSET >> PGDIR_SHIFT) % PTRS_PER_TABLE - 1, 8, 0
	.quad	PHYS(early_ident_pud) + PTE_TABLE
	.fill	PTRS_PER_TABLE - 2 - (__PAGE_OFFSET >> PGDIR_SHIFT) % PTRS_PER_TABLE, 8, 0
	.quad	PHYS(early_kernel_pud) + PTE_TABLE

early_ident_pud:
	.quad	PHYS(early_pmd) + PTE_TABLE
	.fill	PTRS_PER_TABLE - 1, 8, 0

early_kernel_pud:
	.fill	PTRS_PER_TABLE - 2, 8, 0
	.quad	PHYS(early_pmd) + PTE_TABLE
	.quad	0

early_pmd:
	.set	i, 0
	.rept	PTRS_PER_TABLE
	.quad	(i << PMD_SHIFT) + PDE_LARGE
	.set	i, i + 1
	.endr

	/* The boot CPU's first stack, in .data so the .bss clear spares it. */
	.balign	PAGE_SIZE
	.globl	boot_stack
boot_stack:
	.fill	THREAD_SIZE, 1, 0
	.globl	boot_stack_end
boot_stack_end:
