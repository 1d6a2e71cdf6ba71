// SPDX-License-Identifier: GPL-2.0-only
/*
 * Host unit tests for lib/kstrtox.c: strict parsing (prefixes, signs, the
 * single trailing newline, range errors), the lenient simple_strto*() and
 * memparse() suffixes.
 */
#include <linux/kstrtox.h>
#include <linux/limits.h>
#include <linux/string.h>
#include <linux/sprintf.h>
#include <uapi/asm-generic/errno-base.h>
#include "hostunit.h"

struct ull_case {
	const char *s;
	unsigned int base;
	int ret;
	unsigned long long val;
};

static const struct ull_case ull_cases[] = {
	{ "0", 10, 0, 0 },
	{ "42", 10, 0, 42 },
	{ "+42", 10, 0, 42 },
	{ "42\n", 10, 0, 42 },
	{ "42\n\n", 10, -EINVAL, 0 },
	{ "42 ", 10, -EINVAL, 0 },
	{ " 42", 10, -EINVAL, 0 },
	{ "", 10, -EINVAL, 0 },
	{ "\n", 10, -EINVAL, 0 },
	{ "+", 10, -EINVAL, 0 },
	{ "-1", 10, -EINVAL, 0 },
	{ "4x", 10, -EINVAL, 0 },
	{ "18446744073709551615", 10, 0, 18446744073709551615ULL },
	{ "18446744073709551616", 10, -ERANGE, 0 },
	{ "99999999999999999999999", 10, -ERANGE, 0 },
	{ "0x1f", 0, 0, 0x1f },
	{ "0X1F", 0, 0, 0x1f },
	{ "0x1f", 16, 0, 0x1f },
	{ "1f", 16, 0, 0x1f },
	{ "DeadBeef", 16, 0, 0xdeadbeef },
	{ "ffffffffffffffff", 16, 0, ULLONG_MAX },
	{ "10000000000000000", 16, -ERANGE, 0 },
	{ "0x", 0, -EINVAL, 0 },
	{ "0x", 16, -EINVAL, 0 },
	{ "017", 0, 0, 017 },
	{ "018", 0, -EINVAL, 0 },
	{ "0", 0, 0, 0 },
	{ "17", 8, 0, 017 },
	{ "101", 2, 0, 5 },
	{ "z", 36, 0, 35 },
	{ "12", 1, -EINVAL, 0 },
	{ "12", 37, -EINVAL, 0 },
	{ "1a", 10, -EINVAL, 0 },
};

static void test_kstrtoull(void)
{
	char name[96];
	unsigned long long val;
	size_t i;
	int ret;

	for (i = 0; i < sizeof(ull_cases) / sizeof(ull_cases[0]); i++) {
		const struct ull_case *c = &ull_cases[i];

		val = 0x5a5a;
		ret = kstrtoull(c->s, c->base, &val);
		snprintf(name, sizeof(name), "kstrtoull case %zu (base %u)",
			 i, c->base);
		hu_ok(ret == c->ret &&
		      (ret ? val == 0x5a5a : val == c->val), name);
	}
}

