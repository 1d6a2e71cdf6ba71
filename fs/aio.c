// SPDX-License-Identifier: GPL-2.0-only
/*
 * Linux native asynchronous I/O: io_setup(2), io_submit(2),
 * io_getevents(2), io_pgetevents(2), io_cancel(2) and io_destroy(2), as
 * libaio and fio's libaio engine use them.
 *
 * A context (struct kioctx) belongs to one address space.  Its id, the
 * aio_context_t io_setup() hands back, is the user address of a one-page
 * private anonymous mapping made for it, so the id is unique in the mm and
 * means nothing in another one (a lookup from another process, even a
 * fork()ed child, fails with EINVAL).  The page holds a header whose magic
 * is deliberately not the one libaio and fio test before reaping events
 * from user memory themselves: they see it and always call io_getevents().
 * The completion queue itself lives in kernel memory.
 *
 * Execution: every request runs to completion inside io_submit(), through
 * the same VFS entry points as preadv2(2)/pwritev2(2)/fsync(2), and its
 * event is queued before io_submit() returns.  For buffered files that is
 * what Linux does too; O_DIRECT requests wait for their bios here as
 * well, so with this kernel an iodepth above one buys no parallelism.
 * The consequence for the other calls: no request is ever in flight
 * between system calls, so io_cancel() never finds one (EINVAL, as Linux
 * for a request that already completed) and io_destroy() only has to wait
 * for io_submit() calls of other threads that still hold the context.
 *
 * Capacity: io_setup(nr) reserves nr events, counted in fs.aio-nr against
 * fs.aio-max-nr.  A request takes a slot when submitted and gives it back
 * when io_getevents() reaps its event; with every slot taken io_submit()
 * fails with EAGAIN.  IOCB_CMD_POLL, IOCB_CMD_NOOP (which Linux refuses
 * too) and IOCB_FLAG_IOPRIO are EINVAL.
 *
 * Interface: the system calls, and exit_aio() (<linux/aio.h>) for the last
 * mmput(): exec and exit free every context of the old address space with it.
 *
 * Locking: mm->ioctx_lock guards mm->ioctx_list; a context on the list
 * holds one of its ctx->users references, and every system call holds
 * another while it uses the context.  ctx->lock (a plain spinlock: events
 * are only posted from process context) guards the queue and the slot
 * count; ctx->reap_lock makes reapers take turns, so an event copied to
 * user memory is removed by the same reaper.  aio_nr_lock guards aio_nr.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <linux/mm.h>
#include <uapi/asm-generic/mman-common.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/uio.h>
#include <linux/poll.h>
#include <linux/wait.h>
#include <linux/mutex.h>
#include <linux/jiffies.h>
#include <linux/timekeeping.h>
#include <linux/time.h>
#include <linux/eventfd.h>
#include <linux/sysctl.h>
#include <linux/aio.h>
#include <linux/syscalls.h>
#include <uapi/linux/aio_abi.h>
#include <asm/atomic.h>
#include <asm/uaccess.h>

/*
 * Largest nr io_setup() accepts at all (EINVAL beyond): Linux's bound,
 * 256 MiB worth of struct io_event.
 */
#define AIO_MAX_EVENTS		(0x10000000U / sizeof(struct io_event))

/* Events copied out per turn of the reaper (a kernel stack buffer). */
#define AIO_REAP_BATCH		16

/* fs.aio-max-nr: events all contexts together may reserve (Linux's default). */
static unsigned long aio_max_nr = 0x10000;
/* fs.aio-nr: events reserved now; aio_nr_lock. */
static unsigned long aio_nr;
static DEFINE_SPINLOCK(aio_nr_lock);

/*
 * The header at the start of a context's page.  Its layout is the one
 * user-space reapers expect; the magic they look for (0xa10a10a1) is never
 * written, so they fall back to the system call.
 */
struct aio_ring_header {
	u32 id;
	u32 nr;			/* the events io_setup() reserved */
	u32 head;
	u32 tail;
	u32 magic;		/* 0: "use io_getevents()" */
	u32 compat_features;
	u32 incompat_features;
	u32 header_length;	/* sizeof this header */
};

