// SPDX-License-Identifier: GPL-2.0-only
/*
 * CRC-64 with the ECMA-182 polynomial, bit-reflected, as the .xz format
 * specifies it for its CRC64 check: register preset to all ones, result
 * complemented.  Interface: <linux/crc64.h>.
 *
 * A byte at a time through a 256-entry table built on first use from the
 * reflected polynomial 0xC96C5795D7870F42 (a racing second builder
 * writes the same values).
 */
#include <linux/kernel.h>
#include <linux/crc64.h>

#define CRC64_POLY_REFLECTED	0xC96C5795D7870F42ULL

static u64 crc64_table[256];
static bool crc64_table_ready;

static void crc64_build_table(void)
{
	for (u32 i = 0; i < 256; i++) {
		u64 r = i;

		for (int bit = 0; bit < 8; bit++)
			r = (r >> 1) ^ (CRC64_POLY_REFLECTED & (0ULL - (r & 1)));
		crc64_table[i] = r;
	}
	__atomic_store_n(&crc64_table_ready, true, __ATOMIC_RELEASE);
}

u64 crc64_ecma(u64 crc, const void *buf, size_t len)
{
	const u8 *p = buf;

	if (!__atomic_load_n(&crc64_table_ready, __ATOMIC_ACQUIRE))
		crc64_build_table();
	crc = ~crc;
	while (len--)
		crc = crc64_table[(crc ^ *p++) & 0xff] ^ (crc >> 8);
	return ~crc;
}
