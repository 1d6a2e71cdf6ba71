/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Intrusive circular doubly linked lists (struct list_head) and
 * singly-headed hash-bucket lists (struct hlist_head/hlist_node).
 *
 * A list_head is both the anchor of a list and the link embedded in each
 * element; an empty list is a head that points at itself.  Elements are
 * reached with list_entry()/list_for_each_entry(), i.e. container_of().
 * hlist heads are one pointer wide, for big hash tables; the node keeps a
 * pointer to the previous node's next field (pprev), so deletion needs no
 * head.
 *
 * Locking: none here.  The caller serialises all writers of one list.
 * Link stores that a lockless reader could observe use WRITE_ONCE() and
 * list_empty() uses READ_ONCE(), so <linux/rculist.h> can build the RCU
 * variants on top; these plain functions are still not safe to run
 * against concurrent readers on their own.
 *
 * Deleted entries are poisoned (LIST_POISON1/2) so a use after list_del()
 * faults; use list_del_init() when the entry will be tested or reused.
 */
#ifndef _LINUX_LIST_H
#define _LINUX_LIST_H

#include <linux/types.h>
#include <linux/stddef.h>
#include <linux/compiler.h>
#include <linux/container_of.h>
#include <linux/poison.h>

/* ------------------------------------------------------------ list_head */

#define LIST_HEAD_INIT(name) { &(name), &(name) }
#define LIST_HEAD(name) struct list_head name = LIST_HEAD_INIT(name)

static inline void INIT_LIST_HEAD(struct list_head *list)
{
	WRITE_ONCE(list->next, list);
	WRITE_ONCE(list->prev, list);
}

/* Link new between two adjacent entries prev and next. */
static inline void __list_add(struct list_head *new, struct list_head *prev,
			      struct list_head *next)
{
	next->prev = new;
	new->next = next;
	new->prev = prev;
	WRITE_ONCE(prev->next, new);
}

/* Insert new right after head: a stack push. */
static inline void list_add(struct list_head *new, struct list_head *head)
{
	__list_add(new, head, head->next);
}

/* Insert new right before head, i.e. at the tail: a queue push. */
static inline void list_add_tail(struct list_head *new, struct list_head *head)
{
	__list_add(new, head->prev, head);
}

/* Make prev and next adjacent, dropping whatever was between them. */
static inline void __list_del(struct list_head *prev, struct list_head *next)
{
	next->prev = prev;
	WRITE_ONCE(prev->next, next);
}

static inline void __list_del_entry(struct list_head *entry)
{
	__list_del(entry->prev, entry->next);
}

/* Unlink entry and poison it; the entry is unusable until re-added. */
static inline void list_del(struct list_head *entry)
{
	__list_del_entry(entry);
	entry->next = LIST_POISON1;
	entry->prev = LIST_POISON2;
}

/* Unlink entry and make it an empty list, so list_empty(entry) is true. */
static inline void list_del_init(struct list_head *entry)
{
	__list_del_entry(entry);
	INIT_LIST_HEAD(entry);
}

/* Put new where old was; old's links are left stale. */
static inline void list_replace(struct list_head *old, struct list_head *new)
{
	new->next = old->next;
	new->next->prev = new;
	new->prev = old->prev;
	WRITE_ONCE(new->prev->next, new);
}

static inline void list_replace_init(struct list_head *old,
				     struct list_head *new)
{
	list_replace(old, new);
	INIT_LIST_HEAD(old);
}

/* Exchange the positions of two entries (of the same or different lists). */
static inline void list_swap(struct list_head *a, struct list_head *b)
{
	struct list_head *b_prev = b->prev;

	list_del(b);
	list_replace(a, b);
	if (b_prev == a)
		b_prev = b;
	list_add(a, b_prev);
}

/* Move entry from its list to just after head. */
static inline void list_move(struct list_head *entry, struct list_head *head)
{
	__list_del_entry(entry);
	list_add(entry, head);
}

/* Move entry from its list to the tail of head. */
static inline void list_move_tail(struct list_head *entry,
				  struct list_head *head)
{
	__list_del_entry(entry);
	list_add_tail(entry, head);
}

/*
 * Move the run of entries first..last (all on one list, first before
 * last) to the tail of head, keeping their order.
 */
static inline void list_bulk_move_tail(struct list_head *head,
				       struct list_head *first,
				       struct list_head *last)
{
	first->prev->next = last->next;
	last->next->prev = first->prev;

	head->prev->next = first;
	first->prev = head->prev;

	last->next = head;
	head->prev = last;
}

static inline int list_is_first(const struct list_head *entry,
				const struct list_head *head)
{
	return entry->prev == head;
}

