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

/* Colour bit values in __rb_parent_color. */
#define RB_RED 0UL
#define RB_BLACK 1UL

struct rb_node {
	unsigned long __rb_parent_color;
	struct rb_node *rb_right;
	struct rb_node *rb_left;
} __aligned(sizeof(long));

struct rb_root {
	struct rb_node *rb_node;
};
#define RB_ROOT ((struct rb_root) { .rb_node = NULL })

/* A root that also remembers its leftmost node. */
struct rb_root_cached {
	struct rb_root rb_root;
	struct rb_node *rb_leftmost;
};
#define RB_ROOT_CACHED \
	((struct rb_root_cached) { .rb_root = RB_ROOT, .rb_leftmost = NULL })

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

/*
 * Attach node at *link, an empty child slot of parent (NULL for the root),
 * as a childless red node.  Rebalance with rb_insert_color() afterwards.
 */
static inline void rb_link_node(struct rb_node *node, struct rb_node *parent,
				struct rb_node **link)
{
	*node = (struct rb_node){ .__rb_parent_color = (unsigned long)parent };
	WRITE_ONCE(*link, node);
}

/*
 * Visit every entry in post-order, children first, so the body may free
 * pos: n is the next entry, fetched before the body runs.  Nothing else
 * may change the tree during the walk.  pos is NULL when the walk ends.
 */
#define __rb_postorder_entry(node, pos, field) \
	rb_entry_safe(node, __typeof__(*(pos)), field)
#define __rb_postorder_after(pos, field) \
	((pos) ? __rb_postorder_entry(rb_next_postorder(&(pos)->field), pos, field) : NULL)
#define rbtree_postorder_for_each_entry_safe(pos, n, root, field)	\
	for (pos = __rb_postorder_entry(rb_first_postorder(root), pos, field), \
	     n = __rb_postorder_after(pos, field);			\
	     pos;							\
	     pos = n, n = __rb_postorder_after(pos, field))

/* ------------------------------------------------------------ cached root */

/* O(1): the cached root keeps its leftmost node up to date. */
#define rb_first_cached(root) ((root)->rb_leftmost)

/* leftmost: the caller's descent to node went left at every step. */
static inline void rb_insert_color_cached(struct rb_node *node,
					  struct rb_root_cached *root,
					  bool leftmost)
{
	rb_insert_color(node, &root->rb_root);
	if (leftmost)
		root->rb_leftmost = node;
}

/* Erase node; returns the new leftmost node if node was the leftmost. */
static inline struct rb_node *rb_erase_cached(struct rb_node *node,
					      struct rb_root_cached *root)
{
	bool was_first = rb_first_cached(root) == node;

	if (was_first)
		root->rb_leftmost = rb_next(node);
	rb_erase(node, &root->rb_root);
	return was_first ? root->rb_leftmost : NULL;
}

static inline void rb_replace_node_cached(struct rb_node *victim,
					  struct rb_node *new,
					  struct rb_root_cached *root)
{
	rb_replace_node(victim, new, &root->rb_root);
	if (rb_first_cached(root) == victim)
		root->rb_leftmost = new;
}

/* ------------------------------------------------------------ helpers */

/*
 * Find a node equal to key; cmp(key, node) is <0, 0, >0 as key
 * sorts before, equal to, after node.
 */
static __always_inline struct rb_node *
rb_find(const void *key, const struct rb_root *tree,
	int (*cmp)(const void *key, const struct rb_node *))
{
	struct rb_node *at;

	for (at = tree->rb_node; at; ) {
		int order = cmp(key, at);

		if (!order)
			break;
		at = order < 0 ? at->rb_left : at->rb_right;
	}
	return at;
}

/*
 * The leftmost node equal to key, for trees that hold duplicates: on a
 * match, remember it and keep looking to its left.
 */
static __always_inline struct rb_node *
rb_find_first(const void *key, const struct rb_root *tree,
	      int (*cmp)(const void *key, const struct rb_node *))
{
	struct rb_node *best = NULL, *at;
	int order;

	for (at = tree->rb_node; at; at = order > 0 ? at->rb_right : at->rb_left) {
		order = cmp(key, at);
		if (!order)
			best = at;
	}
	return best;
}

/*
 * The empty slot under tree where node belongs by less(); equal keys sort
 * after the ones already there, so equals keep their insertion order.
 * *parentp gets the slot's owner (NULL for the root slot); the return
 * value says whether every step went left, i.e. node will be the first.
 */
static __always_inline bool
__rb_add_slot(struct rb_node *node, struct rb_root *tree,
	      bool (*less)(struct rb_node *, const struct rb_node *),
	      struct rb_node **parentp, struct rb_node ***slotp)
{
	struct rb_node **slot = &tree->rb_node;
	struct rb_node *owner;
	bool first = true;

	for (owner = *slot; owner; owner = *slot) {
		*parentp = owner;
		if (less(node, owner)) {
			slot = &owner->rb_left;
			continue;
		}
		slot = &owner->rb_right;
		first = false;
	}
	*slotp = slot;
	return first;
}

/* Insert node in the order less(a, b) ("a sorts before b") defines. */
static __always_inline void
rb_add(struct rb_node *node, struct rb_root *tree,
       bool (*less)(struct rb_node *, const struct rb_node *))
{
	struct rb_node *parent = NULL, **slot;

	__rb_add_slot(node, tree, less, &parent, &slot);
	rb_link_node(node, parent, slot);
	rb_insert_color(node, tree);
}

/* rb_add() for a cached root; returns node if it became the leftmost. */
static __always_inline struct rb_node *
rb_add_cached(struct rb_node *node, struct rb_root_cached *tree,
	      bool (*less)(struct rb_node *, const struct rb_node *))
{
	struct rb_node *parent = NULL, **slot;
	bool first = __rb_add_slot(node, &tree->rb_root, less, &parent, &slot);

	rb_link_node(node, parent, slot);
	rb_insert_color_cached(node, tree, first);
	return first ? node : NULL;
}

/*
 * Insert node unless an equal one exists; cmp() orders two nodes the way
 * rb_find()'s orders a key and a node.  Returns the existing node, or
 * NULL after inserting.
 */
static __always_inline struct rb_node *
rb_find_add(struct rb_node *node, struct rb_root *tree,
	    int (*cmp)(struct rb_node *, const struct rb_node *))
{
	struct rb_node **slot = &tree->rb_node;
	struct rb_node *owner = NULL;

	while (*slot) {
		int order;

		owner = *slot;
		order = cmp(node, owner);
		if (!order)
			return owner;
		slot = order < 0 ? &owner->rb_left : &owner->rb_right;
	}
	rb_link_node(node, owner, slot);
	rb_insert_color(node, tree);
	return NULL;
}

#endif /* _LINUX_RBTREE_H */
