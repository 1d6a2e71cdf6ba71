// SPDX-License-Identifier: GPL-2.0-only
/*
 * Opening and closing files, and the calls that act on an inode's
 * attributes by name or descriptor: truncate, chmod, chown, access,
 * chdir/fchdir/chroot, umask.
 *
 * Interface: do_sys_openat2() (open/openat/creat), vfs_open() and
 * do_dentry_open() (turning a path into an open file), filp_open() and
 * file_open_root() for the kernel, dentry_open(), filp_close(),
 * do_truncate(), chmod_common(), chown_common(), do_faccessat().
 *
 * An open for writing takes write access to the inode (refused with
 * ETXTBSY while it is being executed) and to the mount (EROFS on a
 * read-only one) for the lifetime of the file (FMODE_WRITER).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/sched.h>
#include <linux/cred.h>
#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/fsnotify.h>
#include <linux/pagemap.h>
#include <linux/fs_struct.h>
#include <linux/file.h>
#include <linux/fdtable.h>
#include <linux/namei.h>
#include <linux/mount.h>
#include <linux/syscalls.h>
#include <uapi/linux/falloc.h>
#include "internal.h"

/* O_PATH descriptors: no operations at all. */
static const struct file_operations empty_fops = {};

/* ------------------------------------------------------------ open */

/*
 * An open for writing holds write access to the inode (ETXTBSY while it
 * is executed) and to the mount (EROFS) until the file is released;
 * FMODE_WRITER records that it does.  Device nodes, FIFOs and sockets
 * write elsewhere and take neither.
 */
static int open_take_write(struct file *f, struct inode *inode)
{
	int err;

	if (!(f->f_mode & FMODE_WRITE) || special_file(inode->i_mode))
		return 0;
	err = get_write_access(inode);
	if (err)
		return err;
	err = mnt_want_write(f->f_path.mnt);
	if (err) {
		put_write_access(inode);
		return err;
	}
	f->f_mode |= FMODE_WRITER;
	return 0;
}

static void open_drop_write(struct file *f, struct inode *inode)
{
	if (!(f->f_mode & FMODE_WRITER))
		return;
	f->f_mode &= ~FMODE_WRITER;
	put_write_access(inode);
	mnt_drop_write(f->f_path.mnt);
}

/* Once ->open() succeeded: what the file can do follows from its f_op. */
static void open_note_abilities(struct file *f)
{
	const struct file_operations *fop = f->f_op;
	const struct address_space_operations *aops = f->f_mapping->a_ops;
	fmode_t mode = f->f_mode | FMODE_OPENED;

	if (!fop->llseek)
		mode &= ~FMODE_LSEEK;
	if ((mode & FMODE_READ) && (fop->read_iter || fop->read))
		mode |= FMODE_CAN_READ;
	if ((mode & FMODE_WRITE) && (fop->write_iter || fop->write))
		mode |= FMODE_CAN_WRITE;
	if (aops && aops->direct_IO)
		mode |= FMODE_CAN_ODIRECT;
	f->f_mode = mode;
}

/*
 * Attach @inode (f->f_path already set) to the new file @f and run the
 * open method: @open if given, else the one in inode->i_fop.  On failure
 * the file holds no path and no write access again.
 */
int do_dentry_open(struct file *f, struct inode *inode,
		   int (*open)(struct inode *, struct file *))
{
	int (*open_fn)(struct inode *, struct file *);
	int err;

	path_get(&f->f_path);
	f->f_inode = inode;
	f->f_mapping = inode->i_mapping;
	/* Writeback errors from before this open are not this opener's. */
	f->f_wb_err = errseq_sample(&f->f_mapping->wb_err);
	f->f_sb_err = errseq_sample(&inode->i_sb->s_wb_err);
	file_ra_state_init(&f->f_ra, f->f_mapping);

	if (f->f_flags & O_PATH) {
		f->f_mode = FMODE_PATH | FMODE_OPENED;
		f->f_op = &empty_fops;
		return 0;
	}

	/* Seeking and positioned I/O are allowed unless ->open says otherwise. */
	f->f_mode |= FMODE_LSEEK | FMODE_PREAD | FMODE_PWRITE;
	err = open_take_write(f, inode);
	if (err)
		goto forget_path;
	/* POSIX: reads and writes of regular files and directories are atomic wrt f_pos. */
	if (S_ISREG(inode->i_mode) || S_ISDIR(inode->i_mode))
		f->f_mode |= FMODE_ATOMIC_POS;

	f->f_op = inode->i_fop;
	if (WARN_ON(!f->f_op)) {
		err = -ENODEV;
	} else {
		open_fn = open ? open : f->f_op->open;
		if (open_fn)
			err = open_fn(inode, f);
	}
	if (err) {
		open_drop_write(f, inode);
		goto forget_path;
	}

	open_note_abilities(f);
	/* Creation-time flags mean nothing once the file is open. */
	f->f_flags &= ~(O_CREAT | O_EXCL | O_NOCTTY | O_TRUNC);
	/* O_DIRECT needs the file system's support (tmpfs in Linux 6.1 has none). */
	if ((f->f_flags & O_DIRECT) && !(f->f_mode & FMODE_CAN_ODIRECT))
		return -EINVAL;
	return 0;

forget_path:
	path_put(&f->f_path);
	f->f_path = (struct path){ .mnt = NULL, .dentry = NULL };
	f->f_inode = NULL;
	return err;
}

