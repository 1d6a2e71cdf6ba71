/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The trace ring (kernel/trace/): shared between the files of
 * kernel/trace/ only.  See trace.c for the design and locking.
 */
#ifndef _KERNEL_TRACE_TRACE_H
#define _KERNEL_TRACE_TRACE_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/wait.h>

/* Bytes per record slot, the text of one line included. */
#define TRACE_SLOT		512
#define TRACE_DEFAULT_KB	1408	/* Linux's per-CPU default */
#define TRACE_MAX_KB		(64 * 1024)

/* tracing_on: records are only stored while it is 1. */
extern int tracing_on;
/* Woken when a record is stored (trace_pipe readers). */
extern struct wait_queue_head trace_wait;

/* Store one line: the Linux-style prefix, "event: ", then fmt. */
__printf(2, 3) void trace_ring_printf(const char *event, const char *fmt, ...);

/* Allocate the ring now if it does not exist yet (events being enabled). */
int trace_ring_prepare(void);
/* Replace the ring by an empty one of kb KiB; -EINVAL or -ENOMEM. */
int trace_ring_resize(unsigned long kb);
unsigned long trace_ring_size_kb(void);
bool trace_ring_allocated(void);
/* Drop every record (entries-written restarts at 0 too). */
void trace_ring_reset(void);

/* Sequence numbers: records [first, next) are in the ring. */
void trace_ring_bounds(u64 *first, u64 *next, u64 *written);
/*
 * Copy record seq (NUL-terminated, newline included) into buf of size
 * len; returns its length, or -ENOENT if it is no longer (or not yet)
 * in the ring.  consume: also drop it and every older record.
 */
int trace_ring_copy(u64 seq, char *buf, size_t len, bool consume);
/* The oldest record, removed; -EAGAIN if the ring is empty. */
int trace_ring_pop(char *buf, size_t len);

#endif /* _KERNEL_TRACE_TRACE_H */
