// SPDX-License-Identifier: GPL-2.0-only
/*
 * signalfd(2) and signalfd4(2): read pending signals from a file
 * descriptor instead of taking them in a handler.
 *
 * What the ABI asks for (signalfd(2)):
 *  - the mask is a sigset_t (sizemask must be 8); SIGKILL and SIGSTOP in
 *    it are silently dropped; flags SFD_NONBLOCK and SFD_CLOEXEC;
 *  - fd -1 makes a new signalfd; an existing signalfd gets the new mask
 *    (and the same fd back); any other file is EINVAL;
 *  - read(2) needs room for one 128-byte struct signalfd_siginfo (else
 *    EINVAL) and fills as many as fit with pending signals of the mask,
 *    the thread's own queue first, then the process's, each dequeued as
 *    if delivered; it blocks for the first (EAGAIN when non-blocking);
 *  - poll reports POLLIN while a signal of the mask is pending.
 * The signals are those of the process that reads or polls, not of the
 * one that created the descriptor, as on Linux.
 *
 * Interface: the two system calls; signalfd_notify() and
 * signalfd_cleanup() (<linux/signalfd.h>) for the signal code.
 *
 * Locking: the mask and the pending sets are read and changed under the
 * reader's sighand->siglock; readers and pollers sleep on
 * sighand->signalfd_wqh, which kernel/signal.c wakes after queueing a
 * signal.  The sighand_struct is freed an RCU grace period after
 * signalfd_cleanup(), which is what lets epoll detach from the queue
 * safely (fs/eventpoll.c, ep_unhook()).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/signal.h>
#include <linux/wait.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/poll.h>
#include <linux/anon_inodes.h>
#include <linux/signalfd.h>
#include <linux/syscalls.h>
#include <asm/uaccess.h>

struct signalfd_ctx {
	sigset_t sigmask;		/* the reader's sighand->siglock */
};

static const struct file_operations signalfd_fops;

void signalfd_cleanup(struct sighand_struct *sighand)
{
	wait_queue_head_t *wq = &sighand->signalfd_wqh;

	/* Pollers hold files and so the sighand; only epoll hooks remain. */
	if (waitqueue_active(wq))
		wake_up_poll(wq, POLLHUP | POLLFREE);
}

/* Is a signal of the mask pending for current?  siglock held. */
static bool signalfd_pending(struct signalfd_ctx *ctx)
{
	unsigned long mine = current->pending.signal.sig[0] |
			     current->signal->shared_pending.signal.sig[0];

	return mine & ctx->sigmask.sig[0];
}

/* The fields of info that its kind of signal defines, in the signalfd record. */
static void signalfd_fill(struct signalfd_siginfo *ssi, const kernel_siginfo_t *info)
{
	memset(ssi, 0, sizeof(*ssi));
	ssi->ssi_signo = info->si_signo;
	ssi->ssi_errno = info->si_errno;
	ssi->ssi_code = info->si_code;

	if (info->si_code == SI_TIMER) {
		ssi->ssi_tid = info->si_tid;
		ssi->ssi_overrun = info->si_overrun;
		ssi->ssi_int = info->si_int;
		ssi->ssi_ptr = (unsigned long)info->si_ptr;
		return;
	}
	if (info->si_code <= 0) {
		/* Sent by a process: kill/tkill carry no value, sigqueue does. */
		ssi->ssi_pid = info->si_pid;
		ssi->ssi_uid = info->si_uid;
		if (info->si_code != SI_USER && info->si_code != SI_TKILL) {
			ssi->ssi_int = info->si_int;
			ssi->ssi_ptr = (unsigned long)info->si_ptr;
		}
		return;
	}
	switch (info->si_signo) {
	case SIGCHLD:
		ssi->ssi_pid = info->si_pid;
		ssi->ssi_uid = info->si_uid;
		ssi->ssi_status = info->si_status;
		ssi->ssi_utime = info->si_utime;
		ssi->ssi_stime = info->si_stime;
		break;
	case SIGILL:
	case SIGFPE:
	case SIGSEGV:
	case SIGBUS:
	case SIGTRAP:
		ssi->ssi_addr = (unsigned long)info->si_addr;
		ssi->ssi_addr_lsb = info->si_addr_lsb;
		break;
	case SIGPOLL:
		ssi->ssi_band = info->si_band;
		ssi->ssi_fd = info->si_fd;
		break;
	case SIGSYS:
		ssi->ssi_call_addr = (unsigned long)info->_sifields._sigsys._call_addr;
		ssi->ssi_syscall = info->_sifields._sigsys._syscall;
		ssi->ssi_arch = info->_sifields._sigsys._arch;
		break;
	default:
		ssi->ssi_pid = info->si_pid;
		ssi->ssi_uid = info->si_uid;
		break;
	}
}

/*
 * Take the next signal of the mask; its number, -EAGAIN if none and
 * !block, or -ERESTARTSYS if a signal outside the mask came first.
 */
