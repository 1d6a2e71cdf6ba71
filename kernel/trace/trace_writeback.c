// SPDX-License-Identifier: GPL-2.0-only
/*
 * The writeback trace events (<trace/events/writeback.h>): each formats
 * its fields the way Linux's writeback:balance_dirty_pages,
 * writeback:global_dirty_state and writeback:bdi_dirty_ratelimit
 * tracepoints print them and stores the
 * line in the trace ring (trace.c).  The *_on flags are set through
 * tracing/events/writeback/.../enable (trace_files.c); both are off at
 * boot.  Callable from any context that may take an irq-safe spinlock.
 */
#include <linux/kernel.h>
#include <trace/events/writeback.h>
#include "trace.h"

int trace_event_balance_dirty_pages_on;
int trace_event_global_dirty_state_on;
int trace_event_bdi_dirty_ratelimit_on;

void trace_balance_dirty_pages(const struct balance_dirty_pages_event *e)
{
	if (!trace_balance_dirty_pages_enabled())
		return;
	/* Linux's kernel has cgroup writeback; without cgroups the root's ino is 1. */
	trace_ring_printf("balance_dirty_pages",
			  "bdi %s: limit=%lu setpoint=%lu dirty=%lu bdi_setpoint=%lu bdi_dirty=%lu dirty_ratelimit=%lu task_ratelimit=%lu dirtied=%u dirtied_pause=%u paused=%lu pause=%ld period=%lu think=%ld cgroup_ino=1",
			  e->bdi ? e->bdi : "(unknown)", e->limit, e->setpoint, e->dirty,
			  e->bdi_setpoint, e->bdi_dirty, e->dirty_ratelimit, e->task_ratelimit,
			  e->dirtied, e->dirtied_pause, e->paused, e->pause, e->period, e->think);
}

void trace_global_dirty_state(const struct global_dirty_state_event *e)
{
	if (!trace_global_dirty_state_enabled())
		return;
	trace_ring_printf("global_dirty_state",
			  "dirty=%lu writeback=%lu background_thresh=%lu dirty_thresh=%lu dirty_limit=%lu nr_dirtied=%lu nr_written=%lu",
			  e->dirty, e->writeback, e->background_thresh, e->dirty_thresh,
			  e->dirty_limit, e->nr_dirtied, e->nr_written);
}

void trace_bdi_dirty_ratelimit(const struct bdi_dirty_ratelimit_event *e)
{
	if (!trace_bdi_dirty_ratelimit_enabled())
		return;
	trace_ring_printf("bdi_dirty_ratelimit",
			  "bdi %s: write_bw=%lu awrite_bw=%lu dirty_rate=%lu dirty_ratelimit=%lu task_ratelimit=%lu balanced_dirty_ratelimit=%lu cgroup_ino=1",
			  e->bdi ? e->bdi : "(unknown)", e->write_bw, e->avg_write_bw, e->dirty_rate,
			  e->dirty_ratelimit, e->task_ratelimit, e->balanced_dirty_ratelimit);
}
