/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Reverse mapping: from a page to the ptes that map it (mm/rmap.c).
 *
 * Object-based, never per-pte: a mapped user page records in
 * page->mapping what it belongs to and in page->index its linear index;
 * every VMA that may map it is reachable from that object, and the
 * address in a VMA is vm_start + (index - vm_pgoff) * PAGE_SIZE.
 *
 *  - Private anonymous pages: page->mapping = anon_vma | PAGE_MAPPING_ANON.
 *    An anon_vma lists (through anon_vma_chains) the VMAs that may map
 *    its pages.  A forked child's VMA gets its own anon_vma for the pages
 *    it copies on write, and is also chained to every anon_vma of the
 *    parent's VMA: its chain list names everything it may map.
 *  - Shared anonymous pages (MAP_SHARED|MAP_ANONYMOUS): page->mapping =
 *    the shared object | PAGE_MAPPING_SHARED_ANON, whose VMA list plays
 *    the part a file's i_mmap does (mm/shared_anon.c).
 *  - File pages: page->mapping = the file's address_space; its i_mmap
 *    interval tree holds every VMA mapping the file (mm/interval_tree.c),
 *    shared or private.
 *
 * page->_mapcount counts the ptes mapping the page (minus one);
 * _refcount holds one reference per pte plus any pins.
 *
 * Locking (see Documentation/mm/process_address_space.md):
 *   mmap_lock -> anon_vma root rwsem -> mm->page_table_lock.
 * All anon_vmas of one fork family share the lock of their root; walkers
 * take it for reading, changes to the chains (and to the vm_start/vm_end/
 * vm_pgoff of a VMA with an anon_vma) take it for writing.
 */
#ifndef _LINUX_RMAP_H
#define _LINUX_RMAP_H

#include <linux/mm.h>
#include <linux/list.h>
#include <linux/rwsem.h>
#include <linux/rcupdate.h>

#define PAGE_MAPPING_ANON		0x1UL
#define PAGE_MAPPING_SHARED_ANON	0x2UL
#define PAGE_MAPPING_FLAGS		0x3UL

/*
 * struct anon_vma: the set of VMAs that may map a group of private
 * anonymous pages.
 *
 * Lifetime: refcount counts the chains linking it to VMAs, the child
 * anon_vmas whose parent it is, and temporary references (rmap walkers,
 * get_anon_vma()).  The last put frees it and puts its parent, so the
 * root is always freed last.  Objects come from a SLAB_TYPESAFE_BY_RCU
 * cache: a walker that read page->mapping under rcu_read_lock() may
 * touch the memory even if it was freed meanwhile, takes a reference
 * only if the count is not zero, and re-checks the page afterwards.
 */
struct anon_vma {
	struct anon_vma *root;		/* top of the fork family; its rwsem is the lock */
	struct rw_semaphore rwsem;	/* used in the root only */
	atomic_t refcount;
	struct anon_vma *parent;	/* the anon_vma this one was forked from */
	/*
	 * Under the root lock.  Separate counters (not one "degree"), so
	 * that reuse in anon_vma_fork() cannot count a VMA as a child.
	 */
	unsigned long num_children;	/* anon_vmas whose parent this is */
	unsigned long num_active_vmas;	/* VMAs whose vma->anon_vma this is */
	struct list_head chains;	/* anon_vma_chain.same_anon_vma; root lock */
};

/*
 * One link VMA <-> anon_vma.  same_vma is on vma->anon_vma_chain (changed
 * under mmap_lock for writing, or for reading plus page_table_lock in
 * anon_vma_prepare()); same_anon_vma is on anon_vma->chains (root lock).
 */
struct anon_vma_chain {
	struct vm_area_struct *vma;
	struct anon_vma *anon_vma;
	struct list_head same_vma;
	struct list_head same_anon_vma;
};

/**
 * page_file_mapping() - the file mapping of a page, if it has one
 * @page: the page
 *
 * Filters out the tagged pointers of private and shared anonymous pages.
 * Read once without a lock: without the page lock (or a pte mapping the
 * page, under its page table lock) truncation may clear ->mapping right
 * afterwards.
 *
 * Context: any context; no locks.
 * Return: the page's address_space, or NULL for an anonymous page or a
 * page in no mapping.
 */
static inline struct address_space *page_file_mapping(const struct page *page)
{
	struct address_space *mapping = READ_ONCE(page->mapping);

	if ((unsigned long)mapping & PAGE_MAPPING_FLAGS)
		return NULL;
	return mapping;
}

/* PageAnon() - true if page is a private anonymous page (anon_vma tag); no locks. */
static inline bool PageAnon(const struct page *page)
{
	return ((unsigned long)READ_ONCE(page->mapping) & PAGE_MAPPING_FLAGS) == PAGE_MAPPING_ANON;
}

