// SPDX-License-Identifier: GPL-2.0-only
/*
 * Turning (mount, dentry) back into a path name: d_path() (for /proc and
 * messages), getcwd(2), dentry_path_raw().
 *
 * Interface: d_path(), d_path_below(), vfs_getcwd(), dentry_path_raw().
 *
 * Names are built backwards from the end of the caller's buffer, going
 * up the dentry tree and across mounts to the task's root, under
 * mount_lock and dcache_lock (so no rename or mount change can tear the
 * chain while it is read).  A path outside the task's root (after
 * chroot) continues to the namespace root and is flagged unreachable.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/sched.h>
#include <linux/fs.h>
#include <linux/fs_struct.h>
#include <linux/mount.h>
#include <linux/syscalls.h>
#include <asm/uaccess.h>
#include "internal.h"

struct prepend_buffer {
	char *buf;	/* start of what is built so far */
	int len;	/* room left before buf */
};

static bool prepend(struct prepend_buffer *p, const char *str, int namelen)
{
	p->len -= namelen;
	if (p->len < 0)
		return false;
	p->buf -= namelen;
	memcpy(p->buf, str, namelen);
	return true;
}

static bool prepend_name(struct prepend_buffer *p, const struct qstr *name)
{
	return prepend(p, (const char *)name->name, name->len) && prepend(p, "/", 1);
}

/*
 * Build path's name relative to root into p.  Returns 0, 1 when the walk
 * reached the namespace root without meeting root (unreachable), or
 * -ENAMETOOLONG.
 */
static int prepend_path(const struct path *path, const struct path *root,
			struct prepend_buffer *p)
{
	struct dentry *dentry = path->dentry;
	struct vfsmount *vfsmnt = path->mnt;
	bool wrote = false;
	int ret = 0;

	mount_lock_for_dpath();
	spin_lock(&dcache_lock);
	while (dentry != root->dentry || vfsmnt != root->mnt) {
		if (dentry == vfsmnt->mnt_root || IS_ROOT(dentry)) {
			struct vfsmount *parent;
			struct dentry *mountpoint;

			if (dentry == vfsmnt->mnt_root &&
			    mnt_parent_of(vfsmnt, &parent, &mountpoint)) {
				dentry = mountpoint;
				vfsmnt = parent;
				continue;
			}
			ret = 1;	/* the top, and not our root */
			break;
		}
		if (!prepend_name(p, &dentry->d_name)) {
			ret = -ENAMETOOLONG;
			break;
		}
		wrote = true;
		dentry = dentry->d_parent;
	}
	spin_unlock(&dcache_lock);
	mount_unlock_for_dpath();
	if (ret >= 0 && !wrote && !prepend(p, "/", 1))
		ret = -ENAMETOOLONG;
	return ret;
}

/*
 * path's name as seen from root into buf; with below_root, ERR_PTR(-ENOENT)
 * when the walk up from path does not meet root.
 */
static char *d_path_from(const struct path *path, const struct path *root, char *buf,
			 int buflen, bool below_root)
{
	struct prepend_buffer p = { buf + buflen, buflen };
	struct dentry *dentry = path->dentry;
	int err;

	/* Pseudo files (pipes, sockets) name themselves: "pipe:[1234]". */
	if (dentry->d_op && dentry->d_op->d_dname &&
	    (!IS_ROOT(dentry) || dentry != path->mnt->mnt_root))
		return dentry->d_op->d_dname(dentry, buf, buflen);
	if (!prepend(&p, "", 1))
		return ERR_PTR(-ENAMETOOLONG);
	if (d_unlinked(dentry) && !prepend(&p, " (deleted)", 10))
		return ERR_PTR(-ENAMETOOLONG);
	err = prepend_path(path, root, &p);
	if (err < 0)
		return ERR_PTR(err);
	if (err && below_root)
		return ERR_PTR(-ENOENT);
	return p.buf;
}

char *d_path(const struct path *path, char *buf, int buflen)
{
	struct path root;
	char *name;

	get_fs_root(current->fs, &root);
	name = d_path_from(path, &root, buf, buflen, false);
	path_put(&root);
	return name;
}

char *d_path_below(const struct path *path, const struct path *root, char *buf, int buflen)
{
	return d_path_from(path, root, buf, buflen, true);
}

char *d_absolute_path(const struct path *path, char *buf, int buflen)
{
	return d_path(path, buf, buflen);
}

char *dentry_path_raw(const struct dentry *dentry, char *buf, int buflen)
{
	struct prepend_buffer p = { buf + buflen, buflen };
	bool wrote = false;

	if (!prepend(&p, "", 1))
		return ERR_PTR(-ENAMETOOLONG);
	spin_lock(&dcache_lock);
	while (!IS_ROOT(dentry)) {
		if (!prepend_name(&p, &dentry->d_name)) {
			spin_unlock(&dcache_lock);
			return ERR_PTR(-ENAMETOOLONG);
		}
		wrote = true;
		dentry = dentry->d_parent;
	}
	spin_unlock(&dcache_lock);
	if (!wrote && !prepend(&p, "/", 1))
		return ERR_PTR(-ENAMETOOLONG);
	return p.buf;
}

/*
 * The current directory's name into buf (kernel memory), NUL included.
 * Returns the length with the NUL, -ENOENT if the directory was removed,
 * -ERANGE if buflen is too small, -ENAMETOOLONG beyond PATH_MAX.
 */
long vfs_getcwd(char *buf, unsigned long buflen)
{
	struct path pwd, root;
	struct prepend_buffer p;
	char *page;
	long len;
	int err;

	page = kmalloc(PATH_MAX, GFP_KERNEL);
	if (!page)
		return -ENOMEM;
	get_fs_root(current->fs, &root);
	get_fs_pwd(current->fs, &pwd);
	len = -ENOENT;
	if (d_unlinked(pwd.dentry))
		goto out;
	p.buf = page + PATH_MAX;
	p.len = PATH_MAX;
	len = -ENAMETOOLONG;
	if (!prepend(&p, "", 1))
		goto out;
	err = prepend_path(&pwd, &root, &p);
	if (err < 0)
		goto out;
	/* Linux marks a cwd outside the root this way. */
	if (err > 0 && !prepend(&p, "(unreachable)", 13))
		goto out;
	len = PATH_MAX - p.len;
	if ((unsigned long)len > buflen) {
		len = -ERANGE;
		goto out;
	}
	memcpy(buf, p.buf, len);
out:
	path_put(&pwd);
	path_put(&root);
	kfree(page);
	return len;
}

SYSCALL_DEFINE2(getcwd, char *, buf, unsigned long, size)
{
	char *page = kmalloc(PATH_MAX, GFP_KERNEL);
	long len;

	if (!page)
		return -ENOMEM;
	len = vfs_getcwd(page, min_t(unsigned long, size, PATH_MAX));
	if (len == -ERANGE && size >= PATH_MAX)
		len = -ENAMETOOLONG;
	if (len > 0 && copy_to_user(buf, page, len))
		len = -EFAULT;
	kfree(page);
	return len;
}
