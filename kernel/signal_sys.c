// SPDX-License-Identifier: GPL-2.0-only
/*
 * The signal system calls: rt_sigaction, rt_sigprocmask, rt_sigpending,
 * rt_sigsuspend, rt_sigtimedwait, rt_sigqueueinfo, rt_tgsigqueueinfo,
 * kill, tgkill, tkill, pidfd_send_signal, pause, sigaltstack, restart_syscall.  The
 * machinery they use is in signal.c.
 *
 * Signals sent from user space to another process obey kill(2)'s rule
 * (may_send_signal()): the sender's real or effective uid is the target's
 * real or saved uid, or the sender has CAP_KILL, or the signal is SIGCONT
 * within the sender's session; otherwise EPERM.
 *
 * Locking: as signal.c - current->sighand->siglock around the action
 * table and the masks.
 */
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/signal.h>
#include <linux/cred.h>
#include <linux/syscalls.h>
#include <linux/errno.h>
#include <linux/jiffies.h>
#include <linux/file.h>
#include <linux/pidfd.h>
#include <asm/uaccess.h>
#include "signal_internal.h"

/* ------------------------------------------------------------ actions and masks */

#define SA_KNOWN_FLAGS	(SA_NOCLDSTOP | SA_NOCLDWAIT | SA_SIGINFO | SA_RESTORER | SA_ONSTACK | \
			 SA_RESTART | SA_NODEFER | SA_RESETHAND)

/* Fetch a sigset_t argument; its size must be the kernel's (8 bytes here). */
static int get_user_sigset(sigset_t *set, const sigset_t *uset, size_t size)
{
	if (size != sizeof(sigset_t))
		return -EINVAL;
	if (copy_from_user(set, uset, sizeof(*set)))
		return -EFAULT;
	return 0;
}

/* Drop sig from the process's queue and every thread's; siglock held. */
static void discard_pending_everywhere(struct task_struct *p, int sig)
{
	struct task_struct *t;
	sigset_t one;

	sigemptyset(&one);
	sigaddset(&one, sig);
	flush_sigqueue_mask(&p->signal->shared_pending, &one);
	for_each_thread(p, t)
		flush_sigqueue_mask(&t->pending, &one);
}

/*
 * Read and/or replace the action of sig for the whole process (the
 * table is shared by the threads).  SIGKILL and SIGSTOP can be read but
 * not changed, and can never be blocked while a handler runs.
 */
static int do_sigaction(int sig, struct k_sigaction *act, struct k_sigaction *oact)
{
	struct sighand_struct *sighand = current->sighand;
	struct k_sigaction *slot;
	unsigned long irqflags;

	if (sig < 1 || !valid_signal(sig))
		return -EINVAL;
	if (act && sig_kernel_only(sig))
		return -EINVAL;
	if (act)
		sigdelsetmask(&act->sa.sa_mask, SIG_KERNEL_ONLY_MASK);
	slot = &sighand->action[sig - 1];

	spin_lock_irqsave(&sighand->siglock, irqflags);
	if (oact)
		*oact = *slot;
	if (act) {
		*slot = *act;
		/*
		 * POSIX: an action set to ignore (SIG_IGN, or SIG_DFL where the
		 * default is to ignore) throws away what is pending already.
		 */
		if (sig_handler_ignored(slot->sa.sa_handler, sig))
			discard_pending_everywhere(current, sig);
	}
	spin_unlock_irqrestore(&sighand->siglock, irqflags);
	return 0;
}

SYSCALL_DEFINE4(rt_sigaction, int, sig, const struct sigaction *, act,
		struct sigaction *, oact, size_t, sigsetsize)
{
	struct k_sigaction next, prev;
	int err;

	if (sigsetsize != sizeof(sigset_t))
		return -EINVAL;
	if (act) {
		if (copy_from_user(&next.sa, act, sizeof(next.sa)))
			return -EFAULT;
		/*
		 * Keep only the flags x86_64 Linux knows, so that a program can
		 * tell from the old action whether a flag (SA_UNSUPPORTED,
		 * SA_EXPOSE_TAGBITS) is supported.
		 */
		next.sa.sa_flags &= SA_KNOWN_FLAGS;
	}
	err = do_sigaction(sig, act ? &next : NULL, &prev);
	if (err)
		return err;
	if (!oact)
		return 0;
	return copy_to_user(oact, &prev.sa, sizeof(prev.sa)) ? -EFAULT : 0;
}

