// SPDX-License-Identifier: GPL-2.0-only
/*
 * oom - the OOM killer as a user sees it (proc(5), Linux's documented
 * /proc/<pid>/oom_* files and vm.* sysctls).  Run in a guest with little
 * RAM and no swap (vmrun --mem 256M), as root:
 *   - oom_score_adj: -1000..1000, anything else EINVAL; the legacy oom_adj
 *     maps onto it (-17 is -1000, 15 is +1000); inherited by a forked
 *     child; one value for all threads of a process;
 *   - without CAP_SYS_RESOURCE: raising works, lowering below the last
 *     privileged value fails with EACCES, lowering back to it works;
 *   - oom_score grows with the resident set, and reads 0 at adj -1000;
 *   - a child touching more than RAM dies of SIGKILL, the test (the
 *     "shell") lives on; /proc/vmstat oom_kill counts it; the kernel log
 *     says "Out of memory: Killed process <pid>";
 *   - the whole thread group dies, and so does another process sharing
 *     the victim's mm (CLONE_VM without CLONE_THREAD);
 *   - a process holding half of RAM at adj -1000 is spared: the growing
 *     one dies instead;
 *   - a process at adj +1000 goes first even though it is smaller; with
 *     vm.oom_kill_allocating_task=1 the allocating process goes instead;
 *   - vm.panic_on_oom, vm.oom_dump_tasks, vm.oom_kill_allocating_task
 *     read their defaults and refuse out-of-range values.
 * Every scenario is built so that only one outcome is right on Linux 6.1
 * and on Tidewater alike (sizes from /proc/meminfo, not constants).
 */
#include <pthread.h>
#include <sched.h>
#include <sys/klog.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>

#include "tap.h"
#include "util.h"

#define MiB (1024UL * 1024)
#define CHUNK (4 * MiB)

/* Safety net for helpers that wait to be killed. */
#define HELPER_ALARM_S 120

static unsigned long mem_total, mem_avail;	/* bytes */

/* A /proc/meminfo value in bytes, 0 if missing. */
static unsigned long meminfo(const char *name)
{
	long long kb = meminfo_kb(name);

	return kb > 0 ? (unsigned long)kb * 1024 : 0;
}

/* An integer proc file; LONG_MIN if unreadable. */
static long read_long(const char *path)
{
	char buf[64];

	if (read_text(path, buf, sizeof(buf)) <= 0)
		return LONG_MIN;
	return strtol(buf, NULL, 10);
}

/* write(2) of s to path: 0, or -1 with errno. */
static int write_file(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), err;
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, s, strlen(s));
	err = errno;
	close(fd);
	errno = err;
	return n < 0 ? -1 : 0;
}

static int set_adj(int adj)
{
	char buf[16];

	snprintf(buf, sizeof(buf), "%d", adj);
	return write_file("/proc/self/oom_score_adj", buf);
}

/* Map and touch len bytes (one store a page); NULL if the mapping fails. */
static char *touch_new(size_t len)
{
	char *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return NULL;
	for (size_t i = 0; i < len; i += PAGE_SIZE)
		p[i] = 1;
	return p;
}

/*
 * A hog: grows by CHUNK until it has touched limit bytes (exit 0), or
 * mmap fails (exit 2).  Only the OOM killer ends it otherwise.
 */
static __attribute__((noreturn)) void hog(size_t limit)
{
	size_t total = 0;

	prctl(PR_SET_NAME, "oom-hog");
	while (total < limit) {
		if (!touch_new(CHUNK))
			_exit(2);
		total += CHUNK;
	}
	_exit(0);
}

static pid_t start_hog(size_t limit)
{
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0)
		hog(limit);
	return pid;
}

/*
 * A keeper: sets its oom_score_adj, touches len bytes, says so with one
 * byte on a pipe, then waits to be killed.  Returns its pid, or -1 if it
 * did not get ready.
 */
