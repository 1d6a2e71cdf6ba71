// SPDX-License-Identifier: GPL-2.0-only
/*
 * Dirty limits and dirty throttling: how much page cache may be dirty,
 * how it is shared between backing devices, and how a task that dirties
 * pages is slowed down to what the devices can write.
 *
 *   global_dirty_limits(&bg, &thresh)   the vm.dirty_* thresholds, pages
 *   wb_calc_thresh(wb, thresh)          a wb's share of thresh: its share
 *                                       of recent writeback completions,
 *                                       min_ratio reserved, max_ratio cap
 *   wb_dirty_limits(wb, &th, &bg)       the wb's limit under the active
 *                                       policy (what the stats file shows)
 *   wb_over_bg_thresh(wb)               flusher: keep writing in background?
 *   wb_writeout_inc(wb)                 a page finished writeback
 *   wb_update_bandwidth(wb)             refresh the bandwidth estimate
 *   balance_dirty_pages_ratelimited(mapping)  after dirtying a page
 *   vm.writeback_policy                 global | bdi | bandwidth (default)
 *
 * Proportions.  Every page that finishes writeback is an event of its
 * wb in the global floating proportion writeout_completions; a timer
 * halves the history every VM_COMPLETIONS_PERIOD_LEN while completions
 * keep coming (and stops when they stop), so a device that writes more
 * gets a bigger share and an idle one's share decays.
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
 * Policies: see balance_dirty_pages_*() below and
 * Documentation/mm/writeback.md.
 *
 * Locking: the tunables are read with READ_ONCE and may change at any
 * time.  wb->bw_lock serialises bandwidth updates (process context only);
 * counters and proportions are per-CPU and safe from any context.  The
 * aging timer is the only writer of the global proportion's period.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/jiffies.h>
#include <linux/log2.h>
#include <linux/timer.h>
#include <linux/vmstat.h>
#include <linux/fs.h>
#include <linux/backing-dev.h>
#include <linux/writeback.h>
#include <linux/init.h>
#include <linux/percpu.h>
#include <linux/sysctl.h>
#include <linux/flex_proportions.h>
#include <linux/panic.h>
#include <trace/events/writeback.h>
#include <asm/irqflags.h>
#include "dirty-throttle.h"

/* ------------------------------------------------------------ tunables */

/*
 * The vm.dirty_* tunables, with Linux's defaults and rules: each ratio is
 * a percentage of dirtyable memory, each *_bytes an absolute amount, and
 * within a pair the one written last wins (the other reads 0).
 */
int dirty_background_ratio = 10;
unsigned long dirty_background_bytes;
int vm_dirty_ratio = 20;
unsigned long vm_dirty_bytes;
unsigned int dirty_writeback_interval = 5 * 100;	/* centisecs: flusher period */
unsigned int dirty_expire_interval = 30 * 100;		/* centisecs: age that forces write-out */

int writeback_policy = WB_POLICY_BANDWIDTH;

/* dirty_bytes below two pages would throttle every write (Linux's floor). */
static unsigned long dirty_bytes_min = 2 * PAGE_SIZE;
static unsigned long dirty_background_bytes_min = 1;

/*
 * global and bdi policies: a dirtier checks the limits after this many
 * pages (per CPU); 8 while its bdi's limit is exceeded.  1/32 of each
 * CPU's share of the threshold, within [16 pages, 4 MiB] - the 2.6.24
 * sizing.  Their write_chunk is 1.5 times this.
 */
static unsigned long ratelimit_pages = 32;
#define RATELIMIT_MIN		16UL
#define RATELIMIT_MAX		((4UL << 20) >> PAGE_SHIFT)
#define RATELIMIT_EXCEEDED	8UL
static DEFINE_PER_CPU(unsigned long, bdp_ratelimits);

/* global and bdi policies: congestion_wait()-style sleep between rounds. */
#define LEGACY_THROTTLE_WAIT	(HZ / 10)

/* ------------------------------------------------------------ global limits */

/*
 * Memory that may become dirty page cache: free pages (less what the
 * allocator keeps in reserve) plus the file pages on the LRU, which can
 * be reclaimed or written - the Linux definition since 2.6.24 (the
 * percentages apply to this, not to total RAM).
 */
unsigned long global_dirtyable_memory(void)
{
	unsigned long free = global_zone_page_state(NR_FREE_PAGES);
	unsigned long reserve = first_online_pgdat()->totalreserve_pages;
	unsigned long x;

	x = free > reserve ? free - reserve : 0;
	x += global_node_page_state(NR_INACTIVE_FILE);
	x += global_node_page_state(NR_ACTIVE_FILE);
	return x ? x : 1;
}

