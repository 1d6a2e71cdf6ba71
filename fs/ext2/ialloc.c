// SPDX-License-Identifier: GPL-2.0-only
/*
 * ext2 inode allocation: choosing a group for a new inode, claiming a bit
 * in that group's inode bitmap, and giving inodes back.
 *
 * Interface: ext2_new_inode(dir, mode, name) returns a new in-core inode
 * (hashed, dirty, owner and flags set, one link) or ERR_PTR;
 * ext2_free_inode(inode) clears its bit once it is dead;
 * ext2_count_free_inodes(sb) sums the descriptors.
 *
 * Placement: a file goes in its directory's group when that group has
 * free inodes and blocks, else a hashed scan of other groups, else any
 * group with a free inode.  A directory is spread out (Orlov): under the
 * root (or a TOPDIR directory) it goes to a random group with more than
 * average free inodes and blocks and the fewest directories; deeper, to
 * the first group after its parent's that is not short of inodes or
 * blocks and not crowded with directories.  "oldalloc" picks the group
 * with the most free blocks among those with average free inodes.
 *
 * The bitmap decides, the counts only guide: a group whose count says
 * free but whose bitmap is full is skipped; an inode the bitmap calls
 * free but whose on-disk copy is still linked is reported and skipped.
 *
 * Locking: bitmap bits change atomically; sbi->s_group_lock[g] guards the
 * counts of group g's descriptor.  Callers hold the directory's i_rwsem.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/bitops.h>
#include <linux/random.h>
#include <linux/sched.h>
#include <linux/cred.h>
#include <linux/fs.h>
#include <linux/buffer_head.h>
#include "ext2.h"

static struct buffer_head *read_inode_bitmap(struct super_block *sb, unsigned long group)
{
	struct ext2_group_desc *desc = ext2_get_group_desc(sb, group, NULL);
	struct buffer_head *bh;
	u32 blk;

	if (!desc)
		return NULL;
	blk = le32_to_cpu(desc->bg_inode_bitmap);
	bh = sb_bread(sb, blk);
	if (!bh)
		ext2_error(sb, __func__, "Cannot read inode bitmap - block_group = %lu, inode_bitmap = %u",
			   group, blk);
	return bh;
}

unsigned long ext2_count_free_inodes(struct super_block *sb)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	unsigned long g, count = 0;

	for (g = 0; g < sbi->s_groups_count; g++) {
		struct ext2_group_desc *desc = ext2_get_group_desc(sb, g, NULL);

		if (desc)
			count += le16_to_cpu(desc->bg_free_inodes_count);
	}
	return count;
}

/* Adjust group's free-inode and directory counts by the given deltas. */
static void group_adjust_inodes(struct super_block *sb, unsigned long group, int dfree, int ddirs)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	struct buffer_head *bh;
	struct ext2_group_desc *desc = ext2_get_group_desc(sb, group, &bh);
	long free, dirs;
	bool bad = false;

	if (!desc)
		return;
	spin_lock(&sbi->s_group_lock[group]);
	free = (long)le16_to_cpu(desc->bg_free_inodes_count) + dfree;
	dirs = (long)le16_to_cpu(desc->bg_used_dirs_count) + ddirs;
	if (free < 0 || free > (long)sbi->s_inodes_per_group) {
		bad = true;
		free = clamp_t(long, free, 0, sbi->s_inodes_per_group);
	}
	if (dirs < 0 || dirs > (long)sbi->s_inodes_per_group) {
		bad = true;
		dirs = clamp_t(long, dirs, 0, sbi->s_inodes_per_group);
	}
	desc->bg_free_inodes_count = cpu_to_le16(free);
	desc->bg_used_dirs_count = cpu_to_le16(dirs);
	spin_unlock(&sbi->s_group_lock[group]);
	atomic_long_add(dfree, &sbi->s_freeinodes_counter);
	atomic_long_add(ddirs, &sbi->s_dirs_counter);
	mark_buffer_dirty(bh);
	if (bad)
		ext2_error(sb, __func__, "inode counts of group %lu were wrong", group);
}

