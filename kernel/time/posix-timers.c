// SPDX-License-Identifier: GPL-2.0-only
/*
 * POSIX clocks: clock_gettime(2), clock_settime(2), clock_getres(2),
 * clock_nanosleep(2), nanosleep(2), and the CPU-time clocks.
 *
 * Clocks (Linux's ids and behaviour):
 *   REALTIME, TAI          wall clock (posix_realtime_ns(); TAI offset 0),
 *                          1 ns resolution; REALTIME settable by CAP_SYS_TIME
 *   MONOTONIC, BOOTTIME,   the TSC clock since boot (there is no suspend, so
 *   MONOTONIC_RAW          BOOTTIME equals MONOTONIC; no NTP, so RAW does too)
 *   *_COARSE               the clock at the last tick (tick resolution)
 *   PROCESS/THREAD_CPUTIME CPU time from the scheduler tick's utime/stime
 *                          accounting (tick resolution); negative ids
 *                          (clock_getcpuclockid()) name other processes/threads
 *   *_ALARM                EINVAL: no RTC alarm device
 *
 * Sleeps wait on a kernel timer (tick resolution) and then re-read the
 * clock, so they never end early.  An interrupted relative sleep stores
 * the remaining time and returns -ERESTART_RESTARTBLOCK with the absolute
 * expiry in current->restart_block: EINTR if a handler ran, otherwise
 * restart_syscall(2) resumes it; an absolute one returns -ERESTARTNOHAND.
 * POSIX timers (timer_create & co) are not implemented: -ENOSYS.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/jiffies.h>
#include <linux/timekeeping.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/capability.h>
#include <linux/restart_block.h>
#include <linux/syscalls.h>
#include <linux/time.h>
#include <asm/uaccess.h>

/* clock_getcpuclockid() ids: ~pid << 3 | per-thread 4 | PROF 0 / VIRT 1 / SCHED 2. */
#define CPUCLOCK_PERTHREAD	4
#define CPUCLOCK_WHICH(id)	((id) & 3)
#define CPUCLOCK_PID(id)	(~((id) >> 3))
#define CPUCLOCK_VIRT		1

/* ------------------------------------------------------------ CPU time */

u64 task_cputime_ns(struct task_struct *p)
{
	return jiffies_to_nsecs(READ_ONCE(p->utime) + READ_ONCE(p->stime));
}

void process_cputime_ns(struct signal_struct *sig, u64 *user, u64 *sys)
{
	unsigned long ut = READ_ONCE(sig->utime), st = READ_ONCE(sig->stime);
	struct task_struct *t;

	rcu_read_lock();
	list_for_each_entry_rcu(t, &sig->thread_head, thread_node) {
		ut += READ_ONCE(t->utime);
		st += READ_ONCE(t->stime);
	}
	rcu_read_unlock();
	*user = jiffies_to_nsecs(ut);
	*sys = jiffies_to_nsecs(st);
}

/* A negative clock id: the CPU clock of a process or thread (0: the caller's). */
static int cpu_clock_get_ns(clockid_t id, u64 *ns)
{
	pid_t pid = CPUCLOCK_PID(id);
	struct task_struct *p;
	u64 user, sys;
	int ret = 0;

	if (CPUCLOCK_WHICH(id) == 3)
		return -EINVAL;
	rcu_read_lock();
	p = pid ? find_task_by_pid(pid) : current;
	if (!p || !p->signal || ((id & CPUCLOCK_PERTHREAD) ? !same_thread_group(p, current) :
				  !thread_group_leader(p))) {
		ret = -EINVAL;
	} else if (id & CPUCLOCK_PERTHREAD) {
		user = jiffies_to_nsecs(READ_ONCE(p->utime));
		sys = jiffies_to_nsecs(READ_ONCE(p->stime));
	} else {
		process_cputime_ns(p->signal, &user, &sys);
	}
	rcu_read_unlock();
	if (!ret)
		*ns = CPUCLOCK_WHICH(id) == CPUCLOCK_VIRT ? user : user + sys;
	return ret;
}

/* ------------------------------------------------------------ clocks */

/* The monotonic clock at the last tick: jiffies follow the clock exactly. */
static u64 coarse_monotonic_ns(void)
{
	return jiffies64_to_nsecs(get_jiffies_64() - INITIAL_JIFFIES);
}

int posix_clock_get_ns(clockid_t id, u64 *ns)
{
	u64 user, sys;

	if (id < 0)
		return cpu_clock_get_ns(id, ns);
	switch (id) {
	case CLOCK_REALTIME:
	case CLOCK_TAI:
		*ns = posix_realtime_ns();
		return 0;
	case CLOCK_MONOTONIC:
	case CLOCK_MONOTONIC_RAW:
		*ns = ktime_get_ns();
		return 0;
	case CLOCK_BOOTTIME:
		*ns = ktime_get_boottime_ns();
		return 0;
	case CLOCK_MONOTONIC_COARSE:
		*ns = coarse_monotonic_ns();
		return 0;
	case CLOCK_REALTIME_COARSE:
		*ns = coarse_monotonic_ns() + posix_realtime_offset_ns();
		return 0;
	case CLOCK_PROCESS_CPUTIME_ID:
		if (!current->signal) {
			*ns = task_cputime_ns(current);
			return 0;
		}
		process_cputime_ns(current->signal, &user, &sys);
		*ns = user + sys;
		return 0;
	case CLOCK_THREAD_CPUTIME_ID:
		*ns = task_cputime_ns(current);
		return 0;
	default:
		return -EINVAL;
	}
}

