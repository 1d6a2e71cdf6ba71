// SPDX-License-Identifier: GPL-2.0-only
/*
 * Host unit tests for lib/rbtree.c: 10000 random keys inserted, the
 * red-black invariants and in-order sequence checked, half erased in
 * random order, rechecked; plus the cached-root, replace, postorder and
 * rb_find helpers.
 */
#include <linux/rbtree.h>
#include <linux/sprintf.h>
#include "hostunit.h"

#define NKEYS 10000

struct item {
	struct rb_node node;
	unsigned long long key;
	bool in_tree;
	bool erased;
};

static struct item items[NKEYS];
static struct rb_root tree = RB_ROOT;
static unsigned long long seed = 0x9e3779b97f4a7c15ULL;

static bool item_less(struct rb_node *a, const struct rb_node *b)
{
	return rb_entry(a, struct item, node)->key <
	       rb_entry(b, struct item, node)->key;
}

static int item_cmp(struct rb_node *a, const struct rb_node *b)
{
	unsigned long long x = rb_entry(a, struct item, node)->key;
	unsigned long long y = rb_entry(b, struct item, node)->key;

	return x < y ? -1 : x > y;
}

static int key_cmp(const void *key, const struct rb_node *n)
{
	unsigned long long k = *(const unsigned long long *)key;
	unsigned long long y = rb_entry(n, struct item, node)->key;

	return k < y ? -1 : k > y;
}

static bool is_red(const struct rb_node *n)
{
	return n && !(n->__rb_parent_color & 1);
}

/*
 * Black height of the subtree at n, or -1 if any invariant is broken
 * below n: red-red edge, unequal black heights, bad parent link, or
 * misordered keys.
 */
static int check_subtree(const struct rb_node *n, const struct rb_node *parent)
{
	const struct item *it;
	int lh, rh;

	if (!n)
		return 1;
	if (rb_parent(n) != parent)
		return -1;
	if (is_red(n) && (is_red(n->rb_left) || is_red(n->rb_right)))
		return -1;
	it = rb_entry(n, struct item, node);
	if (n->rb_left && rb_entry(n->rb_left, struct item, node)->key > it->key)
		return -1;
	if (n->rb_right && rb_entry(n->rb_right, struct item, node)->key < it->key)
		return -1;
	lh = check_subtree(n->rb_left, n);
	rh = check_subtree(n->rb_right, n);
	if (lh < 0 || rh < 0 || lh != rh)
		return -1;
	return lh + !is_red(n);
}

/* Full check: invariants, in-order walk both ways, count of members. */
static void check_tree(const char *when, int expect)
{
	char name[96];
	struct rb_node *n;
	unsigned long long prev = 0;
	bool ordered = true;
	int count = 0, back = 0;

	snprintf(name, sizeof(name), "rbtree invariants hold %s", when);
	hu_ok(!is_red(tree.rb_node) && check_subtree(tree.rb_node, NULL) > 0,
	      name);

	for (n = rb_first(&tree); n; n = rb_next(n)) {
		const struct item *it = rb_entry(n, struct item, node);

		if (count && it->key <= prev)
			ordered = false;
		if (!it->in_tree)
			ordered = false;
		prev = it->key;
		count++;
	}
	for (n = rb_last(&tree); n; n = rb_prev(n))
		back++;
	snprintf(name, sizeof(name), "rbtree in-order walk %s: %d nodes",
		 when, expect);
	hu_ok(ordered && count == expect && back == expect, name);
}

