/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Buffer heads (fs/buffer.c): a page-cache page divided into blocks of
 * the file system's block size, each block described by a buffer_head
 * that knows its disk block.  File systems use them for metadata (the
 * block device's page cache: sb_bread) and, through get_block_t, to map
 * file data blocks (block_read_full_page, block_write_begin,
 * block_write_full_page).
 *
 *   bh = sb_bread(sb, block);          read (cached) metadata block, or NULL
 *   ...modify bh->b_data...; mark_buffer_dirty(bh);
 *   sync_dirty_buffer(bh) if it must be on disk now;  brelse(bh);
 *
 * get_block(inode, iblock, bh_result, create): map file block iblock;
 * on success sets bh_result->b_bdev/b_blocknr and BH_Mapped (map_bh), and
 * BH_New when create allocated it; an unmapped result with create == 0
 * means a hole.  Returns 0 or -errno.
 *
 * Lifetime: b_count references; a page's buffers (page->private, a ring
 * through b_this_page) live until try_to_free_buffers() when the page is
 * clean and unreferenced.  Locking: BH_Lock (lock_buffer) serialises I/O
 * on a buffer; the page lock guards attaching and detaching buffers;
 * mapping->private_lock guards the per-inode associated-buffers list.
 */
#ifndef _LINUX_BUFFER_HEAD_H
#define _LINUX_BUFFER_HEAD_H

#include <linux/types.h>
#include <linux/fs.h>
#include <linux/mm_types.h>
#include <linux/page-flags.h>
#include <linux/blk_types.h>
#include <asm/atomic.h>
#include <asm/bitops.h>

struct buffer_head;
struct writeback_control;

enum bh_state_bits {
	BH_Uptodate,	/* contains valid data */
	BH_Dirty,	/* newer than the disk */
	BH_Lock,	/* I/O in progress (or owned) */
	BH_Req,		/* has been submitted for I/O */
	BH_Mapped,	/* b_bdev/b_blocknr valid */
	BH_New,		/* just allocated by get_block, not yet written */
	BH_Async_Read,	/* in an async page read */
	BH_Async_Write,	/* in an async page write */
	BH_Delay,
	BH_Boundary,	/* next block is discontiguous (indirect follows) */
	BH_Write_EIO,	/* I/O error on write */
	BH_Unwritten,
	BH_Meta,
	BH_PrivateStart,	/* file systems' own bits from here */
};

typedef void (bh_end_io_t)(struct buffer_head *bh, int uptodate);

struct buffer_head {
	unsigned long b_state;		/* BH_* */
	struct buffer_head *b_this_page;	/* ring of the page's buffers */
	struct page *b_page;
	sector_t b_blocknr;		/* in units of b_size */
	size_t b_size;
	char *b_data;			/* in the page (direct map) */
	struct block_device *b_bdev;
	bh_end_io_t *b_end_io;
	void *b_private;
	struct list_head b_assoc_buffers;	/* dirty metadata of an inode (fsync) */
	struct address_space *b_assoc_map;
	atomic_t b_count;
};

/*
 * Accessors of the state bits: set_buffer_NAME(), clear_buffer_NAME(),
 * buffer_NAME(), and for a few bits the atomic test_set_buffer_NAME() /
 * test_clear_buffer_NAME().  The names are the ones file systems know.
 */
#define BH_BIT_ACCESSORS(name, bit)						\
	static inline void set_buffer_##name(struct buffer_head *bh)		\
	{ set_bit(bit, &bh->b_state); }						\
	static inline void clear_buffer_##name(struct buffer_head *bh)		\
	{ clear_bit(bit, &bh->b_state); }					\
	static inline int buffer_##name(const struct buffer_head *bh)		\
	{ return test_bit(bit, &bh->b_state); }
#define BH_BIT_TEST_AND(name, bit)						\
	static inline int test_set_buffer_##name(struct buffer_head *bh)	\
	{ return test_and_set_bit(bit, &bh->b_state); }				\
	static inline int test_clear_buffer_##name(struct buffer_head *bh)	\
	{ return test_and_clear_bit(bit, &bh->b_state); }

/* Contents and I/O. */
BH_BIT_ACCESSORS(uptodate, BH_Uptodate)
BH_BIT_ACCESSORS(dirty, BH_Dirty)
BH_BIT_ACCESSORS(locked, BH_Lock)
BH_BIT_ACCESSORS(req, BH_Req)
BH_BIT_ACCESSORS(write_io_error, BH_Write_EIO)
/* The disk block. */
BH_BIT_ACCESSORS(mapped, BH_Mapped)
BH_BIT_ACCESSORS(new, BH_New)
BH_BIT_ACCESSORS(delay, BH_Delay)
BH_BIT_ACCESSORS(unwritten, BH_Unwritten)
BH_BIT_ACCESSORS(boundary, BH_Boundary)
BH_BIT_ACCESSORS(meta, BH_Meta)
/* Page I/O in flight. */
BH_BIT_ACCESSORS(async_read, BH_Async_Read)
BH_BIT_ACCESSORS(async_write, BH_Async_Write)

BH_BIT_TEST_AND(dirty, BH_Dirty)
BH_BIT_TEST_AND(req, BH_Req)
BH_BIT_TEST_AND(async_write, BH_Async_Write)

#define page_buffers(page)	((struct buffer_head *)(page)->private)
#define page_has_buffers(page)	PagePrivate(page)

typedef int (get_block_t)(struct inode *inode, sector_t iblock, struct buffer_head *bh_result,
			  int create);

static inline void map_bh(struct buffer_head *bh, struct super_block *sb, sector_t block)
{
	set_buffer_mapped(bh);
	bh->b_bdev = sb->s_bdev;
	bh->b_blocknr = block;
	bh->b_size = sb->s_blocksize;
}