/*
 * rt_sigprocmask(2): the mask is the caller's thread's own.  The new mask
 * goes through set_current_blocked(), which keeps SIGKILL and SIGSTOP out.
 */
SYSCALL_DEFINE4(rt_sigprocmask, int, how, sigset_t *, nset, sigset_t *, oset, size_t, sigsetsize)
{
	sigset_t prev = current->blocked, arg, next;
	int err;

	if (sigsetsize != sizeof(sigset_t))
		return -EINVAL;
	if (nset) {
		err = get_user_sigset(&arg, nset, sigsetsize);
		if (err)
			return err;
		if (how == SIG_BLOCK)
			sigorsets(&next, &prev, &arg);
		else if (how == SIG_UNBLOCK)
			signandsets(&next, &prev, &arg);
		else if (how == SIG_SETMASK)
			next = arg;
		else
			return -EINVAL;
		set_current_blocked(&next);
	}
	if (oset && copy_to_user(oset, &prev, sizeof(prev)))
		return -EFAULT;
	return 0;
}

/* What is pending for the thread (its own queue and the process's) and blocked. */
SYSCALL_DEFINE2(rt_sigpending, sigset_t *, uset, size_t, sigsetsize)
{
	struct task_struct *me = current;
	unsigned long irqflags;
	sigset_t waiting;

	/* A shorter set is fine: the caller gets its first sigsetsize bytes. */
	if (sigsetsize > sizeof(sigset_t))
		return -EINVAL;
	spin_lock_irqsave(&me->sighand->siglock, irqflags);
	waiting = me->pending.signal;
	sigorsets(&waiting, &waiting, &me->signal->shared_pending.signal);
	spin_unlock_irqrestore(&me->sighand->siglock, irqflags);
	sigandsets(&waiting, &me->blocked, &waiting);
	if (copy_to_user(uset, &waiting, sigsetsize))
		return -EFAULT;
	return 0;
}

/*
 * Sleep until a signal is pending; the return to user mode delivers it.
 * The state is set before each test, so a signal that comes in between
 * makes schedule() return at once.
 */
static void wait_for_any_signal(void)
{
	set_current_state(TASK_INTERRUPTIBLE);
	while (!signal_pending(current)) {
		schedule();
		set_current_state(TASK_INTERRUPTIBLE);
	}
	__set_current_state(TASK_RUNNING);
}

/*
 * rt_sigsuspend(2): sleep with a temporary mask until a handler has run.
 * TIF_RESTORE_SIGMASK puts the saved mask back once the signal frame is
 * set up (or at once if no handler runs).
 */
SYSCALL_DEFINE2(rt_sigsuspend, sigset_t *, unewset, size_t, sigsetsize)
{
	sigset_t during;
	int err = get_user_sigset(&during, unewset, sigsetsize);

	if (err)
		return err;
	current->saved_sigmask = current->blocked;
	set_current_blocked(&during);
	wait_for_any_signal();
	set_tsk_thread_flag(current, TIF_RESTORE_SIGMASK);
	return -ERESTARTNOHAND;
}

/* pause(2): no mask change; the call fails with EINTR after a handler ran. */
SYSCALL_DEFINE0(pause)
{
	wait_for_any_signal();
	return -ERESTARTNOHAND;
}

struct sig_timespec {
	long tv_sec;
	long tv_nsec;
};

/*
 * Wait for one of the signals in which (blocked by the caller, normally)
 * and return it with its information instead of running a handler.
 */
