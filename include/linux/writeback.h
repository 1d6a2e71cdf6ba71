/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Writeback: dirty page accounting and throttling (mm/page-writeback.c),
 * writing inodes back (fs/fs-writeback.c).
 *
 *   set_page_dirty(page)              a page-cache page became dirty:
 *                                     tag it, account it, dirty the inode
 *   balance_dirty_pages_ratelimited(mapping)
 *                                     after dirtying pages in a write():
 *                                     may sleep until below the limits
 *   do_writepages(mapping, wbc)       ->writepages or generic_writepages
 *   write_cache_pages(mapping, wbc, writepage, data)
 *                                     walk DIRTY (or TOWRITE) tags, lock
 *                                     each page, clear_page_dirty_for_io,
 *                                     call writepage
 *   __mark_inode_dirty(inode, I_DIRTY_*)  (in <linux/fs.h>)
 *   sync_inodes_sb(sb), writeback_inodes_sb(sb), write_inode_now(inode, sync)
 *   wakeup_flusher_threads()          start background writeback everywhere
 *
 * Sync modes: WB_SYNC_NONE writes what it can without waiting on locked
 * pages or pages under writeback; WB_SYNC_ALL waits, and is what data
 * integrity (fsync, sync) uses.
 */
#ifndef _LINUX_WRITEBACK_H
#define _LINUX_WRITEBACK_H

#include <linux/types.h>
#include <linux/fs.h>
#include <linux/blk_types.h>

struct page;
struct address_space;
struct backing_dev_info;
struct bdi_writeback;
struct work_struct;

/*
 * How hard a writeback pass tries (see the top of this file): best effort,
 * skipping pages that are locked or already being written, or for data
 * integrity, where every dirty page is written and waited for.
 */
enum writeback_sync_modes {
	WB_SYNC_NONE,	/* skip what is busy; nothing is waited for */
	WB_SYNC_ALL,	/* write and wait: fsync(2), sync(2) */
};

/*
 * Why a writeback pass was started; each work item carries one.  The two
 * marked unused have no caller yet.
 */
enum wb_reason {
	WB_REASON_BACKGROUND,		/* dirty pages above the background limit */
	WB_REASON_VMSCAN,		/* reclaim wants clean pages */
	WB_REASON_SYNC,			/* sync(2), syncfs(2) */
	WB_REASON_PERIODIC,		/* dirty_expire_centisecs aging */
	WB_REASON_FS_FREE_SPACE,	/* unused */
	WB_REASON_FORKER_THREAD,	/* unused */
	WB_REASON_MAX,
};

struct writeback_control {
	long nr_to_write;		/* pages to write; decremented per page */
	long pages_skipped;		/* pages not written */
	loff_t range_start;		/* byte range, inclusive */
	loff_t range_end;
	enum writeback_sync_modes sync_mode;
	unsigned for_kupdate:1;		/* periodic (age-based) writeback */
	unsigned for_background:1;	/* above the background threshold */
	unsigned tagged_writepages:1;	/* tag-and-write to avoid livelock */
	unsigned for_reclaim:1;		/* from page reclaim */
	unsigned range_cyclic:1;	/* resume at mapping->writeback_index */
	unsigned for_sync:1;		/* sync(2) */
};

/* wbc_to_write_flags() - REQ_SYNC for a WB_SYNC_ALL pass, else 0: bio flags; no locks. */
static inline int wbc_to_write_flags(struct writeback_control *wbc)
{
	return wbc->sync_mode == WB_SYNC_ALL ? REQ_SYNC : 0;
}

typedef int (*writepage_t)(struct page *page, struct writeback_control *wbc, void *data);

int write_cache_pages(struct address_space *mapping, struct writeback_control *wbc,
		      writepage_t writepage, void *data);
int generic_writepages(struct address_space *mapping, struct writeback_control *wbc);
int do_writepages(struct address_space *mapping, struct writeback_control *wbc);
/* Write one locked dirty page (reclaim, fsync of a single page); unlocks. */
int write_one_page(struct page *page);
int __filemap_fdatawrite_range(struct address_space *mapping, loff_t start, loff_t end,
			       enum writeback_sync_modes sync_mode);
void tag_pages_for_writeback(struct address_space *mapping, pgoff_t start, pgoff_t end);

void balance_dirty_pages_ratelimited(struct address_space *mapping);

