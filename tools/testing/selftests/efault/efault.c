// SPDX-License-Identifier: GPL-2.0-only
/*
 * efault - wild user pointers: every system call the other selftests use
 * that takes a user pointer gets, in turn, NULL, (void *)1, a kernel
 * address (0xffffffff81000000) and an unmapped user address (a page
 * mmap()ed and munmap()ed again), and must fail with EFAULT without
 * hurting the caller.  Each call runs in a fresh child, so a kernel that
 * kills the process instead shows up as one failed line.
 *
 * Where Linux legitimately does something else, the test asserts what Linux
 * does and says why (e.g. a length of 0 touches no memory and succeeds,
 * /dev/null never reads the buffer, poll(NULL, 0) is fine, the nanosleep
 * remainder is only written when interrupted, and a buffer that runs into
 * an unmapped page gives a short count, not EFAULT).
 *
 * All calls are raw syscall()s: libc must not touch the pointers first.
 */
#include <poll.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <termios.h>

#include "tap.h"
#include "util.h"

enum { P_NULL, P_ONE, P_KERNEL, P_UNMAPPED, NPTR };

static void *bad_ptr[NPTR];
static const char *const bad_name[NPTR] = { "NULL", "(void *)1", "kernel 0xffffffff81000000",
					    "unmapped page" };

struct want {
	long ret;
	int err;	/* when ret == -1 */
};

#define SKIPPED -2	/* in a struct want: do not try this pointer */
#define FAULT { -1, EFAULT }
static const struct want all_fault[NPTR] = { FAULT, FAULT, FAULT, FAULT };
/* NULL means "none" (no timeout, no mask, no result wanted) and works */
static const struct want null_ok[NPTR] = { { 0, 0 }, FAULT, FAULT, FAULT };
/* NULL is legal but its result is not a constant (or it would block) */
static const struct want null_skip[NPTR] = { { SKIPPED, 0 }, FAULT, FAULT, FAULT };

/* What the child saw, through a MAP_SHARED page. */
static volatile struct {
	long ret;
	int err;
} *result;

static char tmpdir[] = "/tmp/efault.XXXXXX";
static char path_file[128], path_dir[128], path_link[128], path_out[128];
static int fd_file, fd_out, fd_dir, fd_tty = -1, pipe_r, pipe_w;

/* fork; returns 1 in the child, 0 in the parent once the child is done. */
static int child_status;

static int probe_child(void)
{
	pid_t pid;

	fflush(stdout);
	result->ret = -12345;
	result->err = 0;
	pid = fork();
	if (pid == 0) {
		alarm(5);	/* a call that blocks instead of failing */
		return 1;
	}
	child_status = pid < 0 ? -1 : wait_status(pid);
	return 0;
}

static void probe_done(long ret, int err)
{
	result->ret = ret;
	result->err = err;
	_exit(0);
}

/* Compare the child's result with want; append a reason to why if not. */
static int probe_ok(const struct want *w, int i, char *why, size_t whylen)
{
	char buf[160];

	if (!WIFEXITED(child_status)) {
		snprintf(buf, sizeof(buf), " [%s: %s]", bad_name[i], status_str(child_status));
	} else if (result->ret != w->ret || (w->ret == -1 && result->err != w->err)) {
		if (result->ret == -1)
			snprintf(buf, sizeof(buf), " [%s: failed with %s, want %ld/%s]",
				 bad_name[i],
				 tap_errno_name(result->err), w->ret,
				 w->ret == -1 ? tap_errno_name(w->err) : "-");
		else
			snprintf(buf, sizeof(buf), " [%s: returned %ld, want %ld/%s]", bad_name[i],
				 result->ret, w->ret, w->ret == -1 ? tap_errno_name(w->err) : "-");
	} else {
		return 1;
	}
	strncat(why, buf, whylen - strlen(why) - 1);
	return 0;
}

/*
 * CHECKW(want[4], expr, description...): evaluate expr, which uses BAD,
 * once per wild pointer in a child each time, and compare.
 */
