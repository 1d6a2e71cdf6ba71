/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The block layer (block/): disks, partitions, request queues, plugging,
 * elevators, and the driver interface.
 *
 * Driver side (drivers/block/virtio_blk.c is the model):
 *
 *   disk = blk_mq_alloc_disk(&my_mq_ops, queue_depth, sizeof(struct my_cmd), drv);
 *   blk_queue_logical_block_size(disk->queue, 512);  ...limits...
 *   blk_queue_write_cache(disk->queue, true, false);
 *   snprintf(disk->disk_name, ...); disk->major = ...; disk->first_minor = ...;
 *   disk->minors = 16; disk->fops = &my_bdops; set_capacity(disk, sectors);
 *   err = add_disk(disk);               scans partitions, creates /dev nodes
 *   ...
 *   ->queue_rq(q, rq, last): start rq on the hardware; BLK_STS_OK, or
 *        BLK_STS_RESOURCE when the device is full (the core requeues rq and
 *        calls again after the next completion on this queue, or when the
 *        driver calls blk_mq_run_hw_queues()).  Called with no block-layer
 *        lock held, irqs on, never concurrently for one queue.
 *   blk_mq_end_request(rq, status)  from the completion interrupt.
 *   del_gendisk(disk); put_disk(disk);  on remove
 *
 * The driver sees requests (one or more merged bios to contiguous sectors):
 * rq_data_dir(), blk_rq_pos(), blk_rq_bytes(), req_op(), and its segments
 * via rq_for_each_segment().  blk_mq_rq_to_pdu(rq) is cmd_size bytes of
 * per-request driver data.  REQ_OP_FLUSH requests reach the driver only
 * when the queue says it has a volatile write cache; otherwise the core
 * completes them at once.
 *
 * File system side: blkdev_get_by_path()/blkdev_put(), sb_bread() through
 * <linux/buffer_head.h>, submit_bio() through <linux/bio.h>.
 *
 * Locking: q->queue_lock (irqsave) guards the elevator, the dispatch list,
 * in-flight counts and request allocation; drivers never take it.
 */
#ifndef _LINUX_BLKDEV_H
#define _LINUX_BLKDEV_H

#include <linux/types.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/wait.h>
#include <linux/device.h>
#include <linux/kdev_t.h>
#include <linux/rbtree.h>
#include <linux/blk_types.h>
#include <linux/bio.h>

struct request_queue;
struct request;
struct gendisk;
struct elevator_queue;
struct elevator_type;
struct backing_dev_info;
struct super_block;
struct inode;

/* ------------------------------------------------------------ requests */

struct request {
	struct request_queue *q;
	blk_opf_t cmd_flags;		/* REQ_OP_* | REQ_* of its bios */
	unsigned int rq_flags;		/* RQF_* */
	sector_t __sector;		/* first sector not yet completed */
	unsigned int __data_len;	/* bytes not yet completed */
	struct bio *bio;		/* first bio (the one at __sector) */
	struct bio *biotail;		/* last merged bio */
	struct block_device *part;	/* for per-partition accounting */
	unsigned short nr_phys_segments;
	int tag;			/* 0..queue_depth-1 */
	u64 start_time_ns;		/* allocation (for the io_ticks/weighted stats) */
	u64 io_start_time_ns;		/* dispatch to the driver */
	/* elevator and dispatch bookkeeping (block layer only) */
	struct list_head queuelist;
	struct rb_node rb_node;
	unsigned long fifo_time;	/* deadline: expiry, jiffies */
	void *elv_priv;
	void (*end_io)(struct request *rq, blk_status_t status);
	void *end_io_data;
	struct hlist_node hash;		/* elevator back-merge hash (by end sector) */
};

#define RQF_STARTED	(1U << 0)
#define RQF_SORTED	(1U << 1)	/* in the elevator's sort tree */
#define RQF_FLUSH_SEQ	(1U << 2)
#define RQF_IO_STAT	(1U << 3)
#define RQF_ALLOC_SYNC	(1U << 4)	/* counted in nr_allocated[1]; merges may add REQ_SYNC later */

