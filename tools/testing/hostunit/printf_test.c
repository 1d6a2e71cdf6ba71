// SPDX-License-Identifier: GPL-2.0-only
/*
 * Host unit tests for lib/vsprintf.c: every conversion, flag, width,
 * precision and length modifier against explicitly written expected
 * strings (never against the host's printf), plus truncation and return
 * value rules of snprintf/scnprintf/sprintf.
 */
#include <linux/sprintf.h>
#include <linux/string.h>
#include <linux/limits.h>
#include "hostunit.h"

#define CANARY 0x5a

static bool overrun;

/* Format into a canary-filled buffer; check text, length and no overrun. */
#define T(want, fmt, ...) do {						\
	char __buf[256];						\
	int __ret;							\
									\
	memset(__buf, CANARY, sizeof(__buf));				\
	__ret = snprintf(__buf, sizeof(__buf), fmt, ##__VA_ARGS__);	\
	hu_check_fmt(__buf, __ret, want, fmt);				\
	if (__ret >= 0 && __ret + 1 < (int)sizeof(__buf) &&		\
	    __buf[__ret + 1] != CANARY)					\
		overrun = true;						\
} while (0)

static int wrap_vsnprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list args;
	int ret;

	va_start(args, fmt);
	ret = vsnprintf(buf, size, fmt, args);
	va_end(args);
	return ret;
}

static int wrap_vscnprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list args;
	int ret;

	va_start(args, fmt);
	ret = vscnprintf(buf, size, fmt, args);
	va_end(args);
	return ret;
}

static void test_integers(void)
{
	T("0", "%d", 0);
	T("42", "%d", 42);
	T("-42", "%d", -42);
	T("123", "%i", 123);
	T("   42", "%5d", 42);
	T("42   |", "%-5d|", 42);
	T("00042", "%05d", 42);
	T("-0042", "%05d", -42);
	T("+42", "%+d", 42);
	T(" 42", "% d", 42);
	T("-42", "%+d", -42);
	T("+0", "%+d", 0);
	T("007", "%.3d", 7);
	T("    -007", "%8.3d", -7);
	T("007     |", "%-8.3d|", 7);
	T("12345", "%.3d", 12345);
	T("  +12", "%+5d", 12);
	T("-2147483648", "%d", INT_MIN);
	T("2147483647", "%d", INT_MAX);
	T("4294967295", "%u", UINT_MAX);
	T("-9223372036854775808", "%ld", LONG_MIN);
	T("9223372036854775807", "%ld", LONG_MAX);
	T("-9223372036854775808", "%lld", LLONG_MIN);
	T("18446744073709551615", "%lu", ULONG_MAX);
	T("18446744073709551615", "%llu", ULLONG_MAX);
	T("-1", "%hhd", 0x1ff);
	T("255", "%hhu", 0x1ff);
	T("9029", "%hd", 0x12345);
	T("-1", "%hd", 0xffff);
	T("4464", "%hu", 70000);
	T("12345", "%zu", (size_t)12345);
	T("-5", "%zd", (ssize_t)-5);
	T("-3", "%td", (ptrdiff_t)-3);
	T("deadbeef", "%x", 0xdeadbeefU);
	T("DEADBEEF", "%X", 0xdeadbeefU);
	T("0xff", "%#x", 255U);
	T("0XFF", "%#X", 255U);
	T("0x0", "%#x", 0U);
	T("10", "%o", 8U);
	T("010", "%#o", 8U);
	T("0", "%#o", 0U);
	T("777", "%o", 0777U);
	T("      0xff", "%#10x", 255U);
	T("0x000000ff", "%#010x", 255U);
	T("0xff      |", "%-#10x|", 255U);
	T("ffffffff81000000", "%lx", 0xffffffff81000000UL);
	T("123456789abcdef0", "%llx", 0x123456789abcdef0ULL);
	T("00001234", "%08lx", 0x1234UL);
	T("ffffffff", "%x", -1);
	T("ff", "%hhx", 0x1ff);
	T("1777777777777777777777", "%llo", ULLONG_MAX);
	T("   42", "%*d", 5, 42);
	T("42   |", "%-*d|", 5, 42);
	T("42   |", "%*d|", -5, 42);
	T("0042", "%.*d", 4, 42);
	T("42", "%.*d", -1, 42);
	T("1 2 3 4 5 6 7 8 9", "%d %d %d %d %d %d %d %d %d",
	  1, 2, 3, 4, 5, 6, 7, 8, 9);
	T("1 two 3 4 5", "%lld %s %c %x %zu", 1LL, "two", '3', 4U, (size_t)5);
}

/*
 * Formats that GCC's format checker frowns on (ignored flags, unknown
 * conversions, NULL strings) but that the kernel's vsnprintf must still handle sanely.
 */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat"
#pragma GCC diagnostic ignored "-Wformat-extra-args"
#pragma GCC diagnostic ignored "-Wformat-overflow"
static void test_odd_formats(void)
{
	T("+5", "%+ d", 5);
	T("     007", "%08.3d", 7);
	T("0", "%.0d", 0);
	T("%y", "%y", 1);
	T("%5y", "%5y", 1);
	T("abc%", "abc%");
	T("42", "%Ld", 42LL);
	T("42", "%qu", 42ULL);
	T("42", "%jd", 42LL);
	T("42", "%Zu", (size_t)42);
	T("(null)", "%s", (char *)NULL);
	T("(nu", "%.3s", (char *)NULL);
}
#pragma GCC diagnostic pop

