/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Formatted output into memory (lib/vsprintf.c).
 *
 * Conversions: %d %i %u %x %X %o %c %s %p %% with the flags - + space # 0,
 * field width and precision (either may be *), and the length modifiers
 * hh h l ll z t (also L, q, j, Z as aliases).  Differences from ISO C,
 * following the Linux kernel:
 *   %#x of 0 prints "0x0"; %.0d of 0 prints "0"; %n is not supported.
 *   %s of NULL prints "(null)"; of a small bad pointer "(efault)".
 *   Alphanumerics right after %p select an extension and are consumed:
 *     %p      pointer, "0x" and 16 hex digits (not hashed)
 *     %px     16 hex digits, no prefix
 *     %pS %ps kernel symbol "name+0x1c/0x80" / "name" (kallsyms)
 *     %pB     as %pS for a return address (looks up addr - 1)
 *     %pa %pap  phys_addr_t passed by reference; %pad for dma_addr_t
 *     %*ph    hex dump of up to 64 bytes, width = byte count;
 *             %*phC %*phD %*phN separate with ':', '-', nothing
 *     %pI4    IPv4 address from 4 bytes in network order
 *     %pM     MAC address from 6 bytes
 *
 * snprintf()/vsnprintf() return the length the full output would have
 * (excluding the NUL), which may exceed size; scnprintf()/vscnprintf()
 * return what was actually stored.  With size > 0 the buffer is always
 * NUL-terminated.
 *
 * Reentrant, no locks, no allocation; safe in any context.
 */
#ifndef _LINUX_SPRINTF_H
#define _LINUX_SPRINTF_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/stdarg.h>

int vsnprintf(char *buf, size_t size, const char *fmt, va_list args)
	__printf(3, 0);
int vscnprintf(char *buf, size_t size, const char *fmt, va_list args)
	__printf(3, 0);
int snprintf(char *buf, size_t size, const char *fmt, ...) __printf(3, 4);
int scnprintf(char *buf, size_t size, const char *fmt, ...) __printf(3, 4);
int vsprintf(char *buf, const char *fmt, va_list args) __printf(2, 0);
int sprintf(char *buf, const char *fmt, ...) __printf(2, 3);

/* lib/kasprintf.c: a kmalloc()ed formatted string, or NULL. */
char *kvasprintf(gfp_t gfp, const char *fmt, va_list args) __printf(2, 0);
char *kasprintf(gfp_t gfp, const char *fmt, ...) __printf(2, 3);

#endif /* _LINUX_SPRINTF_H */
