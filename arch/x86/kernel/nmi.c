// SPDX-License-Identifier: GPL-2.0-only
/*
 * NMIs nobody in the kernel asked for.  On a server they come from the
 * management processor's NMI button (iLO on the DL380) or a watchdog
 * card; in QEMU from the monitor's "nmi" command, which
 * tools/testing/ktest/vmrun sends to a guest that ran out of time.  Either
 * way someone wants to know what a stuck machine is doing, so every CPU
 * the NMI reaches reports where it found itself (registers and kernel
 * stack), and the first of them adds every task with its state and stack
 * (what sysrq 't' prints) and the free memory.  Then the CPUs return to
 * what they were doing: the report changes nothing but the console.
 *
 * Interface: unknown_nmi_report(regs), from the NMI trap once
 * nmi_stop_handler() declined the NMI.
 *
 * Locking: the CPUs report one at a time, each taking nmi_report_cpu with
 * a compare-and-swap; a CPU waits at most NMI_REPORT_WAIT_NS for the one
 * reporting (its console may be wedged) and then reports anyway.  The
 * console goes into its oops mode first (trylocks only), since the CPU an
 * NMI interrupted may hold the log or console lock; it stays there.
 */
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/mm.h>
#include <linux/printk.h>
#include <linux/smp.h>
#include <linux/timekeeping.h>
#include <asm/atomic.h>
#include <asm/ptrace.h>
#include <asm/stacktrace.h>

#define NMI_REPORT_WAIT_NS	(20ULL * NSEC_PER_SEC)
/* A burst of NMIs within this time lists the tasks once. */
#define NMI_TASKS_EVERY_NS	(30ULL * NSEC_PER_SEC)

static atomic_t nmi_report_cpu = ATOMIC_INIT(-1);
static u64 nmi_tasks_listed_at;	/* local_clock() of the last task list, 0: never */

void unknown_nmi_report(struct pt_regs *regs)
{
	int cpu = smp_processor_id();
	u64 start = local_clock(), now;
	bool owner = true, list_tasks;

	while (atomic_cmpxchg(&nmi_report_cpu, -1, cpu) != -1) {
		if (local_clock() - start > NMI_REPORT_WAIT_NS) {
			owner = false;
			break;
		}
		cpu_relax();
	}
	printk_enter_oops();
	now = local_clock();
	list_tasks = !nmi_tasks_listed_at || now - nmi_tasks_listed_at > NMI_TASKS_EVERY_NS;
	if (list_tasks)
		nmi_tasks_listed_at = now ? now : 1;

	pr_emerg("NMI: not the kernel's own; CPU %d was here:\n", cpu);
	show_regs(regs);
	if (list_tasks) {
		pr_emerg("NMI: the tasks, as CPU %d sees them:\n", cpu);
		show_state_filter(0);
		pr_emerg("NMI: memory:\n");
		show_free_areas();
	}
	pr_emerg("NMI: CPU %d goes back to work\n", cpu);
	if (owner)
		atomic_set(&nmi_report_cpu, -1);
}
