// SPDX-License-Identifier: GPL-2.0-only
/*
 * Hashed wait queues for wait_on_bit()/wake_up_bit() and
 * wait_var_event()/wake_up_var() (see linux/wait_bit.h).
 *
 * WAIT_TABLE_SIZE queues are shared by every waiter in the system,
 * selected by a multiplicative hash of (word address, bit).  Entries
 * carry their key and the wake function ignores non-matching wakeups, so
 * sharing a queue costs a little list walking but never a wrong wakeup.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/wait_bit.h>
#include <linux/sched.h>
#include <linux/jiffies.h>
#include <linux/errno.h>
#include "sched.h"

#define WAIT_TABLE_BITS		8
#define WAIT_TABLE_SIZE		(1 << WAIT_TABLE_BITS)
/* 2^64 / golden ratio, odd: spreads nearby addresses over the table. */
#define HASH_MULT_64		0x9e3779b97f4a7c15ULL

static struct wait_queue_head bit_wait_table[WAIT_TABLE_SIZE];

void __init wait_bit_init(void)
{
	for (int i = 0; i < WAIT_TABLE_SIZE; i++)
		init_waitqueue_head(&bit_wait_table[i]);
}

static struct wait_queue_head *hashed_waitqueue(unsigned long val)
{
	return &bit_wait_table[(val * HASH_MULT_64) >> (64 - WAIT_TABLE_BITS)];
}

struct wait_queue_head *bit_waitqueue(void *word, int bit)
{
	/* Words are 8-aligned: the low bits of the address are free for bit. */
	return hashed_waitqueue((unsigned long)word << 3 ^ (unsigned int)bit);
}

struct wait_queue_head *__var_waitqueue(void *var)
{
	return hashed_waitqueue((unsigned long)var);
}

static int wake_bit_function(struct wait_queue_entry *wq_entry, unsigned int mode,
			     int sync, void *arg)
{
	struct wait_bit_key *key = arg;
	struct wait_bit_queue_entry *wbq = container_of(wq_entry, struct wait_bit_queue_entry,
							wq_entry);

	if (wbq->key.flags != key->flags || wbq->key.bit_nr != key->bit_nr)
		return 0;
	/* Lock waiters: the bit is set again already, someone else took it. */
	if (key->bit_nr >= 0 && test_bit(key->bit_nr, key->flags) &&
	    (wq_entry->flags & WQ_FLAG_EXCLUSIVE))
		return -1;
	return autoremove_wake_function(wq_entry, mode, sync, key);
}

static void init_wait_bit_entry(struct wait_bit_queue_entry *wbq, void *word, int bit,
				int flags)
{
	wbq->key.flags = word;
	wbq->key.bit_nr = bit;
	init_wait_entry(&wbq->wq_entry, flags);
	wbq->wq_entry.func = wake_bit_function;
}

void init_wait_var_entry(struct wait_bit_queue_entry *wbq_entry, void *var, int flags)
{
	init_wait_bit_entry(wbq_entry, var, -1, flags);
}

static void __wake_up_key(struct wait_queue_head *wq_head, void *word, int bit)
{
	struct wait_bit_key key = { .flags = word, .bit_nr = bit };

	/* Order the caller's clearing store before the look at the queue. */
	smp_mb();
	if (waitqueue_active(wq_head))
		__wake_up(wq_head, TASK_NORMAL, 1, &key);
}

void wake_up_bit(void *word, int bit)
{
	__wake_up_key(bit_waitqueue(word, bit), word, bit);
}

void wake_up_var(void *var)
{
	struct wait_bit_key key = { .flags = var, .bit_nr = -1 };
	struct wait_queue_head *wq_head = __var_waitqueue(var);

	smp_mb();
	if (waitqueue_active(wq_head))
		__wake_up(wq_head, TASK_NORMAL, 0, &key);
}

static int bit_wait_signal(unsigned int mode)
{
	return signal_pending_state(mode, current) ? -EINTR : 0;
}

int out_of_line_wait_on_bit(void *word, int bit, unsigned int mode)
{
	struct wait_queue_head *wq_head = bit_waitqueue(word, bit);
	struct wait_bit_queue_entry wbq;
	int ret = 0;

	init_wait_bit_entry(&wbq, word, bit, 0);
	for (;;) {
		prepare_to_wait(wq_head, &wbq.wq_entry, mode);
		if (!test_bit(bit, word))
			break;
		ret = bit_wait_signal(mode);
		if (ret)
			break;
		schedule();
	}
	finish_wait(wq_head, &wbq.wq_entry);
	return ret;
}

int out_of_line_wait_on_bit_timeout(void *word, int bit, unsigned int mode,
				    unsigned long timeout)
{
	struct wait_queue_head *wq_head = bit_waitqueue(word, bit);
	unsigned long deadline = jiffies + timeout;
	struct wait_bit_queue_entry wbq;
	int ret = 0;

	init_wait_bit_entry(&wbq, word, bit, 0);
	for (;;) {
		prepare_to_wait(wq_head, &wbq.wq_entry, mode);
		if (!test_bit(bit, word))
			break;
		ret = bit_wait_signal(mode);
		if (ret)
			break;
		if (time_after_eq(jiffies, deadline)) {
			ret = -EAGAIN;
			break;
		}
		schedule_timeout(deadline - jiffies);
	}
	finish_wait(wq_head, &wbq.wq_entry);
	return ret;
}

int out_of_line_wait_on_bit_lock(void *word, int bit, unsigned int mode)
{
	struct wait_queue_head *wq_head = bit_waitqueue(word, bit);
	struct wait_bit_queue_entry wbq;
	int ret = 0;

	init_wait_bit_entry(&wbq, word, bit, WQ_FLAG_EXCLUSIVE);
	for (;;) {
		prepare_to_wait_exclusive(wq_head, &wbq.wq_entry, mode);
		if (!test_and_set_bit_lock(bit, word))
			break;
		ret = bit_wait_signal(mode);
		if (ret) {
			/* We may have consumed an unlock's wakeup: pass it on. */
			finish_wait(wq_head, &wbq.wq_entry);
			if (!test_bit(bit, word))
				wake_up_bit(word, bit);
			return ret;
		}
		schedule();
	}
	finish_wait(wq_head, &wbq.wq_entry);
	return ret;
}
