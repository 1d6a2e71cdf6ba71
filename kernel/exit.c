// SPDX-License-Identifier: GPL-2.0-only
/*
 * Task exit and waiting for children.
 *
 * Interface: do_exit(), do_group_exit(), release_task(), wait4(2),
 * waitid(2), exit(2), exit_group(2), wait_task_exited() (kernel threads).
 *
 * do_exit() releases what the task holds (address space, files, cwd),
 * hands its children to a new parent (another thread of its process, or
 * init), and then:
 *   - a kernel thread is reaped at once (EXIT_DEAD);
 *   - a thread that is not its process's leader is reaped at once too;
 *   - a process leader becomes a zombie (EXIT_ZOMBIE) once its process has
 *     no other threads: its parent gets exit_signal (SIGCHLD) and reaps it
 *     with wait4()/waitid() - unless the parent ignores SIGCHLD or set
 *     SA_NOCLDWAIT, which reaps it at once.  A leader that exits before
 *     its threads stays an unreportable zombie until the last one goes.
 * The task then switches away for the last time in TASK_DEAD; the next
 * task drops its running reference (finish_task_switch()).  A user task
 * holds a second reference for its zombie, dropped by release_task().
 *
 * Wait status encoding (Linux): exited (code & 0xff) << 8; killed: the
 * signal number (the core-dump bit 0x80 is never set: no core files);
 * stopped (sig << 8) | 0x7f; continued 0xffff.
 *
 * PID 1: when init's process dies the kernel panics, as Linux does.
 *
 * Traced tasks (linux/ptrace.h): the tracer's wait() reports their ptrace
 * stops (with or without WUNTRACED) and their exit - a traced thread too
 * stays a zombie for it.  Once the tracer has seen the exit, a process
 * leader goes on to its real parent as above.  The real parent does not
 * see a child while another process traces it.  A tracer's exit detaches
 * its tracees (exit_ptrace()).
 *
 * Locking: tasklist_lock for the tree and exit_state; children are
 * examined under it and user memory is written only after dropping it.
 */
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/sem.h>
#include <linux/signal.h>
#include <linux/cred.h>
#include <linux/wait_bit.h>
#include <linux/bug.h>
#include <linux/panic.h>
#include <linux/errno.h>
#include <linux/syscalls.h>
#include <linux/fs_struct.h>
#include <linux/fdtable.h>
#include <linux/completion.h>
#include <linux/tty.h>
#include <linux/jiffies.h>
#include <uapi/linux/wait.h>
#include <uapi/linux/resource.h>
#include <linux/file.h>
#include <linux/pidfd.h>
#include <linux/ptrace.h>
#include <asm/uaccess.h>
#include "sched/sched.h"
#include <linux/sched/mm.h>

static inline bool is_global_init(struct task_struct *p)
{
	return p->tgid == 1;
}

void thread_group_cputime(struct task_struct *p, unsigned long *ut, unsigned long *st)
{
	struct signal_struct *sig = p->signal;
	struct task_struct *t;

	*ut = sig->utime;
	*st = sig->stime;
	rcu_read_lock();
	for_each_thread(p, t) {
		*ut += READ_ONCE(t->utime);
		*st += READ_ONCE(t->stime);
	}
	rcu_read_unlock();
}

/* ------------------------------------------------------------ release */

/* A leader waiting for its threads to go before it can be reported. */
static bool delay_group_leader(struct task_struct *p)
{
	return thread_group_leader(p) && !thread_group_empty(p);
}

