// SPDX-License-Identifier: GPL-2.0-only
/*
 * signals - signal delivery and its ABI: sigaction and siginfo contents
 * (SI_USER, SI_TKILL, SI_QUEUE, SI_KERNEL, SIGCHLD's CLD_* and si_status,
 * SIGSEGV's si_addr/si_code), masks and pending sets, queueing of realtime
 * signals, SA_RESTART/SA_RESETHAND/SA_NODEFER/SA_ONSTACK/SA_NOCLDWAIT,
 * SIGPIPE, default actions, stop/continue as seen by wait, inheritance
 * over fork and execve, sigaltstack, sigsuspend/pause/sigtimedwait, and
 * FPU state surviving a handler.
 */
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/time.h>

#include "tap.h"
#include "util.h"

extern char **environ;

static const char *self;

/* What the recording handler saw last. */
static volatile struct {
	int count;
	int signo;
	int code;
	pid_t pid;
	uid_t uid;
	int value;
	int status;
	sigset_t mask;		/* blocked signals inside the handler */
	int order[8];		/* signal numbers in delivery order */
} seen;

static void record(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	if (seen.count < 8)
		seen.order[seen.count] = sig;
	seen.count++;
	seen.signo = sig;
	seen.code = si->si_code;
	seen.pid = si->si_pid;
	seen.uid = si->si_uid;
	seen.value = si->si_value.sival_int;
	seen.status = si->si_status;
	sigprocmask(SIG_BLOCK, NULL, (sigset_t *)&seen.mask);
}

static void reset_seen(void)
{
	memset((void *)&seen, 0, sizeof(seen));
}

static int set_handler(int sig, int flags, const sigset_t *mask)
{
	struct sigaction sa = { 0 };

	sa.sa_sigaction = record;
	sa.sa_flags = SA_SIGINFO | flags;
	if (mask)
		sa.sa_mask = *mask;
	else
		sigemptyset(&sa.sa_mask);
	return sigaction(sig, &sa, NULL);
}

static void set_default(int sig)
{
	signal(sig, SIG_DFL);
}

static void unblock_all(void)
{
	sigset_t set;

	sigemptyset(&set);
	sigprocmask(SIG_SETMASK, &set, NULL);
}

static void block(int sig)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_BLOCK, &set, NULL);
}

static void unblock(int sig)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
}

/* ---------------------------------------------------------- child modes */

/* Exit status bits: what did not survive execve as it should. */
static int child_exec_check(void)
{
	struct sigaction sa;
	sigset_t set;
	stack_t ss;
	int bad = 0;

	sigaction(SIGUSR1, NULL, &sa);
	if (sa.sa_handler != SIG_IGN)
		bad |= 1;		/* ignored stays ignored */
	sigaction(SIGUSR2, NULL, &sa);
	if (sa.sa_handler != SIG_DFL)
		bad |= 2;		/* caught becomes default */
	sigprocmask(SIG_BLOCK, NULL, &set);
	if (!sigismember(&set, SIGINT))
		bad |= 4;		/* mask is kept */
	sigpending(&set);
	if (!sigismember(&set, SIGHUP))
		bad |= 8;		/* pending signals are kept */
	if (sigaltstack(NULL, &ss) || !(ss.ss_flags & SS_DISABLE))
		bad |= 16;		/* the alternate stack is not */
	return bad;
}

/* ---------------------------------------------------------- tests */

