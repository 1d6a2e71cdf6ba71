// SPDX-License-Identifier: GPL-2.0-only
/*
 * File attributes for user space: stat(2), lstat(2), fstat(2),
 * newfstatat(2), statx(2), and reading symlinks (readlink(2)).
 *
 * Interface: vfs_getattr(), vfs_fstat(), vfs_fstatat(), do_statx(),
 * generic_fillattr(), vfs_readlink(), vfs_get_link().
 *
 * The x86_64 struct stat layout is fixed by <uapi/asm/stat.h>; the
 * build checks its size and offsets below.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/namei.h>
#include <linux/mount.h>
#include <linux/syscalls.h>
#include <uapi/asm/stat.h>
#include <asm/uaccess.h>
#include "internal.h"
#include "mount.h"

BUILD_BUG_ON(sizeof(struct stat) != 144);
BUILD_BUG_ON(offsetof(struct stat, st_mode) != 24);
BUILD_BUG_ON(offsetof(struct stat, st_rdev) != 40);
BUILD_BUG_ON(offsetof(struct stat, st_size) != 48);
BUILD_BUG_ON(offsetof(struct stat, st_atime) != 72);
BUILD_BUG_ON(offsetof(struct stat, st_ctime_nsec) != 112);
BUILD_BUG_ON(sizeof(struct statx) != 256);
BUILD_BUG_ON(offsetof(struct statx, stx_atime) != 64);
BUILD_BUG_ON(offsetof(struct statx, stx_rdev_major) != 128);
BUILD_BUG_ON(offsetof(struct statx, stx_mnt_id) != 144);

void generic_fillattr(struct inode *inode, struct kstat *stat)
{
	stat->dev = inode->i_sb->s_dev;
	stat->ino = inode->i_ino;
	stat->mode = inode->i_mode;
	stat->nlink = inode->i_nlink;
	stat->uid = inode->i_uid;
	stat->gid = inode->i_gid;
	stat->rdev = inode->i_rdev;
	stat->size = i_size_read(inode);
	stat->atime = inode->i_atime;
	stat->mtime = inode->i_mtime;
	stat->ctime = inode->i_ctime;
	stat->blksize = 1U << inode->i_blkbits;
	stat->blocks = inode->i_blocks;
}

int vfs_getattr(const struct path *path, struct kstat *stat, u32 request_mask,
		unsigned int query_flags)
{
	struct inode *inode = d_inode(path->dentry);

	memset(stat, 0, sizeof(*stat));
	stat->result_mask |= STATX_BASIC_STATS;
	stat->attributes_mask |= STATX_ATTR_AUTOMOUNT | STATX_ATTR_DAX | STATX_ATTR_MOUNT_ROOT;
	if (path->dentry == path->mnt->mnt_root)
		stat->attributes |= STATX_ATTR_MOUNT_ROOT;
	stat->mnt_id = real_mount(path->mnt)->mnt_id;
	stat->result_mask |= STATX_MNT_ID;
	if (inode->i_op->getattr)
		return inode->i_op->getattr(path, stat, request_mask, query_flags);
	generic_fillattr(inode, stat);
	return 0;
}

int vfs_fstat(int fd, struct kstat *stat)
{
	struct fd f = fdget_raw(fd);
	int error;

	if (!f.file)
		return -EBADF;
	error = vfs_getattr(&f.file->f_path, stat, STATX_BASIC_STATS, 0);
	fdput(f);
	return error;
}

static int getattr_flags_to_lookup(unsigned int flags, unsigned int *lookup_flags)
{
	if (flags & ~(AT_SYMLINK_NOFOLLOW | AT_NO_AUTOMOUNT | AT_EMPTY_PATH |
		      AT_STATX_SYNC_TYPE))
		return -EINVAL;
	*lookup_flags = (flags & AT_SYMLINK_NOFOLLOW) ? 0 : LOOKUP_FOLLOW;
	if (flags & AT_EMPTY_PATH)
		*lookup_flags |= LOOKUP_EMPTY;
	return 0;
}

/* Consumes nothing: the caller owns filename. */
int do_statx(int dfd, struct filename *filename, unsigned int flags, unsigned int mask,
	     struct kstat *stat)
{
	unsigned int lookup_flags;
	struct path path;
	int error;

