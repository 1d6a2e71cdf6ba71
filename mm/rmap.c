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
#include <linux/swap.h>
#include <linux/swapops.h>
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

/**
 * anon_vma_init() - create the slab caches of anon_vmas and their chains
 *
 * The anon_vma cache is SLAB_TYPESAFE_BY_RCU with a constructor, so that
 * lockless walkers may touch a freed anon_vma's lock and count.  Failure
 * panics.
 *
 * Context: boot, process context, before the first fork or anonymous
 * fault.
 */
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

/**
 * put_anon_vma() - drop a reference to an anon_vma
 * @av: the anon_vma, or NULL
 *
 * The last reference frees it (its chain list must be empty by then) and
 * drops the reference it held on its parent, after taking it off the
 * parent's child count; the parent may go the same way, up to the root,
 * which is therefore always freed last.
 *
 * Context: process context; may sleep (takes the family's root rwsem for
 * writing when a child goes).  The caller must not hold the root lock of
 * @av's family: the last put takes it and may free it.
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

/**
 * anon_vma_prepare() - make sure a VMA has an anon_vma
 * @vma: a VMA about to receive its first private anonymous page
 *
 * Returns at once if @vma has one.  Otherwise reuses the anon_vma of an
 * adjacent, compatible VMA chained to only that one (so the two can still
 * merge later), or allocates a new one, and links it to @vma.  Two faults
 * racing on one VMA are settled under the page table lock: the loser
 * frees what it allocated.
 *
 * Context: process context; may sleep (GFP_KERNEL allocation, root
 * rwsem).  The caller holds mmap_lock (for reading is enough) and no
 * spinlocks.
 * Return: 0, or -ENOMEM with @vma unchanged.
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

/**
 * anon_vma_clone() - chain a copy of a VMA to every anon_vma of the original
 * @dst: the new VMA (a piece split off @src, or its moved copy); its chain
 *       list is initialised here
 * @src: the VMA it was made from
 *
 * @dst gets @src's anon_vma and a chain to each anon_vma @src is chained
 * to, so an rmap walk of any page @src may map also visits @dst.  All
 * chains are allocated before the root lock is taken for writing.
 *
 * Context: process context; may sleep (GFP_KERNEL, root rwsem).  The
 * caller holds mmap_lock for writing and no anon_vma lock.
 * Return: 0, or -ENOMEM with @dst chained to nothing and no anon_vma.
 */
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

/**
 * anon_vma_fork() - set up the anon_vmas of a child's VMA at fork
 * @vma: the child's copy of @pvma; its chain list is initialised here
 * @pvma: the parent's VMA
 *
 * Chains @vma to every anon_vma of @pvma (so it can reach the pages it
 * shares with the parent), then gives it an anon_vma for the pages it
 * will copy on write: an ancestor's that no VMA allocates into any more
 * and has fewer than two children, if the chain has one, else a new
 * child of @pvma's anon_vma in the same fork family.  Nothing is done if
 * @pvma has no anon_vma.
 *
 * Context: process context; may sleep (GFP_KERNEL, root rwsem).  The
 * caller holds the parent's mmap_lock for writing.
 * Return: 0, or -ENOMEM with @vma unchained and without an anon_vma.
 */
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

/**
 * unlink_anon_vmas() - detach a VMA from all its anon_vmas
 * @vma: the VMA being unmapped or torn down at exit
 *
 * Takes each chain off its anon_vma's list under the root lock, so that
 * no walker finds @vma any more, then frees the chains and drops their
 * references outside the lock; anon_vmas that lose their last reference
 * are freed.  Must come before @vma and its page tables are freed.
 *
 * Context: process context; may sleep (root rwsem).  The caller holds
 * mmap_lock for writing (or the mm is going away) and no anon_vma lock.
 */
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

/**
 * anon_vma_merge_chains() - hand a vanishing VMA's chains to its merge partner
 * @keep: the VMA that stays and grows over @gone's range
 * @gone: the adjacent VMA being merged into @keep
 *
 * Chains of @gone to anon_vmas @keep is already chained to are dropped;
 * the others move to @keep.  If @keep had no anon_vma it takes @gone's.
 * Afterwards @keep's walks reach every page @gone could map, and @gone has
 * no anon_vma.
 *
 * Context: process context; may sleep (root rwsem).  The caller holds
 * mmap_lock for writing.  Only @gone's root is locked, so the two VMAs
 * must have the same anon_vma or @keep none (the merge rules in mm/vma.c
 * allow nothing else).
 */
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

