// SPDX-License-Identifier: GPL-2.0-only
/*
 * Cache flushes and forced unit access.
 *
 * A device without a volatile write cache makes every completed write
 * durable: REQ_OP_FLUSH (and an empty REQ_PREFLUSH write) completes at
 * once, REQ_PREFLUSH and REQ_FUA are dropped from writes.
 *
 * With a write cache, a bio that asks for durability runs a sequence of
 * up to three steps:
 *
 *   PREFLUSH   a REQ_OP_FLUSH request       (REQ_PREFLUSH, or a pure flush)
 *   DATA       the bio itself, without PREFLUSH (keeping FUA only if the
 *              device supports it)
 *   POSTFLUSH  another flush request        (REQ_FUA on a device without FUA)
 *
 * and the bio completes after the last step (or the first error).  A
 * write with FUA on a FUA-capable device needs no sequence at all.
 * Flush requests carry no bio; they go to the head of the dispatch order
 * (q->dispatch) and are never merged.  Concurrent flushes are not
 * coalesced: each sequence issues its own.
 *
 * Steps advance in process context: completions (any context) put the
 * sequence on bq->flush_list and kick bq->flush_work on kblockd, because
 * the next step allocates a request and may sleep.
 *
 * Locking: a sequence belongs to whoever advances it; bq->flush_lock
 * guards flush_list.
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/sched.h>
#include <linux/blkdev.h>
#include "blk.h"

#define FLUSH_PRE	(1U << 0)
#define FLUSH_DATA	(1U << 1)
#define FLUSH_POST	(1U << 2)

struct flush_seq {
	struct request_queue *q;
	struct bio *bio;
	bio_end_io_t *saved_end_io;
	void *saved_private;
	unsigned int steps;		/* still to do */
	blk_status_t status;
	struct list_head node;		/* bq->flush_list */
};

static void flush_seq_advance(struct flush_seq *fs);

/* Completion side (any context): hand the sequence to kblockd. */
static void flush_seq_step_done(struct flush_seq *fs, blk_status_t status)
{
	struct blk_queue *bq = to_bq(fs->q);
	unsigned long flags;

	if (status && !fs->status)
		fs->status = status;
	spin_lock_irqsave(&bq->flush_lock, flags);
	list_add_tail(&fs->node, &bq->flush_list);
	spin_unlock_irqrestore(&bq->flush_lock, flags);
	queue_work(kblockd_workqueue, &bq->flush_work);
}

static void flush_rq_end_io(struct request *rq, blk_status_t status)
{
	flush_seq_step_done(rq->end_io_data, status);
}

static void flush_data_end_io(struct bio *bio)
{
	flush_seq_step_done(bio->bi_private, bio->bi_status);
}

static void flush_issue_request(struct flush_seq *fs)
{
	struct request_queue *q = fs->q;
	struct request *rq = blk_get_request(q, REQ_OP_FLUSH | REQ_SYNC);

	if (!rq) {
		fs->status = BLK_STS_IOERR;
		flush_seq_advance(fs);
		return;
	}
	rq->part = fs->bio->bi_bdev;
	rq->rq_flags |= RQF_FLUSH_SEQ;
	rq->end_io = flush_rq_end_io;
	rq->end_io_data = fs;
	blk_insert_request(q, rq);
	blk_run_queue(q);
}

/* Process context: start the next step, or finish the bio. */
static void flush_seq_advance(struct flush_seq *fs)
{
	struct bio *bio = fs->bio;

	if (fs->status || !fs->steps) {
		bio->bi_end_io = fs->saved_end_io;
		bio->bi_private = fs->saved_private;
		if (fs->status && !bio->bi_status)
			bio->bi_status = fs->status;
		kfree(fs);
		bio_endio(bio);
		return;
	}
	if (fs->steps & FLUSH_PRE) {
		fs->steps &= ~FLUSH_PRE;
		flush_issue_request(fs);
		return;
	}
	if (fs->steps & FLUSH_DATA) {
		fs->steps &= ~FLUSH_DATA;
		bio->bi_opf &= ~REQ_PREFLUSH;
		if (!test_bit(QUEUE_FLAG_FUA, &fs->q->queue_flags))
			bio->bi_opf &= ~REQ_FUA;
		bio->bi_end_io = flush_data_end_io;
		bio->bi_private = fs;
		blk_submit_bio_noflush(bio);
		return;
	}
	fs->steps &= ~FLUSH_POST;
	flush_issue_request(fs);
}

static void flush_work_fn(struct work_struct *work)
{
	struct blk_queue *bq = container_of(work, struct blk_queue, flush_work);

	for (;;) {
		struct flush_seq *fs = NULL;

		spin_lock_irq(&bq->flush_lock);
		if (!list_empty(&bq->flush_list)) {
			fs = list_first_entry(&bq->flush_list, struct flush_seq, node);
			list_del_init(&fs->node);
		}
		spin_unlock_irq(&bq->flush_lock);
		if (!fs)
			break;
		flush_seq_advance(fs);
	}
}

bool blk_insert_flush(struct bio *bio)
{
	struct request_queue *q = bio->bi_bdev->bd_queue;
	bool has_data = bio_op(bio) != REQ_OP_FLUSH && bio->bi_iter.bi_size;
	struct flush_seq *fs;
	unsigned int steps = 0;

	if (!test_bit(QUEUE_FLAG_WC, &q->queue_flags)) {
		bio->bi_opf &= ~(REQ_PREFLUSH | REQ_FUA);
		if (!has_data) {
			bio_endio(bio);
			return true;
		}
		return false;
	}
	if (!has_data || (bio->bi_opf & REQ_PREFLUSH))
		steps |= FLUSH_PRE;
	if (has_data)
		steps |= FLUSH_DATA;
	if (has_data && (bio->bi_opf & REQ_FUA) && !test_bit(QUEUE_FLAG_FUA, &q->queue_flags))
		steps |= FLUSH_POST;
	/* A FUA write the device does itself. */
	if (steps == FLUSH_DATA)
		return false;

	while (!(fs = kzalloc(sizeof(*fs), GFP_NOIO | __GFP_NOWARN)))
		io_schedule_timeout(1);
	fs->q = q;
	fs->bio = bio;
	fs->saved_end_io = bio->bi_end_io;
	fs->saved_private = bio->bi_private;
	fs->steps = steps;
	INIT_LIST_HEAD(&fs->node);
	flush_seq_advance(fs);
	return true;
}

void blk_flush_init(struct blk_queue *bq)
{
	INIT_LIST_HEAD(&bq->flush_list);
	spin_lock_init(&bq->flush_lock);
	INIT_WORK(&bq->flush_work, flush_work_fn);
}
