// SPDX-License-Identifier: GPL-2.0-only
/*
 * TLB shootdown and address-space switching.
 *
 * Kernel mappings: flush_tlb_kernel_range() and flush_tlb_all() flush
 * this CPU and make every other online CPU flush through
 * on_each_cpu(wait=true), so when they return no CPU can still use a
 * stale translation.  Ranges of more than TLB_FLUSH_PAGES pages are
 * cheaper to drop whole: toggling CR4.PGE flushes global entries too.
 *
 * User mappings: flush_tlb_mm_range() reaches only the CPUs in
 * mm_cpumask(mm), the CPUs that have mm in CR3 (see <asm/mmu_context.h>
 * for how switch_mm_irqs_off() keeps that mask exact).  User entries are
 * never global, so a CR3 reload drops them all.  Reclaim defers its
 * flushes into a struct tlb_unmap_batch: the union of the mm masks seen
 * when its ptes were cleared, emptied by one CR3 reload per CPU.  A CPU
 * that loads the mm after the clear cannot hold the old entry (the load
 * flushed), so the mask read after the clear is enough.
 *
 * Interface: <asm/tlbflush.h>, <asm/mmu_context.h>.  Locking: none of its
 * own; the cross-call rules are in arch/x86/kernel/smp.c.  Before SMP (and
 * on one CPU) flushes are local.
 */
#include <linux/kernel.h>
#include <linux/smp.h>
#include <linux/sched.h>
#include <linux/mm_types.h>
#include <asm/barrier.h>
#include <asm/tlbflush.h>
#include <asm/mmu_context.h>
#include <asm/irqflags.h>
#include <asm/processor.h>
#include <asm/page.h>
#include <asm/irq.h>

/* invlpg per page below this; above it a full flush is faster. */
#define TLB_FLUSH_PAGES	64

struct flush_range {
	unsigned long start, end;
	int initiator;
};

void __flush_tlb_all(void)
{
	unsigned long cr4 = read_cr4();

	if (cr4 & X86_CR4_PGE) {
		write_cr4(cr4 & ~X86_CR4_PGE);
		write_cr4(cr4);
	} else {
		__flush_tlb_local();
	}
}

static void flush_range_local(void *info)
{
	const struct flush_range *r = info;

	if (smp_processor_id() != r->initiator)
		this_cpu_inc(irq_stat.irq_tlb_count);
	if (r->end - r->start > TLB_FLUSH_PAGES * PAGE_SIZE) {
		__flush_tlb_all();
		return;
	}
	for (unsigned long a = r->start & PAGE_MASK; a < r->end; a += PAGE_SIZE)
		__invlpg(a);
}

void flush_tlb_kernel_range(unsigned long start, unsigned long end)
{
	struct flush_range r = { start, end, smp_processor_id() };

	if (end <= start)
		return;
	on_each_cpu(flush_range_local, &r, true);
}

void flush_tlb_all(void)
{
	struct flush_range r = { 0, ~0UL, smp_processor_id() };

	on_each_cpu(flush_range_local, &r, true);
}

/* ------------------------------------------------------------ user address spaces */

DEFINE_PER_CPU(struct mm_struct *, cpu_loaded_mm) = &init_mm;

static unsigned long mm_pgd_pa(struct mm_struct *mm)
{
	return __pa(mm == &init_mm ? init_top_pgt : mm->pgd);
}

void switch_mm_irqs_off(struct mm_struct *prev, struct mm_struct *next, struct task_struct *tsk)
{
	struct mm_struct *loaded = this_cpu_read(cpu_loaded_mm);
	int cpu = smp_processor_id();

	(void)prev;
	(void)tsk;
	if (loaded == next)
		return;
	/* Set before the load, clear after it: see <asm/mmu_context.h>. */
	if (next != &init_mm)
		cpumask_set_cpu(cpu, mm_cpumask(next));
	this_cpu_write(cpu_loaded_mm, next);
	write_cr3(mm_pgd_pa(next));
	if (loaded != &init_mm)
		cpumask_clear_cpu(cpu, mm_cpumask(loaded));
}

void switch_mm(struct mm_struct *prev, struct mm_struct *next, struct task_struct *tsk)
{
	unsigned long flags;

	local_irq_save(flags);
	switch_mm_irqs_off(prev, next, tsk);
	local_irq_restore(flags);
}

