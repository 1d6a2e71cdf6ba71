/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * util.h - small helpers shared by the guest selftests (include after tap.h).
 *
 *	run_in_child(fn, arg)	fork, run fn(arg) in the child, _exit(its
 *				return value); returns the raw wait status
 *	wait_status(pid)	waitpid() that retries EINTR; raw status
 *	status_str(st)		"exited 3", "killed by signal 11 (SIGSEGV)"
 *	probe_access(addr, w)	touch one byte; returns 0 or the signal it
 *				raised (SIGSEGV/SIGBUS), with si_code and
 *				si_addr in probe_fault
 *	now_ns(clock)		clock_gettime() in nanoseconds
 *	read_text(path, buf, n)	whole small file, NUL terminated; its length
 *	file_text(path)		whole file (up to 64 KiB) in a static buffer,
 *				NULL if unreadable; valid until the next call
 *	text_eq(got, want)	got is not NULL and equals want
 *	write_text(path, s)	write a string to a file
 *	proc_field(path, name)	the number after "name" and ' ' or ':' at the
 *				start of a line of a /proc file; -1 if none
 *	vmstat(name), meminfo_kb(name), status_kb(name)
 *				a field of /proc/vmstat, /proc/meminfo (kB),
 *				/proc/self/status (kB); -1 if missing
 *	signame(sig)		"SIGSEGV"
 *	all_zero(p, len)	whether len bytes at p are all zero
 *	self_path(argv0)	absolute path of this program, for re-exec after
 *				a chdir()
 *	install_self(path, uid, gid, mode)
 *				copy the running program to path with that
 *				owner and mode (set-id tests); 0 or -1
 *	setid_mounts(top, suid, nosuid), setid_unmount(top, suid, nosuid)
 *				make top and mount a tmpfs at top/suid and a
 *				nosuid one at top/nosuid (bail out on failure);
 *				undo that
 */
#ifndef SELFTESTS_UTIL_H
#define SELFTESTS_UTIL_H

#include <fcntl.h>
#include <limits.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#undef PAGE_SIZE		/* musl's limits.h has an int one */
#define PAGE_SIZE 4096UL

__attribute__((unused)) static const char *signame(int sig)
{
	static const char *const names[] = {
		[SIGHUP] = "SIGHUP", [SIGINT] = "SIGINT", [SIGQUIT] = "SIGQUIT",
		[SIGILL] = "SIGILL", [SIGTRAP] = "SIGTRAP", [SIGABRT] = "SIGABRT",
		[SIGBUS] = "SIGBUS", [SIGFPE] = "SIGFPE", [SIGKILL] = "SIGKILL",
		[SIGUSR1] = "SIGUSR1", [SIGSEGV] = "SIGSEGV", [SIGUSR2] = "SIGUSR2",
		[SIGPIPE] = "SIGPIPE", [SIGALRM] = "SIGALRM", [SIGTERM] = "SIGTERM",
		[SIGCHLD] = "SIGCHLD", [SIGCONT] = "SIGCONT", [SIGSTOP] = "SIGSTOP",
		[SIGTSTP] = "SIGTSTP", [SIGTTIN] = "SIGTTIN", [SIGTTOU] = "SIGTTOU",
		[SIGURG] = "SIGURG", [SIGXCPU] = "SIGXCPU", [SIGXFSZ] = "SIGXFSZ",
		[SIGWINCH] = "SIGWINCH", [SIGSYS] = "SIGSYS",
	};

	if (sig > 0 && sig < (int)ARRAY_SIZE(names) && names[sig])
		return names[sig];
	return "signal";
}

__attribute__((unused)) static const char *status_str(int st)
{
	static char buf[64];

	if (WIFEXITED(st))
		snprintf(buf, sizeof(buf), "exited %d", WEXITSTATUS(st));
	else if (WIFSIGNALED(st))
		snprintf(buf, sizeof(buf), "killed by signal %d (%s)",
			 WTERMSIG(st), signame(WTERMSIG(st)));
	else if (WIFSTOPPED(st))
		snprintf(buf, sizeof(buf), "stopped by signal %d", WSTOPSIG(st));
	else
		snprintf(buf, sizeof(buf), "raw status %#x", st);
	return buf;
}

__attribute__((unused)) static int wait_status(pid_t pid)
{
	int st;
	pid_t r;

	do
		r = waitpid(pid, &st, 0);
	while (r == -1 && errno == EINTR);
	if (r != pid) {
		diag("waitpid(%d) returned %d: %s", pid, r, strerror(errno));
		return -1;
	}
	return st;
}

__attribute__((unused)) static int run_in_child(int (*fn)(void *), void *arg)
{
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		diag("fork: %s", strerror(errno));
		return -1;
	}
	if (pid == 0)
		_exit(fn(arg));
	return wait_status(pid);
}

/* What the last fault caught by probe_access() looked like. */
static struct {
	int signo;
	int code;
	void *addr;
} probe_fault;
static sigjmp_buf probe_env;

