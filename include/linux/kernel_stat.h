/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Per-CPU time accounting (kernel/sched/cputime.c) for /proc/stat and
 * /proc/uptime: every tick adds TICK_NSEC to one bucket of the CPU it
 * hits - user (the tick interrupted user mode), system (kernel mode),
 * idle (the CPU's idle loop).  Buckets Linux has that nothing fills yet:
 * nice (no priorities), iowait (io_schedule() is not tracked), irq and
 * softirq (interrupt handlers are not told apart from their task),
 * steal and guest (no paravirtual clock, no guests).
 *
 * kcpustat_cpu(cpu)->cpustat[] is written only by its CPU from the tick
 * and read locklessly (a reader may see one tick old values).
 */
#ifndef _LINUX_KERNEL_STAT_H
#define _LINUX_KERNEL_STAT_H

#include <linux/types.h>
#include <linux/percpu.h>

struct task_struct;

/* The buckets, in the order of the columns of a /proc/stat "cpu" line. */
enum cpu_usage_stat {
	CPUTIME_USER = 0,	/* filled: user-mode ticks */
	CPUTIME_NICE,
	CPUTIME_SYSTEM,		/* filled: kernel-mode ticks */
	CPUTIME_IDLE,		/* filled: ticks in the idle loop */
	CPUTIME_IOWAIT,
	CPUTIME_IRQ,
	CPUTIME_SOFTIRQ,
	CPUTIME_STEAL,
	CPUTIME_GUEST,
	CPUTIME_GUEST_NICE,
	NR_STATS		/* number of buckets */
};

/* One CPU's totals, in nanoseconds. */
struct kernel_cpustat {
	u64 cpustat[NR_STATS];
};

DECLARE_PER_CPU(struct kernel_cpustat, kernel_cpustat);

#define kcpustat_cpu(cpu)	per_cpu_ptr(&kernel_cpustat, (cpu))

/* From the tick on the CPU it interrupted, interrupts off. */
void account_process_tick(struct task_struct *p, int user_tick);

#endif /* _LINUX_KERNEL_STAT_H */
