/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Tasks and the scheduler (kernel/sched/, kernel/fork.c, kernel/exit.c,
 * kernel/pid.c).
 *
 * The kernel is not preemptive: a task in kernel mode runs until it calls
 * schedule() (directly, by sleeping, or from cond_resched() once the tick
 * has set its need_resched flag).  Each CPU has a run queue; runnable
 * tasks are served round robin with a timeslice of RR_TIMESLICE ticks.
 *
 * Sleeping follows the usual pattern:
 *
 *	set_current_state(TASK_UNINTERRUPTIBLE);   (a full barrier)
 *	if (!condition)
 *		schedule();
 *	__set_current_state(TASK_RUNNING);
 *
 * and the waker sets the condition before calling wake_up_process().
 * Either the waker sees the new state and wakes the task, or the sleeper
 * sees the condition: no wakeup is lost.
 *
 * Interface: schedule(), wake_up_process(), cond_resched(), yield(),
 * schedule_timeout(), set_cpus_allowed_ptr(), get/put_task_struct(),
 * for_each_process(), find_task_by_pid().
 */
#ifndef _LINUX_SCHED_H
#define _LINUX_SCHED_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/limits.h>
#include <linux/math.h>
#include <linux/list.h>
#include <linux/rculist.h>
#include <linux/cpumask.h>
#include <linux/spinlock.h>
#include <linux/rcupdate.h>
#include <linux/bug.h>
#include <asm/atomic.h>
#include <asm/barrier.h>
#include <asm/bitops.h>
#include <asm/current.h>
#include <asm/switch_to.h>
#include <linux/signal_types.h>
#include <linux/restart_block.h>

/*
 * Task states (p->__state).  The values are Linux's, so /proc and ps read
 * the same letters.  A sleeping task is in exactly one of the sleep
 * states; TASK_WAKEKILL and TASK_NOLOAD are modifiers.
 */
#define TASK_RUNNING		0x0000
#define TASK_INTERRUPTIBLE	0x0001	/* woken by wake_up() or a signal */
#define TASK_UNINTERRUPTIBLE	0x0002	/* woken only by wake_up() */
#define __TASK_STOPPED		0x0004
#define __TASK_TRACED		0x0008
#define EXIT_DEAD		0x0010	/* p->exit_state */
#define EXIT_ZOMBIE		0x0020	/* p->exit_state */
#define TASK_PARKED		0x0040
#define TASK_DEAD		0x0080	/* ran do_exit(); never runs again */
#define TASK_WAKEKILL		0x0100	/* also woken by fatal signals */
#define TASK_NOLOAD		0x0400	/* not counted as load (idle kthreads) */
#define TASK_NEW		0x0800	/* created, never woken */

#define TASK_KILLABLE		(TASK_WAKEKILL | TASK_UNINTERRUPTIBLE)
#define TASK_IDLE		(TASK_UNINTERRUPTIBLE | TASK_NOLOAD)
#define TASK_NORMAL		(TASK_INTERRUPTIBLE | TASK_UNINTERRUPTIBLE)

/* p->flags: written by the task itself only (before it first runs, by its creator). */
#define PF_IDLE			0x00000002	/* a CPU's idle task, in its idle loop */
#define PF_EXITING		0x00000004	/* in do_exit() */
#define PF_WQ_WORKER		0x00000020	/* a workqueue worker (see workqueue.c) */
#define PF_FORKNOEXEC		0x00000040	/* forked but did not exec (setpgid's EACCES) */
#define PF_MEMALLOC		0x00000800	/* reclaiming memory: may use the reserves, no recursion */
#define PF_KTHREAD		0x00200000	/* kernel thread made by kthread_create() */
#define PF_NO_SETAFFINITY	0x04000000	/* affinity is fixed (idle, bound kthreads) */

/* p->ti_flags bits: atomic bitops, set from any CPU. */
#define TIF_NEED_RESCHED	0	/* call schedule() at the next chance */
#define TIF_SIGPENDING		1	/* a signal is pending (set by the signal code) */
#define TIF_SIGKILL		2	/* ... and it is fatal (SIGKILL) */
#define TIF_RESTORE_SIGMASK	3	/* restore saved_sigmask on the way out */
#define TIF_POLLING_NRFLAG	4	/* idle task polls TIF_NEED_RESCHED: no IPI needed */
#define TIF_SYSCALL_TRACE	5	/* ptrace: stop at syscall entry and exit */
#define TIF_SINGLESTEP		6	/* ptrace set EFLAGS.TF: clear it when done */

