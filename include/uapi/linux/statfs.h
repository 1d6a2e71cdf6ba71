/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * struct statfs as statfs(2)/fstatfs(2) return it on x86_64: 120 bytes,
 * every "word" 64 bits wide.  f_flags holds ST_* mount flags (valid when
 * ST_VALID is set).
 */
#ifndef _UAPI_LINUX_STATFS_H
#define _UAPI_LINUX_STATFS_H

#include <uapi/linux/types.h>

struct statfs {
	__kernel_long_t f_type;
	__kernel_long_t f_bsize;
	__u64 f_blocks;
	__u64 f_bfree;
	__u64 f_bavail;
	__u64 f_files;
	__u64 f_ffree;
	__kernel_fsid_t f_fsid;
	__kernel_long_t f_namelen;
	__kernel_long_t f_frsize;
	__kernel_long_t f_flags;
	__kernel_long_t f_spare[4];
};

/* f_flags, as statvfs(3) reports them */
#define ST_RDONLY	0x0001
#define ST_NOSUID	0x0002
#define ST_NODEV	0x0004
#define ST_NOEXEC	0x0008
#define ST_SYNCHRONOUS	0x0010
#define ST_VALID	0x0020	/* f_flags holds valid data */
#define ST_MANDLOCK	0x0040
#define ST_NOATIME	0x0400
#define ST_NODIRATIME	0x0800
#define ST_RELATIME	0x1000
#define ST_NOSYMFOLLOW	0x2000

#endif /* _UAPI_LINUX_STATFS_H */
