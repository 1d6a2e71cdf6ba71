// SPDX-License-Identifier: GPL-2.0-only
/*
 * ext2 inodes: reading them from the inode table (with validation),
 * writing them back, evicting and deleting them, attribute changes
 * (including truncation), and the address space operations that move file
 * data through the page cache with buffer heads.
 *
 * Interface: ext2_iget(), ext2_write_inode() (->write_inode: the raw
 * inode is copied into its inode-table buffer, which is written at once
 * for WB_SYNC_ALL), ext2_evict_inode(), ext2_setattr(), ext2_aops.
 * Block mapping and truncation of the block map are in indirect.c.
 *
 * A raw inode lives in a block of the inode table, a buffer of the block
 * device's page cache; two inodes sharing that block write disjoint bytes
 * of it.  EXT2_STATE_NEW makes the first write clear the whole on-disk
 * inode (its extra space beyond 128 bytes included), as a fresh inode
 * must not inherit a previous owner's fields.
 *
 * Locking: the VFS's i_rwsem around setattr and writes; the block map
 * under ei->truncate_mutex (indirect.c); fields read by write_inode
 * without locks (a racing change marks the inode dirty again).
 */
#include <linux/direct-io.h>
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/pagemap.h>
#include <linux/writeback.h>
#include <linux/buffer_head.h>
#include <linux/blkdev.h>
#include "ext2.h"

/* ------------------------------------------------------------ raw inodes */

/*
 * Inode table blocks read at once when one is missing from the cache: a
 * walk over a big tree (ls -lR, find, rm -r) reads inodes in the order
 * they were allocated, and one request of 32 blocks costs about what one
 * of a single block does.
 */
#define EXT2_ITABLE_READAHEAD	32

/*
 * Device block first, read and up to date, or NULL; when it was not
 * cached, the count - 1 blocks after it that are not cached either start
 * reading with it, in one plug, so the block layer merges them into few
 * requests.  The caller knows that all count blocks are metadata of the
 * volume (an inode table, a directory's mapped run).
 */
struct buffer_head *ext2_bread_run(struct super_block *sb, sector_t first, unsigned long count)
{
	struct buffer_head *bh = sb_getblk(sb, first);
	struct blk_plug plug;
	unsigned long i;

	if (!bh || buffer_uptodate(bh))
		return bh;
	blk_start_plug(&plug);
	ll_rw_block(REQ_OP_READ | REQ_META, 1, &bh);
	for (i = 1; i < count; i++)
		sb_breadahead(sb, first + i);
	blk_finish_plug(&plug);
	wait_on_buffer(bh);
	if (buffer_uptodate(bh))
		return bh;
	brelse(bh);
	return NULL;
}

struct ext2_inode *ext2_get_raw_inode(struct super_block *sb, unsigned long ino,
				      struct buffer_head **p)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	bool reserved = ino < EXT2_FIRST_INO(sb) && ino != EXT2_ROOT_INO;
	unsigned long index = ino - 1;
	struct ext2_group_desc *desc;
	struct buffer_head *bh;
	u64 byte;
	u32 blk;

	*p = NULL;
	if (reserved || ino > sbi->s_inodes_count) {
		ext2_error(sb, __func__, "inode number %lu is reserved or out of range", ino);
		return ERR_PTR(-EUCLEAN);
	}
	desc = ext2_get_group_desc(sb, index / sbi->s_inodes_per_group, NULL);
	if (!desc)
		return ERR_PTR(-EIO);
	/* Byte offset of the inode inside its group's table. */
	byte = (u64)(index % sbi->s_inodes_per_group) * sbi->s_inode_size;
	blk = le32_to_cpu(desc->bg_inode_table) + (u32)(byte >> sb->s_blocksize_bits);
	bh = ext2_bread_run(sb, blk, min_t(u32, EXT2_ITABLE_READAHEAD,
					   le32_to_cpu(desc->bg_inode_table) + sbi->s_itb_per_group - blk));
	if (!bh) {
		ext2_error(sb, __func__, "inode %lu: inode table block %u unreadable", ino, blk);
		return ERR_PTR(-EIO);
	}
	*p = bh;
	return (struct ext2_inode *)(bh->b_data + (byte & (sb->s_blocksize - 1)));
}

