// SPDX-License-Identifier: GPL-2.0-only
/*
 * Process identity system calls: getpid, getppid, gettid, process groups
 * and sessions (getpgid, setpgid, getpgrp, setsid, getsid), prctl
 * (PR_SET_NAME/PR_GET_NAME, PR_SET_PDEATHSIG/PR_GET_PDEATHSIG,
 * PR_SET_CHILD_SUBREAPER/PR_GET_CHILD_SUBREAPER, PR_SET_DUMPABLE/
 * PR_GET_DUMPABLE, PR_SET_NO_NEW_PRIVS/PR_GET_NO_NEW_PRIVS; the capability
 * options go to cap_task_prctl() in kernel/capability.c), set_tid_address,
 * set_robust_list/get_robust_list;
 * and the process-group queries the tty layer uses (sched/signal.h).
 *
 * Process groups and sessions are ids in signal_struct; lookups walk the
 * task list (a few hundred processes at most here).  Changing them takes
 * tasklist_lock, which also makes "does a group with this id exist in my
 * session" checks stable.
 */
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/signal.h>
#include <linux/syscalls.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/sched/coredump.h>
#include <linux/capability.h>
#include <uapi/linux/prctl.h>
#include <asm/uaccess.h>

/* ------------------------------------------------------------ ids */

SYSCALL_DEFINE0(getpid)
{
	return task_tgid_nr(current);
}

SYSCALL_DEFINE0(gettid)
{
	return task_pid_nr(current);
}

/* The parent's process id; 0 for init (whose parent is the kernel). */
SYSCALL_DEFINE0(getppid)
{
	struct task_struct *parent;
	pid_t pid = 0;

	rcu_read_lock();
	parent = READ_ONCE(current->group_leader->real_parent);
	if (parent)
		pid = task_tgid_nr(parent);
	rcu_read_unlock();
	return pid;
}

/* ------------------------------------------------------------ groups, sessions */

/* Any live process with this pgrp (or session, if sid) id?  RCU or tasklist_lock. */
static bool group_has_members(pid_t id, bool sid)
{
	struct task_struct *p;

	for_each_process(p) {
		if (!p->signal || !thread_group_leader(p) || p->exit_state == EXIT_DEAD)
			continue;
		if ((sid ? task_session_nr(p) : task_pgrp_nr(p)) == id)
			return true;
	}
	return false;
}

bool pid_in_use_as_group(pid_t id)
{
	struct task_struct *p;
	bool used = false;

	rcu_read_lock();
	for_each_process(p) {
		if (p->signal && (task_pgrp_nr(p) == id || task_session_nr(p) == id)) {
			used = true;
			break;
		}
	}
	rcu_read_unlock();
	return used;
}

bool pgrp_in_session(pid_t pgrp, pid_t sid)
{
	struct task_struct *p;
	bool found = false;

	rcu_read_lock();
	for_each_process(p) {
		if (thread_group_leader(p) && process_alive(p) &&
		    task_pgrp_nr(p) == pgrp && task_session_nr(p) == sid) {
			found = true;
			break;
		}
	}
	rcu_read_unlock();
	return found;
}

pid_t session_of_pgrp(pid_t pgrp)
{
	struct task_struct *p;
	pid_t sid = 0;

	rcu_read_lock();
	for_each_process(p) {
		if (thread_group_leader(p) && process_alive(p) && task_pgrp_nr(p) == pgrp) {
			sid = task_session_nr(p);
			break;
		}
	}
	rcu_read_unlock();
	return sid;
}

/*
 * POSIX: a process group is orphaned when no member has a parent in a
 * different group of the same session (nobody left to continue it).
 * ignored: a process about to exit, not counted as a member.
 */
bool will_become_orphaned_pgrp(pid_t pgrp, struct task_struct *ignored)
{
	struct task_struct *p, *parent;
	bool orphaned = true;

	rcu_read_lock();
	for_each_process(p) {
		if (!thread_group_leader(p) || !process_alive(p) || p == ignored ||
		    task_pgrp_nr(p) != pgrp)
			continue;
		parent = READ_ONCE(p->real_parent);
		/* Linux does not count init as a parent that could continue the group. */
		if (parent && parent->tgid != 1 && process_alive(parent) &&
		    !(parent->flags & PF_EXITING) && task_pgrp_nr(parent) != pgrp &&
		    task_session_nr(parent) == task_session_nr(p)) {
			orphaned = false;
			break;
		}
	}
	rcu_read_unlock();
	return orphaned;
}

