// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of VMA bookkeeping and the mapping calls on test mms:
 * merge/split invariants (tree and list agree, sorted, no overlap,
 * map_count and total_vm right), mmap argument rules and placement,
 * brk, mremap, madvise, fork flags, and the /proc/<pid>/maps format.
 */
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/slab.h>
#include "mm_selftest.h"

#define P(n)	((unsigned long)(n) << PAGE_SHIFT)
#define A	TEST_BASE

/* Tree, list and counters of mm agree with each other. */
static int check_vmas(struct mm_struct *mm)
{
	struct rb_node *nd = rb_first(&mm->mm_rb);
	unsigned long prev_end = 0, total = 0;
	struct vm_area_struct *vma;
	int count = 0;

	for_each_vma(mm, vma) {
		ST_ASSERT(nd && rb_entry(nd, struct vm_area_struct, vm_rb) == vma,
			  "tree and list disagree at %lx", vma->vm_start);
		nd = rb_next(nd);
		ST_ASSERT(vma->vm_start < vma->vm_end && PAGE_ALIGNED(vma->vm_start) &&
			  PAGE_ALIGNED(vma->vm_end), "bad range %lx-%lx", vma->vm_start, vma->vm_end);
		ST_ASSERT(vma->vm_start >= prev_end, "overlap or disorder at %lx", vma->vm_start);
		ST_ASSERT(vma->vm_mm == mm, "foreign VMA");
		ST_ASSERT((vma->anon_vma == NULL) == list_empty(&vma->anon_vma_chain),
			  "anon_vma and chain disagree at %lx", vma->vm_start);
		ST_ASSERT(find_vma(mm, vma->vm_start) == vma && find_vma(mm, vma->vm_end - 1) == vma,
			  "find_vma misses %lx", vma->vm_start);
		prev_end = vma->vm_end;
		total += vma_pages(vma);
		count++;
	}
	ST_ASSERT(!nd, "tree has extra nodes");
	ST_ASSERT(count == mm->map_count, "map_count %d, %d VMAs", mm->map_count, count);
	ST_ASSERT(total == mm->total_vm, "total_vm %lu, VMAs hold %lu", mm->total_vm, total);
	return 0;
}

static int vma_merge_split_test(void)
{
	struct mm_struct *mm = mm_alloc();
	struct vm_area_struct *vma;
	unsigned long a1, a2;
	int ret = -1;

	ST_ASSERT(mm, "mm_alloc");
	if (test_map_fixed(mm, A, 16) != A || test_map_fixed(mm, A + P(16), 16) != A + P(16))
		goto out;
	if (check_vmas(mm) || mm->map_count != 1)
		goto fail;
	test_poke(mm, A + P(5), 5, 0);

	/* Top-down placement; neighbours merge. */
	a1 = test_mmap(mm, 0, P(4), PROT_READ | PROT_WRITE, MAP_PRIVATE);
	a2 = test_mmap(mm, 0, P(4), PROT_READ | PROT_WRITE, MAP_PRIVATE);
	if (IS_ERR_VALUE(a1) || a2 != a1 - P(4) || a1 + P(4) > mm->mmap_base) {
		st_diag("placement %lx then %lx, mmap_base %lx", a1, a2, mm->mmap_base);
		goto fail;
	}
	if (check_vmas(mm) || mm->map_count != 2)
		goto fail;

	/* mprotect splits into three and merges back. */
	if (test_mprotect(mm, A + P(4), P(4), PROT_READ) || check_vmas(mm) || mm->map_count != 4)
		goto fail;
	vma = vma_lookup(mm, A + P(5));
	if (!vma || vma->vm_start != A + P(4) || vma->vm_end != A + P(8) ||
	    (vma->vm_flags & VM_WRITE) || test_peek(mm, A + P(5)) != 5)
		goto fail;
	if (test_mprotect(mm, A + P(4), P(4), PROT_READ | PROT_WRITE) || check_vmas(mm) ||
	    mm->map_count != 2)
		goto fail;
	if (test_mprotect(mm, A + P(40), P(4), PROT_READ) != -ENOMEM ||
	    test_mprotect(mm, A + 1, P(1), PROT_READ) != -EINVAL ||
	    test_mprotect(mm, A, P(1), 0x1000) != -EINVAL)
		goto fail;

	/* munmap cuts a hole; repeating it is fine; bad arguments are not. */
	if (test_munmap(mm, A + P(8), P(4)) || check_vmas(mm) || mm->map_count != 3 ||
	    test_munmap(mm, A + P(8), P(4)) || test_munmap(mm, A + 1, P(1)) != -EINVAL ||
	    test_munmap(mm, A, 0) != -EINVAL || test_peek(mm, A + P(9)) != -1 ||
	    test_peek(mm, A + P(5)) != 5)
		goto fail;
	/* Unmapping across several VMAs and holes. */
	if (test_munmap(mm, A + P(2), P(28)) || check_vmas(mm) || mm->map_count != 3 ||
	    mm->total_vm != 2 + 2 + 8)
		goto fail;
	ret = 0;
	goto out;
fail:
	check_vmas(mm);
	st_diag("map_count %d total_vm %lu", mm->map_count, mm->total_vm);
out:
	mmput(mm);
	return ret;
}
DEFINE_SELFTEST("vma: merge on growth, split and re-merge on mprotect/munmap", vma_merge_split_test);

