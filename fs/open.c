// SPDX-License-Identifier: GPL-2.0-only
/*
 * Opening and closing files, and the calls that act on an inode's
 * attributes by name or descriptor: truncate, fallocate, chmod, chown,
 * access, chdir/fchdir/chroot, umask.
 *
 * Interface: do_sys_openat2() (open/openat/creat), vfs_open() and
 * do_dentry_open() (turning a path into an open file), filp_open() and
 * file_open_root() for the kernel, dentry_open(), filp_close(),
 * do_truncate(), vfs_fallocate(), chmod_common(), chown_common(),
 * do_faccessat().
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

int do_dentry_open(struct file *f, struct inode *inode,
		   int (*open)(struct inode *, struct file *))
{
	int error;

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
	if ((f->f_mode & FMODE_WRITE) && !special_file(inode->i_mode)) {
		error = get_write_access(inode);
		if (error)
			goto cleanup_file;
		error = mnt_want_write(f->f_path.mnt);
		if (error) {
			put_write_access(inode);
			goto cleanup_file;
		}
		f->f_mode |= FMODE_WRITER;
	}
	/* POSIX: reads and writes of regular files and directories are atomic wrt f_pos. */
	if (S_ISREG(inode->i_mode) || S_ISDIR(inode->i_mode))
		f->f_mode |= FMODE_ATOMIC_POS;
	f->f_op = inode->i_fop;
	if (WARN_ON(!f->f_op)) {
		error = -ENODEV;
		goto cleanup_all;
	}
	if (!open)
		open = f->f_op->open;
	if (open) {
		error = open(inode, f);
		if (error)
			goto cleanup_all;
	}
	f->f_mode |= FMODE_OPENED;
	if ((f->f_mode & FMODE_LSEEK) && !f->f_op->llseek)
		f->f_mode &= ~FMODE_LSEEK;
	if ((f->f_mode & FMODE_READ) && (f->f_op->read || f->f_op->read_iter))
		f->f_mode |= FMODE_CAN_READ;
	if ((f->f_mode & FMODE_WRITE) && (f->f_op->write || f->f_op->write_iter))
		f->f_mode |= FMODE_CAN_WRITE;
	if (f->f_mapping->a_ops && f->f_mapping->a_ops->direct_IO)
		f->f_mode |= FMODE_CAN_ODIRECT;
	f->f_flags &= ~(O_CREAT | O_EXCL | O_NOCTTY | O_TRUNC);
	/* O_DIRECT needs the file system's support (tmpfs in Linux 6.1 has none). */
	if ((f->f_flags & O_DIRECT) && !(f->f_mode & FMODE_CAN_ODIRECT))
		return -EINVAL;
	return 0;

cleanup_all:
	if (f->f_mode & FMODE_WRITER) {
		put_write_access(inode);
		mnt_drop_write(f->f_path.mnt);
		f->f_mode &= ~FMODE_WRITER;
	}
