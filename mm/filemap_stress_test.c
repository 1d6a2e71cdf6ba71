// SPDX-License-Identifier: GPL-2.0-only
/*
 * Concurrent stress test of the lockless page cache lookup.
 *
 * Readers on every CPU look pages of one fake mapping up without a lock
 * (find_get_page(), find_get_pages(), find_get_pages_contig()) while
 * writers insert, delete and replace pages at random indices.  Each page
 * carries its index in its first words, written before the page is
 * published; a reader checks that every page it gets back is the one for
 * the index it asked about (page->index and the contents agree).
 *
 * Writers recycle a private pool of pages, so a page leaves the cache and
 * comes back at another index while readers may still hold stale
 * pointers to it - the reuse the re-check after get_page_unless_zero()
 * exists for.  A pool page is reused only when the writer's is its one
 * reference, as a page allocator would (it never hands out a page a
 * speculative reference is still pinning).  At the end every pool page
 * must hold exactly the references of its owners: 1 (the writer) or 2
 * (writer and cache): any reference a reader leaked or lost shows up.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/pagemap.h>
#include <linux/sched.h>
#include <linux/jiffies.h>
#include <linux/random.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/selftest.h>
#include "filemap_test.h"
#include "internal.h"

#define STRESS_INDICES	512		/* the mapping's index space */
#define STRESS_WRITERS	2
#define STRESS_POOL	192		/* pages per writer */
#define STRESS_MS	400		/* run time */
/*
 * Each thread keeps going past the run time until it has done this many
 * operations (a loaded host may start it late), but never past
 * STRESS_MAX_MS.
 */
#define STRESS_MIN_OPS	2000
#define STRESS_MAX_MS	5000
#define STRESS_MAGIC	0x5ca1ab1e0000UL

struct stress {
	struct address_space mapping;
	unsigned long deadline;		/* jiffies */
	unsigned long hard_deadline;	/* jiffies */
	atomic_long_t lookups, hits, bad;
	atomic_long_t ops;
	int nr_readers;
};

struct stress_writer {
	struct stress *st;
	int id;
	struct page *pool[STRESS_POOL];
	u32 rnd;
};

static u32 xorshift(u32 *s)
{
	u32 x = *s;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return *s = x;
}

static void stamp(struct page *page, pgoff_t index)
{
	unsigned long *p = page_address(page);

	page->index = index;
	WRITE_ONCE(p[0], STRESS_MAGIC | index);
	WRITE_ONCE(p[1], ~index);
}

/* Is this the page that belongs at index? */
static bool page_ok(struct page *page, pgoff_t index)
{
	unsigned long *p = page_address(page);

	return page->index == index && READ_ONCE(p[0]) == (STRESS_MAGIC | index) &&
	       READ_ONCE(p[1]) == ~index;
}

/* Replace the page at index by new (both ours): rule 1 and 3 of mm/filemap.c. */
static bool replace_page(struct address_space *mapping, struct page *old, struct page *new)
{
	unsigned long flags;

	get_page(new);
	new->mapping = mapping;
	stamp(new, old->index);
	spin_lock_irqsave(&mapping->i_pages_lock, flags);
	if (radix_tree_replace(&mapping->i_pages, old->index, new) != old) {
		spin_unlock_irqrestore(&mapping->i_pages_lock, flags);
		new->mapping = NULL;
		put_page(new);
		return false;
	}
	WRITE_ONCE(old->mapping, NULL);
	spin_unlock_irqrestore(&mapping->i_pages_lock, flags);
	put_page(old);		/* the cache's reference moved to new */
	return true;
}

/* An idle pool page nobody else holds, or NULL. */
static struct page *idle_page(struct stress_writer *w)
{
	for (int tries = 0; tries < 8; tries++) {
		struct page *page = w->pool[xorshift(&w->rnd) % STRESS_POOL];

		if (!READ_ONCE(page->mapping) && page_count(page) == 1)
			return page;
	}
	return NULL;
}

/* Should a thread that has done done operations go on? */
static bool keep_going(struct stress *st, unsigned long done)
{
	if (time_before(jiffies, st->deadline))
		return true;
	return done < STRESS_MIN_OPS && time_before(jiffies, st->hard_deadline);
}

static int stress_writer_fn(void *arg)
{
	struct stress_writer *w = arg;
	struct stress *st = w->st;
	struct address_space *mapping = &st->mapping;
	unsigned long done = 0;

	while (keep_going(st, done++)) {
		/* Writer w owns the indices congruent to w. */
		pgoff_t index = (xorshift(&w->rnd) % (STRESS_INDICES / STRESS_WRITERS)) *
				STRESS_WRITERS + w->id;
		struct page *cur = find_get_page(mapping, index);
		struct page *page;

		if (!cur) {
			page = idle_page(w);
			if (page) {
				stamp(page, index);
				if (add_to_page_cache(page, mapping, index, GFP_KERNEL))
					atomic_long_inc(&st->bad);
			}
		} else {
			put_page(cur);
			page = xorshift(&w->rnd) & 1 ? idle_page(w) : NULL;
			if (page) {
				if (!replace_page(mapping, cur, page))
					atomic_long_inc(&st->bad);
			} else {
				delete_from_page_cache(cur);
			}
		}
		atomic_long_inc(&st->ops);
		if (!(atomic_long_read(&st->ops) & 63))
			cond_resched();
	}
	return 0;
}

