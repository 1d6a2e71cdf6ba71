// SPDX-License-Identifier: GPL-2.0-only
/*
 * The dentry cache: allocation, the (parent, name) hash, the tree,
 * reference counting with the unused LRU, rename moves, and tear-down at
 * umount.  The rules are in <linux/dcache.h>.
 *
 * Interface: d_alloc(), d_instantiate()/d_add(), d_lookup(), dget()/
 * dput(), d_delete(), d_move()/d_exchange(), shrink_dcache_parent(),
 * shrink_dcache_for_umount().
 *
 * Locking: dcache_lock (one global spinlock) guards all dentry state
 * that changes after allocation.  It is never held across anything that
 * sleeps: iput() and the freeing of a killed dentry happen after it is
 * dropped.  Order: i_rwsem (parent, then child) -> s_vfs_rename_mutex ->
 * mount_lock -> dcache_lock -> inode->i_lock.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/stdarg.h>
#include <linux/fs.h>
#include <linux/dcache.h>
#include <linux/init.h>
#include <linux/panic.h>
#include <linux/radix-tree.h>
#include <linux/swap.h>
#include <linux/fsnotify.h>
#include "internal.h"

#define D_HASH_BITS	14
#define D_HASH_SIZE	(1U << D_HASH_BITS)
/*
 * Unused dentries kept on the LRU before dput() prunes the oldest (a
 * cap besides the shrinker, which prunes under memory pressure); ramfs
 * pins its dentries and does not count here.
 */
#define DCACHE_MAX_UNUSED	16384

DEFINE_SPINLOCK(dcache_lock);
static struct hlist_head *dentry_hashtable;
static struct kmem_cache *dentry_cache;
static LIST_HEAD(dentry_lru);
static unsigned long nr_unused;

/* ------------------------------------------------------------ hashing */

u32 full_name_hash(const void *salt, const char *name, unsigned int len)
{
	/* FNV-1a over the bytes, then mixed with the directory's address. */
	u32 h = 2166136261u;
	u64 mix;

	while (len--) {
		h ^= (unsigned char)*name++;
		h *= 16777619u;
	}
	mix = ((u64)(unsigned long)salt >> 4) ^ ((u64)h << 17) ^ h;
	mix *= 0x9E3779B97F4A7C15ULL;
	return (u32)(mix >> 32);
}

static struct hlist_head *d_hash(u32 hash)
{
	return dentry_hashtable + (hash >> (32 - D_HASH_BITS));
}

/* ------------------------------------------------------------ type tests */

bool d_is_dir(const struct dentry *dentry)
{
	struct inode *inode = d_inode(dentry);

	return inode && S_ISDIR(inode->i_mode);
}

bool d_is_reg(const struct dentry *dentry)
{
	struct inode *inode = d_inode(dentry);

	return inode && S_ISREG(inode->i_mode);
}

bool d_is_symlink(const struct dentry *dentry)
{
	struct inode *inode = d_inode(dentry);

	return inode && S_ISLNK(inode->i_mode);
}

bool d_can_lookup(const struct dentry *dentry)
{
	struct inode *inode = d_inode(dentry);

	return inode && S_ISDIR(inode->i_mode) && inode->i_op && inode->i_op->lookup;
}

int simple_positive(const struct dentry *dentry)
{
	return d_really_is_positive(dentry) && !d_unhashed(dentry);
}

/* ------------------------------------------------------------ allocation */

/*
 * A new unattached dentry (its own parent) named @name, with one
 * reference.  Names shorter than DNAME_INLINE_LEN are kept inside it.
 */
static struct dentry *__d_alloc(struct super_block *sb, const struct qstr *name)
{
	struct dentry *dentry = kmem_cache_alloc(dentry_cache, GFP_KERNEL);
	unsigned char *dname;

