// SPDX-License-Identifier: GPL-2.0-only
/*
 * User page tables and page faults.
 *
 * Page tables: four levels, only 4 KiB leaves.  Tables are allocated on
 * demand by the fault path (pte_alloc_walk()) and freed when an unmap
 * leaves them empty (free_empty_pgtables()) or when the mm dies.
 *
 * Faults (handle_mm_fault(), called with mmap_lock held after the caller
 * checked the access against vm_flags):
 *   - no pte, anonymous VMA: a zeroed page, mapped writable if the VMA is
 *     (do_anonymous_page());
 *   - no pte, VMA with vm_ops (shared anonymous memory, files): the
 *     object's page, or a private copy of it for a write to a private
 *     mapping (do_object_fault());
 *   - shared writable mappings of files that are written back map their
 *     pages read-only until a store faults: the page is dirtied then
 *     (do_shared_write()), and writeback's page_mkclean()
 *     write-protects it again; unmapping moves pte dirty bits to the page;
 *   - write to a present read-only pte of a writable VMA: copy on write,
 *     or reuse the page when this pte is its only mapping and nobody pins
 *     it (do_wp_page()).
 *
 * Locking: page-table pages and leaf entries change under
 * mm->page_table_lock, which is never taken with interrupts off (TLB
 * shootdown IPIs are sent while holding it).  Pages are allocated and
 * copied outside it, then the pte is re-checked under it: a racing fault
 * of another thread simply wins.  Page-table pages are freed only with
 * mmap_lock held for writing *and* page_table_lock, so the fault path
 * (mmap_lock read) may walk them without the spinlock and rmap walkers
 * (page_table_lock, no mmap_lock) never see a freed table.
 *
 * Interface: handle_mm_fault(), zap_page_range(), unmap_mapping_range(), follow_page(),
 * get_user_pages_remote(), access_remote_vm(); mm/vma.h for the rest.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/swap.h>
#include <linux/swapops.h>
#include <linux/vmstat.h>
#include <linux/rmap.h>
#include <linux/pagemap.h>
#include <linux/writeback.h>
#include <linux/sched.h>
#include <linux/sched/mm.h>
#include <linux/mmap_lock.h>
#include <linux/string.h>
#include <linux/errno.h>
#include <asm/pgalloc.h>
#include <asm/tlbflush.h>
#include "vma.h"

#define GFP_USER_PAGE	(GFP_HIGHUSER_MOVABLE)

static inline pte_t mk_pte(struct page *page, pgprot_t prot)
{
	return pfn_pte(page_to_pfn(page), prot);
}

/* The end of the level-size block containing addr, or end if sooner. */
static inline unsigned long block_end(unsigned long addr, unsigned long end, unsigned long size)
{
	unsigned long b = (addr + size) & ~(size - 1);

	return (b - 1 < end - 1) ? b : end;
}

/* ------------------------------------------------------------ page-table pages */

static struct page *pgtable_page_alloc(struct mm_struct *mm)
{
	struct page *page = alloc_page(GFP_KERNEL | __GFP_ZERO);

	if (page)
		atomic_long_add(PAGE_SIZE, &mm->pgtables_bytes);
	return page;
}

static void pgtable_page_free(struct mm_struct *mm, struct page *page)
{
	atomic_long_sub(PAGE_SIZE, &mm->pgtables_bytes);
	__free_page(page);
}

/*
 * The table under *entry, allocating and installing it if absent.  The
 * allocation may sleep, so it happens before page_table_lock is taken;
 * whoever installs first wins.
 */
static void *table_below_alloc(struct mm_struct *mm, pteval_t *entry)
{
	pteval_t v = READ_ONCE(*entry);
	struct page *page;

	if (v)
		return __va(v & PTE_PFN_MASK);
	page = pgtable_page_alloc(mm);
	if (!page)
		return NULL;
	spin_lock(&mm->page_table_lock);
	v = *entry;
	if (!v) {
		pgtable_populate(entry, page_to_phys(page));
		v = READ_ONCE(*entry);
		page = NULL;
	}
	spin_unlock(&mm->page_table_lock);
	if (page)
		pgtable_page_free(mm, page);
	return __va(v & PTE_PFN_MASK);
}

static void *table_below(pteval_t *entry)
{
	pteval_t v = READ_ONCE(*entry);

	return v ? __va(v & PTE_PFN_MASK) : NULL;
}

pte_t *pte_alloc_walk(struct mm_struct *mm, unsigned long addr)
{
	pteval_t *pud, *pmd, *pt;

	pud = table_below_alloc(mm, &mm->pgd[pgd_index(addr)].pgd);
	if (!pud)
		return NULL;
	pmd = table_below_alloc(mm, &pud[pud_index(addr)]);
	if (!pmd)
		return NULL;
	pt = table_below_alloc(mm, &pmd[pmd_index(addr)]);
	if (!pt)
		return NULL;
	return (pte_t *)&pt[pte_index(addr)];
}

pte_t *lookup_user_pte(struct mm_struct *mm, unsigned long addr)
{
	pteval_t *pud, *pmd, *pt;

	pud = table_below(&mm->pgd[pgd_index(addr)].pgd);
	if (!pud)
		return NULL;
	pmd = table_below(&pud[pud_index(addr)]);
	if (!pmd)
		return NULL;
	pt = table_below(&pmd[pmd_index(addr)]);
	if (!pt)
		return NULL;
	return (pte_t *)&pt[pte_index(addr)];
}

