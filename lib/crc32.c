// SPDX-License-Identifier: GPL-2.0-only
/*
 * CRC-32 with the IEEE 802.3 polynomial, bit-reflected (least significant
 * bit first), as RFC 1952 (gzip) and the .xz format specify it: register
 * preset to all ones, result complemented.  Interface: <linux/crc32.h>.
 *
 * A byte at a time through a 256-entry table, built on first use from
 * the polynomial (0xEDB88320 reflected).  Two CPUs building it at once
 * write the same values, so that race is harmless.
 */
#include <linux/kernel.h>
#include <linux/crc32.h>

#define CRC32_POLY_REFLECTED	0xEDB88320U

static u32 crc32_table[256];
static bool crc32_table_ready;

static void crc32_build_table(void)
{
	for (u32 i = 0; i < 256; i++) {
		u32 r = i;

		for (int bit = 0; bit < 8; bit++)
			r = (r >> 1) ^ (CRC32_POLY_REFLECTED & (0U - (r & 1)));
		crc32_table[i] = r;
	}
	__atomic_store_n(&crc32_table_ready, true, __ATOMIC_RELEASE);
}

u32 crc32_ieee(u32 crc, const void *buf, size_t len)
{
	const u8 *p = buf;

	if (!__atomic_load_n(&crc32_table_ready, __ATOMIC_ACQUIRE))
		crc32_build_table();
	crc = ~crc;
	while (len--)
		crc = crc32_table[(crc ^ *p++) & 0xff] ^ (crc >> 8);
	return ~crc;
}