SYSCALL_DEFINE4(rt_sigtimedwait, const sigset_t *, uthese, siginfo_t *, uinfo,
		const struct sig_timespec *, uts, size_t, sigsetsize)
{
	struct task_struct *tsk = current;
	long timeout = MAX_SCHEDULE_TIMEOUT;
	struct sig_timespec ts;
	kernel_siginfo_t info;
	unsigned long flags;
	sigset_t these, mask;
	int sig;

	sig = get_user_sigset(&these, uthese, sigsetsize);
	if (sig)
		return sig;
	/* SIGKILL and SIGSTOP are never dequeued for the caller. */
	sigdelsetmask(&these, SIG_KERNEL_ONLY_MASK);
	if (uts) {
		if (copy_from_user(&ts, uts, sizeof(ts)))
			return -EFAULT;
		if (ts.tv_sec < 0 || ts.tv_nsec < 0 || ts.tv_nsec >= 1000000000L)
			return -EINVAL;
		timeout = ts.tv_sec >= MAX_JIFFY_OFFSET / HZ ? MAX_SCHEDULE_TIMEOUT :
			  (long)(ts.tv_sec * HZ + nsecs_to_jiffies(ts.tv_nsec));
	}
	/* Dequeue anything in these: look at it as if unblocked. */
	mask.sig[0] = ~these.sig[0];

	spin_lock_irqsave(&tsk->sighand->siglock, flags);
	sig = dequeue_signal(tsk, &mask, &info);
	if (!sig && timeout) {
		/* Let these wake us: take them out of blocked while we sleep. */
		tsk->real_blocked = tsk->blocked;
		sigandsets(&tsk->blocked, &tsk->blocked, &mask);
		recalc_sigpending();
		spin_unlock_irqrestore(&tsk->sighand->siglock, flags);

		timeout = schedule_timeout_interruptible(timeout);

		spin_lock_irqsave(&tsk->sighand->siglock, flags);
		tsk->blocked = tsk->real_blocked;
		sigemptyset(&tsk->real_blocked);
		sig = dequeue_signal(tsk, &mask, &info);
	}
	spin_unlock_irqrestore(&tsk->sighand->siglock, flags);

	if (sig) {
		if (uinfo && copy_to_user(uinfo, &info, sizeof(info)))
			return -EFAULT;
		return sig;
	}
	return timeout ? -EINTR : -EAGAIN;
}

/* ------------------------------------------------------------ sending */

static void prepare_kill_siginfo(int sig, kernel_siginfo_t *info, int code)
{
	clear_siginfo(info);
	info->si_signo = sig;
	info->si_code = code;
	info->si_pid = task_tgid_nr(current);
	info->si_uid = current_uid();
}

/*
 * May the current task send sig to p from user space?  kill(2): its real
 * or effective uid is p's real or saved uid, or it holds CAP_KILL; SIGCONT
 * may also go to any process of its own session.  Under rcu_read_lock()
 * (p's credentials are freed a grace period after they are replaced).
 */
static bool may_send_signal(struct task_struct *p, int sig)
{
	const struct cred *me = current_cred(), *them;

	if (same_thread_group(p, current))
		return true;
	them = READ_ONCE(p->real_cred);
	if (them && (me->euid == them->uid || me->euid == them->suid ||
		     me->uid == them->uid || me->uid == them->suid))
		return true;
	if (sig == SIGCONT && task_session_nr(p) == task_session_nr(current))
		return true;
	return capable(CAP_KILL);
}

/*
 * One process of a kill(2) target set: 0 = sent (or may be, for sig 0).
 * A process that is exiting or is a zombie still exists until its parent
 * reaps it: the permission check applies, the signal itself is dropped
 * (do_send_sig_info() queues nothing on a process with no live thread).
 * Parents such as trinity's probe their children with kill(pid, 0) and
 * must not see ESRCH before wait() has told them of the exit.
 */
static int kill_one(int sig, kernel_siginfo_t *info, struct task_struct *p)
{
	if (!may_send_signal(p, sig))
		return -EPERM;
	return sig ? send_sig_info(sig, info, p) : 0;
}

/*
 * kill(2): pid > 0 that process; 0 the caller's process group; -1 every
 * process but init and the caller; < -1 the process group -pid.  A group
 * succeeds if some member could be signalled, else it fails with the last
 * error (EPERM when all refused); -1 ignores the processes it may not
 * signal.
 */
