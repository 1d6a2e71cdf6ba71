// SPDX-License-Identifier: GPL-2.0-only
/*
 * Path-name lookup: from a string to a (mount, dentry), and the open(2)
 * lookups that may create the last component.
 *
 * Interface: getname()/getname_kernel()/putname(), kern_path(),
 * user_path_at(), filename_lookup(), filename_parentat(),
 * lookup_one_len(), do_filp_open(), inode_permission().  The
 * directory-changing operations (mkdir, unlink, rename ...) are in
 * fs/namei_ops.c.
 *
 * Walk rules (Linux's):
 *  - absolute names start at the task's root, relative ones at its cwd or
 *    at the directory of dirfd; "" is ENOENT unless AT_EMPTY_PATH
 *  - every directory walked through needs search (exec) permission
 *  - "." stays, ".." goes to the parent, never above the task's root, and
 *    crosses from a mount's root to the mountpoint below it
 *  - a component that is a mountpoint is replaced by the root of the
 *    topmost mount on it
 *  - symlinks in the middle are always followed, the last one only with
 *    LOOKUP_FOLLOW; at most MAXSYMLINKS (40) per walk, else ELOOP
 *  - a trailing slash means the last component must be a directory (and
 *    a symlink there is followed)
 *  - components longer than NAME_MAX give ENAMETOOLONG; names longer
 *    than PATH_MAX are refused by getname()
 *
 * Locking: the walk holds references (struct path), never locks, between
 * components.  A cached dentry is found with d_lookup() (dcache_lock); a
 * miss takes the directory's i_rwsem exclusively to ask the file system
 * (so two lookups of one new name cannot both add it).  Symlink bodies
 * stay valid while the walk holds the link's path on its stack.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/sched.h>
#include <linux/cred.h>
#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/fs_struct.h>
#include <linux/file.h>
#include <linux/namei.h>
#include <linux/mount.h>
#include <asm/uaccess.h>
#include "internal.h"
#include "mount.h"

/* ------------------------------------------------------------ names */

static struct kmem_cache *names_cachep;

struct filename *getname_flags(const char *filename, int flags)
{
	struct filename *result;
	char *kname;
	long len;

	result = kmalloc(sizeof(*result), GFP_KERNEL);
	if (!result)
		return ERR_PTR(-ENOMEM);
	kname = kmem_cache_alloc(names_cachep, GFP_KERNEL);
	if (!kname) {
		kfree(result);
		return ERR_PTR(-ENOMEM);
	}
	len = strncpy_from_user(kname, filename, PATH_MAX);
	if (len < 0 || len == PATH_MAX || (!len && !(flags & LOOKUP_EMPTY))) {
		kmem_cache_free(names_cachep, kname);
		kfree(result);
		if (len < 0)
			return ERR_PTR(len);
		return ERR_PTR(len ? -ENAMETOOLONG : -ENOENT);
	}
	result->name = kname;
	result->uptr = filename;
	result->refcnt = 1;
	return result;
}

struct filename *getname(const char *filename)
{
	return getname_flags(filename, 0);
}

struct filename *getname_uflags(const char *filename, int uflags)
{
	return getname_flags(filename, (uflags & AT_EMPTY_PATH) ? LOOKUP_EMPTY : 0);
}

struct filename *getname_kernel(const char *filename)
{
	size_t len = strlen(filename) + 1;
	struct filename *result;
	char *kname;

	if (len > PATH_MAX)
		return ERR_PTR(-ENAMETOOLONG);
	result = kmalloc(sizeof(*result), GFP_KERNEL);
	if (!result)
		return ERR_PTR(-ENOMEM);
	kname = kmem_cache_alloc(names_cachep, GFP_KERNEL);
	if (!kname) {
		kfree(result);
		return ERR_PTR(-ENOMEM);
	}
	memcpy(kname, filename, len);
	result->name = kname;
	result->uptr = NULL;
	result->refcnt = 1;
	return result;
}

void putname(struct filename *name)
{
	if (IS_ERR_OR_NULL(name))
		return;
	if (WARN_ON(name->refcnt <= 0))
		return;
	if (--name->refcnt)
		return;
	kmem_cache_free(names_cachep, (void *)name->name);
	kfree(name);
}

/* ------------------------------------------------------------ path references */

void path_get(const struct path *path)
{
	mntget(path->mnt);
	dget(path->dentry);
}

void path_put(const struct path *path)
{
	dput(path->dentry);
	mntput(path->mnt);
}

/* ------------------------------------------------------------ permissions */

static int acl_permission_check(struct inode *inode, int mask)
{
	unsigned int mode = inode->i_mode;

	if (current_fsuid() == inode->i_uid)
		mode >>= 6;
	else if (in_group_p(inode->i_gid))
		mode >>= 3;
	if (!(mask & ~mode & (MAY_READ | MAY_WRITE | MAY_EXEC)))
		return 0;
	return -EACCES;
}

