// SPDX-License-Identifier: GPL-2.0-only
/*
 * Signals: queueing, choosing a thread, job-control stops, and picking
 * the next signal to act on.  The system calls are in signal_sys.c, the
 * x86 frames in arch/x86/kernel/signal.c.
 *
 * Interface: send_sig(), send_sig_info(), force_sig(), force_sig_fault(),
 * kill_pid(), kill_pgrp() (sched/signal.h), get_signal(),
 * signal_setup_done(), recalc_sigpending(), set_current_blocked(), and
 * ptrace_stop() (the tracee's side of every ptrace stop).
 *
 * A traced task (linux/ptrace.h) shows every signal but SIGKILL to its
 * tracer before acting on it (a signal-delivery-stop in get_signal()),
 * and takes part in a group stop by stopping for the tracer instead of
 * sleeping in TASK_STOPPED.
 *
 * Model (POSIX/Linux): a signal sent to a process lands in the shared
 * queue (signal->shared_pending) and is taken by whichever thread does
 * not block it; one sent to a thread (tgkill, faults) lands in that
 * thread's queue.  TIF_SIGPENDING on a thread means "a signal it does not
 * block is pending, or it must stop or exit": the return to user mode
 * then calls get_signal().  Fatal signals (SIGKILL, or a default action
 * that kills with no handler to run) take the whole process down at once:
 * complete_signal() marks the group exiting and sends SIGKILL to every
 * thread.
 *
 * Locking: sighand->siglock (irqsave: senders may run in interrupt
 * context) guards everything here.  Walking a task's threads is done
 * under siglock (thread-list changes take it too) or RCU.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/signal.h>
#include <linux/posix-timers.h>
#include <linux/pidfd.h>
#include <linux/signalfd.h>
#include <linux/cred.h>
#include <linux/slab.h>
#include <linux/errno.h>
#include <linux/panic.h>
#include <linux/printk.h>
#include <linux/ptrace.h>
#include <asm/uaccess.h>
#include "signal_internal.h"

static struct kmem_cache *sigqueue_cachep;

static int __init signals_init(void)
{
	sigqueue_cachep = KMEM_CACHE(sigqueue, SLAB_PANIC);
	return 0;
}
core_initcall(signals_init);

static inline bool is_global_init(struct task_struct *p)
{
	return p->tgid == 1;
}

static __sighandler_t sig_handler(struct task_struct *t, int sig)
{
	return t->sighand->action[sig - 1].sa.sa_handler;
}

/*
 * Has t no handler of its own for sig?  Then a signal forced on it for an
 * exception ends the process (an ignored one is reset to the default).
 */
bool sig_unhandled(struct task_struct *t, int sig)
{
	__sighandler_t handler = sig_handler(t, sig);

	return handler == SIG_DFL || handler == SIG_IGN;
}

bool sig_handler_ignored(__sighandler_t handler, int sig)
{
	return handler == SIG_IGN || (handler == SIG_DFL && sig_kernel_ignore(sig));
}

/*
 * Would sig be thrown away at once?  Ignored signals that are blocked stay
 * queued (the handler may change before they are unblocked).  Init only
 * receives signals it has a handler for, unless the kernel forces one.
 */
static bool sig_task_ignored(struct task_struct *t, int sig, bool force)
{
	__sighandler_t handler = sig_handler(t, sig);

	if ((t->signal->flags & SIGNAL_UNKILLABLE) && handler == SIG_DFL &&
	    !(force && sig_kernel_only(sig)))
		return true;
	return sig_handler_ignored(handler, sig);
}

static bool sig_ignored(struct task_struct *t, int sig, bool force)
{
	if (sigismember(&t->blocked, sig) || sigismember(&t->real_blocked, sig))
		return false;
	return sig_task_ignored(t, sig, force);
}

/* ------------------------------------------------------------ pending flags */

static bool has_pending_signals(const sigset_t *signal, const sigset_t *blocked)
{
	return signal->sig[0] & ~blocked->sig[0];
}

/*
 * Has t work for get_signal(): an unblocked signal in its own queue or
 * its process's, or a group stop to join?  Then set TIF_SIGPENDING.
 * Nothing is cleared here.  siglock held (or t == current with
 * interrupts off and no sender racing).
 */
static bool recalc_sigpending_tsk_locked(struct task_struct *t)
{
	sigset_t queued;

	sigorsets(&queued, &t->pending.signal, &t->signal->shared_pending.signal);
	if (!(t->jobctl & JOBCTL_PENDING_MASK) && !has_pending_signals(&queued, &t->blocked))
		return false;
	set_tsk_thread_flag(t, TIF_SIGPENDING);
	return true;
}

void recalc_sigpending_tsk(struct task_struct *t)
{
	if (recalc_sigpending_tsk_locked(t))
		signal_wake_up(t, false);
}

