// SPDX-License-Identifier: GPL-2.0-only
/*
 * caps - POSIX capabilities (capabilities(7)): capget/capset (capget(2))
 * with their versions and errors, the capset rules, the bounding and
 * ambient sets and securebits (prctl(2)), the effect of uid changes with
 * and without PR_SET_KEEPCAPS, the transformation of the sets at execve,
 * file capabilities (a hand-built security.capability value on a copy
 * of this program), and the Cap* lines of /proc/<pid>/status.
 *
 * Runs as root.  Each case that changes the sets runs in a forked child,
 * which returns 0 or the number of the step that went wrong; the parent
 * prints the verdict.  For exec cases the child execs a copy of this
 * program ("--report FD", installed on two tmpfs mounts, one nosuid, as
 * the setuid suite does), which writes what it became into a pipe.
 * Must pass on Linux and Tidewater alike.
 */
#include <sys/auxv.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/fsuid.h>
#include <sys/xattr.h>
#include <grp.h>
#include <stdint.h>

#include "tap.h"
#include "util.h"

/* capget(2) ABI, declared here: musl ships no <linux/capability.h>. */
#define CAP_V1		0x19980330
#define CAP_V2		0x20071026
#define CAP_V3		0x20080522
struct cap_header {
	uint32_t version;
	int pid;
};
struct cap_data {
	uint32_t effective, permitted, inheritable;
};

#ifndef PR_CAP_AMBIENT
#define PR_CAP_AMBIENT			47
#define PR_CAP_AMBIENT_IS_SET		1
#define PR_CAP_AMBIENT_RAISE		2
#define PR_CAP_AMBIENT_LOWER		3
#define PR_CAP_AMBIENT_CLEAR_ALL	4
#endif
#define SECBIT_NOROOT			(1 << 0)
#define SECBIT_NO_SETUID_FIXUP		(1 << 2)
#define SECBIT_KEEP_CAPS		(1 << 4)
#define SECBIT_KEEP_CAPS_LOCKED		(1 << 5)
#define SECBIT_NO_CAP_AMBIENT_RAISE	(1 << 6)

#define CAP_CHOWN		0
#define CAP_DAC_OVERRIDE	1
#define CAP_KILL		5
#define CAP_SETUID		7
#define CAP_SETPCAP		8
#define CAP_NET_BIND_SERVICE	10
#define CAP_NET_RAW		13
#define CAP_SYS_ADMIN		21
#define CAP_BPF			39
#define BIT(c)			(1ULL << (c))

#define USER		1000
#define TOP		"/tmp/caps-test"
#define SUID_DIR	TOP "/suid"
#define NOSUID_DIR	TOP "/nosuid"
#define PLAIN		SUID_DIR "/plain"
#define SUID_ROOT	SUID_DIR "/suid-root"
#define SGID		SUID_DIR "/sgid"
#define NOSUID_ROOT	NOSUID_DIR "/suid-root"
#define OTHER_GROUP	4242
#define FCAP_EP		SUID_DIR "/fcap-ep"
#define FCAP_P		SUID_DIR "/fcap-p"
#define FCAP_V3		SUID_DIR "/fcap-v3"
#define FCAP_V3_OTHER	SUID_DIR "/fcap-v3-other"
#define FCAP_INH	SUID_DIR "/fcap-inh"
#define FCAP_RAW	SUID_DIR "/fcap-raw"
#define FCAP_WRITTEN	SUID_DIR "/fcap-written"
#define FCAP_CHOWNED	SUID_DIR "/fcap-chowned"
#define FCAP_NOSUID	NOSUID_DIR "/fcap-ep"

static uint64_t all_caps;	/* bits 0..cap_last_cap */

/* ------------------------------------------------------------ helpers */

struct sets {
	uint64_t eff, prm, inh;
};

static int capget_v3(int pid, struct sets *s)
{
	struct cap_header h = { CAP_V3, pid };
	struct cap_data d[2];

	if (syscall(SYS_capget, &h, d))
		return -1;
	s->eff = d[0].effective | (uint64_t)d[1].effective << 32;
	s->prm = d[0].permitted | (uint64_t)d[1].permitted << 32;
	s->inh = d[0].inheritable | (uint64_t)d[1].inheritable << 32;
	return 0;
}

static int capset_v3(uint64_t eff, uint64_t prm, uint64_t inh)
{
	struct cap_header h = { CAP_V3, 0 };
	struct cap_data d[2] = {
		{ (uint32_t)eff, (uint32_t)prm, (uint32_t)inh },
		{ (uint32_t)(eff >> 32), (uint32_t)(prm >> 32), (uint32_t)(inh >> 32) },
	};

	return syscall(SYS_capset, &h, d);
}

static uint64_t ambient_set(void)
{
	uint64_t a = 0;

	for (int c = 0; c < 64 && (all_caps >> c); c++)
		if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_IS_SET, c, 0, 0) == 1)
			a |= BIT(c);
	return a;
}

static uint64_t bounding_set(void)
{
	uint64_t b = 0;

	for (int c = 0; c < 64 && (all_caps >> c); c++)
		if (prctl(PR_CAPBSET_READ, c, 0, 0, 0) == 1)
			b |= BIT(c);
	return b;
}

