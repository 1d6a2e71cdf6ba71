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

static struct super_block *alloc_super(struct file_system_type *type, int flags)
{
	struct super_block *s = kzalloc(sizeof(*s), GFP_KERNEL);

	if (!s)
		return NULL;
	INIT_LIST_HEAD(&s->s_list);
	INIT_HLIST_NODE(&s->s_instances);
	INIT_LIST_HEAD(&s->s_mounts);
	INIT_LIST_HEAD(&s->s_inodes);
	spin_lock_init(&s->s_inode_list_lock);
	init_rwsem(&s->s_umount);
	/* Held until the mount is set up, so nobody sees it half-made. */
	down_write(&s->s_umount);
	mutex_init(&s->s_vfs_rename_mutex);
	s->s_count = 1;
	atomic_set(&s->s_active, 1);
	s->s_flags = flags;
	s->s_type = type;
	s->s_maxbytes = MAX_LFS_FILESIZE;
	s->s_blocksize = PAGE_SIZE;
	s->s_blocksize_bits = PAGE_SHIFT;
	s->s_time_gran = 1;
	strscpy(s->s_id, type->name, sizeof(s->s_id));
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

struct super_block *sget(struct file_system_type *type,
			 int (*test)(struct super_block *, void *),
			 int (*set)(struct super_block *, void *),
			 int flags, void *data)
{
	struct super_block *s = NULL, *old;
	int err;

retry:
	spin_lock(&sb_lock);
	if (test) {
		hlist_for_each_entry(old, &type->fs_supers, s_instances) {
			if (!test(old, data))
				continue;
			if (!grab_super(old))
				goto retry;
			if (s) {
				up_write(&s->s_umount);
				kfree(s);
			}
			return old;
		}
	}
	if (!s) {
		spin_unlock(&sb_lock);
		s = alloc_super(type, flags);
		if (!s)
			return ERR_PTR(-ENOMEM);
		goto retry;
	}
	err = set(s, data);
	if (err) {
		spin_unlock(&sb_lock);
		up_write(&s->s_umount);
		kfree(s);
		return ERR_PTR(err);
	}
	list_add_tail(&s->s_list, &super_blocks);
	hlist_add_head(&s->s_instances, &type->fs_supers);
	spin_unlock(&sb_lock);
	return s;
}

struct dentry *mount_nodev(struct file_system_type *fs_type, int flags, void *data,
			   int (*fill_super)(struct super_block *, void *, int))
{
	struct super_block *s = sget(fs_type, NULL, set_anon_super, flags, NULL);
	int err;

	if (IS_ERR(s))
		return (struct dentry *)s;
	err = fill_super(s, data, flags & SB_SILENT ? 1 : 0);
	if (err) {
		deactivate_locked_super(s);
		return ERR_PTR(err);
	}
	s->s_flags |= SB_ACTIVE;
	return dget(s->s_root);
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
	int err;

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
	err = fill_super(s, data, flags & SB_SILENT ? 1 : 0);
	if (err) {
		/* ->kill_sb (kill_block_super) closes the device. */
		deactivate_locked_super(s);
		return ERR_PTR(err);
	}
	s->s_flags |= SB_ACTIVE;
	bdev->bd_super = s;
	return dget(s->s_root);
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

void kill_anon_super(struct super_block *sb)
{
	dev_t dev = sb->s_dev;

	generic_shutdown_super(sb);
	free_anon_bdev(dev);
}

void kill_litter_super(struct super_block *sb)
{
	if (sb->s_root)
		d_genocide(sb->s_root);
	kill_anon_super(sb);
}

void deactivate_locked_super(struct super_block *s)
{
	struct file_system_type *fs = s->s_type;

	if (atomic_dec_and_test(&s->s_active)) {
		/* ->kill_sb releases s_umount (generic_shutdown_super()). */
		if (fs->kill_sb)
			fs->kill_sb(s);
		else
			generic_shutdown_super(s);
		put_super(s);
	} else {
		up_write(&s->s_umount);
	}
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

void iterate_supers(void (*f)(struct super_block *, void *), void *arg)
{
	struct super_block *sb, *prev = NULL;

	spin_lock(&sb_lock);
	list_for_each_entry(sb, &super_blocks, s_list) {
		if (hlist_unhashed(&sb->s_instances))
			continue;
		sb->s_count++;
		spin_unlock(&sb_lock);

		down_read(&sb->s_umount);
		if (sb->s_root && (sb->s_flags & SB_BORN))
			f(sb, arg);
		up_read(&sb->s_umount);

		/* sb stays on super_blocks while we hold s_count: continue from it. */
		if (prev)
			put_super(prev);
		prev = sb;
		spin_lock(&sb_lock);
	}
	spin_unlock(&sb_lock);
	if (prev)
		put_super(prev);
}
