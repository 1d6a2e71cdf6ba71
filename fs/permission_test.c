// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of permission checks, run under non-root credentials
 * (override_creds): search permission on every directory walked, read
 * and write permission at open, creation and removal rights, the sticky
 * bit, chmod/chown/utimes by non-owners, mknod and mount privileges,
 * and root's own limits (no exec without an x bit).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/sched.h>
#include <linux/cred.h>
#include <linux/fs.h>
#include <linux/namei.h>
#include <linux/mount.h>
#include <linux/kdev_t.h>
#include <linux/init_syscalls.h>
#include <linux/selftest.h>
#include "vfs_selftest.h"

#define USER_A	1000
#define USER_B	1001
#define GROUP_A	100

/* Become uid/gid (no capabilities); returns what revert_creds() needs. */
static const struct cred *become(uid_t uid, gid_t gid)
{
	struct cred *new = prepare_creds();
	const struct cred *old;

	if (!new)
		return NULL;
	new->uid = new->euid = new->suid = new->fsuid = uid;
	new->gid = new->egid = new->sgid = new->fsgid = gid;
	new->cap_effective = CAP_EMPTY_SET;
	new->cap_permitted = CAP_EMPTY_SET;
	old = override_creds(new);
	put_cred(new);
	return old;
}

static int inode_may(const char *path, int mask)
{
	struct path p;
	int err = kern_path(path, 0, &p);

	if (err)
		return err;
	err = inode_permission(d_inode(p.dentry), mask);
	path_put(&p);
	return err;
}

static int checks_as_user(void)
{
	struct timespec64 ts[2] = { { .tv_sec = 1 }, { .tv_sec = 2 } };
	struct kstat st;
	int fd;

	/* Search permission on every directory on the way. */
	ST_EQ(t_stat("private/f", &st), -EACCES);
	ST_EQ(t_stat("private", &st), 0);
	ST_EQ(t_stat("searchonly/f", &st), 0);
	ST_EQ(t_open("searchonly", O_RDONLY | O_DIRECTORY, 0), -EACCES);
	ST_EQ(t_chdir("private"), -EACCES);
	/* Read and write bits at open. */
	ST_EQ(t_open("pub/rootfile", O_RDONLY, 0) >= 0, 1);
	ST_EQ(t_open("pub/rootfile", O_WRONLY, 0), -EACCES);
	ST_EQ(t_open("pub/rootfile", O_RDONLY | O_TRUNC, 0), -EACCES);
	ST_EQ(t_open("pub/secret", O_RDONLY, 0), -EACCES);
	ST_EQ(t_truncate("pub/rootfile", 0), -EACCES);
	/* No creation or removal in a directory we cannot write. */
	ST_EQ(t_open("pub/new", O_WRONLY | O_CREAT, 0644), -EACCES);
	ST_EQ(t_mkdir("pub/d", 0755), -EACCES);
	ST_EQ(t_unlink("pub/rootfile"), -EACCES);
	ST_EQ(t_rename("pub/rootfile", "mine", 0), -EACCES);
	/* Our own files, made in the sticky world-writable root. */
	fd = t_open("mine", O_WRONLY | O_CREAT, 0600);
	ST_ASSERT(fd >= 0, "create in 1777 dir: %d", fd);
	t_close(fd);
	ST_EQ(t_stat("mine", &st), 0);
	ST_ASSERT(st.uid == USER_A && st.gid == GROUP_A, "owner %u:%u", st.uid, st.gid);
	/* Not ours: no chmod, chown, explicit times; the sticky bit protects it. */
	ST_EQ(init_chmod("pub/rootfile", 0777), -EPERM);
	ST_EQ(init_chown("mine", USER_B, (gid_t)-1, 0), -EPERM);
	ST_EQ(init_chown("mine", (uid_t)-1, GROUP_A, 0), 0);
	ST_EQ(init_chown("mine", (uid_t)-1, 0, 0), -EPERM);
	ST_EQ(init_utimes("pub/rootfile", ts), -EPERM);
	ST_EQ(init_utimes("pub/rootfile", NULL), -EACCES);
	ST_EQ(init_utimes("mine", ts), 0);
	ST_EQ(t_unlink("rootowned"), -EPERM);
	/* Privileged operations. */
	ST_EQ(init_mknod("dev", S_IFCHR | 0600, new_encode_dev(MKDEV(1, 3))), -EPERM);
	ST_EQ(init_mknod("fifo", S_IFIFO | 0600, 0), 0);
	ST_EQ(t_mount("none", "pub", "tmpfs", 0, NULL), -EPERM);
	ST_EQ(t_umount("/", 0), -EPERM);
	return 0;
}

static int as_other_user(void)
{
	/* USER_B may not remove USER_A's file from the sticky directory. */
	ST_EQ(t_unlink("mine"), -EPERM);
	ST_EQ(t_rename("mine", "stolen", 0), -EPERM);
	ST_EQ(t_open("mine", O_RDONLY, 0), -EACCES);
	return 0;
}

static int permissions(void)
{
	const struct cred *old;
	int ret;

	ST_EQ(t_mkdir("private", 0700), 0);
	ST_EQ(t_put_file("private/f", "", 0), 0);
	ST_EQ(t_mkdir("searchonly", 0711), 0);
	ST_EQ(t_put_file("searchonly/f", "", 0), 0);
	ST_EQ(t_mkdir("pub", 0755), 0);
	ST_EQ(t_put_file("pub/rootfile", "r", 1), 0);
	ST_EQ(init_chmod("pub/rootfile", 0644), 0);
	ST_EQ(t_put_file("pub/secret", "s", 1), 0);
	ST_EQ(init_chmod("pub/secret", 0600), 0);
	ST_EQ(t_put_file("rootowned", "", 0), 0);

	old = become(USER_A, GROUP_A);
	ST_ASSERT(old, "no memory for credentials");
	ret = checks_as_user();
	revert_creds(old);
	if (ret)
		return ret;
	old = become(USER_B, GROUP_A);
	ST_ASSERT(old, "no memory for credentials");
	ret = as_other_user();
	revert_creds(old);
	if (ret)
		return ret;

	/* Root: reads and writes anything, executes only what has an x bit. */
	ST_EQ(inode_may("pub/secret", MAY_READ | MAY_WRITE), 0);
	ST_EQ(inode_may("pub/secret", MAY_EXEC), -EACCES);
	ST_EQ(init_chmod("pub/secret", 0601), 0);
	ST_EQ(inode_may("pub/secret", MAY_EXEC), 0);
	ST_EQ(inode_may("private", MAY_EXEC | MAY_WRITE | MAY_READ), 0);
	ST_EQ(t_unlink("mine"), 0);
	return 0;
}

static int test_permissions(void)
{
	return vfs_run_sandboxed("perm", "tmpfs", NULL, permissions);
}
DEFINE_SELFTEST("vfs: permission checks for non-root credentials, sticky bit, root limits",
		test_permissions);
