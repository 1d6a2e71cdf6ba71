// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of the writeback machinery end to end, without a disk
 * (CONFIG_SELFTESTS): a private bdi and super block whose inode's
 * ->writepage completes at once.  Dirtying puts the inode on the bdi's
 * list with the pages counted; sync_inodes_sb() and write_inode_now()
 * write pages and inode and take it off; the flusher's periodic run
 * writes expired data by itself; a writer over vm.dirty_bytes is held
 * back until the flusher catches up; a dirtier's pass leaves a block
 * device inode dirtied moments ago (file system metadata) for later,
 * unless it has nothing else to write or the inode has waited a period.
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
#include <uapi/linux/magic.h>

#define FWT_PAGES	1024

#define FWT_META_PAGES	4

static atomic_t fwt_pages_written, fwt_inodes_written, fwt_meta_written;
static struct inode *fwt_meta;	/* stands for a block device's own inode */

static int fwt_writepage(struct page *page, struct writeback_control *wbc)
{
	bool meta = page->mapping->host == fwt_meta;

	set_page_writeback(page);
	unlock_page(page);
	end_page_writeback(page);
	atomic_inc(meta ? &fwt_meta_written : &fwt_pages_written);
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

static struct super_block *fwt_sb, *fwt_meta_sb;
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

/* Dirty every page of the stand-in block device inode. */
static void fwt_dirty_meta(void)
{
	for (pgoff_t i = 0; i < FWT_META_PAGES; i++) {
		struct page *page = find_get_page(fwt_meta->i_mapping, i);

		if (page) {
			set_page_dirty(page);
			put_page(page);
		}
	}
}

static int fwt_defer_body(void)
{
	unsigned long period = msecs_to_jiffies(dirty_writeback_interval * 10);
	int pages, meta;

	if (!period)
		return 0;	/* periodic writeback off: nothing is deferred */
	fwt_dirty(300, 8, false);
	fwt_dirty_meta();
	pages = atomic_read(&fwt_pages_written);
	meta = atomic_read(&fwt_meta_written);
	writeback_inodes_wb(&fwt_bdi->wb, 1024, WB_REASON_BACKGROUND);
	ST_ASSERT(atomic_read(&fwt_pages_written) - pages == 8, "the file's pages written (%d)",
		  atomic_read(&fwt_pages_written) - pages);
	ST_ASSERT(atomic_read(&fwt_meta_written) == meta,
		  "fresh block device metadata waits (%d pages written)",
		  atomic_read(&fwt_meta_written) - meta);

	/* Nothing else dirty: the next pass takes it. */
	writeback_inodes_wb(&fwt_bdi->wb, 1024, WB_REASON_BACKGROUND);
	ST_ASSERT(atomic_read(&fwt_meta_written) - meta == FWT_META_PAGES,
		  "alone, it is written (%d pages)", atomic_read(&fwt_meta_written) - meta);

	/* Dirty for longer than a period: written beside the file. */
	fwt_dirty(300, 8, false);
	fwt_dirty_meta();
	spin_lock(&fwt_meta->i_lock);
	fwt_meta->dirtied_when = jiffies - period - 1;
	spin_unlock(&fwt_meta->i_lock);
	meta = atomic_read(&fwt_meta_written);
	writeback_inodes_wb(&fwt_bdi->wb, 1024, WB_REASON_BACKGROUND);
	ST_ASSERT(atomic_read(&fwt_meta_written) - meta == FWT_META_PAGES,
		  "after a period it goes with the file (%d pages)",
		  atomic_read(&fwt_meta_written) - meta);
	ST_ASSERT(!write_inode_now(fwt_inode, 1) && !write_inode_now(fwt_meta, 1), "all clean");
	return 0;
}

/* An inode with pages of its own on the test bdi; mode says what it is. */
static struct inode *fwt_new_inode(struct super_block *sb, umode_t mode, pgoff_t nr_pages)
{
	struct inode *inode = new_inode(sb);

	if (!inode)
		return NULL;
	inode->i_mode = mode;
	inode->i_mapping->a_ops = &fwt_aops;
	inode->i_size = (loff_t)nr_pages << PAGE_SHIFT;
	for (pgoff_t i = 0; i < nr_pages; i++) {
		struct page *page = alloc_page(GFP_KERNEL);

		if (!page)
			return inode;	/* fewer pages: fwt_setup() checks */
		if (add_to_page_cache(page, inode->i_mapping, i, GFP_KERNEL)) {
			put_page(page);
			return inode;
		}
		SetPageUptodate(page);
		put_page(page);		/* the cache keeps its own reference */
	}
	return inode;
}

static struct super_block *fwt_new_sb(const char *id, unsigned long magic)
{
	struct super_block *sb = kzalloc(sizeof(*sb), GFP_KERNEL);

	if (!sb)
		return NULL;
	INIT_LIST_HEAD(&sb->s_inodes);
	spin_lock_init(&sb->s_inode_list_lock);
	init_rwsem(&sb->s_umount);
	sb->s_op = &fwt_sops;
	sb->s_magic = magic;
	sb->s_blocksize = PAGE_SIZE;
	sb->s_blocksize_bits = PAGE_SHIFT;
	sb->s_bdi = fwt_bdi;
	strscpy(sb->s_id, id, sizeof(sb->s_id));
	return sb;
}

static int fwt_setup(void)
{
	fwt_bdi = bdi_alloc();
	if (!fwt_bdi)
		return -ENOMEM;
	if (bdi_register(fwt_bdi, "selftest-wb"))
		return -EIO;
	fwt_sb = fwt_new_sb("selftest-wb", 0);
	fwt_meta_sb = fwt_new_sb("selftest-bdev", BDEVFS_MAGIC);
	if (!fwt_sb || !fwt_meta_sb)
		return -ENOMEM;
	fwt_inode = fwt_new_inode(fwt_sb, S_IFREG | 0600, FWT_PAGES);
	fwt_meta = fwt_new_inode(fwt_meta_sb, S_IFBLK, FWT_META_PAGES);
	if (!fwt_inode || !fwt_meta || fwt_inode->i_mapping->nrpages != FWT_PAGES ||
	    fwt_meta->i_mapping->nrpages != FWT_META_PAGES)
		return -ENOMEM;
	return 0;
}

static void fwt_teardown(void)
{
	if (fwt_inode) {
		write_inode_now(fwt_inode, 1);
		iput(fwt_inode);	/* unhashed: evicted, pages freed */
		fwt_inode = NULL;
	}
	if (fwt_meta) {
		write_inode_now(fwt_meta, 1);
		iput(fwt_meta);
		fwt_meta = NULL;
	}
	if (fwt_bdi) {
		bdi_unregister(fwt_bdi);
		bdi_put(fwt_bdi);
		fwt_bdi = NULL;
	}
	kfree(fwt_sb);
	kfree(fwt_meta_sb);
	fwt_sb = fwt_meta_sb = NULL;
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
	if (!ret)
		ret = fwt_defer_body();
	fwt_teardown();
	return ret;
}
DEFINE_SELFTEST("writeback: inode lists, sync_inodes_sb, kupdate flusher, dirty throttle, deferred metadata",
		flusher_test);
