/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Error numbers: the user-visible ones (the Linux x86_64 values) plus the
 * kernel-internal codes that never reach user space as such (the syscall
 * exit path turns ERESTART* into EINTR or a restart).
 */
#ifndef _LINUX_ERRNO_H
#define _LINUX_ERRNO_H

#include <uapi/asm-generic/errno.h>

#define ERESTARTSYS		512
#define ERESTARTNOINTR		513
#define ERESTARTNOHAND		514	/* restart if no handler */
#define ENOIOCTLCMD		515	/* no ioctl command */
#define ERESTART_RESTARTBLOCK	516	/* restart by calling sys_restart_syscall */
#define EPROBE_DEFER		517	/* driver requests probe retry */
#define EOPENSTALE		518	/* open found a stale dentry */
#define ENOTSUPP		524	/* operation not supported (internal) */

#define MAX_ERRNO	4095

#define IS_ERR_VALUE(x) ((unsigned long)(void *)(x) >= (unsigned long)-MAX_ERRNO)

static inline void *ERR_PTR(long error) { return (void *)error; }
static inline long PTR_ERR(const void *ptr) { return (long)ptr; }
static inline bool IS_ERR(const void *ptr) { return IS_ERR_VALUE((unsigned long)ptr); }
/* An error pointer passed on as another pointer type. */
static inline void *ERR_CAST(const void *ptr) { return (void *)ptr; }
static inline bool IS_ERR_OR_NULL(const void *ptr) { return !ptr || IS_ERR(ptr); }

#endif /* _LINUX_ERRNO_H */
