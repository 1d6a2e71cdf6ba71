// SPDX-License-Identifier: GPL-2.0-only
/*
 * ext2 block allocation: group descriptors and group layout (which groups
 * carry super block and descriptor copies), block bitmaps, the system
 * zones (which blocks are the file system's own metadata) and the
 * per-inode reservation windows.
 *
 * Interface:
 *   ext2_new_blocks(inode, goal, &count, &err)  up to count contiguous
 *                       blocks at or after goal (first block or 0)
 *   ext2_free_blocks(inode, block, count)
 *   ext2_data_block_valid(sbi, start, count)  inside the volume and not
 *                       metadata: every block number read from disk is
 *                       checked with it before use
 *   ext2_discard_reservation(inode), ext2_init_block_alloc_info(inode)
 *
 * Allocation policy: start in the goal's group (the caller picks the goal:
 * after the file's previous block, else near its other blocks, else in
 * the inode's group), then walk the other groups in order.  A regular
 * file being written owns a reservation window: a run of blocks (8 at
 * first, Linux's EXT2_DEFAULT_RESERVE_BLOCKS) that other files' windows
 * avoid, so two files written in parallel each get contiguous extents
 * instead of interleaving block by block.  When a file used more than
 * half of its window, the next window is twice as large (at most 1027
 * blocks).  Windows live in one rb-tree per file system keyed by their
 * first block; they never overlap and never cross a group boundary.
 * A window is dropped when the last writer closes the file, on truncate
 * and on eviction.  "noreservation" turns windows off.  Bitmaps are
 * authoritative; descriptor counts only steer the search.
 *
 * Locking: bitmap bits change with atomic bit operations, so two
 * allocators can never get the same block; sbi->s_group_lock[g] guards
 * group g's descriptor counts; sbi->s_rsv_window_lock the window tree and
 * the window bounds; a window's goal size and hit count belong to the
 * owning inode's truncate_mutex, which every caller of ext2_new_blocks()
 * holds.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <linux/bitops.h>
#include <linux/sched.h>
#include <linux/cred.h>
#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/buffer_head.h>
#include "ext2.h"

/* ------------------------------------------------------------ descriptors */

struct ext2_group_desc *ext2_get_group_desc(struct super_block *sb, unsigned int group,
					    struct buffer_head **bh)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	unsigned long nr = group >> sbi->s_desc_per_block_bits;
	unsigned long offset = group & (sbi->s_desc_per_block - 1);
	struct ext2_group_desc *desc;

	if (group >= sbi->s_groups_count) {
		ext2_error(sb, __func__, "block_group >= groups_count - block_group = %u, groups_count = %lu",
			   group, sbi->s_groups_count);
		return NULL;
	}
	desc = (struct ext2_group_desc *)sbi->s_group_desc[nr]->b_data;
	if (bh)
		*bh = sbi->s_group_desc[nr];
	return desc + offset;
}

static bool is_power_of(unsigned long n, unsigned long base)
{
	while (n > 1) {
		if (n % base)
			return false;
		n /= base;
	}
	return true;
}

/* Does group carry a super block backup (sparse_super: 0, 1, powers of 3, 5, 7)? */
int ext2_bg_has_super(struct super_block *sb, unsigned long group)
{
	if (!EXT2_HAS_RO_COMPAT_FEATURE(sb, EXT2_FEATURE_RO_COMPAT_SPARSE_SUPER))
		return 1;
	if (group <= 1)
		return 1;
	if (!(group & 1))
		return 0;
	return is_power_of(group, 3) || is_power_of(group, 5) || is_power_of(group, 7);
}

/*
 * Group descriptor blocks stored in group: the whole table (or its part
 * before s_first_meta_bg) next to each super block copy; with meta_bg,
 * the first, second and last group of each meta group hold that meta
 * group's single descriptor block.
 */
unsigned long ext2_bg_num_gdb(struct super_block *sb, unsigned long group)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	unsigned long first_meta_bg, metagroup, dpb = sbi->s_desc_per_block;

	if (!EXT2_HAS_INCOMPAT_FEATURE(sb, EXT2_FEATURE_INCOMPAT_META_BG))
		return ext2_bg_has_super(sb, group) ? sbi->s_gdb_count : 0;
	first_meta_bg = le32_to_cpu(sbi->s_es->s_first_meta_bg);
	metagroup = group / dpb;
	if (metagroup < first_meta_bg)
		return ext2_bg_has_super(sb, group) ? first_meta_bg : 0;
	if (group % dpb == 0 || group % dpb == 1 || group % dpb == dpb - 1)
		return 1;
	return 0;
}

