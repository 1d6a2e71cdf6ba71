// SPDX-License-Identifier: GPL-2.0-only
/*
 * Write bandwidth and dirty rate of each wb, for the bandwidth policy
 * (mm/dirty-policy.c) and the bdi stats file.
 *
 *   wb_update_bandwidth(wb)     refresh the estimate if it is stale
 *   __wb_update_bandwidth(wb, pos)  the same, stepping the dirtiers'
 *                               base rate with their position ratio
 *
 * Bandwidth.  wb_update_bandwidth() divides the pages written since the
 * last snapshot by the time, at most every BANDWIDTH_INTERVAL, counting
 * only intervals during which the wb had pages under writeback (idle time
 * says nothing about the device).  It averages all measurements until it
 * has seen BANDWIDTH_PERIOD of busy time (so the 100 MB/s starting guess
 * is gone after the first measurement), then smooths exponentially over
 * that period; avg_write_bandwidth follows it, filtering spikes.
 *
 * Rate.  dirty_ratelimit is the rate one dirtier of the wb may dirty at
 * (before position control scales it): write_bw / N for N dirtiers,
 * estimated without counting them - see dirty_ratelimit_next().
 *
 * Locking: wb->bw_lock serialises updates (process context only);
 * readers use READ_ONCE.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/jiffies.h>
#include <linux/log2.h>
#include <linux/fs.h>
#include <linux/backing-dev.h>
#include <linux/writeback.h>
#include <trace/events/writeback.h>
#include "dirty-throttle.h"

static unsigned long bw_period;	/* BANDWIDTH_PERIOD, jiffies (a power of two) */

void wb_update_write_bandwidth(struct bdi_writeback *wb, unsigned long elapsed,
			       unsigned long written)
{
	unsigned long period = bw_period ? bw_period : roundup_pow_of_two(3 * HZ);
	unsigned long old = wb->write_bandwidth, avg = wb->avg_write_bandwidth;
	unsigned long seen = wb->bw_time_seen;
	u64 bw;

	if (!elapsed)
		return;
	bw = (u64)written * HZ / elapsed;
	if (seen < period) {
		/*
		 * Warm-up: the mean over all busy time seen so far.  The
		 * initial guess has weight 0, so the first measurement of a
		 * slow device replaces 100 MB/s at once.
		 */
		bw = ((u64)old * seen + bw * elapsed) / (seen + elapsed);
		wb->bw_time_seen = min(seen + elapsed, period);
		wb->write_bandwidth = max_t(u64, bw, 1);
		wb->avg_write_bandwidth = wb->write_bandwidth;
		return;
	}
	if (elapsed > period)
		elapsed = period;
	/* The new sample weighs elapsed/period, history the rest. */
	bw = (bw * elapsed + (u64)old * (period - elapsed)) / period;
	/* avg follows only when both estimates agree on the direction. */
	if (avg > old && old >= bw)
		avg -= (avg - old) >> 3;
	if (avg < old && old <= bw)
		avg += (old - avg) >> 3;
	wb->write_bandwidth = max_t(u64, bw, 1);
	wb->avg_write_bandwidth = max(avg, 1UL);
}

/*
 * One step of the base rate.  In the last interval every dirtier of the
 * wb was asked for task_rate (rate x pos) and together they dirtied
 * dirty_rate, so about dirty_rate / task_rate of them were at work; the
 * rate that would have let them match the device is
 *
 *	balanced = task_rate x write_bw / dirty_rate   (-> write_bw / N)
 *
 * (never above write_bw: a single dirtier that cannot keep up is not a
 * reason to promise it more than the device writes).  balanced is noisy
 * - dirtiers think, freerun ones ignore task_rate - so rate moves only
 * when the position agrees: up while the dirty pages sit below the
 * setpoint (pos > 1), down while they sit above it, and by at most the
 * distance to the nearer of balanced and task_rate, an eighth of it per
 * step (a quarter while the two are more than a factor two apart).
 * Returns the new rate: at least 1 page/s, at most write_bw.
 */
unsigned long dirty_ratelimit_next(unsigned long rate, unsigned long task_ratelimit,
				   unsigned long write_bw, unsigned long dirty_rate,
				   unsigned long *balanced)
{
	u64 task_rate = max(task_ratelimit, 1UL);
	u64 bal;
	unsigned long step = 0;

	if (!dirty_rate) {
		*balanced = rate;
		return min(rate, max(write_bw, 1UL));
	}
	bal = task_rate * write_bw / dirty_rate;
	bal = clamp_t(u64, bal, 1, max(write_bw, 1UL));
	*balanced = bal;
	if (rate < bal && task_rate > rate)
		step = min(bal, task_rate) - rate;
	else if (rate > bal && task_rate < rate)
		step = rate - max(bal, task_rate);
	if (step) {
		if (bal > 2 * (u64)rate || 2 * bal < rate)
			step = DIV_ROUND_UP(step, 4);
		else
			step = DIV_ROUND_UP(step, 8);
		rate = rate < bal ? rate + step : max(rate - step, 1UL);
	}
	return min(rate, max(write_bw, 1UL));
}

