// SPDX-License-Identifier: GPL-2.0-only
/*
 * proc_lifecycle - process creation and death: fork/vfork/posix_spawn,
 * execve (errors, scripts, argv/envp, auxv), wait status encoding, waitpid
 * and waitid options, zombies, orphan reparenting (to PID 1 and to a child
 * subreaper), process groups and sessions, exit_group with threads, and
 * the resource usage a wait reports for a child's whole subtree.
 *
 * The program re-executes itself ("--child-..." modes) wherever a test needs
 * a fresh image.
 */
#include <elf.h>
#include <pthread.h>
#include <spawn.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>

#include "tap.h"
#include "util.h"

extern char **environ;
extern char _start[];

static const char *self;	/* path that execs this program */
static char tmpdir[] = "/tmp/proc_lifecycle.XXXXXX";

/* ---------------------------------------------------------- child modes */

static const char *const args_argv[] = { "custom-argv0", "--child-args", "a b", "",
					  "last", NULL };
static const char *const args_envp[] = { "FOO=bar", "EMPTY=", "X=1=2", NULL };

/* Exit 0 if argv and environ are exactly args_argv/args_envp, else 10+i. */
static int child_args(int argc, char **argv)
{
	int i;

	if (argc != (int)ARRAY_SIZE(args_argv) - 1)
		return 10;
	for (i = 0; i < argc; i++)
		if (strcmp(argv[i], args_argv[i]))
			return 11 + i;
	if (argv[argc])
		return 20;
	for (i = 0; args_envp[i]; i++)
		if (!environ[i] || strcmp(environ[i], args_envp[i]))
			return 21 + i;
	return environ[i] ? 30 : 0;
}

/* argv[2] is the path we were executed by: check the auxiliary vector. */
static int child_auxv(int argc, char **argv)
{
	const char *execfn = (const char *)getauxval(AT_EXECFN);

	if (argc < 3)
		return 40;
	if (!execfn || strcmp(execfn, argv[2]))
		return 41;
	if (getauxval(AT_PAGESZ) != 4096)
		return 42;
	if (!getauxval(AT_RANDOM))
		return 43;
	return 0;
}

/* Wait for EOF on fd 0; with "notify", first write a byte to fd 1. */
static int child_block(int argc, char **argv)
{
	char c;

	if (argc > 2 && !strcmp(argv[2], "notify") && write(1, "x", 1) != 1)
		return 50;
	while (read(0, &c, 1) > 0)
		;
	return 0;
}

/* Print the arguments after the mode joined with '|'. */
static int child_echo(int argc, char **argv)
{
	char buf[256] = "";
	int i;

	for (i = 2; i < argc; i++) {
		if (i > 2)
			strcat(buf, "|");
		strncat(buf, argv[i], 64);
	}
	return write(1, buf, strlen(buf)) == (ssize_t)strlen(buf) ? 0 : 60;
}

static int child_main(int argc, char **argv)
{
	const char *mode = argv[1];

	if (!strcmp(mode, "--child-exit"))
		return atoi(argv[2]);
	if (!strcmp(mode, "--child-args"))
		return child_args(argc, argv);
	if (!strcmp(mode, "--child-auxv"))
		return child_auxv(argc, argv);
	if (!strcmp(mode, "--child-block"))
		return child_block(argc, argv);
	if (!strcmp(mode, "--child-echo"))
		return child_echo(argc, argv);
	return 99;
}

/* ---------------------------------------------------------- helpers */

static pid_t fork_exit(int code)
{
	pid_t pid = fork();

	if (pid == 0)
		_exit(code);
	return pid;
}

/* A pid that belonged to a child we already reaped: almost surely free. */
static pid_t dead_pid(void)
{
	pid_t pid = fork_exit(0);

	wait_status(pid);
	return pid;
}

/* fork; the child execve()s path and reports errno as its exit status. */
static int exec_errno(const char *path, char *const argv[])
{
	pid_t pid;
	int st;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		execve(path, argv, environ);
		_exit(errno);
	}
	st = wait_status(pid);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static int make_file(const char *name, const char *text, mode_t mode, char *path)
{
	int fd;

	sprintf(path, "%s/%s", tmpdir, name);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode);
	if (fd < 0)
		return -1;
	if (write(fd, text, strlen(text)) != (ssize_t)strlen(text)) {
		close(fd);
		return -1;
	}
	fchmod(fd, mode);
	return close(fd);
}

