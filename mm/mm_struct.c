// SPDX-License-Identifier: GPL-2.0-only
/*
 * The life of an mm_struct: init_mm, creating an empty address space for
 * exec (mm_alloc()), copying one for fork (dup_mm()), letting go of it at
 * exit (exit_mm(), mmput(), mmdrop()).
 *
 * dup_mm() copies every VMA (except MADV_DONTFORK ones), links each copy
 * into the parent VMA's anon_vmas plus one of its own (anon_vma_fork()),
 * and copies the page tables: private writable pages become read-only in
 * both mms and are shared until one side writes (copy on write); shared
 * pages stay writable.  mlock()s are not inherited.
 *
 * Lifetime (see struct mm_struct): mm_users counts users of the address
 * space, mm_count the structure; the last mmput() tears the mappings down
 * (exit_mmap()) and drops the users' mm_count reference; the last mmdrop()
 * frees the pgd and the struct.  mm_structs come from a
 * SLAB_TYPESAFE_BY_RCU cache, so get_task_mm() can take a reference under
 * RCU without a per-task lock: it increments mm_users only if non-zero and
 * re-checks tsk->mm afterwards.
 *
 * Interface: <linux/sched/mm.h>.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/mm.h>
#include <linux/rmap.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/sched/mm.h>
#include <linux/mmap_lock.h>
#include <linux/slab.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/rcupdate.h>
#include <linux/fs.h>
#include <linux/aio.h>
#include <asm/pgalloc.h>
#include <asm/tlbflush.h>
#include <asm/mmu_context.h>
#include "vma.h"

struct mm_struct init_mm = {
	.mm_users = ATOMIC_INIT(2),
	.mm_count = ATOMIC_INIT(1),
	.mmap_lock = __RWSEM_INITIALIZER(init_mm.mmap_lock),
	.mm_rb = RB_ROOT,
	.mmap_list = LIST_HEAD_INIT(init_mm.mmap_list),
	.page_table_lock = __SPIN_LOCK_UNLOCKED(init_mm.page_table_lock),
	.arg_lock = __SPIN_LOCK_UNLOCKED(init_mm.arg_lock),
	.ioctx_lock = __SPIN_LOCK_UNLOCKED(init_mm.ioctx_lock),
	.ioctx_list = LIST_HEAD_INIT(init_mm.ioctx_list),
	.task_size = TASK_SIZE_MAX,
};

static struct kmem_cache *mm_cachep;

static int __init mm_user_init(void)
{
	/* init_top_pgt exists only after init_mem_mapping(). */
	init_mm.pgd = init_top_pgt;
	mm_cachep = kmem_cache_create("mm_struct", sizeof(struct mm_struct),
				      __alignof__(struct mm_struct),
				      SLAB_TYPESAFE_BY_RCU | SLAB_HWCACHE_ALIGN | SLAB_PANIC, NULL);
	vma_cache_init();
	anon_vma_init();
	return 0;
}
core_initcall(mm_user_init);

/* A zeroed mm with its locks, lists and a pgd; NULL without memory. */
static struct mm_struct *mm_init_new(void)
{
	struct mm_struct *mm = kmem_cache_zalloc(mm_cachep, GFP_KERNEL);

	if (!mm)
		return NULL;
	mmap_init_lock(mm);
	mm->mm_rb = RB_ROOT;
	INIT_LIST_HEAD(&mm->mmap_list);
	spin_lock_init(&mm->page_table_lock);
	spin_lock_init(&mm->arg_lock);
	spin_lock_init(&mm->ioctx_lock);
	INIT_LIST_HEAD(&mm->ioctx_list);
	mm->task_size = TASK_SIZE_MAX;
	if (pgd_alloc(mm)) {
		kmem_cache_free(mm_cachep, mm);
		return NULL;
	}
	/* Published last: get_task_mm() may look at a recycled object. */
	atomic_set(&mm->mm_count, 1);
	atomic_set(&mm->mm_users, 1);
	return mm;
}

struct mm_struct *mm_alloc(void)
{
	struct mm_struct *mm = mm_init_new();

	if (mm)
		arch_pick_mmap_layout(mm);
	return mm;
}

void __mmdrop(struct mm_struct *mm)
{
	if (WARN_ON_ONCE(mm == &init_mm))
		return;
	WARN_ON_ONCE(!cpumask_empty(mm_cpumask(mm)));
	pgd_free(mm);
	kmem_cache_free(mm_cachep, mm);
}

void mmput(struct mm_struct *mm)
{
	if (!atomic_dec_and_test(&mm->mm_users))
		return;
	exit_aio(mm);
	exit_mmap(mm);
	set_mm_exe_file(mm, NULL);
	mmdrop(mm);
}

void set_mm_exe_file(struct mm_struct *mm, struct file *file)
{
	struct file *old;

	if (file)
		get_file(file);
	spin_lock(&mm->arg_lock);
	old = mm->exe_file;
	mm->exe_file = file;
	spin_unlock(&mm->arg_lock);
	if (old)
		fput(old);
}

struct file *get_mm_exe_file(struct mm_struct *mm)
{
	struct file *file;

	spin_lock(&mm->arg_lock);
	file = mm->exe_file;
	if (file)
		get_file(file);
	spin_unlock(&mm->arg_lock);
	return file;
}