/* The hex value after "name:\t" in /proc/self/status, or ~0 if absent. */
static uint64_t status_caps(const char *name)
{
	const char *text = file_text("/proc/self/status");
	size_t len = strlen(name);
	const char *p;

	for (p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		if (!strncmp(p, name, len) && p[len] == ':')
			return strtoull(p + len + 1, NULL, 16);
	return ~0ULL;
}

static int become_user(void)
{
	return setgroups(0, NULL) || setresgid(USER, USER, USER) || setresuid(USER, USER, USER);
}

/* ------------------------------------------------------------ the exec helper */

struct report {
	unsigned int ruid, euid;
	unsigned long secure;
	struct sets s;
	uint64_t amb, bnd;
	int securebits;
};

static int helper(int fd)
{
	struct report r;
	unsigned int suid;

	getresuid(&r.ruid, &r.euid, &suid);
	r.secure = getauxval(AT_SECURE);
	if (capget_v3(0, &r.s))
		memset(&r.s, 0xff, sizeof(r.s));
	r.amb = ambient_set();
	r.bnd = bounding_set();
	r.securebits = prctl(PR_GET_SECUREBITS, 0, 0, 0, 0);
	return write(fd, &r, sizeof(r)) == (ssize_t)sizeof(r) ? 0 : 1;
}

/*
 * Fork; the child runs prepare() (non-zero: it failed at that step), then
 * execs prog in report mode.  0 and *r filled, or -1.
 */
static int exec_report(const char *prog, int (*prepare)(void), struct report *r)
{
	int pfd[2], status;
	ssize_t n;
	pid_t pid;

	if (pipe(pfd))
		return -1;
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		char fdarg[16];
		int step;

		close(pfd[0]);
		snprintf(fdarg, sizeof(fdarg), "%d", pfd[1]);
		step = prepare ? prepare() : 0;
		if (step)
			_exit(step);
		execl(prog, prog, "--report", fdarg, (char *)NULL);
		_exit(100);
	}
	close(pfd[1]);
	n = read(pfd[0], r, sizeof(*r));
	close(pfd[0]);
	status = wait_status(pid);
	if (n != (ssize_t)sizeof(*r)) {
		diag("%s: no report (%s)", prog, status_str(status));
		return -1;
	}
	return 0;
}

/* The errno of execve(prog) after prepare() in a child; 0 if it ran. */
static int exec_errno(const char *prog, int (*prepare)(void))
{
	int st;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		if (prepare && prepare())
			_exit(255);
		/* The helper cannot write to fd -1: it exits 1. */
		execl(prog, prog, "--report", "-1", (char *)NULL);
		_exit(errno < 100 ? 100 + errno : 254);
	}
	st = wait_status(pid);
	if (WIFEXITED(st) && WEXITSTATUS(st) >= 100 && WEXITSTATUS(st) < 200)
		return WEXITSTATUS(st) - 100;
	return 0;
}

/* Run fn in a child; it returns 0, or the number of the step that failed. */
static void child_case(int (*fn)(void *), const char *what)
{
	int st = run_in_child(fn, NULL);

	if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
		ok(1, "%s", what);
	else
		ok(0, "%s: %s (the step that failed)", what, status_str(st));
}

#define STEP(n, cond)	do { if (!(cond)) return (n); } while (0)

/* ------------------------------------------------------------ capget/capset */

static void check_capget(void)
{
	struct cap_header h;
	struct cap_data d[3];
	struct sets s;

	ok(capget_v3(0, &s) == 0 && s.eff == all_caps && s.prm == all_caps && s.inh == 0,
	   "capget v3: root has every capability effective and permitted, none inheritable");
	ok(capget_v3(getpid(), &s) == 0 && s.prm == all_caps, "capget v3 of its own pid");

	memset(d, 0xa5, sizeof(d));
	h = (struct cap_header){ CAP_V1, 0 };
	ok(syscall(SYS_capget, &h, d) == 0 && d[0].permitted == 0xffffffff &&
	   d[1].effective == 0xa5a5a5a5, "capget v1: one record, capabilities 0-31");
	memset(d, 0xa5, sizeof(d));
	h = (struct cap_header){ CAP_V2, 0 };
	ok(syscall(SYS_capget, &h, d) == 0 && d[1].permitted == (uint32_t)(all_caps >> 32) &&
	   d[2].effective == 0xa5a5a5a5, "capget v2: two records");

	h = (struct cap_header){ 0x12345678, 0 };
	ok_errno(syscall(SYS_capget, &h, d), EINVAL, "capget: unknown version");
	ok_eq(h.version, CAP_V3, "capget: unknown version answered with version 3");
	h = (struct cap_header){ 0, 0 };
	ok(syscall(SYS_capget, &h, NULL) == 0 && h.version == CAP_V3,
	   "capget: NULL data probes the preferred version");
	h = (struct cap_header){ CAP_V3, 0 };
	ok_eq(syscall(SYS_capget, &h, NULL), 0, "capget: valid header, NULL data");
	ok_errno(syscall(SYS_capget, NULL, d), EFAULT, "capget: NULL header");
	ok_errno(syscall(SYS_capget, (void *)8, d), EFAULT, "capget: bad header pointer");
	ok_errno(syscall(SYS_capget, &h, (void *)8), EFAULT, "capget: bad data pointer");
	h = (struct cap_header){ CAP_V3, -1 };
	ok_errno(syscall(SYS_capget, &h, d), EINVAL, "capget: negative pid");
	h = (struct cap_header){ CAP_V3, 999999 };
	ok_errno(syscall(SYS_capget, &h, d), ESRCH, "capget: no such process");

	h = (struct cap_header){ 0x1, 0 };
	ok_errno(syscall(SYS_capset, &h, d), EINVAL, "capset: unknown version");
	ok_eq(h.version, CAP_V3, "capset: unknown version answered with version 3");
	h = (struct cap_header){ CAP_V3, 0 };
	ok_errno(syscall(SYS_capset, &h, (void *)8), EFAULT, "capset: bad data pointer");
	ok_errno(syscall(SYS_capset, (void *)8, d), EFAULT, "capset: bad header pointer");
	h = (struct cap_header){ CAP_V3, 1 };
	syscall(SYS_capget, &(struct cap_header){ CAP_V3, 0 }, d);
	ok_errno(syscall(SYS_capset, &h, d), EPERM, "capset: another process's sets");
}