static int mmap_rules_test(void)
{
	struct mm_struct *mm = mm_alloc();
	unsigned long r = 0, populate;
	int saved_max = sysctl_max_map_count, ret = -1;

	ST_ASSERT(mm, "mm_alloc");
	mmap_write_lock(mm);
	if (do_mmap(mm, NULL, 0, 0, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, 0, &populate) !=
	    (unsigned long)-EINVAL)
		goto fail_locked;
	if (do_mmap(mm, NULL, 0, P(1), PROT_READ, MAP_ANONYMOUS, 0, &populate) !=
	    (unsigned long)-EINVAL)
		goto fail_locked;
	if (do_mmap(mm, NULL, 0, 1UL << 62, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, 0,
		    &populate) != (unsigned long)-ENOMEM)
		goto fail_locked;
	if (do_mmap(mm, NULL, A + 1, P(1), PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, 0,
		    &populate) != (unsigned long)-EINVAL)
		goto fail_locked;
	if (do_mmap(mm, NULL, 0x1000, P(1), PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, 0,
		    &populate) != (unsigned long)-EPERM)
		goto fail_locked;
	if (do_mmap(mm, NULL, A, P(1), PROT_READ, MAP_SHARED | MAP_ANONYMOUS | MAP_GROWSDOWN, 0,
		    &populate) != (unsigned long)-EINVAL)
		goto fail_locked;
	mmap_write_unlock(mm);

	if (test_map_fixed(mm, A, 4) != A)
		goto out;
	r = test_mmap(mm, A + P(2), P(1), PROT_READ, MAP_PRIVATE | MAP_FIXED_NOREPLACE);
	if (r != (unsigned long)-EEXIST)
		goto fail;
	r = test_mmap(mm, A + P(8), P(1), PROT_READ, MAP_PRIVATE);	/* a free hint is used */
	if (r != A + P(8))
		goto fail;
	r = test_mmap(mm, A + P(1), P(1), PROT_READ, MAP_PRIVATE);	/* a taken one is not */
	if (r == A + P(1) || IS_ERR_VALUE(r))
		goto fail;
	r = test_mmap(mm, 0, P(1), PROT_READ, MAP_PRIVATE | MAP_32BIT);
	if (r < 0x40000000UL || r >= 0x80000000UL)
		goto fail;
	r = test_mmap(mm, 0, P(8), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_POPULATE);
	if (IS_ERR_VALUE(r) || get_mm_counter(mm, MM_ANONPAGES) != 8)
		goto fail;
	/* MAP_FIXED replaces: the page comes back zeroed. */
	test_poke(mm, A, 9, 0);
	if (test_map_fixed(mm, A, 1) != A || test_peek(mm, A) != 0)
		goto fail;

	/* vm.max_map_count: new mappings and hole-punching splits hit it. */
	sysctl_max_map_count = mm->map_count + 1;
	if (IS_ERR_VALUE(test_mmap(mm, A + P(100), P(1), PROT_READ, MAP_PRIVATE | MAP_FIXED)))
		goto fail;
	if (test_mmap(mm, A + P(200), P(1), PROT_READ, MAP_PRIVATE | MAP_FIXED) !=
	    (unsigned long)-ENOMEM || test_munmap(mm, A + P(2), P(1)) != -ENOMEM)
		goto fail;
	sysctl_max_map_count = saved_max;
	ret = check_vmas(mm);
	goto out;
fail_locked:
	mmap_write_unlock(mm);
fail:
	st_diag("unexpected result %ld", (long)r);
out:
	sysctl_max_map_count = saved_max;
	mmput(mm);
	return ret;
}
DEFINE_SELFTEST("mmap: argument rules, placement, NOREPLACE, POPULATE, map_count limit",
		mmap_rules_test);

