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
/**
 * writeback_in_progress() - is wb's flusher busy right now?
 * @wb: the bdi_writeback
 *
 * WB_writeback_running is set while the flusher works through queued
 * items and its background and periodic passes.
 *
 * Context: any context; an unlocked bit test, a hint that may be stale.
 * Return: true if the flusher of @wb is running.
 */
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

/**
 * wb_stat_mod() - add to one of a wb's counters
 * @wb: the bdi_writeback
 * @item: which counter (WB_RECLAIMABLE, WB_WRITEBACK, ...)
 * @amount: what to add (negative to subtract)
 *
 * The per-CPU part absorbs changes up to WB_STAT_BATCH before they are
 * folded into the shared count.
 *
 * Context: any context, interrupts included; does not sleep.
 */
static inline void wb_stat_mod(struct bdi_writeback *wb, enum wb_stat_item item, s64 amount)
{
	percpu_counter_add_batch(&wb->stat[item], amount, WB_STAT_BATCH);
}
/* inc_wb_stat() - wb_stat_mod(wb, item, 1); any context. */
static inline void inc_wb_stat(struct bdi_writeback *wb, enum wb_stat_item item)
{
	wb_stat_mod(wb, item, 1);
}
/* dec_wb_stat() - wb_stat_mod(wb, item, -1); any context. */
static inline void dec_wb_stat(struct bdi_writeback *wb, enum wb_stat_item item)
{
	wb_stat_mod(wb, item, -1);
}
/**
 * wb_stat() - a wb's counter, approximately
 * @wb: the bdi_writeback
 * @item: which counter
 *
 * Reads only the shared count: off by up to wb_stat_error().
 *
 * Context: any context; lockless.
 * Return: the count, 0 if the approximation is negative.
 */
static inline unsigned long wb_stat(struct bdi_writeback *wb, enum wb_stat_item item)
{
	return percpu_counter_read_positive(&wb->stat[item]);
}
/**
 * wb_stat_sum() - a wb's counter, exactly
 * @wb: the bdi_writeback
 * @item: which counter
 *
 * Adds up every CPU's part under the counter's lock: slower than
 * wb_stat(), for thresholds too small for its error.
 *
 * Context: any context; takes the counter's lock with interrupts saved,
 * does not sleep.
 * Return: the count, 0 if it is negative.
 */
static inline unsigned long wb_stat_sum(struct bdi_writeback *wb, enum wb_stat_item item)
{
	return percpu_counter_sum_positive(&wb->stat[item]);
}
/* wb_stat_error() - the most wb_stat() can be off by: WB_STAT_BATCH per CPU; no locks. */
static inline unsigned long wb_stat_error(void)
{
	return WB_STAT_BATCH * nr_cpu_ids;
}

/* bdi_strictlimit() - true if bdi's strict_limit is set (sysfs); an unlocked read. */
static inline bool bdi_strictlimit(struct backing_dev_info *bdi)
{
	return READ_ONCE(bdi->capabilities) & BDI_CAP_STRICTLIMIT;
}

/**
 * wb_has_dirty_io() - does a wb have dirty inodes queued?
 * @wb: the bdi_writeback
 *
 * Looks at b_dirty, b_io and b_more_io without wb->list_lock, so the
 * answer is a hint: good enough to decide whether to wake or re-arm the
 * flusher.
 *
 * Context: any context; no locks.
 * Return: true if any of the three lists is non-empty.
 */
static inline bool wb_has_dirty_io(struct bdi_writeback *wb)
{
	return !list_empty(&wb->b_dirty) || !list_empty(&wb->b_io) ||
	       !list_empty(&wb->b_more_io);
}

/**
 * mapping_can_writeback() - is a mapping's data ever written back?
 * @mapping: the address space; its host decides the bdi
 *
 * False for mappings on the noop bdi (ramfs, tmpfs, pseudo files), whose
 * dirty pages have nowhere to go; writeback paths skip them.
 *
 * Context: any context; no locks.
 * Return: true unless the bdi of @mapping->host has BDI_CAP_NO_WRITEBACK.
 */
static inline bool mapping_can_writeback(struct address_space *mapping)
{
	return !(inode_to_bdi(mapping->host)->capabilities & BDI_CAP_NO_WRITEBACK);
}

#endif /* _LINUX_BACKING_DEV_H */