/* capget of another process sees that process's sets. */
static void check_capget_other(void)
{
	int pfd[2], go[2];
	struct sets s = { 0 };
	char c;
	pid_t pid;

	if (pipe(pfd) || pipe(go))
		bail_out("pipe: %s", strerror(errno));
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		capset_v3(BIT(CAP_KILL), BIT(CAP_KILL) | BIT(CAP_CHOWN), BIT(CAP_CHOWN));
		write(pfd[1], "x", 1);
		read(go[0], &c, 1);
		_exit(0);
	}
	read(pfd[0], &c, 1);
	ok(capget_v3(pid, &s) == 0 && s.eff == BIT(CAP_KILL) &&
	   s.prm == (BIT(CAP_KILL) | BIT(CAP_CHOWN)) && s.inh == BIT(CAP_CHOWN),
	   "capget of another process (eff %llx prm %llx inh %llx)",
	   (unsigned long long)s.eff, (unsigned long long)s.prm, (unsigned long long)s.inh);
	write(go[1], "x", 1);
	wait_status(pid);
}

static int capset_rules(void *arg)
{
	struct sets s;
	struct cap_header h = { CAP_V1, 0 };
	struct cap_data d[2];
	uint64_t less = all_caps & ~BIT(CAP_NET_RAW);

	(void)arg;
	/* Effective may drop and come back while permitted. */
	STEP(1, capset_v3(less, all_caps, 0) == 0);
	STEP(2, capget_v3(0, &s) == 0 && s.eff == less);
	STEP(3, capset_v3(all_caps, all_caps, 0) == 0);
	/* Effective outside permitted. */
	STEP(4, capset_v3(all_caps, less, 0) == -1 && errno == EPERM);
	/* Permitted dropped is gone for good. */
	STEP(5, capset_v3(less, less, 0) == 0);
	STEP(6, capset_v3(less, all_caps, 0) == -1 && errno == EPERM);
	/* Inheritable from permitted: fine. */
	STEP(7, capset_v3(less, less, BIT(CAP_KILL)) == 0);
	/* Not permitted but CAP_SETPCAP in effect and within bounding: fine. */
	STEP(8, capset_v3(less, less, BIT(CAP_KILL) | BIT(CAP_NET_RAW)) == 0);
	STEP(9, capset_v3(less, less, BIT(CAP_KILL)) == 0);
	/* Without CAP_SETPCAP: only from inheritable | permitted. */
	STEP(10, capset_v3(less & ~BIT(CAP_SETPCAP), less, BIT(CAP_KILL)) == 0);
	STEP(11, capset_v3(less & ~BIT(CAP_SETPCAP), less,
			   BIT(CAP_KILL) | BIT(CAP_NET_RAW)) == -1 && errno == EPERM);
	STEP(12, capset_v3(less & ~BIT(CAP_SETPCAP), less,
			   BIT(CAP_KILL) | BIT(CAP_SYS_ADMIN)) == 0);
	/* Own pid works like 0. */
	h.version = CAP_V3;
	h.pid = getpid();
	memset(d, 0, sizeof(d));
	d[0].permitted = d[0].effective = BIT(CAP_KILL);
	STEP(13, syscall(SYS_capset, &h, d) == 0);
	STEP(14, capget_v3(0, &s) == 0 && s.prm == BIT(CAP_KILL) && s.inh == 0);
	return 0;
}

/* A version 1 capset covers capabilities 0-31 only: the rest are cleared. */
static int capset_v1(void *arg)
{
	struct cap_header h = { CAP_V1, 0 };
	struct cap_data d = { 0xffffffff, 0xffffffff, 0 };
	struct sets s;

	(void)arg;
	STEP(1, syscall(SYS_capset, &h, &d) == 0);
	STEP(2, capget_v3(0, &s) == 0);
	STEP(3, s.prm == 0xffffffff && s.eff == 0xffffffff);
	return 0;
}