cleanup_file:
	path_put(&f->f_path);
	f->f_path.mnt = NULL;
	f->f_path.dentry = NULL;
	f->f_inode = NULL;
	return error;
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
	if (IS_ERR(f)) {
		put_unused_fd(fd);
		fd = PTR_ERR(f);
	} else {
		fd_install(fd, f);
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

int do_truncate(struct dentry *dentry, loff_t length, unsigned int time_attrs,
		struct file *filp)
{
	struct inode *inode = dentry->d_inode;
	struct iattr newattrs;
	int ret;

	if (length < 0)
		return -EINVAL;
	newattrs.ia_size = length;
	newattrs.ia_valid = ATTR_SIZE | time_attrs;
	if (filp) {
		newattrs.ia_file = filp;
		newattrs.ia_valid |= ATTR_FILE;
	}
	/*
	 * Shrinking or growing drops set-user-ID like any write; that mode
	 * change needs no permission of its own (ATTR_FORCE, as in Linux).
	 */
	if (S_ISREG(inode->i_mode) && !capable(CAP_FSETID) &&
	    (inode->i_mode & (S_ISUID | S_ISGID)))
		newattrs.ia_valid |= ATTR_KILL_SUID | ATTR_KILL_SGID | ATTR_FORCE;
	inode_lock(inode);
	ret = notify_change(dentry, &newattrs, NULL);
	inode_unlock(inode);
	return ret;
}

int vfs_truncate(const struct path *path, loff_t length)
{
	struct inode *inode = path->dentry->d_inode;
	int error;

	if (S_ISDIR(inode->i_mode))
		return -EISDIR;
	if (!S_ISREG(inode->i_mode))
		return -EINVAL;
	error = mnt_want_write(path->mnt);
	if (error)
		return error;
	error = inode_permission(inode, MAY_WRITE);
	if (error)
		goto out;
	error = -EPERM;
	if (IS_APPEND(inode))
		goto out;
	error = get_write_access(inode);
	if (error)
		goto out;
	error = do_truncate(path->dentry, length, 0, NULL);
	put_write_access(inode);
out:
	mnt_drop_write(path->mnt);
	return error;
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

#define FALLOC_FL_SUPPORTED_MASK	(FALLOC_FL_KEEP_SIZE | FALLOC_FL_PUNCH_HOLE | \
					 FALLOC_FL_COLLAPSE_RANGE | FALLOC_FL_ZERO_RANGE | \
					 FALLOC_FL_INSERT_RANGE | FALLOC_FL_UNSHARE_RANGE)

/*
 * Linux's checks, in Linux's order (the errno a program sees depends on
 * it); a file system without ->fallocate gets EOPNOTSUPP, as on Linux.
 */
int vfs_fallocate(struct file *file, int mode, loff_t offset, loff_t len)
{
	struct inode *inode = file_inode(file);

	if (offset < 0 || len <= 0)
		return -EINVAL;
	if (mode & ~FALLOC_FL_SUPPORTED_MASK)
		return -EOPNOTSUPP;
	if ((mode & (FALLOC_FL_PUNCH_HOLE | FALLOC_FL_ZERO_RANGE)) ==
	    (FALLOC_FL_PUNCH_HOLE | FALLOC_FL_ZERO_RANGE))
		return -EOPNOTSUPP;
	if ((mode & FALLOC_FL_PUNCH_HOLE) && !(mode & FALLOC_FL_KEEP_SIZE))
		return -EOPNOTSUPP;
	if ((mode & FALLOC_FL_COLLAPSE_RANGE) && (mode & ~FALLOC_FL_COLLAPSE_RANGE))
		return -EINVAL;
	if ((mode & FALLOC_FL_INSERT_RANGE) && (mode & ~FALLOC_FL_INSERT_RANGE))
		return -EINVAL;
	if ((mode & FALLOC_FL_UNSHARE_RANGE) &&
	    (mode & ~(FALLOC_FL_UNSHARE_RANGE | FALLOC_FL_KEEP_SIZE)))
		return -EINVAL;
	if (!(file->f_mode & FMODE_WRITE))
		return -EBADF;
	if ((mode & ~FALLOC_FL_KEEP_SIZE) && IS_APPEND(inode))
		return -EPERM;
	if (IS_IMMUTABLE(inode))
		return -EPERM;
	if (S_ISFIFO(inode->i_mode))
		return -ESPIPE;
	if (S_ISDIR(inode->i_mode))
		return -EISDIR;
	if (!S_ISREG(inode->i_mode) && !S_ISBLK(inode->i_mode))
		return -ENODEV;
	if (len > inode->i_sb->s_maxbytes || offset > inode->i_sb->s_maxbytes - len)
		return -EFBIG;
	if (!file->f_op->fallocate)
		return -EOPNOTSUPP;
	return file->f_op->fallocate(file, mode, offset, len);
}

SYSCALL_DEFINE4(fallocate, int, fd, int, mode, loff_t, offset, loff_t, len)
{
	struct fd f = fdget(fd);
	int error = -EBADF;

	if (f.file) {
		error = vfs_fallocate(f.file, mode, offset, len);
		fdput(f);
	}
	return error;
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

long do_faccessat(int dfd, const char *filename, int mode, int flags)
{
	const struct cred *old_cred = NULL;
	unsigned int lookup_flags = LOOKUP_FOLLOW;
	struct inode *inode;
	struct path path;
	int res;

	if (mode & ~S_IRWXO)	/* F_OK, R_OK, W_OK, X_OK */
		return -EINVAL;
	if (flags & ~(AT_EACCESS | AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH))
		return -EINVAL;
	if (flags & AT_SYMLINK_NOFOLLOW)
		lookup_flags &= ~LOOKUP_FOLLOW;
	if (flags & AT_EMPTY_PATH)
		lookup_flags |= LOOKUP_EMPTY;
	if (!(flags & AT_EACCESS)) {
		old_cred = access_override_creds();
		if (!old_cred)
			return -ENOMEM;
	}
	res = user_path_at(dfd, filename, lookup_flags, &path);
	if (res)
		goto out;
	inode = d_inode(path.dentry);
	if ((mode & MAY_EXEC) && S_ISREG(inode->i_mode)) {
		res = -EACCES;
		if (path.mnt->mnt_flags & MNT_NOEXEC)
			goto out_path;
	}
	res = inode_permission(inode, mode | MAY_ACCESS);
	/* SuS v2 wants a read-only file system reported for W_OK too. */
	if (!res && (mode & S_IWOTH) && !special_file(inode->i_mode) &&
	    __mnt_is_readonly(path.mnt))
		res = -EROFS;
out_path:
	path_put(&path);
out:
	if (old_cred)
		revert_creds(old_cred);
	return res;
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
	struct inode *inode = path->dentry->d_inode;
	struct iattr newattrs;
	int error;

	error = mnt_want_write(path->mnt);
	if (error)
		return error;
	inode_lock(inode);
	newattrs.ia_mode = (mode & S_IALLUGO) | (inode->i_mode & ~S_IALLUGO);
	newattrs.ia_valid = ATTR_MODE | ATTR_CTIME;
	error = notify_change(path->dentry, &newattrs, NULL);
	inode_unlock(inode);
	mnt_drop_write(path->mnt);
	return error;
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
	struct inode *inode = path->dentry->d_inode;
	struct iattr newattrs;
	int error;

	newattrs.ia_valid = ATTR_CTIME;
	if (user != INVALID_UID) {
		newattrs.ia_valid |= ATTR_UID;
		newattrs.ia_uid = user;
	}
	if (group != INVALID_GID) {
		newattrs.ia_valid |= ATTR_GID;
		newattrs.ia_gid = group;
	}
	if (!S_ISDIR(inode->i_mode))
		newattrs.ia_valid |= ATTR_KILL_SUID | ATTR_KILL_SGID;
	inode_lock(inode);
	error = notify_change(path->dentry, &newattrs, NULL);
	inode_unlock(inode);
	return error;
}

static long do_fchownat(int dfd, const char *filename, uid_t user, gid_t group, int flag)
{
	unsigned int lookup_flags;
	struct path path;
	int error;

	if (flag & ~(AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH))
		return -EINVAL;
	lookup_flags = (flag & AT_SYMLINK_NOFOLLOW) ? 0 : LOOKUP_FOLLOW;
	if (flag & AT_EMPTY_PATH)
		lookup_flags |= LOOKUP_EMPTY;
	error = user_path_at(dfd, filename, lookup_flags, &path);
	if (error)
		return error;
	error = mnt_want_write(path.mnt);
	if (!error) {
		error = chown_common(&path, user, group);
		mnt_drop_write(path.mnt);
	}
	path_put(&path);
	return error;
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
