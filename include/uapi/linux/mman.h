/* SPDX-License-Identifier: GPL-2.0-only */
/* mmap(2) and mremap(2) flags of the Linux ABI. */
#ifndef _UAPI_LINUX_MMAN_H
#define _UAPI_LINUX_MMAN_H

#include <uapi/asm/mman.h>

#define MREMAP_MAYMOVE		1
#define MREMAP_FIXED		2
#define MREMAP_DONTUNMAP	4

#endif /* _UAPI_LINUX_MMAN_H */
