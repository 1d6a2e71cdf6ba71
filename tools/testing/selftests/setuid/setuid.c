// SPDX-License-Identifier: GPL-2.0-only
/*
 * setuid - set-user-ID and set-group-ID execution (execve(2),
 * credentials(7)), AT_SECURE (getauxval(3)), the dumpable state
 * (PR_GET_DUMPABLE, /proc/<pid> ownership, fs.suid_dumpable), nosuid
 * mounts and PR_SET_NO_NEW_PRIVS.
 *
 * Runs as root.  It mounts two tmpfs instances under /tmp (one nosuid),
 * copies itself there with various owners and modes, and for each case
 * forks a child that drops to UID:GID 1000:1000 and execs the copy.  The
 * copy, started with "--report ... FD", writes a record of what it
 * became - real/effective/saved ids, AT_SECURE, PR_GET_DUMPABLE,
 * PR_GET_NO_NEW_PRIVS, the owners of /proc/<pid> and /proc/<pid>/status
 * (the directory always tells the effective ids, the files inside are
 * root's once the process is not dumpable) and whether
 * it could open a file only CAP_DAC_OVERRIDE may read - and the parent
 * checks it.  "#!" scripts run by a copy show that a script's own set-id
 * bits do not count but its interpreter's do; an execute-only copy that
 * the dumpable state also follows unreadable programs.  Must pass on
 * Linux and Tidewater alike.
 */
#include <sys/auxv.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <grp.h>

#include "tap.h"
#include "util.h"

#define USER		1000	/* the unprivileged caller */
#define OTHER_GROUP	4242	/* group of the set-group-ID copies */
#define OTHER_USER	4243	/* owner of a set-user-ID copy that is not root */
#define STRANGER	4244	/* owns the private file */
#define TOP		"/tmp/setuid-test"
#define SUID_DIR	TOP "/suid"
#define NOSUID_DIR	TOP "/nosuid"
#define PRIVATE		TOP "/suid/private"

/* What the helper saw of itself. */
struct report {
	unsigned int ruid, euid, suid, rgid, egid, sgid;
	unsigned long secure;
	int dumpable, nnp;
	unsigned int proc_uid, proc_gid;	/* of /proc/<pid> */
	unsigned int status_uid, status_gid;	/* of /proc/<pid>/status */
	int can_read_private;
};

/* ------------------------------------------------------------ the helper */

static int helper(int fd)
{
	struct report r;
	struct stat st;
	char path[64];
	int priv;

	getresuid(&r.ruid, &r.euid, &r.suid);
	getresgid(&r.rgid, &r.egid, &r.sgid);
	r.secure = getauxval(AT_SECURE);
	r.dumpable = prctl(PR_GET_DUMPABLE, 0, 0, 0, 0);
	r.nnp = prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0);
	snprintf(path, sizeof(path), "/proc/%d", (int)getpid());
	r.proc_uid = r.proc_gid = (unsigned int)-1;
	if (stat(path, &st) == 0) {
		r.proc_uid = st.st_uid;
		r.proc_gid = st.st_gid;
	}
	strcat(path, "/status");
	r.status_uid = r.status_gid = (unsigned int)-1;
	if (stat(path, &st) == 0) {
		r.status_uid = st.st_uid;
		r.status_gid = st.st_gid;
	}
	priv = open(PRIVATE, O_RDONLY);
	r.can_read_private = priv >= 0;
	if (priv >= 0)
		close(priv);
	return write(fd, &r, sizeof(r)) == (ssize_t)sizeof(r) ? 0 : 1;
}

/* ------------------------------------------------------------ the driver */

/*
 * Fork; the child becomes USER:USER (no supplementary groups), sets
 * no_new_privs if asked, and execs prog in report mode: a copy of this
 * program as "prog --report FD", a script (whose "#!" line names a copy
 * and "--report") as "prog FD".  0 and *r filled, or -1 (the reason is
 * printed).
 */
static int run_as_user(const char *prog, int nnp, int script, struct report *r)
{
	int pfd[2], status;
	ssize_t n;
	pid_t pid;

	if (pipe(pfd))
		return -1;
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		char fdarg[16];

		close(pfd[0]);
		snprintf(fdarg, sizeof(fdarg), "%d", pfd[1]);
		if (setgroups(0, NULL) || setresgid(USER, USER, USER) ||
		    setresuid(USER, USER, USER))
			_exit(101);
		if (nnp && prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
			_exit(102);
		if (script)
			execl(prog, prog, fdarg, (char *)NULL);
		else
			execl(prog, prog, "--report", fdarg, (char *)NULL);
		_exit(103);
	}
	close(pfd[1]);
	n = read(pfd[0], r, sizeof(*r));
	close(pfd[0]);
	waitpid(pid, &status, 0);
	if (n != (ssize_t)sizeof(*r)) {
		diag("%s: no report (status 0x%x)", prog, status);
		return -1;
	}
	return 0;
}

