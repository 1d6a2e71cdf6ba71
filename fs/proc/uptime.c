// SPDX-License-Identifier: GPL-2.0-only
/*
 * /proc/uptime ("12345.67 23456.78\n": seconds since boot, CLOCK_BOOTTIME,
 * and the idle time of all CPUs together) and /proc/loadavg ("0.00 0.01
 * 0.05 1/87 1234\n": the scheduler's load averages, running/all tasks,
 * and the newest task's pid - the last pid handed out unless that task
 * has already exited).
 */
#include <linux/kernel.h>
#include <linux/cpumask.h>
#include <linux/timekeeping.h>
#include <linux/sched.h>
#include <linux/rcupdate.h>
#include <linux/kernel_stat.h>
#include <linux/seq_file.h>
#include <linux/proc_fs.h>
#include "internal.h"

static int uptime_proc_show(struct seq_file *m, void *v)
{
	u64 up = ktime_get_boottime_ns(), idle = 0;
	unsigned int cpu;

	for_each_possible_cpu(cpu)
		idle += READ_ONCE(kcpustat_cpu(cpu)->cpustat[CPUTIME_IDLE]);
	seq_printf(m, "%llu.%02llu %llu.%02llu\n",
		   up / NSEC_PER_SEC, (up % NSEC_PER_SEC) / (NSEC_PER_SEC / 100),
		   idle / NSEC_PER_SEC, (idle % NSEC_PER_SEC) / (NSEC_PER_SEC / 100));
	return 0;
}

static int loadavg_proc_show(struct seq_file *m, void *v)
{
	unsigned long avnrun[3];
	unsigned int threads = 0;
	struct task_struct *p;
	pid_t last = 0;

	get_avenrun(avnrun, FIXED_1 / 200, 0);
	rcu_read_lock();
	for_each_process(p) {
		threads++;
		last = p->pid;	/* the list is in creation order */
	}
	rcu_read_unlock();
	seq_printf(m, "%lu.%02lu %lu.%02lu %lu.%02lu %lu/%u %d\n",
		   LOAD_INT(avnrun[0]), LOAD_FRAC(avnrun[0]),
		   LOAD_INT(avnrun[1]), LOAD_FRAC(avnrun[1]),
		   LOAD_INT(avnrun[2]), LOAD_FRAC(avnrun[2]),
		   nr_running(), threads, last);
	return 0;
}

void __init proc_uptime_init(void)
{
	proc_create_single("uptime", 0, NULL, uptime_proc_show);
}

void __init proc_loadavg_init(void)
{
	proc_create_single("loadavg", 0, NULL, loadavg_proc_show);
}
