/* SPDX-License-Identifier: GPL-2.0-only */
/* prctl(2) options Tidewater knows about (Linux ABI values). */
#ifndef _UAPI_LINUX_PRCTL_H
#define _UAPI_LINUX_PRCTL_H

#define PR_SET_PDEATHSIG	1
#define PR_GET_PDEATHSIG	2
#define PR_GET_DUMPABLE		3
#define PR_SET_DUMPABLE		4
#define PR_GET_KEEPCAPS		7
#define PR_SET_KEEPCAPS		8
#define PR_SET_NAME		15
#define PR_GET_NAME		16
#define PR_CAPBSET_READ		23
#define PR_CAPBSET_DROP		24
#define PR_GET_SECUREBITS	27
#define PR_SET_SECUREBITS	28
#define PR_SET_CHILD_SUBREAPER	36
#define PR_GET_CHILD_SUBREAPER	37
#define PR_SET_NO_NEW_PRIVS	38
#define PR_GET_NO_NEW_PRIVS	39
#define PR_CAP_AMBIENT		47
/* arg2 of PR_CAP_AMBIENT */
#define PR_CAP_AMBIENT_IS_SET		1
#define PR_CAP_AMBIENT_RAISE		2
#define PR_CAP_AMBIENT_LOWER		3
#define PR_CAP_AMBIENT_CLEAR_ALL	4

#endif /* _UAPI_LINUX_PRCTL_H */