#define TASK_COMM_LEN		16
#define PID_MAX_DEFAULT		32768	/* Linux's default pid_max */

/*
 * Scheduler timeslice: ticks a task may run while others wait on its CPU
 * before its need_resched flag is set.  About 10 ms (3 ticks at HZ=250),
 * short enough for interactive response, long enough that switching costs
 * stay small.
 */
#define RR_TIMESLICE		(DIV_ROUND_UP(10 * CONFIG_HZ, 1000))

struct mm_struct;
struct fs_struct;
struct files_struct;
struct cred;
struct signal_struct;
struct sighand_struct;
struct completion;

/*
 * struct task_struct: one per thread of execution.
 *
 * Lifetime: p->usage counts references.  The task itself holds one from
 * creation until the first context switch after its do_exit(); the
 * last put_task_struct() frees the stack and the struct after an RCU
 * grace period (so RCU walkers of the task list and pid hash may still
 * look at a task that is being freed).
 *
 * Locking, field by field where it matters:
 *   __state      the task itself (set_current_state), or a waker holding
 *                p->pi_lock and the task's run-queue lock
 *   flags        the task itself (its creator before it first runs)
 *   ti_flags     atomic bitops from any CPU
 *   on_rq, run_list, time_slice   the run-queue lock of task_cpu(p)
 *   cpu          changes only with p->pi_lock and both run-queue locks
 *                held, and only while p is queued or not runnable
 *   cpus_allowed p->pi_lock and the run-queue lock
 *   on_cpu       set by the CPU that picks p, cleared (release) by the
 *                same CPU once p's registers are saved after switching away
 *   tasks, pid_link  tasklist_lock for writers, RCU for readers
 */
struct task_struct {
	struct thread_struct thread;	/* must be first: switch assembly */
	unsigned int __state;		/* TASK_* */
	unsigned int flags;		/* PF_* */
	unsigned long ti_flags;		/* TIF_* */
	void *stack;			/* THREAD_SIZE, THREAD_SIZE-aligned */
	atomic_t usage;

	/* Scheduling. */
	int on_rq;			/* queued or running on task_cpu()'s rq */
	int on_cpu;			/* registers live on a CPU right now */
	int cpu;			/* the run queue this task belongs to */
	unsigned int time_slice;	/* ticks left in this turn */
	bool migrate_pending;		/* affinity excludes cpu: move at switch */
	bool sched_contributes_to_load;	/* counted in rq->nr_uninterruptible */
	bool sync_woken;		/* queued by a WF_SYNC wakeup, not run yet */
	unsigned long sync_wake_stamp;	/* jiffies of that wakeup */
	struct list_head run_list;
	struct cpumask cpus_allowed;
	spinlock_t pi_lock;		/* serialises wakeups and affinity changes */
	unsigned long nvcsw, nivcsw;	/* voluntary/involuntary switches */
	unsigned long utime, stime;	/* ticks spent in user/kernel mode */
	unsigned long sleep_timeout;	/* scratch for schedule_timeout() */

	/* Identity. */
	pid_t pid;
	pid_t tgid;
	char comm[TASK_COMM_LEN];
	unsigned int personality;	/* personality(2); inherited, kept across exec */
	struct list_head tasks;		/* the global task list */
	struct hlist_node pid_link;	/* pid hash chain */

	/* Exit. */
	int exit_state;			/* EXIT_ZOMBIE / EXIT_DEAD once exited */
	int exit_code;
	struct rcu_head rcu;		/* delayed free */

	/* Kernel threads: struct kthread (kthread.c), NULL otherwise. */
	void *kthread;

	/* The user address space, NULL for kernel threads (mm/, see sched/mm.h). */
	struct mm_struct *mm;
	struct mm_struct *active_mm;

	/*
	 * File-system state (fs/): root and cwd, the descriptor table, and
	 * the credentials (real_cred: objective, cred: used for the task's
	 * own access checks).  Kernel threads share init_task's; changed
	 * only by the task itself.
	 */
	struct fs_struct *fs;
	struct files_struct *files;
	const struct cred *real_cred;
	const struct cred *cred;

