// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of the fault path: handle_mm_fault() on a test mm (demand
 * zero, copy on write, reuse of an exclusive page), the real x86 page
 * fault through the user-copy helpers while this kernel thread borrows a
 * test mm (demand paging, SEGV_ACCERR/MAPERR turned into -EFAULT, PROT_NONE
 * keeping contents, stack growth within RLIMIT_STACK, faults taken while
 * holding mmap_lock), and a user-mm TLB shootdown to another CPU.
 */
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/smp.h>
#include <asm/uaccess.h>
#include <asm/mmu_context.h>
#include <asm/irq.h>
#include "mm_selftest.h"

#define P(n)	((unsigned long)(n) << PAGE_SHIFT)
#define A	TEST_BASE

static pte_t pte_at(struct mm_struct *mm, unsigned long addr)
{
	pte_t *ptep = lookup_user_pte(mm, addr);

	return ptep ? ptep_get(ptep) : __pte(0);
}

static int fault_at(struct mm_struct *mm, unsigned long addr, unsigned int flags)
{
	return test_fault(mm, addr, flags);
}

static int fault_cow_test(void)
{
	struct mm_struct *mm = mm_alloc(), *child = NULL;
	unsigned long pfn;
	pte_t pte;
	int ret = -1;

	ST_ASSERT(mm, "mm_alloc");
	if (test_map_fixed(mm, A, 4) != A ||
	    test_mmap(mm, A + P(8), P(1), PROT_READ, MAP_PRIVATE | MAP_FIXED) != A + P(8))
		goto out;
	/* Demand zero: a read fault maps a zeroed page, writable since the VMA is. */
	if (fault_at(mm, A, 0))
		goto out;
	pte = pte_at(mm, A);
	if (!pte_present(pte) || !pte_write(pte) || test_peek(mm, A) != 0 ||
	    get_mm_counter(mm, MM_ANONPAGES) != 1)
		goto out;
	/* A read-only VMA gets a read-only pte. */
	if (fault_at(mm, A + P(8), 0) || pte_write(pte_at(mm, A + P(8))))
		goto out;
	test_poke(mm, A, 0x5a, 0);
	pfn = pte_pfn(pte_at(mm, A));

	/* Fork write-protects both sides. */
	child = dup_mm(NULL, mm);
	if (!child || pte_write(pte_at(mm, A)) || pte_write(pte_at(child, A)) ||
	    pte_pfn(pte_at(child, A)) != pfn || page_mapcount(pfn_to_page(pfn)) != 2)
		goto out;
	/* The child's write copies; the parent's then reuses its now exclusive page. */
	if (fault_at(child, A, FAULT_FLAG_WRITE) || pte_pfn(pte_at(child, A)) == pfn ||
	    !pte_write(pte_at(child, A)) || test_peek(child, A) != 0x5a ||
	    page_mapcount(pfn_to_page(pfn)) != 1)
		goto out;
	if (fault_at(mm, A, FAULT_FLAG_WRITE) || pte_pfn(pte_at(mm, A)) != pfn ||
	    !pte_write(pte_at(mm, A)))
		goto out;
	test_poke(mm, A, 0x11, 0);
	ret = test_peek(child, A) == 0x5a ? 0 : -1;
out:
	if (child)
		mmput(child);
	mmput(mm);
	return ret;
}
DEFINE_SELFTEST("fault: demand zero, copy on write and reuse via handle_mm_fault", fault_cow_test);