void activate_mm(struct mm_struct *prev, struct mm_struct *next)
{
	switch_mm(prev, next, current);
}

void context_switch_mm(struct task_struct *prev, struct task_struct *next)
{
	struct mm_struct *mm = next->mm ? next->mm : &init_mm;

	next->active_mm = mm;
	switch_mm_irqs_off(prev->active_mm, mm, next);
}

struct flush_mm_info {
	struct mm_struct *mm;
	unsigned long start, end;
};

static void flush_user_range_local(const struct flush_mm_info *f)
{
	/*
	 * The IPI may arrive after this CPU switched to another mm: then
	 * there is nothing of f->mm left in its TLB (the CR3 load dropped
	 * it), and invlpg would only hit the new mm's entries.
	 */
	if (this_cpu_read(cpu_loaded_mm) != f->mm)
		return;
	if (f->end - f->start > TLB_FLUSH_PAGES * PAGE_SIZE) {
		__flush_tlb_local();
		return;
	}
	for (unsigned long a = f->start & PAGE_MASK; a < f->end; a += PAGE_SIZE)
		__invlpg(a);
}

static void flush_user_range_ipi(void *info)
{
	this_cpu_inc(irq_stat.irq_tlb_count);
	flush_user_range_local(info);
}

void flush_tlb_mm_range(struct mm_struct *mm, unsigned long start, unsigned long end)
{
	struct flush_mm_info f = { mm, start, end };
	struct cpumask others;
	unsigned long flags;
	int cpu;

	if (end <= start)
		return;
	/* The pte changes must be visible before the mask is read. */
	smp_mb();
	local_irq_save(flags);
	cpu = smp_processor_id();
	flush_user_range_local(&f);
	cpumask_copy(&others, mm_cpumask(mm));
	cpumask_clear_cpu(cpu, &others);
	local_irq_restore(flags);
	if (!cpumask_empty(&others))
		smp_call_function_many(&others, flush_user_range_ipi, &f, true);
}

void flush_tlb_mm(struct mm_struct *mm)
{
	flush_tlb_mm_range(mm, 0, TASK_SIZE_MAX);
}

void flush_tlb_page(struct vm_area_struct *vma, unsigned long addr)
{
	flush_tlb_mm_range(vma->vm_mm, addr, addr + PAGE_SIZE);
}

/* ------------------------------------------------------------ reclaim's deferred flushes */

void tlb_unmap_batch_init(struct tlb_unmap_batch *batch)
{
	cpumask_clear(&batch->cpus);
	batch->pending = false;
}

void tlb_unmap_batch_add(struct tlb_unmap_batch *batch, struct mm_struct *mm)
{
	/* As in flush_tlb_mm_range(): the cleared pte before the mask is read. */
	smp_mb();
	cpumask_or(&batch->cpus, &batch->cpus, mm_cpumask(mm));
	batch->pending = true;
	WRITE_ONCE(mm->tlb_flush_batched, true);
}

static void flush_user_tlb_local(void)
{
	/* A kernel thread's init_mm holds no user entries. */
	if (this_cpu_read(cpu_loaded_mm) != &init_mm)
		__flush_tlb_local();
}

static void flush_user_tlb_ipi(void *unused)
{
	(void)unused;
	this_cpu_inc(irq_stat.irq_tlb_count);
	flush_user_tlb_local();
}

void tlb_unmap_batch_flush(struct tlb_unmap_batch *batch)
{
	unsigned long flags;

	if (!batch->pending)
		return;
	local_irq_save(flags);
	if (cpumask_test_cpu(smp_processor_id(), &batch->cpus)) {
		flush_user_tlb_local();
		cpumask_clear_cpu(smp_processor_id(), &batch->cpus);
	}
	local_irq_restore(flags);
	if (!cpumask_empty(&batch->cpus))
		smp_call_function_many(&batch->cpus, flush_user_tlb_ipi, NULL, true);
	tlb_unmap_batch_init(batch);
}

bool flush_tlb_batched_pending(struct mm_struct *mm)
{
	/*
	 * Reclaim sets the flag under page_table_lock after clearing a pte,
	 * so every pte it cleared before this point is covered; one it clears
	 * later was seen by the caller, which flushes it itself.
	 */
	if (!READ_ONCE(mm->tlb_flush_batched))
		return false;
	WRITE_ONCE(mm->tlb_flush_batched, false);
	return true;
}
