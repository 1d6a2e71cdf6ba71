// SPDX-License-Identifier: GPL-2.0-only
/*
 * vsnprintf() and its wrappers: the kernel's formatted output.
 *
 * Interface and the supported conversions are listed in <linux/sprintf.h>.
 *
 * Design: a single pass over the format.  Every produced character goes
 * through out_char(), which stores it only while it fits and always counts
 * it, so the return value is the untruncated length whatever the buffer
 * size.  A conversion is parsed into a struct fmt_spec, its argument
 * fetched at the right width, and handed to format_number(),
 * format_string() or format_pointer().
 *
 * No locking and no static state: safe from any context, including
 * recursively (%pS calls back in through sprint_symbol()).
 */
#include <linux/sprintf.h>
#include <linux/string.h>
#include <linux/ctype.h>
#include <linux/limits.h>
#include <linux/kallsyms.h>
#include <linux/va_call.h>

/* Output cursor: len counts every character produced, stored or not. */
struct out {
	char *buf;
	size_t size;
	size_t len;
};

static void out_char(struct out *o, char c)
{
	if (o->len < o->size)
		o->buf[o->len] = c;
	o->len++;
}

static void out_repeat(struct out *o, char c, int count)
{
	while (count-- > 0)
		out_char(o, c);
}

static void out_mem(struct out *o, const char *s, size_t n)
{
	while (n--)
		out_char(o, *s++);
}

#define FMT_LEFT	0x01	/* '-': pad on the right */
#define FMT_PLUS	0x02	/* '+': sign even when positive */
#define FMT_SPACE	0x04	/* ' ': space in place of a '+' */
#define FMT_SPECIAL	0x08	/* '#': 0x / 0 prefix */
#define FMT_ZEROPAD	0x10	/* '0': pad numbers with zeros */
#define FMT_SIGNED	0x20	/* conversion is signed (%d %i) */
#define FMT_UPPER	0x40	/* %X */

/*
 * Widths and numeric precisions are clamped so a bogus '*' argument costs
 * at most this many padding characters rather than billions.
 */
#define FMT_MAX_WIDTH	32767

/* Smallest "pointer" treated as a real address by %s and %ph. */
#define FMT_MIN_VALID_PTR 4096

struct fmt_spec {
	unsigned int flags;
	int width;		/* -1: none */
	int precision;		/* -1: none */
	unsigned int base;
};

static const char hex_lower[] = "0123456789abcdef";
static const char hex_upper[] = "0123456789ABCDEF";

/*
 * Layout: [pad] [sign] [prefix] [zeros] digits [pad].  Zeros come from the
 * precision (minimum digit count) or, with '0' and no precision, from the
 * width.
 */
static void format_number(struct out *o, unsigned long long num,
			  bool negative, const struct fmt_spec *spec)
{
	const char *set = (spec->flags & FMT_UPPER) ? hex_upper : hex_lower;
	char digits[24];	/* 2^64 needs 22 octal digits */
	const char *prefix = "";
	char sign = 0;
	int ndigits = 0, zeros, pad, len;

	do {
		digits[ndigits++] = set[num % spec->base];
		num /= spec->base;
	} while (num);

	if (spec->flags & FMT_SIGNED) {
		if (negative)
			sign = '-';
		else if (spec->flags & FMT_PLUS)
			sign = '+';
		else if (spec->flags & FMT_SPACE)
			sign = ' ';
	}
	if (spec->flags & FMT_SPECIAL) {
		if (spec->base == 16)
			prefix = (spec->flags & FMT_UPPER) ? "0X" : "0x";
		else if (spec->base == 8 && digits[ndigits - 1] != '0')
			prefix = "0";
	}

	zeros = spec->precision > ndigits ? spec->precision - ndigits : 0;
	len = !!sign + strlen(prefix) + zeros + ndigits;
	pad = spec->width > len ? spec->width - len : 0;
	if ((spec->flags & (FMT_ZEROPAD | FMT_LEFT)) == FMT_ZEROPAD &&
	    spec->precision < 0) {
		zeros += pad;
		pad = 0;
	}

	if (!(spec->flags & FMT_LEFT))
		out_repeat(o, ' ', pad);
	if (sign)
		out_char(o, sign);
	out_mem(o, prefix, strlen(prefix));
	out_repeat(o, '0', zeros);
	while (ndigits)
		out_char(o, digits[--ndigits]);
	if (spec->flags & FMT_LEFT)
		out_repeat(o, ' ', pad);
}

