// SPDX-License-Identifier: GPL-2.0-only
/*
 * Bus enumeration: pci_scan_root_bus() walks a host bridge's bus, every
 * slot and function on it, and recursively the secondary bus of every
 * PCI-to-PCI bridge, creating a struct pci_dev per function with its
 * BARs sized and registering it on the pci bus type (which binds any
 * driver already registered).
 *
 * BAR sizing: write all ones, read back, restore; the lowest set bit of
 * the writable address bits is the size.  Memory and I/O decoding is
 * switched off meanwhile (a half-sized BAR would decode a wild range),
 * except on host bridges, which may route RAM.  Nothing may print while
 * decoding is off: the console may sit behind this very device (the
 * LPC bridge), so the BAR messages come afterwards.
 *
 * The firmware's assignments are kept: BAR addresses and bus numbers
 * behind bridges.  A bridge the firmware left unnumbered is reported and
 * its bus not scanned (there is no bus-number or resource allocator).
 *
 * Interface: pci_scan_root_bus(), pci_find_bus(), pci_bus_known(),
 * pci_root_buses (<linux/pci.h>); pci_read_bases() for tests (pci.h).  Locking: the scan
 * runs once at boot, before any PCI driver registers.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <asm/irqflags.h>
#include <linux/pci.h>
#include "pci.h"

LIST_HEAD(pci_root_buses);

/* Bus domain:busnr in the tree below bus (bus itself included), or NULL. */
static struct pci_bus *find_bus_below(struct pci_bus *bus, int domain, int busnr)
{
	struct pci_bus *child, *found;

	if (bus->domain == domain && bus->number == busnr)
		return bus;
	list_for_each_entry(child, &bus->children, node) {
		found = find_bus_below(child, domain, busnr);
		if (found)
			return found;
	}
	return NULL;
}

struct pci_bus *pci_find_bus(int domain, int busnr)
{
	struct pci_bus *root, *found;

	list_for_each_entry(root, &pci_root_buses, node) {
		found = find_bus_below(root, domain, busnr);
		if (found)
			return found;
	}
	return NULL;
}

/* Bus numbers already below some root, to catch loops and peer roots. */
bool pci_bus_known(int domain, int busnr)
{
	return pci_find_bus(domain, busnr) != NULL;
}

static struct pci_bus *pci_alloc_bus(struct pci_bus *parent)
{
	struct pci_bus *b = kzalloc(sizeof(*b), GFP_KERNEL);

	if (!b)
		return NULL;
	INIT_LIST_HEAD(&b->node);
	INIT_LIST_HEAD(&b->children);
	INIT_LIST_HEAD(&b->devices);
	b->parent = parent;
	if (parent) {
		b->ops = parent->ops;
		b->sysdata = parent->sysdata;
		b->domain = parent->domain;
	}
	return b;
}

static void pci_release_dev(struct device *dev)
{
	kfree(to_pci_dev(dev));
}

struct pci_dev *pci_alloc_dev(struct pci_bus *bus)
{
	struct pci_dev *dev = kzalloc(sizeof(*dev), GFP_KERNEL);

	if (!dev)
		return NULL;
	INIT_LIST_HEAD(&dev->bus_list);
	INIT_LIST_HEAD(&dev->msi_list);
	dev->bus = bus;
	device_initialize(&dev->dev);
	dev->dev.release = pci_release_dev;
	dev->dev.bus = &pci_bus_type;
	dev->dev.parent = bus->bridge;
	dev->dev.groups = NULL;
	return dev;
}

/* ------------------------------------------------------------ BARs */

/* The lowest set bit of the writable bits: the BAR's size (0: no BAR). */
static u64 bar_size(u64 writable)
{
	return writable & ~(writable - 1);
}

