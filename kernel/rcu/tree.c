// SPDX-License-Identifier: GPL-2.0-only
/*
 * Quiescent-state-based RCU for a non-preemptive kernel.
 *
 * Interface: rcu_read_lock()/rcu_read_unlock() (linux/rcupdate.h, free),
 * call_rcu(), synchronize_rcu(), rcu_barrier(), kfree_rcu(); for the
 * scheduler and the tick: rcu_qs(), rcu_sched_clock_irq().
 *
 * THE RULES (the lockless page cache and everything else relies on them)
 *
 * 1. Readers.  A read-side section is the code between rcu_read_lock()
 *    and rcu_read_unlock().  It must not sleep, call schedule() or
 *    cond_resched(); the kernel is not preemptive, so a section runs
 *    start to end on one CPU.  Interrupt handlers may have sections too.
 *
 * 2. Quiescent states (QS).  A CPU is in a QS when it runs no read-side
 *    section.  We recognise: a context switch (__schedule()), each pass
 *    of the idle loop, cond_resched(), and a tick that interrupted user
 *    mode or the idle loop (PF_IDLE).  A CPU spinning in the kernel
 *    without any of these blocks grace periods: long loops must call
 *    cond_resched() (the stall warning below names the CPU).
 *
 * 3. Grace periods (GP).  rcu_state.gp_seq is even while no GP runs and
 *    odd during one.  Starting a GP (under rcu_state.lock): full barrier,
 *    gp_seq++, need_mask = the online CPUs.  A CPU "notices" the GP when
 *    rcu_qs() reads the odd gp_seq at a QS point; noticing there is
 *    itself its QS: everything it did before - every read section - is
 *    over, and every section it starts afterwards began after the GP
 *    started.  It then clears its bit in need_mask (under the lock, a
 *    full barrier).  The CPU clearing the last bit ends the GP: full
 *    barrier, gp_seq++, and starts the next GP at once if anyone asked
 *    for one (gp_seq_needed).  A QS is never carried over: one observed
 *    before the GP's start cannot be reported for it, because reporting
 *    happens only for the gp_seq read at the QS point itself.
 *
 * 4. Callbacks.  call_rcu() appends to this CPU's "next" list.  When the
 *    CPU's "wait" list is empty, next moves to wait, tagged with
 *    wait_gp = the gp_seq value at which a GP that starts after now will
 *    have ended ((gp_seq + 3) & ~1), and that GP is requested.  At each
 *    tick the CPU moves wait to "done" once gp_seq has reached wait_gp,
 *    and invokes done callbacks in batches (RCU_BATCH_LIMIT, unlimited
 *    when more than RCU_FLOOD_LIMIT are pending, so a flood cannot grow
 *    without bound).  A full barrier separates seeing the GP end from
 *    running the callbacks.  Callbacks run from the tick interrupt with
 *    interrupts disabled: they must not sleep.  Updaters unlink, then
 *    queue (call_rcu() takes a lock: a full barrier), and the GP starts
 *    after that.
 *
 * 5. CPU onlining.  need_mask is the online mask when a GP starts.  A CPU
 *    that comes online later cannot hold a section that began before
 *    the GP, so it is simply not waited for; its first rcu_qs() notices
 *    whatever GP is running and its report is ignored if its bit is not
 *    set.  CPUs never go offline in this kernel; if they ever do, their
 *    bit must be cleared and their callbacks adopted by another CPU.
 *
 * 6. Idle CPUs never hold up a GP: the idle loop reports at every pass,
 *    and the tick on an idle CPU (every 1/HZ) reports too.
 *
 * Locking: rcu_state.lock (irq-safe) guards gp_seq (readers use
 * READ_ONCE), gp_seq_needed and need_mask.  Each CPU's rcu_data.lock
 * (irq-safe) guards its callback lists, so rcu_barrier() can queue on
 * other CPUs; gp_seen and qs_pending are touched only by their CPU with
 * interrupts off.  The two locks are never held together
 * (rcu_advance_cbs() returns the GP to request instead of requesting it).
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/rcupdate.h>
#include <linux/completion.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/slab.h>
#include <linux/jiffies.h>
#include <linux/percpu.h>
#include <linux/boot_hooks.h>
#include <asm/atomic.h>

/* Callbacks invoked per tick normally (Linux's default is 10; ours are cheap). */
#define RCU_BATCH_LIMIT		100
/* Above this many ready callbacks on a CPU, invoke them all each tick. */
#define RCU_FLOOD_LIMIT		10000