#define CHECKW(wants, expr, ...) do {						\
	char why_[512] = "";							\
	int good_ = 1;								\
	for (int i_ = 0; i_ < NPTR; i_++) {					\
		void *BAD = bad_ptr[i_];					\
		if ((wants)[i_].ret == SKIPPED)					\
			continue;						\
		if (probe_child()) {						\
			long r_;						\
			errno = 0;						\
			r_ = (long)(expr);					\
			probe_done(r_, errno);					\
		}								\
		good_ &= probe_ok(&(wants)[i_], i_, why_, sizeof(why_));	\
		(void)BAD;							\
	}									\
	ok(good_, __VA_ARGS__);							\
	if (!good_)								\
		diag(" %s", why_);						\
} while (0)

#define EF(expr, ...) CHECKW(all_fault, expr, __VA_ARGS__)

/* ---------------------------------------------------------- helpers run in the child */

static long wait4_status_to(void *status)
{
	pid_t pid = fork();

	if (pid == 0)
		_exit(3);
	return syscall(SYS_wait4, pid, status, 0, NULL);
}

static long wait4_rusage_to(void *ru)
{
	pid_t pid = fork();
	int st;

	if (pid == 0)
		_exit(3);
	return syscall(SYS_wait4, pid, &st, 0, ru);
}

static long waitid_to(void *info)
{
	pid_t pid = fork();

	if (pid == 0)
		_exit(3);
	return syscall(SYS_waitid, P_PID, pid, info, WEXITED, NULL);
}

static long readv_base(int fd, void *base)
{
	struct iovec iov = { base, 16 };

	return syscall(SYS_readv, fd, &iov, 1);
}

static long writev_base(int fd, void *base)
{
	struct iovec iov = { base, 16 };

	return syscall(SYS_writev, fd, &iov, 1);
}

static long execve_argv_elem(void *elem)
{
	char *argv[] = { "true", elem, NULL };

	return syscall(SYS_execve, "/bin/true", argv, NULL);
}

static long getgroups_to(void *list)
{
	gid_t g[2] = { 1, 2 };

	if (syscall(SYS_setgroups, 2, g))
		return -100;
	return syscall(SYS_getgroups, 2, list);
}

static long pselect_sigmask(void *mask)
{
	struct timespec ts = { 0, 0 };
	struct {
		void *mask;
		size_t size;
	} arg = { mask, 8 };

	return syscall(SYS_pselect6, 0, NULL, NULL, NULL, &ts, &arg);
}

static long getdents_to(void *buf)
{
	int fd = open(path_dir, O_RDONLY | O_DIRECTORY);

	return syscall(SYS_getdents64, fd, buf, 4096);
}

/* ---------------------------------------------------------- tests */

static void test_io(void)
{
	/* a length of 0 copies nothing, but access_ok() still rejects kernel addresses */
	static const struct want null_len0[NPTR] = { { 0, 0 }, { 0, 0 }, FAULT, { 0, 0 } };
	/* /dev/null never looks at the buffer; only access_ok() catches kernel addresses */
	static const struct want devnull[NPTR] = { { 16, 0 }, { 16, 0 }, FAULT, { 16, 0 } };
	/* at EOF nothing is copied, so only the access_ok() check can fail */
	static const struct want at_eof[NPTR] = { { 0, 0 }, { 0, 0 }, FAULT, { 0, 0 } };
	int devnull_fd = open("/dev/null", O_RDWR);

	EF(syscall(SYS_read, fd_file, BAD, 16), "read into a wild buffer: EFAULT");
	EF(syscall(SYS_write, fd_out, BAD, 16), "write from a wild buffer to a file: EFAULT");
	EF(syscall(SYS_write, pipe_w, BAD, 16), "write from a wild buffer to a pipe: EFAULT");
	write(pipe_w, "0123456789abcdefghij", 20);
	EF(syscall(SYS_read, pipe_r, BAD, 16), "read from a pipe into a wild buffer: EFAULT");
	EF(syscall(SYS_pread64, fd_file, BAD, 16, 0), "pread64 into a wild buffer: EFAULT");
	EF(syscall(SYS_pwrite64, fd_out, BAD, 16, 0), "pwrite64 from a wild buffer: EFAULT");
	EF(syscall(SYS_readv, fd_file, BAD, 1), "readv with a wild iovec array: EFAULT");
	EF(readv_base(fd_file, BAD), "readv with a wild iov_base: EFAULT");
	EF(syscall(SYS_writev, fd_out, BAD, 1), "writev with a wild iovec array: EFAULT");
	EF(writev_base(fd_out, BAD), "writev with a wild iov_base: EFAULT");
	{
		/* a NULL offset means "use the file position" */
		static const struct want w[NPTR] = { { 4, 0 }, FAULT, FAULT, FAULT };

		CHECKW(w, syscall(SYS_sendfile, fd_out, fd_file, BAD, 4),
		       "sendfile with a wild offset pointer: EFAULT");
	}

	CHECKW(null_len0, syscall(SYS_read, fd_file, BAD, 0),
	       "read of 0 bytes: 0, EFAULT only for a kernel address");
	CHECKW(null_len0, syscall(SYS_write, fd_out, BAD, 0),
	       "write of 0 bytes: 0, EFAULT only for a kernel address");
	CHECKW(devnull, syscall(SYS_write, devnull_fd, BAD, 16),
	       "write to /dev/null: 16 (not read), EFAULT only for a kernel address");
	lseek(fd_file, 0, SEEK_END);
	CHECKW(at_eof, syscall(SYS_read, fd_file, BAD, 16),
	       "read at EOF: 0 (nothing copied), EFAULT only for a kernel address");
	lseek(fd_file, 0, SEEK_SET);
	close(devnull_fd);
}

