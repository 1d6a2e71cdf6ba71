// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self test of the trace ring and the writeback events: enable an event,
 * emit it, read the line back through the ring API (the format of
 * Linux's trace file), disable it and check that nothing more is stored.
 * Saves and restores the user-visible state it touches.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/slab.h>
#include <linux/selftest.h>
#include <trace/events/writeback.h>
#include "trace.h"

static int trace_selftest(void)
{
	struct balance_dirty_pages_event e = {
		.bdi = "253:0", .limit = 1000, .setpoint = 750, .dirty = 800,
		.bdi_setpoint = 700, .bdi_dirty = 790, .dirty_ratelimit = 2048,
		.task_ratelimit = 1024, .dirtied = 32, .dirtied_pause = 32,
		.paused = 0, .pause = -4, .period = 12, .think = 8,
	};
	struct global_dirty_state_event g = {
		.dirty = 1, .writeback = 2, .background_thresh = 3, .dirty_thresh = 4,
		.dirty_limit = 5, .nr_dirtied = 6, .nr_written = 7,
	};
	struct bdi_dirty_ratelimit_event r = {
		.bdi = "254:16", .write_bw = 40000, .avg_write_bw = 39000, .dirty_rate = 41000,
		.dirty_ratelimit = 19000, .task_ratelimit = 18500, .balanced_dirty_ratelimit = 19500,
	};
	u64 first, next, written, next2;
	int saved_on = tracing_on, n, ret = 0;
	char *line = kmalloc(TRACE_SLOT, GFP_KERNEL);

	ST_ASSERT(line, "kmalloc");
	ST_ASSERT(!trace_balance_dirty_pages_enabled() && !trace_global_dirty_state_enabled() &&
		  !trace_bdi_dirty_ratelimit_enabled(), "events start disabled");
	ST_ASSERT(trace_ring_prepare() == 0, "ring allocated");
	tracing_on = 1;
	trace_ring_reset();

	WRITE_ONCE(trace_event_balance_dirty_pages_on, 1);
	WRITE_ONCE(trace_event_global_dirty_state_on, 1);
	WRITE_ONCE(trace_event_bdi_dirty_ratelimit_on, 1);
	if (trace_balance_dirty_pages_enabled())
		trace_balance_dirty_pages(&e);
	if (trace_global_dirty_state_enabled())
		trace_global_dirty_state(&g);
	if (trace_bdi_dirty_ratelimit_enabled())
		trace_bdi_dirty_ratelimit(&r);
	trace_ring_bounds(&first, &next, &written);
	if (next - first != 3 || written != 3) {
		pr_err("# ring holds %llu, written %llu\n", next - first, written);
		ret = -EINVAL;
		goto out;
	}
	n = trace_ring_copy(first, line, TRACE_SLOT, false);
	if (n < 0 || (!strstr(line, "] ..... ") && !strstr(line, "] d.... ")) ||
	    !strstr(line, ": balance_dirty_pages: bdi 253:0: limit=1000 setpoint=750 dirty=800 bdi_setpoint=700 bdi_dirty=790 dirty_ratelimit=2048 task_ratelimit=1024 dirtied=32 dirtied_pause=32 paused=0 pause=-4 period=12 think=8 cgroup_ino=1\n")) {
		pr_err("# bad line: %s\n", n < 0 ? "(none)" : line);
		ret = -EINVAL;
		goto out;
	}
	/* The comm is right-aligned in 16 columns, then "-pid". */
	if (line[16] != '-') {
		pr_err("# bad prefix: %s\n", line);
		ret = -EINVAL;
		goto out;
	}
	n = trace_ring_pop(line, TRACE_SLOT);	/* consuming: the first goes */
	n = trace_ring_pop(line, TRACE_SLOT);
	if (n < 0 || !strstr(line, ": global_dirty_state: dirty=1 writeback=2 background_thresh=3 dirty_thresh=4 dirty_limit=5 nr_dirtied=6 nr_written=7\n")) {
		pr_err("# bad line: %s\n", n < 0 ? "(none)" : line);
		ret = -EINVAL;
		goto out;
	}
	n = trace_ring_pop(line, TRACE_SLOT);
	if (n < 0 || !strstr(line, ": bdi_dirty_ratelimit: bdi 254:16: write_bw=40000 awrite_bw=39000 dirty_rate=41000 dirty_ratelimit=19000 task_ratelimit=18500 balanced_dirty_ratelimit=19500 cgroup_ino=1\n")) {
		pr_err("# bad line: %s\n", n < 0 ? "(none)" : line);
		ret = -EINVAL;
		goto out;
	}
	if (trace_ring_pop(line, TRACE_SLOT) != -EAGAIN) {
		pr_err("# ring not empty after three pops\n");
		ret = -EINVAL;
		goto out;
	}

	/* Disabled: the guarded calls store nothing, nor do direct ones. */
	WRITE_ONCE(trace_event_balance_dirty_pages_on, 0);
	WRITE_ONCE(trace_event_global_dirty_state_on, 0);
	WRITE_ONCE(trace_event_bdi_dirty_ratelimit_on, 0);
	trace_ring_bounds(&first, &next, &written);
	if (trace_balance_dirty_pages_enabled())
		trace_balance_dirty_pages(&e);
	trace_balance_dirty_pages(&e);
	trace_global_dirty_state(&g);
	trace_bdi_dirty_ratelimit(&r);
	trace_ring_bounds(&first, &next2, &written);
	if (next2 != next) {
		pr_err("# %llu records stored while disabled\n", next2 - next);
		ret = -EINVAL;
	}
out:
	WRITE_ONCE(trace_event_balance_dirty_pages_on, 0);
	WRITE_ONCE(trace_event_global_dirty_state_on, 0);
	WRITE_ONCE(trace_event_bdi_dirty_ratelimit_on, 0);
	tracing_on = saved_on;
	trace_ring_reset();
	kfree(line);
	return ret;
}
DEFINE_SELFTEST("trace: writeback events through the ring", trace_selftest);
