// SPDX-License-Identifier: GPL-2.0-only
/*
 * time - clocks, sleeps and the small system-information calls: every
 * clock_gettime clock (through libc, which may use the vDSO, and through
 * the raw syscall), monotonicity, CPU-time clocks, clock_getres,
 * gettimeofday/time consistency, nanosleep and clock_nanosleep (relative,
 * absolute, interrupted, bad arguments), times, getrusage, uname, sysinfo,
 * getrandom, rlimits (getrlimit/setrlimit/prlimit64, EMFILE), user and
 * group ids, sched_getaffinity/getcpu/sched_yield and priorities.
 */
#include <sched.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/sysinfo.h>
#include <sys/time.h>
#include <sys/times.h>
#include <sys/utsname.h>
#include <grp.h>

#include "tap.h"
#include "util.h"

#define MS 1000000LL
#define NSEC_PER_SEC 1000000000LL

static const struct {
	clockid_t id;
	const char *name;
} clocks[] = {
	{ CLOCK_REALTIME, "CLOCK_REALTIME" },
	{ CLOCK_MONOTONIC, "CLOCK_MONOTONIC" },
	{ CLOCK_BOOTTIME, "CLOCK_BOOTTIME" },
	{ CLOCK_MONOTONIC_COARSE, "CLOCK_MONOTONIC_COARSE" },
	{ CLOCK_REALTIME_COARSE, "CLOCK_REALTIME_COARSE" },
	{ CLOCK_MONOTONIC_RAW, "CLOCK_MONOTONIC_RAW" },
	{ CLOCK_PROCESS_CPUTIME_ID, "CLOCK_PROCESS_CPUTIME_ID" },
	{ CLOCK_THREAD_CPUTIME_ID, "CLOCK_THREAD_CPUTIME_ID" },
};

static long long ts_ns(const struct timespec *ts)
{
	return ts->tv_sec * NSEC_PER_SEC + ts->tv_nsec;
}

static long long raw_ns(clockid_t clk)
{
	struct timespec ts;

	if (syscall(SYS_clock_gettime, clk, &ts))
		return -1;
	return ts_ns(&ts);
}

/* Spin until clk has advanced by ns, or 5 s of wall time passed. */
static long long burn(clockid_t clk, long long ns)
{
	long long start = now_ns(clk), wall = now_ns(CLOCK_MONOTONIC);
	volatile unsigned long x = 0;

	while (now_ns(clk) - start < ns && now_ns(CLOCK_MONOTONIC) - wall < 5 * NSEC_PER_SEC)
		for (int i = 0; i < 10000; i++)
			x += i;
	return now_ns(clk) - start;
}

