/* SPDX-License-Identifier: GPL-2.0-only */
/* Control-register, EFLAGS and EFER bits (Intel SDM vol. 3, ch. 2). */
#ifndef _ASM_X86_PROCESSOR_FLAGS_H
#define _ASM_X86_PROCESSOR_FLAGS_H

#define X86_EFLAGS_CF		(1 << 0)
#define X86_EFLAGS_FIXED	(1 << 1)
#define X86_EFLAGS_PF		(1 << 2)
#define X86_EFLAGS_AF		(1 << 4)
#define X86_EFLAGS_ZF		(1 << 6)
#define X86_EFLAGS_SF		(1 << 7)
#define X86_EFLAGS_TF		(1 << 8)
#define X86_EFLAGS_IF		(1 << 9)
#define X86_EFLAGS_DF		(1 << 10)
#define X86_EFLAGS_OF		(1 << 11)
#define X86_EFLAGS_IOPL		(3 << 12)
#define X86_EFLAGS_NT		(1 << 14)
#define X86_EFLAGS_RF		(1 << 16)
#define X86_EFLAGS_AC		(1 << 18)
#define X86_EFLAGS_ID		(1 << 21)

/* What user mode may set through sigreturn or ptrace; IF, IOPL, NT stay the kernel's. */
#define X86_EFLAGS_USER_SETTABLE (X86_EFLAGS_AC | X86_EFLAGS_OF | X86_EFLAGS_DF | \
				  X86_EFLAGS_TF | X86_EFLAGS_SF | X86_EFLAGS_ZF | \
				  X86_EFLAGS_AF | X86_EFLAGS_PF | X86_EFLAGS_CF | \
				  X86_EFLAGS_RF)

#define X86_CR0_PE		(1 << 0)
#define X86_CR0_MP		(1 << 1)
#define X86_CR0_EM		(1 << 2)
#define X86_CR0_TS		(1 << 3)
#define X86_CR0_NE		(1 << 5)
#define X86_CR0_WP		(1 << 16)
#define X86_CR0_AM		(1 << 18)
#define X86_CR0_PG		(1 << 31)

#define X86_CR4_PSE		(1 << 4)
#define X86_CR4_PAE		(1 << 5)
#define X86_CR4_PGE		(1 << 7)
#define X86_CR4_OSFXSR		(1 << 9)
#define X86_CR4_OSXMMEXCPT	(1 << 10)
#define X86_CR4_FSGSBASE	(1 << 16)
#define X86_CR4_PCIDE		(1 << 17)
#define X86_CR4_OSXSAVE		(1 << 18)
#define X86_CR4_SMEP		(1 << 20)
#define X86_CR4_SMAP		(1 << 21)

#define MSR_EFER		0xc0000080
#define EFER_SCE		(1 << 0)
#define EFER_LME		(1 << 8)
#define EFER_LMA		(1 << 10)
#define EFER_NX			(1 << 11)

#endif /* _ASM_X86_PROCESSOR_FLAGS_H */
