// SPDX-License-Identifier: GPL-2.0-only
/*
 * /proc/<pid>/fd/ (one symlink per open descriptor, to the file's path
 * name; "pipe:[ino]" for pipes) and /proc/<pid>/fdinfo/ (pos, flags,
 * mnt_id, ino of each descriptor), in Linux's formats.
 *
 * The descriptor table of another task is reached with
 * get_files_struct() (a reference, safe against its exit) and read under
 * its file_lock.  A dentry for fd/N stays valid only while N is open.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/ctype.h>
#include <linux/stat.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/fdtable.h>
#include <linux/seq_file.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/proc_fs.h>
#include "internal.h"
#include "../mount.h"

/* A referenced file of task at fd and whether it is close-on-exec, or NULL. */
static struct file *proc_task_fd_file(struct task_struct *task, int fd, bool *cloexec)
{
	struct files_struct *files = get_files_struct(task);
	struct file *file = NULL;

	if (!files)
		return NULL;
	spin_lock(&files->file_lock);
	if (fd >= 0 && (unsigned int)fd < files->fdt->max_fds) {
		file = files_lookup_fd_locked(files, fd);
		if (file) {
			get_file(file);
			if (cloexec)
				*cloexec = test_bit(fd, files->fdt->close_on_exec);
		}
	}
	spin_unlock(&files->file_lock);
	put_files_struct(files);
	return file;
}

/* The first open descriptor >= fd of task (its mode in *mode), or -1. */
static int proc_task_next_fd(struct task_struct *task, int fd, fmode_t *mode)
{
	struct files_struct *files = get_files_struct(task);
	int found = -1;

	if (!files)
		return -1;
	spin_lock(&files->file_lock);
	for (; fd >= 0 && (unsigned int)fd < files->fdt->max_fds; fd++) {
		struct file *file = files->fdt->fd[fd];

		if (file) {
			*mode = file->f_mode;
			found = fd;
			break;
		}
	}
	spin_unlock(&files->file_lock);
	put_files_struct(files);
	return found;
}

