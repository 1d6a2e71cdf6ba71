// SPDX-License-Identifier: GPL-2.0-only
/*
 * Dynamically linked programs: Debian's glibc binaries, copied from the
 * build host with their libraries into dynelf.d/ next to this program
 * (tools/testing/initramfs/copy-dynamic), run unmodified through their
 * PT_INTERP interpreter /lib64/ld-linux-x86-64.so.2.  This driver is
 * static (musl); it links /lib64 and /lib/x86_64-linux-gnu to the copied
 * tree, then checks:
 *
 *  - ls, cat, cp, env, sort, setarch, flock, bash, python3 -S (when the build host
 *    has it) and ld.so run directly print what they should;
 *  - dynelf.d/probe (glibc, PIE; see probe.c): the auxiliary vector and
 *    /proc/self/auxv, the vDSO's LINUX_2.6 symbols against the system
 *    calls (also after fork), MAP_FIXED_NOREPLACE, mprotect of a private
 *    file mapping (RELRO), TLS in a second thread; the newer system calls
 *    glibc and the tools use (clone3, close_range, copy_file_range, fadvise64,
 *    flock, membarrier, the xattr calls, personality, statx, faccessat2, ...),
 *    POSIX timers (signals, overruns, SIGEV_THREAD, absolute times), pidfds;
 *  - ASLR: program, stack, heap, mmap, libc, ld.so and vDSO addresses
 *    differ between runs at randomize_va_space 2, the heap's offset from
 *    the program only at 2, nothing moves at 0 or under setarch -R
 *    (personality ADDR_NO_RANDOMIZE); the sysctl is restored after;
 *  - execve errors for bad interpreters: a missing one (ENOENT), a text
 *    file (ELIBBAD), a directory (EACCES), a PT_INTERP without its NUL
 *    (ENOEXEC), and a program cut short inside its program headers (ENOEXEC).
 *
 * Passes on Linux 6.1 too.  Needs root (the sysctl, the /lib links).
 */
#include "../tap.h"
#include "../util.h"

#include <elf.h>
#include <sys/stat.h>
#include <sys/types.h>

#define OUT_MAX		65536
#define ASLR_RUNS	3
#define ASLR_SYSCTL	"/proc/sys/kernel/randomize_va_space"

static char root[PATH_MAX / 2];	/* the copied tree: dynelf.d */
static char out[OUT_MAX];	/* the last program's stdout */

/* root/rel in memory of its own (a handful per run: never freed). */
static const char *path_in_root(const char *rel)
{
	size_t len = strlen(root) + strlen(rel) + 2;
	char *p = malloc(len);

	if (!p)
		bail_out("out of memory");
	snprintf(p, len, "%s/%s", root, rel);
	return p;
}

/* A new (or emptied) file holding s: write_text() only writes existing files. */
static int create_text(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

	if (fd < 0)
		return -1;
	close(fd);
	return write_text(path, s);
}

/* Make the copied libraries visible where the programs look for them. */
static int setup_links(void)
{
	struct stat st;

	mkdir("/lib", 0755);
	if (lstat("/lib64", &st) && symlink(path_in_root("lib64"), "/lib64"))
		return -1;
	if (lstat("/lib/x86_64-linux-gnu", &st) &&
	    symlink(path_in_root("lib/x86_64-linux-gnu"), "/lib/x86_64-linux-gnu"))
		return -1;
	return 0;
}

/*
 * Run argv with envp (NULL: a minimal one), stdin from input (NULL:
 * /dev/null); its stdout goes to out[].  Returns the wait status, -1 if
 * it could not be started.
 */
static int run(char *const argv[], char *const envp[], const char *input)
{
	static char *const env_default[] = { "PATH=/bin:/usr/bin", NULL };
	int outp[2], inp[2], status;
	size_t len = 0;
	ssize_t n;
	pid_t pid;

	if (pipe(outp) || pipe(inp))
		return -1;
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		dup2(inp[0], 0);
		dup2(outp[1], 1);
		close(inp[0]);
		close(inp[1]);
		close(outp[0]);
		close(outp[1]);
		execve(argv[0], argv, envp ? envp : env_default);
		_exit(127);
	}
	close(inp[0]);
	close(outp[1]);
	if (input)
		write(inp[1], input, strlen(input));
	close(inp[1]);
	while (len < sizeof(out) - 1 && (n = read(outp[0], out + len, sizeof(out) - 1 - len)) > 0)
		len += n;
	out[len] = '\0';
	close(outp[0]);
	status = wait_status(pid);
	return status;
}

