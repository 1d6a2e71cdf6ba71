// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of the partition table parsers on hand-built images in
 * memory (MBR with an extended chain, GPT with its backup header, and
 * damaged variants of both), and of a rescan on ram0: an MBR written
 * there and BLKRRPART make ram0p1/ram0p2 appear, wiping it removes them.
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vmalloc.h>
#include <linux/mm.h>
#include <linux/selftest.h>
#include <linux/blkdev.h>
#include "../blk.h"
#include "check.h"

#define IMG_SECTORS	4096	/* 2 MiB */

static int img_read(struct parsed_partitions *state, sector_t n, void *buf)
{
	if (n >= state->capacity)
		return -EIO;
	memcpy(buf, (u8 *)state->priv + n * SECTOR_SIZE, SECTOR_SIZE);
	return 0;
}

static struct parsed_partitions *img_state(u8 *img)
{
	struct parsed_partitions *s = kzalloc(sizeof(*s), GFP_KERNEL);

	if (!s)
		return NULL;
	s->name = "img";
	s->priv = img;
	s->read_sector = img_read;
	s->limit = ARRAY_SIZE(s->parts);
	/* A disk of IMG_SECTORS 512-byte sectors. */
	s->capacity = IMG_SECTORS;
	s->lbs = SECTOR_SIZE;
	return s;
}

static void put_le32(u8 *p, u32 v)
{
	p[0] = v;
	p[1] = v >> 8;
	p[2] = v >> 16;
	p[3] = v >> 24;
}

static void put_le64(u8 *p, u64 v)
{
	put_le32(p, v);
	put_le32(p + 4, v >> 32);
}

static void mbr_entry(u8 *sect, int i, u8 type, u32 start, u32 len)
{
	u8 *p = sect + 446 + i * 16;

	memset(p, 0, 16);
	p[4] = type;
	put_le32(p + 8, start);
	put_le32(p + 12, len);
	sect[510] = 0x55;
	sect[511] = 0xaa;
}

static bool part_is(struct parsed_partitions *s, int n, sector_t from, sector_t size)
{
	if (!s->parts[n].used || s->parts[n].from != from || s->parts[n].size != size) {
		st_diag("slot %d: used %d from %llu size %llu, expected %llu/%llu", n,
			s->parts[n].used, (unsigned long long)s->parts[n].from,
			(unsigned long long)s->parts[n].size, (unsigned long long)from,
			(unsigned long long)size);
		return false;
	}
	return true;
}

static int msdos_parse_test(void)
{
	u8 *img = vzalloc(IMG_SECTORS * SECTOR_SIZE);
	struct parsed_partitions *s = img_state(img);
	int ret = -1, i;

	if (!img || !s)
		goto out;
	mbr_entry(img, 0, 0x83, 2048, 1024);	/* p1 */
	mbr_entry(img, 1, 0x05, 100, 1000);	/* extended 100..1099 */
	mbr_entry(img, 2, 0x83, 3072, 4096);	/* p3 runs past the end: truncated */
	/* EBR chain: logical at +10 (len 100), next EBR at ext+200; then +10 (len 50). */
	mbr_entry(img + 100 * SECTOR_SIZE, 0, 0x83, 10, 100);
	mbr_entry(img + 100 * SECTOR_SIZE, 1, 0x05, 200, 300);
	mbr_entry(img + 300 * SECTOR_SIZE, 0, 0x83, 10, 50);
	put_le32(img + 440, 0x0badcafe);	/* disk signature */
	ST_ASSERT(check_partition(s) == 1 && !strcmp(s->label, "msdos"), "not recognised");
	ST_ASSERT(!strcmp(s->parts[1].info.uuid, "0badcafe-01") &&
		  !strcmp(s->parts[6].info.uuid, "0badcafe-06") && !s->parts[1].info.volname[0],
		  "PARTUUIDs %s, %s", s->parts[1].info.uuid, s->parts[6].info.uuid);
	ST_ASSERT(part_is(s, 1, 2048, 1024), "p1");
	ST_ASSERT(part_is(s, 2, 100, 2), "extended entry");
	ST_ASSERT(part_is(s, 3, 3072, IMG_SECTORS - 3072), "p3 truncated");
	ST_ASSERT(part_is(s, 5, 110, 100), "p5");
	ST_ASSERT(part_is(s, 6, 310, 50), "p6");
	ST_ASSERT(!s->parts[4].used && !s->parts[7].used, "extra slots");

	/* A chain that points back at itself ends. */
	mbr_entry(img + 300 * SECTOR_SIZE, 1, 0x05, 200, 300);
	ST_ASSERT(check_partition(s) == 1, "looping chain not parsed");
	for (i = 5; i < PART_MAX_SLOTS && s->parts[i].used; i++)
		;
	ST_ASSERT(i < 5 + 130, "loop produced %d logical partitions", i - 5);

	/* Bad boot flag: not a partition table. */
	img[446] = 0x12;
	ST_ASSERT(check_partition(s) == 0, "bad boot flag accepted");
	ret = 0;
out:
	kfree(s);
	vfree(img);
	return ret;
}
DEFINE_SELFTEST("partitions: MBR primaries, extended chain, truncation, loops", msdos_parse_test);