/* Old (8:8) device numbers, kept in i_block[0] when they fit. */
static bool old_valid_dev(dev_t dev)
{
	return MAJOR(dev) < 256 && MINOR(dev) < 256;
}

static u16 old_encode_dev(dev_t dev)
{
	return (MAJOR(dev) << 8) | MINOR(dev);
}

static dev_t old_decode_dev(u16 val)
{
	return MKDEV((val >> 8) & 255, val & 255);
}

/* ------------------------------------------------------------ reading */

int ext2_inode_is_fast_symlink(struct inode *inode)
{
	u64 ea_blocks = EXT2_I(inode)->i_file_acl ? inode->i_sb->s_blocksize >> 9 : 0;

	return S_ISLNK(inode->i_mode) && inode->i_blocks - ea_blocks == 0;
}

/*
 * Does the inode map its data through i_block[] (so that sizes can be
 * changed and blocks freed)?  Regular files, directories and symlinks
 * whose target does not sit in i_block[] itself.
 */
bool ext2_inode_has_block_map(struct inode *inode)
{
	umode_t type = inode->i_mode & S_IFMT;

	if (type == S_IFLNK)
		return !ext2_inode_is_fast_symlink(inode);
	return type == S_IFREG || type == S_IFDIR;
}

/* ext2 inode flags and the VFS flags that carry out their meaning. */
static const struct {
	u32 ext2_fl;
	unsigned int vfs_fl;
} ext2_vfs_flags[] = {
	{ EXT2_SYNC_FL, S_SYNC },
	{ EXT2_APPEND_FL, S_APPEND },
	{ EXT2_IMMUTABLE_FL, S_IMMUTABLE },
	{ EXT2_NOATIME_FL, S_NOATIME },
};

void ext2_set_inode_flags(struct inode *inode)
{
	u32 ext2_fl = EXT2_I(inode)->i_flags;
	unsigned int set = 0, mask = 0, i;

	for (i = 0; i < ARRAY_SIZE(ext2_vfs_flags); i++) {
		mask |= ext2_vfs_flags[i].vfs_fl;
		if (ext2_fl & ext2_vfs_flags[i].ext2_fl)
			set |= ext2_vfs_flags[i].vfs_fl;
	}
	inode->i_flags = (inode->i_flags & ~mask) | set;
}

/*
 * Operation tables by file type.  Everything that keeps its contents in
 * data blocks (files, directories, symlinks with a long target) reads
 * and writes them through the page cache with ext2_aops.
 */
void ext2_set_file_ops(struct inode *inode)
{
	umode_t type = inode->i_mode & S_IFMT;

	if (type != S_IFREG && type != S_IFDIR && type != S_IFLNK) {
		inode->i_op = &ext2_special_inode_operations;
		return;
	}
	if (!ext2_inode_has_block_map(inode)) {
		/* A fast symlink: the target is the text in i_data[]. */
		inode->i_link = (char *)EXT2_I(inode)->i_data;
		inode->i_op = &ext2_fast_symlink_inode_operations;
		return;
	}
	inode->i_mapping->a_ops = &ext2_aops;
	if (type == S_IFLNK) {
		inode->i_op = &ext2_symlink_inode_operations;
	} else if (type == S_IFDIR) {
		inode->i_fop = &ext2_dir_operations;
		inode->i_op = &ext2_dir_inode_operations;
	} else {
		inode->i_fop = &ext2_file_operations;
		inode->i_op = &ext2_file_inode_operations;
	}
}