int vfs_open(const struct path *path, struct file *file)
{
	file->f_path = *path;
	return do_dentry_open(file, d_inode(path->dentry), NULL);
}

struct file *dentry_open(const struct path *path, int flags, const struct cred *cred)
{
	struct file *f = alloc_empty_file(flags, cred);
	int error;

	if (IS_ERR(f))
		return f;
	error = vfs_open(path, f);
	if (error) {
		if (f->f_mode & FMODE_OPENED)
			fput(f);
		else
			fput_failed_open(f);
		return ERR_PTR(error);
	}
	return f;
}

int generic_file_open(struct inode *inode, struct file *filp)
{
	/* Every file is a large file on a 64-bit kernel. */
	return 0;
}

int nonseekable_open(struct inode *inode, struct file *filp)
{
	filp->f_mode &= ~(FMODE_LSEEK | FMODE_PREAD | FMODE_PWRITE);
	return 0;
}

int stream_open(struct inode *inode, struct file *filp)
{
	filp->f_mode &= ~(FMODE_LSEEK | FMODE_PREAD | FMODE_PWRITE | FMODE_ATOMIC_POS);
	filp->f_mode |= FMODE_STREAM;
	return 0;
}

struct file *filp_open(const char *filename, int flags, umode_t mode)
{
	struct filename *name = getname_kernel(filename);
	struct open_flags op;
	struct file *file;
	int err;

	if (IS_ERR(name))
		return (struct file *)name;
	err = build_open_flags(flags, mode, &op);
	file = err ? ERR_PTR(err) : do_filp_open(AT_FDCWD, name, &op);
	putname(name);
	return file;
}

struct file *file_open_root(const struct path *root, const char *filename, int flags,
			    umode_t mode)
{
	struct open_flags op;
	int err = build_open_flags(flags, mode, &op);

	if (err)
		return ERR_PTR(err);
	return do_file_open_root(root, filename, &op);
}

long do_sys_openat_name(int dfd, struct filename *name, int flags, umode_t mode)
{
	struct open_flags op;
	struct file *f;
	int fd;

	fd = build_open_flags(flags, mode, &op);
	if (fd)
		goto out;
	fd = get_unused_fd_flags(flags);
	if (fd < 0)
		goto out;
	f = do_filp_open(dfd, name, &op);
	if (!IS_ERR(f)) {
		/* Watchers hear of it after any O_TRUNC, as Linux orders them. */
		fsnotify_open(f);
		fd_install(fd, f);
	} else {
		put_unused_fd(fd);
		fd = PTR_ERR(f);
	}
out:
	putname(name);
	return fd;
}

long do_sys_openat2(int dfd, struct filename *name, int flags, umode_t mode)
{
	if (IS_ERR(name))
		return PTR_ERR(name);
	return do_sys_openat_name(dfd, name, flags, mode);
}

long do_sys_open_kernel(int dfd, const char *filename, int flags, umode_t mode)
{
	/* As getname() does for user names: "" names nothing. */
	if (!*filename)
		return -ENOENT;
	return do_sys_openat2(dfd, getname_kernel(filename), flags, mode);
}

/* On 64-bit kernels every open is a large-file open. */
#define force_o_largefile(flags)	((flags) | O_LARGEFILE)

SYSCALL_DEFINE3(open, const char *, filename, int, flags, umode_t, mode)
{
	return do_sys_openat2(AT_FDCWD, getname(filename), force_o_largefile(flags), mode);
}

