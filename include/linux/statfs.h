/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * struct kstatfs: what a file system's ->statfs reports; statfs(2)
 * copies it into the ABI struct statfs (<uapi/linux/statfs.h>).
 */
#ifndef _LINUX_STATFS_H
#define _LINUX_STATFS_H

#include <linux/types.h>
#include <uapi/linux/statfs.h>

struct kstatfs {
	long f_type;
	long f_bsize;
	u64 f_blocks;
	u64 f_bfree;
	u64 f_bavail;
	u64 f_files;
	u64 f_ffree;
	__kernel_fsid_t f_fsid;
	long f_namelen;
	long f_frsize;
	long f_flags;
	long f_spare[4];
};

struct path;
struct dentry;
int vfs_statfs(const struct path *path, struct kstatfs *buf);
int user_statfs(const char *pathname, struct kstatfs *st);
int fd_statfs(int fd, struct kstatfs *st);

#endif /* _LINUX_STATFS_H */
