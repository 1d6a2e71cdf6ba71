/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Counting semaphores (kernel/locking/semaphore.c).  down() takes one
 * unit of count, sleeping while there is none; up() returns one, handing
 * it directly to the longest waiter if there is one.  Unlike a mutex, any
 * task (or an interrupt handler) may up().
 *
 * Locking: lock (irq-safe) guards count and wait_list.
 */
#ifndef _LINUX_SEMAPHORE_H
#define _LINUX_SEMAPHORE_H

#include <linux/types.h>
#include <linux/list.h>
#include <linux/spinlock.h>

struct semaphore {
	spinlock_t lock;
	unsigned int count;
	struct list_head wait_list;	/* struct semaphore_waiter, FIFO */
};

#define __SEMAPHORE_INITIALIZER(name, n) {				\
	.lock = __SPIN_LOCK_UNLOCKED((name).lock),			\
	.count = n,							\
	.wait_list = LIST_HEAD_INIT((name).wait_list) }

#define DEFINE_SEMAPHORE(name, n) \
	struct semaphore name = __SEMAPHORE_INITIALIZER(name, n)

static inline void sema_init(struct semaphore *sem, int val)
{
	spin_lock_init(&sem->lock);
	sem->count = val;
	INIT_LIST_HEAD(&sem->wait_list);
}

void down(struct semaphore *sem);
/* 0, or -EINTR if a signal (fatal only, for _killable) came first. */
int __must_check down_interruptible(struct semaphore *sem);
int __must_check down_killable(struct semaphore *sem);
/* 0 if acquired, 1 if not (note: the opposite of mutex_trylock()). */
int __must_check down_trylock(struct semaphore *sem);
/* 0, or -ETIME after timeout jiffies. */
int __must_check down_timeout(struct semaphore *sem, long timeout);
void up(struct semaphore *sem);

#endif /* _LINUX_SEMAPHORE_H */
