// SPDX-License-Identifier: GPL-2.0-only
/*
 * The periodic tick: tick_periodic() is called by the architecture's
 * per-CPU timer interrupt, HZ times a second on every CPU, with
 * interrupts off.  In order it
 *   1. advances jiffies (whichever CPU gets there first, see below),
 *   2. runs this CPU's expired timers,
 *   3. lets RCU note a quiescent state (if the tick interrupted user mode
 *      or the idle loop) and run its callbacks,
 *   4. charges the tick to this CPU's user/system/idle time (/proc/stat),
 *      and to the kernel profile when profile= is on (/proc/profile),
 *   5. runs the scheduler tick (timeslices, load balancing).
 *
 * Jiffies follow the clock, not the interrupt count: jiffies_64 is
 * INITIAL_JIFFIES plus the whole ticks of ktime_get_ns() since the last
 * update, so late, lost or doubled timer interrupts (common under
 * emulation) neither slow nor speed jiffies.  Any CPU may do the update;
 * jiffies_lock (taken with trylock: a CPU that finds it busy just leaves
 * the update to the holder) makes it happen once.
 */
#include <linux/kernel.h>
#include <linux/cpu.h>
#include <linux/jiffies.h>
#include <linux/timer.h>
#include <linux/timekeeping.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/kernel_stat.h>
#include <linux/spinlock.h>
#include <linux/profile.h>
#include <asm/ptrace.h>
#include "../sched/sched.h"

static DEFINE_SPINLOCK(jiffies_lock);
static u64 last_jiffies_update;		/* ns of the last jiffy boundary; jiffies_lock */

/* Returns true if this CPU advanced jiffies. */
static bool tick_do_update_jiffies(void)
{
	u64 now = ktime_get_ns(), ticks = 0;

	/*
	 * Signed: another CPU may have moved last_jiffies_update past the
	 * time this CPU read a moment ago; unsigned, that difference would
	 * be a huge jump of jiffies (every timer fired at once).
	 */
	if ((s64)(now - READ_ONCE(last_jiffies_update)) < (s64)TICK_NSEC)
		return false;
	if (!spin_trylock(&jiffies_lock))
		return false;
	if ((s64)(now - last_jiffies_update) >= (s64)TICK_NSEC)
		ticks = (now - last_jiffies_update) / TICK_NSEC;
	if (ticks) {
		WRITE_ONCE(last_jiffies_update, last_jiffies_update + ticks * TICK_NSEC);
		WRITE_ONCE(jiffies_64, jiffies_64 + ticks);
	}
	spin_unlock(&jiffies_lock);
	if (ticks)
		update_vsyscall_tick();
	return ticks != 0;
}

/*
 * Bring jiffies up to the clock now, outside the tick.  Sleepers call this
 * before computing an expiry: when a tick is late (a vCPU the host did not
 * run), jiffies still shows the time of the last tick, and an expiry based
 * on it would fire as soon as the late tick catches jiffies up - a sleep
 * shorter than asked for.  Only trylocks, so it is safe from any context.
 */
void jiffies_update_now(void)
{
	tick_do_update_jiffies();
}

void tick_periodic(struct pt_regs *regs)
{
	bool user = regs && user_mode(regs);

	if (tick_do_update_jiffies())
		sched_update_loadavg();
	run_local_timers();
	rcu_sched_clock_irq(user || (current->flags & PF_IDLE));
	account_process_tick(current, user);
	profile_tick(regs);
	scheduler_tick(user);
}