/* Unlink a dead task from everything (tasklist_lock held). */
static void __unhash_task(struct task_struct *p)
{
	struct signal_struct *sig = p->signal;
	unsigned long flags;

	spin_lock_irqsave(&p->sighand->siglock, flags);
	sig->utime += p->utime;
	sig->stime += p->stime;
	sig->nvcsw += p->nvcsw;
	sig->nivcsw += p->nivcsw;
	sig->min_flt += p->min_flt;
	sig->maj_flt += p->maj_flt;
	list_del_rcu(&p->thread_node);
	sig->nr_threads--;
	/* An execve in another thread waits for the group to shrink to it. */
	if (sig->group_exec_task && sig->nr_threads == 1)
		wake_up_process(sig->group_exec_task);
	spin_unlock_irqrestore(&p->sighand->siglock, flags);

	list_del_rcu(&p->tasks);
	detach_pid(p);
	list_del_init(&p->sibling);
	if (p->ptrace)
		__ptrace_unlink(p);
}

void release_task(struct task_struct *p)
{
	struct task_struct *leader, *zap = NULL;

	spin_lock(&tasklist_lock);
	__unhash_task(p);
	/*
	 * If p was the last thread of a process whose leader is already a
	 * zombie, the leader can now be reported (and maybe reaped).
	 */
	leader = p->group_leader;
	if (leader != p && thread_group_empty(leader) &&
	    leader->exit_state == EXIT_ZOMBIE) {
		/* A traced leader waits for its tracer, whatever the parent wants. */
		if (do_notify_parent(leader, leader->exit_signal) && !leader->ptrace) {
			leader->exit_state = EXIT_DEAD;
			zap = leader;
		}
	}
	spin_unlock(&tasklist_lock);

	free_pid(p->pid);
	/*
	 * The reference the zombie held (see copy_process()).  signal and
	 * sighand go with the task_struct itself, after an RCU grace period:
	 * a sender that found p under RCU may still take p->sighand->siglock.
	 */
	put_task_struct(p);
	if (zap)
		release_task(zap);
}

void exec_take_over_leader(struct task_struct *tsk)
{
	struct task_struct *leader = tsk->group_leader, *t;
	pid_t old_pid = tsk->pid;

	spin_lock(&tasklist_lock);
	detach_pid(tsk);
	detach_pid(leader);
	tsk->pid = leader->pid;
	leader->pid = old_pid;
	attach_pid(tsk);
	attach_pid(leader);
	tsk->start_time = leader->start_time;
	/* tsk takes the leader's place among its parent's children. */
	tsk->real_parent = leader->real_parent;
	tsk->parent = leader->parent;
	list_replace_init(&leader->sibling, &tsk->sibling);
	tsk->exit_signal = leader->exit_signal;
	leader->exit_signal = -1;
	for_each_thread(tsk, t)
		t->group_leader = tsk;
	leader->exit_state = EXIT_DEAD;
	spin_unlock(&tasklist_lock);
	/* The old leader goes now, under tsk's old pid. */
	release_task(leader);
}

/* ------------------------------------------------------------ reparenting */

/*
 * Where p's children go: a live thread of p's process, else the nearest
 * ancestor that is a child subreaper (PR_SET_CHILD_SUBREAPER), else init.
 */
static struct task_struct *find_new_reaper(struct task_struct *p)
{
	struct task_struct *t, *init, *a;

	for_each_thread(p, t)
		if (!(t->flags & PF_EXITING))
			return t;
	for (a = p->group_leader->real_parent; a && a->signal; a = a->group_leader->real_parent) {
		if (!a->signal->is_child_subreaper)
			continue;
		for_each_thread(a, t)
			if (!(t->flags & PF_EXITING))
				return t;
	}
	init = find_task_by_pid(1);
	if (init && init->signal && init != p)
		return init;
	return NULL;
}

/*
 * POSIX job control: when tsk's exit (parent NULL) or its parent's
 * (parent set) leaves a process group orphaned that has stopped members,
 * the group gets SIGHUP and SIGCONT - nobody could continue it otherwise.
 */