/* Read all of fd into buf (NUL terminated). */
static int read_all(int fd, char *buf, int size)
{
	int len = 0, n;

	while (len < size - 1 && (n = read(fd, buf + len, size - 1 - len)) > 0)
		len += n;
	buf[len] = '\0';
	return len;
}

/* ---------------------------------------------------------- tests */

/* vfork: much cheaper than fork under TCG, for the 256-child loop. */
static pid_t vfork_exit(int code)
{
	pid_t pid = vfork();

	if (pid == 0)
		_exit(code);
	return pid;
}

static void test_exit_codes(void)
{
	int code, bad = -1, st;

	for (code = 0; code <= 255; code++) {
		st = wait_status(vfork_exit(code));
		if (!WIFEXITED(st) || WEXITSTATUS(st) != code || WIFSIGNALED(st)) {
			bad = code;
			diag("exit(%d) gave %s", code, status_str(st));
			break;
		}
	}
	ok(bad < 0, "exit codes 0..255 all come back through WEXITSTATUS");

	st = wait_status(fork_exit(3));
	ok_eq(st, 0x0300, "raw wait status of exit(3) is 0x0300");
	st = wait_status(fork_exit(256));
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "exit(256) is seen as 0 (%s)", status_str(st));
	st = wait_status(fork_exit(-1));
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 255, "exit(-1) is seen as 255 (%s)", status_str(st));

	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		syscall(SYS_exit_group, 77);
		_exit(1);
	}
	st = wait_status(pid);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 77, "exit_group(77) exits 77 (%s)", status_str(st));
}

static int child_segv(void *arg)
{
	(void)arg;
	*(volatile int *)0 = 1;
	return 0;
}

static int child_abort(void *arg)
{
	(void)arg;
	abort();
}

static void test_signal_status(void)
{
	pid_t pid;
	int st;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		for (;;)
			pause();
	}
	kill(pid, SIGKILL);
	st = wait_status(pid);
	ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL && !WIFEXITED(st),
	   "SIGKILL: WIFSIGNALED, WTERMSIG == SIGKILL (%s)", status_str(st));
	ok_eq(st & 0x7f, SIGKILL, "raw status of a SIGKILLed child holds 9 in bits 0-6");

	/* The core-dump bit (0x80) may or may not be set: not checked. */
	st = run_in_child(child_segv, NULL);
	ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGSEGV,
	   "NULL store: WTERMSIG == SIGSEGV (%s)", status_str(st));
	st = run_in_child(child_abort, NULL);
	ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGABRT,
	   "abort(): WTERMSIG == SIGABRT (%s)", status_str(st));
}

static void test_vfork(void)
{
	volatile int shared = 0;
	int pfd[2], st;
	pid_t pid;

	fflush(stdout);
	pid = vfork();
	if (pid == 0) {
		shared = 1;
		usleep(50000);
		shared = 2;
		_exit(7);
	}
	ok_eq(shared, 2, "vfork: parent sleeps until the child exits and sees its stores");
	st = wait_status(pid);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 7, "vfork child exit status 7 (%s)", status_str(st));

	if (pipe2(pfd, O_CLOEXEC)) {
		ok(0, "pipe2: %s", strerror(errno));
		return;
	}
	shared = 0;
	pid = vfork();
	if (pid == 0) {
		char *argv[] = { (char *)self, "--child-block", NULL };

		shared = 1;
		usleep(50000);
		shared = 2;
		dup2(pfd[0], 0);
		execve(self, argv, environ);
		_exit(127);
	}
	ok_eq(shared, 2, "vfork: parent sleeps until the child execs");
	ok_eq(waitpid(pid, &st, WNOHANG), 0,
	      "vfork: parent resumes at exec while the child runs on");
	close(pfd[0]);
	close(pfd[1]);
	st = wait_status(pid);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "vfork+exec child ran and exited 0 (%s)",
	   status_str(st));
}

