// SPDX-License-Identifier: GPL-2.0-only
/*
 * Per-CPU time accounting for /proc/stat and /proc/uptime: each tick is
 * charged to the user, system or idle bucket of the CPU that took it
 * (<linux/kernel_stat.h>).  The per-task utime/stime are the scheduler
 * tick's (kernel/sched/core.c); this file only keeps the CPU view.
 */
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/jiffies.h>
#include <linux/kernel_stat.h>

DEFINE_PER_CPU(struct kernel_cpustat, kernel_cpustat);

void account_process_tick(struct task_struct *p, int user_tick)
{
	struct kernel_cpustat *kcs = this_cpu_ptr(&kernel_cpustat);
	enum cpu_usage_stat bucket;

	if (p->flags & PF_IDLE)
		bucket = CPUTIME_IDLE;
	else if (user_tick)
		bucket = CPUTIME_USER;
	else
		bucket = CPUTIME_SYSTEM;
	WRITE_ONCE(kcs->cpustat[bucket], kcs->cpustat[bucket] + TICK_NSEC);
}
