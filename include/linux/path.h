/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * struct path: a location in the mount tree - a mount and a dentry in it.
 * A path held by someone owns one reference on each (path_get/path_put).
 */
#ifndef _LINUX_PATH_H
#define _LINUX_PATH_H

#include <linux/types.h>

struct path {
	struct vfsmount *mnt;	/* the mount it is seen through */
	struct dentry *dentry;	/* the place inside that mount */
};

/* The same place: the same dentry reached through the same mount. */
static inline bool path_equal(const struct path *a, const struct path *b)
{
	if (a->dentry != b->dentry)
		return false;
	return a->mnt == b->mnt;
}

/* Take / drop the references on both mnt and dentry. */
void path_get(const struct path *path);
void path_put(const struct path *path);

#endif /* _LINUX_PATH_H */
