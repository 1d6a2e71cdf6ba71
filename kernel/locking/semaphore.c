// SPDX-License-Identifier: GPL-2.0-only
/*
 * Counting semaphores (interface and rules: linux/semaphore.h).
 *
 * count and the FIFO of sleepers live under sem->lock.  A unit returned
 * by up() while someone sleeps is never put back into count: it is handed
 * to the oldest sleeper directly (its "granted" flag is set before it is
 * woken), so a task arriving later cannot take it first.  A sleeper
 * therefore decides by looking at its own flag under the lock, never at
 * count.
 */
#include <linux/kernel.h>
#include <linux/semaphore.h>
#include <linux/sched.h>
#include <linux/errno.h>

struct sem_sleeper {
	struct list_head node;		/* on sem->wait_list */
	struct task_struct *task;
	bool granted;			/* up() gave this sleeper its unit */
};

/* Take a free unit if there is one; sem->lock held. */
static bool sem_grab_unit(struct semaphore *sem)
{
	if (!sem->count)
		return false;
	sem->count--;
	return true;
}

/*
 * No unit was free: queue and sleep until up() grants one (0), a signal
 * that state lets in arrives (-EINTR) or the timeout runs out (-ETIME).
 * Called and returns with sem->lock held; drops it while asleep.
 */
static int sem_sleep_for_unit(struct semaphore *sem, unsigned int state, long timeout,
			      unsigned long *irqflags)
{
	struct sem_sleeper me = { .task = current };
	int err = 0;

	list_add_tail(&me.node, &sem->wait_list);
	do {
		if (signal_pending_state(state, current)) {
			err = -EINTR;
		} else if (timeout <= 0) {
			err = -ETIME;
		} else {
			__set_current_state(state);
			spin_unlock_irqrestore(&sem->lock, *irqflags);
			timeout = schedule_timeout(timeout);
			spin_lock_irqsave(&sem->lock, *irqflags);
		}
	} while (!err && !me.granted);
	/* A granted sleeper was taken off the list by up(). */
	if (err)
		list_del(&me.node);
	return err;
}

static int sem_down(struct semaphore *sem, unsigned int state, long timeout)
{
	unsigned long irqflags;
	int err = 0;

	might_sleep();
	spin_lock_irqsave(&sem->lock, irqflags);
	if (!sem_grab_unit(sem))
		err = sem_sleep_for_unit(sem, state, timeout, &irqflags);
	spin_unlock_irqrestore(&sem->lock, irqflags);
	return err;
}

void down(struct semaphore *sem)
{
	sem_down(sem, TASK_UNINTERRUPTIBLE, MAX_SCHEDULE_TIMEOUT);
}

int down_interruptible(struct semaphore *sem)
{
	return sem_down(sem, TASK_INTERRUPTIBLE, MAX_SCHEDULE_TIMEOUT);
}

int down_killable(struct semaphore *sem)
{
	return sem_down(sem, TASK_KILLABLE, MAX_SCHEDULE_TIMEOUT);
}

int down_timeout(struct semaphore *sem, long timeout)
{
	return sem_down(sem, TASK_UNINTERRUPTIBLE, timeout);
}

/* Note the inverted sense, as in Linux: 0 means the unit was taken. */
int down_trylock(struct semaphore *sem)
{
	unsigned long irqflags;
	bool got;

	spin_lock_irqsave(&sem->lock, irqflags);
	got = sem_grab_unit(sem);
	spin_unlock_irqrestore(&sem->lock, irqflags);
	return got ? 0 : 1;
}

/* May be called from interrupt context. */
void up(struct semaphore *sem)
{
	struct sem_sleeper *first;
	unsigned long irqflags;

	spin_lock_irqsave(&sem->lock, irqflags);
	first = list_first_entry_or_null(&sem->wait_list, struct sem_sleeper, node);
	if (!first) {
		sem->count++;
	} else {
		/* The sleeper's frame stays valid: it cannot return without the lock. */
		list_del(&first->node);
		first->granted = true;
		wake_up_process(first->task);
	}
	spin_unlock_irqrestore(&sem->lock, irqflags);
}
