// SPDX-License-Identifier: GPL-2.0-only
/*
 * Shared helpers of the VFS self tests: the per-test sandbox and thin
 * wrappers that run the system-call bodies with kernel buffers.  See
 * fs/vfs_selftest.h.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/sched.h>
#include <linux/fs.h>
#include <linux/fs_struct.h>
#include <linux/fdtable.h>
#include <linux/file.h>
#include <linux/namei.h>
#include <linux/mount.h>
#include <linux/statfs.h>
#include <linux/uio.h>
#include <linux/init_syscalls.h>
#include <asm/ptrace.h>
#include "vfs_selftest.h"

int vfs_run_sandboxed(const char *name, const char *fstype, const char *opts,
		      int (*body)(void))
{
	struct fs_struct *saved_fs = current->fs, *fs;
	struct files_struct *saved_files = current->files, *files;
	char dir[64];
	int err, ret;

	fs = copy_fs_struct(saved_fs);
	if (!fs)
		return -ENOMEM;
	files = dup_fd(saved_files, &err);
	if (!files) {
		free_fs_struct(fs);
		return err;
	}
	current->fs = fs;
	current->files = files;

	snprintf(dir, sizeof(dir), "/selftest-%s", name);
	ret = init_mkdir(dir, 0755);
	if (!ret)
		ret = init_mount(fstype, dir, fstype, 0, (void *)opts);
	if (!ret)
		ret = init_chdir(dir);
	if (ret) {
		st_diag("sandbox %s: set-up failed: %d", dir, ret);
	} else {
		ret = body();
	}

	/* Close everything the test left open, then leave and unmount. */
	current->files = saved_files;
	put_files_struct(files);
	init_chdir("/");
	err = init_umount(dir, 0);
	if (err && err != -EINVAL) {
		st_diag("sandbox %s: umount failed: %d", dir, err);
		init_umount(dir, MNT_DETACH);
		if (!ret)
			ret = err;
	}
	init_rmdir(dir);
	current->fs = saved_fs;
	free_fs_struct(fs);
	return ret;
}

int t_openat(int dfd, const char *path, int flags, umode_t mode)
{
	return do_sys_open_kernel(dfd, path, flags | O_LARGEFILE, mode);
}

int t_open(const char *path, int flags, umode_t mode)
{
	return t_openat(AT_FDCWD, path, flags, mode);
}

int t_close(int fd)
{
	return close_fd(fd);
}

ssize_t t_read(int fd, void *buf, size_t count)
{
	struct fd f = fdget_pos(fd);
	ssize_t ret;

	if (!f.file)
		return -EBADF;
	ret = kernel_read(f.file, buf, count, &f.file->f_pos);
	fdput_pos(f);
	return ret;
}

ssize_t t_write(int fd, const void *buf, size_t count)
{
	struct fd f = fdget_pos(fd);
	ssize_t ret;

	if (!f.file)
		return -EBADF;
	ret = kernel_write(f.file, buf, count, &f.file->f_pos);
	fdput_pos(f);
	return ret;
}

ssize_t t_pread(int fd, void *buf, size_t count, loff_t pos)
{
	struct fd f = fdget(fd);
	ssize_t ret;

	if (!f.file)
		return -EBADF;
	ret = kernel_read(f.file, buf, count, &pos);
	fdput(f);
	return ret;
}

ssize_t t_pwrite(int fd, const void *buf, size_t count, loff_t pos)
{
	struct fd f = fdget(fd);
	ssize_t ret;

	if (!f.file)
		return -EBADF;
	ret = kernel_write(f.file, buf, count, &pos);
	fdput(f);
	return ret;
}

loff_t t_lseek(int fd, loff_t offset, int whence)
{
	return ksys_lseek(fd, offset, whence);
}

int t_fstatat(int dfd, const char *path, struct kstat *st, int flags)
{
	return vfs_fstatat(dfd, path, st, flags);
}

int t_stat(const char *path, struct kstat *st)
{
	return vfs_fstatat(AT_FDCWD, path, st, 0);
}

int t_lstat(const char *path, struct kstat *st)
{
	return vfs_fstatat(AT_FDCWD, path, st, AT_SYMLINK_NOFOLLOW);
}

