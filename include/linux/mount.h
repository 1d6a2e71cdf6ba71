/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * struct vfsmount: the public part of a mount - which file system
 * instance, which dentry of it is the mount's root, and the per-mount
 * flags.  The tree links and counters live in struct mount (fs/mount.h),
 * private to fs/namespace.c.
 *
 * Lifetime: mntget()/mntput() count references; a path holds one.  The
 * mount tree itself holds one on every attached mount.
 */
#ifndef _LINUX_MOUNT_H
#define _LINUX_MOUNT_H

#include <linux/types.h>

struct super_block;
struct dentry;
struct file_system_type;
struct path;

/*
 * mnt_flags.  What a mount restricts on the files it shows (mount(2)
 * MS_NOSUID, MS_NODEV, MS_NOEXEC, MS_RDONLY, MS_NOSYMFOLLOW):
 */
#define MNT_READONLY	(1 << 6)
#define MNT_NOSUID	(1 << 0)
#define MNT_NODEV	(1 << 1)
#define MNT_NOEXEC	(1 << 2)
#define MNT_NOSYMFOLLOW	(1 << 7)
/* ... and how it updates access times (MS_NOATIME, MS_NODIRATIME, MS_RELATIME): */
#define MNT_NOATIME	(1 << 3)
#define MNT_NODIRATIME	(1 << 4)
#define MNT_RELATIME	(1 << 5)
/* Which of them mount(2) and remount may change: */
#define MNT_USER_SETTABLE_MASK (MNT_NOSUID | MNT_NODEV | MNT_NOEXEC | MNT_NOATIME | \
				MNT_NODIRATIME | MNT_RELATIME | MNT_READONLY | \
				MNT_NOSYMFOLLOW)
#define MNT_INTERNAL	0x4000	/* kern_mount(): not in any namespace */
#define MNT_UMOUNT	0x8000000	/* detached by umount */

struct vfsmount {
	struct dentry *mnt_root;
	struct super_block *mnt_sb;
	int mnt_flags;
};

struct vfsmount *mntget(struct vfsmount *mnt);
void mntput(struct vfsmount *mnt);

/* A new mount of a file system, not attached anywhere. */
struct vfsmount *vfs_kern_mount(struct file_system_type *type, int flags,
				const char *name, void *data);
/* Mount and attach on path (fs/namespace.c; init code, devtmpfs). */
long path_mount(const char *dev_name, struct path *path, const char *type_page,
		unsigned long flags, void *data_page);
int path_umount(struct path *path, int flags);
/* Is anything but the caller using mnt (open files, cwds, submounts)? */
int may_umount_tree(struct vfsmount *mnt);
int may_umount(struct vfsmount *mnt);
/* The number of mounts in the namespace (statistics, tests). */
unsigned int count_mounts_ns(void);

#endif /* _LINUX_MOUNT_H */