struct kioctx {
	struct list_head node;		/* in mm->ioctx_list; mm->ioctx_lock */
	unsigned long user_id;		/* the mapping's address (aio_context_t) */
	atomic_t users;			/* the list's reference + system calls' */
	wait_queue_head_t idle_wq;	/* io_destroy() waits for users == 1 here */

	spinlock_t lock;		/* guards the fields below */
	unsigned int nr;		/* slots: fixed at io_setup() */
	unsigned int taken;		/* slots in use: running + unreaped */
	unsigned int head;		/* oldest unreaped event in events[] */
	unsigned int queued;		/* unreaped events from head on */
	bool dead;			/* io_destroy() has begun */
	struct io_event *events;	/* ring of nr completions (vmalloc) */

	wait_queue_head_t wait;		/* io_getevents() sleepers */
	struct mutex reap_lock;		/* one reaper at a time */
};

/* ------------------------------------------------------------ lifetime */

static void ioctx_free(struct kioctx *ctx)
{
	spin_lock(&aio_nr_lock);
	aio_nr -= ctx->nr;
	spin_unlock(&aio_nr_lock);
	vfree(ctx->events);
	kfree(ctx);
}

static void ioctx_put(struct kioctx *ctx)
{
	if (atomic_dec_and_test(&ctx->users)) {
		ioctx_free(ctx);
		return;
	}
	if (wq_has_sleeper(&ctx->idle_wq))
		wake_up_all(&ctx->idle_wq);
}

/*
 * Find the caller's context @id: with a new reference, or (@unlink) taken
 * off the list, whose reference then passes to the caller.  NULL when @id
 * is not a context of this address space.
 */
static struct kioctx *ioctx_lookup(aio_context_t id, bool unlink)
{
	struct mm_struct *mm = current->mm;
	struct kioctx *ctx, *found = NULL;

	spin_lock(&mm->ioctx_lock);
	list_for_each_entry(ctx, &mm->ioctx_list, node) {
		if (ctx->user_id != id)
			continue;
		if (unlink)
			list_del(&ctx->node);
		else
			atomic_inc(&ctx->users);
		found = ctx;
		break;
	}
	spin_unlock(&mm->ioctx_lock);
	return found;
}

static struct kioctx *ioctx_get(aio_context_t id)
{
	return ioctx_lookup(id, false);
}

/* Reserve @nr events against fs.aio-max-nr. */
static int aio_nr_reserve(unsigned int nr)
{
	int err = 0;

	spin_lock(&aio_nr_lock);
	if (nr > aio_max_nr || aio_nr > aio_max_nr - nr)
		err = -EAGAIN;
	else
		aio_nr += nr;
	spin_unlock(&aio_nr_lock);
	return err;
}

/* Map the context's page and write its header; 0 or -errno. */
static int ioctx_map(struct kioctx *ctx)
{
	struct aio_ring_header hdr = {
		.nr = ctx->nr,
		.header_length = sizeof(hdr),
	};
	unsigned long addr;

	addr = vm_mmap(NULL, 0, PAGE_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		       0);
	if (IS_ERR_VALUE(addr))
		return (int)addr;
	if (copy_to_user((void *)addr, &hdr, sizeof(hdr))) {
		vm_munmap(addr, PAGE_SIZE);
		return -EFAULT;
	}
	ctx->user_id = addr;
	return 0;
}

static struct kioctx *ioctx_alloc(unsigned int nr)
{
	struct kioctx *ctx;
	int err;

	err = aio_nr_reserve(nr);
	if (err)
		return ERR_PTR(err);
	ctx = kzalloc(sizeof(*ctx), GFP_KERNEL);
	if (!ctx)
		goto unreserve;
	ctx->nr = nr;
	ctx->events = vmalloc((unsigned long)nr * sizeof(struct io_event));
	if (!ctx->events) {
		kfree(ctx);
		goto unreserve;
	}
	atomic_set(&ctx->users, 1);
	init_waitqueue_head(&ctx->idle_wq);
	init_waitqueue_head(&ctx->wait);
	spin_lock_init(&ctx->lock);
	mutex_init(&ctx->reap_lock);
	return ctx;

unreserve:
	spin_lock(&aio_nr_lock);
	aio_nr -= nr;
	spin_unlock(&aio_nr_lock);
	return ERR_PTR(-ENOMEM);
}