/* Sanity of what we read; 0 or a reason. */
static const char *ext2_check_inode(struct inode *inode)
{
	struct ext2_inode_info *ei = EXT2_I(inode);
	unsigned long bs = inode->i_sb->s_blocksize;
	loff_t size = inode->i_size;

	if (ei->i_flags & (EXT4_EXTENTS_FL | EXT4_INLINE_DATA_FL))
		return "ext4 extent or inline data flag set";
	if (S_ISREG(inode->i_mode))
		return size < 0 ? "negative size" : NULL;
	if (S_ISDIR(inode->i_mode))
		return size && !(size & (bs - 1)) ? NULL :
			"directory size not a multiple of the block size";
	if (S_ISLNK(inode->i_mode)) {
		if (ext2_inode_is_fast_symlink(inode))
			return size < (loff_t)sizeof(ei->i_data) ? NULL : "fast symlink too long";
		return size > 0 && size < (loff_t)bs ? NULL : "bad symlink size";
	}
	if (special_file(inode->i_mode))
		return NULL;
	return "bad file type";
}

/* ext2 keeps 32-bit owner ids as two 16-bit halves. */
static u32 ext2_join_id(__le16 low, __le16 high)
{
	return (u32)le16_to_cpu(high) << 16 | le16_to_cpu(low);
}

static void ext2_time_from_disk(struct timespec64 *ts, __le32 secs)
{
	ts->tv_sec = (s32)le32_to_cpu(secs);	/* signed: before 1970 */
	ts->tv_nsec = 0;
}

/*
 * A device number: the old 8:8 form in i_block[0] if that is set, else
 * the 12:20 form in i_block[1].
 */
static dev_t ext2_rdev_from_disk(const struct ext2_inode *raw)
{
	u32 old = le32_to_cpu(raw->i_block[0]);

	return old ? old_decode_dev(old) : new_decode_dev(le32_to_cpu(raw->i_block[1]));
}

/*
 * Copy the on-disk inode into the in-core one.  -ESTALE for an unlinked
 * inode: it is deleted (Linux's ext2 accepts one without a dtime; but
 * nothing on disk should then name it, and the first iput would free
 * what a directory still points to).
 */
static int ext2_inode_from_disk(struct inode *inode, const struct ext2_inode *raw)
{
	struct ext2_inode_info *ei = EXT2_I(inode);
	u32 size_high = le32_to_cpu(raw->i_size_high);

	if (!raw->i_links_count)
		return -ESTALE;
	memcpy(ei->i_data, raw->i_block, sizeof(ei->i_data));
	ei->i_flags = le32_to_cpu(raw->i_flags);
	ei->i_file_acl = le32_to_cpu(raw->i_file_acl);
	ei->i_faddr = le32_to_cpu(raw->i_faddr);
	ei->i_frag_no = raw->i_frag;
	ei->i_frag_size = raw->i_fsize;
	ei->i_block_group = (inode->i_ino - 1) / EXT2_INODES_PER_GROUP(inode->i_sb);

	inode->i_mode = le16_to_cpu(raw->i_mode);
	set_nlink(inode, le16_to_cpu(raw->i_links_count));
	inode->i_uid = ext2_join_id(raw->i_uid, raw->i_uid_high);
	inode->i_gid = ext2_join_id(raw->i_gid, raw->i_gid_high);
	inode->i_generation = le32_to_cpu(raw->i_generation);
	inode->i_blocks = le32_to_cpu(raw->i_blocks);
	ei->i_mapped_on_disk = inode->i_blocks != 0;
	/* i_size_high: the size's top half for files, i_dir_acl for the rest. */
	inode->i_size = le32_to_cpu(raw->i_size);
	if (S_ISREG(inode->i_mode))
		inode->i_size += (loff_t)size_high << 32;
	else
		ei->i_dir_acl = size_high;
	ext2_time_from_disk(&inode->i_mtime, raw->i_mtime);
	ext2_time_from_disk(&inode->i_ctime, raw->i_ctime);
	ext2_time_from_disk(&inode->i_atime, raw->i_atime);
	return 0;
}

/* Fill a new (I_NEW) in-core inode from the disk and unlock it. */
static struct inode *ext2_read_new_inode(struct inode *inode)
{
	struct super_block *sb = inode->i_sb;
	struct buffer_head *bh;
	struct ext2_inode *raw;
	const char *why;
	dev_t rdev = 0;
	int err;