/* ------------------------------------------------------------ bounding set */

static void check_bset_args(void)
{
	ok_eq(prctl(PR_CAPBSET_READ, CAP_CHOWN, 0, 0, 0), 1, "PR_CAPBSET_READ: CAP_CHOWN bounded in");
	ok_eq(bounding_set(), all_caps, "PR_CAPBSET_READ: root's bounding set is full");
	ok_errno(prctl(PR_CAPBSET_READ, 64, 0, 0, 0), EINVAL, "PR_CAPBSET_READ: capability 64");
	ok_errno(prctl(PR_CAPBSET_READ, -1L, 0, 0, 0), EINVAL, "PR_CAPBSET_READ: capability -1");
}

static int bset_drop(void *arg)
{
	struct sets s;
	int st;

	(void)arg;
	STEP(1, prctl(PR_CAPBSET_DROP, CAP_NET_RAW, 0, 0, 0) == 0);
	STEP(2, prctl(PR_CAPBSET_READ, CAP_NET_RAW, 0, 0, 0) == 0);
	STEP(3, status_caps("CapBnd") == (all_caps & ~BIT(CAP_NET_RAW)));
	/* The current sets are not touched. */
	STEP(4, capget_v3(0, &s) == 0 && s.prm == all_caps);
	/* Inherited over fork. */
	st = fork();
	if (st == 0)
		_exit(prctl(PR_CAPBSET_READ, CAP_NET_RAW, 0, 0, 0) == 0 ? 0 : 1);
	st = wait_status(st);
	STEP(5, WIFEXITED(st) && WEXITSTATUS(st) == 0);
	STEP(6, prctl(PR_CAPBSET_DROP, 64, 0, 0, 0) == -1 && errno == EINVAL);
	/* Without CAP_SETPCAP in effect: EPERM. */
	STEP(7, capset_v3(all_caps & ~BIT(CAP_SETPCAP), all_caps, 0) == 0);
	STEP(8, prctl(PR_CAPBSET_DROP, CAP_KILL, 0, 0, 0) == -1 && errno == EPERM);
	STEP(9, prctl(PR_CAPBSET_READ, CAP_KILL, 0, 0, 0) == 1);
	return 0;
}

/* ------------------------------------------------------------ ambient set */

static int ambient_rules(void *arg)
{
	uint64_t nbs = BIT(CAP_NET_BIND_SERVICE);

	(void)arg;
	STEP(1, prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_IS_SET, CAP_NET_BIND_SERVICE, 0, 0) == 0);
	/* Not inheritable: refused. */
	STEP(2, prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_NET_BIND_SERVICE, 0, 0) == -1 &&
		errno == EPERM);
	STEP(3, capset_v3(all_caps, all_caps, nbs | BIT(CAP_KILL)) == 0);
	STEP(4, prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_NET_BIND_SERVICE, 0, 0) == 0);
	STEP(5, prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_IS_SET, CAP_NET_BIND_SERVICE, 0, 0) == 1);
	STEP(6, status_caps("CapAmb") == nbs);
	STEP(7, prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_LOWER, CAP_NET_BIND_SERVICE, 0, 0) == 0);
	STEP(8, prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_IS_SET, CAP_NET_BIND_SERVICE, 0, 0) == 0);
	/* Argument checks. */
	STEP(9, prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 1, 0, 0) == -1 && errno == EINVAL);
	STEP(10, prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, 64, 0, 0) == -1 && errno == EINVAL);
	STEP(11, prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_IS_SET, CAP_KILL, 1, 0) == -1 &&
		 errno == EINVAL);
	STEP(12, prctl(PR_CAP_AMBIENT, 99, CAP_KILL, 0, 0) == -1 && errno == EINVAL);
	/* CLEAR_ALL. */
	STEP(13, prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_NET_BIND_SERVICE, 0, 0) == 0);
	STEP(14, prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_KILL, 0, 0) == 0);
	STEP(15, ambient_set() == (nbs | BIT(CAP_KILL)));
	STEP(16, prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) == 0);
	STEP(17, ambient_set() == 0);
	/* Dropping from inheritable (or permitted) drops from ambient. */
	STEP(18, prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_NET_BIND_SERVICE, 0, 0) == 0);
	STEP(19, prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_KILL, 0, 0) == 0);
	STEP(20, capset_v3(all_caps, all_caps, nbs) == 0);
	STEP(21, ambient_set() == nbs);
	STEP(22, capset_v3(all_caps & ~nbs, all_caps & ~nbs, nbs) == 0);
	STEP(23, ambient_set() == 0);
	/* SECBIT_NO_CAP_AMBIENT_RAISE. */
	STEP(24, capset_v3(all_caps & ~nbs, all_caps & ~nbs, BIT(CAP_KILL)) == 0);
	STEP(25, prctl(PR_SET_SECUREBITS, SECBIT_NO_CAP_AMBIENT_RAISE, 0, 0, 0) == 0);
	STEP(26, prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_KILL, 0, 0) == -1 &&
		 errno == EPERM);
	return 0;
}

