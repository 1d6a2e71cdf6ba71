// SPDX-License-Identifier: GPL-2.0-only
/*
 * Dirty page accounting and the write-out of a mapping's dirty pages.
 *
 *   set_page_dirty(page)        a page-cache page was modified: PG_dirty,
 *                               the DIRTY tag, NR_FILE_DIRTY, the inode
 *                               on its bdi's dirty list (I_DIRTY_PAGES)
 *   clear_page_dirty_for_io(page)  before ->writepage: PG_dirty off, the
 *                               page's dirty count moves (via
 *                               set_page_writeback) to NR_WRITEBACK
 *   write_cache_pages(mapping, wbc, fn, data)  the dirty pages wbc asks
 *                               for, each locked and handed to fn
 *   do_writepages(mapping, wbc) ->writepages, else ->writepage per page
 *
 *   balance_dirty_pages_ratelimited(mapping)  after dirtying: sleep
 *                               while dirty + writeback pages exceed
 *                               the vm.dirty_* threshold
 *   global_dirty_limits(&bg, &thresh)  the thresholds, in pages
 *
 * Counting.  A page counts as dirty (NR_FILE_DIRTY, NR_ZONE_WRITE_PENDING
 * and its bdi's nr_reclaimable) from the moment set_page_dirty() sets
 * PG_dirty until clear_page_dirty_for_io() or cancel_dirty_page() clears
 * it; as under writeback (NR_WRITEBACK, bdi nr_writeback) while
 * PG_writeback is set: set_page_writeback()/end_page_writeback()
 * (mm/filemap.c) count NR_WRITEBACK themselves under i_pages_lock and
 * call account_page_writeback_start()/_end() for the bdi's counts and
 * NR_WRITTEN.  Pages of
 * mappings that are never written back (noop bdi: ramfs, tmpfs) get the
 * flag and the tag but are not counted, so they never throttle anyone.
 *
 * Locking.  PG_dirty is an atomic bit: only the thread that flips it
 * adjusts the counters.  The DIRTY tag is set under mapping->i_pages_lock
 * (irq-safe), after re-checking page->mapping, so a page that truncation
 * has just removed is not tagged.  write_cache_pages() takes each page's
 * lock, which keeps it in the mapping while it is written.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/pagemap.h>
#include <linux/radix-tree.h>
#include <linux/vmstat.h>
#include <linux/fs.h>
#include <linux/backing-dev.h>
#include <linux/writeback.h>
#include <linux/blkdev.h>
#include <linux/errseq.h>
#include <linux/init.h>
#include <linux/percpu.h>
#include <linux/sysctl.h>

/* ------------------------------------------------------------ accounting */

static struct bdi_writeback *accounted_wb(struct address_space *mapping)
{
	struct backing_dev_info *bdi;

	if (!mapping)
		return NULL;
	bdi = inode_to_bdi(mapping->host);
	if (!(bdi->capabilities & BDI_CAP_WRITEBACK_ACCT))
		return NULL;
	return &bdi->wb;
}

/* PG_dirty just went on for a page of mapping. */
static void account_page_dirtied(struct page *page, struct address_space *mapping)
{
	struct bdi_writeback *wb = accounted_wb(mapping);

	if (!wb)
		return;
	inc_node_page_state(page, NR_FILE_DIRTY);
	inc_zone_page_state(page, NR_ZONE_WRITE_PENDING);
	inc_node_page_state(page, NR_DIRTIED);
	atomic_long_inc(&wb->nr_reclaimable);
	atomic_long_inc(&wb->nr_dirtied);
}

/* PG_dirty just went off without the page going to writeback yet. */
void account_page_cleaned(struct page *page, struct address_space *mapping)
{
	struct bdi_writeback *wb = accounted_wb(mapping);

	if (!wb)
		return;
	dec_node_page_state(page, NR_FILE_DIRTY);
	dec_zone_page_state(page, NR_ZONE_WRITE_PENDING);
	atomic_long_dec(&wb->nr_reclaimable);
}

void account_page_writeback_start(struct page *page)
{
	struct bdi_writeback *wb = accounted_wb(READ_ONCE(page->mapping));

	if (wb)
		atomic_long_inc(&wb->nr_writeback);
}

void account_page_writeback_end(struct page *page)
{
	struct bdi_writeback *wb = accounted_wb(READ_ONCE(page->mapping));

	inc_node_page_state(page, NR_WRITTEN);
	if (wb) {
		atomic_long_dec(&wb->nr_writeback);
		atomic_long_inc(&wb->nr_written);
	}
}

