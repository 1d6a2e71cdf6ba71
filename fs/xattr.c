// SPDX-License-Identifier: GPL-2.0-only
/*
 * Extended attributes: the VFS half and the system calls
 * {,l,f}{set,get,list,remove}xattr.
 *
 * A file system keeps attributes by name space: sb->s_xattr lists a
 * handler per prefix it stores (linux/xattr.h), and its inodes'
 * ->listxattr enumerates the names.  Here we find the handler for a
 * name, apply the rules of xattr(7) and of Linux's capability checks, and
 * serialise changes with the inode's i_rwsem:
 *
 *   - any change: EPERM on an immutable or append-only inode, EROFS on a
 *     read-only mount (the system calls take write access to the mount);
 *   - user.*: only regular files and directories carry them (EPERM to
 *     set, ENODATA to read elsewhere); in a sticky directory only its
 *     owner or CAP_FOWNER may change them; read/write permission on the
 *     inode as for its contents;
 *   - trusted.*: CAP_SYS_ADMIN (without it they read as absent and are
 *     left out of listings, the file system's ->list says so);
 *   - security.*: anyone may read them; changing one needs write
 *     permission on the inode (what Debian's Linux, whose security
 *     module decides these, allows), and security.capability also
 *     CAP_SETFCAP and a well-formed revision 2 or 3 value (EINVAL
 *     otherwise, checked first);
 *   - other prefixes (system.* included) fall through to the inode's
 *     permission and then find no handler: EOPNOTSUPP.
 *
 * The system calls check their arguments first, in Linux's order: a
 * name of 0 or more than XATTR_NAME_MAX bytes is ERANGE, a value over
 * XATTR_SIZE_MAX is E2BIG, unknown flags EINVAL; a buffer too small for
 * the answer is ERANGE (E2BIG when even the largest one would be).
 *
 * A successful change updates the inode's ctime.  Writing a file or
 * giving it away drops its security.capability (xattr_kill_priv(),
 * called from file_remove_privs() and setattr_prepare()), as those
 * changes drop set-user-ID bits.
 *
 * Locking: set and remove run under the inode's i_rwsem (exclusive);
 * get and list take no VFS lock, the file system keeps its store
 * consistent for readers.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/fsnotify.h>
#include <linux/file.h>
#include <linux/namei.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/capability.h>
#include <linux/syscalls.h>
#include <linux/xattr.h>
#include <asm/byteorder.h>
#include <asm/uaccess.h>

static bool has_prefix(const char *name, const char *prefix)
{
	return !strncmp(name, prefix, strlen(prefix));
}

/*
 * The handler for a full name, with *name advanced past its prefix.
 * A bare prefix ("user.") names nothing: EINVAL.
 */
static const struct xattr_handler *xattr_find_handler(struct inode *inode, const char **name)
{
	const struct xattr_handler *const *h = inode->i_sb->s_xattr;

	if (!h)
		return ERR_PTR(-EOPNOTSUPP);
	for (; *h; h++) {
		size_t len = strlen((*h)->prefix);

		if (strncmp(*name, (*h)->prefix, len))
			continue;
		if (!(*name)[len])
			return ERR_PTR(-EINVAL);
		*name += len;
		return *h;
	}
	return ERR_PTR(-EOPNOTSUPP);
}

/* xattr(7)'s rules for reading (MAY_READ) or changing (MAY_WRITE) @name. */
static int xattr_permission(struct inode *inode, const char *name, int mask)
{
	bool change = mask & MAY_WRITE;

	if (change && (IS_IMMUTABLE(inode) || IS_APPEND(inode)))
		return -EPERM;
	if (has_prefix(name, XATTR_SECURITY_PREFIX)) {
		if (!change)
			return 0;
		if (!strcmp(name, XATTR_NAME_CAPS) && !capable_wrt_inode_uidgid(inode, CAP_SETFCAP))
			return -EPERM;
		return inode_permission(inode, MAY_WRITE);
	}
	if (has_prefix(name, XATTR_SYSTEM_PREFIX))
		return 0;
	if (has_prefix(name, XATTR_TRUSTED_PREFIX) && !capable(CAP_SYS_ADMIN))
		return change ? -EPERM : -ENODATA;
	if (has_prefix(name, XATTR_USER_PREFIX)) {
		if (!S_ISREG(inode->i_mode) && !S_ISDIR(inode->i_mode))
			return change ? -EPERM : -ENODATA;
		if (change && S_ISDIR(inode->i_mode) && (inode->i_mode & S_ISVTX) &&
		    !inode_owner_or_capable(inode))
			return -EPERM;
	}
	return inode_permission(inode, mask);
}

