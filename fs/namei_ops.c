// SPDX-License-Identifier: GPL-2.0-only
/*
 * Operations that change directories: create, mkdir, mknod, symlink,
 * link, unlink, rmdir, rename - the vfs_*() calls on looked-up dentries
 * (with their permission and errno rules), the do_*at() bodies that
 * resolve names first, and the system calls.
 *
 * Interface: vfs_create(), vfs_mkdir(), vfs_mknod(), vfs_symlink(),
 * vfs_link(), vfs_unlink(), vfs_rmdir(), vfs_rename(), lock_rename(),
 * filename_create()/kern_path_create()/done_path_create(), do_*at().
 *
 * Locking: the parent directory's i_rwsem is held exclusively around
 * the lookup of the last component and the operation; unlink/rmdir also
 * lock the victim's inode.  Rename takes lock_rename() (both parents, the
 * super block's s_vfs_rename_mutex first when they differ, ancestor
 * before descendant) and then the non-directory inodes involved in
 * address order.  Write access to the mount is taken before the locks.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/sched.h>
#include <linux/cred.h>
#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/fsnotify.h>
#include <linux/fs_struct.h>
#include <linux/namei.h>
#include <linux/mount.h>
#include <linux/syscalls.h>
#include "internal.h"

/* ------------------------------------------------------------ permission rules */

/*
 * In a sticky (S_ISVTX) directory a name may be removed only by the owner
 * of the file, the owner of the directory, or a CAP_FOWNER holder.
 */
static bool sticky_denies_removal(struct inode *dir, struct inode *victim)
{
	uid_t me = current_fsuid();

	if (!(dir->i_mode & S_ISVTX) || me == victim->i_uid || me == dir->i_uid)
		return false;
	return !capable_wrt_inode_uidgid(victim, CAP_FOWNER);
}

/*
 * May the (locked) directory @dir lose its entry @victim?  @want_dir says
 * which kind the caller removes: rmdir and renames of directories want a
 * directory, unlink and renames of files want anything else.
 */
static int may_delete(struct inode *dir, struct dentry *victim, bool want_dir)
{
	struct inode *vi = d_inode(victim);
	int err;

	if (!vi)
		return -ENOENT;
	WARN_ON(victim->d_parent->d_inode != dir);

	err = inode_permission(dir, MAY_WRITE | MAY_EXEC);
	if (err)
		return err;
	/* An active swap file keeps its name, as in Linux. */
	if (IS_APPEND(dir) || sticky_denies_removal(dir, vi) ||
	    IS_APPEND(vi) || IS_IMMUTABLE(vi) || IS_SWAPFILE(vi))
		return -EPERM;

	if (d_is_dir(victim) != want_dir)
		return want_dir ? -ENOTDIR : -EISDIR;
	/* The root of a mounted tree has no parent entry to remove. */
	if (want_dir && IS_ROOT(victim))
		return -EBUSY;
	return IS_DEADDIR(dir) ? -ENOENT : 0;
}

/* May a new entry @child (still negative) be added to the locked @dir? */
static int may_create(struct inode *dir, struct dentry *child)
{
	if (d_really_is_positive(child))
		return -EEXIST;
	if (IS_DEADDIR(dir))
		return -ENOENT;
	return inode_permission(dir, MAY_WRITE | MAY_EXEC);
}

/* ------------------------------------------------------------ vfs_* */

/* A successful creation in @dir is news for a watch on it. */
static int created(struct inode *dir, struct dentry *dentry, int err)
{
	if (!err)
		fsnotify_create(dir, dentry);
	return err;
}

int vfs_create(struct inode *dir, struct dentry *dentry, umode_t mode, bool want_excl)
{
	int err = may_create(dir, dentry);

	if (!err && !dir->i_op->create)
		err = -EACCES;
	if (err)
		return err;
	/* Whatever type bits the caller passed, this makes a regular file. */
	err = dir->i_op->create(dir, dentry, S_IFREG | (mode & S_IALLUGO), want_excl);
	return created(dir, dentry, err);
}

