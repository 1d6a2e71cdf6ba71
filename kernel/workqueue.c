// SPDX-License-Identifier: GPL-2.0-only
/*
 * Workqueues: work items run by pools of kernel worker threads.
 *
 * Structure.  Each CPU has a worker pool (bound workers "kworker/N:M");
 * one more pool serves unbound queues ("kworker/u:M").  A workqueue has
 * one pool_workqueue (pwq) per pool it uses: per CPU for a bound queue,
 * the unbound pool's for WQ_UNBOUND.  Queueing puts the work on the
 * pool's worklist (or, while its pwq already has max_active items
 * active, on the pwq's inactive list), and the pool's workers take items
 * off the worklist in FIFO order.
 *
 * Concurrency management (bound pools): the pool counts its workers that
 * are running work and not blocked (nr_running).  Queueing wakes an idle
 * worker only if none is running; a worker that blocks inside a work
 * function (the scheduler calls wq_worker_sleeping()) wakes an idle one
 * if work is waiting.  So a CPU normally runs one work item at a time,
 * yet items that sleep - even on each other - do not stall the queue.  A
 * worker that starts processing while no other worker is idle first
 * creates one, so an idle worker is always in reserve.  Unbound pools
 * run every queued item as soon as a worker is free.  Beyond
 * MAX_IDLE_WORKERS idle workers, workers going idle exit.
 *
 * Rescuers.  Creating a worker allocates memory, and under memory
 * pressure that allocation waits for reclaim - which may wait for I/O
 * that only a queued work item would start (kblockd running a request
 * queue, say).  So every WQ_MEM_RECLAIM queue owns one thread made when
 * the queue is, its rescuer (named after the queue).  While a pool's
 * manager is creating a worker, the pool's mayday timer goes off after
 * MAYDAY_FIRST and then every MAYDAY_AGAIN; each time work is still
 * waiting with no worker to take it, the timer asks the rescuer of every
 * reclaim queue with items on the worklist for help (the pwq goes on
 * wq->maydays).  The rescuer joins that pool for a while (on its CPU,
 * for a bound pool), runs that queue's items from the worklist, and
 * leaves.  It is not counted in nr_running.
 *
 * Non-reentrancy: a work queued while it still runs is given to the
 * worker running it (its "scheduled" list) - also across pools, by
 * queueing it on the pool where it runs - so it never runs twice at once.
 *
 * Flushing.  flush_work() queues a barrier work right behind the target
 * (linked to it, WORK_STRUCT_LINKED, so both always move to the same
 * worker) or, if the target is running, first in its worker's scheduled
 * list, and waits for the barrier.  flush_workqueue() uses two flush
 * colours: new items take wq->work_color; the flusher flips it and waits
 * until no item of the old colour is queued or running.
 *
 * Cancelling takes ownership of PENDING (so nobody can queue the work
 * meanwhile), removes the work from whatever list it is on, and for the
 * _sync variants waits for a running instance with flush_work().
 *
 * Locking: pool->lock (irq-safe: works are queued from interrupts)
 * guards the pool's lists and counters, the pwqs on it, and the entry,
 * pwq and data bits of works queued there.  mayday_lock (irq-safe,
 * taken inside pool->lock) guards every wq->maydays list and the
 * mayday_node of the pwqs on them.  wq->flush_mutex serialises
 * flushers.  wq_lock guards the list of workqueues.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/workqueue.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/mutex.h>
#include <linux/completion.h>
#include <linux/wait_bit.h>
#include <linux/smp.h>
#include <linux/sprintf.h>
#include <linux/boot_hooks.h>
#include <linux/panic.h>
#include <asm/bitops.h>
#include "workqueue_internal.h"

/* Internal work->data bits (public ones are in linux/workqueue.h). */
#define WORK_STRUCT_LINKED_BIT		3	/* next entry must run on the same worker */
#define WORK_STRUCT_BARRIER_BIT		4	/* a flush barrier: not counted */
#define WORK_STRUCT_CANCELING_BIT	5	/* a cancel_*_sync() owns PENDING */

#define MAX_IDLE_WORKERS	2	/* idle workers kept per pool */
#define MAX_POOL_WORKERS	64	/* workers per pool at most */

/* How long a worker may take to create before rescuers are called, and again. */
#define MAYDAY_FIRST		msecs_to_jiffies(20)
#define MAYDAY_AGAIN		msecs_to_jiffies(100)
/* After a failed worker creation, the manager waits this long to retry. */
#define CREATE_RETRY		msecs_to_jiffies(100)

struct worker_pool {
	spinlock_t lock;
	int cpu;			/* bound CPU, -1 for the unbound pool */
	struct list_head worklist;	/* works ready to run */
	int nr_workers;
	int nr_idle;
	int nr_running;			/* processing and not blocked (bound pools) */
	struct list_head idle_list;	/* idle workers, most recent first */
	struct list_head workers;	/* all workers */
	bool manager_active;		/* a worker is creating another */
	int next_id;			/* for worker names */
	struct timer_list mayday_timer;	/* armed while the manager creates */
};

