// SPDX-License-Identifier: GPL-2.0-only
/*
 * Mutexes (see linux/mutex.h for the rules and the owner encoding).
 *
 * Fast paths: lock is cmpxchg(owner, 0 -> current); unlock is
 * cmpxchg(owner, current -> 0), which fails - sending the unlocker to the
 * slow path - whenever MUTEX_FLAG_WAITERS is set.
 *
 * Spinning: a locker that finds the mutex held by a task running on
 * another CPU, with nobody queued, first spins waiting for it to let go
 * (mutex_spin_on_owner()): a critical section that is running is usually
 * short, and sleeping would cost the locker a switch and the unlocker a
 * cross-CPU wakeup - on two vCPUs under emulation, the IPI and the halted
 * vCPU's exit dwarf the section itself (a pipe's reader and writer on two
 * CPUs took turns at its mutex that way).  The spin ends when the owner
 * stops running (it sleeps, or is switched out), when another task has
 * queued (the FIFO hand-off below must not be jumped), or when this CPU
 * is asked to reschedule.
 *
 * Slow path: a locker takes wait_lock, tries once more, else sets
 * MUTEX_FLAG_WAITERS, queues itself at the tail of wait_list and sleeps
 * until owner names it.  The unlocker (under wait_lock) dequeues the
 * first waiter and stores it as the new owner (keeping the flag if more
 * waiters remain): a FIFO hand-off, nobody can barge in between.  A
 * waiter gives up (interruptible/killable variants) only under
 * wait_lock, so it never misses a hand-off made to it.
 *
 * The wake-up itself comes after wait_lock is dropped: waking may mean
 * an IPI to the waiter's CPU, and a waiter that ran at once would only
 * spin on wait_lock until we let go of it.  The unlocker pins the
 * waiter's task_struct for that moment (the waiter may already have
 * seen the hand-off and returned, so its stack frame is off limits);
 * at worst the late wake-up is a spurious one, which every sleeper
 * tolerates by re-checking its condition.
 */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/errno.h>
#include <linux/bug.h>
#include <linux/rcupdate.h>

struct mutex_waiter {
	struct list_head list;
	struct task_struct *task;
};

/*
 * Spin while the owner runs elsewhere; true if we took the mutex.  The
 * owner's task_struct is only freed after an RCU grace period, so reading
 * its on_cpu under rcu_read_lock() is safe even if it is exiting.
 */
static bool mutex_spin_on_owner(struct mutex *lock)
{
	struct task_struct *curr = current;
	bool got = false;

	rcu_read_lock();
	for (;;) {
		long owner = atomic_long_read(&lock->owner);
		struct task_struct *t = (struct task_struct *)(owner & ~MUTEX_FLAGS);

		if (!owner) {
			if (atomic_long_cmpxchg(&lock->owner, 0, (long)curr) == 0) {
				got = true;
				break;
			}
			continue;
		}
		if ((owner & MUTEX_FLAG_WAITERS) || t == curr || !READ_ONCE(t->on_cpu) ||
		    need_resched())
			break;
		cpu_relax();
	}
	rcu_read_unlock();
	return got;
}