static int kill_something_info(int sig, kernel_siginfo_t *info, pid_t pid)
{
	struct task_struct *p;
	int ret, count = 0, err;

	if (pid > 0) {
		rcu_read_lock();
		p = find_task_by_pid(pid);
		ret = -ESRCH;
		if (p && p->signal)
			ret = kill_one(sig, info, p->group_leader);
		rcu_read_unlock();
		return ret;
	}
	if (pid == 0 || pid < -1) {
		/* Group 0 is real: init and its descendants start in it (Linux). */
		pid_t pgrp = pid ? -pid : task_pgrp_nr(current);

		ret = -ESRCH;
		rcu_read_lock();
		for_each_process(p) {
			if (!thread_group_leader(p) || !p->signal || task_pgrp_nr(p) != pgrp)
				continue;
			err = kill_one(sig, info, p);
			if (ret)
				ret = err;
		}
		rcu_read_unlock();
		return ret;
	}
	/* pid == -1 */
	ret = 0;
	rcu_read_lock();
	for_each_process(p) {
		if (!thread_group_leader(p) || !p->signal ||
		    p->tgid <= 1 || same_thread_group(p, current))
			continue;
		count++;
		err = kill_one(sig, info, p);
		if (err != -EPERM)
			ret = err;
	}
	rcu_read_unlock();
	return count ? ret : -ESRCH;
}

SYSCALL_DEFINE2(kill, pid_t, pid, int, sig)
{
	kernel_siginfo_t info;

	if (!valid_signal(sig) || sig < 0)
		return -EINVAL;
	prepare_kill_siginfo(sig, &info, SI_USER);
	return kill_something_info(sig, &info, pid);
}

static int do_send_specific(pid_t tgid, pid_t pid, int sig, kernel_siginfo_t *info)
{
	struct task_struct *p;
	int error = -ESRCH;

	rcu_read_lock();
	p = find_task_by_pid(pid);
	/* As kill(2): a thread that has exited but is not yet reaped exists. */
	if (p && p->signal && (tgid <= 0 || task_tgid_nr(p) == tgid)) {
		error = may_send_signal(p, sig) ? 0 : -EPERM;
		if (sig && !error)
			error = send_sig_to_thread(sig, info, p);
	}
	rcu_read_unlock();
	return error;
}

SYSCALL_DEFINE3(tgkill, pid_t, tgid, pid_t, pid, int, sig)
{
	kernel_siginfo_t info;

	if (pid <= 0 || tgid <= 0 || !valid_signal(sig) || sig < 0)
		return -EINVAL;
	prepare_kill_siginfo(sig, &info, SI_TKILL);
	return do_send_specific(tgid, pid, sig, &info);
}

SYSCALL_DEFINE2(tkill, pid_t, pid, int, sig)
{
	kernel_siginfo_t info;

	if (pid <= 0 || !valid_signal(sig) || sig < 0)
		return -EINVAL;
	prepare_kill_siginfo(sig, &info, SI_TKILL);
	return do_send_specific(0, pid, sig, &info);
}

/* User-supplied siginfo: only negative si_code (not claiming the kernel) unless to self. */
static int copy_user_siginfo(kernel_siginfo_t *info, int sig, pid_t target, siginfo_t *uinfo)
{
	if (copy_from_user(info, uinfo, sizeof(*info)))
		return -EFAULT;
	if ((info->si_code >= 0 || info->si_code == SI_TKILL) && target != task_tgid_nr(current))
		return -EPERM;
	info->si_signo = sig;
	return 0;
}

SYSCALL_DEFINE3(rt_sigqueueinfo, pid_t, pid, int, sig, siginfo_t *, uinfo)
{
	kernel_siginfo_t info;
	int ret;

	if (!valid_signal(sig) || sig < 0)
		return -EINVAL;
	ret = copy_user_siginfo(&info, sig, pid, uinfo);
	if (ret)
		return ret;
	if (pid <= 0)
		return -ESRCH;
	return kill_something_info(sig, &info, pid);
}

SYSCALL_DEFINE4(rt_tgsigqueueinfo, pid_t, tgid, pid_t, pid, int, sig, siginfo_t *, uinfo)
{
	kernel_siginfo_t info;
	int ret;

	if (pid <= 0 || tgid <= 0 || !valid_signal(sig) || sig < 0)
		return -EINVAL;
	ret = copy_user_siginfo(&info, sig, tgid, uinfo);
	if (ret)
		return ret;
	return do_send_specific(tgid, pid, sig, &info);
}

/*
 * pidfd_send_signal(2): kill() aimed through a pidfd, so it cannot hit a
 * later process that reuses the pid.  info, if given, must name sig and
 * obey rt_sigqueueinfo's rule (a positive or SI_TKILL code only to
 * oneself).  A zombie takes the signal as a no-op; a reaped process is
 * ESRCH.  flags must be 0; a descriptor that is not a pidfd is EBADF.
 */