static void test_clocks(void)
{
	struct timespec ts, res;
	unsigned int i;
	int j, back;

	for (i = 0; i < ARRAY_SIZE(clocks); i++) {
		int r1 = clock_gettime(clocks[i].id, &ts);
		int ok1 = r1 == 0 && ts.tv_nsec >= 0 && ts.tv_nsec < NSEC_PER_SEC && ts.tv_sec >= 0;
		long r2 = syscall(SYS_clock_gettime, clocks[i].id, &ts);
		int ok2 = r2 == 0 && ts.tv_nsec >= 0 && ts.tv_nsec < NSEC_PER_SEC;

		ok(ok1 && ok2, "clock_gettime(%s) works through libc and the raw syscall",
		   clocks[i].name);
	}

	clock_gettime(CLOCK_REALTIME, &ts);
	ok(ts.tv_sec > 1577836800, "CLOCK_REALTIME is after 2020-01-01 (%lld)",
	   (long long)ts.tv_sec);

	for (i = 0; i < 5; i++) {
		long long prev = now_ns(clocks[i].id), now;

		back = 0;
		for (j = 0; j < 5000; j++) {
			now = (j & 1) ? raw_ns(clocks[i].id) : now_ns(clocks[i].id);
			if (now < prev && clocks[i].id != CLOCK_REALTIME &&
			    clocks[i].id != CLOCK_REALTIME_COARSE)
				back++;
			if (clocks[i].id == CLOCK_REALTIME || clocks[i].id == CLOCK_REALTIME_COARSE)
				back += now < prev - 10 * MS;	/* no NTP here: no steps */
			prev = now;
		}
		ok(back == 0, "%s never goes backwards over 5000 mixed libc/raw reads (%d times)",
		   clocks[i].name, back);
	}

	{
		long long mono = raw_ns(CLOCK_MONOTONIC), boot = raw_ns(CLOCK_BOOTTIME);
		long long f1 = raw_ns(CLOCK_MONOTONIC), c = raw_ns(CLOCK_MONOTONIC_COARSE);
		long long f2 = raw_ns(CLOCK_MONOTONIC);

		ok(boot >= mono, "CLOCK_BOOTTIME >= CLOCK_MONOTONIC");
		/* a tick or so; QEMU/TCG can delay ticks by tens of ms */
		ok(c <= f2 && c >= f1 - 250 * MS,
		   "CLOCK_MONOTONIC_COARSE lags CLOCK_MONOTONIC by less than 250 ms (%lld ms)",
		   (f2 - c) / MS);
	}

	for (i = 0; i < ARRAY_SIZE(clocks); i++) {
		memset(&res, 0xff, sizeof(res));
		if (syscall(SYS_clock_getres, clocks[i].id, &res)) {
			ok(0, "clock_getres(%s): %s", clocks[i].name, strerror(errno));
			continue;
		}
		ok(res.tv_sec == 0 && res.tv_nsec > 0 && res.tv_nsec <= 10 * MS,
		   "clock_getres(%s) is between 1 ns and 10 ms (%ld ns)", clocks[i].name, res.tv_nsec);
	}
	ok_sys(syscall(SYS_clock_getres, CLOCK_MONOTONIC, NULL), "clock_getres with a NULL result");
	ok_errno(syscall(SYS_clock_gettime, 100, &ts), EINVAL,
		 "clock_gettime of clock 100: EINVAL");
	ok_errno(syscall(SYS_clock_getres, 100, &res), EINVAL, "clock_getres of clock 100: EINVAL");
	clock_gettime(CLOCK_MONOTONIC, &ts);
	ok_errno(syscall(SYS_clock_settime, CLOCK_MONOTONIC, &ts), EINVAL,
		 "clock_settime(CLOCK_MONOTONIC): EINVAL");
}

static void test_cpu_clocks(void)
{
	long long p0, t0, burned, p1, t1;
	struct timespec ts = { 0, 100 * MS };

	p0 = now_ns(CLOCK_PROCESS_CPUTIME_ID);
	t0 = now_ns(CLOCK_THREAD_CPUTIME_ID);
	burned = burn(CLOCK_PROCESS_CPUTIME_ID, 50 * MS);
	t1 = now_ns(CLOCK_THREAD_CPUTIME_ID);
	p1 = now_ns(CLOCK_PROCESS_CPUTIME_ID);
	ok(burned >= 50 * MS, "CLOCK_PROCESS_CPUTIME_ID grows with busy work (%lld ms)",
	   burned / MS);
	ok(t1 - t0 >= 40 * MS, "CLOCK_THREAD_CPUTIME_ID grows with it (%lld ms)", (t1 - t0) / MS);
	ok(p1 >= t1, "process CPU time >= thread CPU time");
	p0 = now_ns(CLOCK_PROCESS_CPUTIME_ID);
	nanosleep(&ts, NULL);
	p1 = now_ns(CLOCK_PROCESS_CPUTIME_ID);
	ok(p1 - p0 < 50 * MS, "sleeping 100 ms does not use CPU time (%lld ms)", (p1 - p0) / MS);
}

