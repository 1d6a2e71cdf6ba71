/* SPDX-License-Identifier: GPL-2.0-only */
/* times(2): CPU time of a process and its waited-for children, in clock ticks (USER_HZ). */
#ifndef _UAPI_LINUX_TIMES_H
#define _UAPI_LINUX_TIMES_H

struct tms {
	long tms_utime;		/* user time */
	long tms_stime;		/* system time */
	long tms_cutime;	/* user time of reaped children */
	long tms_cstime;	/* system time of reaped children */
};

#endif /* _UAPI_LINUX_TIMES_H */