/* The writeback:bdi_dirty_ratelimit event of one step (bw_lock held). */
static void trace_ratelimit_step(struct bdi_writeback *wb, unsigned long dirty_rate,
				 unsigned long task_rate)
{
	struct bdi_dirty_ratelimit_event e;

	if (!trace_bdi_dirty_ratelimit_enabled())
		return;
	e.bdi = wb->bdi->dev_name;
	e.write_bw = KBps(wb->write_bandwidth);
	e.avg_write_bw = KBps(wb->avg_write_bandwidth);
	e.dirty_rate = KBps(dirty_rate);
	e.dirty_ratelimit = KBps(wb->dirty_ratelimit);
	e.task_ratelimit = KBps(task_rate);
	e.balanced_dirty_ratelimit = KBps(wb->balanced_dirty_ratelimit);
	trace_bdi_dirty_ratelimit(&e);
}

/*
 * Refresh the bandwidth estimate; pos >= 0 (a throttled dirtier's
 * position ratio) also steps the dirtiers' base rate.
 */
void __wb_update_bandwidth(struct bdi_writeback *wb, long pos)
{
	unsigned long now = jiffies, elapsed, written, dirtied, dirty_rate = 0;

	if (time_before(now, READ_ONCE(wb->bw_time_stamp) + BANDWIDTH_INTERVAL))
		return;
	spin_lock(&wb->bw_lock);
	elapsed = now - wb->bw_time_stamp;
	if (elapsed < BANDWIDTH_INTERVAL)
		goto unlock;
	written = wb_stat_sum(wb, WB_WRITTEN);
	dirtied = wb_stat_sum(wb, WB_DIRTIED);
	/* Idle intervals and gaps over a second say nothing about the device. */
	if (wb->bw_was_busy && elapsed <= HZ)
		wb_update_write_bandwidth(wb, elapsed, written - wb->written_stamp);
	if (elapsed <= HZ) {
		dirty_rate = (dirtied - wb->dirtied_stamp) * HZ / elapsed;
		wb->dirty_rate = dirty_rate;
	}
	if (pos >= 0 && dirty_rate) {
		unsigned long task_rate = (u64)wb->dirty_ratelimit * pos >> RATELIMIT_CALC_SHIFT;

		WRITE_ONCE(wb->dirty_ratelimit,
			   dirty_ratelimit_next(wb->dirty_ratelimit, task_rate, wb->write_bandwidth,
						dirty_rate, &wb->balanced_dirty_ratelimit));
		trace_ratelimit_step(wb, dirty_rate, task_rate);
	}
	wb->written_stamp = written;
	wb->dirtied_stamp = dirtied;
	wb->bw_was_busy = wb_stat_sum(wb, WB_WRITEBACK) > 0;
	WRITE_ONCE(wb->bw_time_stamp, now);
unlock:
	spin_unlock(&wb->bw_lock);
}

/**
 * wb_update_bandwidth() - refresh a wb's bandwidth estimate if it is stale
 * @wb: the bdi_writeback
 *
 * Does nothing until BANDWIDTH_INTERVAL has passed since the last update.
 * Then, under wb->bw_lock, folds the pages written since into the write
 * bandwidth (only when the device was busy and the gap is under a second)
 * and recomputes the dirty rate.
 *
 * Context: process context; does not sleep.  Takes wb->bw_lock (a plain
 * spinlock), so not from interrupts.
 */
void wb_update_bandwidth(struct bdi_writeback *wb)
{
	__wb_update_bandwidth(wb, -1);
}

/**
 * wb_bandwidth_workfn() - the work item that refreshes a wb's bandwidth
 * @work: the wb's bw_dwork
 *
 * Queued by wb_writeout_inc() when a completion finds the estimate stale
 * (I/O completion cannot take bw_lock itself); clears WB_bw_queued so the
 * next stale completion can queue it again, then calls
 * wb_update_bandwidth().
 *
 * Context: process context (bdi_wq workqueue).
 */
void wb_bandwidth_workfn(struct work_struct *work)
{
	struct bdi_writeback *wb = container_of(to_delayed_work(work), struct bdi_writeback,
						bw_dwork);

	clear_bit(WB_bw_queued, &wb->state);
	wb_update_bandwidth(wb);
}

/* BANDWIDTH_PERIOD in jiffies, rounded to a power of two. */
void __init dirty_bandwidth_init(void)
{
	bw_period = roundup_pow_of_two(3 * HZ);
}
