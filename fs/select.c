// SPDX-License-Identifier: GPL-2.0-only
/*
 * poll(2), ppoll(2), select(2) and pselect6(2).
 *
 * A poller scans its files with their ->poll methods, which register the
 * wait queues that can change the answer (poll_wait() -> __pollwait()).
 * If nothing is ready it sleeps until one of those queues is woken with a
 * matching event (pollwake() sets pwq->triggered and wakes the task), a
 * signal arrives, or the timeout passes; then it scans again.  Queues are
 * registered in the first scan only, and not at all once something is
 * ready or the timeout is zero.
 *
 * Linux rules kept here:
 *  - poll: a negative fd is skipped (revents 0), a closed one reports
 *    POLLNVAL; nfds above RLIMIT_NOFILE is -EINVAL; POLLERR and POLLHUP
 *    are always reported; revents are written back even after an error;
 *    an interrupted poll restarts with the time left (restart_block).
 *  - select: nfds < 0 is -EINVAL, bits beyond the descriptor table are
 *    ignored, a set bit for a closed descriptor inside it is -EBADF; the
 *    timeval (and pselect6's timespec, ppoll's too) is updated to the time
 *    left; a negative time is -EINVAL.
 *  - ppoll/pselect6 install the caller's signal mask for the wait; if the
 *    call is interrupted the old mask is restored only after the handler
 *    ran (TIF_RESTORE_SIGMASK), as sigsuspend() does.
 *
 * Interface: the four system calls, and poll_initwait()/poll_freewait()/
 * poll_schedule_timeout() for other multi-file waiters (<linux/poll.h>).
 *
 * Locking: a poll_table_entry is on its wait queue from registration
 * until poll_freewait(); it holds a reference on its file so the queue
 * (which belongs to the file) outlives it.  triggered is written by
 * wakers under the queue lock and read by the poller after it set its
 * task state, the same ordering wait_event() relies on.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/gfp.h>
#include <linux/mm.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/fdtable.h>
#include <linux/poll.h>
#include <linux/sched.h>
#include <linux/signal.h>
#include <linux/jiffies.h>
#include <linux/timekeeping.h>
#include <linux/syscalls.h>
#include <linux/bitops.h>
#include <uapi/linux/time_types.h>
#include <asm/uaccess.h>

/* Which events make a descriptor ready for each select set (Linux's). */
#define POLLIN_SET	(POLLRDNORM | POLLRDBAND | POLLIN | POLLHUP | POLLERR)
#define POLLOUT_SET	(POLLWRBAND | POLLWRNORM | POLLOUT | POLLERR)
#define POLLEX_SET	(POLLPRI)

/* ------------------------------------------------------------ wait queues */

struct poll_table_page {
	struct poll_table_page *next;
	struct poll_table_entry *entry;		/* next free slot */
	struct poll_table_entry entries[];
};

#define POLL_TABLE_FULL(table) \
	((unsigned long)((table)->entry + 1) > PAGE_SIZE + (unsigned long)(table))

static int pollwake(wait_queue_entry_t *wait, unsigned int mode, int sync, void *key)
{
	struct poll_table_entry *entry = container_of(wait, struct poll_table_entry, wait);
	struct poll_wqueues *pwq = wait->private;

	if (key && !((unsigned long)key & entry->key))
		return 0;
	/* Seen by the poller after it set its state; see the file comment. */
	smp_wmb();
	WRITE_ONCE(pwq->triggered, 1);
	return wake_up_state(pwq->polling_task, mode);
}

static struct poll_table_entry *poll_get_entry(struct poll_wqueues *p)
{
	struct poll_table_page *table = p->table;

	if (p->inline_index < N_INLINE_POLL_ENTRIES)
		return p->inline_entries + p->inline_index++;
	if (!table || POLL_TABLE_FULL(table)) {
		struct poll_table_page *new_table;

		new_table = (struct poll_table_page *)__get_free_page(GFP_KERNEL);
		if (!new_table) {
			p->error = -ENOMEM;
			return NULL;
		}
		new_table->entry = new_table->entries;
		new_table->next = table;
		p->table = new_table;
		table = new_table;
	}
	return table->entry++;
}

static void __pollwait(struct file *filp, wait_queue_head_t *wq, poll_table *pt)
{
	struct poll_wqueues *pwq = container_of(pt, struct poll_wqueues, pt);
	struct poll_table_entry *entry = poll_get_entry(pwq);

	if (!entry)
		return;
	entry->filp = get_file(filp);
	entry->wait_address = wq;
	entry->key = pt->_key;
	init_waitqueue_func_entry(&entry->wait, pollwake);
	entry->wait.private = pwq;
	add_wait_queue(wq, &entry->wait);
}

