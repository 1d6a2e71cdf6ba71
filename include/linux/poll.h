/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Polling files (fs/select.c): the poll_table a ->poll method registers
 * its wait queues with, and the poll/select machinery around it.
 *
 * A file_operations->poll implementation does two things and must not
 * sleep:
 *
 *	poll_wait(file, &dev->wait, pt);     for every queue whose wakeup
 *	                                     may change the answer
 *	return mask;                         POLLIN | POLLOUT | ... now
 *
 * poll_wait() does nothing when pt is NULL or its queue procedure was
 * cleared (the caller only wants the mask).  Whoever makes a file ready
 * wakes the queue, preferably with wake_up_interruptible_poll(wq, mask)
 * so pollers waiting for other events stay asleep.  Files without ->poll
 * are always readable and writable (DEFAULT_POLLMASK), as in Linux.
 *
 * The poller side (struct poll_wqueues) is private to fs/select.c except
 * for poll_initwait()/poll_schedule_timeout()/poll_freewait(), which
 * other waiters on several files may use the same way.
 */
#ifndef _LINUX_POLL_H
#define _LINUX_POLL_H

#include <linux/types.h>
#include <linux/wait.h>
#include <linux/fs.h>
#include <uapi/linux/poll.h>
#include <uapi/linux/eventpoll.h>

struct poll_table_struct;

typedef void (*poll_queue_proc)(struct file *file, wait_queue_head_t *wq,
				struct poll_table_struct *pt);

/*
 * _qproc: called by poll_wait() for each queue (NULL: do not queue).
 * _key: the events the poller cares about (~0: all), for ->poll methods
 * that can skip work for events nobody asked for.
 */
typedef struct poll_table_struct {
	poll_queue_proc _qproc;
	__poll_t _key;
} poll_table;

#define DEFAULT_POLLMASK	(POLLIN | POLLOUT | POLLRDNORM | POLLWRNORM)

static inline void poll_wait(struct file *file, wait_queue_head_t *wq, poll_table *pt)
{
	if (pt && pt->_qproc && wq)
		pt->_qproc(file, wq, pt);
}

static inline bool poll_does_not_wait(const poll_table *pt)
{
	return !pt || !pt->_qproc;
}

static inline __poll_t poll_requested_events(const poll_table *pt)
{
	return pt ? pt->_key : ~(__poll_t)0;
}

static inline void init_poll_funcptr(poll_table *pt, poll_queue_proc qproc)
{
	pt->_qproc = qproc;
	pt->_key = ~(__poll_t)0;
}

static inline bool file_can_poll(struct file *file)
{
	return file->f_op->poll != NULL;
}

static inline __poll_t vfs_poll(struct file *file, poll_table *pt)
{
	if (!file->f_op->poll)
		return DEFAULT_POLLMASK;
	return file->f_op->poll(file, pt);
}

/* One wait-queue registration of a poller (fs/select.c). */
struct poll_table_entry {
	struct file *filp;		/* holds a reference until poll_freewait() */
	__poll_t key;			/* events of interest for this file */
	wait_queue_entry_t wait;
	wait_queue_head_t *wait_address;
};

struct poll_table_page;

/* Entries kept inside struct poll_wqueues before pages are allocated. */
#define N_INLINE_POLL_ENTRIES	8

/*
 * A task polling several files.  triggered is set by a wakeup of any of
 * its queues (and read by the poller after setting its task state), so a
 * wakeup between the scan and the sleep is never lost.
 */
struct poll_wqueues {
	poll_table pt;
	struct poll_table_page *table;
	struct task_struct *polling_task;
	int triggered;
	int error;			/* -ENOMEM from registering an entry */
	int inline_index;
	struct poll_table_entry inline_entries[N_INLINE_POLL_ENTRIES];
};

void poll_initwait(struct poll_wqueues *pwq);
void poll_freewait(struct poll_wqueues *pwq);
/*
 * Sleep in state until a registered queue is woken, a signal arrives or
 * the absolute deadline (ktime_get_ns() ns; NULL: none) passes.  Returns
 * false once the deadline has passed.
 */
bool poll_schedule_timeout(struct poll_wqueues *pwq, unsigned int state,
			   const u64 *deadline_ns);

/*
 * The temporary signal mask of ppoll/pselect6/epoll_pwait: install the
 * user's mask for the wait (none: nothing to do; *installed says), then
 * put the old one back, after the handler when ret says a signal ended
 * the wait (-EINTR, -ERESTARTNOHAND: TIF_RESTORE_SIGMASK).
 */
int poll_set_user_sigmask(const sigset_t *umask, size_t sigsetsize, bool *installed);
void poll_restore_sigmask(bool installed, int ret);

#endif /* _LINUX_POLL_H */
