/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tap.h - TAP output for the guest selftests (one header, no library).
 *
 * Every test program prints "TAP version 13", one "ok N - what" or
 * "not ok N - what" line per check, "# ..." diagnostics, and ends with a
 * trailing plan "1..N" printed by tap_finish(), which also gives the exit
 * status (0 when nothing failed).  tap_plan(N) prints the plan up front
 * instead.
 *
 *	ok(cond, fmt, ...)		pass if cond is true
 *	ok_eq(got, want, fmt, ...)	integers; on failure shows both values
 *	ok_str(got, want, fmt, ...)	strings (NULL-safe)
 *	ok_sys(ret, fmt, ...)		a syscall that must succeed (ret != -1)
 *	ok_errno(ret, err, fmt, ...)	a syscall that must fail: ret == -1 and
 *					errno == err
 *	skip(fmt, ...)			"ok N # SKIP reason"
 *	diag(fmt, ...)			"# ..."
 *	bail_out(fmt, ...)		"Bail out! ...", exit status 2
 *
 * Only the test's main process may report: a child that printed "ok" lines
 * would break the numbering.  stdout is line buffered, so buffers never hold
 * a partial TAP line across fork().  Each check returns whether it passed.
 * The "TAP version 13" header goes out with the first line, so a program
 * that re-executes itself in a helper mode prints nothing there.
 *
 * If $TAP_LOG names a file, every line is appended to it as well:
 * run_selftests.sh counts results from that copy while the output itself
 * goes straight to the console.
 *
 * A constructor resets all signal dispositions to SIG_DFL and unblocks
 * everything before main(), whatever the test inherited (unless
 * $TAP_KEEP_SIGNALS is set: for helpers that check what execve kept).
 */
#ifndef SELFTESTS_TAP_H
#define SELFTESTS_TAP_H

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TAP_PRINTF(a, b) __attribute__((format(printf, a, b)))
#define TAP_FN static __attribute__((unused))

static int tap_count;		/* test points printed so far */
static int tap_failures;	/* of which "not ok" */
static int tap_planned = -1;	/* plan printed up front, or -1 */

/* The errno names a kernel engineer wants to see in a failure line. */
static const char *tap_errno_name(int e)
{
	static const struct { int e; const char *name; } names[] = {
#define TAP_E(x) { x, #x }
		TAP_E(EPERM), TAP_E(ENOENT), TAP_E(ESRCH), TAP_E(EINTR),
		TAP_E(EIO), TAP_E(ENXIO), TAP_E(E2BIG), TAP_E(ENOEXEC),
		TAP_E(EBADF), TAP_E(ECHILD), TAP_E(EAGAIN), TAP_E(ENOMEM),
		TAP_E(EACCES), TAP_E(EFAULT), TAP_E(EBUSY), TAP_E(EEXIST),
		TAP_E(EXDEV), TAP_E(ENODEV), TAP_E(ENOTDIR), TAP_E(EISDIR),
		TAP_E(EINVAL), TAP_E(ENFILE), TAP_E(EMFILE), TAP_E(ENOTTY),
		TAP_E(ETXTBSY), TAP_E(EFBIG), TAP_E(ENOSPC), TAP_E(ESPIPE),
		TAP_E(EROFS), TAP_E(EMLINK), TAP_E(EPIPE), TAP_E(EDOM),
		TAP_E(ERANGE), TAP_E(EDEADLK), TAP_E(ENAMETOOLONG),
		TAP_E(ENOLCK), TAP_E(ENOSYS), TAP_E(ENOTEMPTY), TAP_E(ELOOP),
		TAP_E(EOVERFLOW), TAP_E(EOPNOTSUPP), TAP_E(ETIMEDOUT),
		TAP_E(ENOTSOCK), TAP_E(EDESTADDRREQ), TAP_E(EMSGSIZE),
		TAP_E(EPROTOTYPE), TAP_E(ENOPROTOOPT), TAP_E(EPROTONOSUPPORT),
		TAP_E(ESOCKTNOSUPPORT), TAP_E(EAFNOSUPPORT),
		TAP_E(EADDRINUSE), TAP_E(EADDRNOTAVAIL), TAP_E(ENETDOWN),
		TAP_E(ENETUNREACH), TAP_E(ECONNABORTED), TAP_E(ECONNRESET),
		TAP_E(ENOBUFS), TAP_E(EISCONN), TAP_E(ENOTCONN),
		TAP_E(ECONNREFUSED), TAP_E(EHOSTUNREACH), TAP_E(EALREADY),
		TAP_E(EINPROGRESS),
#undef TAP_E
	};
	static char buf[16];
	unsigned int i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i].e == e)
			return names[i].name;
	snprintf(buf, sizeof(buf), "errno %d", e);
	return buf;
}