void recalc_sigpending(void)
{
	struct task_struct *tsk = current;

	if (!recalc_sigpending_tsk_locked(tsk) && !(tsk->signal->flags & SIGNAL_GROUP_EXIT))
		clear_tsk_thread_flag(tsk, TIF_SIGPENDING);
}

/* Make t notice a new signal: flag it and wake it from an interruptible sleep. */
static void signal_wake_up_fatal(struct task_struct *t, bool fatal)
{
	if (fatal)
		set_tsk_thread_flag(t, TIF_SIGKILL);
	set_tsk_thread_flag(t, TIF_SIGPENDING);
	signal_wake_up(t, fatal);
}

/* ------------------------------------------------------------ queues */

/*
 * Remove every signal in mask from queue s: the bits in s->signal and
 * the queued siginfo records of those signals.
 */
void flush_sigqueue_mask(struct sigpending *s, const sigset_t *mask)
{
	struct sigqueue *q, *tmp;

	/* Quick exit: none of them is pending (the usual case). */
	if (!(s->signal.sig[0] & mask->sig[0]))
		return;
	signandsets(&s->signal, &s->signal, mask);
	list_for_each_entry_safe(q, tmp, &s->list, list) {
		if (!sigismember(mask, q->info.si_signo))
			continue;
		list_del(&q->list);
		kmem_cache_free(sigqueue_cachep, q);
	}
}

/*
 * Forget everything pending for t and its process (kernel threads that
 * allow signals use this to consume them).
 */
void flush_signals(struct task_struct *t)
{
	struct sighand_struct *sighand = t->sighand;
	unsigned long irqflags;
	sigset_t every;

	sigfillset(&every);
	spin_lock_irqsave(&sighand->siglock, irqflags);
	flush_sigqueue_mask(&t->signal->shared_pending, &every);
	flush_sigqueue_mask(&t->pending, &every);
	clear_tsk_thread_flag(t, TIF_SIGPENDING);
	spin_unlock_irqrestore(&sighand->siglock, irqflags);
}

void flush_signal_handlers(struct task_struct *t, int force_default)
{
	struct k_sigaction *ka = t->sighand->action;

	for (int i = 0; i < _NSIG; i++, ka++) {
		if (force_default || ka->sa.sa_handler != SIG_IGN)
			ka->sa.sa_handler = SIG_DFL;
		ka->sa.sa_flags = 0;
		ka->sa.sa_restorer = NULL;
		sigemptyset(&ka->sa.sa_mask);
	}
}

/* Take one instance of sig off the queue into info. */
static void collect_signal(int sig, struct sigpending *list, kernel_siginfo_t *info)
{
	struct sigqueue *q, *first = NULL;
	bool more = false;

	list_for_each_entry(q, &list->list, list) {
		if (q->info.si_signo != sig)
			continue;
		if (first) {
			more = true;
			break;
		}
		first = q;
	}
	if (!more)
		sigdelset(&list->signal, sig);
	if (first) {
		list_del(&first->list);
		*info = first->info;
		kmem_cache_free(sigqueue_cachep, first);
	} else {
		/* Queue overflow or an unqueued signal: minimal information. */
		clear_siginfo(info);
		info->si_signo = sig;
		info->si_code = SI_USER;
	}
}

/* Lowest pending signal not in mask, synchronous (fault) signals first. */
static int next_signal(struct sigpending *pending, const sigset_t *mask)
{
	unsigned long x = pending->signal.sig[0] & ~mask->sig[0];

	if (!x)
		return 0;
	if (x & SYNCHRONOUS_MASK)
		x &= SYNCHRONOUS_MASK;
	return __builtin_ctzl(x) + 1;
}

int dequeue_signal(struct task_struct *tsk, const sigset_t *mask,
			  kernel_siginfo_t *info)
{
	int sig = next_signal(&tsk->pending, mask);

	if (sig) {
		collect_signal(sig, &tsk->pending, info);
	} else {
		sig = next_signal(&tsk->signal->shared_pending, mask);
		if (sig)
			collect_signal(sig, &tsk->signal->shared_pending, info);
	}
	if (sig && info->si_code == SI_TIMER)
		posix_timer_delivered(tsk->signal, info);
	recalc_sigpending();
	return sig;
}

/* ------------------------------------------------------------ sending */

/*
 * Side effects of a stop or continue signal at send time: SIGCONT
 * cancels pending stops and resumes a stopped process (even if SIGCONT
 * itself is ignored); a stop signal cancels a pending SIGCONT.  Returns
 * false if the signal is to be dropped (ignored, or the process is dying).
 */