	/* The ext2 part starts from zero: no hints, no state, no window. */
	memset(EXT2_I(inode), 0, offsetof(struct ext2_inode_info, truncate_mutex));
	raw = ext2_get_raw_inode(sb, inode->i_ino, &bh);
	if (IS_ERR(raw)) {
		err = PTR_ERR(raw);
		goto bad;
	}
	err = ext2_inode_from_disk(inode, raw);
	if (!err && special_file(inode->i_mode))
		rdev = ext2_rdev_from_disk(raw);
	brelse(bh);
	if (err)
		goto bad;
	why = ext2_check_inode(inode);
	if (why) {
		ext2_error(sb, __func__, "inode %lu: %s (mode %o, size %lld)", inode->i_ino, why,
			   inode->i_mode, inode->i_size);
		err = -EUCLEAN;
		goto bad;
	}

	ext2_set_file_ops(inode);
	if (special_file(inode->i_mode))
		init_special_inode(inode, inode->i_mode, rdev);
	else if (S_ISLNK(inode->i_mode) && ext2_inode_is_fast_symlink(inode))
		((char *)EXT2_I(inode)->i_data)[inode->i_size] = 0;
	ext2_set_inode_flags(inode);
	unlock_new_inode(inode);
	return inode;

bad:
	EXT2_I(inode)->i_state |= EXT2_STATE_BAD;
	iget_failed(inode);
	return ERR_PTR(err);
}

struct inode *ext2_iget(struct super_block *sb, unsigned long ino)
{
	struct inode *inode = iget_locked(sb, ino);

	if (inode && (inode->i_state & I_NEW))
		return ext2_read_new_inode(inode);
	return inode ? inode : ERR_PTR(-ENOMEM);
}

/* ------------------------------------------------------------ writing */

/* A regular file above 2 GiB needs the large_file feature. */
static void ext2_need_large_file(struct super_block *sb)
{
	ext2_set_feature(sb, &EXT2_SB(sb)->s_es->s_feature_ro_compat,
			 EXT2_FEATURE_RO_COMPAT_LARGE_FILE);
}

/* Device inodes keep their number in i_block[], old form when it fits. */
static void ext2_rdev_to_disk(struct ext2_inode *raw, dev_t dev)
{
	__le32 words[3] = { 0 };
	unsigned int n = 3;

	if (old_valid_dev(dev)) {
		words[0] = cpu_to_le32(old_encode_dev(dev));
		n = 2;
	} else {
		words[1] = cpu_to_le32(new_encode_dev(dev));
	}
	memcpy(raw->i_block, words, n * sizeof(words[0]));
}

static void ext2_id_to_disk(u32 id, __le16 *low, __le16 *high)
{
	*low = cpu_to_le16(id & 0xffff);
	*high = cpu_to_le16(id >> 16);
}

/* Seconds only, 32 bits of them (read back as signed: 1901 to 2038). */
static void ext2_time_to_disk(__le32 *slot, const struct timespec64 *ts)
{
	*slot = cpu_to_le32((u32)ts->tv_sec);
}