/* Emit the n bytes at s padded to the field width. */
static void format_padded(struct out *o, const char *s, size_t n,
			  const struct fmt_spec *spec)
{
	int pad = spec->width > (int)n ? spec->width - (int)n : 0;

	if (!(spec->flags & FMT_LEFT))
		out_repeat(o, ' ', pad);
	out_mem(o, s, n);
	if (spec->flags & FMT_LEFT)
		out_repeat(o, ' ', pad);
}

static void format_string(struct out *o, const char *s,
			  const struct fmt_spec *spec)
{
	size_t maxlen = spec->precision < 0 ? SIZE_MAX : (size_t)spec->precision;

	if (!s)
		s = "(null)";
	else if ((unsigned long)s < FMT_MIN_VALID_PTR)
		s = "(efault)";
	format_padded(o, s, strnlen(s, maxlen), spec);
}

/* 16 hex digits of a 64-bit value, optionally after "0x". */
static void format_hex64(struct out *o, unsigned long long val, bool prefix,
			 const struct fmt_spec *spec)
{
	char buf[2 + 16];
	char *p = buf;
	int shift;

	if (prefix) {
		*p++ = '0';
		*p++ = 'x';
	}
	for (shift = 60; shift >= 0; shift -= 4)
		*p++ = hex_lower[(val >> shift) & 0xf];
	format_padded(o, buf, p - buf, spec);
}

/* %*ph: bytes as hex pairs, sep between them (0 for none). */
static void format_hex_dump(struct out *o, const u8 *p, int count, char sep)
{
	int i;

	for (i = 0; i < count; i++) {
		if (i && sep)
			out_char(o, sep);
		out_char(o, hex_lower[p[i] >> 4]);
		out_char(o, hex_lower[p[i] & 0xf]);
	}
}

/* Bytes as dec.dec.dec.dec or hex:hex:..., padded as a whole. */
static void format_bytes(struct out *o, const u8 *p, int count, bool hex,
			 const struct fmt_spec *spec)
{
	char buf[6 * 3];	/* 6 bytes "xx:" or 4 bytes "ddd." */
	struct out tmp = { buf, sizeof(buf), 0 };
	struct fmt_spec dec = { 0, -1, -1, 10 };
	int i;

	for (i = 0; i < count; i++) {
		if (i)
			out_char(&tmp, hex ? ':' : '.');
		if (hex)
			format_hex_dump(&tmp, &p[i], 1, 0);
		else
			format_number(&tmp, p[i], false, &dec);
	}
	format_padded(o, buf, tmp.len, spec);
}

/*
 * fmt points just past the 'p'.  Returns fmt advanced past the extension
 * letters, all of which belong to the conversion (as in Linux, any run of
 * alphanumerics after %p is consumed even if not understood).
 */
static const char *format_pointer(struct out *o, const char *fmt, void *ptr,
				  struct fmt_spec *spec)
{
	char sym[KSYM_SYMBOL_LEN];
	unsigned long addr = (unsigned long)ptr;
	char sep;
	int n;

	switch (*fmt) {
	case 'S':
		n = sprint_symbol(sym, sizeof(sym), addr);
		format_padded(o, sym, n, spec);
		break;
	case 's':
		n = sprint_symbol_no_offset(sym, sizeof(sym), addr);
		format_padded(o, sym, n, spec);
		break;
	case 'B':
		n = sprint_backtrace(sym, sizeof(sym), addr);
		format_padded(o, sym, n, spec);
		break;
	case 'x':
		format_hex64(o, addr, false, spec);
		break;
	case 'a':
		if (addr < FMT_MIN_VALID_PTR) {
			format_string(o, NULL, spec);
			break;
		}
		if (fmt[1] == 'd')
			format_hex64(o, *(dma_addr_t *)ptr, true, spec);
		else
			format_hex64(o, *(phys_addr_t *)ptr, true, spec);
		break;
	case 'h':
		/* The width is the byte count here, not padding. */
		n = spec->width < 0 ? 1 : spec->width > 64 ? 64 : spec->width;
		if (addr < FMT_MIN_VALID_PTR) {
			spec->width = -1;
			format_string(o, NULL, spec);
			break;
		}
		sep = fmt[1] == 'C' ? ':' : fmt[1] == 'D' ? '-' :
		      fmt[1] == 'N' ? 0 : ' ';
		format_hex_dump(o, ptr, n, sep);
		break;
	case 'I':
		if (fmt[1] != '4')
			goto plain;
		if (addr < FMT_MIN_VALID_PTR)
			format_string(o, NULL, spec);
		else
			format_bytes(o, ptr, 4, false, spec);
		break;
	case 'M':
		if (addr < FMT_MIN_VALID_PTR)
			format_string(o, NULL, spec);
		else
			format_bytes(o, ptr, 6, true, spec);
		break;
	default:
plain:
		format_hex64(o, addr, true, spec);
		break;
	}

