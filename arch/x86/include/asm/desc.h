/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Descriptor tables: the per-CPU GDT with its 64-bit TSS, and the IDT
 * shared by all CPUs.  IST stacks (TSS.ist[n]) give the double fault, NMI
 * and machine check handlers a known-good stack even when the kernel
 * stack itself is what broke.
 */
#ifndef _ASM_X86_DESC_H
#define _ASM_X86_DESC_H

#include <linux/types.h>
#include <asm/page_types.h>

#define IST_DOUBLE_FAULT	1
#define IST_NMI			2
#define IST_MCE			3
#define N_IST_STACKS		3
#define IST_STACK_SIZE		PAGE_SIZE * 2

struct tss_struct {
	u32 reserved0;
	u64 sp0;		/* kernel stack for entries from user mode */
	u64 sp1;
	u64 sp2;
	u64 reserved1;
	u64 ist[7];
	u64 reserved2;
	u16 reserved3;
	u16 io_bitmap_base;
} __attribute__((packed));

struct cpu_tables {
	u64 gdt[16];
	struct tss_struct tss;
	char ist_stacks[N_IST_STACKS][IST_STACK_SIZE] __attribute__((aligned(16)));
};

/* Load this CPU's GDT, TSS and the IDT; set up GS for per-CPU data. */
void cpu_init(int cpu);
void idt_setup(void);
void load_idt(void);
/* The TSS of the current CPU (sp0 is updated on every context switch). */
struct tss_struct *this_cpu_tss(void);
void set_cpu_tables(int cpu, struct cpu_tables *t);

extern char irq_entry_stubs[];
#define IRQ_STUB_SIZE 16

#endif /* _ASM_X86_DESC_H */
