/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What execve() and the ELF loader need to know about x86_64
 * (fs/exec.c, fs/binfmt_elf.c):
 *
 *   ELF_ARCH          e_machine of the executables this kernel runs
 *   ELF_ET_DYN_BASE   where a static-PIE (ET_DYN) program is loaded
 *   ELF_PLATFORM      the string AT_PLATFORM points at
 *   ELF_HWCAP         the AT_HWCAP word: on x86 the EDX feature bits of
 *                     CPUID leaf 1, read on the CPU running the exec
 *   ELF_HWCAP2        AT_HWCAP2 (Linux's x86 bits: ring-3 MONITOR/MWAIT,
 *                     FSGSBASE; neither is offered to user space here: 0)
 *   get_sigframe_size()  AT_MINSIGSTKSZ (arch/x86/kernel/signal.c)
 *
 * Constants and a CPUID read: no state, no locking, any context.
 */
#ifndef _ASM_X86_ELF_H
#define _ASM_X86_ELF_H

#include <linux/types.h>
#include <uapi/linux/elf.h>
#include <asm/processor.h>

#define ELF_ARCH		EM_X86_64
/* Linux's base without randomization: 2/3 of the 47-bit user half. */
#define ELF_ET_DYN_BASE		0x555555554000UL
#define ELF_PLATFORM		"x86_64"

static inline u32 x86_elf_hwcap(void)
{
	u32 eax, ebx, ecx, edx;

	cpuid(1, &eax, &ebx, &ecx, &edx);
	return edx;
}
#define ELF_HWCAP		x86_elf_hwcap()
#define ELF_HWCAP2		0

unsigned long get_sigframe_size(void);

#endif /* _ASM_X86_ELF_H */
