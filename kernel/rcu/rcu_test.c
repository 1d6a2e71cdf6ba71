// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests for RCU: readers on every CPU walk a list under
 * rcu_read_lock() while a writer replaces nodes (list_replace_rcu(), then
 * synchronize_rcu() or call_rcu()) and poisons the old ones - no reader
 * may ever see the poison; call_rcu() callbacks all run, only after a
 * grace period, and rcu_barrier() waits for them; grace-period latency.
 */
#include <linux/kernel.h>
#include <linux/selftest.h>
#include <linux/rcupdate.h>
#include <linux/rculist.h>
#include <linux/sched.h>
#include <linux/kthread.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/jiffies.h>
#include <linux/spinlock.h>
#include <linux/errno.h>
#include <asm/atomic.h>

#define NODE_GOOD	0x600dc0de600dc0deUL
#define NODE_POISON	0xdeadbeefdeadbeefUL
#define LIST_NODES	8
#define WRITER_ROUNDS	8
#define READER_SPIN	40

struct rnode {
	struct list_head list;
	unsigned long magic;
	int value;
	struct rcu_head rcu;
};

static LIST_HEAD(rlist);
static DEFINE_SPINLOCK(rlist_lock);
static bool readers_stop;

struct reader {
	unsigned long reads;
	unsigned long bad;
	unsigned long nodes_seen;
};

static int rcu_reader_fn(void *arg)
{
	struct reader *r = arg;

	while (!READ_ONCE(readers_stop)) {
		struct rnode *n;

		rcu_read_lock();
		list_for_each_entry_rcu(n, &rlist, list) {
			if (READ_ONCE(n->magic) != NODE_GOOD)
				r->bad++;
			r->nodes_seen++;
			/* Linger on the node: widen the window for a too-early free. */
			for (int j = 0; j < READER_SPIN; j++)
				cpu_relax();
			if (READ_ONCE(n->magic) != NODE_GOOD)
				r->bad++;
		}
		rcu_read_unlock();
		if (!(++r->reads % 4))
			cond_resched();
	}
	return 0;
}

static void poison_and_free(struct rcu_head *head)
{
	struct rnode *n = container_of(head, struct rnode, rcu);

	WRITE_ONCE(n->magic, NODE_POISON);
	kfree(n);
}

static int rcu_list_replace_test(void)
{
	int ncpus = num_online_cpus(), i, cpu, nr = 0, synced = 0, called = 0;
	struct reader *readers = kcalloc(NR_CPUS, sizeof(*readers), GFP_KERNEL);
	struct task_struct *t[NR_CPUS];
	unsigned long bad = 0, reads = 0, start = jiffies;
	struct rnode *n, *tmp;

	ST_ASSERT(readers, "no memory");
	for (i = 0; i < LIST_NODES; i++) {
		n = kzalloc(sizeof(*n), GFP_KERNEL);
		ST_ASSERT(n, "no memory");
		n->magic = NODE_GOOD;
		n->value = i;
		list_add_tail(&n->list, &rlist);
	}
	WRITE_ONCE(readers_stop, false);
	for_each_online_cpu(cpu) {
		t[nr] = kthread_create(rcu_reader_fn, &readers[cpu], "rcu-reader/%d", cpu);
		ST_ASSERT(!IS_ERR(t[nr]), "cannot create reader");
		get_task_struct(t[nr]);
		kthread_bind(t[nr], cpu);
		wake_up_process(t[nr]);
		nr++;
	}

	for (int round = 0; round < WRITER_ROUNDS; round++) {
		struct rnode *old = NULL, *new = kzalloc(sizeof(*new), GFP_KERNEL);

		ST_ASSERT(new, "no memory");
		new->magic = NODE_GOOD;
		spin_lock(&rlist_lock);
		list_for_each_entry(n, &rlist, list)
			if (n->value == round % LIST_NODES)
				old = n;
		new->value = old->value;
		list_replace_rcu(&old->list, &new->list);
		spin_unlock(&rlist_lock);
		if (round & 1) {
			call_rcu(&old->rcu, poison_and_free);
			called++;
		} else {
			synchronize_rcu();
			WRITE_ONCE(old->magic, NODE_POISON);
			kfree(old);
			synced++;
		}
	}
	rcu_barrier();

	WRITE_ONCE(readers_stop, true);
	for (i = 0; i < nr; i++) {
		wait_task_exited(t[i]);
		put_task_struct(t[i]);
	}
	for_each_online_cpu(cpu) {
		bad += readers[cpu].bad;
		reads += readers[cpu].reads;
	}
	st_diag("%d readers on %d CPUs: %lu list walks; %d synchronize_rcu + %d call_rcu replacements in %lu ticks",
		nr, ncpus, reads, synced, called, jiffies - start);

	list_for_each_entry_safe(n, tmp, &rlist, list) {
		list_del(&n->list);
		kfree(n);
	}
	kfree(readers);
	ST_ASSERT(!bad, "readers saw %lu freed/poisoned nodes", bad);
	ST_ASSERT(reads, "readers never ran");
	return 0;
}
DEFINE_SELFTEST("rcu: readers on every CPU never see a node freed after a grace period",
		rcu_list_replace_test);

