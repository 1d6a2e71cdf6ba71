// SPDX-License-Identifier: GPL-2.0-only
/*
 * The elevator core: registration of I/O schedulers, the per-queue
 * scheduler instance, the back-merge hash every scheduler shares,
 * switching schedulers on a live queue, and the "scheduler" and
 * "iosched/" sysfs files.
 *
 * Merging: each queued request that may grow sits in e->hash keyed by its
 * end sector, so a bio that continues it (back merge) is found in O(1);
 * schedulers add front merges (request_merge) from their own sorted
 * structures.  e->last_merge caches the last request merged into.
 *
 * Switching (echo noop > /sys/block/vda/queue/scheduler): new requests
 * bypass the elevator into q->dispatch while the old scheduler drains to
 * the driver; then the new one is installed and the queue runs again.
 * The iosched/ directory follows from a work item, because sysfs files
 * may not add or remove sysfs entries from their own store method.
 *
 * Locking: elv_list_lock guards the registered types; the per-queue
 * functions run under q->queue_lock; q->sysfs_lock serialises switches
 * and tunable changes; bq->iosched_mutex (no other lock held) the
 * iosched/ directory.
 */
#include <linux/kernel.h>
#include <linux/panic.h>
#include <linux/completion.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/init.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/elevator.h>
#include "blk.h"

static LIST_HEAD(elv_list);
static DEFINE_SPINLOCK(elv_list_lock);

/* The default scheduler; "elevator=" on the command line changes it. */
static char chosen_elevator[16] = "deadline";

static int __init elevator_setup(char *str)
{
	strscpy(chosen_elevator, str, sizeof(chosen_elevator));
	return 1;
}
__setup("elevator=", elevator_setup);

/* ------------------------------------------------------------ types */

static struct elevator_type *elevator_find(const char *name)
{
	struct elevator_type *e;

	list_for_each_entry(e, &elv_list, list) {
		if (!strcmp(e->elevator_name, name) ||
		    (e->elevator_alias && !strcmp(e->elevator_alias, name)))
			return e;
	}
	return NULL;
}

static struct elevator_type *elevator_get(const char *name)
{
	struct elevator_type *e;

	spin_lock(&elv_list_lock);
	e = elevator_find(name);
	spin_unlock(&elv_list_lock);
	return e;
}

int elv_register(struct elevator_type *e)
{
	unsigned int n = 0, i;

	if (e->elevator_attrs) {
		while (e->elevator_attrs[n].attr.name)
			n++;
		e->attrs = kcalloc(n + 1, sizeof(*e->attrs), GFP_KERNEL);
		if (!e->attrs)
			return -ENOMEM;
		for (i = 0; i < n; i++)
			e->attrs[i] = &e->elevator_attrs[i].attr;
		e->attr_group.name = "iosched";
		e->attr_group.attrs = e->attrs;
	}
	spin_lock(&elv_list_lock);
	if (elevator_find(e->elevator_name)) {
		spin_unlock(&elv_list_lock);
		kfree(e->attrs);
		return -EBUSY;
	}
	list_add_tail(&e->list, &elv_list);
	spin_unlock(&elv_list_lock);
	pr_info("io scheduler %s registered%s\n", e->elevator_name,
		strcmp(e->elevator_name, chosen_elevator) ? "" : " (default)");
	return 0;
}

void elv_unregister(struct elevator_type *e)
{
	spin_lock(&elv_list_lock);
	list_del_init(&e->list);
	spin_unlock(&elv_list_lock);
	kfree(e->attrs);
	e->attrs = NULL;
}

/* ------------------------------------------------------------ instances */

static struct elevator_queue *elevator_alloc(struct request_queue *q, struct elevator_type *t)
{
	struct elevator_queue *e = kzalloc(sizeof(*e), GFP_KERNEL);
	unsigned int i;

	if (!e)
		return NULL;
	e->type = t;
	for (i = 0; i < ARRAY_SIZE(e->hash); i++)
		INIT_HLIST_HEAD(&e->hash[i]);
	if (t->ops.init_sched && t->ops.init_sched(q, e)) {
		kfree(e);
		return NULL;
	}
	return e;
}

