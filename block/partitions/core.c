// SPDX-License-Identifier: GPL-2.0-only
/*
 * Partitions: scanning a disk's table and creating a block_device per
 * entry (vda1, vda2, ..., or nvme0n1p1 when the disk name ends in a
 * digit), with its sysfs directory below the disk's and its /dev node.
 *
 * Interface: blk_add_partitions() (add_disk), blk_drop_partitions()
 * (del_gendisk), bdev_disk_changed() (BLKRRPART), check_partition() and
 * put_partition() for the parsers in this directory.
 *
 * Slots beyond the disk's own minors get numbers of the extended major.
 * Locking: disk->open_mutex held by the callers of blk_add_partitions(),
 * blk_drop_partitions() and bdev_disk_changed_locked(); it also guards
 * disk->partitions.
 */
#include <linux/kernel.h>
#include <linux/panic.h>
#include <linux/completion.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/mm.h>
#include <linux/string.h>
#include <linux/ctype.h>
#include <linux/blkdev.h>
#include "../blk.h"
#include "check.h"

static int (*const parsers[])(struct parsed_partitions *) = {
	efi_partition,
	msdos_partition,
};

void put_partition(struct parsed_partitions *state, int n, sector_t from, sector_t size)
{
	if (n <= 0 || n >= state->limit)
		return;
	if (!size)
		return;
	if (from >= state->capacity) {
		pr_warn("%s: p%d start %llu is beyond EOD, skipping\n", state->name, n,
			(unsigned long long)from);
		return;
	}
	if (size > state->capacity - from) {
		pr_warn("%s: p%d size %llu extends beyond EOD, truncated\n", state->name, n,
			(unsigned long long)size);
		size = state->capacity - from;
	}
	state->parts[n].from = from;
	state->parts[n].size = size;
	state->parts[n].used = true;
	if (n >= state->next)
		state->next = n + 1;
}

void put_partition_meta(struct parsed_partitions *state, int n, const char *uuid,
			const char *volname)
{
	struct partition_meta_info *info;

	if (n <= 0 || n >= state->limit || !state->parts[n].used)
		return;
	info = &state->parts[n].info;
	if (uuid)
		strscpy(info->uuid, uuid, sizeof(info->uuid));
	if (volname)
		strscpy((char *)info->volname, volname, sizeof(info->volname));
}

int check_partition(struct parsed_partitions *state)
{
	unsigned int i;
	int ret;

	for (i = 0; i < ARRAY_SIZE(parsers); i++) {
		memset(state->parts, 0, sizeof(state->parts));
		state->next = 1;
		ret = parsers[i](state);
		if (ret)
			return ret;
	}
	return 0;
}

/* ------------------------------------------------------------ reading the disk */

static void read_end_io(struct bio *bio)
{
	complete(bio->bi_private);
}

static int disk_read_sector(struct parsed_partitions *state, sector_t n, void *buf)
{
	struct gendisk *disk = state->priv;
	unsigned int lbs = state->lbs;
	struct page *page;
	struct bio bio;
	struct bio_vec bv;
	struct completion done;
	sector_t first = round_down(n, lbs >> SECTOR_SHIFT);
	int err;

	if (n >= state->capacity)
		return -EIO;
	page = alloc_page(GFP_KERNEL);
	if (!page)
		return -ENOMEM;
	/* Read the whole logical block around sector n. */
	bio_init(&bio, disk->part0, &bv, 1, REQ_OP_READ | REQ_SYNC | REQ_META);
	bio.bi_iter.bi_sector = first;
	bio_add_page(&bio, page, lbs, 0);
	init_completion(&done);
	bio.bi_private = &done;
	bio.bi_end_io = read_end_io;
	submit_bio(&bio);
	wait_for_completion_io(&done);
	err = blk_status_to_errno(bio.bi_status);
	if (!err)
		memcpy(buf, (u8 *)page_address(page) + (n - first) * SECTOR_SIZE, SECTOR_SIZE);
	__free_page(page);
	return err;
}

/* ------------------------------------------------------------ partition objects */

static void part_name(struct gendisk *disk, int partno, char *buf, size_t len)
{
	size_t n = strlen(disk->disk_name);

	if (n && isdigit(disk->disk_name[n - 1]))
		snprintf(buf, len, "%sp%d", disk->disk_name, partno);
	else
		snprintf(buf, len, "%s%d", disk->disk_name, partno);
}

