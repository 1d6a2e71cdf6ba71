// SPDX-License-Identifier: GPL-2.0-only
/*
 * VMAs: allocation, the per-mm tree and list, lookup, splitting, merging
 * and changing flags.
 *
 * An mm keeps its VMAs twice: in an rbtree keyed by vm_start (find_vma()
 * in O(log n)) and in a list in address order (neighbours in O(1), and
 * the gap search of get_unmapped_area() walks it).  VMAs never overlap,
 * so changing a VMA's range in place never reorders the tree.
 *
 * Merging keeps the VMA count down as brk() and mmap() grow areas piece by
 * piece: two adjacent VMAs merge when they have the same flags, the same
 * backing (file/object and ops), contiguous offsets and compatible
 * anon_vmas (the same one, or one of them has none yet).  The lower VMA
 * survives; it takes over the anon_vma chains of the upper one
 * (anon_vma_merge_chains()), so rmap still finds every page.
 *
 * Locking: everything here runs with mm->mmap_lock held for writing.
 * Changing the range or offset of a VMA that rmap walkers can reach
 * happens under vma_rmap_lock() (the file's i_mmap_rwsem, the anon_vma
 * root lock and the shared object's VMA-list lock).  vma_link() files a
 * file VMA in its file's i_mmap; unmap and remove_vma() take it out.
 *
 * Interface: find_vma() & co. (<linux/mm.h>), the rest in mm/vma.h.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/mm.h>
#include <linux/rmap.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/backing-dev.h>
#include "vma.h"

int sysctl_max_map_count = DEFAULT_MAX_MAP_COUNT;

static struct kmem_cache *vm_area_cachep;

void __init vma_cache_init(void)
{
	vm_area_cachep = KMEM_CACHE(vm_area_struct, SLAB_PANIC);
}

struct vm_area_struct *vm_area_alloc(struct mm_struct *mm)
{
	struct vm_area_struct *vma = kmem_cache_zalloc(vm_area_cachep, GFP_KERNEL);

	if (!vma)
		return NULL;
	vma->vm_mm = mm;
	INIT_LIST_HEAD(&vma->vm_list);
	INIT_LIST_HEAD(&vma->anon_vma_chain);
	INIT_LIST_HEAD(&vma->vm_shared_node);
	RB_CLEAR_NODE(&vma->vm_rb);
	RB_CLEAR_NODE(&vma->vm_i_mmap_rb);
	return vma;
}

struct vm_area_struct *vm_area_dup(struct vm_area_struct *orig)
{
	struct vm_area_struct *vma = kmem_cache_alloc(vm_area_cachep, GFP_KERNEL);

	if (!vma)
		return NULL;
	*vma = *orig;
	if (vma->vm_file)
		get_file(vma->vm_file);
	INIT_LIST_HEAD(&vma->vm_list);
	INIT_LIST_HEAD(&vma->anon_vma_chain);
	INIT_LIST_HEAD(&vma->vm_shared_node);
	RB_CLEAR_NODE(&vma->vm_rb);
	RB_CLEAR_NODE(&vma->vm_i_mmap_rb);
	return vma;
}

/* A VMA owns one reference on its vm_file: dropped here. */
void vm_area_free(struct vm_area_struct *vma)
{
	if (vma->vm_file)
		fput(vma->vm_file);
	kmem_cache_free(vm_area_cachep, vma);
}

/* Must stores to this mapping be noticed, to dirty file pages for writeback? */
static bool vma_wants_writenotify(const struct vm_area_struct *vma)
{
	if ((vma->vm_flags & (VM_SHARED | VM_WRITE)) != (VM_SHARED | VM_WRITE))
		return false;
	if (!vma->vm_file || !vma->vm_file->f_mapping->host)
		return false;
	return mapping_can_writeback(vma->vm_file->f_mapping);
}

void vma_set_page_prot(struct vm_area_struct *vma)
{
	unsigned long flags = vma->vm_flags;

	/* The private flavour of the same rights: writable only after a fault. */
	if (vma_wants_writenotify(vma))
		flags &= ~VM_SHARED;
	vma->vm_page_prot = vm_get_page_prot(flags);
}

/* ------------------------------------------------------------ lookup */

