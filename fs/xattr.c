// SPDX-License-Identifier: GPL-2.0-only
/*
 * The extended-attribute system calls: {,l,f}{set,get,list,remove}xattr.
 *
 * No file system here stores extended attributes yet, so after the
 * checks every caller gets what Linux gives on a file system without
 * xattr support: set/get/remove fail with EOPNOTSUPP and list returns an
 * empty list (0 bytes).  The checks come first, in Linux's order, so
 * that programs see the same errors for bad input: a name of 0 or more
 * than XATTR_NAME_MAX bytes is ERANGE, a value over XATTR_SIZE_MAX is
 * E2BIG, unknown setxattr flags are EINVAL, and the path or descriptor
 * must exist (ENOENT, EBADF, EFAULT...).  ls(1) and cp(1) ask for ACLs
 * and SELinux labels this way and treat EOPNOTSUPP as "none".
 *
 * Interface: the system calls only.  Locking: none (nothing is stored).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/namei.h>
#include <linux/syscalls.h>
#include <uapi/linux/limits.h>
#include <asm/uaccess.h>

#define XATTR_CREATE	0x1	/* setxattr: fail if it exists */
#define XATTR_REPLACE	0x2	/* setxattr: fail if it does not */

/* What the call acts on: a path (following symlinks or not) or a descriptor. */
enum xattr_target { XATTR_PATH, XATTR_LPATH, XATTR_FD };

/* Copy and check an attribute name (ERANGE for an empty or too long one). */
static int xattr_check_name(const char *uname)
{
	char name[XATTR_NAME_MAX + 1];
	long len = strncpy_from_user(name, uname, sizeof(name));

	if (len < 0)
		return len;
	if (len == 0 || len >= (long)sizeof(name))
		return -ERANGE;
	return 0;
}

/* Does the target exist?  0 or the lookup's error. */
static int xattr_check_target(enum xattr_target how, const char *pathname, int fd)
{
	struct path path;
	struct fd f;
	int err;

	if (how == XATTR_FD) {
		f = fdget(fd);
		if (!f.file)
			return -EBADF;
		fdput(f);
		return 0;
	}
	err = user_path_at(AT_FDCWD, pathname, how == XATTR_PATH ? LOOKUP_FOLLOW : 0, &path);
	if (err)
		return err;
	path_put(&path);
	return 0;
}

static long do_setxattr(enum xattr_target how, const char *pathname, int fd, const char *name,
			size_t size, int flags)
{
	int err;

	if (flags & ~(XATTR_CREATE | XATTR_REPLACE))
		return -EINVAL;
	err = xattr_check_name(name);
	if (!err && size > XATTR_SIZE_MAX)
		err = -E2BIG;
	if (!err)
		err = xattr_check_target(how, pathname, fd);
	return err ? err : -EOPNOTSUPP;
}

static long do_getxattr(enum xattr_target how, const char *pathname, int fd, const char *name)
{
	int err = xattr_check_name(name);

	if (!err)
		err = xattr_check_target(how, pathname, fd);
	return err ? err : -EOPNOTSUPP;
}

/* An empty list: 0 bytes, whatever the buffer. */
static long do_listxattr(enum xattr_target how, const char *pathname, int fd)
{
	return xattr_check_target(how, pathname, fd);
}

SYSCALL_DEFINE5(setxattr, const char *, pathname, const char *, name, const void *, value,
		size_t, size, int, flags)
{
	return do_setxattr(XATTR_PATH, pathname, -1, name, size, flags);
}

SYSCALL_DEFINE5(lsetxattr, const char *, pathname, const char *, name, const void *, value,
		size_t, size, int, flags)
{
	return do_setxattr(XATTR_LPATH, pathname, -1, name, size, flags);
}

SYSCALL_DEFINE5(fsetxattr, int, fd, const char *, name, const void *, value, size_t, size,
		int, flags)
{
	return do_setxattr(XATTR_FD, NULL, fd, name, size, flags);
}

SYSCALL_DEFINE4(getxattr, const char *, pathname, const char *, name, void *, value,
		size_t, size)
{
	return do_getxattr(XATTR_PATH, pathname, -1, name);
}

SYSCALL_DEFINE4(lgetxattr, const char *, pathname, const char *, name, void *, value,
		size_t, size)
{
	return do_getxattr(XATTR_LPATH, pathname, -1, name);
}

SYSCALL_DEFINE4(fgetxattr, int, fd, const char *, name, void *, value, size_t, size)
{
	return do_getxattr(XATTR_FD, NULL, fd, name);
}

SYSCALL_DEFINE3(listxattr, const char *, pathname, char *, list, size_t, size)
{
	return do_listxattr(XATTR_PATH, pathname, -1);
}

SYSCALL_DEFINE3(llistxattr, const char *, pathname, char *, list, size_t, size)
{
	return do_listxattr(XATTR_LPATH, pathname, -1);
}

SYSCALL_DEFINE3(flistxattr, int, fd, char *, list, size_t, size)
{
	return do_listxattr(XATTR_FD, NULL, fd);
}

SYSCALL_DEFINE2(removexattr, const char *, pathname, const char *, name)
{
	return do_getxattr(XATTR_PATH, pathname, -1, name);
}

SYSCALL_DEFINE2(lremovexattr, const char *, pathname, const char *, name)
{
	return do_getxattr(XATTR_LPATH, pathname, -1, name);
}

SYSCALL_DEFINE2(fremovexattr, int, fd, const char *, name)
{
	return do_getxattr(XATTR_FD, NULL, fd, name);
}
