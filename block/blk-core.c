// SPDX-License-Identifier: GPL-2.0-only
/*
 * The request path: submit_bio() to the driver's ->queue_rq() and back.
 *
 *   submit_bio(bio)
 *     partition remap, bounds and read-only checks
 *     flush/FUA bios -> blk-flush.c (which comes back here for the data)
 *     merge into a plugged request, or into one in the elevator
 *     else allocate a request (bounded by nr_requests: may sleep)
 *       plugged: onto current->plug, else into the elevator and run
 *   blk_run_queue(q): the dispatch loop takes requests from q->dispatch
 *     (requeued ones first), then the elevator, gives each a driver tag
 *     and calls ->queue_rq() with no lock held.  BLK_STS_RESOURCE puts
 *     the request back at the head of q->dispatch until a completion (or
 *     a short timer if nothing is in flight) runs the queue again.
 *   blk_mq_end_request()/blk_update_request() (any context): end the
 *     bios, account, release the tag and the request, run the queue
 *     (from kblockd when called with interrupts off).
 *
 * Request allocation: sync (reads, sync writes) and async requests are
 * bounded separately by q->nr_requests; a submitter that finds its class
 * full sleeps on q->rq_wait[sync] (its plug is flushed first, by the
 * scheduler hook), which is what makes a busy device push back on its
 * writers.  Driver tags 0..queue_depth-1 are given at dispatch.
 *
 * Locking: q->queue_lock (irq-safe) guards the elevator, q->dispatch,
 * tags, the allocation counts, the dispatch loop flags and the disk
 * statistics.  Only one task runs a queue's dispatch loop at a time
 * (bq->running; others set bq->rerun and leave), so ->queue_rq() is
 * never called concurrently for one queue.  Plugs are the owning task's.
 */
#include <linux/kernel.h>
#include <linux/vmstat.h>
#include <linux/panic.h>
#include <linux/completion.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/sched.h>
#include <linux/jiffies.h>
#include <linux/timekeeping.h>
#include <linux/init.h>
#include <linux/bitops.h>
#include <linux/wait_bit.h>
#include <linux/backing-dev-defs.h>
#include <linux/blkdev.h>
#include "blk.h"

struct workqueue_struct *kblockd_workqueue;

static void blk_run_work_fn(struct work_struct *work);
static void blk_delay_work_fn(struct work_struct *work);

static const int blk_errno_of[] = {
	[BLK_STS_OK] = 0,
	[BLK_STS_NOTSUPP] = -EOPNOTSUPP,
	[BLK_STS_TIMEOUT] = -ETIMEDOUT,
	[BLK_STS_NOSPC] = -ENOSPC,
	[BLK_STS_MEDIUM] = -ENODATA,
	[BLK_STS_RESOURCE] = -ENOMEM,
	[BLK_STS_IOERR] = -EIO,
};

int blk_status_to_errno(blk_status_t status)
{
	if (status < ARRAY_SIZE(blk_errno_of) && (status == BLK_STS_OK || blk_errno_of[status]))
		return blk_errno_of[status];
	return -EIO;
}

blk_status_t errno_to_blk_status(int err)
{
	unsigned int i;

	if (!err)
		return BLK_STS_OK;
	for (i = 1; i < ARRAY_SIZE(blk_errno_of); i++)
		if (blk_errno_of[i] == err)
			return i;
	return BLK_STS_IOERR;
}

/* ------------------------------------------------------------ accounting */

/* Busy time: advance io_ticks over the interval something was in flight. */
static void update_io_ticks(struct disk_stats *st, unsigned long now)
{
	if (st->in_flight[0] + st->in_flight[1])
		st->io_ticks += now - st->stamp;
	st->stamp = now;
}

static void account_start_one(struct block_device *part, int rw, unsigned long now)
{
	update_io_ticks(&part->bd_stats, now);
	part->bd_stats.in_flight[rw]++;
}

static void account_done_one(struct block_device *part, int rw, int sgrp, u64 ns,
			     unsigned long now)
{
	struct disk_stats *st = &part->bd_stats;

	update_io_ticks(st, now);
	st->ios[sgrp]++;
	st->nsecs[sgrp] += ns;
	if (st->in_flight[rw])
		st->in_flight[rw]--;
}

