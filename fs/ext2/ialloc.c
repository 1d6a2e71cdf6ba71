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
 * a free inode and a free block, else at a probe sequence derived from
 * the directory's inode number (find_group_other()).  Directories follow
 * Orlov's idea: a new top-level tree goes where there is room and few
 * directories, a subdirectory stays as close to its parent's group as
 * the counts allow (find_group_orlov()); "oldalloc" picks the group with
 * the most free blocks among those with the mean of free inodes.  From
 * the chosen group on, the first group whose bitmap has a free inode
 * gets the inode.
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
		ext2_error(sb, __func__, "group %lu: inode bitmap block %u unreadable", group, blk);
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
		ext2_error(sb, __func__, "inode %lu is reserved or past the inode count", ino);
		return;
	}
	group = (ino - 1) / sbi->s_inodes_per_group;
	bit = (ino - 1) % sbi->s_inodes_per_group;
	bitmap_bh = read_inode_bitmap(sb, group);
	if (!bitmap_bh)
		return;
	if (!test_and_clear_bit(bit, (unsigned long *)bitmap_bh->b_data)) {
		brelse(bitmap_bh);
		ext2_error(sb, __func__, "inode %lu was already free in its bitmap", ino);
		return;
	}
	group_adjust_inodes(sb, group, 1, S_ISDIR(inode->i_mode) ? -1 : 0);
	mark_buffer_dirty(bitmap_bh);
	if (sb->s_flags & SB_SYNCHRONOUS)
		sync_dirty_buffer(bitmap_bh);
	brelse(bitmap_bh);
}

/* ------------------------------------------------------------ choosing a group */

/* A group's descriptor counts, as the placement policy sees them. */
struct group_counts {
	unsigned int free_inodes;
	unsigned int free_blocks;
	unsigned int dirs;
};

static bool get_counts(struct super_block *sb, unsigned long group, struct group_counts *c)
{
	struct ext2_group_desc *desc = ext2_get_group_desc(sb, group, NULL);

	if (!desc)
		return false;
	c->free_inodes = le16_to_cpu(desc->bg_free_inodes_count);
	c->free_blocks = le16_to_cpu(desc->bg_free_blocks_count);
	c->dirs = le16_to_cpu(desc->bg_used_dirs_count);
	return true;
}

/* Volume-wide means per group, from the running totals. */
struct group_means {
	long free_inodes;
	long free_blocks;
	long dirs;
};

static void get_means(struct ext2_sb_info *sbi, struct group_means *m)
{
	long n = sbi->s_groups_count;

	m->free_inodes = atomic_long_read(&sbi->s_freeinodes_counter) / n;
	m->free_blocks = atomic_long_read(&sbi->s_freeblocks_counter) / n;
	m->dirs = atomic_long_read(&sbi->s_dirs_counter) / n;
}

/* Last resort for a directory: the group with the most free inodes, or -1. */
static int roomiest_group(struct super_block *sb)
{
	unsigned long g, n = EXT2_SB(sb)->s_groups_count;
	unsigned int most = 0;
	struct group_counts c;
	int pick = -1;

	for (g = 0; g < n; g++) {
		if (get_counts(sb, g, &c) && c.free_inodes > most) {
			most = c.free_inodes;
			pick = g;
		}
	}
	return pick;
}

/*
 * "oldalloc": of the groups with at least the mean number of free inodes,
 * the one with the most free blocks.
 */
static int find_group_dir(struct super_block *sb, struct inode *parent)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	unsigned long g;
	struct group_means mean;
	struct group_counts c;
	long top_blocks = -1;
	int pick = -1;

	get_means(sbi, &mean);
	for (g = 0; g < sbi->s_groups_count; g++) {
		if (!get_counts(sb, g, &c) || !c.free_inodes)
			continue;
		if ((long)c.free_inodes < mean.free_inodes || (long)c.free_blocks <= top_blocks)
			continue;
		top_blocks = c.free_blocks;
		pick = g;
	}
	return pick;
}

