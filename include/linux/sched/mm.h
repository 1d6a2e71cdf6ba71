/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Address spaces and tasks: creating, sharing and dropping an mm_struct
 * (mm/mm_struct.c), and switching the CPU between them
 * (<asm/mmu_context.h>).
 *
 *   mm_alloc()            a new, empty user address space (exec)
 *   dup_mm(tsk, oldmm)    a copy-on-write copy of oldmm (fork without CLONE_VM)
 *   mmget()/mmput()       users of the address space; the last mmput()
 *                         unmaps everything and frees the page tables
 *   mmgrab()/mmdrop()     references to the struct only (the pgd goes with it)
 *   get_task_mm(tsk)      tsk's mm with a user reference, or NULL
 *   exit_mm(tsk)          do_exit(): current lets go of its mm
 *   kthread_use_mm(mm)    a kernel thread borrows a user address space
 *
 * Kernel threads have no mm and run on init_mm's page tables; see
 * Documentation/mm/process_address_space.md.
 */
#ifndef _LINUX_SCHED_MM_H
#define _LINUX_SCHED_MM_H

#include <linux/mm_types.h>
#include <asm/atomic.h>

struct task_struct;

struct mm_struct *mm_alloc(void);
struct mm_struct *dup_mm(struct task_struct *tsk, struct mm_struct *oldmm);
void exit_mm(struct task_struct *tsk);
struct mm_struct *get_task_mm(struct task_struct *tsk);

void __mmdrop(struct mm_struct *mm);
void mmput(struct mm_struct *mm);

static inline void mmgrab(struct mm_struct *mm)
{
	atomic_inc(&mm->mm_count);
}

static inline void mmdrop(struct mm_struct *mm)
{
	if (atomic_dec_and_test(&mm->mm_count))
		__mmdrop(mm);
}

static inline void mmget(struct mm_struct *mm)
{
	atomic_inc(&mm->mm_users);
}

static inline bool mmget_not_zero(struct mm_struct *mm)
{
	return atomic_inc_not_zero(&mm->mm_users);
}

/*
 * A kernel thread temporarily works in a user address space (its user
 * addresses then mean mm's): kthread_use_mm() loads mm on this CPU and
 * makes it current->mm; kthread_unuse_mm() goes back to init_mm.  The
 * caller keeps mm alive (mmget()) in between.
 */
void kthread_use_mm(struct mm_struct *mm);
void kthread_unuse_mm(struct mm_struct *mm);

/*
 * Recompute mm->mmap_base from the current RLIMIT_STACK (exec calls this
 * after the new limits are known; mm_alloc() already did it once).
 */
void arch_pick_mmap_layout(struct mm_struct *mm);

/* Exit/exec is done with mm: CLONE_CHILD_CLEARTID wake, vfork release (kernel/fork.c). */
void mm_release(struct task_struct *tsk, struct mm_struct *mm);

#endif /* _LINUX_SCHED_MM_H */