struct worker {
	struct list_head node;		/* pool->idle_list while idle */
	struct list_head all;		/* pool->workers */
	struct task_struct *task;
	struct worker_pool *pool;
	struct work_struct *current_work;
	work_func_t current_func;
	struct pool_workqueue *current_pwq;
	int current_color;
	struct list_head scheduled;	/* works this worker runs next */
	bool idle;
	bool processing;		/* counted in nr_running unless sleeping */
	bool sleeping;
	struct workqueue_struct *rescues;	/* a rescuer: the queue it serves */
};

struct pool_workqueue {
	struct worker_pool *pool;
	struct workqueue_struct *wq;
	int nr_in_flight[2];		/* queued or running, per flush colour */
	int nr_active;			/* on the worklist or running */
	int max_active;
	struct list_head inactive_works;
	struct list_head mayday_node;	/* on wq->maydays; mayday_lock */
};

struct workqueue_struct {
	struct list_head list;		/* wq_list */
	char name[24];
	unsigned int flags;
	struct pool_workqueue *cpu_pwqs[NR_CPUS];	/* bound queues */
	struct pool_workqueue *unbound_pwq;		/* WQ_UNBOUND */
	struct mutex flush_mutex;
	int work_color;			/* colour of newly queued items */
	struct wait_queue_head flush_wait;
	struct worker *rescuer;		/* WQ_MEM_RECLAIM queues, once workers run */
	struct list_head maydays;	/* pwqs the rescuer should help; mayday_lock */
};

struct wq_barrier {
	struct work_struct work;
	struct completion done;
};

static struct worker_pool cpu_pools[NR_CPUS];
static struct worker_pool unbound_pool;
static LIST_HEAD(wq_list);
static DEFINE_MUTEX(wq_lock);
static DEFINE_SPINLOCK(mayday_lock);
static bool workers_started;		/* workqueue_init() ran: threads can be made */

/* Self tests (workqueue_test.c): holds up worker creation in one pool. */
struct wq_create_gate *wq_create_gate;

struct workqueue_struct *system_wq;
struct workqueue_struct *system_unbound_wq;
struct workqueue_struct *system_long_wq;

static int worker_thread(void *arg);
static int rescuer_thread(void *arg);

/* ------------------------------------------------------------ helpers */

void __init_work(struct work_struct *work, work_func_t func)
{
	work->data = 0;
	INIT_LIST_HEAD(&work->entry);
	work->func = func;
	work->pwq = NULL;
	work->pool = NULL;
}

void __init_delayed_work(struct delayed_work *dwork, work_func_t func)
{
	__init_work(&dwork->work, func);
	timer_setup(&dwork->timer, delayed_work_timer_fn, 0);
	dwork->wq = NULL;
	dwork->cpu = WORK_CPU_UNBOUND;
}

static int work_color(struct work_struct *work)
{
	return test_bit(WORK_STRUCT_COLOR_BIT, &work->data) ? 1 : 0;
}

static bool is_barrier(struct work_struct *work)
{
	return test_bit(WORK_STRUCT_BARRIER_BIT, &work->data);
}

static struct worker *find_worker_executing_work(struct worker_pool *pool,
						 struct work_struct *work)
{
	struct worker *worker;

	list_for_each_entry(worker, &pool->workers, all)
		if (worker->current_work == work && worker->current_func == work->func)
			return worker;
	return NULL;
}

/* Move work and the works linked behind it to the tail of head. */
static void move_linked_works(struct work_struct *work, struct list_head *head)
{
	for (;;) {
		struct work_struct *next = list_next_entry(work, entry);
		bool linked = test_bit(WORK_STRUCT_LINKED_BIT, &work->data);

		list_move_tail(&work->entry, head);
		if (!linked)
			break;
		work = next;
	}
}

static bool need_more_worker(struct worker_pool *pool)
{
	return !list_empty(&pool->worklist) && (pool->cpu < 0 || !pool->nr_running);
}

static bool keep_working(struct worker_pool *pool)
{
	return !list_empty(&pool->worklist) && (pool->cpu < 0 || pool->nr_running <= 1);
}

static void wake_up_idle_worker(struct worker_pool *pool)
{
	struct worker *worker = list_first_entry_or_null(&pool->idle_list, struct worker, node);

	if (worker)
		wake_up_process(worker->task);
}

static void kick_pool(struct worker_pool *pool)
{
	if (need_more_worker(pool))
		wake_up_idle_worker(pool);
}

static void pwq_activate_inactive_work(struct pool_workqueue *pwq, struct work_struct *work)
{
	move_linked_works(work, &pwq->pool->worklist);
	clear_bit(WORK_STRUCT_INACTIVE_BIT, &work->data);
	if (!is_barrier(work))
		pwq->nr_active++;
}

/* Activate inactive works while max_active allows; barriers ride along. */
static void pwq_activate_inactive(struct pool_workqueue *pwq)
{
	while (!list_empty(&pwq->inactive_works)) {
		struct work_struct *work = list_first_entry(&pwq->inactive_works,
							    struct work_struct, entry);

		if (!is_barrier(work) && pwq->nr_active >= pwq->max_active)
			break;
		pwq_activate_inactive_work(pwq, work);
	}
	kick_pool(pwq->pool);
}