SYSCALL_DEFINE4(pidfd_send_signal, int, pidfd, int, sig, siginfo_t *, uinfo, unsigned int, flags)
{
	struct task_struct *p;
	kernel_siginfo_t info;
	struct fd f;
	int ret;

	if (flags)
		return -EINVAL;
	if (!valid_signal(sig) || sig < 0)
		return -EINVAL;
	f = fdget(pidfd);
	if (!f.file)
		return -EBADF;
	ret = -EBADF;
	p = pidfd_task(f.file);
	if (!p)
		goto out;
	if (uinfo) {
		ret = -EFAULT;
		if (copy_from_user(&info, uinfo, sizeof(info)))
			goto out;
		ret = -EINVAL;
		if (info.si_signo != sig)
			goto out;
		ret = copy_user_siginfo(&info, sig, p->tgid, uinfo);
		if (ret)
			goto out;
	} else {
		prepare_kill_siginfo(sig, &info, SI_USER);
	}
	ret = -ESRCH;
	if (READ_ONCE(p->exit_state) & EXIT_DEAD)
		goto out;
	rcu_read_lock();
	ret = may_send_signal(p, sig) ? 0 : -EPERM;
	rcu_read_unlock();
	if (!ret && sig && process_alive(p))
		ret = send_sig_info(sig, &info, p);
out:
	fdput(f);
	return ret;
}

/* ------------------------------------------------------------ sigaltstack */

SYSCALL_DEFINE2(sigaltstack, const stack_t *, uss, stack_t *, uoss)
{
	struct task_struct *t = current;
	unsigned long sp = task_pt_regs(t)->sp;
	stack_t new, old = {
		.ss_sp = (void *)t->sas_ss_sp,
		.ss_size = t->sas_ss_size,
		.ss_flags = sas_ss_flags(sp) | (t->sas_ss_flags & SS_FLAG_BITS),
	};

	if (uss) {
		unsigned int mode;

		if (copy_from_user(&new, uss, sizeof(new)))
			return -EFAULT;
		if (on_sig_stack(sp))
			return -EPERM;
		mode = new.ss_flags & ~SS_FLAG_BITS;
		if (mode != SS_DISABLE && mode != SS_ONSTACK && mode != 0)
			return -EINVAL;
		if (mode == SS_DISABLE) {
			t->sas_ss_sp = 0;
			t->sas_ss_size = 0;
		} else {
			if (new.ss_size < MINSIGSTKSZ)
				return -ENOMEM;
			t->sas_ss_sp = (unsigned long)new.ss_sp;
			t->sas_ss_size = new.ss_size;
		}
		t->sas_ss_flags = new.ss_flags & SS_FLAG_BITS;
	}
	if (uoss && copy_to_user(uoss, &old, sizeof(old)))
		return -EFAULT;
	return 0;
}

/* rt_sigreturn: the saved settings, checked like sigaltstack(2) but without EPERM. */
int restore_altstack(const stack_t *uss)
{
	struct task_struct *t = current;
	stack_t new;
	unsigned int mode;

	if (copy_from_user(&new, uss, sizeof(new)))
		return -EFAULT;
	mode = new.ss_flags & ~SS_FLAG_BITS;
	if (mode == SS_DISABLE) {
		t->sas_ss_sp = 0;
		t->sas_ss_size = 0;
	} else if ((mode == SS_ONSTACK || mode == 0) && new.ss_size >= MINSIGSTKSZ) {
		if (!on_sig_stack(task_pt_regs(t)->sp)) {
			t->sas_ss_sp = (unsigned long)new.ss_sp;
			t->sas_ss_size = new.ss_size;
		}
	}
	t->sas_ss_flags = new.ss_flags & SS_FLAG_BITS;
	return 0;
}

/* ------------------------------------------------------------ restart_syscall */

long do_no_restart_syscall(struct restart_block *parm)
{
	return -EINTR;
}

SYSCALL_DEFINE0(restart_syscall)
{
	struct restart_block *restart = &current->restart_block;

	if (!restart->fn)
		return -EINTR;
	return restart->fn(restart);
}