static void test_siginfo(void)
{
	union sigval v = { .sival_int = 1234 };
	sigset_t set;

	reset_seen();
	set_handler(SIGUSR1, 0, NULL);
	kill(getpid(), SIGUSR1);
	ok_eq(seen.count, 1, "kill(getpid(), SIGUSR1) runs the handler before kill returns");
	ok(seen.signo == SIGUSR1 && seen.code == SI_USER && seen.pid == getpid() &&
	   seen.uid == getuid(),
	   "kill: signo SIGUSR1, si_code SI_USER, si_pid, si_uid (code %d pid %d)",
	   seen.code, seen.pid);

	reset_seen();
	syscall(SYS_tgkill, getpid(), syscall(SYS_gettid), SIGUSR1);
	ok(seen.count == 1 && seen.code == SI_TKILL && seen.pid == getpid(),
	   "tgkill: si_code SI_TKILL, si_pid (code %d)", seen.code);

	reset_seen();
	sigqueue(getpid(), SIGUSR1, v);
	ok(seen.count == 1 && seen.code == SI_QUEUE && seen.value == 1234,
	   "sigqueue: si_code SI_QUEUE, si_value 1234 (code %d value %d)", seen.code, seen.value);

	reset_seen();
	set_handler(SIGUSR2, 0, NULL);
	raise(SIGUSR2);
	ok(seen.count == 1 && seen.signo == SIGUSR2, "raise(SIGUSR2) runs the handler");

	/* The signal itself and sa_mask are blocked in the handler, not after. */
	reset_seen();
	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	set_handler(SIGUSR1, 0, &set);
	kill(getpid(), SIGUSR1);
	ok(sigismember((sigset_t *)&seen.mask, SIGUSR1) &&
	   sigismember((sigset_t *)&seen.mask, SIGUSR2),
	   "in the handler, the signal and sa_mask are blocked");
	sigprocmask(SIG_BLOCK, NULL, &set);
	ok(!sigismember(&set, SIGUSR1) && !sigismember(&set, SIGUSR2),
	   "after the handler returns the old mask is back");

	reset_seen();
	set_handler(SIGUSR1, SA_NODEFER, NULL);
	kill(getpid(), SIGUSR1);
	ok(!sigismember((sigset_t *)&seen.mask, SIGUSR1),
	   "SA_NODEFER: the signal is not blocked in its handler");

	{
		struct sigaction sa;

		reset_seen();
		set_handler(SIGUSR1, SA_RESETHAND, NULL);
		kill(getpid(), SIGUSR1);
		sigaction(SIGUSR1, NULL, &sa);
		ok(seen.count == 1 && sa.sa_handler == SIG_DFL,
		   "SA_RESETHAND: handler runs once, then the action is SIG_DFL");

		set_handler(SIGUSR1, SA_RESTART, NULL);
		memset(&sa, 0, sizeof(sa));
		sigaction(SIGUSR1, NULL, &sa);
		ok(sa.sa_sigaction == record && (sa.sa_flags & (SA_SIGINFO | SA_RESTART)) ==
		   (SA_SIGINFO | SA_RESTART), "sigaction returns the installed handler and flags");
	}
	set_default(SIGUSR1);
	set_default(SIGUSR2);
}

static void test_sigaction_errors(void)
{
	struct sigaction sa = { 0 };
	unsigned long kact[4] = { (unsigned long)SIG_IGN, 0, 0, 0 };

	sa.sa_handler = SIG_IGN;
	ok_errno(sigaction(SIGKILL, &sa, NULL), EINVAL, "sigaction(SIGKILL, act): EINVAL");
	ok_errno(sigaction(SIGSTOP, &sa, NULL), EINVAL, "sigaction(SIGSTOP, act): EINVAL");
	ok_sys(sigaction(SIGKILL, NULL, &sa), "sigaction(SIGKILL, NULL, &old) is allowed");
	ok_errno(syscall(SYS_rt_sigaction, 0, kact, NULL, 8), EINVAL, "rt_sigaction(0): EINVAL");
	ok_errno(syscall(SYS_rt_sigaction, 65, kact, NULL, 8), EINVAL, "rt_sigaction(65): EINVAL");
	ok_errno(syscall(SYS_rt_sigaction, SIGUSR1, kact, NULL, 4), EINVAL,
		 "rt_sigaction with sigsetsize 4: EINVAL");
	ok_errno(syscall(SYS_rt_sigprocmask, SIG_BLOCK, NULL, NULL, 4), EINVAL,
		 "rt_sigprocmask with sigsetsize 4: EINVAL");
	ok_errno(syscall(SYS_rt_sigprocmask, 3, kact, NULL, 8), EINVAL,
		 "rt_sigprocmask with a bad 'how': EINVAL");
}