unsigned long ext2_count_free_blocks(struct super_block *sb)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	unsigned long g, count = 0;

	for (g = 0; g < sbi->s_groups_count; g++) {
		struct ext2_group_desc *desc = ext2_get_group_desc(sb, g, NULL);

		if (desc)
			count += le16_to_cpu(desc->bg_free_blocks_count);
	}
	return count;
}

unsigned long ext2_count_dirs(struct super_block *sb)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	unsigned long g, count = 0;

	for (g = 0; g < sbi->s_groups_count; g++) {
		struct ext2_group_desc *desc = ext2_get_group_desc(sb, g, NULL);

		if (desc)
			count += le16_to_cpu(desc->bg_used_dirs_count);
	}
	return count;
}

/* ------------------------------------------------------------ system zones */

static int zone_cmp(const void *a, const void *b)
{
	const struct ext2_system_zone *za = a, *zb = b;

	if (za->start != zb->start)
		return za->start < zb->start ? -1 : 1;
	return 0;
}

static void zone_add(struct ext2_system_zone *zones, unsigned int *nr, u32 start, u32 count)
{
	if (!count)
		return;
	zones[*nr].start = start;
	zones[*nr].count = count;
	(*nr)++;
}

/*
 * Collect every metadata run (super block copies with their descriptor
 * tables and reserved GDT blocks, meta_bg descriptor blocks, bitmaps and
 * inode tables), sort and merge them.  Two pieces of metadata claiming
 * the same block, or a run past the end of the volume, mean the
 * descriptors are corrupt: refuse the mount rather than let one
 * structure overwrite another.
 */
int ext2_setup_system_zones(struct super_block *sb)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	struct ext2_super_block *es = sbi->s_es;
	bool meta_bg = EXT2_HAS_INCOMPAT_FEATURE(sb, EXT2_FEATURE_INCOMPAT_META_BG);
	unsigned long reserved_gdt = 0, g, dpb = sbi->s_desc_per_block;
	struct ext2_system_zone *zones;
	unsigned int nr = 0, i, out;

	if (EXT2_HAS_COMPAT_FEATURE(sb, EXT2_FEATURE_COMPAT_RESIZE_INO))
		reserved_gdt = le16_to_cpu(es->s_reserved_gdt_blocks);
	zones = kcalloc(sbi->s_groups_count * 5 + 1, sizeof(*zones), GFP_KERNEL);
	if (!zones)
		return -ENOMEM;
	for (g = 0; g < sbi->s_groups_count; g++) {
		struct ext2_group_desc *gdp = ext2_get_group_desc(sb, g, NULL);
		u32 first = ext2_group_first_block_no(sb, g);
		int has_super = ext2_bg_has_super(sb, g);

		if (!gdp) {
			kfree(zones);
			return -EUCLEAN;
		}
		if (has_super) {
			unsigned long gdb = sbi->s_gdb_count;

			if (meta_bg)
				gdb = le32_to_cpu(es->s_first_meta_bg);
			zone_add(zones, &nr, first, 1 + gdb + reserved_gdt);
		}
		if (meta_bg && g / dpb >= le32_to_cpu(es->s_first_meta_bg) &&
		    (g % dpb == 0 || g % dpb == 1 || g % dpb == dpb - 1))
			zone_add(zones, &nr, first + has_super, 1);
		zone_add(zones, &nr, le32_to_cpu(gdp->bg_block_bitmap), 1);
		zone_add(zones, &nr, le32_to_cpu(gdp->bg_inode_bitmap), 1);
		zone_add(zones, &nr, le32_to_cpu(gdp->bg_inode_table), sbi->s_itb_per_group);
	}
	sort(zones, nr, sizeof(*zones), zone_cmp, NULL);
	for (i = 0, out = 0; i < nr; i++) {
		u64 end = (u64)zones[i].start + zones[i].count;

		if (end > sbi->s_blocks_count) {
			ext2_msg(sb, KERN_ERR, "error: metadata at block %u beyond the volume",
				 zones[i].start);
			goto corrupt;
		}
		if (out) {
			struct ext2_system_zone *prev = &zones[out - 1];
			u64 prev_end = (u64)prev->start + prev->count;

			if (zones[i].start < prev_end) {
				ext2_msg(sb, KERN_ERR,
					 "error: metadata blocks overlap at block %u, run e2fsck",
					 zones[i].start);
				goto corrupt;
			}
			if (zones[i].start == prev_end) {
				prev->count += zones[i].count;
				continue;
			}
		}
		zones[out++] = zones[i];
	}
	sbi->s_zones = zones;
	sbi->s_nr_zones = out;
	return 0;

