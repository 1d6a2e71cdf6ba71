// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of the writeback machinery end to end, without a disk
 * (CONFIG_SELFTESTS): a private bdi and super block whose inode's
 * ->writepage completes at once.  Dirtying puts the inode on the bdi's
 * list with the pages counted; sync_inodes_sb() and write_inode_now()
 * write pages and inode and take it off; the flusher's periodic run
 * writes expired data by itself; a writer over vm.dirty_bytes is held
 * back until the flusher catches up.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sched.h>
#include <linux/delay.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/pagemap.h>
#include <linux/writeback.h>
#include <linux/backing-dev.h>
#include <linux/selftest.h>

#define FWT_PAGES	1024

static atomic_t fwt_pages_written, fwt_inodes_written;

static int fwt_writepage(struct page *page, struct writeback_control *wbc)
{
	set_page_writeback(page);
	unlock_page(page);
	end_page_writeback(page);
	atomic_inc(&fwt_pages_written);
	return 0;
}

static const struct address_space_operations fwt_aops = {
	.writepage = fwt_writepage,
};

static int fwt_write_inode(struct inode *inode, struct writeback_control *wbc)
{
	atomic_inc(&fwt_inodes_written);
	return 0;
}

static const struct super_operations fwt_sops = {
	.write_inode = fwt_write_inode,
};

static struct super_block *fwt_sb;
static struct backing_dev_info *fwt_bdi;
static struct inode *fwt_inode;

static long fwt_max_dirty;	/* most pages dirty at once during fwt_dirty() */

static void fwt_dirty(pgoff_t first, unsigned int n, bool throttle)
{
	fwt_max_dirty = 0;
	for (pgoff_t i = first; i < first + n; i++) {
		struct page *page = find_get_page(fwt_inode->i_mapping, i);

		if (!page)
			continue;
		set_page_dirty(page);
		put_page(page);
		fwt_max_dirty = max(fwt_max_dirty,
				    (long)wb_stat_sum(&fwt_bdi->wb, WB_RECLAIMABLE));
		if (throttle)
			balance_dirty_pages_ratelimited(fwt_inode->i_mapping);
	}
}

static long fwt_dirty_count(void)
{
	return (long)wb_stat_sum(&fwt_bdi->wb, WB_RECLAIMABLE);
}

static bool fwt_on_list(void)
{
	bool on;

	spin_lock(&fwt_bdi->wb.list_lock);
	on = !list_empty(&fwt_inode->i_io_list);
	spin_unlock(&fwt_bdi->wb.list_lock);
	return on;
}

static int fwt_sync_body(void)
{
	int pages, inodes;

	fwt_dirty(0, 8, false);
	ST_ASSERT(fwt_dirty_count() == 8, "bdi counts %ld dirty", fwt_dirty_count());
	ST_ASSERT(fwt_on_list() && (fwt_inode->i_state & I_DIRTY_PAGES), "inode queued");
	mark_inode_dirty_sync(fwt_inode);

	pages = atomic_read(&fwt_pages_written);
	inodes = atomic_read(&fwt_inodes_written);
	sync_inodes_sb(fwt_sb);
	ST_ASSERT(atomic_read(&fwt_pages_written) - pages == 8, "sync wrote %d pages",
		  atomic_read(&fwt_pages_written) - pages);
	ST_ASSERT(atomic_read(&fwt_inodes_written) - inodes == 1, "inode written");
	ST_ASSERT(fwt_dirty_count() == 0 && !fwt_on_list() && !(fwt_inode->i_state & I_DIRTY),
		  "clean and off the lists");
	ST_ASSERT(!mapping_tagged(fwt_inode->i_mapping, PAGECACHE_TAG_DIRTY), "tags");

	fwt_dirty(100, 3, false);
	pages = atomic_read(&fwt_pages_written);
	ST_ASSERT(!write_inode_now(fwt_inode, 1), "write_inode_now");
	ST_ASSERT(atomic_read(&fwt_pages_written) - pages == 3 && !fwt_on_list(),
		  "write_inode_now wrote %d", atomic_read(&fwt_pages_written) - pages);
	return 0;
}

static int fwt_kupdate_body(void)
{
	unsigned int expire = dirty_expire_interval, period = dirty_writeback_interval;
	int pages = atomic_read(&fwt_pages_written);
	int i;

	/*
	 * Everything is "old" at once; the flusher wakes every 50 ms.  As
	 * the sysctl handler does, let the flusher pick up the new period
	 * (it runs once now), then dirty: the first dirty inode arms it.
	 */
	dirty_expire_interval = 0;
	dirty_writeback_interval = 5;
	wakeup_flusher_threads(WB_REASON_PERIODIC);
	msleep(100);
	fwt_dirty(200, 5, false);
	for (i = 0; i < 100 && fwt_dirty_count(); i++)
		msleep(20);
	dirty_expire_interval = expire;
	dirty_writeback_interval = period;
	ST_ASSERT(fwt_dirty_count() == 0, "periodic writeback left %ld dirty", fwt_dirty_count());
	ST_ASSERT(atomic_read(&fwt_pages_written) - pages == 5, "kupdate wrote %d",
		  atomic_read(&fwt_pages_written) - pages);
	ST_ASSERT(!fwt_on_list(), "inode off the lists");
	return 0;
}

