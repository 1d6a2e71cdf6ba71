/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Ring lists and bucket chains (<linux/list.h>) that readers walk under
 * rcu_read_lock() while a writer changes them.
 *
 * The rules, from the publish/subscribe model of RCU:
 *  - Writers still exclude each other with a lock of their own.
 *  - Publishing: a new entry is filled in completely (its own forward
 *    link included) and only then made reachable, by one
 *    rcu_assign_pointer() into the forward link that leads to it.  The
 *    backward links are not followed by readers and are set with plain
 *    stores.
 *  - Subscribing: readers load every forward link once, with
 *    rcu_dereference_raw() (READ_ONCE), and never look at ->prev/->pprev.
 *  - Unpublishing: removal only bypasses the entry; its forward link
 *    stays valid so that a reader standing on it can walk on.  Only the
 *    backward link is poisoned.  The entry may be freed or reused after a
 *    grace period (synchronize_rcu(), call_rcu(), kfree_rcu()), not
 *    before; list_del_init() and friends must not be used on it.
 */
#ifndef _LINUX_RCULIST_H
#define _LINUX_RCULIST_H

#include <linux/list.h>
#include <linux/rcupdate.h>

/* ======================================================== ring lists */

/* Fill in entry between before and after, then make it reachable. */
static inline void __list_publish(struct list_head *entry,
				  struct list_head *before,
				  struct list_head *after)
{
	entry->prev = before;
	entry->next = after;
	rcu_assign_pointer(before->next, entry);
	after->prev = entry;
}

static inline void list_add_rcu(struct list_head *entry, struct list_head *head)
{
	struct list_head *old_first = head->next;

	__list_publish(entry, head, old_first);
}

static inline void list_add_tail_rcu(struct list_head *entry, struct list_head *head)
{
	struct list_head *old_last = head->prev;

	__list_publish(entry, old_last, head);
}

/* Bypass entry.  Its ->next stays for readers on it; ->prev is poisoned. */
static inline void list_del_rcu(struct list_head *entry)
{
	struct list_head *before = entry->prev;

	__list_close_gap(before, entry->next);
	entry->prev = LIST_POISON2;
}

/* Publish new in old's place; readers on old still find their way on. */
static inline void list_replace_rcu(struct list_head *old,
				    struct list_head *new)
{
	__list_publish(new, old->prev, old->next);
	old->prev = LIST_POISON2;
}

/* The element a forward link leads to, loading the link once. */
#define list_entry_rcu(link, type, member) \
	container_of(rcu_dereference_raw(link), type, member)

/*
 * First element or NULL.  list_first_entry_or_null() already loads the
 * head's forward link once with READ_ONCE(), which is all a reader needs.
 */
#define list_first_entry_or_null_rcu(head, type, member) \
	list_first_entry_or_null(head, type, member)
#define list_first_or_null_rcu(head, type, member) \
	list_first_entry_or_null(head, type, member)

#define __list_rcu_step(link, pos, member) \
	list_entry_rcu(link, __typeof__(*(pos)), member)

#define list_for_each_entry_rcu(pos, head, member)			\
	for (pos = __list_rcu_step((head)->next, pos, member);		\
	     &(pos)->member != (head);					\
	     pos = __list_rcu_step((pos)->member.next, pos, member))

/* ====================================================== bucket chains */

/* As __hlist_insert_at(), with the store into slot as the publication. */
static inline void __hlist_publish_at(struct hlist_node *node,
				      struct hlist_node **slot)
{
	struct hlist_node *rest = *slot;

	node->next = rest;
	WRITE_ONCE(node->pprev, slot);
	rcu_assign_pointer(*slot, node);
	if (rest)
		WRITE_ONCE(rest->pprev, &node->next);
}

static inline void hlist_add_head_rcu(struct hlist_node *node,
				      struct hlist_head *head)
{
	__hlist_publish_at(node, &head->first);
}

/* Bypass node; its ->next stays valid, ->pprev is poisoned. */
static inline void hlist_del_rcu(struct hlist_node *node)
{
	__hlist_del(node);
	WRITE_ONCE(node->pprev, LIST_POISON2);
}

/* Bypass node if hashed and mark it unhashed; ->next stays valid. */
static inline void hlist_del_init_rcu(struct hlist_node *node)
{
	if (hlist_unhashed(node))
		return;
	__hlist_del(node);
	WRITE_ONCE(node->pprev, NULL);
}

#define hlist_for_each_entry_rcu(pos, head, member)			\
	for (pos = __hlist_elem(rcu_dereference_raw((head)->first), pos, member); \
	     pos;							\
	     pos = __hlist_elem(rcu_dereference_raw((pos)->member.next), pos, member))

#endif /* _LINUX_RCULIST_H */
