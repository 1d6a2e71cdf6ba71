// SPDX-License-Identifier: GPL-2.0-only
/*
 * uname(2), sethostname(2), setdomainname(2).
 *
 * sysname is "Linux" and the release Linux-shaped (UTS_RELEASE): C
 * libraries and programs compare them, and Tidewater speaks Linux's ABI.
 * The node name starts as "(none)", as on Linux before anything sets it.
 *
 * Interface: <linux/utsname.h>.  Locking: uts_sem guards the strings.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/rwsem.h>
#include <linux/capability.h>
#include <linux/syscalls.h>
#include <linux/utsname.h>
#include <generated/utsrelease.h>
#include <asm/uaccess.h>

#define UTS_VERSION	"#1 SMP Tidewater " TIDEWATER_VERSION
#define UTS_MACHINE	"x86_64"

DECLARE_RWSEM(uts_sem);

static struct new_utsname uts = {
	.sysname = "Linux",
	.nodename = "(none)",
	.release = UTS_RELEASE,
	.version = UTS_VERSION,
	.machine = UTS_MACHINE,
	.domainname = "(none)",
};

struct new_utsname *utsname(void)
{
	return &uts;
}

SYSCALL_DEFINE1(uname, struct new_utsname *, name)
{
	struct new_utsname tmp;

	down_read(&uts_sem);
	tmp = uts;
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
	return set_uts_field(uts.nodename, name, len);
}

SYSCALL_DEFINE2(setdomainname, char *, name, int, len)
{
	return set_uts_field(uts.domainname, name, len);
}
