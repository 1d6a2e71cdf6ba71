// SPDX-License-Identifier: GPL-2.0-only
/*
 * ptrace - ptrace(2) as strace and gdb use it, checked the same on Linux:
 * TRACEME/ATTACH/SEIZE/DETACH, syscall stops (counted for a known
 * sequence, GET_SYSCALL_INFO at entry and exit), changing and skipping a
 * call with SETREGS, PEEK/POKE of data and of read-only text (the
 * tracer's own copy unchanged), registers (GETREGS/SETREGS, PEEKUSER,
 * regsets, FP state), single-step, signal injection and suppression,
 * fork following, the exec and exit events, SIGSTOP and
 * PTRACE_INTERRUPT/LISTEN for a seized tracee, process_vm_readv/writev,
 * TracerPid and state 't' in /proc, the tracer's death (tracees run on,
 * or die with PTRACE_O_EXITKILL), and EPERM/ESRCH/EFAULT/EIO cases.
 * Every tracee is a child of this program; requests go through the raw
 * system call so that the C library's PEEK convention does not hide the
 * kernel's.
 */
#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>
#include <elf.h>

#include "tap.h"
#include "util.h"

/* <linux/audit.h>: EM_X86_64 | 64-bit | little endian. */
#define AUDIT_ARCH_X86_64 0xc000003eU

static long pt(long req, pid_t pid, unsigned long addr, unsigned long data)
{
	return syscall(SYS_ptrace, req, pid, addr, data);
}

/* waitpid(pid, __WALL) that retries EINTR; the raw status, or -1. */
static int wait_any(pid_t pid, pid_t *who)
{
	int st;
	pid_t r;

	do
		r = waitpid(pid, &st, __WALL);
	while (r < 0 && errno == EINTR);
	if (who)
		*who = r;
	return r < 0 ? -1 : st;
}

static int stop_sig(int st)
{
	return WIFSTOPPED(st) ? WSTOPSIG(st) : -1;
}

static int stop_event(int st)
{
	return WIFSTOPPED(st) ? st >> 16 : -1;
}

/* Fork a child that asks to be traced and stops itself; run fn in it after. */
static pid_t start_tracee(int (*fn)(void))
{
	pid_t pid = fork();

	if (pid == 0) {
		if (syscall(SYS_ptrace, PTRACE_TRACEME, 0, 0, 0))
			_exit(100);
		raise(SIGSTOP);
		_exit(fn());
	}
	if (pid < 0 || stop_sig(wait_any(pid, NULL)) != SIGSTOP)
		bail_out("a TRACEME child did not stop with SIGSTOP");
	return pid;
}

/* PTRACE_SYSCALL and wait: 1 at the next stop, 0 once the tracee is gone (*st its status). */
static int next_stop(pid_t pid, int *st)
{
	if (pt(PTRACE_SYSCALL, pid, 0, 0))
		return 0;
	*st = wait_any(pid, NULL);
	return WIFSTOPPED(*st);
}

/* Kill a tracee and reap it (whatever state it is in). */
static void finish(pid_t pid)
{
	kill(pid, SIGKILL);
	while (wait_any(pid, NULL) != -1)
		;
}

/* Resume until exit; returns the exit status (or -1 on anything else). */
static int run_to_exit(pid_t pid)
{
	for (;;) {
		int st;

		if (pt(PTRACE_CONT, pid, 0, 0))
			return -1;
		st = wait_any(pid, NULL);
		if (st == -1 || !WIFSTOPPED(st))
			return st != -1 && WIFEXITED(st) ? WEXITSTATUS(st) : -1;
	}
}

static char proc_state(pid_t pid)
{
	char path[64], buf[512], *p;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	if (read_text(path, buf, sizeof(buf)) <= 0 || !(p = strrchr(buf, ')')))
		return '?';
	return p[2];
}

static long tracer_pid(pid_t pid)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/%d/status", pid);
	return proc_field(path, "TracerPid");
}

/* ------------------------------------------------------------ attach and stops */

static int noop(void)
{
	return 0;
}