/* A request enters the queue (queue_lock held). */
static void blk_account_io_start(struct request *rq)
{
	struct block_device *part = rq->part;
	unsigned long now = jiffies;

	if (!part)
		return;
	rq->rq_flags |= RQF_IO_STAT;
	account_start_one(part, rq_data_dir(rq), now);
	if (part->bd_partno)
		account_start_one(part->bd_disk->part0, rq_data_dir(rq), now);
}

static void blk_account_io_done(struct request *rq, u64 now_ns)
{
	struct block_device *part = rq->part;
	int sgrp = op_stat_group(req_op(rq));
	u64 ns = now_ns - rq->start_time_ns;
	unsigned long now = jiffies;

	account_done_one(part, rq_data_dir(rq), sgrp, ns, now);
	if (part->bd_partno)
		account_done_one(part->bd_disk->part0, rq_data_dir(rq), sgrp, ns, now);
}

static void blk_account_sectors(struct request *rq, unsigned int bytes)
{
	struct block_device *part = rq->part;
	int sgrp = op_stat_group(req_op(rq));

	part->bd_stats.sectors[sgrp] += bytes >> SECTOR_SHIFT;
	if (part->bd_partno)
		part->bd_disk->part0->bd_stats.sectors[sgrp] += bytes >> SECTOR_SHIFT;
}

/* A bio or request merged into rq (queue_lock held). */
void blk_account_merge(struct request *rq)
{
	struct block_device *part = rq->part;
	int sgrp = op_stat_group(req_op(rq));

	if (!part)
		return;
	part->bd_stats.merges[sgrp]++;
	if (part->bd_partno)
		part->bd_disk->part0->bd_stats.merges[sgrp]++;
}

/* next was joined to another queued request and will be freed (queue_lock held). */
void blk_account_req_merged_away(struct request *next)
{
	struct block_device *part = next->part;
	unsigned long now = jiffies;
	int rw = rq_data_dir(next);

	to_bq(next->q)->nr_queued--;
	if (!(next->rq_flags & RQF_IO_STAT))
		return;
	next->rq_flags &= ~RQF_IO_STAT;
	blk_account_merge(next);
	update_io_ticks(&part->bd_stats, now);
	if (part->bd_stats.in_flight[rw])
		part->bd_stats.in_flight[rw]--;
	if (part->bd_partno) {
		struct disk_stats *st = &part->bd_disk->part0->bd_stats;

		update_io_ticks(st, now);
		if (st->in_flight[rw])
			st->in_flight[rw]--;
	}
}

unsigned int part_in_flight(struct block_device *bdev, int rw)
{
	return bdev->bd_stats.in_flight[rw];
}

/* ------------------------------------------------------------ queues */

struct request_queue *blk_alloc_queue(const struct blk_mq_ops *ops, unsigned int depth,
				      unsigned int cmd_size, void *queuedata)
{
	struct blk_queue *bq;
	struct request_queue *q;

	if (!ops || !ops->queue_rq || !depth)
		return NULL;
	bq = kzalloc(sizeof(*bq), GFP_KERNEL);
	if (!bq)
		return NULL;
	bq->tag_map = kcalloc(BITS_TO_LONGS(depth), sizeof(long), GFP_KERNEL);
	if (!bq->tag_map)
		goto out_free;
	q = &bq->q;
	q->private = bq;
	spin_lock_init(&q->queue_lock);
	blk_set_default_limits(&q->limits);
	q->mq_ops = ops;
	q->queuedata = queuedata;
	mutex_init(&q->sysfs_lock);
	q->queue_depth = depth;
	q->nr_requests = BLKDEV_DEFAULT_RQ;
	bq->ra_kb = VM_READAHEAD_PAGES << (PAGE_SHIFT - 10);
	q->cmd_size = cmd_size;
	init_waitqueue_head(&q->rq_wait[0]);
	init_waitqueue_head(&q->rq_wait[1]);
	INIT_LIST_HEAD(&q->dispatch);
	INIT_WORK(&bq->run_work, blk_run_work_fn);
	INIT_DELAYED_WORK(&bq->delay_work, blk_delay_work_fn);
	INIT_WORK(&bq->sysfs_work, blk_sysfs_work_fn);
	mutex_init(&bq->iosched_mutex);
	init_waitqueue_head(&bq->drain_wait);
	blk_flush_init(bq);
	if (elevator_init_queue(q, NULL))
		goto out_free;
	return q;

out_free:
	kfree(bq->tag_map);
	kfree(bq);
	return NULL;
}

