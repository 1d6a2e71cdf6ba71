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

char *kstrdup(const char *s, gfp_t gfp)
{
	return s ? kmemdup(s, strlen(s) + 1, gfp) : NULL;
}

char *kstrndup(const char *s, size_t max, gfp_t gfp)
{
	size_t len;
	char *p;

	if (!s)
		return NULL;
	len = strnlen(s, max);
	p = kmalloc(len + 1, gfp);
	if (p) {
		memcpy(p, s, len);
		p[len] = '\0';
	}
	return p;
}
