/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * System V message queues (msgget(2), msgop(2), msgctl(2)): flags,
 * commands and the x86_64 layouts of struct msqid64_ds and msginfo.
 */
#ifndef _UAPI_LINUX_MSG_H
#define _UAPI_LINUX_MSG_H

#include <uapi/linux/ipc.h>

/* msgrcv() flags. */
#define MSG_NOERROR	010000		/* truncate a message too long for the buffer */
#define MSG_EXCEPT	020000		/* the first message not of the type given */
#define MSG_COPY	040000		/* peek by position (not supported here) */

/* msgctl() commands beyond the IPC_* ones. */
#define MSG_STAT	11
#define MSG_INFO	12
#define MSG_STAT_ANY	13

/* Default limits (kernel.msgmax, msgmnb, msgmni start here, as on Linux). */
#define MSGMNI		32000		/* queues */
#define MSGMAX		8192		/* bytes per message */
#define MSGMNB		16384		/* bytes per queue (msg_qbytes of a new queue) */

struct msqid64_ds {
	struct ipc64_perm msg_perm;
	__kernel_long_t msg_stime;	/* last msgsnd */
	__kernel_long_t msg_rtime;	/* last msgrcv */
	__kernel_long_t msg_ctime;	/* creation or last IPC_SET */
	__kernel_ulong_t msg_cbytes;	/* bytes queued */
	__kernel_ulong_t msg_qnum;	/* messages queued */
	__kernel_ulong_t msg_qbytes;	/* most bytes the queue holds */
	int msg_lspid;			/* last sender */
	int msg_lrpid;			/* last receiver */
	__kernel_ulong_t __unused4;
	__kernel_ulong_t __unused5;
};

struct msginfo {
	int msgpool;
	int msgmap;
	int msgmax;
	int msgmnb;
	int msgmni;
	int msgssz;
	int msgtql;
	unsigned short msgseg;
};

#endif /* _UAPI_LINUX_MSG_H */
