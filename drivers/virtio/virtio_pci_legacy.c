// SPDX-License-Identifier: GPL-2.0-only
/*
 * The legacy (virtio 0.9.5) PCI interface of transitional devices
 * 0x1000-0x103f: a header of registers at the start of I/O BAR 0, then
 * the device configuration (at 20, or 24 while MSI-X is enabled).  Only
 * feature bits 0-31 exist; a queue has the size the device says and is
 * given to it as one block, as a page frame number, laid out with the
 * used ring at a 4 KiB boundary.  Configuration is in guest byte order.
 *
 * Interface: virtio_pci_legacy_probe()/_remove() (virtio_pci_common.h);
 * the rest are the virtio_config_ops.  Locking: as the modern interface
 * (queue_select is a window, used under the virtio device's mutex).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/io.h>
#include <linux/pci.h>
#include <linux/virtio.h>
#include <linux/virtio_config.h>
#include <linux/virtio_ring.h>
#include <linux/virtio_pci.h>
#include "virtio_pci_common.h"

/* The queue's page frame number is 32 bits: the ring must lie below 16 TiB. */
#define VP_LEGACY_MAX_PFN	0xffffffffULL

static void *config_base(struct virtio_pci_device *vp)
{
	return vp->ioaddr + VIRTIO_PCI_CONFIG_OFF(vp->pci_dev->msix_enabled);
}

static u64 vp_get_features(struct virtio_device *vdev)
{
	return ioread32(to_vp_device(vdev)->ioaddr + VIRTIO_PCI_HOST_FEATURES);
}

static int vp_finalize_features(struct virtio_device *vdev)
{
	/* No VERSION_1 here: the device is driven as a 0.9.5 device. */
	vdev->features &= 0xffffffffULL;
	iowrite32(vdev->features, to_vp_device(vdev)->ioaddr + VIRTIO_PCI_GUEST_FEATURES);
	return 0;
}

static void vp_get(struct virtio_device *vdev, unsigned int offset, void *buf, unsigned int len)
{
	void *p = config_base(to_vp_device(vdev)) + offset;

	for (unsigned int i = 0; i < len; i++)
		((u8 *)buf)[i] = ioread8(p + i);
}

static void vp_set(struct virtio_device *vdev, unsigned int offset, const void *buf,
		   unsigned int len)
{
	void *p = config_base(to_vp_device(vdev)) + offset;

	for (unsigned int i = 0; i < len; i++)
		iowrite8(((const u8 *)buf)[i], p + i);
}

static u8 vp_get_status(struct virtio_device *vdev)
{
	return ioread8(to_vp_device(vdev)->ioaddr + VIRTIO_PCI_STATUS);
}

static void vp_set_status(struct virtio_device *vdev, u8 status)
{
	WARN_ON(status == 0);
	iowrite8(status, to_vp_device(vdev)->ioaddr + VIRTIO_PCI_STATUS);
}

static void vp_reset(struct virtio_device *vdev)
{
	struct virtio_pci_device *vp = to_vp_device(vdev);

	iowrite8(0, vp->ioaddr + VIRTIO_PCI_STATUS);
	/* The read flushes the write; a legacy device has reset when it returns. */
	ioread8(vp->ioaddr + VIRTIO_PCI_STATUS);
}

static u16 vp_config_vector(struct virtio_pci_device *vp, u16 vector)
{
	if (!vp->pci_dev->msix_enabled)
		return VIRTIO_MSI_NO_VECTOR;
	iowrite16(vector, vp->ioaddr + VIRTIO_MSI_CONFIG_VECTOR);
	return ioread16(vp->ioaddr + VIRTIO_MSI_CONFIG_VECTOR);
}

static bool vp_notify(struct virtqueue *vq)
{
	iowrite16(vq->index, vq->priv);
	return true;
}