/* ---------------------------------------------------------------- call_rcu */

#define CBS_PER_CPU	300

struct cb_obj {
	struct rcu_head rcu;
	unsigned long gp_needed;	/* gp_seq at which a grace period since queueing ended */
};

static atomic_t cbs_run, cbs_early;

static void count_cb(struct rcu_head *head)
{
	struct cb_obj *o = container_of(head, struct cb_obj, rcu);

	if ((long)(rcu_gp_seq() - o->gp_needed) < 0)
		atomic_inc(&cbs_early);
	atomic_inc(&cbs_run);
	kfree(o);
}

static int call_rcu_fn(void *arg)
{
	for (int i = 0; i < CBS_PER_CPU; i++) {
		struct cb_obj *o = kmalloc(sizeof(*o), GFP_KERNEL);

		if (!o)
			return -ENOMEM;
		/* See kernel/rcu/tree.c: the end of the next full grace period. */
		o->gp_needed = (rcu_gp_seq() + 3) & ~1UL;
		call_rcu(&o->rcu, count_cb);
		if (!(i % 64))
			cond_resched();
	}
	for (int i = 0; i < CBS_PER_CPU / 10; i++) {
		struct cb_obj *o = kmalloc(sizeof(*o), GFP_KERNEL);

		if (!o)
			return -ENOMEM;
		kfree_rcu(o, rcu);
	}
	return 0;
}

static int call_rcu_barrier_test(void)
{
	struct task_struct *t[NR_CPUS];
	int nr = 0, cpu, failed = 0, total;
	unsigned long start = jiffies;

	atomic_set(&cbs_run, 0);
	atomic_set(&cbs_early, 0);
	for_each_online_cpu(cpu) {
		t[nr] = kthread_create(call_rcu_fn, NULL, "call-rcu/%d", cpu);
		ST_ASSERT(!IS_ERR(t[nr]), "cannot create thread");
		get_task_struct(t[nr]);
		kthread_bind(t[nr], cpu);
		wake_up_process(t[nr]);
		nr++;
	}
	for (int i = 0; i < nr; i++) {
		wait_task_exited(t[i]);
		failed |= t[i]->exit_code;
		put_task_struct(t[i]);
	}
	ST_ASSERT(!failed, "out of memory queueing callbacks");
	rcu_barrier();
	total = nr * CBS_PER_CPU;
	st_diag("%d callbacks from %d CPUs all run %lu ticks after queueing began",
		atomic_read(&cbs_run), nr, jiffies - start);
	ST_ASSERT(atomic_read(&cbs_run) == total, "rcu_barrier returned with %d of %d run",
		  atomic_read(&cbs_run), total);
	ST_ASSERT(!atomic_read(&cbs_early), "%d callbacks ran before their grace period ended",
		  atomic_read(&cbs_early));
	return 0;
}
DEFINE_SELFTEST("rcu: call_rcu callbacks run after a grace period; rcu_barrier waits",
		call_rcu_barrier_test);

/* ---------------------------------------------------------------- latency */

static int rcu_latency_test(void)
{
	unsigned long worst = 0, sum = 0;
	const int rounds = 5;

	for (int i = 0; i < rounds; i++) {
		unsigned long start = jiffies, took;

		synchronize_rcu();
		took = jiffies - start;
		sum += took;
		worst = max(worst, took);
	}
	st_diag("synchronize_rcu on %d CPUs (idle): average %lu, worst %lu ticks",
		num_online_cpus(), sum / rounds, worst);
	ST_ASSERT(worst < HZ / 2, "a grace period took %lu ticks", worst);
#ifdef CONFIG_DEBUG_KERNEL
	rcu_read_lock();
	rcu_read_lock();
	ST_ASSERT(rcu_read_lock_held(), "nesting count not kept");
	rcu_read_unlock();
	rcu_read_unlock();
	ST_ASSERT(!rcu_read_lock_held(), "nesting count not back to 0");
#endif
	return 0;
}
DEFINE_SELFTEST("rcu: grace-period latency when idle; read-side nesting", rcu_latency_test);
