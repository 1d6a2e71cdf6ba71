// SPDX-License-Identifier: GPL-2.0-only
/*
 * devtmpfs: one tmpfs instance, owned by the kernel, that holds a device
 * node for every registered device.  "mount -t devtmpfs devtmpfs /dev"
 * (any number of times) shows that same instance, so nodes created
 * before or after the mount are all there; user space may add, remove
 * and chmod nodes like on any tmpfs.
 *
 * Interface (<linux/device.h>):
 *   devtmpfs_init()                          register the type, make the instance
 *   devtmpfs_create_node(name, mode, dev)    "ttyS0" or "input/event0" (parent
 *                                            directories are created 0755);
 *                                            mode is S_IFCHR/S_IFBLK | perms;
 *                                            -EEXIST if the name is taken
 *   devtmpfs_delete_node(name, dev)          remove it if it is still that
 *                                            device's node, then any parent
 *                                            directories left empty
 * device_add()/device_del() call them; drivers normally use device_create().
 *
 * Nodes are made with the kernel's credentials (root:root, the mode asked
 * for, no umask) whatever task registers the device.  devtmpfs_lock
 * serialises the changes the kernel makes; the VFS locks (parent
 * i_rwsem) order them with user space's.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/string.h>
#include <linux/mutex.h>
#include <linux/cred.h>
#include <linux/fs.h>
#include <linux/namei.h>
#include <linux/mount.h>
#include <linux/ramfs.h>
#include <linux/device.h>

static struct vfsmount *devtmpfs_mnt;
static struct super_block *devtmpfs_sb;
static DEFINE_MUTEX(devtmpfs_lock);

/* Deepest directory nesting we create ("a/b/c/node"). */
#define DEVTMPFS_MAX_DEPTH	8

static struct dentry *devtmpfs_mount(struct file_system_type *fs_type, int flags,
				     const char *dev_name, void *data)
{
	struct super_block *sb = READ_ONCE(devtmpfs_sb);

	/* The first mount is the kernel's own (devtmpfs_init()). */
	if (!sb)
		return ramfs_mount_rootfs(fs_type, flags, NULL, true);
	/* Later ones share it; the kernel's mount keeps s_active above zero. */
	atomic_inc(&sb->s_active);
	down_write(&sb->s_umount);
	return dget(sb->s_root);
}

static struct file_system_type devtmpfs_type = {
	.name = "devtmpfs",
	.mount = devtmpfs_mount,
	.kill_sb = ramfs_kill_sb,
};

/* The directory component [name, name + len) below parent, made if create. */
static struct dentry *devtmpfs_dir(struct dentry *parent, const char *name, int len,
				   bool create)
{
	struct inode *dir = d_inode(parent);
	struct dentry *d;

	inode_lock_nested(dir, I_MUTEX_PARENT);
	d = lookup_one_len(name, parent, len);
	if (IS_ERR(d))
		goto out;
	if (d_really_is_negative(d)) {
		int err = create ? vfs_mkdir(dir, d, 0755) : -ENOENT;

		if (err) {
			dput(d);
			d = ERR_PTR(err);
		}
	} else if (!d_is_dir(d)) {
		dput(d);
		d = ERR_PTR(-ENOTDIR);
	}
out:
	inode_unlock(dir);
	return d;
}

static void devtmpfs_put_stack(struct dentry **stack, int depth)
{
	while (depth >= 0)
		dput(stack[depth--]);
}

/*
 * Walk the directories of name: stack[0] is the root, stack[i] the i-th
 * directory; returns the depth (index of the last directory) and points
 * *base at the final component, or -errno.  Every stack entry is held.
 */
static int devtmpfs_walk(const char *name, bool create, struct dentry **stack,
			 const char **base)
{
	const char *p = name, *slash;
	int depth = 0;

	stack[0] = dget(devtmpfs_mnt->mnt_root);
	while ((slash = strchr(p, '/'))) {
		struct dentry *d;

		if (slash == p || depth + 1 >= DEVTMPFS_MAX_DEPTH)
			d = ERR_PTR(-EINVAL);
		else
			d = devtmpfs_dir(stack[depth], p, slash - p, create);
		if (IS_ERR(d)) {
			devtmpfs_put_stack(stack, depth);
			return PTR_ERR(d);
		}
		stack[++depth] = d;
		p = slash + 1;
	}
	if (!*p) {
		devtmpfs_put_stack(stack, depth);
		return -EINVAL;
	}
	*base = p;
	return depth;
}