/* Copy the in-core inode into its on-disk slot. */
static void ext2_inode_to_disk(struct inode *inode, struct ext2_inode *raw)
{
	struct ext2_inode_info *ei = EXT2_I(inode);
	u64 size = inode->i_size;

	if (S_ISCHR(inode->i_mode) || S_ISBLK(inode->i_mode))
		ext2_rdev_to_disk(raw, inode->i_rdev);
	else
		memcpy(raw->i_block, ei->i_data, sizeof(raw->i_block));

	raw->i_mode = cpu_to_le16(inode->i_mode);
	raw->i_links_count = cpu_to_le16(inode->i_nlink);
	ext2_id_to_disk(inode->i_uid, &raw->i_uid, &raw->i_uid_high);
	ext2_id_to_disk(inode->i_gid, &raw->i_gid, &raw->i_gid_high);
	raw->i_size = cpu_to_le32((u32)size);
	raw->i_size_high = cpu_to_le32(S_ISREG(inode->i_mode) ? (u32)(size >> 32) : ei->i_dir_acl);
	raw->i_blocks = cpu_to_le32((u32)inode->i_blocks);
	raw->i_generation = cpu_to_le32(inode->i_generation);
	raw->i_flags = cpu_to_le32(ei->i_flags);
	raw->i_file_acl = cpu_to_le32(ei->i_file_acl);
	ext2_time_to_disk(&raw->i_atime, &inode->i_atime);
	ext2_time_to_disk(&raw->i_ctime, &inode->i_ctime);
	ext2_time_to_disk(&raw->i_mtime, &inode->i_mtime);
	raw->i_dtime = cpu_to_le32(ei->i_dtime);
	/* Fragments were never implemented; keep what was there. */
	raw->i_faddr = cpu_to_le32(ei->i_faddr);
	raw->i_frag = ei->i_frag_no;
	raw->i_fsize = ei->i_frag_size;
}

/*
 * Copy the inode into its slot of the inode table block and mark the
 * block dirty; returns the block, referenced, or an ERR_PTR.  An inode
 * copied there with blocks and links may map them on the disk from now on.
 */
struct buffer_head *ext2_encode_inode(struct inode *inode)
{
	struct ext2_inode_info *ei = EXT2_I(inode);
	struct super_block *sb = inode->i_sb;
	struct buffer_head *bh;
	struct ext2_inode *raw;

	if (ei->i_state & EXT2_STATE_BAD)
		return ERR_PTR(-EUCLEAN);
	if (S_ISREG(inode->i_mode) && inode->i_size > 0x7fffffffLL)
		ext2_need_large_file(sb);
	raw = ext2_get_raw_inode(sb, inode->i_ino, &bh);
	if (IS_ERR(raw))
		return ERR_CAST(raw);
	/* A fresh inode must not keep a previous owner's bytes, extra space included. */
	if (ei->i_state & EXT2_STATE_NEW)
		memset(raw, 0, EXT2_SB(sb)->s_inode_size);
	ext2_inode_to_disk(inode, raw);
	mark_buffer_dirty(bh);
	ei->i_state &= ~EXT2_STATE_NEW;
	/* e2fsck treats an inode without links as deleted, blocks and all. */
	if (inode->i_blocks && inode->i_nlink && !READ_ONCE(ei->i_mapped_on_disk))
		WRITE_ONCE(ei->i_mapped_on_disk, true);
	return bh;
}

static int __ext2_write_inode(struct inode *inode, int do_sync)
{
	struct buffer_head *bh = ext2_encode_inode(inode);
	int err = 0;

	if (IS_ERR(bh))
		return PTR_ERR(bh);
	if (do_sync) {
		sync_dirty_buffer(bh);
		if (buffer_write_io_error(bh) || !buffer_uptodate(bh)) {
			ext2_msg(inode->i_sb, KERN_ERR, "inode %lu: writing its table block failed",
				 inode->i_ino);
			err = -EIO;
		}
	}
	brelse(bh);
	return err;
}

int ext2_write_inode(struct inode *inode, struct writeback_control *wbc)
{
	return __ext2_write_inode(inode, wbc->sync_mode == WB_SYNC_ALL);
}

/*
 * For fsync: wait until the inode table block holding inode's on-disk copy
 * is on the disk, writing it if it is dirty.  sync_inode_metadata() alone
 * is not enough: the flusher writes an inode with WB_SYNC_NONE by copying
 * it into this block and marking the block dirty, and the inode is clean
 * from then on - fsync would skip it while its latest copy sits in the
 * block device's page cache until that device's own writeback comes (a
 * crash in between loses a file fsync reported durable).  So wait for a
 * flusher still writing the inode (I_SYNC), then write the block if it is
 * dirty; lock_buffer() also waits for a write of it already under way.
 */
