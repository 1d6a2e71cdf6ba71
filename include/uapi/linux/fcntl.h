/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * open(2) flags, fcntl(2) commands and the *at() flags of the Linux
 * x86_64 ABI.  The O_* values are octal, as in the generic Linux layout
 * x86 uses.
 */
#ifndef _UAPI_LINUX_FCNTL_H
#define _UAPI_LINUX_FCNTL_H

/* open(2) / fcntl(F_GETFL) flags */
#define O_ACCMODE	00000003
#define O_RDONLY	00000000
#define O_WRONLY	00000001
#define O_RDWR		00000002
#define O_CREAT		00000100
#define O_EXCL		00000200
#define O_NOCTTY	00000400
#define O_TRUNC		00001000
#define O_APPEND	00002000
#define O_NONBLOCK	00004000
#define O_DSYNC		00010000
#define FASYNC		00020000	/* SIGIO on I/O readiness */
#define O_DIRECT	00040000
#define O_LARGEFILE	00100000
#define O_DIRECTORY	00200000
#define O_NOFOLLOW	00400000
#define O_NOATIME	01000000
#define O_CLOEXEC	02000000
#define __O_SYNC	04000000
#define O_SYNC		(__O_SYNC | O_DSYNC)
#define O_PATH		010000000
#define __O_TMPFILE	020000000
#define O_TMPFILE	(__O_TMPFILE | O_DIRECTORY)
#define O_NDELAY	O_NONBLOCK

/* fcntl(2) commands */
#define F_DUPFD		0
#define F_GETFD		1
#define F_SETFD		2
#define F_GETFL		3
#define F_SETFL		4
#define F_GETLK		5
#define F_SETLK		6
#define F_SETLKW	7
#define F_SETOWN	8
#define F_GETOWN	9
#define F_SETSIG	10
#define F_GETSIG	11
#define F_SETOWN_EX	15
#define F_GETOWN_EX	16
#define F_OFD_GETLK	36
#define F_OFD_SETLK	37
#define F_OFD_SETLKW	38

#define F_LINUX_SPECIFIC_BASE	1024
#define F_SETLEASE		(F_LINUX_SPECIFIC_BASE + 0)
#define F_GETLEASE		(F_LINUX_SPECIFIC_BASE + 1)
#define F_NOTIFY		(F_LINUX_SPECIFIC_BASE + 2)
#define F_DUPFD_CLOEXEC		(F_LINUX_SPECIFIC_BASE + 6)
#define F_SETPIPE_SZ		(F_LINUX_SPECIFIC_BASE + 7)
#define F_GETPIPE_SZ		(F_LINUX_SPECIFIC_BASE + 8)
#define F_ADD_SEALS		(F_LINUX_SPECIFIC_BASE + 9)
#define F_GET_SEALS		(F_LINUX_SPECIFIC_BASE + 10)

/* F_GETFD / F_SETFD */
#define FD_CLOEXEC	1

/* dirfd value meaning "relative to the current directory" */
#define AT_FDCWD		-100

/* flags of the *at() calls */
#define AT_SYMLINK_NOFOLLOW	0x100	/* do not follow a final symlink */
#define AT_EACCESS		0x200	/* faccessat: use effective ids */
#define AT_REMOVEDIR		0x200	/* unlinkat: act as rmdir */
#define AT_SYMLINK_FOLLOW	0x400	/* linkat: follow a final symlink */
#define AT_NO_AUTOMOUNT		0x800
#define AT_EMPTY_PATH		0x1000	/* "" means the dirfd itself */
#define AT_STATX_SYNC_TYPE	0x6000
#define AT_STATX_SYNC_AS_STAT	0x0000
#define AT_STATX_FORCE_SYNC	0x2000
#define AT_STATX_DONT_SYNC	0x4000
#define AT_RECURSIVE		0x8000

/* struct flock's l_type */
#define F_RDLCK		0	/* read (shared) lock */
#define F_WRLCK		1	/* write (exclusive) lock */
#define F_UNLCK		2	/* remove a lock; F_GETLK: nothing in the way */

/* struct flock for F_GETLK/F_SETLK/F_SETLKW and the OFD variants (x86_64: 32 bytes). */
struct flock {
	short l_type;
	short l_whence;
	long long l_start;
	long long l_len;
	int l_pid;
};

#endif /* _UAPI_LINUX_FCNTL_H */