/* A set-user-ID-root "#!" script run by interp (a copy) in report mode. */
static int script(const char *path, const char *interp)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return -1;
	fprintf(f, "#!%s --report\n", interp);
	if (fclose(f) || chmod(path, 04755))
		return -1;
	return 0;
}

static int suid_dumpable(void)
{
	FILE *f = fopen("/proc/sys/fs/suid_dumpable", "r");
	int v = -1;

	if (f) {
		if (fscanf(f, "%d", &v) != 1)
			v = -1;
		fclose(f);
	}
	return v;
}

struct expect {
	const char *name;
	const char *prog;
	int nnp;
	unsigned int euid, egid;
	int secure;
	int can_read_private;
	int script;		/* prog is a "#!" script */
	int unreadable;		/* prog cannot be read by USER: not dumpable */
};

static void check_case(const struct expect *e, int dump_after_change)
{
	struct report r;
	int want_dump = e->secure || e->unreadable ? dump_after_change : 1;

	if (run_as_user(e->prog, e->nnp, e->script, &r)) {
		ok(0, "%s: helper ran", e->name);
		return;
	}
	ok(r.ruid == USER && r.rgid == USER, "%s: real ids stay %d:%d (got %u:%u)",
	   e->name, USER, USER, r.ruid, r.rgid);
	ok(r.euid == e->euid && r.suid == e->euid,
	   "%s: effective and saved uid %u (got %u, %u)", e->name, e->euid, r.euid, r.suid);
	ok(r.egid == e->egid && r.sgid == e->egid,
	   "%s: effective and saved gid %u (got %u, %u)", e->name, e->egid, r.egid, r.sgid);
	ok_eq(r.secure, (unsigned long)e->secure, "%s: getauxval(AT_SECURE)", e->name);
	ok_eq(r.dumpable, want_dump, "%s: PR_GET_DUMPABLE", e->name);
	ok(r.proc_uid == r.euid && r.proc_gid == r.egid,
	   "%s: /proc/<pid> owned by the effective ids (%u:%u)", e->name,
	   r.proc_uid, r.proc_gid);
	if (want_dump == 1)
		ok(r.status_uid == r.euid && r.status_gid == r.egid,
		   "%s: /proc/<pid>/status owned by the effective ids (%u:%u)", e->name,
		   r.status_uid, r.status_gid);
	else
		ok(r.status_uid == 0 && r.status_gid == 0,
		   "%s: /proc/<pid>/status owned by root (%u:%u)", e->name,
		   r.status_uid, r.status_gid);
	ok_eq(r.nnp, e->nnp, "%s: PR_GET_NO_NEW_PRIVS", e->name);
	ok_eq(r.can_read_private, e->can_read_private,
	      "%s: a file only CAP_DAC_OVERRIDE may read", e->name);
}

/* prctl argument rules and inheritance of no_new_privs across fork. */
static void check_prctl(void)
{
	int status;
	pid_t pid;

	ok_eq(prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0), 0, "prctl: no_new_privs starts clear");
	ok_errno(prctl(PR_SET_NO_NEW_PRIVS, 0, 0, 0, 0), EINVAL,
		 "prctl: PR_SET_NO_NEW_PRIVS 0 (cannot be cleared)");
	ok_errno(prctl(PR_SET_NO_NEW_PRIVS, 1, 1, 0, 0), EINVAL,
		 "prctl: PR_SET_NO_NEW_PRIVS with a stray argument");
	ok_errno(prctl(PR_GET_NO_NEW_PRIVS, 1, 0, 0, 0), EINVAL,
		 "prctl: PR_GET_NO_NEW_PRIVS with a stray argument");
	ok_errno(prctl(PR_SET_DUMPABLE, 2, 0, 0, 0), EINVAL, "prctl: PR_SET_DUMPABLE 2");
	ok_eq(prctl(PR_GET_DUMPABLE, 0, 0, 0, 0), 1, "prctl: root's own program is dumpable");

	pid = fork();
	if (pid == 0) {
		pid_t grandchild;

		/* exit codes: 1 set failed, 2 fork, 3 not inherited, 4 dumpable */
		if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
			_exit(1);
		if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) || prctl(PR_GET_DUMPABLE, 0, 0, 0, 0) != 0)
			_exit(4);
		grandchild = fork();
		if (grandchild < 0)
			_exit(2);
		if (grandchild == 0)
			_exit(prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) == 1 &&
			      prctl(PR_GET_DUMPABLE, 0, 0, 0, 0) == 0 ? 0 : 3);
		waitpid(grandchild, &status, 0);
		_exit(WIFEXITED(status) ? WEXITSTATUS(status) : 3);
	}
	waitpid(pid, &status, 0);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	   "prctl: no_new_privs and dumpable 0 set, kept across fork (status 0x%x)", status);
}