/* ------------------------------------------------------------ the dirty bit */

void __set_page_dirty(struct page *page, struct address_space *mapping)
{
	unsigned long flags;

	spin_lock_irqsave(&mapping->i_pages_lock, flags);
	/* Truncation removes the page under this lock: check it is still ours. */
	if (page->mapping == mapping) {
		account_page_dirtied(page, mapping);
		radix_tree_tag_set(&mapping->i_pages, page->index, PAGECACHE_TAG_DIRTY);
	}
	spin_unlock_irqrestore(&mapping->i_pages_lock, flags);
}

bool __set_page_dirty_nobuffers(struct page *page)
{
	struct address_space *mapping;

	if (PageDirty(page) || TestSetPageDirty(page))
		return false;

	mapping = READ_ONCE(page->mapping);
	if (!mapping)
		return true;	/* truncated meanwhile: nothing to tag */
	__set_page_dirty(page, mapping);
	if (mapping->host)
		__mark_inode_dirty(mapping->host, I_DIRTY_PAGES);
	return true;
}

bool set_page_dirty(struct page *page)
{
	struct address_space *mapping = READ_ONCE(page->mapping);

	if (!mapping) {
		/* Not in a file's cache (anonymous, or already truncated). */
		return !TestSetPageDirty(page);
	}
	if (mapping->a_ops && mapping->a_ops->set_page_dirty)
		return mapping->a_ops->set_page_dirty(page);
	return __set_page_dirty_nobuffers(page);
}

bool set_page_dirty_lock(struct page *page)
{
	bool ret;

	lock_page(page);
	ret = set_page_dirty(page);
	unlock_page(page);
	return ret;
}

bool clear_page_dirty_for_io(struct page *page)
{
	struct address_space *mapping = page->mapping;

	WARN_ON_ONCE(!PageLocked(page));
	if (!TestClearPageDirty(page))
		return false;
	/*
	 * The DIRTY tag stays until set_page_writeback() takes it off, so a
	 * tagged walk racing with us still finds the page (and waits on its
	 * writeback in integrity mode).
	 */
	if (mapping)
		account_page_cleaned(page, mapping);
	return true;
}

void cancel_dirty_page(struct page *page)
{
	struct address_space *mapping = page->mapping;
	unsigned long flags;

	if (!TestClearPageDirty(page))
		return;
	if (!mapping)
		return;
	account_page_cleaned(page, mapping);
	spin_lock_irqsave(&mapping->i_pages_lock, flags);
	if (page->mapping == mapping)
		radix_tree_tag_clear(&mapping->i_pages, page->index, PAGECACHE_TAG_DIRTY);
	spin_unlock_irqrestore(&mapping->i_pages_lock, flags);
}

/* ->writepage could not write the page now: keep it dirty for later. */
bool redirty_page_for_writepage(struct writeback_control *wbc, struct page *page)
{
	wbc->pages_skipped++;
	return set_page_dirty(page);
}

void mapping_set_error(struct address_space *mapping, int error)
{
	if (!error || !mapping)
		return;
	errseq_set(&mapping->wb_err, error);
	if (mapping->host && mapping->host->i_sb)
		errseq_set(&mapping->host->i_sb->s_wb_err, error);	/* for syncfs */
	/* The old-style bits, for filemap_check_errors() users. */
	if (error == -ENOSPC)
		set_bit(AS_ENOSPC, &mapping->flags);
	else
		set_bit(AS_EIO, &mapping->flags);
}

/* ------------------------------------------------------------ writing a mapping out */

/* Pages fetched per lookup in write_cache_pages(). */
#define WB_BATCH	16
/* Pages tagged TOWRITE per hold of i_pages_lock. */
#define WB_TAG_BATCH	4096

void tag_pages_for_writeback(struct address_space *mapping, pgoff_t start, pgoff_t end)
{
	pgoff_t first = start;
	unsigned long tagged;

	/*
	 * TOWRITE marks exactly the pages that were dirty when an integrity
	 * pass began; pages dirtied afterwards do not extend the pass, so a
	 * steady writer cannot livelock fsync or sync.  Batches keep the
	 * irq-off lock hold short.
	 */
	do {
		spin_lock_irq(&mapping->i_pages_lock);
		tagged = radix_tree_range_tag_if_tagged(&mapping->i_pages, &first, end,
							WB_TAG_BATCH, PAGECACHE_TAG_DIRTY,
							PAGECACHE_TAG_TOWRITE);
		spin_unlock_irq(&mapping->i_pages_lock);
		cond_resched();
	} while (tagged >= WB_TAG_BATCH && first != 0 && first <= end);
}

