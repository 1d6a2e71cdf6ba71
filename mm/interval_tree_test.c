// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of the i_mmap interval tree (mm/interval_tree.c) on VMAs
 * that exist only as keys: random inserts and removals keep every node's
 * cached subtree maximum right, and every query returns exactly the VMAs
 * a linear scan finds, each once, in order of first page; a file mapped
 * at 1000 offsets answers a one-page query with the one VMA covering it.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/rbtree.h>
#include <linux/selftest.h>

#define IT_VMAS		300
#define IT_SPAN		2000

static u64 it_seed = 0x9e3779b97f4a7c15ULL;

static unsigned long it_rand(unsigned long below)
{
	it_seed ^= it_seed << 13;
	it_seed ^= it_seed >> 7;
	it_seed ^= it_seed << 17;
	return it_seed % below;
}

static unsigned long last_of(const struct vm_area_struct *vma)
{
	return vma->vm_pgoff + vma_pages(vma) - 1;
}

/* Checks the cached maxima below node; returns the subtree's maximum. */
static long check_subtree(struct rb_node *node, int *bad)
{
	struct vm_area_struct *vma;
	unsigned long max;
	long sub;

	if (!node)
		return -1;
	vma = rb_entry(node, struct vm_area_struct, vm_i_mmap_rb);
	max = last_of(vma);
	sub = check_subtree(node->rb_left, bad);
	if (sub > (long)max)
		max = sub;
	sub = check_subtree(node->rb_right, bad);
	if (sub > (long)max)
		max = sub;
	if (vma->vm_i_mmap_subtree_last != max)
		(*bad)++;
	return max;
}

static int check_queries(struct rb_root *root, struct vm_area_struct *vmas, bool *linked)
{
	for (int q = 0; q < 200; q++) {
		unsigned long first = it_rand(IT_SPAN + 50), last = first + it_rand(q % 4 ? 8 : 400);
		unsigned long prev_first = 0;
		struct vm_area_struct *vma;
		int want = 0, got = 0;

		for (int i = 0; i < IT_VMAS; i++)
			if (linked[i] && vmas[i].vm_pgoff <= last && last_of(&vmas[i]) >= first)
				want++;
		vma_interval_tree_foreach(vma, root, first, last) {
			ST_ASSERT(vma->vm_pgoff <= last && last_of(vma) >= first,
				  "[%lu, %lu] returned [%lu, %lu]", first, last, vma->vm_pgoff,
				  last_of(vma));
			ST_ASSERT(linked[vma - vmas], "returned a removed VMA");
			ST_ASSERT(vma->vm_pgoff >= prev_first, "out of order");
			prev_first = vma->vm_pgoff;
			ST_ASSERT(++got <= want, "[%lu, %lu]: more than %d VMAs", first, last, want);
		}
		ST_ASSERT(got == want, "[%lu, %lu]: %d VMAs, a scan finds %d", first, last, got,
			  want);
	}
	return 0;
}

static int interval_tree_random_test(void)
{
	struct vm_area_struct *vmas = kcalloc(IT_VMAS, sizeof(*vmas), GFP_KERNEL);
	bool *linked = kcalloc(IT_VMAS, sizeof(*linked), GFP_KERNEL);
	struct rb_root root = RB_ROOT;
	int bad = 0, ret = -1, round;

	if (!vmas || !linked)
		goto out;
	for (int i = 0; i < IT_VMAS; i++) {
		unsigned long pages = 1 + it_rand(i % 10 ? 20 : 300);

		vmas[i].vm_pgoff = it_rand(IT_SPAN);
		vmas[i].vm_start = 0x10000000UL + i * 0x1000000UL;
		vmas[i].vm_end = vmas[i].vm_start + pages * PAGE_SIZE;
	}
	for (round = 0; round < 6; round++) {
		/* Link a random half of the unlinked, unlink a third of the linked. */
		for (int i = 0; i < IT_VMAS; i++) {
			if (!linked[i] && it_rand(2)) {
				vma_interval_tree_insert(&vmas[i], &root);
				linked[i] = true;
			} else if (linked[i] && !it_rand(3)) {
				vma_interval_tree_remove(&vmas[i], &root);
				linked[i] = false;
			}
		}
		check_subtree(root.rb_node, &bad);
		if (bad) {
			st_diag("round %d: %d nodes with a wrong subtree maximum", round, bad);
			goto out;
		}
		if (check_queries(&root, vmas, linked))
			goto out;
	}
	for (int i = 0; i < IT_VMAS; i++)
		if (linked[i])
			vma_interval_tree_remove(&vmas[i], &root);
	if (!RB_EMPTY_ROOT(&root)) {
		st_diag("tree not empty after removing everything");
		goto out;
	}
	ret = 0;
out:
	kfree(vmas);
	kfree(linked);
	return ret;
}
DEFINE_SELFTEST("mm: i_mmap interval tree: random links and unlinks, queries match a scan",
		interval_tree_random_test);

/* One file mapped 1000 times, one page each at its own offset. */
static int interval_tree_offsets_test(void)
{
	struct vm_area_struct *vmas = kcalloc(1000, sizeof(*vmas), GFP_KERNEL), *vma;
	struct rb_root root = RB_ROOT;
	int ret = 0;

	if (!vmas)
		return -ENOMEM;
	for (int i = 0; i < 1000; i++) {
		vmas[i].vm_pgoff = (i * 7919) % 1000;	/* in scrambled order */
		vmas[i].vm_start = 0x10000000UL + i * PAGE_SIZE * 2;
		vmas[i].vm_end = vmas[i].vm_start + PAGE_SIZE;
		vma_interval_tree_insert(&vmas[i], &root);
	}
	for (unsigned long index = 0; index < 1000 && !ret; index++) {
		int n = 0;

		vma_interval_tree_foreach(vma, &root, index, index) {
			if (vma->vm_pgoff != index)
				ret = -1;
			n++;
		}
		if (n != 1 || ret) {
			st_diag("page %lu: %d VMAs%s", index, n, ret ? ", a wrong one" : "");
			ret = -1;
		}
	}
	for (int i = 0; i < 1000; i++)
		vma_interval_tree_remove(&vmas[i], &root);
	kfree(vmas);
	return ret;
}
DEFINE_SELFTEST("mm: i_mmap interval tree: a file mapped at 1000 offsets, one VMA a page",
		interval_tree_offsets_test);
