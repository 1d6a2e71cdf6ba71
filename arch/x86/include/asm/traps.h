/* SPDX-License-Identifier: GPL-2.0-only */
/* Exception vectors and the C entry points of the interrupt/exception code. */
#ifndef _ASM_X86_TRAPS_H
#define _ASM_X86_TRAPS_H

#include <asm/ptrace.h>

enum {
	X86_TRAP_DE = 0,	/* divide error */
	X86_TRAP_DB = 1,	/* debug */
	X86_TRAP_NMI = 2,
	X86_TRAP_BP = 3,	/* int3 */
	X86_TRAP_OF = 4,
	X86_TRAP_BR = 5,
	X86_TRAP_UD = 6,	/* invalid opcode */
	X86_TRAP_NM = 7,	/* device not available */
	X86_TRAP_DF = 8,	/* double fault */
	X86_TRAP_TS = 10,
	X86_TRAP_NP = 11,
	X86_TRAP_SS = 12,
	X86_TRAP_GP = 13,
	X86_TRAP_PF = 14,
	X86_TRAP_MF = 16,
	X86_TRAP_AC = 17,
	X86_TRAP_MC = 18,
	X86_TRAP_XF = 19,
};

/* Page-fault error code bits. */
#define X86_PF_PROT	(1 << 0)
#define X86_PF_WRITE	(1 << 1)
#define X86_PF_USER	(1 << 2)
#define X86_PF_RSVD	(1 << 3)
#define X86_PF_INSTR	(1 << 4)

void exception_dispatch(struct pt_regs *regs, unsigned long vector);
void irq_dispatch(struct pt_regs *regs, unsigned long vector);

/* Page faults: arch/x86/mm/fault.c. */
void do_page_fault(struct pt_regs *regs, unsigned long error_code, unsigned long address);
/*
 * One console line for a user-mode exception the process has no handler
 * for (sysctl debug.exception-trace): what, where, and in which mapping.
 */
extern int show_unhandled_signals;
void report_user_exception(struct pt_regs *regs, int sig, const char *what,
			   unsigned long addr, unsigned long err);

/* Print an oops report and kill the current context (panics for now). */
void __noreturn die(const char *str, struct pt_regs *regs, unsigned long err);

/* Exception-table fixup: resume at the fixup if ip has one. */
bool fixup_exception(struct pt_regs *regs);

#endif /* _ASM_X86_TRAPS_H */