void ext2_free_inode(struct inode *inode)
{
	struct super_block *sb = inode->i_sb;
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	unsigned long ino = inode->i_ino, group, bit;
	struct buffer_head *bitmap_bh;

	if (ino < EXT2_FIRST_INO(sb) || ino > sbi->s_inodes_count) {
		ext2_error(sb, __func__, "reserved or nonexistent inode %lu", ino);
		return;
	}
	group = (ino - 1) / sbi->s_inodes_per_group;
	bit = (ino - 1) % sbi->s_inodes_per_group;
	bitmap_bh = read_inode_bitmap(sb, group);
	if (!bitmap_bh)
		return;
	if (!test_and_clear_bit(bit, (unsigned long *)bitmap_bh->b_data)) {
		brelse(bitmap_bh);
		ext2_error(sb, __func__, "bit already cleared for inode %lu", ino);
		return;
	}
	group_adjust_inodes(sb, group, 1, S_ISDIR(inode->i_mode) ? -1 : 0);
	mark_buffer_dirty(bitmap_bh);
	if (sb->s_flags & SB_SYNCHRONOUS)
		sync_dirty_buffer(bitmap_bh);
	brelse(bitmap_bh);
}

/* ------------------------------------------------------------ choosing a group */

static struct ext2_group_desc *gd(struct super_block *sb, unsigned long group)
{
	return ext2_get_group_desc(sb, group, NULL);
}

/* oldalloc: the group with most free blocks among those with average free inodes. */
static int find_group_dir(struct super_block *sb, struct inode *parent)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	unsigned long ngroups = sbi->s_groups_count, g;
	long avefreei = atomic_long_read(&sbi->s_freeinodes_counter) / ngroups;
	int best = -1;

	for (g = 0; g < ngroups; g++) {
		struct ext2_group_desc *desc = gd(sb, g);

		if (!desc || !desc->bg_free_inodes_count ||
		    le16_to_cpu(desc->bg_free_inodes_count) < avefreei)
			continue;
		if (best < 0 || le16_to_cpu(desc->bg_free_blocks_count) >
					le16_to_cpu(gd(sb, best)->bg_free_blocks_count))
			best = g;
	}
	return best;
}

static int find_group_orlov(struct super_block *sb, struct inode *parent)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	unsigned long parent_group = EXT2_I(parent)->i_block_group;
	unsigned long ngroups = sbi->s_groups_count, i, g;
	long ipg = sbi->s_inodes_per_group, bpg = sbi->s_blocks_per_group;
	long freei = atomic_long_read(&sbi->s_freeinodes_counter);
	long freeb = atomic_long_read(&sbi->s_freeblocks_counter);
	long ndirs = atomic_long_read(&sbi->s_dirs_counter);
	long avefreei = freei / ngroups, avefreeb = freeb / ngroups;
	long max_dirs, min_inodes, min_blocks;
	struct ext2_group_desc *desc;

	if ((sb->s_root && parent == d_inode(sb->s_root)) ||
	    (EXT2_I(parent)->i_flags & EXT2_TOPDIR_FL)) {
		unsigned long start = get_random_u32_below(ngroups);
		long best_ndir = ipg;
		int best = -1;

		for (i = 0; i < ngroups; i++) {
			g = (start + i) % ngroups;
			desc = gd(sb, g);
			if (!desc || !desc->bg_free_inodes_count)
				continue;
			if (le16_to_cpu(desc->bg_used_dirs_count) >= best_ndir)
				continue;
			if (le16_to_cpu(desc->bg_free_inodes_count) < avefreei)
				continue;
			if (le16_to_cpu(desc->bg_free_blocks_count) < avefreeb)
				continue;
			best = g;
			best_ndir = le16_to_cpu(desc->bg_used_dirs_count);
		}
		if (best >= 0)
			return best;
		goto fallback;
	}

	max_dirs = ndirs / ngroups + ipg / 16;
	min_inodes = max(avefreei - ipg / 4, 1L);
	min_blocks = max(avefreeb - bpg / 4, 1L);
	for (i = 0; i < ngroups; i++) {
		g = (parent_group + i) % ngroups;
		desc = gd(sb, g);
		if (!desc)
			continue;
		if (le16_to_cpu(desc->bg_used_dirs_count) >= max_dirs)
			continue;
		if (le16_to_cpu(desc->bg_free_inodes_count) < min_inodes)
			continue;
		if (le16_to_cpu(desc->bg_free_blocks_count) < min_blocks)
			continue;
		return g;
	}

