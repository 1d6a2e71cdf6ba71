// SPDX-License-Identifier: GPL-2.0-only
/*
 * Host unit tests for <linux/list.h>: list_head insertion, removal,
 * moves, splices, cuts, rotation and the entry iterators; hlist add/del.
 */
#include <linux/list.h>
#include <linux/sprintf.h>
#include <linux/string.h>
#include "hostunit.h"

struct elem {
	int val;
	struct list_head link;
	struct hlist_node hnode;
};

static struct elem elems[8];

/* The values along the list as a string like "0 1 2", for comparisons. */
static const char *dump(struct list_head *head)
{
	static char buf[64];
	struct elem *e;
	int len = 0;

	buf[0] = '\0';
	list_for_each_entry(e, head, link)
		len += scnprintf(buf + len, sizeof(buf) - len, "%s%d",
				 len ? " " : "", e->val);
	return buf;
}

static const char *dump_reverse(struct list_head *head)
{
	static char buf[64];
	struct elem *e;
	int len = 0;

	buf[0] = '\0';
	list_for_each_entry_reverse(e, head, link)
		len += scnprintf(buf + len, sizeof(buf) - len, "%s%d",
				 len ? " " : "", e->val);
	return buf;
}

/*
 * list_prepare_entry(NULL) turns the head into a fake element; GCC 12's
 * -Warray-bounds takes that for an out-of-bounds object when it can see
 * the head's storage, a false positive for this idiom.
 */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
static noinline struct elem *find_from_start(struct list_head *head, int val)
{
	struct elem *e = NULL;

	e = list_prepare_entry(e, head, link);
	list_for_each_entry_continue(e, head, link) {
		if (e->val == val)
			return e;
	}
	return NULL;
}
#pragma GCC diagnostic pop

static void fill(struct list_head *head, int from, int to)
{
	int i;

	for (i = from; i < to; i++) {
		elems[i].val = i;
		list_add_tail(&elems[i].link, head);
	}
}