static void test_posix_spawn(void)
{
	posix_spawn_file_actions_t fa;
	char *argv1[] = { (char *)self, "--child-exit", "17", NULL };
	char *argv2[] = { (char *)self, "--child-echo", "a b", "c", NULL };
	char *argv3[] = { "/nonexistent/prog", NULL };
	char buf[64];
	int pfd[2], r, st;
	pid_t pid;

	r = posix_spawn(&pid, self, NULL, NULL, argv1, environ);
	ok_eq(r, 0, "posix_spawn of this program succeeds");
	if (r == 0) {
		st = wait_status(pid);
		ok(WIFEXITED(st) && WEXITSTATUS(st) == 17, "posix_spawned child exits 17 (%s)",
		   status_str(st));
	}

	if (pipe(pfd) == 0) {
		posix_spawn_file_actions_init(&fa);
		posix_spawn_file_actions_adddup2(&fa, pfd[1], 1);
		posix_spawn_file_actions_addclose(&fa, pfd[0]);
		r = posix_spawn(&pid, self, &fa, NULL, argv2, environ);
		posix_spawn_file_actions_destroy(&fa);
		close(pfd[1]);
		read_all(pfd[0], buf, sizeof(buf));
		close(pfd[0]);
		if (r == 0)
			wait_status(pid);
		ok_str(buf, "a b|c", "posix_spawn file actions (dup2 to stdout) and argv");
	}

	r = posix_spawn(&pid, argv3[0], NULL, NULL, argv3, environ);
	ok_eq(r, ENOENT, "posix_spawn of a missing file returns ENOENT");
}

static void test_waitpid(void)
{
	int pfd[2], st;
	pid_t pid, r;

	ok_errno(waitpid(-1, &st, WNOHANG), ECHILD,
		 "waitpid(-1, WNOHANG) without children: ECHILD");
	ok_errno(waitpid(1, &st, 0), ECHILD, "waitpid(1) (not our child): ECHILD");
	ok_errno(waitpid(-1, &st, 0x00400000), EINVAL, "waitpid with unknown option bits: EINVAL");

	if (pipe(pfd))
		return;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		char c;

		close(pfd[1]);
		read(pfd[0], &c, 1);
		_exit(5);
	}
	close(pfd[0]);
	ok_eq(waitpid(pid, &st, WNOHANG), 0, "waitpid WNOHANG on a running child returns 0");
	close(pfd[1]);
	r = waitpid(pid, &st, 0);
	ok(r == pid && WIFEXITED(st) && WEXITSTATUS(st) == 5,
	   "blocking waitpid returns the pid and status 5 once it exits");

	pid = fork_exit(6);
	r = waitpid(-1, &st, 0);
	ok(r == pid && WEXITSTATUS(st) == 6, "waitpid(-1) reaps any child");
	pid = fork_exit(8);
	r = waitpid(0, &st, 0);
	ok(r == pid && WEXITSTATUS(st) == 8, "waitpid(0) reaps a child in our process group");
	pid = fork_exit(9);
	r = waitpid(-getpgrp(), &st, 0);
	ok(r == pid && WEXITSTATUS(st) == 9, "waitpid(-pgid) reaps a child in that group");
}

static void test_waitid(void)
{
	siginfo_t si;
	pid_t pid, pids[3];
	int i, found;

	pid = fork_exit(42);
	memset(&si, 0x55, sizeof(si));
	ok_sys(waitid(P_PID, pid, &si, WEXITED), "waitid(P_PID, WEXITED)");
	ok(si.si_signo == SIGCHLD && si.si_code == CLD_EXITED && si.si_pid == pid &&
	   si.si_status == 42 && si.si_uid == getuid(),
	   "waitid siginfo: SIGCHLD, CLD_EXITED, si_pid, si_status 42, si_uid");

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		for (;;)
			pause();
	}
	memset(&si, 0x55, sizeof(si));
	ok(waitid(P_PID, pid, &si, WEXITED | WNOHANG) == 0 && si.si_pid == 0 && si.si_signo == 0,
	   "waitid WNOHANG with nothing to report: 0 and a zeroed si_pid/si_signo");
	kill(pid, SIGKILL);
	memset(&si, 0, sizeof(si));
	ok(waitid(P_PID, pid, &si, WEXITED | WNOWAIT) == 0 && si.si_pid == pid &&
	   si.si_code == CLD_KILLED && si.si_status == SIGKILL,
	   "waitid WNOWAIT reports CLD_KILLED/SIGKILL");
	memset(&si, 0, sizeof(si));
	ok(waitid(P_PID, pid, &si, WEXITED) == 0 && si.si_pid == pid,
	   "after WNOWAIT the child is still waitable");
	ok_errno(waitid(P_PID, pid, &si, WEXITED), ECHILD, "and after reaping: ECHILD");

	for (i = 0; i < 3; i++)
		pids[i] = fork_exit(10 + i);
	found = 0;
	for (i = 0; i < 3; i++) {
		memset(&si, 0, sizeof(si));
		if (waitid(P_ALL, 0, &si, WEXITED))
			break;
		for (int j = 0; j < 3; j++)
			if (si.si_pid == pids[j] && si.si_status == 10 + j)
				found |= 1 << j;
	}
	ok_eq(found, 7, "waitid(P_ALL) collects three children with their statuses");
	ok_errno(waitid(P_ALL, 0, &si, WEXITED), ECHILD, "waitid(P_ALL) with no children: ECHILD");

	pid = fork_exit(3);
	memset(&si, 0, sizeof(si));
	ok(waitid(P_PGID, getpgrp(), &si, WEXITED) == 0 && si.si_pid == pid,
	   "waitid(P_PGID) reaps a child of our group");
	ok_errno(waitid(P_PID, getpid(), &si, 0), EINVAL,
		 "waitid without WEXITED/WSTOPPED/WCONTINUED: EINVAL");
	ok_errno(waitid(7, 0, &si, WEXITED), EINVAL, "waitid with a bad idtype: EINVAL");
}

