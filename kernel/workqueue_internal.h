/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Workqueue hooks the scheduler calls for tasks with PF_WQ_WORKER
 * (kernel/workqueue.c): a worker about to block lets its pool start
 * another worker; a worker running again is counted back in.
 */
#ifndef _KERNEL_WORKQUEUE_INTERNAL_H
#define _KERNEL_WORKQUEUE_INTERNAL_H

struct task_struct;

void wq_worker_sleeping(struct task_struct *task);
void wq_worker_running(struct task_struct *task);

#endif /* _KERNEL_WORKQUEUE_INTERNAL_H */
