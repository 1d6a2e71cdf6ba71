/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * struct stat as the x86_64 stat/fstat/lstat/newfstatat calls return it:
 * 144 bytes.  Note the order (nlink before mode, a pad after gid) and the
 * 64-bit nlink: this is the x86_64 layout, not the generic one.
 */
#ifndef _UAPI_ASM_X86_STAT_H
#define _UAPI_ASM_X86_STAT_H

#include <uapi/linux/types.h>

#define STAT_HAVE_NSEC 1

struct stat {
	__kernel_ulong_t st_dev;
	__kernel_ulong_t st_ino;
	__kernel_ulong_t st_nlink;
	unsigned int st_mode;
	unsigned int st_uid;
	unsigned int st_gid;
	unsigned int __pad0;
	__kernel_ulong_t st_rdev;
	__kernel_long_t st_size;
	__kernel_long_t st_blksize;
	__kernel_long_t st_blocks;	/* 512-byte units */
	__kernel_ulong_t st_atime;
	__kernel_ulong_t st_atime_nsec;
	__kernel_ulong_t st_mtime;
	__kernel_ulong_t st_mtime_nsec;
	__kernel_ulong_t st_ctime;
	__kernel_ulong_t st_ctime_nsec;
	__kernel_long_t __unused[3];
};

#endif /* _UAPI_ASM_X86_STAT_H */
