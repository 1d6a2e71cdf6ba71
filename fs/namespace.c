// SPDX-License-Identifier: GPL-2.0-only
/*
 * The mount tree: one mount namespace whose root is the rootfs mount,
 * mounts attached on dentries of other mounts, and mount(2)/umount2(2).
 * The structures and the locking rules are in fs/mount.h.
 *
 * Interface: vfs_kern_mount(), mntget()/mntput(), lookup_mnt() (path
 * walk), path_mount()/path_umount() (the system calls, also used by boot
 * code), mnt_want_write()/mnt_drop_write() (read-only enforcement),
 * mnt_init() (boot: the rootfs mount).
 *
 * Busy rule: an attached mount holds one reference for the tree and one
 * on its parent; umount without MNT_DETACH fails with EBUSY unless the
 * only other reference is the caller's own lookup - so open files, cwds
 * and child mounts keep it busy.  MNT_DETACH takes the whole subtree out
 * of the namespace at once and lets the last reference free it; links
 * between the detached mounts are cut too, so walks inside a lazily
 * unmounted tree no longer cross into its submounts.
 *
 * Mount propagation does not exist: every mount is private, so
 * MS_PRIVATE and MS_SLAVE succeed as no-ops; MS_SHARED and
 * MS_UNBINDABLE are refused with EINVAL.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/panic.h>
#include <linux/slab.h>
#include <linux/sched.h>
#include <linux/cred.h>
#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/fs_struct.h>
#include <linux/namei.h>
#include <linux/mount.h>
#include <linux/seq_file.h>
#include <linux/syscalls.h>
#include <linux/initrd.h>
#include <asm/uaccess.h>
#include "internal.h"
#include "mount.h"

#define MNT_HASH_BITS	8
#define MNT_HASH_SIZE	(1U << MNT_HASH_BITS)

static DECLARE_RWSEM(namespace_sem);
static DEFINE_SPINLOCK(mount_lock);
static struct hlist_head mount_hashtable[MNT_HASH_SIZE];
static struct kmem_cache *mnt_cache;
static atomic_t mnt_id_ctr;

struct mnt_namespace init_mnt_ns = {
	.list = LIST_HEAD_INIT(init_mnt_ns.list),
};

static struct hlist_head *m_hash(struct vfsmount *mnt, struct dentry *dentry)
{
	u64 v = ((unsigned long)mnt >> 4) ^ ((unsigned long)dentry >> 3);

	return mount_hashtable + ((v * 0x9E3779B97F4A7C15ULL) >> (64 - MNT_HASH_BITS));
}

/* ------------------------------------------------------------ allocation, references */

static struct mount *alloc_vfsmnt(const char *name)
{
	struct mount *mnt = kmem_cache_zalloc(mnt_cache, GFP_KERNEL);

	if (!mnt)
		return NULL;
	mnt->mnt_devname = kstrdup(name ? name : "none", GFP_KERNEL);
	if (!mnt->mnt_devname) {
		kmem_cache_free(mnt_cache, mnt);
		return NULL;
	}
	atomic_set(&mnt->mnt_count, 1);
	INIT_HLIST_NODE(&mnt->mnt_hash);
	INIT_LIST_HEAD(&mnt->mnt_mounts);
	INIT_LIST_HEAD(&mnt->mnt_child);
	INIT_LIST_HEAD(&mnt->mnt_instance);
	INIT_LIST_HEAD(&mnt->mnt_list);
	INIT_LIST_HEAD(&mnt->mnt_umounting);
	mnt->mnt_parent = mnt;
	mnt->mnt_id = atomic_inc_return(&mnt_id_ctr);
	return mnt;
}

static void free_vfsmnt(struct mount *mnt)
{
	kfree(mnt->mnt_devname);
	kmem_cache_free(mnt_cache, mnt);
}

struct vfsmount *mntget(struct vfsmount *mnt)
{
	if (mnt)
		atomic_inc(&real_mount(mnt)->mnt_count);
	return mnt;
}

