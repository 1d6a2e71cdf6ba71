// SPDX-License-Identifier: GPL-2.0-only
/*
 * Split virtqueues, the driver's half (virtio 1.x "Split Virtqueues";
 * the same layout serves legacy devices).
 *
 * The descriptor table doubles as its own free list: free descriptors
 * are chained through .next from free_head, so a buffer of n pieces
 * takes the first n free ones in order and needs no search.  A buffer
 * of several pieces goes through an indirect table (kmalloc()ed, one
 * ring descriptor) when the device supports it and the allocation
 * succeeds; otherwise the pieces are chained in the ring.
 *
 * The driver writes the available ring and reads the used ring; the
 * indices run freely modulo 2^16 and pick the slot modulo num.  Memory
 * ordering against the device (which runs concurrently, e.g. another
 * QEMU thread) is the virtio_*mb() below: descriptors before the
 * available index, the available index before reading whether to
 * notify, the used index before the used entries.  On x86 only the
 * store-load case needs a real fence.
 *
 * Notifications: with VIRTIO_RING_F_EVENT_IDX the two sides tell each
 * other the index at which they next want to hear (used_event,
 * avail_event); otherwise the NO_NOTIFY / NO_INTERRUPT flags.
 *
 * Interface: <linux/virtio.h> (virtqueue_*), <linux/virtio_ring.h>
 * (vring_create_virtqueue() etc. for transports).
 *
 * Locking: none here; each queue's user serialises its calls (see
 * <linux/virtio.h>).  virtqueue_notify() and vring_interrupt()'s check
 * for work may run concurrently with the serialised calls.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/gfp.h>
#include <linux/mm.h>
#include <linux/virtio.h>
#include <linux/virtio_config.h>
#include <linux/virtio_ring.h>
#include <asm/barrier.h>

/* The device is a CPU-like agent on coherent memory: SMP barriers suffice. */
#define virtio_mb()	smp_mb()
#define virtio_rmb()	smp_rmb()
#define virtio_wmb()	smp_wmb()

struct vring_desc_extra {
	void *data;			/* the caller's token; NULL when free */
	struct vring_desc *indir;	/* indirect table to kfree() */
	u16 ndescs;			/* ring descriptors the buffer holds */
};

struct vring_virtqueue {
	struct virtqueue vq;
	unsigned int num;		/* a power of two */
	struct vring_desc *desc;
	struct vring_avail *avail;
	struct vring_used *used;
	struct page *pages;
	unsigned int order;
	bool indirect;			/* VIRTIO_RING_F_INDIRECT_DESC negotiated */
	bool event;			/* VIRTIO_RING_F_EVENT_IDX negotiated */
	bool broken;
	u16 free_head;
	u16 avail_idx_shadow;		/* what we last published in avail->idx */
	u16 avail_flags_shadow;
	u16 last_used_idx;		/* next used entry to look at */
	unsigned int num_added;		/* buffers added since the last kick */
	bool (*notify)(struct virtqueue *vq);
	struct vring_desc_extra extra[];	/* by head descriptor */
};

#define to_vvq(_vq)	container_of(_vq, struct vring_virtqueue, vq)

/* used_event lives after the available ring, avail_event after the used ring. */
static __le16 *vring_used_event(struct vring_virtqueue *vq)
{
	return &vq->avail->ring[vq->num];
}

static __le16 *vring_avail_event(struct vring_virtqueue *vq)
{
	return (__le16 *)&vq->used->ring[vq->num];
}

#define BAD_RING(vq, fmt, ...) do {						\
	pr_err("virtio %s queue %s: " fmt, dev_name(&(vq)->vq.vdev->dev),	\
	       (vq)->vq.name, ##__VA_ARGS__);					\
	(vq)->broken = true;							\
} while (0)

/* ------------------------------------------------------------ adding */

static void fill_desc(struct vring_desc *d, phys_addr_t addr, u32 len, u16 flags)
{
	d->addr = cpu_to_le64(addr);
	d->len = cpu_to_le32(len);
	d->flags = cpu_to_le16(flags);
}

