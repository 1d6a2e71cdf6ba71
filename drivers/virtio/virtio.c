// SPDX-License-Identifier: GPL-2.0-only
/*
 * The virtio bus: device registration for transports, driver
 * registration, matching by device type, feature negotiation and the
 * status handshake around a driver's probe and remove.
 *
 * Status sequence (virtio 1.x "Device Initialization"): reset,
 * ACKNOWLEDGE (register_virtio_device), DRIVER (probe), features
 * written, FEATURES_OK read back (VERSION_1 devices), the driver's
 * probe sets up queues, DRIVER_OK.  On failure FAILED.  Remove resets.
 *
 * Features accepted: those the device offers that are in the driver's
 * feature_table, plus the transport/ring features this kernel
 * implements: VERSION_1, INDIRECT_DESC, EVENT_IDX, and ACCESS_PLATFORM
 * (there is no IOMMU: device addresses are physical addresses, which is
 * what that feature asks for).
 *
 * sysfs: /sys/bus/virtio/devices/virtioN/{device,vendor,status,features}.
 *
 * Interface: <linux/virtio.h>, <linux/virtio_config.h>.  Locking: the
 * driver core's device mutex serialises probe/remove; config-change
 * callbacks may come from interrupts at any time after DRIVER_OK, and
 * config_lock keeps them from reaching a driver that is not (or no
 * longer) bound.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/errno.h>
#include <linux/spinlock.h>
#include <linux/virtio.h>
#include <linux/virtio_config.h>
#include <linux/virtio_ring.h>

static atomic_t virtio_index = ATOMIC_INIT(0);
static DEFINE_SPINLOCK(config_lock);

/* ------------------------------------------------------------ sysfs */

static ssize_t device_show(struct device *d, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "0x%04x\n", dev_to_virtio(d)->id.device);
}
static DEVICE_ATTR_RO(device);

static ssize_t vendor_show(struct device *d, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "0x%04x\n", dev_to_virtio(d)->id.vendor);
}
static DEVICE_ATTR_RO(vendor);

static ssize_t status_show(struct device *d, struct device_attribute *attr, char *buf)
{
	struct virtio_device *vdev = dev_to_virtio(d);

	return sysfs_emit(buf, "0x%08x\n", vdev->config->get_status(vdev));
}
static DEVICE_ATTR_RO(status);

/* One character per feature bit, bit 0 first (Linux's format). */
static ssize_t features_show(struct device *d, struct device_attribute *attr, char *buf)
{
	struct virtio_device *vdev = dev_to_virtio(d);
	int i;

	for (i = 0; i < 64; i++)
		buf[i] = __virtio_test_bit(vdev, i) ? '1' : '0';
	buf[i++] = '\n';
	return i;
}
static DEVICE_ATTR_RO(features);

static struct attribute *virtio_dev_attrs[] = {
	&dev_attr_device.attr,
	&dev_attr_vendor.attr,
	&dev_attr_status.attr,
	&dev_attr_features.attr,
	NULL,
};

static const struct attribute_group virtio_dev_group = {
	.attrs = virtio_dev_attrs,
};

static const struct attribute_group *virtio_dev_groups[] = {
	&virtio_dev_group,
	NULL,
};

/* ------------------------------------------------------------ status and config */

void virtio_add_status(struct virtio_device *vdev, unsigned int status)
{
	vdev->config->set_status(vdev, vdev->config->get_status(vdev) | status);
}

void virtio_device_ready(struct virtio_device *vdev)
{
	unsigned int status = vdev->config->get_status(vdev);

	WARN_ON(status & VIRTIO_CONFIG_S_DRIVER_OK);
	vdev->config->set_status(vdev, status | VIRTIO_CONFIG_S_DRIVER_OK);
}

void virtio_reset_device(struct virtio_device *vdev)
{
	vdev->config->reset(vdev);
}

void virtio_cread_bytes(struct virtio_device *vdev, unsigned int offset, void *buf, size_t len)
{
	u32 gen, old;

	/* Read in pieces of at most 4 bytes until no change happened meanwhile. */
	do {
		old = vdev->config->generation ? vdev->config->generation(vdev) : 0;
		for (size_t i = 0; i < len; i += 4)
			vdev->config->get(vdev, offset + i, (u8 *)buf + i, min_t(size_t, 4, len - i));
		gen = vdev->config->generation ? vdev->config->generation(vdev) : 0;
	} while (gen != old);
}

void virtio_config_changed(struct virtio_device *vdev)
{
	struct virtio_driver *drv;
	unsigned long flags;

	spin_lock_irqsave(&config_lock, flags);
	drv = vdev->config_enabled ? drv_to_virtio(READ_ONCE(vdev->dev.driver)) : NULL;
	if (drv && drv->config_changed)
		drv->config_changed(vdev);
	spin_unlock_irqrestore(&config_lock, flags);
}

/* ------------------------------------------------------------ bus */

