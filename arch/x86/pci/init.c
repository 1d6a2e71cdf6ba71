// SPDX-License-Identifier: GPL-2.0-only
/*
 * x86 PCI glue: chooses the configuration mechanism (ECAM from the ACPI
 * MCFG table, else ports 0xcf8/0xcfc), gives the root buses their
 * accessors, scans bus 0 and any peer root bus at boot, and turns the
 * Interrupt Line register into an IRQ number.
 *
 * Interface: raw_pci_read()/raw_pci_write() (<asm/pci_x86.h>), the
 * pcibios_*() hooks of the PCI core (<linux/pci.h>), and the boot scan
 * (a subsys_initcall).  Locking: see direct.c and mmconfig.c; the boot
 * scan runs once, before drivers register.
 *
 * INTx routing: without an AML interpreter there is no _PRT, so the IRQ
 * is the one the firmware wrote to PCI_INTERRUPT_LINE: an ISA IRQ number
 * (SeaBIOS routes PIRQA-D to ISA IRQs 5/9/10/11, and QEMU's chipsets
 * drive the IOAPIC pin of that ISA IRQ too), or a GSI >= 16.  PCI INTx
 * is level triggered, active low, and shared; when the MADT has an
 * override for the ISA IRQ (QEMU: level, active high) the override wins.
 */
#define pr_fmt(fmt) "PCI: " fmt

#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/irq.h>
#include <linux/acpi.h>
#include <linux/pci.h>
#include <asm/io.h>
#include <asm/io_apic.h>
#include <asm/pci_x86.h>

int raw_pci_read(unsigned int domain, unsigned int bus, unsigned int devfn, int reg, int len,
		 u32 *val)
{
	void *base = pci_mmcfg_bus_base(domain, bus, false);
	void *addr;

	*val = ~0u;
	if ((len != 1 && len != 2 && len != 4) || reg < 0 || (reg & (len - 1)) || devfn > 255)
		return PCIBIOS_BAD_REGISTER_NUMBER;
	if (!base) {
		if (domain || !pci_conf1_ok)
			return PCIBIOS_DEVICE_NOT_FOUND;
		return pci_conf1_read(bus, devfn, reg, len, val);
	}
	if (reg >= PCI_CFG_SPACE_EXP_SIZE)
		return PCIBIOS_BAD_REGISTER_NUMBER;
	addr = base + (devfn << 12) + reg;
	switch (len) {
	case 1:
		*val = readb(addr);
		break;
	case 2:
		*val = readw(addr);
		break;
	default:
		*val = readl(addr);
		break;
	}
	return 0;
}

int raw_pci_write(unsigned int domain, unsigned int bus, unsigned int devfn, int reg, int len,
		  u32 val)
{
	void *base = pci_mmcfg_bus_base(domain, bus, false);
	void *addr;

	if ((len != 1 && len != 2 && len != 4) || reg < 0 || (reg & (len - 1)) || devfn > 255)
		return PCIBIOS_BAD_REGISTER_NUMBER;
	if (!base) {
		if (domain || !pci_conf1_ok)
			return PCIBIOS_DEVICE_NOT_FOUND;
		return pci_conf1_write(bus, devfn, reg, len, val);
	}
	if (reg >= PCI_CFG_SPACE_EXP_SIZE)
		return PCIBIOS_BAD_REGISTER_NUMBER;
	addr = base + (devfn << 12) + reg;
	switch (len) {
	case 1:
		writeb(val, addr);
		break;
	case 2:
		writew(val, addr);
		break;
	default:
		writel(val, addr);
		break;
	}
	return 0;
}

static int pci_root_read(struct pci_bus *bus, unsigned int devfn, int where, int size, u32 *val)
{
	return raw_pci_read(pci_domain_nr(bus), bus->number, devfn, where, size, val);
}

static int pci_root_write(struct pci_bus *bus, unsigned int devfn, int where, int size, u32 val)
{
	return raw_pci_write(pci_domain_nr(bus), bus->number, devfn, where, size, val);
}

static struct pci_ops pci_root_ops = {
	.read = pci_root_read,
	.write = pci_root_write,
};

void pcibios_add_bus(struct pci_bus *bus)
{
	pci_mmcfg_bus_base(pci_domain_nr(bus), bus->number, true);
}