static void test_wallclock(void)
{
	struct timeval tv1, tv2;
	struct timespec rt;
	long long a, b, c;
	time_t t, t2;

	syscall(SYS_gettimeofday, &tv1, NULL);
	syscall(SYS_clock_gettime, CLOCK_REALTIME, &rt);
	syscall(SYS_gettimeofday, &tv2, NULL);
	a = tv1.tv_sec * 1000000LL + tv1.tv_usec;
	b = rt.tv_sec * 1000000LL + rt.tv_nsec / 1000;
	c = tv2.tv_sec * 1000000LL + tv2.tv_usec;
	ok(a <= b && b <= c && tv1.tv_usec < 1000000,
	   "gettimeofday and CLOCK_REALTIME agree (raw syscalls, %lld <= %lld <= %lld)", a, b, c);
	gettimeofday(&tv1, NULL);
	clock_gettime(CLOCK_REALTIME, &rt);
	ok(rt.tv_sec - tv1.tv_sec <= 1 && rt.tv_sec >= tv1.tv_sec, "and through libc");

	t = syscall(SYS_time, &t2);
	clock_gettime(CLOCK_REALTIME, &rt);
	/* time() reads the coarse clock: it may lag by a tick across a second. */
	ok(t == t2 && t <= rt.tv_sec && t >= rt.tv_sec - 1,
	   "time() returns and stores the seconds of CLOCK_REALTIME (%lld vs %lld)",
	   (long long)t, (long long)rt.tv_sec);
	ok(time(NULL) >= t, "libc time() agrees");
}

static volatile int alarms;

static void on_alarm(int sig)
{
	(void)sig;
	alarms++;
}

static void test_sleep(void)
{
	struct timespec req = { 0, 100 * MS }, rem, bad;
	struct itimerval it = { { 0, 0 }, { 0, 50000 } };
	long long t0, ms, target;
	int r;

	t0 = now_ns(CLOCK_MONOTONIC);
	r = nanosleep(&req, NULL);
	ms = (now_ns(CLOCK_MONOTONIC) - t0) / MS;
	/* the upper bound is generous: QEMU/TCG on a busy host is slow */
	ok(r == 0 && ms >= 100 && ms < 500, "nanosleep 100 ms sleeps 100..500 ms (%lld ms)", ms);

	bad = (struct timespec){ 0, NSEC_PER_SEC };
	ok_errno(syscall(SYS_nanosleep, &bad, NULL), EINVAL, "nanosleep with tv_nsec 1e9: EINVAL");
	bad = (struct timespec){ 0, -1 };
	ok_errno(syscall(SYS_nanosleep, &bad, NULL), EINVAL, "nanosleep with tv_nsec -1: EINVAL");
	bad = (struct timespec){ -1, 0 };
	ok_errno(syscall(SYS_nanosleep, &bad, NULL), EINVAL, "nanosleep with tv_sec -1: EINVAL");
	bad = (struct timespec){ 0, 0 };
	ok_eq(syscall(SYS_nanosleep, &bad, NULL), 0, "nanosleep of 0 returns 0");

	signal(SIGALRM, on_alarm);
	setitimer(ITIMER_REAL, &it, NULL);
	req = (struct timespec){ 1, 0 };
	memset(&rem, 0, sizeof(rem));
	r = syscall(SYS_nanosleep, &req, &rem);
	ok(r == -1 && errno == EINTR && alarms == 1, "a signal interrupts nanosleep: EINTR");
	ok(rem.tv_sec == 0 && rem.tv_nsec > 500 * MS && rem.tv_nsec < NSEC_PER_SEC,
	   "and rem holds the time left (%ld ms)", (long)(rem.tv_nsec / MS));
	signal(SIGALRM, SIG_DFL);

	target = now_ns(CLOCK_MONOTONIC) + 100 * MS;
	req = (struct timespec){ target / NSEC_PER_SEC, target % NSEC_PER_SEC };
	r = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &req, NULL);
	ms = (now_ns(CLOCK_MONOTONIC) - target) / MS;
	ok(r == 0 && ms >= 0 && ms < 400,
	   "clock_nanosleep TIMER_ABSTIME wakes at the target, not before (+%lld ms)", ms);
	target = now_ns(CLOCK_REALTIME) + 50 * MS;
	req = (struct timespec){ target / NSEC_PER_SEC, target % NSEC_PER_SEC };
	r = clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &req, NULL);
	ok(r == 0 && now_ns(CLOCK_REALTIME) >= target, "absolute sleep on CLOCK_REALTIME");
	t0 = now_ns(CLOCK_MONOTONIC);
	req = (struct timespec){ 1, 0 };	/* long past */
	r = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &req, NULL);
	ms = (now_ns(CLOCK_MONOTONIC) - t0) / MS;
	ok(r == 0 && ms < 200, "an absolute time in the past returns at once");
	req = (struct timespec){ 0, 50 * MS };
	t0 = now_ns(CLOCK_MONOTONIC);
	r = clock_nanosleep(CLOCK_BOOTTIME, 0, &req, NULL);
	ms = (now_ns(CLOCK_MONOTONIC) - t0) / MS;
	ok(r == 0 && ms >= 50, "relative clock_nanosleep on CLOCK_BOOTTIME (%lld ms)", ms);
	ok_errno(syscall(SYS_clock_nanosleep, 100, 0, &req, NULL), EINVAL,
		 "clock_nanosleep on clock 100: EINVAL");
	ok_errno(syscall(SYS_clock_nanosleep, CLOCK_THREAD_CPUTIME_ID, 0, &req, NULL), EOPNOTSUPP,
		 "clock_nanosleep on CLOCK_THREAD_CPUTIME_ID: EOPNOTSUPP");
	bad = (struct timespec){ 0, NSEC_PER_SEC };
	ok_errno(syscall(SYS_clock_nanosleep, CLOCK_MONOTONIC, 0, &bad, NULL), EINVAL,
		 "clock_nanosleep with tv_nsec 1e9: EINVAL");
}

