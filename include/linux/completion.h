/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Completions (kernel/sched/completion.c): "wait until X has happened".
 *
 * done counts complete() calls not yet consumed; each wait_for_completion()
 * consumes one.  complete_all() makes every present and future wait
 * return at once (until reinit_completion()).  complete() may be called
 * from interrupt context; the waits sleep.
 *
 * Locking: x->wait.lock guards done.
 */
#ifndef _LINUX_COMPLETION_H
#define _LINUX_COMPLETION_H

#include <linux/wait.h>

struct completion {
	unsigned int done;		/* UINT_MAX after complete_all() */
	struct wait_queue_head wait;
};

#define COMPLETION_INITIALIZER(work) \
	{ 0, __WAIT_QUEUE_HEAD_INITIALIZER((work).wait) }
#define DECLARE_COMPLETION(work) \
	struct completion work = COMPLETION_INITIALIZER(work)
#define DECLARE_COMPLETION_ONSTACK(work) DECLARE_COMPLETION(work)

static inline void init_completion(struct completion *x)
{
	x->done = 0;
	init_waitqueue_head(&x->wait);
}

/* Reuse a completion: only when no one is waiting on it any more. */
static inline void reinit_completion(struct completion *x)
{
	x->done = 0;
}

void wait_for_completion(struct completion *x);
void wait_for_completion_io(struct completion *x);
/* Jiffies left (>= 1) on success, 0 on timeout. */
unsigned long wait_for_completion_timeout(struct completion *x, unsigned long timeout);
unsigned long wait_for_completion_io_timeout(struct completion *x, unsigned long timeout);
/* 0, or -ERESTARTSYS if a signal (fatal only, for _killable) came first. */
int wait_for_completion_interruptible(struct completion *x);
int wait_for_completion_killable(struct completion *x);
/* > 0 jiffies left, 0 on timeout, -ERESTARTSYS on a signal. */
long wait_for_completion_interruptible_timeout(struct completion *x, unsigned long timeout);
/* Consume a completion without sleeping; false if none was there. */
bool try_wait_for_completion(struct completion *x);
/* True if a wait would not sleep now. */
bool completion_done(struct completion *x);

void complete(struct completion *x);
void complete_all(struct completion *x);

#endif /* _LINUX_COMPLETION_H */
