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

/* The flags umount2(2) knows. */
#define UMOUNT_KNOWN_FLAGS	(MNT_FORCE | MNT_DETACH | MNT_EXPIRE | UMOUNT_NOFOLLOW)

/* umount2(2) of @path, whose references this consumes. */
int path_umount(struct path *path, int flags)
{
	int err;

	if (flags & ~UMOUNT_KNOWN_FLAGS)
		err = -EINVAL;
	else if (!may_mount())
		err = -EPERM;
	else if (path->dentry != path->mnt->mnt_root)
		err = -EINVAL;		/* not the root of a mount */
	else
		err = do_umount(real_mount(path->mnt), flags);
	path_put(path);
	return err;
}

/* ------------------------------------------------------------ mount variants */

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

/* The source of MS_BIND and MS_MOVE: a name is required, and followed. */
static int mount_source_path(const char *name, struct path *source)
{
	if (!name || !*name)
		return -EINVAL;
	return kern_path(name, LOOKUP_FOLLOW, source);
}

static int do_loopback(struct path *path, const char *old_name, int recurse)
{
	struct path source;
	struct mount *copy;
	int err;

	/* Recursive binds would need a copy of the submount tree: not supported. */
	if (recurse)
		return -EINVAL;
	err = mount_source_path(old_name, &source);
	if (err)
		return err;
	if (!check_mnt(real_mount(source.mnt))) {
		err = -EINVAL;
		goto put_source;
	}
	copy = clone_mnt(real_mount(source.mnt), source.dentry);
	if (IS_ERR(copy)) {
		err = PTR_ERR(copy);
		goto put_source;
	}
	err = do_add_mount(copy, path);
	if (err)
		mntput(&copy->mnt);
put_source:
	path_put(&source);
	return err;
}

/* A new mount of file system type @fstype, attached on @path. */
static int do_new_mount(struct path *path, const char *fstype, int sb_flags,
			int mnt_flags, const char *name, void *data)
{
	struct file_system_type *fs = fstype ? get_fs_type(fstype) : NULL;
	struct vfsmount *fresh;
	int err;

	/* No type given is EINVAL, an unknown one ENODEV (mount(2)). */
	if (!fs)
		return fstype ? -ENODEV : -EINVAL;
	fresh = vfs_kern_mount(fs, sb_flags, name, data);
	if (IS_ERR(fresh))
		return PTR_ERR(fresh);
	fresh->mnt_flags = mnt_flags;
	err = do_add_mount(real_mount(fresh), path);
	if (err)
		mntput(fresh);
	return err;
}

/* Is @m @ancestor itself or somewhere below it? */
static bool mnt_is_within(struct mount *m, struct mount *ancestor)
{
	for (;;) {
		if (m == ancestor)
			return true;
		if (!mnt_has_parent(m))
			return false;
		m = m->mnt_parent;
	}
}

/* Can the mount @m (found as @from) move onto @to?  namespace_sem held. */
static int move_mount_errno(const struct path *from, struct mount *m, const struct path *to)
{
	struct mount *dest = real_mount(to->mnt);

	if (!check_mnt(m) || !check_mnt(dest))
		return -EINVAL;
	/* Only a whole mount moves, and never the namespace root. */
	if (from->dentry != from->mnt->mnt_root || !mnt_has_parent(m))
		return -EINVAL;
	if (d_unlinked(to->dentry))
		return -ENOENT;
	if (d_is_dir(to->dentry) != d_is_dir(from->dentry))
		return -ENOTDIR;
	/* Below itself the subtree would hang from nothing. */
	if (mnt_is_within(dest, m))
		return -ELOOP;
	return 0;
}

static int do_move_mount(struct path *path, const char *old_name)
{
	struct path from, vacated = { .mnt = NULL, .dentry = NULL };
	struct mount *m;
	int err;

	err = mount_source_path(old_name, &from);
	if (err)
		return err;
	m = real_mount(from.mnt);

	down_write(&namespace_sem);
	follow_to_top(path);
	err = move_mount_errno(&from, m, path);
	if (!err) {
		spin_lock(&mount_lock);
		detach_mnt(m, &vacated);
		attach_mnt(m, real_mount(path->mnt), path->dentry);
		init_mnt_ns.seq++;
		spin_unlock(&mount_lock);
	}
	up_write(&namespace_sem);

	/* The references on the old place, dropped with no lock held. */
	if (vacated.mnt) {
		dput(vacated.dentry);
		mntput(vacated.mnt);
	}
	path_put(&from);
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

/* mount(2) flags that become per-mount flags; atime is handled apart. */
static const struct {
	unsigned long ms_flag;
	int mnt_flag;
} ms_mnt_flags[] = {
	{ MS_RDONLY, MNT_READONLY },
	{ MS_NOSUID, MNT_NOSUID },
	{ MS_NODEV, MNT_NODEV },
	{ MS_NOEXEC, MNT_NOEXEC },
	{ MS_NODIRATIME, MNT_NODIRATIME },
	{ MS_NOSYMFOLLOW, MNT_NOSYMFOLLOW },
};

/* mount(2) flags that belong to the super block. */
#define MS_SB_FLAGS	(SB_RDONLY | SB_SYNCHRONOUS | MS_MANDLOCK | SB_DIRSYNC | \
			 SB_SILENT | SB_POSIXACL | SB_LAZYTIME | SB_I_VERSION)

