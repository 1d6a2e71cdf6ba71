/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Intrusive lists: a ring of struct list_head links, and hash-bucket
 * chains of struct hlist_node hanging off a one-pointer struct hlist_head.
 *
 * Ring lists.  The head is a link like any other, except that it sits in
 * no element; walking ->next from the head visits every element once and
 * comes back to the head.  An empty ring is a head linked to itself.  All
 * structural changes below are built from two moves:
 *
 *	__list_insert_run(first, last, before, after)
 *		links the chain first..last in between the neighbours
 *		before and after;
 *	__list_close_gap(before, after)
 *		makes before and after neighbours, dropping whatever was
 *		linked between them.
 *
 * Bucket chains.  A chain is NULL terminated and each node records the
 * address of the pointer that points at it (->pprev: the head's ->first or
 * the previous node's ->next), so a node unlinks itself without knowing
 * its bucket.  Every insertion is "put the node into this slot":
 * __hlist_insert_at().
 *
 * Locking: none.  The caller serialises writers of one list.  The stores
 * that a lockless reader may look at use WRITE_ONCE(), and the emptiness
 * tests READ_ONCE(), which <linux/rculist.h> relies on; for real RCU
 * traversal use the _rcu operations there.
 *
 * Removal poisons the links (LIST_POISON1/2, see <linux/poison.h>) so that
 * a stale use faults; the _init forms leave a removed entry reusable and
 * testable instead.
 */
#ifndef _LINUX_LIST_H
#define _LINUX_LIST_H

#include <linux/types.h>
#include <linux/stddef.h>
#include <linux/compiler.h>
#include <linux/container_of.h>
#include <linux/poison.h>

/* ======================================================== ring lists */

#define LIST_HEAD_INIT(name) { .next = &(name), .prev = &(name) }
#define LIST_HEAD(name) struct list_head name = LIST_HEAD_INIT(name)

static inline void INIT_LIST_HEAD(struct list_head *list)
{
	WRITE_ONCE(list->prev, list);
	WRITE_ONCE(list->next, list);
}

/*
 * Link the chain first..last (already linked forwards among itself) in
 * between two neighbours.  The store into before->next goes last: it is
 * what makes the chain reachable from the head.
 */
static inline void __list_insert_run(struct list_head *first,
				     struct list_head *last,
				     struct list_head *before,
				     struct list_head *after)
{
	last->next = after;
	after->prev = last;
	first->prev = before;
	WRITE_ONCE(before->next, first);
}

/* Make before and after neighbours; what was between them is cut out. */
static inline void __list_close_gap(struct list_head *before, struct list_head *after)
{
	after->prev = before;
	WRITE_ONCE(before->next, after);
}

/* Unlink entry without touching its own links. */
static inline void __list_del_entry(struct list_head *entry)
{
	__list_close_gap(entry->prev, entry->next);
}

/* Push at the front (entry becomes the first element). */
static inline void list_add(struct list_head *entry, struct list_head *head)
{
	__list_insert_run(entry, entry, head, head->next);
}

/* Append at the back (entry becomes the last element). */
static inline void list_add_tail(struct list_head *entry, struct list_head *head)
{
	__list_insert_run(entry, entry, head->prev, head);
}

/* Unlink entry and poison its links. */
static inline void list_del(struct list_head *entry)
{
	__list_del_entry(entry);
	*entry = (struct list_head){ .next = LIST_POISON1, .prev = LIST_POISON2 };
}

/* Unlink entry and leave it an empty ring of its own. */
static inline void list_del_init(struct list_head *entry)
{
	__list_del_entry(entry);
	INIT_LIST_HEAD(entry);
}

/* Let new take old's place in its ring.  old's links are left as they were. */
static inline void list_replace(struct list_head *old, struct list_head *new)
{
	__list_insert_run(new, new, old->prev, old->next);
}

static inline void list_replace_init(struct list_head *old,
				     struct list_head *new)
{
	list_replace(old, new);
	INIT_LIST_HEAD(old);
}

/*
 * Swap the places of a and b, which may be neighbours or sit on different
 * rings.  A placeholder on the stack keeps a's place while b moves in.
 */
static inline void list_swap(struct list_head *a, struct list_head *b)
{
	struct list_head spot;

	list_replace(a, &spot);
	list_replace(b, a);
	list_replace(&spot, b);
}

/*
 * Moves: unlink first, then look up the new neighbours, since entry may
 * have been one of them.
 */
static inline void list_move(struct list_head *entry, struct list_head *head)
{
	__list_del_entry(entry);
	__list_insert_run(entry, entry, head, head->next);
}

static inline void list_move_tail(struct list_head *entry, struct list_head *head)
{
	__list_del_entry(entry);
	__list_insert_run(entry, entry, head->prev, head);
}

/*
 * Move the chain first..last (first not after last on their ring) to the
 * back of head, in the same order.
 */
static inline void list_bulk_move_tail(struct list_head *head,
				       struct list_head *first,
				       struct list_head *last)
{
	__list_close_gap(first->prev, last->next);
	__list_insert_run(first, last, head->prev, head);
}

/* Predicates; entry is a link on the ring anchored at head. */
static inline int list_is_first(const struct list_head *entry,
				const struct list_head *head)
{
	return head->next == entry;
}

static inline int list_is_last(const struct list_head *entry,
			       const struct list_head *head)
{
	return head->prev == entry;
}

static inline int list_empty(const struct list_head *head)
{
	return head == READ_ONCE(head->next);
}

/*
 * Emptiness test that looks at both links, for a caller that may race
 * with list_del_init() of the last entry on another CPU (and with nothing
 * else): a half-done removal shows as "not empty".
 */
static inline int list_empty_careful(const struct list_head *head)
{
	const struct list_head *fwd = READ_ONCE(head->next);
	const struct list_head *back = READ_ONCE(head->prev);

	return fwd == head && back == head;
}

/* Exactly one element. */
static inline int list_is_singular(const struct list_head *head)
{
	if (list_empty(head))
		return 0;
	return head->next == head->prev;
}

/* One round-robin step: the first element goes to the back. */
static inline void list_rotate_left(struct list_head *head)
{
	if (list_empty(head))
		return;
	list_move_tail(head->next, head);
}

/* Turn the ring so that entry is its first element: the head goes before it. */
static inline void list_rotate_to_front(struct list_head *entry,
					struct list_head *head)
{
	list_move_tail(head, entry);
}

/*
 * Cutting a ring in two.  Both take the elements at the front of head,
 * up to entry, and make them the whole content of list (whose previous
 * content, if any, is forgotten).  list_cut_position() takes entry too;
 * list_cut_before() stops just before it.  entry == head means "nothing"
 * for list_cut_position().
 */
static inline void list_cut_position(struct list_head *list,
				     struct list_head *head,
				     struct list_head *entry)
{
	struct list_head *first = head->next;

	INIT_LIST_HEAD(list);
	if (entry == head || first == head)
		return;
	__list_close_gap(head, entry->next);
	__list_insert_run(first, entry, list, list);
}

static inline void list_cut_before(struct list_head *list,
				   struct list_head *head,
				   struct list_head *entry)
{
	struct list_head *first = head->next;
	struct list_head *last = entry->prev;

	INIT_LIST_HEAD(list);
	if (first == entry)
		return;
	__list_close_gap(head, entry);
	__list_insert_run(first, last, list, list);
}

/*
 * Splicing: move every element of list into head, at the front or at the
 * back.  The plain forms leave list's own links stale; the _init forms
 * leave list empty.
 */
static inline void list_splice(const struct list_head *list,
			       struct list_head *head)
{
	if (list_empty(list))
		return;
	__list_insert_run(list->next, list->prev, head, head->next);
}

static inline void list_splice_tail(const struct list_head *list,
				    struct list_head *head)
{
	if (list_empty(list))
		return;
	__list_insert_run(list->next, list->prev, head->prev, head);
}

static inline void list_splice_init(struct list_head *list, struct list_head *head)
{
	list_splice(list, head);
	INIT_LIST_HEAD(list);
}

static inline void list_splice_tail_init(struct list_head *list, struct list_head *head)
{
	list_splice_tail(list, head);
	INIT_LIST_HEAD(list);
}

/* Number of elements, counted by walking the ring. */
static inline size_t list_count_nodes(const struct list_head *head)
{
	const struct list_head *link = head;
	size_t n = 0;

	while ((link = link->next) != head)
		n++;
	return n;
}

/* ------------------------------------------- from links to elements */

/* The element that embeds link as its field member. */
#define list_entry(link, type, member) container_of(link, type, member)

/* Element whose link is the one next to (or before) head; head must not be empty. */
#define list_first_entry(head, type, member) list_entry((head)->next, type, member)
#define list_last_entry(head, type, member) list_entry((head)->prev, type, member)

/* The first element, or NULL when the ring is empty. */
#define list_first_entry_or_null(head, type, member) ({			\
	struct list_head *__lh_anchor = (head);				\
	struct list_head *__lh_link = READ_ONCE(__lh_anchor->next);	\
	__lh_link == __lh_anchor ? NULL : list_entry(__lh_link, type, member); })