/*
 * A file capability must carry a revision we know, with the size that
 * revision has (the value is stored as given; no namespace translation).
 */
static int xattr_check_caps(const void *value, size_t size)
{
	__le32 magic;
	u32 rev;

	if (size < sizeof(magic))
		return -EINVAL;
	memcpy(&magic, value, sizeof(magic));
	rev = le32_to_cpu(magic) & VFS_CAP_REVISION_MASK;
	if (rev == VFS_CAP_REVISION_2 && size == XATTR_CAPS_SZ_2)
		return 0;
	if (rev == VFS_CAP_REVISION_3 && size == XATTR_CAPS_SZ_3)
		return 0;
	return -EINVAL;
}

/* Get without permission checks (the kernel's own questions). */
static ssize_t __vfs_getxattr(struct dentry *dentry, const char *name, void *buf, size_t size)
{
	struct inode *inode = d_inode(dentry);
	const struct xattr_handler *handler = xattr_find_handler(inode, &name);

	if (IS_ERR(handler))
		return PTR_ERR(handler);
	if (!handler->get)
		return -EOPNOTSUPP;
	return handler->get(handler, dentry, inode, name, buf, size);
}

/* Set (value != NULL) or remove; the caller holds i_rwsem. */
static int __vfs_setxattr(struct dentry *dentry, const char *name, const void *value,
			  size_t size, int flags)
{
	struct inode *inode = d_inode(dentry);
	const struct xattr_handler *handler = xattr_find_handler(inode, &name);
	int err;

	if (IS_ERR(handler))
		return PTR_ERR(handler);
	if (!handler->set)
		return -EOPNOTSUPP;
	err = handler->set(handler, dentry, inode, name, value, size, flags);
	if (err)
		return err;
	inode->i_ctime = current_time(inode);
	mark_inode_dirty(inode);
	return 0;
}

ssize_t vfs_getxattr(struct dentry *dentry, const char *name, void *buf, size_t size)
{
	int err = xattr_permission(d_inode(dentry), name, MAY_READ);

	if (err)
		return err;
	return __vfs_getxattr(dentry, name, buf, size);
}

int vfs_setxattr(struct dentry *dentry, const char *name, const void *value, size_t size,
		 int flags)
{
	struct inode *inode = d_inode(dentry);
	int err;

	if (!value)
		return -EINVAL;
	if (!strcmp(name, XATTR_NAME_CAPS)) {
		err = xattr_check_caps(value, size);
		if (err)
			return err;
	}
	inode_lock(inode);
	err = xattr_permission(inode, name, MAY_WRITE);
	if (!err)
		err = __vfs_setxattr(dentry, name, value, size, flags);
	inode_unlock(inode);
	if (!err)
		fsnotify_xattr(dentry);
	return err;
}

int __vfs_removexattr(struct dentry *dentry, const char *name)
{
	return __vfs_setxattr(dentry, name, NULL, 0, XATTR_REPLACE);
}

int vfs_removexattr(struct dentry *dentry, const char *name)
{
	struct inode *inode = d_inode(dentry);
	int err;

	inode_lock(inode);
	err = xattr_permission(inode, name, MAY_WRITE);
	if (!err)
		err = __vfs_removexattr(dentry, name);
	inode_unlock(inode);
	if (!err)
		fsnotify_xattr(dentry);
	return err;
}