static void test_masks(void)
{
	union sigval v;
	sigset_t set;
	int i, rtmin = SIGRTMIN;

	reset_seen();
	set_handler(SIGUSR1, 0, NULL);
	block(SIGUSR1);
	kill(getpid(), SIGUSR1);
	kill(getpid(), SIGUSR1);
	ok_eq(seen.count, 0, "a blocked signal is not delivered");
	sigpending(&set);
	ok(sigismember(&set, SIGUSR1), "it shows in sigpending()");
	unblock(SIGUSR1);
	ok_eq(seen.count, 1,
	      "unblocking delivers it before sigprocmask returns, once (not queued)");
	sigpending(&set);
	ok(!sigismember(&set, SIGUSR1), "and it is no longer pending");

	reset_seen();
	set_handler(rtmin, 0, NULL);
	block(rtmin);
	for (i = 1; i <= 3; i++) {
		v.sival_int = i;
		sigqueue(getpid(), rtmin, v);
	}
	unblock(rtmin);
	ok_eq(seen.count, 3, "three queued SIGRTMIN are delivered three times");
	ok_eq(seen.value, 3, "in the order they were sent (last value 3)");

	/*
	 * Several pending signals are dequeued lowest number first.  (When
	 * an unblock makes several deliverable at once, Linux stacks one
	 * handler frame per signal, so the handlers *run* highest first;
	 * sigwaitinfo() shows the dequeue order.)
	 */
	sigemptyset(&set);
	sigaddset(&set, rtmin + 1);
	sigaddset(&set, rtmin + 2);
	sigaddset(&set, SIGUSR2);
	sigprocmask(SIG_BLOCK, &set, NULL);
	kill(getpid(), rtmin + 2);
	kill(getpid(), rtmin + 1);
	kill(getpid(), SIGUSR2);
	{
		int a = sigwaitinfo(&set, NULL);
		int b = sigwaitinfo(&set, NULL);
		int c = sigwaitinfo(&set, NULL);

		ok(a == SIGUSR2 && b == rtmin + 1 && c == rtmin + 2,
		   "pending signals are dequeued lowest number first (%d %d %d)", a, b, c);
	}
	sigprocmask(SIG_UNBLOCK, &set, NULL);

	sigfillset(&set);
	sigprocmask(SIG_BLOCK, &set, NULL);
	sigprocmask(SIG_BLOCK, NULL, &set);
	ok(!sigismember(&set, SIGKILL) && !sigismember(&set, SIGSTOP) &&
	   sigismember(&set, SIGTERM), "SIGKILL and SIGSTOP cannot be blocked");
	unblock_all();
	set_default(SIGUSR1);
	set_default(rtmin);
}

static int pipe_w = -1;

static void alarm_writes(int sig)
{
	(void)sig;
	write(pipe_w, "x", 1);
}

/* A read blocked on an empty pipe, interrupted by SIGALRM 100 ms later. */
static ssize_t read_with_alarm(int flags, int *err)
{
	struct itimerval it = { { 0, 0 }, { 0, 100000 } };
	struct sigaction sa = { 0 };
	int pfd[2];
	ssize_t n;
	char c;

	if (pipe(pfd))
		return -2;
	pipe_w = pfd[1];
	sa.sa_handler = alarm_writes;
	sa.sa_flags = flags;
	sigaction(SIGALRM, &sa, NULL);
	setitimer(ITIMER_REAL, &it, NULL);
	n = read(pfd[0], &c, 1);
	*err = errno;
	close(pfd[0]);
	close(pfd[1]);
	set_default(SIGALRM);
	return n;
}

static void test_restart(void)
{
	ssize_t n;
	int err;

	n = read_with_alarm(SA_RESTART, &err);
	ok_eq(n, 1, "SA_RESTART: the interrupted pipe read restarts and gets the handler's byte");
	n = read_with_alarm(0, &err);
	ok(n == -1 && err == EINTR, "without SA_RESTART the pipe read fails with EINTR (%zd, %s)",
	   n, n < 0 ? tap_errno_name(err) : "-");
}

