// SPDX-License-Identifier: GPL-2.0-only
/*
 * /sys/block/<disk>/queue/: the request queue's limits and tunables.
 *
 *   scheduler            "noop [deadline]"; write a name to switch
 *   nr_requests          request allocation bound per class (rw, 4 .. 2048)
 *   max_sectors_kb       largest request (rw, <= max_hw_sectors_kb)
 *   max_hw_sectors_kb, max_segments, max_segment_size
 *   logical_block_size, physical_block_size, hw_sector_size,
 *   minimum_io_size, optimal_io_size
 *   rotational           1 for spinning media (rw)
 *   read_ahead_kb        the disk's read-ahead window (rw)
 *   write_cache          "write back" or "write through" (rw)
 *   iosched/             the active scheduler's tunables (elevator.c)
 *
 * The directory is the queue's kobject (struct blk_queue.kobj), a child
 * of the whole-disk device.  Reads and writes of these files serialise
 * on q->sysfs_lock.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/kstrtox.h>
#include <linux/backing-dev-defs.h>
#include <linux/blkdev.h>
#include "blk.h"

struct queue_sysfs_entry {
	struct attribute attr;
	ssize_t (*show)(struct request_queue *q, char *buf);
	ssize_t (*store)(struct request_queue *q, const char *buf, size_t count);
};

static ssize_t queue_var_store(unsigned long *var, const char *buf, size_t count)
{
	int err = kstrtoul(buf, 10, var);

	return err ? err : (ssize_t)count;
}

static ssize_t queue_uint(char *buf, unsigned long v)
{
	return sysfs_emit(buf, "%lu\n", v);
}

static ssize_t queue_requests_show(struct request_queue *q, char *buf)
{
	return queue_uint(buf, q->nr_requests);
}

static ssize_t queue_requests_store(struct request_queue *q, const char *buf, size_t count)
{
	unsigned long nr;
	ssize_t ret = queue_var_store(&nr, buf, count);

	if (ret < 0)
		return ret;
	if (nr > BLKDEV_MAX_NR_RQ)
		return -EINVAL;
	nr = max_t(unsigned long, nr, BLKDEV_MIN_RQ);
	spin_lock_irq(&q->queue_lock);
	q->nr_requests = nr;
	spin_unlock_irq(&q->queue_lock);
	/* A larger bound may let waiters through. */
	wake_up_all(&q->rq_wait[0]);
	wake_up_all(&q->rq_wait[1]);
	return ret;
}

static ssize_t queue_max_sectors_show(struct request_queue *q, char *buf)
{
	return queue_uint(buf, q->limits.max_sectors >> 1);
}

static ssize_t queue_max_sectors_store(struct request_queue *q, const char *buf, size_t count)
{
	unsigned long kb;
	ssize_t ret = queue_var_store(&kb, buf, count);

	if (ret < 0)
		return ret;
	if (kb > (q->limits.max_hw_sectors >> 1) || kb < (PAGE_SIZE >> 10))
		return -EINVAL;
	spin_lock_irq(&q->queue_lock);
	q->limits.max_sectors = kb << 1;
	spin_unlock_irq(&q->queue_lock);
	if (q->disk && q->disk->bdi)
		q->disk->bdi->io_pages = kb >> (PAGE_SHIFT - 10);
	return ret;
}

static ssize_t queue_max_hw_sectors_show(struct request_queue *q, char *buf)
{
	return queue_uint(buf, q->limits.max_hw_sectors >> 1);
}

static ssize_t queue_max_segments_show(struct request_queue *q, char *buf)
{
	return queue_uint(buf, q->limits.max_segments);
}

static ssize_t queue_max_segment_size_show(struct request_queue *q, char *buf)
{
	return queue_uint(buf, q->limits.max_segment_size);
}

static ssize_t queue_logical_block_size_show(struct request_queue *q, char *buf)
{
	return queue_uint(buf, q->limits.logical_block_size);
}

static ssize_t queue_physical_block_size_show(struct request_queue *q, char *buf)
{
	return queue_uint(buf, q->limits.physical_block_size);
}

static ssize_t queue_io_min_show(struct request_queue *q, char *buf)
{
	return queue_uint(buf, q->limits.io_min);
}