/* A counted work left the pwq (ran or was cancelled).  pool->lock held. */
static void pwq_dec_nr_in_flight(struct pool_workqueue *pwq, int color)
{
	pwq->nr_active--;
	pwq_activate_inactive(pwq);
	if (!--pwq->nr_in_flight[color])
		wake_up(&pwq->wq->flush_wait);
}

/* ------------------------------------------------------------ queueing */

/* Caller owns PENDING, interrupts off. */
static void __queue_work(int cpu, struct workqueue_struct *wq, struct work_struct *work)
{
	struct pool_workqueue *pwq;
	struct worker_pool *pool, *last;
	struct worker *worker;
	int color;

	if (wq->flags & WQ_UNBOUND) {
		pwq = wq->unbound_pwq;
	} else {
		if (cpu == WORK_CPU_UNBOUND)
			cpu = smp_processor_id();
		if (WARN_ONCE(cpu < 0 || cpu >= NR_CPUS || !cpu_online(cpu),
			      "workqueue %s: CPU %d is not online\n", wq->name, cpu))
			cpu = smp_processor_id();
		pwq = wq->cpu_pwqs[cpu];
	}
	pool = pwq->pool;

	/* Still running where it ran last?  Then it runs there again, after. */
	last = READ_ONCE(work->pool);
	if (last && last != pool) {
		spin_lock(&last->lock);
		worker = find_worker_executing_work(last, work);
		if (worker && worker->current_pwq->wq == wq) {
			pwq = worker->current_pwq;
			pool = last;
		} else {
			spin_unlock(&last->lock);
			spin_lock(&pool->lock);
		}
	} else {
		spin_lock(&pool->lock);
	}

	WRITE_ONCE(work->pool, pool);
	work->pwq = pwq;
	clear_bit(WORK_STRUCT_LINKED_BIT, &work->data);
	color = READ_ONCE(wq->work_color);
	if (color)
		set_bit(WORK_STRUCT_COLOR_BIT, &work->data);
	else
		clear_bit(WORK_STRUCT_COLOR_BIT, &work->data);
	pwq->nr_in_flight[color]++;
	if (pwq->nr_active < pwq->max_active) {
		pwq->nr_active++;
		list_add_tail(&work->entry, &pool->worklist);
		kick_pool(pool);
	} else {
		set_bit(WORK_STRUCT_INACTIVE_BIT, &work->data);
		list_add_tail(&work->entry, &pwq->inactive_works);
	}
	spin_unlock(&pool->lock);
}

bool queue_work_on(int cpu, struct workqueue_struct *wq, struct work_struct *work)
{
	unsigned long flags;
	bool ret = false;

	local_irq_save(flags);
	if (!test_and_set_bit(WORK_STRUCT_PENDING_BIT, &work->data)) {
		__queue_work(cpu, wq, work);
		ret = true;
	}
	local_irq_restore(flags);
	return ret;
}

bool queue_work(struct workqueue_struct *wq, struct work_struct *work)
{
	return queue_work_on(WORK_CPU_UNBOUND, wq, work);
}

void delayed_work_timer_fn(struct timer_list *t)
{
	struct delayed_work *dwork = from_timer(dwork, t, timer);

	__queue_work(dwork->cpu, dwork->wq, &dwork->work);
}

/*
 * Caller owns PENDING, interrupts off.  No delay queues at once;
 * otherwise the timer carries the target until delayed_work_timer_fn()
 * queues the item.  A timer for a per-cpu queue fires on that CPU.
 */
static void __queue_delayed_work(int cpu, struct workqueue_struct *wq,
				 struct delayed_work *dwork, unsigned long delay)
{
	bool on_cpu = cpu != WORK_CPU_UNBOUND && !(wq->flags & WQ_UNBOUND);

	if (delay == 0) {
		__queue_work(cpu, wq, &dwork->work);
		return;
	}
	dwork->timer.expires = jiffies + delay;
	dwork->cpu = cpu;
	dwork->wq = wq;
	if (on_cpu)
		add_timer_on(&dwork->timer, cpu);
	else
		add_timer(&dwork->timer);
}

bool queue_delayed_work_on(int cpu, struct workqueue_struct *wq, struct delayed_work *dwork,
			   unsigned long delay)
{
	unsigned long flags;
	bool ret = false;

	local_irq_save(flags);
	if (!test_and_set_bit(WORK_STRUCT_PENDING_BIT, &dwork->work.data)) {
		__queue_delayed_work(cpu, wq, dwork, delay);
		ret = true;
	}
	local_irq_restore(flags);
	return ret;
}

bool queue_delayed_work(struct workqueue_struct *wq, struct delayed_work *dwork,
			unsigned long delay)
{
	return queue_delayed_work_on(WORK_CPU_UNBOUND, wq, dwork, delay);
}

/* ------------------------------------------------------------ cancelling */

/*
 * Take ownership of PENDING.  Returns 1 if the work was pending (and is
 * now dequeued), 0 if it was idle, both with interrupts off (*flags
 * saved) and PENDING owned by the caller; -EAGAIN if someone else owns
 * PENDING right now (queueing in progress, a delayed work's timer firing,
 * or a cancel), with interrupts restored: retry.
 */
