// SPDX-License-Identifier: GPL-2.0-only
/*
 * mremap(2): shrink, grow in place, or move a mapping.
 *
 * Shrinking unmaps the tail.  Growing extends the VMA in place when the
 * range is at the VMA's end and the pages after it are free; otherwise,
 * with MREMAP_MAYMOVE (or at MREMAP_FIXED's address), the mapping moves:
 * a new VMA with the same backing and the same page offsets (so
 * page->index stays valid for rmap) is linked into the same anon_vmas,
 * the ptes are moved across under the rmap lock (a walker sees each page
 * at its old or at its new address, never at neither), and the old range
 * is unmapped - unless MREMAP_DONTUNMAP, which leaves it mapped but empty.
 * An old_len of 0 on a shared mapping makes a second mapping of the same
 * pages, as Linux allows.
 *
 * Locking: mmap_lock for writing.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/rmap.h>
#include <linux/sched.h>
#include <linux/mmap_lock.h>
#include <linux/syscalls.h>
#include <linux/errno.h>
#include <uapi/linux/mman.h>
#include "vma.h"

/* The VMA at addr, checked for resizing [addr, addr + old_len) to new_len. */
static struct vm_area_struct *vma_to_resize(struct mm_struct *mm, unsigned long addr,
					    unsigned long old_len, unsigned long new_len,
					    unsigned long flags)
{
	struct vm_area_struct *vma = vma_lookup(mm, addr);

	if (!vma)
		return ERR_PTR(-EFAULT);
	if (old_len > vma->vm_end - addr)
		return ERR_PTR(-EFAULT);	/* cannot span VMAs */
	if (!old_len && !(vma->vm_flags & (VM_SHARED | VM_MAYSHARE)))
		return ERR_PTR(-EINVAL);
	if ((flags & MREMAP_DONTUNMAP) && (vma->vm_flags & (VM_DONTEXPAND | VM_PFNMAP | VM_SHARED)))
		return ERR_PTR(-EINVAL);
	if (new_len == old_len)
		return vma;
	if (vma->vm_flags & (VM_DONTEXPAND | VM_PFNMAP))
		return ERR_PTR(-EFAULT);
	if (new_len > old_len && !may_expand_vm(mm, vma->vm_flags, (new_len - old_len) >> PAGE_SHIFT))
		return ERR_PTR(-ENOMEM);
	if (new_len > old_len && (vma->vm_flags & VM_ACCOUNT) &&
	    vm_enough_memory((new_len - old_len) >> PAGE_SHIFT))
		return ERR_PTR(-ENOMEM);
	return vma;
}

static unsigned long move_vma(struct mm_struct *mm, struct vm_area_struct *vma,
			      unsigned long old_addr, unsigned long old_len,
			      unsigned long new_len, unsigned long new_addr, unsigned long flags)
{
	struct vm_area_struct *new_vma;
	int err;

	if (mm->map_count >= sysctl_max_map_count - 3)
		return -ENOMEM;
	new_vma = vm_area_dup(vma);
	if (!new_vma)
		return -ENOMEM;
	new_vma->vm_start = new_addr;
	new_vma->vm_end = new_addr + new_len;
	new_vma->vm_pgoff = linear_page_index(vma, old_addr);
	if (anon_vma_clone(new_vma, vma)) {
		vm_area_free(new_vma);
		return -ENOMEM;
	}
	if (new_vma->vm_ops && new_vma->vm_ops->open)
		new_vma->vm_ops->open(new_vma);
	vma_link(mm, new_vma);

	vma_rmap_lock(vma);
	err = move_page_tables(vma, old_addr, new_vma, new_addr, old_len);
	if (err)	/* out of page tables: put back what moved */
		move_page_tables(new_vma, new_addr, vma, old_addr, old_len);
	vma_rmap_unlock(vma);
	if (err) {
		vma_unlink(mm, new_vma);
		remove_vma(new_vma);
		return err;
	}
	vm_stat_account(mm, new_vma->vm_flags, new_len >> PAGE_SHIFT);
	if (old_len && !(flags & MREMAP_DONTUNMAP))
		do_munmap(mm, old_addr, old_len);	/* only empty ptes and VMAs left */
	vma_merge_neighbours(mm, new_vma);
	return new_addr;
}

