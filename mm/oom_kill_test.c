// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of the OOM killer (mm/oom_kill.c).
 *
 * Choosing is tested on synthetic candidates fed to the same
 * oom_choice_offer() the real scan uses (boot self tests run before any
 * user process exists, so there is nothing real to choose among), plus
 * the real scoring of this kernel thread and of init.  Reaping is tested
 * on real test mms: oom_reap_mm() directly, and the oom_reaper thread
 * end to end.
 */
#include <linux/kernel.h>
#include <linux/oom.h>
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/swap.h>
#include "mm_selftest.h"
#include "internal.h"

#define P(n)	((unsigned long)(n) << PAGE_SHIFT)

/* A scale where thousandths come out even: 1000 adj units = 100000 pages. */
#define TOTAL	100000UL

/* Candidate i of a table: owner is its index + 1, so 0 means "nobody". */
static unsigned long pick(struct oom_candidate *c, int n)
{
	struct oom_choice ch = { };

	for (int i = 0; i < n; i++) {
		c[i].owner = (void *)(unsigned long)(i + 1);
		oom_choice_offer(&ch, &c[i], TOTAL);
	}
	return ch.wait ? ~0UL : (unsigned long)ch.owner;
}

static int oom_points_test(void)
{
	struct oom_candidate c = { .rss = 300, .swapents = 20, .pgtables = 5 };

	ST_ASSERT(oom_candidate_points(&c, TOTAL) == 325, "rss + swap + page tables");
	c.adj = 10;	/* 1% of TOTAL */
	ST_ASSERT(oom_candidate_points(&c, TOTAL) == 1325, "adj +10 adds 1000 pages");
	c.adj = -500;
	ST_ASSERT(oom_candidate_points(&c, TOTAL) == 325 - 50000, "adj -500 takes half");
	c.adj = OOM_SCORE_ADJ_MIN;
	ST_ASSERT(oom_candidate_points(&c, TOTAL) == LONG_MIN, "adj -1000: never");
	c.adj = 0;
	c.unkillable = true;
	ST_ASSERT(oom_candidate_points(&c, TOTAL) == LONG_MIN, "unkillable: never");
	c.unkillable = false;
	c.done = true;
	ST_ASSERT(oom_candidate_points(&c, TOTAL) == LONG_MIN, "MMF_OOM_SKIP: never");
	return 0;
}
DEFINE_SELFTEST("oom: badness is rss + swap + page tables + adj thousandths", oom_points_test);

static int oom_choice_test(void)
{
	struct oom_candidate c[4];

	/* The biggest wins. */
	memset(c, 0, sizeof(c));
	c[0].rss = 1000;
	c[1].rss = 3000;
	c[2].rss = 2000;
	ST_ASSERT(pick(c, 3) == 2, "got %lu", pick(c, 3));
	/* ... unless it is exempt: then the next biggest. */
	c[1].adj = OOM_SCORE_ADJ_MIN;
	ST_ASSERT(pick(c, 3) == 3, "got %lu", pick(c, 3));
	/* adj +1000 goes first, however small. */
	c[1].adj = 0;
	c[0].rss = 1;
	c[0].adj = OOM_SCORE_ADJ_MAX;
	ST_ASSERT(pick(c, 3) == 1, "got %lu", pick(c, 3));
	/* Kernel threads and init are never chosen, whatever they hold. */
	memset(c, 0, sizeof(c));
	c[0].rss = 90000;
	c[0].unkillable = true;
	c[1].rss = 10;
	c[2].rss = 80000;
	c[2].unkillable = true;
	ST_ASSERT(pick(c, 3) == 2, "got %lu", pick(c, 3));
	/* A tie keeps the one met first. */
	c[3].rss = 10;
	ST_ASSERT(pick(c, 4) == 2, "got %lu", pick(c, 4));
	/* Negative scores still count when nothing better exists. */
	memset(c, 0, sizeof(c));
	c[0].rss = 5;
	c[0].adj = -999;
	c[1].unkillable = true;
	ST_ASSERT(pick(c, 2) == 1, "got %lu", pick(c, 2));
	/* Nobody to choose. */
	c[0].adj = OOM_SCORE_ADJ_MIN;
	ST_ASSERT(pick(c, 2) == 0, "got %lu", pick(c, 2));
	/* A victim still dying anywhere in the list: wait, choose nobody. */
	memset(c, 0, sizeof(c));
	c[0].rss = 50000;
	c[2].rss = 10;
	c[2].dying_victim = true;
	ST_ASSERT(pick(c, 3) == ~0UL, "got %lu", pick(c, 3));
	/* A victim that is done (reaped) is skipped, not waited for. */
	c[2].dying_victim = false;
	c[2].done = true;
	c[2].rss = 99999;
	ST_ASSERT(pick(c, 3) == 1, "got %lu", pick(c, 3));
	return 0;
}
DEFINE_SELFTEST("oom: choice: biggest, adj -1000/+1000, unkillable, ties, dying victims",
		oom_choice_test);

