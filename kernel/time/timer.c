// SPDX-License-Identifier: GPL-2.0-only
/*
 * Kernel timers: a per-CPU timer wheel driven by the tick.
 *
 * Each CPU's timer_base has WHEEL_SIZE slots; a timer sits in slot
 * (expires mod WHEEL_SIZE), unsorted.  base->clk is the next jiffy the
 * base has not expired yet.  On each tick run_local_timers() visits the
 * slots of every jiffy from clk up to now (at most one full turn) and
 * runs the timers there that are due; the others in a visited slot are
 * a whole turn or more in the future and stay.  A timer armed for a jiffy
 * the base has already passed goes into the slot of clk, i.e. it fires on
 * the next tick - which also keeps a callback that re-arms itself for
 * "now" from looping within one tick.
 *
 * Cost: add, delete and modify are O(1); a tick costs one slot visit
 * (more after a lost tick), and a far-future timer is looked at once
 * per turn (about a second at HZ=250).
 *
 * Locking: base->lock, irq-safe, guards the slots, clk, running_timer,
 * and timer->entry/expires/base of the timers on it.  To lock a timer,
 * read timer->base, lock that base and check timer->base did not change
 * (lock_timer_base()).  Moving a timer to another CPU's base sets
 * timer->base to TIMER_BASE_MIGRATING between the two locks; a timer
 * first armed (base NULL) is attached to the arming CPU's base with a
 * cmpxchg.  Callbacks run with the lock dropped and running_timer set,
 * which is what del_timer_sync() waits on.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/timer.h>
#include <linux/jiffies.h>
#include <linux/smp.h>
#include <linux/percpu.h>
#include <linux/spinlock.h>
#include <linux/bug.h>
#include <asm/atomic.h>
#include <asm/processor.h>

#define WHEEL_BITS	8
#define WHEEL_SIZE	(1 << WHEEL_BITS)
#define WHEEL_MASK	(WHEEL_SIZE - 1)

struct timer_base {
	spinlock_t lock;
	unsigned long clk;			/* next jiffy to expire */
	struct timer_list *running_timer;	/* callback in progress, or NULL */
	int cpu;
	struct hlist_head vectors[WHEEL_SIZE];
};

static DEFINE_PER_CPU(struct timer_base, timer_bases);

#define TIMER_BASE_MIGRATING	((struct timer_base *)1UL)

#define MOD_TIMER_PENDING_ONLY	0x01
#define MOD_TIMER_REDUCE	0x02

void __init init_timers(void)
{
	for (int cpu = 0; cpu < NR_CPUS; cpu++) {
		struct timer_base *base = per_cpu_ptr(&timer_bases, cpu);

		spin_lock_init(&base->lock);
		base->clk = jiffies;
		base->running_timer = NULL;
		base->cpu = cpu;
		for (int i = 0; i < WHEEL_SIZE; i++)
			INIT_HLIST_HEAD(&base->vectors[i]);
	}
}

void init_timer_key(struct timer_list *timer, void (*func)(struct timer_list *),
		    unsigned int flags)
{
	INIT_HLIST_NODE(&timer->entry);
	timer->function = func;
	timer->flags = flags;
	timer->expires = 0;
	timer->base = NULL;
}

static struct timer_base *lock_timer_base(struct timer_list *timer, unsigned long *flags)
{
	for (;;) {
		struct timer_base *base = READ_ONCE(timer->base);

		if (!base) {
			/* Never armed: it belongs to this CPU from now on. */
			base = this_cpu_ptr(&timer_bases);
			if (cmpxchg(&timer->base, NULL, base) != NULL)
				continue;
		}
		if (base != TIMER_BASE_MIGRATING) {
			spin_lock_irqsave(&base->lock, *flags);
			if (READ_ONCE(timer->base) == base)
				return base;
			spin_unlock_irqrestore(&base->lock, *flags);
		}
		cpu_relax();
	}
}

static void enqueue_timer(struct timer_base *base, struct timer_list *timer)
{
	unsigned long slot = timer->expires;

	if (time_before(slot, base->clk))
		slot = base->clk;
	hlist_add_head(&timer->entry, &base->vectors[slot & WHEEL_MASK]);
}

static void detach_timer(struct timer_list *timer)
{
	hlist_del_init(&timer->entry);
}

static int __mod_timer(struct timer_list *timer, unsigned long expires, unsigned int options,
		       int cpu)
{
	struct timer_base *base, *new_base;
	unsigned long flags;
	int ret;

	if (WARN_ON_ONCE(!timer->function))
		return 0;
	base = lock_timer_base(timer, &flags);
	ret = timer_pending(timer);
	if (!ret && (options & MOD_TIMER_PENDING_ONLY))
		goto out_unlock;
	if (ret && (options & MOD_TIMER_REDUCE) && !time_before(expires, timer->expires))
		goto out_unlock;
	if (ret)
		detach_timer(timer);

	if (cpu >= 0)
		new_base = per_cpu_ptr(&timer_bases, cpu);
	else if (timer->flags & TIMER_PINNED)
		new_base = base;
	else
		new_base = this_cpu_ptr(&timer_bases);
	/* A timer whose callback is running stays put (see the file comment). */
	if (new_base != base && base->running_timer != timer) {
		WRITE_ONCE(timer->base, TIMER_BASE_MIGRATING);
		spin_unlock(&base->lock);
		base = new_base;
		spin_lock(&base->lock);
		WRITE_ONCE(timer->base, base);
	}
	timer->expires = expires;
	enqueue_timer(base, timer);
out_unlock:
	spin_unlock_irqrestore(&base->lock, flags);
	return ret;
}

