// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of path-name lookup: ".", "..", repeated and trailing
 * slashes, ENOTDIR/ENOENT/ENAMETOOLONG, symlinks (middle, end, nested,
 * dangling, loops, the 40-link limit, O_NOFOLLOW, O_CREAT through a
 * dangling link), dirfd and AT_EMPTY_PATH, and crossing mount points.
 * Each runs in its own tmpfs (fs/vfs_selftest.h).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/fs.h>
#include <linux/namei.h>
#include <linux/selftest.h>
#include "vfs_selftest.h"

static int walk_dots_and_slashes(void)
{
	struct kstat a, b, root, st;
	char cwd[128];

	ST_EQ(t_mkdir("a", 0755), 0);
	ST_EQ(t_mkdir("a/b", 0755), 0);
	ST_EQ(t_mkdir("a/b/c", 0755), 0);
	ST_EQ(t_put_file("f", "x", 1), 0);

	ST_EQ(t_stat("a/b", &a), 0);
	ST_EQ(t_stat("a//b/./c/..", &b), 0);
	ST_ASSERT(a.ino == b.ino, "a/b and a//b/./c/.. differ");
	ST_EQ(t_stat("a/b/../b/c/", &st), 0);
	ST_ASSERT(S_ISDIR(st.mode), "not a directory");
	ST_EQ(t_stat("f/", &st), -ENOTDIR);
	ST_EQ(t_stat("f/x", &st), -ENOTDIR);
	ST_EQ(t_stat("f/.", &st), -ENOTDIR);
	ST_EQ(t_stat("missing/x", &st), -ENOENT);
	ST_EQ(t_stat("missing", &st), -ENOENT);
	ST_EQ(t_stat("", &st), -ENOENT);
	/* ".." never leaves the root. */
	ST_EQ(t_stat("/", &root), 0);
	ST_EQ(t_stat("/../../..", &st), 0);
	ST_ASSERT(st.ino == root.ino && st.dev == root.dev, "/.. is not /");

	ST_EQ(t_chdir("a/b"), 0);
	ST_EQ(t_stat("../b/c", &st), 0);
	ST_EQ(vfs_getcwd(cwd, sizeof(cwd)), (long)strlen("/selftest-namei/a/b") + 1);
	ST_ASSERT(!strcmp(cwd, "/selftest-namei/a/b"), "getcwd gave %s", cwd);
	ST_EQ(vfs_getcwd(cwd, 5), -ERANGE);
	ST_EQ(t_chdir("../.."), 0);
	ST_EQ(t_chdir("f"), -ENOTDIR);
	return 0;
}

static int test_dots_and_slashes(void)
{
	return vfs_run_sandboxed("namei", "tmpfs", NULL, walk_dots_and_slashes);
}
DEFINE_SELFTEST("vfs: path walk: '.', '..', '//', trailing '/', ENOTDIR, getcwd",
		test_dots_and_slashes);

