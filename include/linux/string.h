/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Memory and NUL-terminated string helpers (lib/string.c).
 *
 * The usual C library semantics, plus the kernel's own:
 *   strscpy()    bounded copy that always terminates; -E2BIG on truncation
 *   memchr_inv() first byte that is NOT c (for "is this all zero?")
 *   skip_spaces(), strim()   whitespace trimming, in place
 *   strsep()     destructive tokenizer that allows empty fields
 *
 * An architecture may supply optimised versions: arch/x86/include/asm/
 * string.h, if present, is included here and defines __HAVE_ARCH_MEMCPY
 * (etc.) for each function it implements; lib/string.c then leaves that
 * one out.  No locking: these touch only the caller's buffers.
 */
#ifndef _LINUX_STRING_H
#define _LINUX_STRING_H

#include <linux/types.h>
#include <linux/stddef.h>
#include <linux/compiler.h>

#if __has_include(<asm/string.h>)
#include <asm/string.h>
#endif

void *memcpy(void *dest, const void *src, size_t n);
void *memmove(void *dest, const void *src, size_t n);
void *memset(void *s, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
void *memchr(const void *s, int c, size_t n);
void *memchr_inv(const void *s, int c, size_t n);

size_t strlen(const char *s);
size_t strnlen(const char *s, size_t maxlen);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
int strcasecmp(const char *a, const char *b);
int strncasecmp(const char *a, const char *b, size_t n);
char *strcpy(char *dest, const char *src);
char *strncpy(char *dest, const char *src, size_t n);
ssize_t strscpy(char *dest, const char *src, size_t size);
ssize_t strscpy_pad(char *dest, const char *src, size_t size);
char *strcat(char *dest, const char *src);
char *strncat(char *dest, const char *src, size_t n);
char *strchr(const char *s, int c);
char *strchrnul(const char *s, int c);
char *strnchr(const char *s, size_t n, int c);
char *strrchr(const char *s, int c);
char *strstr(const char *haystack, const char *needle);
char *strnstr(const char *haystack, const char *needle, size_t n);
size_t strspn(const char *s, const char *accept);
size_t strcspn(const char *s, const char *reject);
char *strpbrk(const char *s, const char *accept);
char *strsep(char **stringp, const char *delim);
char *skip_spaces(const char *s);
char *strim(char *s);

/* Does str start with prefix?  strstarts() answers yes/no ... */
static inline bool strstarts(const char *str, const char *prefix)
{
	return strncmp(str, prefix, strlen(prefix)) == 0;
}

/* ... str_has_prefix() returns the prefix length on a match, else 0. */
static inline size_t str_has_prefix(const char *str, const char *prefix)
{
	size_t len = strlen(prefix);

	return strncmp(str, prefix, len) == 0 ? len : 0;
}

#endif /* _LINUX_STRING_H */
