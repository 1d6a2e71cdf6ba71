/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The virtio device interface a transport (virtio-pci modern or legacy)
 * implements, and the helpers drivers use on it: feature bits, status,
 * device configuration space.
 *
 * Feature negotiation (drivers/virtio/virtio.c does it before probe):
 * the device offers features, the core keeps those in the driver's
 * feature_table plus the transport features it implements
 * (VIRTIO_F_VERSION_1, the ring features), writes them and, for a
 * VERSION_1 device, sets FEATURES_OK and checks it stuck.
 *
 * Config space: virtio_cread*() read fields of the device-specific
 * configuration (little-endian on modern devices; legacy devices use
 * the guest's byte order, which on x86 is the same).  Multi-byte reads
 * that can tear retry until the generation counter is stable.
 */
#ifndef _LINUX_VIRTIO_CONFIG_H
#define _LINUX_VIRTIO_CONFIG_H

#include <linux/types.h>
#include <linux/bits.h>
#include <linux/errno.h>
#include <asm/byteorder.h>
#include <linux/virtio.h>

/* Device status bits */
#define VIRTIO_CONFIG_S_ACKNOWLEDGE	1	/* the guest noticed the device */
#define VIRTIO_CONFIG_S_DRIVER		2	/* and has a driver for it */
#define VIRTIO_CONFIG_S_DRIVER_OK	4	/* the driver is ready */
#define VIRTIO_CONFIG_S_FEATURES_OK	8	/* feature negotiation done */
#define VIRTIO_CONFIG_S_NEEDS_RESET	0x40	/* the device gave up */
#define VIRTIO_CONFIG_S_FAILED		0x80	/* the driver gave up */

/* Transport and ring feature bits (24-40) */
#define VIRTIO_TRANSPORT_F_START	28
#define VIRTIO_TRANSPORT_F_END		41
#define VIRTIO_F_NOTIFY_ON_EMPTY	24	/* legacy */
#define VIRTIO_F_ANY_LAYOUT		27	/* legacy */
#define VIRTIO_F_VERSION_1		32	/* virtio 1.0 (modern) semantics */
#define VIRTIO_F_ACCESS_PLATFORM	33	/* needs an IOMMU: we cannot */
#define VIRTIO_F_RING_PACKED		34
#define VIRTIO_F_IN_ORDER		35
#define VIRTIO_F_ORDER_PLATFORM		36
#define VIRTIO_F_SR_IOV			37
#define VIRTIO_F_NOTIFICATION_DATA	38

typedef void vq_callback_t(struct virtqueue *vq);

struct virtio_config_ops {
	/* Device-specific configuration, offset from its start. */
	void (*get)(struct virtio_device *vdev, unsigned int offset, void *buf, unsigned int len);
	void (*set)(struct virtio_device *vdev, unsigned int offset, const void *buf,
		    unsigned int len);
	/* Changes whenever the device changes its configuration (0 if unknown). */
	u32 (*generation)(struct virtio_device *vdev);
	u8 (*get_status)(struct virtio_device *vdev);
	void (*set_status)(struct virtio_device *vdev, u8 status);
	/* Back to status 0; returns when the device has reset. */
	void (*reset)(struct virtio_device *vdev);
	/*
	 * Set up nvqs queues with their interrupts; callbacks[i] runs in
	 * interrupt context when queue i has used buffers (NULL: polled).
	 */
	int (*find_vqs)(struct virtio_device *vdev, unsigned int nvqs, struct virtqueue *vqs[],
			vq_callback_t *callbacks[], const char *const names[]);
	void (*del_vqs)(struct virtio_device *vdev);
	u64 (*get_features)(struct virtio_device *vdev);	/* offered */
	/* Write vdev->features to the device (VERSION_1 checks come after). */
	int (*finalize_features)(struct virtio_device *vdev);
	const char *(*bus_name)(struct virtio_device *vdev);
};

static inline bool __virtio_test_bit(const struct virtio_device *vdev, unsigned int fbit)
{
	return vdev->features & BIT_ULL(fbit);
}

static inline void __virtio_set_bit(struct virtio_device *vdev, unsigned int fbit)
{
	vdev->features |= BIT_ULL(fbit);
}

static inline void __virtio_clear_bit(struct virtio_device *vdev, unsigned int fbit)
{
	vdev->features &= ~BIT_ULL(fbit);
}

/* Was fbit negotiated? */
static inline bool virtio_has_feature(const struct virtio_device *vdev, unsigned int fbit)
{
	return __virtio_test_bit(vdev, fbit);
}

static inline int virtio_find_vqs(struct virtio_device *vdev, unsigned int nvqs,
				  struct virtqueue *vqs[], vq_callback_t *callbacks[],
				  const char *const names[])
{
	return vdev->config->find_vqs(vdev, nvqs, vqs, callbacks, names);
}

static inline struct virtqueue *virtio_find_single_vq(struct virtio_device *vdev,
						      vq_callback_t *cb, const char *name)
{
	struct virtqueue *vq;
	const char *names[] = { name };
	vq_callback_t *callbacks[] = { cb };
	int err = virtio_find_vqs(vdev, 1, &vq, callbacks, names);

	return err ? ERR_PTR(err) : vq;
}

/* Read len bytes of config at offset consistently (generation-checked). */
void virtio_cread_bytes(struct virtio_device *vdev, unsigned int offset, void *buf, size_t len);

static inline u8 virtio_cread8(struct virtio_device *vdev, unsigned int offset)
{
	u8 v;

	vdev->config->get(vdev, offset, &v, sizeof(v));
	return v;
}

static inline u16 virtio_cread16(struct virtio_device *vdev, unsigned int offset)
{
	__le16 v;

	vdev->config->get(vdev, offset, &v, sizeof(v));
	return le16_to_cpu(v);
}

static inline u32 virtio_cread32(struct virtio_device *vdev, unsigned int offset)
{
	__le32 v;

	vdev->config->get(vdev, offset, &v, sizeof(v));
	return le32_to_cpu(v);
}

static inline u64 virtio_cread64(struct virtio_device *vdev, unsigned int offset)
{
	__le64 v;

	virtio_cread_bytes(vdev, offset, &v, sizeof(v));
	return le64_to_cpu(v);
}

static inline void virtio_cwrite8(struct virtio_device *vdev, unsigned int offset, u8 val)
{
	vdev->config->set(vdev, offset, &val, sizeof(val));
}

/* Driver helpers: the device is ready (DRIVER_OK) / something broke. */
void virtio_device_ready(struct virtio_device *vdev);
void virtio_add_status(struct virtio_device *vdev, unsigned int status);

#endif /* _LINUX_VIRTIO_CONFIG_H */