/* ------------------------------------------------------------ INTx */

/*
 * An ISA IRQ the MADT says nothing about defaults to edge/active-high in
 * the IOAPIC code; a PCI line on it is level/active-low.
 */
static void pci_irq_make_level(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);
	unsigned long flags;

	if (!desc)
		return;
	spin_lock_irqsave(&desc->lock, flags);
	if (desc->chip && !desc->action && !(desc->default_type & IRQ_TYPE_LEVEL_MASK))
		desc->default_type = IRQ_TYPE_LEVEL_LOW;
	spin_unlock_irqrestore(&desc->lock, flags);
}

void pcibios_lookup_irq(struct pci_dev *dev)
{
	u8 line;

	dev->irq = 0;
	if (!dev->pin)
		return;
	pci_read_config_byte(dev, PCI_INTERRUPT_LINE, &line);
	if (line == 0 || line == 0xff) {
		dev_warn(&dev->dev, "INT%c not routed by the firmware (line %#x)\n",
			 'A' + dev->pin - 1, line);
		return;
	}
	if (irq_to_gsi(line) < 0) {
		dev_warn(&dev->dev, "INT%c: firmware's IRQ %u is not routable\n",
			 'A' + dev->pin - 1, line);
		return;
	}
	dev->irq = line;
	pci_irq_make_level(line);
}

/* ------------------------------------------------------------ boot scan */

/* pci=nomsi,nommconf (Linux's names): no MSI/MSI-X; no ECAM. */
static bool pci_no_mmconf;

static int __init pci_setup(char *str)
{
	char *opt;

	while ((opt = strsep(&str, ","))) {
		if (!strcmp(opt, "nomsi"))
			pci_no_msi();
		else if (!strcmp(opt, "nommconf"))
			pci_no_mmconf = true;
		else if (*opt)
			pr_warn("unknown option pci=%s\n", opt);
	}
	return 1;
}
__setup("pci=", pci_setup);

/* A bus no bridge leads to, with something on it: another host bridge. */
static bool __init bus_has_devices(unsigned int busnr)
{
	for (unsigned int devfn = 0; devfn < 256; devfn += 8) {
		u32 id;

		raw_pci_read(0, busnr, devfn, PCI_VENDOR_ID, 4, &id);
		if ((id & 0xffff) != 0xffff && (id & 0xffff) != 0)
			return true;
	}
	return false;
}

static int __init pci_subsys_init(void)
{
	int roots = 0;

	pci_conf1_ok = pci_direct_probe();
	if (pci_conf1_ok)
		pr_info("Using configuration type 1 for base access\n");
	if (!pci_no_mmconf && !pci_mmcfg_init())
		pr_info("Using ECAM for configuration access\n");
	if (!pci_conf1_ok && !pci_mmcfg_ok) {
		pr_info("no configuration mechanism: no PCI\n");
		return 0;
	}

	if (pci_mmcfg_ok) {
		for (int i = 0; i < acpi_mcfg_nr; i++) {
			struct acpi_mcfg_allocation *a = &acpi_mcfg[i];

			if (!pci_bus_known(a->pci_segment, a->start_bus_number) &&
			    pci_scan_root_bus(a->pci_segment, a->start_bus_number, &pci_root_ops, NULL))
				roots++;
		}
	}
	if (!pci_bus_known(0, 0) && pci_scan_root_bus(0, 0, &pci_root_ops, NULL))
		roots++;

	/*
	 * Peer root buses (a second host bridge) are only described in AML;
	 * find them as Linux does without ACPI, by looking at every bus
	 * number no bridge claimed.  Mechanism #1 does the looking: no ECAM
	 * mappings for empty buses.
	 */
	if (pci_conf1_ok) {
		for (unsigned int b = 1; b < 256; b++) {
			if (pci_bus_known(0, b) || !bus_has_devices(b))
				continue;
			pr_info("peer root bus %02x found\n", b);
			if (pci_scan_root_bus(0, b, &pci_root_ops, NULL))
				roots++;
		}
	}
	pr_info("%d root bus%s scanned\n", roots, roots == 1 ? "" : "es");
	return 0;
}
subsys_initcall(pci_subsys_init);
