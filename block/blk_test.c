// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of the request path, on a fake disk ("tdisk": RAM behind a
 * driver that logs what it is given and can hold requests in flight)
 * and on the brd RAM disk:
 *
 *   bios written to ram0 read back equal; plugged sequential writes
 *   merge and the merges show in the statistics
 *   held requests keep later bios in the elevator, where they merge
 *   nr_requests bounds allocation: a submitter blocks until one completes
 *   BLK_STS_RESOURCE requeues and retries
 *   flush sequences with and without a write cache
 *   switching the elevator under I/O loses nothing
 *   a page of buffers written by the bdev's ->writepages keeps them
 *   locked until the write completes
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vmalloc.h>
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/kthread.h>
#include <linux/delay.h>
#include <linux/completion.h>
#include <linux/selftest.h>
#include <linux/blkdev.h>
#include <linux/buffer_head.h>
#include <linux/pagemap.h>
#include <linux/backing-dev.h>
#include "blk.h"

#define TD_SECTORS	2048	/* 1 MiB */
#define TD_LOG		64

struct td_entry {
	enum req_op op;
	sector_t sector;
	unsigned int sectors;
	unsigned int nr_bios;
	blk_opf_t flags;
};

struct tdisk {
	struct gendisk *disk;
	u8 *data;
	spinlock_t lock;
	bool hold;			/* keep requests instead of completing them */
	int resource_left;		/* answer BLK_STS_RESOURCE this many times */
	struct list_head held;
	int nr_held;
	struct td_entry log[TD_LOG];
	int nr_log;
};

static void td_do_io(struct tdisk *td, struct request *rq)
{
	sector_t sector = blk_rq_pos(rq);
	struct req_iterator iter;
	struct bio_vec bv;

	rq_for_each_segment(bv, rq, iter) {
		u8 *mem = (u8 *)page_address(bv.bv_page) + bv.bv_offset;
		u8 *disk = td->data + (sector << SECTOR_SHIFT);

		if (rq_data_dir(rq))
			memcpy(disk, mem, bv.bv_len);
		else
			memcpy(mem, disk, bv.bv_len);
		sector += bv.bv_len >> SECTOR_SHIFT;
	}
}