void poll_initwait(struct poll_wqueues *pwq)
{
	init_poll_funcptr(&pwq->pt, __pollwait);
	pwq->polling_task = current;
	pwq->triggered = 0;
	pwq->error = 0;
	pwq->table = NULL;
	pwq->inline_index = 0;
}

static void free_poll_entry(struct poll_table_entry *entry)
{
	remove_wait_queue(entry->wait_address, &entry->wait);
	fput(entry->filp);
}

void poll_freewait(struct poll_wqueues *pwq)
{
	struct poll_table_page *p = pwq->table;

	for (int i = 0; i < pwq->inline_index; i++)
		free_poll_entry(pwq->inline_entries + i);
	while (p) {
		struct poll_table_page *old = p;
		struct poll_table_entry *entry = p->entry;

		while (entry > p->entries)
			free_poll_entry(--entry);
		p = p->next;
		free_page((unsigned long)old);
	}
}

bool poll_schedule_timeout(struct poll_wqueues *pwq, unsigned int state,
			   const u64 *deadline_ns)
{
	set_current_state(state);
	if (!READ_ONCE(pwq->triggered)) {
		if (!deadline_ns) {
			schedule();
		} else {
			u64 now = ktime_get_ns();

			if (now < *deadline_ns)
				schedule_timeout(nsecs_to_jiffies(*deadline_ns - now));
		}
	}
	__set_current_state(TASK_RUNNING);
	/* Clear before the next scan so a wakeup during it is not lost. */
	WRITE_ONCE(pwq->triggered, 0);
	smp_mb();
	return !deadline_ns || ktime_get_ns() < *deadline_ns;
}

/* ------------------------------------------------------------ timeouts and masks */

/*
 * A relative timeout as an absolute deadline in ktime_get_ns() time.
 * zero is set for a zero timeout (scan once, never sleep).
 */
struct poll_deadline {
	u64 ns;
	bool zero;
};

static int poll_set_timeout(struct poll_deadline *d, s64 sec, s64 nsec)
{
	u64 now, rel;

	if (sec < 0 || nsec < 0 || nsec >= (s64)NSEC_PER_SEC)
		return -EINVAL;
	d->zero = !sec && !nsec;
	now = ktime_get_ns();
	if ((u64)sec >= (U64_MAX - now) / NSEC_PER_SEC) {
		d->ns = U64_MAX;	/* effectively forever */
		return 0;
	}
	rel = (u64)sec * NSEC_PER_SEC + nsec;
	d->ns = now + rel;
	return 0;
}

static u64 poll_time_left(const struct poll_deadline *d)
{
	u64 now = ktime_get_ns();

	return d->ns > now ? d->ns - now : 0;
}

enum poll_time_type { PT_TIMEVAL, PT_TIMESPEC };

/*
 * Install a temporary signal mask from user space for the wait (ppoll,
 * pselect6); the old one goes to saved_sigmask.  No mask: nothing to do.
 */
static int poll_set_user_sigmask(const sigset_t *umask, size_t sigsetsize, bool *installed)
{
	sigset_t kmask;

	*installed = false;
	if (!umask)
		return 0;
	if (sigsetsize != sizeof(sigset_t))
		return -EINVAL;
	if (copy_from_user(&kmask, umask, sizeof(kmask)))
		return -EFAULT;
	current->saved_sigmask = current->blocked;
	set_current_blocked(&kmask);
	*installed = true;
	return 0;
}

/*
 * Interrupted: the handler must run with the temporary mask, so the old
 * one is restored on the way out (TIF_RESTORE_SIGMASK).  Otherwise now.
 */
static void poll_restore_sigmask(bool installed, int ret)
{
	if (!installed)
		return;
	if (ret == -ERESTARTNOHAND || ret == -EINTR) {
		set_tsk_thread_flag(current, TIF_RESTORE_SIGMASK);
		return;
	}
	set_current_blocked(&current->saved_sigmask);
}

/* Write the time left back to user space (select, pselect6, ppoll). */
static int poll_select_finish(const struct poll_deadline *d, void *utime,
			      enum poll_time_type type, int ret)
{
	u64 left;