static int fault_path_test(void)
{
	struct mm_struct *mm = mm_alloc();
	unsigned long flt, top = TASK_SIZE_MAX;
	char buf[64], back[64];
	int ret = -1;
	u32 v;

	ST_ASSERT(mm, "mm_alloc");
	if (test_map_fixed(mm, A, 8) != A ||
	    test_mmap(mm, A + P(16), P(1), PROT_READ, MAP_PRIVATE | MAP_FIXED) != A + P(16) ||
	    setup_user_stack(mm, top, 0, false))
		goto out_put;
	for (int i = 0; i < (int)sizeof(buf); i++)
		buf[i] = i * 3;

	kthread_use_mm(mm);
	flt = current->min_flt;
	/* Demand paging under copy_to_user(), across a page boundary. */
	if (copy_to_user((void *)(A + P(1) - 10), buf, sizeof(buf)) ||
	    copy_from_user(back, (void *)(A + P(1) - 10), sizeof(back)) ||
	    memcmp(buf, back, sizeof(buf)) || current->min_flt - flt != 2)
		goto fail;
	/* Read-only VMA: reads fault in a page, writes are refused. */
	if (get_user(v, (u32 *)(A + P(16))) || v || !put_user(1, (u32 *)(A + P(16))))
		goto fail;
	/* Nothing mapped; a kernel address. */
	if (!copy_from_user(back, (void *)(A + P(12)), 8) ||
	    !copy_to_user((void *)(A + P(20)), buf, 8) ||
	    !get_user(v, (u32 *)0xffffffff81000000UL))
		goto fail;
	/* Read-only after being written: the writable pte must lose its right. */
	if (test_mprotect(mm, A, P(2), PROT_READ) || !put_user(1, (u32 *)(A + P(1))) ||
	    get_user(v, (u32 *)(A + P(1))))
		goto fail;
	/* PROT_NONE refuses access and keeps the contents for later. */
	if (test_mprotect(mm, A, P(2), PROT_NONE) || !get_user(v, (u32 *)(A + P(1))) ||
	    test_mprotect(mm, A, P(2), PROT_READ | PROT_WRITE) ||
	    copy_from_user(back, (void *)(A + P(1) - 10), sizeof(back)) ||
	    memcmp(buf, back, sizeof(buf)))
		goto fail;
	/* The stack grows down on demand, but not past RLIMIT_STACK. */
	if (put_user(7, (u32 *)(top - (1UL << 20))) || vma_lookup(mm, top - 1)->vm_start >
	    top - (1UL << 20) || !put_user(7, (u32 *)(top - (64UL << 20))))
		goto fail;
	/* Faults while this task holds its own mmap_lock resolve under that hold. */
	mmap_read_lock(mm);
	v = put_user(3, (u32 *)(A + P(4)));
	mmap_read_unlock(mm);
	if (v)
		goto fail;
	mmap_write_lock(mm);
	v = put_user(4, (u32 *)(A + P(5)));
	mmap_write_unlock(mm);
	if (v || test_peek(mm, A + P(5)) != 4)
		goto fail;
	ret = 0;
	st_diag("%lu minor faults; stack VMA now %lu KiB", current->min_flt - flt,
		(top - vma_lookup(mm, top - 1)->vm_start) >> 10);
fail:
	kthread_unuse_mm(mm);
out_put:
	mmput(mm);
	return ret;
}
DEFINE_SELFTEST("fault: x86 faults from user copies on a borrowed mm, stack growth, rights",
		fault_path_test);

/* ------------------------------------------------------------ TLB shootdown */

struct remote_read {
	struct mm_struct *mm;
	unsigned long addr;
	u32 value;
	int err;
	bool unload;
};

/* On the other CPU, with interrupts off: load mm (keep it loaded) and read. */
static void remote_read_fn(void *info)
{
	struct remote_read *r = info;

	switch_mm_irqs_off(NULL, r->mm, NULL);
	r->err = get_user(r->value, (u32 *)r->addr);
	if (r->unload)
		switch_mm_irqs_off(r->mm, &init_mm, NULL);
}

static int user_tlb_shootdown_test(void)
{
	struct remote_read r = { .addr = A };
	unsigned int flushes;
	int cpu, ret = -1;

	if (num_online_cpus() < 2) {
		st_diag("skipped: needs two CPUs");
		return 0;
	}
	cpu = cpumask_first(cpu_online_mask) == (unsigned int)smp_processor_id() ?
	      cpumask_next(smp_processor_id(), cpu_online_mask) : cpumask_first(cpu_online_mask);
	r.mm = mm_alloc();
	ST_ASSERT(r.mm, "mm_alloc");
	if (test_map_fixed(r.mm, A, 1) != A || !test_poke(r.mm, A, 0x11, 0))
		goto out;
	/* The other CPU caches the translation of A -> first page. */
	smp_call_function_single(cpu, remote_read_fn, &r, true);
	if (r.err || r.value != 0x11 || !cpumask_test_cpu(cpu, mm_cpumask(r.mm)))
		goto out;
	flushes = per_cpu(irq_stat, cpu).irq_tlb_count;
	/* Replace the page: the unmap must reach the other CPU's TLB. */
	if (test_map_fixed(r.mm, A, 1) != A || !test_poke(r.mm, A, 0x22, 0))
		goto out;
	r.unload = true;
	smp_call_function_single(cpu, remote_read_fn, &r, true);
	st_diag("CPU%d read %#x after the change; %u shootdown IPIs", cpu, r.value,
		per_cpu(irq_stat, cpu).irq_tlb_count - flushes);
	if (r.err || r.value != 0x22 || cpumask_test_cpu(cpu, mm_cpumask(r.mm)) ||
	    per_cpu(irq_stat, cpu).irq_tlb_count == flushes)
		goto out;
	ret = 0;
out:
	if (cpumask_test_cpu(cpu, mm_cpumask(r.mm))) {
		r.unload = true;
		smp_call_function_single(cpu, remote_read_fn, &r, true);
	}
	mmput(r.mm);
	return ret;
}
DEFINE_SELFTEST("tlb: a user-mm shootdown reaches the CPU that has the mm loaded",
		user_tlb_shootdown_test);
