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
#include <linux/fs_struct.h>
#include <linux/namei.h>
#include <linux/mount.h>
#include <linux/syscalls.h>
#include "internal.h"

/* ------------------------------------------------------------ permission rules */

/* Sticky directories: only the file's or the directory's owner may remove. */
static bool check_sticky(struct inode *dir, struct inode *inode)
{
	uid_t fsuid = current_fsuid();

	if (!(dir->i_mode & S_ISVTX))
		return false;
	if (inode->i_uid == fsuid || dir->i_uid == fsuid)
		return false;
	return !capable_wrt_inode_uidgid(inode, CAP_FOWNER);
}

static int may_delete(struct inode *dir, struct dentry *victim, bool isdir)
{
	struct inode *inode = d_inode(victim);
	int error;

	if (!inode)
		return -ENOENT;
	WARN_ON(victim->d_parent->d_inode != dir);
	error = inode_permission(dir, MAY_WRITE | MAY_EXEC);
	if (error)
		return error;
	if (IS_APPEND(dir))
		return -EPERM;
	if (check_sticky(dir, inode) || IS_APPEND(inode) || IS_IMMUTABLE(inode))
		return -EPERM;
	if (isdir) {
		if (!d_is_dir(victim))
			return -ENOTDIR;
		if (IS_ROOT(victim))
			return -EBUSY;
	} else if (d_is_dir(victim)) {
		return -EISDIR;
	}
	if (IS_DEADDIR(dir))
		return -ENOENT;
	return 0;
}

static int may_create(struct inode *dir, struct dentry *child)
{
	if (d_really_is_positive(child))
		return -EEXIST;
	if (IS_DEADDIR(dir))
		return -ENOENT;
	return inode_permission(dir, MAY_WRITE | MAY_EXEC);
}

/* ------------------------------------------------------------ vfs_* */

int vfs_create(struct inode *dir, struct dentry *dentry, umode_t mode, bool want_excl)
{
	int error = may_create(dir, dentry);

	if (error)
		return error;
	if (!dir->i_op->create)
		return -EACCES;
	mode &= S_IALLUGO;
	mode |= S_IFREG;
	return dir->i_op->create(dir, dentry, mode, want_excl);
}

int vfs_mkdir(struct inode *dir, struct dentry *dentry, umode_t mode)
{
	int error = may_create(dir, dentry);

	if (error)
		return error;
	if (!dir->i_op->mkdir)
		return -EPERM;
	mode &= S_IRWXUGO | S_ISVTX;
	return dir->i_op->mkdir(dir, dentry, mode);
}

int vfs_mknod(struct inode *dir, struct dentry *dentry, umode_t mode, dev_t dev)
{
	int error = may_create(dir, dentry);

	if (error)
		return error;
	if ((S_ISCHR(mode) || S_ISBLK(mode)) && !capable(CAP_MKNOD))
		return -EPERM;
	if (!dir->i_op->mknod)
		return -EPERM;
	return dir->i_op->mknod(dir, dentry, mode, dev);
}

int vfs_symlink(struct inode *dir, struct dentry *dentry, const char *oldname)
{
	int error = may_create(dir, dentry);

	if (error)
		return error;
	if (!dir->i_op->symlink)
		return -EPERM;
	return dir->i_op->symlink(dir, dentry, oldname);
}

int vfs_link(struct dentry *old_dentry, struct inode *dir, struct dentry *new_dentry,
	     struct inode **delegated)
{
	struct inode *inode = d_inode(old_dentry);
	int error;

	if (!inode)
		return -ENOENT;
	error = may_create(dir, new_dentry);
	if (error)
		return error;
	if (dir->i_sb != inode->i_sb)
		return -EXDEV;
	if (IS_APPEND(inode) || IS_IMMUTABLE(inode))
		return -EPERM;
	if (!dir->i_op->link)
		return -EPERM;
	if (S_ISDIR(inode->i_mode))
		return -EPERM;
	inode_lock(inode);
	/* A file already unlinked (and not an O_TMPFILE) cannot gain a name. */
	if (inode->i_nlink == 0)
		error = -ENOENT;
	else if (inode->i_sb->s_max_links && inode->i_nlink >= inode->i_sb->s_max_links)
		error = -EMLINK;
	else
		error = dir->i_op->link(old_dentry, dir, new_dentry);
	inode_unlock(inode);
	return error;
}

