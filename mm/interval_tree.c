// SPDX-License-Identifier: GPL-2.0-only
/*
 * The interval tree of a file's VMAs (address_space->i_mmap): the file's
 * reverse map.  Each VMA covers the file pages [vm_pgoff, vm_pgoff +
 * vma_pages - 1]; a query for the pages [first, last] visits only VMAs
 * that overlap them, in O(log n + hits).
 *
 * The tree is a red-black tree ordered by first page (ties in any order),
 * augmented with the largest last page of each subtree
 * (vm_i_mmap_subtree_last): a subtree whose largest last page is below
 * the query cannot hold an overlapping VMA, and the ordering cuts off the
 * subtrees that start after the query.
 *
 * Interface (<linux/mm.h>):
 *   vma_interval_tree_insert(vma, root), vma_interval_tree_remove(vma, root)
 *   vma_interval_tree_iter_first(root, first, last)
 *   vma_interval_tree_iter_next(vma, first, last)
 *   vma_interval_tree_foreach(vma, root, first, last)
 *
 * Locking: the caller's - the file's i_mmap_rwsem, for writing around
 * insert/remove and around any change of a linked VMA's range or offset
 * (vma_rmap_lock()), for reading around walks.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/rbtree.h>

static inline unsigned long vma_first_pgoff(const struct vm_area_struct *vma)
{
	return vma->vm_pgoff;
}

static inline unsigned long vma_last_pgoff(const struct vm_area_struct *vma)
{
	return vma->vm_pgoff + vma_pages(vma) - 1;
}

static inline struct vm_area_struct *node_vma(const struct rb_node *node)
{
	return rb_entry(node, struct vm_area_struct, vm_i_mmap_rb);
}

static inline unsigned long subtree_last(const struct rb_node *node)
{
	return node_vma(node)->vm_i_mmap_subtree_last;
}

/* Recompute the cached largest last page of node's subtree. */
static void vma_it_update(struct rb_node *node)
{
	struct vm_area_struct *vma = node_vma(node);
	unsigned long max = vma_last_pgoff(vma);

	if (node->rb_left && subtree_last(node->rb_left) > max)
		max = subtree_last(node->rb_left);
	if (node->rb_right && subtree_last(node->rb_right) > max)
		max = subtree_last(node->rb_right);
	vma->vm_i_mmap_subtree_last = max;
}

void vma_interval_tree_insert(struct vm_area_struct *vma, struct rb_root *root)
{
	struct rb_node **link = &root->rb_node, *parent = NULL;
	unsigned long first = vma_first_pgoff(vma);

	while (*link) {
		parent = *link;
		link = first < vma_first_pgoff(node_vma(parent)) ? &parent->rb_left
								  : &parent->rb_right;
	}
	rb_link_node(&vma->vm_i_mmap_rb, parent, link);
	rb_insert_augmented(&vma->vm_i_mmap_rb, root, vma_it_update);
}

void vma_interval_tree_remove(struct vm_area_struct *vma, struct rb_root *root)
{
	rb_erase_augmented(&vma->vm_i_mmap_rb, root, vma_it_update);
	RB_CLEAR_NODE(&vma->vm_i_mmap_rb);
}

/*
 * The leftmost VMA overlapping [first, last] in the subtree at node, whose
 * largest last page is known to be >= first; NULL if there is none.
 */
static struct vm_area_struct *subtree_search(struct rb_node *node, unsigned long first,
					     unsigned long last)
{
	for (;;) {
		struct vm_area_struct *vma = node_vma(node);

		/* Anything on the left starts earlier: look there first. */
		if (node->rb_left && subtree_last(node->rb_left) >= first) {
			node = node->rb_left;
			continue;
		}
		/* Nodes from here on start at or after this one. */
		if (vma_first_pgoff(vma) > last)
			return NULL;
		if (vma_last_pgoff(vma) >= first)
			return vma;
		node = node->rb_right;
		if (!node || subtree_last(node) < first)
			return NULL;
	}
}

struct vm_area_struct *vma_interval_tree_iter_first(struct rb_root *root, unsigned long first,
						    unsigned long last)
{
	struct rb_node *node = root->rb_node;

	if (!node || subtree_last(node) < first)
		return NULL;
	return subtree_search(node, first, last);
}

/* The next VMA after vma, in tree order, that overlaps [first, last]. */
struct vm_area_struct *vma_interval_tree_iter_next(struct vm_area_struct *vma,
						   unsigned long first, unsigned long last)
{
	struct rb_node *node = &vma->vm_i_mmap_rb, *right = node->rb_right, *from;

	for (;;) {
		/* Everything in the right subtree comes next. */
		if (right && subtree_last(right) >= first)
			return subtree_search(right, first, last);
		/* Then the first ancestor we reach from its left side. */
		do {
			from = node;
			node = rb_parent(node);
			if (!node)
				return NULL;
			right = node->rb_right;
		} while (right == from);
		vma = node_vma(node);
		if (vma_first_pgoff(vma) > last)
			return NULL;
		if (vma_last_pgoff(vma) >= first)
			return vma;
	}
}
