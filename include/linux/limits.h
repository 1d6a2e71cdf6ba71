/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Ranges of the kernel's integer types.  x86_64 is LP64: int is 32 bits,
 * long, long long and pointers are 64.  Every value is written so that it
 * has the type it describes (INT_MAX is an int, ULONG_MAX an unsigned long).
 */
#ifndef _LINUX_LIMITS_H
#define _LINUX_LIMITS_H

#include <linux/types.h>

#define USHRT_MAX	((unsigned short)~0U)
#define SHRT_MAX	((short)(USHRT_MAX >> 1))
#define SHRT_MIN	((short)(-SHRT_MAX - 1))
#define UINT_MAX	(~0U)
#define INT_MAX		((int)(UINT_MAX >> 1))
#define INT_MIN		(-INT_MAX - 1)
#define ULONG_MAX	(~0UL)
#define LONG_MAX	((long)(ULONG_MAX >> 1))
#define LONG_MIN	(-LONG_MAX - 1)
#define ULLONG_MAX	(~0ULL)
#define LLONG_MAX	((long long)(ULLONG_MAX >> 1))
#define LLONG_MIN	(-LLONG_MAX - 1)
#define SIZE_MAX	(~(size_t)0)
#define SSIZE_MAX	((ssize_t)(SIZE_MAX >> 1))
#define PHYS_ADDR_MAX	(~(phys_addr_t)0)

/*
 * The fixed-width types, spelled out in hex: all ones for the unsigned
 * maximum, all ones but the sign bit for the signed one, and the signed
 * minimum one below the negated maximum (two's complement).
 */
#define U8_MAX		((u8)0xff)
#define U16_MAX		((u16)0xffff)
#define U32_MAX		((u32)0xffffffffU)
#define U64_MAX		((u64)0xffffffffffffffffULL)
#define S8_MAX		((s8)0x7f)
#define S16_MAX		((s16)0x7fff)
#define S32_MAX		((s32)0x7fffffff)
#define S64_MAX		((s64)0x7fffffffffffffffLL)
#define S8_MIN		((s8)(-S8_MAX - 1))
#define S16_MIN		((s16)(-S16_MAX - 1))
#define S32_MIN		((s32)(-S32_MAX - 1))
#define S64_MIN		((s64)(-S64_MAX - 1))

#define CHAR_BIT	8

#endif /* _LINUX_LIMITS_H */
