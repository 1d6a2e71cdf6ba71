// SPDX-License-Identifier: GPL-2.0-only
/*
 * msync(2), with Linux's semantics: stores through a shared file mapping
 * dirty the page at fault time (mm/memory.c), so the page cache already
 * knows every dirty page and MS_ASYNC has nothing to start; MS_SYNC writes
 * the range of each shared file mapping in it and waits, through the
 * file's ->fsync (data and the metadata needed to read it back).
 * MS_INVALIDATE is accepted (the mappings see the page cache itself).
 * A hole in the range gives -ENOMEM after the rest was done.
 *
 * Locking: mmap_lock for reading, dropped around each fsync (which may
 * take the file's locks and wait for I/O); the VMA is looked up again
 * afterwards.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/mmap_lock.h>
#include <linux/syscalls.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <uapi/linux/mman.h>
#include "vma.h"

SYSCALL_DEFINE3(msync, unsigned long, start, size_t, len, int, flags)
{
	struct mm_struct *mm = current->mm;
	unsigned long end;
	int ret = 0, unmapped = 0;

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
		struct file *file;
		loff_t fstart, fend;

		if (!vma || vma->vm_start >= end) {
			unmapped = -ENOMEM;
			break;
		}
		if (vma->vm_start > start) {
			unmapped = -ENOMEM;	/* a hole; keep going with the rest */
			start = vma->vm_start;
		}
		if ((flags & MS_INVALIDATE) && (vma->vm_flags & VM_LOCKED)) {
			ret = -EBUSY;
			break;
		}
		file = vma->vm_file;
		fstart = (loff_t)(start - vma->vm_start + (vma->vm_pgoff << PAGE_SHIFT));
		fend = fstart + (loff_t)(min(end, vma->vm_end) - start) - 1;
		start = vma->vm_end;
		if (!(flags & MS_SYNC) || !file || !(vma->vm_flags & VM_SHARED) ||
		    vma_is_shared_anon(vma))
			continue;
		get_file(file);
		mmap_read_unlock(mm);
		ret = vfs_fsync_range(file, fstart, fend, 1);
		fput(file);
		if (ret)
			return ret;
		mmap_read_lock(mm);
	}
	mmap_read_unlock(mm);
	return ret ? ret : unmapped;
}