	/*
	 * Processes and signals (kernel/fork.c, exit.c, signal.c; see
	 * <linux/sched/signal.h> for the model).  Kernel threads have no
	 * parent, signal or sighand.
	 *   real_parent, parent, children, sibling, group_leader,
	 *   thread_node, exit_signal        tasklist_lock; RCU for readers
	 *   pending, blocked, real_blocked, jobctl   sighand->siglock
	 *   saved_sigmask, sas_ss_*, restart_block, *_child_tid, robust_list
	 *                                   the task itself
	 */
	struct task_struct *real_parent;	/* who forked us (or init after reparenting) */
	struct task_struct *parent;		/* who gets SIGCHLD and wait()s (= real_parent) */
	struct list_head children;		/* our children, linked by their sibling */
	struct list_head sibling;
	struct task_struct *group_leader;	/* the thread whose pid is the process id */
	struct list_head thread_node;		/* on signal->thread_head */
	int exit_signal;			/* sent to the parent at exit; -1 for threads */
	int pdeath_signal;			/* PR_SET_PDEATHSIG */
	bool no_new_privs;			/* PR_SET_NO_NEW_PRIVS: set by the task, never cleared */
	unsigned int jobctl;			/* JOBCTL_* */
	struct signal_struct *signal;
	struct sighand_struct *sighand;
	sigset_t blocked;
	sigset_t real_blocked;			/* blocked mask saved by rt_sigtimedwait */
	sigset_t saved_sigmask;			/* restored after a handler (sigsuspend) */
	struct sigpending pending;		/* signals for this thread only */
	unsigned long sas_ss_sp;		/* sigaltstack */
	size_t sas_ss_size;
	unsigned int sas_ss_flags;
	struct restart_block restart_block;
	int *set_child_tid;			/* CLONE_CHILD_SETTID */
	int *clear_child_tid;			/* CLONE_CHILD_CLEARTID, set_tid_address */
	void *robust_list;			/* set_robust_list (stored, see futex) */
	size_t robust_list_len;
	struct completion *vfork_done;		/* CLONE_VFORK parent waits on this */
	/*
	 * ptrace (kernel/ptrace.c, <linux/ptrace.h>).  While traced, parent
	 * is the tracer and real_parent stays who forked us.
	 *   ptrace, ptraced, ptrace_entry      tasklist_lock
	 *   ptrace_code, ptrace_unreported, ptrace_data, ptrace_syscall_op,
	 *   last_siginfo                       sighand->siglock
	 *   ptrace_message                     the tracee itself, read by the
	 *                                      tracer while it is stopped
	 */
	unsigned int ptrace;			/* PT_* | PTRACE_O_* options; 0: not traced */
	struct list_head ptraced;		/* tasks we trace, by their ptrace_entry */
	struct list_head ptrace_entry;
	int ptrace_code;			/* this stop's (event << 8) | signal */
	bool ptrace_unreported;			/* ... not yet taken by wait() */
	unsigned char ptrace_syscall_op;	/* PTRACE_SYSCALL_INFO_* of this stop */
	int ptrace_data;			/* signal passed by the resuming request */
	unsigned long ptrace_message;		/* PTRACE_GETEVENTMSG */
	kernel_siginfo_t *last_siginfo;		/* a signal-delivery-stop's signal */
	unsigned long start_time;		/* jiffies at creation */
	uid_t nproc_uid;			/* real uid RLIMIT_NPROC counts this task under */

	/*
	 * User address space bookkeeping (mm/, arch/x86/mm/fault.c); the
	 * task itself writes these.  min_flt/maj_flt: page faults resolved
	 * without/with I/O, for getrusage() and /proc.  mmap_locked: how
	 * this task holds its own mm's mmap_lock (MMAP_LOCKED_*,
	 * <linux/mmap_lock.h>), so that a fault taken while holding it does
	 * not try to take it again.
	 */
	unsigned long min_flt, maj_flt;
	unsigned int mmap_locked;

	/* Block I/O plugged by this task (block/blk-core.c); the task's own. */
	struct blk_plug *plug;

	/*
	 * Dirty throttling (mm/dirty-throttle.c), the task's own: pages
	 * dirtied since the last check, how many may be dirtied before the
	 * next one (0: the default, 32), when the last pause ended (jiffies).
	 */
	int nr_dirtied;
	int nr_dirtied_pause;
	unsigned long dirty_paused_when;
};

