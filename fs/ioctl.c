// SPDX-License-Identifier: GPL-2.0-only
/*
 * ioctl(2).  A few requests mean the same on every open file and are
 * answered here (see ioctl(2), ioctl_list(2) and the FIO and FIGETBSZ
 * numbers in <asm-generic/ioctls.h>); anything else goes to the file's own
 * ->unlocked_ioctl.
 *
 * Interface: vfs_ioctl(): the file's handler alone, ENOTTY when there is
 * none or it does not know the request.
 *
 * Answered here: FIOCLEX/FIONCLEX (close-on-exec), FIONBIO (O_NONBLOCK),
 * FIOASYNC (O_ASYNC, through setfl()), FIOQSIZE (size of a regular file,
 * directory or symlink), FIGETBSZ (the file system's block size) and,
 * for regular files only, FIONREAD: the bytes between the file offset
 * and the end of the file.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/syscalls.h>
#include <uapi/asm-generic/ioctls.h>
#include <asm/uaccess.h>

long vfs_ioctl(struct file *filp, unsigned int cmd, unsigned long arg)
{
	long ret;

	if (!filp->f_op->unlocked_ioctl)
		return -ENOTTY;
	ret = filp->f_op->unlocked_ioctl(filp, cmd, arg);
	/* "Not mine" from a driver is "inappropriate ioctl" to the user. */
	return ret == -ENOIOCTLCMD ? -ENOTTY : ret;
}

/*
 * The generic requests.  A handler returns -ENOIOCTLCMD to pass the
 * request on to the file's own ->unlocked_ioctl.
 */
typedef long (*generic_ioctl_fn)(struct file *filp, unsigned int fd, unsigned long arg);

static long fio_cloexec_on(struct file *filp, unsigned int fd, unsigned long arg)
{
	set_close_on_exec(fd, 1);
	return 0;
}

static long fio_cloexec_off(struct file *filp, unsigned int fd, unsigned long arg)
{
	set_close_on_exec(fd, 0);
	return 0;
}

static long fio_nonblock(struct file *filp, unsigned int fd, unsigned long arg)
{
	int enable;

	if (get_user(enable, (int *)arg))
		return -EFAULT;
	spin_lock(&filp->f_lock);
	filp->f_flags = enable ? filp->f_flags | O_NONBLOCK : filp->f_flags & ~O_NONBLOCK;
	spin_unlock(&filp->f_lock);
	return 0;
}

/* O_ASYNC goes through setfl() so that ->fasync hears about the change. */
static long fio_async(struct file *filp, unsigned int fd, unsigned long arg)
{
	unsigned int wanted;
	int enable;

	if (get_user(enable, (int *)arg))
		return -EFAULT;
	wanted = enable ? FASYNC : 0;
	if ((filp->f_flags & FASYNC) == wanted)
		return 0;
	return setfl(fd, filp, (filp->f_flags & ~FASYNC) | wanted);
}

static long fio_qsize(struct file *filp, unsigned int fd, unsigned long arg)
{
	struct inode *inode = file_inode(filp);
	umode_t mode = inode->i_mode;
	loff_t size;

	if (!S_ISREG(mode) && !S_ISDIR(mode) && !S_ISLNK(mode))
		return -ENOTTY;
	size = i_size_read(inode);
	return copy_to_user((void *)arg, &size, sizeof(size)) ? -EFAULT : 0;
}

static long fig_blocksize(struct file *filp, unsigned int fd, unsigned long arg)
{
	int bsize = file_inode(filp)->i_sb->s_blocksize;

	return put_user(bsize, (int *)arg);
}

/* Unread bytes of a regular file, capped at INT_MAX; others decide themselves. */
static long fio_nread(struct file *filp, unsigned int fd, unsigned long arg)
{
	struct inode *inode = file_inode(filp);
	loff_t unread;

	if (!S_ISREG(inode->i_mode))
		return -ENOIOCTLCMD;
	unread = i_size_read(inode) - filp->f_pos;
	unread = clamp_t(loff_t, unread, 0, INT_MAX);
	return put_user((int)unread, (int *)arg);
}

static const struct {
	unsigned int cmd;
	generic_ioctl_fn fn;
} generic_ioctls[] = {
	{ .cmd = FIOCLEX, .fn = fio_cloexec_on },
	{ .cmd = FIONCLEX, .fn = fio_cloexec_off },
	{ .cmd = FIONBIO, .fn = fio_nonblock },
	{ .cmd = FIOASYNC, .fn = fio_async },
	{ .cmd = FIOQSIZE, .fn = fio_qsize },
	{ .cmd = FIGETBSZ, .fn = fig_blocksize },
	{ .cmd = FIONREAD, .fn = fio_nread },
};

static long ioctl_dispatch(struct file *filp, unsigned int fd, unsigned int cmd,
			   unsigned long arg)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(generic_ioctls); i++) {
		long ret;

		if (generic_ioctls[i].cmd != cmd)
			continue;
		ret = generic_ioctls[i].fn(filp, fd, arg);
		if (ret != -ENOIOCTLCMD)
			return ret;
		break;
	}
	return vfs_ioctl(filp, cmd, arg);
}

SYSCALL_DEFINE3(ioctl, unsigned int, fd, unsigned int, cmd, unsigned long, arg)
{
	struct file *filp = fget(fd);
	long ret;

	if (!filp)
		return -EBADF;
	ret = ioctl_dispatch(filp, fd, cmd, arg);
	fput(filp);
	return ret;
}
