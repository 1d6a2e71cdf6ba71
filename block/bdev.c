// SPDX-License-Identifier: GPL-2.0-only
/*
 * Block device objects and the "bdev" pseudo file system.
 *
 * Every struct block_device (a whole disk or a partition) lives in a
 * struct bdev_inode together with an inode of the internal bdev file
 * system.  That inode's address space is the device's page cache:
 * buffered reads and writes of /dev/vdX and every file system's metadata
 * buffers (sb_bread) go through it.  The inode is hashed by device
 * number, which is how an opener finds the block_device of a dev_t.
 *
 * Interface (<linux/blkdev.h>): blkdev_get_by_dev()/blkdev_get_by_path()
 * (optionally exclusive: FMODE_EXCL with a holder), blkdev_put(),
 * lookup_bdev(), I_BDEV(), set_blocksize()/sb_set_blocksize()/
 * sb_min_blocksize(), sync_blockdev(), invalidate_bdev(),
 * blkdev_issue_flush(), bdev_write_cache().  Block-layer internal:
 * bdev_alloc(), bdev_add(), bdev_unhash().
 *
 * Lifetime: bd_device's reference count; its release drops the inode,
 * whose eviction frees both (and, for a whole disk, the gendisk).
 * Lookups take bdev_lookup_mutex, which bdev_unhash() also takes, so a
 * lookup that found a device took its reference while the device was
 * still registered.
 *
 * Locking: disk->open_mutex serialises opening and closing all block
 * devices of a disk (bd_openers, bd_holder, bd_holders); bd_size_lock
 * guards bd_nr_sectors with the inode size.
 */
#include <linux/kernel.h>
#include <linux/panic.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/init.h>
#include <linux/log2.h>
#include <linux/mount.h>
#include <linux/namei.h>
#include <linux/pagemap.h>
#include <linux/blkdev.h>
#include <uapi/linux/magic.h>
#include "blk.h"

struct bdev_inode {
	struct block_device bdev;
	struct inode vfs_inode;
};

static struct super_block *blockdev_superblock;
static DEFINE_MUTEX(bdev_lookup_mutex);

static struct bdev_inode *BDEV_I(struct inode *inode)
{
	return container_of(inode, struct bdev_inode, vfs_inode);
}

/**
 * I_BDEV() - the block device an inode of the bdev file system stands for
 * @inode: the block_device's own inode (bd_inode), e.g. a block device's
 *         page-cache mapping->host; not the inode of a /dev node
 *
 * Context: any context; pointer arithmetic only.
 * Return: the block_device embedded next to @inode.
 */
struct block_device *I_BDEV(struct inode *inode)
{
	return &BDEV_I(inode)->bdev;
}

/* ------------------------------------------------------------ the bdev file system */

static struct inode *bdev_alloc_inode(struct super_block *sb)
{
	struct bdev_inode *ei = kzalloc(sizeof(*ei), GFP_KERNEL);

	return ei ? &ei->vfs_inode : NULL;
}

static void bdev_free_inode(struct inode *inode)
{
	struct block_device *bdev = I_BDEV(inode);

	/* The whole disk's bdev is the last thing of a disk to go. */
	if (bdev->bd_disk && !bdev->bd_partno)
		disk_release(bdev->bd_disk);
	kfree(bdev->bd_meta_info);
	kfree(BDEV_I(inode));
}

static void bdev_evict_inode(struct inode *inode)
{
	truncate_inode_pages(&inode->i_data, 0);
	clear_inode(inode);
}

static int bdev_drop_inode(struct inode *inode)
{
	return 1;
}

static const struct super_operations bdev_sops = {
	.alloc_inode = bdev_alloc_inode,
	.destroy_inode = bdev_free_inode,
	.evict_inode = bdev_evict_inode,
	.drop_inode = bdev_drop_inode,
	.statfs = simple_statfs,
};

