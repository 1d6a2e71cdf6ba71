// SPDX-License-Identifier: GPL-2.0-only
/*
 * Kernel side of the decompressor host tests (decompress_test.c): one
 * call into lib/decompress.c with plain C types only, as hostunit.h
 * asks.  Built twice: into the k_-prefixed hostunit blob, and unprefixed
 * with ASan/UBSan into the decompress_fuzz harness.
 */
#include <linux/kernel.h>
#include <linux/decompress.h>
#include "hostunit.h"

int hu_decompress(const void *in, unsigned long in_len, unsigned long *in_used,
		  unsigned long long *out_total,
		  int (*flush)(void *ctx, const void *out, unsigned long len), void *ctx,
		  char *err, unsigned long err_len)
{
	struct decompress_io io = {
		.in = in,
		.in_len = in_len,
		.flush = flush,
		.ctx = ctx,
	};
	int ret = decompress_one(&io);
	unsigned long i;

	*in_used = io.in_used;
	*out_total = io.out_total;
	for (i = 0; i + 1 < err_len && io.err[i]; i++)
		err[i] = io.err[i];
	if (err_len)
		err[i] = '\0';
	return ret;
}

int hu_decompress_supported(int fmt)
{
	return decompress_supported(fmt);
}
