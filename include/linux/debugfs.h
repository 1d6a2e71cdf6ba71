/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * debugfs (fs/debugfs/): a RAM file system for kernel debugging files,
 * mounted by the user at /sys/kernel/debug (`mount -t debugfs none
 * /sys/kernel/debug`), as on Linux.  Files exist whether or not it is
 * mounted; every mount shows the same tree.
 *
 *   d = debugfs_create_dir("bdi", NULL);          NULL parent: the root
 *   debugfs_create_file("stats", 0444, d, bdi, &stats_fops);
 *   debugfs_remove_recursive(d);
 *
 * A file's fops are called with file->private_data unset;
 * inode->i_private holds the data pointer given at creation (the
 * DEFINE_SHOW_ATTRIBUTE pattern: single_open(file, show,
 * inode->i_private)).  Creation returns an ERR_PTR on failure; callers
 * may ignore it (debugfs is never essential) and pass it back to the
 * remove calls, which accept NULL and error pointers.
 *
 * Locking: creation and removal may sleep; the tree has its own lock.
 */
#ifndef _LINUX_DEBUGFS_H
#define _LINUX_DEBUGFS_H

#include <linux/types.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/seq_file.h>

struct dentry;

#ifdef CONFIG_DEBUG_FS
struct dentry *debugfs_create_dir(const char *name, struct dentry *parent);
struct dentry *debugfs_create_file(const char *name, umode_t mode, struct dentry *parent,
				   void *data, const struct file_operations *fops);
void debugfs_remove_recursive(struct dentry *dentry);
#else
/* Without CONFIG_DEBUG_FS nothing is created; callers carry on. */
static inline struct dentry *debugfs_create_dir(const char *name, struct dentry *parent)
{
	return ERR_PTR(-ENODEV);
}
static inline struct dentry *debugfs_create_file(const char *name, umode_t mode,
						 struct dentry *parent, void *data,
						 const struct file_operations *fops)
{
	return ERR_PTR(-ENODEV);
}
static inline void debugfs_remove_recursive(struct dentry *dentry)
{
}
#endif
static inline void debugfs_remove(struct dentry *dentry)
{
	debugfs_remove_recursive(dentry);
}

#endif /* _LINUX_DEBUGFS_H */