void dirty_limits_calc(unsigned long available, int ratio, unsigned long bytes,
		       int bg_ratio, unsigned long bg_bytes, unsigned long *pbackground,
		       unsigned long *pdirty)
{
	unsigned long thresh, bg;

	if (bytes)
		thresh = DIV_ROUND_UP(bytes, PAGE_SIZE);
	else
		thresh = (unsigned long)((u64)available * ratio / 100);
	if (bg_bytes)
		bg = DIV_ROUND_UP(bg_bytes, PAGE_SIZE);
	else
		bg = (unsigned long)((u64)available * bg_ratio / 100);
	/* Background writeback must start before writers are throttled. */
	if (bg >= thresh)
		bg = thresh / 2;
	*pbackground = bg;
	*pdirty = thresh;
}

void global_dirty_limits(unsigned long *pbackground, unsigned long *pdirty)
{
	/*
	 * Linux gives real-time and "less throttle" tasks a quarter more;
	 * there are no such tasks here yet.
	 */
	dirty_limits_calc(global_dirtyable_memory(), READ_ONCE(vm_dirty_ratio),
			  READ_ONCE(vm_dirty_bytes), READ_ONCE(dirty_background_ratio),
			  READ_ONCE(dirty_background_bytes), pbackground, pdirty);
}

void writeback_set_ratelimit(void)
{
	unsigned long bg, thresh, r;

	global_dirty_limits(&bg, &thresh);
	r = thresh / (num_online_cpus() * 32);
	WRITE_ONCE(ratelimit_pages, clamp(r, RATELIMIT_MIN, RATELIMIT_MAX));
}

/* ------------------------------------------------------------ proportions */

static struct fprop_global writeout_completions;
static struct timer_list writeout_period_timer;
/* When the current aging period ends (jiffies); 0 while the timer is idle. */
static unsigned long writeout_period_time;

static unsigned long wp_next_time(unsigned long t)
{
	t += VM_COMPLETIONS_PERIOD_LEN;
	return t ? t : 1;	/* 0 means "idle" */
}

/* Age the proportions by the periods that passed; stop when nothing is left to age. */
static void writeout_period(struct timer_list *t)
{
	unsigned long start = READ_ONCE(writeout_period_time);
	long missed = (long)(jiffies - start) / VM_COMPLETIONS_PERIOD_LEN;
	unsigned long flags;
	bool aged;

	if (missed < 0)
		missed = 0;
	/* Readers may run in interrupts on this CPU: no reader may spin on us. */
	local_irq_save(flags);
	aged = fprop_new_period(&writeout_completions, missed + 1);
	local_irq_restore(flags);
	if (aged) {
		start = wp_next_time(start + missed * VM_COMPLETIONS_PERIOD_LEN);
		WRITE_ONCE(writeout_period_time, start);
		mod_timer(&writeout_period_timer, start);
	} else {
		WRITE_ONCE(writeout_period_time, 0);
	}
}

void wb_writeout_inc(struct bdi_writeback *wb)
{
	unsigned int max_ratio = READ_ONCE(wb->bdi->max_ratio);
	unsigned long stamp;

	inc_wb_stat(wb, WB_WRITTEN);
	if (max_ratio < 100)
		__fprop_add_percpu_max(&writeout_completions, &wb->completions, 1,
				       max_ratio * FPROP_FRAC_BASE / 100);
	else
		__fprop_add_percpu(&writeout_completions, &wb->completions, 1);

	/* The first completion after a quiet time starts the aging clock. */
	if (unlikely(!READ_ONCE(writeout_period_time))) {
		unsigned long next = wp_next_time(jiffies);

		if (!cmpxchg(&writeout_period_time, 0, next))
			mod_timer(&writeout_period_timer, next);
	}

	/* A stale estimate is refreshed from process context, soon. */
	stamp = READ_ONCE(wb->bw_time_stamp);
	if (time_after(jiffies, stamp + BANDWIDTH_INTERVAL) &&
	    test_bit(WB_registered, &wb->state) &&
	    !test_and_set_bit(WB_bw_queued, &wb->state))
		queue_delayed_work(bdi_wq, &wb->bw_dwork, 0);
}

unsigned long wb_share_of(unsigned long thresh, unsigned long num, unsigned long den,
			  unsigned int min_ratio, unsigned int min_ratio_sum,
			  unsigned int max_ratio)
{
	u64 share;

	if (!den)
		den = 1;
	if (num > den)
		num = den;
	if (min_ratio_sum > 100)
		min_ratio_sum = 100;
	/* The reservations of all bdis come off the top; this one's is added back. */
	share = (u64)thresh * (100 - min_ratio_sum) / 100;
	share = share * num / den;
	share += (u64)thresh * min_ratio / 100;
	if (share > (u64)thresh * max_ratio / 100)
		share = (u64)thresh * max_ratio / 100;
	return share;
}

