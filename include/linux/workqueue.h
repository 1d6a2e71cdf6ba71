/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Workqueues (kernel/workqueue.c): run a function later, in process
 * context, on a kernel worker thread ("kworker/N:M" bound to CPU N, or
 * "kworker/u:M" for unbound queues).
 *
 *	INIT_WORK(&w, fn);  queue_work(system_wq, &w);   fn(&w) runs soon
 *	INIT_DELAYED_WORK(&d, fn);  schedule_delayed_work(&d, HZ);
 *	cancel_work_sync(&w) / flush_work(&w)
 *
 * Guarantees: queueing a work that is already pending does nothing (and
 * returns false); a work item never runs on two workers at once (if it is
 * queued again while running, the new run starts after the current one
 * ends); flush_work() waits for the last queued run to finish;
 * cancel_work_sync() leaves the work neither pending nor running.
 * flush_workqueue() waits for every item queued before the call.
 *
 * Work functions may sleep.  A worker that blocks lets another worker of
 * its pool run (workers are created on demand), so items that wait for
 * each other on one CPU do not deadlock - as long as a worker thread can
 * be created.  A queue that reclaim may wait on (I/O submission,
 * writeback) is allocated WQ_MEM_RECLAIM: it has a rescuer thread of its
 * own, which runs the queue's items when a pool cannot get a new worker
 * because creating one waits for memory.
 *
 * queue_work*() may be called from any context, interrupts included.
 */
#ifndef _LINUX_WORKQUEUE_H
#define _LINUX_WORKQUEUE_H

#include <linux/types.h>
#include <linux/list.h>
#include <linux/timer.h>
#include <asm/atomic.h>

struct work_struct;
struct workqueue_struct;
struct worker_pool;
struct pool_workqueue;

typedef void (*work_func_t)(struct work_struct *work);

/* work->data bits. */
#define WORK_STRUCT_PENDING_BIT		0	/* queued (or its timer is armed) */
#define WORK_STRUCT_INACTIVE_BIT	1	/* parked: its queue is at max_active */
#define WORK_STRUCT_COLOR_BIT		2	/* flush color while queued */
#define WORK_STRUCT_PENDING		(1UL << WORK_STRUCT_PENDING_BIT)
#define WORK_STRUCT_INACTIVE		(1UL << WORK_STRUCT_INACTIVE_BIT)
#define WORK_STRUCT_COLOR		(1UL << WORK_STRUCT_COLOR_BIT)

/*
 * Locking: PENDING is set with an atomic test-and-set by whoever queues
 * the work, and owning it is the right to queue; entry, pwq and the other
 * data bits are guarded by the lock of the pool the work is queued on.
 * pool (the last pool it was queued on) is written under that pool's
 * lock; pools live forever, so it may be read without a lock.
 */
struct work_struct {
	unsigned long data;
	struct list_head entry;
	work_func_t func;
	struct pool_workqueue *pwq;	/* while queued */
	struct worker_pool *pool;	/* last pool; NULL if never queued */
};

struct delayed_work {
	struct work_struct work;
	struct timer_list timer;	/* queues work when it fires */
	struct workqueue_struct *wq;	/* target, while the timer is armed */
	int cpu;
};

#define WORK_CPU_UNBOUND	(-1)

void __init_work(struct work_struct *work, work_func_t func);
void __init_delayed_work(struct delayed_work *dwork, work_func_t func);

#define INIT_WORK(_work, _func)			__init_work((_work), (_func))
#define INIT_WORK_ONSTACK(_work, _func)		__init_work((_work), (_func))
#define INIT_DELAYED_WORK(_dwork, _func)	__init_delayed_work((_dwork), (_func))
#define INIT_DELAYED_WORK_ONSTACK(_dwork, _func) __init_delayed_work((_dwork), (_func))
static inline void destroy_work_on_stack(struct work_struct *work)
{
}
static inline void destroy_delayed_work_on_stack(struct delayed_work *dwork)
{
}

#define __WORK_INITIALIZER(n, f) {					\
	.data = 0,							\
	.entry = LIST_HEAD_INIT((n).entry),				\
	.func = (f),							\
	.pwq = NULL,							\
	.pool = NULL }

#define DECLARE_WORK(n, f) struct work_struct n = __WORK_INITIALIZER(n, f)

void delayed_work_timer_fn(struct timer_list *t);

#define __DELAYED_WORK_INITIALIZER(n, f) {				\
	.work = __WORK_INITIALIZER((n).work, (f)),			\
	.timer = __TIMER_INITIALIZER((n).timer, delayed_work_timer_fn, 0), \
	.wq = NULL,							\
	.cpu = WORK_CPU_UNBOUND }

