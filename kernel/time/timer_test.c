// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests for jiffies, timers and sleeping: msleep(50) sleeps at least
 * 50 ms and not much more (ten sleepers at once, measured with
 * ktime_get_ns()); jiffies keep pace with the clock; a timer fires on the
 * CPU that armed it (and add_timer_on()'s CPU); mod_timer/del_timer return
 * values; del_timer_sync() against a self-re-arming callback and a
 * concurrent mod_timer() leaves the timer stopped and its callback
 * finished.
 */
#include <linux/kernel.h>
#include <linux/selftest.h>
#include <linux/timer.h>
#include <linux/jiffies.h>
#include <linux/delay.h>
#include <linux/sched.h>
#include <linux/kthread.h>
#include <linux/completion.h>
#include <linux/timekeeping.h>
#include <linux/smp.h>
#include <asm/atomic.h>

#define SLEEP_MS	50
#define SLEEPERS	10
/*
 * Allowed overshoot: the +1 jiffy of msleep(), tick granularity, and
 * generous slack for emulators on a loaded host.
 */
#define SLACK_MS	(3 * 1000 / HZ + 80)
/* Jiffies may trail the clock by a late tick; allow this many. */
#define JIFFY_LAG	5

struct sleeper {
	u64 slept_ns;
	struct completion done;
};

static int msleep_fn(void *arg)
{
	struct sleeper *s = arg;
	u64 start = ktime_get_ns();

	msleep(SLEEP_MS);
	s->slept_ns = ktime_get_ns() - start;
	complete(&s->done);
	return 0;
}

static int msleep_accuracy_test(void)
{
	static struct sleeper s[SLEEPERS];
	u64 min_ns = U64_MAX, max_ns = 0, k0 = ktime_get_ns(), k1;
	unsigned long j0 = jiffies, j1;
	int i, bad = 0;

	for (i = 0; i < SLEEPERS; i++) {
		struct task_struct *t;

		init_completion(&s[i].done);
		t = kthread_run(msleep_fn, &s[i], "msleep/%d", i);
		ST_ASSERT(!IS_ERR(t), "cannot create thread");
	}
	for (i = 0; i < SLEEPERS; i++) {
		ST_ASSERT(wait_for_completion_timeout(&s[i].done, 5 * HZ), "sleeper %d hung", i);
		min_ns = min(min_ns, s[i].slept_ns);
		max_ns = max(max_ns, s[i].slept_ns);
		if (s[i].slept_ns < SLEEP_MS * NSEC_PER_MSEC ||
		    s[i].slept_ns >= (SLEEP_MS + SLACK_MS) * NSEC_PER_MSEC)
			bad++;
	}
	k1 = ktime_get_ns();
	j1 = jiffies;
	st_diag("%d concurrent msleep(%d): %llu.%03llu .. %llu.%03llu ms (limit %d ms)",
		SLEEPERS, SLEEP_MS, min_ns / NSEC_PER_MSEC, min_ns / 1000 % 1000,
		max_ns / NSEC_PER_MSEC, max_ns / 1000 % 1000, SLEEP_MS + SLACK_MS);
	st_diag("jiffies advanced %lu in %llu ms of clock (HZ=%d)", j1 - j0,
		(k1 - k0) / NSEC_PER_MSEC, HZ);
	ST_ASSERT(!bad, "%d sleeps out of range", bad);
	/*
	 * jiffies counts whole ticks of the clock since boot: never ahead of
	 * it, and behind only by ticks not yet taken.
	 */
	j1 = jiffies - INITIAL_JIFFIES;
	k1 = ktime_get_ns();
	st_diag("clock %llu ms since boot, jiffies say %llu ms", k1 / NSEC_PER_MSEC,
		(u64)j1 * TICK_NSEC / NSEC_PER_MSEC);
	ST_ASSERT((u64)j1 * TICK_NSEC <= k1, "jiffies ahead of the clock");
	ST_ASSERT(k1 - (u64)j1 * TICK_NSEC < JIFFY_LAG * TICK_NSEC, "jiffies behind the clock");
	return 0;
}
DEFINE_SELFTEST("timer: msleep(50) x10 sleeps >= 50 ms and < 50 ms + slack",
		msleep_accuracy_test);

/* ---------------------------------------------------------------- placement */

struct cpu_timer {
	struct timer_list timer;
	int fired_on;
	struct completion done;
};

static void cpu_timer_fn(struct timer_list *t)
{
	struct cpu_timer *ct = from_timer(ct, t, timer);

	ct->fired_on = smp_processor_id();
	complete(&ct->done);
}

static int arm_here_fn(void *arg)
{
	struct cpu_timer *ct = arg;

	ct->timer.expires = jiffies + 1;
	add_timer(&ct->timer);
	return 0;
}

static int timer_cpu_test(void)
{
	struct cpu_timer ct;
	int cpu, wrong = 0;

	for_each_online_cpu(cpu) {
		struct task_struct *t;

		/* Armed by a thread bound to cpu... */
		timer_setup(&ct.timer, cpu_timer_fn, 0);
		init_completion(&ct.done);
		ct.fired_on = -1;
		t = kthread_create(arm_here_fn, &ct, "arm/%d", cpu);
		ST_ASSERT(!IS_ERR(t), "cannot create thread");
		kthread_bind(t, cpu);
		wake_up_process(t);
		ST_ASSERT(wait_for_completion_timeout(&ct.done, 2 * HZ), "timer on CPU %d never fired",
			  cpu);
		del_timer_sync(&ct.timer);
		wrong += ct.fired_on != cpu;

		/* ...and with add_timer_on() from here. */
		timer_setup(&ct.timer, cpu_timer_fn, 0);
		init_completion(&ct.done);
		ct.timer.expires = jiffies + 1;
		add_timer_on(&ct.timer, cpu);
		ST_ASSERT(wait_for_completion_timeout(&ct.done, 2 * HZ),
			  "add_timer_on(%d) never fired", cpu);
		del_timer_sync(&ct.timer);
		wrong += ct.fired_on != cpu;
	}
	ST_ASSERT(!wrong, "%d timers fired on the wrong CPU", wrong);
	return 0;
}
DEFINE_SELFTEST("timer: fires on the arming CPU and on add_timer_on's CPU", timer_cpu_test);

static void noop_fn(struct timer_list *t)
{
}

static int timer_api_test(void)
{
	struct timer_list t;

	timer_setup(&t, noop_fn, 0);
	ST_ASSERT(!timer_pending(&t), "new timer pending");
	ST_ASSERT(mod_timer(&t, jiffies + HZ) == 0, "mod_timer of idle timer returned 1");
	ST_ASSERT(timer_pending(&t), "armed timer not pending");
	ST_ASSERT(mod_timer(&t, jiffies + 2 * HZ) == 1, "mod_timer of pending timer returned 0");
	ST_ASSERT(timer_reduce(&t, jiffies + 3 * HZ) == 1 && time_after(t.expires, jiffies + HZ),
		  "timer_reduce moved the expiry later");
	ST_ASSERT(del_timer(&t) == 1 && !timer_pending(&t), "del_timer of pending timer");
	ST_ASSERT(del_timer(&t) == 0, "del_timer of idle timer returned 1");
	ST_ASSERT(mod_timer_pending(&t, jiffies + 1) == 0 && !timer_pending(&t),
		  "mod_timer_pending armed an idle timer");
	ST_ASSERT(del_timer_sync(&t) == 0, "del_timer_sync of idle timer returned 1");
	return 0;
}
DEFINE_SELFTEST("timer: mod_timer/del_timer/timer_reduce return values", timer_api_test);

/* ---------------------------------------------------------------- del_timer_sync */

static struct timer_list race_timer;
static atomic_t race_fired, race_running;
static bool race_stop;

static void race_fn(struct timer_list *t)
{
	atomic_inc(&race_running);
	atomic_inc(&race_fired);
	udelay(50);
	/* Re-arm ourselves: del_timer_sync() has to cope with that. */
	mod_timer(t, jiffies + 1);
	atomic_dec(&race_running);
}

static int race_modder_fn(void *arg)
{
	unsigned int i = 0;

	while (!READ_ONCE(race_stop)) {
		/* Always due: it fires at every tick, racing with us. */
		mod_timer(&race_timer, jiffies - (i++ & 1));
		if (!(i % 8))
			cond_resched();
		else
			cpu_relax();
	}
	return 0;
}

static int del_timer_sync_race_test(void)
{
	struct task_struct *t;
	int before, after, ret, cpu;

	timer_setup(&race_timer, race_fn, 0);
	atomic_set(&race_fired, 0);
	atomic_set(&race_running, 0);
	WRITE_ONCE(race_stop, false);
	race_timer.expires = jiffies + 1;
	add_timer(&race_timer);

	/* Modify it from another CPU (if any) while it fires and re-arms. */
	cpu = num_online_cpus() > 1 ? (int)cpumask_next(smp_processor_id(), cpu_online_mask) : -1;
	if (cpu >= NR_CPUS)
		cpu = (int)cpumask_first(cpu_online_mask);
	t = kthread_create(race_modder_fn, NULL, "timer-modder");
	ST_ASSERT(!IS_ERR(t), "cannot create thread");
	get_task_struct(t);
	if (cpu >= 0)
		kthread_bind(t, cpu);
	wake_up_process(t);
	msleep(20);
	WRITE_ONCE(race_stop, true);
	wait_task_exited(t);
	put_task_struct(t);

	ret = del_timer_sync(&race_timer);
	ST_ASSERT(!atomic_read(&race_running), "callback still running after del_timer_sync");
	ST_ASSERT(!timer_pending(&race_timer), "timer pending after del_timer_sync");
	before = atomic_read(&race_fired);
	msleep(4 * 1000 / HZ + 1);
	after = atomic_read(&race_fired);
	st_diag("callback ran %d times; del_timer_sync returned %d", before, ret);
	ST_ASSERT(before > 0, "the timer never fired");
	ST_ASSERT(after == before, "callback ran %d more times after del_timer_sync", after - before);
	return 0;
}
DEFINE_SELFTEST("timer: del_timer_sync vs a re-arming callback and mod_timer from another CPU",
		del_timer_sync_race_test);
