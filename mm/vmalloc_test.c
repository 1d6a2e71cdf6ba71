// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests for vmalloc (CONFIG_SELFTESTS): a multi-MiB area written
 * through its vmalloc address and read back through the direct map of
 * each page, the guard page, vfree() unmapping and giving every page
 * back, first-fit address reuse, and vzalloc zeroing.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <linux/vmstat.h>
#include <linux/selftest.h>
#include <linux/workqueue.h>
#include <asm/irqflags.h>
#include <asm/pgtable.h>

static bool mapped(unsigned long va)
{
	pte_t *pte = lookup_kernel_pte(va);

	return pte && pte_present(*pte);
}

static unsigned long free_pages_now(void)
{
	drain_all_pages();
	return nr_free_pages();
}

#define BIG_SIZE	(6UL << 20)
#define BIG_PAGES	(BIG_SIZE >> PAGE_SHIFT)

static int vmalloc_big_test(void)
{
	unsigned long vm_before = node_page_state_snapshot(NODE_DATA(0), NR_VMALLOC);
	unsigned long free_before, va;
	u64 *p;

	/* A first round creates the page tables, which stay: measure after it. */
	vfree(vmalloc(BIG_SIZE));
	free_before = free_pages_now();

	p = vmalloc(BIG_SIZE);
	ST_ASSERT(p, "vmalloc(%lu) failed", BIG_SIZE);
	va = (unsigned long)p;
	ST_ASSERT(is_vmalloc_addr(p) && va >= VMALLOC_START + (64UL << 30),
		  "%px outside the vmalloc area", p);
	ST_ASSERT(PAGE_ALIGNED(p), "not page aligned");
	ST_ASSERT(node_page_state_snapshot(NODE_DATA(0), NR_VMALLOC) == vm_before + BIG_PAGES,
		  "NR_VMALLOC not counted");
	for (unsigned long i = 0; i < BIG_SIZE / sizeof(u64); i += 64)
		p[i] = i * 0x9e3779b97f4a7c15ULL;
	for (unsigned long pg = 0; pg < BIG_PAGES; pg++) {
		struct page *page = vmalloc_to_page((void *)(va + pg * PAGE_SIZE));
		u64 *direct;

		ST_ASSERT(page, "no page behind page %lu", pg);
		direct = page_address(page);
		for (unsigned long w = 0; w < PAGE_SIZE / sizeof(u64); w += 64) {
			unsigned long i = pg * (PAGE_SIZE / sizeof(u64)) + w;

			ST_ASSERT(direct[w] == i * 0x9e3779b97f4a7c15ULL,
				  "page %lu word %lu differs through the direct map", pg, w);
		}
	}
	ST_ASSERT(!mapped(va + BIG_SIZE), "guard page after the area is mapped");
	ST_ASSERT(find_vm_area(p + 100) && find_vm_area(p + 100)->addr == va, "find_vm_area");

	vfree(p);
	ST_ASSERT(!mapped(va) && !mapped(va + BIG_SIZE - PAGE_SIZE), "still mapped after vfree");
	ST_ASSERT(!find_vm_area(p), "area still busy after vfree");
	ST_ASSERT(node_page_state_snapshot(NODE_DATA(0), NR_VMALLOC) == vm_before,
		  "NR_VMALLOC not returned");
	st_diag("%lu MiB at %px; free pages %lu before, %lu after vfree", BIG_SIZE >> 20, p,
		free_before, free_pages_now());
	ST_ASSERT(free_pages_now() == free_before, "pages leaked");
	return 0;
}
DEFINE_SELFTEST("vmalloc: multi-MiB area written, read back, freed", vmalloc_big_test);

#define SMALL_AREAS 48

static int vmalloc_reuse_test(void)
{
	void *a, *b, *c, *areas[SMALL_AREAS];
	u8 *z;

	a = vmalloc(3 * PAGE_SIZE);
	b = vmalloc(5 * PAGE_SIZE);
	ST_ASSERT(a && b, "vmalloc");
	ST_ASSERT((unsigned long)b >= (unsigned long)a + 4 * PAGE_SIZE ||
		  (unsigned long)a >= (unsigned long)b + 6 * PAGE_SIZE,
		  "areas overlap or lack a guard page: %px %px", a, b);
	vfree(a);
	c = vmalloc(2 * PAGE_SIZE);
	ST_ASSERT(c == a, "freed range not reused first-fit: got %px, freed %px", c, a);
	vfree(b);
	vfree(c);

	z = vzalloc(3 * PAGE_SIZE + 100);
	ST_ASSERT(z, "vzalloc");
	ST_ASSERT(!memchr_inv(z, 0, 3 * PAGE_SIZE + 100), "vzalloc memory not zero");
	memset(z, 0xa5, 4 * PAGE_SIZE);
	vfree(z);

	/* Many areas, freed in an interleaved order, then a big one fits below them. */
	for (int i = 0; i < SMALL_AREAS; i++) {
		areas[i] = vmalloc((1 + i % 4) * PAGE_SIZE);
		ST_ASSERT(areas[i], "vmalloc %d", i);
		*(int *)areas[i] = i;
	}
	for (int i = 0; i < SMALL_AREAS; i += 2)
		vfree(areas[i]);
	for (int i = 1; i < SMALL_AREAS; i += 2) {
		ST_ASSERT(*(int *)areas[i] == i, "area %d lost its contents", i);
		vfree(areas[i]);
	}
	a = vmalloc(64 * PAGE_SIZE);
	ST_ASSERT(a && (unsigned long)a <= (unsigned long)areas[0],
		  "space not reused after freeing everything: %px vs %px", a, areas[0]);
	vfree(a);
	return 0;
}
DEFINE_SELFTEST("vmalloc: first-fit address reuse, guard pages, vzalloc", vmalloc_reuse_test);

/*
 * vfree() with interrupts off (as from an RCU callback in the tick) hands
 * the area to a work item: no warning, and once the work has run the
 * area is gone and its address range free for the next allocation.
 */
static int vmalloc_irqs_off_free_test(void)
{
	unsigned long flags;
	void *a, *b;

	a = vmalloc(4 * PAGE_SIZE);
	ST_ASSERT(a, "vmalloc");
	local_irq_save(flags);
	vfree(a);
	local_irq_restore(flags);
	ST_ASSERT(find_vm_area(a), "the area went away with interrupts off");
	vfree_flush_deferred();
	ST_ASSERT(!find_vm_area(a), "the deferred vfree did not free the area");
	b = vmalloc(4 * PAGE_SIZE);
	ST_ASSERT(b == a, "the range was not reused first-fit: got %px, freed %px", b, a);
	vfree(b);
	return 0;
}
DEFINE_SELFTEST("vmalloc: vfree with interrupts off is deferred, then done", vmalloc_irqs_off_free_test);
