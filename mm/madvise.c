// SPDX-License-Identifier: GPL-2.0-only
/*
 * madvise(2): advice about a range of memory.
 *
 * What is done: MADV_DONTNEED drops the pages (private anonymous memory
 * reads back as zeros, shared memory is fetched again from its object);
 * MADV_REMOVE also frees a shared mapping's pages in the object;
 * MADV_DONTFORK/DOFORK, WIPEONFORK/KEEPONFORK, DONTDUMP/DODUMP,
 * RANDOM/SEQUENTIAL/NORMAL set or clear VMA flags (splitting VMAs);
 * MADV_POPULATE_READ/WRITE fault the range in.  MADV_WILLNEED, FREE,
 * COLD and PAGEOUT are accepted hints with no effect (there is no swap
 * and no LRU yet; a no-op is a correct MADV_FREE: the old contents may
 * stay).  KSM and transparent huge page advice fail with EINVAL, as on a
 * Linux built without them, as does anything unknown.
 *
 * Locking: do_madvise() takes mmap_lock for writing itself.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/mmap_lock.h>
#include <linux/syscalls.h>
#include <linux/errno.h>
#include <linux/bits.h>
#include <uapi/linux/mman.h>
#include "vma.h"

/*
 * The advice values we accept, as bits of one mask (all of them are below
 * 64).  Missing on purpose: KSM (MERGEABLE/UNMERGEABLE), transparent huge
 * pages (HUGEPAGE/NOHUGEPAGE/COLLAPSE) and memory-failure injection.
 */
#define MADV_ACCEPTED						\
	(BIT_ULL(MADV_NORMAL) | BIT_ULL(MADV_RANDOM) |		\
	 BIT_ULL(MADV_SEQUENTIAL) | BIT_ULL(MADV_WILLNEED) |	\
	 BIT_ULL(MADV_DONTNEED) | BIT_ULL(MADV_DONTNEED_LOCKED) | \
	 BIT_ULL(MADV_FREE) | BIT_ULL(MADV_REMOVE) |		\
	 BIT_ULL(MADV_DONTFORK) | BIT_ULL(MADV_DOFORK) |	\
	 BIT_ULL(MADV_DONTDUMP) | BIT_ULL(MADV_DODUMP) |	\
	 BIT_ULL(MADV_WIPEONFORK) | BIT_ULL(MADV_KEEPONFORK) |	\
	 BIT_ULL(MADV_COLD) | BIT_ULL(MADV_PAGEOUT) |		\
	 BIT_ULL(MADV_POPULATE_READ) | BIT_ULL(MADV_POPULATE_WRITE))

static bool madvise_behavior_valid(int behavior)
{
	return behavior >= 0 && behavior < 64 && (MADV_ACCEPTED & BIT_ULL(behavior));
}

/* The flags behavior gives vma, or -errno; unchanged flags for pure hints. */
static long madvise_new_flags(struct vm_area_struct *vma, int behavior)
{
	unsigned long f = vma->vm_flags;

	switch (behavior) {
	case MADV_NORMAL:
		return f & ~(VM_RAND_READ | VM_SEQ_READ);
	case MADV_RANDOM:
		return (f & ~VM_SEQ_READ) | VM_RAND_READ;
	case MADV_SEQUENTIAL:
		return (f & ~VM_RAND_READ) | VM_SEQ_READ;
	case MADV_DONTFORK:
		if (f & VM_IO)
			return -EINVAL;
		return f | VM_DONTCOPY;
	case MADV_DOFORK:
		if (f & VM_IO)
			return -EINVAL;
		return f & ~VM_DONTCOPY;
	case MADV_WIPEONFORK:
		if (vma->vm_file || (f & VM_SHARED))
			return -EINVAL;
		return f | VM_WIPEONFORK;
	case MADV_KEEPONFORK:
		return f & ~VM_WIPEONFORK;
	case MADV_DONTDUMP:
		return f | VM_DONTDUMP;
	case MADV_DODUMP:
		if (f & VM_SPECIAL)
			return -EINVAL;
		return f & ~VM_DONTDUMP;
	default:
		return f;
	}
}