/*
 * One locked page: decide whether it is still ours to write and write it.
 * Returns 1 if it was handed to writepage (which unlocks it), 0 if it was
 * skipped (unlocked here), or writepage's error.
 */
static int write_one_cached_page(struct address_space *mapping, struct page *page,
				 struct writeback_control *wbc, writepage_t writepage,
				 void *data)
{
	int err;

	if (page->mapping != mapping || !PageDirty(page))
		goto skip;	/* truncated, or written by someone else */
	if (PageWriteback(page)) {
		if (wbc->sync_mode == WB_SYNC_NONE)
			goto skip;	/* its newer data goes next time */
		wait_on_page_writeback(page);
	}
	if (!clear_page_dirty_for_io(page))
		goto skip;
	err = writepage(page, wbc, data);
	if (err == AOP_WRITEPAGE_ACTIVATE) {
		/* The file system kept the page locked and dirty on purpose. */
		unlock_page(page);
		return 1;
	}
	return err ? err : 1;
skip:
	unlock_page(page);
	return 0;
}

/*
 * Walk [index, end] writing tagged pages.  Sets *next to where a cyclic
 * pass should resume; returns 0, the first error (integrity passes keep
 * going and report it at the end), or 1 when the walk stopped early
 * (nr_to_write used up or an error in a non-integrity pass).
 */
static int write_cache_range(struct address_space *mapping, struct writeback_control *wbc,
			     writepage_t writepage, void *data, pgoff_t index, pgoff_t end,
			     int tag, pgoff_t *next, int *errp)
{
	struct page *pages[WB_BATCH];
	unsigned int n, i;
	int stop = 0;

	*next = index;
	while (!stop && index <= end) {
		n = find_get_pages_range_tag(mapping, &index, end, tag, WB_BATCH, pages);
		if (!n)
			break;
		for (i = 0; i < n; i++) {
			struct page *page = pages[i];
			int ret;

			if (stop)
				break;
			*next = page->index;
			lock_page(page);
			ret = write_one_cached_page(mapping, page, wbc, writepage, data);
			if (ret < 0) {
				if (!*errp)
					*errp = ret;
				if (wbc->sync_mode == WB_SYNC_NONE) {
					/* Resume after the failed page, not on it forever. */
					*next = page->index + 1;
					stop = 1;
					break;
				}
			}
			if (ret != 0 && --wbc->nr_to_write <= 0 &&
			    wbc->sync_mode == WB_SYNC_NONE) {
				*next = page->index + 1;
				stop = 1;
			}
		}
		for (i = 0; i < n; i++)
			put_page(pages[i]);
		cond_resched();
		if (!index)	/* wrapped past the last possible index */
			break;
	}
	return stop;
}

int write_cache_pages(struct address_space *mapping, struct writeback_control *wbc,
		      writepage_t writepage, void *data)
{
	pgoff_t index, end, next;
	bool whole = false;
	int tag, err = 0, stopped;

	if (wbc->range_cyclic) {
		index = mapping->writeback_index;
		end = ~(pgoff_t)0;
	} else {
		index = wbc->range_start >> PAGE_SHIFT;
		end = wbc->range_end >> PAGE_SHIFT;
		whole = wbc->range_start == 0 && wbc->range_end == LLONG_MAX;
	}
	if (wbc->sync_mode == WB_SYNC_ALL || wbc->tagged_writepages) {
		tag_pages_for_writeback(mapping, index, end);
		tag = PAGECACHE_TAG_TOWRITE;
	} else {
		tag = PAGECACHE_TAG_DIRTY;
	}

	stopped = write_cache_range(mapping, wbc, writepage, data, index, end, tag, &next,
				    &err);
	if (wbc->range_cyclic && !stopped && index > 0) {
		/* Wrap once: the pages before the resume point get their turn. */
		if (tag == PAGECACHE_TAG_TOWRITE)
			tag_pages_for_writeback(mapping, 0, index - 1);
		stopped = write_cache_range(mapping, wbc, writepage, data, 0, index - 1, tag,
					    &next, &err);
	}
	if (wbc->range_cyclic || (whole && wbc->nr_to_write > 0))
		mapping->writeback_index = stopped ? next : 0;
	return err;
}