fallback:
	for (;;) {
		for (i = 0; i < ngroups; i++) {
			g = (parent_group + i) % ngroups;
			desc = gd(sb, g);
			if (desc && desc->bg_free_inodes_count &&
			    le16_to_cpu(desc->bg_free_inodes_count) >= avefreei)
				return g;
		}
		if (!avefreei)
			return -1;
		/* Every group is below average: take any with a free inode. */
		avefreei = 0;
	}
}

static int find_group_other(struct super_block *sb, struct inode *parent)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	unsigned long parent_group = EXT2_I(parent)->i_block_group;
	unsigned long ngroups = sbi->s_groups_count, group, i;
	struct ext2_group_desc *desc;

	desc = gd(sb, parent_group);
	if (desc && desc->bg_free_inodes_count && desc->bg_free_blocks_count)
		return parent_group;
	/*
	 * Spread files of different directories by hashing the directory's
	 * inode number, probing at growing strides.
	 */
	group = (parent_group + parent->i_ino) % ngroups;
	for (i = 1; i < ngroups; i <<= 1) {
		group += i;
		if (group >= ngroups)
			group -= ngroups;
		desc = gd(sb, group);
		if (desc && desc->bg_free_inodes_count && desc->bg_free_blocks_count)
			return group;
	}
	group = parent_group;
	for (i = 0; i < ngroups; i++) {
		if (++group >= ngroups)
			group = 0;
		desc = gd(sb, group);
		if (desc && desc->bg_free_inodes_count)
			return group;
	}
	return -1;
}

/* Is the on-disk inode still linked (a bitmap that lies about it)? */
static bool raw_inode_in_use(struct super_block *sb, unsigned long ino)
{
	struct buffer_head *bh;
	struct ext2_inode *raw = ext2_get_raw_inode(sb, ino, &bh);
	bool used;

	if (IS_ERR(raw))
		return true;
	used = raw->i_links_count != 0;
	brelse(bh);
	return used;
}

/*
 * Claim a free inode in group.  Returns the inode number, 0 if the group
 * has none, or -errno.
 */
static long claim_inode_in_group(struct super_block *sb, unsigned long group)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	unsigned long ipg = sbi->s_inodes_per_group, bit, ino;
	struct buffer_head *bitmap_bh = read_inode_bitmap(sb, group);
	unsigned long *map;

	if (!bitmap_bh)
		return 0;
	map = (unsigned long *)bitmap_bh->b_data;
	/* Group 0 starts with the reserved inodes, whatever its bitmap says. */
	bit = group == 0 ? sbi->s_first_ino - 1 : 0;
	for (;;) {
		bit = find_next_zero_bit(map, ipg, bit);
		if (bit >= ipg)
			break;
		if (test_and_set_bit(bit, map)) {
			bit++;
			continue;
		}
		ino = group * ipg + bit + 1;
		if (ino < sbi->s_first_ino || ino > sbi->s_inodes_count) {
			brelse(bitmap_bh);
			ext2_error(sb, __func__,
				   "reserved inode or inode > inodes count - block_group = %lu, inode=%lu",
				   group, ino);
			return -EUCLEAN;
		}
		if (raw_inode_in_use(sb, ino)) {
			/* The bit was wrong; now it is right.  Keep looking. */
			mark_buffer_dirty(bitmap_bh);
			ext2_error(sb, __func__, "inode %lu is in use but marked free in its bitmap",
				   ino);
			if (sb_rdonly(sb)) {
				brelse(bitmap_bh);
				return -EUCLEAN;
			}
			bit++;
			continue;
		}
		mark_buffer_dirty(bitmap_bh);
		if (sb->s_flags & SB_SYNCHRONOUS)
			sync_dirty_buffer(bitmap_bh);
		brelse(bitmap_bh);
		return ino;
	}
	brelse(bitmap_bh);
	return 0;
}

