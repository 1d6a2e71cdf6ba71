// SPDX-License-Identifier: GPL-2.0-only
/*
 * The noop I/O scheduler: requests go to the driver in arrival order.
 * Bios still merge into queued requests through the elevator core's
 * back-merge hash, and a grown request joins its FIFO neighbour when the
 * two have become contiguous.  For devices that order I/O themselves
 * (SSDs, virtual disks backed by a host page cache).
 *
 * "none" (blk-mq's name for no scheduler) is accepted as an alias.
 * Locking: every hook runs under q->queue_lock.
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/init.h>
#include <linux/elevator.h>
#include "blk.h"

struct noop_data {
	struct list_head queue;		/* FIFO of requests */
};

static struct noop_data *noop_of(struct request_queue *q)
{
	return q->elevator->elevator_data;
}

static int noop_init_sched(struct request_queue *q, struct elevator_queue *e)
{
	struct noop_data *nd = kzalloc(sizeof(*nd), GFP_KERNEL);

	if (!nd)
		return -ENOMEM;
	INIT_LIST_HEAD(&nd->queue);
	e->elevator_data = nd;
	return 0;
}

static void noop_exit_sched(struct elevator_queue *e)
{
	struct noop_data *nd = e->elevator_data;

	WARN_ON(!list_empty(&nd->queue));
	kfree(nd);
}

static void noop_insert_request(struct request_queue *q, struct request *rq)
{
	list_add_tail(&rq->queuelist, &noop_of(q)->queue);
}

static struct request *noop_dispatch_request(struct request_queue *q)
{
	struct noop_data *nd = noop_of(q);
	struct request *rq;

	if (list_empty(&nd->queue))
		return NULL;
	rq = list_first_entry(&nd->queue, struct request, queuelist);
	list_del_init(&rq->queuelist);
	return rq;
}

static bool noop_has_work(struct request_queue *q)
{
	return !list_empty(&noop_of(q)->queue);
}

static void noop_requests_merged(struct request_queue *q, struct request *rq,
				 struct request *next)
{
	list_del_init(&next->queuelist);
}

static struct request *noop_former_request(struct request_queue *q, struct request *rq)
{
	struct noop_data *nd = noop_of(q);

	if (rq->queuelist.prev == &nd->queue)
		return NULL;
	return list_prev_entry(rq, queuelist);
}

static struct request *noop_latter_request(struct request_queue *q, struct request *rq)
{
	struct noop_data *nd = noop_of(q);

	if (rq->queuelist.next == &nd->queue)
		return NULL;
	return list_next_entry(rq, queuelist);
}

static struct elevator_type elevator_noop = {
	.elevator_name = "noop",
	.elevator_alias = "none",
	.ops = {
		.init_sched = noop_init_sched,
		.exit_sched = noop_exit_sched,
		.insert_request = noop_insert_request,
		.dispatch_request = noop_dispatch_request,
		.has_work = noop_has_work,
		.requests_merged = noop_requests_merged,
		.former_request = noop_former_request,
		.latter_request = noop_latter_request,
	},
};

static int __init noop_init(void)
{
	return elv_register(&elevator_noop);
}
core_initcall(noop_init);
