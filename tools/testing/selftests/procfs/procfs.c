// SPDX-License-Identifier: GPL-2.0-only
/*
 * procfs - the /proc files that busybox (ps, top, free, uptime, mount, df,
 * pidof ...) parses, checked for the format those parsers need and for
 * values that agree with the system calls: meminfo, stat, uptime, loadavg,
 * version, cpuinfo, mounts, mountinfo (as root: a tmpfs, a read-only bind
 * of its subdirectory and a chrooted reader), filesystems,
 * sys/kernel/{ostype,osrelease,hostname,sysrq}, sysrq-trigger, and per process stat, status, comm,
 * cmdline, maps, exe, cwd, fd/.  Only what Linux guarantees is asserted: no exact padding, no
 * fields past the ones parsers use.
 */
#include <dirent.h>
#include <math.h>
#include <sched.h>
#include <stdbool.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/klog.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/sysinfo.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>

#include "tap.h"
#include "util.h"

extern char **environ;

static char big[65536];
static const char *self;

static const char *proc(const char *path)
{
	if (read_text(path, big, sizeof(big)) < 0) {
		diag("cannot read %s: %s", path, strerror(errno));
		big[0] = '\0';
	}
	return big;
}

/* Value of "Name:   N kB" in /proc/meminfo, or -1; *kb says if " kB" followed. */
static long meminfo_value(const char *text, const char *name, int *kb)
{
	const char *p = text;
	size_t len = strlen(name);
	char *end;
	long v;

	while (p && *p) {
		if (!strncmp(p, name, len) && p[len] == ':') {
			v = strtol(p + len + 1, &end, 10);
			*kb = !strncmp(end, " kB\n", 4);
			return end == p + len + 1 ? -1 : v;
		}
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return -1;
}

/* How often needle occurs in the first len bytes of text. */
static long count_substr(const char *text, long len, const char *needle)
{
	size_t n = strlen(needle);
	long count = 0;

	for (long i = 0; i + (long)n <= len; i++)
		if (!memcmp(text + i, needle, n))
			count++;
	return count;
}

static int online_cpus(void)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	if (sched_getaffinity(0, sizeof(set), &set))
		return -1;
	return CPU_COUNT(&set);
}

static void test_meminfo(void)
{
	static const char *const need[] = { "MemTotal", "MemFree", "MemAvailable", "Buffers", "Cached" };
	const char *text = proc("/proc/meminfo");
	long total, free_kb, avail, v;
	struct sysinfo si;
	unsigned int i;
	int kb, lines = 0, badlines = 0;
	const char *p;

	for (i = 0; i < ARRAY_SIZE(need); i++) {
		v = meminfo_value(text, need[i], &kb);
		ok(v >= 0 && kb, "/proc/meminfo has \"%s: N kB\" (%ld)", need[i], v);
	}
	for (p = text; *p; p = strchr(p, '\n') + 1) {
		const char *colon = strchr(p, ':'), *nl = strchr(p, '\n');
		char *end;

		if (!nl)
			break;
		lines++;
		if (!colon || colon > nl) {
			badlines++;
			continue;
		}
		strtoul(colon + 1, &end, 10);
		if (end == colon + 1 || (*end != '\n' && strncmp(end, " kB\n", 4)))
			badlines++;
	}
	ok(lines >= 5 && badlines == 0, "every line is \"Name: number[ kB]\" (%d lines, %d bad)",
	   lines,
	   badlines);
	total = meminfo_value(text, "MemTotal", &kb);
	free_kb = meminfo_value(text, "MemFree", &kb);
	avail = meminfo_value(text, "MemAvailable", &kb);
	ok(free_kb <= total && avail <= total && free_kb > 0,
	   "MemFree and MemAvailable <= MemTotal");
	sysinfo(&si);
	ok_eq(total * 1024LL, (long long)si.totalram * si.mem_unit,
	      "MemTotal equals sysinfo's totalram");
}

