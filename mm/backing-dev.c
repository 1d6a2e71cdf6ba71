// SPDX-License-Identifier: GPL-2.0-only
/*
 * Backing devices: the object a file system's dirty data is written back
 * to (one per disk, shared by its partitions), its writeback state and
 * its sysfs directory /sys/class/bdi/<MAJ:MIN>/.
 *
 * Interface (<linux/backing-dev.h>):
 *   bdi_alloc()            a new bdi, one reference, not yet visible
 *   bdi_register(bdi, fmt, ...)  name it, create /sys/class/bdi/<name>,
 *                          let the flusher run for it
 *   bdi_unregister(bdi)    stop the flusher (waiting for it), remove sysfs
 *   bdi_put(bdi)           drop a reference; the last one frees it
 *   inode_to_bdi(inode)    where an inode's pages go
 *   noop_backing_dev_info  memory file systems: never written back
 *
 * The flusher itself is fs/fs-writeback.c's wb_workfn(), run as each
 * bdi's delayed work on bdi_wq ("writeback", unbound).
 *
 * Locking: bdi_lock guards bdi_list (registered bdis) and the sum of the
 * min_ratio reservations; bdi_list is also walked under RCU by
 * wakeup_flusher_threads().  A bdi's own fields follow
 * <linux/backing-dev-defs.h>.  min_ratio, max_ratio and strict_limit are
 * set here and enforced by mm/dirty-throttle.c.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sprintf.h>
#include <linux/stdarg.h>
#include <linux/spinlock.h>
#include <linux/rculist.h>
#include <linux/device.h>
#include <linux/kstrtox.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/backing-dev.h>
#include <linux/writeback.h>
#include <linux/mutex.h>
#include <linux/seq_file.h>
#include <linux/debugfs.h>
#include "dirty-throttle.h"

struct workqueue_struct *bdi_wq;

DEFINE_SPINLOCK(bdi_lock);
LIST_HEAD(bdi_list);

/* Sum of all registered bdis' min_ratio, percent (must stay below 100). */
static unsigned int bdi_min_ratio;

struct backing_dev_info noop_backing_dev_info = {
	.ra_pages	= 0,
	.capabilities	= BDI_CAP_NO_WRITEBACK,
	.refcnt		= ATOMIC_INIT(1),
	.max_ratio	= 100,
	.dev_name	= "noop",
};

unsigned int bdi_min_ratio_sum(void)
{
	return READ_ONCE(bdi_min_ratio);
}

static void wb_exit(struct bdi_writeback *wb)
{
	int i;

	for (i = 0; i < NR_WB_STAT_ITEMS; i++)
		percpu_counter_destroy(&wb->stat[i]);
	fprop_local_destroy_percpu(&wb->completions);
}

static int wb_init(struct bdi_writeback *wb, struct backing_dev_info *bdi)
{
	int i, err = 0;

	memset(wb, 0, sizeof(*wb));
	wb->bdi = bdi;
	spin_lock_init(&wb->list_lock);
	INIT_LIST_HEAD(&wb->b_dirty);
	INIT_LIST_HEAD(&wb->b_io);
	INIT_LIST_HEAD(&wb->b_more_io);
	INIT_LIST_HEAD(&wb->work_list);
	spin_lock_init(&wb->work_lock);
	INIT_DELAYED_WORK(&wb->dwork, wb_workfn);
	wb->last_old_flush = jiffies;
	spin_lock_init(&wb->bw_lock);
	INIT_DELAYED_WORK(&wb->bw_dwork, wb_bandwidth_workfn);
	wb->bw_time_stamp = jiffies;
	/* Until measured (mm/dirty-throttle.c): a plausible disk. */
	wb->write_bandwidth = INIT_BW;
	wb->avg_write_bandwidth = INIT_BW;
	wb->dirty_ratelimit = INIT_BW;
	for (i = 0; i < NR_WB_STAT_ITEMS && !err; i++)
		err = percpu_counter_init(&wb->stat[i], 0, GFP_KERNEL);
	if (!err)
		err = fprop_local_init_percpu(&wb->completions, GFP_KERNEL);
	if (err)
		wb_exit(wb);	/* destroying a never-initialised counter is harmless */
	return err;
}

