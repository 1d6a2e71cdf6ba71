/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * signalfd's hooks into signal delivery (fs/signalfd.c).
 *
 * signalfd readers and pollers wait on sighand->signalfd_wqh of the
 * process that reads.  kernel/signal.c calls signalfd_notify() (siglock
 * held) whenever it queues a signal for a thread of that process, and
 * put_sighand_struct() calls signalfd_cleanup() before the queue goes
 * away, which detaches epoll hooks still on it (POLLFREE).
 */
#ifndef _LINUX_SIGNALFD_H
#define _LINUX_SIGNALFD_H

#include <linux/wait.h>
#include <linux/sched/signal.h>
#include <uapi/linux/poll.h>
#include <uapi/linux/signalfd.h>

static inline void signalfd_notify(struct task_struct *t, int sig)
{
	/* The barrier pairs with a sleeper's set_current_state(). */
	if (wq_has_sleeper(&t->sighand->signalfd_wqh))
		wake_up_poll(&t->sighand->signalfd_wqh, POLLIN | POLLRDNORM);
}

void signalfd_cleanup(struct sighand_struct *sighand);

#endif /* _LINUX_SIGNALFD_H */
