// SPDX-License-Identifier: GPL-2.0-only
/*
 * What PCI drivers call on their device: enabling decoding and bus
 * mastering, the capability list, mapping BARs, finding devices.
 *
 * Interface: pci_enable_device(), pci_disable_device(), pci_set_master(),
 * pci_clear_master(), pci_intx(), pci_find_capability(),
 * pci_find_next_capability(), pci_iomap(), pci_iomap_range(),
 * pci_get_device(), pci_get_domain_bus_and_slot()
 * (<linux/pci.h>).
 *
 * Locking: these change the device's command register with
 * read-modify-write cycles; callers are the device's driver (probe,
 * remove, or code they serialise), as in Linux.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/io.h>
#include <linux/pci.h>
#include "pci.h"

/* Capability lists are short; a longer walk means a loop in broken hardware. */
#define PCI_FIND_CAP_TTL	48

static u8 find_cap_from(struct pci_bus *bus, unsigned int devfn, u8 pos, int cap)
{
	int ttl = PCI_FIND_CAP_TTL;
	u8 id;

	while (ttl--) {
		if (pos < 0x40)
			break;
		pos &= ~3;
		pci_bus_read_config_byte(bus, devfn, pos + PCI_CAP_LIST_ID, &id);
		if (id == 0xff)
			break;
		if (id == cap)
			return pos;
		pci_bus_read_config_byte(bus, devfn, pos + PCI_CAP_LIST_NEXT, &pos);
	}
	return 0;
}

u8 pci_bus_find_capability(struct pci_bus *bus, unsigned int devfn, int cap)
{
	u16 status;
	u8 hdr, pos;

	pci_bus_read_config_word(bus, devfn, PCI_STATUS, &status);
	if (status == 0xffff || !(status & PCI_STATUS_CAP_LIST))
		return 0;
	pci_bus_read_config_byte(bus, devfn, PCI_HEADER_TYPE, &hdr);
	/* The list starts at 0x34 for type 0 and 1 headers, 0x14 for CardBus. */
	if ((hdr & PCI_HEADER_TYPE_MASK) == PCI_HEADER_TYPE_CARDBUS)
		pci_bus_read_config_byte(bus, devfn, 0x14, &pos);
	else
		pci_bus_read_config_byte(bus, devfn, PCI_CAPABILITY_LIST, &pos);
	return find_cap_from(bus, devfn, pos, cap);
}

u8 pci_find_capability(struct pci_dev *dev, int cap)
{
	return pci_bus_find_capability(dev->bus, dev->devfn, cap);
}

u8 pci_find_next_capability(struct pci_dev *dev, u8 pos, int cap)
{
	u8 next;

	pci_read_config_byte(dev, pos + PCI_CAP_LIST_NEXT, &next);
	return find_cap_from(dev->bus, dev->devfn, next, cap);
}

/* ------------------------------------------------------------ command register */

static void pci_update_command(struct pci_dev *dev, u16 set, u16 clear)
{
	u16 old, cmd;

	pci_read_config_word(dev, PCI_COMMAND, &old);
	cmd = (old & ~clear) | set;
	if (cmd != old)
		pci_write_config_word(dev, PCI_COMMAND, cmd);
}

int pci_enable_device(struct pci_dev *dev)
{
	u16 want = 0;

	if (dev->enable_cnt++)
		return 0;
	for (int i = 0; i <= PCI_ROM_RESOURCE; i++) {
		struct resource *r = &dev->resource[i];

		if (!r->flags || (i == PCI_ROM_RESOURCE && (r->flags & IORESOURCE_DISABLED)))
			continue;
		if (r->flags & IORESOURCE_UNSET) {
			dev_err(&dev->dev, "BAR %d has no address assigned; cannot enable\n", i);
			dev->enable_cnt--;
			return -EBUSY;
		}
		want |= r->flags & IORESOURCE_IO ? PCI_COMMAND_IO : PCI_COMMAND_MEMORY;
	}
	pci_update_command(dev, want, 0);
	return 0;
}

