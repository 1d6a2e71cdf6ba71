// SPDX-License-Identifier: GPL-2.0-only
/*
 * The virtio-pci transport: a PCI driver for vendor 0x1af4 devices
 * 0x1000-0x107f that registers a virtio device for each, using the
 * modern interface (capabilities, virtio_pci_modern.c) when the device
 * has it and the legacy I/O-port one (virtio_pci_legacy.c) otherwise.
 * Boot with virtio_pci.force_legacy=1 to drive transitional devices
 * through the legacy interface.
 *
 * Interrupts (vp_find_vqs()): MSI-X with one vector for configuration
 * changes and one per queue; if the device or the vector supply cannot
 * do that, MSI-X with one vector for config and one shared by the
 * queues; else the INTx line (shared, level), where reading the ISR
 * register says what happened and acknowledges it.
 *
 * Interface: the PCI driver itself (module_init) and vp_find_vqs(),
 * vp_del_vqs(), vp_bus_name() for the interfaces' config ops.
 * Locking: set-up and tear-down run under the driver core's device
 * mutexes (PCI probe/remove, virtio driver probe/remove); the interrupt
 * handlers only read vp->vqs, which is stable while vectors exist.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/pci.h>
#include <linux/virtio.h>
#include <linux/virtio_config.h>
#include <linux/virtio_ring.h>
#include "virtio_pci_common.h"

static bool force_legacy;

static int __init force_legacy_setup(char *arg)
{
	return kstrtobool(arg, &force_legacy) == 0;
}
__setup("virtio_pci.force_legacy=", force_legacy_setup);

const char *vp_bus_name(struct virtio_device *vdev)
{
	return pci_name(to_vp_device(vdev)->pci_dev);
}

/* ------------------------------------------------------------ interrupt handlers */

static irqreturn_t vp_config_changed(int irq, void *opaque)
{
	virtio_config_changed(opaque);
	return IRQ_HANDLED;
}

static irqreturn_t vp_vring_interrupt(int irq, void *opaque)
{
	struct virtio_pci_device *vp = opaque;
	irqreturn_t ret = IRQ_NONE;

	for (unsigned int i = 0; i < vp->nvqs; i++)
		if (vp->vqs[i] && vring_interrupt(irq, vp->vqs[i]) == IRQ_HANDLED)
			ret = IRQ_HANDLED;
	return ret;
}

/* INTx: the ISR register tells (and reading it clears) what is pending. */
static irqreturn_t vp_interrupt(int irq, void *opaque)
{
	struct virtio_pci_device *vp = opaque;
	u8 isr = ioread8(vp->isr);

	if (!isr)
		return IRQ_NONE;	/* another device on the line */
	if (isr & VIRTIO_PCI_ISR_CONFIG)
		virtio_config_changed(&vp->vdev);
	vp_vring_interrupt(irq, vp);
	return IRQ_HANDLED;
}

/* ------------------------------------------------------------ queues */

static int vp_request_irq(struct virtio_pci_device *vp, int irq, irq_handler_t handler,
			  unsigned long flags, const char *suffix, void *dev_id)
{
	struct vp_irq *r = &vp->irqs[vp->nirqs];
	int err;

	if (irq < 0)
		return irq;
	if (suffix)
		snprintf(r->name, sizeof(r->name), "%s-%s", dev_name(&vp->vdev.dev), suffix);
	else
		snprintf(r->name, sizeof(r->name), "%s", dev_name(&vp->vdev.dev));
	err = request_irq(irq, handler, flags, r->name, dev_id);
	if (err)
		return err;
	r->irq = irq;
	r->dev_id = dev_id;
	vp->nirqs++;
	return 0;
}

static void vp_free_irqs(struct virtio_pci_device *vp)
{
	while (vp->nirqs) {
		struct vp_irq *r = &vp->irqs[--vp->nirqs];

		free_irq(r->irq, r->dev_id);
	}
	if (vp->nvectors) {
		pci_free_irq_vectors(vp->pci_dev);
		vp->nvectors = 0;
	}
}