#define GPT_ENTRIES	128
#define GPT_ESZ		128

/* A GPT header at lba describing the entry array at array_lba. */
static void gpt_header(u8 *img, u64 lba, u64 alt, u64 array_lba, u32 array_crc)
{
	u8 *h = img + lba * SECTOR_SIZE;

	memset(h, 0, SECTOR_SIZE);
	memcpy(h, "EFI PART", 8);
	put_le32(h + 8, 0x00010000);
	put_le32(h + 12, 92);
	put_le64(h + 24, lba);
	put_le64(h + 32, alt);
	put_le64(h + 40, 34);
	put_le64(h + 48, IMG_SECTORS - 34);
	put_le64(h + 72, array_lba);
	put_le32(h + 80, GPT_ENTRIES);
	put_le32(h + 84, GPT_ESZ);
	put_le32(h + 88, array_crc);
	put_le32(h + 16, efi_crc32(h, 92));
}

static void gpt_entry(u8 *array, int i, u64 first, u64 last)
{
	u8 *e = array + i * GPT_ESZ;

	memset(e, 0, GPT_ESZ);
	e[0] = 0xaf;	/* any non-zero type GUID */
	e[15] = 0x3d;
	e[16] = i + 1;	/* unique GUID */
	e[31] = 0xef;
	put_le64(e + 32, first);
	put_le64(e + 40, last);
	/* Name "p<i>" and a character outside ASCII (U+00E9) in UTF-16LE. */
	e[56] = 'p';
	e[58] = '0' + i;
	e[60] = 0xe9;
}

static void gpt_build(u8 *img)
{
	u8 *array = img + 2 * SECTOR_SIZE;
	u32 crc;

	memset(img, 0, IMG_SECTORS * SECTOR_SIZE);
	mbr_entry(img, 0, 0xee, 1, IMG_SECTORS - 1);
	gpt_entry(array, 0, 34, 1033);
	gpt_entry(array, 2, 2048, 3071);	/* slot 2 empty: numbering keeps the gap */
	gpt_entry(array, 3, 3000, 5000);	/* beyond last usable: skipped */
	crc = efi_crc32(array, GPT_ENTRIES * GPT_ESZ);
	memcpy(img + (IMG_SECTORS - 33) * SECTOR_SIZE, array, GPT_ENTRIES * GPT_ESZ);
	gpt_header(img, 1, IMG_SECTORS - 1, 2, crc);
	gpt_header(img, IMG_SECTORS - 1, 1, IMG_SECTORS - 33, crc);
}