static void test_partial(void)
{
	char *p = mmap(NULL, 2 * PAGE_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1,
		       0);
	char *edge;
	long n;
	int pfd[2];

	if (p == MAP_FAILED)
		return;
	munmap(p + PAGE_SIZE, PAGE_SIZE);
	edge = p + PAGE_SIZE - 100;
	memset(p, 'q', PAGE_SIZE);
	n = syscall(SYS_pread64, fd_file, edge, 200, 0);
	ok_eq(n, 100, "pread64 into a buffer that runs into an unmapped page: short count 100");
	ok(!memcmp(edge, "0123456789", 10), "with the bytes before the hole filled in");
	/* an odd start and a long count: the copy may move words, the count must stay exact */
	n = syscall(SYS_pread64, fd_file, p + PAGE_SIZE - 101, 3000, 0);
	ok_eq(n, 101, "pread64 of 3000 bytes to 101 bytes before a hole: short count 101");
	n = syscall(SYS_pwrite64, fd_out, p + PAGE_SIZE - 77, 1000, 0);
	ok_eq(n, 77, "pwrite64 of 1000 bytes from 77 bytes before a hole: short count 77");
	n = syscall(SYS_pwrite64, fd_out, edge, 200, 0);
	ok_eq(n, 100, "pwrite64 from such a buffer: short count 100");
	if (pipe(pfd) == 0) {
		int queued = -1;

		/* a pipe, unlike a file, fails the whole write */
		ok_errno(syscall(SYS_write, pfd[1], edge, 200), EFAULT,
			 "write to a pipe from such a buffer: EFAULT, not a short count");
		ok(ioctl(pfd[0], FIONREAD, &queued) == 0 && queued == 0, "and nothing was queued");
		close(pfd[0]);
		close(pfd[1]);
	}
	munmap(p, PAGE_SIZE);
}

