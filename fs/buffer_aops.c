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

/*
 * Ready buffer nr of page (file block iblock; the file has file_blocks
 * blocks) for a read of the page.  Returns true when its block has to
 * come from the disk.  A block without a disk mapping is looked up; a
 * hole, a block past EOF or one get_block failed on reads as zeros (the
 * failure leaves it not up to date and the page in error).
 */
static bool read_prepare_block(struct inode *inode, struct page *page, struct buffer_head *bh,
			       unsigned int nr, sector_t iblock, sector_t file_blocks,
			       get_block_t *get_block)
{
	unsigned int size = bh->b_size;
	int err = 0;

	if (buffer_uptodate(bh))
		return false;
	if (!buffer_mapped(bh) && iblock < file_blocks) {
		err = get_block(inode, iblock, bh, 0);
		if (err)
			SetPageError(page);
	}
	/* get_block may have filled the buffer itself. */
	if (buffer_mapped(bh))
		return !buffer_uptodate(bh);

	zero_page_range(page, nr * size, (nr + 1) * size);
	if (!err)
		set_buffer_uptodate(bh);
	return false;
}

/*
 * Start the reads of a page's blocks.  Each is locked and marked as part
 * of the page's async read before the first goes out, so that no early
 * completion can believe it is the page's last one.  A buffer someone
 * read while we waited for its lock completes at once.
 */
static void submit_page_reads(struct buffer_head **bhs, unsigned int nr)
{
	unsigned int i;

	for (i = 0; i < nr; i++) {
		lock_buffer(bhs[i]);
		mark_buffer_async_read(bhs[i]);
	}
	for (i = 0; i < nr; i++) {
		if (!buffer_uptodate(bhs[i]))
			submit_bh(REQ_OP_READ, bhs[i]);
		else
			bhs[i]->b_end_io(bhs[i], 1);
	}
}

int block_read_full_page(struct page *page, get_block_t *get_block)
{
	struct inode *inode = page->mapping->host;
	unsigned int bbits = inode->i_blkbits, per_page = PAGE_SIZE >> bbits;
	sector_t first = (sector_t)page->index << (PAGE_SHIFT - bbits);
	sector_t file_blocks = (i_size_read(inode) + i_blocksize(inode) - 1) >> bbits;
	struct buffer_head *to_read[PAGE_SIZE / 512];
	struct buffer_head *bh;
	unsigned int n, nr_read = 0;
	bool all_mapped = true;

	bh = page_buffers_create(page, i_blocksize(inode), 0);

	/* Pass 1: map each block, and list the ones to read from the disk. */
	for (n = 0; n < per_page; n++, bh = bh->b_this_page) {
		if (!buffer_uptodate(bh) && !buffer_mapped(bh))
			all_mapped = false;
		if (read_prepare_block(inode, page, bh, n, first + n, file_blocks, get_block))
			to_read[nr_read++] = bh;
	}
	if (all_mapped)
		SetPageMappedToDisk(page);

	/* Pass 2: read them; the last completion unlocks the page. */
	if (nr_read) {
		submit_page_reads(to_read, nr_read);
		return 0;
	}
	/* Holes and cached blocks only: the page is done now. */
	if (!PageError(page))
		SetPageUptodate(page);
	unlock_page(page);
	return 0;
}

/* ------------------------------------------------------------ writing back */

/*
 * Before a page is written: give a disk block to each dirty buffer that
 * lacks one (or has only a delayed reservation), which may allocate.
 * Buffers past EOF on a page straddling it have nothing to write.
 * Returns 0 or get_block's error (the buffers after it are left alone).
 */
static int writepage_map_blocks(struct inode *inode, struct buffer_head *head,
				sector_t first, sector_t last, get_block_t *get_block)
{
	unsigned int n, per_page = PAGE_SIZE / head->b_size;
	struct buffer_head *bh = head;
	int err;

	for (n = 0; n < per_page; n++, bh = bh->b_this_page) {
		if (first + n > last) {
			clear_buffer_dirty(bh);
			set_buffer_uptodate(bh);
			continue;
		}
		if (!buffer_dirty(bh) || (buffer_mapped(bh) && !buffer_delay(bh)))
			continue;
		err = get_block(inode, first + n, bh, 1);
		if (err)
			return err;
		clear_buffer_delay(bh);
		/* A newly allocated block may still be cached as old metadata. */
		if (buffer_new(bh)) {
			clear_buffer_new(bh);
			clean_bdev_aliases(bh->b_bdev, bh->b_blocknr, 1);
		}
	}
	return 0;
}

