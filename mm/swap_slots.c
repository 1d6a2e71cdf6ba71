// SPDX-License-Identifier: GPL-2.0-only
/*
 * Swap slots (Documentation/mm/swap.md): allocating them, counting their
 * users, freeing them.
 *
 * Interface (<linux/swap.h>):
 *   get_swap_page()                    a free slot, count 1 (val 0: none)
 *   swap_duplicate() / swap_free()     count + 1 / count - 1 (free at 0)
 *   swp_swapcount()                    the count
 * and for mm/swapfile.c (mm/swap.h): swap_clusters_setup() when an area
 * is set up, swap_entry_error() for bad entries.
 *
 * Each area's slots are cut into clusters of SWAPFILE_CLUSTER.  Each CPU
 * fills one cluster of each area at a time (its cursor), slot after slot,
 * so the pages one CPU writes out together land next to each other on
 * the disk; a new cluster comes from the area's list of wholly free
 * clusters, oldest first.  When no free cluster is left, a scan over the
 * clusters that still have room takes the first free slot.  A cluster is
 * on the free list exactly when no slot of it is used, some slot is
 * usable and no cursor owns it.
 *
 * Locking: si->lock guards the area's swap_map, clusters, cursors and
 * in-use count; which area to use is chosen under swap_lock
 * (swap_pick_area(), mm/swapfile.c), never with si->lock held, and
 * SWP_VALID/SWP_WRITEOK are tested again under si->lock.  Nothing here
 * sleeps or allocates memory: all of it may be called from reclaim, with
 * page table locks held.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/bitops.h>
#include <linux/mm.h>
#include <linux/swap.h>
#include <linux/swapops.h>
#include <linux/smp.h>
#include "swap.h"

/* swap_cluster.state */
#define SWAP_CLUSTER_LISTED	1	/* on the free-cluster list */
#define SWAP_CLUSTER_OWNED	2	/* a CPU's cursor is filling it */

/* ------------------------------------------------------------ bad entries */

/* Report a bad entry, once per kind; the caller returns an error. */
void swap_entry_error(const char *who, enum swap_bad_kind kind, swp_entry_t entry)
{
	static const char *const why[] = {
		[SWAP_BAD_AREA] = "no such area",
		[SWAP_BAD_OFFSET] = "no such slot",
		[SWAP_BAD_FREE] = "free slot",
	};
	static unsigned long said;

	if (test_and_set_bit(kind, &said))
		return;
	pr_err("swap: %s: bad entry %#lx (%s)\n", who, entry.val, why[kind]);
}

/*
 * The area of @entry, locked, with its slot checked: in range and not
 * SWAP_MAP_BAD.  NULL (after a message) for a bad entry.
 */
static struct swap_info_struct *lock_entry_area(swp_entry_t entry, const char *who)
{
	unsigned int type = swp_type(entry);
	unsigned long offset = swp_offset(entry);
	struct swap_info_struct *si = swap_type_to_info(type);

	if (!si) {
		swap_entry_error(who, SWAP_BAD_AREA, entry);
		return NULL;
	}
	spin_lock(&si->lock);
	if (!(si->flags & SWP_VALID)) {
		spin_unlock(&si->lock);
		swap_entry_error(who, SWAP_BAD_AREA, entry);
		return NULL;
	}
	if (!offset || offset >= si->max || si->swap_map[offset] == SWAP_MAP_BAD) {
		spin_unlock(&si->lock);
		swap_entry_error(who, SWAP_BAD_OFFSET, entry);
		return NULL;
	}
	return si;
}

/* ------------------------------------------------------------ clusters */

static struct swap_cluster *cluster_of(struct swap_info_struct *si, unsigned long offset)
{
	return &si->clusters[offset / SWAPFILE_CLUSTER];
}

/* One past the last slot of cluster @c. */
static unsigned long cluster_end(struct swap_info_struct *si, unsigned int c)
{
	return min((unsigned long)(c + 1) * SWAPFILE_CLUSTER, si->max);
}

