// SPDX-License-Identifier: GPL-2.0-only
/*
 * PCI configuration mechanism #1: write the enable bit, bus, device,
 * function and dword-aligned register to port 0xcf8, then move the data
 * through 0xcfc..0xcff.  Reaches the first 256 bytes of every function.
 *
 * Interface: <asm/pci_x86.h>.  Locking: pci_config_lock (irqsave) makes
 * the address/data pair atomic against other CPUs and interrupts.
 */
#define pr_fmt(fmt) "PCI: " fmt

#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/pci.h>
#include <asm/io.h>
#include <asm/pci_x86.h>

#define PCI_CONF1_ADDRESS_PORT	0xcf8
#define PCI_CONF1_DATA_PORT	0xcfc
#define PCI_CONF1_ENABLE	0x80000000u

static DEFINE_SPINLOCK(pci_config_lock);
bool pci_conf1_ok;

static u32 conf1_address(unsigned int bus, unsigned int devfn, int reg)
{
	return PCI_CONF1_ENABLE | (bus << 16) | (devfn << 8) | (reg & 0xfc);
}

int pci_conf1_read(unsigned int bus, unsigned int devfn, int reg, int len, u32 *val)
{
	u16 port = PCI_CONF1_DATA_PORT + (reg & 3);
	unsigned long flags;

	if (bus > 255 || devfn > 255 || reg < 0 || reg > 255 || (reg & (len - 1))) {
		*val = ~0u;
		return PCIBIOS_BAD_REGISTER_NUMBER;
	}
	spin_lock_irqsave(&pci_config_lock, flags);
	outl(conf1_address(bus, devfn, reg), PCI_CONF1_ADDRESS_PORT);
	switch (len) {
	case 1:
		*val = inb(port);
		break;
	case 2:
		*val = inw(port);
		break;
	default:
		*val = inl(port);
		break;
	}
	spin_unlock_irqrestore(&pci_config_lock, flags);
	return 0;
}

int pci_conf1_write(unsigned int bus, unsigned int devfn, int reg, int len, u32 val)
{
	u16 port = PCI_CONF1_DATA_PORT + (reg & 3);
	unsigned long flags;

	if (bus > 255 || devfn > 255 || reg < 0 || reg > 255 || (reg & (len - 1)))
		return PCIBIOS_BAD_REGISTER_NUMBER;
	spin_lock_irqsave(&pci_config_lock, flags);
	outl(conf1_address(bus, devfn, reg), PCI_CONF1_ADDRESS_PORT);
	switch (len) {
	case 1:
		outb(val, port);
		break;
	case 2:
		outw(val, port);
		break;
	default:
		outl(val, port);
		break;
	}
	spin_unlock_irqrestore(&pci_config_lock, flags);
	return 0;
}

/*
 * Is mechanism #1 there?  The address port of a host bridge that has it
 * holds a written dword (with the enable bit) and reads it back; then
 * something on bus 0 must answer as a host bridge or have a real vendor.
 */
bool pci_direct_probe(void)
{
	unsigned long flags;
	u32 saved, back;
	bool ok = false;

	spin_lock_irqsave(&pci_config_lock, flags);
	saved = inl(PCI_CONF1_ADDRESS_PORT);
	outl(PCI_CONF1_ENABLE, PCI_CONF1_ADDRESS_PORT);
	back = inl(PCI_CONF1_ADDRESS_PORT);
	outl(saved, PCI_CONF1_ADDRESS_PORT);
	spin_unlock_irqrestore(&pci_config_lock, flags);
	if (back != PCI_CONF1_ENABLE)
		return false;

	for (unsigned int devfn = 0; devfn < 256 && !ok; devfn += 8) {
		u32 class, vendor;

		pci_conf1_read(0, devfn, PCI_CLASS_REVISION, 4, &class);
		pci_conf1_read(0, devfn, PCI_VENDOR_ID, 2, &vendor);
		ok = (class >> 16) == PCI_CLASS_BRIDGE_HOST || (class >> 16) == PCI_CLASS_DISPLAY_VGA ||
		     (vendor != 0xffff && vendor != 0);
	}
	if (!ok)
		pr_warn("configuration mechanism #1 answers but bus 0 is empty\n");
	return ok;
}
