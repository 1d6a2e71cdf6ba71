/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Block layer internals shared by the files of block/ (not for drivers).
 *
 * struct blk_queue is the block layer's side of a request_queue (reached
 * through q->private): driver tags, the dispatch loop's state, the
 * asynchronous run work, the flush machinery and the queue's sysfs
 * directory.  Fields marked [ql] are guarded by q->queue_lock.
 */
#ifndef _BLOCK_BLK_H
#define _BLOCK_BLK_H

#include <linux/blkdev.h>
#include <linux/elevator.h>
#include <linux/kobject.h>
#include <linux/workqueue.h>
#include <linux/fs.h>

/*
 * Default request allocation bound per class (sync / async): 128, the
 * classic BLKDEV_MAX_RQ of the single-queue block layer that the deadline
 * and CFQ schedulers were tuned for; blk-mq's 2 * min(depth, 128) gives
 * the same for any device that offers 64 tags or more (virtio-blk does).
 */
#define BLKDEV_DEFAULT_RQ	128
#define BLKDEV_MIN_RQ		4
/* Largest nr_requests accepted (Linux's MAX_SCHED_RQ, 16 * 128); more is EINVAL. */
#define BLKDEV_MAX_NR_RQ	2048

/* A plug flushes itself once it holds this many requests (Linux: 16/32). */
#define BLK_MAX_REQUEST_COUNT	32

/* Retry delay after BLK_STS_RESOURCE with nothing in flight (Linux: 3 ms). */
#define BLK_RESOURCE_DELAY_MS	3

struct blk_queue {
	struct request_queue q;
	unsigned long *tag_map;		/* driver tags in use [ql] */
	bool running;			/* a task is in the dispatch loop [ql] */
	bool rerun;			/* run again before leaving it [ql] */
	bool bypass;			/* elevator switch: new requests go to q->dispatch [ql] */
	bool dead;			/* del_gendisk: fail new bios [ql] */
	unsigned int nr_queued;		/* in the elevator, dispatch list or plugs [ql] */
	struct work_struct run_work;	/* async dispatch (kblockd) */
	struct delayed_work delay_work;	/* rerun after RESOURCE with nothing in flight */
	wait_queue_head_t drain_wait;	/* woken when a request completes */
	unsigned long ra_kb;		/* read_ahead_kb while the disk has no bdi */
	struct kobject kobj;		/* /sys/block/<disk>/queue */
	bool kobj_added;
	struct mutex iosched_mutex;	/* guards iosched_dir */
	struct elevator_type *iosched_dir;	/* whose iosched/ group is shown */
	struct work_struct sysfs_work;	/* refreshes iosched/ after a switch */
	/* blk-flush.c */
	struct list_head flush_list;	/* sequences waiting to advance [flush_lock] */
	spinlock_t flush_lock;
	struct work_struct flush_work;	/* advances flush sequences in process context */
};

static inline struct blk_queue *to_bq(struct request_queue *q)
{
	return q->private;
}

extern struct workqueue_struct *kblockd_workqueue;

/* bio.c */
void bio_init_pool(void);

/* blk-core.c */
struct request_queue *blk_alloc_queue(const struct blk_mq_ops *ops, unsigned int depth,
				      unsigned int cmd_size, void *queuedata);
void blk_free_queue(struct request_queue *q);
void blk_run_queue(struct request_queue *q);
void blk_run_queue_async(struct request_queue *q);
struct request *blk_get_request(struct request_queue *q, blk_opf_t opf);
void blk_insert_request(struct request_queue *q, struct request *rq);
void blk_free_request(struct request *rq);
void blk_queue_mark_dead(struct request_queue *q);
/* Submit a bio whose flush flags are dealt with (blk-flush.c's data step). */
void blk_submit_bio_noflush(struct bio *bio);
/* Wait until no request is inside the queue (elevator, dispatch, driver). */
void blk_drain_queue(struct request_queue *q);

void blk_account_merge(struct request *rq);
void blk_account_req_merged_away(struct request *next);
void blk_set_default_limits(struct queue_limits *lim);
void blk_sysfs_work_fn(struct work_struct *work);

