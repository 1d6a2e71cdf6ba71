/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The contract between architecture SMP bring-up and the scheduler.
 *
 * Boot CPU: start_kernel() -> sched_init() turns the running boot context
 * into CPU 0's idle task; smp_init() (arch) then starts every other CPU:
 *
 *   idle = idle_thread_get(cpu);          scheduler: the CPU's idle task
 *   start the AP on task_stack_top(idle)  arch: INIT-SIPI-SIPI, trampoline
 *   AP: cpu_init(cpu), LAPIC + timer,     arch
 *       set_cpu_online(cpu, true),
 *       cpu_startup_entry(cpu)            scheduler: becomes idle, never returns
 *
 * Timer tick: the arch's per-CPU periodic timer interrupt calls
 * tick_periodic(regs) on every CPU (kernel/time/tick.c), which advances
 * jiffies on one CPU and runs the scheduler tick, timers and RCU on all.
 * The reschedule IPI handler calls scheduler_ipi().
 */
#ifndef _LINUX_CPU_H
#define _LINUX_CPU_H

#include <linux/compiler.h>

struct task_struct;
struct pt_regs;

struct task_struct *idle_thread_get(int cpu);
unsigned long task_stack_top(struct task_struct *t);
void __noreturn cpu_startup_entry(int cpu);
/* Idle-state statistics (kernel/sched/idle.c): state 0 polls, 1 halts. */
bool idle_state_stat(int cpu, int state, unsigned long *usage, u64 *time_ns);
void idle_poll_stat(int cpu, u64 *window_ns, unsigned long *hits);
void tick_periodic(struct pt_regs *regs);
void scheduler_ipi(void);

#endif /* _LINUX_CPU_H */
