/* SPDX-License-Identifier: GPL-2.0-only */
/* Helpers for code that handles secrets. */
#ifndef _CRYPTO_UTILS_H
#define _CRYPTO_UTILS_H

#include <linux/string.h>
#include <linux/compiler.h>

/*
 * Clear a buffer that held key material.  The empty asm that "uses" the
 * buffer keeps the compiler from dropping the memset as a dead store.
 */
static inline void memzero_explicit(void *s, size_t n)
{
	memset(s, 0, n);
	__asm__ __volatile__("" : : "r"(s) : "memory");
}

#endif /* _CRYPTO_UTILS_H */
