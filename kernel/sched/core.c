// SPDX-License-Identifier: GPL-2.0-only
/*
 * The scheduler core: per-CPU run queues, schedule(), wakeups, affinity,
 * the scheduler tick and load balancing.
 *
 * Policy: round robin.  Each CPU serves its queue in FIFO order; a task
 * that keeps running for RR_TIMESLICE ticks while others wait gets its
 * need_resched flag set by the tick, and gives up the CPU at its next
 * schedule point (cond_resched(), a sleep, or - once user processes
 * exist - the return to user mode).  The kernel itself is never
 * preempted.
 *
 * Placement: a woken task goes to its previous CPU if that CPU is idle,
 * else to any idle CPU it may use, else to the least loaded one; an idle
 * target CPU gets a reschedule IPI.  A sync wakeup (WF_SYNC: the waker
 * is about to sleep, as a pipe writer waking its reader is) puts the
 * task on the waker's CPU instead when the waker is alone there, and
 * the balancer leaves it there until the next tick.  An idle CPU that is
 * polling its need_resched flag (kernel/sched/idle.c) gets no IPI: the
 * flag alone wakes it.  Idle CPUs pull queued tasks from the
 * busiest CPU whenever they look for work, and busy CPUs rebalance every
 * BALANCE_INTERVAL ticks, moving half the difference when two queues
 * differ by two or more.  Queues that differ by one (three CPU hogs on two
 * CPUs) are rotated instead: every ROTATE_INTERVAL a shorter queue's CPU
 * pulls one waiting task that has had at least as much CPU time as the
 * one running there, which then has a CPU to itself; so no hog keeps a
 * CPU to itself for long while the others share one.
 *
 * Locking (see struct task_struct and struct rq for the fields):
 *   p->pi_lock  ->  rq->lock  (at most one, or two via double_rq_lock())
 * Run-queue locks are always taken with interrupts off.  A wakeup runs
 * under the woken task's pi_lock; it takes the task's current run queue
 * lock to see whether the task still runs (then it only resets the state),
 * and otherwise waits for the task's registers to be saved (on_cpu) before
 * queueing it anywhere.  schedule() holds the run-queue lock across the
 * switch; the next task releases it in finish_task_switch().
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/smp.h>
#include <linux/cpu.h>
#include <linux/jiffies.h>
#include <linux/timer.h>
#include <linux/workqueue.h>
#include <linux/panic.h>
#include <linux/errno.h>
#include <linux/blkdev.h>
#include <asm/desc.h>
#include <asm/mmu_context.h>
#include <asm/irqflags.h>
#include <asm/processor.h>
#include <asm/stacktrace.h>
#include "sched.h"
#include "../workqueue_internal.h"

DEFINE_PER_CPU(struct rq, runqueues);
bool scheduler_running;

/* Busy CPUs look for imbalance this often (about 40 ms). */
#define BALANCE_INTERVAL	(HZ / 25 ? HZ / 25 : 1)
/* ...and rotate queues that differ by one task this often (about 50 ms). */
#define ROTATE_INTERVAL		(HZ / 20 ? HZ / 20 : 1)
/*
 * One rotation per ROTATE_INTERVAL in the whole system, so the crowded
 * queue moves on instead of bouncing back between two CPUs at once.
 * Read and written without a lock: two CPUs rotating in the same tick is
 * harmless.
 */
static unsigned long next_rotate;

/* ------------------------------------------------------------ run queues */

void __init sched_init_rq(int cpu)
{
	struct rq *rq = cpu_rq(cpu);

	spin_lock_init(&rq->lock);
	INIT_LIST_HEAD(&rq->queue);
	rq->nr_running = 0;
	rq->nr_uninterruptible = 0;
	rq->cpu = cpu;
	rq->curr = NULL;
	rq->idle = NULL;
	rq->nr_switches = 0;
	rq->next_balance = 0;
	rq->resched_ipis = 0;
}

/* Lock the run queue p belongs to; interrupts must be off. */
static struct rq *__task_rq_lock(struct task_struct *p)
{
	for (;;) {
		struct rq *rq = cpu_rq(task_cpu(p));

		spin_lock(&rq->lock);
		if (rq == cpu_rq(task_cpu(p)))
			return rq;
		spin_unlock(&rq->lock);
	}
}

