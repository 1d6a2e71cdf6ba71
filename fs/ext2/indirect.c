// SPDX-License-Identifier: GPL-2.0-only
/*
 * ext2 block map: logical file blocks to disk blocks through the twelve
 * direct pointers and the single, double and triple indirect trees of
 * i_block[], allocating on write and freeing on truncate.
 *
 * Interface:
 *   ext2_get_block(inode, iblock, bh, create)  the get_block_t of the
 *       buffer and mpage helpers: maps up to bh->b_size bytes of
 *       contiguous blocks; with create, allocates a missing block (and the
 *       indirect blocks leading to it) and sets BH_New
 *   ext2_bread(inode, block, create, &err)  a file block's buffer (for
 *       directories and symlinks, whose blocks are read and written
 *       through the block device's buffers); a new block comes zeroed
 *   ext2_truncate_blocks(inode, size)  free every block past size
 *   ext2_max_size(bits)  the largest file the map and i_blocks can express
 *
 * Every pointer read from an inode or an indirect block is checked with
 * ext2_data_block_valid() before it is followed or freed: a bad one is
 * reported (ext2_error) and the operation fails with -EUCLEAN, or, when
 * freeing, the pointer is dropped without freeing what it points to.
 * Trees are at most three levels deep, so even a block that points to
 * itself cannot make a walk loop.
 *
 * Allocation goal (ext2_find_goal()): continue a sequential writer, else
 * extrapolate from the closest mapped block to the left, else follow the
 * indirect block, else a per-task slice of the inode's group.  A missing
 * branch is allocated top-down, indirect blocks first, each just before
 * the blocks it leads to.  An indirect block whose last slot is filled
 * is noted and written soon after by a work item (ext2_note_full_map()).
 *
 * Locking: ei->truncate_mutex serialises every walk and change of the map
 * (get_block, with or without create, and truncation), and the inode's
 * reservation window and allocation hint with them.  It is taken inside
 * the page lock by the page cache helpers, so truncation takes it only
 * after the page cache was cut (truncate_pagecache()).  The list of full
 * indirect blocks has its own spinlock, a leaf.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/sched.h>
#include <linux/fs.h>
#include <linux/buffer_head.h>
#include <linux/blkdev.h>
#include <linux/writeback.h>
#include "ext2.h"

/* One step of a walk: the slot p holding key, inside bh (NULL: the inode). */
struct indirect {
	__le32 *p;
	__le32 key;
	struct buffer_head *bh;
};

/*
 * Offsets of iblock at each level of the map.  Returns the depth (1 for a
 * direct block, 4 for a triple indirect one) or 0 if the map cannot reach
 * that far.
 */
static int ext2_block_to_path(struct inode *inode, sector_t iblock, int offsets[4])
{
	int ptrs = EXT2_ADDR_PER_BLOCK(inode->i_sb);
	int ptrs_bits = EXT2_ADDR_PER_BLOCK_BITS(inode->i_sb);
	u64 indirect = ptrs, double_blocks = 1ULL << (ptrs_bits * 2);
	u64 b = iblock;

	if (b < EXT2_NDIR_BLOCKS) {
		offsets[0] = b;
		return 1;
	}
	b -= EXT2_NDIR_BLOCKS;
	if (b < indirect) {
		offsets[0] = EXT2_IND_BLOCK;
		offsets[1] = b;
		return 2;
	}
	b -= indirect;
	if (b < double_blocks) {
		offsets[0] = EXT2_DIND_BLOCK;
		offsets[1] = b >> ptrs_bits;
		offsets[2] = b & (ptrs - 1);
		return 3;
	}
	b -= double_blocks;
	if ((b >> (ptrs_bits * 2)) < (u64)ptrs) {
		offsets[0] = EXT2_TIND_BLOCK;
		offsets[1] = b >> (ptrs_bits * 2);
		offsets[2] = (b >> ptrs_bits) & (ptrs - 1);
		offsets[3] = b & (ptrs - 1);
		return 4;
	}
	return 0;
}