/**
 * link_file_vma() - add a file VMA to its file's i_mmap tree
 * @vma: the VMA; anonymous VMAs and VMAs already in the tree are left alone
 *
 * From then on rmap walks of the file's pages (truncation's unmapping,
 * page_mkclean(), reclaim) visit @vma.
 *
 * Context: process context; may sleep (i_mmap_rwsem for writing).  The
 * caller holds mmap_lock for writing.
 */
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

/**
 * unlink_file_vma() - remove a file VMA from its file's i_mmap tree
 * @vma: the VMA; nothing happens if it is not in a tree
 *
 * Context: process context; may sleep (i_mmap_rwsem for writing).  The
 * caller holds mmap_lock for writing (or the mm is going away).
 */
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

/**
 * vma_file_rmap_lock() - lock the file side of a VMA's reverse mapping
 * @vma: the VMA; nothing is taken unless it is in a file's i_mmap tree
 *
 * Takes the file's i_mmap_rwsem for writing, so that no walker finds the
 * VMA while its range or offset changes.
 *
 * Context: process context; may sleep.  mmap_lock held for writing; taken
 * before any anon_vma lock.
 */
void vma_file_rmap_lock(struct vm_area_struct *vma)
{
	if (vma_in_i_mmap(vma))
		i_mmap_lock_write(vma->vm_file->f_mapping);
}

/**
 * vma_file_rmap_unlock() - re-file a VMA in i_mmap and release the lock
 * @vma: the VMA given to vma_file_rmap_lock()
 *
 * The VMA's range or offset may have changed while the lock was held, so
 * it is taken out of the interval tree and inserted again under its
 * current keys before i_mmap_rwsem is released.  Removal does not look at
 * the keys, and it recomputes the cached maxima along the whole path above
 * the node's old place, which covers every node whose maximum could have
 * come from this VMA.
 *
 * Context: process context; does not sleep.  i_mmap_rwsem held for
 * writing by vma_file_rmap_lock().
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

/**
 * vma_anon_rmap_lock() - lock the anonymous side of a VMA's reverse mapping
 * @vma: the VMA
 *
 * For a shared anonymous VMA, the shared object's VMA-list lock; for a VMA
 * with an anon_vma, its family's root rwsem; both for writing, in that
 * order.  Nothing for a VMA with neither.
 *
 * Context: process context; may sleep.  mmap_lock held for writing;
 * after vma_file_rmap_lock() if both are taken.
 */
void vma_anon_rmap_lock(struct vm_area_struct *vma)
{
	if (vma_is_shared_anon(vma))
		shared_anon_lock_vmas(vma);
	if (vma->anon_vma)
		anon_vma_lock_write(vma->anon_vma);
}

/**
 * vma_anon_rmap_unlock() - release vma_anon_rmap_lock()
 * @vma: the VMA; its anon_vma must be the one that was locked
 *
 * Context: process context; does not sleep.
 */
void vma_anon_rmap_unlock(struct vm_area_struct *vma)
{
	if (vma->anon_vma)
		anon_vma_unlock_write(vma->anon_vma);
	if (vma_is_shared_anon(vma))
		shared_anon_unlock_vmas(vma);
}

/**
 * vma_rmap_lock() - lock everything rmap walkers use to find a VMA
 * @vma: the VMA whose vm_start, vm_end or vm_pgoff is about to change
 *
 * vma_file_rmap_lock() then vma_anon_rmap_lock(): i_mmap_rwsem before the
 * anon_vma root lock.  While held, no walk can compute an address in
 * @vma from a half-updated range.
 *
 * Context: process context; may sleep.  The caller holds mmap_lock for
 * writing and none of these locks.
 */
void vma_rmap_lock(struct vm_area_struct *vma)
{
	vma_file_rmap_lock(vma);
	vma_anon_rmap_lock(vma);
}

/**
 * vma_rmap_unlock() - release vma_rmap_lock(), re-filing the VMA in i_mmap
 * @vma: the VMA, with its new range in place
 *
 * Context: process context; does not sleep.
 */
