// SPDX-License-Identifier: GPL-2.0-only
/*
 * The deadline I/O scheduler, with Linux's semantics.
 *
 * Each direction (read, write) keeps its requests twice: in a tree sorted
 * by start sector and in a FIFO by arrival, each request stamped with an
 * expiry time (read_expire, write_expire).  Dispatch works in batches:
 *
 *   - while a batch lasts (fewer than fifo_batch requests so far) the next
 *     request in sector order in the same direction goes next;
 *   - a new batch prefers reads, unless writes are waiting and reads have
 *     already won writes_starved batches in a row;
 *   - a batch starts at the request following the previous batch in
 *     sector order, unless the FIFO head of that direction has expired
 *     (or the sorted list wrapped around), in which case it starts at the
 *     FIFO head.
 *
 * Bios are front-merged through the sector tree when front_merges is set
 * (back merges come from the elevator core's hash).  Tunables under
 * /sys/block/<dev>/queue/iosched/: read_expire and write_expire (ms),
 * fifo_batch, writes_starved, front_merges.
 *
 * Locking: all hooks run under q->queue_lock; tunable stores take it too.
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/init.h>
#include <linux/jiffies.h>
#include <linux/kstrtox.h>
#include <linux/elevator.h>
#include "blk.h"

/* Linux's defaults. */
#define DEADLINE_READ_EXPIRE_MS		500	/* a read waits at most this long */
#define DEADLINE_WRITE_EXPIRE_MS	5000
#define DEADLINE_WRITES_STARVED		2	/* read batches before a write batch */
#define DEADLINE_FIFO_BATCH		16	/* requests per sequential batch */

struct deadline_data {
	struct rb_root sort_list[2];	/* by sector; READ, WRITE */
	struct list_head fifo_list[2];	/* by arrival */
	struct request *next_rq[2];	/* continues the current batch in sector order */
	unsigned int batching;		/* requests dispatched in this batch */
	unsigned int starved;		/* read batches while writes waited */

	/* tunables */
	unsigned long fifo_expire[2];	/* jiffies */
	unsigned int fifo_batch;
	unsigned int writes_starved;
	unsigned int front_merges;
};

static struct deadline_data *dd_of(struct request_queue *q)
{
	return q->elevator->elevator_data;
}

static int deadline_init_sched(struct request_queue *q, struct elevator_queue *e)
{
	struct deadline_data *dd = kzalloc(sizeof(*dd), GFP_KERNEL);

	if (!dd)
		return -ENOMEM;
	dd->sort_list[READ] = RB_ROOT;
	dd->sort_list[WRITE] = RB_ROOT;
	INIT_LIST_HEAD(&dd->fifo_list[READ]);
	INIT_LIST_HEAD(&dd->fifo_list[WRITE]);
	dd->fifo_expire[READ] = msecs_to_jiffies(DEADLINE_READ_EXPIRE_MS);
	dd->fifo_expire[WRITE] = msecs_to_jiffies(DEADLINE_WRITE_EXPIRE_MS);
	dd->fifo_batch = DEADLINE_FIFO_BATCH;
	dd->writes_starved = DEADLINE_WRITES_STARVED;
	dd->front_merges = 1;
	e->elevator_data = dd;
	return 0;
}

static void deadline_exit_sched(struct elevator_queue *e)
{
	struct deadline_data *dd = e->elevator_data;

	WARN_ON(!list_empty(&dd->fifo_list[READ]) || !list_empty(&dd->fifo_list[WRITE]));
	kfree(dd);
}

static void deadline_add_rq_rb(struct deadline_data *dd, struct request *rq)
{
	elv_rb_add(&dd->sort_list[rq_data_dir(rq)], rq);
}

static void deadline_del_rq_rb(struct deadline_data *dd, struct request *rq)
{
	int dir = rq_data_dir(rq);

	if (dd->next_rq[dir] == rq)
		dd->next_rq[dir] = elv_rb_latter_request(NULL, rq);
	elv_rb_del(&dd->sort_list[dir], rq);
}

