/* SPDX-License-Identifier: GPL-2.0-only */
/*
 Internals shared by mm/dirty-throttle.c, dirty-bandwidth.c,
 * dirty-policy.c, dirty-sysctl.c and the self tests: the tunable
 * constants of the throttling policies, the pure arithmetic pieces and
 * the calls between the files.  The arithmetic computes on its arguments
 * only (wb_update_write_bandwidth() writes the wb it is given; callers
 * hold wb->bw_lock or own the wb).
 */
#ifndef _MM_DIRTY_THROTTLE_H
#define _MM_DIRTY_THROTTLE_H

#include <linux/types.h>
#include <linux/jiffies.h>
#include <linux/backing-dev-defs.h>

/* Proportions of completions are halved every 3 s (Linux's period). */
#define VM_COMPLETIONS_PERIOD_LEN	(3 * HZ)
/* Bandwidth is re-estimated at most this often (200 ms). */
#define BANDWIDTH_INTERVAL	max(HZ / 5, 1)
/* Before any measurement: 100 MB/s, in pages/s. */
#define INIT_BW			((100UL << 20) >> PAGE_SHIFT)

/*
 * bandwidth policy: a wb holds at most this much time of its measured
 * write bandwidth dirty + under writeback; never less than WB_MIN_LIMIT
 * (so its I/O can get going); WB_UNMEASURED_LIMIT until the first
 * measurement of a device.
 */
#define DIRTY_TIME_LIMIT_MS	2000
#define WB_MIN_LIMIT		((2UL << 20) >> PAGE_SHIFT)
#define WB_UNMEASURED_LIMIT	((4UL << 20) >> PAGE_SHIFT)

/* Pauses: at most 200 ms; a pause shorter than MIN_PAUSE is not taken. */
#define MAX_PAUSE		max(HZ / 5, 1)
#define MIN_PAUSE		max(HZ / 100, 1)
/* What a dirtier aims to sleep each time (Linux: 10-20 ms). */
#define TARGET_PAUSE		max(HZ / 50, 1)
/* Fewer pages per pause than this: pause less often, for longer. */
#define DIRTY_POLL_THRESH	(128 >> (PAGE_SHIFT - 10))

/* pos_ratio fixed point: 1 << RATELIMIT_CALC_SHIFT is 1.0. */
#define RATELIMIT_CALC_SHIFT	10

/*
 * global and bdi policies: a dirtier checks the limits after
 * ratelimit_pages pages (per CPU); RATELIMIT_EXCEEDED while its bdi's
 * limit is exceeded.  1/32 of each CPU's share of the threshold, within
 * [RATELIMIT_MIN, RATELIMIT_MAX] - the 2.6.24 sizing.  Their write_chunk
 * is 1.5 times this.
 */
#define RATELIMIT_MIN		16UL
#define RATELIMIT_MAX		((4UL << 20) >> PAGE_SHIFT)
#define RATELIMIT_EXCEEDED	8UL
extern unsigned long ratelimit_pages;

/* global and bdi policies: congestion_wait()-style sleep between rounds. */
#define LEGACY_THROTTLE_WAIT	(HZ / 10)

#define KBps(pages)		((pages) << (PAGE_SHIFT - 10))

/* One look at the global and one wb's dirty state (pages). */
struct dirty_throttle_control {
	unsigned long thresh, bg_thresh;	/* global thresholds */
	unsigned long freerun, setpoint, limit;
	unsigned long dirty;			/* global dirty + writeback */
	unsigned long nr_reclaimable;		/* global dirty */
	unsigned long wb_thresh, wb_bg_thresh;	/* the wb's, per policy */
	unsigned long wb_freerun, wb_setpoint;
	unsigned long wb_dirty;			/* the wb's dirty + writeback */
	unsigned long wb_reclaimable, wb_writeback;
};

/* The next base rate of a wb's dirtiers, from the last interval's rates (pages/s). */
unsigned long dirty_ratelimit_next(unsigned long rate, unsigned long task_ratelimit,
				   unsigned long write_bw, unsigned long dirty_rate,
				   unsigned long *balanced);

/* Share of thresh for num/den of the completions (Linux's min/max rules). */
unsigned long wb_share_of(unsigned long thresh, unsigned long num, unsigned long den,
			  unsigned int min_ratio, unsigned int min_ratio_sum,
			  unsigned int max_ratio);
/* Time bound of the bandwidth policy, pages. */
unsigned long wb_time_limit(unsigned long avg_bw, bool measured);
/* The bandwidth policy's wb limit from its share and time bound. */
unsigned long wb_bandwidth_limit(unsigned long share, unsigned long thresh,
				 unsigned long dirty, unsigned int max_ratio, bool strict,
				 unsigned long time_limit);
/* One estimator step: written pages over elapsed jiffies of busy time. */
void wb_update_write_bandwidth(struct bdi_writeback *wb, unsigned long elapsed,
			       unsigned long written);
/* 1 + ((setpoint - dirty) / (limit - setpoint))^3 in [0, 2], fixed point. */
long pos_ratio_cubic(unsigned long setpoint, unsigned long dirty, unsigned long limit);
unsigned long task_pause_pages(unsigned long task_rate, long max_pause, unsigned long limit8);

/* dirty-throttle.c: fill dtc's global part, then its wb part for policy. */
void dtc_global(struct dirty_throttle_control *dtc);
void dtc_wb(struct dirty_throttle_control *dtc, struct bdi_writeback *wb, int policy);

/* dirty-policy.c: one throttling round of each policy. */
void balance_dirty_pages_global(struct bdi_writeback *wb);
void balance_dirty_pages_bdi(struct bdi_writeback *wb);
void balance_dirty_pages_bandwidth(struct bdi_writeback *wb, unsigned int pages_dirtied);

/*
 * dirty-bandwidth.c: refresh wb's estimate; pos >= 0 (a throttled
 * dirtier's position ratio) also steps the base rate.  The init sets the
 * estimator's period, before the first disk.
 */
void __wb_update_bandwidth(struct bdi_writeback *wb, long pos);
void dirty_bandwidth_init(void);

/* Sum of the min_ratio of all registered bdis (mm/backing-dev.c). */
unsigned int bdi_min_ratio_sum(void);

#endif /* _MM_DIRTY_THROTTLE_H */
