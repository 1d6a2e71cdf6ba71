// SPDX-License-Identifier: GPL-2.0-only
/*
 * mprotect(2): change the access rights of a range of pages.
 *
 * The range must be fully mapped (a hole gives ENOMEM, after the part
 * before it was changed, as on Linux).  Each VMA touched is split at the
 * range's ends, gets its new flags and vm_page_prot, has its ptes
 * rewritten (mm/memory.c: change_protection(), which keeps frames and
 * dirty bits, so PROT_NONE and back preserves the contents) and is merged
 * with its neighbours again (vma_modify_flags()).  Rights beyond the
 * VMA's VM_MAY* bits give EACCES; without file mappings every anonymous
 * VMA may have all rights, so that only matters once files arrive.
 *
 * Locking: mmap_lock for writing.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/mmap_lock.h>
#include <linux/syscalls.h>
#include <linux/errno.h>
#include <uapi/linux/mman.h>
#include "vma.h"

static unsigned long prot_to_vm(unsigned long prot)
{
	return (prot & PROT_READ ? VM_READ : 0) | (prot & PROT_WRITE ? VM_WRITE : 0) |
	       (prot & PROT_EXEC ? VM_EXEC : 0);
}

/*
 * mprotect(2)'s argument checks, in the order that decides which errno
 * wins when several apply: both grows bits or an unaligned start (EINVAL);
 * an empty range (nothing to do: 1); a range that wraps (ENOMEM); prot
 * bits we do not know (EINVAL).  On 0, *end is the page-rounded end.
 */
static int mprotect_check(unsigned long start, size_t len, unsigned long prot,
			  unsigned long *end)
{
	const unsigned long grow_bits = PROT_GROWSDOWN | PROT_GROWSUP;
	const unsigned long known = PROT_READ | PROT_WRITE | PROT_EXEC | PROT_SEM | grow_bits;

	if ((prot & grow_bits) == grow_bits || offset_in_page(start))
		return -EINVAL;
	if (!len)
		return 1;
	*end = start + PAGE_ALIGN(len);
	if (*end <= start)
		return -ENOMEM;
	return prot & ~known ? -EINVAL : 0;
}

int do_mprotect_mm(struct mm_struct *mm, unsigned long start, size_t len, unsigned long prot)
{
	unsigned long grows = prot & (PROT_GROWSDOWN | PROT_GROWSUP), end, nstart;
	struct vm_area_struct *vma;
	int bad = mprotect_check(start, len, prot, &end);

	if (bad)
		return bad < 0 ? bad : 0;
	prot &= ~grows;

	vma = find_vma(mm, start);
	if (!vma)
		return -ENOMEM;
	if (grows & PROT_GROWSDOWN) {
		if (vma->vm_start >= end)
			return -ENOMEM;
		if (!(vma->vm_flags & VM_GROWSDOWN))
			return -EINVAL;
		start = vma->vm_start;
	} else if (grows & PROT_GROWSUP) {
		return -EINVAL;		/* no VM_GROWSUP VMAs on x86 */
	} else if (vma->vm_start > start) {
		return -ENOMEM;
	}

	for (nstart = start;;) {
		unsigned long newflags = prot_to_vm(prot) | (vma->vm_flags & ~VM_ACCESS_FLAGS);
		unsigned long tmp = min(vma->vm_end, end);

		/* VM_MAY* sit four bits above the rights they allow. */
		if ((newflags & ~(newflags >> 4)) & VM_ACCESS_FLAGS)
			return -EACCES;
		if (vma_accountable(newflags) && !(newflags & VM_ACCOUNT)) {
			if (vm_enough_memory((tmp - nstart) >> PAGE_SHIFT))
				return -ENOMEM;
			newflags |= VM_ACCOUNT;
		}
		vma = vma_modify_flags(mm, vma, nstart, tmp, newflags);
		if (IS_ERR(vma))
			return PTR_ERR(vma);
		nstart = tmp;
		if (nstart >= end)
			return 0;
		vma = find_vma(mm, nstart);
		if (!vma || vma->vm_start != nstart)
			return -ENOMEM;
	}
}

SYSCALL_DEFINE3(mprotect, unsigned long, start, size_t, len, unsigned long, prot)
{
	struct mm_struct *mm = current->mm;
	int ret;

	if (!mm)
		return -ENOMEM;
	if (mmap_write_lock_killable(mm))
		return -EINTR;
	ret = do_mprotect_mm(mm, start, len, prot);
	mmap_write_unlock(mm);
	return ret;
}
