/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Descriptor-level access to files (fs/file.c):
 *
 *   struct file *f = fget(fd);      a reference, or NULL (EBADF)
 *   ... fput(f);
 *
 *   struct fd f = fdget(fd);        the same in a struct; fdput(f)
 *
 *   fd = get_unused_fd_flags(O_CLOEXEC);   reserve the lowest free slot
 *   fd_install(fd, file);                  publish (consumes the reference)
 *   or put_unused_fd(fd) to give the slot back on failure.
 */
#ifndef _LINUX_FILE_H
#define _LINUX_FILE_H

#include <linux/types.h>

struct file;
struct files_struct;
struct task_struct;

void fput(struct file *file);
struct file *fget(unsigned int fd);
/* fget() that also accepts O_PATH files. */
struct file *fget_raw(unsigned int fd);
struct file *fget_task(struct task_struct *task, unsigned int fd);

struct fd {
	struct file *file;
	unsigned int flags;
};

#define FDPUT_POS_UNLOCK	2	/* fdput_pos() releases f_pos_lock */

static inline struct fd fdget(unsigned int fd)
{
	return (struct fd){ fget(fd), 0 };
}

static inline struct fd fdget_raw(unsigned int fd)
{
	return (struct fd){ fget_raw(fd), 0 };
}

static inline void fdput(struct fd f)
{
	if (f.file)
		fput(f.file);
}

/* fdget() for calls that use and update f_pos: takes f_pos_lock if shared. */
struct fd fdget_pos(unsigned int fd);
void fdput_pos(struct fd f);

int get_unused_fd_flags(unsigned int flags);
void put_unused_fd(unsigned int fd);
void fd_install(unsigned int fd, struct file *file);
/* Close fd; -EBADF if it is not open. */
int close_fd(unsigned int fd);
/* Detach fd's file without closing it; returns it (a reference) or NULL. */
struct file *close_fd_get_file(unsigned int fd);
/* dup2/dup3 onto newfd, closing what was there. */
int replace_fd(unsigned int fd, struct file *file, unsigned int flags);
int ksys_dup(unsigned int fildes);
int ksys_dup3(unsigned int oldfd, unsigned int newfd, int flags);
int f_dupfd(unsigned int from, struct file *file, unsigned int flags);
void set_close_on_exec(unsigned int fd, int flag);
bool get_close_on_exec(unsigned int fd);
/*
 * The descriptor limit of the current task: RLIMIT_NOFILE's soft value
 * once resource limits exist, INR_OPEN_CUR (1024) until then.
 */
unsigned int task_nofile_limit(void);

#endif /* _LINUX_FILE_H */
