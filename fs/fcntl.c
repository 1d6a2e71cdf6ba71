// SPDX-License-Identifier: GPL-2.0-only
/*
 * fcntl(2) and dup(2)/dup2(2)/dup3(2).
 *
 * Interface: do_fcntl(), setfl() (also used by ioctl FIOASYNC).
 *
 * What is there: F_DUPFD and F_DUPFD_CLOEXEC, F_GETFD/F_SETFD, F_GETFL
 * and F_SETFL (of the status flags only O_APPEND, O_NONBLOCK, O_NOATIME,
 * O_DIRECT and O_ASYNC can change), F_GETOWN/F_SETOWN and
 * F_GETSIG/F_SETSIG (stored; no SIGIO is sent yet), the pipe size
 * requests (EBADF on anything that is not a pipe) and the record locks
 * (F_GETLK, F_SETLK, F_SETLKW and the F_OFD_* forms: fs/locks.c).  Not
 * there, and so EINVAL: leases and directory notification.
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

/* The status flags F_SETFL may change; the rest of arg is ignored. */
#define SETFL_MASK	(O_APPEND | O_NONBLOCK | O_NDELAY | O_DIRECT | O_NOATIME | FASYNC)

int setfl(int fd, struct file *filp, unsigned int arg)
{
	struct inode *inode = file_inode(filp);
	unsigned int toggled = arg ^ filp->f_flags;
	unsigned int turned_on = arg & toggled;
	int err;

	/* No open file of an append-only inode may drop O_APPEND. */
	if ((toggled & O_APPEND) && IS_APPEND(inode))
		return -EPERM;
	/* Not updating atime is a privilege of the owner (or CAP_FOWNER). */
	if ((turned_on & O_NOATIME) && !inode_owner_or_capable(inode))
		return -EPERM;
	if ((arg & O_DIRECT) && !(filp->f_mode & FMODE_CAN_ODIRECT))
		return -EINVAL;
	/* The file's ->fasync joins or leaves the SIGIO list first. */
	if ((toggled & FASYNC) && filp->f_op->fasync) {
		err = filp->f_op->fasync(fd, filp, !!(arg & FASYNC));
		if (err < 0)
			return err;
	}

	spin_lock(&filp->f_lock);
	filp->f_flags ^= (filp->f_flags ^ arg) & SETFL_MASK;
	spin_unlock(&filp->f_lock);
	return 0;
}

static bool cmd_listed(const unsigned int *list, size_t len, unsigned int cmd)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (list[i] == cmd)
			return true;
	return false;
}

/* F_SETSIG: 0 restores SIGIO, anything else must name a signal (1..64). */
static long fcntl_setsig(struct file *filp, unsigned long arg)
{
	if (arg > 64)
		return -EINVAL;
	WRITE_ONCE(filp->f_owner_signum, (int)arg);
	return 0;
}

long do_fcntl(int fd, unsigned int cmd, unsigned long arg, struct file *filp)
{
	switch (cmd) {
	case F_DUPFD:
	case F_DUPFD_CLOEXEC:
		return f_dupfd(arg, filp, cmd == F_DUPFD_CLOEXEC ? O_CLOEXEC : 0);
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
		return fcntl_setsig(filp, arg);
	case F_GETPIPE_SZ:
	case F_SETPIPE_SZ:
		return pipe_fcntl(filp, cmd, arg);
	}
	switch (cmd) {
	case F_GETLK:
	case F_OFD_GETLK:
		return fcntl_getlk(filp, cmd, (void *)arg);
	case F_SETLK:
	case F_SETLKW:
	case F_OFD_SETLK:
	case F_OFD_SETLKW:
		return fcntl_setlk(filp, cmd, (void *)arg);
	}
	return -EINVAL;
}

/*
 * An O_PATH descriptor refers to a location, not an open file: only the
 * requests about the descriptor itself make sense on it.
 */
static const unsigned int o_path_fcntls[] = {
	F_DUPFD, F_DUPFD_CLOEXEC, F_GETFD, F_SETFD, F_GETFL,
};

SYSCALL_DEFINE3(fcntl, unsigned int, fd, unsigned int, cmd, unsigned long, arg)
{
	struct file *filp = fget_raw(fd);
	long ret = -EBADF;

	if (!filp)
		return -EBADF;
	if (!(filp->f_mode & FMODE_PATH) || cmd_listed(o_path_fcntls, ARRAY_SIZE(o_path_fcntls), cmd))
		ret = do_fcntl(fd, cmd, arg, filp);
	fput(filp);
	return ret;
}

SYSCALL_DEFINE1(dup, unsigned int, fildes)
{
	return ksys_dup(fildes);
}

SYSCALL_DEFINE3(dup3, unsigned int, oldfd, unsigned int, newfd, int, flags)
{
	return ksys_dup3(oldfd, newfd, flags);
}

/*
 * dup2(2) onto itself does nothing but check that oldfd is open (dup3
 * would call that EINVAL).
 */
SYSCALL_DEFINE2(dup2, unsigned int, oldfd, unsigned int, newfd)
{
	struct file *filp;

	if (oldfd != newfd)
		return ksys_dup3(oldfd, newfd, 0);
	filp = fget_raw(oldfd);
	if (!filp)
		return -EBADF;
	fput(filp);
	return newfd;
}