/* Neighbouring elements of the element pos. */
#define __list_step(pos, member, dir) \
	list_entry((pos)->member.dir, __typeof__(*(pos)), member)
#define list_next_entry(pos, member) __list_step(pos, member, next)
#define list_prev_entry(pos, member) __list_step(pos, member, prev)

/*
 * A starting cursor for list_for_each_entry_continue(): pos when there is
 * one, otherwise the head itself dressed up as an element (never
 * dereferenced beyond its link), so that "continue" starts at the start.
 */
#define list_prepare_entry(pos, head, member) \
	((pos) ? : list_entry(head, __typeof__(*(pos)), member))

/* ------------------------------------------------------- iteration */

/* Over the links themselves. */
#define list_for_each(link, head) \
	for (link = (head)->next; link != (head); link = link->next)

/*
 * Over the elements.  Every walk is: put pos on the element whose link is
 * start, stop when pos's link is the head, step along dir (next or prev).
 */
#define __list_walk(pos, head, member, start, dir)			\
	for (pos = list_entry(start, __typeof__(*(pos)), member);	\
	     &(pos)->member != (head); pos = __list_step(pos, member, dir))

#define list_for_each_entry(pos, head, member) \
	__list_walk(pos, head, member, (head)->next, next)
#define list_for_each_entry_reverse(pos, head, member) \
	__list_walk(pos, head, member, (head)->prev, prev)
