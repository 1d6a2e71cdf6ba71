/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * x86 PCI configuration access (arch/x86/pci/): the two mechanisms and
 * the raw accessors the PCI core's root buses use.
 *
 *   mechanism #1  ports 0xcf8 (address) / 0xcfc (data): 256 bytes per
 *                 function, every PC has it; one global lock.  direct.c
 *   ECAM          memory-mapped, 4 KiB per function, per segment and bus
 *                 range from the ACPI MCFG table.  mmconfig.c
 *
 * raw_pci_read()/raw_pci_write() use ECAM where a bus is mapped and
 * mechanism #1 otherwise (and always for the first 256 bytes when ECAM
 * is not trusted).  len is 1, 2 or 4 and reg must be aligned to it.
 */
#ifndef _ASM_X86_PCI_X86_H
#define _ASM_X86_PCI_X86_H

#include <linux/types.h>

struct pci_bus;

int raw_pci_read(unsigned int domain, unsigned int bus, unsigned int devfn, int reg, int len,
		 u32 *val);
int raw_pci_write(unsigned int domain, unsigned int bus, unsigned int devfn, int reg, int len,
		  u32 val);

/* direct.c */
bool pci_direct_probe(void);
int pci_conf1_read(unsigned int bus, unsigned int devfn, int reg, int len, u32 *val);
int pci_conf1_write(unsigned int bus, unsigned int devfn, int reg, int len, u32 val);
extern bool pci_conf1_ok;

/* mmconfig.c: ECAM */
int pci_mmcfg_init(void);
/* The mapping of bus's 1 MiB (mapped on first use from process context). */
void *pci_mmcfg_bus_base(unsigned int domain, unsigned int bus, bool may_map);
bool pci_mmcfg_covers(unsigned int domain, unsigned int bus);
extern bool pci_mmcfg_ok;

#endif /* _ASM_X86_PCI_X86_H */
