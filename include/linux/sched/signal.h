/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Processes: the per-process signal state, thread groups, process groups
 * and sessions (kernel/signal.c, kernel/fork.c, kernel/exit.c,
 * kernel/sys.c).
 *
 * A process is a thread group: tasks sharing one struct signal_struct
 * (and, with CLONE_SIGHAND, one struct sighand_struct).  Its pid is the
 * group leader's pid (task->tgid).  Kernel threads have neither.
 *
 * Process groups and sessions are plain ids stored in the signal_struct
 * (pgrp, session).  A pgrp or session id is the pid of the process that
 * created it; pids are not reused while a process group or session with
 * that id still has members (alloc_pid() checks), as in Linux.
 *
 * The interface for the tty layer:
 *   task_pgrp_nr(p), task_session_nr(p)   ids of p's process
 *   pgrp_in_session(pgrp, sid)            TIOCSPGRP's check: some process of
 *                                         group pgrp is in session sid
 *   session_of_pgrp(pgrp)                 the session of a group, or 0
 *   is_current_pgrp_orphaned()            POSIX orphaned group (job control
 *                                         reads from a background tty)
 *   kill_pgrp(pgrp, sig, priv)            signal every process of the group;
 *                                         safe from interrupt context
 *   signal->tty                           the controlling terminal; the tty
 *                                         layer owns this field and its
 *                                         locking (written with siglock
 *                                         held by convention)
 *
 * Locking:
 *   tasklist_lock   parent/children/sibling, thread lists, pgrp/session
 *                   changes, exit_state, reaping; RCU for readers of the
 *                   task list and the thread list
 *   siglock         (sighand->siglock, always irqsave) pending queues,
 *                   blocked masks, actions, signal->flags, group stop and
 *                   group exit state, jobctl
 *   Order: tasklist_lock -> siglock.
 */
#ifndef _LINUX_SCHED_SIGNAL_H
#define _LINUX_SCHED_SIGNAL_H

#include <linux/sched.h>
#include <linux/signal.h>
#include <linux/wait.h>
#include <linux/spinlock.h>
#include <linux/rcupdate.h>
#include <asm/atomic.h>
#include <uapi/linux/resource.h>

struct tty_struct;
struct itimers;
struct posix_timers;

/* A sleeping stopped task: woken by SIGCONT, or by SIGKILL (WAKEKILL). */
#define TASK_STOPPED		(TASK_WAKEKILL | __TASK_STOPPED)
/* A task in a ptrace stop: resumed by its tracer, or by SIGKILL. */
#define TASK_TRACED		(TASK_WAKEKILL | __TASK_TRACED)

/* Handlers, shared by threads made with CLONE_SIGHAND. */
struct sighand_struct {
	atomic_t count;
	spinlock_t siglock;
	struct k_sigaction action[_NSIG];	/* siglock */
	wait_queue_head_t signalfd_wqh;
	struct rcu_head rcu;		/* freed after a grace period: signalfd_cleanup() */
};

/* signal->flags (siglock) */
#define SIGNAL_STOP_STOPPED	0x00000001	/* group stop completed */
#define SIGNAL_STOP_CONTINUED	0x00000002	/* SIGCONT since the stop, not yet reported */
#define SIGNAL_GROUP_EXIT	0x00000004	/* exit_group() or a fatal signal */
#define SIGNAL_CLD_STOPPED	0x00000010	/* parent must hear CLD_STOPPED */
#define SIGNAL_CLD_CONTINUED	0x00000020	/* parent must hear CLD_CONTINUED */
#define SIGNAL_UNKILLABLE	0x00000040	/* init: only signals with handlers */

/* task->jobctl (siglock) */
#define JOBCTL_STOP_PENDING	0x00000001	/* take part in the group stop */
#define JOBCTL_STOP_CONSUME	0x00000002	/* counted in group_stop_count */
#define JOBCTL_TRACED		0x00000004	/* in a ptrace stop until the tracer resumes us */
#define JOBCTL_TRAP_STOP	0x00000008	/* seized: stop with PTRACE_EVENT_STOP */
#define JOBCTL_LISTENING	0x00000010	/* PTRACE_LISTEN: SIGCONT re-traps */
/* Work that makes get_signal() run although no signal is pending. */
#define JOBCTL_PENDING_MASK	(JOBCTL_STOP_PENDING | JOBCTL_TRAP_STOP)