int __pci_read_base(struct pci_dev *dev, int reg, struct resource *res, bool rom)
{
	u32 l, sz, lhi = 0, szhi = 0;
	u64 base, mask, size;
	bool is64 = false;

	pci_read_config_dword(dev, reg, &l);
	pci_write_config_dword(dev, reg, rom ? (u32)PCI_ROM_ADDRESS_MASK : ~0u);
	pci_read_config_dword(dev, reg, &sz);
	pci_write_config_dword(dev, reg, l);

	memset(res, 0, sizeof(*res));
	if (sz == 0 || sz == ~0u)
		return 0;	/* no BAR, or the device went away */
	if (l == ~0u)
		l = 0;

	if (rom) {
		res->flags = IORESOURCE_MEM | IORESOURCE_READONLY;
		base = l & PCI_ROM_ADDRESS_MASK;
		mask = sz & PCI_ROM_ADDRESS_MASK;
	} else if (l & PCI_BASE_ADDRESS_SPACE_IO) {
		res->flags = IORESOURCE_IO;
		base = l & PCI_BASE_ADDRESS_IO_MASK;
		/* Only 16 address bits may be implemented: size from the low ones. */
		mask = sz & PCI_BASE_ADDRESS_IO_MASK & 0xffff;
		if (!mask)
			mask = sz & PCI_BASE_ADDRESS_IO_MASK;
	} else {
		res->flags = IORESOURCE_MEM;
		if (l & PCI_BASE_ADDRESS_MEM_PREFETCH)
			res->flags |= IORESOURCE_PREFETCH;
		base = l & PCI_BASE_ADDRESS_MEM_MASK;
		mask = sz & PCI_BASE_ADDRESS_MEM_MASK;
		if ((l & PCI_BASE_ADDRESS_MEM_TYPE_MASK) == PCI_BASE_ADDRESS_MEM_TYPE_64) {
			is64 = true;
			res->flags |= IORESOURCE_MEM_64;
			pci_read_config_dword(dev, reg + 4, &lhi);
			pci_write_config_dword(dev, reg + 4, ~0u);
			pci_read_config_dword(dev, reg + 4, &szhi);
			pci_write_config_dword(dev, reg + 4, lhi);
			base |= (u64)lhi << 32;
			mask |= (u64)szhi << 32;
		}
	}
	size = bar_size(mask);
	if (!size) {
		res->flags = 0;
		return is64;
	}
	res->flags |= IORESOURCE_SIZEALIGN;
	res->start = base;
	res->end = base + size - 1;
	if (!base) {
		/* Sized but never assigned: keep the size, not the address. */
		res->flags |= IORESOURCE_UNSET;
		res->start = 0;
		res->end = size - 1;
	}
	if (rom && !(l & PCI_ROM_ADDRESS_ENABLE))
		res->flags |= IORESOURCE_DISABLED;
	return is64;
}

void pci_print_resource(struct pci_dev *dev, const char *what, const struct resource *res)
{
	bool io = res->flags & IORESOURCE_IO;

	if (!res->flags)
		return;
	/* Linux's %pR widths: 4 hex digits for ports, 8 for memory. */
	if (io)
		dev_info(&dev->dev, "%s [io  %#06llx-%#06llx%s]\n", what, (u64)res->start,
			 (u64)res->end, res->flags & IORESOURCE_UNSET ? " unassigned" : "");
	else
		dev_info(&dev->dev, "%s [mem %#010llx-%#010llx%s%s%s%s]\n", what,
			 (u64)res->start, (u64)res->end,
			 res->flags & IORESOURCE_MEM_64 ? " 64bit" : "",
			 res->flags & IORESOURCE_PREFETCH ? " pref" : "",
			 res->flags & IORESOURCE_UNSET ? " unassigned" : "",
			 res->flags & IORESOURCE_DISABLED ? " disabled" : "");
}