/* Mark @ctx dead and wake whoever sleeps in io_getevents() on it. */
static void ioctx_kill(struct kioctx *ctx)
{
	spin_lock(&ctx->lock);
	ctx->dead = true;
	spin_unlock(&ctx->lock);
	wake_up_all(&ctx->wait);
}

void exit_aio(struct mm_struct *mm)
{
	struct kioctx *ctx, *next;

	/*
	 * No task runs in @mm any more, so no system call holds a context:
	 * each one has only the list's reference.  The mappings go with
	 * exit_mmap().
	 */
	list_for_each_entry_safe(ctx, next, &mm->ioctx_list, node) {
		list_del(&ctx->node);
		ioctx_kill(ctx);
		ioctx_put(ctx);
	}
}

/* ------------------------------------------------------------ events */

/* Take a slot for a new request; false when every slot is in use. */
static bool aio_take_slot(struct kioctx *ctx)
{
	bool ok;

	spin_lock(&ctx->lock);
	ok = ctx->taken < ctx->nr;
	if (ok)
		ctx->taken++;
	spin_unlock(&ctx->lock);
	return ok;
}

static void aio_release_slot(struct kioctx *ctx)
{
	spin_lock(&ctx->lock);
	ctx->taken--;
	spin_unlock(&ctx->lock);
}

/* Queue a finished request's event in the slot it took; wake a reaper. */
static void aio_post(struct kioctx *ctx, const struct io_event *ev)
{
	spin_lock(&ctx->lock);
	ctx->events[(ctx->head + ctx->queued) % ctx->nr] = *ev;
	ctx->queued++;
	spin_unlock(&ctx->lock);
	if (wq_has_sleeper(&ctx->wait))
		wake_up(&ctx->wait);
}

/*
 * Copy up to @max queued events to @uevents and remove them.  Returns the
 * number copied (0: none queued) or -EFAULT, in which case the events stay
 * queued for the next call.  Caller holds ctx->reap_lock.
 */
static long aio_reap(struct kioctx *ctx, struct io_event *uevents, long max)
{
	struct io_event batch[AIO_REAP_BATCH];
	long done = 0;

	while (done < max) {
		unsigned int n, i;

		spin_lock(&ctx->lock);
		n = min_t(long, min_t(unsigned int, ctx->queued, AIO_REAP_BATCH), max - done);
		for (i = 0; i < n; i++)
			batch[i] = ctx->events[(ctx->head + i) % ctx->nr];
		spin_unlock(&ctx->lock);
		if (!n)
			break;
		if (copy_to_user(uevents + done, batch, n * sizeof(batch[0])))
			return done ? done : -EFAULT;

		spin_lock(&ctx->lock);
		ctx->head = (ctx->head + n) % ctx->nr;
		ctx->queued -= n;
		ctx->taken -= n;
		spin_unlock(&ctx->lock);
		done += n;
	}
	return done;
}

/* When io_getevents() gives up waiting: never, or at a ktime_get_ns() time. */
struct aio_deadline {
	bool forever;
	u64 at;
};

/*
 * Reap at least @min_nr and at most @nr events, sleeping (interruptibly)
 * for the missing ones until @dl passes.  Returns the count, or -EINTR
 * when a signal came before any event, -EFAULT, or -EINVAL when the
 * context was destroyed under a sleeper that had reaped nothing.
 */
static long aio_wait_events(struct kioctx *ctx, long min_nr, long nr,
			    struct io_event *uevents, const struct aio_deadline *dl)
{
	struct wait_queue_entry wait;
	long total = 0;

	for (;;) {
		long left = MAX_SCHEDULE_TIMEOUT;
		long got;

		mutex_lock(&ctx->reap_lock);
		got = aio_reap(ctx, uevents + total, nr - total);
		mutex_unlock(&ctx->reap_lock);
		if (got < 0)
			return total ? total : got;
		total += got;
		if (total >= min_nr)
			return total;
		if (READ_ONCE(ctx->dead))
			return total ? total : -EINVAL;
		if (!dl->forever) {
			u64 now = ktime_get_ns();

			if (now >= dl->at)
				return total;
			left = nsecs_to_jiffies(dl->at - now);
			if (!left)
				left = 1;
		}
		if (signal_pending(current))
			return total ? total : -EINTR;

		init_wait_entry(&wait, 0);
		prepare_to_wait(&ctx->wait, &wait, TASK_INTERRUPTIBLE);
		/* State set first: an aio_post() from now on wakes us. */
		if (!READ_ONCE(ctx->queued) && !READ_ONCE(ctx->dead) && !signal_pending(current))
			schedule_timeout(left);
		finish_wait(&ctx->wait, &wait);
	}
}

