/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Bit operations on single words and on bitmaps (arrays of unsigned long).
 *
 * This header holds the portable part:
 *   - non-atomic __set_bit(), __clear_bit(), __change_bit() and the
 *     __test_and_*() forms: plain read-modify-write, for bitmaps the caller
 *     protects with a lock or owns outright;
 *   - test_bit(), a single (volatile) load, safe to poll;
 *   - bit scans: ffs, fls, __ffs, __fls, ffz, fls64, __ffs64, hweight*;
 *   - rotates and sign extension;
 *   - find_first_bit()/find_next_bit()/... (lib/find_bit.c) and the
 *     for_each_set_bit()/for_each_clear_bit() loops.
 *
 * The atomic set_bit(), clear_bit(), change_bit(), test_and_set_bit(),
 * test_and_clear_bit() (LOCK-prefixed, usable on shared bitmaps without a
 * lock) are architecture code in <asm/bitops.h>.  For now callers include
 * that header themselves; its place here is the marked spot after the
 * includes below (it must not redefine anything in this file, and this
 * header must stay includable without it by the host unit tests).
 *
 * The bit scans compile to bsf/bsr/lzcnt-style code with no library calls;
 * hweight is done by arithmetic because GCC would otherwise call
 * __popcountdi2, which a kernel without libgcc cannot link.
 */
#ifndef _LINUX_BITOPS_H
#define _LINUX_BITOPS_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/bits.h>
/* <asm/bitops.h> (the atomic operations) is to be included here. */

/* ------------------------------------------------------------ non-atomic */

static __always_inline void __set_bit(unsigned long nr,
				      volatile unsigned long *addr)
{
	unsigned long *p = (unsigned long *)addr + BIT_WORD(nr);

	*p |= BIT_MASK(nr);
}

static __always_inline void __clear_bit(unsigned long nr,
					volatile unsigned long *addr)
{
	unsigned long *p = (unsigned long *)addr + BIT_WORD(nr);

	*p &= ~BIT_MASK(nr);
}

static __always_inline void __change_bit(unsigned long nr,
					 volatile unsigned long *addr)
{
	unsigned long *p = (unsigned long *)addr + BIT_WORD(nr);

	*p ^= BIT_MASK(nr);
}

static __always_inline bool __test_and_set_bit(unsigned long nr,
					       volatile unsigned long *addr)
{
	unsigned long *p = (unsigned long *)addr + BIT_WORD(nr);
	unsigned long old = *p;

	*p = old | BIT_MASK(nr);
	return old & BIT_MASK(nr);
}

static __always_inline bool __test_and_clear_bit(unsigned long nr,
						 volatile unsigned long *addr)
{
	unsigned long *p = (unsigned long *)addr + BIT_WORD(nr);
	unsigned long old = *p;

	*p = old & ~BIT_MASK(nr);
	return old & BIT_MASK(nr);
}

static __always_inline bool __test_and_change_bit(unsigned long nr,
						  volatile unsigned long *addr)
{
	unsigned long *p = (unsigned long *)addr + BIT_WORD(nr);
	unsigned long old = *p;

	*p = old ^ BIT_MASK(nr);
	return old & BIT_MASK(nr);
}

/* One load, never cached in a register across calls: fine for polling. */
static __always_inline bool test_bit(unsigned long nr,
				     const volatile unsigned long *addr)
{
	return 1UL & (addr[BIT_WORD(nr)] >> (nr % BITS_PER_LONG));
}

/* ------------------------------------------------------------ bit scans */

/* 1-based index of the lowest set bit, 0 if none (the libc ffs()). */
static __always_inline int ffs(int x)
{
	return __builtin_ffs(x);
}

/* 1-based index of the highest set bit, 0 if none: fls(1) = 1, fls(0) = 0. */
static __always_inline int fls(unsigned int x)
{
	return x ? 32 - __builtin_clz(x) : 0;
}

static __always_inline int fls64(u64 x)
{
	return x ? 64 - __builtin_clzll(x) : 0;
}

static __always_inline int fls_long(unsigned long x)
{
	return x ? BITS_PER_LONG - __builtin_clzl(x) : 0;
}

