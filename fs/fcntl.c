// SPDX-License-Identifier: GPL-2.0-only
/*
 * fcntl(2) and dup/dup2/dup3.
 *
 * Interface: do_fcntl(), setfl().
 *
 * Supported: F_DUPFD, F_DUPFD_CLOEXEC, F_GETFD/F_SETFD, F_GETFL/F_SETFL
 * (O_APPEND, O_NONBLOCK, O_NOATIME, O_DIRECT and FASYNC settable),
 * F_GETOWN/F_SETOWN and F_GETSIG/F_SETSIG (recorded; nothing sends
 * SIGIO yet).  Record locks (F_GETLK, F_SETLK, F_SETLKW and the OFD
 * variants), leases and notifications are not implemented and fail with
 * EINVAL; F_SETPIPE_SZ/F_GETPIPE_SZ give EBADF until pipes exist, as
 * Linux does for files that are not pipes.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/sched.h>
#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/pipe_fs_i.h>
#include <linux/file.h>
#include <linux/fdtable.h>
#include <linux/syscalls.h>
#include <asm/uaccess.h>

#define SETFL_MASK	(O_APPEND | O_NONBLOCK | O_NDELAY | O_DIRECT | O_NOATIME | FASYNC)

int setfl(int fd, struct file *filp, unsigned int arg)
{
	struct inode *inode = file_inode(filp);
	int error;

	/* An append-only file may not lose O_APPEND. */
	if (((arg ^ filp->f_flags) & O_APPEND) && IS_APPEND(inode))
		return -EPERM;
	/* O_NOATIME: owner or CAP_FOWNER. */
	if ((arg & O_NOATIME) && !(filp->f_flags & O_NOATIME) && !inode_owner_or_capable(inode))
		return -EPERM;
	if ((arg & O_DIRECT) && !(filp->f_mode & FMODE_CAN_ODIRECT))
		return -EINVAL;
	if (((arg ^ filp->f_flags) & FASYNC) && filp->f_op->fasync) {
		error = filp->f_op->fasync(fd, filp, (arg & FASYNC) != 0);
		if (error < 0)
			return error;
	}
	spin_lock(&filp->f_lock);
	filp->f_flags = (arg & SETFL_MASK) | (filp->f_flags & ~SETFL_MASK);
	spin_unlock(&filp->f_lock);
	return 0;
}

long do_fcntl(int fd, unsigned int cmd, unsigned long arg, struct file *filp)
{
	switch (cmd) {
	case F_DUPFD:
		return f_dupfd(arg, filp, 0);
	case F_DUPFD_CLOEXEC:
		return f_dupfd(arg, filp, O_CLOEXEC);
	case F_GETFD:
		return get_close_on_exec(fd) ? FD_CLOEXEC : 0;
	case F_SETFD:
		set_close_on_exec(fd, arg & FD_CLOEXEC);
		return 0;
	case F_GETFL:
		return filp->f_flags;
	case F_SETFL:
		return setfl(fd, filp, arg);
	case F_GETOWN:
		return READ_ONCE(filp->f_owner_pid);
	case F_SETOWN:
		WRITE_ONCE(filp->f_owner_pid, (pid_t)arg);
		return 0;
	case F_GETSIG:
		return READ_ONCE(filp->f_owner_signum);
	case F_SETSIG:
		/* 0 means SIGIO; anything else must be a valid signal (1..64). */
		if (arg > 64)
			return -EINVAL;
		WRITE_ONCE(filp->f_owner_signum, (int)arg);
		return 0;
	case F_SETPIPE_SZ:
	case F_GETPIPE_SZ:
		return pipe_fcntl(filp, cmd, arg);
	case F_GETLK:
	case F_SETLK:
	case F_SETLKW:
	case F_OFD_GETLK:
	case F_OFD_SETLK:
	case F_OFD_SETLKW: {
		/*
		 * Record locks are not implemented.  The argument is still read
		 * first, as Linux does, so a bad pointer is EFAULT and only a
		 * readable request gets the EINVAL that says "not supported".
		 */
		struct flock fl;

		if (copy_from_user(&fl, (void *)arg, sizeof(fl)))
			return -EFAULT;
		return -EINVAL;
	}
	default:
		return -EINVAL;
	}
}

/* Commands allowed on O_PATH descriptors. */
static bool check_fcntl_cmd(unsigned int cmd)
{
	switch (cmd) {
	case F_DUPFD:
	case F_DUPFD_CLOEXEC:
	case F_GETFD:
	case F_SETFD:
	case F_GETFL:
		return true;
	}
	return false;
}

SYSCALL_DEFINE3(fcntl, unsigned int, fd, unsigned int, cmd, unsigned long, arg)
{
	struct fd f = fdget_raw(fd);
	long err = -EBADF;

	if (!f.file)
		goto out;
	if ((f.file->f_mode & FMODE_PATH) && !check_fcntl_cmd(cmd))
		goto out_put;
	err = do_fcntl(fd, cmd, arg, f.file);
out_put:
	fdput(f);
out:
	return err;
}

SYSCALL_DEFINE1(dup, unsigned int, fildes)
{
	return ksys_dup(fildes);
}

SYSCALL_DEFINE3(dup3, unsigned int, oldfd, unsigned int, newfd, int, flags)
{
	return ksys_dup3(oldfd, newfd, flags);
}

SYSCALL_DEFINE2(dup2, unsigned int, oldfd, unsigned int, newfd)
{
	if (oldfd == newfd) {
		struct file *f = fget_raw(oldfd);

		if (!f)
			return -EBADF;
		fput(f);
		return newfd;
	}
	return ksys_dup3(oldfd, newfd, 0);
}