void vma_rmap_unlock(struct vm_area_struct *vma)
{
	vma_anon_rmap_unlock(vma);
	vma_file_rmap_unlock(vma);
}

/* ------------------------------------------------------------ page side */

/**
 * page_add_new_anon_rmap() - map a new private anonymous page for the first time
 * @page: a freshly allocated page that no pte maps yet
 * @vma: the VMA it goes into; anon_vma_prepare() must have succeeded on it
 * @address: the user address of the pte
 *
 * Sets _mapcount for one mapping, page->index to the page's linear index
 * in @vma and page->mapping to @vma's anon_vma with the anonymous tag.
 *
 * Context: atomic; the caller holds @vma's mm->page_table_lock and is
 * about to install the pte.
 */
void page_add_new_anon_rmap(struct page *page, struct vm_area_struct *vma, unsigned long address)
{
	VM_BUG_ON_PAGE(page_mapped(page), page);
	atomic_set(&page->_mapcount, 0);
	page->index = linear_page_index(vma, address);
	WRITE_ONCE(page->mapping,
		   (struct address_space *)((unsigned long)vma->anon_vma | PAGE_MAPPING_ANON));
}

/**
 * page_add_anon_rmap() - count another pte mapping an existing anonymous page
 * @page: a private anonymous page of @vma's anon_vma family
 * @vma: the VMA of the new pte
 * @address: the user address of the pte; must match the page's index
 *
 * Only raises _mapcount; warns if the page is not anonymous or its index
 * does not fit @address.
 *
 * Context: atomic; the caller holds the page table lock.
 */
void page_add_anon_rmap(struct page *page, struct vm_area_struct *vma, unsigned long address)
{
	VM_WARN_ON_PAGE(!PageAnon(page) || page->index != linear_page_index(vma, address), page);
	atomic_inc(&page->_mapcount);
}

/**
 * page_add_swapin_rmap() - map a page read back from swap
 * @page: a page of the swap cache (or just taken out of it)
 * @vma: the VMA of the new pte
 * @address: the user address of the pte
 * @exclusive: no other pte names the page's slot
 *
 * The first mapping of the page sets page->mapping.  An exclusive page
 * belongs to @vma's own anon_vma, like a new page.  A page other
 * processes of the fork family still name by their swap ptes gets the
 * family's root anon_vma: every VMA of the family is chained to it, so
 * rmap walks find all the ptes that will map the page as the others fault
 * it in, whichever of them comes first.  Later mappings only count.
 *
 * Context: atomic; the caller holds the page table lock and the page lock.
 */
void page_add_swapin_rmap(struct page *page, struct vm_area_struct *vma, unsigned long address,
			  bool exclusive)
{
	struct anon_vma *av = vma->anon_vma;

	if (page_mapped(page)) {
		page_add_anon_rmap(page, vma, address);
		return;
	}
	if (!exclusive)
		av = av->root;
	atomic_set(&page->_mapcount, 0);
	page->index = linear_page_index(vma, address);
	WRITE_ONCE(page->mapping, (struct address_space *)((unsigned long)av | PAGE_MAPPING_ANON));
}

/**
 * page_add_file_rmap() - count another pte mapping a page of a shared object
 * @page: a page-cache or shared anonymous page; its mapping is already set
 *
 * Only raises _mapcount: the object's VMA list (i_mmap, or the shared
 * anonymous object's) already finds the VMA.
 *
 * Context: atomic; the caller holds the page table lock of the new pte.
 */
void page_add_file_rmap(struct page *page)
{
	atomic_inc(&page->_mapcount);
}

/**
 * page_remove_rmap() - a pte mapping a page has been cleared
 * @page: the page (its _mapcount must show it mapped)
 * @vma: the VMA the pte was in (unused)
 *
 * Lowers _mapcount.  When the last mapping of a private anonymous page
 * goes, page->mapping is cleared: nothing can find the page any more, and
 * the page allocator wants a NULL mapping when the page is freed.  The
 * pte's page reference is the caller's to drop.
 *
 * Context: atomic; the caller holds the page table lock.
 */
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

