/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Radix tree (lib/radix-tree.c): a sparse array of pointers indexed by
 * unsigned long, 64 slots per node, with RADIX_TREE_MAX_TAGS tag bits per
 * item.  The page cache keeps each file's pages in one
 * (address_space->i_pages, indexed by page offset; tags DIRTY, WRITEBACK,
 * TOWRITE).
 *
 *   radix_tree_preload(GFP_KERNEL);      may sleep: stocks this CPU with nodes
 *   spin_lock_irqsave(&lock, flags);
 *   err = radix_tree_insert(root, index, item);   -EEXIST, -ENOMEM
 *   spin_unlock_irqrestore(&lock, flags);
 *   radix_tree_preload_end();
 *
 * Locking.  Every function that changes the tree (insert, delete,
 * replace, tag set/clear, range tagging) must be serialised by the
 * caller's lock (the address_space's i_pages_lock).  Readers may run
 * concurrently with one writer under rcu_read_lock() alone:
 * radix_tree_lookup(), radix_tree_gang_lookup(),
 * radix_tree_gang_lookup_tag(), radix_tree_tag_get() and
 * radix_tree_tagged().  Such a reader sees each slot either before or
 * after any one update (never a half-built node: nodes are fully set up
 * before a release store publishes them, and freed only after an RCU
 * grace period), but a gang lookup is not an atomic snapshot and a tag
 * read locklessly may be stale.  Items must be non-NULL and have bit 0
 * clear; an item is freed by its owner, not by the tree, so a lockless
 * reader must validate what it found (see find_get_page()).
 *
 * Insert never sleeps: it takes nodes from the per-CPU preload stock
 * first and otherwise allocates with the root's gfp mask.
 */
#ifndef _LINUX_RADIX_TREE_H
#define _LINUX_RADIX_TREE_H

#include <linux/types.h>
#include <linux/rcupdate.h>

#define RADIX_TREE_MAP_SHIFT	6
#define RADIX_TREE_MAP_SIZE	(1UL << RADIX_TREE_MAP_SHIFT)
#define RADIX_TREE_MAP_MASK	(RADIX_TREE_MAP_SIZE - 1)
/* Levels needed for a full 64-bit index. */
#define RADIX_TREE_MAX_PATH	DIV_ROUND_UP(64, RADIX_TREE_MAP_SHIFT)
/* Tag bits per item (the page cache uses 0..2). */
#define RADIX_TREE_MAX_TAGS	3

/*
 * A node.  Written only under the tree's lock.  slots[] and tags[] are
 * read locklessly (READ_ONCE) by RCU readers; shift never changes after
 * the node is published; parent/offset/count are the writers' own.
 * tags[t] bit i is set iff some item below slots[i] carries tag t.
 */
struct radix_tree_node {
	unsigned char shift;		/* index bits below this node's slots */
	unsigned char offset;		/* our slot in the parent */
	unsigned char count;		/* non-NULL slots */
	struct radix_tree_node *parent;
	struct rcu_head rcu_head;	/* deferred free */
	unsigned long tags[RADIX_TREE_MAX_TAGS];
	void *slots[RADIX_TREE_MAP_SIZE];
};

/*
 * height is the writers' bookkeeping (the top node has shift
 * (height - 1) * RADIX_TREE_MAP_SHIFT); lockless readers use only rnode
 * and the shifts stored in the nodes, so a tree that grows or shrinks
 * under them stays consistent.
 */
struct radix_tree_root {
	unsigned int height;		/* 0: empty; h levels cover 64^h indices */
	gfp_t gfp_mask;			/* for allocations beyond the preload */
	struct radix_tree_node *rnode;
};

#define RADIX_TREE_INIT(mask)	{ .height = 0, .gfp_mask = (mask), .rnode = NULL }

static inline void INIT_RADIX_TREE(struct radix_tree_root *root, gfp_t mask)
{
	root->height = 0;
	root->gfp_mask = mask;
	root->rnode = NULL;
}

static inline bool radix_tree_empty(const struct radix_tree_root *root)
{
	return READ_ONCE(root->rnode) == NULL;
}

int radix_tree_preload(gfp_t gfp);
void radix_tree_preload_end(void);
int radix_tree_insert(struct radix_tree_root *root, unsigned long index, void *item);
void *radix_tree_lookup(const struct radix_tree_root *root, unsigned long index);
/* Remove and return the item at index (NULL if none); frees empty nodes. */
void *radix_tree_delete(struct radix_tree_root *root, unsigned long index);
/*
 * Put item in place of the one at index, keeping its tags; returns the
 * old item, or NULL (and changes nothing) if index was empty.
 */
void *radix_tree_replace(struct radix_tree_root *root, unsigned long index, void *item);
/*
 * Up to max_items items at indices >= first_index, in index order;
 * indices[] (may be NULL) receives their indices.  Returns the number.
 */
unsigned int radix_tree_gang_lookup(const struct radix_tree_root *root, void **results,
				    unsigned long *indices, unsigned long first_index,
				    unsigned int max_items);

/* Tags.  set/clear return the item at index (NULL, and no change, if none). */
void *radix_tree_tag_set(struct radix_tree_root *root, unsigned long index, unsigned int tag);
void *radix_tree_tag_clear(struct radix_tree_root *root, unsigned long index,
			   unsigned int tag);
/* Is tag set on the item at index? */
bool radix_tree_tag_get(const struct radix_tree_root *root, unsigned long index,
			unsigned int tag);
/* Does any item carry tag? */
bool radix_tree_tagged(const struct radix_tree_root *root, unsigned int tag);
/* As radix_tree_gang_lookup(), only items that carry tag. */
unsigned int radix_tree_gang_lookup_tag(const struct radix_tree_root *root, void **results,
					unsigned long *indices, unsigned long first_index,
					unsigned int max_items, unsigned int tag);
/*
 * Set totag on up to nr_to_tag items in [*first_indexp, last_index] that
 * carry fromtag (tag_pages_for_writeback()).  Returns how many were
 * tagged; *first_indexp becomes the index to resume at (last_index + 1,
 * possibly wrapped to 0, when the range is done).
 */
unsigned long radix_tree_range_tag_if_tagged(struct radix_tree_root *root,
					     unsigned long *first_indexp,
					     unsigned long last_index, unsigned long nr_to_tag,
					     unsigned int fromtag, unsigned int totag);

void radix_tree_init(void);

#endif /* _LINUX_RADIX_TREE_H */