/* ------------------------------------------------------------ uid changes */

static int keepcaps_setuid(void *arg)
{
	struct sets s;

	(void)arg;
	STEP(1, prctl(PR_GET_KEEPCAPS, 0, 0, 0, 0) == 0);
	STEP(2, prctl(PR_SET_KEEPCAPS, 2, 0, 0, 0) == -1 && errno == EINVAL);
	STEP(3, prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0) == 0);
	STEP(4, prctl(PR_GET_KEEPCAPS, 0, 0, 0, 0) == 1);
	STEP(5, prctl(PR_GET_SECUREBITS, 0, 0, 0, 0) == SECBIT_KEEP_CAPS);
	STEP(6, capset_v3(all_caps, all_caps, BIT(CAP_KILL)) == 0);
	STEP(7, prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_KILL, 0, 0) == 0);
	STEP(8, become_user() == 0);
	STEP(9, capget_v3(0, &s) == 0);
	/* Permitted kept, effective cleared, ambient cleared. */
	STEP(10, s.prm == all_caps && s.eff == 0 && s.inh == BIT(CAP_KILL));
	STEP(11, ambient_set() == 0);
	/* And usable again by capset. */
	STEP(12, capset_v3(BIT(CAP_KILL), BIT(CAP_KILL), BIT(CAP_KILL)) == 0);
	STEP(13, prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_KILL, 0, 0) == 0);
	return 0;
}

static int setuid_drops(void *arg)
{
	struct sets s;

	(void)arg;
	STEP(1, capset_v3(all_caps, all_caps, BIT(CAP_KILL)) == 0);
	STEP(2, prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_KILL, 0, 0) == 0);
	/* Effective uid only: the saved uid keeps permitted. */
	STEP(3, setresuid(-1, USER, -1) == 0);
	STEP(4, capget_v3(0, &s) == 0 && s.prm == all_caps && s.eff == 0);
	STEP(5, ambient_set() == BIT(CAP_KILL));
	STEP(6, setresuid(-1, 0, -1) == 0);
	STEP(7, capget_v3(0, &s) == 0 && s.eff == all_caps);
	/* setfsuid touches only the file-system capabilities in effect. */
	STEP(8, setfsuid(USER) == 0);
	STEP(9, capget_v3(0, &s) == 0 && !(s.eff & BIT(CAP_CHOWN)) &&
		!(s.eff & BIT(CAP_DAC_OVERRIDE)) && (s.eff & BIT(CAP_KILL)) &&
		s.prm == all_caps);
	STEP(10, setfsuid(0) == USER);
	STEP(11, capget_v3(0, &s) == 0 && s.eff == all_caps);
	/* All uids non-zero: everything goes. */
	STEP(12, setresuid(USER, USER, USER) == 0);
	STEP(13, capget_v3(0, &s) == 0 && s.prm == 0 && s.eff == 0 && s.inh == BIT(CAP_KILL));
	STEP(14, ambient_set() == 0);
	return 0;
}

/* ------------------------------------------------------------ securebits */

static int securebits_rules(void *arg)
{
	struct sets s;

	(void)arg;
	STEP(1, prctl(PR_GET_SECUREBITS, 0, 0, 0, 0) == 0);
	STEP(2, prctl(PR_SET_SECUREBITS, 1 << 8, 0, 0, 0) == -1 && errno == EPERM);
	STEP(3, prctl(PR_SET_SECUREBITS, SECBIT_KEEP_CAPS | SECBIT_KEEP_CAPS_LOCKED, 0, 0, 0) == 0);
	STEP(4, prctl(PR_GET_KEEPCAPS, 0, 0, 0, 0) == 1);
	STEP(5, prctl(PR_SET_KEEPCAPS, 0, 0, 0, 0) == -1 && errno == EPERM);
	/* A lock cannot be cleared, nor its switch moved. */
	STEP(6, prctl(PR_SET_SECUREBITS, SECBIT_KEEP_CAPS, 0, 0, 0) == -1 && errno == EPERM);
	STEP(7, prctl(PR_SET_SECUREBITS, SECBIT_KEEP_CAPS_LOCKED, 0, 0, 0) == -1 &&
		errno == EPERM);
	/* Other switches still move. */
	STEP(8, prctl(PR_SET_SECUREBITS, SECBIT_KEEP_CAPS | SECBIT_KEEP_CAPS_LOCKED |
		      SECBIT_NO_SETUID_FIXUP, 0, 0, 0) == 0);
	/* NO_SETUID_FIXUP: leaving uid 0 keeps every set as it was. */
	STEP(9, become_user() == 0);
	STEP(10, capget_v3(0, &s) == 0 && s.prm == all_caps && s.eff == all_caps);
	/* Needs CAP_SETPCAP. */
	STEP(11, capset_v3(all_caps & ~BIT(CAP_SETPCAP), all_caps, 0) == 0);
	STEP(12, prctl(PR_SET_SECUREBITS, SECBIT_KEEP_CAPS | SECBIT_KEEP_CAPS_LOCKED, 0, 0, 0) ==
		 -1 && errno == EPERM);
	return 0;
}