static void deadline_remove_request(struct deadline_data *dd, struct request *rq)
{
	list_del_init(&rq->queuelist);
	deadline_del_rq_rb(dd, rq);
}

static void deadline_insert_request(struct request_queue *q, struct request *rq)
{
	struct deadline_data *dd = dd_of(q);
	int dir = rq_data_dir(rq);

	deadline_add_rq_rb(dd, rq);
	rq->fifo_time = jiffies + dd->fifo_expire[dir];
	list_add_tail(&rq->queuelist, &dd->fifo_list[dir]);
}

static enum elv_merge deadline_request_merge(struct request_queue *q, struct request **req,
					     struct bio *bio)
{
	struct deadline_data *dd = dd_of(q);
	struct request *rq;

	if (!dd->front_merges)
		return ELEVATOR_NO_MERGE;
	rq = elv_rb_find(&dd->sort_list[op_is_write(bio->bi_opf) ? WRITE : READ],
			 bio_end_sector(bio));
	if (rq && blk_rq_merge_ok(rq, bio)) {
		*req = rq;
		return ELEVATOR_FRONT_MERGE;
	}
	return ELEVATOR_NO_MERGE;
}

static void deadline_request_merged(struct request_queue *q, struct request *rq,
				    enum elv_merge type)
{
	struct deadline_data *dd = dd_of(q);

	/* A front merge moved the start sector: re-sort. */
	if (type == ELEVATOR_FRONT_MERGE) {
		elv_rb_del(&dd->sort_list[rq_data_dir(rq)], rq);
		deadline_add_rq_rb(dd, rq);
	}
}

/* Was a queued before b (an earlier deadline), both being in the FIFO? */
static bool deadline_queued_earlier(struct request *a, struct request *b)
{
	if (list_empty(&a->queuelist) || list_empty(&b->queuelist))
		return false;
	return time_before(a->fifo_time, b->fifo_time);
}

static void deadline_requests_merged(struct request_queue *q, struct request *rq,
				     struct request *next)
{
	struct deadline_data *dd = dd_of(q);

	/* rq now covers next's sectors: next leaves the sector tree. */
	deadline_del_rq_rb(dd, next);

	/*
	 * The merged request is as urgent as the older of the two.  If that
	 * is next, rq takes over next's very slot in the FIFO and its
	 * deadline; otherwise next simply leaves the FIFO.
	 */
	if (!deadline_queued_earlier(next, rq)) {
		list_del_init(&next->queuelist);
		return;
	}
	list_del(&rq->queuelist);
	list_replace_init(&next->queuelist, &rq->queuelist);
	rq->fifo_time = next->fifo_time;
}

/* Take rq out and remember where the batch continues. */
static void deadline_move_request(struct deadline_data *dd, struct request *rq)
{
	int dir = rq_data_dir(rq);

	dd->next_rq[READ] = NULL;
	dd->next_rq[WRITE] = NULL;
	dd->next_rq[dir] = elv_rb_latter_request(NULL, rq);
	deadline_remove_request(dd, rq);
}

/*
 * Direction of a new batch, or -1 with nothing queued.  Reads are
 * preferred; while writes wait, each read batch counts towards
 * writes_starved, and once that many have gone by, writes get a batch.
 */
static int deadline_batch_dir(struct deadline_data *dd)
{
	bool reads = !list_empty(&dd->fifo_list[READ]);
	bool writes = !list_empty(&dd->fifo_list[WRITE]);

	if (!writes)
		return reads ? READ : -1;
	if (reads && dd->starved++ < dd->writes_starved)
		return READ;
	dd->starved = 0;
	return WRITE;
}

/*
 * First request of a new batch in direction dir: the sector walk goes
 * on where the last batch of dir left it, unless that walk ran off the
 * end or the oldest request is due; then the batch starts at the oldest.
 */
static struct request *deadline_batch_first(struct deadline_data *dd, int dir)
{
	struct request *oldest = list_first_entry(&dd->fifo_list[dir], struct request, queuelist);
	struct request *onward = dd->next_rq[dir];

	if (onward && time_before(jiffies, oldest->fifo_time))
		return onward;
	return oldest;
}

