/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * GDT layout.  The order is dictated by SYSCALL/SYSRET: STAR[47:32] gives
 * the kernel CS (SS = CS + 8) and STAR[63:48] + 16 the 64-bit user CS
 * (user SS = STAR[63:48] + 8), so kernel code/data and user data/code
 * must sit in exactly this sequence.  Same selectors as Linux.
 *
 * GDT_ENTRY_CPUNODE is a data descriptor user mode may look at but never
 * load: its segment limit is this CPU's number (node << 12 | cpu), which
 * the vDSO's getcpu() reads with LSL.  Each CPU's GDT has its own.
 */
#ifndef _ASM_X86_SEGMENT_H
#define _ASM_X86_SEGMENT_H

#define GDT_ENTRY_KERNEL32_CS	1
#define GDT_ENTRY_KERNEL_CS	2
#define GDT_ENTRY_KERNEL_DS	3
#define GDT_ENTRY_USER32_CS	4
#define GDT_ENTRY_USER_DS	5
#define GDT_ENTRY_USER_CS	6
#define GDT_ENTRY_TSS		8	/* 16 bytes: entries 8 and 9 */
#define GDT_ENTRY_CPUNODE	15
#define GDT_ENTRIES		16

#define __KERNEL32_CS		(GDT_ENTRY_KERNEL32_CS * 8)
#define __KERNEL_CS		(GDT_ENTRY_KERNEL_CS * 8)
#define __KERNEL_DS		(GDT_ENTRY_KERNEL_DS * 8)
#define __USER32_CS		(GDT_ENTRY_USER32_CS * 8 + 3)
#define __USER_DS		(GDT_ENTRY_USER_DS * 8 + 3)
#define __USER_CS		(GDT_ENTRY_USER_CS * 8 + 3)
#define GDT_TSS_SEL		(GDT_ENTRY_TSS * 8)
#define __CPUNODE_SEG		(GDT_ENTRY_CPUNODE * 8 + 3)

/* The limit of the CPUNODE descriptor: 12 bits of CPU, the node above. */
#define VDSO_CPUNODE_BITS	12
#define VDSO_CPUNODE_MASK	((1 << VDSO_CPUNODE_BITS) - 1)

#endif /* _ASM_X86_SEGMENT_H */