static int writepage_of_mapping(struct page *page, struct writeback_control *wbc, void *data)
{
	struct address_space *mapping = data;
	int ret = mapping->a_ops->writepage(page, wbc);

	if (ret < 0 && ret != AOP_WRITEPAGE_ACTIVATE)
		mapping_set_error(mapping, ret);
	return ret;
}

int generic_writepages(struct address_space *mapping, struct writeback_control *wbc)
{
	struct blk_plug plug;
	int ret;

	if (!mapping->a_ops->writepage)
		return 0;
	/* Adjacent pages' bios merge in the plug before the queue sees them. */
	blk_start_plug(&plug);
	ret = write_cache_pages(mapping, wbc, writepage_of_mapping, mapping);
	blk_finish_plug(&plug);
	return ret;
}

int do_writepages(struct address_space *mapping, struct writeback_control *wbc)
{
	int ret;

	if (wbc->nr_to_write <= 0)
		return 0;
	for (;;) {
		if (mapping->a_ops && mapping->a_ops->writepages)
			ret = mapping->a_ops->writepages(mapping, wbc);
		else if (mapping->a_ops && mapping->a_ops->writepage)
			ret = generic_writepages(mapping, wbc);
		else
			return 0;	/* nothing can be written: memory file systems */
		/*
		 * An integrity pass must not give up on a transient shortage
		 * of memory for bios or buffers: wait a little and go on.
		 */
		if (ret != -ENOMEM || wbc->sync_mode != WB_SYNC_ALL)
			return ret;
		cond_resched();
		schedule_timeout_uninterruptible(HZ / 50 ? HZ / 50 : 1);
	}
}

int write_one_page(struct page *page)
{
	struct address_space *mapping = page->mapping;
	struct writeback_control wbc = {
		.sync_mode = WB_SYNC_ALL,
		.nr_to_write = 1,
	};
	int ret = 0;

	WARN_ON_ONCE(!PageLocked(page));
	wait_on_page_writeback(page);
	if (clear_page_dirty_for_io(page)) {
		get_page(page);
		ret = mapping->a_ops->writepage(page, &wbc);
		if (ret == 0)
			wait_on_page_writeback(page);
		put_page(page);
	} else {
		unlock_page(page);
	}
	if (!ret)
		ret = filemap_check_errors(mapping);
	return ret;
}

/* ------------------------------------------------------------ dirty limits */

/*
 * The vm.dirty_* tunables, with Linux's defaults and rules: each ratio is
 * a percentage of dirtyable memory, each *_bytes an absolute amount, and
 * within a pair the one written last wins (the other reads 0).
 */
int dirty_background_ratio = 10;
unsigned long dirty_background_bytes;
int vm_dirty_ratio = 20;
unsigned long vm_dirty_bytes;
unsigned int dirty_writeback_interval = 5 * 100;	/* centisecs: flusher period */
unsigned int dirty_expire_interval = 30 * 100;		/* centisecs: age that forces write-out */

/* dirty_bytes below two pages would throttle every write (Linux's floor). */
static unsigned long dirty_bytes_min = 2 * PAGE_SIZE;
static unsigned long dirty_background_bytes_min = 1;

/*
 * A dirtier checks the limits after this many pages (per CPU); 8 while
 * the threshold is exceeded (so it stops soon after the flusher catches
 * up).  Recomputed from the threshold: 1/32 of each CPU's share of it,
 * within [16 pages, 4 MiB] - the 2.6.24 sizing.
 */
static unsigned long ratelimit_pages = 32;
#define RATELIMIT_MIN		16UL
#define RATELIMIT_MAX		((4UL << 20) >> PAGE_SHIFT)
#define RATELIMIT_EXCEEDED	8UL
static DEFINE_PER_CPU(unsigned long, bdp_ratelimits);

/* How long a throttled dirtier sleeps between checks of the limit. */
#define DIRTY_THROTTLE_SLEEP	(HZ / 50 ? HZ / 50 : 1)	/* 20 ms */

/*
 * Memory that may become dirty page cache: free pages (less what the
 * allocator keeps in reserve) plus the file pages on the LRU, which can
 * be reclaimed or written - the Linux definition since 2.6.24 (the
 * percentages apply to this, not to total RAM).
 */
