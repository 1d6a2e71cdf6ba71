// SPDX-License-Identifier: GPL-2.0-only
/*
 * I/O APICs: the MADT registers them (and the ISA overrides and NMI
 * sources); setup_IO_APIC() masks every pin and hands each routable IRQ
 * number to the generic IRQ layer with an irq_chip that programs the
 * pin's redirection entry.
 *
 * Interface: <asm/io_apic.h>.
 *
 * Routing: every device interrupt goes to the boot CPU in physical
 * destination mode, fixed delivery, on a vector of its own assigned at
 * the first request_irq().  ISA IRQs default to edge/active-high, PCI
 * GSIs (16 and up) to level/active-low, unless an override says otherwise
 * or the driver asks.  Level interrupts end with the local APIC EOI,
 * which the local APIC broadcasts to the IOAPICs.
 *
 * Locking: ioapic_lock (irqsave) guards the index/data register pair of
 * every IOAPIC (one lock: the pair is shared state, and pin updates are
 * rare).  The tables filled from the MADT are written before SMP only.
 */
#define pr_fmt(fmt) "IOAPIC: " fmt

#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/irq.h>
#include <linux/spinlock.h>
#include <linux/acpi.h>
#include <linux/errno.h>
#include <asm/io_apic.h>
#include <asm/apic.h>
#include <asm/irq.h>
#include <asm/io.h>

#define IO_APIC_REGSEL		0x00
#define IO_APIC_WINDOW		0x10
#define IO_APIC_REG_VERSION	0x01
#define IO_APIC_REDTBL(pin)	(0x10 + 2 * (pin))

/* Redirection entry, low dword. */
#define RTE_DM_FIXED		(0u << 8)
#define RTE_DM_NMI		(4u << 8)
#define RTE_POLARITY_LOW	(1u << 13)
#define RTE_LEVEL		(1u << 15)
#define RTE_MASKED		(1u << 16)

#define MAX_NMI_SOURCES		4

struct ioapic {
	u32 id;
	u64 phys;
	void *base;
	u32 gsi_base;
	u32 nr_pins;
	u32 version;
};

/* ISA IRQ -> GSI, from the identity and the MADT overrides. */
struct isa_irq {
	u32 gsi;
	u16 flags;		/* MPS INTI polarity/trigger */
	bool valid;		/* false: an override took this IRQ's GSI away */
	bool overridden;
};

/* Per-IRQ routing state, the irq_chip's chip_data. */
struct ioapic_pin {
	struct ioapic *apic;
	u32 gsi;
	u8 pin;
	u8 vector;		/* 0 until the first irq_startup() */
	bool level;
	bool active_low;
	bool masked;
};

#define ISA(i) [i] = { .gsi = (i), .valid = true }
static struct isa_irq isa_irqs[NR_IRQS_LEGACY] = {
	ISA(0), ISA(1), ISA(2), ISA(3), ISA(4), ISA(5), ISA(6), ISA(7),
	ISA(8), ISA(9), ISA(10), ISA(11), ISA(12), ISA(13), ISA(14), ISA(15),
};

static struct ioapic ioapics[MAX_IO_APICS];
static int nr_ioapics;
static struct { u32 gsi; u16 flags; } nmi_sources[MAX_NMI_SOURCES];
static int nr_nmi_sources;
static struct ioapic_pin irq_pins[NR_IRQS];
static DEFINE_SPINLOCK(ioapic_lock);

/* ------------------------------------------------------------ registers */

/*
 * The chip shows one register at a time (82093AA datasheet): an index
 * written to IOREGSEL picks which one the IOWIN window then accesses.
 * Callers hold ioapic_lock, so the pair is not split.
 */
static void *io_apic_pick(struct ioapic *a, u32 reg)
{
	writel(reg, a->base + IO_APIC_REGSEL);
	return a->base + IO_APIC_WINDOW;
}

