// SPDX-License-Identifier: GPL-2.0-only
/*
 * The MADT ("APIC" table): which processors exist and their APIC IDs,
 * where the local APIC and the I/O APICs are, how ISA IRQs map to GSIs
 * (interrupt source overrides) and which pins carry NMIs.
 *
 * Interface: acpi_boot_init(), called by acpi_table_init() once the tables
 * are known.  It fills cpu_possible_mask / nr_cpu_ids (through
 * apic_register_cpu()) and registers the I/O APICs and overrides with
 * io_apic.c; init_IRQ() programs the hardware afterwards.
 *
 * Without a MADT (acpi=off, no ACPI) the kernel runs on the boot CPU alone,
 * with the local APIC at the address its MSR reports and no I/O APIC.
 *
 * Boot CPU only, before SMP; no locking.
 */
#define pr_fmt(fmt) "ACPI: " fmt

#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/acpi.h>
#include <linux/smp.h>
#include <asm/apic.h>
#include <asm/io_apic.h>
#include <asm/cpufeature.h>

typedef void (*madt_handler_t)(const struct acpi_subtable_header *h);

/* Call fn for every well-formed entry of the given type. */
static void __init madt_for_each(const struct acpi_table_madt *madt, int type, madt_handler_t fn)
{
	const u8 *p = (const u8 *)madt + sizeof(*madt);
	const u8 *end = (const u8 *)madt + madt->header.length;

	while (p + sizeof(struct acpi_subtable_header) <= end) {
		const struct acpi_subtable_header *h = (const void *)p;

		if (h->length < sizeof(*h) || p + h->length > end) {
			pr_warn("[Firmware Bug]: MADT entry at offset %ld is malformed; rest ignored\n",
				(long)(p - (const u8 *)madt));
			return;
		}
		if (h->type == type)
			fn(h);
		p += h->length;
	}
}

static const char *polarity_name(u16 flags)
{
	static const char *const names[] = { "dfl", "high", "res", "low" };

	return names[flags & ACPI_MADT_POLARITY_MASK];
}

static const char *trigger_name(u16 flags)
{
	static const char *const names[] = { "dfl", "edge", "res", "level" };

	return names[(flags & ACPI_MADT_TRIGGER_MASK) >> 2];
}

static u64 lapic_override;

static void __init madt_lapic_override(const struct acpi_subtable_header *h)
{
	const struct acpi_madt_local_apic_override *e = (const void *)h;

	if (h->length < sizeof(*e))
		return;
	lapic_override = e->address;
}

static unsigned int disabled_cpus;

static void __init register_cpu(u32 apicid, u32 acpi_id, u32 flags)
{
	if (!(flags & ACPI_MADT_ENABLED)) {
		/* Online-capable (hot-add) processors: no CPU hotplug here. */
		disabled_cpus++;
		return;
	}
	apic_register_cpu(apicid, acpi_id);
}

static void __init madt_lapic(const struct acpi_subtable_header *h)
{
	const struct acpi_madt_local_apic *e = (const void *)h;

	if (h->length < sizeof(*e))
		return;
	register_cpu(e->id, e->processor_id, e->lapic_flags);
}

static void __init madt_x2apic(const struct acpi_subtable_header *h)
{
	const struct acpi_madt_local_x2apic *e = (const void *)h;

	if (h->length < sizeof(*e))
		return;
	/* Firmware lists small IDs in type-0 entries too; take what fits xAPIC. */
	if (e->local_apic_id > MAX_XAPIC_ID) {
		if (e->lapic_flags & ACPI_MADT_ENABLED)
			pr_warn("x2APIC ID %#x needs x2APIC mode, which is not supported; CPU ignored\n",
				e->local_apic_id);
		return;
	}
	register_cpu(e->local_apic_id, e->uid, e->lapic_flags);
}

static void __init madt_ioapic(const struct acpi_subtable_header *h)
{
	const struct acpi_madt_io_apic *e = (const void *)h;

	if (h->length < sizeof(*e))
		return;
	mp_register_ioapic(e->id, e->address, e->global_irq_base);
}

