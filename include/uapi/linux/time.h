/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Clocks and timers of the system-call ABI: clock ids, the interval
 * timer structures (setitimer/getitimer), struct timezone, and the flags
 * of clock_nanosleep().  The timespec/timeval layouts themselves are in
 * <uapi/linux/time_types.h>.
 */
#ifndef _UAPI_LINUX_TIME_H
#define _UAPI_LINUX_TIME_H

#include <uapi/linux/time_types.h>

struct timezone {
	int tz_minuteswest;	/* minutes west of Greenwich */
	int tz_dsttime;		/* type of DST correction (obsolete, 0) */
};

#define ITIMER_REAL	0	/* wall time, SIGALRM */
#define ITIMER_VIRTUAL	1	/* user CPU time, SIGVTALRM */
#define ITIMER_PROF	2	/* user + system CPU time, SIGPROF */

struct __kernel_old_itimerval {
	struct __kernel_old_timeval it_interval;	/* reload value */
	struct __kernel_old_timeval it_value;		/* time to the next expiry */
};

struct __kernel_itimerspec {
	struct __kernel_timespec it_interval;
	struct __kernel_timespec it_value;
};

/* Clock ids (clockid_t) */
#define CLOCK_REALTIME			0
#define CLOCK_MONOTONIC			1
#define CLOCK_PROCESS_CPUTIME_ID	2
#define CLOCK_THREAD_CPUTIME_ID		3
#define CLOCK_MONOTONIC_RAW		4
#define CLOCK_REALTIME_COARSE		5
#define CLOCK_MONOTONIC_COARSE		6
#define CLOCK_BOOTTIME			7
#define CLOCK_REALTIME_ALARM		8
#define CLOCK_BOOTTIME_ALARM		9
#define CLOCK_SGI_CYCLE			10	/* never implemented by Linux */
#define CLOCK_TAI			11

#define MAX_CLOCKS			16

/* clock_nanosleep() / timer_settime() flags */
#define TIMER_ABSTIME			0x01

#endif /* _UAPI_LINUX_TIME_H */