/**
 * page_move_anon_rmap() - move a private anonymous page into a VMA's own anon_vma
 * @page: a page only @vma maps (mapcount and reference count one)
 * @vma: the VMA reusing the page on a write fault instead of copying it
 *
 * Points page->mapping at @vma's anon_vma, so that later walks need not
 * search the wider fork family.  Nothing is checked here.
 *
 * Context: atomic; the caller holds the page table lock and mmap_lock.
 */
void page_move_anon_rmap(struct page *page, struct vm_area_struct *vma)
{
	WRITE_ONCE(page->mapping,
		   (struct address_space *)((unsigned long)vma->anon_vma | PAGE_MAPPING_ANON));
}

/**
 * page_address_in_vma() - where a page would be mapped in a VMA
 * @page: an anonymous or shared-object page (its index is linear in @vma)
 * @vma: the VMA
 *
 * Pure arithmetic from page->index and the VMA's range and offset; says
 * nothing about whether a pte there really maps @page.
 *
 * Context: any context; the caller keeps @vma's range stable (mmap_lock
 * or an rmap lock).
 * Return: the user address, or -EFAULT (test with IS_ERR_VALUE()) if the
 * index lies outside @vma.
 */
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

/**
 * rmap_walk() - visit every pte that maps a page
 * @page: the page; the caller holds a reference, and for a page-cache page
 *        the page lock (without it the walk warns and does nothing)
 * @rwc: the callbacks: rmap_one() per mapping VMA, done() to stop early
 *
 * Finds the VMAs that may map @page from its anon_vma (taken with a
 * reference and read-locked), its shared anonymous object or its file's
 * i_mmap (read-locked), and for each one whose pte at the computed
 * address really holds @page calls rwc->rmap_one() under that mm's
 * page_table_lock.  rwc->nr_vmas_visited counts the VMAs tried.  A private
 * anonymous page that is no longer mapped is not walked.
 *
 * Context: process context; may sleep (the rwsems).  The caller holds no
 * rmap lock, no page table lock and no spinlock; callbacks run atomic.
 */
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

struct referenced_arg {
	int referenced;
	unsigned long vm_flags;
};

static bool referenced_one(struct page *page, struct vm_area_struct *vma, unsigned long address,
			   pte_t *ptep, void *arg)
{
	struct referenced_arg *ra = arg;

	(void)page;
	(void)address;
	ra->vm_flags |= vma->vm_flags;
	/* An mlocked mapping settles it: the page stays, whatever the bits say. */
	if (vma->vm_flags & VM_LOCKED)
		return false;
	/*
	 * No flush after clearing the accessed bit (x86 Linux does the
	 * same): a stale TLB entry only delays the next "referenced".
	 */
	if (ptep_test_and_clear_young(ptep))
		ra->referenced++;
	return true;
}

/**
 * page_referenced() - test and clear the accessed bits of a page's ptes
 * @page: the page; for a page-cache page the caller holds the page lock
 *
 * Used by reclaim to tell a page still in use from one that can go.  The
 * TLB is not flushed after clearing: a stale entry only delays the next
 * accessed bit.
 *
 * @vm_flags: if not NULL, gets the flags of the VMAs visited, OR-ed; the
 *            walk stops at a VM_LOCKED VMA (the page must stay)
 *
 * Context: process context; may sleep (rmap_walk()).
 * Return: the number of ptes whose accessed bit was set; 0 if the page is
 * not mapped.
 */
int page_referenced(struct page *page, unsigned long *vm_flags)
{
	struct referenced_arg ra = { 0, 0 };
	struct rmap_walk_control rwc = {
		.arg = &ra,
		.rmap_one = referenced_one,
	};

	if (vm_flags)
		*vm_flags = 0;
	if (!page_mapped(page))
		return 0;
	rmap_walk(page, &rwc);
	if (vm_flags)
		*vm_flags = ra.vm_flags;
	return ra.referenced;
}

struct unmap_arg {
	unsigned int flags;
	struct tlb_unmap_batch *batch;	/* NULL: flush each pte at once */
};

/* The pte at address was just cleared: flush it now or note it in the batch. */
static void unmap_flush(struct unmap_arg *ua, struct mm_struct *mm, unsigned long address)
{
	if (ua->batch)
		tlb_unmap_batch_add(ua->batch, mm);
	else
		flush_tlb_mm_range(mm, address, address + PAGE_SIZE);
}

