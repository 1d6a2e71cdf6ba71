// SPDX-License-Identifier: GPL-2.0-only
/*
 * mlock(2), mlock2(2), munlock(2), mlockall(2), munlockall(2).
 *
 * Locking a range sets VM_LOCKED on its VMAs (splitting them) and faults
 * every page in.  Pages faulted into a VM_LOCKED VMA are mlocked at once
 * (PG_mlocked, the unevictable list); pages that were already there are
 * found by reclaim's rmap walk, which never takes a page from a
 * VM_LOCKED VMA and moves it to the unevictable list instead.  Unlocking
 * clears PG_mlocked on the range's pages and puts them back on their
 * evictable lists (munlock_page()); one still locked by another mapping
 * goes back to the unevictable list at reclaim's next look.  MLOCK_ONFAULT /
 * MCL_ONFAULT set VM_LOCKONFAULT instead of faulting in.  Without
 * CAP_IPC_LOCK, RLIMIT_MEMLOCK bounds the locked total (EPERM when it is
 * 0, ENOMEM beyond it), as on Linux.
 *
 * Locking: mmap_lock for writing to change flags, then for reading to
 * populate.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/swap.h>
#include <linux/sched.h>
#include <linux/mmap_lock.h>
#include <linux/syscalls.h>
#include <linux/errno.h>
#include <linux/resource.h>
#include <linux/capability.h>
#include <uapi/linux/mman.h>
#include "vma.h"

#define MLOCK_ONFAULT	0x01

/*
 * vma's flags with lockflags as its lock bits.  Special mappings (the
 * vDSO, device memory) are never locked, as in Linux: their pages are
 * not on the LRU and not the process's to pin.
 */
static unsigned long vma_lock_flags(const struct vm_area_struct *vma, unsigned long lockflags)
{
	if (vma->vm_flags & VM_SPECIAL)
		return vma->vm_flags;
	return (vma->vm_flags & ~(VM_LOCKED | VM_LOCKONFAULT)) | lockflags;
}

/* Set (lock) or clear the VM_LOCKED bits of [start, end); holes give ENOMEM. */
static int apply_vma_lock_flags(struct mm_struct *mm, unsigned long start, unsigned long end,
				unsigned long lockflags)
{
	struct vm_area_struct *vma = find_vma(mm, start);

	if (!vma || vma->vm_start > start)
		return -ENOMEM;
	while (start < end) {
		unsigned long newflags = vma_lock_flags(vma, lockflags);
		unsigned long tmp = min(end, vma->vm_end);

		vma = vma_modify_flags(mm, vma, start, tmp, newflags);
		if (IS_ERR(vma))
			return PTR_ERR(vma);
		start = tmp;
		if (start >= end)
			break;
		vma = find_vma(mm, start);
		if (!vma || vma->vm_start != start)
			return -ENOMEM;
	}
	return 0;
}

/* May current lock npages more (on top of what it has locked)? */
static int mlock_allowed(struct mm_struct *mm, unsigned long npages)
{
	unsigned long limit = rlimit(RLIMIT_MEMLOCK);

	if (capable(CAP_IPC_LOCK))
		return 0;
	if (!limit)
		return -EPERM;
	if (limit != RLIM_INFINITY && mm->locked_vm + npages > limit >> PAGE_SHIFT)
		return -ENOMEM;
	return 0;
}

/*
 * Apply lock (true: mlock, false: munlock) to every page mapped in
 * [start, end) whose PG_mlocked says otherwise.  mmap_lock held (read or
 * write), so the range's VMAs stay as they are.
 */
static void mlock_vma_pages(struct mm_struct *mm, unsigned long start, unsigned long end,
			    bool lock)
{
	unsigned long addr = start;

	while (addr < end) {
		struct page *page = NULL;
		pte_t *ptep;

		spin_lock(&mm->page_table_lock);
		ptep = lookup_user_pte(mm, addr);
		if (!ptep) {
			/* No page table: nothing mapped up to the next one. */
			spin_unlock(&mm->page_table_lock);
			addr = (addr + PMD_SIZE) & PMD_MASK;
			continue;
		}
		if (pte_present(ptep_get(ptep)) && pfn_valid(pte_pfn(ptep_get(ptep)))) {
			page = pfn_to_page(pte_pfn(ptep_get(ptep)));
			if (PageMlocked(page) != lock && !PageReserved(page))
				get_page(page);
			else
				page = NULL;
		}
		spin_unlock(&mm->page_table_lock);
		if (page) {
			if (lock)
				mlock_page(page);
			else
				munlock_page(page);
			put_page(page);
		}
		addr += PAGE_SIZE;
		if (!(addr & (PMD_SIZE - PAGE_SIZE)))
			cond_resched();
	}
}

