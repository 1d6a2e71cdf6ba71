/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * struct kstatfs: what a file system's ->statfs reports; statfs(2)
 * copies it into the ABI struct statfs (<uapi/linux/statfs.h>).
 */
#ifndef _LINUX_STATFS_H
#define _LINUX_STATFS_H

#include <linux/types.h>
#include <uapi/linux/statfs.h>

struct path;

/*
 * The file system's answer, in the kernel's own types; the syscalls copy
 * it field by field into whichever ABI struct the caller asked for.
 */
struct kstatfs {
	/* which file system */
	long f_type;			/* its magic number */
	__kernel_fsid_t f_fsid;
	long f_flags;			/* ST_* mount flags (fs/statfs.c fills them) */
	long f_namelen;			/* longest name component */

	/* space, in f_bsize units */
	long f_bsize;
	long f_frsize;			/* fragment size; f_bsize if 0 */
	u64 f_blocks;
	u64 f_bfree;
	u64 f_bavail;			/* free to unprivileged users */

	/* inodes */
	u64 f_files;
	u64 f_ffree;

	long f_spare[4];		/* zeroed, for the ABI's spare words */
};

/* statfs(2), fstatfs(2) and the VFS entry point they share. */
int fd_statfs(int fd, struct kstatfs *st);
int user_statfs(const char *pathname, struct kstatfs *st);
int vfs_statfs(const struct path *path, struct kstatfs *buf);

#endif /* _LINUX_STATFS_H */
