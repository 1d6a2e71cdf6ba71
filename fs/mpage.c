// SPDX-License-Identifier: GPL-2.0-only
/*
 * Multi-page block I/O: read and write runs of page-cache pages whose
 * blocks are contiguous on disk as one large bio, without buffer heads.
 *
 *   mpage_readahead(rac, get_block)   ->readahead
 *   mpage_read_folio(page, get_block) ->readpage
 *   mpage_writepages(mapping, wbc, get_block)  ->writepages
 *
 * A page qualifies when all its blocks are mapped and contiguous (holes
 * are allowed only at the end of the page, and read as zeros).  Pages
 * that do not - blocks scattered inside the page, buffers already
 * attached with a state we cannot honour - go through the buffer-head
 * path (block_read_full_page / block_write_full_page), so correctness
 * never depends on the fast path.  Consecutive qualifying pages whose
 * blocks follow each other on disk share a bio; a discontiguity, a full
 * bio or a boundary block (ext2: an indirect block follows) ends it.
 *
 * Completion runs in interrupt context: each page of the bio is unlocked
 * (reads) or its writeback ended (writes), errors recorded on the page
 * and, for writes, on the mapping.  A page written with its buffers
 * attached (the block device's cache of metadata blocks) has them locked
 * from submission to completion, as BH_Lock promises (fs/buffer.c): a
 * buffer that is clean and unlocked is on the disk.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/pagemap.h>
#include <linux/writeback.h>
#include <linux/blkdev.h>
#include <linux/bio.h>
#include <linux/buffer_head.h>
#include "buffer_internal.h"

/*
 * Pages per bio we ask for: up to 1 MiB; bio_add_page() stops at the
 * queue's limits (virtio-blk: 254 pages), so a bio is as large as one
 * request can be.
 */
#define MPAGE_BIO_VECS	BIO_MAX_VECS

#define MAX_BLOCKS_PER_PAGE	(PAGE_SIZE / 512)

static void mpage_read_end_io(struct bio *bio)
{
	struct bio_vec *bv;
	int i;

	bio_for_each_segment_all(bv, bio, i) {
		struct page *page = bv->bv_page;

		if (!bio->bi_status) {
			SetPageUptodate(page);
		} else {
			ClearPageUptodate(page);
			SetPageError(page);
		}
		unlock_page(page);
	}
	bio_put(bio);
}

/*
 * The buffers mpage_lock_buffers() locked for a write: record how it
 * went and unlock them.  Buffers attached to the page after it was
 * submitted (no BH_Async_Write) were not part of the write.
 */
static void mpage_end_buffers(struct page *page, bool ok)
{
	struct buffer_head *head, *bh;

	if (!page_has_buffers(page))
		return;
	head = page_buffers(page);
	for_each_bh_in_ring(bh, head) {
		if (!test_clear_buffer_async_write(bh))
			continue;
		if (!ok) {
			clear_buffer_uptodate(bh);
			mark_buffer_write_io_error(bh);
		}
		unlock_buffer(bh);
	}
}

static void mpage_write_end_io(struct bio *bio)
{
	struct bio_vec *bv;
	int i;

	bio_for_each_segment_all(bv, bio, i) {
		struct page *page = bv->bv_page;

		if (bio->bi_status) {
			SetPageError(page);
			if (page->mapping)
				mapping_set_error(page->mapping,
						  blk_status_to_errno(bio->bi_status));
		}
		mpage_end_buffers(page, !bio->bi_status);
		end_page_writeback(page);
	}
	bio_put(bio);
}

static struct bio *mpage_bio_submit(struct bio *bio)
{
	submit_bio(bio);
	return NULL;
}

/* ------------------------------------------------------------ reading */

struct mpage_read_state {
	struct bio *bio;
	unsigned int nr_pages;		/* pages left in this readahead */
	bool is_readahead;
	sector_t last_block_in_bio;	/* disk block of the bio's last block */
	struct buffer_head map_bh;	/* the last mapping get_block returned */
	sector_t first_logical_block;	/* file block map_bh starts at */
	get_block_t *get_block;
};

