// SPDX-License-Identifier: GPL-2.0-only
/*
 * The modern (virtio 1.x) PCI interface: vendor-specific capabilities
 * name a BAR range for each structure - common configuration, queue
 * notification, ISR status, device configuration - which are mapped at
 * probe time.  Feature words are selected 32 bits at a time; 64-bit
 * queue addresses are written as two 32-bit halves (the spec's advice
 * for drivers); a queue is enabled only after all its fields are set.
 *
 * Interface: virtio_pci_modern_probe()/_remove() (virtio_pci_common.h);
 * the rest are the virtio_config_ops.  Locking: queue_select makes the
 * queue registers a shared window; every user (find_vqs/del_vqs) runs
 * under the virtio device's mutex, so no lock is needed here.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/delay.h>
#include <linux/io.h>
#include <linux/pci.h>
#include <linux/virtio.h>
#include <linux/virtio_config.h>
#include <linux/virtio_ring.h>
#include <linux/virtio_pci.h>
#include "virtio_pci_common.h"

/* The largest queue we set up; QEMU's default is 256. */
#define VP_MODERN_MAX_QUEUE	1024

/* Ring alignment: the spec needs 16/2/4 bytes; a cache line keeps the parts apart. */
#define VP_MODERN_VRING_ALIGN	64

/* Status reset polling: the device may take a while to finish in-flight work. */
#define VP_RESET_POLL_US	10

static void *common_reg(struct virtio_pci_device *vp, unsigned int off)
{
	return vp->common + off;
}

static u64 vp_get_features(struct virtio_device *vdev)
{
	struct virtio_pci_device *vp = to_vp_device(vdev);
	u64 f;

	iowrite32(0, common_reg(vp, VIRTIO_PCI_COMMON_DFSELECT));
	f = ioread32(common_reg(vp, VIRTIO_PCI_COMMON_DF));
	iowrite32(1, common_reg(vp, VIRTIO_PCI_COMMON_DFSELECT));
	f |= (u64)ioread32(common_reg(vp, VIRTIO_PCI_COMMON_DF)) << 32;
	return f;
}

static int vp_finalize_features(struct virtio_device *vdev)
{
	struct virtio_pci_device *vp = to_vp_device(vdev);

	/* The modern interface is only for devices that speak 1.0. */
	if (!virtio_has_feature(vdev, VIRTIO_F_VERSION_1)) {
		dev_err(&vdev->dev, "modern interface without VIRTIO_F_VERSION_1\n");
		return -EINVAL;
	}
	iowrite32(0, common_reg(vp, VIRTIO_PCI_COMMON_GFSELECT));
	iowrite32((u32)vdev->features, common_reg(vp, VIRTIO_PCI_COMMON_GF));
	iowrite32(1, common_reg(vp, VIRTIO_PCI_COMMON_GFSELECT));
	iowrite32(vdev->features >> 32, common_reg(vp, VIRTIO_PCI_COMMON_GF));
	return 0;
}

/*
 * The device-specific configuration structure (virtio 1.1, 4.1.4.6):
 * where [offset, offset + len) lies in it, or NULL when it does not.
 */
static void *config_window(struct virtio_pci_device *vp, unsigned int offset, unsigned int len)
{
	if (!vp->device || offset > vp->device_len || len > vp->device_len - offset)
		return NULL;
	return vp->device + offset;
}

/*
 * Config fields are little-endian and read with an access of their own
 * width; anything else (bytes, 64-bit fields, arrays) byte by byte,
 * the caller checking config_generation around it.  Outside the
 * structure reads give all ones, as from an absent device.
 */
static void vp_get(struct virtio_device *vdev, unsigned int offset, void *buf, unsigned int len)
{
	void *win = config_window(to_vp_device(vdev), offset, len);
	u8 *out = buf;
	__le32 v32;
	__le16 v16;

	if (!win) {
		memset(out, 0xff, len);
		return;
	}
	if (len == sizeof(v32)) {
		v32 = cpu_to_le32(ioread32(win));
		memcpy(out, &v32, sizeof(v32));
	} else if (len == sizeof(v16)) {
		v16 = cpu_to_le16(ioread16(win));
		memcpy(out, &v16, sizeof(v16));
	} else {
		for (unsigned int i = 0; i < len; i++)
			out[i] = ioread8(win + i);
	}
}

/* The same rules for writes; a write outside the structure is dropped. */
static void vp_set(struct virtio_device *vdev, unsigned int offset, const void *buf,
		   unsigned int len)
{
	void *win = config_window(to_vp_device(vdev), offset, len);
	const u8 *in = buf;
	__le32 v32;
	__le16 v16;

	if (!win)
		return;
	if (len == sizeof(v32)) {
		memcpy(&v32, in, sizeof(v32));
		iowrite32(le32_to_cpu(v32), win);
	} else if (len == sizeof(v16)) {
		memcpy(&v16, in, sizeof(v16));
		iowrite16(le16_to_cpu(v16), win);
	} else {
		for (unsigned int i = 0; i < len; i++)
			iowrite8(in[i], win + i);
	}
}