static void kill_orphaned_pgrp(struct task_struct *tsk, struct task_struct *parent)
{
	pid_t pgrp = task_pgrp_nr(tsk);
	struct task_struct *ignored = tsk;

	if (!parent)
		parent = tsk->real_parent;
	else
		ignored = NULL;
	if (!parent || !parent->signal || !pgrp)
		return;
	if (task_pgrp_nr(parent) != pgrp && task_session_nr(parent) == task_session_nr(tsk) &&
	    will_become_orphaned_pgrp(pgrp, ignored) && has_stopped_jobs(pgrp)) {
		kill_pgrp(pgrp, SIGHUP, 1);
		kill_pgrp(pgrp, SIGCONT, 1);
	}
}

/*
 * Give p's children to a new parent (tasklist_lock held).  Zombies among
 * them are reported to the new parent; those it does not want are added
 * to *dead for reaping.
 */
static void forget_original_parent(struct task_struct *p, struct list_head *dead)
{
	struct task_struct *reaper, *child, *n;

	if (list_empty(&p->children))
		return;
	reaper = find_new_reaper(p);
	list_for_each_entry_safe(child, n, &p->children, sibling) {
		struct task_struct *t;

		for_each_thread(child, t) {
			t->real_parent = reaper;
			t->parent = reaper;
			if (t->pdeath_signal)
				send_sig(t->pdeath_signal, t, 1);
		}
		list_del_init(&child->sibling);
		if (!child->exit_state)
			kill_orphaned_pgrp(child, p);
		if (!reaper)
			continue;
		list_add_tail(&child->sibling, &reaper->children);
		if (child->exit_state == EXIT_ZOMBIE && thread_group_empty(child) &&
		    do_notify_parent(child, child->exit_signal)) {
			child->exit_state = EXIT_DEAD;
			list_move_tail(&child->sibling, dead);
		}
	}
}

/* Become a zombie, or go away at once if nobody will wait for us. */
static void exit_notify(struct task_struct *tsk)
{
	struct task_struct *p, *n;
	bool autoreap;
	LIST_HEAD(dead);

	spin_lock(&tasklist_lock);
	exit_ptrace(tsk, &dead);
	forget_original_parent(tsk, &dead);
	if (thread_group_empty(tsk))
		kill_orphaned_pgrp(tsk->group_leader, NULL);
	tsk->exit_state = EXIT_ZOMBIE;
	if (tsk->ptrace) {
		/* The tracer reaps or passes on every traced task (wait_traced_zombie()). */
		if (!thread_group_leader(tsk))
			do_notify_parent(tsk, SIGCHLD);
		else if (thread_group_empty(tsk))
			do_notify_parent(tsk, tsk->exit_signal);
		autoreap = false;
	} else if (thread_group_leader(tsk)) {
		autoreap = thread_group_empty(tsk) && do_notify_parent(tsk, tsk->exit_signal);
	} else {
		autoreap = true;
	}
	if (autoreap)
		tsk->exit_state = EXIT_DEAD;
	/* A non-leader thread's execve waits for the leader to be a zombie. */
	if (!autoreap && tsk->signal->group_exec_task)
		wake_up_process(tsk->signal->group_exec_task);
	spin_unlock(&tasklist_lock);

	list_for_each_entry_safe(p, n, &dead, sibling) {
		list_del_init(&p->sibling);
		release_task(p);
	}
	if (autoreap)
		release_task(tsk);
}

/* Leaving a group stop that counted on us (siglock taken inside). */
static void exit_signals(struct task_struct *tsk)
{
	struct signal_struct *sig = tsk->signal;
	bool notify = false;
	unsigned long flags;

	spin_lock_irqsave(&tsk->sighand->siglock, flags);
	tsk->flags |= PF_EXITING;
	if (tsk->jobctl & JOBCTL_STOP_CONSUME) {
		tsk->jobctl &= ~(JOBCTL_STOP_PENDING | JOBCTL_STOP_CONSUME);
		if (--sig->group_stop_count == 0 && !(sig->flags & SIGNAL_GROUP_EXIT)) {
			sig->flags = SIGNAL_STOP_STOPPED;
			notify = true;
		}
	}
	spin_unlock_irqrestore(&tsk->sighand->siglock, flags);
	if (notify)
		do_notify_parent_cldstop(tsk, CLD_STOPPED);
}

