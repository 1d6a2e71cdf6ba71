// SPDX-License-Identifier: GPL-2.0-only
/*
 * Address-space operations built on buffer heads, for block-based file
 * systems (ext2) and the block devices' own page cache:
 *
 *   block_read_full_page(page, get_block)     ->readpage
 *   block_write_full_page(page, get_block, wbc)  ->writepage
 *   block_write_begin() / block_write_end() / generic_write_end()
 *                                             ->write_begin / ->write_end
 *   block_truncate_page()    zero the tail of the block holding the new EOF
 *   block_invalidatepage()   ->invalidatepage (truncation)
 *   generic_block_bmap()     ->bmap
 *   generic_buffers_fsync()  ->fsync for simple block file systems
 *   generic_buffers_fsync_noflush()  the same without the cache flush
 *
 * get_block(inode, iblock, bh, create) maps one file block (see
 * <linux/buffer_head.h>).  Every function here is called with the page
 * locked; the read and write paths unlock it when the I/O they start
 * completes (fs/buffer.c's async completion handlers), the others before
 * returning as their contracts say.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/pagemap.h>
#include <linux/writeback.h>
#include <linux/blkdev.h>
#include <linux/buffer_head.h>
#include "buffer_internal.h"

static unsigned int i_blocksize(const struct inode *inode)
{
	return 1U << inode->i_blkbits;
}

static struct buffer_head *page_buffers_create(struct page *page, unsigned int blocksize,
					       unsigned long b_state)
{
	if (!page_has_buffers(page))
		create_empty_buffers(page, blocksize, b_state);
	return page_buffers(page);
}

/* ------------------------------------------------------------ reading */

int block_read_full_page(struct page *page, get_block_t *get_block)
{
	struct inode *inode = page->mapping->host;
	unsigned int blocksize = i_blocksize(inode), bbits = inode->i_blkbits;
	struct buffer_head *arr[PAGE_SIZE / 512];
	struct buffer_head *head, *bh;
	sector_t iblock, lblock;
	unsigned int nr = 0, i = 0;
	bool fully_mapped = true;

	head = page_buffers_create(page, blocksize, 0);
	iblock = (sector_t)page->index << (PAGE_SHIFT - bbits);
	lblock = (i_size_read(inode) + blocksize - 1) >> bbits;
	bh = head;
	do {
		if (buffer_uptodate(bh))
			continue;
		if (!buffer_mapped(bh)) {
			int err = 0;

			fully_mapped = false;
			if (iblock < lblock) {
				err = get_block(inode, iblock, bh, 0);
				if (err)
					SetPageError(page);
			}
			if (!buffer_mapped(bh)) {
				/* A hole, or past EOF: reads as zeros. */
				zero_page_range(page, i * blocksize, (i + 1) * blocksize);
				if (!err)
					set_buffer_uptodate(bh);
				continue;
			}
			/* get_block may have read the block itself. */
			if (buffer_uptodate(bh))
				continue;
		}
		arr[nr++] = bh;
	} while (i++, iblock++, (bh = bh->b_this_page) != head);

	if (fully_mapped)
		SetPageMappedToDisk(page);
	if (!nr) {
		/* Nothing to read: all holes or already uptodate. */
		if (!PageError(page))
			SetPageUptodate(page);
		unlock_page(page);
		return 0;
	}

	/* Mark them all before submitting any, so no completion ends the page early. */
	for (i = 0; i < nr; i++) {
		lock_buffer(arr[i]);
		mark_buffer_async_read(arr[i]);
	}
	for (i = 0; i < nr; i++) {
		bh = arr[i];
		if (buffer_uptodate(bh))
			bh->b_end_io(bh, 1);
		else
			submit_bh(REQ_OP_READ, bh);
	}
	return 0;
}

/* ------------------------------------------------------------ writing back */

/*
 * Write the dirty buffers of a locked page whose dirty bit was cleared
 * for I/O.  Unmapped dirty buffers are mapped (allocated) first.
 */
