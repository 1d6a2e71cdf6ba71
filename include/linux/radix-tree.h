/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Radix tree (lib/radix-tree.c): a sparse array of pointers indexed by
 * unsigned long, 64 slots per node.  The page cache keeps each file's
 * pages in one (address_space->i_pages, indexed by page offset).
 *
 *   radix_tree_preload(GFP_KERNEL);      may sleep: stocks this CPU with nodes
 *   spin_lock(&lock);
 *   err = radix_tree_insert(root, index, item);   -EEXIST, -ENOMEM
 *   spin_unlock(&lock);
 *   radix_tree_preload_end();
 *
 * Locking is the caller's: modifications and lookups of one tree must be
 * serialised by one lock (the address_space's i_pages_lock).  Insert
 * never sleeps: it takes nodes from the per-CPU preload stock first and
 * otherwise allocates with the root's gfp mask.  Items must be non-NULL
 * and have bit 0 clear.
 */
#ifndef _LINUX_RADIX_TREE_H
#define _LINUX_RADIX_TREE_H

#include <linux/types.h>

#define RADIX_TREE_MAP_SHIFT	6
#define RADIX_TREE_MAP_SIZE	(1UL << RADIX_TREE_MAP_SHIFT)
#define RADIX_TREE_MAP_MASK	(RADIX_TREE_MAP_SIZE - 1)
/* Levels needed for a full 64-bit index. */
#define RADIX_TREE_MAX_PATH	DIV_ROUND_UP(64, RADIX_TREE_MAP_SHIFT)

struct radix_tree_node {
	unsigned char shift;		/* index bits below this node's slots */
	unsigned char offset;		/* our slot in the parent */
	unsigned char count;		/* non-NULL slots */
	struct radix_tree_node *parent;
	void *slots[RADIX_TREE_MAP_SIZE];
};

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
	return root->rnode == NULL;
}

int radix_tree_preload(gfp_t gfp);
void radix_tree_preload_end(void);
int radix_tree_insert(struct radix_tree_root *root, unsigned long index, void *item);
void *radix_tree_lookup(const struct radix_tree_root *root, unsigned long index);
/* Remove and return the item at index (NULL if none); frees empty nodes. */
void *radix_tree_delete(struct radix_tree_root *root, unsigned long index);
/*
 * Up to max_items items at indices >= first_index, in index order;
 * indices[] (may be NULL) receives their indices.  Returns the number.
 */
unsigned int radix_tree_gang_lookup(const struct radix_tree_root *root, void **results,
				    unsigned long *indices, unsigned long first_index,
				    unsigned int max_items);

void radix_tree_init(void);

#endif /* _LINUX_RADIX_TREE_H */
