// SPDX-License-Identifier: GPL-2.0-only
/*
 * Disks: device numbers, gendisk life cycle, the block class in sysfs,
 * and the statistics files.
 *
 * Interface (<linux/blkdev.h>): register_blkdev()/unregister_blkdev(),
 * blk_mq_alloc_disk(), add_disk()/device_add_disk(), del_gendisk(),
 * put_disk(), set_capacity(), set_disk_ro(); /proc/partitions,
 * /proc/diskstats, /sys/block/<disk>/{size,ro,removable,stat,inflight,
 * range,ext_range} and the same per partition plus start and partition.
 *
 * Device numbers: a disk owns minors first_minor .. first_minor+minors-1
 * of its major; partitions beyond that get numbers of the extended major
 * 259 (Linux's BLOCK_EXT_MAJOR).  Dynamic majors count down from 254.
 *
 * Locking: major_lock guards the major table; disks_mutex the list of
 * live disks (for /proc); disk->open_mutex the partition list and
 * opening; statistics are read under the queue lock.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/init.h>
#include <linux/jiffies.h>
#include <linux/mutex.h>
#include <linux/seq_file.h>
#include <linux/proc_fs.h>
#include <linux/backing-dev.h>
#include <linux/blkdev.h>
#include "blk.h"

#define BLKDEV_MAJOR_MAX	512
#define BLOCK_EXT_MAJOR		259
#define NR_EXT_DEVT		(1 << 12)
#define DYNAMIC_MAJOR_HI	254
#define DYNAMIC_MAJOR_LO	234

static DEFINE_MUTEX(major_lock);
static const char *major_names[BLKDEV_MAJOR_MAX];	/* major_lock */

static DEFINE_SPINLOCK(ext_devt_lock);
static DECLARE_BITMAP(ext_devt_map, NR_EXT_DEVT);

static DEFINE_MUTEX(disks_mutex);
static LIST_HEAD(all_disks);		/* struct gendisk_priv, by add order */

/* Per-disk bookkeeping the header does not carry. */
struct gendisk_priv {
	struct gendisk disk;
	struct list_head node;		/* all_disks; disks_mutex */
	bool added;
	bool slave_link;		/* /sys/block/<name> exists */
};

static struct gendisk_priv *gdp(struct gendisk *disk)
{
	return container_of(disk, struct gendisk_priv, disk);
}

static char *block_devnode(const struct device *dev, umode_t *mode)
{
	*mode = 0660;
	return NULL;
}

struct class block_class = {
	.name = "block",
	.devnode = block_devnode,
	.block = true,
};

/* ------------------------------------------------------------ majors */

/**
 * register_blkdev() - claim a block major number
 * @major: the major wanted (below 512), or 0 for a free dynamic one
 *         (searched downwards from 254 to 234)
 * @name: the driver's name, shown in /proc/devices; the string must stay
 *        valid until unregister_blkdev()
 *
 * Context: process context; may sleep (takes major_lock, a mutex).
 * Return: the major number now owned (also when @major was given: unlike
 * Linux, not 0); -EINVAL if @major is out of range; -EBUSY if it is taken
 * or no dynamic major is free.
 */
int register_blkdev(unsigned int major, const char *name)
{
	int ret = -EBUSY;

	if (major >= BLKDEV_MAJOR_MAX)
		return -EINVAL;
	mutex_lock(&major_lock);
	if (!major) {
		for (major = DYNAMIC_MAJOR_HI; major >= DYNAMIC_MAJOR_LO; major--)
			if (!major_names[major])
				break;
		if (major < DYNAMIC_MAJOR_LO)
			goto out;
	} else if (major_names[major]) {
		goto out;
	}
	major_names[major] = name;
	ret = major;
out:
	mutex_unlock(&major_lock);
	return ret;
}

/**
 * unregister_blkdev() - give a block major number back
 * @major: a major from register_blkdev()
 * @name: the name it was registered with; a mismatch only warns and keeps
 *        the registration
 *
 * Context: process context; may sleep (major_lock).
 */
