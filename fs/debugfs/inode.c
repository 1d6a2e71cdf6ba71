// SPDX-License-Identifier: GPL-2.0-only
/*
 * debugfs: a RAM file system of kernel debugging files (<linux/debugfs.h>).
 *
 * The tree lives in the dcache of a single super block, like ramfs: each
 * name is a dentry pinned by its creation reference until it is removed,
 * directories use the libfs helpers (simple_lookup, dcache_readdir).  The
 * kernel keeps an internal mount (kern_mount) so the tree exists whether
 * or not user space mounts it; every `mount -t debugfs` gets that same
 * super block, so all mounts show the same files, whenever they were
 * created.  Regular files use the proxy operations of file.c, which make
 * removal of an open file safe.
 *
 * Interface: debugfs_create_dir(), debugfs_create_file(),
 * debugfs_remove_recursive() (<linux/debugfs.h>); debugfs_mount_root()
 * and debugfs_fs_init_root() for tracefs-style users in kernel/trace.
 *
 * Locking: debugfs_tree_lock (a mutex) serialises creation and removal
 * with each other; the parent's i_rwsem is taken inside it around each
 * dcache change, as the VFS's own lookups expect.  The file operations
 * of a file being removed must not create or remove debugfs entries.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/mutex.h>
#include <linux/fs.h>
#include <linux/dcache.h>
#include <linux/namei.h>
#include <linux/mount.h>
#include <linux/statfs.h>
#include <linux/kobject.h>
#include <linux/sysfs.h>
#include <linux/debugfs.h>
#include <uapi/linux/magic.h>
#include "internal.h"

static DEFINE_MUTEX(debugfs_tree_lock);
static struct vfsmount *debugfs_mnt;	/* the internal mount; debugfs_tree_lock */

/* ------------------------------------------------------------ super block */

static void debugfs_d_release(struct dentry *dentry)
{
	kfree(dentry->d_fsdata);
}

static const struct dentry_operations debugfs_dops = {
	.d_delete = always_delete_dentry,
	.d_release = debugfs_d_release,
};

static const struct super_operations debugfs_sops = {
	.statfs = simple_statfs,
};

/* Size changes (O_TRUNC on open) are the file's business, as on Linux. */
static int debugfs_setattr(struct dentry *dentry, struct iattr *iattr)
{
	int err = setattr_prepare(dentry, iattr);

	if (err)
		return err;
	setattr_copy(d_inode(dentry), iattr);
	return 0;
}

static const struct inode_operations debugfs_file_iops = {
	.setattr = debugfs_setattr,
};

/* A fresh inode stamped now; a directory comes with its operations and two links. */
static struct inode *debugfs_new_inode(struct super_block *sb, umode_t mode)
{
	struct inode *inode = new_inode(sb);

	if (!inode)
		return NULL;
	inode->i_mode = mode;
	inode->i_ino = get_next_ino();
	inode->i_mtime = current_time(inode);
	inode->i_ctime = inode->i_mtime;
	inode->i_atime = inode->i_mtime;
	if (S_ISDIR(mode)) {
		inode->i_op = &simple_dir_inode_operations;
		inode->i_fop = &simple_dir_operations;
		set_nlink(inode, 2);
	}
	return inode;
}

static int debugfs_test_super(struct super_block *sb, void *data)
{
	return 1;	/* one instance, shared by every mount */
}

static struct dentry *debugfs_mount(struct file_system_type *fs_type, int flags,
				    const char *dev_name, void *data)
{
	struct super_block *sb = sget(fs_type, debugfs_test_super, set_anon_super, flags, NULL);
	struct inode *root;

	if (IS_ERR(sb))
		return ERR_CAST(sb);
	if (sb->s_root)
		return dget(sb->s_root);
	sb->s_magic = DEBUGFS_MAGIC;
	sb->s_op = &debugfs_sops;
	sb->s_d_op = &debugfs_dops;
	sb->s_blocksize = PAGE_SIZE;
	sb->s_blocksize_bits = PAGE_SHIFT;
	sb->s_time_gran = 1;
	/* Linux's debugfs root is private to root. */
	root = debugfs_new_inode(sb, S_IFDIR | 0700);
	if (!root)
		goto fail;
	sb->s_root = d_make_root(root);
	if (!sb->s_root)
		goto fail;
	sb->s_flags |= SB_ACTIVE;
	return dget(sb->s_root);
fail:
	deactivate_locked_super(sb);
	return ERR_PTR(-ENOMEM);
}

static struct file_system_type debugfs_fs_type = {
	.name = "debugfs",
	.mount = debugfs_mount,
	.kill_sb = kill_litter_super,
};

/* The root dentry of the tree, making the internal mount on first use. */
static struct dentry *debugfs_root_locked(void)
{
	struct vfsmount *mnt;

	if (!debugfs_mnt) {
		mnt = kern_mount(&debugfs_fs_type);
		if (IS_ERR(mnt))
			return ERR_CAST(mnt);
		debugfs_mnt = mnt;
	}
	return debugfs_mnt->mnt_root;
}

/* ------------------------------------------------------------ creation */

/*
 * A negative dentry for name below parent (NULL: the root), with the
 * parent's i_rwsem held, or an ERR_PTR.  debugfs_tree_lock held.
 */
static struct dentry *debugfs_start_creating(const char *name, struct dentry *parent)
{
	struct dentry *dentry;