static int __block_write_full_page(struct inode *inode, struct page *page,
				   get_block_t *get_block, struct writeback_control *wbc)
{
	unsigned int blocksize = i_blocksize(inode), bbits = inode->i_blkbits;
	blk_opf_t opf = REQ_OP_WRITE | wbc_to_write_flags(wbc);
	struct buffer_head *head, *bh;
	sector_t block, last_block;
	int nr_underway = 0, err = 0;

	head = page_buffers_create(page, blocksize, (1UL << BH_Dirty) | (1UL << BH_Uptodate));
	block = (sector_t)page->index << (PAGE_SHIFT - bbits);
	last_block = (i_size_read(inode) - 1) >> bbits;

	/* Map what is dirty (this may allocate blocks). */
	bh = head;
	do {
		if (block > last_block) {
			/* Past EOF (the page straddles it): nothing to write there. */
			clear_buffer_dirty(bh);
			set_buffer_uptodate(bh);
		} else if ((!buffer_mapped(bh) || buffer_delay(bh)) && buffer_dirty(bh)) {
			err = get_block(inode, block, bh, 1);
			if (err)
				break;
			clear_buffer_delay(bh);
			if (buffer_new(bh)) {
				clear_buffer_new(bh);
				clean_bdev_aliases(bh->b_bdev, bh->b_blocknr, 1);
			}
		}
		bh = bh->b_this_page;
		block++;
	} while (bh != head);

	/*
	 * Lock and claim the dirty mapped buffers.  Without a mapping (get_block
	 * failed: ENOSPC, EIO) a dirty buffer cannot be written; it is dropped
	 * with an error on the page and the mapping, as Linux does, after
	 * the blocks that did map are written.
	 */
	bh = head;
	do {
		if (!buffer_mapped(bh)) {
			if (err && buffer_dirty(bh))
				clear_buffer_dirty(bh);
			continue;
		}
		if (wbc->sync_mode != WB_SYNC_NONE) {
			lock_buffer(bh);
		} else if (!trylock_buffer(bh)) {
			redirty_page_for_writepage(wbc, page);
			continue;
		}
		/*
		 * A dirty buffer that was never read or filled holds whatever
		 * the page's memory held: never write that over the disk.
		 */
		if (WARN_ONCE(buffer_dirty(bh) && !buffer_uptodate(bh) && !PageUptodate(page),
			      "writeback: dirty buffer of block %llu is not up to date\n",
			      (unsigned long long)bh->b_blocknr))
			clear_buffer_dirty(bh);
		if (test_clear_buffer_dirty(bh))
			mark_buffer_async_write(bh);
		else
			unlock_buffer(bh);
	} while ((bh = bh->b_this_page) != head);

	if (err) {
		SetPageError(page);
		mapping_set_error(page->mapping, err);
	}
	WARN_ON_ONCE(PageWriteback(page));
	set_page_writeback(page);
	do {
		struct buffer_head *next = bh->b_this_page;

		if (buffer_async_write(bh)) {
			submit_bh(opf, bh);
			nr_underway++;
		}
		bh = next;
	} while (bh != head);
	unlock_page(page);

	/* Nothing was dirty after all: the page is clean, end its "writeback". */
	if (!nr_underway)
		end_page_writeback(page);
	return err;
}

int block_write_full_page(struct page *page, get_block_t *get_block,
			  struct writeback_control *wbc)
{
	struct inode *inode = page->mapping->host;
	loff_t i_size = i_size_read(inode);
	pgoff_t end_index = i_size >> PAGE_SHIFT;
	unsigned int offset;

	if (page->index < end_index)
		return __block_write_full_page(inode, page, get_block, wbc);

	offset = i_size & (PAGE_SIZE - 1);
	if (page->index > end_index || !offset) {
		/* Wholly past EOF: truncation is removing it; nothing to write. */
		block_invalidatepage(page, 0, PAGE_SIZE);
		unlock_page(page);
		return 0;
	}
	/*
	 * The page straddles EOF.  The part past it may hold garbage from an
	 * mmap store: zero it so it never reaches the disk.
	 */
	zero_page_range(page, offset, PAGE_SIZE);
	return __block_write_full_page(inode, page, get_block, wbc);
}

/* ------------------------------------------------------------ buffered writes */

/* After a failed or short write: new blocks in [from, to) must not show stale disk data. */
static void page_zero_new_buffers(struct page *page, unsigned int from, unsigned int to)
{
	struct buffer_head *head, *bh;
	unsigned int block_start = 0, block_end;

	if (!page_has_buffers(page))
		return;
	head = page_buffers(page);
	bh = head;
	do {
		block_end = block_start + bh->b_size;
		if (buffer_new(bh) && block_end > from && block_start < to) {
			if (!PageUptodate(page))
				zero_page_range(page, max(block_start, from), min(block_end, to));
			set_buffer_uptodate(bh);
			clear_buffer_new(bh);
			mark_buffer_dirty(bh);
		}
		block_start = block_end;
		bh = bh->b_this_page;
	} while (bh != head);
}

