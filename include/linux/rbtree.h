/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Red-black trees: balanced binary search trees with O(log n) insert, erase
 * and lookup, embedded in the caller's objects like list_head.
 *
 * The tree does no comparisons of its own.  To insert, the caller walks
 * down from root->rb_node comparing keys, links the new node at the empty
 * child slot it found with rb_link_node(), then calls rb_insert_color() to
 * rebalance.  rb_erase() unlinks and rebalances.  rb_first()/rb_next() and
 * friends walk in key order.  The rb_add()/rb_find() helpers below wrap
 * the descent for callers that can express the order as a function.
 *
 * rb_root_cached additionally tracks the leftmost node so rb_first_cached()
 * is O(1) (schedulers and timer queues want that).
 *
 * Locking: none.  The caller serialises every modification of one tree and
 * every walk that may run concurrently with one.  Child-pointer updates are
 * single WRITE_ONCE() stores, but a lockless reader can still see a
 * rotation half done: it may miss nodes, so lockless lookups must be
 * validated (e.g. by a seqcount) and retried.
 *
 * Node layout: the parent pointer and the colour share one word; nodes are
 * at least 4-byte aligned, so bit 0 holds the colour (0 red, 1 black).
 */
#ifndef _LINUX_RBTREE_H
#define _LINUX_RBTREE_H

#include <linux/types.h>
#include <linux/stddef.h>
#include <linux/compiler.h>
#include <linux/container_of.h>

struct rb_node {
	unsigned long __rb_parent_color;
	struct rb_node *rb_right;
	struct rb_node *rb_left;
} __aligned(sizeof(long));

struct rb_root {
	struct rb_node *rb_node;
};

struct rb_root_cached {
	struct rb_root rb_root;
	struct rb_node *rb_leftmost;
};

#define RB_ROOT ((struct rb_root) { NULL })
#define RB_ROOT_CACHED ((struct rb_root_cached) { { NULL }, NULL })

#define RB_RED 0UL
#define RB_BLACK 1UL

#define rb_parent(node) \
	((struct rb_node *)((node)->__rb_parent_color & ~3UL))

#define rb_entry(ptr, type, member) container_of(ptr, type, member)
#define rb_entry_safe(ptr, type, member) ({				\
	__typeof__(ptr) __rbe_p = (ptr);				\
	__rbe_p ? rb_entry(__rbe_p, type, member) : NULL; })

#define RB_EMPTY_ROOT(root) (READ_ONCE((root)->rb_node) == NULL)

/*
 * A node that is on no tree points to itself as parent: RB_CLEAR_NODE()
 * marks it so, RB_EMPTY_NODE() tests it.  rb_erase() does not clear.
 */
#define RB_EMPTY_NODE(node) \
	((node)->__rb_parent_color == (unsigned long)(node))
#define RB_CLEAR_NODE(node) \
	((node)->__rb_parent_color = (unsigned long)(node))

void rb_insert_color(struct rb_node *node, struct rb_root *root);
void rb_erase(struct rb_node *node, struct rb_root *root);

/*
 * Augmented trees: every node caches a value computed from its own key and
 * its children's cached values (an interval tree keeps the largest
 * interval end of each subtree).  update(node) recomputes that value from
 * node and its children; these variants call it for each node whose set
 * of descendants changed, bottom-up, so the caches are right when they
 * return.  Link the node with rb_link_node() first, as for
 * rb_insert_color().
 */
typedef void (*rb_augment_update_t)(struct rb_node *node);
void rb_insert_augmented(struct rb_node *node, struct rb_root *root,
			 rb_augment_update_t update);
void rb_erase_augmented(struct rb_node *node, struct rb_root *root,
			rb_augment_update_t update);

struct rb_node *rb_first(const struct rb_root *root);
struct rb_node *rb_last(const struct rb_root *root);
struct rb_node *rb_next(const struct rb_node *node);
struct rb_node *rb_prev(const struct rb_node *node);

/* Put new in victim's place, with no rebalancing: keys must be equal. */
void rb_replace_node(struct rb_node *victim, struct rb_node *new,
		     struct rb_root *root);

/*
 * Post-order walk (children before parent), which lets a caller free every
 * node without rebalancing: rbtree_postorder_for_each_entry_safe().
 */
struct rb_node *rb_first_postorder(const struct rb_root *root);
struct rb_node *rb_next_postorder(const struct rb_node *node);

/* Attach node as a red leaf at *link, a NULL child slot of parent. */
static inline void rb_link_node(struct rb_node *node, struct rb_node *parent,
				struct rb_node **link)
{
	node->__rb_parent_color = (unsigned long)parent;
	node->rb_left = NULL;
	node->rb_right = NULL;
	WRITE_ONCE(*link, node);
}

