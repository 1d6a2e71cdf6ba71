// SPDX-License-Identifier: GPL-2.0-only
/*
 * ptrace(2): one task (the tracer) controlling and inspecting another
 * (the tracee), for strace and gdb.  This file is the portable part -
 * attaching and detaching, resuming, the requests on memory, options,
 * siginfo and events, and the hooks fork/exec/exit/syscall entry call.
 * The stop itself is ptrace_stop() in kernel/signal.c; the register
 * requests are in arch/x86/kernel/ptrace.c; wait() reports stops
 * (kernel/exit.c).
 *
 * Interface: sys_ptrace(), ptrace_may_access(), ptrace_event(),
 * ptrace_report_syscall_entry/exit(), ptrace_clone_event(),
 * ptrace_init_child(), exit_ptrace(), __ptrace_unlink().
 *
 * Model (ptrace(2)): attaching links the tracee on the tracer's ptraced
 * list and points tracee->parent at the tracer; the real parent stays in
 * real_parent and gets the tracee back (for its exit status) on detach or
 * when the tracer has seen the exit.  Requests other than attach, kill and
 * interrupt need the tracee in a ptrace stop (JOBCTL_TRACED, off the CPU):
 * otherwise -ESRCH, as for a task the caller does not trace.
 *
 * Locking: tasklist_lock guards task->ptrace, ->parent, ->ptraced and
 * ->ptrace_entry; the tracee's siglock guards its stop state (jobctl,
 * ptrace_code, ptrace_data, last_siginfo).  tasklist_lock nests outside
 * siglock.  A stopped tracee does not run, so its registers and memory
 * may be used without further locks.
 */
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/sched/mm.h>
#include <linux/sched/coredump.h>
#include <linux/signal.h>
#include <linux/ptrace.h>
#include <linux/capability.h>
#include <linux/cred.h>
#include <linux/mm.h>
#include <linux/errno.h>
#include <linux/syscalls.h>
#include <uapi/linux/sched.h>
#include <asm/uaccess.h>
#include <asm/ptrace.h>

/* ------------------------------------------------------------ permission */

/*
 * May current attach to task or read its memory (ptrace(2), "Ptrace
 * access mode checking", with the caller's real ids)?  Its own threads
 * always; otherwise the target's real, effective and saved ids must all
 * be the caller's, the target may hold no capability the caller lacks,
 * and it must be dumpable (not after a set-id exec) - or the caller has
 * CAP_SYS_PTRACE.
 */
bool ptrace_may_access(struct task_struct *task)
{
	const struct cred *me = current_cred(), *them;
	struct mm_struct *mm;
	bool same = false;
	int dumpable = SUID_DUMP_USER;

	if (same_thread_group(task, current))
		return true;
	rcu_read_lock();
	them = READ_ONCE(task->real_cred);
	if (them)
		same = them->uid == me->uid && them->euid == me->uid && them->suid == me->uid &&
		       them->gid == me->gid && them->egid == me->gid && them->sgid == me->gid &&
		       cap_issubset(them->cap_permitted, me->cap_permitted);
	rcu_read_unlock();
	mm = get_task_mm(task);
	if (mm) {
		dumpable = get_dumpable(mm);
		mmput(mm);
	}
	if (same && dumpable == SUID_DUMP_USER)
		return true;
	return capable(CAP_SYS_PTRACE);
}

/* ------------------------------------------------------------ links */

/* tasklist_lock held. */
static void ptrace_link(struct task_struct *child, struct task_struct *tracer,
			unsigned int flags)
{
	child->ptrace = flags;
	child->parent = tracer;
	list_add_tail(&child->ptrace_entry, &tracer->ptraced);
}

/*
 * Undo the link (tasklist_lock held): the real parent is the parent
 * again, and nothing of the tracer's is left set in the task (syscall
 * stops, the trap flag).  The caller wakes the tracee if it is stopped.
 */
