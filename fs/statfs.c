// SPDX-License-Identifier: GPL-2.0-only
/*
 * File-system statistics: statfs(2) and fstatfs(2).
 *
 * Interface: vfs_statfs() (the file system's ->statfs plus the mount
 * flags in f_flags), user_statfs(), fd_statfs().
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/namei.h>
#include <linux/mount.h>
#include <linux/statfs.h>
#include <linux/syscalls.h>
#include <asm/uaccess.h>

BUILD_BUG_ON(sizeof(struct statfs) != 120);

static long mnt_to_st_flags(const struct vfsmount *mnt)
{
	int mf = mnt->mnt_flags;
	long flags = ST_VALID;

	if ((mf & MNT_READONLY) || sb_rdonly(mnt->mnt_sb))
		flags |= ST_RDONLY;
	if (mf & MNT_NOSUID)
		flags |= ST_NOSUID;
	if (mf & MNT_NODEV)
		flags |= ST_NODEV;
	if (mf & MNT_NOEXEC)
		flags |= ST_NOEXEC;
	if (mf & MNT_NOATIME)
		flags |= ST_NOATIME;
	if (mf & MNT_NODIRATIME)
		flags |= ST_NODIRATIME;
	if (mf & MNT_RELATIME)
		flags |= ST_RELATIME;
	if (mf & MNT_NOSYMFOLLOW)
		flags |= ST_NOSYMFOLLOW;
	if (mnt->mnt_sb->s_flags & SB_SYNCHRONOUS)
		flags |= ST_SYNCHRONOUS;
	return flags;
}

int vfs_statfs(const struct path *path, struct kstatfs *buf)
{
	struct super_block *sb = path->dentry->d_sb;
	int error;

	if (!sb->s_op->statfs)
		return -ENOSYS;
	memset(buf, 0, sizeof(*buf));
	error = sb->s_op->statfs(path->dentry, buf);
	if (error)
		return error;
	if (!buf->f_frsize)
		buf->f_frsize = buf->f_bsize;
	buf->f_flags = mnt_to_st_flags(path->mnt);
	return 0;
}

int user_statfs(const char *pathname, struct kstatfs *st)
{
	struct path path;
	int error = user_path_at(AT_FDCWD, pathname, LOOKUP_FOLLOW, &path);

	if (!error) {
		error = vfs_statfs(&path, st);
		path_put(&path);
	}
	return error;
}

int fd_statfs(int fd, struct kstatfs *st)
{
	struct fd f = fdget_raw(fd);
	int error;

	if (!f.file)
		return -EBADF;
	error = vfs_statfs(&f.file->f_path, st);
	fdput(f);
	return error;
}

static int do_statfs_native(const struct kstatfs *st, struct statfs *p)
{
	struct statfs buf;

	memset(&buf, 0, sizeof(buf));
	buf.f_type = st->f_type;
	buf.f_bsize = st->f_bsize;
	buf.f_blocks = st->f_blocks;
	buf.f_bfree = st->f_bfree;
	buf.f_bavail = st->f_bavail;
	buf.f_files = st->f_files;
	buf.f_ffree = st->f_ffree;
	buf.f_fsid = st->f_fsid;
	buf.f_namelen = st->f_namelen;
	buf.f_frsize = st->f_frsize;
	buf.f_flags = st->f_flags;
	return copy_to_user(p, &buf, sizeof(buf)) ? -EFAULT : 0;
}

SYSCALL_DEFINE2(statfs, const char *, pathname, struct statfs *, buf)
{
	struct kstatfs st;
	int error = user_statfs(pathname, &st);

	return error ? error : do_statfs_native(&st, buf);
}

SYSCALL_DEFINE2(fstatfs, unsigned int, fd, struct statfs *, buf)
{
	struct kstatfs st;
	int error = fd_statfs(fd, &st);

	return error ? error : do_statfs_native(&st, buf);
}
