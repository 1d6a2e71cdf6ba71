// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of the anonymous reverse mapping (mm/rmap.c).
 *
 * The family test forks a tree of address spaces with dup_mm() (a parent,
 * three children, two grandchildren each) that share copy-on-write pages,
 * and after every step compares, for every mapped page, the ptes an
 * rmap_walk() visits with the ptes a plain scan of all page tables finds:
 * the two sets must be equal, with no pte visited twice, and mapcount
 * must match.  Steps: after the forks; after stores that break COW in
 * some children (also a FOLL_FORCE store into a read-only VMA, and a
 * store to shared anonymous memory, which must be seen everywhere);
 * after some members exit; at the end no page may be leaked.
 *
 * Then: try_to_unmap_batched() of one page shared by 65 address spaces
 * removes every pte, marks every mm and leaves one flush pending, and
 * the page is freed after it; page_referenced() counts and clears
 * accessed bits; a chain of 1000 generations (fork, COW one page, parent
 * exits) keeps anon_vmas within twice the VMAs.
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/swap.h>
#include <asm/tlbflush.h>
#include "mm_selftest.h"

#define FAM_MAX		10
#define R1		TEST_BASE			/* private, 16 pages */
#define R1_PAGES	16
#define R2		(TEST_BASE + 0x1000000)		/* private, 4 pages, 2 touched */
#define S1		(TEST_BASE + 0x2000000)		/* shared anonymous, 4 pages */
#define MAX_RECS	(FAM_MAX * 32)

struct pte_rec {
	struct page *page;
	struct mm_struct *mm;
	unsigned long addr;
};

struct walk_log {
	struct pte_rec hits[FAM_MAX * 2];
	int n;
	bool overflow;
};

static bool log_one(struct page *page, struct vm_area_struct *vma, unsigned long addr,
		    pte_t *ptep, void *arg)
{
	struct walk_log *w = arg;

	(void)ptep;
	if (w->n == ARRAY_SIZE(w->hits)) {
		w->overflow = true;
		return false;
	}
	w->hits[w->n++] = (struct pte_rec){ page, vma->vm_mm, addr };
	return true;
}

/* Every present user pte of the live mms in mms[]. */
static int scan_ptes(struct mm_struct **mms, int nmm, struct pte_rec *recs)
{
	int n = 0;

	for (int i = 0; i < nmm; i++) {
		struct vm_area_struct *vma;

		if (!mms[i])
			continue;
		mmap_read_lock(mms[i]);
		for_each_vma(mms[i], vma) {
			for (unsigned long a = vma->vm_start; a < vma->vm_end; a += PAGE_SIZE) {
				struct page *page = test_page_at(mms[i], a);

				if (page && n < MAX_RECS)
					recs[n++] = (struct pte_rec){ page, mms[i], a };
			}
		}
		mmap_read_unlock(mms[i]);
	}
	return n;
}

/* rmap_walk() of every mapped page must find exactly the scanned ptes. */
static int check_rmap(const char *when, struct mm_struct **mms, int nmm)
{
	struct pte_rec *recs = kmalloc(sizeof(*recs) * MAX_RECS, GFP_KERNEL);
	struct walk_log *w = kmalloc(sizeof(*w), GFP_KERNEL);
	unsigned long visited = 0;
	int n, pages = 0, ret = -1;

	if (!recs || !w)
		goto out;
	n = scan_ptes(mms, nmm, recs);
	for (int i = 0; i < n; i++) {
		struct page *page = recs[i].page;
		struct rmap_walk_control rwc = { .arg = w, .rmap_one = log_one };
		int expect = 0, j;

		for (j = 0; j < i && recs[j].page != page; j++)
			;
		if (j < i)
			continue;	/* this page was checked already */
		pages++;
		for (j = i; j < n; j++)
			expect += recs[j].page == page;
		if (page_mapcount(page) != expect) {
			st_diag("%s: page %lx mapcount %d, %d ptes", when, page_to_pfn(page),
				page_mapcount(page), expect);
			goto out;
		}
		w->n = 0;
		w->overflow = false;
		rmap_walk(page, &rwc);
		visited += rwc.nr_vmas_visited;
		if (w->overflow || w->n != expect) {
			st_diag("%s: page %lx: walk found %d ptes, tables have %d", when,
				page_to_pfn(page), w->n, expect);
			goto out;
		}
		for (int h = 0; h < w->n; h++) {
			for (j = i; j < n; j++)
				if (recs[j].page == page && recs[j].mm == w->hits[h].mm &&
				    recs[j].addr == w->hits[h].addr)
					break;
			if (j == n) {
				st_diag("%s: page %lx: walk visited %lx, which does not map it", when,
					page_to_pfn(page), w->hits[h].addr);
				goto out;
			}
		}
	}
	st_diag("%s: %d ptes of %d pages match; %lu VMAs visited", when, n, pages, visited);
	ret = 0;
out:
	kfree(recs);
	kfree(w);
	return ret;
}