	if (!dentry)
		return NULL;
	dname = dentry->d_iname;
	if (name->len >= DNAME_INLINE_LEN) {
		dname = kmalloc(name->len + 1, GFP_KERNEL);
		if (!dname) {
			kmem_cache_free(dentry_cache, dentry);
			return NULL;
		}
	}
	/* Flags, mount count, inode, ops, fs data and time all start at zero. */
	memset(dentry, 0, offsetof(struct dentry, d_iname));
	memcpy(dname, name->name, name->len);
	dname[name->len] = '\0';
	dentry->d_name.name = dname;
	dentry->d_name.len = name->len;
	dentry->d_name.hash = name->hash;

	dentry->d_sb = sb;
	dentry->d_parent = dentry;	/* a root until d_alloc() attaches it */
	atomic_set(&dentry->d_count, 1);
	INIT_HLIST_NODE(&dentry->d_hash);
	INIT_HLIST_NODE(&dentry->d_alias);
	INIT_LIST_HEAD(&dentry->d_lru);
	INIT_LIST_HEAD(&dentry->d_subdirs);
	INIT_LIST_HEAD(&dentry->d_child);
	if (sb)
		d_set_d_op(dentry, sb->s_d_op);
	return dentry;
}

static void free_dentry(struct dentry *dentry)
{
	if (dentry->d_name.name != dentry->d_iname)
		kfree(dentry->d_name.name);
	kmem_cache_free(dentry_cache, dentry);
}

/* Install @op and cache in d_flags which of its methods exist. */
void d_set_d_op(struct dentry *dentry, const struct dentry_operations *op)
{
	unsigned int flags = dentry->d_flags & ~(DCACHE_OP_DELETE | DCACHE_OP_REVALIDATE);

	if (op && op->d_delete)
		flags |= DCACHE_OP_DELETE;
	if (op && op->d_revalidate)
		flags |= DCACHE_OP_REVALIDATE;
	dentry->d_flags = flags;
	dentry->d_op = op;
}

struct dentry *d_alloc(struct dentry *parent, const struct qstr *name)
{
	struct dentry *dentry = __d_alloc(parent->d_sb, name);

	if (!dentry)
		return NULL;
	spin_lock(&dcache_lock);
	dentry->d_parent = dget_dlock(parent);
	list_add(&dentry->d_child, &parent->d_subdirs);
	spin_unlock(&dcache_lock);
	return dentry;
}

struct dentry *d_alloc_name(struct dentry *parent, const char *name)
{
	struct qstr q = QSTR_INIT(name, strlen(name));

	d_hash_name(parent, &q);
	return d_alloc(parent, &q);
}

struct dentry *d_alloc_pseudo(struct super_block *sb, const struct qstr *name)
{
	struct dentry *dentry = __d_alloc(sb, name);

	if (dentry)
		dentry->d_flags |= DCACHE_DISCONNECTED;
	return dentry;
}

struct dentry *d_alloc_cursor(struct dentry *parent)
{
	struct qstr empty = QSTR_INIT("", 0);
	struct dentry *dentry = __d_alloc(parent->d_sb, &empty);

	if (!dentry)
		return NULL;
	dentry->d_flags |= DCACHE_DENTRY_CURSOR;
	spin_lock(&dcache_lock);
	dentry->d_parent = dget_dlock(parent);
	list_add(&dentry->d_child, &parent->d_subdirs);
	spin_unlock(&dcache_lock);
	return dentry;
}

struct dentry *d_make_root(struct inode *root_inode)
{
	struct qstr name = QSTR_INIT("/", 1);
	struct dentry *res;

	if (!root_inode)
		return NULL;
	res = __d_alloc(root_inode->i_sb, &name);
	if (!res) {
		iput(root_inode);
		return NULL;
	}
	res->d_flags |= DCACHE_PINNED_ROOT;
	d_instantiate(res, root_inode);
	return res;
}

/* ------------------------------------------------------------ binding to inodes */

static void __d_set_inode(struct dentry *dentry, struct inode *inode)
{
	hlist_add_head(&dentry->d_alias, &inode->i_dentry);
	/* Publish the inode's contents before the pointer. */
	smp_store_release(&dentry->d_inode, inode);
}

void d_instantiate(struct dentry *dentry, struct inode *inode)
{
	WARN_ON(!hlist_unhashed(&dentry->d_alias));
	if (!inode)
		return;
	spin_lock(&dcache_lock);
	__d_set_inode(dentry, inode);
	spin_unlock(&dcache_lock);
}