static void double_rq_lock(struct rq *a, struct rq *b)
{
	if (a == b) {
		spin_lock(&a->lock);
	} else if (a->cpu < b->cpu) {
		spin_lock(&a->lock);
		spin_lock(&b->lock);
	} else {
		spin_lock(&b->lock);
		spin_lock(&a->lock);
	}
}

static void double_rq_unlock(struct rq *a, struct rq *b)
{
	spin_unlock(&a->lock);
	if (a != b)
		spin_unlock(&b->lock);
}

static void enqueue_task(struct rq *rq, struct task_struct *p)
{
	list_add_tail(&p->run_list, &rq->queue);
	p->on_rq = 1;
	WRITE_ONCE(rq->nr_running, rq->nr_running + 1);
}

/* Take a queued (not running) task off rq. */
static void dequeue_task(struct rq *rq, struct task_struct *p)
{
	list_del_init(&p->run_list);
	p->on_rq = 0;
	WRITE_ONCE(rq->nr_running, rq->nr_running - 1);
}

/* Ask rq's CPU to reschedule; an IPI if it is another CPU. */
static void resched_curr(struct rq *rq)
{
	struct task_struct *curr = rq->curr;

	if (test_tsk_need_resched(curr))
		return;
	if (set_need_resched_needs_ipi(curr) && rq->cpu != smp_processor_id())
		smp_send_reschedule(rq->cpu);
}

/*
 * p was just queued on rq.  Only an idle CPU is told to switch: the
 * kernel is not preemptive, and a busy CPU will reach p when the running
 * task's timeslice ends.  Returns true when rq's CPU is another one that
 * needs a reschedule IPI: the caller sends it once rq->lock is dropped,
 * because an IPI is slow to send under emulation (the ICR write is a
 * trip to the hypervisor) and the other CPU's schedule() and tick would
 * spin on the lock meanwhile.
 */
static bool check_preempt_wakeup(struct rq *rq)
{
	struct task_struct *curr = rq->curr;

	if (curr != rq->idle || test_tsk_need_resched(curr))
		return false;
	return set_need_resched_needs_ipi(curr) && rq->cpu != smp_processor_id();
}

static bool rq_is_idle(struct rq *rq)
{
	return READ_ONCE(rq->curr) == rq->idle && !READ_ONCE(rq->nr_running);
}

/* May p run on cpu now?  (Online, allowed, and its scheduler set up.) */
static bool cpu_usable(struct task_struct *p, int cpu)
{
	return cpu_online(cpu) && cpumask_test_cpu(cpu, &p->cpus_allowed) &&
	       READ_ONCE(cpu_rq(cpu)->idle);
}

/*
 * May a WF_SYNC wakeup put p on the waker's CPU?  Only when the waker is
 * the one task there: it says it is about to sleep, so p gets the CPU in
 * a moment without an IPI or an idle CPU leaving halt - the expensive
 * part of handing data from one task to another on another CPU.  A
 * queue already holding others is no place to wait.
 */
static bool sync_wake_here(struct task_struct *p, int wake_flags)
{
	int this_cpu = smp_processor_id();
	struct rq *this = cpu_rq(this_cpu);

	if (!(wake_flags & WF_SYNC) || current == this->idle || p == current)
		return false;
	return cpu_usable(p, this_cpu) && READ_ONCE(this->nr_running) == 1 &&
	       list_empty(&this->queue);
}

