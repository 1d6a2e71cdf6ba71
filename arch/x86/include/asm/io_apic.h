/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * I/O APICs (arch/x86/kernel/apic/io_apic.c): the MADT lists them with the
 * first GSI (global system interrupt) of each; pin p of an IOAPIC with base
 * b is GSI b + p.  ISA IRQs 0-15 map to GSIs 0-15 unless an interrupt
 * source override says otherwise (QEMU and most PCs: IRQ 0 -> GSI 2).
 *
 * IRQ numbers (what request_irq() takes) follow Linux: 0-15 are the ISA
 * IRQs (translated through the overrides), 16 and up are GSIs.  A GSI
 * below 16 that an override took away from its ISA IRQ has no IRQ
 * number of its own (on QEMU: IRQ 2).
 *
 * Interface: mp_register_ioapic(), mp_override_legacy_irq(),
 * mp_register_nmi_source() (MADT parsing), setup_IO_APIC() (init_IRQ),
 * irq_to_gsi()/gsi_to_irq().
 */
#ifndef _ASM_X86_IO_APIC_H
#define _ASM_X86_IO_APIC_H

#include <linux/types.h>

#define MAX_IO_APICS		8
#define NR_IRQS_LEGACY		16

int mp_register_ioapic(u32 id, u64 address, u32 gsi_base);
void mp_override_legacy_irq(u8 bus_irq, u32 gsi, u16 inti_flags);
void mp_register_nmi_source(u32 gsi, u16 inti_flags);
void setup_IO_APIC(void);

int nr_ioapics_registered(void);
/* -EINVAL when the number is not routable. */
int irq_to_gsi(unsigned int irq);
int gsi_to_irq(u32 gsi);

#endif /* _ASM_X86_IO_APIC_H */
