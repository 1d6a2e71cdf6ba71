// SPDX-License-Identifier: GPL-2.0-only
/*
 * The C side of system-call entry and of every return to user mode.
 *
 * Interface: syscall_init() (each CPU, from cpu_init()), do_syscall_64()
 * and irqentry_exit_to_user_mode() (entry_64.S), syscall_exit_to_user_mode()
 * (also ret_from_fork).
 *
 * The exit-to-user work loop runs with interrupts off when it looks at
 * the task's flags and ends with interrupts off and nothing pending, so
 * a wakeup or signal arriving after the last look always finds the flag
 * set by an interrupt that will run this loop again on its way out:
 *   TIF_NEED_RESCHED -> schedule()  (a CPU-bound task's timeslice ended)
 *   TIF_SIGPENDING   -> arch_do_signal_or_restart(): deliver a signal,
 *                       or restart an interrupted call
 * A traced task with TIF_SYSCALL_TRACE also stops for its tracer on the
 * way into and out of every call (linux/ptrace.h); at the entry stop the
 * tracer may change the number, or make it -1 to skip the call with rax
 * as its result.
 */
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/errno.h>
#include <linux/syscalls.h>
#include <linux/percpu.h>
#include <linux/signal.h>
#include <linux/ptrace.h>
#include <generated/uapi/asm/unistd_64.h>
#include <asm/irqflags.h>
#include <asm/processor.h>
#include <asm/msr-index.h>
#include <asm/segment.h>
#include <asm/entry.h>
#include <asm/page_types.h>

/* Scratch for the user rsp, and the kernel stack top (see entry_64.S). */
DEFINE_PER_CPU(unsigned long, cpu_user_rsp);
DEFINE_PER_CPU(unsigned long, cpu_current_top_of_stack);

void entry_SYSCALL_64(void);

/*
 * STAR[47:32]: kernel CS (SS = CS + 8).  STAR[63:48]: base for sysret;
 * 64-bit user CS = base + 16, user SS = base + 8, hence __USER32_CS.
 * SFMASK: the flags cleared on entry - interrupts stay off until the
 * stack is switched, no single-step into the kernel, string ops forward,
 * and no SMAP override left open by user code.
 */
void syscall_init(void)
{
	wrmsr(MSR_STAR, ((u64)(__USER32_CS & ~3) << 48) | ((u64)__KERNEL_CS << 32));
	wrmsr(MSR_LSTAR, (unsigned long)entry_SYSCALL_64);
	wrmsr(MSR_CSTAR, 0);
	wrmsr(MSR_SYSCALL_MASK, X86_EFLAGS_IF | X86_EFLAGS_TF | X86_EFLAGS_DF |
	      X86_EFLAGS_AC | X86_EFLAGS_NT | X86_EFLAGS_IOPL);
	wrmsr(MSR_EFER, rdmsr(MSR_EFER) | EFER_SCE);
}

#define EXIT_TO_USER_WORK ((1UL << TIF_NEED_RESCHED) | (1UL << TIF_SIGPENDING) | \
			   (1UL << TIF_RESTORE_SIGMASK))

/* Interrupts off on entry and on return. */
static void exit_to_user_mode_prepare(struct pt_regs *regs)
{
	for (;;) {
		unsigned long work = READ_ONCE(current->ti_flags) & EXIT_TO_USER_WORK;

		if (!work)
			break;
		local_irq_enable();
		if (work & (1UL << TIF_NEED_RESCHED))
			schedule();
		if (work & ((1UL << TIF_SIGPENDING) | (1UL << TIF_RESTORE_SIGMASK)))
			arch_do_signal_or_restart(regs);
		local_irq_disable();
	}
}

void syscall_exit_to_user_mode(struct pt_regs *regs)
{
	local_irq_disable();
	exit_to_user_mode_prepare(regs);
}

/* An interrupt or exception is returning to user mode (interrupts off). */
void irqentry_exit_to_user_mode(struct pt_regs *regs)
{
	/* Only the frame at the stack top is the task's (not an IST frame). */
	if (regs != task_pt_regs(current))
		return;
	/* Not a system call: nothing to restart. */
	regs->orig_ax = -1;
	exit_to_user_mode_prepare(regs);
}

/* May this frame go back through sysretq?  Otherwise iretq. */
static bool can_sysret(const struct pt_regs *regs)
{
	if (regs->cx != regs->ip || regs->r11 != regs->flags)
		return false;
	if (regs->cs != __USER_CS || regs->ss != __USER_DS)
		return false;
	/* A non-canonical rip would #GP in kernel mode on some CPUs. */
	if (regs->ip >= TASK_SIZE_MAX)
		return false;
	/* sysret cannot restore RF, and TF would trap on the sysret itself. */
	if (regs->flags & (X86_EFLAGS_RF | X86_EFLAGS_TF))
		return false;
	return true;
}

/* Returns true if the exit may use sysretq; interrupts off on return. */
bool do_syscall_64(struct pt_regs *regs)
{
	unsigned long nr = regs->orig_ax;

	local_irq_enable();
	if (unlikely(test_tsk_thread_flag(current, TIF_SYSCALL_TRACE)))
		nr = ptrace_report_syscall_entry(regs);
	if (likely(nr < __NR_syscalls))
		regs->ax = sys_call_table[nr](regs);
	else if (nr != -1UL)
		regs->ax = -ENOSYS;
	if (unlikely(test_tsk_thread_flag(current, TIF_SYSCALL_TRACE)))
		ptrace_report_syscall_exit(regs);
	syscall_exit_to_user_mode(regs);
	return can_sysret(regs);
}