static int clock_res_ns(clockid_t id, u64 *ns)
{
	u64 dummy;
	int ret = posix_clock_get_ns(id, &dummy);

	if (ret)
		return ret;
	switch (id) {
	case CLOCK_REALTIME:
	case CLOCK_TAI:
	case CLOCK_MONOTONIC:
	case CLOCK_MONOTONIC_RAW:
	case CLOCK_BOOTTIME:
		*ns = 1;
		break;
	default:
		*ns = TICK_NSEC;	/* coarse and CPU-time clocks move with the tick */
		break;
	}
	return 0;
}

SYSCALL_DEFINE2(clock_gettime, clockid_t, which_clock, struct __kernel_timespec *, tp)
{
	struct timespec64 ts;
	u64 ns;
	int ret;

	ret = posix_clock_get_ns(which_clock, &ns);
	if (ret)
		return ret;
	ts = ns_to_timespec64(ns);
	return put_timespec64(&ts, tp);
}

SYSCALL_DEFINE2(clock_getres, clockid_t, which_clock, struct __kernel_timespec *, tp)
{
	struct timespec64 ts;
	u64 ns;
	int ret;

	ret = clock_res_ns(which_clock, &ns);
	if (ret || !tp)
		return ret;
	ts = ns_to_timespec64(ns);
	return put_timespec64(&ts, tp);
}

SYSCALL_DEFINE2(clock_settime, clockid_t, which_clock, const struct __kernel_timespec *, tp)
{
	struct timespec64 ts;
	u64 dummy;
	int ret;

	ret = posix_clock_get_ns(which_clock, &dummy);
	if (ret)
		return ret;
	if (get_timespec64(&ts, tp))
		return -EFAULT;
	/* Only the wall clock can be set. */
	if (which_clock != CLOCK_REALTIME)
		return -EINVAL;
	if (!timespec64_valid(&ts))
		return -EINVAL;
	if (!capable(CAP_SYS_TIME))
		return -EPERM;
	posix_realtime_set(timespec64_to_ns(&ts));
	return 0;
}

/* ------------------------------------------------------------ sleeping */

static long do_clock_nanosleep(clockid_t clk, bool abs, u64 expires,
			       struct __kernel_timespec *rmtp);

static long clock_nanosleep_restart(struct restart_block *restart)
{
	return do_clock_nanosleep(restart->nanosleep.clockid, false, restart->nanosleep.expires,
				  restart->nanosleep.rmtp);
}

/*
 * Sleep until clk reads expires.  A relative sleep (abs false) that a
 * signal interrupts writes the time left to rmtp and arranges a restart.
 */
static long do_clock_nanosleep(clockid_t clk, bool abs, u64 expires,
			       struct __kernel_timespec *rmtp)
{
	struct restart_block *restart;
	struct timespec64 left;
	u64 now;

	for (;;) {
		posix_clock_get_ns(clk, &now);
		if (now >= expires)
			return 0;
		if (signal_pending(current))
			break;
		if (clk == CLOCK_PROCESS_CPUTIME_ID || clk < 0)
			/* CPU time moves with ticks: look again at every one. */
			schedule_timeout_interruptible(1);
		else
			schedule_timeout_interruptible(nsecs_to_jiffies(expires - now));
	}

	if (abs)
		return -ERESTARTNOHAND;
	if (rmtp) {
		left = ns_to_timespec64(expires - now);
		if (put_timespec64(&left, rmtp))
			return -EFAULT;
	}
	restart = &current->restart_block;
	restart->fn = clock_nanosleep_restart;
	restart->nanosleep.clockid = clk;
	restart->nanosleep.rmtp = rmtp;
	restart->nanosleep.expires = expires;
	return -ERESTART_RESTARTBLOCK;
}

/* Which clocks one can sleep on (Linux: the others have no nsleep, EOPNOTSUPP). */
static int nsleep_clock_ok(clockid_t clk)
{
	u64 dummy;
	int ret = posix_clock_get_ns(clk, &dummy);

	if (ret)
		return ret;
	if (clk < 0)
		return (clk & CPUCLOCK_PERTHREAD) ? -EOPNOTSUPP : 0;
	switch (clk) {
	case CLOCK_REALTIME:
	case CLOCK_MONOTONIC:
	case CLOCK_BOOTTIME:
	case CLOCK_TAI:
	case CLOCK_PROCESS_CPUTIME_ID:
		return 0;
	default:
		return -EOPNOTSUPP;
	}
}

static long clock_nanosleep_common(clockid_t clk, int flags, const struct __kernel_timespec *rqtp,
				   struct __kernel_timespec *rmtp)
{
	int err = nsleep_clock_ok(clk);
	struct timespec64 ts;
	u64 expires, now;

	/* Errors in the order Linux reports them: clock, copy, range. */
	if (!err && get_timespec64(&ts, rqtp))
		err = -EFAULT;
	if (!err && !timespec64_valid(&ts))
		err = -EINVAL;
	if (err)
		return err;
	current->restart_block.fn = do_no_restart_syscall;
	if (flags & TIMER_ABSTIME)
		return do_clock_nanosleep(clk, true, timespec64_to_ns(&ts), NULL);
	posix_clock_get_ns(clk, &now);
	expires = now + timespec64_to_ns(&ts);
	if (expires < now)
		expires = KTIME_MAX;
	return do_clock_nanosleep(clk, false, expires, rmtp);
}

SYSCALL_DEFINE4(clock_nanosleep, clockid_t, which_clock, int, flags,
		const struct __kernel_timespec *, rqtp, struct __kernel_timespec *, rmtp)
{
	return clock_nanosleep_common(which_clock, flags, rqtp, rmtp);
}

SYSCALL_DEFINE2(nanosleep, const struct __kernel_timespec *, rqtp, struct __kernel_timespec *, rmtp)
{
	return clock_nanosleep_common(CLOCK_MONOTONIC, 0, rqtp, rmtp);
}
