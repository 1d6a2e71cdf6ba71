/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * File-system magic numbers: statfs(2)'s f_type.  Userspace (df, stat -f,
 * systemd, busybox) compares against these values, so they are Linux's.
 */
#ifndef _UAPI_LINUX_MAGIC_H
#define _UAPI_LINUX_MAGIC_H

#define RAMFS_MAGIC		0x858458f6
#define TMPFS_MAGIC		0x01021994
#define EXT2_SUPER_MAGIC	0xEF53
#define PROC_SUPER_MAGIC	0x9fa0
#define SYSFS_MAGIC		0x62656572
#define DEVPTS_SUPER_MAGIC	0x1cd1
#define NFS_SUPER_MAGIC		0x6969
#define PIPEFS_MAGIC		0x50495045
#define SOCKFS_MAGIC		0x534F434B
#define ANON_INODE_FS_MAGIC	0x09041934
#define BDEVFS_MAGIC		0x62646576
#define DEBUGFS_MAGIC		0x64626720
#define TRACEFS_MAGIC		0x74726163

#endif /* _UAPI_LINUX_MAGIC_H */