/* ------------------------------------------------------------ mmu_gather */

void tlb_gather_mmu(struct mmu_gather *tlb, struct mm_struct *mm, bool fullmm)
{
	tlb->mm = mm;
	tlb->start = ~0UL;
	tlb->end = 0;
	tlb->fullmm = fullmm;
	tlb->nr = 0;
	INIT_LIST_HEAD(&tlb->tables);
}

static void tlb_add_range(struct mmu_gather *tlb, unsigned long start, unsigned long end)
{
	tlb->start = min(tlb->start, start);
	tlb->end = max(tlb->end, end);
}

/*
 * An anonymous page whose last pte just went may still hold a swap slot
 * (swapped in by a read fault, which keeps the slot): with no pte left to
 * name it, the slot only wastes swap space.  Give it up now if the page
 * lock is free; otherwise reclaim does when it meets the page.  (The last
 * unmap has cleared page->mapping, so PageAnon() no longer says what the
 * page was; PG_swapbacked does, and tells PG_swapcache from a file
 * system's PG_checked on the same bit.  try_to_free_swap() keeps slots
 * other ptes, tmpfs or a shared object still name.)
 */
static void drop_unmapped_swap_cache(struct page *page)
{
	if (!PageSwapBacked(page) || !PageSwapCache(page) || page_mapped(page) ||
	    !trylock_page(page))
		return;
	if (!page_mapped(page))
		try_to_free_swap(page);
	unlock_page(page);
}

static void tlb_flush_mmu(struct mmu_gather *tlb)
{
	struct page *page, *tmp;

	if (tlb->start < tlb->end && !tlb->fullmm)
		flush_tlb_mm_range(tlb->mm, tlb->start, tlb->end);
	tlb->start = ~0UL;
	tlb->end = 0;
	for (unsigned int i = 0; i < tlb->nr; i++) {
		drop_unmapped_swap_cache(tlb->pages[i]);
		put_page(tlb->pages[i]);
	}
	tlb->nr = 0;
	list_for_each_entry_safe(page, tmp, &tlb->tables, lru) {
		list_del(&page->lru);
		pgtable_page_free(tlb->mm, page);
	}
}

void tlb_finish_mmu(struct mmu_gather *tlb)
{
	tlb_flush_mmu(tlb);
}

/* ------------------------------------------------------------ unmapping */

/* Drop one cleared pte's page: rmap, counters, and (after the flush) the reference. */
static void zap_one_page(struct mmu_gather *tlb, struct vm_area_struct *vma, pte_t old)
{
	struct page *page = pfn_to_page(pte_pfn(old));

	/* A store through this pte dirtied the file page: keep it for writeback. */
	if (pte_dirty(old) && page_file_mapping(page))
		set_page_dirty(page);
	/* Leaving a locked VMA: another mapping may keep the page in use. */
	if ((vma->vm_flags & VM_LOCKED) && PageMlocked(page))
		munlock_page(page);
	dec_mm_counter(vma->vm_mm, mm_counter(page, vma));
	page_remove_rmap(page, vma);
	tlb->pages[tlb->nr++] = page;
}

/*
 * Clear the ptes of [addr, end) (inside one page table).  Returns where
 * it stopped: end, or earlier when the batch filled up.
 */
static unsigned long zap_pte_range(struct mmu_gather *tlb, struct vm_area_struct *vma,
				   pte_t *pt, unsigned long addr, unsigned long end)
{
	struct mm_struct *mm = vma->vm_mm;
	unsigned long start = addr;

	spin_lock(&mm->page_table_lock);
	for (; addr < end && tlb->nr < MMU_GATHER_BATCH; addr += PAGE_SIZE) {
		pte_t *ptep = &pt[pte_index(addr)];
		pte_t old;

		if (pte_none(ptep_get(ptep)))
			continue;
		old = ptep_get_and_clear(ptep);
		if (pte_present(old)) {
			zap_one_page(tlb, vma, old);
		} else if (is_swap_pte(old)) {
			free_swap_and_cache(pte_to_swp_entry(old));
			dec_mm_counter(mm, MM_SWAPENTS);
		}
	}
	spin_unlock(&mm->page_table_lock);
	tlb_add_range(tlb, start, addr);
	return addr;
}

void unmap_page_range(struct mmu_gather *tlb, struct vm_area_struct *vma,
		      unsigned long addr, unsigned long end)
{
	struct mm_struct *mm = vma->vm_mm;

	while (addr < end) {
		unsigned long next = block_end(addr, end, PMD_SIZE);
		pteval_t *pud, *pmd, *pt;

		pud = table_below(&mm->pgd[pgd_index(addr)].pgd);
		if (!pud) {
			addr = block_end(addr, end, PGDIR_SIZE);
			continue;
		}
		pmd = table_below(&pud[pud_index(addr)]);
		if (!pmd) {
			addr = block_end(addr, end, PUD_SIZE);
			continue;
		}
		pt = table_below(&pmd[pmd_index(addr)]);
		if (!pt) {
			addr = next;
			continue;
		}
		addr = zap_pte_range(tlb, vma, (pte_t *)pt, addr, next);
		if (addr < next)
			tlb_flush_mmu(tlb);	/* the batch is full */
	}
}

void zap_page_range(struct vm_area_struct *vma, unsigned long start, unsigned long end)
{
	struct mmu_gather tlb;

	tlb_gather_mmu(&tlb, vma->vm_mm, false);
	unmap_page_range(&tlb, vma, max(start, vma->vm_start), min(end, vma->vm_end));
	tlb_finish_mmu(&tlb);
}