static int oom_real_score_test(void)
{
	unsigned long total = oom_total_pages();
	struct task_struct *init;

	ST_ASSERT(total >= totalram_pages(), "total %lu", total);
	/* We are a kernel thread. */
	ST_ASSERT(oom_badness(current, total) == LONG_MIN, "kthread scored");
	ST_ASSERT(oom_score(current) == 0, "kthread oom_score %lu", oom_score(current));
	ST_ASSERT(!tsk_is_oom_victim(current), "kthread is a victim");
	init = get_pid_task_by_nr(1);
	if (init) {
		long points = oom_badness(init, total);

		put_task_struct(init);
		ST_ASSERT(points == LONG_MIN, "init scored %ld", points);
	}
	return 0;
}
DEFINE_SELFTEST("oom: kernel threads and init are never candidates", oom_real_score_test);

static int oom_scale_test(void)
{
	ST_ASSERT(oom_points_to_score(LONG_MIN, TOTAL) == 0, "unkillable");
	ST_ASSERT(oom_points_to_score(0, TOTAL) == 666, "empty: %lu",
		  oom_points_to_score(0, TOTAL));
	ST_ASSERT(oom_points_to_score(TOTAL, TOTAL) == 1333, "all of memory");
	ST_ASSERT(oom_points_to_score(2 * TOTAL, TOTAL) == 2000, "all of memory, adj +1000");
	ST_ASSERT(oom_points_to_score(-(long)TOTAL, TOTAL) == 0, "nothing, adj -1000");
	ST_ASSERT(oom_points_to_score(5 * TOTAL, TOTAL) == 2000, "clamped");
	ST_ASSERT(oom_points_to_score(TOTAL / 2, TOTAL) < oom_points_to_score(TOTAL / 2 + 200, TOTAL),
		  "grows with rss");

	ST_ASSERT(oom_adj_to_score_adj(OOM_DISABLE) == OOM_SCORE_ADJ_MIN, "-17");
	ST_ASSERT(oom_adj_to_score_adj(OOM_ADJUST_MAX) == OOM_SCORE_ADJ_MAX, "15");
	ST_ASSERT(oom_adj_to_score_adj(0) == 0, "0");
	ST_ASSERT(oom_adj_to_score_adj(-8) == -470, "-8: %d", oom_adj_to_score_adj(-8));
	ST_ASSERT(oom_score_adj_to_adj(OOM_SCORE_ADJ_MIN) == OOM_DISABLE, "-1000");
	ST_ASSERT(oom_score_adj_to_adj(OOM_SCORE_ADJ_MAX) == OOM_ADJUST_MAX, "1000");
	ST_ASSERT(oom_score_adj_to_adj(500) == 8, "500: %d", oom_score_adj_to_adj(500));
	return 0;
}
DEFINE_SELFTEST("oom: oom_score scale 0..2000 and the oom_adj mapping", oom_scale_test);

#define A		TEST_BASE
#define PRIV_PAGES	64
#define SHARED		(A + P(128))
#define LOCKED		(A + P(256))
#define SMALL_PAGES	8

/* A test mm: PRIV_PAGES private, SMALL_PAGES shared and SMALL_PAGES mlocked pages, all in. */
static struct mm_struct *victim_mm(void)
{
	struct mm_struct *mm = mm_alloc();

