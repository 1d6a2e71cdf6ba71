/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * x86_64 4-level page tables: entry bits and the kernel-mapping helpers.
 *
 * Levels (Linux names): pgd (PML4) -> pud (PDPT) -> pmd (PD) -> pte (PT).
 * The kernel half of every pgd (entries 256-511) is shared: user page
 * tables copy those entries from init_top_pgt, and kernel mappings are
 * made below pre-allocated pud pages so that a new kernel mapping is
 * visible in every address space without touching each pgd.
 *
 * Locking: kernel_map_page()/kernel_unmap_page() serialise on
 * kernel_pgtable_lock; callers flush the TLB (and shoot down other CPUs'
 * entries) themselves when they change a live mapping.
 */
#ifndef _ASM_X86_PGTABLE_H
#define _ASM_X86_PGTABLE_H

#include <linux/types.h>
#include <asm/page.h>

#define _PAGE_PRESENT	(1UL << 0)
#define _PAGE_RW	(1UL << 1)
#define _PAGE_USER	(1UL << 2)
#define _PAGE_PWT	(1UL << 3)
#define _PAGE_PCD	(1UL << 4)
#define _PAGE_ACCESSED	(1UL << 5)
#define _PAGE_DIRTY	(1UL << 6)
#define _PAGE_PSE	(1UL << 7)	/* 2 MiB / 1 GiB leaf at pmd / pud level */
#define _PAGE_GLOBAL	(1UL << 8)
#define _PAGE_SOFTW1	(1UL << 9)	/* available to software */
#define _PAGE_SOFTW2	(1UL << 10)
#define _PAGE_SOFTW3	(1UL << 11)
#define _PAGE_NX	(1UL << 63)

#define PTE_PFN_MASK	0x000ffffffffff000UL
#define PTE_FLAGS_MASK	(~PTE_PFN_MASK)

typedef unsigned long pteval_t;
typedef struct { pteval_t pte; } pte_t;
typedef struct { pteval_t pmd; } pmd_t;
typedef struct { pteval_t pud; } pud_t;
typedef struct { pteval_t pgd; } pgd_t;
typedef struct { pteval_t pgprot; } pgprot_t;

#define __pgprot(x)	((pgprot_t){ (x) })
#define pgprot_val(p)	((p).pgprot)

/* _PAGE_NX is masked off at run time when the CPU has no NX (see __supported_pte_mask). */
extern pteval_t __supported_pte_mask;

#define __PAGE_KERNEL_EXEC	(_PAGE_PRESENT | _PAGE_RW | _PAGE_ACCESSED | _PAGE_DIRTY | _PAGE_GLOBAL)
#define __PAGE_KERNEL		(__PAGE_KERNEL_EXEC | _PAGE_NX)
#define PAGE_KERNEL		__pgprot(__PAGE_KERNEL & __supported_pte_mask)
#define PAGE_KERNEL_EXEC	__pgprot(__PAGE_KERNEL_EXEC)
#define PAGE_KERNEL_RO		__pgprot((__PAGE_KERNEL & ~_PAGE_RW) & __supported_pte_mask)
#define PAGE_KERNEL_NOCACHE	__pgprot((__PAGE_KERNEL | _PAGE_PCD | _PAGE_PWT) & __supported_pte_mask)

#define pgd_index(a)	(((a) >> PGDIR_SHIFT) & (PTRS_PER_TABLE - 1))
#define pud_index(a)	(((a) >> PUD_SHIFT) & (PTRS_PER_TABLE - 1))
#define pmd_index(a)	(((a) >> PMD_SHIFT) & (PTRS_PER_TABLE - 1))
#define pte_index(a)	(((a) >> PAGE_SHIFT) & (PTRS_PER_TABLE - 1))

/* Kernel master page table (the pgd of init_mm and of kernel threads). */
extern pgd_t *init_top_pgt;

void init_mem_mapping(void);
/* Map/unmap one 4 KiB kernel page; page tables come from the allocator hook. */
int kernel_map_page(unsigned long va, phys_addr_t pa, pgprot_t prot);
void kernel_unmap_page(unsigned long va);
/* Map [va, va+size) to [pa, ...) with 4 KiB pages. */
int kernel_map_range(unsigned long va, phys_addr_t pa, size_t size, pgprot_t prot);
/* The pte for va in the kernel tables, or NULL (no allocation). */
pte_t *lookup_kernel_pte(unsigned long va);
/* Until the page allocator runs, page-table pages come from memblock. */
extern unsigned long (*pgtable_alloc_hook)(void);	/* returns a zeroed page's phys, 0 on failure */


#endif /* _ASM_X86_PGTABLE_H */
