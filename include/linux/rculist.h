/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * RCU-safe list and hlist operations.
 *
 * Writers serialise among themselves with a lock, as for the plain lists;
 * readers walk under rcu_read_lock() with the _rcu iterators and may run
 * concurrently with any of these updates.  Each update publishes the new
 * links with rcu_assign_pointer() (after the entry's own fields are set),
 * and deletion leaves the deleted entry's forward pointer intact so a
 * reader standing on it can continue.  A deleted entry may be freed (or
 * reused) only after a grace period: synchronize_rcu(), call_rcu() or
 * kfree_rcu().  The _init deletions of the plain list API are not RCU
 * safe; use list_del_rcu() and reinitialise after the grace period.
 */
#ifndef _LINUX_RCULIST_H
#define _LINUX_RCULIST_H

#include <linux/list.h>
#include <linux/rcupdate.h>

/* Pointer through which readers reach the next entry. */
#define list_next_rcu(list)	(*((struct list_head __rcu **)(&(list)->next)))
#define hlist_first_rcu(head)	(*((struct hlist_node __rcu **)(&(head)->first)))
#define hlist_next_rcu(node)	(*((struct hlist_node __rcu **)(&(node)->next)))
#define hlist_pprev_rcu(node)	(*((struct hlist_node __rcu **)((node)->pprev)))

/* Initialise a head readers may already be looking at. */
static inline void INIT_LIST_HEAD_RCU(struct list_head *list)
{
	WRITE_ONCE(list->next, list);
	WRITE_ONCE(list->prev, list);
}

static inline void __list_add_rcu(struct list_head *new, struct list_head *prev,
				  struct list_head *next)
{
	new->next = next;
	new->prev = prev;
	rcu_assign_pointer(list_next_rcu(prev), new);
	next->prev = new;
}

static inline void list_add_rcu(struct list_head *new, struct list_head *head)
{
	__list_add_rcu(new, head, head->next);
}

static inline void list_add_tail_rcu(struct list_head *new, struct list_head *head)
{
	__list_add_rcu(new, head->prev, head);
}

/* Unlink entry; readers on it still see a valid ->next.  Only ->prev is poisoned. */
static inline void list_del_rcu(struct list_head *entry)
{
	struct list_head *prev = entry->prev, *next = entry->next;

	next->prev = prev;
	WRITE_ONCE(prev->next, next);
	entry->prev = LIST_POISON2;
}

/* Put new where old was; old keeps its links for readers standing on it. */
static inline void list_replace_rcu(struct list_head *old, struct list_head *new)
{
	new->next = old->next;
	new->prev = old->prev;
	rcu_assign_pointer(list_next_rcu(new->prev), new);
	new->next->prev = new;
	old->prev = LIST_POISON2;
}

#define list_entry_rcu(ptr, type, member) \
	container_of(READ_ONCE(ptr), type, member)

#define list_first_entry_or_null_rcu(head, type, member)		\
	({								\
		struct list_head *__head = (head);			\
		struct list_head *__next = READ_ONCE(__head->next);	\
		__next != __head ? list_entry(__next, type, member) : NULL; \
	})
#define list_first_or_null_rcu(head, type, member) \
	list_first_entry_or_null_rcu(head, type, member)

#define list_next_or_null_rcu(head, ptr, type, member)			\
	({								\
		struct list_head *__head = (head);			\
		struct list_head *__next = READ_ONCE((ptr)->next);	\
		__next != __head ? list_entry(__next, type, member) : NULL; \
	})

#define list_for_each_entry_rcu(pos, head, member)			\
	for (pos = list_entry_rcu((head)->next, __typeof__(*pos), member); \
	     &pos->member != (head);					\
	     pos = list_entry_rcu(pos->member.next, __typeof__(*pos), member))

#define list_for_each_entry_continue_rcu(pos, head, member)		\
	for (pos = list_entry_rcu(pos->member.next, __typeof__(*pos), member); \
	     &pos->member != (head);					\
	     pos = list_entry_rcu(pos->member.next, __typeof__(*pos), member))

#define list_for_each_entry_from_rcu(pos, head, member)			\
	for (; &(pos)->member != (head);					\
	     pos = list_entry_rcu(pos->member.next, __typeof__(*(pos)), member))

/* ------------------------------------------------------------ hlist */

/* Unlink node; readers on it can still follow ->next. */
static inline void hlist_del_rcu(struct hlist_node *node)
{
	__hlist_del(node);
	WRITE_ONCE(node->pprev, LIST_POISON2);
}

/* Unlink node (if hashed) and mark it unhashed; ->next stays for readers. */
static inline void hlist_del_init_rcu(struct hlist_node *node)
{
	if (!hlist_unhashed(node)) {
		__hlist_del(node);
		WRITE_ONCE(node->pprev, NULL);
	}
}

static inline void hlist_add_head_rcu(struct hlist_node *node, struct hlist_head *head)
{
	struct hlist_node *first = head->first;

	node->next = first;
	WRITE_ONCE(node->pprev, &head->first);
	rcu_assign_pointer(hlist_first_rcu(head), node);
	if (first)
		WRITE_ONCE(first->pprev, &node->next);
}

static inline void hlist_add_tail_rcu(struct hlist_node *node, struct hlist_head *head)
{
	struct hlist_node *last = NULL, *i;

	for (i = head->first; i; i = i->next)
		last = i;
	if (last) {
		node->next = NULL;
		WRITE_ONCE(node->pprev, &last->next);
		rcu_assign_pointer(hlist_next_rcu(last), node);
	} else {
		hlist_add_head_rcu(node, head);
	}
}

/* Insert node before next (which is hashed). */
static inline void hlist_add_before_rcu(struct hlist_node *node, struct hlist_node *next)
{
	WRITE_ONCE(node->pprev, next->pprev);
	node->next = next;
	rcu_assign_pointer(hlist_pprev_rcu(node), node);
	WRITE_ONCE(next->pprev, &node->next);
}

/* Insert node after prev (which is hashed). */
static inline void hlist_add_behind_rcu(struct hlist_node *node, struct hlist_node *prev)
{
	node->next = prev->next;
	WRITE_ONCE(node->pprev, &prev->next);
	rcu_assign_pointer(hlist_next_rcu(prev), node);
	if (node->next)
		WRITE_ONCE(node->next->pprev, &node->next);
}

static inline void hlist_replace_rcu(struct hlist_node *old, struct hlist_node *new)
{
	struct hlist_node *next = old->next;

	new->next = next;
	WRITE_ONCE(new->pprev, old->pprev);
	rcu_assign_pointer(*(struct hlist_node __rcu **)new->pprev, new);
	if (next)
		WRITE_ONCE(new->next->pprev, &new->next);
	WRITE_ONCE(old->pprev, LIST_POISON2);
}

#define hlist_entry_safe_rcu(ptr, type, member)				\
	({								\
		__typeof__(ptr) ____ptr = READ_ONCE(ptr);		\
		____ptr ? hlist_entry(____ptr, type, member) : NULL;	\
	})

#define hlist_for_each_entry_rcu(pos, head, member)			\
	for (pos = hlist_entry_safe_rcu(hlist_first_rcu(head), __typeof__(*(pos)), member); \
	     pos;							\
	     pos = hlist_entry_safe_rcu(hlist_next_rcu(&(pos)->member), \
					__typeof__(*(pos)), member))

#define hlist_for_each_entry_continue_rcu(pos, member)			\
	for (pos = hlist_entry_safe_rcu(hlist_next_rcu(&(pos)->member),	\
					__typeof__(*(pos)), member);	\
	     pos;							\
	     pos = hlist_entry_safe_rcu(hlist_next_rcu(&(pos)->member), \
					__typeof__(*(pos)), member))

#endif /* _LINUX_RCULIST_H */
