/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The dentry cache (fs/dcache.c): the names of the file-system tree.
 *
 * A dentry binds a name in a parent directory to an inode (positive) or
 * records that the name does not exist (negative).  Dentries form a tree
 * per super block (d_parent/d_child/d_subdirs) and are found by
 * (parent, name) through a global hash table.
 *
 * Locking: one global spinlock, dcache_lock, guards the hash table, the
 * tree links (d_parent, d_child, d_subdirs), d_name, d_flags, d_inode
 * changes, inode alias lists (i_dentry), the unused-dentry LRU and every
 * transition of d_count to or from zero.  Rename additionally holds the
 * super block's s_vfs_rename_mutex for cross-directory moves and the
 * i_rwsem of both parents, so a holder of a directory's i_rwsem sees
 * stable names and parents of that directory's children.
 *
 * Lifetime: d_count counts references.  dget() needs an existing
 * reference (or dcache_lock).  The last dput() either keeps the dentry
 * cached on the LRU (hashed, and d_op->d_delete does not object) or
 * kills it: unhash, unlink from the parent, drop the inode, and dput()
 * the parent.  A dentry someone holds never turns from positive to
 * negative: d_delete() only does that when the caller holds the sole
 * reference, and unhashes it otherwise.  A negative dentry may become
 * positive (d_instantiate()) under its parent's i_rwsem; readers use
 * d_inode() with READ_ONCE semantics.
 */
#ifndef _LINUX_DCACHE_H
#define _LINUX_DCACHE_H

#include <linux/types.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <asm/atomic.h>

struct inode;
struct super_block;
struct path;
struct vfsmount;

/* A name with its length and hash (hash is computed by d_hash_name()). */
struct qstr {
	u32 hash;
	u32 len;
	const unsigned char *name;
};

#define QSTR_INIT(n, l) { .hash = 0, .len = (l), .name = (const unsigned char *)(n) }

/* Names this long or shorter live inside the dentry. */
#define DNAME_INLINE_LEN 40

struct dentry_operations {
	/* Is a cached dentry still valid (network file systems)?  >0 yes, 0 no, <0 error. */
	int (*d_revalidate)(struct dentry *dentry, unsigned int flags);
	/* Delete rather than cache when the last reference goes?  Nonzero: delete. */
	int (*d_delete)(const struct dentry *dentry);
	void (*d_release)(struct dentry *dentry);
	/* Called instead of iput() when the dentry lets go of its inode. */
	void (*d_iput)(struct dentry *dentry, struct inode *inode);
	/* Name for d_path() of dentries outside any tree (pipes, sockets). */
	char *(*d_dname)(struct dentry *dentry, char *buf, int buflen);
};

struct dentry {
	unsigned int d_flags;		/* DCACHE_*; dcache_lock */
	atomic_t d_count;		/* references; 0 -> 1 and 1 -> 0 under dcache_lock */
	int d_mounted;			/* mounts on this dentry; mount_lock */
	struct hlist_node d_hash;	/* in the hash table; dcache_lock */
	struct dentry *d_parent;	/* parent directory (itself for a root) */
	struct qstr d_name;
	struct inode *d_inode;		/* NULL when negative */
	const struct dentry_operations *d_op;
	struct super_block *d_sb;
	void *d_fsdata;			/* file system's */
	unsigned long d_time;		/* file system's (revalidation) */
	struct list_head d_lru;		/* unused-dentry LRU; dcache_lock */
	struct list_head d_child;	/* in parent's d_subdirs; dcache_lock */
	struct list_head d_subdirs;	/* our children; dcache_lock */
	struct hlist_node d_alias;	/* in inode->i_dentry; dcache_lock */
	unsigned char d_iname[DNAME_INLINE_LEN];
};

/* d_flags */
#define DCACHE_OP_DELETE	0x0001	/* d_op->d_delete is set */
#define DCACHE_OP_REVALIDATE	0x0002
#define DCACHE_LRU_LIST		0x0004	/* on the unused LRU */
#define DCACHE_DENTRY_KILLED	0x0008	/* being freed; do not touch */
#define DCACHE_DENTRY_CURSOR	0x0010	/* a readdir cursor, not a name */
#define DCACHE_DISCONNECTED	0x0020	/* not (yet) connected to the tree */
#define DCACHE_NOKEY_NAME	0x0040
#define DCACHE_PINNED_ROOT	0x0080	/* a super block's s_root */

extern spinlock_t dcache_lock;

static inline struct inode *d_inode(const struct dentry *dentry)
{
	return READ_ONCE(dentry->d_inode);
}

static inline bool d_really_is_negative(const struct dentry *dentry)
{
	return d_inode(dentry) == NULL;
}

static inline bool d_really_is_positive(const struct dentry *dentry)
{
	return d_inode(dentry) != NULL;
}

