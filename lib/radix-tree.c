// SPDX-License-Identifier: GPL-2.0-only
/*
 * Radix tree: a sparse pointer array with 64-way nodes, grown at the top
 * when an index does not fit and shrunk again when the top node only
 * holds slot 0.  Items live only in the bottom level (shift 0).
 *
 * Interface (<linux/radix-tree.h>): radix_tree_insert(),
 * radix_tree_lookup(), radix_tree_delete(), radix_tree_gang_lookup(), and
 * radix_tree_preload()/radix_tree_preload_end() to stock nodes before
 * taking the caller's spinlock.
 *
 * Locking: none inside; the caller serialises each tree.  The preload
 * stock is per CPU and touched only from process context; the kernel is
 * not preemptive, so a task that preloaded stays on its CPU until it
 * sleeps, and it does not sleep while holding the tree's spinlock.
 * Nodes are freed at once (lookups run under the same lock as updates);
 * a lockless page cache will need them freed after an RCU grace period.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/bug.h>
#include <linux/slab.h>
#include <linux/percpu.h>
#include <linux/radix-tree.h>

static struct kmem_cache *radix_tree_node_cachep;

/* Enough nodes for one insert that grows the tree to full height. */
#define RADIX_TREE_PRELOAD_SIZE	(RADIX_TREE_MAX_PATH * 2)

struct radix_tree_preload {
	unsigned int nr;
	struct radix_tree_node *nodes[RADIX_TREE_PRELOAD_SIZE];
};

static DEFINE_PER_CPU(struct radix_tree_preload, radix_tree_preloads);

static struct radix_tree_node *node_alloc(const struct radix_tree_root *root)
{
	struct radix_tree_preload *rtp = this_cpu_ptr(&radix_tree_preloads);
	struct radix_tree_node *node;

	if (rtp->nr) {
		node = rtp->nodes[--rtp->nr];
		rtp->nodes[rtp->nr] = NULL;
	} else {
		node = kmem_cache_alloc(radix_tree_node_cachep, root->gfp_mask);
		if (!node)
			return NULL;
	}
	memset(node, 0, sizeof(*node));
	return node;
}

static void node_free(struct radix_tree_node *node)
{
	kmem_cache_free(radix_tree_node_cachep, node);
}

int radix_tree_preload(gfp_t gfp)
{
	struct radix_tree_preload *rtp = this_cpu_ptr(&radix_tree_preloads);

	while (rtp->nr < RADIX_TREE_PRELOAD_SIZE) {
		struct radix_tree_node *node = kmem_cache_alloc(radix_tree_node_cachep, gfp);

		if (!node)
			return -ENOMEM;
		/* The allocation may have slept and moved us to another CPU. */
		rtp = this_cpu_ptr(&radix_tree_preloads);
		if (rtp->nr < RADIX_TREE_PRELOAD_SIZE)
			rtp->nodes[rtp->nr++] = node;
		else
			node_free(node);
	}
	return 0;
}

/* The stock stays for the next user of this CPU; nothing to release. */
void radix_tree_preload_end(void)
{
}

static unsigned long max_index(unsigned int height)
{
	unsigned int bits = height * RADIX_TREE_MAP_SHIFT;

	if (bits >= 64)
		return ~0UL;
	return (1UL << bits) - 1;
}

/* Add levels on top until index fits. */
static int extend_tree(struct radix_tree_root *root, unsigned long index)
{
	unsigned int height = root->height ? root->height : 1;

	while (index > max_index(height))
		height++;
	if (!root->rnode) {
		root->height = height;
		return 0;
	}
	while (root->height < height) {
		struct radix_tree_node *node = node_alloc(root);

		if (!node)
			return -ENOMEM;
		node->shift = root->height * RADIX_TREE_MAP_SHIFT;
		node->slots[0] = root->rnode;
		node->count = 1;
		root->rnode->parent = node;
		root->rnode->offset = 0;
		root->rnode = node;
		root->height++;
	}
	return 0;
}