/*
 * Take one buffer of a page being written: returns true when it is
 * locked, marked for the page's async write and must be submitted.  In
 * background write-out a buffer someone holds locked is skipped and the
 * page redirtied (only the page: see redirty_page_for_writepage()).
 */
static bool writepage_claim_buffer(struct page *page, struct buffer_head *bh,
				   struct writeback_control *wbc, int map_err)
{
	if (!buffer_mapped(bh)) {
		/* No block to write it to (get_block failed): its data is lost. */
		if (map_err)
			clear_buffer_dirty(bh);
		return false;
	}
	if (wbc->sync_mode == WB_SYNC_NONE) {
		if (!trylock_buffer(bh)) {
			redirty_page_for_writepage(wbc, page);
			return false;
		}
	} else {
		lock_buffer(bh);
	}
	/*
	 * A dirty buffer that was never read or filled holds whatever
	 * the page's memory held: never write that over the disk.
	 */
	if (WARN_ONCE(buffer_dirty(bh) && !buffer_uptodate(bh) && !PageUptodate(page),
		      "writeback: dirty buffer of block %llu is not up to date\n",
		      (unsigned long long)bh->b_blocknr))
		clear_buffer_dirty(bh);
	if (!test_clear_buffer_dirty(bh)) {
		unlock_buffer(bh);
		return false;
	}
	mark_buffer_async_write(bh);
	return true;
}

/*
 * Write the dirty buffers of a locked page whose dirty bit was cleared
 * for I/O, in three passes: map (allocate) the dirty blocks; lock and
 * claim the buffers to write; then, with the page under writeback,
 * submit them.  The blocks that did map are written even when another
 * failed to; the failure is left on the page and its mapping.
 */
static int __block_write_full_page(struct inode *inode, struct page *page,
				   get_block_t *get_block, struct writeback_control *wbc)
{
	unsigned int bbits = inode->i_blkbits, per_page = PAGE_SIZE >> bbits;
	sector_t first = (sector_t)page->index << (PAGE_SHIFT - bbits);
	sector_t last = (i_size_read(inode) - 1) >> bbits;
	blk_opf_t opf = REQ_OP_WRITE | wbc_to_write_flags(wbc);
	struct buffer_head *to_write[PAGE_SIZE / 512];
	struct buffer_head *head, *bh;
	unsigned int n, nr_write = 0;
	int err;

	head = page_buffers_create(page, i_blocksize(inode),
				   (1UL << BH_Dirty) | (1UL << BH_Uptodate));
	err = writepage_map_blocks(inode, head, first, last, get_block);

	bh = head;
	for (n = 0; n < per_page; n++, bh = bh->b_this_page) {
		if (writepage_claim_buffer(page, bh, wbc, err))
			to_write[nr_write++] = bh;
	}
	if (err) {
		SetPageError(page);
		mapping_set_error(page->mapping, err);
	}

	WARN_ON_ONCE(PageWriteback(page));
	set_page_writeback(page);
	for (n = 0; n < nr_write; n++)
		submit_bh(opf, to_write[n]);
	unlock_page(page);
	/* Nothing turned out to be dirty: no completion will end the writeback. */
	if (!nr_write)
		end_page_writeback(page);
	return err;
}

int block_write_full_page(struct page *page, get_block_t *get_block,
			  struct writeback_control *wbc)
{
	struct inode *inode = page->mapping->host;
	loff_t size = i_size_read(inode);
	loff_t page_pos = (loff_t)page->index << PAGE_SHIFT;

	/* Wholly at or past EOF: truncation is removing it; nothing to write. */
	if (page_pos >= size) {
		block_invalidatepage(page, 0, PAGE_SIZE);
		unlock_page(page);
		return 0;
	}
	/*
	 * On a page straddling EOF, what lies past it may hold stores through
	 * mmap: zero it so that it never reaches the disk.
	 */
	if (size - page_pos < PAGE_SIZE)
		zero_page_range(page, size - page_pos, PAGE_SIZE);
	return __block_write_full_page(inode, page, get_block, wbc);
}

/* ------------------------------------------------------------ buffered writes */

/*
 * A write into [from, to) failed or came up short: blocks it allocated
 * there must not show the disk's old contents.  Zero their part of the
 * range (unless the page is valid as a whole) and keep them as written.
 */