static blk_status_t td_queue_rq(struct request_queue *q, struct request *rq, bool last)
{
	struct tdisk *td = q->queuedata;
	struct td_entry *e;
	struct bio *bio;
	unsigned long flags;

	spin_lock_irqsave(&td->lock, flags);
	if (td->resource_left > 0) {
		td->resource_left--;
		spin_unlock_irqrestore(&td->lock, flags);
		return BLK_STS_RESOURCE;
	}
	if (td->nr_log < TD_LOG) {
		e = &td->log[td->nr_log++];
		e->op = req_op(rq);
		e->sector = blk_rq_pos(rq);
		e->sectors = blk_rq_sectors(rq);
		e->flags = rq->cmd_flags;
		e->nr_bios = 0;
		__rq_for_each_bio(bio, rq)
			e->nr_bios++;
	}
	if (td->hold) {
		list_add_tail(&rq->queuelist, &td->held);
		td->nr_held++;
		spin_unlock_irqrestore(&td->lock, flags);
		return BLK_STS_OK;
	}
	spin_unlock_irqrestore(&td->lock, flags);
	if (req_op(rq) != REQ_OP_FLUSH)
		td_do_io(td, rq);
	blk_mq_end_request(rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops td_ops = {
	.queue_rq = td_queue_rq,
};

static struct tdisk *td_create(unsigned int depth)
{
	struct tdisk *td = kzalloc(sizeof(*td), GFP_KERNEL);

	if (!td)
		return NULL;
	td->data = vzalloc(TD_SECTORS << SECTOR_SHIFT);
	td->disk = blk_mq_alloc_disk(&td_ops, depth, 0, td);
	if (!td->data || IS_ERR(td->disk)) {
		vfree(td->data);
		kfree(td);
		return NULL;
	}
	spin_lock_init(&td->lock);
	INIT_LIST_HEAD(&td->held);
	set_capacity(td->disk, TD_SECTORS);
	strscpy(td->disk->disk_name, "tdisk", DISK_NAME_LEN);
	return td;
}

/* Complete the held requests (from a worker, as an interrupt handler would). */
static void td_release(struct tdisk *td)
{
	LIST_HEAD(list);
	struct request *rq, *tmp;

	spin_lock_irq(&td->lock);
	td->hold = false;
	list_splice_init(&td->held, &list);
	td->nr_held = 0;
	spin_unlock_irq(&td->lock);
	list_for_each_entry_safe(rq, tmp, &list, queuelist) {
		list_del_init(&rq->queuelist);
		if (req_op(rq) != REQ_OP_FLUSH)
			td_do_io(td, rq);
		blk_mq_end_request(rq, BLK_STS_OK);
	}
}

static void td_destroy(struct tdisk *td)
{
	td_release(td);
	put_disk(td->disk);
	vfree(td->data);
	kfree(td);
}

/* ------------------------------------------------------------ bio helpers */

struct tbio_ctx {
	atomic_t pending;
	atomic_t errors;
	struct completion done;
};

static void tbio_end_io(struct bio *bio)
{
	struct tbio_ctx *c = bio->bi_private;

	if (bio->bi_status)
		atomic_inc(&c->errors);
	bio_put(bio);
	if (atomic_dec_and_test(&c->pending))
		complete(&c->done);
}

static void tbio_ctx_init(struct tbio_ctx *c)
{
	atomic_set(&c->pending, 1);
	atomic_set(&c->errors, 0);
	init_completion(&c->done);
}

/* Submit one page-sized bio at sector (async, counted in c). */
static void tbio_submit(struct tbio_ctx *c, struct block_device *bdev, struct page *page,
			sector_t sector, blk_opf_t op)
{
	struct bio *bio = bio_alloc(bdev, 1, op, GFP_KERNEL);

	bio->bi_iter.bi_sector = sector;
	bio_add_page(bio, page, PAGE_SIZE, 0);
	bio->bi_end_io = tbio_end_io;
	bio->bi_private = c;
	atomic_inc(&c->pending);
	submit_bio(bio);
}

/* Drop the initial count and wait; returns the number of failed bios. */
static int tbio_wait(struct tbio_ctx *c)
{
	if (!atomic_dec_and_test(&c->pending))
		wait_for_completion(&c->done);
	return atomic_read(&c->errors);
}

/*
 * The driver completes a request's bios before it frees the request, on
 * whichever CPU took the interrupt: give the frees up to half a second.
 */
static void wait_requests_freed(struct request_queue *q)
{
	for (int i = 0; i < 100 && (READ_ONCE(q->nr_allocated[0]) ||
				    READ_ONCE(q->nr_allocated[1])); i++)
		msleep(5);
}

static void fill_pattern(struct page *page, unsigned int seed)
{
	u32 *p = page_address(page);
	unsigned int i;

	for (i = 0; i < PAGE_SIZE / 4; i++)
		p[i] = seed * 2654435761U + i;
}

/* ------------------------------------------------------------ brd */

#define BRD_TEST_PAGES	32

static int brd_rw_test(void)
{
	struct block_device *bdev = blkdev_get_by_dev(MKDEV(1, 0), FMODE_READ | FMODE_WRITE, NULL);
	struct page *w[BRD_TEST_PAGES] = { NULL }, *r[BRD_TEST_PAGES] = { NULL };
	unsigned long merges0, sectors0, ios0;
	struct disk_stats *st;
	struct blk_plug plug;
	struct tbio_ctx c;
	int i, ret = -1;

	if (IS_ERR(bdev)) {
		st_diag("no ram0 (%ld)", PTR_ERR(bdev));
		return ST_SKIP;
	}
	for (i = 0; i < BRD_TEST_PAGES; i++) {
		w[i] = alloc_page(GFP_KERNEL);
		r[i] = alloc_page(GFP_KERNEL);
		if (!w[i] || !r[i])
			goto out;
		fill_pattern(w[i], i + 7);
	}
	st = &bdev->bd_stats;
	merges0 = st->merges[STAT_WRITE];
	sectors0 = st->sectors[STAT_WRITE];
	ios0 = st->ios[STAT_WRITE];

	/* Plugged: 32 contiguous page writes become few requests. */
	tbio_ctx_init(&c);
	blk_start_plug(&plug);
	for (i = 0; i < BRD_TEST_PAGES; i++)
		tbio_submit(&c, bdev, w[i], 64 + i * 8, REQ_OP_WRITE);
	blk_finish_plug(&plug);
	ST_ASSERT(!tbio_wait(&c), "write errors");

	tbio_ctx_init(&c);
	for (i = BRD_TEST_PAGES - 1; i >= 0; i--)
		tbio_submit(&c, bdev, r[i], 64 + i * 8, REQ_OP_READ);
	ST_ASSERT(!tbio_wait(&c), "read errors");
	for (i = 0; i < BRD_TEST_PAGES; i++)
		ST_ASSERT(!memcmp(page_address(w[i]), page_address(r[i]), PAGE_SIZE),
			  "page %d differs", i);

	ST_ASSERT(st->sectors[STAT_WRITE] - sectors0 == BRD_TEST_PAGES * 8,
		  "sectors written %lu", st->sectors[STAT_WRITE] - sectors0);
	ST_ASSERT(st->merges[STAT_WRITE] - merges0 >= BRD_TEST_PAGES / 2,
		  "only %lu merges", st->merges[STAT_WRITE] - merges0);
	ST_ASSERT(st->ios[STAT_WRITE] - ios0 + st->merges[STAT_WRITE] - merges0 == BRD_TEST_PAGES,
		  "ios %lu + merges %lu != %d", st->ios[STAT_WRITE] - ios0,
		  st->merges[STAT_WRITE] - merges0, BRD_TEST_PAGES);
	ST_ASSERT(!st->in_flight[0] && !st->in_flight[1], "requests still in flight");
	ret = 0;
out:
	for (i = 0; i < BRD_TEST_PAGES; i++) {
		if (w[i])
			__free_page(w[i]);
		if (r[i])
			__free_page(r[i]);
	}
	blkdev_put(bdev, FMODE_READ | FMODE_WRITE);
	return ret;
}
DEFINE_SELFTEST("block: bios to ram0 read back; plugged writes merge, stats count them",
		brd_rw_test);

/* ------------------------------------------------------------ elevator merging */

static int elevator_merge_test(void)
{
	struct tdisk *td = td_create(1);
	struct page *page = alloc_page(GFP_KERNEL);
	struct block_device *bdev;
	struct tbio_ctx c;
	int ret = -1, i;

	if (!td || !page)
		goto out;
	bdev = td->disk->part0;
	td->hold = true;
	tbio_ctx_init(&c);
	/* The first goes to the driver and stays; the rest wait in the elevator. */
	tbio_submit(&c, bdev, page, 0, REQ_OP_WRITE);
	tbio_submit(&c, bdev, page, 100, REQ_OP_WRITE);	/* 100..107 */
	/* A sync bio merging into an async request makes the request sync. */
	tbio_submit(&c, bdev, page, 108, REQ_OP_WRITE | REQ_SYNC);	/* back merge */
	tbio_submit(&c, bdev, page, 92, REQ_OP_WRITE);	/* front merge */
	tbio_submit(&c, bdev, page, 300, REQ_OP_READ);
	tbio_submit(&c, bdev, page, 300 - 8, REQ_OP_WRITE);	/* other op: no merge */
	td_release(td);
	ST_ASSERT(!tbio_wait(&c), "I/O errors");
	ST_ASSERT(td->nr_log == 4, "%d requests reached the driver", td->nr_log);
	for (i = 0; i < td->nr_log; i++) {
		struct td_entry *e = &td->log[i];

		if (e->sector == 92)
			ST_ASSERT(e->sectors == 24 && e->nr_bios == 3,
				  "merged request: %u sectors, %u bios", e->sectors, e->nr_bios);
	}
	ST_ASSERT(bdev->bd_stats.merges[STAT_WRITE] == 2, "merges %lu",
		  bdev->bd_stats.merges[STAT_WRITE]);
	/* Freed requests go back to the class they were counted in. */
	wait_requests_freed(td->disk->queue);
	ST_ASSERT(!td->disk->queue->nr_allocated[0] && !td->disk->queue->nr_allocated[1],
		  "requests out after completion: async %u, sync %u",
		  td->disk->queue->nr_allocated[0], td->disk->queue->nr_allocated[1]);
	ret = 0;
out:
	if (page)
		__free_page(page);
	if (td)
		td_destroy(td);
	return ret;
}
DEFINE_SELFTEST("block: back and front merges in the elevator, request counts balance",
		elevator_merge_test);

/* ------------------------------------------------------------ nr_requests */

struct alloc_waiter {
	struct tdisk *td;
	struct page *page;
	struct tbio_ctx c;
	atomic_t submitted;
	struct completion finished;
};

static int alloc_waiter_fn(void *data)
{
	struct alloc_waiter *w = data;
	int i;

	/* Async writes, far apart: each needs its own request. */
	for (i = 0; i < 8; i++) {
		tbio_submit(&w->c, w->td->disk->part0, w->page, i * 64, REQ_OP_WRITE);
		atomic_inc(&w->submitted);
	}
	complete(&w->finished);
	return 0;
}

static int nr_requests_test(void)
{
	struct alloc_waiter *w = kzalloc(sizeof(*w), GFP_KERNEL);
	struct request_queue *q;
	struct task_struct *t;
	int ret = -1, i;

	if (!w)
		return -1;
	w->td = td_create(2);
	w->page = alloc_page(GFP_KERNEL);
	if (!w->td || !w->page)
		goto out;
	q = w->td->disk->queue;
	q->nr_requests = 4;
	w->td->hold = true;
	tbio_ctx_init(&w->c);
	atomic_set(&w->submitted, 0);
	init_completion(&w->finished);
	t = kthread_run(alloc_waiter_fn, w, "blk-alloc-test");
	if (IS_ERR(t))
		goto out;
	/* Four requests get out (two in the driver, two queued); the fifth submitter sleeps. */
	for (i = 0; i < 100 && atomic_read(&w->submitted) < 4; i++)
		msleep(5);
	msleep(20);
	ST_ASSERT(atomic_read(&w->submitted) == 4, "%d bios got requests with nr_requests 4",
		  atomic_read(&w->submitted));
	ST_ASSERT(q->nr_allocated[0] == 4 && w->td->nr_held == 2, "allocated %u, held %d",
		  q->nr_allocated[0], w->td->nr_held);
	ST_ASSERT(test_bit(WB_async_congested, &w->td->disk->bdi->wb.state),
		  "a full queue is not congested");
	td_release(w->td);
	wait_for_completion(&w->finished);
	ST_ASSERT(!tbio_wait(&w->c), "I/O errors");
	wait_requests_freed(q);
	ST_ASSERT(q->nr_allocated[0] == 0, "%u requests leaked", q->nr_allocated[0]);
	ST_ASSERT(!test_bit(WB_async_congested, &w->td->disk->bdi->wb.state),
		  "an idle queue is congested");
	ret = 0;
out:
	if (w->page)
		__free_page(w->page);
	if (w->td)
		td_destroy(w->td);
	kfree(w);
	return ret;
}
DEFINE_SELFTEST("block: nr_requests bounds allocation, submitters block, congestion",
		nr_requests_test);

/* ------------------------------------------------------------ resource requeue */

static int resource_requeue_test(void)
{
	struct tdisk *td = td_create(4);
	struct page *page = alloc_page(GFP_KERNEL);
	struct tbio_ctx c;
	int ret = -1, i;

	if (!td || !page)
		goto out;
	fill_pattern(page, 99);
	td->resource_left = 3;
	tbio_ctx_init(&c);
	for (i = 0; i < 4; i++)
		tbio_submit(&c, td->disk->part0, page, i * 64, REQ_OP_WRITE);
	ST_ASSERT(!tbio_wait(&c), "I/O errors");
	ST_ASSERT(td->nr_log == 4 && td->resource_left == 0, "log %d, resource left %d",
		  td->nr_log, td->resource_left);
	ST_ASSERT(!memcmp(td->data + 3 * 64 * SECTOR_SIZE, page_address(page), PAGE_SIZE),
		  "data not written");
	ret = 0;
out:
	if (page)
		__free_page(page);
	if (td)
		td_destroy(td);
	return ret;
}
DEFINE_SELFTEST("block: BLK_STS_RESOURCE requeues and retries", resource_requeue_test);

/* ------------------------------------------------------------ flush */

static int flush_write(struct tdisk *td, struct page *page, blk_opf_t flags)
{
	struct bio *bio = bio_alloc(td->disk->part0, 1, REQ_OP_WRITE | flags, GFP_KERNEL);
	int err;

	bio->bi_iter.bi_sector = 8;
	bio_add_page(bio, page, PAGE_SIZE, 0);
	err = submit_bio_wait(bio);
	bio_put(bio);
	return err;
}

static int flush_test(void)
{
	struct tdisk *td = td_create(4);
	struct page *page = alloc_page(GFP_KERNEL);
	int ret = -1;

	if (!td || !page)
		goto out;
	/* No write cache: flags dropped, pure flushes never reach the driver. */
	ST_ASSERT(!flush_write(td, page, REQ_PREFLUSH | REQ_FUA), "write failed");
	ST_ASSERT(!blkdev_issue_flush(td->disk->part0), "flush failed");
	ST_ASSERT(td->nr_log == 1 && td->log[0].op == REQ_OP_WRITE &&
		  !(td->log[0].flags & (REQ_PREFLUSH | REQ_FUA)), "no-cache log %d", td->nr_log);

	/* Write cache, no FUA: flush, write, flush. */
	td->nr_log = 0;
	blk_queue_write_cache(td->disk->queue, true, false);
	ST_ASSERT(!flush_write(td, page, REQ_PREFLUSH | REQ_FUA), "write failed");
	ST_ASSERT(td->nr_log == 3 && td->log[0].op == REQ_OP_FLUSH &&
		  td->log[1].op == REQ_OP_WRITE && td->log[2].op == REQ_OP_FLUSH,
		  "cache log %d: %d %d %d", td->nr_log, td->log[0].op, td->log[1].op,
		  td->log[2].op);
	ST_ASSERT(!(td->log[1].flags & (REQ_PREFLUSH | REQ_FUA)), "data kept flush flags");

	/* Write cache with FUA: the device does FUA itself. */
	td->nr_log = 0;
	blk_queue_write_cache(td->disk->queue, true, true);
	ST_ASSERT(!flush_write(td, page, REQ_FUA), "write failed");
	ST_ASSERT(td->nr_log == 1 && (td->log[0].flags & REQ_FUA), "fua log %d", td->nr_log);

	/* A pure flush reaches the driver once. */
	td->nr_log = 0;
	ST_ASSERT(!blkdev_issue_flush(td->disk->part0), "flush failed");
	ST_ASSERT(td->nr_log == 1 && td->log[0].op == REQ_OP_FLUSH, "flush log %d", td->nr_log);
	ST_ASSERT(td->disk->part0->bd_stats.ios[STAT_FLUSH] == 3, "flush ios %lu",
		  td->disk->part0->bd_stats.ios[STAT_FLUSH]);
	ret = 0;
out:
	if (page)
		__free_page(page);
	if (td)
		td_destroy(td);
	return ret;
}
DEFINE_SELFTEST("block: flush sequences with and without a write cache", flush_test);

/* ------------------------------------------------------------ elevator switch */

struct switch_io {
	struct tdisk *td;
	volatile bool stop;
	int errors;
	unsigned int rounds;
	struct completion finished;
};

static int switch_io_fn(void *data)
{
	struct switch_io *s = data;
	struct page *w = alloc_page(GFP_KERNEL), *r = alloc_page(GFP_KERNEL);
	struct block_device *bdev = s->td->disk->part0;
	struct blk_plug plug;
	struct tbio_ctx c;
	int i;

	while (w && r && !s->stop) {
		fill_pattern(w, s->rounds);
		tbio_ctx_init(&c);
		blk_start_plug(&plug);
		for (i = 0; i < 16; i++)
			tbio_submit(&c, bdev, w, ((s->rounds * 16 + i) % 256) * 8, REQ_OP_WRITE);
		blk_finish_plug(&plug);
		s->errors += tbio_wait(&c);
		tbio_ctx_init(&c);
		tbio_submit(&c, bdev, r, ((s->rounds * 16 + 15) % 256) * 8, REQ_OP_READ);
		s->errors += tbio_wait(&c);
		if (memcmp(page_address(w), page_address(r), PAGE_SIZE))
			s->errors++;
		s->rounds++;
		/* The fake disk completes inline: nothing here sleeps on one CPU. */
		cond_resched();
	}
	if (w)
		__free_page(w);
	if (r)
		__free_page(r);
	complete(&s->finished);
	return 0;
}

static int elevator_switch_test(void)
{
	static const char *const names[] = { "noop\n", "deadline", "none", "deadline\n" };
	struct switch_io *s = kzalloc(sizeof(*s), GFP_KERNEL);
	struct request_queue *q;
	struct task_struct *t;
	int ret = -1, i;

	if (!s)
		return -1;
	s->td = td_create(2);
	if (!s->td)
		goto out;
	q = s->td->disk->queue;
	init_completion(&s->finished);
	t = kthread_run(switch_io_fn, s, "blk-switch-test");
	if (IS_ERR(t))
		goto out;
	for (i = 0; i < 8; i++) {
		const char *n = names[i % ARRAY_SIZE(names)];
		ssize_t r;

		msleep(10);
		mutex_lock(&q->sysfs_lock);
		r = elv_iosched_store(q, n, strlen(n));
		mutex_unlock(&q->sysfs_lock);
		if (r < 0) {
			st_diag("switch to %s: %zd", n, r);
			s->errors++;
		}
	}
	s->stop = true;
	wait_for_completion(&s->finished);
	ST_ASSERT(!s->errors, "%d errors in %u rounds", s->errors, s->rounds);
	ST_ASSERT(s->rounds > 0, "no I/O ran");
	ST_ASSERT(!strcmp(q->elevator->type->elevator_name, "deadline"), "ended on %s",
		  q->elevator->type->elevator_name);
	st_diag("%u rounds of I/O across 8 switches", s->rounds);
	ret = 0;
out:
	if (s->td)
		td_destroy(s->td);
	kfree(s);
	return ret;
}
DEFINE_SELFTEST("block: switching the elevator under I/O", elevator_switch_test);

/* ------------------------------------------------------------ bdev page cache */

static int bdev_cache_test(void)
{
	struct block_device *bdev = blkdev_get_by_dev(MKDEV(1, 0), FMODE_READ | FMODE_WRITE, NULL);
	struct page *page = alloc_page(GFP_KERNEL);
	struct buffer_head *bh;
	struct tbio_ctx c;
	int ret = -1;

	if (IS_ERR(bdev)) {
		if (page)
			__free_page(page);
		return ST_SKIP;
	}
	if (!page)
		goto out;
	ST_ASSERT(!set_blocksize(bdev, 1024), "set_blocksize(1024)");
	/* Block 37 of 1 KiB is sectors 74..75. */
	bh = __bread(bdev, 37, 1024);
	ST_ASSERT(bh, "__bread failed");
	memset(bh->b_data, 0x5a, 1024);
	mark_buffer_dirty(bh);
	brelse(bh);
	ST_ASSERT(bdev->bd_inode->i_mapping->nrpages > 0, "nothing cached");
	ST_ASSERT(!sync_blockdev(bdev), "sync_blockdev failed");

	tbio_ctx_init(&c);
	tbio_submit(&c, bdev, page, 72, REQ_OP_READ);	/* sectors 72..79 */
	ST_ASSERT(!tbio_wait(&c), "read failed");
	ST_ASSERT(!memchr_inv((u8 *)page_address(page) + 2 * SECTOR_SIZE, 0x5a, 1024),
		  "written block differs on disk");
	ret = 0;
out:
	if (page)
		__free_page(page);
	blkdev_put(bdev, FMODE_READ | FMODE_WRITE);
	return ret;
}
DEFINE_SELFTEST("block: bdev page cache buffers write back with sync_blockdev", bdev_cache_test);

/*
 * The block device's ->writepages sends whole pages of buffers as large
 * bios.  While such a write is in flight its buffers must stay locked:
 * fsync of an inode waits on its metadata buffers (sync_mapping_buffers())
 * and takes a clean, unlocked buffer for one already on the disk.
 */
static int bdev_writepages_lock_test(void)
{
	struct tdisk *td = td_create(4);
	struct buffer_head *bhs[4] = { NULL };
	struct block_device *bdev;
	struct address_space *mapping;
	int ret = -1, i, locked = 0, busy = 0;

	if (!td)
		return -1;
	bdev = td->disk->part0;
	mapping = bdev->bd_inode->i_mapping;
	if (set_blocksize(bdev, 1024)) {
		st_diag("set_blocksize(1024)");
		goto out;
	}
	/* Blocks 8..11: the whole of page 2, every buffer dirty. */
	for (i = 0; i < 4; i++) {
		bhs[i] = __getblk(bdev, 8 + i, 1024);
		if (!bhs[i]) {
			st_diag("__getblk(%d)", 8 + i);
			goto out;
		}
		memset(bhs[i]->b_data, 0xa0 + i, 1024);
		set_buffer_uptodate(bhs[i]);
		mark_buffer_dirty(bhs[i]);
	}
	td->hold = true;
	if (filemap_fdatawrite(mapping)) {
		st_diag("filemap_fdatawrite failed");
		goto out;
	}
	for (i = 0; i < 4; i++) {
		locked += buffer_locked(bhs[i]);
		busy += buffer_async_write(bhs[i]) && !buffer_dirty(bhs[i]);
	}
	if (td->nr_held != 1 || locked != 4 || busy != 4) {
		st_diag("in flight: %d requests held, %d of 4 buffers locked, %d clean and in the write",
			td->nr_held, locked, busy);
		goto out;
	}
	td_release(td);
	for (i = 0; i < 4; i++) {
		wait_on_buffer(bhs[i]);
		if (buffer_locked(bhs[i]) || buffer_async_write(bhs[i]) || buffer_dirty(bhs[i]) ||
		    !buffer_uptodate(bhs[i]) || buffer_write_io_error(bhs[i])) {
			st_diag("buffer %d after the write: state %#lx", i, bhs[i]->b_state);
			goto out;
		}
		if (memchr_inv(td->data + (8 + i) * 1024, 0xa0 + i, 1024)) {
			st_diag("block %d differs on the disk", 8 + i);
			goto out;
		}
	}
	ret = 0;
out:
	td_release(td);
	filemap_fdatawait(mapping);
	for (i = 0; i < 4; i++)
		brelse(bhs[i]);
	kill_bdev(bdev);
	td_destroy(td);
	return ret;
}
DEFINE_SELFTEST("block: bdev writepages keeps a page's buffers locked while it is written",
		bdev_writepages_lock_test);

/* ------------------------------------------------------------ plug flushed by the scheduler */

static int plug_sleep_test(void)
{
	struct tdisk *td = td_create(4);
	struct page *page = alloc_page(GFP_KERNEL);
	struct blk_plug plug;
	struct bio *bio;
	int ret = -1, err;

	if (!td || !page)
		goto out;
	/*
	 * Waiting for a bio that sits on our own plug: only the flush from
	 * schedule() lets it reach the driver.
	 */
	blk_start_plug(&plug);
	bio = bio_alloc(td->disk->part0, 1, REQ_OP_WRITE, GFP_KERNEL);
	bio->bi_iter.bi_sector = 16;
	bio_add_page(bio, page, PAGE_SIZE, 0);
	err = submit_bio_wait(bio);
	bio_put(bio);
	ST_ASSERT(current->plug == &plug, "plug lost");
	blk_finish_plug(&plug);
	ST_ASSERT(!err, "write failed: %d", err);
	ST_ASSERT(td->nr_log == 1, "%d requests reached the driver", td->nr_log);
	ret = 0;
out:
	if (page)
		__free_page(page);
	if (td)
		td_destroy(td);
	return ret;
}
DEFINE_SELFTEST("block: a task sleeping on its own plugged I/O flushes the plug", plug_sleep_test);

/* ------------------------------------------------------------ exclusive opens, read-only */

static int holder_test(void)
{
	static char holder_a, holder_b;
	struct block_device *a, *b, *c;
	struct page *page;
	struct bio *bio;
	int err;

	a = blkdev_get_by_dev(MKDEV(1, 0), FMODE_READ | FMODE_EXCL, &holder_a);
	if (IS_ERR(a))
		return ST_SKIP;
	b = blkdev_get_by_dev(MKDEV(1, 0), FMODE_READ | FMODE_EXCL, &holder_b);
	ST_ASSERT(PTR_ERR(b) == -EBUSY, "second holder got %ld", PTR_ERR(b));
	c = blkdev_get_by_dev(MKDEV(1, 0), FMODE_READ | FMODE_EXCL, &holder_a);
	ST_ASSERT(!IS_ERR(c), "same holder refused");
	blkdev_put(c, FMODE_READ | FMODE_EXCL);
	c = blkdev_get_by_dev(MKDEV(1, 0), FMODE_READ, NULL);
	ST_ASSERT(!IS_ERR(c), "shared open refused");
	blkdev_put(a, FMODE_READ | FMODE_EXCL);
	b = blkdev_get_by_dev(MKDEV(1, 0), FMODE_READ | FMODE_EXCL, &holder_b);
	ST_ASSERT(!IS_ERR(b), "claim not released");
	blkdev_put(b, FMODE_READ | FMODE_EXCL);

	/* Read-only: no write opens, and writes that get through fail. */
	set_disk_ro(c->bd_disk, true);
	b = blkdev_get_by_dev(MKDEV(1, 0), FMODE_READ | FMODE_WRITE, NULL);
	ST_ASSERT(PTR_ERR(b) == -EACCES, "write open of a read-only disk: %ld", PTR_ERR(b));
	page = alloc_page(GFP_KERNEL);
	err = -ENOMEM;
	if (page) {
		bio = bio_alloc(c, 1, REQ_OP_WRITE, GFP_KERNEL);
		bio_add_page(bio, page, PAGE_SIZE, 0);
		err = submit_bio_wait(bio);
		bio_put(bio);
		__free_page(page);
	}
	set_disk_ro(c->bd_disk, false);
	blkdev_put(c, FMODE_READ);
	ST_ASSERT(err == -EIO, "write to a read-only disk: %d", err);
	return 0;
}
DEFINE_SELFTEST("block: exclusive holders, read-only disks refuse writes", holder_test);