static void mpage_read_page(struct mpage_read_state *st, struct page *page)
{
	struct inode *inode = page->mapping->host;
	unsigned int bbits = inode->i_blkbits, blocksize = 1U << bbits;
	unsigned int blocks_per_page = PAGE_SIZE >> bbits;
	struct buffer_head *map_bh = &st->map_bh;
	sector_t blocks[MAX_BLOCKS_PER_PAGE];
	struct block_device *bdev = NULL;
	sector_t block_in_file, last_block, last_block_in_file;
	unsigned int page_block, first_hole = blocks_per_page, length;
	bool fully_mapped = true, boundary = false;

	if (page_has_buffers(page))
		goto confused;

	block_in_file = (sector_t)page->index << (PAGE_SHIFT - bbits);
	last_block = block_in_file + (sector_t)st->nr_pages * blocks_per_page;
	last_block_in_file = (i_size_read(inode) + blocksize - 1) >> bbits;
	if (last_block > last_block_in_file)
		last_block = last_block_in_file;

	for (page_block = 0; page_block < blocks_per_page; page_block++, block_in_file++) {
		sector_t map_len;

		/* Still inside the extent the last get_block reported? */
		map_len = map_bh->b_size >> bbits;
		if (!buffer_mapped(map_bh) || block_in_file < st->first_logical_block ||
		    block_in_file >= st->first_logical_block + map_len) {
			map_bh->b_state = 0;
			map_bh->b_size = 0;
			if (block_in_file < last_block) {
				/* Ask for the rest of the readahead in one call. */
				map_bh->b_size = (size_t)(last_block - block_in_file) << bbits;
				if (st->get_block(inode, block_in_file, map_bh, 0))
					goto confused;
				st->first_logical_block = block_in_file;
			}
			if (!buffer_mapped(map_bh)) {
				map_bh->b_size = 0;
			} else if (map_bh->b_size < blocksize) {
				/* A file system that reports no length maps one block. */
				map_bh->b_size = blocksize;
			}
		}
		if (!buffer_mapped(map_bh)) {
			fully_mapped = false;
			if (first_hole == blocks_per_page)
				first_hole = page_block;
			continue;
		}
		/* Data after a hole, or data get_block read itself: use buffers. */
		if (first_hole != blocks_per_page || buffer_uptodate(map_bh))
			goto confused;
		blocks[page_block] = map_bh->b_blocknr + (block_in_file - st->first_logical_block);
		if (page_block && blocks[page_block] != blocks[page_block - 1] + 1)
			goto confused;
		if (bdev && bdev != map_bh->b_bdev)
			goto confused;
		bdev = map_bh->b_bdev;
		/* Boundary: the disk block after this extent's last is metadata. */
		boundary = buffer_boundary(map_bh) &&
			   block_in_file == st->first_logical_block + (map_bh->b_size >> bbits) - 1;
	}

	if (first_hole != blocks_per_page) {
		zero_page_range(page, first_hole << bbits, PAGE_SIZE);
		if (first_hole == 0) {
			/* All hole: no I/O at all. */
			SetPageUptodate(page);
			unlock_page(page);
			return;
		}
	} else if (fully_mapped) {
		SetPageMappedToDisk(page);
	}

	if (st->bio && (st->last_block_in_bio != blocks[0] - 1 || st->bio->bi_bdev != bdev))
		st->bio = mpage_bio_submit(st->bio);
alloc_new:
	if (!st->bio) {
		st->bio = bio_alloc(bdev, min_t(unsigned int, st->nr_pages, MPAGE_BIO_VECS),
				    REQ_OP_READ | (st->is_readahead ? REQ_RAHEAD : 0), GFP_NOFS);
		st->bio->bi_iter.bi_sector = blocks[0] << (bbits - SECTOR_SHIFT);
		st->bio->bi_end_io = mpage_read_end_io;
	}
	length = first_hole << bbits;
	if (bio_add_page(st->bio, page, length, 0) < (int)length) {
		st->bio = mpage_bio_submit(st->bio);
		goto alloc_new;
	}
	if (boundary || first_hole != blocks_per_page)
		st->bio = mpage_bio_submit(st->bio);
	else
		st->last_block_in_bio = blocks[blocks_per_page - 1];
	return;

confused:
	if (st->bio)
		st->bio = mpage_bio_submit(st->bio);
	if (!PageUptodate(page))
		block_read_full_page(page, st->get_block);
	else
		unlock_page(page);
}