/*
 * Extrapolate from the nearest mapped slot left of slot in the same map
 * array: were the file contiguous there, slot would map that block plus
 * the distance.  0 when every slot before it is a hole.
 */
static u32 goal_from_left_neighbour(const __le32 *array, const __le32 *slot, u32 nblocks)
{
	unsigned int here = slot - array, i = here;

	while (i--) {
		u64 guess;
		u32 blk = le32_to_cpu(array[i]);

		if (!blk)
			continue;
		guess = (u64)blk + (here - i);
		return guess < nblocks ? (u32)guess : blk;
	}
	return 0;
}

/*
 * Where a new block for file block iblock should go (the allocator takes
 * the first free block at or after it, so this is only a wish):
 *  1. a sequential writer continues right after its previous block;
 *  2. else extrapolate from a mapped block to the left in the same array;
 *  3. else the block after the indirect block that will point to it;
 *  4. else the inode's group, at one of eight slices picked by the
 *     writing task, so unrelated writers starting at once do not
 *     interleave their blocks.
 */
static u32 ext2_find_goal(struct inode *inode, sector_t iblock, struct indirect *ind)
{
	struct ext2_inode_info *ei = EXT2_I(inode);
	struct ext2_block_alloc_info *hint = ei->i_block_alloc_info;
	struct super_block *sb = inode->i_sb;
	const __le32 *array;
	u32 goal, slice;

	if (hint && hint->last_alloc_physical_block &&
	    (u64)iblock == (u64)hint->last_alloc_logical_block + 1)
		return hint->last_alloc_physical_block + 1;

	array = ind->bh ? (const __le32 *)ind->bh->b_data : ei->i_data;
	goal = goal_from_left_neighbour(array, ind->p, EXT2_SB(sb)->s_blocks_count);
	if (goal)
		return goal;
	if (ind->bh)
		return ind->bh->b_blocknr + 1;

	slice = EXT2_BLOCKS_PER_GROUP(sb) >> 3;
	return ext2_group_first_block_no(sb, ei->i_block_group) + (current->pid & 7) * slice;
}

/*
 * Allocate the blocks for levels [level, depth) of the path (indirect
 * blocks, then the data block), link them together and hook the chain
 * into chain[level].  Returns 0 and the data block in *data_blk.
 */
static int ext2_alloc_branch(struct inode *inode, sector_t iblock, int level, int depth,
			     const int offsets[4], struct indirect chain[4], u32 *data_blk)
{
	struct super_block *sb = inode->i_sb;
	struct ext2_block_alloc_info *block_i = EXT2_I(inode)->i_block_alloc_info;
	struct buffer_head *new_bh[4] = { NULL };
	u32 new_blk[4] = { 0 };
	u32 goal = ext2_find_goal(inode, iblock, &chain[level]);
	bool dirsync = S_ISDIR(inode->i_mode) && ext2_dirsync(inode);
	int j, err = 0;

	for (j = level; j < depth; j++) {
		new_blk[j] = ext2_new_block(inode, goal, &err);
		if (!new_blk[j])
			goto failed;
		goal = new_blk[j] + 1;
		if (j == depth - 1)
			break;
		new_bh[j] = sb_getblk(sb, new_blk[j]);
		if (!new_bh[j]) {
			err = -ENOMEM;
			goto failed;
		}
		lock_buffer(new_bh[j]);
		memset(new_bh[j]->b_data, 0, sb->s_blocksize);
		clear_buffer_ext2_checked(new_bh[j]);
		set_buffer_uptodate(new_bh[j]);
		unlock_buffer(new_bh[j]);
	}
	/* Link the new indirect blocks top-down, then splice the branch in. */
	for (j = level; j < depth - 1; j++) {
		((__le32 *)new_bh[j]->b_data)[offsets[j + 1]] = cpu_to_le32(new_blk[j + 1]);
		mark_buffer_dirty_inode(new_bh[j], inode);
		if (dirsync)
			sync_dirty_buffer(new_bh[j]);
		brelse(new_bh[j]);
	}
	*chain[level].p = cpu_to_le32(new_blk[level]);
	if (chain[level].bh) {
		mark_buffer_dirty_inode(chain[level].bh, inode);
		if (dirsync)
			sync_dirty_buffer(chain[level].bh);
	}
	inode->i_ctime = current_time(inode);
	mark_inode_dirty(inode);
	if (block_i) {
		block_i->last_alloc_logical_block = iblock;
		block_i->last_alloc_physical_block = new_blk[depth - 1];
	}
	*data_blk = new_blk[depth - 1];
	return 0;

failed:
	for (j = level; j < depth; j++) {
		if (new_bh[j])
			bforget(new_bh[j]);
		if (new_blk[j])
			ext2_free_blocks(inode, new_blk[j], 1);
	}
	return err;
}

