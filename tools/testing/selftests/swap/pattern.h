/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * swap/pattern.h - the data the swap tests write into anonymous memory:
 * word i of generation gen is different in every page and every
 * generation, so a page that comes back from the wrong slot, a page of
 * another generation or a zero page is caught.  Header-only, for
 * swap/anon.c and swap/ioerr.c.
 */
#ifndef SWAP_PATTERN_H
#define SWAP_PATTERN_H

#include <stddef.h>
#include <stdint.h>

static inline uint64_t pattern(size_t i, unsigned int gen)
{
	return (i * 0x9e3779b97f4a7c15ULL) ^ ((uint64_t)gen << 56) ^ 0x5a5a;
}

static inline void pattern_fill(uint64_t *p, size_t words, unsigned int gen)
{
	for (size_t i = 0; i < words; i++)
		p[i] = pattern(i, gen);
}

/* Index of the first word of p[0..words) that gen did not write, or words. */
static inline size_t pattern_first_bad(const uint64_t *p, size_t words, unsigned int gen)
{
	for (size_t i = 0; i < words; i++)
		if (p[i] != pattern(i, gen))
			return i;
	return words;
}

#endif /* SWAP_PATTERN_H */
