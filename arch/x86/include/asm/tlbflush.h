/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * TLB flushing (arch/x86/mm/tlb.c).  Kernel mappings are shared by every
 * CPU, so changing or removing one needs a shootdown: the range is flushed
 * here and, through the call-function IPI, on every other online CPU
 * before these functions return.  Kernel pages are global (CR4.PGE), so a
 * CR3 reload does not drop them: large flushes toggle CR4.PGE instead.
 *
 * Callable from any context, interrupts on or off (see the rules in
 * arch/x86/kernel/smp.c), but not while holding a lock that a CPU
 * spinning with interrupts off might be waiting for.
 */
#ifndef _ASM_X86_TLBFLUSH_H
#define _ASM_X86_TLBFLUSH_H

#include <linux/cpumask.h>
#include <asm/processor.h>

/* Flush [start, end) of kernel virtual addresses on all CPUs. */
void flush_tlb_kernel_range(unsigned long start, unsigned long end);
/* Flush every TLB entry, global ones included, on all CPUs. */
void flush_tlb_all(void);
/* The same, on this CPU only. */
void __flush_tlb_all(void);

struct mm_struct;
struct vm_area_struct;

/*
 * User mappings: flush [start, end) of mm on every CPU that has mm loaded
 * (mm_cpumask(mm)), through smp_call_function_many(); returns when they
 * all have.  Callers change the ptes first.  May be called with
 * mm->page_table_lock held (never taken with interrupts off, so a CPU
 * spinning on it still answers the IPI), but not with interrupts off.
 */
void flush_tlb_mm_range(struct mm_struct *mm, unsigned long start, unsigned long end);
void flush_tlb_mm(struct mm_struct *mm);
void flush_tlb_page(struct vm_area_struct *vma, unsigned long addr);

/*
 * Deferred shootdown for reclaim, which clears the ptes of a whole batch
 * of pages before it writes or frees any of them: instead of one
 * flush_tlb_mm_range() (one IPI round) per cleared pte, each clear only
 * notes the CPUs that had the mm loaded (tlb_unmap_batch_add(), called
 * after the pte is cleared), and tlb_unmap_batch_flush() empties the TLBs
 * of all of them at once.  Until that flush a CPU may still read or write
 * the pages through its stale entries: the caller must flush before it
 * starts I/O on any of the pages or frees one.  The batch belongs to its
 * caller (no locking); the flush must be called with interrupts on and no
 * spinlock held.  Paths that change ptes and rely on the flush for their
 * own guarantees (mprotect) see a pending batch in mm->tlb_flush_batched:
 * see flush_tlb_batched_pending().
 */
struct tlb_unmap_batch {
	struct cpumask cpus;	/* CPUs that may cache a cleared pte */
	bool pending;		/* a pte was cleared and not flushed */
};

void tlb_unmap_batch_init(struct tlb_unmap_batch *batch);
void tlb_unmap_batch_add(struct tlb_unmap_batch *batch, struct mm_struct *mm);
void tlb_unmap_batch_flush(struct tlb_unmap_batch *batch);

/*
 * Called with mm->page_table_lock held by a path that changed ptes and
 * flushes only the ones it found present: if reclaim has cleared ptes of
 * mm without flushing them yet, flush all of mm now (outside the lock;
 * returns true to say the caller must call flush_tlb_mm() after
 * unlocking).
 */
bool flush_tlb_batched_pending(struct mm_struct *mm);

/*
 * Drop this CPU's TLB entry for one user address; no other CPU is told.
 * Enough after a pte *gained* rights (made writable, young or dirty) and
 * on a spurious fault: a CPU still caching the older, weaker entry takes
 * a fault on it and drops it there.  Any context, no locking.
 */
static inline void flush_tlb_one_user(unsigned long addr)
{
	__invlpg(addr);
}

#endif /* _ASM_X86_TLBFLUSH_H */
