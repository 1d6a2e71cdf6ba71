// SPDX-License-Identifier: GPL-2.0-only
/*
 * Dirty limits: how much page cache may be dirty, and how it is shared
 * between backing devices.  The pieces around it:
 *   mm/dirty-bandwidth.c  each wb's write bandwidth and dirty rate
 *   mm/dirty-policy.c     the three throttling policies
 *   mm/dirty-sysctl.c     vm.dirty_* and vm.writeback_policy
 *
 *   global_dirty_limits(&bg, &thresh)   the vm.dirty_* thresholds, pages
 *   wb_calc_thresh(wb, thresh)          a wb's share of thresh: its share
 *                                       of recent writeback completions,
 *                                       min_ratio reserved, max_ratio cap
 *   wb_dirty_limits(wb, &th, &bg)       the wb's limit under the active
 *                                       policy (what the stats file shows)
 *   wb_over_bg_thresh(wb)               flusher: keep writing in background?
 *   wb_writeout_inc(wb)                 a page finished writeback
 *   balance_dirty_pages_ratelimited(mapping)  after dirtying a page: hands
 *                                       over to the active policy
 *
 * Proportions.  Every page that finishes writeback is an event of its
 * wb in the global floating proportion writeout_completions; a timer
 * halves the history every VM_COMPLETIONS_PERIOD_LEN while completions
 * keep coming (and stops when they stop), so a device that writes more
 * gets a bigger share and an idle one's share decays.
 *
 * Locking: the tunables are read with READ_ONCE and may change at any
 * time.  Counters and proportions are per-CPU and safe from any context.
 * The aging timer is the only writer of the global proportion's period.
 */
#include <linux/kernel.h>
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
#include <linux/flex_proportions.h>
#include <linux/panic.h>
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

/* See RATELIMIT_MIN in dirty-throttle.h. */
unsigned long ratelimit_pages = 32;
static DEFINE_PER_CPU(unsigned long, bdp_ratelimits);

/* ------------------------------------------------------------ global limits */

/**
 * global_dirtyable_memory() - memory the dirty ratios are percentages of
 *
 * Free pages minus the allocator's reserve, plus the file pages on the
 * LRU lists (they can be written or reclaimed).
 *
 * Context: any context; lockless counter reads.
 * Return: that amount in pages, never 0.
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

/**
 * dirty_limits_calc() - turn the vm.dirty_* settings into thresholds
 * @available: dirtyable memory in pages
 * @ratio: vm.dirty_ratio, percent of @available
 * @bytes: vm.dirty_bytes; when non-zero it is used instead of @ratio
 * @bg_ratio: vm.dirty_background_ratio
 * @bg_bytes: vm.dirty_background_bytes; when non-zero, instead of @bg_ratio
 * @pbackground: set to the background threshold in pages
 * @pdirty: set to the throttling threshold in pages
 *
 * The arithmetic alone, kept apart so it can be tested.  A background
 * threshold that is not below the throttling one is cut to half of it.
 *
 * Context: any context; pure computation.
 */
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

/**
 * global_dirty_limits() - the system's dirty thresholds now
 * @pbackground: set to the background threshold, in pages
 * @pdirty: set to the throttling threshold, in pages
 *
 * dirty_limits_calc() on global_dirtyable_memory() with the current
 * vm.dirty_* settings.  The results move with free memory.
 *
 * Context: any context; lockless reads.
 */
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

/**
 * writeback_set_ratelimit() - recompute how often dirtiers are checked
 *
 * Sets ratelimit_pages, the pages a CPU may dirty between two checks
 * under the global and bdi policies, to the dirty threshold spread over
 * the online CPUs (divided by 32 per CPU), within fixed bounds.  Called
 * when the tunables change and after each check.
 *
 * Context: any context; lockless.
 */
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

/**
 * wb_writeout_inc() - record that one page of a wb finished writeback
 * @wb: the bdi_writeback
 *
 * Counts WB_WRITTEN and adds a completion event to @wb's proportion (held
 * under max_ratio), starts the aging timer if it was idle, and queues a
 * bandwidth refresh when the estimate is older than BANDWIDTH_INTERVAL.
 *
 * Context: any context, hard interrupts included; does not sleep.
 */
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

/**
 * wb_calc_thresh() - a wb's share of a dirty threshold
 * @wb: the bdi_writeback
 * @thresh: the threshold to share out, in pages
 *
 * The share follows @wb's part of recent writeback completions (a
 * floating proportion that decays while the device is idle).  The
 * min_ratio reservations of all bdis come off the top and @wb's own is
 * added back; the result is capped at max_ratio percent of @thresh.
 *
 * Context: any context; per-CPU proportions, no locks.
 * Return: @wb's share in pages.
 */
