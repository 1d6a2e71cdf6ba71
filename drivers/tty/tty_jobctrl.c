// SPDX-License-Identifier: GPL-2.0-only
/*
 * Job control on terminals: the controlling terminal of a session, its
 * foreground process group, and the signals that keep background jobs
 * off it (POSIX 11.1.3-11.1.4, as Linux implements them).
 *
 * A session leader without a controlling terminal that opens a terminal
 * (without O_NOCTTY) nobody controls acquires it (tty_open_proc_set_tty(),
 * or TIOCSCTTY explicitly); every process the leader forks inherits
 * signal->tty.  The foreground group (tty->pgrp) receives the ISIG
 * characters' signals and SIGWINCH; a background group that reads gets
 * SIGTTIN, and one that writes with TOSTOP set or changes the settings
 * gets SIGTTOU (tty_check_change_sig()).
 *
 * When a session leader exits, its foreground group gets SIGHUP and the
 * session loses the terminal, which is hung up unless it is a pty
 * (disassociate_ctty()).  When the terminal hangs up, the session loses
 * it and the leader gets SIGHUP and SIGCONT (tty_hangup_session()).  A
 * session whose processes all left without that is noticed when someone
 * else wants to acquire the terminal.
 *
 * Interface: <linux/tty.h> (job control).
 * Locking: tty->ctrl_lock (irq-safe) guards tty->pgrp and tty->session;
 * signal->tty is written under the process's siglock (the convention of
 * <linux/sched/signal.h>), read by the process itself without it.
 * Order: siglock -> ctrl_lock.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/signal.h>
#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/tty.h>
#include <linux/tty_driver.h>
#include <asm/uaccess.h>

struct tty_struct *get_current_tty(void)
{
	struct signal_struct *sig = current->signal;

	return sig ? READ_ONCE(sig->tty) : NULL;
}

static void tty_get_ids(struct tty_struct *tty, pid_t *pgrp, pid_t *session)
{
	unsigned long flags;

	spin_lock_irqsave(&tty->ctrl_lock, flags);
	if (pgrp)
		*pgrp = tty->pgrp;
	if (session)
		*session = tty->session;
	spin_unlock_irqrestore(&tty->ctrl_lock, flags);
}

void tty_signal_pgrp(struct tty_struct *tty, int sig)
{
	pid_t pgrp;

	tty_get_ids(tty, &pgrp, NULL);
	if (pgrp > 0)
		kill_pgrp(pgrp, sig, 1);
}

/* Does current ignore or block sig?  Then a job-control stop cannot happen. */
static bool is_ignored(int sig)
{
	struct sighand_struct *sh = current->sighand;
	unsigned long flags;
	bool ignored;

	spin_lock_irqsave(&sh->siglock, flags);
	ignored = sigismember(&current->blocked, sig) ||
		  sh->action[sig - 1].sa.sa_handler == SIG_IGN;
	spin_unlock_irqrestore(&sh->siglock, flags);
	return ignored;
}

int tty_check_change_sig(struct tty_struct *tty, int sig)
{
	pid_t pgrp, tty_pgrp;

	if (get_current_tty() != tty)
		return 0;
	tty_get_ids(tty, &tty_pgrp, NULL);
	pgrp = task_pgrp_nr(current);
	if (!tty_pgrp || pgrp == tty_pgrp)
		return 0;

	if (is_ignored(sig))
		return sig == SIGTTIN ? -EIO : 0;
	/* Nobody could continue a stopped orphaned group: fail instead. */
	if (is_current_pgrp_orphaned())
		return -EIO;
	kill_pgrp(pgrp, sig, 1);
	return -ERESTARTSYS;
}

int tty_check_change(struct tty_struct *tty)
{
	return tty_check_change_sig(tty, SIGTTOU);
}

/* ------------------------------------------------------------ acquiring and dropping */

/* Make tty current's controlling terminal, its group the foreground. */
static void proc_set_tty(struct tty_struct *tty)
{
	struct signal_struct *sig = current->signal;
	unsigned long flags;

	spin_lock_irqsave(&current->sighand->siglock, flags);
	spin_lock(&tty->ctrl_lock);
	tty->session = task_session_nr(current);
	tty->pgrp = task_pgrp_nr(current);
	spin_unlock(&tty->ctrl_lock);
	sig->tty = tty;
	spin_unlock_irqrestore(&current->sighand->siglock, flags);
}

