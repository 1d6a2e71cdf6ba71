// SPDX-License-Identifier: GPL-2.0-only
/*
 * Changing a file's access and modification times: utimensat(2) (with
 * UTIME_NOW and UTIME_OMIT), futimesat(2), utimes(2) and utime(2).
 *
 * Interface: vfs_utimes() (a resolved path), do_utimes() (name or fd).
 *
 * Permission rules (utimensat(2)): setting both times to "now" (NULL
 * times, or UTIME_NOW twice) needs ownership or write permission;
 * setting any explicit time needs ownership or CAP_FOWNER; notify_change()
 * tells them apart by ATTR_TOUCH / ATTR_TIMES_SET.  UTIME_OMIT for both
 * leaves the file alone once the name has been resolved.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/namei.h>
#include <linux/mount.h>
#include <linux/syscalls.h>
#include <linux/timekeeping.h>
#include <uapi/linux/time_types.h>
#include <asm/uaccess.h>

/* A tv_nsec utimensat(2) accepts: a real value or one of the two markers. */
static bool utime_nsec_ok(long nsec)
{
	switch (nsec) {
	case UTIME_NOW:
	case UTIME_OMIT:
		return true;
	default:
		return nsec >= 0 && nsec < NSEC_PER_SEC;
	}
}

static bool utime_pair_ok(const struct timespec64 *t)
{
	return utime_nsec_ok(t[0].tv_nsec) && utime_nsec_ok(t[1].tv_nsec);
}

static bool utime_pair_is(const struct timespec64 *t, long marker)
{
	return t[0].tv_nsec == marker && t[1].tv_nsec == marker;
}

int vfs_utimes(const struct path *path, struct timespec64 *times)
{
	/* times[0] is the access time, times[1] the modification time. */
	static const struct {
		unsigned int change, explicit;
	} which[2] = {
		{ ATTR_ATIME, ATTR_ATIME_SET },
		{ ATTR_MTIME, ATTR_MTIME_SET },
	};
	struct inode *inode = path->dentry->d_inode;
	struct iattr attrs = { .ia_valid = ATTR_CTIME | ATTR_ATIME | ATTR_MTIME };
	int i, error;

	if (times && !utime_pair_ok(times))
		return -EINVAL;
	/* "Both now" is the same request as no times at all. */
	if (times && utime_pair_is(times, UTIME_NOW))
		times = NULL;

	if (!times) {
		attrs.ia_valid |= ATTR_TOUCH;
	} else {
		for (i = 0; i < 2; i++) {
			long nsec = times[i].tv_nsec;

			if (nsec == UTIME_OMIT)
				attrs.ia_valid &= ~which[i].change;
			else if (nsec != UTIME_NOW)
				attrs.ia_valid |= which[i].explicit;
		}
		attrs.ia_atime = times[0];
		attrs.ia_mtime = times[1];
		/* Explicit request: ownership is needed, write access is not enough. */
		attrs.ia_valid |= ATTR_TIMES_SET;
	}

	error = mnt_want_write(path->mnt);
	if (error)
		return error;
	inode_lock(inode);
	error = notify_change(path->dentry, &attrs, NULL);
	inode_unlock(inode);
	mnt_drop_write(path->mnt);
	return error;
}

/* Both omitted: the lookup's errors are reported, nothing else happens. */
static int utimes_on(const struct path *path, struct timespec64 *times)
{
	if (times && utime_pair_is(times, UTIME_OMIT))
		return 0;
	return vfs_utimes(path, times);
}

/*
 * A NULL filename with a real descriptor is futimens(3): the times of
 * the open file itself, and no flags make sense.  Otherwise the name is
 * looked up from dfd.  times NULL means "now".
 */
long do_utimes(int dfd, const char *filename, struct timespec64 *times, int flags)
{
	unsigned int lookup = LOOKUP_FOLLOW;
	struct path path;
	int error;

	if (flags & ~(AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH))
		return -EINVAL;

	if (!filename && dfd != AT_FDCWD) {
		struct file *file;

		if (flags)
			return -EINVAL;
		file = fget(dfd);
		if (!file)
			return -EBADF;
		error = utimes_on(&file->f_path, times);
		fput(file);
		return error;
	}

	if (flags & AT_SYMLINK_NOFOLLOW)
		lookup = 0;
	if (flags & AT_EMPTY_PATH)
		lookup |= LOOKUP_EMPTY;
	error = user_path_at(dfd, filename, lookup, &path);
	if (error)
		return error;
	error = utimes_on(&path, times);
	path_put(&path);
	return error;
}

SYSCALL_DEFINE4(utimensat, int, dfd, const char *, filename,
		struct __kernel_timespec *, utimes, int, flags)
{
	struct __kernel_timespec ut[2];
	struct timespec64 kt[2];
	int i;

	if (!utimes)
		return do_utimes(dfd, filename, NULL, flags);
	if (copy_from_user(ut, utimes, sizeof(ut)))
		return -EFAULT;
	for (i = 0; i < 2; i++)
		kt[i] = (struct timespec64){ .tv_sec = ut[i].tv_sec, .tv_nsec = ut[i].tv_nsec };
	if (!utime_pair_ok(kt))
		return -EINVAL;
	/* Nothing to change: not even the name is looked up. */
	if (utime_pair_is(kt, UTIME_OMIT))
		return 0;
	return do_utimes(dfd, filename, kt, flags);
}

/* futimesat(2) and utimes(2): microsecond timevals, 0..999999 only. */
static long do_futimesat(int dfd, const char *filename, struct __kernel_old_timeval *utimes)
{
	struct __kernel_old_timeval tv[2];
	struct timespec64 kt[2];
	int i;

	if (!utimes)
		return do_utimes(dfd, filename, NULL, 0);
	if (copy_from_user(tv, utimes, sizeof(tv)))
		return -EFAULT;
	for (i = 0; i < 2; i++) {
		if (tv[i].tv_usec < 0 || tv[i].tv_usec >= USEC_PER_SEC)
			return -EINVAL;
		kt[i].tv_sec = tv[i].tv_sec;
		kt[i].tv_nsec = tv[i].tv_usec * NSEC_PER_USEC;
	}
	return do_utimes(dfd, filename, kt, 0);
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

/* utime(2)'s struct utimbuf: two times in whole seconds. */
struct utimbuf_abi {
	long actime;
	long modtime;
};

SYSCALL_DEFINE2(utime, char *, filename, struct utimbuf_abi *, times)
{
	struct utimbuf_abi ub;
	struct timespec64 kt[2];

	if (!times)
		return do_utimes(AT_FDCWD, filename, NULL, 0);
	if (copy_from_user(&ub, times, sizeof(ub)))
		return -EFAULT;
	kt[0] = (struct timespec64){ .tv_sec = ub.actime };
	kt[1] = (struct timespec64){ .tv_sec = ub.modtime };
	return do_utimes(AT_FDCWD, filename, kt, 0);
}
