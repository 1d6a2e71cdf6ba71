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
 * Behaviour the ABI fixes:
 *  - poll: an entry with a negative fd is ignored (revents 0), one with a
 *    closed fd gets POLLNVAL; more entries than RLIMIT_NOFILE is EINVAL;
 *    POLLERR and POLLHUP are reported even when not asked for; revents
 *    are stored even after an error; a poll interrupted by a signal is
 *    restarted with the time it had left (restart_block).
 *  - select: nfds < 0 is EINVAL; bits past the end of the descriptor
 *    table are ignored, a set bit for a closed descriptor below it is
 *    EBADF; the timeout (select's timeval, pselect6's and ppoll's
 *    timespec) is rewritten with the time left; a negative one is EINVAL.
 *  - ppoll/pselect6 wait under the caller's signal mask; when a signal
 *    ends the wait, the old mask comes back only after its handler has
 *    run (TIF_RESTORE_SIGMASK), the sigsuspend(2) rule.
 *
 * Interface: the four system calls, and poll_initwait()/poll_freewait()/
 * poll_schedule_timeout() for other multi-file waiters, and
 * poll_set_user_sigmask()/poll_restore_sigmask() for other waits under a
 * caller's signal mask such as epoll_pwait() (<linux/poll.h>).
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

/* The events that count as ready for select(2)'s read, write and except sets. */
#define POLLIN_SET	(POLLRDNORM | POLLRDBAND | POLLIN | POLLHUP | POLLERR)
#define POLLOUT_SET	(POLLWRBAND | POLLWRNORM | POLLOUT | POLLERR)
#define POLLEX_SET	(POLLPRI)

/* ------------------------------------------------------------ wait queues */

/*
 * Registrations that do not fit in poll_wqueues' inline array go to whole
 * pages, chained newest first; each page is filled from slot 0 up.
 */
struct poll_table_page {
	struct poll_table_page *next;
	unsigned int used;
	struct poll_table_entry slot[];
};

#define POLL_PAGE_SLOTS \
	((PAGE_SIZE - sizeof(struct poll_table_page)) / sizeof(struct poll_table_entry))

/* Wake function of every registration: only events the poller wants count. */
static int pollwake(wait_queue_entry_t *wait, unsigned int mode, int sync, void *key)
{
	struct poll_table_entry *entry = container_of(wait, struct poll_table_entry, wait);
	struct poll_wqueues *pwq = wait->private;

	if (key && !((unsigned long)key & entry->key))
		return 0;
	/* Seen by the poller after it set its state; see the file comment. */
	smp_wmb();
	WRITE_ONCE(pwq->triggered, 1);
	return wake_up_state_flags(pwq->polling_task, mode, sync);
}

/* A free registration slot, or NULL (and pwq->error) when memory ran out. */
static struct poll_table_entry *poll_slot(struct poll_wqueues *pwq)
{
	struct poll_table_page *page = pwq->table;

	if (pwq->inline_index < N_INLINE_POLL_ENTRIES)
		return &pwq->inline_entries[pwq->inline_index++];
	if (page && page->used < POLL_PAGE_SLOTS)
		return &page->slot[page->used++];

	page = (struct poll_table_page *)__get_free_page(GFP_KERNEL);
	if (!page) {
		pwq->error = -ENOMEM;
		return NULL;
	}
	page->used = 1;
	page->next = pwq->table;
	pwq->table = page;
	return &page->slot[0];
}

/*
 * The poll_table queue procedure: hang one entry of ours on @wq.  The
 * entry pins @filp, and with it the queue, until poll_freewait().
 */
static void poll_register(struct file *filp, wait_queue_head_t *wq, poll_table *pt)
{
	struct poll_wqueues *pwq = container_of(pt, struct poll_wqueues, pt);
	struct poll_table_entry *slot = poll_slot(pwq);

	if (!slot)
		return;		/* the scan goes on; the error shows if nothing is ready */
	*slot = (struct poll_table_entry){
		.filp = get_file(filp),
		.key = pt->_key,
		.wait_address = wq,
	};
	init_waitqueue_func_entry(&slot->wait, pollwake);
	slot->wait.private = pwq;
	add_wait_queue(wq, &slot->wait);
}

