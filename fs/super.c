// SPDX-License-Identifier: GPL-2.0-only
/*
 * Super blocks: creating file-system instances, finding shared ones,
 * remounting, and shutting them down when the last mount goes.
 *
 * Interface: sget(), mount_nodev() and mount_bdev() for ->mount
 * implementations; deactivate_super() (the last mntput());
 * generic_shutdown_super(), kill_anon_super(), kill_litter_super(),
 * kill_block_super() for ->kill_sb;
 * reconfigure_super() (MS_REMOUNT); iterate_supers() (sync).
 *
 * Lifetime: s_active counts mounts (and kern_mount users); at zero the
 * type's ->kill_sb shuts the instance down.  s_count keeps the memory
 * alive for list walkers; the last put frees it.
 *
 * Locking: sb_lock guards super_blocks, every s_instances list and
 * s_count.  s_umount is held for writing from creation until the mount
 * is set up, during remount and during shutdown; iterate_supers() holds
 * it for reading.  Order: namespace_sem -> s_umount -> sb_lock.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/bitmap.h>
#include <linux/sched.h>
#include <linux/fs.h>
#include <linux/fsnotify.h>
#include <linux/mount.h>
#include <linux/blkdev.h>
#include <linux/backing-dev.h>
#include "internal.h"

static LIST_HEAD(super_blocks);
static DEFINE_SPINLOCK(sb_lock);

/* Device numbers for file systems without a device: major 0 (Linux: "unnamed"). */
#define ANON_DEV_MINORS	4096
static DECLARE_BITMAP(anon_dev_map, ANON_DEV_MINORS);
static DEFINE_SPINLOCK(anon_dev_lock);

int get_anon_bdev(dev_t *dev)
{
	unsigned long minor;

	spin_lock(&anon_dev_lock);
	/* Minor 0 stays unused, as in Linux. */
	minor = find_next_zero_bit(anon_dev_map, ANON_DEV_MINORS, 1);
	if (minor >= ANON_DEV_MINORS) {
		spin_unlock(&anon_dev_lock);
		return -EMFILE;
	}
	__set_bit(minor, anon_dev_map);
	spin_unlock(&anon_dev_lock);
	*dev = MKDEV(0, minor);
	return 0;
}

void free_anon_bdev(dev_t dev)
{
	spin_lock(&anon_dev_lock);
	__clear_bit(MINOR(dev), anon_dev_map);
	spin_unlock(&anon_dev_lock);
}

int set_anon_super(struct super_block *sb, void *data)
{
	return get_anon_bdev(&sb->s_dev);
}

/*
 * A new, empty instance of @type, returned with s_umount held for writing
 * so nobody sees it before its mount is set up.
 */
static struct super_block *alloc_super(struct file_system_type *type, int flags)
{
	struct super_block *s = kzalloc(sizeof(*s), GFP_KERNEL);

	if (!s)
		return NULL;
	s->s_type = type;
	s->s_flags = flags;
	strscpy(s->s_id, type->name, sizeof(s->s_id));
	init_rwsem(&s->s_umount);
	down_write(&s->s_umount);
	/* Defaults; fill_super() sets what its on-disk format says. */
	s->s_blocksize_bits = PAGE_SHIFT;
	s->s_blocksize = 1UL << PAGE_SHIFT;
	s->s_maxbytes = MAX_LFS_FILESIZE;
	s->s_time_gran = 1;
	INIT_LIST_HEAD(&s->s_list);
	INIT_HLIST_NODE(&s->s_instances);
	/* One memory reference and one active user: the mount being made. */
	s->s_count = 1;
	atomic_set(&s->s_active, 1);
	INIT_LIST_HEAD(&s->s_mounts);
	mutex_init(&s->s_vfs_rename_mutex);
	INIT_LIST_HEAD(&s->s_inodes);
	spin_lock_init(&s->s_inode_list_lock);
	return s;
}

static void put_super(struct super_block *s)
{
	bool last;

	spin_lock(&sb_lock);
	last = --s->s_count == 0;
	if (last)
		list_del(&s->s_list);
	spin_unlock(&sb_lock);
	if (last)
		kfree(s);
}

/* Take an active reference on an existing instance; sb_lock held, dropped. */
static bool grab_super(struct super_block *s)
{
	if (!atomic_inc_not_zero(&s->s_active)) {
		spin_unlock(&sb_lock);
		return false;
	}
	s->s_count++;
	spin_unlock(&sb_lock);
	down_write(&s->s_umount);
	if (!(s->s_flags & SB_BORN)) {
		/* Its mount failed meanwhile. */
		up_write(&s->s_umount);
		atomic_dec(&s->s_active);
		put_super(s);
		return false;
	}
	put_super(s);
	return true;
}

