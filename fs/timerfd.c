// SPDX-License-Identifier: GPL-2.0-only
/*
 * timerfd_create(2), timerfd_settime(2), timerfd_gettime(2): a timer
 * whose expirations are read from a file descriptor.
 *
 * What the ABI asks for (timerfd_create(2)):
 *  - clocks CLOCK_REALTIME, CLOCK_MONOTONIC and CLOCK_BOOTTIME; flags
 *    TFD_NONBLOCK and TFD_CLOEXEC;
 *  - settime arms (it_value non-zero; relative, or absolute on the
 *    timer's clock with TFD_TIMER_ABSTIME) or disarms (it_value zero),
 *    with it_interval as the period (zero: one-shot), and returns the
 *    previous setting as gettime would have;
 *  - gettime gives the time left until the next expiration and the
 *    period; zero when disarmed;
 *  - read(2) needs 8 bytes (else EINVAL) and returns the number of
 *    expirations since the last read or settime, blocking while there
 *    were none (EAGAIN when non-blocking); poll reports POLLIN then.
 *
 * Not done: TFD_TIMER_CANCEL_ON_SET (nothing tells timers that the
 * wall clock was set) is refused with EINVAL, so a caller can fall back,
 * and the alarm clocks are EINVAL as for clock_gettime's users.  A
 * relative timer counts on CLOCK_MONOTONIC whatever its clock (setting
 * the wall clock does not move it, as on Linux); an absolute
 * CLOCK_REALTIME timer re-reads the wall clock each time it fires, so a
 * clock set backwards delays it, but one set forwards is only noticed
 * at the tick the timer was armed for.
 *
 * Mechanism: a kernel timer (kernel/time/timer.c, tick resolution) armed
 * for the next expiration.  Its callback runs in the tick interrupt: it
 * only counts expirations, re-arms for the next one and wakes the queue.
 * Since a kernel timer may fire up to a tick early, every pass re-reads
 * the clock and counts only expirations that are really due.
 *
 * Locking: ctx->lock (irq-safe) guards the setting and the count; the
 * callback takes it too.  Release disarms under the lock and then waits
 * for a running callback (del_timer_sync()) before freeing.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include <linux/sched.h>
#include <linux/timer.h>
#include <linux/jiffies.h>
#include <linux/time.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/poll.h>
#include <linux/anon_inodes.h>
#include <linux/syscalls.h>
#include <uapi/linux/time.h>
#include <uapi/linux/timerfd.h>
#include <asm/uaccess.h>

struct timerfd_ctx {
	spinlock_t lock;
	wait_queue_head_t wq;		/* readers and pollers */
	struct timer_list timer;
	clockid_t clockid;		/* the clock the user named; fixed */
	clockid_t base;			/* lock: the clock expires is on */
	u64 expires;			/* lock: next expiration in ns on base; 0: disarmed */
	u64 interval;			/* lock: period in ns; 0: one-shot */
	u64 ticks;			/* lock: expirations not yet read */
};

static const struct file_operations timerfd_fops;

static u64 timerfd_now(clockid_t base)
{
	u64 ns = 0;

	posix_clock_get_ns(base, &ns);
	return ns;
}

/*
 * Count the expirations that are due (a late period counts every one it
 * missed) and arm the kernel timer for the next.  ctx->lock held; true
 * if the count grew.
 */
static bool timerfd_advance(struct timerfd_ctx *ctx)
{
	bool fired = false;
	u64 now;

	if (!ctx->expires)
		return false;
	now = timerfd_now(ctx->base);
	if (now >= ctx->expires) {
		fired = true;
		if (ctx->interval) {
			u64 periods = (now - ctx->expires) / ctx->interval + 1;

			ctx->ticks += periods;
			ctx->expires += periods * ctx->interval;
		} else {
			ctx->ticks++;
			ctx->expires = 0;
		}
	}
	if (ctx->expires)
		mod_timer(&ctx->timer, jiffies + nsecs_to_jiffies(ctx->expires - now));
	return fired;
}