static int brk_test(void)
{
	struct mm_struct *mm = mm_alloc();
	unsigned long start = A + 0x123, page = PAGE_ALIGN(start), r;
	int ret = -1;

	ST_ASSERT(mm, "mm_alloc");
	mm->start_brk = mm->brk = start;
	mmap_write_lock(mm);
	r = do_brk_mm(mm, start + P(256));
	mmap_write_unlock(mm);
	if (r != start + P(256) || test_peek(mm, start + P(100)) != 0 ||
	    !test_poke(mm, start + P(200), 1, 0) || !test_poke(mm, page + P(1), 2, 0))
		goto out;
	mmap_write_lock(mm);
	r = do_brk_mm(mm, start);	/* shrink: the pages above go */
	mmap_write_unlock(mm);
	if (r != start || test_peek(mm, page + P(1)) != -1 ||
	    get_mm_counter(mm, MM_ANONPAGES) != 0)
		goto out;
	mmap_write_lock(mm);
	r = do_brk_mm(mm, start + P(16));
	mmap_write_unlock(mm);
	if (r != start + P(16) || test_peek(mm, page + P(1)) != 0)
		goto out;
	mmap_write_lock(mm);
	/* Too large, below the start, into the next mapping: unchanged. */
	if (do_brk_mm(mm, 1UL << 46) != r || do_brk_mm(mm, 0x1000) != r)
		goto out_locked;
	mmap_write_unlock(mm);
	if (test_map_fixed(mm, page + P(32), 1) != page + P(32))
		goto out;
	mmap_write_lock(mm);
	if (do_brk_mm(mm, page + P(40)) != r || do_brk_mm(mm, page + P(31)) != page + P(31))
		goto out_locked;
	mmap_write_unlock(mm);
	ret = check_vmas(mm);
	goto out;
out_locked:
	mmap_write_unlock(mm);
out:
	mmput(mm);
	return ret;
}
DEFINE_SELFTEST("brk: grows zeroed, shrinking frees, refuses bad values", brk_test);

