/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The IDT vector map for interrupts (vectors 0-31 are CPU exceptions).
 *
 *   0x20-0x2f  the two 8259 PICs, remapped here and masked: only their
 *              spurious IRQ 7 / IRQ 15 can still show up
 *   0x30-0xdf  device interrupts (IOAPIC pins), handed out by alloc_vector()
 *   0xec       local APIC timer (the per-CPU tick)
 *   0xfc       call-function IPI (smp_call_function*, TLB shootdown)
 *   0xfd       reschedule IPI
 *   0xfe       local APIC error
 *   0xff       local APIC spurious (low nibble must be 0xf on P4-era CPUs)
 *
 * The local APIC prioritises by vector >> 4, so the IPIs and the timer sit
 * above every device.  Stopping CPUs uses NMI delivery, not a vector.
 */
#ifndef _ASM_X86_IRQ_VECTORS_H
#define _ASM_X86_IRQ_VECTORS_H

#define ISA_IRQ_VECTOR(irq)	(0x20 + (irq))
#define FIRST_DEVICE_VECTOR	0x30
#define LAST_DEVICE_VECTOR	0xdf
#define LOCAL_TIMER_VECTOR	0xec
#define CALL_FUNCTION_VECTOR	0xfc
#define RESCHEDULE_VECTOR	0xfd
#define ERROR_APIC_VECTOR	0xfe
#define SPURIOUS_APIC_VECTOR	0xff

#endif /* _ASM_X86_IRQ_VECTORS_H */