int vfs_mkdir(struct inode *dir, struct dentry *dentry, umode_t mode)
{
	int err = may_create(dir, dentry);

	if (!err && !dir->i_op->mkdir)
		err = -EPERM;
	if (err)
		return err;
	err = dir->i_op->mkdir(dir, dentry, mode & (S_IRWXUGO | S_ISVTX));
	return created(dir, dentry, err);
}

int vfs_mknod(struct inode *dir, struct dentry *dentry, umode_t mode, dev_t dev)
{
	bool device = S_ISCHR(mode) || S_ISBLK(mode);
	int err = may_create(dir, dentry);

	if (err)
		return err;
	/* Device nodes grant access to hardware: CAP_MKNOD only. */
	if (device && !capable(CAP_MKNOD))
		return -EPERM;
	err = dir->i_op->mknod ? dir->i_op->mknod(dir, dentry, mode, dev) : -EPERM;
	return created(dir, dentry, err);
}

int vfs_symlink(struct inode *dir, struct dentry *dentry, const char *oldname)
{
	int err = may_create(dir, dentry);

	if (err)
		return err;
	err = dir->i_op->symlink ? dir->i_op->symlink(dir, dentry, oldname) : -EPERM;
	return created(dir, dentry, err);
}

/*
 * Why a hard link to @inode may not be made in @dir at all, as -EPERM:
 * directories never get extra names, append-only and immutable files keep
 * theirs, and some file systems cannot link.
 */
static bool link_refused(struct inode *dir, struct inode *inode)
{
	return IS_APPEND(inode) || IS_IMMUTABLE(inode) || !dir->i_op->link ||
	       S_ISDIR(inode->i_mode);
}

/* Called with @inode locked: the link count it may still grow from. */
static int link_count_errno(struct inode *inode)
{
	unsigned int limit = inode->i_sb->s_max_links;

	/* Unlinked already (and not an O_TMPFILE): no new name for it. */
	if (!inode->i_nlink)
		return -ENOENT;
	return (limit && inode->i_nlink >= limit) ? -EMLINK : 0;
}

int vfs_link(struct dentry *old_dentry, struct inode *dir, struct dentry *new_dentry,
	     struct inode **delegated)
{
	struct inode *inode = d_inode(old_dentry);
	int err;

	if (!inode)
		return -ENOENT;
	err = may_create(dir, new_dentry);
	if (err)
		return err;
	if (inode->i_sb != dir->i_sb)
		return -EXDEV;
	if (link_refused(dir, inode))
		return -EPERM;

	inode_lock(inode);
	err = link_count_errno(inode);
	if (!err)
		err = dir->i_op->link(old_dentry, dir, new_dentry);
	inode_unlock(inode);
	if (!err)
		fsnotify_link(dir, inode, new_dentry);
	return err;
}

/*
 * The part of unlink and rmdir done under the victim's own inode lock.  A
 * mount point stays: the mount would be left without a name.  A removed
 * directory is marked dead and its cached children dropped, so nothing is
 * looked up or created under it any more.
 */
static int remove_locked(struct inode *dir, struct dentry *victim, bool is_dir)
{
	struct inode *vi = d_inode(victim);
	int err = -EBUSY;

	inode_lock(vi);
	if (!d_mountpoint(victim)) {
		err = is_dir ? dir->i_op->rmdir(dir, victim) : dir->i_op->unlink(dir, victim);
		if (!err && is_dir) {
			shrink_dcache_parent(victim);
			vi->i_flags |= S_DEAD;
		}
	}
	inode_unlock(vi);
	return err;
}

int vfs_rmdir(struct inode *dir, struct dentry *dentry)
{
	int err = may_delete(dir, dentry, true);

	if (!err && !dir->i_op->rmdir)
		err = -EPERM;
	if (err)
		return err;
	/* Our own reference keeps the dentry while its subtree is pruned. */
	dget(dentry);
	err = remove_locked(dir, dentry, true);
	dput(dentry);
	if (!err) {
		d_delete(dentry);
		fsnotify_delete(dir, &dentry->d_name, true);
	}
	return err;
}