int vfs_rmdir(struct inode *dir, struct dentry *dentry)
{
	int error = may_delete(dir, dentry, true);

	if (error)
		return error;
	if (!dir->i_op->rmdir)
		return -EPERM;
	dget(dentry);
	inode_lock(dentry->d_inode);
	if (d_mountpoint(dentry)) {
		error = -EBUSY;
	} else {
		error = dir->i_op->rmdir(dir, dentry);
		if (!error) {
			shrink_dcache_parent(dentry);
			dentry->d_inode->i_flags |= S_DEAD;
		}
	}
	inode_unlock(dentry->d_inode);
	dput(dentry);
	if (!error)
		d_delete(dentry);
	return error;
}

int vfs_unlink(struct inode *dir, struct dentry *dentry, struct inode **delegated)
{
	struct inode *target = dentry->d_inode;
	int error = may_delete(dir, dentry, false);

	if (error)
		return error;
	if (!dir->i_op->unlink)
		return -EPERM;
	inode_lock(target);
	if (d_mountpoint(dentry))
		error = -EBUSY;
	else
		error = dir->i_op->unlink(dir, dentry);
	inode_unlock(target);
	if (!error)
		d_delete(dentry);
	return error;
}

struct dentry *lock_rename(struct dentry *p1, struct dentry *p2)
{
	struct dentry *p;

	if (p1 == p2) {
		inode_lock_nested(p1->d_inode, I_MUTEX_PARENT);
		return NULL;
	}
	mutex_lock(&p1->d_sb->s_vfs_rename_mutex);
	/* With the rename mutex held no directory changes parent: no lock needed. */
	p = d_ancestor(p2, p1);
	if (p) {
		inode_lock_nested(p2->d_inode, I_MUTEX_PARENT);
		inode_lock_nested(p1->d_inode, I_MUTEX_CHILD);
		return p;
	}
	p = d_ancestor(p1, p2);
	inode_lock_nested(p1->d_inode, I_MUTEX_PARENT);
	inode_lock_nested(p2->d_inode, I_MUTEX_PARENT2);
	return p;
}

