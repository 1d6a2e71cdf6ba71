/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * struct kstat: a file's attributes as the VFS collects them
 * (vfs_getattr()), before stat(2)/statx(2) convert them to their ABI
 * layouts.
 */
#ifndef _LINUX_STAT_H
#define _LINUX_STAT_H

#include <linux/types.h>
#include <linux/time64.h>
#include <uapi/linux/stat.h>

#define S_IRWXUGO	(S_IRWXU | S_IRWXG | S_IRWXO)
#define S_IALLUGO	(S_ISUID | S_ISGID | S_ISVTX | S_IRWXUGO)
#define S_IRUGO		(S_IRUSR | S_IRGRP | S_IROTH)
#define S_IWUGO		(S_IWUSR | S_IWGRP | S_IWOTH)
#define S_IXUGO		(S_IXUSR | S_IXGRP | S_IXOTH)

struct kstat {
	u32 result_mask;		/* STATX_* fields filled in */
	umode_t mode;
	unsigned int nlink;
	u32 blksize;
	u64 attributes;
	u64 attributes_mask;
	u64 ino;
	dev_t dev;
	dev_t rdev;
	uid_t uid;
	gid_t gid;
	loff_t size;
	struct timespec64 atime;
	struct timespec64 mtime;
	struct timespec64 ctime;
	struct timespec64 btime;
	u64 blocks;			/* 512-byte units */
	u64 mnt_id;
};

#endif /* _LINUX_STAT_H */
