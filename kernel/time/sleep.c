// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sleeping for a time: schedule_timeout() and msleep() and friends.
 *
 * schedule_timeout(t) sleeps in the state the caller set, for t jiffies
 * at most: a timer on the stack wakes the task.  msleep(ms) sleeps at
 * least ms milliseconds: the current jiffy is already partly over, so it
 * asks for one jiffy more than ms rounds up to.  Everything here has tick
 * resolution (4 ms at HZ=250); usleep_range() sleeps at least min
 * microseconds, rounded up to whole ticks.
 */
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/timer.h>
#include <linux/jiffies.h>
#include <linux/delay.h>

struct process_timer {
	struct timer_list timer;
	struct task_struct *task;
};

static void process_timeout(struct timer_list *t)
{
	struct process_timer *pt = from_timer(pt, t, timer);

	wake_up_process(pt->task);
}

/*
 * Returns 0 if the time ran out, else the jiffies left when woken early
 * (by a wake_up or, in interruptible states, a signal).
 */
long schedule_timeout(long timeout)
{
	struct process_timer pt;
	unsigned long expire;

	if (timeout == MAX_SCHEDULE_TIMEOUT) {
		schedule();
		return timeout;
	}
	if (timeout < 0) {
		pr_err("schedule_timeout: negative timeout %ld from %pS\n", timeout,
		       __builtin_return_address(0));
		__set_current_state(TASK_RUNNING);
		return 0;
	}
	jiffies_update_now();
	expire = jiffies + timeout;
	pt.task = current;
	timer_setup_on_stack(&pt.timer, process_timeout, 0);
	pt.timer.expires = expire;
	add_timer(&pt.timer);
	schedule();
	del_timer_sync(&pt.timer);
	destroy_timer_on_stack(&pt.timer);

	timeout = expire - jiffies;
	return timeout < 0 ? 0 : timeout;
}

long schedule_timeout_interruptible(long timeout)
{
	__set_current_state(TASK_INTERRUPTIBLE);
	return schedule_timeout(timeout);
}

long schedule_timeout_killable(long timeout)
{
	__set_current_state(TASK_KILLABLE);
	return schedule_timeout(timeout);
}

long schedule_timeout_uninterruptible(long timeout)
{
	__set_current_state(TASK_UNINTERRUPTIBLE);
	return schedule_timeout(timeout);
}

long schedule_timeout_idle(long timeout)
{
	__set_current_state(TASK_IDLE);
	return schedule_timeout(timeout);
}

long io_schedule_timeout(long timeout)
{
	return schedule_timeout(timeout);
}

void msleep(unsigned int msecs)
{
	unsigned long timeout = msecs_to_jiffies(msecs) + 1;

	while (timeout)
		timeout = schedule_timeout_uninterruptible(timeout);
}

unsigned long msleep_interruptible(unsigned int msecs)
{
	unsigned long timeout = msecs_to_jiffies(msecs) + 1;

	while (timeout && !signal_pending(current))
		timeout = schedule_timeout_interruptible(timeout);
	return jiffies_to_msecs(timeout);
}

void ssleep(unsigned int seconds)
{
	msleep(seconds * 1000);
}

void usleep_range(unsigned long min, unsigned long max)
{
	unsigned long timeout = usecs_to_jiffies(min) + 1;

	while (timeout)
		timeout = schedule_timeout_uninterruptible(timeout);
}

void fsleep(unsigned long usecs)
{
	if (usecs <= 10)
		udelay(usecs);
	else
		usleep_range(usecs, 2 * usecs);
}
