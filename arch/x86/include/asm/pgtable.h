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
#include <linux/compiler.h>
#include <asm/atomic.h>
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

/* ------------------------------------------------------------ user page tables */

/*
 * User mappings (mm/memory.c).  Every level of a user walk carries
 * _PAGE_USER; leaf entries carry the VMA's vm_page_prot (vm_get_page_prot()
 * in arch/x86/mm/pgprot.c): never _PAGE_GLOBAL (a CR3 load must drop
 * them), write-back caching (PAT index 0: PWT, PCD and PAT bits clear), NX
 * unless the VMA is executable (and only when the CPU has NX:
 * __supported_pte_mask).
 *
 * _PAGE_PROTNONE reuses the global bit, which means nothing in a
 * non-present entry: a page of a PROT_NONE VMA keeps its frame in a pte
 * that the MMU sees as not present, so mprotect() back to a usable
 * protection finds the contents again.  pte_present() is true for both
 * kinds; only the fault handler cares about the difference.
 */
#define _PAGE_PROTNONE	_PAGE_GLOBAL
#define _PAGE_TABLE	(_PAGE_PRESENT | _PAGE_RW | _PAGE_USER | _PAGE_ACCESSED)

#define __pte(x)	((pte_t){ (x) })
#define __pmd(x)	((pmd_t){ (x) })
#define __pud(x)	((pud_t){ (x) })
#define __pgd(x)	((pgd_t){ (x) })
#define pte_val(p)	((p).pte)
#define pmd_val(p)	((p).pmd)
#define pud_val(p)	((p).pud)
#define pgd_val(p)	((p).pgd)

/* Flags common to every usable user leaf: present, user, accessed. */
#define __PAGE_USER_BASE	(_PAGE_PRESENT | _PAGE_USER | _PAGE_ACCESSED)
#define PAGE_NONE		__pgprot(_PAGE_PROTNONE | _PAGE_ACCESSED)

/* Upper levels.  Only 4 KiB leaves exist in user page tables. */
static inline bool pgd_none(pgd_t e) { return !pgd_val(e); }
static inline bool pud_none(pud_t e) { return !pud_val(e); }
static inline bool pmd_none(pmd_t e) { return !pmd_val(e); }
static inline unsigned long pgd_table_pa(pgd_t e) { return pgd_val(e) & PTE_PFN_MASK; }
static inline unsigned long pud_table_pa(pud_t e) { return pud_val(e) & PTE_PFN_MASK; }
static inline unsigned long pmd_table_pa(pmd_t e) { return pmd_val(e) & PTE_PFN_MASK; }
static inline pud_t *pud_offset(pgd_t *pgd, unsigned long addr)
{
	return (pud_t *)__va(pgd_table_pa(*pgd)) + pud_index(addr);
}
static inline pmd_t *pmd_offset(pud_t *pud, unsigned long addr)
{
	return (pmd_t *)__va(pud_table_pa(*pud)) + pmd_index(addr);
}
static inline pte_t *pte_offset(pmd_t *pmd, unsigned long addr)
{
	return (pte_t *)__va(pmd_table_pa(*pmd)) + pte_index(addr);
}
static inline pgd_t *pgd_offset_pgd(pgd_t *pgd, unsigned long addr)
{
	return pgd + pgd_index(addr);
}

/* Leaves. */
static inline bool pte_none(pte_t p) { return !pte_val(p); }
static inline bool pte_present(pte_t p) { return pte_val(p) & (_PAGE_PRESENT | _PAGE_PROTNONE); }
static inline bool pte_protnone(pte_t p)
{
	return (pte_val(p) & (_PAGE_PRESENT | _PAGE_PROTNONE)) == _PAGE_PROTNONE;
}
static inline bool pte_write(pte_t p) { return pte_val(p) & _PAGE_RW; }
static inline bool pte_dirty(pte_t p) { return pte_val(p) & _PAGE_DIRTY; }
static inline bool pte_young(pte_t p) { return pte_val(p) & _PAGE_ACCESSED; }
static inline bool pte_exec(pte_t p) { return !(pte_val(p) & _PAGE_NX); }
static inline unsigned long pte_pfn(pte_t p) { return (pte_val(p) & PTE_PFN_MASK) >> PAGE_SHIFT; }

static inline pte_t pte_set_flags(pte_t p, pteval_t f) { return __pte(pte_val(p) | f); }
static inline pte_t pte_clear_flags(pte_t p, pteval_t f) { return __pte(pte_val(p) & ~f); }
static inline pte_t pte_mkwrite(pte_t p) { return pte_set_flags(p, _PAGE_RW); }
static inline pte_t pte_wrprotect(pte_t p) { return pte_clear_flags(p, _PAGE_RW); }
static inline pte_t pte_mkdirty(pte_t p) { return pte_set_flags(p, _PAGE_DIRTY); }
static inline pte_t pte_mkclean(pte_t p) { return pte_clear_flags(p, _PAGE_DIRTY); }
static inline pte_t pte_mkyoung(pte_t p) { return pte_set_flags(p, _PAGE_ACCESSED); }
static inline pte_t pte_mkold(pte_t p) { return pte_clear_flags(p, _PAGE_ACCESSED); }

