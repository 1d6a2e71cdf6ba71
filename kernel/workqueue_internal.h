/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Workqueue hooks the scheduler calls for tasks with PF_WQ_WORKER
 * (kernel/workqueue.c): a worker about to block lets its pool start
 * another worker; a worker running again is counted back in.  And the
 * worker-creation gate of the self tests.
 */
#ifndef _KERNEL_WORKQUEUE_INTERNAL_H
#define _KERNEL_WORKQUEUE_INTERNAL_H

#include <linux/completion.h>

struct task_struct;

void wq_worker_sleeping(struct task_struct *task);
void wq_worker_running(struct task_struct *task);

/*
 * Self tests (kernel/workqueue_test.c): while wq_create_gate points at
 * one, creating a worker for the pool of CPU pool_cpu (-1: the unbound
 * pool) sets reached and then waits until open is completed - a manager
 * stuck as if in reclaim, for the rescuer test.
 */
struct wq_create_gate {
	int pool_cpu;
	bool reached;
	struct completion open;
};
extern struct wq_create_gate *wq_create_gate;

#endif /* _KERNEL_WORKQUEUE_INTERNAL_H */
