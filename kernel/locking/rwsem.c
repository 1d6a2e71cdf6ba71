// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reader/writer semaphores (see linux/rwsem.h for the fairness rules).
 *
 * Everything happens under sem->lock: count says who holds the lock,
 * wait_list queues everyone who could not get it, in arrival order.  A
 * newcomer gets the lock at once only if nobody is queued.  Whenever the
 * holders change, rwsem_grant() hands the lock to the head of the queue
 * - a writer if the lock is free, or the run of readers at the head if
 * no writer holds it - marking each granted waiter before waking it.
 * Waiters check "granted" under sem->lock, so their on-stack waiter
 * entry cannot vanish while a granter still looks at it.
 */
#include <linux/kernel.h>
#include <linux/rwsem.h>
#include <linux/sched.h>
#include <linux/errno.h>
#include <linux/bug.h>

struct rwsem_waiter {
	struct list_head list;
	struct task_struct *task;
	bool writer;
	bool granted;
};

/* Hand the lock to whoever at the head of the queue can have it now. */
static void rwsem_grant(struct rw_semaphore *sem)
{
	struct rwsem_waiter *w, *n;

	list_for_each_entry_safe(w, n, &sem->wait_list, list) {
		if (w->writer) {
			if (sem->count != 0)
				return;
			sem->count = RWSEM_WRITER_LOCKED;
			sem->owner = w->task;
		} else {
			if (sem->count < 0)
				return;
			sem->count++;
		}
		list_del(&w->list);
		w->granted = true;
		wake_up_process(w->task);
		if (w->writer)
			return;
	}
}

/* Queue and sleep until granted; 0, or -EINTR if a signal came first. */
static int rwsem_wait(struct rw_semaphore *sem, bool writer, unsigned int state,
		      unsigned long flags)
{
	struct rwsem_waiter waiter = { .task = current, .writer = writer };

	list_add_tail(&waiter.list, &sem->wait_list);
	for (;;) {
		set_current_state(state);
		if (waiter.granted)
			break;
		if (signal_pending_state(state, current)) {
			list_del(&waiter.list);
			/* Our place at the head may have been what held others back. */
			rwsem_grant(sem);
			__set_current_state(TASK_RUNNING);
			spin_unlock_irqrestore(&sem->lock, flags);
			return -EINTR;
		}
		spin_unlock_irqrestore(&sem->lock, flags);
		schedule();
		spin_lock_irqsave(&sem->lock, flags);
	}
	__set_current_state(TASK_RUNNING);
	spin_unlock_irqrestore(&sem->lock, flags);
	return 0;
}

static int __down_read(struct rw_semaphore *sem, unsigned int state)
{
	unsigned long flags;

	might_sleep();
	spin_lock_irqsave(&sem->lock, flags);
	if (sem->count >= 0 && list_empty(&sem->wait_list)) {
		sem->count++;
		spin_unlock_irqrestore(&sem->lock, flags);
		return 0;
	}
	return rwsem_wait(sem, false, state, flags);
}

static int __down_write(struct rw_semaphore *sem, unsigned int state)
{
	unsigned long flags;

	might_sleep();
	spin_lock_irqsave(&sem->lock, flags);
	if (sem->count == 0 && list_empty(&sem->wait_list)) {
		sem->count = RWSEM_WRITER_LOCKED;
		sem->owner = current;
		spin_unlock_irqrestore(&sem->lock, flags);
		return 0;
	}
	return rwsem_wait(sem, true, state, flags);
}

void down_read(struct rw_semaphore *sem)
{
	__down_read(sem, TASK_UNINTERRUPTIBLE);
}

int down_read_interruptible(struct rw_semaphore *sem)
{
	return __down_read(sem, TASK_INTERRUPTIBLE);
}

int down_read_killable(struct rw_semaphore *sem)
{
	return __down_read(sem, TASK_KILLABLE);
}

void down_write(struct rw_semaphore *sem)
{
	__down_write(sem, TASK_UNINTERRUPTIBLE);
}

int down_write_killable(struct rw_semaphore *sem)
{
	return __down_write(sem, TASK_KILLABLE);
}

int down_read_trylock(struct rw_semaphore *sem)
{
	unsigned long flags;
	int ret = 0;

	spin_lock_irqsave(&sem->lock, flags);
	if (sem->count >= 0 && list_empty(&sem->wait_list)) {
		sem->count++;
		ret = 1;
	}
	spin_unlock_irqrestore(&sem->lock, flags);
	return ret;
}

int down_write_trylock(struct rw_semaphore *sem)
{
	unsigned long flags;
	int ret = 0;

	spin_lock_irqsave(&sem->lock, flags);
	if (sem->count == 0 && list_empty(&sem->wait_list)) {
		sem->count = RWSEM_WRITER_LOCKED;
		sem->owner = current;
		ret = 1;
	}
	spin_unlock_irqrestore(&sem->lock, flags);
	return ret;
}

void up_read(struct rw_semaphore *sem)
{
	unsigned long flags;

	spin_lock_irqsave(&sem->lock, flags);
	if (WARN_ONCE(sem->count <= 0, "rwsem %p: up_read() but no reader holds it\n", sem)) {
		spin_unlock_irqrestore(&sem->lock, flags);
		return;
	}
	if (--sem->count == 0)
		rwsem_grant(sem);
	spin_unlock_irqrestore(&sem->lock, flags);
}

void up_write(struct rw_semaphore *sem)
{
	unsigned long flags;

	spin_lock_irqsave(&sem->lock, flags);
	if (WARN_ONCE(sem->count != RWSEM_WRITER_LOCKED,
		      "rwsem %p: up_write() but no writer holds it\n", sem)) {
		spin_unlock_irqrestore(&sem->lock, flags);
		return;
	}
	WARN_ONCE(sem->owner != current, "rwsem %p: up_write() by %s/%d, not by its owner\n",
		  sem, current->comm, current->pid);
	sem->count = 0;
	sem->owner = NULL;
	rwsem_grant(sem);
	spin_unlock_irqrestore(&sem->lock, flags);
}

void downgrade_write(struct rw_semaphore *sem)
{
	unsigned long flags;

	spin_lock_irqsave(&sem->lock, flags);
	WARN_ON_ONCE(sem->count != RWSEM_WRITER_LOCKED || sem->owner != current);
	sem->count = 1;
	sem->owner = NULL;
	/* Readers queued at the head may join; a queued writer still waits. */
	rwsem_grant(sem);
	spin_unlock_irqrestore(&sem->lock, flags);
}