void poll_initwait(struct poll_wqueues *pwq)
{
	*pwq = (struct poll_wqueues){ .polling_task = current };
	init_poll_funcptr(&pwq->pt, poll_register);
}

static void poll_unregister(struct poll_table_entry *entry)
{
	remove_wait_queue(entry->wait_address, &entry->wait);
	fput(entry->filp);
}

void poll_freewait(struct poll_wqueues *pwq)
{
	struct poll_table_page *page, *next;
	unsigned int i;

	for (i = 0; i < pwq->inline_index; i++)
		poll_unregister(&pwq->inline_entries[i]);
	for (page = pwq->table; page; page = next) {
		for (i = 0; i < page->used; i++)
			poll_unregister(&page->slot[i]);
		next = page->next;
		free_page((unsigned long)page);
	}
	pwq->table = NULL;
	pwq->inline_index = 0;
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
int poll_set_user_sigmask(const sigset_t *umask, size_t sigsetsize, bool *installed)
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
void poll_restore_sigmask(bool installed, int ret)
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

/* What one pollfd entry reports now (registering its queues if pt asks). */
static __poll_t pollfd_ready(const struct pollfd *pfd, poll_table *pt)
{
	struct file *file;
	__poll_t wanted, ready;

	if (pfd->fd < 0)
		return 0;		/* entries with a negative fd are skipped */
	file = fget(pfd->fd);
	if (!file)
		return POLLNVAL;
	/* Errors and hangups are reported whether asked for or not. */
	wanted = (__poll_t)(unsigned short)pfd->events | POLLERR | POLLHUP;
	pt->_key = wanted;
	ready = vfs_poll(file, pt) & wanted;
	fput(file);
	return ready;
}

/*
 * One pass over the array, filling in revents; returns how many entries
 * have something to report.  Once one has, no more queues are needed:
 * this pass is the last.
 */
static int poll_scan(struct pollfd *fds, unsigned int nfds, poll_table *pt)
{
	unsigned int i;
	int ready = 0;

	for (i = 0; i < nfds; i++) {
		__poll_t mask = pollfd_ready(&fds[i], pt);

		fds[i].revents = (short)mask;
		if (mask) {
			ready++;
			pt->_qproc = NULL;
		}
	}
	return ready;
}

/*
 * Scan until something is ready, then return the count.  Otherwise the
 * answer is, in this order: a pending signal (-ERESTARTNOHAND), the
 * registration error, 0 when the time is up; else sleep and scan again.
 */
static int do_poll(struct pollfd *fds, unsigned int nfds, struct poll_wqueues *wait,
		   const struct poll_deadline *d)
{
	poll_table *pt = &wait->pt;
	bool last_pass = false;

	/* A zero timeout: one scan, and no queues to register for it. */
	if (d && d->zero) {
		pt->_qproc = NULL;
		last_pass = true;
	}
	for (;;) {
		int ready = poll_scan(fds, nfds, pt);

		/* Queues are registered on the first pass only. */
		pt->_qproc = NULL;
		if (ready)
			return ready;
		if (signal_pending(current))
			return -ERESTARTNOHAND;
		if (wait->error || last_pass)
			return wait->error;
		last_pass = !poll_schedule_timeout(wait, TASK_INTERRUPTIBLE, d ? &d->ns : NULL);
	}
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
	/* The whole array is checked, even when nfds leaves nothing to copy. */
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

/*
 * One select call's bitmaps: for each of the read, write and except sets
 * what the caller asked about and what is reported back.
 */
enum { SEL_IN, SEL_OUT, SEL_EX, SEL_SETS };

struct fd_set_bits {
	unsigned long *want[SEL_SETS];
	unsigned long *got[SEL_SETS];
};

/* The events that put a descriptor into each result set. */
static const __poll_t select_events[SEL_SETS] = {
	[SEL_IN]  = POLLIN_SET,
	[SEL_OUT] = POLLOUT_SET,
	[SEL_EX]  = POLLEX_SET,
};

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
		unsigned long set = fds->want[SEL_IN][i] | fds->want[SEL_OUT][i] |
				    fds->want[SEL_EX][i];

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

/*
 * Poll descriptor @fd for the sets it is in and mark the result bits;
 * returns how many bits it set (a descriptor can count up to three times).
 */
static int select_one(struct fd_set_bits *fds, unsigned int fd, poll_table *pt)
{
	unsigned long word = fd / BITS_PER_LONG, bit = 1UL << (fd % BITS_PER_LONG);
	__poll_t wanted = 0, ready = 0;
	struct file *file;
	int set, hits = 0;

	for (set = 0; set < SEL_SETS; set++)
		if (fds->want[set][word] & bit)
			wanted |= select_events[set];
	if (!wanted)
		return 0;

	/* Closed since max_select_fd() looked: it simply reports nothing. */
	file = fget(fd);
	if (file) {
		pt->_key = wanted;
		ready = vfs_poll(file, pt);
		fput(file);
	}
	for (set = 0; set < SEL_SETS; set++) {
		if (!(fds->want[set][word] & bit) || !(ready & select_events[set]))
			continue;
		fds->got[set][word] |= bit;
		hits++;
	}
	/* Something to report: this scan is the last, no more queues. */
	if (hits)
		pt->_qproc = NULL;
	return hits;
}

/*
 * Scan descriptors below n until one is ready or the time is up (0), the
 * registration failed (its error) or a signal came (-ERESTARTNOHAND).
 */
static int do_select(unsigned int n, struct fd_set_bits *fds, const struct poll_deadline *d)
{
	struct poll_wqueues table;
	poll_table *pt;
	bool last_pass = false;
	int hits, top;

	top = max_select_fd(n, fds);
	if (top < 0)
		return top;
	poll_initwait(&table);
	pt = &table.pt;
	if (d && d->zero) {
		pt->_qproc = NULL;
		last_pass = true;
	}
	for (;;) {
		hits = 0;
		for (unsigned int fd = 0; fd < (unsigned int)top; fd++)
			hits += select_one(fds, fd, pt);
		/* Only the first scan registers wait queues. */
		pt->_qproc = NULL;
		if (hits || last_pass)
			break;
		hits = table.error;
		if (hits)
			break;
		if (signal_pending(current)) {
			hits = -ERESTARTNOHAND;
			break;
		}
		last_pass = !poll_schedule_timeout(&table, TASK_INTERRUPTIBLE, d ? &d->ns : NULL);
	}
	poll_freewait(&table);
	return hits;
}

/* Bitmaps of up to this many bytes each live on the stack. */
#define SELECT_STACK_BYTES	64

static int core_sys_select(int n, void *inp, void *outp, void *exp,
			   const struct poll_deadline *d)
{
	unsigned long stack_bits[2 * SEL_SETS * SELECT_STACK_BYTES / sizeof(long)];
	unsigned long *bits = stack_bits;
	void *user_sets[SEL_SETS] = { [SEL_IN] = inp, [SEL_OUT] = outp, [SEL_EX] = exp };
	struct files_struct *files = current->files;
	struct fd_set_bits fds;
	unsigned int max_fds;
	size_t bytes, words;
	int set, ret = 0;

	if (n < 0)
		return -EINVAL;
	/* Bits past the end of the descriptor table are never looked at. */
	spin_lock(&files->file_lock);
	max_fds = files_fdtable(files)->max_fds;
	spin_unlock(&files->file_lock);
	n = min_t(unsigned int, n, max_fds);

	words = BITS_TO_LONGS(n);
	bytes = words * sizeof(long);
	if (bytes > SELECT_STACK_BYTES) {
		bits = kmalloc(2 * SEL_SETS * bytes, GFP_KERNEL);
		if (!bits)
			return -ENOMEM;
	}
	for (set = 0; set < SEL_SETS; set++) {
		fds.want[set] = bits + set * words;
		fds.got[set] = bits + (SEL_SETS + set) * words;
		memset(fds.got[set], 0, bytes);
		/* A NULL set is an empty one. */
		if (!user_sets[set])
			memset(fds.want[set], 0, bytes);
		else if (!ret && copy_from_user(fds.want[set], user_sets[set], bytes))
			ret = -EFAULT;
	}
	if (ret)
		goto out;

	ret = do_select(n, &fds, d);
	if (ret < 0)
		goto out;
	for (set = 0; set < SEL_SETS; set++) {
		if (user_sets[set] && copy_to_user(user_sets[set], fds.got[set], bytes)) {
			ret = -EFAULT;
			break;
		}
	}
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
		/* Whole seconds in tv_usec are carried over; a negative part is invalid. */
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
