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
#include "ext2.h"

/* ------------------------------------------------------------ raw inodes */

struct ext2_inode *ext2_get_raw_inode(struct super_block *sb, unsigned long ino,
				      struct buffer_head **p)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	struct ext2_group_desc *gdp;
	struct buffer_head *bh;
	unsigned long group, offset;
	u32 block;

	*p = NULL;
	if ((ino != EXT2_ROOT_INO && ino < EXT2_FIRST_INO(sb)) || ino > sbi->s_inodes_count) {
		ext2_error(sb, __func__, "bad inode number: %lu", ino);
		return ERR_PTR(-EUCLEAN);
	}
	group = (ino - 1) / sbi->s_inodes_per_group;
	gdp = ext2_get_group_desc(sb, group, NULL);
	if (!gdp)
		return ERR_PTR(-EIO);
	offset = ((ino - 1) % sbi->s_inodes_per_group) * sbi->s_inode_size;
	block = le32_to_cpu(gdp->bg_inode_table) + (offset >> sb->s_blocksize_bits);
	bh = sb_bread(sb, block);
	if (!bh) {
		ext2_error(sb, __func__, "unable to read inode block - inode=%lu, block=%u", ino,
			   block);
		return ERR_PTR(-EIO);
	}
	*p = bh;
	offset &= sb->s_blocksize - 1;
	return (struct ext2_inode *)(bh->b_data + offset);
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

/* The VFS flags mirroring ext2's per-inode ones. */
void ext2_set_inode_flags(struct inode *inode)
{
	unsigned int flags = EXT2_I(inode)->i_flags;

	inode->i_flags &= ~(S_SYNC | S_APPEND | S_IMMUTABLE | S_NOATIME);
	if (flags & EXT2_SYNC_FL)
		inode->i_flags |= S_SYNC;
	if (flags & EXT2_APPEND_FL)
		inode->i_flags |= S_APPEND;
	if (flags & EXT2_IMMUTABLE_FL)
		inode->i_flags |= S_IMMUTABLE;
	if (flags & EXT2_NOATIME_FL)
		inode->i_flags |= S_NOATIME;
}

void ext2_set_file_ops(struct inode *inode)
{
	if (S_ISREG(inode->i_mode)) {
		inode->i_op = &ext2_file_inode_operations;
		inode->i_fop = &ext2_file_operations;
		inode->i_mapping->a_ops = &ext2_aops;
	} else if (S_ISDIR(inode->i_mode)) {
		inode->i_op = &ext2_dir_inode_operations;
		inode->i_fop = &ext2_dir_operations;
		inode->i_mapping->a_ops = &ext2_aops;
	} else if (S_ISLNK(inode->i_mode)) {
		if (ext2_inode_is_fast_symlink(inode)) {
			inode->i_op = &ext2_fast_symlink_inode_operations;
			inode->i_link = (char *)EXT2_I(inode)->i_data;
		} else {
			inode->i_op = &ext2_symlink_inode_operations;
			inode->i_mapping->a_ops = &ext2_aops;
		}
	} else {
		inode->i_op = &ext2_special_inode_operations;
	}
}

/* Sanity of what we read; 0 or a reason. */
static const char *ext2_check_inode(struct inode *inode)
{
	struct ext2_inode_info *ei = EXT2_I(inode);
	unsigned long bs = inode->i_sb->s_blocksize;

	if (ei->i_flags & (EXT4_EXTENTS_FL | EXT4_INLINE_DATA_FL))
		return "ext4 extent or inline data flag set";
	switch (inode->i_mode & S_IFMT) {
	case S_IFREG:
		if (inode->i_size < 0)
			return "negative size";
		break;
	case S_IFDIR:
		if (!inode->i_size || (inode->i_size & (bs - 1)))
			return "directory size not a multiple of the block size";
		break;
	case S_IFLNK:
		if (ext2_inode_is_fast_symlink(inode)) {
			if (inode->i_size >= (loff_t)sizeof(ei->i_data))
				return "fast symlink too long";
		} else if (!inode->i_size || inode->i_size >= (loff_t)bs) {
			return "bad symlink size";
		}
		break;
	case S_IFCHR:
	case S_IFBLK:
	case S_IFIFO:
	case S_IFSOCK:
		break;
	default:
		return "bad file type";
	}
	return NULL;
}