static void cleanup_mnt(struct mount *mnt)
{
	struct super_block *sb = mnt->mnt.mnt_sb;

	WARN_ON(mnt->mnt_writers);
	spin_lock(&mount_lock);
	list_del_init(&mnt->mnt_instance);
	spin_unlock(&mount_lock);
	dput(mnt->mnt.mnt_root);
	deactivate_super(sb);
	free_vfsmnt(mnt);
}

void mntput(struct vfsmount *m)
{
	struct mount *mnt;

	if (!m)
		return;
	mnt = real_mount(m);
	if (!atomic_dec_and_test(&mnt->mnt_count))
		return;
	/* The tree holds a reference on attached mounts: this one is detached. */
	WARN_ON(!hlist_unhashed(&mnt->mnt_hash) || !list_empty(&mnt->mnt_mounts));
	cleanup_mnt(mnt);
}

bool is_mounted(struct vfsmount *mnt)
{
	return READ_ONCE(real_mount(mnt)->mnt_ns) != NULL;
}

struct vfsmount *vfs_kern_mount(struct file_system_type *type, int flags,
				const char *name, void *data)
{
	struct mount *mnt;
	struct dentry *root;
	struct super_block *sb;

	if (!type)
		return ERR_PTR(-ENODEV);
	mnt = alloc_vfsmnt(name);
	if (!mnt)
		return ERR_PTR(-ENOMEM);
	root = type->mount(type, flags, name, data);
	if (IS_ERR(root)) {
		free_vfsmnt(mnt);
		return (struct vfsmount *)root;
	}
	sb = root->d_sb;
	sb->s_flags |= SB_BORN;
	up_write(&sb->s_umount);
	mnt->mnt.mnt_root = root;
	mnt->mnt.mnt_sb = sb;
	mnt->mnt_mountpoint = root;
	spin_lock(&mount_lock);
	list_add_tail(&mnt->mnt_instance, &sb->s_mounts);
	spin_unlock(&mount_lock);
	return &mnt->mnt;
}

struct vfsmount *kern_mount(struct file_system_type *type)
{
	struct vfsmount *mnt = vfs_kern_mount(type, SB_KERNMOUNT, type->name, NULL);

	if (!IS_ERR(mnt))
		mnt->mnt_flags |= MNT_INTERNAL;
	return mnt;
}

void kern_unmount(struct vfsmount *mnt)
{
	if (!IS_ERR_OR_NULL(mnt))
		mntput(mnt);
}

/* ------------------------------------------------------------ the tree */

struct vfsmount *lookup_mnt(const struct path *path)
{
	struct mount *p;
	struct vfsmount *res = NULL;

	spin_lock(&mount_lock);
	hlist_for_each_entry(p, m_hash(path->mnt, path->dentry), mnt_hash) {
		if (&p->mnt_parent->mnt == path->mnt && p->mnt_mountpoint == path->dentry) {
			res = mntget(&p->mnt);
			break;
		}
	}
	spin_unlock(&mount_lock);
	return res;
}

/* mount_lock held.  Takes references on the parent and the mountpoint. */
static void attach_mnt(struct mount *mnt, struct mount *parent, struct dentry *mountpoint)
{
	mnt->mnt_parent = parent;
	atomic_inc(&parent->mnt_count);
	mnt->mnt_mountpoint = dget(mountpoint);
	mountpoint->d_mounted++;
	hlist_add_head(&mnt->mnt_hash, m_hash(&parent->mnt, mountpoint));
	list_add_tail(&mnt->mnt_child, &parent->mnt_mounts);
}

/*
 * mount_lock held.  Cuts mnt from its parent; *old gets the parent and
 * mountpoint references for the caller to drop once unlocked.
 */
static void detach_mnt(struct mount *mnt, struct path *old)
{
	old->mnt = &mnt->mnt_parent->mnt;
	old->dentry = mnt->mnt_mountpoint;
	mnt->mnt_mountpoint->d_mounted--;
	hlist_del_init(&mnt->mnt_hash);
	list_del_init(&mnt->mnt_child);
	mnt->mnt_parent = mnt;
	mnt->mnt_mountpoint = mnt->mnt.mnt_root;
}

