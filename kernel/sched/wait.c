// SPDX-License-Identifier: GPL-2.0-only
/*
 * Wait queues: the queue operations behind linux/wait.h.
 *
 * Waiters queue an entry and set their task state under wq_head->lock
 * (prepare_to_wait*()), then test their condition and sleep; wakers walk
 * the list under the same lock and call each entry's wake function.
 * Setting the state is a full barrier (set_current_state()), so the
 * waiter's condition test cannot be ordered before it is visibly queued.
 *
 * Non-exclusive entries are added at the head and exclusive ones at the
 * tail, so __wake_up() wakes all the former before counting down the
 * latter.
 */
#include <linux/kernel.h>
#include <linux/wait.h>
#include <linux/sched.h>

void add_wait_queue(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry)
{
	unsigned long flags;

	wq_entry->flags &= ~WQ_FLAG_EXCLUSIVE;
	spin_lock_irqsave(&wq_head->lock, flags);
	__add_wait_queue(wq_head, wq_entry);
	spin_unlock_irqrestore(&wq_head->lock, flags);
}

void add_wait_queue_exclusive(struct wait_queue_head *wq_head,
			      struct wait_queue_entry *wq_entry)
{
	unsigned long flags;

	wq_entry->flags |= WQ_FLAG_EXCLUSIVE;
	spin_lock_irqsave(&wq_head->lock, flags);
	__add_wait_queue_entry_tail(wq_head, wq_entry);
	spin_unlock_irqrestore(&wq_head->lock, flags);
}

void remove_wait_queue(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry)
{
	unsigned long flags;

	spin_lock_irqsave(&wq_head->lock, flags);
	__remove_wait_queue(wq_head, wq_entry);
	spin_unlock_irqrestore(&wq_head->lock, flags);
}

/*
 * Call the wake functions of matching entries.  A wake function returns
 * non-zero when it woke its task; each exclusive entry woken counts down
 * nr_exclusive, and the walk stops when it reaches zero.
 */
static void __wake_up_common(struct wait_queue_head *wq_head, unsigned int mode,
			     int nr_exclusive, void *key)
{
	struct wait_queue_entry *curr, *next;

	list_for_each_entry_safe(curr, next, &wq_head->head, entry) {
		unsigned int flags = curr->flags;
		int ret = curr->func(curr, mode, 0, key);

		if (ret < 0)
			break;
		if (ret && (flags & WQ_FLAG_EXCLUSIVE) && !--nr_exclusive)
			break;
	}
}

void __wake_up(struct wait_queue_head *wq_head, unsigned int mode, int nr_exclusive,
	       void *key)
{
	unsigned long flags;

	spin_lock_irqsave(&wq_head->lock, flags);
	__wake_up_common(wq_head, mode, nr_exclusive, key);
	spin_unlock_irqrestore(&wq_head->lock, flags);
}

void __wake_up_locked(struct wait_queue_head *wq_head, unsigned int mode, int nr_exclusive,
		      void *key)
{
	__wake_up_common(wq_head, mode, nr_exclusive, key);
}

int default_wake_function(struct wait_queue_entry *wq_entry, unsigned int mode,
			  int flags, void *key)
{
	return wake_up_state(wq_entry->private, mode);
}

int autoremove_wake_function(struct wait_queue_entry *wq_entry, unsigned int mode,
			     int flags, void *key)
{
	int ret = default_wake_function(wq_entry, mode, flags, key);

	if (ret)
		list_del_init(&wq_entry->entry);
	return ret;
}

void init_wait_entry(struct wait_queue_entry *wq_entry, int flags)
{
	wq_entry->flags = flags;
	wq_entry->private = current;
	wq_entry->func = autoremove_wake_function;
	INIT_LIST_HEAD(&wq_entry->entry);
}

void prepare_to_wait(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry,
		     unsigned int state)
{
	unsigned long flags;

	wq_entry->flags &= ~WQ_FLAG_EXCLUSIVE;
	spin_lock_irqsave(&wq_head->lock, flags);
	if (list_empty(&wq_entry->entry))
		__add_wait_queue(wq_head, wq_entry);
	set_current_state(state);
	spin_unlock_irqrestore(&wq_head->lock, flags);
}

/* Returns true if the entry was the first on the queue. */
bool prepare_to_wait_exclusive(struct wait_queue_head *wq_head,
			       struct wait_queue_entry *wq_entry, unsigned int state)
{
	unsigned long flags;
	bool was_empty = false;

	wq_entry->flags |= WQ_FLAG_EXCLUSIVE;
	spin_lock_irqsave(&wq_head->lock, flags);
	if (list_empty(&wq_entry->entry)) {
		was_empty = list_empty(&wq_head->head);
		__add_wait_queue_entry_tail(wq_head, wq_entry);
	}
	set_current_state(state);
	spin_unlock_irqrestore(&wq_head->lock, flags);
	return was_empty;
}

long prepare_to_wait_event(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry,
			   unsigned int state)
{
	unsigned long flags;
	long ret = 0;

	spin_lock_irqsave(&wq_head->lock, flags);
	if (signal_pending_state(state, current)) {
		/*
		 * Leaving because of a signal.  An exclusive waiter may have
		 * been chosen by a wakeup already (and dequeued itself): pass
		 * that wakeup on rather than lose it.
		 */
		if (list_empty(&wq_entry->entry) && (wq_entry->flags & WQ_FLAG_EXCLUSIVE))
			__wake_up_common(wq_head, TASK_NORMAL, 1, NULL);
		list_del_init(&wq_entry->entry);
		ret = -ERESTARTSYS;
	} else {
		if (list_empty(&wq_entry->entry)) {
			if (wq_entry->flags & WQ_FLAG_EXCLUSIVE)
				__add_wait_queue_entry_tail(wq_head, wq_entry);
			else
				__add_wait_queue(wq_head, wq_entry);
		}
		set_current_state(state);
	}
	spin_unlock_irqrestore(&wq_head->lock, flags);
	return ret;
}

void finish_wait(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry)
{
	unsigned long flags;

	__set_current_state(TASK_RUNNING);
	/*
	 * The wake function may have dequeued us already.  list_empty_careful()
	 * sees that without the lock; if it says "still queued" take the lock.
	 */
	if (!list_empty_careful(&wq_entry->entry)) {
		spin_lock_irqsave(&wq_head->lock, flags);
		list_del_init(&wq_entry->entry);
		spin_unlock_irqrestore(&wq_head->lock, flags);
	}
}
