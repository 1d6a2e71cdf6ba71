// SPDX-License-Identifier: GPL-2.0-only
/*
 * ioread*()/iowrite*() on cookies that are either an MMIO address or an
 * I/O port: ioport_map() returns IOPORT_COOKIE_BASE + port, an address in
 * the never-mapped first 64 KiB above the 64 KiB line (the kernel's
 * mappings are all far higher), and the accessors test for that range.
 *
 * Interface: <linux/io.h>, and pci_iounmap() for pci_iomap()'s cookies.
 * No state, no locking.
 */
#include <linux/kernel.h>
#include <linux/io.h>
#include <linux/pci.h>

#define IOPORT_COOKIE_BASE	0x10000UL
#define IOPORT_COOKIE_END	0x20000UL

static bool is_port(const void *addr, u16 *port)
{
	unsigned long a = (unsigned long)addr;

	if (a < IOPORT_COOKIE_BASE || a >= IOPORT_COOKIE_END)
		return false;
	*port = a - IOPORT_COOKIE_BASE;
	return true;
}

void *ioport_map(unsigned long port, unsigned int nr)
{
	if (port + nr > 0x10000)
		return NULL;
	return (void *)(IOPORT_COOKIE_BASE + port);
}

void ioport_unmap(void *addr)
{
}

/* Either kind of cookie pci_iomap() returned. */
void pci_iounmap(struct pci_dev *dev, void *addr)
{
	u16 port;

	if (addr && !is_port(addr, &port))
		iounmap(addr);
}

u8 ioread8(const void *addr)
{
	u16 port;

	return is_port(addr, &port) ? inb(port) : readb(addr);
}

u16 ioread16(const void *addr)
{
	u16 port;

	return is_port(addr, &port) ? inw(port) : readw(addr);
}

u32 ioread32(const void *addr)
{
	u16 port;

	return is_port(addr, &port) ? inl(port) : readl(addr);
}

void iowrite8(u8 val, void *addr)
{
	u16 port;

	if (is_port(addr, &port))
		outb(val, port);
	else
		writeb(val, addr);
}

void iowrite16(u16 val, void *addr)
{
	u16 port;

	if (is_port(addr, &port))
		outw(val, port);
	else
		writew(val, addr);
}

void iowrite32(u32 val, void *addr)
{
	u16 port;

	if (is_port(addr, &port))
		outl(val, port);
	else
		writel(val, addr);
}