static u32 vp_generation(struct virtio_device *vdev)
{
	return ioread8(common_reg(to_vp_device(vdev), VIRTIO_PCI_COMMON_CFGGENERATION));
}

static u8 vp_get_status(struct virtio_device *vdev)
{
	return ioread8(common_reg(to_vp_device(vdev), VIRTIO_PCI_COMMON_STATUS));
}

static void vp_set_status(struct virtio_device *vdev, u8 status)
{
	WARN_ON(status == 0);	/* that is vp_reset() */
	iowrite8(status, common_reg(to_vp_device(vdev), VIRTIO_PCI_COMMON_STATUS));
}

static void vp_reset(struct virtio_device *vdev)
{
	struct virtio_pci_device *vp = to_vp_device(vdev);

	iowrite8(0, common_reg(vp, VIRTIO_PCI_COMMON_STATUS));
	/* Reset is done when the device reads back 0. */
	while (ioread8(common_reg(vp, VIRTIO_PCI_COMMON_STATUS)))
		udelay(VP_RESET_POLL_US);
}

static u16 vp_config_vector(struct virtio_pci_device *vp, u16 vector)
{
	iowrite16(vector, common_reg(vp, VIRTIO_PCI_COMMON_MSIX));
	return ioread16(common_reg(vp, VIRTIO_PCI_COMMON_MSIX));
}

static bool vp_notify(struct virtqueue *vq)
{
	iowrite16(vq->index, vq->priv);
	return true;
}

static void write_addr(struct virtio_pci_device *vp, unsigned int lo, u64 addr)
{
	iowrite32((u32)addr, common_reg(vp, lo));
	iowrite32(addr >> 32, common_reg(vp, lo + 4));
}

static struct virtqueue *setup_vq(struct virtio_pci_device *vp, unsigned int index,
				  void (*callback)(struct virtqueue *vq), const char *name,
				  u16 msix_vec)
{
	struct virtqueue *vq;
	unsigned int num;
	u32 noff;

	if (index >= ioread16(common_reg(vp, VIRTIO_PCI_COMMON_NUMQ)))
		return ERR_PTR(-ENOENT);
	iowrite16(index, common_reg(vp, VIRTIO_PCI_COMMON_Q_SELECT));
	num = ioread16(common_reg(vp, VIRTIO_PCI_COMMON_Q_SIZE));
	if (!num || ioread16(common_reg(vp, VIRTIO_PCI_COMMON_Q_ENABLE)))
		return ERR_PTR(-ENOENT);
	/* A split ring needs a power of two; we may ask for less than offered. */
	while (num & (num - 1))
		num &= num - 1;
	num = min_t(unsigned int, num, VP_MODERN_MAX_QUEUE);

	noff = ioread16(common_reg(vp, VIRTIO_PCI_COMMON_Q_NOFF)) * vp->notify_off_multiplier;
	if (noff + 2 > vp->notify_len) {
		dev_err(&vp->pci_dev->dev, "queue %u notify offset %#x beyond the window\n", index,
			noff);
		return ERR_PTR(-EINVAL);
	}

	vq = vring_create_virtqueue(index, num, VP_MODERN_VRING_ALIGN, &vp->vdev, vp_notify, callback,
				    name);
	if (!vq)
		return ERR_PTR(-ENOMEM);
	vq->priv = vp->notify_base + noff;
	iowrite16(num, common_reg(vp, VIRTIO_PCI_COMMON_Q_SIZE));
	write_addr(vp, VIRTIO_PCI_COMMON_Q_DESCLO, virtqueue_get_desc_addr(vq));
	write_addr(vp, VIRTIO_PCI_COMMON_Q_AVAILLO, virtqueue_get_avail_addr(vq));
	write_addr(vp, VIRTIO_PCI_COMMON_Q_USEDLO, virtqueue_get_used_addr(vq));
	if (msix_vec != VIRTIO_MSI_NO_VECTOR) {
		iowrite16(msix_vec, common_reg(vp, VIRTIO_PCI_COMMON_Q_MSIX));
		if (ioread16(common_reg(vp, VIRTIO_PCI_COMMON_Q_MSIX)) != msix_vec) {
			vring_del_virtqueue(vq);
			return ERR_PTR(-EBUSY);
		}
	}
	iowrite16(1, common_reg(vp, VIRTIO_PCI_COMMON_Q_ENABLE));
	return vq;
}

static void del_vq(struct virtio_pci_device *vp, struct virtqueue *vq)
{
	/*
	 * With MSI-X, first detach the queue from its vector (reading the
	 * register back so the device has seen it) before its rings go.
	 */
	if (vp->nvectors) {
		void *qmsix = common_reg(vp, VIRTIO_PCI_COMMON_Q_MSIX);

		iowrite16(vq->index, common_reg(vp, VIRTIO_PCI_COMMON_Q_SELECT));
		iowrite16(VIRTIO_MSI_NO_VECTOR, qmsix);
		(void)ioread16(qmsix);
	}
	vring_del_virtqueue(vq);
}