unsigned long wb_calc_thresh(struct bdi_writeback *wb, unsigned long thresh)
{
	struct backing_dev_info *bdi = wb->bdi;
	unsigned long num, den;

	fprop_fraction_percpu(&writeout_completions, &wb->completions, &num, &den);
	return wb_share_of(thresh, num, den, READ_ONCE(bdi->min_ratio), bdi_min_ratio_sum(),
			   READ_ONCE(bdi->max_ratio));
}

/* ------------------------------------------------------------ bandwidth */

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
static void __wb_update_bandwidth(struct bdi_writeback *wb, long pos)
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

void wb_update_bandwidth(struct bdi_writeback *wb)
{
	__wb_update_bandwidth(wb, -1);
}

void wb_bandwidth_workfn(struct work_struct *work)
{
	struct bdi_writeback *wb = container_of(to_delayed_work(work), struct bdi_writeback,
						bw_dwork);

	clear_bit(WB_bw_queued, &wb->state);
	wb_update_bandwidth(wb);
}

/* ------------------------------------------------------------ per-wb limits */

unsigned long wb_time_limit(unsigned long avg_bw, bool measured)
{
	unsigned long pages;

	if (!measured)
		return WB_UNMEASURED_LIMIT;
	pages = avg_bw * DIRTY_TIME_LIMIT_MS / 1000;
	return max(pages, WB_MIN_LIMIT);
}

unsigned long wb_bandwidth_limit(unsigned long share, unsigned long thresh,
				 unsigned long dirty, unsigned int max_ratio, bool strict,
				 unsigned long time_limit)
{
	unsigned long cap = (unsigned long)((u64)thresh * max_ratio / 100);
	unsigned long limit = share;

	/*
	 * A device that has not written lately has no share yet: give it an
	 * eighth of what is still free so it can start (Linux 3.2's rule).
	 * A strict_limit bdi gets exactly its share.
	 */
	if (!strict && thresh > dirty)
		limit = max(limit, min((thresh - dirty) / 8, cap));
	limit = min(limit, time_limit);
	/* ...and never so little that its I/O cannot get going. */
	return max(limit, min(WB_MIN_LIMIT, cap));
}

static bool wb_bw_measured(struct bdi_writeback *wb)
{
	return READ_ONCE(wb->bw_time_seen) > 0;
}

/* Global dirty pages counted against the thresholds (NFS "unstable" joins later). */
static unsigned long global_dirty_pages(void)
{
	return global_node_page_state(NR_FILE_DIRTY);
}

/* Fill dtc's global part. */
static void dtc_global(struct dirty_throttle_control *dtc)
{
	global_dirty_limits(&dtc->bg_thresh, &dtc->thresh);
	dtc->nr_reclaimable = global_dirty_pages();
	dtc->dirty = dtc->nr_reclaimable + global_node_page_state(NR_WRITEBACK);
	dtc->freerun = (dtc->thresh + dtc->bg_thresh) / 2;
	dtc->limit = dtc->thresh;
	dtc->setpoint = (dtc->freerun + dtc->limit) / 2;
}

/* Fill dtc's wb part for policy: limit, background share, counts. */
static void dtc_wb(struct dirty_throttle_control *dtc, struct bdi_writeback *wb, int policy)
{
	struct backing_dev_info *bdi = wb->bdi;
	unsigned long share = wb_calc_thresh(wb, dtc->thresh);

	if (policy == WB_POLICY_BANDWIDTH) {
		dtc->wb_thresh = wb_bandwidth_limit(share, dtc->thresh, dtc->dirty,
						    READ_ONCE(bdi->max_ratio), bdi_strictlimit(bdi),
						    wb_time_limit(READ_ONCE(wb->avg_write_bandwidth),
								  wb_bw_measured(wb)));
	} else {
		dtc->wb_thresh = share;
	}
	dtc->wb_bg_thresh = dtc->thresh ?
		(unsigned long)((u64)dtc->wb_thresh * dtc->bg_thresh / dtc->thresh) : 0;

	/* Near a small limit the per-CPU error matters: count exactly. */
	if (dtc->wb_thresh < 2 * wb_stat_error()) {
		dtc->wb_reclaimable = wb_stat_sum(wb, WB_RECLAIMABLE);
		dtc->wb_writeback = wb_stat_sum(wb, WB_WRITEBACK);
	} else {
		dtc->wb_reclaimable = wb_stat(wb, WB_RECLAIMABLE);
		dtc->wb_writeback = wb_stat(wb, WB_WRITEBACK);
	}
	dtc->wb_dirty = dtc->wb_reclaimable + dtc->wb_writeback;
	dtc->wb_freerun = (dtc->wb_bg_thresh + dtc->wb_thresh) / 2;
	dtc->wb_setpoint = (dtc->wb_freerun + dtc->wb_thresh) / 2;
}

