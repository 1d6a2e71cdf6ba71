// SPDX-License-Identifier: GPL-2.0-only
/*
 * The virtio block driver: /dev/vda, vdb, ... (vdz, vdaa, ...), 16 minors
 * each (the disk and 15 partitions), on a dynamic major ("virtblk" in
 * /proc/devices).
 *
 * One request queue per device over one virtqueue.  ->queue_rq() turns
 * a request into a virtio-blk buffer - header (type, sector), the
 * request's segments (physically contiguous neighbours merged, none
 * longer than size_max), status byte - and adds it to the ring; a full
 * ring is BLK_STS_RESOURCE, and the block layer retries after the next
 * completion.  The device is notified once per batch (last, or
 * ->commit_rqs()).  Completions come from the virtqueue interrupt, are
 * collected under the queue lock and ended after it is dropped.
 *
 * Device properties become queue limits: capacity, read-only, logical
 * block size (BLK_SIZE), physical block size and I/O hints (TOPOLOGY),
 * segment count and size (SEG_MAX, SIZE_MAX), and the volatile write
 * cache (FLUSH, CONFIG_WCE): REQ_OP_FLUSH becomes VIRTIO_BLK_T_FLUSH.
 * Capacity changes (QEMU block_resize) are picked up from the
 * config-change interrupt.  Multiqueue and discard are not used.
 *
 * Locking: vblk->lock (irqsave) serialises the virtqueue between
 * ->queue_rq()/->commit_rqs() (process context) and the completion
 * interrupt.  virtblk_index_lock guards the disk index bitmap.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/bitops.h>
#include <linux/workqueue.h>
#include <linux/blkdev.h>
#include <linux/scatterlist.h>
#include <linux/virtio.h>
#include <linux/virtio_config.h>
#include <linux/virtio_ids.h>
#include <linux/virtio_ring.h>
#include <linux/virtio_blk.h>
#include <uapi/linux/hdreg.h>

#define VIRTBLK_MINORS		16	/* per disk: the disk and 15 partitions */
#define VIRTBLK_MAX_DISKS	1024	/* 16384 minors, well inside MINORBITS */
/*
 * Data pieces per request.  The block layer counts a page as a piece, so
 * this bounds the request size: QEMU offers 254 (its ring of 256 less
 * header and status), i.e. requests of 1016 KiB, as Linux issues them.
 * Each piece costs a scatterlist entry in every request, so the number
 * of requests in flight is capped (VIRTBLK_MAX_DEPTH): 128 requests of
 * up to 1 MiB keep any disk busy, and the per-request data stays what
 * 256 requests of 128 pieces cost.
 */
#define VIRTBLK_MAX_SEGS	256
#define VIRTBLK_MAX_DEPTH	128

struct virtio_blk {
	struct virtio_device *vdev;
	struct virtqueue *vq;
	spinlock_t lock;		/* vq */
	struct gendisk *disk;
	int index;
	unsigned int sg_elems;		/* scatterlist entries per request */
	unsigned int size_max;		/* bytes per entry */
	struct work_struct config_work;
};

/* The per-request driver data (blk_mq_rq_to_pdu()). */
struct virtblk_req {
	struct virtio_blk_outhdr out_hdr;
	u8 status;
	struct request *rq;
	struct virtblk_req *next_done;	/* completion batch; vblk->lock */
	struct scatterlist sg[];	/* sg_elems */
};

static int virtblk_major;
static DEFINE_MUTEX(virtblk_index_lock);
static DECLARE_BITMAP(virtblk_index_map, VIRTBLK_MAX_DISKS);

int virtblk_name_format(const char *prefix, int index, char *buf, int buflen)
{
	char letters[8];
	int n = 0, plen = strlen(prefix);

	/* Bijective base 26: a..z, aa..zz, aaa... */
	do {
		if (n == (int)sizeof(letters))
			return -EINVAL;
		letters[n++] = 'a' + index % 26;
		index = index / 26 - 1;
	} while (index >= 0);
	if (plen + n + 1 > buflen)
		return -EINVAL;
	memcpy(buf, prefix, plen);
	for (int i = 0; i < n; i++)
		buf[plen + i] = letters[n - 1 - i];
	buf[plen + n] = '\0';
	return 0;
}