	error = getattr_flags_to_lookup(flags, &lookup_flags);
	if (error)
		return error;
	error = filename_lookup(dfd, filename, lookup_flags, &path, NULL);
	if (error)
		return error;
	error = vfs_getattr(&path, stat, mask, flags);
	path_put(&path);
	return error;
}

/* For kernel callers: filename is a kernel string. */
int vfs_fstatat(int dfd, const char *filename, struct kstat *stat, int flags)
{
	struct filename *name;
	int error;

	if (!*filename && !(flags & AT_EMPTY_PATH))
		return -ENOENT;
	name = getname_kernel(filename);
	if (IS_ERR(name))
		return PTR_ERR(name);
	error = do_statx(dfd, name, flags, STATX_BASIC_STATS, stat);
	putname(name);
	return error;
}

/* The stat family's lookup from a user path (AT_EMPTY_PATH allows ""). */
static int user_statx(int dfd, const char *filename, unsigned int flags, unsigned int mask,
		      struct kstat *stat)
{
	struct filename *name = getname_uflags(filename, flags);
	int error;

	if (IS_ERR(name))
		return PTR_ERR(name);
	error = do_statx(dfd, name, flags, mask, stat);
	putname(name);
	return error;
}

/*
 * The user structures below are filled with designated initialisers:
 * struct stat, struct statx and struct statx_timestamp have no implicit
 * padding (the BUILD_BUG_ONs above pin the layout), so every byte copied
 * out is a named member and is set, the spare ones to zero.
 */
static int cp_new_stat(const struct kstat *stat, struct stat *statbuf)
{
	struct stat out = {
		.st_dev		= huge_encode_dev(stat->dev),
		.st_ino		= stat->ino,
		.st_nlink	= stat->nlink,
		.st_mode	= stat->mode,
		.st_uid		= stat->uid,
		.st_gid		= stat->gid,
		.st_rdev	= huge_encode_dev(stat->rdev),
		.st_size	= stat->size,
		.st_blksize	= stat->blksize,
		.st_blocks	= stat->blocks,
		.st_atime	= stat->atime.tv_sec,
		.st_atime_nsec	= stat->atime.tv_nsec,
		.st_mtime	= stat->mtime.tv_sec,
		.st_mtime_nsec	= stat->mtime.tv_nsec,
		.st_ctime	= stat->ctime.tv_sec,
		.st_ctime_nsec	= stat->ctime.tv_nsec,
	};

	return copy_to_user(statbuf, &out, sizeof(out)) ? -EFAULT : 0;
}

/* stat, lstat and newfstatat differ only in the directory and the flags. */
static int fstatat_to_user(int dfd, const char *filename, int flags, struct stat *statbuf)
{
	struct kstat stat;
	int error = user_statx(dfd, filename, flags, STATX_BASIC_STATS, &stat);

	if (error)
		return error;
	return cp_new_stat(&stat, statbuf);
}

SYSCALL_DEFINE2(stat, const char *, filename, struct stat *, statbuf)
{
	return fstatat_to_user(AT_FDCWD, filename, 0, statbuf);
}

SYSCALL_DEFINE2(lstat, const char *, filename, struct stat *, statbuf)
{
	return fstatat_to_user(AT_FDCWD, filename, AT_SYMLINK_NOFOLLOW, statbuf);
}

SYSCALL_DEFINE4(newfstatat, int, dfd, const char *, filename, struct stat *, statbuf,
		int, flag)
{
	return fstatat_to_user(dfd, filename, flag, statbuf);
}

SYSCALL_DEFINE2(fstat, unsigned int, fd, struct stat *, statbuf)
{
	struct kstat stat;
	int error = vfs_fstat(fd, &stat);

	if (error)
		return error;
	return cp_new_stat(&stat, statbuf);
}

static struct statx_timestamp stx_time(const struct timespec64 *ts)
{
	return (struct statx_timestamp){ .tv_sec = ts->tv_sec, .tv_nsec = ts->tv_nsec };
}

