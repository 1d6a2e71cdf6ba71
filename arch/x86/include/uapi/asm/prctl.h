/* SPDX-License-Identifier: GPL-2.0-only */
/* arch_prctl(2) codes (Linux ABI). */
#ifndef _UAPI_ASM_X86_PRCTL_H
#define _UAPI_ASM_X86_PRCTL_H

#define ARCH_SET_GS		0x1001
#define ARCH_SET_FS		0x1002
#define ARCH_GET_FS		0x1003
#define ARCH_GET_GS		0x1004
#define ARCH_GET_CPUID		0x1011
#define ARCH_SET_CPUID		0x1012

#endif /* _UAPI_ASM_X86_PRCTL_H */