SYSCALL_DEFINE4(openat, int, dfd, const char *, filename, int, flags, umode_t, mode)
{
	return do_sys_openat2(dfd, getname(filename), force_o_largefile(flags), mode);
}

SYSCALL_DEFINE2(creat, const char *, pathname, umode_t, mode)
{
	return do_sys_openat2(AT_FDCWD, getname(pathname),
			      O_CREAT | O_WRONLY | O_TRUNC | O_LARGEFILE, mode);
}

/* ------------------------------------------------------------ close */

int filp_close(struct file *filp, fl_owner_t id)
{
	int retval = 0;

	if (!file_count(filp)) {
		pr_err("VFS: close: file count is 0\n");
		return 0;
	}
	if (filp->f_op && filp->f_op->flush)
		retval = filp->f_op->flush(filp, id);
	/* Any close by a record-lock owner ends its locks on the file. */
	locks_remove_posix(filp, id);
	fput(filp);
	return retval;
}

SYSCALL_DEFINE1(close, unsigned int, fd)
{
	int retval = close_fd(fd);

	/* A close interrupted by a signal still closed the descriptor. */
	if (retval == -ERESTARTSYS || retval == -ERESTARTNOINTR ||
	    retval == -ERESTARTNOHAND || retval == -ERESTART_RESTARTBLOCK)
		retval = -EINTR;
	return retval;
}

/* ------------------------------------------------------------ truncate */

/*
 * Set the size of @dentry's inode to @length through notify_change(),
 * with @time_attrs (ATTR_MTIME/ATTR_CTIME/ATTR_OPEN) as the caller asks;
 * @filp is the open file when there is one (ftruncate, O_TRUNC).
 */
int do_truncate(struct dentry *dentry, loff_t length, unsigned int time_attrs,
		struct file *filp)
{
	struct inode *inode = d_inode(dentry);
	struct iattr ia = {
		.ia_valid = ATTR_SIZE | time_attrs | (filp ? ATTR_FILE : 0),
		.ia_size = length,
		.ia_file = filp,
	};
	int err;

	if (length < 0)
		return -EINVAL;
	/*
	 * Changing the size drops set-user-ID and set-group-ID like any write
	 * by someone without CAP_FSETID; that mode change needs no permission
	 * of its own (ATTR_FORCE).
	 */
	if (S_ISREG(inode->i_mode) && (inode->i_mode & (S_ISUID | S_ISGID)) &&
	    !capable(CAP_FSETID))
		ia.ia_valid |= ATTR_KILL_SUID | ATTR_KILL_SGID | ATTR_FORCE;
	/* So do the file's capabilities, whoever truncates. */
	if (S_ISREG(inode->i_mode))
		ia.ia_valid |= ATTR_KILL_PRIV;

	inode_lock(inode);
	err = notify_change(dentry, &ia, NULL);
	inode_unlock(inode);
	return err;
}

/* truncate(2) with the mount already writable. */
static int truncate_by_name(const struct path *path, struct inode *inode, loff_t length)
{
	int err = inode_permission(inode, MAY_WRITE);

	if (err)
		return err;
	if (IS_APPEND(inode))
		return -EPERM;
	/* Held across the change: a file being executed is ETXTBSY. */
	err = get_write_access(inode);
	if (!err) {
		err = do_truncate(path->dentry, length, 0, NULL);
		put_write_access(inode);
	}
	return err;
}

int vfs_truncate(const struct path *path, loff_t length)
{
	struct inode *inode = d_inode(path->dentry);
	int err;

	/* truncate(2): EISDIR for a directory, EINVAL for other non-files. */
	if (!S_ISREG(inode->i_mode))
		return S_ISDIR(inode->i_mode) ? -EISDIR : -EINVAL;
	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = truncate_by_name(path, inode, length);
	mnt_drop_write(path->mnt);
	return err;
}

static long do_sys_truncate(const char *pathname, loff_t length)
{
	struct path path;
	int error;

	if (length < 0)
		return -EINVAL;
	error = user_path_at(AT_FDCWD, pathname, LOOKUP_FOLLOW, &path);
	if (!error) {
		error = vfs_truncate(&path, length);
		path_put(&path);
	}
	return error;
}

SYSCALL_DEFINE2(truncate, const char *, path, long, length)
{
	return do_sys_truncate(path, length);
}