/* req_op() - the REQ_OP_* of rq (its cmd_flags without the REQ_* bits); no locks. */
static inline enum req_op req_op(const struct request *rq)
{
	return bio_op_of(rq->cmd_flags);
}
/* rq_data_dir() - 1 (WRITE) if rq's operation writes, else 0 (READ); no locks. */
static inline int rq_data_dir(const struct request *rq)
{
	return op_is_write(rq->cmd_flags) ? 1 : 0;	/* WRITE : READ */
}
/* blk_rq_pos() - the first sector of rq not yet completed; no locks. */
static inline sector_t blk_rq_pos(const struct request *rq)
{
	return rq->__sector;
}
/* blk_rq_bytes() - bytes of rq not yet completed; no locks. */
static inline unsigned int blk_rq_bytes(const struct request *rq)
{
	return rq->__data_len;
}
/* blk_rq_sectors() - blk_rq_bytes() in 512-byte sectors; no locks. */
static inline unsigned int blk_rq_sectors(const struct request *rq)
{
	return rq->__data_len >> SECTOR_SHIFT;
}
/**
 * blk_mq_rq_to_pdu() - the driver's private data of a request
 * @rq: a request of a queue made by blk_mq_alloc_disk()
 *
 * The cmd_size bytes the driver asked for sit right after struct request
 * in the same allocation, and live exactly as long as @rq.
 *
 * Context: any context; no locks.
 * Return: a pointer to those bytes.
 */
static inline void *blk_mq_rq_to_pdu(struct request *rq)
{
	return rq + 1;
}

struct req_iterator {
	struct bvec_iter iter;
	struct bio *bio;
};
#define __rq_for_each_bio(_bio, rq) \
	for ((_bio) = (rq)->bio; (_bio); (_bio) = (_bio)->bi_next)
#define rq_for_each_segment(bvl, _rq, _iter)			\
	__rq_for_each_bio((_iter).bio, _rq)			\
		bio_for_each_segment(bvl, (_iter).bio, (_iter).iter)

/* Complete all of rq (calls each bio's end_io, frees rq; any context). */
void blk_mq_end_request(struct request *rq, blk_status_t status);
/* Complete the first nbytes; false when rq is now fully done and freed. */
bool blk_update_request(struct request *rq, blk_status_t status, unsigned int nbytes);
/* Rerun dispatch after BLK_STS_RESOURCE (async: from a workqueue). */
void blk_mq_run_hw_queues(struct request_queue *q, bool async);

struct blk_mq_ops {
	blk_status_t (*queue_rq)(struct request_queue *q, struct request *rq, bool last);
	/* ->queue_rq() calls with last == false may be followed by this. */
	void (*commit_rqs)(struct request_queue *q);
};

/* ------------------------------------------------------------ queues */

struct queue_limits {
	unsigned int logical_block_size;	/* bytes */
	unsigned int physical_block_size;
	unsigned int io_min;
	unsigned int io_opt;
	unsigned int max_hw_sectors;		/* device limit */
	unsigned int max_sectors;		/* max_sectors_kb * 2, <= max_hw_sectors */
	unsigned short max_segments;
	unsigned int max_segment_size;
	unsigned int max_discard_sectors;
};

struct request_queue {
	spinlock_t queue_lock;
	struct queue_limits limits;
	const struct blk_mq_ops *mq_ops;
	void *queuedata;			/* driver's */
	struct gendisk *disk;
	struct elevator_queue *elevator;
	struct mutex sysfs_lock;		/* elevator switch, tunables */
	unsigned long queue_flags;		/* QUEUE_FLAG_* */
	unsigned int queue_depth;		/* tags the driver offers */
	unsigned int nr_requests;		/* allocation bound (sysfs, >= 4) */
	unsigned int cmd_size;			/* driver pdu bytes after struct request */
	unsigned int nr_allocated[2];		/* requests out, sync and async */
	wait_queue_head_t rq_wait[2];		/* waiting for a free request */
	unsigned int in_driver;			/* started, not completed */
	struct list_head dispatch;		/* taken from the elevator, refused by the driver */
	void *private;				/* block layer's internals */
};

#define QUEUE_FLAG_WC		0	/* volatile write cache */
#define QUEUE_FLAG_FUA		1	/* supports REQ_FUA */
#define QUEUE_FLAG_NONROT	2
#define QUEUE_FLAG_DYING	3

void blk_queue_logical_block_size(struct request_queue *q, unsigned int size);
void blk_queue_physical_block_size(struct request_queue *q, unsigned int size);
void blk_queue_io_min(struct request_queue *q, unsigned int min);
void blk_queue_io_opt(struct request_queue *q, unsigned int opt);
void blk_queue_max_hw_sectors(struct request_queue *q, unsigned int sectors);
void blk_queue_max_segments(struct request_queue *q, unsigned short segs);
void blk_queue_max_segment_size(struct request_queue *q, unsigned int size);
void blk_queue_write_cache(struct request_queue *q, bool wc, bool fua);

