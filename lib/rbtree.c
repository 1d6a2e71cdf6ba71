// SPDX-License-Identifier: GPL-2.0-only
/*
 * Red-black trees: rebalancing after insert and erase, and the in-order
 * and post-order walks.
 *
 * Interface (see <linux/rbtree.h>): rb_insert_color(), rb_erase(),
 * rb_insert_augmented(), rb_erase_augmented(), rb_replace_node(),
 * rb_first()/rb_last()/rb_next()/rb_prev(),
 * rb_first_postorder()/rb_next_postorder().
 *
 * The rules every tree keeps (a missing child counts as black):
 *   R1. the root is black;
 *   R2. no red node has a red child;
 *   R3. from any node, every downward path to a missing child meets the
 *       same number of black nodes (the node's black height).
 * R2 and R3 keep the longest path at most twice the shortest, so the
 * height stays below 2 * log2(n + 1).
 *
 * Left and right are mirror images everywhere below, so the code names a
 * side by a number (RB_L or RB_R, flipped with !side) and reaches a
 * child slot through rb_slot(); each case is written once.  The only
 * structural change is rb_lift(), which moves a node one level up over
 * its parent (a single rotation).
 *
 * Augmented trees: a lift changes the descendant sets of exactly the two
 * nodes involved, so it recomputes the one that went down and then the one
 * that came up.  Linking or unlinking a leaf changes the descendant set of
 * every node above the spot; those are recomputed, bottom-up, before any
 * recolouring starts.
 *
 * Locking: the caller's, see <linux/rbtree.h>.  Nothing here allocates or
 * sleeps.
 */
#include <linux/rbtree.h>

#define RB_L	0
#define RB_R	1

static inline struct rb_node **rb_slot(struct rb_node *node, int side)
{
	return side == RB_L ? &node->rb_left : &node->rb_right;
}

/* Which side of its parent node hangs on; node must have a parent. */
static inline int rb_side(const struct rb_node *node, const struct rb_node *parent)
{
	return parent->rb_right == node ? RB_R : RB_L;
}

static inline bool rb_red(const struct rb_node *node)
{
	return node && !(node->__rb_parent_color & RB_BLACK);
}

static inline bool rb_black(const struct rb_node *node)
{
	return !rb_red(node);
}

static inline void rb_paint(struct rb_node *node, unsigned long colour)
{
	node->__rb_parent_color = (node->__rb_parent_color & ~RB_BLACK) | colour;
}

static inline void rb_reparent(struct rb_node *node, struct rb_node *parent)
{
	node->__rb_parent_color = (node->__rb_parent_color & RB_BLACK) |
				  (unsigned long)parent;
}

/*
 * Hang child (possibly NULL) into the slot old occupied under parent, or
 * make it the root when old had no parent.  child's own parent link is the
 * caller's business.
 */
static void rb_hang(struct rb_root *root, struct rb_node *parent,
		    struct rb_node *old, struct rb_node *child)
{
	struct rb_node **slot = &root->rb_node;

	if (parent)
		slot = rb_slot(parent, rb_side(old, parent));
	WRITE_ONCE(*slot, child);
}

/*
 * Move node one level up, over its parent.  The subtree between them (the
 * child of node on the side facing the parent) changes hands, so the
 * in-order sequence is unchanged.  Colours stay with their nodes.
 *
 *         up                 node
 *        /  \               /    \
 *      node  c    --->     a      up
 *     /    \                     /  \
 *    a    mid                  mid   c
 *
 * (drawn for node on the left of up; the other side is the mirror.)
 */
static void rb_lift(struct rb_node *node, struct rb_root *root,
		    rb_augment_update_t update)
{
	struct rb_node *up = rb_parent(node);
	struct rb_node *top = rb_parent(up);
	int side = rb_side(node, up);
	struct rb_node *mid = *rb_slot(node, !side);

	WRITE_ONCE(*rb_slot(up, side), mid);
	if (mid)
		rb_reparent(mid, up);
	WRITE_ONCE(*rb_slot(node, !side), up);
	rb_reparent(up, node);
	rb_reparent(node, top);
	rb_hang(root, top, up, node);

	if (update) {
		update(up);
		update(node);
	}
}

/* Recompute the augmented value of node and of every node above it. */
static void rb_refresh_path(struct rb_node *node, rb_augment_update_t update)
{
	while (node) {
		update(node);
		node = rb_parent(node);
	}
}