corrupt:
	kfree(zones);
	return -EUCLEAN;
}

void ext2_release_system_zones(struct super_block *sb)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);

	kfree(sbi->s_zones);
	sbi->s_zones = NULL;
	sbi->s_nr_zones = 0;
}

/*
 * May [start, start + count) hold file data or indirect blocks?  Inside
 * the volume's data area and touching no metadata run.
 */
bool ext2_data_block_valid(struct ext2_sb_info *sbi, u32 start, unsigned int count)
{
	u64 end = (u64)start + count;
	unsigned int lo = 0, hi = sbi->s_nr_zones;

	if (!count || start < sbi->s_first_data_block || end > sbi->s_blocks_count)
		return false;
	/* The last zone starting before end is the only one that can overlap. */
	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (sbi->s_zones[mid].start < end)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return true;
	return (u64)sbi->s_zones[lo - 1].start + sbi->s_zones[lo - 1].count <= start;
}

/* ------------------------------------------------------------ block bitmaps */

static bool block_in_group(struct super_block *sb, unsigned long group, u32 block)
{
	u32 first = ext2_group_first_block_no(sb, group);

	return block >= first && block - first < ext2_blocks_in_group(sb, group);
}

/* The group's own bitmaps and inode table (when they live in it) must be marked used. */
static bool ext2_valid_block_bitmap(struct super_block *sb, struct ext2_group_desc *desc,
				    unsigned long group, struct buffer_head *bh)
{
	u32 first = ext2_group_first_block_no(sb, group);
	unsigned long *map = (unsigned long *)bh->b_data;
	u32 blk, i;

	blk = le32_to_cpu(desc->bg_block_bitmap);
	if (block_in_group(sb, group, blk) && !test_bit(blk - first, map))
		goto bad;
	blk = le32_to_cpu(desc->bg_inode_bitmap);
	if (block_in_group(sb, group, blk) && !test_bit(blk - first, map))
		goto bad;
	blk = le32_to_cpu(desc->bg_inode_table);
	for (i = 0; i < EXT2_SB(sb)->s_itb_per_group; i++) {
		if (block_in_group(sb, group, blk + i) && !test_bit(blk + i - first, map))
			goto bad;
	}
	return true;
bad:
	ext2_error(sb, __func__, "Invalid block bitmap - block_group = %lu, block = %u", group, blk);
	return false;
}

/* The group's block bitmap, read and checked; NULL (reported) if unusable. */
static struct buffer_head *read_block_bitmap(struct super_block *sb, unsigned long group)
{
	struct ext2_group_desc *desc = ext2_get_group_desc(sb, group, NULL);
	struct buffer_head *bh;
	u32 blk;

	if (!desc)
		return NULL;
	blk = le32_to_cpu(desc->bg_block_bitmap);
	bh = sb_bread(sb, blk);
	if (!bh) {
		ext2_error(sb, __func__, "Cannot read block bitmap - block_group = %lu, block_bitmap = %u",
			   group, blk);
		return NULL;
	}
	if (buffer_ext2_checked(bh))
		return bh;
	if (!ext2_valid_block_bitmap(sb, desc, group, bh)) {
		brelse(bh);
		return NULL;
	}
	set_buffer_ext2_checked(bh);
	return bh;
}

static void group_adjust_blocks(struct super_block *sb, unsigned long group,
				struct ext2_group_desc *desc, struct buffer_head *desc_bh,
				long delta)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	bool underflow = false;
	long free;

	spin_lock(&sbi->s_group_lock[group]);
	free = (long)le16_to_cpu(desc->bg_free_blocks_count) + delta;
	if (free < 0) {
		underflow = true;
		free = 0;
	}
	desc->bg_free_blocks_count = cpu_to_le16(free);
	spin_unlock(&sbi->s_group_lock[group]);
	atomic_long_add(delta, &sbi->s_freeblocks_counter);
	mark_buffer_dirty(desc_bh);
	if (underflow)
		ext2_error(sb, __func__, "free blocks count of group %lu was wrong", group);
}

