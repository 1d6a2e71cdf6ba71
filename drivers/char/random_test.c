// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of the random number generator's interface: draws differ,
 * the output is balanced at the bit level, get_random_u32_below() stays
 * in range and reaches every value.  (The ChaCha20 block function itself
 * is checked against RFC 8439 in lib/crypto/chacha_test.c.)
 */
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/selftest.h>
#include <linux/random.h>
#include <linux/vmalloc.h>
#include <linux/timekeeping.h>
#include <linux/bitops.h>

/* Without RDSEED/RDRAND this runs the timer-jitter collection (about 1 s). */
static int random_wait_test(void)
{
	u64 t0 = ktime_get_ns();

	ST_ASSERT(wait_for_random_bytes() == 0, "wait_for_random_bytes failed");
	ST_ASSERT(rng_is_initialized(), "still not seeded");
	st_diag("seeded after waiting %llu ms", (ktime_get_ns() - t0) / NSEC_PER_MSEC);
	return 0;
}
DEFINE_SELFTEST("random: wait_for_random_bytes seeds the CRNG", random_wait_test);

static int random_draws_differ_test(void)
{
	u8 a[64], b[64];

	get_random_bytes(a, sizeof(a));
	get_random_bytes(b, sizeof(b));
	ST_ASSERT(memcmp(a, b, sizeof(a)), "two 64-byte draws are equal");
	ST_ASSERT(get_random_u64() != get_random_u64(), "two u64 draws are equal");
	return 0;
}
DEFINE_SELFTEST("random: successive draws differ", random_draws_differ_test);

/*
 * 2^19 bits: the count of ones has a standard deviation of 362, so
 * +-4000 (11 sigma) never fails by chance but catches any real bias.
 */
static int random_balance_test(void)
{
	const size_t len = 64 * 1024;
	u8 *buf = vmalloc(len);
	unsigned long ones = 0, expect = len * 4;
	u8 odd = 0;

	ST_ASSERT(buf, "no memory");
	get_random_bytes(buf, len - 1);	/* an odd length, to cover the tail block */
	for (size_t i = 0; i < len - 1; i++) {
		ones += hweight8(buf[i]);
		odd |= buf[i];
	}
	vfree(buf);
	expect -= 4;
	st_diag("%lu ones in %zu bits", ones, (len - 1) * 8);
	ST_ASSERT(ones > expect - 4000 && ones < expect + 4000, "bias: %lu ones, expected %lu",
		  ones, expect);
	ST_ASSERT(odd == 0xff, "some bit position never set");
	return 0;
}
DEFINE_SELFTEST("random: 64 KiB of output is bit-balanced", random_balance_test);

static int random_below_test(void)
{
	unsigned int seen = 0;

	for (int i = 0; i < 2000; i++) {
		u32 v = get_random_u32_below(10);

		ST_ASSERT(v < 10, "got %u", v);
		seen |= 1U << v;
	}
	ST_ASSERT(seen == 0x3ff, "values reached: %#x", seen);
	ST_ASSERT(get_random_u32_below(1) == 0 && get_random_u32_below(0) == 0, "ceil 0/1");
	return 0;
}
DEFINE_SELFTEST("random: get_random_u32_below stays in range, reaches every value",
		random_below_test);