/*
 * node has just been linked as a red leaf.  Only R1 (node is the root) or
 * R2 (its parent is red) can be broken.  Each step looks at the parent's
 * sibling, the aunt:
 *   - red aunt: parent and aunt turn black, grandparent red.  Black
 *     heights are unchanged; the possible R2 conflict moves two levels up.
 *   - black aunt: at most two lifts end it.  If node sits on the inner
 *     side of its parent, lifting node first puts the pair on the outer
 *     side.  Then the outer red pair's upper node is lifted over the
 *     grandparent and takes its black colour; the grandparent turns red.
 */
static void rb_fix_red_leaf(struct rb_node *node, struct rb_root *root,
			    rb_augment_update_t update)
{
	for (;;) {
		struct rb_node *parent = rb_parent(node);
		struct rb_node *grand, *aunt;
		int side;

		if (!parent) {
			rb_paint(node, RB_BLACK);	/* R1 */
			return;
		}
		if (rb_black(parent))
			return;

		/* A red parent is not the root, so there is a grandparent. */
		grand = rb_parent(parent);
		side = rb_side(parent, grand);
		aunt = *rb_slot(grand, !side);

		if (rb_red(aunt)) {
			rb_paint(parent, RB_BLACK);
			rb_paint(aunt, RB_BLACK);
			rb_paint(grand, RB_RED);
			node = grand;
			continue;
		}

		if (rb_side(node, parent) != side) {
			rb_lift(node, root, update);
			parent = node;
		}
		rb_paint(parent, RB_BLACK);
		rb_paint(grand, RB_RED);
		rb_lift(parent, root, update);
		return;
	}
}

/*
 * A black node was taken out of parent's slot on side `side'; what sits
 * there now (short, possibly NULL) has one black fewer on its paths than
 * its sibling subtree.  Repair R3:
 *   - short is red: paint it black and the count is back.
 *   - otherwise let sib be the sibling, which cannot be NULL (its subtree
 *     has black height of at least one).  If sib is red, lift it so the
 *     parent (now red) gets a black sibling on that side, and go on with
 *     that one.
 *   - both of sib's children black: paint sib red.  parent's two subtrees
 *     agree again but parent as a whole is one short, so continue from
 *     parent (a red parent just turns black and the walk ends).
 *   - sib has a red child on the far side (after lifting a red near child
 *     into sib's place if only that one is red): lift sib over parent, sib
 *     takes parent's colour, parent and the far child turn black.  The
 *     short side gained a black node and the other side kept its count.
 */
static void rb_fix_short_side(struct rb_node *short_node, struct rb_node *parent,
			      int side, struct rb_root *root,
			      rb_augment_update_t update)
{
	struct rb_node *sib, *near, *far;

	while (parent && rb_black(short_node)) {
		sib = *rb_slot(parent, !side);
		if (rb_red(sib)) {
			rb_paint(sib, RB_BLACK);
			rb_paint(parent, RB_RED);
			rb_lift(sib, root, update);
			sib = *rb_slot(parent, !side);
		}

		near = *rb_slot(sib, side);
		far = *rb_slot(sib, !side);
		if (rb_black(near) && rb_black(far)) {
			rb_paint(sib, RB_RED);
			short_node = parent;
			parent = rb_parent(parent);
			if (parent)
				side = rb_side(short_node, parent);
			continue;
		}

		if (rb_black(far)) {
			rb_paint(near, RB_BLACK);
			rb_paint(sib, RB_RED);
			rb_lift(near, root, update);
			far = sib;
			sib = near;
		}
		rb_paint(sib, parent->__rb_parent_color & RB_BLACK);
		rb_paint(parent, RB_BLACK);
		rb_paint(far, RB_BLACK);
		rb_lift(sib, root, update);
		return;
	}
	if (short_node)
		rb_paint(short_node, RB_BLACK);
}

/*
 * Make new take over old's position: parent, colour, children and the
 * slot that pointed at old.  No rebalancing; old's fields are left as they
 * were.
 */
static void rb_take_place(struct rb_node *old, struct rb_node *new,
			  struct rb_root *root)
{
	struct rb_node *parent = rb_parent(old);

	new->__rb_parent_color = old->__rb_parent_color;
	new->rb_left = old->rb_left;
	new->rb_right = old->rb_right;
	if (new->rb_left)
		rb_reparent(new->rb_left, new);
	if (new->rb_right)
		rb_reparent(new->rb_right, new);
	rb_hang(root, parent, old, new);
}

/*
 * Erasing is done in two moves.  First a node with at most one child is
 * cut out of the tree, its child (if any) moving up into its slot: node
 * itself when it has a free side, else its in-order successor (the
 * leftmost node of its right subtree, which has no left child).  Second,
 * when the successor was cut, it is put into node's position with node's
 * colour, which leaves the shape and colours around node as they were.
 * What the tree really lost is the cut position, so the augmented values
 * are recomputed from there up, and R3 is repaired from there if the cut
 * node was black.
 */