/*
 * Zap the ptes mapping file pages [holebegin, holebegin + holelen) (to the
 * end of the file if holelen is 0) in every VMA of the file - shared
 * ones, and private ones including their copied-on-write pages
 * (even_cows must be 1: leaving those is not implemented).  Truncation
 * calls it so that an access beyond the new end faults and gets SIGBUS.
 * Takes i_mmap_rwsem for reading; the VMAs' mmap_locks are not needed
 * (the ptes change under page_table_lock, and a VMA's tables are not
 * freed before it leaves i_mmap).
 */
void unmap_mapping_range(struct address_space *mapping, loff_t holebegin, loff_t holelen,
			 int even_cows)
{
	pgoff_t first = holebegin >> PAGE_SHIFT, last = ULONG_MAX;
	struct vm_area_struct *vma;

	WARN_ON_ONCE(!even_cows);
	if (holelen) {
		last = (holebegin + holelen + PAGE_SIZE - 1) >> PAGE_SHIFT;
		if (last <= first)
			return;
		last--;
	}
	if (!mapping_mapped(mapping))
		return;
	i_mmap_lock_read(mapping);
	vma_interval_tree_foreach(vma, &mapping->i_mmap, first, last) {
		pgoff_t from = max(first, vma->vm_pgoff);
		pgoff_t to = min(last, vma->vm_pgoff + vma_pages(vma) - 1);

		zap_page_range(vma, vma->vm_start + ((from - vma->vm_pgoff) << PAGE_SHIFT),
			       vma->vm_start + ((to - vma->vm_pgoff + 1) << PAGE_SHIFT));
	}
	i_mmap_unlock_read(mapping);
}

static bool table_empty(const pteval_t *t)
{
	for (int i = 0; i < PTRS_PER_TABLE; i++)
		if (t[i])
			return false;
	return true;
}

/* Unhook the empty table under *entry and queue it for freeing after the flush. */
static void free_table_entry(struct mmu_gather *tlb, pteval_t *entry)
{
	struct page *page = phys_to_page(*entry & PTE_PFN_MASK);

	WRITE_ONCE(*entry, 0);
	list_add(&page->lru, &tlb->tables);
}

void free_empty_pgtables(struct mmu_gather *tlb, unsigned long start, unsigned long end)
{
	struct mm_struct *mm = tlb->mm;
	unsigned long addr;

	if (start >= end)
		return;
	spin_lock(&mm->page_table_lock);
	for (addr = start; addr < end;) {
		unsigned long pgd_next = block_end(addr, end, PGDIR_SIZE);
		pteval_t *pgde = &mm->pgd[pgd_index(addr)].pgd;
		pteval_t *pud = table_below(pgde);

		for (; pud && addr < pgd_next;) {
			unsigned long pud_next = block_end(addr, end, PUD_SIZE);
			pteval_t *pude = &pud[pud_index(addr)];
			pteval_t *pmd = table_below(pude);

			for (; pmd && addr < pud_next;) {
				pteval_t *pmde = &pmd[pmd_index(addr)];
				pteval_t *pt = table_below(pmde);

				if (pt && table_empty(pt))
					free_table_entry(tlb, pmde);
				addr = block_end(addr, end, PMD_SIZE);
			}
			if (pmd && table_empty(pmd))
				free_table_entry(tlb, pude);
			addr = pud_next;
		}
		if (pud && table_empty(pud))
			free_table_entry(tlb, pgde);
		addr = pgd_next;
	}
	spin_unlock(&mm->page_table_lock);
	if (!list_empty(&tlb->tables))
		tlb_add_range(tlb, start, end);
}

static void free_table_tree(struct mm_struct *mm, pteval_t *table, int level)
{
	for (int i = 0; i < PTRS_PER_TABLE; i++) {
		if (!table[i])
			continue;
		if (level > 1)
			free_table_tree(mm, __va(table[i] & PTE_PFN_MASK), level - 1);
		WARN_ON_ONCE(level == 1);	/* a pte survived exit_mmap's zap */
	}
	pgtable_page_free(mm, virt_to_page(table));
}

void free_all_pgtables(struct mm_struct *mm)
{
	for (int i = 0; i < PTRS_PER_TABLE / 2; i++) {
		pteval_t e = mm->pgd[i].pgd;

		if (!e)
			continue;
		mm->pgd[i].pgd = 0;
		free_table_tree(mm, __va(e & PTE_PFN_MASK), 3);
	}
}

/* ------------------------------------------------------------ fork */

/*
 * Copy one pte for fork.  Private writable (COW) mappings get the pte
 * write-protected in both parent and child; shared mappings keep their
 * rights.  A swap pte is copied as it is, with a count of its own on the
 * slot.  Called with both mms' page_table_lock held.  Returns 0, or
 * -ENOMEM if the slot's count cannot go higher.
 */