/* execve(path) in a child: 0 if it started, else its errno. */
static int exec_errno(const char *path)
{
	char *const argv[] = { (char *)path, NULL }, *const envp[] = { NULL };
	int p[2], err = 0;
	pid_t pid;

	if (pipe(p))
		return -1;
	pid = fork();
	if (pid == 0) {
		close(p[0]);
		execve(path, argv, envp);
		err = errno;
		write(p[1], &err, sizeof(err));
		_exit(127);
	}
	close(p[1]);
	if (read(p[0], &err, sizeof(err)) != sizeof(err))
		err = 0;
	close(p[0]);
	wait_status(pid);
	return err;
}

/* ------------------------------------------------------------ programs */

static void test_programs(void)
{
	char *cat[] = { (char *)path_in_root("bin/cat"), "/tmp/dynelf-cat.txt", NULL };
	char *ls[] = { (char *)path_in_root("bin/ls"), "/tmp/dynelf-ls", NULL };
	char *env[] = { (char *)path_in_root("usr/bin/env"), NULL };
	char *envp[] = { "A=1", "B=two words", NULL };
	char *sort[] = { (char *)path_in_root("usr/bin/sort"), NULL };
	char *ldso[] = { "/lib64/ld-linux-x86-64.so.2", (char *)path_in_root("bin/cat"),
			 "/tmp/dynelf-cat.txt", NULL };
	char *setarch[] = { (char *)path_in_root("usr/bin/setarch"), "x86_64", "-R",
			    (char *)path_in_root("usr/bin/env"), NULL };
	char *bash[] = { (char *)path_in_root("usr/bin/bash"), "-c",
			 "for i in 1 2 3; do printf %s $i; done; echo; echo $((6 * 7)); "
			 "x=$(echo sub); echo $x; (exit 7); echo child $?", NULL };
	char *python[] = { (char *)path_in_root("usr/bin/python3"), "-S", "-c",
			   "import os, time; print(sum(range(10)), os.getpid() > 1, "
			   "time.time() > 1e9)", NULL };
	char *pyenv[] = { NULL, NULL };
	char *cp[] = { (char *)path_in_root("usr/bin/cp"), "/tmp/dynelf-cat.txt",
		       "/tmp/dynelf-cp.txt", NULL };
	char *flock[] = { (char *)path_in_root("usr/bin/flock"), "/tmp/dynelf-lockfile", "-c",
			  "echo locked", NULL };
	char home[PATH_MAX / 2 + 16];
	int st;

	snprintf(home, sizeof(home), "PYTHONHOME=%s/usr", root);
	pyenv[0] = home;
	create_text("/tmp/dynelf-cat.txt", "hello\ndynamic world\n");
	st = run(cat, NULL, NULL);
	ok(st == 0 && text_eq(out, "hello\ndynamic world\n"), "cat prints a file (%s)",
	   status_str(st));
	mkdir("/tmp/dynelf-ls", 0755);
	create_text("/tmp/dynelf-ls/pear", "");
	create_text("/tmp/dynelf-ls/apple", "");
	mkdir("/tmp/dynelf-ls/fig", 0755);
	st = run(ls, NULL, NULL);
	ok(st == 0 && text_eq(out, "apple\nfig\npear\n"), "ls lists a directory sorted (%s): %s",
	   status_str(st), out);
	st = run(env, envp, NULL);
	ok(st == 0 && text_eq(out, "A=1\nB=two words\n"), "env prints its environment (%s)",
	   status_str(st));
	st = run(sort, NULL, "pear\napple\nfig\napple\n");
	ok(st == 0 && text_eq(out, "apple\napple\nfig\npear\n"), "sort sorts stdin (%s)",
	   status_str(st));
	st = run(ldso, NULL, NULL);
	ok(st == 0 && text_eq(out, "hello\ndynamic world\n"),
	   "ld.so run as a program loads cat (%s)", status_str(st));
	st = run(setarch, envp, NULL);
	ok(st == 0 && text_eq(out, "A=1\nB=two words\n"), "setarch -R runs env (%s)",
	   status_str(st));
	st = run(cp, NULL, NULL);
	ok(st == 0 && file_text("/tmp/dynelf-cp.txt") &&
	   text_eq(file_text("/tmp/dynelf-cp.txt"), "hello\ndynamic world\n"),
	   "cp copies a file (%s)", status_str(st));
	st = run(flock, NULL, NULL);
	ok(st == 0 && text_eq(out, "locked\n"), "flock(1) runs a command under a lock (%s)",
	   status_str(st));
	st = run(bash, NULL, NULL);
	ok(st == 0 && text_eq(out, "123\n42\nsub\nchild 7\n"),
	   "bash: a loop, arithmetic, command substitution, a child's status (%s): %s",
	   status_str(st), out);
	if (access(python[0], X_OK)) {
		skip("no python3 on the build host");
		return;
	}
	st = run(python, pyenv, NULL);
	ok(st == 0 && text_eq(out, "45 True True\n"), "python3 -S -c runs (%s): %s",
	   status_str(st), out);
}

