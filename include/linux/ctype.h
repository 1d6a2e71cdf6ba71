/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Character classes for the 7-bit ASCII set.  Bytes >= 0x80 (whether the
 * argument is a negative signed char or a value 128..255) belong to no
 * class, and tolower()/toupper() return them unchanged.
 */
#ifndef _LINUX_CTYPE_H
#define _LINUX_CTYPE_H

static inline int isdigit(int c)
{
	return (unsigned int)c - '0' < 10;
}

static inline int islower(int c)
{
	return (unsigned int)c - 'a' < 26;
}

static inline int isupper(int c)
{
	return (unsigned int)c - 'A' < 26;
}

static inline int isalpha(int c)
{
	return islower(c) || isupper(c);
}

static inline int isalnum(int c)
{
	return isalpha(c) || isdigit(c);
}

static inline int isxdigit(int c)
{
	return isdigit(c) || (unsigned int)(c | 0x20) - 'a' < 6;
}

/* Space, and the controls \t \n \v \f \r. */
static inline int isspace(int c)
{
	return c == ' ' || (unsigned int)c - '\t' < 5;
}

static inline int iscntrl(int c)
{
	return (unsigned int)c < 0x20 || c == 0x7f;
}

/* Printable: space through '~'. */
static inline int isprint(int c)
{
	return (unsigned int)c - 0x20 < 0x5f;
}

/* Printable and not space. */
static inline int isgraph(int c)
{
	return (unsigned int)c - 0x21 < 0x5e;
}

static inline int ispunct(int c)
{
	return isgraph(c) && !isalnum(c);
}

static inline int isascii(int c)
{
	return (unsigned int)c < 0x80;
}

static inline int tolower(int c)
{
	return isupper(c) ? c + ('a' - 'A') : c;
}

static inline int toupper(int c)
{
	return islower(c) ? c - ('a' - 'A') : c;
}

/* Lower-case a letter known to be a letter (or digit: digits survive). */
static inline char _tolower(const char c)
{
	return c | 0x20;
}

#endif /* _LINUX_CTYPE_H */
