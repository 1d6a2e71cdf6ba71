/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * VA_CALL(last, expr): the body of a "..." front end for a function that
 * takes a va_list.  expr is evaluated with `args' standing for the
 * variable arguments after the parameter named last; its value is the
 * macro's value.  Used by the kernel's printf-style front ends.
 */
#ifndef _LINUX_VA_CALL_H
#define _LINUX_VA_CALL_H

#include <linux/stdarg.h>

#define VA_CALL(last, expr) ({						\
	va_list args;							\
	__typeof__(expr) __va_call_ret;					\
									\
	va_start(args, last);						\
	__va_call_ret = (expr);						\
	va_end(args);							\
	__va_call_ret;							\
})

#endif /* _LINUX_VA_CALL_H */