static int bdi_init(struct backing_dev_info *bdi)
{
	INIT_LIST_HEAD(&bdi->bdi_list);
	bdi->ra_pages = VM_READAHEAD_PAGES;
	bdi->io_pages = VM_READAHEAD_PAGES;
	bdi->capabilities = BDI_CAP_WRITEBACK_ACCT;
	atomic_set(&bdi->refcnt, 1);
	bdi->min_ratio = 0;
	bdi->max_ratio = 100;
	return wb_init(&bdi->wb, bdi);
}

/**
 * bdi_alloc() - allocate a backing device
 *
 * The new bdi has one reference, the default read-ahead window, dirty
 * accounting on, min_ratio 0 and max_ratio 100, and an idle writeback
 * state with a guessed bandwidth.  It is not visible anywhere until
 * bdi_register().
 *
 * Context: process context; may sleep (GFP_KERNEL).
 * Return: the bdi, or NULL if memory ran out.
 */
struct backing_dev_info *bdi_alloc(void)
{
	struct backing_dev_info *bdi = kzalloc(sizeof(*bdi), GFP_KERNEL);

	if (bdi && bdi_init(bdi)) {
		kfree(bdi);
		return NULL;
	}
	return bdi;
}

/**
 * inode_to_bdi() - the backing device an inode's pages are written to
 * @inode: the inode, or NULL
 *
 * A block device's own inode maps to its disk's bdi; any other inode to
 * its super block's s_bdi.  An inode without a super block or bdi (and
 * NULL) maps to noop_backing_dev_info.  No reference is taken: the bdi
 * lives at least as long as the super block or the disk.
 *
 * Context: any context; no locks.
 * Return: the bdi; never NULL.
 */
struct backing_dev_info *inode_to_bdi(struct inode *inode)
{
	struct block_device *bdev;

	if (!inode || !inode->i_sb)
		return &noop_backing_dev_info;
	/*
	 * A block device's own inode (bd_inode, on the bdev pseudo file
	 * system) has i_bdev pointing back at its block_device: its pages -
	 * file system metadata buffers, buffered I/O on /dev/vdX - belong to
	 * the disk's bdi, not to the pseudo file system's.
	 */
	bdev = inode->i_bdev;
	if (bdev && bdev->bd_inode == inode && bdev->bd_disk && bdev->bd_disk->bdi)
		return bdev->bd_disk->bdi;
	if (inode->i_sb->s_bdi)
		return inode->i_sb->s_bdi;
	return &noop_backing_dev_info;
}

/* ------------------------------------------------------------ sysfs */

static struct class bdi_class = {
	.name = "bdi",
};

static ssize_t read_ahead_kb_show(struct device *dev, struct device_attribute *attr,
				  char *buf)
{
	struct backing_dev_info *bdi = dev_get_drvdata(dev);

	return sysfs_emit(buf, "%lu\n", READ_ONCE(bdi->ra_pages) << (PAGE_SHIFT - 10));
}

static ssize_t read_ahead_kb_store(struct device *dev, struct device_attribute *attr,
				   const char *buf, size_t count)
{
	struct backing_dev_info *bdi = dev_get_drvdata(dev);
	unsigned long kb;
	int err;

	err = kstrtoul(buf, 10, &kb);
	if (err)
		return err;
	WRITE_ONCE(bdi->ra_pages, kb >> (PAGE_SHIFT - 10));
	return count;
}
static DEVICE_ATTR_RW(read_ahead_kb);

/* A percentage written to min_ratio or max_ratio, applied with set(). */
static ssize_t ratio_store(struct device *dev, const char *buf, size_t count,
			   int (*set)(struct backing_dev_info *bdi, unsigned int ratio))
{
	unsigned long ratio;
	int err;

	err = kstrtoul(buf, 10, &ratio);
	if (err)
		return err;
	if (ratio > 100)
		return -EINVAL;
	err = set(dev_get_drvdata(dev), ratio);
	return err ? err : (ssize_t)count;
}

static ssize_t min_ratio_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct backing_dev_info *bdi = dev_get_drvdata(dev);

	return sysfs_emit(buf, "%u\n", READ_ONCE(bdi->min_ratio));
}

/**
 * bdi_set_min_ratio() - reserve a share of the dirty threshold for a bdi
 * @bdi: the backing device
 * @min_ratio: percent of the global threshold always granted to @bdi
 *
 * Refused if it exceeds @bdi's max_ratio, or if raising it would bring
 * the sum of all bdis' reservations to 100 or more.
 *
 * Context: does not sleep; takes bdi_lock.
 * Return: 0, or -EINVAL when refused.
 */