static void test_stat(void)
{
	const char *text = proc("/proc/stat"), *p;
	unsigned long long v;
	int fields = 0, cpus = 0, n;
	long long btime = -1, now = time(NULL);
	struct sysinfo si;

	ok(!strncmp(text, "cpu ", 4), "/proc/stat starts with the \"cpu \" line");
	for (p = text + 4; *p && *p != '\n'; p += n)
		if (sscanf(p, " %llu%n", &v, &n) == 1)
			fields++;
		else
			break;
	ok(fields >= 7, "which has >= 7 numeric fields (%d)", fields);
	for (p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		if (!strncmp(p, "cpu", 3) && p[3] >= '0' && p[3] <= '9')
			cpus++;
		if (!strncmp(p, "btime ", 6))
			btime = atoll(p + 6);
	}
	ok_eq(cpus, online_cpus(), "one \"cpuN\" line per online CPU");
	sysinfo(&si);
	ok(btime > 0 && llabs(btime - (now - (long long)si.uptime)) <= 5,
	   "\"btime N\" is the boot time, now - uptime (%lld vs %lld)", btime, now - (long long)si.uptime);
}

static void test_uptime_loadavg_version(void)
{
	double up, idle, l1, l5, l15;
	int r, t, n = 0;
	long last;
	char c;
	const char *text;
	struct timespec boot;

	text = proc("/proc/uptime");
	ok(sscanf(text, "%lf %lf%c%n", &up, &idle, &c, &n) == 3 && c == '\n' && text[n] == '\0',
	   "/proc/uptime is two numbers and a newline (\"%.30s\")", text);
	ok(strchr(text, '.') && strchr(text, '.')[3] == ' ', "with two decimals");
	clock_gettime(CLOCK_BOOTTIME, &boot);
	ok(up > 0 && fabs(up - boot.tv_sec) <= 1.5 && idle >= 0,
	   "uptime matches CLOCK_BOOTTIME (%.2f vs %ld), idle >= 0", up, (long)boot.tv_sec);

	text = proc("/proc/loadavg");
	n = 0;
	ok(sscanf(text, "%lf %lf %lf %d/%d %ld%c%n", &l1, &l5, &l15, &r, &t, &last, &c, &n) == 7 &&
	   c == '\n' && text[n] == '\0', "/proc/loadavg has its 5 fields (\"%.40s\")", text);
	ok(l1 >= 0 && l5 >= 0 && l15 >= 0 && r >= 1 && r <= t && last > 0,
	   "loads >= 0, 1 <= running <= total, last pid > 0");

	text = proc("/proc/version");
	ok(strlen(text) > 10 && strstr(text, " version "),
	   "/proc/version is non-empty, has \" version \"");
}

/* Split /proc/PID/stat after the comm: fields[0] is the state (field 3). */
static int parse_stat(const char *text, char *comm, size_t commsz, char **fields, int max)
{
	static char copy[4096];
	const char *open = strchr(text, '('), *close = strrchr(text, ')');
	char *p, *save;
	int n = 0;

	if (!open || !close || close < open)
		return -1;
	snprintf(comm, commsz, "%.*s", (int)(close - open - 1), open + 1);
	snprintf(copy, sizeof(copy), "%s", close + 1);
	for (p = strtok_r(copy, " \n", &save); p && n < max; p = strtok_r(NULL, " \n", &save))
		fields[n++] = p;
	return n;
}