/* The transport as the virtio core calls it: config space, status, queues, features. */
static const struct virtio_config_ops virtio_pci_modern_config_ops = {
	.generation = vp_generation,
	.get = vp_get,
	.set = vp_set,
	.reset = vp_reset,
	.get_status = vp_get_status,
	.set_status = vp_set_status,
	.find_vqs = vp_find_vqs,
	.del_vqs = vp_del_vqs,
	.bus_name = vp_bus_name,
	.get_features = vp_get_features,
	.finalize_features = vp_finalize_features,
};

/* ------------------------------------------------------------ capabilities */

/*
 * The first capability of cfg_type whose BAR is a usable memory or I/O
 * BAR; maps min(length, maxlen) of it (at least minlen).  *len gets the
 * mapped length; *pos the capability, for the notify multiplier.
 */
static void *map_capability(struct pci_dev *pdev, u8 cfg_type, u32 minlen, u32 maxlen,
			    u32 *len, u8 *pos)
{
	for (u8 cap = pci_find_capability(pdev, PCI_CAP_ID_VNDR); cap;
	     cap = pci_find_next_capability(pdev, cap, PCI_CAP_ID_VNDR)) {
		u8 type, bar;
		u32 offset, length;
		void *p;

		pci_read_config_byte(pdev, cap + VIRTIO_PCI_CAP_CFG_TYPE, &type);
		pci_read_config_byte(pdev, cap + VIRTIO_PCI_CAP_BAR, &bar);
		if (type != cfg_type || bar >= PCI_STD_NUM_BARS || !pci_resource_len(pdev, bar))
			continue;
		pci_read_config_dword(pdev, cap + VIRTIO_PCI_CAP_OFFSET, &offset);
		pci_read_config_dword(pdev, cap + VIRTIO_PCI_CAP_LENGTH, &length);
		if (length < minlen || (u64)offset + length > pci_resource_len(pdev, bar)) {
			dev_warn(&pdev->dev, "virtio capability type %u: bad range %#x+%#x in BAR %u\n",
				 type, offset, length, bar);
			continue;
		}
		if (length > maxlen)
			length = maxlen;
		p = pci_iomap_range(pdev, bar, offset, length);
		if (!p)
			continue;
		if (len)
			*len = length;
		if (pos)
			*pos = cap;
		return p;
	}
	return NULL;
}

void virtio_pci_modern_remove(struct virtio_pci_device *vp)
{
	struct pci_dev *pdev = vp->pci_dev;

	if (vp->device)
		pci_iounmap(pdev, vp->device);
	pci_iounmap(pdev, vp->notify_base);
	pci_iounmap(pdev, vp->isr);
	pci_iounmap(pdev, vp->common);
}

int virtio_pci_modern_probe(struct virtio_pci_device *vp)
{
	struct pci_dev *pdev = vp->pci_dev;
	u8 notify_cap;

	/* A modern-only ID is 0x1040 + type; transitional ones carry the type as subsystem ID. */
	if (pdev->device >= PCI_DEVICE_ID_VIRTIO_MODERN)
		vp->vdev.id.device = pdev->device - PCI_DEVICE_ID_VIRTIO_MODERN;
	else
		vp->vdev.id.device = pdev->subsystem_device;
	vp->vdev.id.vendor = pdev->subsystem_vendor;

	vp->common = map_capability(pdev, VIRTIO_PCI_CAP_COMMON_CFG, VIRTIO_PCI_COMMON_CFG_SIZE,
				    VIRTIO_PCI_COMMON_CFG_SIZE, NULL, NULL);
	if (!vp->common)
		return -ENODEV;	/* no modern interface: maybe legacy */
	vp->isr = map_capability(pdev, VIRTIO_PCI_CAP_ISR_CFG, 1, 1, NULL, NULL);
	vp->notify_base = map_capability(pdev, VIRTIO_PCI_CAP_NOTIFY_CFG, 2, PAGE_SIZE * 64,
					 &vp->notify_len, &notify_cap);
	if (!vp->isr || !vp->notify_base) {
		dev_err(&pdev->dev, "virtio: modern device without ISR or notify structure\n");
		goto fail;
	}
	pci_read_config_dword(pdev, notify_cap + VIRTIO_PCI_NOTIFY_CAP_MULT,
			      &vp->notify_off_multiplier);
	/* Optional: some device types have no configuration. */
	vp->device = map_capability(pdev, VIRTIO_PCI_CAP_DEVICE_CFG, 0, PAGE_SIZE, &vp->device_len,
				    NULL);

	vp->modern = true;
	vp->vdev.config = &virtio_pci_modern_config_ops;
	vp->setup_vq = setup_vq;
	vp->del_vq = del_vq;
	vp->config_vector = vp_config_vector;
	return 0;

fail:
	if (vp->notify_base)
		pci_iounmap(pdev, vp->notify_base);
	if (vp->isr)
		pci_iounmap(pdev, vp->isr);
	pci_iounmap(pdev, vp->common);
	vp->common = vp->isr = vp->notify_base = NULL;
	return -EINVAL;
}