void pci_disable_device(struct pci_dev *dev)
{
	if (!dev->enable_cnt || --dev->enable_cnt)
		return;
	pci_update_command(dev, 0, PCI_COMMAND_MASTER);
	dev->is_busmaster = false;
}

void pci_set_master(struct pci_dev *dev)
{
	u8 lat;

	pci_update_command(dev, PCI_COMMAND_MASTER, 0);
	/* Conventional PCI needs a latency timer to get bus time at all. */
	pci_read_config_byte(dev, PCI_LATENCY_TIMER, &lat);
	if (!dev->pcie_cap && lat < 16)
		pci_write_config_byte(dev, PCI_LATENCY_TIMER, 64);
	dev->is_busmaster = true;
}

void pci_clear_master(struct pci_dev *dev)
{
	pci_update_command(dev, 0, PCI_COMMAND_MASTER);
	dev->is_busmaster = false;
}

void pci_intx(struct pci_dev *dev, bool enable)
{
	if (enable)
		pci_update_command(dev, 0, PCI_COMMAND_INTX_DISABLE);
	else
		pci_update_command(dev, PCI_COMMAND_INTX_DISABLE, 0);
}

/* ------------------------------------------------------------ BAR mappings */

void *pci_iomap_range(struct pci_dev *dev, int bar, unsigned long offset, unsigned long maxlen)
{
	struct resource *r;
	u64 len;

	if (bar < 0 || bar > PCI_ROM_RESOURCE)
		return NULL;
	r = &dev->resource[bar];
	if (!r->flags || (r->flags & IORESOURCE_UNSET))
		return NULL;
	len = resource_size(r);
	if (offset >= len)
		return NULL;
	len -= offset;
	if (maxlen && maxlen < len)
		len = maxlen;
	if (r->flags & IORESOURCE_IO)
		return ioport_map(r->start + offset, len);
	return ioremap(r->start + offset, len);
}

void *pci_iomap(struct pci_dev *dev, int bar, unsigned long maxlen)
{
	return pci_iomap_range(dev, bar, 0, maxlen);
}

/* ------------------------------------------------------------ lookup */

struct pci_dev *pci_dev_get(struct pci_dev *dev)
{
	if (dev)
		get_device(&dev->dev);
	return dev;
}

void pci_dev_put(struct pci_dev *dev)
{
	if (dev)
		put_device(&dev->dev);
}

struct pci_id_key {
	unsigned int vendor, device;
};

static int match_pci_id(struct device *dev, const void *data)
{
	const struct pci_id_key *k = data;
	struct pci_dev *pdev = to_pci_dev(dev);

	return (k->vendor == PCI_ANY_ID || k->vendor == pdev->vendor) &&
	       (k->device == PCI_ANY_ID || k->device == pdev->device);
}

struct pci_dev *pci_get_device(unsigned int vendor, unsigned int device, struct pci_dev *from)
{
	struct pci_id_key k = { vendor, device };
	struct device *d = bus_find_device(&pci_bus_type, from ? &from->dev : NULL, &k,
					   match_pci_id);

	pci_dev_put(from);
	return d ? to_pci_dev(d) : NULL;
}

struct pci_slot_key {
	int domain;
	unsigned int bus, devfn;
};

static int match_pci_slot(struct device *dev, const void *data)
{
	const struct pci_slot_key *k = data;
	struct pci_dev *pdev = to_pci_dev(dev);

	return pdev->bus->domain == k->domain && pdev->bus->number == k->bus &&
	       pdev->devfn == k->devfn;
}

struct pci_dev *pci_get_domain_bus_and_slot(int domain, unsigned int bus, unsigned int devfn)
{
	struct pci_slot_key k = { domain, bus, devfn };
	struct device *d = bus_find_device(&pci_bus_type, NULL, &k, match_pci_slot);

	return d ? to_pci_dev(d) : NULL;
}
