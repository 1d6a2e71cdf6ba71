// SPDX-License-Identifier: GPL-2.0-only
/*
 * Split ring self tests with the test playing the device: it reads the
 * available ring and descriptor chains straight from the ring's memory
 * and completes buffers through the used ring.  Covers chaining and the
 * free list, ring-full (-ENOSPC), indirect tables, 16-bit index
 * wrap-around, notification suppression both ways (flags and event
 * indices), and vring_need_event() itself.
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/mm.h>
#include <linux/selftest.h>
#include <linux/virtio.h>
#include <linux/virtio_config.h>
#include <linux/virtio_ring.h>

struct fake_dev {
	struct virtio_device vdev;
	struct vring_desc *desc;
	struct vring_avail *avail;
	struct vring_used *used;
	unsigned int num;
	u16 last_avail;		/* the "device's" position in the available ring */
	unsigned int notifies;
};

static bool fake_notify(struct virtqueue *vq)
{
	container_of(vq->vdev, struct fake_dev, vdev)->notifies++;
	return true;
}

static struct virtqueue *fake_queue(struct fake_dev *f, unsigned int num, u64 features)
{
	struct virtqueue *vq;

	memset(f, 0, sizeof(*f));
	INIT_LIST_HEAD(&f->vdev.vqs);
	f->vdev.features = features;
	vq = vring_create_virtqueue(0, num, 64, &f->vdev, fake_notify, NULL, "test");
	if (!vq)
		return NULL;
	f->num = num;
	f->desc = __va(virtqueue_get_desc_addr(vq));
	f->avail = __va(virtqueue_get_avail_addr(vq));
	f->used = __va(virtqueue_get_used_addr(vq));
	return vq;
}

/*
 * Take the next available buffer: check its pieces (lengths lens[], the
 * first nout device-readable), then complete it with written bytes.
 */
static int device_consume(struct fake_dev *f, const unsigned int *lens, unsigned int n,
			  unsigned int nout, u32 written)
{
	struct vring_desc *d = f->desc;
	unsigned int head, i, k = 0, max = f->num;
	u16 uidx;

	if (le16_to_cpu(f->avail->idx) == f->last_avail)
		return -1;
	head = le16_to_cpu(f->avail->ring[f->last_avail % f->num]);
	f->last_avail++;
	i = head;
	if (le16_to_cpu(d[i].flags) & VRING_DESC_F_INDIRECT) {
		max = le32_to_cpu(d[i].len) / sizeof(*d);
		d = __va(le64_to_cpu(d[i].addr));
		i = 0;
	}
	for (;;) {
		u16 flags = le16_to_cpu(d[i].flags);

		if (k >= n || le32_to_cpu(d[i].len) != lens[k] ||
		    !!(flags & VRING_DESC_F_WRITE) != (k >= nout))
			return -2;
		k++;
		if (!(flags & VRING_DESC_F_NEXT))
			break;
		i = le16_to_cpu(d[i].next);
		if (i >= max)
			return -3;
	}
	if (k != n)
		return -4;
	uidx = le16_to_cpu(f->used->idx);
	f->used->ring[uidx % f->num].id = cpu_to_le32(head);
	f->used->ring[uidx % f->num].len = cpu_to_le32(written);
	f->used->idx = cpu_to_le16(uidx + 1);
	return 0;
}

static int add_buf(struct virtqueue *vq, struct scatterlist *sg, unsigned int n, unsigned int nout,
		   void *token)
{
	struct scatterlist *sgs[2];

	/* sg[0..nout-1] out, sg[nout..n-1] in (fill_sg() marked the ends) */
	sgs[0] = sg;
	sgs[1] = sg + nout;
	if (!nout)
		sgs[0] = sg + nout;
	return virtqueue_add_sgs(vq, sgs, nout ? 1 : 0, n > nout ? 1 : 0, token, GFP_KERNEL);
}

static char buf[4096];

static void fill_sg(struct scatterlist *sg, const unsigned int *lens, unsigned int n,
		    unsigned int nout)
{
	unsigned int off = 0;

	for (unsigned int i = 0; i < n; i++) {
		sg_set_buf(&sg[i], buf + off, lens[i]);
		sg[i].end = false;
		off += lens[i];
	}
	if (nout)
		sg[nout - 1].end = true;
	sg[n - 1].end = true;
}

static int ring_direct_test(void)
{
	static const unsigned int lens[3] = { 16, 512, 1 };
	struct scatterlist sg[3];
	struct fake_dev f;
	struct virtqueue *vq = fake_queue(&f, 8, 0);
	unsigned int len, rounds = 0;
	int ret = -1;

	ST_ASSERT(vq, "no queue");
	ST_ASSERT(vq->num_free == 8 && virtqueue_get_vring_size(vq) == 8, "size");
	/* Fill: two 3-piece buffers fit in 8, the third does not. */
	for (int i = 0; i < 2; i++) {
		fill_sg(sg, lens, 3, 1);
		if (add_buf(vq, sg, 3, 1, (void *)(long)(i + 1)))
			goto out;
	}
	fill_sg(sg, lens, 3, 1);
	if (vq->num_free != 2 || add_buf(vq, sg, 3, 1, (void *)3L) != -ENOSPC) {
		st_diag("ring-full not reported (num_free %u)", vq->num_free);
		goto out;
	}
	/* The device asked for notifications: a kick notifies once. */
	if (!virtqueue_kick(vq) || f.notifies != 1)
		goto out;
	/* Complete in order, many rounds: indices wrap past 65535. */
	for (rounds = 0; rounds < 70000; rounds++) {
		void *tok;

		if (device_consume(&f, lens, 3, 1, 513))
			goto out;
		tok = virtqueue_get_buf(vq, &len);
		if (!tok || len != 513 || virtqueue_get_buf(vq, &len))
			goto out;
		fill_sg(sg, lens, 3, 1);
		if (add_buf(vq, sg, 3, 1, tok))
			goto out;
	}
	/* Drain: both buffers back, all descriptors free. */
	for (int i = 0; i < 2; i++)
		if (device_consume(&f, lens, 3, 1, 1) || !virtqueue_get_buf(vq, &len))
			goto out;
	ret = vq->num_free == 8 && !virtqueue_more_used(vq) ? 0 : -1;
out:
	if (ret)
		st_diag("failed after %u rounds, num_free %u", rounds, vq->num_free);
	vring_del_virtqueue(vq);
	return ret;
}
DEFINE_SELFTEST("virtio: split ring chains, ring full, index wrap", ring_direct_test);