static int signalfd_dequeue(struct signalfd_ctx *ctx, kernel_siginfo_t *info, bool block)
{
	struct sighand_struct *sighand = current->sighand;
	sigset_t others;
	int sig, err;

	for (;;) {
		spin_lock_irq(&sighand->siglock);
		/* dequeue_signal() takes what is not in its mask. */
		others.sig[0] = ~ctx->sigmask.sig[0];
		sig = dequeue_signal(current, &others, info);
		spin_unlock_irq(&sighand->siglock);
		if (sig)
			return sig;
		if (!block)
			return -EAGAIN;
		err = wait_event_interruptible(sighand->signalfd_wqh, signalfd_pending(ctx));
		if (err)
			return err;
	}
}

static ssize_t signalfd_read(struct file *file, char *ubuf, size_t len, loff_t *pos)
{
	struct signalfd_ctx *ctx = file->private_data;
	struct signalfd_siginfo *out = (struct signalfd_siginfo *)ubuf;
	size_t room = len / sizeof(*out), done = 0;
	bool nonblock = file->f_flags & O_NONBLOCK;
	int ret = 0;

	if (!room)
		return -EINVAL;
	/* A dequeued signal cannot go back: check the whole buffer first. */
	if (!access_ok(ubuf, room * sizeof(*out)))
		return -EFAULT;
	for (; done < room; done++) {
		struct signalfd_siginfo ssi;
		kernel_siginfo_t info;

		/* Only the first record is worth waiting for. */
		ret = signalfd_dequeue(ctx, &info, !nonblock && !done);
		if (ret < 0)
			break;
		signalfd_fill(&ssi, &info);
		if (copy_to_user(&out[done], &ssi, sizeof(ssi))) {
			ret = -EFAULT;
			break;
		}
	}
	return done ? (ssize_t)(done * sizeof(*out)) : ret;
}

static __poll_t signalfd_poll(struct file *file, poll_table *pt)
{
	struct signalfd_ctx *ctx = file->private_data;
	struct sighand_struct *sighand = current->sighand;
	bool pending;

	poll_wait(file, &sighand->signalfd_wqh, pt);
	spin_lock_irq(&sighand->siglock);
	pending = signalfd_pending(ctx);
	spin_unlock_irq(&sighand->siglock);
	return pending ? POLLIN | POLLRDNORM : 0;
}

static int signalfd_release(struct inode *inode, struct file *file)
{
	kfree(file->private_data);
	return 0;
}

static const struct file_operations signalfd_fops = {
	.llseek = no_llseek,
	.read = signalfd_read,
	.poll = signalfd_poll,
	.release = signalfd_release,
};

/* A new mask for an existing signalfd; the fd, or -EBADF/-EINVAL. */
static int signalfd_update(int ufd, const sigset_t *mask)
{
	struct sighand_struct *sighand = current->sighand;
	struct signalfd_ctx *ctx;
	struct file *file = fget(ufd);

	if (!file)
		return -EBADF;
	if (file->f_op != &signalfd_fops) {
		fput(file);
		return -EINVAL;
	}
	ctx = file->private_data;
	spin_lock_irq(&sighand->siglock);
	ctx->sigmask = *mask;
	spin_unlock_irq(&sighand->siglock);
	/* Sleepers re-check against the new mask. */
	wake_up_poll(&sighand->signalfd_wqh, POLLIN | POLLRDNORM);
	fput(file);
	return ufd;
}

static int do_signalfd4(int ufd, const sigset_t *umask, size_t sizemask, int flags)
{
	struct signalfd_ctx *ctx;
	sigset_t mask;
	int fd;

	if (flags & ~(SFD_CLOEXEC | SFD_NONBLOCK))
		return -EINVAL;
	if (sizemask != sizeof(sigset_t))
		return -EINVAL;
	if (copy_from_user(&mask, umask, sizeof(mask)))
		return -EFAULT;
	/* Nobody can take these instead of having them act. */
	sigdelsetmask(&mask, SIG_KERNEL_ONLY_MASK);
	if (ufd != -1)
		return signalfd_update(ufd, &mask);

	ctx = kzalloc(sizeof(*ctx), GFP_KERNEL);
	if (!ctx)
		return -ENOMEM;
	ctx->sigmask = mask;
	fd = anon_inode_getfd("[signalfd]", &signalfd_fops, ctx,
			      O_RDWR | (flags & (SFD_CLOEXEC | SFD_NONBLOCK)));
	if (fd < 0)
		kfree(ctx);
	return fd;
}

SYSCALL_DEFINE4(signalfd4, int, ufd, const sigset_t *, user_mask, size_t, sizemask,
		int, flags)
{
	return do_signalfd4(ufd, user_mask, sizemask, flags);
}

SYSCALL_DEFINE3(signalfd, int, ufd, const sigset_t *, user_mask, size_t, sizemask)
{
	return do_signalfd4(ufd, user_mask, sizemask, 0);
}