/* References: a buffer someone holds is never freed with its page. */
static inline void get_bh(struct buffer_head *bh)
{
	atomic_inc(&bh->b_count);
}
static inline void put_bh(struct buffer_head *bh)
{
	smp_mb__before_atomic();
	atomic_dec(&bh->b_count);
}

/* BH_Lock: held by whoever does I/O on the buffer (or owns it for a while). */
int trylock_buffer(struct buffer_head *bh);
void lock_buffer(struct buffer_head *bh);
void unlock_buffer(struct buffer_head *bh);
void wait_on_buffer(struct buffer_head *bh);

/* Read bh synchronously if not uptodate; 0 or -EIO. */
int bh_read(struct buffer_head *bh, blk_opf_t op_flags);
/* Submit bh (locked, b_end_io set) as one bio. */
int submit_bh(blk_opf_t opf, struct buffer_head *bh);
/* Start I/O on those that need it (async; wait_on_buffer to wait). */
void ll_rw_block(blk_opf_t opf, int nr, struct buffer_head *bhs[]);
/* Completions for buffers submitted one by one (they drop a reference). */
void end_buffer_read_sync(struct buffer_head *bh, int uptodate);
void end_buffer_write_sync(struct buffer_head *bh, int uptodate);

/* Dirty data: written back with its page, or by hand. */
void mark_buffer_dirty(struct buffer_head *bh);
/* Write a dirty buffer and wait; 0 or -EIO. */
int __sync_dirty_buffer(struct buffer_head *bh, blk_opf_t op_flags);
int sync_dirty_buffer(struct buffer_head *bh);
void mark_buffer_write_io_error(struct buffer_head *bh);
/* Dirty bh and remember it on inode's list for fsync (sync_mapping_buffers). */
void mark_buffer_dirty_inode(struct buffer_head *bh, struct inode *inode);
int sync_mapping_buffers(struct address_space *mapping);
void invalidate_inode_buffers(struct inode *inode);

/* The buffer for block of bdev (in bdev's page cache), referenced. */
struct buffer_head *__getblk(struct block_device *bdev, sector_t block, unsigned int size);
struct buffer_head *__bread(struct block_device *bdev, sector_t block, unsigned int size);
struct buffer_head *__find_get_block(struct block_device *bdev, sector_t block,
				     unsigned int size);
void __brelse(struct buffer_head *bh);
void __bforget(struct buffer_head *bh);
void __breadahead(struct block_device *bdev, sector_t block, unsigned int size);

/* Drop a reference (NULL is allowed). */
static inline void brelse(struct buffer_head *bh)
{
	if (bh)
		__brelse(bh);
}

static inline struct buffer_head *sb_bread(struct super_block *sb, sector_t block)
{
	return __bread(sb->s_bdev, block, sb->s_blocksize);
}
static inline struct buffer_head *sb_getblk(struct super_block *sb, sector_t block)
{
	return __getblk(sb->s_bdev, block, sb->s_blocksize);
}
static inline struct buffer_head *sb_find_get_block(struct super_block *sb, sector_t block)
{
	return __find_get_block(sb->s_bdev, block, sb->s_blocksize);
}
static inline void sb_breadahead(struct super_block *sb, sector_t block)
{
	__breadahead(sb->s_bdev, block, sb->s_blocksize);
}
/* The block is being freed: drop the reference and forget its dirt. */
static inline void bforget(struct buffer_head *bh)
{
	if (bh)
		__bforget(bh);
}
/* A new block was allocated: drop any stale cached alias of it. */
void clean_bdev_aliases(struct block_device *bdev, sector_t block, sector_t len);

/* Page-level helpers for ->readpage/->writepage/->write_begin. */
void create_empty_buffers(struct page *page, unsigned long blocksize,
			  unsigned long b_state);
struct buffer_head *alloc_page_buffers(struct page *page, unsigned long size, bool retry);
int try_to_free_buffers(struct page *page);
void block_invalidatepage(struct page *page, unsigned int offset, unsigned int length);
int block_read_full_page(struct page *page, get_block_t *get_block);
int block_write_full_page(struct page *page, get_block_t *get_block,
			  struct writeback_control *wbc);
int block_write_begin(struct address_space *mapping, loff_t pos, unsigned int len,
		      unsigned int flags, struct page **pagep, get_block_t *get_block);
int block_write_end(struct file *file, struct address_space *mapping, loff_t pos,
		    unsigned int len, unsigned int copied, struct page *page, void *fsdata);
int generic_write_end(struct file *file, struct address_space *mapping, loff_t pos,
		      unsigned int len, unsigned int copied, struct page *page, void *fsdata);
/* Zero the part of the block at from (truncate to a non-block boundary). */
int block_truncate_page(struct address_space *mapping, loff_t from, get_block_t *get_block);
sector_t generic_block_bmap(struct address_space *mapping, sector_t block,
			    get_block_t *get_block);
int __set_page_dirty_buffers(struct page *page);
/* Multi-page I/O (fs/mpage.c): large bios for contiguous blocks. */
void mpage_readahead(struct readahead_control *rac, get_block_t *get_block);
int mpage_read_folio(struct page *page, get_block_t *get_block);
int mpage_writepages(struct address_space *mapping, struct writeback_control *wbc,
		     get_block_t *get_block);
/* fsync for simple block file systems: data, buffers, inode. */
int generic_buffers_fsync(struct file *file, loff_t start, loff_t end, bool datasync);
int generic_buffers_fsync_noflush(struct file *file, loff_t start, loff_t end, bool datasync);

void buffer_init(void);

#endif /* _LINUX_BUFFER_HEAD_H */
