// SPDX-License-Identifier: GPL-2.0-only
/*
 * Per-CPU batched counters; the interface and the rules are in
 * <linux/percpu_counter.h>.
 *
 * Each counter owns an array of per-CPU slots spaced one cache line
 * apart, so that CPUs adding to the same counter never write the same
 * line.  A slot holds the CPU's unfolded delta; when its magnitude
 * reaches the batch the CPU folds it into ->count under ->lock.  Hence
 * |count - true total| < nr_cpu_ids * batch at any moment, which is the
 * bound percpu_counter_compare() uses to decide whether the cheap value
 * is good enough.
 *
 * A CPU only ever touches its own slot, with interrupts off; the sum
 * reads the others' slots racily but every slot change that happened
 * before the sum took ->lock is either folded (seen in ->count) or still
 * in its slot (seen by the read): a delta cannot be in flight between
 * the two, because the fold moves it under ->lock.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/cpumask.h>
#include <linux/smp.h>
#include <linux/init.h>
#include <linux/percpu_counter.h>
#include <asm/irqflags.h>

/* Slot spacing: one cache line on every x86_64 CPU. */
#define SLOT_STRIDE	(64 / sizeof(s32))

int percpu_counter_batch = 32;

static inline s32 *slot(struct percpu_counter *fbc, unsigned int cpu)
{
	return &fbc->counters[cpu * SLOT_STRIDE];
}

int percpu_counter_init(struct percpu_counter *fbc, s64 amount, gfp_t gfp)
{
	spin_lock_init(&fbc->lock);
	fbc->count = amount;
	fbc->counters = kzalloc(nr_cpu_ids * SLOT_STRIDE * sizeof(s32), gfp);
	return fbc->counters ? 0 : -ENOMEM;
}

void percpu_counter_destroy(struct percpu_counter *fbc)
{
	kfree(fbc->counters);
	fbc->counters = NULL;
}

void percpu_counter_set(struct percpu_counter *fbc, s64 amount)
{
	unsigned long flags;
	unsigned int cpu;

	spin_lock_irqsave(&fbc->lock, flags);
	for_each_possible_cpu(cpu)
		WRITE_ONCE(*slot(fbc, cpu), 0);
	fbc->count = amount;
	spin_unlock_irqrestore(&fbc->lock, flags);
}

void percpu_counter_add_batch(struct percpu_counter *fbc, s64 amount, s32 batch)
{
	unsigned long flags;
	s32 *s;
	s64 v;

	local_irq_save(flags);
	s = slot(fbc, smp_processor_id());
	v = *s + amount;
	if (v >= batch || v <= -batch) {
		spin_lock(&fbc->lock);
		WRITE_ONCE(fbc->count, fbc->count + v);
		WRITE_ONCE(*s, 0);
		spin_unlock(&fbc->lock);
	} else {
		WRITE_ONCE(*s, (s32)v);
	}
	local_irq_restore(flags);
}

s64 __percpu_counter_sum(struct percpu_counter *fbc)
{
	unsigned long flags;
	unsigned int cpu;
	s64 sum;

	spin_lock_irqsave(&fbc->lock, flags);
	sum = fbc->count;
	for_each_online_cpu(cpu)
		sum += READ_ONCE(*slot(fbc, cpu));
	spin_unlock_irqrestore(&fbc->lock, flags);
	return sum;
}

s64 percpu_counter_max_error(s32 batch)
{
	return (s64)batch * nr_cpu_ids;
}

int __percpu_counter_compare(struct percpu_counter *fbc, s64 rhs, s32 batch)
{
	s64 count = percpu_counter_read(fbc);

	/* Far enough from rhs that no unfolded delta can change the answer? */
	if (count - rhs > percpu_counter_max_error(batch))
		return 1;
	if (rhs - count > percpu_counter_max_error(batch))
		return -1;
	count = percpu_counter_sum(fbc);
	if (count > rhs)
		return 1;
	return count < rhs ? -1 : 0;
}

/* Scale the batch with the CPU count, as Linux does (max(32, 2 * cpus)). */
static int __init percpu_counter_startup(void)
{
	percpu_counter_batch = max_t(int, 32, 2 * nr_cpu_ids);
	return 0;
}
core_initcall(percpu_counter_startup);
