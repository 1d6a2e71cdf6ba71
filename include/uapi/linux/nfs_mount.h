/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The binary mount(2) data of an NFS mount (struct nfs_mount_data) as
 * older mount programs pass it: its layout and flag values are the Linux
 * ABI, fixed field by field by the version that introduced them.  The
 * kernel accepts versions 3 to 6 (NFS version 3 only: NFS_MOUNT_VER3
 * must be set).  Newer mount programs pass text options instead.
 */
#ifndef _UAPI_LINUX_NFS_MOUNT_H
#define _UAPI_LINUX_NFS_MOUNT_H

#include <uapi/linux/types.h>
#include <uapi/linux/in.h>

#define NFS_MOUNT_VERSION	6
#define NFS_MAX_CONTEXT_LEN	256

/* The NFSv2 handle of the oldest layouts (unused by an NFSv3 mount). */
#define NFS2_FHSIZE		32
struct nfs2_fh {
	char data[NFS2_FHSIZE];
};

/* An NFSv3 handle as the mount program got it from MOUNTPROC3_MNT. */
struct nfs3_fh {
	unsigned short size;
	unsigned char data[64];
};

struct nfs_mount_data {
	int version;			/* NFS_MOUNT_VERSION of the caller */
	int fd;				/* a socket (ignored) */
	struct nfs2_fh old_root;	/* NFSv2 root handle (ignored) */
	int flags;			/* NFS_MOUNT_* */
	int rsize;
	int wsize;
	int timeo;			/* tenths of a second */
	int retrans;
	int acregmin;			/* seconds */
	int acregmax;
	int acdirmin;
	int acdirmax;
	struct sockaddr_in addr;	/* the server (port 0: ask portmap) */
	char hostname[256];		/* NUL-terminated */
	int namlen;			/* since version 2 */
	unsigned int bsize;		/* since version 3 */
	struct nfs3_fh root;		/* since version 4 */
	int pseudoflavor;		/* since version 5 */
	char context[NFS_MAX_CONTEXT_LEN + 1];	/* since version 6 */
};

/* nfs_mount_data.flags (also kept in nfs_server.flags) */
#define NFS_MOUNT_SOFT		0x0001
#define NFS_MOUNT_INTR		0x0002	/* accepted, no effect */
#define NFS_MOUNT_SECURE	0x0004
#define NFS_MOUNT_POSIX		0x0008
#define NFS_MOUNT_NOCTO		0x0010
#define NFS_MOUNT_NOAC		0x0020
#define NFS_MOUNT_TCP		0x0040
#define NFS_MOUNT_VER3		0x0080
#define NFS_MOUNT_KERBEROS	0x0100
#define NFS_MOUNT_NONLM		0x0200
#define NFS_MOUNT_BROKEN_SUID	0x0400
#define NFS_MOUNT_NOACL		0x0800
#define NFS_MOUNT_STRICTLOCK	0x1000
#define NFS_MOUNT_SECFLAVOUR	0x2000
#define NFS_MOUNT_NORDIRPLUS	0x4000
#define NFS_MOUNT_UNSHARED	0x8000
#define NFS_MOUNT_FLAGMASK	0xFFFF

#endif /* _UAPI_LINUX_NFS_MOUNT_H */
