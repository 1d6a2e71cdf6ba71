/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * eventfd counters (fs/eventfd.c), for kernel code that signals a user
 * space eventfd (the way KVM irqfds or AIO completions do on Linux):
 *
 *	ctx = eventfd_ctx_fdget(fd);		a reference, or ERR_PTR()
 *	eventfd_signal(ctx, 1);			any context, even interrupts
 *	eventfd_ctx_put(ctx);
 *
 * eventfd_signal() adds n to the counter and wakes readers and pollers.
 * It never blocks: where the sum would pass the largest value a write(2)
 * may reach, the counter is pinned at ULLONG_MAX instead (then the file
 * reports POLLERR until a read drains it).  It returns what was added.
 */
#ifndef _LINUX_EVENTFD_H
#define _LINUX_EVENTFD_H

#include <linux/types.h>
#include <uapi/linux/eventfd.h>

struct eventfd_ctx;
struct file;

/* The largest value write(2) may bring the counter to. */
#define EVENTFD_MAX	0xfffffffffffffffeULL

struct eventfd_ctx *eventfd_ctx_fdget(int fd);
struct eventfd_ctx *eventfd_ctx_fileget(struct file *file);
void eventfd_ctx_put(struct eventfd_ctx *ctx);
u64 eventfd_signal(struct eventfd_ctx *ctx, u64 n);

#endif /* _LINUX_EVENTFD_H */
