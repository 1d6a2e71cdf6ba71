// SPDX-License-Identifier: GPL-2.0-only
/*
 * Writing dirty inodes back: the per-bdi dirty lists and the flusher.
 *
 * Interface (<linux/fs.h>, <linux/writeback.h>, <linux/backing-dev.h>):
 *   __mark_inode_dirty(inode, flags)  I_DIRTY_SYNC/DATASYNC (metadata;
 *                            calls ->dirty_inode) or I_DIRTY_PAGES; a clean
 *                            inode joins its bdi's b_dirty, stamped now
 *   writeback_inodes_sb(sb, reason)  start writing sb's dirty inodes, wait
 *                            for the pass (not for the I/O)
 *   sync_inodes_sb(sb)       data integrity: write and wait for every inode
 *                            dirtied before the call
 *   write_inode_now(inode, sync), sync_inode_metadata(inode, wait)
 *   wakeup_flusher_threads(reason)   background writeback everywhere
 *   inode_io_list_del(inode), inode_wait_for_writeback(inode)  (eviction)
 *
 * Lists (struct bdi_writeback, under wb->list_lock).  b_dirty holds dirty
 * inodes newest first, so its tail is the oldest dirtied_when.  A pass
 * moves the inodes it wants from b_dirty's tail (and everything on
 * b_more_io) to b_io, then takes inodes from b_io's tail one at a time,
 * writing a slice of each: up to MIN_WRITEBACK_PAGES pages unless the
 * pass is for integrity.  Afterwards the inode goes
 *   - off the lists when it is clean;
 *   - to b_more_io when its slice ran out with pages left: it gets another
 *     turn after the others (one big file cannot starve small ones);
 *   - back to b_dirty (redirty_tail, possibly re-stamped) when it could
 *     not be written now or was dirtied again.
 * Livelock: a pass takes only inodes dirtied before its cut-off; sync
 * passes fix the cut-off when they are queued, tag the pages to write
 * first (TOWRITE), and re-stamp inodes they requeue.  Background passes
 * also leave a block device inode (file system metadata) dirtied less
 * than a kupdate period ago, unless nothing else is waiting
 * (pass_defers_inode()).
 *
 * The flusher is one delayed work per bdi on bdi_wq.  It runs queued work
 * items (sync, writeback_inodes_sb, background kicks) in order, then
 * background writeback while wb_over_bg_thresh() (global dirty pages over
 * the background threshold, or - bandwidth policy - the wb's own over its
 * background share), then - every dirty_writeback_centisecs - kupdate writeback
 * of inodes dirtied more than dirty_expire_centisecs ago; it re-arms
 * itself for the next period while the bdi has dirty inodes.
 *
 * I_SYNC marks an inode whose pages and metadata are being written (by
 * the flusher or by fsync's write_inode_now): one writer at a time, the
 * others wait in inode_wait_for_writeback() or skip it.  While I_SYNC is
 * set __mark_inode_dirty() only records the flags; the writer requeues.
 *
 * Lock order: wb->list_lock -> inode->i_lock; wb->work_lock is a leaf
 * (irq-safe).  The flusher holds a reference on the inode it writes, so
 * it cannot be evicted underneath; eviction takes it off the lists with
 * inode_io_list_del().
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/sched.h>
#include <linux/jiffies.h>
#include <linux/completion.h>
#include <linux/wait_bit.h>
#include <linux/fs.h>
#include <linux/pagemap.h>
#include <linux/vmstat.h>
#include <linux/backing-dev.h>
#include <linux/writeback.h>
#include <linux/blkdev.h>
#include <uapi/linux/magic.h>
#include "internal.h"

/*
 * Pages written from one inode before moving to the next (4 MiB, Linux's
 * MIN_WRITEBACK_PAGES): big enough for large sequential I/O, small enough
 * to rotate between files.  Under the bandwidth policy the slice grows
 * with the device: about half a second of its bandwidth, at most 1/8 of
 * the global dirty limit, in multiples of this.
 */
#define MIN_WRITEBACK_PAGES	((4UL << 20) >> PAGE_SHIFT)
#define DIRTY_SCOPE		8

/* A pass returns to its loop (re-checking work and limits) after this long. */
#define WRITEBACK_PASS_TIME	(HZ / 10 ? HZ / 10 : 1)

/* A piece of work for a bdi's flusher. */
struct wb_writeback_work {
	long nr_pages;			/* pages still to write */
	struct super_block *sb;		/* only this sb's inodes; NULL: all */
	unsigned long dirtied_before;	/* integrity cut-off (jiffies) */
	enum writeback_sync_modes sync_mode;
	unsigned int tagged_writepages:1;
	unsigned int for_kupdate:1;
	unsigned int for_background:1;
	unsigned int for_sync:1;
	unsigned int range_cyclic:1;
	unsigned int auto_free:1;	/* kfree() when done (nobody waits) */
	enum wb_reason reason;
	struct list_head list;		/* in wb->work_list; wb->work_lock */
	struct completion *done;	/* completed when done, if set */
};

/* ------------------------------------------------------------ waking the flusher */

static void wb_wakeup(struct bdi_writeback *wb)
{
	unsigned long flags;

	spin_lock_irqsave(&wb->work_lock, flags);
	if (test_bit(WB_registered, &wb->state))
		mod_delayed_work(bdi_wq, &wb->dwork, 0);
	spin_unlock_irqrestore(&wb->work_lock, flags);
}