static void test_paths(void)
{
	EF(syscall(SYS_open, BAD, O_RDONLY), "open(path): EFAULT");
	EF(syscall(SYS_openat, AT_FDCWD, BAD, O_RDONLY), "openat(path): EFAULT");
	EF(syscall(SYS_stat, BAD, &(struct stat){ 0 }), "stat(path): EFAULT");
	EF(syscall(SYS_stat, path_file, BAD), "stat(buf): EFAULT");
	EF(syscall(SYS_lstat, path_link, BAD), "lstat(buf): EFAULT");
	EF(syscall(SYS_fstat, fd_file, BAD), "fstat(buf): EFAULT");
	EF(syscall(SYS_newfstatat, AT_FDCWD, path_file, BAD, 0), "newfstatat(buf): EFAULT");
	EF(syscall(SYS_newfstatat, AT_FDCWD, BAD, &(struct stat){ 0 }, 0),
	   "newfstatat(path): EFAULT");
	EF(syscall(SYS_statx, AT_FDCWD, path_file, 0, 0x7ff, BAD), "statx(buf): EFAULT");
	EF(syscall(SYS_statx, AT_FDCWD, BAD, 0, 0x7ff, result), "statx(path): EFAULT");
	EF(getdents_to(BAD), "getdents64(buf): EFAULT");
	EF(syscall(SYS_mkdir, BAD, 0755), "mkdir: EFAULT");
	EF(syscall(SYS_mkdirat, AT_FDCWD, BAD, 0755), "mkdirat: EFAULT");
	EF(syscall(SYS_rmdir, BAD), "rmdir: EFAULT");
	EF(syscall(SYS_unlink, BAD), "unlink: EFAULT");
	EF(syscall(SYS_unlinkat, AT_FDCWD, BAD, 0), "unlinkat: EFAULT");
	EF(syscall(SYS_rename, BAD, path_out), "rename(old): EFAULT");
	EF(syscall(SYS_rename, path_out, BAD), "rename(new): EFAULT");
	EF(syscall(SYS_renameat2, AT_FDCWD, path_out, AT_FDCWD, BAD, 0), "renameat2(new): EFAULT");
	EF(syscall(SYS_link, BAD, path_out), "link(old): EFAULT");
	EF(syscall(SYS_link, path_file, BAD), "link(new): EFAULT");
	EF(syscall(SYS_symlink, BAD, path_out), "symlink(target): EFAULT");
	EF(syscall(SYS_symlink, "x", BAD), "symlink(linkpath): EFAULT");
	EF(syscall(SYS_readlink, BAD, path_out, 10), "readlink(path): EFAULT");
	EF(syscall(SYS_readlink, path_link, BAD, 10), "readlink(buf): EFAULT");
	EF(syscall(SYS_readlinkat, AT_FDCWD, path_link, BAD, 10), "readlinkat(buf): EFAULT");
	EF(syscall(SYS_chdir, BAD), "chdir: EFAULT");
	EF(syscall(SYS_getcwd, BAD, 4096), "getcwd(buf): EFAULT");
	EF(syscall(SYS_chmod, BAD, 0644), "chmod: EFAULT");
	EF(syscall(SYS_fchmodat, AT_FDCWD, BAD, 0644), "fchmodat: EFAULT");
	EF(syscall(SYS_chown, BAD, 0, 0), "chown: EFAULT");
	EF(syscall(SYS_fchownat, AT_FDCWD, BAD, 0, 0, 0), "fchownat: EFAULT");
	EF(syscall(SYS_access, BAD, F_OK), "access: EFAULT");
	EF(syscall(SYS_faccessat, AT_FDCWD, BAD, F_OK), "faccessat: EFAULT");
	EF(syscall(SYS_truncate, BAD, 0), "truncate: EFAULT");
	EF(syscall(SYS_statfs, BAD, result), "statfs(path): EFAULT");
	EF(syscall(SYS_statfs, path_dir, BAD), "statfs(buf): EFAULT");
	EF(syscall(SYS_fstatfs, fd_dir, BAD), "fstatfs(buf): EFAULT");
	CHECKW(null_ok, syscall(SYS_utimensat, AT_FDCWD, path_file, BAD, 0),
	       "utimensat(times): EFAULT (NULL: set to now)");
	EF(syscall(SYS_utimensat, AT_FDCWD, BAD, NULL, 0), "utimensat(path): EFAULT");
	EF(syscall(SYS_mknod, BAD, S_IFIFO | 0644, 0), "mknod: EFAULT");
	EF(syscall(SYS_execve, BAD, (char *[]){ "x", NULL }, NULL), "execve(path): EFAULT");
	if (access("/bin/true", X_OK) == 0) {
		/* NULL argv/envp/argv[1] are legal (empty lists, end of list) */
		static const struct want lists[NPTR] = { { SKIPPED, 0 }, FAULT, FAULT, FAULT };

		CHECKW(lists, syscall(SYS_execve, "/bin/true", BAD, NULL), "execve(argv): EFAULT");
		CHECKW(lists, syscall(SYS_execve, "/bin/true", (char *[]){ "true", NULL }, BAD),
		       "execve(envp): EFAULT");
		CHECKW(lists, execve_argv_elem(BAD), "execve with a wild argv[1] string: EFAULT");
	} else {
		skip("execve argv/envp checks need /bin/true");
	}
}