/* ------------------------------------------------------------ reservation windows */

static inline bool rsv_is_empty(struct ext2_reserve_window *rsv)
{
	return rsv->_rsv_end == EXT2_RESERVE_WINDOW_NOT_ALLOCATED;
}

/* Insert rsv (bounds set, not in the tree); s_rsv_window_lock held. */
void ext2_rsv_window_add(struct super_block *sb, struct ext2_reserve_window_node *rsv)
{
	struct rb_root *root = &EXT2_SB(sb)->s_rsv_window_root;
	struct rb_node **p = &root->rb_node, *parent = NULL;
	u32 start = rsv->rsv_start;

	while (*p) {
		struct ext2_reserve_window_node *this;

		parent = *p;
		this = rb_entry(parent, struct ext2_reserve_window_node, rsv_node);
		if (start < this->rsv_start) {
			p = &(*p)->rb_left;
		} else if (start > this->rsv_end) {
			p = &(*p)->rb_right;
		} else {
			/* Overlapping windows would hand one block to two files' plans. */
			WARN_ON(1);
			rsv->rsv_start = rsv->rsv_end = EXT2_RESERVE_WINDOW_NOT_ALLOCATED;
			return;
		}
	}
	rb_link_node(&rsv->rsv_node, parent, p);
	rb_insert_color(&rsv->rsv_node, root);
}

/* Take rsv out of the tree and mark it empty; s_rsv_window_lock held. */
static void rsv_window_remove(struct super_block *sb, struct ext2_reserve_window_node *rsv)
{
	rb_erase(&rsv->rsv_node, &EXT2_SB(sb)->s_rsv_window_root);
	rsv->rsv_start = EXT2_RESERVE_WINDOW_NOT_ALLOCATED;
	rsv->rsv_end = EXT2_RESERVE_WINDOW_NOT_ALLOCATED;
	rsv->rsv_alloc_hit = 0;
}

/* The window with the largest start <= block, or NULL; lock held. */
static struct rb_node *search_reserve_window(struct rb_root *root, u32 block)
{
	struct rb_node *n = root->rb_node, *best = NULL;

	while (n) {
		struct ext2_reserve_window_node *rsv =
			rb_entry(n, struct ext2_reserve_window_node, rsv_node);

		if (block < rsv->rsv_start) {
			n = n->rb_left;
		} else {
			best = n;
			n = n->rb_right;
		}
	}
	return best;
}

/* Is the group-relative goal (or, with goal < 0, any of the group) in the window? */
static bool goal_in_my_reservation(struct ext2_reserve_window *rsv, int grp_goal,
				   unsigned long group, struct super_block *sb)
{
	u32 first = ext2_group_first_block_no(sb, group);
	u32 last = first + ext2_blocks_in_group(sb, group) - 1;

	if (rsv->_rsv_start > last || rsv->_rsv_end < first)
		return false;
	if (grp_goal >= 0 &&
	    (grp_goal + first < rsv->_rsv_start || grp_goal + first > rsv->_rsv_end))
		return false;
	return true;
}

/*
 * Place my_rsv (not in the tree) in the first gap of rsv_goal_size blocks
 * at or after start that no other window uses, ending at or before last.
 * Lock held.  0 on success, -1 if the group has no such gap.
 */
static int find_next_reservable_window(struct super_block *sb,
				       struct ext2_reserve_window_node *my_rsv, u32 start,
				       u32 last)
{
	struct rb_root *root = &EXT2_SB(sb)->s_rsv_window_root;
	u32 size = my_rsv->rsv_goal_size;
	struct rb_node *n;
	u64 cur = start;

	n = search_reserve_window(root, start);
	if (n) {
		struct ext2_reserve_window_node *w =
			rb_entry(n, struct ext2_reserve_window_node, rsv_node);

		if (w->rsv_end >= cur)
			cur = (u64)w->rsv_end + 1;
		n = rb_next(n);
	} else {
		n = rb_first(root);
	}
	for (; n; n = rb_next(n)) {
		struct ext2_reserve_window_node *w =
			rb_entry(n, struct ext2_reserve_window_node, rsv_node);

		if (cur > last)
			return -1;
		if (cur + size <= w->rsv_start)
			break;
		if (w->rsv_end >= cur)
			cur = (u64)w->rsv_end + 1;
	}
	if (cur > last)
		return -1;
	my_rsv->rsv_start = cur;
	my_rsv->rsv_end = min_t(u64, cur + size - 1, last);
	my_rsv->rsv_alloc_hit = 0;
	ext2_rsv_window_add(sb, my_rsv);
	return rsv_is_empty(&my_rsv->rsv_window) ? -1 : 0;
}

