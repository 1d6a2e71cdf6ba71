// SPDX-License-Identifier: GPL-2.0-only
/*
 * getgroups(2) and setgroups(2): the supplementary group list of the
 * caller's credentials (struct group_info, kept sorted, <linux/cred.h>).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/cred.h>
#include <linux/capability.h>
#include <linux/syscalls.h>
#include <uapi/linux/limits.h>
#include <asm/uaccess.h>

SYSCALL_DEFINE2(getgroups, int, gidsetsize, gid_t *, grouplist)
{
	const struct group_info *gi = current_cred()->group_info;
	int n = gi ? gi->ngroups : 0;

	if (gidsetsize < 0)
		return -EINVAL;
	if (!gidsetsize)
		return n;
	if (gidsetsize < n)
		return -EINVAL;
	if (n && copy_to_user(grouplist, gi->gid, n * sizeof(gid_t)))
		return -EFAULT;
	return n;
}

SYSCALL_DEFINE2(setgroups, int, gidsetsize, gid_t *, grouplist)
{
	struct group_info *gi;
	struct cred *new;

	if (!capable(CAP_SETGID))
		return -EPERM;
	if (gidsetsize < 0 || gidsetsize > NGROUPS_MAX)
		return -EINVAL;
	gi = groups_alloc(gidsetsize);
	if (!gi)
		return -ENOMEM;
	if (gidsetsize && copy_from_user(gi->gid, grouplist, gidsetsize * sizeof(gid_t))) {
		put_group_info(gi);
		return -EFAULT;
	}
	new = prepare_creds();
	if (!new) {
		put_group_info(gi);
		return -ENOMEM;
	}
	set_groups(new, gi);
	put_group_info(gi);
	return commit_creds(new);
}
