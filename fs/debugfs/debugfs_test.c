// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self test of debugfs: files made with the <linux/debugfs.h> calls are
 * read through a real mount (before and after mounting), the data
 * pointer reaches ->open as i_private, names clash with -EEXIST, and a
 * file removed while open fails its next read with -EIO.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/fs.h>
#include <linux/debugfs.h>
#include <linux/seq_file.h>
#include <linux/selftest.h>
#include <linux/uio.h>
#include <uapi/linux/fcntl.h>
#include <uapi/linux/magic.h>
#include "../vfs_selftest.h"

static int dfs_value_show(struct seq_file *m, void *unused)
{
	seq_printf(m, "%d\n", *(int *)m->private);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(dfs_value);

/* Raw methods: the file holds one character, private_data. */
static int dfs_raw_open(struct inode *inode, struct file *file)
{
	file->private_data = inode->i_private;
	return 0;
}

static ssize_t dfs_raw_write_iter(struct kiocb *iocb, struct iov_iter *from)
{
	char *c = iocb->ki_filp->private_data;
	size_t count = iov_iter_count(from);

	if (count && copy_from_iter(c, 1, from) != 1)
		return -EFAULT;
	return count;
}

static const struct file_operations dfs_raw_fops = {
	.open = dfs_raw_open,
	.write_iter = dfs_raw_write_iter,
};

static int dfs_value = 42;
static char dfs_char = 'a';
static struct dentry *dfs_dir;

/* 0 when the file at path reads as want, else -errno or 1. */
static int dfs_reads(const char *path, const char *want)
{
	char buf[32];
	int fd = t_open(path, O_RDONLY, 0);
	ssize_t n;

	if (fd < 0)
		return fd;
	n = t_read(fd, buf, sizeof(buf) - 1);
	t_close(fd);
	if (n < 0)
		return n;
	buf[n] = '\0';
	return strcmp(buf, want) ? 1 : 0;
}

static int dfs_body(void)
{
	struct kstatfs sfs;
	struct kstat st;
	struct dentry *late, *sub;
	char buf[8];
	int fd;

	ST_EQ(t_statfs(".", &sfs), 0);
	ST_EQ(sfs.f_type, DEBUGFS_MAGIC);
	/* Made before the mount. */
	ST_EQ(dfs_reads("selftest-dfs/value", "42\n"), 0);
	/* Made after it. */
	late = debugfs_create_file("late", 0444, dfs_dir, &dfs_value, &dfs_value_fops);
	ST_ASSERT(!IS_ERR(late), "late file: %ld", PTR_ERR(late));
	dfs_value = 7;
	ST_EQ(dfs_reads("selftest-dfs/late", "7\n"), 0);
	sub = debugfs_create_dir("sub", dfs_dir);
	ST_ASSERT(!IS_ERR(sub), "subdir");
	ST_ASSERT(!IS_ERR(debugfs_create_file("c", 0200, sub, &dfs_char, &dfs_raw_fops)), "c");
	fd = t_open("selftest-dfs/sub/c", O_WRONLY, 0);
	ST_ASSERT(fd >= 0, "open c: %d", fd);
	ST_EQ(t_write(fd, "z", 1), 1);
	t_close(fd);
	ST_EQ(dfs_char, 'z');
	ST_EQ(t_stat("selftest-dfs/sub", &st), 0);
	ST_ASSERT(S_ISDIR(st.mode), "sub is a directory");

	/* Remove the whole tree while value is open. */
	fd = t_open("selftest-dfs/value", O_RDONLY, 0);
	ST_ASSERT(fd >= 0, "open value: %d", fd);
	debugfs_remove_recursive(dfs_dir);
	dfs_dir = NULL;
	ST_EQ(t_read(fd, buf, sizeof(buf)), -EIO);
	ST_EQ(t_close(fd), 0);
	ST_EQ(t_stat("selftest-dfs", &st), -ENOENT);
	ST_EQ(t_stat("selftest-dfs/sub/c", &st), -ENOENT);
	return 0;
}

static int debugfs_selftest(void)
{
	struct dentry *f;
	int ret;

	dfs_value = 42;
	dfs_dir = debugfs_create_dir("selftest-dfs", NULL);
	ST_ASSERT(!IS_ERR(dfs_dir), "create_dir: %ld", PTR_ERR(dfs_dir));
	ST_EQ(PTR_ERR(debugfs_create_dir("selftest-dfs", NULL)), -EEXIST);
	f = debugfs_create_file("value", 0444, dfs_dir, &dfs_value, &dfs_value_fops);
	ST_ASSERT(!IS_ERR(f), "create_file: %ld", PTR_ERR(f));
	ST_EQ(PTR_ERR(debugfs_create_file("value", 0444, dfs_dir, NULL, &dfs_value_fops)),
	      -EEXIST);
	/* An error parent propagates; the remove calls accept anything. */
	ST_EQ(PTR_ERR(debugfs_create_file("x", 0444, ERR_PTR(-ENOMEM), NULL, &dfs_value_fops)),
	      -ENOMEM);
	ST_EQ(PTR_ERR(debugfs_create_dir("a/b", NULL)), -EINVAL);
	debugfs_remove(NULL);
	debugfs_remove(ERR_PTR(-ENODEV));

	ret = vfs_run_sandboxed("debugfs", "debugfs", NULL, dfs_body);
	debugfs_remove_recursive(dfs_dir);	/* when the body failed early */
	dfs_dir = NULL;
	return ret;
}
DEFINE_SELFTEST("debugfs: create, read through a mount, remove while open", debugfs_selftest);