void pci_read_bases(struct pci_dev *dev, unsigned int howmany, int rom)
{
	bool host = (dev->class >> 8) == PCI_CLASS_BRIDGE_HOST;
	u16 cmd = 0;
	unsigned long flags;

	local_irq_save(flags);
	if (!host) {
		pci_read_config_word(dev, PCI_COMMAND, &cmd);
		if (cmd & (PCI_COMMAND_IO | PCI_COMMAND_MEMORY))
			pci_write_config_word(dev, PCI_COMMAND,
					      cmd & ~(PCI_COMMAND_IO | PCI_COMMAND_MEMORY));
	}
	for (unsigned int i = 0; i < howmany; i++) {
		if (__pci_read_base(dev, PCI_BASE_ADDRESS_0 + 4 * i, &dev->resource[i], false) &&
		    i + 1 < howmany)
			memset(&dev->resource[++i], 0, sizeof(struct resource));
	}
	if (rom)
		__pci_read_base(dev, rom, &dev->resource[PCI_ROM_RESOURCE], true);
	if (!host && (cmd & (PCI_COMMAND_IO | PCI_COMMAND_MEMORY)))
		pci_write_config_word(dev, PCI_COMMAND, cmd);
	local_irq_restore(flags);
}

/* A bridge's forwarding windows, for the log and sysfs. */
static void pci_read_bridge_windows(struct pci_dev *dev)
{
	struct resource *r = &dev->resource[PCI_BRIDGE_RESOURCES];
	u8 iob, iol;
	u16 iobh = 0, iolh = 0, mb, ml;
	u32 pbh = 0, plh = 0;
	u64 base, limit;

	pci_read_config_byte(dev, PCI_IO_BASE, &iob);
	pci_read_config_byte(dev, PCI_IO_LIMIT, &iol);
	if ((iob & PCI_IO_RANGE_TYPE_MASK) == PCI_IO_RANGE_TYPE_32) {
		pci_read_config_word(dev, PCI_IO_BASE_UPPER16, &iobh);
		pci_read_config_word(dev, PCI_IO_LIMIT_UPPER16, &iolh);
	}
	base = ((u64)iobh << 16) | ((iob & PCI_IO_RANGE_MASK) << 8);
	limit = ((u64)iolh << 16) | ((iol & PCI_IO_RANGE_MASK) << 8) | 0xfff;
	if (base <= limit && (iob || iol)) {
		r[0].start = base;
		r[0].end = limit;
		r[0].flags = IORESOURCE_IO | IORESOURCE_WINDOW;
	}

	pci_read_config_word(dev, PCI_MEMORY_BASE, &mb);
	pci_read_config_word(dev, PCI_MEMORY_LIMIT, &ml);
	base = (u64)(mb & PCI_MEMORY_RANGE_MASK) << 16;
	limit = ((u64)(ml & PCI_MEMORY_RANGE_MASK) << 16) | 0xfffff;
	if (base <= limit && (mb || ml)) {
		r[1].start = base;
		r[1].end = limit;
		r[1].flags = IORESOURCE_MEM | IORESOURCE_WINDOW;
	}

	pci_read_config_word(dev, PCI_PREF_MEMORY_BASE, &mb);
	pci_read_config_word(dev, PCI_PREF_MEMORY_LIMIT, &ml);
	if ((mb & PCI_PREF_RANGE_TYPE_MASK) == PCI_PREF_RANGE_TYPE_64) {
		pci_read_config_dword(dev, PCI_PREF_BASE_UPPER32, &pbh);
		pci_read_config_dword(dev, PCI_PREF_LIMIT_UPPER32, &plh);
	}
	base = ((u64)pbh << 32) | ((u64)(mb & PCI_PREF_RANGE_MASK) << 16);
	limit = ((u64)plh << 32) | ((u64)(ml & PCI_PREF_RANGE_MASK) << 16) | 0xfffff;
	if (base <= limit && (mb || ml)) {
		r[2].start = base;
		r[2].end = limit;
		r[2].flags = IORESOURCE_MEM | IORESOURCE_PREFETCH | IORESOURCE_WINDOW;
		if (pbh || plh)
			r[2].flags |= IORESOURCE_MEM_64;
	}
}

/* ------------------------------------------------------------ one function */

static void pci_find_caps(struct pci_dev *dev)
{
	dev->msi_cap = pci_find_capability(dev, PCI_CAP_ID_MSI);
	dev->msix_cap = pci_find_capability(dev, PCI_CAP_ID_MSIX);
	dev->pcie_cap = pci_find_capability(dev, PCI_CAP_ID_EXP);
}