static int copy_one_pte(struct vm_area_struct *dst_vma, struct vm_area_struct *src_vma,
			pte_t *dst, pte_t *src)
{
	pte_t entry = ptep_get(src);
	struct page *page;

	if (is_swap_pte(entry)) {
		if (swap_duplicate(pte_to_swp_entry(entry)))
			return -ENOMEM;
		inc_mm_counter(dst_vma->vm_mm, MM_SWAPENTS);
		set_pte(dst, entry);
		return 0;
	}
	if (!pte_present(entry))
		return 0;
	page = pfn_to_page(pte_pfn(entry));
	if (is_cow_mapping(src_vma->vm_flags) && pte_write(entry)) {
		ptep_set_wrprotect(src);
		entry = pte_wrprotect(ptep_get(src));
	}
	entry = pte_mkold(entry);
	get_page(page);
	page_dup_rmap(page);
	inc_mm_counter(dst_vma->vm_mm, mm_counter(page, dst_vma));
	set_pte(dst, entry);
	return 0;
}

int copy_page_range(struct vm_area_struct *dst_vma, struct vm_area_struct *src_vma)
{
	struct mm_struct *dst_mm = dst_vma->vm_mm, *src_mm = src_vma->vm_mm;
	unsigned long addr = src_vma->vm_start, end = src_vma->vm_end;

	while (addr < end) {
		unsigned long next = block_end(addr, end, PMD_SIZE);
		pte_t *src_pt = lookup_user_pte(src_mm, addr);
		pte_t *dst_pt;

		if (!src_pt) {
			addr = next;
			continue;
		}
		/* Allocate the child's table first: that may sleep. */
		dst_pt = pte_alloc_walk(dst_mm, addr);
		if (!dst_pt)
			return -ENOMEM;
		spin_lock(&src_mm->page_table_lock);
		spin_lock(&dst_mm->page_table_lock);
		for (; addr < next; addr += PAGE_SIZE, src_pt++, dst_pt++) {
			if (copy_one_pte(dst_vma, src_vma, dst_pt, src_pt)) {
				spin_unlock(&dst_mm->page_table_lock);
				spin_unlock(&src_mm->page_table_lock);
				return -ENOMEM;
			}
		}
		spin_unlock(&dst_mm->page_table_lock);
		spin_unlock(&src_mm->page_table_lock);
	}
	return 0;
}

/* ------------------------------------------------------------ mremap, mprotect */

int move_page_tables(struct vm_area_struct *vma, unsigned long old_addr,
		     struct vm_area_struct *new_vma, unsigned long new_addr, unsigned long len)
{
	struct mm_struct *mm = vma->vm_mm;
	unsigned long old_end = old_addr + len, flush_start = old_addr;

	while (old_addr < old_end) {
		pte_t *src = lookup_user_pte(mm, old_addr), *dst;
		pte_t entry;

		if (!src || pte_none(ptep_get(src))) {
			old_addr += PAGE_SIZE;
			new_addr += PAGE_SIZE;
			continue;
		}
		dst = pte_alloc_walk(mm, new_addr);
		if (!dst) {
			flush_tlb_mm_range(mm, flush_start, old_addr);
			return -ENOMEM;
		}
		spin_lock(&mm->page_table_lock);
		entry = ptep_get_and_clear(src);
		set_pte(dst, entry);
		spin_unlock(&mm->page_table_lock);
		old_addr += PAGE_SIZE;
		new_addr += PAGE_SIZE;
	}
	(void)new_vma;
	flush_tlb_mm_range(mm, flush_start, old_end);
	return 0;
}

void change_protection(struct vm_area_struct *vma, unsigned long addr, unsigned long end)
{
	struct mm_struct *mm = vma->vm_mm;
	unsigned long start = addr;
	bool changed = false, flush_all;

	while (addr < end) {
		unsigned long next = block_end(addr, end, PMD_SIZE);
		pte_t *pt = lookup_user_pte(mm, addr);

		if (!pt) {
			addr = next;
			continue;
		}
		spin_lock(&mm->page_table_lock);
		for (; addr < next; addr += PAGE_SIZE, pt++) {
			pte_t old = ptep_get(pt);

			if (!pte_present(old))
				continue;
			/* Atomically, so a dirty bit the MMU sets meanwhile is kept. */
			old = ptep_get_and_clear(pt);
			set_pte(pt, pte_modify(old, vma->vm_page_prot));
			changed = true;
		}
		spin_unlock(&mm->page_table_lock);
	}
	/*
	 * A pte reclaim cleared in the range was not seen above, but its
	 * stale TLB entry must not outlive the call either.
	 */
	spin_lock(&mm->page_table_lock);
	flush_all = flush_tlb_batched_pending(mm);
	spin_unlock(&mm->page_table_lock);
	if (flush_all)
		flush_tlb_mm(mm);
	else if (changed)
		flush_tlb_mm_range(mm, start, end);
}

/* ------------------------------------------------------------ faults */

/*
 * Has the OOM reaper emptied this private VMA?  Its mm belongs to a dying
 * victim; a fresh page there would show zeros (or stale file data) where
 * the victim's data was, so such faults fail with SIGBUS.  Checked at
 * fault entry and again under page_table_lock before a page goes in
 * (the reaper sets the bit before it takes any page-table lock).
 */
static inline bool vma_reaped(const struct vm_area_struct *vma)
{
	return !(vma->vm_flags & VM_SHARED) && test_bit(MMF_UNSTABLE, &vma->vm_mm->flags);
}