static struct request *deadline_dispatch_request(struct request_queue *q)
{
	struct deadline_data *dd = dd_of(q);
	struct request *rq;
	int dir;

	/* At most one direction has a walk going (deadline_move_request). */
	rq = dd->next_rq[READ] ? dd->next_rq[READ] : dd->next_rq[WRITE];
	if (!rq || dd->batching >= dd->fifo_batch) {
		dir = deadline_batch_dir(dd);
		if (dir < 0)
			return NULL;
		rq = deadline_batch_first(dd, dir);
		dd->batching = 0;
	}
	dd->batching++;
	deadline_move_request(dd, rq);
	return rq;
}

static bool deadline_has_work(struct request_queue *q)
{
	struct deadline_data *dd = dd_of(q);

	return !list_empty(&dd->fifo_list[READ]) || !list_empty(&dd->fifo_list[WRITE]);
}

/* ------------------------------------------------------------ tunables */

static ssize_t dd_show_uint(char *buf, unsigned int v)
{
	return sysfs_emit(buf, "%u\n", v);
}

static int dd_parse(const char *buf, unsigned int *v)
{
	return kstrtouint(buf, 10, v);
}

#define DD_ATTR_MS(name, field)							\
static ssize_t deadline_##name##_show(struct elevator_queue *e, char *buf)	\
{										\
	struct deadline_data *dd = e->elevator_data;				\
										\
	return dd_show_uint(buf, jiffies_to_msecs(dd->field));			\
}										\
static ssize_t deadline_##name##_store(struct elevator_queue *e, const char *buf, \
				       size_t count)				\
{										\
	struct deadline_data *dd = e->elevator_data;				\
	unsigned int v;								\
	int err = dd_parse(buf, &v);						\
										\
	if (err)								\
		return err;							\
	dd->field = msecs_to_jiffies(v);					\
	return count;								\
}

#define DD_ATTR_UINT(name, field, min, max)					\
static ssize_t deadline_##name##_show(struct elevator_queue *e, char *buf)	\
{										\
	struct deadline_data *dd = e->elevator_data;				\
										\
	return dd_show_uint(buf, dd->field);					\
}										\
static ssize_t deadline_##name##_store(struct elevator_queue *e, const char *buf, \
				       size_t count)				\
{										\
	struct deadline_data *dd = e->elevator_data;				\
	unsigned int v;								\
	int err = dd_parse(buf, &v);						\
										\
	if (err)								\
		return err;							\
	dd->field = clamp_t(unsigned int, v, min, max);				\
	return count;								\
}

DD_ATTR_MS(read_expire, fifo_expire[READ])
DD_ATTR_MS(write_expire, fifo_expire[WRITE])
DD_ATTR_UINT(writes_starved, writes_starved, 0, INT_MAX)
DD_ATTR_UINT(front_merges, front_merges, 0, 1)
DD_ATTR_UINT(fifo_batch, fifo_batch, 1, INT_MAX)

#define DD_ENTRY(name) __ATTR(name, 0644, deadline_##name##_show, deadline_##name##_store)

static struct elv_fs_entry deadline_attrs[] = {
	DD_ENTRY(read_expire),
	DD_ENTRY(write_expire),
	DD_ENTRY(writes_starved),
	DD_ENTRY(front_merges),
	DD_ENTRY(fifo_batch),
	{ .attr = { .name = NULL } },
};

static struct elevator_type elevator_deadline = {
	.elevator_name = "deadline",
	.elevator_alias = "mq-deadline",
	.ops = {
		.init_sched = deadline_init_sched,
		.exit_sched = deadline_exit_sched,
		.insert_request = deadline_insert_request,
		.dispatch_request = deadline_dispatch_request,
		.has_work = deadline_has_work,
		.request_merge = deadline_request_merge,
		.request_merged = deadline_request_merged,
		.requests_merged = deadline_requests_merged,
		.former_request = elv_rb_former_request,
		.latter_request = elv_rb_latter_request,
	},
	.elevator_attrs = deadline_attrs,
};

static int __init deadline_init(void)
{
	return elv_register(&elevator_deadline);
}
core_initcall(deadline_init);