static void test_self_stat(void)
{
	char comm[64], *f[64], path[64];
	const char *text = proc("/proc/self/stat");
	int n = parse_stat(text, comm, sizeof(comm), f, 64);
	pid_t pid;

	ok(n >= 42, "/proc/self/stat has >= 44 fields (%d)", n + 2);
	if (n < 42)
		return;
	ok_eq(atoi(text), getpid(), "field 1 is the pid");
	ok_str(comm, "procfs", "field 2 is (comm)");
	ok_eq(f[0][0], 'R', "field 3, state, is R for the reading process");
	ok(atoi(f[1]) == getppid() && atoi(f[2]) == getpgrp() && atoi(f[3]) == getsid(0),
	   "fields 4-6: ppid, pgrp, session");
	ok_eq(atoi(f[17]), 1, "field 20, num_threads, is 1");
	ok(atoll(f[19]) > 0, "field 22, starttime, is set");

	/* A child with a nasty comm, sleeping in read(). */
	{
		int pfd[2];
		char state = 0;

		if (pipe(pfd))
			return;
		fflush(stdout);
		pid = fork();
		if (pid == 0) {
			char c;

			prctl(PR_SET_NAME, "a b) c");
			close(pfd[1]);
			read(pfd[0], &c, 1);
			_exit(0);
		}
		close(pfd[0]);
		snprintf(path, sizeof(path), "/proc/%d/stat", pid);
		for (int i = 0; i < 200; i++) {
			n = parse_stat(proc(path), comm, sizeof(comm), f, 64);
			state = n > 0 ? f[0][0] : 0;
			if (state == 'S' && !strcmp(comm, "a b) c"))
				break;
			usleep(10000);
		}
		ok(!strcmp(comm, "a b) c") && n >= 42,
		   "a comm with spaces and ')' still parses by the last ')' (%s)", comm);
		ok_eq(state, 'S', "a process blocked in read() is in state S");
		snprintf(path, sizeof(path), "/proc/%d/comm", pid);
		ok_str(proc(path), "a b) c\n", "/proc/PID/comm is the name and a newline");
		kill(pid, SIGSTOP);
		waitpid(pid, NULL, WUNTRACED);
		snprintf(path, sizeof(path), "/proc/%d/stat", pid);
		parse_stat(proc(path), comm, sizeof(comm), f, 64);
		ok_eq(f[0][0], 'T', "a stopped process is in state T");
		kill(pid, SIGKILL);
		close(pfd[1]);
		wait_status(pid);
		ok_errno(open(path, O_RDONLY), ENOENT,
			 "a reaped pid's /proc entry is gone: ENOENT");
	}
}

/* The value after "Name:\t" in a status file, up to the newline. */
static const char *status_field(const char *text, const char *name)
{
	static char val[256];
	size_t len = strlen(name);
	const char *p;

	for (p = text; p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		if (!strncmp(p, name, len) && p[len] == ':' && p[len + 1] == '\t') {
			const char *nl = strchr(p, '\n');

			snprintf(val, sizeof(val), "%.*s", (int)(nl ? nl - p - len - 2 : 200),
				 p + len + 2);
			return val;
		}
	}
	return NULL;
}

static void test_self_status(void)
{
	const char *text = proc("/proc/self/status");
	char want[128];

	ok_str(status_field(text, "Name"), "procfs", "/proc/self/status \"Name:\\tprocfs\"");
	ok(status_field(text, "State") && status_field(text, "State")[0] == 'R',
	   "\"State:\\tR (running)\"");
	snprintf(want, sizeof(want), "%d", getpid());
	ok_str(status_field(text, "Pid"), want, "\"Pid:\\t<pid>\"");
	snprintf(want, sizeof(want), "%d", getppid());
	ok_str(status_field(text, "PPid"), want, "\"PPid:\\t<ppid>\"");
	snprintf(want, sizeof(want), "%d\t%d\t%d\t%d", getuid(), geteuid(), geteuid(), geteuid());
	ok_str(status_field(text, "Uid"), want, "\"Uid:\\treal\\teffective\\tsaved\\tfs\"");
	snprintf(want, sizeof(want), "%d\t%d\t%d\t%d", getgid(), getegid(), getegid(), getegid());
	ok_str(status_field(text, "Gid"), want, "\"Gid:\" likewise");
}

static const char *const cmdline_argv[] = { "procfs-cmdline", "--child-cmdline", "a b", "", "x",
					    NULL };

static int child_cmdline(void)
{
	static const char want[] = "procfs-cmdline\0--child-cmdline\0a b\0\0x";
	char buf[256];
	long n = read_text("/proc/self/cmdline", buf, sizeof(buf));

	if (n != sizeof(want))
		return 1;
	return memcmp(buf, want, sizeof(want)) ? 2 : 0;
}