static int try_to_grab_pending(struct work_struct *work, bool is_dwork, unsigned long *flags)
{
	struct worker_pool *pool;

	local_irq_save(*flags);
	if (is_dwork && del_timer(&to_delayed_work(work)->timer))
		return 1;
	if (!test_and_set_bit(WORK_STRUCT_PENDING_BIT, &work->data))
		return 0;

	pool = READ_ONCE(work->pool);
	if (pool) {
		spin_lock(&pool->lock);
		if (work->pool == pool && !list_empty(&work->entry) &&
		    !test_bit(WORK_STRUCT_CANCELING_BIT, &work->data)) {
			struct pool_workqueue *pwq = work->pwq;

			if (test_bit(WORK_STRUCT_INACTIVE_BIT, &work->data))
				pwq_activate_inactive_work(pwq, work);
			list_del_init(&work->entry);
			pwq_dec_nr_in_flight(pwq, work_color(work));
			spin_unlock(&pool->lock);
			return 1;
		}
		spin_unlock(&pool->lock);
	}
	local_irq_restore(*flags);
	return -EAGAIN;
}

/* Loop on try_to_grab_pending(), sleeping behind a concurrent cancel_*_sync(). */
static int grab_pending(struct work_struct *work, bool is_dwork, unsigned long *flags)
{
	int ret;

	while ((ret = try_to_grab_pending(work, is_dwork, flags)) == -EAGAIN) {
		if (test_bit(WORK_STRUCT_CANCELING_BIT, &work->data))
			wait_var_event(work, !test_bit(WORK_STRUCT_CANCELING_BIT, &work->data));
		else
			cpu_relax();
	}
	return ret;
}

static bool __cancel_work(struct work_struct *work, bool is_dwork)
{
	unsigned long flags;
	int ret = grab_pending(work, is_dwork, &flags);

	clear_bit(WORK_STRUCT_PENDING_BIT, &work->data);
	local_irq_restore(flags);
	return ret;
}

bool cancel_work(struct work_struct *work)
{
	return __cancel_work(work, false);
}

bool cancel_delayed_work(struct delayed_work *dwork)
{
	return __cancel_work(&dwork->work, true);
}

static bool __cancel_work_sync(struct work_struct *work, bool is_dwork)
{
	unsigned long flags;
	int ret;

	might_sleep();
	ret = grab_pending(work, is_dwork, &flags);
	set_bit(WORK_STRUCT_CANCELING_BIT, &work->data);
	local_irq_restore(flags);

	/* Nobody can queue it while we own PENDING: wait out a running instance. */
	flush_work(work);

	clear_bit(WORK_STRUCT_CANCELING_BIT, &work->data);
	clear_bit(WORK_STRUCT_PENDING_BIT, &work->data);
	wake_up_var(work);
	return ret;
}

bool cancel_work_sync(struct work_struct *work)
{
	return __cancel_work_sync(work, false);
}

bool cancel_delayed_work_sync(struct delayed_work *dwork)
{
	return __cancel_work_sync(&dwork->work, true);
}

bool mod_delayed_work_on(int cpu, struct workqueue_struct *wq, struct delayed_work *dwork,
			 unsigned long delay)
{
	unsigned long flags;
	int ret = grab_pending(&dwork->work, true, &flags);

	__queue_delayed_work(cpu, wq, dwork, delay);
	local_irq_restore(flags);
	return ret;
}

bool mod_delayed_work(struct workqueue_struct *wq, struct delayed_work *dwork,
		      unsigned long delay)
{
	return mod_delayed_work_on(WORK_CPU_UNBOUND, wq, dwork, delay);
}

/* ------------------------------------------------------------ flushing */

static void wq_barrier_func(struct work_struct *work)
{
	struct wq_barrier *barr = container_of(work, struct wq_barrier, work);

	complete(&barr->done);
}

/*
 * Put a barrier behind work, if work is queued or running.  Returns true
 * if one was inserted (the caller then waits on it).
 */
static bool start_flush_work(struct work_struct *work, struct wq_barrier *barr)
{
	struct worker_pool *pool;
	struct worker *worker;

	local_irq_disable();
	for (;;) {
		pool = READ_ONCE(work->pool);
		if (!pool) {
			local_irq_enable();
			return false;
		}
		spin_lock(&pool->lock);
		if (READ_ONCE(work->pool) == pool)
			break;
		spin_unlock(&pool->lock);
	}

	__init_work(&barr->work, wq_barrier_func);
	set_bit(WORK_STRUCT_PENDING_BIT, &barr->work.data);
	set_bit(WORK_STRUCT_BARRIER_BIT, &barr->work.data);
	init_completion(&barr->done);
	barr->work.pool = pool;

	if (!list_empty(&work->entry)) {
		/* Queued: right behind it, and it must take the barrier along. */
		barr->work.pwq = work->pwq;
		list_add(&barr->work.entry, &work->entry);
		set_bit(WORK_STRUCT_LINKED_BIT, &work->data);
	} else {
		worker = find_worker_executing_work(pool, work);
		if (!worker) {
			spin_unlock(&pool->lock);
			local_irq_enable();
			return false;
		}
		barr->work.pwq = worker->current_pwq;
		list_add(&barr->work.entry, &worker->scheduled);
	}
	spin_unlock(&pool->lock);
	local_irq_enable();
	return true;
}