static int fwt_throttle_body(void)
{
	unsigned long bytes = vm_dirty_bytes, bg_bytes = dirty_background_bytes;
	int ratio = vm_dirty_ratio, bg_ratio = dirty_background_ratio;
	int pages = atomic_read(&fwt_pages_written), wrote;
	const unsigned long limit = 256;	/* pages */
	long left;

	/* A 1 MiB threshold, background at 512 KiB. */
	vm_dirty_bytes = limit * PAGE_SIZE;
	dirty_background_bytes = limit / 2 * PAGE_SIZE;
	writeback_set_ratelimit();	/* as the sysctl handlers do */
	fwt_dirty(0, FWT_PAGES, true);
	left = fwt_dirty_count();
	wrote = atomic_read(&fwt_pages_written) - pages;
	vm_dirty_bytes = bytes;
	dirty_background_bytes = bg_bytes;
	vm_dirty_ratio = ratio;
	dirty_background_ratio = bg_ratio;
	writeback_set_ratelimit();
	st_diag("dirtied %d pages over a %lu-page limit: at most %ld dirty at once, %d written meanwhile, %ld left dirty",
		FWT_PAGES, limit, fwt_max_dirty, wrote, left);
	/* The per-CPU check interval and counter drift allow some overshoot. */
	ST_ASSERT(fwt_max_dirty <= (long)limit + 128, "the writer ran %ld pages ahead",
		  fwt_max_dirty);
	ST_ASSERT(wrote >= FWT_PAGES - (int)limit - 128, "only %d written", wrote);
	return write_inode_now(fwt_inode, 1);
}

static int fwt_setup(void)
{
	fwt_sb = kzalloc(sizeof(*fwt_sb), GFP_KERNEL);
	fwt_bdi = bdi_alloc();
	if (!fwt_sb || !fwt_bdi)
		return -ENOMEM;
	if (bdi_register(fwt_bdi, "selftest-wb"))
		return -EIO;
	INIT_LIST_HEAD(&fwt_sb->s_inodes);
	spin_lock_init(&fwt_sb->s_inode_list_lock);
	init_rwsem(&fwt_sb->s_umount);
	fwt_sb->s_op = &fwt_sops;
	fwt_sb->s_blocksize = PAGE_SIZE;
	fwt_sb->s_blocksize_bits = PAGE_SHIFT;
	fwt_sb->s_bdi = fwt_bdi;
	strscpy(fwt_sb->s_id, "selftest-wb", sizeof(fwt_sb->s_id));

	fwt_inode = new_inode(fwt_sb);
	if (!fwt_inode)
		return -ENOMEM;
	fwt_inode->i_mode = S_IFREG | 0600;
	fwt_inode->i_mapping->a_ops = &fwt_aops;
	fwt_inode->i_size = (loff_t)FWT_PAGES << PAGE_SHIFT;
	for (pgoff_t i = 0; i < FWT_PAGES; i++) {
		struct page *page = alloc_page(GFP_KERNEL);

		if (!page)
			return -ENOMEM;
		if (add_to_page_cache(page, fwt_inode->i_mapping, i, GFP_KERNEL)) {
			put_page(page);
			return -ENOMEM;
		}
		SetPageUptodate(page);
		put_page(page);		/* the cache keeps its own reference */
	}
	return 0;
}

static void fwt_teardown(void)
{
	if (fwt_inode) {
		write_inode_now(fwt_inode, 1);
		iput(fwt_inode);	/* unhashed: evicted, pages freed */
		fwt_inode = NULL;
	}
	if (fwt_bdi) {
		bdi_unregister(fwt_bdi);
		bdi_put(fwt_bdi);
		fwt_bdi = NULL;
	}
	kfree(fwt_sb);
	fwt_sb = NULL;
}

static int flusher_test(void)
{
	int ret = fwt_setup();

	if (!ret)
		ret = fwt_sync_body();
	if (!ret)
		ret = fwt_kupdate_body();
	if (!ret)
		ret = fwt_throttle_body();
	fwt_teardown();
	return ret;
}
DEFINE_SELFTEST("writeback: inode lists, sync_inodes_sb, kupdate flusher, dirty throttle",
		flusher_test);