	if (!utime || d->zero)
		return ret;
	left = poll_time_left(d);
	if (type == PT_TIMEVAL) {
		struct __kernel_old_timeval tv = {
			.tv_sec = left / NSEC_PER_SEC,
			.tv_usec = (left % NSEC_PER_SEC) / NSEC_PER_USEC,
		};

		if (!copy_to_user(utime, &tv, sizeof(tv)))
			return ret;
	} else {
		struct __kernel_timespec ts = {
			.tv_sec = left / NSEC_PER_SEC,
			.tv_nsec = left % NSEC_PER_SEC,
		};

		if (!copy_to_user(utime, &ts, sizeof(ts)))
			return ret;
	}
	/* The time left could not be stored: a restart would wait too long. */
	if (ret == -ERESTARTNOHAND)
		ret = -EINTR;
	return ret;
}

/* ------------------------------------------------------------ poll */

static __poll_t do_pollfd(struct pollfd *pollfd, poll_table *pt)
{
	__poll_t mask = 0, filter;
	struct fd f;

	if (pollfd->fd < 0)
		goto out;
	mask = POLLNVAL;
	f = fdget(pollfd->fd);
	if (!f.file)
		goto out;
	filter = (__poll_t)(unsigned short)pollfd->events | POLLERR | POLLHUP;
	pt->_key = filter;
	mask = vfs_poll(f.file, pt) & filter;
	fdput(f);
out:
	pollfd->revents = (short)mask;
	return mask;
}

static int do_poll(struct pollfd *fds, unsigned int nfds, struct poll_wqueues *wait,
		   const struct poll_deadline *d)
{
	poll_table *pt = &wait->pt;
	bool timed_out = false;
	int count = 0;

	if (d && d->zero) {
		pt->_qproc = NULL;
		timed_out = true;
	}
	for (;;) {
		for (unsigned int i = 0; i < nfds; i++) {
			if (do_pollfd(&fds[i], pt)) {
				count++;
				pt->_qproc = NULL;
			}
		}
		pt->_qproc = NULL;
		if (!count) {
			count = wait->error;
			if (signal_pending(current))
				count = -ERESTARTNOHAND;
		}
		if (count || timed_out)
			break;
		if (!poll_schedule_timeout(wait, TASK_INTERRUPTIBLE, d ? &d->ns : NULL))
			timed_out = true;
	}
	return count;
}

/* Descriptors kept on the stack before kmalloc() is used. */
#define POLL_STACK_FDS	32

static int do_sys_poll(struct pollfd *ufds, unsigned int nfds, const struct poll_deadline *d)
{
	struct pollfd stack_fds[POLL_STACK_FDS], *fds = stack_fds;
	struct poll_wqueues table;
	int count;

	if (nfds > task_nofile_limit())
		return -EINVAL;
	/* Linux checks the whole array even when it holds nothing. */
	if (!access_ok(ufds, (unsigned long)nfds * sizeof(*ufds)))
		return -EFAULT;
	if (nfds > POLL_STACK_FDS) {
		fds = kcalloc(nfds, sizeof(*fds), GFP_KERNEL);
		if (!fds)
			return -ENOMEM;
	}
	if (nfds && copy_from_user(fds, ufds, nfds * sizeof(*fds))) {
		count = -EFAULT;
		goto out;
	}
	poll_initwait(&table);
	count = do_poll(fds, nfds, &table, d);
	poll_freewait(&table);
	for (unsigned int i = 0; i < nfds; i++) {
		if (put_user(fds[i].revents, &ufds[i].revents)) {
			count = -EFAULT;
			break;
		}
	}
out:
	if (fds != stack_fds)
		kfree(fds);
	return count;
}

/* The restart_block fn of an interrupted poll() with a timeout. */
static long do_restart_poll(struct restart_block *rb)
{
	struct pollfd *ufds = rb->poll.ufds;
	struct poll_deadline d = {
		.ns = (u64)rb->poll.tv_sec * NSEC_PER_SEC + rb->poll.tv_nsec,
	};
	long ret;

	ret = do_sys_poll(ufds, rb->poll.nfds, rb->poll.has_timeout ? &d : NULL);
	if (ret == -ERESTARTNOHAND) {
		rb->fn = do_restart_poll;
		ret = -ERESTART_RESTARTBLOCK;
	}
	return ret;
}

SYSCALL_DEFINE3(poll, struct pollfd *, ufds, unsigned int, nfds, int, timeout_msecs)
{
	struct poll_deadline d = { 0 };
	long ret;

	if (timeout_msecs >= 0)
		poll_set_timeout(&d, timeout_msecs / MSEC_PER_SEC,
				 (timeout_msecs % MSEC_PER_SEC) * NSEC_PER_MSEC);
	ret = do_sys_poll(ufds, nfds, timeout_msecs >= 0 ? &d : NULL);
	if (ret == -ERESTARTNOHAND) {
		struct restart_block *rb = &current->restart_block;

		rb->poll.ufds = ufds;
		rb->poll.nfds = nfds;
		rb->poll.has_timeout = timeout_msecs >= 0;
		if (timeout_msecs >= 0) {
			rb->poll.tv_sec = d.ns / NSEC_PER_SEC;
			rb->poll.tv_nsec = d.ns % NSEC_PER_SEC;
		}
		rb->fn = do_restart_poll;
		ret = -ERESTART_RESTARTBLOCK;
	}
	return ret;
}