/* ---------------------------------------------------------------- state */

#define __set_current_state(s)	WRITE_ONCE(current->__state, (s))
/* Store the state with a full barrier: the condition test must follow it. */
#define set_current_state(s)	((void)xchg(&current->__state, (s)))
#define get_current_state()	READ_ONCE(current->__state)

static inline bool task_is_running(struct task_struct *p)
{
	return READ_ONCE(p->__state) == TASK_RUNNING;
}

static inline unsigned int task_state(struct task_struct *p)
{
	return READ_ONCE(p->__state);
}

static inline int task_cpu(const struct task_struct *p)
{
	return READ_ONCE(p->cpu);
}

static inline bool is_idle_task(const struct task_struct *p)
{
	return p->pid == 0;
}

/* ---------------------------------------------------------------- flags */

static inline void set_tsk_thread_flag(struct task_struct *p, int flag)
{
	set_bit(flag, &p->ti_flags);
}

static inline void clear_tsk_thread_flag(struct task_struct *p, int flag)
{
	clear_bit(flag, &p->ti_flags);
}

static inline bool test_tsk_thread_flag(struct task_struct *p, int flag)
{
	return test_bit(flag, &p->ti_flags);
}

/* TIF_NEED_RESCHED of another task: the scheduler's "preempt it" mark. */
#define set_tsk_need_resched(p)		set_tsk_thread_flag((p), TIF_NEED_RESCHED)
#define clear_tsk_need_resched(p)	clear_tsk_thread_flag((p), TIF_NEED_RESCHED)
#define test_tsk_need_resched(p)	test_tsk_thread_flag((p), TIF_NEED_RESCHED)

static inline bool need_resched(void)
{
	return test_tsk_need_resched(current);
}

/*
 * Set p's TIF_NEED_RESCHED and say whether p's CPU must be interrupted to
 * notice: false when p is an idle task polling the flag (it sees the
 * store within a loop iteration).  One atomic read-modify-write, so an
 * idle task that stops polling either sees the flag or is seen as not
 * polling (see kernel/sched/idle.c).
 */
static inline bool set_need_resched_needs_ipi(struct task_struct *p)
{
	unsigned long before = __atomic_fetch_or(&p->ti_flags, 1UL << TIF_NEED_RESCHED,
						 __ATOMIC_SEQ_CST);

	return !(before & (1UL << TIF_POLLING_NRFLAG));
}

/*
 * Signals.  The signal code (user processes) sets TIF_SIGPENDING, plus
 * TIF_SIGKILL for a fatal signal, and wakes the task with
 * signal_wake_up().  Until then nothing sets them and every interruptible
 * sleep simply runs to its wakeup.
 */
static inline bool signal_pending(struct task_struct *p)
{
	return test_tsk_thread_flag(p, TIF_SIGPENDING);
}

static inline bool fatal_signal_pending(struct task_struct *p)
{
	return signal_pending(p) && test_tsk_thread_flag(p, TIF_SIGKILL);
}

/* Would a sleep in state be cut short by a signal pending on p? */
static inline bool signal_pending_state(unsigned int state, struct task_struct *p)
{
	if (!(state & (TASK_INTERRUPTIBLE | TASK_WAKEKILL)))
		return false;
	if (!signal_pending(p))
		return false;
	return (state & TASK_INTERRUPTIBLE) || fatal_signal_pending(p);
}

/* ---------------------------------------------------------------- scheduling */

#define MAX_SCHEDULE_TIMEOUT	LONG_MAX

void schedule(void);
/* schedule() for tasks waiting on I/O (accounted as iowait later). */
void io_schedule(void);
long schedule_timeout(long timeout);
long schedule_timeout_interruptible(long timeout);
long schedule_timeout_uninterruptible(long timeout);
long schedule_timeout_killable(long timeout);
long schedule_timeout_idle(long timeout);
long io_schedule_timeout(long timeout);
/* Let every other runnable task on this CPU run once. */
void yield(void);
/* A voluntary preemption point: schedule() if the tick asked for it. */
int cond_resched(void);