void blk_free_queue(struct request_queue *q)
{
	struct blk_queue *bq = to_bq(q);

	blk_queue_mark_dead(q);
	blk_drain_queue(q);
	cancel_work_sync(&bq->run_work);
	cancel_delayed_work_sync(&bq->delay_work);
	cancel_work_sync(&bq->sysfs_work);
	cancel_work_sync(&bq->flush_work);
	elevator_exit_queue(q);
	kfree(bq->tag_map);
	kfree(bq);
}

/* No new bios from now on: they fail, and waiters for requests give up. */
void blk_queue_mark_dead(struct request_queue *q)
{
	spin_lock_irq(&q->queue_lock);
	to_bq(q)->dead = true;
	set_bit(QUEUE_FLAG_DYING, &q->queue_flags);
	spin_unlock_irq(&q->queue_lock);
	wake_up_all(&q->rq_wait[0]);
	wake_up_all(&q->rq_wait[1]);
}

static bool queue_idle(struct request_queue *q)
{
	struct blk_queue *bq = to_bq(q);
	bool idle;

	spin_lock_irq(&q->queue_lock);
	idle = !bq->nr_queued && !q->in_driver;
	spin_unlock_irq(&q->queue_lock);
	return idle;
}

void blk_drain_queue(struct request_queue *q)
{
	struct blk_queue *bq = to_bq(q);

	while (!queue_idle(q)) {
		blk_run_queue(q);
		wait_event_timeout(bq->drain_wait, queue_idle(q), HZ / 10);
	}
}

/* ------------------------------------------------------------ requests */

/*
 * Congestion (Linux's single-queue thresholds): a class is congested
 * once nr_requests - nr_requests/8 + 1 of its requests are out, and
 * stops being so below nr_requests - nr_requests/8 - nr_requests/16 - 1,
 * so the flag does not flap.  The flag lives in the disk's bdi.
 */
static unsigned int congestion_on(struct request_queue *q)
{
	return min(q->nr_requests, q->nr_requests - q->nr_requests / 8 + 1);
}

static unsigned int congestion_off(struct request_queue *q)
{
	unsigned int nr = q->nr_requests - q->nr_requests / 8 - q->nr_requests / 16 - 1;

	return min(nr, congestion_on(q) - 1);
}

static unsigned long *congestion_word(struct request_queue *q)
{
	return q->disk && q->disk->bdi ? &q->disk->bdi->wb.state : NULL;
}

/* queue_lock held. */
static void blk_update_congestion(struct request_queue *q, int sync)
{
	unsigned long *word = congestion_word(q);
	int bit = sync ? WB_sync_congested : WB_async_congested;

	if (!word)
		return;
	if (q->nr_allocated[sync] >= congestion_on(q)) {
		if (!test_bit(bit, word))
			set_bit(bit, word);
	} else if (q->nr_allocated[sync] < congestion_off(q) && test_bit(bit, word)) {
		clear_bit(bit, word);
		smp_mb__after_atomic();
		wake_up_bit(word, bit);
	}
}

static inline int rq_sync_class(blk_opf_t opf)
{
	return op_is_sync(opf) ? 1 : 0;
}

/* A request for opf, waiting while its class has nr_requests out; NULL if the queue died. */
struct request *blk_get_request(struct request_queue *q, blk_opf_t opf)
{
	struct blk_queue *bq = to_bq(q);
	int sync = rq_sync_class(opf);
	struct request *rq;

