/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Sleeping mutual exclusion (kernel/locking/mutex.c).
 *
 * owner holds the owning task pointer, or 0 when free; bit 0
 * (MUTEX_FLAG_WAITERS) says tasks are queued on wait_list.  An
 * uncontended lock or unlock is one cmpxchg on owner.  With waiters,
 * unlock hands the mutex straight to the first waiter in FIFO order
 * (owner becomes that task before it even runs), so a task that keeps
 * re-locking cannot starve the sleepers.  Before queueing, a locker spins
 * while the owner runs on another CPU and nobody is queued.
 *
 * Rules: only the owner unlocks (WARNs otherwise); no recursive locking;
 * not from interrupt context; the holder may sleep.  mutex_lock() sleeps
 * uninterruptibly; the _interruptible/_killable variants return -EINTR
 * when a signal arrives first.
 *
 * Locking: wait_lock (irq-safe) guards wait_list and every owner change
 * made while waiters exist.
 */
#ifndef _LINUX_MUTEX_H
#define _LINUX_MUTEX_H

#include <linux/types.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <asm/atomic.h>

struct task_struct;

struct mutex {
	atomic_long_t owner;		/* task pointer | MUTEX_FLAG_WAITERS */
	spinlock_t wait_lock;
	struct list_head wait_list;	/* struct mutex_waiter, FIFO */
};

#define MUTEX_FLAG_WAITERS	0x01UL
#define MUTEX_FLAGS		0x07UL

#define __MUTEX_INITIALIZER(name) {					\
	.owner = { 0 },							\
	.wait_lock = __SPIN_LOCK_UNLOCKED(name.wait_lock),		\
	.wait_list = LIST_HEAD_INIT(name.wait_list) }

#define DEFINE_MUTEX(name) struct mutex name = __MUTEX_INITIALIZER(name)

static inline void mutex_init(struct mutex *lock)
{
	atomic_long_set(&lock->owner, 0);
	spin_lock_init(&lock->wait_lock);
	INIT_LIST_HEAD(&lock->wait_list);
}

static inline bool mutex_is_locked(struct mutex *lock)
{
	return atomic_long_read(&lock->owner) != 0;
}

static inline struct task_struct *mutex_owner(struct mutex *lock)
{
	return (struct task_struct *)(atomic_long_read(&lock->owner) & ~MUTEX_FLAGS);
}

/* Nothing to release; kept so callers can state the end of a mutex's life. */
static inline void mutex_destroy(struct mutex *lock)
{
}

void mutex_lock(struct mutex *lock);
int __must_check mutex_lock_interruptible(struct mutex *lock);
int __must_check mutex_lock_killable(struct mutex *lock);
/* 1 if acquired, 0 if it is held; never sleeps. */
int mutex_trylock(struct mutex *lock);
void mutex_unlock(struct mutex *lock);
/* No lockdep: the subclass only documents nesting. */
#define mutex_lock_nested(lock, subclass) mutex_lock(lock)

#endif /* _LINUX_MUTEX_H */