struct file *get_task_exe_file(struct task_struct *task)
{
	struct mm_struct *mm = get_task_mm(task);
	struct file *file;

	if (!mm)
		return NULL;
	file = get_mm_exe_file(mm);
	mmput(mm);
	return file;
}

struct mm_struct *get_task_mm(struct task_struct *tsk)
{
	struct mm_struct *mm;

	if (tsk->flags & PF_KTHREAD)
		return NULL;
	rcu_read_lock();
	mm = READ_ONCE(tsk->mm);
	if (mm && !mmget_not_zero(mm))
		mm = NULL;
	rcu_read_unlock();
	if (mm && READ_ONCE(tsk->mm) != mm) {
		/* It exited (and the object may be someone else's now). */
		mmput(mm);
		mm = NULL;
	}
	return mm;
}

void exit_mm(struct task_struct *tsk)
{
	struct mm_struct *mm = tsk->mm;
	unsigned long flags;

	if (WARN_ON_ONCE(tsk != current) || !mm)
		return;
	note_mm_maxrss(tsk, mm);
	local_irq_save(flags);
	WRITE_ONCE(tsk->mm, NULL);
	tsk->active_mm = &init_mm;
	switch_mm_irqs_off(mm, &init_mm, tsk);
	local_irq_restore(flags);
	tsk->mmap_locked = MMAP_LOCKED_NONE;
	mmput(mm);
}

void kthread_use_mm(struct mm_struct *mm)
{
	struct task_struct *tsk = current;
	unsigned long flags;

	if (WARN_ON_ONCE(tsk->mm))
		return;
	mmgrab(mm);
	local_irq_save(flags);
	tsk->mm = mm;
	tsk->active_mm = mm;
	switch_mm_irqs_off(&init_mm, mm, tsk);
	local_irq_restore(flags);
}

void kthread_unuse_mm(struct mm_struct *mm)
{
	struct task_struct *tsk = current;
	unsigned long flags;

	if (WARN_ON_ONCE(tsk->mm != mm))
		return;
	local_irq_save(flags);
	tsk->mm = NULL;
	tsk->active_mm = &init_mm;
	switch_mm_irqs_off(mm, &init_mm, tsk);
	local_irq_restore(flags);
	tsk->mmap_locked = MMAP_LOCKED_NONE;
	mmdrop(mm);
}

/* Copy every VMA of oldmm (write-locked) into mm; 0 or -ENOMEM. */
static int dup_mmap(struct mm_struct *mm, struct mm_struct *oldmm)
{
	struct vm_area_struct *vma, *tmp;

	list_for_each_entry(vma, &oldmm->mmap_list, vm_list) {
		if (vma->vm_flags & VM_DONTCOPY)
			continue;
		tmp = vm_area_dup(vma);
		if (!tmp)
			return -ENOMEM;
		tmp->vm_mm = mm;
		tmp->vm_flags &= ~(VM_LOCKED | VM_LOCKONFAULT);
		if (tmp->vm_flags & VM_WIPEONFORK) {
			tmp->anon_vma = NULL;	/* the child starts with zero pages */
		} else if (anon_vma_fork(tmp, vma)) {
			vm_area_free(tmp);
			return -ENOMEM;
		}
		if (tmp->vm_ops && tmp->vm_ops->open)
			tmp->vm_ops->open(tmp);
		vma_link(mm, tmp);
		vm_stat_account(mm, tmp->vm_flags, vma_pages(tmp));
		if (!(tmp->vm_flags & VM_WIPEONFORK) && copy_page_range(tmp, vma))
			return -ENOMEM;
	}
	return 0;
}

struct mm_struct *dup_mm(struct task_struct *tsk, struct mm_struct *oldmm)
{
	struct mm_struct *mm = mm_init_new();
	int err;

	(void)tsk;
	if (!mm)
		return NULL;
	mmap_write_lock(oldmm);
	mm->mmap_base = oldmm->mmap_base;
	mm->task_size = oldmm->task_size;
	mm->def_flags = oldmm->def_flags & ~(VM_LOCKED | VM_LOCKONFAULT);
	mm->flags = oldmm->flags & MMF_INIT_MASK;
	/* The child sees the same program image, stack and arguments. */
#define INHERIT(field) (mm->field = oldmm->field)
	spin_lock(&oldmm->arg_lock);
	INHERIT(start_code);
	INHERIT(end_code);
	INHERIT(start_data);
	INHERIT(end_data);
	INHERIT(start_stack);
	INHERIT(arg_start);
	INHERIT(arg_end);
	INHERIT(env_start);
	INHERIT(env_end);
	memcpy(mm->saved_auxv, oldmm->saved_auxv, sizeof(mm->saved_auxv));
	INHERIT(vdso_base);
	INHERIT(exe_file);
	if (mm->exe_file)
		get_file(mm->exe_file);
	spin_unlock(&oldmm->arg_lock);
	INHERIT(start_brk);
	INHERIT(brk);
#undef INHERIT
	mm->hiwater_rss = get_mm_rss(oldmm);
	mm->hiwater_vm = oldmm->total_vm;

	err = dup_mmap(mm, oldmm);
	/* The parent's ptes lost write access: no CPU may keep writable entries. */
	flush_tlb_mm(oldmm);
	mmap_write_unlock(oldmm);
	if (err) {
		mmput(mm);	/* exit_mmap() undoes the partial copy */
		return NULL;
	}
	return mm;
}