int vfs_unlink(struct inode *dir, struct dentry *dentry, struct inode **delegated)
{
	int err = may_delete(dir, dentry, false);

	if (!err && !dir->i_op->unlink)
		err = -EPERM;
	if (!err)
		err = remove_locked(dir, dentry, false);
	if (!err) {
		/* The order Linux reports: IN_ATTRIB, IN_DELETE_SELF, IN_DELETE. */
		fsnotify_link_count(d_inode(dentry));
		d_delete(dentry);
		fsnotify_delete(dir, &dentry->d_name, false);
	}
	return err;
}

/*
 * Lock the parents of a rename.  Returns the dentry of whichever one is an
 * ancestor of the other (the "trap": neither name may be it), or NULL.
 * When the parents differ, the per-super-block rename mutex keeps the tree
 * shape still while we compare, and an ancestor is always locked before
 * its descendant.
 */
struct dentry *lock_rename(struct dentry *p1, struct dentry *p2)
{
	struct dentry *outer = p1, *inner = p2, *trap;
	unsigned int inner_class = I_MUTEX_PARENT2;

	if (p1 == p2) {
		inode_lock_nested(p1->d_inode, I_MUTEX_PARENT);
		return NULL;
	}
	mutex_lock(&p1->d_sb->s_vfs_rename_mutex);
	trap = d_ancestor(p2, p1);
	if (trap) {
		outer = p2;
		inner = p1;
		inner_class = I_MUTEX_CHILD;
	} else {
		trap = d_ancestor(p1, p2);
	}
	inode_lock_nested(outer->d_inode, I_MUTEX_PARENT);
	inode_lock_nested(inner->d_inode, inner_class);
	return trap;
}

void unlock_rename(struct dentry *p1, struct dentry *p2)
{
	inode_unlock(p1->d_inode);
	if (p1 == p2)
		return;
	inode_unlock(p2->d_inode);
	mutex_unlock(&p1->d_sb->s_vfs_rename_mutex);
}

/* Lock up to two non-directory inodes in address order (either may be NULL). */
static void lock_two_nondirs(struct inode *a, struct inode *b)
{
	if (a && b && a > b)
		swap(a, b);
	if (a)
		inode_lock_nested(a, I_MUTEX_NORMAL);
	if (b && b != a)
		inode_lock_nested(b, I_MUTEX_NONDIR2);
}

static void unlock_two_nondirs(struct inode *a, struct inode *b)
{
	if (a)
		inode_unlock(a);
	if (b && b != a)
		inode_unlock(b);
}

/*
 * May the destination of a rename be used?  A free name needs the right to
 * create in @dir.  An occupied one is removed as a plain rename replaces
 * it, so it must be of the source's kind; an exchange keeps it, so it is
 * checked as what it is.
 */
static int may_take_target(struct inode *dir, struct dentry *target, bool src_dir,
			   bool exchange)
{
	if (d_really_is_negative(target))
		return may_create(dir, target);
	return may_delete(dir, target, exchange ? d_is_dir(target) : src_dir);
}

/* A directory that moves to another parent rewrites its "..": write access. */
static int may_reparent(struct dentry *moving)
{
	if (!d_is_dir(moving))
		return 0;
	return inode_permission(d_inode(moving), MAY_WRITE);
}