static int busy_child(void *arg)
{
	(void)arg;
	burn(CLOCK_PROCESS_CPUTIME_ID, 60 * MS);
	return 0;
}

static long long tv_us(const struct timeval *tv)
{
	return tv->tv_sec * 1000000LL + tv->tv_usec;
}

static void test_usage(void)
{
	struct rusage ru0, ru1, ruc;
	struct tms t0, t1;
	clock_t c0, c1;
	long long u0, u1;
	struct timespec ts = { 0, 100 * MS };

	ok_eq(sysconf(_SC_CLK_TCK), 100, "sysconf(_SC_CLK_TCK) is 100");
	c0 = times(&t0);
	getrusage(RUSAGE_SELF, &ru0);
	burn(CLOCK_PROCESS_CPUTIME_ID, 100 * MS);
	nanosleep(&ts, NULL);
	c1 = times(&t1);
	getrusage(RUSAGE_SELF, &ru1);
	ok(c1 - c0 >= 15 && c1 - c0 < 200,
	   "times() returns ticks that advance at 100 Hz (%ld over >= 200 ms)", (long)(c1 - c0));
	ok((t1.tms_utime + t1.tms_stime) - (t0.tms_utime + t0.tms_stime) >= 5,
	   "tms_utime + tms_stime grew by >= 5 ticks after 100 ms of work (%ld)",
	   (long)((t1.tms_utime + t1.tms_stime) - (t0.tms_utime + t0.tms_stime)));
	u0 = tv_us(&ru0.ru_utime) + tv_us(&ru0.ru_stime);
	u1 = tv_us(&ru1.ru_utime) + tv_us(&ru1.ru_stime);
	ok(u1 - u0 >= 50000, "getrusage(RUSAGE_SELF) CPU time grew by >= 50 ms (%lld us)", u1 - u0);
	ok(ru1.ru_utime.tv_usec < 1000000 && ru1.ru_stime.tv_usec < 1000000,
	   "tv_usec fields < 1e6");
	ok(ru1.ru_maxrss > 0, "ru_maxrss > 0 (%ld KiB)", ru1.ru_maxrss);

	getrusage(RUSAGE_CHILDREN, &ruc);
	u0 = tv_us(&ruc.ru_utime) + tv_us(&ruc.ru_stime);
	run_in_child(busy_child, NULL);
	getrusage(RUSAGE_CHILDREN, &ruc);
	u1 = tv_us(&ruc.ru_utime) + tv_us(&ruc.ru_stime);
	ok(u1 - u0 >= 30000, "RUSAGE_CHILDREN includes a waited-for child's 60 ms (%lld us)",
	   u1 - u0);
	times(&t1);
	ok(t1.tms_cutime + t1.tms_cstime >= 3, "and so does tms_cutime + tms_cstime (%ld)",
	   (long)(t1.tms_cutime + t1.tms_cstime));
	ok_sys(getrusage(RUSAGE_THREAD, &ru0), "getrusage(RUSAGE_THREAD)");
	ok_errno(getrusage(5, &ru0), EINVAL, "getrusage(5): EINVAL");
}

