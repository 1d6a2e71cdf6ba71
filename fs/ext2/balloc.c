// SPDX-License-Identifier: GPL-2.0-only
/*
 * ext2 block allocation: group descriptors and group layout (which groups
 * carry super block and descriptor copies), block bitmaps, the system
 * zones (which blocks are the file system's own metadata) and the
 * per-inode reservation windows.
 *
 * Interface:
 *   ext2_new_blocks(inode, goal, &count, &err)  up to count contiguous
 *                       blocks near goal; the first one, or 0 and err
 *   ext2_free_blocks(inode, block, count)
 *   ext2_data_block_valid(sbi, start, count)  inside the volume and not
 *                       metadata: every block number read from disk is
 *                       checked with it before use
 *   ext2_discard_reservation(inode), ext2_init_block_alloc_info(inode)
 *
 * Allocation policy: the goal's group first (the caller picks the goal,
 * see ext2_find_goal()), then the following groups in turn; inside a
 * group, the first free stretch of the wanted length at or after the
 * goal.  A regular file being written owns a reservation window: a run
 * of blocks (8 at first, EXT2_DEFAULT_RESERVE_BLOCKS) that other files'
 * windows stay out of, so two files written in parallel each get
 * contiguous extents instead of interleaving block by block.  A window
 * that served more than half of its blocks is followed by one twice as
 * large (at most 1027 blocks).  Windows sit in one rb-tree per file
 * system ordered by block; they never overlap and never cross a group
 * boundary.  When windows fence off the last free blocks, a second pass
 * allocates without them.  A window is dropped when the last writer
 * closes the file, on truncate and on eviction.  "noreservation" turns
 * windows off.  Bitmaps are authoritative; descriptor counts only steer
 * the search.
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
		ext2_error(sb, __func__, "no group %u: the volume has %lu", group,
			   sbi->s_groups_count);
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
 * meta_bg: the groups of a meta group (one descriptor block's worth) keep
 * that block in their first, second and last group.
 */
static bool meta_bg_keeps_desc(struct ext2_sb_info *sbi, unsigned long group)
{
	unsigned long pos = group & (sbi->s_desc_per_block - 1);

	return pos <= 1 || pos == sbi->s_desc_per_block - 1;
}

/*
 * How many group descriptor blocks group holds.  Descriptor blocks not
 * in meta groups (all of them without meta_bg, the first s_first_meta_bg
 * with it) follow every super block copy; a meta group's one block lives
 * in the groups meta_bg_keeps_desc() names.
 */
unsigned long ext2_bg_num_gdb(struct super_block *sb, unsigned long group)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	unsigned long classic = sbi->s_gdb_count;

	if (EXT2_HAS_INCOMPAT_FEATURE(sb, EXT2_FEATURE_INCOMPAT_META_BG)) {
		classic = le32_to_cpu(sbi->s_es->s_first_meta_bg);
		if (group >> sbi->s_desc_per_block_bits >= classic)
			return meta_bg_keeps_desc(sbi, group) ? 1 : 0;
	}
	return ext2_bg_has_super(sb, group) ? classic : 0;
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
		    meta_bg_keeps_desc(sbi, g))
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

/*
 * A block bitmap must mark as used the group's own bitmaps and inode
 * table, as far as they lie inside the group (with flex_bg they may sit
 * in another one).  A bitmap that calls them free would let us hand out
 * metadata as file data.
 */
static bool block_bitmap_sane(struct super_block *sb, unsigned long group,
			      struct ext2_group_desc *desc, struct buffer_head *bh)
{
	u64 first = ext2_group_first_block_no(sb, group);
	u64 end = first + ext2_blocks_in_group(sb, group);
	const struct {
		u64 start;
		u64 len;
	} own[] = {
		{ le32_to_cpu(desc->bg_block_bitmap), 1 },
		{ le32_to_cpu(desc->bg_inode_bitmap), 1 },
		{ le32_to_cpu(desc->bg_inode_table), EXT2_SB(sb)->s_itb_per_group },
	};
	unsigned long *map = (unsigned long *)bh->b_data;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(own); i++) {
		u64 lo = max(own[i].start, first), hi = min(own[i].start + own[i].len, end);
		unsigned long hole;

		if (lo >= hi)
			continue;
		hole = find_next_zero_bit(map, hi - first, lo - first);
		if (hole < hi - first) {
			ext2_error(sb, __func__,
				   "group %lu: block bitmap %u calls metadata block %llu free",
				   group, le32_to_cpu(desc->bg_block_bitmap),
				   (unsigned long long)(first + hole));
			return false;
		}
	}
	return true;
}

