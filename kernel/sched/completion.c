// SPDX-License-Identifier: GPL-2.0-only
/*
 * Completions (see linux/completion.h).  done is a count of complete()
 * calls not yet consumed, guarded by x->wait.lock; waiters queue as
 * exclusive entries so one complete() wakes one waiter, which consumes
 * one count.  complete_all() sets done to UINT_MAX, which no wait
 * consumes.
 */
#include <linux/kernel.h>
#include <linux/completion.h>
#include <linux/sched.h>
#include <linux/limits.h>
#include <linux/errno.h>

void complete(struct completion *x)
{
	unsigned long flags;

	spin_lock_irqsave(&x->wait.lock, flags);
	if (x->done != UINT_MAX)
		x->done++;
	__wake_up_locked(&x->wait, TASK_NORMAL, 1, NULL);
	spin_unlock_irqrestore(&x->wait.lock, flags);
}

void complete_all(struct completion *x)
{
	unsigned long flags;

	spin_lock_irqsave(&x->wait.lock, flags);
	x->done = UINT_MAX;
	__wake_up_locked(&x->wait, TASK_NORMAL, 0, NULL);
	spin_unlock_irqrestore(&x->wait.lock, flags);
}

/*
 * Wait in state for up to timeout jiffies.  Returns the jiffies left
 * (>= 1) once a count was consumed, 0 on timeout, -ERESTARTSYS on a signal.
 */
static long do_wait_for_common(struct completion *x, long timeout, unsigned int state,
			       bool io)
{
	DECLARE_WAITQUEUE(wait, current);
	unsigned long flags;

	might_sleep();
	spin_lock_irqsave(&x->wait.lock, flags);
	if (!x->done) {
		wait.flags |= WQ_FLAG_EXCLUSIVE;
		__add_wait_queue_entry_tail(&x->wait, &wait);
		do {
			if (signal_pending_state(state, current)) {
				timeout = -ERESTARTSYS;
				break;
			}
			__set_current_state(state);
			spin_unlock_irqrestore(&x->wait.lock, flags);
			timeout = io ? io_schedule_timeout(timeout) : schedule_timeout(timeout);
			spin_lock_irqsave(&x->wait.lock, flags);
		} while (!x->done && timeout);
		__remove_wait_queue(&x->wait, &wait);
		__set_current_state(TASK_RUNNING);
		if (!x->done) {
			spin_unlock_irqrestore(&x->wait.lock, flags);
			return timeout;
		}
	}
	if (x->done != UINT_MAX)
		x->done--;
	spin_unlock_irqrestore(&x->wait.lock, flags);
	return timeout ? timeout : 1;
}

void wait_for_completion(struct completion *x)
{
	do_wait_for_common(x, MAX_SCHEDULE_TIMEOUT, TASK_UNINTERRUPTIBLE, false);
}

void wait_for_completion_io(struct completion *x)
{
	do_wait_for_common(x, MAX_SCHEDULE_TIMEOUT, TASK_UNINTERRUPTIBLE, true);
}

unsigned long wait_for_completion_timeout(struct completion *x, unsigned long timeout)
{
	return do_wait_for_common(x, timeout, TASK_UNINTERRUPTIBLE, false);
}

unsigned long wait_for_completion_io_timeout(struct completion *x, unsigned long timeout)
{
	return do_wait_for_common(x, timeout, TASK_UNINTERRUPTIBLE, true);
}

int wait_for_completion_interruptible(struct completion *x)
{
	long t = do_wait_for_common(x, MAX_SCHEDULE_TIMEOUT, TASK_INTERRUPTIBLE, false);

	return t == -ERESTARTSYS ? (int)t : 0;
}

int wait_for_completion_killable(struct completion *x)
{
	long t = do_wait_for_common(x, MAX_SCHEDULE_TIMEOUT, TASK_KILLABLE, false);

	return t == -ERESTARTSYS ? (int)t : 0;
}

long wait_for_completion_interruptible_timeout(struct completion *x, unsigned long timeout)
{
	return do_wait_for_common(x, timeout, TASK_INTERRUPTIBLE, false);
}

bool try_wait_for_completion(struct completion *x)
{
	unsigned long flags;
	bool ret = false;

	/* Cheap test first: no count, nothing to take (and no lock needed). */
	if (!READ_ONCE(x->done))
		return false;
	spin_lock_irqsave(&x->wait.lock, flags);
	if (x->done) {
		if (x->done != UINT_MAX)
			x->done--;
		ret = true;
	}
	spin_unlock_irqrestore(&x->wait.lock, flags);
	return ret;
}

bool completion_done(struct completion *x)
{
	unsigned long flags;

	if (!READ_ONCE(x->done))
		return false;
	/* complete() may still be inside its locked section touching x: wait it out. */
	spin_lock_irqsave(&x->wait.lock, flags);
	spin_unlock_irqrestore(&x->wait.lock, flags);
	return true;
}
