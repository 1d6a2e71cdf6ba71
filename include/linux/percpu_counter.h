/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Per-CPU batched counters (lib/percpu_counter.c).
 *
 *   percpu_counter_init(&c, 0, GFP_KERNEL);
 *   percpu_counter_add(&c, n);            cheap: a per-CPU delta, folded
 *                                          into the total every ±batch
 *   percpu_counter_read(&c)                the total, off by at most
 *                                          nr_cpu_ids * batch
 *   percpu_counter_sum(&c)                 exact (takes the lock, reads
 *                                          every CPU's delta)
 *   percpu_counter_compare(&c, rhs)        exact only when it must be
 *   percpu_counter_destroy(&c);
 *
 * This is what lets hot paths (every dirtied or written page) count per
 * backing device without a shared cache line, while the writeback code
 * still gets exact values when its thresholds are small compared with
 * the possible error (writeback.md: bdi_stat_error).
 *
 * Locking: adds run with interrupts off on the local CPU's slot (safe
 * from interrupt context, e.g. I/O completion); c->lock (irq-safe) guards
 * the total and folding.
 */
#ifndef _LINUX_PERCPU_COUNTER_H
#define _LINUX_PERCPU_COUNTER_H

#include <linux/types.h>
#include <linux/spinlock.h>
#include <linux/gfp.h>
#include <linux/minmax.h>

struct percpu_counter {
	spinlock_t lock;
	s64 count;		/* the folded total */
	s32 *counters;		/* one slot per CPU, a cache line apart */
};

/* Default fold threshold: grows with the number of CPUs, like Linux's. */
extern int percpu_counter_batch;

int percpu_counter_init(struct percpu_counter *fbc, s64 amount, gfp_t gfp);
void percpu_counter_destroy(struct percpu_counter *fbc);
void percpu_counter_set(struct percpu_counter *fbc, s64 amount);
void percpu_counter_add_batch(struct percpu_counter *fbc, s64 amount, s32 batch);
s64 __percpu_counter_sum(struct percpu_counter *fbc);
/* -1, 0, 1 as fbc <, ==, > rhs; sums exactly only near rhs. */
int __percpu_counter_compare(struct percpu_counter *fbc, s64 rhs, s32 batch);

/* Adding: the default batch, and the usual shorthands on top of it. */
static inline void percpu_counter_add(struct percpu_counter *fbc, s64 amount)
{
	percpu_counter_add_batch(fbc, amount, percpu_counter_batch);
}
#define percpu_counter_sub(fbc, amount)	percpu_counter_add((fbc), -(s64)(amount))
#define percpu_counter_inc(fbc)		percpu_counter_add((fbc), 1)
#define percpu_counter_dec(fbc)		percpu_counter_add((fbc), -1)

/*
 * Reading: the folded total alone (cheap, off by the unfolded deltas) or
 * the exact sum.  The _positive forms clamp at zero, for counts of things
 * that a transient negative total would make nonsense of.
 */
static inline s64 percpu_counter_read(struct percpu_counter *fbc)
{
	return READ_ONCE(fbc->count);
}

static inline s64 percpu_counter_sum(struct percpu_counter *fbc)
{
	return __percpu_counter_sum(fbc);
}

static inline s64 percpu_counter_read_positive(struct percpu_counter *fbc)
{
	return max_t(s64, percpu_counter_read(fbc), 0);
}

static inline s64 percpu_counter_sum_positive(struct percpu_counter *fbc)
{
	return max_t(s64, percpu_counter_sum(fbc), 0);
}

static inline int percpu_counter_compare(struct percpu_counter *fbc, s64 rhs)
{
	return __percpu_counter_compare(fbc, rhs, percpu_counter_batch);
}

/* Largest error percpu_counter_read() can have with batch. */
s64 percpu_counter_max_error(s32 batch);

#endif /* _LINUX_PERCPU_COUNTER_H */
