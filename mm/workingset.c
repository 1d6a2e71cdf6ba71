// SPDX-License-Identifier: GPL-2.0-only
/*
 * Working-set detection for file pages: shadow entries and the refault
 * distance (Documentation/mm/workingset.md has the reasoning).
 *
 * A new file page starts on the inactive list and is promoted only when
 * it is used a second time while still there.  A set of pages read over
 * and over in a cycle longer than the inactive list never gets that
 * second use in time, so without help it thrashes forever while stale
 * pages sit on the active list.  Each node therefore keeps a clock,
 * lruvec->nonresident_age, that ticks once per page leaving the inactive
 * file list (evicted or promoted).  When reclaim evicts a file page it
 * leaves a shadow entry, the clock's reading, at the page's index; when
 * the page is read in again, now minus that reading is how much longer
 * the inactive list would have had to be to keep it.  If that is no more
 * than the memory the page could take from the active set (the active
 * file list, plus anonymous memory when there is swap to put it in), the
 * page belongs to the working set and goes straight to the active list.
 *
 * Interface (<linux/swap.h>):
 *   workingset_eviction(mapping, page)	reclaim just took page out of
 *					mapping: leave its shadow
 *   workingset_refault(page, shadow)	a page read in where shadow was:
 *					activate it if it is working set
 *   workingset_activation(page)	an inactive file page was promoted
 *   workingset_forget_range(mapping, start, end)	truncation
 *   workingset_forget_mapping(mapping)	the inode is being freed
 * and shadow_take() for add_to_page_cache().
 *
 * Where shadows live.  Not in i_pages: every page-cache walker would have
 * to learn to skip them.  Each address_space of an inode has a second
 * radix tree, i_shadows, changed under the same i_pages_lock as i_pages;
 * nr_shadows counts its entries.  An entry is (age << 3) | (was working
 * set << 2) | 2: bit 0 stays clear as the radix tree requires, bit 1 set
 * so it is never NULL.
 *
 * Bounding them.  Mappings holding shadows are on shadow_mappings; a
 * shrinker prunes them when there are more than a quarter of the LRU's
 * pages in all (a shadow older than the whole LRU can never activate
 * anything, and a quarter keeps their radix-tree nodes, at worst one per
 * shadow, a small fraction of memory).  Freeing an inode drops its
 * shadows and takes its mapping off the list.
 *
 * Locking: i_shadows and nr_shadows under mapping->i_pages_lock (irq-safe).
 * shadow_mappings and every mapping's shadow_link under shadow_list_lock,
 * which nests inside i_pages_lock; so the shrinker, which needs them the
 * other way round, only trylocks i_pages_lock.  A mapping is on the list
 * iff nr_shadows > 0, changed with both locks held.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/mm.h>
#include <linux/fs.h>
#include <linux/pagemap.h>
#include <linux/radix-tree.h>
#include <linux/swap.h>
#include <linux/vmstat.h>
#include <linux/spinlock.h>
#include <linux/list.h>

#define SHADOW_TAG		2UL
#define SHADOW_WORKINGSET	4UL
#define SHADOW_AGE_SHIFT	3
#define SHADOW_AGE_MASK		(~0UL >> SHADOW_AGE_SHIFT)

static LIST_HEAD(shadow_mappings);
static DEFINE_SPINLOCK(shadow_list_lock);
static atomic_long_t nr_shadows_total;

/* Only inodes' own page caches get shadows: they have a lifetime we hook. */
static bool mapping_keeps_shadows(struct address_space *mapping)
{
	return mapping->host && mapping == &mapping->host->i_data;
}

static void *pack_shadow(unsigned long age, bool workingset)
{
	return (void *)(((age & SHADOW_AGE_MASK) << SHADOW_AGE_SHIFT) |
			(workingset ? SHADOW_WORKINGSET : 0) | SHADOW_TAG);
}

static unsigned long shadow_age(void *shadow)
{
	return (unsigned long)shadow >> SHADOW_AGE_SHIFT;
}

static bool shadow_workingset(void *shadow)
{
	return (unsigned long)shadow & SHADOW_WORKINGSET;
}

/* Tick the clock of page's node by nr pages leaving the inactive list. */
static void age_nonresident(struct page *page, unsigned long nr)
{
	atomic_long_add(nr, &node_lruvec(page_pgdat(page))->nonresident_age);
}