static bool prepare_signal(int sig, struct task_struct *p, bool force)
{
	struct signal_struct *signal = p->signal;
	struct task_struct *t;
	sigset_t flush;

	if (signal->flags & SIGNAL_GROUP_EXIT)
		return sig == SIGKILL;
	if (sig_kernel_stop(sig)) {
		siginitset(&flush, sigmask(SIGCONT));
		flush_sigqueue_mask(&signal->shared_pending, &flush);
		for_each_thread(p, t)
			flush_sigqueue_mask(&t->pending, &flush);
	} else if (sig == SIGCONT) {
		unsigned int why = 0;

		siginitset(&flush, SIG_KERNEL_STOP_MASK);
		flush_sigqueue_mask(&signal->shared_pending, &flush);
		for_each_thread(p, t) {
			flush_sigqueue_mask(&t->pending, &flush);
			t->jobctl &= ~(JOBCTL_STOP_PENDING | JOBCTL_STOP_CONSUME);
			wake_up_state(t, __TASK_STOPPED);
			/* A listening tracee reports the end of the stop. */
			if (t->jobctl & JOBCTL_LISTENING)
				ptrace_wake(t, 0, true);
		}
		if (signal->flags & SIGNAL_STOP_STOPPED)
			why = SIGNAL_CLD_CONTINUED;
		else if (signal->group_stop_count)
			why = SIGNAL_CLD_STOPPED;
		if (why) {
			/* The resumed threads tell the parent (get_signal()). */
			signal->flags = why | SIGNAL_STOP_CONTINUED;
			signal->group_stop_count = 0;
			signal->group_exit_code = 0;
			for_each_thread(p, t)
				set_tsk_thread_flag(t, TIF_SIGPENDING);
		}
	}
	return !sig_ignored(p, sig, force);
}

/*
 * Is p a good thread to take sig for its process?  Not if it blocks it or
 * is on its way out.  SIGKILL goes to any other thread; everything else
 * skips stopped threads and prefers one that is running or has nothing
 * pending yet (so the wakeup is not wasted).
 */
static bool wants_signal(int sig, struct task_struct *p)
{
	bool busy;

	if ((p->flags & PF_EXITING) || sigismember(&p->blocked, sig))
		return false;
	if (sig != SIGKILL && (task_state(p) & __TASK_STOPPED))
		return false;
	busy = !task_is_running(p) && signal_pending(p);
	return sig == SIGKILL || !busy;
}

/* A fatal signal: would it kill the process with no handler to run? */
static bool sig_fatal(struct task_struct *p, int sig)
{
	return !sig_kernel_ignore(sig) && !sig_kernel_stop(sig) &&
	       sig_handler(p, sig) == SIG_DFL;
}

/* Find a thread to handle a newly queued signal and wake it (siglock held). */
static void complete_signal(int sig, struct task_struct *p, bool shared)
{
	struct signal_struct *signal = p->signal;
	struct task_struct *t;

	if (wants_signal(sig, p)) {
		t = p;
	} else if (!shared || thread_group_empty(p)) {
		return;		/* p will find it when it unblocks */
	} else {
		/* Some other thread that does not block it, else it waits. */
		struct task_struct *it;

		t = NULL;
		for_each_thread(p, it) {
			if (wants_signal(sig, it)) {
				t = it;
				break;
			}
		}
		if (!t)
			return;
	}

	if (sig_fatal(p, sig) && !(signal->flags & SIGNAL_GROUP_EXIT) &&
	    !sigismember(&t->real_blocked, sig) &&
	    (sig == SIGKILL || !(signal->flags & SIGNAL_UNKILLABLE)) &&
	    (sig == SIGKILL || !t->ptrace)) {
		/*
		 * The whole process dies: start it now in every thread.  Not
		 * for a tracee: its tracer sees the signal first and may
		 * suppress it.
		 */
		signal->flags = SIGNAL_GROUP_EXIT;
		signal->group_exit_code = sig;
		signal->group_stop_count = 0;
		for_each_thread(p, t) {
			t->jobctl &= ~JOBCTL_STOP_PENDING;
			sigaddset(&t->pending.signal, SIGKILL);
			signal_wake_up_fatal(t, true);
		}
		return;
	}
	signal_wake_up_fatal(t, sig == SIGKILL);
}

/* Queue sig for p (siglock held).  shared: to the process, else to the thread. */
static int __send_signal_locked(int sig, kernel_siginfo_t *info, struct task_struct *t,
				bool shared, bool force)
{
	struct sigpending *pending;
	struct sigqueue *q;

	if (!prepare_signal(sig, t, force))
		return 0;
	pending = shared ? &t->signal->shared_pending : &t->pending;
	/* Classic signals queue once; SIGKILL needs no information. */
	if (sig < SIGRTMIN && sigismember(&pending->signal, sig))
		return 0;
	if (sig != SIGKILL) {
		q = kmem_cache_alloc(sigqueue_cachep, GFP_ATOMIC);
		if (q) {
			q->info = *info;
			list_add_tail(&q->list, &pending->list);
		} else if (sig >= SIGRTMIN && info->si_code != SI_USER) {
			/* Real-time signals with data must not be lost silently. */
			return -EAGAIN;
		}
	}
	sigaddset(&pending->signal, sig);
	signalfd_notify(t, sig);
	complete_signal(sig, t, shared);
	return 0;
}

