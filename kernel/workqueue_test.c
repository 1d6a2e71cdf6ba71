// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests for workqueues: items run and flush_work() waits for them;
 * an item that blocks on another item of the same CPU does not deadlock;
 * delayed work fires after its delay; cancel (pending, delayed, running)
 * and mod_delayed_work(); flush_workqueue() and destroy; an ordered queue
 * runs items one at a time in order; a work is never run twice at once;
 * when a pool cannot create a worker, a WQ_MEM_RECLAIM queue's items are
 * run by its rescuer (bound and unbound pools).
 */
#include <linux/kernel.h>
#include <linux/selftest.h>
#include <linux/workqueue.h>
#include <linux/completion.h>
#include <linux/jiffies.h>
#include <linux/delay.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <asm/atomic.h>
#include "workqueue_internal.h"

#define TEST_TIMEOUT	(5 * HZ)

struct test_work {
	struct work_struct work;
	atomic_t *counter;
	int ran_on;
	bool done;
};

static void count_work_fn(struct work_struct *work)
{
	struct test_work *tw = container_of(work, struct test_work, work);

	msleep(1);
	tw->ran_on = smp_processor_id();
	atomic_inc(tw->counter);
	WRITE_ONCE(tw->done, true);
}

static int work_run_flush_test(void)
{
	static struct test_work tw[16];
	atomic_t counter = ATOMIC_INIT(0);
	int i, cpu = 0, not_done = 0, wrong_cpu = 0, requeued = 0;

	for (i = 0; i < 16; i++) {
		INIT_WORK(&tw[i].work, count_work_fn);
		tw[i].counter = &counter;
		tw[i].done = false;
		tw[i].ran_on = -1;
		ST_ASSERT(queue_work_on(cpu, system_wq, &tw[i].work), "queue_work_on failed");
		/*
		 * Queueing again must fail while the work is pending - but a
		 * worker on another CPU may already have taken it (PENDING is
		 * cleared when it starts), and then queueing again is right and
		 * the work runs twice.  Only a second success before the work
		 * could have started would be a bug, which this cannot tell, so
		 * count the re-runs instead of asserting.
		 */
		if (queue_work_on(cpu, system_wq, &tw[i].work))
			requeued++;
		cpu = cpumask_next(cpu, cpu_online_mask);
		if (cpu >= NR_CPUS)
			cpu = cpumask_first(cpu_online_mask);
	}
	cpu = 0;
	for (i = 0; i < 16; i++) {
		flush_work(&tw[i].work);
		not_done += !tw[i].done;
		wrong_cpu += tw[i].ran_on != cpu;
		cpu = cpumask_next(cpu, cpu_online_mask);
		if (cpu >= NR_CPUS)
			cpu = cpumask_first(cpu_online_mask);
	}
	ST_ASSERT(!not_done, "flush_work returned before %d works finished", not_done);
	ST_ASSERT(atomic_read(&counter) == 16 + requeued, "%d of %d works ran",
		  atomic_read(&counter), 16 + requeued);
	ST_ASSERT(!wrong_cpu, "%d works ran on another CPU than queue_work_on asked", wrong_cpu);
	ST_ASSERT(!flush_work(&tw[0].work), "flush_work of an idle work waited");
	return 0;
}
DEFINE_SELFTEST("workqueue: works run on their CPU, flush_work waits", work_run_flush_test);

/* ---------------------------------------------------------------- blocking */

struct dep_work {
	struct work_struct work;
	struct completion *wait_for, *signal;
};

static void dep_fn(struct work_struct *work)
{
	struct dep_work *dw = container_of(work, struct dep_work, work);

	if (dw->wait_for)
		wait_for_completion(dw->wait_for);
	if (dw->signal)
		complete(dw->signal);
}

static int work_blocking_test(void)
{
	DECLARE_COMPLETION(a_may_finish);
	DECLARE_COMPLETION(a_done);
	struct dep_work a = { .wait_for = &a_may_finish, .signal = &a_done };
	struct dep_work b = { .wait_for = NULL, .signal = &a_may_finish };
	int cpu = smp_processor_id();

	INIT_WORK(&a.work, dep_fn);
	INIT_WORK(&b.work, dep_fn);
	/* a blocks until b runs; both on one CPU: b needs a second worker. */
	queue_work_on(cpu, system_wq, &a.work);
	queue_work_on(cpu, system_wq, &b.work);
	ST_ASSERT(wait_for_completion_timeout(&a_done, TEST_TIMEOUT),
		  "a work blocked on a later work of its CPU deadlocked the pool");
	flush_work(&a.work);
	flush_work(&b.work);
	return 0;
}
DEFINE_SELFTEST("workqueue: a blocked work does not stall its CPU's queue", work_blocking_test);