static void __noreturn do_exit_kthread(struct task_struct *tsk)
{
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

void __noreturn do_exit(long code)
{
	struct task_struct *tsk = current;
	bool group_dead;

	if (WARN_ON(is_idle_task(tsk)))
		panic("the idle task tried to exit");
	if (tsk->signal)
		ptrace_event(PTRACE_EVENT_EXIT, code);
	tsk->flags |= PF_EXITING;
	tsk->exit_code = code;
	if (!tsk->signal) {
		/* Close files and drop cwd/root while we can still sleep. */
		exit_files(tsk);
		exit_fs(tsk);
		do_exit_kthread(tsk);
	}

	exit_signals(tsk);
	group_dead = atomic_dec_and_test(&tsk->signal->live);
	if (group_dead && is_global_init(tsk))
		panic("Attempted to kill init! exitcode=0x%08lx", (unsigned long)code);

	/* A dying session leader hangs up its controlling terminal (tty layer). */
	if (group_dead && tsk->signal->leader)
		disassociate_ctty(1);
	/* The process's System V semaphore adjustments (SEM_UNDO) take effect. */
	if (group_dead)
		exit_sem(tsk);
	mm_release(tsk, tsk->mm);
	if (tsk->mm)
		exit_mm(tsk);
	exit_files(tsk);
	exit_fs(tsk);
	exit_notify(tsk);
	wake_up_var(&tsk->exit_state);

	__set_current_state(TASK_DEAD);
	schedule();
	BUG();
}

void __noreturn do_group_exit(int exit_code)
{
	struct signal_struct *sig = current->signal;
	unsigned long flags;

	spin_lock_irqsave(&current->sighand->siglock, flags);
	if (sig->flags & SIGNAL_GROUP_EXIT) {
		exit_code = sig->group_exit_code;
	} else if (sig->group_exec_task) {
		/* Killed by another thread's execve: leave quietly. */
		exit_code = 0;
	} else if (!thread_group_empty(current)) {
		sig->group_exit_code = exit_code;
		sig->flags = SIGNAL_GROUP_EXIT;
		zap_other_threads(current);
	}
	spin_unlock_irqrestore(&current->sighand->siglock, flags);
	do_exit(exit_code);
}

SYSCALL_DEFINE1(exit, int, error_code)
{
	do_exit((error_code & 0xff) << 8);
}

SYSCALL_DEFINE1(exit_group, int, error_code)
{
	do_group_exit((error_code & 0xff) << 8);
}

void wait_task_exited(struct task_struct *p)
{
	wait_var_event(&p->exit_state, READ_ONCE(p->exit_state) != 0);
}

/* ------------------------------------------------------------ wait */

struct wait_opts {
	int which;		/* P_ALL, P_PID, P_PGID */
	pid_t id;
	int options;
	int notask_error;	/* -ECHILD until an eligible child is seen */
	/* What was found, copied to user space after tasklist_lock is dropped. */
	pid_t pid;
	int status;		/* wait4 encoding */
	int cld_code;		/* CLD_* */
	int cld_status;
	uid_t uid;
	struct process_usage usage;	/* the child's, with its reaped children */
	struct task_struct *reap;
};

static bool eligible_child(struct wait_opts *wo, struct task_struct *p)
{
	if (wo->which == P_PID && p->tgid != wo->id)
		return false;
	if (wo->which == P_PGID && task_pgrp_nr(p) != wo->id)
		return false;
	/* __WCLONE selects children that report with something else than SIGCHLD. */
	if (!(wo->options & __WALL) &&
	    ((p->exit_signal != SIGCHLD) ^ !!(wo->options & __WCLONE)))
		return false;
	return true;
}

static void fill_found(struct wait_opts *wo, struct task_struct *p, int status,
		       int code, int cld_status)
{
	wo->pid = p->tgid;
	/* A zombie or stopped child cannot change its credentials. */
	wo->uid = p->real_cred ? p->real_cred->uid : 0;
	wo->status = status;
	wo->cld_code = code;
	wo->cld_status = cld_status;
	process_usage(p, true, &wo->usage);
}

/* What wait() reports about zombie p: its status and the CLD_* code. */
static void fill_found_exit(struct wait_opts *wo, struct task_struct *p)
{
	int status = task_exit_status(p);

	if (status & 0x7f)
		fill_found(wo, p, status, (status & 0x80) ? CLD_DUMPED : CLD_KILLED,
			   status & 0x7f);
	else
		fill_found(wo, p, status, CLD_EXITED, (status >> 8) & 0xff);
}

/* tasklist_lock held.  Returns 1 when wo holds a result. */
static int wait_task_zombie(struct wait_opts *wo, struct task_struct *p)
{
	struct signal_struct *psig = current->signal;
	unsigned long flags;

	fill_found_exit(wo, p);
	if (wo->options & WNOWAIT)
		return 1;
	p->exit_state = EXIT_DEAD;
	/* The child's whole usage (its reaped children included) is ours now. */
	spin_lock_irqsave(&current->sighand->siglock, flags);
	psig->cutime += wo->usage.utime;
	psig->cstime += wo->usage.stime;
	psig->cnvcsw += wo->usage.nvcsw;
	psig->cnivcsw += wo->usage.nivcsw;
	psig->cmin_flt += wo->usage.min_flt;
	psig->cmaj_flt += wo->usage.maj_flt;
	if (wo->usage.maxrss > psig->cmaxrss)
		psig->cmaxrss = wo->usage.maxrss;
	spin_unlock_irqrestore(&current->sighand->siglock, flags);
	wo->reap = p;
	return 1;
}

static int wait_task_stopped(struct wait_opts *wo, struct task_struct *p)
{
	struct signal_struct *sig = p->signal;
	unsigned long flags;
	int code;

	if (!(wo->options & WUNTRACED))
		return 0;
	spin_lock_irqsave(&p->sighand->siglock, flags);
	code = (sig->flags & SIGNAL_STOP_STOPPED) ? sig->group_exit_code : 0;
	if (code && !(wo->options & WNOWAIT))
		sig->group_exit_code = 0;
	spin_unlock_irqrestore(&p->sighand->siglock, flags);
	if (!code)
		return 0;
	fill_found(wo, p, (code << 8) | 0x7f, CLD_STOPPED, code);
	return 1;
}

static int wait_task_continued(struct wait_opts *wo, struct task_struct *p)
{
	struct signal_struct *sig = p->signal;
	unsigned long flags;
	bool cont;

	if (!(wo->options & WCONTINUED))
		return 0;
	spin_lock_irqsave(&p->sighand->siglock, flags);
	cont = sig->flags & SIGNAL_STOP_CONTINUED;
	if (cont && !(wo->options & WNOWAIT))
		sig->flags &= ~SIGNAL_STOP_CONTINUED;
	spin_unlock_irqrestore(&p->sighand->siglock, flags);
	if (!cont)
		return 0;
	fill_found(wo, p, 0xffff, CLD_CONTINUED, SIGCONT);
	return 1;
}

/* ------------------------------------------------------------ wait: tracees */

/*
 * A tracee is waited for by its thread id, and whatever its exit signal
 * (being traced implies __WALL).
 */
static bool eligible_traced(struct wait_opts *wo, struct task_struct *p)
{
	if (wo->which == P_PID && p->pid != wo->id)
		return false;
	if (wo->which == P_PGID && task_pgrp_nr(p) != wo->id)
		return false;
	return true;
}

/* A ptrace stop not yet reported: status (code << 8) | 0x7f, CLD_TRAPPED. */
static int wait_traced_stopped(struct wait_opts *wo, struct task_struct *p)
{
	unsigned long flags;
	int code = 0;

	spin_lock_irqsave(&p->sighand->siglock, flags);
	if ((p->jobctl & JOBCTL_TRACED) && p->ptrace_unreported) {
		code = p->ptrace_code;
		if (!(wo->options & WNOWAIT))
			p->ptrace_unreported = false;
	}
	spin_unlock_irqrestore(&p->sighand->siglock, flags);
	if (!code)
		return 0;
	fill_found(wo, p, (code << 8) | 0x7f, CLD_TRAPPED, code);
	wo->pid = p->pid;
	return 1;
}

/*
 * A traced zombie: the tracer hears the exit first.  Then the link goes;
 * our own child is reaped as usual, another process's leader is handed
 * to its real parent (which may reap it at once), a thread is released.
 */
static int wait_traced_zombie(struct wait_opts *wo, struct task_struct *p)
{
	if (thread_group_leader(p) && same_thread_group(p->real_parent, current)) {
		if (!(wo->options & WNOWAIT))
			__ptrace_unlink(p);
		return wait_task_zombie(wo, p);
	}
	fill_found_exit(wo, p);
	wo->pid = p->pid;
	if (wo->options & WNOWAIT)
		return 1;
	__ptrace_unlink(p);
	if (!thread_group_leader(p) || do_notify_parent(p, p->exit_signal)) {
		p->exit_state = EXIT_DEAD;
		wo->reap = p;
	}
	return 1;
}

/*
 * Has p something to report?  traced: p is on our ptraced list, else on
 * our children list - where a tracee is left to its tracer's scan, even
 * when that is us.
 */
static int wait_consider_task(struct wait_opts *wo, struct task_struct *p, bool traced)
{
	int state = READ_ONCE(p->exit_state);

	if (state == EXIT_DEAD || !(traced ? eligible_traced(wo, p) : eligible_child(wo, p)))
		return 0;
	wo->notask_error = 0;
	if (p->ptrace && !traced)
		return 0;
	if (state == EXIT_ZOMBIE) {
		if (delay_group_leader(p) || !(wo->options & WEXITED))
			return 0;
		return traced ? wait_traced_zombie(wo, p) : wait_task_zombie(wo, p);
	}
	if (traced)
		return wait_traced_stopped(wo, p);
	if (wait_task_stopped(wo, p))
		return 1;
	return wait_task_continued(wo, p);
}

static int do_wait_scan(struct wait_opts *wo)
{
	struct task_struct *t, *p, *n;

	for_each_thread(current, t) {
		if ((wo->options & __WNOTHREAD) && t != current)
			continue;
		list_for_each_entry_safe(p, n, &t->ptraced, ptrace_entry)
			if (wait_consider_task(wo, p, true))
				return 1;
		list_for_each_entry(p, &t->children, sibling)
			if (wait_consider_task(wo, p, false))
				return 1;
	}
	return 0;
}

/* Returns the pid found, 0 (WNOHANG, nothing yet) or -errno. */
static long do_wait(struct wait_opts *wo)
{
	DECLARE_WAITQUEUE(wait, current);
	long ret;

	add_wait_queue(&current->signal->wait_chldexit, &wait);
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		wo->notask_error = -ECHILD;
		wo->reap = NULL;
		spin_lock(&tasklist_lock);
		ret = do_wait_scan(wo);
		spin_unlock(&tasklist_lock);
		if (ret) {
			ret = wo->pid;
			break;
		}
		ret = wo->notask_error;
		if (ret || (wo->options & WNOHANG))
			break;
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&current->signal->wait_chldexit, &wait);
	if (wo->reap)
		release_task(wo->reap);
	return ret;
}

