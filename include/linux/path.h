/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * struct path: a location in the mount tree - a mount and a dentry in it.
 * A path held by someone owns one reference on each (path_get/path_put).
 */
#ifndef _LINUX_PATH_H
#define _LINUX_PATH_H

#include <linux/types.h>

struct dentry;
struct vfsmount;

struct path {
	struct vfsmount *mnt;
	struct dentry *dentry;
};

void path_get(const struct path *path);
void path_put(const struct path *path);

static inline bool path_equal(const struct path *a, const struct path *b)
{
	return a->mnt == b->mnt && a->dentry == b->dentry;
}

#endif /* _LINUX_PATH_H */