/* Pick the CPU for a task becoming runnable (lockless, best effort). */
static int select_task_rq(struct task_struct *p, int wake_flags)
{
	int prev = task_cpu(p), best = -1, cpu, i;
	unsigned int best_load = UINT_MAX;

	if (sync_wake_here(p, wake_flags)) {
		p->sync_wake_stamp = jiffies;
		p->sync_woken = true;
		return smp_processor_id();
	}
	if (cpu_usable(p, prev) && rq_is_idle(cpu_rq(prev)))
		return prev;
	/* Any idle CPU, searching upwards from prev so wakeups spread out. */
	for (i = 1; i < NR_CPUS; i++) {
		cpu = (prev + i) % NR_CPUS;
		if (cpu_usable(p, cpu) && rq_is_idle(cpu_rq(cpu)))
			return cpu;
	}
	/* The least loaded CPU; prev wins ties (its caches are warm). */
	for (i = 0; i < NR_CPUS; i++) {
		unsigned int load;

		cpu = (prev + i) % NR_CPUS;
		if (!cpu_usable(p, cpu))
			continue;
		load = READ_ONCE(cpu_rq(cpu)->nr_running);
		if (load < best_load) {
			best_load = load;
			best = cpu;
		}
	}
	if (best < 0) {
		/* No allowed CPU is online: break the affinity rather than hang. */
		best = smp_processor_id();
		pr_warn_once("sched: %s/%d has no usable CPU in its affinity mask; running it on CPU %d\n",
			     p->comm, p->pid, best);
	}
	return best;
}

/*
 * Queue p (runnable, not on any run queue, registers saved) on a good CPU;
 * wake_flags are the WF_* hints of the wakeup (0 for other placements).
 */
static void activate_task(struct task_struct *p, int wake_flags)
{
	int cpu = select_task_rq(p, wake_flags);
	struct rq *rq = cpu_rq(cpu);
	bool kick;

	spin_lock(&rq->lock);
	WRITE_ONCE(p->cpu, cpu);
	if (p->sched_contributes_to_load) {
		rq->nr_uninterruptible--;
		p->sched_contributes_to_load = false;
	}
	WRITE_ONCE(p->__state, TASK_RUNNING);
	p->time_slice = RR_TIMESLICE;
	enqueue_task(rq, p);
	kick = check_preempt_wakeup(rq);
	spin_unlock(&rq->lock);
	if (kick)
		smp_send_reschedule(cpu);
}

/* ------------------------------------------------------------ wakeups */

/*
 * Wake p if its state is in the state mask.  Returns 1 if p was woken
 * (its state changed to TASK_RUNNING), 0 if it was not sleeping in a
 * matching state.  Implies a full barrier before the state test.
 * wake_flags: WF_SYNC when the caller is about to sleep (see
 * select_task_rq()).
 */
static int try_to_wake_up(struct task_struct *p, unsigned int state, int wake_flags)
{
	unsigned long flags;
	struct rq *rq;
	int success = 0;

	spin_lock_irqsave(&p->pi_lock, flags);
	if (!(READ_ONCE(p->__state) & state))
		goto out;
	success = 1;

	rq = __task_rq_lock(p);
	if (p->on_rq) {
		/* Still running (or about to sleep) on rq: cancel the sleep. */
		WRITE_ONCE(p->__state, TASK_RUNNING);
		spin_unlock(&rq->lock);
		goto out;
	}
	spin_unlock(&rq->lock);

	/*
	 * p went to sleep.  Its CPU may still be switching away from it: its
	 * registers are on its stack only once on_cpu drops to 0.
	 */
	while (smp_load_acquire(&p->on_cpu))
		cpu_relax();
	activate_task(p, wake_flags);
out:
	spin_unlock_irqrestore(&p->pi_lock, flags);
	return success;
}

int wake_up_process(struct task_struct *p)
{
	return try_to_wake_up(p, TASK_NORMAL, 0);
}

int wake_up_state(struct task_struct *p, unsigned int state)
{
	return try_to_wake_up(p, state, 0);
}

int wake_up_state_flags(struct task_struct *p, unsigned int state, int wake_flags)
{
	return try_to_wake_up(p, state, wake_flags);
}

void wake_up_new_task(struct task_struct *p)
{
	try_to_wake_up(p, TASK_NEW, 0);
}

/*
 * A signal arrived for p: wake it if it sleeps interruptibly (or, for a
 * fatal one, killably).  If it runs on another CPU, kick that CPU with a
 * reschedule IPI (Linux's kick_process()): in user mode p would not look
 * at its signals before the next tick or system call, and a system call
 * that starts with a signal pending fails at once with EINTR where Linux
 * would have run the handler first.  The IPI's return to user mode
 * delivers the signal.
 */