static int __block_write_begin(struct page *page, loff_t pos, unsigned int len,
			       get_block_t *get_block)
{
	struct inode *inode = page->mapping->host;
	unsigned int blocksize = i_blocksize(inode), bbits = inode->i_blkbits;
	unsigned int from = pos & (PAGE_SIZE - 1), to = from + len;
	unsigned int block_start, block_end;
	struct buffer_head *wait[PAGE_SIZE / 512];
	struct buffer_head *head, *bh;
	unsigned int nr_wait = 0;
	sector_t block;
	int err = 0;

	head = page_buffers_create(page, blocksize, 0);
	block = (sector_t)page->index << (PAGE_SHIFT - bbits);
	for (bh = head, block_start = 0; bh != head || !block_start;
	     block++, block_start = block_end, bh = bh->b_this_page) {
		block_end = block_start + blocksize;
		if (block_end <= from || block_start >= to) {
			/* Outside the write. */
			if (PageUptodate(page) && !buffer_uptodate(bh))
				set_buffer_uptodate(bh);
			continue;
		}
		clear_buffer_new(bh);
		if (!buffer_mapped(bh)) {
			err = get_block(inode, block, bh, 1);
			if (err)
				break;
			if (buffer_new(bh)) {
				clean_bdev_aliases(bh->b_bdev, bh->b_blocknr, 1);
				if (PageUptodate(page)) {
					clear_buffer_new(bh);
					set_buffer_uptodate(bh);
					mark_buffer_dirty(bh);
					continue;
				}
				/* A fresh block: what the write does not cover reads as zeros. */
				if (block_end > to)
					zero_page_range(page, to, block_end);
				if (block_start < from)
					zero_page_range(page, block_start, from);
				continue;
			}
		}
		if (PageUptodate(page)) {
			if (!buffer_uptodate(bh))
				set_buffer_uptodate(bh);
			continue;
		}
		/* A partly overwritten block must be read first. */
		if (!buffer_uptodate(bh) && !buffer_delay(bh) && !buffer_unwritten(bh) &&
		    (block_start < from || block_end > to)) {
			ll_rw_block(REQ_OP_READ, 1, &bh);
			wait[nr_wait++] = bh;
		}
	}
	while (nr_wait) {
		bh = wait[--nr_wait];
		wait_on_buffer(bh);
		if (!buffer_uptodate(bh))
			err = -EIO;
	}
	if (err)
		page_zero_new_buffers(page, from, to);
	return err;
}

int block_write_begin(struct address_space *mapping, loff_t pos, unsigned int len,
		      unsigned int flags, struct page **pagep, get_block_t *get_block)
{
	struct page *page;
	int err;

	page = grab_cache_page_write_begin(mapping, pos >> PAGE_SHIFT, flags);
	if (!page)
		return -ENOMEM;
	err = __block_write_begin(page, pos, len, get_block);
	if (err) {
		unlock_page(page);
		put_page(page);
		page = NULL;
	}
	*pagep = page;
	return err;
}

/* The buffers [from, to) now hold new data: uptodate and dirty. */
static void __block_commit_write(struct page *page, unsigned int from, unsigned int to)
{
	struct buffer_head *head = page_buffers(page), *bh = head;
	unsigned int block_start = 0, block_end;
	bool partial = false;

	do {
		block_end = block_start + bh->b_size;
		if (block_end <= from || block_start >= to) {
			if (!buffer_uptodate(bh))
				partial = true;
		} else {
			set_buffer_uptodate(bh);
			mark_buffer_dirty(bh);
		}
		clear_buffer_new(bh);
		block_start = block_end;
		bh = bh->b_this_page;
	} while (bh != head);

	/* Every buffer valid: so is the page (readpage need not run). */
	if (!partial)
		SetPageUptodate(page);
}

int block_write_end(struct file *file, struct address_space *mapping, loff_t pos,
		    unsigned int len, unsigned int copied, struct page *page, void *fsdata)
{
	unsigned int start = pos & (PAGE_SIZE - 1);

	if (copied < len) {
		/*
		 * A short copy into a page that is not uptodate may have left
		 * a buffer half written and not uptodate; a later read would
		 * overwrite it.  Count it as no write at all: the caller
		 * retries.
		 */
		if (!PageUptodate(page))
			copied = 0;
		page_zero_new_buffers(page, start + copied, start + len);
	}
	__block_commit_write(page, start, start + copied);
	return copied;
}

int generic_write_end(struct file *file, struct address_space *mapping, loff_t pos,
		      unsigned int len, unsigned int copied, struct page *page, void *fsdata)
{
	struct inode *inode = mapping->host;
	bool size_changed = false;

	copied = block_write_end(file, mapping, pos, len, copied, page, fsdata);
	/* i_size moves only with the page locked, so readpage sees it consistent. */
	if (pos + copied > inode->i_size) {
		i_size_write(inode, pos + copied);
		size_changed = true;
	}
	unlock_page(page);
	put_page(page);
	if (size_changed)
		mark_inode_dirty(inode);
	return copied;
}