static void test_cmdline(void)
{
	pid_t pid;
	int st;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		execve(self, (char **)cmdline_argv, environ);
		_exit(127);
	}
	st = wait_status(pid);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "/proc/self/cmdline is argv with each string NUL-terminated, empty ones kept (%s)",
	   status_str(st));
}

static void test_maps(void)
{
	char exe[4096], line[4096 + 128], perms[8], name[4096];
	unsigned long start, end, off, inode;
	unsigned int maj, min;
	int stack = 0, exec_map = 0, bad = 0, found = 0, pieces = 0, n;
	unsigned char *p;
	FILE *f;
	ssize_t len;

	len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	exe[len > 0 ? len : 0] = '\0';
	p = mmap(NULL, 3 * PAGE_SIZE, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	f = fopen("/proc/self/maps", "r");
	if (!f || p == MAP_FAILED) {
		ok(0, "open /proc/self/maps: %s", strerror(errno));
		return;
	}
	while (fgets(line, sizeof(line), f)) {
		name[0] = '\0';
		n = sscanf(line, "%lx-%lx %4s %lx %x:%x %lu %4095s", &start, &end, perms, &off,
			   &maj,
			   &min, &inode, name);
		if (n < 7 || start >= end || strlen(perms) != 4 || !strchr("-r", perms[0]) ||
		    !strchr("-w", perms[1]) || !strchr("-x", perms[2]) || !strchr("ps", perms[3])) {
			bad++;
			continue;
		}
		stack += !strcmp(name, "[stack]") && !strcmp(perms, "rw-p");
		exec_map += !strcmp(name, exe) && perms[2] == 'x';
		found += start == (unsigned long)p && end == (unsigned long)p + 3 * PAGE_SIZE &&
			 !strcmp(perms, "r--p") && inode == 0;
	}
	fclose(f);
	ok(bad == 0,
	   "every /proc/self/maps line is \"start-end perms offset maj:min inode [path]\"");
	ok_eq(stack, 1, "there is one rw-p [stack] line");
	ok(exec_map >= 1, "an executable mapping of the program itself (%s)", exe);
	ok_eq(found, 1, "a new anonymous PROT_READ mapping shows with its exact range as r--p");

	mprotect(p + PAGE_SIZE, PAGE_SIZE, PROT_READ | PROT_WRITE);
	f = fopen("/proc/self/maps", "r");
	while (f && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx %4s", &start, &end, perms) != 3)
			continue;
		if (start == (unsigned long)p && end == (unsigned long)p + PAGE_SIZE && !strcmp(perms, "r--p"))
			pieces |= 1;
		if (start == (unsigned long)p + PAGE_SIZE && end == (unsigned long)p + 2 * PAGE_SIZE &&
		    !strcmp(perms, "rw-p"))
			pieces |= 2;
		if (start == (unsigned long)p + 2 * PAGE_SIZE && end == (unsigned long)p + 3 * PAGE_SIZE &&
		    !strcmp(perms, "r--p"))
			pieces |= 4;
	}
	if (f)
		fclose(f);
	ok_eq(pieces, 7, "mprotect of the middle page splits it into three lines");
	munmap(p, 3 * PAGE_SIZE);
}

static void test_links(void)
{
	char buf[4096], want[64], cwd[4096];
	struct stat a, b;
	ssize_t n;
	int fd, pfd[2];

	n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);
	buf[n > 0 ? n : 0] = '\0';
	ok_str(buf, self, "/proc/self/exe points to the program");
	ok(stat("/proc/self/exe", &a) == 0 && stat(self, &b) == 0 && a.st_ino == b.st_ino &&
	   a.st_dev == b.st_dev, "and stat through it is the program's inode");

	n = readlink("/proc/self", buf, sizeof(buf) - 1);
	buf[n > 0 ? n : 0] = '\0';
	snprintf(want, sizeof(want), "%d", getpid());
	ok_str(buf, want, "/proc/self is a symlink to our pid");

	getcwd(cwd, sizeof(cwd));
	n = readlink("/proc/self/cwd", buf, sizeof(buf) - 1);
	buf[n > 0 ? n : 0] = '\0';
	ok_str(buf, cwd, "/proc/self/cwd is the cwd");
	chdir("/proc");
	n = readlink("/proc/self/cwd", buf, sizeof(buf) - 1);
	buf[n > 0 ? n : 0] = '\0';
	ok_str(buf, "/proc", "and follows chdir");
	chdir(cwd);

	fd = open("/proc/version", O_RDONLY);
	snprintf(want, sizeof(want), "/proc/self/fd/%d", fd);
	n = readlink(want, buf, sizeof(buf) - 1);
	buf[n > 0 ? n : 0] = '\0';
	ok_str(buf, "/proc/version", "/proc/self/fd/N links to the open file's path");
	{
		DIR *d = opendir("/proc/self/fd");
		struct dirent *e;
		int have = 0;

		while (d && (e = readdir(d))) {
			int num = atoi(e->d_name);

			if (e->d_name[0] >= '0' && e->d_name[0] <= '9')
				have |= (num == 0) | (num == 1) << 1 | (num == 2) << 2 | (num == fd) << 3;
		}
		if (d)
			closedir(d);
		ok_eq(have, 15, "/proc/self/fd lists 0, 1, 2 and the new fd");
	}
	close(fd);
	ok_errno(readlink(want, buf, sizeof(buf)), ENOENT, "after close() the fd entry is gone");

	if (pipe(pfd) == 0) {
		char expect[64];

		fstat(pfd[0], &a);
		snprintf(want, sizeof(want), "/proc/self/fd/%d", pfd[0]);
		n = readlink(want, buf, sizeof(buf) - 1);
		buf[n > 0 ? n : 0] = '\0';
		snprintf(expect, sizeof(expect), "pipe:[%lu]", (unsigned long)a.st_ino);
		ok_str(buf, expect, "a pipe's fd link reads pipe:[inode]");
		close(pfd[0]);
		close(pfd[1]);
	}

	ok(opendir("/proc/self") != NULL, "/proc/self is a directory");
	snprintf(want, sizeof(want), "/proc/%d", getpid());
	ok(stat(want, &a) == 0 && S_ISDIR(a.st_mode), "/proc/<pid> exists for us");
	ok_errno(stat("/proc/999999999", &a), ENOENT, "/proc/<no such pid>: ENOENT");
}

