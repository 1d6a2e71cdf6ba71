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

/*
 * The attributes that print one number read at scan time share a show
 * routine: each knows where its field sits in struct pci_dev and how
 * many hex digits Linux prints for it (0: decimal).
 */
struct pci_num_attr {
	struct device_attribute dattr;
	unsigned short offset, size;
	int hex_digits;
};

static ssize_t pci_num_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	const struct pci_num_attr *na = container_of(attr, struct pci_num_attr, dattr);
	const void *field = (const u8 *)to_pci_dev(dev) + na->offset;
	unsigned int val;

	if (na->size == sizeof(u8))
		val = *(const u8 *)field;
	else if (na->size == sizeof(u16))
		val = *(const u16 *)field;
	else
		val = *(const u32 *)field;
	if (!na->hex_digits)
		return sysfs_emit(buf, "%u\n", val);
	return sysfs_emit(buf, "0x%0*x\n", na->hex_digits, val);
}

#define PCI_NUM(_field, _digits) {						\
	.dattr = __ATTR(_field, 0444, pci_num_show, NULL),			\
	.offset = offsetof(struct pci_dev, _field),				\
	.size = sizeof_field(struct pci_dev, _field),				\
	.hex_digits = _digits,							\
}

/*
 * The class code is 24 bits (base, sub-class, programming interface),
 * the revision 8, the IDs 16; the INTx irq prints in decimal.
 */
static struct pci_num_attr pci_num_attrs[] = {
	PCI_NUM(class, 6), PCI_NUM(revision, 2),
	PCI_NUM(vendor, 4), PCI_NUM(device, 4),
	PCI_NUM(subsystem_vendor, 4), PCI_NUM(subsystem_device, 4),
	PCI_NUM(irq, 0),
};

/* "1" while some driver holds the device enabled. */
static ssize_t enable_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%u\n", to_pci_dev(dev)->enable_cnt > 0);
}
static DEVICE_ATTR_RO(enable);

/*
 * One line per resource, as start, end and flags; a resource that was
 * never assigned shows zeros for its range.  Bridges add their windows.
 */
static ssize_t resource_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct pci_dev *pdev = to_pci_dev(dev);
	unsigned int count = pci_is_bridge(pdev) ? PCI_NUM_RESOURCES : PCI_BRIDGE_RESOURCES;
	const struct resource *r = pdev->resource, *end = r + count;
	ssize_t len = 0;

	for (; r < end; r++) {
		u64 lo = 0, hi = 0;

		if (r->flags && !(r->flags & IORESOURCE_UNSET)) {
			lo = r->start;
			hi = r->end;
		}
		len += sysfs_emit_at(buf, len, "0x%016llx 0x%016llx 0x%016llx\n",
				     lo, hi, (u64)r->flags);
	}
	return len;
}
static DEVICE_ATTR_RO(resource);

#define NUM_ATTR(i)	(&pci_num_attrs[i].dattr.attr)

static struct attribute *pci_dev_attrs[] = {
	NUM_ATTR(0), NUM_ATTR(1), NUM_ATTR(2), NUM_ATTR(3), NUM_ATTR(4), NUM_ATTR(5), NUM_ATTR(6),
	&dev_attr_enable.attr, &dev_attr_resource.attr, NULL
};
_Static_assert(sizeof(pci_num_attrs) == 7 * sizeof(pci_num_attrs[0]), "NUM_ATTR list");

static const struct attribute_group pci_dev_group = {
	.attrs = pci_dev_attrs,
};

/* Handed to every PCI device's struct device by the scan (probe.c). */
const struct attribute_group *pci_dev_groups[] = { &pci_dev_group, NULL };