dev_t virtblk_devt(int index)
{
	bool used;

	if (index < 0 || index >= VIRTBLK_MAX_DISKS)
		return 0;
	mutex_lock(&virtblk_index_lock);
	used = test_bit(index, virtblk_index_map);
	mutex_unlock(&virtblk_index_lock);
	return used ? MKDEV(virtblk_major, index * VIRTBLK_MINORS) : 0;
}

/*
 * The status byte the device wrote last (virtio 1.1, 5.2.6): OK,
 * UNSUPP for a request type it does not do, anything else an I/O error.
 */
static blk_status_t virtblk_result(u8 status)
{
	if (status == VIRTIO_BLK_S_OK)
		return BLK_STS_OK;
	return status == VIRTIO_BLK_S_UNSUPP ? BLK_STS_NOTSUPP : BLK_STS_IOERR;
}

/* ------------------------------------------------------------ I/O */

/* The request's data as scatterlist entries; returns how many, or -EIO. */
static int virtblk_map_data(struct virtio_blk *vblk, struct request *rq, struct scatterlist *sg)
{
	struct req_iterator iter;
	struct bio_vec bv;
	int n = 0;

	rq_for_each_segment(bv, rq, iter) {
		phys_addr_t addr = page_to_phys(bv.bv_page) + bv.bv_offset;
		unsigned int len = bv.bv_len;

		while (len) {
			struct scatterlist *last = n ? &sg[n - 1] : NULL;
			unsigned int room, take;

			/* Continue the previous entry if physically contiguous. */
			if (last && sg_phys(last) + last->length == addr &&
			    last->length < vblk->size_max) {
				room = vblk->size_max - last->length;
				take = min(room, len);
				last->length += take;
			} else {
				if (n == (int)vblk->sg_elems) {
					WARN_ONCE(1, "virtio_blk: request with more than %u segments\n",
						  vblk->sg_elems);
					return -EIO;
				}
				take = min(len, vblk->size_max);
				sg_set_page(&sg[n], pfn_to_page(addr >> PAGE_SHIFT), take,
					    offset_in_page(addr));
				sg[n].end = false;
				n++;
			}
			addr += take;
			len -= take;
		}
	}
	if (n)
		sg_mark_end(&sg[n - 1]);
	return n;
}

static blk_status_t virtblk_queue_rq(struct request_queue *q, struct request *rq, bool last)
{
	struct virtio_blk *vblk = q->queuedata;
	struct virtblk_req *vbr = blk_mq_rq_to_pdu(rq);
	struct scatterlist hdr, status, *sgs[3];
	unsigned int nout = 0, nin = 0;
	unsigned long flags;
	bool notify;
	u32 type;
	int nsg, err;

	switch (req_op(rq)) {
	case REQ_OP_READ:
		type = VIRTIO_BLK_T_IN;
		break;
	case REQ_OP_WRITE:
		type = VIRTIO_BLK_T_OUT;
		break;
	case REQ_OP_FLUSH:
		type = VIRTIO_BLK_T_FLUSH;
		break;
	default:
		return BLK_STS_NOTSUPP;
	}
	vbr->rq = rq;
	vbr->out_hdr.type = cpu_to_le32(type);
	vbr->out_hdr.ioprio = 0;
	vbr->out_hdr.sector = cpu_to_le64(type == VIRTIO_BLK_T_FLUSH ? 0 : blk_rq_pos(rq));
	vbr->status = VIRTIO_BLK_S_IOERR;	/* if the device never says */

	nsg = type == VIRTIO_BLK_T_FLUSH ? 0 : virtblk_map_data(vblk, rq, vbr->sg);
	if (nsg < 0)
		return BLK_STS_IOERR;
	sg_init_one(&hdr, &vbr->out_hdr, sizeof(vbr->out_hdr));
	sgs[nout++] = &hdr;
	if (nsg && type == VIRTIO_BLK_T_OUT)
		sgs[nout++] = vbr->sg;
	if (nsg && type == VIRTIO_BLK_T_IN)
		sgs[nout + nin++] = vbr->sg;
	sg_init_one(&status, &vbr->status, sizeof(vbr->status));
	sgs[nout + nin++] = &status;

	spin_lock_irqsave(&vblk->lock, flags);
	err = virtqueue_add_sgs(vblk->vq, sgs, nout, nin, vbr, GFP_ATOMIC);
	if (err) {
		/* Let the device work on what it has; completions make room. */
		virtqueue_kick(vblk->vq);
		spin_unlock_irqrestore(&vblk->lock, flags);
		return err == -ENOSPC ? BLK_STS_RESOURCE : BLK_STS_IOERR;
	}
	notify = last && virtqueue_kick_prepare(vblk->vq);
	spin_unlock_irqrestore(&vblk->lock, flags);
	if (notify)
		virtqueue_notify(vblk->vq);
	return BLK_STS_OK;
}