/* Arm the periodic (kupdate) run, unless the flusher is already due. */
static void wb_wakeup_delayed(struct bdi_writeback *wb)
{
	unsigned long timeout = msecs_to_jiffies(READ_ONCE(dirty_writeback_interval) * 10);
	unsigned long flags;

	spin_lock_irqsave(&wb->work_lock, flags);
	if (test_bit(WB_registered, &wb->state))
		queue_delayed_work(bdi_wq, &wb->dwork, timeout);
	spin_unlock_irqrestore(&wb->work_lock, flags);
}

static void finish_writeback_work(struct wb_writeback_work *work)
{
	struct completion *done = work->done;

	if (work->auto_free)
		kfree(work);
	if (done)
		complete(done);
}

static void wb_queue_work(struct bdi_writeback *wb, struct wb_writeback_work *work)
{
	unsigned long flags;

	spin_lock_irqsave(&wb->work_lock, flags);
	if (!test_bit(WB_registered, &wb->state)) {
		/* The device is going away: nothing will run this. */
		spin_unlock_irqrestore(&wb->work_lock, flags);
		finish_writeback_work(work);
		return;
	}
	list_add_tail(&work->list, &wb->work_list);
	mod_delayed_work(bdi_wq, &wb->dwork, 0);
	spin_unlock_irqrestore(&wb->work_lock, flags);
}

static struct wb_writeback_work *get_next_work_item(struct bdi_writeback *wb)
{
	struct wb_writeback_work *work = NULL;

	spin_lock_irq(&wb->work_lock);
	if (!list_empty(&wb->work_list)) {
		work = list_first_entry(&wb->work_list, struct wb_writeback_work, list);
		list_del_init(&work->list);
	}
	spin_unlock_irq(&wb->work_lock);
	return work;
}

/**
 * wb_start_background_writeback() - wake a wb's flusher for background work
 * @wb: the bdi_writeback
 *
 * Runs the flusher now (if the wb is registered); it writes in the
 * background for as long as wb_over_bg_thresh() says so.  Nothing is
 * waited for.
 *
 * Context: any context; takes wb->work_lock (irqsave), does not sleep.
 */
void wb_start_background_writeback(struct bdi_writeback *wb)
{
	/* The flusher checks the background threshold each time it runs. */
	wb_wakeup(wb);
}

/**
 * wakeup_flusher_threads() - kick the flusher of every bdi
 * @reason: why; WB_REASON_PERIODIC (a new flush period) wakes every bdi,
 *          any other reason only those with dirty inodes
 *
 * Each flusher woken re-checks the background threshold and periodic
 * writeback at once and re-arms its timer.  Nothing is waited for.
 *
 * Context: does not sleep; walks bdi_list under RCU and takes each woken
 * wb's work_lock (irqsave).  Called from process context (sysctl, sync).
 */
void wakeup_flusher_threads(enum wb_reason reason)
{
	struct backing_dev_info *bdi;

	rcu_read_lock();
	list_for_each_entry_rcu(bdi, &bdi_list, bdi_list) {
		/*
		 * Run now: the flusher re-checks the background threshold and
		 * whether periodic writeback is due, then re-arms.  A new
		 * dirty_writeback_centisecs (PERIODIC) reaches idle bdis too,
		 * so no timer armed with the old period is left behind.
		 */
		if (reason == WB_REASON_PERIODIC || wb_has_dirty_io(&bdi->wb))
			wb_wakeup(&bdi->wb);
	}
	rcu_read_unlock();
}

/* ------------------------------------------------------------ marking inodes dirty */

static void inode_sync_complete(struct inode *inode)
{
	/* Caller holds i_lock. */
	inode->i_state &= ~I_SYNC;
	smp_mb();
	wake_up_bit(&inode->i_state, __ffs(I_SYNC));
}

void __mark_inode_dirty(struct inode *inode, int flags)
{
	struct super_block *sb = inode->i_sb;
	struct backing_dev_info *bdi;
	struct bdi_writeback *wb = NULL;
	bool wakeup = false;

	if (flags & I_DIRTY_INODE) {
		/* Let the file system copy the inode into its buffer first. */
		if (sb->s_op->dirty_inode)
			sb->s_op->dirty_inode(inode, flags & I_DIRTY_INODE);
	}

	/* Pairs with the barrier in __writeback_single_inode() clearing flags. */
	smp_mb();
	if ((READ_ONCE(inode->i_state) & flags) == flags)
		return;

	bdi = inode_to_bdi(inode);
	if (!(bdi->capabilities & BDI_CAP_NO_WRITEBACK)) {
		wb = &bdi->wb;
		spin_lock(&wb->list_lock);
	}
	spin_lock(&inode->i_lock);
	if ((inode->i_state & flags) != flags) {
		bool was_dirty = inode->i_state & I_DIRTY;

		inode->i_state |= flags;
		/*
		 * An inode being written keeps its place: the writer requeues
		 * it by its state when done.  Inodes of memory file systems
		 * and inodes being evicted never join the lists.
		 */
		if (!was_dirty && wb && !(inode->i_state & (I_SYNC | I_FREEING | I_WILL_FREE))) {
			wakeup = !wb_has_dirty_io(wb);
			inode->dirtied_when = jiffies;
			list_move(&inode->i_io_list, &wb->b_dirty);
		}
	}
	spin_unlock(&inode->i_lock);
	if (wb)
		spin_unlock(&wb->list_lock);
	/* The first dirty inode of a bdi starts its periodic flushing. */
	if (wakeup)
		wb_wakeup_delayed(wb);
}

