/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Poison values written into dead objects so that a use after free faults
 * at once and is recognisable in an oops.  The pointer poisons are
 * non-canonical x86_64 addresses: dereferencing one raises #GP, never a
 * silent access to some mapped page.
 */
#ifndef _LINUX_POISON_H
#define _LINUX_POISON_H

/* Left in list_head.next / .prev (and hlist_node) by list_del(). */
#define LIST_POISON1 ((void *)0xdead4c1570000100UL)
#define LIST_POISON2 ((void *)0xdead4c1570000200UL)

#endif /* _LINUX_POISON_H */
