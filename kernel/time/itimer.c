// SPDX-License-Identifier: GPL-2.0-only
/*
 * Interval timers: setitimer(2), getitimer(2) and alarm(2).
 *
 * Each process has three (in struct itimers, allocated on first use and
 * hung off its signal_struct):
 *   ITIMER_REAL     wall time (CLOCK_MONOTONIC); SIGALRM; a kernel timer
 *   ITIMER_VIRTUAL  user CPU time of the whole process; SIGVTALRM
 *   ITIMER_PROF     user + system CPU time; SIGPROF
 * The CPU-time ones are checked by a timer that runs every tick while
 * one of them is armed (CPU time itself is accounted per tick).  A
 * periodic timer that fell behind fires once and moves to its next
 * period in the future, as Linux's does.  fork() gives the child none;
 * exec keeps them.
 *
 * Interface: the three system calls, itimers_exit() (<linux/resource.h>).
 * Locking: its->lock (irq-safe: the timer callbacks run in the tick
 * interrupt) guards every field, and the callbacks touch the process
 * (CPU time, sending the signal) only under it and only while !dead.
 * itimers_exit() may run in interrupt context (the signal_struct is
 * freed from an RCU callback): it sets dead, deletes the timers without
 * waiting, and frees the structure after an RCU grace period - a timer
 * callback runs inside the tick interrupt, so it is over by then.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/timer.h>
#include <linux/jiffies.h>
#include <linux/timekeeping.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/signal.h>
#include <linux/resource.h>
#include <linux/syscalls.h>
#include <linux/time.h>
#include <linux/rcupdate.h>
#include <asm/uaccess.h>

#define NR_ITIMERS	3

struct itimer {
	u64 expires;	/* REAL: monotonic ns; VIRTUAL/PROF: process CPU ns; 0 = off */
	u64 incr;	/* period in ns, 0 = one-shot */
};

struct itimers {
	spinlock_t lock;
	bool dead;
	struct rcu_head rcu;
	struct signal_struct *sig;
	struct timer_list real_timer;
	struct timer_list cpu_timer;
	struct itimer it[NR_ITIMERS];
};

static const int itimer_signal[NR_ITIMERS] = {
	[ITIMER_REAL] = SIGALRM,
	[ITIMER_VIRTUAL] = SIGVTALRM,
	[ITIMER_PROF] = SIGPROF,
};

/* Send sig to the process: any live thread will do (it is process-directed). */
static void signal_process(struct signal_struct *sig, int signo)
{
	struct task_struct *t;

	rcu_read_lock();
	t = list_first_or_null_rcu(&sig->thread_head, struct task_struct, thread_node);
	if (t)
		send_sig(signo, t, 1);
	rcu_read_unlock();
}

/* The clock an itimer counts on, in ns. */
static u64 itimer_now(struct signal_struct *sig, int which)
{
	u64 user, sys;

	if (which == ITIMER_REAL)
		return ktime_get_ns();
	process_cputime_ns(sig, &user, &sys);
	return which == ITIMER_VIRTUAL ? user : user + sys;
}

/* A period that fell behind skips to its next expiry after now. */
static void itimer_forward(struct itimer *it, u64 now)
{
	if (!it->incr) {
		it->expires = 0;
		return;
	}
	it->expires += it->incr;
	if (it->expires <= now)
		it->expires += (now - it->expires) / it->incr * it->incr + it->incr;
}

/* it->lock held. */
static void arm_real_timer(struct itimers *its)
{
	u64 now = ktime_get_ns(), exp = its->it[ITIMER_REAL].expires;

	if (!exp || its->dead)
		return;
	mod_timer(&its->real_timer, jiffies + (exp > now ? nsecs_to_jiffies(exp - now) : 1));
}

static void real_timer_fn(struct timer_list *t)
{
	struct itimers *its = from_timer(its, t, real_timer);
	struct itimer *it = &its->it[ITIMER_REAL];
	unsigned long flags;
	bool fire = false;
	u64 now;

	spin_lock_irqsave(&its->lock, flags);
	if (its->dead)
		goto out;
	now = ktime_get_ns();
	if (it->expires && now >= it->expires) {
		fire = true;
		itimer_forward(it, now);
	}
	/* Early by a tick fraction, re-armed, or forwarded: come back then. */
	arm_real_timer(its);
	if (fire)
		signal_process(its->sig, SIGALRM);
out:
	spin_unlock_irqrestore(&its->lock, flags);
}

static void cpu_timer_fn(struct timer_list *t)
{
	struct itimers *its = from_timer(its, t, cpu_timer);
	bool fire[NR_ITIMERS] = { false }, armed = false;
	unsigned long flags;

	spin_lock_irqsave(&its->lock, flags);
	if (its->dead)
		goto out;
	for (int w = ITIMER_VIRTUAL; w <= ITIMER_PROF; w++) {
		struct itimer *it = &its->it[w];
		u64 now;

		if (!it->expires)
			continue;
		now = itimer_now(its->sig, w);
		if (now >= it->expires) {
			fire[w] = true;
			itimer_forward(it, now);
		}
		armed |= it->expires != 0;
	}
	if (armed)
		mod_timer(&its->cpu_timer, jiffies + 1);
	for (int w = ITIMER_VIRTUAL; w <= ITIMER_PROF; w++)
		if (fire[w])
			signal_process(its->sig, itimer_signal[w]);
out:
	spin_unlock_irqrestore(&its->lock, flags);
}

static struct itimers *get_itimers(struct signal_struct *sig, bool create)
{
	struct itimers *its = READ_ONCE(sig->itimers), *old;