static int pci_setup_device(struct pci_dev *dev, u32 id)
{
	u32 class_rev;
	u8 hdr;
	int err;

	err = dev_set_name(&dev->dev, "%04x:%02x:%02x.%d", pci_domain_nr(dev->bus),
			   dev->bus->number, PCI_SLOT(dev->devfn), PCI_FUNC(dev->devfn));
	if (err)
		return err;
	dev->vendor = id & 0xffff;
	dev->device = id >> 16;
	pci_read_config_dword(dev, PCI_CLASS_REVISION, &class_rev);
	dev->revision = class_rev & 0xff;
	dev->class = class_rev >> 8;
	pci_read_config_byte(dev, PCI_HEADER_TYPE, &hdr);
	dev->hdr_type = hdr & PCI_HEADER_TYPE_MASK;
	dev->multifunction = hdr & PCI_HEADER_TYPE_MFD;
	pci_read_config_byte(dev, PCI_INTERRUPT_PIN, &dev->pin);
	if (dev->pin > 4)
		dev->pin = 0;

	dev_info(&dev->dev, "[%04x:%04x] type %02x class %#08x\n", dev->vendor, dev->device,
		 dev->hdr_type, dev->class);

	switch (dev->hdr_type) {
	case PCI_HEADER_TYPE_NORMAL:
		pci_read_config_word(dev, PCI_SUBSYSTEM_VENDOR_ID, &dev->subsystem_vendor);
		pci_read_config_word(dev, PCI_SUBSYSTEM_ID, &dev->subsystem_device);
		pci_read_bases(dev, PCI_STD_NUM_BARS, PCI_ROM_ADDRESS);
		break;
	case PCI_HEADER_TYPE_BRIDGE:
		pci_read_bases(dev, 2, PCI_ROM_ADDRESS1);
		pci_read_bridge_windows(dev);
		break;
	case PCI_HEADER_TYPE_CARDBUS:
		pci_read_bases(dev, 1, 0);
		break;
	default:
		dev_warn(&dev->dev, "unknown header type %02x; ignored\n", dev->hdr_type);
		return -EIO;
	}
	for (int i = 0; i < PCI_NUM_RESOURCES; i++) {
		char what[24];

		if (i < PCI_ROM_RESOURCE)
			snprintf(what, sizeof(what), "reg %#x:", PCI_BASE_ADDRESS_0 + 4 * i);
		else if (i == PCI_ROM_RESOURCE)
			snprintf(what, sizeof(what), "reg %#x:",
				 dev->hdr_type == PCI_HEADER_TYPE_BRIDGE ? PCI_ROM_ADDRESS1 :
									  PCI_ROM_ADDRESS);
		else
			snprintf(what, sizeof(what), "  bridge window");
		pci_print_resource(dev, what, &dev->resource[i]);
	}
	pci_find_caps(dev);
	pcibios_lookup_irq(dev);
	return 0;
}

static bool pci_id_present(u32 id)
{
	u16 vendor = id & 0xffff;

	/* All ones: nobody answered; 0 or 0xffff0000: some bridges' "retry later". */
	return vendor != 0xffff && vendor != 0 && id != 0xffff0000;
}

static unsigned int pci_scan_child_bus(struct pci_bus *bus);