void wb_dirty_limits(struct bdi_writeback *wb, unsigned long *pwb_thresh,
		     unsigned long *pwb_bg_thresh)
{
	struct dirty_throttle_control dtc;

	dtc_global(&dtc);
	dtc_wb(&dtc, wb, READ_ONCE(writeback_policy));
	*pwb_thresh = dtc.wb_thresh;
	*pwb_bg_thresh = dtc.wb_bg_thresh;
}

bool wb_over_bg_thresh(struct bdi_writeback *wb)
{
	struct dirty_throttle_control dtc;
	int policy = READ_ONCE(writeback_policy);

	dtc_global(&dtc);
	if (dtc.nr_reclaimable > dtc.bg_thresh)
		return true;
	/*
	 * Under the bandwidth policy each wb also has its own background
	 * share: a slow device's pages must be written as soon as they
	 * exceed it, not only once the whole system is over its threshold.
	 */
	if (policy != WB_POLICY_BANDWIDTH)
		return false;
	dtc_wb(&dtc, wb, policy);
	return dtc.wb_reclaimable > dtc.wb_bg_thresh;
}

/* ------------------------------------------------------------ trace helpers */

static void trace_global_state(struct dirty_throttle_control *dtc)
{
	struct global_dirty_state_event e;

	if (!trace_global_dirty_state_enabled())
		return;
	e.dirty = dtc->nr_reclaimable;
	e.writeback = dtc->dirty - dtc->nr_reclaimable;
	e.background_thresh = dtc->bg_thresh;
	e.dirty_thresh = dtc->thresh;
	e.dirty_limit = dtc->limit;
	e.nr_dirtied = global_node_page_state(NR_DIRTIED);
	e.nr_written = global_node_page_state(NR_WRITTEN);
	trace_global_dirty_state(&e);
}

static void trace_bdp(struct bdi_writeback *wb, struct dirty_throttle_control *dtc,
		      unsigned long task_rate, unsigned int dirtied, unsigned long paused,
		      long pause, unsigned long period, long think)
{
	struct balance_dirty_pages_event e;

	if (!trace_balance_dirty_pages_enabled())
		return;
	e.bdi = wb->bdi->dev_name;
	e.limit = dtc->limit;
	e.setpoint = dtc->setpoint;
	e.dirty = dtc->dirty;
	e.bdi_setpoint = dtc->wb_setpoint;
	e.bdi_dirty = dtc->wb_dirty;
	e.dirty_ratelimit = KBps(READ_ONCE(wb->dirty_ratelimit));
	e.task_ratelimit = KBps(task_rate);
	e.dirtied = dirtied;
	e.dirtied_pause = current->nr_dirtied_pause;
	e.paused = jiffies_to_msecs(paused);
	e.pause = pause >= 0 ? (long)jiffies_to_msecs(pause) : -(long)jiffies_to_msecs(-pause);
	e.period = jiffies_to_msecs(period);
	e.think = think >= 0 ? (long)jiffies_to_msecs(think) : -(long)jiffies_to_msecs(-think);
	trace_balance_dirty_pages(&e);
}

/* ------------------------------------------------------------ global and bdi policies */

static void throttle_wait(void)
{
	__set_current_state(TASK_KILLABLE);
	io_schedule_timeout(LEGACY_THROTTLE_WAIT);
}

/*
 * global (2.6.23): while all dirty + writeback pages exceed the one
 * threshold, the dirtier writes a chunk of its own bdi's dirty pages and
 * otherwise waits 100 ms.  It never looks at how much of the excess is
 * its own device's: when slow devices hold the dirty memory, a writer to
 * a fast one writes its few pages and waits again and again - the
 * collapse 2.6.24 fixed, reproduced on purpose.
 */
