// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of lib/checksum.c beyond the IPv4 ones (net/ipv4/ip_test.c):
 * csum_partial_copy() must copy exactly the bytes asked for and give the
 * same sum as csum_partial() at every alignment and length, and runs of
 * 0xff bytes (a carry out of every word) must still fold right.
 */
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/random.h>
#include <linux/slab.h>
#include <linux/selftest.h>
#include <net/checksum.h>

#define CT_BUF	1600

static int csum_copy_test(void)
{
	u8 *src = kmalloc(CT_BUF, GFP_KERNEL), *dst = kmalloc(CT_BUF + 16, GFP_KERNEL);
	int bad = 0;

	if (!src || !dst) {
		kfree(src);
		kfree(dst);
		ST_ASSERT(0, "no memory");
	}
	get_random_bytes(src, CT_BUF);
	for (int off = 0; off < 8 && !bad; off++) {
		for (int len = 0; len + off + 8 <= CT_BUF; len += 1 + (len >> 4)) {
			__wsum a, b;

			memset(dst, 0x5a, CT_BUF + 16);
			a = csum_partial_copy(src + off, dst + 3, len, 7);
			b = csum_partial(src + off, len, 7);
			if (csum_fold(a) != csum_fold(b) || memcmp(dst + 3, src + off, len) ||
			    dst[2] != 0x5a || dst[3 + len] != 0x5a) {
				st_diag("off %d len %d: %x vs %x", off, len, a, b);
				bad = 1;
				break;
			}
		}
	}
	/* 0xff words carry out of every addition: the sum of 0xffff words is 0xffff */
	memset(src, 0xff, CT_BUF);
	if (!bad && csum_fold(csum_partial(src, CT_BUF, 0)) != 0)
		bad = 2;
	kfree(src);
	kfree(dst);
	ST_ASSERT(!bad, "csum_partial_copy/carries wrong (%d)", bad);
	return 0;
}
DEFINE_SELFTEST("lib: checksum while copying, and carries", csum_copy_test);
