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
 * busier CPU, and otherwise waits for work in two steps:
 *
 *  1. Poll: spin on its own need_resched flag for at most the CPU's poll
 *     window, interrupts enabled.
 *  2. Halt with interrupts enabled ("sti; hlt", no window for a lost
 *     wakeup) until an interrupt - the tick or a reschedule IPI - arrives.
 *
 * The idle task keeps TIF_POLLING_NRFLAG set whenever it runs, except
 * across the halt: it clears the flag, looks at need_resched once more
 * and only then halts.  A waker that sees the flag only sets need_resched
 * and sends no IPI (see set_need_resched_needs_ipi()): the idle loop is
 * bound to look before it halts.  So a hand-off to a CPU that went idle a
 * moment ago costs a store, not an interrupt to a halted CPU - which
 * under a hypervisor means waking a host thread, the most expensive part
 * of passing work from one task to another on another CPU.
 *
 * The poll window adapts per CPU, so a CPU that idles for long stretches
 * burns no time spinning: a halt that a reschedule IPI ended within
 * IDLE_POLL_MAX_NS of going idle doubles the window (starting at
 * IDLE_POLL_START_NS; polling that long would have saved the IPI); an
 * idle period longer than IDLE_POLL_MAX_NS halves it, down to zero.  A
 * wakeup caught while polling leaves it as it is, and so does a halt that
 * a device interrupt ended: polling cannot save that interrupt, and a
 * spinning vCPU would only take host CPU time from the emulated device
 * that is about to raise it.
 * `idle=halt` on the command line never polls, `idle=poll` never halts.
 * Each CPU counts its polls and halts and the time in each; drivers/base
 * shows them as /sys/devices/system/cpu/cpuN/cpuidle/state{0,1}/.
 *
 * Interface: rest_init(), idle_thread_get(), task_stack_top(),
 * cpu_startup_entry() (linux/cpu.h, linux/boot_hooks.h); idle_state_stat()
 * and idle_poll_stat() (linux/cpu.h); idle_poll_force() for self tests
 * (sched.h).
 *
 * Locking: the poll window and the counters are per CPU, written only by
 * that CPU's idle task and read locklessly by sysfs.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/sched.h>
#include <linux/cpu.h>
#include <linux/jiffies.h>
#include <linux/timekeeping.h>
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

/* ------------------------------------------------------------ polling */

/* The first non-zero poll window, and the longest. */
#define IDLE_POLL_START_NS	10000ULL
#define IDLE_POLL_MAX_NS	200000ULL
/* Read the clock once per this many loop turns while polling. */
#define IDLE_POLL_CLOCK_EVERY	32

enum idle_mode {
	IDLE_ADAPTIVE,		/* poll for the CPU's window, then halt */
	IDLE_HALT,		/* halt at once (idle=halt) */
	IDLE_POLL,		/* poll and never halt (idle=poll) */
};

static enum idle_mode idle_mode = IDLE_ADAPTIVE;

struct idle_stats {
	u64 poll_window_ns;
	unsigned long polls, halts;	/* entries into each state */
	unsigned long poll_hits;	/* polls that ended with work to do */
	u64 poll_ns, halt_ns;		/* time spent in each state */
};

static DEFINE_PER_CPU(struct idle_stats, idle_stats);

/* Non-zero: every CPU polls this long, adapting nothing (self tests). */
static u64 idle_poll_forced_ns;

bool idle_poll_force(u64 window_ns)
{
	WRITE_ONCE(idle_poll_forced_ns, window_ns);
	return idle_mode != IDLE_HALT;
}

static int __init idle_mode_setup(char *arg)
{
	if (!strcmp(arg, "halt"))
		idle_mode = IDLE_HALT;
	else if (!strcmp(arg, "poll"))
		idle_mode = IDLE_POLL;
	else
		pr_warn("idle=%s: unknown mode (known: poll, halt); polling adaptively\n", arg);
	return 1;
}
__setup("idle=", idle_mode_setup);

/* Spin until need_resched is set or budget_ns have passed; true if work came. */
static bool idle_poll(u64 budget_ns)
{
	struct idle_stats *st = this_cpu_ptr(&idle_stats);
	u64 start = local_clock(), now = start;
	bool work = false;
	unsigned int turn = 0;

	st->polls++;
	while (!need_resched()) {
		cpu_relax();
		if (++turn % IDLE_POLL_CLOCK_EVERY)
			continue;
		now = local_clock();
		if (now - start >= budget_ns)
			break;
	}
	if (need_resched()) {
		work = true;
		st->poll_hits++;
		now = local_clock();
	}
	st->poll_ns += now - start;
	return work;
}

