// SPDX-License-Identifier: GPL-2.0-only
/*
 * uname(2), sethostname(2), setdomainname(2).
 *
 * The names themselves (sysname "Linux", the Linux-shaped release, node
 * name "(none)" until set) are init_uts_ns in init/version.c, shared with
 * the kernel.hostname/domainname sysctls.
 *
 * Locking: uts_sem (<linux/utsname.h>).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/rwsem.h>
#include <linux/capability.h>
#include <linux/syscalls.h>
#include <linux/utsname.h>
#include <asm/uaccess.h>

SYSCALL_DEFINE1(uname, struct new_utsname *, name)
{
	struct new_utsname tmp;

	down_read(&uts_sem);
	tmp = *utsname();
	up_read(&uts_sem);
	return copy_to_user(name, &tmp, sizeof(tmp)) ? -EFAULT : 0;
}

/* Set one of the names: at most __NEW_UTS_LEN bytes, the rest zeroed. */
static long set_uts_field(char *field, const char *uname, int len)
{
	char tmp[__NEW_UTS_LEN];

	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	if (len < 0 || len > __NEW_UTS_LEN)
		return -EINVAL;
	if (copy_from_user(tmp, uname, len))
		return -EFAULT;
	down_write(&uts_sem);
	memcpy(field, tmp, len);
	memset(field + len, 0, __NEW_UTS_LEN + 1 - len);
	up_write(&uts_sem);
	return 0;
}

SYSCALL_DEFINE2(sethostname, char *, name, int, len)
{
	return set_uts_field(utsname()->nodename, name, len);
}

SYSCALL_DEFINE2(setdomainname, char *, name, int, len)
{
	return set_uts_field(utsname()->domainname, name, len);
}
