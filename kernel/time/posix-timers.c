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
 * POSIX timers (timer_create & co): see "POSIX timers" below.
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
#include <linux/slab.h>
#include <linux/timer.h>
#include <linux/rcupdate.h>
#include <linux/spinlock.h>
#include <linux/posix-timers.h>
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

/*
 * The monotonic clock at the last tick: jiffies follow the clock exactly.
 * Read from the vDSO's page once there is one: user space mixes vDSO and
 * system-call reads, and the page follows jiffies a moment later, so
 * reading jiffies here could run ahead of a later vDSO read.
 */
static u64 coarse_monotonic_ns(void)
{
	u64 ns;

	if (vdso_coarse_mono_ns(&ns))
		return ns;
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

/* ------------------------------------------------------------ POSIX timers */

/*
 * timer_create(2) and friends.  A process's timers hang off its
 * signal_struct (sig->posix_timers, made on first use); each is a kernel
 * timer (tick resolution) that, when it fires, re-reads the timer's clock
 * - firing late rather than early - and sends the signal the sigevent
 * asked for: SIGEV_SIGNAL to the process, SIGEV_SIGNAL | SIGEV_THREAD_ID
 * to one of its threads (what glibc's SIGEV_THREAD uses), SIGEV_NONE
 * nothing.  Clocks: REALTIME, TAI, MONOTONIC, BOOTTIME; MONOTONIC_RAW and
 * the coarse clocks are EOPNOTSUPP (as Linux), the CPU-time and alarm
 * clocks EINVAL (Linux has them).  A REALTIME timer armed with
 * TIMER_ABSTIME is not moved by a later clock_settime(): it fires when
 * its kernel timer comes round and the clock says so.
 *
 * Overruns: while the timer's signal is still queued, further expiries
 * (and periods missed because the tick was late) are added to that
 * queued siginfo's si_overrun instead of queueing another
 * (send_timer_signal(), kernel/signal.c); when the signal is taken,
 * posix_timer_delivered() remembers its count for timer_getoverrun().
 *
 * Timers are deleted by timer_delete(), by exec and when the process's
 * signal_struct goes (posix_timers_exit(), possibly from an RCU callback:
 * nothing there sleeps, the structures are freed after a grace period,
 * by when a callback that saw them has finished - callbacks run in the
 * tick interrupt).
 *
 * Locking: table->lock (irq-safe) guards the list and every timer's
 * fields, and the callback sends under it (send_timer_signal() takes
 * siglock: the order is table->lock -> siglock), so once
 * posix_timers_exit() has set dead under the lock no callback touches the
 * process.  posix_timer_delivered() runs under siglock and so walks the
 * list with RCU only (timers are added and removed with the _rcu list
 * calls and freed after a grace period).
 */

/* Timers per process (Linux bounds them by RLIMIT_SIGPENDING). */
#define POSIX_TIMERS_MAX	4096

struct k_itimer {
	struct list_head list;		/* table->timers */
	struct posix_timers *table;
	int id;				/* timer_t, from 0 */
	clockid_t clock;
	int notify;			/* SIGEV_* */
	int signo;
	sigval_t value;
	pid_t tid;			/* SIGEV_THREAD_ID: the thread */
	u64 expires;			/* on clock, ns; 0: disarmed */
	u64 interval;			/* ns; 0: one-shot */
	int overrun_last;		/* the last delivered signal's si_overrun */
	struct timer_list timer;
	struct rcu_head rcu;
};

struct posix_timers {
	spinlock_t lock;
	bool dead;
	int next_id;
	int count;
	struct list_head timers;
	struct signal_struct *sig;
	struct rcu_head rcu;
};

/* Can a timer run on clock?  0, -EOPNOTSUPP (as Linux) or -EINVAL. */
static int timer_clock_check(clockid_t clock)
{
	switch (clock) {
	case CLOCK_REALTIME:
	case CLOCK_TAI:
	case CLOCK_MONOTONIC:
	case CLOCK_BOOTTIME:
		return 0;
	case CLOCK_MONOTONIC_RAW:
	case CLOCK_REALTIME_COARSE:
	case CLOCK_MONOTONIC_COARSE:
		return -EOPNOTSUPP;	/* Linux has no timers on these either */
	default:
		return -EINVAL;		/* CPU-time and alarm clocks: not here */
	}
}

static struct posix_timers *get_posix_timers(struct signal_struct *sig)
{
	struct posix_timers *table = READ_ONCE(sig->posix_timers), *old;

	if (table)
		return table;
	table = kzalloc(sizeof(*table), GFP_KERNEL);
	if (!table)
		return NULL;
	spin_lock_init(&table->lock);
	INIT_LIST_HEAD(&table->timers);
	table->sig = sig;
	old = cmpxchg(&sig->posix_timers, NULL, table);
	if (old) {
		kfree(table);
		return old;
	}
	return table;
}

/* table->lock held. */
static struct k_itimer *posix_timer_find(struct posix_timers *table, int id)
{
	struct k_itimer *t;

	list_for_each_entry(t, &table->timers, list)
		if (t->id == id)
			return t;
	return NULL;
}

/* table->lock held: program the kernel timer for t->expires. */
static void posix_timer_arm(struct k_itimer *t)
{
	u64 now;

	if (!t->expires) {
		del_timer(&t->timer);
		return;
	}
	posix_clock_get_ns(t->clock, &now);
	mod_timer(&t->timer, jiffies + (t->expires > now ? nsecs_to_jiffies(t->expires - now) : 0) + 1);
}

/* Who gets the signal: a thread of the process (NULL if none is left). */
static struct task_struct *posix_timer_target(struct posix_timers *table, int notify, pid_t tid)
{
	struct task_struct *t;

	if (notify & SIGEV_THREAD_ID) {
		t = find_task_by_pid(tid);
		return t && t->signal == table->sig && !t->exit_state ? t : NULL;
	}
	return list_first_or_null_rcu(&table->sig->thread_head, struct task_struct, thread_node);
}

static void posix_timer_fn(struct timer_list *timer)
{
	struct k_itimer *t = from_timer(t, timer, timer);
	struct posix_timers *table = t->table;
	struct task_struct *target;
	kernel_siginfo_t info;
	unsigned long flags;
	int missed = 0;
	u64 now;

	spin_lock_irqsave(&table->lock, flags);
	if (table->dead || !t->expires)
		goto out;
	posix_clock_get_ns(t->clock, &now);
	if (now < t->expires) {
		posix_timer_arm(t);	/* early by a tick fraction, or the clock was set back */
		goto out;
	}
	if (t->interval) {
		u64 behind = (now - t->expires) / t->interval;

		missed = behind > INT_MAX ? INT_MAX : (int)behind;
		t->expires += (behind + 1) * t->interval;
	} else {
		t->expires = 0;
	}
	posix_timer_arm(t);
	if (t->notify == SIGEV_NONE)
		goto out;
	clear_siginfo(&info);
	info.si_signo = t->signo;
	info.si_code = SI_TIMER;
	info.si_tid = t->id;
	info.si_overrun = missed;
	info.si_value = t->value;
	/* Under the lock: posix_timers_exit() cannot free the process meanwhile. */
	rcu_read_lock();
	target = posix_timer_target(table, t->notify, t->tid);
	if (target)
		send_timer_signal(&info, target, !(t->notify & SIGEV_THREAD_ID));
	rcu_read_unlock();
out:
	spin_unlock_irqrestore(&table->lock, flags);
}

void posix_timer_delivered(struct signal_struct *sig, const kernel_siginfo_t *info)
{
	struct posix_timers *table;
	struct k_itimer *t;

	/* Lockless (RCU): siglock is held, and the timer path takes siglock inside table->lock. */
	rcu_read_lock();
	table = READ_ONCE(sig->posix_timers);
	if (table)
		list_for_each_entry_rcu(t, &table->timers, list)
			if (t->id == info->si_tid)
				WRITE_ONCE(t->overrun_last, info->si_overrun);
	rcu_read_unlock();
}

static void posix_timer_free_rcu(struct rcu_head *head)
{
	kfree(container_of(head, struct k_itimer, rcu));
}

static void posix_timers_free_rcu(struct rcu_head *head)
{
	kfree(container_of(head, struct posix_timers, rcu));
}

void posix_timers_exit(struct signal_struct *sig)
{
	struct posix_timers *table = xchg(&sig->posix_timers, NULL);
	struct k_itimer *t, *next;
	unsigned long flags;

	if (!table)
		return;
	spin_lock_irqsave(&table->lock, flags);
	table->dead = true;
	spin_unlock_irqrestore(&table->lock, flags);
	/* No callback re-arms now; one already past its dead check is in an interrupt. */
	list_for_each_entry_safe(t, next, &table->timers, list) {
		del_timer(&t->timer);
		call_rcu(&t->rcu, posix_timer_free_rcu);
	}
	call_rcu(&table->rcu, posix_timers_free_rcu);
}

/* The sigevent as Linux checks it: 0, or -EINVAL / -EFAULT. */
static int posix_timer_event(struct k_itimer *t, const struct sigevent *uevent)
{
	struct task_struct *target;
	struct sigevent ev;
	bool same;

	if (!uevent) {
		t->notify = SIGEV_SIGNAL;
		t->signo = SIGALRM;
		t->value.sival_int = t->id;
		return 0;
	}
	if (copy_from_user(&ev, uevent, sizeof(ev)))
		return -EFAULT;
	t->notify = ev.sigev_notify;
	t->signo = ev.sigev_signo;
	t->value = ev.sigev_value;
	switch (ev.sigev_notify) {
	case SIGEV_NONE:
		return 0;
	case SIGEV_SIGNAL | SIGEV_THREAD_ID:
		t->tid = ev.sigev_notify_thread_id;
		rcu_read_lock();
		target = find_task_by_pid(t->tid);
		same = target && target->signal == current->signal;
		rcu_read_unlock();
		if (!same)
			return -EINVAL;
		break;
	case SIGEV_SIGNAL:
		break;
	default:
		return -EINVAL;
	}
	return (t->signo <= 0 || !valid_signal(t->signo)) ? -EINVAL : 0;
}

SYSCALL_DEFINE3(timer_create, clockid_t, which_clock, struct sigevent *, event,
		int *, created_timer_id)
{
	struct posix_timers *table;
	struct k_itimer *t;
	unsigned long flags;
	int err;

	err = timer_clock_check(which_clock);
	if (err)
		return err;
	table = get_posix_timers(current->signal);
	t = kzalloc(sizeof(*t), GFP_KERNEL);
	if (!table || !t) {
		kfree(t);
		return -EAGAIN;
	}
	t->table = table;
	t->clock = which_clock;
	timer_setup(&t->timer, posix_timer_fn, 0);

	/* An id first: the default sigevent carries it. */
	spin_lock_irqsave(&table->lock, flags);
	err = table->count >= POSIX_TIMERS_MAX ? -EAGAIN : 0;
	while (!err && posix_timer_find(table, table->next_id))
		table->next_id = (table->next_id + 1) & INT_MAX;
	t->id = table->next_id;
	table->next_id = (table->next_id + 1) & INT_MAX;
	spin_unlock_irqrestore(&table->lock, flags);
	if (!err)
		err = posix_timer_event(t, event);
	if (!err && put_user(t->id, created_timer_id))
		err = -EFAULT;
	if (err) {
		kfree(t);
		return err;
	}
	spin_lock_irqsave(&table->lock, flags);
	if (posix_timer_find(table, t->id) || table->count >= POSIX_TIMERS_MAX) {
		/* Another thread raced us to the id or the limit. */
		spin_unlock_irqrestore(&table->lock, flags);
		kfree(t);
		return -EAGAIN;
	}
	list_add_tail_rcu(&t->list, &table->timers);
	table->count++;
	spin_unlock_irqrestore(&table->lock, flags);
	return 0;
}

/* table->lock held: what is left and the period, for timer_gettime/settime. */
static void posix_timer_read(struct k_itimer *t, struct __kernel_itimerspec *cur)
{
	struct timespec64 left = { 0 }, period = ns_to_timespec64(t->interval);
	u64 now;

	if (t->expires) {
		posix_clock_get_ns(t->clock, &now);
		/* Due but not yet fired: 1 ns, so that "armed" stays visible. */
		left = ns_to_timespec64(t->expires > now ? t->expires - now : 1);
	}
	cur->it_value.tv_sec = left.tv_sec;
	cur->it_value.tv_nsec = left.tv_nsec;
	cur->it_interval.tv_sec = period.tv_sec;
	cur->it_interval.tv_nsec = period.tv_nsec;
}

/* Look up id for the caller: the table with its lock held, or NULL (EINVAL). */
static struct k_itimer *posix_timer_lock(int id, unsigned long *flags)
{
	struct posix_timers *table = READ_ONCE(current->signal->posix_timers);
	struct k_itimer *t;

	if (!table || id < 0)
		return NULL;
	spin_lock_irqsave(&table->lock, *flags);
	t = posix_timer_find(table, id);
	if (!t)
		spin_unlock_irqrestore(&table->lock, *flags);
	return t;
}

static void posix_timer_unlock(struct k_itimer *t, unsigned long flags)
{
	spin_unlock_irqrestore(&t->table->lock, flags);
}

SYSCALL_DEFINE4(timer_settime, int, timer_id, int, flags,
		const struct __kernel_itimerspec *, new_setting,
		struct __kernel_itimerspec *, old_setting)
{
	struct __kernel_itimerspec new, old;
	struct timespec64 value, interval;
	unsigned long irqflags;
	struct k_itimer *t;
	u64 now;

	if (!new_setting)
		return -EINVAL;
	if (copy_from_user(&new, new_setting, sizeof(new)))
		return -EFAULT;
	value = (struct timespec64){ new.it_value.tv_sec, new.it_value.tv_nsec };
	interval = (struct timespec64){ new.it_interval.tv_sec, new.it_interval.tv_nsec };
	if (!timespec64_valid(&value) || !timespec64_valid(&interval))
		return -EINVAL;
	t = posix_timer_lock(timer_id, &irqflags);
	if (!t)
		return -EINVAL;
	posix_timer_read(t, &old);
	t->interval = timespec64_to_ns(&interval);
	t->expires = timespec64_to_ns(&value);
	if (t->expires && !(flags & TIMER_ABSTIME)) {
		posix_clock_get_ns(t->clock, &now);
		t->expires += now;
	}
	/* An absolute time already past fires at the next tick. */
	posix_timer_arm(t);
	posix_timer_unlock(t, irqflags);
	if (old_setting && copy_to_user(old_setting, &old, sizeof(old)))
		return -EFAULT;
	return 0;
}

SYSCALL_DEFINE2(timer_gettime, int, timer_id, struct __kernel_itimerspec *, setting)
{
	struct __kernel_itimerspec cur;
	unsigned long flags;
	struct k_itimer *t = posix_timer_lock(timer_id, &flags);

	if (!t)
		return -EINVAL;
	posix_timer_read(t, &cur);
	posix_timer_unlock(t, flags);
	return copy_to_user(setting, &cur, sizeof(cur)) ? -EFAULT : 0;
}

SYSCALL_DEFINE1(timer_getoverrun, int, timer_id)
{
	unsigned long flags;
	struct k_itimer *t = posix_timer_lock(timer_id, &flags);
	int overrun;

	if (!t)
		return -EINVAL;
	overrun = READ_ONCE(t->overrun_last);
	posix_timer_unlock(t, flags);
	return overrun;
}

SYSCALL_DEFINE1(timer_delete, int, timer_id)
{
	unsigned long flags;
	struct k_itimer *t = posix_timer_lock(timer_id, &flags);

	if (!t)
		return -EINVAL;
	list_del_rcu(&t->list);
	t->table->count--;
	t->expires = 0;
	posix_timer_unlock(t, flags);
	del_timer_sync(&t->timer);
	call_rcu(&t->rcu, posix_timer_free_rcu);
	return 0;
}