static void __rb_erase(struct rb_node *node, struct rb_root *root,
		       rb_augment_update_t update)
{
	struct rb_node *cut = node, *gap_parent, *orphan;
	bool cut_black;
	int side = RB_L;

	if (node->rb_left && node->rb_right) {
		cut = node->rb_right;
		while (cut->rb_left)
			cut = cut->rb_left;
	}

	orphan = cut->rb_left ? cut->rb_left : cut->rb_right;
	gap_parent = rb_parent(cut);
	cut_black = rb_black(cut);
	if (gap_parent)
		side = rb_side(cut, gap_parent);
	rb_hang(root, gap_parent, cut, orphan);
	if (orphan)
		rb_reparent(orphan, gap_parent);

	if (cut != node) {
		rb_take_place(node, cut, root);
		if (gap_parent == node)
			gap_parent = cut;
	}

	if (update)
		rb_refresh_path(gap_parent, update);
	if (cut_black)
		rb_fix_short_side(orphan, gap_parent, side, root, update);
}

void rb_insert_color(struct rb_node *node, struct rb_root *root)
{
	rb_fix_red_leaf(node, root, NULL);
}

void rb_erase(struct rb_node *node, struct rb_root *root)
{
	__rb_erase(node, root, NULL);
}

void rb_insert_augmented(struct rb_node *node, struct rb_root *root,
			 rb_augment_update_t update)
{
	/* The new leaf joined the subtree of every node above it. */
	rb_refresh_path(node, update);
	rb_fix_red_leaf(node, root, update);
}

void rb_erase_augmented(struct rb_node *node, struct rb_root *root,
			rb_augment_update_t update)
{
	__rb_erase(node, root, update);
}

void rb_replace_node(struct rb_node *victim, struct rb_node *new,
		     struct rb_root *root)
{
	rb_take_place(victim, new, root);
}

/* ---------------------------------------------------------------- walks */

/* Follow side links from node as far as they go. */
static struct rb_node *rb_extreme(const struct rb_node *node, int side)
{
	const struct rb_node *next;

	while ((next = *rb_slot((struct rb_node *)node, side)))
		node = next;
	return (struct rb_node *)node;
}

/*
 * In-order neighbour of node towards side: the extreme node (on the other
 * side) of node's subtree on that side, or else the nearest ancestor that
 * has node's branch on its other side.
 */
static struct rb_node *rb_step(const struct rb_node *node, int side)
{
	const struct rb_node *from = node;
	struct rb_node *down = *rb_slot((struct rb_node *)node, side);
	struct rb_node *up;

	if (RB_EMPTY_NODE(node))
		return NULL;
	if (down)
		return rb_extreme(down, !side);

	for (up = rb_parent(from); up; up = rb_parent(from)) {
		if (*rb_slot(up, side) != from)
			return up;
		from = up;
	}
	return NULL;
}

struct rb_node *rb_first(const struct rb_root *root)
{
	return root->rb_node ? rb_extreme(root->rb_node, RB_L) : NULL;
}

struct rb_node *rb_last(const struct rb_root *root)
{
	return root->rb_node ? rb_extreme(root->rb_node, RB_R) : NULL;
}

struct rb_node *rb_next(const struct rb_node *node)
{
	return rb_step(node, RB_R);
}

struct rb_node *rb_prev(const struct rb_node *node)
{
	return rb_step(node, RB_L);
}

/*
 * Post-order starts at the first leaf reached going down from node,
 * taking a left child where there is one and a right child otherwise.
 */
static struct rb_node *rb_first_leaf(const struct rb_node *node)
{
	const struct rb_node *below;

	for (;;) {
		below = node->rb_left ? node->rb_left : node->rb_right;
		if (!below)
			return (struct rb_node *)node;
		node = below;
	}
}

struct rb_node *rb_first_postorder(const struct rb_root *root)
{
	return root->rb_node ? rb_first_leaf(root->rb_node) : NULL;
}

/*
 * The parent comes right after its last child.  Only a left child with a
 * right sibling is followed by something else: the sibling subtree's first
 * leaf.
 */
struct rb_node *rb_next_postorder(const struct rb_node *node)
{
	struct rb_node *up;

	if (!node)
		return NULL;
	up = rb_parent(node);
	if (!up || up->rb_left != node || !up->rb_right)
		return up;
	return rb_first_leaf(up->rb_right);
}