unsigned long wb_calc_thresh(struct bdi_writeback *wb, unsigned long thresh)
{
	struct backing_dev_info *bdi = wb->bdi;
	unsigned long num, den;

	fprop_fraction_percpu(&writeout_completions, &wb->completions, &num, &den);
	return wb_share_of(thresh, num, den, READ_ONCE(bdi->min_ratio), bdi_min_ratio_sum(),
			   READ_ONCE(bdi->max_ratio));
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

/*
 * Global dirty pages counted against the thresholds: dirty page-cache
 * pages and NFS pages written UNSTABLE but not yet committed (the server
 * may still lose them; Linux counted them the same way).
 */
static unsigned long global_dirty_pages(void)
{
	return global_node_page_state(NR_FILE_DIRTY) +
	       global_node_page_state(NR_UNSTABLE_NFS);
}

/* Fill dtc's global part. */
void dtc_global(struct dirty_throttle_control *dtc)
{
	global_dirty_limits(&dtc->bg_thresh, &dtc->thresh);
	dtc->nr_reclaimable = global_dirty_pages();
	dtc->dirty = dtc->nr_reclaimable + global_node_page_state(NR_WRITEBACK);
	dtc->freerun = (dtc->thresh + dtc->bg_thresh) / 2;
	dtc->limit = dtc->thresh;
	dtc->setpoint = (dtc->freerun + dtc->limit) / 2;
}

/* Fill dtc's wb part for policy: limit, background share, counts. */
void dtc_wb(struct dirty_throttle_control *dtc, struct bdi_writeback *wb, int policy)
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

/**
 * wb_dirty_limits() - a wb's dirty limit under the active policy
 * @wb: the bdi_writeback
 * @pwb_thresh: set to the limit in pages
 * @pwb_bg_thresh: set to the background share in pages
 *
 * The bandwidth policy bounds the share by seconds of the device's
 * measured bandwidth and lets a device with no share yet start with an
 * eighth of the room left; the global and bdi policies use the plain
 * share (wb_calc_thresh()).  The background share scales the limit as
 * the global background threshold scales the global one.
 *
 * Context: process context; does not sleep.
 */
void wb_dirty_limits(struct bdi_writeback *wb, unsigned long *pwb_thresh,
		     unsigned long *pwb_bg_thresh)
{
	struct dirty_throttle_control dtc;

	dtc_global(&dtc);
	dtc_wb(&dtc, wb, READ_ONCE(writeback_policy));
	*pwb_thresh = dtc.wb_thresh;
	*pwb_bg_thresh = dtc.wb_bg_thresh;
}

/**
 * wb_over_bg_thresh() - should the flusher keep writing in the background?
 * @wb: the bdi_writeback
 *
 * True while the system's dirty pages exceed the background threshold; under
 * the bandwidth policy also while @wb's own dirty pages exceed its share of
 * that threshold.
 *
 * Context: process context; does not sleep (for a small share the exact
 * per-CPU sum is read under the counter's lock).
 * Return: true if background writeback of @wb should go on.
 */
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

/* ------------------------------------------------------------ entry */

/**
 * balance_dirty_pages_ratelimited() - throttle a task that dirtied pages
 * @mapping: the mapping just dirtied
 *
 * Called after each page a write() dirties.  Does nothing for a bdi that
 * does not account dirty pages.  Under the bandwidth policy the task is
 * checked after it dirtied its own allowance (nr_dirtied_pause, smaller
 * while the wb is over its limit) and may be paused for a time computed
 * from the device's bandwidth; under the global and bdi policies a per-CPU
 * count lets most calls through and the rest may write pages themselves
 * (writeback_inodes_wb()) and sleep until the dirty count is below the
 * limit.
 *
 * Context: process context; may sleep (io_schedule_timeout(), writing
 * pages).  The caller must hold no page locks or spinlocks; i_rwsem may
 * be held.
 */
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

/* Before any disk exists: completions may be counted from then on. */
static int __init writeout_completions_init(void)
{
	dirty_bandwidth_init();
	if (fprop_global_init(&writeout_completions, GFP_KERNEL))
		panic("writeback: no memory for the completion proportions");
	timer_setup(&writeout_period_timer, writeout_period, 0);
	return 0;
}
postcore_initcall(writeout_completions_init);
