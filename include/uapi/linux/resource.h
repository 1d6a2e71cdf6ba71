/* SPDX-License-Identifier: GPL-2.0-only */
/* struct rusage as wait4(2) and getrusage(2) fill it (Linux ABI). */
#ifndef _UAPI_LINUX_RESOURCE_H
#define _UAPI_LINUX_RESOURCE_H

#define RUSAGE_SELF	0
#define RUSAGE_CHILDREN	(-1)
#define RUSAGE_BOTH	(-2)
#define RUSAGE_THREAD	1

struct rusage {
	struct {
		long tv_sec;
		long tv_usec;
	} ru_utime, ru_stime;	/* user and system time */
	long ru_maxrss;
	long ru_ixrss;
	long ru_idrss;
	long ru_isrss;
	long ru_minflt;
	long ru_majflt;
	long ru_nswap;
	long ru_inblock;
	long ru_oublock;
	long ru_msgsnd;
	long ru_msgrcv;
	long ru_nsignals;
	long ru_nvcsw;
	long ru_nivcsw;
};

#endif /* _UAPI_LINUX_RESOURCE_H */