static int add_partition(struct gendisk *disk, int partno, sector_t start, sector_t len,
			 const struct partition_meta_info *info)
{
	struct block_device *bdev;
	char name[DISK_NAME_LEN + 8];
	dev_t devt;
	int err, ext = -1;

	if (partno < disk->minors) {
		devt = MKDEV(disk->major, disk->first_minor + partno);
	} else {
		ext = blk_alloc_ext_minor();
		if (ext < 0)
			return ext;
		devt = blk_ext_devt(ext);
	}
	bdev = bdev_alloc(disk, partno);
	if (!bdev) {
		err = -ENOMEM;
		goto out_ext;
	}
	bdev->bd_start_sect = start;
	bdev_set_nr_sectors(bdev, len);
	/* Freed with the bdev (bdev_free_inode()); a failed copy only loses root=PARTUUID=. */
	if (info->uuid[0] || info->volname[0])
		bdev->bd_meta_info = kmemdup(info, sizeof(*info), GFP_KERNEL);
	part_name(disk, partno, name, sizeof(name));
	err = dev_set_name(&bdev->bd_device, "%s", name);
	if (err)
		goto out_put;
	bdev->bd_device.parent = &disk->part0->bd_device;
	bdev->bd_device.groups = part_attr_groups;
	bdev->bd_device.devt = devt;
	bdev_add(bdev, devt);
	err = device_add(&bdev->bd_device);
	if (err) {
		bdev_unhash(bdev);
		goto out_put;
	}
	list_add_tail(&bdev->bd_list, &disk->partitions);
	return 0;

out_put:
	put_device(&bdev->bd_device);
out_ext:
	if (ext >= 0)
		blk_free_ext_minor(ext);
	return err;
}

static void delete_partition(struct block_device *part)
{
	dev_t devt = part->bd_dev;

	list_del_init(&part->bd_list);
	bdev_unhash(part);
	kill_bdev(part);
	device_del(&part->bd_device);
	if (MAJOR(devt) != part->bd_disk->major)
		blk_free_ext_minor(MINOR(devt));
	put_device(&part->bd_device);
}

void blk_drop_partitions(struct gendisk *disk)
{
	struct block_device *part, *tmp;

	list_for_each_entry_safe(part, tmp, &disk->partitions, bd_list)
		delete_partition(part);
}

int blk_add_partitions(struct gendisk *disk)
{
	struct parsed_partitions *state;
	int ret, i;

	if (disk->flags & GENHD_FL_NO_PART)
		return 0;
	state = kzalloc(sizeof(*state), GFP_KERNEL);
	if (!state)
		return -ENOMEM;
	state->name = disk->disk_name;
	state->capacity = get_capacity(disk);
	state->lbs = queue_logical_block_size(disk->queue);
	/* Extended device numbers let a disk have more partitions than minors. */
	state->limit = PART_MAX_SLOTS;
	state->read_sector = disk_read_sector;
	state->priv = disk;

	ret = state->capacity ? check_partition(state) : 0;
	if (ret < 0) {
		pr_warn("%s: unable to read partition table (%d)\n", disk->disk_name, ret);
		goto out;
	}
	if (ret > 0) {
		pr_info("%s: %s partitions:", disk->disk_name, state->label);
		for (i = 1; i < state->next; i++)
			if (state->parts[i].used)
				pr_cont(" p%d", i);
		pr_cont("\n");
	}
	for (i = 1; ret > 0 && i < state->next; i++) {
		if (!state->parts[i].used)
			continue;
		if (add_partition(disk, i, state->parts[i].from, state->parts[i].size,
				  &state->parts[i].info))
			pr_warn("%s: cannot add partition %d\n", disk->disk_name, i);
	}
	ret = ret < 0 ? ret : 0;
out:
	kfree(state);
	return ret;
}

int bdev_disk_changed_locked(struct gendisk *disk)
{
	struct block_device *part;

	list_for_each_entry(part, &disk->partitions, bd_list)
		if (part->bd_openers)
			return -EBUSY;
	blk_drop_partitions(disk);
	/* Cached blocks of the old layout must not be seen through the new one. */
	sync_blockdev(disk->part0);
	invalidate_bdev(disk->part0);
	return blk_add_partitions(disk);
}

/**
 * bdev_disk_changed() - re-read a disk's partition table
 * @disk: the disk
 * @invalidate: ignored here: the cached blocks of the old layout are
 *              always written back and dropped
 *
 * Refuses while any partition is open.  Otherwise drops all partitions,
 * writes back and invalidates the whole device's page cache, and scans
 * the table again.  Used by BLKRRPART.
 *
 * Context: process context; may sleep.  Takes @disk->open_mutex, which
 * the caller must not hold.
 * Return: 0, -EBUSY if a partition is open, or the error of the rescan.
 */
int bdev_disk_changed(struct gendisk *disk, bool invalidate)
{
	int err;

	mutex_lock(&disk->open_mutex);
	err = bdev_disk_changed_locked(disk);
	mutex_unlock(&disk->open_mutex);
	return err;
}
