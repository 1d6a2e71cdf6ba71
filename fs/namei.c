// SPDX-License-Identifier: GPL-2.0-only
/*
 * Path-name lookup: from a string to a (mount, dentry).
 *
 * Interface: getname()/getname_kernel()/putname(), kern_path(),
 * user_path_at(), filename_lookup(), filename_parentat(),
 * lookup_one_len(), inode_permission(); the walk's steps for
 * fs/namei_open.c are in "namei_walk.h".  What open(2) does with the
 * last component is in fs/namei_open.c, the directory-changing
 * operations (mkdir, unlink, rename ...) are in fs/namei_ops.c.
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
#include "namei_walk.h"

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


void set_nameidata(struct nameidata *nd, int dfd, const struct filename *name,
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

void terminate_walk(struct nameidata *nd)
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

void put_link(struct nameidata *nd)
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

struct dentry *lookup_component(struct nameidata *nd)
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
const char *step_into(struct nameidata *nd, int flags, struct dentry *dentry)
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

const char *handle_dots(struct nameidata *nd, int type)
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

const char *path_init(struct nameidata *nd, unsigned int flags)
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
int walk_to_end(struct nameidata *nd, const char *s,
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

int path_lookupat(struct nameidata *nd, unsigned int flags, struct path *path)
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

void namei_init(void)
{
	names_cachep = kmem_cache_create("names_cache", PATH_MAX, 0,
					 SLAB_HWCACHE_ALIGN | SLAB_PANIC, NULL);
}