static u32 io_apic_read(struct ioapic *a, u32 reg)
{
	return readl(io_apic_pick(a, reg));
}

static void io_apic_write(struct ioapic *a, u32 reg, u32 val)
{
	writel(val, io_apic_pick(a, reg));
}
/* Rewrite a whole entry without ever exposing a half-written unmasked one. */
static void write_rte(struct ioapic *a, unsigned int pin, u32 low, u32 high)
{
	unsigned long flags;

	spin_lock_irqsave(&ioapic_lock, flags);
	io_apic_write(a, IO_APIC_REDTBL(pin), RTE_MASKED);
	io_apic_write(a, IO_APIC_REDTBL(pin) + 1, high);
	io_apic_write(a, IO_APIC_REDTBL(pin), low);
	spin_unlock_irqrestore(&ioapic_lock, flags);
}

static struct ioapic *gsi_to_ioapic(u32 gsi)
{
	for (int i = 0; i < nr_ioapics; i++)
		if (gsi >= ioapics[i].gsi_base && gsi < ioapics[i].gsi_base + ioapics[i].nr_pins)
			return &ioapics[i];
	return NULL;
}

/* ------------------------------------------------------------ MADT input */

int __init mp_register_ioapic(u32 id, u64 address, u32 gsi_base)
{
	struct ioapic *a;
	u32 ver;

	if (nr_ioapics == MAX_IO_APICS) {
		pr_warn("more than %d IOAPICs; %#llx ignored\n", MAX_IO_APICS, address);
		return -ENOSPC;
	}
	a = &ioapics[nr_ioapics];
	a->base = ioremap(address, IO_APIC_WINDOW + 4);
	if (!a->base)
		return -ENOMEM;
	ver = io_apic_read(a, IO_APIC_REG_VERSION);
	if (ver == 0xffffffffu) {
		pr_warn("[Firmware Bug]: no IOAPIC answers at %#llx; ignored\n", address);
		iounmap(a->base);
		return -ENODEV;
	}
	a->id = id;
	a->phys = address;
	a->gsi_base = gsi_base;
	a->version = ver & 0xff;
	a->nr_pins = ((ver >> 16) & 0xff) + 1;
	for (int i = 0; i < nr_ioapics; i++) {
		if (gsi_base < ioapics[i].gsi_base + ioapics[i].nr_pins &&
		    ioapics[i].gsi_base < gsi_base + a->nr_pins) {
			pr_warn("[Firmware Bug]: IOAPIC %u GSIs overlap IOAPIC %u; ignored\n", id,
				ioapics[i].id);
			iounmap(a->base);
			return -EINVAL;
		}
	}
	nr_ioapics++;
	printk(KERN_INFO "IOAPIC[%d]: apic_id %u, version %u, address %#llx, GSI %u-%u\n",
	       nr_ioapics - 1, id, a->version, address, gsi_base, gsi_base + a->nr_pins - 1);
	return 0;
}

void __init mp_override_legacy_irq(u8 bus_irq, u32 gsi, u16 inti_flags)
{
	struct isa_irq *e = &isa_irqs[bus_irq];

	e->gsi = gsi;
	e->flags = inti_flags;
	e->valid = true;
	e->overridden = true;
	/* The ISA IRQ that had this GSI by identity loses it (QEMU: IRQ 2). */
	if (gsi < NR_IRQS_LEGACY && gsi != bus_irq && !isa_irqs[gsi].overridden)
		isa_irqs[gsi].valid = false;
}

void __init mp_register_nmi_source(u32 gsi, u16 inti_flags)
{
	if (nr_nmi_sources == MAX_NMI_SOURCES)
		return;
	nmi_sources[nr_nmi_sources].gsi = gsi;
	nmi_sources[nr_nmi_sources].flags = inti_flags;
	nr_nmi_sources++;
}

int nr_ioapics_registered(void)
{
	return nr_ioapics;
}