static struct virtqueue *setup_vq(struct virtio_pci_device *vp, unsigned int index,
				  void (*callback)(struct virtqueue *vq), const char *name,
				  u16 msix_vec)
{
	struct virtqueue *vq;
	unsigned int num;
	u64 pfn;

	iowrite16(index, vp->ioaddr + VIRTIO_PCI_QUEUE_SEL);
	num = ioread16(vp->ioaddr + VIRTIO_PCI_QUEUE_NUM);
	if (!num || ioread32(vp->ioaddr + VIRTIO_PCI_QUEUE_PFN))
		return ERR_PTR(-ENOENT);
	vq = vring_create_virtqueue(index, num, VIRTIO_PCI_LEGACY_VRING_ALIGN, &vp->vdev, vp_notify,
				    callback, name);
	if (!vq)
		return ERR_PTR(-ENOMEM);
	pfn = virtqueue_get_desc_addr(vq) >> VIRTIO_PCI_QUEUE_ADDR_SHIFT;
	if (pfn > VP_LEGACY_MAX_PFN) {
		vring_del_virtqueue(vq);
		return ERR_PTR(-E2BIG);
	}
	vq->priv = vp->ioaddr + VIRTIO_PCI_QUEUE_NOTIFY;
	if (msix_vec != VIRTIO_MSI_NO_VECTOR) {
		iowrite16(msix_vec, vp->ioaddr + VIRTIO_MSI_QUEUE_VECTOR);
		if (ioread16(vp->ioaddr + VIRTIO_MSI_QUEUE_VECTOR) != msix_vec) {
			vring_del_virtqueue(vq);
			return ERR_PTR(-EBUSY);
		}
	}
	iowrite32(pfn, vp->ioaddr + VIRTIO_PCI_QUEUE_PFN);
	return vq;
}

/*
 * Give the queue back: unhook its MSI-X vector if it had one (an ISR
 * read pushes the write out), then a PFN of 0 detaches the rings from
 * the device before their memory is freed.
 */
static void del_vq(struct virtio_pci_device *vp, struct virtqueue *vq)
{
	void *io = vp->ioaddr;

	iowrite16(vq->index, io + VIRTIO_PCI_QUEUE_SEL);
	if (vp->pci_dev->msix_enabled) {
		iowrite16(VIRTIO_MSI_NO_VECTOR, io + VIRTIO_MSI_QUEUE_VECTOR);
		(void)ioread8(io + VIRTIO_PCI_ISR);
	}
	iowrite32(0, io + VIRTIO_PCI_QUEUE_PFN);
	vring_del_virtqueue(vq);
}

/* Legacy devices have no config generation counter. */
static const struct virtio_config_ops virtio_pci_legacy_config_ops = {
	.bus_name = vp_bus_name,
	.get_features = vp_get_features,
	.finalize_features = vp_finalize_features,
	.reset = vp_reset,
	.get_status = vp_get_status,
	.set_status = vp_set_status,
	.get = vp_get,
	.set = vp_set,
	.find_vqs = vp_find_vqs,
	.del_vqs = vp_del_vqs,
};

void virtio_pci_legacy_remove(struct virtio_pci_device *vp)
{
	pci_iounmap(vp->pci_dev, vp->ioaddr);
}

int virtio_pci_legacy_probe(struct virtio_pci_device *vp)
{
	struct pci_dev *pdev = vp->pci_dev;

	if (!(pci_resource_flags(pdev, 0) & IORESOURCE_IO)) {
		dev_err(&pdev->dev, "virtio: legacy device without an I/O BAR 0\n");
		return -ENODEV;
	}
	vp->ioaddr = pci_iomap(pdev, 0, 0);
	if (!vp->ioaddr)
		return -ENOMEM;
	vp->vdev.id.device = pdev->subsystem_device;
	vp->vdev.id.vendor = pdev->subsystem_vendor;
	vp->isr = vp->ioaddr + VIRTIO_PCI_ISR;
	vp->modern = false;
	vp->vdev.config = &virtio_pci_legacy_config_ops;
	vp->setup_vq = setup_vq;
	vp->del_vq = del_vq;
	vp->config_vector = vp_config_vector;
	return 0;
}