/* PageSharedAnon() - true if page belongs to a MAP_SHARED|MAP_ANONYMOUS object; no locks. */
static inline bool PageSharedAnon(const struct page *page)
{
	return ((unsigned long)READ_ONCE(page->mapping) & PAGE_MAPPING_FLAGS) ==
	       PAGE_MAPPING_SHARED_ANON;
}

/**
 * page_anon_vma() - the anon_vma a private anonymous page belongs to
 * @page: the page
 *
 * No reference is taken and nothing keeps the anon_vma alive: the caller
 * either holds something that does (the page mapped in a VMA whose
 * mmap_lock it holds) or, as rmap walks do, reads it under
 * rcu_read_lock() and then takes a reference only if the count is not
 * zero, re-checking the page afterwards.
 *
 * Context: any context; no locks.
 * Return: the anon_vma, or NULL if @page is not a private anonymous page.
 */
static inline struct anon_vma *page_anon_vma(const struct page *page)
{
	unsigned long m = (unsigned long)READ_ONCE(page->mapping);

	if ((m & PAGE_MAPPING_FLAGS) != PAGE_MAPPING_ANON)
		return NULL;
	return (struct anon_vma *)(m - PAGE_MAPPING_ANON);
}

/**
 * anon_vma_rwsem() - the lock that guards an anon_vma
 * @av: the anon_vma
 *
 * Every anon_vma of a fork family is guarded by its root's rwsem: writers
 * change chain lists, rmap walkers read them.
 *
 * Context: any context; the caller keeps @av alive.
 * Return: the root's rw_semaphore.
 */
static inline struct rw_semaphore *anon_vma_rwsem(struct anon_vma *av)
{
	return &av->root->rwsem;
}

/**
 * anon_vma_lock_read() - lock an anon_vma's fork family for walking
 * @av: the anon_vma; the caller holds a reference or otherwise keeps it alive
 *
 * Takes the root's rwsem for reading: the chain lists of every anon_vma in
 * the family stay as they are until anon_vma_unlock_read().
 *
 * Context: process context; may sleep.  Lock order: after mmap_lock and
 * i_mmap_rwsem, before mm->page_table_lock (not held).
 */
static inline void anon_vma_lock_read(struct anon_vma *av)
{
	down_read(anon_vma_rwsem(av));
}

/* anon_vma_unlock_read() - release anon_vma_lock_read(); does not sleep. */
static inline void anon_vma_unlock_read(struct anon_vma *av)
{
	up_read(anon_vma_rwsem(av));
}

/**
 * anon_vma_lock_write() - lock an anon_vma's fork family for changes
 * @av: the anon_vma; the caller keeps it alive
 *
 * Takes the root's rwsem for writing, excluding rmap walkers and other
 * changes to the family's chains and counters.
 *
 * Context: process context; may sleep.  Lock order: after mmap_lock and
 * i_mmap_rwsem, before mm->page_table_lock (not held).
 */
static inline void anon_vma_lock_write(struct anon_vma *av)
{
	down_write(anon_vma_rwsem(av));
}

/* anon_vma_unlock_write() - release anon_vma_lock_write(); does not sleep. */
static inline void anon_vma_unlock_write(struct anon_vma *av)
{
	up_write(anon_vma_rwsem(av));
}

/**
 * get_anon_vma() - take a reference to an anon_vma
 * @av: an anon_vma whose count the caller knows is not zero (it holds a
 *      reference already, or a chain of its VMA links to it)
 *
 * A reference keeps the anon_vma's memory, not its chains, alive; drop it
 * with put_anon_vma().  Walkers that found @av through page->mapping must
 * use atomic_inc_not_zero() on the count instead.
 *
 * Context: any context; atomic, no locks.
 */
static inline void get_anon_vma(struct anon_vma *av)
{
	atomic_inc(&av->refcount);
}

void put_anon_vma(struct anon_vma *anon_vma);

/* ---- VMA side (mmap_lock held) ---- */

/* Lock/unlock whatever rmap walkers use to find vma (before changing its range). */
void vma_rmap_lock(struct vm_area_struct *vma);
void vma_rmap_unlock(struct vm_area_struct *vma);
/*
 * The two halves of that: the file's i_mmap (the unlock re-files vma under
 * its new range) and the anonymous side (anon_vma root or shared object).
 */
void vma_file_rmap_lock(struct vm_area_struct *vma);
void vma_file_rmap_unlock(struct vm_area_struct *vma);
void vma_anon_rmap_lock(struct vm_area_struct *vma);
void vma_anon_rmap_unlock(struct vm_area_struct *vma);