/*
 * An indirect table for total pieces, or NULL (then we go direct).  Failing
 * is normal under memory pressure - reclaim's swap writes come here with
 * GFP_ATOMIC and the queue lock held - so it is not worth a warning.
 */
static struct vring_desc *alloc_indirect(unsigned int total, gfp_t gfp)
{
	struct vring_desc *t = kmalloc(total * sizeof(*t), gfp | __GFP_NOWARN);

	if (!t)
		return NULL;
	for (unsigned int i = 0; i < total; i++)
		t[i].next = cpu_to_le16(i + 1);
	return t;
}

int virtqueue_add_sgs(struct virtqueue *_vq, struct scatterlist *sgs[], unsigned int out_sgs,
		      unsigned int in_sgs, void *data, gfp_t gfp)
{
	struct vring_virtqueue *vq = to_vvq(_vq);
	struct vring_desc *table = NULL, *desc;
	unsigned int total = 0, n, i, prev = 0, head;
	struct scatterlist *sg;
	u16 slot;

	if (WARN_ON(!data) || out_sgs + in_sgs == 0)
		return -EINVAL;
	if (vq->broken)
		return -EIO;
	for (n = 0; n < out_sgs + in_sgs; n++)
		for (sg = sgs[n]; sg; sg = sg_next(sg))
			total++;
	if (!total || total > 0xffff)
		return -EINVAL;

	if (vq->indirect && total > 1 && vq->vq.num_free)
		table = alloc_indirect(total, gfp);
	head = vq->free_head;
	if (table) {
		desc = table;
		i = 0;
	} else {
		if (vq->vq.num_free < total)
			return -ENOSPC;
		desc = vq->desc;
		i = head;
	}

	for (n = 0; n < out_sgs + in_sgs; n++) {
		u16 flags = VRING_DESC_F_NEXT | (n >= out_sgs ? VRING_DESC_F_WRITE : 0);

		for (sg = sgs[n]; sg; sg = sg_next(sg)) {
			fill_desc(&desc[i], sg_phys(sg), sg->length, flags);
			prev = i;
			i = le16_to_cpu(desc[i].next);
		}
	}
	desc[prev].flags &= cpu_to_le16(~VRING_DESC_F_NEXT);

	if (table) {
		fill_desc(&vq->desc[head], __pa(table), total * sizeof(*table),
			  VRING_DESC_F_INDIRECT);
		vq->free_head = le16_to_cpu(vq->desc[head].next);
		vq->vq.num_free--;
		vq->extra[head].ndescs = 1;
	} else {
		vq->free_head = i;
		vq->vq.num_free -= total;
		vq->extra[head].ndescs = total;
	}
	vq->extra[head].data = data;
	vq->extra[head].indir = table;

	/* The chain is complete before the device can see its head. */
	slot = vq->avail_idx_shadow & (vq->num - 1);
	vq->avail->ring[slot] = cpu_to_le16(head);
	virtio_wmb();
	vq->avail_idx_shadow++;
	WRITE_ONCE(vq->avail->idx, cpu_to_le16(vq->avail_idx_shadow));
	vq->num_added++;
	/* Don't let the unnotified count wrap the 16-bit window. */
	if (unlikely(vq->num_added == 0xffff))
		virtqueue_kick(_vq);
	return 0;
}

bool virtqueue_kick_prepare(struct virtqueue *_vq)
{
	struct vring_virtqueue *vq = to_vvq(_vq);
	u16 new_idx, old_idx;
	bool needs;

	/* Publish avail->idx before reading what the device asked for. */
	virtio_mb();
	new_idx = vq->avail_idx_shadow;
	old_idx = new_idx - vq->num_added;
	vq->num_added = 0;
	if (vq->event)
		needs = vring_need_event(le16_to_cpu(READ_ONCE(*vring_avail_event(vq))), new_idx,
					 old_idx);
	else
		needs = !(le16_to_cpu(READ_ONCE(vq->used->flags)) & VRING_USED_F_NO_NOTIFY);
	return needs;
}

bool virtqueue_notify(struct virtqueue *_vq)
{
	struct vring_virtqueue *vq = to_vvq(_vq);

	if (unlikely(READ_ONCE(vq->broken)))
		return false;
	if (!vq->notify(_vq)) {
		WRITE_ONCE(vq->broken, true);
		return false;
	}
	return true;
}