long do_sys_ftruncate(unsigned int fd, loff_t length, int small)
{
	struct inode *inode;
	struct fd f;
	int error;

	if (length < 0)
		return -EINVAL;
	f = fdget(fd);
	if (!f.file)
		return -EBADF;
	inode = file_inode(f.file);
	error = -EINVAL;
	if (!S_ISREG(inode->i_mode) || !(f.file->f_mode & FMODE_WRITE))
		goto out;
	error = -EPERM;
	if (IS_APPEND(inode))
		goto out;
	error = do_truncate(f.file->f_path.dentry, length, ATTR_MTIME | ATTR_CTIME, f.file);
out:
	fdput(f);
	return error;
}

SYSCALL_DEFINE2(ftruncate, unsigned int, fd, unsigned long, length)
{
	return do_sys_ftruncate(fd, (loff_t)length, 0);
}

/* ------------------------------------------------------------ fallocate */

#define FALLOC_FL_SUPPORTED_MASK (FALLOC_FL_KEEP_SIZE | FALLOC_FL_PUNCH_HOLE | \
				  FALLOC_FL_COLLAPSE_RANGE | FALLOC_FL_ZERO_RANGE | \
				  FALLOC_FL_INSERT_RANGE | FALLOC_FL_UNSHARE_RANGE)

/* fallocate(2) modes we know, and combinations that make no sense. */
static int fallocate_mode_errno(int mode)
{
	if (mode & ~FALLOC_FL_SUPPORTED_MASK)
		return -EOPNOTSUPP;
	/* A punched hole never changes the size: KEEP_SIZE must come with it. */
	if ((mode & FALLOC_FL_PUNCH_HOLE) && !(mode & FALLOC_FL_KEEP_SIZE))
		return -EOPNOTSUPP;
	if ((mode & FALLOC_FL_PUNCH_HOLE) && (mode & FALLOC_FL_ZERO_RANGE))
		return -EINVAL;
	return 0;
}

/* Whether this open file may be allocated in at all (fallocate(2) ERRORS). */
static int fallocate_file_errno(struct file *file, int mode)
{
	struct inode *inode = file_inode(file);
	umode_t type = inode->i_mode & S_IFMT;

	if (!(file->f_mode & FMODE_WRITE))
		return -EBADF;
	/* Append-only files may only be extended, with KEEP_SIZE at most. */
	if ((IS_APPEND(inode) && (mode & ~FALLOC_FL_KEEP_SIZE)) || IS_IMMUTABLE(inode))
		return -EPERM;
	if (IS_SWAPFILE(inode))
		return -ETXTBSY;
	if (type == S_IFIFO)
		return -ESPIPE;
	if (type == S_IFDIR)
		return -EISDIR;
	return (type == S_IFREG || type == S_IFBLK) ? 0 : -ENODEV;
}

/*
 * The argument checks come first, in the order of the man page's list;
 * a file system without ->fallocate (ext2, ramfs) answers EOPNOTSUPP,
 * which tells posix_fallocate() in libc to write zeros itself.
 */
int vfs_fallocate(struct file *file, int mode, loff_t offset, loff_t len)
{
	loff_t end = offset + len;
	int err;

	if (offset < 0 || len <= 0)
		return -EINVAL;
	err = fallocate_mode_errno(mode);
	if (!err)
		err = fallocate_file_errno(file, mode);
	if (err)
		return err;
	/* end < 0: offset + len wrapped around. */
	if (end < 0 || end > file_inode(file)->i_sb->s_maxbytes)
		return -EFBIG;
	if (!file->f_op->fallocate)
		return -EOPNOTSUPP;
	err = file->f_op->fallocate(file, mode, offset, len);
	if (!err)
		file_update_time(file);
	return err;
}

SYSCALL_DEFINE4(fallocate, int, fd, int, mode, loff_t, offset, loff_t, len)
{
	struct fd f = fdget(fd);
	int err;

	if (!f.file)
		return -EBADF;
	err = vfs_fallocate(f.file, mode, offset, len);
	fdput(f);
	return err;
}

/* ------------------------------------------------------------ access */

/*
 * access(2) checks with the real ids, not the effective ones: run the
 * check under credentials with fsuid/fsgid set to the real ids, and with
 * capabilities only if the real id is root.
 */
static const struct cred *access_override_creds(void)
{
	const struct cred *old = current_cred();
	struct cred *override = prepare_creds();
	const struct cred *prev;

	if (!override)
		return NULL;
	override->fsuid = old->uid;
	override->fsgid = old->gid;
	if (override->uid != GLOBAL_ROOT_UID)
		override->cap_effective = CAP_EMPTY_SET;
	else
		override->cap_effective = override->cap_permitted;
	prev = override_creds(override);
	put_cred(override);	/* override_creds() took its own reference */
	return prev;
}

