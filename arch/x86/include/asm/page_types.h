/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The x86_64 virtual memory layout (4-level paging, 48-bit addresses).
 * Usable from C and assembly.
 *
 *   0000000000000000 - 00007fffffffffff  user space (128 TiB)
 *   ffff888000000000 - ffffc87fffffffff  direct map of all physical RAM (64 TiB)
 *   ffffc90000000000 - ffffe8ffffffffff  vmalloc / ioremap space (32 TiB)
 *   ffffea0000000000 - ffffeaffffffffff  vmemmap: the struct page array (1 TiB)
 *   ffffffff80000000 - ffffffffbfffffff  kernel image, mapped from physical 0 (1 GiB)
 *
 * The same addresses as Linux, so a Linux hacker reading an oops knows at a
 * glance which region an address belongs to.
 */
#ifndef _ASM_X86_PAGE_TYPES_H
#define _ASM_X86_PAGE_TYPES_H

#ifdef __ASSEMBLY__
#define _AC(x, y) x
#else
#define __AC(x, y) (x##y)
#define _AC(x, y) __AC(x, y)
#endif

#define PAGE_SHIFT		12
#define PAGE_SIZE		(_AC(1, UL) << PAGE_SHIFT)
#define PAGE_MASK		(~(PAGE_SIZE - 1))
#define PMD_SHIFT		21
#define PMD_SIZE		(_AC(1, UL) << PMD_SHIFT)
#define PMD_MASK		(~(PMD_SIZE - 1))
#define PUD_SHIFT		30
#define PUD_SIZE		(_AC(1, UL) << PUD_SHIFT)
#define PGDIR_SHIFT		39
#define PGDIR_SIZE		(_AC(1, UL) << PGDIR_SHIFT)
#define PTRS_PER_TABLE		512

#define __PAGE_OFFSET		_AC(0xffff888000000000, UL)
#define __START_KERNEL_map	_AC(0xffffffff80000000, UL)
#define KERNEL_IMAGE_SIZE	(_AC(1, UL) << 30)
#define VMALLOC_START		_AC(0xffffc90000000000, UL)
#define VMALLOC_END		_AC(0xffffe8ffffffffff, UL)
#define VMEMMAP_START		_AC(0xffffea0000000000, UL)
#define TASK_SIZE_MAX		_AC(0x00007ffffffff000, UL)

#define THREAD_SIZE_ORDER	2
#define THREAD_SIZE		(PAGE_SIZE << THREAD_SIZE_ORDER)

#endif /* _ASM_X86_PAGE_TYPES_H */
