/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The mount tree's private structures (fs/namespace.c).
 *
 * struct mount wraps the public struct vfsmount with the tree links.
 * A mount is attached at (mnt_parent, mnt_mountpoint); the mount hash
 * finds the child mounted on a given (parent, dentry).  Several mounts
 * may stack on one mountpoint: the hash returns the topmost.
 *
 * Locking:
 *   namespace_sem (rwsem)  held for writing by everything that changes the
 *                          tree (mount, umount, remount of flags, bind);
 *                          for reading by walkers of the namespace list
 *   mount_lock (spinlock)  the hash, mnt_parent/mnt_mountpoint,
 *                          mnt_mounts/mnt_child, dentry->d_mounted,
 *                          sb->s_mounts, mnt_writers and MNT_READONLY
 *                          changes; lookup_mnt() takes a reference
 *                          under it, so path walks never need
 *                          namespace_sem
 * Order: namespace_sem -> sb->s_umount -> mount_lock -> dcache_lock.
 *
 * Lifetime: mnt_count.  An attached mount holds one reference for the
 * tree and one on its parent; paths (open files, cwds, lookups) hold
 * theirs.  The last mntput() of a detached mount frees it and
 * deactivates its super block.
 */
#ifndef _FS_MOUNT_H
#define _FS_MOUNT_H

#include <linux/mount.h>
#include <linux/list.h>
#include <linux/container_of.h>
#include <asm/atomic.h>

struct mnt_namespace {
	struct mount *root;
	struct list_head list;		/* every mount in it; namespace_sem + mount_lock */
	unsigned int mounts;
	u64 seq;			/* changes, for /proc/mounts pollers */
};

struct mount {
	struct hlist_node mnt_hash;	/* in the mount hash; mount_lock */
	struct mount *mnt_parent;	/* itself for the namespace root */
	struct dentry *mnt_mountpoint;	/* in the parent */
	struct vfsmount mnt;
	atomic_t mnt_count;
	int mnt_writers;		/* write accesses in progress; mount_lock */
	struct list_head mnt_mounts;	/* children; mount_lock */
	struct list_head mnt_child;	/* in parent's mnt_mounts */
	struct list_head mnt_instance;	/* in sb->s_mounts */
	struct list_head mnt_list;	/* in the namespace's list */
	struct list_head mnt_umounting;	/* scratch list for umount_tree() */
	struct mnt_namespace *mnt_ns;	/* NULL once detached */
	const char *mnt_devname;	/* "none", "/dev/sda1" ... */
	int mnt_id;
};

static inline struct mount *real_mount(struct vfsmount *mnt)
{
	return container_of(mnt, struct mount, mnt);
}

static inline bool mnt_has_parent(const struct mount *mnt)
{
	return mnt != mnt->mnt_parent;
}

extern struct mnt_namespace init_mnt_ns;

/* The mount on top of (mnt, dentry), referenced, or NULL. */
struct vfsmount *lookup_mnt(const struct path *path);
bool is_mounted(struct vfsmount *mnt);

#endif /* _FS_MOUNT_H */
