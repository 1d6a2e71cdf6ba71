/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Private to drivers/pci: what the PCI core's files share.
 */
#ifndef _DRIVERS_PCI_PCI_H
#define _DRIVERS_PCI_PCI_H

#include <linux/pci.h>

/* probe.c */
/* Size and record BARs 0..howmany-1 and the ROM (at config offset rom, 0: none). */
void pci_read_bases(struct pci_dev *dev, unsigned int howmany, int rom);
/* One BAR at config offset reg into res; returns 1 if it was 64-bit (two registers). */
int __pci_read_base(struct pci_dev *dev, int reg, struct resource *res, bool rom);
/* A pci_dev for bus/devfn with its device initialised but not added; NULL if absent. */
struct pci_dev *pci_alloc_dev(struct pci_bus *bus);
void pci_print_resource(struct pci_dev *dev, const char *what, const struct resource *res);

/* pci-sysfs.c */
extern const struct attribute_group *pci_dev_groups[];

/* msi.c */
/* Free whatever vectors a driver left allocated (on remove). */
void pci_msi_cleanup(struct pci_dev *dev);

#endif /* _DRIVERS_PCI_PCI_H */
