/* SPDX-License-Identifier: GPL-2.0-only */
/* prctl(2) options Tidewater knows about (Linux ABI values). */
#ifndef _UAPI_LINUX_PRCTL_H
#define _UAPI_LINUX_PRCTL_H

#define PR_SET_PDEATHSIG	1
#define PR_GET_PDEATHSIG	2
#define PR_GET_DUMPABLE		3
#define PR_SET_DUMPABLE		4
#define PR_SET_NAME		15
#define PR_GET_NAME		16
#define PR_SET_CHILD_SUBREAPER	36
#define PR_GET_CHILD_SUBREAPER	37
#define PR_SET_NO_NEW_PRIVS	38
#define PR_GET_NO_NEW_PRIVS	39

#endif /* _UAPI_LINUX_PRCTL_H */