/* Read a user timespec into a deadline; 0, -EFAULT or -EINVAL. */
static int get_timespec_deadline(const struct __kernel_timespec *uts, struct poll_deadline *d)
{
	struct __kernel_timespec ts;

	if (copy_from_user(&ts, uts, sizeof(ts)))
		return -EFAULT;
	return poll_set_timeout(d, ts.tv_sec, ts.tv_nsec);
}

SYSCALL_DEFINE5(ppoll, struct pollfd *, ufds, unsigned int, nfds,
		struct __kernel_timespec *, tsp, const sigset_t *, sigmask, size_t, sigsetsize)
{
	struct poll_deadline d = { 0 };
	bool installed;
	int ret;

	if (tsp) {
		ret = get_timespec_deadline(tsp, &d);
		if (ret)
			return ret;
	}
	ret = poll_set_user_sigmask(sigmask, sigsetsize, &installed);
	if (ret)
		return ret;
	ret = do_sys_poll(ufds, nfds, tsp ? &d : NULL);
	poll_restore_sigmask(installed, ret);
	return poll_select_finish(&d, tsp, PT_TIMESPEC, ret);
}

/* ------------------------------------------------------------ select */

/* The six bitmaps of one select call: in, out, ex and their results. */
struct fd_set_bits {
	unsigned long *in, *out, *ex;
	unsigned long *res_in, *res_out, *res_ex;
};

static int get_fd_set(unsigned long nr_bytes, void *ufdset, unsigned long *fdset)
{
	if (ufdset)
		return copy_from_user(fdset, ufdset, nr_bytes) ? -EFAULT : 0;
	memset(fdset, 0, nr_bytes);
	return 0;
}

static int set_fd_set(unsigned long nr_bytes, void *ufdset, unsigned long *fdset)
{
	if (ufdset)
		return copy_to_user(ufdset, fdset, nr_bytes) ? -EFAULT : 0;
	return 0;
}

/* The highest set descriptor + 1, or -EBADF if a set one is not open. */
static int max_select_fd(unsigned int n, const struct fd_set_bits *fds)
{
	struct files_struct *files = current->files;
	unsigned int words = BITS_TO_LONGS(n), max = 0;
	struct fdtable *fdt;
	int ret = 0;

	spin_lock(&files->file_lock);
	fdt = files_fdtable(files);
	for (unsigned int i = 0; i < words; i++) {
		unsigned long set = fds->in[i] | fds->out[i] | fds->ex[i];

		if (i == words - 1 && n % BITS_PER_LONG)
			set &= (1UL << (n % BITS_PER_LONG)) - 1;
		if (!set)
			continue;
		if (set & ~fdt->open_fds[i]) {
			ret = -EBADF;
			break;
		}
		max = i * BITS_PER_LONG + fls64(set);
	}
	spin_unlock(&files->file_lock);
	return ret ? ret : (int)max;
}

static int do_select(unsigned int n, struct fd_set_bits *fds, const struct poll_deadline *d)
{
	struct poll_wqueues table;
	poll_table *pt;
	bool timed_out = false;
	int retval, max;

	max = max_select_fd(n, fds);
	if (max < 0)
		return max;
	n = max;
	poll_initwait(&table);
	pt = &table.pt;
	if (d && d->zero) {
		pt->_qproc = NULL;
		timed_out = true;
	}
	retval = 0;
	for (;;) {
		for (unsigned int i = 0; i < n; i++) {
			unsigned long word = i / BITS_PER_LONG, bit = 1UL << (i % BITS_PER_LONG);
			bool in = fds->in[word] & bit, out = fds->out[word] & bit;
			bool ex = fds->ex[word] & bit;
			__poll_t mask = 0;
			struct fd f;

			if (!in && !out && !ex)
				continue;
			f = fdget(i);
			if (f.file) {
				pt->_key = (in ? POLLIN_SET : 0) | (out ? POLLOUT_SET : 0) |
					   (ex ? POLLEX_SET : 0);
				mask = vfs_poll(f.file, pt);
				fdput(f);
			}
			if (in && (mask & POLLIN_SET)) {
				fds->res_in[word] |= bit;
				retval++;
				pt->_qproc = NULL;
			}
			if (out && (mask & POLLOUT_SET)) {
				fds->res_out[word] |= bit;
				retval++;
				pt->_qproc = NULL;
			}
			if (ex && (mask & POLLEX_SET)) {
				fds->res_ex[word] |= bit;
				retval++;
				pt->_qproc = NULL;
			}
		}
		pt->_qproc = NULL;
		if (retval || timed_out)
			break;
		if (table.error) {
			retval = table.error;
			break;
		}
		if (signal_pending(current)) {
			retval = -ERESTARTNOHAND;
			break;
		}
		if (!poll_schedule_timeout(&table, TASK_INTERRUPTIBLE, d ? &d->ns : NULL))
			timed_out = true;
	}
	poll_freewait(&table);
	return retval;
}