static void probe_handler(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	probe_fault.signo = sig;
	probe_fault.code = si->si_code;
	probe_fault.addr = si->si_addr;
	siglongjmp(probe_env, 1);
}

/*
 * Read (write != 0: write back) the byte at addr.  Returns 0 if that worked,
 * else the signal number; the handlers are restored either way.
 */
__attribute__((unused)) static int probe_access(volatile void *addr, int write)
{
	struct sigaction sa = { 0 }, old_segv, old_bus;
	volatile char *p = addr;
	volatile int ret = 0;

	sa.sa_sigaction = probe_handler;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGSEGV, &sa, &old_segv);
	sigaction(SIGBUS, &sa, &old_bus);
	memset(&probe_fault, 0, sizeof(probe_fault));
	if (sigsetjmp(probe_env, 1) == 0) {
		char c = *p;

		if (write)
			*p = c;
	} else {
		ret = probe_fault.signo;
	}
	sigaction(SIGSEGV, &old_segv, NULL);
	sigaction(SIGBUS, &old_bus, NULL);
	return ret;
}

__attribute__((unused)) static long long now_ns(clockid_t clk)
{
	struct timespec ts;

	clock_gettime(clk, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

__attribute__((unused)) static long read_text(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t len = 0;
	ssize_t n;

	if (fd < 0)
		return -1;
	while (len + 1 < size && (n = read(fd, buf + len, size - 1 - len)) > 0)
		len += n;
	buf[len] = '\0';
	close(fd);
	return len;
}

__attribute__((unused)) static const char *file_text(const char *path)
{
	static char text[65536];

	return read_text(path, text, sizeof(text)) < 0 ? NULL : text;
}

__attribute__((unused)) static int text_eq(const char *got, const char *want)
{
	return got && !strcmp(got, want);
}

__attribute__((unused)) static int write_text(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, s, strlen(s));
	close(fd);
	return n == (ssize_t)strlen(s) ? 0 : -1;
}

/* "NAME VALUE" (/proc/vmstat) or "Name:  VALUE kB" (/proc/meminfo, status) lines. */
__attribute__((unused)) static long proc_field(const char *path, const char *name)
{
	static char buf[16384];
	size_t n = strlen(name);

	if (read_text(path, buf, sizeof(buf)) <= 0)
		return -1;
	for (char *p = buf; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		if (!strncmp(p, name, n) && (p[n] == ' ' || p[n] == ':'))
			return strtol(p + n + 1, NULL, 10);
	return -1;
}

__attribute__((unused)) static long vmstat(const char *name)
{
	return proc_field("/proc/vmstat", name);
}

__attribute__((unused)) static long meminfo_kb(const char *name)
{
	return proc_field("/proc/meminfo", name);
}

__attribute__((unused)) static long status_kb(const char *name)
{
	return proc_field("/proc/self/status", name);
}

__attribute__((unused)) static int all_zero(const void *p, size_t len)
{
	const unsigned char *c = p;
	size_t i;

	for (i = 0; i < len; i++)
		if (c[i])
			return 0;
	return 1;
}

__attribute__((unused)) static const char *self_path(const char *argv0)
{
	static char path[PATH_MAX];
	size_t len;

	if (argv0[0] == '/' || !getcwd(path, sizeof(path) - 2))
		return argv0;
	len = strlen(path);
	if (argv0[0] == '.' && argv0[1] == '/')
		argv0 += 2;
	snprintf(path + len, sizeof(path) - len, "/%s", argv0);
	return path;
}

__attribute__((unused)) static int install_self(const char *path, uid_t uid, gid_t gid,
						mode_t mode)
{
	char buf[65536];
	ssize_t n = 0;
	int in, out;

	in = open("/proc/self/exe", O_RDONLY);
	out = in < 0 ? -1 : open(path, O_WRONLY | O_CREAT | O_TRUNC, 0700);
	while (out >= 0 && (n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, n) != n) {
			n = -1;
			break;
		}
	if (in >= 0)
		close(in);
	if (out < 0)
		return -1;
	close(out);
	/* chown clears the set-id bits: the mode comes last. */
	if (n < 0 || chown(path, uid, gid) || chmod(path, mode))
		return -1;
	return 0;
}

__attribute__((unused)) static void setid_mounts(const char *top, const char *suid,
						 const char *nosuid)
{
	mkdir(top, 0755);
	mkdir(suid, 0755);
	mkdir(nosuid, 0755);
	if (mount("tmpfs", suid, "tmpfs", 0, "mode=0755") ||
	    mount("tmpfs", nosuid, "tmpfs", MS_NOSUID, "mode=0755"))
		bail_out("mount tmpfs: %s", strerror(errno));
}

__attribute__((unused)) static void setid_unmount(const char *top, const char *suid,
						  const char *nosuid)
{
	umount(suid);
	umount(nosuid);
	rmdir(suid);
	rmdir(nosuid);
	rmdir(top);
}

#endif /* SELFTESTS_UTIL_H */