	while (isalnum(*fmt))
		fmt++;
	return fmt;
}

enum fmt_length {
	LEN_INT,
	LEN_CHAR,	/* hh */
	LEN_SHORT,	/* h */
	LEN_LONG,	/* l */
	LEN_LLONG,	/* ll L q j */
	LEN_SIZE,	/* z Z */
	LEN_PTRDIFF,	/* t */
};

/* Parse a decimal field (width or precision), clamped to FMT_MAX_WIDTH. */
static int parse_field(const char **fmtp)
{
	const char *fmt = *fmtp;
	int val = 0;

	while (isdigit(*fmt)) {
		if (val < FMT_MAX_WIDTH)
			val = val * 10 + (*fmt - '0');
		fmt++;
	}
	*fmtp = fmt;
	return val > FMT_MAX_WIDTH ? FMT_MAX_WIDTH : val;
}

static int clamp_field(int val)
{
	return val > FMT_MAX_WIDTH ? FMT_MAX_WIDTH : val;
}

static const char *parse_length(const char *fmt, enum fmt_length *len)
{
	*len = LEN_INT;
	switch (*fmt) {
	case 'h':
		if (fmt[1] == 'h') {
			*len = LEN_CHAR;
			return fmt + 2;
		}
		*len = LEN_SHORT;
		return fmt + 1;
	case 'l':
		if (fmt[1] == 'l') {
			*len = LEN_LLONG;
			return fmt + 2;
		}
		*len = LEN_LONG;
		return fmt + 1;
	case 'L':
	case 'q':
	case 'j':
		*len = LEN_LLONG;
		return fmt + 1;
	case 'z':
	case 'Z':
		*len = LEN_SIZE;
		return fmt + 1;
	case 't':
		*len = LEN_PTRDIFF;
		return fmt + 1;
	}
	return fmt;
}

/*
 * Fetch an integer argument of the given length.  Signed values come back
 * as magnitude plus *negative, which keeps LLONG_MIN exact.
 */
static unsigned long long fetch_integer(va_list *args, enum fmt_length len,
					bool is_signed, bool *negative)
{
	long long sval;

	*negative = false;
	if (!is_signed) {
		switch (len) {
		case LEN_CHAR:
			return (unsigned char)va_arg(*args, unsigned int);
		case LEN_SHORT:
			return (unsigned short)va_arg(*args, unsigned int);
		case LEN_LONG:
			return va_arg(*args, unsigned long);
		case LEN_LLONG:
			return va_arg(*args, unsigned long long);
		case LEN_SIZE:
			return va_arg(*args, size_t);
		case LEN_PTRDIFF:
			return (unsigned long)va_arg(*args, ptrdiff_t);
		default:
			return va_arg(*args, unsigned int);
		}
	}

	switch (len) {
	case LEN_CHAR:
		sval = (signed char)va_arg(*args, int);
		break;
	case LEN_SHORT:
		sval = (short)va_arg(*args, int);
		break;
	case LEN_LONG:
		sval = va_arg(*args, long);
		break;
	case LEN_LLONG:
		sval = va_arg(*args, long long);
		break;
	case LEN_SIZE:
		sval = va_arg(*args, ssize_t);
		break;
	case LEN_PTRDIFF:
		sval = va_arg(*args, ptrdiff_t);
		break;
	default:
		sval = va_arg(*args, int);
		break;
	}
	if (sval < 0) {
		*negative = true;
		return 0 - (unsigned long long)sval;
	}
	return sval;
}

/*
 * va_list may be an array type, so it is passed around by pointer to a
 * local copy (a va_list parameter decays and cannot be addressed portably).
 */