/* What each family member should read in R1: value[member][page]. */
static unsigned char expect_r1[FAM_MAX][R1_PAGES];

static int check_contents(struct mm_struct **mms, int nmm, unsigned char shared_byte)
{
	for (int i = 0; i < nmm; i++) {
		if (!mms[i])
			continue;
		for (int p = 0; p < R1_PAGES; p++) {
			int v = test_peek(mms[i], R1 + p * PAGE_SIZE);

			ST_ASSERT(v == expect_r1[i][p], "member %d page %d reads %d, want %d",
				  i, p, v, expect_r1[i][p]);
		}
		ST_ASSERT(test_peek(mms[i], S1 + PAGE_SIZE) == shared_byte,
			  "member %d: shared page reads %d", i, test_peek(mms[i], S1 + PAGE_SIZE));
	}
	return 0;
}

/* Store v in member m's page p of R1 and remember it. */
static bool store(struct mm_struct **mms, int m, int p, unsigned char v, unsigned int flags)
{
	expect_r1[m][p] = v;
	return test_poke(mms[m], R1 + p * PAGE_SIZE, v, flags);
}

static int rmap_family_run(void)
{
	struct mm_struct *mms[FAM_MAX] = { NULL };
	int parent_of[FAM_MAX] = { -1, 0, 0, 0, 1, 1, 2, 2, 3, 3 };
	int ret = -1;

	mms[0] = mm_alloc();
	ST_ASSERT(mms[0], "mm_alloc");
	if (IS_ERR_VALUE(test_map_fixed(mms[0], R1, R1_PAGES)) ||
	    IS_ERR_VALUE(test_map_fixed(mms[0], R2, 4)) ||
	    IS_ERR_VALUE(test_mmap(mms[0], S1, 4 * PAGE_SIZE, PROT_READ | PROT_WRITE,
				   MAP_SHARED | MAP_FIXED)))
		goto out;
	for (int p = 0; p < R1_PAGES; p++)
		if (!store(mms, 0, p, p + 1, 0))
			goto out;
	test_poke(mms[0], R2, 0x21, 0);
	test_poke(mms[0], R2 + 3 * PAGE_SIZE, 0x24, 0);
	for (int p = 0; p < 4; p++)
		test_poke(mms[0], S1 + p * PAGE_SIZE, 0x50, 0);
	/* Split R1 into three VMAs that share one anon_vma. */
	if (test_mprotect(mms[0], R1 + 4 * PAGE_SIZE, 4 * PAGE_SIZE, PROT_READ))
		goto out;

	for (int m = 1; m < FAM_MAX; m++) {
		mms[m] = dup_mm(NULL, mms[parent_of[m]]);
		if (!mms[m])
			goto out;
		memcpy(expect_r1[m], expect_r1[parent_of[m]], R1_PAGES);
	}
	if (check_rmap("after fork", mms, FAM_MAX) || check_contents(mms, FAM_MAX, 0x50))
		goto out;

	/* Break COW here and there. */
	if (!store(mms, 1, 0, 0xa0, 0) || !store(mms, 1, 1, 0xa1, 0) ||
	    !store(mms, 2, 5, 0xb5, FOLL_FORCE) || !store(mms, 4, 0, 0xc0, 0) ||
	    !store(mms, 4, 8, 0xc8, 0) || !store(mms, 0, 10, 0xda, 0) ||
	    !store(mms, 9, 15, 0xef, 0))
		goto out;
	ST_ASSERT(!test_poke(mms[3], R1 + 5 * PAGE_SIZE, 1, 0),
		  "a store into a read-only VMA without FOLL_FORCE succeeded");
	test_poke(mms[6], S1 + PAGE_SIZE, 0x66, 0);
	if (check_rmap("after COW breaks", mms, FAM_MAX) || check_contents(mms, FAM_MAX, 0x66))
		goto out;

	/* Exits: a child whose children live on, a grandchild, then the root. */
	mmput(mms[1]);
	mms[1] = NULL;
	mmput(mms[9]);
	mms[9] = NULL;
	if (check_rmap("after two exits", mms, FAM_MAX) || check_contents(mms, FAM_MAX, 0x66))
		goto out;
	mmput(mms[0]);
	mms[0] = NULL;
	if (!store(mms, 5, 2, 0x52, 0))
		goto out;
	if (check_rmap("after the root exits", mms, FAM_MAX) || check_contents(mms, FAM_MAX, 0x66))
		goto out;
	ret = 0;
out:
	for (int m = 0; m < FAM_MAX; m++)
		if (mms[m])
			mmput(mms[m]);
	return ret;
}

