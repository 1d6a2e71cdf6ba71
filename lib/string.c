// SPDX-License-Identifier: GPL-2.0-only
/*
 * Generic memory and string functions (<linux/string.h>).
 *
 * Portable C; an architecture replaces any of them by defining
 * __HAVE_ARCH_<NAME> in its <asm/string.h>.  memcpy()/memset() move a word
 * at a time once the destination is aligned, which is most of the win for
 * page-sized work; everything else goes byte by byte.
 *
 * The compiler may turn a byte loop into a call to memcpy()/memset(),
 * which inside memcpy()/memset() themselves would recurse forever.
 * -ffreestanding stops GCC doing that; lib/Makefile also passes
 * -fno-tree-loop-distribute-patterns for this file to make it explicit.
 *
 * No locking: the functions touch only the caller's buffers.
 */
#include <linux/string.h>
#include <linux/ctype.h>
#include <linux/limits.h>
#include <uapi/asm-generic/errno-base.h>

/* Word-sized accesses to memory that may hold any type. */
typedef unsigned long __attribute__((__may_alias__)) word_alias_t;

#define WORD_SIZE sizeof(unsigned long)
#define WORD_MASK (WORD_SIZE - 1)

#ifndef __HAVE_ARCH_MEMCPY
void *memcpy(void *dest, const void *src, size_t n)
{
	unsigned char *d = dest;
	const unsigned char *s = src;

	/* Align the destination; go wordwise only if src then lines up too. */
	while (n && ((unsigned long)d & WORD_MASK)) {
		*d++ = *s++;
		n--;
	}
	if (!((unsigned long)s & WORD_MASK)) {
		for (; n >= WORD_SIZE; n -= WORD_SIZE) {
			*(word_alias_t *)d = *(const word_alias_t *)s;
			d += WORD_SIZE;
			s += WORD_SIZE;
		}
	}
	while (n--)
		*d++ = *s++;
	return dest;
}
#endif

#ifndef __HAVE_ARCH_MEMMOVE
void *memmove(void *dest, const void *src, size_t n)
{
	unsigned char *d = dest;
	const unsigned char *s = src;

	/* Disjoint: memcpy() may copy in any order it likes. */
	if (d + n <= s || s + n <= d)
		return memcpy(dest, src, n);

	/* Overlapping: copy away from the overlap, one byte at a time. */
	if (d < s) {
		while (n--)
			*d++ = *s++;
	} else {
		d += n;
		s += n;
		while (n--)
			*--d = *--s;
	}
	return dest;
}
#endif

#ifndef __HAVE_ARCH_MEMSET
void *memset(void *s, int c, size_t n)
{
	unsigned char *p = s;
	unsigned long pattern;

	while (n && ((unsigned long)p & WORD_MASK)) {
		*p++ = (unsigned char)c;
		n--;
	}
	/* 0x0101...01 times the byte spreads it over a whole word. */
	pattern = (unsigned char)c * (ULONG_MAX / 0xff);
	for (; n >= WORD_SIZE; n -= WORD_SIZE) {
		*(word_alias_t *)p = pattern;
		p += WORD_SIZE;
	}
	while (n--)
		*p++ = (unsigned char)c;
	return s;
}
#endif

#ifndef __HAVE_ARCH_MEMCMP
int memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *p = a, *q = b;

	for (; n; n--, p++, q++) {
		if (*p != *q)
			return *p - *q;
	}
	return 0;
}
#endif

#ifndef __HAVE_ARCH_MEMCHR
void *memchr(const void *s, int c, size_t n)
{
	const unsigned char *p = s;

	for (; n; n--, p++) {
		if (*p == (unsigned char)c)
			return (void *)p;
	}
	return NULL;
}
#endif

/* First byte of s[0..n) that differs from c, or NULL if all equal c. */
void *memchr_inv(const void *s, int c, size_t n)
{
	const unsigned char *p = s;

	for (; n; n--, p++) {
		if (*p != (unsigned char)c)
			return (void *)p;
	}
	return NULL;
}

#ifndef __HAVE_ARCH_STRLEN
size_t strlen(const char *s)
{
	const char *p = s;

	while (*p)
		p++;
	return p - s;
}
#endif

size_t strnlen(const char *s, size_t maxlen)
{
	size_t len = 0;

	while (len < maxlen && s[len])
		len++;
	return len;
}

/* Comparisons treat characters as unsigned char, as C requires. */
int strcmp(const char *a, const char *b)
{
	unsigned char ca, cb;

	do {
		ca = *a++;
		cb = *b++;
		if (ca != cb)
			return ca < cb ? -1 : 1;
	} while (ca);
	return 0;
}

int strncmp(const char *a, const char *b, size_t n)
{
	unsigned char ca, cb;

	for (; n; n--) {
		ca = *a++;
		cb = *b++;
		if (ca != cb)
			return ca < cb ? -1 : 1;
		if (!ca)
			break;
	}
	return 0;
}

