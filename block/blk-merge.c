// SPDX-License-Identifier: GPL-2.0-only
/*
 * Merging: growing a request by a bio that continues it (back merge) or
 * precedes it (front merge), and joining two adjacent requests.
 *
 * Rules (blk_rq_merge_ok()): same operation, same partition (for the
 * statistics), neither side carries REQ_NOMERGE/REQ_PREFLUSH/REQ_FUA,
 * the request has not been started, and the result stays within the
 * queue's max_sectors and max_segments.  A segment is one page-sized
 * piece as rq_for_each_segment() hands it to the driver.
 *
 * Callers hold q->queue_lock for requests in the elevator; plugged
 * requests belong to the current task and need no lock.
 */
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/blkdev.h>
#include "blk.h"

#define REQ_NOMERGE_FLAGS	(REQ_NOMERGE | REQ_PREFLUSH | REQ_FUA)

unsigned int blk_bio_segments(struct bio *bio)
{
	struct bvec_iter iter;
	struct bio_vec bv;
	unsigned int n = 0;

	bio_for_each_segment(bv, bio, iter)
		n++;
	return n;
}

void blk_rq_bio_prep(struct request *rq, struct bio *bio)
{
	bio->bi_next = NULL;
	rq->bio = rq->biotail = bio;
	rq->__sector = bio->bi_iter.bi_sector;
	rq->__data_len = bio->bi_iter.bi_size;
	rq->nr_phys_segments = blk_bio_segments(bio);
	rq->part = bio->bi_bdev;
}

static bool rq_mergeable(struct request *rq)
{
	return rq->bio && !(rq->rq_flags & (RQF_STARTED | RQF_FLUSH_SEQ)) &&
	       !(rq->cmd_flags & REQ_NOMERGE_FLAGS) && req_op(rq) != REQ_OP_FLUSH;
}

bool blk_rq_merge_ok(struct request *rq, struct bio *bio)
{
	if (!rq_mergeable(rq) || (bio->bi_opf & REQ_NOMERGE_FLAGS))
		return false;
	if (req_op(rq) != bio_op(bio) || rq->part != bio->bi_bdev)
		return false;
	return true;
}

static bool rq_fits(struct request *rq, unsigned int sectors, unsigned int segs)
{
	struct queue_limits *lim = &rq->q->limits;

	return blk_rq_sectors(rq) + sectors <= lim->max_sectors &&
	       rq->nr_phys_segments + segs <= lim->max_segments;
}

bool blk_bio_back_merge(struct request *rq, struct bio *bio)
{
	unsigned int segs;

	if (!blk_rq_merge_ok(rq, bio) ||
	    blk_rq_pos(rq) + blk_rq_sectors(rq) != bio->bi_iter.bi_sector)
		return false;
	segs = blk_bio_segments(bio);
	if (!rq_fits(rq, bio_sectors(bio), segs))
		return false;
	bio->bi_next = NULL;
	rq->biotail->bi_next = bio;
	rq->biotail = bio;
	rq->__data_len += bio->bi_iter.bi_size;
	rq->nr_phys_segments += segs;
	/* A waiter now depends on this request. */
	rq->cmd_flags |= bio->bi_opf & REQ_SYNC;
	return true;
}

bool blk_bio_front_merge(struct request *rq, struct bio *bio)
{
	unsigned int segs;

	if (!blk_rq_merge_ok(rq, bio) || bio_end_sector(bio) != blk_rq_pos(rq))
		return false;
	segs = blk_bio_segments(bio);
	if (!rq_fits(rq, bio_sectors(bio), segs))
		return false;
	bio->bi_next = rq->bio;
	rq->bio = bio;
	rq->__sector = bio->bi_iter.bi_sector;
	rq->__data_len += bio->bi_iter.bi_size;
	rq->nr_phys_segments += segs;
	rq->cmd_flags |= bio->bi_opf & REQ_SYNC;
	return true;
}

/*
 * Append next (which starts where rq ends) to rq.  next keeps no bios and
 * is the caller's to take out of the elevator and free.
 */
bool blk_attempt_req_merge(struct request_queue *q, struct request *rq, struct request *next)
{
	if (!rq_mergeable(rq) || !rq_mergeable(next))
		return false;
	if (req_op(rq) != req_op(next) || rq->part != next->part)
		return false;
	if (blk_rq_pos(rq) + blk_rq_sectors(rq) != blk_rq_pos(next))
		return false;
	if (!rq_fits(rq, blk_rq_sectors(next), next->nr_phys_segments))
		return false;
	rq->biotail->bi_next = next->bio;
	rq->biotail = next->biotail;
	rq->__data_len += next->__data_len;
	rq->nr_phys_segments += next->nr_phys_segments;
	rq->cmd_flags |= next->cmd_flags & REQ_SYNC;
	/* The merged request is as old as its oldest part. */
	if (next->start_time_ns < rq->start_time_ns)
		rq->start_time_ns = next->start_time_ns;
	next->bio = next->biotail = NULL;
	next->__data_len = 0;
	return true;
}

/* Merge bio into a request on the current task's plug (newest first). */
bool blk_attempt_plug_merge(struct request_queue *q, struct bio *bio)
{
	struct blk_plug *plug = current->plug;
	struct request *rq;

	list_for_each_entry_reverse(rq, &plug->mq_list, queuelist) {
		bool merged;

		if (rq->q != q)
			continue;
		merged = blk_bio_back_merge(rq, bio) || blk_bio_front_merge(rq, bio);
		if (merged) {
			spin_lock_irq(&q->queue_lock);
			blk_account_merge(rq);
			spin_unlock_irq(&q->queue_lock);
			return true;
		}
	}
	return false;
}