static int cp_statx(const struct kstat *stat, struct statx *buffer)
{
	struct statx out = {
		/* What was filled in; the reserved bit is never reported. */
		.stx_mask		= stat->result_mask & ~STATX__RESERVED,
		.stx_blksize		= stat->blksize,
		.stx_attributes		= stat->attributes,
		.stx_nlink		= stat->nlink,
		.stx_uid		= stat->uid,
		.stx_gid		= stat->gid,
		.stx_mode		= stat->mode,
		.stx_ino		= stat->ino,
		.stx_size		= stat->size,
		.stx_blocks		= stat->blocks,
		.stx_attributes_mask	= stat->attributes_mask,
		.stx_atime		= stx_time(&stat->atime),
		.stx_btime		= stx_time(&stat->btime),
		.stx_ctime		= stx_time(&stat->ctime),
		.stx_mtime		= stx_time(&stat->mtime),
		.stx_rdev_major		= MAJOR(stat->rdev),
		.stx_rdev_minor		= MINOR(stat->rdev),
		.stx_dev_major		= MAJOR(stat->dev),
		.stx_dev_minor		= MINOR(stat->dev),
		.stx_mnt_id		= stat->mnt_id,
	};

	return copy_to_user(buffer, &out, sizeof(out)) ? -EFAULT : 0;
}

/*
 * statx(2): EINVAL for a reserved mask bit, or for asking both to force
 * and to skip a sync with the server (AT_STATX_SYNC_TYPE both set).
 */
SYSCALL_DEFINE5(statx, int, dfd, const char *, filename, unsigned int, flags,
		unsigned int, mask, struct statx *, buffer)
{
	struct kstat stat;
	int error;

	if ((mask & STATX__RESERVED) ||
	    (flags & AT_STATX_SYNC_TYPE) == AT_STATX_SYNC_TYPE)
		return -EINVAL;
	error = user_statx(dfd, filename, flags, mask, &stat);
	if (error)
		return error;
	return cp_statx(&stat, buffer);
}

/* ------------------------------------------------------------ symlinks */

const char *vfs_get_link(struct dentry *dentry, struct delayed_call *done)
{
	struct inode *inode = d_inode(dentry);
	const char *res;

	if (!inode || !S_ISLNK(inode->i_mode))
		return ERR_PTR(-EINVAL);
	res = READ_ONCE(inode->i_link);
	if (res)
		return res;
	if (!inode->i_op->get_link)
		return ERR_PTR(-EINVAL);
	return inode->i_op->get_link(dentry, inode, done);
}

int vfs_readlink(struct dentry *dentry, char *ubuf, int buflen)
{
	DEFINE_DELAYED_CALL(done);
	const char *link;
	int len;

	if (d_inode(dentry)->i_op->readlink)
		return d_inode(dentry)->i_op->readlink(dentry, ubuf, buflen);
	link = vfs_get_link(dentry, &done);
	if (IS_ERR(link))
		return PTR_ERR(link);
	len = strlen(link);
	if (len > buflen)
		len = buflen;
	if (copy_to_user(ubuf, link, len))
		len = -EFAULT;
	do_delayed_call(&done);
	return len;
}

static int do_readlinkat(int dfd, const char *pathname, char *buf, int bufsiz)
{
	struct filename *name;
	struct path path;
	bool empty;
	int error;

	if (bufsiz <= 0)
		return -EINVAL;
	name = getname_flags(pathname, LOOKUP_EMPTY);
	if (IS_ERR(name))
		return PTR_ERR(name);
	empty = !name->name[0];
	error = filename_lookup(dfd, name, LOOKUP_EMPTY, &path, NULL);
	putname(name);
	if (error)
		return error;
	if (d_is_symlink(path.dentry)) {
		touch_atime(&path);
		error = vfs_readlink(path.dentry, buf, bufsiz);
	} else {
		error = empty ? -ENOENT : -EINVAL;
	}
	path_put(&path);
	return error;
}

SYSCALL_DEFINE4(readlinkat, int, dfd, const char *, pathname, char *, buf, int, bufsiz)
{
	return do_readlinkat(dfd, pathname, buf, bufsiz);
}

SYSCALL_DEFINE3(readlink, const char *, path, char *, buf, int, bufsiz)
{
	return do_readlinkat(AT_FDCWD, path, buf, bufsiz);
}