	spin_lock_irq(&q->queue_lock);
	while (q->nr_allocated[sync] >= q->nr_requests && !bq->dead) {
		DEFINE_WAIT(wait);

		prepare_to_wait(&q->rq_wait[sync], &wait, TASK_UNINTERRUPTIBLE);
		spin_unlock_irq(&q->queue_lock);
		io_schedule();
		finish_wait(&q->rq_wait[sync], &wait);
		spin_lock_irq(&q->queue_lock);
	}
	if (bq->dead) {
		spin_unlock_irq(&q->queue_lock);
		return NULL;
	}
	q->nr_allocated[sync]++;
	blk_update_congestion(q, sync);
	spin_unlock_irq(&q->queue_lock);

	/* Small and short-lived: wait for memory rather than fail the I/O. */
	while (!(rq = kzalloc(sizeof(*rq) + q->cmd_size, GFP_NOIO | __GFP_NOWARN)))
		io_schedule_timeout(1);
	rq->q = q;
	rq->cmd_flags = opf;
	if (sync)
		rq->rq_flags |= RQF_ALLOC_SYNC;
	rq->tag = -1;
	rq->start_time_ns = ktime_get_ns();
	INIT_LIST_HEAD(&rq->queuelist);
	RB_CLEAR_NODE(&rq->rb_node);
	INIT_HLIST_NODE(&rq->hash);
	return rq;
}

void blk_free_request(struct request *rq)
{
	struct request_queue *q = rq->q;
	/* The class it was counted in: a merge may have made it sync since. */
	int sync = !!(rq->rq_flags & RQF_ALLOC_SYNC);
	unsigned long flags;

	spin_lock_irqsave(&q->queue_lock, flags);
	if (!WARN_ON(!q->nr_allocated[sync]))
		q->nr_allocated[sync]--;
	blk_update_congestion(q, sync);
	spin_unlock_irqrestore(&q->queue_lock, flags);
	if (wq_has_sleeper(&q->rq_wait[sync]))
		wake_up(&q->rq_wait[sync]);
	kfree(rq);
}

/* Into the elevator (or the dispatch list while it is being switched); queue_lock held. */
static void __blk_insert_request(struct request_queue *q, struct request *rq)
{
	struct blk_queue *bq = to_bq(q);

	if (!(rq->rq_flags & RQF_IO_STAT))
		blk_account_io_start(rq);
	bq->nr_queued++;
	if (bq->bypass || !rq->bio || (rq->rq_flags & RQF_FLUSH_SEQ))
		list_add_tail(&rq->queuelist, &q->dispatch);
	else
		elv_insert(q, rq);
}

void blk_insert_request(struct request_queue *q, struct request *rq)
{
	spin_lock_irq(&q->queue_lock);
	__blk_insert_request(q, rq);
	spin_unlock_irq(&q->queue_lock);
}

/* ------------------------------------------------------------ dispatch */

static struct request *blk_next_request(struct request_queue *q)
{
	struct request *rq;

	if (!list_empty(&q->dispatch)) {
		rq = list_first_entry(&q->dispatch, struct request, queuelist);
		list_del_init(&rq->queuelist);
		return rq;
	}
	/* While switching, the old elevator still drains (it takes no new requests). */
	return elv_dispatch(q);
}

static bool blk_more_work(struct request_queue *q)
{
	return !list_empty(&q->dispatch) || elv_has_work(q);
}

/* Hand requests to the driver until it is full or the queue is empty; queue_lock held. */
static void blk_dispatch_locked(struct request_queue *q)
{
	struct blk_queue *bq = to_bq(q);
	bool need_commit = false;

	for (;;) {
		struct request *rq;
		blk_status_t ret;
		unsigned long tag;
		bool last;

		tag = find_first_zero_bit(bq->tag_map, q->queue_depth);
		if (tag >= q->queue_depth)
			break;
		rq = blk_next_request(q);
		if (!rq)
			break;
		__set_bit(tag, bq->tag_map);
		rq->tag = tag;
		q->in_driver++;
		bq->nr_queued--;
		rq->rq_flags |= RQF_STARTED;
		rq->io_start_time_ns = ktime_get_ns();
		last = q->in_driver >= q->queue_depth || !blk_more_work(q);
		spin_unlock_irq(&q->queue_lock);

		ret = q->mq_ops->queue_rq(q, rq, last);

		spin_lock_irq(&q->queue_lock);
		if (ret == BLK_STS_OK) {
			need_commit = !last;
			continue;
		}
		if (ret == BLK_STS_RESOURCE) {
			__clear_bit(rq->tag, bq->tag_map);
			rq->tag = -1;
			q->in_driver--;
			rq->rq_flags &= ~RQF_STARTED;
			list_add(&rq->queuelist, &q->dispatch);
			bq->nr_queued++;
			/* No completion will come to restart us: poll shortly. */
			if (!q->in_driver)
				queue_delayed_work(kblockd_workqueue, &bq->delay_work,
						   msecs_to_jiffies(BLK_RESOURCE_DELAY_MS));
			break;
		}
		spin_unlock_irq(&q->queue_lock);
		blk_mq_end_request(rq, ret);
		spin_lock_irq(&q->queue_lock);
	}
	if (need_commit && q->mq_ops->commit_rqs) {
		spin_unlock_irq(&q->queue_lock);
		q->mq_ops->commit_rqs(q);
		spin_lock_irq(&q->queue_lock);
	}
}