static int __mutex_lock_slowpath(struct mutex *lock, unsigned int state)
{
	struct task_struct *curr = current;
	struct mutex_waiter waiter;
	unsigned long flags;
	long owner, prev;

	if (WARN_ONCE(mutex_owner(lock) == curr, "mutex %p: recursive lock by %s/%d\n",
		      lock, curr->comm, curr->pid))
		return -EDEADLK;
	if (mutex_spin_on_owner(lock))
		return 0;

	spin_lock_irqsave(&lock->wait_lock, flags);
	owner = atomic_long_read(&lock->owner);
	for (;;) {
		if (!owner) {
			/* Free, and no waiters (they would own it by hand-off). */
			owner = atomic_long_cmpxchg(&lock->owner, 0, (long)curr);
			if (!owner) {
				spin_unlock_irqrestore(&lock->wait_lock, flags);
				return 0;
			}
			continue;
		}
		if (owner & MUTEX_FLAG_WAITERS)
			break;
		/* Make the owner's unlock take the slow path. */
		prev = atomic_long_cmpxchg(&lock->owner, owner, owner | MUTEX_FLAG_WAITERS);
		if (prev == owner)
			break;
		owner = prev;
	}

	waiter.task = curr;
	list_add_tail(&waiter.list, &lock->wait_list);
	for (;;) {
		set_current_state(state);
		if (mutex_owner(lock) == curr)
			break;
		if (signal_pending_state(state, curr)) {
			list_del(&waiter.list);
			if (list_empty(&lock->wait_list))
				atomic_long_set(&lock->owner,
						atomic_long_read(&lock->owner) & ~MUTEX_FLAG_WAITERS);
			__set_current_state(TASK_RUNNING);
			spin_unlock_irqrestore(&lock->wait_lock, flags);
			return -EINTR;
		}
		spin_unlock_irqrestore(&lock->wait_lock, flags);
		schedule();
		/*
		 * Handed over?  The unlocker took us off wait_list before
		 * naming us owner, so there is nothing left to undo.
		 */
		if (mutex_owner(lock) == curr) {
			__set_current_state(TASK_RUNNING);
			return 0;
		}
		spin_lock_irqsave(&lock->wait_lock, flags);
	}
	__set_current_state(TASK_RUNNING);
	spin_unlock_irqrestore(&lock->wait_lock, flags);
	return 0;
}

static __always_inline bool __mutex_trylock_fast(struct mutex *lock)
{
	return atomic_long_cmpxchg(&lock->owner, 0, (long)current) == 0;
}

void mutex_lock(struct mutex *lock)
{
	might_sleep();
	if (!__mutex_trylock_fast(lock))
		__mutex_lock_slowpath(lock, TASK_UNINTERRUPTIBLE);
}

int mutex_lock_interruptible(struct mutex *lock)
{
	might_sleep();
	if (__mutex_trylock_fast(lock))
		return 0;
	return __mutex_lock_slowpath(lock, TASK_INTERRUPTIBLE);
}

int mutex_lock_killable(struct mutex *lock)
{
	might_sleep();
	if (__mutex_trylock_fast(lock))
		return 0;
	return __mutex_lock_slowpath(lock, TASK_KILLABLE);
}

int mutex_trylock(struct mutex *lock)
{
	return __mutex_trylock_fast(lock);
}

static void __mutex_unlock_slowpath(struct mutex *lock)
{
	struct mutex_waiter *waiter;
	struct task_struct *next;
	unsigned long flags;
	long owner = atomic_long_read(&lock->owner);

	if (WARN_ONCE(!owner, "mutex %p: unlock of an unlocked mutex by %s/%d\n",
		      lock, current->comm, current->pid))
		return;
	WARN_ONCE((struct task_struct *)(owner & ~MUTEX_FLAGS) != current,
		  "mutex %p: unlocked by %s/%d, not by its owner\n",
		  lock, current->comm, current->pid);

	spin_lock_irqsave(&lock->wait_lock, flags);
	if (list_empty(&lock->wait_list)) {
		atomic_long_set(&lock->owner, 0);
		spin_unlock_irqrestore(&lock->wait_lock, flags);
		return;
	}
	waiter = list_first_entry(&lock->wait_list, struct mutex_waiter, list);
	list_del(&waiter->list);
	next = get_task_struct(waiter->task);
	atomic_long_set(&lock->owner, (long)next |
			(list_empty(&lock->wait_list) ? 0 : MUTEX_FLAG_WAITERS));
	spin_unlock_irqrestore(&lock->wait_lock, flags);

	wake_up_process(next);
	put_task_struct(next);
}

void mutex_unlock(struct mutex *lock)
{
	if (atomic_long_cmpxchg(&lock->owner, (long)current, 0) == (long)current)
		return;
	__mutex_unlock_slowpath(lock);
}
