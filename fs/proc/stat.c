// SPDX-License-Identifier: GPL-2.0-only
/*
 * /proc/stat: CPU time per CPU and in total (USER_HZ ticks, the ten
 * Linux columns; <linux/kernel_stat.h> says which stay 0), interrupt
 * counts (total, then one per IRQ number), context switches, boot time,
 * forks, running tasks and the softirq line (no softirqs here: zeros).
 * procs_blocked is 0: tasks waiting for I/O are not told apart yet.
 */
#include <linux/kernel.h>
#include <linux/cpumask.h>
#include <linux/jiffies.h>
#include <linux/timekeeping.h>
#include <linux/irq.h>
#include <linux/sched.h>
#include <linux/kernel_stat.h>
#include <linux/seq_file.h>
#include <linux/proc_fs.h>
#include "internal.h"

/* Linux's softirq kinds: HI TIMER NET_TX NET_RX BLOCK IRQ_POLL TASKLET SCHED HRTIMER RCU. */
#define NR_SOFTIRQS	10

static u64 nsec_to_clock_t(u64 ns)
{
	return ns / (NSEC_PER_SEC / USER_HZ);
}

static void show_cpu_line(struct seq_file *m, const char *name, const u64 *cs)
{
	seq_puts(m, name);
	seq_put_decimal_ull(m, " ", nsec_to_clock_t(cs[CPUTIME_USER]));
	seq_put_decimal_ull(m, " ", nsec_to_clock_t(cs[CPUTIME_NICE]));
	seq_put_decimal_ull(m, " ", nsec_to_clock_t(cs[CPUTIME_SYSTEM]));
	seq_put_decimal_ull(m, " ", nsec_to_clock_t(cs[CPUTIME_IDLE]));
	seq_put_decimal_ull(m, " ", nsec_to_clock_t(cs[CPUTIME_IOWAIT]));
	seq_put_decimal_ull(m, " ", nsec_to_clock_t(cs[CPUTIME_IRQ]));
	seq_put_decimal_ull(m, " ", nsec_to_clock_t(cs[CPUTIME_SOFTIRQ]));
	seq_put_decimal_ull(m, " ", nsec_to_clock_t(cs[CPUTIME_STEAL]));
	seq_put_decimal_ull(m, " ", nsec_to_clock_t(cs[CPUTIME_GUEST]));
	seq_put_decimal_ull(m, " ", nsec_to_clock_t(cs[CPUTIME_GUEST_NICE]));
	seq_putc(m, '\n');
}

static void add_arch_row(const struct irq_stat_row *row, void *arg)
{
	unsigned long long *sum = arg;
	unsigned int cpu;

	/* Device IRQs are summed per number below; here only the arch rows. */
	if (row->chip[0])
		return;
	if (row->total_only) {
		*sum += row->count[0];
		return;
	}
	for_each_possible_cpu(cpu)
		*sum += row->count[cpu];
}

static int show_stat(struct seq_file *m, void *v)
{
	u64 sum[NR_STATS] = { 0 };
	unsigned long long intr = 0;
	unsigned int cpu, irq;
	char name[16];

	for_each_possible_cpu(cpu) {
		struct kernel_cpustat *kcs = kcpustat_cpu(cpu);

		for (int i = 0; i < NR_STATS; i++)
			sum[i] += READ_ONCE(kcs->cpustat[i]);
	}
	show_cpu_line(m, "cpu ", sum);
	for_each_online_cpu(cpu) {
		u64 cs[NR_STATS];

		for (int i = 0; i < NR_STATS; i++)
			cs[i] = READ_ONCE(kcpustat_cpu(cpu)->cpustat[i]);
		snprintf(name, sizeof(name), "cpu%u", cpu);
		show_cpu_line(m, name, cs);
	}

	for (irq = 0; irq < NR_IRQS; irq++)
		intr += kstat_irqs(irq);
	for_each_irq_stat_row(add_arch_row, &intr);
	seq_put_decimal_ull(m, "intr ", intr);
	for (irq = 0; irq < NR_IRQS; irq++)
		seq_put_decimal_ull(m, " ", kstat_irqs(irq));
	seq_putc(m, '\n');

	seq_printf(m, "ctxt %lu\n", nr_context_switches());
	seq_printf(m, "btime %llu\n", (unsigned long long)proc_boot_time().tv_sec);
	seq_printf(m, "processes %lu\n", total_forks);
	seq_printf(m, "procs_running %lu\n", nr_running());
	seq_puts(m, "procs_blocked 0\n");
	seq_puts(m, "softirq 0");
	for (int i = 0; i < NR_SOFTIRQS; i++)
		seq_puts(m, " 0");
	seq_putc(m, '\n');
	return 0;
}

static int stat_open(struct inode *inode, struct file *file)
{
	/* 256 IRQ counts and a line per CPU: start with room for them. */
	return single_open_size(file, show_stat, NULL, 4096 + 256 * num_possible_cpus());
}

static const struct proc_ops stat_proc_ops = {
	.proc_open = stat_open,
	.proc_read_iter = seq_read_iter,
	.proc_lseek = seq_lseek,
	.proc_release = single_release,
};

void __init proc_stat_init(void)
{
	proc_create("stat", 0, NULL, &stat_proc_ops);
}