static char proc_state(pid_t pid)
{
	char path[64], buf[512], *p;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	if (read_text(path, buf, sizeof(buf)) <= 0)
		return 0;
	p = strrchr(buf, ')');
	return p && p[1] == ' ' ? p[2] : '?';
}

static void test_zombie(void)
{
	char path[64];
	siginfo_t si;
	pid_t pid;
	char state;

	if (access("/proc/self/stat", R_OK)) {
		skip("zombie state: /proc is not mounted");
		skip("zombie state: /proc is not mounted");
		return;
	}
	pid = fork_exit(0);
	waitid(P_PID, pid, &si, WEXITED | WNOWAIT);
	state = proc_state(pid);
	ok(state == 'Z', "an exited, unreaped child shows state Z in /proc/<pid>/stat (got %c)",
	   state ? state : '-');
	wait_status(pid);
	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	ok_errno(open(path, O_RDONLY), ENOENT, "after wait the /proc/<pid> entry is gone");
}

/*
 * Child A forks grandchild B and exits; B waits until its parent changes and
 * writes the new getppid() to the pipe.
 */
static pid_t orphan_ppid(pid_t *b_out)
{
	int pfd[2];
	pid_t a, newppid = -1;

	if (pipe(pfd))
		return -1;
	fflush(stdout);
	a = fork();
	if (a == 0) {
		pid_t parent = getpid();	/* before fork: A may exit first */
		pid_t b = fork();

		if (b == 0) {
			pid_t now = getppid();
			int i;

			/* wait for A's exit, at most ~10 s */
			for (i = 0; i < 10000 && now == parent; i++) {
				usleep(1000);
				now = getppid();
			}
			write(pfd[1], &now, sizeof(now));
			_exit(0);
		}
		write(pfd[1], &b, sizeof(b));
		_exit(0);
	}
	close(pfd[1]);
	read(pfd[0], b_out, sizeof(*b_out));
	wait_status(a);
	if (read(pfd[0], &newppid, sizeof(newppid)) != sizeof(newppid))
		newppid = -1;
	close(pfd[0]);
	return newppid;
}

static int subreaper_child(void *arg)
{
	pid_t b = 0, ppid;
	int st;

	(void)arg;
	if (prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0))
		return 10;
	ppid = orphan_ppid(&b);
	if (ppid != getpid())
		return 11;
	st = wait_status(b);
	if (!WIFEXITED(st))
		return 12;
	return 0;
}

static void test_orphans(void)
{
	pid_t b = 0, ppid;
	int st;

	ppid = orphan_ppid(&b);
	ok_eq(ppid, 1, "an orphan is reparented to PID 1 (getppid() becomes 1)");
	st = run_in_child(subreaper_child, NULL);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "with PR_SET_CHILD_SUBREAPER the orphan goes to the subreaper, which can wait for it (%s)",
	   status_str(st));
}

static int setsid_child(void *arg)
{
	pid_t me = getpid();

	(void)arg;
	if (setsid() != me)
		return 10;
	if (getsid(0) != me || getsid(me) != me)
		return 11;
	if (getpgrp() != me || getpgid(0) != me)
		return 12;
	if (setsid() != -1 || errno != EPERM)
		return 13;
	if (setpgid(0, 0) != -1 || errno != EPERM)
		return 14;
	return 0;
}