static void test_traceme(void)
{
	pid_t pid = start_tracee(noop);

	ok_eq(tracer_pid(pid), getpid(), "TRACEME: TracerPid names the parent");
	ok(proc_state(pid) == 't', "a tracee in a stop shows state 't' in /proc/pid/stat (got %c)",
	   proc_state(pid));
	ok_eq(run_to_exit(pid), 0, "PTRACE_CONT runs the tracee to its exit, which the tracer reaps");
}

static int three_getpids(void)
{
	pid_t a = syscall(SYS_getpid), b = syscall(SYS_getpid), c = syscall(SYS_getpid);

	return a == b && b == c ? 0 : 1;
}

static void test_syscall_stops(void)
{
	pid_t pid = start_tracee(three_getpids);
	int entries = 0, exits = 0, info_ok = 1, in_call = 0, st;
	struct __ptrace_syscall_info info;
	struct user_regs_struct regs;

	ok_sys(pt(PTRACE_SETOPTIONS, pid, 0, PTRACE_O_TRACESYSGOOD), "PTRACE_SETOPTIONS TRACESYSGOOD");
	while (next_stop(pid, &st)) {
		if (WSTOPSIG(st) != (SIGTRAP | 0x80))
			continue;
		in_call = !in_call;
		if (pt(PTRACE_GETREGS, pid, 0, (unsigned long)&regs) || regs.orig_rax != SYS_getpid)
			continue;
		memset(&info, 0xff, sizeof(info));
		long n = pt(PTRACE_GET_SYSCALL_INFO, pid, sizeof(info), (unsigned long)&info);

		if (in_call) {
			entries++;
			if (info.op != PTRACE_SYSCALL_INFO_ENTRY || info.entry.nr != SYS_getpid ||
			    info.arch != AUDIT_ARCH_X86_64 || info.instruction_pointer != regs.rip ||
			    n != offsetof(struct __ptrace_syscall_info, entry.args) + 48)
				info_ok = 0;
		} else {
			exits++;
			if (info.op != PTRACE_SYSCALL_INFO_EXIT || info.exit.rval != pid ||
			    info.exit.is_error)
				info_ok = 0;
		}
	}
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "the traced program ran correctly (%s)",
	   status_str(st));
	ok_eq(entries, 3, "three getpid calls: three syscall-enter stops (SIGTRAP|0x80)");
	ok_eq(exits, 3, "... and three syscall-exit stops");
	ok(info_ok, "PTRACE_GET_SYSCALL_INFO: entry (nr, arch, rip, size) and exit (rval) records");
}

/* The tracer turns getppid into getpid, and a write into a skipped call returning 42. */
static int tampered(void)
{
	long a = syscall(SYS_getppid);
	long b = syscall(SYS_write, 1000, "x", 1);

	return (a == getpid() ? 0 : 1) | (b == 42 ? 0 : 2);
}

static void test_tamper(void)
{
	pid_t pid = start_tracee(tampered);
	int changed = 0, skipped = 0, st;
	struct user_regs_struct regs;

	while (next_stop(pid, &st)) {
		if (pt(PTRACE_GETREGS, pid, 0, (unsigned long)&regs))
			continue;
		/* At an entry stop rax is -ENOSYS. */
		if (regs.rax != (unsigned long)-ENOSYS)
			continue;
		if (regs.orig_rax == SYS_getppid && !changed) {
			regs.orig_rax = SYS_getpid;
			changed = !pt(PTRACE_SETREGS, pid, 0, (unsigned long)&regs);
		} else if (regs.orig_rax == SYS_write && regs.rdi == 1000 && !skipped) {
			regs.orig_rax = -1;
			regs.rax = 42;
			skipped = !pt(PTRACE_SETREGS, pid, 0, (unsigned long)&regs);
		}
	}
	ok(changed && skipped, "SETREGS at syscall-enter stops accepted");
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "orig_rax changed the call, and -1 skipped it with rax as the result (%s)",
	   status_str(st));
}

/* ------------------------------------------------------------ memory */

static volatile unsigned long data_word = 0x1122334455667788UL;

