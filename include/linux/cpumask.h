/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * CPU masks: bitmaps of NR_CPUS bits.  cpu_possible_mask is fixed after
 * ACPI parsing; cpu_online_mask changes only during SMP bring-up (CPUs
 * are never taken offline).
 */
#ifndef _LINUX_CPUMASK_H
#define _LINUX_CPUMASK_H

#include <linux/types.h>
#include <linux/bitmap.h>
#include <linux/bitops.h>
#include <asm/bitops.h>

#define NR_CPUS CONFIG_NR_CPUS

struct cpumask {
	unsigned long bits[BITS_TO_LONGS(NR_CPUS)];
};

extern struct cpumask __cpu_possible_mask, __cpu_online_mask;
#define cpu_possible_mask ((const struct cpumask *)&__cpu_possible_mask)
#define cpu_online_mask ((const struct cpumask *)&__cpu_online_mask)
extern unsigned int nr_cpu_ids;

#define cpumask_bits(m) ((m)->bits)

static inline void cpumask_set_cpu(unsigned int cpu, struct cpumask *m) { set_bit(cpu, m->bits); }
static inline void cpumask_clear_cpu(unsigned int cpu, struct cpumask *m) { clear_bit(cpu, m->bits); }
static inline bool cpumask_test_cpu(unsigned int cpu, const struct cpumask *m) { return test_bit(cpu, m->bits); }
static inline void cpumask_clear(struct cpumask *m) { bitmap_zero(m->bits, NR_CPUS); }
static inline void cpumask_copy(struct cpumask *d, const struct cpumask *s) { *d = *s; }
static inline unsigned int cpumask_weight(const struct cpumask *m) { return bitmap_weight(m->bits, NR_CPUS); }
static inline unsigned int cpumask_first(const struct cpumask *m) { return find_first_bit(m->bits, NR_CPUS); }
static inline unsigned int cpumask_next(int n, const struct cpumask *m) { return find_next_bit(m->bits, NR_CPUS, n + 1); }
static inline bool cpumask_empty(const struct cpumask *m) { return cpumask_first(m) >= NR_CPUS; }
static inline void cpumask_or(struct cpumask *d, const struct cpumask *a, const struct cpumask *b)
{
	bitmap_or(d->bits, a->bits, b->bits, NR_CPUS);
}

#define for_each_cpu(cpu, mask) \
	for ((cpu) = cpumask_first(mask); (cpu) < NR_CPUS; (cpu) = cpumask_next(cpu, mask))
#define for_each_possible_cpu(cpu) for_each_cpu(cpu, cpu_possible_mask)
#define for_each_online_cpu(cpu) for_each_cpu(cpu, cpu_online_mask)

#define cpu_online(cpu) cpumask_test_cpu(cpu, cpu_online_mask)
#define cpu_possible(cpu) cpumask_test_cpu(cpu, cpu_possible_mask)
#define num_online_cpus() cpumask_weight(cpu_online_mask)
#define num_possible_cpus() cpumask_weight(cpu_possible_mask)

static inline void set_cpu_online(unsigned int cpu, bool on)
{
	if (on)
		cpumask_set_cpu(cpu, &__cpu_online_mask);
	else
		cpumask_clear_cpu(cpu, &__cpu_online_mask);
}

static inline void set_cpu_possible(unsigned int cpu, bool on)
{
	if (on)
		cpumask_set_cpu(cpu, &__cpu_possible_mask);
	else
		cpumask_clear_cpu(cpu, &__cpu_possible_mask);
}

#endif /* _LINUX_CPUMASK_H */