static void timerfd_wake(struct timerfd_ctx *ctx)
{
	wake_up_poll(&ctx->wq, POLLIN | POLLRDNORM);
}

/* The kernel timer's callback: tick interrupt, so count and wake only. */
static void timerfd_fire(struct timer_list *t)
{
	struct timerfd_ctx *ctx = from_timer(ctx, t, timer);
	unsigned long flags;
	bool fired;

	spin_lock_irqsave(&ctx->lock, flags);
	fired = timerfd_advance(ctx);
	spin_unlock_irqrestore(&ctx->lock, flags);
	if (fired)
		timerfd_wake(ctx);
}

static struct __kernel_timespec ns_to_ts(u64 ns)
{
	return (struct __kernel_timespec){
		.tv_sec = ns / NSEC_PER_SEC,
		.tv_nsec = ns % NSEC_PER_SEC,
	};
}

/* A valid timespec as ns (saturating far in the future); -EINVAL if not valid. */
static int ts_to_ns(const struct __kernel_timespec *ts, u64 *ns)
{
	if (ts->tv_sec < 0 || ts->tv_nsec < 0 || ts->tv_nsec >= (long)NSEC_PER_SEC)
		return -EINVAL;
	if ((u64)ts->tv_sec >= U64_MAX / NSEC_PER_SEC / 2)
		*ns = U64_MAX / 2;
	else
		*ns = (u64)ts->tv_sec * NSEC_PER_SEC + ts->tv_nsec;
	return 0;
}

/* The setting as gettime reports it; ctx->lock held. */
static void timerfd_setting(struct timerfd_ctx *ctx, struct __kernel_itimerspec *out)
{
	u64 left = 0;

	if (ctx->expires) {
		u64 now = timerfd_now(ctx->base);

		/* Due but not yet counted: report the least non-zero time. */
		left = ctx->expires > now ? ctx->expires - now : 1;
	}
	out->it_value = ns_to_ts(left);
	out->it_interval = ns_to_ts(ctx->interval);
}

static ssize_t timerfd_read(struct file *file, char *ubuf, size_t len, loff_t *pos)
{
	struct timerfd_ctx *ctx = file->private_data;
	u64 got = 0;
	int err;

	if (len < sizeof(got))
		return -EINVAL;
	if (!access_ok(ubuf, sizeof(got)))
		return -EFAULT;
	for (;;) {
		spin_lock_irq(&ctx->lock);
		/* Expirations already due count even if the tick is late. */
		timerfd_advance(ctx);
		got = ctx->ticks;
		ctx->ticks = 0;
		spin_unlock_irq(&ctx->lock);
		if (got)
			break;
		if (file->f_flags & O_NONBLOCK)
			return -EAGAIN;
		err = wait_event_interruptible(ctx->wq, READ_ONCE(ctx->ticks) != 0);
		if (err)
			return err;
	}
	if (copy_to_user(ubuf, &got, sizeof(got)))
		return -EFAULT;
	return sizeof(got);
}

static __poll_t timerfd_poll(struct file *file, poll_table *pt)
{
	struct timerfd_ctx *ctx = file->private_data;

	poll_wait(file, &ctx->wq, pt);
	return READ_ONCE(ctx->ticks) ? POLLIN | POLLRDNORM : 0;
}

static int timerfd_release(struct inode *inode, struct file *file)
{
	struct timerfd_ctx *ctx = file->private_data;

	spin_lock_irq(&ctx->lock);
	ctx->expires = 0;	/* a callback running now will not re-arm */
	spin_unlock_irq(&ctx->lock);
	del_timer_sync(&ctx->timer);
	kfree(ctx);
	return 0;
}

static const struct file_operations timerfd_fops = {
	.llseek = no_llseek,
	.read = timerfd_read,
	.poll = timerfd_poll,
	.release = timerfd_release,
};