/* The walk flags for an *at() call's AT_SYMLINK_NOFOLLOW and AT_EMPTY_PATH. */
static unsigned int at_flags_walk(int flags)
{
	unsigned int walk = (flags & AT_SYMLINK_NOFOLLOW) ? 0 : LOOKUP_FOLLOW;

	if (flags & AT_EMPTY_PATH)
		walk |= LOOKUP_EMPTY;
	return walk;
}

/* access(2) on a resolved name, under whatever credentials are current. */
static int access_check(const struct path *path, int mode)
{
	struct inode *inode = d_inode(path->dentry);
	int err;

	/* A regular file on a noexec mount is never executable. */
	if ((mode & MAY_EXEC) && S_ISREG(inode->i_mode) &&
	    (path->mnt->mnt_flags & MNT_NOEXEC))
		return -EACCES;
	err = inode_permission(inode, mode | MAY_ACCESS);
	if (err)
		return err;
	/* SuSv2: W_OK on a read-only file system is EROFS (devices aside). */
	if ((mode & S_IWOTH) && !special_file(inode->i_mode) && __mnt_is_readonly(path->mnt))
		return -EROFS;
	return 0;
}

long do_faccessat(int dfd, const char *filename, int mode, int flags)
{
	const struct cred *saved = NULL;
	struct path path;
	long ret;

	/* mode is F_OK (0) or R_OK | W_OK | X_OK: the "other" permission bits. */
	if (mode & ~S_IRWXO)
		return -EINVAL;
	if (flags & ~(AT_EACCESS | AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH))
		return -EINVAL;
	/* AT_EACCESS checks as we are; otherwise as our real ids. */
	if (!(flags & AT_EACCESS)) {
		saved = access_override_creds();
		if (!saved)
			return -ENOMEM;
	}
	ret = user_path_at(dfd, filename, at_flags_walk(flags), &path);
	if (!ret) {
		ret = access_check(&path, mode);
		path_put(&path);
	}
	if (saved)
		revert_creds(saved);
	return ret;
}

SYSCALL_DEFINE3(faccessat, int, dfd, const char *, filename, int, mode)
{
	return do_faccessat(dfd, filename, mode, 0);
}

SYSCALL_DEFINE4(faccessat2, int, dfd, const char *, filename, int, mode, int, flags)
{
	return do_faccessat(dfd, filename, mode, flags);
}

SYSCALL_DEFINE2(access, const char *, filename, int, mode)
{
	return do_faccessat(AT_FDCWD, filename, mode, 0);
}

/* ------------------------------------------------------------ cwd and root */

static long do_chdir_path(struct path *path)
{
	int error = inode_permission(path->dentry->d_inode, MAY_EXEC | MAY_CHDIR);

	if (!error)
		set_fs_pwd(current->fs, path);
	return error;
}

SYSCALL_DEFINE1(chdir, const char *, filename)
{
	struct path path;
	int error = user_path_at(AT_FDCWD, filename, LOOKUP_FOLLOW | LOOKUP_DIRECTORY, &path);

	if (error)
		return error;
	error = do_chdir_path(&path);
	path_put(&path);
	return error;
}

SYSCALL_DEFINE1(fchdir, unsigned int, fd)
{
	struct fd f = fdget_raw(fd);
	int error;

	if (!f.file)
		return -EBADF;
	error = -ENOTDIR;
	if (d_can_lookup(f.file->f_path.dentry))
		error = do_chdir_path(&f.file->f_path);
	fdput(f);
	return error;
}

SYSCALL_DEFINE1(chroot, const char *, filename)
{
	struct path path;
	int error = user_path_at(AT_FDCWD, filename, LOOKUP_FOLLOW | LOOKUP_DIRECTORY, &path);

	if (error)
		return error;
	error = inode_permission(path.dentry->d_inode, MAY_EXEC | MAY_CHDIR);
	if (!error && !capable(CAP_SYS_CHROOT))
		error = -EPERM;
	if (!error)
		set_fs_root(current->fs, &path);
	path_put(&path);
	return error;
}

SYSCALL_DEFINE1(umask, int, mask)
{
	return xchg(&current->fs->umask, mask & S_IRWXUGO);
}

/* ------------------------------------------------------------ chmod, chown */