/* Is tty controlled by a session that still has processes?  Frees it if not. */
static bool tty_session_alive(struct tty_struct *tty)
{
	unsigned long flags;
	pid_t session;

	tty_get_ids(tty, NULL, &session);
	if (!session)
		return false;
	if (pid_in_use_as_group(session))
		return true;
	spin_lock_irqsave(&tty->ctrl_lock, flags);
	if (tty->session == session) {
		tty->session = 0;
		tty->pgrp = 0;
	}
	spin_unlock_irqrestore(&tty->ctrl_lock, flags);
	return false;
}

void tty_open_proc_set_tty(struct file *file, struct tty_struct *tty)
{
	struct signal_struct *sig = current->signal;

	if (!sig || !sig->leader || sig->tty)
		return;
	if (tty_session_alive(tty))
		return;
	proc_set_tty(tty);
}

void proc_clear_tty(void)
{
	unsigned long flags;

	if (!current->signal)
		return;
	spin_lock_irqsave(&current->sighand->siglock, flags);
	current->signal->tty = NULL;
	spin_unlock_irqrestore(&current->sighand->siglock, flags);
}

/* Every process of session sid loses tty as its controlling terminal. */
static void session_clear_tty(pid_t sid, struct tty_struct *tty)
{
	struct task_struct *p;
	unsigned long flags;

	rcu_read_lock();
	for_each_process(p) {
		if (!p->signal || !thread_group_leader(p) || task_session_nr(p) != sid)
			continue;
		spin_lock_irqsave(&p->sighand->siglock, flags);
		if (p->signal->tty == tty)
			p->signal->tty = NULL;
		spin_unlock_irqrestore(&p->sighand->siglock, flags);
	}
	rcu_read_unlock();
}

/*
 * The session leader gives up its terminal (TIOCNOTTY, or on_exit when
 * it exits - kernel/exit.c calls this).
 *
 * A leader that exits on a real terminal (a serial line, the console)
 * hangs it up, as Linux does: the foreground group gets SIGHUP, and every
 * file the session still has open on it reads end of file, so a login
 * shell left behind (one that ignores SIGHUP, or missed it because
 * another job had the foreground) ends instead of holding the line.
 *
 * Otherwise (TIOCNOTTY, or a pty, whose master's close does the hanging
 * up) the foreground group gets SIGHUP and SIGCONT (so a stopped job sees
 * it), the whole session loses the terminal, and the terminal's open
 * files stay usable; a new session may acquire it.
 */
void disassociate_ctty(int on_exit)
{
	struct tty_struct *tty = get_current_tty();
	unsigned long flags;
	pid_t pgrp, sid;

	if (!tty)
		return;
	if (on_exit && !(tty->driver->flags & TTY_DRIVER_DEVPTS_MEM)) {
		tty_vhangup_session(tty);
		return;
	}
	tty_get_ids(tty, &pgrp, &sid);
	if (pgrp > 0) {
		kill_pgrp(pgrp, SIGHUP, on_exit);
		kill_pgrp(pgrp, SIGCONT, on_exit);
	}
	spin_lock_irqsave(&tty->ctrl_lock, flags);
	tty->session = 0;
	tty->pgrp = 0;
	spin_unlock_irqrestore(&tty->ctrl_lock, flags);
	session_clear_tty(task_session_nr(current), tty);
}

/*
 * The terminal hung up (a pty's master closed, vhangup, TIOCVHANGUP): the
 * session loses it, and its leader - a login shell - learns with SIGHUP,
 * then SIGCONT in case it was stopped; the leader passes the hangup on to
 * its jobs.  When the leader itself is @exiting, the foreground group is
 * sent SIGHUP here instead.
 */
