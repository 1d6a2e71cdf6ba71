/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Bit numbering constants and masks: BIT(), GENMASK(), and where bit nr of
 * a bitmap lives (BIT_WORD(nr) is its word, BIT_MASK(nr) its mask within
 * that word).  Bitmaps are arrays of unsigned long, bit 0 being the least
 * significant bit of word 0.
 */
#ifndef _LINUX_BITS_H
#define _LINUX_BITS_H

#define BITS_PER_BYTE		8
#define BITS_PER_LONG		64
#define BITS_PER_LONG_LONG	64

#define BIT(nr)			(1UL << (nr))
#define BIT_ULL(nr)		(1ULL << (nr))
#define BIT_MASK(nr)		(1UL << ((nr) % BITS_PER_LONG))
#define BIT_WORD(nr)		((nr) / BITS_PER_LONG)
#define BIT_ULL_MASK(nr)	(1ULL << ((nr) % BITS_PER_LONG_LONG))
#define BIT_ULL_WORD(nr)	((nr) / BITS_PER_LONG_LONG)

/* Contiguous mask of bits l..h inclusive (h >= l), e.g. GENMASK(7, 4) = 0xf0. */
#define GENMASK(h, l) \
	((~0UL << (l)) & (~0UL >> (BITS_PER_LONG - 1 - (h))))
#define GENMASK_ULL(h, l) \
	((~0ULL << (l)) & (~0ULL >> (BITS_PER_LONG_LONG - 1 - (h))))

#define BITS_PER_TYPE(type)	(sizeof(type) * BITS_PER_BYTE)
#define BITS_TO_LONGS(nr)	(((nr) + BITS_PER_LONG - 1) / BITS_PER_LONG)
#define BITS_TO_U64(nr)		(((nr) + 63) / 64)
#define BITS_TO_U32(nr)		(((nr) + 31) / 32)
#define BITS_TO_BYTES(nr)	(((nr) + BITS_PER_BYTE - 1) / BITS_PER_BYTE)

#define DECLARE_BITMAP(name, bits) unsigned long name[BITS_TO_LONGS(bits)]

#endif /* _LINUX_BITS_H */
