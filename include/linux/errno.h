/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Error numbers: the user ABI ones (uapi) plus the kernel-internal codes
 * above 511 that never reach user space.  ERESTARTSYS tells the syscall
 * exit path that a sleep was interrupted by a signal and the call should
 * be restarted (or fail with EINTR, per SA_RESTART).  Error pointers
 * (ERR_PTR and friends) live in <linux/err.h>, included here for the
 * code that expects them with the error numbers.
 */
#ifndef _LINUX_ERRNO_H
#define _LINUX_ERRNO_H

#include <uapi/asm-generic/errno.h>
#include <linux/err.h>

#define ERESTARTSYS		512
#define ERESTARTNOINTR		513
#define ERESTARTNOHAND		514	/* restart if no handler */
#define ENOIOCTLCMD		515	/* no ioctl command */
#define ERESTART_RESTARTBLOCK	516	/* restart by calling sys_restart_syscall */
#define EPROBE_DEFER		517	/* driver requests probe retry */
#define EOPENSTALE		518	/* open found a stale dentry */
#define ENOTSUPP		524	/* operation not supported (internal) */

#endif /* _LINUX_ERRNO_H */
