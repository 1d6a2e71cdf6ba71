// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests for lib/radix-tree.c: insert/lookup/delete across heights,
 * gang lookups, tags (set/clear/get, propagation, survival across tree
 * growth and replace, tagged gang lookup, range tagging), and shrinking
 * back to an empty root.  Single-threaded; the lockless readers are
 * exercised by the page cache's concurrent test (mm/filemap_test.c).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/radix-tree.h>
#include <linux/selftest.h>
#include <linux/gfp.h>

/* A distinct, even, non-NULL fake item per index. */
static void *item(unsigned long index)
{
	return (void *)((index << 1) | 2);
}

static const unsigned long test_indices[] = {
	0, 1, 63, 64, 65, 4095, 4096, 262143, 262144, 1UL << 30, (1UL << 40) + 7,
	ULONG_MAX - 1, ULONG_MAX,
};

static int radix_tree_basic_test(void)
{
	struct radix_tree_root root = RADIX_TREE_INIT(GFP_KERNEL);
	unsigned long indices[4];
	void *results[4];
	unsigned int i, n;

	for (i = 0; i < ARRAY_SIZE(test_indices); i++) {
		ST_ASSERT(!radix_tree_insert(&root, test_indices[i], item(test_indices[i])),
			  "insert %lu", test_indices[i]);
		for (unsigned int j = 0; j <= i; j++)
			ST_ASSERT(radix_tree_lookup(&root, test_indices[j]) == item(test_indices[j]),
				  "lookup %lu after inserting %lu", test_indices[j],
				  test_indices[i]);
	}
	ST_ASSERT(radix_tree_insert(&root, 64, item(64)) == -EEXIST, "double insert");
	ST_ASSERT(!radix_tree_lookup(&root, 2), "hole 2");
	ST_ASSERT(!radix_tree_lookup(&root, 1UL << 41), "hole 2^41");

	/* Gang lookups come back in index order, starting anywhere. */
	n = radix_tree_gang_lookup(&root, results, indices, 62, 4);
	ST_ASSERT(n == 4 && indices[0] == 63 && indices[1] == 64 && indices[2] == 65 &&
		  indices[3] == 4095 && results[3] == item(4095), "gang from 62: %u", n);
	n = radix_tree_gang_lookup(&root, results, indices, ULONG_MAX - 1, 4);
	ST_ASSERT(n == 2 && indices[1] == ULONG_MAX, "gang at the top: %u", n);

	ST_ASSERT(radix_tree_replace(&root, 4096, item(7)) == item(4096), "replace");
	ST_ASSERT(radix_tree_lookup(&root, 4096) == item(7), "replaced item");
	ST_ASSERT(!radix_tree_replace(&root, 5, item(5)), "replace of a hole");

	/* Deleting everything, high indices first, shrinks back to empty. */
	for (i = ARRAY_SIZE(test_indices); i-- > 0;) {
		void *want = test_indices[i] == 4096 ? item(7) : item(test_indices[i]);

		ST_ASSERT(radix_tree_delete(&root, test_indices[i]) == want, "delete %lu",
			  test_indices[i]);
		ST_ASSERT(!radix_tree_lookup(&root, test_indices[i]), "gone %lu",
			  test_indices[i]);
		if (i)
			ST_ASSERT(radix_tree_lookup(&root, test_indices[0]) == item(0),
				  "index 0 lost after deleting %lu", test_indices[i]);
	}
	ST_ASSERT(radix_tree_empty(&root) && !root.height, "tree not empty: height %u",
		  root.height);
	ST_ASSERT(!radix_tree_delete(&root, 3), "delete from empty");
	return 0;
}
DEFINE_SELFTEST("radix-tree: insert, lookup, gang lookup, delete, shrink", radix_tree_basic_test);