/* The group's block bitmap, read and (once per buffer) checked; NULL if unusable. */
static struct buffer_head *load_block_bitmap(struct super_block *sb, unsigned long group)
{
	struct ext2_group_desc *desc = ext2_get_group_desc(sb, group, NULL);
	struct buffer_head *bh;

	if (!desc)
		return NULL;
	bh = sb_bread(sb, le32_to_cpu(desc->bg_block_bitmap));
	if (!bh) {
		ext2_error(sb, __func__, "group %lu: block bitmap block %u unreadable", group,
			   le32_to_cpu(desc->bg_block_bitmap));
		return NULL;
	}
	if (!buffer_ext2_checked(bh)) {
		if (!block_bitmap_sane(sb, group, desc, bh)) {
			brelse(bh);
			return NULL;
		}
		set_buffer_ext2_checked(bh);
	}
	return bh;
}

/* Add delta to group's free block count (and the volume total). */
static void group_free_blocks_add(struct super_block *sb, unsigned long group,
				  struct ext2_group_desc *desc, struct buffer_head *desc_bh,
				  long delta)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	long now;

	spin_lock(&sbi->s_group_lock[group]);
	now = (long)le16_to_cpu(desc->bg_free_blocks_count) + delta;
	desc->bg_free_blocks_count = cpu_to_le16(now < 0 ? 0 : now);
	spin_unlock(&sbi->s_group_lock[group]);
	atomic_long_add(delta, &sbi->s_freeblocks_counter);
	mark_buffer_dirty(desc_bh);
	if (now < 0)
		ext2_error(sb, __func__, "group %lu: free block count went below zero", group);
}

/*
 * Claim up to *count consecutive free bits of map, beginning with the
 * first free bit at or after from and ending before end.  Each bit is
 * taken with an atomic test-and-set: a racing allocator that got a bit
 * first just pushes the search further.  Returns the first bit claimed
 * (and how many in *count), or -1.
 */
static long claim_bits(unsigned long *map, unsigned long end, unsigned long from,
		       unsigned long *count)
{
	unsigned long at = from, len;

	for (;;) {
		at = find_next_zero_bit(map, end, at);
		if (at >= end)
			return -1;
		if (!test_and_set_bit(at, map))
			break;
		at++;
	}
	for (len = 1; len < *count && at + len < end; len++) {
		if (test_and_set_bit(at + len, map))
			break;
	}
	*count = len;
	return at;
}

/*
 * Where to start a run of want blocks in [from, end): the first free
 * stretch at least want long (want capped at 64: beyond that we take
 * what comes), else the first free bit.  -1 if the range is full.
 */
static long pick_run_start(unsigned long *map, unsigned long from, unsigned long end,
			   unsigned long want)
{
	unsigned long at = from, stop;
	long first_free = -1;

	want = clamp(want, 1UL, 64UL);
	while (at < end) {
		at = find_next_zero_bit(map, end, at);
		if (at >= end)
			break;
		if (first_free < 0)
			first_free = at;
		stop = find_next_bit(map, end, at);
		if (stop - at >= want)
			return at;
		at = stop;
	}
	return first_free;
}

/* ------------------------------------------------------------ reservation windows */

static bool window_empty(const struct ext2_reserve_window_node *w)
{
	return w->rsv_end == EXT2_RESERVE_WINDOW_NOT_ALLOCATED;
}

/* Does the window share a block with [first, last]? */
static bool window_meets(const struct ext2_reserve_window_node *w, u32 first, u32 last)
{
	return !window_empty(w) && w->rsv_start <= last && w->rsv_end >= first;
}

/* Link w (bounds set) into the tree; false if it would overlap another.  Lock held. */
static bool window_link(struct rb_root *root, struct ext2_reserve_window_node *w)
{
	struct rb_node **link = &root->rb_node, *up = NULL;

	while (*link) {
		struct ext2_reserve_window_node *o =
			rb_entry(*link, struct ext2_reserve_window_node, rsv_node);

		up = *link;
		if (w->rsv_end < o->rsv_start) {
			link = &up->rb_left;
			continue;
		}
		if (w->rsv_start > o->rsv_end) {
			link = &up->rb_right;
			continue;
		}
		/* Two files planning on one block: a bug in window_place(). */
		WARN_ON_ONCE(1);
		return false;
	}
	rb_link_node(&w->rsv_node, up, link);
	rb_insert_color(&w->rsv_node, root);
	return true;
}