int bdi_set_min_ratio(struct backing_dev_info *bdi, unsigned int min_ratio)
{
	int err = 0;

	spin_lock(&bdi_lock);
	if (min_ratio > bdi->max_ratio) {
		err = -EINVAL;
	} else if (min_ratio > bdi->min_ratio &&
		   bdi_min_ratio + (min_ratio - bdi->min_ratio) >= 100) {
		err = -EINVAL;
	} else {
		bdi_min_ratio = bdi_min_ratio - bdi->min_ratio + min_ratio;
		WRITE_ONCE(bdi->min_ratio, min_ratio);
	}
	spin_unlock(&bdi_lock);
	return err;
}

/**
 * bdi_set_max_ratio() - cap a bdi's share of the dirty threshold
 * @bdi: the backing device
 * @max_ratio: percent of the global threshold @bdi may use at most
 *
 * Context: does not sleep; takes bdi_lock.
 * Return: 0, or -EINVAL if @max_ratio is over 100 or below @bdi's
 * min_ratio.
 */
int bdi_set_max_ratio(struct backing_dev_info *bdi, unsigned int max_ratio)
{
	int err = 0;

	if (max_ratio > 100)
		return -EINVAL;
	spin_lock(&bdi_lock);
	if (bdi->min_ratio > max_ratio)
		err = -EINVAL;
	else
		WRITE_ONCE(bdi->max_ratio, max_ratio);
	spin_unlock(&bdi_lock);
	return err;
}

static ssize_t min_ratio_store(struct device *dev, struct device_attribute *attr,
			       const char *buf, size_t count)
{
	return ratio_store(dev, buf, count, bdi_set_min_ratio);
}
static DEVICE_ATTR_RW(min_ratio);

static ssize_t max_ratio_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct backing_dev_info *bdi = dev_get_drvdata(dev);

	return sysfs_emit(buf, "%u\n", READ_ONCE(bdi->max_ratio));
}

static ssize_t max_ratio_store(struct device *dev, struct device_attribute *attr,
			       const char *buf, size_t count)
{
	return ratio_store(dev, buf, count, bdi_set_max_ratio);
}
static DEVICE_ATTR_RW(max_ratio);

static ssize_t strict_limit_show(struct device *dev, struct device_attribute *attr,
				 char *buf)
{
	struct backing_dev_info *bdi = dev_get_drvdata(dev);

	return sysfs_emit(buf, "%d\n", bdi_strictlimit(bdi) ? 1 : 0);
}

/* 1: the bdi is throttled by its own limit even below the global freerun point. */
static ssize_t strict_limit_store(struct device *dev, struct device_attribute *attr,
				  const char *buf, size_t count)
{
	struct backing_dev_info *bdi = dev_get_drvdata(dev);
	unsigned long v;
	int err;

	err = kstrtoul(buf, 10, &v);
	if (err)
		return err;
	if (v > 1)
		return -EINVAL;
	spin_lock(&bdi_lock);
	if (v)
		WRITE_ONCE(bdi->capabilities, bdi->capabilities | BDI_CAP_STRICTLIMIT);
	else
		WRITE_ONCE(bdi->capabilities, bdi->capabilities & ~BDI_CAP_STRICTLIMIT);
	spin_unlock(&bdi_lock);
	return count;
}
static DEVICE_ATTR_RW(strict_limit);

static ssize_t stable_pages_required_show(struct device *dev, struct device_attribute *attr,
					  char *buf)
{
	/* No device here needs pages held stable during I/O (no checksumming). */
	return sysfs_emit(buf, "0\n");
}
static DEVICE_ATTR_RO(stable_pages_required);

static const struct device_attribute *const bdi_dev_attrs[] = {
	&dev_attr_read_ahead_kb,
	&dev_attr_min_ratio,
	&dev_attr_max_ratio,
	&dev_attr_strict_limit,
	&dev_attr_stable_pages_required,
};

/* ------------------------------------------------------------ debugfs stats */

/* debugfs "bdi", created with the first bdi (bdi_debug_lock). */
static struct dentry *bdi_debug_root;
static DEFINE_MUTEX(bdi_debug_lock);

/* How many inodes wait on one of wb's lists (list_lock held). */
static unsigned long wb_list_length(struct list_head *list)
{
	unsigned long len = 0;
	struct list_head *it;

	for (it = list->next; it != list; it = it->next)
		len++;
	return len;
}