/* Entries gone from mapping (i_pages_lock held): the counts, and the list when none is left. */
static void shadows_dropped(struct address_space *mapping, unsigned long nr)
{
	if (!nr)
		return;
	mapping->nr_shadows -= nr;
	atomic_long_sub(nr, &nr_shadows_total);
	if (!mapping->nr_shadows) {
		spin_lock(&shadow_list_lock);
		list_del_init(&mapping->shadow_link);
		spin_unlock(&shadow_list_lock);
	}
}

/**
 * workingset_eviction() - leave a shadow where reclaim took a page out
 * @mapping: the mapping @page just left
 * @page: the page, locked, no longer in @mapping (index still valid)
 *
 * Records the node's clock (and whether the page had been in the working
 * set, PG_workingset) at @page->index, then ticks the clock.  Without a
 * tree node to spare the shadow is simply not kept.
 *
 * Context: the caller holds mapping->i_pages_lock with interrupts off.
 */
void workingset_eviction(struct address_space *mapping, struct page *page)
{
	struct lruvec *lruvec = node_lruvec(page_pgdat(page));
	unsigned long age = atomic_long_fetch_add(1, &lruvec->nonresident_age);
	void *shadow = pack_shadow(age, PageWorkingset(page));

	if (!mapping_keeps_shadows(mapping))
		return;
	if (radix_tree_replace(&mapping->i_shadows, page->index, shadow))
		return;		/* an older shadow was there: replaced */
	if (radix_tree_insert(&mapping->i_shadows, page->index, shadow))
		return;
	if (!mapping->nr_shadows++) {
		spin_lock(&shadow_list_lock);
		list_add_tail(&mapping->shadow_link, &shadow_mappings);
		spin_unlock(&shadow_list_lock);
	}
	atomic_long_inc(&nr_shadows_total);
}

/**
 * shadow_take() - remove and return the shadow at an index
 * @mapping: a mapping a page is being inserted into
 * @index: where
 *
 * Context: the caller holds mapping->i_pages_lock with interrupts off.
 * Return: the shadow entry, or NULL if there was none.
 */
void *shadow_take(struct address_space *mapping, pgoff_t index)
{
	void *shadow;

	if (!mapping->nr_shadows)
		return NULL;
	shadow = radix_tree_delete(&mapping->i_shadows, index);
	if (shadow)
		shadows_dropped(mapping, 1);
	return shadow;
}

/**
 * workingset_refault() - decide where a page read in over a shadow goes
 * @page: the new page, not yet on any LRU list
 * @shadow: what shadow_take() returned for its index (NULL: nothing to do)
 *
 * Counts the refault (workingset_refault_file) and, when the refault
 * distance is within what the page could claim from the active set,
 * marks it PG_active so lru_cache_add() files it on the active list
 * (workingset_activate_file; workingset_restore_file as well if it had
 * been in the working set before it was evicted).
 *
 * Context: any context; no locks needed.
 */
void workingset_refault(struct page *page, void *shadow)
{
	struct lruvec *lruvec;
	unsigned long now, distance, claimable;

	if (!shadow)
		return;
	lruvec = node_lruvec(page_pgdat(page));
	inc_node_page_state(page, WORKINGSET_REFAULT_FILE);
	now = atomic_long_read(&lruvec->nonresident_age);
	distance = (now - shadow_age(shadow)) & SHADOW_AGE_MASK;
	claimable = READ_ONCE(lruvec->nr_pages[LRU_ACTIVE_FILE]);
	if (get_nr_swap_pages() > 0)
		claimable += READ_ONCE(lruvec->nr_pages[LRU_ACTIVE_ANON]) +
			     READ_ONCE(lruvec->nr_pages[LRU_INACTIVE_ANON]);
	if (distance > claimable)
		return;
	SetPageActive(page);
	age_nonresident(page, 1);
	inc_node_page_state(page, WORKINGSET_ACTIVATE_FILE);
	if (shadow_workingset(shadow)) {
		SetPageWorkingset(page);
		inc_node_page_state(page, WORKINGSET_RESTORE_FILE);
	}
}

/**
 * workingset_activation() - an inactive file page was promoted
 * @page: the page
 *
 * Promotion takes a page off the inactive list as eviction does, so the
 * clock ticks.
 *
 * Context: any context.
 */
void workingset_activation(struct page *page)
{
	if (!PageSwapBacked(page))
		age_nonresident(page, 1);
}

/*
 * Delete up to limit shadows of mapping in [start, end], lowest first, and
 * take them off the counts; i_pages_lock held.  List membership is the
 * caller's (it may or may not hold shadow_list_lock).  Returns how many.
 */