/* Unlink a linked window and mark it empty.  Lock held. */
static void window_unlink(struct super_block *sb, struct ext2_reserve_window_node *w)
{
	rb_erase(&w->rsv_node, &EXT2_SB(sb)->s_rsv_window_root);
	w->rsv_start = EXT2_RESERVE_WINDOW_NOT_ALLOCATED;
	w->rsv_end = EXT2_RESERVE_WINDOW_NOT_ALLOCATED;
	w->rsv_alloc_hit = 0;
}

/* Give up the inode's window, if it has one.  Takes the lock. */
static void window_drop(struct super_block *sb, struct ext2_reserve_window_node *w)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);

	spin_lock(&sbi->s_rsv_window_lock);
	if (!window_empty(w))
		window_unlink(sb, w);
	spin_unlock(&sbi->s_rsv_window_lock);
}

/*
 * The first window in block order that ends at or after block.  Windows
 * never overlap, so ends are ordered like starts.  Lock held.
 */
static struct ext2_reserve_window_node *window_ending_from(struct rb_root *root, u32 block)
{
	struct rb_node *n = root->rb_node;
	struct ext2_reserve_window_node *found = NULL;

	while (n) {
		struct ext2_reserve_window_node *o =
			rb_entry(n, struct ext2_reserve_window_node, rsv_node);

		if (o->rsv_end >= block) {
			found = o;
			n = n->rb_left;
		} else {
			n = n->rb_right;
		}
	}
	return found;
}

/*
 * Put the unlinked window w on the first stretch of rsv_goal_size blocks
 * at or after from that no other window touches, cut short at last.
 * Lock held.  False if no such stretch starts by last.
 */
static bool window_place(struct super_block *sb, struct ext2_reserve_window_node *w,
			 u32 from, u32 last)
{
	struct rb_root *root = &EXT2_SB(sb)->s_rsv_window_root;
	struct ext2_reserve_window_node *o = window_ending_from(root, from);
	u64 at = from, end;

	/* Each o ends at or after at: step over those that start too early. */
	while (o && at + w->rsv_goal_size > o->rsv_start) {
		struct rb_node *next = rb_next(&o->rsv_node);

		at = (u64)o->rsv_end + 1;
		o = next ? rb_entry(next, struct ext2_reserve_window_node, rsv_node) : NULL;
	}
	end = min_t(u64, at + w->rsv_goal_size - 1, last);
	/* An end of 0 would read as "no window". */
	if (at > last || end == EXT2_RESERVE_WINDOW_NOT_ALLOCATED)
		return false;
	w->rsv_start = at;
	w->rsv_end = end;
	w->rsv_alloc_hit = 0;
	if (window_link(root, w))
		return true;
	w->rsv_start = w->rsv_end = EXT2_RESERVE_WINDOW_NOT_ALLOCATED;
	return false;
}

/*
 * Move the inode's window into group, at or after block goal, onto a
 * stretch with a free block in it right now (other allocators may take
 * it before we do; the caller copes).  A window that served more than
 * half of its blocks is followed by one twice as large.  False (window
 * dropped) if the group has no room for one.
 */
static bool window_move(struct super_block *sb, struct ext2_reserve_window_node *w,
			unsigned long group, u32 goal, struct buffer_head *bitmap_bh)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	unsigned long *map = (unsigned long *)bitmap_bh->b_data;
	u32 first = ext2_group_first_block_no(sb, group);
	unsigned long size = ext2_blocks_in_group(sb, group);
	u32 last = first + size - 1, from = max(goal, first);
	unsigned long free_bit;
	bool placed;

	if (!window_empty(w) && 2 * w->rsv_alloc_hit > w->rsv_end - w->rsv_start + 1)
		w->rsv_goal_size = min_t(u32, 2 * w->rsv_goal_size, EXT2_MAX_RESERVE_BLOCKS);
	for (;;) {
		spin_lock(&sbi->s_rsv_window_lock);
		if (!window_empty(w))
			window_unlink(sb, w);
		placed = window_place(sb, w, from, last);
		spin_unlock(&sbi->s_rsv_window_lock);
		if (!placed)
			return false;
		free_bit = find_next_zero_bit(map, size, w->rsv_start - first);
		if (free_bit < size && first + free_bit <= w->rsv_end)
			return true;
		if (free_bit >= size) {
			window_drop(sb, w);
			return false;
		}
		/* Only used blocks under it: try again from the next free one. */
		from = first + free_bit;
	}
}

/* ------------------------------------------------------------ allocating */

/*
 * Allocate up to *count blocks in a row in group, near the group-relative
 * goal (-1: anywhere).  Without a window: the first free stretch of the
 * wanted length at or after the goal, else before it.  With a window:
 * first-fit inside the window, which is moved (see window_move()) when it
 * does not cover the goal or is used up.  Returns the group-relative
 * first block and sets *count, or -1.
 */