static void test_random_insert_erase(void)
{
	int i, j, inserted = 0, dups = 0, erased = 0, found = 0;
	struct item *tmp;
	unsigned long long key;

	for (i = 0; i < NKEYS; i++) {
		items[i].key = hu_rand_next(&seed) % (NKEYS * 16);
		RB_CLEAR_NODE(&items[i].node);
		if (rb_find_add(&items[i].node, &tree, item_cmp)) {
			dups++;
			continue;
		}
		items[i].in_tree = true;
		inserted++;
	}
	hu_ok(dups > 0 && inserted + dups == NKEYS,
	      "rb_find_add rejects duplicate keys");
	check_tree("after inserting random keys", inserted);

	for (i = 0; i < NKEYS; i++) {
		key = items[i].key;
		if (items[i].in_tree && rb_find(&key, &tree, key_cmp) == &items[i].node)
			found++;
	}
	hu_ok(found == inserted, "rb_find finds every inserted key");

	/* Erase half the members, in an order shuffled from the array's. */
	for (i = NKEYS - 1; i > 0; i--) {
		j = hu_rand_next(&seed) % (i + 1);
		tmp = &items[j];
		if (i % 2 && tmp->in_tree) {
			rb_erase(&tmp->node, &tree);
			tmp->in_tree = false;
			tmp->erased = true;
			erased++;
		}
	}
	/* Finish off to exactly half. */
	for (i = 0; i < NKEYS && erased < inserted / 2; i++) {
		if (items[i].in_tree) {
			rb_erase(&items[i].node, &tree);
			items[i].in_tree = false;
			items[i].erased = true;
			erased++;
		}
	}
	check_tree("after erasing half", inserted - erased);

	found = 0;
	for (i = 0; i < NKEYS; i++) {
		key = items[i].key;
		if (items[i].erased && rb_find(&key, &tree, key_cmp))
			found++;
	}
	hu_ok(found == 0, "erased keys are gone");

	/* Erase everything else; the tree must end empty. */
	for (i = 0; i < NKEYS; i++) {
		if (items[i].in_tree) {
			rb_erase(&items[i].node, &tree);
			items[i].in_tree = false;
		}
	}
	hu_ok(RB_EMPTY_ROOT(&tree) && !rb_first(&tree) && !rb_last(&tree),
	      "tree is empty after erasing everything");
}

/* Ascending and descending insertion: the degenerate orders. */
static void test_sequential(void)
{
	int i;

	tree = RB_ROOT;
	for (i = 0; i < 1000; i++) {
		items[i].key = i;
		items[i].in_tree = true;
		rb_add(&items[i].node, &tree, item_less);
	}
	for (i = 1999; i >= 1000; i--) {
		items[i].key = 5000 - i;	/* 3001 .. 4000, descending */
		items[i].in_tree = true;
		rb_add(&items[i].node, &tree, item_less);
	}
	check_tree("after sequential inserts", 2000);
	for (i = 0; i < 2000; i++) {
		rb_erase(&items[i].node, &tree);
		items[i].in_tree = false;
	}
	hu_ok(RB_EMPTY_ROOT(&tree), "sequential erase empties the tree");
}

static void test_cached_replace_postorder(void)
{
	struct rb_root_cached croot = RB_ROOT_CACHED;
	struct item *pos, *n;
	struct item spare;
	bool left_ok = true;
	int i, visited = 0;

	for (i = 0; i < 100; i++) {
		items[i].key = (i * 37) % 100;
		rb_add_cached(&items[i].node, &croot, item_less);
		/* Key 0 comes first, so it stays the leftmost throughout. */
		if (rb_entry(rb_first_cached(&croot), struct item, node)->key)
			left_ok = false;
	}
	hu_ok(left_ok && rb_first_cached(&croot) == rb_first(&croot.rb_root),
	      "rb_add_cached tracks the leftmost node");

	for (i = 0; i < 50; i++) {
		struct rb_node *first = rb_first_cached(&croot);

		rb_erase_cached(first, &croot);
		if (rb_first_cached(&croot) != rb_first(&croot.rb_root))
			left_ok = false;
	}
	hu_ok(left_ok && rb_entry(rb_first_cached(&croot), struct item,
				  node)->key == 50,
	      "rb_erase_cached advances the leftmost node");

	tree = croot.rb_root;
	pos = rb_entry(rb_first(&tree), struct item, node);
	spare.key = pos->key;
	spare.in_tree = false;
	rb_replace_node(&pos->node, &spare.node, &tree);
	hu_ok(rb_first(&tree) == &spare.node &&
	      check_subtree(tree.rb_node, NULL) > 0,
	      "rb_replace_node substitutes in place");

	rbtree_postorder_for_each_entry_safe(pos, n, &tree, node) {
		/* Children come before parents: both must be visited already. */
		if (pos->node.rb_left &&
		    !rb_entry(pos->node.rb_left, struct item, node)->in_tree)
			left_ok = false;
		if (pos->node.rb_right &&
		    !rb_entry(pos->node.rb_right, struct item, node)->in_tree)
			left_ok = false;
		pos->in_tree = true;	/* "visited" */
		visited++;
	}
	hu_ok(left_ok && visited == 50,
	      "postorder walk visits children before parents");
}

void hu_test_rbtree(void)
{
	test_random_insert_erase();
	test_sequential();
	for (int i = 0; i < NKEYS; i++)
		items[i].in_tree = items[i].erased = false;
	test_cached_replace_postorder();
}
