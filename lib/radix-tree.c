// SPDX-License-Identifier: GPL-2.0-only
/*
 * Radix tree: a sparse pointer array with 64-way nodes, grown at the top
 * when an index does not fit and shrunk again when the top node only
 * holds slot 0.  Items live only in the bottom level (shift 0).  Each
 * node carries RADIX_TREE_MAX_TAGS bitmaps; a tag bit in an interior
 * node says "some item below this slot carries the tag", so tagged
 * lookups skip untagged subtrees.
 *
 * Interface (<linux/radix-tree.h>): insert, lookup, delete, replace,
 * gang lookups (all items, or those with a tag), tag set/clear/get,
 * radix_tree_tagged(), radix_tree_range_tag_if_tagged(), and
 * radix_tree_preload()/radix_tree_preload_end() to stock nodes before
 * taking the caller's spinlock.
 *
 * Locking: writers are serialised by the caller.  Readers may run under
 * rcu_read_lock() alone, concurrently with a writer; what makes that
 * safe:
 *   - a node is completely initialised (shift, slots, tags) before the
 *     release store (rcu_assign_pointer) that links it into the tree, so
 *     a reader following the pointer never sees it half built;
 *   - an item is published the same way, so the owner's stores that set
 *     the item up (page->mapping, page->index) are visible to a reader
 *     that loads the item pointer;
 *   - readers load every slot, tag word and rnode exactly once
 *     (READ_ONCE) and never use root->height or node->count: the shift
 *     stored in each node says how much of the index space it covers, so
 *     a reader that holds the old top node while the tree grows or
 *     shrinks still walks a consistent (if slightly old) subtree;
 *   - a node that leaves the tree (emptied, or dropped from the top by
 *     shrinking) keeps its contents and is freed with call_rcu(), after
 *     every reader that could have reached it has finished.
 * The per-CPU preload stock is touched only from process context by a
 * task that does not sleep between preload and insert (the kernel is not
 * preemptive); an insert under an irq-safe lock may fall back to the
 * root's gfp mask (GFP_ATOMIC for the page cache).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/bug.h>
#include <linux/slab.h>
#include <linux/percpu.h>
#include <linux/rcupdate.h>
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

static void node_free_rcu(struct rcu_head *head)
{
	kmem_cache_free(radix_tree_node_cachep,
			container_of(head, struct radix_tree_node, rcu_head));
}

/*
 * The node is unreachable from the root; readers that found it earlier
 * may still be walking it, so it keeps its contents until a grace period
 * has passed.
 */