static int rmap_family_test(void)
{
	unsigned long before, after;
	long anon_vmas = atomic_long_read(&nr_anon_vmas);
	int attempt;

	/* The first run also fills the slab caches; the next must leak nothing. */
	if (rmap_family_run())
		return -1;
	/*
	 * The free-page count is global: a kernel thread that allocates at
	 * the same time (a new kworker, a network buffer) moves it too.  A
	 * leak of ours repeats in every run; so a difference only fails the
	 * test when three measured runs in a row all show one.
	 */
	for (attempt = 1; attempt <= 3; attempt++) {
		rcu_barrier();
		before = test_free_pages();
		if (rmap_family_run())
			return -1;
		lru_add_drain_all();	/* the LRU batches hold the last pages */
		rcu_barrier();
		after = test_free_pages();
		st_diag("measured run %d: free pages %lu before, %lu after; anon_vmas %ld -> %ld",
			attempt, before, after, anon_vmas, atomic_long_read(&nr_anon_vmas));
		if (after == before)
			break;
	}
	ST_ASSERT(after == before, "%ld pages leaked", (long)(before - after));
	ST_ASSERT(atomic_long_read(&nr_anon_vmas) == anon_vmas, "anon_vmas leaked");
	return 0;
}
DEFINE_SELFTEST("rmap: fork family, walks match page tables across COW and exits",
		rmap_family_test);

#define UNMAP_CHILDREN	64

static int rmap_unmap_test(void)
{
	struct mm_struct **mms = kcalloc(UNMAP_CHILDREN + 1, sizeof(*mms), GFP_KERNEL);
	struct tlb_unmap_batch batch;
	struct page *page;
	int ret = -1, left = 0, marked = 0;
	bool pending;

	ST_ASSERT(mms, "no memory");
	mms[0] = mm_alloc();
	if (!mms[0] || IS_ERR_VALUE(test_map_fixed(mms[0], R1, 1)) || !test_poke(mms[0], R1, 7, 0))
		goto out;
	for (int i = 1; i <= UNMAP_CHILDREN; i++) {
		mms[i] = dup_mm(NULL, mms[0]);
		if (!mms[i])
			goto out;
	}
	page = test_page_at(mms[0], R1);
	if (!page || page_mapcount(page) != UNMAP_CHILDREN + 1) {
		st_diag("mapcount %d", page ? page_mapcount(page) : -2);
		goto out;
	}
	lru_add_drain_all();	/* a new page's LRU batch holds a reference */
	get_page(page);
	tlb_unmap_batch_init(&batch);
	if (!try_to_unmap_batched(page, TTU_IGNORE_YOUNG, &batch))
		st_diag("try_to_unmap left %d mappings", page_mapcount(page));
	for (int i = 0; i <= UNMAP_CHILDREN; i++) {
		left += test_page_at(mms[i], R1) != NULL;
		marked += READ_ONCE(mms[i]->tlb_flush_batched);
	}
	pending = batch.pending;
	tlb_unmap_batch_flush(&batch);
	if (!pending || batch.pending || marked != UNMAP_CHILDREN + 1) {
		st_diag("batch pending %d, then %d; %d of %d mms marked", pending, batch.pending,
			marked, UNMAP_CHILDREN + 1);
		left++;
	}
	if (left || page_mapped(page) || page_count(page) != 1 || page->mapping) {
		st_diag("%d ptes left, mapcount %d, refcount %d", left, page_mapcount(page),
			page_count(page));
		put_page(page);
		goto out;
	}
	put_page(page);		/* the last reference: back to the allocator */
	ST_ASSERT(get_mm_counter(mms[3], MM_ANONPAGES) == 0, "rss not updated");
	/* No swap: the next touch sees a fresh zero page. */
	ret = test_peek(mms[5], R1) == 0 ? 0 : -1;
out:
	for (int i = 0; i <= UNMAP_CHILDREN; i++)
		if (mms[i])
			mmput(mms[i]);
	kfree(mms);
	return ret;
}
DEFINE_SELFTEST("rmap: batched try_to_unmap of a page shared by 65 mms clears every pte",
		rmap_unmap_test);

static int rmap_referenced_test(void)
{
	struct mm_struct *mm = mm_alloc(), *child = NULL;
	struct page *page;
	int ret = -1, r1, r2;

	ST_ASSERT(mm, "mm_alloc");
	if (IS_ERR_VALUE(test_map_fixed(mm, R1, 1)) || !test_poke(mm, R1, 1, 0))
		goto out;
	child = dup_mm(NULL, mm);
	if (!child)
		goto out;
	page = test_page_at(mm, R1);
	/* The parent's pte is young (just used); fork gives the child an old one. */
	r1 = page_referenced(page, NULL);
	r2 = page_referenced(page, NULL);
	test_peek(child, R1);	/* GUP does not set the bit: the MMU does, on access */
	st_diag("referenced %d then %d", r1, r2);
	ret = (r1 == 1 && r2 == 0) ? 0 : -1;
out:
	if (child)
		mmput(child);
	mmput(mm);
	return ret;
}
DEFINE_SELFTEST("rmap: page_referenced counts and clears accessed bits", rmap_referenced_test);

