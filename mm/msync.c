// SPDX-License-Identifier: GPL-2.0-only
/*
 * msync(2).  Only anonymous memory can be mapped so far, and it has no
 * backing store to write to, so a valid request checks its arguments and
 * the range and succeeds.  With file mappings this will write dirty
 * shared pages back (MS_SYNC waiting for the I/O).
 *
 * Locking: mmap_lock for reading.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/mmap_lock.h>
#include <linux/syscalls.h>
#include <linux/errno.h>
#include <uapi/linux/mman.h>

SYSCALL_DEFINE3(msync, unsigned long, start, size_t, len, int, flags)
{
	struct mm_struct *mm = current->mm;
	unsigned long end;
	int ret = 0;

	if (flags & ~(MS_ASYNC | MS_INVALIDATE | MS_SYNC))
		return -EINVAL;
	if (offset_in_page(start))
		return -EINVAL;
	if ((flags & MS_ASYNC) && (flags & MS_SYNC))
		return -EINVAL;
	len = PAGE_ALIGN(len);
	end = start + len;
	if (end < start)
		return -ENOMEM;
	if (end == start || !mm)
		return 0;

	mmap_read_lock(mm);
	while (start < end) {
		struct vm_area_struct *vma = find_vma(mm, start);

		if (!vma || vma->vm_start >= end) {
			ret = -ENOMEM;
			break;
		}
		if (vma->vm_start > start)
			ret = -ENOMEM;	/* a hole; keep checking the rest */
		if ((flags & MS_INVALIDATE) && (vma->vm_flags & VM_LOCKED)) {
			ret = -EBUSY;
			break;
		}
		start = vma->vm_end;
	}
	mmap_read_unlock(mm);
	return ret;
}