void unregister_blkdev(unsigned int major, const char *name)
{
	if (major >= BLKDEV_MAJOR_MAX)
		return;
	mutex_lock(&major_lock);
	if (major_names[major] && !strcmp(major_names[major], name))
		major_names[major] = NULL;
	else
		pr_warn("block: unregister_blkdev(%u, %s): not registered\n", major, name);
	mutex_unlock(&major_lock);
}

/**
 * blkdev_show_all() - format the registered block majors
 * @buf: where the text goes
 * @size: size of @buf; output beyond it is cut off
 *
 * One "%3u name" line per registered major, in order: the "Block devices:"
 * part of /proc/devices.
 *
 * Context: process context; may sleep (major_lock).
 * Return: the number of characters written, without the terminating NUL.
 */
int blkdev_show_all(char *buf, size_t size)
{
	int len = 0;
	unsigned int major;

	mutex_lock(&major_lock);
	for (major = 0; major < BLKDEV_MAJOR_MAX; major++)
		if (major_names[major])
			len += scnprintf(buf + len, size - len, "%3u %s\n", major,
					 major_names[major]);
	mutex_unlock(&major_lock);
	return len;
}

int blk_alloc_ext_minor(void)
{
	unsigned long m;

	spin_lock(&ext_devt_lock);
	m = find_first_zero_bit(ext_devt_map, NR_EXT_DEVT);
	if (m < NR_EXT_DEVT)
		__set_bit(m, ext_devt_map);
	spin_unlock(&ext_devt_lock);
	return m < NR_EXT_DEVT ? (int)m : -EBUSY;
}

void blk_free_ext_minor(unsigned int minor)
{
	spin_lock(&ext_devt_lock);
	__clear_bit(minor, ext_devt_map);
	spin_unlock(&ext_devt_lock);
}

dev_t blk_ext_devt(unsigned int minor)
{
	return MKDEV(BLOCK_EXT_MAJOR, minor);
}

/* ------------------------------------------------------------ statistics */

static void part_stat_snapshot(struct block_device *bdev, struct disk_stats *st)
{
	struct request_queue *q = bdev->bd_queue;
	unsigned long now = jiffies;

	spin_lock_irq(&q->queue_lock);
	/* Bring the busy time up to now before reading it. */
	if (bdev->bd_stats.in_flight[0] + bdev->bd_stats.in_flight[1])
		bdev->bd_stats.io_ticks += now - bdev->bd_stats.stamp;
	bdev->bd_stats.stamp = now;
	*st = bdev->bd_stats;
	spin_unlock_irq(&q->queue_lock);
}

static unsigned int ns_to_ms(u64 ns)
{
	return (unsigned int)(ns / 1000000);
}

/*
 * The 17 fields of Documentation/admin-guide/iostats.rst: reads, reads
 * merged, sectors read, ms reading; the same for writes; in flight, ms
 * busy, weighted ms; discards (4 fields); flushes, ms flushing.
 */
void part_stat_show(struct block_device *bdev, char *buf, size_t size, bool diskstats)
{
	struct disk_stats st;
	const char *fmt = diskstats ?
		"%lu %lu %lu %u %lu %lu %lu %u %lu %u %u %lu %lu %lu %u %lu %u\n" :
		"%8lu %8lu %8lu %8u %8lu %8lu %8lu %8u %8lu %8u %8u %8lu %8lu %8lu %8u %8lu %8u\n";

	part_stat_snapshot(bdev, &st);
	snprintf(buf, size, fmt,
		 st.ios[STAT_READ], st.merges[STAT_READ], st.sectors[STAT_READ],
		 ns_to_ms(st.nsecs[STAT_READ]),
		 st.ios[STAT_WRITE], st.merges[STAT_WRITE], st.sectors[STAT_WRITE],
		 ns_to_ms(st.nsecs[STAT_WRITE]),
		 st.in_flight[0] + st.in_flight[1],
		 jiffies_to_msecs(st.io_ticks),
		 ns_to_ms(st.nsecs[STAT_READ] + st.nsecs[STAT_WRITE] + st.nsecs[STAT_DISCARD] +
			  st.nsecs[STAT_FLUSH]),
		 st.ios[STAT_DISCARD], st.merges[STAT_DISCARD], st.sectors[STAT_DISCARD],
		 ns_to_ms(st.nsecs[STAT_DISCARD]),
		 st.ios[STAT_FLUSH], ns_to_ms(st.nsecs[STAT_FLUSH]));
}