/* Install a new private anonymous page at address; 0 or VM_FAULT_OOM. */
static vm_fault_t do_anonymous_page(struct vm_area_struct *vma, unsigned long address,
				    pte_t *ptep)
{
	struct mm_struct *mm = vma->vm_mm;
	struct page *page;
	pte_t entry;

	if (anon_vma_prepare(vma))
		return VM_FAULT_OOM;
	page = alloc_page(GFP_USER_PAGE | __GFP_ZERO | __GFP_NOWARN);
	if (!page)
		return VM_FAULT_OOM;
	__SetPageSwapBacked(page);
	__SetPageUptodate(page);	/* the swap cache reads it so */
	entry = mk_pte(page, vma->vm_page_prot);
	/* The page is ours alone: writable right away if the VMA is. */
	if (vma->vm_flags & VM_WRITE)
		entry = pte_mkdirty(pte_mkwrite(entry));

	spin_lock(&mm->page_table_lock);
	if (!pte_none(ptep_get(ptep)) || vma_reaped(vma)) {
		spin_unlock(&mm->page_table_lock);
		put_page(page);
		return vma_reaped(vma) ? VM_FAULT_SIGBUS : 0;
	}
	page_add_new_anon_rmap(page, vma, address);
	inc_mm_counter(mm, MM_ANONPAGES);
	set_pte(ptep, entry);
	spin_unlock(&mm->page_table_lock);
	lru_cache_add_inactive_or_unevictable(page, vma);
	return 0;
}

/*
 * Replace the pte at address (still equal to orig) with a private copy of
 * old (NULL: a zero page).  Returns 0 (done, or lost a race) or VM_FAULT_OOM.
 */
static vm_fault_t cow_replace(struct vm_area_struct *vma, unsigned long address, pte_t *ptep,
			      pte_t orig, struct page *old)
{
	struct mm_struct *mm = vma->vm_mm;
	struct page *new;
	pte_t entry;

	if (anon_vma_prepare(vma))
		return VM_FAULT_OOM;
	new = alloc_page(GFP_USER_PAGE | __GFP_NOWARN);
	if (!new)
		return VM_FAULT_OOM;
	copy_page(page_address(new), page_address(old));
	__SetPageSwapBacked(new);
	__SetPageUptodate(new);
	entry = pte_mkdirty(mk_pte(new, vma->vm_page_prot));
	if (vma->vm_flags & VM_WRITE)
		entry = pte_mkwrite(entry);

	spin_lock(&mm->page_table_lock);
	if (pte_val(ptep_get(ptep)) != pte_val(orig) || vma_reaped(vma)) {
		spin_unlock(&mm->page_table_lock);
		put_page(new);
		return vma_reaped(vma) ? VM_FAULT_SIGBUS : 0;
	}
	if (!pte_none(orig)) {
		/*
		 * Clear and flush before the new page appears, so no CPU
		 * keeps reading the old page after this one starts writing
		 * the new.
		 */
		ptep_get_and_clear(ptep);
		flush_tlb_mm_range(mm, address, address + PAGE_SIZE);
		dec_mm_counter(mm, mm_counter(old, vma));
		page_remove_rmap(old, vma);
	}
	page_add_new_anon_rmap(new, vma, address);
	inc_mm_counter(mm, MM_ANONPAGES);
	set_pte(ptep, entry);
	spin_unlock(&mm->page_table_lock);
	lru_cache_add_inactive_or_unevictable(new, vma);
	if (!pte_none(orig))
		put_page(old);		/* the old pte's reference */
	return 0;
}

/* Is this a store through a shared writable mapping of a page-cache page? */
static bool shared_write_of_file_page(const struct vm_area_struct *vma, struct page *page)
{
	return (vma->vm_flags & (VM_SHARED | VM_WRITE)) == (VM_SHARED | VM_WRITE) &&
	       page_file_mapping(page);
}

/*
 * A store through a shared writable mapping of a page-cache page.  The
 * pte becomes writable and the page dirty under the page lock: writeback
 * holds it across page_mkclean() and clearing the page's dirty bit, so
 * the two cannot interleave - either its page_mkclean() sees our
 * writable pte, or the page is dirty again after it cleared it.  The
 * writer is then throttled like a write(2) caller.  (For files that are
 * not written back - ramfs - the page is mapped writable at once and
 * only comes here on its first store; dirtying it costs nothing.)  Takes
 * the pte as orig (0: none yet) and a reference on page, which it drops.
 */
static vm_fault_t do_shared_write(struct vm_area_struct *vma, unsigned long address,
				  pte_t *ptep, pte_t orig, struct page *page)
{
	struct mm_struct *mm = vma->vm_mm;
	struct address_space *mapping;
	pte_t cur, entry;

	lock_page(page);
	mapping = page_file_mapping(page);
	if (!mapping) {
		/* Truncated meanwhile: let the fault start over (SIGBUS past EOF). */
		unlock_page(page);
		put_page(page);
		return 0;
	}
	spin_lock(&mm->page_table_lock);
	cur = ptep_get(ptep);
	if (pte_val(cur) != pte_val(orig)) {
		/* Another thread got there first. */
		spin_unlock(&mm->page_table_lock);
		unlock_page(page);
		put_page(page);
		return 0;
	}
	if (pte_none(orig)) {
		entry = mk_pte(page, vma->vm_page_prot);
		page_add_file_rmap(page);
		inc_mm_counter(mm, mm_counter(page, vma));
		get_page(page);		/* the pte's reference */
	} else {
		entry = orig;
	}
	entry = pte_mkwrite(pte_mkyoung(pte_mkdirty(entry)));
	set_pte(ptep, entry);
	spin_unlock(&mm->page_table_lock);
	if (!pte_none(orig))
		flush_tlb_one_user(address);
	set_page_dirty(page);
	unlock_page(page);
	put_page(page);
	balance_dirty_pages_ratelimited(mapping);
	return 0;
}