static int walk_symlinks(void)
{
	char name[16], target[16], buf[64];
	struct kstat st, f;
	int fd, i;

	ST_EQ(t_mkdir("d", 0755), 0);
	ST_EQ(t_put_file("d/file", "data", 4), 0);
	ST_EQ(t_stat("d/file", &f), 0);
	ST_EQ(t_symlink("d", "ldir"), 0);
	ST_EQ(t_symlink("file", "d/lfile"), 0);
	ST_EQ(t_symlink("/selftest-symlink/d/file", "abs"), 0);
	ST_EQ(t_symlink("../d", "d/up"), 0);
	ST_EQ(t_symlink("nowhere", "dangling"), 0);
	ST_EQ(t_symlink("loop2", "loop1"), 0);
	ST_EQ(t_symlink("loop1", "loop2"), 0);
	ST_EQ(t_symlink("self", "self"), 0);

	/* In the middle, at the end, absolute, nested, with "..". */
	ST_EQ(t_stat("ldir/file", &st), 0);
	ST_ASSERT(st.ino == f.ino, "ldir/file");
	ST_EQ(t_stat("ldir/lfile", &st), 0);
	ST_ASSERT(st.ino == f.ino, "ldir/lfile");
	ST_EQ(t_stat("abs", &st), 0);
	ST_ASSERT(st.ino == f.ino, "abs");
	ST_EQ(t_stat("d/up/up/up/lfile", &st), 0);
	ST_ASSERT(st.ino == f.ino, "d/up/up/up/lfile");
	ST_EQ(t_lstat("ldir", &st), 0);
	ST_ASSERT(S_ISLNK(st.mode) && st.size == 1, "lstat of ldir");
	ST_EQ(t_stat("ldir/", &st), 0);
	ST_ASSERT(S_ISDIR(st.mode), "ldir/ follows");
	ST_EQ(t_stat("d/lfile/", &st), -ENOTDIR);
	ST_EQ(t_readlink("d/up", buf, sizeof(buf)), 4);
	ST_ASSERT(!strcmp(buf, "../d"), "readlink gave %s", buf);

	/* Dangling links and loops. */
	ST_EQ(t_stat("dangling", &st), -ENOENT);
	ST_EQ(t_lstat("dangling", &st), 0);
	ST_EQ(t_stat("loop1", &st), -ELOOP);
	ST_EQ(t_stat("loop1/x", &st), -ELOOP);
	ST_EQ(t_stat("self", &st), -ELOOP);
	ST_EQ(t_lstat("self", &st), 0);

	/* O_NOFOLLOW refuses a final symlink; O_PATH|O_NOFOLLOW opens the link itself. */
	ST_EQ(t_open("d/lfile", O_RDONLY | O_NOFOLLOW, 0), -ELOOP);
	fd = t_open("d/lfile", O_PATH | O_NOFOLLOW, 0);
	ST_ASSERT(fd >= 0, "O_PATH|O_NOFOLLOW: %d", fd);
	ST_EQ(t_fstat(fd, &st), 0);
	ST_ASSERT(S_ISLNK(st.mode), "O_PATH fd is not the link");
	ST_EQ(t_read(fd, buf, 1), -EBADF);
	ST_EQ(t_close(fd), 0);
	/* O_NOFOLLOW is about the last component only. */
	fd = t_open("ldir/file", O_RDONLY | O_NOFOLLOW, 0);
	ST_ASSERT(fd >= 0, "ldir/file with O_NOFOLLOW: %d", fd);
	t_close(fd);
	ST_EQ(t_open("ldir/lfile", O_RDONLY | O_NOFOLLOW, 0), -ELOOP);

	/* O_CREAT through a dangling link creates its target; O_EXCL does not follow. */
	ST_EQ(t_open("dangling", O_WRONLY | O_CREAT | O_EXCL, 0644), -EEXIST);
	fd = t_open("dangling", O_WRONLY | O_CREAT, 0644);
	ST_ASSERT(fd >= 0, "O_CREAT via dangling link: %d", fd);
	t_close(fd);
	ST_EQ(t_lstat("nowhere", &st), 0);
	ST_ASSERT(S_ISREG(st.mode), "target not created");

	/* At most 40 links per walk: a chain of 40 resolves, 41 is ELOOP. */
	for (i = 1; i <= 41; i++) {
		snprintf(name, sizeof(name), "c%d", i);
		if (i == 41)
			snprintf(target, sizeof(target), "d/file");
		else
			snprintf(target, sizeof(target), "c%d", i + 1);
		ST_EQ(t_symlink(target, name), 0);
	}
	ST_EQ(t_stat("c2", &st), 0);
	ST_ASSERT(st.ino == f.ino, "c2 chain");
	ST_EQ(t_stat("c1", &st), -ELOOP);
	return 0;
}

static int test_symlinks(void)
{
	return vfs_run_sandboxed("symlink", "tmpfs", NULL, walk_symlinks);
}
DEFINE_SELFTEST("vfs: path walk: symlinks, loops (ELOOP), 40-link limit, O_NOFOLLOW",
		test_symlinks);

static int walk_long_names(void)
{
	char *name = kmalloc(PATH_MAX + 2, GFP_KERNEL);
	struct kstat st;
	int i, ret = 0;

	if (!name)
		return -1;
	memset(name, 'n', NAME_MAX + 1);
	name[NAME_MAX + 1] = '\0';
	if (t_put_file(name, "", 0) != -ENAMETOOLONG || t_stat(name, &st) != -ENAMETOOLONG) {
		st_diag("a %d-byte component is accepted", NAME_MAX + 1);
		ret = -1;
	}
	name[NAME_MAX] = '\0';
	if (!ret && (t_put_file(name, "", 0) || t_stat(name, &st))) {
		st_diag("a %d-byte component is refused", NAME_MAX);
		ret = -1;
	}
	/* A path of PATH_MAX bytes (no room for the NUL) is too long. */
	for (i = 0; i < PATH_MAX; i += 2) {
		name[i] = '.';
		name[i + 1] = '/';
	}
	name[PATH_MAX] = '\0';
	if (!ret && t_stat(name, &st) != -ENAMETOOLONG) {
		st_diag("a %d-byte path is accepted", PATH_MAX);
		ret = -1;
	}
	name[PATH_MAX - 2] = '\0';
	if (!ret && t_stat(name, &st)) {
		st_diag("a %d-byte path is refused", PATH_MAX - 2);
		ret = -1;
	}
	kfree(name);
	return ret;
}