int radix_tree_insert(struct radix_tree_root *root, unsigned long index, void *item)
{
	struct radix_tree_node *node, *parent = NULL;
	unsigned int shift, offset = 0;
	int err;

	if (WARN_ON(!item || ((unsigned long)item & 1)))
		return -EINVAL;
	err = extend_tree(root, index);
	if (err)
		return err;
	shift = (root->height - 1) * RADIX_TREE_MAP_SHIFT;
	node = root->rnode;
	for (;;) {
		if (!node) {
			node = node_alloc(root);
			if (!node)
				return -ENOMEM;
			node->shift = shift;
			node->parent = parent;
			node->offset = offset;
			if (parent) {
				parent->slots[offset] = node;
				parent->count++;
			} else {
				root->rnode = node;
			}
		}
		offset = (index >> shift) & RADIX_TREE_MAP_MASK;
		if (!shift)
			break;
		parent = node;
		node = node->slots[offset];
		shift -= RADIX_TREE_MAP_SHIFT;
	}
	if (node->slots[offset])
		return -EEXIST;
	node->slots[offset] = item;
	node->count++;
	return 0;
}

/* The bottom node that would hold index, or NULL. */
static struct radix_tree_node *leaf_node(const struct radix_tree_root *root,
					 unsigned long index)
{
	struct radix_tree_node *node = root->rnode;

	if (!node || index > max_index(root->height))
		return NULL;
	while (node && node->shift)
		node = node->slots[(index >> node->shift) & RADIX_TREE_MAP_MASK];
	return node;
}

void *radix_tree_lookup(const struct radix_tree_root *root, unsigned long index)
{
	struct radix_tree_node *node = leaf_node(root, index);

	return node ? node->slots[index & RADIX_TREE_MAP_MASK] : NULL;
}

/* Drop top levels that only lead through slot 0. */
static void shrink_tree(struct radix_tree_root *root)
{
	while (root->height > 1) {
		struct radix_tree_node *top = root->rnode;
		struct radix_tree_node *child = top->slots[0];

		if (top->count != 1 || !child)
			break;
		child->parent = NULL;
		root->rnode = child;
		root->height--;
		node_free(top);
	}
}

void *radix_tree_delete(struct radix_tree_root *root, unsigned long index)
{
	struct radix_tree_node *node = leaf_node(root, index);
	unsigned int offset = index & RADIX_TREE_MAP_MASK;
	void *item;

	if (!node || !node->slots[offset])
		return NULL;
	item = node->slots[offset];
	node->slots[offset] = NULL;
	node->count--;
	while (node && !node->count) {
		struct radix_tree_node *parent = node->parent;

		if (parent) {
			parent->slots[node->offset] = NULL;
			parent->count--;
		} else {
			root->rnode = NULL;
			root->height = 0;
		}
		node_free(node);
		node = parent;
	}
	if (root->rnode)
		shrink_tree(root);
	return item;
}

/* First item at or above index below node (which covers from base). */
static void *next_item(const struct radix_tree_node *node, unsigned long base,
		       unsigned long index, unsigned long *found)
{
	unsigned int off = index > base ? (index - base) >> node->shift : 0;

	for (; off < RADIX_TREE_MAP_SIZE; off++) {
		unsigned long sbase = base + ((unsigned long)off << node->shift);
		void *slot = node->slots[off];
		void *item;

		if (!slot)
			continue;
		if (!node->shift) {
			*found = sbase;
			return slot;
		}
		item = next_item(slot, sbase, max(index, sbase), found);
		if (item)
			return item;
	}
	return NULL;
}

unsigned int radix_tree_gang_lookup(const struct radix_tree_root *root, void **results,
				    unsigned long *indices, unsigned long first_index,
				    unsigned int max_items)
{
	unsigned int n = 0;
	unsigned long index = first_index;

	if (!root->rnode || first_index > max_index(root->height))
		return 0;
	while (n < max_items) {
		unsigned long found;
		void *item = next_item(root->rnode, 0, index, &found);

		if (!item)
			break;
		if (indices)
			indices[n] = found;
		results[n++] = item;
		if (found == ~0UL)
			break;
		index = found + 1;
	}
	return n;
}

void radix_tree_init(void)
{
	radix_tree_node_cachep = kmem_cache_create("radix_tree_node",
						   sizeof(struct radix_tree_node), 0,
						   SLAB_PANIC, NULL);
}