/* ------------------------------------------------------------ /proc */

static int proc_status(void *arg)
{
	struct sets s;

	(void)arg;
	STEP(1, capset_v3(all_caps & ~BIT(CAP_SYS_ADMIN), all_caps & ~BIT(CAP_BPF),
			  BIT(CAP_KILL) | BIT(CAP_NET_BIND_SERVICE)) != 0);
	STEP(2, capset_v3(all_caps & ~BIT(CAP_SYS_ADMIN) & ~BIT(CAP_BPF),
			  all_caps & ~BIT(CAP_BPF),
			  BIT(CAP_KILL) | BIT(CAP_NET_BIND_SERVICE)) == 0);
	STEP(3, prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_KILL, 0, 0) == 0);
	STEP(4, prctl(PR_CAPBSET_DROP, CAP_NET_RAW, 0, 0, 0) == 0);
	STEP(5, capget_v3(0, &s) == 0);
	STEP(6, status_caps("CapInh") == s.inh);
	STEP(7, status_caps("CapPrm") == s.prm);
	STEP(8, status_caps("CapEff") == s.eff);
	STEP(9, status_caps("CapBnd") == (all_caps & ~BIT(CAP_NET_RAW)));
	STEP(10, status_caps("CapAmb") == BIT(CAP_KILL));
	return 0;
}

/* ------------------------------------------------------------ exec */

static void expect_sets(const char *what, const struct report *r, uint64_t prm, uint64_t eff,
			uint64_t inh, uint64_t amb, int secure)
{
	ok(r->s.prm == prm && r->s.eff == eff && r->s.inh == inh && r->amb == amb &&
	   (int)r->secure == secure,
	   "exec %s: prm %llx eff %llx inh %llx amb %llx AT_SECURE %d "
	   "(got %llx %llx %llx %llx %lu)", what,
	   (unsigned long long)prm, (unsigned long long)eff, (unsigned long long)inh,
	   (unsigned long long)amb, secure,
	   (unsigned long long)r->s.prm, (unsigned long long)r->s.eff,
	   (unsigned long long)r->s.inh, (unsigned long long)r->amb, r->secure);
}

static int prep_keepcaps(void)
{
	return prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0) ? 1 : 0;
}

static int prep_user(void)
{
	return become_user() ? 1 : 0;
}

/* A user holding CAP_NET_BIND_SERVICE as inheritable, permitted and ambient. */
static int prep_ambient_user(void)
{
	uint64_t nbs = BIT(CAP_NET_BIND_SERVICE);

	if (prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0) || become_user())
		return 1;
	if (capset_v3(nbs, nbs, nbs))
		return 2;
	if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_NET_BIND_SERVICE, 0, 0))
		return 3;
	return 0;
}

/* The same without the ambient capability: inheritable alone gives nothing. */
static int prep_inheritable_user(void)
{
	uint64_t nbs = BIT(CAP_NET_BIND_SERVICE);

	if (prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0) || become_user())
		return 1;
	return capset_v3(nbs, nbs, nbs) ? 2 : 0;
}

static int prep_bset_user(void)
{
	if (prctl(PR_CAPBSET_DROP, CAP_NET_RAW, 0, 0, 0))
		return 1;
	return become_user() ? 2 : 0;
}

static int prep_root_inheritable(void)
{
	return capset_v3(all_caps, all_caps, BIT(CAP_KILL)) ? 1 : 0;
}

static int prep_real_root(void)
{
	return setresuid(0, USER, USER) ? 1 : 0;
}

static int prep_noroot(void)
{
	if (capset_v3(all_caps, all_caps, BIT(CAP_KILL)))
		return 1;
	return prctl(PR_SET_SECUREBITS, SECBIT_NOROOT, 0, 0, 0) ? 2 : 0;
}

static int prep_nnp_user(void)
{
	if (become_user())
		return 1;
	return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ? 2 : 0;
}