struct rcu_cblist {
	struct rcu_head *head;
	struct rcu_head **tail;
	long len;
};

struct rcu_data {
	spinlock_t lock;		/* the three lists */
	unsigned long gp_seen;		/* last GP this CPU noticed */
	bool qs_pending;		/* owes a QS report for gp_seen */
	bool stall_reported;		/* said so already for gp_seen */
	unsigned long last_tick;	/* jiffies at this CPU's previous tick */
	unsigned long stall_quiet_until; /* no report before (the vCPU stood still) */
	struct rcu_cblist next;		/* no GP assigned yet */
	struct rcu_cblist wait;		/* ready once gp_seq reaches wait_gp */
	unsigned long wait_gp;
	struct rcu_cblist done;		/* ready to invoke */
	unsigned long n_invoked;
	struct rcu_head barrier_head;
};

static struct rcu_state {
	spinlock_t lock;
	unsigned long gp_seq;		/* even: idle, odd: a GP is running */
	unsigned long gp_seq_needed;	/* furthest gp_seq anyone waits for */
	struct cpumask need_mask;	/* CPUs yet to report in this GP */
	unsigned long gp_start;		/* jiffies */
} rcu_state = {
	.lock = __SPIN_LOCK_UNLOCKED(rcu_state.lock),
};

static DEFINE_PER_CPU(struct rcu_data, rcu_data);
static bool rcu_initialized;

#ifdef CONFIG_DEBUG_KERNEL
DEFINE_PER_CPU(int, rcu_read_lock_nesting);

void rcu_read_unlock_underflow(void)
{
	WARN_ONCE(1, "BUG: rcu_read_unlock() without rcu_read_lock()\n");
}
#endif

#define ULONG_CMP_GE(a, b)	((long)((a) - (b)) >= 0)
#define ULONG_CMP_LT(a, b)	((long)((a) - (b)) < 0)

/* gp_seq at which a GP that has not started yet will have completed. */
static unsigned long rcu_seq_snap(unsigned long seq)
{
	return (seq + 3) & ~1UL;
}

static void cblist_init(struct rcu_cblist *l)
{
	l->head = NULL;
	l->tail = &l->head;
	l->len = 0;
}

static void cblist_enqueue(struct rcu_cblist *l, struct rcu_head *h)
{
	h->next = NULL;
	*l->tail = h;
	l->tail = &h->next;
	l->len++;
}

/* Append all of from to to; from ends empty. */
static void cblist_splice(struct rcu_cblist *to, struct rcu_cblist *from)
{
	if (!from->head)
		return;
	*to->tail = from->head;
	to->tail = from->tail;
	to->len += from->len;
	cblist_init(from);
}

unsigned long rcu_gp_seq(void)
{
	return READ_ONCE(rcu_state.gp_seq);
}

/* ------------------------------------------------------------ grace periods */

static void rcu_start_gp_locked(void)
{
	smp_mb();
	WRITE_ONCE(rcu_state.gp_seq, rcu_state.gp_seq + 1);
	cpumask_copy(&rcu_state.need_mask, cpu_online_mask);
	rcu_state.gp_start = jiffies;
	smp_mb();
}

static void rcu_end_gp_locked(void)
{
	smp_mb();
	WRITE_ONCE(rcu_state.gp_seq, rcu_state.gp_seq + 1);
	smp_mb();
	if (ULONG_CMP_LT(rcu_state.gp_seq, rcu_state.gp_seq_needed))
		rcu_start_gp_locked();
}

/* Ask for the GP that completes at snap (start one now if none runs). */
static void rcu_request_gp(unsigned long snap)
{
	unsigned long flags;

	spin_lock_irqsave(&rcu_state.lock, flags);
	if (ULONG_CMP_LT(rcu_state.gp_seq_needed, snap))
		rcu_state.gp_seq_needed = snap;
	if (!(rcu_state.gp_seq & 1) && ULONG_CMP_LT(rcu_state.gp_seq, rcu_state.gp_seq_needed))
		rcu_start_gp_locked();
	spin_unlock_irqrestore(&rcu_state.lock, flags);
}

static void rcu_report_qs(int cpu, unsigned long seq)
{
	spin_lock(&rcu_state.lock);
	if (rcu_state.gp_seq == seq && cpumask_test_cpu(cpu, &rcu_state.need_mask)) {
		cpumask_clear_cpu(cpu, &rcu_state.need_mask);
		if (cpumask_empty(&rcu_state.need_mask))
			rcu_end_gp_locked();
	}
	spin_unlock(&rcu_state.lock);
}

