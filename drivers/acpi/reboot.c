// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reset through the FADT reset register (ACPI 2.0+, when the FADT flags
 * it as supported): one write of reset_value to a register in I/O space
 * (usually the chipset's 0xCF9), memory space (mapped here at boot, not
 * at reset time) or PCI configuration space of bus 0.
 *
 * Interface: acpi_reboot_init() (from acpi_table_init()), which sets
 * acpi_reboot_hook for machine_restart().  No locking: the hook runs on
 * one CPU with the others stopped.
 */
#define pr_fmt(fmt) "ACPI: " fmt

#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/acpi.h>
#include <linux/reboot.h>
#include <asm/io.h>

#define PCI_CONF_ADDR	0xcf8
#define PCI_CONF_DATA	0xcfc

static void *reset_mmio;

static void acpi_reboot(void)
{
	const struct acpi_generic_address *rr = &acpi_gbl_FADT.reset_register;
	u8 val = acpi_gbl_FADT.reset_value;
	u32 dev, fn, off;

	switch (rr->space_id) {
	case ACPI_ADR_SPACE_SYSTEM_IO:
		outb(val, rr->address);
		break;
	case ACPI_ADR_SPACE_SYSTEM_MEMORY:
		writeb(val, reset_mmio);
		break;
	case ACPI_ADR_SPACE_PCI_CONFIG:
		/* Bus 0; device in bits 47:32, function 31:16, offset 15:0. */
		dev = (rr->address >> 32) & 0x1f;
		fn = (rr->address >> 16) & 0x7;
		off = rr->address & 0xff;
		outl(0x80000000u | (dev << 11) | (fn << 8) | (off & 0xfc), PCI_CONF_ADDR);
		outb(val, PCI_CONF_DATA + (off & 3));
		break;
	}
}

void __init acpi_reboot_init(void)
{
	const struct acpi_table_fadt *f = &acpi_gbl_FADT;
	const struct acpi_generic_address *rr = &f->reset_register;
	static const char *const space[] = { "memory", "I/O", "PCI config" };

	if (f->header.length <= offsetof(struct acpi_table_fadt, reset_value) ||
	    f->header.revision < 2 || !(f->flags & ACPI_FADT_RESET_REGISTER) || !rr->address)
		return;
	if (rr->space_id > ACPI_ADR_SPACE_PCI_CONFIG ||
	    (rr->space_id == ACPI_ADR_SPACE_SYSTEM_IO && rr->address > 0xffff)) {
		pr_warn("reset register in address space %u: not supported\n", rr->space_id);
		return;
	}
	if (rr->space_id == ACPI_ADR_SPACE_SYSTEM_MEMORY) {
		reset_mmio = ioremap(rr->address, 1);
		if (!reset_mmio)
			return;
	}
	acpi_reboot_hook = acpi_reboot;
	pr_info("reset register: %s %#llx, value %#x\n", space[rr->space_id], rr->address,
		f->reset_value);
}
