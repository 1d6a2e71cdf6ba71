/* SPDX-License-Identifier: GPL-2.0-only */
/* Helpers shared by kernel/signal.c and kernel/signal_sys.c (siglock held). */
#ifndef _KERNEL_SIGNAL_INTERNAL_H
#define _KERNEL_SIGNAL_INTERNAL_H

#include <linux/signal.h>

bool sig_handler_ignored(__sighandler_t handler, int sig);
void flush_sigqueue_mask(struct sigpending *s, const sigset_t *mask);

#endif /* _KERNEL_SIGNAL_INTERNAL_H */