static int leader_setsid_child(void *arg)
{
	(void)arg;
	if (setpgid(0, 0))
		return 10;
	if (getpgrp() != getpid())
		return 11;
	if (setsid() != -1 || errno != EPERM)
		return 12;
	return 0;
}

static int ppid_child(void *arg)
{
	return getppid() == *(pid_t *)arg ? 0 : 1;
}

static void test_ids(void)
{
	pid_t me = getpid(), pid, gone;
	int st, pfd[2], pin[2];
	char c;

	ok_eq(me, syscall(SYS_getpid), "getpid() matches the raw syscall");
	ok_eq(getppid(), syscall(SYS_getppid), "getppid() matches the raw syscall");
	st = run_in_child(ppid_child, &me);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "a child's getppid() is the parent's pid");
	ok_eq(getpgid(0), getpgrp(), "getpgid(0) == getpgrp()");
	ok_eq(getpgid(me), getpgrp(), "getpgid(getpid()) == getpgrp()");
	ok_eq(getsid(0), getsid(me), "getsid(0) == getsid(getpid())");

	gone = dead_pid();
	ok_errno(getpgid(gone), ESRCH, "getpgid of a dead pid: ESRCH");
	ok_errno(getsid(gone), ESRCH, "getsid of a dead pid: ESRCH");
	ok_errno(setpgid(gone, 0), ESRCH, "setpgid of a dead pid: ESRCH");
	ok_errno(setpgid(0, -1), EINVAL, "setpgid with a negative pgid: EINVAL");
	if (me != 1)
		ok_errno(setpgid(1, 1), ESRCH, "setpgid of a process that is not our child: ESRCH");

	if (pipe(pfd) || pipe(pin))
		return;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		close(pfd[0]);
		close(pin[1]);
		read(pin[0], &c, 1);
		_exit(0);
	}
	ok_sys(setpgid(pid, pid), "parent puts a child into a new process group");
	ok_eq(getpgid(pid), pid, "getpgid(child) is the new group");
	ok_errno(setpgid(pid, gone), EPERM, "setpgid to a group that does not exist: EPERM");
	ok_sys(setpgid(pid, getpgrp()), "and moves it back into our group");
	close(pin[1]);
	close(pin[0]);
	wait_status(pid);

	/* After the child execs, the parent may no longer change its group. */
	if (pipe(pin))
		return;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		char *argv[] = { (char *)self, "--child-block", "notify", NULL };

		dup2(pfd[1], 1);
		dup2(pin[0], 0);
		close(pfd[0]);
		close(pfd[1]);
		close(pin[0]);
		close(pin[1]);
		execve(self, argv, environ);
		_exit(127);
	}
	close(pin[0]);
	close(pfd[1]);
	if (read(pfd[0], &c, 1) == 1)
		ok_errno(setpgid(pid, pid), EACCES, "setpgid of a child that has exec'd: EACCES");
	else
		ok(0, "exec'd child did not report");
	close(pin[1]);
	close(pfd[0]);
	wait_status(pid);

	st = run_in_child(setsid_child, NULL);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "setsid(): new session and group = pid; again EPERM; setpgid as leader EPERM (%s)",
	   status_str(st));
	st = run_in_child(leader_setsid_child, NULL);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "setsid() by a process group leader: EPERM (%s)", status_str(st));
}