static void check_exec(void)
{
	uint64_t nbs = BIT(CAP_NET_BIND_SERVICE);
	uint64_t k = BIT(CAP_KILL);
	struct report r;

	if (!exec_report(PLAIN, NULL, &r))
		expect_sets("as root", &r, all_caps, all_caps, 0, 0, 0);
	if (!exec_report(PLAIN, prep_keepcaps, &r))
		ok(r.securebits == 0, "exec clears SECBIT_KEEP_CAPS (securebits %d)", r.securebits);
	if (!exec_report(PLAIN, prep_root_inheritable, &r))
		expect_sets("as root with an inheritable capability", &r, all_caps, all_caps, k, 0, 0);
	if (!exec_report(PLAIN, prep_real_root, &r))
		expect_sets("with real uid 0, effective uid not", &r, all_caps, 0, 0, 0, 1);
	if (!exec_report(PLAIN, prep_noroot, &r))
		expect_sets("as root with SECBIT_NOROOT", &r, 0, 0, k, 0, 0);
	if (!exec_report(PLAIN, prep_user, &r))
		expect_sets("as a user", &r, 0, 0, 0, 0, 0);
	if (!exec_report(SUID_ROOT, prep_user, &r))
		expect_sets("of a set-user-ID-root program as a user", &r, all_caps, all_caps, 0, 0, 1);
	if (!exec_report(SUID_ROOT, prep_bset_user, &r)) {
		expect_sets("of a set-user-ID-root program with CAP_NET_RAW out of bounds", &r,
			    all_caps & ~BIT(CAP_NET_RAW), all_caps & ~BIT(CAP_NET_RAW), 0, 0, 1);
		ok(r.bnd == (all_caps & ~BIT(CAP_NET_RAW)), "exec keeps the bounding set");
	}
	if (!exec_report(NOSUID_ROOT, prep_user, &r))
		expect_sets("of a set-user-ID-root program on a nosuid mount", &r, 0, 0, 0, 0, 0);
	if (!exec_report(SUID_ROOT, prep_nnp_user, &r))
		expect_sets("of a set-user-ID-root program under no_new_privs", &r, 0, 0, 0, 0, 0);
	if (!exec_report(PLAIN, prep_ambient_user, &r))
		expect_sets("as a user with an ambient capability", &r, nbs, nbs, nbs, nbs, 0);
	if (!exec_report(SGID, prep_ambient_user, &r))
		expect_sets("of a set-group-ID program clears ambient", &r, 0, 0, nbs, 0, 1);
	if (!exec_report(SUID_ROOT, prep_ambient_user, &r))
		expect_sets("of a set-user-ID-root program clears ambient", &r, all_caps, all_caps,
			    nbs, 0, 1);
	if (!exec_report(PLAIN, prep_inheritable_user, &r))
		expect_sets("as a user with an inheritable capability only", &r, 0, 0, nbs, 0, 0);
}

/* ------------------------------------------------------------ file capabilities */

/*
 * Give path a security.capability value built by hand (struct
 * vfs_cap_data, little-endian words): revision 2, or 3 with a root id.
 */
static int set_file_caps(const char *path, int rev, uint64_t prm, uint64_t inh, int eff,
			 uint32_t rootid)
{
	uint32_t v[6] = {
		(rev == 3 ? 0x03000000 : 0x02000000) | (eff ? 1 : 0),
		(uint32_t)prm, (uint32_t)inh, (uint32_t)(prm >> 32), (uint32_t)(inh >> 32),
		rootid,
	};

	return setxattr(path, "security.capability", v, rev == 3 ? 24 : 20, 0);
}

static int has_file_caps(const char *path)
{
	return getxattr(path, "security.capability", NULL, 0) > 0;
}

static int prep_raw_out_of_bounds(void)
{
	return prctl(PR_CAPBSET_DROP, CAP_NET_RAW, 0, 0, 0) ? 1 : 0;
}

static int prep_raw_out_of_bounds_user(void)
{
	return prep_raw_out_of_bounds() || become_user() ? 1 : 0;
}

