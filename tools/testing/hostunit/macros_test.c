// SPDX-License-Identifier: GPL-2.0-only
/*
 * Host unit tests for the small headers: min/max/clamp, ALIGN and the
 * rounding helpers, abs, container_of, ARRAY_SIZE, the limits; and the
 * errno table that main.c compares with the host's.
 */
#include <linux/minmax.h>
#include <linux/align.h>
#include <linux/math.h>
#include <linux/limits.h>
#include <linux/container_of.h>
#include <linux/array_size.h>
#include <uapi/asm-generic/errno.h>
#include "hostunit.h"

#define ERRNO(name) { #name, name },
const struct hu_errno hu_errno_table[] = {
#include "errno_list.h"
};
#undef ERRNO
const int hu_errno_count = ARRAY_SIZE(hu_errno_table);

struct outer {
	int a;
	char b;
	long inner;
};

static int side_effects;

static int bump(int v)
{
	side_effects++;
	return v;
}

static void test_minmax(void)
{
	unsigned long len = 100;
	unsigned char small = 200;
	int neg = -5;
	long long big = 1LL << 40;
	int x = 3, y = 9;

	hu_ok(min(3, 9) == 3 && max(3, 9) == 9, "min/max of ints");
	hu_ok(min(len, 64) == 64 && max(len, 64) == 100,
	      "min/max with a non-negative constant");
	hu_ok(min(small, 300) == 200, "min promotes u8 against int");
	hu_ok(min(neg, 0) == -5 && max(neg, 7) == 7, "min/max of negatives");
	hu_ok(min_t(int, len, -1) == -1, "min_t casts both sides");
	hu_ok(max_t(long long, big, 5) == big, "max_t with long long");
	hu_ok(umin(-1, 5) == 5, "umin compares as unsigned");
	hu_ok(min3(5, 2, 8) == 2 && max3(5, 2, 8) == 8, "min3 / max3");
	hu_ok(min_not_zero(0, 4) == 4 && min_not_zero(3, 4) == 3 &&
	      min_not_zero(0, 0) == 0, "min_not_zero");
	hu_ok(clamp(15, 0, 10) == 10 && clamp(-3, 0, 10) == 0 &&
	      clamp(5, 0, 10) == 5, "clamp");
	hu_ok(clamp_t(u8, 300, 0, 255) == 44, "clamp_t casts first");
	hu_ok(clamp_val(small, 10, 100) == 100, "clamp_val in the value's type");
	side_effects = 0;
	hu_ok(min(bump(4), bump(2)) == 2 && side_effects == 2,
	      "min evaluates each argument once");
	hu_ok(min(min(x, y), min(y, 1)) == 1, "nested min");
	swap(x, y);
	hu_ok(x == 9 && y == 3, "swap");
	hu_ok(MIN(2, 3) == 2 && MAX(2, 3) == 3, "MIN / MAX");
}

static void test_align_math(void)
{
	unsigned long addr = 0xffffffff81001234UL;
	char buf[64];
	char *p = &buf[3];

	hu_ok(ALIGN(addr, 4096) == 0xffffffff81002000UL, "ALIGN up");
	hu_ok(ALIGN(0x2000UL, 4096) == 0x2000UL, "ALIGN of aligned value");
	hu_ok(ALIGN_DOWN(addr, 4096) == 0xffffffff81001000UL, "ALIGN_DOWN");
	hu_ok(IS_ALIGNED(0x3000UL, 4096) && !IS_ALIGNED(addr, 4096), "IS_ALIGNED");
	hu_ok(ALIGN((u64)0x100000001ULL, 0x1000) == 0x100001000ULL,
	      "ALIGN keeps the 64-bit mask with an int alignment");
	hu_ok(PTR_IS_ALIGNED(PTR_ALIGN(p, 8), 8) && PTR_ALIGN(p, 8) >= p &&
	      PTR_ALIGN(p, 8) < p + 8, "PTR_ALIGN");
	hu_ok(DIV_ROUND_UP(10, 4) == 3 && DIV_ROUND_UP(8, 4) == 2, "DIV_ROUND_UP");
	hu_ok(DIV_ROUND_UP_ULL(1ULL << 40, 3) == 366503875926ULL,
	      "DIV_ROUND_UP_ULL");
	hu_ok(DIV_ROUND_CLOSEST(7, 2) == 4 && DIV_ROUND_CLOSEST(5, 3) == 2,
	      "DIV_ROUND_CLOSEST");
	hu_ok(round_up(13, 8) == 16 && round_down(13, 8) == 8 &&
	      round_up(16, 8) == 16, "round_up / round_down");
	hu_ok(roundup(13, 5) == 15 && rounddown(13, 5) == 10, "roundup / rounddown");
	hu_ok(abs(-5) == 5 && abs(5) == 5 && abs(-5L) == 5L &&
	      abs(LLONG_MIN + 1) == LLONG_MAX && abs(7U) == 7U, "abs");
	hu_ok(upper_32_bits(0x123456789abcdef0ULL) == 0x12345678 &&
	      lower_32_bits(0x123456789abcdef0ULL) == 0x9abcdef0,
	      "upper/lower_32_bits");
	hu_ok(upper_32_bits(5U) == 0, "upper_32_bits of a 32-bit value");
}

static void test_container_limits(void)
{
	struct outer o;
	long *ip = &o.inner;
	int arr[7];
	char carr[3][5];

	hu_ok(container_of(ip, struct outer, inner) == &o, "container_of");
	hu_ok(container_of_or_null((long *)NULL, struct outer, inner) == NULL,
	      "container_of_or_null");
	hu_ok(ARRAY_SIZE(arr) == 7 && ARRAY_SIZE(carr) == 3, "ARRAY_SIZE");
	hu_ok(INT_MAX == 2147483647 && INT_MIN == -INT_MAX - 1 &&
	      UINT_MAX == 4294967295U && LONG_MAX == 9223372036854775807L &&
	      ULONG_MAX == 18446744073709551615UL, "int/long limits");
	hu_ok(U8_MAX == 255 && S8_MIN == -128 && S16_MAX == 32767 &&
	      U16_MAX == 65535 && U32_MAX == 4294967295U &&
	      S64_MIN == (-9223372036854775807LL - 1) && SIZE_MAX == ULONG_MAX,
	      "fixed-width limits");
	hu_ok(sizeof(U8_MAX) == 1 && sizeof(S16_MAX) == 2 && sizeof(INT_MAX) == 4 &&
	      sizeof(SIZE_MAX) == 8, "limits have their types");
}

void hu_test_macros(void)
{
	test_minmax();
	test_align_math();
	test_container_limits();
}
