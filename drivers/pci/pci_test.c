// SPDX-License-Identifier: GPL-2.0-only
/*
 * PCI core self tests: the boot scan found the host bridge; BAR sizing
 * and the capability walk on an emulated function (a config space in
 * memory behind a private pci_ops, so every BAR kind is covered on every
 * machine); the BAR sizes of a device QEMU always has.
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/selftest.h>
#include <linux/pci.h>
#include "pci.h"

static int pci_host_bridge_test(void)
{
	struct pci_dev *dev = pci_get_domain_bus_and_slot(0, 0, PCI_DEVFN(0, 0));

	if (!dev && list_empty(&pci_root_buses)) {
		st_diag("no PCI on this machine");
		return ST_SKIP;
	}
	ST_ASSERT(dev, "nothing at 0000:00:00.0");
	st_diag("00:00.0 is [%04x:%04x] class %06x", dev->vendor, dev->device, dev->class);
	ST_ASSERT((dev->class >> 8) == PCI_CLASS_BRIDGE_HOST, "class %06x", dev->class);
	ST_ASSERT(dev->dev.bus == &pci_bus_type && dev->dev.kobj.state_in_sysfs,
		  "not registered on the pci bus");
	ST_ASSERT(!strcmp(pci_name(dev), "0000:00:00.0"), "named %s", pci_name(dev));
	pci_dev_put(dev);
	return 0;
}
DEFINE_SELFTEST("pci: enumeration finds the host bridge", pci_host_bridge_test);

/* ------------------------------------------------------------ an emulated function */

struct fake_cfg {
	u32 val[64];		/* the 256 bytes of config space */
	u32 wmask[64];		/* which bits writes change */
};

static int fake_read(struct pci_bus *bus, unsigned int devfn, int where, int size, u32 *val)
{
	struct fake_cfg *f = bus->sysdata;
	u32 v;

	if (devfn || where >= 256) {
		*val = ~0u;
		return PCIBIOS_DEVICE_NOT_FOUND;
	}
	v = f->val[where / 4] >> (8 * (where & 3));
	*val = size == 4 ? v : v & ((1u << (8 * size)) - 1);
	return 0;
}

static int fake_write(struct pci_bus *bus, unsigned int devfn, int where, int size, u32 val)
{
	struct fake_cfg *f = bus->sysdata;
	int shift = 8 * (where & 3);
	u32 mask = (size == 4 ? ~0u : (1u << (8 * size)) - 1) << shift;
	u32 *v = &f->val[where / 4];

	if (devfn || where >= 256)
		return PCIBIOS_DEVICE_NOT_FOUND;
	mask &= f->wmask[where / 4];
	*v = (*v & ~mask) | ((val << shift) & mask);
	return 0;
}

static struct pci_ops fake_ops = { .read = fake_read, .write = fake_write };

/* A BAR of size bytes at addr: the address bits below size are read-only zero. */
static void fake_bar(struct fake_cfg *f, int reg, u64 addr, u64 size, u32 type, bool is64)
{
	u64 wm = ~(size - 1);

	f->val[reg / 4] = (u32)addr | type;
	f->wmask[reg / 4] = (u32)wm & (type & PCI_BASE_ADDRESS_SPACE_IO ? ~3u : ~0xfu);
	if (is64) {
		f->val[reg / 4 + 1] = addr >> 32;
		f->wmask[reg / 4 + 1] = wm >> 32;
	}
}

static struct fake_cfg *fake_function(void)
{
	struct fake_cfg *f = kzalloc(sizeof(*f), GFP_KERNEL);

