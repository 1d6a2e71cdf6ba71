/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Shared between the files of fs/kernfs/ only.
 */
#ifndef _FS_KERNFS_INTERNAL_H
#define _FS_KERNFS_INTERNAL_H

#include <linux/rwsem.h>
#include <linux/kernfs.h>

/* The tree lock; see <linux/kernfs.h>. */
extern struct rw_semaphore kernfs_rwsem;

/* A live child by name; kernfs_rwsem held. */
struct kernfs_node *kernfs_find_locked(struct kernfs_node *parent, const char *name);

#endif /* _FS_KERNFS_INTERNAL_H */