static void test_sigchld(void)
{
	struct sigaction sa = { 0 };
	sigset_t set, old;
	pid_t pid;
	int st;

	reset_seen();
	set_handler(SIGCHLD, 0, NULL);
	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	sigprocmask(SIG_BLOCK, &set, &old);
	fflush(stdout);
	pid = fork();
	if (pid == 0)
		_exit(33);
	while (!seen.count)
		sigsuspend(&old);
	ok(seen.signo == SIGCHLD && seen.code == CLD_EXITED && seen.pid == pid &&
	   seen.status == 33,
	   "SIGCHLD on exit: CLD_EXITED, si_pid, si_status 33 (code %d status %d)",
	   seen.code, seen.status);
	wait_status(pid);

	reset_seen();
	pid = fork();
	if (pid == 0) {
		for (;;)
			pause();
	}
	kill(pid, SIGKILL);
	while (!seen.count)
		sigsuspend(&old);
	ok(seen.code == CLD_KILLED && seen.status == SIGKILL,
	   "SIGCHLD on kill: CLD_KILLED, si_status SIGKILL (code %d status %d)",
	   seen.code, seen.status);
	wait_status(pid);
	sigprocmask(SIG_SETMASK, &old, NULL);

	signal(SIGCHLD, SIG_IGN);
	pid = fork();
	if (pid == 0)
		_exit(1);
	ok_errno(waitpid(pid, &st, 0), ECHILD,
		 "SIGCHLD set to SIG_IGN: children are reaped automatically, wait gives ECHILD");

	sa.sa_sigaction = record;
	sa.sa_flags = SA_SIGINFO | SA_NOCLDWAIT;
	sigaction(SIGCHLD, &sa, NULL);
	pid = fork();
	if (pid == 0)
		_exit(1);
	ok_errno(waitpid(pid, &st, 0), ECHILD, "SA_NOCLDWAIT: likewise ECHILD");
	set_default(SIGCHLD);
}

static void test_segv_info(void)
{
	char *page;
	int sig;

	sig = probe_access((void *)0, 0);
	ok(sig == SIGSEGV && probe_fault.addr == NULL && probe_fault.code == SEGV_MAPERR,
	   "read of NULL: SIGSEGV, si_addr 0, SEGV_MAPERR (sig %d code %d)", sig,
	   probe_fault.code);

	page = mmap(NULL, 2 * PAGE_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		    -1, 0);
	if (page == MAP_FAILED)
		bail_out("mmap: %s", strerror(errno));
	munmap(page + PAGE_SIZE, PAGE_SIZE);
	sig = probe_access(page + PAGE_SIZE + 123, 0);
	ok(sig == SIGSEGV && probe_fault.addr == page + PAGE_SIZE + 123 &&
	   probe_fault.code == SEGV_MAPERR,
	   "read of an unmapped page: si_addr is the exact address, SEGV_MAPERR (%p, code %d)",
	   probe_fault.addr, probe_fault.code);

	mprotect(page, PAGE_SIZE, PROT_READ);
	sig = probe_access(page + 77, 1);
	ok(sig == SIGSEGV && probe_fault.addr == page + 77 && probe_fault.code == SEGV_ACCERR,
	   "write to a read-only page: si_addr exact, SEGV_ACCERR (%p, code %d)",
	   probe_fault.addr, probe_fault.code);
	munmap(page, PAGE_SIZE);
}

static int child_write_pipe(void *arg)
{
	int pfd[2];

	(void)arg;
	if (pipe(pfd))
		return 100;
	close(pfd[0]);
	write(pfd[1], "x", 1);
	return 101;
}

static void test_sigpipe(void)
{
	int pfd[2], st;
	ssize_t n;

	st = run_in_child(child_write_pipe, NULL);
	ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGPIPE,
	   "write to a pipe without readers: killed by SIGPIPE by default (%s)", status_str(st));

	if (pipe(pfd))
		return;
	close(pfd[0]);
	signal(SIGPIPE, SIG_IGN);
	ok_errno(write(pfd[1], "x", 1), EPIPE, "with SIGPIPE ignored: EPIPE");
	reset_seen();
	set_handler(SIGPIPE, 0, NULL);
	n = write(pfd[1], "x", 1);
	ok(n == -1 && errno == EPIPE && seen.count == 1 && seen.signo == SIGPIPE,
	   "with a handler: the handler runs and write fails with EPIPE");
	set_default(SIGPIPE);
	close(pfd[1]);
}

static int child_kill_self(void *arg)
{
	kill(getpid(), *(int *)arg);
	return 0;
}