int strncasecmp(const char *a, const char *b, size_t n)
{
	int ca, cb;

	for (; n; n--) {
		ca = tolower((unsigned char)*a++);
		cb = tolower((unsigned char)*b++);
		if (ca != cb)
			return ca - cb;
		if (!ca)
			break;
	}
	return 0;
}

int strcasecmp(const char *a, const char *b)
{
	return strncasecmp(a, b, SIZE_MAX);
}

char *strcpy(char *dest, const char *src)
{
	char *d = dest;

	while ((*d++ = *src++))
		;
	return dest;
}

/* C semantics: no terminator if src is n or longer; NUL-pads the rest. */
char *strncpy(char *dest, const char *src, size_t n)
{
	size_t i = 0;

	for (; i < n && src[i]; i++)
		dest[i] = src[i];
	for (; i < n; i++)
		dest[i] = '\0';
	return dest;
}

/*
 * Copy src into dest[size], always NUL-terminated when size > 0.  Returns
 * the length copied, or -E2BIG if src did not fit (dest then holds the
 * truncated prefix).  Never reads src beyond what it copies plus one byte.
 */
ssize_t strscpy(char *dest, const char *src, size_t size)
{
	size_t i;

	if (!size)
		return -E2BIG;
	for (i = 0; i < size - 1; i++) {
		dest[i] = src[i];
		if (!src[i])
			return i;
	}
	dest[i] = '\0';
	return src[i] ? -E2BIG : (ssize_t)i;
}

/* strscpy(), then zero the rest of dest (no stale bytes leak out). */
ssize_t strscpy_pad(char *dest, const char *src, size_t size)
{
	ssize_t ret = strscpy(dest, src, size);
	size_t used;

	if (!size)
		return ret;
	used = ret < 0 ? size : (size_t)ret + 1;
	if (used < size)
		memset(dest + used, 0, size - used);
	return ret;
}

char *strcat(char *dest, const char *src)
{
	strcpy(dest + strlen(dest), src);
	return dest;
}

/* Append at most n bytes of src, then always a NUL. */
char *strncat(char *dest, const char *src, size_t n)
{
	char *d = dest + strlen(dest);

	for (; n && *src; n--)
		*d++ = *src++;
	*d = '\0';
	return dest;
}

char *strchr(const char *s, int c)
{
	for (;; s++) {
		if (*s == (char)c)
			return (char *)s;
		if (!*s)
			return NULL;
	}
}

/* Like strchr(), but a miss returns the terminating NUL, not NULL. */
char *strchrnul(const char *s, int c)
{
	while (*s && *s != (char)c)
		s++;
	return (char *)s;
}

/* strchr() over at most the first n bytes of s. */
char *strnchr(const char *s, size_t n, int c)
{
	for (; n && *s; n--, s++) {
		if (*s == (char)c)
			return (char *)s;
	}
	return NULL;
}

char *strrchr(const char *s, int c)
{
	const char *last = NULL;

	for (;; s++) {
		if (*s == (char)c)
			last = s;
		if (!*s)
			return (char *)last;
	}
}

char *strnstr(const char *haystack, const char *needle, size_t n)
{
	size_t nlen = strlen(needle);

	if (!nlen)
		return (char *)haystack;
	for (; n >= nlen && *haystack; n--, haystack++) {
		if (!memcmp(haystack, needle, nlen))
			return (char *)haystack;
	}
	return NULL;
}

char *strstr(const char *haystack, const char *needle)
{
	return strnstr(haystack, needle, strlen(haystack));
}

/* Length of the leading run of s made only of bytes in accept. */
size_t strspn(const char *s, const char *accept)
{
	size_t n = 0;

	while (s[n] && strchr(accept, s[n]))
		n++;
	return n;
}

/* Length of the leading run of s containing no byte of reject. */
size_t strcspn(const char *s, const char *reject)
{
	size_t n = 0;

	while (s[n] && !strchr(reject, s[n]))
		n++;
	return n;
}

char *strpbrk(const char *s, const char *accept)
{
	s += strcspn(s, accept);
	return *s ? (char *)s : NULL;
}

/*
 * Split off the token at *stringp, ending at the first byte in delim,
 * which is overwritten with NUL; *stringp moves past it (or becomes NULL
 * after the last token).  Adjacent delimiters give empty tokens.
 */
char *strsep(char **stringp, const char *delim)
{
	char *start = *stringp;
	char *end;

	if (!start)
		return NULL;
	end = start + strcspn(start, delim);
	if (*end) {
		*end = '\0';
		*stringp = end + 1;
	} else {
		*stringp = NULL;
	}
	return start;
}

char *skip_spaces(const char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	return (char *)s;
}

/*
 * Cut trailing whitespace off s in place and return a pointer past the
 * leading whitespace.
 */
char *strim(char *s)
{
	size_t len = strlen(s);

	while (len && isspace((unsigned char)s[len - 1]))
		len--;
	s[len] = '\0';
	return skip_spaces(s);
}