static struct dentry *bd_mount(struct file_system_type *fs_type, int flags,
			       const char *dev_name, void *data)
{
	struct super_block *s = sget(fs_type, NULL, set_anon_super, SB_NOUSER, NULL);
	struct inode *root;

	if (IS_ERR(s))
		return (struct dentry *)s;
	s->s_magic = BDEVFS_MAGIC;
	s->s_op = &bdev_sops;
	root = new_inode(s);
	if (!root)
		goto fail;
	root->i_ino = 1;
	root->i_mode = S_IFDIR | 0500;
	set_nlink(root, 2);
	s->s_root = d_make_root(root);
	if (!s->s_root)
		goto fail;
	s->s_flags |= SB_ACTIVE | SB_BORN;
	return dget(s->s_root);
fail:
	deactivate_locked_super(s);
	return ERR_PTR(-ENOMEM);
}

static struct file_system_type bd_type = {
	.name = "bdev",
	.mount = bd_mount,
	.kill_sb = kill_anon_super,
};

void __init bdev_cache_init(void)
{
	struct vfsmount *mnt;

	if (register_filesystem(&bd_type))
		panic("block: cannot register the bdev file system\n");
	mnt = kern_mount(&bd_type);
	if (IS_ERR(mnt))
		panic("block: cannot mount the bdev file system\n");
	blockdev_superblock = mnt->mnt_sb;
}

/* ------------------------------------------------------------ objects */

static void bdev_release(struct device *dev)
{
	struct block_device *bdev = container_of(dev, struct block_device, bd_device);

	iput(bdev->bd_inode);
}

/*
 * A block device is the inode of the bdev pseudo file system that caches
 * its blocks, with the block_device around it (I_BDEV).  It gets its
 * device number later (bdev_add).
 */
struct block_device *bdev_alloc(struct gendisk *disk, u8 partno)
{
	struct inode *inode = new_inode(blockdev_superblock);
	struct block_device *bdev;

	if (!inode)
		return NULL;
	bdev = I_BDEV(inode);
	bdev->bd_inode = inode;
	bdev->bd_disk = disk;
	bdev->bd_queue = disk->queue;
	bdev->bd_partno = partno;
	bdev->bd_stats.stamp = jiffies;
	INIT_LIST_HEAD(&bdev->bd_list);
	spin_lock_init(&bdev->bd_size_lock);
	mutex_init(&bdev->bd_open_mutex);

	inode->i_bdev = bdev;
	inode->i_mode = S_IFBLK;
	inode->i_rdev = 0;
	inode->i_blkbits = PAGE_SHIFT;
	bdev_set_aops(inode);
	/* Its pages may be needed to free memory: no recursion into file systems. */
	mapping_set_gfp_mask(&inode->i_data, GFP_NOFS);

	device_initialize(&bdev->bd_device);
	bdev->bd_device.release = bdev_release;
	bdev->bd_device.class = &block_class;
	return bdev;
}

/* Give bdev its device number and make it findable. */
void bdev_add(struct block_device *bdev, dev_t dev)
{
	bdev->bd_dev = dev;
	bdev->bd_inode->i_rdev = dev;
	bdev->bd_inode->i_ino = dev;
	mutex_lock(&bdev_lookup_mutex);
	insert_inode_hash(bdev->bd_inode);
	mutex_unlock(&bdev_lookup_mutex);
}

void bdev_unhash(struct block_device *bdev)
{
	mutex_lock(&bdev_lookup_mutex);
	remove_inode_hash(bdev->bd_inode);
	mutex_unlock(&bdev_lookup_mutex);
}

struct block_device *bdev_find_by_dev(dev_t dev)
{
	struct block_device *bdev = NULL;
	struct inode *inode;

	mutex_lock(&bdev_lookup_mutex);
	inode = ilookup(blockdev_superblock, dev);
	if (inode) {
		bdev = I_BDEV(inode);
		get_device(&bdev->bd_device);
		iput(inode);
	}
	mutex_unlock(&bdev_lookup_mutex);
	return bdev;
}

