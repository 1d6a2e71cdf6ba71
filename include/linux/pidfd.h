/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Process file descriptors (kernel/pidfd.c): a file that names one
 * process and does not follow its pid to a new owner.
 *
 *   pidfd_file_new(flags)        an unattached pidfd file (clone reserves
 *                                one before the child exists)
 *   pidfd_attach(file, task)     make it name task's process (takes a
 *                                task reference)
 *   pidfd_task(file)             the process a pidfd names, NULL if file
 *                                is not a pidfd (no reference taken: valid
 *                                while the caller holds the file)
 *   pidfd_notify_exited()        a process finished exiting: wake pollers
 *                                (any context)
 */
#ifndef _LINUX_PIDFD_H
#define _LINUX_PIDFD_H

struct file;
struct task_struct;

#define PIDFD_NONBLOCK	04000	/* O_NONBLOCK */

struct file *pidfd_file_new(unsigned int flags);
void pidfd_attach(struct file *file, struct task_struct *task);
struct task_struct *pidfd_task(struct file *file);
void pidfd_notify_exited(void);

#endif /* _LINUX_PIDFD_H */
