// SPDX-License-Identifier: GPL-2.0-only
/*
 * Configuration space accessors: byte, word and dword reads and writes
 * through the bus's pci_ops (the architecture's raw accessors on every
 * bus: bridges forward configuration cycles by themselves).
 *
 * Interface: pci_{bus_,}{read,write}_config_{byte,word,dword}(),
 * pcibios_err_to_errno() (<linux/pci.h>).  A misaligned offset is
 * PCIBIOS_BAD_REGISTER_NUMBER; a failed read returns all ones, like a
 * read from an absent function.  No locking here: the ops serialise what
 * they must (ports 0xcf8/0xcfc), so this is callable from any context.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/pci.h>

int pcibios_err_to_errno(int err)
{
	if (err <= PCIBIOS_SUCCESSFUL)
		return err;	/* already 0 or -errno */
	switch (err) {
	case PCIBIOS_FUNC_NOT_SUPPORTED:
		return -ENOENT;
	case PCIBIOS_BAD_VENDOR_ID:
		return -ENOTTY;
	case PCIBIOS_DEVICE_NOT_FOUND:
		return -ENODEV;
	case PCIBIOS_BAD_REGISTER_NUMBER:
		return -EFAULT;
	case PCIBIOS_SET_FAILED:
		return -EIO;
	case PCIBIOS_BUFFER_TOO_SMALL:
		return -ENOSPC;
	}
	return -ERANGE;
}

static int bus_read(struct pci_bus *bus, unsigned int devfn, int where, int len, u32 *val)
{
	int err;

	if (where < 0 || (where & (len - 1))) {
		*val = ~0u;
		return PCIBIOS_BAD_REGISTER_NUMBER;
	}
	err = bus->ops->read(bus, devfn, where, len, val);
	if (err)
		*val = ~0u;
	return err;
}

static int bus_write(struct pci_bus *bus, unsigned int devfn, int where, int len, u32 val)
{
	if (where < 0 || (where & (len - 1)))
		return PCIBIOS_BAD_REGISTER_NUMBER;
	return bus->ops->write(bus, devfn, where, len, val);
}

int pci_bus_read_config_byte(struct pci_bus *bus, unsigned int devfn, int where, u8 *val)
{
	u32 v;
	int err = bus_read(bus, devfn, where, 1, &v);

	*val = v;
	return err;
}

int pci_bus_read_config_word(struct pci_bus *bus, unsigned int devfn, int where, u16 *val)
{
	u32 v;
	int err = bus_read(bus, devfn, where, 2, &v);

	*val = v;
	return err;
}

int pci_bus_read_config_dword(struct pci_bus *bus, unsigned int devfn, int where, u32 *val)
{
	return bus_read(bus, devfn, where, 4, val);
}

int pci_bus_write_config_byte(struct pci_bus *bus, unsigned int devfn, int where, u8 val)
{
	return bus_write(bus, devfn, where, 1, val);
}

int pci_bus_write_config_word(struct pci_bus *bus, unsigned int devfn, int where, u16 val)
{
	return bus_write(bus, devfn, where, 2, val);
}

int pci_bus_write_config_dword(struct pci_bus *bus, unsigned int devfn, int where, u32 val)
{
	return bus_write(bus, devfn, where, 4, val);
}

int pci_read_config_byte(const struct pci_dev *dev, int where, u8 *val)
{
	return pci_bus_read_config_byte(dev->bus, dev->devfn, where, val);
}

int pci_read_config_word(const struct pci_dev *dev, int where, u16 *val)
{
	return pci_bus_read_config_word(dev->bus, dev->devfn, where, val);
}

int pci_read_config_dword(const struct pci_dev *dev, int where, u32 *val)
{
	return pci_bus_read_config_dword(dev->bus, dev->devfn, where, val);
}

int pci_write_config_byte(const struct pci_dev *dev, int where, u8 val)
{
	return pci_bus_write_config_byte(dev->bus, dev->devfn, where, val);
}

int pci_write_config_word(const struct pci_dev *dev, int where, u16 val)
{
	return pci_bus_write_config_word(dev->bus, dev->devfn, where, val);
}

int pci_write_config_dword(const struct pci_dev *dev, int where, u32 val)
{
	return pci_bus_write_config_dword(dev->bus, dev->devfn, where, val);
}