	if (!f)
		return NULL;
	f->val[0] = 0x12341af4;				/* device 1234, vendor 1af4 */
	f->val[1] = PCI_STATUS_CAP_LIST << 16 | PCI_COMMAND_IO | PCI_COMMAND_MEMORY;
	f->wmask[1] = 0x0000ffff;
	f->val[2] = 0x01000001;				/* storage, revision 1 */
	/* BAR0: 4 KiB memory; BAR1: 64 ports, upper 16 bits not implemented */
	fake_bar(f, 0x10, 0xfebf0000, 0x1000, 0, false);
	fake_bar(f, 0x14, 0xc040, 0x40, PCI_BASE_ADDRESS_SPACE_IO, false);
	f->wmask[0x14 / 4] &= 0xffff;
	/* BAR2-3: 16 KiB 64-bit prefetchable above 4 GiB */
	fake_bar(f, 0x18, 0x800000000ULL, 0x4000,
		 PCI_BASE_ADDRESS_MEM_TYPE_64 | PCI_BASE_ADDRESS_MEM_PREFETCH, true);
	/* BAR4: none (reads 0, ignores writes); BAR5: 1 MiB, never assigned */
	fake_bar(f, 0x24, 0, 0x100000, 0, false);
	/* ROM: 256 KiB, disabled */
	f->val[0x30 / 4] = 0xfeb80000;
	f->wmask[0x30 / 4] = ~(0x40000u - 1) | PCI_ROM_ADDRESS_ENABLE;
	/* capabilities: 0x40 MSI-X -> 0x50 vendor -> 0x60 vendor -> end; 0x70 loops */
	f->val[0x34 / 4] = 0x40;
	f->val[0x40 / 4] = 0x5000 | PCI_CAP_ID_MSIX;
	f->val[0x50 / 4] = 0x6000 | PCI_CAP_ID_VNDR;
	f->val[0x60 / 4] = 0x0000 | PCI_CAP_ID_VNDR;
	f->val[0x70 / 4] = 0x7000 | PCI_CAP_ID_PM;
	return f;
}

static struct pci_dev *fake_dev(struct pci_bus *bus, struct fake_cfg *f)
{
	struct pci_dev *dev;

	memset(bus, 0, sizeof(*bus));
	INIT_LIST_HEAD(&bus->devices);
	INIT_LIST_HEAD(&bus->children);
	bus->ops = &fake_ops;
	bus->sysdata = f;
	bus->domain = 0xfe;
	dev = pci_alloc_dev(bus);
	if (!dev)
		return NULL;
	dev->class = 0x010000;
	if (dev_set_name(&dev->dev, "%04x:00:00.0", bus->domain)) {
		put_device(&dev->dev);
		return NULL;
	}
	return dev;
}

static bool res_is(const struct resource *r, u64 start, u64 size, unsigned long flags)
{
	return r->start == start && resource_size(r) == size && r->flags == flags;
}

static int pci_bar_sizing_test(void)
{
	struct fake_cfg *f = fake_function();
	struct pci_bus bus;
	struct pci_dev *dev;
	struct resource *r;
	int ret = -1;

	if (!f)
		return -1;
	dev = fake_dev(&bus, f);
	if (!dev)
		goto out_free;
	pci_read_bases(dev, PCI_STD_NUM_BARS, PCI_ROM_ADDRESS);
	r = dev->resource;
	for (int i = 0; i <= PCI_ROM_RESOURCE; i++)
		st_diag("BAR %d: %#llx-%#llx flags %#lx", i, (u64)r[i].start, (u64)r[i].end,
			r[i].flags);
	if (!res_is(&r[0], 0xfebf0000, 0x1000, IORESOURCE_MEM | IORESOURCE_SIZEALIGN) ||
	    !res_is(&r[1], 0xc040, 0x40, IORESOURCE_IO | IORESOURCE_SIZEALIGN) ||
	    !res_is(&r[2], 0x800000000ULL, 0x4000,
		    IORESOURCE_MEM | IORESOURCE_PREFETCH | IORESOURCE_MEM_64 | IORESOURCE_SIZEALIGN) ||
	    r[3].flags || r[4].flags ||
	    !res_is(&r[5], 0, 0x100000, IORESOURCE_MEM | IORESOURCE_SIZEALIGN | IORESOURCE_UNSET) ||
	    !res_is(&r[6], 0xfeb80000, 0x40000, IORESOURCE_MEM | IORESOURCE_READONLY |
			    IORESOURCE_SIZEALIGN | IORESOURCE_DISABLED)) {
		st_diag("wrong resources");
		goto out_put;
	}
	/* Sizing restores what it found: addresses and the command register. */
	if (f->val[0x10 / 4] != 0xfebf0000 || f->val[0x14 / 4] != (0xc040 | 1) ||
	    f->val[0x1c / 4] != 0x8 || (f->val[1] & 0xffff) != (PCI_COMMAND_IO | PCI_COMMAND_MEMORY) ||
	    f->val[0x30 / 4] != 0xfeb80000) {
		st_diag("registers not restored: %#x %#x %#x cmd %#x rom %#x", f->val[4], f->val[5],
			f->val[7], f->val[1] & 0xffff, f->val[12]);
		goto out_put;
	}
	ST_ASSERT(pci_resource_len(dev, 2) == 0x4000 && pci_resource_len(dev, 4) == 0, "len");
	ret = 0;
out_put:
	put_device(&dev->dev);
out_free:
	kfree(f);
	return ret;
}
DEFINE_SELFTEST("pci: BAR sizing (32/64-bit, I/O, unassigned, ROM)", pci_bar_sizing_test);