void mark_inode_dirty(struct inode *inode)
{
	__mark_inode_dirty(inode, I_DIRTY);
}

void mark_inode_dirty_sync(struct inode *inode)
{
	__mark_inode_dirty(inode, I_DIRTY_SYNC);
}

/* ------------------------------------------------------------ list moves (list_lock + i_lock) */

/*
 * Back to b_dirty, at its newest end.  An inode dirtied before the
 * newest one there is stamped now: the list stays ordered by
 * dirtied_when, and the inode's expiry starts over.
 */
static void redirty_tail(struct inode *inode, struct bdi_writeback *wb)
{
	struct inode *newest = list_first_entry_or_null(&wb->b_dirty, struct inode, i_io_list);

	if (newest && time_before(inode->dirtied_when, newest->dirtied_when))
		inode->dirtied_when = jiffies;
	list_move(&inode->i_io_list, &wb->b_dirty);
}

static void requeue_io(struct inode *inode, struct bdi_writeback *wb)
{
	list_move(&inode->i_io_list, &wb->b_more_io);
}

/**
 * inode_io_list_del() - take an inode off its bdi's writeback lists
 * @inode: the inode, being evicted
 *
 * Context: process context; does not sleep.  Takes the wb's list_lock and
 * i_lock (in that order), which the caller must not hold.
 */
void inode_io_list_del(struct inode *inode)
{
	struct bdi_writeback *wb = &inode_to_bdi(inode)->wb;

	spin_lock(&wb->list_lock);
	spin_lock(&inode->i_lock);
	list_del_init(&inode->i_io_list);
	spin_unlock(&inode->i_lock);
	spin_unlock(&wb->list_lock);
}

/*
 * Beside a mounted file system, a block device's own inode holds the
 * file system's metadata: group descriptors, bitmaps, inode tables,
 * indirect blocks.  While files grow, those blocks are dirtied again
 * milliseconds after each write, so a pass that took the inode every
 * time would send the same handful of blocks to the disk as lone small
 * writes at every turn - dozens a second while a fast disk streams (a
 * seek each on a real disk, a turn each on a shared channel).  Passes
 * that only work off dirty pages (background writeback, a dirtier's own
 * pass) therefore leave such an inode until it has been dirty for a
 * kupdate period (dirty_writeback_interval): everything that piled up
 * meanwhile then goes out in one pass.  Integrity and kupdate passes
 * take it as always, and queue_io() takes it at once when nothing else
 * is waiting, so raw writes to a device are not held back.
 */
static bool pass_defers_inode(struct inode *inode)
{
	unsigned long period = msecs_to_jiffies(READ_ONCE(dirty_writeback_interval) * 10);

	if (!S_ISBLK(inode->i_mode) || inode->i_sb->s_magic != BDEVFS_MAGIC || !period)
		return false;
	return time_after(inode->dirtied_when, jiffies - period);
}

/*
 * Fill b_io for a pass: first everything that did not finish last time
 * (b_more_io), then the inodes from b_dirty's old end that were dirtied
 * at or before dirtied_before and belong to sb (any sb if NULL).  With
 * defer, block device inodes dirtied recently wait (pass_defers_inode())
 * unless the pass would otherwise have nothing to write.
 */
static void queue_io(struct bdi_writeback *wb, struct super_block *sb,
		     unsigned long dirtied_before, bool defer)
{
	struct inode *inode, *prev;
	bool deferred = false;

	list_splice_tail_init(&wb->b_more_io, &wb->b_io);
again:
	list_for_each_entry_safe_reverse(inode, prev, &wb->b_dirty, i_io_list) {
		if (time_after(inode->dirtied_when, dirtied_before))
			break;
		if (sb && inode->i_sb != sb)
			continue;
		if (defer && pass_defers_inode(inode)) {
			deferred = true;
			continue;
		}
		/* b_io is consumed from its tail: keep oldest-first order there. */
		list_move(&inode->i_io_list, &wb->b_io);
	}
	if (deferred && list_empty(&wb->b_io)) {
		defer = deferred = false;
		goto again;
	}
}

/* Where the flusher puts an inode after writing a slice of it. */
enum requeue_to {
	REQUEUE_NONE,		/* being evicted: eviction takes it off */
	REQUEUE_OFF,		/* clean: off the lists */
	REQUEUE_MORE_IO,	/* slice used up, pages left: another turn soon */
	REQUEUE_DIRTY,		/* could not finish now, or dirtied again: b_dirty */
};

static enum requeue_to requeue_target(struct inode *inode, struct writeback_control *wbc)
{
	bool pages_left = mapping_tagged(inode->i_mapping, PAGECACHE_TAG_DIRTY);

	if (inode->i_state & I_FREEING)
		return REQUEUE_NONE;
	/* ->writepage refused pages (a buffer was locked...): try later. */
	if (wbc->pages_skipped)
		return REQUEUE_DIRTY;
	if (pages_left)
		return wbc->nr_to_write > 0 ? REQUEUE_DIRTY : REQUEUE_MORE_IO;
	return (inode->i_state & I_DIRTY) ? REQUEUE_DIRTY : REQUEUE_OFF;
}