void unlock_rename(struct dentry *p1, struct dentry *p2)
{
	inode_unlock(p1->d_inode);
	if (p1 != p2) {
		inode_unlock(p2->d_inode);
		mutex_unlock(&p1->d_sb->s_vfs_rename_mutex);
	}
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

int vfs_rename(struct renamedata *rd)
{
	struct inode *old_dir = rd->old_dir, *new_dir = rd->new_dir;
	struct dentry *old_dentry = rd->old_dentry, *new_dentry = rd->new_dentry;
	struct inode *source = old_dentry->d_inode, *target = new_dentry->d_inode;
	bool is_dir = d_is_dir(old_dentry), new_is_dir = false;
	unsigned int flags = rd->flags;
	struct inode *lock_a = NULL, *lock_b = NULL;
	int error;

	if (source == target)
		return 0;
	error = may_delete(old_dir, old_dentry, is_dir);
	if (error)
		return error;
	if (!target) {
		error = may_create(new_dir, new_dentry);
	} else {
		new_is_dir = d_is_dir(new_dentry);
		if (!(flags & RENAME_EXCHANGE))
			error = may_delete(new_dir, new_dentry, is_dir);
		else
			error = may_delete(new_dir, new_dentry, new_is_dir);
	}
	if (error)
		return error;
	if (!old_dir->i_op->rename)
		return -EPERM;
	/* A directory changing parent rewrites its "..": it needs write access. */
	if (new_dir != old_dir) {
		if (is_dir) {
			error = inode_permission(source, MAY_WRITE);
			if (error)
				return error;
		}
		if ((flags & RENAME_EXCHANGE) && new_is_dir) {
			error = inode_permission(target, MAY_WRITE);
			if (error)
				return error;
		}
	}

	dget(new_dentry);
	if (!is_dir || (flags & RENAME_EXCHANGE))
		lock_a = source;
	if (target && (!new_is_dir || !(flags & RENAME_EXCHANGE)))
		lock_b = target;
	lock_two_nondirs(lock_a, lock_b);

	error = -EBUSY;
	if (d_mountpoint(old_dentry) || d_mountpoint(new_dentry))
		goto out;
	if (is_dir && !(flags & RENAME_EXCHANGE) && target)
		shrink_dcache_parent(new_dentry);
	error = old_dir->i_op->rename(old_dir, old_dentry, new_dir, new_dentry, flags);
	if (error)
		goto out;
	if (!(flags & RENAME_EXCHANGE) && target) {
		if (is_dir)
			target->i_flags |= S_DEAD;
	}
	if (flags & RENAME_EXCHANGE)
		d_exchange(old_dentry, new_dentry);
	else
		d_move(old_dentry, new_dentry);
out:
	unlock_two_nondirs(lock_a, lock_b);
	dput(new_dentry);
	return error;
}

/* ------------------------------------------------------------ creation helpers */

struct dentry *filename_create(int dfd, struct filename *name, struct path *path,
			       unsigned int lookup_flags)
{
	bool is_dir = lookup_flags & LOOKUP_DIRECTORY;
	struct dentry *dentry;
	struct qstr last;
	int type, err2, error;

	error = filename_parentat(dfd, name, 0, path, &last, &type);
	if (error)
		return ERR_PTR(error);
	if (type != LAST_NORM) {
		path_put(path);
		return ERR_PTR(-EEXIST);
	}
	err2 = mnt_want_write(path->mnt);
	inode_lock_nested(path->dentry->d_inode, I_MUTEX_PARENT);
	dentry = lookup_hash_locked(&last, path->dentry, LOOKUP_CREATE | LOOKUP_EXCL);
	if (IS_ERR(dentry))
		goto unlock;
	error = -EEXIST;
	if (d_really_is_positive(dentry))
		goto fail;
	/* "name/" asks for a directory: only mkdir may create one. */
	error = -ENOENT;
	if (!is_dir && last.name[last.len])
		goto fail;
	if (err2) {
		error = err2;
		goto fail;
	}
	return dentry;
fail:
	dput(dentry);
	dentry = ERR_PTR(error);
unlock:
	inode_unlock(path->dentry->d_inode);
	if (!err2)
		mnt_drop_write(path->mnt);
	path_put(path);
	return dentry;
}

void done_path_create(struct path *path, struct dentry *dentry)
{
	dput(dentry);
	inode_unlock(path->dentry->d_inode);
	mnt_drop_write(path->mnt);
	path_put(path);
}

struct dentry *kern_path_create(int dfd, const char *pathname, struct path *path,
				unsigned int lookup_flags)
{
	struct filename *name = getname_kernel(pathname);
	struct dentry *res;

	if (IS_ERR(name))
		return (struct dentry *)name;
	res = filename_create(dfd, name, path, lookup_flags);
	putname(name);
	return res;
}

struct dentry *user_path_create(int dfd, const char *pathname, struct path *path,
				unsigned int lookup_flags)
{
	struct filename *name = getname(pathname);
	struct dentry *res;

	if (IS_ERR(name))
		return (struct dentry *)name;
	res = filename_create(dfd, name, path, lookup_flags);
	putname(name);
	return res;
}

/* ------------------------------------------------------------ do_*at */

static int may_mknod(umode_t mode)
{
	switch (mode & S_IFMT) {
	case S_IFREG:
	case S_IFCHR:
	case S_IFBLK:
	case S_IFIFO:
	case S_IFSOCK:
	case 0:
		return 0;
	case S_IFDIR:
		return -EPERM;
	default:
		return -EINVAL;
	}
}

long do_mknodat(int dfd, struct filename *name, umode_t mode, unsigned int dev)
{
	struct dentry *dentry;
	struct path path;
	int error;

	error = may_mknod(mode);
	if (error)
		goto out;
	dentry = filename_create(dfd, name, &path, 0);
	error = PTR_ERR(dentry);
	if (IS_ERR(dentry))
		goto out;
	mode &= ~current_umask();
	switch (mode & S_IFMT) {
	case 0:
	case S_IFREG:
		error = vfs_create(path.dentry->d_inode, dentry, mode, true);
		break;
	case S_IFCHR:
	case S_IFBLK:
		error = vfs_mknod(path.dentry->d_inode, dentry, mode, new_decode_dev(dev));
		break;
	default:
		error = vfs_mknod(path.dentry->d_inode, dentry, mode, 0);
		break;
	}
	done_path_create(&path, dentry);
out:
	putname(name);
	return error;
}

long do_mkdirat(int dfd, struct filename *name, umode_t mode)
{
	struct dentry *dentry;
	struct path path;
	int error;

	dentry = filename_create(dfd, name, &path, LOOKUP_DIRECTORY);
	error = PTR_ERR(dentry);
	if (!IS_ERR(dentry)) {
		error = vfs_mkdir(path.dentry->d_inode, dentry, mode & ~current_umask());
		done_path_create(&path, dentry);
	}
	putname(name);
	return error;
}

long do_rmdir(int dfd, struct filename *name)
{
	struct dentry *dentry;
	struct path path;
	struct qstr last;
	int type, error;

	error = filename_parentat(dfd, name, 0, &path, &last, &type);
	if (error)
		goto out;
	switch (type) {
	case LAST_DOTDOT:
		error = -ENOTEMPTY;
		goto exit_path;
	case LAST_DOT:
		error = -EINVAL;
		goto exit_path;
	case LAST_ROOT:
		error = -EBUSY;
		goto exit_path;
	}
	error = mnt_want_write(path.mnt);
	if (error)
		goto exit_path;
	inode_lock_nested(path.dentry->d_inode, I_MUTEX_PARENT);
	dentry = lookup_hash_locked(&last, path.dentry, 0);
	error = PTR_ERR(dentry);
	if (IS_ERR(dentry))
		goto exit_unlock;
	if (d_really_is_negative(dentry))
		error = -ENOENT;
	else
		error = vfs_rmdir(path.dentry->d_inode, dentry);
	dput(dentry);
exit_unlock:
	inode_unlock(path.dentry->d_inode);
	mnt_drop_write(path.mnt);
exit_path:
	path_put(&path);
out:
	putname(name);
	return error;
}

long do_unlinkat(int dfd, struct filename *name)
{
	struct inode *inode = NULL;
	struct dentry *dentry;
	struct path path;
	struct qstr last;
	int type, error;

	error = filename_parentat(dfd, name, 0, &path, &last, &type);
	if (error)
		goto out;
	error = -EISDIR;
	if (type != LAST_NORM)
		goto exit_path;
	error = mnt_want_write(path.mnt);
	if (error)
		goto exit_path;
	inode_lock_nested(path.dentry->d_inode, I_MUTEX_PARENT);
	dentry = lookup_hash_locked(&last, path.dentry, 0);
	error = PTR_ERR(dentry);
	if (IS_ERR(dentry))
		goto exit_unlock;
	if (last.name[last.len]) {
		/* "file/": the name must be a directory, which unlink refuses. */
		if (d_really_is_negative(dentry))
			error = -ENOENT;
		else if (d_is_dir(dentry))
			error = -EISDIR;
		else
			error = -ENOTDIR;
	} else if (d_really_is_negative(dentry)) {
		error = -ENOENT;
	} else {
		/* Keep the inode so its last iput() happens outside the parent lock. */
		inode = dentry->d_inode;
		ihold(inode);
		error = vfs_unlink(path.dentry->d_inode, dentry, NULL);
	}
	dput(dentry);
exit_unlock:
	inode_unlock(path.dentry->d_inode);
	iput(inode);
	mnt_drop_write(path.mnt);
exit_path:
	path_put(&path);
out:
	putname(name);
	return error;
}

long do_symlinkat(struct filename *from, int newdfd, struct filename *to)
{
	struct dentry *dentry;
	struct path path;
	int error;

	error = PTR_ERR(from);
	if (IS_ERR(from))
		goto out;
	dentry = filename_create(newdfd, to, &path, 0);
	error = PTR_ERR(dentry);
	if (!IS_ERR(dentry)) {
		error = vfs_symlink(path.dentry->d_inode, dentry, from->name);
		done_path_create(&path, dentry);
	}
out:
	putname(to);
	putname(from);
	return error;
}

long do_linkat(int olddfd, struct filename *old, int newdfd, struct filename *new, int flags)
{
	struct dentry *new_dentry;
	struct path old_path, new_path;
	int how = 0, error;

	error = -EINVAL;
	if (flags & ~(AT_SYMLINK_FOLLOW | AT_EMPTY_PATH))
		goto out;
	/* Linking an open file by descriptor needs DAC_READ_SEARCH, as in Linux. */
	if (flags & AT_EMPTY_PATH) {
		error = -ENOENT;
		if (!capable(CAP_DAC_READ_SEARCH))
			goto out;
		how |= LOOKUP_EMPTY;
	}
	if (flags & AT_SYMLINK_FOLLOW)
		how |= LOOKUP_FOLLOW;
	error = filename_lookup(olddfd, old, how, &old_path, NULL);
	if (error)
		goto out;
	new_dentry = filename_create(newdfd, new, &new_path, 0);
	error = PTR_ERR(new_dentry);
	if (IS_ERR(new_dentry))
		goto out_old;
	error = -EXDEV;
	if (old_path.mnt != new_path.mnt)
		goto out_dput;
	error = vfs_link(old_path.dentry, new_path.dentry->d_inode, new_dentry, NULL);
out_dput:
	done_path_create(&new_path, new_dentry);
out_old:
	path_put(&old_path);
out:
	putname(old);
	putname(new);
	return error;
}

long do_renameat2(int olddfd, struct filename *from, int newdfd, struct filename *to,
		  unsigned int flags)
{
	struct dentry *old_dentry, *new_dentry, *trap;
	struct path old_path, new_path;
	struct qstr old_last, new_last;
	int old_type, new_type;
	unsigned int target_flags = LOOKUP_RENAME_TARGET;
	struct renamedata rd;
	int error;

	error = -EINVAL;
	if (flags & ~(RENAME_NOREPLACE | RENAME_EXCHANGE | RENAME_WHITEOUT))
		goto put_names;
	if ((flags & (RENAME_NOREPLACE | RENAME_WHITEOUT)) && (flags & RENAME_EXCHANGE))
		goto put_names;
	/* Whiteouts belong to overlay file systems, which do not exist here. */
	if (flags & RENAME_WHITEOUT)
		goto put_names;
	if (flags & RENAME_EXCHANGE)
		target_flags = 0;
	if (flags & RENAME_NOREPLACE)
		target_flags |= LOOKUP_EXCL;

	error = filename_parentat(olddfd, from, 0, &old_path, &old_last, &old_type);
	if (error)
		goto put_names;
	error = filename_parentat(newdfd, to, 0, &new_path, &new_last, &new_type);
	if (error)
		goto exit1;
	error = -EXDEV;
	if (old_path.mnt != new_path.mnt)
		goto exit2;
	error = -EBUSY;
	if (old_type != LAST_NORM)
		goto exit2;
	if (flags & RENAME_NOREPLACE)
		error = -EEXIST;
	if (new_type != LAST_NORM)
		goto exit2;
	error = mnt_want_write(old_path.mnt);
	if (error)
		goto exit2;

	trap = lock_rename(new_path.dentry, old_path.dentry);
	old_dentry = lookup_hash_locked(&old_last, old_path.dentry, 0);
	error = PTR_ERR(old_dentry);
	if (IS_ERR(old_dentry))
		goto exit3;
	error = -ENOENT;
	if (d_really_is_negative(old_dentry))
		goto exit4;
	new_dentry = lookup_hash_locked(&new_last, new_path.dentry, target_flags);
	error = PTR_ERR(new_dentry);
	if (IS_ERR(new_dentry))
		goto exit4;
	error = -EEXIST;
	if ((flags & RENAME_NOREPLACE) && d_really_is_positive(new_dentry))
		goto exit5;
	if (flags & RENAME_EXCHANGE) {
		error = -ENOENT;
		if (d_really_is_negative(new_dentry))
			goto exit5;
		if (!d_is_dir(new_dentry)) {
			error = -ENOTDIR;
			if (new_last.name[new_last.len])
				goto exit5;
		}
	}
	if (!d_is_dir(old_dentry)) {
		error = -ENOTDIR;
		if (old_last.name[old_last.len])
			goto exit5;
		if (!(flags & RENAME_EXCHANGE) && new_last.name[new_last.len])
			goto exit5;
	}
	/* The source may not be an ancestor of the target ... */
	error = -EINVAL;
	if (old_dentry == trap)
		goto exit5;
	/* ... nor the target an ancestor of the source. */
	if (!(flags & RENAME_EXCHANGE))
		error = -ENOTEMPTY;
	if (new_dentry == trap)
		goto exit5;

	rd.old_dir = old_path.dentry->d_inode;
	rd.old_dentry = old_dentry;
	rd.new_dir = new_path.dentry->d_inode;
	rd.new_dentry = new_dentry;
	rd.delegated_inode = NULL;
	rd.flags = flags;
	error = vfs_rename(&rd);
exit5:
	dput(new_dentry);
exit4:
	dput(old_dentry);
exit3:
	unlock_rename(new_path.dentry, old_path.dentry);
	mnt_drop_write(old_path.mnt);
exit2:
	path_put(&new_path);
exit1:
	path_put(&old_path);
put_names:
	putname(from);
	putname(to);
	return error;
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