/* fs/fs-writeback.c */
void writeback_inodes_sb(struct super_block *sb, enum wb_reason reason);
void sync_inodes_sb(struct super_block *sb);
int write_inode_now(struct inode *inode, int sync);
int sync_inode_metadata(struct inode *inode, int wait);
void wakeup_flusher_threads(enum wb_reason reason);
/* Drop the inode from its bdi's lists (eviction). */
void inode_io_list_del(struct inode *inode);
/* Wait until the flusher is done with inode (I_SYNC clear). */
void inode_wait_for_writeback(struct inode *inode);

/* Write up to nr_pages of wb's dirty pages in the caller (global/bdi policies). */
long writeback_inodes_wb(struct bdi_writeback *wb, long nr_pages, enum wb_reason reason);

/*
 * Dirty throttling policies (mm/dirty-throttle.c), vm.writeback_policy:
 *   global     one global limit, the dirtier writes its own pages (2.6.23)
 *   bdi        per-bdi limits from completion proportions (2.6.24)
 *   bandwidth  IO-less, each wb bounded by seconds of its bandwidth (default)
 */
enum writeback_policy {
	WB_POLICY_GLOBAL,
	WB_POLICY_BDI,
	WB_POLICY_BANDWIDTH,
	NR_WB_POLICIES,
};
extern int writeback_policy;
/* The policy named by s (a trailing newline is fine), or -EINVAL. */
int writeback_policy_parse(const char *s);
const char *writeback_policy_name(int policy);

/* wb's share of thresh: completion proportions with min_ratio/max_ratio. */
unsigned long wb_calc_thresh(struct bdi_writeback *wb, unsigned long thresh);
/* Should wb's flusher do background writeback now? */
bool wb_over_bg_thresh(struct bdi_writeback *wb);
/* Refresh wb's bandwidth estimate if BANDWIDTH_INTERVAL has passed. */
void wb_update_bandwidth(struct bdi_writeback *wb);
void wb_bandwidth_workfn(struct work_struct *work);
/* A page of wb finished writeback: counters, proportions, bandwidth kick. */
void wb_writeout_inc(struct bdi_writeback *wb);
/* The wb's dirty limit (pages) as the active policy sees it, and its bg share. */
void wb_dirty_limits(struct bdi_writeback *wb, unsigned long *pwb_thresh,
		     unsigned long *pwb_bg_thresh);

/* The vm.dirty_* tunables (mm/page-writeback.c). */
extern int dirty_background_ratio;
extern unsigned long dirty_background_bytes;
extern int vm_dirty_ratio;
extern unsigned long vm_dirty_bytes;
extern unsigned int dirty_writeback_interval;	/* centisecs */
extern unsigned int dirty_expire_interval;	/* centisecs */

/* Global thresholds in pages (background, dirty). */
void global_dirty_limits(unsigned long *pbackground, unsigned long *pdirty);
/* Recompute how often dirtiers check the limits (after changing them). */
void writeback_set_ratelimit(void);
/* Free + file LRU pages: what the dirty ratios are percentages of. */
unsigned long global_dirtyable_memory(void);
/* The threshold arithmetic alone: ratio or bytes (bytes wins when set). */
void dirty_limits_calc(unsigned long available, int ratio, unsigned long bytes,
		       int bg_ratio, unsigned long bg_bytes, unsigned long *pbackground,
		       unsigned long *pdirty);

/*
 * Counting pages under writeback: set_page_writeback() calls _start when
 * it sets PG_writeback, end_page_writeback() calls _end when it clears it
 * (any context, interrupts included).  The caller counts NR_WRITEBACK and
 * NR_ZONE_WRITE_PENDING itself; these add the bdi's nr_writeback /
 * nr_written and NR_WRITTEN (/proc/vmstat nr_written).
 */
void account_page_writeback_start(struct page *page);
void account_page_writeback_end(struct page *page);
/* PG_dirty was just set on a page of mapping: count it and tag it DIRTY. */
void __set_page_dirty(struct page *page, struct address_space *mapping);
/* PG_dirty went off outside clear_page_dirty_for_io() (e.g. buffers). */
void account_page_cleaned(struct page *page, struct address_space *mapping);
/* ->writepage cannot write the page now: keep it dirty, count it skipped. */
bool redirty_page_for_writepage(struct writeback_control *wbc, struct page *page);
/* Writeback of sb's inodes (or every sb's if NULL) dirtied before now, waiting. */
void writeback_inodes_sb_nr(struct super_block *sb, unsigned long nr, enum wb_reason reason);

#endif /* _LINUX_WRITEBACK_H */