void signal_wake_up(struct task_struct *p, bool fatal)
{
	int cpu;

	if (try_to_wake_up(p, TASK_INTERRUPTIBLE | (fatal ? TASK_WAKEKILL : 0), 0))
		return;
	cpu = task_cpu(p);
	if (cpu != smp_processor_id() && READ_ONCE(cpu_rq(cpu)->curr) == p)
		smp_send_reschedule(cpu);
}

/* ------------------------------------------------------------ schedule() */

static void schedule_debug(struct task_struct *prev)
{
	if (unlikely(*end_of_stack(prev) != STACK_END_MAGIC))
		panic("kernel stack overflow in %s/%d", prev->comm, prev->pid);
#ifdef CONFIG_DEBUG_KERNEL
	if (unlikely(this_cpu_read(rcu_read_lock_nesting))) {
		WARN_ONCE(1, "BUG: %s/%d called schedule() inside an RCU read-side section\n",
			  prev->comm, prev->pid);
		this_cpu_write(rcu_read_lock_nesting, 0);
	}
#endif
	if (unlikely(irqs_disabled() && scheduler_running))
		WARN_ONCE(1, "BUG: %s/%d called schedule() with interrupts disabled\n",
			  prev->comm, prev->pid);
}

/*
 * Runs in the next task, right after the switch: lets go of the CPU state
 * of prev (on_cpu), releases the run-queue lock schedule() took, and
 * finishes off a dead or wrongly placed prev.  this_rq() rather than the
 * caller's rq: the resumed task may have been moved to another CPU since
 * it last ran.
 */
static void finish_task_switch(struct task_struct *prev)
{
	struct rq *rq = this_rq();
	bool dead = READ_ONCE(prev->__state) == TASK_DEAD;
	bool migrate = prev->migrate_pending;

	prev->migrate_pending = false;
	smp_store_release(&prev->on_cpu, 0);
	spin_unlock(&rq->lock);
	local_irq_enable();

	if (migrate) {
		unsigned long flags;

		spin_lock_irqsave(&prev->pi_lock, flags);
		activate_task(prev, 0);
		spin_unlock_irqrestore(&prev->pi_lock, flags);
	}
	if (dead)
		put_task_struct(prev);
}

/* The first thing a new task runs (from ret_from_kernel_thread). */
void schedule_tail(struct task_struct *prev)
{
	finish_task_switch(prev);
}

static struct task_struct *pick_next_task(struct rq *rq)
{
	struct task_struct *next;

	if (list_empty(&rq->queue))
		return rq->idle;
	next = list_first_entry(&rq->queue, struct task_struct, run_list);
	list_del_init(&next->run_list);
	next->sync_woken = false;
	return next;
}

/*
 * preempt: prev only gives up the CPU (cond_resched()) and stays on the
 * queue whatever its state.  A task may reach cond_resched() between
 * set_current_state(TASK_INTERRUPTIBLE) and its schedule() - a socket's
 * release_sock() on the way to a sleep does - and must not go to sleep
 * there: it has not checked its condition yet and nobody may wake it.
 */
static void __schedule(bool preempt)
{
	struct task_struct *prev = current, *next;
	unsigned int state;
	struct rq *rq;

	schedule_debug(prev);
	local_irq_disable();
	rcu_qs();
	rq = this_rq();
	spin_lock(&rq->lock);

	state = READ_ONCE(prev->__state);
	if (!preempt && state != TASK_RUNNING && prev != rq->idle) {
		if (signal_pending_state(state, prev)) {
			WRITE_ONCE(prev->__state, TASK_RUNNING);
		} else {
			prev->on_rq = 0;
			WRITE_ONCE(rq->nr_running, rq->nr_running - 1);
			if ((state & TASK_UNINTERRUPTIBLE) && !(state & TASK_NOLOAD)) {
				prev->sched_contributes_to_load = true;
				rq->nr_uninterruptible++;
			}
			prev->nvcsw++;
		}
	}
	if (prev->on_rq && prev != rq->idle) {
		if (likely(cpumask_test_cpu(rq->cpu, &prev->cpus_allowed))) {
			list_add_tail(&prev->run_list, &rq->queue);
		} else {
			/* Its affinity changed: finish_task_switch() moves it. */
			prev->on_rq = 0;
			WRITE_ONCE(rq->nr_running, rq->nr_running - 1);
			prev->migrate_pending = true;
		}
	}

	next = pick_next_task(rq);
	clear_tsk_need_resched(prev);
	if (next == prev) {
		spin_unlock(&rq->lock);
		local_irq_enable();
		return;
	}
	if (prev->on_rq && next != prev)
		prev->nivcsw++;
	next->on_cpu = 1;
	WRITE_ONCE(rq->curr, next);
	rq->nr_switches++;

	/* next's address space; kernel threads run on init_mm (no lazy TLB). */
	context_switch_mm(prev, next);
	prev = __switch_to_asm(prev, next);
	finish_task_switch(prev);
}

