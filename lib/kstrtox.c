// SPDX-License-Identifier: GPL-2.0-only
/*
 * Text to integer conversion: kstrto*() (strict), simple_strto*()
 * (lenient) and memparse() (sizes with K/M/G suffixes).  The contract is
 * in <linux/kstrtox.h>.
 *
 * Everything funnels into parse_digits(), which reads an unsigned run of
 * digits and flags overflow; the wrappers add signs, range checks and the
 * trailing-newline rule.  No locking, no allocation.
 */
#include <linux/kstrtox.h>
#include <linux/ctype.h>
#include <linux/limits.h>
#include <uapi/asm-generic/errno-base.h>

/* Value of digit c in any base up to 36, or 36 if c is not a digit. */
static unsigned int digit_value(char c)
{
	if (isdigit(c))
		return c - '0';
	if (isalpha(c))
		return tolower(c) - 'a' + 10;
	return 36;
}

/*
 * Resolve base 0 from the prefix and step over a "0x" that belongs to a
 * hexadecimal number.  A "0x" not followed by a hex digit is not a prefix:
 * the number is then just "0".
 */
static const char *parse_base(const char *s, unsigned int *base)
{
	bool hex_prefix = s[0] == '0' && tolower(s[1]) == 'x' && isxdigit(s[2]);

	if (*base == 0) {
		if (hex_prefix)
			*base = 16;
		else if (s[0] == '0')
			*base = 8;
		else
			*base = 10;
	}
	if (*base == 16 && hex_prefix)
		s += 2;
	return s;
}

/*
 * Accumulate the digits at s in base into *res.  Returns how many
 * characters were digits; *overflow tells whether the value exceeded
 * ULLONG_MAX (*res then saturates at ULLONG_MAX).
 */
static size_t parse_digits(const char *s, unsigned int base,
			   unsigned long long *res, bool *overflow)
{
	unsigned long long val = 0;
	unsigned int d;
	size_t n = 0;

	*overflow = false;
	for (; (d = digit_value(s[n])) < base; n++) {
		if (val > (ULLONG_MAX - d) / base) {
			*overflow = true;
			val = ULLONG_MAX;
		} else if (!*overflow) {
			val = val * base + d;
		}
	}
	*res = val;
	return n;
}

/* The whole of s (after any sign) must be the number, plus one '\n'. */
static int parse_strict(const char *s, unsigned int base,
			unsigned long long *res)
{
	unsigned long long val;
	bool overflow;
	size_t n;

	if (base == 1 || base > 36)
		return -EINVAL;
	s = parse_base(s, &base);
	n = parse_digits(s, base, &val, &overflow);
	if (overflow)
		return -ERANGE;
	if (!n)
		return -EINVAL;
	s += n;
	if (*s == '\n')
		s++;
	if (*s)
		return -EINVAL;
	*res = val;
	return 0;
}

int kstrtoull(const char *s, unsigned int base, unsigned long long *res)
{
	if (*s == '+')
		s++;
	return parse_strict(s, base, res);
}

int kstrtoll(const char *s, unsigned int base, long long *res)
{
	unsigned long long mag;
	int ret;

	if (*s == '-') {
		ret = parse_strict(s + 1, base, &mag);
		if (ret)
			return ret;
		/* -(LLONG_MIN) is one more than LLONG_MAX. */
		if (mag > (unsigned long long)LLONG_MAX + 1)
			return -ERANGE;
		*res = (long long)(0 - mag);
		return 0;
	}
	ret = kstrtoull(s, base, &mag);
	if (ret)
		return ret;
	if (mag > LLONG_MAX)
		return -ERANGE;
	*res = mag;
	return 0;
}

/*
 * The narrower conversions parse at full width and range-check, so
 * "256" is -ERANGE for a u8 rather than wrapping to 0.
 */
#define DEFINE_KSTRTO_UNSIGNED(name, type, maxval)			\
int name(const char *s, unsigned int base, type *res)			\
{									\
	unsigned long long val;						\
	int ret = kstrtoull(s, base, &val);				\
									\
	if (ret)							\
		return ret;						\
	if (val > (maxval))						\
		return -ERANGE;						\
	*res = val;							\
	return 0;							\
}

#define DEFINE_KSTRTO_SIGNED(name, type, minval, maxval)		\
int name(const char *s, unsigned int base, type *res)			\
{									\
	long long val;							\
	int ret = kstrtoll(s, base, &val);				\
									\
	if (ret)							\
		return ret;						\
	if (val < (minval) || val > (maxval))				\
		return -ERANGE;						\
	*res = val;							\
	return 0;							\
}

DEFINE_KSTRTO_UNSIGNED(kstrtoul, unsigned long, ULONG_MAX)
DEFINE_KSTRTO_UNSIGNED(kstrtouint, unsigned int, UINT_MAX)
DEFINE_KSTRTO_UNSIGNED(kstrtou16, u16, U16_MAX)
DEFINE_KSTRTO_UNSIGNED(kstrtou8, u8, U8_MAX)
DEFINE_KSTRTO_SIGNED(kstrtol, long, LONG_MIN, LONG_MAX)
DEFINE_KSTRTO_SIGNED(kstrtoint, int, INT_MIN, INT_MAX)
DEFINE_KSTRTO_SIGNED(kstrtos16, s16, S16_MIN, S16_MAX)
DEFINE_KSTRTO_SIGNED(kstrtos8, s8, S8_MIN, S8_MAX)

int kstrtobool(const char *s, bool *res)
{
	if (!s)
		return -EINVAL;

	switch (s[0]) {
	case 'y': case 'Y': case 't': case 'T': case '1':
		*res = true;
		return 0;
	case 'n': case 'N': case 'f': case 'F': case '0':
		*res = false;
		return 0;
	case 'o': case 'O':
		if (tolower(s[1]) == 'n') {
			*res = true;
			return 0;
		}
		if (tolower(s[1]) == 'f') {
			*res = false;
			return 0;
		}
		break;
	}
	return -EINVAL;
}

unsigned long long simple_strtoull(const char *cp, char **endp,
				   unsigned int base)
{
	unsigned long long val;
	bool overflow;
	size_t n = 0;

	if (base == 1 || base > 36) {
		val = 0;
	} else {
		cp = parse_base(cp, &base);
		n = parse_digits(cp, base, &val, &overflow);
	}
	if (endp)
		*endp = (char *)cp + n;
	return val;
}

long long simple_strtoll(const char *cp, char **endp, unsigned int base)
{
	if (*cp == '-')
		return (long long)(0 - simple_strtoull(cp + 1, endp, base));
	return simple_strtoull(cp, endp, base);
}

unsigned long simple_strtoul(const char *cp, char **endp, unsigned int base)
{
	return simple_strtoull(cp, endp, base);
}

long simple_strtol(const char *cp, char **endp, unsigned int base)
{
	return simple_strtoll(cp, endp, base);
}

unsigned long long memparse(const char *ptr, char **retptr)
{
	char *end;
	unsigned long long val = simple_strtoull(ptr, &end, 0);
	unsigned int shift;

	switch (tolower(*end)) {
	case 'k':
		shift = 10;
		break;
	case 'm':
		shift = 20;
		break;
	case 'g':
		shift = 30;
		break;
	case 't':
		shift = 40;
		break;
	case 'p':
		shift = 50;
		break;
	case 'e':
		shift = 60;
		break;
	default:
		shift = 0;
		break;
	}
	if (shift) {
		val <<= shift;
		end++;
	}
	if (retptr)
		*retptr = end;
	return val;
}
