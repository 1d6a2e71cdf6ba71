// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of the directory-changing operations: the rename errno
 * matrix (EISDIR, ENOTDIR, ENOTEMPTY, EINVAL into its own subtree, EXDEV
 * across mounts, EBUSY, RENAME_NOREPLACE, RENAME_EXCHANGE), link counts
 * of files and directories, unlink of open files, rmdir/unlink/link
 * errors, and mknod of device nodes.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/kdev_t.h>
#include <linux/init_syscalls.h>
#include <linux/selftest.h>
#include "vfs_selftest.h"

static int rename_matrix(void)
{
	struct kstat st, st2;

	ST_EQ(t_mkdir("d1", 0755), 0);
	ST_EQ(t_mkdir("d1/sub", 0755), 0);
	ST_EQ(t_mkdir("d2", 0755), 0);
	ST_EQ(t_mkdir("full", 0755), 0);
	ST_EQ(t_put_file("full/x", "x", 1), 0);
	ST_EQ(t_put_file("f1", "one", 3), 0);
	ST_EQ(t_put_file("f2", "two", 3), 0);
	ST_EQ(t_mkdir("mnt", 0755), 0);
	ST_EQ(t_mount("none", "mnt", "tmpfs", 0, NULL), 0);

	/* Files replace files; the replaced one is gone. */
	ST_EQ(t_stat("f1", &st), 0);
	ST_EQ(t_rename("f1", "f2", 0), 0);
	ST_EQ(t_stat("f1", &st2), -ENOENT);
	ST_EQ(t_stat("f2", &st2), 0);
	ST_ASSERT(st.ino == st2.ino, "f2 is not the old f1");
	ST_ASSERT(t_file_equals("f2", "one", 3), "contents moved");
	ST_EQ(t_rename("f1", "f3", 0), -ENOENT);

	/* Type mismatches. */
	ST_EQ(t_rename("f2", "d2", 0), -EISDIR);
	ST_EQ(t_rename("d2", "f2", 0), -ENOTDIR);
	ST_EQ(t_rename("f2/", "f4", 0), -ENOTDIR);
	ST_EQ(t_rename("f2", "f4/", 0), -ENOTDIR);
	/* Directories replace only empty directories. */
	ST_EQ(t_rename("d2", "full", 0), -ENOTEMPTY);
	ST_EQ(t_mkdir("empty", 0755), 0);
	ST_EQ(t_rename("d2", "empty", 0), 0);
	ST_EQ(t_stat("d2", &st), -ENOENT);
	ST_EQ(t_rename("empty", "d2/", 0), 0);
	/* Not into its own subtree; not onto an ancestor. */
	ST_EQ(t_rename("d1", "d1/sub/moved", 0), -EINVAL);
	ST_EQ(t_rename("d1", "d1/x", 0), -EINVAL);
	ST_EQ(t_rename("d1/sub", "d1", 0), -ENOTEMPTY);
	ST_EQ(t_rename(".", "x", 0), -EBUSY);
	ST_EQ(t_rename("d1/sub", "d1/..", 0), -EBUSY);
	ST_EQ(t_rename("..", "x", 0), -EBUSY);
	ST_EQ(t_rename("/", "x", 0), -EXDEV);
	/* Not across mounts, not a mountpoint itself. */
	ST_EQ(t_rename("f2", "mnt/f2", 0), -EXDEV);
	ST_EQ(t_rename("mnt", "mnt2", 0), -EBUSY);
	/* Renaming a directory elsewhere updates both parents' link counts. */
	ST_EQ(t_stat("d1", &st), 0);
	ST_EQ(st.nlink, 3);
	ST_EQ(t_rename("d1/sub", "d2/sub", 0), 0);
	ST_EQ(t_stat("d1", &st), 0);
	ST_EQ(st.nlink, 2);
	ST_EQ(t_stat("d2", &st), 0);
	ST_EQ(st.nlink, 3);
	ST_EQ(t_stat("d2/sub/..", &st2), 0);
	ST_ASSERT(st2.ino == st.ino, "d2/sub/.. is not d2");

	/* Hard links to the same inode: rename is a successful no-op. */
	ST_EQ(t_link("f2", "f2link"), 0);
	ST_EQ(t_rename("f2", "f2link", 0), 0);
	ST_EQ(t_stat("f2", &st), 0);
	ST_EQ(st.nlink, 2);

	/* RENAME_NOREPLACE and RENAME_EXCHANGE. */
	ST_EQ(t_rename("f2", "f2link", RENAME_NOREPLACE), -EEXIST);
	ST_EQ(t_rename("f2", "f5", RENAME_NOREPLACE), 0);
	ST_EQ(t_rename("f5", "nothere", RENAME_EXCHANGE), -ENOENT);
	ST_EQ(t_rename("f5", "d1", RENAME_NOREPLACE | RENAME_EXCHANGE), -EINVAL);
	ST_EQ(t_stat("f5", &st), 0);
	ST_EQ(t_stat("d1", &st2), 0);
	ST_EQ(t_rename("f5", "d1", RENAME_EXCHANGE), 0);
	ST_EQ(t_stat("d1", &st), 0);
	ST_ASSERT(S_ISREG(st.mode), "exchange: d1 is not the file");
	ST_EQ(t_stat("f5", &st), 0);
	ST_ASSERT(S_ISDIR(st.mode) && st.ino == st2.ino, "exchange: f5 is not the dir");
	ST_EQ(t_rename("f5", "d1", 8), -EINVAL);
	ST_EQ(t_umount("mnt", 0), 0);
	return 0;
}