/* ---------------------------------------------------------------- delayed */

struct timed_work {
	struct delayed_work dwork;
	unsigned long fired_at;
	struct completion done;
};

static void timed_fn(struct work_struct *work)
{
	struct timed_work *tw = container_of(to_delayed_work(work), struct timed_work, dwork);

	tw->fired_at = jiffies;
	complete(&tw->done);
}

static int delayed_work_test(void)
{
	struct timed_work tw;
	unsigned long queued, delay = 5;

	INIT_DELAYED_WORK(&tw.dwork, timed_fn);
	init_completion(&tw.done);
	queued = jiffies;
	ST_ASSERT(schedule_delayed_work(&tw.dwork, delay), "queueing failed");
	ST_ASSERT(delayed_work_pending(&tw.dwork), "not pending while its timer runs");
	ST_ASSERT(wait_for_completion_timeout(&tw.done, TEST_TIMEOUT), "delayed work never ran");
	st_diag("delay %lu ticks: ran after %lu", delay, tw.fired_at - queued);
	ST_ASSERT(time_after_eq(tw.fired_at, queued + delay - 1), "ran too early");
	ST_ASSERT(time_before(tw.fired_at, queued + delay + HZ / 10 + 2), "ran far too late");

	/* mod_delayed_work() brings a far-away one forward. */
	init_completion(&tw.done);
	queued = jiffies;
	schedule_delayed_work(&tw.dwork, 10 * HZ);
	ST_ASSERT(mod_delayed_work(system_wq, &tw.dwork, 1), "mod_delayed_work: was not pending");
	ST_ASSERT(wait_for_completion_timeout(&tw.done, TEST_TIMEOUT), "modified work never ran");
	ST_ASSERT(time_before(tw.fired_at, queued + HZ), "mod_delayed_work did not move it");
	flush_delayed_work(&tw.dwork);
	return 0;
}
DEFINE_SELFTEST("workqueue: delayed work fires after its delay; mod_delayed_work",
		delayed_work_test);

/* ---------------------------------------------------------------- cancel */

struct slow_work {
	struct work_struct work;
	bool started, finished;
	atomic_t runs;
};

static void slow_fn(struct work_struct *work)
{
	struct slow_work *sw = container_of(work, struct slow_work, work);

	atomic_inc(&sw->runs);
	WRITE_ONCE(sw->started, true);
	msleep(8);
	WRITE_ONCE(sw->finished, true);
}

static int cancel_test(void)
{
	struct timed_work tw;
	struct slow_work sw = { };
	unsigned long deadline;

	/* A pending delayed work, cancelled, never runs. */
	INIT_DELAYED_WORK(&tw.dwork, timed_fn);
	init_completion(&tw.done);
	schedule_delayed_work(&tw.dwork, HZ);
	ST_ASSERT(cancel_delayed_work_sync(&tw.dwork), "cancel: delayed work was not pending");
	ST_ASSERT(!delayed_work_pending(&tw.dwork), "still pending after cancel");
	ST_ASSERT(!cancel_delayed_work(&tw.dwork), "second cancel found it pending");

	/* A running work: cancel_work_sync() waits for it to finish. */
	INIT_WORK(&sw.work, slow_fn);
	schedule_work(&sw.work);
	deadline = jiffies + TEST_TIMEOUT;
	while (!READ_ONCE(sw.started) && time_before(jiffies, deadline))
		msleep(1);
	ST_ASSERT(sw.started, "work never started");
	ST_ASSERT(!cancel_work_sync(&sw.work), "a running (not pending) work reported pending");
	ST_ASSERT(sw.finished, "cancel_work_sync returned while the work still ran");

	/* Queued behind a running instance: cancel removes the queued one. */
	sw.started = sw.finished = false;
	atomic_set(&sw.runs, 0);
	schedule_work(&sw.work);
	while (!READ_ONCE(sw.started) && time_before(jiffies, deadline))
		msleep(1);
	ST_ASSERT(schedule_work(&sw.work), "could not requeue a running work");
	ST_ASSERT(cancel_work_sync(&sw.work), "requeued work was not pending");
	ST_ASSERT(atomic_read(&sw.runs) == 1, "cancelled requeue still ran (%d runs)",
		  atomic_read(&sw.runs));
	msleep(2 * 1000 / HZ + 1);
	ST_ASSERT(!completion_done(&tw.done), "cancelled delayed work ran");
	return 0;
}
DEFINE_SELFTEST("workqueue: cancel pending, delayed and running works", cancel_test);

/* ---------------------------------------------------------------- queues */

#define ORDERED_ITEMS	12

struct seq_work {
	struct work_struct work;
	int id;
};