static void __d_rehash(struct dentry *dentry)
{
	hlist_add_head(&dentry->d_hash, d_hash(dentry->d_name.hash));
}

void __d_drop(struct dentry *dentry)
{
	if (!d_unhashed(dentry))
		hlist_del_init(&dentry->d_hash);
}

void d_drop(struct dentry *dentry)
{
	spin_lock(&dcache_lock);
	__d_drop(dentry);
	spin_unlock(&dcache_lock);
}

void d_rehash(struct dentry *dentry)
{
	spin_lock(&dcache_lock);
	if (d_unhashed(dentry))
		__d_rehash(dentry);
	spin_unlock(&dcache_lock);
}

void d_add(struct dentry *dentry, struct inode *inode)
{
	spin_lock(&dcache_lock);
	if (inode)
		__d_set_inode(dentry, inode);
	if (d_unhashed(dentry))
		__d_rehash(dentry);
	spin_unlock(&dcache_lock);
}

/*
 * Bind the result of ->lookup.  Without exportable file systems a
 * directory cannot turn up under a second name, so this is d_add().
 */
struct dentry *d_splice_alias(struct inode *inode, struct dentry *dentry)
{
	if (IS_ERR(inode))
		return (struct dentry *)inode;
	d_add(dentry, inode);
	return NULL;
}

struct dentry *d_find_alias(struct inode *inode)
{
	struct dentry *alias = NULL;

	spin_lock(&dcache_lock);
	if (!hlist_empty(&inode->i_dentry)) {
		alias = hlist_entry(inode->i_dentry.first, struct dentry, d_alias);
		dget_dlock(alias);
	}
	spin_unlock(&dcache_lock);
	return alias;
}

/* ------------------------------------------------------------ lookup */

static bool d_name_equal(const struct dentry *d, const struct qstr *name)
{
	return d->d_name.hash == name->hash && d->d_name.len == name->len &&
	       !memcmp(d->d_name.name, name->name, name->len);
}

struct dentry *d_lookup(const struct dentry *parent, const struct qstr *name)
{
	struct dentry *dentry, *found = NULL;

	spin_lock(&dcache_lock);
	hlist_for_each_entry(dentry, d_hash(name->hash), d_hash) {
		if (dentry->d_parent != parent || !d_name_equal(dentry, name))
			continue;
		found = dget_dlock(dentry);
		break;
	}
	spin_unlock(&dcache_lock);
	return found;
}

struct dentry *d_hash_and_lookup(struct dentry *parent, struct qstr *name)
{
	d_hash_name(parent, name);
	return d_lookup(parent, name);
}

struct dentry *dget_parent(struct dentry *dentry)
{
	struct dentry *parent;

	spin_lock(&dcache_lock);
	parent = dget_dlock(dentry->d_parent);
	spin_unlock(&dcache_lock);
	return parent;
}

/*
 * Copy @dentry's name into @buf (NAME_MAX + 1 bytes), NUL-terminated, and
 * return its length: a stable copy while renames may change the name.
 */
unsigned int d_name_copy(struct dentry *dentry, char *buf)
{
	unsigned int len;

	spin_lock(&dcache_lock);
	len = min_t(unsigned int, dentry->d_name.len, NAME_MAX);
	memcpy(buf, dentry->d_name.name, len);
	spin_unlock(&dcache_lock);
	buf[len] = '\0';
	return len;
}

/* ------------------------------------------------------------ release */

static void d_lru_add(struct dentry *dentry)
{
	if (dentry->d_flags & DCACHE_LRU_LIST)
		return;
	dentry->d_flags |= DCACHE_LRU_LIST;
	list_add_tail(&dentry->d_lru, &dentry_lru);
	nr_unused++;
}

static void d_lru_del(struct dentry *dentry)
{
	if (!(dentry->d_flags & DCACHE_LRU_LIST))
		return;
	dentry->d_flags &= ~DCACHE_LRU_LIST;
	list_del_init(&dentry->d_lru);
	nr_unused--;
}

