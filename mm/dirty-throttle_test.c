// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of mm/dirty-throttle.c (CONFIG_SELFTESTS), all on synthetic
 * inputs, no timing: a wb's share of the threshold with min_ratio and
 * max_ratio; the bandwidth policy's limit (share, time bound, floor,
 * strict_limit); proportions moving toward the wb that completes more
 * (two private, unregistered bdis); the bandwidth estimator's warm-up,
 * smoothing and spike filter; the position curve; vm.writeback_policy
 * parsing and refusing through /proc/sys/vm.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/mm.h>
#include <linux/writeback.h>
#include <linux/backing-dev.h>
#include <linux/slab.h>
#include <linux/selftest.h>
#include <uapi/linux/fcntl.h>
#include "../fs/vfs_selftest.h"
#include "dirty-throttle.h"

static int wb_share_test(void)
{
	/* Half the completions, no reservations: half the threshold. */
	ST_ASSERT(wb_share_of(1000, 1, 2, 0, 0, 100) == 500, "plain");
	/* 30% reserved in all, 10% of it ours: 700 * 1/2 + 100. */
	ST_ASSERT(wb_share_of(1000, 1, 2, 10, 30, 100) == 450, "min_ratio");
	/* No completions: only the reservation. */
	ST_ASSERT(wb_share_of(1000, 0, 7, 10, 30, 100) == 100, "min_ratio, idle");
	/* max_ratio caps. */
	ST_ASSERT(wb_share_of(1000, 9, 10, 0, 0, 20) == 200, "max_ratio");
	/* A numerator above the denominator (per-CPU error) is clamped. */
	ST_ASSERT(wb_share_of(1000, 12, 10, 0, 0, 100) == 1000, "clamped");
	return 0;
}
DEFINE_SELFTEST("dirty-throttle: wb share with min_ratio and max_ratio", wb_share_test);

static int wb_limit_test(void)
{
	unsigned long big = 1UL << 30;

	/* The time bound: DIRTY_TIME_LIMIT_MS of bandwidth, floor, unmeasured. */
	ST_ASSERT(wb_time_limit(25600, true) == 25600 * DIRTY_TIME_LIMIT_MS / 1000, "2 s");
	ST_ASSERT(wb_time_limit(10, true) == WB_MIN_LIMIT, "floor");
	ST_ASSERT(wb_time_limit(25600, false) == WB_UNMEASURED_LIMIT, "unmeasured");

	/* Share below the time bound: the share. */
	ST_ASSERT(wb_bandwidth_limit(5000, 10000, 9000, 100, false, big) == 5000, "share");
	/* A fast device's share is cut to its time bound... */
	ST_ASSERT(wb_bandwidth_limit(5000, 10000, 0, 100, false, 3000) == 3000, "time");
	/* ...and a slow one's to the floor. */
	ST_ASSERT(wb_bandwidth_limit(5000, 10000, 0, 100, false, WB_MIN_LIMIT) == WB_MIN_LIMIT,
		  "slow");
	/* No share yet: an eighth of what is free, unless strict_limit. */
	ST_ASSERT(wb_bandwidth_limit(0, 100000, 20000, 100, false, big) == 10000, "new wb");
	ST_ASSERT(wb_bandwidth_limit(0, 100000, 20000, 100, true, big) == WB_MIN_LIMIT,
		  "strict");
	/* The floor itself stays under max_ratio's cap. */
	ST_ASSERT(wb_bandwidth_limit(0, 10000, 0, 1, true, big) == 100, "floor under cap");
	ST_ASSERT(wb_bandwidth_limit(0, 100000, 0, 1, false, big) == 1000, "free under cap");
	return 0;
}
DEFINE_SELFTEST("dirty-throttle: bandwidth policy limit (time x bandwidth, floor, strict)",
		wb_limit_test);

static unsigned long share_permille(struct bdi_writeback *wb)
{
	return wb_calc_thresh(wb, 1000000) / 1000;
}

static int proportions_test(void)
{
	struct backing_dev_info *a = bdi_alloc(), *b = bdi_alloc();
	unsigned long sa, sb, sa2, sb2;
	int i, ret = 0;

	if (!a || !b) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; i < 4000; i++)
		wb_writeout_inc(&a->wb);
	for (i = 0; i < 1000; i++)
		wb_writeout_inc(&b->wb);
	sa = share_permille(&a->wb);
	sb = share_permille(&b->wb);
	/* Now b completes far more. */
	for (i = 0; i < 40000; i++)
		wb_writeout_inc(&b->wb);
	sa2 = share_permille(&a->wb);
	sb2 = share_permille(&b->wb);
	st_diag("shares (per mille): a %lu b %lu, then a %lu b %lu", sa, sb, sa2, sb2);
	if (!(sa > 2 * sb && sb2 > sb && sa2 < sa && sb2 > 4 * sa2)) {
		st_diag("shares did not follow the completions");
		ret = -1;
	}
	/* max_ratio caps the share. */
	if (!ret && (bdi_set_max_ratio(b, 10) || wb_calc_thresh(&b->wb, 1000) > 100)) {
		st_diag("max_ratio 10 gave %lu of 1000", wb_calc_thresh(&b->wb, 1000));
		ret = -1;
	}
