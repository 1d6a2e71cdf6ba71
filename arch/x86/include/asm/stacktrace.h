/* SPDX-License-Identifier: GPL-2.0-only */
/* Frame-pointer backtraces for oops reports and dump_stack(). */
#ifndef _ASM_X86_STACKTRACE_H
#define _ASM_X86_STACKTRACE_H

void show_stack_from(unsigned long bp);

/*
 * NMI hook used by smp_send_stop(): returns true when this CPU was asked
 * to stop (it then never returns).
 */
struct pt_regs;
bool nmi_stop_handler(struct pt_regs *regs);

/* Any other NMI: report registers, stacks and tasks (arch/x86/kernel/nmi.c). */
void unknown_nmi_report(struct pt_regs *regs);

#endif /* _ASM_X86_STACKTRACE_H */
