// SPDX-License-Identifier: GPL-2.0-only
/*
 * tmpfs extended attributes: trusted.* and security.* held in memory,
 * in each inode's simple_xattrs list (fs/xattr.c), gone with the inode.
 * As in Linux 6.1, tmpfs keeps no user.* attributes (EOPNOTSUPP) and
 * ramfs keeps none at all.
 *
 * Interface: tmpfs_xattr_handlers (sb->s_xattr of tmpfs mounts),
 * ramfs_listxattr() (->listxattr), tmpfs_symlink_inode_operations.
 * Locking: the list's own spinlock (simple_xattr_*).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/xattr.h>
#include "internal.h"

static int tmpfs_xattr_get(const struct xattr_handler *handler, struct dentry *dentry,
			   struct inode *inode, const char *name, void *buffer, size_t size)
{
	return simple_xattr_get(&RAMFS_I(inode)->xattrs, xattr_full_name(handler, name), buffer,
				size);
}

static int tmpfs_xattr_set(const struct xattr_handler *handler, struct dentry *dentry,
			   struct inode *inode, const char *name, const void *value, size_t size,
			   int flags)
{
	return simple_xattr_set(&RAMFS_I(inode)->xattrs, xattr_full_name(handler, name), value,
				size, flags);
}

static const struct xattr_handler tmpfs_trusted_xattr_handler = {
	.prefix = XATTR_TRUSTED_PREFIX,
	.get = tmpfs_xattr_get,
	.set = tmpfs_xattr_set,
};

static const struct xattr_handler tmpfs_security_xattr_handler = {
	.prefix = XATTR_SECURITY_PREFIX,
	.get = tmpfs_xattr_get,
	.set = tmpfs_xattr_set,
};

const struct xattr_handler *const tmpfs_xattr_handlers[] = {
	&tmpfs_trusted_xattr_handler,
	&tmpfs_security_xattr_handler,
	NULL,
};

ssize_t ramfs_listxattr(struct dentry *dentry, char *list, size_t size)
{
	return simple_xattr_list(&RAMFS_I(d_inode(dentry))->xattrs, list, size);
}

const struct inode_operations tmpfs_symlink_inode_operations = {
	.get_link = simple_get_link,
	.listxattr = ramfs_listxattr,
};