void fill_user_info(kernel_siginfo_t *info, int sig, int code)
{
	clear_siginfo(info);
	info->si_signo = sig;
	info->si_code = code;
	if (code == SI_USER || code == SI_TKILL) {
		info->si_pid = current->signal ? task_tgid_nr(current) : 0;
		info->si_uid = current->cred ? current_uid() : 0;
	}
}

/* Deliver to p's process (shared queue); p may be any thread of it. */
static int do_send_sig_info(int sig, kernel_siginfo_t *info, struct task_struct *p, bool shared)
{
	unsigned long flags;
	int ret;

	/* Kernel threads take no signals; Linux ignores them the same way. */
	if (!p->sighand || !sig)
		return 0;
	spin_lock_irqsave(&p->sighand->siglock, flags);
	/* A zombie leader still stands for its live threads (shared signals). */
	ret = (shared ? !process_alive(p) : p->exit_state) ? 0 :
	      __send_signal_locked(sig, info, p, shared, false);
	spin_unlock_irqrestore(&p->sighand->siglock, flags);
	return ret;
}

int send_sig_info(int sig, kernel_siginfo_t *info, struct task_struct *p)
{
	if (!valid_signal(sig))
		return -EINVAL;
	return do_send_sig_info(sig, info, p, true);
}

int send_sig(int sig, struct task_struct *p, int priv)
{
	kernel_siginfo_t info;

	fill_user_info(&info, sig, priv ? SI_KERNEL : SI_USER);
	return send_sig_info(sig, &info, p);
}

/*
 * A POSIX timer expired (kernel/time/posix-timers.c): queue info, unless
 * the same timer's signal is still queued on that list, in which case the
 * queued siginfo's overrun count grows by one plus info's missed periods.
 */
int send_timer_signal(kernel_siginfo_t *info, struct task_struct *t, bool shared)
{
	struct sigpending *pending;
	struct sigqueue *q;
	unsigned long flags;
	int ret = 0;

	if (!t->sighand)
		return 0;
	spin_lock_irqsave(&t->sighand->siglock, flags);
	if (shared ? !process_alive(t) : t->exit_state)
		goto out;
	pending = shared ? &t->signal->shared_pending : &t->pending;
	list_for_each_entry(q, &pending->list, list) {
		if (q->info.si_code == SI_TIMER && q->info.si_tid == info->si_tid &&
		    q->info.si_signo == info->si_signo) {
			long sum = (long)q->info.si_overrun + 1 + info->si_overrun;

			q->info.si_overrun = sum > INT_MAX ? INT_MAX : (int)sum;
			goto out;
		}
	}
	ret = __send_signal_locked(info->si_signo, info, t, shared, false);
out:
	spin_unlock_irqrestore(&t->sighand->siglock, flags);
	return ret;
}

int send_sig_to_thread(int sig, kernel_siginfo_t *info, struct task_struct *t)
{
	if (!valid_signal(sig))
		return -EINVAL;
	return do_send_sig_info(sig, info, t, false);
}

int kill_pid(pid_t pid, int sig, int priv)
{
	struct task_struct *p;
	kernel_siginfo_t info;
	int ret = -ESRCH;

	fill_user_info(&info, sig, priv ? SI_KERNEL : SI_USER);
	rcu_read_lock();
	p = find_task_by_pid(pid);
	if (p && p->signal) {
		ret = 0;
		if (sig)
			ret = send_sig_info(sig, &info, p->group_leader);
	}
	rcu_read_unlock();
	return ret;
}

int kill_pgrp(pid_t pgrp, int sig, int priv)
{
	kernel_siginfo_t info;
	struct task_struct *p;
	int ret = -ESRCH, err;

	if (pgrp <= 0)
		return -EINVAL;
	fill_user_info(&info, sig, priv ? SI_KERNEL : SI_USER);
	rcu_read_lock();
	for_each_process(p) {
		if (!thread_group_leader(p) || !process_alive(p) || task_pgrp_nr(p) != pgrp)
			continue;
		err = sig ? send_sig_info(sig, &info, p) : 0;
		if (ret)
			ret = err;
	}
	rcu_read_unlock();
	return ret;
}

/*
 * A signal current cannot ignore or block (faults).  If the handler is
 * SIG_IGN or the signal is blocked, the handler becomes SIG_DFL and the
 * signal is unblocked, so the fault kills the process instead of looping.
 */
int force_sig_info(kernel_siginfo_t *info)
{
	struct task_struct *t = current;
	int sig = info->si_signo, ret;
	struct k_sigaction *action;
	unsigned long flags;

	spin_lock_irqsave(&t->sighand->siglock, flags);
	action = &t->sighand->action[sig - 1];
	if (action->sa.sa_handler == SIG_IGN || sigismember(&t->blocked, sig)) {
		if (sigismember(&t->blocked, sig) || action->sa.sa_handler == SIG_IGN)
			action->sa.sa_handler = SIG_DFL;
		sigdelset(&t->blocked, sig);
	}
	/* A forced fatal signal kills init too (the kernel then panics). */
	if (action->sa.sa_handler == SIG_DFL)
		t->signal->flags &= ~SIGNAL_UNKILLABLE;
	ret = __send_signal_locked(sig, info, t, false, true);
	spin_unlock_irqrestore(&t->sighand->siglock, flags);
	return ret;
}

