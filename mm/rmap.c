// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reverse mapping of anonymous pages: anon_vma and anon_vma_chain.
 *
 * Every private anonymous page points (page->mapping) at the anon_vma of
 * the VMA that created it.  An anon_vma's chain list names every VMA that
 * may map its pages: the creating VMA, the pieces it was split into, and
 * the copies fork made of them.  A forked child's VMA is chained to all of
 * the parent VMA's anon_vmas and gets one of its own for the pages it
 * copies on write, so a walk for a page created after the fork only visits
 * the VMAs that can really have it (the cure for the "1000 children each
 * scan everyone" pathology).  To keep endless fork chains from growing an
 * anon_vma per generation, anon_vma_fork() reuses an ancestor anon_vma
 * that no VMA allocates into any more and that has fewer than two
 * children, which bounds anon_vmas to about twice the VMAs.
 *
 * Locking.  All anon_vmas of a fork family share the rwsem of their root;
 * it is a sleeping lock (rmap walkers may sleep between VMAs, reclaim
 * later will).  Lock order (Documentation/mm/process_address_space.md):
 *	mmap_lock -> (shared object's VMA-list lock) -> anon_vma root rwsem
 *	-> mm->page_table_lock.
 * Chain lists change under the root lock held for writing; walkers hold
 * it for reading.  A VMA leaves its chains (unlink_anon_vmas()) before it
 * is freed and before its page tables are, so a walker holding the root
 * lock only ever sees live VMAs and live tables (which it reads under the
 * VMA's page_table_lock).
 *
 * Finding the anon_vma of a page with no lock held (page_lock_anon_vma_read):
 * anon_vmas come from a SLAB_TYPESAFE_BY_RCU cache, so under
 * rcu_read_lock() the object read from page->mapping is some anon_vma even
 * if it was freed meanwhile; a reference is taken only if its count is not
 * zero, and the page is re-checked (still mapped, same mapping) before
 * the root lock is taken.  Each VMA is re-verified by the walk itself:
 * the pte at the computed address must hold the page's frame.
 *
 * Interface: <linux/rmap.h>.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/mm.h>
#include <linux/rmap.h>
#include <linux/fs.h>
#include <linux/pagemap.h>
#include <linux/slab.h>
#include <linux/errno.h>
#include <asm/tlbflush.h>
#include "vma.h"

static struct kmem_cache *anon_vma_cachep;
static struct kmem_cache *anon_vma_chain_cachep;
atomic_long_t nr_anon_vmas;

static void anon_vma_ctor(void *obj)
{
	struct anon_vma *av = obj;

	/* Once per slab object: RCU walkers may touch it even while free. */
	init_rwsem(&av->rwsem);
	atomic_set(&av->refcount, 0);
	INIT_LIST_HEAD(&av->chains);
}

void __init anon_vma_init(void)
{
	anon_vma_cachep = kmem_cache_create("anon_vma", sizeof(struct anon_vma),
					    __alignof__(struct anon_vma),
					    SLAB_TYPESAFE_BY_RCU | SLAB_PANIC, anon_vma_ctor);
	anon_vma_chain_cachep = KMEM_CACHE(anon_vma_chain, SLAB_PANIC);
}

/* A new anon_vma with no references: the caller links it before publishing it. */
static struct anon_vma *anon_vma_alloc(void)
{
	struct anon_vma *av = kmem_cache_alloc(anon_vma_cachep, GFP_KERNEL);

	if (!av)
		return NULL;
	av->root = av;
	av->parent = NULL;
	av->num_children = 0;
	av->num_active_vmas = 0;
	atomic_long_inc(&nr_anon_vmas);
	return av;
}

/* Free an anon_vma that was never published (count still zero). */
static void anon_vma_free_unused(struct anon_vma *av)
{
	atomic_long_dec(&nr_anon_vmas);
	kmem_cache_free(anon_vma_cachep, av);
}

/*
 * Drop a reference.  Must not be called with the family's root lock held:
 * the last put takes it (for the parent's child count) and may free the
 * root itself.
 */
void put_anon_vma(struct anon_vma *av)
{
	while (av && atomic_dec_and_test(&av->refcount)) {
		struct anon_vma *parent = av->parent;

		WARN_ON_ONCE(!list_empty(&av->chains));
		if (parent) {
			anon_vma_lock_write(parent);
			parent->num_children--;
			anon_vma_unlock_write(parent);
		}
		atomic_long_dec(&nr_anon_vmas);
		kmem_cache_free(anon_vma_cachep, av);
		av = parent;	/* the child's reference on its parent */
	}
}

static struct anon_vma_chain *avc_alloc(void)
{
	return kmem_cache_alloc(anon_vma_chain_cachep, GFP_KERNEL);
}

static void avc_free(struct anon_vma_chain *avc)
{
	kmem_cache_free(anon_vma_chain_cachep, avc);
}

/* Link vma and av through avc (root lock held for writing). */
static void avc_link(struct anon_vma_chain *avc, struct vm_area_struct *vma,
		     struct anon_vma *av)
{
	avc->vma = vma;
	avc->anon_vma = av;
	get_anon_vma(av);
	list_add_tail(&avc->same_vma, &vma->anon_vma_chain);
	list_add_tail(&avc->same_anon_vma, &av->chains);
}

/*
 * An anon_vma a neighbour of vma could share, so the two may merge later:
 * the neighbour must be adjacent, otherwise compatible, and chained to
 * its own anon_vma only (not a fork family's several).
 */
static struct anon_vma *find_mergeable_anon_vma(struct vm_area_struct *vma)
{
	struct vm_area_struct *near[2] = { vma_prev(vma), vma_next(vma) };
	unsigned long ignore = VM_ACCESS_FLAGS | VM_MAYREAD | VM_MAYWRITE | VM_MAYEXEC | VM_SOFTDIRTY;

	for (int i = 0; i < 2; i++) {
		struct vm_area_struct *n = near[i];

		if (!n || !n->anon_vma || !list_is_singular(&n->anon_vma_chain))
			continue;
		if (i == 0 ? n->vm_end != vma->vm_start : n->vm_start != vma->vm_end)
			continue;
		if ((n->vm_flags ^ vma->vm_flags) & ~ignore)
			continue;
		if (n->vm_ops != vma->vm_ops || n->vm_file != vma->vm_file)
			continue;
		if (n->vm_pgoff + ((vma->vm_start - n->vm_start) >> PAGE_SHIFT) != vma->vm_pgoff)
			continue;
		return n->anon_vma;
	}
	return NULL;
}

/*
 * Make av the anon_vma of vma, linked through avc, unless a fault racing
 * on the same VMA (both hold mmap_lock for reading) installed one first.
 * The root lock orders us against rmap walkers, page_table_lock against
 * the racing fault.  Returns whether av and avc were used.
 */
static bool anon_vma_install(struct vm_area_struct *vma, struct anon_vma *av,
			     struct anon_vma_chain *avc)
{
	spinlock_t *ptl = &vma->vm_mm->page_table_lock;
	bool installed = false;

	anon_vma_lock_write(av);
	spin_lock(ptl);
	if (!vma->anon_vma) {
		avc_link(avc, vma, av);
		av->num_active_vmas++;
		WRITE_ONCE(vma->anon_vma, av);
		installed = true;
	}
	spin_unlock(ptl);
	anon_vma_unlock_write(av);
	return installed;
}

/*
 * Give vma an anon_vma before its first anonymous page goes in: a
 * neighbour's, when the two could later merge, else a new one.  Returns 0,
 * or -ENOMEM with vma unchanged.
 */
int anon_vma_prepare(struct vm_area_struct *vma)
{
	struct anon_vma_chain *avc;
	struct anon_vma *av;
	bool new_av = false;

	/* Set once, never cleared while the VMA lives: the usual case. */
	if (likely(READ_ONCE(vma->anon_vma)))
		return 0;

	/* Allocate everything before any lock is taken. */
	avc = avc_alloc();
	if (!avc)
		return -ENOMEM;
	av = find_mergeable_anon_vma(vma);
	if (!av) {
		av = anon_vma_alloc();
		if (!av)
			goto out_free_avc;
		new_av = true;
	}

	if (anon_vma_install(vma, av, avc))
		return 0;

	/* The racing fault won; what we allocated was never published. */
	avc_free(avc);
	if (new_av)
		anon_vma_free_unused(av);
	return 0;

out_free_avc:
	avc_free(avc);
	return -ENOMEM;
}

/*
 * Chain dst to every anon_vma of src.  With reuse (fork), also pick for
 * dst->anon_vma an ancestor anon_vma no VMA allocates into and with fewer
 * than two children, if there is one.
 */
static int __anon_vma_clone(struct vm_area_struct *dst, struct vm_area_struct *src, bool reuse)
{
	struct anon_vma_chain *avc, *pavc, *tmp;
	LIST_HEAD(fresh);
	struct anon_vma *root;

	if (list_empty(&src->anon_vma_chain))
		return 0;
	/* Allocate first: the root lock is held only for list updates. */
	list_for_each_entry(pavc, &src->anon_vma_chain, same_vma) {
		avc = avc_alloc();
		if (!avc)
			goto enomem;
		list_add_tail(&avc->same_vma, &fresh);
	}
	root = src->anon_vma->root;
	down_write(&root->rwsem);
	avc = list_first_entry(&fresh, struct anon_vma_chain, same_vma);
	list_for_each_entry(pavc, &src->anon_vma_chain, same_vma) {
		struct anon_vma *av = pavc->anon_vma;

		tmp = list_next_entry(avc, same_vma);
		list_del(&avc->same_vma);
		avc_link(avc, dst, av);
		avc = tmp;
		if (reuse && !dst->anon_vma && av != src->anon_vma &&
		    av->num_active_vmas == 0 && av->num_children < 2)
			dst->anon_vma = av;
	}
	if (dst->anon_vma)
		dst->anon_vma->num_active_vmas++;
	up_write(&root->rwsem);
	return 0;

enomem:
	list_for_each_entry_safe(avc, tmp, &fresh, same_vma)
		avc_free(avc);
	return -ENOMEM;
}

int anon_vma_clone(struct vm_area_struct *dst, struct vm_area_struct *src)
{
	INIT_LIST_HEAD(&dst->anon_vma_chain);
	dst->anon_vma = src->anon_vma;
	if (!src->anon_vma)
		return 0;
	if (__anon_vma_clone(dst, src, false)) {
		dst->anon_vma = NULL;
		return -ENOMEM;
	}
	return 0;
}

int anon_vma_fork(struct vm_area_struct *vma, struct vm_area_struct *pvma)
{
	struct anon_vma *av, *parent = pvma->anon_vma;
	struct anon_vma_chain *avc;

	INIT_LIST_HEAD(&vma->anon_vma_chain);
	vma->anon_vma = NULL;
	if (!parent)
		return 0;
	if (__anon_vma_clone(vma, pvma, true))
		return -ENOMEM;
	if (vma->anon_vma)
		return 0;	/* reused an ancestor's */

	av = anon_vma_alloc();
	avc = avc_alloc();
	if (!av || !avc)
		goto enomem;
	av->root = parent->root;
	av->parent = parent;
	get_anon_vma(parent);	/* the child's reference on its parent */
	anon_vma_lock_write(av);
	parent->num_children++;
	avc_link(avc, vma, av);
	av->num_active_vmas++;
	vma->anon_vma = av;
	anon_vma_unlock_write(av);
	return 0;

enomem:
	if (av)
		anon_vma_free_unused(av);
	if (avc)
		avc_free(avc);
	unlink_anon_vmas(vma);
	return -ENOMEM;
}

void unlink_anon_vmas(struct vm_area_struct *vma)
{
	struct anon_vma_chain *avc, *tmp;
	struct anon_vma *root;

	if (list_empty(&vma->anon_vma_chain)) {
		vma->anon_vma = NULL;
		return;
	}
	root = list_first_entry(&vma->anon_vma_chain, struct anon_vma_chain,
				same_vma)->anon_vma->root;
	down_write(&root->rwsem);
	list_for_each_entry(avc, &vma->anon_vma_chain, same_vma)
		list_del(&avc->same_anon_vma);
	if (vma->anon_vma)
		vma->anon_vma->num_active_vmas--;
	up_write(&root->rwsem);
	vma->anon_vma = NULL;

	/* Outside the lock: a put may free the root and its rwsem. */
	list_for_each_entry_safe(avc, tmp, &vma->anon_vma_chain, same_vma) {
		list_del(&avc->same_vma);
		put_anon_vma(avc->anon_vma);
		avc_free(avc);
	}
}

static bool vma_chained_to(struct vm_area_struct *vma, struct anon_vma *av)
{
	struct anon_vma_chain *avc;

	list_for_each_entry(avc, &vma->anon_vma_chain, same_vma)
		if (avc->anon_vma == av)
			return true;
	return false;
}

void anon_vma_merge_chains(struct vm_area_struct *keep, struct vm_area_struct *gone)
{
	struct anon_vma_chain *avc, *tmp;
	LIST_HEAD(dead);
	struct anon_vma *root;

	if (!gone->anon_vma)
		return;
	root = gone->anon_vma->root;
	down_write(&root->rwsem);
	list_for_each_entry_safe(avc, tmp, &gone->anon_vma_chain, same_vma) {
		if (keep->anon_vma && vma_chained_to(keep, avc->anon_vma)) {
			list_del(&avc->same_anon_vma);
			list_move(&avc->same_vma, &dead);
		} else {
			avc->vma = keep;
			list_move_tail(&avc->same_vma, &keep->anon_vma_chain);
		}
	}
	if (keep->anon_vma)
		gone->anon_vma->num_active_vmas--;
	else
		keep->anon_vma = gone->anon_vma;	/* the count moves with it */
	gone->anon_vma = NULL;
	up_write(&root->rwsem);

	list_for_each_entry_safe(avc, tmp, &dead, same_vma) {
		list_del(&avc->same_vma);
		put_anon_vma(avc->anon_vma);
		avc_free(avc);
	}
}

/* ------------------------------------------------------------ file VMAs: i_mmap */

static bool vma_in_i_mmap(const struct vm_area_struct *vma)
{
	return vma->vm_file && !RB_EMPTY_NODE(&vma->vm_i_mmap_rb);
}

void link_file_vma(struct vm_area_struct *vma)
{
	struct address_space *mapping;

	if (!vma->vm_file || vma_in_i_mmap(vma))
		return;
	mapping = vma->vm_file->f_mapping;
	i_mmap_lock_write(mapping);
	vma_interval_tree_insert(vma, &mapping->i_mmap);
	i_mmap_unlock_write(mapping);
}

void unlink_file_vma(struct vm_area_struct *vma)
{
	struct address_space *mapping;

	if (!vma_in_i_mmap(vma))
		return;
	mapping = vma->vm_file->f_mapping;
	i_mmap_lock_write(mapping);
	vma_interval_tree_remove(vma, &mapping->i_mmap);
	i_mmap_unlock_write(mapping);
}

void vma_file_rmap_lock(struct vm_area_struct *vma)
{
	if (vma_in_i_mmap(vma))
		i_mmap_lock_write(vma->vm_file->f_mapping);
}

/*
 * vma's range or offset may have changed under the lock: take it out and
 * put it back where it belongs now.  Removal does not compare keys, and
 * it recomputes the cached maxima on the whole path above the spot vma
 * left, which is every node whose maximum could have come from vma.
 */
void vma_file_rmap_unlock(struct vm_area_struct *vma)
{
	struct address_space *mapping;

	if (!vma_in_i_mmap(vma))
		return;
	mapping = vma->vm_file->f_mapping;
	vma_interval_tree_remove(vma, &mapping->i_mmap);
	vma_interval_tree_insert(vma, &mapping->i_mmap);
	i_mmap_unlock_write(mapping);
}

void vma_anon_rmap_lock(struct vm_area_struct *vma)
{
	if (vma_is_shared_anon(vma))
		shared_anon_lock_vmas(vma);
	if (vma->anon_vma)
		anon_vma_lock_write(vma->anon_vma);
}

void vma_anon_rmap_unlock(struct vm_area_struct *vma)
{
	if (vma->anon_vma)
		anon_vma_unlock_write(vma->anon_vma);
	if (vma_is_shared_anon(vma))
		shared_anon_unlock_vmas(vma);
}

/* Order: i_mmap_rwsem -> anon_vma root lock. */
void vma_rmap_lock(struct vm_area_struct *vma)
{
	vma_file_rmap_lock(vma);
	vma_anon_rmap_lock(vma);
}

void vma_rmap_unlock(struct vm_area_struct *vma)
{
	vma_anon_rmap_unlock(vma);
	vma_file_rmap_unlock(vma);
}

/* ------------------------------------------------------------ page side */

void page_add_new_anon_rmap(struct page *page, struct vm_area_struct *vma, unsigned long address)
{
	VM_BUG_ON_PAGE(page_mapped(page), page);
	atomic_set(&page->_mapcount, 0);
	page->index = linear_page_index(vma, address);
	WRITE_ONCE(page->mapping,
		   (struct address_space *)((unsigned long)vma->anon_vma | PAGE_MAPPING_ANON));
}

void page_add_anon_rmap(struct page *page, struct vm_area_struct *vma, unsigned long address)
{
	VM_WARN_ON_PAGE(!PageAnon(page) || page->index != linear_page_index(vma, address), page);
	atomic_inc(&page->_mapcount);
}

void page_add_file_rmap(struct page *page)
{
	atomic_inc(&page->_mapcount);
}

void page_remove_rmap(struct page *page, struct vm_area_struct *vma)
{
	(void)vma;
	VM_BUG_ON_PAGE(!page_mapped(page), page);
	/*
	 * The last unmap of a private anonymous page forgets its anon_vma:
	 * nothing can find the page any more except whoever still holds a
	 * reference, and the allocator insists on a NULL mapping at free.
	 * (With swap, the swap cache will keep it until the page is freed.)
	 */
	if (atomic_dec_return(&page->_mapcount) < 0 && PageAnon(page))
		WRITE_ONCE(page->mapping, NULL);
}

void page_move_anon_rmap(struct page *page, struct vm_area_struct *vma)
{
	WRITE_ONCE(page->mapping,
		   (struct address_space *)((unsigned long)vma->anon_vma | PAGE_MAPPING_ANON));
}

unsigned long page_address_in_vma(struct page *page, struct vm_area_struct *vma)
{
	unsigned long off = page->index - vma->vm_pgoff;

	if (off >= vma_pages(vma))
		return -EFAULT;
	return vma->vm_start + (off << PAGE_SHIFT);
}

/* ------------------------------------------------------------ walking */

/* The anon_vma of page, referenced and with its root locked for reading; or NULL. */
static struct anon_vma *page_lock_anon_vma_read(struct page *page)
{
	struct anon_vma *av;

	rcu_read_lock();
	av = page_anon_vma(page);
	if (!av || !page_mapped(page) || !atomic_inc_not_zero(&av->refcount)) {
		rcu_read_unlock();
		return NULL;
	}
	rcu_read_unlock();
	/* The object may have been freed and reused before the increment. */
	if (!page_mapped(page) || page_anon_vma(page) != av) {
		put_anon_vma(av);
		return NULL;
	}
	anon_vma_lock_read(av);
	return av;
}

/* Call rwc->rmap_one() if vma really maps page at address.  No locks held. */
static bool rmap_try_one(struct page *page, struct vm_area_struct *vma, unsigned long address,
			 struct rmap_walk_control *rwc)
{
	struct mm_struct *mm = vma->vm_mm;
	bool more = true;
	pte_t *ptep;

	rwc->nr_vmas_visited++;
	spin_lock(&mm->page_table_lock);
	ptep = lookup_user_pte(mm, address);
	if (ptep) {
		pte_t entry = ptep_get(ptep);

		if (pte_present(entry) && pte_pfn(entry) == page_to_pfn(page))
			more = rwc->rmap_one(page, vma, address, ptep, rwc->arg);
	}
	spin_unlock(&mm->page_table_lock);
	return more;
}

static void rmap_walk_anon(struct page *page, struct rmap_walk_control *rwc)
{
	struct anon_vma_chain *avc;
	struct anon_vma *av = page_lock_anon_vma_read(page);

	if (!av)
		return;
	list_for_each_entry(avc, &av->chains, same_anon_vma) {
		unsigned long address = page_address_in_vma(page, avc->vma);

		if (IS_ERR_VALUE(address))
			continue;
		if (rwc->done && rwc->done(page))
			break;
		if (!rmap_try_one(page, avc->vma, address, rwc))
			break;
	}
	anon_vma_unlock_read(av);
	put_anon_vma(av);
}

/*
 * A page-cache page: the VMAs of its file that cover its index.  The page
 * lock keeps page->mapping (and so the file) from going away under us.
 */
static void rmap_walk_file(struct page *page, struct rmap_walk_control *rwc)
{
	struct address_space *mapping = page->mapping;
	pgoff_t index = page->index;
	struct vm_area_struct *vma;

	if (WARN_ON_ONCE(!PageLocked(page)) || !mapping)
		return;
	i_mmap_lock_read(mapping);
	vma_interval_tree_foreach(vma, &mapping->i_mmap, index, index) {
		if (rwc->done && rwc->done(page))
			break;
		if (!rmap_try_one(page, vma, page_address_in_vma(page, vma), rwc))
			break;
	}
	i_mmap_unlock_read(mapping);
}

void rmap_walk(struct page *page, struct rmap_walk_control *rwc)
{
	if (PageAnon(page))
		rmap_walk_anon(page, rwc);
	else if (PageSharedAnon(page))
		shared_anon_rmap_walk(page, rwc);
	else
		rmap_walk_file(page, rwc);
}

/* For shared_anon_rmap_walk(): the same per-VMA step. */
bool rmap_walk_one_vma(struct page *page, struct vm_area_struct *vma,
		       struct rmap_walk_control *rwc)
{
	unsigned long address = page_address_in_vma(page, vma);

	if (IS_ERR_VALUE(address))
		return true;
	if (rwc->done && rwc->done(page))
		return false;
	return rmap_try_one(page, vma, address, rwc);
}

static bool referenced_one(struct page *page, struct vm_area_struct *vma, unsigned long address,
			   pte_t *ptep, void *arg)
{
	(void)page;
	(void)vma;
	(void)address;
	/*
	 * No flush after clearing the accessed bit (x86 Linux does the
	 * same): a stale TLB entry only delays the next "referenced".
	 */
	if (ptep_test_and_clear_young(ptep))
		(*(int *)arg)++;
	return true;
}

int page_referenced(struct page *page)
{
	int referenced = 0;
	struct rmap_walk_control rwc = {
		.arg = &referenced,
		.rmap_one = referenced_one,
	};

	if (!page_mapped(page))
		return 0;
	rmap_walk(page, &rwc);
	return referenced;
}

static bool unmap_one(struct page *page, struct vm_area_struct *vma, unsigned long address,
		      pte_t *ptep, void *arg)
{
	struct mm_struct *mm = vma->vm_mm;
	unsigned int flags = *(unsigned int *)arg;
	pte_t old;

	if (!(flags & TTU_IGNORE_YOUNG) && pte_young(ptep_get(ptep)))
		return true;	/* recently used: keep this mapping */
	old = ptep_get_and_clear(ptep);
	flush_tlb_mm_range(mm, address, address + PAGE_SIZE);
	/* A store through this pte made the file page dirty. */
	if (pte_dirty(old) && page_file_mapping(page))
		set_page_dirty(page);
	dec_mm_counter(mm, mm_counter(page, vma));
	page_remove_rmap(page, vma);
	put_page(page);		/* the pte's reference; the caller holds its own */
	return true;
}

bool try_to_unmap(struct page *page, unsigned int flags)
{
	struct rmap_walk_control rwc = {
		.arg = &flags,
		.rmap_one = unmap_one,
	};

	if (page_mapped(page))
		rmap_walk(page, &rwc);
	return !page_mapped(page);
}

/* ------------------------------------------------------------ page_mkclean */

static bool mkclean_one(struct page *page, struct vm_area_struct *vma, unsigned long address,
			pte_t *ptep, void *arg)
{
	pte_t entry = ptep_get(ptep);

	(void)page;
	if (!(vma->vm_flags & VM_SHARED) || (!pte_dirty(entry) && !pte_write(entry)))
		return true;
	/*
	 * Clear atomically, so that a dirty bit the MMU sets meanwhile is
	 * seen, and flush before the page's I/O can start: a CPU still
	 * holding the writable entry could store without faulting.
	 */
	entry = ptep_get_and_clear(ptep);
	flush_tlb_page(vma, address);
	if (pte_dirty(entry))
		(*(int *)arg)++;
	set_pte(ptep, pte_wrprotect(pte_mkclean(entry)));
	return true;
}

int page_mkclean(struct page *page)
{
	int dirty = 0;
	struct rmap_walk_control rwc = {
		.arg = &dirty,
		.rmap_one = mkclean_one,
	};

	if (!page_mapped(page) || !page_file_mapping(page))
		return 0;
	rmap_walk(page, &rwc);
	return dirty;
}