static void test_uname_sysinfo(void)
{
	struct utsname u;
	struct sysinfo si;
	long long boot;

	ok_sys(syscall(SYS_uname, &u), "uname");
	ok_str(u.sysname, "Linux", "sysname is \"Linux\"");
	ok(u.release[0] >= '1' && u.release[0] <= '9' && strchr(u.release, '.'),
	   "release looks like N.N... (%s)", u.release);
	ok_str(u.machine, "x86_64", "machine is x86_64");
	ok(u.nodename[0] && u.version[0], "nodename and version are set (%s)", u.nodename);

	ok_sys(sysinfo(&si), "sysinfo");
	boot = raw_ns(CLOCK_BOOTTIME) / NSEC_PER_SEC;
	ok(si.uptime > 0 && (long)si.uptime >= boot - 2 && (long)si.uptime <= boot + 2,
	   "uptime > 0 and matches CLOCK_BOOTTIME (%ld vs %lld)", si.uptime, boot);
	ok(si.totalram > 0 && si.freeram <= si.totalram && si.mem_unit >= 1,
	   "totalram > 0, freeram <= totalram, mem_unit >= 1");
	ok(si.procs >= 1, "procs >= 1 (%d)", si.procs);
}

static void test_getrandom(void)
{
	unsigned char a[32], b[32];

	ok_eq(getrandom(a, sizeof(a), 0), 32, "getrandom(32, 0) returns 32 bytes");
	getrandom(b, sizeof(b), 0);
	ok(memcmp(a, b, 32) != 0, "two draws differ");
	ok_eq(getrandom(a, sizeof(a), GRND_NONBLOCK), 32, "GRND_NONBLOCK returns 32 (pool ready)");
	ok_eq(getrandom(a, sizeof(a), GRND_RANDOM), 32, "GRND_RANDOM returns 32");
	ok_eq(getrandom(a, 0, 0), 0, "a request for 0 bytes returns 0");
	ok_errno(syscall(SYS_getrandom, a, sizeof(a), 0x100), EINVAL,
		 "getrandom with unknown flags: EINVAL");
	ok_errno(syscall(SYS_getrandom, a, sizeof(a), 0x4 | 0x2), EINVAL,
		 "GRND_INSECURE|GRND_RANDOM: EINVAL");
}

static int prlimit_child(void *arg)
{
	int *pfd = arg;
	struct rlimit rl;
	char c;

	close(pfd[1]);
	read(pfd[0], &c, 1);
	getrlimit(RLIMIT_NOFILE, &rl);
	return rl.rlim_cur == 20 ? 0 : 1;
}

