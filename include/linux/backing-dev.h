/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Backing devices (mm/backing-dev.c): what a file system's pages are
 * written back to.  One backing_dev_info per disk (gendisk->bdi, shared
 * by its partitions) and one "noop" bdi for memory file systems.
 * super_block->s_bdi points at the bdi its inodes write back to.
 *
 *   bdi = bdi_alloc();  bdi_register(bdi, "%u:%u", MAJOR(d), MINOR(d));
 *   bdi_unregister(bdi); bdi_put(bdi);
 *
 * A bdi carries the read-ahead window (ra_pages, read_ahead_kb), the
 * writeback lists and flusher of its bdi_writeback, and the per-device
 * dirty-limit state (min/max_ratio, strict_limit, proportions, bandwidth
 * estimates).  Locking: see struct bdi_writeback in
 * <linux/backing-dev-defs.h>.
 */
#ifndef _LINUX_BACKING_DEV_H
#define _LINUX_BACKING_DEV_H

#include <linux/backing-dev-defs.h>
#include <linux/log2.h>
#include <linux/cpumask.h>

struct backing_dev_info *bdi_alloc(void);
int bdi_register(struct backing_dev_info *bdi, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void bdi_unregister(struct backing_dev_info *bdi);
void bdi_put(struct backing_dev_info *bdi);

/* For memory file systems and pseudo files: never written back. */
extern struct backing_dev_info noop_backing_dev_info;

struct backing_dev_info *inode_to_bdi(struct inode *inode);

void bdi_get(struct backing_dev_info *bdi);
/* /sys/class/bdi/<bdi>/min_ratio, max_ratio (Linux's rules): 0 or -EINVAL. */
int bdi_set_min_ratio(struct backing_dev_info *bdi, unsigned int min_ratio);
int bdi_set_max_ratio(struct backing_dev_info *bdi, unsigned int max_ratio);

/* Registered bdis (bdi_lock; RCU for readers). */
extern spinlock_t bdi_lock;
extern struct list_head bdi_list;

/* The flusher (fs/fs-writeback.c): each bdi's wb->dwork runs wb_workfn on bdi_wq. */
extern struct workqueue_struct *bdi_wq;
void wb_workfn(struct work_struct *work);
/* Run what is queued, then stop the flusher for good (bdi_unregister). */
void wb_shutdown(struct bdi_writeback *wb);
/*
 * Background writeback: runs while wb_over_bg_thresh(wb) (global dirty
 * pages over the background threshold or, under the bandwidth policy,
 * the wb's own dirty pages over its background share).
 */
void wb_start_background_writeback(struct bdi_writeback *wb);
/* Is a work item or background pass running on wb? */
static inline bool writeback_in_progress(struct bdi_writeback *wb)
{
	return test_bit(WB_writeback_running, &wb->state);
}

/*
 * Per-wb counters.  The batch grows with log2 of the CPU count (2.6.24's
 * 8 * (1 + ilog2(ncpus))), so wb_stat() is off by at most
 * wb_stat_error() pages; callers comparing against a small threshold
 * (below twice the error) use wb_stat_sum().
 */
#define WB_STAT_BATCH	(8 * (1 + ilog2(nr_cpu_ids)))

static inline void wb_stat_mod(struct bdi_writeback *wb, enum wb_stat_item item, s64 amount)
{
	percpu_counter_add_batch(&wb->stat[item], amount, WB_STAT_BATCH);
}
static inline void inc_wb_stat(struct bdi_writeback *wb, enum wb_stat_item item)
{
	wb_stat_mod(wb, item, 1);
}
static inline void dec_wb_stat(struct bdi_writeback *wb, enum wb_stat_item item)
{
	wb_stat_mod(wb, item, -1);
}
static inline unsigned long wb_stat(struct bdi_writeback *wb, enum wb_stat_item item)
{
	return percpu_counter_read_positive(&wb->stat[item]);
}
static inline unsigned long wb_stat_sum(struct bdi_writeback *wb, enum wb_stat_item item)
{
	return percpu_counter_sum_positive(&wb->stat[item]);
}
static inline unsigned long wb_stat_error(void)
{
	return WB_STAT_BATCH * nr_cpu_ids;
}

static inline bool bdi_strictlimit(struct backing_dev_info *bdi)
{
	return READ_ONCE(bdi->capabilities) & BDI_CAP_STRICTLIMIT;
}

/* Has this wb dirty inodes on its lists? (wb->list_lock not needed: a hint) */
static inline bool wb_has_dirty_io(struct bdi_writeback *wb)
{
	return !list_empty(&wb->b_dirty) || !list_empty(&wb->b_io) ||
	       !list_empty(&wb->b_more_io);
}

/* Does mapping's data get written back (dirty accounting applies)? */
static inline bool mapping_can_writeback(struct address_space *mapping)
{
	return !(inode_to_bdi(mapping->host)->capabilities & BDI_CAP_NO_WRITEBACK);
}

#endif /* _LINUX_BACKING_DEV_H */