struct signal_struct {
	atomic_t sigcnt;		/* references: threads + zombie leader */
	atomic_t live;			/* threads that have not run do_exit() */
	int nr_threads;			/* tasklist_lock */
	struct list_head thread_head;	/* tasklist_lock; RCU */

	wait_queue_head_t wait_chldexit; /* wait4()/waitid() of this process */
	struct sigpending shared_pending;

	int group_exit_code;		/* exit status, or the stop signal */
	struct task_struct *group_exec_task; /* execve killing the other threads */
	int notify_count;
	int group_stop_count;		/* threads yet to stop */
	unsigned int flags;		/* SIGNAL_* */

	pid_t pgrp;			/* process group (tasklist_lock) */
	pid_t session;			/* session (tasklist_lock) */
	bool leader;			/* session leader */
	bool is_child_subreaper;	/* PR_SET_CHILD_SUBREAPER: adopts orphaned descendants */
	struct tty_struct *tty;		/* controlling terminal (tty layer) */
	struct sem_undo_list *sysvsem;	/* SEM_UNDO entries (ipc/sem.c, its lock) */

	/* Times of exited threads and of reaped children, in ticks (siglock). */
	unsigned long utime, stime, cutime, cstime;
	unsigned long nvcsw, nivcsw, cnvcsw, cnivcsw;
	/* Page faults of exited threads and of reaped children (siglock). */
	unsigned long min_flt, maj_flt, cmin_flt, cmaj_flt;
	/*
	 * Peak resident set, KiB: @maxrss of address spaces this process has
	 * left (exit, execve), @cmaxrss the largest of its reaped children
	 * (each counted with its own reaped children).
	 */
	unsigned long maxrss, cmaxrss;

	/*
	 * Resource limits, the nice value and the interval timers (tty
	 * branch: kernel/rlimit.c, kernel/sched/syscalls.c,
	 * kernel/time/itimer.c).  signal_limits_init() gives a new struct
	 * Linux's defaults, signal_limits_inherit() copies rlim and nice at
	 * fork, itimers_exit() frees the timers with the struct.
	 *   rlim, nice   written under siglock, read without it (a word at a time)
	 *   itimers      allocated on first use (cmpxchg), its own lock inside
	 *   posix_timers the same for timer_create() (kernel/time/posix-timers.c)
	 */
	struct rlimit rlim[RLIM_NLIMITS];
	int nice;
	struct itimers *itimers;
	struct posix_timers *posix_timers;	/* timer_create(); made on first use */

	/*
	 * The OOM killer (mm/oom_kill.c).  oom_score_adj, and the lowest value
	 * a task without CAP_SYS_RESOURCE may set it to (the last one a
	 * privileged writer set): written under oom_adj_mutex, read with
	 * READ_ONCE(); inherited at fork.  oom_mm: the mm this process had
	 * when the OOM killer chose it (mmgrab()'ed; set once by cmpxchg,
	 * dropped when the struct is freed); non-NULL marks a victim.
	 */
	short oom_score_adj;
	short oom_score_adj_min;
	struct mm_struct *oom_mm;
};

/* ------------------------------------------------------------ threads */

static inline bool thread_group_leader(struct task_struct *p)
{
	return p->group_leader == p;
}

static inline bool thread_group_empty(struct task_struct *p)
{
	return list_is_singular(&p->signal->thread_head);
}

static inline bool same_thread_group(struct task_struct *a, struct task_struct *b)
{
	return a->signal == b->signal;
}

#define for_each_thread(p, t) \
	list_for_each_entry_rcu(t, &(p)->signal->thread_head, thread_node)

static inline pid_t task_pid_nr(struct task_struct *p)
{
	return p->pid;
}

static inline pid_t task_tgid_nr(struct task_struct *p)
{
	return p->tgid;
}

/*
 * Does p's process still run?  Its leader may already be a zombie while
 * other threads go on: signals and group membership follow the process.
 */
