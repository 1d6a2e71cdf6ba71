/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Time structures of the system-call ABI.  On x86_64 every variant has
 * 64-bit seconds; the names say which C library type each one mirrors:
 *
 *   struct __kernel_timespec      struct timespec (utimensat, statx-less stat calls)
 *   struct __kernel_old_timeval   struct timeval (utimes, futimesat)
 *   struct statx_timestamp        lives in <uapi/linux/stat.h>
 */
#ifndef _UAPI_LINUX_TIME_TYPES_H
#define _UAPI_LINUX_TIME_TYPES_H

struct __kernel_timespec {
	long long tv_sec;	/* seconds */
	long long tv_nsec;	/* nanoseconds, 0..999999999 */
};

struct __kernel_old_timeval {
	long tv_sec;		/* seconds */
	long tv_usec;		/* microseconds, 0..999999 */
};

struct __kernel_old_timespec {
	long tv_sec;
	long tv_nsec;
};

#endif /* _UAPI_LINUX_TIME_TYPES_H */