int generic_permission(struct inode *inode, int mask)
{
	int ret = acl_permission_check(inode, mask);

	if (ret != -EACCES)
		return ret;
	if (S_ISDIR(inode->i_mode)) {
		/* Directories: read and search yield to DAC_READ_SEARCH, all to DAC_OVERRIDE. */
		if (!(mask & MAY_WRITE) && capable_wrt_inode_uidgid(inode, CAP_DAC_READ_SEARCH))
			return 0;
		if (capable_wrt_inode_uidgid(inode, CAP_DAC_OVERRIDE))
			return 0;
		return -EACCES;
	}
	mask &= MAY_READ | MAY_WRITE | MAY_EXEC;
	if (mask == MAY_READ && capable_wrt_inode_uidgid(inode, CAP_DAC_READ_SEARCH))
		return 0;
	/* Even root may only execute files that have some execute bit. */
	if ((!(mask & MAY_EXEC) || (inode->i_mode & S_IXUGO)) &&
	    capable_wrt_inode_uidgid(inode, CAP_DAC_OVERRIDE))
		return 0;
	return -EACCES;
}

int inode_permission(struct inode *inode, int mask)
{
	if (mask & MAY_WRITE) {
		umode_t mode = inode->i_mode;

		/* Writing to a read-only file system; devices and FIFOs may still be written. */
		if (IS_RDONLY(inode) && (S_ISREG(mode) || S_ISDIR(mode) || S_ISLNK(mode)))
			return -EROFS;
		if (IS_IMMUTABLE(inode))
			return -EPERM;
	}
	if (inode->i_op && inode->i_op->permission)
		return inode->i_op->permission(inode, mask);
	return generic_permission(inode, mask);
}

int may_open_dev(const struct path *path)
{
	return !(path->mnt->mnt_flags & MNT_NODEV);
}

/* ------------------------------------------------------------ the walk state */

/* One symlink being walked: its path and what follows it in the name. */
struct saved {
	struct path link;
	struct delayed_call done;
	const char *name;	/* the rest of the name after the link, NULL at the end */
};

struct nameidata {
	struct path path;	/* where we are (referenced) */
	struct qstr last;	/* the last component seen */
	struct path root;	/* the walk's root (referenced once set) */
	struct inode *inode;	/* path.dentry's inode */
	unsigned int flags;	/* LOOKUP_* */
	int last_type;		/* LAST_* of last */
	unsigned int depth;	/* symlinks on the stack */
	int total_link_count;
	struct saved *stack;
	struct saved internal[2];
	int dfd;
	const struct filename *name;
	bool root_preset;	/* root given by the caller: start there */
};

#define WALK_TRAILING	1	/* the last component of the whole name */
#define WALK_MORE	2	/* more components follow in this string */
#define WALK_NOFOLLOW	4

static void set_nameidata(struct nameidata *nd, int dfd, const struct filename *name,
			  const struct path *root)
{
	memset(nd, 0, sizeof(*nd));
	nd->dfd = dfd;
	nd->name = name;
	nd->stack = nd->internal;
	if (root) {
		nd->root = *root;
		path_get(&nd->root);
		nd->root_preset = true;
	}
}

static void set_root(struct nameidata *nd)
{
	if (!nd->root.mnt)
		get_fs_root(current->fs, &nd->root);
}

static void drop_links(struct nameidata *nd)
{
	while (nd->depth) {
		struct saved *last = &nd->stack[--nd->depth];

		do_delayed_call(&last->done);
		clear_delayed_call(&last->done);
		path_put(&last->link);
	}
}

static void terminate_walk(struct nameidata *nd)
{
	drop_links(nd);
	if (nd->path.mnt) {
		path_put(&nd->path);
		nd->path.mnt = NULL;
		nd->path.dentry = NULL;
	}
	if (nd->root.mnt) {
		path_put(&nd->root);
		nd->root.mnt = NULL;
		nd->root.dentry = NULL;
	}
	if (nd->stack != nd->internal) {
		kfree(nd->stack);
		nd->stack = nd->internal;
	}
}

static void put_link(struct nameidata *nd)
{
	struct saved *last = &nd->stack[--nd->depth];

	do_delayed_call(&last->done);
	clear_delayed_call(&last->done);
	path_put(&last->link);
}

/* Make nd->path the given path (whose references the walk takes over). */
static void nd_set_path(struct nameidata *nd, struct path *path)
{
	struct path old = nd->path;

	nd->path = *path;
	nd->inode = d_inode(path->dentry);
	if (old.mnt)
		path_put(&old);
}

static int nd_jump_root(struct nameidata *nd)
{
	struct path root;

	set_root(nd);
	root = nd->root;
	path_get(&root);
	nd_set_path(nd, &root);
	return 0;
}

static int may_lookup(struct nameidata *nd)
{
	return inode_permission(nd->inode, MAY_EXEC);
}

/* ------------------------------------------------------------ mounts */