static long alloc_in_group(struct super_block *sb, unsigned long group,
			   struct buffer_head *bitmap_bh, long goal,
			   struct ext2_reserve_window_node *w, unsigned long *count)
{
	unsigned long *map = (unsigned long *)bitmap_bh->b_data;
	unsigned long size = ext2_blocks_in_group(sb, group), want = *count;
	u32 first = ext2_group_first_block_no(sb, group);
	long at;

	if (!w) {
		at = pick_run_start(map, goal < 0 ? 0 : goal, size, want);
		if (at < 0 && goal > 0)
			at = pick_run_start(map, 0, size, want);
		return at < 0 ? -1 : claim_bits(map, size, at, count);
	}

	for (;;) {
		unsigned long lo, hi, n = want;
		bool covered;

		if (goal < 0)
			covered = window_meets(w, first, first + size - 1);
		else
			covered = window_meets(w, first + goal, first + goal);
		if (!covered) {
			if (w->rsv_goal_size < want)
				w->rsv_goal_size = min_t(unsigned long, want, EXT2_MAX_RESERVE_BLOCKS);
			if (!window_move(sb, w, group, goal < 0 ? first : first + goal, bitmap_bh))
				return -1;
		}
		lo = max(w->rsv_start, first) - first;
		hi = min_t(u32, w->rsv_end, first + size - 1) - first + 1;
		if (goal < (long)lo || goal >= (long)hi)
			goal = lo;
		at = claim_bits(map, hi, goal, &n);
		if (at >= 0) {
			w->rsv_alloc_hit += n;
			*count = n;
			return at;
		}
		/* The window is used up: the next one goes after it. */
		if (hi >= size)
			return -1;
		goal = hi;
	}
}

/* May the current task take a block?  The last r_blocks are for the reserved users. */
static bool may_take_blocks(struct ext2_sb_info *sbi)
{
	long free = atomic_long_read(&sbi->s_freeblocks_counter);
	long reserved = le32_to_cpu(sbi->s_es->s_r_blocks_count);

	if (free <= 0)
		return false;
	if (free > reserved)
		return true;
	if (capable(CAP_SYS_RESOURCE) || sbi->s_resuid == current_fsuid())
		return true;
	return sbi->s_resgid && in_group_p(sbi->s_resgid);
}

/*
 * Up to *count blocks in a row, at or near goal.  The goal's group first,
 * then the following groups in turn.  A file with a reservation window
 * first tries only groups with room for half a window; if that fails
 * (windows can fence off free blocks), a second pass without windows
 * takes any free block.  Returns the first block (0: *errp says why).
 */
