/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Internals of the user address-space code shared by the files of mm/
 * (mmap.c, memory.c, mprotect.c, mremap.c, madvise.c, rmap.c,
 * shared_anon.c, mm_struct.c) and nobody else.
 */
#ifndef _MM_VMA_H
#define _MM_VMA_H

#include <linux/mm.h>
#include <linux/mmap_lock.h>

/* ------------------------------------------------------------ VMA objects (mmap.c) */

struct vm_area_struct *vm_area_alloc(struct mm_struct *mm);
/* A copy of orig's fields, not linked anywhere, no anon_vma chains. */
struct vm_area_struct *vm_area_dup(struct vm_area_struct *orig);
void vm_area_free(struct vm_area_struct *vma);

/* Insert vma into mm's tree and list (it must not overlap any VMA). */
void vma_link(struct mm_struct *mm, struct vm_area_struct *vma);
/* Take vma out of mm's tree and list. */
void vma_unlink(struct mm_struct *mm, struct vm_area_struct *vma);
/* Unlinked vma: drop its rmap links and object reference, free it. */
void remove_vma(struct vm_area_struct *vma);

/*
 * Split vma at addr (page-aligned, strictly inside): the new VMA takes
 * [vm_start, addr) if new_below, else [addr, vm_end).  Returns the new
 * VMA or an ERR_PTR (-ENOMEM).
 */
struct vm_area_struct *split_vma(struct mm_struct *mm, struct vm_area_struct *vma,
				 unsigned long addr, bool new_below);
/* Merge vma with compatible adjacent neighbours; returns the VMA that now covers it. */
struct vm_area_struct *vma_merge_neighbours(struct mm_struct *mm, struct vm_area_struct *vma);
/*
 * Give [start, end) of vma (within it) the flags newflags: split off the
 * parts outside, change flags, vm_page_prot and the ptes, merge.  Returns
 * the VMA now covering start, or an ERR_PTR.
 */
struct vm_area_struct *vma_modify_flags(struct mm_struct *mm, struct vm_area_struct *vma,
					unsigned long start, unsigned long end,
					unsigned long newflags);

/* Account npages of a VMA with flags in mm's vm counters (negative to remove). */
void vm_stat_account(struct mm_struct *mm, unsigned long flags, long npages);
/* RLIMIT_AS/RLIMIT_DATA: may mm grow by npages of a VMA with flags? */
bool may_expand_vm(struct mm_struct *mm, unsigned long flags, unsigned long npages);
/* Heuristic overcommit: may npages more of committed memory be promised? */
int vm_enough_memory(unsigned long npages);
/* Does vma count as committed memory (private writable, not NORESERVE)? */
static inline bool vma_accountable(unsigned long flags)
{
	return !(flags & (VM_NORESERVE | VM_SHARED)) && (flags & VM_WRITE);
}

/* Linear page index of addr in vma: what page->index holds for its page. */
static inline pgoff_t linear_page_index(const struct vm_area_struct *vma, unsigned long addr)
{
	return ((addr - vma->vm_start) >> PAGE_SHIFT) + vma->vm_pgoff;
}

/* ------------------------------------------------------------ page tables (memory.c) */

/*
 * Batched teardown: ptes are cleared under page_table_lock, the pages and
 * freed page-table pages are queued, and only after the TLB flush of the
 * range are they released - no CPU can reach a page that is back in the
 * allocator through a stale translation.
 */
#define MMU_GATHER_BATCH	64

struct mmu_gather {
	struct mm_struct *mm;
	unsigned long start, end;	/* range to flush; start >= end: none */
	bool fullmm;			/* the whole mm dies: nobody has it loaded */
	unsigned int nr;
	struct page *pages[MMU_GATHER_BATCH];
	struct list_head tables;	/* page-table pages to free (page->lru) */
};

void tlb_gather_mmu(struct mmu_gather *tlb, struct mm_struct *mm, bool fullmm);
void tlb_finish_mmu(struct mmu_gather *tlb);
/* Zap [start, end) of vma into tlb (mmap_lock held). */
void unmap_page_range(struct mmu_gather *tlb, struct vm_area_struct *vma,
		      unsigned long start, unsigned long end);
/* Free page-table pages left empty in [start, end) (mmap_lock held for writing). */
void free_empty_pgtables(struct mmu_gather *tlb, unsigned long start, unsigned long end);
/* Free every user page-table page of a dying mm. */
void free_all_pgtables(struct mm_struct *mm);

/* fork: copy src's ptes into dst (write-protecting COW pages in both). */
int copy_page_range(struct vm_area_struct *dst, struct vm_area_struct *src);
/* mremap: move the ptes of [old_addr, +len) of vma to new_addr in new_vma. */
int move_page_tables(struct vm_area_struct *vma, unsigned long old_addr,
		     struct vm_area_struct *new_vma, unsigned long new_addr, unsigned long len);
/* mprotect: rewrite the ptes of [start, end) of vma with vma->vm_page_prot. */
void change_protection(struct vm_area_struct *vma, unsigned long start, unsigned long end);

/* The pte for addr, allocating page tables on the way; NULL if out of memory. */
pte_t *pte_alloc_walk(struct mm_struct *mm, unsigned long addr);

/* ------------------------------------------------------------ shared anonymous memory */

/* Back a new MAP_SHARED|MAP_ANONYMOUS vma with a fresh object; 0 or -ENOMEM. */
int shared_anon_setup(struct vm_area_struct *vma);
/* Drop the object pages of [pgoff, pgoff + nr) (MADV_REMOVE). */
void shared_anon_punch_hole(struct vm_area_struct *vma, pgoff_t pgoff, unsigned long nr);
bool vma_is_shared_anon(const struct vm_area_struct *vma);
/* Does the object of vma hold the page at pgoff (mincore)? */
bool shared_anon_page_present(struct vm_area_struct *vma, pgoff_t pgoff);
/* The inode number /proc/<pid>/maps shows for it. */
unsigned long shared_anon_ino_of(struct vm_area_struct *vma);
/* The object's VMA-list lock, for writing (changing a VMA's range). */
void shared_anon_lock_vmas(struct vm_area_struct *vma);
void shared_anon_unlock_vmas(struct vm_area_struct *vma);
/* rmap walk over the VMAs of a shared anonymous page (rmap.c calls it). */
struct rmap_walk_control;
void shared_anon_rmap_walk(struct page *page, struct rmap_walk_control *rwc);
struct writeback_control;
/* Reclaim: move a locked, unmapped page of an object to swap (0: unlocked, moved). */
int shared_anon_writepage(struct page *page, struct writeback_control *wbc);
/* swapoff: bring back the objects' pages stored in area type. */
int shared_anon_unuse(unsigned int type);
/* One step of a walk: rmap_one() if vma maps page; false = stop (rmap.c). */
bool rmap_walk_one_vma(struct page *page, struct vm_area_struct *vma,
		       struct rmap_walk_control *rwc);

/* The rss counter a page mapped in vma counts in (before page_remove_rmap()). */
static inline int mm_counter(struct page *page, struct vm_area_struct *vma)
{
	unsigned long m = (unsigned long)READ_ONCE(page->mapping);

	if ((m & 3) == 1)	/* PAGE_MAPPING_ANON */
		return MM_ANONPAGES;
	return vma_is_shared_anon(vma) ? MM_SHMEMPAGES : MM_FILEPAGES;
}

/* ------------------------------------------------------------ caches (boot) */

void vma_cache_init(void);

#endif /* _MM_VMA_H */