__attribute__((noinline, aligned(16))) static int text_fn(void)
{
	__asm__ __volatile__("" ::: "memory");
	return 3;
}

static int after_poke(void)
{
	return text_fn() * 10 + (data_word == 0xfeedfaceUL);
}

static void test_peek_poke(void)
{
	pid_t pid = start_tracee(after_poke);
	unsigned long word = 0, mine, patched;
	/* mov $7, %eax; ret */
	static const unsigned char ret7[] = { 0xb8, 0x07, 0x00, 0x00, 0x00, 0xc3 };

	memcpy(&mine, (void *)text_fn, sizeof(mine));
	ok(!pt(PTRACE_PEEKTEXT, pid, (unsigned long)text_fn, (unsigned long)&word) && word == mine,
	   "PEEKTEXT reads the tracee's code");
	ok(!pt(PTRACE_PEEKDATA, pid, (unsigned long)&data_word, (unsigned long)&word) &&
	   word == 0x1122334455667788UL, "PEEKDATA reads its data");
	ok_sys(pt(PTRACE_POKEDATA, pid, (unsigned long)&data_word, 0xfeedfaceUL),
	       "POKEDATA writes its data");
	patched = mine;
	memcpy(&patched, ret7, sizeof(ret7));
	ok_sys(pt(PTRACE_POKETEXT, pid, (unsigned long)text_fn, patched),
	       "POKETEXT writes into read-only text");
	ok(!pt(PTRACE_PEEKTEXT, pid, (unsigned long)text_fn, (unsigned long)&word) &&
	   word == patched, "... and PEEKTEXT reads the new code back");
	ok_eq(run_to_exit(pid), 71, "the tracee runs the patched function and sees the new data");
	ok_eq(text_fn(), 3, "the tracer's own text (same file) is unchanged: COW, not the file");

	pid = start_tracee(noop);
	errno = 0;
	ok_errno(pt(PTRACE_PEEKDATA, pid, 0, (unsigned long)&word), EIO,
		 "PEEKDATA of an unmapped address");
	ok_errno(pt(PTRACE_POKEDATA, pid, 8, 0), EIO, "POKEDATA of an unmapped address");
	ok_errno(pt(PTRACE_PEEKDATA, pid, (unsigned long)&data_word, 8), EFAULT,
		 "PEEKDATA into a bad tracer pointer");
	finish(pid);
}

static char vm_buf[64] = "process_vm_readv reads this";

static void test_process_vm(void)
{
	pid_t pid = start_tracee(noop);
	char got[64] = "", a[8], b[64];
	struct iovec local[2] = { { a, 8 }, { b, sizeof(b) - 8 } };
	struct iovec remote = { vm_buf, sizeof(vm_buf) };
	struct iovec bad = { (void *)8, 16 };
	struct iovec one = { got, 16 };
	char word[] = "WRITTEN";
	struct iovec w = { word, sizeof(word) };

	ok_eq(syscall(SYS_process_vm_readv, pid, local, 2, &remote, 1, 0), 64,
	      "process_vm_readv: whole buffer into two iovecs");
	memcpy(got, a, 8);
	memcpy(got + 8, b, 56);
	ok_str(got, vm_buf, "... with the tracee's bytes");
	ok_eq(syscall(SYS_process_vm_writev, pid, &w, 1, &remote, 1, 0), sizeof(word),
	      "process_vm_writev writes into the tracee");
	ok(!pt(PTRACE_PEEKDATA, pid, (unsigned long)vm_buf, (unsigned long)got) &&
	   !memcmp(got, "WRITTEN", 8), "... as PEEKDATA sees");
	ok_errno(syscall(SYS_process_vm_readv, pid, &one, 1, &bad, 1, 0), EFAULT,
		 "process_vm_readv of an unmapped remote address");
	ok_errno(syscall(SYS_process_vm_readv, pid, &one, 1, &remote, 1, 1), EINVAL,
		 "process_vm_readv with flags");
	finish(pid);
}

/* ------------------------------------------------------------ registers */