static inline bool d_unhashed(const struct dentry *dentry)
{
	return hlist_unhashed(&dentry->d_hash);
}

static inline bool d_unlinked(const struct dentry *dentry)
{
	return d_unhashed(dentry) && dentry->d_parent != dentry;
}

static inline bool IS_ROOT(const struct dentry *dentry)
{
	return dentry == dentry->d_parent;
}

static inline bool d_mountpoint(const struct dentry *dentry)
{
	return READ_ONCE(dentry->d_mounted) > 0;
}

/* Type tests; a negative dentry is none of these. */
bool d_is_dir(const struct dentry *dentry);
bool d_is_reg(const struct dentry *dentry);
bool d_is_symlink(const struct dentry *dentry);
/* A directory we can look names up in (has ->lookup). */
bool d_can_lookup(const struct dentry *dentry);

static inline struct dentry *dget_dlock(struct dentry *dentry)
{
	atomic_inc(&dentry->d_count);
	return dentry;
}

static inline struct dentry *dget(struct dentry *dentry)
{
	if (dentry)
		atomic_inc(&dentry->d_count);
	return dentry;
}

static inline unsigned int d_count(const struct dentry *dentry)
{
	return atomic_read(&dentry->d_count);
}

void dput(struct dentry *dentry);
struct dentry *dget_parent(struct dentry *dentry);
unsigned int d_name_copy(struct dentry *dentry, char *buf);

/* The hash of a name in directory salt (the parent dentry). */
u32 full_name_hash(const void *salt, const char *name, unsigned int len);

/* Set name->hash for a lookup in parent. */
static inline void d_hash_name(const struct dentry *parent, struct qstr *name)
{
	name->hash = full_name_hash(parent, (const char *)name->name, name->len);
}

struct dentry *d_alloc(struct dentry *parent, const struct qstr *name);
struct dentry *d_alloc_name(struct dentry *parent, const char *name);
/* A dentry outside any tree (pipes, sockets): its own parent, never hashed. */
struct dentry *d_alloc_pseudo(struct super_block *sb, const struct qstr *name);
/* A readdir cursor in dir's list of children (fs/libfs.c). */
struct dentry *d_alloc_cursor(struct dentry *parent);
struct dentry *d_make_root(struct inode *root_inode);
void d_set_d_op(struct dentry *dentry, const struct dentry_operations *op);

void d_instantiate(struct dentry *dentry, struct inode *inode);
void d_add(struct dentry *dentry, struct inode *inode);
struct dentry *d_splice_alias(struct inode *inode, struct dentry *dentry);
void d_rehash(struct dentry *dentry);
void d_drop(struct dentry *dentry);
void __d_drop(struct dentry *dentry);
void d_delete(struct dentry *dentry);

/* A referenced child of parent named name, or NULL. */
struct dentry *d_lookup(const struct dentry *parent, const struct qstr *name);
struct dentry *d_hash_and_lookup(struct dentry *parent, struct qstr *name);
struct dentry *d_find_alias(struct inode *inode);

void d_move(struct dentry *dentry, struct dentry *target);
void d_exchange(struct dentry *dentry1, struct dentry *dentry2);
/* Is new_dentry equal to or below ancestor? */
bool is_subdir(struct dentry *new_dentry, struct dentry *ancestor);
struct dentry *d_ancestor(struct dentry *p1, struct dentry *p2);

/* Drop every unused dentry below parent / of a super block. */
void shrink_dcache_parent(struct dentry *parent);
void shrink_dcache_sb(struct super_block *sb);
/* Umount: kill the whole tree of sb (all references must be gone). */
void shrink_dcache_for_umount(struct super_block *sb);
/* Drop one reference from every positive dentry below root (ramfs pins). */
void d_genocide(struct dentry *root);
/* Unused dentries cached on the LRU (for statistics). */
unsigned long dcache_nr_unused(void);

/*
 * The path of a (mount, dentry) as a string ending at buf + buflen - 1.
 * Returns the start within buf or ERR_PTR(-ENAMETOOLONG).  Unlinked
 * dentries get " (deleted)" appended, as in /proc/self/fd.
 */
char *d_path(const struct path *path, char *buf, int buflen);
/*
 * The same seen from root instead of the caller's root, for readers that
 * see only what lies under a root (the mount tables of /proc/<pid>):
 * ERR_PTR(-ENOENT) for a path outside it.
 */
char *d_path_below(const struct path *path, const struct path *root, char *buf, int buflen);
/* The dentry's path from the root of its own file system. */
char *dentry_path_raw(const struct dentry *dentry, char *buf, int buflen);
/* For d_dname implementations: format a name into the end of buf. */
char *dynamic_dname(char *buf, int buflen, const char *fmt, ...) __printf(3, 4);

int simple_positive(const struct dentry *dentry);

void dcache_init(void);

#endif /* _LINUX_DCACHE_H */
