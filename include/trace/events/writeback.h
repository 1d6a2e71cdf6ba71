/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Writeback trace events (kernel/trace/): the balance_dirty_pages
 * throttling event with the fields of Linux's writeback:balance_dirty_pages
 * tracepoint, the global dirty state, and bdi_dirty_ratelimit (each step
 * of a wb's base rate).  Off by default; a user turns
 * an event on and reads the log exactly as on Linux:
 *
 *   mount -t debugfs none /sys/kernel/debug        (or tracefs at /sys/kernel/tracing)
 *   echo 1 > /sys/kernel/debug/tracing/events/writeback/balance_dirty_pages/enable
 *   cat /sys/kernel/debug/tracing/trace            (or trace_pipe: consuming, blocks)
 *
 * Each record is one line in Linux's trace format:
 *   "  <comm>-<pid>  [<cpu>] .....  <sec>.<usec>: balance_dirty_pages: bdi 253:0: limit=..."
 *
 * Callers fill the event and call trace_balance_dirty_pages() only when
 * trace_balance_dirty_pages_enabled() is true (a READ_ONCE of a flag), so
 * a disabled event costs one load.  Safe from any context that may take
 * a spinlock with interrupts off.
 */
#ifndef _TRACE_EVENTS_WRITEBACK_H
#define _TRACE_EVENTS_WRITEBACK_H

#include <linux/types.h>
#include <linux/compiler.h>

/*
 * Units as in Linux: limit..bdi_dirty in pages, ratelimits in KB/s,
 * paused/pause/period/think in milliseconds (pause may be negative:
 * the task is behind its schedule).
 */
struct balance_dirty_pages_event {
	const char *bdi;		/* dev_name of the bdi, "253:0" */
	unsigned long limit;		/* global hard limit (freerun .. limit) */
	unsigned long setpoint;		/* global setpoint */
	unsigned long dirty;		/* global dirty + writeback */
	unsigned long bdi_setpoint;
	unsigned long bdi_dirty;	/* this bdi's dirty + writeback */
	unsigned long dirty_ratelimit;	/* the bdi's base rate */
	unsigned long task_ratelimit;	/* this task's rate now */
	unsigned int dirtied;		/* pages dirtied since the last pause */
	unsigned int dirtied_pause;	/* the task's nr_dirtied_pause */
	unsigned long paused;		/* already slept in this call */
	long pause;			/* about to sleep */
	unsigned long period;		/* dirtied pages / task_ratelimit */
	long think;			/* time since the last pause ended */
};

/* global_dirty_state: "dirty=.. writeback=.. background_thresh=.. dirty_thresh=.. dirty_limit=.. dirtied=.. written=.." */
struct global_dirty_state_event {
	unsigned long dirty;
	unsigned long writeback;
	unsigned long background_thresh;
	unsigned long dirty_thresh;
	unsigned long dirty_limit;
	unsigned long nr_dirtied;
	unsigned long nr_written;
};

/*
 * bdi_dirty_ratelimit: "bdi 253:0: write_bw=.. awrite_bw=.. dirty_rate=..
 * dirty_ratelimit=.. task_ratelimit=.. balanced_dirty_ratelimit=..", all
 * KB/s: the wb's bandwidth estimates, how fast its pages were dirtied in
 * the last interval, its new base rate, the rate the throttled task that
 * stepped it was held to, and the balanced rate it stepped towards.
 */
struct bdi_dirty_ratelimit_event {
	const char *bdi;
	unsigned long write_bw;
	unsigned long avg_write_bw;
	unsigned long dirty_rate;
	unsigned long dirty_ratelimit;
	unsigned long task_ratelimit;
	unsigned long balanced_dirty_ratelimit;
};

extern int trace_event_balance_dirty_pages_on;
extern int trace_event_global_dirty_state_on;
extern int trace_event_bdi_dirty_ratelimit_on;

static inline bool trace_balance_dirty_pages_enabled(void)
{
	return READ_ONCE(trace_event_balance_dirty_pages_on);
}
static inline bool trace_global_dirty_state_enabled(void)
{
	return READ_ONCE(trace_event_global_dirty_state_on);
}
static inline bool trace_bdi_dirty_ratelimit_enabled(void)
{
	return READ_ONCE(trace_event_bdi_dirty_ratelimit_on);
}
void trace_balance_dirty_pages(const struct balance_dirty_pages_event *e);
void trace_bdi_dirty_ratelimit(const struct bdi_dirty_ratelimit_event *e);
void trace_global_dirty_state(const struct global_dirty_state_event *e);

#endif /* _TRACE_EVENTS_WRITEBACK_H */
