/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * container_of(): from a pointer to a member back to the enclosing struct.
 * The build fails if ptr does not point to the member's type (void * is
 * accepted), which catches the common mistake of passing the wrong member.
 */
#ifndef _LINUX_CONTAINER_OF_H
#define _LINUX_CONTAINER_OF_H

#include <linux/compiler.h>
#include <linux/stddef.h>

#define container_of(ptr, type, member) ({				\
	void *__cof_p = (void *)(ptr);					\
	_Static_assert(__same_type(*(ptr), ((type *)0)->member) ||	\
		       __same_type(*(ptr), void),			\
		       "container_of(): pointer type mismatch");	\
	((type *)((char *)__cof_p - offsetof(type, member))); })

/* As container_of(), but NULL stays NULL. */
#define container_of_or_null(ptr, type, member) ({			\
	__typeof__(ptr) __cofn_p = (ptr);				\
	__cofn_p ? container_of(__cofn_p, type, member) : NULL; })

#endif /* _LINUX_CONTAINER_OF_H */