bool virtqueue_kick(struct virtqueue *vq)
{
	if (virtqueue_kick_prepare(vq))
		return virtqueue_notify(vq);
	return true;
}

/* ------------------------------------------------------------ completing */

static void detach_buf(struct vring_virtqueue *vq, unsigned int head)
{
	struct vring_desc_extra *x = &vq->extra[head];
	unsigned int i = head;

	for (unsigned int n = 1; n < x->ndescs; n++)
		i = le16_to_cpu(vq->desc[i].next);
	vq->desc[i].next = cpu_to_le16(vq->free_head);
	vq->free_head = head;
	vq->vq.num_free += x->ndescs;
	kfree(x->indir);
	x->indir = NULL;
	x->data = NULL;
	x->ndescs = 0;
}

bool virtqueue_more_used(struct virtqueue *_vq)
{
	struct vring_virtqueue *vq = to_vvq(_vq);

	return vq->last_used_idx != le16_to_cpu(READ_ONCE(vq->used->idx));
}

void *virtqueue_get_buf(struct virtqueue *_vq, unsigned int *len)
{
	struct vring_virtqueue *vq = to_vvq(_vq);
	struct vring_used_elem *e;
	unsigned int head;
	void *data;

	if (unlikely(vq->broken) || !virtqueue_more_used(_vq))
		return NULL;
	/* The entry is valid once the index says so. */
	virtio_rmb();
	e = &vq->used->ring[vq->last_used_idx & (vq->num - 1)];
	head = le32_to_cpu(READ_ONCE(e->id));
	if (len)
		*len = le32_to_cpu(READ_ONCE(e->len));
	if (unlikely(head >= vq->num || !vq->extra[head].data)) {
		BAD_RING(vq, "used id %u is not a buffer we gave\n", head);
		return NULL;
	}
	data = vq->extra[head].data;
	detach_buf(vq, head);
	vq->last_used_idx++;
	/* Interrupt me at the next entry, and let that be seen before we look again. */
	if (vq->event && !(vq->avail_flags_shadow & VRING_AVAIL_F_NO_INTERRUPT)) {
		WRITE_ONCE(*vring_used_event(vq), cpu_to_le16(vq->last_used_idx));
		virtio_mb();
	}
	return data;
}

void virtqueue_disable_cb(struct virtqueue *_vq)
{
	struct vring_virtqueue *vq = to_vvq(_vq);

	if (vq->avail_flags_shadow & VRING_AVAIL_F_NO_INTERRUPT)
		return;
	vq->avail_flags_shadow |= VRING_AVAIL_F_NO_INTERRUPT;
	if (vq->event)
		/* An index already behind us: no interrupt until 2^16 more. */
		WRITE_ONCE(*vring_used_event(vq), cpu_to_le16(vq->last_used_idx - 1));
	else
		WRITE_ONCE(vq->avail->flags, cpu_to_le16(vq->avail_flags_shadow));
}

bool virtqueue_enable_cb(struct virtqueue *_vq)
{
	struct vring_virtqueue *vq = to_vvq(_vq);

	if (vq->avail_flags_shadow & VRING_AVAIL_F_NO_INTERRUPT) {
		vq->avail_flags_shadow &= ~VRING_AVAIL_F_NO_INTERRUPT;
		if (!vq->event)
			WRITE_ONCE(vq->avail->flags, cpu_to_le16(vq->avail_flags_shadow));
	}
	if (vq->event)
		WRITE_ONCE(*vring_used_event(vq), cpu_to_le16(vq->last_used_idx));
	/* Our request is visible before we check for work that raced with it. */
	virtio_mb();
	return !virtqueue_more_used(_vq);
}

void *virtqueue_detach_unused_buf(struct virtqueue *_vq)
{
	struct vring_virtqueue *vq = to_vvq(_vq);

	for (unsigned int i = 0; i < vq->num; i++) {
		void *data = vq->extra[i].data;

		if (!data)
			continue;
		detach_buf(vq, i);
		vq->avail_idx_shadow--;
		vq->avail->idx = cpu_to_le16(vq->avail_idx_shadow);
		return data;
	}
	return NULL;
}