	if (!mm)
		return NULL;
	if (test_map_fixed(mm, A, PRIV_PAGES) != A ||
	    test_mmap(mm, SHARED, P(SMALL_PAGES), PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_FIXED) != SHARED ||
	    test_mmap(mm, LOCKED, P(SMALL_PAGES), PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_FIXED | MAP_LOCKED) != LOCKED)
		goto fail;
	for (int i = 0; i < PRIV_PAGES; i++)
		if (!test_poke(mm, A + P(i), 0x5a, 0))
			goto fail;
	for (int i = 0; i < SMALL_PAGES; i++)
		if (!test_poke(mm, SHARED + P(i), 0x33, 0) || !test_poke(mm, LOCKED + P(i), 0x44, 0))
			goto fail;
	return mm;
fail:
	mmput(mm);
	return NULL;
}

static int oom_reap_mm_test(void)
{
	unsigned long anon, free_before, free_after;
	struct mm_struct *mm = victim_mm();
	int ret = -1, i;

	ST_ASSERT(mm, "test mm");
	anon = get_mm_counter(mm, MM_ANONPAGES);
	/* New anon pages wait in per-CPU LRU batches, holding a reference. */
	lru_add_drain_all();
	free_before = test_free_pages();
	mmap_read_lock(mm);
	oom_reap_mm(mm);
	mmap_read_unlock(mm);
	lru_add_drain_all();
	free_after = test_free_pages();

	for (i = 0; i < PRIV_PAGES; i++)
		if (test_page_at(mm, A + P(i)))
			break;
	if (i < PRIV_PAGES) {
		st_diag("private page %d still mapped", i);
		goto out;
	}
	for (i = 0; i < SMALL_PAGES; i++)
		if (!test_page_at(mm, SHARED + P(i)) || !test_page_at(mm, LOCKED + P(i)))
			break;
	if (i < SMALL_PAGES) {
		st_diag("shared or mlocked page %d was taken", i);
		goto out;
	}
	if (get_mm_counter(mm, MM_ANONPAGES) != anon - PRIV_PAGES) {
		st_diag("anon pages %lu -> %lu", anon, get_mm_counter(mm, MM_ANONPAGES));
		goto out;
	}
	/* The freed pages are back (other CPUs may have allocated meanwhile). */
	if (free_after + PRIV_PAGES / 2 < free_before + PRIV_PAGES) {
		st_diag("free pages %lu -> %lu", free_before, free_after);
		goto out;
	}
	/* A reaped private VMA refuses new pages; the shared one still works. */
	if (!test_bit(MMF_UNSTABLE, &mm->flags) || test_fault(mm, A, FAULT_FLAG_WRITE) != VM_FAULT_SIGBUS ||
	    test_peek(mm, A + P(1)) != -1 || test_peek(mm, SHARED) != 0x33) {
		st_diag("after reaping: fault %#x, peek %d, shared %d", test_fault(mm, A, FAULT_FLAG_WRITE),
			test_peek(mm, A + P(1)), test_peek(mm, SHARED));
		goto out;
	}
	ret = 0;
out:
	mmput(mm);
	return ret;
}
DEFINE_SELFTEST("oom: reaping frees private anon pages, keeps shared and mlocked ones",
		oom_reap_mm_test);

#define REAPER_WAIT_MS	5000

static int oom_reaper_thread_test(void)
{
	struct mm_struct *mm = victim_mm();
	unsigned long deadline;
	int ret = -1;

	ST_ASSERT(mm, "test mm");
	oom_queue_reap(mm, 0, "selftest");
	deadline = jiffies + msecs_to_jiffies(REAPER_WAIT_MS);
	while (!test_bit(MMF_OOM_SKIP, &mm->flags) && time_before(jiffies, deadline))
		msleep(10);
	if (!test_bit(MMF_OOM_SKIP, &mm->flags)) {
		st_diag("the reaper did not finish in %d ms", REAPER_WAIT_MS);
		goto out;
	}
	if (get_mm_counter(mm, MM_ANONPAGES) != SMALL_PAGES || !test_page_at(mm, SHARED)) {
		st_diag("anon pages left %lu", get_mm_counter(mm, MM_ANONPAGES));
		goto out;
	}
	ret = 0;
out:
	mmput(mm);
	return ret;
}
DEFINE_SELFTEST("oom: the oom_reaper thread reaps a queued mm and marks it done",
		oom_reaper_thread_test);