static void __init madt_override(const struct acpi_subtable_header *h)
{
	const struct acpi_madt_interrupt_override *e = (const void *)h;

	if (h->length < sizeof(*e))
		return;
	pr_info("INT_SRC_OVR (bus %u bus_irq %u global_irq %u %s %s)\n", e->bus, e->source_irq,
		e->global_irq, polarity_name(e->inti_flags), trigger_name(e->inti_flags));
	if (e->bus != 0 || e->source_irq >= NR_IRQS_LEGACY) {
		pr_warn("[Firmware Bug]: override for non-ISA IRQ ignored\n");
		return;
	}
	mp_override_legacy_irq(e->source_irq, e->global_irq, e->inti_flags);
}

static void __init madt_nmi_source(const struct acpi_subtable_header *h)
{
	const struct acpi_madt_nmi_source *e = (const void *)h;

	if (h->length < sizeof(*e))
		return;
	pr_info("NMI_SRC (%s %s global_irq %u)\n", polarity_name(e->inti_flags),
		trigger_name(e->inti_flags), e->global_irq);
	mp_register_nmi_source(e->global_irq, e->inti_flags);
}

static void __init madt_lapic_nmi(const struct acpi_subtable_header *h)
{
	const struct acpi_madt_local_apic_nmi *e = (const void *)h;

	if (h->length < sizeof(*e))
		return;
	pr_info("LAPIC_NMI (acpi_id[%#04x] %s %s lint[%#x])\n", e->processor_id,
		polarity_name(e->inti_flags), trigger_name(e->inti_flags), e->lint);
	apic_register_lint_nmi(e->processor_id == 0xff ? 0xffffffffu : e->processor_id, e->lint,
			       e->inti_flags);
}

static void __init madt_x2apic_nmi(const struct acpi_subtable_header *h)
{
	const struct acpi_madt_local_x2apic_nmi *e = (const void *)h;

	if (h->length < sizeof(*e))
		return;
	pr_info("X2APIC_NMI (uid[%#x] %s %s lint[%#x])\n", e->uid, polarity_name(e->inti_flags),
		trigger_name(e->inti_flags), e->lint);
	apic_register_lint_nmi(e->uid, e->lint, e->inti_flags);
}

static void __init no_madt(const char *why)
{
	pr_info("%s: using the boot CPU only, no I/O APIC\n", why);
	apic_map_boot_cpu(0);
	apic_register_cpu(lapic_present ? boot_cpu_physical_apicid : 0, 0);
}

void __init acpi_boot_init(void)
{
	const struct acpi_table_madt *madt;

	if (!boot_cpu_has(X86_FEATURE_APIC)) {
		pr_warn("this CPU reports no local APIC\n");
		boot_cpu_physical_apicid = 0;
		apic_register_cpu(0, 0);
		return;
	}
	if (acpi_disabled) {
		no_madt("ACPI off");
		return;
	}
	madt = (const void *)acpi_get_table(ACPI_SIG_MADT, 0);
	if (!madt || madt->header.length < sizeof(*madt)) {
		no_madt("no MADT");
		return;
	}

	madt_for_each(madt, ACPI_MADT_TYPE_LOCAL_APIC_OVERRIDE, madt_lapic_override);
	pr_info("Local APIC address %#llx\n", lapic_override ? lapic_override : madt->address);
	apic_map_boot_cpu(lapic_override ? lapic_override : madt->address);
	if (!lapic_present) {
		apic_register_cpu(0, 0);
		return;
	}

	/* The boot CPU is CPU 0 whatever its position in the table. */
	apic_register_cpu(boot_cpu_physical_apicid, 0xffffffffu);
	madt_for_each(madt, ACPI_MADT_TYPE_LOCAL_APIC, madt_lapic);
	madt_for_each(madt, ACPI_MADT_TYPE_LOCAL_X2APIC, madt_x2apic);

	madt_for_each(madt, ACPI_MADT_TYPE_LOCAL_APIC_NMI, madt_lapic_nmi);
	madt_for_each(madt, ACPI_MADT_TYPE_LOCAL_X2APIC_NMI, madt_x2apic_nmi);
	madt_for_each(madt, ACPI_MADT_TYPE_IO_APIC, madt_ioapic);
	madt_for_each(madt, ACPI_MADT_TYPE_INTERRUPT_OVERRIDE, madt_override);
	madt_for_each(madt, ACPI_MADT_TYPE_NMI_SOURCE, madt_nmi_source);

	pr_info("Using ACPI (MADT) for SMP configuration information\n");
	printk(KERN_INFO "smpboot: Allowing %u CPUs, %u hotplug CPUs\n", num_possible_cpus(),
	       disabled_cpus);
}
