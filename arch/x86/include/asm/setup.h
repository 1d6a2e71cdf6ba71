/* SPDX-License-Identifier: GPL-2.0-only */
/* Boot-time architecture setup (arch/x86/kernel/setup.c). */
#ifndef _ASM_X86_SETUP_H
#define _ASM_X86_SETUP_H

#include <linux/types.h>
#include <asm/bootparam.h>

#define COMMAND_LINE_SIZE 2048

extern struct boot_params boot_params;
/* The initramfs image as the boot loader left it (physical), 0 if none. */
extern phys_addr_t initrd_start_phys;
extern u64 initrd_size;

void setup_arch(char **cmdline_p);

#endif /* _ASM_X86_SETUP_H */
