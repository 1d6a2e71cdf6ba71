/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What mm/swapfile.c, mm/swap_slots.c, mm/page_io.c and their self tests
 * share beyond <linux/swap.h>: choosing an area, cluster setup, bad-entry
 * reports, the block-map walk that builds a swap file's extents, and
 * self-test areas that live in memory (no file; I/O, if any, to a block
 * device the test chooses).  Locking as in mm/swapfile.c.
 */
#ifndef _MM_SWAP_H
#define _MM_SWAP_H

#include <linux/swap.h>

/* Which area to allocate from next (mm/swapfile.c): see get_swap_page(). */
struct swap_info_struct *swap_pick_area(void);
/* swap_info[type], NULL if that type never had an area; no locks. */
struct swap_info_struct *swap_type_to_info(unsigned int type);
/* An area's clusters, free list and cursors from its map (mm/swap_slots.c). */
void swap_clusters_setup(struct swap_info_struct *si);

/* Kinds of bad entry, each reported once (swap_entry_error()). */
enum swap_bad_kind { SWAP_BAD_AREA, SWAP_BAD_OFFSET, SWAP_BAD_FREE };
void swap_entry_error(const char *who, enum swap_bad_kind kind, swp_entry_t entry);

/* The disk block (file-system blocks) of file block @block; 0: a hole. */
typedef sector_t (*swap_bmap_t)(void *ctx, sector_t block);

/*
 * swap_build_extents() - si->extents for a file of si->max pages whose
 * blocks are 1 << @blkbits bytes, from @bmap.  A hole: -EINVAL.  A page
 * whose blocks are not one contiguous run on disk gets SWAP_MAP_BAD (and
 * is counted in *@skipped).  Page 0 (the header) is not mapped.
 */
int swap_build_extents(struct swap_info_struct *si, unsigned int blkbits, swap_bmap_t bmap,
		       void *ctx, unsigned long *skipped);

#ifdef CONFIG_SELFTESTS
/*
 * swap_test_area_add() - an area of @slots slots (slot 0 the header, the
 * @nr_bad offsets in @bad unusable) at priority @prio (SWAP_FLAG_PREFER
 * style: < 0 means "the next default"), on the allocation list like any
 * other.  With @bdev, page I/O goes there through @nr_ext extents @ext;
 * without, it fails.
 */
struct swap_info_struct *swap_test_area_add(unsigned long slots, int prio,
					    const unsigned long *bad, unsigned int nr_bad,
					    struct block_device *bdev,
					    const struct swap_extent *ext, unsigned int nr_ext);
/* swap_test_area_remove() - swapoff of a test area: 0, or -EBUSY (still on). */
int swap_test_area_remove(struct swap_info_struct *si);
#endif

#endif /* _MM_SWAP_H */