void schedule(void)
{
	struct task_struct *tsk = current;

#ifdef CONFIG_BLOCK
	/* Plugged I/O must not wait for the task that plugged it to wake up. */
	if (tsk->plug && READ_ONCE(tsk->__state) != TASK_RUNNING)
		blk_flush_plug(tsk->plug, true);
#endif
	if ((tsk->flags & PF_WQ_WORKER) && READ_ONCE(tsk->__state) != TASK_RUNNING)
		wq_worker_sleeping(tsk);
	__schedule(false);
	if (tsk->flags & PF_WQ_WORKER)
		wq_worker_running(tsk);
}

void io_schedule(void)
{
	schedule();
}

void yield(void)
{
	__set_current_state(TASK_RUNNING);
	schedule();
}

int cond_resched(void)
{
#ifdef CONFIG_DEBUG_KERNEL
	__might_sleep(__FILE__, __LINE__);
#endif
	rcu_qs();
	if (need_resched()) {
		__schedule(true);
		return 1;
	}
	return 0;
}

#ifdef CONFIG_DEBUG_KERNEL
void __might_sleep(const char *file, int line)
{
	int rcu_depth = this_cpu_read(rcu_read_lock_nesting);

	if (!READ_ONCE(scheduler_running))
		return;
	if (likely(!irqs_disabled() && !rcu_depth))
		return;
	WARN_ONCE(1, "BUG: sleeping function called from invalid context at %s:%d (irqs %s, rcu depth %d, %s/%d)\n",
		  file, line, irqs_disabled() ? "off" : "on", rcu_depth,
		  current->comm, current->pid);
}
#endif

int wait_task_inactive(struct task_struct *p, unsigned int match_state)
{
	might_sleep();
	for (;;) {
		if (READ_ONCE(p->__state) != match_state)
			return 0;
		if (!READ_ONCE(p->on_rq) && !smp_load_acquire(&p->on_cpu))
			return 1;
		/* p is on its way to sleep on another CPU: a few instructions away. */
		yield();
		cpu_relax();
	}
}

/* ------------------------------------------------------------ affinity */

int set_cpus_allowed_ptr(struct task_struct *p, const struct cpumask *mask)
{
	unsigned long flags;
	bool move_self = false;
	struct rq *rq;
	int cpu, ret = -EINVAL;

	for_each_cpu(cpu, mask) {
		if (cpu_possible(cpu)) {
			ret = 0;
			break;
		}
	}
	if (ret)
		return ret;

	spin_lock_irqsave(&p->pi_lock, flags);
	rq = __task_rq_lock(p);
	cpumask_copy(&p->cpus_allowed, mask);
	if (cpumask_test_cpu(task_cpu(p), mask) || !p->on_rq) {
		/* Fine where it is, or placed by its next wakeup. */
		spin_unlock(&rq->lock);
	} else if (rq->curr != p) {
		/* Queued on a CPU it may not use any more: requeue elsewhere. */
		dequeue_task(rq, p);
		spin_unlock(&rq->lock);
		activate_task(p, 0);
	} else {
		/* Running: it moves itself at its next schedule(). */
		resched_curr(rq);
		move_self = p == current;
		spin_unlock(&rq->lock);
	}
	spin_unlock_irqrestore(&p->pi_lock, flags);
	if (move_self)
		__schedule(true);
	return 0;
}

/* ------------------------------------------------------------ tick and balancing */

/* CPU time a task has had, in ticks. */
static inline unsigned long task_ticks(struct task_struct *p)
{
	return READ_ONCE(p->utime) + READ_ONCE(p->stime);
}

