// SPDX-License-Identifier: GPL-2.0-only
/*
 * The wall clock as the system calls see it, and the oldest time calls:
 * time(2), gettimeofday(2), settimeofday(2); plus the conversions of
 * timespec and timeval at the user boundary.
 *
 * CLOCK_REALTIME is the architecture's boot-time wall clock
 * (ktime_get_real_ns(): the CMOS RTC read at boot plus monotonic time)
 * plus realtime_adjust_ns, which clock_settime()/settimeofday() set.
 * (File timestamps read ktime_get_real_ns() directly and so do not see a
 * setting made after boot; see Documentation/tty.md.)
 *
 * Interface: <linux/time.h>.
 * Locking: realtime_lock serialises setters; readers load the 64-bit
 * adjustment with one access and need no lock.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/mutex.h>
#include <linux/jiffies.h>
#include <linux/timekeeping.h>
#include <linux/capability.h>
#include <linux/syscalls.h>
#include <linux/time.h>
#include <asm/uaccess.h>

static s64 realtime_adjust_ns;
static DEFINE_MUTEX(realtime_lock);
/* settimeofday()'s time zone, given back by gettimeofday() (no other use). */
static struct timezone sys_tz;

u64 posix_realtime_ns(void)
{
	return ktime_get_real_ns() + READ_ONCE(realtime_adjust_ns);
}

s64 posix_realtime_offset_ns(void)
{
	return ktime_get_real_offset_ns() + READ_ONCE(realtime_adjust_ns);
}

void posix_realtime_set(u64 ns)
{
	mutex_lock(&realtime_lock);
	WRITE_ONCE(realtime_adjust_ns, (s64)(ns - ktime_get_real_ns()));
	update_vsyscall_realtime();
	mutex_unlock(&realtime_lock);
}

/* ------------------------------------------------------------ conversions */

int get_timespec64(struct timespec64 *ts, const struct __kernel_timespec *uts)
{
	struct __kernel_timespec kts;

	if (copy_from_user(&kts, uts, sizeof(kts)))
		return -EFAULT;
	ts->tv_sec = kts.tv_sec;
	ts->tv_nsec = kts.tv_nsec;
	return 0;
}

int put_timespec64(const struct timespec64 *ts, struct __kernel_timespec *uts)
{
	struct __kernel_timespec kts = { .tv_sec = ts->tv_sec, .tv_nsec = ts->tv_nsec };

	return copy_to_user(uts, &kts, sizeof(kts)) ? -EFAULT : 0;
}

int get_old_timeval(struct timespec64 *ts, const struct __kernel_old_timeval *utv)
{
	struct __kernel_old_timeval tv;

	if (copy_from_user(&tv, utv, sizeof(tv)))
		return -EFAULT;
	if (tv.tv_usec < 0 || tv.tv_usec >= (long)USEC_PER_SEC)
		return -EINVAL;
	ts->tv_sec = tv.tv_sec;
	ts->tv_nsec = tv.tv_usec * NSEC_PER_USEC;
	return 0;
}

int put_old_timeval(const struct timespec64 *ts, struct __kernel_old_timeval *utv)
{
	struct __kernel_old_timeval tv = {
		.tv_sec = ts->tv_sec,
		.tv_usec = ts->tv_nsec / NSEC_PER_USEC,
	};

	return copy_to_user(utv, &tv, sizeof(tv)) ? -EFAULT : 0;
}

struct __kernel_old_timeval ns_to_kernel_old_timeval(s64 ns)
{
	struct timespec64 ts = ns_to_timespec64(ns);
	struct __kernel_old_timeval tv = {
		.tv_sec = ts.tv_sec,
		.tv_usec = ts.tv_nsec / NSEC_PER_USEC,
	};

	return tv;
}

/* ------------------------------------------------------------ system calls */

/* Seconds of the coarse wall clock, as Linux's time() reads it. */
SYSCALL_DEFINE1(time, long *, tloc)
{
	u64 ns;
	long t;

	posix_clock_get_ns(CLOCK_REALTIME_COARSE, &ns);
	t = ns / NSEC_PER_SEC;
	if (tloc && put_user(t, tloc))
		return -EFAULT;
	return t;
}

SYSCALL_DEFINE2(gettimeofday, struct __kernel_old_timeval *, tv, struct timezone *, tz)
{
	if (tv) {
		struct __kernel_old_timeval ktv = ns_to_kernel_old_timeval(posix_realtime_ns());

		if (copy_to_user(tv, &ktv, sizeof(ktv)))
			return -EFAULT;
	}
	if (tz && copy_to_user(tz, &sys_tz, sizeof(sys_tz)))
		return -EFAULT;
	return 0;
}

SYSCALL_DEFINE2(settimeofday, struct __kernel_old_timeval *, tv, struct timezone *, tz)
{
	struct timespec64 ts = { };
	struct timezone ktz = { };
	int ret;

	if (tv) {
		ret = get_old_timeval(&ts, tv);
		if (ret)
			return ret;
		if (ts.tv_sec < 0)
			return -EINVAL;
	}
	if (tz) {
		if (copy_from_user(&ktz, tz, sizeof(ktz)))
			return -EFAULT;
		/* Linux's range check: at most 15 hours either side. */
		if (ktz.tz_minuteswest > 15 * 60 || ktz.tz_minuteswest < -15 * 60)
			return -EINVAL;
	}
	if (!capable(CAP_SYS_TIME))
		return -EPERM;
	if (tz)
		sys_tz = ktz;
	if (tv)
		posix_realtime_set(timespec64_to_ns(&ts));
	return 0;
}