static unsigned long mremap_to(struct mm_struct *mm, unsigned long addr, unsigned long old_len,
			       unsigned long new_addr, unsigned long new_len, unsigned long flags)
{
	struct vm_area_struct *vma;
	unsigned long map_flags = 0;
	unsigned long ret;

	if (flags & MREMAP_FIXED) {
		if (offset_in_page(new_addr))
			return -EINVAL;
		if (new_len > mm->task_size || new_addr > mm->task_size - new_len)
			return -EINVAL;
		if (addr + old_len > new_addr && new_addr + new_len > addr)
			return -EINVAL;		/* old and new overlap */
		ret = do_munmap(mm, new_addr, new_len);
		if (ret)
			return ret;
		map_flags |= MAP_FIXED;
	}
	if (old_len > new_len) {
		ret = do_munmap(mm, addr + new_len, old_len - new_len);
		if (ret)
			return ret;
		old_len = new_len;
	}
	vma = vma_to_resize(mm, addr, old_len, new_len, flags);
	if (IS_ERR(vma))
		return PTR_ERR(vma);
	if (vma->vm_flags & VM_MAYSHARE)
		map_flags |= MAP_SHARED;
	ret = get_unmapped_area_mm(mm, vma->vm_file, new_addr, new_len,
				   linear_page_index(vma, addr), map_flags);
	if (IS_ERR_VALUE(ret))
		return ret;
	return move_vma(mm, vma, addr, old_len, new_len, ret, flags);
}

/* Can vma grow by delta bytes in place? */
static bool vma_expandable(struct mm_struct *mm, struct vm_area_struct *vma, unsigned long delta)
{
	unsigned long end = vma->vm_end + delta;

	if (end < vma->vm_end || end > mm->task_size)
		return false;
	return !find_vma_intersection(mm, vma->vm_end, end);
}

unsigned long do_mremap_mm(struct mm_struct *mm, unsigned long addr, unsigned long old_len,
			   unsigned long new_len, unsigned long flags, unsigned long new_addr)
{
	struct vm_area_struct *vma;
	unsigned long ret;

	if (flags & ~(MREMAP_FIXED | MREMAP_MAYMOVE | MREMAP_DONTUNMAP))
		return -EINVAL;
	if ((flags & MREMAP_FIXED) && !(flags & MREMAP_MAYMOVE))
		return -EINVAL;
	if ((flags & MREMAP_DONTUNMAP) && (!(flags & MREMAP_MAYMOVE) || old_len != new_len))
		return -EINVAL;
	if (offset_in_page(addr))
		return -EINVAL;
	old_len = PAGE_ALIGN(old_len);
	new_len = PAGE_ALIGN(new_len);
	if (!new_len)
		return -EINVAL;

	if (flags & (MREMAP_FIXED | MREMAP_DONTUNMAP))
		return mremap_to(mm, addr, old_len, new_addr, new_len, flags);

	if (old_len >= new_len) {
		/* Shrinking (or nothing): drop the tail, stay in place. */
		ret = do_munmap(mm, addr + new_len, old_len - new_len);
		if (ret && old_len != new_len)
			return ret;
		return addr;
	}
	vma = vma_to_resize(mm, addr, old_len, new_len, flags);
	if (IS_ERR(vma))
		return PTR_ERR(vma);

	if (old_len == vma->vm_end - addr && vma_expandable(mm, vma, new_len - old_len)) {
		unsigned long delta = new_len - old_len;

		vma_rmap_lock(vma);
		vma->vm_end += delta;
		vma_rmap_unlock(vma);
		vm_stat_account(mm, vma->vm_flags, delta >> PAGE_SHIFT);
		vma_merge_neighbours(mm, vma);
		return addr;
	}
	if (!(flags & MREMAP_MAYMOVE))
		return -ENOMEM;
	ret = get_unmapped_area_mm(mm, vma->vm_file, 0, new_len, linear_page_index(vma, addr),
				   (vma->vm_flags & VM_MAYSHARE) ? MAP_SHARED : 0);
	if (IS_ERR_VALUE(ret))
		return ret;
	return move_vma(mm, vma, addr, old_len, new_len, ret, flags);
}

SYSCALL_DEFINE5(mremap, unsigned long, addr, unsigned long, old_len, unsigned long, new_len,
		unsigned long, flags, unsigned long, new_addr)
{
	struct mm_struct *mm = current->mm;
	unsigned long ret;

	if (!mm)
		return -EFAULT;
	if (mmap_write_lock_killable(mm))
		return -EINTR;
	ret = do_mremap_mm(mm, addr, old_len, new_len, flags, new_addr);
	mmap_write_unlock(mm);
	return ret;
}
