// SPDX-License-Identifier: GPL-2.0-only
/*
 * Wait queues: the out-of-line half of <linux/wait.h>.
 *
 * A sleeper puts an entry on a queue and sets its task state with
 * wq_head->lock held (the prepare_to_wait*() family), tests its condition
 * and schedules; a waker takes the same lock and calls each entry's wake
 * function.  set_current_state() is a full barrier, so the sleeper's test
 * of its condition cannot pass the point where it is visibly queued, and
 * a waker that changes the condition before waking cannot be missed.
 *
 * Placement: plain entries go to the front, exclusive ones to the back.
 * A wakeup therefore reaches every plain sleeper before it starts to
 * spend its count of exclusive ones (nr_exclusive; 0 means all).
 *
 * Everything here takes wq_head->lock with interrupts off, so it may be
 * called from interrupt context; only the sleepers themselves block.
 */
#include <linux/kernel.h>
#include <linux/wait.h>
#include <linux/sched.h>

/* Link an entry that is on no queue, at the end its exclusive flag asks for. */
static void wq_link(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry)
{
	if (wq_entry->flags & WQ_FLAG_EXCLUSIVE)
		list_add_tail(&wq_entry->entry, &wq_head->head);
	else
		list_add(&wq_entry->entry, &wq_head->head);
}

static void wq_mark(struct wait_queue_entry *wq_entry, bool exclusive)
{
	wq_entry->flags = exclusive ? wq_entry->flags | WQ_FLAG_EXCLUSIVE :
				      wq_entry->flags & ~WQ_FLAG_EXCLUSIVE;
}

/* add_wait_queue*(): queue an entry for a caller that sleeps on its own terms. */
static void wq_add(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry,
		   bool exclusive)
{
	unsigned long irqflags;

	wq_mark(wq_entry, exclusive);
	spin_lock_irqsave(&wq_head->lock, irqflags);
	wq_link(wq_head, wq_entry);
	spin_unlock_irqrestore(&wq_head->lock, irqflags);
}

void add_wait_queue(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry)
{
	wq_add(wq_head, wq_entry, false);
}

void add_wait_queue_exclusive(struct wait_queue_head *wq_head,
			      struct wait_queue_entry *wq_entry)
{
	wq_add(wq_head, wq_entry, true);
}

void remove_wait_queue(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry)
{
	unsigned long irqflags;

	spin_lock_irqsave(&wq_head->lock, irqflags);
	list_del_init(&wq_entry->entry);
	spin_unlock_irqrestore(&wq_head->lock, irqflags);
}

/*
 * The walk of a wakeup; wq_head->lock held.  A wake function returns > 0
 * when it woke its task, 0 when it passed, < 0 to end the walk.  The
 * entry's flags are read before the call: once woken, its owner may
 * dequeue and free it.
 */
static void wq_wake_walk(struct wait_queue_head *wq_head, unsigned int mode,
			 int nr_exclusive, int wake_flags, void *key)
{
	struct wait_queue_entry *we, *after;
	int budget = nr_exclusive;

	list_for_each_entry_safe(we, after, &wq_head->head, entry) {
		bool counted = we->flags & WQ_FLAG_EXCLUSIVE;
		int woke = we->func(we, mode, wake_flags, key);

		if (woke < 0)
			return;
		if (woke > 0 && counted && --budget == 0)
			return;
	}
}

void __wake_up(struct wait_queue_head *wq_head, unsigned int mode, int nr_exclusive,
	       void *key)
{
	unsigned long irqflags;

	spin_lock_irqsave(&wq_head->lock, irqflags);
	wq_wake_walk(wq_head, mode, nr_exclusive, 0, key);
	spin_unlock_irqrestore(&wq_head->lock, irqflags);
}

/*
 * One exclusive waiter (and every plain one), telling the scheduler that
 * the caller sleeps or returns to a sleep soon (WF_SYNC): for the two
 * ends of a pipe or a local socket, where the woken task should take
 * over the waker's CPU rather than be started on another.
 */
