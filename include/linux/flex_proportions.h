/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Floating proportions (lib/flex_proportions.c): each of several "local"
 * event sources gets its share of the recent events of all of them,
 * where history decays geometrically - every period the weight of
 * everything that happened before halves.  The writeback code counts
 * page writeback completions per backing device this way and gives each
 * device that share of the global dirty limit (the 2.6.24 design; see
 * Documentation/mm/writeback.md).
 *
 *   fprop_global_init(&g, GFP_KERNEL);      fprop_local_init_percpu(&l, GFP_KERNEL);
 *   __fprop_add_percpu(&g, &l, 1);          an event of l
 *   fprop_new_period(&g, 1);                age: call at a fixed interval
 *   fprop_fraction_percpu(&g, &l, &num, &den);   l's share = num / den
 *
 * Locking: events are per-CPU counters (any context); the global period
 * changes under g->sequence (a seqcount: writers are serialised by the
 * caller - one aging timer); each local catches up with the periods it
 * missed under its own lock the next time it is used.
 */
#ifndef _LINUX_FLEX_PROPORTIONS_H
#define _LINUX_FLEX_PROPORTIONS_H

#include <linux/types.h>
#include <linux/spinlock.h>
#include <linux/seqlock.h>
#include <linux/percpu_counter.h>

/* Fractions are returned against this base when a fixed point is wanted. */
#define FPROP_FRAC_SHIFT	10
#define FPROP_FRAC_BASE		(1UL << FPROP_FRAC_SHIFT)

struct fprop_global {
	struct percpu_counter events;	/* all sources' events, aged */
	unsigned int period;		/* periods elapsed */
	seqcount_t sequence;		/* period and events change together */
};

struct fprop_local_percpu {
	struct percpu_counter events;	/* this source's events, aged to ->period */
	unsigned int period;		/* the global period they were aged to */
	spinlock_t lock;		/* catching up with missed periods */
};

int fprop_global_init(struct fprop_global *p, gfp_t gfp);
void fprop_global_destroy(struct fprop_global *p);
/* Age by nr_periods; false if there was nothing to age. */
bool fprop_new_period(struct fprop_global *p, int nr_periods);

int fprop_local_init_percpu(struct fprop_local_percpu *pl, gfp_t gfp);
void fprop_local_destroy_percpu(struct fprop_local_percpu *pl);
void __fprop_add_percpu(struct fprop_global *p, struct fprop_local_percpu *pl, long nr);
/*
 * Count nr events only while pl's share is below max_frac / FPROP_FRAC_BASE
 * (a source capped by max_ratio must not grow its share past the cap).
 */
void __fprop_add_percpu_max(struct fprop_global *p, struct fprop_local_percpu *pl,
			    long nr, int max_frac);
void fprop_fraction_percpu(struct fprop_global *p, struct fprop_local_percpu *pl,
			   unsigned long *numerator, unsigned long *denominator);

#endif /* _LINUX_FLEX_PROPORTIONS_H */
