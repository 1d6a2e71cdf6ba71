// SPDX-License-Identifier: GPL-2.0-only
/*
 * GUID Partition Tables (UEFI specification, chapter 5).
 *
 * LBA 0 holds a protective MBR (one entry of type 0xee).  The header at
 * LBA 1 ("EFI PART", little endian fields, CRC32 over header_size bytes
 * with its own CRC field zeroed) locates an array of entries, itself
 * covered by a CRC32.  A copy of the header sits in the last LBA; it is
 * used when the primary is damaged.  Entry i (an all-zero type GUID
 * means unused) becomes partition i + 1, with LBAs first..last
 * inclusive.  All LBAs are in logical blocks.
 *
 * The entry array (at most 1 MiB, entries of 128, 256 or 512 bytes) is
 * read a sector at a time for its CRC; only the entries that can become
 * partitions are kept.  Checked before trusting anything: signature,
 * header size, both CRCs, my_lba, first/last usable inside the disk, the
 * entry size, and every entry's range (entries outside the usable area
 * are skipped).
 *
 * Each partition's PARTUUID is its entry's unique GUID, written as the
 * usual 8-4-4-4-12 hex string (the first three fields are stored little
 * endian, the last two as bytes), and its PARTLABEL the entry's name,
 * UTF-16LE on disk, kept as UTF-8.
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "check.h"

#define GPT_HEADER_SIGNATURE	"EFI PART"
#define GPT_MIN_HEADER_SIZE	92
#define GPT_ENTRY_MIN_SIZE	128
#define EFI_PMBR		0xee

/* Header field offsets. */
#define GH_SIG			0
#define GH_HEADER_SIZE		12
#define GH_HEADER_CRC		16
#define GH_MY_LBA		24
#define GH_ALT_LBA		32
#define GH_FIRST_USABLE		40
#define GH_LAST_USABLE		48
#define GH_ENTRIES_LBA		72
#define GH_NUM_ENTRIES		80
#define GH_ENTRY_SIZE		84
#define GH_ENTRIES_CRC		88

/* Entry field offsets. */
#define GE_TYPE_GUID		0
#define GE_UNIQUE_GUID		16
#define GE_FIRST_LBA		32
#define GE_LAST_LBA		40
#define GE_NAME			56
#define GE_NAME_UNITS		36	/* UTF-16 code units */

/* CRC-32 (IEEE 802.3, reflected, as UEFI specifies), bit by bit: the tables are small. */
static u32 crc32_update(u32 crc, const void *data, size_t len)
{
	const u8 *p = data;
	int k;

	while (len--) {
		crc ^= *p++;
		for (k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xEDB88320U & -(crc & 1));
	}
	return crc;
}

u32 efi_crc32(const void *data, size_t len)
{
	return ~crc32_update(~0U, data, len);
}

/* Read logical block lba (lbs bytes) into buf. */
static int read_lba(struct parsed_partitions *state, u64 lba, u8 *buf, size_t bytes)
{
	unsigned int ssz = state->lbs >> SECTOR_SHIFT;
	sector_t sector = lba * ssz;
	size_t done;
	int err;

	for (done = 0; done < bytes; done += SECTOR_SIZE, sector++) {
		err = state->read_sector(state, sector, buf + done);
		if (err)
			return err;
	}
	return 0;
}

static bool has_pmbr(struct parsed_partitions *state, u8 *buf)
{
	int i;

	if (state->read_sector(state, 0, buf))
		return false;
	if (buf[510] != 0x55 || buf[511] != 0xaa)
		return false;
	for (i = 0; i < 4; i++)
		if (buf[446 + i * 16 + 4] == EFI_PMBR)
			return true;
	return false;
}

static bool guid_is_zero(const u8 *g)
{
	int i;

	for (i = 0; i < 16; i++)
		if (g[i])
			return false;
	return true;
}

/* What the parser keeps of an entry. */
struct gpt_slot {
	bool used;
	u64 first, last;
	char uuid[PARTITION_META_INFO_UUIDLTH];
	char name[PARTITION_META_INFO_VOLNAMELTH];
};

/* The 16 bytes of an on-disk GUID as text (37 bytes with the NUL). */
static void gpt_guid_text(const u8 *g, char *out)
{
	snprintf(out, PARTITION_META_INFO_UUIDLTH,
		 "%08x-%04x-%04x-%02x%02x-%02x%02x%02x%02x%02x%02x", get_le32(g), get_le16(g + 4),
		 get_le16(g + 6), g[8], g[9], g[10], g[11], g[12], g[13], g[14], g[15]);
}

/*
 * The entry's name: UTF-16LE up to the first NUL unit, as UTF-8, cut at
 * a character boundary when it does not fit; a surrogate (a character
 * beyond the BMP) becomes '?'.
 */
static void gpt_name_text(const u8 *units, char *out, size_t size)
{
	size_t len = 0;
	unsigned int i;

	for (i = 0; i < GE_NAME_UNITS; i++) {
		u16 c = get_le16(units + 2 * i);
		u8 seq[3];
		size_t n;

		if (!c)
			break;
		if (c >= 0xd800 && c <= 0xdfff) {
			seq[0] = '?';
			n = 1;
		} else if (c < 0x80) {
			seq[0] = c;
			n = 1;
		} else if (c < 0x800) {
			seq[0] = 0xc0 | c >> 6;
			seq[1] = 0x80 | (c & 0x3f);
			n = 2;
		} else {
			seq[0] = 0xe0 | c >> 12;
			seq[1] = 0x80 | ((c >> 6) & 0x3f);
			seq[2] = 0x80 | (c & 0x3f);
			n = 3;
		}
		if (len + n >= size)
			break;
		memcpy(out + len, seq, n);
		len += n;
	}
	out[len] = '\0';
}

