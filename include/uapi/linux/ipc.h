/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * System V IPC, the parts common to shared memory, semaphores and message
 * queues (sysvipc(7)): key and flag values, the control commands every
 * *ctl() call knows, and struct ipc64_perm as x86_64 lays it out (48 bytes).
 */
#ifndef _UAPI_LINUX_IPC_H
#define _UAPI_LINUX_IPC_H

#include <uapi/linux/types.h>

#define IPC_PRIVATE	0		/* key: a new object nobody else can look up */

/* *get() flags, beside the nine permission bits. */
#define IPC_CREAT	00001000	/* create if the key is unknown */
#define IPC_EXCL	00002000	/* with IPC_CREAT: fail if the key exists */
#define IPC_NOWAIT	00004000	/* semop/msgsnd/msgrcv: EAGAIN/ENOMSG instead of sleeping */

/* *ctl() commands. */
#define IPC_RMID	0
#define IPC_SET		1
#define IPC_STAT	2
#define IPC_INFO	3

/* Or-ed into a command by callers that want the 64-bit structures (the only ones here). */
#define IPC_64		0x0100

struct ipc64_perm {
	int key;
	unsigned int uid;		/* owner */
	unsigned int gid;
	unsigned int cuid;		/* creator */
	unsigned int cgid;
	unsigned int mode;		/* low 9 bits: permissions; above: per-type state */
	unsigned short seq;		/* slot reuse count, part of the id */
	unsigned short __pad2;
	__kernel_ulong_t __unused1;
	__kernel_ulong_t __unused2;
};

#endif /* _UAPI_LINUX_IPC_H */
