// SPDX-License-Identifier: GPL-2.0-only
/*
 * Red-black tree rebalancing and in-order / post-order traversal.
 *
 * Interface (see <linux/rbtree.h>): rb_insert_color(), rb_erase(),
 * rb_insert_augmented(), rb_erase_augmented(), rb_replace_node(),
 * rb_first()/rb_last()/rb_next()/rb_prev(),
 * rb_first_postorder()/rb_next_postorder().
 *
 * Augmented trees: a rotation changes the descendants of exactly the two
 * nodes it moves, so it recomputes the lower one, then the upper one;
 * linking or unlinking a node changes the descendants of every node on
 * the path above that spot, which is recomputed up to the root before
 * rebalancing starts.
 *
 * Invariants kept for every tree:
 *   1. the root is black;
 *   2. a red node has no red child;
 *   3. every path from a node down to a NULL child crosses the same number
 *      of black nodes.
 * Together they bound the height by 2 * log2(n + 1).  NULL children count
 * as black.
 *
 * Locking: the caller's, see <linux/rbtree.h>.  Nothing here allocates or
 * sleeps.
 */
#include <linux/rbtree.h>

static inline bool rb_is_red(const struct rb_node *node)
{
	return node && !(node->__rb_parent_color & RB_BLACK);
}

static inline unsigned long rb_color(const struct rb_node *node)
{
	return node->__rb_parent_color & RB_BLACK;
}

static inline void rb_set_parent(struct rb_node *node, struct rb_node *parent)
{
	node->__rb_parent_color = rb_color(node) | (unsigned long)parent;
}

static inline void rb_set_color(struct rb_node *node, unsigned long color)
{
	node->__rb_parent_color = (node->__rb_parent_color & ~RB_BLACK) | color;
}

/* Make parent (or the root, if parent is NULL) point to new instead of old. */
static inline void rb_change_child(struct rb_node *old, struct rb_node *new,
				   struct rb_node *parent, struct rb_root *root)
{
	if (!parent)
		WRITE_ONCE(root->rb_node, new);
	else if (parent->rb_left == old)
		WRITE_ONCE(parent->rb_left, new);
	else
		WRITE_ONCE(parent->rb_right, new);
}

/*
 * Rotations lift a child over its parent and keep the in-order sequence.
 * Colours stay with their nodes; the callers recolour.
 *
 *        x                 y
 *       / \     left      / \
 *      a   y    ---->    x   c
 *         / \           / \
 *        b   c         a   b
 */
static void rb_rotate_left(struct rb_node *x, struct rb_root *root, rb_augment_update_t update)
{
	struct rb_node *y = x->rb_right;
	struct rb_node *parent = rb_parent(x);

	WRITE_ONCE(x->rb_right, y->rb_left);
	if (y->rb_left)
		rb_set_parent(y->rb_left, x);
	WRITE_ONCE(y->rb_left, x);
	rb_set_parent(x, y);
	rb_set_parent(y, parent);
	rb_change_child(x, y, parent, root);
	if (update) {
		update(x);
		update(y);
	}
}

static void rb_rotate_right(struct rb_node *x, struct rb_root *root, rb_augment_update_t update)
{
	struct rb_node *y = x->rb_left;
	struct rb_node *parent = rb_parent(x);

	WRITE_ONCE(x->rb_left, y->rb_right);
	if (y->rb_right)
		rb_set_parent(y->rb_right, x);
	WRITE_ONCE(y->rb_right, x);
	rb_set_parent(x, y);
	rb_set_parent(y, parent);
	rb_change_child(x, y, parent, root);
	if (update) {
		update(x);
		update(y);
	}
}

/* Recompute node and everything above it. */
static void rb_propagate(struct rb_node *node, rb_augment_update_t update)
{
	for (; node; node = rb_parent(node))
		update(node);
}

/*
 * node was just linked as a red leaf, which can only break invariant 2
 * (a red parent) or 1 (node is the root).  Walk up: a red uncle lets us
 * push the conflict two levels up by recolouring; a black uncle is fixed
 * for good by at most two rotations.
 */