/*
 * Halt until an interrupt, unless work came; interrupts are on again
 * after it.  Clearing the polling flag is a locked instruction (a full
 * barrier) and need_resched is tested after it: a waker either set
 * need_resched before - we see it and do not halt - or saw the flag
 * clear and sends the IPI that ends the halt.
 */
static void idle_halt(void)
{
	struct idle_stats *st = this_cpu_ptr(&idle_stats);
	u64 start;

	local_irq_disable();
	clear_tsk_thread_flag(current, TIF_POLLING_NRFLAG);
	if (!need_resched()) {
		st->halts++;
		start = local_clock();
		safe_halt();
		st->halt_ns += local_clock() - start;
	} else {
		local_irq_enable();
	}
	set_tsk_thread_flag(current, TIF_POLLING_NRFLAG);
}

/*
 * Adapt the poll window to an idle period of idle_ns that polling did
 * not end; ipi_woken: a reschedule IPI arrived during it.
 */
static void idle_poll_adapt(struct idle_stats *st, u64 idle_ns, bool ipi_woken)
{
	if (idle_ns > IDLE_POLL_MAX_NS) {
		st->poll_window_ns /= 2;
		if (st->poll_window_ns < IDLE_POLL_START_NS)
			st->poll_window_ns = 0;
	} else if (ipi_woken) {
		if (!st->poll_window_ns)
			st->poll_window_ns = IDLE_POLL_START_NS;
		else
			st->poll_window_ns = min(st->poll_window_ns * 2, IDLE_POLL_MAX_NS);
	}
}

static void do_idle(void)
{
	struct idle_stats *st = this_cpu_ptr(&idle_stats);
	u64 forced = READ_ONCE(idle_poll_forced_ns);
	u64 window = forced ? forced : st->poll_window_ns;
	unsigned long ipis = READ_ONCE(this_rq()->resched_ipis);
	u64 start = local_clock();
	bool polled = false, caught = false;

	while (!need_resched()) {
		rcu_qs();
		if (load_balance(true))
			continue;
		if (idle_mode == IDLE_POLL) {
			/* A tick's worth at a time, so the loop above still runs. */
			if (idle_poll(NSEC_PER_SEC / HZ))
				break;
			continue;
		}
		if (idle_mode == IDLE_ADAPTIVE && !polled && window) {
			polled = true;
			if (idle_poll(window)) {
				caught = true;
				break;
			}
			continue;
		}
		idle_halt();
	}
	if (idle_mode == IDLE_ADAPTIVE && !caught && !forced)
		idle_poll_adapt(st, local_clock() - start,
				READ_ONCE(this_rq()->resched_ipis) != ipis);
	schedule();
}

/*
 * Statistics of cpu's idle states for sysfs: state 0 is polling, 1 is
 * halting.  Returns false for a state that does not exist.
 */
bool idle_state_stat(int cpu, int state, unsigned long *usage, u64 *time_ns)
{
	struct idle_stats *st = per_cpu_ptr(&idle_stats, cpu);

	switch (state) {
	case 0:
		*usage = READ_ONCE(st->polls);
		*time_ns = READ_ONCE(st->poll_ns);
		return true;
	case 1:
		*usage = READ_ONCE(st->halts);
		*time_ns = READ_ONCE(st->halt_ns);
		return true;
	}
	return false;
}

/* The current poll window of cpu and how many polls ended with work. */
void idle_poll_stat(int cpu, u64 *window_ns, unsigned long *hits)
{
	struct idle_stats *st = per_cpu_ptr(&idle_stats, cpu);

	*window_ns = READ_ONCE(st->poll_window_ns);
	*hits = READ_ONCE(st->poll_hits);
}

void __noreturn cpu_startup_entry(int cpu)
{
	struct task_struct *idle = current;

	WARN_ON(idle != cpu_rq(cpu)->idle || cpu != smp_processor_id());
	this_cpu_tss()->sp0 = task_stack_top(idle);
	idle->flags |= PF_IDLE;
	set_tsk_thread_flag(idle, TIF_POLLING_NRFLAG);
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