/* 0-based index of the lowest set bit; undefined for 0. */
static __always_inline unsigned long __ffs(unsigned long word)
{
	return __builtin_ctzl(word);
}

/* 0-based index of the highest set bit; undefined for 0. */
static __always_inline unsigned long __fls(unsigned long word)
{
	return BITS_PER_LONG - 1 - __builtin_clzl(word);
}

static __always_inline unsigned long __ffs64(u64 word)
{
	return __builtin_ctzll(word);
}

/* 0-based index of the lowest clear bit; undefined for ~0UL. */
static __always_inline unsigned long ffz(unsigned long word)
{
	return __ffs(~word);
}

/* ------------------------------------------------------------ popcount */

static __always_inline unsigned int __sw_hweight64(u64 w)
{
	w -= (w >> 1) & 0x5555555555555555ULL;
	w = (w & 0x3333333333333333ULL) + ((w >> 2) & 0x3333333333333333ULL);
	w = (w + (w >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
	return (w * 0x0101010101010101ULL) >> 56;
}

#define hweight64(w) \
	(__builtin_constant_p(w) ? (unsigned int)__builtin_popcountll(w) : \
	 __sw_hweight64(w))
#define hweight32(w) hweight64((u32)(w))
#define hweight16(w) hweight64((u16)(w))
#define hweight8(w) hweight64((u8)(w))
#define hweight_long(w) hweight64((unsigned long)(w))

/* ------------------------------------------------------------ misc */

static inline u32 rol32(u32 word, unsigned int shift)
{
	return (word << (shift & 31)) | (word >> ((-shift) & 31));
}

static inline u32 ror32(u32 word, unsigned int shift)
{
	return (word >> (shift & 31)) | (word << ((-shift) & 31));
}

static inline u64 rol64(u64 word, unsigned int shift)
{
	return (word << (shift & 63)) | (word >> ((-shift) & 63));
}

static inline u64 ror64(u64 word, unsigned int shift)
{
	return (word >> (shift & 63)) | (word << ((-shift) & 63));
}

/* Treat bit index of value as the sign bit and extend it. */
static inline s32 sign_extend32(u32 value, int index)
{
	int shift = 31 - index;

	return (s32)(value << shift) >> shift;
}

static inline s64 sign_extend64(u64 value, int index)
{
	int shift = 63 - index;

	return (s64)(value << shift) >> shift;
}

/* ------------------------------------------------------------ bitmap scans */

/*
 * All return the index of the bit found, or size if there is none.
 * offset >= size is allowed and finds nothing.
 */
unsigned long find_next_bit(const unsigned long *addr, unsigned long size,
			    unsigned long offset);
unsigned long find_next_zero_bit(const unsigned long *addr,
				 unsigned long size, unsigned long offset);
unsigned long find_next_and_bit(const unsigned long *addr1,
				const unsigned long *addr2,
				unsigned long size, unsigned long offset);
unsigned long find_last_bit(const unsigned long *addr, unsigned long size);

static inline unsigned long find_first_bit(const unsigned long *addr,
					   unsigned long size)
{
	return find_next_bit(addr, size, 0);
}

static inline unsigned long find_first_zero_bit(const unsigned long *addr,
						unsigned long size)
{
	return find_next_zero_bit(addr, size, 0);
}

#define for_each_set_bit(bit, addr, size)				\
	for ((bit) = 0;							\
	     (bit) = find_next_bit((addr), (size), (bit)), (bit) < (size); \
	     (bit)++)

/* As for_each_set_bit(), starting at the current value of bit. */
#define for_each_set_bit_from(bit, addr, size)				\
	for (;								\
	     (bit) = find_next_bit((addr), (size), (bit)), (bit) < (size); \
	     (bit)++)

#define for_each_clear_bit(bit, addr, size)				\
	for ((bit) = 0;							\
	     (bit) = find_next_zero_bit((addr), (size), (bit)), (bit) < (size); \
	     (bit)++)

#define for_each_clear_bit_from(bit, addr, size)			\
	for (;								\
	     (bit) = find_next_zero_bit((addr), (size), (bit)), (bit) < (size); \
	     (bit)++)

#include <linux/log2.h>

#endif /* _LINUX_BITOPS_H */