/*
 * An indirect block whose last slot was just filled does not change again
 * until the file is truncated, so it can be written now, while the file is
 * being written.  Left to the block device's own writeback, which waits a
 * period before taking file system metadata (fs-writeback.c), every map
 * block completed in that period would go out at once - a burst of lone
 * small writes that takes the disk from the data for a moment.
 *
 * The writer that filled the slot only notes the block: a work item
 * writes it, so that the writer never waits for the disk's queue (the
 * dirty throttle alone decides when a writer waits).  The write goes
 * through the block device's page cache, so the page's dirty and
 * writeback accounting stays right, with WB_SYNC_NONE: a page already
 * under writeback, or a block the list had no room for, is left to the
 * block device's writeback.  ext2_full_maps_flush() waits for the work
 * (unmount).
 */
static void ext2_full_maps_work_fn(struct work_struct *work)
{
	struct ext2_sb_info *sbi = container_of(work, struct ext2_sb_info, s_full_maps_work);
	/* The super block's buffer has the file system's block size. */
	struct address_space *bdev_mapping = sbi->s_sbh->b_bdev->bd_inode->i_mapping;
	unsigned int bits = ilog2(sbi->s_sbh->b_size);
	u32 blocks[EXT2_FULL_MAPS_MAX];
	unsigned int i, n;

	spin_lock(&sbi->s_full_maps_lock);
	n = sbi->s_nr_full_maps;
	memcpy(blocks, sbi->s_full_maps, n * sizeof(blocks[0]));
	sbi->s_nr_full_maps = 0;
	spin_unlock(&sbi->s_full_maps_lock);

	for (i = 0; i < n; i++) {
		loff_t pos = (loff_t)blocks[i] << bits;

		__filemap_fdatawrite_range(bdev_mapping, pos, pos + (1 << bits) - 1, WB_SYNC_NONE);
	}
}

void ext2_full_maps_init(struct ext2_sb_info *sbi)
{
	spin_lock_init(&sbi->s_full_maps_lock);
	INIT_WORK(&sbi->s_full_maps_work, ext2_full_maps_work_fn);
}

void ext2_full_maps_flush(struct ext2_sb_info *sbi)
{
	flush_work(&sbi->s_full_maps_work);
}

static void ext2_note_full_map(struct super_block *sb, u32 blk)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	bool queued = false;

	spin_lock(&sbi->s_full_maps_lock);
	if (sbi->s_nr_full_maps < EXT2_FULL_MAPS_MAX) {
		sbi->s_full_maps[sbi->s_nr_full_maps++] = blk;
		queued = true;
	}
	spin_unlock(&sbi->s_full_maps_lock);
	if (queued)
		queue_work(system_wq, &sbi->s_full_maps_work);
}

