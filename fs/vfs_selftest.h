/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Helpers for the VFS self tests (fs/..._test.c, init/initramfs_test.c).
 *
 * vfs_run_sandboxed(name, body) runs body with a private fs_struct and
 * descriptor table, its cwd in a fresh tmpfs mounted on /selftest-<name>,
 * and undoes all of it afterwards: every descriptor is closed and the
 * tmpfs unmounted (a test that leaves the mount busy fails).
 *
 * The t_*() wrappers are the system calls with kernel buffers and kernel
 * path names: descriptors, f_pos and errno behave as for the calls.
 */
#ifndef _FS_VFS_SELFTEST_H
#define _FS_VFS_SELFTEST_H

#include <linux/types.h>
#include <linux/stat.h>
#include <linux/statfs.h>
#include <linux/selftest.h>

int vfs_run_sandboxed(const char *name, const char *fstype, const char *opts,
		      int (*body)(void));

int t_open(const char *path, int flags, umode_t mode);
int t_openat(int dfd, const char *path, int flags, umode_t mode);
int t_close(int fd);
ssize_t t_read(int fd, void *buf, size_t count);
ssize_t t_write(int fd, const void *buf, size_t count);
ssize_t t_pread(int fd, void *buf, size_t count, loff_t pos);
ssize_t t_pwrite(int fd, const void *buf, size_t count, loff_t pos);
loff_t t_lseek(int fd, loff_t offset, int whence);
int t_stat(const char *path, struct kstat *st);
int t_lstat(const char *path, struct kstat *st);
int t_fstatat(int dfd, const char *path, struct kstat *st, int flags);
int t_fstat(int fd, struct kstat *st);
int t_mkdir(const char *path, umode_t mode);
int t_rmdir(const char *path);
int t_unlink(const char *path);
int t_rename(const char *oldpath, const char *newpath, unsigned int flags);
int t_link(const char *oldpath, const char *newpath);
int t_symlink(const char *target, const char *linkpath);
/* The link body into buf (NUL-terminated); returns its length or -errno. */
int t_readlink(const char *path, char *buf, int len);
int t_truncate(const char *path, loff_t len);
int t_ftruncate(int fd, loff_t len);
long t_getdents(int fd, void *buf, size_t len);
int t_statfs(const char *path, struct kstatfs *st);
int t_mount(const char *src, const char *dir, const char *type, unsigned long flags,
	    const char *opts);
int t_umount(const char *dir, int flags);
int t_chdir(const char *path);
/* Write text to an existing file (a /proc or /sys knob) in one write(). */
ssize_t t_write_str(const char *path, const char *text);
/* Write a whole file (created or truncated) / compare a file with data. */
int t_put_file(const char *path, const void *data, size_t len);
bool t_file_equals(const char *path, const void *data, size_t len);

/* A system call through its real entry point, with fake registers. */
long t_syscall6(long (*entry)(const struct pt_regs *), unsigned long a0, unsigned long a1,
		unsigned long a2, unsigned long a3, unsigned long a4, unsigned long a5);
#define t_syscall(entry, ...) t_syscall_n(entry, ##__VA_ARGS__, 0, 0, 0, 0, 0, 0)
#define t_syscall_n(entry, a0, a1, a2, a3, a4, a5, ...) \
	t_syscall6(entry, (unsigned long)(a0), (unsigned long)(a1), (unsigned long)(a2), \
		   (unsigned long)(a3), (unsigned long)(a4), (unsigned long)(a5))

/* ST_ASSERT() for "expr == expected", printing both. */
#define ST_EQ(expr, expected)							\
	do {									\
		long __v = (long)(expr), __e = (long)(expected);		\
		ST_ASSERT(__v == __e, "%s = %ld, expected %ld", #expr, __v, __e); \
	} while (0)

#endif /* _FS_VFS_SELFTEST_H */
