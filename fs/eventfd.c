// SPDX-License-Identifier: GPL-2.0-only
/*
 * eventfd(2) and eventfd2(2): a 64-bit counter behind a file descriptor,
 * used as a light wakeup channel between threads, processes and the
 * kernel.
 *
 * What the ABI asks for (eventfd(2)):
 *  - read(2) needs room for 8 bytes (else EINVAL).  It returns the whole
 *    counter and zeroes it, or with EFD_SEMAPHORE returns 1 and takes 1.
 *    A zero counter blocks the reader, or fails with EAGAIN when the file
 *    is non-blocking.
 *  - write(2) takes 8 bytes (else EINVAL) and adds them to the counter.
 *    The value ULLONG_MAX is EINVAL; a sum past 0xfffffffffffffffe blocks
 *    the writer (EAGAIN when non-blocking) until a read makes room.
 *  - poll: readable while the counter is not zero, writable while at
 *    least 1 can still be written; POLLERR when a kernel signal pinned
 *    the counter at ULLONG_MAX (overflow, see eventfd_signal()).
 *
 * Interface: the two system calls, and for the kernel eventfd_ctx_fdget(),
 * eventfd_ctx_fileget(), eventfd_signal(), eventfd_ctx_put()
 * (<linux/eventfd.h>).
 *
 * Locking: ctx->lock (irq-safe, since eventfd_signal() may run in an
 * interrupt handler) guards the counter.  Every change is followed by a
 * wakeup of ctx->wq outside the lock, keyed POLLIN when the counter grew
 * and POLLOUT when it shrank; blocked readers and writers sleep there
 * too and re-check under the lock.  The context lives as long as its
 * file or a kernel user holds a reference (ctx->refs).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include <linux/sched.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/poll.h>
#include <linux/uio.h>
#include <linux/anon_inodes.h>
#include <linux/eventfd.h>
#include <linux/syscalls.h>
#include <asm/atomic.h>
#include <asm/uaccess.h>

struct eventfd_ctx {
	atomic_t refs;			/* the file, plus eventfd_ctx_*get() callers */
	spinlock_t lock;		/* irq-safe; guards count */
	wait_queue_head_t wq;		/* blocked readers and writers, and pollers */
	u64 count;			/* lock; ULLONG_MAX only after an overflow */
	unsigned int flags;		/* EFD_SEMAPHORE; fixed at creation */
};

static const struct file_operations eventfd_fops;

/* How much a write may still add: 0 when full or overflowed. */
static u64 eventfd_room(u64 count)
{
	return count >= EVENTFD_MAX ? 0 : EVENTFD_MAX - count;
}

static void eventfd_wake(struct eventfd_ctx *ctx, __poll_t events)
{
	if (wq_has_sleeper(&ctx->wq))
		wake_up_poll(&ctx->wq, events);
}

u64 eventfd_signal(struct eventfd_ctx *ctx, u64 n)
{
	unsigned long flags;

	spin_lock_irqsave(&ctx->lock, flags);
	/* Past the top the counter sticks at ULLONG_MAX: the overflow mark. */
	n = min(n, ULLONG_MAX - ctx->count);
	ctx->count += n;
	spin_unlock_irqrestore(&ctx->lock, flags);
	if (n)
		eventfd_wake(ctx, POLLIN | POLLRDNORM);
	return n;
}

void eventfd_ctx_put(struct eventfd_ctx *ctx)
{
	if (atomic_dec_and_test(&ctx->refs))
		kfree(ctx);
}

struct eventfd_ctx *eventfd_ctx_fileget(struct file *file)
{
	struct eventfd_ctx *ctx;

	if (file->f_op != &eventfd_fops)
		return ERR_PTR(-EINVAL);
	ctx = file->private_data;
	atomic_inc(&ctx->refs);
	return ctx;
}

struct eventfd_ctx *eventfd_ctx_fdget(int fd)
{
	struct file *file = fget(fd);
	struct eventfd_ctx *ctx;

	if (!file)
		return ERR_PTR(-EBADF);
	ctx = eventfd_ctx_fileget(file);
	fput(file);
	return ctx;
}

/*
 * Take what one read returns, if the counter allows: true and *got set,
 * or false when the counter is zero.
 */
static bool eventfd_take(struct eventfd_ctx *ctx, u64 *got)
{
	unsigned long flags;
	bool taken = false;

	spin_lock_irqsave(&ctx->lock, flags);
	if (ctx->count) {
		*got = (ctx->flags & EFD_SEMAPHORE) ? 1 : ctx->count;
		ctx->count -= *got;
		taken = true;
	}
	spin_unlock_irqrestore(&ctx->lock, flags);
	if (taken)
		eventfd_wake(ctx, POLLOUT | POLLWRNORM);
	return taken;
}