void __wake_up_sync_key(struct wait_queue_head *wq_head, unsigned int mode, void *key)
{
	unsigned long irqflags;

	spin_lock_irqsave(&wq_head->lock, irqflags);
	wq_wake_walk(wq_head, mode, 1, WF_SYNC, key);
	spin_unlock_irqrestore(&wq_head->lock, irqflags);
}

void __wake_up_locked(struct wait_queue_head *wq_head, unsigned int mode, int nr_exclusive,
		      void *key)
{
	wq_wake_walk(wq_head, mode, nr_exclusive, 0, key);
}

/*
 * The wake function of an entry whose private field is the sleeping task;
 * flags are the WF_* hints of the wakeup.
 */
int default_wake_function(struct wait_queue_entry *wq_entry, unsigned int mode,
			  int flags, void *key)
{
	return wake_up_state_flags(wq_entry->private, mode, flags);
}

/*
 * As default_wake_function(), and a task it woke leaves the queue at once,
 * so the next wakeup (and finish_wait()) need not look at it again.
 */
int autoremove_wake_function(struct wait_queue_entry *wq_entry, unsigned int mode,
			     int flags, void *key)
{
	if (!default_wake_function(wq_entry, mode, flags, key))
		return 0;
	list_del_init(&wq_entry->entry);
	return 1;
}

void init_wait_entry(struct wait_queue_entry *wq_entry, int flags)
{
	*wq_entry = (struct wait_queue_entry) {
		.flags = flags,
		.private = current,
		.func = autoremove_wake_function,
	};
	INIT_LIST_HEAD(&wq_entry->entry);
}

/*
 * The common step of every sleep loop: under the lock, queue the entry
 * unless an earlier pass left it queued, then set the task state.  With
 * check_signal (prepare_to_wait_event()), a signal that state lets in
 * takes the entry off the queue instead and the result is -ERESTARTSYS.
 * *first, if given, says whether the queue was empty before.
 */
static long wq_prepare(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry,
		       unsigned int state, bool check_signal, bool *first)
{
	unsigned long irqflags;
	long ret = 0;

	spin_lock_irqsave(&wq_head->lock, irqflags);
	if (check_signal && signal_pending_state(state, current)) {
		/*
		 * An exclusive sleeper that a wakeup already picked (and took
		 * off the queue) must hand that wakeup on, or it is lost.
		 */
		if ((wq_entry->flags & WQ_FLAG_EXCLUSIVE) && list_empty(&wq_entry->entry))
			wq_wake_walk(wq_head, TASK_NORMAL, 1, 0, NULL);
		list_del_init(&wq_entry->entry);
		ret = -ERESTARTSYS;
		goto unlock;
	}
	if (first)
		*first = false;
	if (list_empty(&wq_entry->entry)) {
		if (first)
			*first = list_empty(&wq_head->head);
		wq_link(wq_head, wq_entry);
	}
	set_current_state(state);
unlock:
	spin_unlock_irqrestore(&wq_head->lock, irqflags);
	return ret;
}

void prepare_to_wait(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry,
		     unsigned int state)
{
	wq_mark(wq_entry, false);
	wq_prepare(wq_head, wq_entry, state, false, NULL);
}

/* Returns true if the entry went onto an empty queue. */
bool prepare_to_wait_exclusive(struct wait_queue_head *wq_head,
			       struct wait_queue_entry *wq_entry, unsigned int state)
{
	bool first;

	wq_mark(wq_entry, true);
	wq_prepare(wq_head, wq_entry, state, false, &first);
	return first;
}

/* The entry keeps the exclusive flag it was initialised with. */
long prepare_to_wait_event(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry,
			   unsigned int state)
{
	return wq_prepare(wq_head, wq_entry, state, true, NULL);
}

void finish_wait(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry)
{
	__set_current_state(TASK_RUNNING);
	/*
	 * A wake function may have dequeued the entry already.  The careful
	 * test sees that without the lock; only a "still queued" answer
	 * costs the lock.
	 */
	if (list_empty_careful(&wq_entry->entry))
		return;
	remove_wait_queue(wq_head, wq_entry);
}