/*
 * After writing inode: where it goes next (see the top comment).
 * Returns whether the inode is clean.
 */
static bool requeue_inode(struct inode *inode, struct bdi_writeback *wb,
			  struct writeback_control *wbc)
{
	bool integrity = wbc->sync_mode == WB_SYNC_ALL || wbc->tagged_writepages;
	enum requeue_to to = requeue_target(inode, wbc);
	bool clean = !(inode->i_state & I_DIRTY);

	if (to == REQUEUE_NONE)
		return clean;
	/*
	 * Still dirty after an integrity pass: dirtied "now", so that the
	 * same pass does not take it again (livelock).
	 */
	if (integrity && (inode->i_state & I_DIRTY))
		inode->dirtied_when = jiffies;

	if (to == REQUEUE_OFF)
		list_del_init(&inode->i_io_list);
	else if (to == REQUEUE_MORE_IO)
		requeue_io(inode, wb);
	else
		redirty_tail(inode, wb);
	return clean;
}

/* ------------------------------------------------------------ writing one inode */

static int write_inode(struct inode *inode, struct writeback_control *wbc)
{
	if (inode->i_sb->s_op->write_inode)
		return inode->i_sb->s_op->write_inode(inode, wbc);
	return 0;
}

/*
 * The pages are written: take the inode's dirty flags for the metadata
 * write to follow, returning them.  I_DIRTY_PAGES stays while pages are
 * still tagged dirty.  The barrier pairs with __mark_inode_dirty()'s: a
 * page dirtied from now on either finds the flag gone and sets it again,
 * or its tag is seen here.
 */
static unsigned int inode_claim_dirty(struct inode *inode)
{
	unsigned int taken;

	spin_lock(&inode->i_lock);
	taken = inode->i_state & I_DIRTY;
	inode->i_state &= ~I_DIRTY;
	smp_mb();
	if (mapping_tagged(inode->i_mapping, PAGECACHE_TAG_DIRTY))
		inode->i_state |= I_DIRTY_PAGES;
	spin_unlock(&inode->i_lock);
	return taken;
}

/*
 * Write inode's pages as wbc says, then its metadata if dirty.  The
 * caller has set I_SYNC.  Integrity writeback waits for the pages here.
 */
static int __writeback_single_inode(struct inode *inode, struct writeback_control *wbc)
{
	struct address_space *mapping = inode->i_mapping;
	unsigned int dirty;
	int ret, err;

	ret = do_writepages(mapping, wbc);
	if (wbc->sync_mode == WB_SYNC_ALL && !wbc->for_sync) {
		err = filemap_fdatawait(mapping);
		if (!ret)
			ret = err;
	}

	dirty = inode_claim_dirty(inode);
	if (dirty & I_DIRTY_INODE) {
		err = write_inode(inode, wbc);
		if (!ret)
			ret = err;
	}
	return ret;
}

/* Wait until nobody writes inode (I_SYNC clear).  Caller holds i_lock; dropped. */
static void __inode_wait_for_writeback(struct inode *inode)
{
	while (inode->i_state & I_SYNC) {
		spin_unlock(&inode->i_lock);
		wait_on_bit(&inode->i_state, __ffs(I_SYNC), TASK_UNINTERRUPTIBLE);
		spin_lock(&inode->i_lock);
	}
}

/**
 * inode_wait_for_writeback() - wait until nobody is writing an inode
 * @inode: the inode
 *
 * Sleeps while I_SYNC is set (the flusher or write_inode_now() writing it).
 * Eviction uses it before tearing the inode down.
 *
 * Context: process context; may sleep.  Takes and drops i_lock, which the
 * caller must not hold.
 */
void inode_wait_for_writeback(struct inode *inode)
{
	spin_lock(&inode->i_lock);
	__inode_wait_for_writeback(inode);
	spin_unlock(&inode->i_lock);
}

/*
 * Write one inode outside the flusher (write_inode_now, fsync helpers).
 * The caller holds a reference.  Integrity callers wait for a flusher
 * already writing it; others leave it to the flusher.
 */
static int writeback_single_inode(struct inode *inode, struct writeback_control *wbc)
{
	struct bdi_writeback *wb = NULL;
	struct backing_dev_info *bdi;
	int ret;

	spin_lock(&inode->i_lock);
	if (inode->i_state & I_SYNC) {
		if (wbc->sync_mode != WB_SYNC_ALL) {
			spin_unlock(&inode->i_lock);
			return 0;
		}
		__inode_wait_for_writeback(inode);
	}
	/* Clean and nothing under writeback: nothing to do. */
	if (!(inode->i_state & I_DIRTY) &&
	    (wbc->sync_mode != WB_SYNC_ALL ||
	     !mapping_tagged(inode->i_mapping, PAGECACHE_TAG_WRITEBACK))) {
		spin_unlock(&inode->i_lock);
		return 0;
	}
	inode->i_state |= I_SYNC;
	spin_unlock(&inode->i_lock);

	ret = __writeback_single_inode(inode, wbc);

	bdi = inode_to_bdi(inode);
	if (!(bdi->capabilities & BDI_CAP_NO_WRITEBACK)) {
		wb = &bdi->wb;
		spin_lock(&wb->list_lock);
	}
	spin_lock(&inode->i_lock);
	/*
	 * Clean now: off the lists.  Still dirty: make sure it is on one
	 * (pages dirtied while I_SYNC did not queue it).
	 */
	if (wb && !(inode->i_state & I_FREEING)) {
		if (!(inode->i_state & I_DIRTY))
			list_del_init(&inode->i_io_list);
		else if (list_empty(&inode->i_io_list))
			redirty_tail(inode, wb);
	}
	inode_sync_complete(inode);
	spin_unlock(&inode->i_lock);
	if (wb)
		spin_unlock(&wb->list_lock);
	return ret;
}