/* First free bit in [start, maxblocks), or -1. */
static int bitmap_search_next_usable_block(int start, struct buffer_head *bh, int maxblocks)
{
	unsigned long next = find_next_zero_bit((unsigned long *)bh->b_data, maxblocks, start);

	return next < (unsigned long)maxblocks ? (int)next : -1;
}

/*
 * Give my_rsv a new window in group, at or after the group-relative goal,
 * containing at least one free block.  Grows the window when the old one
 * was well used.  0 on success; -1 (window dropped) if the group cannot
 * host one.
 */
static int alloc_new_reservation(struct ext2_reserve_window_node *my_rsv, int grp_goal,
				 struct super_block *sb, unsigned long group,
				 struct buffer_head *bitmap_bh)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	u32 group_first = ext2_group_first_block_no(sb, group);
	u32 group_end = group_first + ext2_blocks_in_group(sb, group) - 1;
	u32 start_block = grp_goal < 0 ? group_first : group_first + grp_goal;
	int first_free;

	if (!rsv_is_empty(&my_rsv->rsv_window)) {
		u32 used_window = my_rsv->rsv_end - my_rsv->rsv_start + 1;

		/* A sequential writer that used most of its window gets a bigger one. */
		if (my_rsv->rsv_alloc_hit > used_window / 2) {
			u32 size = my_rsv->rsv_goal_size * 2;

			my_rsv->rsv_goal_size = min_t(u32, size, EXT2_MAX_RESERVE_BLOCKS);
		}
	}
	spin_lock(&sbi->s_rsv_window_lock);
	if (!rsv_is_empty(&my_rsv->rsv_window))
		rsv_window_remove(sb, my_rsv);
	for (;;) {
		if (find_next_reservable_window(sb, my_rsv, start_block, group_end) < 0) {
			spin_unlock(&sbi->s_rsv_window_lock);
			return -1;
		}
		spin_unlock(&sbi->s_rsv_window_lock);
		/*
		 * Other allocators may take bits meanwhile; what matters is that
		 * the window starts with a chance of success.
		 */
		first_free = bitmap_search_next_usable_block(my_rsv->rsv_start - group_first,
							     bitmap_bh, group_end - group_first + 1);
		if (first_free >= 0 && group_first + first_free <= my_rsv->rsv_end)
			return 0;
		spin_lock(&sbi->s_rsv_window_lock);
		if (!rsv_is_empty(&my_rsv->rsv_window))
			rsv_window_remove(sb, my_rsv);
		if (first_free < 0) {
			spin_unlock(&sbi->s_rsv_window_lock);
			return -1;
		}
		/* The window was full: look again from the first free block. */
		start_block = group_first + first_free;
	}
}

/* ------------------------------------------------------------ allocating bits */

/*
 * A free block to start from at or after start: the goal itself, a free
 * block in the goal's 64-block neighbourhood, the start of a wholly free
 * byte (8 free blocks in a row), or any free block.  -1 if none.
 */
static int find_next_usable_block(int start, struct buffer_head *bh, int maxblocks)
{
	unsigned long *map = (unsigned long *)bh->b_data;
	const u8 *bytes = (const u8 *)bh->b_data;
	int here, next, end_goal, b;

	if (start > 0) {
		end_goal = min(ALIGN(start + 1, 64), maxblocks);
		here = find_next_zero_bit(map, end_goal, start);
		if (here < end_goal)
			return here;
	}
	here = start < 0 ? 0 : start;
	for (b = here >> 3; (b << 3) < maxblocks; b++) {
		if (bytes[b] == 0) {
			next = b << 3;
			if (next >= here && next < maxblocks)
				return next;
		}
	}
	return bitmap_search_next_usable_block(here, bh, maxblocks);
}