static void page_zero_new_buffers(struct page *page, unsigned int from, unsigned int to)
{
	struct buffer_head *bh;
	unsigned int start = 0;

	if (!page_has_buffers(page))
		return;
	for_each_bh_in_ring(bh, page_buffers(page)) {
		unsigned int end = start + bh->b_size;

		if (buffer_new(bh) && start < to && end > from) {
			if (!PageUptodate(page))
				zero_page_range(page, max(start, from), min(end, to));
			clear_buffer_new(bh);
			set_buffer_uptodate(bh);
			mark_buffer_dirty(bh);
		}
		start = end;
	}
}

/*
 * Ready one block of a page (file block iblock at page offset start)
 * for a write of [from, to).  Returns 1 when the block has to be read
 * first (the write covers only part of it), 0 when it is ready, or
 * get_block's error.
 */
static int write_begin_block(struct inode *inode, struct page *page, struct buffer_head *bh,
			     sector_t iblock, unsigned int start, unsigned int from,
			     unsigned int to, get_block_t *get_block)
{
	unsigned int end = start + bh->b_size;
	bool page_valid = PageUptodate(page);
	int err;

	/* Outside the write: it only learns that the page is valid. */
	if (end <= from || start >= to) {
		if (page_valid)
			set_buffer_uptodate(bh);
		return 0;
	}

	clear_buffer_new(bh);
	if (!buffer_mapped(bh)) {
		err = get_block(inode, iblock, bh, 1);
		if (err)
			return err;
	}
	if (buffer_new(bh)) {
		clean_bdev_aliases(bh->b_bdev, bh->b_blocknr, 1);
		if (!page_valid) {
			/* A fresh block: what the write leaves out reads as zeros. */
			zero_page_range(page, start, from);
			zero_page_range(page, to, end);
			return 0;
		}
		/* The page's memory is the data: all of the block gets written. */
		clear_buffer_new(bh);
		set_buffer_uptodate(bh);
		mark_buffer_dirty(bh);
		return 0;
	}
	if (page_valid) {
		set_buffer_uptodate(bh);
		return 0;
	}
	if (buffer_uptodate(bh) || buffer_delay(bh) || buffer_unwritten(bh))
		return 0;
	return start < from || end > to;
}

