// SPDX-License-Identifier: GPL-2.0-only
/*
 * open(2) after the path walk: the last component of an open (found, or
 * created with O_CREAT), O_EXCL, O_TRUNC, O_PATH, the permission checks
 * of an open and the translation of open(2)'s flags.  The walk itself is
 * fs/namei.c's (through "namei_walk.h"); attaching the file to the inode
 * is do_dentry_open() in fs/open.c.
 *
 * Interface: build_open_flags(), do_filp_open(), do_file_open_root().
 *
 * Locking: with O_CREAT the parent directory's i_rwsem is held
 * exclusively around the lookup and the creation of the last component,
 * with write access to the mount taken first (and not required unless
 * something is created).  O_TRUNC holds write access to the mount from
 * the permission check until the truncation, and write access to the
 * inode (ETXTBSY) during it.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/sched.h>
#include <linux/cred.h>
#include <linux/fs.h>
#include <linux/fs_struct.h>
#include <linux/file.h>
#include <linux/namei.h>
#include <linux/mount.h>
#include "internal.h"
#include "namei_walk.h"

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

	found = lookup_hash_locked(&nd->last, nd->path.dentry, nd->flags);
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
