// SPDX-License-Identifier: GPL-2.0-only
/*
 * Whole-bitmap operations declared in <linux/bitmap.h>: weight, emptiness
 * and equality tests, range set/clear, logical combinations and the
 * aligned free-range search used by ID and resource allocators.
 *
 * Loops run over the full words and then treat the last, partial word
 * through BITMAP_LAST_WORD_MASK(), so bits past nbits never influence a
 * result.  No locking: the caller serialises.
 */
#include <linux/bitmap.h>

#define FULL_WORDS(nbits) ((nbits) / BITS_PER_LONG)
#define TAIL_BITS(nbits) ((nbits) % BITS_PER_LONG)

unsigned int bitmap_weight(const unsigned long *src, unsigned int nbits)
{
	unsigned int i, w = 0;

	for (i = 0; i < FULL_WORDS(nbits); i++)
		w += hweight_long(src[i]);
	if (TAIL_BITS(nbits))
		w += hweight_long(src[i] & BITMAP_LAST_WORD_MASK(nbits));
	return w;
}

bool bitmap_empty(const unsigned long *src, unsigned int nbits)
{
	return find_first_bit(src, nbits) == nbits;
}

bool bitmap_full(const unsigned long *src, unsigned int nbits)
{
	return find_first_zero_bit(src, nbits) == nbits;
}

bool bitmap_equal(const unsigned long *a, const unsigned long *b,
		  unsigned int nbits)
{
	unsigned int i;

	for (i = 0; i < FULL_WORDS(nbits); i++) {
		if (a[i] != b[i])
			return false;
	}
	if (TAIL_BITS(nbits))
		return !((a[i] ^ b[i]) & BITMAP_LAST_WORD_MASK(nbits));
	return true;
}

bool bitmap_intersects(const unsigned long *a, const unsigned long *b,
		       unsigned int nbits)
{
	unsigned int i;

	for (i = 0; i < FULL_WORDS(nbits); i++) {
		if (a[i] & b[i])
			return true;
	}
	if (TAIL_BITS(nbits))
		return (a[i] & b[i]) & BITMAP_LAST_WORD_MASK(nbits);
	return false;
}

bool bitmap_subset(const unsigned long *a, const unsigned long *b,
		   unsigned int nbits)
{
	unsigned int i;

	for (i = 0; i < FULL_WORDS(nbits); i++) {
		if (a[i] & ~b[i])
			return false;
	}
	if (TAIL_BITS(nbits))
		return !((a[i] & ~b[i]) & BITMAP_LAST_WORD_MASK(nbits));
	return true;
}

/*
 * Apply a set or clear to bits [start, start + len): a partial first word,
 * whole words, a partial last word.
 */
static void bitmap_update_range(unsigned long *map, unsigned int start,
				unsigned int len, bool set)
{
	unsigned long *p = map + BIT_WORD(start);
	unsigned int end = start + len;
	unsigned long mask = BITMAP_FIRST_WORD_MASK(start);
	unsigned int bits_left = len;
	unsigned int first_room = BITS_PER_LONG - start % BITS_PER_LONG;

	if (!len)
		return;
	while (bits_left >= first_room) {
		if (set)
			*p |= mask;
		else
			*p &= ~mask;
		bits_left -= first_room;
		first_room = BITS_PER_LONG;
		mask = ~0UL;
		p++;
	}
	if (bits_left) {
		mask &= BITMAP_LAST_WORD_MASK(end);
		if (set)
			*p |= mask;
		else
			*p &= ~mask;
	}
}

void bitmap_set(unsigned long *map, unsigned int start, unsigned int len)
{
	bitmap_update_range(map, start, len, true);
}

void bitmap_clear(unsigned long *map, unsigned int start, unsigned int len)
{
	bitmap_update_range(map, start, len, false);
}

bool bitmap_and(unsigned long *dst, const unsigned long *a,
		const unsigned long *b, unsigned int nbits)
{
	unsigned int i, words = BITS_TO_LONGS(nbits);
	unsigned long any = 0;

	for (i = 0; i < words; i++)
		dst[i] = a[i] & b[i];
	for (i = 0; i < FULL_WORDS(nbits); i++)
		any |= dst[i];
	if (TAIL_BITS(nbits))
		any |= dst[i] & BITMAP_LAST_WORD_MASK(nbits);
	return any != 0;
}

bool bitmap_andnot(unsigned long *dst, const unsigned long *a,
		   const unsigned long *b, unsigned int nbits)
{
	unsigned int i, words = BITS_TO_LONGS(nbits);
	unsigned long any = 0;

	for (i = 0; i < words; i++)
		dst[i] = a[i] & ~b[i];
	for (i = 0; i < FULL_WORDS(nbits); i++)
		any |= dst[i];
	if (TAIL_BITS(nbits))
		any |= dst[i] & BITMAP_LAST_WORD_MASK(nbits);
	return any != 0;
}

void bitmap_or(unsigned long *dst, const unsigned long *a,
	       const unsigned long *b, unsigned int nbits)
{
	unsigned int i;

	for (i = 0; i < BITS_TO_LONGS(nbits); i++)
		dst[i] = a[i] | b[i];
}

void bitmap_xor(unsigned long *dst, const unsigned long *a,
		const unsigned long *b, unsigned int nbits)
{
	unsigned int i;

	for (i = 0; i < BITS_TO_LONGS(nbits); i++)
		dst[i] = a[i] ^ b[i];
}

void bitmap_complement(unsigned long *dst, const unsigned long *src,
		       unsigned int nbits)
{
	unsigned int i;

	for (i = 0; i < BITS_TO_LONGS(nbits); i++)
		dst[i] = ~src[i];
}

/*
 * Candidate index: the next clear bit, rounded up to the alignment.  If a
 * set bit lies inside the candidate run, restart just past it.
 */
unsigned long bitmap_find_next_zero_area(unsigned long *map,
					 unsigned long size,
					 unsigned long start,
					 unsigned int nr,
					 unsigned long align_mask)
{
	unsigned long index, end, busy;

	for (;;) {
		index = find_next_zero_bit(map, size, start);
		index = (index + align_mask) & ~align_mask;
		end = index + nr;
		if (index >= size || end > size)
			return size;
		busy = find_next_bit(map, end, index);
		if (busy >= end)
			return index;
		start = busy + 1;
	}
}