static void elevator_free(struct elevator_queue *e)
{
	if (e->type->ops.exit_sched)
		e->type->ops.exit_sched(e);
	kfree(e);
}

int elevator_init_queue(struct request_queue *q, const char *name)
{
	struct elevator_type *t = elevator_get(name ? name : chosen_elevator);

	if (!t)
		t = elevator_get("noop");
	if (!t)
		return -ENODEV;
	q->elevator = elevator_alloc(q, t);
	return q->elevator ? 0 : -ENOMEM;
}

void elevator_exit_queue(struct request_queue *q)
{
	if (q->elevator)
		elevator_free(q->elevator);
	q->elevator = NULL;
}

/* ------------------------------------------------------------ merge hash */

static unsigned int rq_hash_key(sector_t end)
{
	return (unsigned int)((end * 0x61C8864680B583EBULL) >> (64 - ELV_HASH_BITS));
}

static sector_t rq_end_sector(struct request *rq)
{
	return blk_rq_pos(rq) + blk_rq_sectors(rq);
}

static void elv_rqhash_del(struct request *rq)
{
	if (!hlist_unhashed(&rq->hash))
		hlist_del_init(&rq->hash);
}

static void elv_rqhash_add(struct elevator_queue *e, struct request *rq)
{
	if (!rq->bio || (rq->cmd_flags & (REQ_NOMERGE | REQ_PREFLUSH | REQ_FUA)))
		return;
	hlist_add_head(&rq->hash, &e->hash[rq_hash_key(rq_end_sector(rq))]);
}

static void elv_rqhash_reposition(struct elevator_queue *e, struct request *rq)
{
	elv_rqhash_del(rq);
	elv_rqhash_add(e, rq);
}

static struct request *elv_rqhash_find(struct elevator_queue *e, sector_t end)
{
	struct request *rq;

	hlist_for_each_entry(rq, &e->hash[rq_hash_key(end)], hash)
		if (rq_end_sector(rq) == end)
			return rq;
	return NULL;
}

/* ------------------------------------------------------------ per-request hooks */

enum elv_merge elv_merge(struct request_queue *q, struct request **req, struct bio *bio)
{
	struct elevator_queue *e = q->elevator;
	struct request *rq;

	if (bio->bi_opf & (REQ_NOMERGE | REQ_PREFLUSH | REQ_FUA))
		return ELEVATOR_NO_MERGE;
	rq = e->last_merge;
	if (rq && blk_rq_merge_ok(rq, bio) && rq_end_sector(rq) == bio->bi_iter.bi_sector) {
		*req = rq;
		return ELEVATOR_BACK_MERGE;
	}
	rq = elv_rqhash_find(e, bio->bi_iter.bi_sector);
	if (rq && blk_rq_merge_ok(rq, bio)) {
		*req = rq;
		return ELEVATOR_BACK_MERGE;
	}
	if (e->type->ops.request_merge)
		return e->type->ops.request_merge(q, req, bio);
	return ELEVATOR_NO_MERGE;
}

void elv_merged_request(struct request_queue *q, struct request *rq, enum elv_merge type)
{
	struct elevator_queue *e = q->elevator;

	if (e->type->ops.request_merged)
		e->type->ops.request_merged(q, rq, type);
	if (type == ELEVATOR_BACK_MERGE)
		elv_rqhash_reposition(e, rq);
	e->last_merge = rq;
}

void elv_merge_requests(struct request_queue *q, struct request *rq, struct request *next)
{
	struct elevator_queue *e = q->elevator;

	if (e->type->ops.requests_merged)
		e->type->ops.requests_merged(q, rq, next);
	elv_rqhash_del(next);
	elv_rqhash_reposition(e, rq);
	e->last_merge = rq;
}

struct request *elv_former_request(struct request_queue *q, struct request *rq)
{
	struct elevator_queue *e = q->elevator;

	return e->type->ops.former_request ? e->type->ops.former_request(q, rq) : NULL;
}

struct request *elv_latter_request(struct request_queue *q, struct request *rq)
{
	struct elevator_queue *e = q->elevator;

	return e->type->ops.latter_request ? e->type->ops.latter_request(q, rq) : NULL;
}