bool flush_work(struct work_struct *work)
{
	struct wq_barrier barr;

	might_sleep();
	if (!start_flush_work(work, &barr))
		return false;
	wait_for_completion(&barr.done);
	return true;
}

bool flush_delayed_work(struct delayed_work *dwork)
{
	unsigned long flags;

	local_irq_save(flags);
	if (del_timer(&dwork->timer))
		__queue_work(dwork->cpu, dwork->wq, &dwork->work);
	local_irq_restore(flags);
	return flush_work(&dwork->work);
}

/* The pwqs of wq, by index 0..NR_CPUS-1 (an unbound queue has only index 0). */
static struct pool_workqueue *wq_pwq(struct workqueue_struct *wq, int cpu)
{
	return (wq->flags & WQ_UNBOUND) ? (cpu == 0 ? wq->unbound_pwq : NULL) : wq->cpu_pwqs[cpu];
}

static bool wq_color_idle(struct workqueue_struct *wq, int color)
{
	for (int cpu = 0; cpu < NR_CPUS; cpu++) {
		struct pool_workqueue *pwq = wq_pwq(wq, cpu);

		if (pwq && READ_ONCE(pwq->nr_in_flight[color]))
			return false;
	}
	return true;
}

void flush_workqueue(struct workqueue_struct *wq)
{
	int old;

	might_sleep();
	mutex_lock(&wq->flush_mutex);
	old = wq->work_color;
	WRITE_ONCE(wq->work_color, !old);
	/* Items queued from now on have the new colour; wait out the old one. */
	wait_event(wq->flush_wait, wq_color_idle(wq, old));
	mutex_unlock(&wq->flush_mutex);
}

void drain_workqueue(struct workqueue_struct *wq)
{
	unsigned int rounds = 0;

	while (!wq_color_idle(wq, 0) || !wq_color_idle(wq, 1)) {
		flush_workqueue(wq);
		if (++rounds == 10)
			pr_warn("workqueue %s: still busy after %u flushes while draining\n",
				wq->name, rounds);
	}
}

/* ------------------------------------------------------------ workers */

static void worker_enter_idle(struct worker *worker)
{
	struct worker_pool *pool = worker->pool;

	worker->idle = true;
	pool->nr_idle++;
	list_add(&worker->node, &pool->idle_list);
}

static void worker_leave_idle(struct worker *worker)
{
	struct worker_pool *pool = worker->pool;

	if (!worker->idle)
		return;
	worker->idle = false;
	pool->nr_idle--;
	list_del_init(&worker->node);
}

static struct worker *create_worker(struct worker_pool *pool)
{
	struct wq_create_gate *gate;
	struct task_struct *task;
	struct worker *worker;
	unsigned long flags;
	int id;

	gate = READ_ONCE(wq_create_gate);
	if (gate && gate->pool_cpu == pool->cpu) {
		WRITE_ONCE(gate->reached, true);
		wait_for_completion(&gate->open);
	}

	worker = kzalloc(sizeof(*worker), GFP_KERNEL);
	if (!worker)
		return NULL;
	worker->pool = pool;
	INIT_LIST_HEAD(&worker->node);
	INIT_LIST_HEAD(&worker->all);
	INIT_LIST_HEAD(&worker->scheduled);

	spin_lock_irqsave(&pool->lock, flags);
	id = pool->next_id++;
	spin_unlock_irqrestore(&pool->lock, flags);

	if (pool->cpu >= 0)
		task = kthread_create(worker_thread, worker, "kworker/%d:%d", pool->cpu, id);
	else
		task = kthread_create(worker_thread, worker, "kworker/u:%d", id);
	if (IS_ERR(task)) {
		kfree(worker);
		return NULL;
	}
	if (pool->cpu >= 0)
		kthread_bind(task, pool->cpu);
	worker->task = task;

	spin_lock_irqsave(&pool->lock, flags);
	list_add_tail(&worker->all, &pool->workers);
	pool->nr_workers++;
	worker_enter_idle(worker);
	spin_unlock_irqrestore(&pool->lock, flags);
	wake_up_process(task);
	return worker;
}

/* Work is waiting and no worker will take it: only a new one (or a rescuer) can. */
static bool pool_stuck(struct worker_pool *pool)
{
	return pool->manager_active && !pool->nr_idle && need_more_worker(pool);
}

/*
 * Ask for the rescuers of the reclaim queues with items on pool's
 * worklist.  pool->lock held.
 */
static void pool_send_maydays(struct worker_pool *pool)
{
	struct work_struct *work;

	spin_lock(&mayday_lock);
	list_for_each_entry(work, &pool->worklist, entry) {
		struct pool_workqueue *pwq = work->pwq;
		struct worker *rescuer = pwq->wq->rescuer;

		if (!rescuer || !list_empty(&pwq->mayday_node))
			continue;
		list_add_tail(&pwq->mayday_node, &pwq->wq->maydays);
		wake_up_process(rescuer->task);
	}
	spin_unlock(&mayday_lock);
}