/*
 * Replace path by the root of the topmost mount on it.  The mount
 * reference in *path is owned by the caller.
 */
static void follow_mounts(struct path *path)
{
	while (d_mountpoint(path->dentry)) {
		struct vfsmount *mounted = lookup_mnt(path);

		if (!mounted)
			break;
		dput(path->dentry);
		mntput(path->mnt);
		path->mnt = mounted;
		path->dentry = dget(mounted->mnt_root);
	}
}

/* ------------------------------------------------------------ lookups */

/*
 * The cached dentry for @name in @dir, revalidated if its file system
 * wants that: NULL on a miss or when the entry turned out stale (it is
 * dropped from the cache), an error if revalidation itself failed.
 */
static struct dentry *lookup_dcache(const struct qstr *name, struct dentry *dir,
				    unsigned int flags)
{
	struct dentry *cached = d_lookup(dir, name);
	int valid;

	if (!cached || !(cached->d_flags & DCACHE_OP_REVALIDATE))
		return cached;
	valid = cached->d_op->d_revalidate(cached, flags);
	if (valid > 0)
		return cached;
	d_drop(cached);
	dput(cached);
	return valid < 0 ? ERR_PTR(valid) : NULL;
}

/* Ask @base's file system about @name; @base's i_rwsem is held exclusively. */
static struct dentry *fs_lookup_locked(const struct qstr *name, struct dentry *base,
				       unsigned int flags)
{
	struct inode *dir = d_inode(base);
	struct dentry *fresh, *alias;

	/* A removed directory gets no new children. */
	if (IS_DEADDIR(dir))
		return ERR_PTR(-ENOENT);
	fresh = d_alloc(base, name);
	if (!fresh)
		return ERR_PTR(-ENOMEM);
	/* ->lookup() may answer with another dentry (or an error) to use instead. */
	alias = dir->i_op->lookup(dir, fresh, flags);
	if (!alias)
		return fresh;
	dput(fresh);
	return alias;
}

/*
 * The dentry for name in base: cached, or a new one the file system has
 * looked up (positive or negative).  base's i_rwsem is held exclusively.
 */
static struct dentry *__lookup_hash(const struct qstr *name, struct dentry *base,
				    unsigned int flags)
{
	struct dentry *cached = lookup_dcache(name, base, flags);

	return cached ? cached : fs_lookup_locked(name, base, flags);
}

/*
 * The dentry for @name in @dir, the directory not locked by the caller:
 * from the dcache if possible, else looked up again with @dir locked.
 */
static struct dentry *lookup_unlocked(const struct qstr *name, struct dentry *dir,
				      unsigned int flags)
{
	struct dentry *found = lookup_dcache(name, dir, flags);

	if (found)
		return found;
	inode_lock(d_inode(dir));
	found = __lookup_hash(name, dir, flags);
	inode_unlock(d_inode(dir));
	return found;
}

static struct dentry *lookup_component(struct nameidata *nd)
{
	return lookup_unlocked(&nd->last, nd->path.dentry, nd->flags);
}

/* ------------------------------------------------------------ symlinks */