struct inode *ext2_iget(struct super_block *sb, unsigned long ino)
{
	struct ext2_inode_info *ei;
	struct buffer_head *bh;
	struct ext2_inode *raw;
	struct inode *inode;
	const char *why;
	long ret;
	int i;

	inode = iget_locked(sb, ino);
	if (!inode)
		return ERR_PTR(-ENOMEM);
	if (!(inode->i_state & I_NEW))
		return inode;
	ei = EXT2_I(inode);
	ei->i_block_alloc_info = NULL;

	raw = ext2_get_raw_inode(sb, ino, &bh);
	if (IS_ERR(raw)) {
		ret = PTR_ERR(raw);
		goto bad;
	}
	inode->i_mode = le16_to_cpu(raw->i_mode);
	inode->i_uid = le16_to_cpu(raw->i_uid) | (le16_to_cpu(raw->i_uid_high) << 16);
	inode->i_gid = le16_to_cpu(raw->i_gid) | (le16_to_cpu(raw->i_gid_high) << 16);
	set_nlink(inode, le16_to_cpu(raw->i_links_count));
	inode->i_size = le32_to_cpu(raw->i_size);
	inode->i_atime.tv_sec = (s32)le32_to_cpu(raw->i_atime);
	inode->i_ctime.tv_sec = (s32)le32_to_cpu(raw->i_ctime);
	inode->i_mtime.tv_sec = (s32)le32_to_cpu(raw->i_mtime);
	inode->i_atime.tv_nsec = inode->i_ctime.tv_nsec = inode->i_mtime.tv_nsec = 0;
	ei->i_dtime = le32_to_cpu(raw->i_dtime);
	/*
	 * No links: deleted.  (Linux's ext2 accepts one without a dtime; but
	 * nothing on disk should then name it, and the first iput would free
	 * what a directory still points to.)
	 */
	if (inode->i_nlink == 0) {
		brelse(bh);
		ret = -ESTALE;
		goto bad;
	}
	inode->i_blocks = le32_to_cpu(raw->i_blocks);
	ei->i_flags = le32_to_cpu(raw->i_flags);
	ei->i_faddr = le32_to_cpu(raw->i_faddr);
	ei->i_frag_no = raw->i_frag;
	ei->i_frag_size = raw->i_fsize;
	ei->i_file_acl = le32_to_cpu(raw->i_file_acl);
	ei->i_dir_acl = 0;
	if (S_ISREG(inode->i_mode))
		inode->i_size |= (loff_t)le32_to_cpu(raw->i_size_high) << 32;
	else
		ei->i_dir_acl = le32_to_cpu(raw->i_size_high);
	ei->i_dtime = 0;
	inode->i_generation = le32_to_cpu(raw->i_generation);
	ei->i_state = 0;
	ei->i_block_group = (ino - 1) / EXT2_INODES_PER_GROUP(sb);
	ei->i_dir_start_lookup = 0;
	ei->i_dir_free_block = 0;
	ei->i_dir_free_reclen = 0;
	for (i = 0; i < EXT2_N_BLOCKS; i++)
		ei->i_data[i] = raw->i_block[i];

	why = ext2_check_inode(inode);
	if (why) {
		brelse(bh);
		ext2_error(sb, __func__, "inode %lu: %s (mode %o, size %lld)", ino, why,
			   inode->i_mode, inode->i_size);
		ret = -EUCLEAN;
		goto bad;
	}
	ext2_set_file_ops(inode);
	if (S_ISLNK(inode->i_mode) && ext2_inode_is_fast_symlink(inode))
		((char *)ei->i_data)[inode->i_size] = '\0';
	if (special_file(inode->i_mode)) {
		dev_t rdev;

		if (raw->i_block[0])
			rdev = old_decode_dev(le32_to_cpu(raw->i_block[0]));
		else
			rdev = new_decode_dev(le32_to_cpu(raw->i_block[1]));
		init_special_inode(inode, inode->i_mode, rdev);
	}
	brelse(bh);
	ext2_set_inode_flags(inode);
	unlock_new_inode(inode);
	return inode;

bad:
	ei->i_state |= EXT2_STATE_BAD;
	iget_failed(inode);
	return ERR_PTR(ret);
}

/* ------------------------------------------------------------ writing */