static void test_default_actions(void)
{
	static const int fatal[] = { SIGTERM, SIGUSR1, SIGHUP, SIGQUIT, SIGALRM };
	static const int ignored[] = { SIGCHLD, SIGURG, SIGWINCH };
	unsigned int i;
	int st;

	for (i = 0; i < ARRAY_SIZE(fatal); i++) {
		st = run_in_child(child_kill_self, (void *)&fatal[i]);
		ok(WIFSIGNALED(st) && WTERMSIG(st) == fatal[i],
		   "default action of %s terminates (%s)",
		   signame(fatal[i]), status_str(st));
	}
	for (i = 0; i < ARRAY_SIZE(ignored); i++) {
		st = run_in_child(child_kill_self, (void *)&ignored[i]);
		ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "default action of %s is to ignore (%s)",
		   signame(ignored[i]), status_str(st));
	}
}

/* waitid(P_PID) that gives up after 5 s instead of hanging the test. */
static int waitid_timeout(pid_t pid, siginfo_t *si, int options)
{
	int i;

	for (i = 0; i < 500; i++) {
		si->si_pid = 0;
		if (waitid(P_PID, pid, si, options | WNOHANG))
			return -1;
		if (si->si_pid == pid)
			return 0;
		usleep(10000);
	}
	diag("waitid(%d, %#x): nothing after 5 s", pid, options);
	return -1;
}

static void test_stop_cont(void)
{
	siginfo_t si;
	pid_t pid;
	int st;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		for (;;)
			pause();
	}
	kill(pid, SIGSTOP);
	memset(&si, 0, sizeof(si));
	waitid_timeout(pid, &si, WSTOPPED | WNOWAIT);
	ok(waitpid(pid, &st, WUNTRACED) == pid && WIFSTOPPED(st) && WSTOPSIG(st) == SIGSTOP,
	   "SIGSTOP: waitpid(WUNTRACED) reports WIFSTOPPED/SIGSTOP");
	ok_eq(st, 0x137f, "raw status of a stop by SIGSTOP is 0x137f");
	ok_eq(waitpid(pid, &st, WUNTRACED | WNOHANG), 0, "a stop is reported only once");
	kill(pid, SIGCONT);
	waitid_timeout(pid, &si, WCONTINUED | WNOWAIT);
	ok(waitpid(pid, &st, WCONTINUED) == pid && WIFCONTINUED(st),
	   "SIGCONT: waitpid(WCONTINUED) reports WIFCONTINUED");
	ok_eq(st, 0xffff, "raw status of a continue is 0xffff");

	/*
	 * SIGTSTP is discarded in an orphaned process group (ours may be one:
	 * the runner starts us with setsid), so move the child into a group
	 * of its own, whose parent (us) is in the same session.
	 */
	setpgid(pid, pid);
	kill(pid, SIGTSTP);
	memset(&si, 0, sizeof(si));
	ok(waitid_timeout(pid, &si, WSTOPPED) == 0 && si.si_code == CLD_STOPPED &&
	   si.si_status == SIGTSTP, "SIGTSTP stops too: waitid(WSTOPPED) gives CLD_STOPPED/SIGTSTP");
	kill(pid, SIGCONT);
	memset(&si, 0, sizeof(si));
	ok(waitid_timeout(pid, &si, WCONTINUED) == 0 && si.si_code == CLD_CONTINUED &&
	   si.si_status == SIGCONT, "waitid(WCONTINUED) gives CLD_CONTINUED/SIGCONT");

	kill(pid, SIGSTOP);
	waitpid(pid, &st, WUNTRACED);
	kill(pid, SIGKILL);
	st = wait_status(pid);
	ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL, "SIGKILL ends a stopped process (%s)",
	   status_str(st));
}