static inline int list_is_last(const struct list_head *entry,
			       const struct list_head *head)
{
	return entry->next == head;
}

static inline int list_is_head(const struct list_head *entry,
			       const struct list_head *head)
{
	return entry == head;
}

static inline int list_empty(const struct list_head *head)
{
	return READ_ONCE(head->next) == head;
}

/*
 * list_empty() that also checks prev, for a caller racing with a
 * list_del_init() on another CPU: only trustworthy if the only possible
 * concurrent operation is list_del_init() of the one entry.
 */
static inline int list_empty_careful(const struct list_head *head)
{
	struct list_head *next = READ_ONCE(head->next);

	return next == head && next == READ_ONCE(head->prev);
}

static inline int list_is_singular(const struct list_head *head)
{
	return !list_empty(head) && head->next == head->prev;
}

/* Move the first entry to the tail: a round-robin step. */
static inline void list_rotate_left(struct list_head *head)
{
	if (!list_empty(head))
		list_move_tail(head->next, head);
}

/* Rotate so that entry becomes the first element of head. */
static inline void list_rotate_to_front(struct list_head *entry,
					struct list_head *head)
{
	list_move_tail(head, entry);
}

/*
 * Move the initial part of head, up to and including entry, to list
 * (which is overwritten: it should be empty or its entries are lost).
 * entry must be on head; entry == head moves nothing.
 */
static inline void list_cut_position(struct list_head *list,
				     struct list_head *head,
				     struct list_head *entry)
{
	if (list_empty(head) || entry == head) {
		INIT_LIST_HEAD(list);
		return;
	}
	list->next = head->next;
	list->next->prev = list;
	list->prev = entry;
	head->next = entry->next;
	head->next->prev = head;
	entry->next = list;
}

/* As list_cut_position(), but entry itself stays on head. */
static inline void list_cut_before(struct list_head *list,
				   struct list_head *head,
				   struct list_head *entry)
{
	if (head->next == entry) {
		INIT_LIST_HEAD(list);
		return;
	}
	list->next = head->next;
	list->next->prev = list;
	list->prev = entry->prev;
	list->prev->next = list;
	head->next = entry;
	entry->prev = head;
}

/* Insert the (non-empty) entries of list between prev and next. */
static inline void __list_splice(const struct list_head *list,
				 struct list_head *prev,
				 struct list_head *next)
{
	struct list_head *first = list->next;
	struct list_head *last = list->prev;

	first->prev = prev;
	last->next = next;
	next->prev = last;
	WRITE_ONCE(prev->next, first);
}

/* Join list at the front of head; list itself is left stale. */
static inline void list_splice(const struct list_head *list,
			       struct list_head *head)
{
	if (!list_empty(list))
		__list_splice(list, head, head->next);
}

/* Join list at the tail of head; list itself is left stale. */
static inline void list_splice_tail(const struct list_head *list,
				    struct list_head *head)
{
	if (!list_empty(list))
		__list_splice(list, head->prev, head);
}

/* list_splice(), then reinitialise list to empty. */
static inline void list_splice_init(struct list_head *list,
				    struct list_head *head)
{
	if (!list_empty(list)) {
		__list_splice(list, head, head->next);
		INIT_LIST_HEAD(list);
	}
}

/* list_splice_tail(), then reinitialise list to empty. */
static inline void list_splice_tail_init(struct list_head *list,
					 struct list_head *head)
{
	if (!list_empty(list)) {
		__list_splice(list, head->prev, head);
		INIT_LIST_HEAD(list);
	}
}

/* The struct containing list_head ptr. */
#define list_entry(ptr, type, member) container_of(ptr, type, member)

/* First / last element; the list must not be empty. */
#define list_first_entry(head, type, member) \
	list_entry((head)->next, type, member)
#define list_last_entry(head, type, member) \
	list_entry((head)->prev, type, member)

/* First element, or NULL for an empty list. */
#define list_first_entry_or_null(head, type, member) ({			\
	struct list_head *__lfe_head = (head);				\
	struct list_head *__lfe_pos = READ_ONCE(__lfe_head->next);	\
	__lfe_pos != __lfe_head ? list_entry(__lfe_pos, type, member) : NULL; })

#define list_last_entry_or_null(head, type, member) ({			\
	struct list_head *__lle_head = (head);				\
	struct list_head *__lle_pos = __lle_head->prev;			\
	__lle_pos != __lle_head ? list_entry(__lle_pos, type, member) : NULL; })

#define list_next_entry(pos, member) \
	list_entry((pos)->member.next, __typeof__(*(pos)), member)
#define list_prev_entry(pos, member) \
	list_entry((pos)->member.prev, __typeof__(*(pos)), member)

/* Is pos (an element cursor) back at the list head? */
#define list_entry_is_head(pos, head, member) (&(pos)->member == (head))

