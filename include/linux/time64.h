/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * struct timespec64: a time with 64-bit seconds and nanoseconds, the
 * kernel-internal form of file timestamps (and of the timespec ABI
 * structures, which user copies convert from/to).
 */
#ifndef _LINUX_TIME64_H
#define _LINUX_TIME64_H

#include <linux/types.h>

struct timespec64 {
	time64_t tv_sec;
	long tv_nsec;		/* 0..NSEC_PER_SEC-1 */
};

#define TIME64_MAX	((s64)~((u64)1 << 63))
#define TIME64_MIN	(-TIME64_MAX - 1)

static inline bool timespec64_equal(const struct timespec64 *a, const struct timespec64 *b)
{
	return a->tv_sec == b->tv_sec && a->tv_nsec == b->tv_nsec;
}

/* <0, 0, >0 as a is before, equal to, after b. */
static inline int timespec64_compare(const struct timespec64 *a, const struct timespec64 *b)
{
	if (a->tv_sec != b->tv_sec)
		return a->tv_sec < b->tv_sec ? -1 : 1;
	if (a->tv_nsec != b->tv_nsec)
		return a->tv_nsec < b->tv_nsec ? -1 : 1;
	return 0;
}

/* Valid as a timestamp the user may set: nanoseconds in range. */
static inline bool timespec64_valid(const struct timespec64 *ts)
{
	return ts->tv_sec >= 0 && (unsigned long)ts->tv_nsec < 1000000000UL;
}

static inline struct timespec64 ns_to_timespec64(s64 ns)
{
	struct timespec64 ts;
	s64 rem;

	ts.tv_sec = ns / 1000000000LL;
	rem = ns % 1000000000LL;
	if (rem < 0) {
		ts.tv_sec--;
		rem += 1000000000LL;
	}
	ts.tv_nsec = rem;
	return ts;
}

#endif /* _LINUX_TIME64_H */