/* Give vma an anon_vma before its first anonymous page; 0 or -ENOMEM. */
int anon_vma_prepare(struct vm_area_struct *vma);
/* dst (a split-off or moved copy of src) joins every anon_vma of src. */
int anon_vma_clone(struct vm_area_struct *dst, struct vm_area_struct *src);
/* fork: vma (the child's copy of pvma) joins pvma's anon_vmas and gets its own. */
int anon_vma_fork(struct vm_area_struct *vma, struct vm_area_struct *pvma);
/*
 * Merge: keep (adjacent to gone, compatible anon_vma) takes over gone's
 * chains, so that it reaches every page gone could map.
 */
void anon_vma_merge_chains(struct vm_area_struct *keep, struct vm_area_struct *gone);
/* vma leaves every anon_vma (unmap, exit); frees what becomes unused. */
void unlink_anon_vmas(struct vm_area_struct *vma);
/* A file VMA joins / leaves its file's i_mmap (vma_link(), unmap, exit). */
void link_file_vma(struct vm_area_struct *vma);
void unlink_file_vma(struct vm_area_struct *vma);

/* ---- page side (mm->page_table_lock held) ---- */

/* A new private anonymous page is mapped at address in vma (mapcount 0). */
void page_add_new_anon_rmap(struct page *page, struct vm_area_struct *vma,
			    unsigned long address);
/* Another pte maps an anonymous page already in vma's anon_vma family. */
void page_add_anon_rmap(struct page *page, struct vm_area_struct *vma, unsigned long address);
/**
 * page_dup_rmap() - count one more pte mapping a page
 * @page: a page already mapped (fork copies a pte of the parent)
 *
 * Only raises _mapcount: the page's mapping already covers the new VMA
 * (the child's VMA was chained to the parent's anon_vmas first).  The
 * caller takes the pte's page reference itself.
 *
 * Context: atomic; the caller holds the page table lock of the new pte.
 */
static inline void page_dup_rmap(struct page *page)
{
	atomic_inc(&page->_mapcount);
}
/* Another pte maps a page of a shared object (shared anonymous, later files). */
void page_add_file_rmap(struct page *page);
/* A pte mapping page is gone. */
void page_remove_rmap(struct page *page, struct vm_area_struct *vma);
/* A page only vma maps now moves into vma's own anon_vma (COW reuse). */
void page_move_anon_rmap(struct page *page, struct vm_area_struct *vma);

/* The address of page in vma, or -EFAULT if vma's range does not cover it. */
unsigned long page_address_in_vma(struct page *page, struct vm_area_struct *vma);

/* ---- walking ---- */

/*
 * rmap_one() is called for every VMA that maps page, with the address and
 * the pte, under the VMA's mm->page_table_lock; returning false stops the
 * walk.  done() (optional) is checked before each VMA: true stops.
 */
struct rmap_walk_control {
	void *arg;
	bool (*rmap_one)(struct page *page, struct vm_area_struct *vma, unsigned long address,
			 pte_t *ptep, void *arg);
	bool (*done)(struct page *page);
	/* Out: VMAs examined (rmap cost statistics). */
	unsigned long nr_vmas_visited;
};

/* Visit every pte mapping page.  No locks held; may sleep. */
void rmap_walk(struct page *page, struct rmap_walk_control *rwc);

/*
 * Test and clear the accessed bit of every pte mapping page; returns the
 * number of ptes that had it set (reclaim's "was it used").  *vm_flags
 * (if not NULL) collects the flags of the VMAs that map the page; the walk
 * stops at the first VM_LOCKED one, which reclaim must not take a page
 * from.
 */
int page_referenced(struct page *page, unsigned long *vm_flags);

/* A page read back from swap gets its pte: see mm/rmap.c. */
void page_add_swapin_rmap(struct page *page, struct vm_area_struct *vma, unsigned long address,
			  bool exclusive);

/*
 * Write-protect and clean every pte of a shared mapping that maps the
 * page-cache page (locked by the caller), before writeback writes it: the
 * next store faults and dirties the page again.  Returns the number of
 * ptes that were dirty (the caller moves that to the page).
 */
int page_mkclean(struct page *page);

/* try_to_unmap() flags. */
#define TTU_IGNORE_YOUNG	0x1	/* unmap even if recently referenced */

/*
 * Remove every pte mapping page (reclaim).  A page in the swap cache
 * leaves swap ptes naming its slot; any other anonymous page's contents
 * are dropped from those mappings (the next access faults in a zero
 * page), so callers use that only on pages they can recreate.  Returns
 * true if no pte maps page.
 */
bool try_to_unmap(struct page *page, unsigned int flags);

/*
 * The same with each pte's TLB flush deferred into batch: the caller
 * calls tlb_unmap_batch_flush() before writing or freeing the page.
 */
struct tlb_unmap_batch;
bool try_to_unmap_batched(struct page *page, unsigned int flags, struct tlb_unmap_batch *batch);

/* anon_vmas in existence (statistics and self tests). */
extern atomic_long_t nr_anon_vmas;

/* Create the rmap caches (boot). */
void anon_vma_init(void);

#endif /* _LINUX_RMAP_H */
