/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The OOM killer (mm/oom_kill.c; Documentation/mm/oom.md): when reclaim
 * cannot satisfy an allocation that must not fail, kill the process whose
 * death frees the most memory, and let the oom_reaper thread take its
 * private memory at once.
 *
 * Callers: the page allocator's slow path (out_of_memory() under
 * oom_lock), the x86 fault handler (pagefault_out_of_memory()),
 * exit_mmap() (oom_mm_released()), procfs (the oom_score* helpers).
 */
#ifndef _LINUX_OOM_H
#define _LINUX_OOM_H

#include <linux/types.h>
#include <linux/mutex.h>
#include <linux/gfp.h>
#include <linux/swap.h>
#include <uapi/linux/oom.h>

struct task_struct;
struct mm_struct;

/*
 * One run of the OOM killer: the request that could not be met (set by
 * the caller) and what the run found (set by out_of_memory()).
 */
struct oom_control {
	gfp_t gfp_mask;			/* the failed request's; 0 from a page fault */
	int order;
	unsigned long totalpages;	/* RAM + swap: what oom_score_adj 1000 stands for */
	struct task_struct *chosen;	/* the victim's group leader, referenced */
	long chosen_points;
};

/* Serialises runs of out_of_memory(); allocators only ever trylock it. */
extern struct mutex oom_lock;

/* vm.oom_kill_allocating_task, vm.panic_on_oom, vm.oom_dump_tasks */
extern int sysctl_oom_kill_allocating_task;
extern int sysctl_panic_on_oom;
extern int sysctl_oom_dump_tasks;

/**
 * out_of_memory() - free memory by killing a process
 * @oc: the failed request (gfp_mask, order); the rest is filled in
 *
 * Chooses the process with the highest badness and kills it (and the
 * other processes sharing its mm), or, if a victim is still dying, kills
 * nobody and lets the caller wait for it.
 *
 * Context: process context, oom_lock held, may sleep; no spinlocks held.
 * Return: true if memory is on its way (a victim was killed or one is
 * still exiting) and the allocation should be retried; false if no
 * process could be chosen.
 */
bool out_of_memory(struct oom_control *oc);

/**
 * pagefault_out_of_memory() - a user page fault ended in VM_FAULT_OOM
 *
 * Runs the OOM killer unless the faulting task is dying or a kill is
 * already under way; the caller then returns so the fault is retried.
 *
 * Context: process context, no locks held (mmap_lock released), may sleep.
 */
void pagefault_out_of_memory(void);

/**
 * oom_kill_in_progress() - is an OOM victim still giving memory back?
 *
 * Context: any context; a racy snapshot.
 * Return: true while some victim's mm is neither torn down nor reaped.
 */
bool oom_kill_in_progress(void);

/**
 * tsk_is_oom_victim() - was @p's process chosen by the OOM killer?
 * @p: a task (kernel threads are never victims)
 *
 * Victims may allocate below the MIN watermark (ALLOC_OOM) to exit.
 *
 * Context: any context.
 * Return: true if @p belongs to a victim process.
 */
bool tsk_is_oom_victim(struct task_struct *p);

/**
 * oom_badness() - the OOM killer's score of a process
 * @p: any thread of the process (a reference held by the caller)
 * @totalpages: RAM + swap pages, the scale of oom_score_adj
 *
 * Context: may be called from any process context; takes rcu_read_lock().
 * Return: resident + swapped + page-table pages plus oom_score_adj *
 * @totalpages / 1000 (may be negative), or LONG_MIN if the process can
 * never be chosen (kernel thread, init, adj -1000, vfork child, no mm).
 */
long oom_badness(struct task_struct *p, unsigned long totalpages);

/**
 * oom_total_pages() - the memory oom_score_adj is a fraction of
 *
 * Context: any context.
 * Return: totalram_pages() plus the pages of swap space.
 */
unsigned long oom_total_pages(void);

/**
 * oom_score() - /proc/<pid>/oom_score of @p's process
 * @p: any thread of the process (referenced by the caller)
 *
 * Context: process context.
 * Return: the badness scaled to 0..2000; 0 for processes that can never
 * be chosen.
 */
unsigned long oom_score(struct task_struct *p);

/**
 * oom_score_adj_get() - the oom_score_adj of @p's process
 * @p: any task (referenced by the caller)
 *
 * Context: any context.
 * Return: -1000..1000; 0 for kernel threads.
 */
int oom_score_adj_get(struct task_struct *p);

/**
 * oom_score_adj_set() - change the oom_score_adj of @p's process
 * @p: any thread of the process (referenced by the caller)
 * @adj: the new value
 * @legacy: the write came through oom_adj (lowering is then checked
 *	against the current value, not against oom_score_adj_min)
 *
 * The value is copied to every other process sharing @p's mm.
 *
 * Context: process context, may sleep (takes oom_adj_mutex).
 * Return: 0, -EINVAL (out of range, or a kernel thread), or -EACCES
 * (lowering without CAP_SYS_RESOURCE).
 */
int oom_score_adj_set(struct task_struct *p, int adj, bool legacy);

/* oom_adj_to_score_adj() - a legacy oom_adj value (-17..15) as oom_score_adj; pure. */
int oom_adj_to_score_adj(int oom_adj);
/* oom_score_adj_to_adj() - an oom_score_adj as the legacy oom_adj reads it; pure. */
int oom_score_adj_to_adj(int adj);

/**
 * oom_mm_released() - exit_mmap() has torn @mm down
 * @mm: the address space, its mappings all gone
 *
 * If @mm was an OOM victim's, the OOM killer stops waiting for it.
 *
 * Context: process context; any locks.
 */
void oom_mm_released(struct mm_struct *mm);

/* oom_swap_pages() - swap pages in the badness scale: the areas' usable slots; no locks. */
static inline unsigned long oom_swap_pages(void)
{
#ifdef CONFIG_SWAP
	return READ_ONCE(total_swap_pages);
#else
	return 0;
#endif
}

#endif /* _LINUX_OOM_H */