static int fill_rusage(struct wait_opts *wo, struct rusage *ru)
{
	struct rusage r;

	process_usage_to_rusage(&wo->usage, &r);
	return copy_to_user(ru, &r, sizeof(r)) ? -EFAULT : 0;
}

SYSCALL_DEFINE4(wait4, pid_t, upid, int *, stat_addr, int, options, struct rusage *, ru)
{
	struct wait_opts wo = { .options = options | WEXITED };
	long ret;

	if (options & ~(WNOHANG | WUNTRACED | WCONTINUED | __WNOTHREAD | __WCLONE | __WALL))
		return -EINVAL;
	if (upid == -1) {
		wo.which = P_ALL;
	} else if (upid < 0) {
		wo.which = P_PGID;
		wo.id = -upid;
	} else if (upid == 0) {
		wo.which = P_PGID;
		wo.id = task_pgrp_nr(current);
	} else {
		wo.which = P_PID;
		wo.id = upid;
	}
	ret = do_wait(&wo);
	if (ret > 0) {
		if (stat_addr && put_user(wo.status, stat_addr))
			return -EFAULT;
		if (ru && fill_rusage(&wo, ru))
			return -EFAULT;
	} else if (ret == 0 && ru) {
		struct rusage zero = { };

		if (copy_to_user(ru, &zero, sizeof(zero)))
			return -EFAULT;
	}
	return ret;
}

