// SPDX-License-Identifier: GPL-2.0-only
/*
 * The dirty throttling policies, chosen by vm.writeback_policy and
 * entered from balance_dirty_pages_ratelimited() (mm/dirty-throttle.c):
 *   global     one global limit; the dirtier writes its own pages (2.6.23)
 *   bdi        per-bdi limits from completion proportions (2.6.24)
 *   bandwidth  IO-less: dirtiers sleep to the wb's rate (the default)
 * See Documentation/mm/writeback.md.
 *
 * Locking: none of their own; they read the limits and counters (per-CPU,
 * READ_ONCE) and sleep killably in process context.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/jiffies.h>
#include <linux/log2.h>
#include <linux/vmstat.h>
#include <linux/fs.h>
#include <linux/backing-dev.h>
#include <linux/writeback.h>
#include <trace/events/writeback.h>
#include "dirty-throttle.h"

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
void balance_dirty_pages_global(struct bdi_writeback *wb)
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
void balance_dirty_pages_bdi(struct bdi_writeback *wb)
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
void balance_dirty_pages_bandwidth(struct bdi_writeback *wb, unsigned int pages_dirtied)
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
