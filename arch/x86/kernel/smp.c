// SPDX-License-Identifier: GPL-2.0-only
/*
 * Cross-CPU calls and stopping CPUs.
 *
 * This file currently serves the boot CPU alone: with no other CPU
 * online, every smp_call_function*() runs its function locally where the
 * mask includes this CPU and there is nobody else to stop.  The IPI-based
 * implementation replaces these bodies when secondary CPUs come up.
 */
#include <linux/kernel.h>
#include <linux/smp.h>
#include <linux/cpumask.h>
#include <asm/irqflags.h>
#include <asm/stacktrace.h>

/* CPU 0 is online from the first instruction; the MADT adds the rest. */
struct cpumask __cpu_possible_mask = { .bits = { 1 } };
struct cpumask __cpu_online_mask = { .bits = { 1 } };
unsigned int nr_cpu_ids = 1;

int smp_call_function_single(int cpu, smp_call_func_t func, void *info, bool wait)
{
	unsigned long flags;

	if (cpu != smp_processor_id())
		return -6;	/* -ENXIO: no such CPU online */
	local_irq_save(flags);
	func(info);
	local_irq_restore(flags);
	return 0;
}

void smp_call_function_many(const struct cpumask *mask, smp_call_func_t func,
			    void *info, bool wait)
{
}

void smp_call_function(smp_call_func_t func, void *info, bool wait)
{
}

void on_each_cpu(smp_call_func_t func, void *info, bool wait)
{
	unsigned long flags;

	local_irq_save(flags);
	func(info);
	local_irq_restore(flags);
}

void smp_send_reschedule(int cpu)
{
}

void smp_send_stop(void)
{
}

bool nmi_stop_handler(struct pt_regs *regs)
{
	return false;
}