	if (IS_ERR(parent))
		return parent;
	if (!name || !*name || strchr(name, '/') || strlen(name) > NAME_MAX)
		return ERR_PTR(-EINVAL);
	if (!parent) {
		parent = debugfs_root_locked();
		if (IS_ERR(parent))
			return parent;
	}
	if (parent->d_sb->s_type != &debugfs_fs_type || !d_is_dir(parent))
		return ERR_PTR(-EINVAL);
	inode_lock(d_inode(parent));
	if (d_unlinked(parent)) {
		dentry = ERR_PTR(-ENOENT);
	} else {
		dentry = lookup_one_len(name, parent, strlen(name));
		if (!IS_ERR(dentry) && d_really_is_positive(dentry)) {
			dput(dentry);
			dentry = ERR_PTR(-EEXIST);
		}
	}
	if (IS_ERR(dentry))
		inode_unlock(d_inode(parent));
	return dentry;
}

/* Attach inode; the lookup's reference becomes the pin that keeps the name. */
static struct dentry *debugfs_end_creating(struct dentry *dentry, struct inode *inode)
{
	struct inode *dir = d_inode(dentry->d_parent);

	if (!inode) {
		dput(dentry);
		inode_unlock(dir);
		return ERR_PTR(-ENOMEM);
	}
	if (S_ISDIR(inode->i_mode))
		inc_nlink(dir);
	dir->i_mtime = dir->i_ctime = current_time(dir);
	d_instantiate(dentry, inode);
	inode_unlock(dir);
	return dentry;
}

struct dentry *debugfs_create_dir(const char *name, struct dentry *parent)
{
	struct dentry *dentry;
	struct inode *inode;

	mutex_lock(&debugfs_tree_lock);
	dentry = debugfs_start_creating(name, parent);
	if (IS_ERR(dentry))
		goto out;
	inode = debugfs_new_inode(dentry->d_sb, S_IFDIR | 0755);
	dentry = debugfs_end_creating(dentry, inode);
out:
	mutex_unlock(&debugfs_tree_lock);
	return dentry;
}

struct dentry *debugfs_create_file(const char *name, umode_t mode, struct dentry *parent,
				   void *data, const struct file_operations *fops)
{
	struct debugfs_fsdata *fsd;
	struct dentry *dentry;
	struct inode *inode;

	if (!fops)
		return ERR_PTR(-EINVAL);
	if (!(mode & S_IFMT))
		mode |= S_IFREG;
	if (!S_ISREG(mode))
		return ERR_PTR(-EINVAL);
	fsd = kzalloc(sizeof(*fsd), GFP_KERNEL);
	if (!fsd)
		return ERR_PTR(-ENOMEM);
	fsd->real_fops = fops;
	spin_lock_init(&fsd->lock);
	init_waitqueue_head(&fsd->wq);

	mutex_lock(&debugfs_tree_lock);
	dentry = debugfs_start_creating(name, parent);
	if (IS_ERR(dentry)) {
		kfree(fsd);
		goto out;
	}
	inode = debugfs_new_inode(dentry->d_sb, mode);
	if (inode) {
		inode->i_private = data;
		inode->i_op = &debugfs_file_iops;
		inode->i_fop = &debugfs_proxy_fops;
		dentry->d_fsdata = fsd;
	} else {
		kfree(fsd);
	}
	dentry = debugfs_end_creating(dentry, inode);
out:
	mutex_unlock(&debugfs_tree_lock);
	return dentry;
}

/* ------------------------------------------------------------ removal */

/* A referenced positive child of dir that is not a readdir cursor, or NULL. */
static struct dentry *debugfs_first_child(struct dentry *dir)
{
	struct dentry *child, *found = NULL;

	spin_lock(&dcache_lock);
	list_for_each_entry(child, &dir->d_subdirs, d_child) {
		if (child->d_flags & DCACHE_DENTRY_CURSOR)
			continue;
		if (simple_positive(child)) {
			found = dget_dlock(child);
			break;
		}
	}
	spin_unlock(&dcache_lock);
	return found;
}

/* Remove dentry (referenced by the caller) and all below it.  Tree lock held. */
static void debugfs_remove_one(struct dentry *dentry)
{
	struct inode *dir = d_inode(dentry->d_parent);
	struct dentry *child;

	if (d_is_dir(dentry)) {
		while ((child = debugfs_first_child(dentry))) {
			debugfs_remove_one(child);
			dput(child);
		}
	} else if (dentry->d_fsdata) {
		debugfs_file_kill(dentry->d_fsdata);
	}
	inode_lock(dir);
	if (simple_positive(dentry)) {
		if (d_is_dir(dentry))
			simple_rmdir(dir, dentry);
		else
			simple_unlink(dir, dentry);
		d_delete(dentry);
	}
	inode_unlock(dir);
}

void debugfs_remove_recursive(struct dentry *dentry)
{
	if (IS_ERR_OR_NULL(dentry))
		return;
	mutex_lock(&debugfs_tree_lock);
	/* Never the root itself, and only names still in the tree. */
	if (!IS_ROOT(dentry) && simple_positive(dentry)) {
		dget(dentry);
		debugfs_remove_one(dentry);
		dput(dentry);
	}
	mutex_unlock(&debugfs_tree_lock);
}

/* ------------------------------------------------------------ boot */

static int __init debugfs_init(void)
{
	struct dentry *root;
	int err;

	/* The mount point Linux provides (mount -t debugfs none /sys/kernel/debug). */
	if (kernel_kobj)
		sysfs_create_mount_point(kernel_kobj, "debug");
	mutex_lock(&debugfs_tree_lock);
	root = debugfs_root_locked();
	mutex_unlock(&debugfs_tree_lock);
	if (IS_ERR(root))
		return PTR_ERR(root);
	err = register_filesystem(&debugfs_fs_type);
	if (err)
		pr_err("debugfs: cannot register the file system type (%d)\n", err);
	return err;
}
fs_initcall(debugfs_init);