int vfs_rename(struct renamedata *rd)
{
	struct dentry *src = rd->old_dentry, *dst = rd->new_dentry;
	struct inode *src_inode = d_inode(src), *dst_inode = d_inode(dst);
	bool exchange = rd->flags & RENAME_EXCHANGE;
	bool src_dir = d_is_dir(src);
	bool dst_dir = dst_inode && d_is_dir(dst);
	struct inode *lock1 = NULL, *lock2 = NULL;
	bool replaces_dir;
	int err;

	/* Two names of one file: POSIX says do nothing and succeed. */
	if (src_inode == dst_inode)
		return 0;

	err = may_delete(rd->old_dir, src, src_dir);
	if (!err)
		err = may_take_target(rd->new_dir, dst, src_dir, exchange);
	if (err)
		return err;
	if (!rd->old_dir->i_op->rename)
		return -EPERM;
	if (rd->old_dir != rd->new_dir) {
		err = may_reparent(src);
		if (!err && exchange)
			err = may_reparent(dst);
		if (err)
			return err;
	}

	/*
	 * Lock the inodes whose link count or ".." the rename changes without
	 * lock_rename() covering them: non-directories, and on an exchange the
	 * source whatever it is; a replaced directory too.
	 */
	if (exchange || !src_dir)
		lock1 = src_inode;
	if (dst_inode && !(exchange && dst_dir))
		lock2 = dst_inode;
	replaces_dir = dst_inode && src_dir && !exchange;

	dget(dst);
	lock_two_nondirs(lock1, lock2);
	if (d_mountpoint(src) || d_mountpoint(dst)) {
		err = -EBUSY;
		goto unlock;
	}
	if (replaces_dir)
		shrink_dcache_parent(dst);
	err = rd->old_dir->i_op->rename(rd->old_dir, src, rd->new_dir, dst, rd->flags);
	if (err)
		goto unlock;
	if (replaces_dir)
		dst_inode->i_flags |= S_DEAD;
	/* Before d_move(): the dentries still carry the old and new names. */
	fsnotify_move(rd->old_dir, rd->new_dir, &src->d_name, &dst->d_name, src_inode,
		      exchange ? NULL : dst_inode);
	if (exchange) {
		fsnotify_move(rd->new_dir, rd->old_dir, &dst->d_name, &src->d_name, dst_inode,
			      NULL);
		d_exchange(src, dst);
	} else {
		d_move(src, dst);
	}
unlock:
	unlock_two_nondirs(lock1, lock2);
	dput(dst);
	return err;
}

/* ------------------------------------------------------------ creation helpers */

/*
 * Look up the parent of @name and a free slot for its last component.  On
 * success the parent is locked, write access to its mount is held, and
 * the negative dentry is returned; done_path_create() undoes all of it.
 */
struct dentry *filename_create(int dfd, struct filename *name, struct path *path,
			       unsigned int lookup_flags)
{
	bool slash_ok = lookup_flags & LOOKUP_DIRECTORY;
	struct dentry *slot;
	struct qstr last;
	int type, err, write_err;

	err = filename_parentat(dfd, name, 0, path, &last, &type);
	if (err)
		return ERR_PTR(err);
	/* "/", "." and ".." always exist. */
	if (type != LAST_NORM) {
		path_put(path);
		return ERR_PTR(-EEXIST);
	}

	/*
	 * Ask for write access first but report its failure last: a name that
	 * exists is EEXIST even on a read-only mount.
	 */
	write_err = mnt_want_write(path->mnt);
	inode_lock_nested(path->dentry->d_inode, I_MUTEX_PARENT);
	slot = lookup_hash_locked(&last, path->dentry, LOOKUP_CREATE | LOOKUP_EXCL);
	if (!IS_ERR(slot)) {
		err = write_err;
		if (d_really_is_positive(slot))
			err = -EEXIST;
		else if (last.name[last.len] && !slash_ok)
			err = -ENOENT;	/* "name/" can only be made by mkdir */
		if (!err)
			return slot;
		dput(slot);
		slot = ERR_PTR(err);
	}
	inode_unlock(path->dentry->d_inode);
	if (!write_err)
		mnt_drop_write(path->mnt);
	path_put(path);
	return slot;
}

void done_path_create(struct path *path, struct dentry *dentry)
{
	dput(dentry);
	inode_unlock(path->dentry->d_inode);
	mnt_drop_write(path->mnt);
	path_put(path);
}

