/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Extended attributes inside the kernel (fs/xattr.c).
 *
 * A file system that stores attributes points sb->s_xattr at a
 * NULL-terminated table of name space handlers, one per prefix it keeps
 * ("user.", "trusted.", "security."), and gives its inodes a
 * ->listxattr.  The VFS finds the handler for a name, applies xattr(7)'s
 * permission rules, takes the inode's i_rwsem around changes, and calls
 * the handler with the name stripped of its prefix.  A name whose prefix
 * no handler claims is EOPNOTSUPP, as on a file system without xattrs.
 *
 * Entry points (the system calls and the rest of the kernel):
 *   vfs_getxattr()    value length, or -ENODATA (absent), -EOPNOTSUPP
 *                     (not stored here), -ERANGE (size too small);
 *                     size 0 asks for the length only
 *   vfs_setxattr()    flags XATTR_CREATE (EEXIST) / XATTR_REPLACE (ENODATA)
 *   vfs_removexattr()
 *   vfs_listxattr()   the names, each NUL-terminated, or the length
 *   xattr_kill_priv() drop security.capability (a write or chown)
 *
 * In-memory file systems keep their attributes in a struct simple_xattrs
 * per inode (simple_xattr_get/set/list).
 */
#ifndef _LINUX_XATTR_H
#define _LINUX_XATTR_H

#include <linux/types.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <uapi/linux/xattr.h>
#include <uapi/linux/limits.h>

struct dentry;
struct inode;

/*
 * One name space of one file system.  get/set receive the name without
 * the prefix; set with value == NULL removes (flags XATTR_REPLACE then).
 * list, when present, says whether the caller may see this name space
 * in a listing (trusted.* only for CAP_SYS_ADMIN).  Handlers are called
 * with the inode's i_rwsem held exclusively for set, unlocked for get.
 */
struct xattr_handler {
	const char *prefix;
	int flags;			/* the file system's own (an index) */
	bool (*list)(struct dentry *dentry);
	int (*get)(const struct xattr_handler *handler, struct dentry *dentry,
		   struct inode *inode, const char *name, void *buffer, size_t size);
	int (*set)(const struct xattr_handler *handler, struct dentry *dentry,
		   struct inode *inode, const char *name, const void *value, size_t size,
		   int flags);
};

ssize_t vfs_getxattr(struct dentry *dentry, const char *name, void *buf, size_t size);
int vfs_setxattr(struct dentry *dentry, const char *name, const void *value, size_t size,
		 int flags);
int vfs_removexattr(struct dentry *dentry, const char *name);
ssize_t vfs_listxattr(struct dentry *dentry, char *list, size_t size);

/* Without permission checks; the caller holds the inode's i_rwsem. */
int __vfs_removexattr(struct dentry *dentry, const char *name);
/* Does the file carry security.capability?  1, 0, or an error. */
int xattr_need_kill_priv(struct dentry *dentry);
/* Remove it (i_rwsem held); 0 when there was none. */
int xattr_kill_priv(struct dentry *dentry);

/*
 * Append "prefixname\0" to a listing of @size bytes (0: count only)
 * whose first *@used bytes are taken; -ERANGE when it does not fit.
 */
int xattr_list_one(char *list, size_t size, size_t *used, const char *prefix,
		   const char *name, size_t name_len);

/* The full name a handler was called for (it gets the part after its prefix). */
static inline const char *xattr_full_name(const struct xattr_handler *handler, const char *name)
{
	return name - strlen(handler->prefix);
}

/*
 * Attributes held in memory: a list of full names and their values.
 * lock guards the list; values never change in place (a new entry
 * replaces the old one).
 */
struct simple_xattrs {
	struct list_head head;
	spinlock_t lock;
};

void simple_xattrs_init(struct simple_xattrs *xattrs);
void simple_xattrs_free(struct simple_xattrs *xattrs);
int simple_xattr_get(struct simple_xattrs *xattrs, const char *name, void *buf, size_t size);
/* Set, or remove when @value is NULL; XATTR_CREATE/XATTR_REPLACE as setxattr(2). */
int simple_xattr_set(struct simple_xattrs *xattrs, const char *name, const void *value,
		     size_t size, int flags);
/* The names, trusted.* only for CAP_SYS_ADMIN; -ERANGE past @size (0: count). */
ssize_t simple_xattr_list(struct simple_xattrs *xattrs, char *list, size_t size);

#endif /* _LINUX_XATTR_H */
