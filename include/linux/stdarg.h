/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Variadic arguments for a freestanding kernel: the compiler builtins under
 * the standard names.  Kernel code is built with -nostdinc, so this is the
 * only <stdarg.h> it can see.
 */
#ifndef _LINUX_STDARG_H
#define _LINUX_STDARG_H

typedef __builtin_va_list va_list;

#define va_start(ap, last) __builtin_va_start(ap, last)
#define va_arg(ap, type) __builtin_va_arg(ap, type)
#define va_copy(dst, src) __builtin_va_copy(dst, src)
#define va_end(ap) __builtin_va_end(ap)

#endif /* _LINUX_STDARG_H */