/* Run the dispatch loop in this task (process context, interrupts on). */
void blk_run_queue(struct request_queue *q)
{
	struct blk_queue *bq = to_bq(q);

	spin_lock_irq(&q->queue_lock);
	if (bq->running) {
		bq->rerun = true;
		spin_unlock_irq(&q->queue_lock);
		return;
	}
	bq->running = true;
	do {
		bq->rerun = false;
		blk_dispatch_locked(q);
	} while (bq->rerun);
	bq->running = false;
	spin_unlock_irq(&q->queue_lock);
}

void blk_run_queue_async(struct request_queue *q)
{
	queue_work(kblockd_workqueue, &to_bq(q)->run_work);
}

/**
 * blk_mq_run_hw_queues() - restart dispatch to the driver
 * @q: the queue
 * @async: true to leave the work to kblockd
 *
 * For a driver that refused a request with BLK_STS_RESOURCE and now has
 * room again.  Runs the dispatch loop (elevator to ->queue_rq()) in the
 * caller, or, when @async is set or interrupts are off, queues it on
 * kblockd.  If another task is already running the loop, that task is
 * told to go round once more instead.
 *
 * Context: any context with @async true or interrupts off; otherwise
 * process context with interrupts on, no block-layer lock held, since the
 * driver's ->queue_rq() is called from here.
 */
void blk_mq_run_hw_queues(struct request_queue *q, bool async)
{
	if (async || irqs_disabled())
		blk_run_queue_async(q);
	else
		blk_run_queue(q);
}

static void blk_run_work_fn(struct work_struct *work)
{
	blk_run_queue(&container_of(work, struct blk_queue, run_work)->q);
}

static void blk_delay_work_fn(struct work_struct *work)
{
	struct delayed_work *dw = container_of(work, struct delayed_work, work);

	blk_run_queue(&container_of(dw, struct blk_queue, delay_work)->q);
}

/* ------------------------------------------------------------ completion */

static void __blk_mq_end_request(struct request *rq, blk_status_t status)
{
	struct request_queue *q = rq->q;
	struct blk_queue *bq = to_bq(q);
	u64 now = ktime_get_ns();
	unsigned long flags;
	bool more;

	spin_lock_irqsave(&q->queue_lock, flags);
	if (rq->rq_flags & RQF_IO_STAT)
		blk_account_io_done(rq, now);
	if (rq->tag >= 0) {
		__clear_bit(rq->tag, bq->tag_map);
		q->in_driver--;
	}
	/*
	 * A tag is free: dispatch more.  The loop's owner (often our caller,
	 * when a driver completes inside ->queue_rq) goes round again;
	 * otherwise kblockd does it, never the completing context, which
	 * may hold driver locks.
	 */
	more = blk_more_work(q);
	if (more && bq->running) {
		bq->rerun = true;
		more = false;
	}
	spin_unlock_irqrestore(&q->queue_lock, flags);

	if (rq->end_io)
		rq->end_io(rq, status);
	blk_free_request(rq);
	if (wq_has_sleeper(&bq->drain_wait))
		wake_up_all(&bq->drain_wait);
	if (more)
		blk_run_queue_async(q);
}