void __ptrace_unlink(struct task_struct *child)
{
	unsigned long flags;

	list_del_init(&child->ptrace_entry);
	child->parent = child->real_parent;
	child->ptrace = 0;
	clear_tsk_thread_flag(child, TIF_SYSCALL_TRACE);
	user_disable_single_step(child);
	if (!child->sighand)
		return;
	spin_lock_irqsave(&child->sighand->siglock, flags);
	child->jobctl &= ~(JOBCTL_TRAP_STOP | JOBCTL_LISTENING);
	spin_unlock_irqrestore(&child->sighand->siglock, flags);
}

/* A stopped tracee goes on with signal data (after unlinking or resuming). */
static void ptrace_resume_task(struct task_struct *child, int data)
{
	unsigned long flags;

	spin_lock_irqsave(&child->sighand->siglock, flags);
	if (child->jobctl & JOBCTL_TRACED)
		ptrace_wake(child, data, false);
	spin_unlock_irqrestore(&child->sighand->siglock, flags);
}

/*
 * The tracer is exiting (tasklist_lock held): every tracee is detached
 * and continues, or is killed with PTRACE_O_EXITKILL.  A tracee that is
 * already a zombie goes to its real parent, or onto dead for reaping.
 */
void exit_ptrace(struct task_struct *tracer, struct list_head *dead)
{
	struct task_struct *p, *n;

	list_for_each_entry_safe(p, n, &tracer->ptraced, ptrace_entry) {
		bool kill = p->ptrace & PTRACE_O_EXITKILL;

		__ptrace_unlink(p);
		if (p->exit_state == EXIT_ZOMBIE) {
			if (!thread_group_leader(p) ||
			    (thread_group_empty(p) && do_notify_parent(p, p->exit_signal))) {
				p->exit_state = EXIT_DEAD;
				list_move_tail(&p->sibling, dead);
			}
			continue;
		}
		if (kill)
			send_sig(SIGKILL, p, 1);
		ptrace_resume_task(p, 0);
	}
}

/* ------------------------------------------------------------ attach */

static int ptrace_traceme(void)
{
	struct task_struct *tsk = current;
	int ret = -EPERM;

	spin_lock(&tasklist_lock);
	if (!tsk->ptrace && tsk->real_parent && tsk->real_parent->signal) {
		ptrace_link(tsk, tsk->real_parent, PT_PTRACED);
		ret = 0;
	}
	spin_unlock(&tasklist_lock);
	return ret;
}

/*
 * PTRACE_ATTACH (the tracee gets SIGSTOP) and PTRACE_SEIZE (no stop;
 * data: the options).  Not a kernel thread, init, the caller's own
 * process, nor a task traced already: -EPERM.
 */
static int ptrace_attach(struct task_struct *task, long request, unsigned long addr,
			 unsigned long data)
{
	bool seize = request == PTRACE_SEIZE;
	unsigned int flags = PT_PTRACED;
	unsigned long irqflags;
	int ret = -EPERM;

	if (seize) {
		if (addr || (data & ~(unsigned long)PTRACE_O_MASK))
			return -EIO;
		flags |= PT_SEIZED | data;
	}
	if (!task->mm || !task->signal || (task->flags & PF_KTHREAD) || task->tgid == 1 ||
	    same_thread_group(task, current))
		return -EPERM;
	if (!ptrace_may_access(task))
		return -EPERM;

	spin_lock(&tasklist_lock);
	if (task->ptrace || task->exit_state || (task->flags & PF_EXITING))
		goto out;
	ptrace_link(task, current, flags);
	ret = 0;
	spin_lock_irqsave(&task->sighand->siglock, irqflags);
	/*
	 * A task already in a group stop reports it to the new tracer: let
	 * it go round get_signal() again, where the SIGSTOP (attach) or the
	 * trap (seize) stops it for us.
	 */
	if (seize && (task->signal->flags & SIGNAL_STOP_STOPPED)) {
		task->jobctl |= JOBCTL_TRAP_STOP;
		set_tsk_thread_flag(task, TIF_SIGPENDING);
	}
	if (task_state(task) & __TASK_STOPPED)
		wake_up_state(task, __TASK_STOPPED);
	spin_unlock_irqrestore(&task->sighand->siglock, irqflags);
out:
	spin_unlock(&tasklist_lock);
	if (!ret && !seize) {
		kernel_siginfo_t info;

		fill_user_info(&info, SIGSTOP, SI_USER);
		send_sig_to_thread(SIGSTOP, &info, task);
	}
	return ret;
}