static int test_rename(void)
{
	return vfs_run_sandboxed("rename", "tmpfs", NULL, rename_matrix);
}
DEFINE_SELFTEST("vfs: rename matrix (EISDIR/ENOTDIR/ENOTEMPTY/EINVAL/EXDEV/EBUSY/flags)",
		test_rename);

static int link_counts(void)
{
	struct kstat st;
	char buf[8];
	int fd;

	ST_EQ(t_stat(".", &st), 0);
	ST_EQ(st.nlink, 2);
	ST_EQ(t_mkdir("d", 0755), 0);
	ST_EQ(t_mkdir("d/a", 0755), 0);
	ST_EQ(t_mkdir("d/b", 0755), 0);
	ST_EQ(t_stat(".", &st), 0);
	ST_EQ(st.nlink, 3);
	ST_EQ(t_stat("d", &st), 0);
	ST_EQ(st.nlink, 4);
	ST_EQ(t_mkdir("d", 0755), -EEXIST);
	ST_EQ(t_mkdir("d/a/", 0755), -EEXIST);
	ST_EQ(t_mkdir("new/", 0755), 0);
	ST_EQ(t_mkdir("missing/x", 0755), -ENOENT);

	ST_EQ(t_put_file("f", "data", 4), 0);
	ST_EQ(t_link("f", "d/f1"), 0);
	ST_EQ(t_link("f", "d/f2"), 0);
	ST_EQ(t_stat("f", &st), 0);
	ST_EQ(st.nlink, 3);
	ST_EQ(t_link("f", "d/f1"), -EEXIST);
	ST_EQ(t_link("d", "d2"), -EPERM);
	ST_EQ(t_link("missing", "x"), -ENOENT);
	ST_EQ(t_link("f", "x/"), -ENOENT);

	/* An unlinked open file stays readable until closed. */
	fd = t_open("d/f2", O_RDONLY, 0);
	ST_ASSERT(fd >= 0, "open: %d", fd);
	ST_EQ(t_unlink("f"), 0);
	ST_EQ(t_unlink("d/f1"), 0);
	ST_EQ(t_unlink("d/f2"), 0);
	ST_EQ(t_fstat(fd, &st), 0);
	ST_EQ(st.nlink, 0);
	ST_EQ(t_read(fd, buf, sizeof(buf)), 4);
	ST_EQ(t_close(fd), 0);
	ST_EQ(t_stat("f", &st), -ENOENT);

	/* unlink/rmdir errors. */
	ST_EQ(t_unlink("d"), -EISDIR);
	ST_EQ(t_unlink("d/"), -EISDIR);
	ST_EQ(t_unlink("missing"), -ENOENT);
	ST_EQ(t_unlink("."), -EISDIR);
	ST_EQ(t_put_file("g", "", 0), 0);
	ST_EQ(t_unlink("g/"), -ENOTDIR);
	ST_EQ(t_rmdir("g"), -ENOTDIR);
	ST_EQ(t_rmdir("d"), -ENOTEMPTY);
	ST_EQ(t_rmdir("d/a/."), -EINVAL);
	ST_EQ(t_rmdir("d/a/.."), -ENOTEMPTY);
	ST_EQ(t_rmdir("d/a/"), 0);
	ST_EQ(t_stat("d", &st), 0);
	ST_EQ(st.nlink, 3);

	/* A removed directory that is still someone's cwd accepts no new entries. */
	ST_EQ(t_chdir("d/b"), 0);
	ST_EQ(t_rmdir("../b"), 0);
	ST_EQ(t_put_file("x", "", 0), -ENOENT);
	ST_EQ(t_mkdir("y", 0755), -ENOENT);
	ST_EQ(t_stat(".", &st), 0);
	ST_EQ(st.nlink, 0);
	ST_EQ(t_chdir("/selftest-links"), 0);
	return 0;
}