int chmod_common(const struct path *path, umode_t mode)
{
	struct inode *inode = d_inode(path->dentry);
	struct iattr ia;
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	inode_lock(inode);
	/* chmod(2) sets permission, set-id and sticky bits; the type stays. */
	ia = (struct iattr){
		.ia_valid = ATTR_MODE | ATTR_CTIME,
		.ia_mode = (inode->i_mode & S_IFMT) | (mode & S_IALLUGO),
	};
	err = notify_change(path->dentry, &ia, NULL);
	inode_unlock(inode);
	mnt_drop_write(path->mnt);
	return err;
}

int vfs_fchmod(struct file *file, umode_t mode)
{
	return chmod_common(&file->f_path, mode);
}

SYSCALL_DEFINE2(fchmod, unsigned int, fd, umode_t, mode)
{
	struct fd f = fdget(fd);
	int err;

	if (!f.file)
		return -EBADF;
	err = vfs_fchmod(f.file, mode);
	fdput(f);
	return err;
}

static long do_fchmodat(int dfd, const char *filename, umode_t mode)
{
	struct path path;
	int error = user_path_at(dfd, filename, LOOKUP_FOLLOW, &path);

	if (!error) {
		error = chmod_common(&path, mode);
		path_put(&path);
	}
	return error;
}

SYSCALL_DEFINE3(fchmodat, int, dfd, const char *, filename, umode_t, mode)
{
	return do_fchmodat(dfd, filename, mode);
}

SYSCALL_DEFINE2(chmod, const char *, filename, umode_t, mode)
{
	return do_fchmodat(AT_FDCWD, filename, mode);
}

int chown_common(const struct path *path, uid_t user, gid_t group)
{
	struct inode *inode = d_inode(path->dentry);
	struct iattr ia = { .ia_valid = ATTR_CTIME };
	int err;

	/* An id of -1 is left as it is (chown(2)). */
	if (user != INVALID_UID) {
		ia.ia_uid = user;
		ia.ia_valid |= ATTR_UID;
	}
	if (group != INVALID_GID) {
		ia.ia_gid = group;
		ia.ia_valid |= ATTR_GID;
	}
	/*
	 * A file given away keeps no set-id bits the old owner set; on a
	 * directory S_ISGID means inheritance and stays.
	 */
	if (!S_ISDIR(inode->i_mode))
		ia.ia_valid |= ATTR_KILL_SUID | ATTR_KILL_SGID | ATTR_KILL_PRIV;
	inode_lock(inode);
	err = notify_change(path->dentry, &ia, NULL);
	inode_unlock(inode);
	return err;
}

/* chown_common() by name: the mount is made writable around it. */
static int chown_by_path(const struct path *path, uid_t user, gid_t group)
{
	int err = mnt_want_write(path->mnt);

	if (err)
		return err;
	err = chown_common(path, user, group);
	mnt_drop_write(path->mnt);
	return err;
}

static long do_fchownat(int dfd, const char *filename, uid_t user, gid_t group, int flag)
{
	struct path path;
	long ret;

	if (flag & ~(AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH))
		return -EINVAL;
	ret = user_path_at(dfd, filename, at_flags_walk(flag), &path);
	if (ret)
		return ret;
	ret = chown_by_path(&path, user, group);
	path_put(&path);
	return ret;
}

SYSCALL_DEFINE5(fchownat, int, dfd, const char *, filename, uid_t, user, gid_t, group,
		int, flag)
{
	return do_fchownat(dfd, filename, user, group, flag);
}

SYSCALL_DEFINE3(chown, const char *, filename, uid_t, user, gid_t, group)
{
	return do_fchownat(AT_FDCWD, filename, user, group, 0);
}

SYSCALL_DEFINE3(lchown, const char *, filename, uid_t, user, gid_t, group)
{
	return do_fchownat(AT_FDCWD, filename, user, group, AT_SYMLINK_NOFOLLOW);
}

int vfs_fchown(struct file *file, uid_t user, gid_t group)
{
	int error = mnt_want_write_file(file);

	if (error)
		return error;
	error = chown_common(&file->f_path, user, group);
	mnt_drop_write_file(file);
	return error;
}

int ksys_fchown(unsigned int fd, uid_t user, gid_t group)
{
	struct fd f = fdget(fd);
	int error;

	if (!f.file)
		return -EBADF;
	error = vfs_fchown(f.file, user, group);
	fdput(f);
	return error;
}

SYSCALL_DEFINE3(fchown, unsigned int, fd, uid_t, user, gid_t, group)
{
	return ksys_fchown(fd, user, group);
}
