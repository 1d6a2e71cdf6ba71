/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Wait queues (kernel/sched/wait.c): a list of sleeping tasks that some
 * event will wake.
 *
 * A wait_queue_head is a spinlock and a list of wait_queue_entry; each
 * entry names a task (private) and the function that wakes it.  Waiters
 * normally use the wait_event*() macros, which loop: queue the entry and
 * set the task state (prepare_to_wait_event()), test the condition,
 * schedule(), and finally dequeue (finish_wait()).  Wakers make the
 * condition true and then call wake_up*().
 *
 * Exclusive waiters (WQ_FLAG_EXCLUSIVE) sit at the tail; a wake_up()
 * wakes every non-exclusive waiter and one exclusive waiter (wake_up_nr(n):
 * n of them; wake_up_all(): all), so a resource freed once wakes one
 * contender instead of a thundering herd.
 *
 * Interruptible waits return -ERESTARTSYS when a signal is pending
 * (signal_pending_state()).  Until user processes and signals exist
 * nothing sets a signal, so they behave exactly like uninterruptible waits.
 *
 * Locking: wq_head->lock (irq-safe: wake_up() is allowed from interrupt
 * handlers) guards the list.  waitqueue_active() peeks without the lock
 * and is only correct with a full barrier between making the condition
 * true and the peek (wq_has_sleeper() includes it).
 */
#ifndef _LINUX_WAIT_H
#define _LINUX_WAIT_H

#include <linux/types.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/errno.h>
#include <linux/sched.h>
#include <asm/barrier.h>

struct wait_queue_entry;
typedef int (*wait_queue_func_t)(struct wait_queue_entry *wq_entry, unsigned int mode,
				 int flags, void *key);

#define WQ_FLAG_EXCLUSIVE	0x01
#define WQ_FLAG_WOKEN		0x02

struct wait_queue_entry {
	unsigned int flags;
	void *private;			/* the waiting task */
	wait_queue_func_t func;
	struct list_head entry;		/* on wq_head->head, under wq_head->lock */
};

struct wait_queue_head {
	spinlock_t lock;
	struct list_head head;
};

typedef struct wait_queue_head wait_queue_head_t;
typedef struct wait_queue_entry wait_queue_entry_t;

#define __WAIT_QUEUE_HEAD_INITIALIZER(name) {				\
	.lock = __SPIN_LOCK_UNLOCKED(name.lock),			\
	.head = LIST_HEAD_INIT(name.head) }

#define DECLARE_WAIT_QUEUE_HEAD(name) \
	struct wait_queue_head name = __WAIT_QUEUE_HEAD_INITIALIZER(name)

static inline void init_waitqueue_head(struct wait_queue_head *wq_head)
{
	spin_lock_init(&wq_head->lock);
	INIT_LIST_HEAD(&wq_head->head);
}

int default_wake_function(struct wait_queue_entry *wq_entry, unsigned int mode,
			  int flags, void *key);
/* Wake the task and take the entry off the queue (DEFINE_WAIT()). */
int autoremove_wake_function(struct wait_queue_entry *wq_entry, unsigned int mode,
			     int flags, void *key);

/*
 * Every entry is (task to wake, how to wake it), with no flags and not
 * yet queued.  The static forms and the init_* functions below all build
 * exactly that.
 */
#define __WAIT_ENTRY_INIT(name, task, wake) \
	{ .flags = 0, .private = (task), .func = (wake), .entry = LIST_HEAD_INIT((name).entry) }

#define __WAITQUEUE_INITIALIZER(name, tsk) \
	__WAIT_ENTRY_INIT(name, tsk, default_wake_function)

/* An entry for task tsk that stays queued until removed. */
#define DECLARE_WAITQUEUE(name, tsk) \
	struct wait_queue_entry name = __WAIT_ENTRY_INIT(name, tsk, default_wake_function)

/* An entry for current woken by function. */
#define DEFINE_WAIT_FUNC(name, function) \
	struct wait_queue_entry name = __WAIT_ENTRY_INIT(name, current, function)

#define DEFINE_WAIT(name) DEFINE_WAIT_FUNC(name, autoremove_wake_function)

static inline void __init_wait_entry_as(struct wait_queue_entry *wq_entry, void *task,
					wait_queue_func_t wake)
{
	*wq_entry = (struct wait_queue_entry){ .private = task, .func = wake };
	INIT_LIST_HEAD(&wq_entry->entry);
}

static inline void init_waitqueue_entry(struct wait_queue_entry *wq_entry,
					struct task_struct *p)
{
	__init_wait_entry_as(wq_entry, p, default_wake_function);
}

/* An entry with no task: func alone knows what to do (poll tables). */
static inline void init_waitqueue_func_entry(struct wait_queue_entry *wq_entry,
					     wait_queue_func_t func)
{
	__init_wait_entry_as(wq_entry, NULL, func);
}