#define STORM_GENERATIONS	1000

static int rmap_fork_storm_test(void)
{
	struct mm_struct *mm = mm_alloc(), *child;
	long before = atomic_long_read(&nr_anon_vmas), peak = 0;
	int ret = -1;

	ST_ASSERT(mm, "mm_alloc");
	if (IS_ERR_VALUE(test_map_fixed(mm, R1, 4)) || !test_poke(mm, R1, 1, 0))
		goto out;
	for (int g = 0; g < STORM_GENERATIONS; g++) {
		child = dup_mm(NULL, mm);
		if (!child)
			goto out;
		if (!test_poke(child, R1 + (g % 4) * PAGE_SIZE, g & 0xff, 0)) {
			mmput(child);
			goto out;
		}
		mmput(mm);
		mm = child;
		peak = max(peak, atomic_long_read(&nr_anon_vmas) - before);
		if (atomic_long_read(&nr_anon_vmas) - before > 2 * mm->map_count) {
			st_diag("generation %d: %ld anon_vmas for %d VMAs", g,
				atomic_long_read(&nr_anon_vmas) - before, mm->map_count);
			goto out;
		}
	}
	st_diag("%d generations: at most %ld anon_vmas for %d VMA(s)", STORM_GENERATIONS, peak,
		mm->map_count);
	ret = test_peek(mm, R1 + ((STORM_GENERATIONS - 1) % 4) * PAGE_SIZE) ==
	      ((STORM_GENERATIONS - 1) & 0xff) ? 0 : -1;
out:
	mmput(mm);
	ST_ASSERT(atomic_long_read(&nr_anon_vmas) == before, "anon_vmas leaked: %ld",
		  atomic_long_read(&nr_anon_vmas) - before);
	return ret;
}
DEFINE_SELFTEST("rmap: a 1000-generation fork chain keeps anon_vmas <= 2x VMAs",
		rmap_fork_storm_test);

#define COST_CHILDREN	32
#define COST_PAGES	64

static bool count_one(struct page *page, struct vm_area_struct *vma, unsigned long addr,
		      pte_t *ptep, void *arg)
{
	(void)page;
	(void)vma;
	(void)addr;
	(void)ptep;
	(*(unsigned long *)arg)++;
	return true;
}

/*
 * Walk cost, scaled down: children that copy-on-write every page of
 * their parent must not make the walks of their own pages visit each
 * other (anon_vma_chain's point).  Counts VMAs examined per mapped page
 * over all pages, which must stay at most 3 however many children there
 * are.
 */
static int rmap_walk_cost_test(void)
{
	struct mm_struct *mms[COST_CHILDREN + 1] = { NULL };
	unsigned long visited = 0, pages = 0, ptes = 0;
	int ret = -1;

	mms[0] = mm_alloc();
	ST_ASSERT(mms[0], "mm_alloc");
	if (test_map_fixed(mms[0], R1, COST_PAGES) != R1)
		goto out;
	for (int p = 0; p < COST_PAGES; p++)
		test_poke(mms[0], R1 + p * PAGE_SIZE, 1, 0);
	for (int c = 1; c <= COST_CHILDREN; c++) {
		mms[c] = dup_mm(NULL, mms[0]);
		if (!mms[c])
			goto out;
		for (int p = 0; p < COST_PAGES; p++)
			if (!test_poke(mms[c], R1 + p * PAGE_SIZE, c, 0))
				goto out;
	}
	for (int c = 0; c <= COST_CHILDREN; c++) {
		for (int p = 0; p < COST_PAGES; p++) {
			struct page *page = test_page_at(mms[c], R1 + p * PAGE_SIZE);
			struct rmap_walk_control rwc = { .arg = &ptes, .rmap_one = count_one };

			rmap_walk(page, &rwc);
			visited += rwc.nr_vmas_visited;
			pages++;
		}
	}
	st_diag("%lu pages: %lu ptes found, %lu VMAs examined (%lu.%02lu per page)", pages, ptes,
		visited, visited / pages, visited * 100 / pages % 100);
	ret = (ptes == pages && visited <= 3 * pages) ? 0 : -1;
out:
	for (int c = 0; c <= COST_CHILDREN; c++)
		if (mms[c])
			mmput(mms[c]);
	return ret;
}
DEFINE_SELFTEST("rmap: 32 children COW 64 pages each; walks stay within 3 VMAs per page",
		rmap_walk_cost_test);