/*
 * Pull queued tasks from the busiest CPU.  newly_idle: called from the
 * idle loop, looking for any work at all; otherwise from a busy CPU's
 * tick, which also rotates queues one task apart.  Runs with interrupts
 * on or off.
 */
bool load_balance(bool newly_idle)
{
	int this_cpu = smp_processor_id(), busiest_cpu = -1, cpu, moved = 0;
	struct rq *this = this_rq(), *busiest;
	unsigned int this_load = READ_ONCE(this->nr_running), max_load = 0;
	struct task_struct *p, *n;
	unsigned long flags;
	bool rotate = false;
	int imbalance;

	for_each_online_cpu(cpu) {
		unsigned int load;

		if (cpu == this_cpu)
			continue;
		load = READ_ONCE(cpu_rq(cpu)->nr_running);
		/* Only queued tasks can move: the busiest needs one besides its current. */
		if (load >= 2 && load > max_load) {
			max_load = load;
			busiest_cpu = cpu;
		}
	}
	if (busiest_cpu < 0)
		return false;
	if (max_load >= this_load + 2) {
		imbalance = (max_load - this_load) / 2;
	} else if (!newly_idle && this_load && max_load == this_load + 1 &&
		   time_after_eq(jiffies, READ_ONCE(next_rotate))) {
		/* One apart: take turns at the shorter queue. */
		rotate = true;
		imbalance = 1;
	} else {
		return false;
	}
	busiest = cpu_rq(busiest_cpu);

	local_irq_save(flags);
	double_rq_lock(this, busiest);
	/* From the tail: those queued last ran most recently and wait longest to run again. */
	list_for_each_entry_safe_reverse(p, n, &busiest->queue, run_list) {
		if (moved >= imbalance)
			break;
		if (p->on_cpu || !cpumask_test_cpu(this_cpu, &p->cpus_allowed))
			continue;
		/*
		 * Rotating: the task left running there gets a CPU to itself,
		 * so move one that has had at least as much CPU time as it;
		 * else wait for the next tick, when the other may be running.
		 */
		if (rotate && task_ticks(p) < task_ticks(busiest->curr))
			continue;
		/*
		 * A task a sync wakeup queued behind its waker this very
		 * tick is about to get that CPU: taking it here would bring
		 * back the cross-CPU hand-off the wakeup avoided.  If the
		 * waker keeps running after all, the next tick lets it go.
		 */
		if (p->sync_woken && p->sync_wake_stamp == jiffies)
			continue;
		list_del(&p->run_list);
		WRITE_ONCE(busiest->nr_running, busiest->nr_running - 1);
		WRITE_ONCE(p->cpu, this_cpu);
		list_add_tail(&p->run_list, &this->queue);
		WRITE_ONCE(this->nr_running, this->nr_running + 1);
		moved++;
	}
	if (moved && this->curr == this->idle)
		set_tsk_need_resched(this->idle);
	if (moved && rotate)
		WRITE_ONCE(next_rotate, jiffies + ROTATE_INTERVAL);
	double_rq_unlock(this, busiest);
	local_irq_restore(flags);
	return moved > 0;
}

/* From the tick on every CPU, interrupts off. */
void scheduler_tick(bool user)
{
	struct rq *rq = this_rq();
	struct task_struct *curr;

	spin_lock(&rq->lock);
	curr = rq->curr;
	if (curr == rq->idle) {
		/* A wakeup whose IPI got lost still gets served. */
		if (!list_empty(&rq->queue))
			set_tsk_need_resched(curr);
	} else {
		if (user)
			curr->utime++;
		else
			curr->stime++;
		if (curr->time_slice > 1) {
			curr->time_slice--;
		} else {
			curr->time_slice = RR_TIMESLICE;
			if (!list_empty(&rq->queue))
				set_tsk_need_resched(curr);
		}
	}
	spin_unlock(&rq->lock);

	if (curr != rq->idle && time_after_eq(jiffies, rq->next_balance)) {
		rq->next_balance = jiffies + BALANCE_INTERVAL;
		load_balance(false);
	}
}