static bool unmap_one(struct page *page, struct vm_area_struct *vma, unsigned long address,
		      pte_t *ptep, void *arg)
{
	struct unmap_arg *ua = arg;
	struct mm_struct *mm = vma->vm_mm;
	pte_t old;

	if (!(ua->flags & TTU_IGNORE_YOUNG) && pte_young(ptep_get(ptep)))
		return true;	/* recently used: keep this mapping */
	if (PageAnon(page) && PageSwapCache(page)) {
		swp_entry_t entry = { .val = page_private(page) };

		/* The swap pte holds a count on the slot; none left: keep the page. */
		if (swap_duplicate(entry))
			return false;
		old = ptep_get_and_clear(ptep);
		unmap_flush(ua, mm, address);
		set_pte(ptep, swp_entry_to_pte(entry));
		/* The copy in memory is newer than the slot's: write it again. */
		if (pte_dirty(old))
			SetPageDirty(page);
		dec_mm_counter(mm, MM_ANONPAGES);
		inc_mm_counter(mm, MM_SWAPENTS);
		page_remove_rmap(page, vma);
		put_page(page);
		return true;
	}
	old = ptep_get_and_clear(ptep);
	unmap_flush(ua, mm, address);
	/* A store through this pte made the file page dirty. */
	if (pte_dirty(old) && page_file_mapping(page))
		set_page_dirty(page);
	dec_mm_counter(mm, mm_counter(page, vma));
	page_remove_rmap(page, vma);
	put_page(page);		/* the pte's reference; the caller holds its own */
	return true;
}

static bool unmap_walk(struct page *page, struct unmap_arg *ua)
{
	struct rmap_walk_control rwc = {
		.arg = ua,
		.rmap_one = unmap_one,
	};

	if (page_mapped(page))
		rmap_walk(page, &rwc);
	return !page_mapped(page);
}

/**
 * try_to_unmap() - remove a page from the page tables that map it
 * @page: the page; the caller holds a reference, and for a page-cache page
 *        the page lock
 * @flags: TTU_IGNORE_YOUNG to unmap ptes whose accessed bit is set too;
 *         without it such ptes are kept
 *
 * Clears each pte (flushing its TLB entry), moves a dirty bit to a file
 * page with set_page_dirty(), uncounts the mapping and drops the pte's
 * page reference.  An anonymous page in the swap cache leaves a swap pte
 * naming its slot behind (with a count on the slot; a dirty pte dirties
 * the page, whose slot copy is then stale).  Any other anonymous page's
 * contents are lost to the mappings that are cleared: callers use that
 * only on pages they can recreate.
 *
 * Context: process context; may sleep (rmap_walk()).
 * Return: true if no pte maps @page afterwards.
 */
bool try_to_unmap(struct page *page, unsigned int flags)
{
	struct unmap_arg ua = { flags, NULL };

	return unmap_walk(page, &ua);
}

/**
 * try_to_unmap_batched() - try_to_unmap() with the TLB flush deferred
 * @page: as for try_to_unmap()
 * @flags: as for try_to_unmap()
 * @batch: collects the CPUs to flush (see <asm/tlbflush.h>)
 *
 * The same work, but the cleared ptes stay in other CPUs' TLBs until the
 * caller calls tlb_unmap_batch_flush(@batch), which it must do before it
 * writes the page out or frees it.  Reclaim unmaps a whole batch of pages
 * this way and pays one shootdown for all of them.
 *
 * Context: as try_to_unmap().
 * Return: true if no pte maps @page afterwards.
 */
bool try_to_unmap_batched(struct page *page, unsigned int flags, struct tlb_unmap_batch *batch)
{
	struct unmap_arg ua = { flags, batch };

	return unmap_walk(page, &ua);
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

/**
 * page_mkclean() - write-protect and clean a file page's shared mappings
 * @page: a page-cache page, locked by the caller, about to be written back
 *
 * For every pte of a VM_SHARED mapping that is writable or dirty: clears
 * it atomically, flushes the TLB entry, and puts it back clean and
 * read-only, so that the next store faults and dirties the page again.
 * Private mappings are left alone.  Anonymous pages and pages not mapped
 * are not walked.
 *
 * Context: process context; may sleep (i_mmap_rwsem).  The caller holds
 * the page lock.
 * Return: the number of ptes that were dirty; the caller moves that state
 * to the page.
 */
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