/*
 * A directory below the root (or below a TOPDIR directory) starts a new
 * tree: put it where there is room and few directories yet.  Only groups
 * with at least the mean free inodes and free blocks qualify; the fewest
 * directories wins, more free blocks break a tie, and the scan starts at
 * a random group so that equal groups share the load.
 */
static int orlov_spread(struct super_block *sb, const struct group_means *mean)
{
	unsigned long n = EXT2_SB(sb)->s_groups_count, first, k;
	struct group_counts c, best = { 0 };
	int pick = -1;

	first = get_random_u32_below(n);
	for (k = 0; k < n; k++) {
		unsigned long g = first + k < n ? first + k : first + k - n;

		if (!get_counts(sb, g, &c) || !c.free_inodes)
			continue;
		if ((long)c.free_inodes < mean->free_inodes ||
		    (long)c.free_blocks < mean->free_blocks)
			continue;
		if (pick >= 0 && (c.dirs > best.dirs ||
				  (c.dirs == best.dirs && c.free_blocks <= best.free_blocks)))
			continue;
		best = c;
		pick = g;
	}
	return pick;
}

/*
 * Is a group fit to take a subdirectory of a nearby directory?  It must
 * keep at least half the mean of free inodes and of free blocks, and hold
 * at most a quarter of a group's inodes more directories than the mean.
 */
static bool orlov_fits(struct ext2_sb_info *sbi, const struct group_means *mean,
		       const struct group_counts *c)
{
	long slack = sbi->s_inodes_per_group / 4;

	if (!c->free_inodes || !c->free_blocks)
		return false;
	if (2 * (long)c->free_inodes < mean->free_inodes)
		return false;
	if (2 * (long)c->free_blocks < mean->free_blocks)
		return false;
	return (long)c->dirs <= mean->dirs + slack;
}

/*
 * Orlov placement.  Top-level directories are spread out (orlov_spread);
 * other directories stay close to their parent: the parent's group, then
 * its neighbours at distance 1, 2, ... alternately after and before it,
 * the first that fits.  If none does, the group with the most free
 * inodes.
 */
static int find_group_orlov(struct super_block *sb, struct inode *parent)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	long n = sbi->s_groups_count, home = EXT2_I(parent)->i_block_group, d;
	bool top = (sb->s_root && parent == d_inode(sb->s_root)) ||
		   (EXT2_I(parent)->i_flags & EXT2_TOPDIR_FL);
	struct group_means mean;
	struct group_counts c;
	int pick;

	get_means(sbi, &mean);
	if (top) {
		pick = orlov_spread(sb, &mean);
		return pick >= 0 ? pick : roomiest_group(sb);
	}
	for (d = 0; d <= n / 2; d++) {
		long after = (home + d) % n, before = (home - d + n) % n;

		if (get_counts(sb, after, &c) && orlov_fits(sbi, &mean, &c))
			return after;
		if (before != after && get_counts(sb, before, &c) && orlov_fits(sbi, &mean, &c))
			return before;
	}
	return roomiest_group(sb);
}

/*
 * A non-directory: its directory's group when that has a free inode and
 * a free block.  Otherwise probe a sequence of groups derived from the
 * directory's inode number with growing steps (+0, +1, +2, ... so the
 * k-th probe is k(k+1)/2 past the start): files of different directories
 * land apart, files of one directory together.  If the probes find
 * nothing, return the directory's group anyway: ext2_new_inode() walks on
 * from there to the first group with any free inode.
 */