static void test_regs(void)
{
	pid_t pid = start_tracee(noop);
	struct user_regs_struct regs, again;
	struct user_fpregs_struct fp;
	struct iovec iov;
	unsigned long word = 0;

	ok_sys(pt(PTRACE_GETREGS, pid, 0, (unsigned long)&regs), "GETREGS");
	ok(!pt(PTRACE_PEEKUSER, pid, offsetof(struct user_regs_struct, rip), (unsigned long)&word) &&
	   word == regs.rip, "PEEKUSER of rip matches GETREGS");
	ok_sys(pt(PTRACE_POKEUSER, pid, offsetof(struct user_regs_struct, r12), 0x5a5a),
	       "POKEUSER r12");
	ok(!pt(PTRACE_GETREGS, pid, 0, (unsigned long)&again) && again.r12 == 0x5a5a,
	   "... GETREGS sees it");
	ok_errno(pt(PTRACE_PEEKUSER, pid, 3, (unsigned long)&word), EIO, "PEEKUSER unaligned");
	ok(!pt(PTRACE_PEEKUSER, pid, offsetof(struct user, u_debugreg[7]), (unsigned long)&word) &&
	   word == 0, "PEEKUSER of DR7: no breakpoint armed");

	iov.iov_base = &again;
	iov.iov_len = sizeof(again) + 96;
	ok(!pt(PTRACE_GETREGSET, pid, NT_PRSTATUS, (unsigned long)&iov) &&
	   iov.iov_len == sizeof(again) && again.rip == regs.rip,
	   "GETREGSET NT_PRSTATUS: iov_len shrinks to the set's size");
	iov.iov_base = &fp;
	iov.iov_len = sizeof(fp);
	ok(!pt(PTRACE_GETREGSET, pid, NT_PRFPREG, (unsigned long)&iov) && iov.iov_len == 512 &&
	   fp.cwd != 0, "GETREGSET NT_PRFPREG: the FXSAVE image");
	ok_errno(pt(PTRACE_GETREGSET, pid, 0x7777, (unsigned long)&iov), EINVAL,
		 "GETREGSET of an unknown note type");
	iov.iov_len = 13;
	ok_errno(pt(PTRACE_GETREGSET, pid, NT_PRFPREG, (unsigned long)&iov), EINVAL,
		 "GETREGSET with a length that is not whole registers");

	again = regs;
	again.cs = 0x10;
	ok_errno(pt(PTRACE_SETREGS, pid, 0, (unsigned long)&again), EIO,
		 "SETREGS with a kernel code selector");
	again = regs;
	again.fs_base = 0x8000000000000000UL;
	ok_errno(pt(PTRACE_SETREGS, pid, 0, (unsigned long)&again), EIO,
		 "SETREGS with a non-canonical fs_base");
	again = regs;
	again.eflags |= 1UL << 22 | 1UL << 3;
	pt(PTRACE_SETREGS, pid, 0, (unsigned long)&again);
	ok(!pt(PTRACE_GETREGS, pid, 0, (unsigned long)&again) && !(again.eflags & (1UL << 22 | 1UL << 3)),
	   "reserved EFLAGS bits never reach the tracee");
	ok_errno(pt(PTRACE_GETREGS, pid, 0, 16), EFAULT, "GETREGS into a bad pointer");
	ok_errno(pt(PTRACE_SETREGS, pid, 0, 16), EFAULT, "SETREGS from a bad pointer");
	finish(pid);
}

/* xmm0 across a stop: the tracee stops itself with it loaded, then reports it. */
static int xmm_child(void)
{
	unsigned long in = 0x0123456789abcdefUL, out;
	long pid = getpid();

	__asm__ __volatile__("movq %2, %%xmm0\n\t"
			     "movl $62, %%eax\n\t"	/* kill(pid, SIGSTOP) */
			     "movq %3, %%rdi\n\t"
			     "movl $19, %%esi\n\t"
			     "syscall\n\t"
			     "movq %%xmm0, %0\n\t"
			     : "=r"(out), "+m"(in)
			     : "r"(in), "r"(pid)
			     : "rax", "rdi", "rsi", "rcx", "r11", "xmm0", "memory");
	return out == 0x1111222233334444UL ? 0 : 1;
}

