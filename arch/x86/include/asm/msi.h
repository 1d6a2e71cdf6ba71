/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The x86 MSI message: a write to the local APIC's window at 0xfee00000
 * with the destination APIC ID in address bits 19:12 (physical mode, no
 * redirection hint), and the vector in the data's low byte (fixed
 * delivery, edge triggered).  Intel SDM vol. 3, "Message Signalled
 * Interrupts".
 */
#ifndef _ASM_X86_MSI_H
#define _ASM_X86_MSI_H

#include <linux/msi.h>
#include <asm/apic.h>

#define MSI_ADDR_BASE		0xfee00000u
#define MSI_ADDR_DEST_SHIFT	12

/* Deliver vector to CPU 0, like the IOAPIC routes device interrupts. */
static inline void x86_msi_compose_msg(struct msi_msg *msg, unsigned int vector)
{
	msg->address_lo = MSI_ADDR_BASE | ((x86_cpu_to_apicid[0] & 0xff) << MSI_ADDR_DEST_SHIFT);
	msg->address_hi = 0;
	msg->data = vector & 0xff;
}

#endif /* _ASM_X86_MSI_H */