static void balance_dirty_pages_global(struct bdi_writeback *wb)
{
	long write_chunk = min(READ_ONCE(ratelimit_pages) * 3 / 2, (6UL << 20) >> PAGE_SHIFT);
	unsigned long start = jiffies;
	long pages_written = 0;
	struct dirty_throttle_control dtc;

	for (;;) {
		dtc_global(&dtc);
		trace_global_state(&dtc);
		if (dtc.dirty <= dtc.thresh)
			break;
		if (!READ_ONCE(wb->dirty_exceeded))
			WRITE_ONCE(wb->dirty_exceeded, 1);
		if (dtc.nr_reclaimable) {
			pages_written += writeback_inodes_wb(wb, write_chunk, WB_REASON_BACKGROUND);
			dtc_global(&dtc);
			if (dtc.dirty <= dtc.thresh)
				break;
			if (pages_written >= write_chunk)
				break;		/* done its share */
		}
		if (fatal_signal_pending(current))
			break;
		dtc.wb_setpoint = 0;
		dtc.wb_dirty = wb_stat(wb, WB_RECLAIMABLE) + wb_stat(wb, WB_WRITEBACK);
		trace_bdp(wb, &dtc, 0, current->nr_dirtied, jiffies - start, LEGACY_THROTTLE_WAIT,
			  0, 0);
		throttle_wait();
	}
	if (dtc.dirty <= dtc.thresh && READ_ONCE(wb->dirty_exceeded))
		WRITE_ONCE(wb->dirty_exceeded, 0);
	if (dtc.nr_reclaimable > dtc.bg_thresh)
		wakeup_flusher_threads(WB_REASON_BACKGROUND);
}

/*
 * bdi (2.6.24): the wb's limit is its share of completions (min/max
 * ratio applied), clipped to what is free globally plus what it already
 * holds.  While the wb is over it - and the global count is over the
 * midpoint between background and hard threshold (2.6.24-rc3; not for
 * strict_limit bdis) - the dirtier writes a chunk of its own bdi's pages
 * and waits 100 ms.  2.6.24's per-task reduction for heavy dirtiers is
 * not implemented.
 */
static void balance_dirty_pages_bdi(struct bdi_writeback *wb)
{
	long write_chunk = min(READ_ONCE(ratelimit_pages) * 3 / 2, (6UL << 20) >> PAGE_SHIFT);
	bool strict = bdi_strictlimit(wb->bdi);
	unsigned long start = jiffies;
	long pages_written = 0;
	struct dirty_throttle_control dtc;

	for (;;) {
		unsigned long avail;

		dtc_global(&dtc);
		trace_global_state(&dtc);
		dtc_wb(&dtc, wb, WB_POLICY_BDI);
		avail = dtc.thresh > dtc.dirty ? dtc.thresh - dtc.dirty : 0;
		dtc.wb_thresh = min(dtc.wb_thresh, avail + dtc.wb_dirty);
		if (dtc.wb_dirty <= dtc.wb_thresh)
			break;
		if (!strict && dtc.dirty < dtc.freerun)
			break;		/* background writeback can still catch up */
		if (!READ_ONCE(wb->dirty_exceeded))
			WRITE_ONCE(wb->dirty_exceeded, 1);
		if (dtc.wb_reclaimable) {
			pages_written += writeback_inodes_wb(wb, write_chunk, WB_REASON_BACKGROUND);
			dtc_wb(&dtc, wb, WB_POLICY_BDI);
			dtc.wb_thresh = min(dtc.wb_thresh, avail + dtc.wb_dirty);
			if (dtc.wb_dirty <= dtc.wb_thresh)
				break;
			if (pages_written >= write_chunk)
				break;
		}
		if (fatal_signal_pending(current))
			break;
		trace_bdp(wb, &dtc, 0, current->nr_dirtied, jiffies - start, LEGACY_THROTTLE_WAIT,
			  0, 0);
		throttle_wait();
	}
	if (dtc.wb_dirty < dtc.wb_thresh && READ_ONCE(wb->dirty_exceeded))
		WRITE_ONCE(wb->dirty_exceeded, 0);
	if (writeback_in_progress(wb))
		return;
	if (dtc.nr_reclaimable > dtc.bg_thresh)
		wakeup_flusher_threads(WB_REASON_BACKGROUND);
}

/* ------------------------------------------------------------ bandwidth policy */

long pos_ratio_cubic(unsigned long setpoint, unsigned long dirty, unsigned long limit)
{
	const long one = 1L << RATELIMIT_CALC_SHIFT;
	long x, pos;

	if (limit <= setpoint)
		return dirty < limit ? 2 * one : 0;
	/* x = (setpoint - dirty) / (limit - setpoint), fixed point */
	x = (long)(((s64)setpoint - (s64)dirty) * one / (s64)(limit - setpoint));
	x = clamp(x, -2 * one, one);
	pos = x * x / one * x / one + one;
	return clamp(pos, 0L, 2 * one);
}