static void __rb_insert_color(struct rb_node *node, struct rb_root *root,
			      rb_augment_update_t update)
{
	struct rb_node *parent, *gparent, *uncle;

	while ((parent = rb_parent(node)) && rb_is_red(parent)) {
		/* A red node is never the root, so gparent exists. */
		gparent = rb_parent(parent);

		if (parent == gparent->rb_left) {
			uncle = gparent->rb_right;
			if (rb_is_red(uncle)) {
				rb_set_color(parent, RB_BLACK);
				rb_set_color(uncle, RB_BLACK);
				rb_set_color(gparent, RB_RED);
				node = gparent;
				continue;
			}
			if (node == parent->rb_right) {
				/* Straighten the zig-zag first. */
				rb_rotate_left(parent, root, update);
				parent = node;
			}
			rb_set_color(parent, RB_BLACK);
			rb_set_color(gparent, RB_RED);
			rb_rotate_right(gparent, root, update);
		} else {
			uncle = gparent->rb_left;
			if (rb_is_red(uncle)) {
				rb_set_color(parent, RB_BLACK);
				rb_set_color(uncle, RB_BLACK);
				rb_set_color(gparent, RB_RED);
				node = gparent;
				continue;
			}
			if (node == parent->rb_left) {
				rb_rotate_right(parent, root, update);
				parent = node;
			}
			rb_set_color(parent, RB_BLACK);
			rb_set_color(gparent, RB_RED);
			rb_rotate_left(gparent, root, update);
		}
		break;
	}
	rb_set_color(root->rb_node, RB_BLACK);
}

/*
 * A black node was removed from below parent; the subtree now rooted at
 * node (possibly NULL) is one black short.  If node is red, painting it
 * black settles it.  Otherwise look at the sibling: a red sibling is
 * rotated up to turn the case into a black-sibling one; a black sibling
 * with two black children is painted red, moving the deficit up to parent;
 * a black sibling with a red child is rotated over parent, which restores
 * the count and ends the walk.
 */
static void rb_erase_fixup(struct rb_node *node, struct rb_node *parent,
			   struct rb_root *root, rb_augment_update_t update)
{
	struct rb_node *sibling;

	while (node != root->rb_node && !rb_is_red(node)) {
		if (node == parent->rb_left) {
			sibling = parent->rb_right;
			if (rb_is_red(sibling)) {
				rb_set_color(sibling, RB_BLACK);
				rb_set_color(parent, RB_RED);
				rb_rotate_left(parent, root, update);
				sibling = parent->rb_right;
			}
			if (!rb_is_red(sibling->rb_left) &&
			    !rb_is_red(sibling->rb_right)) {
				rb_set_color(sibling, RB_RED);
				node = parent;
				parent = rb_parent(node);
				continue;
			}
			if (!rb_is_red(sibling->rb_right)) {
				rb_set_color(sibling->rb_left, RB_BLACK);
				rb_set_color(sibling, RB_RED);
				rb_rotate_right(sibling, root, update);
				sibling = parent->rb_right;
			}
			rb_set_color(sibling, rb_color(parent));
			rb_set_color(parent, RB_BLACK);
			rb_set_color(sibling->rb_right, RB_BLACK);
			rb_rotate_left(parent, root, update);
		} else {
			sibling = parent->rb_left;
			if (rb_is_red(sibling)) {
				rb_set_color(sibling, RB_BLACK);
				rb_set_color(parent, RB_RED);
				rb_rotate_right(parent, root, update);
				sibling = parent->rb_left;
			}
			if (!rb_is_red(sibling->rb_left) &&
			    !rb_is_red(sibling->rb_right)) {
				rb_set_color(sibling, RB_RED);
				node = parent;
				parent = rb_parent(node);
				continue;
			}
			if (!rb_is_red(sibling->rb_left)) {
				rb_set_color(sibling->rb_right, RB_BLACK);
				rb_set_color(sibling, RB_RED);
				rb_rotate_left(sibling, root, update);
				sibling = parent->rb_left;
			}
			rb_set_color(sibling, rb_color(parent));
			rb_set_color(parent, RB_BLACK);
			rb_set_color(sibling->rb_left, RB_BLACK);
			rb_rotate_right(parent, root, update);
		}
		return;
	}
	if (node)
		rb_set_color(node, RB_BLACK);
}

/*
 * Unlink node.  With at most one child, the child takes node's place.
 * With two, node's in-order successor (leftmost of the right subtree, which
 * has no left child) is cut out of its spot and takes node's place and
 * colour, so what is physically removed is always a node with at most one
 * child.  If that removed position held a black node, rebalance from it.
 */