static void test_rlimits(void)
{
	struct rlimit rl, saved, nl, ol;
	int fd, maxfd = -1, err = 0, pfd[2], st, opened[20], nopened;
	pid_t pid;

	ok_sys(getrlimit(RLIMIT_NOFILE, &saved), "getrlimit(RLIMIT_NOFILE)");
	ok(saved.rlim_cur <= saved.rlim_max && saved.rlim_cur >= 64,
	   "soft %lu <= hard %lu", (unsigned long)saved.rlim_cur, (unsigned long)saved.rlim_max);

	rl = (struct rlimit){ 10, saved.rlim_max };
	ok_sys(setrlimit(RLIMIT_NOFILE, &rl), "setrlimit RLIMIT_NOFILE soft 10");
	for (nopened = 0; nopened < 20; nopened++) {
		fd = open("/dev/null", O_RDONLY);
		if (fd < 0) {
			err = errno;
			break;
		}
		opened[nopened] = maxfd = fd;
	}
	ok(err == EMFILE && maxfd == 9,
	   "opening beyond it fails with EMFILE; fd 9 was the last (%d, %s)",
	   maxfd, tap_errno_name(err));
	setrlimit(RLIMIT_NOFILE, &saved);
	while (nopened > 0)
		close(opened[--nopened]);

	rl = (struct rlimit){ saved.rlim_max + 1, saved.rlim_max };
	ok_errno(setrlimit(RLIMIT_NOFILE, &rl), EINVAL, "setrlimit with soft > hard: EINVAL");
	if (getuid() == 0) {
		rl = (struct rlimit){ 1 << 30, 1 << 30 };
		ok_errno(setrlimit(RLIMIT_NOFILE, &rl), EPERM,
			 "RLIMIT_NOFILE above fs.nr_open (1048576): EPERM");
	} else {
		skip("RLIMIT_NOFILE above nr_open: not root");
	}

	nl = (struct rlimit){ 100, saved.rlim_max };
	ok(syscall(SYS_prlimit64, 0, RLIMIT_NOFILE, &nl, &ol) == 0 && ol.rlim_cur == saved.rlim_cur,
	   "prlimit64(0) sets a new limit and returns the old one");
	ok(getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur == 100, "getrlimit sees it");
	setrlimit(RLIMIT_NOFILE, &saved);
	ok_errno(syscall(SYS_prlimit64, 0, 100, NULL, &ol), EINVAL,
		 "prlimit64 of resource 100: EINVAL");
	ok_errno(getrlimit(100, &rl), EINVAL, "getrlimit of resource 100: EINVAL");

	if (pipe(pfd) == 0) {
		fflush(stdout);
		pid = fork();
		if (pid == 0)
			_exit(prlimit_child(pfd));
		close(pfd[0]);
		nl = (struct rlimit){ 20, 20 };
		ok_sys(syscall(SYS_prlimit64, pid, RLIMIT_NOFILE, &nl, NULL),
		       "prlimit64 on a child");
		close(pfd[1]);
		st = wait_status(pid);
		ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "the child sees the limit we set");
		ok_errno(syscall(SYS_prlimit64, pid, RLIMIT_NOFILE, NULL, &ol), ESRCH,
			 "prlimit64 on a reaped pid: ESRCH");
	}
}

static int ids_child(void *arg)
{
	uid_t r, e, s;
	gid_t groups[4], list[3] = { 7, 8, 9 };

	(void)arg;
	if (setgroups(3, list) || getgroups(0, NULL) != 3 || getgroups(4, groups) != 3 ||
	    groups[0] != 7 || groups[2] != 9)
		return 1;
	if (setresgid(2000, 2001, 2002) || getresgid(&r, &e, &s) || r != 2000 || e != 2001 ||
	    s != 2002 || getgid() != 2000 || getegid() != 2001)
		return 2;
	if (setresuid(1000, 1001, 1002) || getresuid(&r, &e, &s) || r != 1000 || e != 1001 ||
	    s != 1002 || getuid() != 1000 || geteuid() != 1001)
		return 3;
	if (setuid(0) != -1 || errno != EPERM)
		return 4;
	if (setgroups(0, NULL) != -1 || errno != EPERM)
		return 5;
	if (setresuid(1002, -1, -1))	/* to the saved id: allowed */
		return 6;
	return 0;
}