/* Write fault on a present, write-protected pte. */
static vm_fault_t do_wp_page(struct vm_area_struct *vma, unsigned long address, pte_t *ptep,
			     pte_t orig, unsigned int flags)
{
	struct mm_struct *mm = vma->vm_mm;
	struct page *page = pfn_to_page(pte_pfn(orig));
	vm_fault_t ret;

	spin_lock(&mm->page_table_lock);
	if (pte_val(ptep_get(ptep)) != pte_val(orig)) {
		spin_unlock(&mm->page_table_lock);
		return 0;
	}
	if (shared_write_of_file_page(vma, page)) {
		get_page(page);
		spin_unlock(&mm->page_table_lock);
		return do_shared_write(vma, address, ptep, orig, page);
	}
	/*
	 * A new anonymous page waits in this CPU's LRU batch with a
	 * reference of the batch's, which would make it look shared: file
	 * the batch first.  (A page in another CPU's batch still gets
	 * copied; that is rare and only costs a copy.)
	 */
	if (PageAnon(page) && !PageLRU(page))
		lru_add_drain();
	/*
	 * A page read back from swap that no other pte names any more only
	 * looks shared because of the swap cache: drop its slot and reuse it.
	 */
	if (PageAnon(page) && PageSwapCache(page) && page_mapcount(page) == 1 &&
	    trylock_page(page)) {
		try_to_free_swap(page);
		unlock_page(page);
	}
	if ((vma->vm_flags & VM_SHARED) ||
	    (PageAnon(page) && page_mapcount(page) == 1 && page_count(page) == 1)) {
		/*
		 * A shared mapping writes the object's page itself; a private
		 * page nobody else maps or pins is reused instead of copied.
		 */
		pte_t entry = pte_mkyoung(pte_mkdirty(orig));

		if (!(vma->vm_flags & VM_SHARED))
			page_move_anon_rmap(page, vma);
		if (vma->vm_flags & VM_WRITE)
			entry = pte_mkwrite(entry);
		set_pte(ptep, entry);
		spin_unlock(&mm->page_table_lock);
		flush_tlb_one_user(address);
		(void)flags;
		return 0;
	}
	get_page(page);		/* keep it while copying outside the lock */
	spin_unlock(&mm->page_table_lock);
	ret = cow_replace(vma, address, ptep, orig, page);
	put_page(page);
	return ret;
}

/*
 * No pte, VMA with vm_ops: ask the object for the page.  Whether the
 * object had to wait for I/O (VM_FAULT_MAJOR) goes back to the caller
 * with whatever installing the page returns: it is what ru_majflt counts.
 */
static vm_fault_t do_object_fault(struct vm_area_struct *vma, unsigned long address,
				  pte_t *ptep, unsigned int flags)
{
	struct mm_struct *mm = vma->vm_mm;
	struct vm_fault vmf = {
		.vma = vma,
		.address = address,
		.flags = flags,
		.pgoff = linear_page_index(vma, address),
	};
	vm_fault_t ret, major;
	pte_t entry;

	if (!vma->vm_ops->fault)
		return VM_FAULT_SIGBUS;
	ret = vma->vm_ops->fault(&vmf);
	if (ret & VM_FAULT_ERROR)
		return ret;
	major = ret & VM_FAULT_MAJOR;
	if ((flags & FAULT_FLAG_WRITE) && !(vma->vm_flags & VM_SHARED)) {
		/* A write to a private mapping of an object: copy at once. */
		ret = cow_replace(vma, address, ptep, __pte(0), vmf.page);
		put_page(vmf.page);
		return ret | major;
	}
	/*
	 * A shared writable mapping of a written-back file maps read-only
	 * (vm_page_prot): a read leaves it so, a write makes the pte
	 * writable and the page dirty (do_shared_write()).
	 */
	if ((flags & FAULT_FLAG_WRITE) && shared_write_of_file_page(vma, vmf.page))
		return do_shared_write(vma, address, ptep, __pte(0), vmf.page) | major;
	entry = mk_pte(vmf.page, vma->vm_page_prot);
	if (flags & FAULT_FLAG_WRITE)
		entry = pte_mkdirty(entry);
	spin_lock(&mm->page_table_lock);
	if (!pte_none(ptep_get(ptep)) || vma_reaped(vma)) {
		spin_unlock(&mm->page_table_lock);
		put_page(vmf.page);
		return vma_reaped(vma) ? VM_FAULT_SIGBUS : major;
	}
	page_add_file_rmap(vmf.page);
	inc_mm_counter(mm, mm_counter(vmf.page, vma));
	set_pte(ptep, entry);		/* the pte takes over vmf.page's reference */
	spin_unlock(&mm->page_table_lock);
	return major;
}

/*
 * A fault on a swap pte: bring the page back from the swap cache or from
 * the slot (reading its neighbours along, swapin_readahead()), and map it.
 *
 * If no other pte names the slot, the page is the faulting process's
 * alone.  A write fault, a locked VMA or swap more than half full give the
 * slot up at once (the page leaves the swap cache, dirty, and is mapped
 * writable if the VMA is).  A read fault otherwise keeps the slot: the
 * page stays in the swap cache, clean and mapped read-only, so if reclaim
 * takes it again before it is written it is dropped without another write
 * to swap; a later write fault frees the slot then (do_wp_page()).
 * A page others still name stays cached for them and is mapped read-only;
 * a write then copies it.  A slot whose read failed gives SIGBUS; the pte is left
 * as it was, so the data is not silently replaced by zeros.
 */
