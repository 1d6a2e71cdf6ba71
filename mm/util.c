// SPDX-License-Identifier: GPL-2.0-only
/*
 * Small helpers built on kmalloc(): kmemdup(), kstrdup(), kstrndup().
 * They copy into fresh kmalloc memory the caller kfree()s; no locking.
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>

void *kmemdup(const void *src, size_t len, gfp_t gfp)
{
	void *p = kmalloc(len, gfp);

	if (p)
		memcpy(p, src, len);
	return p;
}

/* A fresh NUL-terminated copy of the len bytes at src. */
static char *kmemdup_terminated(const char *src, size_t len, gfp_t gfp)
{
	char *copy = kmalloc(len + 1, gfp);

	if (!copy)
		return NULL;
	copy[len] = '\0';
	return memcpy(copy, src, len);
}

char *kstrdup(const char *s, gfp_t gfp)
{
	return s ? kmemdup_terminated(s, strlen(s), gfp) : NULL;
}

/* At most max characters of s; never reads s past them. */
char *kstrndup(const char *s, size_t max, gfp_t gfp)
{
	return s ? kmemdup_terminated(s, strnlen(s, max), gfp) : NULL;
}
