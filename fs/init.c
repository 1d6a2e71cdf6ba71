// SPDX-License-Identifier: GPL-2.0-only
/*
 * File-system calls on kernel path names, for boot code (<linux/
 * init_syscalls.h>): the initramfs unpacker, early mounts and set-up of
 * device nodes.  Each is the system call of the same name minus the
 * user-space copying; relative names resolve against the current
 * task's cwd, as the system calls do.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/gfp.h>
#include <linux/sched.h>
#include <linux/fs.h>
#include <linux/fs_struct.h>
#include <linux/file.h>
#include <linux/namei.h>
#include <linux/mount.h>
#include <linux/init_syscalls.h>
#include <linux/capability.h>
#include "internal.h"

/* data may be any string: path_mount() wants a whole page it may terminate. */
int init_mount(const char *dev_name, const char *dir_name, const char *type_page,
	       unsigned long flags, void *data)
{
	char *page = NULL;
	struct path path;
	int ret;

	if (data) {
		page = (char *)get_zeroed_page(GFP_KERNEL);
		if (!page)
			return -ENOMEM;
		strscpy(page, data, PAGE_SIZE);
	}
	ret = kern_path(dir_name, LOOKUP_FOLLOW, &path);
	if (!ret) {
		ret = path_mount(dev_name, &path, type_page, flags, page);
		path_put(&path);
	}
	free_page((unsigned long)page);
	return ret;
}

int init_umount(const char *name, int flags)
{
	int lookup_flags = LOOKUP_MOUNTPOINT;
	struct path path;
	int ret;

	if (!(flags & UMOUNT_NOFOLLOW))
		lookup_flags |= LOOKUP_FOLLOW;
	ret = kern_path(name, lookup_flags, &path);
	if (ret)
		return ret;
	return path_umount(&path, flags);
}

int init_chdir(const char *filename)
{
	struct path path;
	int error = kern_path(filename, LOOKUP_FOLLOW | LOOKUP_DIRECTORY, &path);

	if (error)
		return error;
	error = inode_permission(path.dentry->d_inode, MAY_EXEC | MAY_CHDIR);
	if (!error)
		set_fs_pwd(current->fs, &path);
	path_put(&path);
	return error;
}

int init_chroot(const char *filename)
{
	struct path path;
	int error = kern_path(filename, LOOKUP_FOLLOW | LOOKUP_DIRECTORY, &path);

	if (error)
		return error;
	error = inode_permission(path.dentry->d_inode, MAY_EXEC | MAY_CHDIR);
	if (!error && !capable(CAP_SYS_CHROOT))
		error = -EPERM;
	if (!error)
		set_fs_root(current->fs, &path);
	path_put(&path);
	return error;
}

int init_chown(const char *filename, uid_t user, gid_t group, int flags)
{
	int lookup_flags = (flags & AT_SYMLINK_NOFOLLOW) ? 0 : LOOKUP_FOLLOW;
	struct path path;
	int error = kern_path(filename, lookup_flags, &path);

	if (error)
		return error;
	error = mnt_want_write(path.mnt);
	if (!error) {
		error = chown_common(&path, user, group);
		mnt_drop_write(path.mnt);
	}
	path_put(&path);
	return error;
}

int init_chmod(const char *filename, umode_t mode)
{
	struct path path;
	int error = kern_path(filename, LOOKUP_FOLLOW, &path);

	if (error)
		return error;
	error = chmod_common(&path, mode);
	path_put(&path);
	return error;
}

int init_eaccess(const char *filename)
{
	struct path path;
	int error = kern_path(filename, LOOKUP_FOLLOW, &path);

	if (error)
		return error;
	error = inode_permission(d_inode(path.dentry), MAY_ACCESS | MAY_EXEC);
	path_put(&path);
	return error;
}

int init_stat(const char *filename, struct kstat *stat, int flags)
{
	return vfs_fstatat(AT_FDCWD, filename, stat, flags);
}

int init_mknod(const char *filename, umode_t mode, unsigned int dev)
{
	return do_mknodat(AT_FDCWD, getname_kernel(filename), mode, dev);
}

int init_link(const char *oldname, const char *newname)
{
	return do_linkat(AT_FDCWD, getname_kernel(oldname), AT_FDCWD, getname_kernel(newname), 0);
}

int init_symlink(const char *oldname, const char *newname)
{
	return do_symlinkat(getname_kernel(oldname), AT_FDCWD, getname_kernel(newname));
}

int init_unlink(const char *pathname)
{
	return do_unlinkat(AT_FDCWD, getname_kernel(pathname));
}

int init_mkdir(const char *pathname, umode_t mode)
{
	return do_mkdirat(AT_FDCWD, getname_kernel(pathname), mode);
}

int init_rmdir(const char *pathname)
{
	return do_rmdir(AT_FDCWD, getname_kernel(pathname));
}

int init_utimes(const char *filename, struct timespec64 *ts)
{
	struct path path;
	int error = kern_path(filename, 0, &path);

	if (error)
		return error;
	error = vfs_utimes(&path, ts);
	path_put(&path);
	return error;
}

int init_dup(struct file *file)
{
	int fd = get_unused_fd_flags(0);

	if (fd < 0)
		return fd;
	fd_install(fd, get_file(file));
	return 0;
}
