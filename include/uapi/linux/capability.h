/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * POSIX capabilities in the Linux ABI: the capability numbers (each names
 * one privilege root normally holds), the capget(2)/capset(2) header and
 * data records, and the layout of the security.capability extended
 * attribute that gives a program file its capabilities (capabilities(7)).
 */
#ifndef _UAPI_LINUX_CAPABILITY_H
#define _UAPI_LINUX_CAPABILITY_H

#define CAP_CHOWN		0	/* change file owners and groups */
#define CAP_DAC_OVERRIDE	1	/* bypass file rwx checks */
#define CAP_DAC_READ_SEARCH	2	/* bypass read and directory search checks */
#define CAP_FOWNER		3	/* act as the owner of any file */
#define CAP_FSETID		4	/* keep set-id bits when not the owner */
#define CAP_KILL		5
#define CAP_SETGID		6
#define CAP_SETUID		7
#define CAP_SETPCAP		8
#define CAP_LINUX_IMMUTABLE	9
#define CAP_NET_BIND_SERVICE	10
#define CAP_NET_BROADCAST	11
#define CAP_NET_ADMIN		12
#define CAP_NET_RAW		13
#define CAP_IPC_LOCK		14
#define CAP_IPC_OWNER		15
#define CAP_SYS_MODULE		16
#define CAP_SYS_RAWIO		17
#define CAP_SYS_CHROOT		18
#define CAP_SYS_PTRACE		19
#define CAP_SYS_PACCT		20
#define CAP_SYS_ADMIN		21	/* mount, umount, and much else */
#define CAP_SYS_BOOT		22
#define CAP_SYS_NICE		23
#define CAP_SYS_RESOURCE	24
#define CAP_SYS_TIME		25
#define CAP_SYS_TTY_CONFIG	26
#define CAP_MKNOD		27	/* create device nodes */
#define CAP_LEASE		28
#define CAP_AUDIT_WRITE		29
#define CAP_AUDIT_CONTROL	30
#define CAP_SETFCAP		31
#define CAP_MAC_OVERRIDE	32
#define CAP_MAC_ADMIN		33
#define CAP_SYSLOG		34
#define CAP_WAKE_ALARM		35
#define CAP_BLOCK_SUSPEND	36
#define CAP_AUDIT_READ		37
#define CAP_PERFMON		38
#define CAP_BPF			39
#define CAP_CHECKPOINT_RESTORE	40
#define CAP_LAST_CAP		CAP_CHECKPOINT_RESTORE

#include <linux/types.h>
#include <uapi/linux/types.h>

/*
 * capget/capset.  The header names the layout of the data and the task:
 * version 1 has one data record (capabilities 0-31); versions 2 and 3
 * have two, the second holding capabilities 32-63.  Version 2 is the
 * same layout as 3 (it was withdrawn for a user-space header bug).
 */
#define _LINUX_CAPABILITY_VERSION_1	0x19980330
#define _LINUX_CAPABILITY_U32S_1	1
#define _LINUX_CAPABILITY_VERSION_2	0x20071026
#define _LINUX_CAPABILITY_U32S_2	2
#define _LINUX_CAPABILITY_VERSION_3	0x20080522
#define _LINUX_CAPABILITY_U32S_3	2

struct __user_cap_header_struct {
	__u32 version;
	int pid;
};

struct __user_cap_data_struct {
	__u32 effective;
	__u32 permitted;
	__u32 inheritable;
};

/*
 * security.capability: little-endian words.  magic_etc holds the
 * revision in its top byte and, in bit 0, whether the permitted set is
 * made effective at exec.  Revision 2 has two (permitted, inheritable)
 * pairs; revision 3 adds the user id that counts as root for the file
 * (user namespaces).
 */
#define VFS_CAP_REVISION_MASK		0xff000000
#define VFS_CAP_REVISION_SHIFT		24
#define VFS_CAP_FLAGS_MASK		(~VFS_CAP_REVISION_MASK)
#define VFS_CAP_FLAGS_EFFECTIVE		0x000001

#define VFS_CAP_REVISION_1		0x01000000	/* 32-bit sets, obsolete */
#define VFS_CAP_U32_1			1
#define XATTR_CAPS_SZ_1			(sizeof(__le32) * (1 + 2 * VFS_CAP_U32_1))

#define VFS_CAP_REVISION_2		0x02000000
#define VFS_CAP_U32_2			2
#define XATTR_CAPS_SZ_2			(sizeof(__le32) * (1 + 2 * VFS_CAP_U32_2))

#define VFS_CAP_REVISION_3		0x03000000
#define VFS_CAP_U32_3			2
#define XATTR_CAPS_SZ_3			(sizeof(__le32) * (2 + 2 * VFS_CAP_U32_3))

#define XATTR_CAPS_SZ			XATTR_CAPS_SZ_3
#define VFS_CAP_U32			VFS_CAP_U32_3

struct vfs_cap_data {
	__le32 magic_etc;
	struct {
		__le32 permitted;
		__le32 inheritable;
	} data[VFS_CAP_U32];
};

struct vfs_ns_cap_data {
	__le32 magic_etc;
	struct {
		__le32 permitted;
		__le32 inheritable;
	} data[VFS_CAP_U32];
	__le32 rootid;
};

#endif /* _UAPI_LINUX_CAPABILITY_H */