void bdev_set_nr_sectors(struct block_device *bdev, sector_t sectors)
{
	spin_lock(&bdev->bd_size_lock);
	bdev->bd_nr_sectors = sectors;
	i_size_write(bdev->bd_inode, (loff_t)sectors << SECTOR_SHIFT);
	spin_unlock(&bdev->bd_size_lock);
}

/* ------------------------------------------------------------ opening */

/* Marks a whole disk whose partitions are claimed (Linux's bd_may_claim). */
static char whole_claimed_by_parts;

static bool bd_may_claim(struct block_device *bdev, void *holder)
{
	struct block_device *whole = bdev->bd_disk->part0;

	if (bdev->bd_holder == holder)
		return true;
	if (bdev->bd_holder)
		return false;
	if (whole != bdev && whole->bd_holder && whole->bd_holder != holder &&
	    whole->bd_holder != &whole_claimed_by_parts)
		return false;
	return true;
}

static void bd_claim(struct block_device *bdev, void *holder)
{
	struct block_device *whole = bdev->bd_disk->part0;

	bdev->bd_holder = holder;
	bdev->bd_holders++;
	if (whole != bdev) {
		if (!whole->bd_holder)
			whole->bd_holder = &whole_claimed_by_parts;
		whole->bd_holders++;
	}
}

static void bd_unclaim(struct block_device *bdev)
{
	struct block_device *whole = bdev->bd_disk->part0;

	if (!--bdev->bd_holders)
		bdev->bd_holder = NULL;
	if (whole != bdev && !--whole->bd_holders)
		whole->bd_holder = NULL;
}

/*
 * The block size of a device's page-cache buffers before a file system
 * chooses one: the largest power of two up to a page that divides the
 * size (Linux's choice), so buffered I/O never reaches past the end.
 */
static void set_init_blocksize(struct block_device *bdev)
{
	unsigned int bsize = bdev_logical_block_size(bdev);
	loff_t size = bdev_nr_bytes(bdev);

	while (bsize < PAGE_SIZE && !(size & (bsize * 2 - 1)))
		bsize *= 2;
	bdev->bd_inode->i_blkbits = ilog2(bsize);
}

/* First opener of the whole disk calls the driver. */
static int blkdev_get_whole(struct block_device *whole, fmode_t mode)
{
	struct gendisk *disk = whole->bd_disk;
	int err;

	if (!whole->bd_openers) {
		if (disk->fops && disk->fops->open) {
			err = disk->fops->open(whole, mode);
			if (err)
				return err;
		}
		set_init_blocksize(whole);
	}
	whole->bd_openers++;
	return 0;
}

static void blkdev_put_whole(struct block_device *whole, fmode_t mode)
{
	struct gendisk *disk = whole->bd_disk;

	if (--whole->bd_openers)
		return;
	sync_blockdev(whole);
	truncate_inode_pages(whole->bd_inode->i_mapping, 0);
	if (disk->fops && disk->fops->release)
		disk->fops->release(disk, mode);
}

/* Open a referenced bdev (the reference passes to the open). */
int bdev_open(struct block_device *bdev, fmode_t mode, void *holder)
{
	struct gendisk *disk = bdev->bd_disk;
	struct block_device *whole = disk->part0;
	int err;

	if ((mode & FMODE_EXCL) && !holder)
		return -EINVAL;
	mutex_lock(&disk->open_mutex);
	/* Gone (del_gendisk, partition dropped) or never added. */
	err = -ENXIO;
	if (test_bit(QUEUE_FLAG_DYING, &disk->queue->queue_flags) || bdev_unhashed(bdev))
		goto out;
	err = -EBUSY;
	if ((mode & FMODE_EXCL) && !bd_may_claim(bdev, holder))
		goto out;
	err = blkdev_get_whole(whole, mode);
	if (err)
		goto out;
	if (bdev != whole && !bdev->bd_openers++)
		set_init_blocksize(bdev);
	if (mode & FMODE_EXCL)
		bd_claim(bdev, holder);
	err = 0;
out:
	mutex_unlock(&disk->open_mutex);
	return err;
}