static pid_t start_keeper(int adj, size_t len)
{
	int pfd[2];
	pid_t pid;
	char c = 0;

	if (pipe(pfd))
		return -1;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		close(pfd[0]);
		prctl(PR_SET_NAME, "oom-keeper");
		alarm(HELPER_ALARM_S);
		if (set_adj(adj) || !touch_new(len))
			_exit(1);
		c = 1;
		write(pfd[1], &c, 1);
		for (;;)
			pause();
	}
	close(pfd[1]);
	if (pid < 0 || read(pfd[0], &c, 1) != 1 || c != 1) {
		if (pid > 0) {
			kill(pid, SIGKILL);
			wait_status(pid);
		}
		pid = -1;
	}
	close(pfd[0]);
	return pid;
}

/*
 * Wait (up to SETTLE_MS) until MemAvailable stops growing: a victim's
 * memory may still be on its way back (its last mmput() can run in the
 * OOM reaper after the parent has reaped it).  Returns MemAvailable.
 */
#define SETTLE_MS	5000
#define SETTLE_STEP_MS	100

static unsigned long settle(void)
{
	unsigned long prev = meminfo("MemAvailable"), now = prev;
	int calm = 0;

	for (int ms = 0; ms < SETTLE_MS && calm < 3; ms += SETTLE_STEP_MS) {
		usleep(SETTLE_STEP_MS * 1000);
		now = meminfo("MemAvailable");
		calm = now < prev + MiB ? calm + 1 : 0;
		prev = now;
	}
	return now;
}

static int killed_by_sigkill(int st)
{
	return st != -1 && WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL;
}

/* Does the kernel log say the OOM killer killed pid? */
static int log_says_killed(pid_t pid)
{
	static char buf[1 << 20];
	char want[64];
	int size = klogctl(10, NULL, 0), n;	/* SYSLOG_ACTION_SIZE_BUFFER */

	if (size <= 0 || size > (int)sizeof(buf) - 1)
		size = sizeof(buf) - 1;
	n = klogctl(3, buf, size);		/* SYSLOG_ACTION_READ_ALL */
	if (n < 0)
		return 0;
	buf[n] = '\0';
	snprintf(want, sizeof(want), "Out of memory: Killed process %d (", pid);
	return strstr(buf, want) != NULL;
}

/* ------------------------------------------------------------ the files */

static void test_adj_range(void)
{
	const char *adj = "/proc/self/oom_score_adj";

	ok_errno(write_file(adj, "1001"), EINVAL, "oom_score_adj 1001 is EINVAL");
	ok_errno(write_file(adj, "-1001"), EINVAL, "oom_score_adj -1001 is EINVAL");
	ok_errno(write_file(adj, "many"), EINVAL, "oom_score_adj \"many\" is EINVAL");
	ok(write_file(adj, "1000") == 0 && read_long(adj) == 1000,
	   "oom_score_adj 1000 is taken and read back");
	ok_eq(read_long("/proc/self/oom_adj"), 15, "oom_adj reads 15 at oom_score_adj 1000");
	ok(write_file("/proc/self/oom_adj", "-17") == 0 && read_long(adj) == -1000,
	   "oom_adj -17 sets oom_score_adj -1000");
	ok_errno(write_file("/proc/self/oom_adj", "16"), EINVAL, "oom_adj 16 is EINVAL");
	ok(set_adj(0) == 0 && read_long(adj) == 0 && read_long("/proc/self/oom_adj") == 0,
	   "back to 0");
}

static int child_reads_adj(void *arg)
{
	return read_long("/proc/self/oom_score_adj") == (long)arg ? 0 : 1;
}

static void *thread_sets_adj(void *arg)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/self/task/%ld/oom_score_adj", (long)syscall(SYS_gettid));
	return (void *)(long)write_file(path, (const char *)arg);
}