/* Arrays beyond this are not believed (real ones are 16 KiB). */
#define GPT_MAX_ARRAY_BYTES	(1 << 20)

/*
 * Read and check the header at lba and its entry array, streaming the
 * array a sector at a time for its CRC and keeping the first nslots
 * entries in slots[].  0, -EINVAL (bad) or -EIO/-ENOMEM.
 */
static int gpt_read(struct parsed_partitions *state, u64 lba, u64 last_lba, u8 *hdr,
		    struct gpt_slot *slots, u32 nslots, u64 *first_out, u64 *last_out)
{
	u32 hsize, crc, nr, esz, i;
	u64 first, last, array_lba;
	size_t array_bytes, off;
	u8 *sect;
	int err = 0;

	if (read_lba(state, lba, hdr, state->lbs))
		return -EIO;
	if (memcmp(hdr + GH_SIG, GPT_HEADER_SIGNATURE, 8))
		return -EINVAL;
	hsize = get_le32(hdr + GH_HEADER_SIZE);
	if (hsize < GPT_MIN_HEADER_SIZE || hsize > state->lbs)
		return -EINVAL;
	crc = get_le32(hdr + GH_HEADER_CRC);
	memset(hdr + GH_HEADER_CRC, 0, 4);
	if (efi_crc32(hdr, hsize) != crc)
		return -EINVAL;
	if (get_le64(hdr + GH_MY_LBA) != lba)
		return -EINVAL;
	first = get_le64(hdr + GH_FIRST_USABLE);
	last = get_le64(hdr + GH_LAST_USABLE);
	if (first > last || last > last_lba)
		return -EINVAL;
	nr = get_le32(hdr + GH_NUM_ENTRIES);
	esz = get_le32(hdr + GH_ENTRY_SIZE);
	if (esz < GPT_ENTRY_MIN_SIZE || (esz & (esz - 1)) || esz > SECTOR_SIZE || !nr ||
	    (u64)nr * esz > GPT_MAX_ARRAY_BYTES)
		return -EINVAL;
	array_lba = get_le64(hdr + GH_ENTRIES_LBA);
	array_bytes = (size_t)nr * esz;
	if (array_lba > last_lba ||
	    DIV_ROUND_UP(array_bytes, state->lbs) > last_lba - array_lba + 1)
		return -EINVAL;

	sect = kmalloc(SECTOR_SIZE, GFP_KERNEL);
	if (!sect)
		return -ENOMEM;
	crc = ~0U;
	memset(slots, 0, nslots * sizeof(*slots));
	for (off = 0; off < array_bytes; off += SECTOR_SIZE) {
		size_t n = min_t(size_t, SECTOR_SIZE, array_bytes - off);

		err = state->read_sector(state, array_lba * (state->lbs >> SECTOR_SHIFT) +
					 off / SECTOR_SIZE, sect);
		if (err)
			break;
		crc = crc32_update(crc, sect, n);
		/* Entries never straddle sectors: esz divides 512. */
		for (i = 0; i < n / esz; i++) {
			u32 idx = off / esz + i;
			const u8 *e = sect + i * esz;

			if (idx >= nslots || guid_is_zero(e + GE_TYPE_GUID))
				continue;
			slots[idx].used = true;
			slots[idx].first = get_le64(e + GE_FIRST_LBA);
			slots[idx].last = get_le64(e + GE_LAST_LBA);
			gpt_guid_text(e + GE_UNIQUE_GUID, slots[idx].uuid);
			gpt_name_text(e + GE_NAME, slots[idx].name, sizeof(slots[idx].name));
		}
	}
	kfree(sect);
	if (err)
		return err;
	if (~crc != get_le32(hdr + GH_ENTRIES_CRC))
		return -EINVAL;
	*first_out = first;
	*last_out = last;
	return 0;
}

int efi_partition(struct parsed_partitions *state)
{
	unsigned int ssz = state->lbs >> SECTOR_SHIFT;
	u64 last_lba = state->capacity / ssz - 1;
	u32 nslots = state->limit - 1, i;
	struct gpt_slot *slots;
	u64 first, last;
	u8 *hdr;
	int ret = 0;

	if (state->capacity < 3 * (u64)ssz || !nslots)
		return 0;
	hdr = kmalloc(max_t(unsigned int, state->lbs, SECTOR_SIZE), GFP_KERNEL);
	slots = kcalloc(nslots, sizeof(*slots), GFP_KERNEL);
	if (!hdr || !slots) {
		ret = -ENOMEM;
		goto out;
	}
	if (!has_pmbr(state, hdr))
		goto out;
	ret = gpt_read(state, 1, last_lba, hdr, slots, nslots, &first, &last);
	if (ret == -ENOMEM)
		goto out;
	if (ret) {
		ret = gpt_read(state, last_lba, last_lba, hdr, slots, nslots, &first, &last);
		if (ret == -ENOMEM)
			goto out;
		if (ret) {
			pr_warn("%s: protective MBR but no valid GPT header\n", state->name);
			ret = 0;
			goto out;
		}
		pr_warn("%s: primary GPT header is invalid, using the backup\n", state->name);
	}
	strscpy(state->label, "gpt", sizeof(state->label));
	for (i = 0; i < nslots; i++) {
		u64 start = slots[i].first, end = slots[i].last;

		if (!slots[i].used)
			continue;
		if (start > end || start < first || end > last) {
			pr_warn("%s: GPT entry %u outside the usable area, skipped\n", state->name,
				i + 1);
			continue;
		}
		put_partition(state, i + 1, start * ssz, (end - start + 1) * ssz);
		put_partition_meta(state, i + 1, slots[i].uuid, slots[i].name);
	}
	ret = 1;
out:
	kfree(slots);
	kfree(hdr);
	return ret;
}