/* The same over every VMA that meets [start, end): only where something can be mapped. */
static void mlock_pages_range(struct mm_struct *mm, unsigned long start, unsigned long end,
			      bool lock)
{
	struct vm_area_struct *vma;

	for_each_vma(mm, vma) {
		if (vma->vm_end <= start || vma->vm_start >= end)
			continue;
		if (vma->vm_flags & VM_SPECIAL)
			continue;
		mlock_vma_pages(mm, max(start, vma->vm_start), min(end, vma->vm_end), lock);
	}
}

static int do_mlock(unsigned long start, size_t len, unsigned long flags)
{
	struct mm_struct *mm = current->mm;
	unsigned long end;
	int ret;

	if (!mm)
		return -ENOMEM;
	len = PAGE_ALIGN(len + offset_in_page(start));
	start &= PAGE_MASK;
	end = start + len;
	if (end < start)
		return -EINVAL;
	if (!len)
		return 0;
	if (mmap_write_lock_killable(mm))
		return -EINTR;
	ret = (flags & VM_LOCKED) ? mlock_allowed(mm, len >> PAGE_SHIFT) : 0;
	if (!ret)
		ret = apply_vma_lock_flags(mm, start, end, flags);
	if (!ret && !(flags & VM_LOCKED))
		mlock_pages_range(mm, start, end, false);
	mmap_write_unlock(mm);
	if (ret || !(flags & VM_LOCKED))
		return ret;
	mmap_read_lock(mm);
	/* Pages mapped before the call are locked now; the fault locks new ones. */
	mlock_pages_range(mm, start, end, true);
	if (!(flags & VM_LOCKONFAULT))
		ret = mm_populate_range(mm, start, len, false);
	mmap_read_unlock(mm);
	return ret == -EFAULT ? -ENOMEM : ret;
}

SYSCALL_DEFINE2(mlock, unsigned long, start, size_t, len)
{
	return do_mlock(start, len, VM_LOCKED);
}

SYSCALL_DEFINE3(mlock2, unsigned long, start, size_t, len, int, flags)
{
	if (flags & ~MLOCK_ONFAULT)
		return -EINVAL;
	return do_mlock(start, len, VM_LOCKED | (flags & MLOCK_ONFAULT ? VM_LOCKONFAULT : 0));
}

SYSCALL_DEFINE2(munlock, unsigned long, start, size_t, len)
{
	return do_mlock(start, len, 0);
}

static int apply_mlockall_flags(struct mm_struct *mm, int flags)
{
	unsigned long to_add = 0;
	struct vm_area_struct *vma;

	mm->def_flags &= ~(VM_LOCKED | VM_LOCKONFAULT);
	if (flags & MCL_FUTURE) {
		mm->def_flags |= VM_LOCKED;
		if (flags & MCL_ONFAULT)
			mm->def_flags |= VM_LOCKONFAULT;
		if (!(flags & MCL_CURRENT))
			return 0;
	}
	if (flags & MCL_CURRENT) {
		to_add = VM_LOCKED;
		if (flags & MCL_ONFAULT)
			to_add |= VM_LOCKONFAULT;
	}
	for (vma = list_first_entry_or_null(&mm->mmap_list, struct vm_area_struct, vm_list);
	     vma; vma = vma_next(vma)) {
		unsigned long newflags = vma_lock_flags(vma, to_add);

		vma = vma_modify_flags(mm, vma, vma->vm_start, vma->vm_end, newflags);
		if (IS_ERR(vma))
			return PTR_ERR(vma);
	}
	return 0;
}

SYSCALL_DEFINE1(mlockall, int, flags)
{
	struct mm_struct *mm = current->mm;
	int ret;

	if (!flags || (flags & ~(MCL_CURRENT | MCL_FUTURE | MCL_ONFAULT)) || flags == MCL_ONFAULT)
		return -EINVAL;
	if (!mm)
		return -ENOMEM;
	if (mmap_write_lock_killable(mm))
		return -EINTR;
	ret = mlock_allowed(mm, (flags & MCL_CURRENT) ? mm->total_vm - mm->locked_vm : 0);
	if (!ret)
		ret = apply_mlockall_flags(mm, flags);
	mmap_write_unlock(mm);
	if (!ret && (flags & MCL_CURRENT)) {
		mmap_read_lock(mm);
		mlock_pages_range(mm, 0, mm->task_size, true);
		if (!(flags & MCL_ONFAULT))
			mm_populate_range(mm, 0, mm->task_size, false);
		mmap_read_unlock(mm);
	}
	return ret;
}

SYSCALL_DEFINE0(munlockall)
{
	struct mm_struct *mm = current->mm;
	int ret;

	if (!mm)
		return 0;
	if (mmap_write_lock_killable(mm))
		return -EINTR;
	ret = apply_mlockall_flags(mm, 0);
	if (!ret)
		mlock_pages_range(mm, 0, mm->task_size, false);
	mmap_write_unlock(mm);
	return ret;
}