/* Iterate over the raw list_head links. */
#define list_for_each(pos, head) \
	for (pos = (head)->next; !list_is_head(pos, (head)); pos = pos->next)

#define list_for_each_prev(pos, head) \
	for (pos = (head)->prev; !list_is_head(pos, (head)); pos = pos->prev)

/* As list_for_each(), but pos may be removed: n holds the next link. */
#define list_for_each_safe(pos, n, head)				\
	for (pos = (head)->next, n = pos->next;				\
	     !list_is_head(pos, (head));				\
	     pos = n, n = pos->next)

#define list_for_each_prev_safe(pos, n, head)				\
	for (pos = (head)->prev, n = pos->prev;				\
	     !list_is_head(pos, (head));				\
	     pos = n, n = pos->prev)

/* Iterate over the elements; pos is a pointer to the element type. */
#define list_for_each_entry(pos, head, member)				\
	for (pos = list_first_entry(head, __typeof__(*pos), member);	\
	     !list_entry_is_head(pos, head, member);			\
	     pos = list_next_entry(pos, member))

#define list_for_each_entry_reverse(pos, head, member)			\
	for (pos = list_last_entry(head, __typeof__(*pos), member);	\
	     !list_entry_is_head(pos, head, member);			\
	     pos = list_prev_entry(pos, member))

/*
 * A cursor for list_for_each_entry_continue(): pos itself if non-NULL,
 * else the head disguised as an element so iteration starts at the start.
 */
#define list_prepare_entry(pos, head, member) \
	((pos) ? : list_entry(head, __typeof__(*pos), member))

/* Continue after pos. */
#define list_for_each_entry_continue(pos, head, member)			\
	for (pos = list_next_entry(pos, member);			\
	     !list_entry_is_head(pos, head, member);			\
	     pos = list_next_entry(pos, member))

#define list_for_each_entry_continue_reverse(pos, head, member)		\
	for (pos = list_prev_entry(pos, member);			\
	     !list_entry_is_head(pos, head, member);			\
	     pos = list_prev_entry(pos, member))

/* Continue from pos itself. */
#define list_for_each_entry_from(pos, head, member)			\
	for (; !list_entry_is_head(pos, head, member);			\
	     pos = list_next_entry(pos, member))

#define list_for_each_entry_from_reverse(pos, head, member)		\
	for (; !list_entry_is_head(pos, head, member);			\
	     pos = list_prev_entry(pos, member))

/* Element iteration that survives removal of pos (n is the lookahead). */
#define list_for_each_entry_safe(pos, n, head, member)			\
	for (pos = list_first_entry(head, __typeof__(*pos), member),	\
	     n = list_next_entry(pos, member);				\
	     !list_entry_is_head(pos, head, member);			\
	     pos = n, n = list_next_entry(n, member))

#define list_for_each_entry_safe_continue(pos, n, head, member)		\
	for (pos = list_next_entry(pos, member),			\
	     n = list_next_entry(pos, member);				\
	     !list_entry_is_head(pos, head, member);			\
	     pos = n, n = list_next_entry(n, member))

#define list_for_each_entry_safe_from(pos, n, head, member)		\
	for (n = list_next_entry(pos, member);				\
	     !list_entry_is_head(pos, head, member);			\
	     pos = n, n = list_next_entry(n, member))

#define list_for_each_entry_safe_reverse(pos, n, head, member)		\
	for (pos = list_last_entry(head, __typeof__(*pos), member),	\
	     n = list_prev_entry(pos, member);				\
	     !list_entry_is_head(pos, head, member);			\
	     pos = n, n = list_prev_entry(n, member))

/*
 * After dropping a lock inside list_for_each_entry_safe(), the saved n may
 * be stale: re-read it from pos (which the caller has kept on the list).
 */
#define list_safe_reset_next(pos, n, member) \
	n = list_next_entry(pos, member)

/* Number of entries; O(n). */
static inline size_t list_count_nodes(const struct list_head *head)
{
	const struct list_head *pos;
	size_t count = 0;

	for (pos = head->next; pos != head; pos = pos->next)
		count++;
	return count;
}

/* ------------------------------------------------------------ hlist */

#define HLIST_HEAD_INIT { .first = NULL }
#define HLIST_HEAD(name) struct hlist_head name = { .first = NULL }
#define INIT_HLIST_HEAD(ptr) ((ptr)->first = NULL)

static inline void INIT_HLIST_NODE(struct hlist_node *node)
{
	node->next = NULL;
	node->pprev = NULL;
}

/* True if node is on no list (never added, or removed with _init). */
static inline int hlist_unhashed(const struct hlist_node *node)
{
	return !READ_ONCE(node->pprev);
}