static void test_signed_and_narrow(void)
{
	long long ll;
	long l;
	int i;
	unsigned int u;
	u8 u8v;
	s8 s8v;
	u16 u16v;
	s16 s16v;
	u32 u32v;
	u64 u64v;
	bool b;

	hu_ok(!kstrtoll("-9223372036854775808", 10, &ll) && ll == LLONG_MIN,
	      "kstrtoll LLONG_MIN");
	hu_check_long(kstrtoll("-9223372036854775809", 10, &ll), -ERANGE,
		      "kstrtoll below LLONG_MIN");
	hu_check_long(kstrtoll("9223372036854775808", 10, &ll), -ERANGE,
		      "kstrtoll above LLONG_MAX");
	hu_ok(!kstrtoll("+17", 10, &ll) && ll == 17, "kstrtoll plus sign");
	hu_ok(!kstrtoll("-0x10", 0, &ll) && ll == -16, "kstrtoll negative hex");
	hu_check_long(kstrtoll("--1", 10, &ll), -EINVAL, "kstrtoll double sign");
	hu_check_long(kstrtoll("-", 10, &ll), -EINVAL, "kstrtoll bare minus");
	hu_ok(!kstrtol("-123\n", 10, &l) && l == -123, "kstrtol");
	hu_ok(!kstrtoul("4096", 0, (unsigned long *)&l) && l == 4096, "kstrtoul");

	hu_ok(!kstrtoint("-2147483648", 10, &i) && i == INT_MIN, "kstrtoint INT_MIN");
	hu_check_long(kstrtoint("2147483648", 10, &i), -ERANGE,
		      "kstrtoint overflow");
	hu_ok(!kstrtouint("4294967295", 10, &u) && u == UINT_MAX,
	      "kstrtouint UINT_MAX");
	hu_check_long(kstrtouint("4294967296", 10, &u), -ERANGE,
		      "kstrtouint overflow");
	hu_ok(!kstrtou8("255", 10, &u8v) && u8v == 255, "kstrtou8 255");
	hu_check_long(kstrtou8("256", 10, &u8v), -ERANGE, "kstrtou8 256");
	hu_ok(!kstrtos8("-128", 10, &s8v) && s8v == -128, "kstrtos8 -128");
	hu_check_long(kstrtos8("128", 10, &s8v), -ERANGE, "kstrtos8 128");
	hu_ok(!kstrtou16("0xffff", 0, &u16v) && u16v == 0xffff, "kstrtou16");
	hu_ok(!kstrtos16("-32768", 10, &s16v) && s16v == -32768, "kstrtos16");
	hu_ok(!kstrtou32("0x80000000", 16, &u32v) && u32v == 0x80000000U,
	      "kstrtou32");
	hu_ok(!kstrtou64("0", 10, &u64v) && u64v == 0, "kstrtou64");

	hu_ok(!kstrtobool("Y", &b) && b, "kstrtobool Y");
	hu_ok(!kstrtobool("0\n", &b) && !b, "kstrtobool 0");
	hu_ok(!kstrtobool("on", &b) && b, "kstrtobool on");
	hu_ok(!kstrtobool("off", &b) && !b, "kstrtobool off");
	hu_check_long(kstrtobool("o", &b), -EINVAL, "kstrtobool o");
	hu_check_long(kstrtobool("maybe", &b), -EINVAL, "kstrtobool maybe");
}

static void test_simple_and_memparse(void)
{
	const char *s;
	char *end;

	s = "123abc";
	hu_ok(simple_strtoul(s, &end, 10) == 123 && end == s + 3,
	      "simple_strtoul stops at the first non-digit");
	s = "0x1fZ";
	hu_ok(simple_strtoul(s, &end, 0) == 0x1f && end == s + 4,
	      "simple_strtoul base 0 hex");
	s = "0755";
	hu_ok(simple_strtoul(s, &end, 0) == 0755 && end == s + 4,
	      "simple_strtoul base 0 octal");
	s = "0xg";
	hu_ok(simple_strtoul(s, &end, 0) == 0 && end == s + 1,
	      "simple_strtoul \"0x\" without digits is just 0");
	s = "-42,";
	hu_ok(simple_strtol(s, &end, 10) == -42 && *end == ',',
	      "simple_strtol negative");
	hu_ok(simple_strtoll("-9223372036854775808", NULL, 10) == LLONG_MIN,
	      "simple_strtoll LLONG_MIN");
	hu_ok(simple_strtoull("99999999999999999999", NULL, 10) == ULLONG_MAX,
	      "simple_strtoull saturates");
	s = "xyz";
	hu_ok(simple_strtoul(s, &end, 10) == 0 && end == s,
	      "simple_strtoul with no digits");

	s = "512M";
	hu_ok(memparse(s, &end) == 512ULL << 20 && *end == '\0',
	      "memparse 512M");
	hu_ok(memparse("4k", NULL) == 4096, "memparse lower-case k");
	hu_ok(memparse("2G", NULL) == 2ULL << 30, "memparse G");
	hu_ok(memparse("1T", NULL) == 1ULL << 40, "memparse T");
	hu_ok(memparse("3P", NULL) == 3ULL << 50, "memparse P");
	hu_ok(memparse("1E", NULL) == 1ULL << 60, "memparse E");
	hu_ok(memparse("0x1000", NULL) == 0x1000, "memparse hex, no suffix");
	s = "64M@16M";
	hu_ok(memparse(s, &end) == 64ULL << 20 && *end == '@',
	      "memparse leaves retptr after the suffix");
	s = "100X";
	hu_ok(memparse(s, &end) == 100 && *end == 'X',
	      "memparse unknown suffix is not consumed");
}

void hu_test_kstrtox(void)
{
	test_kstrtoull();
	test_signed_and_narrow();
	test_simple_and_memparse();
}