/* filename_create() on a name just copied in, which it then releases. */
static struct dentry *create_and_putname(int dfd, struct filename *name,
					 struct path *path, unsigned int lookup_flags)
{
	struct dentry *slot;

	if (IS_ERR(name))
		return ERR_CAST(name);
	slot = filename_create(dfd, name, path, lookup_flags);
	putname(name);
	return slot;
}

struct dentry *kern_path_create(int dfd, const char *pathname, struct path *path,
				unsigned int lookup_flags)
{
	return create_and_putname(dfd, getname_kernel(pathname), path, lookup_flags);
}

struct dentry *user_path_create(int dfd, const char *pathname, struct path *path,
				unsigned int lookup_flags)
{
	return create_and_putname(dfd, getname(pathname), path, lookup_flags);
}

/* ------------------------------------------------------------ do_*at */

/*
 * mknod(2): regular files (type 0 too), device nodes, FIFOs and sockets.
 * A directory is EPERM (mkdir(2) makes those), any other type EINVAL.
 */
static int mknod_type_errno(umode_t mode)
{
	if (!(mode & S_IFMT) || S_ISREG(mode) || S_ISCHR(mode) || S_ISBLK(mode) ||
	    S_ISFIFO(mode) || S_ISSOCK(mode))
		return 0;
	return S_ISDIR(mode) ? -EPERM : -EINVAL;
}

long do_mknodat(int dfd, struct filename *name, umode_t mode, unsigned int dev)
{
	struct path parent;
	struct dentry *slot;
	struct inode *dir;
	int err;

	err = mknod_type_errno(mode);
	if (err)
		goto out;
	slot = filename_create(dfd, name, &parent, 0);
	if (IS_ERR(slot)) {
		err = PTR_ERR(slot);
		goto out;
	}
	dir = d_inode(parent.dentry);
	mode &= ~current_umask();
	if (!(mode & S_IFMT) || S_ISREG(mode))
		err = vfs_create(dir, slot, mode, true);
	else if (S_ISCHR(mode) || S_ISBLK(mode))
		err = vfs_mknod(dir, slot, mode, new_decode_dev(dev));
	else
		err = vfs_mknod(dir, slot, mode, 0);	/* FIFOs and sockets have no device */
	done_path_create(&parent, slot);
out:
	putname(name);
	return err;
}

long do_mkdirat(int dfd, struct filename *name, umode_t mode)
{
	struct path parent;
	struct dentry *slot = filename_create(dfd, name, &parent, LOOKUP_DIRECTORY);
	long ret;

	if (IS_ERR(slot)) {
		ret = PTR_ERR(slot);
	} else {
		ret = vfs_mkdir(d_inode(parent.dentry), slot, mode & ~current_umask());
		done_path_create(&parent, slot);
	}
	putname(name);
	return ret;
}

/*
 * unlink and rmdir share their set-up: the parent is resolved, the mount
 * made writable, the parent locked and the victim looked up in it.
 */
struct removal {
	struct path parent;
	struct qstr last;
	struct dentry *victim;
};

/* What rmdir(2) reports for a last component of ".", ".." or "/". */
static int rmdir_special_errno(int type)
{
	if (type == LAST_DOTDOT)
		return -ENOTEMPTY;
	return type == LAST_DOT ? -EINVAL : -EBUSY;
}

static int removal_begin(int dfd, struct filename *name, bool rmdir, struct removal *r)
{
	int type, err;

	err = filename_parentat(dfd, name, 0, &r->parent, &r->last, &type);
	if (err)
		return err;
	if (type != LAST_NORM) {
		/* Not a name that can be removed: unlink says "a directory". */
		err = rmdir ? rmdir_special_errno(type) : -EISDIR;
		goto put_parent;
	}
	err = mnt_want_write(r->parent.mnt);
	if (err)
		goto put_parent;
	inode_lock_nested(d_inode(r->parent.dentry), I_MUTEX_PARENT);
	r->victim = lookup_hash_locked(&r->last, r->parent.dentry, 0);
	if (!IS_ERR(r->victim))
		return 0;
	err = PTR_ERR(r->victim);
	inode_unlock(d_inode(r->parent.dentry));
	mnt_drop_write(r->parent.mnt);
put_parent:
	path_put(&r->parent);
	return err;
}