static void virtblk_commit_rqs(struct request_queue *q)
{
	struct virtio_blk *vblk = q->queuedata;
	unsigned long flags;
	bool notify;

	spin_lock_irqsave(&vblk->lock, flags);
	notify = virtqueue_kick_prepare(vblk->vq);
	spin_unlock_irqrestore(&vblk->lock, flags);
	if (notify)
		virtqueue_notify(vblk->vq);
}

/* The virtqueue interrupt: collect finished requests, end them unlocked. */
static void virtblk_done(struct virtqueue *vq)
{
	struct virtio_blk *vblk = vq->vdev->priv;
	struct virtblk_req *vbr, *head = NULL, **tail = &head;
	unsigned long flags;
	unsigned int len;

	spin_lock_irqsave(&vblk->lock, flags);
	do {
		virtqueue_disable_cb(vq);
		while ((vbr = virtqueue_get_buf(vq, &len))) {
			vbr->next_done = NULL;
			*tail = vbr;
			tail = &vbr->next_done;
		}
	} while (!virtqueue_enable_cb(vq));
	spin_unlock_irqrestore(&vblk->lock, flags);

	while (head) {
		vbr = head;
		head = vbr->next_done;	/* vbr goes with its request */
		blk_mq_end_request(vbr->rq, virtblk_result(vbr->status));
	}
}

static const struct blk_mq_ops virtio_mq_ops = {
	.queue_rq = virtblk_queue_rq,
	.commit_rqs = virtblk_commit_rqs,
};

/* ------------------------------------------------------------ disk */

static int virtblk_getgeo(struct block_device *bdev, void *arg)
{
	struct virtio_blk *vblk = bdev->bd_disk->private_data;
	struct virtio_device *vdev = vblk->vdev;
	struct hd_geometry *geo = arg;

	if (virtio_has_feature(vdev, VIRTIO_BLK_F_GEOMETRY)) {
		geo->cylinders = virtio_cread16(vdev, VIRTIO_BLK_CFG_CYLINDERS);
		geo->heads = virtio_cread8(vdev, VIRTIO_BLK_CFG_HEADS);
		geo->sectors = virtio_cread8(vdev, VIRTIO_BLK_CFG_SECTORS);
	} else {
		/* Made up, as Linux does: 64 heads, 32 sectors per track. */
		geo->heads = 1 << 6;
		geo->sectors = 1 << 5;
		geo->cylinders = get_capacity(bdev->bd_disk) >> 11;
	}
	return 0;
}

static const struct block_device_operations virtblk_fops = {
	.getgeo = virtblk_getgeo,
};

static void virtblk_update_capacity(struct virtio_blk *vblk, bool resize)
{
	u64 capacity = virtio_cread64(vblk->vdev, VIRTIO_BLK_CFG_CAPACITY);
	unsigned int lbs = queue_logical_block_size(vblk->disk->queue);

	/* Whole logical blocks only. */
	capacity &= ~(u64)((lbs >> SECTOR_SHIFT) - 1);
	set_capacity(vblk->disk, capacity);
	dev_notice(&vblk->vdev->dev, "[%s] %s%llu %u-byte logical blocks (%llu MB)\n",
		   vblk->disk->disk_name, resize ? "new size: " : "",
		   capacity / (lbs >> SECTOR_SHIFT), lbs, (capacity << SECTOR_SHIFT) / 1000000);
}

static void virtblk_config_changed_work(struct work_struct *work)
{
	virtblk_update_capacity(container_of(work, struct virtio_blk, config_work), true);
}

