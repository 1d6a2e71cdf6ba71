// SPDX-License-Identifier: GPL-2.0-only
/*
 * TLB shootdown for kernel mappings: flush_tlb_kernel_range() and
 * flush_tlb_all() flush this CPU and make every other online CPU flush
 * through on_each_cpu(wait=true), so when they return no CPU can still
 * use a stale translation.  Ranges of more than TLB_FLUSH_PAGES pages are
 * cheaper to drop whole: toggling CR4.PGE flushes global entries too.
 *
 * Interface: <asm/tlbflush.h>.  Locking: none of its own; the cross-call
 * rules are in arch/x86/kernel/smp.c.  Before SMP (and on one CPU) this
 * is a local flush.
 */
#include <linux/kernel.h>
#include <linux/smp.h>
#include <asm/tlbflush.h>
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