/* The siginfo waitid(2) hands back about the child do_wait() found. */
static void waitid_info(siginfo_t *info, const struct wait_opts *wo)
{
	info->si_pid = wo->pid;
	info->si_uid = wo->uid;
	info->si_signo = SIGCHLD;
	info->si_code = wo->cld_code;
	info->si_status = wo->cld_status;
}

/* waitid(P_PIDFD): the process the pidfd names; EBADF if fd is not one. */
static int pidfd_wait_target(int fd, pid_t *pid)
{
	struct fd f = fdget(fd);
	struct task_struct *p;

	if (!f.file)
		return -EBADF;
	p = pidfd_task(f.file);
	if (p)
		*pid = p->tgid;
	fdput(f);
	return p ? 0 : -EBADF;
}

SYSCALL_DEFINE5(waitid, int, which, pid_t, upid, siginfo_t *, infop, int, options,
		struct rusage *, ru)
{
	struct wait_opts wo = { .options = options };
	siginfo_t info;
	long ret;

	if (options & ~(WNOHANG | WNOWAIT | WEXITED | WSTOPPED | WCONTINUED |
			__WNOTHREAD | __WCLONE | __WALL))
		return -EINVAL;
	if (!(options & (WEXITED | WSTOPPED | WCONTINUED)))
		return -EINVAL;
	switch (which) {
	case P_ALL:
		wo.which = P_ALL;
		break;
	case P_PID:
		if (upid <= 0)
			return -EINVAL;
		wo.which = P_PID;
		wo.id = upid;
		break;
	case P_PGID:
		if (upid < 0)
			return -EINVAL;
		wo.which = P_PGID;
		wo.id = upid ? upid : task_pgrp_nr(current);
		break;
	case P_PIDFD:
		ret = pidfd_wait_target(upid, &wo.id);
		if (ret)
			return ret;
		wo.which = P_PID;
		break;
	default:
		return -EINVAL;
	}
	ret = do_wait(&wo);
	if (ret < 0)
		return ret;
	/* Nothing found under WNOHANG: an all-zero siginfo, as Linux gives. */
	memset(&info, 0, sizeof(info));
	if (ret > 0)
		waitid_info(&info, &wo);
	if (infop && copy_to_user(infop, &info, sizeof(info)))
		return -EFAULT;
	if (ru) {
		if (ret > 0) {
			if (fill_rusage(&wo, ru))
				return -EFAULT;
		} else {
			struct rusage zero = { };

			if (copy_to_user(ru, &zero, sizeof(zero)))
				return -EFAULT;
		}
	}
	return 0;
}
