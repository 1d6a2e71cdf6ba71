/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Files with no file system behind them (fs/anon_inodes.c): epoll,
 * eventfd, timerfd, signalfd and the like.
 *
 *	file = anon_inode_getfile("[eventfd]", &eventfd_fops, ctx, O_RDWR);
 *	fd   = anon_inode_getfd("[eventfd]", &eventfd_fops, ctx, O_RDWR | O_CLOEXEC);
 *
 * Every such file shares one inode of the internal anon_inodefs; the
 * name only shows in /proc/<pid>/fd/N ("anon_inode:[eventfd]").  priv
 * becomes file->private_data.  Of flags, the access mode and O_NONBLOCK
 * go to the file; anon_inode_getfd() also honours O_CLOEXEC.  On
 * failure nothing is left behind and priv is untouched (the caller frees
 * it); on success the file's ->release owns priv.
 */
#ifndef _LINUX_ANON_INODES_H
#define _LINUX_ANON_INODES_H

struct file;
struct file_operations;

struct file *anon_inode_getfile(const char *name, const struct file_operations *fops,
				void *priv, int flags);
int anon_inode_getfd(const char *name, const struct file_operations *fops, void *priv,
		     int flags);

#endif /* _LINUX_ANON_INODES_H */
