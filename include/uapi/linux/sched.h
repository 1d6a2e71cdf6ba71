/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * clone(2) flags (Linux ABI).  The low byte is the exit signal.  clone3(2)
 * takes them in a struct clone_args, which may grow: the caller passes its
 * size (CLONE_ARGS_SIZE_VER0 for the first version).
 */
#ifndef _UAPI_LINUX_SCHED_H
#define _UAPI_LINUX_SCHED_H

#include <uapi/linux/types.h>

#ifndef __aligned_u64
#define __aligned_u64 __u64 __attribute__((aligned(8)))
#endif

#define CSIGNAL			0x000000ff
#define CLONE_VM		0x00000100
#define CLONE_FS		0x00000200
#define CLONE_FILES		0x00000400
#define CLONE_SIGHAND		0x00000800
#define CLONE_PIDFD		0x00001000
#define CLONE_PTRACE		0x00002000
#define CLONE_VFORK		0x00004000
#define CLONE_PARENT		0x00008000
#define CLONE_THREAD		0x00010000
#define CLONE_NEWNS		0x00020000
#define CLONE_SYSVSEM		0x00040000
#define CLONE_SETTLS		0x00080000
#define CLONE_PARENT_SETTID	0x00100000
#define CLONE_CHILD_CLEARTID	0x00200000
#define CLONE_DETACHED		0x00400000
#define CLONE_UNTRACED		0x00800000
#define CLONE_CHILD_SETTID	0x01000000
#define CLONE_NEWCGROUP		0x02000000
#define CLONE_NEWUTS		0x04000000
#define CLONE_NEWIPC		0x08000000
#define CLONE_NEWUSER		0x10000000
#define CLONE_NEWPID		0x20000000
#define CLONE_NEWNET		0x40000000
#define CLONE_IO		0x80000000

/* clone3() only (the upper 32 bits). */
#define CLONE_CLEAR_SIGHAND	0x100000000ULL
#define CLONE_INTO_CGROUP	0x200000000ULL

struct clone_args {
	__aligned_u64 flags;
	__aligned_u64 pidfd;		/* CLONE_PIDFD: where the pidfd goes */
	__aligned_u64 child_tid;	/* CLONE_CHILD_SETTID/CLEARTID */
	__aligned_u64 parent_tid;	/* CLONE_PARENT_SETTID */
	__aligned_u64 exit_signal;	/* signal to the parent at exit (not in flags) */
	__aligned_u64 stack;		/* lowest byte of the child's stack */
	__aligned_u64 stack_size;
	__aligned_u64 tls;		/* CLONE_SETTLS */
	__aligned_u64 set_tid;		/* version 1: pids to ask for */
	__aligned_u64 set_tid_size;
	__aligned_u64 cgroup;		/* version 2: CLONE_INTO_CGROUP's fd */
};

#define CLONE_ARGS_SIZE_VER0	64
#define CLONE_ARGS_SIZE_VER1	80
#define CLONE_ARGS_SIZE_VER2	88

#endif /* _UAPI_LINUX_SCHED_H */