static void test_execve(void)
{
	char path[256], *argv[] = { NULL, NULL };
	int st;
	pid_t pid;

	argv[0] = "/nonexistent/prog";
	ok_eq(exec_errno(argv[0], argv), ENOENT, "execve of a missing file: ENOENT");

	if (make_file("plain", "#!/bin/sh\nexit 0\n", 0644, path))
		bail_out("cannot create files in %s", tmpdir);
	argv[0] = path;
	ok_eq(exec_errno(path, argv), EACCES,
	      "execve of a file without x bits (even as root): EACCES");
	ok_eq(exec_errno(tmpdir, argv), EACCES, "execve of a directory: EACCES");
	strcat(path, "/sub");
	ok_eq(exec_errno(path, argv), ENOTDIR,
	      "execve through a regular file as directory: ENOTDIR");

	make_file("garbage", "this is not an executable\n", 0755, path);
	ok_eq(exec_errno(path, argv), ENOEXEC,
	      "execve of an executable file with no known format: ENOEXEC");
	make_file("empty", "", 0755, path);
	ok_eq(exec_errno(path, argv), ENOEXEC, "execve of an empty executable file: ENOEXEC");
	make_file("badinterp", "#!/nonexistent/interp\n", 0755, path);
	ok_eq(exec_errno(path, argv), ENOENT,
	      "execve of a script with a missing interpreter: ENOENT");

	if (access("/bin/sh", X_OK) == 0) {
		make_file("script", "#!/bin/sh\nexit 5\n", 0755, path);
		fflush(stdout);
		pid = fork();
		if (pid == 0) {
			execve(path, argv, environ);
			_exit(127);
		}
		st = wait_status(pid);
		ok(WIFEXITED(st) && WEXITSTATUS(st) == 5,
		   "a #! script runs under its interpreter (%s)",
		   status_str(st));
	} else {
		skip("#! script: no /bin/sh");
	}

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		execve(self, (char **)args_argv, (char **)args_envp);
		_exit(127);
	}
	st = wait_status(pid);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "argv (incl. empty strings, custom argv[0]) and envp arrive exactly (%s)",
	   status_str(st));

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		char *av[] = { "whatever", "--child-auxv", (char *)self, NULL };

		execve(self, av, environ);
		_exit(127);
	}
	st = wait_status(pid);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "exec'd image: AT_EXECFN is the execve path, AT_PAGESZ, AT_RANDOM (%s)",
	   status_str(st));
}

static void test_auxv(void)
{
	const unsigned char *rnd = (const unsigned char *)getauxval(AT_RANDOM);
	const Elf64_Phdr *ph = (const Elf64_Phdr *)getauxval(AT_PHDR);
	unsigned long phnum = getauxval(AT_PHNUM);
	const char *execfn = (const char *)getauxval(AT_EXECFN);
	unsigned long i, loads = 0, any = 0;

	ok_eq(getauxval(AT_PAGESZ), 4096, "AT_PAGESZ == 4096");
	ok(rnd != NULL, "AT_RANDOM is present");
	if (rnd) {
		for (i = 0; i < 16; i++)
			any |= rnd[i];
		ok(any != 0, "AT_RANDOM points to 16 readable bytes, not all zero");
	}
	ok(execfn && execfn[0], "AT_EXECFN is a non-empty string (%s)", execfn ? execfn : "null");
	ok_eq(getauxval(AT_CLKTCK), 100, "AT_CLKTCK == 100 (USER_HZ)");
	ok_eq(getauxval(AT_PHENT), sizeof(Elf64_Phdr), "AT_PHENT == sizeof(Elf64_Phdr)");
	for (i = 0; ph && i < phnum; i++)
		loads += ph[i].p_type == PT_LOAD;
	ok(phnum > 0 && loads > 0, "AT_PHDR/AT_PHNUM point at our program headers (%lu PT_LOAD)",
	   loads);
	ok_eq(getauxval(AT_ENTRY), (unsigned long)_start, "AT_ENTRY is the address of _start");
	ok(getauxval(AT_UID) == getuid() && getauxval(AT_EUID) == geteuid() &&
	   getauxval(AT_GID) == getgid() && getauxval(AT_EGID) == getegid(),
	   "AT_UID/AT_EUID/AT_GID/AT_EGID match the credentials");
	ok_eq(getauxval(AT_SECURE), 0, "AT_SECURE == 0");
}

static void *thread_exit_group(void *arg)
{
	(void)arg;
	usleep(20000);
	syscall(SYS_exit_group, 9);
	return NULL;
}

static int exit_group_child(void *arg)
{
	pthread_t t;

	(void)arg;
	if (pthread_create(&t, NULL, thread_exit_group, NULL))
		return 100;
	for (;;)
		pause();
}

static void *thread_late_exit(void *arg)
{
	(void)arg;
	usleep(50000);
	_exit(4);
	return NULL;
}

static int main_thread_exit_child(void *arg)
{
	pthread_t t;

	(void)arg;
	if (pthread_create(&t, NULL, thread_late_exit, NULL))
		return 100;
	syscall(SYS_exit, 0);	/* this thread only */
	return 101;
}

static void *thread_ids(void *arg)
{
	long *ids = arg;

	ids[0] = syscall(SYS_getpid);
	ids[1] = syscall(SYS_gettid);
	return NULL;
}

