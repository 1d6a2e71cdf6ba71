// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reset through the FADT reset register (ACPI 2.0+, when the FADT flags
 * it as supported): one write of reset_value to a register in I/O space
 * (usually the chipset's 0xCF9), memory space (mapped here at boot, not
 * at reset time) or PCI configuration space of bus 0.
 *
 * A register in PCI configuration space is written through the PCI
 * core's config accessors (<linux/pci.h>), so without CONFIG_PCI such a
 * reset register is reported as unsupported.
 *
 * Interface: acpi_reboot_init() (from acpi_table_init()), which sets
 * acpi_reboot_hook for machine_restart().  No locking of its own: the
 * hook runs on one CPU with the others stopped; a PCI config write takes
 * the config accessors' lock like any other.
 */
#define pr_fmt(fmt) "ACPI: " fmt

#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/acpi.h>
#include <linux/reboot.h>
#include <linux/pci.h>
#include <asm/io.h>

static void *reset_mmio;

/*
 * The reset register in PCI config space is always on bus 0 of segment 0;
 * the GAS address holds the device in bits 47:32, the function in 31:16
 * and the register offset in 15:0.
 */
#ifdef CONFIG_PCI
static void acpi_reboot_pci(u64 address, u8 val)
{
	unsigned int devfn = PCI_DEVFN((address >> 32) & 0x1f, (address >> 16) & 0x7);
	struct pci_bus *bus0 = pci_find_bus(0, 0);

	if (bus0)
		pci_bus_write_config_byte(bus0, devfn, address & 0xff, val);
}
#else
/* Not reached: acpi_reboot_init() refuses the register without PCI. */
static void acpi_reboot_pci(u64 address, u8 val)
{
}
#endif

static void acpi_reboot(void)
{
	const struct acpi_generic_address *rr = &acpi_gbl_FADT.reset_register;
	u8 val = acpi_gbl_FADT.reset_value;

	switch (rr->space_id) {
	case ACPI_ADR_SPACE_SYSTEM_IO:
		outb(val, rr->address);
		break;
	case ACPI_ADR_SPACE_SYSTEM_MEMORY:
		writeb(val, reset_mmio);
		break;
	case ACPI_ADR_SPACE_PCI_CONFIG:
		acpi_reboot_pci(rr->address, val);
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
	    (rr->space_id == ACPI_ADR_SPACE_SYSTEM_IO && rr->address > 0xffff) ||
	    (rr->space_id == ACPI_ADR_SPACE_PCI_CONFIG && !IS_ENABLED(CONFIG_PCI))) {
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