static int test_long_names(void)
{
	return vfs_run_sandboxed("longname", "tmpfs", NULL, walk_long_names);
}
DEFINE_SELFTEST("vfs: path walk: NAME_MAX and PATH_MAX give ENAMETOOLONG", test_long_names);

static int walk_dirfd(void)
{
	struct kstat st, f;
	int dfd, fd;

	ST_EQ(t_mkdir("d", 0755), 0);
	ST_EQ(t_put_file("d/file", "12345", 5), 0);
	ST_EQ(t_stat("d/file", &f), 0);
	dfd = t_open("d", O_RDONLY | O_DIRECTORY, 0);
	ST_ASSERT(dfd >= 0, "open d: %d", dfd);
	ST_EQ(t_fstatat(dfd, "file", &st, 0), 0);
	ST_ASSERT(st.ino == f.ino, "dirfd-relative");
	fd = t_openat(dfd, "file", O_RDONLY, 0);
	ST_ASSERT(fd >= 0, "openat: %d", fd);
	ST_EQ(t_fstatat(fd, "", &st, AT_EMPTY_PATH), 0);
	ST_ASSERT(st.ino == f.ino && st.size == 5, "AT_EMPTY_PATH");
	ST_EQ(t_fstatat(fd, "x", &st, 0), -ENOTDIR);
	ST_EQ(t_fstatat(99, "x", &st, 0), -EBADF);
	ST_EQ(t_fstatat(dfd, "/selftest-dirfd/d/file", &st, 0), 0);
	ST_EQ(t_openat(fd, "", O_RDONLY, 0), -ENOENT);
	ST_EQ(t_open("d/file", O_RDONLY | O_DIRECTORY, 0), -ENOTDIR);
	ST_EQ(t_open("d", O_WRONLY, 0), -EISDIR);
	ST_EQ(t_open("d", O_RDWR | O_CREAT, 0644), -EISDIR);
	ST_EQ(t_open("newdir/", O_RDWR | O_CREAT, 0644), -EISDIR);
	ST_EQ(t_open("x", O_CREAT | O_DIRECTORY, 0644), -EINVAL);
	ST_EQ(t_open("x", O_TMPFILE | O_RDWR, 0644), -EOPNOTSUPP);
	t_close(fd);
	t_close(dfd);
	return 0;
}

static int test_dirfd(void)
{
	return vfs_run_sandboxed("dirfd", "tmpfs", NULL, walk_dirfd);
}
DEFINE_SELFTEST("vfs: path walk: dirfd, AT_EMPTY_PATH, open errors", test_dirfd);

static int walk_mounts(void)
{
	struct kstat parent, st, mp;

	ST_EQ(t_mkdir("m", 0755), 0);
	ST_EQ(t_put_file("m/hidden", "h", 1), 0);
	ST_EQ(t_stat(".", &parent), 0);
	ST_EQ(t_stat("m", &mp), 0);
	ST_EQ(t_mount("none", "m", "ramfs", 0, NULL), 0);
	/* The mount hides what was there and brings its own root. */
	ST_EQ(t_stat("m/hidden", &st), -ENOENT);
	ST_EQ(t_stat("m", &st), 0);
	ST_ASSERT(st.dev != mp.dev, "m still on the old file system");
	ST_EQ(t_put_file("m/new", "n", 1), 0);
	/* ".." from the mounted root is the directory holding the mountpoint. */
	ST_EQ(t_stat("m/..", &st), 0);
	ST_ASSERT(st.ino == parent.ino && st.dev == parent.dev, "m/.. is not .");
	ST_EQ(t_chdir("m"), 0);
	ST_EQ(t_stat("../m/new", &st), 0);
	ST_EQ(t_chdir(".."), 0);
	ST_EQ(t_umount("m", 0), 0);
	ST_EQ(t_stat("m/hidden", &st), 0);
	ST_EQ(t_stat("m/new", &st), -ENOENT);
	return 0;
}

static int test_mounts(void)
{
	return vfs_run_sandboxed("mountwalk", "tmpfs", NULL, walk_mounts);
}
DEFINE_SELFTEST("vfs: path walk crosses mount points both ways", test_mounts);