int ext2_get_block(struct inode *inode, sector_t iblock, struct buffer_head *bh_result,
		   int create)
{
	struct super_block *sb = inode->i_sb;
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	struct ext2_inode_info *ei = EXT2_I(inode);
	unsigned long maxblocks = bh_result->b_size >> inode->i_blkbits;
	struct indirect chain[4] = { { NULL } };
	int offsets[4], depth, level, i, err = 0;
	unsigned long count, limit;
	u32 blk, full_map = 0;

	if (!maxblocks)
		maxblocks = 1;
	depth = ext2_block_to_path(inode, iblock, offsets);
	if (!depth)
		return -EFBIG;

	mutex_lock(&ei->truncate_mutex);
	chain[0].p = ei->i_data + offsets[0];
	chain[0].key = *chain[0].p;
	for (level = 0;; level++) {
		blk = le32_to_cpu(chain[level].key);
		if (!blk)
			break;
		if (!ext2_data_block_valid(sbi, blk, 1)) {
			mutex_unlock(&ei->truncate_mutex);
			ext2_error(sb, __func__, "inode %lu: invalid block %u at level %d (file block %llu)",
				   inode->i_ino, blk, level, (unsigned long long)iblock);
			err = -EUCLEAN;
			goto out_unlocked;
		}
		if (level == depth - 1)
			goto found;
		chain[level + 1].bh = sb_bread(sb, blk);
		if (!chain[level + 1].bh) {
			err = -EIO;
			goto out;
		}
		chain[level + 1].p = (__le32 *)chain[level + 1].bh->b_data + offsets[level + 1];
		chain[level + 1].key = *chain[level + 1].p;
	}

	/* A hole at level. */
	if (!create)
		goto out;
	if (S_ISREG(inode->i_mode) && !ei->i_block_alloc_info)
		ext2_init_block_alloc_info(inode);
	err = ext2_alloc_branch(inode, iblock, level, depth, offsets, chain, &blk);
	if (err)
		goto out;
	map_bh(bh_result, sb, blk);
	set_buffer_new(bh_result);
	if (S_ISREG(inode->i_mode))
		clean_bdev_aliases(sb->s_bdev, blk, 1);
	/* Filled the last slot of an indirect block that already existed. */
	if (level == depth - 1 && level > 0 && offsets[level] == EXT2_ADDR_PER_BLOCK(sb) - 1)
		full_map = chain[level].bh->b_blocknr;
	goto out;

found:
	/* Report the run of blocks that follow contiguously in this map block. */
	limit = depth == 1 ? EXT2_NDIR_BLOCKS - offsets[0]
			   : EXT2_ADDR_PER_BLOCK(sb) - offsets[depth - 1];
	for (count = 1; count < maxblocks && count < limit; count++) {
		u32 next = le32_to_cpu(chain[depth - 1].p[count]);

		if (next != blk + count || !ext2_data_block_valid(sbi, next, 1))
			break;
	}
	map_bh(bh_result, sb, blk);
	bh_result->b_size = count << inode->i_blkbits;
	if (depth > 1 && count == limit)
		set_buffer_boundary(bh_result);
out:
	mutex_unlock(&ei->truncate_mutex);
out_unlocked:
	for (i = 1; i < 4; i++)
		brelse(chain[i].bh);
	if (full_map)
		ext2_note_full_map(sb, full_map);
	return err;
}

struct buffer_head *ext2_bread(struct inode *inode, unsigned long block, int create, int *err)
{
	struct super_block *sb = inode->i_sb;
	struct buffer_head dummy, *bh;

	memset(&dummy, 0, sizeof(dummy));
	dummy.b_size = sb->s_blocksize;
	*err = ext2_get_block(inode, block, &dummy, create);
	if (*err)
		return NULL;
	if (!buffer_mapped(&dummy))
		return NULL;
	bh = sb_getblk(sb, dummy.b_blocknr);
	if (!bh) {
		*err = -ENOMEM;
		return NULL;
	}
	if (buffer_new(&dummy)) {
		lock_buffer(bh);
		memset(bh->b_data, 0, sb->s_blocksize);
		clear_buffer_ext2_checked(bh);
		set_buffer_uptodate(bh);
		unlock_buffer(bh);
		mark_buffer_dirty_inode(bh, inode);
		return bh;
	}
	if (bh_read(bh, 0) < 0) {
		brelse(bh);
		*err = -EIO;
		return NULL;
	}
	return bh;
}

