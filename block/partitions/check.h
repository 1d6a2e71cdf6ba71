/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Partition table parsers (block/partitions/): what they read and what
 * they report.
 *
 * A parser gets a struct parsed_partitions whose read_sector() returns
 * 512-byte sectors of the device (from the disk, or from a memory image
 * in the self tests) and fills parts[1..limit-1] with put_partition().
 * It returns 1 if it recognised a table, 0 if not, -errno on I/O errors
 * or a table too corrupt to use.  Bad entries (beyond the end of the
 * device, loops in extended-partition chains) are skipped with a
 * message, never trusted.
 */
#ifndef _BLOCK_PARTITIONS_CHECK_H
#define _BLOCK_PARTITIONS_CHECK_H

#include <linux/types.h>
#include <linux/errno.h>
#include <linux/blk_types.h>
#include <linux/blkdev.h>

#define PART_MAX_SLOTS	256	/* Linux's DISK_MAX_PARTS */

struct parsed_partition {
	sector_t from;		/* 512-byte sectors */
	sector_t size;
	bool used;
	struct partition_meta_info info;	/* set by put_partition_meta() */
};

struct parsed_partitions {
	const char *name;		/* for messages */
	sector_t capacity;		/* 512-byte sectors */
	unsigned int lbs;		/* logical block size, bytes */
	int limit;			/* slots 1 .. limit-1 may be used */
	int next;			/* highest used slot + 1 */
	char label[16];			/* "msdos", "gpt" */
	struct parsed_partition parts[PART_MAX_SLOTS];
	/* Read 512-byte sector n into buf: 0 or -errno. */
	int (*read_sector)(struct parsed_partitions *state, sector_t n, void *buf);
	void *priv;
};

static inline u16 get_le16(const u8 *p)
{
	return p[0] | (u16)p[1] << 8;
}

static inline u32 get_le32(const u8 *p)
{
	return p[0] | (u32)p[1] << 8 | (u32)p[2] << 16 | (u32)p[3] << 24;
}

static inline u64 get_le64(const u8 *p)
{
	return get_le32(p) | (u64)get_le32(p + 4) << 32;
}

/* Record slot n; clipped to the device, ignored if it starts beyond it. */
void put_partition(struct parsed_partitions *state, int n, sector_t from, sector_t size);
/* The UUID and name of a slot already put (NULL: none); ignored for unused slots. */
void put_partition_meta(struct parsed_partitions *state, int n, const char *uuid,
			const char *volname);

int efi_partition(struct parsed_partitions *state);
int msdos_partition(struct parsed_partitions *state);

u32 efi_crc32(const void *data, size_t len);

/* Run the parsers in order (GPT first: its protective MBR looks like msdos). */
int check_partition(struct parsed_partitions *state);

#endif /* _BLOCK_PARTITIONS_CHECK_H */