/* Keep an unused dentry cached?  dcache_lock held, count is zero. */
static bool retain_dentry(struct dentry *dentry)
{
	if (d_unhashed(dentry))
		return false;
	if (dentry->d_flags & DCACHE_DISCONNECTED)
		return false;
	if ((dentry->d_flags & DCACHE_OP_DELETE) && dentry->d_op->d_delete(dentry))
		return false;
	return true;
}

/*
 * Tear down a dentry with no references: called with dcache_lock held,
 * returns with it released.  Returns the parent, whose reference the
 * caller must drop (NULL for a root).
 */
static struct dentry *dentry_kill(struct dentry *dentry)
{
	struct dentry *parent = NULL;
	struct inode *inode = dentry->d_inode;

	__d_drop(dentry);
	d_lru_del(dentry);
	if (!IS_ROOT(dentry)) {
		parent = dentry->d_parent;
		list_del_init(&dentry->d_child);
	}
	if (inode) {
		hlist_del_init(&dentry->d_alias);
		WRITE_ONCE(dentry->d_inode, NULL);
	}
	dentry->d_flags |= DCACHE_DENTRY_KILLED;
	spin_unlock(&dcache_lock);

	if (inode) {
		fsnotify_inoderemove(inode);
		if (dentry->d_op && dentry->d_op->d_iput)
			dentry->d_op->d_iput(dentry, inode);
		else
			iput(inode);
	}
	if (dentry->d_op && dentry->d_op->d_release)
		dentry->d_op->d_release(dentry);
	free_dentry(dentry);
	return parent;
}

static unsigned long prune_dcache(unsigned long nr);

void dput(struct dentry *dentry)
{
	while (dentry) {
		if (atomic_fetch_add_unless(&dentry->d_count, -1, 1) != 1)
			return;
		spin_lock(&dcache_lock);
		if (!atomic_dec_and_test(&dentry->d_count)) {
			spin_unlock(&dcache_lock);
			return;
		}
		if (retain_dentry(dentry)) {
			bool prune;

			d_lru_add(dentry);
			prune = nr_unused > DCACHE_MAX_UNUSED;
			spin_unlock(&dcache_lock);
			if (prune)
				prune_dcache(nr_unused - DCACHE_MAX_UNUSED);
			return;
		}
		dentry = dentry_kill(dentry);
	}
}

/* Look at up to nr of the least recently used unused dentries; returns how many were freed. */
static unsigned long prune_dcache(unsigned long nr)
{
	unsigned long freed = 0;

	while (nr--) {
		struct dentry *dentry, *parent;

		spin_lock(&dcache_lock);
		if (list_empty(&dentry_lru)) {
			spin_unlock(&dcache_lock);
			break;
		}
		dentry = list_first_entry(&dentry_lru, struct dentry, d_lru);
		d_lru_del(dentry);
		if (d_count(dentry)) {
			/* In use again: it left the LRU lazily. */
			spin_unlock(&dcache_lock);
			continue;
		}
		parent = dentry_kill(dentry);
		dput(parent);
		freed++;
	}
	return freed;
}

/* Memory pressure (mm/vmscan.c): unused dentries go, oldest first. */
static unsigned long dcache_shrink_count(struct shrinker *s, struct shrink_control *sc)
{
	return READ_ONCE(nr_unused);
}

static unsigned long dcache_shrink_scan(struct shrinker *s, struct shrink_control *sc)
{
	/* Killing a dentry may evict its inode: that is file system code. */
	if (!(sc->gfp_mask & __GFP_FS))
		return SHRINK_STOP;
	return prune_dcache(sc->nr_to_scan);
}

static struct shrinker dcache_shrinker = {
	.count_objects = dcache_shrink_count,
	.scan_objects = dcache_shrink_scan,
	.seeks = DEFAULT_SEEKS,
};

unsigned long dcache_nr_unused(void)
{
	return READ_ONCE(nr_unused);
}