/* blk-merge.c */
bool blk_rq_merge_ok(struct request *rq, struct bio *bio);
bool blk_bio_back_merge(struct request *rq, struct bio *bio);
bool blk_bio_front_merge(struct request *rq, struct bio *bio);
bool blk_attempt_req_merge(struct request_queue *q, struct request *rq, struct request *next);
unsigned int blk_bio_segments(struct bio *bio);
bool blk_attempt_plug_merge(struct request_queue *q, struct bio *bio);
void blk_rq_bio_prep(struct request *rq, struct bio *bio);

/* blk-flush.c */
/* Takes bios with REQ_PREFLUSH/REQ_FUA or REQ_OP_FLUSH; true if it took it. */
bool blk_insert_flush(struct bio *bio);
void blk_flush_init(struct blk_queue *bq);

/* elevator.c (queue_lock held unless said otherwise) */
int elevator_init_queue(struct request_queue *q, const char *name);	/* no lock */
void elevator_exit_queue(struct request_queue *q);			/* no lock */
enum elv_merge elv_merge(struct request_queue *q, struct request **req, struct bio *bio);
void elv_merged_request(struct request_queue *q, struct request *rq, enum elv_merge type);
void elv_merge_requests(struct request_queue *q, struct request *rq, struct request *next);
bool elv_attempt_insert_merge(struct request_queue *q, struct request *rq);
void elv_insert(struct request_queue *q, struct request *rq);
struct request *elv_dispatch(struct request_queue *q);
bool elv_has_work(struct request_queue *q);
ssize_t elv_iosched_show(struct request_queue *q, char *buf);
ssize_t elv_iosched_store(struct request_queue *q, const char *buf, size_t count);
void elv_sysfs_refresh(struct request_queue *q);			/* no lock */
struct request *elv_former_request(struct request_queue *q, struct request *rq);
struct request *elv_latter_request(struct request_queue *q, struct request *rq);
bool elv_attr_is_elevator(struct request_queue *q, struct attribute *attr);
ssize_t elv_attr_show(struct request_queue *q, struct attribute *attr, char *buf);
ssize_t elv_attr_store(struct request_queue *q, struct attribute *attr, const char *buf,
		       size_t count);

/* Disk statistics (blk-core.c; queue_lock held). */
enum stat_group {
	STAT_READ,
	STAT_WRITE,
	STAT_DISCARD,
	STAT_FLUSH,
	NR_STAT_GROUPS
};

static inline int op_stat_group(enum req_op op)
{
	if (op == REQ_OP_DISCARD)
		return STAT_DISCARD;
	if (op == REQ_OP_FLUSH)
		return STAT_FLUSH;
	return op_is_write(op) ? STAT_WRITE : STAT_READ;
}

void part_stat_show(struct block_device *bdev, char *buf, size_t size, bool diskstats);
unsigned int part_in_flight(struct block_device *bdev, int rw);

/* genhd.c */
extern struct class block_class;
struct block_device *bdev_find_by_dev(dev_t dev);	/* referenced, or NULL */
int blk_alloc_ext_minor(void);
void blk_free_ext_minor(unsigned int minor);
int disk_register_queue(struct gendisk *disk);
void disk_unregister_queue(struct gendisk *disk);
extern const struct attribute_group *part_attr_groups[];

/* bdev.c */
void bdev_cache_init(void);
static inline bool bdev_unhashed(struct block_device *bdev)
{
	return inode_unhashed(bdev->bd_inode);
}
void disk_release(struct gendisk *disk);
dev_t blk_ext_devt(unsigned int minor);

/* fops.c: the bdev inode's page-cache operations and helpers */
void bdev_set_aops(struct inode *inode);
void kill_bdev(struct block_device *bdev);
struct block_device *bdev_alloc(struct gendisk *disk, u8 partno);
void bdev_add(struct block_device *bdev, dev_t dev);
void bdev_unhash(struct block_device *bdev);
void bdev_set_nr_sectors(struct block_device *bdev, sector_t sectors);
int bdev_open(struct block_device *bdev, fmode_t mode, void *holder);
int blkdev_ioctl_bdev(struct block_device *bdev, fmode_t mode, unsigned int cmd,
		      unsigned long arg);

/* partitions/core.c */
int bdev_disk_changed_locked(struct gendisk *disk);
int blk_add_partitions(struct gendisk *disk);
void blk_drop_partitions(struct gendisk *disk);

/* sysfs: queue files (blk-sysfs.c) */
int blk_register_queue(struct gendisk *disk);
void blk_unregister_queue(struct gendisk *disk);

#endif /* _BLOCK_BLK_H */
