// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of the deadline scheduler's ordering rules, driving its
 * hooks directly on a queue of its own (no driver, no bios): requests
 * are made up with a direction and a start sector, inserted through the
 * elevator core and dispatched one by one.
 *
 *   sorted dispatch inside a batch, restart from the FIFO after the end
 *   an expired FIFO head preempts sector order at a batch boundary
 *   writes_starved read batches, then a write batch
 *   fifo_batch bounds a batch
 *   front merges through the sector tree, and front_merges=0
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/jiffies.h>
#include <linux/selftest.h>
#include <linux/elevator.h>
#include "blk.h"

#define DT_MAX	16

struct dt_ctx {
	struct request_queue *q;
	struct request *rqs[DT_MAX];
	int nr;
};

static blk_status_t dt_queue_rq(struct request_queue *q, struct request *rq, bool last)
{
	return BLK_STS_IOERR;	/* never called: the tests dispatch by hand */
}

static const struct blk_mq_ops dt_ops = {
	.queue_rq = dt_queue_rq,
};

static int dt_init(struct dt_ctx *c)
{
	memset(c, 0, sizeof(*c));
	c->q = blk_alloc_queue(&dt_ops, 1, 0, NULL);
	if (!c->q)
		return -ENOMEM;
	if (strcmp(c->q->elevator->type->elevator_name, "deadline")) {
		elevator_exit_queue(c->q);
		if (elevator_init_queue(c->q, "deadline"))
			return -ENODEV;
	}
	return 0;
}

static void dt_exit(struct dt_ctx *c)
{
	int i;

	for (i = 0; i < c->nr; i++)
		kfree(c->rqs[i]);
	blk_free_queue(c->q);
}

static void dt_set(struct dt_ctx *c, const char *attr, const char *val)
{
	struct elv_fs_entry *e;

	for (e = c->q->elevator->type->elevator_attrs; e->attr.name; e++)
		if (!strcmp(e->attr.name, attr))
			e->store(c->q->elevator, val, strlen(val));
}

/* A request for dir at sector, 8 sectors long, queued now. */
static struct request *dt_add(struct dt_ctx *c, int dir, sector_t sector)
{
	struct request *rq = kzalloc(sizeof(*rq), GFP_KERNEL);

	if (!rq || c->nr == DT_MAX) {
		kfree(rq);
		return NULL;
	}
	rq->q = c->q;
	rq->cmd_flags = dir ? REQ_OP_WRITE : REQ_OP_READ;
	rq->__sector = sector;
	rq->__data_len = 8 << SECTOR_SHIFT;
	rq->tag = -1;
	INIT_LIST_HEAD(&rq->queuelist);
	RB_CLEAR_NODE(&rq->rb_node);
	INIT_HLIST_NODE(&rq->hash);
	c->rqs[c->nr++] = rq;
	spin_lock_irq(&c->q->queue_lock);
	elv_insert(c->q, rq);
	spin_unlock_irq(&c->q->queue_lock);
	return rq;
}

/* Dispatch everything; encode each as +sector (read) or -sector (write). */
static int dt_drain(struct dt_ctx *c, long *out, int max)
{
	struct request *rq;
	int n = 0;

	spin_lock_irq(&c->q->queue_lock);
	while (n < max && (rq = elv_dispatch(c->q)))
		out[n++] = rq_data_dir(rq) ? -(long)blk_rq_pos(rq) : (long)blk_rq_pos(rq);
	spin_unlock_irq(&c->q->queue_lock);
	return n;
}

static int dt_expect(const long *got, int n, const long *want, int nwant)
{
	int i;

	if (n != nwant) {
		st_diag("dispatched %d requests, expected %d", n, nwant);
		return -1;
	}
	for (i = 0; i < n; i++) {
		if (got[i] != want[i]) {
			st_diag("position %d: got %ld, expected %ld", i, got[i], want[i]);
			return -1;
		}
	}
	return 0;
}

static int deadline_sorted_batch_test(void)
{
	static const long want[] = { 100, 200, 300, 50 };
	struct dt_ctx c;
	long got[DT_MAX];
	int n, ret;

	if (dt_init(&c))
		return -1;
	/* The oldest (100) starts the batch; it goes on in sector order, then wraps to the FIFO. */
	dt_add(&c, READ, 100);
	dt_add(&c, READ, 300);
	dt_add(&c, READ, 50);
	dt_add(&c, READ, 200);
	n = dt_drain(&c, got, DT_MAX);
	ret = dt_expect(got, n, want, ARRAY_SIZE(want));
	dt_exit(&c);
	return ret;
}
DEFINE_SELFTEST("deadline: sorted dispatch within a batch, FIFO after the wrap",
		deadline_sorted_batch_test);

