/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * kernfs (fs/kernfs/): an in-memory tree of directories, attribute files
 * and symlinks that the kernel builds and user space reads through a
 * mounted file system.  sysfs is built on it (<linux/sysfs.h>); other
 * users create their own root and mount it the same way.
 *
 * Nodes:
 *   kernfs_create_root()                 a tree (its root directory)
 *   kernfs_create_dir(parent, name, mode, priv)
 *   kernfs_create_file(parent, name, mode, ops, priv)
 *   kernfs_create_link(parent, name, target)
 *   kernfs_find_and_get(parent, name)    a child, referenced (kernfs_put())
 *   kernfs_remove(kn)                    kn and everything below it
 *   kernfs_mount(fs_type, flags, root, magic)   ->mount of the fs type
 *
 * A file's ops->show(kn, buf) fills one page when a reader starts at
 * offset 0 and returns the length (or -errno); reads at other offsets see
 * that snapshot.  ops->store(kn, buf, count) gets each write(2), copied
 * and NUL-terminated, and returns count (or the bytes used, or -errno).
 * kn->priv is the creator's pointer.
 *
 * Locking and lifetime: kernfs_rwsem guards the tree (writers: create
 * and remove; readers: lookup, readdir, and every show/store call, so a
 * node's priv stays valid while its show or store runs, and once
 * kernfs_remove() returns no callback of the removed nodes runs again).
 * show and store must therefore not create or remove nodes.  Nodes are
 * reference counted (a child holds its parent; inodes and open files
 * hold theirs); removed nodes stay allocated until the last reference.
 */
#ifndef _LINUX_KERNFS_H
#define _LINUX_KERNFS_H

#include <linux/types.h>
#include <linux/list.h>
#include <asm/atomic.h>

struct kernfs_node;
struct file_system_type;
struct dentry;
struct super_block;

struct kernfs_ops {
	ssize_t (*show)(struct kernfs_node *kn, char *buf);
	ssize_t (*store)(struct kernfs_node *kn, const char *buf, size_t count);
};

/* kn->flags */
#define KERNFS_REMOVED	0x1

struct kernfs_node {
	atomic_t count;
	unsigned int flags;		/* kernfs_rwsem */
	struct kernfs_node *parent;	/* NULL for a root; referenced */
	const char *name;
	umode_t mode;			/* S_IFDIR / S_IFREG / S_IFLNK | permissions */
	unsigned long ino;
	struct list_head sibling;	/* in parent->children, sorted by name */
	struct list_head children;	/* directories */
	const struct kernfs_ops *ops;	/* files */
	struct kernfs_node *target;	/* symlinks; referenced */
	void *priv;
};

static inline bool kernfs_is_dir(const struct kernfs_node *kn)
{
	return (kn->mode & 0170000) == 0040000;
}

struct kernfs_node *kernfs_create_root(umode_t mode, void *priv);
struct kernfs_node *kernfs_create_dir(struct kernfs_node *parent, const char *name,
				      umode_t mode, void *priv);
struct kernfs_node *kernfs_create_file(struct kernfs_node *parent, const char *name,
				       umode_t mode, const struct kernfs_ops *ops, void *priv);
struct kernfs_node *kernfs_create_link(struct kernfs_node *parent, const char *name,
				       struct kernfs_node *target);
struct kernfs_node *kernfs_find_and_get(struct kernfs_node *parent, const char *name);
/* Remove by name below parent; -ENOENT if there is no such child. */
int kernfs_remove_by_name(struct kernfs_node *parent, const char *name);
void kernfs_remove(struct kernfs_node *kn);
void kernfs_get(struct kernfs_node *kn);
void kernfs_put(struct kernfs_node *kn);
/* "a/b/c" of kn below its root, into buf; the length or -ENAMETOOLONG. */
int kernfs_path(struct kernfs_node *kn, char *buf, size_t buflen);

/* A mount of the tree under root: one super block per root, shared. */
struct dentry *kernfs_mount(struct file_system_type *fs_type, int flags,
			    struct kernfs_node *root, unsigned long magic);
void kernfs_kill_sb(struct super_block *sb);

#endif /* _LINUX_KERNFS_H */