static void free_cluster_append(struct swap_info_struct *si, unsigned int c)
{
	si->clusters[c].state = SWAP_CLUSTER_LISTED;
	si->clusters[c].next = SWAP_NO_CLUSTER;
	if (si->free_tail == SWAP_NO_CLUSTER)
		si->free_head = c;
	else
		si->clusters[si->free_tail].next = c;
	si->free_tail = c;
}

/* Take the oldest wholly free cluster for a CPU to fill. */
static unsigned int free_cluster_take(struct swap_info_struct *si)
{
	unsigned int c = si->free_head;

	if (c == SWAP_NO_CLUSTER)
		return c;
	si->free_head = si->clusters[c].next;
	if (si->free_head == SWAP_NO_CLUSTER)
		si->free_tail = SWAP_NO_CLUSTER;
	si->clusters[c].state = SWAP_CLUSTER_OWNED;
	return c;
}

/* A cursor is done with its cluster: back to the list if it emptied meanwhile. */
static void cursor_release(struct swap_info_struct *si, struct swap_cpu_cursor *cur)
{
	struct swap_cluster *cl = &si->clusters[cur->cluster];

	cl->state = 0;
	if (!cl->used && cl->usable)
		free_cluster_append(si, cur->cluster);
	cur->cluster = SWAP_NO_CLUSTER;
}

/* The next free slot of the cluster this CPU fills (a new one if needed); 0 if none. */
static unsigned long cursor_alloc(struct swap_info_struct *si, struct swap_cpu_cursor *cur)
{
	for (;;) {
		unsigned long off, end;

		if (cur->cluster == SWAP_NO_CLUSTER) {
			unsigned int c = free_cluster_take(si);

			if (c == SWAP_NO_CLUSTER)
				return 0;
			cur->cluster = c;
			cur->next = (unsigned long)c * SWAPFILE_CLUSTER;
		}
		end = cluster_end(si, cur->cluster);
		for (off = cur->next; off < end; off++) {
			if (!si->swap_map[off]) {
				cur->next = off + 1;
				return off;
			}
		}
		cursor_release(si, cur);
	}
}

/*
 * No free cluster left: the first free slot of any cluster with room,
 * going round from where the last scan stopped.
 */
static unsigned long scan_alloc(struct swap_info_struct *si)
{
	unsigned int first = si->scan_pos / SWAPFILE_CLUSTER, n;

	for (n = 0; n < si->nr_clusters; n++) {
		unsigned int c = (first + n) % si->nr_clusters;
		unsigned long off, end = cluster_end(si, c);

		if (si->clusters[c].used >= si->clusters[c].usable)
			continue;
		for (off = (unsigned long)c * SWAPFILE_CLUSTER; off < end; off++) {
			if (!si->swap_map[off]) {
				si->scan_pos = off + 1 < si->max ? off + 1 : 0;
				return off;
			}
		}
	}
	return 0;
}

/* A free slot of si, now with count 1; 0 if the area is full.  si->lock held. */
static unsigned long swap_alloc_slot(struct swap_info_struct *si)
{
	unsigned long off = cursor_alloc(si, &si->cursors[smp_processor_id()]);

	if (!off)
		off = scan_alloc(si);
	if (!off)
		return 0;
	si->swap_map[off] = 1;
	cluster_of(si, off)->used++;
	si->inuse_pages++;
	atomic_long_dec(&nr_swap_pages);
	return off;
}

/* Slot @off lost its last user.  si->lock held. */
static void swap_slot_freed(struct swap_info_struct *si, unsigned long off)
{
	struct swap_cluster *cl = cluster_of(si, off);

	cl->used--;
	si->inuse_pages--;
	/* During swapoff the area's slots are already out of the totals. */
	if (si->flags & SWP_WRITEOK)
		atomic_long_inc(&nr_swap_pages);
	if (!cl->used && !cl->state)
		free_cluster_append(si, off / SWAPFILE_CLUSTER);
}

