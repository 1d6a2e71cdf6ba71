/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * POSIX capability numbers of the Linux ABI (capget/capset, file
 * capabilities).  Each names one privilege root normally holds.
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

#endif /* _UAPI_LINUX_CAPABILITY_H */
