// SPDX-License-Identifier: GPL-2.0-only
/*
 * Host unit tests for <linux/bitops.h>, <linux/log2.h>, <linux/bitmap.h>,
 * lib/find_bit.c and lib/bitmap.c.
 */
#include <linux/bitops.h>
#include <linux/bitmap.h>
#include <linux/log2.h>
#include <linux/sprintf.h>
#include "hostunit.h"

/* The constant forms must fold at compile time. */
_Static_assert(ilog2(4096) == 12, "ilog2 constant");
_Static_assert(ilog2(1) == 0, "ilog2(1)");
_Static_assert(roundup_pow_of_two(1000) == 1024, "roundup_pow_of_two constant");
_Static_assert(GENMASK(7, 4) == 0xf0, "GENMASK");
_Static_assert(GENMASK_ULL(63, 62) == 0xc000000000000000ULL, "GENMASK_ULL");
_Static_assert(BITS_TO_LONGS(65) == 2, "BITS_TO_LONGS");
static char ilog2_sized_array[ilog2(256)];

#define NBITS 200

static void test_word_ops(void)
{
	unsigned long w[2] = { 0, 0 };
	volatile unsigned long x = 0x80;	/* defeat constant folding */

	__set_bit(3, w);
	__set_bit(64, w);
	hu_ok(w[0] == 8 && w[1] == 1, "__set_bit across words");
	hu_ok(test_bit(64, w) && !test_bit(65, w), "test_bit");
	hu_ok(__test_and_set_bit(3, w) && !__test_and_set_bit(4, w) &&
	      w[0] == 0x18, "__test_and_set_bit");
	hu_ok(__test_and_clear_bit(4, w) && !__test_and_clear_bit(4, w),
	      "__test_and_clear_bit");
	__change_bit(0, w);
	__clear_bit(3, w);
	hu_ok(w[0] == 1, "__change_bit / __clear_bit");

	hu_ok(ffs(0) == 0 && ffs(1) == 1 && ffs(0x80) == 8, "ffs");
	hu_ok(fls(0) == 0 && fls(1) == 1 && fls(0x80000000U) == 32, "fls");
	hu_ok(fls64(0) == 0 && fls64(1ULL << 63) == 64, "fls64");
	hu_ok(__ffs(x) == 7 && __fls(x | 1) == 7 && ffz(0xffUL) == 8,
	      "__ffs / __fls / ffz");
	hu_ok(__ffs64(1ULL << 40) == 40, "__ffs64");
	hu_ok(hweight8(0xff) == 8 && hweight32(x | 0xf00) == 5 &&
	      hweight64((u64)x * 0x0101010101010101ULL) == 8 &&
	      hweight_long(~0UL) == 64, "hweight");
	hu_ok(rol32(0x80000001U, 1) == 3 && ror32(3, 1) == 0x80000001U &&
	      rol64(1, 64) == 1 && ror64(1, 1) == 1ULL << 63, "rotates");
	hu_ok(sign_extend32(0x80, 7) == -128 && sign_extend32(0x7f, 7) == 127 &&
	      sign_extend64(0xfff, 11) == -1, "sign_extend");
}

static void test_log2(void)
{
	volatile unsigned long v = 4097;
	int ok = 1;
	unsigned long n;

	hu_ok(sizeof(ilog2_sized_array) == 8, "ilog2 usable as an array size");
	hu_ok(ilog2(v) == 12 && ilog2((u64)v << 40) == 52, "ilog2 runtime");
	hu_ok(roundup_pow_of_two(v) == 8192 &&
	      rounddown_pow_of_two(v) == 4096, "pow_of_two rounding runtime");
	for (n = 1; n < 5000; n++) {
		unsigned long up = roundup_pow_of_two(n);

		if (!is_power_of_2(up) || up < n || (up > 1 && up / 2 >= n))
			ok = 0;
	}
	hu_ok(ok, "roundup_pow_of_two(1..4999) is the next power of two");
	hu_ok(is_power_of_2(1) && !is_power_of_2(0) && !is_power_of_2(6),
	      "is_power_of_2");
	hu_ok(order_base_2(1) == 0 && order_base_2(5) == 3 &&
	      order_base_2(8) == 3, "order_base_2");
	hu_ok(get_count_order(1) == 0 && get_count_order(3) == 2 &&
	      get_count_order(4) == 2, "get_count_order");
}

