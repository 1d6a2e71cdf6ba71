// SPDX-License-Identifier: GPL-2.0-only
/*
 * Floating proportions; the interface is in <linux/flex_proportions.h>.
 *
 * The idea (Peter Zijlstra's, for 2.6.24's per-device dirty limits): keep
 * for every source the number of its events and globally the number of
 * all events, both "aged" - at each period boundary every count is
 * halved.  A source's share is then its aged count over the aged total,
 * a weighted average of its share in past periods with weights 1/2,
 * 1/4, 1/8...  Halving the global total at the boundary is one update;
 * halving every source at once would touch them all, so each source
 * remembers the period it was last aged to and, when it is next used,
 * halves itself once per missed period (a shift).
 *
 * Ordering: a reader takes the global period and total under the
 * seqcount, then brings its source up to that period, so numerator and
 * denominator describe the same aging step.  The per-CPU counters make
 * both values approximate; the numerator is clamped to the denominator.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/flex_proportions.h>

/* Halving a 64-bit count this many times or more leaves nothing. */
#define FPROP_GONE	64

/* count after it has been halved periods times. */
static s64 fprop_decayed(s64 count, unsigned int periods)
{
	return periods < FPROP_GONE ? count >> periods : 0;
}

int fprop_global_init(struct fprop_global *p, gfp_t gfp)
{
	seqcount_init(&p->sequence);
	p->period = 0;
	/* A total of 1, not 0, keeps every share defined before any event. */
	return percpu_counter_init(&p->events, 1, gfp);
}

void fprop_global_destroy(struct fprop_global *p)
{
	percpu_counter_destroy(&p->events);
}

/*
 * Age the total by nr_periods halvings.  The decrement is computed from a
 * sum and applied as an add, so events counted concurrently are not lost.
 * A total still at (or below) its initial 1 means no events since the
 * last aging; then nothing moves, and the caller may stop its timer.
 */
bool fprop_new_period(struct fprop_global *p, int nr_periods)
{
	s64 total = percpu_counter_sum(&p->events);

	if (total <= 1)
		return false;

	write_seqcount_begin(&p->sequence);
	percpu_counter_add(&p->events, fprop_decayed(total, nr_periods) - total);
	p->period += nr_periods;
	write_seqcount_end(&p->sequence);
	return true;
}

int fprop_local_init_percpu(struct fprop_local_percpu *pl, gfp_t gfp)
{
	pl->period = 0;
	spin_lock_init(&pl->lock);
	return percpu_counter_init(&pl->events, 0, gfp);
}

void fprop_local_destroy_percpu(struct fprop_local_percpu *pl)
{
	percpu_counter_destroy(&pl->events);
}

/*
 * Age pl's count by the periods the global count went through since pl
 * was last used.  The unlocked check is the common case (nothing missed);
 * the lock makes one caller do the catching up.
 */
static void fprop_catch_up(struct fprop_global *p, struct fprop_local_percpu *pl)
{
	unsigned int now = READ_ONCE(p->period);
	unsigned int missed;
	unsigned long flags;
	s64 count;

	if (READ_ONCE(pl->period) == now)
		return;

	spin_lock_irqsave(&pl->lock, flags);
	missed = now - pl->period;
	if (missed) {
		count = percpu_counter_sum(&pl->events);
		if (missed >= FPROP_GONE)
			percpu_counter_set(&pl->events, 0);
		else
			percpu_counter_add(&pl->events,
					   fprop_decayed(count, missed) - count);
		WRITE_ONCE(pl->period, now);
	}
	spin_unlock_irqrestore(&pl->lock, flags);
}

void __fprop_add_percpu(struct fprop_global *p, struct fprop_local_percpu *pl, long nr)
{
	/* Age first: the new events belong to the current period. */
	fprop_catch_up(p, pl);
	percpu_counter_add(&pl->events, nr);
	percpu_counter_add(&p->events, nr);
}

/*
 * pl's count and the total, both aged to the same period: a new period
 * starting between the two reads sends us round again.
 */
static void fprop_counts(struct fprop_global *p, struct fprop_local_percpu *pl,
			 s64 *mine, s64 *all)
{
	unsigned int seq;

	for (;;) {
		seq = read_seqcount_begin(&p->sequence);
		fprop_catch_up(p, pl);
		*mine = percpu_counter_read_positive(&pl->events);
		*all = percpu_counter_read_positive(&p->events);
		if (!read_seqcount_retry(&p->sequence, seq))
			return;
	}
}

/*
 * pl's share as numerator / denominator.  The cheap per-CPU reads can put
 * a source that has nearly all events above the total; the denominator
 * is raised to the numerator then (a share of 1) and is never 0.
 */
void fprop_fraction_percpu(struct fprop_global *p, struct fprop_local_percpu *pl,
			   unsigned long *numerator, unsigned long *denominator)
{
	s64 mine, all;

	fprop_counts(p, pl, &mine, &all);
	*numerator = mine;
	*denominator = max3(all, mine, (s64)1);
}

/* Is pl's share below max_frac / FPROP_FRAC_BASE?  Always, for a cap of 1. */
static bool fprop_below_cap(struct fprop_global *p, struct fprop_local_percpu *pl,
			    int max_frac)
{
	unsigned long num, den;

	if (max_frac >= FPROP_FRAC_BASE)
		return true;
	fprop_fraction_percpu(p, pl, &num, &den);
	return num * FPROP_FRAC_BASE < (unsigned long)max_frac * den;
}

void __fprop_add_percpu_max(struct fprop_global *p, struct fprop_local_percpu *pl,
			    long nr, int max_frac)
{
	if (fprop_below_cap(p, pl, max_frac))
		__fprop_add_percpu(p, pl, nr);
}
