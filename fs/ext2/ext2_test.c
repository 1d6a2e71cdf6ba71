// SPDX-License-Identifier: GPL-2.0-only
/*
 * In-kernel self tests of ext2's pure helpers (CONFIG_SELFTESTS): the
 * directory block validator against crafted good and bad blocks, the
 * metadata-zone check behind every block number read from disk, and the
 * maximum file sizes.  No device is needed; the guest and host suites
 * (tools/testing) cover mounted volumes.
 */
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/selftest.h>
#include "ext2.h"

#define TBS	1024

static void put_de(char *blk, unsigned int off, u32 ino, unsigned int rec_len,
		   const char *name, u8 type)
{
	struct ext2_dir_entry_2 *de = (struct ext2_dir_entry_2 *)(blk + off);

	de->inode = cpu_to_le32(ino);
	de->rec_len = cpu_to_le16(rec_len);
	de->name_len = strlen(name);
	de->file_type = type;
	memcpy(de->name, name, strlen(name));
}

/* ".", "..", "file" filling a 1 KiB block. */
static void good_block(char *blk)
{
	memset(blk, 0, TBS);
	put_de(blk, 0, 12, 12, ".", EXT2_FT_DIR);
	put_de(blk, 12, 2, 12, "..", EXT2_FT_DIR);
	put_de(blk, 24, 13, TBS - 24, "file", EXT2_FT_REG_FILE);
}

static int check(char *blk, const char **why)
{
	unsigned int off;

	return ext2_check_dir_block(blk, TBS, 1000, why, &off);
}

static int ext2_dir_check_test(void)
{
	static char blk[TBS];
	struct ext2_dir_entry_2 *de;
	const char *why = NULL;

	good_block(blk);
	ST_ASSERT(check(blk, &why) == 0, "good block rejected: %s", why);

	/* An empty block: one unused entry spanning it. */
	memset(blk, 0, TBS);
	put_de(blk, 0, 0, TBS, "", 0);
	ST_ASSERT(check(blk, &why) == 0, "empty block rejected: %s", why);

	good_block(blk);
	de = (struct ext2_dir_entry_2 *)(blk + 12);
	de->rec_len = 0;
	ST_ASSERT(check(blk, &why) == -EUCLEAN, "rec_len 0 accepted");
	de->rec_len = cpu_to_le16(8);
	ST_ASSERT(check(blk, &why) == -EUCLEAN, "rec_len 8 accepted");
	de->rec_len = cpu_to_le16(14);
	ST_ASSERT(check(blk, &why) == -EUCLEAN &&
			  !strcmp(why, "record length not a multiple of 4"),
		  "unaligned rec_len accepted (%s)", why);

	good_block(blk);
	de = (struct ext2_dir_entry_2 *)(blk + 24);
	de->name_len = 200;
	de->rec_len = cpu_to_le16(100);
	ST_ASSERT(check(blk, &why) == -EUCLEAN, "name longer than rec_len accepted");

	good_block(blk);
	de->rec_len = cpu_to_le16(TBS - 20);
	ST_ASSERT(check(blk, &why) == -EUCLEAN &&
			  !strcmp(why, "record runs past the end of the block"),
		  "entry across the block end accepted (%s)", why);

	good_block(blk);
	de->inode = cpu_to_le32(1001);
	ST_ASSERT(check(blk, &why) == -EUCLEAN, "inode out of range accepted");

	good_block(blk);
	de->name[1] = '/';
	ST_ASSERT(check(blk, &why) == -EUCLEAN, "name with '/' accepted");

	/* rec_len of the last entry short of the end: the rest is not an entry. */
	good_block(blk);
	de->rec_len = cpu_to_le16(TBS - 24 - 8);
	ST_ASSERT(check(blk, &why) == -EUCLEAN, "trailing garbage accepted");
	return 0;
}
DEFINE_SELFTEST("ext2: directory block validation rejects bad rec_len/name_len/inode",
		ext2_dir_check_test);

static int ext2_zone_test(void)
{
	static struct ext2_system_zone zones[] = {
		{ 1, 260 },	/* super block, descriptors, reserved GDT */
		{ 261, 514 },	/* bitmaps and inode table */
		{ 8193, 258 },	/* a backup */
	};
	struct ext2_sb_info sbi = {
		.s_first_data_block = 1,
		.s_blocks_count = 16384,
		.s_zones = zones,
		.s_nr_zones = ARRAY_SIZE(zones),
	};

	ST_ASSERT(!ext2_data_block_valid(&sbi, 0, 1), "block 0 is before the data area");
	ST_ASSERT(!ext2_data_block_valid(&sbi, 1, 1), "the super block is metadata");
	ST_ASSERT(!ext2_data_block_valid(&sbi, 774, 1), "the inode table is metadata");
	ST_ASSERT(ext2_data_block_valid(&sbi, 775, 1), "first data block refused");
	ST_ASSERT(!ext2_data_block_valid(&sbi, 8000, 200), "run into a backup accepted");
	ST_ASSERT(ext2_data_block_valid(&sbi, 8000, 193), "run up to a backup refused");
	ST_ASSERT(ext2_data_block_valid(&sbi, 8451, 16384 - 8451), "tail refused");
	ST_ASSERT(!ext2_data_block_valid(&sbi, 16383, 2), "run past the end accepted");
	ST_ASSERT(!ext2_data_block_valid(&sbi, 0xffffffffu, 2), "wrapping run accepted");
	return 0;
}
DEFINE_SELFTEST("ext2: block numbers in metadata or outside the volume are refused",
		ext2_zone_test);

static int ext2_max_size_test(void)
{
	/* 1 KiB: the triple tree ends first; 4 KiB: i_blocks (2^32 sectors) does. */
	ST_ASSERT(ext2_max_size(10) == 17247252480LL, "1k: %lld", ext2_max_size(10));
	ST_ASSERT(ext2_max_size(12) == 2194719883264LL, "4k: %lld", ext2_max_size(12));
	return 0;
}
DEFINE_SELFTEST("ext2: maximum file size for 1 KiB and 4 KiB blocks", ext2_max_size_test);