static void test_list_basic(void)
{
	LIST_HEAD(head);
	LIST_HEAD(other);
	struct elem *e, *n;
	int count = 0;

	hu_ok(list_empty(&head) && list_empty_careful(&head), "new list is empty");
	fill(&head, 0, 4);
	hu_check_str(dump(&head), "0 1 2 3", "list_add_tail keeps order");
	hu_check_str(dump_reverse(&head), "3 2 1 0", "reverse iteration");
	hu_check_long(list_count_nodes(&head), 4, "list_count_nodes");
	elems[4].val = 4;
	list_add(&elems[4].link, &head);
	hu_check_str(dump(&head), "4 0 1 2 3", "list_add pushes at the front");
	hu_ok(list_first_entry(&head, struct elem, link) == &elems[4] &&
	      list_last_entry(&head, struct elem, link) == &elems[3],
	      "list_first_entry / list_last_entry");
	hu_ok(list_is_first(&elems[4].link, &head) &&
	      list_is_last(&elems[3].link, &head), "list_is_first / list_is_last");

	list_del(&elems[0].link);
	hu_check_str(dump(&head), "4 1 2 3", "list_del");
	hu_ok(elems[0].link.next == LIST_POISON1 &&
	      elems[0].link.prev == LIST_POISON2, "list_del poisons the entry");
	list_del_init(&elems[1].link);
	hu_ok(list_empty(&elems[1].link), "list_del_init leaves an empty head");

	list_move_tail(&elems[4].link, &head);
	hu_check_str(dump(&head), "2 3 4", "list_move_tail");
	list_move(&elems[4].link, &head);
	hu_check_str(dump(&head), "4 2 3", "list_move");
	list_rotate_left(&head);
	hu_check_str(dump(&head), "2 3 4", "list_rotate_left");
	list_rotate_to_front(&elems[4].link, &head);
	hu_check_str(dump(&head), "4 2 3", "list_rotate_to_front");
	list_swap(&elems[4].link, &elems[3].link);
	hu_check_str(dump(&head), "3 2 4", "list_swap");
	list_swap(&elems[3].link, &elems[2].link);
	hu_check_str(dump(&head), "2 3 4", "list_swap of neighbours");

	list_for_each_entry_safe(e, n, &head, link) {
		if (e->val == 3)
			list_del(&e->link);
		count++;
	}
	hu_ok(count == 3 && !strcmp(dump(&head), "2 4"),
	      "list_for_each_entry_safe survives deletion");

	elems[5].val = 5;
	elems[6].val = 6;
	list_add_tail(&elems[5].link, &other);
	list_add_tail(&elems[6].link, &other);
	list_splice_init(&other, &head);
	hu_ok(!strcmp(dump(&head), "5 6 2 4") && list_empty(&other),
	      "list_splice_init at the front");
	list_cut_position(&other, &head, &elems[6].link);
	hu_ok(!strcmp(dump(&head), "2 4") && !strcmp(dump(&other), "5 6"),
	      "list_cut_position");
	list_splice_tail_init(&other, &head);
	hu_check_str(dump(&head), "2 4 5 6", "list_splice_tail_init");
	list_cut_before(&other, &head, &elems[5].link);
	hu_ok(!strcmp(dump(&head), "5 6") && !strcmp(dump(&other), "2 4"),
	      "list_cut_before");
	list_bulk_move_tail(&head, &elems[2].link, &elems[4].link);
	hu_ok(!strcmp(dump(&head), "5 6 2 4") && list_empty(&other),
	      "list_bulk_move_tail");
	hu_ok(list_first_entry_or_null(&other, struct elem, link) == NULL &&
	      list_first_entry_or_null(&head, struct elem, link) == &elems[5],
	      "list_first_entry_or_null");

	hu_ok(find_from_start(&head, 6) == &elems[6],
	      "list_prepare_entry + _continue");
	list_replace_init(&elems[6].link, &elems[7].link);
	elems[7].val = 7;
	hu_ok(!strcmp(dump(&head), "5 7 2 4") && list_empty(&elems[6].link),
	      "list_replace_init");
	hu_ok(!list_is_singular(&head), "list_is_singular on a long list");
}

static void test_hlist(void)
{
	HLIST_HEAD(bucket);
	struct elem *e;
	struct hlist_node *tmp;
	int i, sum = 0;

	for (i = 0; i < 4; i++) {
		elems[i].val = i;
		INIT_HLIST_NODE(&elems[i].hnode);
	}
	hu_ok(hlist_unhashed(&elems[0].hnode) && hlist_empty(&bucket),
	      "fresh hlist node is unhashed");
	hlist_add_head(&elems[0].hnode, &bucket);
	hu_ok(hlist_is_singular_node(&elems[0].hnode, &bucket),
	      "hlist_is_singular_node");
	hlist_add_head(&elems[1].hnode, &bucket);
	hlist_add_behind(&elems[2].hnode, &elems[1].hnode);
	hlist_add_before(&elems[3].hnode, &elems[0].hnode);
	i = 0;
	hlist_for_each_entry(e, &bucket, hnode)
		sum = sum * 10 + e->val, i++;
	hu_ok(i == 4 && sum == 1230, "hlist add_head/behind/before order");
	hu_check_long(hlist_count_nodes(&bucket), 4, "hlist_count_nodes");

	hlist_del_init(&elems[2].hnode);
	hu_ok(hlist_unhashed(&elems[2].hnode), "hlist_del_init unhashes");
	hlist_del(&elems[1].hnode);
	hu_ok(elems[1].hnode.next == LIST_POISON1, "hlist_del poisons");
	sum = 0;
	hlist_for_each_entry_safe(e, tmp, &bucket, hnode) {
		sum = sum * 10 + e->val;
		hlist_del_init(&e->hnode);
	}
	hu_ok(sum == 30 && hlist_empty(&bucket),
	      "hlist_for_each_entry_safe deleting everything");
}

void hu_test_list(void)
{
	test_list_basic();
	test_hlist();
}