int wake_up_process(struct task_struct *p);
int wake_up_state(struct task_struct *p, unsigned int state);
/*
 * Wakeup hints (wake_flags).  WF_SYNC: the waker is about to sleep - it
 * hands its CPU to the woken task (a pipe writer waking its reader), so
 * the woken task may wait for that CPU instead of starting another one.
 */
#define WF_SYNC		0x01
int wake_up_state_flags(struct task_struct *p, unsigned int state, int wake_flags);
/* Make a new task (TASK_NEW) runnable for the first time. */
void wake_up_new_task(struct task_struct *p);
/* Wake a task for a newly pending signal (also from TASK_KILLABLE if fatal). */
void signal_wake_up(struct task_struct *p, bool fatal);

/*
 * Wait until p sleeps in match_state with its registers saved (off every
 * CPU).  Returns 1 then, 0 if p's state changed to something else.
 */
int wait_task_inactive(struct task_struct *p, unsigned int match_state);

/* Restrict p to mask (which must contain an online CPU); moves it if needed. */
int set_cpus_allowed_ptr(struct task_struct *p, const struct cpumask *mask);

/* Scheduler statistics for /proc. */
unsigned long nr_running(void);
unsigned long nr_context_switches(void);
unsigned long nr_uninterruptible(void);
extern unsigned long total_forks;

/* Load average in fixed point (kernel/sched/loadavg.c); /proc/loadavg prints
 * LOAD_INT(x).LOAD_FRAC(x) of avenrun[] + FIXED_1/200. */
#define FSHIFT		11
#define FIXED_1		(1 << FSHIFT)
#define LOAD_INT(x)	((x) >> FSHIFT)
#define LOAD_FRAC(x)	LOAD_INT(((x) & (FIXED_1 - 1)) * 100)
extern unsigned long avenrun[3];
void get_avenrun(unsigned long *loads, unsigned long offset, int shift);

/* Debug: print a task's state and backtrace; print every task. */
void sched_show_task(struct task_struct *p);
void show_state(void);
/* Every thread whose state has a bit of @state (0: all, idle tasks too). */
void show_state_filter(unsigned int state);

#ifdef CONFIG_DEBUG_KERNEL
void __might_sleep(const char *file, int line);
#define might_sleep() __might_sleep(__FILE__, __LINE__)
#else
#define might_sleep() do { } while (0)
#endif

/* The CPU's idle task (pid 0, "swapper/N"). */
struct task_struct *idle_task(int cpu);
extern struct task_struct init_task;

/* ---------------------------------------------------------------- lifetime */

void __put_task_struct(struct task_struct *p);

static inline struct task_struct *get_task_struct(struct task_struct *p)
{
	atomic_inc(&p->usage);
	return p;
}

static inline void put_task_struct(struct task_struct *p)
{
	if (atomic_dec_and_test(&p->usage))
		__put_task_struct(p);
}

/*
 * Create a kernel thread running fn(arg) (kernel/fork.c); flags are PF_*
 * bits for the new task.  It is left in TASK_NEW: wake_up_new_task()
 * starts it.  Returns the task or NULL (no memory, no pid).
 */
struct task_struct *create_kernel_thread(int (*fn)(void *), void *arg,
					 const char *name, unsigned int flags);
/* create_kernel_thread() + wake_up_new_task(); returns the pid or -errno. */
pid_t kernel_thread(int (*fn)(void *), void *arg, const char *name, unsigned int flags);

void __noreturn do_exit(long code);
/* Sleep until p has exited (the caller holds a reference on p). */
void wait_task_exited(struct task_struct *p);

void set_task_comm(struct task_struct *p, const char *name);
char *get_task_comm(char *buf, struct task_struct *p);

/* ---------------------------------------------------------------- the task list */

/*
 * Every task but the idle tasks is on the task list from creation until
 * do_exit().  Walk it under rcu_read_lock() (the task may be exiting:
 * take a reference before sleeping) or under tasklist_lock.
 */
extern struct list_head task_list;
extern spinlock_t tasklist_lock;

#define for_each_process(p) list_for_each_entry_rcu(p, &task_list, tasks)

/* Look up a task by pid under rcu_read_lock() (no reference taken). */
struct task_struct *find_task_by_pid(pid_t nr);
/* The same, returning a reference (put_task_struct() it), or NULL. */
struct task_struct *get_pid_task_by_nr(pid_t nr);

extern int pid_max;

#endif /* _LINUX_SCHED_H */