/**
 * blkdev_get_by_dev() - open a block device by its number
 * @dev: the device number
 * @mode: FMODE_READ/FMODE_WRITE, and FMODE_EXCL for an exclusive open
 * @holder: the exclusive owner's cookie; required with FMODE_EXCL
 *
 * Finds the device and takes a reference, refuses a write open of a
 * read-only device, then opens it: the first open of a disk calls the
 * driver's ->open and sets the initial buffer size, an exclusive open
 * claims the device (and, for a partition, its disk) for @holder.
 *
 * Context: process context; may sleep (takes the disk's open_mutex and
 * calls the driver).
 * Return: the open device, released with blkdev_put() in the same mode;
 * or ERR_PTR(-ENXIO) if no such device is live, -EACCES for a write open
 * of a read-only device, -EINVAL for FMODE_EXCL without @holder, -EBUSY if
 * another holder has it, or the driver's ->open error.
 */
struct block_device *blkdev_get_by_dev(dev_t dev, fmode_t mode, void *holder)
{
	struct block_device *bdev = bdev_find_by_dev(dev);
	int err;

	if (!bdev)
		return ERR_PTR(-ENXIO);
	if ((mode & FMODE_WRITE) && bdev_read_only(bdev)) {
		put_device(&bdev->bd_device);
		return ERR_PTR(-EACCES);
	}
	err = bdev_open(bdev, mode, holder);
	if (err) {
		put_device(&bdev->bd_device);
		return ERR_PTR(err);
	}
	return bdev;
}

/**
 * blkdev_get_by_path() - open a block device named by a path
 * @path: path of a block device node, e.g. a mount's source
 * @mode: as for blkdev_get_by_dev()
 * @holder: as for blkdev_get_by_dev()
 *
 * lookup_bdev() then blkdev_get_by_dev().
 *
 * Context: process context; may sleep (path walk, open_mutex).
 * Return: the open device, or an ERR_PTR from either step.
 */
struct block_device *blkdev_get_by_path(const char *path, fmode_t mode, void *holder)
{
	dev_t dev;
	int err = lookup_bdev(path, &dev);

	if (err)
		return ERR_PTR(err);
	return blkdev_get_by_dev(dev, mode, holder);
}

/**
 * blkdev_put() - close a block device
 * @bdev: a device opened with blkdev_get_by_*()
 * @mode: the mode it was opened with (FMODE_EXCL releases the claim)
 *
 * The last close of a partition, and of the whole disk, writes back and
 * drops its page cache; the last close of the disk also calls the
 * driver's ->release.  The open's reference on the device goes.
 *
 * Context: process context; may sleep (writeback, open_mutex).  The
 * caller must not hold the disk's open_mutex.
 */
void blkdev_put(struct block_device *bdev, fmode_t mode)
{
	struct gendisk *disk = bdev->bd_disk;

	mutex_lock(&disk->open_mutex);
	if (mode & FMODE_EXCL)
		bd_unclaim(bdev);
	if (bdev != disk->part0 && !--bdev->bd_openers) {
		sync_blockdev(bdev);
		truncate_inode_pages(bdev->bd_inode->i_mapping, 0);
	}
	blkdev_put_whole(disk->part0, mode);
	mutex_unlock(&disk->open_mutex);
	put_device(&bdev->bd_device);
}

/**
 * lookup_bdev() - the device number of a block device node
 * @pathname: path to look up (symlinks followed)
 * @dev: where the number goes on success
 *
 * Only resolves the name; the device is not opened and need not exist.
 *
 * Context: process context; may sleep (path walk).
 * Return: 0; -EINVAL for an empty or NULL path; the path walk's error;
 * -ENOTBLK if it is not a block device node; -EACCES if it sits on a
 * nodev mount.
 */