static vm_fault_t do_swap_page(struct vm_area_struct *vma, unsigned long address,
			       pte_t *ptep, pte_t orig, unsigned int flags)
{
	struct mm_struct *mm = vma->vm_mm;
	swp_entry_t entry = pte_to_swp_entry(orig);
	vm_fault_t ret = 0;
	struct page *page;
	bool major = false, exclusive, same;
	pte_t pte;

	if (swp_swapcount(entry) <= 0) {
		/* Gone already (another thread of ours swapped it in), or corrupt. */
		spin_lock(&mm->page_table_lock);
		same = pte_val(ptep_get(ptep)) == pte_val(orig);
		spin_unlock(&mm->page_table_lock);
		if (!same)
			return 0;
		pr_err_ratelimited("swap: %s/%d: bad swap pte %#lx at %#lx\n", current->comm,
				   current->pid, (unsigned long)pte_val(orig), address);
		return VM_FAULT_SIGBUS;
	}
	if (anon_vma_prepare(vma))
		return VM_FAULT_OOM;
	page = swapin_readahead(entry, GFP_HIGHUSER_MOVABLE, &major);
	if (!page) {
		spin_lock(&mm->page_table_lock);
		same = pte_val(ptep_get(ptep)) == pte_val(orig);
		spin_unlock(&mm->page_table_lock);
		return same ? VM_FAULT_OOM : 0;
	}
	if (major) {
		ret = VM_FAULT_MAJOR;
		count_vm_event(PGMAJFAULT);
	}
	lock_page(page);
	if (!PageSwapCache(page) || page_private(page) != entry.val)
		goto out_page;		/* reused meanwhile: fault again */
	if (!PageUptodate(page)) {
		spin_lock(&mm->page_table_lock);
		same = pte_val(ptep_get(ptep)) == pte_val(orig);
		spin_unlock(&mm->page_table_lock);
		if (same) {
			pr_err_ratelimited("swap: %s/%d: read error on slot %lu of swap area %u, address %#lx\n",
					   current->comm, current->pid, swp_offset(entry),
					   swp_type(entry), address);
			ret = VM_FAULT_SIGBUS;
		}
		goto out_page;
	}

	spin_lock(&mm->page_table_lock);
	if (pte_val(ptep_get(ptep)) != pte_val(orig) || vma_reaped(vma)) {
		spin_unlock(&mm->page_table_lock);
		if (vma_reaped(vma))
			ret = VM_FAULT_SIGBUS;
		goto out_page;
	}
	inc_mm_counter(mm, MM_ANONPAGES);
	dec_mm_counter(mm, MM_SWAPENTS);
	swap_free(entry);		/* this pte's count; the cache keeps its own */
	exclusive = swp_swapcount(entry) == 1 && !page_mapped(page);
	pte = mk_pte(page, vma->vm_page_prot);
	if (exclusive && !PageWriteback(page) &&
	    ((flags & FAULT_FLAG_WRITE) || (vma->vm_flags & VM_LOCKED) || swap_nearly_full())) {
		delete_from_swap_cache(page);
		SetPageDirty(page);
		if (vma->vm_flags & VM_WRITE)
			pte = pte_mkwrite(pte_mkdirty(pte));
	}
	page_add_swapin_rmap(page, vma, address, exclusive);
	set_pte(ptep, pte);		/* takes over our reference */
	spin_unlock(&mm->page_table_lock);
	if (vma->vm_flags & VM_LOCKED)
		mlock_page(page);
	unlock_page(page);
	return ret;

out_page:
	unlock_page(page);
	put_page(page);
	return ret;
}

vm_fault_t handle_mm_fault(struct vm_area_struct *vma, unsigned long address,
			   unsigned int flags, struct pt_regs *regs)
{
	struct mm_struct *mm = vma->vm_mm;
	pte_t *ptep, entry;

	(void)regs;
	if (unlikely(vma_reaped(vma)))
		return VM_FAULT_SIGBUS;
	address &= PAGE_MASK;
	ptep = pte_alloc_walk(mm, address);
	if (!ptep)
		return VM_FAULT_OOM;
	entry = ptep_get(ptep);

	if (pte_none(entry)) {
		if (vma_is_anonymous(vma))
			return do_anonymous_page(vma, address, ptep);
		return do_object_fault(vma, address, ptep, flags);
	}
	if (pte_protnone(entry)) {
		/* The VMA allows the access now: the pte is stale. */
		spin_lock(&mm->page_table_lock);
		if (pte_val(ptep_get(ptep)) == pte_val(entry))
			set_pte(ptep, pte_modify(entry, vma->vm_page_prot));
		spin_unlock(&mm->page_table_lock);
		return 0;
	}
	if (!pte_present(entry))
		return do_swap_page(vma, address, ptep, entry, flags);
	if ((flags & FAULT_FLAG_WRITE) && !pte_write(entry))
		return do_wp_page(vma, address, ptep, entry, flags);
	/*
	 * The pte already allows the access: another CPU fixed it, or this
	 * CPU's TLB held an older entry.  Drop that entry.
	 */
	flush_tlb_one_user(address);
	return 0;
}

/* ------------------------------------------------------------ get_user_pages */

struct page *follow_page(struct vm_area_struct *vma, unsigned long addr, unsigned int foll_flags)
{
	struct mm_struct *mm = vma->vm_mm;
	struct page *page = NULL;
	pte_t *ptep = lookup_user_pte(mm, addr);
	pte_t entry;

