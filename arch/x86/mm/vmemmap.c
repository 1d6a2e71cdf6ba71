// SPDX-License-Identifier: GPL-2.0-only
/*
 * Backing for the struct page array (the vmemmap at VMEMMAP_START).
 *
 * vmemmap_populate(start, end) maps [start, end) of the vmemmap with
 * fresh memory from memblock: a 2 MiB page for every aligned 2 MiB piece
 * that lies wholly inside the range (one TLB entry covers the
 * descriptors of 128 MiB of RAM), 4 KiB pages at the edges.  Parts that
 * are already mapped (neighbouring ranges round to the same pages) are
 * left alone.  The memory is not zeroed: the caller initialises every
 * descriptor it asked for.
 *
 * Boot only, single CPU, before the page allocator runs: it allocates
 * from memblock and edits init_top_pgt without kernel_pgtable_lock (only
 * this CPU exists and nothing else maps kernel memory at that point).
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/memblock.h>
#include <linux/mm.h>
#include <uapi/asm-generic/errno-base.h>
#include <asm/pgtable.h>

/* The pmd entry for va, creating its pmd table if needed; NULL on failure. */
static pteval_t * __init vmemmap_pmd_entry(unsigned long va)
{
	pteval_t *pgde = &init_top_pgt[pgd_index(va)].pgd, *pud, *pude, *pmd;

	/* init_mem_mapping() gave every kernel pgd entry a pud page. */
	if (!(*pgde & _PAGE_PRESENT))
		return NULL;
	pud = __va(*pgde & PTE_PFN_MASK);
	pude = &pud[pud_index(va)];
	if (!(*pude & _PAGE_PRESENT)) {
		phys_addr_t pa = memblock_phys_alloc(PAGE_SIZE, PAGE_SIZE);

		if (!pa)
			return NULL;
		memset(__va(pa), 0, PAGE_SIZE);
		*pude = pa | _PAGE_PRESENT | _PAGE_RW;
	}
	if (*pude & _PAGE_PSE)
		return NULL;
	pmd = __va(*pude & PTE_PFN_MASK);
	return &pmd[pmd_index(va)];
}

static bool __init vmemmap_map_huge(pteval_t *pmde)
{
	phys_addr_t pa = memblock_phys_alloc(PMD_SIZE, PMD_SIZE);

	if (!pa)
		return false;
	*pmde = pa | pgprot_val(PAGE_KERNEL) | _PAGE_PSE;
	return true;
}

static int __init vmemmap_map_small(unsigned long va, unsigned long end)
{
	for (; va < end; va += PAGE_SIZE) {
		pte_t *pte = lookup_kernel_pte(va);
		phys_addr_t pa;

		if (pte && (pte->pte & _PAGE_PRESENT))
			continue;
		pa = memblock_phys_alloc(PAGE_SIZE, PAGE_SIZE);
		if (!pa || kernel_map_page(va, pa, PAGE_KERNEL))
			return -ENOMEM;
	}
	return 0;
}

int __init vmemmap_populate(unsigned long start, unsigned long end)
{
	unsigned long va = start;

	while (va < end) {
		unsigned long next = min(ALIGN(va + 1, PMD_SIZE), end);
		pteval_t *pmde = vmemmap_pmd_entry(va);

		if (!pmde)
			return -ENOMEM;
		if (*pmde & _PAGE_PRESENT) {
			/* A 2 MiB page already covers it all. */
			if (*pmde & _PAGE_PSE) {
				va = next;
				continue;
			}
		} else if (IS_ALIGNED(va, PMD_SIZE) && next - va == PMD_SIZE &&
			   vmemmap_map_huge(pmde)) {
			va = next;
			continue;
		}
		if (vmemmap_map_small(va, next))
			return -ENOMEM;
		va = next;
	}
	return 0;
}