void rcu_qs(void)
{
	struct rcu_data *rdp;
	unsigned long flags, seq;

#ifdef CONFIG_DEBUG_KERNEL
	/* Inside a read-side section this is no QS (schedule() WARNs about it). */
	if (unlikely(this_cpu_read(rcu_read_lock_nesting)))
		return;
#endif
	local_irq_save(flags);
	rdp = this_cpu_ptr(&rcu_data);
	seq = READ_ONCE(rcu_state.gp_seq);
	if ((seq & 1) && rdp->gp_seen != seq) {
		rdp->gp_seen = seq;
		rdp->qs_pending = true;
		rdp->stall_reported = false;
	}
	if (rdp->qs_pending) {
		rdp->qs_pending = false;
		rcu_report_qs(smp_processor_id(), seq);
	}
	local_irq_restore(flags);
}

/* ------------------------------------------------------------ callbacks */

/*
 * Move finished callbacks to done and give waiting ones a GP.  Caller
 * holds rdp->lock.  Returns the GP to request (0 if none): the caller
 * requests it after dropping rdp->lock, keeping the two locks unnested.
 */
static unsigned long rcu_advance_cbs(struct rcu_data *rdp)
{
	unsigned long seq = READ_ONCE(rcu_state.gp_seq);

	if (rdp->wait.head && ULONG_CMP_GE(seq, rdp->wait_gp))
		cblist_splice(&rdp->done, &rdp->wait);
	if (!rdp->wait.head && rdp->next.head) {
		cblist_splice(&rdp->wait, &rdp->next);
		rdp->wait_gp = rcu_seq_snap(seq);
		return rdp->wait_gp;
	}
	return 0;
}

static void rcu_invoke(struct rcu_head *head)
{
	unsigned long offset = (unsigned long)head->func;

	if (offset < KFREE_RCU_MAX_OFFSET)
		kfree((char *)head - offset);
	else
		head->func(head);
}

/* Run up to a batch of this CPU's ready callbacks. */
static void rcu_do_batch(struct rcu_data *rdp)
{
	struct rcu_head *list, *head;
	long limit, n = 0;
	unsigned long flags;

	spin_lock_irqsave(&rdp->lock, flags);
	limit = rdp->done.len > RCU_FLOOD_LIMIT ? rdp->done.len : RCU_BATCH_LIMIT;
	list = rdp->done.head;
	for (head = list; head && n < limit - 1; head = head->next)
		n++;
	if (!head) {
		n = rdp->done.len;
		cblist_init(&rdp->done);
	} else {
		/* Cut after head: the rest stays for the next tick. */
		rdp->done.head = head->next;
		if (!rdp->done.head)
			rdp->done.tail = &rdp->done.head;
		head->next = NULL;
		n++;
		rdp->done.len -= n;
	}
	spin_unlock_irqrestore(&rdp->lock, flags);

	/* The GP's end was seen before this; callbacks come strictly after. */
	smp_mb();
	while (list) {
		head = list;
		list = list->next;
		rcu_invoke(head);
	}
	rdp->n_invoked += n;
}

void call_rcu(struct rcu_head *head, rcu_callback_t func)
{
	struct rcu_data *rdp;
	unsigned long flags, need;

	if (WARN_ON_ONCE(!rcu_initialized))
		return;
	head->func = func;
	local_irq_save(flags);
	rdp = this_cpu_ptr(&rcu_data);
	spin_lock(&rdp->lock);
	cblist_enqueue(&rdp->next, head);
	need = rcu_advance_cbs(rdp);
	spin_unlock(&rdp->lock);
	if (need)
		rcu_request_gp(need);
	local_irq_restore(flags);
}

void __kfree_rcu(struct rcu_head *head, unsigned long offset)
{
	call_rcu(head, (rcu_callback_t)offset);
}

/* ------------------------------------------------------------ the tick */