static void test_mounts_filesystems(void)
{
	char line[1024], f[6][256];
	int lines = 0, bad = 0, procline = 0, n;
	FILE *fp = fopen("/proc/mounts", "r");
	const char *text, *p;

	while (fp && fgets(line, sizeof(line), fp)) {
		char extra[8];

		lines++;
		n = sscanf(line, "%255s %255s %255s %255s %255s %255s %7s", f[0], f[1], f[2], f[3],
			   f[4],
			   f[5], extra);
		if (n != 6 || strcmp(f[4], "0") || strcmp(f[5], "0"))
			bad++;
		procline += !strcmp(f[1], "/proc") && !strcmp(f[2], "proc");
	}
	if (fp)
		fclose(fp);
	ok(lines > 0 && bad == 0,
	   "every /proc/mounts line has 6 fields ending in \"0 0\" (%d lines)", lines);
	ok_eq(procline, 1, "one of them mounts proc on /proc");
	text = proc("/proc/self/mounts");
	ok(strstr(text, " /proc proc ") != NULL, "/proc/self/mounts has it too");

	text = proc("/proc/filesystems");
	bad = 0;
	lines = 0;
	for (p = text; *p; p = strchr(p, '\n') + 1) {
		if (!strchr(p, '\n'))
			break;
		lines++;
		if (strncmp(p, "nodev\t", 6) && p[0] != '\t')
			bad++;
	}
	ok(lines > 0 && bad == 0, "/proc/filesystems lines are \"nodev\\tNAME\" or \"\\tNAME\"");
	ok(strstr(text, "nodev\tproc\n") != NULL, "and list proc as nodev");
}

