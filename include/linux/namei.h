/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Path-name lookup (fs/namei.c).
 *
 * Names come in as struct filename: getname() copies one from user space
 * (-EFAULT, -ENAMETOOLONG beyond PATH_MAX, -ENOENT for "" unless the
 * caller allows it), getname_kernel() wraps a kernel string.  The do_*()
 * functions below consume the filename they are given (putname()), so
 * the syscall wrappers are one line and in-kernel callers use the same
 * code with getname_kernel().
 */
#ifndef _LINUX_NAMEI_H
#define _LINUX_NAMEI_H

#include <linux/types.h>
#include <linux/path.h>
#include <linux/dcache.h>

struct filename {
	const char *name;	/* the kernel copy */
	const char *uptr;	/* the user pointer it came from, or NULL */
	int refcnt;
	char iname[];		/* storage for name */
};

struct filename *getname(const char *filename);
struct filename *getname_flags(const char *filename, int flags);
struct filename *getname_uflags(const char *filename, int uflags);
struct filename *getname_kernel(const char *filename);
void putname(struct filename *name);

/* lookup flags */
#define LOOKUP_FOLLOW		0x0001	/* follow a final symlink */
#define LOOKUP_DIRECTORY	0x0002	/* the final component must be a directory */
#define LOOKUP_AUTOMOUNT	0x0004
#define LOOKUP_EMPTY		0x4000	/* accept "" (AT_EMPTY_PATH) */
#define LOOKUP_DOWN		0x8000	/* follow mounts at the start */
#define LOOKUP_MOUNTPOINT	0x0080	/* follow mounts at the end */
#define LOOKUP_REVAL		0x0020
#define LOOKUP_RCU		0x0040
#define LOOKUP_OPEN		0x0100	/* intent: open */
#define LOOKUP_CREATE		0x0200	/* intent: create */
#define LOOKUP_EXCL		0x0400	/* intent: exclusive create */
#define LOOKUP_RENAME_TARGET	0x0800
#define LOOKUP_PARENT		0x0010
#define LOOKUP_NO_SYMLINKS	0x010000
#define LOOKUP_BENEATH		0x080000
#define LOOKUP_IN_ROOT		0x100000

/* The kind of the last component of a LOOKUP_PARENT walk. */
enum { LAST_NORM, LAST_ROOT, LAST_DOT, LAST_DOTDOT };

int kern_path(const char *name, unsigned int flags, struct path *path);
int user_path_at(int dfd, const char *name, unsigned int flags, struct path *path);
/* Consumes name. */
int filename_lookup(int dfd, struct filename *name, unsigned int flags,
		    struct path *path, const struct path *root);
int vfs_path_lookup(struct dentry *dentry, struct vfsmount *mnt, const char *name,
		    unsigned int flags, struct path *path);

/*
 * Creation: look up the parent, lock it, and return a negative dentry
 * for the last component (-EEXIST if it exists).  done_path_create()
 * unlocks and drops everything.
 */
struct dentry *kern_path_create(int dfd, const char *pathname, struct path *path,
				unsigned int lookup_flags);
struct dentry *user_path_create(int dfd, const char *pathname, struct path *path,
				unsigned int lookup_flags);
struct dentry *filename_create(int dfd, struct filename *name, struct path *path,
			       unsigned int lookup_flags);
void done_path_create(struct path *path, struct dentry *dentry);

/* A child of base by name; base's i_rwsem must be held. */
struct dentry *lookup_one_len(const char *name, struct dentry *base, int len);
/* The same, taking the lock itself; returns positive or negative dentries. */
struct dentry *lookup_one_len_unlocked(const char *name, struct dentry *base, int len);
struct dentry *lookup_positive_unlocked(const char *name, struct dentry *base, int len);

int follow_up(struct path *path);
int follow_down_one(struct path *path);

/* The syscall bodies (consume the filenames). */
long do_mknodat(int dfd, struct filename *name, umode_t mode, unsigned int dev);
long do_mkdirat(int dfd, struct filename *name, umode_t mode);
long do_rmdir(int dfd, struct filename *name);
long do_unlinkat(int dfd, struct filename *name);
long do_symlinkat(struct filename *from, int newdfd, struct filename *to);
long do_linkat(int olddfd, struct filename *old, int newdfd, struct filename *new,
	       int flags);
long do_renameat2(int olddfd, struct filename *old, int newdfd, struct filename *new,
		  unsigned int flags);

/* open: fs/namei_open.c (flags, last component), fs/open.c (system calls) */
struct open_flags {
	int open_flag;
	umode_t mode;
	int acc_mode;
	int intent;
	int lookup_flags;
};
struct file *do_filp_open(int dfd, struct filename *pathname, const struct open_flags *op);
struct file *do_file_open_root(const struct path *root, const char *name,
			       const struct open_flags *op);
int build_open_flags(int flags, umode_t mode, struct open_flags *op);
/* open(2) with a kernel name: returns the new fd or -errno. */
long do_sys_open_kernel(int dfd, const char *filename, int flags, umode_t mode);
long do_sys_openat_name(int dfd, struct filename *name, int flags, umode_t mode);

#endif /* _LINUX_NAMEI_H */