/*
 * Is child traced by current (and, unless any_state, stopped for it and
 * off the CPU)?  0 or -ESRCH.
 */
static int ptrace_check_attach(struct task_struct *child, bool any_state)
{
	unsigned long flags;
	bool ours, stopped = false;

	spin_lock(&tasklist_lock);
	ours = child->ptrace && child->parent == current && child->sighand;
	if (ours) {
		spin_lock_irqsave(&child->sighand->siglock, flags);
		stopped = child->jobctl & JOBCTL_TRACED;
		spin_unlock_irqrestore(&child->sighand->siglock, flags);
	}
	spin_unlock(&tasklist_lock);
	if (!ours)
		return -ESRCH;
	if (any_state)
		return 0;
	/* Stopped, but maybe still switching away: its FPU state is on that CPU. */
	if (!stopped || !wait_task_inactive(child, TASK_TRACED))
		return -ESRCH;
	return 0;
}

/* ------------------------------------------------------------ resume, detach */

static int ptrace_resume(struct task_struct *child, long request, unsigned long data)
{
	if (!valid_signal(data))
		return -EIO;
	if (request == PTRACE_SYSCALL)
		set_tsk_thread_flag(child, TIF_SYSCALL_TRACE);
	else
		clear_tsk_thread_flag(child, TIF_SYSCALL_TRACE);
	if (request == PTRACE_SINGLESTEP)
		user_enable_single_step(child);
	else
		user_disable_single_step(child);
	ptrace_resume_task(child, data);
	return 0;
}

static int ptrace_detach(struct task_struct *child, unsigned long data)
{
	if (!valid_signal(data))
		return -EIO;
	spin_lock(&tasklist_lock);
	__ptrace_unlink(child);
	spin_unlock(&tasklist_lock);
	ptrace_resume_task(child, data);
	return 0;
}

/* ------------------------------------------------------------ hooks */

/*
 * A stop that is not a signal's: if the tracer resumes it with a signal,
 * that signal is sent to the tracee (ptrace(2): injection at syscall and
 * event stops).
 */
static void ptrace_notify_and_send(int code, int syscall_op)
{
	int sig = ptrace_notify(code, syscall_op);

	if (sig)
		send_sig(sig, current, 1);
}

static int syscall_stop_code(void)
{
	return SIGTRAP | ((current->ptrace & PTRACE_O_TRACESYSGOOD) ? 0x80 : 0);
}

long ptrace_report_syscall_entry(struct pt_regs *regs)
{
	ptrace_notify_and_send(syscall_stop_code(), PTRACE_SYSCALL_INFO_ENTRY);
	/* Killed while stopped: do not run the call. */
	if (fatal_signal_pending(current))
		return -1;
	return regs->orig_ax;
}

void ptrace_report_syscall_exit(struct pt_regs *regs)
{
	ptrace_notify_and_send(syscall_stop_code(), PTRACE_SYSCALL_INFO_EXIT);
}

void ptrace_event(int event, unsigned long message)
{
	unsigned int pt = READ_ONCE(current->ptrace);

	if (!pt)
		return;
	if (pt & (1U << event)) {
		current->ptrace_message = message;
		ptrace_notify_and_send(ptrace_event_code(event), PTRACE_SYSCALL_INFO_NONE);
	} else if (event == PTRACE_EVENT_EXEC && !(pt & PT_SEIZED)) {
		/* Traced the old way: a plain SIGTRAP after a successful execve. */
		send_sig(SIGTRAP, current, 0);
	}
}

int ptrace_clone_event(u64 clone_flags, int exit_signal)
{
	int event;

	if (!current->ptrace || (clone_flags & CLONE_UNTRACED))
		return 0;
	if (clone_flags & CLONE_VFORK)
		event = PTRACE_EVENT_VFORK;
	else if (exit_signal != SIGCHLD)
		event = PTRACE_EVENT_CLONE;
	else
		event = PTRACE_EVENT_FORK;
	return (current->ptrace & (1U << event)) ? event : 0;
}