/*
 * Claim up to *count free blocks in a row in group, inside window if one
 * is given, starting at or after grp_goal.  Returns the group-relative
 * first block and sets *count, or -1.
 */
static int ext2_try_to_allocate(struct super_block *sb, unsigned long group,
				struct buffer_head *bitmap_bh, int grp_goal, unsigned long *count,
				struct ext2_reserve_window *window)
{
	unsigned long *map = (unsigned long *)bitmap_bh->b_data;
	u32 group_first = ext2_group_first_block_no(sb, group);
	int size = ext2_blocks_in_group(sb, group);
	int start, end;
	unsigned long num;

	if (window) {
		start = window->_rsv_start - group_first;
		end = window->_rsv_end - group_first + 1;
		if (start < 0)
			start = 0;
		if (end > size)
			end = size;
		if (grp_goal < start || grp_goal >= end)
			grp_goal = start;
	} else {
		start = 0;
		end = size;
		if (grp_goal < 0 || grp_goal >= end)
			grp_goal = 0;
	}
	for (;;) {
		if (test_bit(grp_goal, map)) {
			grp_goal = find_next_usable_block(grp_goal, bitmap_bh, end);
			if (grp_goal < 0)
				goto fail;
			if (!window) {
				/* Back up to the start of this free run: fewer holes. */
				int i;

				for (i = 0; i < 7 && grp_goal > start && !test_bit(grp_goal - 1, map);
				     i++)
					grp_goal--;
			}
		}
		if (!test_and_set_bit(grp_goal, map))
			break;
		/* Lost a race for it. */
		if (++grp_goal >= end)
			goto fail;
	}
	num = 1;
	while (num < *count && grp_goal + (int)num < end &&
	       !test_and_set_bit(grp_goal + num, map))
		num++;
	*count = num;
	return grp_goal;
fail:
	*count = 0;
	return -1;
}

static int ext2_try_to_allocate_with_rsv(struct super_block *sb, unsigned long group,
					 struct buffer_head *bitmap_bh, int grp_goal,
					 struct ext2_reserve_window_node *my_rsv,
					 unsigned long *count)
{
	unsigned long num = *count;
	bool need_new = false;
	int ret;

	if (!my_rsv)
		return ext2_try_to_allocate(sb, group, bitmap_bh, grp_goal, count, NULL);
	for (;;) {
		if (need_new || rsv_is_empty(&my_rsv->rsv_window) ||
		    !goal_in_my_reservation(&my_rsv->rsv_window, grp_goal, group, sb)) {
			if (my_rsv->rsv_goal_size < *count)
				my_rsv->rsv_goal_size = min_t(unsigned long, *count,
							      EXT2_MAX_RESERVE_BLOCKS);
			if (alloc_new_reservation(my_rsv, grp_goal, sb, group, bitmap_bh) < 0)
				return -1;
			if (!goal_in_my_reservation(&my_rsv->rsv_window, grp_goal, group, sb))
				grp_goal = -1;
		}
		if (!goal_in_my_reservation(&my_rsv->rsv_window, -1, group, sb))
			return -1;
		num = *count;
		ret = ext2_try_to_allocate(sb, group, bitmap_bh, grp_goal, &num,
					   &my_rsv->rsv_window);
		if (ret >= 0) {
			my_rsv->rsv_alloc_hit += num;
			*count = num;
			return ret;
		}
		/* The window is used up: the next one starts after it. */
		need_new = true;
		grp_goal = my_rsv->rsv_end + 1 - ext2_group_first_block_no(sb, group);
		if (grp_goal >= (int)ext2_blocks_in_group(sb, group))
			return -1;
	}
}

/* May the current task take a block (the last r_blocks are for resuid/resgid/root)? */
static bool ext2_has_free_blocks(struct ext2_sb_info *sbi)
{
	long free = atomic_long_read(&sbi->s_freeblocks_counter);
	long root = le32_to_cpu(sbi->s_es->s_r_blocks_count);

	if (free < root + 1 && !capable(CAP_SYS_RESOURCE) && sbi->s_resuid != current_fsuid() &&
	    (sbi->s_resgid == 0 || !in_group_p(sbi->s_resgid)))
		return false;
	return free > 0;
}