out:
	if (a)
		bdi_put(a);
	if (b)
		bdi_put(b);
	return ret;
}
DEFINE_SELFTEST("dirty-throttle: proportions move toward the wb completing more",
		proportions_test);

static int bandwidth_estimator_test(void)
{
	struct bdi_writeback *wb = kzalloc(sizeof(*wb), GFP_KERNEL);
	unsigned long step = HZ / 5, i, avg;
	int ret = 0;

	if (!wb)
		return -ENOMEM;
	wb->write_bandwidth = wb->avg_write_bandwidth = INIT_BW;

	/* The first measurement replaces the 100 MB/s guess entirely. */
	wb_update_write_bandwidth(wb, step, 250 * step / HZ);
	if (wb->write_bandwidth != 250 || wb->avg_write_bandwidth != 250) {
		st_diag("first sample: %lu/%lu, want 250", wb->write_bandwidth,
			wb->avg_write_bandwidth);
		ret = -1;
		goto out;
	}
	/* Warm-up is a plain mean: 250 then 750 over equal times is 500. */
	wb_update_write_bandwidth(wb, step, 750 * step / HZ);
	if (wb->write_bandwidth != 500) {
		st_diag("warm-up mean %lu, want 500", wb->write_bandwidth);
		ret = -1;
		goto out;
	}
	/* After warm-up it converges on a steady rate. */
	for (i = 0; i < 200; i++)
		wb_update_write_bandwidth(wb, step, 5000 * step / HZ);
	if (wb->write_bandwidth < 4950 || wb->write_bandwidth > 5050 ||
	    wb->avg_write_bandwidth < 4900 || wb->avg_write_bandwidth > 5100) {
		st_diag("steady 5000: %lu/%lu", wb->write_bandwidth, wb->avg_write_bandwidth);
		ret = -1;
		goto out;
	}
	/* One spike moves write_bandwidth up but avg only follows a trend. */
	wb->avg_write_bandwidth = 5000;
	wb->write_bandwidth = 5000;
	wb_update_write_bandwidth(wb, step, 50000 * step / HZ);
	avg = wb->avg_write_bandwidth;
	if (wb->write_bandwidth <= 5000 || avg != 5000) {
		st_diag("spike: write %lu avg %lu", wb->write_bandwidth, avg);
		ret = -1;
		goto out;
	}
	wb_update_write_bandwidth(wb, step, 5000 * step / HZ);	/* back: avg holds */
	if (wb->avg_write_bandwidth != 5000) {
		st_diag("spike filter let avg move to %lu", wb->avg_write_bandwidth);
		ret = -1;
	}
out:
	kfree(wb);
	return ret;
}
DEFINE_SELFTEST("dirty-throttle: bandwidth estimator arithmetic", bandwidth_estimator_test);

static int pos_ratio_test(void)
{
	const long one = 1L << RATELIMIT_CALC_SHIFT;

	/* setpoint 1000, limit 2000 => freerun at 0. */
	ST_ASSERT(pos_ratio_cubic(1000, 1000, 2000) == one, "setpoint");
	ST_ASSERT(pos_ratio_cubic(1000, 0, 2000) == 2 * one, "freerun");
	ST_ASSERT(pos_ratio_cubic(1000, 2000, 2000) == 0, "limit");
	ST_ASSERT(pos_ratio_cubic(1000, 5000, 2000) == 0, "beyond");
	ST_ASSERT(pos_ratio_cubic(1000, 1500, 2000) == one - one / 8, "half way");
	/* Pause sizes stay within 1/8 of the limit and the global bounds. */
	ST_ASSERT(task_pause_pages(1UL << 20, HZ / 5, 64) == 64, "limit8");
	ST_ASSERT(task_pause_pages(0, HZ / 5, 64) == 8, "stopped");
	return 0;
}
DEFINE_SELFTEST("dirty-throttle: position curve and pause sizes", pos_ratio_test);

/*
 * A model of one wb: write_bw pages/s, dirtiers that dirty what the base
 * rate and the position allow (or less, if capped: a dirtier that
 * thinks), 200 ms steps.  Returns the final task rate, *dirty the final
 * dirty count.
 */
