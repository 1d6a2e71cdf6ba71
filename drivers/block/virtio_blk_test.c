// SPDX-License-Identifier: GPL-2.0-only
/*
 * virtio_blk self tests: disk names, and - on a boot with a virtio disk -
 * reads through the block layer: the first 4 KiB as one bio, then as
 * eight one-sector bios into scattered offsets of another page, which
 * must agree; a read past the end must fail.  Read-only: the disk is
 * the user's.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/mm.h>
#include <linux/gfp.h>
#include <linux/selftest.h>
#include <linux/blkdev.h>
#include <linux/bio.h>
#include <linux/fs.h>
#include <linux/virtio_blk.h>

static int virtblk_names_test(void)
{
	static const struct { int index; const char *name; } cases[] = {
		{ 0, "vda" }, { 25, "vdz" }, { 26, "vdaa" }, { 27, "vdab" },
		{ 701, "vdzz" }, { 702, "vdaaa" }, { 18277, "vdzzz" },
	};
	char buf[DISK_NAME_LEN];

	for (unsigned int i = 0; i < ARRAY_SIZE(cases); i++) {
		ST_ASSERT(!virtblk_name_format("vd", cases[i].index, buf, sizeof(buf)) &&
			  !strcmp(buf, cases[i].name), "index %d gave %s, want %s",
			  cases[i].index, buf, cases[i].name);
	}
	ST_ASSERT(virtblk_name_format("vd", 26, buf, 4) == -EINVAL, "no room: not refused");
	return 0;
}
DEFINE_SELFTEST("virtio_blk: disk names vda..vdz, vdaa..", virtblk_names_test);

static int read_bio(struct block_device *bdev, sector_t sector, struct page *page,
		    unsigned int len, unsigned int off)
{
	struct bio *bio = bio_alloc(bdev, 1, REQ_OP_READ, GFP_KERNEL);
	int err;

	bio->bi_iter.bi_sector = sector;
	if (bio_add_page(bio, page, len, off) != (int)len) {
		bio_put(bio);
		return -EINVAL;
	}
	err = submit_bio_wait(bio);
	bio_put(bio);
	return err;
}

static int virtblk_bio_test(void)
{
	struct block_device *bdev;
	struct page *a = NULL, *b = NULL;
	dev_t devt = virtblk_devt(0);
	u8 *pa, *pb;
	int ret = -1, err;

	if (!devt) {
		st_diag("no vda");
		return ST_SKIP;
	}
	bdev = blkdev_get_by_dev(devt, FMODE_READ, NULL);
	if (IS_ERR(bdev)) {
		st_diag("open vda (%u:%u): %ld", MAJOR(devt), MINOR(devt), PTR_ERR(bdev));
		return -1;
	}
	a = alloc_page(GFP_KERNEL);
	b = alloc_page(GFP_KERNEL);
	if (!a || !b)
		goto out;
	pa = page_address(a);
	pb = page_address(b);
	memset(pa, 0x11, PAGE_SIZE);
	memset(pb, 0x22, PAGE_SIZE);
	if (bdev_nr_sectors(bdev) < 8) {
		st_diag("vda too small");
		ret = ST_SKIP;
		goto out;
	}
	err = read_bio(bdev, 0, a, PAGE_SIZE, 0);
	if (err) {
		st_diag("4 KiB read: %d", err);
		goto out;
	}
	/* Sector i lands at offset ((i * 3) % 8) * 512 of b. */
	for (unsigned int i = 0; i < 8; i++) {
		err = read_bio(bdev, i, b, SECTOR_SIZE, ((i * 3) % 8) * SECTOR_SIZE);
		if (err) {
			st_diag("sector %u read: %d", i, err);
			goto out;
		}
	}
	for (unsigned int i = 0; i < 8; i++) {
		if (memcmp(pa + i * SECTOR_SIZE, pb + ((i * 3) % 8) * SECTOR_SIZE, SECTOR_SIZE)) {
			st_diag("sector %u differs between the two reads", i);
			goto out;
		}
	}
	st_diag("vda: %llu sectors, first bytes %02x %02x %02x %02x",
		(u64)bdev_nr_sectors(bdev), pa[0], pa[1], pa[2], pa[3]);
	/* The block layer refuses past-the-end reads before the driver sees them. */
	err = read_bio(bdev, bdev_nr_sectors(bdev), a, SECTOR_SIZE, 0);
	ret = err ? 0 : -1;
	if (!err)
		st_diag("read past the end succeeded");
out:
	if (a)
		__free_page(a);
	if (b)
		__free_page(b);
	blkdev_put(bdev, FMODE_READ);
	return ret;
}
DEFINE_SELFTEST("virtio_blk: bio reads of vda agree (one 4 KiB vs eight sectors)",
		virtblk_bio_test);