/* Resume after pos (see list_prepare_entry()). */
#define list_for_each_entry_continue(pos, head, member) \
	__list_walk(pos, head, member, (pos)->member.next, next)
/* Go on from pos itself, pos included. */
#define list_for_each_entry_from(pos, head, member) \
	__list_walk(pos, head, member, &(pos)->member, next)

/*
 * Walks that tolerate removal of pos from inside the loop body: the
 * neighbour (tmp, same type as pos) is fetched before the body runs.
 */
#define __list_walk_safe(pos, tmp, head, member, start, dir)		\
	for (pos = list_entry(start, __typeof__(*(pos)), member),	\
	     tmp = __list_step(pos, member, dir);			\
	     &(pos)->member != (head);					\
	     pos = tmp, tmp = __list_step(tmp, member, dir))

#define list_for_each_entry_safe(pos, tmp, head, member) \
	__list_walk_safe(pos, tmp, head, member, (head)->next, next)
#define list_for_each_entry_safe_reverse(pos, tmp, head, member) \
	__list_walk_safe(pos, tmp, head, member, (head)->prev, prev)

/* ====================================================== bucket chains */

#define HLIST_HEAD(name) struct hlist_head name = { NULL }
#define INIT_HLIST_HEAD(head) ((head)->first = NULL)

/* A node on no chain: hlist_unhashed() is true for it. */
static inline void INIT_HLIST_NODE(struct hlist_node *node)
{
	*node = (struct hlist_node){ .next = NULL, .pprev = NULL };
}