/* queue_logical_block_size() - q's smallest addressable unit in bytes; no locks. */
static inline unsigned int queue_logical_block_size(const struct request_queue *q)
{
	return q->limits.logical_block_size;
}

/* ------------------------------------------------------------ plugging */

/*
 * Per-task plugging: between blk_start_plug() and blk_finish_plug() the
 * task's bios collect (and merge) on its plug list and go to the elevator
 * in one batch; a task that sleeps flushes its plug first.
 */
struct blk_plug {
	struct list_head mq_list;	/* requests */
	unsigned short rq_count;
};

void blk_start_plug(struct blk_plug *plug);
void blk_finish_plug(struct blk_plug *plug);
/* Called by the scheduler before a task blocks (kernel/sched). */
void blk_flush_plug(struct blk_plug *plug, bool from_schedule);

/* ------------------------------------------------------------ disks */

struct disk_stats {
	u64 nsecs[4];		/* READ, WRITE, DISCARD, FLUSH: time, ns */
	unsigned long sectors[4];
	unsigned long ios[4];
	unsigned long merges[4];
	unsigned long io_ticks;	/* jiffies with I/O in flight */
	unsigned long in_flight[2];
	unsigned long stamp;	/* jiffies of the last io_ticks update */
};

/*
 * What a partition table says of a partition besides its extent: the
 * partition's UUID as root=PARTUUID= names it (GPT: the entry's unique
 * GUID; MBR: the disk signature and the partition number,
 * "SSSSSSSS-PP"), and its name (GPT only; root=PARTLABEL=).  Lower-case
 * hex; empty strings when the table has none.
 */
#define PARTITION_META_INFO_UUIDLTH	37	/* 36 characters and the NUL */
#define PARTITION_META_INFO_VOLNAMELTH	64

struct partition_meta_info {
	char uuid[PARTITION_META_INFO_UUIDLTH];
	u8 volname[PARTITION_META_INFO_VOLNAMELTH];
};

/*
 * A whole disk or one partition.  bd_inode is the device's inode on the
 * internal bdev file system: its address space is the block device's page
 * cache (buffered I/O on /dev/vdX and file system metadata buffers).
 * Lifetime: bd_device's reference count; opened with blkdev_get_*().
 */
struct block_device {
	dev_t bd_dev;
	sector_t bd_start_sect;		/* partition offset; 0 for the whole disk */
	sector_t bd_nr_sectors;
	struct inode *bd_inode;
	struct gendisk *bd_disk;
	struct request_queue *bd_queue;
	u8 bd_partno;
	bool bd_read_only;		/* BLKROSET / set_disk_ro */
	int bd_openers;
	struct mutex bd_open_mutex;
	void *bd_holder;		/* exclusive opener (a file system type) */
	int bd_holders;
	struct super_block *bd_super;
	struct disk_stats bd_stats;	/* guarded by the queue lock */
	spinlock_t bd_size_lock;
	struct device bd_device;	/* /sys/block/vda[/vda1] */
	struct list_head bd_list;	/* in the disk's partition list */
	struct partition_meta_info *bd_meta_info;	/* partitions with a UUID or name */
};

struct block_device_operations {
	int (*open)(struct block_device *bdev, fmode_t mode);
	void (*release)(struct gendisk *disk, fmode_t mode);
	int (*ioctl)(struct block_device *bdev, fmode_t mode, unsigned int cmd,
		     unsigned long arg);
	int (*getgeo)(struct block_device *bdev, void *geo);
};

#define DISK_NAME_LEN	32

struct gendisk {
	int major;
	int first_minor;
	int minors;			/* 1 + maximum partitions */
	char disk_name[DISK_NAME_LEN];
	const struct block_device_operations *fops;
	struct request_queue *queue;
	void *private_data;
	struct block_device *part0;	/* the whole disk */
	struct list_head partitions;	/* other block_devices; open_mutex */
	struct mutex open_mutex;
	struct backing_dev_info *bdi;
	unsigned long state;		/* GD_* */
	int flags;			/* GENHD_FL_* */
};

#define GENHD_FL_REMOVABLE	(1 << 0)
#define GENHD_FL_NO_PART	(1 << 9)

struct gendisk *blk_mq_alloc_disk(const struct blk_mq_ops *ops, unsigned int queue_depth,
				  unsigned int cmd_size, void *queuedata);
