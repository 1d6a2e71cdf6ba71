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

int fprop_global_init(struct fprop_global *p, gfp_t gfp)
{
	int err;

	p->period = 0;
	seqcount_init(&p->sequence);
	/* Start at 1 so that shares are defined before the first event. */
	err = percpu_counter_init(&p->events, 1, gfp);
	return err;
}

void fprop_global_destroy(struct fprop_global *p)
{
	percpu_counter_destroy(&p->events);
}

bool fprop_new_period(struct fprop_global *p, int nr_periods)
{
	s64 events = percpu_counter_sum(&p->events);

	/* Nothing happened since the last aging: keep the shares frozen. */
	if (events <= 1)
		return false;
	write_seqcount_begin(&p->sequence);
	if (nr_periods < 64)
		events -= events >> nr_periods;
	/* Subtract what aging removed; concurrent adds stay counted. */
	percpu_counter_add(&p->events, -events);
	p->period += nr_periods;
	write_seqcount_end(&p->sequence);
	return true;
}

int fprop_local_init_percpu(struct fprop_local_percpu *pl, gfp_t gfp)
{
	spin_lock_init(&pl->lock);
	pl->period = 0;
	return percpu_counter_init(&pl->events, 0, gfp);
}

void fprop_local_destroy_percpu(struct fprop_local_percpu *pl)
{
	percpu_counter_destroy(&pl->events);
}

/* Bring pl up to the global period: halve once per period it missed. */
static void fprop_reflect_period_percpu(struct fprop_global *p, struct fprop_local_percpu *pl)
{
	unsigned int period = READ_ONCE(p->period);
	unsigned long flags;
	s64 val;

	if (READ_ONCE(pl->period) == period)
		return;
	spin_lock_irqsave(&pl->lock, flags);
	if (pl->period == period)
		goto out;
	val = percpu_counter_sum(&pl->events);
	if (period - pl->period < 64)
		percpu_counter_add(&pl->events, -val + (val >> (period - pl->period)));
	else
		percpu_counter_set(&pl->events, 0);
	WRITE_ONCE(pl->period, period);
out:
	spin_unlock_irqrestore(&pl->lock, flags);
}

void __fprop_add_percpu(struct fprop_global *p, struct fprop_local_percpu *pl, long nr)
{
	fprop_reflect_period_percpu(p, pl);
	percpu_counter_add(&pl->events, nr);
	percpu_counter_add(&p->events, nr);
}

void fprop_fraction_percpu(struct fprop_global *p, struct fprop_local_percpu *pl,
			   unsigned long *numerator, unsigned long *denominator)
{
	unsigned int seq;
	s64 num, den;

	do {
		seq = read_seqcount_begin(&p->sequence);
		fprop_reflect_period_percpu(p, pl);
		num = percpu_counter_read_positive(&pl->events);
		den = percpu_counter_read_positive(&p->events);
	} while (read_seqcount_retry(&p->sequence, seq));

	/* The per-CPU error can make a dominant source exceed the total. */
	if (den <= num) {
		if (num)
			den = num;
		else
			den = 1;
	}
	*numerator = num;
	*denominator = den;
}

void __fprop_add_percpu_max(struct fprop_global *p, struct fprop_local_percpu *pl,
			    long nr, int max_frac)
{
	if (max_frac < FPROP_FRAC_BASE) {
		unsigned long num, den;

		fprop_fraction_percpu(p, pl, &num, &den);
		/* Already at or over the cap: the event does not count. */
		if (num * FPROP_FRAC_BASE >= (unsigned long)max_frac * den)
			return;
	}
	__fprop_add_percpu(p, pl, nr);
}
