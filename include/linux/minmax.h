/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * min(), max(), clamp() and swap().
 *
 * min()/max()/clamp() evaluate each argument exactly once and refuse, at
 * compile time, a comparison in which C's usual conversions would change a
 * value: a signed operand against an unsigned one (where -1 becomes
 * ULONG_MAX).  Allowed are operands of the same signedness, operands that
 * become the same signedness after integer promotion (u8 vs int), and any
 * operand that is a non-negative integer constant (min(len, 64) for a size_t
 * len).  When mixing is really meant, say so with min_t()/max_t()/clamp_t(),
 * which cast both sides to the named type.
 *
 * These are statement expressions, so they only work inside functions; for
 * file-scope constants use MIN()/MAX(), which evaluate arguments twice.
 */
#ifndef _LINUX_MINMAX_H
#define _LINUX_MINMAX_H

#include <linux/compiler.h>

#define __is_signed_type_of(x) ((__typeof__(x))-1 < (__typeof__(x))1)

/*
 * 1 when x is an integer constant expression with a value >= 0.  The
 * comparison is made on the chosen operand only, so a variable x never
 * reaches it (GCC would flag "u8 >= 0" as always true even in the arm
 * __builtin_choose_expr() discards).
 */
#define __is_nonneg_const(x) \
	(__builtin_choose_expr(__is_constexpr(x), (long long)(x), -1LL) >= 0)

#define __minmax_types_ok(x, y)						\
	(__is_signed_type_of(x) == __is_signed_type_of(y) ||		\
	 __is_signed_type_of((x) + 0) == __is_signed_type_of((y) + 0) ||	\
	 __is_nonneg_const(x) || __is_nonneg_const(y))

#define __minmax_once(x, y, op, ux, uy) ({				\
	__typeof__(x) ux = (x);						\
	__typeof__(y) uy = (y);						\
	_Static_assert(__minmax_types_ok(x, y),				\
		       "min/max of signed and unsigned: use min_t/max_t"); \
	ux op uy ? ux : uy; })

#define min(x, y) __minmax_once(x, y, <, __UNIQUE_ID(x_), __UNIQUE_ID(y_))
#define max(x, y) __minmax_once(x, y, >, __UNIQUE_ID(x_), __UNIQUE_ID(y_))

#define min3(x, y, z) min(min(x, y), z)
#define max3(x, y, z) max(max(x, y), z)

/* Compare as unsigned, whatever the operands' types. */
#define umin(x, y) min((x) + 0ULL, (y) + 0ULL)
#define umax(x, y) max((x) + 0ULL, (y) + 0ULL)

#define min_t(type, x, y) min((type)(x), (type)(y))
#define max_t(type, x, y) max((type)(x), (type)(y))

/* The smaller of x and y, ignoring a zero (0 only if both are 0). */
#define min_not_zero(x, y) ({						\
	__typeof__(x) __mnz_x = (x);					\
	__typeof__(y) __mnz_y = (y);					\
	__mnz_x == 0 ? __mnz_y : (__mnz_y == 0 ? __mnz_x : min(__mnz_x, __mnz_y)); })

/* val limited to [lo, hi]; lo <= hi is the caller's promise. */
#define clamp(val, lo, hi) min(max(val, lo), hi)
#define clamp_t(type, val, lo, hi) clamp((type)(val), (type)(lo), (type)(hi))
#define clamp_val(val, lo, hi) clamp_t(__typeof__(val), val, lo, hi)

/* Constant-expression forms for file scope: arguments are evaluated twice. */
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

/* Exchange two lvalues of the same type. */
#define swap(a, b) do {							\
	__typeof__(a) __swap_tmp = (a);					\
	(a) = (b);							\
	(b) = __swap_tmp;						\
} while (0)

#endif /* _LINUX_MINMAX_H */