/* ------------------------------------------------------------ truncation */

/* Blocks to free, gathered into runs so each run is one bitmap update. */
struct free_ctx {
	struct inode *inode;
	struct ext2_release *rel;	/* indirect blocks left with cleared pointers */
	u32 run_start;
	unsigned long run_len;
	unsigned int errors;	/* reported so far: a garbage indirect block is one report */
};

#define TRUNCATE_MAX_REPORTS	4

static void free_ctx_flush(struct free_ctx *ctx)
{
	if (ctx->run_len)
		ext2_free_blocks(ctx->inode, ctx->run_start, ctx->run_len);
	ctx->run_len = 0;
}

static bool free_ctx_check(struct free_ctx *ctx, u32 blk, const char *what)
{
	struct super_block *sb = ctx->inode->i_sb;

	if (ext2_data_block_valid(EXT2_SB(sb), blk, 1))
		return true;
	if (ctx->errors++ < TRUNCATE_MAX_REPORTS)
		ext2_error(sb, "ext2_truncate_blocks", "inode %lu: invalid %s block %u",
			   ctx->inode->i_ino, what, blk);
	return false;
}

static void free_ctx_add(struct free_ctx *ctx, u32 blk)
{
	struct super_block *sb = ctx->inode->i_sb;

	if (!free_ctx_check(ctx, blk, "data"))
		return;
	/* Directory and symlink blocks live in the device's cache: drop them. */
	if (!S_ISREG(ctx->inode->i_mode)) {
		struct buffer_head *bh = sb_find_get_block(sb, blk);

		if (bh) {
			clear_buffer_ext2_checked(bh);
			bforget(bh);
		}
	}
	if (ctx->run_len && blk == ctx->run_start + ctx->run_len) {
		ctx->run_len++;
		return;
	}
	free_ctx_flush(ctx);
	ctx->run_start = blk;
	ctx->run_len = 1;
}

/* Free the whole subtree under blk, an indirect block of the given height (0: data). */
static void free_tree(struct free_ctx *ctx, u32 blk, int height)
{
	struct super_block *sb = ctx->inode->i_sb;
	unsigned long i, ptrs = EXT2_ADDR_PER_BLOCK(sb);
	struct buffer_head *bh;
	__le32 *p;

	if (!blk)
		return;
	if (!height) {
		free_ctx_add(ctx, blk);
		return;
	}
	if (!free_ctx_check(ctx, blk, "indirect"))
		return;
	bh = sb_bread(sb, blk);
	if (!bh) {
		ext2_error(sb, "ext2_truncate_blocks", "inode %lu: read failure of block %u",
			   ctx->inode->i_ino, blk);
		return;
	}
	p = (__le32 *)bh->b_data;
	for (i = 0; i < ptrs; i++)
		free_tree(ctx, le32_to_cpu(p[i]), height - 1);
	bforget(bh);
	free_ctx_add(ctx, blk);
}

/*
 * Free the part of the subtree under blk (height >= 1) from relative
 * block rel on; blk itself stays, it still maps the blocks before rel.
 */