struct vm_area_struct *find_vma(struct mm_struct *mm, unsigned long addr)
{
	struct rb_node *node = mm->mm_rb.rb_node;
	struct vm_area_struct *found = NULL;

	while (node) {
		struct vm_area_struct *vma = rb_entry(node, struct vm_area_struct, vm_rb);

		if (vma->vm_end > addr) {
			found = vma;
			if (vma->vm_start <= addr)
				break;
			node = node->rb_left;
		} else {
			node = node->rb_right;
		}
	}
	return found;
}

struct vm_area_struct *find_vma_prev(struct mm_struct *mm, unsigned long addr,
				     struct vm_area_struct **pprev)
{
	struct vm_area_struct *vma = find_vma(mm, addr);

	if (vma)
		*pprev = vma_prev(vma);
	else
		*pprev = list_empty(&mm->mmap_list) ? NULL :
			 list_last_entry(&mm->mmap_list, struct vm_area_struct, vm_list);
	return vma;
}

struct vm_area_struct *find_vma_intersection(struct mm_struct *mm, unsigned long start,
					     unsigned long end)
{
	struct vm_area_struct *vma = find_vma(mm, start);

	if (vma && end <= vma->vm_start)
		vma = NULL;
	return vma;
}

/* ------------------------------------------------------------ tree and list */

void vma_link(struct mm_struct *mm, struct vm_area_struct *vma)
{
	struct rb_node **link = &mm->mm_rb.rb_node, *parent = NULL, *prev_node;

	while (*link) {
		struct vm_area_struct *v;

		parent = *link;
		v = rb_entry(parent, struct vm_area_struct, vm_rb);
		WARN_ON_ONCE(vma->vm_start < v->vm_end && v->vm_start < vma->vm_end);
		link = vma->vm_start < v->vm_start ? &parent->rb_left : &parent->rb_right;
	}
	rb_link_node(&vma->vm_rb, parent, link);
	rb_insert_color(&vma->vm_rb, &mm->mm_rb);
	link_file_vma(vma);
	prev_node = rb_prev(&vma->vm_rb);
	if (prev_node)
		list_add(&vma->vm_list, &rb_entry(prev_node, struct vm_area_struct, vm_rb)->vm_list);
	else
		list_add(&vma->vm_list, &mm->mmap_list);
	mm->map_count++;
}

void vma_unlink(struct mm_struct *mm, struct vm_area_struct *vma)
{
	rb_erase(&vma->vm_rb, &mm->mm_rb);
	RB_CLEAR_NODE(&vma->vm_rb);
	list_del_init(&vma->vm_list);
	mm->map_count--;
}

void remove_vma(struct vm_area_struct *vma)
{
	unlink_file_vma(vma);
	unlink_anon_vmas(vma);
	if (vma->vm_ops && vma->vm_ops->close)
		vma->vm_ops->close(vma);
	vm_area_free(vma);
}

/* ------------------------------------------------------------ accounting */

void vm_stat_account(struct mm_struct *mm, unsigned long flags, long npages)
{
	mm->total_vm += npages;
	if ((flags & (VM_EXEC | VM_WRITE | VM_STACK)) == VM_EXEC)
		mm->exec_vm += npages;
	else if (flags & VM_STACK)
		mm->stack_vm += npages;
	else if ((flags & (VM_WRITE | VM_SHARED | VM_STACK)) == VM_WRITE)
		mm->data_vm += npages;
	if (flags & VM_LOCKED)
		mm->locked_vm += npages;
	if (mm->total_vm > mm->hiwater_vm)
		mm->hiwater_vm = mm->total_vm;
}

/* ------------------------------------------------------------ split */

