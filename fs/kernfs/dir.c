// SPDX-License-Identifier: GPL-2.0-only
/*
 * kernfs nodes: creating, finding and removing the directories, files and
 * symlinks of a kernfs tree.  The VFS side (inodes, lookup, readdir, file
 * I/O, mounting) is in fs/kernfs/inode.c.
 *
 * Interface and locking: <linux/kernfs.h>.  Children are kept sorted by
 * name so readdir order is stable.
 */
#include <linux/kernel.h>
#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/stat.h>
#include <linux/rwsem.h>
#include <linux/kernfs.h>
#include "kernfs-internal.h"

DECLARE_RWSEM(kernfs_rwsem);
static atomic_long_t kernfs_last_ino;

void kernfs_get(struct kernfs_node *kn)
{
	if (kn)
		atomic_inc(&kn->count);
}

void kernfs_put(struct kernfs_node *kn)
{
	while (kn && atomic_dec_and_test(&kn->count)) {
		struct kernfs_node *parent = kn->parent;

		WARN_ON(!(kn->flags & KERNFS_REMOVED) && parent);
		kernfs_put(kn->target);
		kfree(kn->name);
		kfree(kn);
		kn = parent;
	}
}

static struct kernfs_node *kernfs_new_node(const char *name, umode_t mode)
{
	struct kernfs_node *kn = kzalloc(sizeof(*kn), GFP_KERNEL);

	if (!kn)
		return NULL;
	kn->name = kstrdup(name, GFP_KERNEL);
	if (!kn->name) {
		kfree(kn);
		return NULL;
	}
	atomic_set(&kn->count, 1);
	kn->mode = mode;
	kn->ino = atomic_long_add_return(1, &kernfs_last_ino);
	INIT_LIST_HEAD(&kn->sibling);
	INIT_LIST_HEAD(&kn->children);
	return kn;
}

struct kernfs_node *kernfs_create_root(umode_t mode, void *priv)
{
	struct kernfs_node *kn = kernfs_new_node("", S_IFDIR | (mode & 07777));

	if (kn)
		kn->priv = priv;
	return kn;
}

/* A live child of parent by name; kernfs_rwsem held. */
struct kernfs_node *kernfs_find_locked(struct kernfs_node *parent, const char *name)
{
	struct kernfs_node *kn;

	list_for_each_entry(kn, &parent->children, sibling) {
		int c = strcmp(kn->name, name);

		if (!c)
			return kn;
		if (c > 0)
			break;
	}
	return NULL;
}

struct kernfs_node *kernfs_find_and_get(struct kernfs_node *parent, const char *name)
{
	struct kernfs_node *kn;

	down_read(&kernfs_rwsem);
	kn = kernfs_find_locked(parent, name);
	kernfs_get(kn);
	up_read(&kernfs_rwsem);
	return kn;
}

/* Link kn under parent (sorted); -EEXIST if the name is taken. */
static int kernfs_add_one(struct kernfs_node *parent, struct kernfs_node *kn)
{
	struct kernfs_node *pos;
	int err = 0;

	down_write(&kernfs_rwsem);
	if ((parent->flags & KERNFS_REMOVED) || !kernfs_is_dir(parent)) {
		err = -ENOENT;
		goto out;
	}
	list_for_each_entry(pos, &parent->children, sibling) {
		int c = strcmp(pos->name, kn->name);

		if (!c) {
			err = -EEXIST;
			goto out;
		}
		if (c > 0)
			break;
	}
	kernfs_get(parent);
	kn->parent = parent;
	/* Before pos (or at the tail when pos is the list head). */
	list_add_tail(&kn->sibling, &pos->sibling);
out:
	up_write(&kernfs_rwsem);
	return err;
}

static struct kernfs_node *kernfs_create(struct kernfs_node *parent, const char *name,
					 umode_t mode)
{
	struct kernfs_node *kn;

	if (!parent || !name || !*name || strchr(name, '/'))
		return ERR_PTR(-EINVAL);
	kn = kernfs_new_node(name, mode);
	if (!kn)
		return ERR_PTR(-ENOMEM);
	/* Not yet visible: the creator's fields are filled before the add. */
	return kn;
}

static struct kernfs_node *kernfs_publish(struct kernfs_node *parent, struct kernfs_node *kn)
{
	int err = kernfs_add_one(parent, kn);

	if (err) {
		kn->flags |= KERNFS_REMOVED;
		kernfs_put(kn);
		return ERR_PTR(err);
	}
	return kn;
}

struct kernfs_node *kernfs_create_dir(struct kernfs_node *parent, const char *name,
				      umode_t mode, void *priv)
{
	struct kernfs_node *kn = kernfs_create(parent, name, S_IFDIR | (mode & 07777));

	if (IS_ERR(kn))
		return kn;
	kn->priv = priv;
	return kernfs_publish(parent, kn);
}

struct kernfs_node *kernfs_create_file(struct kernfs_node *parent, const char *name,
				       umode_t mode, const struct kernfs_ops *ops, void *priv)
{
	struct kernfs_node *kn = kernfs_create(parent, name, S_IFREG | (mode & 07777));

	if (IS_ERR(kn))
		return kn;
	kn->ops = ops;
	kn->priv = priv;
	return kernfs_publish(parent, kn);
}

struct kernfs_node *kernfs_create_link(struct kernfs_node *parent, const char *name,
				       struct kernfs_node *target)
{
	struct kernfs_node *kn = kernfs_create(parent, name, S_IFLNK | 0777);

	if (IS_ERR(kn))
		return kn;
	kernfs_get(target);
	kn->target = target;
	return kernfs_publish(parent, kn);
}

/* Unlink kn and its subtree; kernfs_rwsem held for writing. */
static void __kernfs_remove(struct kernfs_node *kn)
{
	while (!list_empty(&kn->children))
		__kernfs_remove(list_first_entry(&kn->children, struct kernfs_node, sibling));
	kn->flags |= KERNFS_REMOVED;
	if (kn->parent) {
		list_del_init(&kn->sibling);
		/* The parent's list reference. */
		kernfs_put(kn);
	}
}

void kernfs_remove(struct kernfs_node *kn)
{
	if (!kn)
		return;
	kernfs_get(kn);
	down_write(&kernfs_rwsem);
	if (!(kn->flags & KERNFS_REMOVED))
		__kernfs_remove(kn);
	up_write(&kernfs_rwsem);
	kernfs_put(kn);
}

int kernfs_remove_by_name(struct kernfs_node *parent, const char *name)
{
	struct kernfs_node *kn;

	down_write(&kernfs_rwsem);
	kn = kernfs_find_locked(parent, name);
	if (kn)
		__kernfs_remove(kn);
	up_write(&kernfs_rwsem);
	return kn ? 0 : -ENOENT;
}

int kernfs_path(struct kernfs_node *kn, char *buf, size_t buflen)
{
	struct kernfs_node *n;
	size_t len = 0, pos;

	if (!buflen)
		return -ENAMETOOLONG;
	down_read(&kernfs_rwsem);
	for (n = kn; n->parent; n = n->parent)
		len += strlen(n->name) + (n->parent->parent ? 1 : 0);
	if (len + 1 > buflen) {
		up_read(&kernfs_rwsem);
		return -ENAMETOOLONG;
	}
	buf[len] = '\0';
	pos = len;
	for (n = kn; n->parent; n = n->parent) {
		size_t l = strlen(n->name);

		pos -= l;
		memcpy(buf + pos, n->name, l);
		if (n->parent->parent)
			buf[--pos] = '/';
	}
	up_read(&kernfs_rwsem);
	return (int)len;
}
