// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of buffer heads on the RAM disk ram0 (CONFIG_SELFTESTS):
 * a block written through a buffer and sync_dirty_buffer() survives
 * dropping the cache and reads back; neighbours read with ll_rw_block();
 * no buffer past the end of the device; a page written with
 * block_write_full_page() and read back with block_read_full_page()
 * (the async completion paths); a page redirtied by a write-out that had
 * to skip a locked buffer keeps its unread blocks clean; an inode's
 * associated buffers written by sync_mapping_buffers().
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/fs.h>
#include <linux/pagemap.h>
#include <linux/writeback.h>
#include <linux/blkdev.h>
#include <linux/buffer_head.h>
#include <linux/selftest.h>

#define BH_TEST_SIZE	1024
#define RAMDISK_MAJOR	1

static void fill(void *p, size_t len, u8 seed)
{
	u8 *b = p;

	for (size_t i = 0; i < len; i++)
		b[i] = (u8)(seed + i * 7);
}

static bool filled(const void *p, size_t len, u8 seed)
{
	const u8 *b = p;

	for (size_t i = 0; i < len; i++)
		if (b[i] != (u8)(seed + i * 7))
			return false;
	return true;
}

/* Forget every cached page of the device (buffers must all be free). */
static int drop_bdev_cache(struct block_device *bdev)
{
	struct address_space *mapping = bdev->bd_inode->i_mapping;
	struct page *pages[16];
	pgoff_t index = 0;
	unsigned int n, i;
	int busy = 0;

	while ((n = find_get_pages(mapping, index, ARRAY_SIZE(pages), pages)) > 0) {
		for (i = 0; i < n; i++) {
			lock_page(pages[i]);
			if (!try_to_free_buffers(pages[i]))
				busy++;
			unlock_page(pages[i]);
			index = pages[i]->index + 1;
			put_page(pages[i]);
		}
	}
	truncate_inode_pages(mapping, 0);
	return busy ? -EBUSY : (mapping->nrpages ? -EBUSY : 0);
}

/* File block n of the device inode is device block n. */
static int identity_get_block(struct inode *inode, sector_t iblock, struct buffer_head *bh,
			      int create)
{
	bh->b_bdev = I_BDEV(inode);
	bh->b_blocknr = iblock;
	bh->b_size = 1U << inode->i_blkbits;
	set_buffer_mapped(bh);
	return 0;
}

static int bh_lifecycle(struct block_device *bdev)
{
	struct buffer_head *bh, *bhs[2];
	sector_t nr_blocks = bdev_nr_bytes(bdev) / BH_TEST_SIZE;

	bh = __getblk(bdev, 5, BH_TEST_SIZE);
	ST_ASSERT(bh && buffer_mapped(bh) && bh->b_blocknr == 5 && bh->b_size == BH_TEST_SIZE,
		  "getblk");
	ST_ASSERT(atomic_read(&bh->b_count) == 1, "count %d", atomic_read(&bh->b_count));
	lock_buffer(bh);
	fill(bh->b_data, BH_TEST_SIZE, 5);
	set_buffer_uptodate(bh);
	unlock_buffer(bh);
	mark_buffer_dirty(bh);
	ST_ASSERT(buffer_dirty(bh) && PageDirty(bh->b_page), "dirty");
	ST_ASSERT(!sync_dirty_buffer(bh), "sync_dirty_buffer");
	ST_ASSERT(!buffer_dirty(bh) && buffer_uptodate(bh), "clean after the write");
	ST_ASSERT(__find_get_block(bdev, 5, BH_TEST_SIZE) == bh, "cached");
	brelse(bh);
	brelse(bh);

	ST_ASSERT(!drop_bdev_cache(bdev), "buffers still busy");
	ST_ASSERT(!__find_get_block(bdev, 5, BH_TEST_SIZE), "gone from the cache");
	bh = __bread(bdev, 5, BH_TEST_SIZE);
	ST_ASSERT(bh && buffer_uptodate(bh), "bread");
	ST_ASSERT(filled(bh->b_data, BH_TEST_SIZE, 5), "data came back from the disk");
	brelse(bh);

	bhs[0] = __getblk(bdev, 4, BH_TEST_SIZE);
	bhs[1] = __getblk(bdev, 6, BH_TEST_SIZE);
	ST_ASSERT(bhs[0] && bhs[1], "neighbours");
	ll_rw_block(REQ_OP_READ, 2, bhs);
	wait_on_buffer(bhs[0]);
	wait_on_buffer(bhs[1]);
	ST_ASSERT(buffer_uptodate(bhs[0]) && buffer_uptodate(bhs[1]), "ll_rw_block read");
	bforget(bhs[0]);
	brelse(bhs[1]);

	ST_ASSERT(!__bread(bdev, nr_blocks + 3, BH_TEST_SIZE), "a block past the end");
	return 0;
}