static int __block_write_begin(struct page *page, loff_t pos, unsigned int len,
			       get_block_t *get_block)
{
	struct inode *inode = page->mapping->host;
	unsigned int bbits = inode->i_blkbits, size = i_blocksize(inode);
	unsigned int from = pos & (PAGE_SIZE - 1), to = from + len;
	sector_t first = (sector_t)page->index << (PAGE_SHIFT - bbits);
	struct buffer_head *reads[PAGE_SIZE / 512];
	unsigned int n, nr_reads = 0;
	struct buffer_head *bh;
	int err = 0, ret;

	bh = page_buffers_create(page, size, 0);
	for (n = 0; n < (PAGE_SIZE >> bbits); n++, bh = bh->b_this_page) {
		ret = write_begin_block(inode, page, bh, first + n, n * size, from, to, get_block);
		if (ret < 0) {
			err = ret;
			break;
		}
		if (ret) {
			ll_rw_block(REQ_OP_READ, 1, &bh);
			reads[nr_reads++] = bh;
		}
	}
	/* Reads already started are waited for even after an error. */
	for (n = 0; n < nr_reads; n++) {
		wait_on_buffer(reads[n]);
		if (!buffer_uptodate(reads[n]))
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

	*pagep = NULL;
	page = grab_cache_page_write_begin(mapping, pos >> PAGE_SHIFT, flags);
	if (!page)
		return -ENOMEM;
	err = __block_write_begin(page, pos, len, get_block);
	if (!err) {
		*pagep = page;
		return 0;
	}
	unlock_page(page);
	put_page(page);
	return err;
}

/*
 * The buffers overlapping [from, to) now hold new data: up to date and
 * dirty.  When no buffer of the page is left invalid, the page is valid
 * (a later read need not go to the disk).
 */
static void __block_commit_write(struct page *page, unsigned int from, unsigned int to)
{
	struct buffer_head *head = page_buffers(page), *bh = head;
	unsigned int n, size = head->b_size, invalid = 0;

	for (n = 0; n < PAGE_SIZE / size; n++, bh = bh->b_this_page) {
		unsigned int start = n * size;

		if (start < to && start + size > from) {
			set_buffer_uptodate(bh);
			mark_buffer_dirty(bh);
		} else if (!buffer_uptodate(bh)) {
			invalid++;
		}
		clear_buffer_new(bh);
	}
	if (!invalid)
		SetPageUptodate(page);
}

int block_write_end(struct file *file, struct address_space *mapping, loff_t pos,
		    unsigned int len, unsigned int copied, struct page *page, void *fsdata)
{
	unsigned int start = pos & (PAGE_SIZE - 1);

	/*
	 * A short copy into a page that is not valid may have left a block
	 * half written and not up to date, which a later read would clobber:
	 * it counts as no write at all, and the caller tries again.
	 */
	if (copied < len && !PageUptodate(page))
		copied = 0;
	if (copied < len)
		page_zero_new_buffers(page, start + copied, start + len);
	__block_commit_write(page, start, start + copied);
	return copied;
}

int generic_write_end(struct file *file, struct address_space *mapping, loff_t pos,
		      unsigned int len, unsigned int copied, struct page *page, void *fsdata)
{
	struct inode *inode = mapping->host;
	loff_t new_end;
	bool grew;

	copied = block_write_end(file, mapping, pos, len, copied, page, fsdata);
	new_end = pos + copied;
	/* i_size changes only under the page lock: readpage sees it settled. */
	grew = new_end > inode->i_size;
	if (grew)
		i_size_write(inode, new_end);
	unlock_page(page);
	put_page(page);
	if (grew)
		mark_inode_dirty(inode);
	return copied;
}

/* ------------------------------------------------------------ truncation helpers */

int block_truncate_page(struct address_space *mapping, loff_t from, get_block_t *get_block)
{
	struct inode *inode = mapping->host;
	unsigned int bbits = inode->i_blkbits, size = i_blocksize(inode);
	unsigned int in_page = from & (PAGE_SIZE - 1), nr = in_page >> bbits, i;
	unsigned int block_end = (nr + 1) << bbits;
	pgoff_t index = from >> PAGE_SHIFT;
	struct buffer_head *bh;
	struct page *page;
	int err = 0;

	/* On a block boundary nothing of the last block lies past the new EOF. */
	if (!(in_page & (size - 1)))
		return 0;

	page = find_or_create_page(mapping, index, mapping_gfp_mask(mapping));
	if (!page)
		return -ENOMEM;
	bh = page_buffers_create(page, size, 0);
	for (i = 0; i < nr; i++)
		bh = bh->b_this_page;

	if (!buffer_mapped(bh)) {
		err = get_block(inode, ((sector_t)index << (PAGE_SHIFT - bbits)) + nr, bh, 0);
		/* A hole reads as zeros already. */
		if (err || !buffer_mapped(bh))
			goto out;
	}
	if (PageUptodate(page))
		set_buffer_uptodate(bh);
	/* The part before from stays: the block must be valid before it is dirtied. */
	if (!buffer_uptodate(bh) && !buffer_delay(bh) && !buffer_unwritten(bh)) {
		err = bh_read(bh, 0);
		if (err)
			goto out;
	}
	zero_page_range(page, in_page, block_end);
	mark_buffer_dirty(bh);
out:
	unlock_page(page);
	put_page(page);
	return err;
}

/*
 * Truncation drops [offset, offset + length) of a locked page: the
 * buffers wholly inside it lose their blocks.  When the whole page goes,
 * its buffers go too if nobody uses them.
 */
void block_invalidatepage(struct page *page, unsigned int offset, unsigned int length)
{
	unsigned int start = 0, stop = offset + length;
	struct buffer_head *bh;

	WARN_ON_ONCE(!PageLocked(page));
	if (!page_has_buffers(page))
		return;
	for_each_bh_in_ring(bh, page_buffers(page)) {
		if (start >= offset && start + bh->b_size <= stop)
			discard_buffer(bh);
		start += bh->b_size;
	}
	if (offset == 0 && length >= PAGE_SIZE)
		try_to_free_buffers(page);
}

/* ->bmap: the disk block of a file block, 0 for a hole (or an error). */
sector_t generic_block_bmap(struct address_space *mapping, sector_t block, get_block_t *get_block)
{
	struct inode *host = mapping->host;
	struct buffer_head probe;

	memset(&probe, 0, sizeof(probe));
	probe.b_size = i_blocksize(host);
	get_block(host, block, &probe, 0);
	return buffer_mapped(&probe) ? probe.b_blocknr : 0;
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