/* Each disk, then its partitions in order; fn sees every block_device. */
static void for_each_bdev(void (*fn)(struct block_device *bdev, void *arg), void *arg)
{
	struct gendisk_priv *p;
	struct block_device *part;

	mutex_lock(&disks_mutex);
	list_for_each_entry(p, &all_disks, node) {
		fn(p->disk.part0, arg);
		mutex_lock(&p->disk.open_mutex);
		list_for_each_entry(part, &p->disk.partitions, bd_list)
			fn(part, arg);
		mutex_unlock(&p->disk.open_mutex);
	}
	mutex_unlock(&disks_mutex);
}

static void count_bdev(struct block_device *bdev, void *arg)
{
	(*(unsigned int *)arg)++;
}

struct bdev_array {
	struct block_device **v;
	unsigned int n, max;
};

static void collect_bdev(struct block_device *bdev, void *arg)
{
	struct bdev_array *a = arg;

	/* Only open devices have a page cache (the last close drops it). */
	if (a->n < a->max && READ_ONCE(bdev->bd_openers)) {
		get_device(&bdev->bd_device);
		a->v[a->n++] = bdev;
	}
}

/**
 * iterate_bdevs() - call a function for every open block device
 * @fn: called for each device, with no block-layer lock held; may sleep
 * @arg: passed to @fn
 *
 * Works on a snapshot: the devices open when it starts (only those have a
 * page cache), disks before their partitions, each kept alive by a
 * reference while @fn runs.  Devices opened meanwhile are missed; if the
 * snapshot array cannot be allocated, nothing is called.
 *
 * Context: process context; may sleep (GFP_KERNEL allocation, @fn).
 */
void iterate_bdevs(void (*fn)(struct block_device *bdev, void *arg), void *arg)
{
	struct bdev_array a = { NULL, 0, 0 };
	unsigned int i;

	for_each_bdev(count_bdev, &a.max);
	if (!a.max)
		return;
	a.v = kcalloc(a.max, sizeof(*a.v), GFP_KERNEL);
	if (!a.v)
		return;
	for_each_bdev(collect_bdev, &a);
	for (i = 0; i < a.n; i++) {
		fn(a.v[i], arg);
		put_device(&a.v[i]->bd_device);
	}
	kfree(a.v);
}

/*
 * The name /proc shows: the device name with its '!' back to '/'
 * ("cciss/c0d0p1"), as Linux prints it.
 */
static const char *bdev_proc_name(struct block_device *bdev, char *buf, size_t size)
{
	strscpy(buf, dev_name(&bdev->bd_device), size);
	for (char *p = buf; *p; p++)
		if (*p == '!')
			*p = '/';
	return buf;
}

static void diskstats_one(struct block_device *bdev, void *arg)
{
	struct seq_file *m = arg;
	char line[256], name[DISK_NAME_LEN + 8];

	if (bdev->bd_partno && !bdev->bd_nr_sectors)
		return;
	part_stat_show(bdev, line, sizeof(line), true);
	seq_printf(m, "%4u %7u %s %s", MAJOR(bdev->bd_dev), MINOR(bdev->bd_dev),
		   bdev_proc_name(bdev, name, sizeof(name)), line);
}

static int diskstats_show(struct seq_file *m, void *v)
{
	for_each_bdev(diskstats_one, m);
	return 0;
}

static void partitions_one(struct block_device *bdev, void *arg)
{
	struct seq_file *m = arg;
	char name[DISK_NAME_LEN + 8];

	seq_printf(m, "%4u  %7u %10llu %s\n", MAJOR(bdev->bd_dev), MINOR(bdev->bd_dev),
		   (unsigned long long)bdev->bd_nr_sectors >> 1,
		   bdev_proc_name(bdev, name, sizeof(name)));
}

static int partitions_show(struct seq_file *m, void *v)
{
	seq_puts(m, "major minor  #blocks  name\n\n");
	for_each_bdev(partitions_one, m);
	return 0;
}

struct bdev_list_buf {
	char *buf;
	size_t size, len;
};