/*
 * Write inode now, outside the flusher: pages (up to pages of them; none
 * for metadata only) and metadata, waiting for them when sync.
 */
static int write_one_inode(struct inode *inode, bool sync, long pages)
{
	struct writeback_control wbc;

	memset(&wbc, 0, sizeof(wbc));
	wbc.sync_mode = sync ? WB_SYNC_ALL : WB_SYNC_NONE;
	wbc.nr_to_write = pages;
	wbc.range_end = LLONG_MAX;
	return writeback_single_inode(inode, &wbc);
}

/**
 * write_inode_now() - write an inode's pages and metadata at once
 * @inode: the inode; the caller holds a reference
 * @sync: non-zero to write with WB_SYNC_ALL and wait for it
 *
 * Writes outside the flusher.  With @sync a writer already busy with the
 * inode (I_SYNC) is waited for; without it such an inode is left alone.
 * A clean inode is left alone too.  For a mapping that is never written
 * back only the metadata is written (->write_inode).  Afterwards the inode
 * comes off its bdi's dirty lists if it is clean.
 *
 * Context: process context; may sleep.  No spinlocks or page locks held;
 * the caller must not be the task writing the inode already.
 * Return: 0, or the first error of the page write-out, the wait, or
 * ->write_inode.
 */
int write_inode_now(struct inode *inode, int sync)
{
	might_sleep();
	/* A memory file system has no pages to write: metadata only. */
	return write_one_inode(inode, sync,
			       mapping_can_writeback(inode->i_mapping) ? LONG_MAX : 0);
}

/**
 * sync_inode_metadata() - write an inode's metadata, not its pages
 * @inode: the inode; the caller holds a reference
 * @wait: non-zero for an integrity write (WB_SYNC_ALL)
 *
 * write_inode_now() with no pages to write: only the inode itself goes
 * to ->write_inode if it is dirty.
 *
 * Context: process context; may sleep.
 * Return: 0 or the error of ->write_inode.
 */
int sync_inode_metadata(struct inode *inode, int wait)
{
	return write_one_inode(inode, wait, 0);
}

/* ------------------------------------------------------------ the flusher's passes */

static long writeback_chunk_size(struct bdi_writeback *wb, struct wb_writeback_work *work)
{
	unsigned long bg, thresh, pages = MIN_WRITEBACK_PAGES;

	/* Integrity passes write everything each inode has, in one go. */
	if (work->sync_mode == WB_SYNC_ALL || work->tagged_writepages)
		return LONG_MAX;
	if (READ_ONCE(writeback_policy) == WB_POLICY_BANDWIDTH) {
		global_dirty_limits(&bg, &thresh);
		pages = min(READ_ONCE(wb->avg_write_bandwidth) / 2, thresh / DIRTY_SCOPE);
		pages = pages / MIN_WRITEBACK_PAGES * MIN_WRITEBACK_PAGES + MIN_WRITEBACK_PAGES;
	}
	return min_t(long, work->nr_pages, pages);
}

/* The writeback_control of one inode's slice of a work item. */
static void wbc_for_work(struct writeback_control *wbc, const struct wb_writeback_work *work,
			 long pages)
{
	memset(wbc, 0, sizeof(*wbc));
	wbc->nr_to_write = pages;
	wbc->range_end = LLONG_MAX;
	wbc->range_cyclic = work->range_cyclic;
	wbc->sync_mode = work->sync_mode;
	wbc->tagged_writepages = work->tagged_writepages;
	/* Who asked: the file system may write differently for each. */
	if (work->for_sync)
		wbc->for_sync = 1;
	wbc->for_kupdate = work->for_kupdate;
	wbc->for_background = work->for_background;
}

/*
 * Write inodes from b_io's tail until it is empty, the work's page budget
 * is spent, or the pass has run WRITEBACK_PASS_TIME with progress.
 * Called and returns with wb->list_lock held.  Returns progress: pages
 * written plus inodes made clean.
 */