static int seq_next, seq_errors;
static atomic_t seq_inside;

static void seq_fn(struct work_struct *work)
{
	struct seq_work *sw = container_of(work, struct seq_work, work);

	if (atomic_inc_return(&seq_inside) != 1)
		seq_errors++;
	if (sw->id != seq_next)
		seq_errors++;
	if (sw->id & 1)
		udelay(200);
	seq_next = sw->id + 1;
	atomic_dec(&seq_inside);
}

static int ordered_wq_test(void)
{
	struct workqueue_struct *wq = alloc_ordered_workqueue("test_ordered", 0);
	static struct seq_work sw[ORDERED_ITEMS];

	ST_ASSERT(wq, "alloc_ordered_workqueue failed");
	seq_next = 0;
	seq_errors = 0;
	atomic_set(&seq_inside, 0);
	for (int i = 0; i < ORDERED_ITEMS; i++) {
		INIT_WORK(&sw[i].work, seq_fn);
		sw[i].id = i;
		queue_work(wq, &sw[i].work);
	}
	flush_workqueue(wq);
	ST_ASSERT(seq_next == ORDERED_ITEMS, "flush_workqueue returned after %d of %d items",
		  seq_next, ORDERED_ITEMS);
	destroy_workqueue(wq);
	ST_ASSERT(!seq_errors, "%d items ran out of order or concurrently", seq_errors);
	return 0;
}
DEFINE_SELFTEST("workqueue: ordered queue runs items one by one, in order", ordered_wq_test);

struct reentry_work {
	struct work_struct work;
	atomic_t inside, overlaps, runs;
};

static void reentry_fn(struct work_struct *work)
{
	struct reentry_work *rw = container_of(work, struct reentry_work, work);

	if (atomic_inc_return(&rw->inside) != 1)
		atomic_inc(&rw->overlaps);
	atomic_inc(&rw->runs);
	udelay(200);
	atomic_dec(&rw->inside);
}

static int flush_wq_reentry_test(void)
{
	struct workqueue_struct *wq = alloc_workqueue("test_wq", 0, 0);
	struct workqueue_struct *uwq = alloc_workqueue("test_unbound", WQ_UNBOUND, 0);
	static struct test_work tw[20];
	struct reentry_work rw;
	atomic_t counter = ATOMIC_INIT(0);
	int cpu, queued = 0;

	ST_ASSERT(wq && uwq, "alloc_workqueue failed");
	for (int i = 0; i < 20; i++) {
		INIT_WORK(&tw[i].work, count_work_fn);
		tw[i].counter = &counter;
		queue_work(i & 1 ? uwq : wq, &tw[i].work);
	}
	flush_workqueue(wq);
	flush_workqueue(uwq);
	ST_ASSERT(atomic_read(&counter) == 20, "flush_workqueue returned with %d of 20 done",
		  atomic_read(&counter));

	/* The same work queued on every CPU over and over: never two runs at once. */
	INIT_WORK(&rw.work, reentry_fn);
	atomic_set(&rw.inside, 0);
	atomic_set(&rw.overlaps, 0);
	atomic_set(&rw.runs, 0);
	for (int round = 0; round < 20; round++) {
		for_each_online_cpu(cpu)
			queued += queue_work_on(cpu, wq, &rw.work);
		udelay(100);
	}
	flush_workqueue(wq);
	destroy_workqueue(wq);
	destroy_workqueue(uwq);
	st_diag("one work queued %d times over %d CPUs, ran %d times, %d overlaps", queued,
		num_online_cpus(), atomic_read(&rw.runs), atomic_read(&rw.overlaps));
	ST_ASSERT(!atomic_read(&rw.overlaps), "a work ran on two workers at once");
	ST_ASSERT(atomic_read(&rw.runs) == queued, "%d queued but %d runs", queued,
		  atomic_read(&rw.runs));
	return 0;
}
DEFINE_SELFTEST("workqueue: flush_workqueue (bound + unbound), no reentrancy",
		flush_wq_reentry_test);

/* ---------------------------------------------------------------- rescuer */

#define RESCUE_BLOCKERS	8

struct rescue_probe {
	struct work_struct work;
	struct completion ran;
	int cpu;
	bool saw_itself;		/* current_work() was this item */
	char comm[TASK_COMM_LEN];	/* the task that ran it */
};

static void rescue_probe_fn(struct work_struct *work)
{
	struct rescue_probe *rp = container_of(work, struct rescue_probe, work);

	rp->cpu = smp_processor_id();
	rp->saw_itself = current_work() == work;
	memcpy(rp->comm, current->comm, sizeof(rp->comm));
	complete(&rp->ran);
}