static inline pte_t pfn_pte(unsigned long pfn, pgprot_t prot)
{
	return __pte(((pteval_t)pfn << PAGE_SHIFT) | (pgprot_val(prot) & __supported_pte_mask));
}

/* New protection, same frame; keeps the accessed and dirty bits. */
static inline pte_t pte_modify(pte_t p, pgprot_t prot)
{
	pteval_t keep = pte_val(p) & (PTE_PFN_MASK | _PAGE_ACCESSED | _PAGE_DIRTY);

	return __pte(keep | (pgprot_val(prot) & __supported_pte_mask & ~PTE_PFN_MASK));
}

/*
 * Swap entries in non-present ptes (<linux/swapops.h> wraps these as
 * swp_entry_to_pte()/pte_to_swp_entry()).
 *
 * With P (bit 0) clear the MMU ignores bits 63:1 of a pte (Intel SDM
 * vol. 3 "Paging", the not-present entry format; AMD APM vol. 2 likewise),
 * so software owns them.  Our layout:
 *
 *   bit  0      P = 0: the MMU faults on any access
 *   bits 1-5    swap type (area number, 0..31)
 *   bits 6-7    zero
 *   bit  8      zero: set would make it a PROT_NONE pte (_PAGE_PROTNONE,
 *               which pte_present() counts as present)
 *   bit  9      always 1 (SWP_PTE_MARK): an entry is never the empty pte,
 *               whatever its type and offset
 *   bits 10-11  zero (free for software flags of swap ptes)
 *   bits 12-61  the slot offset, complemented
 *   bits 62-63  zero
 *
 * Why the complement: CPUs open to L1 Terminal Fault may speculatively
 * read the cache line a non-present entry's address bits name.  Stored
 * plainly, offset N would name physical page N, ordinary RAM.  Areas hold
 * fewer than 2^32 pages (the header's last_page is 32 bits), so the
 * complement of any real offset has bits 44 and up set: an address above
 * 16 TiB, where no RAM of ours lives.
 */
#define SWP_PTE_TYPE_SHIFT	1
#define SWP_PTE_TYPE_BITS	5
#define SWP_PTE_MARK		_PAGE_SOFTW1
#define SWP_PTE_OFFSET_SHIFT	12
#define SWP_PTE_OFFSET_BITS	50
#define SWP_PTE_OFFSET_MASK	((1UL << SWP_PTE_OFFSET_BITS) - 1)
/* Largest offset the encoding holds. */
#define SWP_PTE_MAX_OFFSET	SWP_PTE_OFFSET_MASK

/* __swp_entry_to_pte() - the non-present pte for slot @offset of area @type. */
static inline pte_t __swp_entry_to_pte(unsigned int type, unsigned long offset)
{
	pteval_t t = (pteval_t)(type & ((1U << SWP_PTE_TYPE_BITS) - 1)) << SWP_PTE_TYPE_SHIFT;
	pteval_t o = (~offset & SWP_PTE_OFFSET_MASK) << SWP_PTE_OFFSET_SHIFT;

	return __pte(t | o | SWP_PTE_MARK);
}

/* __pte_to_swp_type() - the area number of a swap pte. */
static inline unsigned int __pte_to_swp_type(pte_t p)
{
	return (pte_val(p) >> SWP_PTE_TYPE_SHIFT) & ((1U << SWP_PTE_TYPE_BITS) - 1);
}

/* __pte_to_swp_offset() - the slot offset of a swap pte. */
static inline unsigned long __pte_to_swp_offset(pte_t p)
{
	return ~(pte_val(p) >> SWP_PTE_OFFSET_SHIFT) & SWP_PTE_OFFSET_MASK;
}

/*
 * Updates of live entries.  The MMU sets accessed and dirty bits
 * asynchronously, so read-modify-write of a present pte is atomic; the
 * caller holds mm->page_table_lock against other software updates and
 * flushes the TLB afterwards where an entry lost rights.
 */
static inline void set_pte(pte_t *ptep, pte_t p) { WRITE_ONCE(ptep->pte, pte_val(p)); }
static inline pte_t ptep_get(pte_t *ptep) { return __pte(READ_ONCE(ptep->pte)); }
static inline pte_t ptep_get_and_clear(pte_t *ptep) { return __pte(xchg(&ptep->pte, 0)); }
static inline void ptep_set_wrprotect(pte_t *ptep)
{
	__asm__ __volatile__("lock andq %1, %0" : "+m"(ptep->pte) : "r"(~_PAGE_RW) : "memory");
}
static inline bool ptep_test_and_clear_young(pte_t *ptep)
{
	bool old;

	__asm__ __volatile__("lock btrq %2, %0" : "+m"(ptep->pte), "=@ccc"(old)
			     : "Ir"(5) : "memory");
	return old;
}

#endif /* _ASM_X86_PGTABLE_H */