/* A bridge the firmware numbered: scan the bus behind it. */
static void pci_scan_bridge(struct pci_bus *bus, struct pci_dev *dev)
{
	struct pci_bus *child;
	u32 buses;
	u8 primary, secondary, subordinate;

	pci_read_config_dword(dev, PCI_PRIMARY_BUS, &buses);
	primary = buses & 0xff;
	secondary = (buses >> 8) & 0xff;
	subordinate = (buses >> 16) & 0xff;
	if (!secondary || secondary <= bus->number || subordinate < secondary) {
		dev_warn(&dev->dev, "bridge not numbered by the firmware [bus %02x-%02x]; not scanned\n",
			 secondary, subordinate);
		return;
	}
	if (pci_bus_known(bus->domain, secondary)) {
		dev_warn(&dev->dev, "bus %02x behind this bridge is already known; not scanned\n",
			 secondary);
		return;
	}
	if (primary != bus->number)
		dev_warn(&dev->dev, "primary bus %02x should be %02x\n", primary, bus->number);
	child = pci_alloc_bus(bus);
	if (!child)
		return;
	child->self = dev;
	child->number = secondary;
	child->primary = bus->number;
	child->busn_end = subordinate;
	child->bridge = &dev->dev;
	dev->subordinate = child;
	list_add_tail(&child->node, &bus->children);
	dev_info(&dev->dev, "PCI bridge to [bus %02x-%02x]\n", secondary, subordinate);
	pcibios_add_bus(child);
	pci_scan_child_bus(child);
}

static struct pci_dev *pci_scan_device(struct pci_bus *bus, unsigned int devfn)
{
	struct pci_dev *dev;
	u32 id;

	if (pci_bus_read_config_dword(bus, devfn, PCI_VENDOR_ID, &id) || !pci_id_present(id))
		return NULL;
	dev = pci_alloc_dev(bus);
	if (!dev)
		return NULL;
	dev->devfn = devfn;
	if (pci_setup_device(dev, id)) {
		put_device(&dev->dev);
		return NULL;
	}
	dev->dev.groups = pci_dev_groups;
	list_add_tail(&dev->bus_list, &bus->devices);
	if (device_add(&dev->dev)) {
		dev_err(&dev->dev, "cannot register the device\n");
		list_del(&dev->bus_list);
		put_device(&dev->dev);
		return NULL;
	}
	return dev;
}

static unsigned int pci_scan_child_bus(struct pci_bus *bus)
{
	unsigned int found = 0;

	for (unsigned int devfn = 0; devfn < 256; devfn += 8) {
		struct pci_dev *dev = pci_scan_device(bus, devfn);

		if (!dev)
			continue;
		found++;
		if (dev->multifunction) {
			for (unsigned int fn = 1; fn < 8; fn++)
				if (pci_scan_device(bus, devfn + fn))
					found++;
		}
	}
	/* Bridges after the whole bus, so the devices on it come first in the log. */
	{
		struct pci_dev *dev;

		list_for_each_entry(dev, &bus->devices, bus_list)
			if (dev->hdr_type == PCI_HEADER_TYPE_BRIDGE)
				pci_scan_bridge(bus, dev);
	}
	return found;
}

static void pci_root_release(struct device *dev)
{
	kfree(dev);
}

struct pci_bus *pci_scan_root_bus(int domain, int busnr, struct pci_ops *ops, void *sysdata)
{
	struct pci_bus *bus = pci_alloc_bus(NULL);
	struct device *root;

	if (!bus)
		return NULL;
	root = kzalloc(sizeof(*root), GFP_KERNEL);
	if (!root) {
		kfree(bus);
		return NULL;
	}
	bus->ops = ops;
	bus->sysdata = sysdata;
	bus->domain = domain;
	/* A root bus is its own primary; the scan may find buses up to 0xff below it. */
	bus->number = bus->primary = busnr;
	bus->busn_end = 0xff;

	/* /sys/devices/pciDDDD:BB, the parent of the bus's devices */
	device_initialize(root);
	root->release = pci_root_release;
	if (dev_set_name(root, "pci%04x:%02x", domain, busnr) || device_add(root)) {
		put_device(root);
		kfree(bus);
		return NULL;
	}
	bus->bridge = root;
	list_add_tail(&bus->node, &pci_root_buses);
	pr_info("PCI host bridge to bus %04x:%02x\n", domain, busnr);
	pcibios_add_bus(bus);
	if (!pci_scan_child_bus(bus)) {
		list_del(&bus->node);
		device_unregister(root);
		kfree(bus);
		return NULL;
	}
	return bus;
}