/* ------------------------------------------------------------ requests */

/*
 * A read or write request: checks first (errors fail the io_submit()
 * entry), then the transfer, whose outcome is the event's res.
 */
static int aio_rw(struct file *file, const struct iocb *cb, int dir, bool vectored,
		  long long *res)
{
	struct iovec fast[UIO_FASTIOV];
	struct iovec *segs = fast;
	struct iov_iter iter;
	loff_t pos = cb->aio_offset, *ppos = &pos;
	int iocb_flags, err;

	if (!(file->f_mode & (dir == WRITE ? FMODE_WRITE : FMODE_READ)))
		return -EBADF;
	if (!(dir == WRITE ? file->f_op->write_iter : file->f_op->read_iter))
		return -EINVAL;
	iocb_flags = rwf_to_iocb_flags(cb->aio_rw_flags);
	if (iocb_flags < 0)
		return iocb_flags;
	if (vectored) {
		if (cb->aio_nbytes > UIO_MAXIOV)
			return -EINVAL;
		err = import_iovec(dir, (const struct iovec *)(unsigned long)cb->aio_buf,
				   cb->aio_nbytes, ARRAY_SIZE(fast), &segs, &iter);
		if (err < 0)
			return err;
	} else {
		segs = NULL;
		err = import_single_range(dir, (void *)(unsigned long)cb->aio_buf, cb->aio_nbytes,
					  &iter);
		if (err)
			return err;
	}
	if (file->f_mode & FMODE_STREAM)
		ppos = NULL;
	err = rw_verify_area(dir, file, ppos, iov_iter_count(&iter));
	if (!err)
		*res = dir == WRITE ? vfs_iter_write(file, &iter, ppos, iocb_flags) :
				      vfs_iter_read(file, &iter, ppos, iocb_flags);
	kfree(segs);
	return err;
}

static int aio_fsync(struct file *file, const struct iocb *cb, bool datasync, long long *res)
{
	/* A sync request names no range: everything else must be zero. */
	if (cb->aio_buf || cb->aio_offset || cb->aio_nbytes || cb->aio_rw_flags)
		return -EINVAL;
	if (!file->f_op->fsync)
		return -EINVAL;
	*res = vfs_fsync(file, datasync);
	return 0;
}

/* What each opcode does; a zero .kind is an opcode not served (EINVAL). */
enum aio_kind { AIO_NONE, AIO_RW, AIO_SYNC };

static const struct aio_op {
	enum aio_kind kind;
	int dir;		/* AIO_RW: READ or WRITE */
	bool vectored;		/* AIO_RW: aio_buf is an iovec array */
	bool datasync;		/* AIO_SYNC: fdatasync() rather than fsync() */
} aio_ops[] = {
	[IOCB_CMD_PREAD]	= { AIO_RW, READ, false, false },
	[IOCB_CMD_PWRITE]	= { AIO_RW, WRITE, false, false },
	[IOCB_CMD_PREADV]	= { AIO_RW, READ, true, false },
	[IOCB_CMD_PWRITEV]	= { AIO_RW, WRITE, true, false },
	[IOCB_CMD_FSYNC]	= { AIO_SYNC, 0, false, false },
	[IOCB_CMD_FDSYNC]	= { AIO_SYNC, 0, false, true },
	/* POLL is not implemented; NOOP is refused by Linux as well. */
};

static int aio_run(struct file *file, const struct iocb *cb, long long *res)
{
	const struct aio_op *op;

	if (cb->aio_lio_opcode >= ARRAY_SIZE(aio_ops))
		return -EINVAL;
	op = &aio_ops[cb->aio_lio_opcode];
	if (op->kind == AIO_RW)
		return aio_rw(file, cb, op->dir, op->vectored, res);
	if (op->kind == AIO_SYNC)
		return aio_fsync(file, cb, op->datasync, res);
	return -EINVAL;
}

