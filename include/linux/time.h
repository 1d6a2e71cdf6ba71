/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Time values at the system-call boundary (kernel/time/time.c) and the
 * clocks the time system calls read (kernel/time/posix-timers.c).
 *
 *   get_timespec64() / put_timespec64()   struct __kernel_timespec <-> timespec64
 *   get_old_timeval() / put_old_timeval() struct __kernel_old_timeval (microseconds)
 *   posix_realtime_ns()                   CLOCK_REALTIME including settimeofday()
 *   posix_clock_get_ns(id, &ns)           any clock_gettime() clock, 0 or -EINVAL
 *   task_cputime_ns(p), process_cputime_ns(sig, &user, &sys)   CPU time
 */
#ifndef _LINUX_TIME_H
#define _LINUX_TIME_H

#include <linux/types.h>
#include <linux/time64.h>
#include <uapi/linux/time.h>

#define KTIME_MAX	((s64)~((u64)1 << 63))

struct task_struct;
struct signal_struct;

typedef int clockid_t;

/* Nanoseconds of ts, saturating at KTIME_MAX. */
static inline s64 timespec64_to_ns(const struct timespec64 *ts)
{
	if (ts->tv_sec >= KTIME_MAX / 1000000000LL)
		return KTIME_MAX;
	return ts->tv_sec * 1000000000LL + ts->tv_nsec;
}

int get_timespec64(struct timespec64 *ts, const struct __kernel_timespec *uts);
int put_timespec64(const struct timespec64 *ts, struct __kernel_timespec *uts);
/* tv: 0 or -EFAULT; a timeval with tv_usec outside 0..999999 is -EINVAL. */
int get_old_timeval(struct timespec64 *ts, const struct __kernel_old_timeval *utv);
int put_old_timeval(const struct timespec64 *ts, struct __kernel_old_timeval *utv);
struct __kernel_old_timeval ns_to_kernel_old_timeval(s64 ns);

u64 posix_realtime_ns(void);
/* Set CLOCK_REALTIME (the caller checked CAP_SYS_TIME and validity). */
void posix_realtime_set(u64 ns);

int posix_clock_get_ns(clockid_t id, u64 *ns);
u64 task_cputime_ns(struct task_struct *p);
void process_cputime_ns(struct signal_struct *sig, u64 *user, u64 *sys);

#endif /* _LINUX_TIME_H */
