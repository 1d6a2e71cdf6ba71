/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * offsetof() and the member-size helpers built on it.  NULL, size_t and
 * ptrdiff_t come from <linux/types.h>, which this header pulls in.
 */
#ifndef _LINUX_STDDEF_H
#define _LINUX_STDDEF_H

#include <linux/types.h>

#define offsetof(type, member) __builtin_offsetof(type, member)

/* Size of a struct member, without needing an instance of the struct. */
#define sizeof_field(type, member) sizeof(((type *)0)->member)

/* Offset of the first byte after member. */
#define offsetofend(type, member) \
	(offsetof(type, member) + sizeof_field(type, member))

#endif /* _LINUX_STDDEF_H */