/* ------------------------------------------------------------ mountinfo */

/* One line of /proc/<pid>/mountinfo (proc(5)), optional fields skipped. */
struct mountinfo {
	int id, parent;
	unsigned int major, minor;
	char root[256], point[256], mopts[256], type[64], source[256], sopts[256];
};

static bool parse_mountinfo(const char *line, struct mountinfo *mi)
{
	const char *sep;
	int n = 0;

	if (sscanf(line, "%d %d %u:%u %255s %255s %255s%n", &mi->id, &mi->parent, &mi->major,
		   &mi->minor, mi->root, mi->point, mi->mopts, &n) != 7 || !n)
		return false;
	/* Zero or more optional fields, then a lone "-". */
	sep = strstr(line + n, " - ");
	return sep && sscanf(sep + 3, "%63s %255s %255s", mi->type, mi->source, mi->sopts) == 3;
}

/* Every parsable line of text into mis (at most max); the count, -1 if one did not parse. */
static int read_mountinfo(const char *text, struct mountinfo *mis, int max)
{
	int count = 0;

	for (const char *p = text; *p && count < max; ) {
		const char *nl = strchr(p, '\n');

		if (!nl || !parse_mountinfo(p, &mis[count]))
			return -1;
		count++;
		p = nl + 1;
	}
	return count;
}

static const struct mountinfo *find_mount(const struct mountinfo *mis, int n, const char *point)
{
	for (int i = n - 1; i >= 0; i--)	/* the last one is the visible one */
		if (!strcmp(mis[i].point, point))
			return &mis[i];
	return NULL;
}

static bool has_word(const char *opts, const char *word)
{
	size_t len = strlen(word);

	for (const char *p = opts; p; p = strchr(p, ',')) {
		if (*p == ',')
			p++;
		if (!strncmp(p, word, len) && (p[len] == ',' || !p[len]))
			return true;
	}
	return false;
}

