/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Kernel threads with a lifecycle (kernel/kthread.c).
 *
 *	t = kthread_create(fn, data, "name/%d", n);   created, not running
 *	kthread_bind(t, cpu);                          optional, before it runs
 *	wake_up_process(t);                            starts fn(data)
 *	...
 *	ret = kthread_stop(t);                         asks it to stop, waits
 *
 * fn loops until kthread_should_stop() and returns a value, which
 * kthread_stop() passes back.  A thread may also just return (or call
 * kthread_exit()) on its own; it is then reaped automatically, and
 * kthread_stop() must not be called on it unless the caller took a
 * reference with get_task_struct() while it was alive.  kthread_stop()
 * on a thread that never ran returns -EINTR without running fn.
 */
#ifndef _LINUX_KTHREAD_H
#define _LINUX_KTHREAD_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/sched.h>

__printf(3, 4)
struct task_struct *kthread_create(int (*threadfn)(void *data), void *data,
				   const char namefmt[], ...);

/* namefmt may contain one "%u", replaced by cpu; the thread is bound to cpu. */
struct task_struct *kthread_create_on_cpu(int (*threadfn)(void *data), void *data,
					  unsigned int cpu, const char *namefmt);

/* kthread_create() + wake_up_process(); an ERR_PTR on failure. */
#define kthread_run(threadfn, data, namefmt, ...)				\
({										\
	struct task_struct *__k = kthread_create(threadfn, data, namefmt,	\
						 ##__VA_ARGS__);		\
	if (!IS_ERR(__k))							\
		wake_up_process(__k);						\
	__k;									\
})

/* Restrict a thread that has not started yet to cpu (or mask). */
void kthread_bind(struct task_struct *k, unsigned int cpu);
void kthread_bind_mask(struct task_struct *k, const struct cpumask *mask);

int kthread_stop(struct task_struct *k);
bool kthread_should_stop(void);
bool __kthread_should_stop(struct task_struct *k);
/* The data argument the thread was created with. */
void *kthread_data(struct task_struct *k);
void __noreturn kthread_exit(long result);

#endif /* _LINUX_KTHREAD_H */
