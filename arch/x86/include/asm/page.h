/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Physical <-> virtual conversions.  Every RAM page is mapped in the direct
 * map at __PAGE_OFFSET + phys; the kernel image is also mapped at
 * __START_KERNEL_map + phys.  __pa() accepts both kinds of address.
 */
#ifndef _ASM_X86_PAGE_H
#define _ASM_X86_PAGE_H

#include <asm/page_types.h>

#ifndef __ASSEMBLY__
#include <linux/types.h>

#define PAGE_OFFSET	__PAGE_OFFSET

static inline phys_addr_t __phys_addr(unsigned long x)
{
	if (x >= __START_KERNEL_map)
		return x - __START_KERNEL_map;
	return x - PAGE_OFFSET;
}

#define __pa(x)		__phys_addr((unsigned long)(x))
#define __va(x)		((void *)((unsigned long)(x) + PAGE_OFFSET))
#define PFN_DOWN(x)	((x) >> PAGE_SHIFT)
#define PFN_UP(x)	(((x) + PAGE_SIZE - 1) >> PAGE_SHIFT)
#define PFN_PHYS(pfn)	((phys_addr_t)(pfn) << PAGE_SHIFT)
#define virt_to_pfn(v)	PFN_DOWN(__pa(v))

void clear_page(void *page);
void copy_page(void *to, const void *from);

#endif /* __ASSEMBLY__ */
#endif /* _ASM_X86_PAGE_H */