bool is_current_pgrp_orphaned(void)
{
	return will_become_orphaned_pgrp(task_pgrp_nr(current), NULL);
}

bool has_stopped_jobs(pid_t pgrp)
{
	struct task_struct *p;
	bool stopped = false;

	rcu_read_lock();
	for_each_process(p) {
		if (p->signal && thread_group_leader(p) && task_pgrp_nr(p) == pgrp &&
		    (READ_ONCE(p->signal->flags) & SIGNAL_STOP_STOPPED)) {
			stopped = true;
			break;
		}
	}
	rcu_read_unlock();
	return stopped;
}

/* The process (its leader) with pid nr, under tasklist_lock or RCU. */
static struct task_struct *find_process(pid_t nr)
{
	struct task_struct *p = find_task_by_pid(nr);

	if (!p || !p->signal || p->exit_state == EXIT_DEAD)
		return NULL;
	return p->group_leader;
}

/*
 * setpgid(pid, pgid) (POSIX/Linux errno rules): pid 0 = the caller,
 * pgid 0 = pid.  The target is the caller or a child of it (ESRCH
 * otherwise), a child that has not exec'd (EACCES), in the caller's
 * session (EPERM);
 * a session leader cannot move (EPERM); the group must exist in the
 * caller's session unless pgid == pid (EPERM).
 */
SYSCALL_DEFINE2(setpgid, pid_t, pid, pid_t, pgid)
{
	struct task_struct *group_leader = current->group_leader, *p;
	int err;

	if (!pid)
		pid = task_tgid_nr(group_leader);
	if (!pgid)
		pgid = pid;
	if (pgid < 0)
		return -EINVAL;

	spin_lock(&tasklist_lock);
	err = -ESRCH;
	p = find_process(pid);
	if (!p || !process_alive(p))
		goto out;
	if (p->real_parent && same_thread_group(p->real_parent, group_leader)) {
		err = -EPERM;
		if (task_session_nr(p) != task_session_nr(group_leader))
			goto out;
		err = -EACCES;
		if (!(p->flags & PF_FORKNOEXEC))
			goto out;
	} else if (p != group_leader) {
		goto out;
	}
	err = -EPERM;
	if (p->signal->leader)
		goto out;
	if (pgid != pid) {
		struct task_struct *q;
		bool ok = false;

		for_each_process(q) {
			if (thread_group_leader(q) && process_alive(q) &&
			    task_pgrp_nr(q) == pgid &&
			    task_session_nr(q) == task_session_nr(group_leader)) {
				ok = true;
				break;
			}
		}
		if (!ok)
			goto out;
	}
	WRITE_ONCE(p->signal->pgrp, pgid);
	err = 0;
out:
	spin_unlock(&tasklist_lock);
	return err;
}

static pid_t do_getpgid_sid(pid_t pid, bool sid)
{
	struct task_struct *p;
	pid_t ret;

	if (!pid)
		return sid ? task_session_nr(current) : task_pgrp_nr(current);
	rcu_read_lock();
	p = find_process(pid);
	ret = p ? (sid ? task_session_nr(p) : task_pgrp_nr(p)) : -ESRCH;
	rcu_read_unlock();
	return ret;
}

SYSCALL_DEFINE1(getpgid, pid_t, pid)
{
	return do_getpgid_sid(pid, false);
}

SYSCALL_DEFINE0(getpgrp)
{
	return task_pgrp_nr(current);
}

SYSCALL_DEFINE1(getsid, pid_t, pid)
{
	return do_getpgid_sid(pid, true);
}

/* A new session and group, both named after the caller; no controlling tty. */
SYSCALL_DEFINE0(setsid)
{
	struct task_struct *group_leader = current->group_leader;
	pid_t sid = task_tgid_nr(group_leader);
	int err = -EPERM;

	spin_lock(&tasklist_lock);
	/* Fails if a process group with our id already exists (we lead one). */
	if (group_has_members(sid, false))
		goto out;
	group_leader->signal->leader = true;
	WRITE_ONCE(group_leader->signal->session, sid);
	WRITE_ONCE(group_leader->signal->pgrp, sid);
	group_leader->signal->tty = NULL;
	err = sid;
out:
	spin_unlock(&tasklist_lock);
	return err;
}

