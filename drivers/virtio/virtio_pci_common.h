/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Private to the virtio-pci transport: the state both interfaces share
 * (virtio_pci_common.c: the PCI driver, interrupts, queue setup policy)
 * and what each interface provides (virtio_pci_modern.c, _legacy.c).
 */
#ifndef _DRIVERS_VIRTIO_PCI_COMMON_H
#define _DRIVERS_VIRTIO_PCI_COMMON_H

#include <linux/pci.h>
#include <linux/virtio.h>
#include <linux/virtio_config.h>
#include <linux/virtio_pci.h>

struct virtio_pci_device {
	struct virtio_device vdev;
	struct pci_dev *pci_dev;
	bool modern;

	/* modern: the structures the capabilities point at */
	void *common;
	void *isr;
	void *device;			/* device-specific config; NULL if none */
	u32 device_len;
	void *notify_base;
	u32 notify_len;
	u32 notify_off_multiplier;

	/* legacy: BAR 0 */
	void *ioaddr;

	/* interrupts (find_vqs/del_vqs) */
	int nvectors;			/* MSI-X vectors allocated, 0: INTx */
	unsigned int nvqs;
	struct virtqueue **vqs;
	struct vp_irq {
		int irq;
		void *dev_id;
		char name[32];
	} *irqs;			/* requested handlers, nirqs of them */
	unsigned int nirqs;

	/* the interface */
	struct virtqueue *(*setup_vq)(struct virtio_pci_device *vp, unsigned int index,
				      void (*callback)(struct virtqueue *vq), const char *name,
				      u16 msix_vec);
	void (*del_vq)(struct virtio_pci_device *vp, struct virtqueue *vq);
	/* Program the config-change vector; returns what the device took. */
	u16 (*config_vector)(struct virtio_pci_device *vp, u16 vector);
};

#define to_vp_device(vd)	container_of(vd, struct virtio_pci_device, vdev)

/* virtio_pci_common.c: the shared config ops */
int vp_find_vqs(struct virtio_device *vdev, unsigned int nvqs, struct virtqueue *vqs[],
		vq_callback_t *callbacks[], const char *const names[]);
void vp_del_vqs(struct virtio_device *vdev);
const char *vp_bus_name(struct virtio_device *vdev);

/* Each interface fills in vp (config ops, the hooks above) or fails. */
int virtio_pci_modern_probe(struct virtio_pci_device *vp);
void virtio_pci_modern_remove(struct virtio_pci_device *vp);
int virtio_pci_legacy_probe(struct virtio_pci_device *vp);
void virtio_pci_legacy_remove(struct virtio_pci_device *vp);

#endif /* _DRIVERS_VIRTIO_PCI_COMMON_H */