int t_fstat(int fd, struct kstat *st)
{
	return vfs_fstat(fd, st);
}

int t_mkdir(const char *path, umode_t mode)
{
	return init_mkdir(path, mode);
}

int t_rmdir(const char *path)
{
	return init_rmdir(path);
}

int t_unlink(const char *path)
{
	return init_unlink(path);
}

int t_rename(const char *oldpath, const char *newpath, unsigned int flags)
{
	return do_renameat2(AT_FDCWD, getname_kernel(oldpath), AT_FDCWD,
			    getname_kernel(newpath), flags);
}

int t_link(const char *oldpath, const char *newpath)
{
	return init_link(oldpath, newpath);
}

int t_symlink(const char *target, const char *linkpath)
{
	return init_symlink(target, linkpath);
}

int t_readlink(const char *path, char *buf, int len)
{
	DEFINE_DELAYED_CALL(done);
	struct path p;
	const char *body;
	int err = kern_path(path, 0, &p);

	if (err)
		return err;
	body = vfs_get_link(p.dentry, &done);
	if (IS_ERR(body)) {
		err = PTR_ERR(body);
	} else {
		err = strscpy(buf, body, len);
		do_delayed_call(&done);
	}
	path_put(&p);
	return err;
}

int t_truncate(const char *path, loff_t len)
{
	struct path p;
	int err = kern_path(path, LOOKUP_FOLLOW, &p);

	if (err)
		return err;
	err = vfs_truncate(&p, len);
	path_put(&p);
	return err;
}

int t_ftruncate(int fd, loff_t len)
{
	return do_sys_ftruncate(fd, len, 0);
}

long t_getdents(int fd, void *buf, size_t len)
{
	struct kvec kv = { buf, len };
	struct iov_iter iter;

	iov_iter_kvec(&iter, ITER_DEST, &kv, 1, len);
	return ksys_getdents64_iter(fd, &iter);
}

int t_statfs(const char *path, struct kstatfs *st)
{
	struct path p;
	int err = kern_path(path, LOOKUP_FOLLOW, &p);

	if (err)
		return err;
	err = vfs_statfs(&p, st);
	path_put(&p);
	return err;
}

int t_mount(const char *src, const char *dir, const char *type, unsigned long flags,
	    const char *opts)
{
	return init_mount(src, dir, type, flags, (void *)opts);
}

int t_umount(const char *dir, int flags)
{
	return init_umount(dir, flags);
}

int t_chdir(const char *path)
{
	return init_chdir(path);
}

ssize_t t_write_str(const char *path, const char *text)
{
	int fd = t_open(path, O_WRONLY, 0);
	ssize_t n;

	if (fd < 0)
		return fd;
	n = t_write(fd, text, strlen(text));
	t_close(fd);
	return n;
}

int t_put_file(const char *path, const void *data, size_t len)
{
	int fd = t_open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	ssize_t n;

	if (fd < 0)
		return fd;
	n = t_write(fd, data, len);
	t_close(fd);
	if (n < 0)
		return n;
	return n == (ssize_t)len ? 0 : -EIO;
}

bool t_file_equals(const char *path, const void *data, size_t len)
{
	int fd = t_open(path, O_RDONLY, 0);
	char *buf;
	ssize_t n;
	bool same;

	if (fd < 0)
		return false;
	buf = kmalloc(len + 1, GFP_KERNEL);
	if (!buf) {
		t_close(fd);
		return false;
	}
	/* One byte more than expected proves the file ends there. */
	n = t_read(fd, buf, len + 1);
	same = n == (ssize_t)len && !memcmp(buf, data, len);
	kfree(buf);
	t_close(fd);
	return same;
}

long t_syscall6(long (*entry)(const struct pt_regs *), unsigned long a0, unsigned long a1,
		unsigned long a2, unsigned long a3, unsigned long a4, unsigned long a5)
{
	struct pt_regs regs = {
		.di = a0, .si = a1, .dx = a2, .r10 = a3, .r8 = a4, .r9 = a5,
	};

	return entry(&regs);
}
