/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The system's names (init/version.c): the one struct new_utsname that
 * uname(2), sethostname(2)/setdomainname(2) and the kernel.hostname,
 * kernel.domainname, kernel.ostype, kernel.osrelease and kernel.version
 * sysctls all use.  There are no UTS namespaces: utsname() is always
 * init_uts_ns's.
 *
 * Locking: uts_sem, held for reading to copy the names out and for
 * writing to change nodename or domainname (the only fields that change).
 */
#ifndef _LINUX_UTSNAME_H
#define _LINUX_UTSNAME_H

#include <linux/rwsem.h>
#include <uapi/linux/utsname.h>

struct uts_namespace {
	struct new_utsname name;
};

extern struct uts_namespace init_uts_ns;
extern struct rw_semaphore uts_sem;

static inline struct new_utsname *utsname(void)
{
	return &init_uts_ns.name;
}

static inline struct new_utsname *init_utsname(void)
{
	return &init_uts_ns.name;
}

/* "Linux version <release> (Tidewater ...) #1 SMP ...\n": /proc/version, the boot log. */
extern const char linux_banner[];

#endif /* _LINUX_UTSNAME_H */
