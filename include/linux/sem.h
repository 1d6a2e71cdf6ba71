/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * System V semaphores (ipc/sem.c), the hook the rest of the kernel calls:
 * exit_sem() when the last thread of a process exits, to apply and free
 * its SEM_UNDO adjustments.
 */
#ifndef _LINUX_SEM_H
#define _LINUX_SEM_H

struct task_struct;
struct sem_undo_list;

#ifdef CONFIG_SYSVIPC
void exit_sem(struct task_struct *tsk);
#else
static inline void exit_sem(struct task_struct *tsk)
{
}
#endif

#endif /* _LINUX_SEM_H */