static void test_kill_targets(void)
{
	pid_t a, b, gone;
	int sa, sb;

	ok_sys(kill(getpid(), 0), "kill(getpid(), 0) probes an existing process");
	gone = fork();
	if (gone == 0)
		_exit(0);
	wait_status(gone);
	ok_errno(kill(gone, 0), ESRCH, "kill of a dead pid: ESRCH");
	ok_errno(kill(getpid(), 65), EINVAL, "kill with signal 65: EINVAL");
	ok_errno(kill(-gone, SIGTERM), ESRCH, "kill of a process group that does not exist: ESRCH");

	/* A zombie exists until it is reaped: every form of kill finds it. */
	gone = fork();
	if (gone == 0) {
		setpgid(0, 0);
		_exit(0);
	}
	setpgid(gone, gone);
	{
		siginfo_t si = { 0 };

		ok_sys(waitid(P_PID, gone, &si, WEXITED | WNOWAIT), "waitid(WNOWAIT): the child is a zombie");
	}
	ok_sys(kill(gone, 0), "kill(zombie, 0) succeeds");
	ok_sys(kill(gone, SIGTERM), "kill(zombie, SIGTERM) succeeds (and changes nothing)");
	ok_sys(syscall(SYS_tgkill, gone, gone, 0), "tgkill(zombie, zombie, 0) succeeds");
	ok_sys(kill(-gone, 0), "kill(-pgid, 0) of a group holding only a zombie succeeds");
	ok(WIFEXITED(wait_status(gone)), "the zombie still reports a plain exit");
	ok_errno(kill(gone, 0), ESRCH, "once reaped, kill(pid, 0): ESRCH");

	fflush(stdout);
	a = fork();
	if (a == 0) {
		for (;;)
			pause();
	}
	b = fork();
	if (b == 0) {
		for (;;)
			pause();
	}
	setpgid(a, a);
	setpgid(b, a);
	ok_sys(kill(-a, SIGTERM), "kill(-pgid, SIGTERM)");
	sa = wait_status(a);
	sb = wait_status(b);
	ok(WIFSIGNALED(sa) && WTERMSIG(sa) == SIGTERM && WIFSIGNALED(sb) && WTERMSIG(sb) == SIGTERM,
	   "kill(-pgid) reaches every member of the group");
}

/*
 * kill(2)'s permission rule, from a child that dropped root to uid 1000:
 * a root process in another session refuses every signal (also the probe
 * with 0, and tgkill); the root parent in its own session takes SIGCONT
 * only; a process of its own uid takes anything.  The child reports each
 * check as a bit of its exit status.
 */
static int kill_perm_child(pid_t victim, pid_t parent)
{
	int fails = 0;
	pid_t same;

	if (setresuid(1000, 1000, 1000))
		return 0x80;
	if (kill(victim, 0) != -1 || errno != EPERM)
		fails |= 0x01;
	if (kill(victim, SIGTERM) != -1 || errno != EPERM)
		fails |= 0x02;
	if (syscall(SYS_tgkill, victim, victim, SIGTERM) != -1 || errno != EPERM)
		fails |= 0x04;
	if (kill(parent, 0) != -1 || errno != EPERM)
		fails |= 0x08;
	if (kill(parent, SIGCONT))
		fails |= 0x10;
	same = fork();
	if (same == 0) {
		for (;;)
			pause();
	}
	if (kill(same, SIGTERM))
		fails |= 0x20;
	waitpid(same, NULL, 0);
	return fails;
}

static void test_kill_permission(void)
{
	pid_t victim, actor;
	int st, ready[2];
	char c;

	if (geteuid() != 0) {
		for (int i = 0; i < 6; i++)
			skip("kill permissions: needs root");
		return;
	}
	if (pipe(ready))
		bail_out("pipe: %s", strerror(errno));
	fflush(stdout);
	victim = fork();
	if (victim == 0) {
		setsid();
		close(ready[0]);
		write(ready[1], "x", 1);
		for (;;)
			pause();
	}
	close(ready[1]);
	read(ready[0], &c, 1);
	close(ready[0]);
	actor = fork();
	if (actor == 0)
		_exit(kill_perm_child(victim, getppid()));
	st = wait_status(actor);
	ok(WIFEXITED(st) && WEXITSTATUS(st) != 0x80, "uid 1000 child: setresuid worked");
	st = WIFEXITED(st) ? WEXITSTATUS(st) : 0xff;
	ok(!(st & 0x03), "uid 1000 -> root in another session: kill(pid, 0) and SIGTERM EPERM (%#x)", st);
	ok(!(st & 0x04), "uid 1000 -> root: tgkill EPERM");
	ok(!(st & 0x08), "uid 1000 -> root parent: kill(pid, 0) EPERM");
	ok(!(st & 0x10), "uid 1000 -> root parent in the same session: SIGCONT allowed");
	ok(!(st & 0x20), "uid 1000 -> uid 1000: SIGTERM allowed");
	kill(victim, SIGKILL);
	wait_status(victim);
}

static void dummy_handler(int sig)
{
	(void)sig;
}