/* One line of bdi/<dev>/stats: label (with its colon), value, unit. */
struct bdi_stat_line {
	const char *label;
	unsigned long value;
	const char *unit;
};

/*
 * bdi/<dev>/stats, in the field names and column layout Linux uses (a
 * 20-column label, a 10-column value; sizes in kB, bandwidth in kBps),
 * so existing tools can read it.
 */
static int bdi_debug_stats_show(struct seq_file *m, void *unused)
{
	struct backing_dev_info *bdi = m->private;
	struct bdi_writeback *wb = &bdi->wb;
	unsigned long bg, thresh, wb_thresh, wb_bg, queued[3];
	int i;

	spin_lock(&wb->list_lock);
	queued[0] = wb_list_length(&wb->b_dirty);
	queued[1] = wb_list_length(&wb->b_io);
	queued[2] = wb_list_length(&wb->b_more_io);
	spin_unlock(&wb->list_lock);

	global_dirty_limits(&bg, &thresh);
	wb_dirty_limits(wb, &wb_thresh, &wb_bg);

	{
		const struct bdi_stat_line lines[] = {
			{ "BdiWriteback:", KBps(wb_stat_sum(wb, WB_WRITEBACK)), " kB" },
			{ "BdiReclaimable:", KBps(wb_stat_sum(wb, WB_RECLAIMABLE)), " kB" },
			{ "BdiDirtyThresh:", KBps(wb_thresh), " kB" },
			{ "DirtyThresh:", KBps(thresh), " kB" },
			{ "BackgroundThresh:", KBps(bg), " kB" },
			{ "BdiDirtied:", KBps(wb_stat_sum(wb, WB_DIRTIED)), " kB" },
			{ "BdiWritten:", KBps(wb_stat_sum(wb, WB_WRITTEN)), " kB" },
			{ "BdiWriteBandwidth:", KBps(READ_ONCE(wb->avg_write_bandwidth)), " kBps" },
			{ "b_dirty:", queued[0], "" },
			{ "b_io:", queued[1], "" },
			{ "b_more_io:", queued[2], "" },
			/* No lazytime here, so no b_dirty_time list. */
			{ "b_dirty_time:", 0, "" },
			{ "bdi_list:", !list_empty(&bdi->bdi_list), "" },
		};

		for (i = 0; i < ARRAY_SIZE(lines); i++)
			seq_printf(m, "%-20s%10lu%s\n", lines[i].label,
				   lines[i].value, lines[i].unit);
	}
	seq_printf(m, "%-20s%10lx\n", "state:", wb->state);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(bdi_debug_stats);

static void bdi_debug_register(struct backing_dev_info *bdi)
{
	mutex_lock(&bdi_debug_lock);
	if (IS_ERR_OR_NULL(bdi_debug_root))
		bdi_debug_root = debugfs_create_dir("bdi", NULL);
	mutex_unlock(&bdi_debug_lock);
	if (IS_ERR_OR_NULL(bdi_debug_root))
		return;		/* debugfs is never essential */
	bdi->debug_dir = debugfs_create_dir(bdi->dev_name, bdi_debug_root);
	if (!IS_ERR_OR_NULL(bdi->debug_dir))
		debugfs_create_file("stats", 0444, bdi->debug_dir, bdi,
				    &bdi_debug_stats_fops);
}

static void bdi_debug_unregister(struct backing_dev_info *bdi)
{
	debugfs_remove_recursive(bdi->debug_dir);
	bdi->debug_dir = NULL;
}

/* ------------------------------------------------------------ registration */

/**
 * bdi_register() - make a backing device live
 * @bdi: from bdi_alloc(), not registered
 * @fmt: printf format of its name (disks use "major:minor")
 * @...: the format's arguments
 *
 * Names the bdi, creates /sys/class/bdi/<name> with its tunables and the
 * debugfs stats file, adds its min_ratio to the reserved sum, puts it on
 * bdi_list and sets WB_registered, from which point its flusher may be
 * queued.
 *
 * Context: process context; may sleep (sysfs and debugfs).  Takes
 * bdi_lock briefly.
 * Return: 0; -EBUSY (with a warning) if already registered; or the error
 * of creating the sysfs device or its files.
 */
int bdi_register(struct backing_dev_info *bdi, const char *fmt, ...)
{
	struct device *dev;
	va_list args;
	unsigned int i;
	int err;

	if (WARN_ON(test_bit(WB_registered, &bdi->wb.state)))
		return -EBUSY;
	va_start(args, fmt);
	vsnprintf(bdi->dev_name, sizeof(bdi->dev_name), fmt, args);
	va_end(args);

	dev = device_create(&bdi_class, NULL, 0, bdi, "%s", bdi->dev_name);
	if (IS_ERR(dev))
		return PTR_ERR(dev);
	for (i = 0; i < ARRAY_SIZE(bdi_dev_attrs); i++) {
		err = device_create_file(dev, bdi_dev_attrs[i]);
		if (err) {
			device_unregister(dev);
			return err;
		}
	}
	bdi->dev = dev;
	bdi_debug_register(bdi);

	spin_lock(&bdi_lock);
	bdi_min_ratio += bdi->min_ratio;
	list_add_tail_rcu(&bdi->bdi_list, &bdi_list);
	set_bit(WB_registered, &bdi->wb.state);
	spin_unlock(&bdi_lock);
	return 0;
}

/**
 * bdi_unregister() - take a backing device out of use
 * @bdi: the bdi; nothing is done if it is not registered
 *
 * Clears WB_registered and removes the bdi from bdi_list (waiting for an
 * RCU grace period, so no list walker still sees it), then lets the
 * flusher run the work already queued and stops it, cancels the bandwidth
 * work and removes the debugfs and sysfs entries.  The bdi stays
 * allocated until the last bdi_put().
 *
 * Context: process context; sleeps (synchronize_rcu(), flushing the
 * flusher).  Must not be called from the flusher itself or with bdi_lock
 * held.
 */
void bdi_unregister(struct backing_dev_info *bdi)
{
	if (!test_bit(WB_registered, &bdi->wb.state))
		return;
	spin_lock(&bdi_lock);
	clear_bit(WB_registered, &bdi->wb.state);
	list_del_rcu(&bdi->bdi_list);
	bdi_min_ratio -= bdi->min_ratio;
	spin_unlock(&bdi_lock);
	synchronize_rcu();

	/*
	 * With WB_registered clear nobody queues new work; what is queued
	 * still runs (sync waiters depend on it), then the flusher stops.
	 */
	wb_shutdown(&bdi->wb);
	/* Completions no longer queue it (WB_registered is clear). */
	cancel_delayed_work_sync(&bdi->wb.bw_dwork);

	bdi_debug_unregister(bdi);
	if (bdi->dev) {
		device_unregister(bdi->dev);
		bdi->dev = NULL;
	}
}

/**
 * bdi_put() - drop a reference to a backing device
 * @bdi: the bdi
 *
 * The last reference frees it; it must be unregistered by then (a
 * warning otherwise, as for inodes still queued on it).  Dropping the
 * last reference to noop_backing_dev_info only warns.
 *
 * Context: process context; may sleep when it frees (waits for the
 * bandwidth work to finish).
 */
void bdi_put(struct backing_dev_info *bdi)
{
	if (!atomic_dec_and_test(&bdi->refcnt))
		return;
	if (WARN_ON(bdi == &noop_backing_dev_info))
		return;
	WARN_ON(test_bit(WB_registered, &bdi->wb.state));
	WARN_ON(!list_empty(&bdi->wb.b_dirty) || !list_empty(&bdi->wb.b_io) ||
		!list_empty(&bdi->wb.b_more_io));
	cancel_delayed_work_sync(&bdi->wb.bw_dwork);
	wb_exit(&bdi->wb);
	kfree(bdi);
}

/**
 * bdi_get() - take a reference to a backing device
 * @bdi: a bdi the caller already holds a reference to
 *
 * Context: any context; atomic, no locks.
 */
void bdi_get(struct backing_dev_info *bdi)
{
	atomic_inc(&bdi->refcnt);
}

static int __init default_bdi_init(void)
{
	int err;

	/* Unbound: flushers sleep on I/O and should not hog one CPU's pool. */
	bdi_wq = alloc_workqueue("writeback", WQ_MEM_RECLAIM | WQ_UNBOUND, 0);
	if (!bdi_wq)
		return -ENOMEM;
	if (wb_init(&noop_backing_dev_info.wb, &noop_backing_dev_info))
		return -ENOMEM;
	INIT_LIST_HEAD(&noop_backing_dev_info.bdi_list);
	err = class_register(&bdi_class);
	if (err)
		pr_err("bdi: cannot register /sys/class/bdi: %d\n", err);
	return err;
}
subsys_initcall(default_bdi_init);