int vsnprintf(char *buf, size_t size, const char *fmt, va_list args_in)
{
	struct out o = { buf, size, 0 };
	struct fmt_spec spec;
	enum fmt_length len;
	const char *start;
	unsigned long long num;
	bool negative;
	va_list args;
	int val;

	va_copy(args, args_in);
	while (*fmt) {
		if (*fmt != '%') {
			out_char(&o, *fmt++);
			continue;
		}
		start = fmt++;

		spec.flags = 0;
		for (;; fmt++) {
			if (*fmt == '-')
				spec.flags |= FMT_LEFT;
			else if (*fmt == '+')
				spec.flags |= FMT_PLUS;
			else if (*fmt == ' ')
				spec.flags |= FMT_SPACE;
			else if (*fmt == '#')
				spec.flags |= FMT_SPECIAL;
			else if (*fmt == '0')
				spec.flags |= FMT_ZEROPAD;
			else
				break;
		}

		spec.width = -1;
		if (*fmt == '*') {
			fmt++;
			val = va_arg(args, int);
			if (val < 0) {
				spec.flags |= FMT_LEFT;
				val = val == INT_MIN ? INT_MAX : -val;
			}
			spec.width = clamp_field(val);
		} else if (isdigit(*fmt)) {
			spec.width = parse_field(&fmt);
		}

		spec.precision = -1;
		if (*fmt == '.') {
			fmt++;
			if (*fmt == '*') {
				fmt++;
				val = va_arg(args, int);
				spec.precision = val < 0 ? -1 : val;
			} else {
				spec.precision = parse_field(&fmt);
			}
		}

		fmt = parse_length(fmt, &len);
		spec.base = 10;

		switch (*fmt) {
		case 'd':
		case 'i':
			spec.flags |= FMT_SIGNED;
			num = fetch_integer(&args, len, true, &negative);
			spec.precision = clamp_field(spec.precision);
			format_number(&o, num, negative, &spec);
			break;
		case 'u':
		case 'x':
		case 'X':
		case 'o':
			if (*fmt == 'X')
				spec.flags |= FMT_UPPER;
			if (*fmt == 'x' || *fmt == 'X')
				spec.base = 16;
			else if (*fmt == 'o')
				spec.base = 8;
			num = fetch_integer(&args, len, false, &negative);
			spec.precision = clamp_field(spec.precision);
			format_number(&o, num, false, &spec);
			break;
		case 'c': {
			char c = (char)va_arg(args, int);

			format_padded(&o, &c, 1, &spec);
			break;
		}
		case 's':
			format_string(&o, va_arg(args, const char *), &spec);
			break;
		case 'p':
			fmt = format_pointer(&o, fmt + 1, va_arg(args, void *),
					     &spec);
			continue;
		case '%':
			out_char(&o, '%');
			break;
		case '\0':
			/* A lone '%' at the end: print it, nothing to convert. */
			out_mem(&o, start, fmt - start);
			continue;
		default:
			/* Unknown conversion: show it verbatim, consume no argument. */
			out_mem(&o, start, fmt + 1 - start);
			break;
		}
		fmt++;
	}
	va_end(args);

	if (size)
		buf[o.len < size ? o.len : size - 1] = '\0';
	return o.len > INT_MAX ? INT_MAX : (int)o.len;
}

int vscnprintf(char *buf, size_t size, const char *fmt, va_list args)
{
	int ret = vsnprintf(buf, size, fmt, args);

	if ((size_t)ret < size)
		return ret;
	return size ? (int)(size - 1) : 0;
}

/* The "..." forms forward to the va_list ones above. */
int snprintf(char *buf, size_t size, const char *fmt, ...)
{
	return VA_CALL(fmt, vsnprintf(buf, size, fmt, args));
}

int scnprintf(char *buf, size_t size, const char *fmt, ...)
{
	return VA_CALL(fmt, vscnprintf(buf, size, fmt, args));
}

/* Unbounded: the caller guarantees the buffer is big enough. */
int vsprintf(char *buf, const char *fmt, va_list args)
{
	return vsnprintf(buf, INT_MAX, fmt, args);
}

int sprintf(char *buf, const char *fmt, ...)
{
	return VA_CALL(fmt, vsprintf(buf, fmt, args));
}