/* A regular file above 2 GiB needs the large_file feature. */
static void ext2_need_large_file(struct super_block *sb)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);

	if (EXT2_HAS_RO_COMPAT_FEATURE(sb, EXT2_FEATURE_RO_COMPAT_LARGE_FILE) &&
	    le32_to_cpu(sbi->s_es->s_rev_level) != EXT2_GOOD_OLD_REV)
		return;
	spin_lock(&sbi->s_lock);
	ext2_update_dynamic_rev(sb);
	sbi->s_es->s_feature_ro_compat =
		cpu_to_le32(le32_to_cpu(sbi->s_es->s_feature_ro_compat) |
			    EXT2_FEATURE_RO_COMPAT_LARGE_FILE);
	spin_unlock(&sbi->s_lock);
	ext2_sync_super(sb, sbi->s_es, 1);
}

static int __ext2_write_inode(struct inode *inode, int do_sync)
{
	struct ext2_inode_info *ei = EXT2_I(inode);
	struct super_block *sb = inode->i_sb;
	struct buffer_head *bh;
	struct ext2_inode *raw;
	int i, err = 0;

	if (ei->i_state & EXT2_STATE_BAD)
		return -EUCLEAN;
	raw = ext2_get_raw_inode(sb, inode->i_ino, &bh);
	if (IS_ERR(raw))
		return PTR_ERR(raw);
	if (ei->i_state & EXT2_STATE_NEW)
		memset(raw, 0, EXT2_SB(sb)->s_inode_size);

	raw->i_mode = cpu_to_le16(inode->i_mode);
	raw->i_uid = cpu_to_le16(inode->i_uid & 0xffff);
	raw->i_gid = cpu_to_le16(inode->i_gid & 0xffff);
	raw->i_uid_high = cpu_to_le16(inode->i_uid >> 16);
	raw->i_gid_high = cpu_to_le16(inode->i_gid >> 16);
	raw->i_links_count = cpu_to_le16(inode->i_nlink);
	raw->i_size = cpu_to_le32(inode->i_size);
	raw->i_atime = cpu_to_le32((u32)inode->i_atime.tv_sec);
	raw->i_ctime = cpu_to_le32((u32)inode->i_ctime.tv_sec);
	raw->i_mtime = cpu_to_le32((u32)inode->i_mtime.tv_sec);
	raw->i_blocks = cpu_to_le32((u32)inode->i_blocks);
	raw->i_dtime = cpu_to_le32(ei->i_dtime);
	raw->i_flags = cpu_to_le32(ei->i_flags);
	raw->i_faddr = cpu_to_le32(ei->i_faddr);
	raw->i_frag = ei->i_frag_no;
	raw->i_fsize = ei->i_frag_size;
	raw->i_file_acl = cpu_to_le32(ei->i_file_acl);
	if (S_ISREG(inode->i_mode)) {
		raw->i_size_high = cpu_to_le32((u64)inode->i_size >> 32);
		if (inode->i_size > 0x7fffffffLL)
			ext2_need_large_file(sb);
	} else {
		raw->i_size_high = cpu_to_le32(ei->i_dir_acl);
	}
	raw->i_generation = cpu_to_le32(inode->i_generation);
	if (S_ISCHR(inode->i_mode) || S_ISBLK(inode->i_mode)) {
		if (old_valid_dev(inode->i_rdev)) {
			raw->i_block[0] = cpu_to_le32(old_encode_dev(inode->i_rdev));
			raw->i_block[1] = 0;
		} else {
			raw->i_block[0] = 0;
			raw->i_block[1] = cpu_to_le32(new_encode_dev(inode->i_rdev));
			raw->i_block[2] = 0;
		}
	} else {
		for (i = 0; i < EXT2_N_BLOCKS; i++)
			raw->i_block[i] = ei->i_data[i];
	}
	mark_buffer_dirty(bh);
	if (do_sync) {
		sync_dirty_buffer(bh);
		if (buffer_write_io_error(bh) || !buffer_uptodate(bh)) {
			ext2_msg(sb, KERN_ERR, "IO error syncing ext2 inode %lu", inode->i_ino);
			err = -EIO;
		}
	}
	ei->i_state &= ~EXT2_STATE_NEW;
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
 * Give back the extended attribute block of a dying inode: it may be
 * shared (h_refcount); the last user frees it.
 */
static void ext2_xattr_delete_inode(struct inode *inode)
{
	struct ext2_inode_info *ei = EXT2_I(inode);
	struct super_block *sb = inode->i_sb;
	struct buffer_head *bh;
	__le32 *hdr;
	u32 blk = ei->i_file_acl, refcount;

	if (!blk)
		return;
	ei->i_file_acl = 0;
	if (!ext2_data_block_valid(EXT2_SB(sb), blk, 1)) {
		ext2_error(sb, __func__, "inode %lu: invalid EA block %u", inode->i_ino, blk);
		return;
	}
	bh = sb_bread(sb, blk);
	if (!bh) {
		ext2_error(sb, __func__, "inode %lu: unable to read EA block %u", inode->i_ino, blk);
		return;
	}
	hdr = (__le32 *)bh->b_data;
	if (le32_to_cpu(hdr[0]) != EXT2_XATTR_MAGIC || le32_to_cpu(hdr[2]) != 1) {
		brelse(bh);
		ext2_error(sb, __func__, "inode %lu: bad EA block %u", inode->i_ino, blk);
		return;
	}
	lock_buffer(bh);
	refcount = le32_to_cpu(hdr[1]);
	if (refcount > 1) {
		hdr[1] = cpu_to_le32(refcount - 1);
		unlock_buffer(bh);
		mark_buffer_dirty(bh);
		brelse(bh);
		inode_sub_bytes(inode, min_t(u64, sb->s_blocksize, (u64)inode->i_blocks << 9));
		return;
	}
	unlock_buffer(bh);
	bforget(bh);
	ext2_free_blocks(inode, blk, 1);
}

void ext2_evict_inode(struct inode *inode)
{
	struct ext2_inode_info *ei = EXT2_I(inode);
	bool bad = ei->i_state & EXT2_STATE_BAD;
	/* After errors=remount-ro the disk is left alone: e2fsck reclaims the inode. */
	bool want_delete = !inode->i_nlink && !bad && !sb_rdonly(inode->i_sb);

	/*
	 * Writeback normally cleaned the inode before eviction; if it did
	 * not, write data and inode now rather than lose them.
	 */
	if (inode->i_nlink && !bad && inode->i_data.nrpages)
		filemap_write_and_wait(&inode->i_data);
	truncate_inode_pages(&inode->i_data, 0);

	if (want_delete) {
		ei->i_dtime = ext2_get_seconds();
		__ext2_write_inode(inode, ext2_inode_sync(inode));
		inode->i_size = 0;
		if (inode->i_blocks)
			ext2_truncate_blocks(inode, 0);
		ext2_xattr_delete_inode(inode);
		__ext2_write_inode(inode, ext2_inode_sync(inode));
	} else if (!bad && (inode->i_state & I_DIRTY) && !sb_rdonly(inode->i_sb)) {
		__ext2_write_inode(inode, 0);
	}
	invalidate_inode_buffers(inode);
	clear_inode(inode);
	ext2_discard_reservation(inode);
	kfree(ei->i_block_alloc_info);
	ei->i_block_alloc_info = NULL;
	if (want_delete)
		ext2_free_inode(inode);
}

/* ------------------------------------------------------------ attributes */

static int ext2_setsize(struct inode *inode, loff_t newsize)
{
	int error;

	if (!(S_ISREG(inode->i_mode) || S_ISDIR(inode->i_mode) || S_ISLNK(inode->i_mode)))
		return -EINVAL;
	if (ext2_inode_is_fast_symlink(inode))
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
	if (ext2_inode_sync(inode)) {
		sync_mapping_buffers(inode->i_mapping);
		return ext2_sync_inode(inode);
	}
	return 0;
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

/* A failed or short write may have allocated blocks past EOF: give them back. */
static void ext2_write_failed(struct address_space *mapping, loff_t to)
{
	struct inode *inode = mapping->host;

	if (to > inode->i_size) {
		truncate_pagecache(inode, inode->i_size);
		ext2_truncate_blocks(inode, inode->i_size);
	}
}

static int ext2_write_begin(struct file *file, struct address_space *mapping, loff_t pos,
			    unsigned int len, unsigned int flags, struct page **pagep,
			    void **fsdata)
{
	int ret = block_write_begin(mapping, pos, len, flags, pagep, ext2_get_block);

	if (ret < 0)
		ext2_write_failed(mapping, pos + len);
	return ret;
}

static int ext2_write_end(struct file *file, struct address_space *mapping, loff_t pos,
			  unsigned int len, unsigned int copied, struct page *page, void *fsdata)
{
	int ret = generic_write_end(file, mapping, pos, len, copied, page, fsdata);

	if (ret < (int)len)
		ext2_write_failed(mapping, pos + len);
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
