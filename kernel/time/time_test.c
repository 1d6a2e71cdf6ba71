// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of the time system calls' building blocks: the timespec,
 * timeval and clock_t conversions, the POSIX clocks against each other,
 * CPU-time accounting of a busy kernel thread, setting CLOCK_REALTIME,
 * and the default resource limits.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/jiffies.h>
#include <linux/timekeeping.h>
#include <linux/selftest.h>
#include <linux/sched.h>
#include <linux/resource.h>
#include <linux/time.h>

static int time_conversion_test(void)
{
	struct timespec64 ts;
	struct __kernel_old_timeval tv;

	ts = ns_to_timespec64(1500000001LL);
	ST_ASSERT(ts.tv_sec == 1 && ts.tv_nsec == 500000001, "%lld.%09ld", (s64)ts.tv_sec,
		  ts.tv_nsec);
	ts = ns_to_timespec64(-1);
	ST_ASSERT(ts.tv_sec == -1 && ts.tv_nsec == 999999999, "-1 ns: %lld.%09ld", (s64)ts.tv_sec,
		  ts.tv_nsec);
	ts = (struct timespec64){ .tv_sec = 3, .tv_nsec = 7 };
	ST_ASSERT(timespec64_to_ns(&ts) == 3000000007LL, "timespec64_to_ns");
	ts = (struct timespec64){ .tv_sec = TIME64_MAX, .tv_nsec = 0 };
	ST_ASSERT(timespec64_to_ns(&ts) == KTIME_MAX, "no saturation at TIME64_MAX");
	ts = (struct timespec64){ .tv_sec = 0, .tv_nsec = 1000000000 };
	ST_ASSERT(!timespec64_valid(&ts), "tv_nsec 1e9 accepted");
	ts = (struct timespec64){ .tv_sec = -1, .tv_nsec = 0 };
	ST_ASSERT(!timespec64_valid(&ts), "negative seconds accepted");

	tv = ns_to_kernel_old_timeval(2999999999LL);
	ST_ASSERT(tv.tv_sec == 2 && tv.tv_usec == 999999, "timeval truncates: %ld.%06ld",
		  tv.tv_sec, tv.tv_usec);
	ST_ASSERT(jiffies_to_clock_t(HZ) == USER_HZ, "one second is %lu clock ticks",
		  jiffies_to_clock_t(HZ));
	ST_ASSERT(nsecs_to_jiffies(1) == 1 && nsecs_to_jiffies(TICK_NSEC + 1) == 2,
		  "nsecs_to_jiffies rounds up");
	return 0;
}
DEFINE_SELFTEST("time: timespec, timeval and clock_t conversions", time_conversion_test);

/*
 * How far a coarse clock lags its precise twin, read just after a tick.
 * The coarse clocks move once a tick, and in a guest on a busy host a tick
 * may come late by several periods, so a lag read at a random moment says
 * little.  Three tries, each right after jiffies moved; the smallest lag,
 * or -1 if the coarse clock was ever ahead.
 */
static s64 coarse_lag_after_tick(clockid_t coarse_id, clockid_t precise_id)
{
	s64 best = S64_MAX;
	int try;

	for (try = 0; try < 3; try++) {
		unsigned long j = READ_ONCE(jiffies);
		u64 start = local_clock(), coarse, precise;

		while (READ_ONCE(jiffies) == j && local_clock() - start < NSEC_PER_SEC)
			cpu_relax();
		if (posix_clock_get_ns(coarse_id, &coarse) ||
		    posix_clock_get_ns(precise_id, &precise) || coarse > precise)
			return -1;
		best = min_t(s64, best, precise - coarse);
	}
	return best;
}