/* Pages to dirty before looking again, below the freerun point. */
static unsigned long dirty_poll_interval(unsigned long gap)
{
	return gap > 1 ? 1UL << (ilog2(gap) >> 1) : 1;
}

/*
 * The longest pause: the time the device needs for an eighth of the
 * wb's dirty pages, so its queue does not run dry while the dirtier
 * sleeps; within [MIN_PAUSE, MAX_PAUSE].
 */
static long wb_max_pause(unsigned long bw, unsigned long wb_dirty)
{
	long t = (long)((u64)wb_dirty * HZ / (8 * max(bw, 1UL)));

	return clamp(t, (long)MIN_PAUSE, (long)MAX_PAUSE);
}

/*
 * Pages a task at task_rate dirties until its next check: about
 * TARGET_PAUSE worth, but never more than 1/8 of the smaller limit
 * (limit8), so one interval cannot overshoot it.
 */
unsigned long task_pause_pages(unsigned long task_rate, long max_pause, unsigned long limit8)
{
	long t = min((long)TARGET_PAUSE, max_pause);
	unsigned long pages = task_rate * t / HZ;

	/* Too few pages per pause (a slow device): pause rarely and longer. */
	if (pages < DIRTY_POLL_THRESH)
		pages = task_rate * max_pause / HZ;
	pages = min(pages, limit8);
	return clamp(pages, RATELIMIT_EXCEEDED, RATELIMIT_MAX);
}

/*
 * bandwidth (the default): IO-less.  The flushers do all writing; a
 * dirtier only sleeps, long enough that it dirties at about
 * dirty_ratelimit x pos_ratio, where dirty_ratelimit is the wb's
 * write bandwidth shared by its dirtiers (estimated every
 * BANDWIDTH_INTERVAL, see dirty_ratelimit_next()) and pos_ratio (0..2)
 * falls as the wb's dirty
 * + writeback pages pass its setpoint towards its limit (and as the
 * global count passes the global setpoint towards the hard threshold).
 * The wb's limit is min(its proportional share, DIRTY_TIME_LIMIT_MS of
 * its bandwidth), so a slow device never holds more than a couple of
 * seconds of its own I/O, whatever the global state.  Returns after one
 * pause unless a hard limit is reached (pos_ratio 0).
 */
static void balance_dirty_pages_bandwidth(struct bdi_writeback *wb, unsigned int pages_dirtied)
{
	struct dirty_throttle_control dtc;
	unsigned long start = jiffies;

	for (;;) {
		unsigned long now = jiffies, task_rate, period = 0, bw, limit8;
		long gpos, wpos, pos, pause, max_pause, think = 0;

		dtc_global(&dtc);
		trace_global_state(&dtc);
		dtc_wb(&dtc, wb, WB_POLICY_BANDWIDTH);

		if ((dtc.nr_reclaimable > dtc.bg_thresh ||
		     dtc.wb_reclaimable > dtc.wb_bg_thresh) && !writeback_in_progress(wb))
			wb_start_background_writeback(wb);

		if (dtc.dirty <= dtc.freerun && dtc.wb_dirty <= dtc.wb_freerun) {
			wb_update_bandwidth(wb);
			current->dirty_paused_when = now;
			current->nr_dirtied = 0;
			current->nr_dirtied_pause =
				min(dirty_poll_interval(dtc.freerun - dtc.dirty),
				    dirty_poll_interval(dtc.wb_freerun - dtc.wb_dirty));
			break;
		}

		gpos = dtc.dirty <= dtc.freerun ? 2L << RATELIMIT_CALC_SHIFT :
			pos_ratio_cubic(dtc.setpoint, dtc.dirty, dtc.limit);
		wpos = dtc.wb_dirty <= dtc.wb_freerun ? 2L << RATELIMIT_CALC_SHIFT :
			pos_ratio_cubic(dtc.wb_setpoint, dtc.wb_dirty, dtc.wb_thresh);
		pos = min(gpos, wpos);
		__wb_update_bandwidth(wb, pos);

		WRITE_ONCE(wb->dirty_exceeded,
			   dtc.wb_dirty > dtc.wb_thresh || dtc.dirty > dtc.thresh);

		bw = max(READ_ONCE(wb->dirty_ratelimit), 1UL);
		task_rate = (unsigned long)((u64)bw * pos >> RATELIMIT_CALC_SHIFT);
		max_pause = wb_max_pause(READ_ONCE(wb->avg_write_bandwidth), dtc.wb_dirty);
		limit8 = min(dtc.wb_thresh, dtc.thresh) / 8;

		if (!task_rate) {
			pause = max_pause;	/* over a hard limit: wait, then look again */
		} else {
			period = (u64)HZ * pages_dirtied / task_rate;
			pause = period;
			if (current->dirty_paused_when) {
				think = now - current->dirty_paused_when;
				pause -= think;
			}
			if (pause < (long)MIN_PAUSE) {
				/* Behind schedule or only just due: no sleep now. */
				if (pause < -(long)HZ)
					current->dirty_paused_when = now;
				else if (period)
					current->dirty_paused_when += period;
				current->nr_dirtied = 0;
				current->nr_dirtied_pause = task_pause_pages(task_rate, max_pause,
									     limit8);
				trace_bdp(wb, &dtc, task_rate, pages_dirtied, now - start, pause,
					  period, think);
				break;
			}
			pause = min(pause, max_pause);
		}

		trace_bdp(wb, &dtc, task_rate, pages_dirtied, now - start, pause, period, think);
		__set_current_state(TASK_KILLABLE);
		io_schedule_timeout(pause);
		current->dirty_paused_when = jiffies;
		current->nr_dirtied = 0;
		current->nr_dirtied_pause = task_pause_pages(task_rate, max_pause, limit8);
		pages_dirtied = 0;

		if (task_rate || fatal_signal_pending(current))
			break;
		/*
		 * Over a hard limit.  If this wb holds (nearly) nothing, the
		 * excess is other devices' and waiting cannot end it sooner.
		 */
		if (dtc.wb_dirty <= wb_stat_error())
			break;
	}
}

