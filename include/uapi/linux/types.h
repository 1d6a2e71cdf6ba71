/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Fixed-width types for ABI structures (the __u32 family).  The layouts
 * in include/uapi are written with these so their sizes never depend on
 * the kernel's own typedefs.
 */
#ifndef _UAPI_LINUX_TYPES_H
#define _UAPI_LINUX_TYPES_H

typedef unsigned char __u8;
typedef signed char __s8;
typedef unsigned short __u16;
typedef signed short __s16;
typedef unsigned int __u32;
typedef signed int __s32;
typedef unsigned long long __u64;
typedef signed long long __s64;

typedef long __kernel_long_t;
typedef unsigned long __kernel_ulong_t;

typedef struct {
	int val[2];
} __kernel_fsid_t;

#endif /* _UAPI_LINUX_TYPES_H */