static int mremap_test(void)
{
	struct mm_struct *mm = mm_alloc();
	unsigned long q, r;
	struct page *page;
	int ret = -1;

	ST_ASSERT(mm, "mm_alloc");
	if (test_map_fixed(mm, A, 4) != A)
		goto out;
	for (int i = 0; i < 4; i++)
		test_poke(mm, A + P(i), 0x40 + i, 0);
	if (test_mmap(mm, A + P(4), P(1), PROT_READ, MAP_PRIVATE | MAP_FIXED_NOREPLACE) != A + P(4))
		goto out;
	mmap_write_lock(mm);
	r = do_mremap_mm(mm, A, P(4), P(64), 0, 0);
	q = do_mremap_mm(mm, A, P(4), P(64), MREMAP_MAYMOVE, 0);
	mmap_write_unlock(mm);
	if (r != (unsigned long)-ENOMEM || IS_ERR_VALUE(q) || q == A)
		goto fail;
	for (int i = 0; i < 4; i++)
		if (test_peek(mm, q + P(i)) != 0x40 + i)
			goto fail;
	if (test_peek(mm, q + P(10)) != 0 || test_peek(mm, A) != -1)
		goto fail;
	/* rmap follows the move: the page is found at its new address. */
	page = test_page_at(mm, q + P(2));
	if (!page || page_address_in_vma(page, vma_lookup(mm, q + P(2))) != q + P(2))
		goto fail;

	mmap_write_lock(mm);
	r = do_mremap_mm(mm, q, P(64), P(2), 0, 0);
	mmap_write_unlock(mm);
	if (r != q || test_peek(mm, q + P(3)) != -1 || test_peek(mm, q + P(1)) != 0x41)
		goto fail;
	mmap_write_lock(mm);
	if (do_mremap_mm(mm, q + 1, P(1), P(2), MREMAP_MAYMOVE, 0) != (unsigned long)-EINVAL ||
	    do_mremap_mm(mm, q, P(1), P(2), 0x80, 0) != (unsigned long)-EINVAL ||
	    do_mremap_mm(mm, q, P(1), P(2), MREMAP_FIXED, 0) != (unsigned long)-EINVAL ||
	    do_mremap_mm(mm, A + P(900), P(1), P(2), MREMAP_MAYMOVE, 0) != (unsigned long)-EFAULT) {
		mmap_write_unlock(mm);
		goto fail;
	}
	/* Grow in place when the space after is free; move to a fixed address. */
	r = do_mremap_mm(mm, q, P(2), P(6), 0, 0);
	if (r == q)
		r = do_mremap_mm(mm, q, P(6), P(6), MREMAP_MAYMOVE | MREMAP_FIXED, A + P(32));
	mmap_write_unlock(mm);
	if (r != A + P(32) || test_peek(mm, A + P(32 + 1)) != 0x41 || test_peek(mm, q) != -1)
		goto fail;
	ret = check_vmas(mm);
	goto out;
fail:
	st_diag("mremap returned %lx / %lx", r, q);
out:
	mmput(mm);
	return ret;
}
DEFINE_SELFTEST("mremap: grow in place or move with contents, shrink, flag rules", mremap_test);