/* The manager has been creating a worker for a while: call for help, and again later. */
static void pool_mayday_timeout(struct timer_list *t)
{
	struct worker_pool *pool = from_timer(pool, t, mayday_timer);
	unsigned long flags;

	spin_lock_irqsave(&pool->lock, flags);
	if (pool->manager_active) {
		if (pool_stuck(pool))
			pool_send_maydays(pool);
		mod_timer(&pool->mayday_timer, jiffies + MAYDAY_AGAIN);
	}
	spin_unlock_irqrestore(&pool->lock, flags);
}

/*
 * Make sure an idle worker is in reserve before this one starts working.
 * pool->lock held (dropped meanwhile); returns true if it dropped the lock.
 * While no memory can be had for a worker, keeps trying as long as work is
 * waiting; the mayday timer brings the rescuers in meanwhile.  A timer
 * left armed when the manager is done finds manager_active clear and
 * does nothing.
 */
static bool manage_workers(struct worker *worker)
{
	struct worker_pool *pool = worker->pool;

	if (pool->manager_active || pool->nr_workers >= MAX_POOL_WORKERS)
		return false;
	pool->manager_active = true;
	mod_timer(&pool->mayday_timer, jiffies + MAYDAY_FIRST);
	spin_unlock_irq(&pool->lock);
	while (!create_worker(pool)) {
		pr_warn_once("workqueue: cannot create a worker for pool %d (no memory)\n",
			     pool->cpu);
		schedule_timeout_uninterruptible(CREATE_RETRY);
		spin_lock_irq(&pool->lock);
		if (!need_more_worker(pool) || pool->nr_idle) {
			spin_unlock_irq(&pool->lock);
			break;
		}
		spin_unlock_irq(&pool->lock);
	}
	spin_lock_irq(&pool->lock);
	pool->manager_active = false;
	return true;
}

/* What the worker is running, for flush_work() and current_work(); NULL when idle. */
static void worker_set_current(struct worker *worker, struct work_struct *work,
			       struct pool_workqueue *pwq, int color)
{
	worker->current_pwq = pwq;
	worker->current_color = color;
	worker->current_work = work;
	worker->current_func = work ? work->func : NULL;
}

/*
 * Run one work item.  pool->lock held, dropped while the function runs.
 * The item's flags and colour are read first: once PENDING is clear the
 * item may be queued again, and once its function runs it may be freed.
 */
static void process_one_work(struct worker *worker, struct work_struct *work)
{
	struct worker_pool *pool = worker->pool;
	struct pool_workqueue *pwq = work->pwq;
	bool counted = !is_barrier(work);
	int color = work_color(work);
	work_func_t fn = work->func;

	list_del_init(&work->entry);
	worker_set_current(worker, work, pwq, color);
	clear_bit(WORK_STRUCT_LINKED_BIT, &work->data);
	/* From here on the work may be queued again (it will wait for us). */
	clear_bit(WORK_STRUCT_PENDING_BIT, &work->data);
	spin_unlock_irq(&pool->lock);

	fn(work);
	if (WARN_ONCE(irqs_disabled(), "workqueue: %pS returned with interrupts off\n", fn))
		local_irq_enable();
	cond_resched();

	spin_lock_irq(&pool->lock);
	worker_set_current(worker, NULL, NULL, 0);
	/* Barrier items are not counted in the flush colours. */
	if (counted)
		pwq_dec_nr_in_flight(pwq, color);
}

/* Run until worker->scheduled is empty (an item and the barriers linked to it). */
static void process_scheduled_works(struct worker *worker)
{
	struct work_struct *next;

	while ((next = list_first_entry_or_null(&worker->scheduled, struct work_struct, entry)))
		process_one_work(worker, next);
}

static int worker_thread(void *arg)
{
	struct worker *worker = arg;
	struct worker_pool *pool = worker->pool;

	current->flags |= PF_WQ_WORKER;
	spin_lock_irq(&pool->lock);
	for (;;) {
		worker_leave_idle(worker);
recheck:
		if (!need_more_worker(pool))
			goto sleep;
		if (!pool->nr_idle && manage_workers(worker))
			goto recheck;

		worker->processing = true;
		pool->nr_running++;
		do {
			struct work_struct *work = list_first_entry(&pool->worklist,
								    struct work_struct, entry);
			struct worker *collision = find_worker_executing_work(pool, work);

			if (collision) {
				move_linked_works(work, &collision->scheduled);
				continue;
			}
			move_linked_works(work, &worker->scheduled);
			process_scheduled_works(worker);
		} while (keep_working(pool));
		pool->nr_running--;
		worker->processing = false;
sleep:
		if (pool->nr_idle >= MAX_IDLE_WORKERS)
			break;
		worker_enter_idle(worker);
		__set_current_state(TASK_IDLE);
		spin_unlock_irq(&pool->lock);
		schedule();
		spin_lock_irq(&pool->lock);
	}

	/* Enough idle workers: this one goes away. */
	list_del(&worker->all);
	pool->nr_workers--;
	spin_unlock_irq(&pool->lock);
	current->flags &= ~PF_WQ_WORKER;
	kfree(worker);
	return 0;
}