static int fork_inherit_child(void *arg)
{
	struct sigaction sa;
	sigset_t set;

	(void)arg;
	sigaction(SIGUSR2, NULL, &sa);
	if (sa.sa_handler != dummy_handler)
		return 1;
	sigprocmask(SIG_BLOCK, NULL, &set);
	if (!sigismember(&set, SIGINT))
		return 2;
	sigpending(&set);
	if (sigismember(&set, SIGHUP))
		return 3;
	return 0;
}

static void test_inherit(void)
{
	int st;
	pid_t pid;

	signal(SIGUSR1, SIG_IGN);
	signal(SIGUSR2, dummy_handler);
	block(SIGINT);
	block(SIGHUP);
	raise(SIGHUP);		/* pending in the parent only */

	st = run_in_child(fork_inherit_child, NULL);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "fork: handlers and mask are inherited, pending signals are not (%s)", status_str(st));

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		char *argv[] = { (char *)self, "--child-exec-check", NULL };
		char *envp[] = { "TAP_KEEP_SIGNALS=1", NULL };
		static char altstack[16384];
		stack_t ss = { .ss_sp = altstack, .ss_size = sizeof(altstack) };

		sigaltstack(&ss, NULL);
		raise(SIGHUP);		/* blocked: stays pending */
		execve(self, argv, envp);
		_exit(127);
	}
	st = wait_status(pid);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "execve: ignored stays ignored, handled becomes default, mask and pending kept, "
	   "altstack dropped (%s)", status_str(st));

	signal(SIGHUP, SIG_IGN);	/* discards the pending SIGHUP */
	unblock_all();
	set_default(SIGHUP);
	set_default(SIGUSR1);
	set_default(SIGUSR2);
}

static char altstack[65536];
static volatile int on_alt;
static volatile int alt_flags;

static void alt_handler(int sig)
{
	stack_t ss;
	char here;

	(void)sig;
	on_alt = &here >= altstack && &here < altstack + sizeof(altstack);
	sigaltstack(NULL, &ss);
	alt_flags = ss.ss_flags;
}

static void overflow_handler(int sig)
{
	char here;

	(void)sig;
	_exit(&here >= altstack && &here < altstack + sizeof(altstack) ? 0 : 3);
}

static int recurse(int depth)
{
	volatile char buf[1024];

	buf[0] = (char)depth;
	if (depth > 1000000000)
		return 0;
	return recurse(depth + 1) + buf[0];
}

static int overflow_child(void *arg)
{
	struct rlimit rl = { 1 << 20, 1 << 20 };
	struct sigaction sa = { 0 };
	stack_t ss = { .ss_sp = altstack, .ss_size = sizeof(altstack) };

	(void)arg;
	setrlimit(RLIMIT_STACK, &rl);
	if (sigaltstack(&ss, NULL))
		return 10;
	sa.sa_handler = overflow_handler;
	sa.sa_flags = SA_ONSTACK;
	sigaction(SIGSEGV, &sa, NULL);
	return recurse(0) ? 11 : 12;
}

static void test_altstack(void)
{
	struct sigaction sa = { 0 };
	stack_t ss = { .ss_sp = altstack, .ss_size = sizeof(altstack) }, old;
	int st;

	ok_sys(sigaltstack(&ss, &old), "sigaltstack installs a 64 KiB stack");
	ok(old.ss_flags & SS_DISABLE, "the previous state was SS_DISABLE");
	sa.sa_handler = alt_handler;
	sa.sa_flags = SA_ONSTACK;
	sigaction(SIGUSR1, &sa, NULL);
	on_alt = 0;
	raise(SIGUSR1);
	ok(on_alt, "an SA_ONSTACK handler runs on the alternate stack");
	ok(alt_flags & SS_ONSTACK, "sigaltstack() inside it reports SS_ONSTACK");
	sigaltstack(NULL, &old);
	ok(!(old.ss_flags & SS_ONSTACK), "outside the handler SS_ONSTACK is clear");
	ss.ss_size = 1024;
	ok_errno(syscall(SYS_sigaltstack, &ss, NULL), ENOMEM,
		 "an alternate stack below MINSIGSTKSZ: ENOMEM");
	ss.ss_flags = SS_DISABLE;
	ok_sys(sigaltstack(&ss, NULL), "SS_DISABLE removes it");
	set_default(SIGUSR1);

	st = run_in_child(overflow_child, NULL);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "stack overflow (RLIMIT_STACK 1 MiB) is caught by a SIGSEGV handler on the alt stack (%s)",
	   status_str(st));
}

