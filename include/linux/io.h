/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Register access that works on both kinds of BAR (drivers/pci/iomap.c).
 * pci_iomap() and ioport_map() hand out cookies: an ioremap()ed address
 * for memory space, or a small encoded port number for I/O space; the
 * ioread*() / iowrite*() functions look at the cookie and use MMIO or
 * in/out instructions.  Plain MMIO mappings use readl()/writel() from
 * <asm/io.h>, which this header includes.
 */
#ifndef _LINUX_IO_H
#define _LINUX_IO_H

#include <linux/types.h>
#include <asm/io.h>

u8 ioread8(const void *addr);
u16 ioread16(const void *addr);
u32 ioread32(const void *addr);
void iowrite8(u8 val, void *addr);
void iowrite16(u16 val, void *addr);
void iowrite32(u32 val, void *addr);

/* A cookie for ports port..port+nr-1; ioport_unmap() is a no-op. */
void *ioport_map(unsigned long port, unsigned int nr);
void ioport_unmap(void *addr);

#endif /* _LINUX_IO_H */
