// SPDX-License-Identifier: GPL-2.0-only
/*
 * process_vm_readv(2) and process_vm_writev(2): copy between the caller's
 * memory and another process's, described by two iovec arrays that need
 * not line up (strace and gdb read their tracees' strings this way).
 *
 * Interface: the two system calls.  The caller needs the same permission
 * as to attach with ptrace (ptrace_may_access()), else -EPERM.
 *
 * The copy goes through a page-sized kernel buffer: access_remote_vm()
 * moves bytes between the buffer and the target's address space (taking
 * its mmap_lock), copy_{to,from}_user() between the buffer and ours, so
 * no lock is held while our own pages fault in.  The result is the number
 * of bytes copied; a fault stops the copy there, and is an error (-EFAULT)
 * only when nothing was copied.
 */
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/mm.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/errno.h>
#include <linux/ptrace.h>
#include <linux/syscalls.h>
#include <uapi/linux/uio.h>
#include <asm/uaccess.h>

/* One direction of the copy, walking both iovec arrays in step. */
struct vm_copy {
	struct mm_struct *mm;
	bool write;			/* into the target */
	struct iovec *local, *remote;
	unsigned long nr_local, nr_remote;
	char *buf;			/* PAGE_SIZE bounce buffer */
};

/* Copy in an iovec array; *total gets the sum of its lengths. */
static struct iovec *copy_iovecs(const struct iovec *uvec, unsigned long n, size_t *total)
{
	struct iovec *v;

	if (n > UIO_MAXIOV)
		return ERR_PTR(-EINVAL);
	v = kmalloc((n ? n : 1) * sizeof(*v), GFP_KERNEL);
	if (!v)
		return ERR_PTR(-ENOMEM);
	if (n && copy_from_user(v, uvec, n * sizeof(*v))) {
		kfree(v);
		return ERR_PTR(-EFAULT);
	}
	*total = 0;
	for (unsigned long i = 0; i < n; i++) {
		*total += v[i].iov_len;
		if ((long)v[i].iov_len < 0 || (long)*total < 0) {
			kfree(v);
			return ERR_PTR(-EINVAL);
		}
	}
	return v;
}

/* Move one chunk of at most a page; returns the bytes moved (may be short). */
static size_t vm_copy_chunk(struct vm_copy *c, char *lbase, unsigned long raddr, size_t n)
{
	int got;

	if (c->write) {
		n -= copy_from_user(c->buf, lbase, n);
		if (!n)
			return 0;
		got = access_remote_vm(c->mm, raddr, c->buf, n, FOLL_WRITE);
		return got > 0 ? got : 0;
	}
	got = access_remote_vm(c->mm, raddr, c->buf, n, 0);
	if (got <= 0)
		return 0;
	return got - copy_to_user(lbase, c->buf, got);
}

static ssize_t vm_copy_run(struct vm_copy *c)
{
	unsigned long li = 0, ri = 0;
	size_t loff = 0, roff = 0;
	ssize_t total = 0;

	while (li < c->nr_local && ri < c->nr_remote) {
		struct iovec *l = &c->local[li], *r = &c->remote[ri];
		size_t n = min(l->iov_len - loff, r->iov_len - roff), done;
		unsigned long raddr = (unsigned long)r->iov_base + roff;

		if (!n) {
			if (loff == l->iov_len) {
				li++;
				loff = 0;
			}
			if (roff == r->iov_len) {
				ri++;
				roff = 0;
			}
			continue;
		}
		/* Stop at the end of the target's page: faults happen per page. */
		n = min_t(size_t, n, PAGE_SIZE - offset_in_page(raddr));
		done = vm_copy_chunk(c, (char *)l->iov_base + loff, raddr, n);
		total += done;
		if (done < n)
			break;
		loff += n;
		roff += n;
		if (fatal_signal_pending(current))
			break;
	}
	return total;
}

static ssize_t process_vm_rw(pid_t pid, const struct iovec *lvec, unsigned long liovcnt,
			     const struct iovec *rvec, unsigned long riovcnt,
			     unsigned long flags, bool write)
{
	struct vm_copy c = { .write = write, .nr_local = liovcnt, .nr_remote = riovcnt };
	size_t want_local, want_remote;
	struct task_struct *task;
	ssize_t ret;

	if (flags)
		return -EINVAL;
	c.local = copy_iovecs(lvec, liovcnt, &want_local);
	if (IS_ERR(c.local))
		return PTR_ERR(c.local);
	c.remote = copy_iovecs(rvec, riovcnt, &want_remote);
	if (IS_ERR(c.remote)) {
		ret = PTR_ERR(c.remote);
		goto out_local;
	}
	ret = -ESRCH;
	task = get_pid_task_by_nr(pid);
	if (!task)
		goto out_remote;
	ret = -EPERM;
	if (!ptrace_may_access(task))
		goto out_task;
	ret = -ESRCH;
	c.mm = get_task_mm(task);
	if (!c.mm)
		goto out_task;
	ret = -ENOMEM;
	c.buf = kmalloc(PAGE_SIZE, GFP_KERNEL);
	if (c.buf) {
		ret = vm_copy_run(&c);
		kfree(c.buf);
		/* Nothing moved although something was asked for: the first address faulted. */
		if (!ret && want_local && want_remote)
			ret = -EFAULT;
	}
	mmput(c.mm);
out_task:
	put_task_struct(task);
out_remote:
	kfree(c.remote);
out_local:
	kfree(c.local);
	return ret;
}

SYSCALL_DEFINE6(process_vm_readv, pid_t, pid, const struct iovec *, lvec,
		unsigned long, liovcnt, const struct iovec *, rvec, unsigned long, riovcnt,
		unsigned long, flags)
{
	return process_vm_rw(pid, lvec, liovcnt, rvec, riovcnt, flags, false);
}

SYSCALL_DEFINE6(process_vm_writev, pid_t, pid, const struct iovec *, lvec,
		unsigned long, liovcnt, const struct iovec *, rvec, unsigned long, riovcnt,
		unsigned long, flags)
{
	return process_vm_rw(pid, lvec, liovcnt, rvec, riovcnt, flags, true);
}