/**
 * blk_update_request() - complete part of a request
 * @rq: a request the driver was given
 * @status: BLK_STS_OK, or the error to record in the bios being ended
 * @nbytes: bytes completed, from the request's current position
 *
 * Advances the request's bios by @nbytes, ending (bio_endio()) each one
 * that is now fully done, with @status recorded unless the bio already
 * had an error; accounts the sectors and moves the request's position.
 * When no bytes or bios are left the whole request is ended as by
 * blk_mq_end_request(): driver tag released, ->end_io called, request
 * freed, and more dispatch arranged.
 *
 * Context: any context, hard interrupts included; does not sleep.  Takes
 * q->queue_lock (irqsave); the caller must not hold it.
 * Return: true if part of @rq remains (it is still the driver's); false
 * if @rq was completed and freed (it must not be touched again).
 */
bool blk_update_request(struct request *rq, blk_status_t status, unsigned int nbytes)
{
	unsigned int done = 0, total = min(nbytes, rq->__data_len);
	unsigned long flags;

	/*
	 * Account before the bios end: their completion wakes the submitter,
	 * who may read /proc/diskstats at once and must find the I/O there.
	 * A request this call finishes is counted done here too, and
	 * __blk_mq_end_request() then leaves it alone.
	 */
	if (total && (rq->rq_flags & RQF_IO_STAT)) {
		spin_lock_irqsave(&rq->q->queue_lock, flags);
		blk_account_sectors(rq, total);
		if (total == rq->__data_len) {
			blk_account_io_done(rq, ktime_get_ns());
			rq->rq_flags &= ~RQF_IO_STAT;
		}
		spin_unlock_irqrestore(&rq->q->queue_lock, flags);
	}
	while (rq->bio && nbytes) {
		struct bio *bio = rq->bio;
		unsigned int bytes = min(bio->bi_iter.bi_size, nbytes);

		if (status && !bio->bi_status)
			bio->bi_status = status;
		bio_advance_iter(bio, &bio->bi_iter, bytes);
		nbytes -= bytes;
		done += bytes;
		if (!bio->bi_iter.bi_size) {
			rq->bio = bio->bi_next;
			bio->bi_next = NULL;
			bio_endio(bio);
		}
	}
	rq->__data_len -= min(done, rq->__data_len);
	rq->__sector += done >> SECTOR_SHIFT;
	if (rq->bio && rq->__data_len)
		return true;
	__blk_mq_end_request(rq, status);
	return false;
}

/**
 * blk_mq_end_request() - complete a whole request
 * @rq: a request the driver was given
 * @status: BLK_STS_OK or the error to report to every bio
 *
 * Ends every remaining bio of @rq with @status, updates the disk
 * statistics, releases the driver tag, calls rq->end_io if set and frees
 * the request.  If that freed tag lets more requests go to the driver,
 * dispatch is rerun by the task already running it or by kblockd, never
 * in the completing context.  The bios are completed through
 * blk_update_request() for blk_rq_bytes() bytes; if they carried more than
 * that, the rest are not ended (the WARN_ON meant to catch it cannot fire:
 * blk_update_request() frees the request once the byte count reaches 0).
 *
 * Context: any context, hard interrupts included; does not sleep.  Takes
 * q->queue_lock (irqsave); the caller must not hold it.
 */
void blk_mq_end_request(struct request *rq, blk_status_t status)
{
	if (!rq->bio) {
		__blk_mq_end_request(rq, status);
		return;
	}
	WARN_ON(blk_update_request(rq, status, rq->__data_len));
}

/* ------------------------------------------------------------ submission */

