// SPDX-License-Identifier: GPL-2.0-only
/*
 * struct file: allocation and the final release.
 *
 * Interface: alloc_empty_file() (open paths), alloc_file_pseudo() (pipes,
 * sockets), get_file()/fput() (<linux/fs.h>).
 *
 * The last fput() releases synchronously in the caller's context: it
 * runs ->release, gives back write access, and drops the dentry, the
 * mount and the opener's credentials.  Callers must not hold spinlocks
 * (the release may sleep).  Linux defers this to the return to user
 * space; doing it at once keeps the ordering simple while nothing here
 * calls fput() from atomic context.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/sched.h>
#include <linux/cred.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/mount.h>
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

/* The last reference is gone. */
static void __fput(struct file *file)
{
	struct dentry *dentry = file->f_path.dentry;
	struct vfsmount *mnt = file->f_path.mnt;
	struct inode *inode = file->f_inode;
	fmode_t mode = file->f_mode;

	if (mode & FMODE_OPENED) {
		if (file->f_op && file->f_op->release)
			file->f_op->release(inode, file);
		if (mode & FMODE_WRITER) {
			put_write_access(inode);
			mnt_drop_write(mnt);
		}
	}
	dput(dentry);
	if (mnt)
		mntput(mnt);
	file_free(file);
}

void fput(struct file *file)
{
	if (atomic_long_dec_and_test(&file->f_count))
		__fput(file);
}

/*
 * Free a file whose open failed before FMODE_OPENED: no ->release, but
 * the path and credentials it holds are dropped.
 */
void fput_failed_open(struct file *file)
{
	if (file->f_mode & FMODE_WRITER) {
		put_write_access(file->f_inode);
		mnt_drop_write(file->f_path.mnt);
	}
	if (file->f_path.dentry) {
		dput(file->f_path.dentry);
		mntput(file->f_path.mnt);
	}
	file_free(file);
}

static struct file *alloc_file(const struct path *path, int flags,
			       const struct file_operations *fop)
{
	struct file *file = alloc_empty_file(flags, current_cred());

	if (IS_ERR(file))
		return file;
	file->f_path = *path;
	file->f_inode = d_inode(path->dentry);
	file->f_mapping = file->f_inode->i_mapping;
	if ((file->f_mode & FMODE_READ) && (fop->read || fop->read_iter))
		file->f_mode |= FMODE_CAN_READ;
	if ((file->f_mode & FMODE_WRITE) && (fop->write || fop->write_iter))
		file->f_mode |= FMODE_CAN_WRITE;
	file->f_mode |= FMODE_OPENED;
	file->f_op = fop;
	return file;
}

struct file *alloc_file_pseudo(struct inode *inode, struct vfsmount *mnt, const char *name,
			       int flags, const struct file_operations *fops)
{
	struct qstr this = QSTR_INIT(name, strlen(name));
	struct path path;
	struct file *file;

	path.dentry = d_alloc_pseudo(mnt->mnt_sb, &this);
	if (!path.dentry)
		return ERR_PTR(-ENOMEM);
	path.mnt = mntget(mnt);
	d_instantiate(path.dentry, inode);
	file = alloc_file(&path, flags, fops);
	if (IS_ERR(file)) {
		/* The caller still owns inode: take the dentry's reference back. */
		ihold(inode);
		path_put(&path);
	}
	return file;
}

struct file *alloc_file_clone(struct file *base, int flags, const struct file_operations *fops)
{
	struct path path = base->f_path;
	struct file *f;

	path_get(&path);
	f = alloc_file(&path, flags, fops);

	if (IS_ERR(f))
		path_put(&path);
	return f;
}

void files_init(void)
{
	filp_cachep = kmem_cache_create("filp", sizeof(struct file), 0,
					SLAB_HWCACHE_ALIGN | SLAB_PANIC, NULL);
}