/* The first item on pool's worklist that belongs to pwq, or NULL.  pool->lock held. */
static struct work_struct *first_work_of(struct worker_pool *pool, struct pool_workqueue *pwq)
{
	struct work_struct *work;

	list_for_each_entry(work, &pool->worklist, entry)
		if (work->pwq == pwq)
			return work;
	return NULL;
}

/*
 * Help pwq's pool: join it, run pwq's items from its worklist until none
 * is left or the pool has workers again, leave.  Items that are running
 * on another worker go to that worker, as in worker_thread().
 */
static void rescue_pwq(struct worker *rescuer, struct pool_workqueue *pwq)
{
	struct worker_pool *pool = pwq->pool;
	struct cpumask where;
	struct work_struct *work;

	if (pool->cpu >= 0) {
		cpumask_clear(&where);
		cpumask_set_cpu(pool->cpu, &where);
	} else {
		cpumask_copy(&where, cpu_online_mask);
	}
	set_cpus_allowed_ptr(current, &where);

	spin_lock_irq(&pool->lock);
	rescuer->pool = pool;
	/* On pool->workers, so a work queued again while it runs waits for it. */
	list_add_tail(&rescuer->all, &pool->workers);
	while ((work = first_work_of(pool, pwq))) {
		struct worker *collision = find_worker_executing_work(pool, work);

		if (collision) {
			move_linked_works(work, &collision->scheduled);
			continue;
		}
		move_linked_works(work, &rescuer->scheduled);
		process_scheduled_works(rescuer);
		/* Workers are back (or someone is running): leave the rest to them. */
		if (!pool_stuck(pool))
			break;
	}
	list_del_init(&rescuer->all);
	rescuer->pool = NULL;
	kick_pool(pool);
	spin_unlock_irq(&pool->lock);
}

/* A WQ_MEM_RECLAIM queue's rescuer: sleeps until a pool calls it (pool_send_maydays()). */
static int rescuer_thread(void *arg)
{
	struct worker *rescuer = arg;
	struct workqueue_struct *wq = rescuer->rescues;

	/* For current_work(); never counted in a pool's nr_running. */
	current->flags |= PF_WQ_WORKER;
	for (;;) {
		struct pool_workqueue *pwq;

		set_current_state(TASK_IDLE);
		spin_lock_irq(&mayday_lock);
		pwq = list_first_entry_or_null(&wq->maydays, struct pool_workqueue, mayday_node);
		if (pwq)
			list_del_init(&pwq->mayday_node);
		spin_unlock_irq(&mayday_lock);
		if (!pwq) {
			if (kthread_should_stop())
				break;
			schedule();
			continue;
		}
		__set_current_state(TASK_RUNNING);
		rescue_pwq(rescuer, pwq);
	}
	__set_current_state(TASK_RUNNING);
	current->flags &= ~PF_WQ_WORKER;
	return 0;
}

/* Give wq its rescuer.  Process context, workers_started. */
static int wq_start_rescuer(struct workqueue_struct *wq)
{
	struct worker *rescuer = kzalloc(sizeof(*rescuer), GFP_KERNEL);
	struct task_struct *task;

	if (!rescuer)
		return -ENOMEM;
	INIT_LIST_HEAD(&rescuer->node);
	INIT_LIST_HEAD(&rescuer->all);
	INIT_LIST_HEAD(&rescuer->scheduled);
	rescuer->rescues = wq;
	task = kthread_create(rescuer_thread, rescuer, "%s", wq->name);
	if (IS_ERR(task)) {
		kfree(rescuer);
		return PTR_ERR(task);
	}
	rescuer->task = task;
	wq->rescuer = rescuer;
	wake_up_process(task);
	return 0;
}

void wq_worker_sleeping(struct task_struct *task)
{
	struct worker *worker = kthread_data(task);
	struct worker_pool *pool = worker->pool;
	unsigned long flags;

	if (!worker->processing || worker->sleeping || pool->cpu < 0)
		return;
	spin_lock_irqsave(&pool->lock, flags);
	worker->sleeping = true;
	if (!--pool->nr_running && !list_empty(&pool->worklist))
		wake_up_idle_worker(pool);
	spin_unlock_irqrestore(&pool->lock, flags);
}

void wq_worker_running(struct task_struct *task)
{
	struct worker *worker = kthread_data(task);
	struct worker_pool *pool = worker->pool;
	unsigned long flags;

	if (!worker->sleeping)
		return;
	spin_lock_irqsave(&pool->lock, flags);
	worker->sleeping = false;
	pool->nr_running++;
	spin_unlock_irqrestore(&pool->lock, flags);
}

struct work_struct *current_work(void)
{
	struct worker *worker;

	if (!(current->flags & PF_WQ_WORKER))
		return NULL;
	worker = kthread_data(current);
	return worker->current_work;
}

/* ------------------------------------------------------------ workqueues */

