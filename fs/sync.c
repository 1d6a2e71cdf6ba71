// SPDX-License-Identifier: GPL-2.0-only
/*
 * sync(2), syncfs(2), fsync(2), fdatasync(2).
 *
 * Interface: vfs_fsync_range()/vfs_fsync() (a file's ->fsync),
 * ksys_sync() (every super block's ->sync_fs).
 *
 * The file systems here keep everything in memory: there is nothing to
 * write, and the calls succeed once each file system has been asked.
 * Write-back of disk file systems hooks in through ->sync_fs/->fsync.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/syscalls.h>

int vfs_fsync_range(struct file *file, loff_t start, loff_t end, int datasync)
{
	if (!file->f_op->fsync)
		return -EINVAL;
	return file->f_op->fsync(file, start, end, datasync);
}

int vfs_fsync(struct file *file, int datasync)
{
	return vfs_fsync_range(file, 0, LLONG_MAX, datasync);
}

static int do_fsync(unsigned int fd, int datasync)
{
	struct fd f = fdget(fd);
	int ret = -EBADF;

	if (f.file) {
		ret = vfs_fsync(f.file, datasync);
		fdput(f);
	}
	return ret;
}

SYSCALL_DEFINE1(fsync, unsigned int, fd)
{
	return do_fsync(fd, 0);
}

SYSCALL_DEFINE1(fdatasync, unsigned int, fd)
{
	return do_fsync(fd, 1);
}

static void sync_one_sb(struct super_block *sb, void *arg)
{
	if (!sb_rdonly(sb))
		sync_filesystem(sb);
}

void ksys_sync(void)
{
	iterate_supers(sync_one_sb, NULL);
}

SYSCALL_DEFINE0(sync)
{
	ksys_sync();
	return 0;
}

SYSCALL_DEFINE1(syncfs, int, fd)
{
	struct fd f = fdget(fd);
	struct super_block *sb;
	int ret;

	if (!f.file)
		return -EBADF;
	sb = f.file->f_path.dentry->d_sb;
	down_read(&sb->s_umount);
	ret = sync_filesystem(sb);
	up_read(&sb->s_umount);
	fdput(f);
	return ret;
}