void force_sig(int sig)
{
	kernel_siginfo_t info;

	fill_user_info(&info, sig, SI_KERNEL);
	force_sig_info(&info);
}

int force_sig_fault(int sig, int code, void *addr)
{
	kernel_siginfo_t info;

	clear_siginfo(&info);
	info.si_signo = sig;
	info.si_code = code;
	info.si_addr = addr;
	return force_sig_info(&info);
}

/* ------------------------------------------------------------ parent notification */

static void fill_child_info(kernel_siginfo_t *info, struct task_struct *p, int code, int status)
{
	unsigned long ut, st;

	clear_siginfo(info);
	info->si_signo = SIGCHLD;
	info->si_code = code;
	info->si_pid = task_tgid_nr(p);
	/* p is exiting (current) or a zombie: its credentials cannot change. */
	info->si_uid = p->real_cred ? p->real_cred->uid : 0;
	info->si_status = status;
	thread_group_cputime(p, &ut, &st);
	info->si_utime = ut;
	info->si_stime = st;
}

/* tasklist_lock held. */
bool do_notify_parent(struct task_struct *tsk, int sig)
{
	struct task_struct *parent = tsk->parent;
	struct sighand_struct *psig;
	kernel_siginfo_t info;
	unsigned long flags;
	bool autoreap = false;
	int status = task_exit_status(tsk);

	/* The whole process is gone now: its pidfds become readable. */
	pidfd_notify_exited();
	if (!parent || !parent->sighand)
		return true;
	if (status & 0x7f)
		fill_child_info(&info, tsk, (status & 0x80) ? CLD_DUMPED : CLD_KILLED,
				status & 0x7f);
	else
		fill_child_info(&info, tsk, CLD_EXITED, (status >> 8) & 0xff);
	info.si_signo = sig;

	psig = parent->sighand;
	spin_lock_irqsave(&psig->siglock, flags);
	if (sig == SIGCHLD &&
	    (psig->action[SIGCHLD - 1].sa.sa_handler == SIG_IGN ||
	     (psig->action[SIGCHLD - 1].sa.sa_flags & SA_NOCLDWAIT))) {
		/* POSIX: the child is reaped at once; SIG_IGN also drops the signal. */
		autoreap = true;
		if (psig->action[SIGCHLD - 1].sa.sa_handler == SIG_IGN)
			sig = 0;
	}
	if (valid_signal(sig) && sig > 0)
		__send_signal_locked(sig, &info, parent, true, false);
	spin_unlock_irqrestore(&psig->siglock, flags);
	wake_up_interruptible_all(&parent->signal->wait_chldexit);
	return autoreap;
}

/*
 * SIGCHLD (unless ignored or SA_NOCLDSTOP) and a wait() wakeup for
 * parent, about a stop or continue of child (tasklist_lock held).
 */
static void notify_stop_to(struct task_struct *parent, struct task_struct *child,
			   int why, int status)
{
	struct sighand_struct *psig = parent->sighand;
	kernel_siginfo_t info;
	unsigned long flags;

	fill_child_info(&info, child, why, status);
	/* The child may be running: report the caller's (the same process's) uid. */
	info.si_uid = current_uid();
	spin_lock_irqsave(&psig->siglock, flags);
	if (psig->action[SIGCHLD - 1].sa.sa_handler != SIG_IGN &&
	    !(psig->action[SIGCHLD - 1].sa.sa_flags & SA_NOCLDSTOP))
		__send_signal_locked(SIGCHLD, &info, parent, true, false);
	spin_unlock_irqrestore(&psig->siglock, flags);
	wake_up_interruptible_all(&parent->signal->wait_chldexit);
}

void do_notify_parent_cldstop(struct task_struct *tsk, int why)
{
	struct task_struct *leader, *parent;

	spin_lock(&tasklist_lock);
	leader = tsk->group_leader;
	parent = leader->real_parent;
	if (parent && parent->sighand)
		notify_stop_to(parent, leader, why, why == CLD_CONTINUED ? SIGCONT :
			       (tsk->signal->group_exit_code & 0x7f));
	spin_unlock(&tasklist_lock);
}

/* ------------------------------------------------------------ ptrace stops */

/*
 * Stop current for its tracer.  code is what the tracer's wait() sees in
 * WSTOPSIG and status >> 16 ((event << 8) | signal); syscall_op and info
 * are what PTRACE_GET_SYSCALL_INFO and PTRACE_GETSIGINFO report (info
 * NULL: a group stop, where GETSIGINFO fails).  Sleeps in TASK_TRACED
 * until a resuming request clears JOBCTL_TRACED, or SIGKILL.  Returns
 * the signal the request passed (0 if none, or killed or not traced).
 */