static int radix_tree_tag_test(void)
{
	struct radix_tree_root root = RADIX_TREE_INIT(GFP_KERNEL);
	unsigned long indices[8], first;
	void *results[8];
	unsigned int n;

	for (unsigned long i = 0; i < 200; i++)
		ST_ASSERT(!radix_tree_insert(&root, i, item(i)), "insert %lu", i);
	ST_ASSERT(!radix_tree_tagged(&root, 0), "fresh tree tagged");
	ST_ASSERT(radix_tree_tag_set(&root, 5, 0) == item(5), "tag_set 5");
	ST_ASSERT(radix_tree_tag_set(&root, 130, 0) == item(130), "tag_set 130");
	ST_ASSERT(radix_tree_tag_set(&root, 130, 1) == item(130), "tag_set 130/1");
	ST_ASSERT(!radix_tree_tag_set(&root, 1000, 0), "tag_set of a hole");
	ST_ASSERT(radix_tree_tagged(&root, 0) && radix_tree_tagged(&root, 1) &&
		  !radix_tree_tagged(&root, 2), "root tags");
	ST_ASSERT(radix_tree_tag_get(&root, 5, 0) && !radix_tree_tag_get(&root, 6, 0) &&
		  !radix_tree_tag_get(&root, 5, 1), "tag_get");

	n = radix_tree_gang_lookup_tag(&root, results, indices, 0, 8, 0);
	ST_ASSERT(n == 2 && indices[0] == 5 && indices[1] == 130 && results[1] == item(130),
		  "tagged gang: %u", n);
	n = radix_tree_gang_lookup_tag(&root, results, indices, 6, 8, 0);
	ST_ASSERT(n == 1 && indices[0] == 130, "tagged gang from 6: %u", n);

	/* Growing the tree keeps the tags below the old top. */
	ST_ASSERT(!radix_tree_insert(&root, 1UL << 20, item(1UL << 20)), "grow");
	ST_ASSERT(radix_tree_tag_get(&root, 130, 0) && radix_tree_tagged(&root, 0),
		  "tag lost by growth");
	/* Replace keeps them too. */
	radix_tree_replace(&root, 130, item(999));
	ST_ASSERT(radix_tree_tag_get(&root, 130, 1), "tag lost by replace");

	/* Clearing the last tag in a subtree clears it up to the root. */
	radix_tree_tag_clear(&root, 130, 1);
	ST_ASSERT(!radix_tree_tagged(&root, 1), "tag 1 still at the root");
	radix_tree_tag_clear(&root, 5, 0);
	ST_ASSERT(radix_tree_tagged(&root, 0), "tag 0 gone while 130 has it");
	radix_tree_delete(&root, 130);
	ST_ASSERT(!radix_tree_tagged(&root, 0), "delete left tag 0 at the root");

	/* Range tagging: tag 0 on every even index < 100, copy to tag 2 in [10, 50]. */
	for (unsigned long i = 0; i < 100; i += 2)
		radix_tree_tag_set(&root, i, 0);
	first = 10;
	ST_ASSERT(radix_tree_range_tag_if_tagged(&root, &first, 50, 5, 0, 2) == 5 &&
		  first == 19, "first batch: next %lu", first);
	ST_ASSERT(radix_tree_range_tag_if_tagged(&root, &first, 50, 100, 0, 2) == 16 &&
		  first == 51, "second batch: next %lu", first);
	n = radix_tree_gang_lookup_tag(&root, results, indices, 0, 8, 2);
	ST_ASSERT(n == 8 && indices[0] == 10 && indices[7] == 24, "tag 2 set: %u", n);
	ST_ASSERT(!radix_tree_tag_get(&root, 11, 2) && !radix_tree_tag_get(&root, 52, 2) &&
		  radix_tree_tag_get(&root, 50, 2), "tag 2 outside the range");

	for (unsigned long i = 0; i < 200; i++)
		radix_tree_delete(&root, i);
	radix_tree_delete(&root, 1UL << 20);
	ST_ASSERT(radix_tree_empty(&root), "not empty");
	for (unsigned int t = 0; t < RADIX_TREE_MAX_TAGS; t++)
		ST_ASSERT(!radix_tree_tagged(&root, t), "empty tree tagged %u", t);
	return 0;
}
DEFINE_SELFTEST("radix-tree: tags set/clear/get, propagation, range tagging", radix_tree_tag_test);