static long writeback_inodes(struct bdi_writeback *wb, struct wb_writeback_work *work)
{
	unsigned long start = jiffies;
	long progress = 0;

	while (!list_empty(&wb->b_io)) {
		struct inode *inode = list_last_entry(&wb->b_io, struct inode, i_io_list);
		struct writeback_control wbc;
		struct super_block *sb;
		long chunk;

		if (work->sb && inode->i_sb != work->sb) {
			/* Another sb's inode came back via b_more_io: not ours now. */
			spin_lock(&inode->i_lock);
			redirty_tail(inode, wb);
			spin_unlock(&inode->i_lock);
			continue;
		}
		/*
		 * Work for one sb runs under its caller's s_umount.  Otherwise
		 * pin the inode's sb against umount for the write; an sb being
		 * unmounted (s_umount held for writing) syncs itself.
		 */
		sb = inode->i_sb;
		if (!work->sb && !down_read_trylock(&sb->s_umount)) {
			spin_lock(&inode->i_lock);
			redirty_tail(inode, wb);
			spin_unlock(&inode->i_lock);
			continue;
		}
		spin_lock(&inode->i_lock);
		if (inode->i_state & (I_NEW | I_FREEING | I_WILL_FREE)) {
			/* Being set up or torn down: its owner deals with it. */
			redirty_tail(inode, wb);
			spin_unlock(&inode->i_lock);
			if (!work->sb)
				up_read(&sb->s_umount);
			continue;
		}
		if (inode->i_state & I_SYNC) {
			/*
			 * Someone (fsync) is writing it.  Non-integrity passes
			 * move on; integrity passes come back to it after the
			 * others (wb_writeback() waits if nothing else is left).
			 */
			requeue_io(inode, wb);
			spin_unlock(&inode->i_lock);
			if (!work->sb)
				up_read(&sb->s_umount);
			continue;
		}
		inode->i_state |= I_SYNC;
		atomic_inc(&inode->i_count);	/* pin it while list_lock is dropped */
		spin_unlock(&inode->i_lock);
		spin_unlock(&wb->list_lock);

		chunk = writeback_chunk_size(wb, work);
		wbc_for_work(&wbc, work, chunk);
		__writeback_single_inode(inode, &wbc);
		work->nr_pages -= chunk - wbc.nr_to_write;
		progress += chunk - wbc.nr_to_write;

		spin_lock(&wb->list_lock);
		spin_lock(&inode->i_lock);
		if (requeue_inode(inode, wb, &wbc))
			progress++;	/* one more clean inode */
		inode_sync_complete(inode);
		spin_unlock(&inode->i_lock);
		spin_unlock(&wb->list_lock);

		iput(inode);	/* may evict: no spinlocks held */
		if (!work->sb)
			up_read(&sb->s_umount);
		cond_resched();
		spin_lock(&wb->list_lock);

		if (progress && (work->nr_pages <= 0 ||
				 time_after(jiffies, start + WRITEBACK_PASS_TIME)))
			break;
	}
	return progress;
}

/*
 * Sleep until inode (on one of wb's lists) is no longer being written.
 * Called and returns with wb->list_lock held.  A reference keeps the
 * inode alive across the sleep: the writer may drop the last other one.
 */
static void wait_for_busy_inode(struct bdi_writeback *wb, struct inode *inode)
{
	spin_lock(&inode->i_lock);
	if (!(inode->i_state & I_SYNC) || (inode->i_state & (I_FREEING | I_WILL_FREE))) {
		spin_unlock(&inode->i_lock);
		return;
	}
	atomic_inc(&inode->i_count);
	spin_unlock(&wb->list_lock);
	__inode_wait_for_writeback(inode);
	spin_unlock(&inode->i_lock);
	iput(inode);
	spin_lock(&wb->list_lock);
}

/*
 * Is work over?  Its budget is spent; or it is background or periodic
 * writeback and an explicit request is waiting (it goes first); or it is
 * background writeback and the dirty pages are back under the threshold.
 * Called with wb->list_lock held.
 */
static bool wb_work_done(struct bdi_writeback *wb, struct wb_writeback_work *work)
{
	bool opportunistic = work->for_background || work->for_kupdate;

	if (work->nr_pages <= 0)
		return true;
	if (opportunistic && !list_empty(&wb->work_list))
		return true;
	return work->for_background && !wb_over_bg_thresh(wb);
}

/*
 * Run one work item: passes over the bdi's inodes until its budget is
 * spent or nothing more qualifies.  Returns pages written.
 */
static long wb_writeback(struct bdi_writeback *wb, struct wb_writeback_work *work)
{
	long nr_pages = work->nr_pages;
	unsigned long dirtied_before = work->dirtied_before;
	long progress;

	spin_lock(&wb->list_lock);
	for (;;) {
		spin_unlock(&wb->list_lock);
		wb_update_bandwidth(wb);
		spin_lock(&wb->list_lock);
		if (wb_work_done(wb, work))
			break;

		if (work->for_kupdate)
			dirtied_before = jiffies -
				msecs_to_jiffies(READ_ONCE(dirty_expire_interval) * 10);
		else if (work->for_background)
			dirtied_before = jiffies;

		if (list_empty(&wb->b_io))
			queue_io(wb, work->sb, dirtied_before, work->for_background);
		progress = writeback_inodes(wb, work);
		if (progress)
			continue;
		if (list_empty(&wb->b_more_io))
			break;
		/*
		 * Nothing written, but inodes are waiting in b_more_io (busy
		 * with another writer): wait for one rather than spin.
		 */
		wait_for_busy_inode(wb, list_last_entry(&wb->b_more_io, struct inode, i_io_list));
	}
	spin_unlock(&wb->list_lock);
	return nr_pages - work->nr_pages;
}

