// SPDX-License-Identifier: GPL-2.0-only
/*
 * struct file: allocation and the final release.
 *
 * Interface: alloc_empty_file() (open paths), alloc_file_pseudo() (pipes,
 * sockets), get_file()/fput() (<linux/fs.h>).
 *
 * The last fput() releases synchronously in the caller's context: it
 * takes the file out of every epoll set watching it, drops its flock(2)
 * lock, runs ->release,
 * gives back write access, and drops the dentry, the mount and the
 * opener's credentials.  Callers must not hold spinlocks
 * (the release may sleep).  It is not deferred to the return to user
 * space: doing it at once keeps the ordering simple, and nothing here
 * calls fput() from atomic context.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/sched.h>
#include <linux/cred.h>
#include <linux/fs.h>
#include <linux/fsnotify.h>
#include <linux/file.h>
#include <linux/mount.h>
#include <linux/eventpoll.h>
#include "internal.h"

static struct kmem_cache *filp_cachep;
static atomic_long_t nr_files;

unsigned long get_nr_files(void)
{
	return atomic_long_read(&nr_files);
}

struct file *alloc_empty_file(int flags, const struct cred *cred)
{
	struct file *f = kmem_cache_zalloc(filp_cachep, GFP_KERNEL);

	if (!f)
		return ERR_PTR(-ENFILE);
	atomic_long_set(&f->f_count, 1);
	spin_lock_init(&f->f_lock);
	mutex_init(&f->f_pos_lock);
	f->f_flags = flags;
	f->f_mode = OPEN_FMODE(flags);
	f->f_cred = get_cred(cred);
	atomic_long_inc(&nr_files);
	return f;
}

static void file_free(struct file *f)
{
	put_cred(f->f_cred);
	atomic_long_dec(&nr_files);
	kmem_cache_free(filp_cachep, f);
}

/* An open for writing holds write access to the inode and the mount. */
static void drop_write_access(struct file *file)
{
	if (!(file->f_mode & FMODE_WRITER))
		return;
	put_write_access(file->f_inode);
	mnt_drop_write(file->f_path.mnt);
}

/* The last reference is gone: ->release, then what the file pinned. */
static void file_final_put(struct file *file)
{
	struct path pinned = file->f_path;

	if (file->f_mode & FMODE_OPENED) {
		fsnotify_close(file);
		/* epoll instances watching the file let go before it goes. */
		eventpoll_release(file);
		locks_remove_file(file);
		if (file->f_op && file->f_op->release)
			file->f_op->release(file->f_inode, file);
		drop_write_access(file);
	}
	dput(pinned.dentry);
	if (pinned.mnt)
		mntput(pinned.mnt);
	file_free(file);
}

void fput(struct file *file)
{
	if (atomic_long_dec_and_test(&file->f_count))
		file_final_put(file);
}

/*
 * Free a file whose open failed before FMODE_OPENED: no ->release, but
 * the path and credentials it holds are dropped.
 */
void fput_failed_open(struct file *file)
{
	drop_write_access(file);
	if (file->f_path.dentry) {
		dput(file->f_path.dentry);
		mntput(file->f_path.mnt);
	}
	file_free(file);
}

/* FMODE_CAN_READ/WRITE: opened for that direction and fop can do it. */
static fmode_t io_abilities(fmode_t mode, const struct file_operations *fop)
{
	fmode_t can = 0;

	if ((mode & FMODE_READ) && (fop->read_iter || fop->read))
		can |= FMODE_CAN_READ;
	if ((mode & FMODE_WRITE) && (fop->write_iter || fop->write))
		can |= FMODE_CAN_WRITE;
	return can;
}

/* An already open file on path (whose references it takes over). */
static struct file *alloc_file(const struct path *path, int flags,
			       const struct file_operations *fop)
{
	struct file *file = alloc_empty_file(flags, current_cred());

	if (IS_ERR(file))
		return file;
	file->f_op = fop;
	file->f_path = *path;
	file->f_inode = d_inode(path->dentry);
	file->f_mapping = file->f_inode->i_mapping;
	file->f_mode |= FMODE_OPENED | io_abilities(file->f_mode, fop);
	return file;
}

/* A nameless dentry called name on mnt's super block, bound to inode. */
static int pseudo_path(struct vfsmount *mnt, struct inode *inode, const char *name,
		       struct path *path)
{
	struct qstr qname = QSTR_INIT(name, strlen(name));
	struct dentry *dentry = d_alloc_pseudo(mnt->mnt_sb, &qname);

	if (!dentry)
		return -ENOMEM;
	d_instantiate(dentry, inode);
	path->dentry = dentry;
	path->mnt = mntget(mnt);
	return 0;
}

/* Consumes the caller's inode reference on success only. */
struct file *alloc_file_pseudo(struct inode *inode, struct vfsmount *mnt, const char *name,
			       int flags, const struct file_operations *fops)
{
	struct path path;
	struct file *file;
	int err;

	err = pseudo_path(mnt, inode, name, &path);
	if (err)
		return ERR_PTR(err);
	file = alloc_file(&path, flags, fops);
	if (!IS_ERR(file))
		return file;
	/* The dentry took the caller's inode reference: give one back first. */
	ihold(inode);
	path_put(&path);
	return file;
}

/* A second open file on base's path, with other flags and operations. */
struct file *alloc_file_clone(struct file *base, int flags, const struct file_operations *fops)
{
	struct path path = base->f_path;
	struct file *clone;

	path_get(&path);
	clone = alloc_file(&path, flags, fops);
	if (IS_ERR(clone))
		path_put(&path);
	return clone;
}

void files_init(void)
{
	filp_cachep = kmem_cache_create("filp", sizeof(struct file), 0,
					SLAB_HWCACHE_ALIGN | SLAB_PANIC, NULL);
}