	if (!ptep)
		return NULL;
	spin_lock(&mm->page_table_lock);
	entry = ptep_get(ptep);
	if (!pte_present(entry))
		goto out;
	if (pte_protnone(entry) && !(foll_flags & FOLL_FORCE))
		goto out;
	page = pfn_to_page(pte_pfn(entry));
	if ((foll_flags & FOLL_WRITE) && !pte_write(entry)) {
		/*
		 * FOLL_FORCE into a read-only private VMA: fine once the
		 * fault has given this mm its own copy.
		 */
		if (!(foll_flags & FOLL_FORCE) || !PageAnon(page) || page_mapcount(page) != 1) {
			page = NULL;
			goto out;
		}
	}
	get_page(page);
out:
	spin_unlock(&mm->page_table_lock);
	return page;
}

/* May get_user_pages() touch vma this way?  (Linux's check_vma_flags().) */
static int gup_vma_allowed(struct vm_area_struct *vma, unsigned int gup_flags)
{
	unsigned long f = vma->vm_flags;

	if (f & (VM_IO | VM_PFNMAP))
		return -EFAULT;
	if (gup_flags & FOLL_WRITE) {
		if (!(f & VM_WRITE)) {
			if (!(gup_flags & FOLL_FORCE) || !is_cow_mapping(f))
				return -EFAULT;
		}
	} else if (!(f & VM_READ)) {
		if (!(gup_flags & FOLL_FORCE) || !(f & VM_MAYREAD))
			return -EFAULT;
	}
	return 0;
}

long get_user_pages_remote(struct mm_struct *mm, unsigned long start, unsigned long nr_pages,
			   unsigned int gup_flags, struct page **pages)
{
	unsigned int fault_flags = 0;
	long done = 0;

	start &= PAGE_MASK;
	if (gup_flags & FOLL_WRITE)
		fault_flags |= FAULT_FLAG_WRITE;
	if (gup_flags & FOLL_FORCE)
		fault_flags |= FAULT_FLAG_FORCE;
	if (mm != current->mm)
		fault_flags |= FAULT_FLAG_REMOTE;

	for (; done < (long)nr_pages; done++, start += PAGE_SIZE) {
		struct vm_area_struct *vma = vma_lookup(mm, start);
		struct page *page;
		int err, tries = 0;

		if (!vma || start >= TASK_SIZE_MAX) {
			err = -EFAULT;
			goto fail;
		}
		err = gup_vma_allowed(vma, gup_flags);
		if (err)
			goto fail;
		while (!(page = follow_page(vma, start, gup_flags))) {
			vm_fault_t ret;

			if (fatal_signal_pending(current) || ++tries > 8) {
				err = -EFAULT;
				goto fail;
			}
			ret = handle_mm_fault(vma, start, fault_flags, NULL);
			if (ret & VM_FAULT_OOM) {
				err = -ENOMEM;
				goto fail;
			}
			if (ret & VM_FAULT_ERROR) {
				err = -EFAULT;
				goto fail;
			}
		}
		if (pages)
			pages[done] = page;
		else
			put_page(page);
		continue;
fail:
		return done ? done : err;
	}
	return done;
}

long get_user_pages(unsigned long start, unsigned long nr_pages, unsigned int gup_flags,
		    struct page **pages)
{
	if (!current->mm)
		return -EFAULT;
	return get_user_pages_remote(current->mm, start, nr_pages, gup_flags, pages);
}

int access_remote_vm(struct mm_struct *mm, unsigned long addr, void *buf, int len,
		     unsigned int gup_flags)
{
	int done = 0;

	if (len <= 0)
		return 0;
	mmap_read_lock(mm);
	while (done < len) {
		unsigned long off = offset_in_page(addr);
		int n = min_t(int, len - done, PAGE_SIZE - off);
		struct page *page;
		char *kaddr;

		if (get_user_pages_remote(mm, addr, 1, gup_flags, &page) != 1)
			break;
		kaddr = (char *)page_address(page) + off;
		if (gup_flags & FOLL_WRITE)
			memcpy(kaddr, (char *)buf + done, n);
		else
			memcpy((char *)buf + done, kaddr, n);
		put_page(page);
		done += n;
		addr += n;
	}
	mmap_read_unlock(mm);
	return done;
}

int mm_populate_range(struct mm_struct *mm, unsigned long start, unsigned long len, bool write)
{
	unsigned long end = PAGE_ALIGN(start + len), addr = start & PAGE_MASK;

	while (addr < end) {
		struct vm_area_struct *vma = find_vma(mm, addr);
		unsigned int gup = write ? FOLL_WRITE : 0;
		unsigned long n;
		long got;

		if (!vma || vma->vm_start >= end)
			break;
		addr = max(addr, vma->vm_start);
		n = (min(end, vma->vm_end) - addr) >> PAGE_SHIFT;
		/* PROT_NONE pages are left alone; like Linux, populate what may be touched. */
		if (!(vma->vm_flags & VM_ACCESS_FLAGS)) {
			addr = vma->vm_end;
			continue;
		}
		if (write && !(vma->vm_flags & VM_WRITE))
			gup = 0;
		got = get_user_pages_remote(mm, addr, n, gup, NULL);
		if (got < 0)
			return got;
		if ((unsigned long)got < n)
			return -EFAULT;
		addr += n << PAGE_SHIFT;
	}
	return 0;
}