/* An autoremove entry for current with the given WQ_FLAG_* flags. */
void init_wait_entry(struct wait_queue_entry *wq_entry, int flags);
#define init_wait(wait) init_wait_entry(wait, 0)

/* Lockless peek; see the file comment for when that is enough. */
static inline bool waitqueue_active(struct wait_queue_head *wq_head)
{
	return !list_empty(&wq_head->head);
}

/* waitqueue_active() preceded by the full barrier the waker needs. */
static inline bool wq_has_sleeper(struct wait_queue_head *wq_head)
{
	smp_mb();
	return waitqueue_active(wq_head);
}

void add_wait_queue(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry);
void add_wait_queue_exclusive(struct wait_queue_head *wq_head,
			      struct wait_queue_entry *wq_entry);
void remove_wait_queue(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry);

/* Caller holds wq_head->lock. */
static inline void __add_wait_queue(struct wait_queue_head *wq_head,
				    struct wait_queue_entry *wq_entry)
{
	list_add(&wq_entry->entry, &wq_head->head);
}

static inline void __add_wait_queue_entry_tail(struct wait_queue_head *wq_head,
					       struct wait_queue_entry *wq_entry)
{
	list_add_tail(&wq_entry->entry, &wq_head->head);
}

static inline void __remove_wait_queue(struct wait_queue_head *wq_head,
				       struct wait_queue_entry *wq_entry)
{
	list_del_init(&wq_entry->entry);
}

void prepare_to_wait(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry,
		     unsigned int state);
bool prepare_to_wait_exclusive(struct wait_queue_head *wq_head,
			       struct wait_queue_entry *wq_entry, unsigned int state);
/* As prepare_to_wait(); returns -ERESTARTSYS (entry dequeued) if a signal ends the wait. */
long prepare_to_wait_event(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry,
			   unsigned int state);
void finish_wait(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry);

/* Wake nr_exclusive exclusive waiters (0: all) and every other waiter in mode. */
void __wake_up(struct wait_queue_head *wq_head, unsigned int mode, int nr_exclusive,
	       void *key);
/* One waiter, as a hand-off from a caller about to sleep (WF_SYNC). */
void __wake_up_sync_key(struct wait_queue_head *wq_head, unsigned int mode, void *key);
/* The same with wq_head->lock already held. */
void __wake_up_locked(struct wait_queue_head *wq_head, unsigned int mode, int nr_exclusive,
		      void *key);

#define wake_up(x)			__wake_up(x, TASK_NORMAL, 1, NULL)
#define wake_up_nr(x, nr)		__wake_up(x, TASK_NORMAL, nr, NULL)
#define wake_up_all(x)			__wake_up(x, TASK_NORMAL, 0, NULL)
#define wake_up_locked(x)		__wake_up_locked((x), TASK_NORMAL, 1, NULL)
#define wake_up_all_locked(x)		__wake_up_locked((x), TASK_NORMAL, 0, NULL)
#define wake_up_interruptible(x)	__wake_up(x, TASK_INTERRUPTIBLE, 1, NULL)
#define wake_up_interruptible_nr(x, nr)	__wake_up(x, TASK_INTERRUPTIBLE, nr, NULL)
#define wake_up_interruptible_all(x)	__wake_up(x, TASK_INTERRUPTIBLE, 0, NULL)
/* Poll-style wakeup: key carries the event mask for poll wait entries. */
#define wake_up_poll(x, m)		__wake_up(x, TASK_NORMAL, 1, (void *)(unsigned long)(m))
#define wake_up_interruptible_poll(x, m) \
	__wake_up(x, TASK_INTERRUPTIBLE, 1, (void *)(unsigned long)(m))
#define wake_up_interruptible_sync_poll(x, m) \
	__wake_up_sync_key(x, TASK_INTERRUPTIBLE, (void *)(unsigned long)(m))

/* ------------------------------------------------------------ wait_event() */

/*
 * The loop behind every wait_event*() variant.  __we_ret starts at ret and
 * is what the expression yields; cmd sleeps (and may update __we_ret, as
 * the timeout variants do).  condition is evaluated after the task state
 * is set, so a wakeup between the test and the sleep is not lost.
 */
#define __wait_event_loop(wq_head, condition, state, exclusive, ret, cmd)	\
({										\
	struct wait_queue_entry __we_entry;					\
	long __we_ret = (ret);							\
										\
	init_wait_entry(&__we_entry, (exclusive) ? WQ_FLAG_EXCLUSIVE : 0);	\
	for (;;) {								\
		long __we_err = prepare_to_wait_event(&(wq_head), &__we_entry,	\
						      (state));			\
		if (condition)							\
			break;							\
		if (__we_err) {							\
			__we_ret = __we_err;					\
			break;							\
		}								\
		cmd;								\
	}									\
	finish_wait(&(wq_head), &__we_entry);					\
	__we_ret;								\
})

