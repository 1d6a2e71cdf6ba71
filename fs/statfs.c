// SPDX-License-Identifier: GPL-2.0-only
/*
 * statfs(2) and fstatfs(2): numbers about the file system a path or an
 * open file lives on.
 *
 * Interface: vfs_statfs() (->statfs of the super block, then f_flags
 * from the mount as statvfs(3) defines them), user_statfs() and
 * fd_statfs() for the two system calls and their users.
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

/* Per-mount flags and the ST_* bit each shows up as in f_flags. */
static const struct {
	int mnt;
	long st;
} mnt_st_flags[] = {
	{ .mnt = MNT_READONLY,		.st = ST_RDONLY },
	{ .mnt = MNT_NOSUID,		.st = ST_NOSUID },
	{ .mnt = MNT_NODEV,		.st = ST_NODEV },
	{ .mnt = MNT_NOEXEC,		.st = ST_NOEXEC },
	{ .mnt = MNT_NOATIME,		.st = ST_NOATIME },
	{ .mnt = MNT_NODIRATIME,	.st = ST_NODIRATIME },
	{ .mnt = MNT_RELATIME,		.st = ST_RELATIME },
	{ .mnt = MNT_NOSYMFOLLOW,	.st = ST_NOSYMFOLLOW },
};

/* f_flags: ST_VALID says the field is filled in at all. */
static long statfs_flags(const struct vfsmount *mnt)
{
	long flags = ST_VALID;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(mnt_st_flags); i++)
		if (mnt->mnt_flags & mnt_st_flags[i].mnt)
			flags |= mnt_st_flags[i].st;
	/* Read-only and synchronous may also come from the super block. */
	if (sb_rdonly(mnt->mnt_sb))
		flags |= ST_RDONLY;
	if (mnt->mnt_sb->s_flags & SB_SYNCHRONOUS)
		flags |= ST_SYNCHRONOUS;
	return flags;
}

int vfs_statfs(const struct path *path, struct kstatfs *buf)
{
	struct super_block *sb = path->dentry->d_sb;
	int err;

	/* A file system that keeps no such numbers cannot answer. */
	if (!sb->s_op->statfs)
		return -ENOSYS;
	memset(buf, 0, sizeof(*buf));
	err = sb->s_op->statfs(path->dentry, buf);
	if (err)
		return err;
	/* A file system that does not fill in a fragment size has whole blocks. */
	buf->f_frsize = buf->f_frsize ? buf->f_frsize : buf->f_bsize;
	buf->f_flags = statfs_flags(path->mnt);
	return 0;
}

int user_statfs(const char *pathname, struct kstatfs *st)
{
	struct path path;
	int err;

	err = user_path_at(AT_FDCWD, pathname, LOOKUP_FOLLOW, &path);
	if (err)
		return err;
	err = vfs_statfs(&path, st);
	path_put(&path);
	return err;
}

/* O_PATH descriptors are fine: only the location matters. */
int fd_statfs(int fd, struct kstatfs *st)
{
	struct file *file = fget_raw(fd);
	int err;

	if (!file)
		return -EBADF;
	err = vfs_statfs(&file->f_path, st);
	fput(file);
	return err;
}

/*
 * The x86_64 struct statfs has no implicit padding (its size is checked
 * above), so the designated initialiser sets every byte that is copied
 * out, f_spare included.
 */
static int statfs_to_user(const struct kstatfs *st, struct statfs *ubuf)
{
	struct statfs out = {
		.f_type		= st->f_type,
		.f_bsize	= st->f_bsize,
		.f_blocks	= st->f_blocks,
		.f_bfree	= st->f_bfree,
		.f_bavail	= st->f_bavail,
		.f_files	= st->f_files,
		.f_ffree	= st->f_ffree,
		.f_fsid		= st->f_fsid,
		.f_namelen	= st->f_namelen,
		.f_frsize	= st->f_frsize,
		.f_flags	= st->f_flags,
	};

	return copy_to_user(ubuf, &out, sizeof(out)) ? -EFAULT : 0;
}

SYSCALL_DEFINE2(statfs, const char *, pathname, struct statfs *, buf)
{
	struct kstatfs st;
	int err = user_statfs(pathname, &st);

	if (err)
		return err;
	return statfs_to_user(&st, buf);
}

SYSCALL_DEFINE2(fstatfs, unsigned int, fd, struct statfs *, buf)
{
	struct kstatfs st;
	int err = fd_statfs(fd, &st);

	if (err)
		return err;
	return statfs_to_user(&st, buf);
}