static struct pool_workqueue *alloc_pwq(struct workqueue_struct *wq, struct worker_pool *pool,
					int max_active)
{
	struct pool_workqueue *pwq = kzalloc(sizeof(*pwq), GFP_KERNEL);

	if (!pwq)
		return NULL;
	pwq->pool = pool;
	pwq->wq = wq;
	pwq->max_active = max_active;
	INIT_LIST_HEAD(&pwq->inactive_works);
	INIT_LIST_HEAD(&pwq->mayday_node);
	return pwq;
}

static void free_pwqs(struct workqueue_struct *wq)
{
	for (int cpu = 0; cpu < NR_CPUS; cpu++)
		kfree(wq->cpu_pwqs[cpu]);
	kfree(wq->unbound_pwq);
}

struct workqueue_struct *alloc_workqueue(const char *fmt, unsigned int flags,
					 int max_active, ...)
{
	struct workqueue_struct *wq;
	va_list args;

	wq = kzalloc(sizeof(*wq), GFP_KERNEL);
	if (!wq)
		return NULL;
	va_start(args, max_active);
	vsnprintf(wq->name, sizeof(wq->name), fmt, args);
	va_end(args);

	if (max_active <= 0)
		max_active = WQ_DFL_ACTIVE;
	max_active = min(max_active, WQ_MAX_ACTIVE);
	if (flags & __WQ_ORDERED)
		max_active = 1;
	wq->flags = flags;
	mutex_init(&wq->flush_mutex);
	init_waitqueue_head(&wq->flush_wait);
	INIT_LIST_HEAD(&wq->maydays);

	if (flags & WQ_UNBOUND) {
		wq->unbound_pwq = alloc_pwq(wq, &unbound_pool, max_active);
		if (!wq->unbound_pwq)
			goto fail;
	} else {
		for (int cpu = 0; cpu < NR_CPUS; cpu++) {
			wq->cpu_pwqs[cpu] = alloc_pwq(wq, &cpu_pools[cpu], max_active);
			if (!wq->cpu_pwqs[cpu])
				goto fail;
		}
	}

	/* Queues made before workqueue_init() get theirs from it. */
	mutex_lock(&wq_lock);
	if ((flags & WQ_MEM_RECLAIM) && workers_started && wq_start_rescuer(wq)) {
		mutex_unlock(&wq_lock);
		goto fail;
	}
	list_add_tail(&wq->list, &wq_list);
	mutex_unlock(&wq_lock);
	return wq;
fail:
	free_pwqs(wq);
	kfree(wq);
	return NULL;
}

void destroy_workqueue(struct workqueue_struct *wq)
{
	drain_workqueue(wq);
	mutex_lock(&wq_lock);
	list_del(&wq->list);
	mutex_unlock(&wq_lock);
	/* Nothing is queued any more: a rescuer still on a mayday finds nothing to do. */
	if (wq->rescuer) {
		kthread_stop(wq->rescuer->task);
		kfree(wq->rescuer);
	}
	/* A worker may still be inside pwq_dec_nr_in_flight(): wait it out. */
	for (int cpu = 0; cpu < NR_CPUS; cpu++) {
		struct pool_workqueue *pwq = wq_pwq(wq, cpu);

		if (pwq) {
			spin_lock_irq(&pwq->pool->lock);
			spin_unlock_irq(&pwq->pool->lock);
		}
	}
	free_pwqs(wq);
	kfree(wq);
}

static void __init init_pool(struct worker_pool *pool, int cpu)
{
	spin_lock_init(&pool->lock);
	pool->cpu = cpu;
	INIT_LIST_HEAD(&pool->worklist);
	INIT_LIST_HEAD(&pool->idle_list);
	INIT_LIST_HEAD(&pool->workers);
	timer_setup(&pool->mayday_timer, pool_mayday_timeout, 0);
}

/* Pools and system queues: queue_work() works from here on; items wait for workers. */
void __init workqueue_init_early(void)
{
	for (int cpu = 0; cpu < NR_CPUS; cpu++)
		init_pool(&cpu_pools[cpu], cpu);
	init_pool(&unbound_pool, -1);

	system_wq = alloc_workqueue("events", 0, 0);
	system_long_wq = alloc_workqueue("events_long", 0, 0);
	system_unbound_wq = alloc_workqueue("events_unbound", WQ_UNBOUND, WQ_MAX_ACTIVE);
	if (!system_wq || !system_long_wq || !system_unbound_wq)
		panic("workqueue: cannot allocate the system workqueues");
}

/* Start the first worker of each pool (after SMP bring-up, from kernel_init()). */
void __init workqueue_init(void)
{
	struct workqueue_struct *wq;
	int cpu;

	for_each_online_cpu(cpu)
		if (!create_worker(&cpu_pools[cpu]))
			panic("workqueue: cannot create a worker for CPU %d", cpu);
	if (!create_worker(&unbound_pool))
		panic("workqueue: cannot create an unbound worker");

	mutex_lock(&wq_lock);
	workers_started = true;
	list_for_each_entry(wq, &wq_list, list)
		if ((wq->flags & WQ_MEM_RECLAIM) && wq_start_rescuer(wq))
			panic("workqueue: cannot start the rescuer of %s", wq->name);
	mutex_unlock(&wq_lock);
	pr_info("workqueue: workers started on %d CPUs\n", num_online_cpus());
}