int lookup_bdev(const char *pathname, dev_t *dev)
{
	struct inode *node;
	struct path path;
	int err;

	if (!pathname || !*pathname)
		return -EINVAL;
	err = kern_path(pathname, LOOKUP_FOLLOW, &path);
	if (err)
		return err;
	node = d_inode(path.dentry);
	if (!S_ISBLK(node->i_mode))
		err = -ENOTBLK;
	else if (path.mnt->mnt_flags & MNT_NODEV)
		err = -EACCES;		/* device nodes mean nothing on a nodev mount */
	else
		*dev = node->i_rdev;
	path_put(&path);
	return err;
}

/* ------------------------------------------------------------ block size, cache */

/**
 * set_blocksize() - set the buffer size of a block device's page cache
 * @bdev: the device
 * @size: bytes: a power of two from 512 to PAGE_SIZE, not below the
 *        device's logical block size
 *
 * If the size changes, the cache is written back and then dropped
 * entirely, so that no buffer of the old size survives; anything that
 * still uses the old buffers (a mounted file system) would be hurt, so
 * callers do this while they own the device.
 *
 * Context: process context; may sleep (writeback, page locks).
 * Return: 0, or -EINVAL for a size out of those bounds.
 */
int set_blocksize(struct block_device *bdev, int size)
{
	struct inode *inode = bdev->bd_inode;
	unsigned int bits;

	/* Whole sectors, a power of two, within a page, not below the device's block. */
	if (size < SECTOR_SIZE || size > PAGE_SIZE || !is_power_of_2(size) ||
	    size < bdev_logical_block_size(bdev))
		return -EINVAL;
	bits = ilog2(size);
	if (inode->i_blkbits == bits)
		return 0;
	/* Write the cache back and drop it: no buffer of the old size may survive. */
	sync_blockdev(bdev);
	inode->i_blkbits = bits;
	kill_bdev(bdev);
	return 0;
}

/**
 * sb_set_blocksize() - set a file system's block size and its device's
 * @sb: the super block, with s_bdev set
 * @size: the block size wanted, as for set_blocksize()
 *
 * Context: process context; may sleep.  Called while mounting.
 * Return: @size, now in s_blocksize; or 0 if the device cannot use it
 * (the super block is then unchanged).
 */
int sb_set_blocksize(struct super_block *sb, int size)
{
	if (set_blocksize(sb->s_bdev, size) < 0)
		return 0;
	sb->s_blocksize_bits = ilog2(size);
	sb->s_blocksize = size;
	return size;
}

/**
 * sb_min_blocksize() - set a block size of at least the device's own
 * @sb: the super block, with s_bdev set
 * @size: the block size wanted; raised to the logical block size
 *
 * Context: process context; may sleep.
 * Return: the block size set, or 0 if it could not be.
 */
int sb_min_blocksize(struct super_block *sb, int size)
{
	return sb_set_blocksize(sb, max_t(int, size, bdev_logical_block_size(sb->s_bdev)));
}

/**
 * bdev_write_cache() - does the device have a volatile write cache?
 * @bdev: the device
 *
 * Context: any context; no locks.
 * Return: true if the queue says so (blk_queue_write_cache()): written
 * data is durable only after a flush.
 */
bool bdev_write_cache(struct block_device *bdev)
{
	return test_bit(QUEUE_FLAG_WC, &bdev->bd_queue->queue_flags);
}

/**
 * blkdev_issue_flush() - make written data durable on a device with a cache
 * @bdev: the device
 *
 * Sends an empty REQ_PREFLUSH write and waits for it.  A device without a
 * volatile write cache needs nothing.
 *
 * Context: process context; sleeps until the flush completes.
 * Return: 0 (also when no flush was needed), or the flush's error as an
 * errno.
 */
int blkdev_issue_flush(struct block_device *bdev)
{
	struct bio bio;

	if (!bdev_write_cache(bdev))
		return 0;
	bio_init(&bio, bdev, NULL, 0, REQ_OP_WRITE | REQ_PREFLUSH);
	return submit_bio_wait(&bio);
}