/* Partition -> disk sectors and bounds; false if the bio must fail. */
static bool blk_check_bio(struct bio *bio)
{
	struct block_device *bdev = bio->bi_bdev;
	struct request_queue *q = bdev->bd_queue;
	unsigned int lbs = queue_logical_block_size(q);
	sector_t nr = bio_sectors(bio);

	if (to_bq(q)->dead)
		return false;
	if (op_is_write(bio->bi_opf) && bio_op(bio) != REQ_OP_FLUSH && nr &&
	    bdev_read_only(bdev)) {
		pr_warn("block: write to read-only device %s refused\n",
			dev_name(&bdev->bd_device));
		return false;
	}
	if (bio->bi_iter.bi_size & (lbs - 1))
		return false;
	if (bio->bi_iter.bi_sector & ((lbs >> SECTOR_SHIFT) - 1))
		return false;
	if (bio_op(bio) == REQ_OP_DISCARD && !q->limits.max_discard_sectors)
		return false;
	if (bio->bi_flags & (1U << BIO_PARTITION_REMAPPED))
		return true;
	if (nr && (bio->bi_iter.bi_sector > bdev->bd_nr_sectors ||
		   nr > bdev->bd_nr_sectors - bio->bi_iter.bi_sector))
		return false;
	bio->bi_iter.bi_sector += bdev->bd_start_sect;
	bio->bi_flags |= 1U << BIO_PARTITION_REMAPPED;
	return true;
}

/*
 * Merge bio into a request in the elevator; queue_lock held.  The grown
 * request may now touch its neighbour: then the two become one and
 * *freeme is the emptied request, for the caller to free unlocked.
 */
static bool blk_elv_merge(struct request_queue *q, struct bio *bio, struct request **freeme)
{
	struct request *rq, *other;
	enum elv_merge type;

	if (to_bq(q)->bypass)
		return false;
	type = elv_merge(q, &rq, bio);
	if (type == ELEVATOR_BACK_MERGE) {
		if (!blk_bio_back_merge(rq, bio))
			return false;
	} else if (type == ELEVATOR_FRONT_MERGE) {
		if (!blk_bio_front_merge(rq, bio))
			return false;
	} else {
		return false;
	}
	blk_account_merge(rq);
	elv_merged_request(q, rq, type);

	if (type == ELEVATOR_BACK_MERGE) {
		other = elv_latter_request(q, rq);
		if (other && blk_attempt_req_merge(q, rq, other)) {
			elv_merge_requests(q, rq, other);
			blk_account_req_merged_away(other);
			*freeme = other;
		}
	} else {
		other = elv_former_request(q, rq);
		if (other && blk_attempt_req_merge(q, other, rq)) {
			elv_merge_requests(q, other, rq);
			blk_account_req_merged_away(rq);
			*freeme = rq;
		}
	}
	return true;
}

void blk_submit_bio_noflush(struct bio *bio)
{
	struct request_queue *q = bio->bi_bdev->bd_queue;
	struct blk_plug *plug = current->plug;
	struct request *rq, *freeme = NULL;
	bool merged;

	if (!bio->bi_iter.bi_size) {
		bio_endio(bio);
		return;
	}
	if (plug && blk_attempt_plug_merge(q, bio))
		return;

	spin_lock_irq(&q->queue_lock);
	merged = blk_elv_merge(q, bio, &freeme);
	spin_unlock_irq(&q->queue_lock);
	if (freeme)
		blk_free_request(freeme);
	if (merged)
		return;

	rq = blk_get_request(q, bio->bi_opf);
	if (!rq) {
		bio_io_error(bio);
		return;
	}
	blk_rq_bio_prep(rq, bio);

	plug = current->plug;	/* blk_get_request() may have slept */
	if (plug) {
		list_add_tail(&rq->queuelist, &plug->mq_list);
		if (++plug->rq_count >= BLK_MAX_REQUEST_COUNT)
			blk_flush_plug(plug, false);
		return;
	}
	blk_insert_request(q, rq);
	blk_run_queue(q);
}

void submit_bio(struct bio *bio)
{
	if (!bio->bi_bdev || !bio->bi_bdev->bd_queue || !blk_check_bio(bio)) {
		bio_io_error(bio);
		return;
	}
	bio->bi_issue_time_ns = ktime_get_ns();
	/* /proc/vmstat pgpgin/pgpgout: data read and written, in sectors. */
	if (bio_op(bio) == REQ_OP_READ)
		count_vm_events(PGPGIN, bio_sectors(bio));
	else if (bio_op(bio) == REQ_OP_WRITE)
		count_vm_events(PGPGOUT, bio_sectors(bio));
	if ((op_is_flush(bio->bi_opf) || bio_op(bio) == REQ_OP_FLUSH) && blk_insert_flush(bio))
		return;
	blk_submit_bio_noflush(bio);
}

/* ------------------------------------------------------------ plugging */