static int nd_alloc_stack(struct nameidata *nd)
{
	struct saved *p;

	p = kmalloc(MAXSYMLINKS * sizeof(*p), GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	memcpy(p, nd->internal, sizeof(nd->internal));
	nd->stack = p;
	return 0;
}

/*
 * Follow the symlink at link (whose references we take over).  Returns
 * the body to walk next, NULL when the body was just "/" (the walk is
 * now at the root), or an error.
 */
static const char *pick_link(struct nameidata *nd, struct path *link)
{
	struct inode *inode = d_inode(link->dentry);
	struct saved *last;
	const char *res;
	int error;

	if (nd->total_link_count++ >= MAXSYMLINKS || (nd->flags & LOOKUP_NO_SYMLINKS) ||
	    (link->mnt->mnt_flags & MNT_NOSYMFOLLOW)) {
		path_put(link);
		return ERR_PTR(-ELOOP);
	}
	if (nd->depth == ARRAY_SIZE(nd->internal) && nd->stack == nd->internal) {
		error = nd_alloc_stack(nd);
		if (error) {
			path_put(link);
			return ERR_PTR(error);
		}
	}
	last = &nd->stack[nd->depth++];
	last->link = *link;
	clear_delayed_call(&last->done);
	last->name = NULL;
	touch_atime(&last->link);

	res = READ_ONCE(inode->i_link);
	if (!res) {
		if (!inode->i_op->get_link)
			return ERR_PTR(-EINVAL);
		res = inode->i_op->get_link(link->dentry, inode, &last->done);
		if (IS_ERR_OR_NULL(res))
			return res ? res : ERR_PTR(-EINVAL);
	}
	if (*res == '/') {
		error = nd_jump_root(nd);
		if (error)
			return ERR_PTR(error);
		while (*++res == '/')
			;
	}
	if (*res)
		return res;
	/* A body of only slashes: we are at the root, nothing more to walk. */
	put_link(nd);
	return NULL;
}

/*
 * Move the walk to dentry (a reference we take over), crossing mounts,
 * or follow it if it is a symlink that should be followed.
 */
static const char *step_into(struct nameidata *nd, int flags, struct dentry *dentry)
{
	struct path path = { mntget(nd->path.mnt), dentry };

	follow_mounts(&path);
	if (d_really_is_negative(path.dentry)) {
		path_put(&path);
		return ERR_PTR(-ENOENT);
	}
	if (!d_is_symlink(path.dentry) || (flags & WALK_NOFOLLOW) ||
	    ((flags & WALK_TRAILING) && !(nd->flags & LOOKUP_FOLLOW))) {
		nd_set_path(nd, &path);
		return NULL;
	}
	return pick_link(nd, &path);
}

/* ".." from where we are: up to the parent, across mount roots, never above root. */
static const char *follow_dotdot(struct nameidata *nd)
{
	struct path path;

	set_root(nd);
	for (;;) {
		if (path_equal(&nd->path, &nd->root))
			return NULL;
		if (nd->path.dentry != nd->path.mnt->mnt_root)
			break;
		/* At a mount's root: continue from its mountpoint (or stay at the top). */
		if (!follow_up(&nd->path)) {
			nd->inode = d_inode(nd->path.dentry);
			return NULL;
		}
	}
	path.mnt = mntget(nd->path.mnt);
	path.dentry = dget_parent(nd->path.dentry);
	follow_mounts(&path);
	nd_set_path(nd, &path);
	return NULL;
}

static const char *handle_dots(struct nameidata *nd, int type)
{
	if (type == LAST_DOTDOT)
		return follow_dotdot(nd);
	return NULL;
}

static const char *walk_component(struct nameidata *nd, int flags)
{
	struct dentry *dentry;

	if (nd->last_type != LAST_NORM) {
		if (!(flags & WALK_MORE) && nd->depth)
			put_link(nd);
		return handle_dots(nd, nd->last_type);
	}
	dentry = lookup_component(nd);
	if (IS_ERR(dentry))
		return (const char *)dentry;
	/* Finishing a link body: the link itself is no longer needed. */
	if (!(flags & WALK_MORE) && nd->depth)
		put_link(nd);
	return step_into(nd, flags, dentry);
}

/* Split off the component at name: sets nd->last and nd->last_type. */
static int scan_component(struct nameidata *nd, const char *name)
{
	unsigned int len = 0;

	while (name[len] && name[len] != '/')
		len++;
	if (len > NAME_MAX)
		return -ENAMETOOLONG;
	nd->last.name = (const unsigned char *)name;
	nd->last.len = len;
	nd->last_type = LAST_NORM;
	if (name[0] == '.') {
		if (len == 1)
			nd->last_type = LAST_DOT;
		else if (len == 2 && name[1] == '.')
			nd->last_type = LAST_DOTDOT;
	}
	if (nd->last_type == LAST_NORM)
		d_hash_name(nd->path.dentry, &nd->last);
	return 0;
}

/*
 * Walk name up to its last component, which is left in nd->last for the
 * caller.  Symlinks met on the way are walked here, including their last
 * components; a symlink that is the last component is the caller's.
 */
static int link_path_walk(const char *name, struct nameidata *nd)
{
	int depth = 0;		/* middle symlinks pushed by this call */
	int err;

	nd->last_type = LAST_ROOT;
	nd->flags |= LOOKUP_PARENT;
	while (*name == '/')
		name++;
	if (!*name) {
		nd->flags &= ~LOOKUP_PARENT;
		return 0;
	}
	for (;;) {
		const char *link;

		err = may_lookup(nd);
		if (err)
			return err;
		err = scan_component(nd, name);
		if (err)
			return err;
		name += nd->last.len;
		if (!*name)
			goto at_end;
		while (*name == '/')
			name++;
		if (!*name)
			goto at_end;	/* trailing slashes */
		link = walk_component(nd, WALK_MORE);
handle_link:
		if (link) {
			if (IS_ERR(link))
				return PTR_ERR(link);
			/* A symlink in the middle: walk its body, then the rest. */
			nd->stack[nd->depth - 1].name = name;
			name = link;
			depth++;
			continue;
		}
		if (!d_can_lookup(nd->path.dentry))
			return -ENOTDIR;
		continue;
at_end:
		if (!depth) {
			nd->flags &= ~LOOKUP_PARENT;
			return 0;
		}
		/* End of a middle link's body: its last component is not the last. */
		name = nd->stack[nd->depth - 1].name;
		link = walk_component(nd, 0);
		depth--;
		goto handle_link;
	}
}

static const char *path_init(struct nameidata *nd, unsigned int flags)
{
	const char *s = nd->name->name;

	nd->flags = flags;
	nd->depth = 0;
	nd->total_link_count = 0;
	if (nd->root_preset) {
		/* vfs_path_lookup(), file_open_root(): everything starts at root. */
		nd->path = nd->root;
		path_get(&nd->path);
		nd->inode = d_inode(nd->path.dentry);
		return s;
	}
	if (*s == '/') {
		set_root(nd);
		nd->path = nd->root;
		path_get(&nd->path);
	} else if (nd->dfd == AT_FDCWD) {
		get_fs_pwd(current->fs, &nd->path);
	} else {
		struct file *f = fget_raw(nd->dfd);

		if (!f)
			return ERR_PTR(-EBADF);
		if (*s && !d_can_lookup(f->f_path.dentry)) {
			fput(f);
			return ERR_PTR(-ENOTDIR);
		}
		nd->path = f->f_path;
		path_get(&nd->path);
		fput(f);
	}
	nd->inode = d_inode(nd->path.dentry);
	if (flags & LOOKUP_DOWN)
		follow_mounts(&nd->path);
	nd->inode = d_inode(nd->path.dentry);
	return s;
}

static const char *lookup_last(struct nameidata *nd)
{
	if (nd->last_type == LAST_NORM && nd->last.name[nd->last.len])
		nd->flags |= LOOKUP_FOLLOW | LOOKUP_DIRECTORY;
	return walk_component(nd, WALK_TRAILING);
}

/* Walk s to its end (following a final symlink as the flags say). */
static int walk_to_end(struct nameidata *nd, const char *s,
		       const char *(*last)(struct nameidata *, void *), void *arg)
{
	int err;

	for (;;) {
		err = link_path_walk(s, nd);
		if (err)
			return err;
		s = last(nd, arg);
		if (!s)
			return 0;
		if (IS_ERR(s))
			return PTR_ERR(s);
	}
}

static const char *lookup_last_cb(struct nameidata *nd, void *unused)
{
	return lookup_last(nd);
}

/* Hand the walk's position to the caller; terminate_walk() then skips it. */
static void nd_hand_over(struct nameidata *nd, struct path *to)
{
	*to = nd->path;
	nd->path = (struct path){ .mnt = NULL, .dentry = NULL };
}

static int path_lookupat(struct nameidata *nd, unsigned int flags, struct path *path)
{
	const char *start = path_init(nd, flags);
	int err = IS_ERR(start) ? PTR_ERR(start) : walk_to_end(nd, start, lookup_last_cb, NULL);

	/* LOOKUP_DIRECTORY (O_DIRECTORY, a trailing slash) wants something searchable. */
	if (!err && (nd->flags & LOOKUP_DIRECTORY) && !d_can_lookup(nd->path.dentry))
		err = -ENOTDIR;
	if (!err)
		nd_hand_over(nd, path);
	terminate_walk(nd);
	return err;
}

int filename_lookup(int dfd, struct filename *name, unsigned int flags,
		    struct path *path, const struct path *root)
{
	struct nameidata nd;

	if (IS_ERR(name))
		return PTR_ERR(name);
	set_nameidata(&nd, dfd, name, root);
	return path_lookupat(&nd, flags, path);
}

/*
 * The parent directory of name's last component (referenced) and that
 * component.  last points into name, which must outlive its use.
 */
int filename_parentat(int dfd, struct filename *name, unsigned int flags,
		      struct path *parent, struct qstr *last, int *type)
{
	struct nameidata nd;
	const char *s;
	int err;

	if (IS_ERR(name))
		return PTR_ERR(name);
	set_nameidata(&nd, dfd, name, NULL);
	s = path_init(&nd, flags | LOOKUP_PARENT);
	err = IS_ERR(s) ? PTR_ERR(s) : link_path_walk(s, &nd);
	if (!err) {
		*last = nd.last;
		*type = nd.last_type;
		nd_hand_over(&nd, parent);
	}
	terminate_walk(&nd);
	return err;
}

/* filename_lookup() of a name just copied in, which is released after. */
static int lookup_putname(int dfd, struct filename *name, unsigned int flags,
			  struct path *path, const struct path *root)
{
	int err = filename_lookup(dfd, name, flags, path, root);

	putname(name);
	return err;
}

int kern_path(const char *name, unsigned int flags, struct path *path)
{
	return lookup_putname(AT_FDCWD, getname_kernel(name), flags, path, NULL);
}

/* @flags may hold LOOKUP_EMPTY, which getname_flags() needs to see too. */
int user_path_at(int dfd, const char *name, unsigned int flags, struct path *path)
{
	return lookup_putname(dfd, getname_flags(name, flags), flags, path, NULL);
}

/* Resolve @name as if (@mnt, @dentry) were the root ("/" and ".." stop there). */
int vfs_path_lookup(struct dentry *dentry, struct vfsmount *mnt, const char *name,
		    unsigned int flags, struct path *path)
{
	struct path root = { .mnt = mnt, .dentry = dentry };

	return lookup_putname(AT_FDCWD, getname_kernel(name), flags, path, &root);
}

/* ------------------------------------------------------------ lookup by name in a directory */

static int lookup_one_common(const char *name, struct dentry *base, int len,
			     struct qstr *this)
{
	this->name = (const unsigned char *)name;
	this->len = len;
	if (!len)
		return -EACCES;
	if (name[0] == '.' && (len == 1 || (len == 2 && name[1] == '.')))
		return -EACCES;
	for (int i = 0; i < len; i++) {
		if (name[i] == '/' || name[i] == '\0')
			return -EACCES;
	}
	if (len > NAME_MAX)
		return -ENAMETOOLONG;
	d_hash_name(base, this);
	return inode_permission(base->d_inode, MAY_EXEC);
}

struct dentry *lookup_one_len(const char *name, struct dentry *base, int len)
{
	struct qstr this;
	int err = lookup_one_common(name, base, len, &this);

	if (err)
		return ERR_PTR(err);
	return __lookup_hash(&this, base, 0);
}

struct dentry *lookup_one_len_unlocked(const char *name, struct dentry *base, int len)
{
	struct qstr this;
	int err = lookup_one_common(name, base, len, &this);

	if (err)
		return ERR_PTR(err);
	return lookup_unlocked(&this, base, 0);
}

struct dentry *lookup_positive_unlocked(const char *name, struct dentry *base, int len)
{
	struct dentry *dentry = lookup_one_len_unlocked(name, base, len);

	if (!IS_ERR(dentry) && d_really_is_negative(dentry)) {
		dput(dentry);
		dentry = ERR_PTR(-ENOENT);
	}
	return dentry;
}

/* For fs/namei_ops.c: the locked lookup of a parent walk's last component. */
struct dentry *lookup_hash_locked(const struct qstr *name, struct dentry *base,
				  unsigned int flags)
{
	return __lookup_hash(name, base, flags);
}

/* ------------------------------------------------------------ open */

/*
 * What the file type alone rules out, before the permission bits are
 * consulted: a symlink reached here was not to be followed (ELOOP), a
 * directory is never written (EISDIR), and only regular files on exec
 * mounts are executed.  Device nodes need a mount that allows devices.
 */
static int open_type_errno(const struct path *path, umode_t mode, int acc_mode)
{
	bool exec = acc_mode & MAY_EXEC;

	if (S_ISLNK(mode))
		return -ELOOP;
	if (S_ISDIR(mode)) {
		if (acc_mode & MAY_WRITE)
			return -EISDIR;
		return exec ? -EACCES : 0;
	}
	if (S_ISREG(mode))
		return (exec && (path->mnt->mnt_flags & MNT_NOEXEC)) ? -EACCES : 0;
	if (S_ISBLK(mode) || S_ISCHR(mode)) {
		if (!may_open_dev(path))
			return -EACCES;
	} else if (!S_ISFIFO(mode) && !S_ISSOCK(mode)) {
		return 0;
	}
	return exec ? -EACCES : 0;
}

static int may_open(const struct path *path, int acc_mode, int flag)
{
	struct inode *inode = d_inode(path->dentry);
	bool writes_inside;
	int err;

	if (!inode)
		return -ENOENT;
	err = open_type_errno(path, inode->i_mode, acc_mode);
	if (!err)
		err = inode_permission(inode, MAY_OPEN | acc_mode);
	if (err)
		return err;

	/* Append-only files take writes at their end only, and no truncation. */
	writes_inside = (flag & O_ACCMODE) != O_RDONLY && !(flag & O_APPEND);
	if (IS_APPEND(inode) && (writes_inside || (flag & O_TRUNC)))
		return -EPERM;
	/* open(2): O_NOATIME is for the file's owner (or CAP_FOWNER) only. */
	if ((flag & O_NOATIME) && !inode_owner_or_capable(inode))
		return -EPERM;
	return 0;
}

/*
 * O_TRUNC of an existing regular file, once it is open.  Write access to
 * the inode is taken for the duration, so a file being executed refuses
 * (ETXTBSY).
 */
static int truncate_on_open(struct file *file)
{
	struct inode *inode = file_inode(file);
	int err = get_write_access(inode);

	if (!err) {
		err = do_truncate(file->f_path.dentry, 0,
				  ATTR_MTIME | ATTR_CTIME | ATTR_OPEN, file);
		put_write_access(inode);
	}
	return err;
}

/*
 * The last component with O_CREAT, the directory locked by the caller:
 * find it, or create it as a regular file.  Returns a referenced dentry.
 * @writable says whether the caller got write access to the mount; it is
 * only needed when something is to be created.
 */
static struct dentry *lookup_open(struct nameidata *nd, struct file *file,
				  const struct open_flags *op, bool writable)
{
	bool excl = op->open_flag & O_EXCL;
	struct dentry *found;
	int err;

	found = __lookup_hash(&nd->last, nd->path.dentry, nd->flags);
	if (IS_ERR(found))
		return found;

	if (d_really_is_positive(found)) {
		err = excl ? -EEXIST : 0;
	} else if (!writable) {
		err = -EROFS;
	} else {
		err = vfs_create(d_inode(nd->path.dentry), found,
				 op->mode & ~current_umask(), excl);
		if (!err)
			file->f_mode |= FMODE_CREATED;
	}
	if (!err)
		return found;
	dput(found);
	return ERR_PTR(err);
}

struct open_last_args {
	struct file *file;
	const struct open_flags *op;
};

/* O_CREAT: look the last component up under the directory's lock. */
static struct dentry *open_create_last(struct nameidata *nd, struct open_last_args *a)
{
	struct inode *dir = d_inode(nd->path.dentry);
	struct dentry *found;
	bool writable;

	/* "name/" names a directory, and open(2) never makes one. */
	if (nd->last.name[nd->last.len])
		return ERR_PTR(-EISDIR);
	/* A read-only mount still opens existing files: EROFS only on creation. */
	writable = mnt_want_write(nd->path.mnt) == 0;
	inode_lock(dir);
	found = lookup_open(nd, a->file, a->op, writable);
	inode_unlock(dir);
	if (writable)
		mnt_drop_write(nd->path.mnt);
	return found;
}

/*
 * walk_to_end() callback for open: handle the last component.  Returns
 * NULL when the walk is done, a symlink body to continue with, or an
 * error.
 */
static const char *open_last_lookups(struct nameidata *nd, void *arg)
{
	struct open_last_args *a = arg;
	struct dentry *found = NULL;
	int how;

	nd->flags |= a->op->intent;
	if (nd->last_type == LAST_NORM) {
		if (a->op->open_flag & O_CREAT) {
			found = open_create_last(nd, a);
		} else {
			/* A trailing slash: follow, and insist on a directory. */
			if (nd->last.name[nd->last.len])
				nd->flags |= LOOKUP_FOLLOW | LOOKUP_DIRECTORY;
			found = lookup_component(nd);
		}
		if (IS_ERR(found))
			return ERR_CAST(found);
	}
	/* The name may have lived in a symlink body; that is no longer needed. */
	if (nd->depth)
		put_link(nd);
	if (nd->last_type != LAST_NORM)
		return handle_dots(nd, nd->last_type);
	/* What we just created is a regular file: nothing there to follow. */
	how = (a->file->f_mode & FMODE_CREATED) ? WALK_NOFOLLOW : WALK_TRAILING;
	return step_into(nd, how, found);
}

/* The permission checks of open(2), then the file system's open. */
static int open_checked(struct nameidata *nd, struct file *file, int acc_mode, int flags)
{
	int err = may_open(&nd->path, acc_mode, flags);

	return err ? err : vfs_open(&nd->path, file);
}

/* Open what the walk ended on (nd->path). */
static int do_open(struct nameidata *nd, struct file *file, const struct open_flags *op)
{
	struct dentry *end = nd->path.dentry;
	int flags = op->open_flag;
	int err;

	if ((flags & O_CREAT) && (flags & O_EXCL) && !(file->f_mode & FMODE_CREATED))
		return -EEXIST;
	if ((flags & O_CREAT) && d_is_dir(end))
		return -EISDIR;
	if ((nd->flags & LOOKUP_DIRECTORY) && !d_can_lookup(end))
		return -ENOTDIR;

	/*
	 * A file we have just created is empty, and its new mode does not
	 * bind the open that made it (open(2) on O_CREAT with mode 0444).
	 */
	if (file->f_mode & FMODE_CREATED)
		return open_checked(nd, file, 0, flags & ~O_TRUNC);
	if (!(flags & O_TRUNC) || !d_is_reg(end))
		return open_checked(nd, file, op->acc_mode, flags);

	/* Truncation is a write: the mount stays writable until it is done. */
	err = mnt_want_write(nd->path.mnt);
	if (err)
		return err;
	err = open_checked(nd, file, op->acc_mode, flags);
	if (!err)
		err = truncate_on_open(file);
	mnt_drop_write(nd->path.mnt);
	return err;
}

/* The open(2) flags we act on or report back; the rest are dropped. */
#define OPEN_KNOWN_FLAGS							\
	(O_ACCMODE | O_CREAT | O_EXCL | O_NOCTTY | O_TRUNC | O_APPEND |	\
	 O_NONBLOCK | O_DSYNC | FASYNC | O_DIRECT | O_LARGEFILE |		\
	 O_DIRECTORY | O_NOFOLLOW | O_NOATIME | __O_SYNC | O_PATH | __O_TMPFILE)

/* Combinations open(2) refuses. */
static int open_flags_errno(int flags)
{
	if ((flags & O_CREAT) && (flags & O_DIRECTORY))
		return -EINVAL;
	if (!(flags & __O_TMPFILE))
		return 0;
	/* O_TMPFILE includes O_DIRECTORY, excludes O_CREAT, and must write. */
	if ((flags & (__O_TMPFILE | O_DIRECTORY | O_CREAT)) != O_TMPFILE ||
	    (flags & O_ACCMODE) == O_RDONLY)
		return -EINVAL;
	/* Unnamed temporary files are not supported yet. */
	return -EOPNOTSUPP;
}

/* MAY_* asked for by each O_ACCMODE value; 3 is read-write as on Linux. */
static const int open_acc_modes[4] = {
	[O_RDONLY] = MAY_READ,
	[O_WRONLY] = MAY_WRITE,
	[O_RDWR] = MAY_READ | MAY_WRITE,
	[O_ACCMODE] = MAY_READ | MAY_WRITE,
};

/*
 * Turn open(2)'s flags and mode into struct open_flags: the flags kept on
 * the file (O_CLOEXEC is the descriptor's, F_GETFL never shows it), the
 * access to check, the lookup intent and the walk's own flags.
 */
int build_open_flags(int flags, umode_t mode, struct open_flags *op)
{
	bool creates = flags & (O_CREAT | __O_TMPFILE);
	int acc = 0, intent = 0, err;

	flags &= OPEN_KNOWN_FLAGS;
	err = open_flags_errno(flags);
	if (err)
		return err;
	/* O_SYNC is O_DSYNC plus metadata: it implies the other. */
	if (flags & __O_SYNC)
		flags |= O_DSYNC;

	if (flags & O_PATH) {
		/* A descriptor for the name only: no access, few flags matter. */
		flags &= O_DIRECTORY | O_NOFOLLOW | O_PATH;
	} else {
		acc = open_acc_modes[flags & O_ACCMODE];
		if (flags & O_TRUNC)
			acc |= MAY_WRITE;
		if (flags & O_APPEND)
			acc |= MAY_APPEND;
		intent = LOOKUP_OPEN;
		if (flags & O_CREAT)
			intent |= (flags & O_EXCL) ? LOOKUP_CREATE | LOOKUP_EXCL : LOOKUP_CREATE;
	}

	op->open_flag = flags;
	op->acc_mode = acc;
	op->intent = intent;
	op->mode = creates ? S_IFREG | (mode & S_IALLUGO) : 0;
	op->lookup_flags = (flags & O_DIRECTORY) ? LOOKUP_DIRECTORY : 0;
	/* O_CREAT|O_EXCL never follows a final symlink, O_NOFOLLOW or not. */
	if (!(flags & O_NOFOLLOW) && !(intent & LOOKUP_EXCL))
		op->lookup_flags |= LOOKUP_FOLLOW;
	return 0;
}

/* O_PATH: resolve the name and attach the path to @file, nothing more. */
static int open_path_only(struct nameidata *nd, const struct open_flags *op,
			  struct file *file)
{
	struct path found;
	int err = path_lookupat(nd, op->lookup_flags, &found);

	if (err)
		return err;
	err = vfs_open(&found, file);
	path_put(&found);
	return err;
}

static int open_walk(struct nameidata *nd, const struct open_flags *op, struct file *file)
{
	struct open_last_args args = { .file = file, .op = op };
	const char *start = path_init(nd, op->lookup_flags);
	int err;

	err = IS_ERR(start) ? PTR_ERR(start) : walk_to_end(nd, start, open_last_lookups, &args);
	if (!err)
		err = do_open(nd, file, op);
	terminate_walk(nd);
	return err;
}

static struct file *path_openat(struct nameidata *nd, const struct open_flags *op)
{
	struct file *file;
	int err;

	file = alloc_empty_file(op->open_flag, current_cred());
	if (IS_ERR(file))
		return file;
	if (op->open_flag & O_PATH)
		err = open_path_only(nd, op, file);
	else
		err = open_walk(nd, op, file);
	if (!err)
		return file;
	/* Once ->open() has run, the file is released like any other. */
	if (file->f_mode & FMODE_OPENED)
		fput(file);
	else
		fput_failed_open(file);
	return ERR_PTR(err);
}

struct file *do_filp_open(int dfd, struct filename *pathname, const struct open_flags *op)
{
	struct nameidata nd;

	set_nameidata(&nd, dfd, pathname, NULL);
	return path_openat(&nd, op);
}

struct file *do_file_open_root(const struct path *root, const char *name,
			       const struct open_flags *op)
{
	struct filename *filename = getname_kernel(name);
	struct file *file;
	struct nameidata nd;

	if (IS_ERR(filename))
		return ERR_CAST(filename);
	set_nameidata(&nd, AT_FDCWD, filename, root);
	file = path_openat(&nd, op);
	putname(filename);
	return file;
}

void namei_init(void)
{
	names_cachep = kmem_cache_create("names_cache", PATH_MAX, 0,
					 SLAB_HWCACHE_ALIGN | SLAB_PANIC, NULL);
}