ssize_t vfs_listxattr(struct dentry *dentry, char *list, size_t size)
{
	struct inode *inode = d_inode(dentry);

	if (!inode->i_op->listxattr)
		return 0;
	return inode->i_op->listxattr(dentry, list, size);
}

int xattr_list_one(char *list, size_t size, size_t *used, const char *prefix,
		   const char *name, size_t name_len)
{
	size_t plen = strlen(prefix), len = plen + name_len + 1;

	if (size) {
		if (len > size - *used)
			return -ERANGE;
		memcpy(list + *used, prefix, plen);
		memcpy(list + *used + plen, name, name_len);
		list[*used + len - 1] = '\0';
	}
	*used += len;
	return 0;
}

int xattr_need_kill_priv(struct dentry *dentry)
{
	ssize_t len = __vfs_getxattr(dentry, XATTR_NAME_CAPS, NULL, 0);

	if (len == -ENODATA || len == -EOPNOTSUPP)
		return 0;
	if (len < 0)
		return len;
	return len > 0;
}

int xattr_kill_priv(struct dentry *dentry)
{
	int err = __vfs_removexattr(dentry, XATTR_NAME_CAPS);

	return err == -ENODATA || err == -EOPNOTSUPP ? 0 : err;
}

/* ------------------------------------------------------------ in-memory store */

/* One attribute of a simple_xattrs list. */
struct simple_xattr {
	struct list_head list;
	size_t size;
	char *name;			/* points into data, after the value */
	char data[];			/* the value, then the NUL-terminated name */
};

void simple_xattrs_init(struct simple_xattrs *xattrs)
{
	INIT_LIST_HEAD(&xattrs->head);
	spin_lock_init(&xattrs->lock);
}

void simple_xattrs_free(struct simple_xattrs *xattrs)
{
	struct simple_xattr *x, *next;

	list_for_each_entry_safe(x, next, &xattrs->head, list) {
		list_del(&x->list);
		kfree(x);
	}
}

/* Caller holds xattrs->lock. */
static struct simple_xattr *simple_xattr_find(struct simple_xattrs *xattrs, const char *name)
{
	struct simple_xattr *x;

	list_for_each_entry(x, &xattrs->head, list)
		if (!strcmp(x->name, name))
			return x;
	return NULL;
}

int simple_xattr_get(struct simple_xattrs *xattrs, const char *name, void *buf, size_t size)
{
	struct simple_xattr *x;
	int ret = -ENODATA;

	spin_lock(&xattrs->lock);
	x = simple_xattr_find(xattrs, name);
	if (x) {
		ret = x->size;
		if (size && x->size > size)
			ret = -ERANGE;
		else if (size)
			memcpy(buf, x->data, x->size);
	}
	spin_unlock(&xattrs->lock);
	return ret;
}

int simple_xattr_set(struct simple_xattrs *xattrs, const char *name, const void *value,
		     size_t size, int flags)
{
	struct simple_xattr *new = NULL, *old;
	size_t name_len = strlen(name) + 1;
	int err = 0;

	if (value) {
		new = kmalloc(sizeof(*new) + size + name_len, GFP_KERNEL);
		if (!new)
			return -ENOMEM;
		new->size = size;
		memcpy(new->data, value, size);
		new->name = new->data + size;
		memcpy(new->name, name, name_len);
	}
	spin_lock(&xattrs->lock);
	old = simple_xattr_find(xattrs, name);
	if (old && (flags & XATTR_CREATE))
		err = -EEXIST;
	else if (!old && ((flags & XATTR_REPLACE) || !value))
		err = -ENODATA;
	else if (old && new)
		list_replace(&old->list, &new->list);
	else if (old)
		list_del(&old->list);
	else
		list_add_tail(&new->list, &xattrs->head);
	spin_unlock(&xattrs->lock);
	if (err) {
		kfree(new);
		return err;
	}
	kfree(old);
	return 0;
}