int devtmpfs_create_node(const char *name, umode_t mode, dev_t dev)
{
	struct dentry *stack[DEVTMPFS_MAX_DEPTH], *d;
	const struct cred *old;
	struct inode *dir;
	const char *base;
	int depth, err;

	if (!devtmpfs_mnt)
		return -ENODEV;
	if (!S_ISCHR(mode) && !S_ISBLK(mode))
		return -EINVAL;
	mutex_lock(&devtmpfs_lock);
	old = override_creds(&init_cred);
	depth = devtmpfs_walk(name, true, stack, &base);
	if (depth < 0) {
		err = depth;
		goto out;
	}
	dir = d_inode(stack[depth]);
	inode_lock_nested(dir, I_MUTEX_PARENT);
	d = lookup_one_len(base, stack[depth], strlen(base));
	if (IS_ERR(d)) {
		err = PTR_ERR(d);
	} else {
		err = d_really_is_positive(d) ? -EEXIST : vfs_mknod(dir, d, mode, dev);
		dput(d);
	}
	inode_unlock(dir);
	devtmpfs_put_stack(stack, depth);
out:
	revert_creds(old);
	mutex_unlock(&devtmpfs_lock);
	return err;
}

/* Remove the directories of the walk that are empty now, deepest first. */
static void devtmpfs_prune(struct dentry **stack, int depth)
{
	for (; depth > 0; depth--) {
		struct inode *dir = d_inode(stack[depth - 1]);
		int err;

		inode_lock_nested(dir, I_MUTEX_PARENT);
		err = simple_empty(stack[depth]) ? vfs_rmdir(dir, stack[depth]) : -ENOTEMPTY;
		inode_unlock(dir);
		if (err)
			break;
	}
}

int devtmpfs_delete_node(const char *name, dev_t dev)
{
	struct dentry *stack[DEVTMPFS_MAX_DEPTH], *d;
	const struct cred *old;
	struct inode *dir;
	const char *base;
	int depth, err;

	if (!devtmpfs_mnt)
		return -ENODEV;
	mutex_lock(&devtmpfs_lock);
	old = override_creds(&init_cred);
	depth = devtmpfs_walk(name, false, stack, &base);
	if (depth < 0) {
		err = depth;
		goto out;
	}
	dir = d_inode(stack[depth]);
	inode_lock_nested(dir, I_MUTEX_PARENT);
	d = lookup_one_len(base, stack[depth], strlen(base));
	if (IS_ERR(d)) {
		err = PTR_ERR(d);
	} else {
		struct inode *inode = d_inode(d);

		/* Only the node we made: user space may have replaced it. */
		if (!inode || !(S_ISCHR(inode->i_mode) || S_ISBLK(inode->i_mode)) ||
		    inode->i_rdev != dev)
			err = -ENOENT;
		else
			err = vfs_unlink(dir, d, NULL);
		dput(d);
	}
	inode_unlock(dir);
	if (!err)
		devtmpfs_prune(stack, depth);
	devtmpfs_put_stack(stack, depth);
out:
	revert_creds(old);
	mutex_unlock(&devtmpfs_lock);
	return err;
}

int __init devtmpfs_init(void)
{
	struct vfsmount *mnt;
	int err = register_filesystem(&devtmpfs_type);

	if (err) {
		pr_err("devtmpfs: cannot register: %d\n", err);
		return err;
	}
	mnt = kern_mount(&devtmpfs_type);
	if (IS_ERR(mnt)) {
		pr_err("devtmpfs: cannot create the instance: %ld\n", PTR_ERR(mnt));
		unregister_filesystem(&devtmpfs_type);
		return PTR_ERR(mnt);
	}
	devtmpfs_sb = mnt->mnt_sb;
	devtmpfs_mnt = mnt;
	pr_info("devtmpfs: initialized\n");
	return 0;
}