/*
 * Undo removal_begin().  @last_ref, if any, is an inode reference dropped
 * after the parent is unlocked but while the mount is still writable, so
 * that freeing an unlinked file neither stalls the directory nor races a
 * remount read-only.
 */
static void removal_end(struct removal *r, struct inode *last_ref)
{
	dput(r->victim);
	inode_unlock(d_inode(r->parent.dentry));
	if (last_ref)
		iput(last_ref);
	mnt_drop_write(r->parent.mnt);
	path_put(&r->parent);
}

long do_rmdir(int dfd, struct filename *name)
{
	struct removal r;
	long ret;

	ret = removal_begin(dfd, name, true, &r);
	if (!ret) {
		if (d_really_is_negative(r.victim))
			ret = -ENOENT;
		else
			ret = vfs_rmdir(d_inode(r.parent.dentry), r.victim);
		removal_end(&r, NULL);
	}
	putname(name);
	return ret;
}

long do_unlinkat(int dfd, struct filename *name)
{
	struct inode *held = NULL;
	struct removal r;
	long ret;

	ret = removal_begin(dfd, name, false, &r);
	if (ret)
		goto out;
	if (d_really_is_negative(r.victim)) {
		ret = -ENOENT;
	} else if (r.last.name[r.last.len]) {
		/* "name/" only ever names a directory, which unlink refuses. */
		ret = d_is_dir(r.victim) ? -EISDIR : -ENOTDIR;
	} else {
		held = d_inode(r.victim);
		ihold(held);
		ret = vfs_unlink(d_inode(r.parent.dentry), r.victim, NULL);
	}
	removal_end(&r, held);
out:
	putname(name);
	return ret;
}

long do_symlinkat(struct filename *from, int newdfd, struct filename *to)
{
	struct path parent;
	struct dentry *slot;
	long ret;

	if (IS_ERR(from)) {
		ret = PTR_ERR(from);
		goto out;
	}
	slot = filename_create(newdfd, to, &parent, 0);
	if (IS_ERR(slot)) {
		ret = PTR_ERR(slot);
		goto out;
	}
	ret = vfs_symlink(d_inode(parent.dentry), slot, from->name);
	done_path_create(&parent, slot);
out:
	putname(to);
	putname(from);
	return ret;
}

long do_linkat(int olddfd, struct filename *old, int newdfd, struct filename *new, int flags)
{
	unsigned int walk = (flags & AT_SYMLINK_FOLLOW) ? LOOKUP_FOLLOW : 0;
	struct path target, parent;
	struct dentry *slot;
	long ret;

	if (flags & ~(AT_SYMLINK_FOLLOW | AT_EMPTY_PATH)) {
		ret = -EINVAL;
		goto out;
	}
	/*
	 * AT_EMPTY_PATH links whatever a descriptor refers to, even a file
	 * with no name left: that takes CAP_DAC_READ_SEARCH (linkat(2)).
	 */
	if (flags & AT_EMPTY_PATH) {
		if (!capable(CAP_DAC_READ_SEARCH)) {
			ret = -ENOENT;
			goto out;
		}
		walk |= LOOKUP_EMPTY;
	}
	ret = filename_lookup(olddfd, old, walk, &target, NULL);
	if (ret)
		goto out;
	slot = filename_create(newdfd, new, &parent, 0);
	if (IS_ERR(slot)) {
		ret = PTR_ERR(slot);
	} else {
		/* Hard links do not cross mounts, even of one file system. */
		if (target.mnt == parent.mnt)
			ret = vfs_link(target.dentry, d_inode(parent.dentry), slot, NULL);
		else
			ret = -EXDEV;
		done_path_create(&parent, slot);
	}
	path_put(&target);
out:
	putname(old);
	putname(new);
	return ret;
}