static unsigned long delete_shadows(struct address_space *mapping, pgoff_t start, pgoff_t end,
				    unsigned long limit)
{
	unsigned long indices[16], dropped = 0;
	void *items[16];
	unsigned int n;

	while (dropped < limit && mapping->nr_shadows > dropped) {
		n = radix_tree_gang_lookup(&mapping->i_shadows, items, indices, start,
					   min(16UL, limit - dropped));
		for (unsigned int i = 0; i < n; i++) {
			if (indices[i] > end)
				goto out;
			radix_tree_delete(&mapping->i_shadows, indices[i]);
			dropped++;
		}
		if (!n || indices[n - 1] == ULONG_MAX)
			break;
		start = indices[n - 1] + 1;
	}
out:
	mapping->nr_shadows -= dropped;
	atomic_long_sub(dropped, &nr_shadows_total);
	return dropped;
}

/* Delete the shadows of mapping in [start, end]; i_pages_lock held. */
static void forget_locked(struct address_space *mapping, pgoff_t start, pgoff_t end)
{
	if (delete_shadows(mapping, start, end, ULONG_MAX) && !mapping->nr_shadows) {
		spin_lock(&shadow_list_lock);
		list_del_init(&mapping->shadow_link);
		spin_unlock(&shadow_list_lock);
	}
}

/**
 * workingset_forget_range() - drop the shadows of truncated indices
 * @mapping: the mapping being truncated
 * @start: first index
 * @end: last index (inclusive)
 *
 * Context: process context; takes mapping->i_pages_lock.
 */
void workingset_forget_range(struct address_space *mapping, pgoff_t start, pgoff_t end)
{
	unsigned long flags;

	if (!READ_ONCE(mapping->nr_shadows))
		return;
	spin_lock_irqsave(&mapping->i_pages_lock, flags);
	forget_locked(mapping, start, end);
	spin_unlock_irqrestore(&mapping->i_pages_lock, flags);
}

/**
 * workingset_forget_mapping() - drop every shadow of a mapping
 * @mapping: the page cache of an inode about to be freed
 *
 * Afterwards the shrinker cannot reach @mapping any more.
 *
 * Context: process context; takes mapping->i_pages_lock.
 */
void workingset_forget_mapping(struct address_space *mapping)
{
	if (mapping_keeps_shadows(mapping))
		workingset_forget_range(mapping, 0, ULONG_MAX);
}

/* ------------------------------------------------------------ shrinker */

/* Shadows kept without pruning: a quarter of the pages on the LRU lists. */
static unsigned long shadow_budget(void)
{
	struct lruvec *lruvec = node_lruvec(NODE_DATA(0));
	unsigned long lru = 0;
	enum lru_list l;

	for_each_lru(l)
		lru += READ_ONCE(lruvec->nr_pages[l]);
	return lru / 4;
}

static unsigned long shadow_count(struct shrinker *s, struct shrink_control *sc)
{
	long total = atomic_long_read(&nr_shadows_total);
	unsigned long budget = shadow_budget();

	return total > (long)budget ? total - budget : 0;
}

/*
 * Prune up to sc->nr_to_scan shadows, the lowest indices of the mappings
 * longest on the list first; each mapping visited goes to the tail so
 * the work rotates over all of them.
 */
static unsigned long shadow_scan(struct shrinker *s, struct shrink_control *sc)
{
	unsigned long want = sc->nr_to_scan, freed = 0, flags;
	unsigned int visits = 0;

	spin_lock(&shadow_list_lock);
	while (freed < want && !list_empty(&shadow_mappings) && visits++ < 64) {
		struct address_space *mapping =
			list_first_entry(&shadow_mappings, struct address_space, shadow_link);
		unsigned long n;

		list_move_tail(&mapping->shadow_link, &shadow_mappings);
		if (!spin_trylock_irqsave(&mapping->i_pages_lock, flags))
			continue;
		n = delete_shadows(mapping, 0, ULONG_MAX, want - freed);
		if (!mapping->nr_shadows)
			list_del_init(&mapping->shadow_link);	/* we hold the list lock */
		spin_unlock_irqrestore(&mapping->i_pages_lock, flags);
		freed += n;
	}
	spin_unlock(&shadow_list_lock);
	sc->nr_scanned = freed;
	return freed;
}

static struct shrinker shadow_shrinker = {
	.count_objects = shadow_count,
	.scan_objects = shadow_scan,
	.seeks = DEFAULT_SEEKS,
};

static int __init workingset_init(void)
{
	return register_shrinker(&shadow_shrinker);
}
core_initcall(workingset_init);
