// SPDX-License-Identifier: GPL-2.0-only
/*
 * ECAM ("MMCONFIG"): each function's 4 KiB of configuration space at
 * base + (bus << 20 | device << 15 | function << 12), for the segments
 * and bus ranges the ACPI MCFG table lists (drivers/acpi/tables.c).
 *
 * Only buses that exist are mapped: the scan calls pcibios_add_bus()
 * before it looks at a bus, which ioremap()s that bus's 1 MiB (a whole
 * q35 segment would be 256 MiB of page tables for mostly empty buses).
 * Accesses to a bus not mapped yet fall back to mechanism #1, so the
 * accessors never map and can run with interrupts off.
 *
 * Interface: <asm/pci_x86.h>.  Locking: mmcfg_map_lock (a mutex) around
 * mapping; readers see a mapping through one READ_ONCE() of its pointer,
 * published after the mapping is complete and never changed again.
 */
#define pr_fmt(fmt) "PCI: " fmt

#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/mutex.h>
#include <linux/acpi.h>
#include <linux/pci.h>
#include <asm/io.h>
#include <asm/pci_x86.h>

#define ECAM_BUS_SHIFT	20
#define ECAM_BUS_SIZE	(1UL << ECAM_BUS_SHIFT)	/* 32 devices x 8 functions x 4 KiB */

struct mmcfg_region {
	u64 address;			/* ECAM base for bus 0 of the segment */
	u16 segment;
	u8 start_bus;
	u8 end_bus;
	void *bus_base[256];		/* mapped buses; mmcfg_map_lock to set */
};

static struct mmcfg_region mmcfg[ACPI_MAX_MCFG];
static int nr_mmcfg;
static DEFINE_MUTEX(mmcfg_map_lock);
bool pci_mmcfg_ok;

static struct mmcfg_region *mmcfg_find(unsigned int domain, unsigned int bus)
{
	for (int i = 0; i < nr_mmcfg; i++)
		if (mmcfg[i].segment == domain && bus >= mmcfg[i].start_bus &&
		    bus <= mmcfg[i].end_bus)
			return &mmcfg[i];
	return NULL;
}

bool pci_mmcfg_covers(unsigned int domain, unsigned int bus)
{
	return pci_mmcfg_ok && mmcfg_find(domain, bus);
}

void *pci_mmcfg_bus_base(unsigned int domain, unsigned int bus, bool may_map)
{
	struct mmcfg_region *r;
	void *base;

	if (!pci_mmcfg_ok || bus > 255)
		return NULL;
	r = mmcfg_find(domain, bus);
	if (!r)
		return NULL;
	base = READ_ONCE(r->bus_base[bus]);
	if (base || !may_map)
		return base;
	mutex_lock(&mmcfg_map_lock);
	base = r->bus_base[bus];
	if (!base) {
		base = ioremap(r->address + ((u64)bus << ECAM_BUS_SHIFT), ECAM_BUS_SIZE);
		if (base)
			WRITE_ONCE(r->bus_base[bus], base);
		else
			pr_err("ECAM: cannot map bus %04x:%02x\n", domain, bus);
	}
	mutex_unlock(&mmcfg_map_lock);
	return base;
}

/* The same register through both mechanisms must agree, or ECAM is off. */
static bool __init mmcfg_sane(void)
{
	void *base = pci_mmcfg_bus_base(0, 0, true);
	u32 ecam, conf1;

	if (!base)
		return false;
	if (!pci_conf1_ok)
		return true;	/* nothing to compare with */
	ecam = readl(base + PCI_VENDOR_ID);
	pci_conf1_read(0, 0, PCI_VENDOR_ID, 4, &conf1);
	if (ecam == conf1)
		return true;
	pr_warn("ECAM reads %#010x at 00:00.0 where mechanism #1 reads %#010x; not using ECAM\n",
		ecam, conf1);
	return false;
}

int __init pci_mmcfg_init(void)
{
	bool has_seg0 = false;

	for (int i = 0; i < acpi_mcfg_nr && nr_mmcfg < ACPI_MAX_MCFG; i++) {
		struct acpi_mcfg_allocation *a = &acpi_mcfg[i];
		struct mmcfg_region *r = &mmcfg[nr_mmcfg++];
		u64 start = a->address + ((u64)a->start_bus_number << ECAM_BUS_SHIFT);
		u64 end = a->address + (((u64)a->end_bus_number + 1) << ECAM_BUS_SHIFT) - 1;

		r->address = a->address;
		r->segment = a->pci_segment;
		r->start_bus = a->start_bus_number;
		r->end_bus = a->end_bus_number;
		has_seg0 |= r->segment == 0 && r->start_bus == 0;
		pr_info("ECAM [mem %#010llx-%#010llx] (base %#010llx) for domain %04x [bus %02x-%02x]\n",
			start, end, a->address, r->segment, r->start_bus, r->end_bus);
	}
	if (!nr_mmcfg)
		return -ENODEV;
	pci_mmcfg_ok = true;
	if (has_seg0 && !mmcfg_sane()) {
		pci_mmcfg_ok = false;
		return -EIO;
	}
	return 0;
}
