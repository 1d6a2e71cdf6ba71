/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * File-system ABI constants that are not open flags: lseek whence values,
 * renameat2 flags, mount(2)/umount2(2) flags, and the generic file
 * ioctls.
 */
#ifndef _UAPI_LINUX_FS_H
#define _UAPI_LINUX_FS_H

#include <uapi/linux/limits.h>
#include <uapi/asm-generic/ioctl.h>

/* lseek(2) whence */
#define SEEK_SET	0	/* from the start */
#define SEEK_CUR	1	/* from the current offset */
#define SEEK_END	2	/* from the end */
#define SEEK_DATA	3	/* next offset >= given that holds data */
#define SEEK_HOLE	4	/* next hole at or after the given offset */
#define SEEK_MAX	SEEK_HOLE

/* renameat2(2) flags */
#define RENAME_NOREPLACE	(1 << 0)	/* fail with EEXIST if the target exists */
#define RENAME_EXCHANGE		(1 << 1)	/* swap source and target */
#define RENAME_WHITEOUT		(1 << 2)	/* leave a whiteout (overlayfs) */

/* mount(2) flags */
#define MS_RDONLY	1
#define MS_NOSUID	2
#define MS_NODEV	4
#define MS_NOEXEC	8
#define MS_SYNCHRONOUS	16
#define MS_REMOUNT	32
#define MS_MANDLOCK	64
#define MS_DIRSYNC	128
#define MS_NOSYMFOLLOW	256
#define MS_NOATIME	1024
#define MS_NODIRATIME	2048
#define MS_BIND		4096
#define MS_MOVE		8192
#define MS_REC		16384
#define MS_SILENT	32768
#define MS_POSIXACL	(1 << 16)
#define MS_UNBINDABLE	(1 << 17)
#define MS_PRIVATE	(1 << 18)
#define MS_SLAVE	(1 << 19)
#define MS_SHARED	(1 << 20)
#define MS_RELATIME	(1 << 21)
#define MS_KERNMOUNT	(1 << 22)
#define MS_I_VERSION	(1 << 23)
#define MS_STRICTATIME	(1 << 24)
#define MS_LAZYTIME	(1 << 25)
#define MS_RMT_MASK	(MS_RDONLY | MS_SYNCHRONOUS | MS_MANDLOCK | MS_I_VERSION | MS_LAZYTIME)
/* Old programs put this magic in the top half of the flags. */
#define MS_MGC_VAL	0xC0ED0000
#define MS_MGC_MSK	0xffff0000

/* umount2(2) flags */
#define MNT_FORCE	0x00000001	/* force unmount (ignored by in-memory fs) */
#define MNT_DETACH	0x00000002	/* detach now, free when no longer busy */
#define MNT_EXPIRE	0x00000004
#define UMOUNT_NOFOLLOW	0x00000008	/* do not follow a final symlink */

/*
 * Block device ioctls (block/ioctl.c).  Sizes are 512-byte sectors for
 * BLKGETSIZE and read-ahead, bytes elsewhere; BLKGETSIZE64 and
 * BLKBSZGET/SET carry a size_t-sized argument, as in Linux.
 */
#define BLKROSET	_IO(0x12, 93)	/* int *: set device read-only */
#define BLKROGET	_IO(0x12, 94)	/* int *: read-only? */
#define BLKRRPART	_IO(0x12, 95)	/* re-read the partition table */
#define BLKGETSIZE	_IO(0x12, 96)	/* unsigned long *: size in sectors */
#define BLKFLSBUF	_IO(0x12, 97)	/* write back and drop the buffer cache */
#define BLKRASET	_IO(0x12, 98)	/* value: read-ahead in sectors */
#define BLKRAGET	_IO(0x12, 99)	/* long *: read-ahead in sectors */
#define BLKSSZGET	_IO(0x12, 104)	/* int *: logical block size */
#define BLKBSZGET	_IOR(0x12, 112, size_t)	/* int *: soft block size */
#define BLKBSZSET	_IOW(0x12, 113, size_t)
#define BLKGETSIZE64	_IOR(0x12, 114, size_t)	/* u64 *: size in bytes */
#define BLKIOMIN	_IO(0x12, 120)	/* unsigned int *: minimum_io_size */
#define BLKIOOPT	_IO(0x12, 121)	/* unsigned int *: optimal_io_size */
#define BLKALIGNOFF	_IO(0x12, 122)
#define BLKPBSZGET	_IO(0x12, 123)	/* unsigned int *: physical block size */

#endif /* _UAPI_LINUX_FS_H */