/* Apply behavior to [start, end), which lies inside vma. */
static int madvise_vma(struct mm_struct *mm, struct vm_area_struct *vma, unsigned long start,
		       unsigned long end, int behavior)
{
	long newflags;

	switch (behavior) {
	case MADV_DONTNEED:
	case MADV_DONTNEED_LOCKED:
		if (vma->vm_flags & (VM_PFNMAP | VM_HUGETLB))
			return -EINVAL;
		if ((vma->vm_flags & VM_LOCKED) && behavior == MADV_DONTNEED)
			return -EINVAL;
		zap_page_range(vma, start, end);
		return 0;
	case MADV_REMOVE:
		if (vma->vm_flags & VM_LOCKED)
			return -EINVAL;
		if (!vma_is_shared_anon(vma))
			return -EINVAL;
		if (!(vma->vm_flags & VM_WRITE))
			return -EACCES;
		shared_anon_punch_hole(vma, linear_page_index(vma, start),
				       (end - start) >> PAGE_SHIFT);
		return 0;
	case MADV_FREE:
		if (!vma_is_anonymous(vma))
			return -EINVAL;
		return 0;
	case MADV_COLD:
	case MADV_PAGEOUT:
		if (vma->vm_flags & (VM_LOCKED | VM_PFNMAP | VM_HUGETLB))
			return -EINVAL;
		return 0;
	case MADV_WILLNEED:
		return 0;
	case MADV_POPULATE_READ:
	case MADV_POPULATE_WRITE:
		if (!(vma->vm_flags & VM_ACCESS_FLAGS))
			return -ENOMEM;
		if (behavior == MADV_POPULATE_WRITE && !(vma->vm_flags & VM_WRITE))
			return -EFAULT;
		return mm_populate_range(mm, start, end - start, behavior == MADV_POPULATE_WRITE);
	}
	newflags = madvise_new_flags(vma, behavior);
	if (newflags < 0)
		return newflags;
	vma = vma_modify_flags(mm, vma, start, end, newflags);
	return IS_ERR(vma) ? PTR_ERR(vma) : 0;
}

/*
 * Sets *end to the end of the page-rounded range [start, start + len_in).
 * False if the range is malformed: an unaligned start, or a length that
 * wraps when it is rounded up to pages or added to start.
 */
static bool madvise_range_end(unsigned long start, size_t len_in, unsigned long *end)
{
	unsigned long len = PAGE_ALIGN(len_in);

	if (offset_in_page(start) || (len_in && !len) || start + len < start)
		return false;
	*end = start + len;
	return true;
}

int do_madvise(struct mm_struct *mm, unsigned long start, size_t len_in, int behavior)
{
	int unmapped_error = 0, err = 0;
	unsigned long end;

	if (!madvise_behavior_valid(behavior) || !madvise_range_end(start, len_in, &end))
		return -EINVAL;
	/* An empty range is valid and does nothing. */
	if (end == start)
		return 0;

	if (mmap_write_lock_killable(mm))
		return -EINTR;
	while (start < end) {
		struct vm_area_struct *vma = find_vma(mm, start);

		if (!vma || vma->vm_start >= end) {
			unmapped_error = -ENOMEM;
			break;
		}
		if (vma->vm_start > start) {
			unmapped_error = -ENOMEM;	/* a hole: skip it, report at the end */
			start = vma->vm_start;
		}
		err = madvise_vma(mm, vma, start, min(end, vma->vm_end), behavior);
		if (err)
			break;
		/* The VMA may have been split or merged: continue by address. */
		start = min(end, vma_lookup(mm, start) ? vma_lookup(mm, start)->vm_end : end);
	}
	mmap_write_unlock(mm);
	return err ? err : unmapped_error;
}

SYSCALL_DEFINE3(madvise, unsigned long, start, size_t, len, int, behavior)
{
	if (!current->mm)
		return -EINVAL;
	return do_madvise(current->mm, start, len, behavior);
}