/*
 * For the timeout variants: true when the wait is over, either because
 * condition holds (then at least 1 jiffy is reported left, so the caller
 * can tell success from timeout) or because the time ran out.
 */
#define __wait_cond_timeout(condition, left)					\
({										\
	bool __wct = (condition);						\
	if (__wct && !(left))							\
		(left) = 1;							\
	__wct || !(left);							\
})

/* Sleep (TASK_UNINTERRUPTIBLE) until condition is true. */
#define wait_event(wq_head, condition)						\
do {										\
	might_sleep();								\
	if (condition)								\
		break;								\
	(void)__wait_event_loop(wq_head, condition, TASK_UNINTERRUPTIBLE, 0, 0, \
				schedule());					\
} while (0)

/* As wait_event() but not counted as load (idle kthreads). */
#define wait_event_idle(wq_head, condition)					\
do {										\
	might_sleep();								\
	if (condition)								\
		break;								\
	(void)__wait_event_loop(wq_head, condition, TASK_IDLE, 0, 0, schedule()); \
} while (0)

#define wait_event_idle_exclusive(wq_head, condition)				\
do {										\
	might_sleep();								\
	if (condition)								\
		break;								\
	(void)__wait_event_loop(wq_head, condition, TASK_IDLE, 1, 0, schedule()); \
} while (0)

#define __wait_event_timeout_state(wq_head, condition, state, timeout)	\
({										\
	long __wt_left = (timeout);						\
	might_sleep();								\
	if (!__wait_cond_timeout(condition, __wt_left))				\
		__wt_left = __wait_event_loop(wq_head,				\
				__wait_cond_timeout(condition, __we_ret),	\
				state, 0, __wt_left,				\
				__we_ret = schedule_timeout(__we_ret));		\
	__wt_left;								\
})

/*
 * Sleep until condition is true or timeout jiffies pass.  Returns 0 if
 * the time ran out with condition still false, else the jiffies left (>= 1).
 */
#define wait_event_timeout(wq_head, condition, timeout) \
	__wait_event_timeout_state(wq_head, condition, TASK_UNINTERRUPTIBLE, timeout)

/* As wait_event_timeout(); -ERESTARTSYS if interrupted by a signal. */
#define wait_event_interruptible_timeout(wq_head, condition, timeout) \
	__wait_event_timeout_state(wq_head, condition, TASK_INTERRUPTIBLE, timeout)

#define wait_event_killable_timeout(wq_head, condition, timeout) \
	__wait_event_timeout_state(wq_head, condition, TASK_KILLABLE, timeout)

#define __wait_event_state(wq_head, condition, state, exclusive)		\
({										\
	long __ws_ret = 0;							\
	might_sleep();								\
	if (!(condition))							\
		__ws_ret = __wait_event_loop(wq_head, condition, state,		\
					     exclusive, 0, schedule());		\
	(int)__ws_ret;								\
})

/* Sleep until condition; 0, or -ERESTARTSYS if a signal arrived first. */
#define wait_event_interruptible(wq_head, condition) \
	__wait_event_state(wq_head, condition, TASK_INTERRUPTIBLE, 0)
#define wait_event_interruptible_exclusive(wq_head, condition) \
	__wait_event_state(wq_head, condition, TASK_INTERRUPTIBLE, 1)
/* As wait_event_interruptible(), but only fatal signals end the wait. */
#define wait_event_killable(wq_head, condition) \
	__wait_event_state(wq_head, condition, TASK_KILLABLE, 0)
#define wait_event_killable_exclusive(wq_head, condition) \
	__wait_event_state(wq_head, condition, TASK_KILLABLE, 1)

/*
 * Wait with a spinlock held around the condition: lock is dropped (irq
 * variants re-enable interrupts) while sleeping and held again when the
 * macro returns.  The caller holds lock on entry.
 */
#define wait_event_lock_irq_cmd(wq_head, condition, lock, cmd)			\
do {										\
	if (condition)								\
		break;								\
	(void)__wait_event_loop(wq_head, condition, TASK_UNINTERRUPTIBLE, 0, 0, \
				spin_unlock_irq(&(lock)); cmd; schedule();	\
				spin_lock_irq(&(lock)));			\
} while (0)

#define wait_event_lock_irq(wq_head, condition, lock) \
	wait_event_lock_irq_cmd(wq_head, condition, lock, )

#define wait_event_lock(wq_head, condition, lock)				\
do {										\
	if (condition)								\
		break;								\
	(void)__wait_event_loop(wq_head, condition, TASK_UNINTERRUPTIBLE, 0, 0, \
				spin_unlock(&(lock)); schedule();		\
				spin_lock(&(lock)));				\
} while (0)

#endif /* _LINUX_WAIT_H */