/* ------------------------------------------------------------ truncation helpers */

int block_truncate_page(struct address_space *mapping, loff_t from, get_block_t *get_block)
{
	struct inode *inode = mapping->host;
	unsigned int blocksize = i_blocksize(inode), bbits = inode->i_blkbits;
	unsigned int offset = from & (PAGE_SIZE - 1), length, pos;
	pgoff_t index = from >> PAGE_SHIFT;
	struct buffer_head *bh;
	struct page *page;
	sector_t iblock;
	int err = 0;

	length = offset & (blocksize - 1);
	if (!length)
		return 0;	/* on a block boundary: nothing to zero */
	length = blocksize - length;
	iblock = (sector_t)index << (PAGE_SHIFT - bbits);

	page = find_or_create_page(mapping, index, mapping_gfp_mask(mapping));
	if (!page)
		return -ENOMEM;
	bh = page_buffers_create(page, blocksize, 0);
	/* The buffer holding offset. */
	for (pos = blocksize; offset >= pos; pos += blocksize) {
		bh = bh->b_this_page;
		iblock++;
	}
	if (!buffer_mapped(bh)) {
		err = get_block(inode, iblock, bh, 0);
		if (err || !buffer_mapped(bh))
			goto unlock;	/* a hole: reads as zeros already */
	}
	if (PageUptodate(page))
		set_buffer_uptodate(bh);
	if (!buffer_uptodate(bh) && !buffer_delay(bh) && !buffer_unwritten(bh)) {
		err = bh_read(bh, 0);
		if (err)
			goto unlock;
	}
	zero_page_range(page, offset, offset + length);
	mark_buffer_dirty(bh);
unlock:
	unlock_page(page);
	put_page(page);
	return err;
}

void block_invalidatepage(struct page *page, unsigned int offset, unsigned int length)
{
	unsigned int curr_off = 0, stop = offset + length;
	struct buffer_head *head, *bh, *next;

	WARN_ON_ONCE(!PageLocked(page));
	if (!page_has_buffers(page))
		return;
	head = page_buffers(page);
	bh = head;
	do {
		unsigned int next_off = curr_off + bh->b_size;

		next = bh->b_this_page;
		if (next_off > stop)
			return;
		/* Wholly inside the invalidated range: its block is gone. */
		if (offset <= curr_off)
			discard_buffer(bh);
		curr_off = next_off;
		bh = next;
	} while (bh != head);

	/* The whole page goes: free its buffers if nobody uses them. */
	if (offset == 0 && length >= PAGE_SIZE)
		try_to_free_buffers(page);
}

sector_t generic_block_bmap(struct address_space *mapping, sector_t block,
			    get_block_t *get_block)
{
	struct inode *inode = mapping->host;
	struct buffer_head tmp = {
		.b_size = i_blocksize(inode),
	};

	get_block(inode, block, &tmp, 0);
	return buffer_mapped(&tmp) ? tmp.b_blocknr : 0;
}

/* ------------------------------------------------------------ fsync */

/*
 * The data, the metadata buffers associated with the inode (indirect
 * blocks, directory blocks) and the inode, written and waited for; the
 * device's volatile cache is not flushed (the caller may have more to
 * write first).
 */
int generic_buffers_fsync_noflush(struct file *file, loff_t start, loff_t end, bool datasync)
{
	struct inode *inode = file->f_mapping->host;
	int err, ret;

	err = file_write_and_wait_range(file, start, end);
	if (err)
		return err;
	ret = sync_mapping_buffers(inode->i_mapping);
	/* fdatasync skips the inode if only timestamps changed. */
	if ((inode->i_state & I_DIRTY_INODE) &&
	    (!datasync || (inode->i_state & I_DIRTY_DATASYNC))) {
		err = sync_inode_metadata(inode, 1);
		if (!ret)
			ret = err;
	}
	/* Errors of writeback that finished meanwhile (buffers, other openers). */
	err = file_check_and_advance_wb_err(file);
	if (!ret)
		ret = err;
	return ret;
}

int generic_buffers_fsync(struct file *file, loff_t start, loff_t end, bool datasync)
{
	struct block_device *bdev = file->f_mapping->host->i_sb->s_bdev;
	int ret = generic_buffers_fsync_noflush(file, start, end, datasync);

	/* Durable, not just written: flush the disk's volatile cache. */
	if (!ret && bdev)
		ret = blkdev_issue_flush(bdev);
	return ret;
}