ssize_t simple_xattr_list(struct simple_xattrs *xattrs, char *list, size_t size)
{
	bool trusted = capable(CAP_SYS_ADMIN);
	struct simple_xattr *x;
	size_t used = 0;
	int err = 0;

	spin_lock(&xattrs->lock);
	list_for_each_entry(x, &xattrs->head, list) {
		if (!trusted && has_prefix(x->name, XATTR_TRUSTED_PREFIX))
			continue;
		err = xattr_list_one(list, size, &used, "", x->name, strlen(x->name));
		if (err)
			break;
	}
	spin_unlock(&xattrs->lock);
	return err ? err : (ssize_t)used;
}

/* ------------------------------------------------------------ system calls */

/* What a call acts on: a path (following symlinks or not) or a descriptor. */
enum xattr_target { XATTR_PATH, XATTR_LPATH, XATTR_FD };

/* Copy and check an attribute name (ERANGE for an empty or too long one). */
static int xattr_copy_name(char name[XATTR_NAME_MAX + 1], const char *uname)
{
	long len = strncpy_from_user(name, uname, XATTR_NAME_MAX + 1);

	if (len < 0)
		return len;
	if (len == 0 || len > XATTR_NAME_MAX)
		return -ERANGE;
	return 0;
}

/*
 * Resolve the target to a referenced path; with @write, also write
 * access to its mount (EROFS).  Undo with xattr_put_target().
 */
static int xattr_get_target(enum xattr_target how, const char *pathname, int fd, bool write,
			    struct path *path)
{
	struct fd f;
	int err;

	if (how == XATTR_FD) {
		f = fdget(fd);
		if (!f.file)
			return -EBADF;
		*path = f.file->f_path;
		path_get(path);
		fdput(f);
	} else {
		err = user_path_at(AT_FDCWD, pathname, how == XATTR_PATH ? LOOKUP_FOLLOW : 0,
				   path);
		if (err)
			return err;
	}
	if (write) {
		err = mnt_want_write(path->mnt);
		if (err) {
			path_put(path);
			return err;
		}
	}
	return 0;
}

static void xattr_put_target(struct path *path, bool write)
{
	if (write)
		mnt_drop_write(path->mnt);
	path_put(path);
}

static long do_setxattr(enum xattr_target how, const char *pathname, int fd, const char *uname,
			const void *uvalue, size_t size, int flags)
{
	char name[XATTR_NAME_MAX + 1];
	void *value = NULL;
	struct path path;
	long err;

	if (flags & ~(XATTR_CREATE | XATTR_REPLACE))
		return -EINVAL;
	err = xattr_copy_name(name, uname);
	if (err)
		return err;
	if (size > XATTR_SIZE_MAX)
		return -E2BIG;
	/* A zero-length value is a value: kmalloc(0) gives a non-NULL token. */
	value = kmalloc(size, GFP_KERNEL);
	if (!value)
		return -ENOMEM;
	if (size && copy_from_user(value, uvalue, size)) {
		err = -EFAULT;
		goto out_free;
	}
	err = xattr_get_target(how, pathname, fd, true, &path);
	if (err)
		goto out_free;
	err = vfs_setxattr(path.dentry, name, value, size, flags);
	xattr_put_target(&path, true);
out_free:
	kfree(value);
	return err;
}

static long do_getxattr(enum xattr_target how, const char *pathname, int fd, const char *uname,
			void *uvalue, size_t size)
{
	char name[XATTR_NAME_MAX + 1];
	void *value = NULL;
	struct path path;
	long ret;

	ret = xattr_copy_name(name, uname);
	if (ret)
		return ret;
	size = min_t(size_t, size, XATTR_SIZE_MAX);
	if (size) {
		value = kmalloc(size, GFP_KERNEL);
		if (!value)
			return -ENOMEM;
	}
	ret = xattr_get_target(how, pathname, fd, false, &path);
	if (ret)
		goto out_free;
	ret = vfs_getxattr(path.dentry, name, value, size);
	xattr_put_target(&path, false);
	if (ret > 0 && size && copy_to_user(uvalue, value, ret))
		ret = -EFAULT;
	/* Not even the largest buffer a caller may pass would hold it. */
	if (ret == -ERANGE && size == XATTR_SIZE_MAX)
		ret = -E2BIG;
out_free:
	kfree(value);
	return ret;
}