int irq_to_gsi(unsigned int irq)
{
	if (irq < NR_IRQS_LEGACY)
		return isa_irqs[irq].valid ? (int)isa_irqs[irq].gsi : -EINVAL;
	for (int i = 0; i < NR_IRQS_LEGACY; i++)
		if (isa_irqs[i].valid && isa_irqs[i].gsi == irq)
			return -EINVAL;	/* this GSI is reached through ISA IRQ i */
	return irq < NR_IRQS ? (int)irq : -EINVAL;
}

int gsi_to_irq(u32 gsi)
{
	for (int i = 0; i < NR_IRQS_LEGACY; i++)
		if (isa_irqs[i].valid && isa_irqs[i].gsi == gsi)
			return i;
	if (gsi < NR_IRQS_LEGACY || gsi >= NR_IRQS)
		return -EINVAL;
	return gsi;
}

/* ------------------------------------------------------------ irq_chip */

static u32 pin_low(const struct ioapic_pin *p)
{
	u32 low = RTE_DM_FIXED | p->vector;

	if (p->level)
		low |= RTE_LEVEL;
	if (p->active_low)
		low |= RTE_POLARITY_LOW;
	if (p->masked)
		low |= RTE_MASKED;
	return low;
}

static void pin_program(const struct ioapic_pin *p)
{
	write_rte(p->apic, p->pin, pin_low(p), x86_cpu_to_apicid[0] << 24);
}

static int ioapic_startup(struct irq_desc *desc)
{
	struct ioapic_pin *p = desc->chip_data;
	int v;

	if (!p->vector) {
		v = assign_irq_vector(desc->irq);
		if (v < 0)
			return v;
		p->vector = v;
	}
	p->masked = true;
	pin_program(p);
	return 0;
}

static void ioapic_set_mask(struct irq_desc *desc, bool masked)
{
	struct ioapic_pin *p = desc->chip_data;
	unsigned long flags;

	p->masked = masked;
	if (!p->vector)
		return;
	spin_lock_irqsave(&ioapic_lock, flags);
	io_apic_write(p->apic, IO_APIC_REDTBL(p->pin), pin_low(p));
	spin_unlock_irqrestore(&ioapic_lock, flags);
}

static void ioapic_mask(struct irq_desc *desc)
{
	ioapic_set_mask(desc, true);
}

static void ioapic_unmask(struct irq_desc *desc)
{
	ioapic_set_mask(desc, false);
}

static void ioapic_eoi(struct irq_desc *desc)
{
	apic_eoi();
}

static int ioapic_set_type(struct irq_desc *desc, unsigned int type)
{
	struct ioapic_pin *p = desc->chip_data;

	switch (type) {
	case IRQ_TYPE_EDGE_RISING:
	case IRQ_TYPE_EDGE_FALLING:
	case IRQ_TYPE_LEVEL_HIGH:
	case IRQ_TYPE_LEVEL_LOW:
		break;
	default:
		return -EINVAL;	/* both edges: an IOAPIC cannot */
	}
	p->level = type & IRQ_TYPE_LEVEL_MASK;
	p->active_low = type & (IRQ_TYPE_LEVEL_LOW | IRQ_TYPE_EDGE_FALLING);
	if (p->vector)
		pin_program(p);
	return 0;
}

static void ioapic_print(struct irq_desc *desc, char *buf, size_t len)
{
	struct ioapic_pin *p = desc->chip_data;

	snprintf(buf, len, "%u-%s", p->gsi, p->level ? "fasteoi" : "edge");
}

/* Pins are masked, unmasked and typed through their redirection entries. */
static const struct irq_chip ioapic_chip = {
	.name = "IO-APIC",
	.irq_set_type = ioapic_set_type,
	.irq_startup = ioapic_startup,
	.irq_mask = ioapic_mask, .irq_unmask = ioapic_unmask,
	.irq_eoi = ioapic_eoi,
	.irq_print = ioapic_print,
};

