/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Text to integer conversion (lib/kstrtox.c).
 *
 * kstrto*() are strict: the whole string must be one number, optionally
 * preceded by '+' (or '-' for the signed variants) and followed by a single
 * '\n' (so sysfs/procfs writes from echo parse).  No leading whitespace.
 * They return 0 and store the value, -EINVAL for a malformed string, or
 * -ERANGE if the value does not fit the result type; on error *res is left
 * untouched.
 *
 * base is 2..36, or 0 to pick from the prefix: "0x"/"0X" hexadecimal,
 * a leading "0" octal, else decimal.  Base 16 also accepts a "0x" prefix.
 *
 * simple_strto*() are the lenient old interface: they parse as far as they
 * can, report where they stopped through *endp (if not NULL), saturate on
 * overflow and never fail.  Use them only to walk a string holding several
 * values.
 *
 * memparse() parses a size with an optional binary suffix: K, M, G, T, P, E
 * (either case) multiply by 2^10 ... 2^60, as in "mem=512M".
 */
#ifndef _LINUX_KSTRTOX_H
#define _LINUX_KSTRTOX_H

#include <linux/types.h>
#include <linux/compiler.h>

/* Unsigned results, widest first. */
int __must_check kstrtoull(const char *s, unsigned int base, unsigned long long *res);
int __must_check kstrtoul(const char *s, unsigned int base, unsigned long *res);
int __must_check kstrtouint(const char *s, unsigned int base, unsigned int *res);
int __must_check kstrtou16(const char *s, unsigned int base, u16 *res);
int __must_check kstrtou8(const char *s, unsigned int base, u8 *res);

/* Signed results, widest first. */
int __must_check kstrtoll(const char *s, unsigned int base, long long *res);
int __must_check kstrtol(const char *s, unsigned int base, long *res);
int __must_check kstrtoint(const char *s, unsigned int base, int *res);
int __must_check kstrtos16(const char *s, unsigned int base, s16 *res);
int __must_check kstrtos8(const char *s, unsigned int base, s8 *res);

/*
 * The fixed-width names are the C-type ones under another name: on x86_64
 * u64/s64 are (unsigned) long long and u32/s32 (unsigned) int.
 */
#define __KSTRTOX_SAME_AS(name, type, impl)					\
	static inline int __must_check name(const char *s, unsigned int base,	\
					    type *res)				\
	{ return impl(s, base, res); }

__KSTRTOX_SAME_AS(kstrtou64, u64, kstrtoull)
__KSTRTOX_SAME_AS(kstrtou32, u32, kstrtouint)
__KSTRTOX_SAME_AS(kstrtos64, s64, kstrtoll)
__KSTRTOX_SAME_AS(kstrtos32, s32, kstrtoint)

/*
 * Yes/no from the first character(s): y Y t T 1 and "on" are true,
 * n N f F 0 and "off" false; anything else is -EINVAL.
 */
int __must_check kstrtobool(const char *s, bool *res);

unsigned long long simple_strtoull(const char *cp, char **endp, unsigned int base);
long long simple_strtoll(const char *cp, char **endp, unsigned int base);
unsigned long simple_strtoul(const char *cp, char **endp, unsigned int base);
long simple_strtol(const char *cp, char **endp, unsigned int base);

unsigned long long memparse(const char *ptr, char **retptr);

#endif /* _LINUX_KSTRTOX_H */
