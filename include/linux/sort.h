/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * In-place array sorting (lib/sort.c): heapsort, O(n log n) time in the
 * worst case, no recursion, no allocation.  Not stable.
 *
 * cmp(a, b) returns <0, 0 or >0 as *a sorts before, equal to or after *b.
 * swap may be NULL, which picks a built-in element swap (word-wise when
 * size and base allow it); pass one only for elements that need fixing up
 * when moved (e.g. self-referencing pointers).
 *
 * sort_r() passes priv through to both callbacks.
 */
#ifndef _LINUX_SORT_H
#define _LINUX_SORT_H

#include <linux/types.h>

typedef int (*cmp_func_t)(const void *a, const void *b);
typedef void (*swap_func_t)(void *a, void *b, int size);
typedef int (*cmp_r_func_t)(const void *a, const void *b, const void *priv);
typedef void (*swap_r_func_t)(void *a, void *b, int size, const void *priv);

void sort(void *base, size_t num, size_t size, cmp_func_t cmp,
	  swap_func_t swap);
void sort_r(void *base, size_t num, size_t size, cmp_r_func_t cmp,
	    swap_r_func_t swap, const void *priv);

#endif /* _LINUX_SORT_H */