/* The checks on a request's fixed fields that come before anything else. */
static int aio_check_iocb(const struct iocb *cb)
{
	if (cb->aio_reserved2)
		return -EINVAL;
	if (cb->aio_flags & ~IOCB_FLAG_RESFD)
		return -EINVAL;		/* IOCB_FLAG_IOPRIO and unknown bits */
	/* The length must be a non-negative ssize_t. */
	if ((long long)cb->aio_nbytes < 0)
		return -EINVAL;
	return 0;
}

/* Submit (and here: run) one request; 0 or the error io_submit() reports. */
static int aio_submit_one(struct kioctx *ctx, struct iocb *ucb)
{
	struct eventfd_ctx *notify = NULL;
	struct io_event ev;
	struct iocb cb;
	long long res = 0;
	struct file *file;
	int err;

	if (copy_from_user(&cb, ucb, sizeof(cb)))
		return -EFAULT;
	err = aio_check_iocb(&cb);
	if (err)
		return err;
	if (!aio_take_slot(ctx))
		return -EAGAIN;
	if (cb.aio_flags & IOCB_FLAG_RESFD) {
		notify = eventfd_ctx_fdget(cb.aio_resfd);
		if (IS_ERR(notify)) {
			err = PTR_ERR(notify);
			notify = NULL;
			goto fail;
		}
	}
	err = -EFAULT;
	if (put_user(0U, &ucb->aio_key))
		goto fail;
	err = -EBADF;
	file = fget(cb.aio_fildes);
	if (!file)
		goto fail;
	err = aio_run(file, &cb, &res);
	fput(file);
	if (err)
		goto fail;

	ev = (struct io_event){
		.data = cb.aio_data,
		.obj = (u64)(unsigned long)ucb,
		.res = res,
	};
	aio_post(ctx, &ev);
	if (notify) {
		eventfd_signal(notify, 1);
		eventfd_ctx_put(notify);
	}
	return 0;

fail:
	if (notify)
		eventfd_ctx_put(notify);
	aio_release_slot(ctx);
	return err;
}

/* ------------------------------------------------------------ system calls */

SYSCALL_DEFINE2(io_setup, unsigned int, nr_events, aio_context_t *, ctxp)
{
	struct mm_struct *mm = current->mm;
	struct kioctx *ctx;
	aio_context_t old;
	int err;

	if (get_user(old, ctxp))
		return -EFAULT;
	if (old || !nr_events || nr_events > AIO_MAX_EVENTS)
		return -EINVAL;
	ctx = ioctx_alloc(nr_events);
	if (IS_ERR(ctx))
		return PTR_ERR(ctx);
	err = ioctx_map(ctx);
	if (err) {
		ioctx_put(ctx);
		return err;
	}
	if (put_user(ctx->user_id, ctxp)) {
		vm_munmap(ctx->user_id, PAGE_SIZE);
		ioctx_put(ctx);
		return -EFAULT;
	}
	spin_lock(&mm->ioctx_lock);
	list_add(&ctx->node, &mm->ioctx_list);
	spin_unlock(&mm->ioctx_lock);
	return 0;
}

SYSCALL_DEFINE1(io_destroy, aio_context_t, ctx_id)
{
	struct kioctx *ctx = ioctx_lookup(ctx_id, true);

	if (!ctx)
		return -EINVAL;
	ioctx_kill(ctx);
	/* Other threads' io_submit() calls finish their requests first. */
	wait_event(ctx->idle_wq, atomic_read(&ctx->users) == 1);
	vm_munmap(ctx->user_id, PAGE_SIZE);
	ioctx_put(ctx);
	return 0;
}

SYSCALL_DEFINE3(io_submit, aio_context_t, ctx_id, long, nr, struct iocb **, iocbpp)
{
	struct kioctx *ctx;
	long i;
	int err = 0;

	if (nr < 0)
		return -EINVAL;
	ctx = ioctx_get(ctx_id);
	if (!ctx)
		return -EINVAL;
	nr = min_t(long, nr, ctx->nr);
	for (i = 0; i < nr; i++) {
		u64 ucb;

		if (get_user(ucb, (u64 *)(iocbpp + i))) {
			err = -EFAULT;
			break;
		}
		err = aio_submit_one(ctx, (struct iocb *)(unsigned long)ucb);
		if (err)
			break;
	}
	ioctx_put(ctx);
	return i ? i : err;
}