/* One side of a rename: the parent it was found in and its last component. */
struct rename_side {
	struct path parent;
	struct qstr last;
	int type;
	struct dentry *dentry;
};

static bool has_trailing_slash(const struct rename_side *s)
{
	return s->last.name[s->last.len] != '\0';
}

/* renameat2(2) flags: RENAME_WHITEOUT is for overlay file systems, not here. */
static int rename_flags_errno(unsigned int flags)
{
	if (flags & ~(RENAME_NOREPLACE | RENAME_EXCHANGE))
		return -EINVAL;
	if ((flags & RENAME_EXCHANGE) && (flags & RENAME_NOREPLACE))
		return -EINVAL;
	return 0;
}

/*
 * The errors rename(2) reports about the two looked-up names before the
 * file system is asked, in the order the man page's cases are tested.
 */
static int rename_names_errno(struct rename_side *src, struct rename_side *dst,
			      unsigned int flags, struct dentry *trap)
{
	bool exchange = flags & RENAME_EXCHANGE;

	if (d_really_is_positive(dst->dentry)) {
		if (flags & RENAME_NOREPLACE)
			return -EEXIST;
	} else if (exchange) {
		return -ENOENT;		/* nothing to exchange with */
	}
	/* A trailing slash claims a directory. */
	if (has_trailing_slash(src) && !d_is_dir(src->dentry))
		return -ENOTDIR;
	if (has_trailing_slash(dst) && !d_is_dir(exchange ? dst->dentry : src->dentry))
		return -ENOTDIR;
	/* Nothing moves into its own subtree, nor replaces its own ancestor. */
	if (src->dentry == trap)
		return -EINVAL;
	if (dst->dentry == trap)
		return exchange ? -EINVAL : -ENOTEMPTY;
	return 0;
}

/* Both parents locked by lock_rename(): look up both names and rename. */
static int rename_locked(struct rename_side *src, struct rename_side *dst,
			 unsigned int flags, struct dentry *trap)
{
	unsigned int dst_lookup = LOOKUP_RENAME_TARGET;
	struct renamedata rd;
	int err;

	src->dentry = lookup_hash_locked(&src->last, src->parent.dentry, 0);
	if (IS_ERR(src->dentry))
		return PTR_ERR(src->dentry);
	err = -ENOENT;
	if (d_really_is_negative(src->dentry))
		goto put_src;

	/* An exchange needs an existing target; NOREPLACE needs none. */
	if (flags & RENAME_EXCHANGE)
		dst_lookup = 0;
	if (flags & RENAME_NOREPLACE)
		dst_lookup |= LOOKUP_EXCL;
	dst->dentry = lookup_hash_locked(&dst->last, dst->parent.dentry, dst_lookup);
	if (IS_ERR(dst->dentry)) {
		err = PTR_ERR(dst->dentry);
		goto put_src;
	}

	err = rename_names_errno(src, dst, flags, trap);
	if (!err) {
		rd = (struct renamedata) {
			.old_dir = d_inode(src->parent.dentry),
			.old_dentry = src->dentry,
			.new_dir = d_inode(dst->parent.dentry),
			.new_dentry = dst->dentry,
			.flags = flags,
		};
		err = vfs_rename(&rd);
	}
	dput(dst->dentry);
put_src:
	dput(src->dentry);
	return err;
}