/*
 * A plugged request going into the elevator: if a queued request ends
 * where it starts, append it there instead.  True if merged (the caller
 * frees rq, which now holds no bios).
 */
bool elv_attempt_insert_merge(struct request_queue *q, struct request *rq)
{
	struct elevator_queue *e = q->elevator;
	struct request *prev;

	prev = elv_rqhash_find(e, blk_rq_pos(rq));
	if (!prev || !blk_attempt_req_merge(q, prev, rq))
		return false;
	blk_account_merge(prev);
	elv_merged_request(q, prev, ELEVATOR_BACK_MERGE);
	return true;
}

void elv_insert(struct request_queue *q, struct request *rq)
{
	struct elevator_queue *e = q->elevator;

	elv_rqhash_add(e, rq);
	e->type->ops.insert_request(q, rq);
}

struct request *elv_dispatch(struct request_queue *q)
{
	struct elevator_queue *e = q->elevator;
	struct request *rq = e->type->ops.dispatch_request(q);

	if (rq) {
		elv_rqhash_del(rq);
		if (e->last_merge == rq)
			e->last_merge = NULL;
	}
	return rq;
}

bool elv_has_work(struct request_queue *q)
{
	return q->elevator->type->ops.has_work(q);
}

/* ------------------------------------------------------------ rbtree helpers */

void elv_rb_add(struct rb_root *root, struct request *rq)
{
	struct rb_node **p = &root->rb_node, *parent = NULL;

	while (*p) {
		struct request *r = rb_entry(*p, struct request, rb_node);

		parent = *p;
		if (blk_rq_pos(rq) < blk_rq_pos(r))
			p = &(*p)->rb_left;
		else
			p = &(*p)->rb_right;
	}
	rb_link_node(&rq->rb_node, parent, p);
	rb_insert_color(&rq->rb_node, root);
}

void elv_rb_del(struct rb_root *root, struct request *rq)
{
	WARN_ON(RB_EMPTY_NODE(&rq->rb_node));
	rb_erase(&rq->rb_node, root);
	RB_CLEAR_NODE(&rq->rb_node);
}

/* The request starting at sector, or NULL: a plain binary tree descent. */
struct request *elv_rb_find(struct rb_root *root, sector_t sector)
{
	struct rb_node *node;

	for (node = root->rb_node; node; ) {
		struct request *rq = rb_entry(node, struct request, rb_node);
		sector_t start = blk_rq_pos(rq);

		if (start == sector)
			return rq;
		node = sector < start ? node->rb_left : node->rb_right;
	}
	return NULL;
}

struct request *elv_rb_former_request(struct request_queue *q, struct request *rq)
{
	struct rb_node *n = rb_prev(&rq->rb_node);

	return n ? rb_entry(n, struct request, rb_node) : NULL;
}

struct request *elv_rb_latter_request(struct request_queue *q, struct request *rq)
{
	struct rb_node *n = rb_next(&rq->rb_node);

	return n ? rb_entry(n, struct request, rb_node) : NULL;
}

/* ------------------------------------------------------------ switching */

static bool elv_drained(struct request_queue *q)
{
	bool drained;

	spin_lock_irq(&q->queue_lock);
	drained = !elv_has_work(q);
	spin_unlock_irq(&q->queue_lock);
	return drained;
}

/* q->sysfs_lock held. */
static int elevator_switch(struct request_queue *q, struct elevator_type *t)
{
	struct blk_queue *bq = to_bq(q);
	struct elevator_queue *old, *e;

	e = elevator_alloc(q, t);
	if (!e)
		return -ENOMEM;

	spin_lock_irq(&q->queue_lock);
	bq->bypass = true;
	spin_unlock_irq(&q->queue_lock);
	/* Requests in the old scheduler go to the driver; new ones queue on q->dispatch. */
	while (!elv_drained(q)) {
		blk_run_queue(q);
		wait_event_timeout(bq->drain_wait, elv_drained(q), HZ / 10);
	}
	spin_lock_irq(&q->queue_lock);
	old = q->elevator;
	q->elevator = e;
	bq->bypass = false;
	spin_unlock_irq(&q->queue_lock);

	elevator_free(old);
	blk_run_queue(q);
	queue_work(kblockd_workqueue, &bq->sysfs_work);
	pr_info("%s: io scheduler %s\n", q->disk ? q->disk->disk_name : "queue",
		t->elevator_name);
	return 0;
}