static bool check_mnt(struct mount *mnt)
{
	return mnt->mnt_ns == &init_mnt_ns;
}

static bool may_mount(void)
{
	return capable(CAP_SYS_ADMIN);
}

/* Walk path to the topmost mount stacked on it.  namespace_sem held. */
static void follow_to_top(struct path *path)
{
	struct vfsmount *m;

	while ((m = lookup_mnt(path))) {
		path_put(path);
		path->mnt = m;
		path->dentry = dget(m->mnt_root);
	}
}

/* Attach newmnt (whose reference passes to the tree) on path. */
static int do_add_mount(struct mount *newmnt, struct path *path)
{
	struct mount *parent;
	int err = -EINVAL;

	down_write(&namespace_sem);
	follow_to_top(path);
	parent = real_mount(path->mnt);
	if (!check_mnt(parent))
		goto out;
	err = -ENOENT;
	if (d_unlinked(path->dentry) || !d_inode(path->dentry))
		goto out;
	err = -ENOTDIR;
	if (d_is_dir(path->dentry) != d_is_dir(newmnt->mnt.mnt_root))
		goto out;
	/* The same instance at the same place again. */
	err = -EBUSY;
	if (path->mnt->mnt_sb == newmnt->mnt.mnt_sb && path->mnt->mnt_root == path->dentry)
		goto out;
	spin_lock(&mount_lock);
	attach_mnt(newmnt, parent, path->dentry);
	newmnt->mnt_ns = &init_mnt_ns;
	list_add_tail(&newmnt->mnt_list, &init_mnt_ns.list);
	init_mnt_ns.mounts++;
	init_mnt_ns.seq++;
	spin_unlock(&mount_lock);
	err = 0;
out:
	up_write(&namespace_sem);
	return err;
}

/*
 * Take mnt and every mount below it out of the namespace and the tree.
 * namespace_sem held.  The references the tree held (each mount's own
 * and the one on its parent) are dropped after the locks are released.
 */
static void umount_tree(struct mount *mnt)
{
	LIST_HEAD(victims);
	struct mount *p, *tmp;

	spin_lock(&mount_lock);
	list_add_tail(&mnt->mnt_umounting, &victims);
	/* Breadth-first: the list grows while we walk it. */
	list_for_each_entry(p, &victims, mnt_umounting) {
		struct mount *child;

		list_for_each_entry(child, &p->mnt_mounts, mnt_child)
			list_add_tail(&child->mnt_umounting, &victims);
	}
	list_for_each_entry(p, &victims, mnt_umounting) {
		list_del_init(&p->mnt_list);
		p->mnt_ns = NULL;
		p->mnt.mnt_flags |= MNT_UMOUNT;
		init_mnt_ns.mounts--;
	}
	init_mnt_ns.seq++;
	spin_unlock(&mount_lock);

	/* Children first, so every mntput() below finds no submounts left. */
	list_for_each_entry_safe_reverse(p, tmp, &victims, mnt_umounting) {
		struct path old = { NULL, NULL };

		list_del_init(&p->mnt_umounting);
		spin_lock(&mount_lock);
		if (mnt_has_parent(p))
			detach_mnt(p, &old);
		spin_unlock(&mount_lock);
		if (old.mnt) {
			dput(old.dentry);
			mntput(old.mnt);
		}
		mntput(&p->mnt);
	}
}

/* Busy unless only the tree's reference and the caller's (refs) exist. */
static bool mount_busy(struct mount *mnt, int refs)
{
	return atomic_read(&mnt->mnt_count) > refs || !list_empty(&mnt->mnt_mounts);
}

int may_umount_tree(struct vfsmount *m)
{
	return !mount_busy(real_mount(m), 2);
}

int may_umount(struct vfsmount *m)
{
	return may_umount_tree(m);
}