SYSCALL_DEFINE3(io_cancel, aio_context_t, ctx_id, struct iocb *, iocb, struct io_event *, result)
{
	struct kioctx *ctx = ioctx_get(ctx_id);
	u32 key;
	int err = -EINVAL;

	if (!ctx)
		return -EINVAL;
	/* A struct iocb io_submit() took has a zero aio_key. */
	if (get_user(key, &iocb->aio_key))
		err = -EFAULT;
	else if (key)
		err = -EINVAL;
	/* Requests complete inside io_submit(): none is left to cancel. */
	ioctx_put(ctx);
	return err;
}

/* A relative timeout from user space, or none (wait for ever). */
static int aio_deadline_get(const struct __kernel_timespec *uts, struct aio_deadline *dl)
{
	struct timespec64 ts;
	u64 now;

	dl->forever = true;
	if (!uts)
		return 0;
	if (get_timespec64(&ts, uts))
		return -EFAULT;
	if (ts.tv_sec < 0 || ts.tv_nsec < 0 || ts.tv_nsec >= NSEC_PER_SEC)
		return -EINVAL;
	now = ktime_get_ns();
	if ((u64)ts.tv_sec < (U64_MAX - now) / NSEC_PER_SEC - 1) {
		dl->forever = false;
		dl->at = now + (u64)ts.tv_sec * NSEC_PER_SEC + ts.tv_nsec;
	}
	return 0;
}

static long do_io_getevents(aio_context_t ctx_id, long min_nr, long nr,
			    struct io_event *events, const struct aio_deadline *dl)
{
	struct kioctx *ctx = ioctx_get(ctx_id);
	long ret = -EINVAL;

	if (!ctx)
		return -EINVAL;
	if (min_nr >= 0 && nr >= 0 && min_nr <= nr)
		ret = aio_wait_events(ctx, min_nr, nr, events, dl);
	ioctx_put(ctx);
	return ret;
}

SYSCALL_DEFINE5(io_getevents, aio_context_t, ctx_id, long, min_nr, long, nr,
		struct io_event *, events, struct __kernel_timespec *, timeout)
{
	struct aio_deadline dl;
	int err = aio_deadline_get(timeout, &dl);

	if (err)
		return err;
	return do_io_getevents(ctx_id, min_nr, nr, events, &dl);
}

SYSCALL_DEFINE6(io_pgetevents, aio_context_t, ctx_id, long, min_nr, long, nr,
		struct io_event *, events, struct __kernel_timespec *, timeout,
		const struct __aio_sigset *, usig)
{
	struct __aio_sigset ksig = { NULL, 0 };
	struct aio_deadline dl;
	bool installed;
	long ret;

	/* Timeout, then the mask: the first that fails decides the error. */
	ret = aio_deadline_get(timeout, &dl);
	if (!ret && usig && copy_from_user(&ksig, usig, sizeof(ksig)))
		ret = -EFAULT;
	if (!ret)
		ret = poll_set_user_sigmask(ksig.sigmask, ksig.sigsetsize, &installed);
	if (ret)
		return ret;
	ret = do_io_getevents(ctx_id, min_nr, nr, events, &dl);
	poll_restore_sigmask(installed, ret);
	return ret;
}

/* ------------------------------------------------------------ sysctl */

static struct ctl_table aio_sysctls[] = {
	{ .procname = "aio-nr", .data = &aio_nr, .maxlen = sizeof(aio_nr), .mode = 0444,
	  .proc_handler = proc_doulongvec_minmax },
	{ .procname = "aio-max-nr", .data = &aio_max_nr, .maxlen = sizeof(aio_max_nr),
	  .mode = 0644, .proc_handler = proc_doulongvec_minmax },
	{ }
};

static int __init aio_sysctl_init(void)
{
	return register_sysctl("fs", aio_sysctls) ? 0 : -ENOMEM;
}
late_initcall(aio_sysctl_init);
