// SPDX-License-Identifier: GPL-2.0-only
/*
 * kasprintf()/kvasprintf(): formatted output into a kmalloc()ed string
 * of exactly the right size (kfree() it).  Used for names built at run
 * time (kobjects, devices).
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/sprintf.h>
#include <linux/va_call.h>

char *kvasprintf(gfp_t gfp, const char *fmt, va_list args)
{
	va_list probe;
	size_t size;
	char *s;

	/* Measure on a copy: args itself is still needed for the real pass. */
	va_copy(probe, args);
	size = vsnprintf(NULL, 0, fmt, probe) + 1;
	va_end(probe);

	s = kmalloc(size, gfp);
	if (s)
		vsnprintf(s, size, fmt, args);
	return s;
}

char *kasprintf(gfp_t gfp, const char *fmt, ...)
{
	return VA_CALL(fmt, kvasprintf(gfp, fmt, args));
}