static void test_mountinfo(void)
{
	static struct mountinfo mis[256];
	char top[] = "/tmp/mountinfo-XXXXXX", dir[64], bind[64], sub[80];
	const struct mountinfo *t, *b, *root;
	struct stat st;
	int n, status, sync_pipe[2];
	bool parents_ok = true, ids_unique = true;
	char path[128], c;
	pid_t pid;

	if (getuid() != 0) {
		skip("mountinfo checks need root (they mount tmpfs)");
		return;
	}
	if (!mkdtemp(top))
		bail_out("mkdtemp: %s", strerror(errno));
	snprintf(dir, sizeof(dir), "%s/fs", top);
	snprintf(bind, sizeof(bind), "%s/bind", top);
	snprintf(sub, sizeof(sub), "%s/sub", dir);
	mkdir(dir, 0755);
	mkdir(bind, 0755);
	if (pipe(sync_pipe) ||
	    mount("mi-source", dir, "tmpfs", MS_NOSUID | MS_NODEV, NULL) ||
	    mkdir(sub, 0755) || mount(sub, bind, NULL, MS_BIND, NULL) ||
	    mount(NULL, bind, NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL)) {
		ok(0, "set up a tmpfs and a read-only bind of its subdirectory: %s", strerror(errno));
		goto out;
	}

	n = read_mountinfo(proc("/proc/self/mountinfo"), mis, 256);
	ok(n > 0, "/proc/self/mountinfo parses: id parent major:minor root point opts - type "
	   "source opts (%d lines)", n);
	if (n <= 0)
		goto out;
	for (int i = 0; i < n; i++) {
		bool parent_listed = false;

		for (int j = 0; j < n; j++) {
			if (j != i && mis[j].id == mis[i].id)
				ids_unique = false;
			if (mis[j].id == mis[i].parent)
				parent_listed = true;
		}
		/* The reader's root mount hangs off something it cannot see. */
		if (!parent_listed && strcmp(mis[i].point, "/"))
			parents_ok = false;
	}
	ok(ids_unique, "mount ids are unique");
	ok(parents_ok, "every parent id but the root's is a listed mount");
	root = find_mount(mis, n, "/");
	ok(root && !strcmp(root->root, "/"), "a line for / whose root is /");

	t = find_mount(mis, n, dir);
	ok(t && !strcmp(t->type, "tmpfs") && !strcmp(t->source, "mi-source") &&
	   !strcmp(t->root, "/"), "the tmpfs: type, source and root");
	stat(dir, &st);
	ok(t && t->major == major(st.st_dev) && t->minor == minor(st.st_dev),
	   "its major:minor is st_dev of the mount point");
	ok(t && !strncmp(t->mopts, "rw", 2) && has_word(t->mopts, "nosuid") &&
	   has_word(t->mopts, "nodev") && !strncmp(t->sopts, "rw", 2),
	   "its mount options (rw,nosuid,nodev) and super options (rw)");

	b = find_mount(mis, n, bind);
	ok(b && !strcmp(b->root, "/sub") && !strcmp(b->type, "tmpfs") && t &&
	   b->major == t->major && b->minor == t->minor,
	   "the bind: root /sub within the same file system");
	ok(b && !strncmp(b->mopts, "ro", 2) && !strncmp(b->sopts, "rw", 2),
	   "the bind is ro per mount, its super block rw");
	ok(strstr(proc("/proc/self/mounts"), bind) != NULL, "/proc/self/mounts lists the bind");

	/* A chrooted process's table holds only the mounts under its root. */
	pid = fork();
	if (pid == 0) {
		if (chroot(dir) == 0)
			write(sync_pipe[1], "c", 1);
		pause();
		_exit(0);
	}
	close(sync_pipe[1]);
	snprintf(path, sizeof(path), "/proc/%d/mountinfo", pid);
	if (read(sync_pipe[0], &c, 1) == 1)
		n = read_mountinfo(proc(path), mis, 256);
	else
		n = -1;
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	close(sync_pipe[0]);
	ok(n == 1 && !strcmp(mis[0].point, "/") && !strcmp(mis[0].type, "tmpfs"),
	   "%s of a process chrooted into the tmpfs: that mount alone, as / (%d lines)",
	   path, n);
	/* Each proc mount is an instance of its own: a second one stacks. */
	ok(mount("proc", sub, "proc", 0, NULL) == 0 && mount("proc", sub, "proc", 0, NULL) == 0,
	   "proc mounted twice on one directory (Linux: a new instance each time)");
	snprintf(path, sizeof(path), "%s/self/stat", sub);
	ok(access(path, R_OK) == 0, "the top one shows the processes");
	umount(sub);
	umount(sub);
out:
	umount(bind);
	rmdir(sub);
	umount(dir);
	rmdir(dir);
	rmdir(bind);
	rmdir(top);
}

static void test_cpuinfo(void)
{
	const char *text = proc("/proc/cpuinfo"), *p;
	int count = 0, inorder = 1, num;

	for (p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		if (strncmp(p, "processor", 9))
			continue;
		if (sscanf(p, "processor\t: %d", &num) != 1 || num != count)
			inorder = 0;
		count++;
	}
	ok_eq(count, online_cpus(), "/proc/cpuinfo has one \"processor\" line per online CPU");
	ok(inorder, "formatted \"processor\\t: N\", numbered from 0");
}

static void test_sysctl(void)
{
	struct utsname u;
	char want[128], old[128];

	uname(&u);
	ok_str(proc("/proc/sys/kernel/ostype"), "Linux\n", "/proc/sys/kernel/ostype is \"Linux\"");
	snprintf(want, sizeof(want), "%s\n", u.release);
	ok_str(proc("/proc/sys/kernel/osrelease"), want,
	       "/proc/sys/kernel/osrelease is uname's release");
	snprintf(old, sizeof(old), "%s", proc("/proc/sys/kernel/hostname"));
	snprintf(want, sizeof(want), "%s\n", u.nodename);
	ok_str(old, want, "/proc/sys/kernel/hostname is uname's nodename");
	if (getuid() != 0) {
		skip("writing the hostname needs root");
		return;
	}
	ok_sys(write_text("/proc/sys/kernel/hostname", "tw-selftest"), "write the hostname");
	uname(&u);
	ok_str(u.nodename, "tw-selftest", "uname sees the new nodename");
	ok_str(proc("/proc/sys/kernel/hostname"), "tw-selftest\n", "and the file reads it back");
	old[strcspn(old, "\n")] = '\0';
	write_text("/proc/sys/kernel/hostname", old);
}

