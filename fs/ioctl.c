// SPDX-License-Identifier: GPL-2.0-only
/*
 * ioctl(2): the commands every file understands, then the file's own
 * ->unlocked_ioctl.
 *
 * Interface: vfs_ioctl() (the driver's handler, ENOTTY without one).
 *
 * Generic commands: FIOCLEX, FIONCLEX, FIONBIO, FIOASYNC, FIOQSIZE,
 * FIGETBSZ, and FIONREAD for regular files (bytes from the offset to the
 * end, as Linux reports them).
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
	long error;

	if (!filp->f_op->unlocked_ioctl)
		return -ENOTTY;
	error = filp->f_op->unlocked_ioctl(filp, cmd, arg);
	if (error == -ENOIOCTLCMD)
		error = -ENOTTY;
	return error;
}

static int ioctl_fionbio(struct file *filp, int *argp)
{
	unsigned int flag;
	int on;

	if (get_user(on, argp))
		return -EFAULT;
	flag = O_NONBLOCK;
	spin_lock(&filp->f_lock);
	if (on)
		filp->f_flags |= flag;
	else
		filp->f_flags &= ~flag;
	spin_unlock(&filp->f_lock);
	return 0;
}

static int ioctl_fioasync(unsigned int fd, struct file *filp, int *argp)
{
	unsigned int flag;
	int on;

	if (get_user(on, argp))
		return -EFAULT;
	flag = on ? FASYNC : 0;
	if ((flag ^ filp->f_flags) & FASYNC)
		return setfl(fd, filp, (filp->f_flags & ~FASYNC) | flag);
	return 0;
}

static long do_vfs_ioctl(struct file *filp, unsigned int fd, unsigned int cmd,
			 unsigned long arg)
{
	struct inode *inode = file_inode(filp);
	int *argp = (int *)arg;

	switch (cmd) {
	case FIOCLEX:
		set_close_on_exec(fd, 1);
		return 0;
	case FIONCLEX:
		set_close_on_exec(fd, 0);
		return 0;
	case FIONBIO:
		return ioctl_fionbio(filp, argp);
	case FIOASYNC:
		return ioctl_fioasync(fd, filp, argp);
	case FIOQSIZE:
		if (S_ISDIR(inode->i_mode) || S_ISREG(inode->i_mode) || S_ISLNK(inode->i_mode)) {
			loff_t res = i_size_read(inode);

			return copy_to_user((void *)arg, &res, sizeof(res)) ? -EFAULT : 0;
		}
		return -ENOTTY;
	case FIGETBSZ:
		return put_user((int)inode->i_sb->s_blocksize, argp);
	case FIONREAD:
		if (S_ISREG(inode->i_mode)) {
			loff_t left = i_size_read(inode) - filp->f_pos;

			if (left < 0)
				left = 0;
			return put_user((int)min_t(loff_t, left, INT_MAX), argp);
		}
		return vfs_ioctl(filp, cmd, arg);
	default:
		return vfs_ioctl(filp, cmd, arg);
	}
}

SYSCALL_DEFINE3(ioctl, unsigned int, fd, unsigned int, cmd, unsigned long, arg)
{
	struct fd f = fdget(fd);
	long error;

	if (!f.file)
		return -EBADF;
	error = do_vfs_ioctl(f.file, fd, cmd, arg);
	fdput(f);
	return error;
}
