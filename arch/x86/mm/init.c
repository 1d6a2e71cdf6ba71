// SPDX-License-Identifier: GPL-2.0-only
/*
 * The kernel's own page tables.
 *
 * init_mem_mapping() replaces the boot tables from head_64.S with tables
 * that map every RAM range memblock knows (2 MiB pages where a whole
 * aligned 2 MiB is RAM, 4 KiB pages at the edges - holes and MMIO are
 * left unmapped, so a stray direct-map access to them faults instead of
 * touching a device), plus the kernel image at __START_KERNEL_map.  All
 * 256 kernel pgd entries get a pud page up front so later kernel mappings
 * (vmalloc, ioremap, vmemmap) never need to touch a process's pgd.
 *
 * Interface: <asm/pgtable.h>.  Locking: kernel_pgtable_lock for changes
 * after boot; callers flush TLBs.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/printk.h>
#include <linux/memblock.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/panic.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include <asm/msr-index.h>
#include <asm/cpufeature.h>
#include <asm/e820.h>

extern char _text[], _end[];

pgd_t *init_top_pgt;
pteval_t __supported_pte_mask = ~_PAGE_NX;
unsigned long (*pgtable_alloc_hook)(void);
static DEFINE_SPINLOCK(kernel_pgtable_lock);

static unsigned long alloc_pgtable_page(void)
{
	phys_addr_t pa;

	if (pgtable_alloc_hook)
		return pgtable_alloc_hook();
	pa = memblock_phys_alloc(PAGE_SIZE, PAGE_SIZE);
	if (pa)
		memset(__va(pa), 0, PAGE_SIZE);
	return pa;
}

/* The next-level table under *entry, allocating it if absent. */
static pteval_t *table_below(pteval_t *entry, bool alloc)
{
	unsigned long pa;

	if (*entry & _PAGE_PRESENT) {
		if (*entry & _PAGE_PSE)
			return NULL;	/* a large page: no table below */
		return __va(*entry & PTE_PFN_MASK);
	}
	if (!alloc)
		return NULL;
	pa = alloc_pgtable_page();
	if (!pa)
		return NULL;
	*entry = pa | _PAGE_PRESENT | _PAGE_RW;
	return __va(pa);
}

static pteval_t *walk_to_pmd(pgd_t *pgd, unsigned long va, bool alloc)
{
	pteval_t *pud, *pmd;

	pud = table_below(&pgd[pgd_index(va)].pgd, alloc);
	if (!pud)
		return NULL;
	pmd = table_below(&pud[pud_index(va)], alloc);
	if (!pmd)
		return NULL;
	return &pmd[pmd_index(va)];
}

static pteval_t *walk_to_pte(pgd_t *pgd, unsigned long va, bool alloc)
{
	pteval_t *pmde = walk_to_pmd(pgd, va, alloc), *pt;

	if (!pmde)
		return NULL;
	pt = table_below(pmde, alloc);
	if (!pt)
		return NULL;
	return &pt[pte_index(va)];
}

static int map_range(pgd_t *pgd, unsigned long va, phys_addr_t pa, u64 size,
		     pteval_t flags, bool large_ok)
{
	u64 done = 0;

	while (done < size) {
		unsigned long v = va + done;
		phys_addr_t p = pa + done;
		pteval_t *e;

		if (large_ok && !(v & ~PMD_MASK) && !(p & ~PMD_MASK) && size - done >= PMD_SIZE) {
			e = walk_to_pmd(pgd, v, true);
			if (!e)
				return -1;
			*e = p | flags | _PAGE_PSE;
			done += PMD_SIZE;
			continue;
		}
		e = walk_to_pte(pgd, v, true);
		if (!e)
			return -1;
		*e = p | flags;
		done += PAGE_SIZE;
	}
	return 0;
}

void __init init_mem_mapping(void)
{
	struct memblock_region *r;
	phys_addr_t kstart = __pa(_text) & PMD_MASK;
	phys_addr_t kend = ALIGN(__pa(_end), PMD_SIZE);
	pteval_t direct = __PAGE_KERNEL & __supported_pte_mask;
	unsigned long pa;

	/* NX in a pte is a reserved bit until EFER.NXE is set. */
	if (boot_cpu_has(X86_FEATURE_NX)) {
		wrmsr(MSR_EFER, rdmsr(MSR_EFER) | EFER_NX);
		__supported_pte_mask |= _PAGE_NX;
	}
	direct = __PAGE_KERNEL & __supported_pte_mask;

	/* The boot tables map the first 1 GiB; allocate tables below it. */
	memblock_limit = 1UL << 30;
	pa = alloc_pgtable_page();
	if (!pa)
		panic("init_mem_mapping: no memory for the kernel page tables");
	init_top_pgt = __va(pa);

	for (int i = PTRS_PER_TABLE / 2; i < PTRS_PER_TABLE; i++)
		if (!table_below(&init_top_pgt[i].pgd, true))
			panic("init_mem_mapping: no memory for kernel pud pages");

	for_each_mem_region(r) {
		/* Map in 1 GiB steps, so tables for the next step are reachable. */
		for (u64 off = 0; off < r->size;) {
			u64 chunk = min_t(u64, r->size - off, PUD_SIZE);

			if (map_range(init_top_pgt, (unsigned long)__va(r->base + off), r->base + off,
				      chunk, direct, true))
				panic("init_mem_mapping: out of memory for page tables");
			off += chunk;
		}
	}
	if (map_range(init_top_pgt, __START_KERNEL_map + kstart, kstart, kend - kstart,
		      __PAGE_KERNEL_EXEC, true))
		panic("init_mem_mapping: cannot map the kernel image");

	write_cr3(__pa(init_top_pgt));
	memblock_limit = memblock_end_of_DRAM();
	pr_info("Direct map: %llu MiB of RAM at %#lx, NX %s\n",
		(u64)(memblock_phys_mem_size() >> 20), PAGE_OFFSET,
		boot_cpu_has(X86_FEATURE_NX) ? "on" : "unsupported by CPU");
}

int kernel_map_page(unsigned long va, phys_addr_t pa, pgprot_t prot)
{
	unsigned long flags;
	pteval_t *e;

	spin_lock_irqsave(&kernel_pgtable_lock, flags);
	e = walk_to_pte(init_top_pgt, va, true);
	if (e)
		*e = (pa & PTE_PFN_MASK) | pgprot_val(prot);
	spin_unlock_irqrestore(&kernel_pgtable_lock, flags);
	return e ? 0 : -1;
}

void kernel_unmap_page(unsigned long va)
{
	unsigned long flags;
	pteval_t *e;

	spin_lock_irqsave(&kernel_pgtable_lock, flags);
	e = walk_to_pte(init_top_pgt, va, false);
	if (e)
		*e = 0;
	spin_unlock_irqrestore(&kernel_pgtable_lock, flags);
}

int kernel_map_range(unsigned long va, phys_addr_t pa, size_t size, pgprot_t prot)
{
	for (size_t off = 0; off < size; off += PAGE_SIZE)
		if (kernel_map_page(va + off, pa + off, prot))
			return -1;
	return 0;
}

pte_t *lookup_kernel_pte(unsigned long va)
{
	return (pte_t *)walk_to_pte(init_top_pgt, va, false);
}