static void test_waiting(void)
{
	struct itimerval it = { { 0, 0 }, { 0, 50000 } };
	struct timespec ts = { 0, 50000000 };
	sigset_t set, old, cur;
	siginfo_t si;
	pid_t pid;
	int r;

	reset_seen();
	set_handler(SIGALRM, 0, NULL);
	setitimer(ITIMER_REAL, &it, NULL);
	r = pause();
	ok(r == -1 && errno == EINTR && seen.signo == SIGALRM,
	   "pause() returns -1/EINTR after the SIGALRM handler ran");
	ok_eq(seen.code, SI_KERNEL, "an ITIMER_REAL expiry is sent with si_code SI_KERNEL");

	reset_seen();
	set_handler(SIGUSR1, 0, NULL);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, &old);
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		usleep(20000);
		kill(getppid(), SIGUSR1);
		_exit(0);
	}
	r = sigsuspend(&old);
	ok(r == -1 && errno == EINTR && seen.count == 1,
	   "sigsuspend() unblocks SIGUSR1, runs the handler, returns EINTR");
	sigprocmask(SIG_BLOCK, NULL, &cur);
	ok(sigismember(&cur, SIGUSR1), "after sigsuspend the old mask (SIGUSR1 blocked) is back");
	wait_status(pid);

	kill(getpid(), SIGUSR1);
	memset(&si, 0, sizeof(si));
	r = sigwaitinfo(&set, &si);
	ok(r == SIGUSR1 && si.si_signo == SIGUSR1 && si.si_code == SI_USER && seen.count == 1,
	   "sigwaitinfo() takes a pending blocked signal without running the handler");
	r = sigtimedwait(&set, &si, &ts);
	ok(r == -1 && errno == EAGAIN,
	   "sigtimedwait() with nothing pending: EAGAIN after the timeout");
	sigprocmask(SIG_SETMASK, &old, NULL);
	set_default(SIGUSR1);
	set_default(SIGALRM);

	ok_eq(alarm(5), 0, "alarm(5) with no alarm set returns 0");
	r = alarm(0);
	ok(r >= 4 && r <= 5, "alarm(0) cancels it and returns the seconds left (%d)", r);
}

static volatile int fp_ticks;

static void fp_handler(int sig)
{
	volatile double x = 1.5;
	volatile long double y = 2.5;
	int i;

	(void)sig;
	for (i = 0; i < 50; i++) {
		x = x * 1.0001 + 0.25;
		y = y * 1.0001L - 0.125L;
	}
	fp_ticks++;
}

/* Deterministic FP work: the result must not depend on signals arriving. */
static void fp_work(long n, double *d, long double *ld)
{
	double a = 0.0;
	long double b = 0.0L;
	long i;

	for (i = 0; i < n; i++) {
		a = a * 0.999999 + (double)(i & 255) * 0.5;
		b = b * 0.999999L + (long double)(i & 127) * 0.25L;
	}
	*d = a;
	*ld = b;
}

static void test_fpu(void)
{
	struct itimerval it = { { 0, 1000 }, { 0, 1000 } };
	struct sigaction sa = { 0 };
	long n = 2000000;
	double d1, d2;
	long double l1, l2;

	fp_work(n, &d1, &l1);
	sa.sa_handler = fp_handler;
	sigaction(SIGALRM, &sa, NULL);
	fp_ticks = 0;
	setitimer(ITIMER_REAL, &it, NULL);
	fp_work(n, &d2, &l2);
	memset(&it, 0, sizeof(it));
	setitimer(ITIMER_REAL, &it, NULL);
	set_default(SIGALRM);
	diag("%d timer signals arrived during the FP loop", fp_ticks);
	ok(d1 == d2 && l1 == l2, "SSE and x87 state survive FP-using signal handlers");
}

int main(int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "--child-exec-check"))
		return child_exec_check();
	self = self_path(argv[0]);

	test_siginfo();
	test_sigaction_errors();
	test_masks();
	test_restart();
	test_sigchld();
	test_segv_info();
	test_sigpipe();
	test_default_actions();
	test_stop_cont();
	test_kill_targets();
	test_kill_permission();
	test_inherit();
	test_altstack();
	test_waiting();
	test_fpu();
	return tap_finish();
}
