/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Scheduler internals shared by the files in kernel/sched/.
 *
 * struct rq: one per CPU.  Its lock is taken with interrupts off
 * (wakeups come from interrupt handlers) and nests inside p->pi_lock;
 * two run-queue locks are taken in CPU order (double_rq_lock()).
 */
#ifndef _KERNEL_SCHED_SCHED_H
#define _KERNEL_SCHED_SCHED_H

#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/percpu.h>

struct rq {
	spinlock_t lock;
	/*
	 * Runnable tasks waiting for this CPU, in round-robin order; the
	 * running task is not on it.  nr_running counts the queued tasks
	 * plus the running one unless that is the idle task.
	 */
	struct list_head queue;
	unsigned int nr_running;
	long nr_uninterruptible;	/* may go negative: see try_to_wake_up() */
	struct task_struct *curr;	/* written under lock, read locklessly */
	struct task_struct *idle;
	int cpu;
	unsigned long nr_switches;
	unsigned long next_balance;	/* jiffies */
	unsigned long resched_ipis;	/* reschedule IPIs received (this CPU only) */
};

DECLARE_PER_CPU(struct rq, runqueues);

#define cpu_rq(cpu)	per_cpu_ptr(&runqueues, (cpu))
#define this_rq()	this_cpu_ptr(&runqueues)

/* Set once rest_init() hands the boot CPU to the idle loop. */
extern bool scheduler_running;

/*
 * idle.c: poll every idle CPU for window_ns before halting (0: adapt
 * again); false if the idle loop never polls (idle=halt).
 */
bool idle_poll_force(u64 window_ns);

/* core.c */
void sched_init_rq(int cpu);
void scheduler_tick(bool user);
/* Pull queued tasks from the busiest CPU to this one; true if any moved. */
bool load_balance(bool newly_idle);
void sched_update_loadavg(void);

/* wait_bit.c */
void wait_bit_init(void);

/* fork.c */
void fork_init(void);
struct task_struct *create_idle_task(int cpu);

/* pid.c */
int alloc_pid(void);
void free_pid(int pid);
void attach_pid(struct task_struct *p);
void detach_pid(struct task_struct *p);

/* Stack overflow canary at the lowest word of every task stack. */
#define STACK_END_MAGIC		0x57ac6e9dUL

static inline unsigned long *end_of_stack(struct task_struct *p)
{
	return (unsigned long *)p->stack;
}

#endif /* _KERNEL_SCHED_SCHED_H */