static void free_partial(struct free_ctx *ctx, u32 blk, int height, u64 rel)
{
	struct super_block *sb = ctx->inode->i_sb;
	unsigned long ptrs = EXT2_ADDR_PER_BLOCK(sb);
	u64 child_span = 1ULL << (EXT2_ADDR_PER_BLOCK_BITS(sb) * (height - 1));
	unsigned long i = rel / child_span;
	u64 r = rel % child_span;
	struct buffer_head *bh;
	__le32 *p;

	if (!blk || !free_ctx_check(ctx, blk, "indirect"))
		return;
	bh = sb_bread(sb, blk);
	if (!bh) {
		ext2_error(sb, "ext2_truncate_blocks", "inode %lu: read failure of block %u",
			   ctx->inode->i_ino, blk);
		return;
	}
	p = (__le32 *)bh->b_data;
	if (r) {
		free_partial(ctx, le32_to_cpu(p[i]), height - 1, r);
		i++;
	}
	for (; i < ptrs; i++) {
		u32 child = le32_to_cpu(p[i]);

		if (!child)
			continue;
		p[i] = 0;
		free_tree(ctx, child, height - 1);
	}
	mark_buffer_dirty_inode(bh, ctx->inode);
	ext2_release_note(ctx->rel, bh->b_blocknr);
	brelse(bh);
}

static void __ext2_truncate_blocks(struct inode *inode, loff_t offset, struct ext2_release *rel)
{
	struct ext2_inode_info *ei = EXT2_I(inode);
	struct super_block *sb = inode->i_sb;
	int bits = EXT2_ADDR_PER_BLOCK_BITS(sb);
	u64 from = ((u64)offset + sb->s_blocksize - 1) >> sb->s_blocksize_bits;
	struct free_ctx ctx = { .inode = inode, .rel = rel };
	u64 base = EXT2_NDIR_BLOCKS, span = 1ULL << bits;
	int level;
	u64 i;

	for (i = from; i < EXT2_NDIR_BLOCKS; i++) {
		u32 blk = le32_to_cpu(ei->i_data[i]);

		if (!blk)
			continue;
		ei->i_data[i] = 0;
		free_ctx_add(&ctx, blk);
	}
	for (level = 1; level <= 3; level++, base += span, span <<= bits) {
		__le32 *slot = &ei->i_data[EXT2_IND_BLOCK + level - 1];
		u32 blk = le32_to_cpu(*slot);

		if (!blk || from >= base + span)
			continue;
		if (from <= base) {
			*slot = 0;
			free_tree(&ctx, blk, level);
		} else {
			free_partial(&ctx, blk, level, from - base);
		}
	}
	free_ctx_flush(&ctx);
	if (ei->i_block_alloc_info) {
		ei->i_block_alloc_info->last_alloc_logical_block = 0;
		ei->i_block_alloc_info->last_alloc_physical_block = 0;
	}
}

/*
 * Free the blocks that map bytes from offset on.  The freed blocks are
 * available at once; what undoes their mapping on the disk is recorded
 * for the next fsync (release.c).
 */
void ext2_truncate_blocks(struct inode *inode, loff_t offset)
{
	struct ext2_inode_info *ei = EXT2_I(inode);
	struct ext2_release rel;

	if (!ext2_inode_has_block_map(inode))
		return;
	ext2_release_begin(inode, &rel);
	mutex_lock(&ei->truncate_mutex);
	ext2_discard_reservation(inode);
	__ext2_truncate_blocks(inode, offset, &rel);
	mutex_unlock(&ei->truncate_mutex);
	mark_inode_dirty(inode);
	ext2_release_end(inode, &rel);
}

/*
 * The largest file: what the map reaches, and what i_blocks (32 bits of
 * 512-byte units, indirect blocks included) can count.
 */
loff_t ext2_max_size(int bits)
{
	u64 ptrs = 1ULL << (bits - 2);
	u64 mapped = EXT2_NDIR_BLOCKS + ptrs + ptrs * ptrs + ptrs * ptrs * ptrs;
	u64 countable = ((1ULL << 32) - 1) >> (bits - 9);
	/* Indirect blocks of a file that uses the triple tree at all, at most. */
	u64 meta = 1 + (1 + ptrs) + (1 + ptrs + ptrs * ptrs);
	u64 blocks = min(mapped, countable - meta);
	u64 bytes = blocks << bits;

	return bytes > (u64)MAX_LFS_FILESIZE ? MAX_LFS_FILESIZE : (loff_t)bytes;
}