/**
 * blk_start_plug() - start collecting the current task's I/O
 * @plug: a plug on the caller's stack
 *
 * From now until blk_finish_plug(), requests the task submits gather on
 * @plug (merging with each other) instead of going to the elevator one by
 * one.  If the task already has a plug, the outer one keeps collecting
 * and @plug stays unused.  The scheduler flushes the plug if the task
 * sleeps, so holding one across a sleep is fine.
 *
 * Context: process context; does not sleep.
 */
void blk_start_plug(struct blk_plug *plug)
{
	/* Nested plugs: the outermost one collects everything. */
	if (current->plug)
		return;
	INIT_LIST_HEAD(&plug->mq_list);
	plug->rq_count = 0;
	current->plug = plug;
}

/**
 * blk_flush_plug() - send the requests gathered on a plug to their queues
 * @plug: the current task's plug (NULL or empty: nothing to do)
 * @from_schedule: true when called by the scheduler as the task blocks
 *
 * Each request is merged into one already in its queue's elevator where
 * possible, otherwise inserted; requests for a queue whose disk has gone
 * are ended with BLK_STS_IOERR.  The queues touched are then run: in the
 * caller, or through kblockd when @from_schedule is set or interrupts are
 * off (the task is about to sleep and must not call into drivers).  Also
 * called by the submit path when a plug holds too many requests.
 *
 * Context: process context, the plug's owner; takes each q->queue_lock
 * (irqsave).  Does not sleep itself; with @from_schedule false and
 * interrupts on it runs the drivers' ->queue_rq().
 */
void blk_flush_plug(struct blk_plug *plug, bool from_schedule)
{
	struct request_queue *queues[BLK_MAX_REQUEST_COUNT];
	unsigned int nq = 0, i;
	LIST_HEAD(list);

	if (!plug || list_empty(&plug->mq_list))
		return;
	list_splice_init(&plug->mq_list, &list);
	plug->rq_count = 0;

	while (!list_empty(&list)) {
		struct request *rq = list_first_entry(&list, struct request, queuelist);
		struct request_queue *q = rq->q;
		unsigned long flags;
		bool merged;

		list_del_init(&rq->queuelist);
		spin_lock_irqsave(&q->queue_lock, flags);
		if (to_bq(q)->dead) {
			/* The disk went away while the request sat on our plug. */
			spin_unlock_irqrestore(&q->queue_lock, flags);
			blk_mq_end_request(rq, BLK_STS_IOERR);
			continue;
		}
		merged = !to_bq(q)->bypass && elv_attempt_insert_merge(q, rq);
		if (!merged)
			__blk_insert_request(q, rq);
		spin_unlock_irqrestore(&q->queue_lock, flags);
		if (merged)
			blk_free_request(rq);
		for (i = 0; i < nq && queues[i] != q; i++)
			;
		if (i == nq && nq < ARRAY_SIZE(queues))
			queues[nq++] = q;
	}
	/*
	 * From the scheduler the task is about to sleep, with its state
	 * already set: kick the queues from kblockd instead of calling into
	 * drivers here.
	 */
	for (i = 0; i < nq; i++) {
		if (from_schedule || irqs_disabled())
			blk_run_queue_async(queues[i]);
		else
			blk_run_queue(queues[i]);
	}
}

/**
 * blk_finish_plug() - stop plugging and send what was gathered
 * @plug: the plug given to blk_start_plug()
 *
 * Flushes @plug and clears the task's plug.  Does nothing for a nested
 * plug that never became the task's own.
 *
 * Context: process context, interrupts on; may run the drivers'
 * ->queue_rq() in the caller.
 */
void blk_finish_plug(struct blk_plug *plug)
{
	if (plug != current->plug)
		return;
	blk_flush_plug(plug, false);
	current->plug = NULL;
}

/* ------------------------------------------------------------ boot */

static int __init blk_core_init(void)
{
	kblockd_workqueue = alloc_workqueue("kblockd", WQ_MEM_RECLAIM | WQ_HIGHPRI, 0);
	if (!kblockd_workqueue)
		panic("block: cannot create kblockd\n");
	bio_init_pool();
	return 0;
}
core_initcall(blk_core_init);
