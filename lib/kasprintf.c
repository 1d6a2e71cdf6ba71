// SPDX-License-Identifier: GPL-2.0-only
/*
 * kasprintf()/kvasprintf(): formatted output into a kmalloc()ed string
 * of exactly the right size (kfree() it).  Used for names built at run
 * time (kobjects, devices).
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/sprintf.h>

char *kvasprintf(gfp_t gfp, const char *fmt, va_list args)
{
	va_list copy;
	int len;
	char *p;

	va_copy(copy, args);
	len = vsnprintf(NULL, 0, fmt, copy);
	va_end(copy);
	p = kmalloc(len + 1, gfp);
	if (!p)
		return NULL;
	vsnprintf(p, len + 1, fmt, args);
	return p;
}

char *kasprintf(gfp_t gfp, const char *fmt, ...)
{
	va_list args;
	char *p;

	va_start(args, fmt);
	p = kvasprintf(gfp, fmt, args);
	va_end(args);
	return p;
}