static int do_umount(struct mount *mnt, int flags)
{
	int err;

	if (flags & MNT_EXPIRE) {
		if (flags & (MNT_FORCE | MNT_DETACH))
			return -EINVAL;
		/* Expiry marks on a first call; nothing here marks mounts for it. */
		return mount_busy(mnt, 2) ? -EBUSY : -EAGAIN;
	}
	down_write(&namespace_sem);
	err = -EINVAL;
	if (!check_mnt(mnt))
		goto out;
	if (!mnt_has_parent(mnt)) {
		/* The namespace root cannot go: it is everyone's "/". */
		err = (flags & MNT_DETACH) ? -EINVAL : -EBUSY;
		goto out;
	}
	if (!(flags & MNT_DETACH)) {
		/* Stop new write openers while deciding; we hold namespace_sem. */
		err = -EBUSY;
		if (mount_busy(mnt, 2))
			goto out;
	}
	umount_tree(mnt);
	err = 0;
out:
	up_write(&namespace_sem);
	return err;
}

int path_umount(struct path *path, int flags)
{
	struct mount *mnt = real_mount(path->mnt);
	int err = -EINVAL;

	if (flags & ~(MNT_FORCE | MNT_DETACH | MNT_EXPIRE | UMOUNT_NOFOLLOW))
		goto out;
	err = -EPERM;
	if (!may_mount())
		goto out;
	err = -EINVAL;
	if (path->dentry != path->mnt->mnt_root)
		goto out;
	err = do_umount(mnt, flags);
out:
	path_put(path);
	return err;
}

/* ------------------------------------------------------------ mount variants */

static int do_new_mount(struct path *path, const char *fstype, int sb_flags,
			int mnt_flags, const char *name, void *data)
{
	struct file_system_type *type;
	struct vfsmount *mnt;
	int err;

	if (!fstype)
		return -EINVAL;
	type = get_fs_type(fstype);
	if (!type)
		return -ENODEV;
	mnt = vfs_kern_mount(type, sb_flags, name, data);
	if (IS_ERR(mnt))
		return PTR_ERR(mnt);
	mnt->mnt_flags = mnt_flags;
	err = do_add_mount(real_mount(mnt), path);
	if (err)
		mntput(mnt);
	return err;
}

/* A new mount of old's file system with root dentry root (bind). */
static struct mount *clone_mnt(struct mount *old, struct dentry *root)
{
	struct super_block *sb = old->mnt.mnt_sb;
	struct mount *mnt = alloc_vfsmnt(old->mnt_devname);

	if (!mnt)
		return ERR_PTR(-ENOMEM);
	atomic_inc(&sb->s_active);
	mnt->mnt.mnt_flags = old->mnt.mnt_flags & ~(MNT_INTERNAL | MNT_UMOUNT);
	mnt->mnt.mnt_sb = sb;
	mnt->mnt.mnt_root = dget(root);
	mnt->mnt_mountpoint = mnt->mnt.mnt_root;
	spin_lock(&mount_lock);
	list_add_tail(&mnt->mnt_instance, &sb->s_mounts);
	spin_unlock(&mount_lock);
	return mnt;
}

static int do_loopback(struct path *path, const char *old_name, int recurse)
{
	struct path old_path;
	struct mount *old, *mnt;
	int err;

	if (!old_name || !*old_name)
		return -EINVAL;
	/* Recursive binds would need a copy of the submount tree: not supported. */
	if (recurse)
		return -EINVAL;
	err = kern_path(old_name, LOOKUP_FOLLOW, &old_path);
	if (err)
		return err;
	old = real_mount(old_path.mnt);
	err = -EINVAL;
	if (!check_mnt(old))
		goto out;
	mnt = clone_mnt(old, old_path.dentry);
	if (IS_ERR(mnt)) {
		err = PTR_ERR(mnt);
		goto out;
	}
	err = do_add_mount(mnt, path);
	if (err)
		mntput(&mnt->mnt);
out:
	path_put(&old_path);
	return err;
}

