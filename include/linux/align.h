/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Alignment of integers and pointers to a power-of-two boundary a.
 * The result has the type of x; a is converted to that type first so a
 * 32-bit constant cannot truncate a 64-bit address mask.
 */
#ifndef _LINUX_ALIGN_H
#define _LINUX_ALIGN_H

#define __align_mask(x, a) ((__typeof__(x))(a) - 1)

/* Round x up / down to a multiple of a (a must be a power of two). */
#define ALIGN(x, a) (((x) + __align_mask(x, a)) & ~__align_mask(x, a))
#define ALIGN_DOWN(x, a) ((x) & ~__align_mask(x, a))
#define IS_ALIGNED(x, a) (((x) & __align_mask(x, a)) == 0)

#define PTR_ALIGN(p, a) ((__typeof__(p))ALIGN((unsigned long)(p), (a)))
#define PTR_ALIGN_DOWN(p, a) ((__typeof__(p))ALIGN_DOWN((unsigned long)(p), (a)))
#define PTR_IS_ALIGNED(p, a) IS_ALIGNED((unsigned long)(p), (a))

#endif /* _LINUX_ALIGN_H */