static void test_ids(void)
{
	uid_t r, e, s;
	int st;

	ok(getuid() == (uid_t)syscall(SYS_getuid) && geteuid() == (uid_t)syscall(SYS_geteuid) &&
	   getgid() == (gid_t)syscall(SYS_getgid) && getegid() == (gid_t)syscall(SYS_getegid),
	   "getuid/geteuid/getgid/getegid match the raw syscalls");
	ok(getresuid(&r, &e, &s) == 0 && r == getuid() && e == geteuid() && s == geteuid(),
	   "getresuid agrees");
	if (getuid() != 0) {
		skip("credential changes need root");
		return;
	}
	ok(getuid() == 0 && getgid() == 0, "we run as root (uid 0, gid 0)");
	st = run_in_child(ids_child, NULL);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "setgroups/setresgid/setresuid round-trip; unprivileged setuid(0)/setgroups: EPERM (%s)",
	   status_str(st));
}

static void test_sched(void)
{
	cpu_set_t set, one;
	unsigned int cpu = 99, node = 99;
	long n;
	int count;

	CPU_ZERO(&set);
	n = syscall(SYS_sched_getaffinity, 0, sizeof(set), &set);
	count = CPU_COUNT(&set);
	ok(n > 0 && n % 8 == 0, "raw sched_getaffinity returns the mask size in bytes (%ld)", n);
	ok(count >= 1, "at least one CPU in the affinity mask (%d)", count);
	ok_eq(count, sysconf(_SC_NPROCESSORS_ONLN), "the mask has every online CPU");
	ok_errno(syscall(SYS_sched_getaffinity, 0, 4, &set), EINVAL,
		 "sched_getaffinity with a 4-byte buffer: EINVAL");
	ok_sys(syscall(SYS_getcpu, &cpu, &node, NULL), "getcpu");
	ok(cpu < CPU_SETSIZE && CPU_ISSET(cpu, &set) && node == 0, "cpu %u is in the mask, node %u",
	   cpu, node);
	CPU_ZERO(&one);
	CPU_SET(0, &one);
	ok_sys(sched_setaffinity(0, sizeof(one), &one), "sched_setaffinity to CPU 0");
	sched_yield();
	syscall(SYS_getcpu, &cpu, NULL, NULL);
	ok_eq(cpu, 0, "getcpu then says CPU 0");
	sched_setaffinity(0, sizeof(set), &set);
	ok_eq(sched_yield(), 0, "sched_yield returns 0");

	/* raw: musl's sched_getscheduler() is a stub that fails with ENOSYS */
	ok_eq(syscall(SYS_sched_getscheduler, 0), SCHED_OTHER,
	      "the scheduling policy is SCHED_OTHER");
	errno = 0;
	ok(getpriority(PRIO_PROCESS, 0) == 0 && errno == 0, "nice value 0");
	ok_eq(syscall(SYS_getpriority, PRIO_PROCESS, 0), 20,
	      "the raw getpriority returns 20 - nice");
	ok(setpriority(PRIO_PROCESS, 0, 5) == 0 && getpriority(PRIO_PROCESS, 0) == 5,
	   "setpriority to nice 5");
	if (getuid() == 0)
		setpriority(PRIO_PROCESS, 0, 0);
}

int main(void)
{
	test_clocks();
	test_cpu_clocks();
	test_wallclock();
	test_sleep();
	test_usage();
	test_uname_sysinfo();
	test_getrandom();
	test_rlimits();
	test_ids();
	test_sched();
	return tap_finish();
}
