// SPDX-License-Identifier: GPL-2.0-only
/*
 * Per-task root, working directory and umask (<linux/fs_struct.h>).
 *
 * Interface: get_fs_root()/get_fs_pwd() (referenced copies),
 * set_fs_root()/set_fs_pwd(), copy_fs_struct() and copy_fs() for fork,
 * exit_fs() for exit, current_umask().
 *
 * Locking: fs->lock guards root, pwd and users.  Path references are
 * dropped after unlocking (path_put() may sleep in the last dput()).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/sched.h>
#include <linux/fs.h>
#include <linux/fs_struct.h>
#include <linux/fdtable.h>

/* Linux clone flag: share the fs_struct (uapi/linux/sched.h in Linux). */
#define CLONE_FS	0x00000200

struct fs_struct init_fs = {
	.users = 1,
	.lock = __SPIN_LOCK_UNLOCKED(init_fs.lock),
	.umask = 0022,
};

void get_fs_root(struct fs_struct *fs, struct path *root)
{
	spin_lock(&fs->lock);
	*root = fs->root;
	path_get(root);
	spin_unlock(&fs->lock);
}

void get_fs_pwd(struct fs_struct *fs, struct path *pwd)
{
	spin_lock(&fs->lock);
	*pwd = fs->pwd;
	path_get(pwd);
	spin_unlock(&fs->lock);
}

void set_fs_root(struct fs_struct *fs, const struct path *path)
{
	struct path old;

	path_get(path);
	spin_lock(&fs->lock);
	old = fs->root;
	fs->root = *path;
	spin_unlock(&fs->lock);
	if (old.dentry)
		path_put(&old);
}

void set_fs_pwd(struct fs_struct *fs, const struct path *path)
{
	struct path old;

	path_get(path);
	spin_lock(&fs->lock);
	old = fs->pwd;
	fs->pwd = *path;
	spin_unlock(&fs->lock);
	if (old.dentry)
		path_put(&old);
}

void free_fs_struct(struct fs_struct *fs)
{
	if (fs->root.dentry)
		path_put(&fs->root);
	if (fs->pwd.dentry)
		path_put(&fs->pwd);
	kfree(fs);
}

struct fs_struct *copy_fs_struct(struct fs_struct *old)
{
	struct fs_struct *fs = kzalloc(sizeof(*fs), GFP_KERNEL);

	if (!fs)
		return NULL;
	fs->users = 1;
	spin_lock_init(&fs->lock);
	spin_lock(&old->lock);
	fs->umask = old->umask;
	fs->root = old->root;
	fs->pwd = old->pwd;
	if (fs->root.dentry)
		path_get(&fs->root);
	if (fs->pwd.dentry)
		path_get(&fs->pwd);
	spin_unlock(&old->lock);
	return fs;
}

/* Drop one sharer; true if it was the last. */
static bool put_fs_users(struct fs_struct *fs)
{
	bool last;

	spin_lock(&fs->lock);
	last = --fs->users == 0;
	spin_unlock(&fs->lock);
	return last;
}

int get_task_fs_paths(struct task_struct *task, struct path *root, struct path *pwd)
{
	struct fs_struct *fs;

	spin_lock(&task_fs_files_lock);
	fs = task->fs;
	if (fs) {
		if (root)
			get_fs_root(fs, root);
		if (pwd)
			get_fs_pwd(fs, pwd);
	}
	spin_unlock(&task_fs_files_lock);
	return fs ? 0 : -ENOENT;
}

void exit_fs(struct task_struct *tsk)
{
	struct fs_struct *fs = tsk->fs;

	if (!fs)
		return;
	spin_lock(&task_fs_files_lock);
	tsk->fs = NULL;
	spin_unlock(&task_fs_files_lock);
	if (put_fs_users(fs)) {
		if (WARN_ON(fs == &init_fs))
			return;
		free_fs_struct(fs);
	}
}

int copy_fs(unsigned long clone_flags, struct task_struct *p)
{
	struct fs_struct *fs = current->fs;

	if (clone_flags & CLONE_FS) {
		spin_lock(&fs->lock);
		fs->users++;
		spin_unlock(&fs->lock);
		p->fs = fs;
		return 0;
	}
	p->fs = copy_fs_struct(fs);
	return p->fs ? 0 : -ENOMEM;
}

int unshare_fs_struct(void)
{
	struct fs_struct *fs = current->fs, *new;

	if (fs->users == 1)
		return 0;
	new = copy_fs_struct(fs);
	if (!new)
		return -ENOMEM;
	spin_lock(&task_fs_files_lock);
	current->fs = new;
	spin_unlock(&task_fs_files_lock);
	if (put_fs_users(fs))
		free_fs_struct(fs);
	return 0;
}

int current_umask(void)
{
	return READ_ONCE(current->fs->umask);
}