static ssize_t queue_io_opt_show(struct request_queue *q, char *buf)
{
	return queue_uint(buf, q->limits.io_opt);
}

static ssize_t queue_rotational_show(struct request_queue *q, char *buf)
{
	return queue_uint(buf, !test_bit(QUEUE_FLAG_NONROT, &q->queue_flags));
}

static ssize_t queue_rotational_store(struct request_queue *q, const char *buf, size_t count)
{
	unsigned long v;
	ssize_t ret = queue_var_store(&v, buf, count);

	if (ret < 0)
		return ret;
	if (v)
		clear_bit(QUEUE_FLAG_NONROT, &q->queue_flags);
	else
		set_bit(QUEUE_FLAG_NONROT, &q->queue_flags);
	return ret;
}

/*
 * read_ahead_kb lives in the disk's backing_dev_info (ra_pages, also
 * /sys/class/bdi/M:m/read_ahead_kb).  A queue without a disk keeps the
 * value itself and hands it to the disk's bdi when the disk is made.
 */
static ssize_t queue_ra_show(struct request_queue *q, char *buf)
{
	struct backing_dev_info *bdi = q->disk ? q->disk->bdi : NULL;

	if (bdi)
		return queue_uint(buf, bdi->ra_pages << (PAGE_SHIFT - 10));
	return queue_uint(buf, to_bq(q)->ra_kb);
}

static ssize_t queue_ra_store(struct request_queue *q, const char *buf, size_t count)
{
	struct backing_dev_info *bdi = q->disk ? q->disk->bdi : NULL;
	unsigned long kb;
	ssize_t ret = queue_var_store(&kb, buf, count);

	if (ret < 0)
		return ret;
	to_bq(q)->ra_kb = kb;
	if (bdi)
		bdi->ra_pages = kb >> (PAGE_SHIFT - 10);
	return ret;
}

static ssize_t queue_wc_show(struct request_queue *q, char *buf)
{
	return sysfs_emit(buf, test_bit(QUEUE_FLAG_WC, &q->queue_flags) ? "write back\n"
									 : "write through\n");
}

static ssize_t queue_wc_store(struct request_queue *q, const char *buf, size_t count)
{
	if (!strncmp(buf, "write back", 10) || !strncmp(buf, "write-back", 10))
		set_bit(QUEUE_FLAG_WC, &q->queue_flags);
	else if (!strncmp(buf, "write through", 13) || !strncmp(buf, "none", 4))
		clear_bit(QUEUE_FLAG_WC, &q->queue_flags);
	else
		return -EINVAL;
	return count;
}

static ssize_t queue_scheduler_show(struct request_queue *q, char *buf)
{
	return elv_iosched_show(q, buf);
}

static ssize_t queue_scheduler_store(struct request_queue *q, const char *buf, size_t count)
{
	return elv_iosched_store(q, buf, count);
}

#define QUEUE_RO(_name, _fn)							\
	static struct queue_sysfs_entry queue_##_fn##_entry = {		\
		.attr = { .name = _name, .mode = 0444 },			\
		.show = queue_##_fn##_show,					\
	}
#define QUEUE_RW(_name, _fn)							\
	static struct queue_sysfs_entry queue_##_fn##_entry = {		\
		.attr = { .name = _name, .mode = 0644 },			\
		.show = queue_##_fn##_show,					\
		.store = queue_##_fn##_store,					\
	}

QUEUE_RW("scheduler", scheduler);
QUEUE_RW("nr_requests", requests);
QUEUE_RW("max_sectors_kb", max_sectors);
QUEUE_RO("max_hw_sectors_kb", max_hw_sectors);
QUEUE_RO("max_segments", max_segments);
QUEUE_RO("max_segment_size", max_segment_size);
QUEUE_RO("logical_block_size", logical_block_size);
QUEUE_RO("physical_block_size", physical_block_size);
static struct queue_sysfs_entry queue_hw_sector_size_entry = {
	.attr = { .name = "hw_sector_size", .mode = 0444 },
	.show = queue_logical_block_size_show,
};
QUEUE_RO("minimum_io_size", io_min);
QUEUE_RO("optimal_io_size", io_opt);
QUEUE_RW("rotational", rotational);
QUEUE_RW("read_ahead_kb", ra);
QUEUE_RW("write_cache", wc);