static void check_file_caps(void)
{
	uint64_t nbs = BIT(CAP_NET_BIND_SERVICE);
	struct report r;
	int fd;

	if (install_self(FCAP_EP, 0, 0, 0755))
		bail_out("install %s: %s", FCAP_EP, strerror(errno));
	if (set_file_caps(FCAP_EP, 2, nbs, 0, 1, 0)) {
		skip("file capabilities: setxattr security.capability: %s", strerror(errno));
		return;
	}
	if (install_self(FCAP_P, 0, 0, 0755) || set_file_caps(FCAP_P, 2, nbs, 0, 0, 0) ||
	    install_self(FCAP_V3, 0, 0, 0755) || set_file_caps(FCAP_V3, 3, nbs, 0, 1, 0) ||
	    install_self(FCAP_V3_OTHER, 0, 0, 0755) ||
	    set_file_caps(FCAP_V3_OTHER, 3, nbs, 0, 1, USER) ||
	    install_self(FCAP_INH, 0, 0, 0755) || set_file_caps(FCAP_INH, 2, 0, nbs, 1, 0) ||
	    install_self(FCAP_RAW, 0, 0, 0755) ||
	    set_file_caps(FCAP_RAW, 2, BIT(CAP_NET_RAW), 0, 1, 0) ||
	    install_self(FCAP_WRITTEN, 0, 0, 0755) || set_file_caps(FCAP_WRITTEN, 2, nbs, 0, 1, 0) ||
	    install_self(FCAP_CHOWNED, 0, 0, 0755) || set_file_caps(FCAP_CHOWNED, 2, nbs, 0, 1, 0) ||
	    install_self(FCAP_NOSUID, 0, 0, 0755) || set_file_caps(FCAP_NOSUID, 2, nbs, 0, 1, 0))
		bail_out("file capabilities: %s", strerror(errno));

	if (!exec_report(FCAP_EP, prep_user, &r))
		expect_sets("as a user of a file with cap_net_bind_service=ep", &r, nbs, nbs, 0, 0, 1);
	if (!exec_report(FCAP_P, prep_user, &r))
		expect_sets("as a user of a file with cap_net_bind_service=p", &r, nbs, 0, 0, 0, 1);
	if (!exec_report(FCAP_V3, prep_user, &r))
		expect_sets("of a revision 3 file capability with root id 0", &r, nbs, nbs, 0, 0, 1);
	if (!exec_report(FCAP_V3_OTHER, prep_user, &r))
		expect_sets("of a revision 3 file capability of another root id", &r, 0, 0, 0, 0, 0);
	if (!exec_report(FCAP_NOSUID, prep_user, &r))
		expect_sets("of a file capability on a nosuid mount", &r, 0, 0, 0, 0, 0);
	/* Nothing gained, but the file's effective bit still asks for AT_SECURE. */
	if (!exec_report(FCAP_EP, prep_nnp_user, &r))
		expect_sets("of a file capability under no_new_privs", &r, 0, 0, 0, 0, 1);
	if (!exec_report(FCAP_EP, prep_ambient_user, &r))
		expect_sets("of a file capability clears ambient", &r, nbs, nbs, nbs, 0, 1);
	if (!exec_report(FCAP_INH, prep_inheritable_user, &r))
		expect_sets("of a file inheriting cap_net_bind_service", &r, nbs, nbs, nbs, 0, 1);
	if (!exec_report(FCAP_INH, prep_user, &r))
		expect_sets("of a file inheriting what the caller lacks", &r, 0, 0, 0, 0, 1);
	ok_eq(exec_errno(FCAP_RAW, prep_raw_out_of_bounds_user), EPERM,
	      "exec: =ep file whose capability is out of bounds fails (as a user)");
	ok_eq(exec_errno(FCAP_RAW, prep_raw_out_of_bounds), EPERM,
	      "exec: =ep file whose capability is out of bounds fails (as root)");
	if (!exec_report(FCAP_EP, NULL, &r))
		expect_sets("as root of a file capability", &r, all_caps, all_caps, 0, 0, 0);

	fd = open(FCAP_WRITTEN, O_WRONLY | O_APPEND);
	ok(fd >= 0 && write(fd, "", 1) == 1 && close(fd) == 0 && !has_file_caps(FCAP_WRITTEN),
	   "a write drops security.capability");
	if (!exec_report(FCAP_WRITTEN, prep_user, &r))
		expect_sets("of a file capability after a write", &r, 0, 0, 0, 0, 0);
	ok(chown(FCAP_CHOWNED, 0, 0) == 0 && !has_file_caps(FCAP_CHOWNED),
	   "chown drops security.capability");
	if (!exec_report(FCAP_CHOWNED, prep_user, &r))
		expect_sets("of a file capability after chown", &r, 0, 0, 0, 0, 0);
}

/* ------------------------------------------------------------ main */

int main(int argc, char **argv)
{
	const char *last = file_text("/proc/sys/kernel/cap_last_cap");
	int last_cap = last ? atoi(last) : -1;

	if (last_cap >= 31 && last_cap <= 63)
		all_caps = (BIT(last_cap) << 1) - 1;
	if (argc >= 3 && !strcmp(argv[1], "--report"))
		return helper(atoi(argv[2]));
	if (geteuid() != 0) {
		skip("caps: needs root");
		return tap_finish();
	}
	ok_eq(last_cap, 40, "/proc/sys/kernel/cap_last_cap");
	if (!all_caps)
		bail_out("cap_last_cap %d", last_cap);

	ok_eq(status_caps("CapBnd"), all_caps, "/proc/self/status: CapBnd full");
	ok_eq(status_caps("CapAmb"), 0, "/proc/self/status: CapAmb empty");
	ok_eq(status_caps("CapPrm"), all_caps, "/proc/self/status: CapPrm full");

	check_capget();
	check_capget_other();
	child_case(capset_rules, "capset: drop and re-raise rules");
	child_case(capset_v1, "capset v1 clears capabilities 32 and up");
	check_bset_args();
	child_case(bset_drop, "PR_CAPBSET_DROP: gone from the bounding set, kept over fork");
	child_case(ambient_rules, "PR_CAP_AMBIENT: raise, lower, clear and their rules");
	ok_eq(prctl(PR_GET_SECUREBITS, 0, 0, 0, 0), 0, "PR_GET_SECUREBITS: none set");
	child_case(keepcaps_setuid, "PR_SET_KEEPCAPS: leaving uid 0 keeps permitted only");
	child_case(setuid_drops, "uid changes without KEEPCAPS: effective, fsuid, all ids");
	child_case(securebits_rules, "PR_SET_SECUREBITS: locks, NO_SETUID_FIXUP, CAP_SETPCAP");
	child_case(proc_status, "/proc/self/status Cap* lines follow the sets");

	setid_mounts(TOP, SUID_DIR, NOSUID_DIR);
	if (install_self(PLAIN, 0, 0, 0755) || install_self(SUID_ROOT, 0, 0, 04755) ||
	    install_self(SGID, 0, OTHER_GROUP, 02755) || install_self(NOSUID_ROOT, 0, 0, 04755))
		bail_out("install helpers: %s", strerror(errno));
	check_exec();
	check_file_caps();

	setid_unmount(TOP, SUID_DIR, NOSUID_DIR);
	return tap_finish();
}
