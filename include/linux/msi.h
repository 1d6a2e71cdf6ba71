/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Message signalled interrupts (drivers/pci/msi.c).  Drivers use
 * pci_alloc_irq_vectors() / pci_irq_vector() from <linux/pci.h>; this is
 * the bookkeeping behind them.
 *
 * Each allocated vector is one msi_desc with an IRQ number of its own
 * (taken from the numbers no interrupt controller claimed) and an
 * irq_chip, "PCI-MSI" or "PCI-MSIX", so request_irq(), free_irq(),
 * disable_irq() and /proc/interrupts work as for IOAPIC lines.  The CPU
 * vector is assigned at the first request_irq() (irq_startup) and the
 * message - address and data, <asm/msi.h> - written to the device then.
 *
 * Locking: a device's msi_list is built and torn down by its driver
 * (probe/remove, device mutex).  Masking goes through the irq_chip under
 * the IRQ descriptor's lock.  msi_irq_lock in msi.c serialises claiming
 * IRQ numbers.
 */
#ifndef _LINUX_MSI_H
#define _LINUX_MSI_H

#include <linux/types.h>
#include <linux/list.h>

struct pci_dev;

/* What the device writes to signal the interrupt. */
struct msi_msg {
	u32 address_lo;
	u32 address_hi;
	u32 data;
};

struct msi_desc {
	struct list_head list;		/* in pci_dev->msi_list */
	struct pci_dev *dev;
	unsigned int irq;
	u16 entry;			/* MSI-X table index; 0 for MSI */
	bool msix;
	bool masked;
	u8 vector;			/* CPU vector, 0 until started */
	void *mask_base;		/* MSI-X: this entry in the mapped table */
	struct msi_msg msg;
};

#endif /* _LINUX_MSI_H */