static int test_links(void)
{
	return vfs_run_sandboxed("links", "tmpfs", NULL, link_counts);
}
DEFINE_SELFTEST("vfs: link counts, unlink of open files, rmdir/unlink/link errors", test_links);

static int special_nodes(void)
{
	struct kstat st;

	ST_EQ(init_mknod("null", S_IFCHR | 0666, new_encode_dev(MKDEV(1, 3))), 0);
	ST_EQ(t_stat("null", &st), 0);
	ST_ASSERT(S_ISCHR(st.mode) && MAJOR(st.rdev) == 1 && MINOR(st.rdev) == 3,
		  "char node: mode %o rdev %x", st.mode, st.rdev);
	ST_EQ(init_mknod("big", S_IFCHR | 0600, new_encode_dev(MKDEV(300, 70000))), 0);
	ST_EQ(t_stat("big", &st), 0);
	ST_ASSERT(MAJOR(st.rdev) == 300 && MINOR(st.rdev) == 70000, "rdev %x", st.rdev);
	ST_EQ(init_mknod("blk", S_IFBLK | 0600, new_encode_dev(MKDEV(8, 0))), 0);
	ST_EQ(t_open("blk", O_RDONLY, 0), -ENXIO);
	ST_EQ(init_mknod("fifo", S_IFIFO | 0600, 0), 0);
	ST_EQ(t_stat("fifo", &st), 0);
	ST_ASSERT(S_ISFIFO(st.mode), "fifo mode %o", st.mode);
	ST_EQ(init_mknod("sock", S_IFSOCK | 0600, 0), 0);
	ST_EQ(t_open("sock", O_RDONLY, 0), -ENXIO);
	ST_EQ(init_mknod("reg", 0640, 0), 0);
	ST_EQ(t_stat("reg", &st), 0);
	ST_ASSERT(S_ISREG(st.mode), "mknod type 0 gives a regular file");
	ST_EQ(init_mknod("dir", S_IFDIR | 0755, 0), -EPERM);
	ST_EQ(init_mknod("bad", 0170000 | 0755, 0), -EINVAL);
	ST_EQ(init_mknod("null", S_IFCHR | 0666, 0), -EEXIST);
	/* Character devices nobody registered: ENXIO on open. */
	ST_EQ(t_open("big", O_RDONLY, 0), -ENXIO);
	return 0;
}

static int test_special(void)
{
	return vfs_run_sandboxed("mknod", "tmpfs", NULL, special_nodes);
}
DEFINE_SELFTEST("vfs: mknod of device, FIFO, socket and regular nodes", test_special);