static int virtio_dev_match(struct device *d, struct device_driver *_drv)
{
	struct virtio_device *vdev = dev_to_virtio(d);
	const struct virtio_device_id *id = drv_to_virtio(_drv)->id_table;

	for (; id && id->device; id++)
		if ((id->device == VIRTIO_DEV_ANY_ID || id->device == vdev->id.device) &&
		    (id->vendor == VIRTIO_DEV_ANY_ID || id->vendor == vdev->id.vendor))
			return 1;
	return 0;
}

static bool transport_feature_ok(unsigned int fbit)
{
	switch (fbit) {
	case VIRTIO_RING_F_INDIRECT_DESC:
	case VIRTIO_RING_F_EVENT_IDX:
	case VIRTIO_F_VERSION_1:
	case VIRTIO_F_ACCESS_PLATFORM:
		return true;
	}
	return false;
}

static int virtio_negotiate(struct virtio_device *vdev, struct virtio_driver *drv)
{
	u64 offered = vdev->config->get_features(vdev), wanted = 0;
	int err;

	for (unsigned int i = 0; i < drv->feature_table_size; i++)
		wanted |= BIT_ULL(drv->feature_table[i]);
	for (unsigned int i = VIRTIO_TRANSPORT_F_START; i < VIRTIO_TRANSPORT_F_END; i++)
		if (transport_feature_ok(i))
			wanted |= BIT_ULL(i);
	vdev->features = offered & wanted;

	err = vdev->config->finalize_features(vdev);
	if (err)
		return err;
	if (!virtio_has_feature(vdev, VIRTIO_F_VERSION_1))
		return 0;
	virtio_add_status(vdev, VIRTIO_CONFIG_S_FEATURES_OK);
	if (!(vdev->config->get_status(vdev) & VIRTIO_CONFIG_S_FEATURES_OK)) {
		dev_err(&vdev->dev, "device refused features %#llx\n", vdev->features);
		return -ENODEV;
	}
	return 0;
}

static int virtio_dev_probe(struct device *d)
{
	struct virtio_device *vdev = dev_to_virtio(d);
	struct virtio_driver *drv = drv_to_virtio(d->driver);
	unsigned long flags;
	int err;

	virtio_add_status(vdev, VIRTIO_CONFIG_S_DRIVER);
	err = virtio_negotiate(vdev, drv);
	if (!err)
		err = drv->probe(vdev);
	if (err) {
		virtio_add_status(vdev, VIRTIO_CONFIG_S_FAILED);
		return err;
	}
	if (!(vdev->config->get_status(vdev) & VIRTIO_CONFIG_S_DRIVER_OK))
		virtio_device_ready(vdev);
	spin_lock_irqsave(&config_lock, flags);
	vdev->config_enabled = true;
	spin_unlock_irqrestore(&config_lock, flags);
	return 0;
}

static void virtio_dev_remove(struct device *d)
{
	struct virtio_device *vdev = dev_to_virtio(d);
	struct virtio_driver *drv = drv_to_virtio(d->driver);
	unsigned long flags;

	/* No config callbacks into a driver that is leaving. */
	spin_lock_irqsave(&config_lock, flags);
	vdev->config_enabled = false;
	spin_unlock_irqrestore(&config_lock, flags);
	drv->remove(vdev);
	/* The driver reset the device; say we noticed it, for a later driver. */
	WARN_ON(vdev->config->get_status(vdev) & VIRTIO_CONFIG_S_DRIVER_OK);
	virtio_reset_device(vdev);
	virtio_add_status(vdev, VIRTIO_CONFIG_S_ACKNOWLEDGE);
}

struct bus_type virtio_bus = {
	.name = "virtio",
	.match = virtio_dev_match,
	.probe = virtio_dev_probe,
	.remove = virtio_dev_remove,
	.dev_groups = virtio_dev_groups,
};

int register_virtio_driver(struct virtio_driver *drv)
{
	if (WARN_ON(!drv->probe || !drv->remove))
		return -EINVAL;
	drv->driver.bus = &virtio_bus;
	return driver_register(&drv->driver);
}

void unregister_virtio_driver(struct virtio_driver *drv)
{
	driver_unregister(&drv->driver);
}

int register_virtio_device(struct virtio_device *vdev)
{
	int err;

	vdev->index = atomic_inc_return(&virtio_index) - 1;
	INIT_LIST_HEAD(&vdev->vqs);
	device_initialize(&vdev->dev);
	vdev->dev.bus = &virtio_bus;
	err = dev_set_name(&vdev->dev, "virtio%d", vdev->index);
	if (err)
		return err;
	/* Whatever a firmware driver left: start from a clean device. */
	virtio_reset_device(vdev);
	virtio_add_status(vdev, VIRTIO_CONFIG_S_ACKNOWLEDGE);
	return device_add(&vdev->dev);
}

void unregister_virtio_device(struct virtio_device *vdev)
{
	device_unregister(&vdev->dev);
}

/* After the device model (postcore), before the transports (device). */
static int __init virtio_init(void)
{
	int err = bus_register(&virtio_bus);

	if (err)
		pr_err("virtio: cannot register the bus: %d\n", err);
	return err;
}
arch_initcall(virtio_init);