static int mnt_flags_of(unsigned long flags)
{
	int mnt_flags = 0;

	for (unsigned int i = 0; i < ARRAY_SIZE(ms_mnt_flags); i++) {
		if (flags & ms_mnt_flags[i].ms_flag)
			mnt_flags |= ms_mnt_flags[i].mnt_flag;
	}
	/* relatime unless the caller chose noatime or strictatime. */
	if (flags & MS_NOATIME)
		return mnt_flags | MNT_NOATIME;
	if (flags & MS_STRICTATIME)
		return mnt_flags;
	return mnt_flags | MNT_RELATIME;
}

/*
 * mount(2) on a resolved @path.  @type_page and @data_page are kernel
 * copies (data up to a page).  Which operation it is follows from the
 * flags, in mount(2)'s order: remount, bind, propagation, move, new.
 */
long path_mount(const char *dev_name, struct path *path, const char *type_page,
		unsigned long flags, void *data_page)
{
	int mnt_flags, sb_flags;

	/* The old magic number in the top half is ignored. */
	if ((flags & MS_MGC_MSK) == MS_MGC_VAL)
		flags &= ~MS_MGC_MSK;
	if (data_page)
		((char *)data_page)[PAGE_SIZE - 1] = '\0';
	if (!may_mount())
		return -EPERM;

	mnt_flags = mnt_flags_of(flags);
	sb_flags = flags & MS_SB_FLAGS;
	if (flags & MS_REMOUNT)
		return do_remount(path, flags, sb_flags, mnt_flags, data_page);
	if (flags & MS_BIND)
		return do_loopback(path, dev_name, flags & MS_REC);
	/* Every mount is private: only the requests that change nothing pass. */
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

/*
 * From the root of a mount to the dentry it is mounted on, one level.
 * Returns 0 at the root of the tree, where @path stays as it is.
 */
int follow_up(struct path *path)
{
	struct mount *mnt = real_mount(path->mnt);
	struct path below;

	spin_lock(&mount_lock);
	if (!mnt_has_parent(mnt)) {
		spin_unlock(&mount_lock);
		return 0;
	}
	below.mnt = mntget(&mnt->mnt_parent->mnt);
	below.dentry = dget(mnt->mnt_mountpoint);
	spin_unlock(&mount_lock);
	path_put(path);
	*path = below;
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
 * The option words of a /proc/mounts line after "ro"/"rw", in the order
 * they are printed: super block flags first, then per-mount flags.
 */
static const struct mount_opt_word {
	const char *word;
	unsigned long bit;
	bool per_mount;		/* a mnt_flags bit, else an s_flags bit */
} mount_opt_words[] = {
	{ "sync", SB_SYNCHRONOUS, false },
	{ "dirsync", SB_DIRSYNC, false },
	{ "lazytime", SB_LAZYTIME, false },
	{ "nosuid", MNT_NOSUID, true },
	{ "nodev", MNT_NODEV, true },
	{ "noexec", MNT_NOEXEC, true },
	{ "noatime", MNT_NOATIME, true },
	{ "nodiratime", MNT_NODIRATIME, true },
	{ "relatime", MNT_RELATIME, true },
	{ "nosymfollow", MNT_NOSYMFOLLOW, true },
};

/* Characters proc(5) shows as octal escapes in /proc/mounts fields. */
#define MOUNTS_ESCAPED	" \t\n\\"

/* The option words of one kind (super block or per-mount), each after a comma. */
static void show_opt_words(struct seq_file *m, struct mount *mnt, bool per_mount)
{
	unsigned long set = per_mount ? mnt->mnt.mnt_flags : mnt->mnt.mnt_sb->s_flags;

	for (unsigned int i = 0; i < ARRAY_SIZE(mount_opt_words); i++) {
		const struct mount_opt_word *o = &mount_opt_words[i];

		if (o->per_mount == per_mount && (set & o->bit))
			seq_printf(m, ",%s", o->word);
	}
}

/* The file system's own options, each with its leading comma. */
static int show_fs_options(struct seq_file *m, struct mount *mnt)
{
	struct super_block *sb = mnt->mnt.mnt_sb;

	if (sb->s_op && sb->s_op->show_options)
		return sb->s_op->show_options(m, mnt->mnt.mnt_root);
	return 0;
}

/* proc(5) /proc/mounts: "device mountpoint type options 0 0". */
static int show_mounts_line(struct seq_file *m, struct mount *mnt, const char *where,
			    char *buf)
{
	int err;

	seq_escape_str(m, mnt->mnt_devname, MOUNTS_ESCAPED);
	seq_putc(m, ' ');
	seq_escape_str(m, where, MOUNTS_ESCAPED);
	seq_printf(m, " %s %s", mnt->mnt.mnt_sb->s_type->name,
		   __mnt_is_readonly(&mnt->mnt) ? "ro" : "rw");
	show_opt_words(m, mnt, false);
	show_opt_words(m, mnt, true);
	err = show_fs_options(m, mnt);
	if (err)
		return err;
	/* The dump frequency and fsck pass fields of fstab(5): always 0. */
	seq_puts(m, " 0 0\n");
	return 0;
}

/*
 * proc(5) mountinfo: "id parent major:minor root mountpoint mount-options
 * [optional fields] - type source super-options".  No optional fields:
 * every mount is private (no propagation peers or masters).  The root
 * field is the mount's root within its file system ("/" but for binds).
 */
static int show_mountinfo_line(struct seq_file *m, struct mount *mnt, const char *where,
			       char *buf)
{
	struct super_block *sb = mnt->mnt.mnt_sb;
	char *root;
	int err;

	root = dentry_path_raw(mnt->mnt.mnt_root, buf, PATH_MAX);
	if (IS_ERR(root))
		return 0;
	seq_printf(m, "%d %d %u:%u ", mnt->mnt_id, mnt->mnt_parent->mnt_id,
		   MAJOR(sb->s_dev), MINOR(sb->s_dev));
	seq_escape_str(m, root, MOUNTS_ESCAPED);
	seq_putc(m, ' ');
	seq_escape_str(m, where, MOUNTS_ESCAPED);
	seq_puts(m, mnt->mnt.mnt_flags & MNT_READONLY ? " ro" : " rw");
	show_opt_words(m, mnt, true);
	seq_printf(m, " - %s ", sb->s_type->name);
	seq_escape_str(m, mnt->mnt_devname, MOUNTS_ESCAPED);
	seq_puts(m, sb_rdonly(sb) ? " ro" : " rw");
	show_opt_words(m, mnt, false);
	err = show_fs_options(m, mnt);
	if (err)
		return err;
	seq_putc(m, '\n');
	return 0;
}

/*
 * One line per mount reachable from root, in mount order; mounts outside
 * it (the rootfs under a root= file system, a chroot's surroundings) are
 * left out, as are those whose path cannot be built.
 */
static int show_mount_table(struct seq_file *m, const struct path *root,
			    int (*show)(struct seq_file *, struct mount *, const char *, char *))
{
	struct mount *mnt;
	char *buf;
	int err = -ENOMEM;

	buf = kmalloc(2 * PATH_MAX, GFP_KERNEL);
	if (!buf)
		return err;
	err = 0;
	down_read(&namespace_sem);
	list_for_each_entry(mnt, &init_mnt_ns.list, mnt_list) {
		struct path top = { .mnt = &mnt->mnt, .dentry = mnt->mnt.mnt_root };
		char *where = d_path_below(&top, root, buf, PATH_MAX);

		if (IS_ERR(where))
			continue;
		err = show(m, mnt, where, buf + PATH_MAX);
		if (err)
			break;
	}
	up_read(&namespace_sem);
	kfree(buf);
	return err;
}

int mounts_seq_show(struct seq_file *m, const struct path *root)
{
	return show_mount_table(m, root, show_mounts_line);
}

int mountinfo_seq_show(struct seq_file *m, const struct path *root)
{
	return show_mount_table(m, root, show_mountinfo_line);
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
	len = s ? strncpy_from_user(s, ustr, PAGE_SIZE) : -ENOMEM;
	/* A string that fills the whole page has no room for its NUL. */
	if (len >= 0 && len < PAGE_SIZE)
		return s;
	kfree(s);
	return ERR_PTR(len < 0 ? len : -EINVAL);
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
	char *fstype, *source = NULL;
	void *options = NULL;
	struct path where;
	long ret;

	/* Everything is copied in before the mount point is looked up. */
	fstype = copy_mount_string(type);
	if (IS_ERR(fstype))
		return PTR_ERR(fstype);
	source = copy_mount_string(dev_name);
	if (IS_ERR(source)) {
		ret = PTR_ERR(source);
		source = NULL;
		goto free_copies;
	}
	options = copy_mount_options(data);
	if (IS_ERR(options)) {
		ret = PTR_ERR(options);
		options = NULL;
		goto free_copies;
	}
	ret = user_path_at(AT_FDCWD, dir_name, LOOKUP_FOLLOW, &where);
	if (!ret) {
		ret = path_mount(source, &where, fstype, flags, options);
		path_put(&where);
	}
free_copies:
	kfree(options);
	kfree(source);
	kfree(fstype);
	return ret;
}

SYSCALL_DEFINE2(umount2, char *, name, int, flags)
{
	unsigned int walk = LOOKUP_MOUNTPOINT | ((flags & UMOUNT_NOFOLLOW) ? 0 : LOOKUP_FOLLOW);
	struct path where;
	int err = -EINVAL;

	/* Bad flags are refused before the name is even looked at. */
	if (!(flags & ~UMOUNT_KNOWN_FLAGS))
		err = user_path_at(AT_FDCWD, name, walk, &where);
	return err ? err : path_umount(&where, flags);
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
