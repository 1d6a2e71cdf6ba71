/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * mm->mmap_lock, the rw semaphore over an address space's VMAs.
 *
 * Always take it through these wrappers: besides locking they record in
 * current->mmap_locked that the task holds its *own* mm's lock, which the
 * page-fault handler reads.  A kernel-mode fault on a user address (a
 * user copy) normally takes mmap_lock for reading; if the faulting task
 * already holds its own mm's lock (read or write), taking it again could
 * sleep forever - behind a queued writer, or behind itself - so the
 * handler then resolves the fault under the hold it already has.  The
 * rule for callers is still Linux's: do not touch user memory while
 * holding mmap_lock if you can avoid it; the tracking makes the mistake
 * survivable (the copy works, or fails with -EFAULT where the fault would
 * need the lock for writing, e.g. to grow the stack), never a deadlock.
 *
 * Lock order: mmap_lock -> anon_vma root lock -> mm->page_table_lock.
 */
#ifndef _LINUX_MMAP_LOCK_H
#define _LINUX_MMAP_LOCK_H

#include <linux/rwsem.h>
#include <linux/mm_types.h>
#include <linux/sched.h>

#define MMAP_LOCKED_NONE	0
#define MMAP_LOCKED_READ	1
#define MMAP_LOCKED_WRITE	2

static inline void __mmap_lock_note(struct mm_struct *mm, unsigned int how)
{
	if (mm == current->mm)
		current->mmap_locked = how;
}

static inline void mmap_init_lock(struct mm_struct *mm)
{
	init_rwsem(&mm->mmap_lock);
}

static inline void mmap_read_lock(struct mm_struct *mm)
{
	down_read(&mm->mmap_lock);
	__mmap_lock_note(mm, MMAP_LOCKED_READ);
}

static inline int mmap_read_lock_killable(struct mm_struct *mm)
{
	int ret = down_read_killable(&mm->mmap_lock);

	if (!ret)
		__mmap_lock_note(mm, MMAP_LOCKED_READ);
	return ret;
}

static inline bool mmap_read_trylock(struct mm_struct *mm)
{
	if (!down_read_trylock(&mm->mmap_lock))
		return false;
	__mmap_lock_note(mm, MMAP_LOCKED_READ);
	return true;
}

static inline void mmap_read_unlock(struct mm_struct *mm)
{
	__mmap_lock_note(mm, MMAP_LOCKED_NONE);
	up_read(&mm->mmap_lock);
}

static inline void mmap_write_lock(struct mm_struct *mm)
{
	down_write(&mm->mmap_lock);
	__mmap_lock_note(mm, MMAP_LOCKED_WRITE);
}

static inline int mmap_write_lock_killable(struct mm_struct *mm)
{
	int ret = down_write_killable(&mm->mmap_lock);

	if (!ret)
		__mmap_lock_note(mm, MMAP_LOCKED_WRITE);
	return ret;
}

static inline void mmap_write_unlock(struct mm_struct *mm)
{
	__mmap_lock_note(mm, MMAP_LOCKED_NONE);
	up_write(&mm->mmap_lock);
}

static inline void mmap_write_downgrade(struct mm_struct *mm)
{
	downgrade_write(&mm->mmap_lock);
	__mmap_lock_note(mm, MMAP_LOCKED_READ);
}

static inline bool mmap_lock_is_contended(struct mm_struct *mm)
{
	return rwsem_is_contended(&mm->mmap_lock);
}

static inline void mmap_assert_locked(struct mm_struct *mm)
{
	WARN_ON_ONCE(!rwsem_is_locked(&mm->mmap_lock));
}

static inline void mmap_assert_write_locked(struct mm_struct *mm)
{
	WARN_ON_ONCE(READ_ONCE(mm->mmap_lock.count) != RWSEM_WRITER_LOCKED);
}

#endif /* _LINUX_MMAP_LOCK_H */