static void rescue_probe_init(struct rescue_probe *rp)
{
	INIT_WORK(&rp->work, rescue_probe_fn);
	init_completion(&rp->ran);
	rp->cpu = -1;
	rp->saw_itself = false;
	rp->comm[0] = 0;
}

/*
 * Worker creation in the pool of CPU cpu (-1: the unbound pool) waits at
 * the gate, as if for memory; items that block occupy the workers it has.
 * An item of a WQ_MEM_RECLAIM queue must still run - in its rescuer, on
 * the pool's CPU - while one of a plain queue waits.  Everything is let
 * go before the verdict, so a failure leaves the pool working.
 *
 * The gate is the caller's and is used once: a creator that read
 * wq_create_gate just before it was cleared may still look at it after
 * we return, so it must neither vanish (a stack frame) nor be set up
 * again for the next pool while that creator waits on it.
 */
static int rescue_pool_test(int cpu, struct wq_create_gate *gate)
{
	static struct dep_work blockers[RESCUE_BLOCKERS];
	static struct rescue_probe reclaim_probe, plain_probe;
	unsigned int unbound = cpu < 0 ? WQ_UNBOUND : 0;
	int where = cpu < 0 ? WORK_CPU_UNBOUND : cpu;
	struct workqueue_struct *plain, *reclaim;
	DECLARE_COMPLETION(release);
	bool reached, rescued = false, plain_waited = false;
	int queued = 0;

	plain = alloc_workqueue("wq_test_plain", unbound, RESCUE_BLOCKERS + 2);
	reclaim = alloc_workqueue("wq_test_reclaim", unbound | WQ_MEM_RECLAIM, 0);
	if (!plain || !reclaim) {
		if (plain)
			destroy_workqueue(plain);
		if (reclaim)
			destroy_workqueue(reclaim);
		ST_ASSERT(0, "alloc_workqueue failed");
	}
	rescue_probe_init(&reclaim_probe);
	rescue_probe_init(&plain_probe);
	gate->pool_cpu = cpu;
	gate->reached = false;
	init_completion(&gate->open);
	WRITE_ONCE(wq_create_gate, gate);

	/* Block workers until one of them, finding no idle worker left, must create one. */
	for (int tries = 0; tries < 200 && !READ_ONCE(gate->reached); tries++) {
		if (queued < RESCUE_BLOCKERS && tries % 4 == 0) {
			blockers[queued] = (struct dep_work){ .wait_for = &release };
			INIT_WORK(&blockers[queued].work, dep_fn);
			queue_work_on(where, plain, &blockers[queued].work);
			queued++;
		}
		msleep(5);
	}
	reached = READ_ONCE(gate->reached);
	if (reached) {
		queue_work_on(where, plain, &plain_probe.work);
		queue_work_on(where, reclaim, &reclaim_probe.work);
		rescued = wait_for_completion_timeout(&reclaim_probe.ran, TEST_TIMEOUT);
		plain_waited = !completion_done(&plain_probe.ran);
	}

	WRITE_ONCE(wq_create_gate, NULL);
	complete_all(&gate->open);
	complete_all(&release);
	flush_workqueue(plain);
	flush_workqueue(reclaim);
	destroy_workqueue(plain);
	destroy_workqueue(reclaim);

	st_diag("pool %d: %d blocking items; the reclaim item ran in %s on CPU %d; the plain "
		"one %s", cpu, queued, reclaim_probe.comm[0] ? reclaim_probe.comm : "(none)",
		reclaim_probe.cpu, plain_waited ? "waited" : "ran meanwhile");
	ST_ASSERT(reached, "%d blocking items never made pool %d create a worker", queued, cpu);
	ST_ASSERT(rescued, "pool %d could not create workers and the reclaim queue's item "
		  "did not run in %d s", cpu, TEST_TIMEOUT / HZ);
	ST_ASSERT(!strcmp(reclaim_probe.comm, "wq_test_reclaim"),
		  "the item ran in %s, not in its queue's rescuer", reclaim_probe.comm);
	ST_ASSERT(reclaim_probe.saw_itself, "current_work() in the rescuer is not its item");
	ST_ASSERT(cpu < 0 || reclaim_probe.cpu == cpu,
		  "the rescuer ran pool %d's item on CPU %d", cpu, reclaim_probe.cpu);
	return 0;
}

static int rescuer_test(void)
{
	static struct wq_create_gate gates[2];
	int last = -1, cpu, ret;

	for_each_online_cpu(cpu)
		last = cpu;
	ret = rescue_pool_test(-1, &gates[0]);
	return ret ? ret : rescue_pool_test(last, &gates[1]);
}
DEFINE_SELFTEST("workqueue: a WQ_MEM_RECLAIM queue's rescuer runs it when workers cannot be made",
		rescuer_test);