	if (its || !create)
		return its;
	its = kzalloc(sizeof(*its), GFP_KERNEL);
	if (!its)
		return NULL;
	spin_lock_init(&its->lock);
	its->sig = sig;
	timer_setup(&its->real_timer, real_timer_fn, 0);
	timer_setup(&its->cpu_timer, cpu_timer_fn, 0);
	old = cmpxchg(&sig->itimers, NULL, its);
	if (old) {
		kfree(its);
		return old;
	}
	return its;
}

static void itimers_free_rcu(struct rcu_head *head)
{
	kfree(container_of(head, struct itimers, rcu));
}

void itimers_exit(struct signal_struct *sig)
{
	struct itimers *its = sig->itimers;
	unsigned long flags;

	if (!its)
		return;
	spin_lock_irqsave(&its->lock, flags);
	its->dead = true;
	spin_unlock_irqrestore(&its->lock, flags);
	/* A callback past its dead check finished under the lock; none re-arms now. */
	del_timer(&its->real_timer);
	del_timer(&its->cpu_timer);
	sig->itimers = NULL;
	call_rcu(&its->rcu, itimers_free_rcu);
}

/* ------------------------------------------------------------ get and set */

static void itimer_read(struct itimers *its, int which, struct itimer *out)
{
	u64 now = itimer_now(its->sig, which);

	*out = its->it[which];
	if (!out->expires)
		return;
	/* A due timer whose signal is on its way reads as "almost expired". */
	out->expires = out->expires > now ? out->expires - now : 1000;
}

static void do_getitimer(int which, struct itimer *value)
{
	struct itimers *its = get_itimers(current->signal, false);
	unsigned long flags;

	memset(value, 0, sizeof(*value));
	if (!its)
		return;
	spin_lock_irqsave(&its->lock, flags);
	itimer_read(its, which, value);
	spin_unlock_irqrestore(&its->lock, flags);
}

/* value->expires is relative here; ovalue gets the old setting, relative. */
static int do_setitimer(int which, const struct itimer *value, struct itimer *ovalue)
{
	struct itimers *its = get_itimers(current->signal, value->expires != 0);
	unsigned long flags;
	struct itimer *it;

	if (ovalue)
		memset(ovalue, 0, sizeof(*ovalue));
	if (!its)
		return value->expires ? -ENOMEM : 0;
	spin_lock_irqsave(&its->lock, flags);
	if (ovalue)
		itimer_read(its, which, ovalue);
	it = &its->it[which];
	it->incr = value->incr;
	it->expires = value->expires ? itimer_now(its->sig, which) + value->expires : 0;
	if (which == ITIMER_REAL) {
		if (it->expires)
			arm_real_timer(its);
		else
			del_timer(&its->real_timer);
	} else if (it->expires) {
		mod_timer(&its->cpu_timer, jiffies + 1);
	}
	spin_unlock_irqrestore(&its->lock, flags);
	return 0;
}

static void itimer_to_user(const struct itimer *it, struct __kernel_old_itimerval *v)
{
	v->it_value = ns_to_kernel_old_timeval(it->expires);
	v->it_interval = ns_to_kernel_old_timeval(it->incr);
}

SYSCALL_DEFINE2(getitimer, int, which, struct __kernel_old_itimerval *, value)
{
	struct __kernel_old_itimerval v;
	struct itimer it;

	if (which < 0 || which >= NR_ITIMERS)
		return -EINVAL;
	do_getitimer(which, &it);
	itimer_to_user(&it, &v);
	return copy_to_user(value, &v, sizeof(v)) ? -EFAULT : 0;
}

SYSCALL_DEFINE3(setitimer, int, which, struct __kernel_old_itimerval *, value,
		struct __kernel_old_itimerval *, ovalue)
{
	struct __kernel_old_itimerval v = { };
	struct itimer it, old;
	int ret;

	if (which < 0 || which >= NR_ITIMERS)
		return -EINVAL;
	/* Linux takes a NULL new value as "disarm". */
	if (value && copy_from_user(&v, value, sizeof(v)))
		return -EFAULT;
	if (v.it_value.tv_usec < 0 || v.it_value.tv_usec >= (long)USEC_PER_SEC ||
	    v.it_interval.tv_usec < 0 || v.it_interval.tv_usec >= (long)USEC_PER_SEC ||
	    v.it_value.tv_sec < 0 || v.it_interval.tv_sec < 0)
		return -EINVAL;
	it.expires = v.it_value.tv_sec * NSEC_PER_SEC + v.it_value.tv_usec * NSEC_PER_USEC;
	it.incr = v.it_interval.tv_sec * NSEC_PER_SEC + v.it_interval.tv_usec * NSEC_PER_USEC;
	ret = do_setitimer(which, &it, ovalue ? &old : NULL);
	if (ret)
		return ret;
	if (ovalue) {
		itimer_to_user(&old, &v);
		if (copy_to_user(ovalue, &v, sizeof(v)))
			return -EFAULT;
	}
	return 0;
}

/* Seconds left on the old alarm, rounded to nearest, at least 1 if any was left. */
SYSCALL_DEFINE1(alarm, unsigned int, seconds)
{
	struct itimer it = { .expires = (u64)seconds * NSEC_PER_SEC }, old;
	unsigned long left;

	if (do_setitimer(ITIMER_REAL, &it, &old))
		return 0;
	if (!old.expires)
		return 0;
	left = (old.expires + NSEC_PER_SEC / 2) / NSEC_PER_SEC;
	return left ? left : 1;
}