static inline bool process_alive(struct task_struct *p)
{
	return p->signal && atomic_read(&p->signal->live) > 0;
}

/* ------------------------------------------------------------ groups, sessions */

static inline pid_t task_pgrp_nr(struct task_struct *p)
{
	return p->signal ? READ_ONCE(p->signal->pgrp) : 0;
}

static inline pid_t task_session_nr(struct task_struct *p)
{
	return p->signal ? READ_ONCE(p->signal->session) : 0;
}

bool pgrp_in_session(pid_t pgrp, pid_t sid);
pid_t session_of_pgrp(pid_t pgrp);
bool is_current_pgrp_orphaned(void);
/* Would pgrp be orphaned without ignored?  Has it stopped members? */
bool will_become_orphaned_pgrp(pid_t pgrp, struct task_struct *ignored);
bool has_stopped_jobs(pid_t pgrp);
int kill_pgrp(pid_t pgrp, int sig, int priv);
/* Is id a pgrp or session id of a live process (pid reuse check)? */
bool pid_in_use_as_group(pid_t id);

/* ------------------------------------------------------------ process life */

struct signal_struct *alloc_signal_struct(void);
struct sighand_struct *alloc_sighand_struct(void);
void put_signal_struct(struct signal_struct *sig);
void put_sighand_struct(struct sighand_struct *sighand);
/*
 * Next signal of tsk not in mask, into info; 0 if none.  siglock held;
 * recalcs current's TIF_SIGPENDING (kernel/signal.c).
 */
int dequeue_signal(struct task_struct *tsk, const sigset_t *mask, kernel_siginfo_t *info);
/*
 * Give a kernel thread the process state of a user process (PID 1 before
 * it execs /init): own signal and sighand, pgrp = session = 0.
 */
int make_task_user_process(struct task_struct *p);

/* exit_group(): kill every other thread of the process, then exit. */
void __noreturn do_group_exit(int exit_code);
/* Tell p's parent that p exited (tasklist_lock held); true = autoreap. */
bool do_notify_parent(struct task_struct *p, int sig);
/* Tell the parent of p's process that it stopped or continued. */
void do_notify_parent_cldstop(struct task_struct *p, int why);
/* Drop a dead task's last traces (reaped zombie or autoreaped thread). */
void release_task(struct task_struct *p);
/*
 * execve in a thread that is not the leader: once the leader is a zombie
 * and the only other thread, tsk becomes the leader under its pid.
 */
void exec_take_over_leader(struct task_struct *tsk);

/* Zombie/dead: the exit status lives in exit_code (wait status encoding). */
static inline bool task_is_zombie(struct task_struct *p)
{
	return READ_ONCE(p->exit_state) == EXIT_ZOMBIE;
}

/* The wait status of a dead process: the group's if it died as a group. */
static inline int task_exit_status(struct task_struct *p)
{
	return (p->signal->flags & SIGNAL_GROUP_EXIT) ? p->signal->group_exit_code :
							 p->exit_code;
}

/* Send SIGKILL to every thread of p's group but p (siglock held). */
void zap_other_threads(struct task_struct *p);

/* /proc and getrusage helpers: summed process times, in ticks. */
void thread_group_cputime(struct task_struct *p, unsigned long *ut, unsigned long *st);

/*
 * A process's resource usage in the units it is kept in (CPU time in
 * ticks, maxrss in KiB), as getrusage() and the wait calls report it
 * (kernel/rusage.c).
 */
struct process_usage {
	unsigned long utime, stime;
	unsigned long nvcsw, nivcsw;
	unsigned long min_flt, maj_flt;
	unsigned long maxrss;
};
struct rusage;
struct mm_struct;
/* @p's whole thread group (live and exited threads); with @reaped, plus
 * the children it has waited for.  Caller keeps @p from being freed. */
void process_usage(struct task_struct *p, bool reaped,
		   struct process_usage *u);
void process_usage_to_rusage(const struct process_usage *u, struct rusage *r);
/* @tsk is leaving @mm (exit or execve): remember @mm's peak RSS. */
void note_mm_maxrss(struct task_struct *tsk, struct mm_struct *mm);

#endif /* _LINUX_SCHED_SIGNAL_H */