static void bdev_list_one(struct block_device *bdev, void *arg)
{
	struct bdev_list_buf *b = arg;
	char name[DISK_NAME_LEN + 8];

	b->len += scnprintf(b->buf + b->len, b->size - b->len, "  %s (%u:%u, %llu KiB)\n",
			    bdev_proc_name(bdev, name, sizeof(name)), MAJOR(bdev->bd_dev),
			    MINOR(bdev->bd_dev), (unsigned long long)bdev->bd_nr_sectors >> 1);
}

/**
 * block_dev_list() - the block devices and partitions there are, one per line
 * @buf: where to write them ("  vda1 (254:1, 65536 KiB)" lines)
 * @size: size of @buf; a longer list is cut
 *
 * For the message of a root= that names no device.
 *
 * Context: process context; takes the block device list lock.
 * Return: the length written ("  (none)" if there are none).
 */
int block_dev_list(char *buf, size_t size)
{
	struct bdev_list_buf b = { buf, size, 0 };

	if (!size)
		return 0;
	buf[0] = '\0';
	for_each_bdev(bdev_list_one, &b);
	if (!b.len)
		b.len = scnprintf(buf, size, "  (none)\n");
	return b.len;
}

struct partition_match {
	const char *uuid, *volname;	/* what to match (NULL: anything) */
	struct gendisk *disk;		/* the match's disk, then the wanted slot's */
	int partno;			/* the wanted slot: match + offset */
	dev_t devt;
};

static void match_partition_meta(struct block_device *bdev, void *arg)
{
	struct partition_match *m = arg;
	const struct partition_meta_info *info = bdev->bd_meta_info;

	if (m->disk || !info)
		return;
	if (m->uuid && strcasecmp(info->uuid, m->uuid))
		return;
	if (m->volname && strcmp((const char *)info->volname, m->volname))
		return;
	m->disk = bdev->bd_disk;
	m->partno += bdev->bd_partno;
}

static void match_partno(struct block_device *bdev, void *arg)
{
	struct partition_match *m = arg;

	if (bdev->bd_disk == m->disk && bdev->bd_partno == m->partno)
		m->devt = bdev->bd_dev;
}

/**
 * blk_lookup_partition() - the device number of a partition named by its table
 * @uuid: its PARTUUID (case does not matter), or NULL
 * @volname: its PARTLABEL, or NULL
 * @partno_offset: 0 for the match itself, else the partition this many
 *                 numbers after (or before) it on the same disk, 0 being
 *                 the whole disk (root=PARTUUID=.../PARTNROFF=N)
 *
 * The first partition, in disk order, whose table entry matches both
 * given strings.
 *
 * Context: process context; takes the block device list lock.
 * Return: the device number, or 0 if there is no such partition (yet).
 */
dev_t blk_lookup_partition(const char *uuid, const char *volname, int partno_offset)
{
	struct partition_match m = { uuid, volname, NULL, partno_offset, 0 };

	for_each_bdev(match_partition_meta, &m);
	if (m.disk && m.partno >= 0)
		for_each_bdev(match_partno, &m);
	return m.devt;
}

struct devt_list {
	dev_t *v;
	unsigned int n, max;
};

static void list_devt(struct block_device *bdev, void *arg)
{
	struct devt_list *l = arg;

	if (l->n < l->max && (!bdev->bd_partno || bdev->bd_nr_sectors))
		l->v[l->n++] = bdev->bd_dev;
}

/**
 * blk_list_devts() - the device numbers of every disk and partition
 * @devts: where to put them, disks before their partitions
 * @max: room in @devts; more devices are left out
 *
 * Context: process context; takes the block device list lock.
 * Return: how many were stored.
 */
unsigned int blk_list_devts(dev_t *devts, unsigned int max)
{
	struct devt_list l = { devts, 0, max };

	for_each_bdev(list_devt, &l);
	return l.n;
}

/* ------------------------------------------------------------ sysfs: disks and partitions */

static struct block_device *dev_to_bdev(struct device *dev)
{
	return container_of(dev, struct block_device, bd_device);
}

static ssize_t size_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%llu\n", (unsigned long long)bdev_nr_sectors(dev_to_bdev(dev)));
}

static ssize_t ro_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%d\n", bdev_read_only(dev_to_bdev(dev)) ? 1 : 0);
}