void vp_del_vqs(struct virtio_device *vdev)
{
	struct virtio_pci_device *vp = to_vp_device(vdev);

	vp_free_irqs(vp);
	for (unsigned int i = 0; vp->vqs && i < vp->nvqs; i++)
		if (vp->vqs[i])
			vp->del_vq(vp, vp->vqs[i]);
	if (vp->config_vector)
		vp->config_vector(vp, VIRTIO_MSI_NO_VECTOR);
	kfree(vp->vqs);
	kfree(vp->irqs);
	vp->vqs = NULL;
	vp->irqs = NULL;
	vp->nvqs = 0;
}

/*
 * Queues and interrupts: msix && per_vq: vector 0 config, 1.. one per queue
 * with a callback; msix && !per_vq: 0 config, 1 all queues; !msix: INTx.
 */
static int vp_try_find_vqs(struct virtio_pci_device *vp, unsigned int nvqs,
			   struct virtqueue *vqs[], vq_callback_t *callbacks[],
			   const char *const names[], bool msix, bool per_vq)
{
	struct pci_dev *pdev = vp->pci_dev;
	unsigned int ncb = 0, want = 0, vec = 1;
	int err, n;

	for (unsigned int i = 0; i < nvqs; i++)
		ncb += callbacks[i] != NULL;
	vp->nvqs = nvqs;
	vp->vqs = kzalloc(nvqs * sizeof(*vp->vqs), GFP_KERNEL);
	vp->irqs = kzalloc((nvqs + 2) * sizeof(*vp->irqs), GFP_KERNEL);
	err = -ENOMEM;
	if (!vp->vqs || !vp->irqs)
		goto fail;

	if (msix) {
		want = 1 + (per_vq ? ncb : !!ncb);
		n = pci_alloc_irq_vectors(pdev, want, want, PCI_IRQ_MSIX);
		if (n < 0) {
			err = n;
			goto fail;
		}
		vp->nvectors = n;
		err = vp_request_irq(vp, pci_irq_vector(pdev, 0), vp_config_changed, 0, "config",
				     &vp->vdev);
		if (err)
			goto fail;
		err = -EBUSY;
		if (vp->config_vector(vp, 0) == VIRTIO_MSI_NO_VECTOR)
			goto fail;
		if (!per_vq && ncb) {
			err = vp_request_irq(vp, pci_irq_vector(pdev, 1), vp_vring_interrupt, 0,
					     "virtqueues", vp);
			if (err)
				goto fail;
		}
	} else {
		err = vp_request_irq(vp, pdev->irq, vp_interrupt, IRQF_SHARED, NULL, vp);
		if (err)
			goto fail;
	}

	for (unsigned int i = 0; i < nvqs; i++) {
		u16 msix_vec = VIRTIO_MSI_NO_VECTOR;

		if (msix && callbacks[i])
			msix_vec = per_vq ? vec++ : 1;
		vqs[i] = vp->setup_vq(vp, i, callbacks[i], names[i], msix_vec);
		if (IS_ERR(vqs[i])) {
			err = PTR_ERR(vqs[i]);
			vqs[i] = NULL;
			goto fail;
		}
		vp->vqs[i] = vqs[i];
		if (msix && per_vq && callbacks[i]) {
			err = vp_request_irq(vp, pci_irq_vector(pdev, msix_vec), vring_interrupt, 0,
					     names[i], vqs[i]);
			if (err)
				goto fail;
		}
	}
	return 0;

fail:
	vp_del_vqs(&vp->vdev);
	for (unsigned int i = 0; i < nvqs; i++)
		vqs[i] = NULL;
	return err;
}