static int do_move_mount(struct path *path, const char *old_name)
{
	struct path old_path, parent_path = { NULL, NULL };
	struct mount *mnt, *p, *target;
	int err;

	if (!old_name || !*old_name)
		return -EINVAL;
	err = kern_path(old_name, LOOKUP_FOLLOW, &old_path);
	if (err)
		return err;
	down_write(&namespace_sem);
	follow_to_top(path);
	mnt = real_mount(old_path.mnt);
	target = real_mount(path->mnt);
	err = -EINVAL;
	if (!check_mnt(mnt) || !check_mnt(target))
		goto out;
	if (old_path.dentry != old_path.mnt->mnt_root || !mnt_has_parent(mnt))
		goto out;
	err = -ENOENT;
	if (d_unlinked(path->dentry))
		goto out;
	err = -ENOTDIR;
	if (d_is_dir(path->dentry) != d_is_dir(old_path.dentry))
		goto out;
	/* Moving a mount below itself would cut the subtree off the tree. */
	err = -ELOOP;
	for (p = target; ; p = p->mnt_parent) {
		if (p == mnt)
			goto out;
		if (!mnt_has_parent(p))
			break;
	}
	spin_lock(&mount_lock);
	detach_mnt(mnt, &parent_path);
	attach_mnt(mnt, target, path->dentry);
	init_mnt_ns.seq++;
	spin_unlock(&mount_lock);
	err = 0;
out:
	up_write(&namespace_sem);
	if (parent_path.mnt) {
		dput(parent_path.dentry);
		mntput(parent_path.mnt);
	}
	path_put(&old_path);
	return err;
}

/* Change per-mount flags; going read-only needs no writers.  namespace_sem held. */
static int change_mount_flags(struct mount *mnt, int mnt_flags)
{
	int err = 0;

	spin_lock(&mount_lock);
	if ((mnt_flags & MNT_READONLY) && !(mnt->mnt.mnt_flags & MNT_READONLY) &&
	    mnt->mnt_writers)
		err = -EBUSY;
	else
		mnt->mnt.mnt_flags = (mnt->mnt.mnt_flags & ~MNT_USER_SETTABLE_MASK) | mnt_flags;
	spin_unlock(&mount_lock);
	return err;
}

static int do_remount(struct path *path, int ms_flags, int sb_flags, int mnt_flags,
		      void *data)
{
	struct super_block *sb = path->mnt->mnt_sb;
	struct mount *mnt = real_mount(path->mnt);
	int err;

	if (!check_mnt(mnt))
		return -EINVAL;
	if (path->dentry != path->mnt->mnt_root)
		return -EINVAL;
	down_write(&namespace_sem);
	if (ms_flags & MS_BIND) {
		err = change_mount_flags(mnt, mnt_flags);
	} else {
		down_write(&sb->s_umount);
		err = reconfigure_super(sb, sb_flags, data);
		up_write(&sb->s_umount);
		if (!err)
			err = change_mount_flags(mnt, mnt_flags);
	}
	up_write(&namespace_sem);
	return err;
}