static void test_fds_pipes(void)
{
	/* nfds 0 copies nothing (poll still access_ok()s the array) */
	static const struct want zero[NPTR] = { { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 } };
	static const struct want poll0[NPTR] = { { 0, 0 }, { 0, 0 }, FAULT, { 0, 0 } };
	struct timespec ts0 = { 0, 0 };
	struct timeval tv0 = { 0, 0 };

	EF(syscall(SYS_pipe, BAD), "pipe: EFAULT");
	EF(syscall(SYS_pipe2, BAD, O_CLOEXEC), "pipe2: EFAULT");
	EF(syscall(SYS_poll, BAD, 1, 0), "poll(fds): EFAULT");
	CHECKW(poll0, syscall(SYS_poll, BAD, 0, 0),
	       "poll(fds, 0 entries): 0, EFAULT only for a kernel address");
	EF(syscall(SYS_ppoll, BAD, 1, &ts0, NULL, 8), "ppoll(fds): EFAULT");
	CHECKW(null_skip, syscall(SYS_ppoll, NULL, 0, BAD, NULL, 8),
	       "ppoll(timeout): EFAULT (NULL: wait forever)");
	CHECKW(null_ok, syscall(SYS_ppoll, NULL, 0, &ts0, BAD, 8),
	       "ppoll(sigmask): EFAULT (NULL: no mask)");
	CHECKW(null_ok, syscall(SYS_select, 1, BAD, NULL, NULL, &tv0),
	       "select(readfds): EFAULT (NULL: no set)");
	CHECKW(null_ok, syscall(SYS_select, 1, NULL, BAD, NULL, &tv0),
	       "select(writefds): EFAULT (NULL: no set)");
	CHECKW(null_skip, syscall(SYS_select, 0, NULL, NULL, NULL, BAD),
	       "select(timeout): EFAULT (NULL: wait forever)");
	CHECKW(zero, syscall(SYS_select, 0, BAD, BAD, BAD, &tv0),
	       "select(0, sets...): 0, no set is read");
	CHECKW(null_skip, syscall(SYS_pselect6, 0, NULL, NULL, NULL, BAD, NULL),
	       "pselect6(timeout): EFAULT (NULL: wait forever)");
	CHECKW(null_ok, pselect_sigmask(BAD), "pselect6(sigmask): EFAULT (NULL: no mask)");
	EF(syscall(SYS_ioctl, pipe_r, FIONREAD, BAD), "ioctl(pipe, FIONREAD, buf): EFAULT");
	if (fd_tty >= 0) {
		EF(syscall(SYS_ioctl, fd_tty, TCGETS, BAD), "ioctl(tty, TCGETS): EFAULT");
		EF(syscall(SYS_ioctl, fd_tty, TCSETS, BAD), "ioctl(tty, TCSETS): EFAULT");
		EF(syscall(SYS_ioctl, fd_tty, TIOCGWINSZ, BAD), "ioctl(tty, TIOCGWINSZ): EFAULT");
		EF(syscall(SYS_ioctl, fd_tty, TIOCSWINSZ, BAD), "ioctl(tty, TIOCSWINSZ): EFAULT");
	} else {
		skip("no tty for the ioctl checks");
	}
	EF(syscall(SYS_fcntl, fd_file, F_GETLK, BAD), "fcntl(F_GETLK, flock): EFAULT");
}

