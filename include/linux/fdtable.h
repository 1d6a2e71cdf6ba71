/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Descriptor tables (fs/file.c).
 *
 * struct files_struct is a task's table of open files, shared by tasks
 * created with CLONE_FILES (count).  The table itself (struct fdtable)
 * starts embedded with NR_OPEN_DEFAULT slots and is replaced by a larger
 * one as descriptors above that are allocated.
 *
 * Locking: file_lock guards the fdtable pointer, every slot, the
 * open_fds and close_on_exec bitmaps and next_fd.  fget() looks a file
 * up and takes its reference under file_lock, so a racing close() either
 * happens before (EBADF) or after (the file stays alive for the caller).
 * A slot is "reserved" while its bit is set in open_fds but fd[] is still
 * NULL (between get_unused_fd_flags() and fd_install()).
 */
#ifndef _LINUX_FDTABLE_H
#define _LINUX_FDTABLE_H

#include <linux/types.h>
#include <linux/spinlock.h>
#include <asm/atomic.h>

struct file;
struct task_struct;

#define NR_OPEN_DEFAULT	BITS_PER_LONG
/* Default RLIMIT_NOFILE soft limit (Linux: INR_OPEN_CUR) and hard cap. */
#define INR_OPEN_CUR	1024
#define INR_OPEN_MAX	4096
/* fs.nr_open: the most descriptors any table may hold. */
extern unsigned int sysctl_nr_open;

struct fdtable {
	unsigned int max_fds;
	struct file **fd;
	unsigned long *close_on_exec;
	unsigned long *open_fds;
};

struct files_struct {
	atomic_t count;
	spinlock_t file_lock;
	struct fdtable *fdt;
	struct fdtable fdtab;
	unsigned int next_fd;		/* lowest possibly free descriptor */
	unsigned long close_on_exec_init[1];
	unsigned long open_fds_init[1];
	struct file *fd_array[NR_OPEN_DEFAULT];
};

extern struct files_struct init_files;

static inline struct fdtable *files_fdtable(struct files_struct *files)
{
	return files->fdt;
}

/* Fork: a copy of oldf's table (every file gets another reference). */
struct files_struct *dup_fd(struct files_struct *oldf, int *errorp);
void put_files_struct(struct files_struct *files);
/*
 * Another task's table with a reference (put_files_struct() it), or NULL
 * once it exited.  task_fs_files_lock orders this with exit and unshare.
 */
struct files_struct *get_files_struct(struct task_struct *task);
extern spinlock_t task_fs_files_lock;
void exit_files(struct task_struct *tsk);
/* Fork glue: share (CLONE_FILES) or copy current's table into p. */
int copy_files(unsigned long clone_flags, struct task_struct *p);
/* Give current a private table; *displaced gets the old one to put. */
int unshare_files(void);
/* execve: close every descriptor marked close-on-exec. */
void do_close_on_exec(struct files_struct *files);
/* The file at fd of files, without a reference; caller holds file_lock. */
struct file *files_lookup_fd_locked(struct files_struct *files, unsigned int fd);
/* Call f for every open descriptor until it returns nonzero (its value). */
int iterate_fd(struct files_struct *files, unsigned int n,
	       int (*f)(const void *, struct file *, unsigned int), const void *p);
/* Highest open descriptor + 1 (for /proc and select). */
unsigned int files_max_fd(struct files_struct *files);

#endif /* _LINUX_FDTABLE_H */