static unsigned long rate_model(unsigned long rate, unsigned long write_bw, int n,
				const unsigned long *cap, int steps, unsigned long *dirty)
{
	const unsigned long setpoint = 10000, limit = 20000;
	long d = setpoint, pos = 1L << RATELIMIT_CALC_SHIFT;
	unsigned long balanced;

	for (int i = 0; i < steps; i++) {
		unsigned long task_rate, dirty_rate = 0;

		pos = pos_ratio_cubic(setpoint, d, limit);
		task_rate = (unsigned long)((u64)rate * pos >> RATELIMIT_CALC_SHIFT);
		for (int j = 0; j < n; j++)
			dirty_rate += cap[j] ? min(cap[j], task_rate) : task_rate;
		d += ((long)dirty_rate - (long)write_bw) / 5;
		if (d < 0)
			d = 0;
		rate = dirty_ratelimit_next(rate, task_rate, write_bw, dirty_rate, &balanced);
	}
	*dirty = d;
	return (unsigned long)((u64)rate * pos_ratio_cubic(setpoint, d, limit) >>
			       RATELIMIT_CALC_SHIFT);
}

static int dirty_ratelimit_test(void)
{
	static const unsigned long free3[3], capped[2] = { 0, 2500 };
	unsigned long r, d, balanced;

	/* One dirtier on a slow disk, starting from the 100 MB/s guess. */
	r = rate_model(INIT_BW, 1000, 1, free3, 100, &d);
	st_diag("1 dirtier, 1000 pages/s: task rate %lu, dirty %lu", r, d);
	ST_ASSERT(r >= 900 && r <= 1100, "one dirtier gets %lu of 1000", r);
	ST_ASSERT(d > 5000 && d < 20000, "dirty %lu left the control band", d);
	/* Three on a fast one: each a third. */
	r = rate_model(INIT_BW, 30000, 3, free3, 100, &d);
	st_diag("3 dirtiers, 30000 pages/s: task rate %lu, dirty %lu", r, d);
	ST_ASSERT(r >= 9000 && r <= 11000, "three dirtiers get %lu each of 30000", r);
	/* One of two thinks and needs a quarter: the other gets the rest. */
	r = rate_model(INIT_BW, 10000, 2, capped, 150, &d);
	st_diag("2 dirtiers, one capped at 2500 of 10000: task rate %lu", r);
	ST_ASSERT(r >= 6700 && r <= 8300, "the uncapped dirtier gets %lu, not 7500", r);
	/* No movement against the position, never above the bandwidth. */
	ST_ASSERT(dirty_ratelimit_next(5000, 5000, 10000, 10000, &balanced) == 5000 &&
		  balanced == 5000, "at the setpoint");
	ST_ASSERT(dirty_ratelimit_next(50000, 100000, 10000, 1, &balanced) == 10000,
		  "above write_bw");
	return 0;
}
DEFINE_SELFTEST("dirty-throttle: dirtiers' base rate converges to bandwidth / N",
		dirty_ratelimit_test);

static char policy_buf[32];

static ssize_t policy_write(const char *text)
{
	return t_write_str("sys/vm/writeback_policy", text);
}

static const char *policy_read(void)
{
	int fd = t_open("sys/vm/writeback_policy", O_RDONLY, 0);
	ssize_t n;

	if (fd < 0)
		return "";
	n = t_read(fd, policy_buf, sizeof(policy_buf) - 1);
	t_close(fd);
	policy_buf[n > 0 ? n : 0] = '\0';
	return policy_buf;
}

static int policy_body(void)
{
	int saved = writeback_policy, ret = 0;

	if (writeback_policy_parse("bandwidth") != WB_POLICY_BANDWIDTH ||
	    writeback_policy_parse("global\n") != WB_POLICY_GLOBAL ||
	    writeback_policy_parse("bdi") != WB_POLICY_BDI ||
	    writeback_policy_parse("Bdi") != -EINVAL || writeback_policy_parse("") != -EINVAL ||
	    writeback_policy_parse("bdix") != -EINVAL) {
		st_diag("parse");
		return -1;
	}
	if (strcmp(policy_read(), "bandwidth\n") && saved == WB_POLICY_BANDWIDTH) {
		st_diag("default reads '%s'", policy_buf);
		ret = -1;
	} else if (policy_write("global\n") != 7 || writeback_policy != WB_POLICY_GLOBAL ||
		   strcmp(policy_read(), "global\n")) {
		st_diag("switch to global: reads '%s'", policy_buf);
		ret = -1;
	} else if (policy_write("fastest") != -EINVAL || writeback_policy != WB_POLICY_GLOBAL) {
		st_diag("unknown name accepted");
		ret = -1;
	} else if (policy_write("bdi") != 3 || strcmp(policy_read(), "bdi\n")) {
		st_diag("switch to bdi: reads '%s'", policy_buf);
		ret = -1;
	}
	writeback_policy = saved;
	return ret;
}

static int policy_test(void)
{
	return vfs_run_sandboxed("wb-policy", "proc", NULL, policy_body);
}
DEFINE_SELFTEST("dirty-throttle: vm.writeback_policy switches and refuses unknown names",
		policy_test);