void mpage_readahead(struct readahead_control *rac, get_block_t *get_block)
{
	struct mpage_read_state st = {
		.is_readahead = true,
		.get_block = get_block,
	};
	struct page *page;

	while ((page = readahead_page(rac)) != NULL) {
		/* Pages left in this run, this one included. */
		st.nr_pages = readahead_count(rac);
		mpage_read_page(&st, page);
		put_page(page);
	}
	if (st.bio)
		mpage_bio_submit(st.bio);
}

int mpage_read_folio(struct page *page, get_block_t *get_block)
{
	struct mpage_read_state st = {
		.nr_pages = 1,
		.get_block = get_block,
	};

	mpage_read_page(&st, page);
	if (st.bio)
		mpage_bio_submit(st.bio);
	return 0;
}

/* ------------------------------------------------------------ writing */

struct mpage_write_state {
	struct bio *bio;
	sector_t last_block_in_bio;
	get_block_t *get_block;
};

/*
 * Find the disk blocks of a dirty page.  Returns the number of blocks to
 * write (the rest of the page is past EOF), or 0 if the page must take
 * the buffer-head path.
 */
static unsigned int mpage_map_page(struct mpage_write_state *st, struct page *page,
				   sector_t *blocks, struct block_device **bdevp, bool *boundary)
{
	struct inode *inode = page->mapping->host;
	unsigned int bbits = inode->i_blkbits, blocks_per_page = PAGE_SIZE >> bbits;
	loff_t i_size = i_size_read(inode);
	struct buffer_head map_bh;
	sector_t block_in_file, last_block;
	unsigned int page_block;

	if (page_has_buffers(page)) {
		struct buffer_head *head = page_buffers(page), *bh = head;
		unsigned int first_unmapped = blocks_per_page;

		/* Usable only if every buffer is mapped, dirty and in disk order. */
		page_block = 0;
		do {
			if (!buffer_mapped(bh)) {
				if (buffer_dirty(bh))
					return 0;
				if (first_unmapped == blocks_per_page)
					first_unmapped = page_block;
			} else {
				if (first_unmapped != blocks_per_page || !buffer_dirty(bh) ||
				    !buffer_uptodate(bh))
					return 0;
				if (page_block && bh->b_blocknr != blocks[page_block - 1] + 1)
					return 0;
				blocks[page_block] = bh->b_blocknr;
				*bdevp = bh->b_bdev;
				*boundary = buffer_boundary(bh);
			}
			page_block++;
			bh = bh->b_this_page;
		} while (bh != head);
		return first_unmapped;
	}

	if (!i_size)
		return 0;
	block_in_file = (sector_t)page->index << (PAGE_SHIFT - bbits);
	last_block = (i_size - 1) >> bbits;
	if (block_in_file > last_block)
		return 0;	/* past EOF: block_write_full_page drops it */
	for (page_block = 0; page_block < blocks_per_page; ) {
		map_bh.b_state = 0;
		map_bh.b_size = 1U << bbits;
		map_bh.b_page = page;
		if (st->get_block(inode, block_in_file, &map_bh, 1))
			return 0;
		if (!buffer_mapped(&map_bh))
			return 0;
		if (buffer_new(&map_bh))
			clean_bdev_aliases(map_bh.b_bdev, map_bh.b_blocknr, 1);
		if (page_block && map_bh.b_blocknr != blocks[page_block - 1] + 1)
			return 0;
		blocks[page_block++] = map_bh.b_blocknr;
		*bdevp = map_bh.b_bdev;
		*boundary = buffer_boundary(&map_bh);
		if (block_in_file == last_block)
			break;
		block_in_file++;
	}
	return page_block;
}