static int find_group_other(struct super_block *sb, struct inode *parent)
{
	unsigned long n = EXT2_SB(sb)->s_groups_count;
	unsigned long home = EXT2_I(parent)->i_block_group, g, k, probes;
	struct group_counts c;

	if (get_counts(sb, home, &c) && c.free_inodes && c.free_blocks)
		return home;
	probes = min(n, 32UL);
	g = (home + parent->i_ino) % n;
	for (k = 0; k < probes; k++) {
		g = (g + k) % n;
		if (get_counts(sb, g, &c) && c.free_inodes && c.free_blocks)
			return g;
	}
	return home;
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
			ext2_error(sb, __func__, "group %lu: bitmap offers inode %lu, out of range",
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

/*
 * Flags a new inode takes from its directory: a directory all inheritable
 * ones, a regular file all but the directory-only ones, anything else
 * only nodump and noatime.
 */
static u32 ext2_mask_flags(umode_t mode, u32 flags)
{
	u32 keep = EXT2_OTHER_FLMASK;

	if (S_ISDIR(mode))
		keep = ~0u;
	else if (S_ISREG(mode))
		keep = EXT2_REG_FLMASK;
	return flags & keep;
}

/*
 * Owner and group of a new inode.  bsdgroups ("grpid"): always the
 * directory's group, and no setgid games; otherwise System V rules
 * (inode_init_owner(): the directory's group only under a setgid
 * directory).
 */
static void ext2_new_owner(struct inode *inode, struct inode *dir, umode_t mode)
{
	if (!test_opt(inode->i_sb, GRPID)) {
		inode_init_owner(inode, dir, mode);
		return;
	}
	inode->i_uid = current_fsuid();
	inode->i_gid = dir->i_gid;
	inode->i_mode = mode;
}

/*
 * Claim an inode number: from the chosen group on, the first group whose
 * bitmap yields a free inode.  Returns the group in *groupp and the inode
 * number, 0 when every group is full, or -errno.
 */
static long claim_inode(struct super_block *sb, unsigned long group, unsigned long *groupp)
{
	unsigned long n = EXT2_SB(sb)->s_groups_count, tried;
	struct group_counts c;
	long ino;

	for (tried = 0; tried < n; tried++, group = group + 1 == n ? 0 : group + 1) {
		if (!get_counts(sb, group, &c) || !c.free_inodes)
			continue;
		ino = claim_inode_in_group(sb, group);
		if (ino) {
			*groupp = group;
			return ino;
		}
	}
	return 0;
}

/* NFS file handles tell reused inode numbers apart by the generation. */
static u32 next_generation(struct ext2_sb_info *sbi)
{
	u32 gen;

	spin_lock(&sbi->s_next_gen_lock);
	gen = sbi->s_next_generation++;
	spin_unlock(&sbi->s_next_gen_lock);
	return gen;
}

struct inode *ext2_new_inode(struct inode *dir, umode_t mode, const struct qstr *qstr)
{
	struct super_block *sb = dir->i_sb;
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	struct ext2_inode_info *ei;
	struct inode *inode, *old;
	unsigned long group;
	struct timespec64 now;
	long ino;
	int start, err;

	if (sb_rdonly(sb))
		return ERR_PTR(-EROFS);
	inode = new_inode(sb);
	if (!inode)
		return ERR_PTR(-ENOMEM);
	ei = EXT2_I(inode);

	if (!S_ISDIR(mode))
		start = find_group_other(sb, dir);
	else if (test_opt(sb, OLDALLOC))
		start = find_group_dir(sb, dir);
	else
		start = find_group_orlov(sb, dir);
	ino = start < 0 ? 0 : claim_inode(sb, start, &group);
	if (ino <= 0) {
		err = ino < 0 ? ino : -ENOSPC;
		goto fail;
	}
	group_adjust_inodes(sb, group, -1, S_ISDIR(mode) ? 1 : 0);

	/*
	 * Everything ext2 keeps per inode, up to the mutex, starts out zero:
	 * no blocks, no EA block, no fragments, no hints.
	 */
	memset(ei, 0, offsetof(struct ext2_inode_info, truncate_mutex));
	ei->i_flags = ext2_mask_flags(mode, EXT2_I(dir)->i_flags & EXT2_FL_INHERITED);
	ei->i_block_group = group;
	ei->i_state = EXT2_STATE_NEW;

	inode->i_ino = ino;
	inode->i_generation = next_generation(sbi);
	ext2_set_inode_flags(inode);
	ext2_new_owner(inode, dir, mode);
	inode->i_blocks = 0;
	now = current_time(inode);
	inode->i_atime = now;
	inode->i_mtime = now;
	inode->i_ctime = now;

	/* A cached inode with this number means the bitmap freed a live inode. */
	old = ilookup(sb, ino);
	if (old) {
		iput(old);
		ext2_error(sb, __func__, "new inode %ld is still cached in memory: bitmap corrupt",
			   ino);
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