/* The reschedule IPI: the interrupt itself ends the target's halt; make sure it looks. */
void scheduler_ipi(void)
{
	struct rq *rq = this_rq();

	rq->resched_ipis++;
	if (READ_ONCE(rq->curr) == rq->idle && READ_ONCE(rq->nr_running))
		set_tsk_need_resched(rq->idle);
}

/* ------------------------------------------------------------ statistics, debugging */

unsigned long nr_running(void)
{
	unsigned long sum = 0;
	int cpu;

	for_each_online_cpu(cpu)
		sum += READ_ONCE(cpu_rq(cpu)->nr_running);
	return sum;
}

unsigned long nr_context_switches(void)
{
	unsigned long sum = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		sum += READ_ONCE(cpu_rq(cpu)->nr_switches);
	return sum;
}

unsigned long nr_uninterruptible(void)
{
	long sum = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		sum += READ_ONCE(cpu_rq(cpu)->nr_uninterruptible);
	return sum < 0 ? 0 : sum;
}

struct task_struct *idle_task(int cpu)
{
	return cpu_rq(cpu)->idle;
}

static char task_state_char(struct task_struct *p)
{
	unsigned int state = READ_ONCE(p->__state);

	if (state == TASK_RUNNING)
		return 'R';
	if (state & TASK_INTERRUPTIBLE)
		return 'S';
	if (state & TASK_UNINTERRUPTIBLE)
		return (state & TASK_NOLOAD) ? 'I' : 'D';
	if (state & TASK_DEAD)
		return 'X';
	return '?';
}

void sched_show_task(struct task_struct *p)
{
	printk(KERN_INFO "task:%-15s state:%c pid:%-5d cpu:%d flags:%#010x\n",
	       p->comm, task_state_char(p), p->pid, task_cpu(p), p->flags);
	if (p == current)
		dump_stack();
	else if (!READ_ONCE(p->on_cpu) && thread_saved_bp(p))
		show_stack_from(thread_saved_bp(p));
}

/* Does t's state match show_state_filter()'s @state (0: every task)? */
static bool show_state_match(struct task_struct *t, unsigned int state)
{
	unsigned int s = READ_ONCE(t->__state);

	if (!state)
		return true;
	/* An idle worker (TASK_NOLOAD) is not blocked on anything. */
	return (s & state) && !(s & TASK_NOLOAD);
}

void show_state_filter(unsigned int state)
{
	struct task_struct *p, *t;
	int cpu;

	if (!state)
		for_each_online_cpu(cpu)
			if (idle_task(cpu))
				sched_show_task(idle_task(cpu));
	rcu_read_lock();
	for_each_process(p) {
		/* Kernel threads have no signal_struct and no other threads. */
		if (!p->signal) {
			if (show_state_match(p, state))
				sched_show_task(p);
			continue;
		}
		for_each_thread(p, t)
			if (show_state_match(t, state))
				sched_show_task(t);
	}
	rcu_read_unlock();
}

void show_state(void)
{
	show_state_filter(0);
}

/* ------------------------------------------------------------ boot */

void __init sched_init(void)
{
	int cpu = smp_processor_id();
	struct rq *rq;

	/* The boot CPU is running this: make sure the masks say so. */
	set_cpu_possible(cpu, true);
	set_cpu_online(cpu, true);

	for (int i = 0; i < NR_CPUS; i++)
		sched_init_rq(i);

	/* The boot context becomes this CPU's idle task. */
	rq = cpu_rq(cpu);
	init_task.cpu = cpu;
	cpumask_clear(&init_task.cpus_allowed);
	cpumask_set_cpu(cpu, &init_task.cpus_allowed);
	*end_of_stack(&init_task) = STACK_END_MAGIC;
	rq->idle = &init_task;
	rq->curr = &init_task;
	this_cpu_write(current_task, &init_task);
	this_cpu_tss()->sp0 = (unsigned long)init_task.stack + THREAD_SIZE;

	wait_bit_init();
	fork_init();
	init_timers();
	workqueue_init_early();
	pr_info("sched: round robin, timeslice %d ticks at HZ=%d, %d CPUs possible\n",
		(int)RR_TIMESLICE, HZ, num_possible_cpus());
}