int ptrace_stop(int code, int syscall_op, kernel_siginfo_t *info)
{
	struct task_struct *tsk = current;
	unsigned long flags;
	int data;

	spin_lock_irqsave(&tsk->sighand->siglock, flags);
	if (!tsk->ptrace || fatal_signal_pending(tsk) ||
	    (tsk->signal->flags & SIGNAL_GROUP_EXIT)) {
		spin_unlock_irqrestore(&tsk->sighand->siglock, flags);
		return 0;
	}
	tsk->ptrace_code = code;
	tsk->ptrace_unreported = true;
	tsk->ptrace_syscall_op = syscall_op;
	tsk->ptrace_data = 0;
	tsk->last_siginfo = info;
	tsk->jobctl |= JOBCTL_TRACED;
	set_current_state(TASK_TRACED);
	spin_unlock_irqrestore(&tsk->sighand->siglock, flags);

	spin_lock(&tasklist_lock);
	if (tsk->ptrace && tsk->parent->sighand)
		notify_stop_to(tsk->parent, tsk, CLD_TRAPPED, code & 0x7f);
	spin_unlock(&tasklist_lock);

	/* The resumer clears JOBCTL_TRACED before waking us (under siglock). */
	while ((READ_ONCE(tsk->jobctl) & JOBCTL_TRACED) && !fatal_signal_pending(tsk)) {
		schedule();
		set_current_state(TASK_TRACED);
	}
	__set_current_state(TASK_RUNNING);

	spin_lock_irqsave(&tsk->sighand->siglock, flags);
	tsk->jobctl &= ~(JOBCTL_TRACED | JOBCTL_LISTENING);
	tsk->ptrace_unreported = false;
	tsk->ptrace_syscall_op = PTRACE_SYSCALL_INFO_NONE;
	tsk->last_siginfo = NULL;
	data = tsk->ptrace_data;
	tsk->ptrace_data = 0;
	spin_unlock_irqrestore(&tsk->sighand->siglock, flags);
	return data;
}

/*
 * A stop that is not about a signal (syscall, PTRACE_EVENT_*): GETSIGINFO
 * shows SIGTRAP with si_code = code, sent by the task itself.
 */
int ptrace_notify(int code, int syscall_op)
{
	kernel_siginfo_t info;

	clear_siginfo(&info);
	info.si_signo = SIGTRAP;
	info.si_code = code;
	info.si_pid = task_tgid_nr(current);
	info.si_uid = current_uid();
	return ptrace_stop(code, syscall_op, &info);
}

/*
 * Resume t from its ptrace stop with signal data (siglock held).  With
 * retrap, a seized tracee stops again at once with PTRACE_EVENT_STOP
 * (PTRACE_INTERRUPT, or the SIGCONT a listening tracee waits for).
 */
void ptrace_wake(struct task_struct *t, int data, bool retrap)
{
	t->ptrace_data = data;
	t->jobctl &= ~(JOBCTL_TRACED | JOBCTL_LISTENING);
	if (retrap) {
		t->jobctl |= JOBCTL_TRAP_STOP;
		set_tsk_thread_flag(t, TIF_SIGPENDING);
	}
	wake_up_state(t, __TASK_TRACED);
}

/*
 * A signal-delivery-stop: the tracer sees signr first and resumes us with
 * the signal to act on - 0 suppresses it, another number replaces it
 * (with a siginfo from the tracer unless it set one with SETSIGINFO).
 * Called and returns with siglock held.  Returns the signal or 0.
 */
static int ptrace_signal(int signr, kernel_siginfo_t *info, unsigned long *flags)
{
	struct task_struct *tsk = current;

	spin_unlock_irqrestore(&tsk->sighand->siglock, *flags);
	signr = ptrace_stop(signr, PTRACE_SYSCALL_INFO_NONE, info);
	spin_lock_irqsave(&tsk->sighand->siglock, *flags);
	if (!signr)
		return 0;
	if (signr != info->si_signo) {
		struct task_struct *tracer = tsk->parent;

		clear_siginfo(info);
		info->si_signo = signr;
		info->si_code = SI_USER;
		info->si_pid = task_tgid_nr(tracer);
		info->si_uid = tracer->real_cred ? tracer->real_cred->uid : 0;
	}
	/* A signal the task now blocks waits in the queue like any other. */
	if (sigismember(&tsk->blocked, signr)) {
		__send_signal_locked(signr, info, tsk, false, false);
		return 0;
	}
	return signr;
}

/* ------------------------------------------------------------ group stop */

/*
 * Take part in a group stop (starting one for signr if none is under way).
 * Called with siglock held and interrupts off; returns with it released,
 * after the task was continued or killed.
 */
