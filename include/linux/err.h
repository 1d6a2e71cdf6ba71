/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Error values carried in pointers (see ERR_PTR()/IS_ERR() in
 * linux/errno.h): the top MAX_ERRNO addresses are never valid kernel
 * pointers.  This header is where Linux code looks for them, and adds
 * the two helpers errno.h does not have.
 */
#ifndef _LINUX_ERR_H
#define _LINUX_ERR_H

#include <linux/types.h>
#include <linux/errno.h>

/* Pass an error pointer on as another pointer type. */
static inline void *ERR_CAST(const void *ptr)
{
	return (void *)ptr;
}

static inline int PTR_ERR_OR_ZERO(const void *ptr)
{
	return IS_ERR(ptr) ? (int)PTR_ERR(ptr) : 0;
}

#endif /* _LINUX_ERR_H */
