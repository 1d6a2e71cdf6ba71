// SPDX-License-Identifier: GPL-2.0-only
/*
 * Host unit tests for lib/string.c and <linux/ctype.h>: copies at every
 * alignment, overlapping moves, bounded copies (strscpy), searching and
 * tokenizing, trimming.
 */
#include <linux/string.h>
#include <linux/ctype.h>
#include <uapi/asm-generic/errno-base.h>
#include "hostunit.h"

static unsigned char src_buf[128], dst_buf[128], ref_buf[128];

/* memcpy/memset/memmove at all small offsets and lengths vs a byte loop. */
static void test_mem_alignment(void)
{
	bool cpy_ok = true, set_ok = true, move_ok = true;
	size_t soff, doff, len, i;

	for (i = 0; i < sizeof(src_buf); i++)
		src_buf[i] = (unsigned char)(i * 7 + 3);

	for (soff = 0; soff < 9; soff++) {
		for (doff = 0; doff < 9; doff++) {
			for (len = 0; len < 40; len++) {
				for (i = 0; i < sizeof(dst_buf); i++)
					dst_buf[i] = ref_buf[i] = 0xee;
				for (i = 0; i < len; i++)
					ref_buf[doff + i] = src_buf[soff + i];
				memcpy(dst_buf + doff, src_buf + soff, len);
				for (i = 0; i < sizeof(dst_buf); i++)
					if (dst_buf[i] != ref_buf[i])
						cpy_ok = false;
			}
		}
	}
	hu_ok(cpy_ok, "memcpy at all alignments and lengths 0..39");

	for (doff = 0; doff < 9; doff++) {
		for (len = 0; len < 40; len++) {
			for (i = 0; i < sizeof(dst_buf); i++)
				dst_buf[i] = ref_buf[i] = 0x11;
			for (i = 0; i < len; i++)
				ref_buf[doff + i] = 0xa7;
			memset(dst_buf + doff, 0x3a7, len);	/* int truncates to 0xa7 */
			for (i = 0; i < sizeof(dst_buf); i++)
				if (dst_buf[i] != ref_buf[i])
					set_ok = false;
		}
	}
	hu_ok(set_ok, "memset at all alignments, value truncated to a byte");

	/* Overlap both ways, at distances 1..17. */
	for (soff = 20; soff < 38; soff++) {
		for (doff = 20; doff < 38; doff++) {
			for (i = 0; i < sizeof(dst_buf); i++)
				dst_buf[i] = ref_buf[i] = (unsigned char)i;
			for (i = 0; i < 50; i++)
				src_buf[i] = ref_buf[soff + i];
			for (i = 0; i < 50; i++)
				ref_buf[doff + i] = src_buf[i];
			memmove(dst_buf + doff, dst_buf + soff, 50);
			for (i = 0; i < sizeof(dst_buf); i++)
				if (dst_buf[i] != ref_buf[i])
					move_ok = false;
		}
	}
	hu_ok(move_ok, "memmove with overlap in both directions");
}

static void test_mem_compare(void)
{
	static const unsigned char a[] = { 1, 2, 3, 0x80 };
	static const unsigned char b[] = { 1, 2, 3, 0x7f };
	static const char zeros[16];
	char buf[16];

	hu_ok(memcmp(a, b, 4) > 0, "memcmp compares bytes as unsigned");
	hu_ok(memcmp(a, b, 3) == 0, "memcmp equal prefix");
	hu_ok(memcmp(a, b, 0) == 0, "memcmp of zero bytes");
	hu_ok(memchr(a, 3, 4) == &a[2], "memchr finds");
	hu_ok(memchr(a, 3, 2) == NULL, "memchr respects the length");
	hu_ok(memchr(a, 0x180, 4) == &a[3], "memchr compares as unsigned char");
	hu_ok(memchr_inv(zeros, 0, sizeof(zeros)) == NULL,
	      "memchr_inv on uniform memory");
	memset(buf, 0, sizeof(buf));
	buf[11] = 1;
	hu_ok(memchr_inv(buf, 0, sizeof(buf)) == &buf[11],
	      "memchr_inv finds the first different byte");
}

