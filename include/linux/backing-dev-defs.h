/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * struct backing_dev_info and struct bdi_writeback (see <linux/backing-dev.h>).
 *
 * The writeback side (fs/fs-writeback.c) keeps each bdi's dirty inodes on
 * three lists, all under wb->list_lock:
 *   b_dirty   dirtied inodes, oldest inode->dirtied_when first
 *   b_io      inodes picked for the current writeback pass
 *   b_more_io inodes with more to write after their slice
 * An inode is on at most one of them (inode->i_io_list).
 */
#ifndef _LINUX_BACKING_DEV_DEFS_H
#define _LINUX_BACKING_DEV_DEFS_H

#include <linux/types.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include <linux/workqueue.h>
#include <linux/timer.h>
#include <linux/percpu_counter.h>
#include <linux/flex_proportions.h>
#include <asm/atomic.h>

struct backing_dev_info;
struct device;
struct inode;
struct address_space;
struct dentry;

/* capabilities */
#define BDI_CAP_NO_WRITEBACK	(1U << 0)	/* pages never written back */
#define BDI_CAP_WRITEBACK_ACCT	(1U << 1)
/* Throttle by the bdi's own limit even below the global freerun point. */
#define BDI_CAP_STRICTLIMIT	(1U << 2)

/*
 * Per-wb page counters (percpu_counter, batch WB_STAT_BATCH): read with
 * wb_stat() (cheap, off by up to wb_stat_error()) or wb_stat_sum() (exact).
 */
enum wb_stat_item {
	WB_RECLAIMABLE,		/* dirty pages */
	WB_WRITEBACK,		/* pages under writeback */
	WB_DIRTIED,		/* pages ever dirtied (cumulative) */
	WB_WRITTEN,		/* pages ever written back (cumulative) */
	NR_WB_STAT_ITEMS
};

struct bdi_writeback {
	struct backing_dev_info *bdi;
	unsigned long state;		/* WB_* bits */
	spinlock_t list_lock;		/* guards the three lists */
	struct list_head b_dirty;
	struct list_head b_io;
	struct list_head b_more_io;
	struct list_head work_list;	/* queued wb_writeback_work; work_lock */
	spinlock_t work_lock;
	struct delayed_work dwork;	/* the flusher (runs on a workqueue) */
	unsigned long last_old_flush;	/* jiffies of the last kupdate pass */

	struct percpu_counter stat[NR_WB_STAT_ITEMS];
	/* This wb's share of recent writeback completions (page-writeback.c). */
	struct fprop_local_percpu completions;

	/*
	 * Bandwidth estimate (mm/page-writeback.c, under bw_lock): pages/s,
	 * refreshed at most every BANDWIDTH_INTERVAL from WB_WRITTEN deltas.
	 */
	spinlock_t bw_lock;
	unsigned long bw_time_stamp;	/* jiffies of the last snapshot */
	unsigned long written_stamp;	/* WB_WRITTEN at the snapshot */
	unsigned long dirtied_stamp;	/* WB_DIRTIED at the snapshot */
	unsigned long bw_time_seen;	/* busy time measured so far (warm-up) */
	bool bw_was_busy;		/* pages were under writeback at the snapshot */
	unsigned long write_bandwidth;	/* smoothed over BANDWIDTH_PERIOD */
	unsigned long avg_write_bandwidth;	/* the above, spikes filtered */
	unsigned long dirty_rate;	/* pages/s dirtied, last interval */
	unsigned long dirty_ratelimit;	/* base rate of one dirtier, pages/s */
	unsigned long balanced_dirty_ratelimit;	/* what the last interval asked for */
	struct delayed_work bw_dwork;	/* refresh after completions */

	int dirty_exceeded;		/* a dirtier is throttled on this bdi */
};

#define WB_registered		0
#define WB_writeback_running	1
/*
 * Set by the block layer while a disk's queue has nearly nr_requests
 * async (sync) requests out, cleared with wake_up_bit() when it drains
 * below the off threshold (block/blk-core.c): what writeback tests with
 * bdi_write_congested() and waits on in congestion_wait().
 */
#define WB_async_congested	2
#define WB_sync_congested	3
#define WB_bw_queued		4	/* bw_dwork is queued */

struct backing_dev_info {
	struct list_head bdi_list;	/* all registered bdis; bdi_lock */
	unsigned long ra_pages;		/* read-ahead window (read_ahead_kb / 4) */
	unsigned long io_pages;		/* max_sectors_kb / 4 */
	unsigned int capabilities;	/* BDI_CAP_* */
	atomic_t refcnt;
	unsigned int min_ratio;		/* percent of the global dirty limit */
	unsigned int max_ratio;
	struct bdi_writeback wb;
	char dev_name[32];		/* "253:0", or "noop" */
	struct device *dev;		/* /sys/class/bdi/<dev_name> */
	struct dentry *debug_dir;	/* debugfs bdi/<dev_name> */
};

#define VM_READAHEAD_PAGES	(128 * 1024 / 4096)	/* 128 KiB default */

#endif /* _LINUX_BACKING_DEV_DEFS_H */