static int tap_log_fd = -1;	/* copy of the TAP lines for run_selftests.sh */

/*
 * Before main(): line-buffered stdout, and a clean signal state.  Shells
 * start background jobs with SIGINT/SIGQUIT ignored, and ignored signals and
 * the mask survive execve; no test should depend on what it inherited.
 */
__attribute__((constructor)) static void tap_init(void)
{
	const char *log = getenv("TAP_LOG");
	struct sigaction sa;
	sigset_t none;
	int sig;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (log && *log) {
		/* out of the way of tests that count or close low fds */
		int fd = open(log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);

		tap_log_fd = fd >= 0 ? fcntl(fd, F_DUPFD_CLOEXEC, 200) : -1;
		if (tap_log_fd < 0)
			tap_log_fd = fd;
		else
			close(fd);
	}
	if (getenv("TAP_KEEP_SIGNALS"))	/* a helper checking what it inherited */
		return;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_DFL;
	for (sig = 1; sig < 65; sig++)
		if (sig != SIGKILL && sig != SIGSTOP)
			sigaction(sig, &sa, NULL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
}

/*
 * One line of TAP: to stdout, and to $TAP_LOG if the runner set it.  A
 * newline inside (from a value in a description) is shown as "\n".
 */
static void tap_line(const char *text)
{
	static int started;
	char line[1200];
	size_t i, o;

	for (i = o = 0; text[i] && o < sizeof(line) - 3; i++) {
		if (text[i] == '\n') {
			line[o++] = '\\';
			line[o++] = 'n';
		} else {
			line[o++] = text[i];
		}
	}
	line[o] = '\0';
	if (!started) {
		started = 1;
		tap_line("TAP version 13");
	}
	printf("%s\n", line);
	if (tap_log_fd >= 0)
		dprintf(tap_log_fd, "%s\n", line);
}

TAP_FN void tap_plan(int n)
{
	char buf[32];

	tap_planned = n;
	snprintf(buf, sizeof(buf), "1..%d", n);
	tap_line(buf);
}

TAP_PRINTF(1, 2) TAP_FN void diag(const char *fmt, ...)
{
	char buf[1024] = "# ";
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf + 2, sizeof(buf) - 2, fmt, ap);
	va_end(ap);
	tap_line(buf);
}

static int tap_vresult(int pass, const char *fmt, va_list ap)
{
	char buf[1024];
	int n;

	tap_count++;
	if (!pass)
		tap_failures++;
	n = snprintf(buf, sizeof(buf), "%sok %d - ", pass ? "" : "not ", tap_count);
	vsnprintf(buf + n, sizeof(buf) - n, fmt, ap);
	tap_line(buf);
	return pass;
}

TAP_PRINTF(2, 3) TAP_FN int ok(int pass, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tap_vresult(pass, fmt, ap);
	va_end(ap);
	return pass;
}

TAP_PRINTF(1, 2) TAP_FN void skip(const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	int n;

	tap_count++;
	n = snprintf(buf, sizeof(buf), "ok %d # SKIP ", tap_count);
	va_start(ap, fmt);
	vsnprintf(buf + n, sizeof(buf) - n, fmt, ap);
	va_end(ap);
	tap_line(buf);
}