void tty_hangup_session(struct tty_struct *tty, bool exiting)
{
	struct task_struct *p;
	unsigned long flags;
	pid_t sid, pgrp;

	spin_lock_irqsave(&tty->ctrl_lock, flags);
	sid = tty->session;
	pgrp = tty->pgrp;
	tty->session = 0;
	tty->pgrp = 0;
	spin_unlock_irqrestore(&tty->ctrl_lock, flags);
	/* The leader can no longer pass the hangup on: tell the foreground. */
	if (exiting && pgrp > 0)
		kill_pgrp(pgrp, SIGHUP, 1);
	if (!sid)
		return;
	session_clear_tty(sid, tty);
	rcu_read_lock();
	p = find_task_by_pid(sid);
	/* An exiting leader needs no news of its own hangup. */
	if (p && p->signal && p->signal->leader && !(exiting && p == current)) {
		send_sig(SIGHUP, p, 1);
		send_sig(SIGCONT, p, 1);
	}
	rcu_read_unlock();
}

/* ------------------------------------------------------------ ioctls */

static int tiocsctty(struct tty_struct *tty, struct file *file, int steal)
{
	struct signal_struct *sig = current->signal;
	pid_t session;

	if (!sig)
		return -EPERM;
	tty_get_ids(tty, NULL, &session);
	if (sig->leader && session && session == task_session_nr(current))
		return 0;	/* already ours */
	if (!sig->leader || sig->tty)
		return -EPERM;
	if (tty_session_alive(tty)) {
		/* Another session's terminal: only root may take it, and asks with 1. */
		if (steal != 1 || !capable(CAP_SYS_ADMIN))
			return -EPERM;
		session_clear_tty(session, tty);
	}
	if (!(file->f_mode & FMODE_READ) && !capable(CAP_SYS_ADMIN))
		return -EPERM;
	proc_set_tty(tty);
	return 0;
}

static int tiocnotty(struct tty_struct *tty)
{
	if (get_current_tty() != tty)
		return -ENOTTY;
	if (current->signal->leader)
		disassociate_ctty(0);
	proc_clear_tty();
	return 0;
}

static int tiocgpgrp(struct tty_struct *tty, pid_t *p)
{
	pid_t pgrp;

	/* Only our own controlling terminal tells its foreground group. */
	if (get_current_tty() != tty)
		return -ENOTTY;
	tty_get_ids(tty, &pgrp, NULL);
	return put_user(pgrp, p);
}

static int tiocspgrp(struct tty_struct *tty, pid_t *p)
{
	unsigned long flags;
	pid_t pgrp, sid, my_sid;
	int ret;

	ret = tty_check_change(tty);
	if (ret == -EIO)
		return -ENOTTY;
	if (ret)
		return ret;
	if (get_user(pgrp, p))
		return -EFAULT;
	if (pgrp < 0)
		return -EINVAL;
	my_sid = task_session_nr(current);
	tty_get_ids(tty, NULL, &sid);
	if (get_current_tty() != tty || sid != my_sid)
		return -ENOTTY;
	sid = session_of_pgrp(pgrp);
	if (!sid) {
		bool exists;

		rcu_read_lock();
		exists = find_task_by_pid(pgrp) != NULL;
		rcu_read_unlock();
		return exists ? -EPERM : -ESRCH;
	}
	if (sid != my_sid)
		return -EPERM;
	spin_lock_irqsave(&tty->ctrl_lock, flags);
	tty->pgrp = pgrp;
	spin_unlock_irqrestore(&tty->ctrl_lock, flags);
	return 0;
}

static int tiocgsid(struct tty_struct *tty, pid_t *p)
{
	pid_t sid;

	if (get_current_tty() != tty)
		return -ENOTTY;
	tty_get_ids(tty, NULL, &sid);
	if (!sid)
		return -ENOTTY;
	return put_user(sid, p);
}

long tty_jobctrl_ioctl(struct tty_struct *tty, struct file *file, unsigned int cmd,
		       unsigned long arg)
{
	void *p = (void *)arg;

	switch (cmd) {
	case TIOCNOTTY:
		return tiocnotty(tty);
	case TIOCSCTTY:
		return tiocsctty(tty, file, (int)arg);
	case TIOCGPGRP:
		return tiocgpgrp(tty, p);
	case TIOCSPGRP:
		return tiocspgrp(tty, p);
	case TIOCGSID:
		return tiocgsid(tty, p);
	default:
		return -ENOIOCTLCMD;
	}
}
