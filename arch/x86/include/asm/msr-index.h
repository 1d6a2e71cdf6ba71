/* SPDX-License-Identifier: GPL-2.0-only */
/* Model-specific register numbers (Intel SDM vol. 4). */
#ifndef _ASM_X86_MSR_INDEX_H
#define _ASM_X86_MSR_INDEX_H

#include <asm/processor-flags.h>	/* MSR_EFER and its bits */

#define MSR_IA32_APICBASE	0x0000001b
#define MSR_IA32_APICBASE_BSP	(1 << 8)
#define MSR_IA32_APICBASE_ENABLE (1 << 11)
#define MSR_IA32_TSC_DEADLINE	0x000006e0
#define MSR_IA32_MISC_ENABLE	0x000001a0
#define MSR_IA32_CR_PAT		0x00000277
#define MSR_STAR		0xc0000081
#define MSR_LSTAR		0xc0000082
#define MSR_CSTAR		0xc0000083
#define MSR_SYSCALL_MASK	0xc0000084
#define MSR_FS_BASE		0xc0000100
#define MSR_GS_BASE		0xc0000101
#define MSR_KERNEL_GS_BASE	0xc0000102
#define MSR_TSC_AUX		0xc0000103

#endif /* _ASM_X86_MSR_INDEX_H */