static void test_adj_sharing(void)
{
	pthread_t th;
	void *ret = (void *)-1L;

	ok(set_adj(321) == 0 && run_in_child(child_reads_adj, (void *)321L) == 0,
	   "a forked child inherits oom_score_adj 321");
	if (pthread_create(&th, NULL, thread_sets_adj, "123") == 0)
		pthread_join(th, &ret);
	ok(ret == NULL && read_long("/proc/self/oom_score_adj") == 123,
	   "a thread's write through task/<tid>/oom_score_adj is the whole process's");
	set_adj(0);
}

/* Unprivileged: returns a bit per failed step. */
static int unprivileged_adj(void *arg)
{
	int fd = open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC), bad = 0;

	(void)arg;
	if (fd < 0 || setgid(1000) || setuid(1000))
		return 64;
	errno = 0;
	if (write(fd, "-100", 4) != -1 || errno != EACCES)
		bad |= 1;
	if (write(fd, "100", 3) != 3)
		bad |= 2;
	if (write(fd, "0", 1) != 1)
		bad |= 4;
	errno = 0;
	if (write(fd, "-1", 2) != -1 || errno != EACCES)
		bad |= 8;
	if (read_long("/proc/self/oom_score_adj") != 0)
		bad |= 16;
	return bad;
}

static void test_adj_unprivileged(void)
{
	int st;

	if (getuid() != 0) {
		skip("unprivileged oom_score_adj: needs root to drop privileges");
		return;
	}
	set_adj(0);	/* a privileged write: the floor is 0 now */
	st = run_in_child(unprivileged_adj, NULL);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "uid 1000: -100 is EACCES, 100 and back to 0 work, -1 is EACCES (%s)", status_str(st));
}

/* Writes "before after" oom_score around touching 64 MiB, then adj -1000's score. */
static int score_child(void *arg)
{
	int fd = (int)(long)arg;
	long before, after, exempt;

	before = read_long("/proc/self/oom_score");
	if (!touch_new(64 * MiB))
		return 1;
	after = read_long("/proc/self/oom_score");
	if (set_adj(-1000))
		return 2;
	exempt = read_long("/proc/self/oom_score");
	dprintf(fd, "%ld %ld %ld", before, after, exempt);
	return 0;
}

static void test_score(void)
{
	long before = -1, after = -1, exempt = -1;
	char buf[128] = "";
	int pfd[2], st;

	if (pipe(pfd)) {
		ok(0, "pipe: %s", strerror(errno));
		return;
	}
	st = run_in_child(score_child, (void *)(long)pfd[1]);
	close(pfd[1]);
	read(pfd[0], buf, sizeof(buf) - 1);
	close(pfd[0]);
	sscanf(buf, "%ld %ld %ld", &before, &after, &exempt);
	diag("oom_score %ld before, %ld after touching 64 MiB; %ld at adj -1000", before, after,
	     exempt);
	ok(st == 0 && before >= 0 && after > before && after <= 2000,
	   "oom_score grows with the resident set (%ld -> %ld)", before, after);
	ok(st == 0 && exempt == 0, "oom_score is 0 at oom_score_adj -1000");
}

static void test_sysctls(void)
{
	ok_eq(read_long("/proc/sys/vm/panic_on_oom"), 0, "vm.panic_on_oom is 0");
	ok_eq(read_long("/proc/sys/vm/oom_kill_allocating_task"), 0,
	      "vm.oom_kill_allocating_task is 0");
	ok_eq(read_long("/proc/sys/vm/oom_dump_tasks"), 1, "vm.oom_dump_tasks is 1");
	ok_errno(write_file("/proc/sys/vm/panic_on_oom", "3"), EINVAL,
		 "vm.panic_on_oom 3 is EINVAL");
	/* Whatever happened, never leave the guest set to panic. */
	write_file("/proc/sys/vm/panic_on_oom", "0");
}

/* ------------------------------------------------------------ killing */

static int nothing(void *arg)
{
	(void)arg;
	return 0;
}

