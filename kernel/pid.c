// SPDX-License-Identifier: GPL-2.0-only
/*
 * Process ids and the global task list.
 *
 * Pids come from a bitmap of pid_max bits (32768, Linux's default).
 * Allocation continues upward from the last pid handed out, so a pid is
 * not reused until the numbers wrap; after a wrap the search restarts at
 * RESERVED_PIDS, keeping low pids for early daemons as Linux does.  Pid 0
 * belongs to the idle tasks, pid 1 to init.
 *
 * Every task but the idle tasks is on task_list and in pid_hash from
 * creation until do_exit().  Writers hold tasklist_lock; readers use RCU
 * (tasks are freed after a grace period) or the lock.
 *
 * A free pid that still names a process group or session (whose leader
 * exited while members remain) is skipped, so a new process never joins
 * a group by accident - Linux keeps such pids allocated for the same
 * reason.
 *
 * Locking: pidmap_lock guards the bitmap and last_pid.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/sched.h>
#include <linux/rculist.h>
#include <linux/bitops.h>
#include <linux/errno.h>
#include <linux/sched/signal.h>
#include "sched/sched.h"

#define RESERVED_PIDS	300
#define PIDHASH_BITS	8

int pid_max = PID_MAX_DEFAULT;
LIST_HEAD(task_list);
DEFINE_SPINLOCK(tasklist_lock);

static DEFINE_SPINLOCK(pidmap_lock);
static unsigned long pidmap[BITS_TO_LONGS(PID_MAX_DEFAULT)] = { 1UL };	/* pid 0 in use */
static int last_pid;
static struct hlist_head pid_hash[1 << PIDHASH_BITS];

/* The first usable pid in [from, pid_max), or pid_max. */
static int next_usable_pid(int from)
{
	int pid;

	for (pid = find_next_zero_bit(pidmap, pid_max, from); pid < pid_max;
	     pid = find_next_zero_bit(pidmap, pid_max, pid + 1))
		if (!pid_in_use_as_group(pid))
			break;
	return pid;
}

int alloc_pid(void)
{
	int pid, start;

	spin_lock(&pidmap_lock);
	start = last_pid + 1;
	if (start >= pid_max)
		start = RESERVED_PIDS;
	pid = next_usable_pid(start);
	if (pid >= pid_max)
		pid = next_usable_pid(RESERVED_PIDS);
	if (pid >= pid_max) {
		spin_unlock(&pidmap_lock);
		return -EAGAIN;
	}
	__set_bit(pid, pidmap);
	last_pid = pid;
	spin_unlock(&pidmap_lock);
	return pid;
}

void free_pid(int pid)
{
	if (WARN_ON(pid <= 0 || pid >= pid_max))
		return;
	spin_lock(&pidmap_lock);
	__clear_bit(pid, pidmap);
	spin_unlock(&pidmap_lock);
}

static struct hlist_head *pid_bucket(pid_t nr)
{
	return &pid_hash[(unsigned int)nr & ((1 << PIDHASH_BITS) - 1)];
}

/* Caller holds tasklist_lock. */
void attach_pid(struct task_struct *p)
{
	hlist_add_head_rcu(&p->pid_link, pid_bucket(p->pid));
}

void detach_pid(struct task_struct *p)
{
	hlist_del_init_rcu(&p->pid_link);
}

struct task_struct *find_task_by_pid(pid_t nr)
{
	struct task_struct *p;

	hlist_for_each_entry_rcu(p, pid_bucket(nr), pid_link)
		if (p->pid == nr)
			return p;
	return NULL;
}

struct task_struct *get_pid_task_by_nr(pid_t nr)
{
	struct task_struct *p;

	rcu_read_lock();
	p = find_task_by_pid(nr);
	/* A task whose count already hit zero is on its way to being freed. */
	if (p && !atomic_inc_not_zero(&p->usage))
		p = NULL;
	rcu_read_unlock();
	return p;
}