/* pos and n are entries; the tree must not be touched except freeing pos. */
#define rbtree_postorder_for_each_entry_safe(pos, n, root, field)	\
	for (pos = rb_entry_safe(rb_first_postorder(root), __typeof__(*pos), field); \
	     pos && ({ n = rb_entry_safe(rb_next_postorder(&pos->field), \
					 __typeof__(*pos), field); 1; }); \
	     pos = n)

/* ------------------------------------------------------------ cached root */

#define rb_first_cached(root) ((root)->rb_leftmost)

static inline void rb_insert_color_cached(struct rb_node *node,
					  struct rb_root_cached *root,
					  bool leftmost)
{
	if (leftmost)
		root->rb_leftmost = node;
	rb_insert_color(node, &root->rb_root);
}

/* Erase node; returns the new leftmost node if node was the leftmost. */
static inline struct rb_node *rb_erase_cached(struct rb_node *node,
					      struct rb_root_cached *root)
{
	struct rb_node *leftmost = NULL;

	if (root->rb_leftmost == node)
		leftmost = root->rb_leftmost = rb_next(node);
	rb_erase(node, &root->rb_root);
	return leftmost;
}

static inline void rb_replace_node_cached(struct rb_node *victim,
					  struct rb_node *new,
					  struct rb_root_cached *root)
{
	if (root->rb_leftmost == victim)
		root->rb_leftmost = new;
	rb_replace_node(victim, new, &root->rb_root);
}

/* ------------------------------------------------------------ helpers */

/*
 * Insert node; less(a, b) is true when a sorts before b.  Equal keys go
 * after the existing ones, so insertion order is kept among equals.
 */
static __always_inline void
rb_add(struct rb_node *node, struct rb_root *tree,
       bool (*less)(struct rb_node *, const struct rb_node *))
{
	struct rb_node **link = &tree->rb_node;
	struct rb_node *parent = NULL;

	while (*link) {
		parent = *link;
		if (less(node, parent))
			link = &parent->rb_left;
		else
			link = &parent->rb_right;
	}
	rb_link_node(node, parent, link);
	rb_insert_color(node, tree);
}

/* rb_add() for a cached root; returns node if it became the leftmost. */
static __always_inline struct rb_node *
rb_add_cached(struct rb_node *node, struct rb_root_cached *tree,
	      bool (*less)(struct rb_node *, const struct rb_node *))
{
	struct rb_node **link = &tree->rb_root.rb_node;
	struct rb_node *parent = NULL;
	bool leftmost = true;

	while (*link) {
		parent = *link;
		if (less(node, parent)) {
			link = &parent->rb_left;
		} else {
			link = &parent->rb_right;
			leftmost = false;
		}
	}
	rb_link_node(node, parent, link);
	rb_insert_color_cached(node, tree, leftmost);
	return leftmost ? node : NULL;
}

/*
 * Insert node unless an equal one exists; cmp(a, b) is <0, 0, >0 as a
 * sorts before, equal to, after b.  Returns the existing node, or NULL
 * after inserting.
 */
static __always_inline struct rb_node *
rb_find_add(struct rb_node *node, struct rb_root *tree,
	    int (*cmp)(struct rb_node *, const struct rb_node *))
{
	struct rb_node **link = &tree->rb_node;
	struct rb_node *parent = NULL;
	int c;

	while (*link) {
		parent = *link;
		c = cmp(node, parent);
		if (c < 0)
			link = &parent->rb_left;
		else if (c > 0)
			link = &parent->rb_right;
		else
			return parent;
	}
	rb_link_node(node, parent, link);
	rb_insert_color(node, tree);
	return NULL;
}

/* Find a node equal to key; cmp(key, node) as for rb_find_add(). */
static __always_inline struct rb_node *
rb_find(const void *key, const struct rb_root *tree,
	int (*cmp)(const void *key, const struct rb_node *))
{
	struct rb_node *node = tree->rb_node;
	int c;

	while (node) {
		c = cmp(key, node);
		if (c < 0)
			node = node->rb_left;
		else if (c > 0)
			node = node->rb_right;
		else
			return node;
	}
	return NULL;
}

/* The leftmost node equal to key, for trees that hold duplicates. */
static __always_inline struct rb_node *
rb_find_first(const void *key, const struct rb_root *tree,
	      int (*cmp)(const void *key, const struct rb_node *))
{
	struct rb_node *node = tree->rb_node;
	struct rb_node *match = NULL;
	int c;

	while (node) {
		c = cmp(key, node);
		if (c <= 0) {
			if (!c)
				match = node;
			node = node->rb_left;
		} else {
			node = node->rb_right;
		}
	}
	return match;
}

#endif /* _LINUX_RBTREE_H */