/* ------------------------------------------------------------ prctl */

SYSCALL_DEFINE5(prctl, int, option, unsigned long, arg2, unsigned long, arg3,
		unsigned long, arg4, unsigned long, arg5)
{
	char comm[TASK_COMM_LEN];

	switch (option) {
	case PR_SET_NAME:
		if (strncpy_from_user(comm, (const char *)arg2, sizeof(comm)) < 0)
			return -EFAULT;
		comm[sizeof(comm) - 1] = '\0';
		set_task_comm(current, comm);
		return 0;
	case PR_GET_NAME:
		get_task_comm(comm, current);
		return copy_to_user((char *)arg2, comm, sizeof(comm)) ? -EFAULT : 0;
	case PR_SET_PDEATHSIG:
		if (!valid_signal(arg2))
			return -EINVAL;
		current->pdeath_signal = arg2;
		return 0;
	case PR_GET_PDEATHSIG:
		return put_user(current->pdeath_signal, (int *)arg2);
	case PR_SET_CHILD_SUBREAPER:
		current->signal->is_child_subreaper = !!arg2;
		return 0;
	case PR_GET_CHILD_SUBREAPER:
		return put_user((int)current->signal->is_child_subreaper, (int *)arg2);
	case PR_GET_DUMPABLE:
		/* <linux/sched/coredump.h>; there are no core dumps yet. */
		return current->mm ? get_dumpable(current->mm) : SUID_DUMP_DISABLE;
	case PR_SET_DUMPABLE:
		/* Only 0 and 1: 2 comes from suid_dumpable alone. */
		if (arg2 != SUID_DUMP_DISABLE && arg2 != SUID_DUMP_USER)
			return -EINVAL;
		if (!current->mm)
			return -EINVAL;
		set_dumpable(current->mm, arg2);
		return 0;
	case PR_SET_NO_NEW_PRIVS:
		/* One way: execve can no longer grant privilege (fs/exec.c). */
		if (arg2 != 1 || arg3 || arg4 || arg5)
			return -EINVAL;
		current->no_new_privs = true;
		return 0;
	case PR_GET_NO_NEW_PRIVS:
		if (arg2 || arg3 || arg4 || arg5)
			return -EINVAL;
		return current->no_new_privs;
	case PR_CAPBSET_READ:
	case PR_CAPBSET_DROP:
	case PR_CAP_AMBIENT:
	case PR_GET_KEEPCAPS:
	case PR_SET_KEEPCAPS:
	case PR_GET_SECUREBITS:
	case PR_SET_SECUREBITS:
		return cap_task_prctl(option, arg2, arg3, arg4, arg5);
	default:
		return -EINVAL;
	}
}

/* ------------------------------------------------------------ threads */

SYSCALL_DEFINE1(set_tid_address, int *, tidptr)
{
	current->clear_child_tid = tidptr;
	return task_pid_nr(current);
}

/* The robust-futex list head is stored for the futex code to walk at exit. */
#define ROBUST_LIST_HEAD_SIZE	24	/* sizeof(struct robust_list_head) on x86_64 */

SYSCALL_DEFINE2(set_robust_list, void *, head, size_t, len)
{
	if (len != ROBUST_LIST_HEAD_SIZE)
		return -EINVAL;
	current->robust_list = head;
	current->robust_list_len = len;
	return 0;
}

SYSCALL_DEFINE3(get_robust_list, int, pid, void **, head_ptr, size_t *, len_ptr)
{
	struct task_struct *p;
	void *head;

	rcu_read_lock();
	p = pid ? find_task_by_pid(pid) : current;
	if (!p || !p->signal) {
		rcu_read_unlock();
		return -ESRCH;
	}
	head = p->robust_list;
	rcu_read_unlock();
	if (put_user((unsigned long)ROBUST_LIST_HEAD_SIZE, (unsigned long *)len_ptr))
		return -EFAULT;
	return put_user((unsigned long)head, (unsigned long *)head_ptr);
}