/*
 * copy_process(), tasklist_lock and current's siglock held: a child the
 * tracer follows is traced from birth, with the same options, and stops
 * first thing - SIGSTOP, or PTRACE_EVENT_STOP when seized.
 */
void ptrace_init_child(struct task_struct *child, bool traced)
{
	struct task_struct *tracer = current->parent;

	if (!traced || !current->ptrace || !tracer)
		return;
	ptrace_link(child, tracer, current->ptrace);
	if (current->ptrace & PT_SEIZED)
		child->jobctl |= JOBCTL_TRAP_STOP;
	else
		sigaddset(&child->pending.signal, SIGSTOP);
	set_tsk_thread_flag(child, TIF_SIGPENDING);
}

/* ------------------------------------------------------------ requests */

/* Copy to or from the tracee's memory, through read-only private text too. */
static int ptrace_access_vm(struct task_struct *child, unsigned long addr, void *buf,
			    int len, unsigned int gup_flags)
{
	struct mm_struct *mm = get_task_mm(child);
	int done;

	if (!mm)
		return 0;
	done = access_remote_vm(mm, addr, buf, len, gup_flags | FOLL_FORCE);
	mmput(mm);
	return done;
}

static int ptrace_getsiginfo(struct task_struct *child, siginfo_t *uinfo)
{
	kernel_siginfo_t info;
	unsigned long flags;
	int ret = -EINVAL;

	spin_lock_irqsave(&child->sighand->siglock, flags);
	if (child->last_siginfo) {
		info = *child->last_siginfo;
		ret = 0;
	}
	spin_unlock_irqrestore(&child->sighand->siglock, flags);
	if (!ret && copy_to_user(uinfo, &info, sizeof(info)))
		ret = -EFAULT;
	return ret;
}

static int ptrace_setsiginfo(struct task_struct *child, const siginfo_t *uinfo)
{
	kernel_siginfo_t info;
	unsigned long flags;
	int ret = -EINVAL;

	if (copy_from_user(&info, uinfo, sizeof(info)))
		return -EFAULT;
	spin_lock_irqsave(&child->sighand->siglock, flags);
	if (child->last_siginfo) {
		*child->last_siginfo = info;
		ret = 0;
	}
	spin_unlock_irqrestore(&child->sighand->siglock, flags);
	return ret;
}

/* PTRACE_INTERRUPT: a seized tracee stops with PTRACE_EVENT_STOP. */
static int ptrace_interrupt(struct task_struct *child)
{
	unsigned long flags;

	if (!(child->ptrace & PT_SEIZED))
		return -EIO;
	spin_lock_irqsave(&child->sighand->siglock, flags);
	if (child->jobctl & JOBCTL_LISTENING) {
		ptrace_wake(child, 0, true);
	} else if (!(child->jobctl & JOBCTL_TRACED)) {
		child->jobctl |= JOBCTL_TRAP_STOP;
		set_tsk_thread_flag(child, TIF_SIGPENDING);
		signal_wake_up(child, false);
	}
	spin_unlock_irqrestore(&child->sighand->siglock, flags);
	return 0;
}

/*
 * PTRACE_LISTEN: a seized tracee in a group stop (a PTRACE_EVENT_STOP)
 * stays stopped, but the tracer may wait for it: SIGCONT ends the stop
 * and it traps again, reporting a new PTRACE_EVENT_STOP.
 */
static int ptrace_listen(struct task_struct *child)
{
	unsigned long flags;
	int ret = -EIO;

	if (!(child->ptrace & PT_SEIZED))
		return -EIO;
	spin_lock_irqsave(&child->sighand->siglock, flags);
	if ((child->ptrace_code >> 8) == PTRACE_EVENT_STOP) {
		child->jobctl |= JOBCTL_LISTENING;
		child->ptrace_unreported = false;
		/* The group stop ended already: report that at once. */
		if (!(child->signal->flags & SIGNAL_STOP_STOPPED))
			ptrace_wake(child, 0, true);
		ret = 0;
	}
	spin_unlock_irqrestore(&child->sighand->siglock, flags);
	return ret;
}

