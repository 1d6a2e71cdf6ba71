/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Resource usage and limits: struct rusage (getrusage, wait4), struct
 * rlimit (getrlimit/setrlimit), struct rlimit64 (prlimit64), the RLIMIT_*
 * resource numbers and the getpriority/setpriority selectors.
 */
#ifndef _UAPI_LINUX_RESOURCE_H
#define _UAPI_LINUX_RESOURCE_H

#include <uapi/linux/time_types.h>

#define RUSAGE_SELF	0
#define RUSAGE_CHILDREN	(-1)
#define RUSAGE_BOTH	(-2)	/* internal: self + children */
#define RUSAGE_THREAD	1

/* 144 bytes: two timevals and fourteen longs. */
struct rusage {
	struct __kernel_old_timeval ru_utime;	/* user CPU time */
	struct __kernel_old_timeval ru_stime;	/* system CPU time */
	long ru_maxrss;		/* peak resident set, KiB */
	long ru_ixrss;		/* unused (0) */
	long ru_idrss;		/* unused (0) */
	long ru_isrss;		/* unused (0) */
	long ru_minflt;		/* page faults without I/O */
	long ru_majflt;		/* page faults with I/O */
	long ru_nswap;		/* unused (0) */
	long ru_inblock;	/* blocks read */
	long ru_oublock;	/* blocks written */
	long ru_msgsnd;		/* unused (0) */
	long ru_msgrcv;		/* unused (0) */
	long ru_nsignals;	/* unused (0) */
	long ru_nvcsw;		/* voluntary context switches */
	long ru_nivcsw;		/* involuntary context switches */
};

struct rlimit {
	unsigned long rlim_cur;	/* soft limit */
	unsigned long rlim_max;	/* hard limit: ceiling for rlim_cur */
};

#define RLIM64_INFINITY	(~0ULL)

struct rlimit64 {
	unsigned long long rlim_cur;
	unsigned long long rlim_max;
};

#define PRIO_MIN	(-20)
#define PRIO_MAX	20

#define PRIO_PROCESS	0
#define PRIO_PGRP	1
#define PRIO_USER	2

#define RLIMIT_CPU		0	/* CPU time in s */
#define RLIMIT_FSIZE		1	/* largest file size */
#define RLIMIT_DATA		2	/* data segment (brk + private mappings) */
#define RLIMIT_STACK		3	/* main stack */
#define RLIMIT_CORE		4	/* core file size */
#define RLIMIT_RSS		5	/* resident set (not enforced) */
#define RLIMIT_NPROC		6	/* processes of the real user */
#define RLIMIT_NOFILE		7	/* open file descriptors (one more than the highest fd) */
#define RLIMIT_MEMLOCK		8	/* locked-in-memory bytes */
#define RLIMIT_AS		9	/* address space */
#define RLIMIT_LOCKS		10	/* file locks */
#define RLIMIT_SIGPENDING	11	/* queued signals */
#define RLIMIT_MSGQUEUE		12	/* POSIX message queue bytes */
#define RLIMIT_NICE		13	/* ceiling for the nice value: 20 - limit */
#define RLIMIT_RTPRIO		14	/* real-time priority ceiling */
#define RLIMIT_RTTIME		15	/* real-time CPU time without sleeping, us */
#define RLIM_NLIMITS		16

#define RLIM_INFINITY		(~0UL)

#endif /* _UAPI_LINUX_RESOURCE_H */
