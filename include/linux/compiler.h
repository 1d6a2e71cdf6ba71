/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Compiler attributes and the memory-access helpers every lockless path uses.
 *
 * READ_ONCE()/WRITE_ONCE() force exactly one access of the natural width and
 * stop the compiler from tearing, fusing or re-reading it; they do not order
 * anything on their own (see asm/barrier.h for that).
 */
#ifndef _LINUX_COMPILER_H
#define _LINUX_COMPILER_H

#define __always_inline inline __attribute__((__always_inline__))
#define noinline __attribute__((__noinline__))
#define __noreturn __attribute__((__noreturn__))
#define __packed __attribute__((__packed__))
#define __aligned(x) __attribute__((__aligned__(x)))
#define __section(s) __attribute__((__section__(s)))
#define __used __attribute__((__used__))
#define __maybe_unused __attribute__((__unused__))
#define __weak __attribute__((__weak__))
#define __printf(a, b) __attribute__((__format__(printf, a, b)))
#define __cold __attribute__((__cold__))
#define __must_check __attribute__((__warn_unused_result__))
#define __init __section(".init.text") __cold
#define __initdata __section(".init.data")

#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

#define barrier() __asm__ __volatile__("" ::: "memory")

#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, val)                                    \
	do {                                                  \
		*(volatile __typeof__(x) *)&(x) = (val);      \
	} while (0)

#define __stringify_1(x) #x
#define __stringify(x) __stringify_1(x)

#define __same_type(a, b) __builtin_types_compatible_p(__typeof__(a), __typeof__(b))
#define BUILD_BUG_ON(cond) _Static_assert(!(cond), "BUILD_BUG_ON: " #cond)

/*
 * BUILD_BUG_ON_ZERO() is the expression form of BUILD_BUG_ON(): it fails the
 * build when cond is true and otherwise evaluates to (size_t)0, so it can sit
 * inside other expressions (ARRAY_SIZE() uses it to reject pointers).
 */
#define BUILD_BUG_ON_ZERO(cond) (sizeof(char[1 - 2 * !!(cond)]) - 1)
#define __must_be_array(a) BUILD_BUG_ON_ZERO(__same_type((a), &(a)[0]))

/* Paste after expansion; __UNIQUE_ID() names macro locals that may nest. */
#define ___PASTE(a, b) a##b
#define __PASTE(a, b) ___PASTE(a, b)
#define __UNIQUE_ID(prefix) __PASTE(__PASTE(__uniq_, prefix), __COUNTER__)

/*
 * __is_constexpr(x) is 1 when x is an integer constant expression, else 0,
 * and is itself a constant expression.  A null pointer constant (ICE times
 * zero, cast to void *) in a conditional takes the type of the other arm
 * (int *); any other void * makes the result void *, whose pointee has a
 * different sizeof.
 */
#define __is_constexpr(x) \
	(sizeof(int) == sizeof(*(8 ? ((void *)((long)(x) * 0l)) : (int *)8)))

#endif /* _LINUX_COMPILER_H */