static void test_threads(void)
{
	long ids[2] = { 0, 0 };
	pthread_t t;
	int st;

	if (pthread_create(&t, NULL, thread_ids, ids) == 0) {
		pthread_join(t, NULL);
		ok(ids[0] == getpid() && ids[1] != getpid() && ids[1] > 0,
		   "a thread has our pid and its own tid (pid %ld tid %ld)", ids[0], ids[1]);
	} else {
		ok(0, "pthread_create");
	}
	ok_eq(syscall(SYS_gettid), getpid(), "the main thread's tid is the pid");

	st = run_in_child(exit_group_child, NULL);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 9,
	   "exit_group from a second thread ends the process, main thread blocked in pause (%s)",
	   status_str(st));
	st = run_in_child(main_thread_exit_child, NULL);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 4,
	   "main thread exit(2)s alone; the other thread runs on and sets the status (%s)",
	   status_str(st));
}

static void cleanup(void)
{
	const char *names[] = { "plain", "garbage", "empty", "badinterp", "script" };
	char path[256];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		snprintf(path, sizeof(path), "%s/%s", tmpdir, names[i]);
		unlink(path);
	}
	rmdir(tmpdir);
}

/* ---------------------------------------------------------------- rusage */

#define USAGE_TOUCH_MB	8
#define USAGE_BURN_MS	300

static long long tv_us(struct timeval tv)
{
	return tv.tv_sec * 1000000LL + tv.tv_usec;
}

/* Spin in user mode for @ms of wall time and touch @mb MiB of fresh memory. */
static void use_cpu_and_memory(int ms, int mb)
{
	struct timespec t0, t;
	volatile unsigned long spin = 0;
	size_t len = (size_t)mb << 20;
	char *mem = mmap(NULL, len, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (mem != MAP_FAILED) {
		madvise(mem, len, MADV_NOHUGEPAGE);
		for (size_t off = 0; off < len; off += 4096)
			mem[off] = 1;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		for (int i = 0; i < 100000; i++)
			spin++;
		clock_gettime(CLOCK_MONOTONIC, &t);
	} while ((t.tv_sec - t0.tv_sec) * 1000LL +
		 (t.tv_nsec - t0.tv_nsec) / 1000000 < ms);
}

/* fork; the child runs fn(arg) and exits with its value; no wait. */
static pid_t spawn_fn(int (*fn)(void *), void *arg)
{
	pid_t pid = fork();

	if (pid == 0)
		_exit(fn(arg));
	return pid;
}

/* A middle process: its own child does the work; it only waits. */
static int usage_middle(void *arg)
{
	pid_t g = fork();

	(void)arg;
	if (g < 0)
		return 10;
	if (g == 0) {
		use_cpu_and_memory(USAGE_BURN_MS, USAGE_TOUCH_MB);
		_exit(0);
	}
	return waitpid(g, NULL, 0) == g ? 0 : 11;
}

/*
 * A subreaper whose child M leaves a worker G behind: G is reparented to
 * the subreaper, which reaps both.  Exit code: 0 when its RUSAGE_CHILDREN
 * then holds G's CPU time.
 */
static int usage_subreaper(void *arg)
{
	struct rusage ru;
	pid_t m;
	int pipefd[2];
	char c;

	(void)arg;
	if (prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) || pipe(pipefd))
		return 10;
	m = fork();
	if (m < 0)
		return 11;
	if (m == 0) {
		pid_t g = fork();

		if (g == 0) {
			/* Wait for M to be gone, then work. */
			read(pipefd[0], &c, 1);
			use_cpu_and_memory(USAGE_BURN_MS, 1);
			_exit(0);
		}
		_exit(g > 0 ? 0 : 1);
	}
	if (waitpid(m, NULL, 0) != m)
		return 12;
	close(pipefd[0]);
	write(pipefd[1], "g", 1);
	/* G is ours now. */
	if (wait(NULL) <= 0)
		return 13;
	if (getrusage(RUSAGE_CHILDREN, &ru))
		return 14;
	return tv_us(ru.ru_utime) + tv_us(ru.ru_stime) >= USAGE_BURN_MS * 1000 / 3 ? 0 : 15;
}