u32 ext2_new_blocks(struct inode *inode, u32 goal, unsigned long *count, int *errp)
{
	struct super_block *sb = inode->i_sb;
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	struct ext2_block_alloc_info *block_i = EXT2_I(inode)->i_block_alloc_info;
	struct ext2_reserve_window_node *w = NULL;
	unsigned long ngroups = sbi->s_groups_count, home, group = 0, n = 0;
	struct buffer_head *bitmap_bh = NULL, *desc_bh = NULL;
	struct ext2_group_desc *desc = NULL;
	long rel = -1;
	u32 block;
	int pass;

	if (sb_rdonly(sb)) {
		*errp = -EROFS;
		return 0;
	}
	*errp = -ENOSPC;
	if (!may_take_blocks(sbi))
		return 0;
	if (block_i && test_opt(sb, RESERVATION) && block_i->rsv_window_node.rsv_goal_size)
		w = &block_i->rsv_window_node;
	if (goal < sbi->s_first_data_block || goal >= sbi->s_blocks_count)
		goal = sbi->s_first_data_block;
	home = ext2_group_of_block(sb, goal);

search:
	for (pass = w ? 0 : 1; pass < 2 && rel < 0; pass++) {
		struct ext2_reserve_window_node *pw = pass ? NULL : w;
		/* A window search does not wrap inside a group: come back to home. */
		unsigned long k, visits = pw ? ngroups + 1 : ngroups;

		for (k = 0; k < visits; k++) {
			unsigned int free;

			group = (home + k) % ngroups;
			desc = ext2_get_group_desc(sb, group, &desc_bh);
			if (!desc) {
				*errp = -EIO;
				return 0;
			}
			free = le16_to_cpu(desc->bg_free_blocks_count);
			if (!free || (pw && 2 * free < pw->rsv_goal_size))
				continue;
			bitmap_bh = load_block_bitmap(sb, group);
			if (!bitmap_bh)
				continue;
			n = *count;
			rel = alloc_in_group(sb, group, bitmap_bh,
					     k ? -1 : (long)(goal - ext2_group_first_block_no(sb, group)),
					     pw, &n);
			if (rel >= 0)
				break;
			brelse(bitmap_bh);
			bitmap_bh = NULL;
		}
	}
	if (rel < 0)
		return 0;

	block = ext2_group_first_block_no(sb, group) + rel;
	if (!ext2_data_block_valid(sbi, block, n)) {
		/* The bits stay set: those blocks are in use, by the file system itself. */
		brelse(bitmap_bh);
		bitmap_bh = NULL;
		ext2_error(sb, __func__, "group %lu: bitmap offered metadata blocks %u-%lu",
			   group, block, block + n - 1);
		if (sb_rdonly(sb)) {
			*errp = -EUCLEAN;
			return 0;
		}
		rel = -1;
		goto search;
	}
	group_free_blocks_add(sb, group, desc, desc_bh, -(long)n);
	mark_buffer_dirty(bitmap_bh);
	if (sb->s_flags & SB_SYNCHRONOUS)
		sync_dirty_buffer(bitmap_bh);
	brelse(bitmap_bh);
	inode_add_bytes(inode, (loff_t)n << sb->s_blocksize_bits);
	*count = n;
	*errp = 0;
	return block;
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

/*
 * Clear n bits of group's bitmap from bit on.  Returns false if the
 * bitmap or descriptor is unusable (reported).
 */
static bool free_in_group(struct super_block *sb, unsigned long group, unsigned long bit,
			  unsigned long n)
{
	struct buffer_head *bitmap_bh = load_block_bitmap(sb, group), *desc_bh;
	struct ext2_group_desc *desc = ext2_get_group_desc(sb, group, &desc_bh);
	unsigned long *map, i, cleared = 0;
	long first_stale = -1;

	if (!bitmap_bh || !desc) {
		brelse(bitmap_bh);
		return false;
	}
	map = (unsigned long *)bitmap_bh->b_data;
	for (i = bit; i < bit + n; i++) {
		if (test_and_clear_bit(i, map))
			cleared++;
		else if (first_stale < 0)
			first_stale = i;
	}
	if (cleared)
		group_free_blocks_add(sb, group, desc, desc_bh, cleared);
	mark_buffer_dirty(bitmap_bh);
	if (sb->s_flags & SB_SYNCHRONOUS)
		sync_dirty_buffer(bitmap_bh);
	brelse(bitmap_bh);
	if (first_stale >= 0)
		ext2_error(sb, __func__, "freeing block %lu, which its bitmap already calls free",
			   ext2_group_first_block_no(sb, group) + first_stale);
	return true;
}

void ext2_free_blocks(struct inode *inode, u32 block, unsigned long count)
{
	struct super_block *sb = inode->i_sb;
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	u64 bytes = (u64)count << sb->s_blocksize_bits;

	if (!ext2_data_block_valid(sbi, block, count)) {
		ext2_error(sb, __func__, "inode %lu: refusing to free blocks %u-%lu: not file data",
			   inode->i_ino, block, block + count - 1);
		return;
	}
	/* A run may cross into the next group: one bitmap at a time. */
	while (count) {
		unsigned long group = ext2_group_of_block(sb, block);
		unsigned long bit = block - ext2_group_first_block_no(sb, group);
		unsigned long n = min(count, sbi->s_blocks_per_group - bit);

		if (!free_in_group(sb, group, bit, n))
			break;
		block += n;
		count -= n;
	}
	ext2_sub_bytes(inode, bytes);
}

/* ------------------------------------------------------------ per-inode state */

void ext2_init_block_alloc_info(struct inode *inode)
{
	struct ext2_block_alloc_info *block_i = kzalloc(sizeof(*block_i), GFP_KERNEL);

	if (!block_i)
		return;
	/* Zeroed: no window yet (EXT2_RESERVE_WINDOW_NOT_ALLOCATED), no hint. */
	if (test_opt(inode->i_sb, RESERVATION))
		block_i->rsv_window_node.rsv_goal_size = EXT2_DEFAULT_RESERVE_BLOCKS;
	EXT2_I(inode)->i_block_alloc_info = block_i;
}

/* Give back the inode's window (truncate_mutex held, or the inode is dying). */
void ext2_discard_reservation(struct inode *inode)
{
	struct ext2_block_alloc_info *block_i = EXT2_I(inode)->i_block_alloc_info;

	if (block_i && !window_empty(&block_i->rsv_window_node))
		window_drop(inode->i_sb, &block_i->rsv_window_node);
}
