/* SPDX-License-Identifier: GPL-2.0-only */
/* Virtually contiguous kernel memory (mm/vmalloc.c). */
#ifndef _LINUX_VMALLOC_H
#define _LINUX_VMALLOC_H

#include <linux/types.h>

void *vmalloc(unsigned long size);
void *vzalloc(unsigned long size);
void vfree(const void *addr);
bool is_vmalloc_addr(const void *addr);

#endif /* _LINUX_VMALLOC_H */