/* Flags a new inode inherits, as suits its type. */
static u32 ext2_mask_flags(umode_t mode, u32 flags)
{
	if (S_ISDIR(mode))
		return flags;
	if (S_ISREG(mode))
		return flags & EXT2_REG_FLMASK;
	return flags & EXT2_OTHER_FLMASK;
}

struct inode *ext2_new_inode(struct inode *dir, umode_t mode, const struct qstr *qstr)
{
	struct super_block *sb = dir->i_sb;
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	unsigned long ngroups = sbi->s_groups_count, i;
	struct ext2_inode_info *ei;
	struct inode *inode, *old;
	long ino = 0;
	int group, err;

	if (sb_rdonly(sb))
		return ERR_PTR(-EROFS);
	inode = new_inode(sb);
	if (!inode)
		return ERR_PTR(-ENOMEM);
	ei = EXT2_I(inode);

	if (S_ISDIR(mode))
		group = test_opt(sb, OLDALLOC) ? find_group_dir(sb, dir) : find_group_orlov(sb, dir);
	else
		group = find_group_other(sb, dir);
	err = -ENOSPC;
	if (group < 0)
		goto fail;

	for (i = 0; i < ngroups; i++, group = (group + 1) % ngroups) {
		struct ext2_group_desc *desc = gd(sb, group);

		if (!desc || !desc->bg_free_inodes_count)
			continue;
		ino = claim_inode_in_group(sb, group);
		if (ino)
			break;
	}
	if (ino <= 0) {
		err = ino < 0 ? ino : -ENOSPC;
		goto fail;
	}
	group_adjust_inodes(sb, group, -1, S_ISDIR(mode) ? 1 : 0);

	if (test_opt(sb, GRPID)) {
		inode->i_mode = mode;
		inode->i_uid = current_fsuid();
		inode->i_gid = dir->i_gid;
	} else {
		inode_init_owner(inode, dir, mode);
	}
	inode->i_ino = ino;
	inode->i_blocks = 0;
	inode->i_mtime = inode->i_atime = inode->i_ctime = current_time(inode);
	memset(ei->i_data, 0, sizeof(ei->i_data));
	ei->i_flags = ext2_mask_flags(mode, EXT2_I(dir)->i_flags & EXT2_FL_INHERITED);
	ei->i_faddr = 0;
	ei->i_frag_no = 0;
	ei->i_frag_size = 0;
	ei->i_file_acl = 0;
	ei->i_dir_acl = 0;
	ei->i_dtime = 0;
	ei->i_block_alloc_info = NULL;
	ei->i_block_group = group;
	ei->i_dir_start_lookup = 0;
	ei->i_dir_free_block = 0;
	ei->i_dir_free_reclen = 0;
	ei->i_state = EXT2_STATE_NEW;
	ext2_set_inode_flags(inode);
	spin_lock(&sbi->s_next_gen_lock);
	inode->i_generation = sbi->s_next_generation++;
	spin_unlock(&sbi->s_next_gen_lock);

	/* A cached inode with this number means the bitmap freed a live inode. */
	old = ilookup(sb, ino);
	if (old) {
		iput(old);
		ext2_error(sb, __func__, "inode number already in use - inode=%ld", ino);
		err = -EUCLEAN;
		goto fail;
	}
	insert_inode_hash(inode);
	mark_inode_dirty(inode);
	return inode;

fail:
	/* Nothing on disk refers to it: evict must neither write nor free it. */
	ei->i_state |= EXT2_STATE_BAD;
	clear_nlink(inode);
	iput(inode);
	return ERR_PTR(err);
}