static ssize_t stat_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	part_stat_show(dev_to_bdev(dev), buf, PAGE_SIZE, false);
	return strlen(buf);
}

static ssize_t inflight_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct block_device *bdev = dev_to_bdev(dev);
	struct disk_stats st;

	part_stat_snapshot(bdev, &st);
	return sysfs_emit(buf, "%8lu %8lu\n", st.in_flight[0], st.in_flight[1]);
}

static ssize_t removable_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%d\n",
			  dev_to_bdev(dev)->bd_disk->flags & GENHD_FL_REMOVABLE ? 1 : 0);
}

static ssize_t range_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%d\n", dev_to_bdev(dev)->bd_disk->minors);
}

static ssize_t ext_range_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct gendisk *disk = dev_to_bdev(dev)->bd_disk;

	/* Linux's DISK_MAX_PARTS when partitions may use extended numbers. */
	return sysfs_emit(buf, "%d\n", disk->flags & GENHD_FL_NO_PART ? disk->minors : 256);
}

static ssize_t start_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%llu\n", (unsigned long long)dev_to_bdev(dev)->bd_start_sect);
}

static ssize_t partition_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%d\n", dev_to_bdev(dev)->bd_partno);
}

static DEVICE_ATTR_RO(size);
static DEVICE_ATTR_RO(ro);
static DEVICE_ATTR_RO(stat);
static DEVICE_ATTR_RO(inflight);
static DEVICE_ATTR_RO(removable);
static DEVICE_ATTR_RO(range);
static DEVICE_ATTR_RO(ext_range);
static DEVICE_ATTR_RO(start);
static DEVICE_ATTR_RO(partition);

static struct attribute *disk_attrs[] = {
	&dev_attr_size.attr,
	&dev_attr_ro.attr,
	&dev_attr_stat.attr,
	&dev_attr_inflight.attr,
	&dev_attr_removable.attr,
	&dev_attr_range.attr,
	&dev_attr_ext_range.attr,
	NULL,
};

static const struct attribute_group disk_attr_group = {
	.attrs = disk_attrs,
};

static const struct attribute_group *disk_attr_groups[] = {
	&disk_attr_group,
	NULL,
};

static struct attribute *part_attrs[] = {
	&dev_attr_size.attr,
	&dev_attr_ro.attr,
	&dev_attr_stat.attr,
	&dev_attr_inflight.attr,
	&dev_attr_start.attr,
	&dev_attr_partition.attr,
	NULL,
};

static const struct attribute_group part_attr_group = {
	.attrs = part_attrs,
};

const struct attribute_group *part_attr_groups[] = {
	&part_attr_group,
	NULL,
};

/* ------------------------------------------------------------ disk life cycle */

/**
 * blk_mq_alloc_disk() - allocate a disk with its request queue
 * @ops: the driver's queue operations (->queue_rq, optional ->commit_rqs)
 * @queue_depth: how many requests the driver can have at once (its tags)
 * @cmd_size: bytes of driver data after each request (blk_mq_rq_to_pdu())
 * @queuedata: stored in the queue's queuedata for the driver
 *
 * Sets up the disk, its queue with default limits, its bdi (read-ahead
 * window from the queue) and its whole-disk block device.  The driver then
 * fills in names, numbers, fops and capacity and calls add_disk().  If it
 * gives up instead, put_disk() frees everything.
 *
 * Context: process context; may sleep (GFP_KERNEL allocations).
 * Return: the new disk, or ERR_PTR(-ENOMEM).
 */
struct gendisk *blk_mq_alloc_disk(const struct blk_mq_ops *ops, unsigned int queue_depth,
				  unsigned int cmd_size, void *queuedata)
{
	struct gendisk_priv *p = kzalloc(sizeof(*p), GFP_KERNEL);
	struct gendisk *disk;

	if (!p)
		return ERR_PTR(-ENOMEM);
	disk = &p->disk;
	INIT_LIST_HEAD(&p->node);
	INIT_LIST_HEAD(&disk->partitions);
	mutex_init(&disk->open_mutex);
	disk->queue = blk_alloc_queue(ops, queue_depth, cmd_size, queuedata);
	if (!disk->queue)
		goto fail;
	disk->queue->disk = disk;
	/* Read-ahead window and writeback target of the disk and its partitions. */
	disk->bdi = bdi_alloc();
	if (!disk->bdi)
		goto fail;
	disk->bdi->ra_pages = to_bq(disk->queue)->ra_kb >> (PAGE_SHIFT - 10);
	disk->part0 = bdev_alloc(disk, 0);
	if (!disk->part0)
		goto fail;
	disk->part0->bd_device.groups = disk_attr_groups;
	return disk;

fail:
	/* Undo what was set up: p came zeroed, so what is still NULL was not. */
	if (disk->bdi)
		bdi_put(disk->bdi);
	if (disk->queue)
		blk_free_queue(disk->queue);
	kfree(p);
	return ERR_PTR(-ENOMEM);
}

