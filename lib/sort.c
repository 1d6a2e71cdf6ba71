// SPDX-License-Identifier: GPL-2.0-only
/*
 * sort() and sort_r(): heapsort over an array of fixed-size elements
 * (contract in <linux/sort.h>).
 *
 * Heapsort because the kernel wants a bounded worst case and no stack
 * growth: the array is first arranged as a binary max-heap (children of
 * element i at 2i+1 and 2i+2), then the maximum is repeatedly swapped to
 * the end and the shrunken heap repaired by sifting down.
 *
 * No locking: the caller owns the array for the duration.
 */
#include <linux/sort.h>

typedef unsigned long __attribute__((__may_alias__)) sort_word_t;
typedef unsigned int __attribute__((__may_alias__)) sort_u32_t;

static void swap_words(void *a, void *b, size_t size)
{
	sort_word_t *p = a, *q = b, t;

	for (; size; size -= sizeof(*p)) {
		t = *p;
		*p++ = *q;
		*q++ = t;
	}
}

static void swap_u32s(void *a, void *b, size_t size)
{
	sort_u32_t *p = a, *q = b, t;

	for (; size; size -= sizeof(*p)) {
		t = *p;
		*p++ = *q;
		*q++ = t;
	}
}

static void swap_bytes(void *a, void *b, size_t size)
{
	unsigned char *p = a, *q = b, t;

	while (size--) {
		t = *p;
		*p++ = *q;
		*q++ = t;
	}
}

/* Everything one sort needs, so the helpers take a single pointer. */
struct sort_ctx {
	char *base;
	size_t size;
	cmp_r_func_t cmp;
	swap_r_func_t swap;
	const void *priv;
	void (*builtin_swap)(void *a, void *b, size_t size);
};

static int ctx_cmp(const struct sort_ctx *ctx, size_t i, size_t j)
{
	return ctx->cmp(ctx->base + i * ctx->size, ctx->base + j * ctx->size,
			ctx->priv);
}

static void ctx_swap(const struct sort_ctx *ctx, size_t i, size_t j)
{
	void *a = ctx->base + i * ctx->size;
	void *b = ctx->base + j * ctx->size;

	if (ctx->swap)
		ctx->swap(a, b, (int)ctx->size, ctx->priv);
	else
		ctx->builtin_swap(a, b, ctx->size);
}

/* Restore the heap property below root, in a heap of n elements. */
static void sift_down(const struct sort_ctx *ctx, size_t root, size_t n)
{
	size_t child;

	while ((child = 2 * root + 1) < n) {
		if (child + 1 < n && ctx_cmp(ctx, child, child + 1) < 0)
			child++;
		if (ctx_cmp(ctx, root, child) >= 0)
			return;
		ctx_swap(ctx, root, child);
		root = child;
	}
}

static void heapsort(const struct sort_ctx *ctx, size_t num)
{
	size_t i;

	for (i = num / 2; i > 0; i--)
		sift_down(ctx, i - 1, num);
	for (i = num - 1; i > 0; i--) {
		ctx_swap(ctx, 0, i);
		sift_down(ctx, 0, i);
	}
}

static void (*pick_swap(const void *base, size_t size))(void *, void *, size_t)
{
	unsigned long align = (unsigned long)base | size;

	if (!(align % sizeof(unsigned long)))
		return swap_words;
	if (!(align % sizeof(unsigned int)))
		return swap_u32s;
	return swap_bytes;
}

void sort_r(void *base, size_t num, size_t size, cmp_r_func_t cmp,
	    swap_r_func_t swap, const void *priv)
{
	struct sort_ctx ctx = {
		.base = base,
		.size = size,
		.cmp = cmp,
		.swap = swap,
		.priv = priv,
		.builtin_swap = pick_swap(base, size),
	};

	if (num < 2 || !size)
		return;
	heapsort(&ctx, num);
}

/*
 * sort() adapts the priv-less callbacks: the user's functions travel in
 * priv and small trampolines call them.
 */
struct sort_plain {
	cmp_func_t cmp;
	swap_func_t swap;
};

static int plain_cmp(const void *a, const void *b, const void *priv)
{
	const struct sort_plain *plain = priv;

	return plain->cmp(a, b);
}

static void plain_swap(void *a, void *b, int size, const void *priv)
{
	const struct sort_plain *plain = priv;

	plain->swap(a, b, size);
}

void sort(void *base, size_t num, size_t size, cmp_func_t cmp,
	  swap_func_t swap)
{
	struct sort_plain plain = { cmp, swap };

	sort_r(base, num, size, plain_cmp, swap ? plain_swap : NULL, &plain);
}