/* Changing the effective identity without exec makes the process not dumpable. */
static void check_setuid_dumpable(int dump)
{
	int status;
	pid_t pid = fork();

	if (pid == 0)
		_exit(setresuid(USER, USER, USER) ? 100 : prctl(PR_GET_DUMPABLE, 0, 0, 0, 0));
	waitpid(pid, &status, 0);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == dump,
	   "setresuid: PR_GET_DUMPABLE becomes fs.suid_dumpable %d (status 0x%x)", dump, status);
}

/*
 * A process that is not dumpable still reads its own /proc/<pid>/fd,
 * although that directory (0500) now belongs to root.
 */
static void check_own_fd_dir(void)
{
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		char path[64];
		struct stat st;
		int fd;

		/* exit codes: 1 set-up, 2 not root's, 3 self/fd, 4 <pid>/fd */
		if (setresuid(USER, USER, USER) || prctl(PR_SET_DUMPABLE, 0, 0, 0, 0))
			_exit(1);
		snprintf(path, sizeof(path), "/proc/%d/fd", (int)getpid());
		if (stat(path, &st) || st.st_uid != 0)
			_exit(2);
		fd = open("/proc/self/fd", O_RDONLY | O_DIRECTORY);
		if (fd < 0)
			_exit(3);
		close(fd);
		fd = open(path, O_RDONLY | O_DIRECTORY);
		_exit(fd < 0 ? 4 : 0);
	}
	waitpid(pid, &status, 0);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	   "not dumpable: /proc/<pid>/fd is root's, and its own process still opens it (status 0x%x)",
	   status);
}

int main(int argc, char **argv)
{
	int dump;

	/* As a script's interpreter: --report SCRIPT FD. */
	if (argc >= 3 && !strcmp(argv[1], "--report"))
		return helper(atoi(argv[argc - 1]));

	if (geteuid() != 0) {
		skip("setuid: needs root");
		return tap_finish();
	}
	check_prctl();

	setid_mounts(TOP, SUID_DIR, NOSUID_DIR);

	dump = suid_dumpable();
	ok(dump >= 0 && dump <= 2, "fs.suid_dumpable readable (%d)", dump);
	if (dump < 0)
		dump = 0;
	check_setuid_dumpable(dump);
	check_own_fd_dir();

	int fd = open(PRIVATE, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	if (fd < 0 || close(fd) || chown(PRIVATE, STRANGER, STRANGER) || chmod(PRIVATE, 0600))
		bail_out("private file: %s", strerror(errno));
	if (install_self(SUID_DIR "/plain", 0, 0, 0755) ||
	    install_self(SUID_DIR "/suid-root", 0, OTHER_GROUP, 06755) ||
	    install_self(SUID_DIR "/suid-other", OTHER_USER, 0, 04755) ||
	    install_self(SUID_DIR "/sgid", 0, OTHER_GROUP, 02755) ||
	    install_self(SUID_DIR "/sgid-noexec", 0, OTHER_GROUP, 02705) ||
	    install_self(SUID_DIR "/exec-only", 0, 0, 0711) ||
	    install_self(NOSUID_DIR "/suid-root", 0, OTHER_GROUP, 06755) ||
	    script(SUID_DIR "/suid-script", SUID_DIR "/plain") ||
	    script(SUID_DIR "/script-suid-interp", SUID_DIR "/suid-root"))
		bail_out("install helpers: %s", strerror(errno));

	static const struct expect cases[] = {
		/* name, program, no_new_privs, euid, egid, AT_SECURE, CAP_DAC_OVERRIDE,
		 * script, unreadable */
		{ "plain", SUID_DIR "/plain", 0, USER, USER, 0, 0, 0, 0 },
		{ "setuid+setgid root", SUID_DIR "/suid-root", 0, 0, OTHER_GROUP, 1, 1, 0, 0 },
		{ "setuid to another user", SUID_DIR "/suid-other", 0, OTHER_USER, USER, 1, 0, 0, 0 },
		{ "setgid", SUID_DIR "/sgid", 0, USER, OTHER_GROUP, 1, 0, 0, 0 },
		{ "setgid without group exec", SUID_DIR "/sgid-noexec", 0, USER, USER, 0, 0, 0, 0 },
		{ "nosuid mount", NOSUID_DIR "/suid-root", 0, USER, USER, 0, 0, 0, 0 },
		{ "no_new_privs", SUID_DIR "/suid-root", 1, USER, USER, 0, 0, 0, 0 },
		{ "setuid script", SUID_DIR "/suid-script", 0, USER, USER, 0, 0, 1, 0 },
		{ "script with a setuid interpreter", SUID_DIR "/script-suid-interp", 0,
		  0, OTHER_GROUP, 1, 1, 1, 0 },
		{ "execute-only program", SUID_DIR "/exec-only", 0, USER, USER, 0, 0, 0, 1 },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		check_case(&cases[i], dump);

	setid_unmount(TOP, SUID_DIR, NOSUID_DIR);
	return tap_finish();
}