long path_mount(const char *dev_name, struct path *path, const char *type_page,
		unsigned long flags, void *data_page)
{
	int mnt_flags = 0, sb_flags;

	if ((flags & MS_MGC_MSK) == MS_MGC_VAL)
		flags &= ~MS_MGC_MSK;
	if (data_page)
		((char *)data_page)[PAGE_SIZE - 1] = '\0';
	if (!may_mount())
		return -EPERM;

	if (flags & MS_NOSUID)
		mnt_flags |= MNT_NOSUID;
	if (flags & MS_NODEV)
		mnt_flags |= MNT_NODEV;
	if (flags & MS_NOEXEC)
		mnt_flags |= MNT_NOEXEC;
	if (flags & MS_NOSYMFOLLOW)
		mnt_flags |= MNT_NOSYMFOLLOW;
	if (flags & MS_RDONLY)
		mnt_flags |= MNT_READONLY;
	/* Linux's default is relatime; MS_STRICTATIME and MS_NOATIME override it. */
	if (flags & MS_NOATIME)
		mnt_flags |= MNT_NOATIME;
	else if (!(flags & MS_STRICTATIME))
		mnt_flags |= MNT_RELATIME;
	if (flags & MS_NODIRATIME)
		mnt_flags |= MNT_NODIRATIME;

	sb_flags = flags & (SB_RDONLY | SB_SYNCHRONOUS | MS_MANDLOCK | SB_DIRSYNC | SB_SILENT |
			    SB_POSIXACL | SB_LAZYTIME | SB_I_VERSION);

	if ((flags & (MS_REMOUNT | MS_BIND)) == (MS_REMOUNT | MS_BIND))
		return do_remount(path, flags, sb_flags, mnt_flags, data_page);
	if (flags & MS_REMOUNT)
		return do_remount(path, flags, sb_flags, mnt_flags, data_page);
	if (flags & MS_BIND)
		return do_loopback(path, dev_name, flags & MS_REC);
	if (flags & (MS_SHARED | MS_UNBINDABLE))
		return -EINVAL;
	if (flags & (MS_PRIVATE | MS_SLAVE))
		return 0;
	if (flags & MS_MOVE)
		return do_move_mount(path, dev_name);
	return do_new_mount(path, type_page, sb_flags, mnt_flags, dev_name, data_page);
}

/* ------------------------------------------------------------ write access */

int __mnt_is_readonly(struct vfsmount *mnt)
{
	return (READ_ONCE(mnt->mnt_flags) & MNT_READONLY) || sb_rdonly(mnt->mnt_sb);
}

int mnt_want_write(struct vfsmount *m)
{
	struct mount *mnt = real_mount(m);
	int err = 0;

	spin_lock(&mount_lock);
	if (__mnt_is_readonly(m) || m->mnt_sb->s_readonly_remount)
		err = -EROFS;
	else
		mnt->mnt_writers++;
	spin_unlock(&mount_lock);
	return err;
}

void mnt_drop_write(struct vfsmount *m)
{
	struct mount *mnt = real_mount(m);

	spin_lock(&mount_lock);
	WARN_ON(mnt->mnt_writers <= 0);
	mnt->mnt_writers--;
	spin_unlock(&mount_lock);
}

int mnt_want_write_file(struct file *file)
{
	return mnt_want_write(file->f_path.mnt);
}

void mnt_drop_write_file(struct file *file)
{
	mnt_drop_write(file->f_path.mnt);
}

int sb_prepare_remount_readonly(struct super_block *sb)
{
	struct mount *mnt;
	int err = 0;

	spin_lock(&mount_lock);
	list_for_each_entry(mnt, &sb->s_mounts, mnt_instance) {
		if (mnt->mnt_writers) {
			err = -EBUSY;
			break;
		}
	}
	if (!err)
		sb->s_readonly_remount = 1;
	spin_unlock(&mount_lock);
	return err;
}

void sb_end_remount_readonly(struct super_block *sb, bool success)
{
	spin_lock(&mount_lock);
	sb->s_readonly_remount = 0;
	spin_unlock(&mount_lock);
}

/* ------------------------------------------------------------ for path walks */

int follow_up(struct path *path)
{
	struct mount *mnt = real_mount(path->mnt);
	struct mount *parent;
	struct dentry *mountpoint;

	spin_lock(&mount_lock);
	parent = mnt->mnt_parent;
	if (parent == mnt) {
		spin_unlock(&mount_lock);
		return 0;
	}
	mntget(&parent->mnt);
	mountpoint = dget(mnt->mnt_mountpoint);
	spin_unlock(&mount_lock);
	dput(path->dentry);
	path->dentry = mountpoint;
	mntput(path->mnt);
	path->mnt = &parent->mnt;
	return 1;
}

int follow_down_one(struct path *path)
{
	struct vfsmount *mounted = lookup_mnt(path);

	if (!mounted)
		return 0;
	path_put(path);
	path->mnt = mounted;
	path->dentry = dget(mounted->mnt_root);
	return 1;
}

