// SPDX-License-Identifier: GPL-2.0-only
/*
 * RAM disks (/dev/ram0, /dev/ram1, ...): block devices whose sectors
 * live in pages of memory, allocated when first written; unwritten
 * sectors read as zeros.  Linux's brd, with its parameters:
 *
 *   brd.rd_nr=N       number of disks (default CONFIG_BLK_DEV_RAM_COUNT)
 *   brd.rd_size=KiB   size of each (default CONFIG_BLK_DEV_RAM_SIZE)
 *
 * They let the block layer (and file systems) be exercised without any
 * hardware.  Requests complete synchronously inside ->queue_rq().
 *
 * Locking: a page slot is filled once with cmpxchg() (concurrent writers
 * of a new page agree on one); the data itself is not locked, as with a
 * real disk, overlapping I/O in flight gives an undefined mix.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <linux/mm.h>
#include <linux/gfp.h>
#include <linux/string.h>
#include <linux/init.h>
#include <linux/kstrtox.h>
#include <linux/blkdev.h>

#define RAMDISK_MAJOR		1
#define BRD_QUEUE_DEPTH		16
#define BRD_MAX_DISKS		64

static unsigned long rd_nr = CONFIG_BLK_DEV_RAM_COUNT;
static unsigned long rd_size = CONFIG_BLK_DEV_RAM_SIZE;	/* KiB */

static int __init brd_rd_nr_setup(char *s)
{
	if (kstrtoul(s, 0, &rd_nr) || rd_nr > BRD_MAX_DISKS)
		pr_warn("brd: bad brd.rd_nr=%s\n", s);
	rd_nr = min_t(unsigned long, rd_nr, BRD_MAX_DISKS);
	return 1;
}
__setup("brd.rd_nr=", brd_rd_nr_setup);

static int __init brd_rd_size_setup(char *s)
{
	if (kstrtoul(s, 0, &rd_size))
		pr_warn("brd: bad brd.rd_size=%s\n", s);
	return 1;
}
__setup("brd.rd_size=", brd_rd_size_setup);

struct brd_device {
	struct gendisk *disk;
	unsigned long nr_pages;
	struct page **pages;		/* vzalloc()ed, NULL until written */
};

static struct page *brd_lookup_page(struct brd_device *brd, sector_t sector)
{
	unsigned long idx = sector >> (PAGE_SHIFT - SECTOR_SHIFT);

	return idx < brd->nr_pages ? READ_ONCE(brd->pages[idx]) : NULL;
}

static struct page *brd_insert_page(struct brd_device *brd, sector_t sector)
{
	unsigned long idx = sector >> (PAGE_SHIFT - SECTOR_SHIFT);
	struct page *page, *old;

	if (idx >= brd->nr_pages)
		return NULL;
	page = READ_ONCE(brd->pages[idx]);
	if (page)
		return page;
	page = alloc_page(GFP_NOIO | __GFP_ZERO);
	if (!page)
		return NULL;
	old = cmpxchg(&brd->pages[idx], NULL, page);
	if (old) {
		__free_page(page);
		return old;
	}
	return page;
}

/* Copy one segment (inside a page, at sector) to or from the disk. */
static blk_status_t brd_do_bvec(struct brd_device *brd, struct bio_vec *bv, sector_t sector,
				bool write)
{
	u8 *mem = (u8 *)page_address(bv->bv_page) + bv->bv_offset;
	unsigned int done = 0;

	while (done < bv->bv_len) {
		unsigned int off = (sector & ((PAGE_SIZE >> SECTOR_SHIFT) - 1)) << SECTOR_SHIFT;
		unsigned int n = min_t(unsigned int, bv->bv_len - done, PAGE_SIZE - off);
		struct page *page;

		if (write) {
			page = brd_insert_page(brd, sector);
			if (!page)
				return BLK_STS_RESOURCE;
			memcpy((u8 *)page_address(page) + off, mem + done, n);
		} else {
			page = brd_lookup_page(brd, sector);
			if (page)
				memcpy(mem + done, (u8 *)page_address(page) + off, n);
			else
				memset(mem + done, 0, n);
		}
		done += n;
		sector += n >> SECTOR_SHIFT;
	}
	return BLK_STS_OK;
}

static blk_status_t brd_queue_rq(struct request_queue *q, struct request *rq, bool last)
{
	struct brd_device *brd = q->queuedata;
	sector_t sector = blk_rq_pos(rq);
	struct req_iterator iter;
	struct bio_vec bv;
	blk_status_t status = BLK_STS_OK;

	switch (req_op(rq)) {
	case REQ_OP_READ:
	case REQ_OP_WRITE:
		rq_for_each_segment(bv, rq, iter) {
			status = brd_do_bvec(brd, &bv, sector, rq_data_dir(rq));
			if (status) {
				/* Out of memory for new pages: fail, do not retry forever. */
				status = BLK_STS_NOSPC;
				break;
			}
			sector += bv.bv_len >> SECTOR_SHIFT;
		}
		break;
	default:
		status = BLK_STS_NOTSUPP;
	}
	blk_mq_end_request(rq, status);
	return BLK_STS_OK;
}

static const struct blk_mq_ops brd_mq_ops = {
	.queue_rq = brd_queue_rq,
};

static const struct block_device_operations brd_fops = {
};

static int __init brd_alloc(int i)
{
	struct brd_device *brd;
	struct gendisk *disk;
	int err = -ENOMEM;

	brd = kzalloc(sizeof(*brd), GFP_KERNEL);
	if (!brd)
		return -ENOMEM;
	brd->nr_pages = DIV_ROUND_UP(rd_size * 1024, PAGE_SIZE);
	brd->pages = vzalloc(brd->nr_pages * sizeof(struct page *));
	if (!brd->pages)
		goto out_free;
	disk = blk_mq_alloc_disk(&brd_mq_ops, BRD_QUEUE_DEPTH, 0, brd);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto out_pages;
	}
	brd->disk = disk;
	blk_queue_physical_block_size(disk->queue, PAGE_SIZE);
	set_bit(QUEUE_FLAG_NONROT, &disk->queue->queue_flags);
	disk->major = RAMDISK_MAJOR;
	disk->first_minor = i;
	disk->minors = 1;
	disk->fops = &brd_fops;
	disk->private_data = brd;
	snprintf(disk->disk_name, DISK_NAME_LEN, "ram%d", i);
	set_capacity(disk, (sector_t)rd_size * 2);
	err = add_disk(disk);
	if (err)
		goto out_disk;
	return 0;

out_disk:
	put_disk(disk);
out_pages:
	vfree(brd->pages);
out_free:
	kfree(brd);
	return err;
}

static int __init brd_init(void)
{
	unsigned long i;
	int err;

	err = register_blkdev(RAMDISK_MAJOR, "ramdisk");
	if (err < 0)
		return err;
	for (i = 0; i < rd_nr; i++) {
		err = brd_alloc(i);
		if (err) {
			pr_err("brd: cannot create ram%lu: %d\n", i, err);
			break;
		}
	}
	pr_info("brd: module loaded (%lu disks of %lu KiB)\n", i, rd_size);
	return 0;
}
device_initcall(brd_init);