static int gpt_parse_test(void)
{
	u8 *img = vzalloc(IMG_SECTORS * SECTOR_SIZE);
	struct parsed_partitions *s = img_state(img);
	int ret = -1;

	if (!img || !s)
		goto out;
	gpt_build(img);
	ST_ASSERT(check_partition(s) == 1 && !strcmp(s->label, "gpt"), "not recognised");
	ST_ASSERT(part_is(s, 1, 34, 1000), "p1");
	ST_ASSERT(!s->parts[2].used && !s->parts[4].used, "unused or bad entries used");
	ST_ASSERT(part_is(s, 3, 2048, 1024), "p3");
	ST_ASSERT(!strcmp(s->parts[3].info.uuid, "00000003-0000-0000-0000-0000000000ef"),
		  "p3 PARTUUID %s", s->parts[3].info.uuid);
	ST_ASSERT(!strcmp((char *)s->parts[3].info.volname, "p2\xc3\xa9"), "p3 PARTLABEL %s",
		  s->parts[3].info.volname);

	/* Damaged primary header: the backup at the last LBA is used. */
	img[SECTOR_SIZE + 40] ^= 0xff;
	ST_ASSERT(check_partition(s) == 1 && part_is(s, 3, 2048, 1024), "backup not used");

	/* Both headers damaged: not a GPT; the protective MBR is not msdos either. */
	img[(IMG_SECTORS - 1) * SECTOR_SIZE + 40] ^= 0xff;
	ST_ASSERT(check_partition(s) == 0, "damaged GPT accepted");

	/* Entry array CRC wrong in both copies. */
	gpt_build(img);
	img[2 * SECTOR_SIZE + 40] ^= 1;
	img[(IMG_SECTORS - 33) * SECTOR_SIZE + 40] ^= 1;
	ST_ASSERT(check_partition(s) == 0, "entry CRC not checked");
	ret = 0;
out:
	kfree(s);
	vfree(img);
	return ret;
}
DEFINE_SELFTEST("partitions: GPT entries, backup header, CRC checks", gpt_parse_test);

/* ------------------------------------------------------------ rescan on ram0 */

static int write_sector0(struct block_device *bdev, struct page *page)
{
	struct bio *bio = bio_alloc(bdev, 1, REQ_OP_WRITE, GFP_KERNEL);
	int err;

	bio_add_page(bio, page, PAGE_SIZE, 0);
	err = submit_bio_wait(bio);
	bio_put(bio);
	return err;
}

static int rescan_test(void)
{
	struct block_device *bdev = blkdev_get_by_dev(MKDEV(1, 0), FMODE_READ | FMODE_WRITE, NULL);
	struct page *page = alloc_page(GFP_KERNEL | __GFP_ZERO);
	struct block_device *part;
	struct gendisk *disk;
	int ret = -1, n = 0;

	if (IS_ERR(bdev)) {
		if (page)
			__free_page(page);
		return ST_SKIP;
	}
	if (!page)
		goto out;
	disk = bdev->bd_disk;
	mbr_entry(page_address(page), 0, 0x83, 8, 1024);
	mbr_entry(page_address(page), 1, 0x83, 2048, 2048);
	ST_ASSERT(!write_sector0(bdev, page), "write failed");
	ST_ASSERT(!bdev_disk_changed(disk, false), "rescan failed");
	mutex_lock(&disk->open_mutex);
	list_for_each_entry(part, &disk->partitions, bd_list) {
		n++;
		if (part->bd_partno == 2 &&
		    (part->bd_start_sect != 2048 || part->bd_nr_sectors != 2048 ||
		     strcmp(kobject_name(&part->bd_device.kobj), "ram0p2")))
			n = -100;
	}
	mutex_unlock(&disk->open_mutex);
	ST_ASSERT(n == 2, "partitions after rescan: %d", n);

	memset(page_address(page), 0, PAGE_SIZE);
	ST_ASSERT(!write_sector0(bdev, page), "wipe failed");
	ST_ASSERT(!bdev_disk_changed(disk, false), "second rescan failed");
	ST_ASSERT(list_empty(&disk->partitions), "partitions left after wipe");
	ret = 0;
out:
	if (page)
		__free_page(page);
	blkdev_put(bdev, FMODE_READ | FMODE_WRITE);
	return ret;
}
DEFINE_SELFTEST("partitions: BLKRRPART rescan of ram0 adds and drops partitions", rescan_test);
