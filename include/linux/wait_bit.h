/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Waiting on a bit in a word, or on any variable, without a wait queue in
 * the object (kernel/sched/wait_bit.c).  Waiters sleep on one of a fixed
 * table of hashed wait queues; the wake function matches the (word, bit)
 * key, so unrelated waiters sharing a bucket are not woken.
 *
 *   wait_on_bit(word, bit, mode)       sleep until the bit is clear
 *   wait_on_bit_lock(word, bit, mode)  sleep until this task sets it
 *   wake_up_bit(word, bit)             after clearing the bit
 *   clear_and_wake_up_bit(bit, word)   both, with the barrier between
 *   wait_var_event(var, cond) / wake_up_var(var)
 *
 * The page cache's lock_page()/unlock_page() are wait_on_bit_lock() and
 * clear_and_wake_up_bit() on PG_locked.  Lock waiters are exclusive, so an
 * unlock wakes one of them (and every plain wait_on_bit() waiter).
 *
 * Ordering: wake_up_bit()/wake_up_var() issue a full barrier before
 * looking for waiters, so the caller's store clearing the bit (or
 * changing the variable) cannot be missed by a waiter that queued itself
 * first.
 */
#ifndef _LINUX_WAIT_BIT_H
#define _LINUX_WAIT_BIT_H

#include <linux/wait.h>
#include <asm/bitops.h>

struct wait_bit_key {
	void *flags;		/* the word (or variable) */
	int bit_nr;		/* -1 for wait_var_event() */
};

struct wait_bit_queue_entry {
	struct wait_bit_key key;
	struct wait_queue_entry wq_entry;
};

struct wait_queue_head *bit_waitqueue(void *word, int bit);
struct wait_queue_head *__var_waitqueue(void *var);

void wake_up_bit(void *word, int bit);
void wake_up_var(void *var);
void init_wait_var_entry(struct wait_bit_queue_entry *wbq_entry, void *var, int flags);

/* Slow paths: sleep in mode (TASK_UNINTERRUPTIBLE, ...) until done; 0 or -EINTR. */
int out_of_line_wait_on_bit(void *word, int bit, unsigned int mode);
int out_of_line_wait_on_bit_timeout(void *word, int bit, unsigned int mode,
				    unsigned long timeout);
int out_of_line_wait_on_bit_lock(void *word, int bit, unsigned int mode);

/* Sleep until bit is clear.  0, or -EINTR if a signal ended the wait. */
static inline int wait_on_bit(unsigned long *word, int bit, unsigned int mode)
{
	might_sleep();
	if (!test_bit(bit, word))
		return 0;
	return out_of_line_wait_on_bit(word, bit, mode);
}

/* As wait_on_bit(); -EAGAIN if the bit is still set after timeout jiffies. */
static inline int wait_on_bit_timeout(unsigned long *word, int bit, unsigned int mode,
				      unsigned long timeout)
{
	might_sleep();
	if (!test_bit(bit, word))
		return 0;
	return out_of_line_wait_on_bit_timeout(word, bit, mode, timeout);
}

/* Sleep until this task is the one that set bit.  0 or -EINTR. */
static inline int wait_on_bit_lock(unsigned long *word, int bit, unsigned int mode)
{
	might_sleep();
	if (!test_and_set_bit_lock(bit, word))
		return 0;
	return out_of_line_wait_on_bit_lock(word, bit, mode);
}

/* Release a bit lock and wake its waiters. */
static inline void clear_and_wake_up_bit(int bit, unsigned long *word)
{
	clear_bit_unlock(bit, word);
	wake_up_bit(word, bit);
}

#define __wait_var_event(var, condition, state)				\
({									\
	struct wait_bit_queue_entry __wbq;				\
	struct wait_queue_head *__wqh = __var_waitqueue(var);		\
	long __wv_ret = 0;						\
									\
	init_wait_var_entry(&__wbq, var, 0);				\
	for (;;) {							\
		long __wv_err = prepare_to_wait_event(__wqh, &__wbq.wq_entry, \
						      (state));		\
		if (condition)						\
			break;						\
		if (__wv_err) {						\
			__wv_ret = __wv_err;				\
			break;						\
		}							\
		schedule();						\
	}								\
	finish_wait(__wqh, &__wbq.wq_entry);				\
	__wv_ret;							\
})

/* Sleep until condition (about *var) holds; the changer calls wake_up_var(var). */
#define wait_var_event(var, condition)					\
do {									\
	might_sleep();							\
	if (condition)							\
		break;							\
	(void)__wait_var_event(var, condition, TASK_UNINTERRUPTIBLE);	\
} while (0)

#define wait_var_event_interruptible(var, condition)			\
({									\
	long __wvi = 0;							\
	might_sleep();							\
	if (!(condition))						\
		__wvi = __wait_var_event(var, condition, TASK_INTERRUPTIBLE); \
	(int)__wvi;							\
})

#endif /* _LINUX_WAIT_BIT_H */