static void test_chars_strings(void)
{
	T("A", "%c", 'A');
	T("  A", "%3c", 'A');
	T("A  |", "%-3c|", 'A');
	T("hello", "%s", "hello");
	T("        hi", "%10s", "hi");
	T("hi        |", "%-10s|", "hi");
	T("abc", "%.3s", "abcdef");
	T("       abc", "%10.3s", "abcdef");
	T("abc", "%.*s", 3, "abcdef");
	T("abc", "%.*s", -1, "abc");
	T("", "%s", "");
	T("(efault)", "%s", (char *)16);
	T("%", "%%");
	T("100%", "100%%");
	T("a%b", "a%%b");
	T("x-9", "%s-%d", "x", 9);
}

static void test_pointers(void)
{
	static const unsigned char bytes[] = { 0xde, 0xad, 0xbe, 0xef };
	static const unsigned char ip[] = { 192, 168, 1, 10 };
	static const unsigned char mac[] = { 0x52, 0x54, 0x00, 0x12, 0x34, 0x56 };
	phys_addr_t phys = 0x12345000;
	dma_addr_t dma = 0xfee00000;

	T("0xffffffff81000000", "%p", (void *)0xffffffff81000000UL);
	T("0x0000000000001234", "%p", (void *)0x1234);
	T("0x0000000000000000", "%p", NULL);
	T("0000000000001234", "%px", (void *)0x1234);
	T("    0000000000001234|", "%20px|", (void *)0x1234);
	T("0x0000000000001234    |", "%-22p|", (void *)0x1234);
	T("0x0000000000001234!", "%pZZ!", (void *)0x1234);
	T("0x0000000012345000", "%pa", &phys);
	T("0x0000000012345000", "%pap", &phys);
	T("0x00000000fee00000", "%pad", &dma);
	T("de ad be ef", "%*ph", 4, bytes);
	T("de:ad:be:ef", "%*phC", 4, bytes);
	T("de-ad-be-ef", "%*phD", 4, bytes);
	T("deadbeef", "%*phN", 4, bytes);
	T("de", "%ph", bytes);
	T("[dead]", "[%2phN]", bytes);
	T("192.168.1.10", "%pI4", ip);
	T("   192.168.1.10", "%15pI4", ip);
	T("52:54:00:12:34:56", "%pM", mac);
	T("(null)", "%pa", NULL);
}

static void test_truncation(void)
{
	char buf[16];
	int ret;

	memset(buf, CANARY, sizeof(buf));
	ret = snprintf(buf, 5, "%d", 123456);
	hu_check_long(ret, 6, "snprintf returns the untruncated length");
	hu_check_str(buf, "1234", "snprintf truncates and terminates");
	hu_ok(buf[5] == CANARY, "snprintf writes nothing past size");

	memset(buf, CANARY, sizeof(buf));
	ret = snprintf(buf, 1, "abc");
	hu_ok(ret == 3 && buf[0] == '\0' && buf[1] == CANARY,
	      "snprintf with size 1 stores only the terminator");

	memset(buf, CANARY, sizeof(buf));
	ret = snprintf(buf, 0, "%s", "hello");
	hu_ok(ret == 5 && buf[0] == CANARY,
	      "snprintf with size 0 writes nothing and returns the length");
	hu_check_long(snprintf(NULL, 0, "%d", -12345), 6,
		      "snprintf(NULL, 0) measures");

	ret = scnprintf(buf, 5, "%d", 123456);
	hu_ok(ret == 4 && !strcmp(buf, "1234"),
	      "scnprintf returns the stored length when truncating");
	hu_check_long(scnprintf(buf, 10, "abc"), 3,
		      "scnprintf returns the length when it fits");
	hu_check_long(scnprintf(buf, 0, "abc"), 0,
		      "scnprintf with size 0 returns 0");

	ret = sprintf(buf, "%s=%u", "n", 7U);
	hu_ok(ret == 3 && !strcmp(buf, "n=7"), "sprintf");

	ret = wrap_vsnprintf(buf, sizeof(buf), "%s:%d", "v", -1);
	hu_ok(ret == 4 && !strcmp(buf, "v:-1"), "vsnprintf through va_list");
	ret = wrap_vscnprintf(buf, 3, "%s", "abcdef");
	hu_ok(ret == 2 && !strcmp(buf, "ab"), "vscnprintf through va_list");

	/* A wild width is clamped rather than producing a billion spaces. */
	ret = snprintf(buf, sizeof(buf), "%*d", 1000000000, 1);
	hu_check_long(ret, 32767, "huge '*' width is clamped to 32767");
}

void hu_test_printf(void)
{
	overrun = false;
	test_integers();
	test_odd_formats();
	test_chars_strings();
	test_pointers();
	test_truncation();
	hu_ok(!overrun, "vsnprintf never wrote past the terminator");
}