static int pci_capability_test(void)
{
	struct fake_cfg *f = fake_function();
	struct pci_bus bus;
	struct pci_dev *dev;
	int ret = -1;
	u8 pos;

	if (!f)
		return -1;
	dev = fake_dev(&bus, f);
	if (!dev)
		goto out_free;
	pos = pci_find_capability(dev, PCI_CAP_ID_VNDR);
	if (pos != 0x50 || pci_find_next_capability(dev, pos, PCI_CAP_ID_VNDR) != 0x60 ||
	    pci_find_next_capability(dev, 0x60, PCI_CAP_ID_VNDR) != 0 ||
	    pci_find_capability(dev, PCI_CAP_ID_MSIX) != 0x40 ||
	    pci_find_capability(dev, PCI_CAP_ID_MSI) != 0) {
		st_diag("capability walk wrong (first vendor cap at %#x)", pos);
		goto out_put;
	}
	/* A list that loops ends after the walk's time to live. */
	f->val[0x60 / 4] = 0x7000 | PCI_CAP_ID_VNDR;
	if (pci_find_capability(dev, PCI_CAP_ID_MSI) != 0)
		goto out_put;
	/* No capability list bit, no capabilities. */
	f->val[1] &= 0xffff;
	ret = pci_find_capability(dev, PCI_CAP_ID_MSIX) ? -1 : 0;
out_put:
	put_device(&dev->dev);
out_free:
	kfree(f);
	return ret;
}
DEFINE_SELFTEST("pci: capability list walk", pci_capability_test);

/* QEMU's q35 always has an ICH9 AHCI (4 KiB ABAR), pc a PIIX3 IDE (16 ports at BAR 4). */
static int pci_known_device_test(void)
{
	struct pci_dev *dev = pci_get_device(PCI_VENDOR_ID_INTEL, PCI_DEVICE_ID_INTEL_ICH9_AHCI, NULL);
	int bar = 5, ret = 0;
	u64 size = 0x1000;
	unsigned long type = IORESOURCE_MEM;

	if (!dev) {
		dev = pci_get_device(PCI_VENDOR_ID_INTEL, 0x7010, NULL);
		bar = 4;
		size = 0x10;
		type = IORESOURCE_IO;
	}
	if (!dev) {
		st_diag("neither an ICH9 AHCI nor a PIIX3 IDE function here");
		return ST_SKIP;
	}
	st_diag("%s BAR %d: %#llx-%#llx", pci_name(dev), bar, (u64)pci_resource_start(dev, bar),
		(u64)pci_resource_end(dev, bar));
	if (pci_resource_len(dev, bar) != size || resource_type(&dev->resource[bar]) != type)
		ret = -1;
	pci_dev_put(dev);
	return ret;
}
DEFINE_SELFTEST("pci: BAR size of a known QEMU device", pci_known_device_test);

/*
 * Interrupts end to end on QEMU's "edu" teaching device (-device edu),
 * which raises its interrupt when told to: bind a pci_driver, then for
 * MSI and for INTx allocate the vector, request it, have the device
 * fire, and see the handler run.  Skipped without the device.
 */