/**
 * writeback_inodes_wb() - write some of a wb's dirty pages in the caller
 * @wb: the bdi_writeback whose inodes to write
 * @nr_pages: how many pages to write at most
 * @reason: why (recorded in the pass)
 *
 * One WB_SYNC_NONE cyclic pass over @wb's dirty inodes, run by the calling
 * task beside the flusher: used by the global and bdi throttling policies,
 * where a dirtier writes pages itself.  Inodes the flusher (or anyone) is
 * writing are skipped; super blocks being unmounted are skipped.
 *
 * Context: process context; may sleep.  Takes wb->list_lock, which must
 * not be held; no page locks held.
 * Return: the number of pages written.
 */
long writeback_inodes_wb(struct bdi_writeback *wb, long nr_pages, enum wb_reason reason)
{
	struct wb_writeback_work work = {
		.nr_pages = nr_pages,
		.sync_mode = WB_SYNC_NONE,
		.range_cyclic = 1,
		.reason = reason,
	};

	/*
	 * One pass in the caller, as 2.6.2x's writeback_inodes() with
	 * wbc.bdi did: next to the flusher, on the same lists (inodes the
	 * flusher is writing are skipped).
	 */
	spin_lock(&wb->list_lock);
	if (list_empty(&wb->b_io))
		queue_io(wb, NULL, jiffies, true);
	writeback_inodes(wb, &work);
	spin_unlock(&wb->list_lock);
	return nr_pages - work.nr_pages;
}

/*
 * The flusher's own work, not queued by anyone: background writeback
 * (while over the background threshold) or periodic writeback of inodes
 * dirtied long enough ago (kupdate).  Both go round the files cyclically.
 */
static long wb_run_own_work(struct bdi_writeback *wb, enum wb_reason reason, long nr_pages)
{
	struct wb_writeback_work work;

	memset(&work, 0, sizeof(work));
	work.reason = reason;
	work.nr_pages = nr_pages;
	work.sync_mode = WB_SYNC_NONE;
	work.range_cyclic = 1;
	if (reason == WB_REASON_PERIODIC)
		work.for_kupdate = 1;
	else
		work.for_background = 1;
	return wb_writeback(wb, &work);
}

static long wb_check_background_flush(struct bdi_writeback *wb)
{
	if (wb_has_dirty_io(wb) && wb_over_bg_thresh(wb))
		return wb_run_own_work(wb, WB_REASON_BACKGROUND, LONG_MAX);
	return 0;
}

static long wb_check_old_data_flush(struct bdi_writeback *wb)
{
	unsigned long period = msecs_to_jiffies(READ_ONCE(dirty_writeback_interval) * 10);

	/* Periodic writeback off, or not due yet. */
	if (!period || time_before(jiffies, wb->last_old_flush + period))
		return 0;
	wb->last_old_flush = jiffies;
	/* Enough for every dirty page there is now. */
	return wb_run_own_work(wb, WB_REASON_PERIODIC,
			       global_node_page_state(NR_FILE_DIRTY) + 1);
}

static long wb_do_writeback(struct bdi_writeback *wb)
{
	struct wb_writeback_work *work;
	long wrote = 0;

	set_bit(WB_writeback_running, &wb->state);
	while ((work = get_next_work_item(wb)) != NULL) {
		wrote += wb_writeback(wb, work);
		finish_writeback_work(work);
	}
	wrote += wb_check_background_flush(wb);
	wrote += wb_check_old_data_flush(wb);
	clear_bit(WB_writeback_running, &wb->state);
	return wrote;
}

/**
 * wb_workfn() - the flusher: the work function of a wb's dwork
 * @w: the work item (embedded in wb->dwork)
 *
 * Runs queued work items in order, then background writeback while over
 * the background threshold, then periodic (kupdate) writeback when it is
 * due; repeats while new items arrive.  It re-arms itself for the next
 * period while the wb still has dirty inodes and periodic writeback is
 * on.  WB_writeback_running is set while it works.
 *
 * Context: process context, on bdi_wq only; sleeps (writes inodes, takes
 * s_umount, waits on busy inodes).
 */
void wb_workfn(struct work_struct *w)
{
	struct bdi_writeback *wb = container_of(to_delayed_work(w), struct bdi_writeback,
						dwork);

	do {
		wb_do_writeback(wb);
	} while (!list_empty(&wb->work_list));

	/* Dirty inodes remain: come back for them next period. */
	if (wb_has_dirty_io(wb) && READ_ONCE(dirty_writeback_interval))
		wb_wakeup_delayed(wb);
}

/**
 * wb_shutdown() - run a wb's queued work once more and stop its flusher
 * @wb: the bdi_writeback; WB_registered must already be clear
 *
 * Starts the flusher at once and waits for it to finish.  With
 * WB_registered clear nothing new is queued and the flusher does not
 * re-arm, so it stays stopped.  A work item still queued afterwards gets
 * a warning.
 *
 * Context: process context; sleeps.  Not from the flusher itself.
 */
void wb_shutdown(struct bdi_writeback *wb)
{
	/*
	 * WB_registered is already clear: nothing new is queued and the
	 * flusher does not re-arm.  Run what is queued now and wait.
	 */
	mod_delayed_work(bdi_wq, &wb->dwork, 0);
	flush_delayed_work(&wb->dwork);
	WARN_ON(!list_empty(&wb->work_list));
}

/* ------------------------------------------------------------ super block writeback */

static struct bdi_writeback *sb_wb(struct super_block *sb)
{
	struct backing_dev_info *bdi = sb->s_bdi;

	if (!bdi || (bdi->capabilities & BDI_CAP_NO_WRITEBACK))
		return NULL;
	return &bdi->wb;
}