static void test_signals(void)
{
	CHECKW(null_ok, syscall(SYS_rt_sigaction, SIGUSR1, BAD, NULL, 8),
	       "rt_sigaction(act): EFAULT (NULL: query)");
	CHECKW(null_ok, syscall(SYS_rt_sigaction, SIGUSR1, NULL, BAD, 8),
	       "rt_sigaction(oldact): EFAULT");
	CHECKW(null_ok, syscall(SYS_rt_sigprocmask, SIG_BLOCK, BAD, NULL, 8),
	       "rt_sigprocmask(set): EFAULT (NULL: query)");
	CHECKW(null_ok, syscall(SYS_rt_sigprocmask, SIG_BLOCK, NULL, BAD, 8),
	       "rt_sigprocmask(oldset): EFAULT");
	EF(syscall(SYS_rt_sigpending, BAD, 8), "rt_sigpending: EFAULT");
	EF(syscall(SYS_rt_sigsuspend, BAD, 8), "rt_sigsuspend: EFAULT");
	EF(syscall(SYS_rt_sigtimedwait, BAD, NULL, NULL, 8), "rt_sigtimedwait(set): EFAULT");
	EF(syscall(SYS_rt_sigqueueinfo, getpid(), SIGUSR1, BAD), "rt_sigqueueinfo(info): EFAULT");
	CHECKW(null_ok, syscall(SYS_sigaltstack, BAD, NULL),
	       "sigaltstack(ss): EFAULT (NULL: query)");
	CHECKW(null_ok, syscall(SYS_sigaltstack, NULL, BAD), "sigaltstack(old_ss): EFAULT");
	EF(syscall(SYS_getitimer, ITIMER_REAL, BAD), "getitimer: EFAULT");
	/* NULL: Linux still treats it as a zero timer (with a warning) */
	CHECKW(null_ok, syscall(SYS_setitimer, ITIMER_REAL, BAD, NULL), "setitimer(new): EFAULT");
}

static void test_time(void)
{
	/* the remainder is written only when the sleep is interrupted */
	static const struct want rem_ok[NPTR] = { { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 } };
	struct timespec short_ts = { 0, 1000 };

	EF(syscall(SYS_clock_gettime, CLOCK_MONOTONIC, BAD), "clock_gettime: EFAULT");
	EF(syscall(SYS_clock_gettime, CLOCK_REALTIME, BAD), "clock_gettime(REALTIME): EFAULT");
	CHECKW(null_ok, syscall(SYS_clock_getres, CLOCK_MONOTONIC, BAD),
	       "clock_getres: EFAULT (NULL: no result)");
	CHECKW(null_ok, syscall(SYS_gettimeofday, BAD, NULL),
	       "gettimeofday: EFAULT (NULL: no result)");
	{
		/* time(NULL) is the normal call: only the other three fault */
		static const struct want t[NPTR] = { { SKIPPED, 0 }, FAULT, FAULT, FAULT };

		CHECKW(t, syscall(SYS_time, BAD), "time(tloc): EFAULT");
	}
	EF(syscall(SYS_nanosleep, BAD, NULL), "nanosleep(req): EFAULT");
	CHECKW(rem_ok, syscall(SYS_nanosleep, &short_ts, BAD),
	       "nanosleep(rem) of an uninterrupted sleep: 0, rem is not written");
	EF(syscall(SYS_clock_nanosleep, CLOCK_MONOTONIC, 0, BAD, NULL),
	   "clock_nanosleep(req): EFAULT");
	CHECKW(null_skip, syscall(SYS_times, BAD), "times: EFAULT (NULL: just the ticks)");
	EF(syscall(SYS_getrusage, RUSAGE_SELF, BAD), "getrusage: EFAULT");
	EF(syscall(SYS_uname, BAD), "uname: EFAULT");
	EF(syscall(SYS_sysinfo, BAD), "sysinfo: EFAULT");
	EF(syscall(SYS_getrandom, BAD, 16, 0), "getrandom: EFAULT");
	EF(syscall(SYS_getrlimit, RLIMIT_NOFILE, BAD), "getrlimit: EFAULT");
	EF(syscall(SYS_setrlimit, RLIMIT_NOFILE, BAD), "setrlimit: EFAULT");
	CHECKW(null_ok, syscall(SYS_prlimit64, 0, RLIMIT_NOFILE, BAD, NULL),
	       "prlimit64(new): EFAULT");
	CHECKW(null_ok, syscall(SYS_prlimit64, 0, RLIMIT_NOFILE, NULL, BAD),
	       "prlimit64(old): EFAULT");
	EF(syscall(SYS_sched_getaffinity, 0, 128, BAD), "sched_getaffinity: EFAULT");
	EF(syscall(SYS_sched_setaffinity, 0, 128, BAD), "sched_setaffinity: EFAULT");
	CHECKW(null_ok, syscall(SYS_getcpu, BAD, NULL, NULL),
	       "getcpu(cpu): EFAULT (NULL: not wanted)");
	EF(syscall(SYS_getresuid, BAD, BAD, BAD), "getresuid: EFAULT");
	EF(syscall(SYS_getresgid, BAD, BAD, BAD), "getresgid: EFAULT");
	if (getuid() == 0) {
		EF(getgroups_to(BAD), "getgroups(list): EFAULT");
		EF(syscall(SYS_setgroups, 1, BAD), "setgroups(list): EFAULT");
		EF(syscall(SYS_sethostname, BAD, 5), "sethostname: EFAULT");
	} else {
		skip("getgroups/setgroups/sethostname: not root");
	}
}