#define EDU_VENDOR		0x1234
#define EDU_DEVICE		0x11e8
#define EDU_LIVENESS		0x04	/* reads back the inverse of what was written */
#define EDU_IRQ_STATUS		0x24
#define EDU_IRQ_RAISE		0x60	/* ORs the value into the status, asserts */
#define EDU_IRQ_ACK		0x64	/* clears those bits, deasserts when 0 */
#define EDU_TIMEOUT		(2 * HZ)

#include <linux/completion.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/jiffies.h>

static struct {
	void *regs;
	struct completion fired;
	u32 status;
	int result;
	bool probed;
} edu;

static irqreturn_t edu_irq(int irq, void *dev_id)
{
	u32 status = readl(edu.regs + EDU_IRQ_STATUS);

	if (!status)
		return IRQ_NONE;	/* INTx may be shared */
	writel(status, edu.regs + EDU_IRQ_ACK);
	edu.status = status;
	complete(&edu.fired);
	return IRQ_HANDLED;
}

static int edu_fire(struct pci_dev *pdev, unsigned int type, const char *what)
{
	int n, irq, err;

	n = pci_alloc_irq_vectors(pdev, 1, 1, type);
	if (n != 1) {
		st_diag("edu: no %s vector: %d", what, n);
		return -1;
	}
	irq = pci_irq_vector(pdev, 0);
	reinit_completion(&edu.fired);
	edu.status = 0;
	err = request_irq(irq, edu_irq, type == PCI_IRQ_LEGACY ? IRQF_SHARED : 0, "edu-selftest",
			  &edu);
	if (err) {
		st_diag("edu: request_irq(%d) for %s: %d", irq, what, err);
		pci_free_irq_vectors(pdev);
		return -1;
	}
	writel(0x5a, edu.regs + EDU_IRQ_RAISE);
	if (!wait_for_completion_timeout(&edu.fired, EDU_TIMEOUT) || edu.status != 0x5a) {
		st_diag("edu: no %s interrupt on IRQ %d (status %#x)", what, irq,
			readl(edu.regs + EDU_IRQ_STATUS));
		err = -1;
	} else {
		st_diag("edu: %s interrupt on IRQ %d", what, irq);
	}
	free_irq(irq, &edu);
	pci_free_irq_vectors(pdev);
	return err;
}

static int edu_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	int err;

	edu.probed = true;
	edu.result = -1;
	err = pci_enable_device(pdev);
	if (err)
		return err;
	pci_set_master(pdev);	/* a message is a memory write by the device */
	edu.regs = pci_iomap(pdev, 0, 0x1000);
	if (!edu.regs) {
		pci_disable_device(pdev);
		return -ENOMEM;
	}
	writel(0x12345678, edu.regs + EDU_LIVENESS);
	if (readl(edu.regs + EDU_LIVENESS) != ~0x12345678u) {
		st_diag("edu: liveness check failed");
	} else {
		init_completion(&edu.fired);
		edu.result = edu_fire(pdev, PCI_IRQ_MSI, "MSI") | edu_fire(pdev, PCI_IRQ_LEGACY, "INTx");
	}
	return 0;
}

static void edu_remove(struct pci_dev *pdev)
{
	pci_iounmap(pdev, edu.regs);
	pci_disable_device(pdev);
}

static const struct pci_device_id edu_ids[] = {
	{ PCI_DEVICE(EDU_VENDOR, EDU_DEVICE) },
	{ }
};

static struct pci_driver edu_driver = {
	.name = "edu-selftest",
	.id_table = edu_ids,
	.probe = edu_probe,
	.remove = edu_remove,
};

static int pci_edu_interrupt_test(void)
{
	int err;

	edu.probed = false;
	err = pci_register_driver(&edu_driver);
	ST_ASSERT(!err, "pci_register_driver: %d", err);
	pci_unregister_driver(&edu_driver);
	if (!edu.probed) {
		st_diag("no edu device (-device edu)");
		return ST_SKIP;
	}
	return edu.result;
}
DEFINE_SELFTEST("pci: MSI and INTx interrupts from QEMU's edu device", pci_edu_interrupt_test);