unsigned long global_dirtyable_memory(void)
{
	unsigned long free = global_zone_page_state(NR_FREE_PAGES);
	unsigned long reserve = first_online_pgdat()->totalreserve_pages;
	unsigned long x;

	x = free > reserve ? free - reserve : 0;
	x += global_node_page_state(NR_INACTIVE_FILE);
	x += global_node_page_state(NR_ACTIVE_FILE);
	return x ? x : 1;
}

void dirty_limits_calc(unsigned long available, int ratio, unsigned long bytes,
		       int bg_ratio, unsigned long bg_bytes, unsigned long *pbackground,
		       unsigned long *pdirty)
{
	unsigned long thresh, bg;

	if (bytes)
		thresh = DIV_ROUND_UP(bytes, PAGE_SIZE);
	else
		thresh = (unsigned long)((u64)available * ratio / 100);
	if (bg_bytes)
		bg = DIV_ROUND_UP(bg_bytes, PAGE_SIZE);
	else
		bg = (unsigned long)((u64)available * bg_ratio / 100);
	/* Background writeback must start before writers are throttled. */
	if (bg >= thresh)
		bg = thresh / 2;
	*pbackground = bg;
	*pdirty = thresh;
}

void global_dirty_limits(unsigned long *pbackground, unsigned long *pdirty)
{
	/*
	 * Linux gives real-time and "less throttle" tasks a quarter more;
	 * there are no such tasks here yet.
	 */
	dirty_limits_calc(global_dirtyable_memory(), READ_ONCE(vm_dirty_ratio),
			  READ_ONCE(vm_dirty_bytes), READ_ONCE(dirty_background_ratio),
			  READ_ONCE(dirty_background_bytes), pbackground, pdirty);
}

void writeback_set_ratelimit(void)
{
	unsigned long bg, thresh, r;

	global_dirty_limits(&bg, &thresh);
	r = thresh / (num_online_cpus() * 32);
	WRITE_ONCE(ratelimit_pages, clamp(r, RATELIMIT_MIN, RATELIMIT_MAX));
}

/* Global pages counted against the thresholds (NFS "unstable" joins later). */
static unsigned long global_dirty_pages(void)
{
	return global_node_page_state(NR_FILE_DIRTY);
}

/*
 * The pre-2.6.24 global policy: while dirty + writeback pages exceed the
 * threshold, the dirtier kicks the flushers and sleeps in short steps.
 * It never writes pages itself (the flushers do), and it gives up waiting
 * when its own device has nothing dirty or in flight - then the excess is
 * other devices' and waiting could not end sooner (a slow or dead device
 * must not stall writers to a good one forever).  Issue 5 replaces this
 * with per-bdi policies.
 */
static void balance_dirty_pages(struct bdi_writeback *wb)
{
	unsigned long bg, thresh, dirty, writeback;

	for (;;) {
		global_dirty_limits(&bg, &thresh);
		dirty = global_dirty_pages();
		writeback = global_node_page_state(NR_WRITEBACK);
		if (dirty + writeback <= thresh)
			break;
		if (!atomic_long_read(&wb->nr_reclaimable) &&
		    !atomic_long_read(&wb->nr_writeback))
			break;
		if (!READ_ONCE(wb->dirty_exceeded))
			WRITE_ONCE(wb->dirty_exceeded, 1);
		wakeup_flusher_threads(WB_REASON_BACKGROUND);
		if (fatal_signal_pending(current))
			break;
		io_schedule_timeout(DIRTY_THROTTLE_SLEEP);
	}
	if (READ_ONCE(wb->dirty_exceeded))
		WRITE_ONCE(wb->dirty_exceeded, 0);
	if (dirty > bg)
		wb_start_background_writeback(wb);
}

void balance_dirty_pages_ratelimited(struct address_space *mapping)
{
	struct backing_dev_info *bdi = inode_to_bdi(mapping->host);
	struct bdi_writeback *wb = &bdi->wb;
	unsigned long limit, *count;

	if (!(bdi->capabilities & BDI_CAP_WRITEBACK_ACCT))
		return;
	limit = READ_ONCE(wb->dirty_exceeded) ? RATELIMIT_EXCEEDED : READ_ONCE(ratelimit_pages);
	count = this_cpu_ptr(&bdp_ratelimits);
	if (++*count < limit)
		return;
	*count = 0;
	balance_dirty_pages(wb);
	writeback_set_ratelimit();
}