static int stress_reader_fn(void *arg)
{
	struct stress *st = arg;
	u32 rnd = (u32)(unsigned long)current ^ 0x9e3779b9;
	struct page *pages[8];
	unsigned long done = 0;

	while (keep_going(st, done++)) {
		pgoff_t index = xorshift(&rnd) % STRESS_INDICES;
		unsigned int n, i;
		struct page *page;

		switch (xorshift(&rnd) % 3) {
		case 0:
			page = find_get_page(&st->mapping, index);
			if (page) {
				if (!page_ok(page, index))
					atomic_long_inc(&st->bad);
				atomic_long_inc(&st->hits);
				put_page(page);
			}
			break;
		case 1:
			n = find_get_pages(&st->mapping, index, ARRAY_SIZE(pages), pages);
			for (i = 0; i < n; i++) {
				/* In index order, each the page for its own index. */
				if (pages[i]->index < index || (i && pages[i]->index <= pages[i - 1]->index) ||
				    !page_ok(pages[i], pages[i]->index))
					atomic_long_inc(&st->bad);
			}
			for (i = 0; i < n; i++)
				put_page(pages[i]);
			atomic_long_add(n, &st->hits);
			break;
		default:
			n = find_get_pages_contig(&st->mapping, index, ARRAY_SIZE(pages), pages);
			for (i = 0; i < n; i++)
				if (!page_ok(pages[i], index + i))
					atomic_long_inc(&st->bad);
			for (i = 0; i < n; i++)
				put_page(pages[i]);
			atomic_long_add(n, &st->hits);
			break;
		}
		atomic_long_inc(&st->lookups);
		if (!(atomic_long_read(&st->lookups) & 255))
			cond_resched();
	}
	return 0;
}

static int filemap_stress_test(void)
{
	int nr_readers = num_online_cpus();
	struct task_struct **threads;
	struct stress_writer *w;
	struct stress *st;
	int i, j, bad_refs = 0, nthreads = nr_readers + STRESS_WRITERS;
	unsigned long start;
	unsigned int elapsed;

	st = kzalloc(sizeof(*st), GFP_KERNEL);
	w = kcalloc(STRESS_WRITERS, sizeof(*w), GFP_KERNEL);
	threads = kcalloc(nthreads, sizeof(*threads), GFP_KERNEL);
	ST_ASSERT(st && w && threads, "no memory");
	fake_mapping_init(&st->mapping, NULL);
	for (i = 0; i < STRESS_WRITERS; i++) {
		w[i].st = st;
		w[i].id = i;
		w[i].rnd = 2463534242u + i * 7919;
		for (j = 0; j < STRESS_POOL; j++) {
			w[i].pool[j] = alloc_page(GFP_KERNEL);
			ST_ASSERT(w[i].pool[j], "no page");
		}
	}
	start = jiffies;
	st->deadline = jiffies + msecs_to_jiffies(STRESS_MS);
	st->hard_deadline = jiffies + msecs_to_jiffies(STRESS_MAX_MS);
	for (i = 0; i < STRESS_WRITERS; i++)
		threads[i] = selftest_thread_start(stress_writer_fn, &w[i], "pc-stress-w", -1);
	for (i = STRESS_WRITERS; i < nthreads; i++)
		threads[i] = selftest_thread_start(stress_reader_fn, st, "pc-stress-r", -1);
	for (i = 0; i < nthreads; i++) {
		ST_ASSERT(threads[i], "cannot start thread %d", i);
		selftest_thread_reap(threads[i]);
	}
	elapsed = jiffies_to_msecs(jiffies - start);

	/* Every pool page: 1 reference (the writer's), 2 if it is in the cache. */
	for (i = 0; i < STRESS_WRITERS; i++) {
		for (j = 0; j < STRESS_POOL; j++) {
			struct page *page = w[i].pool[j];
			int want = page->mapping ? 2 : 1;

			if (page_count(page) != want) {
				st_diag("page %d/%d: count %d, want %d", i, j, page_count(page), want);
				bad_refs++;
			}
		}
	}
	st_diag("%d readers, %d writers, %u ms: %ld lookups (%ld pages found), %ld updates",
		nr_readers, STRESS_WRITERS, elapsed,
		atomic_long_read(&st->lookups), atomic_long_read(&st->hits),
		atomic_long_read(&st->ops));
	truncate_inode_pages(&st->mapping, 0);
	for (i = 0; i < STRESS_WRITERS; i++)
		for (j = 0; j < STRESS_POOL; j++)
			put_page(w[i].pool[j]);
	ST_ASSERT(!st->mapping.nrpages, "pages left after truncate");
	ST_ASSERT(!atomic_long_read(&st->bad), "%ld wrong pages or failed updates",
		  atomic_long_read(&st->bad));
	ST_ASSERT(!bad_refs, "%d pages with unbalanced references", bad_refs);
	ST_ASSERT(atomic_long_read(&st->hits) > 0 && atomic_long_read(&st->ops) > 0,
		  "nothing happened");
	kfree(threads);
	kfree(w);
	kfree(st);
	return 0;
}
DEFINE_SELFTEST("pagecache: lockless lookups vs insert/delete/replace on all CPUs",
		filemap_stress_test);