/* Bitmaps of up to this many bytes each live on the stack. */
#define SELECT_STACK_BYTES	64

static int core_sys_select(int n, void *inp, void *outp, void *exp,
			   const struct poll_deadline *d)
{
	unsigned long stack_bits[6 * SELECT_STACK_BYTES / sizeof(long)], *bits = stack_bits;
	struct files_struct *files = current->files;
	struct fd_set_bits fds;
	unsigned long size;
	unsigned int max_fds;
	int ret;

	if (n < 0)
		return -EINVAL;
	spin_lock(&files->file_lock);
	max_fds = files_fdtable(files)->max_fds;
	spin_unlock(&files->file_lock);
	if ((unsigned int)n > max_fds)
		n = max_fds;

	size = BITS_TO_LONGS(n) * sizeof(long);
	if (size > SELECT_STACK_BYTES) {
		bits = kmalloc(6 * size, GFP_KERNEL);
		if (!bits)
			return -ENOMEM;
	}
	fds.in = bits;
	fds.out = (unsigned long *)((char *)bits + size);
	fds.ex = (unsigned long *)((char *)bits + 2 * size);
	fds.res_in = (unsigned long *)((char *)bits + 3 * size);
	fds.res_out = (unsigned long *)((char *)bits + 4 * size);
	fds.res_ex = (unsigned long *)((char *)bits + 5 * size);

	ret = get_fd_set(size, inp, fds.in);
	if (!ret)
		ret = get_fd_set(size, outp, fds.out);
	if (!ret)
		ret = get_fd_set(size, exp, fds.ex);
	if (ret)
		goto out;
	memset(fds.res_in, 0, 3 * size);

	ret = do_select(n, &fds, d);
	if (ret < 0)
		goto out;
	if (set_fd_set(size, inp, fds.res_in) || set_fd_set(size, outp, fds.res_out) ||
	    set_fd_set(size, exp, fds.res_ex))
		ret = -EFAULT;
out:
	if (bits != stack_bits)
		kfree(bits);
	return ret;
}

SYSCALL_DEFINE5(select, int, n, void *, inp, void *, outp, void *, exp,
		struct __kernel_old_timeval *, tvp)
{
	struct poll_deadline d = { 0 };
	int ret;

	if (tvp) {
		struct __kernel_old_timeval tv;

		if (copy_from_user(&tv, tvp, sizeof(tv)))
			return -EFAULT;
		/* Linux folds whole seconds out of tv_usec; a negative part is invalid. */
		if (poll_set_timeout(&d, tv.tv_sec + tv.tv_usec / (long)USEC_PER_SEC,
				     (tv.tv_usec % (long)USEC_PER_SEC) * (long)NSEC_PER_USEC))
			return -EINVAL;
	}
	ret = core_sys_select(n, inp, outp, exp, tvp ? &d : NULL);
	return poll_select_finish(&d, tvp, PT_TIMEVAL, ret);
}

/* pselect6's sixth argument: where the mask is and how big. */
struct sigset_argpack {
	const sigset_t *p;
	size_t size;
};

SYSCALL_DEFINE6(pselect6, int, n, void *, inp, void *, outp, void *, exp,
		struct __kernel_timespec *, tsp, void *, sig)
{
	struct sigset_argpack pack = { NULL, 0 };
	struct poll_deadline d = { 0 };
	bool installed;
	int ret;

	if (tsp) {
		ret = get_timespec_deadline(tsp, &d);
		if (ret)
			return ret;
	}
	if (sig && copy_from_user(&pack, sig, sizeof(pack)))
		return -EFAULT;
	ret = poll_set_user_sigmask(pack.p, pack.size, &installed);
	if (ret)
		return ret;
	ret = core_sys_select(n, inp, outp, exp, tsp ? &d : NULL);
	poll_restore_sigmask(installed, ret);
	return poll_select_finish(&d, tsp, PT_TIMESPEC, ret);
}