/* Usable slots per cluster, the free-cluster list, idle cursors, si->pages. */
void swap_clusters_setup(struct swap_info_struct *si)
{
	unsigned int c, cpu;

	si->free_head = si->free_tail = SWAP_NO_CLUSTER;
	si->pages = 0;
	for (c = 0; c < si->nr_clusters; c++) {
		struct swap_cluster *cl = &si->clusters[c];
		unsigned long off;

		for (off = (unsigned long)c * SWAPFILE_CLUSTER; off < cluster_end(si, c); off++)
			if (si->swap_map[off] != SWAP_MAP_BAD)
				cl->usable++;
		si->pages += cl->usable;
		if (cl->usable)
			free_cluster_append(si, c);
	}
	for (cpu = 0; cpu < NR_CPUS; cpu++)
		si->cursors[cpu].cluster = SWAP_NO_CLUSTER;
	si->scan_pos = 0;
}

/* ------------------------------------------------------------ interface */

/**
 * get_swap_page() - allocate a swap slot
 *
 * Takes a free slot of the highest-priority area with room (areas of
 * equal priority in turn), from the cluster this CPU is filling, so that
 * consecutive calls on one CPU give consecutive slots.
 *
 * Context: any context that may take a spinlock; does not sleep or
 * allocate memory.
 * Return: the entry, its count 1; val 0 when there is no swap or no free
 * slot.
 */
swp_entry_t get_swap_page(void)
{
	int tries;

	for (tries = 0; tries <= MAX_SWAPFILES && get_nr_swap_pages() > 0; tries++) {
		struct swap_info_struct *si = swap_pick_area();
		unsigned long off = 0;

		if (!si)
			break;
		spin_lock(&si->lock);
		if (si->flags & SWP_WRITEOK)
			off = swap_alloc_slot(si);
		spin_unlock(&si->lock);
		if (off)
			return swp_entry(si->type, off);
	}
	return (swp_entry_t){ 0 };
}

/**
 * swap_duplicate() - one more user of a slot
 * @entry: a slot with a count (from get_swap_page(), or a pte)
 *
 * Context: any context that may take a spinlock; does not sleep.
 * Return: 0; -ENOENT for a bad or free entry (reported once); -ENOMEM when
 * the count is already SWAP_MAP_MAX.
 */
int swap_duplicate(swp_entry_t entry)
{
	struct swap_info_struct *si = lock_entry_area(entry, "swap_duplicate");
	unsigned short *count;
	int err = 0;

	if (!si)
		return -ENOENT;
	count = &si->swap_map[swp_offset(entry)];
	if (!*count)
		err = -ENOENT;
	else if (*count >= SWAP_MAP_MAX)
		err = -ENOMEM;
	else
		(*count)++;
	spin_unlock(&si->lock);
	if (err == -ENOENT)
		swap_entry_error("swap_duplicate", SWAP_BAD_FREE, entry);
	return err;
}

/**
 * swap_free() - one user less of a slot
 * @entry: a slot with a count
 *
 * At count 0 the slot is free for get_swap_page() again.  A bad or free
 * entry is reported once and otherwise ignored.
 *
 * Context: any context that may take a spinlock; does not sleep.
 */
void swap_free(swp_entry_t entry)
{
	struct swap_info_struct *si = lock_entry_area(entry, "swap_free");
	unsigned long off = swp_offset(entry);
	bool was_free;

	if (!si)
		return;
	was_free = !si->swap_map[off];
	if (!was_free && !--si->swap_map[off])
		swap_slot_freed(si, off);
	spin_unlock(&si->lock);
	if (was_free)
		swap_entry_error("swap_free", SWAP_BAD_FREE, entry);
}

/**
 * swp_swapcount() - the users of a slot
 * @entry: any entry
 *
 * Context: any context that may take a spinlock; does not sleep.
 * Return: the count (0 for a free slot), or -ENOENT for a bad entry.
 */
int swp_swapcount(swp_entry_t entry)
{
	struct swap_info_struct *si = lock_entry_area(entry, "swp_swapcount");
	int count;

	if (!si)
		return -ENOENT;
	count = si->swap_map[swp_offset(entry)];
	spin_unlock(&si->lock);
	return count;
}