static void test_hog(void)
{
	long kills = vmstat("oom_kill");
	pid_t pid = start_hog(2 * mem_total);
	int st = pid > 0 ? wait_status(pid) : -1;

	ok(killed_by_sigkill(st), "a child touching twice RAM dies of SIGKILL (%s)",
	   status_str(st));
	ok(run_in_child(nothing, NULL) == 0, "the parent lives on and can fork");
	ok(kills >= 0 && vmstat("oom_kill") > kills, "/proc/vmstat oom_kill counted it (%ld -> %ld)",
	   kills, vmstat("oom_kill"));
	ok(pid > 0 && log_says_killed(pid), "the kernel log says \"Out of memory: Killed process %d\"",
	   pid);
}

/* A process whose second thread grows while the first one sleeps. */
static void *thread_hog(void *arg)
{
	hog((size_t)arg);
}

static int threaded_hog(void *arg)
{
	pthread_t th;

	(void)arg;
	alarm(HELPER_ALARM_S);	/* SIGALRM, not SIGKILL, if only the thread died */
	if (pthread_create(&th, NULL, thread_hog, (void *)(2 * mem_total)))
		return 1;
	for (;;)
		pause();
}

static void test_threads(void)
{
	int st = run_in_child(threaded_hog, NULL);

	ok(killed_by_sigkill(st), "a thread grows, another sleeps: the whole process dies of "
	   "SIGKILL (%s)", status_str(st));
}

/* Another process on the same mm (CLONE_VM without CLONE_THREAD): just waits. */
static int sharer(void *arg)
{
	(void)arg;
	for (;;)
		syscall(SYS_pause);
	return 0;
}

#define SHARER_STACK	(64 * 1024)
#define SHARER_WAIT_MS	10000

/* Starts a sharer, reports its pid on the pipe, then grows until killed. */
static int hog_with_sharer(void *arg)
{
	int fd = (int)(long)arg;
	char *stack = malloc(SHARER_STACK);
	pid_t pid;

	if (!stack)
		return 1;
	pid = clone(sharer, stack + SHARER_STACK, CLONE_VM | SIGCHLD, NULL);
	if (pid < 0)
		return 2;
	if (write(fd, &pid, sizeof(pid)) != sizeof(pid))
		return 3;
	hog(2 * mem_total);
}

static void test_clone_vm(void)
{
	int pfd[2], st = -1, st_sharer = -1;
	pid_t pid, sharer_pid = -1;

	/* The sharer outlives its parent: as subreaper we get to reap it. */
	if (prctl(PR_SET_CHILD_SUBREAPER, 1) || pipe(pfd)) {
		ok(0, "subreaper and pipe: %s", strerror(errno));
		return;
	}
	fflush(stdout);
	pid = fork();
	if (pid == 0)
		_exit(hog_with_sharer((void *)(long)pfd[1]));
	close(pfd[1]);
	if (read(pfd[0], &sharer_pid, sizeof(sharer_pid)) != sizeof(sharer_pid))
		sharer_pid = -1;
	close(pfd[0]);
	if (pid > 0)
		st = wait_status(pid);
	for (int ms = 0; sharer_pid > 0 && ms < SHARER_WAIT_MS; ms += 10) {
		if (waitpid(sharer_pid, &st_sharer, WNOHANG) == sharer_pid)
			break;
		st_sharer = -1;
		usleep(10000);
	}
	if (sharer_pid > 0 && st_sharer == -1) {
		kill(sharer_pid, SIGKILL);
		wait_status(sharer_pid);
	}
	ok(killed_by_sigkill(st) && killed_by_sigkill(st_sharer),
	   "a CLONE_VM sharer of the victim's memory dies with it (victim %s, sharer %s)",
	   status_str(st), st_sharer == -1 ? "alive" : status_str(st_sharer));
}

