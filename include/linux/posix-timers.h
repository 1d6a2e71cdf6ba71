/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * POSIX per-process timers (timer_create(2) & co, kernel/time/posix-timers.c):
 * what the rest of the kernel calls.
 *
 *   posix_timers_exit(sig)          delete every timer of the process (exec,
 *                                   and when its signal_struct goes; any
 *                                   context, nothing sleeps)
 *   posix_timer_delivered(sig, info) a SI_TIMER signal was taken: remember
 *                                   its overrun count (siglock held;
 *                                   takes no lock of its own)
 */
#ifndef _LINUX_POSIX_TIMERS_H
#define _LINUX_POSIX_TIMERS_H

#include <linux/signal.h>

struct signal_struct;

void posix_timers_exit(struct signal_struct *sig);
void posix_timer_delivered(struct signal_struct *sig, const kernel_siginfo_t *info);

#endif /* _LINUX_POSIX_TIMERS_H */
