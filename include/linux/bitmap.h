/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Operations on whole bitmaps: arrays of unsigned long holding nbits bits
 * (declare one with DECLARE_BITMAP(name, nbits)).
 *
 * Bits at positions >= nbits in the last word are "don't care" on input:
 * every operation here ignores them.  Operations that write a bitmap
 * (fill, complement, and/or/...) may set them, except bitmap_fill(), which
 * leaves them clear.
 *
 * Single-bit operations and the find_* scans are in <linux/bitops.h>.
 * None of these are atomic: the caller serialises access.
 */
#ifndef _LINUX_BITMAP_H
#define _LINUX_BITMAP_H

#include <linux/types.h>
#include <linux/bitops.h>
#include <linux/string.h>

/* Mask of the bits at and above start within its word. */
#define BITMAP_FIRST_WORD_MASK(start) (~0UL << ((start) & (BITS_PER_LONG - 1)))
/* Mask of the bits below nbits within the last word (all if a multiple). */
#define BITMAP_LAST_WORD_MASK(nbits) (~0UL >> (-(nbits) & (BITS_PER_LONG - 1)))

static inline void bitmap_zero(unsigned long *dst, unsigned int nbits)
{
	memset(dst, 0, BITS_TO_LONGS(nbits) * sizeof(unsigned long));
}

static inline void bitmap_fill(unsigned long *dst, unsigned int nbits)
{
	unsigned int words = BITS_TO_LONGS(nbits);

	if (!words)
		return;
	memset(dst, 0xff, words * sizeof(unsigned long));
	dst[words - 1] &= BITMAP_LAST_WORD_MASK(nbits);
}

static inline void bitmap_copy(unsigned long *dst, const unsigned long *src,
			       unsigned int nbits)
{
	memcpy(dst, src, BITS_TO_LONGS(nbits) * sizeof(unsigned long));
}

unsigned int bitmap_weight(const unsigned long *src, unsigned int nbits);
bool bitmap_empty(const unsigned long *src, unsigned int nbits);
bool bitmap_full(const unsigned long *src, unsigned int nbits);
bool bitmap_equal(const unsigned long *a, const unsigned long *b,
		  unsigned int nbits);
bool bitmap_intersects(const unsigned long *a, const unsigned long *b,
		       unsigned int nbits);
/* Is every bit of a also set in b? */
bool bitmap_subset(const unsigned long *a, const unsigned long *b,
		   unsigned int nbits);

/* Set / clear bits start .. start + len - 1. */
void bitmap_set(unsigned long *map, unsigned int start, unsigned int len);
void bitmap_clear(unsigned long *map, unsigned int start, unsigned int len);

/* dst = a op b; the bool ones return whether dst has any bit set. */
bool bitmap_and(unsigned long *dst, const unsigned long *a, const unsigned long *b, unsigned int nbits);
bool bitmap_andnot(unsigned long *dst, const unsigned long *a, const unsigned long *b, unsigned int nbits);
void bitmap_or(unsigned long *dst, const unsigned long *a, const unsigned long *b, unsigned int nbits);
void bitmap_xor(unsigned long *dst, const unsigned long *a, const unsigned long *b, unsigned int nbits);
/* dst = ~src */
void bitmap_complement(unsigned long *dst, const unsigned long *src, unsigned int nbits);

/*
 * Find nr consecutive clear bits at or after start, all below size, whose
 * first index has every bit of align_mask clear (align_mask is alignment
 * - 1, 0 for none).  Returns that first index, or size if there is no
 * such run (so the Linux idiom "idx + nr > size means none" also works).
 */
unsigned long bitmap_find_next_zero_area(unsigned long *map,
					 unsigned long size,
					 unsigned long start,
					 unsigned int nr,
					 unsigned long align_mask);

/* lib/bitmap_str.c: "0-3,8" and hex-mask text; the length written. */
int bitmap_print_list(char *buf, size_t size, const unsigned long *bits, unsigned int nbits);
int bitmap_print_mask(char *buf, size_t size, const unsigned long *bits, unsigned int nbits);

#endif /* _LINUX_BITMAP_H */