int add_disk(struct gendisk *disk);
/* add_disk() with the disk's sysfs directory below parent (NULL: virtual). */
int device_add_disk(struct device *parent, struct gendisk *disk,
		    const struct attribute_group **groups);
void del_gendisk(struct gendisk *disk);
void put_disk(struct gendisk *disk);
void set_capacity(struct gendisk *disk, sector_t sectors);
sector_t get_capacity(struct gendisk *disk);
void set_disk_ro(struct gendisk *disk, bool read_only);
/* get_disk_ro() - true if the whole disk is read-only (set_disk_ro()); no locks. */
static inline bool get_disk_ro(struct gendisk *disk)
{
	return disk->part0->bd_read_only;
}
/* Rescan partitions (BLKRRPART; add_disk does it once); takes disk->open_mutex. */
int bdev_disk_changed(struct gendisk *disk, bool invalidate);

/* The block devices and partitions, "  name (maj:min, size KiB)" a line (block/genhd.c). */
int block_dev_list(char *buf, size_t size);
dev_t blk_lookup_partition(const char *uuid, const char *volname, int partno_offset);
unsigned int blk_list_devts(dev_t *devts, unsigned int max);

/* Dynamic major if major == 0; returns the major or -errno. */
int register_blkdev(unsigned int major, const char *name);
void unregister_blkdev(unsigned int major, const char *name);
/* The "Block devices:" lines of /proc/devices; returns the length. */
int blkdev_show_all(char *buf, size_t size);

/* ------------------------------------------------------------ opening */

/* Exclusive open: holder identifies the owner (a file system type, a file). */
#ifndef FMODE_EXCL
#define FMODE_EXCL		((fmode_t)0x80)
#endif

struct block_device *blkdev_get_by_dev(dev_t dev, fmode_t mode, void *holder);
struct block_device *blkdev_get_by_path(const char *path, fmode_t mode, void *holder);
void blkdev_put(struct block_device *bdev, fmode_t mode);
/* The device number a path names (mount's source), or -errno. */
int lookup_bdev(const char *path, dev_t *dev);

/**
 * bdev_read_only() - may the block device not be written?
 * @bdev: a whole disk or a partition
 *
 * A partition is read-only if it is marked so itself or if its whole disk
 * is.  Plain reads of the flags: the answer can change at any time
 * (BLKROSET, set_disk_ro()).
 *
 * Context: any context; no locks.
 * Return: true if writes to @bdev are refused.
 */
static inline bool bdev_read_only(struct block_device *bdev)
{
	return bdev->bd_read_only || (bdev->bd_disk && bdev->bd_disk->part0->bd_read_only);
}
/* bdev_logical_block_size() - the logical block size of bdev's queue, in bytes; no locks. */
static inline unsigned int bdev_logical_block_size(struct block_device *bdev)
{
	return queue_logical_block_size(bdev->bd_queue);
}
/* bdev_nr_sectors() - bdev's size in 512-byte sectors, an unlocked read; any context. */
static inline sector_t bdev_nr_sectors(struct block_device *bdev)
{
	return bdev->bd_nr_sectors;
}
/* bdev_nr_bytes() - bdev's size in bytes, an unlocked read; any context. */
static inline loff_t bdev_nr_bytes(struct block_device *bdev)
{
	return (loff_t)bdev->bd_nr_sectors << SECTOR_SHIFT;
}
/* bdev_get_queue() - the request queue bdev's I/O goes to; no locks, no reference. */
static inline struct request_queue *bdev_get_queue(struct block_device *bdev)
{
	return bdev->bd_queue;
}
bool bdev_write_cache(struct block_device *bdev);

/* Block size of the bdev page cache's buffers; -EINVAL if size is bad. */
int set_blocksize(struct block_device *bdev, int size);
int sb_set_blocksize(struct super_block *sb, int size);
int sb_min_blocksize(struct super_block *sb, int size);
/* Write back and wait for the device's page cache (not a cache flush). */
int sync_blockdev(struct block_device *bdev);
/* Drop the clean cached pages of the device. */
void invalidate_bdev(struct block_device *bdev);
/* REQ_OP_FLUSH to the device's write cache, waiting; 0 if it has none. */
int blkdev_issue_flush(struct block_device *bdev);

/* Call fn for every block device (disks, then their partitions); fn may sleep. */
void iterate_bdevs(void (*fn)(struct block_device *bdev, void *arg), void *arg);

/* The block device of a bdev-fs inode (I_BDEV in Linux). */
struct block_device *I_BDEV(struct inode *inode);

#endif /* _LINUX_BLKDEV_H */