static int deadline_fifo_expiry_test(void)
{
	static const long fresh[] = { 100, 200, 300, 400 };
	static const long expired[] = { 100, 200, 400, 300 };
	struct dt_ctx c;
	long got[DT_MAX];
	int n, ret, i;

	/* Not expired: batches of two keep sector order. */
	if (dt_init(&c))
		return -1;
	dt_set(&c, "fifo_batch", "2");
	dt_add(&c, READ, 100);
	dt_add(&c, READ, 400);
	dt_add(&c, READ, 200);
	dt_add(&c, READ, 300);
	n = dt_drain(&c, got, DT_MAX);
	ret = dt_expect(got, n, fresh, ARRAY_SIZE(fresh));
	dt_exit(&c);
	if (ret)
		return ret;

	/* Expired: at the batch boundary the FIFO head (400) goes before 300. */
	if (dt_init(&c))
		return -1;
	dt_set(&c, "fifo_batch", "2");
	dt_add(&c, READ, 100);
	dt_add(&c, READ, 400);
	dt_add(&c, READ, 200);
	dt_add(&c, READ, 300);
	for (i = 0; i < c.nr; i++)
		c.rqs[i]->fifo_time = jiffies - 1;
	n = dt_drain(&c, got, DT_MAX);
	ret = dt_expect(got, n, expired, ARRAY_SIZE(expired));
	dt_exit(&c);
	return ret;
}
DEFINE_SELFTEST("deadline: an expired FIFO head preempts sector order", deadline_fifo_expiry_test);

static int deadline_writes_starved_test(void)
{
	static const long want[] = { 8, 16, -1000, 24, 32, -1008, 40, -1016 };
	struct dt_ctx c;
	long got[DT_MAX];
	int n, ret, i;

	if (dt_init(&c))
		return -1;
	dt_set(&c, "fifo_batch", "1");
	dt_set(&c, "writes_starved", "2");
	for (i = 0; i < 3; i++)
		dt_add(&c, WRITE, 1000 + 8 * i);
	for (i = 1; i <= 5; i++)
		dt_add(&c, READ, 8 * i);
	n = dt_drain(&c, got, DT_MAX);
	ret = dt_expect(got, n, want, ARRAY_SIZE(want));
	dt_exit(&c);
	return ret;
}
DEFINE_SELFTEST("deadline: writes get a batch after writes_starved read batches",
		deadline_writes_starved_test);

static int deadline_fifo_batch_test(void)
{
	static const long want[] = { 10, 20, 30, -500, 40, 50 };
	struct dt_ctx c;
	long got[DT_MAX];
	int n, ret;

	if (dt_init(&c))
		return -1;
	dt_set(&c, "fifo_batch", "3");
	dt_set(&c, "writes_starved", "1");
	dt_add(&c, READ, 10);
	dt_add(&c, READ, 20);
	dt_add(&c, READ, 30);
	dt_add(&c, READ, 40);
	dt_add(&c, READ, 50);
	dt_add(&c, WRITE, 500);
	n = dt_drain(&c, got, DT_MAX);
	ret = dt_expect(got, n, want, ARRAY_SIZE(want));
	dt_exit(&c);
	return ret;
}
DEFINE_SELFTEST("deadline: fifo_batch bounds a sequential batch", deadline_fifo_batch_test);

static int deadline_merge_lookup_test(void)
{
	struct dt_ctx c;
	struct request *rq, *found = NULL;
	struct bio bio;
	int ret = 0;

	if (dt_init(&c))
		return -1;
	rq = dt_add(&c, READ, 100);
	/* A made-up bio for sectors 92..99 ends where rq starts. */
	bio_init(&bio, NULL, NULL, 0, REQ_OP_READ);
	bio.bi_iter.bi_sector = 92;
	bio.bi_iter.bi_size = 8 << SECTOR_SHIFT;
	/* rq has no bios of its own: give it one so it counts as mergeable. */
	rq->bio = rq->biotail = &bio;
	spin_lock_irq(&c.q->queue_lock);
	if (c.q->elevator->type->ops.request_merge(c.q, &found, &bio) != ELEVATOR_FRONT_MERGE ||
	    found != rq) {
		st_diag("front merge candidate not found");
		ret = -1;
	}
	spin_unlock_irq(&c.q->queue_lock);
	dt_set(&c, "front_merges", "0");
	spin_lock_irq(&c.q->queue_lock);
	if (!ret && c.q->elevator->type->ops.request_merge(c.q, &found, &bio) !=
		    ELEVATOR_NO_MERGE) {
		st_diag("front_merges=0 still front merges");
		ret = -1;
	}
	spin_unlock_irq(&c.q->queue_lock);
	rq->bio = rq->biotail = NULL;
	dt_drain(&c, (long[DT_MAX]){ 0 }, DT_MAX);
	dt_exit(&c);
	return ret;
}
DEFINE_SELFTEST("deadline: front merge lookup and front_merges=0", deadline_merge_lookup_test);
