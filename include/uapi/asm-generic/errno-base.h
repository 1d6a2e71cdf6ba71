/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Error numbers 1..34, the ones every Linux architecture shares.  These are
 * ABI: a failing system call returns -ERRNO and userspace reads ERRNO from
 * errno.  In-kernel functions return them negated as well.
 */
#ifndef _UAPI_ASM_GENERIC_ERRNO_BASE_H
#define _UAPI_ASM_GENERIC_ERRNO_BASE_H

#define EPERM		1	/* caller lacks the privilege */
#define ENOENT		2	/* no such file or directory entry */
#define ESRCH		3	/* no such process */
#define EINTR		4	/* a signal interrupted the call */
#define EIO		5	/* low-level input/output failure */
#define ENXIO		6	/* device or address does not exist */
#define E2BIG		7	/* argument list (or a buffer) too long */
#define ENOEXEC		8	/* file is not in an executable format */
#define EBADF		9	/* file descriptor not open (or wrong mode) */
#define ECHILD		10	/* no child to wait for */
#define EAGAIN		11	/* resource temporarily unavailable, retry */
#define ENOMEM		12	/* out of memory */
#define EACCES		13	/* access denied by permissions */
#define EFAULT		14	/* bad user-space address */
#define ENOTBLK		15	/* a block device was required */
#define EBUSY		16	/* device or resource in use */
#define EEXIST		17	/* the name already exists */
#define EXDEV		18	/* link or rename across file systems */
#define ENODEV		19	/* no such device (or no driver for it) */
#define ENOTDIR		20	/* a path component is not a directory */
#define EISDIR		21	/* the target is a directory */
#define EINVAL		22	/* invalid argument */
#define ENFILE		23	/* system-wide open file limit reached */
#define EMFILE		24	/* per-process descriptor limit reached */
#define ENOTTY		25	/* ioctl not supported by this file */
#define ETXTBSY		26	/* executable file is busy (being written) */
#define EFBIG		27	/* file would exceed its size limit */
#define ENOSPC		28	/* no space left on the device */
#define ESPIPE		29	/* seek on a pipe, socket or FIFO */
#define EROFS		30	/* file system is mounted read-only */
#define EMLINK		31	/* too many hard links */
#define EPIPE		32	/* write to a pipe with no reader */
#define EDOM		33	/* argument outside a math function's domain */
#define ERANGE		34	/* result out of range */

#endif /* _UAPI_ASM_GENERIC_ERRNO_BASE_H */
