// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self test for TLB shootdown: map a kernel VA to page A, let every CPU
 * read through it (so each caches the translation), point the PTE at page
 * B, shoot down, and check that every CPU now reads B.  Kernel PTEs are
 * global, so only a real invlpg / CR4.PGE flush on each CPU passes (QEMU's
 * TCG keeps stale translations exactly like hardware does).
 */
#include <linux/kernel.h>
#include <linux/selftest.h>
#include <linux/smp.h>
#include <asm/tlbflush.h>
#include <asm/pgtable.h>
#include <asm/io.h>
#include <asm/irq.h>

#define PATTERN_A	0xaaaa5555u
#define PATTERN_B	0xbbbb6666u

static u32 page_a[PAGE_SIZE / 4] __aligned(PAGE_SIZE);
static u32 page_b[PAGE_SIZE / 4] __aligned(PAGE_SIZE);
static volatile u32 *test_va;
static u32 seen[NR_CPUS];

static void read_test_va(void *info)
{
	seen[smp_processor_id()] = *test_va;
}

static int check_all(u32 want, const char *what)
{
	int cpu;

	for_each_online_cpu(cpu)
		seen[cpu] = 0;
	on_each_cpu(read_test_va, NULL, true);
	for_each_online_cpu(cpu)
		ST_ASSERT(seen[cpu] == want, "%s: CPU%d read %#x, want %#x", what, cpu, seen[cpu],
			  want);
	return 0;
}

static int tlb_shootdown(void)
{
	unsigned int tlb_before = 0, tlb_after = 0;
	unsigned long va;
	int cpu, ret;

	page_a[0] = PATTERN_A;
	page_b[0] = PATTERN_B;
	/* ioremap() hands out a fresh kernel VA; remap it cached, as RAM should be. */
	test_va = ioremap(__pa(page_a), PAGE_SIZE);
	ST_ASSERT(test_va, "no VA for the test");
	va = (unsigned long)test_va;
	ST_ASSERT(!kernel_map_page(va, __pa(page_a), PAGE_KERNEL), "map failed");
	flush_tlb_kernel_range(va, va + PAGE_SIZE);

	ret = check_all(PATTERN_A, "before the change");
	if (ret)
		goto out;
	for_each_online_cpu(cpu)
		tlb_before += READ_ONCE(per_cpu(irq_stat, cpu).irq_tlb_count);

	ST_ASSERT(!kernel_map_page(va, __pa(page_b), PAGE_KERNEL), "remap failed");
	flush_tlb_kernel_range(va, va + PAGE_SIZE);
	ret = check_all(PATTERN_B, "after the shootdown");
	if (ret)
		goto out;
	for_each_online_cpu(cpu)
		tlb_after += READ_ONCE(per_cpu(irq_stat, cpu).irq_tlb_count);
	st_diag("%u remote TLB flushes for one shootdown on %u CPUs", tlb_after - tlb_before,
		num_online_cpus());
	ret = -(tlb_after - tlb_before != num_online_cpus() - 1);

	/* The full flush path, back to page A. */
	ST_ASSERT(!kernel_map_page(va, __pa(page_a), PAGE_KERNEL), "remap failed");
	flush_tlb_all();
	if (!ret)
		ret = check_all(PATTERN_A, "after flush_tlb_all");
out:
	iounmap((void *)va);
	return ret;
}
DEFINE_SELFTEST("tlb: kernel mapping change seen by every CPU after shootdown", tlb_shootdown);