/* Not on any chain: never added, or removed with hlist_del_init(). */
static inline int hlist_unhashed(const struct hlist_node *node)
{
	return READ_ONCE(node->pprev) == NULL;
}

static inline int hlist_empty(const struct hlist_head *head)
{
	return READ_ONCE(head->first) == NULL;
}

/*
 * Put node into slot, the pointer (a head's ->first or a node's ->next)
 * that currently leads to the rest of the chain.  The store into the
 * slot itself goes last: it makes node reachable.
 */
static inline void __hlist_insert_at(struct hlist_node *node,
				     struct hlist_node **slot)
{
	struct hlist_node *rest = *slot;

	WRITE_ONCE(node->next, rest);
	WRITE_ONCE(node->pprev, slot);
	if (rest)
		WRITE_ONCE(rest->pprev, &node->next);
	WRITE_ONCE(*slot, node);
}

/* Unlink node, leaving its own pointers as they were. */
static inline void __hlist_del(struct hlist_node *node)
{
	struct hlist_node **slot = node->pprev;
	struct hlist_node *rest = node->next;

	WRITE_ONCE(*slot, rest);
	if (rest)
		WRITE_ONCE(rest->pprev, slot);
}

static inline void hlist_del(struct hlist_node *node)
{
	__hlist_del(node);
	*node = (struct hlist_node){ .next = LIST_POISON1, .pprev = LIST_POISON2 };
}

/* Unlink node if it is on a chain; it ends up unhashed either way. */
static inline void hlist_del_init(struct hlist_node *node)
{
	if (hlist_unhashed(node))
		return;
	__hlist_del(node);
	INIT_HLIST_NODE(node);
}

static inline void hlist_add_head(struct hlist_node *node,
				  struct hlist_head *head)
{
	__hlist_insert_at(node, &head->first);
}

/* Insert node in front of next, which is on a chain. */
static inline void hlist_add_before(struct hlist_node *node,
				    struct hlist_node *next)
{
	__hlist_insert_at(node, next->pprev);
}

/* Insert node just after prev, which is on a chain. */
static inline void hlist_add_behind(struct hlist_node *node,
				    struct hlist_node *prev)
{
	__hlist_insert_at(node, &prev->next);
}

/* node is on head's chain and alone there. */
static inline bool hlist_is_singular_node(struct hlist_node *node,
					  struct hlist_head *head)
{
	return node->pprev == &head->first && node->next == NULL;
}

/* Hand the whole chain of old over to new; old ends empty. */
static inline void hlist_move_list(struct hlist_head *old,
				   struct hlist_head *new)
{
	struct hlist_node *chain = old->first;

	old->first = NULL;
	new->first = chain;
	if (chain)
		chain->pprev = &new->first;
}

static inline size_t hlist_count_nodes(const struct hlist_head *head)
{
	const struct hlist_node *node = head->first;
	size_t n = 0;

	while (node) {
		n++;
		node = node->next;
	}
	return n;
}

#define hlist_entry(node, type, member) container_of(node, type, member)

/* The element of pos's type around node, or NULL for a NULL node. */
#define __hlist_elem(node, pos, member) ({				\
	struct hlist_node *__hl_node = (node);				\
	__hl_node ? hlist_entry(__hl_node, __typeof__(*(pos)), member) : NULL; })

#define hlist_for_each_entry(pos, head, member)				\
	for (pos = __hlist_elem((head)->first, pos, member); pos;	\
	     pos = __hlist_elem((pos)->member.next, pos, member))

/* tmp (a struct hlist_node *) holds the successor, so pos may be removed. */
#define hlist_for_each_entry_safe(pos, tmp, head, member)		\
	for (pos = __hlist_elem((head)->first, pos, member),		\
	     tmp = pos ? (pos)->member.next : NULL;			\
	     pos;							\
	     pos = __hlist_elem(tmp, pos, member),			\
	     tmp = pos ? (pos)->member.next : NULL)

#endif /* _LINUX_LIST_H */