/* ------------------------------------------------------------ entry */

void balance_dirty_pages_ratelimited(struct address_space *mapping)
{
	struct backing_dev_info *bdi = inode_to_bdi(mapping->host);
	struct bdi_writeback *wb = &bdi->wb;
	int policy = READ_ONCE(writeback_policy);
	unsigned long limit, *count;

	if (!(bdi->capabilities & BDI_CAP_WRITEBACK_ACCT))
		return;

	if (policy == WB_POLICY_BANDWIDTH) {
		int pause_pages = current->nr_dirtied_pause;

		if (pause_pages <= 0)
			pause_pages = DIRTY_POLL_THRESH;
		if (READ_ONCE(wb->dirty_exceeded))
			pause_pages = min(pause_pages, (int)((32 * 1024) >> PAGE_SHIFT));
		if (current->nr_dirtied < pause_pages)
			return;
		balance_dirty_pages_bandwidth(wb, current->nr_dirtied);
		return;
	}

	limit = READ_ONCE(wb->dirty_exceeded) ? RATELIMIT_EXCEEDED : READ_ONCE(ratelimit_pages);
	count = this_cpu_ptr(&bdp_ratelimits);
	if (++*count < limit)
		return;
	*count = 0;
	current->nr_dirtied = 0;
	if (policy == WB_POLICY_GLOBAL)
		balance_dirty_pages_global(wb);
	else
		balance_dirty_pages_bdi(wb);
	writeback_set_ratelimit();
}

/* ------------------------------------------------------------ sysctls */

static const char *const policy_names[NR_WB_POLICIES] = {
	[WB_POLICY_GLOBAL]	= "global",
	[WB_POLICY_BDI]		= "bdi",
	[WB_POLICY_BANDWIDTH]	= "bandwidth",
};

const char *writeback_policy_name(int policy)
{
	if (policy < 0 || policy >= NR_WB_POLICIES)
		return "?";
	return policy_names[policy];
}

int writeback_policy_parse(const char *s)
{
	size_t len = strlen(s);
	int i;

	while (len && (s[len - 1] == '\n' || s[len - 1] == ' '))
		len--;
	for (i = 0; i < NR_WB_POLICIES; i++)
		if (strlen(policy_names[i]) == len && !strncmp(s, policy_names[i], len))
			return i;
	return -EINVAL;
}

static int writeback_policy_handler(struct ctl_table *table, int write, void *buffer,
				    size_t *lenp, loff_t *ppos)
{
	char name[16];
	struct ctl_table t = {
		.data = name,
		.maxlen = sizeof(name),
	};
	int ret, policy;

	strscpy(name, writeback_policy_name(READ_ONCE(writeback_policy)), sizeof(name));
	if (!write)
		return proc_dostring(&t, 0, buffer, lenp, ppos);
	if (*ppos)
		return -EINVAL;		/* the whole name in one write */
	name[0] = '\0';
	ret = proc_dostring(&t, 1, buffer, lenp, ppos);
	if (ret)
		return ret;
	policy = writeback_policy_parse(name);
	if (policy < 0)
		return policy;
	/* Takes effect at each dirtier's next check. */
	WRITE_ONCE(writeback_policy, policy);
	return 0;
}