static void virtblk_config_changed(struct virtio_device *vdev)
{
	struct virtio_blk *vblk = vdev->priv;

	schedule_work(&vblk->config_work);
}

/* Cache mode: CONFIG_WCE says it directly; FLUSH alone means write-back. */
static bool virtblk_writeback(struct virtio_device *vdev)
{
	if (virtio_has_feature(vdev, VIRTIO_BLK_F_CONFIG_WCE))
		return virtio_cread8(vdev, VIRTIO_BLK_CFG_WRITEBACK);
	return virtio_has_feature(vdev, VIRTIO_BLK_F_FLUSH);
}

static void virtblk_set_limits(struct virtio_blk *vblk, struct request_queue *q)
{
	struct virtio_device *vdev = vblk->vdev;
	unsigned int segs_per_page, blk_size = SECTOR_SIZE;

	/* Entries per page of data when size_max is below a page (never, on QEMU). */
	segs_per_page = DIV_ROUND_UP(PAGE_SIZE, vblk->size_max);
	blk_queue_max_segments(q, max_t(unsigned int, vblk->sg_elems / segs_per_page, 1));
	blk_queue_max_segment_size(q, vblk->size_max);
	/* Worst case every segment is a separate page. */
	blk_queue_max_hw_sectors(q, (vblk->sg_elems / segs_per_page) * (PAGE_SIZE >> SECTOR_SHIFT));

	if (virtio_has_feature(vdev, VIRTIO_BLK_F_BLK_SIZE)) {
		blk_size = virtio_cread32(vdev, VIRTIO_BLK_CFG_BLK_SIZE);
		blk_queue_logical_block_size(q, blk_size);
		blk_size = queue_logical_block_size(q);	/* as the block layer took it */
	}
	if (virtio_has_feature(vdev, VIRTIO_BLK_F_TOPOLOGY)) {
		u8 exp = virtio_cread8(vdev, VIRTIO_BLK_CFG_PHYS_BLOCK_EXP);
		u16 min_io = virtio_cread16(vdev, VIRTIO_BLK_CFG_MIN_IO_SIZE);
		u32 opt_io = virtio_cread32(vdev, VIRTIO_BLK_CFG_OPT_IO_SIZE);

		if (exp < 16)
			blk_queue_physical_block_size(q, blk_size << exp);
		if (min_io)
			blk_queue_io_min(q, blk_size * min_io);
		if (opt_io)
			blk_queue_io_opt(q, blk_size * opt_io);
	}
	blk_queue_write_cache(q, virtblk_writeback(vdev), false);
}

static int virtblk_alloc_index(void)
{
	int index;

	mutex_lock(&virtblk_index_lock);
	index = find_first_zero_bit(virtblk_index_map, VIRTBLK_MAX_DISKS);
	if (index < VIRTBLK_MAX_DISKS)
		__set_bit(index, virtblk_index_map);
	else
		index = -ENOSPC;
	mutex_unlock(&virtblk_index_lock);
	return index;
}

static void virtblk_free_index(int index)
{
	mutex_lock(&virtblk_index_lock);
	__clear_bit(index, virtblk_index_map);
	mutex_unlock(&virtblk_index_lock);
}

