/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The split virtqueue as the device sees it (virtio 1.x, "Split
 * Virtqueues"): a descriptor table, the driver's available ring and the
 * device's used ring, all little-endian.  Legacy devices want the three
 * in one block: the table, then the available ring, then - at the next
 * VIRTIO_PCI_VRING_ALIGN boundary - the used ring (vring_size()).
 *
 * With VIRTIO_RING_F_EVENT_IDX each side publishes, after its own ring,
 * the index at which it wants the next notification: used_event after
 * avail->ring[num], avail_event after used->ring[num].
 */
#ifndef _LINUX_VIRTIO_RING_H
#define _LINUX_VIRTIO_RING_H

#include <linux/types.h>

#define VRING_DESC_F_NEXT	1	/* the chain goes on at .next */
#define VRING_DESC_F_WRITE	2	/* the device writes this buffer */
#define VRING_DESC_F_INDIRECT	4	/* the buffer is a table of descriptors */

#define VRING_AVAIL_F_NO_INTERRUPT 1	/* driver: no need to interrupt me */
#define VRING_USED_F_NO_NOTIFY	1	/* device: no need to notify me */

/* Feature bits of the ring itself (transport-independent). */
#define VIRTIO_RING_F_INDIRECT_DESC	28
#define VIRTIO_RING_F_EVENT_IDX		29

struct vring_desc {
	__le64 addr;			/* guest physical */
	__le32 len;
	__le16 flags;
	__le16 next;
};

struct vring_avail {
	__le16 flags;
	__le16 idx;			/* where the driver puts the next entry */
	__le16 ring[];			/* heads of descriptor chains */
};

struct vring_used_elem {
	__le32 id;			/* head of the chain the device finished */
	__le32 len;			/* bytes it wrote into the chain */
};

struct vring_used {
	__le16 flags;
	__le16 idx;
	struct vring_used_elem ring[];
};

/* Legacy layout alignment of the used ring (and the queue's base). */
#define VIRTIO_PCI_VRING_ALIGN	4096

static inline size_t vring_size(unsigned int num, unsigned long align)
{
	size_t avail_end = sizeof(struct vring_desc) * num + sizeof(__le16) * (3 + num);

	return ((avail_end + align - 1) & ~(align - 1)) +
	       sizeof(__le16) * 3 + sizeof(struct vring_used_elem) * num;
}

/*
 * Did the index move past event_idx when it went from old to new_idx?
 * All arithmetic is modulo 2^16, as the indices wrap.
 */
static inline bool vring_need_event(u16 event_idx, u16 new_idx, u16 old)
{
	return (u16)(new_idx - event_idx - 1) < (u16)(new_idx - old);
}

/*
 * The driver side (drivers/virtio/virtio_ring.c), for transports: a split
 * ring of num entries (a power of two) in one zeroed, physically
 * contiguous block laid out as vring_size(num, align) says.  notify is
 * how the transport tells the device about new buffers.
 */
struct virtio_device;
struct virtqueue;

struct virtqueue *vring_create_virtqueue(unsigned int index, unsigned int num,
					 unsigned int vring_align, struct virtio_device *vdev,
					 bool (*notify)(struct virtqueue *vq),
					 void (*callback)(struct virtqueue *vq), const char *name);
void vring_del_virtqueue(struct virtqueue *vq);
/* Where the three parts are, for the transport to tell the device. */
phys_addr_t virtqueue_get_desc_addr(const struct virtqueue *vq);
phys_addr_t virtqueue_get_avail_addr(const struct virtqueue *vq);
phys_addr_t virtqueue_get_used_addr(const struct virtqueue *vq);
/* Mark a queue broken: every later operation fails (device misbehaved). */
void virtio_break_device(struct virtio_device *vdev);

#endif /* _LINUX_VIRTIO_RING_H */