static void test_fpregs(void)
{
	pid_t pid = start_tracee(xmm_child);
	struct user_fpregs_struct fp;
	uint64_t v;
	int st;

	ok_sys(pt(PTRACE_CONT, pid, 0, 0), "CONT");
	st = wait_any(pid, NULL);
	ok_eq(stop_sig(st), SIGSTOP, "the tracee stopped itself again");
	ok_sys(pt(PTRACE_GETFPREGS, pid, 0, (unsigned long)&fp), "GETFPREGS");
	memcpy(&v, fp.xmm_space, 8);
	ok(v == 0x0123456789abcdefUL, "GETFPREGS shows the tracee's xmm0");
	v = 0x1111222233334444UL;
	memcpy(fp.xmm_space, &v, 8);
	ok_sys(pt(PTRACE_SETFPREGS, pid, 0, (unsigned long)&fp), "SETFPREGS");
	ok_eq(pt(PTRACE_CONT, pid, 0, 0) == 0 && WIFEXITED(st = wait_any(pid, NULL)) ?
	      WEXITSTATUS(st) : -1, 0, "the tracee runs on with the new xmm0");
}

static void test_singlestep(void)
{
	pid_t pid = start_tracee(noop);
	struct user_regs_struct before, after;
	int st;

	pt(PTRACE_GETREGS, pid, 0, (unsigned long)&before);
	ok_sys(pt(PTRACE_SINGLESTEP, pid, 0, 0), "PTRACE_SINGLESTEP");
	st = wait_any(pid, NULL);
	ok_eq(stop_sig(st), SIGTRAP, "one instruction later the tracee stops with SIGTRAP");
	pt(PTRACE_GETREGS, pid, 0, (unsigned long)&after);
	ok(after.rip != before.rip, "rip moved (%#lx -> %#lx)", (unsigned long)before.rip,
	   (unsigned long)after.rip);
	ok(!(after.eflags & 0x100), "TF is not visible to the tracer after the step");
	ok_eq(run_to_exit(pid), 0, "CONT after single-stepping runs normally");
}

/* ------------------------------------------------------------ signals */

static volatile sig_atomic_t got_usr1, got_usr2;

static void on_sig(int sig)
{
	if (sig == SIGUSR1)
		got_usr1++;
	else
		got_usr2++;
}

static int signal_child(void)
{
	signal(SIGUSR1, on_sig);
	signal(SIGUSR2, on_sig);
	raise(SIGUSR1);		/* suppressed by the tracer */
	raise(SIGUSR2);		/* replaced with SIGUSR1 */
	return got_usr1 * 10 + got_usr2;
}

static void test_signals(void)
{
	pid_t pid = start_tracee(signal_child);
	siginfo_t si;
	int st;

	pt(PTRACE_CONT, pid, 0, 0);
	st = wait_any(pid, NULL);
	ok_eq(stop_sig(st), SIGUSR1, "signal-delivery-stop for SIGUSR1");
	ok(!pt(PTRACE_GETSIGINFO, pid, 0, (unsigned long)&si) && si.si_signo == SIGUSR1 &&
	   si.si_pid == pid, "GETSIGINFO: its signal and sender");
	ok_errno(pt(PTRACE_GETSIGINFO, pid, 0, 8), EFAULT, "GETSIGINFO into a bad pointer");
	pt(PTRACE_CONT, pid, 0, 0);
	st = wait_any(pid, NULL);
	ok_eq(stop_sig(st), SIGUSR2, "then SIGUSR2");
	ok_errno(pt(PTRACE_CONT, pid, 0, 99999), EIO, "CONT with an invalid signal number");
	finish(pid);
}

static void test_signal_results(void)
{
	pid_t pid = start_tracee(signal_child);
	int st;

	pt(PTRACE_CONT, pid, 0, 0);
	wait_any(pid, NULL);				/* SIGUSR1: suppress */
	pt(PTRACE_CONT, pid, 0, 0);
	wait_any(pid, NULL);				/* SIGUSR2: replace */
	pt(PTRACE_CONT, pid, 0, SIGUSR1);
	st = wait_any(pid, NULL);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 10,
	   "resuming with 0 suppressed SIGUSR1; with SIGUSR1 replaced SIGUSR2 (%s)",
	   status_str(st));
}

