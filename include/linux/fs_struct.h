/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * struct fs_struct: a task's root directory, working directory and umask
 * (fs/fs_struct.c).  Shared between tasks created with CLONE_FS (all
 * kernel threads share init_fs); users counts the sharers.
 *
 * Locking: lock guards root and pwd; readers take references under it
 * (get_fs_root(), get_fs_pwd()) and use the copies.  umask is a plain
 * word written by its task (umask(2)), read without locking.
 */
#ifndef _LINUX_FS_STRUCT_H
#define _LINUX_FS_STRUCT_H

#include <linux/path.h>
#include <linux/spinlock.h>

struct task_struct;

struct fs_struct {
	int users;		/* sharers; lock */
	spinlock_t lock;
	int umask;
	int in_exec;
	struct path root, pwd;
};

extern struct fs_struct init_fs;

void get_fs_root(struct fs_struct *fs, struct path *root);
void get_fs_pwd(struct fs_struct *fs, struct path *pwd);
/* Another task's root and/or cwd (either may be NULL); -ENOENT once it exited. */
int get_task_fs_paths(struct task_struct *task, struct path *root, struct path *pwd);
void set_fs_root(struct fs_struct *fs, const struct path *path);
void set_fs_pwd(struct fs_struct *fs, const struct path *path);
/* A private copy (fork without CLONE_FS); NULL without memory. */
struct fs_struct *copy_fs_struct(struct fs_struct *old);
void free_fs_struct(struct fs_struct *fs);
/* Drop tsk's reference (exit). */
void exit_fs(struct task_struct *tsk);
/* Give tsk a private copy if it shares one (unshare(CLONE_FS)). */
int unshare_fs_struct(void);
/* Fork glue: share (CLONE_FS) or copy current's fs_struct into p. */
int copy_fs(unsigned long clone_flags, struct task_struct *p);

/* The current task's umask (kernel threads: init_fs's, 0022). */
int current_umask(void);

#endif /* _LINUX_FS_STRUCT_H */
