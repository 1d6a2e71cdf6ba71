/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * I/O schedulers ("elevators", block/elevator.c): the policy that orders
 * a queue's requests before they reach the driver.
 *
 * An elevator_type registers with elv_register() and supplies ops; the
 * core (block/blk-core.c) calls them with q->queue_lock held (irqs off),
 * so they must not sleep:
 *
 *   init_sched(q, e)        allocate e->elevator_data (may sleep; no lock)
 *   exit_sched(e)           free it; the scheduler is empty (no lock)
 *   insert_request(q, rq)   take a new request
 *   dispatch_request(q)     hand out the next request for the driver, or NULL
 *   has_work(q)             any request inside?
 *   request_merge(q, &rq, bio)  optional: find a request bio can be
 *                           front-merged into (ELEVATOR_FRONT_MERGE) - the
 *                           core already tried back merges through its hash
 *   request_merged(q, rq, type)  rq grew by a bio (its start moved if FRONT)
 *   requests_merged(q, rq, next) next was merged into rq and goes away
 *   former_request / latter_request(q, rq)  the neighbours of rq in sector
 *                           order, for merging two requests after a bio merge
 *
 * Tunables: elevator_attrs (NULL-terminated by a NULL attr.name) appear in
 * /sys/block/<dev>/queue/iosched/ while the elevator is active.
 */
#ifndef _LINUX_ELEVATOR_H
#define _LINUX_ELEVATOR_H

#include <linux/list.h>
#include <linux/sysfs.h>
#include <linux/blkdev.h>

/* What a bio can do with a queued request (NO_MERGE must stay 0). */
enum elv_merge {
	ELEVATOR_NO_MERGE,
	ELEVATOR_FRONT_MERGE,	/* the bio goes in front of the request */
	ELEVATOR_BACK_MERGE,	/* the bio goes after it */
};

#define ELV_HASH_BITS	6

struct elevator_queue {
	struct elevator_type *type;
	void *elevator_data;
	struct request *last_merge;	/* the last request merged into (cache) */
	struct hlist_head hash[1 << ELV_HASH_BITS];	/* requests by end sector */
};

struct elevator_ops {
	int (*init_sched)(struct request_queue *q, struct elevator_queue *e);
	void (*exit_sched)(struct elevator_queue *e);
	void (*insert_request)(struct request_queue *q, struct request *rq);
	struct request *(*dispatch_request)(struct request_queue *q);
	bool (*has_work)(struct request_queue *q);
	enum elv_merge (*request_merge)(struct request_queue *q, struct request **rq,
					struct bio *bio);
	void (*request_merged)(struct request_queue *q, struct request *rq, enum elv_merge type);
	void (*requests_merged)(struct request_queue *q, struct request *rq,
				struct request *next);
	struct request *(*former_request)(struct request_queue *q, struct request *rq);
	struct request *(*latter_request)(struct request_queue *q, struct request *rq);
};

struct elv_fs_entry {
	struct attribute attr;
	ssize_t (*show)(struct elevator_queue *e, char *buf);
	ssize_t (*store)(struct elevator_queue *e, const char *buf, size_t count);
};

struct elevator_type {
	const char *elevator_name;
	const char *elevator_alias;	/* also accepted by the scheduler file */
	struct elevator_ops ops;
	struct elv_fs_entry *elevator_attrs;
	/* elv_register() */
	struct attribute **attrs;	/* the iosched/ group */
	struct attribute_group attr_group;
	struct list_head list;
};

int elv_register(struct elevator_type *e);
void elv_unregister(struct elevator_type *e);

/* Sector-sorted rbtree helpers for elevators (by blk_rq_pos()). */
void elv_rb_add(struct rb_root *root, struct request *rq);
void elv_rb_del(struct rb_root *root, struct request *rq);
struct request *elv_rb_find(struct rb_root *root, sector_t sector);
struct request *elv_rb_former_request(struct request_queue *q, struct request *rq);
struct request *elv_rb_latter_request(struct request_queue *q, struct request *rq);

#endif /* _LINUX_ELEVATOR_H */
