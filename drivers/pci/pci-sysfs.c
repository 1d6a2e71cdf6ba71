// SPDX-License-Identifier: GPL-2.0-only
/*
 * /sys/bus/pci/devices/DDDD:BB:DD.F/ attributes, in Linux's formats:
 * vendor, device, subsystem_vendor, subsystem_device ("0x1af4\n"),
 * class ("0x010000\n"), revision ("0x00\n"), irq ("11\n"), enable ("1\n"),
 * and resource: one "0x%016llx 0x%016llx 0x%016llx" line (start, end,
 * flags) per BAR and the ROM, plus the windows for a bridge.
 *
 * Interface: pci_dev_groups (drivers/pci/pci.h).  Read-only, lockless
 * reads of fields fixed at scan time (irq and enable_cnt may change under
 * a driver; a racing read sees the old or the new value).
 */
#include <linux/kernel.h>
#include <linux/pci.h>
#include "pci.h"

#define pci_config_attr(field, fmt)						\
static ssize_t field##_show(struct device *dev, struct device_attribute *attr, char *buf) \
{										\
	return sysfs_emit(buf, fmt, to_pci_dev(dev)->field);			\
}										\
static DEVICE_ATTR_RO(field)

pci_config_attr(vendor, "0x%04x\n");
pci_config_attr(device, "0x%04x\n");
pci_config_attr(subsystem_vendor, "0x%04x\n");
pci_config_attr(subsystem_device, "0x%04x\n");
pci_config_attr(revision, "0x%02x\n");
pci_config_attr(class, "0x%06x\n");
pci_config_attr(irq, "%u\n");

static ssize_t enable_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%u\n", to_pci_dev(dev)->enable_cnt > 0);
}
static DEVICE_ATTR_RO(enable);

static ssize_t resource_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct pci_dev *pdev = to_pci_dev(dev);
	int n = pci_is_bridge(pdev) ? PCI_NUM_RESOURCES : PCI_BRIDGE_RESOURCES;
	int len = 0;

	for (int i = 0; i < n; i++) {
		struct resource *r = &pdev->resource[i];
		bool set = r->flags && !(r->flags & IORESOURCE_UNSET);

		len += sysfs_emit_at(buf, len, "0x%016llx 0x%016llx 0x%016llx\n",
				     set ? (u64)r->start : 0, set ? (u64)r->end : 0,
				     (u64)r->flags);
	}
	return len;
}
static DEVICE_ATTR_RO(resource);

static struct attribute *pci_dev_attrs[] = {
	&dev_attr_vendor.attr,
	&dev_attr_device.attr,
	&dev_attr_subsystem_vendor.attr,
	&dev_attr_subsystem_device.attr,
	&dev_attr_revision.attr,
	&dev_attr_class.attr,
	&dev_attr_irq.attr,
	&dev_attr_enable.attr,
	&dev_attr_resource.attr,
	NULL,
};

static const struct attribute_group pci_dev_group = {
	.attrs = pci_dev_attrs,
};

const struct attribute_group *pci_dev_groups[] = {
	&pci_dev_group,
	NULL,
};
