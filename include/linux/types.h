/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Basic fixed-width and kernel-wide scalar types.
 *
 * The kernel is freestanding: nothing here comes from a libc.  Sizes follow
 * the LP64 model of x86_64 (long and pointers are 64 bits).
 */
#ifndef _LINUX_TYPES_H
#define _LINUX_TYPES_H

typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;
typedef signed char s8;
typedef signed short s16;
typedef signed int s32;
typedef signed long long s64;

typedef u16 __le16;
typedef u32 __le32;
typedef u64 __le64;
typedef u16 __be16;
typedef u32 __be32;
typedef u64 __be64;

typedef unsigned long size_t;
typedef long ssize_t;
typedef long ptrdiff_t;
typedef unsigned long uintptr_t;
typedef long intptr_t;

typedef _Bool bool;
#define true 1
#define false 0

#ifndef NULL
#define NULL ((void *)0)
#endif

typedef u64 phys_addr_t;
typedef u64 dma_addr_t;
typedef u64 sector_t;
typedef unsigned int fmode_t;
typedef long long loff_t;
typedef long off_t;
typedef int pid_t;
typedef unsigned int uid_t;
typedef unsigned int gid_t;
typedef unsigned int umode_t;
typedef u32 dev_t;
typedef unsigned long ino_t;
typedef long time64_t;
typedef s64 ktime_t;
typedef unsigned int gfp_t;

typedef struct {
	int counter;
} atomic_t;

typedef struct {
	long counter;
} atomic_long_t;

typedef atomic_long_t atomic64_t;

/* The links of <linux/list.h>, here so that any struct can embed them. */
struct list_head {
	struct list_head *next;		/* toward the tail; the head's is the first */
	struct list_head *prev;		/* toward the head; the head's is the last */
};

struct hlist_node {
	struct hlist_node *next;	/* NULL at the end of the chain */
	struct hlist_node **pprev;	/* the pointer that points here */
};

struct hlist_head {
	struct hlist_node *first;
};

#endif /* _LINUX_TYPES_H */
