// SPDX-License-Identifier: GPL-2.0-only
/*
 * Task exit.  do_exit() takes the task off the task list and the pid
 * hash, marks it exited (waking wait_task_exited() sleepers), and
 * switches away for the last time in TASK_DEAD; the next task on that CPU
 * drops the task's own reference (finish_task_switch()), and the last
 * reference frees it after an RCU grace period.
 *
 * Kernel threads are reaped at once (EXIT_DEAD).  User processes will
 * stay EXIT_ZOMBIE until their parent's wait4(); that and releasing mm,
 * files and signal state arrive with user processes.
 */
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait_bit.h>
#include <linux/bug.h>
#include <linux/panic.h>
#include <linux/fs_struct.h>
#include <linux/fdtable.h>
#include "sched/sched.h"

void __noreturn do_exit(long code)
{
	struct task_struct *tsk = current;

	if (WARN_ON(is_idle_task(tsk)))
		panic("the idle task tried to exit");
	tsk->flags |= PF_EXITING;
	tsk->exit_code = code;
	/* Close files and drop cwd/root while we can still sleep. */
	exit_files(tsk);
	exit_fs(tsk);

	spin_lock(&tasklist_lock);
	list_del_rcu(&tsk->tasks);
	detach_pid(tsk);
	WRITE_ONCE(tsk->exit_state, EXIT_DEAD);
	spin_unlock(&tasklist_lock);
	free_pid(tsk->pid);
	wake_up_var(&tsk->exit_state);

	/* The last switch: finish_task_switch() in the next task drops our reference. */
	__set_current_state(TASK_DEAD);
	schedule();
	BUG();
}

void wait_task_exited(struct task_struct *p)
{
	wait_var_event(&p->exit_state, READ_ONCE(p->exit_state) != 0);
}
