/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Kernel-side futex interface (kernel/futex.c): wake waiters on a user
 * futex word, as CLONE_CHILD_CLEARTID needs when a thread exits or execs.
 */
#ifndef _LINUX_FUTEX_H
#define _LINUX_FUTEX_H

#include <linux/types.h>
#include <uapi/linux/futex.h>

int futex_wake(u32 *uaddr, unsigned int flags, int nr_wake, u32 bitset);

#endif /* _LINUX_FUTEX_H */
