/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Signal bookkeeping types (kernel/signal.c).
 *
 * A pending signal is a bit in sigpending.signal plus, for each instance
 * queued with information, a struct sigqueue on sigpending.list.
 * Classic signals (< SIGRTMIN) queue at most one instance; real-time
 * signals queue every instance, in order.  Both the per-thread
 * (task->pending) and per-process (signal->shared_pending) queues are
 * guarded by the process's sighand->siglock.
 */
#ifndef _LINUX_SIGNAL_TYPES_H
#define _LINUX_SIGNAL_TYPES_H

#include <linux/list.h>
#include <uapi/asm/signal.h>
#include <uapi/asm-generic/siginfo.h>

typedef siginfo_t kernel_siginfo_t;

struct sigqueue {
	struct list_head list;
	kernel_siginfo_t info;
};

struct sigpending {
	struct list_head list;
	sigset_t signal;
};

struct k_sigaction {
	struct sigaction sa;
};

/* What get_signal() hands to the architecture for delivery. */
struct ksignal {
	struct k_sigaction ka;
	kernel_siginfo_t info;
	int sig;
};

#endif /* _LINUX_SIGNAL_TYPES_H */
