// SPDX-License-Identifier: GPL-2.0-only
/*
 * The legacy 8259A PICs: reinitialise them so their vectors are 0x20-0x2f
 * (the power-on setting, 0x08-0x0f, would alias CPU exceptions should a
 * spurious IRQ 7 ever get through) and mask all sixteen inputs.  The
 * local APIC's LINT0 (where the PIC's output arrives) stays masked too.
 *
 * Interface: legacy_pic_mask_all(), once from init_IRQ().  No locking:
 * boot CPU only, before interrupts are enabled.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <asm/i8259.h>
#include <asm/irq_vectors.h>
#include <asm/io.h>

#define ICW1_INIT_ICW4		0x11	/* edge, cascade, ICW4 follows */
#define ICW3_MASTER_SLAVE_ON_2	0x04	/* master: slave on input 2 */
#define ICW3_SLAVE_ID		0x02	/* slave: cascade identity 2 */
#define ICW4_8086		0x01

void __init legacy_pic_mask_all(void)
{
	outb(0xff, PIC_MASTER_IMR);
	outb(0xff, PIC_SLAVE_IMR);

	outb(ICW1_INIT_ICW4, PIC_MASTER_CMD);
	io_delay();
	outb(ISA_IRQ_VECTOR(0), PIC_MASTER_IMR);
	io_delay();
	outb(ICW3_MASTER_SLAVE_ON_2, PIC_MASTER_IMR);
	io_delay();
	outb(ICW4_8086, PIC_MASTER_IMR);
	io_delay();

	outb(ICW1_INIT_ICW4, PIC_SLAVE_CMD);
	io_delay();
	outb(ISA_IRQ_VECTOR(8), PIC_SLAVE_IMR);
	io_delay();
	outb(ICW3_SLAVE_ID, PIC_SLAVE_IMR);
	io_delay();
	outb(ICW4_8086, PIC_SLAVE_IMR);
	io_delay();

	/* Initialisation leaves the inputs unmasked: mask them again. */
	outb(0xff, PIC_MASTER_IMR);
	outb(0xff, PIC_SLAVE_IMR);
}