static struct attribute *queue_attrs[] = {
	&queue_scheduler_entry.attr,
	&queue_requests_entry.attr,
	&queue_max_sectors_entry.attr,
	&queue_max_hw_sectors_entry.attr,
	&queue_max_segments_entry.attr,
	&queue_max_segment_size_entry.attr,
	&queue_logical_block_size_entry.attr,
	&queue_physical_block_size_entry.attr,
	&queue_hw_sector_size_entry.attr,
	&queue_io_min_entry.attr,
	&queue_io_opt_entry.attr,
	&queue_rotational_entry.attr,
	&queue_ra_entry.attr,
	&queue_wc_entry.attr,
	NULL,
};

static const struct attribute_group queue_attr_group = {
	.attrs = queue_attrs,
};

static const struct attribute_group *queue_attr_groups[] = {
	&queue_attr_group,
	NULL,
};

static struct request_queue *kobj_to_queue(struct kobject *kobj)
{
	return &container_of(kobj, struct blk_queue, kobj)->q;
}

static ssize_t queue_attr_show(struct kobject *kobj, struct attribute *attr, char *buf)
{
	struct request_queue *q = kobj_to_queue(kobj);
	struct queue_sysfs_entry *ent;
	ssize_t ret;

	if (elv_attr_is_elevator(q, attr))
		return elv_attr_show(q, attr, buf);
	ent = container_of(attr, struct queue_sysfs_entry, attr);
	if (!ent->show)
		return -EIO;
	mutex_lock(&q->sysfs_lock);
	ret = ent->show(q, buf);
	mutex_unlock(&q->sysfs_lock);
	return ret;
}

static ssize_t queue_attr_store(struct kobject *kobj, struct attribute *attr, const char *buf,
				size_t count)
{
	struct request_queue *q = kobj_to_queue(kobj);
	struct queue_sysfs_entry *ent;
	ssize_t ret;

	if (elv_attr_is_elevator(q, attr))
		return elv_attr_store(q, attr, buf, count);
	ent = container_of(attr, struct queue_sysfs_entry, attr);
	if (!ent->store)
		return -EIO;
	mutex_lock(&q->sysfs_lock);
	ret = ent->store(q, buf, count);
	mutex_unlock(&q->sysfs_lock);
	return ret;
}

static const struct sysfs_ops queue_sysfs_ops = {
	.show = queue_attr_show,
	.store = queue_attr_store,
};

/* The queue's memory belongs to the disk (blk_free_queue()), not to the kobject. */
static void queue_kobj_release(struct kobject *kobj)
{
}

static const struct kobj_type queue_ktype = {
	.release = queue_kobj_release,
	.sysfs_ops = &queue_sysfs_ops,
	.default_groups = queue_attr_groups,
};

void blk_sysfs_work_fn(struct work_struct *work)
{
	elv_sysfs_refresh(&container_of(work, struct blk_queue, sysfs_work)->q);
}

int blk_register_queue(struct gendisk *disk)
{
	struct request_queue *q = disk->queue;
	struct blk_queue *bq = to_bq(q);
	int err;

	err = kobject_init_and_add(&bq->kobj, &queue_ktype, &disk->part0->bd_device.kobj,
				   "queue");
	if (err) {
		kobject_put(&bq->kobj);
		return err;
	}
	mutex_lock(&bq->iosched_mutex);
	bq->kobj_added = true;
	mutex_unlock(&bq->iosched_mutex);
	elv_sysfs_refresh(q);
	return 0;
}

void blk_unregister_queue(struct gendisk *disk)
{
	struct blk_queue *bq = to_bq(disk->queue);

	cancel_work_sync(&bq->sysfs_work);
	mutex_lock(&bq->iosched_mutex);
	if (!bq->kobj_added) {
		mutex_unlock(&bq->iosched_mutex);
		return;
	}
	if (bq->iosched_dir)
		sysfs_remove_group(&bq->kobj, &bq->iosched_dir->attr_group);
	bq->iosched_dir = NULL;
	bq->kobj_added = false;
	mutex_unlock(&bq->iosched_mutex);
	kobject_del(&bq->kobj);
	kobject_put(&bq->kobj);
}