/**
 * set_capacity() - set a disk's size
 * @disk: the disk
 * @sectors: its size in 512-byte sectors
 *
 * Updates the whole-disk device's sector count and the size of its
 * page-cache inode together, under bd_size_lock.
 *
 * Context: does not sleep; takes part0's bd_size_lock (a spinlock), so
 * not from interrupts.
 */
void set_capacity(struct gendisk *disk, sector_t sectors)
{
	bdev_set_nr_sectors(disk->part0, sectors);
}

/**
 * get_capacity() - a disk's size
 * @disk: the disk
 *
 * Context: any context; an unlocked read.
 * Return: the size of the whole disk in 512-byte sectors.
 */
sector_t get_capacity(struct gendisk *disk)
{
	return bdev_nr_sectors(disk->part0);
}

/**
 * set_disk_ro() - mark a whole disk read-only or writable
 * @disk: the disk
 * @read_only: true to refuse writes from now on
 *
 * Partitions follow the whole disk (bdev_read_only()).  Writes already
 * submitted are not affected; writable opens made before are not revoked.
 *
 * Context: any context; a plain store, no locks.
 */
void set_disk_ro(struct gendisk *disk, bool read_only)
{
	disk->part0->bd_read_only = read_only;
}

/**
 * device_add_disk() - make a disk live
 * @parent: the device the disk sits under in sysfs, or NULL
 * @disk: from blk_mq_alloc_disk(), with name, major, first_minor, minors
 *        (at least 1), fops and capacity filled in
 * @groups: extra sysfs attribute groups; not supported (a warning is
 *          printed and they are ignored)
 *
 * Registers the whole-disk device (so /dev/<name> appears), the
 * /sys/block link, the queue's sysfs files and the bdi (named
 * "major:first_minor"), adds the disk to the list behind /proc/partitions
 * and, unless GENHD_FL_NO_PART, scans for partitions under open_mutex.
 * On failure the steps done are undone and the disk can be put.
 *
 * Context: process context; may sleep (allocations, mutexes, partition
 * table reads).  The caller must not hold @disk->open_mutex.
 * Return: 0, or -EINVAL for missing name or minors (or a minor range past
 * the limit), or the error of the device, sysfs or bdi registration.
 */
int device_add_disk(struct device *parent, struct gendisk *disk,
		    const struct attribute_group **groups)
{
	struct gendisk_priv *p = gdp(disk);
	struct block_device *bdev = disk->part0;
	int err;

	if (!disk->minors || disk->first_minor + disk->minors > MINORMASK + 1 ||
	    !disk->disk_name[0])
		return -EINVAL;
	bdev->bd_device.parent = parent;
	if (groups)
		pr_warn("%s: extra attribute groups are not supported yet\n", disk->disk_name);
	err = dev_set_name(&bdev->bd_device, "%s", disk->disk_name);
	if (err)
		return err;
	bdev_add(bdev, MKDEV(disk->major, disk->first_minor));
	bdev->bd_device.devt = bdev->bd_dev;
	err = device_add(&bdev->bd_device);
	if (err)
		goto out_unhash;
	err = sysfs_create_link(block_kobj, &bdev->bd_device.kobj, dev_name(&bdev->bd_device));
	if (err)
		goto out_del;
	p->slave_link = true;
	err = blk_register_queue(disk);
	if (err)
		goto out_link;
	/* The bdi is named after the disk's first device number, as in Linux. */
	disk->bdi->io_pages = disk->queue->limits.max_sectors >> (PAGE_SHIFT - SECTOR_SHIFT);
	err = bdi_register(disk->bdi, "%u:%u", disk->major, disk->first_minor);
	if (err)
		goto out_queue;
	if (disk->bdi->dev && sysfs_create_link(&bdev->bd_device.kobj, &disk->bdi->dev->kobj,
						"bdi"))
		pr_warn("%s: no bdi link in sysfs\n", disk->disk_name);

	mutex_lock(&disks_mutex);
	list_add_tail(&p->node, &all_disks);
	p->added = true;
	mutex_unlock(&disks_mutex);

	if (!(disk->flags & GENHD_FL_NO_PART)) {
		mutex_lock(&disk->open_mutex);
		blk_add_partitions(disk);
		mutex_unlock(&disk->open_mutex);
	}
	return 0;

out_queue:
	blk_unregister_queue(disk);
out_link:
	sysfs_remove_link(block_kobj, dev_name(&bdev->bd_device));
	p->slave_link = false;
out_del:
	device_del(&bdev->bd_device);
out_unhash:
	bdev_unhash(bdev);
	return err;
}

