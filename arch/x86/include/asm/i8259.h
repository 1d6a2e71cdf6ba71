/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The two cascaded 8259A PICs of the PC.  Tidewater routes every device
 * interrupt through the IOAPIC, so the PICs are only initialised (to move
 * their vectors off the CPU exceptions) and masked for good.
 */
#ifndef _ASM_X86_I8259_H
#define _ASM_X86_I8259_H

#define PIC_MASTER_CMD		0x20
#define PIC_MASTER_IMR		0x21
#define PIC_SLAVE_CMD		0xa0
#define PIC_SLAVE_IMR		0xa1

void legacy_pic_mask_all(void);

#endif /* _ASM_X86_I8259_H */