int mod_timer(struct timer_list *timer, unsigned long expires)
{
	return __mod_timer(timer, expires, 0, -1);
}

int mod_timer_pending(struct timer_list *timer, unsigned long expires)
{
	return __mod_timer(timer, expires, MOD_TIMER_PENDING_ONLY, -1);
}

int timer_reduce(struct timer_list *timer, unsigned long expires)
{
	return __mod_timer(timer, expires, MOD_TIMER_REDUCE, -1);
}

void add_timer(struct timer_list *timer)
{
	WARN_ON_ONCE(timer_pending(timer));
	__mod_timer(timer, timer->expires, 0, -1);
}

void add_timer_on(struct timer_list *timer, int cpu)
{
	WARN_ON_ONCE(timer_pending(timer));
	if (WARN_ON_ONCE(cpu < 0 || cpu >= NR_CPUS || !cpu_possible(cpu)))
		cpu = smp_processor_id();
	__mod_timer(timer, timer->expires, 0, cpu);
}

int del_timer(struct timer_list *timer)
{
	struct timer_base *base;
	unsigned long flags;
	int ret;

	if (!timer_pending(timer))
		return 0;
	base = lock_timer_base(timer, &flags);
	ret = timer_pending(timer);
	if (ret)
		detach_timer(timer);
	spin_unlock_irqrestore(&base->lock, flags);
	return ret;
}

int try_to_del_timer_sync(struct timer_list *timer)
{
	struct timer_base *base;
	unsigned long flags;
	int ret = -1;

	base = lock_timer_base(timer, &flags);
	if (base->running_timer != timer) {
		ret = timer_pending(timer);
		if (ret)
			detach_timer(timer);
	}
	spin_unlock_irqrestore(&base->lock, flags);
	return ret;
}

int del_timer_sync(struct timer_list *timer)
{
	int ret;

	/* From the callback itself (interrupts off) this would spin forever. */
	WARN_ON_ONCE(irqs_disabled());
	while ((ret = try_to_del_timer_sync(timer)) < 0)
		cpu_relax();
	return ret;
}

/* Run the due timers of one slot; others there are turns ahead and stay. */
static void expire_slot(struct timer_base *base, unsigned int idx, unsigned long now)
{
	struct hlist_head work;

	hlist_move_list(&base->vectors[idx], &work);
	while (!hlist_empty(&work)) {
		struct timer_list *timer = hlist_entry(work.first, struct timer_list, entry);
		void (*fn)(struct timer_list *) = timer->function;

		if (time_after(timer->expires, now)) {
			hlist_del(&timer->entry);
			hlist_add_head(&timer->entry, &base->vectors[idx]);
			continue;
		}
		detach_timer(timer);
		base->running_timer = timer;
		spin_unlock(&base->lock);
		fn(timer);
		WARN_ONCE(!irqs_disabled(), "timer callback %pS enabled interrupts\n", fn);
		spin_lock(&base->lock);
		base->running_timer = NULL;
	}
}

/* From the tick, interrupts off. */
void run_local_timers(void)
{
	struct timer_base *base = this_cpu_ptr(&timer_bases);
	unsigned long now = jiffies, start, n;

	if (time_before(now, base->clk))
		return;
	spin_lock(&base->lock);
	start = base->clk;
	base->clk = now + 1;
	n = min(now - start + 1, (unsigned long)WHEEL_SIZE);
	for (unsigned long i = 0; i < n; i++)
		expire_slot(base, (start + i) & WHEEL_MASK, now);
	spin_unlock(&base->lock);
}

/* ------------------------------------------------------------ rounding */

static unsigned long __round_jiffies(unsigned long j, bool force_up)
{
	unsigned long original = j, rem = j % HZ;

	if (!rem)
		return j;
	/* Within a quarter second past a full second: round down. */
	if (rem < HZ / 4 && !force_up)
		j -= rem;
	else
		j += HZ - rem;
	return time_after(j, jiffies) ? j : original;
}

unsigned long round_jiffies(unsigned long j)
{
	return __round_jiffies(j, false);
}

unsigned long round_jiffies_up(unsigned long j)
{
	return __round_jiffies(j, true);
}

unsigned long round_jiffies_relative(unsigned long j)
{
	unsigned long now = jiffies;

	return __round_jiffies(j + now, false) - now;
}
