/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Integer rounding and division helpers, and a type-generic abs().
 *
 * round_up()/round_down() need a power-of-two y and are cheap;
 * roundup()/rounddown() accept any non-zero y and divide.
 */
#ifndef _LINUX_MATH_H
#define _LINUX_MATH_H

#include <linux/types.h>

#define DIV_ROUND_UP(n, d) (((n) + (d) - 1) / (d))
#define DIV_ROUND_UP_ULL(n, d) DIV_ROUND_UP((unsigned long long)(n), (d))
#define DIV_ROUND_DOWN_ULL(n, d) ((unsigned long long)(n) / (d))

/* Nearest integer to n / d for non-negative n and positive d. */
#define DIV_ROUND_CLOSEST(n, d) (((n) + (d) / 2) / (d))

#define __round_mask(x, y) ((__typeof__(x))((y) - 1))
#define round_up(x, y) ((((x) - 1) | __round_mask(x, y)) + 1)
#define round_down(x, y) ((x) & ~__round_mask(x, y))

#define roundup(x, y) ({						\
	__typeof__(y) __ru_y = (y);					\
	(((x) + (__ru_y - 1)) / __ru_y) * __ru_y; })
#define rounddown(x, y) ({						\
	__typeof__(x) __rd_x = (x);					\
	__rd_x - (__rd_x % (y)); })

static inline int __abs_int(int x) { return x < 0 ? -x : x; }
static inline long __abs_long(long x) { return x < 0 ? -x : x; }
static inline long long __abs_llong(long long x) { return x < 0 ? -x : x; }
static inline unsigned int __abs_uint(unsigned int x) { return x; }
static inline unsigned long __abs_ulong(unsigned long x) { return x; }
static inline unsigned long long __abs_ullong(unsigned long long x) { return x; }

/*
 * |x| in the promoted type of x.  Unsigned values are returned unchanged;
 * the most negative value of a signed type overflows, as in C.  _Generic
 * picks a function rather than an expression so that the arms not taken
 * are never type-checked against x.
 */
#define abs(x) _Generic((x) + 0,					\
	int: __abs_int,							\
	long: __abs_long,						\
	long long: __abs_llong,						\
	unsigned int: __abs_uint,					\
	unsigned long: __abs_ulong,					\
	unsigned long long: __abs_ullong)((x) + 0)

/* High and low halves of a 64-bit value; the shift split keeps 32-bit n legal. */
#define upper_32_bits(n) ((u32)(((n) >> 16) >> 16))
#define lower_32_bits(n) ((u32)((n) & 0xffffffff))

#endif /* _LINUX_MATH_H */
