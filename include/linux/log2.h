/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Integer base-2 logarithms and power-of-two rounding.
 *
 * ilog2(), roundup_pow_of_two() and rounddown_pow_of_two() fold to
 * constants for constant arguments, so they can size arrays and appear in
 * BUILD_BUG_ON().  ilog2(0) is -1; roundup/rounddown of 0 are undefined.
 */
#ifndef _LINUX_LOG2_H
#define _LINUX_LOG2_H

#include <linux/types.h>
#include <linux/bitops.h>

static __always_inline int __ilog2_u64(u64 n)
{
	return fls64(n) - 1;
}

/* floor(log2(n)). */
#define ilog2(n)							\
	(__builtin_constant_p(n) ?					\
	 ((u64)(n) < 1 ? -1 : 63 - __builtin_clzll((u64)(n))) :		\
	 __ilog2_u64(n))

static inline __attribute__((__const__)) bool is_power_of_2(unsigned long n)
{
	return n != 0 && (n & (n - 1)) == 0;
}

/* Smallest power of two >= n (n > 0). */
#define roundup_pow_of_two(n)						\
	(__builtin_constant_p(n) ?					\
	 ((u64)(n) == 1 ? 1UL : 1UL << (ilog2((u64)(n) - 1) + 1)) :	\
	 1UL << fls_long((unsigned long)(n) - 1))

/* Largest power of two <= n (n > 0). */
#define rounddown_pow_of_two(n)						\
	(__builtin_constant_p(n) ? 1UL << ilog2(n) :			\
	 1UL << (fls_long(n) - 1))

/* ceil(log2(n)), with order_base_2(0) = order_base_2(1) = 0. */
#define order_base_2(n) ((n) > 1 ? ilog2((n) - 1) + 1 : 0)

/* Number of bits needed to count up to n: 1 -> 0, 2 -> 1, 3 -> 2, 4 -> 2. */
static inline int get_count_order(unsigned int count)
{
	if (count == 0)
		return -1;
	return fls(count - 1);
}

#endif /* _LINUX_LOG2_H */
