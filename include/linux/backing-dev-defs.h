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
#include <asm/atomic.h>

struct backing_dev_info;
struct device;
struct inode;
struct address_space;

/* capabilities */
#define BDI_CAP_NO_WRITEBACK	(1U << 0)	/* pages never written back */
#define BDI_CAP_WRITEBACK_ACCT	(1U << 1)

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
	/* page counters (issue 5 makes these per-CPU batched) */
	atomic_long_t nr_reclaimable;	/* dirty pages of this bdi */
	atomic_long_t nr_writeback;
	atomic_long_t nr_dirtied;
	atomic_long_t nr_written;
	unsigned long avg_write_bandwidth;	/* pages/s, estimated */
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
};

#define VM_READAHEAD_PAGES	(128 * 1024 / 4096)	/* 128 KiB default */

#endif /* _LINUX_BACKING_DEV_DEFS_H */