static int virtblk_probe(struct virtio_device *vdev)
{
	struct virtio_blk *vblk;
	struct gendisk *disk;
	unsigned int depth;
	int err, index;
	u32 v;

	if (!vdev->config->get)
		return -EINVAL;
	index = virtblk_alloc_index();
	if (index < 0)
		return index;
	err = -ENOMEM;
	vblk = kzalloc(sizeof(*vblk), GFP_KERNEL);
	if (!vblk)
		goto out_index;
	vblk->vdev = vdev;
	vblk->index = index;
	spin_lock_init(&vblk->lock);
	INIT_WORK(&vblk->config_work, virtblk_config_changed_work);
	vdev->priv = vblk;

	vblk->vq = virtio_find_single_vq(vdev, virtblk_done, "requests");
	if (IS_ERR(vblk->vq)) {
		err = PTR_ERR(vblk->vq);
		goto out_free;
	}

	/* Pieces per request: the device's limit, ours, and (direct) the ring's. */
	v = virtio_has_feature(vdev, VIRTIO_BLK_F_SEG_MAX) ?
		virtio_cread32(vdev, VIRTIO_BLK_CFG_SEG_MAX) : 1;
	vblk->sg_elems = clamp_t(u32, v, 1, VIRTBLK_MAX_SEGS);
	depth = virtqueue_get_vring_size(vblk->vq);
	if (!virtio_has_feature(vdev, VIRTIO_RING_F_INDIRECT_DESC)) {
		vblk->sg_elems = min(vblk->sg_elems, depth - 2);
		depth /= 2;	/* chains take several slots each */
	}
	depth = min_t(unsigned int, depth, VIRTBLK_MAX_DEPTH);
	v = virtio_has_feature(vdev, VIRTIO_BLK_F_SIZE_MAX) ?
		virtio_cread32(vdev, VIRTIO_BLK_CFG_SIZE_MAX) : 0;
	vblk->size_max = v ? v : UINT_MAX;

	disk = blk_mq_alloc_disk(&virtio_mq_ops, depth,
				 sizeof(struct virtblk_req) + vblk->sg_elems * sizeof(struct scatterlist),
				 vblk);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto out_vqs;
	}
	vblk->disk = disk;
	disk->private_data = vblk;
	disk->fops = &virtblk_fops;
	err = virtblk_name_format("vd", index, disk->disk_name, DISK_NAME_LEN);
	if (err)
		goto out_disk;
	/* Minors 0-15 for vda, 16-31 for vdb...: the disk, then its partitions. */
	disk->major = virtblk_major;
	disk->first_minor = index * VIRTBLK_MINORS;
	disk->minors = VIRTBLK_MINORS;

	virtblk_set_limits(vblk, disk->queue);
	if (virtio_has_feature(vdev, VIRTIO_BLK_F_RO))
		set_disk_ro(disk, true);
	virtblk_update_capacity(vblk, false);

	virtio_device_ready(vdev);
	err = device_add_disk(&vdev->dev, disk, NULL);
	if (err)
		goto out_reset;
	return 0;

out_reset:
	virtio_reset_device(vdev);
out_disk:
	put_disk(disk);
out_vqs:
	vdev->config->del_vqs(vdev);
out_free:
	kfree(vblk);
out_index:
	virtblk_free_index(index);
	return err;
}

static void virtblk_remove(struct virtio_device *vdev)
{
	struct virtio_blk *vblk = vdev->priv;

	/* del_gendisk() waits for the I/O it lets through; then stop the device. */
	del_gendisk(vblk->disk);
	virtio_reset_device(vdev);
	flush_work(&vblk->config_work);
	vdev->config->del_vqs(vdev);
	put_disk(vblk->disk);
	virtblk_free_index(vblk->index);
	kfree(vblk);
}

static const struct virtio_device_id virtblk_id_table[] = {
	{ VIRTIO_ID_BLOCK, VIRTIO_DEV_ANY_ID },
	{ 0 },
};

static const unsigned int virtblk_features[] = {
	VIRTIO_BLK_F_SEG_MAX, VIRTIO_BLK_F_SIZE_MAX, VIRTIO_BLK_F_GEOMETRY, VIRTIO_BLK_F_RO,
	VIRTIO_BLK_F_BLK_SIZE, VIRTIO_BLK_F_FLUSH, VIRTIO_BLK_F_TOPOLOGY,
	VIRTIO_BLK_F_CONFIG_WCE,
};

static struct virtio_driver virtio_blk_driver = {
	.driver.name = "virtio_blk",
	.id_table = virtblk_id_table,
	.feature_table = virtblk_features,
	.feature_table_size = ARRAY_SIZE(virtblk_features),
	.probe = virtblk_probe,
	.remove = virtblk_remove,
	.config_changed = virtblk_config_changed,
};

static int __init virtio_blk_init(void)
{
	int err;

	virtblk_major = register_blkdev(0, "virtblk");
	if (virtblk_major < 0)
		return virtblk_major;
	err = register_virtio_driver(&virtio_blk_driver);
	if (err)
		unregister_blkdev(virtblk_major, "virtblk");
	return err;
}
module_init(virtio_blk_init);
