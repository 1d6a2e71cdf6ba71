// SPDX-License-Identifier: GPL-2.0-only
/*
 * ext2 release ordering: a block freed by one inode and handed to another
 * must not still be claimed by its old owner on the disk once the new
 * owner's fsync() has returned.
 *
 * The hazard: inode T reached the disk mapping block B (directly or
 * through an indirect block).  T is cut short or deleted; B goes back to
 * the bitmap at once, but T's new on-disk copy (the inode table block,
 * the indirect blocks whose pointers were cleared) is only dirty in the
 * block device's cache.  File F gets B, is fsync()ed, and the machine
 * dies.  After the crash the disk has T still mapping B and F mapping it
 * too; if B was one of T's indirect blocks, e2fsck reads F's data as
 * block pointers, "clears" the ones out of range - inside F's block - and
 * F, which fsync() promised, is damaged.  ext2 has no journal to order
 * the two, so the ordering is done here:
 *
 *   - an inode whose copy on the disk may map blocks (it was read with
 *     blocks, or written with some and with links since - an inode
 *     without links is deleted to e2fsck: ei->i_mapped_on_disk) records,
 *     after each truncate or deletion, the blocks whose dirty copies undo
 *     the old mapping: its inode table block (re-encoded first) and the
 *     indirect blocks the cut left with cleared pointers;
 *   - ext2_fsync() writes the recorded blocks before it returns
 *     (ext2_sync_releases()), so the disk no longer has T mapping what F
 *     now holds.
 *
 * A file never written back with blocks costs nothing (its copy on the
 * disk maps nothing), which is the common create-write-delete case; one
 * that became mapped on the disk while being cut (a flusher wrote it
 * meanwhile) records too, without the semaphore's guarantee for the cut's
 * first blocks.
 *
 * Interface:
 *   ext2_release_begin(inode, rel)  before the cut; rel collects blocks
 *   ext2_release_note(rel, block)   an indirect block whose pointers the
 *                                   cut cleared
 *   ext2_release_end(inode, rel)    after the cut: re-encode the inode,
 *                                   record its table block and the notes
 *   ext2_sync_releases(sb)          write everything recorded (fsync)
 *
 * Locking: sbi->s_release_sem is held shared from begin to end, so a cut
 * whose blocks are already back in the bitmap has recorded what undoes it
 * before a flush can collect the record: ext2_sync_releases() takes the
 * semaphore exclusively only to take the record over.  The record itself
 * (a small array of block numbers) is under sbi->s_release_lock.  When it
 * is full the cut writes its own blocks and waits, so it never grows.
 * begin/end nest inside i_rwsem and truncate_mutex may be taken between
 * them; they must not nest in each other (a deletion cuts only once).
 */
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/buffer_head.h>
#include <linux/rwsem.h>
#include <linux/spinlock.h>
#include "ext2.h"

void ext2_release_init(struct ext2_sb_info *sbi)
{
	init_rwsem(&sbi->s_release_sem);
	spin_lock_init(&sbi->s_release_lock);
	sbi->s_nr_release = 0;
}

void ext2_release_begin(struct inode *inode, struct ext2_release *rel)
{
	rel->count = 0;
	rel->tracked = READ_ONCE(EXT2_I(inode)->i_mapped_on_disk) && !sb_rdonly(inode->i_sb);
	if (rel->tracked)
		down_read(&EXT2_SB(inode->i_sb)->s_release_sem);
}

void ext2_release_note(struct ext2_release *rel, u32 block)
{
	/* A cut clears pointers in at most one chain of indirect blocks. */
	if (!WARN_ON_ONCE(rel->count == EXT2_RELEASE_PER_CUT))
		rel->blocks[rel->count++] = block;
}

/*
 * Wait until block is on the disk: sync_dirty_buffer() waits for a write
 * under way (the buffer lock) and writes the buffer if it is dirty.
 */
static int ext2_write_cached_block(struct super_block *sb, u32 block)
{
	struct buffer_head *bh = sb_find_get_block(sb, block);
	int err;

	if (!bh)
		return 0;	/* not cached: the disk has the latest copy */
	err = sync_dirty_buffer(bh);
	if (!err && buffer_write_io_error(bh))
		err = -EIO;
	brelse(bh);
	return err;
}

/* Add rel's blocks to the record; false if it has no room for them all. */
static bool ext2_release_record(struct ext2_sb_info *sbi, const struct ext2_release *rel)
{
	unsigned int i, j, n;
	bool fits = true;

	spin_lock(&sbi->s_release_lock);
	n = sbi->s_nr_release;
	for (i = 0; i < rel->count && fits; i++) {
		for (j = 0; j < n && sbi->s_release_blocks[j] != rel->blocks[i]; j++)
			;
		if (j < n)
			continue;
		if (n == EXT2_RELEASE_MAX)
			fits = false;
		else
			sbi->s_release_blocks[n++] = rel->blocks[i];
	}
	if (fits)
		sbi->s_nr_release = n;
	spin_unlock(&sbi->s_release_lock);
	return fits;
}

void ext2_release_end(struct inode *inode, struct ext2_release *rel)
{
	struct super_block *sb = inode->i_sb;
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	struct buffer_head *bh;
	unsigned int i;

	if (!rel->tracked) {
		/* A flusher may have written the inode during the cut. */
		if (!READ_ONCE(EXT2_I(inode)->i_mapped_on_disk) || sb_rdonly(sb))
			return;
		down_read(&sbi->s_release_sem);
	}
	/* The inode's new map goes into its table block now, not at writeback. */
	bh = ext2_encode_inode(inode);
	if (!IS_ERR(bh)) {
		rel->blocks[rel->count++] = bh->b_blocknr;
		brelse(bh);
	}
	if (!ext2_release_record(sbi, rel)) {
		/* No room: write our own now (an fsync will take the rest). */
		for (i = 0; i < rel->count; i++)
			ext2_write_cached_block(sb, rel->blocks[i]);
	}
	up_read(&sbi->s_release_sem);
}

int ext2_sync_releases(struct super_block *sb)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	u32 blocks[EXT2_RELEASE_MAX];
	unsigned int i, n;
	int err = 0, ret;

	/* Cuts in progress finish recording first. */
	down_write(&sbi->s_release_sem);
	spin_lock(&sbi->s_release_lock);
	n = sbi->s_nr_release;
	memcpy(blocks, sbi->s_release_blocks, n * sizeof(blocks[0]));
	sbi->s_nr_release = 0;
	spin_unlock(&sbi->s_release_lock);
	up_write(&sbi->s_release_sem);

	for (i = 0; i < n; i++) {
		ret = ext2_write_cached_block(sb, blocks[i]);
		if (ret && !err)
			err = ret;
	}
	return err;
}