/*
 * /proc/sysrq-trigger: root-only (write-only) file; a command letter makes
 * the kernel log a report ("m": memory), each line prefixed "sysrq: ".
 */
static void test_sysrq(void)
{
	static char log[1 << 17];
	struct stat st;
	long before, after;
	char *end;

	strtol(proc("/proc/sys/kernel/sysrq"), &end, 10);
	ok(end != big && *end == '\n', "/proc/sys/kernel/sysrq reads as an integer");
	ok(!stat("/proc/sysrq-trigger", &st) && S_ISREG(st.st_mode) &&
	   (st.st_mode & 0777) == 0200, "/proc/sysrq-trigger is a regular file, mode 0200");
	if (getuid() != 0) {
		skip("writing /proc/sysrq-trigger needs root");
		return;
	}
	before = klogctl(3, log, sizeof(log) - 1);
	before = before < 0 ? 0 : count_substr(log, before, "sysrq: ");
	ok_sys(write_text("/proc/sysrq-trigger", "m\n"), "write \"m\" to /proc/sysrq-trigger");
	after = klogctl(3, log, sizeof(log) - 1);
	after = after < 0 ? 0 : count_substr(log, after, "sysrq: ");
	ok(after > before, "the kernel log gained a \"sysrq: \" line (%ld before, %ld after)",
	   before, after);
}

/*
 * The modes under /proc/<pid> are the kernel's: chmod fails with EPERM,
 * for root too and for the process's own user (who owns fd/ and could
 * otherwise lock the process out of it), and changes nothing.
 */
static void test_pid_chmod(void)
{
	static const char *const paths[] = {
		"/proc/self/fd", "/proc/self/status", "/proc/self/task", "/proc/self/fdinfo/0",
	};
	struct stat before, after;
	char self[32];
	int status;
	pid_t pid;

	snprintf(self, sizeof(self), "/proc/%d", (int)getpid());
	ok_errno(chmod(self, 0700), EPERM, "chmod /proc/<pid>: EPERM");
	for (unsigned int i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		if (lstat(paths[i], &before)) {
			ok(0, "lstat %s: %s", paths[i], strerror(errno));
			continue;
		}
		ok_errno(fchmodat(AT_FDCWD, paths[i], 0777, 0), EPERM, "chmod %s: EPERM", paths[i]);
		ok(!lstat(paths[i], &after) && after.st_mode == before.st_mode,
		   "%s keeps mode %o", paths[i], before.st_mode);
	}
	pid = fork();
	if (pid == 0) {
		/* exit codes: 1 set-up, 2 chmod allowed, 3 cannot open fd/ any more */
		if (setresgid(65534, 65534, 65534) || setresuid(65534, 65534, 65534))
			_exit(1);
		if (chmod("/proc/self/fd", 0) == 0 || errno != EPERM)
			_exit(2);
		_exit(opendir("/proc/self/fd") ? 0 : 3);
	}
	status = wait_status(pid);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	   "an unprivileged owner cannot chmod its /proc/self/fd either (status 0x%x)", status);
}

int main(int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "--child-cmdline"))
		return child_cmdline();
	self = self_path(argv[0]);
	if (access("/proc/self/stat", R_OK))
		bail_out("/proc is not mounted");

	test_meminfo();
	test_stat();
	test_uptime_loadavg_version();
	test_self_stat();
	test_self_status();
	test_cmdline();
	test_maps();
	test_links();
	test_mounts_filesystems();
	test_mountinfo();
	test_cpuinfo();
	test_sysctl();
	test_sysrq();
	test_pid_chmod();
	return tap_finish();
}