static void test_protected(void)
{
	size_t keep = mem_total / 2;
	pid_t keeper, pid;
	int st = -1;

	mem_avail = settle();
	if (keep + 48 * MiB > mem_avail)
		keep = mem_avail > 96 * MiB ? mem_avail - 48 * MiB : mem_avail / 2;
	keeper = start_keeper(-1000, keep);
	ok(keeper > 0, "a process at oom_score_adj -1000 holds %zu MiB", keep / MiB);
	if (keeper <= 0)
		return;
	pid = start_hog(2 * mem_total);
	if (pid > 0)
		st = wait_status(pid);
	ok(killed_by_sigkill(st), "the smaller, growing process is the one killed (%s)",
	   status_str(st));
	ok(waitpid(keeper, &st, WNOHANG) == 0 && kill(keeper, 0) == 0 && !log_says_killed(keeper),
	   "the bigger one at adj -1000 is alive and was never chosen");
	kill(keeper, SIGKILL);
	wait_status(keeper);
}

/*
 * A keeper at +1000 holding 48 MiB, and a hog asking for 16 MiB more than
 * is available.  The hog exits 0 if the keeper died for it (its memory is
 * enough), or is killed itself when the allocating task must go.
 */
static void test_adj_max(int allocating_task)
{
	const char *knob = "/proc/sys/vm/oom_kill_allocating_task";
	int st_hog = -1, st_keeper = -1;
	pid_t keeper, pid;
	size_t want;

	settle();
	keeper = start_keeper(1000, 48 * MiB);
	if (keeper <= 0) {
		ok(0, "a keeper at oom_score_adj +1000 holds 48 MiB");
		return;
	}
	if (allocating_task && write_file(knob, "1")) {
		ok(0, "vm.oom_kill_allocating_task=1: %s", strerror(errno));
		kill(keeper, SIGKILL);
		wait_status(keeper);
		return;
	}
	want = settle() + 16 * MiB;
	pid = start_hog(want);
	if (pid > 0)
		st_hog = wait_status(pid);
	if (allocating_task)
		write_file(knob, "0");
	if (waitpid(keeper, &st_keeper, WNOHANG) == 0) {
		kill(keeper, SIGKILL);
		wait_status(keeper);
		st_keeper = 0;
	}
	if (!allocating_task) {
		ok(killed_by_sigkill(st_keeper) && WIFEXITED(st_hog) && WEXITSTATUS(st_hog) == 0,
		   "adj +1000 (48 MiB) goes before a bigger process at adj 0 (keeper %s, hog %s)",
		   killed_by_sigkill(st_keeper) ? "killed" : "alive", status_str(st_hog));
	} else {
		ok(killed_by_sigkill(st_hog) && !killed_by_sigkill(st_keeper),
		   "vm.oom_kill_allocating_task=1: the allocating process goes instead (hog %s, keeper %s)",
		   status_str(st_hog), killed_by_sigkill(st_keeper) ? "killed" : "alive");
	}
}

int main(void)
{
	mem_total = meminfo("MemTotal");
	mem_avail = meminfo("MemAvailable");
	diag("MemTotal %lu MiB, MemAvailable %lu MiB, SwapTotal %lu MiB", mem_total / MiB,
	     mem_avail / MiB, meminfo("SwapTotal") / MiB);
	if (!mem_total || !mem_avail)
		bail_out("no MemTotal/MemAvailable in /proc/meminfo");
	if (meminfo("SwapTotal"))
		bail_out("swap is on: the OOM scenarios need a guest without swap");
	if (mem_total > 1024 * MiB)
		bail_out("%lu MiB of RAM: run in a small guest (vmrun --mem 256M)", mem_total / MiB);

	test_adj_range();
	test_adj_sharing();
	test_adj_unprivileged();
	test_score();
	test_hog();
	test_threads();
	test_clone_vm();
	test_protected();
	test_adj_max(0);
	test_adj_max(1);
	test_sysctls();
	return tap_finish();
}