SYSCALL_DEFINE2(timerfd_create, int, clockid, int, flags)
{
	struct timerfd_ctx *ctx;
	int fd;

	if (flags & ~(TFD_CLOEXEC | TFD_NONBLOCK))
		return -EINVAL;
	if (clockid != CLOCK_REALTIME && clockid != CLOCK_MONOTONIC && clockid != CLOCK_BOOTTIME)
		return -EINVAL;
	ctx = kzalloc(sizeof(*ctx), GFP_KERNEL);
	if (!ctx)
		return -ENOMEM;
	spin_lock_init(&ctx->lock);
	init_waitqueue_head(&ctx->wq);
	timer_setup(&ctx->timer, timerfd_fire, 0);
	ctx->clockid = clockid;
	ctx->base = clockid;
	fd = anon_inode_getfd("[timerfd]", &timerfd_fops, ctx,
			      O_RDWR | (flags & (TFD_CLOEXEC | TFD_NONBLOCK)));
	if (fd < 0)
		kfree(ctx);
	return fd;
}

/* The timerfd behind fd with a reference, or an ERR_PTR (EBADF, EINVAL). */
static struct file *timerfd_fget(int fd)
{
	struct file *file = fget(fd);

	if (!file)
		return ERR_PTR(-EBADF);
	if (file->f_op != &timerfd_fops) {
		fput(file);
		return ERR_PTR(-EINVAL);
	}
	return file;
}

/* Install a new setting; old gets the previous one.  Counts restart at 0. */
static void timerfd_set(struct timerfd_ctx *ctx, bool abs, u64 value, u64 interval,
			struct __kernel_itimerspec *old)
{
	bool fired;

	spin_lock_irq(&ctx->lock);
	timerfd_setting(ctx, old);
	ctx->ticks = 0;
	ctx->interval = interval;
	/* Relative timers run on the monotonic clock: wall clock changes do not move them. */
	ctx->base = abs ? ctx->clockid : CLOCK_MONOTONIC;
	if (!value)
		ctx->expires = 0;
	else
		ctx->expires = abs ? value : timerfd_now(ctx->base) + value;
	if (!ctx->expires)
		del_timer(&ctx->timer);
	fired = timerfd_advance(ctx);
	spin_unlock_irq(&ctx->lock);
	if (fired)
		timerfd_wake(ctx);
}

SYSCALL_DEFINE4(timerfd_settime, int, ufd, int, flags,
		const struct __kernel_itimerspec *, utmr, struct __kernel_itimerspec *, otmr)
{
	struct __kernel_itimerspec new, old;
	u64 value, interval;
	struct file *file;
	int err;

	if (copy_from_user(&new, utmr, sizeof(new)))
		return -EFAULT;
	/* TFD_TIMER_CANCEL_ON_SET is not implemented: say so rather than ignore it. */
	if (flags & ~TFD_TIMER_ABSTIME)
		return -EINVAL;
	err = ts_to_ns(&new.it_value, &value);
	if (!err)
		err = ts_to_ns(&new.it_interval, &interval);
	if (err)
		return err;
	file = timerfd_fget(ufd);
	if (IS_ERR(file))
		return PTR_ERR(file);
	timerfd_set(file->private_data, flags & TFD_TIMER_ABSTIME, value, interval, &old);
	fput(file);
	if (otmr && copy_to_user(otmr, &old, sizeof(old)))
		return -EFAULT;
	return 0;
}

SYSCALL_DEFINE2(timerfd_gettime, int, ufd, struct __kernel_itimerspec *, otmr)
{
	struct __kernel_itimerspec cur;
	struct timerfd_ctx *ctx;
	struct file *file = timerfd_fget(ufd);
	bool fired;

	if (IS_ERR(file))
		return PTR_ERR(file);
	ctx = file->private_data;
	spin_lock_irq(&ctx->lock);
	/* Count what is due first, so the time left is to the next expiration. */
	fired = timerfd_advance(ctx);
	timerfd_setting(ctx, &cur);
	spin_unlock_irq(&ctx->lock);
	if (fired)
		timerfd_wake(ctx);
	fput(file);
	return copy_to_user(otmr, &cur, sizeof(cur)) ? -EFAULT : 0;
}