/* O_NONBLOCK on the file, or RWF_NOWAIT on this call. */
static bool eventfd_nowait(const struct kiocb *iocb)
{
	return (iocb->ki_filp->f_flags & O_NONBLOCK) || (iocb->ki_flags & IOCB_NOWAIT);
}

static ssize_t eventfd_read(struct kiocb *iocb, struct iov_iter *to)
{
	struct eventfd_ctx *ctx = iocb->ki_filp->private_data;
	u64 got;
	int err;

	if (iov_iter_count(to) < sizeof(got))
		return -EINVAL;
	while (!eventfd_take(ctx, &got)) {
		if (eventfd_nowait(iocb))
			return -EAGAIN;
		err = wait_event_interruptible(ctx->wq, READ_ONCE(ctx->count) != 0);
		if (err)
			return err;
	}
	/* A bad buffer loses the value taken, as on Linux. */
	if (copy_to_iter(&got, sizeof(got), to) != sizeof(got))
		return -EFAULT;
	return sizeof(got);
}

/* Add val if it fits; false when the writer has to wait. */
static bool eventfd_add(struct eventfd_ctx *ctx, u64 val)
{
	unsigned long flags;
	bool fits;

	spin_lock_irqsave(&ctx->lock, flags);
	fits = eventfd_room(ctx->count) >= val;
	if (fits)
		ctx->count += val;
	spin_unlock_irqrestore(&ctx->lock, flags);
	if (fits && val)
		eventfd_wake(ctx, POLLIN | POLLRDNORM);
	return fits;
}

static ssize_t eventfd_write(struct kiocb *iocb, struct iov_iter *from)
{
	struct eventfd_ctx *ctx = iocb->ki_filp->private_data;
	u64 val;
	int err;

	if (iov_iter_count(from) < sizeof(val))
		return -EINVAL;
	if (copy_from_iter(&val, sizeof(val), from) != sizeof(val))
		return -EFAULT;
	if (val == ULLONG_MAX)
		return -EINVAL;
	while (!eventfd_add(ctx, val)) {
		if (eventfd_nowait(iocb))
			return -EAGAIN;
		err = wait_event_interruptible(ctx->wq,
					       eventfd_room(READ_ONCE(ctx->count)) >= val);
		if (err)
			return err;
	}
	return sizeof(val);
}

static __poll_t eventfd_poll(struct file *file, poll_table *pt)
{
	struct eventfd_ctx *ctx = file->private_data;
	__poll_t mask = 0;
	u64 count;

	poll_wait(file, &ctx->wq, pt);
	count = READ_ONCE(ctx->count);
	if (count)
		mask |= POLLIN | POLLRDNORM;
	if (count == ULLONG_MAX)
		mask |= POLLERR;
	if (eventfd_room(count))
		mask |= POLLOUT | POLLWRNORM;
	return mask;
}

static int eventfd_release(struct inode *inode, struct file *file)
{
	eventfd_ctx_put(file->private_data);
	return 0;
}

static const struct file_operations eventfd_fops = {
	.llseek = no_llseek,
	.read_iter = eventfd_read,
	.write_iter = eventfd_write,
	.poll = eventfd_poll,
	.release = eventfd_release,
};

/* A new counter, and its file with EFD_NONBLOCK as O_NONBLOCK. */
static struct file *eventfd_file_create(u64 initval, int flags)
{
	struct eventfd_ctx *ctx = kzalloc(sizeof(*ctx), GFP_KERNEL);
	struct file *file;

	if (!ctx)
		return ERR_PTR(-ENOMEM);
	atomic_set(&ctx->refs, 1);
	spin_lock_init(&ctx->lock);
	init_waitqueue_head(&ctx->wq);
	ctx->count = initval;
	ctx->flags = flags & EFD_SEMAPHORE;
	file = anon_inode_getfile("[eventfd]", &eventfd_fops, ctx,
				  O_RDWR | (flags & EFD_NONBLOCK));
	if (IS_ERR(file))
		kfree(ctx);
	return file;
}

static int do_eventfd(unsigned int initval, int flags)
{
	struct file *file;
	int fd;

	if (flags & ~(EFD_SEMAPHORE | EFD_CLOEXEC | EFD_NONBLOCK))
		return -EINVAL;
	fd = get_unused_fd_flags(flags & EFD_CLOEXEC);
	if (fd < 0)
		return fd;
	file = eventfd_file_create(initval, flags);
	if (IS_ERR(file)) {
		put_unused_fd(fd);
		return PTR_ERR(file);
	}
	fd_install(fd, file);
	return fd;
}

SYSCALL_DEFINE2(eventfd2, unsigned int, count, int, flags)
{
	return do_eventfd(count, flags);
}

SYSCALL_DEFINE1(eventfd, unsigned int, count)
{
	return do_eventfd(count, 0);
}

#ifdef CONFIG_SELFTESTS
#include "eventfd_test.c"
#endif