/* sb_lock held: an instance of @type that @test accepts, if any. */
static struct super_block *find_super(struct file_system_type *type,
				      int (*test)(struct super_block *, void *), void *data)
{
	struct super_block *s;

	if (!test)
		return NULL;
	hlist_for_each_entry(s, &type->fs_supers, s_instances) {
		if (test(s, data))
			return s;
	}
	return NULL;
}

/* An instance allocated in advance that is not used after all. */
static void discard_new_super(struct super_block *s)
{
	if (!s)
		return;
	up_write(&s->s_umount);
	kfree(s);
}

/*
 * Find the instance of @type that @test accepts (@test NULL: always make
 * a new one), or make one and let @set initialize it.  Either way the
 * result is active and its s_umount held for writing.
 */
struct super_block *sget(struct file_system_type *type,
			 int (*test)(struct super_block *, void *),
			 int (*set)(struct super_block *, void *),
			 int flags, void *data)
{
	struct super_block *fresh = NULL, *found;
	int err;

	for (;;) {
		spin_lock(&sb_lock);
		found = find_super(type, test, data);
		if (found) {
			/* grab_super() drops sb_lock; a dying instance means: look again. */
			if (!grab_super(found))
				continue;
			discard_new_super(fresh);
			return found;
		}
		if (fresh)
			break;
		/* Allocation may sleep: not under sb_lock, and then search again. */
		spin_unlock(&sb_lock);
		fresh = alloc_super(type, flags);
		if (!fresh)
			return ERR_PTR(-ENOMEM);
	}

	/* Still under sb_lock: no competing instance can appear meanwhile. */
	err = set(fresh, data);
	if (err) {
		spin_unlock(&sb_lock);
		discard_new_super(fresh);
		return ERR_PTR(err);
	}
	hlist_add_head(&fresh->s_instances, &type->fs_supers);
	list_add_tail(&fresh->s_list, &super_blocks);
	spin_unlock(&sb_lock);
	return fresh;
}

/*
 * Let a new instance's fill_super() read or build the file system.  On
 * failure the instance is shut down again; on success it is active and
 * the caller gets a reference to its root.
 */
static struct dentry *fill_new_super(struct super_block *s, void *data, int flags,
				     int (*fill_super)(struct super_block *, void *, int))
{
	int err = fill_super(s, data, (flags & SB_SILENT) ? 1 : 0);

	if (err) {
		deactivate_locked_super(s);
		return ERR_PTR(err);
	}
	s->s_flags |= SB_ACTIVE;
	return dget(s->s_root);
}

struct dentry *mount_nodev(struct file_system_type *fs_type, int flags, void *data,
			   int (*fill_super)(struct super_block *, void *, int))
{
	/* No test: every mount of such a type is an instance of its own. */
	struct super_block *s = sget(fs_type, NULL, set_anon_super, flags, NULL);

	if (IS_ERR(s))
		return ERR_CAST(s);
	return fill_new_super(s, data, flags, fill_super);
}

#ifdef CONFIG_BLOCK
/*
 * Disk file systems: one super block per block device.  The device is
 * opened exclusively with the file system type as holder, read-write
 * unless SB_RDONLY (a read-only device then fails with EACCES, and
 * mount(8) retries read-only, as on Linux).  A second mount of the same
 * device shares the super block if the read-only flag agrees, else EBUSY.
 */
static int test_bdev_super(struct super_block *s, void *data)
{
	return s->s_bdev == data;
}

static int set_bdev_super(struct super_block *s, void *data)
{
	struct block_device *bdev = data;

	s->s_bdev = bdev;
	s->s_dev = bdev->bd_dev;
	s->s_bdi = bdev->bd_disk->bdi;
	bdi_get(s->s_bdi);
	return 0;
}

static fmode_t bdev_super_mode(int flags)
{
	return FMODE_READ | FMODE_EXCL | (flags & SB_RDONLY ? 0 : FMODE_WRITE);
}

struct dentry *mount_bdev(struct file_system_type *fs_type, int flags, const char *dev_name,
			  void *data, int (*fill_super)(struct super_block *, void *, int))
{
	fmode_t mode = bdev_super_mode(flags);
	struct block_device *bdev;
	struct super_block *s;
	struct dentry *root;

	bdev = blkdev_get_by_path(dev_name, mode, fs_type);
	if (IS_ERR(bdev))
		return (struct dentry *)bdev;
	s = sget(fs_type, test_bdev_super, set_bdev_super, flags, bdev);
	if (IS_ERR(s)) {
		blkdev_put(bdev, mode);
		return (struct dentry *)s;
	}
	if (s->s_root) {
		/* Already mounted: this open was only to find it. */
		if ((flags ^ s->s_flags) & SB_RDONLY) {
			deactivate_locked_super(s);
			blkdev_put(bdev, mode);
			return ERR_PTR(-EBUSY);
		}
		up_write(&s->s_umount);
		blkdev_put(bdev, mode);
		down_write(&s->s_umount);
		return dget(s->s_root);
	}
	snprintf(s->s_id, sizeof(s->s_id), "%s", kobject_name(&bdev->bd_device.kobj));
	sb_set_blocksize(s, 1 << bdev->bd_inode->i_blkbits);
	/* On failure ->kill_sb (kill_block_super) closes the device. */
	root = fill_new_super(s, data, flags, fill_super);
	if (!IS_ERR(root))
		bdev->bd_super = s;
	return root;
}