static void test_find_bit(void)
{
	DECLARE_BITMAP(map, NBITS);
	DECLARE_BITMAP(other, NBITS);
	unsigned long bit, count = 0, sum = 0;

	bitmap_zero(map, NBITS);
	hu_ok(find_first_bit(map, NBITS) == NBITS &&
	      find_last_bit(map, NBITS) == NBITS, "find on an empty bitmap");
	__set_bit(0, map);
	__set_bit(63, map);
	__set_bit(64, map);
	__set_bit(199, map);
	hu_ok(find_first_bit(map, NBITS) == 0, "find_first_bit");
	hu_ok(find_next_bit(map, NBITS, 1) == 63 &&
	      find_next_bit(map, NBITS, 65) == 199 &&
	      find_next_bit(map, NBITS, 200) == NBITS &&
	      find_next_bit(map, 150, 65) == 150, "find_next_bit");
	hu_ok(find_last_bit(map, NBITS) == 199 && find_last_bit(map, 199) == 64,
	      "find_last_bit respects size");
	hu_ok(find_first_zero_bit(map, NBITS) == 1 &&
	      find_next_zero_bit(map, NBITS, 63) == 65, "find_*_zero_bit");

	for_each_set_bit(bit, map, NBITS) {
		count++;
		sum += bit;
	}
	hu_ok(count == 4 && sum == 0 + 63 + 64 + 199, "for_each_set_bit");
	count = 0;
	for_each_clear_bit(bit, map, 70)
		count++;
	hu_check_long(count, 67, "for_each_clear_bit");

	bitmap_zero(other, NBITS);
	__set_bit(64, other);
	__set_bit(100, other);
	hu_ok(find_next_and_bit(map, other, NBITS, 0) == 64 &&
	      find_next_and_bit(map, other, NBITS, 65) == NBITS,
	      "find_next_and_bit");

	/* Bits past size in the last word must be ignored. */
	map[0] = ~0UL;
	hu_ok(find_first_zero_bit(map, 64) == 64 &&
	      find_first_zero_bit(map, 10) == 10, "zero search clamps to size");
}

static void test_bitmap_ops(void)
{
	DECLARE_BITMAP(a, NBITS);
	DECLARE_BITMAP(b, NBITS);
	DECLARE_BITMAP(c, NBITS);
	bool ok = true;
	unsigned int i;

	bitmap_fill(a, NBITS);
	hu_ok(bitmap_weight(a, NBITS) == NBITS && bitmap_full(a, NBITS) &&
	      a[3] == (1UL << (NBITS - 192)) - 1, "bitmap_fill leaves the tail clear");
	bitmap_zero(a, NBITS);
	hu_ok(bitmap_empty(a, NBITS) && !bitmap_full(a, NBITS), "bitmap_zero");

	bitmap_set(a, 60, 10);
	for (i = 0; i < NBITS; i++)
		if (test_bit(i, a) != (i >= 60 && i < 70))
			ok = false;
	hu_ok(ok && bitmap_weight(a, NBITS) == 10, "bitmap_set across a word");
	bitmap_set(a, 0, NBITS);
	bitmap_clear(a, 1, 198);
	hu_ok(bitmap_weight(a, NBITS) == 2 && test_bit(0, a) && test_bit(199, a),
	      "bitmap_clear of a long range");
	bitmap_clear(a, 0, 0);
	hu_ok(bitmap_weight(a, NBITS) == 2, "bitmap_clear of nothing");
	bitmap_set(a, 130, 1);
	hu_ok(bitmap_weight(a, 131) == 2 && bitmap_weight(a, 130) == 1,
	      "bitmap_weight counts only nbits");

	bitmap_zero(b, NBITS);
	bitmap_set(b, 100, 50);
	hu_ok(!bitmap_and(c, a, b, NBITS) || bitmap_weight(c, NBITS) == 1,
	      "bitmap_and");
	hu_ok(bitmap_and(c, a, b, NBITS) && test_bit(130, c), "bitmap_and result");
	bitmap_or(c, a, b, NBITS);
	hu_check_long(bitmap_weight(c, NBITS), 52, "bitmap_or");
	bitmap_xor(c, a, b, NBITS);
	hu_check_long(bitmap_weight(c, NBITS), 51, "bitmap_xor");
	hu_ok(bitmap_andnot(c, b, a, NBITS) && bitmap_weight(c, NBITS) == 49,
	      "bitmap_andnot");
	bitmap_complement(c, b, NBITS);
	hu_check_long(bitmap_weight(c, NBITS), NBITS - 50, "bitmap_complement");
	hu_ok(bitmap_intersects(a, b, NBITS) && !bitmap_intersects(a, b, 130),
	      "bitmap_intersects");
	bitmap_copy(c, b, NBITS);
	hu_ok(bitmap_equal(b, c, NBITS) && bitmap_subset(b, c, NBITS) &&
	      !bitmap_subset(a, b, NBITS), "bitmap_copy / equal / subset");
	c[3] ^= 1UL << 63;	/* bit 255: beyond NBITS */
	hu_ok(bitmap_equal(b, c, NBITS), "bitmap_equal ignores bits past nbits");

	bitmap_zero(a, NBITS);
	bitmap_set(a, 0, 5);
	bitmap_set(a, 9, 1);
	/* Free: 5..8 (a 4-bit gap), then 10 onwards. */
	hu_check_long(bitmap_find_next_zero_area(a, NBITS, 0, 4, 0), 5,
		      "find_next_zero_area fits in a gap");
	hu_check_long(bitmap_find_next_zero_area(a, NBITS, 0, 5, 0), 10,
		      "find_next_zero_area skips a short gap");
	hu_check_long(bitmap_find_next_zero_area(a, NBITS, 0, 4, 7), 16,
		      "find_next_zero_area honours alignment");
	hu_check_long(bitmap_find_next_zero_area(a, 20, 0, 10, 0), 10,
		      "find_next_zero_area run ending at size");
	hu_check_long(bitmap_find_next_zero_area(a, 20, 0, 11, 0), 20,
		      "find_next_zero_area reports no room");
}

void hu_test_bitops(void)
{
	test_word_ops();
	test_log2();
	test_find_bit();
	test_bitmap_ops();
}
