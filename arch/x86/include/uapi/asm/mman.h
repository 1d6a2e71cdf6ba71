/* SPDX-License-Identifier: GPL-2.0-only */
/* x86 mmap flags: the generic set plus MAP_32BIT. */
#ifndef _UAPI_ASM_X86_MMAN_H
#define _UAPI_ASM_X86_MMAN_H

#include <uapi/asm-generic/mman-common.h>

#define MAP_32BIT	0x40	/* place the mapping in the first 2 GiB */

#endif /* _UAPI_ASM_X86_MMAN_H */
