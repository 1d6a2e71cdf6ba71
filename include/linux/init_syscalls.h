/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * File-system operations on kernel path names for boot code
 * (fs/init.c): the initramfs unpacker, early mounts, devtmpfs set-up and
 * the self tests.  Each behaves like the system call of the same name
 * run by the current task, with its errors.
 */
#ifndef _LINUX_INIT_SYSCALLS_H
#define _LINUX_INIT_SYSCALLS_H

#include <linux/types.h>

struct timespec64;
struct kstat;
struct file;

int init_mount(const char *dev_name, const char *dir_name, const char *type_page,
	       unsigned long flags, void *data);
int init_umount(const char *name, int flags);
int init_chdir(const char *filename);
int init_chroot(const char *filename);
int init_chown(const char *filename, uid_t user, gid_t group, int flags);
int init_chmod(const char *filename, umode_t mode);
int init_eaccess(const char *filename);
int init_stat(const char *filename, struct kstat *stat, int flags);
int init_mknod(const char *filename, umode_t mode, unsigned int dev);
int init_link(const char *oldname, const char *newname);
int init_symlink(const char *oldname, const char *newname);
int init_unlink(const char *pathname);
int init_mkdir(const char *pathname, umode_t mode);
int init_rmdir(const char *pathname);
int init_utimes(const char *filename, struct timespec64 *ts);
int init_dup(struct file *file);

#endif /* _LINUX_INIT_SYSCALLS_H */