/* ------------------------------------------------------------ events */

static int forker(void)
{
	pid_t c = fork();
	int st;

	if (c == 0)
		_exit(7);
	if (c < 0 || waitpid(c, &st, 0) != c)
		return 1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 2;
}

static void test_fork_follow(void)
{
	pid_t pid = start_tracee(forker), who, child = 0;
	unsigned long msg = 0;
	int st, fork_event = 0, child_stop = 0, child_exit = -1, parent_exit = -1;

	ok_sys(pt(PTRACE_SETOPTIONS, pid, 0, PTRACE_O_TRACEFORK), "SETOPTIONS TRACEFORK");
	pt(PTRACE_CONT, pid, 0, 0);
	while ((st = wait_any(-1, &who)) != -1) {
		if (WIFEXITED(st)) {
			if (who == pid)
				parent_exit = WEXITSTATUS(st);
			else if (who == child)
				child_exit = WEXITSTATUS(st);
			if (who == pid)
				break;
			continue;
		}
		if (!WIFSTOPPED(st))
			continue;
		if (who == pid && stop_event(st) == PTRACE_EVENT_FORK) {
			fork_event = 1;
			pt(PTRACE_GETEVENTMSG, pid, 0, (unsigned long)&msg);
			child = msg;
		} else if (who != pid && WSTOPSIG(st) == SIGSTOP && !child_stop) {
			child_stop = who;
		}
		pt(PTRACE_CONT, who, 0, 0);
	}
	ok(fork_event, "PTRACE_EVENT_FORK stop in the forking tracee");
	ok(child && child_stop == child, "the new child is traced and starts with SIGSTOP; "
	   "GETEVENTMSG gave its pid (%lu, stop from %d)", msg, child_stop);
	ok_eq(child_exit, 7, "the tracer saw the new child's exit");
	ok_eq(parent_exit, 7, "its real parent still reaped it with the right status");
}

static const char *self;

static int execer(void)
{
	execl(self, self, "exit42", (char *)NULL);
	return 1;
}

static void test_exec(void)
{
	pid_t pid = start_tracee(execer);
	unsigned long msg = 0;
	int st;

	ok_sys(pt(PTRACE_SETOPTIONS, pid, 0, PTRACE_O_TRACEEXEC), "SETOPTIONS TRACEEXEC");
	pt(PTRACE_CONT, pid, 0, 0);
	st = wait_any(pid, NULL);
	ok(stop_sig(st) == SIGTRAP && stop_event(st) == PTRACE_EVENT_EXEC,
	   "PTRACE_EVENT_EXEC stop after execve (status %#x)", st);
	ok(!pt(PTRACE_GETEVENTMSG, pid, 0, (unsigned long)&msg) && msg == (unsigned long)pid,
	   "GETEVENTMSG: the execing thread's id");
	ok_eq(run_to_exit(pid), 42, "the new program runs to its exit");

	pid = start_tracee(execer);
	pt(PTRACE_CONT, pid, 0, 0);
	st = wait_any(pid, NULL);
	ok(stop_sig(st) == SIGTRAP && stop_event(st) == 0,
	   "without the option: a plain SIGTRAP after execve (status %#x)", st);
	ok_eq(run_to_exit(pid), 42, "... and the program runs");
}

static int exit5(void)
{
	return 5;
}

static void test_exit_event(void)
{
	pid_t pid = start_tracee(exit5);
	unsigned long msg = 0;
	int st;

	pt(PTRACE_SETOPTIONS, pid, 0, PTRACE_O_TRACEEXIT);
	pt(PTRACE_CONT, pid, 0, 0);
	st = wait_any(pid, NULL);
	ok_eq(stop_event(st), PTRACE_EVENT_EXIT, "PTRACE_EVENT_EXIT stop before the tracee exits");
	ok(!pt(PTRACE_GETEVENTMSG, pid, 0, (unsigned long)&msg) && msg == 5 << 8,
	   "GETEVENTMSG: the exit status (%#lx)", msg);
	ok_eq(run_to_exit(pid), 5, "then it exits");
}