static inline int hlist_empty(const struct hlist_head *head)
{
	return !READ_ONCE(head->first);
}

static inline void __hlist_del(struct hlist_node *node)
{
	struct hlist_node *next = node->next;
	struct hlist_node **pprev = node->pprev;

	WRITE_ONCE(*pprev, next);
	if (next)
		WRITE_ONCE(next->pprev, pprev);
}

/* Unlink node and poison it. */
static inline void hlist_del(struct hlist_node *node)
{
	__hlist_del(node);
	node->next = LIST_POISON1;
	node->pprev = LIST_POISON2;
}

/* Unlink node if it is hashed; afterwards hlist_unhashed(node) is true. */
static inline void hlist_del_init(struct hlist_node *node)
{
	if (!hlist_unhashed(node)) {
		__hlist_del(node);
		INIT_HLIST_NODE(node);
	}
}

static inline void hlist_add_head(struct hlist_node *node,
				  struct hlist_head *head)
{
	struct hlist_node *first = head->first;

	WRITE_ONCE(node->next, first);
	if (first)
		WRITE_ONCE(first->pprev, &node->next);
	WRITE_ONCE(head->first, node);
	WRITE_ONCE(node->pprev, &head->first);
}

/* Insert node before next, which must be on a list. */
static inline void hlist_add_before(struct hlist_node *node,
				    struct hlist_node *next)
{
	WRITE_ONCE(node->pprev, next->pprev);
	WRITE_ONCE(node->next, next);
	WRITE_ONCE(next->pprev, &node->next);
	WRITE_ONCE(*node->pprev, node);
}

/* Insert node after prev, which must be on a list. */
static inline void hlist_add_behind(struct hlist_node *node,
				    struct hlist_node *prev)
{
	WRITE_ONCE(node->next, prev->next);
	WRITE_ONCE(prev->next, node);
	WRITE_ONCE(node->pprev, &prev->next);
	if (node->next)
		WRITE_ONCE(node->next->pprev, &node->next);
}

/*
 * A "fake" node looks hashed (hlist_unhashed() is false) without being on
 * any list; hlist_del() of it is harmless.
 */
static inline void hlist_add_fake(struct hlist_node *node)
{
	node->pprev = &node->next;
}

static inline bool hlist_fake(struct hlist_node *node)
{
	return node->pprev == &node->next;
}

/* Is node the only entry of head? */
static inline bool hlist_is_singular_node(struct hlist_node *node,
					  struct hlist_head *head)
{
	return !node->next && node->pprev == &head->first;
}

/* Move all entries of old to new (which is overwritten); old ends empty. */
static inline void hlist_move_list(struct hlist_head *old,
				   struct hlist_head *new)
{
	new->first = old->first;
	if (new->first)
		new->first->pprev = &new->first;
	old->first = NULL;
}

static inline size_t hlist_count_nodes(const struct hlist_head *head)
{
	const struct hlist_node *pos;
	size_t count = 0;

	for (pos = head->first; pos; pos = pos->next)
		count++;
	return count;
}

#define hlist_entry(ptr, type, member) container_of(ptr, type, member)

#define hlist_entry_safe(ptr, type, member) ({				\
	__typeof__(ptr) __hes_p = (ptr);				\
	__hes_p ? hlist_entry(__hes_p, type, member) : NULL; })

#define hlist_for_each(pos, head) \
	for (pos = (head)->first; pos; pos = pos->next)

#define hlist_for_each_safe(pos, n, head)				\
	for (pos = (head)->first; pos && ({ n = pos->next; 1; });	\
	     pos = n)

#define hlist_for_each_entry(pos, head, member)				\
	for (pos = hlist_entry_safe((head)->first, __typeof__(*(pos)), member); \
	     pos;							\
	     pos = hlist_entry_safe((pos)->member.next, __typeof__(*(pos)), member))

#define hlist_for_each_entry_continue(pos, member)			\
	for (pos = hlist_entry_safe((pos)->member.next, __typeof__(*(pos)), member); \
	     pos;							\
	     pos = hlist_entry_safe((pos)->member.next, __typeof__(*(pos)), member))

#define hlist_for_each_entry_from(pos, member)				\
	for (; pos;							\
	     pos = hlist_entry_safe((pos)->member.next, __typeof__(*(pos)), member))

/* n is a struct hlist_node * lookahead, so pos may be removed. */
#define hlist_for_each_entry_safe(pos, n, head, member)			\
	for (pos = hlist_entry_safe((head)->first, __typeof__(*pos), member); \
	     pos && ({ n = pos->member.next; 1; });			\
	     pos = hlist_entry_safe(n, __typeof__(*pos), member))

#endif /* _LINUX_LIST_H */
