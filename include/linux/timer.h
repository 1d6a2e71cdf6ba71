/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Kernel timers (kernel/time/timer.c): run a function once jiffies
 * reaches expires.
 *
 * Each CPU keeps its pending timers on a wheel of hash slots indexed by
 * expiry jiffy; the tick on that CPU runs the expired ones.  A timer runs
 * on the CPU that last armed it (add_timer()/mod_timer() queue on the
 * calling CPU; add_timer_on() picks one), except that a timer re-armed
 * while its callback is running stays on the CPU running it, so one
 * timer's callback never runs on two CPUs at once.
 *
 * Callbacks run in the tick interrupt with interrupts disabled: they must
 * not sleep and should be short (typically wake a task or queue work).
 * A callback may re-arm its own timer.  A timer fires at the first tick
 * at or after expires, so a timer armed for jiffies + n fires between
 * n - 1 and n ticks later.
 *
 * del_timer_sync() also waits for a running callback to finish; it must
 * not be called from the callback or while holding a lock the callback
 * takes, nor from interrupt context.
 *
 * Locking: the timer's CPU base lock (irq-safe) guards entry, expires and
 * base.  base is NULL until the timer is first armed and holds a
 * "migrating" marker while the timer moves between CPUs.  timer_pending()
 * is a lockless peek.
 */
#ifndef _LINUX_TIMER_H
#define _LINUX_TIMER_H

#include <linux/types.h>
#include <linux/container_of.h>
#include <linux/list.h>
#include <linux/jiffies.h>

struct timer_base;

struct timer_list {
	struct hlist_node entry;	/* in a wheel slot; unhashed when not pending */
	unsigned long expires;
	void (*function)(struct timer_list *timer);
	u32 flags;
	struct timer_base *base;
};

/* Flags for timer_setup(). */
#define TIMER_PINNED		0x01	/* mod_timer() keeps it on its CPU */
#define TIMER_DEFERRABLE	0x02	/* accepted; timers are never deferred here */
#define TIMER_IRQSAFE		0x04	/* accepted; every callback runs with irqs off */

void init_timer_key(struct timer_list *timer, void (*func)(struct timer_list *),
		    unsigned int flags);

#define timer_setup(timer, callback, flags) init_timer_key(timer, callback, flags)
#define timer_setup_on_stack(timer, callback, flags) init_timer_key(timer, callback, flags)
/* On-stack timers need no teardown beyond del_timer_sync(). */
static inline void destroy_timer_on_stack(struct timer_list *timer)
{
}

/* A not-yet-attached timer: base is NULL until first armed. */
#define __TIMER_INITIALIZER(_name, _function, _flags) {		\
	.entry = { .next = NULL, .pprev = NULL },			\
	.expires = 0,							\
	.function = (_function),					\
	.flags = (_flags),						\
	.base = NULL }

#define DEFINE_TIMER(_name, _function) \
	struct timer_list _name = __TIMER_INITIALIZER(_name, _function, 0)

/* The structure that contains the timer, from inside its callback. */
#define from_timer(var, callback_timer, timer_fieldname) \
	container_of(callback_timer, __typeof__(*var), timer_fieldname)

static inline bool timer_pending(const struct timer_list *timer)
{
	return !hlist_unhashed(&timer->entry);
}

/* Arm timer (not pending) for timer->expires on this CPU. */
void add_timer(struct timer_list *timer);
void add_timer_on(struct timer_list *timer, int cpu);
/* (Re)arm for expires; returns 1 if it was pending, 0 if not. */
int mod_timer(struct timer_list *timer, unsigned long expires);
/* Like mod_timer() but only if the timer is pending now. */
int mod_timer_pending(struct timer_list *timer, unsigned long expires);
/* Like mod_timer() but only ever moves the expiry earlier. */
int timer_reduce(struct timer_list *timer, unsigned long expires);
/* Deactivate; 1 if it was pending.  The callback may still be running. */
int del_timer(struct timer_list *timer);
/* -1 if the callback is running right now, else as del_timer(). */
int try_to_del_timer_sync(struct timer_list *timer);
/* Deactivate and wait for a running callback; 1 if it was pending. */
int del_timer_sync(struct timer_list *timer);

#define timer_delete(t)		del_timer(t)
#define timer_delete_sync(t)	del_timer_sync(t)
#define timer_shutdown_sync(t)	del_timer_sync(t)

/* Called by the tick on each CPU (kernel/time/tick.c). */
void run_local_timers(void);
void init_timers(void);

#endif /* _LINUX_TIMER_H */