unsigned int virtqueue_get_vring_size(const struct virtqueue *vq)
{
	return container_of(vq, struct vring_virtqueue, vq)->num;
}

bool virtqueue_is_broken(const struct virtqueue *vq)
{
	return READ_ONCE(container_of(vq, struct vring_virtqueue, vq)->broken);
}

void virtio_break_device(struct virtio_device *vdev)
{
	struct virtqueue *vq;

	list_for_each_entry(vq, &vdev->vqs, list)
		WRITE_ONCE(to_vvq(vq)->broken, true);
}

irqreturn_t vring_interrupt(int irq, void *_vq)
{
	struct vring_virtqueue *vq = to_vvq((struct virtqueue *)_vq);

	if (!virtqueue_more_used(&vq->vq))
		return IRQ_NONE;
	if (unlikely(vq->broken))
		return IRQ_HANDLED;
	if (vq->vq.callback)
		vq->vq.callback(&vq->vq);
	return IRQ_HANDLED;
}

/* ------------------------------------------------------------ setup */

phys_addr_t virtqueue_get_desc_addr(const struct virtqueue *vq)
{
	return __pa(container_of(vq, struct vring_virtqueue, vq)->desc);
}

phys_addr_t virtqueue_get_avail_addr(const struct virtqueue *vq)
{
	return __pa(container_of(vq, struct vring_virtqueue, vq)->avail);
}

phys_addr_t virtqueue_get_used_addr(const struct virtqueue *vq)
{
	return __pa(container_of(vq, struct vring_virtqueue, vq)->used);
}

struct virtqueue *vring_create_virtqueue(unsigned int index, unsigned int num,
					 unsigned int vring_align, struct virtio_device *vdev,
					 bool (*notify)(struct virtqueue *vq),
					 void (*callback)(struct virtqueue *vq), const char *name)
{
	struct vring_virtqueue *vq;
	size_t bytes;
	void *mem;

	if (!num || (num & (num - 1)) || num > 32768) {
		pr_err("virtio: queue size %u is not a power of two up to 32768\n", num);
		return NULL;
	}
	vq = kzalloc(sizeof(*vq) + num * sizeof(vq->extra[0]), GFP_KERNEL);
	if (!vq)
		return NULL;
	bytes = vring_size(num, vring_align);
	vq->order = get_order(bytes);
	vq->pages = alloc_pages(GFP_KERNEL | __GFP_ZERO, vq->order);
	if (!vq->pages) {
		kfree(vq);
		return NULL;
	}
	mem = page_address(vq->pages);
	vq->num = num;
	vq->desc = mem;
	vq->avail = mem + num * sizeof(struct vring_desc);
	vq->used = mem + ALIGN(num * sizeof(struct vring_desc) + sizeof(__le16) * (3 + num),
			       vring_align);
	/* The driver-visible part; every descriptor starts free. */
	vq->vq = (struct virtqueue){
		.vdev = vdev, .callback = callback, .name = name,
		.index = index, .num_free = num,
	};
	vq->notify = notify;
	vq->indirect = virtio_has_feature(vdev, VIRTIO_RING_F_INDIRECT_DESC);
	vq->event = virtio_has_feature(vdev, VIRTIO_RING_F_EVENT_IDX);
	for (unsigned int i = 0; i < num - 1; i++)
		vq->desc[i].next = cpu_to_le16(i + 1);
	/* No callback: the user polls, so ask for no interrupts at all. */
	if (!callback)
		virtqueue_disable_cb(&vq->vq);
	list_add_tail(&vq->vq.list, &vdev->vqs);
	return &vq->vq;
}

void vring_del_virtqueue(struct virtqueue *_vq)
{
	struct vring_virtqueue *vq = to_vvq(_vq);

	for (unsigned int i = 0; i < vq->num; i++)
		kfree(vq->extra[i].indir);
	list_del(&_vq->list);
	__free_pages(vq->pages, vq->order);
	kfree(vq);
}