static void test_str_basic(void)
{
	char buf[32];

	hu_check_long(strlen(""), 0, "strlen empty");
	hu_check_long(strlen("kernel"), 6, "strlen");
	hu_check_long(strnlen("kernel", 3), 3, "strnlen stops at max");
	hu_check_long(strnlen("ab", 10), 2, "strnlen stops at NUL");
	hu_ok(strcmp("abc", "abc") == 0, "strcmp equal");
	hu_ok(strcmp("abc", "abd") < 0, "strcmp less");
	hu_ok(strcmp("abc", "ab") > 0, "strcmp longer is greater");
	hu_ok(strcmp("\x80", "a") > 0, "strcmp compares as unsigned char");
	hu_ok(strncmp("abcdef", "abcxyz", 3) == 0, "strncmp within n");
	hu_ok(strncmp("abcdef", "abcxyz", 4) < 0, "strncmp differs at n");
	hu_ok(strcasecmp("HeLLo", "hello") == 0, "strcasecmp");
	hu_ok(strcasecmp("abc", "ABD") < 0, "strcasecmp ordering");
	hu_ok(strncasecmp("ROOT=/dev/sda", "root=x", 5) == 0, "strncasecmp");

	strcpy(buf, "foo");
	hu_check_str(buf, "foo", "strcpy");
	strcat(buf, "bar");
	hu_check_str(buf, "foobar", "strcat");
	strncat(buf, "bazqux", 3);
	hu_check_str(buf, "foobarbaz", "strncat appends at most n");

	memset(buf, 'x', sizeof(buf));
	strncpy(buf, "ab", 5);
	hu_ok(!memcmp(buf, "ab\0\0\0x", 6), "strncpy pads with NULs");
	memset(buf, 'x', sizeof(buf));
	strncpy(buf, "abcdef", 3);
	hu_ok(!memcmp(buf, "abcx", 4), "strncpy does not terminate a long src");
}

static void test_strscpy(void)
{
	char buf[8];
	ssize_t ret;

	ret = strscpy(buf, "hello", sizeof(buf));
	hu_ok(ret == 5 && !strcmp(buf, "hello"), "strscpy fits");
	ret = strscpy(buf, "1234567", sizeof(buf));
	hu_ok(ret == 7 && !strcmp(buf, "1234567"), "strscpy exactly fills");
	ret = strscpy(buf, "12345678", sizeof(buf));
	hu_ok(ret == -E2BIG && !strcmp(buf, "1234567"),
	      "strscpy truncates with -E2BIG");
	ret = strscpy(buf, "", sizeof(buf));
	hu_ok(ret == 0 && buf[0] == '\0', "strscpy empty string");
	buf[0] = 'q';
	ret = strscpy(buf, "abc", 0);
	hu_ok(ret == -E2BIG && buf[0] == 'q', "strscpy size 0 writes nothing");
	ret = strscpy(buf, "abc", 1);
	hu_ok(ret == -E2BIG && buf[0] == '\0', "strscpy size 1");

	memset(buf, 'x', sizeof(buf));
	ret = strscpy_pad(buf, "ab", sizeof(buf));
	hu_ok(ret == 2 && !memcmp(buf, "ab\0\0\0\0\0\0", 8),
	      "strscpy_pad zeroes the tail");
}

