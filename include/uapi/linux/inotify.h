/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * inotify(7): the record read(2) returns from an inotify descriptor and
 * the bits of inotify_add_watch(2)'s mask (the Linux x86_64 ABI values).
 */
#ifndef _UAPI_LINUX_INOTIFY_H
#define _UAPI_LINUX_INOTIFY_H

#include <linux/types.h>
#include <uapi/linux/fcntl.h>

/*
 * One event.  len counts the bytes of name, a NUL-terminated file name
 * padded with NULs; 0 when the event is about the watched object itself.
 */
struct inotify_event {
	__s32 wd;		/* watch descriptor, -1 for IN_Q_OVERFLOW */
	__u32 mask;		/* IN_* */
	__u32 cookie;		/* pairs IN_MOVED_FROM with IN_MOVED_TO */
	__u32 len;
	char name[];
};

/* Events a watch may ask for. */
#define IN_ACCESS		0x00000001	/* read */
#define IN_MODIFY		0x00000002	/* written or truncated */
#define IN_ATTRIB		0x00000004	/* metadata: mode, owner, times, xattrs, links */
#define IN_CLOSE_WRITE		0x00000008	/* a writable descriptor was closed */
#define IN_CLOSE_NOWRITE	0x00000010	/* a read-only descriptor was closed */
#define IN_OPEN			0x00000020
#define IN_MOVED_FROM		0x00000040	/* a name left the watched directory */
#define IN_MOVED_TO		0x00000080	/* a name arrived in it */
#define IN_CREATE		0x00000100
#define IN_DELETE		0x00000200
#define IN_DELETE_SELF		0x00000400
#define IN_MOVE_SELF		0x00000800

/* Events sent whatever the mask. */
#define IN_UNMOUNT		0x00002000	/* the file system went away */
#define IN_Q_OVERFLOW		0x00004000	/* events were dropped */
#define IN_IGNORED		0x00008000	/* the watch is gone */

#define IN_CLOSE		(IN_CLOSE_WRITE | IN_CLOSE_NOWRITE)
#define IN_MOVE			(IN_MOVED_FROM | IN_MOVED_TO)
#define IN_ALL_EVENTS		0x00000fff

/* Flags of inotify_add_watch(2). */
#define IN_ONLYDIR		0x01000000	/* fail with ENOTDIR unless a directory */
#define IN_DONT_FOLLOW		0x02000000	/* watch a final symlink itself */
#define IN_EXCL_UNLINK		0x04000000	/* nothing from children once unlinked */
#define IN_MASK_CREATE		0x10000000	/* EEXIST if the inode is watched already */
#define IN_MASK_ADD		0x20000000	/* or the mask into an existing watch's */
#define IN_ISDIR		0x40000000	/* in events: the subject is a directory */
#define IN_ONESHOT		0x80000000	/* one event, then the watch goes */

/* Flags of inotify_init1(2). */
#define IN_CLOEXEC		O_CLOEXEC
#define IN_NONBLOCK		O_NONBLOCK

#endif /* _UAPI_LINUX_INOTIFY_H */