TAP_PRINTF(1, 2) __attribute__((noreturn)) TAP_FN void bail_out(const char *fmt, ...)
{
	char buf[1024] = "Bail out! ";
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf + 10, sizeof(buf) - 10, fmt, ap);
	va_end(ap);
	tap_line(buf);
	fflush(stdout);
	exit(2);
}

TAP_PRINTF(4, 5) TAP_FN int tap_eq(long long got, long long want, const char *expr,
				   const char *fmt, ...)
{
	va_list ap;
	int pass = got == want;

	va_start(ap, fmt);
	tap_vresult(pass, fmt, ap);
	va_end(ap);
	if (!pass)
		diag("  %s: got %lld (%#llx), want %lld (%#llx)", expr, got,
		     (unsigned long long)got, want, (unsigned long long)want);
	return pass;
}
#define ok_eq(got, want, ...) \
	tap_eq((long long)(got), (long long)(want), #got, __VA_ARGS__)

TAP_PRINTF(4, 5) TAP_FN int tap_str(const char *got, const char *want, const char *expr,
				    const char *fmt, ...)
{
	va_list ap;
	int pass = got && want ? strcmp(got, want) == 0 : got == want;

	va_start(ap, fmt);
	tap_vresult(pass, fmt, ap);
	va_end(ap);
	if (!pass)
		diag("  %s: got \"%s\", want \"%s\"", expr, got ? got : "(null)",
		     want ? want : "(null)");
	return pass;
}
#define ok_str(got, want, ...) tap_str((got), (want), #got, __VA_ARGS__)

TAP_PRINTF(4, 5) TAP_FN int tap_sys(long ret, int err, const char *expr,
				    const char *fmt, ...)
{
	va_list ap;
	int pass = ret != -1;

	va_start(ap, fmt);
	tap_vresult(pass, fmt, ap);
	va_end(ap);
	if (!pass)
		diag("  %s failed: %s", expr, tap_errno_name(err));
	return pass;
}
/* errno is read right after ret is computed, before anything can clobber it. */
#define ok_sys(ret, ...) ({						\
	long __tap_r = (long)(ret);					\
	int __tap_e = errno;						\
	tap_sys(__tap_r, __tap_e, #ret, __VA_ARGS__);			\
})

TAP_PRINTF(5, 6) TAP_FN int tap_errno(long ret, int err, int want, const char *expr,
				      const char *fmt, ...)
{
	va_list ap;
	int pass = ret == -1 && err == want;

	va_start(ap, fmt);
	tap_vresult(pass, fmt, ap);
	va_end(ap);
	if (!pass) {
		if (ret == -1)
			diag("  %s: failed with %s, want %s", expr,
			     tap_errno_name(err), tap_errno_name(want));
		else
			diag("  %s: returned %ld, want -1 with %s", expr, ret,
			     tap_errno_name(want));
	}
	return pass;
}
#define ok_errno(ret, want, ...) ({					\
	long __tap_r = (long)(ret);					\
	int __tap_e = errno;						\
	tap_errno(__tap_r, __tap_e, (want), #ret, __VA_ARGS__);		\
})

/* Print the trailing plan (unless planned up front); the exit status. */
TAP_FN int tap_finish(void)
{
	char buf[32];

	if (tap_planned < 0) {
		snprintf(buf, sizeof(buf), "1..%d", tap_count);
		tap_line(buf);
	} else if (tap_planned != tap_count) {
		diag("planned %d tests but ran %d", tap_planned, tap_count);
	}
	diag("%d passed, %d failed", tap_count - tap_failures, tap_failures);
	fflush(stdout);
	return tap_failures || (tap_planned >= 0 && tap_planned != tap_count);
}

#endif /* SELFTESTS_TAP_H */