static void do_signal_stop(int signr, unsigned long *flags)
{
	struct task_struct *tsk = current, *t;
	struct signal_struct *sig = tsk->signal;
	bool notify = false;

	if (!(tsk->jobctl & JOBCTL_STOP_PENDING)) {
		sig->group_exit_code = signr;
		sig->group_stop_count = 0;
		sig->flags &= ~(SIGNAL_STOP_CONTINUED | SIGNAL_CLD_CONTINUED);
		for_each_thread(tsk, t) {
			if (t->flags & PF_EXITING)
				continue;
			t->jobctl |= JOBCTL_STOP_PENDING | JOBCTL_STOP_CONSUME;
			sig->group_stop_count++;
			if (t != tsk)
				signal_wake_up_fatal(t, false);
		}
	}
	tsk->jobctl &= ~JOBCTL_STOP_PENDING;
	if (tsk->jobctl & JOBCTL_STOP_CONSUME) {
		tsk->jobctl &= ~JOBCTL_STOP_CONSUME;
		if (--sig->group_stop_count == 0) {
			sig->flags = SIGNAL_STOP_STOPPED;
			notify = true;
		}
	}
	if (tsk->ptrace) {
		/*
		 * The tracer hears of the stop instead of the parent, and
		 * decides when we go on: a seized tracee reports it as
		 * PTRACE_EVENT_STOP with the stop signal.
		 */
		int code = sig->group_exit_code & 0x7f;

		spin_unlock_irqrestore(&tsk->sighand->siglock, *flags);
		if (tsk->ptrace & PT_SEIZED)
			ptrace_notify((PTRACE_EVENT_STOP << 8) | code, PTRACE_SYSCALL_INFO_NONE);
		else
			ptrace_stop(code, PTRACE_SYSCALL_INFO_NONE, NULL);
		return;
	}
	set_current_state(TASK_STOPPED);
	spin_unlock_irqrestore(&tsk->sighand->siglock, *flags);
	if (notify)
		do_notify_parent_cldstop(tsk, CLD_STOPPED);
	schedule();
	__set_current_state(TASK_RUNNING);
}

/*
 * A seized tracee's PTRACE_EVENT_STOP (PTRACE_INTERRUPT, a new child, the
 * end of a listened stop): the stop signal if a group stop is in effect,
 * else SIGTRAP.  Called with siglock held, returns with it released.
 */
static void do_jobctl_trap(unsigned long *flags)
{
	struct task_struct *tsk = current;
	struct signal_struct *sig = tsk->signal;
	int signr = SIGTRAP;

	tsk->jobctl &= ~JOBCTL_TRAP_STOP;
	if ((sig->flags & SIGNAL_STOP_STOPPED) && sig->group_exit_code)
		signr = sig->group_exit_code & 0x7f;
	spin_unlock_irqrestore(&tsk->sighand->siglock, *flags);
	ptrace_notify((PTRACE_EVENT_STOP << 8) | signr, PTRACE_SYSCALL_INFO_NONE);
}

/* ------------------------------------------------------------ get_signal */

static void report_continued(struct task_struct *tsk, unsigned long *flags)
{
	struct signal_struct *sig = tsk->signal;
	int why;

	if (!(sig->flags & (SIGNAL_CLD_CONTINUED | SIGNAL_CLD_STOPPED)))
		return;
	why = (sig->flags & SIGNAL_CLD_CONTINUED) ? CLD_CONTINUED : CLD_STOPPED;
	sig->flags &= ~(SIGNAL_CLD_CONTINUED | SIGNAL_CLD_STOPPED);
	spin_unlock_irqrestore(&tsk->sighand->siglock, *flags);
	do_notify_parent_cldstop(tsk, why);
	spin_lock_irqsave(&tsk->sighand->siglock, *flags);
}