static void test_processes(void)
{
	/* FUTEX_WAIT checks alignment before it reads: (void *)1 gives EINVAL */
	static const struct want futex[NPTR] = { FAULT, { -1, EINVAL }, FAULT, FAULT };

	CHECKW(null_skip, wait4_status_to(BAD), "wait4(status) of an exited child: EFAULT");
	CHECKW(null_skip, wait4_rusage_to(BAD), "wait4(rusage): EFAULT");
	CHECKW(null_ok, waitid_to(BAD), "waitid(infop): EFAULT (NULL: no info)");
	EF(syscall(SYS_prctl, PR_SET_NAME, BAD, 0, 0, 0), "prctl(PR_SET_NAME): EFAULT");
	EF(syscall(SYS_prctl, PR_GET_NAME, BAD, 0, 0, 0), "prctl(PR_GET_NAME): EFAULT");
	EF(syscall(SYS_arch_prctl, 0x1003 /* ARCH_GET_FS */, BAD),
	   "arch_prctl(ARCH_GET_FS): EFAULT");
	CHECKW(futex, syscall(SYS_futex, BAD, 0 /* FUTEX_WAIT */, 0, NULL, NULL, 0),
	       "futex(FUTEX_WAIT) on a wild address: EFAULT (EINVAL if misaligned)");
}

static void setup(void)
{
	char *p;

	result = mmap(NULL, PAGE_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (result == MAP_FAILED)
		bail_out("mmap: %s", strerror(errno));
	/* A hole between two mappings, so that later mmaps rarely land in it. */
	p = mmap(NULL, 3 * PAGE_SIZE, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		bail_out("mmap: %s", strerror(errno));
	munmap(p + PAGE_SIZE, PAGE_SIZE);
	bad_ptr[P_NULL] = NULL;
	bad_ptr[P_ONE] = (void *)1;
	bad_ptr[P_KERNEL] = (void *)0xffffffff81000000UL;
	bad_ptr[P_UNMAPPED] = p + PAGE_SIZE;

	if (!mkdtemp(tmpdir))
		bail_out("mkdtemp: %s", strerror(errno));
	snprintf(path_file, sizeof(path_file), "%s/file", tmpdir);
	snprintf(path_out, sizeof(path_out), "%s/out", tmpdir);
	snprintf(path_link, sizeof(path_link), "%s/link", tmpdir);
	snprintf(path_dir, sizeof(path_dir), "%s", tmpdir);
	fd_file = open(path_file, O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (fd_file < 0 || write(fd_file, "0123456789abcdefghijklmnopqrstuvwxyz", 36) != 36)
		bail_out("cannot create %s", path_file);
	ftruncate(fd_file, 2 * PAGE_SIZE);
	lseek(fd_file, 0, SEEK_SET);
	fd_out = open(path_out, O_RDWR | O_CREAT | O_TRUNC, 0644);
	symlink("file", path_link);
	fd_dir = open(tmpdir, O_RDONLY | O_DIRECTORY);
	{
		int pfd[2];

		if (pipe(pfd))
			bail_out("pipe: %s", strerror(errno));
		pipe_r = pfd[0];
		pipe_w = pfd[1];
	}
	fd_tty = open("/dev/ttyS0", O_RDWR | O_NOCTTY | O_NONBLOCK);
	if (fd_tty < 0 || !isatty(fd_tty))
		fd_tty = open("/dev/console", O_RDWR | O_NOCTTY | O_NONBLOCK);
	if (fd_tty >= 0 && !isatty(fd_tty))
		fd_tty = -1;
}

static void cleanup(void)
{
	unlink(path_file);
	unlink(path_out);
	unlink(path_link);
	rmdir(tmpdir);
}

int main(void)
{
	setup();
	test_io();
	test_partial();
	test_paths();
	test_fds_pipes();
	test_signals();
	test_time();
	test_processes();
	cleanup();
	return tap_finish();
}