/*
 * For d_path(): the mount above mnt and the dentry it sits on, without
 * references; mount_lock must be held (mount_lock_for_dpath()).
 */
bool mnt_parent_of(struct vfsmount *m, struct vfsmount **parent, struct dentry **mountpoint)
{
	struct mount *mnt = real_mount(m);

	if (!mnt_has_parent(mnt))
		return false;
	*parent = &mnt->mnt_parent->mnt;
	*mountpoint = mnt->mnt_mountpoint;
	return true;
}

void mount_lock_for_dpath(void)
{
	spin_lock(&mount_lock);
}

void mount_unlock_for_dpath(void)
{
	spin_unlock(&mount_lock);
}

unsigned int count_mounts_ns(void)
{
	return READ_ONCE(init_mnt_ns.mounts);
}

/*
 * The options field of a /proc/mounts line, in Linux's order: rw/ro, the
 * super block flags, the mount flags, then the file system's own
 * (->show_options, each with a leading comma).
 */
static void show_mount_options(struct seq_file *m, struct mount *mnt)
{
	struct super_block *sb = mnt->mnt.mnt_sb;
	int flags = mnt->mnt.mnt_flags;

	seq_puts(m, __mnt_is_readonly(&mnt->mnt) ? "ro" : "rw");
	if (sb->s_flags & SB_SYNCHRONOUS)
		seq_puts(m, ",sync");
	if (sb->s_flags & SB_DIRSYNC)
		seq_puts(m, ",dirsync");
	if (sb->s_flags & SB_LAZYTIME)
		seq_puts(m, ",lazytime");
	if (flags & MNT_NOSUID)
		seq_puts(m, ",nosuid");
	if (flags & MNT_NODEV)
		seq_puts(m, ",nodev");
	if (flags & MNT_NOEXEC)
		seq_puts(m, ",noexec");
	if (flags & MNT_NOATIME)
		seq_puts(m, ",noatime");
	if (flags & MNT_NODIRATIME)
		seq_puts(m, ",nodiratime");
	if (flags & MNT_RELATIME)
		seq_puts(m, ",relatime");
	if (flags & MNT_NOSYMFOLLOW)
		seq_puts(m, ",nosymfollow");
	if (sb->s_op && sb->s_op->show_options)
		sb->s_op->show_options(m, mnt->mnt.mnt_root);
}

int mounts_format(char *buf, size_t size)
{
	struct mount *mnt;
	char *pathbuf;
	int len = 0;

	pathbuf = kmalloc(PATH_MAX, GFP_KERNEL);
	if (!pathbuf)
		return -ENOMEM;
	down_read(&namespace_sem);
	list_for_each_entry(mnt, &init_mnt_ns.list, mnt_list) {
		struct path p = { &mnt->mnt, mnt->mnt.mnt_root };
		char *s = d_path(&p, pathbuf, PATH_MAX);

		if (IS_ERR(s))
			continue;
		struct seq_file line = { .buf = buf, .size = size };

		len += scnprintf(buf + len, size - len, "%s %s %s ", mnt->mnt_devname, s,
				 mnt->mnt.mnt_sb->s_type->name);
		/* A full buffer leaves count at size: the caller retries bigger. */
		line.count = len;
		show_mount_options(&line, mnt);
		len = line.count;
		len += scnprintf(buf + len, size - len, " 0 0\n");
	}
	up_read(&namespace_sem);
	kfree(pathbuf);
	return len;
}

/* ------------------------------------------------------------ system calls */

/* A user string of at most one page, or NULL for a NULL pointer. */
static char *copy_mount_string(const char *ustr)
{
	char *s;
	long len;

	if (!ustr)
		return NULL;
	s = kmalloc(PAGE_SIZE, GFP_KERNEL);
	if (!s)
		return ERR_PTR(-ENOMEM);
	len = strncpy_from_user(s, ustr, PAGE_SIZE);
	if (len < 0) {
		kfree(s);
		return ERR_PTR(len);
	}
	if (len == PAGE_SIZE) {
		kfree(s);
		return ERR_PTR(-EINVAL);
	}
	return s;
}

