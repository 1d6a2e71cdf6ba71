// SPDX-License-Identifier: GPL-2.0-only
/*
 * Host unit tests for lib/sort.c: random arrays of several element sizes
 * (word, u32, odd-sized byte elements), a custom swap, sort_r() with a
 * private argument, and the degenerate sizes.
 */
#include <linux/sort.h>
#include <linux/string.h>
#include "hostunit.h"

#define NELEM 1000

static unsigned long long seed = 0x1234567887654321ULL;

static int cmp_ulong(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a;
	unsigned long y = *(const unsigned long *)b;

	return x < y ? -1 : x > y;
}

static int cmp_u32(const void *a, const void *b)
{
	u32 x = *(const u32 *)a, y = *(const u32 *)b;

	return x < y ? -1 : x > y;
}

/* 3-byte elements: compare as big-endian 24-bit numbers. */
static int cmp_3bytes(const void *a, const void *b)
{
	return memcmp(a, b, 3);
}

static int swaps;

static void swap_u32_counting(void *a, void *b, int size)
{
	u32 t = *(u32 *)a;

	*(u32 *)a = *(u32 *)b;
	*(u32 *)b = t;
	swaps++;
}

/* priv points at a direction: +1 ascending, -1 descending. */
static int cmp_u32_dir(const void *a, const void *b, const void *priv)
{
	int dir = *(const int *)priv;

	return dir * cmp_u32(a, b);
}

static unsigned long ulongs[NELEM];
static u32 u32s[NELEM];
static unsigned char triples[NELEM][3];

static void test_sort_ulong(void)
{
	unsigned long sum = 0, sum_after = 0;
	bool sorted = true;
	int i;

	for (i = 0; i < NELEM; i++) {
		ulongs[i] = hu_rand_next(&seed) % 500;	/* many duplicates */
		sum += ulongs[i];
	}
	sort(ulongs, NELEM, sizeof(ulongs[0]), cmp_ulong, NULL);
	for (i = 0; i < NELEM; i++) {
		sum_after += ulongs[i];
		if (i && ulongs[i - 1] > ulongs[i])
			sorted = false;
	}
	hu_ok(sorted, "sort 1000 unsigned longs with duplicates");
	hu_ok(sum == sum_after, "sort keeps the elements (checksum)");
}

static void test_sort_u32_custom_swap(void)
{
	bool sorted = true;
	int i, dir;

	for (i = 0; i < NELEM; i++)
		u32s[i] = (u32)hu_rand_next(&seed);
	swaps = 0;
	sort(u32s, NELEM, sizeof(u32s[0]), cmp_u32, swap_u32_counting);
	for (i = 1; i < NELEM; i++)
		if (u32s[i - 1] > u32s[i])
			sorted = false;
	hu_ok(sorted && swaps > 0, "sort u32 with a caller-supplied swap");

	dir = -1;
	sort_r(u32s, NELEM, sizeof(u32s[0]), cmp_u32_dir, NULL, &dir);
	sorted = true;
	for (i = 1; i < NELEM; i++)
		if (u32s[i - 1] < u32s[i])
			sorted = false;
	hu_ok(sorted, "sort_r passes priv (descending order)");
}

static void test_sort_odd_size(void)
{
	unsigned int sum = 0, sum_after = 0;
	bool sorted = true;
	int i, j;

	for (i = 0; i < NELEM; i++)
		for (j = 0; j < 3; j++) {
			triples[i][j] = (unsigned char)hu_rand_next(&seed);
			sum += triples[i][j];
		}
	sort(triples, NELEM, 3, cmp_3bytes, NULL);
	for (i = 0; i < NELEM; i++) {
		for (j = 0; j < 3; j++)
			sum_after += triples[i][j];
		if (i && memcmp(triples[i - 1], triples[i], 3) > 0)
			sorted = false;
	}
	hu_ok(sorted && sum == sum_after, "sort 3-byte elements (byte swap)");
}

static void test_sort_edges(void)
{
	unsigned long one = 7;
	unsigned long two[2] = { 9, 3 };
	u32 pattern[8] = { 5, 5, 5, 5, 5, 5, 5, 5 };
	bool ok = true;
	int i;

	sort(&one, 1, sizeof(one), cmp_ulong, NULL);
	sort(NULL, 0, sizeof(one), cmp_ulong, NULL);
	hu_ok(one == 7, "sort of 0 and 1 elements");
	sort(two, 2, sizeof(two[0]), cmp_ulong, NULL);
	hu_ok(two[0] == 3 && two[1] == 9, "sort of 2 elements");
	sort(pattern, 8, sizeof(pattern[0]), cmp_u32, NULL);
	for (i = 0; i < 8; i++)
		if (pattern[i] != 5)
			ok = false;
	hu_ok(ok, "sort of all-equal elements");

	for (i = 0; i < NELEM; i++)
		u32s[i] = NELEM - i;
	sort(u32s, NELEM, sizeof(u32s[0]), cmp_u32, NULL);
	ok = true;
	for (i = 0; i < NELEM; i++)
		if (u32s[i] != (u32)i + 1)
			ok = false;
	hu_ok(ok, "sort of a reversed array");
}

void hu_test_sort(void)
{
	test_sort_ulong();
	test_sort_u32_custom_swap();
	test_sort_odd_size();
	test_sort_edges();
}