int ext2_sync_raw_inode(struct inode *inode)
{
	struct buffer_head *bh;
	struct ext2_inode *raw;
	int err = 0;

	if (EXT2_I(inode)->i_state & EXT2_STATE_BAD)
		return -EUCLEAN;
	inode_wait_for_writeback(inode);
	raw = ext2_get_raw_inode(inode->i_sb, inode->i_ino, &bh);
	if (IS_ERR(raw))
		return PTR_ERR(raw);
	if (buffer_dirty(bh) || buffer_locked(bh)) {
		err = sync_dirty_buffer(bh);
		if (!err && buffer_write_io_error(bh))
			err = -EIO;
	}
	brelse(bh);
	return err;
}

/* The inode to disk now (directory and sync-mount operations). */
int ext2_sync_inode(struct inode *inode)
{
	return sync_inode_metadata(inode, 1);
}

/* ------------------------------------------------------------ link counts */

void ext2_inc_count(struct inode *inode)
{
	inc_nlink(inode);
	mark_inode_dirty(inode);
}

/* Drop a link; a count already at zero is corruption (reported), not an underflow. */
bool ext2_dec_count(struct inode *inode)
{
	if (!inode->i_nlink) {
		ext2_error(inode->i_sb, __func__, "inode %lu: link count already zero",
			   inode->i_ino);
		return false;
	}
	drop_nlink(inode);
	mark_inode_dirty(inode);
	return true;
}

/* ------------------------------------------------------------ eviction */

/*
 * Give back what a deleted inode holds on disk.  The dtime goes out
 * first: from then on e2fsck sees a deleted inode, whatever of its blocks
 * a crash leaves allocated.
 */
static void ext2_release_on_disk(struct inode *inode)
{
	int sync = ext2_inode_sync(inode);

	EXT2_I(inode)->i_dtime = ext2_get_seconds();
	__ext2_write_inode(inode, sync);
	inode->i_size = 0;
	if (inode->i_blocks)
		ext2_truncate_blocks(inode, 0);
	ext2_xattr_delete_inode(inode);
	__ext2_write_inode(inode, sync);
}

/* The in-memory allocation state (reservation window, hints) goes away. */
static void ext2_drop_alloc_info(struct inode *inode)
{
	struct ext2_inode_info *ei = EXT2_I(inode);

	ext2_discard_reservation(inode);
	kfree(ei->i_block_alloc_info);
	ei->i_block_alloc_info = NULL;
}

/*
 * ->evict_inode.  An unlinked inode is deleted on disk, its number freed
 * last (after clear_inode(), so no one can reuse it while we still write
 * it).  A corrupt inode (EXT2_STATE_BAD) is never written nor freed, and
 * after errors=remount-ro the disk is left alone: e2fsck reclaims it.
 */
void ext2_evict_inode(struct inode *inode)
{
	bool bad = EXT2_I(inode)->i_state & EXT2_STATE_BAD;
	/* An inode dropped by a failing mount (the root) writes nothing. */
	bool writable = !bad && !sb_rdonly(inode->i_sb) && READ_ONCE(EXT2_SB(inode->i_sb)->s_live);
	bool doomed = writable && !inode->i_nlink;

	/* Writeback normally cleaned a live inode already; else do it now. */
	if (!bad && inode->i_nlink && inode->i_data.nrpages)
		filemap_write_and_wait(&inode->i_data);
	truncate_inode_pages(&inode->i_data, 0);
	if (doomed)
		ext2_release_on_disk(inode);
	else if (writable && (inode->i_state & I_DIRTY))
		__ext2_write_inode(inode, 0);
	invalidate_inode_buffers(inode);
	clear_inode(inode);
	ext2_drop_alloc_info(inode);
	if (doomed)
		ext2_free_inode(inode);
}

/* ------------------------------------------------------------ attributes */

