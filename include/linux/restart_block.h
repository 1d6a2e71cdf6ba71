/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Restarting a system call after a signal handler ran, with different
 * arguments: a sleeping call that must not sleep its full time again
 * (nanosleep, futex wait with a timeout, poll) fills current->restart_block
 * and returns -ERESTART_RESTARTBLOCK; if no handler runs, user space is
 * sent into restart_syscall(2), which calls restart_block.fn.  If a
 * handler runs, the call fails with EINTR (Linux semantics).
 */
#ifndef _LINUX_RESTART_BLOCK_H
#define _LINUX_RESTART_BLOCK_H

#include <linux/types.h>

struct restart_block {
	long (*fn)(struct restart_block *);
	union {
		struct {
			u32 *uaddr;
			u32 val;
			u32 flags;
			u32 bitset;
			u64 time;
		} futex;
		struct {
			int clockid;
			int type;
			void *rmtp;
			u64 expires;
		} nanosleep;
		struct {
			void *ufds;
			int nfds;
			int has_timeout;
			unsigned long tv_sec;
			unsigned long tv_nsec;
		} poll;
	};
};

/* The fn of a finished or reset block: restart_syscall fails with EINTR. */
long do_no_restart_syscall(struct restart_block *parm);

#endif /* _LINUX_RESTART_BLOCK_H */