/* ------------------------------------------------------------ probe */

/* Each "check NAME pass|fail DETAIL" line of the probe becomes a test point. */
static void probe_checks(const char *mode, int expect)
{
	char *argv[] = { (char *)path_in_root("probe"), (char *)mode, NULL };
	char *line, *save = NULL;
	int st = run(argv, NULL, NULL), n = 0;

	for (line = strtok_r(out, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char name[64], verdict[8];
		int off = 0;

		if (sscanf(line, "check %63s %7s %n", name, verdict, &off) < 2)
			continue;
		n++;
		ok(!strcmp(verdict, "pass"), "%s: %s: %s", mode, name, line + off);
	}
	ok(st == 0 && n >= expect, "probe %s ran %d checks (%s)", mode, n, status_str(st));
}

/* ------------------------------------------------------------ ASLR */

#define NR_ADDRS	9
static const char *const addr_names[NR_ADDRS] = {
	"pie", "stack", "brk", "heapgap", "malloc", "mmap", "libc", "ldso", "vdso",
};

/* One "probe addrs" run (under setarch -R if norand): the addresses in order. */
static int probe_addrs(unsigned long addrs[NR_ADDRS], int norand)
{
	char *plain[] = { (char *)path_in_root("probe"), "addrs", NULL };
	char *setarch[] = { (char *)path_in_root("usr/bin/setarch"), "x86_64", "-R",
			    (char *)path_in_root("probe"), "addrs", NULL };
	char *line, *save = NULL;
	int found = 0;

	if (run(norand ? setarch : plain, NULL, NULL) != 0)
		return -1;
	for (line = strtok_r(out, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char name[32];
		unsigned long v;

		if (sscanf(line, "addr %31s %lx", name, &v) != 2)
			continue;
		for (int i = 0; i < NR_ADDRS; i++)
			if (!strcmp(name, addr_names[i])) {
				addrs[i] = v;
				found++;
			}
	}
	return found == NR_ADDRS ? 0 : -1;
}

static int set_level(int level)
{
	char buf[4];

	snprintf(buf, sizeof(buf), "%d", level);
	return write_text(ASLR_SYSCTL, buf);
}

/* Run the probe runs times; bit i of the result: address i took more than one value. */
static int aslr_runs(int runs, int norand, unsigned int *varied)
{
	unsigned long first[NR_ADDRS], now[NR_ADDRS];

	*varied = 0;
	if (probe_addrs(first, norand))
		return -1;
	for (int r = 1; r < runs; r++) {
		if (probe_addrs(now, norand))
			return -1;
		for (int i = 0; i < NR_ADDRS; i++)
			if (now[i] != first[i])
				*varied |= 1u << i;
	}
	return 0;
}

static void test_aslr(void)
{
	char saved[16] = "2";
	unsigned int varied;
	int i;

	read_text(ASLR_SYSCTL, saved, sizeof(saved));
	if (set_level(2) || aslr_runs(ASLR_RUNS, 0, &varied)) {
		ok(0, "aslr: randomize_va_space=2 runs");
	} else {
		for (i = 0; i < NR_ADDRS; i++)
			ok(varied & (1u << i), "aslr: level 2: %s differs between runs",
			   addr_names[i]);
	}
	if (set_level(1) || aslr_runs(ASLR_RUNS, 0, &varied)) {
		ok(0, "aslr: randomize_va_space=1 runs");
	} else {
		ok(varied & 1, "aslr: level 1: the program still moves");
		ok(!(varied & 8), "aslr: level 1: the heap follows the program at a fixed offset");
	}
	if (set_level(0) || aslr_runs(2, 0, &varied))
		ok(0, "aslr: randomize_va_space=0 runs");
	else
		ok(varied == 0, "aslr: level 0: nothing moves (varied mask %#x)", varied);
	set_level(2);
	if (aslr_runs(2, 1, &varied))
		ok(0, "aslr: setarch -R runs");
	else
		ok(varied == 0, "aslr: setarch -R: nothing moves (varied mask %#x)", varied);
	write_text(ASLR_SYSCTL, saved);
}

/* ------------------------------------------------------------ bad interpreters */

/* Copy the probe to path with its PT_INTERP string replaced by interp (len bytes). */
static int copy_with_interp(const char *path, const char *interp, size_t len, size_t truncate)
{
	static char img[4 << 20];
	const Elf64_Ehdr *eh = (const void *)img;
	const Elf64_Phdr *ph;
	ssize_t n;
	int fd = open(path_in_root("probe"), O_RDONLY), done = 0;

	if (fd < 0)
		return -1;
	n = read(fd, img, sizeof(img));
	close(fd);
	if (n < (ssize_t)sizeof(*eh))
		return -1;
	ph = (const void *)(img + eh->e_phoff);
	for (int i = 0; i < eh->e_phnum && interp; i++) {
		if (ph[i].p_type != PT_INTERP || len > ph[i].p_filesz)
			continue;
		memset(img + ph[i].p_offset, 0, ph[i].p_filesz);
		memcpy(img + ph[i].p_offset, interp, len);
		done = 1;
	}
	if (interp && !done)
		return -1;
	if (truncate)
		n = truncate;
	unlink(path);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0755);
	if (fd < 0 || write(fd, img, n) != n)
		return -1;
	return close(fd);
}

static void test_bad_interp(void)
{
	const char *prog = "/tmp/dynelf-badinterp";
	char unterminated[64];
	int fd;

	if (copy_with_interp(prog, "/tmp/dynelf-no-such-ld.so", 26, 0) == 0)
		ok_eq(exec_errno(prog), ENOENT, "missing interpreter: ENOENT");
	else
		ok(0, "missing interpreter: cannot build the program");

	fd = open("/tmp/dynelf-text-ld.so", O_WRONLY | O_CREAT | O_TRUNC, 0755);
	for (int i = 0; fd >= 0 && i < 8; i++)
		write(fd, "#not an ELF file, just text.\n", 29);
	close(fd);
	if (copy_with_interp(prog, "/tmp/dynelf-text-ld.so", 23, 0) == 0)
		ok_eq(exec_errno(prog), ELIBBAD, "interpreter that is not ELF: ELIBBAD");
	else
		ok(0, "interpreter that is not ELF: cannot build the program");

	mkdir("/tmp/dynelf-dir-ld.so", 0755);
	if (copy_with_interp(prog, "/tmp/dynelf-dir-ld.so", 22, 0) == 0)
		ok_eq(exec_errno(prog), EACCES, "interpreter that is a directory: EACCES");
	else
		ok(0, "interpreter that is a directory: cannot build the program");

	memset(unterminated, 'x', sizeof(unterminated));
	if (copy_with_interp(prog, unterminated, 28, 0) == 0)
		ok_eq(exec_errno(prog), ENOEXEC, "PT_INTERP without a terminating NUL: ENOEXEC");
	else
		ok(0, "PT_INTERP without a terminating NUL: cannot build the program");

	/* Linux reads the program headers or gives up with ENOEXEC. */
	if (copy_with_interp(prog, NULL, 0, 200) == 0)
		ok_eq(exec_errno(prog), ENOEXEC, "program cut off inside its program headers: ENOEXEC");
	else
		ok(0, "truncated program: cannot build it");
	unlink(prog);
}

int main(int argc, char **argv)
{
	char self[PATH_MAX / 4], *slash;

	snprintf(self, sizeof(self), "%s", self_path(argv[0]));
	slash = strrchr(self, '/');
	if (slash)
		*slash = '\0';
	snprintf(root, sizeof(root), "%s/dynelf.d", self);
	if (access(path_in_root("probe"), X_OK))
		bail_out("no %s: build the suite with the Makefile (host gcc, ldd)",
			 path_in_root("probe"));
	if (setup_links())
		bail_out("cannot link /lib64 and /lib/x86_64-linux-gnu: %s", strerror(errno));

	test_programs();
	probe_checks("auxv", 18);
	probe_checks("vdso", 20);
	probe_checks("mm", 7);
	probe_checks("calls", 37);
	probe_checks("timers", 10);
	probe_checks("pidfd", 8);
	test_aslr();
	test_bad_interp();
	(void)argc;
	return tap_finish();
}
