// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of mount and umount: EBUSY while a file is open, a cwd is
 * inside or something is mounted below; lazy umount (MNT_DETACH) with
 * open files; EINVAL/ENOTDIR/EPERM cases; remount read-only (EBUSY with
 * writers, then EROFS) and back; per-mount read-only bind mounts;
 * MS_MOVE.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/sched.h>
#include <linux/cred.h>
#include <linux/fs.h>
#include <linux/mount.h>
#include <linux/statfs.h>
#include <linux/selftest.h>
#include "vfs_selftest.h"

static int mount_busy(void)
{
	unsigned int mounts = count_mounts_ns();
	struct kstat st;
	char buf[4];
	int fd;

	ST_EQ(t_mkdir("m", 0755), 0);
	ST_EQ(t_mount("none", "m", "tmpfs", 0, NULL), 0);
	ST_EQ(count_mounts_ns(), mounts + 1);
	ST_EQ(t_put_file("m/f", "abc", 3), 0);

	/* An open file keeps the mount busy. */
	fd = t_open("m/f", O_RDONLY, 0);
	ST_ASSERT(fd >= 0, "open: %d", fd);
	ST_EQ(t_umount("m", 0), -EBUSY);
	ST_EQ(t_close(fd), 0);
	/* So does a cwd inside it, at any depth. */
	ST_EQ(t_mkdir("m/sub", 0755), 0);
	ST_EQ(t_chdir("m/sub"), 0);
	ST_EQ(t_umount("/selftest-mount/m", 0), -EBUSY);
	ST_EQ(t_chdir("/selftest-mount"), 0);
	/* And a mount below it. */
	ST_EQ(t_mount("none", "m/sub", "ramfs", 0, NULL), 0);
	ST_EQ(t_umount("m", 0), -EBUSY);
	ST_EQ(t_umount("m/sub", 0), 0);
	ST_EQ(t_umount("m", 0), 0);
	ST_EQ(count_mounts_ns(), mounts);
	ST_EQ(t_stat("m/f", &st), -ENOENT);

	/* Not a mount root, not a directory, nonsense flags. */
	ST_EQ(t_umount("m", 0), -EINVAL);
	ST_EQ(t_umount("missing", 0), -ENOENT);
	ST_EQ(t_umount("m", 0x100), -EINVAL);
	ST_EQ(t_put_file("file", "", 0), 0);
	ST_EQ(t_mount("none", "file", "tmpfs", 0, NULL), -ENOTDIR);
	ST_EQ(t_umount("/", 0), -EBUSY);

	/* Lazy umount: gone from the tree at once, the open file still works. */
	ST_EQ(t_mount("none", "m", "tmpfs", 0, NULL), 0);
	ST_EQ(t_put_file("m/f", "xyz", 3), 0);
	fd = t_open("m/f", O_RDONLY, 0);
	ST_EQ(t_umount("m", MNT_DETACH), 0);
	ST_EQ(count_mounts_ns(), mounts);
	ST_EQ(t_stat("m/f", &st), -ENOENT);
	ST_EQ(t_read(fd, buf, 3), 3);
	ST_ASSERT(!memcmp(buf, "xyz", 3), "read after lazy umount");
	ST_EQ(t_close(fd), 0);
	return 0;
}

static int test_mount_busy(void)
{
	return vfs_run_sandboxed("mount", "tmpfs", NULL, mount_busy);
}
DEFINE_SELFTEST("vfs: umount EBUSY (open file, cwd, submount), MNT_DETACH, errors",
		test_mount_busy);

static int mount_readonly(void)
{
	struct kstatfs sfs;
	int fd;

	ST_EQ(t_mkdir("m", 0755), 0);
	ST_EQ(t_mount("none", "m", "tmpfs", 0, NULL), 0);
	ST_EQ(t_put_file("m/f", "abc", 3), 0);

	/* Remount read-only: not while a file is open for writing. */
	fd = t_open("m/f", O_WRONLY, 0);
	ST_EQ(t_mount("none", "m", NULL, MS_REMOUNT | MS_RDONLY, NULL), -EBUSY);
	t_close(fd);
	ST_EQ(t_mount("none", "m", NULL, MS_REMOUNT | MS_RDONLY, NULL), 0);
	ST_EQ(t_statfs("m", &sfs), 0);
	ST_ASSERT(sfs.f_flags & ST_RDONLY, "statfs does not say read-only");
	ST_EQ(t_open("m/f", O_WRONLY, 0), -EROFS);
	ST_EQ(t_open("m/g", O_WRONLY | O_CREAT, 0644), -EROFS);
	ST_EQ(t_mkdir("m/d", 0755), -EROFS);
	ST_EQ(t_unlink("m/f"), -EROFS);
	ST_EQ(t_truncate("m/f", 0), -EROFS);
	ST_ASSERT(t_file_equals("m/f", "abc", 3), "read-only file still readable");
	ST_EQ(t_mount("none", "m", NULL, MS_REMOUNT, NULL), 0);
	ST_EQ(t_put_file("m/g", "", 0), 0);

	/* A read-only bind of a writable mount. */
	ST_EQ(t_mkdir("b", 0755), 0);
	ST_EQ(t_mount("m", "b", NULL, MS_BIND, NULL), 0);
	ST_ASSERT(t_file_equals("b/f", "abc", 3), "bind shows the same files");
	ST_EQ(t_mount("none", "b", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL), 0);
	ST_EQ(t_put_file("b/x", "", 0), -EROFS);
	ST_EQ(t_put_file("m/x", "", 0), 0);
	ST_EQ(t_mount("m", "b", NULL, MS_BIND | MS_REC, NULL), -EINVAL);
	ST_EQ(t_umount("b", 0), 0);

	/* MS_MOVE: the mount moves with its contents; not below itself. */
	ST_EQ(t_mount("m", "b", NULL, MS_MOVE, NULL), 0);
	ST_ASSERT(t_file_equals("b/f", "abc", 3), "moved mount");
	ST_EQ(t_mkdir("b/inner", 0755), 0);
	ST_EQ(t_mount("b", "b/inner", NULL, MS_MOVE, NULL), -ELOOP);
	ST_EQ(t_mount("b/inner", "m", NULL, MS_MOVE, NULL), -EINVAL);
	ST_EQ(t_umount("b", 0), 0);
	return 0;
}

static int test_mount_readonly(void)
{
	return vfs_run_sandboxed("ro", "tmpfs", NULL, mount_readonly);
}
DEFINE_SELFTEST("vfs: remount read-only (EBUSY, EROFS), read-only bind, MS_MOVE",
		test_mount_readonly);