u32 ext2_new_blocks(struct inode *inode, u32 goal, unsigned long *count, int *errp)
{
	struct super_block *sb = inode->i_sb;
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	struct ext2_block_alloc_info *block_i = EXT2_I(inode)->i_block_alloc_info;
	struct ext2_reserve_window_node *my_rsv = NULL;
	struct buffer_head *bitmap_bh = NULL, *gdp_bh;
	struct ext2_group_desc *gdp;
	unsigned long group_no, goal_group, bgi, num = *count, windowsz = 0;
	int grp_target, ret;
	u32 ret_block;

	*errp = -ENOSPC;
	if (sb_rdonly(sb)) {
		*errp = -EROFS;
		return 0;
	}
	if (block_i && test_opt(sb, RESERVATION)) {
		my_rsv = &block_i->rsv_window_node;
		windowsz = my_rsv->rsv_goal_size;
		if (!windowsz)
			my_rsv = NULL;
	}
	if (!ext2_has_free_blocks(sbi))
		return 0;
	if (goal < sbi->s_first_data_block || goal >= sbi->s_blocks_count)
		goal = sbi->s_first_data_block;
	group_no = ext2_group_of_block(sb, goal);
	goal_group = group_no;

retry_alloc:
	gdp = ext2_get_group_desc(sb, group_no, &gdp_bh);
	if (!gdp) {
		*errp = -EIO;
		return 0;
	}
	/* A nearly full goal group is no place for a fresh window. */
	if (my_rsv && le16_to_cpu(gdp->bg_free_blocks_count) < windowsz &&
	    rsv_is_empty(&my_rsv->rsv_window))
		my_rsv = NULL;
	if (le16_to_cpu(gdp->bg_free_blocks_count) > 0) {
		grp_target = goal - ext2_group_first_block_no(sb, group_no);
		if (grp_target < 0 || grp_target >= (int)ext2_blocks_in_group(sb, group_no))
			grp_target = -1;
		bitmap_bh = read_block_bitmap(sb, group_no);
		if (bitmap_bh) {
			ret = ext2_try_to_allocate_with_rsv(sb, group_no, bitmap_bh, grp_target,
							    my_rsv, &num);
			if (ret >= 0)
				goto allocated;
			brelse(bitmap_bh);
			bitmap_bh = NULL;
		}
	}
	for (bgi = 0; bgi < sbi->s_groups_count; bgi++) {
		unsigned long free;

		if (++group_no >= sbi->s_groups_count)
			group_no = 0;
		gdp = ext2_get_group_desc(sb, group_no, &gdp_bh);
		if (!gdp) {
			*errp = -EIO;
			return 0;
		}
		free = le16_to_cpu(gdp->bg_free_blocks_count);
		if (!free)
			continue;
		/* Groups with less than half a window free are left for later. */
		if (my_rsv && free <= windowsz / 2)
			continue;
		bitmap_bh = read_block_bitmap(sb, group_no);
		if (!bitmap_bh)
			continue;
		num = *count;
		ret = ext2_try_to_allocate_with_rsv(sb, group_no, bitmap_bh, -1, my_rsv, &num);
		if (ret >= 0)
			goto allocated;
		brelse(bitmap_bh);
		bitmap_bh = NULL;
	}
	/*
	 * Windows may fill a volume that still has free blocks: try once
	 * more without one before saying ENOSPC.
	 */
	if (my_rsv) {
		my_rsv = NULL;
		windowsz = 0;
		group_no = goal_group;
		num = *count;
		goto retry_alloc;
	}
	return 0;

allocated:
	ret_block = ret + ext2_group_first_block_no(sb, group_no);
	if (!ext2_data_block_valid(sbi, ret_block, num)) {
		/*
		 * The bitmap said metadata was free.  The bits stay set (the
		 * blocks are in use); say so and look elsewhere.
		 */
		brelse(bitmap_bh);
		bitmap_bh = NULL;
		ext2_error(sb, __func__,
			   "Allocating block in system zone - blocks from %u, length %lu",
			   ret_block, num);
		if (sb_rdonly(sb)) {
			*errp = -EUCLEAN;
			return 0;
		}
		num = *count;
		goto retry_alloc;
	}
	group_adjust_blocks(sb, group_no, gdp, gdp_bh, -(long)num);
	mark_buffer_dirty(bitmap_bh);
	if (sb->s_flags & SB_SYNCHRONOUS)
		sync_dirty_buffer(bitmap_bh);
	brelse(bitmap_bh);
	inode_add_bytes(inode, (loff_t)num << sb->s_blocksize_bits);
	*count = num;
	*errp = 0;
	return ret_block;
}

