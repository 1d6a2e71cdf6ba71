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

/* mnt_flags */
#define MNT_NOSUID	0x01
#define MNT_NODEV	0x02
#define MNT_NOEXEC	0x04
#define MNT_NOATIME	0x08
#define MNT_NODIRATIME	0x10
#define MNT_RELATIME	0x20
#define MNT_READONLY	0x40
#define MNT_NOSYMFOLLOW	0x80
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
