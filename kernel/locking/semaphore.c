// SPDX-License-Identifier: GPL-2.0-only
/*
 * Counting semaphores (see linux/semaphore.h).  Under sem->lock: down()
 * takes a unit of count or queues; up() gives its unit straight to the
 * first queued task (marking it granted, then waking it) or adds it to
 * count.  Waiters check "granted" under the lock, as in rwsem.c.
 */
#include <linux/kernel.h>
#include <linux/semaphore.h>
#include <linux/sched.h>
#include <linux/errno.h>

struct semaphore_waiter {
	struct list_head list;
	struct task_struct *task;
	bool granted;
};

/* Called with sem->lock held and count == 0; 0, -EINTR or -ETIME. */
static int __down_common(struct semaphore *sem, unsigned int state, long timeout,
			 unsigned long *flags)
{
	struct semaphore_waiter waiter = { .task = current };

	list_add_tail(&waiter.list, &sem->wait_list);
	for (;;) {
		if (signal_pending_state(state, current))
			goto interrupted;
		if (timeout <= 0)
			goto timed_out;
		__set_current_state(state);
		spin_unlock_irqrestore(&sem->lock, *flags);
		timeout = schedule_timeout(timeout);
		spin_lock_irqsave(&sem->lock, *flags);
		if (waiter.granted)
			return 0;
	}
timed_out:
	list_del(&waiter.list);
	return -ETIME;
interrupted:
	list_del(&waiter.list);
	return -EINTR;
}

static int __down(struct semaphore *sem, unsigned int state, long timeout)
{
	unsigned long flags;
	int ret = 0;

	might_sleep();
	spin_lock_irqsave(&sem->lock, flags);
	if (sem->count > 0)
		sem->count--;
	else
		ret = __down_common(sem, state, timeout, &flags);
	spin_unlock_irqrestore(&sem->lock, flags);
	return ret;
}

void down(struct semaphore *sem)
{
	__down(sem, TASK_UNINTERRUPTIBLE, MAX_SCHEDULE_TIMEOUT);
}

int down_interruptible(struct semaphore *sem)
{
	return __down(sem, TASK_INTERRUPTIBLE, MAX_SCHEDULE_TIMEOUT);
}

int down_killable(struct semaphore *sem)
{
	return __down(sem, TASK_KILLABLE, MAX_SCHEDULE_TIMEOUT);
}

int down_timeout(struct semaphore *sem, long timeout)
{
	return __down(sem, TASK_UNINTERRUPTIBLE, timeout);
}

int down_trylock(struct semaphore *sem)
{
	unsigned long flags;
	int ret = 1;

	spin_lock_irqsave(&sem->lock, flags);
	if (sem->count > 0) {
		sem->count--;
		ret = 0;
	}
	spin_unlock_irqrestore(&sem->lock, flags);
	return ret;
}

void up(struct semaphore *sem)
{
	unsigned long flags;

	spin_lock_irqsave(&sem->lock, flags);
	if (list_empty(&sem->wait_list)) {
		sem->count++;
	} else {
		struct semaphore_waiter *w = list_first_entry(&sem->wait_list,
							      struct semaphore_waiter, list);

		list_del(&w->list);
		w->granted = true;
		wake_up_process(w->task);
	}
	spin_unlock_irqrestore(&sem->lock, flags);
}