static int dirty_background_ratio_handler(struct ctl_table *table, int write, void *buffer,
					  size_t *lenp, loff_t *ppos)
{
	int ret = proc_dointvec_minmax(table, write, buffer, lenp, ppos);

	if (!ret && write)
		WRITE_ONCE(dirty_background_bytes, 0);
	return ret;
}

static int dirty_background_bytes_handler(struct ctl_table *table, int write, void *buffer,
					  size_t *lenp, loff_t *ppos)
{
	int ret = proc_doulongvec_minmax(table, write, buffer, lenp, ppos);

	if (!ret && write)
		WRITE_ONCE(dirty_background_ratio, 0);
	return ret;
}

static int dirty_ratio_handler(struct ctl_table *table, int write, void *buffer,
			       size_t *lenp, loff_t *ppos)
{
	int old = vm_dirty_ratio;
	int ret = proc_dointvec_minmax(table, write, buffer, lenp, ppos);

	if (!ret && write && vm_dirty_ratio != old) {
		WRITE_ONCE(vm_dirty_bytes, 0);
		writeback_set_ratelimit();
	}
	return ret;
}

static int dirty_bytes_handler(struct ctl_table *table, int write, void *buffer,
			       size_t *lenp, loff_t *ppos)
{
	unsigned long old = vm_dirty_bytes;
	int ret = proc_doulongvec_minmax(table, write, buffer, lenp, ppos);

	if (!ret && write && vm_dirty_bytes != old) {
		WRITE_ONCE(vm_dirty_ratio, 0);
		writeback_set_ratelimit();
	}
	return ret;
}

static int dirty_writeback_centisecs_handler(struct ctl_table *table, int write,
					     void *buffer, size_t *lenp, loff_t *ppos)
{
	unsigned int old = dirty_writeback_interval;
	int ret = proc_douintvec(table, write, buffer, lenp, ppos);

	/* A new period (or periodic writeback switched back on) starts now. */
	if (!ret && write && dirty_writeback_interval && dirty_writeback_interval != old)
		wakeup_flusher_threads(WB_REASON_PERIODIC);
	return ret;
}

/*
 * A vm.* knob backed by a variable of ours; lo and hi are the bounds the
 * handler enforces (NULL: unbounded on that side).
 */
#define VM_DIRTY_KNOB(knob, var, handler, lo, hi) {			\
	.procname = (knob), .data = &(var), .maxlen = sizeof(var),	\
	.mode = 0644, .proc_handler = (handler),			\
	.extra1 = (lo), .extra2 = (hi),					\
}

static struct ctl_table vm_dirty_table[] = {
	VM_DIRTY_KNOB("dirty_background_ratio", dirty_background_ratio,
		      dirty_background_ratio_handler, SYSCTL_ZERO, SYSCTL_ONE_HUNDRED),
	VM_DIRTY_KNOB("dirty_background_bytes", dirty_background_bytes,
		      dirty_background_bytes_handler, &dirty_background_bytes_min, NULL),
	VM_DIRTY_KNOB("dirty_ratio", vm_dirty_ratio,
		      dirty_ratio_handler, SYSCTL_ZERO, SYSCTL_ONE_HUNDRED),
	VM_DIRTY_KNOB("dirty_bytes", vm_dirty_bytes,
		      dirty_bytes_handler, &dirty_bytes_min, NULL),
	VM_DIRTY_KNOB("dirty_writeback_centisecs", dirty_writeback_interval,
		      dirty_writeback_centisecs_handler, NULL, NULL),
	VM_DIRTY_KNOB("dirty_expire_centisecs", dirty_expire_interval,
		      proc_douintvec, NULL, NULL),
	/* A string knob: the handler formats and parses the policy name. */
	{
		.procname	= "writeback_policy",
		.maxlen		= 16,
		.mode		= 0644,
		.proc_handler	= writeback_policy_handler,
	},
	{ }
};

/* Before any disk exists: completions may be counted from then on. */
static int __init writeout_completions_init(void)
{
	bw_period = roundup_pow_of_two(3 * HZ);
	if (fprop_global_init(&writeout_completions, GFP_KERNEL))
		panic("writeback: no memory for the completion proportions");
	timer_setup(&writeout_period_timer, writeout_period, 0);
	return 0;
}
postcore_initcall(writeout_completions_init);

static int __init page_writeback_init(void)
{
	writeback_set_ratelimit();
	if (!register_sysctl("vm", vm_dirty_table))
		pr_err("writeback: cannot register the vm.dirty_* sysctls\n");
	return 0;
}
subsys_initcall(page_writeback_init);
