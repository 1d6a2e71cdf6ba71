// SPDX-License-Identifier: GPL-2.0-only
/*
 * TRANSITIONAL: weak fallbacks for boot hooks whose subsystems are being
 * written in parallel (mm, arch interrupts/SMP, scheduler).  Each real
 * implementation is a strong symbol that overrides these; this file is
 * deleted once all of them are in the tree.
 */
#include <linux/kernel.h>
#include <linux/boot_hooks.h>
#include <linux/cpu.h>
#include <asm/processor.h>
#include <asm/page_types.h>

void __weak mm_core_init(void) { }
void __weak acpi_table_init(void) { }
void __weak init_IRQ(void) { }
void __weak sched_init(void) { }
void __weak time_init(void) { }
void __weak rcu_init(void) { }
void __weak smp_init(void) { }
void __weak workqueue_init(void) { }

void __weak __noreturn rest_init(void)
{
	kernel_init(NULL);
	for (;;)
		native_halt();
}

static char stub_stacks[CONFIG_NR_CPUS][THREAD_SIZE] __aligned(THREAD_SIZE);

struct task_struct *__weak idle_thread_get(int cpu)
{
	return (struct task_struct *)(unsigned long)(cpu + 1);
}

unsigned long __weak task_stack_top(struct task_struct *t)
{
	return (unsigned long)stub_stacks[(unsigned long)t - 1] + THREAD_SIZE;
}

void __weak __noreturn cpu_startup_entry(int cpu)
{
	for (;;)
		safe_halt();
}

void __weak tick_periodic(struct pt_regs *regs) { }
void __weak scheduler_ipi(void) { }