static int bh_page_io(struct block_device *bdev)
{
	struct address_space *mapping = bdev->bd_inode->i_mapping;
	struct writeback_control wbc = {
		.sync_mode = WB_SYNC_ALL,
		.nr_to_write = 1,
		.range_end = LLONG_MAX,
	};
	struct buffer_head *bh;
	struct page *page;

	/* Page 2 holds blocks 8..11. */
	page = find_or_create_page(mapping, 2, GFP_NOFS);
	ST_ASSERT(page, "page");
	fill(page_address(page), PAGE_SIZE, 2);
	SetPageUptodate(page);
	create_empty_buffers(page, BH_TEST_SIZE, 0);
	ST_ASSERT(buffer_uptodate(page_buffers(page)), "buffers inherit uptodate");
	__set_page_dirty_buffers(page);
	ST_ASSERT(PageDirty(page) && buffer_dirty(page_buffers(page)), "dirty buffers");
	ST_ASSERT(clear_page_dirty_for_io(page), "clear for io");
	ST_ASSERT(!block_write_full_page(page, identity_get_block, &wbc), "write page");
	wait_on_page_writeback(page);
	ST_ASSERT(!PageDirty(page) && !buffer_dirty(page_buffers(page)), "clean after writeback");
	put_page(page);

	ST_ASSERT(!drop_bdev_cache(bdev), "drop");
	page = find_or_create_page(mapping, 2, GFP_NOFS);
	ST_ASSERT(page && !PageUptodate(page), "fresh page");
	memset(page_address(page), 0, PAGE_SIZE);
	block_read_full_page(page, identity_get_block);
	wait_on_page_locked(page);
	ST_ASSERT(PageUptodate(page) && !PageError(page), "read page");
	ST_ASSERT(filled(page_address(page), PAGE_SIZE, 2), "page data back from the disk");
	put_page(page);

	/* The same blocks through the buffer cache. */
	bh = __bread(bdev, 9, BH_TEST_SIZE);
	ST_ASSERT(bh && !memcmp(bh->b_data, (char *)page_address(page) + BH_TEST_SIZE,
				BH_TEST_SIZE), "block 9 via bread");
	brelse(bh);
	return 0;
}

/*
 * A page whose write-out skips a buffer someone holds locked is redirtied
 * for later - the page, not its other buffers: blocks never read must not
 * become dirty and be written from whatever the page's memory held.
 */
