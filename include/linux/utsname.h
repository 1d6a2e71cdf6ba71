/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The system's names (kernel/utsname.c): what uname(2) reports.
 * utsname() may be read under uts_sem (read); sethostname()/
 * setdomainname() write under it.
 */
#ifndef _LINUX_UTSNAME_H
#define _LINUX_UTSNAME_H

#include <linux/rwsem.h>
#include <uapi/linux/utsname.h>

extern struct rw_semaphore uts_sem;
struct new_utsname *utsname(void);

#endif /* _LINUX_UTSNAME_H */