static int ext2_setsize(struct inode *inode, loff_t newsize)
{
	int error;

	if (!ext2_inode_has_block_map(inode))
		return -EINVAL;
	if (IS_APPEND(inode) || IS_IMMUTABLE(inode))
		return -EPERM;
	/* Zero the tail of the new last block: it is read back if the file grows. */
	error = block_truncate_page(inode->i_mapping, newsize, ext2_get_block);
	if (error)
		return error;
	i_size_write(inode, newsize);
	truncate_pagecache(inode, newsize);
	ext2_truncate_blocks(inode, newsize);
	inode->i_mtime = inode->i_ctime = current_time(inode);
	mark_inode_dirty(inode);
	if (!ext2_inode_sync(inode))
		return 0;
	sync_mapping_buffers(inode->i_mapping);
	return ext2_sync_inode(inode);
}

int ext2_setattr(struct dentry *dentry, struct iattr *iattr)
{
	struct inode *inode = d_inode(dentry);
	int error;

	error = setattr_prepare(dentry, iattr);
	if (error)
		return error;
	if ((iattr->ia_valid & ATTR_SIZE) && iattr->ia_size != inode->i_size) {
		error = ext2_setsize(inode, iattr->ia_size);
		if (error)
			return error;
	}
	setattr_copy(inode, iattr);
	mark_inode_dirty(inode);
	return 0;
}

/* ------------------------------------------------------------ address space */

static int ext2_readpage(struct file *file, struct page *page)
{
	return block_read_full_page(page, ext2_get_block);
}

static void ext2_readahead(struct readahead_control *rac)
{
	mpage_readahead(rac, ext2_get_block);
}

static int ext2_writepage(struct page *page, struct writeback_control *wbc)
{
	return block_write_full_page(page, ext2_get_block, wbc);
}

static int ext2_writepages(struct address_space *mapping, struct writeback_control *wbc)
{
	return mpage_writepages(mapping, wbc, ext2_get_block);
}

/*
 * A failed or short write may have allocated blocks past EOF: cut the
 * file back to its size when the write aimed beyond it.
 */
static void ext2_trim_after_failed_write(struct inode *inode, loff_t aimed_end)
{
	loff_t size = inode->i_size;

	if (aimed_end <= size)
		return;
	truncate_pagecache(inode, size);
	ext2_truncate_blocks(inode, size);
}

static int ext2_write_begin(struct file *file, struct address_space *mapping, loff_t pos,
			    unsigned int len, unsigned int flags, struct page **pagep,
			    void **fsdata)
{
	int ret = block_write_begin(mapping, pos, len, flags, pagep, ext2_get_block);

	if (ret < 0)
		ext2_trim_after_failed_write(mapping->host, pos + len);
	return ret;
}

static int ext2_write_end(struct file *file, struct address_space *mapping, loff_t pos,
			  unsigned int len, unsigned int copied, struct page *page, void *fsdata)
{
	int ret = generic_write_end(file, mapping, pos, len, copied, page, fsdata);

	if (ret < (int)len)
		ext2_trim_after_failed_write(mapping->host, pos + len);
	return ret;
}

static sector_t ext2_bmap(struct address_space *mapping, sector_t block)
{
	return generic_block_bmap(mapping, block, ext2_get_block);
}

static bool ext2_set_page_dirty(struct page *page)
{
	return __set_page_dirty_buffers(page);
}

static bool ext2_releasepage(struct page *page, gfp_t gfp)
{
	return try_to_free_buffers(page);
}

/* O_DIRECT: straight between the caller's pages and the disk (fs/direct-io.c). */
static ssize_t ext2_direct_IO(struct kiocb *iocb, struct iov_iter *iter)
{
	struct inode *inode = iocb->ki_filp->f_mapping->host;

	return blockdev_direct_IO(iocb, inode, iter, ext2_get_block);
}

const struct address_space_operations ext2_aops = {
	.readpage = ext2_readpage,
	.readahead = ext2_readahead,
	.writepage = ext2_writepage,
	.writepages = ext2_writepages,
	.set_page_dirty = ext2_set_page_dirty,
	.write_begin = ext2_write_begin,
	.write_end = ext2_write_end,
	.bmap = ext2_bmap,
	.invalidatepage = block_invalidatepage,
	.releasepage = ext2_releasepage,
	.direct_IO = ext2_direct_IO,
};