static void rcu_check_stall(struct rcu_data *rdp)
{
	unsigned long seq = READ_ONCE(rcu_state.gp_seq);
	int cpu = smp_processor_id();

	unsigned long now = jiffies, last = rdp->last_tick;

	/*
	 * Jiffies follow the clock, so a virtual CPU the host did not run for
	 * seconds finds them far ahead at its next tick; it could not pass a
	 * quiescent state while it stood still.  Its stall clock restarts
	 * from the moment it runs again.
	 */
	rdp->last_tick = now;
	if (last && time_after(now, last + HZ))
		rdp->stall_quiet_until = now + CONFIG_RCU_CPU_STALL_TIMEOUT * HZ;
	if (!(seq & 1) || rdp->stall_reported ||
	    !time_after(now, READ_ONCE(rcu_state.gp_start) + CONFIG_RCU_CPU_STALL_TIMEOUT * HZ) ||
	    (rdp->stall_quiet_until && time_before(now, rdp->stall_quiet_until)))
		return;
	if (!cpumask_test_cpu(cpu, &rcu_state.need_mask))
		return;
	/* Only the stalled CPU can show where it is: report from its own tick. */
	rdp->stall_reported = true;
	pr_err("rcu: INFO: CPU %d has not passed a quiescent state for %d s (gp %lu, task %s/%d)\n",
	       cpu, CONFIG_RCU_CPU_STALL_TIMEOUT, seq, current->comm, current->pid);
	dump_stack();
}

void rcu_sched_clock_irq(bool user_or_idle)
{
	struct rcu_data *rdp;
	unsigned long need;
	bool ready;

	if (!rcu_initialized)
		return;
	if (user_or_idle)
		rcu_qs();
	rdp = this_cpu_ptr(&rcu_data);
	spin_lock(&rdp->lock);
	need = rcu_advance_cbs(rdp);
	ready = rdp->done.head != NULL;
	spin_unlock(&rdp->lock);
	if (need)
		rcu_request_gp(need);
	if (ready)
		rcu_do_batch(rdp);
	rcu_check_stall(rdp);
}

/* ------------------------------------------------------------ waiting */

struct rcu_synchronize {
	struct rcu_head head;
	struct completion completion;
};

static void wakeme_after_rcu(struct rcu_head *head)
{
	struct rcu_synchronize *rs = container_of(head, struct rcu_synchronize, head);

	complete(&rs->completion);
}

void synchronize_rcu(void)
{
	struct rcu_synchronize rs;

	might_sleep();
	/*
	 * One CPU online: the caller may sleep, so it is in a QS itself,
	 * and there is no other CPU whose reader could still run.
	 */
	if (num_online_cpus() <= 1)
		return;
	init_completion(&rs.completion);
	call_rcu(&rs.head, wakeme_after_rcu);
	wait_for_completion(&rs.completion);
}

static DEFINE_MUTEX(rcu_barrier_mutex);
static struct completion rcu_barrier_completion;
static atomic_t rcu_barrier_count;

static void rcu_barrier_callback(struct rcu_head *head)
{
	if (atomic_dec_and_test(&rcu_barrier_count))
		complete(&rcu_barrier_completion);
}

/*
 * Queue a marker behind every CPU's callbacks and wait for all markers:
 * each CPU invokes its callbacks in order, so every callback queued before
 * rcu_barrier() has run when it returns.
 */
void rcu_barrier(void)
{
	unsigned long flags;
	int cpu;

	might_sleep();
	mutex_lock(&rcu_barrier_mutex);
	init_completion(&rcu_barrier_completion);
	atomic_set(&rcu_barrier_count, 1);
	for_each_online_cpu(cpu) {
		struct rcu_data *rdp = per_cpu_ptr(&rcu_data, cpu);

		/*
		 * Even on a CPU with empty lists: its tick may be invoking a
		 * batch it already took off them.
		 */
		spin_lock_irqsave(&rdp->lock, flags);
		atomic_inc(&rcu_barrier_count);
		rdp->barrier_head.func = rcu_barrier_callback;
		cblist_enqueue(&rdp->next, &rdp->barrier_head);
		spin_unlock_irqrestore(&rdp->lock, flags);
	}
	if (atomic_dec_and_test(&rcu_barrier_count))
		complete(&rcu_barrier_completion);
	wait_for_completion(&rcu_barrier_completion);
	mutex_unlock(&rcu_barrier_mutex);
}

void __init rcu_init(void)
{
	for (int cpu = 0; cpu < NR_CPUS; cpu++) {
		struct rcu_data *rdp = per_cpu_ptr(&rcu_data, cpu);

		spin_lock_init(&rdp->lock);
		cblist_init(&rdp->next);
		cblist_init(&rdp->wait);
		cblist_init(&rdp->done);
		rdp->gp_seen = 0;
		rdp->qs_pending = false;
	}
	smp_mb();
	WRITE_ONCE(rcu_initialized, true);
	pr_info("rcu: quiescent-state RCU, stall timeout %d s\n", CONFIG_RCU_CPU_STALL_TIMEOUT);
}