/**
 * add_disk() - make a disk live, with no parent device
 * @disk: the disk, ready as device_add_disk() requires
 *
 * Context: process context; may sleep.
 * Return: as device_add_disk().
 */
int add_disk(struct gendisk *disk)
{
	return device_add_disk(NULL, disk, NULL);
}

/**
 * del_gendisk() - take a disk out of use
 * @disk: a disk that add_disk() made live (otherwise nothing is done)
 *
 * Removes it from /proc/partitions, writes back the whole device's page
 * cache, drops the partitions, marks the queue dying (new opens fail with
 * -ENXIO, new I/O fails) and waits for the queue to drain, then
 * unregisters the bdi, the queue's sysfs files and the device.  Openers
 * may still hold the devices; the memory goes with put_disk() and the
 * last reference.
 *
 * Context: process context; may sleep (writeback, draining I/O, mutexes).
 * The caller must not hold @disk->open_mutex.
 */
void del_gendisk(struct gendisk *disk)
{
	struct gendisk_priv *p = gdp(disk);

	if (!p->added)
		return;
	mutex_lock(&disks_mutex);
	list_del_init(&p->node);
	p->added = false;
	mutex_unlock(&disks_mutex);

	/* Write back what the page cache holds, then stop all I/O. */
	sync_blockdev(disk->part0);
	mutex_lock(&disk->open_mutex);
	blk_drop_partitions(disk);
	mutex_unlock(&disk->open_mutex);
	blk_queue_mark_dead(disk->queue);
	blk_drain_queue(disk->queue);

	sysfs_remove_link(&disk->part0->bd_device.kobj, "bdi");
	bdi_unregister(disk->bdi);
	blk_unregister_queue(disk);
	if (p->slave_link)
		sysfs_remove_link(block_kobj, dev_name(&disk->part0->bd_device));
	p->slave_link = false;
	bdev_unhash(disk->part0);
	device_del(&disk->part0->bd_device);
}

/**
 * put_disk() - drop the driver's reference to a disk
 * @disk: the disk, or NULL
 *
 * The disk, its queue and its bdi are freed when the last reference to
 * the whole-disk device goes, which may be later if the device is still
 * open.  Call del_gendisk() first for a disk that was added.
 *
 * Context: process context; may sleep when it frees.
 */
void put_disk(struct gendisk *disk)
{
	/* The disk goes with the last reference to its whole-disk bdev (disk_release()). */
	if (disk)
		put_device(&disk->part0->bd_device);
}

/* Called when the whole-disk block_device is released: free disk and queue. */
void disk_release(struct gendisk *disk)
{
	if (disk->queue)
		blk_free_queue(disk->queue);
	if (disk->bdi)
		bdi_put(disk->bdi);
	kfree(gdp(disk));
}

/* ------------------------------------------------------------ boot */

static int __init genhd_device_init(void)
{
	int err = class_register(&block_class);

	if (err)
		return err;
	bdev_cache_init();
	proc_create_single("diskstats", 0, NULL, diskstats_show);
	proc_create_single("partitions", 0, NULL, partitions_show);
	return 0;
}
subsys_initcall(genhd_device_init);