ssize_t elv_iosched_show(struct request_queue *q, char *buf)
{
	struct elevator_type *cur = q->elevator->type, *e;
	int len = 0;

	spin_lock(&elv_list_lock);
	list_for_each_entry(e, &elv_list, list)
		len += sysfs_emit_at(buf, len, e == cur ? "[%s] " : "%s ", e->elevator_name);
	spin_unlock(&elv_list_lock);
	if (len)
		buf[len - 1] = '\n';
	return len;
}

/* q->sysfs_lock held. */
ssize_t elv_iosched_store(struct request_queue *q, const char *buf, size_t count)
{
	char name[16];
	struct elevator_type *t;
	int err;

	if (count >= sizeof(name))
		return -EINVAL;
	memcpy(name, buf, count);
	name[count] = '\0';
	t = elevator_get(strim(name));
	if (!t)
		return -EINVAL;
	if (t == q->elevator->type)
		return count;
	err = elevator_switch(q, t);
	return err ? err : count;
}

/* iosched/ of the active scheduler; called from bq->sysfs_work and disk registration. */
void elv_sysfs_refresh(struct request_queue *q)
{
	struct blk_queue *bq = to_bq(q);
	struct elevator_type *t;

	mutex_lock(&bq->iosched_mutex);
	mutex_lock(&q->sysfs_lock);
	t = q->elevator->type;
	mutex_unlock(&q->sysfs_lock);
	if (!bq->kobj_added || !t->attrs)
		t = NULL;
	if (t != bq->iosched_dir) {
		if (bq->iosched_dir)
			sysfs_remove_group(&bq->kobj, &bq->iosched_dir->attr_group);
		if (t && sysfs_create_group(&bq->kobj, &t->attr_group))
			t = NULL;
		bq->iosched_dir = t;
	}
	mutex_unlock(&bq->iosched_mutex);
}

/* Tunables: only the active scheduler's files answer (q->sysfs_lock held). */
static struct elv_fs_entry *elv_attr_entry(struct request_queue *q, struct attribute *attr)
{
	struct elevator_type *t = q->elevator->type;
	struct elv_fs_entry *ent;

	if (!t->elevator_attrs)
		return NULL;
	for (ent = t->elevator_attrs; ent->attr.name; ent++)
		if (&ent->attr == attr)
			return ent;
	return NULL;
}

bool elv_attr_is_elevator(struct request_queue *q, struct attribute *attr)
{
	struct elevator_type *e;
	struct elv_fs_entry *ent;
	bool found = false;

	spin_lock(&elv_list_lock);
	list_for_each_entry(e, &elv_list, list) {
		for (ent = e->elevator_attrs; ent && ent->attr.name; ent++)
			if (&ent->attr == attr)
				found = true;
	}
	spin_unlock(&elv_list_lock);
	return found;
}

ssize_t elv_attr_show(struct request_queue *q, struct attribute *attr, char *buf)
{
	struct elv_fs_entry *ent;
	ssize_t ret = -ENODEV;

	mutex_lock(&q->sysfs_lock);
	ent = elv_attr_entry(q, attr);
	if (ent && ent->show)
		ret = ent->show(q->elevator, buf);
	mutex_unlock(&q->sysfs_lock);
	return ret;
}

ssize_t elv_attr_store(struct request_queue *q, struct attribute *attr, const char *buf,
		       size_t count)
{
	struct elv_fs_entry *ent;
	ssize_t ret = -ENODEV;

	mutex_lock(&q->sysfs_lock);
	ent = elv_attr_entry(q, attr);
	if (ent && ent->store) {
		/* Tunables are read by the dispatch path under the queue lock. */
		spin_lock_irq(&q->queue_lock);
		ret = ent->store(q->elevator, buf, count);
		spin_unlock_irq(&q->queue_lock);
	}
	mutex_unlock(&q->sysfs_lock);
	return ret;
}