/*
 * A page with buffers goes out whole, but its buffers take part: each is
 * locked for the write's duration (as the buffer-head path does) and
 * marked BH_Async_Write, so that whoever waits on one - fsync of the
 * inode whose metadata block it is - waits for this write, and cleaned.
 * False, with nothing changed, if another I/O holds one of them: the
 * page then goes down the buffer-head path, which waits for it.
 */
static bool mpage_lock_buffers(struct page *page)
{
	struct buffer_head *head = page_buffers(page), *bh, *taken;

	for_each_bh_in_ring(bh, head) {
		if (trylock_buffer(bh))
			continue;
		for (taken = head; taken != bh; taken = taken->b_this_page)
			unlock_buffer(taken);
		return false;
	}
	for_each_bh_in_ring(bh, head) {
		clear_buffer_dirty(bh);
		set_buffer_async_write(bh);
	}
	return true;
}

static int mpage_write_page(struct page *page, struct writeback_control *wbc, void *data)
{
	struct mpage_write_state *st = data;
	struct address_space *mapping = page->mapping;
	struct inode *inode = mapping->host;
	unsigned int bbits = inode->i_blkbits, blocks_per_page = PAGE_SIZE >> bbits;
	sector_t blocks[MAX_BLOCKS_PER_PAGE];
	struct block_device *bdev = NULL;
	bool boundary = false;
	unsigned int nr_blocks, length;
	loff_t i_size = i_size_read(inode);
	pgoff_t end_index = i_size >> PAGE_SHIFT;
	int ret;

	nr_blocks = mpage_map_page(st, page, blocks, &bdev, &boundary);
	if (!nr_blocks)
		goto confused;
	if (page->index >= end_index) {
		unsigned int offset = i_size & (PAGE_SIZE - 1);

		if (page->index > end_index || !offset)
			goto confused;
		/* Straddles EOF: the tail never reaches the disk as garbage. */
		zero_page_range(page, offset, PAGE_SIZE);
	}
	if (page_has_buffers(page) && !mpage_lock_buffers(page))
		goto confused;

	if (st->bio && (st->last_block_in_bio != blocks[0] - 1 || st->bio->bi_bdev != bdev))
		st->bio = mpage_bio_submit(st->bio);
alloc_new:
	if (!st->bio) {
		st->bio = bio_alloc(bdev, MPAGE_BIO_VECS, REQ_OP_WRITE | wbc_to_write_flags(wbc),
				    GFP_NOFS);
		st->bio->bi_iter.bi_sector = blocks[0] << (bbits - SECTOR_SHIFT);
		st->bio->bi_end_io = mpage_write_end_io;
	}
	length = nr_blocks << bbits;
	if (bio_add_page(st->bio, page, length, 0) < (int)length) {
		st->bio = mpage_bio_submit(st->bio);
		goto alloc_new;
	}

	WARN_ON_ONCE(PageWriteback(page));
	set_page_writeback(page);
	unlock_page(page);
	if (boundary || nr_blocks != blocks_per_page)
		st->bio = mpage_bio_submit(st->bio);
	else
		st->last_block_in_bio = blocks[blocks_per_page - 1];
	return 0;

confused:
	if (st->bio)
		st->bio = mpage_bio_submit(st->bio);
	ret = block_write_full_page(page, st->get_block, wbc);
	if (ret)
		mapping_set_error(mapping, ret);
	return ret;
}

int mpage_writepages(struct address_space *mapping, struct writeback_control *wbc,
		     get_block_t *get_block)
{
	struct mpage_write_state st = {
		.get_block = get_block,
	};
	struct blk_plug plug;
	int ret;

	blk_start_plug(&plug);
	ret = write_cache_pages(mapping, wbc, mpage_write_page, &st);
	if (st.bio)
		mpage_bio_submit(st.bio);
	blk_finish_plug(&plug);
	return ret;
}