/*
 * Queue a pass over sb's inodes dirtied before now to its bdi's flusher
 * and wait until the flusher has run it.  WB_SYNC_ALL is sync(2)'s data
 * integrity pass over all of them; WB_SYNC_NONE writes up to nr pages,
 * tagging each file's dirty pages first so that it cannot livelock.
 */
static void wb_run_sb_work(struct super_block *sb, enum writeback_sync_modes mode,
			   unsigned long nr, enum wb_reason reason)
{
	struct bdi_writeback *wb = sb_wb(sb);
	DECLARE_COMPLETION_ONSTACK(done);
	struct wb_writeback_work work;

	if (!wb)
		return;
	memset(&work, 0, sizeof(work));
	work.sb = sb;
	work.sync_mode = mode;
	work.reason = reason;
	work.nr_pages = nr;
	/* Livelock: only inodes dirtied before this call. */
	work.dirtied_before = jiffies;
	if (mode == WB_SYNC_ALL)
		work.for_sync = 1;
	else
		work.tagged_writepages = 1;
	work.done = &done;
	wb_queue_work(wb, &work);
	wait_for_completion(&done);
}

/**
 * writeback_inodes_sb_nr() - have the flusher write some of a super block's pages
 * @sb: the super block; the caller holds s_umount (the flusher relies on it)
 * @nr: how many pages to write at most
 * @reason: why, for the work item
 *
 * Queues a WB_SYNC_NONE pass over the inodes of @sb dirtied before now to
 * its bdi's flusher and waits until the flusher has run it.  Each file's
 * pages are tagged before they are written, so the pass cannot livelock.
 * The I/O it starts is not waited for.  Nothing happens for a super block
 * whose bdi does not write back, or once the bdi is being unregistered.
 *
 * Context: process context; sleeps (waits for the flusher).
 */
void writeback_inodes_sb_nr(struct super_block *sb, unsigned long nr, enum wb_reason reason)
{
	wb_run_sb_work(sb, WB_SYNC_NONE, nr, reason);
}

/**
 * writeback_inodes_sb() - have the flusher write a super block's dirty pages
 * @sb: the super block; the caller holds s_umount
 * @reason: why, for the work item
 *
 * writeback_inodes_sb_nr() with a page budget above the current number of
 * dirty pages in the system.
 *
 * Context: process context; sleeps.
 */
void writeback_inodes_sb(struct super_block *sb, enum wb_reason reason)
{
	writeback_inodes_sb_nr(sb, global_node_page_state(NR_FILE_DIRTY) + 1024, reason);
}

/*
 * After a sync pass: wait for every page of sb under writeback, so
 * sync_inodes_sb() returns only when what was dirty is on the device.
 * Pages started by other writers are waited for too; that is what sync
 * promises.
 */
/*
 * The next inode of sb after pos (the first if pos is NULL) that has
 * pages under writeback and is not being set up or torn down, with a
 * reference taken; NULL past the last.  The caller's reference on pos
 * keeps it on s_inodes, so the walk can go on from it.
 */
static struct inode *next_inode_in_writeback(struct super_block *sb, struct inode *pos)
{
	struct inode *inode, *found = NULL;

	spin_lock(&sb->s_inode_list_lock);
	inode = pos ? list_next_entry(pos, i_sb_list) :
		      list_first_entry(&sb->s_inodes, struct inode, i_sb_list);
	list_for_each_entry_from(inode, &sb->s_inodes, i_sb_list) {
		if (!mapping_tagged(inode->i_mapping, PAGECACHE_TAG_WRITEBACK))
			continue;
		spin_lock(&inode->i_lock);
		if (!(inode->i_state & (I_NEW | I_FREEING | I_WILL_FREE))) {
			atomic_inc(&inode->i_count);
			found = inode;
		}
		spin_unlock(&inode->i_lock);
		if (found)
			break;
	}
	spin_unlock(&sb->s_inode_list_lock);
	return found;
}

/*
 * After a sync pass: wait for every page of sb under writeback, so
 * sync_inodes_sb() returns only when what was dirty is on the device.
 * Pages started by other writers are waited for too; that is what sync
 * promises.  Each inode is let go (iput may evict it) only once the next
 * one is found: it is the walk's place in s_inodes.
 */
static void wait_sb_inodes(struct super_block *sb)
{
	struct inode *cur = NULL, *next;

	while ((next = next_inode_in_writeback(sb, cur))) {
		iput(cur);
		cur = next;
		filemap_fdatawait(cur->i_mapping);
		cond_resched();
	}
	iput(cur);
}

/**
 * sync_inodes_sb() - write back a super block's data and wait for it
 * @sb: the super block; the caller holds s_umount
 *
 * The data-integrity pass of sync(2) and syncfs(2): the flusher writes
 * every page and inode of @sb dirtied before the call (WB_SYNC_ALL), and
 * this then waits for every page of @sb under writeback, whoever started
 * it.  Nothing happens for a super block whose bdi does not write back.
 *
 * Context: process context; sleeps.
 */
void sync_inodes_sb(struct super_block *sb)
{
	if (!sb_wb(sb))
		return;
	wb_run_sb_work(sb, WB_SYNC_ALL, LONG_MAX, WB_REASON_SYNC);
	wait_sb_inodes(sb);
}