static int time_clocks_test(void)
{
	s64 lag;
	u64 mono, coarse, boot, real, real_coarse, raw, tai, dummy;

	ST_ASSERT(!posix_clock_get_ns(CLOCK_MONOTONIC_COARSE, &coarse), "MONOTONIC_COARSE");
	ST_ASSERT(!posix_clock_get_ns(CLOCK_MONOTONIC, &mono), "MONOTONIC");
	ST_ASSERT(!posix_clock_get_ns(CLOCK_BOOTTIME, &boot), "BOOTTIME");
	ST_ASSERT(!posix_clock_get_ns(CLOCK_MONOTONIC_RAW, &raw), "MONOTONIC_RAW");
	ST_ASSERT(!posix_clock_get_ns(CLOCK_REALTIME_COARSE, &real_coarse), "REALTIME_COARSE");
	ST_ASSERT(!posix_clock_get_ns(CLOCK_REALTIME, &real), "REALTIME");
	ST_ASSERT(!posix_clock_get_ns(CLOCK_TAI, &tai), "TAI");
	ST_ASSERT(coarse <= mono, "coarse clock %llu ns ahead", coarse - mono);
	lag = coarse_lag_after_tick(CLOCK_MONOTONIC_COARSE, CLOCK_MONOTONIC);
	ST_ASSERT(lag >= 0 && lag <= 2 * TICK_NSEC, "coarse clock %lld ns behind after a tick", lag);
	ST_ASSERT(boot >= mono && raw >= mono, "BOOTTIME/RAW behind MONOTONIC");
	ST_ASSERT(real_coarse <= real, "coarse wall clock %llu ns ahead", real_coarse - real);
	lag = coarse_lag_after_tick(CLOCK_REALTIME_COARSE, CLOCK_REALTIME);
	ST_ASSERT(lag >= 0 && lag <= 2 * TICK_NSEC + NSEC_PER_MSEC,
		  "coarse wall clock %lld ns behind after a tick", lag);
	ST_ASSERT(tai >= real, "TAI behind REALTIME");
	ST_ASSERT(posix_clock_get_ns(100, &dummy) == -EINVAL, "clock 100 accepted");
	ST_ASSERT(posix_clock_get_ns(CLOCK_BOOTTIME_ALARM, &dummy) == -EINVAL,
		  "alarm clock without an RTC alarm accepted");
	return 0;
}
DEFINE_SELFTEST("time: the POSIX clocks agree with each other", time_clocks_test);

/*
 * A kernel thread spinning in kernel mode is charged system time by the
 * tick: 40 ms of it within 2 s of spinning (other tasks may share the CPU
 * meanwhile, so wall time alone says little), and never more than the
 * time that passed.
 */
static int time_cputime_test(void)
{
	u64 t0 = task_cputime_ns(current), start = ktime_get_ns(), burned, elapsed, thread;

	do {
		cpu_relax();
		burned = task_cputime_ns(current) - t0;
		elapsed = ktime_get_ns() - start;
	} while (burned < 40 * NSEC_PER_MSEC && elapsed < 2 * NSEC_PER_SEC);
	ST_ASSERT(!posix_clock_get_ns(CLOCK_THREAD_CPUTIME_ID, &thread), "THREAD_CPUTIME_ID");
	st_diag("%llu ms of spinning charged %llu ms", elapsed / NSEC_PER_MSEC,
		burned / NSEC_PER_MSEC);
	ST_ASSERT(burned >= 40 * NSEC_PER_MSEC, "only %llu ns of CPU time charged in %llu ns",
		  burned, elapsed);
	ST_ASSERT(burned <= elapsed + 2 * TICK_NSEC, "%llu ns charged in %llu ns", burned, elapsed);
	ST_ASSERT(thread >= t0 + burned, "THREAD_CPUTIME_ID behind the task's time");
	return 0;
}
DEFINE_SELFTEST("time: the tick charges CPU time to the running task", time_cputime_test);

static int time_settime_test(void)
{
	u64 before = posix_realtime_ns(), after;

	posix_realtime_set(before + 3600 * NSEC_PER_SEC);
	after = posix_realtime_ns();
	posix_realtime_set(posix_realtime_ns() - 3600 * NSEC_PER_SEC);
	ST_ASSERT(after - before >= 3600 * NSEC_PER_SEC &&
		  after - before < 3601 * NSEC_PER_SEC, "moved by %llu ns", after - before);
	ST_ASSERT(posix_realtime_ns() - before < NSEC_PER_SEC, "not restored");
	return 0;
}
DEFINE_SELFTEST("time: setting CLOCK_REALTIME moves only the wall clock", time_settime_test);

static int rlimit_defaults_test(void)
{
	ST_ASSERT(rlimit(RLIMIT_NOFILE) == 1024 && rlimit_max(RLIMIT_NOFILE) == 4096,
		  "NOFILE %lu/%lu", rlimit(RLIMIT_NOFILE), rlimit_max(RLIMIT_NOFILE));
	ST_ASSERT(rlimit(RLIMIT_STACK) == 8UL << 20 && rlimit_max(RLIMIT_STACK) == RLIM_INFINITY,
		  "STACK %lu", rlimit(RLIMIT_STACK));
	ST_ASSERT(rlimit(RLIMIT_CORE) == 0 && rlimit(RLIMIT_AS) == RLIM_INFINITY, "CORE/AS");
	ST_ASSERT(rlimit(RLIMIT_NPROC) >= 10 && rlimit(RLIMIT_NPROC) == rlimit_max(RLIMIT_NPROC),
		  "NPROC %lu", rlimit(RLIMIT_NPROC));
	st_diag("RLIMIT_NPROC and RLIMIT_SIGPENDING default to %lu", rlimit(RLIMIT_NPROC));
	return 0;
}
DEFINE_SELFTEST("time: resource limits default to Linux's", rlimit_defaults_test);