static void __rb_erase(struct rb_node *node, struct rb_root *root, rb_augment_update_t update)
{
	struct rb_node *child, *parent, *succ;
	unsigned long removed_color;

	if (!node->rb_left || !node->rb_right) {
		child = node->rb_left ? node->rb_left : node->rb_right;
		parent = rb_parent(node);
		removed_color = rb_color(node);
		if (child)
			rb_set_parent(child, parent);
		rb_change_child(node, child, parent, root);
	} else {
		succ = node->rb_right;
		while (succ->rb_left)
			succ = succ->rb_left;

		child = succ->rb_right;
		removed_color = rb_color(succ);
		if (rb_parent(succ) == node) {
			/* succ keeps its right subtree and moves up one. */
			parent = succ;
		} else {
			parent = rb_parent(succ);
			WRITE_ONCE(parent->rb_left, child);
			if (child)
				rb_set_parent(child, parent);
			WRITE_ONCE(succ->rb_right, node->rb_right);
			rb_set_parent(node->rb_right, succ);
		}
		WRITE_ONCE(succ->rb_left, node->rb_left);
		rb_set_parent(node->rb_left, succ);
		succ->__rb_parent_color = node->__rb_parent_color;
		rb_change_child(node, succ, rb_parent(node), root);
	}

	/* Every node above the removed spot lost a descendant. */
	if (update)
		rb_propagate(parent, update);
	if (removed_color == RB_BLACK)
		rb_erase_fixup(child, parent, root, update);
}

void rb_insert_color(struct rb_node *node, struct rb_root *root)
{
	__rb_insert_color(node, root, NULL);
}

void rb_erase(struct rb_node *node, struct rb_root *root)
{
	__rb_erase(node, root, NULL);
}

void rb_insert_augmented(struct rb_node *node, struct rb_root *root,
			 rb_augment_update_t update)
{
	/* The new leaf is a descendant of every node above it. */
	rb_propagate(node, update);
	__rb_insert_color(node, root, update);
}

void rb_erase_augmented(struct rb_node *node, struct rb_root *root,
			rb_augment_update_t update)
{
	__rb_erase(node, root, update);
}

void rb_replace_node(struct rb_node *victim, struct rb_node *new,
		     struct rb_root *root)
{
	struct rb_node *parent = rb_parent(victim);

	*new = *victim;
	if (victim->rb_left)
		rb_set_parent(victim->rb_left, new);
	if (victim->rb_right)
		rb_set_parent(victim->rb_right, new);
	rb_change_child(victim, new, parent, root);
}

struct rb_node *rb_first(const struct rb_root *root)
{
	struct rb_node *node = root->rb_node;

	if (!node)
		return NULL;
	while (node->rb_left)
		node = node->rb_left;
	return node;
}

struct rb_node *rb_last(const struct rb_root *root)
{
	struct rb_node *node = root->rb_node;

	if (!node)
		return NULL;
	while (node->rb_right)
		node = node->rb_right;
	return node;
}

/*
 * In-order successor: the leftmost node of the right subtree if there is
 * one, else the first ancestor reached from its left side.
 */
struct rb_node *rb_next(const struct rb_node *node)
{
	struct rb_node *parent;

	if (RB_EMPTY_NODE(node))
		return NULL;

	if (node->rb_right) {
		node = node->rb_right;
		while (node->rb_left)
			node = node->rb_left;
		return (struct rb_node *)node;
	}
	while ((parent = rb_parent(node)) && node == parent->rb_right)
		node = parent;
	return parent;
}

struct rb_node *rb_prev(const struct rb_node *node)
{
	struct rb_node *parent;

	if (RB_EMPTY_NODE(node))
		return NULL;

	if (node->rb_left) {
		node = node->rb_left;
		while (node->rb_right)
			node = node->rb_right;
		return (struct rb_node *)node;
	}
	while ((parent = rb_parent(node)) && node == parent->rb_left)
		node = parent;
	return parent;
}

/* Descend preferring left children, then right ones, down to a leaf. */
static struct rb_node *rb_deepest_leftish(const struct rb_node *node)
{
	for (;;) {
		if (node->rb_left)
			node = node->rb_left;
		else if (node->rb_right)
			node = node->rb_right;
		else
			return (struct rb_node *)node;
	}
}

struct rb_node *rb_first_postorder(const struct rb_root *root)
{
	if (!root->rb_node)
		return NULL;
	return rb_deepest_leftish(root->rb_node);
}

/*
 * After a left child, the right sibling's subtree (if any) comes next;
 * after a right child or a lone left child, the parent.
 */
struct rb_node *rb_next_postorder(const struct rb_node *node)
{
	struct rb_node *parent;

	if (!node)
		return NULL;
	parent = rb_parent(node);
	if (parent && node == parent->rb_left && parent->rb_right)
		return rb_deepest_leftish(parent->rb_right);
	return parent;
}
