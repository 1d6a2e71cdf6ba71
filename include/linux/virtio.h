/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Virtio (drivers/virtio/): the virtio bus, its devices and drivers, and
 * virtqueues.
 *
 * A transport (virtio_pci) finds a device, fills in a struct
 * virtio_device (id, config ops) and register_virtio_device()s it on the
 * virtio bus, where it shows up as /sys/bus/virtio/devices/virtioN.  The
 * core resets it, sets ACKNOWLEDGE and DRIVER, negotiates features with
 * the matching driver (its feature_table) and calls the driver's probe,
 * which sets up its queues (virtio_find_vqs()), then calls
 * virtio_device_ready() before it queues anything.
 *
 * Queue use (one struct virtqueue per ring, driver-serialised):
 *
 *	sg_init_one(&hdr_sg, &hdr, sizeof(hdr)); ... in[] ... status
 *	err = virtqueue_add_sgs(vq, sgs, nr_out, nr_in, cookie, GFP_ATOMIC);
 *	if (virtqueue_kick_prepare(vq)) virtqueue_notify(vq);   (or virtqueue_kick)
 *	callback(vq) from the interrupt: while ((cookie = virtqueue_get_buf(vq, &len))) ...
 *
 * Locking: a virtqueue has no lock of its own.  Its driver serialises
 * add/kick/get_buf/enable_cb/disable_cb on one queue (virtio_blk uses a
 * spinlock taken with interrupts off, also in its callback).  The
 * callback runs in hard interrupt context.
 */
#ifndef _LINUX_VIRTIO_H
#define _LINUX_VIRTIO_H

#include <linux/types.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/gfp.h>
#include <linux/device.h>
#include <linux/interrupt.h>
#include <linux/scatterlist.h>

struct virtio_device;
struct virtio_config_ops;

struct virtqueue {
	struct list_head list;			/* in vdev->vqs */
	void (*callback)(struct virtqueue *vq);
	const char *name;
	struct virtio_device *vdev;
	unsigned int index;			/* queue number on the device */
	unsigned int num_free;			/* free descriptors */
	void *priv;				/* the transport's */
};

/*
 * Expose sgs[0..out_sgs-1] (device reads) and sgs[out_sgs..] (device
 * writes) as one buffer; data (non-NULL) comes back from
 * virtqueue_get_buf().  Each sgs[i] is a list ended by sg_mark_end().
 * -ENOSPC when the ring is full, -EIO when the device is broken.
 */
int virtqueue_add_sgs(struct virtqueue *vq, struct scatterlist *sgs[], unsigned int out_sgs,
		      unsigned int in_sgs, void *data, gfp_t gfp);
/* Does the device want a notification for what was added? */
bool virtqueue_kick_prepare(struct virtqueue *vq);
/* Notify the device (no lock needed); false if the queue is broken. */
bool virtqueue_notify(struct virtqueue *vq);
bool virtqueue_kick(struct virtqueue *vq);
/* Next finished buffer's data and the bytes the device wrote, or NULL. */
void *virtqueue_get_buf(struct virtqueue *vq, unsigned int *len);
/* Ask the device not to interrupt / to interrupt again; enable returns
 * false if buffers arrived meanwhile (poll again). */
void virtqueue_disable_cb(struct virtqueue *vq);
bool virtqueue_enable_cb(struct virtqueue *vq);
/* Any used buffers waiting? */
bool virtqueue_more_used(struct virtqueue *vq);
/* After a reset: hand back a buffer the device never used, or NULL. */
void *virtqueue_detach_unused_buf(struct virtqueue *vq);
unsigned int virtqueue_get_vring_size(const struct virtqueue *vq);
bool virtqueue_is_broken(const struct virtqueue *vq);
/* For a transport's interrupt handler: run the callback if there is work. */
irqreturn_t vring_interrupt(int irq, void *vq);

struct virtio_device_id {
	u32 device;
	u32 vendor;
};
#define VIRTIO_DEV_ANY_ID	0xffffffff

struct virtio_device {
	int index;				/* virtio<index> */
	bool config_enabled;			/* driver bound: config_changed may run */
	struct device dev;
	struct virtio_device_id id;
	const struct virtio_config_ops *config;
	struct list_head vqs;
	u64 features;				/* negotiated */
	void *priv;				/* the driver's */
};

#define dev_to_virtio(d)	container_of(d, struct virtio_device, dev)

struct virtio_driver {
	struct device_driver driver;
	const struct virtio_device_id *id_table;	/* ends with device 0 */
	const unsigned int *feature_table;		/* device feature bits it uses */
	unsigned int feature_table_size;
	int (*probe)(struct virtio_device *dev);
	void (*remove)(struct virtio_device *dev);
	void (*config_changed)(struct virtio_device *dev);
};

#define drv_to_virtio(d)	container_of(d, struct virtio_driver, driver)

int register_virtio_driver(struct virtio_driver *drv);
void unregister_virtio_driver(struct virtio_driver *drv);

/* Transports */
int register_virtio_device(struct virtio_device *dev);
void unregister_virtio_device(struct virtio_device *dev);
/* From the config-change interrupt. */
void virtio_config_changed(struct virtio_device *dev);
/* Status, features and transport features: what the core itself accepts. */
void virtio_reset_device(struct virtio_device *dev);

extern struct bus_type virtio_bus;

#endif /* _LINUX_VIRTIO_H */
