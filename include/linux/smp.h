/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * CPU identity and cross-CPU function calls.
 *
 * smp_processor_id() is stable between voluntary schedule points (the
 * kernel does not preempt itself).  The smp_call_function*() family runs
 * a function on other CPUs through the call-function IPI; wait=true
 * returns after every target ran it.  A CPU waiting for its calls with
 * interrupts disabled runs the calls queued for it meanwhile, so CPUs
 * calling each other cannot deadlock (see Documentation/x86/smp.md).
 */
#ifndef _LINUX_SMP_H
#define _LINUX_SMP_H

#include <linux/types.h>
#include <linux/percpu.h>
#include <linux/cpumask.h>

DECLARE_PER_CPU(int, cpu_number);
#define smp_processor_id() this_cpu_read(cpu_number)
#define raw_smp_processor_id() smp_processor_id()

typedef void (*smp_call_func_t)(void *info);

int smp_call_function_single(int cpu, smp_call_func_t func, void *info, bool wait);
void smp_call_function_many(const struct cpumask *mask, smp_call_func_t func,
			    void *info, bool wait);
/* Run func on every online CPU but this one. */
void smp_call_function(smp_call_func_t func, void *info, bool wait);
/* Run func on every online CPU, this one included (locally with irqs off). */
void on_each_cpu(smp_call_func_t func, void *info, bool wait);
void smp_send_reschedule(int cpu);
/* Stop every other CPU (panic, reboot): they halt with interrupts off. */
void smp_send_stop(void);

#endif /* _LINUX_SMP_H */