/* ------------------------------------------------------------ attach, seize, detach */

/* A child that exits 3 on SIGUSR1; returns once its handler is in place. */
static pid_t start_sleeper(void)
{
	int fds[2];
	pid_t pid;
	char c;

	if (pipe(fds))
		bail_out("pipe: %s", strerror(errno));
	pid = fork();
	if (pid == 0) {
		signal(SIGUSR1, on_sig);
		close(fds[0]);
		if (write(fds[1], "r", 1) != 1)
			_exit(9);
		close(fds[1]);
		for (;;) {
			pause();
			if (got_usr1)
				_exit(3);
		}
	}
	close(fds[1]);
	if (pid < 0 || read(fds[0], &c, 1) != 1)
		bail_out("the sleeper child did not start");
	close(fds[0]);
	return pid;
}

static void test_attach_detach(void)
{
	pid_t pid = start_sleeper();
	int st;

	ok_errno(pt(PTRACE_CONT, pid, 0, 0), ESRCH, "CONT on a child nobody traces");
	ok_sys(pt(PTRACE_ATTACH, pid, 0, 0), "PTRACE_ATTACH");
	st = wait_any(pid, NULL);
	ok_eq(stop_sig(st), SIGSTOP, "the attached task stops with SIGSTOP");
	ok_errno(pt(PTRACE_ATTACH, pid, 0, 0), EPERM, "attaching twice");
	ok_eq(tracer_pid(pid), getpid(), "TracerPid");
	ok_sys(pt(PTRACE_DETACH, pid, 0, SIGUSR1), "PTRACE_DETACH with SIGUSR1");
	ok_eq(tracer_pid(pid), 0, "TracerPid is 0 again");
	st = wait_status(pid);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 3, "the detached task got SIGUSR1 and ran on (%s)",
	   status_str(st));
}

static void test_seize(void)
{
	pid_t pid = start_sleeper();
	siginfo_t si;
	int st;

	ok_sys(pt(PTRACE_SEIZE, pid, 0, 0), "PTRACE_SEIZE");
	usleep(20000);
	ok(proc_state(pid) == 'S', "a seized task keeps running (state %c)", proc_state(pid));
	ok_errno(pt(PTRACE_GETREGS, pid, 0, (unsigned long)&si), ESRCH,
		 "requests on a tracee that is not stopped");
	ok_sys(pt(PTRACE_INTERRUPT, pid, 0, 0), "PTRACE_INTERRUPT");
	st = wait_any(pid, NULL);
	ok(stop_event(st) == PTRACE_EVENT_STOP && stop_sig(st) == SIGTRAP,
	   "it stops with PTRACE_EVENT_STOP and SIGTRAP (status %#x)", st);
	pt(PTRACE_CONT, pid, 0, 0);

	kill(pid, SIGSTOP);
	st = wait_any(pid, NULL);
	ok(stop_sig(st) == SIGSTOP && stop_event(st) == 0, "SIGSTOP: the tracer sees it first");
	pt(PTRACE_CONT, pid, 0, SIGSTOP);
	st = wait_any(pid, NULL);
	ok(stop_sig(st) == SIGSTOP && stop_event(st) == PTRACE_EVENT_STOP,
	   "resumed with SIGSTOP, it enters the group stop (status %#x)", st);
	ok(proc_state(pid) == 't', "in /proc it is in a tracing stop (%c)", proc_state(pid));
	finish(pid);
}

static void test_listen(void)
{
	pid_t pid = start_sleeper(), r;
	int st;

	pt(PTRACE_SEIZE, pid, 0, 0);
	kill(pid, SIGSTOP);
	wait_any(pid, NULL);
	pt(PTRACE_CONT, pid, 0, SIGSTOP);
	st = wait_any(pid, NULL);
	ok_sys(pt(PTRACE_LISTEN, pid, 0, 0), "PTRACE_LISTEN in the group stop");
	usleep(20000);
	r = waitpid(pid, &st, WNOHANG | __WALL);
	ok_eq(r, 0, "a listening tracee reports nothing new while the stop lasts");
	kill(pid, SIGCONT);
	st = wait_any(pid, NULL);
	ok(stop_event(st) == PTRACE_EVENT_STOP, "SIGCONT: it traps again (status %#x)", st);
	finish(pid);
}