struct vm_area_struct *split_vma(struct mm_struct *mm, struct vm_area_struct *vma,
				 unsigned long addr, bool new_below)
{
	struct vm_area_struct *new;
	unsigned long delta = (addr - vma->vm_start) >> PAGE_SHIFT;

	if (WARN_ON_ONCE(addr <= vma->vm_start || addr >= vma->vm_end || offset_in_page(addr)))
		return ERR_PTR(-EINVAL);
	if (mm->map_count >= sysctl_max_map_count)
		return ERR_PTR(-ENOMEM);
	new = vm_area_dup(vma);
	if (!new)
		return ERR_PTR(-ENOMEM);
	/* The new VMA gets its final range before rmap walkers can see it. */
	if (new_below) {
		new->vm_end = addr;
	} else {
		new->vm_start = addr;
		new->vm_pgoff += delta;
	}
	if (anon_vma_clone(new, vma)) {
		vm_area_free(new);
		return ERR_PTR(-ENOMEM);
	}
	if (new->vm_ops && new->vm_ops->open)
		new->vm_ops->open(new);
	/*
	 * In the file's i_mmap before vma shrinks, so that a walker always
	 * finds the ptes of the part that moves (for a moment two VMAs cover
	 * them; visiting a pte twice is harmless).
	 */
	link_file_vma(new);

	vma_rmap_lock(vma);
	if (new_below) {
		vma->vm_start = addr;
		vma->vm_pgoff += delta;
	} else {
		vma->vm_end = addr;
	}
	vma_rmap_unlock(vma);
	vma_link(mm, new);
	return new;
}

/* ------------------------------------------------------------ merge */

/* May a (below) and b (right above it) become one VMA? */
static bool can_merge(const struct vm_area_struct *a, const struct vm_area_struct *b)
{
	if (a->vm_end != b->vm_start)
		return false;
	if ((a->vm_flags ^ b->vm_flags) & ~VM_SOFTDIRTY)
		return false;
	if (a->vm_flags & VM_SPECIAL)
		return false;
	if (a->vm_file != b->vm_file || a->vm_ops != b->vm_ops ||
	    a->vm_private_data != b->vm_private_data)
		return false;
	if (a->vm_pgoff + vma_pages(a) != b->vm_pgoff)
		return false;
	return !a->anon_vma || !b->anon_vma || a->anon_vma == b->anon_vma;
}

/* a absorbs b (can_merge(a, b)); b is freed. */
static void merge_into(struct mm_struct *mm, struct vm_area_struct *a, struct vm_area_struct *b)
{
	struct vm_area_struct *locked = a->anon_vma ? a : b;

	/* a's range grows: re-file a in i_mmap; b's chains carry its pages. */
	vma_file_rmap_lock(a);
	vma_anon_rmap_lock(locked);
	a->vm_end = b->vm_end;
	vma_anon_rmap_unlock(locked);
	vma_file_rmap_unlock(a);
	vma_unlink(mm, b);
	anon_vma_merge_chains(a, b);
	remove_vma(b);
}

struct vm_area_struct *vma_merge_neighbours(struct mm_struct *mm, struct vm_area_struct *vma)
{
	struct vm_area_struct *prev = vma_prev(vma), *next;

	if (prev && can_merge(prev, vma)) {
		merge_into(mm, prev, vma);
		vma = prev;
	}
	next = vma_next(vma);
	if (next && can_merge(vma, next))
		merge_into(mm, vma, next);
	return vma;
}

/* ------------------------------------------------------------ flags */

struct vm_area_struct *vma_modify_flags(struct mm_struct *mm, struct vm_area_struct *vma,
					unsigned long start, unsigned long end,
					unsigned long newflags)
{
	unsigned long oldflags = vma->vm_flags;
	pgprot_t oldprot = vma->vm_page_prot;
	struct vm_area_struct *split;

	if (newflags == oldflags)
		return vma;
	if (start > vma->vm_start) {
		split = split_vma(mm, vma, start, true);
		if (IS_ERR(split))
			return split;
	}
	if (end < vma->vm_end) {
		split = split_vma(mm, vma, end, false);
		if (IS_ERR(split))
			return split;
	}
	vm_stat_account(mm, oldflags, -(long)vma_pages(vma));
	vma->vm_flags = newflags;
	vma_set_page_prot(vma);
	vm_stat_account(mm, newflags, vma_pages(vma));
	/*
	 * Rights changed: rewrite the ptes.  Comparing vm_page_prot is not
	 * enough - a private writable VMA's prot is not writable, yet its
	 * exclusive anonymous pages are mapped writable (do_anonymous_page(),
	 * COW reuse), and those must lose it when VM_WRITE goes.
	 */
	if (pgprot_val(vma->vm_page_prot) != pgprot_val(oldprot) ||
	    ((oldflags ^ newflags) & VM_ACCESS_FLAGS))
		change_protection(vma, vma->vm_start, vma->vm_end);
	return vma_merge_neighbours(mm, vma);
}
