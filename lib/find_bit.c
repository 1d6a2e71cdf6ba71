// SPDX-License-Identifier: GPL-2.0-only
/*
 * Bitmap searches: find_next_bit(), find_next_zero_bit(),
 * find_next_and_bit(), find_last_bit() (declared in <linux/bitops.h>).
 *
 * Each scans a word at a time.  The first word is masked so bits below the
 * start offset are ignored, and a hit is clamped to size, so bits past the
 * end of the bitmap in its last word never count.
 *
 * No locking: a concurrent writer may make the answer stale but never
 * makes the scan run off the bitmap.
 */
#include <linux/bitops.h>

/*
 * The one scan behind the find_next_*() variants: word i of the bitmap
 * searched is (a[i] ^ invert) & b[i], with b == NULL meaning all ones.
 */
static __always_inline unsigned long find_next(const unsigned long *a,
					       const unsigned long *b,
					       unsigned long invert,
					       unsigned long size,
					       unsigned long offset)
{
	unsigned long idx, w, found;

	if (offset >= size)
		return size;

	idx = offset / BITS_PER_LONG;
	w = (a[idx] ^ invert) & (b ? b[idx] : ~0UL);
	w &= ~0UL << (offset % BITS_PER_LONG);
	while (!w) {
		if (++idx * BITS_PER_LONG >= size)
			return size;
		w = (a[idx] ^ invert) & (b ? b[idx] : ~0UL);
	}
	found = idx * BITS_PER_LONG + __ffs(w);
	return found < size ? found : size;
}

unsigned long find_next_bit(const unsigned long *addr, unsigned long size,
			    unsigned long offset)
{
	return find_next(addr, NULL, 0, size, offset);
}

unsigned long find_next_zero_bit(const unsigned long *addr,
				 unsigned long size, unsigned long offset)
{
	return find_next(addr, NULL, ~0UL, size, offset);
}

unsigned long find_next_and_bit(const unsigned long *addr1,
				const unsigned long *addr2,
				unsigned long size, unsigned long offset)
{
	return find_next(addr1, addr2, 0, size, offset);
}

/* Highest set bit below size, or size if none. */
unsigned long find_last_bit(const unsigned long *addr, unsigned long size)
{
	unsigned long idx, w;

	if (!size)
		return size;
	idx = (size - 1) / BITS_PER_LONG;
	/* Ignore the bits of the last word that lie at or past size. */
	w = addr[idx] & (~0UL >> (-size % BITS_PER_LONG));
	for (;;) {
		if (w)
			return idx * BITS_PER_LONG + __fls(w);
		if (!idx)
			return size;
		w = addr[--idx];
	}
}