static int bh_redirty(struct block_device *bdev)
{
	struct writeback_control wbc = {
		.sync_mode = WB_SYNC_NONE,
		.nr_to_write = 1,
		.range_end = LLONG_MAX,
	};
	struct buffer_head *bh12, *bh13, *bh;
	struct page *page;
	sector_t b;

	/* Blocks 12..15 (page 3) on the disk: known contents. */
	for (b = 12; b < 16; b++) {
		bh = __getblk(bdev, b, BH_TEST_SIZE);
		ST_ASSERT(bh, "getblk %llu", (unsigned long long)b);
		lock_buffer(bh);
		fill(bh->b_data, BH_TEST_SIZE, b);
		set_buffer_uptodate(bh);
		unlock_buffer(bh);
		mark_buffer_dirty(bh);
		ST_ASSERT(!sync_dirty_buffer(bh), "write block %llu", (unsigned long long)b);
		brelse(bh);
	}
	ST_ASSERT(!drop_bdev_cache(bdev), "drop");

	/* Only block 12 read; 13..15 cached but not up to date, memory junk. */
	bh12 = __bread(bdev, 12, BH_TEST_SIZE);
	ST_ASSERT(bh12, "bread 12");
	bh13 = __find_get_block(bdev, 13, BH_TEST_SIZE);
	ST_ASSERT(bh13 && !buffer_uptodate(bh13), "block 13 cached, not read");
	page = bh12->b_page;
	memset((char *)page_address(page) + BH_TEST_SIZE, 0xee, PAGE_SIZE - BH_TEST_SIZE);
	fill(bh12->b_data, BH_TEST_SIZE, 112);
	mark_buffer_dirty(bh12);

	/* Background write-out while block 13 is locked: the page is redirtied. */
	lock_buffer(bh13);
	lock_page(page);
	ST_ASSERT(clear_page_dirty_for_io(page), "clear for io");
	ST_ASSERT(!block_write_full_page(page, identity_get_block, &wbc), "write page");
	wait_on_page_writeback(page);
	unlock_buffer(bh13);
	ST_ASSERT(wbc.pages_skipped == 1 && PageDirty(page), "page not redirtied");
	for (b = 13, bh = bh13; b < 16; b++, bh = bh->b_this_page)
		ST_ASSERT(!buffer_dirty(bh), "block %llu never read but dirty",
			  (unsigned long long)b);
	brelse(bh13);
	brelse(bh12);

	/* Everything written that is dirty; the unread blocks kept on the disk. */
	ST_ASSERT(!sync_blockdev(bdev), "sync_blockdev");
	ST_ASSERT(!drop_bdev_cache(bdev), "drop");
	for (b = 12; b < 16; b++) {
		bh = __bread(bdev, b, BH_TEST_SIZE);
		ST_ASSERT(bh && filled(bh->b_data, BH_TEST_SIZE, b == 12 ? 112 : b),
			  "block %llu on the disk is wrong", (unsigned long long)b);
		brelse(bh);
	}
	return 0;
}

static int bh_assoc(struct block_device *bdev)
{
	struct inode *inode = kzalloc(sizeof(*inode), GFP_KERNEL);
	struct buffer_head *bh;
	int ret = 0;

	if (!inode)
		return -ENOMEM;
	inode->i_mapping = &inode->i_data;
	address_space_init_once(&inode->i_data);
	spin_lock_init(&inode->i_data.private_lock);
	INIT_LIST_HEAD(&inode->i_data.private_list);

	bh = __getblk(bdev, 20, BH_TEST_SIZE);
	if (!bh) {
		ret = -ENOMEM;
		goto out;
	}
	lock_buffer(bh);
	fill(bh->b_data, BH_TEST_SIZE, 20);
	set_buffer_uptodate(bh);
	unlock_buffer(bh);
	mark_buffer_dirty_inode(bh, inode);
	if (list_empty(&inode->i_data.private_list) || bh->b_assoc_map != &inode->i_data) {
		st_diag("buffer not on the inode's list");
		ret = -1;
	} else if (sync_mapping_buffers(&inode->i_data) || buffer_dirty(bh) ||
		   !list_empty(&inode->i_data.private_list)) {
		st_diag("sync_mapping_buffers left it dirty or listed");
		ret = -1;
	}
	brelse(bh);
out:
	kfree(inode);
	return ret;
}

static int buffer_ramdisk_test(void)
{
	struct block_device *bdev;
	int ret;

	bdev = blkdev_get_by_dev(MKDEV(RAMDISK_MAJOR, 0), FMODE_READ | FMODE_WRITE, NULL);
	if (IS_ERR(bdev)) {
		st_diag("no ram0 (%ld)", PTR_ERR(bdev));
		return ST_SKIP;
	}
	ret = set_blocksize(bdev, BH_TEST_SIZE);
	if (!ret)
		ret = bh_lifecycle(bdev);
	if (!ret)
		ret = bh_page_io(bdev);
	if (!ret)
		ret = bh_redirty(bdev);
	if (!ret)
		ret = bh_assoc(bdev);
	if (!ret)
		ret = drop_bdev_cache(bdev);
	set_blocksize(bdev, PAGE_SIZE);
	blkdev_put(bdev, FMODE_READ | FMODE_WRITE);
	return ret;
}
DEFINE_SELFTEST("buffer: buffer heads and page I/O on ram0 survive a dropped cache",
		buffer_ramdisk_test);