void d_delete(struct dentry *dentry)
{
	struct inode *inode;

	spin_lock(&dcache_lock);
	inode = dentry->d_inode;
	if (d_count(dentry) == 1 && inode) {
		/* Only the caller uses it: it becomes the negative entry. */
		hlist_del_init(&dentry->d_alias);
		WRITE_ONCE(dentry->d_inode, NULL);
		spin_unlock(&dcache_lock);
		fsnotify_inoderemove(inode);
		if (dentry->d_op && dentry->d_op->d_iput)
			dentry->d_op->d_iput(dentry, inode);
		else
			iput(inode);
		return;
	}
	__d_drop(dentry);
	spin_unlock(&dcache_lock);
}

/*
 * A child of parent with no references and no children, or NULL.
 * dcache_lock held.  Depth-first, so a whole subtree drains bottom-up.
 */
static struct dentry *find_unused_leaf(struct dentry *parent)
{
	struct dentry *this = parent;
	struct list_head *next = this->d_subdirs.next;

	for (;;) {
		while (next != &this->d_subdirs) {
			struct dentry *d = list_entry(next, struct dentry, d_child);

			next = next->next;
			if (!list_empty(&d->d_subdirs)) {
				this = d;
				next = this->d_subdirs.next;
				continue;
			}
			if (!d_count(d))
				return d;
		}
		if (this == parent)
			return NULL;
		next = this->d_child.next;
		this = this->d_parent;
	}
}

void shrink_dcache_parent(struct dentry *parent)
{
	for (;;) {
		struct dentry *victim, *up;

		spin_lock(&dcache_lock);
		victim = find_unused_leaf(parent);
		if (!victim) {
			spin_unlock(&dcache_lock);
			return;
		}
		up = dentry_kill(victim);
		dput(up);
	}
}

void shrink_dcache_sb(struct super_block *sb)
{
	if (sb->s_root)
		shrink_dcache_parent(sb->s_root);
}

static void report_busy(struct dentry *parent)
{
	struct dentry *d;

	spin_lock(&dcache_lock);
	list_for_each_entry(d, &parent->d_subdirs, d_child)
		pr_err("VFS: busy dentry %s (count %u) on umount of %s\n",
		       d->d_name.name, d_count(d), parent->d_sb->s_id);
	spin_unlock(&dcache_lock);
}

void shrink_dcache_for_umount(struct super_block *sb)
{
	struct dentry *root = sb->s_root;

	if (!root)
		return;
	sb->s_root = NULL;
	shrink_dcache_parent(root);
	if (!list_empty(&root->d_subdirs))
		report_busy(root);
	dput(root);
}

void d_genocide(struct dentry *root)
{
	struct dentry *this = root;
	struct list_head *next;

	spin_lock(&dcache_lock);
	next = this->d_subdirs.next;
	for (;;) {
		while (next != &this->d_subdirs) {
			struct dentry *d = list_entry(next, struct dentry, d_child);

			next = next->next;
			if (d->d_flags & DCACHE_DENTRY_CURSOR)
				continue;
			if (d_unhashed(d) || !d->d_inode)
				continue;
			/* Drop the pin the file system took at creation. */
			atomic_dec(&d->d_count);
			if (!list_empty(&d->d_subdirs)) {
				this = d;
				next = this->d_subdirs.next;
			}
		}
		if (this == root)
			break;
		next = this->d_child.next;
		this = this->d_parent;
	}
	spin_unlock(&dcache_lock);
}

/* ------------------------------------------------------------ rename */

static void swap_names(struct dentry *a, struct dentry *b)
{
	bool a_ext = a->d_name.name != a->d_iname;
	bool b_ext = b->d_name.name != b->d_iname;
	struct qstr tmp;

	if (a_ext && b_ext) {
		swap(a->d_name.name, b->d_name.name);
	} else if (!a_ext && !b_ext) {
		unsigned char buf[DNAME_INLINE_LEN];

		memcpy(buf, a->d_iname, DNAME_INLINE_LEN);
		memcpy(a->d_iname, b->d_iname, DNAME_INLINE_LEN);
		memcpy(b->d_iname, buf, DNAME_INLINE_LEN);
	} else if (a_ext) {
		/* a takes b's inline name; b takes a's external one. */
		memcpy(a->d_iname, b->d_iname, DNAME_INLINE_LEN);
		b->d_name.name = a->d_name.name;
		a->d_name.name = a->d_iname;
	} else {
		memcpy(b->d_iname, a->d_iname, DNAME_INLINE_LEN);
		a->d_name.name = b->d_name.name;
		b->d_name.name = b->d_iname;
	}
	tmp = a->d_name;
	a->d_name.hash = b->d_name.hash;
	a->d_name.len = b->d_name.len;
	b->d_name.hash = tmp.hash;
	b->d_name.len = tmp.len;
}