static int ring_indirect_test(void)
{
	static const unsigned int lens[6] = { 16, 64, 64, 64, 64, 1 };
	struct scatterlist sg[6];
	struct fake_dev f;
	struct virtqueue *vq = fake_queue(&f, 4, BIT_ULL(VIRTIO_RING_F_INDIRECT_DESC));
	unsigned int len;
	int ret = -1;

	ST_ASSERT(vq, "no queue");
	/* Six pieces in a four-entry ring: only possible indirectly, one slot each. */
	for (int i = 0; i < 4; i++) {
		fill_sg(sg, lens, 6, 1);
		if (add_buf(vq, sg, 6, 1, (void *)(long)(i + 1)))
			goto out;
	}
	if (vq->num_free != 0)
		goto out;
	for (int i = 0; i < 4; i++) {
		if (device_consume(&f, lens, 6, 1, 257) ||
		    virtqueue_get_buf(vq, &len) != (void *)(long)(i + 1) || len != 257)
			goto out;
	}
	/* A single piece never needs a table. */
	fill_sg(sg, lens, 1, 1);
	if (add_buf(vq, sg, 1, 1, (void *)9L) || vq->num_free != 3 ||
	    (le16_to_cpu(f.desc[le16_to_cpu(f.avail->ring[4 % 4])].flags) & VRING_DESC_F_INDIRECT))
		goto out;
	ret = 0;
out:
	vring_del_virtqueue(vq);
	return ret;
}
DEFINE_SELFTEST("virtio: indirect descriptor tables", ring_indirect_test);

static int ring_notify_test(void)
{
	static const unsigned int lens[1] = { 8 };
	struct scatterlist sg[1];
	struct fake_dev f;
	struct virtqueue *vq;
	unsigned int len;
	int ret = -1;

	/* vring_need_event(): crossing the event index, modulo 2^16. */
	ST_ASSERT(vring_need_event(5, 6, 5) && !vring_need_event(6, 6, 5), "basic");
	ST_ASSERT(vring_need_event(0xffff, 1, 0xfffe) && !vring_need_event(2, 1, 0xfffe), "wrap");

	/* Flags: the device says NO_NOTIFY, so a kick does not notify. */
	vq = fake_queue(&f, 4, 0);
	ST_ASSERT(vq, "no queue");
	f.used->flags = cpu_to_le16(VRING_USED_F_NO_NOTIFY);
	fill_sg(sg, lens, 1, 1);
	if (add_buf(vq, sg, 1, 1, (void *)1L) || !virtqueue_kick(vq) || f.notifies)
		goto out;
	/* Our side: disable_cb sets NO_INTERRUPT, enable_cb clears it and reports work. */
	virtqueue_disable_cb(vq);
	if (!(le16_to_cpu(f.avail->flags) & VRING_AVAIL_F_NO_INTERRUPT))
		goto out;
	if (device_consume(&f, lens, 1, 1, 0) || virtqueue_enable_cb(vq) ||
	    (le16_to_cpu(f.avail->flags) & VRING_AVAIL_F_NO_INTERRUPT) ||
	    !virtqueue_get_buf(vq, &len))
		goto out;
	vring_del_virtqueue(vq);

	/* Event index: notify only when avail->idx crosses avail_event. */
	vq = fake_queue(&f, 4, BIT_ULL(VIRTIO_RING_F_EVENT_IDX));
	ST_ASSERT(vq, "no queue");
	/* A queue made without a callback starts with interrupts off: turn them on. */
	if (!virtqueue_enable_cb(vq) || le16_to_cpu(f.avail->ring[4]) != 0)
		goto out;
	*(__le16 *)&f.used->ring[4] = cpu_to_le16(1);	/* notify when entry 1 is added */
	fill_sg(sg, lens, 1, 1);
	if (add_buf(vq, sg, 1, 1, (void *)1L) || !virtqueue_kick(vq) || f.notifies != 0)
		goto out;
	fill_sg(sg, lens, 1, 1);
	if (add_buf(vq, sg, 1, 1, (void *)2L) || !virtqueue_kick(vq) || f.notifies != 1)
		goto out;
	/* After get_buf, used_event asks for an interrupt at the next entry. */
	if (device_consume(&f, lens, 1, 1, 0) || !virtqueue_get_buf(vq, &len) ||
	    le16_to_cpu(f.avail->ring[4]) != 1)
		goto out;
	ret = 0;
out:
	if (ret)
		st_diag("notification check failed (notifies %u)", f.notifies);
	vring_del_virtqueue(vq);
	return ret;
}
DEFINE_SELFTEST("virtio: notification suppression and event indices", ring_notify_test);