static long do_listxattr(enum xattr_target how, const char *pathname, int fd, char *ulist,
			 size_t size)
{
	char *list = NULL;
	struct path path;
	long ret;

	size = min_t(size_t, size, XATTR_LIST_MAX);
	if (size) {
		list = kmalloc(size, GFP_KERNEL);
		if (!list)
			return -ENOMEM;
	}
	ret = xattr_get_target(how, pathname, fd, false, &path);
	if (ret)
		goto out_free;
	ret = vfs_listxattr(path.dentry, list, size);
	xattr_put_target(&path, false);
	if (ret > 0 && size && copy_to_user(ulist, list, ret))
		ret = -EFAULT;
	if (ret == -ERANGE && size == XATTR_LIST_MAX)
		ret = -E2BIG;
out_free:
	kfree(list);
	return ret;
}

static long do_removexattr(enum xattr_target how, const char *pathname, int fd,
			   const char *uname)
{
	char name[XATTR_NAME_MAX + 1];
	struct path path;
	long err;

	err = xattr_copy_name(name, uname);
	if (err)
		return err;
	err = xattr_get_target(how, pathname, fd, true, &path);
	if (err)
		return err;
	err = vfs_removexattr(path.dentry, name);
	xattr_put_target(&path, true);
	return err;
}

SYSCALL_DEFINE5(setxattr, const char *, pathname, const char *, name, const void *, value,
		size_t, size, int, flags)
{
	return do_setxattr(XATTR_PATH, pathname, -1, name, value, size, flags);
}

SYSCALL_DEFINE5(lsetxattr, const char *, pathname, const char *, name, const void *, value,
		size_t, size, int, flags)
{
	return do_setxattr(XATTR_LPATH, pathname, -1, name, value, size, flags);
}

SYSCALL_DEFINE5(fsetxattr, int, fd, const char *, name, const void *, value, size_t, size,
		int, flags)
{
	return do_setxattr(XATTR_FD, NULL, fd, name, value, size, flags);
}

SYSCALL_DEFINE4(getxattr, const char *, pathname, const char *, name, void *, value,
		size_t, size)
{
	return do_getxattr(XATTR_PATH, pathname, -1, name, value, size);
}

SYSCALL_DEFINE4(lgetxattr, const char *, pathname, const char *, name, void *, value,
		size_t, size)
{
	return do_getxattr(XATTR_LPATH, pathname, -1, name, value, size);
}

SYSCALL_DEFINE4(fgetxattr, int, fd, const char *, name, void *, value, size_t, size)
{
	return do_getxattr(XATTR_FD, NULL, fd, name, value, size);
}

SYSCALL_DEFINE3(listxattr, const char *, pathname, char *, list, size_t, size)
{
	return do_listxattr(XATTR_PATH, pathname, -1, list, size);
}

SYSCALL_DEFINE3(llistxattr, const char *, pathname, char *, list, size_t, size)
{
	return do_listxattr(XATTR_LPATH, pathname, -1, list, size);
}

SYSCALL_DEFINE3(flistxattr, int, fd, char *, list, size_t, size)
{
	return do_listxattr(XATTR_FD, NULL, fd, list, size);
}

SYSCALL_DEFINE2(removexattr, const char *, pathname, const char *, name)
{
	return do_removexattr(XATTR_PATH, pathname, -1, name);
}

SYSCALL_DEFINE2(lremovexattr, const char *, pathname, const char *, name)
{
	return do_removexattr(XATTR_LPATH, pathname, -1, name);
}

SYSCALL_DEFINE2(fremovexattr, int, fd, const char *, name)
{
	return do_removexattr(XATTR_FD, NULL, fd, name);
}