/* ------------------------------------------------------------ setup */

static unsigned int inti_to_type(u16 flags, bool isa)
{
	u16 pol = flags & ACPI_MADT_POLARITY_MASK, trig = flags & ACPI_MADT_TRIGGER_MASK;
	bool low = pol == ACPI_MADT_POLARITY_CONFORMS ? !isa : pol == ACPI_MADT_POLARITY_ACTIVE_LOW;
	bool level = trig == ACPI_MADT_TRIGGER_CONFORMS ? !isa : trig == ACPI_MADT_TRIGGER_LEVEL;

	if (level)
		return low ? IRQ_TYPE_LEVEL_LOW : IRQ_TYPE_LEVEL_HIGH;
	return low ? IRQ_TYPE_EDGE_FALLING : IRQ_TYPE_EDGE_RISING;
}

static void __init route_irq(unsigned int irq, u32 gsi, unsigned int type)
{
	struct ioapic *a = gsi_to_ioapic(gsi);
	struct ioapic_pin *p = &irq_pins[irq];

	if (!a)
		return;
	p->apic = a;
	p->gsi = gsi;
	p->pin = gsi - a->gsi_base;
	p->masked = true;
	p->level = type & IRQ_TYPE_LEVEL_MASK;
	p->active_low = type & (IRQ_TYPE_LEVEL_LOW | IRQ_TYPE_EDGE_FALLING);
	irq_set_chip(irq, &ioapic_chip, p, type);
}

static void __init setup_nmi_sources(void)
{
	for (int i = 0; i < nr_nmi_sources; i++) {
		struct ioapic *a = gsi_to_ioapic(nmi_sources[i].gsi);
		u32 low = RTE_DM_NMI;

		if (!a) {
			pr_warn("NMI source GSI %u has no IOAPIC\n", nmi_sources[i].gsi);
			continue;
		}
		/* NMI delivery is always edge; only the polarity matters. */
		if ((nmi_sources[i].flags & ACPI_MADT_POLARITY_MASK) == ACPI_MADT_POLARITY_ACTIVE_LOW)
			low |= RTE_POLARITY_LOW;
		write_rte(a, nmi_sources[i].gsi - a->gsi_base, low, x86_cpu_to_apicid[0] << 24);
	}
}

void __init setup_IO_APIC(void)
{
	unsigned int routed = 0;

	if (!nr_ioapics) {
		pr_warn("no IOAPIC: device interrupts are unavailable\n");
		return;
	}
	for (int i = 0; i < nr_ioapics; i++)
		for (u32 pin = 0; pin < ioapics[i].nr_pins; pin++)
			write_rte(&ioapics[i], pin, RTE_MASKED, 0);

	for (unsigned int irq = 0; irq < NR_IRQS_LEGACY; irq++) {
		if (!isa_irqs[irq].valid || !gsi_to_ioapic(isa_irqs[irq].gsi))
			continue;
		route_irq(irq, isa_irqs[irq].gsi, inti_to_type(isa_irqs[irq].flags, true));
		routed++;
	}
	for (int i = 0; i < nr_ioapics; i++) {
		for (u32 pin = 0; pin < ioapics[i].nr_pins; pin++) {
			u32 gsi = ioapics[i].gsi_base + pin;
			int irq = gsi_to_irq(gsi);

			if (gsi < NR_IRQS_LEGACY || irq < NR_IRQS_LEGACY)
				continue;	/* ISA, done above (or unreachable) */
			if (irq < 0) {
				pr_warn("GSI %u is beyond NR_IRQS=%d; not usable\n", gsi, NR_IRQS);
				break;
			}
			route_irq(irq, gsi, IRQ_TYPE_LEVEL_LOW);
			routed++;
		}
	}
	setup_nmi_sources();
	pr_info("%u IRQs routable through %d IOAPIC(s), all pins masked\n", routed, nr_ioapics);
}
