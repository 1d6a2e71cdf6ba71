/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Reader/writer semaphores (kernel/locking/rwsem.c): many readers or one
 * writer, sleeping.  mmap_lock is one.
 *
 * Fairness: a reader that finds anyone queued queues behind them, so a
 * stream of readers cannot starve a writer; on release the lock is handed
 * to the head of the FIFO queue - one writer, or the run of readers at
 * the head (readers queued behind a writer stay behind it).  The woken
 * task owns the lock before it runs (hand-off), so no one barges in.
 *
 * count: > 0 number of readers, -1 a writer, 0 free.  Locking: lock
 * (irq-safe) guards count and wait_list.
 */
#ifndef _LINUX_RWSEM_H
#define _LINUX_RWSEM_H

#include <linux/types.h>
#include <linux/list.h>
#include <linux/spinlock.h>

struct task_struct;

struct rw_semaphore {
	long count;
	spinlock_t lock;
	struct list_head wait_list;	/* struct rwsem_waiter, FIFO */
	struct task_struct *owner;	/* the writer, for debugging */
};

#define RWSEM_WRITER_LOCKED	(-1L)

#define __RWSEM_INITIALIZER(name) {					\
	.count = 0,							\
	.lock = __SPIN_LOCK_UNLOCKED(name.lock),			\
	.wait_list = LIST_HEAD_INIT((name).wait_list),			\
	.owner = NULL }

#define DECLARE_RWSEM(name) struct rw_semaphore name = __RWSEM_INITIALIZER(name)

static inline void init_rwsem(struct rw_semaphore *sem)
{
	sem->count = 0;
	spin_lock_init(&sem->lock);
	INIT_LIST_HEAD(&sem->wait_list);
	sem->owner = NULL;
}

static inline bool rwsem_is_locked(struct rw_semaphore *sem)
{
	return READ_ONCE(sem->count) != 0;
}

static inline bool rwsem_is_contended(struct rw_semaphore *sem)
{
	return !list_empty(&sem->wait_list);
}

void down_read(struct rw_semaphore *sem);
int __must_check down_read_interruptible(struct rw_semaphore *sem);
int __must_check down_read_killable(struct rw_semaphore *sem);
/* 1 if acquired, 0 otherwise; never sleeps. */
int down_read_trylock(struct rw_semaphore *sem);
void up_read(struct rw_semaphore *sem);

void down_write(struct rw_semaphore *sem);
int __must_check down_write_killable(struct rw_semaphore *sem);
int down_write_trylock(struct rw_semaphore *sem);
void up_write(struct rw_semaphore *sem);
/* Turn the caller's write lock into a read lock without letting a writer in. */
void downgrade_write(struct rw_semaphore *sem);

#define down_read_nested(sem, subclass)		down_read(sem)
#define down_write_nested(sem, subclass)	down_write(sem)

#endif /* _LINUX_RWSEM_H */
