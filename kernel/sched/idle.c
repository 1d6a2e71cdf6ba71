// SPDX-License-Identifier: GPL-2.0-only
/*
 * Idle tasks and the idle loop.
 *
 * Every CPU has an idle task (pid 0, "swapper/N") that runs when its run
 * queue is empty.  The boot CPU's is init_task: sched_init() adopts the
 * boot context as it, and rest_init() moves it from the boot stack onto
 * init_stack before entering the idle loop.  The other CPUs' idle tasks
 * are made by idle_thread_get() when the architecture brings a CPU up;
 * the CPU starts on task_stack_top() of it and calls cpu_startup_entry().
 *
 * The idle loop reports an RCU quiescent state, tries to pull work from a
 * busier CPU, and otherwise halts with interrupts enabled ("sti; hlt", no
 * window for a lost wakeup) until an interrupt - the tick or a reschedule
 * IPI - arrives.  It never spins.
 *
 * Interface: rest_init(), idle_thread_get(), task_stack_top(),
 * cpu_startup_entry() (linux/cpu.h, linux/boot_hooks.h).
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/sched.h>
#include <linux/cpu.h>
#include <linux/boot_hooks.h>
#include <linux/panic.h>
#include <asm/desc.h>
#include <asm/irqflags.h>
#include <asm/processor.h>
#include <linux/cred.h>
#include <linux/fs_struct.h>
#include <linux/fdtable.h>
#include "sched.h"

/* The boot CPU's idle stack; THREAD_SIZE-aligned like every task stack. */
static union {
	unsigned long words[THREAD_SIZE / sizeof(unsigned long)];
} init_stack __aligned(THREAD_SIZE);

struct task_struct init_task = {
	.__state = TASK_RUNNING,
	.flags = PF_KTHREAD | PF_NO_SETAFFINITY,
	.stack = &init_stack,
	.usage = ATOMIC_INIT(1),
	.on_cpu = 1,
	.time_slice = RR_TIMESLICE,
	.run_list = LIST_HEAD_INIT(init_task.run_list),
	.pi_lock = __SPIN_LOCK_UNLOCKED(init_task.pi_lock),
	.pid = 0,
	.comm = "swapper/0",
	.tasks = LIST_HEAD_INIT(init_task.tasks),
	.fs = &init_fs,
	.files = &init_files,
	.real_cred = &init_cred,
	.cred = &init_cred,
};

/* Valid from the first instruction: the template copy every CPU starts with. */
DEFINE_PER_CPU(struct task_struct *, current_task) = &init_task;

struct task_struct *idle_thread_get(int cpu)
{
	struct rq *rq = cpu_rq(cpu);
	struct task_struct *idle = rq->idle;

	if (idle)
		return idle;
	idle = create_idle_task(cpu);
	if (!idle) {
		pr_err("sched: no memory for CPU %d's idle task\n", cpu);
		return NULL;
	}
	spin_lock_irq(&rq->lock);
	rq->curr = idle;
	WRITE_ONCE(rq->idle, idle);
	spin_unlock_irq(&rq->lock);
	per_cpu(current_task, cpu) = idle;
	return idle;
}

unsigned long task_stack_top(struct task_struct *t)
{
	return (unsigned long)t->stack + THREAD_SIZE;
}

static void do_idle(void)
{
	while (!need_resched()) {
		rcu_qs();
		if (load_balance(true))
			continue;
		local_irq_disable();
		if (need_resched()) {
			local_irq_enable();
			break;
		}
		safe_halt();
	}
	schedule();
}

void __noreturn cpu_startup_entry(int cpu)
{
	struct task_struct *idle = current;

	WARN_ON(idle != cpu_rq(cpu)->idle || cpu != smp_processor_id());
	this_cpu_tss()->sp0 = task_stack_top(idle);
	idle->flags |= PF_IDLE;
	local_irq_enable();
	for (;;)
		do_idle();
}

void __init __noreturn rest_init(void)
{
	pid_t pid = kernel_thread(kernel_init, NULL, "init", 0);

	if (pid != 1)
		panic("rest_init: cannot start init as pid 1 (got %d)", pid);
	WRITE_ONCE(scheduler_running, true);
	/* Leave the boot stack for good: the idle task lives on init_stack. */
	call_on_stack_noreturn(task_stack_top(&init_task), cpu_startup_entry,
			       smp_processor_id());
}