static void test_rusage(void)
{
	const long long min_cpu_us = USAGE_BURN_MS * 1000 / 3;
	const long min_faults = USAGE_TOUCH_MB * 256 * 3 / 4;
	struct rusage ru, before, after;
	siginfo_t info;
	pid_t pid;
	int st;

	getrusage(RUSAGE_CHILDREN, &before);

	/* wait4: the reaped child's grandchild did the work. */
	pid = spawn_fn(usage_middle, NULL);
	memset(&ru, 0, sizeof(ru));
	ok_eq(wait4(pid, &st, 0, &ru), pid, "wait4() reaps a child that reaped a worker");
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "the middle child waited for its worker (%s)",
	   status_str(st));
	ok(tv_us(ru.ru_utime) + tv_us(ru.ru_stime) >= min_cpu_us,
	   "wait4() rusage includes the grandchild's CPU time (%lld us user, %lld us sys)",
	   tv_us(ru.ru_utime), tv_us(ru.ru_stime));
	ok(ru.ru_minflt >= min_faults,
	   "wait4() rusage includes the grandchild's page faults (%ld minflt)", ru.ru_minflt);
	ok(ru.ru_maxrss >= USAGE_TOUCH_MB * 1024,
	   "wait4() ru_maxrss covers the grandchild's %d MiB (%ld KiB)", USAGE_TOUCH_MB,
	   ru.ru_maxrss);
	ok(ru.ru_nvcsw + ru.ru_nivcsw > 0, "wait4() rusage counts context switches (%ld + %ld)",
	   ru.ru_nvcsw, ru.ru_nivcsw);

	/* waitid() with the kernel's fifth argument. */
	pid = spawn_fn(usage_middle, NULL);
	memset(&ru, 0, sizeof(ru));
	memset(&info, 0, sizeof(info));
	ok_sys(syscall(SYS_waitid, P_PID, pid, &info, WEXITED, &ru),
	       "waitid(P_PID, WEXITED) with a struct rusage");
	ok(tv_us(ru.ru_utime) + tv_us(ru.ru_stime) >= min_cpu_us && ru.ru_minflt >= min_faults,
	   "waitid() rusage includes the grandchild (%lld us, %ld minflt)",
	   tv_us(ru.ru_utime) + tv_us(ru.ru_stime), ru.ru_minflt);

	/* RUSAGE_CHILDREN: sums add up, maxrss is the largest, not a sum. */
	getrusage(RUSAGE_CHILDREN, &after);
	ok(tv_us(after.ru_utime) + tv_us(after.ru_stime) -
	   tv_us(before.ru_utime) - tv_us(before.ru_stime) >= 2 * min_cpu_us,
	   "getrusage(RUSAGE_CHILDREN) grew by both subtrees' CPU time");
	ok(after.ru_minflt - before.ru_minflt >= 2 * min_faults,
	   "getrusage(RUSAGE_CHILDREN) grew by both subtrees' faults (%ld)",
	   after.ru_minflt - before.ru_minflt);
	ok(after.ru_maxrss >= USAGE_TOUCH_MB * 1024 &&
	   after.ru_maxrss < 2 * USAGE_TOUCH_MB * 1024 - 512,
	   "getrusage(RUSAGE_CHILDREN) ru_maxrss is the largest child's, not the sum (%ld KiB)",
	   after.ru_maxrss);

	/* A subreaper collects an adopted grandchild's usage. */
	pid = spawn_fn(usage_subreaper, NULL);
	memset(&ru, 0, sizeof(ru));
	ok_eq(wait4(pid, &st, 0, &ru), pid, "wait4() reaps a subreaper");
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "the subreaper's RUSAGE_CHILDREN holds its adopted worker's CPU time (%s)",
	   status_str(st));
	ok(tv_us(ru.ru_utime) + tv_us(ru.ru_stime) >= min_cpu_us,
	   "wait4() on the subreaper includes the adopted worker (%lld us)",
	   tv_us(ru.ru_utime) + tv_us(ru.ru_stime));
}

int main(int argc, char **argv)
{
	if (argc >= 2 && !strncmp(argv[1], "--child-", 8))
		return child_main(argc, argv);

	self = self_path(strchr(argv[0], '/') ? argv[0] : (const char *)getauxval(AT_EXECFN));
	if (!mkdtemp(tmpdir))
		bail_out("mkdtemp: %s", strerror(errno));

	test_exit_codes();
	test_signal_status();
	test_vfork();
	test_posix_spawn();
	test_waitpid();
	test_waitid();
	test_zombie();
	test_orphans();
	test_ids();
	test_execve();
	test_auxv();
	test_threads();
	test_rusage();

	cleanup();
	return tap_finish();
}