#define DECLARE_DELAYED_WORK(n, f) \
	struct delayed_work n = __DELAYED_WORK_INITIALIZER(n, f)

static inline struct delayed_work *to_delayed_work(struct work_struct *work)
{
	return container_of(work, struct delayed_work, work);
}

#define work_pending(work)	test_bit(WORK_STRUCT_PENDING_BIT, &(work)->data)
#define delayed_work_pending(w)	work_pending(&(w)->work)

/* alloc_workqueue() flags (Linux's values). */
#define WQ_UNBOUND		(1 << 1)	/* workers not bound to a CPU */
#define WQ_FREEZABLE		(1 << 2)	/* accepted (no freezer) */
#define WQ_MEM_RECLAIM		(1 << 3)	/* has a rescuer thread, see above */
#define WQ_HIGHPRI		(1 << 4)	/* accepted (one priority) */
#define WQ_CPU_INTENSIVE	(1 << 5)	/* accepted */
#define __WQ_ORDERED		(1 << 17)	/* one item at a time, in order */

#define WQ_MAX_ACTIVE		512
#define WQ_DFL_ACTIVE		(WQ_MAX_ACTIVE / 2)

__printf(1, 4)
struct workqueue_struct *alloc_workqueue(const char *fmt, unsigned int flags,
					 int max_active, ...);
#define alloc_ordered_workqueue(fmt, flags, args...) \
	alloc_workqueue(fmt, WQ_UNBOUND | __WQ_ORDERED | (flags), 1, ##args)
#define create_workqueue(name)			alloc_workqueue("%s", WQ_MEM_RECLAIM, 1, (name))
#define create_singlethread_workqueue(name)	alloc_ordered_workqueue("%s", WQ_MEM_RECLAIM, name)
void destroy_workqueue(struct workqueue_struct *wq);

/* Default queues: per-CPU workers, and workers free to run anywhere. */
extern struct workqueue_struct *system_wq;
extern struct workqueue_struct *system_unbound_wq;
extern struct workqueue_struct *system_long_wq;

/* Queue work; false if it was already pending. */
bool queue_work_on(int cpu, struct workqueue_struct *wq, struct work_struct *work);
bool queue_work(struct workqueue_struct *wq, struct work_struct *work);
bool queue_delayed_work_on(int cpu, struct workqueue_struct *wq, struct delayed_work *dwork,
			   unsigned long delay);
bool queue_delayed_work(struct workqueue_struct *wq, struct delayed_work *dwork,
			unsigned long delay);
/* Queue, or if pending change the delay; false if it was idle before. */
bool mod_delayed_work_on(int cpu, struct workqueue_struct *wq, struct delayed_work *dwork,
			 unsigned long delay);
bool mod_delayed_work(struct workqueue_struct *wq, struct delayed_work *dwork,
		      unsigned long delay);

static inline bool schedule_work(struct work_struct *work)
{
	return queue_work(system_wq, work);
}

static inline bool schedule_work_on(int cpu, struct work_struct *work)
{
	return queue_work_on(cpu, system_wq, work);
}

static inline bool schedule_delayed_work(struct delayed_work *dwork, unsigned long delay)
{
	return queue_delayed_work(system_wq, dwork, delay);
}

static inline bool schedule_delayed_work_on(int cpu, struct delayed_work *dwork,
					    unsigned long delay)
{
	return queue_delayed_work_on(cpu, system_wq, dwork, delay);
}

/* Wait for the last queued run of work to finish; true if it had to wait. */
bool flush_work(struct work_struct *work);
/* Queue a delayed work now if its timer is armed, then flush it. */
bool flush_delayed_work(struct delayed_work *dwork);
/* Dequeue if pending (no waiting); true if it was pending. */
bool cancel_work(struct work_struct *work);
bool cancel_delayed_work(struct delayed_work *dwork);
/* Dequeue and wait for a running instance; true if it was pending. */
bool cancel_work_sync(struct work_struct *work);
bool cancel_delayed_work_sync(struct delayed_work *dwork);

void flush_workqueue(struct workqueue_struct *wq);
/* Flush until the queue stays empty (items may requeue themselves a while). */
void drain_workqueue(struct workqueue_struct *wq);

/* The work item the calling worker is executing, or NULL. */
struct work_struct *current_work(void);

/* Boot: pools and system queues (from sched_init()); worker threads. */
void workqueue_init_early(void);

#endif /* _LINUX_WORKQUEUE_H */