int vp_find_vqs(struct virtio_device *vdev, unsigned int nvqs, struct virtqueue *vqs[],
		vq_callback_t *callbacks[], const char *const names[])
{
	struct virtio_pci_device *vp = to_vp_device(vdev);
	struct device *dev = &vdev->dev;
	int err;

	if (vp->pci_dev->msix_cap) {
		err = vp_try_find_vqs(vp, nvqs, vqs, callbacks, names, true, true);
		if (!err) {
			dev_info(dev, "%u queue(s), MSI-X: a vector per queue\n", nvqs);
			return 0;
		}
		err = vp_try_find_vqs(vp, nvqs, vqs, callbacks, names, true, false);
		if (!err) {
			dev_info(dev, "%u queue(s), MSI-X: one vector for all queues\n", nvqs);
			return 0;
		}
	}
	if (!vp->pci_dev->irq) {
		dev_err(dev, "no MSI-X and no INTx line: no interrupts\n");
		return -ENODEV;
	}
	err = vp_try_find_vqs(vp, nvqs, vqs, callbacks, names, false, false);
	if (!err)
		dev_info(dev, "%u queue(s), INTx on IRQ %u\n", nvqs, vp->pci_dev->irq);
	return err;
}

/* ------------------------------------------------------------ the PCI driver */

static void virtio_pci_release_dev(struct device *d)
{
	kfree(to_vp_device(dev_to_virtio(d)));
}

static int virtio_pci_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct virtio_pci_device *vp;
	int err;

	vp = kzalloc(sizeof(*vp), GFP_KERNEL);
	if (!vp)
		return -ENOMEM;
	vp->pci_dev = pdev;
	vp->vdev.dev.parent = &pdev->dev;
	vp->vdev.dev.release = virtio_pci_release_dev;
	pci_set_drvdata(pdev, vp);

	err = pci_enable_device(pdev);
	if (err)
		goto out_free;
	err = -ENODEV;
	if (!force_legacy || pdev->device >= PCI_DEVICE_ID_VIRTIO_MODERN)
		err = virtio_pci_modern_probe(vp);
	if (err == -ENODEV && pdev->device <= PCI_DEVICE_ID_VIRTIO_LEGACY_LAST)
		err = virtio_pci_legacy_probe(vp);
	if (err)
		goto out_disable;
	pci_set_master(pdev);
	dev_info(&pdev->dev, "virtio %s interface, device type %u\n",
		 vp->modern ? "modern" : "legacy", vp->vdev.id.device);

	err = register_virtio_device(&vp->vdev);
	if (err) {
		if (vp->modern)
			virtio_pci_modern_remove(vp);
		else
			virtio_pci_legacy_remove(vp);
		pci_disable_device(pdev);
		put_device(&vp->vdev.dev);	/* frees vp */
		return err;
	}
	return 0;

out_disable:
	pci_disable_device(pdev);
out_free:
	kfree(vp);
	return err;
}

static void virtio_pci_remove(struct pci_dev *pdev)
{
	struct virtio_pci_device *vp = pci_get_drvdata(pdev);

	get_device(&vp->vdev.dev);
	unregister_virtio_device(&vp->vdev);
	if (vp->modern)
		virtio_pci_modern_remove(vp);
	else
		virtio_pci_legacy_remove(vp);
	pci_clear_master(pdev);
	pci_disable_device(pdev);
	put_device(&vp->vdev.dev);
}

static const struct pci_device_id virtio_pci_id_table[] = {
	{ .vendor = PCI_VENDOR_ID_REDHAT_QUMRANET, .device = PCI_ANY_ID,
	  .subvendor = PCI_ANY_ID, .subdevice = PCI_ANY_ID },
	{ }
};

static int virtio_pci_match_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	if (pdev->device < PCI_DEVICE_ID_VIRTIO_FIRST || pdev->device > PCI_DEVICE_ID_VIRTIO_LAST)
		return -ENODEV;	/* 0x1af4 also makes non-virtio devices (ivshmem) */
	return virtio_pci_probe(pdev, id);
}

static struct pci_driver virtio_pci_driver = {
	.name = "virtio-pci",
	.id_table = virtio_pci_id_table,
	.probe = virtio_pci_match_probe,
	.remove = virtio_pci_remove,
};

static int __init virtio_pci_init(void)
{
	return pci_register_driver(&virtio_pci_driver);
}
module_init(virtio_pci_init);
