/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * File-system limits of the Linux ABI (what <limits.h> in userspace
 * reports for pathconf-free programs).
 */
#ifndef _UAPI_LINUX_LIMITS_H
#define _UAPI_LINUX_LIMITS_H

#define NR_OPEN		1024	/* historical default of RLIMIT_NOFILE */
#define NGROUPS_MAX	65536	/* supplementary groups per process */
#define ARG_MAX		131072	/* bytes of args + environ for exec */
#define LINK_MAX	127	/* hard links per file */
#define MAX_CANON	255	/* bytes in a terminal canonical input line */
#define MAX_INPUT	255	/* bytes in a terminal input queue */
#define NAME_MAX	255	/* bytes in a path component, without NUL */
#define PATH_MAX	4096	/* bytes in a path name, with the NUL */
#define PIPE_BUF	4096	/* bytes in an atomic pipe write */
#define XATTR_NAME_MAX	255	/* bytes in an extended attribute name */
#define XATTR_SIZE_MAX	65536	/* bytes in an extended attribute value */
#define XATTR_LIST_MAX	65536	/* bytes in an extended attribute name list */
#define RTSIG_MAX	32

#endif /* _UAPI_LINUX_LIMITS_H */