/*
 * PTRACE_GET_SYSCALL_INFO: which stop this is (entry, exit, or none of
 * those), the registers that go with it; size bytes at most are written.
 * Returns the size of the whole record for this kind of stop.
 */
static long ptrace_get_syscall_info(struct task_struct *child, unsigned long size,
				    void *uinfo)
{
	struct ptrace_syscall_info info = { };
	unsigned long len;

	info.op = child->ptrace_syscall_op;
	ptrace_syscall_info_regs(child, &info);
	switch (info.op) {
	case PTRACE_SYSCALL_INFO_ENTRY:
		len = offsetof(struct ptrace_syscall_info, entry.args) + sizeof(info.entry.args);
		break;
	case PTRACE_SYSCALL_INFO_EXIT:
		len = offsetof(struct ptrace_syscall_info, exit.is_error) +
		      sizeof(info.exit.is_error);
		break;
	default:
		len = offsetof(struct ptrace_syscall_info, entry);
		break;
	}
	if (copy_to_user(uinfo, &info, min(size, len)))
		return -EFAULT;
	return len;
}

/* The requests every architecture shares (arch_ptrace() falls back here). */
long ptrace_request(struct task_struct *child, long request, unsigned long addr,
		    unsigned long data)
{
	unsigned long word;

	switch (request) {
	case PTRACE_PEEKTEXT:
	case PTRACE_PEEKDATA:
		if (ptrace_access_vm(child, addr, &word, sizeof(word), 0) != sizeof(word))
			return -EIO;
		return put_user(word, (unsigned long *)data);
	case PTRACE_POKETEXT:
	case PTRACE_POKEDATA:
		word = data;
		if (ptrace_access_vm(child, addr, &word, sizeof(word), FOLL_WRITE) != sizeof(word))
			return -EIO;
		return 0;
	case PTRACE_SETOPTIONS:
		if (data & ~(unsigned long)PTRACE_O_MASK)
			return -EINVAL;
		spin_lock(&tasklist_lock);
		child->ptrace = (child->ptrace & ~PTRACE_O_MASK) | data;
		spin_unlock(&tasklist_lock);
		return 0;
	case PTRACE_GETEVENTMSG:
		return put_user(child->ptrace_message, (unsigned long *)data);
	case PTRACE_GETSIGINFO:
		return ptrace_getsiginfo(child, (siginfo_t *)data);
	case PTRACE_SETSIGINFO:
		return ptrace_setsiginfo(child, (const siginfo_t *)data);
	case PTRACE_GET_SYSCALL_INFO:
		return ptrace_get_syscall_info(child, addr, (void *)data);
	case PTRACE_CONT:
	case PTRACE_SYSCALL:
	case PTRACE_SINGLESTEP:
		return ptrace_resume(child, request, data);
	case PTRACE_DETACH:
		return ptrace_detach(child, data);
	case PTRACE_KILL:
		send_sig(SIGKILL, child, 1);
		return 0;
	case PTRACE_INTERRUPT:
		return ptrace_interrupt(child);
	case PTRACE_LISTEN:
		return ptrace_listen(child);
	default:
		/* PTRACE_SYSEMU and the rest are not implemented. */
		return -EIO;
	}
}

SYSCALL_DEFINE4(ptrace, long, request, long, pid, unsigned long, addr, unsigned long, data)
{
	struct task_struct *child;
	long ret;

	if (request == PTRACE_TRACEME)
		return ptrace_traceme();
	child = pid > 0 ? get_pid_task_by_nr(pid) : NULL;
	if (!child)
		return -ESRCH;
	if (request == PTRACE_ATTACH || request == PTRACE_SEIZE) {
		ret = ptrace_attach(child, request, addr, data);
	} else {
		ret = ptrace_check_attach(child, request == PTRACE_KILL ||
						 request == PTRACE_INTERRUPT);
		if (!ret)
			ret = arch_ptrace(child, request, addr, data);
	}
	put_task_struct(child);
	return ret;
}
