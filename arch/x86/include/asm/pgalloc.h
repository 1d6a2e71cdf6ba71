/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Top-level page tables of user address spaces (arch/x86/mm/pgtable.c).
 *
 * pgd_alloc() returns a zeroed pgd page whose kernel half (entries
 * 256-511) is copied from init_top_pgt.  Those entries point at pud pages
 * allocated once at boot and never freed, so kernel mappings made later
 * show up in every address space without touching any pgd; the user half
 * is filled by faults and emptied by munmap()/exit (mm/memory.c).
 */
#ifndef _ASM_X86_PGALLOC_H
#define _ASM_X86_PGALLOC_H

#include <asm/pgtable.h>

struct mm_struct;

/* 0 or -ENOMEM; sets mm->pgd. */
int pgd_alloc(struct mm_struct *mm);
void pgd_free(struct mm_struct *mm);

/*
 * Link the zeroed page-table page at physical address pa into entry, a
 * pgd, pud or pmd entry of a user table (one format at every level, so
 * the entry is untyped).  Upper levels allow everything - present,
 * writable, user - and leave the real rights to the leaf pte.  The
 * caller holds mm->page_table_lock; lock-free walkers see either 0 or
 * the complete entry.
 */
static inline void pgtable_populate(pteval_t *entry, phys_addr_t pa)
{
	WRITE_ONCE(*entry, pa | _PAGE_TABLE);
}

#endif /* _ASM_X86_PGALLOC_H */
