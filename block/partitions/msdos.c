// SPDX-License-Identifier: GPL-2.0-only
/*
 * MS-DOS (MBR) partition tables.
 *
 * Sector 0 ends in 0x55 0xAA and holds four 16-byte entries at byte 446:
 * boot flag (0x00 or 0x80), CHS start, type, CHS end, first sector
 * (LBA, little endian) and sector count.  Entries 1-4 are primaries.
 * An extended entry (type 0x05, 0x0f or 0x85) points at a chain of
 * extended boot records: each EBR's first entry is a logical partition
 * relative to that EBR, its second the next EBR relative to the start of
 * the extended partition.  Logical partitions are numbered from 5.
 *
 * As in Linux, the extended entry itself shows as a partition of two
 * sectors (so tools can find it), and a protective MBR (type 0xee) is
 * left to the GPT parser.  Each partition's PARTUUID is the 32-bit disk
 * signature at byte 440 and the partition number, "SSSSSSSS-PP" in hex.  Boot flags other than 0x00/0x80 mean "not a
 * partition table" (FAT boot sectors end in 0x55 0xAA too).  The chain
 * is followed for at most MSDOS_MAX_LOGICAL records, so a looping chain
 * on a corrupt disk ends.
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "check.h"

#define MSDOS_LABEL_MAGIC_OFF	510
#define MSDOS_SIGNATURE_OFF	440
#define MSDOS_PART_OFF		446
#define MSDOS_ENTRY_SIZE	16
#define MSDOS_MAX_LOGICAL	128

#define DOS_EXTENDED		0x05
#define WIN98_EXTENDED		0x0f
#define LINUX_EXTENDED		0x85
#define EFI_PMBR		0xee

struct msdos_entry {
	u8 boot_ind;
	u8 sys_ind;
	u32 start;
	u32 nr_sects;
};

static void msdos_entry(const u8 *sect, int i, struct msdos_entry *e)
{
	const u8 *p = sect + MSDOS_PART_OFF + i * MSDOS_ENTRY_SIZE;

	e->boot_ind = p[0];
	e->sys_ind = p[4];
	e->start = get_le32(p + 8);
	e->nr_sects = get_le32(p + 12);
}

static bool msdos_magic(const u8 *sect)
{
	return sect[MSDOS_LABEL_MAGIC_OFF] == 0x55 && sect[MSDOS_LABEL_MAGIC_OFF + 1] == 0xaa;
}

static bool is_extended(u8 type)
{
	return type == DOS_EXTENDED || type == WIN98_EXTENDED || type == LINUX_EXTENDED;
}

/* Slot n from the entry, with its PARTUUID from the disk signature. */
static void msdos_put(struct parsed_partitions *state, int n, sector_t from, sector_t size,
		      u32 signature)
{
	char uuid[PARTITION_META_INFO_UUIDLTH];

	put_partition(state, n, from, size);
	snprintf(uuid, sizeof(uuid), "%08x-%02x", signature, n);
	put_partition_meta(state, n, uuid, NULL);
}

/* Walk the EBR chain of the extended partition at [ext_start, +ext_size). */
static int parse_extended(struct parsed_partitions *state, u8 *buf, sector_t ext_start,
			  sector_t ext_size, u32 signature)
{
	sector_t ebr = ext_start;
	int slot = 5, records, i, err;

	for (records = 0; records < MSDOS_MAX_LOGICAL; records++) {
		struct msdos_entry e;
		bool next = false;

		if (slot >= state->limit)
			break;
		err = state->read_sector(state, ebr, buf);
		if (err)
			return err;
		if (!msdos_magic(buf))
			break;
		/* Data entries first (normally entry 0), then the link. */
		for (i = 0; i < 4; i++) {
			msdos_entry(buf, i, &e);
			if (!e.nr_sects || is_extended(e.sys_ind) || !e.sys_ind)
				continue;
			msdos_put(state, slot++, ebr + e.start, e.nr_sects, signature);
			break;
		}
		for (i = 0; i < 4; i++) {
			msdos_entry(buf, i, &e);
			if (!e.nr_sects || !is_extended(e.sys_ind))
				continue;
			if (e.start == 0 || e.start >= ext_size) {
				pr_warn("%s: bad extended partition link, stopping\n", state->name);
				return 0;
			}
			ebr = ext_start + e.start;
			next = true;
			break;
		}
		if (!next)
			return 0;
	}
	if (records == MSDOS_MAX_LOGICAL)
		pr_warn("%s: more than %d logical partitions (loop?), stopping\n", state->name,
			MSDOS_MAX_LOGICAL);
	return 0;
}

int msdos_partition(struct parsed_partitions *state)
{
	unsigned int ssz = state->lbs >> SECTOR_SHIFT;
	struct msdos_entry e[4];
	u32 signature;
	u8 *buf;
	int i, err;

	buf = kmalloc(SECTOR_SIZE, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	err = state->read_sector(state, 0, buf);
	if (err)
		goto out;
	err = 0;
	if (!msdos_magic(buf))
		goto out;
	for (i = 0; i < 4; i++) {
		msdos_entry(buf, i, &e[i]);
		if (e[i].boot_ind && e[i].boot_ind != 0x80)
			goto out;
		if (e[i].sys_ind == EFI_PMBR)
			goto out;
	}
	strscpy(state->label, "msdos", sizeof(state->label));
	signature = get_le32(buf + MSDOS_SIGNATURE_OFF);
	/* LBA fields count logical blocks: convert to 512-byte sectors. */
	for (i = 0; i < 4; i++) {
		sector_t start = (sector_t)e[i].start * ssz, size = (sector_t)e[i].nr_sects * ssz;

		if (!e[i].nr_sects || !e[i].sys_ind)
			continue;
		if (is_extended(e[i].sys_ind)) {
			msdos_put(state, i + 1, start, min_t(sector_t, size, max(ssz, 2U)),
				  signature);
			continue;
		}
		msdos_put(state, i + 1, start, size, signature);
	}
	for (i = 0; i < 4; i++) {
		if (!e[i].nr_sects || !is_extended(e[i].sys_ind))
			continue;
		/* The EBR chain is in 512-byte sectors only for 512-byte disks. */
		if (ssz != 1) {
			pr_warn("%s: extended partitions on %u-byte sectors not supported\n",
				state->name, state->lbs);
			continue;
		}
		err = parse_extended(state, buf, e[i].start, e[i].nr_sects, signature);
		if (err)
			goto out;
		break;	/* Linux follows one extended partition */
	}
	err = 1;
out:
	kfree(buf);
	return err;
}