bool get_signal(struct ksignal *ksig)
{
	struct task_struct *tsk = current;
	struct sighand_struct *sighand = tsk->sighand;
	struct signal_struct *signal = tsk->signal;
	unsigned long flags;

	if (!sighand)
		return false;
	spin_lock_irqsave(&sighand->siglock, flags);
	for (;;) {
		struct k_sigaction *ka;
		int signr, exit_code;

		report_continued(tsk, &flags);

		if (signal->flags & SIGNAL_GROUP_EXIT) {
			exit_code = signal->group_exit_code;
			spin_unlock_irqrestore(&sighand->siglock, flags);
			do_group_exit(exit_code);
		}
		if (tsk->jobctl & JOBCTL_STOP_PENDING) {
			do_signal_stop(0, &flags);
			spin_lock_irqsave(&sighand->siglock, flags);
			continue;
		}
		if (tsk->jobctl & JOBCTL_TRAP_STOP) {
			if (tsk->ptrace & PT_SEIZED) {
				do_jobctl_trap(&flags);
				spin_lock_irqsave(&sighand->siglock, flags);
				continue;
			}
			tsk->jobctl &= ~JOBCTL_TRAP_STOP;
		}

		signr = dequeue_signal(tsk, &tsk->blocked, &ksig->info);
		if (!signr)
			break;
		if (tsk->ptrace && signr != SIGKILL) {
			signr = ptrace_signal(signr, &ksig->info, &flags);
			if (!signr)
				continue;
		}
		ka = &sighand->action[signr - 1];
		if (ka->sa.sa_handler == SIG_IGN)
			continue;
		if (ka->sa.sa_handler != SIG_DFL) {
			ksig->ka = *ka;
			if (ka->sa.sa_flags & SA_RESETHAND)
				ka->sa.sa_handler = SIG_DFL;
			ksig->sig = signr;
			spin_unlock_irqrestore(&sighand->siglock, flags);
			return true;
		}

		/* Default actions. */
		if (sig_kernel_ignore(signr))
			continue;
		/* Init ignores what it has no handler for (unless forced: then it dies). */
		if ((signal->flags & SIGNAL_UNKILLABLE) && !sig_kernel_only(signr))
			continue;
		if (sig_kernel_stop(signr)) {
			/*
			 * POSIX: the terminal stop signals are discarded for an
			 * orphaned process group, which nobody could continue.
			 */
			if (signr != SIGSTOP) {
				spin_unlock_irqrestore(&sighand->siglock, flags);
				if (is_current_pgrp_orphaned()) {
					spin_lock_irqsave(&sighand->siglock, flags);
					continue;
				}
				spin_lock_irqsave(&sighand->siglock, flags);
			}
			do_signal_stop(signr, &flags);
			spin_lock_irqsave(&sighand->siglock, flags);
			continue;
		}
		/* Terminate (core-dump signals too: no core file, no core bit). */
		spin_unlock_irqrestore(&sighand->siglock, flags);
		do_group_exit(signr);
	}
	spin_unlock_irqrestore(&sighand->siglock, flags);
	return false;
}

void set_current_blocked(sigset_t *newset)
{
	struct task_struct *tsk = current;
	unsigned long flags;

	sigdelsetmask(newset, SIG_KERNEL_ONLY_MASK);
	spin_lock_irqsave(&tsk->sighand->siglock, flags);
	tsk->blocked = *newset;
	recalc_sigpending();
	spin_unlock_irqrestore(&tsk->sighand->siglock, flags);
}

void signal_setup_done(int failed, struct ksignal *ksig, int stepping)
{
	sigset_t blocked;

	if (failed) {
		force_sig(SIGSEGV);
		return;
	}
	clear_tsk_thread_flag(current, TIF_RESTORE_SIGMASK);
	sigorsets(&blocked, &current->blocked, &ksig->ka.sa.sa_mask);
	if (!(ksig->ka.sa.sa_flags & SA_NODEFER))
		sigaddset(&blocked, ksig->sig);
	set_current_blocked(&blocked);
}

void restore_saved_sigmask(void)
{
	if (test_tsk_thread_flag(current, TIF_RESTORE_SIGMASK)) {
		clear_tsk_thread_flag(current, TIF_RESTORE_SIGMASK);
		set_current_blocked(&current->saved_sigmask);
	}
}

/* Every other thread of p's process gets SIGKILL (siglock held). */
void zap_other_threads(struct task_struct *p)
{
	struct task_struct *t;

	p->signal->group_stop_count = 0;
	for_each_thread(p, t) {
		if (t == p || t->exit_state)
			continue;
		t->jobctl &= ~JOBCTL_STOP_PENDING;
		sigaddset(&t->pending.signal, SIGKILL);
		signal_wake_up_fatal(t, true);
	}
}

/* ------------------------------------------------------------ sigaltstack */

int on_sig_stack(unsigned long sp)
{
	struct task_struct *t = current;

	if (t->sas_ss_flags & SS_AUTODISARM)
		return 0;
	return sp > t->sas_ss_sp && sp - t->sas_ss_sp <= t->sas_ss_size;
}

int sas_ss_flags(unsigned long sp)
{
	if (!current->sas_ss_size)
		return SS_DISABLE;
	return on_sig_stack(sp) ? SS_ONSTACK : 0;
}

unsigned long sigsp(unsigned long sp, struct ksignal *ksig)
{
	if ((ksig->ka.sa.sa_flags & SA_ONSTACK) && !sas_ss_flags(sp))
		return current->sas_ss_sp + current->sas_ss_size;
	return sp;
}

int save_altstack(stack_t *uss, unsigned long sp)
{
	struct task_struct *t = current;
	stack_t st = {
		.ss_sp = (void *)t->sas_ss_sp,
		.ss_flags = sas_ss_flags(sp) | (t->sas_ss_flags & SS_FLAG_BITS),
		.ss_size = t->sas_ss_size,
	};

	if (copy_to_user(uss, &st, sizeof(st)))
		return -EFAULT;
	if (t->sas_ss_flags & SS_AUTODISARM) {
		t->sas_ss_sp = 0;
		t->sas_ss_size = 0;
	}
	return 0;
}