void kill_block_super(struct super_block *sb)
{
	struct block_device *bdev = sb->s_bdev;

	bdev->bd_super = NULL;
	generic_shutdown_super(sb);
	sync_blockdev(bdev);
	blkdev_put(bdev, bdev_super_mode(0));
	bdi_put(sb->s_bdi);
	sb->s_bdi = NULL;
}
#endif /* CONFIG_BLOCK */

void generic_shutdown_super(struct super_block *sb)
{
	const struct super_operations *sop = sb->s_op;
	int busy;

	if (sb->s_root) {
		shrink_dcache_for_umount(sb);
		/* Watches pin their inodes: they go first (IN_UNMOUNT). */
		fsnotify_unmount_inodes(sb);
		sync_filesystem(sb);
		sb->s_flags &= ~SB_ACTIVE;
		busy = evict_inodes(sb);
		if (busy)
			pr_err("VFS: busy inodes after unmount of %s (%d)\n", sb->s_id, busy);
		if (sop && sop->put_super)
			sop->put_super(sb);
	}
	/* Off the type's list; super_blocks keeps it until the last put_super(). */
	spin_lock(&sb_lock);
	hlist_del_init(&sb->s_instances);
	spin_unlock(&sb_lock);
	up_write(&sb->s_umount);
}

/* For in-memory file systems whose dentries pin their own inodes. */
void kill_litter_super(struct super_block *sb)
{
	if (sb->s_root)
		d_genocide(sb->s_root);
	kill_anon_super(sb);
}

void kill_anon_super(struct super_block *sb)
{
	/* The device number is free again only once the instance is gone. */
	dev_t anon = sb->s_dev;

	generic_shutdown_super(sb);
	free_anon_bdev(anon);
}

/* Drop an active reference, s_umount held for writing (and released). */
void deactivate_locked_super(struct super_block *s)
{
	void (*kill)(struct super_block *) = s->s_type->kill_sb;

	if (!atomic_dec_and_test(&s->s_active)) {
		up_write(&s->s_umount);
		return;
	}
	/* The last mount is gone: shut down; that releases s_umount too. */
	if (!kill)
		kill = generic_shutdown_super;
	kill(s);
	put_super(s);
}

void deactivate_super(struct super_block *s)
{
	if (atomic_fetch_add_unless(&s->s_active, -1, 1) != 1)
		return;
	down_write(&s->s_umount);
	deactivate_locked_super(s);
}

int reconfigure_super(struct super_block *sb, int flags, char *data)
{
	bool remount_ro = (flags & SB_RDONLY) && !sb_rdonly(sb);
	int err;

	if (remount_ro) {
		err = sb_prepare_remount_readonly(sb);
		if (err)
			return err;
	}
	if (sb->s_op->remount_fs) {
		err = sb->s_op->remount_fs(sb, &flags, data);
		if (err) {
			if (remount_ro)
				sb_end_remount_readonly(sb, false);
			return err;
		}
	}
	WRITE_ONCE(sb->s_flags, (sb->s_flags & ~MS_RMT_MASK) | (flags & MS_RMT_MASK));
	if (remount_ro)
		sb_end_remount_readonly(sb, true);
	return 0;
}

/*
 * sb_lock held: the first instance after @pos on super_blocks (from the
 * start if @pos is NULL) that is not being shut down, with s_count taken
 * so that it stays on the list while we sleep.
 */
static struct super_block *next_live_super(struct super_block *pos)
{
	struct list_head *p = pos ? pos->s_list.next : super_blocks.next;

	for (; p != &super_blocks; p = p->next) {
		struct super_block *sb = list_entry(p, struct super_block, s_list);

		if (!hlist_unhashed(&sb->s_instances)) {
			sb->s_count++;
			return sb;
		}
	}
	return NULL;
}

/* Call @f on every mounted instance, under its s_umount for reading. */
void iterate_supers(void (*f)(struct super_block *, void *), void *arg)
{
	struct super_block *sb = NULL, *prev;

	for (;;) {
		prev = sb;
		spin_lock(&sb_lock);
		sb = next_live_super(prev);
		spin_unlock(&sb_lock);
		/* prev held our place in the list until its successor was found. */
		if (prev)
			put_super(prev);
		if (!sb)
			return;
		down_read(&sb->s_umount);
		if (sb->s_root && (sb->s_flags & SB_BORN))
			f(sb, arg);
		up_read(&sb->s_umount);
	}
}