static void node_free(struct radix_tree_node *node)
{
	call_rcu(&node->rcu_head, node_free_rcu);
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
			kmem_cache_free(radix_tree_node_cachep, node);
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

/* Largest index below a node with this shift (relative to its base). */
static unsigned long node_span_mask(unsigned int shift)
{
	unsigned int bits = shift + RADIX_TREE_MAP_SHIFT;

	return bits >= 64 ? ~0UL : (1UL << bits) - 1;
}

/* ------------------------------------------------------------ tag bits */

static inline bool node_tag_get(const struct radix_tree_node *node, unsigned int tag,
				unsigned int off)
{
	return READ_ONCE(node->tags[tag]) & (1UL << off);
}

/* Writers only (tree lock held); single stores so readers see whole words. */
static inline void node_tag_set(struct radix_tree_node *node, unsigned int tag,
				unsigned int off)
{
	WRITE_ONCE(node->tags[tag], node->tags[tag] | (1UL << off));
}

static inline void node_tag_clear(struct radix_tree_node *node, unsigned int tag,
				  unsigned int off)
{
	WRITE_ONCE(node->tags[tag], node->tags[tag] & ~(1UL << off));
}

static inline bool node_any_tag(const struct radix_tree_node *node, unsigned int tag)
{
	return READ_ONCE(node->tags[tag]) != 0;
}

/* ------------------------------------------------------------ insertion */

static void delete_empty_nodes(struct radix_tree_root *root, struct radix_tree_node *node);

/* Add levels on top until index fits. */
static int extend_tree(struct radix_tree_root *root, unsigned long index)
{
	unsigned int height = root->rnode ? root->height : 1;

	while (index > max_index(height))
		height++;
	if (!root->rnode) {
		root->height = height;
		return 0;
	}
	while (root->height < height) {
		struct radix_tree_node *old = root->rnode;
		struct radix_tree_node *node = node_alloc(root);

		if (!node)
			return -ENOMEM;
		node->shift = root->height * RADIX_TREE_MAP_SHIFT;
		node->slots[0] = old;
		node->count = 1;
		for (unsigned int t = 0; t < RADIX_TREE_MAX_TAGS; t++)
			if (node_any_tag(old, t))
				node->tags[t] = 1;
		old->parent = node;
		old->offset = 0;
		/* The new top is complete before readers can reach it. */
		rcu_assign_pointer(root->rnode, node);
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
			if (!node) {
				/* Take back the empty nodes this insert added. */
				if (parent)
					delete_empty_nodes(root, parent);
				return -ENOMEM;
			}
			node->shift = shift;
			node->parent = parent;
			node->offset = offset;
			if (parent) {
				rcu_assign_pointer(parent->slots[offset], node);
				parent->count++;
			} else {
				rcu_assign_pointer(root->rnode, node);
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
	/* Release: the caller's set-up of item is visible before item is. */
	rcu_assign_pointer(node->slots[offset], item);
	node->count++;
	return 0;
}

/* ------------------------------------------------------------ lookup */

/*
 * The bottom node that would hold index, or NULL.  Safe under RCU: it
 * trusts only rnode and the nodes' own shifts.
 */
static struct radix_tree_node *leaf_node(const struct radix_tree_root *root,
					 unsigned long index)
{
	struct radix_tree_node *node = rcu_dereference_raw(root->rnode);

	if (!node || (index & ~node_span_mask(node->shift)))
		return NULL;
	while (node && node->shift)
		node = rcu_dereference_raw(node->slots[(index >> node->shift) &
							RADIX_TREE_MAP_MASK]);
	return node;
}

void *radix_tree_lookup(const struct radix_tree_root *root, unsigned long index)
{
	struct radix_tree_node *node = leaf_node(root, index);

	return node ? rcu_dereference_raw(node->slots[index & RADIX_TREE_MAP_MASK]) : NULL;
}

/*
 * First item at or above index below node (which covers from base);
 * with tag >= 0, only items carrying that tag.  Under RCU or the lock.
 */
static void *next_item(const struct radix_tree_node *node, unsigned long base,
		       unsigned long index, unsigned long *found, int tag)
{
	unsigned int off = index > base ? (index - base) >> node->shift : 0;

	for (; off < RADIX_TREE_MAP_SIZE; off++) {
		unsigned long sbase = base + ((unsigned long)off << node->shift);
		void *slot;
		void *item;

		if (tag >= 0 && !node_tag_get(node, tag, off))
			continue;
		slot = rcu_dereference_raw(node->slots[off]);
		if (!slot)
			continue;
		if (!node->shift) {
			*found = sbase;
			return slot;
		}
		item = next_item(slot, sbase, max(index, sbase), found, tag);
		if (item)
			return item;
	}
	return NULL;
}

static unsigned int gang_lookup(const struct radix_tree_root *root, void **results,
				unsigned long *indices, unsigned long first_index,
				unsigned int max_items, int tag)
{
	struct radix_tree_node *top = rcu_dereference_raw(root->rnode);
	unsigned long index = first_index;
	unsigned int n = 0;

	if (!top || (first_index & ~node_span_mask(top->shift)))
		return 0;
	while (n < max_items) {
		unsigned long found;
		void *item = next_item(top, 0, index, &found, tag);

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

unsigned int radix_tree_gang_lookup(const struct radix_tree_root *root, void **results,
				    unsigned long *indices, unsigned long first_index,
				    unsigned int max_items)
{
	return gang_lookup(root, results, indices, first_index, max_items, -1);
}

unsigned int radix_tree_gang_lookup_tag(const struct radix_tree_root *root, void **results,
					unsigned long *indices, unsigned long first_index,
					unsigned int max_items, unsigned int tag)
{
	if (WARN_ON(tag >= RADIX_TREE_MAX_TAGS))
		return 0;
	return gang_lookup(root, results, indices, first_index, max_items, tag);
}

/* ------------------------------------------------------------ tags */

void *radix_tree_tag_set(struct radix_tree_root *root, unsigned long index, unsigned int tag)
{
	struct radix_tree_node *leaf = leaf_node(root, index);
	unsigned int off = index & RADIX_TREE_MAP_MASK;
	struct radix_tree_node *node;
	void *item;

	if (WARN_ON(tag >= RADIX_TREE_MAX_TAGS) || !leaf)
		return NULL;
	item = leaf->slots[off];
	if (!item)
		return NULL;
	/* Bottom up; stop where the bit is already set (it is set above too). */
	for (node = leaf; node; off = node->offset, node = node->parent) {
		if (node_tag_get(node, tag, off))
			break;
		node_tag_set(node, tag, off);
	}
	return item;
}

/* Clear tag for slot off of node and every ancestor left with no such tag below. */
static void tag_clear_up(struct radix_tree_node *node, unsigned int off, unsigned int tag)
{
	for (; node; off = node->offset, node = node->parent) {
		if (!node_tag_get(node, tag, off))
			break;
		node_tag_clear(node, tag, off);
		if (node_any_tag(node, tag))
			break;
	}
}

void *radix_tree_tag_clear(struct radix_tree_root *root, unsigned long index,
			   unsigned int tag)
{
	struct radix_tree_node *leaf = leaf_node(root, index);
	unsigned int off = index & RADIX_TREE_MAP_MASK;
	void *item;

	if (WARN_ON(tag >= RADIX_TREE_MAX_TAGS) || !leaf)
		return NULL;
	item = leaf->slots[off];
	if (!item)
		return NULL;
	tag_clear_up(leaf, off, tag);
	return item;
}

bool radix_tree_tag_get(const struct radix_tree_root *root, unsigned long index,
			unsigned int tag)
{
	struct radix_tree_node *leaf = leaf_node(root, index);
	unsigned int off = index & RADIX_TREE_MAP_MASK;

	if (WARN_ON(tag >= RADIX_TREE_MAX_TAGS) || !leaf)
		return false;
	return rcu_dereference_raw(leaf->slots[off]) && node_tag_get(leaf, tag, off);
}

bool radix_tree_tagged(const struct radix_tree_root *root, unsigned int tag)
{
	struct radix_tree_node *top = rcu_dereference_raw(root->rnode);

	if (WARN_ON(tag >= RADIX_TREE_MAX_TAGS))
		return false;
	return top && node_any_tag(top, tag);
}

/* Items examined per batch while range tagging. */
#define RANGE_TAG_BATCH	16

unsigned long radix_tree_range_tag_if_tagged(struct radix_tree_root *root,
					     unsigned long *first_indexp,
					     unsigned long last_index, unsigned long nr_to_tag,
					     unsigned int fromtag, unsigned int totag)
{
	unsigned long index = *first_indexp, tagged = 0;
	unsigned long indices[RANGE_TAG_BATCH];
	void *items[RANGE_TAG_BATCH];

	if (WARN_ON(fromtag >= RADIX_TREE_MAX_TAGS || totag >= RADIX_TREE_MAX_TAGS))
		return 0;
	while (tagged < nr_to_tag && index <= last_index) {
		unsigned int want = min_t(unsigned long, RANGE_TAG_BATCH, nr_to_tag - tagged);
		unsigned int n = radix_tree_gang_lookup_tag(root, items, indices, index, want,
							    fromtag);
		unsigned int i;

		for (i = 0; i < n && indices[i] <= last_index; i++) {
			radix_tree_tag_set(root, indices[i], totag);
			tagged++;
		}
		if (i < n || n < want) {
			/* Ran past last_index or out of tagged items: done. */
			index = last_index + 1;
			break;
		}
		index = indices[n - 1] + 1;
		if (!index)
			break;		/* tagged the item at ~0UL: wrapped */
	}
	*first_indexp = index;
	return tagged;
}

/* ------------------------------------------------------------ removal */

/* Drop top levels that only lead through slot 0. */
static void shrink_tree(struct radix_tree_root *root)
{
	while (root->height > 1) {
		struct radix_tree_node *top = root->rnode;
		struct radix_tree_node *child = top->slots[0];

		if (top->count != 1 || !child)
			break;
		child->parent = NULL;
		/*
		 * child is already visible through top, so no ordering is
		 * needed; top keeps pointing at child for readers that are
		 * still on it, and goes away after a grace period.
		 */
		WRITE_ONCE(root->rnode, child);
		root->height--;
		node_free(top);
	}
}

/* Remove empty nodes from node upwards, then shrink the top. */
static void delete_empty_nodes(struct radix_tree_root *root, struct radix_tree_node *node)
{
	while (node && !node->count) {
		struct radix_tree_node *parent = node->parent;

		if (parent) {
			WRITE_ONCE(parent->slots[node->offset], NULL);
			parent->count--;
		} else {
			WRITE_ONCE(root->rnode, NULL);
			root->height = 0;
		}
		node_free(node);
		node = parent;
	}
	if (root->rnode)
		shrink_tree(root);
}

void *radix_tree_delete(struct radix_tree_root *root, unsigned long index)
{
	struct radix_tree_node *node = leaf_node(root, index);
	unsigned int offset = index & RADIX_TREE_MAP_MASK;
	void *item;

	if (!node || !node->slots[offset])
		return NULL;
	item = node->slots[offset];
	for (unsigned int t = 0; t < RADIX_TREE_MAX_TAGS; t++)
		tag_clear_up(node, offset, t);
	WRITE_ONCE(node->slots[offset], NULL);
	node->count--;
	delete_empty_nodes(root, node);
	return item;
}

void *radix_tree_replace(struct radix_tree_root *root, unsigned long index, void *item)
{
	struct radix_tree_node *node = leaf_node(root, index);
	unsigned int offset = index & RADIX_TREE_MAP_MASK;
	void *old;

	if (WARN_ON(!item || ((unsigned long)item & 1)))
		return NULL;
	if (!node || !node->slots[offset])
		return NULL;
	old = node->slots[offset];
	rcu_assign_pointer(node->slots[offset], item);
	return old;
}

void radix_tree_init(void)
{
	radix_tree_node_cachep = kmem_cache_create("radix_tree_node",
						   sizeof(struct radix_tree_node), 0,
						   SLAB_PANIC, NULL);
}
