// SPDX-License-Identifier: GPL-2.0-only
/*
 * Block device ioctls (<uapi/linux/fs.h>, <uapi/linux/hdreg.h>):
 * sizes and block sizes, read-only and read-ahead control, dropping the
 * buffer cache, re-reading the partition table, and the disk geometry.
 * Unknown commands go to the driver's ->ioctl, else -ENOTTY.
 *
 * Changing state (BLKROSET, BLKFLSBUF, BLKRASET, BLKRRPART) needs
 * CAP_SYS_ADMIN, as in Linux.  Locking: BLKRRPART takes the disk's
 * open_mutex; the rest read single fields.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/capability.h>
#include <asm/uaccess.h>
#include <linux/backing-dev-defs.h>
#include <linux/blkdev.h>
#include <uapi/linux/hdreg.h>
#include "blk.h"

static int put_int(unsigned long arg, int val)
{
	return put_user(val, (int *)arg) ? -EFAULT : 0;
}

static int put_uint(unsigned long arg, unsigned int val)
{
	return put_user(val, (unsigned int *)arg) ? -EFAULT : 0;
}

static int put_ulong(unsigned long arg, unsigned long val)
{
	return put_user(val, (unsigned long *)arg) ? -EFAULT : 0;
}

static int put_u64(unsigned long arg, u64 val)
{
	return put_user(val, (u64 *)arg) ? -EFAULT : 0;
}

static int blkdev_getgeo(struct block_device *bdev, unsigned long arg)
{
	struct gendisk *disk = bdev->bd_disk;
	struct hd_geometry geo;
	int err;

	if (!arg)
		return -EINVAL;
	if (!disk->fops || !disk->fops->getgeo)
		return -ENOTTY;
	memset(&geo, 0, sizeof(geo));
	geo.start = bdev->bd_start_sect;
	err = disk->fops->getgeo(bdev, &geo);
	if (err)
		return err;
	return copy_to_user((void *)arg, &geo, sizeof(geo)) ? -EFAULT : 0;
}

static int blkdev_roset(struct block_device *bdev, unsigned long arg)
{
	int n;

	if (!capable(CAP_SYS_ADMIN))
		return -EACCES;
	if (get_user(n, (int *)arg))
		return -EFAULT;
	bdev->bd_read_only = n != 0;
	return 0;
}

static int blkdev_flsbuf(struct block_device *bdev)
{
	if (!capable(CAP_SYS_ADMIN))
		return -EACCES;
	sync_blockdev(bdev);
	invalidate_bdev(bdev);
	return 0;
}

static unsigned long ra_kb(struct block_device *bdev)
{
	struct gendisk *disk = bdev->bd_disk;

	if (disk->bdi)
		return disk->bdi->ra_pages << (PAGE_SHIFT - 10);
	return to_bq(disk->queue)->ra_kb;
}

static int blkdev_raset(struct block_device *bdev, unsigned long sectors)
{
	struct gendisk *disk = bdev->bd_disk;
	unsigned long kb = sectors / 2;

	if (!capable(CAP_SYS_ADMIN))
		return -EACCES;
	to_bq(disk->queue)->ra_kb = kb;
	if (disk->bdi)
		disk->bdi->ra_pages = kb >> (PAGE_SHIFT - 10);
	return 0;
}

static int blkdev_rrpart(struct block_device *bdev)
{
	struct gendisk *disk = bdev->bd_disk;
	int err;

	if (!capable(CAP_SYS_ADMIN))
		return -EACCES;
	if (bdev->bd_partno)
		return -EINVAL;
	mutex_lock(&disk->open_mutex);
	err = bdev_disk_changed_locked(disk);
	mutex_unlock(&disk->open_mutex);
	return err;
}

int blkdev_ioctl_bdev(struct block_device *bdev, fmode_t mode, unsigned int cmd,
		      unsigned long arg)
{
	struct gendisk *disk = bdev->bd_disk;
	struct request_queue *q = bdev->bd_queue;

	switch (cmd) {
	case BLKGETSIZE:
		if ((bdev_nr_sectors(bdev) >> 32) && sizeof(unsigned long) < 8)
			return -EFBIG;
		return put_ulong(arg, bdev_nr_sectors(bdev));
	case BLKGETSIZE64:
		return put_u64(arg, bdev_nr_bytes(bdev));
	case BLKSSZGET:
		return put_int(arg, bdev_logical_block_size(bdev));
	case BLKPBSZGET:
		return put_uint(arg, q->limits.physical_block_size);
	case BLKBSZGET:
		return put_int(arg, 1 << bdev->bd_inode->i_blkbits);
	case BLKIOMIN:
		return put_uint(arg, q->limits.io_min);
	case BLKIOOPT:
		return put_uint(arg, q->limits.io_opt);
	case BLKALIGNOFF:
		return put_int(arg, 0);
	case BLKROGET:
		return put_int(arg, bdev_read_only(bdev) ? 1 : 0);
	case BLKROSET:
		return blkdev_roset(bdev, arg);
	case BLKFLSBUF:
		return blkdev_flsbuf(bdev);
	case BLKRAGET:
		return put_ulong(arg, ra_kb(bdev) * 2);
	case BLKRASET:
		return blkdev_raset(bdev, arg);
	case BLKRRPART:
		return blkdev_rrpart(bdev);
	case HDIO_GETGEO:
		return blkdev_getgeo(bdev, arg);
	default:
		if (disk->fops && disk->fops->ioctl)
			return disk->fops->ioctl(bdev, mode, cmd, arg);
		return -ENOTTY;
	}
}