long do_renameat2(int olddfd, struct filename *from, int newdfd, struct filename *to,
		  unsigned int flags)
{
	struct rename_side src, dst;
	struct dentry *trap;
	long ret;

	ret = rename_flags_errno(flags);
	if (ret)
		goto put_names;
	ret = filename_parentat(olddfd, from, 0, &src.parent, &src.last, &src.type);
	if (ret)
		goto put_names;
	ret = filename_parentat(newdfd, to, 0, &dst.parent, &dst.last, &dst.type);
	if (ret)
		goto put_src;

	/* rename(2) never crosses mounts, and "/", "." or ".." never move. */
	if (src.parent.mnt != dst.parent.mnt)
		ret = -EXDEV;
	else if (src.type != LAST_NORM)
		ret = -EBUSY;
	else if (dst.type != LAST_NORM)
		ret = (flags & RENAME_NOREPLACE) ? -EEXIST : -EBUSY;
	else
		ret = mnt_want_write(src.parent.mnt);
	if (ret)
		goto put_dst;

	trap = lock_rename(dst.parent.dentry, src.parent.dentry);
	ret = rename_locked(&src, &dst, flags, trap);
	unlock_rename(dst.parent.dentry, src.parent.dentry);
	mnt_drop_write(src.parent.mnt);
put_dst:
	path_put(&dst.parent);
put_src:
	path_put(&src.parent);
put_names:
	putname(from);
	putname(to);
	return ret;
}

/* ------------------------------------------------------------ system calls */

SYSCALL_DEFINE4(mknodat, int, dfd, const char *, filename, umode_t, mode, unsigned int, dev)
{
	return do_mknodat(dfd, getname(filename), mode, dev);
}

SYSCALL_DEFINE3(mknod, const char *, filename, umode_t, mode, unsigned int, dev)
{
	return do_mknodat(AT_FDCWD, getname(filename), mode, dev);
}

SYSCALL_DEFINE3(mkdirat, int, dfd, const char *, pathname, umode_t, mode)
{
	return do_mkdirat(dfd, getname(pathname), mode);
}

SYSCALL_DEFINE2(mkdir, const char *, pathname, umode_t, mode)
{
	return do_mkdirat(AT_FDCWD, getname(pathname), mode);
}

SYSCALL_DEFINE1(rmdir, const char *, pathname)
{
	return do_rmdir(AT_FDCWD, getname(pathname));
}

SYSCALL_DEFINE3(unlinkat, int, dfd, const char *, pathname, int, flag)
{
	if (flag & ~AT_REMOVEDIR)
		return -EINVAL;
	if (flag & AT_REMOVEDIR)
		return do_rmdir(dfd, getname(pathname));
	return do_unlinkat(dfd, getname(pathname));
}

SYSCALL_DEFINE1(unlink, const char *, pathname)
{
	return do_unlinkat(AT_FDCWD, getname(pathname));
}

SYSCALL_DEFINE3(symlinkat, const char *, oldname, int, newdfd, const char *, newname)
{
	return do_symlinkat(getname(oldname), newdfd, getname(newname));
}

SYSCALL_DEFINE2(symlink, const char *, oldname, const char *, newname)
{
	return do_symlinkat(getname(oldname), AT_FDCWD, getname(newname));
}

SYSCALL_DEFINE5(linkat, int, olddfd, const char *, oldname, int, newdfd,
		const char *, newname, int, flags)
{
	return do_linkat(olddfd, getname_uflags(oldname, flags), newdfd, getname(newname), flags);
}

SYSCALL_DEFINE2(link, const char *, oldname, const char *, newname)
{
	return do_linkat(AT_FDCWD, getname(oldname), AT_FDCWD, getname(newname), 0);
}

SYSCALL_DEFINE5(renameat2, int, olddfd, const char *, oldname, int, newdfd,
		const char *, newname, unsigned int, flags)
{
	return do_renameat2(olddfd, getname(oldname), newdfd, getname(newname), flags);
}

SYSCALL_DEFINE4(renameat, int, olddfd, const char *, oldname, int, newdfd,
		const char *, newname)
{
	return do_renameat2(olddfd, getname(oldname), newdfd, getname(newname), 0);
}

SYSCALL_DEFINE2(rename, const char *, oldname, const char *, newname)
{
	return do_renameat2(AT_FDCWD, getname(oldname), AT_FDCWD, getname(newname), 0);
}
