/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pt_regs: the registers saved on kernel entry (interrupt, exception,
 * syscall), in the order the entry code pushes them - the same layout as
 * Linux, so register dumps read the same.  The last five words are the
 * hardware interrupt frame; orig_ax holds the error code or vector (or the
 * syscall number).
 */
#ifndef _ASM_X86_PTRACE_H
#define _ASM_X86_PTRACE_H

#ifndef __ASSEMBLY__
#include <linux/types.h>

struct pt_regs {
	unsigned long r15;
	unsigned long r14;
	unsigned long r13;
	unsigned long r12;
	unsigned long bp;
	unsigned long bx;
	unsigned long r11;
	unsigned long r10;
	unsigned long r9;
	unsigned long r8;
	unsigned long ax;
	unsigned long cx;
	unsigned long dx;
	unsigned long si;
	unsigned long di;
	unsigned long orig_ax;
	unsigned long ip;
	unsigned long cs;
	unsigned long flags;
	unsigned long sp;
	unsigned long ss;
};

static inline bool user_mode(const struct pt_regs *regs)
{
	return (regs->cs & 3) == 3;
}

void show_regs(struct pt_regs *regs);
#endif

/* Offsets for assembly (bytes). */
#define PTREGS_R15	0
#define PTREGS_ORIG_AX	120
#define PTREGS_IP	128
#define PTREGS_CS	136
#define PTREGS_FLAGS	144
#define PTREGS_SP	152
#define PTREGS_SS	160
#define PTREGS_SIZE	168

#endif /* _ASM_X86_PTRACE_H */