/*
 * The options page: up to PAGE_SIZE bytes.  The data may end before a
 * page boundary that is not mapped, so copy what can be copied.
 */
static void *copy_mount_options(const void *data)
{
	char *copy;
	unsigned long left, size;

	if (!data)
		return NULL;
	copy = kzalloc(PAGE_SIZE, GFP_KERNEL);
	if (!copy)
		return ERR_PTR(-ENOMEM);
	size = PAGE_SIZE - ((unsigned long)data & ~PAGE_MASK);
	left = copy_from_user(copy, data, size);
	if (left == size) {
		kfree(copy);
		return ERR_PTR(-EFAULT);
	}
	/* The rest lies on the next page; it may be missing, which is fine. */
	if (!left && size < PAGE_SIZE && copy_from_user(copy + size, (const char *)data + size,
							PAGE_SIZE - size))
		pr_debug("mount: options end before the next page\n");
	return copy;
}

SYSCALL_DEFINE5(mount, char *, dev_name, char *, dir_name, char *, type,
		unsigned long, flags, void *, data)
{
	char *kernel_type, *kernel_dev;
	void *options;
	struct path path;
	long ret;

	kernel_type = copy_mount_string(type);
	ret = PTR_ERR(kernel_type);
	if (IS_ERR(kernel_type))
		goto out_type;
	kernel_dev = copy_mount_string(dev_name);
	ret = PTR_ERR(kernel_dev);
	if (IS_ERR(kernel_dev))
		goto out_dev;
	options = copy_mount_options(data);
	ret = PTR_ERR(options);
	if (IS_ERR(options))
		goto out_data;
	ret = user_path_at(AT_FDCWD, dir_name, LOOKUP_FOLLOW, &path);
	if (!ret) {
		ret = path_mount(kernel_dev, &path, kernel_type, flags, options);
		path_put(&path);
	}
	kfree(options);
out_data:
	kfree(kernel_dev);
out_dev:
	kfree(kernel_type);
out_type:
	return ret;
}

SYSCALL_DEFINE2(umount2, char *, name, int, flags)
{
	int lookup_flags = LOOKUP_MOUNTPOINT;
	struct path path;
	int ret;

	if (flags & ~(MNT_FORCE | MNT_DETACH | MNT_EXPIRE | UMOUNT_NOFOLLOW))
		return -EINVAL;
	if (!(flags & UMOUNT_NOFOLLOW))
		lookup_flags |= LOOKUP_FOLLOW;
	ret = user_path_at(AT_FDCWD, name, lookup_flags, &path);
	if (ret)
		return ret;
	return path_umount(&path, flags);
}

/* ------------------------------------------------------------ boot */

static void init_mount_tree(void)
{
	struct vfsmount *m;
	struct mount *mnt;
	struct path root;

	m = vfs_kern_mount(&rootfs_fs_type, 0, "rootfs", NULL);
	if (IS_ERR(m))
		panic("VFS: cannot create rootfs (%ld)", PTR_ERR(m));
	mnt = real_mount(m);
	m->mnt_flags = MNT_RELATIME;
	mnt->mnt_ns = &init_mnt_ns;
	init_mnt_ns.root = mnt;
	init_mnt_ns.mounts = 1;
	list_add(&mnt->mnt_list, &init_mnt_ns.list);

	root.mnt = m;
	root.dentry = m->mnt_root;
	set_fs_pwd(current->fs, &root);
	set_fs_root(current->fs, &root);
}

void mnt_init(void)
{
	mnt_cache = kmem_cache_create("mnt_cache", sizeof(struct mount), 0,
				      SLAB_HWCACHE_ALIGN | SLAB_PANIC, NULL);
	for (unsigned int i = 0; i < MNT_HASH_SIZE; i++)
		INIT_HLIST_HEAD(&mount_hashtable[i]);
	init_rootfs();
	init_mount_tree();
}