u32 ext2_new_block(struct inode *inode, u32 goal, int *errp)
{
	unsigned long count = 1;

	return ext2_new_blocks(inode, goal, &count, errp);
}

/* ------------------------------------------------------------ freeing */

static void ext2_sub_bytes(struct inode *inode, u64 bytes)
{
	u64 have = (u64)inode->i_blocks << 9;

	inode_sub_bytes(inode, bytes < have ? bytes : have);
}

void ext2_free_blocks(struct inode *inode, u32 block, unsigned long count)
{
	struct super_block *sb = inode->i_sb;
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	unsigned long total = count;

	if (!ext2_data_block_valid(sbi, block, count)) {
		ext2_error(sb, __func__, "Freeing blocks not in datazone - block = %u, count = %lu",
			   block, count);
		return;
	}
	while (count) {
		unsigned long group = ext2_group_of_block(sb, block);
		unsigned long bit = (block - sbi->s_first_data_block) % sbi->s_blocks_per_group;
		unsigned long n = min(count, sbi->s_blocks_per_group - bit);
		struct buffer_head *bitmap_bh, *desc_bh;
		struct ext2_group_desc *desc;
		unsigned long i, freed = 0;
		u32 first_bad = 0;
		bool bad = false;

		bitmap_bh = read_block_bitmap(sb, group);
		desc = ext2_get_group_desc(sb, group, &desc_bh);
		if (!bitmap_bh || !desc) {
			brelse(bitmap_bh);
			break;
		}
		for (i = 0; i < n; i++) {
			if (test_and_clear_bit(bit + i, (unsigned long *)bitmap_bh->b_data)) {
				freed++;
			} else if (!bad) {
				bad = true;
				first_bad = block + i;
			}
		}
		if (freed)
			group_adjust_blocks(sb, group, desc, desc_bh, freed);
		mark_buffer_dirty(bitmap_bh);
		if (sb->s_flags & SB_SYNCHRONOUS)
			sync_dirty_buffer(bitmap_bh);
		brelse(bitmap_bh);
		if (bad)
			ext2_error(sb, __func__, "bit already cleared for block %u", first_bad);
		block += n;
		count -= n;
	}
	ext2_sub_bytes(inode, (u64)total << sb->s_blocksize_bits);
}

/* ------------------------------------------------------------ per-inode state */

void ext2_init_block_alloc_info(struct inode *inode)
{
	struct ext2_inode_info *ei = EXT2_I(inode);
	struct ext2_block_alloc_info *block_i = kmalloc(sizeof(*block_i), GFP_KERNEL);
	struct ext2_reserve_window_node *rsv;

	if (!block_i)
		return;
	rsv = &block_i->rsv_window_node;
	rsv->rsv_start = EXT2_RESERVE_WINDOW_NOT_ALLOCATED;
	rsv->rsv_end = EXT2_RESERVE_WINDOW_NOT_ALLOCATED;
	rsv->rsv_goal_size = test_opt(inode->i_sb, RESERVATION) ? EXT2_DEFAULT_RESERVE_BLOCKS : 0;
	rsv->rsv_alloc_hit = 0;
	block_i->last_alloc_logical_block = 0;
	block_i->last_alloc_physical_block = 0;
	ei->i_block_alloc_info = block_i;
}

/* Give back the inode's window (truncate_mutex held, or the inode is dying). */
void ext2_discard_reservation(struct inode *inode)
{
	struct ext2_block_alloc_info *block_i = EXT2_I(inode)->i_block_alloc_info;
	struct ext2_sb_info *sbi = EXT2_SB(inode->i_sb);
	struct ext2_reserve_window_node *rsv;

	if (!block_i)
		return;
	rsv = &block_i->rsv_window_node;
	if (rsv_is_empty(&rsv->rsv_window))
		return;
	spin_lock(&sbi->s_rsv_window_lock);
	if (!rsv_is_empty(&rsv->rsv_window))
		rsv_window_remove(inode->i_sb, rsv);
	spin_unlock(&sbi->s_rsv_window_lock);
}