static void test_str_search(void)
{
	const char *s = "a/b/c";
	const char *cmdline = "console=ttyS0";
	char buf[64];
	char *p, *tok;

	hu_ok(strchr(s, '/') == s + 1, "strchr");
	hu_ok(strchr(s, '\0') == s + 5, "strchr finds the terminator");
	hu_ok(strchr(s, 'z') == NULL, "strchr miss");
	hu_ok(strrchr(s, '/') == s + 3, "strrchr");
	hu_ok(strrchr(s, 'z') == NULL, "strrchr miss");
	hu_ok(strchrnul(s, 'z') == s + 5, "strchrnul miss gives the end");
	hu_ok(strnchr(s, 2, 'b') == NULL && strnchr(s, 3, 'b') == s + 2,
	      "strnchr is bounded");
	hu_ok(strstr(cmdline, "tty") == cmdline + 8, "strstr");
	hu_ok(strstr("abc", "") != NULL, "strstr empty needle");
	hu_ok(strstr("abc", "abcd") == NULL, "strstr needle longer");
	hu_ok(strnstr("abcdef", "cde", 4) == NULL, "strnstr is bounded");
	hu_ok(strnstr("abcdef", "cde", 5) != NULL, "strnstr just fits");
	hu_check_long(strspn("  \tx", " \t"), 3, "strspn");
	hu_check_long(strcspn("abc=def", "=,"), 3, "strcspn");
	hu_ok(strpbrk("abc=def", ",=") != NULL &&
	      *strpbrk("abc=def", ",=") == '=', "strpbrk");
	hu_ok(strpbrk("abc", ",=") == NULL, "strpbrk miss");

	strcpy(buf, "root=/dev/vda,,rw");
	p = buf;
	tok = strsep(&p, ",");
	hu_check_str(tok, "root=/dev/vda", "strsep first token");
	tok = strsep(&p, ",");
	hu_check_str(tok, "", "strsep empty token between delimiters");
	tok = strsep(&p, ",");
	hu_ok(tok && !strcmp(tok, "rw") && p == NULL, "strsep last token");
	hu_ok(strsep(&p, ",") == NULL, "strsep after the end");

	hu_check_str(skip_spaces(" \t\n x "), "x ", "skip_spaces");
	strcpy(buf, "  padded\t \n");
	hu_check_str(strim(buf), "padded", "strim both ends");
	strcpy(buf, "   ");
	hu_check_str(strim(buf), "", "strim all spaces");

	hu_ok(strstarts("console=ttyS0", "console="), "strstarts");
	hu_check_long(str_has_prefix("mem=512M", "mem="), 4, "str_has_prefix");
	hu_check_long(str_has_prefix("mem", "mem="), 0, "str_has_prefix miss");
}

static void test_ctype(void)
{
	bool ok = true;
	int c;

	for (c = -128; c < 256; c++) {
		bool digit = c >= '0' && c <= '9';
		bool upper = c >= 'A' && c <= 'Z';
		bool lower = c >= 'a' && c <= 'z';
		bool xdigit = digit || (c >= 'a' && c <= 'f') ||
			      (c >= 'A' && c <= 'F');
		bool space = c == ' ' || (c >= 9 && c <= 13);
		bool print = c >= 0x20 && c < 0x7f;

		if (!!isdigit(c) != digit || !!isupper(c) != upper ||
		    !!islower(c) != lower || !!isalpha(c) != (upper || lower) ||
		    !!isxdigit(c) != xdigit || !!isspace(c) != space ||
		    !!isprint(c) != print || !!isalnum(c) != (digit || upper || lower) ||
		    !!isgraph(c) != (print && c != ' ') ||
		    !!ispunct(c) != (print && c != ' ' && !digit && !upper && !lower) ||
		    !!iscntrl(c) != ((c >= 0 && c < 0x20) || c == 0x7f))
			ok = false;
		if (tolower(c) != (upper ? c + 32 : c) ||
		    toupper(c) != (lower ? c - 32 : c))
			ok = false;
	}
	hu_ok(ok, "ctype classes and case mapping over -128..255");
}

void hu_test_string(void)
{
	test_mem_alignment();
	test_mem_compare();
	test_str_basic();
	test_strscpy();
	test_str_search();
	test_ctype();
}
