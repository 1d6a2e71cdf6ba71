/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Generic ioctl numbers of the Linux ABI that every file answers (the
 * FIO* family).  Terminal ioctls (TCGETS ...) belong here too and are
 * added with the tty layer.
 */
#ifndef _UAPI_ASM_GENERIC_IOCTLS_H
#define _UAPI_ASM_GENERIC_IOCTLS_H

#define FIONREAD	0x541B	/* bytes available to read */
#define FIONBIO		0x5421	/* set/clear O_NONBLOCK */
#define FIONCLEX	0x5450	/* clear close-on-exec */
#define FIOCLEX		0x5451	/* set close-on-exec */
#define FIOASYNC	0x5452	/* set/clear FASYNC */
#define FIOQSIZE	0x5460	/* size of a file or directory (loff_t) */
#define FIGETBSZ	2	/* block size (int), Linux's _IO(0x00, 2) */

#endif /* _UAPI_ASM_GENERIC_IOCTLS_H */