static int madvise_fork_test(void)
{
	struct mm_struct *mm = mm_alloc(), *child = NULL;
	unsigned long s;
	int ret = -1;

	ST_ASSERT(mm, "mm_alloc");
	s = test_mmap(mm, A + P(64), P(4), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED);
	if (test_map_fixed(mm, A, 8) != A || s != A + P(64))
		goto out;
	for (int i = 0; i < 8; i++)
		test_poke(mm, A + P(i), 0x33, 0);
	for (int i = 0; i < 4; i++)
		test_poke(mm, s + P(i), 0x77, 0);
	if (do_madvise(mm, A, P(2), MADV_DONTNEED) || test_peek(mm, A) != 0 ||
	    test_peek(mm, A + P(2)) != 0x33)
		goto out;
	if (do_madvise(mm, s, P(1), MADV_DONTNEED) || test_peek(mm, s) != 0x77)
		goto out;	/* shared memory keeps its data in the object */
	if (do_madvise(mm, s + P(1), P(1), MADV_REMOVE) || test_peek(mm, s + P(1)) != 0)
		goto out;
	if (do_madvise(mm, A, P(1), MADV_FREE) || do_madvise(mm, A, P(1), 12345) != -EINVAL ||
	    do_madvise(mm, A + 1, P(1), MADV_NORMAL) != -EINVAL ||
	    do_madvise(mm, A, P(1), MADV_REMOVE) != -EINVAL ||
	    do_madvise(mm, A + P(6), P(4), MADV_WILLNEED) != -ENOMEM)
		goto out;
	/* Fork flags: DONTFORK leaves a hole, WIPEONFORK gives zero pages. */
	if (do_madvise(mm, A + P(4), P(1), MADV_DONTFORK) ||
	    do_madvise(mm, A + P(5), P(1), MADV_WIPEONFORK) || check_vmas(mm))
		goto out;
	child = dup_mm(NULL, mm);
	if (!child || check_vmas(child))
		goto out;
	if (test_peek(child, A + P(4)) != -1 || test_peek(child, A + P(5)) != 0 ||
	    test_peek(child, A + P(6)) != 0x33 || test_peek(mm, A + P(5)) != 0x33)
		goto out;
	/* Shared memory stays shared with the child, even after the parent exits. */
	test_poke(child, s + P(3), 0x99, 0);
	if (test_peek(mm, s + P(3)) != 0x99)
		goto out;
	mmput(mm);
	mm = NULL;
	ret = test_peek(child, s + P(3)) == 0x99 && test_peek(child, s + P(2)) == 0x77 ? 0 : -1;
out:
	if (child)
		mmput(child);
	if (mm)
		mmput(mm);
	return ret;
}
DEFINE_SELFTEST("madvise: DONTNEED, REMOVE, hints, DONTFORK/WIPEONFORK; shared memory in fork",
		madvise_fork_test);

static int maps_format_test(void)
{
	struct mm_struct *mm = mm_alloc();
	struct vm_area_struct *vma;
	char line[160], want[160];
	unsigned long s;
	int ret = -1;

	ST_ASSERT(mm, "mm_alloc");
	if (setup_user_stack(mm, TASK_SIZE_MAX, 0, false) || test_map_fixed(mm, A, 16) != A)
		goto out;
	s = test_mmap(mm, A + P(32), P(2), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED);
	mm->start_brk = A + P(5);
	mm->brk = A + P(6);
	test_mprotect(mm, A, P(4), PROT_READ | PROT_EXEC);

	mmap_read_lock(mm);
	show_map_vma(vma_lookup(mm, A), line, sizeof(line));
	if (strcmp(line, "10000000-10004000 r-xp 00000000 00:00 0 \n"))
		goto bad;
	show_map_vma(vma_lookup(mm, A + P(5)), line, sizeof(line));
	if (strcmp(line, "10004000-10010000 rw-p 00000000 00:00 0"
			 "                                  [heap]\n"))
		goto bad;
	vma = vma_lookup(mm, TASK_SIZE_MAX - 1);
	show_map_vma(vma, line, sizeof(line));
	if (strcmp(line, "7ffffffdf000-7ffffffff000 rw-p 00000000 00:00 0"
			 "                          [stack]\n"))
		goto bad;
	show_map_vma(vma_lookup(mm, s), line, sizeof(line));
	snprintf(want, sizeof(want), "10020000-10022000 rw-s 00000000 00:01 %lu",
		 shared_anon_ino_of(vma_lookup(mm, s)));
	if (strncmp(line, want, strlen(want)) || !strstr(line, " /dev/zero (deleted)\n") ||
	    strlen(line) != 73 + strlen("/dev/zero (deleted)\n"))
		goto bad;
	mmap_read_unlock(mm);
	ret = 0;
	goto out;
bad:
	mmap_read_unlock(mm);
	st_diag("got: %s", line);
out:
	mmput(mm);
	return ret;
}
DEFINE_SELFTEST("maps: Linux's /proc/<pid>/maps line format, [heap], [stack], shared",
		maps_format_test);
