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

/*
 * Most of these resolve a name, act on the path and drop it again: that
 * frame is on_kern_path(), the action a path_op.
 */
typedef int (*path_op)(const struct path *path, const void *arg);

static int on_kern_path(const char *name, unsigned int lookup, path_op op, const void *arg)
{
	struct path path;
	int err = kern_path(name, lookup, &path);

	if (!err) {
		err = op(&path, arg);
		path_put(&path);
	}
	return err;
}

struct mount_args {
	const char *dev_name;
	const char *type_page;
	unsigned long flags;
	void *data_page;
};

static int mount_on(const struct path *path, const void *arg)
{
	const struct mount_args *m = arg;

	return path_mount(m->dev_name, (struct path *)path, m->type_page, m->flags,
			  m->data_page);
}

/* data may be any string: path_mount() wants a whole page it may terminate. */
int init_mount(const char *dev_name, const char *dir_name, const char *type_page,
	       unsigned long flags, void *data)
{
	struct mount_args m = { .dev_name = dev_name, .type_page = type_page, .flags = flags };
	int ret;

	if (data) {
		m.data_page = (void *)get_zeroed_page(GFP_KERNEL);
		if (!m.data_page)
			return -ENOMEM;
		strscpy(m.data_page, data, PAGE_SIZE);
	}
	ret = on_kern_path(dir_name, LOOKUP_FOLLOW, mount_on, &m);
	free_page((unsigned long)m.data_page);
	return ret;
}

/* path_umount() consumes the path, so this one is not an on_kern_path() op. */
int init_umount(const char *name, int flags)
{
	unsigned int lookup = LOOKUP_MOUNTPOINT;
	struct path mountpoint;
	int err;

	if (!(flags & UMOUNT_NOFOLLOW))
		lookup |= LOOKUP_FOLLOW;
	err = kern_path(name, lookup, &mountpoint);
	return err ? err : path_umount(&mountpoint, flags);
}

/* chdir(2)/chroot(2) need search permission on the new directory. */
static int may_enter(const struct path *path)
{
	return inode_permission(path->dentry->d_inode, MAY_EXEC | MAY_CHDIR);
}

static int enter_as_cwd(const struct path *path, const void *unused)
{
	int err = may_enter(path);

	if (!err)
		set_fs_pwd(current->fs, path);
	return err;
}

static int enter_as_root(const struct path *path, const void *unused)
{
	int err = may_enter(path);

	if (err)
		return err;
	if (!capable(CAP_SYS_CHROOT))
		return -EPERM;
	set_fs_root(current->fs, path);
	return 0;
}

int init_chdir(const char *filename)
{
	return on_kern_path(filename, LOOKUP_FOLLOW | LOOKUP_DIRECTORY, enter_as_cwd, NULL);
}

int init_chroot(const char *filename)
{
	return on_kern_path(filename, LOOKUP_FOLLOW | LOOKUP_DIRECTORY, enter_as_root, NULL);
}

struct owner_args {
	uid_t user;
	gid_t group;
};

static int chown_on(const struct path *path, const void *arg)
{
	const struct owner_args *o = arg;
	int err = mnt_want_write(path->mnt);

	if (err)
		return err;
	err = chown_common(path, o->user, o->group);
	mnt_drop_write(path->mnt);
	return err;
}

int init_chown(const char *filename, uid_t user, gid_t group, int flags)
{
	struct owner_args o = { .user = user, .group = group };
	unsigned int lookup = (flags & AT_SYMLINK_NOFOLLOW) ? 0 : LOOKUP_FOLLOW;

	return on_kern_path(filename, lookup, chown_on, &o);
}

static int chmod_on(const struct path *path, const void *arg)
{
	return chmod_common(path, *(const umode_t *)arg);
}

int init_chmod(const char *filename, umode_t mode)
{
	return on_kern_path(filename, LOOKUP_FOLLOW, chmod_on, &mode);
}

/* Executable (or searchable) by the caller: what the boot code asks before exec. */
static int check_exec_access(const struct path *path, const void *unused)
{
	return inode_permission(d_inode(path->dentry), MAY_ACCESS | MAY_EXEC);
}

int init_eaccess(const char *filename)
{
	return on_kern_path(filename, LOOKUP_FOLLOW, check_exec_access, NULL);
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

static int utimes_on_path(const struct path *path, const void *arg)
{
	return vfs_utimes(path, (struct timespec64 *)arg);
}

/* Like utimensat(2) with AT_SYMLINK_NOFOLLOW: a symlink's own times. */
int init_utimes(const char *filename, struct timespec64 *ts)
{
	return on_kern_path(filename, 0, utimes_on_path, ts);
}

int init_dup(struct file *file)
{
	int fd = get_unused_fd_flags(0);

	if (fd < 0)
		return fd;
	fd_install(fd, get_file(file));
	return 0;
}