/* A tracer process that seizes target, stops it, and dies. */
static int tracer_st;

static void tracer_dies(pid_t target, unsigned long options)
{
	pid_t t = fork();

	if (t == 0) {
		if (pt(PTRACE_SEIZE, target, 0, options) || pt(PTRACE_INTERRUPT, target, 0, 0))
			_exit(1);
		_exit(stop_event(wait_any(target, NULL)) == PTRACE_EVENT_STOP ? 0 : 2);
	}
	tracer_st = wait_status(t);
}

static void test_tracer_death(void)
{
	pid_t pid = start_sleeper();
	int st = 0, i;

	tracer_dies(pid, 0);
	ok_eq(tracer_pid(pid), 0, "a dead tracer's tracee is detached");
	kill(pid, SIGUSR1);
	for (i = 0; i < 200 && waitpid(pid, &st, WNOHANG) == 0; i++)
		usleep(10000);
	ok(i < 200 && WIFEXITED(st) && WEXITSTATUS(st) == 3, "... and runs on (%s)",
	   i < 200 ? status_str(st) : "still stopped");
	if (i == 200) {
		diag("state %c, tracer exit %d", proc_state(pid), tracer_st);
		finish(pid);
	}

	pid = start_sleeper();
	tracer_dies(pid, PTRACE_O_EXITKILL);
	st = wait_status(pid);
	ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL, "with PTRACE_O_EXITKILL it is killed (%s)",
	   status_str(st));
}

static void test_errors(void)
{
	pid_t pid = start_sleeper(), c;
	int st;

	ok_errno(pt(PTRACE_ATTACH, getpid(), 0, 0), EPERM, "attaching to oneself");
	ok_errno(pt(PTRACE_ATTACH, 999999, 0, 0), ESRCH, "attaching to no such process");
	ok_errno(pt(PTRACE_SEIZE, pid, 0, 0x80000000UL), EIO, "SEIZE with an unknown option");
	c = fork();
	if (c == 0) {
		if (setgid(65534) || setuid(65534))
			_exit(10);
		if (pt(PTRACE_ATTACH, pid, 0, 0) != -1 || errno != EPERM)
			_exit(11);
		if (pt(PTRACE_TRACEME, 0, 0, 0) || pt(PTRACE_TRACEME, 0, 0, 0) != -1 || errno != EPERM)
			_exit(12);
		_exit(0);
	}
	st = wait_status(c);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "an unprivileged user may not attach to root's process; TRACEME twice is EPERM (%s)",
	   status_str(st));
	ok_sys(pt(PTRACE_SEIZE, pid, 0, 0), "SEIZE");
	ok_errno(pt(PTRACE_SETOPTIONS, pid, 0, 0), ESRCH, "SETOPTIONS on a running tracee");
	pt(PTRACE_INTERRUPT, pid, 0, 0);
	wait_any(pid, NULL);
	ok_errno(pt(PTRACE_SETOPTIONS, pid, 0, 0x80000000UL), EINVAL, "SETOPTIONS with an unknown bit");
	ok_errno(pt(PTRACE_SYSEMU + 1000, pid, 0, 0), EIO, "an unknown request");
	finish(pid);
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "exit42"))
		return 42;
	self = self_path(argv[0]);

	test_traceme();
	test_syscall_stops();
	test_tamper();
	test_peek_poke();
	test_process_vm();
	test_regs();
	test_fpregs();
	test_singlestep();
	test_signals();
	test_signal_results();
	test_fork_follow();
	test_exec();
	test_exit_event();
	test_attach_detach();
	test_seize();
	test_listen();
	test_tracer_death();
	test_errors();
	return tap_finish();
}