/*
 * dentry takes target's name and place; target takes dentry's old ones.
 * Parent references swap along with the parents.  Callers hold both
 * parents' i_rwsem (and the rename mutex when the parents differ).
 */
static void __d_move(struct dentry *dentry, struct dentry *target, bool exchange)
{
	struct dentry *old_parent = dentry->d_parent;
	struct dentry *new_parent = target->d_parent;

	spin_lock(&dcache_lock);
	__d_drop(dentry);
	__d_drop(target);
	swap_names(dentry, target);
	if (old_parent != new_parent) {
		dentry->d_parent = new_parent;
		target->d_parent = old_parent;
		list_move(&dentry->d_child, &new_parent->d_subdirs);
		list_move(&target->d_child, &old_parent->d_subdirs);
	}
	__d_rehash(dentry);
	if (exchange)
		__d_rehash(target);
	spin_unlock(&dcache_lock);
}

void d_move(struct dentry *dentry, struct dentry *target)
{
	__d_move(dentry, target, false);
}

void d_exchange(struct dentry *dentry1, struct dentry *dentry2)
{
	__d_move(dentry1, dentry2, true);
}

/*
 * If @p1 lies above @p2, the child of @p1 on the way down to @p2;
 * otherwise (also when p1 == p2) NULL.  The caller keeps the tree still.
 */
struct dentry *d_ancestor(struct dentry *p1, struct dentry *p2)
{
	struct dentry *below = p2;

	while (!IS_ROOT(below) && below->d_parent != p1)
		below = below->d_parent;
	return IS_ROOT(below) ? NULL : below;
}

bool is_subdir(struct dentry *new_dentry, struct dentry *ancestor)
{
	bool res;

	if (new_dentry == ancestor)
		return true;
	spin_lock(&dcache_lock);
	res = d_ancestor(ancestor, new_dentry) != NULL;
	spin_unlock(&dcache_lock);
	return res;
}

/* ------------------------------------------------------------ names for d_dname */

char *dynamic_dname(char *buf, int buflen, const char *fmt, ...)
{
	char temp[64];
	va_list args;
	int sz;

	va_start(args, fmt);
	sz = vsnprintf(temp, sizeof(temp), fmt, args) + 1;
	va_end(args);
	if (sz > (int)sizeof(temp) || sz > buflen)
		return ERR_PTR(-ENAMETOOLONG);
	buf += buflen - sz;
	return memcpy(buf, temp, sz);
}

void dcache_init(void)
{
	dentry_cache = kmem_cache_create("dentry", sizeof(struct dentry), 0,
					 SLAB_RECLAIM_ACCOUNT | SLAB_PANIC, NULL);
	dentry_hashtable = kmalloc(D_HASH_SIZE * sizeof(struct hlist_head), GFP_KERNEL);
	if (!dentry_hashtable)
		panic("VFS: no memory for the dentry hash table");
	for (unsigned int i = 0; i < D_HASH_SIZE; i++)
		INIT_HLIST_HEAD(&dentry_hashtable[i]);
	register_shrinker(&dcache_shrinker);
}

/*
 * Boot: the VFS caches and the mount tree with rootfs at "/".  Runs as a
 * core initcall, before any driver or file system registers itself; the
 * task running it (kernel_init, sharing init_fs with every kernel
 * thread) gets rootfs as root and cwd.
 */
static int __init vfs_caches_init(void)
{
	namei_init();
	dcache_init();
	inode_init();
	files_init();
	radix_tree_init();
	mnt_init();
	return 0;
}
core_initcall(vfs_caches_init);