/* ------------------------------------------------------------ sysctls */

static int dirty_background_ratio_handler(struct ctl_table *table, int write, void *buffer,
					  size_t *lenp, loff_t *ppos)
{
	int ret = proc_dointvec_minmax(table, write, buffer, lenp, ppos);

	if (!ret && write)
		WRITE_ONCE(dirty_background_bytes, 0);
	return ret;
}

static int dirty_background_bytes_handler(struct ctl_table *table, int write, void *buffer,
					  size_t *lenp, loff_t *ppos)
{
	int ret = proc_doulongvec_minmax(table, write, buffer, lenp, ppos);

	if (!ret && write)
		WRITE_ONCE(dirty_background_ratio, 0);
	return ret;
}

static int dirty_ratio_handler(struct ctl_table *table, int write, void *buffer,
			       size_t *lenp, loff_t *ppos)
{
	int old = vm_dirty_ratio;
	int ret = proc_dointvec_minmax(table, write, buffer, lenp, ppos);

	if (!ret && write && vm_dirty_ratio != old) {
		WRITE_ONCE(vm_dirty_bytes, 0);
		writeback_set_ratelimit();
	}
	return ret;
}

static int dirty_bytes_handler(struct ctl_table *table, int write, void *buffer,
			       size_t *lenp, loff_t *ppos)
{
	unsigned long old = vm_dirty_bytes;
	int ret = proc_doulongvec_minmax(table, write, buffer, lenp, ppos);

	if (!ret && write && vm_dirty_bytes != old) {
		WRITE_ONCE(vm_dirty_ratio, 0);
		writeback_set_ratelimit();
	}
	return ret;
}

static int dirty_writeback_centisecs_handler(struct ctl_table *table, int write,
					     void *buffer, size_t *lenp, loff_t *ppos)
{
	unsigned int old = dirty_writeback_interval;
	int ret = proc_douintvec(table, write, buffer, lenp, ppos);

	/* A new period (or periodic writeback switched back on) starts now. */
	if (!ret && write && dirty_writeback_interval && dirty_writeback_interval != old)
		wakeup_flusher_threads(WB_REASON_PERIODIC);
	return ret;
}

static struct ctl_table vm_dirty_table[] = {
	{
		.procname	= "dirty_background_ratio",
		.data		= &dirty_background_ratio,
		.maxlen		= sizeof(dirty_background_ratio),
		.mode		= 0644,
		.proc_handler	= dirty_background_ratio_handler,
		.extra1		= SYSCTL_ZERO,
		.extra2		= SYSCTL_ONE_HUNDRED,
	},
	{
		.procname	= "dirty_background_bytes",
		.data		= &dirty_background_bytes,
		.maxlen		= sizeof(dirty_background_bytes),
		.mode		= 0644,
		.proc_handler	= dirty_background_bytes_handler,
		.extra1		= &dirty_background_bytes_min,
	},
	{
		.procname	= "dirty_ratio",
		.data		= &vm_dirty_ratio,
		.maxlen		= sizeof(vm_dirty_ratio),
		.mode		= 0644,
		.proc_handler	= dirty_ratio_handler,
		.extra1		= SYSCTL_ZERO,
		.extra2		= SYSCTL_ONE_HUNDRED,
	},
	{
		.procname	= "dirty_bytes",
		.data		= &vm_dirty_bytes,
		.maxlen		= sizeof(vm_dirty_bytes),
		.mode		= 0644,
		.proc_handler	= dirty_bytes_handler,
		.extra1		= &dirty_bytes_min,
	},
	{
		.procname	= "dirty_writeback_centisecs",
		.data		= &dirty_writeback_interval,
		.maxlen		= sizeof(dirty_writeback_interval),
		.mode		= 0644,
		.proc_handler	= dirty_writeback_centisecs_handler,
	},
	{
		.procname	= "dirty_expire_centisecs",
		.data		= &dirty_expire_interval,
		.maxlen		= sizeof(dirty_expire_interval),
		.mode		= 0644,
		.proc_handler	= proc_douintvec,
	},
	{ }
};

static int __init page_writeback_init(void)
{
	writeback_set_ratelimit();
	if (!register_sysctl("vm", vm_dirty_table))
		pr_err("writeback: cannot register the vm.dirty_* sysctls\n");
	return 0;
}
subsys_initcall(page_writeback_init);