static int fd_name_to_int(const struct qstr *name)
{
	const char *s = (const char *)name->name;
	unsigned long v = 0;

	if (!name->len || name->len > 10 || (s[0] == '0' && name->len > 1))
		return -1;
	for (unsigned int i = 0; i < name->len; i++) {
		if (!isdigit(s[i]))
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v > INT_MAX ? -1 : (int)v;
}

static int tid_fd_revalidate(struct dentry *dentry, unsigned int flags)
{
	struct inode *inode = d_inode(dentry);
	struct task_struct *task;
	struct file *file;

	if (!inode)
		return 0;
	task = get_proc_task(inode);
	if (!task)
		return 0;
	file = proc_task_fd_file(task, PROC_I(inode)->fd, NULL);
	put_task_struct(task);
	if (!file)
		return 0;
	fput(file);
	return 1;
}

static const struct dentry_operations tid_fd_dentry_operations = {
	.d_revalidate = tid_fd_revalidate,
	.d_delete = always_delete_dentry,
};

static int proc_fd_link(struct dentry *dentry, struct path *path)
{
	struct inode *inode = d_inode(dentry);
	struct task_struct *task = get_proc_task(inode);
	struct file *file;

	if (!task)
		return -ENOENT;
	file = proc_task_fd_file(task, PROC_I(inode)->fd, NULL);
	put_task_struct(task);
	if (!file)
		return -ENOENT;
	*path = file->f_path;
	path_get(path);
	fput(file);
	return 0;
}

static umode_t fd_link_mode(fmode_t f_mode)
{
	umode_t mode = S_IFLNK;

	if (f_mode & FMODE_READ)
		mode |= S_IRUSR | S_IXUSR;
	if (f_mode & FMODE_WRITE)
		mode |= S_IWUSR | S_IXUSR;
	return mode;
}

/* Make the inode for fd (of kind fdinfo or fd) in dir. */
static struct dentry *proc_fd_instantiate(struct dentry *dentry, struct task_struct *task,
					  int fd, fmode_t f_mode, bool info);

static const struct file_operations proc_fdinfo_file_operations;

static struct dentry *proc_lookupfd_common(struct inode *dir, struct dentry *dentry, bool info)
{
	struct task_struct *task = get_proc_task(dir);
	int fd = fd_name_to_int(&dentry->d_name);
	struct dentry *res = ERR_PTR(-ENOENT);
	struct file *file;

	if (!task)
		return res;
	if (fd >= 0) {
		file = proc_task_fd_file(task, fd, NULL);
		if (file) {
			res = proc_fd_instantiate(dentry, task, fd, file->f_mode, info);
			fput(file);
		}
	}
	put_task_struct(task);
	return res;
}

static struct dentry *proc_fd_instantiate(struct dentry *dentry, struct task_struct *task,
					  int fd, fmode_t f_mode, bool info)
{
	struct inode *inode;
	struct proc_inode *ei;

	inode = proc_pid_make_inode(dentry->d_sb, task,
				    info ? (S_IFREG | S_IRUSR) : fd_link_mode(f_mode));
	if (!inode)
		return ERR_PTR(-ENOMEM);
	ei = PROC_I(inode);
	ei->fd = fd;
	if (info) {
		inode->i_fop = &proc_fdinfo_file_operations;
	} else {
		inode->i_op = &proc_pid_link_inode_operations;
		ei->op.proc_get_link = proc_fd_link;
	}
	d_set_d_op(dentry, &tid_fd_dentry_operations);
	d_add(dentry, inode);
	return NULL;
}

static int proc_readfd_common(struct file *file, struct dir_context *ctx, bool info)
{
	struct task_struct *task = get_proc_task(file_inode(file));
	fmode_t mode;
	int fd;

	if (!task)
		return -ENOENT;
	if (!dir_emit_dots(file, ctx))
		goto out;
	for (fd = ctx->pos - 2; (fd = proc_task_next_fd(task, fd, &mode)) >= 0; fd++) {
		char name[16];
		int len = snprintf(name, sizeof(name), "%d", fd);

		ctx->pos = fd + 2;
		if (!dir_emit(ctx, name, len, 1, info ? DT_REG : DT_LNK))
			goto out;
	}
	ctx->pos = INT_MAX;
out:
	put_task_struct(task);
	return 0;
}

static struct dentry *proc_lookupfd(struct inode *dir, struct dentry *dentry,
				    unsigned int flags)
{
	return proc_lookupfd_common(dir, dentry, false);
}

static int proc_readfd(struct file *file, struct dir_context *ctx)
{
	return proc_readfd_common(file, ctx, false);
}

/*
 * fd/ is 0500 and belongs to root once its process is not dumpable, but a
 * process may always list and follow its own descriptors (as in Linux):
 * what it reaches there it holds already.
 */
static int proc_fd_permission(struct inode *inode, int mask)
{
	struct task_struct *task;
	bool own;

	if (!generic_permission(inode, mask))
		return 0;
	task = get_proc_task(inode);
	if (!task)
		return -EACCES;
	own = same_thread_group(task, current);
	put_task_struct(task);
	return own ? 0 : -EACCES;
}

const struct inode_operations proc_fd_inode_operations = {
	.lookup = proc_lookupfd,
	.permission = proc_fd_permission,
	.setattr = proc_setattr,
};

const struct file_operations proc_fd_operations = {
	.llseek = generic_file_llseek,
	.read = generic_read_dir,
	.iterate_shared = proc_readfd,
};

static struct dentry *proc_lookupfdinfo(struct inode *dir, struct dentry *dentry,
					unsigned int flags)
{
	return proc_lookupfd_common(dir, dentry, true);
}

static int proc_readfdinfo(struct file *file, struct dir_context *ctx)
{
	return proc_readfd_common(file, ctx, true);
}

const struct inode_operations proc_fdinfo_inode_operations = {
	.lookup = proc_lookupfdinfo,
	.setattr = proc_setattr,
};

const struct file_operations proc_fdinfo_operations = {
	.llseek = generic_file_llseek,
	.read = generic_read_dir,
	.iterate_shared = proc_readfdinfo,
};

/* fdinfo/N: "pos:\t0\nflags:\t02\nmnt_id:\t9\nino:\t12\n". */
static int fdinfo_show(struct seq_file *m, void *v)
{
	struct inode *inode = m->private;
	struct task_struct *task = get_proc_task(inode);
	unsigned int flags;
	bool cloexec = false;
	struct file *file;

	if (!task)
		return -ENOENT;
	file = proc_task_fd_file(task, PROC_I(inode)->fd, &cloexec);
	put_task_struct(task);
	if (!file)
		return -ENOENT;
	flags = file->f_flags;
	if (cloexec)
		flags |= O_CLOEXEC;
	seq_printf(m, "pos:\t%lli\nflags:\t0%o\nmnt_id:\t%i\nino:\t%lu\n", file->f_pos, flags,
		   real_mount(file->f_path.mnt)->mnt_id, file_inode(file)->i_ino);
	fput(file);
	return 0;
}

static int fdinfo_open(struct inode *inode, struct file *file)
{
	return single_open(file, fdinfo_show, inode);
}

static const struct file_operations proc_fdinfo_file_operations = {
	.open = fdinfo_open,
	.read_iter = seq_read_iter,
	.llseek = seq_lseek,
	.release = single_release,
};
