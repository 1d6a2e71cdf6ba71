/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ramfs and tmpfs (fs/ramfs/), as the boot code uses them: the types'
 * registration and the root file system instance (init/do_mounts.c).
 */
#ifndef _LINUX_RAMFS_H
#define _LINUX_RAMFS_H

#include <linux/types.h>

struct file_system_type;
struct super_block;
struct dentry;

/* Register "ramfs" and "tmpfs". */
void init_ramfs_fs(void);
/* Mount an instance for rootfs: tmpfs (limits, statfs numbers) or plain ramfs. */
struct dentry *ramfs_mount_rootfs(struct file_system_type *fs_type, int flags, void *data,
				  bool tmpfs);
void ramfs_kill_sb(struct super_block *sb);

#endif /* _LINUX_RAMFS_H */
