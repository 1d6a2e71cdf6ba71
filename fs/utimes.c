// SPDX-License-Identifier: GPL-2.0-only
/*
 * Setting access and modification times: utimensat(2) (with UTIME_NOW
 * and UTIME_OMIT), futimesat(2), utimes(2) and utime(2).
 *
 * Interface: vfs_utimes(), do_utimes().
 *
 * Rules (Linux's): NULL times (or both UTIME_NOW) means "now" and is
 * allowed to the owner or anyone with write permission; explicit times
 * need ownership or CAP_FOWNER; both UTIME_OMIT changes nothing after the
 * name is resolved.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/namei.h>
#include <linux/mount.h>
#include <linux/syscalls.h>
#include <uapi/linux/time_types.h>
#include <asm/uaccess.h>

static bool nsec_valid(long nsec)
{
	if (nsec == UTIME_OMIT || nsec == UTIME_NOW)
		return true;
	return nsec >= 0 && nsec <= 999999999;
}

int vfs_utimes(const struct path *path, struct timespec64 *times)
{
	struct inode *inode = path->dentry->d_inode;
	struct iattr newattrs;
	int error;

	if (times) {
		if (!nsec_valid(times[0].tv_nsec) || !nsec_valid(times[1].tv_nsec))
			return -EINVAL;
		if (times[0].tv_nsec == UTIME_NOW && times[1].tv_nsec == UTIME_NOW)
			times = NULL;
	}
	error = mnt_want_write(path->mnt);
	if (error)
		return error;
	newattrs.ia_valid = ATTR_CTIME | ATTR_MTIME | ATTR_ATIME;
	if (times) {
		if (times[0].tv_nsec == UTIME_OMIT) {
			newattrs.ia_valid &= ~ATTR_ATIME;
		} else if (times[0].tv_nsec != UTIME_NOW) {
			newattrs.ia_atime = times[0];
			newattrs.ia_valid |= ATTR_ATIME_SET;
		}
		if (times[1].tv_nsec == UTIME_OMIT) {
			newattrs.ia_valid &= ~ATTR_MTIME;
		} else if (times[1].tv_nsec != UTIME_NOW) {
			newattrs.ia_mtime = times[1];
			newattrs.ia_valid |= ATTR_MTIME_SET;
		}
		/* An explicit update even when neither time is set explicitly. */
		newattrs.ia_valid |= ATTR_TIMES_SET;
	} else {
		newattrs.ia_valid |= ATTR_TOUCH;
	}
	inode_lock(inode);
	error = notify_change(path->dentry, &newattrs, NULL);
	inode_unlock(inode);
	mnt_drop_write(path->mnt);
	return error;
}

/*
 * filename NULL with a descriptor: futimens().  times NULL: now.
 * Both times UTIME_OMIT: only the name is checked.
 */
long do_utimes(int dfd, const char *filename, struct timespec64 *times, int flags)
{
	struct path path;
	int error;

	if (flags & ~(AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH))
		return -EINVAL;
	if (!filename && dfd != AT_FDCWD) {
		struct fd f;

		if (flags)
			return -EINVAL;
		f = fdget(dfd);
		if (!f.file)
			return -EBADF;
		if (times && times[0].tv_nsec == UTIME_OMIT && times[1].tv_nsec == UTIME_OMIT)
			error = 0;
		else
			error = vfs_utimes(&f.file->f_path, times);
		fdput(f);
		return error;
	}
	error = user_path_at(dfd, filename,
			     ((flags & AT_SYMLINK_NOFOLLOW) ? 0 : LOOKUP_FOLLOW) |
			     ((flags & AT_EMPTY_PATH) ? LOOKUP_EMPTY : 0), &path);
	if (error)
		return error;
	if (times && times[0].tv_nsec == UTIME_OMIT && times[1].tv_nsec == UTIME_OMIT)
		error = 0;
	else
		error = vfs_utimes(&path, times);
	path_put(&path);
	return error;
}

SYSCALL_DEFINE4(utimensat, int, dfd, const char *, filename,
		struct __kernel_timespec *, utimes, int, flags)
{
	struct __kernel_timespec t[2];
	struct timespec64 tstimes[2];

	if (utimes) {
		if (copy_from_user(t, utimes, sizeof(t)))
			return -EFAULT;
		tstimes[0].tv_sec = t[0].tv_sec;
		tstimes[0].tv_nsec = t[0].tv_nsec;
		tstimes[1].tv_sec = t[1].tv_sec;
		tstimes[1].tv_nsec = t[1].tv_nsec;
		if (!nsec_valid(tstimes[0].tv_nsec) || !nsec_valid(tstimes[1].tv_nsec))
			return -EINVAL;
		/* Both omitted: nothing to do, not even a lookup (Linux). */
		if (tstimes[0].tv_nsec == UTIME_OMIT && tstimes[1].tv_nsec == UTIME_OMIT)
			return 0;
	}
	return do_utimes(dfd, filename, utimes ? tstimes : NULL, flags);
}

static long do_futimesat(int dfd, const char *filename, struct __kernel_old_timeval *utimes)
{
	struct __kernel_old_timeval times[2];
	struct timespec64 tstimes[2];

	if (utimes) {
		if (copy_from_user(&times, utimes, sizeof(times)))
			return -EFAULT;
		/* Only microseconds 0..999999 make sense here. */
		if (times[0].tv_usec < 0 || times[0].tv_usec >= 1000000 ||
		    times[1].tv_usec < 0 || times[1].tv_usec >= 1000000)
			return -EINVAL;
		tstimes[0].tv_sec = times[0].tv_sec;
		tstimes[0].tv_nsec = 1000 * times[0].tv_usec;
		tstimes[1].tv_sec = times[1].tv_sec;
		tstimes[1].tv_nsec = 1000 * times[1].tv_usec;
	}
	return do_utimes(dfd, filename, utimes ? tstimes : NULL, 0);
}

SYSCALL_DEFINE3(futimesat, int, dfd, const char *, filename,
		struct __kernel_old_timeval *, utimes)
{
	return do_futimesat(dfd, filename, utimes);
}

SYSCALL_DEFINE2(utimes, char *, filename, struct __kernel_old_timeval *, utimes)
{
	return do_futimesat(AT_FDCWD, filename, utimes);
}

/* struct utimbuf of utime(2): whole seconds. */
struct utimbuf_abi {
	long actime;
	long modtime;
};

SYSCALL_DEFINE2(utime, char *, filename, struct utimbuf_abi *, times)
{
	struct timespec64 tv[2];

	if (times) {
		struct utimbuf_abi t;

		if (copy_from_user(&t, times, sizeof(t)))
			return -EFAULT;
		tv[0].tv_sec = t.actime;
		tv[0].tv_nsec = 0;
		tv[1].tv_sec = t.modtime;
		tv[1].tv_nsec = 0;
	}
	return do_utimes(AT_FDCWD, filename, times ? tv : NULL, 0);
}
