// SPDX-License-Identifier: GPL-2.0-only
/*
 * probe - the glibc side of the dynelf suite: a dynamically linked (PIE)
 * program built with the host's gcc and run in the guest through Debian's
 * ld-linux-x86-64.so.2.  The static driver (dynelf.c) runs it in one of
 * these modes and turns its output into TAP:
 *
 *   probe auxv      "check NAME pass|fail DETAIL" lines about getauxval(),
 *                   /proc/self/auxv and where the loader put things
 *   probe vdso      checks that the vDSO exports the LINUX_2.6 symbols
 *                   and that they agree with the system calls (also in a
 *                   forked child)
 *   probe addrs     "addr NAME 0x..." for the ASLR comparisons: the
 *                   program, a stack variable, the heap, an mmap, libc,
 *                   ld.so, the vDSO
 *   probe mm        MAP_FIXED_NOREPLACE, mprotect of a private file
 *                   mapping (what RELRO does), TLS in two threads
 *   probe calls     the newer calls glibc and the tools make: clone3,
 *                   close_range, copy_file_range, fadvise64, flock, membarrier,
 *                   the xattr calls, personality, statx, faccessat2,
 *                   prlimit64, getrandom, sched_getaffinity
 *   probe timers    POSIX timers: signals with their value and timer id,
 *                   overruns, SIGEV_NONE, SIGEV_THREAD at an absolute
 *                   time, the errors
 *   probe pidfd     pidfd_open, pidfd_send_signal, poll, waitid(P_PIDFD),
 *                   clone3's CLONE_PIDFD, the errors
 *
 * Exit status 0 unless the mode itself could not run.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/auxv.h>
#include <sys/file.h>
#include <sys/personality.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <linux/close_range.h>
#include <linux/sched.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Agreement allowed between a vDSO clock and the system calls around it. */
#define FINE_SLACK_NS		10000LL		/* 10 us */
#define COARSE_SLACK_NS		20000000LL	/* 20 ms: two ticks at HZ=100 */

extern char _start[];

static void check(const char *name, int pass, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void check(const char *name, int pass, const char *fmt, ...)
{
	va_list ap;

	printf("check %s %s ", name, pass ? "pass" : "fail");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
}

/* ------------------------------------------------------------ auxv */

/* Start of the first mapping of a file whose name contains key (offset 0). */
static unsigned long map_start(const char *key)
{
	char line[512];
	unsigned long lo, hi, off;
	FILE *f = fopen("/proc/self/maps", "r");

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx %*s %lx", &lo, &hi, &off) == 3 && off == 0 &&
		    strstr(line, key)) {
			fclose(f);
			return lo;
		}
	}
	fclose(f);
	return 0;
}

static int first_phdr(struct dl_phdr_info *info, size_t size __attribute__((unused)), void *data)
{
	*(const void **)data = info->dlpi_phdr;
	return 1;	/* the first object is the program */
}

static unsigned long procfs_auxv(unsigned long type, int *found)
{
	unsigned long pair[2];
	int fd = open("/proc/self/auxv", O_RDONLY);

	*found = 0;
	if (fd < 0)
		return 0;
	while (read(fd, pair, sizeof(pair)) == sizeof(pair) && pair[0] != AT_NULL) {
		if (pair[0] == type) {
			*found = 1;
			break;
		}
	}
	close(fd);
	return *found ? pair[1] : 0;
}

static int mode_auxv(const char *argv0)
{
	const unsigned char *rnd = (const void *)getauxval(AT_RANDOM);
	const char *execfn = (const char *)getauxval(AT_EXECFN);
	const char *platform = (const char *)getauxval(AT_PLATFORM);
	const unsigned char *vdso = (const void *)getauxval(AT_SYSINFO_EHDR);
	const void *phdr = NULL;
	unsigned long v;
	int found, zero = 1, i;

	check("pagesz", getauxval(AT_PAGESZ) == 4096, "AT_PAGESZ %lu", getauxval(AT_PAGESZ));
	check("clktck", getauxval(AT_CLKTCK) == 100, "AT_CLKTCK %lu", getauxval(AT_CLKTCK));
	check("phent", getauxval(AT_PHENT) == sizeof(Elf64_Phdr), "AT_PHENT %lu",
	      getauxval(AT_PHENT));
	dl_iterate_phdr(first_phdr, &phdr);
	check("phdr", getauxval(AT_PHDR) == (unsigned long)phdr && phdr,
	      "AT_PHDR %#lx, program headers at %p", getauxval(AT_PHDR), phdr);
	check("phnum", getauxval(AT_PHNUM) >= 4 && getauxval(AT_PHNUM) < 64, "AT_PHNUM %lu",
	      getauxval(AT_PHNUM));
	v = map_start("ld-linux-x86-64");
	check("base", getauxval(AT_BASE) == v && v, "AT_BASE %#lx, ld.so mapped at %#lx",
	      getauxval(AT_BASE), v);
	check("entry", getauxval(AT_ENTRY) == (unsigned long)_start,
	      "AT_ENTRY %#lx, _start %p", getauxval(AT_ENTRY), (void *)_start);
	check("ids", getauxval(AT_UID) == getuid() && getauxval(AT_EUID) == geteuid() &&
	      getauxval(AT_GID) == getgid() && getauxval(AT_EGID) == getegid(),
	      "AT_UID %lu AT_GID %lu", getauxval(AT_UID), getauxval(AT_GID));
	check("secure", getauxval(AT_SECURE) == 0, "AT_SECURE %lu", getauxval(AT_SECURE));
	for (i = 0; rnd && i < 16; i++)
		zero &= !rnd[i];
	check("random", rnd && !zero, "AT_RANDOM %p", (const void *)rnd);
	check("execfn", execfn && !strcmp(execfn, argv0), "AT_EXECFN \"%s\", argv[0] \"%s\"",
	      execfn ? execfn : "(null)", argv0);
	check("platform", platform && !strcmp(platform, "x86_64"), "AT_PLATFORM \"%s\"",
	      platform ? platform : "(null)");
	check("hwcap", getauxval(AT_HWCAP) != 0, "AT_HWCAP %#lx", getauxval(AT_HWCAP));
	errno = 0;
	v = getauxval(AT_HWCAP2);
	check("hwcap2", errno == 0, "AT_HWCAP2 %#lx (%s)", v, errno ? "missing" : "present");
	errno = 0;
	v = getauxval(AT_MINSIGSTKSZ);
	check("minsigstksz", errno == 0 && v >= 512 && v <= 65536, "AT_MINSIGSTKSZ %lu", v);
	check("sysinfo_ehdr", vdso && !((unsigned long)vdso & 4095) && !memcmp(vdso, ELFMAG, 4) &&
	      (unsigned long)vdso == map_start("[vdso]"), "AT_SYSINFO_EHDR %p, [vdso] at %#lx",
	      (const void *)vdso, map_start("[vdso]"));
	check("maps-vvar", map_start("[vvar]") != 0, "[vvar] at %#lx", map_start("[vvar]"));
	v = procfs_auxv(AT_ENTRY, &found);
	check("procfs", found && v == getauxval(AT_ENTRY) &&
	      procfs_auxv(AT_PHDR, &found) == getauxval(AT_PHDR),
	      "/proc/self/auxv AT_ENTRY %#lx", v);
	return 0;
}

/* ------------------------------------------------------------ vdso */

struct vdso_syms {
	uintptr_t bias;
	const Elf64_Sym *sym;
	const char *str;
	const Elf64_Half *versym;
	const Elf64_Verdef *verdef;
	unsigned long nsyms;
};

static int vdso_parse(struct vdso_syms *v)
{
	const Elf64_Ehdr *eh = (const void *)getauxval(AT_SYSINFO_EHDR);
	const Elf64_Phdr *ph;
	const Elf64_Dyn *dyn = NULL;
	const Elf32_Word *hash = NULL;
	int i, have_load = 0;

	if (!eh)
		return -1;
	memset(v, 0, sizeof(*v));
	ph = (const void *)((const char *)eh + eh->e_phoff);
	for (i = 0; i < eh->e_phnum; i++) {
		if (ph[i].p_type == PT_LOAD && !have_load) {
			v->bias = (uintptr_t)eh + ph[i].p_offset - ph[i].p_vaddr;
			have_load = 1;
		} else if (ph[i].p_type == PT_DYNAMIC) {
			dyn = (const void *)((const char *)eh + ph[i].p_offset);
		}
	}
	if (!have_load || !dyn)
		return -1;
	for (; dyn->d_tag != DT_NULL; dyn++) {
		const void *p = (const void *)(v->bias + dyn->d_un.d_ptr);

		switch (dyn->d_tag) {
		case DT_SYMTAB: v->sym = p; break;
		case DT_STRTAB: v->str = p; break;
		case DT_HASH: hash = p; break;
		case DT_VERSYM: v->versym = p; break;
		case DT_VERDEF: v->verdef = p; break;
		}
	}
	if (!v->sym || !v->str || !hash)
		return -1;
	v->nsyms = hash[1];	/* nchain: one per symbol */
	return 0;
}

/* The name of version index ndx, from the verdef chain. */
static const char *vdso_version(const struct vdso_syms *v, unsigned int ndx)
{
	const Elf64_Verdef *d = v->verdef;

	while (d) {
		if ((d->vd_ndx & 0x7fff) == ndx) {
			const Elf64_Verdaux *a = (const void *)((const char *)d + d->vd_aux);

			return v->str + a->vda_name;
		}
		d = d->vd_next ? (const void *)((const char *)d + d->vd_next) : NULL;
	}
	return NULL;
}

static void *vdso_sym(const struct vdso_syms *v, const char *name, const char *version)
{
	for (unsigned long i = 0; i < v->nsyms; i++) {
		const Elf64_Sym *s = &v->sym[i];
		const char *ver;

		if (ELF64_ST_TYPE(s->st_info) != STT_FUNC || s->st_shndx == SHN_UNDEF ||
		    strcmp(v->str + s->st_name, name))
			continue;
		ver = v->versym ? vdso_version(v, v->versym[i] & 0x7fff) : NULL;
		if (ver && !strcmp(ver, version))
			return (void *)(v->bias + s->st_value);
	}
	return NULL;
}

typedef int (*gettime_fn)(clockid_t, struct timespec *);
typedef int (*gettimeofday_fn)(struct timeval *, void *);
typedef time_t (*time_fn)(time_t *);
typedef long (*getcpu_fn)(unsigned int *, unsigned int *, void *);

static long long ts_ns(const struct timespec *ts)
{
	return ts->tv_sec * 1000000000LL + ts->tv_nsec;
}

/* Bracket the vDSO's reading of clock between two system calls. */
static void vdso_check_clock(gettime_fn fn, clockid_t clock, const char *name, long long slack,
			     const char *who)
{
	struct timespec a, v, b;
	char label[64];
	int r;

	syscall(SYS_clock_gettime, clock, &a);
	r = fn(clock, &v);
	syscall(SYS_clock_gettime, clock, &b);
	snprintf(label, sizeof(label), "%s%s", who, name);
	check(label, r == 0 && ts_ns(&v) >= ts_ns(&a) - slack && ts_ns(&v) <= ts_ns(&b) + slack,
	      "syscall %lld, vdso %lld, syscall %lld (r %d)", ts_ns(&a), ts_ns(&v), ts_ns(&b), r);
}

/* Pinned to each allowed CPU in turn, getcpu() must name that CPU. */
static void check_getcpu_pinned(getcpu_fn gc)
{
	cpu_set_t all, one;
	unsigned int cpu;
	int tried = 0, right = 0, c;

	if (sched_getaffinity(0, sizeof(all), &all))
		return;
	for (c = 0; c < CPU_SETSIZE && tried < 4; c++) {
		if (!CPU_ISSET(c, &all))
			continue;
		CPU_ZERO(&one);
		CPU_SET(c, &one);
		if (sched_setaffinity(0, sizeof(one), &one))
			continue;
		tried++;
		cpu = ~0u;
		right += gc(&cpu, NULL, NULL) == 0 && cpu == (unsigned int)c;
	}
	sched_setaffinity(0, sizeof(all), &all);
	check("getcpu-pinned", tried > 0 && right == tried, "%d of %d CPUs named right", right,
	      tried);
}

static int mode_vdso(void)
{
	static const char *const names[] = {
		"__vdso_clock_gettime", "__vdso_gettimeofday", "__vdso_time",
		"__vdso_getcpu", "__vdso_clock_getres",
	};
	struct vdso_syms v;
	gettime_fn gt, gr;
	gettimeofday_fn gtod;
	time_fn tm;
	getcpu_fn gc;
	struct timeval tv1, tv, tv2;
	struct timespec r1, r2;
	unsigned int cpu = ~0u;
	long t1, t, t2, r;
	pid_t pid;
	int status;

	if (vdso_parse(&v)) {
		check("parse", 0, "no usable vDSO at AT_SYSINFO_EHDR %#lx",
		      getauxval(AT_SYSINFO_EHDR));
		return 0;
	}
	check("parse", 1, "%lu dynamic symbols", v.nsyms);
	for (unsigned int i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		char label[48];

		snprintf(label, sizeof(label), "sym-%s", names[i] + 7);
		check(label, vdso_sym(&v, names[i], "LINUX_2.6") != NULL, "%s@LINUX_2.6", names[i]);
	}
	gt = (gettime_fn)vdso_sym(&v, "__vdso_clock_gettime", "LINUX_2.6");
	gr = (gettime_fn)vdso_sym(&v, "__vdso_clock_getres", "LINUX_2.6");
	gtod = (gettimeofday_fn)vdso_sym(&v, "__vdso_gettimeofday", "LINUX_2.6");
	tm = (time_fn)vdso_sym(&v, "__vdso_time", "LINUX_2.6");
	gc = (getcpu_fn)vdso_sym(&v, "__vdso_getcpu", "LINUX_2.6");
	if (!gt || !gr || !gtod || !tm || !gc)
		return 0;
	vdso_check_clock(gt, CLOCK_REALTIME, "realtime", FINE_SLACK_NS, "");
	vdso_check_clock(gt, CLOCK_MONOTONIC, "monotonic", FINE_SLACK_NS, "");
	vdso_check_clock(gt, CLOCK_BOOTTIME, "boottime", FINE_SLACK_NS, "");
	vdso_check_clock(gt, CLOCK_MONOTONIC_RAW, "monotonic_raw", FINE_SLACK_NS, "");
	vdso_check_clock(gt, CLOCK_REALTIME_COARSE, "realtime_coarse", COARSE_SLACK_NS, "");
	vdso_check_clock(gt, CLOCK_MONOTONIC_COARSE, "monotonic_coarse", COARSE_SLACK_NS, "");
	vdso_check_clock(gt, CLOCK_PROCESS_CPUTIME_ID, "process_cputime", 50000000LL, "");
	check("badclock", gt(12345, &r1) == -EINVAL, "clock 12345 gives -EINVAL");

	syscall(SYS_gettimeofday, &tv1, NULL);
	gtod(&tv, NULL);
	syscall(SYS_gettimeofday, &tv2, NULL);
	check("gettimeofday", tv.tv_sec * 1000000LL + tv.tv_usec >= tv1.tv_sec * 1000000LL +
	      tv1.tv_usec - 10 && tv.tv_sec * 1000000LL + tv.tv_usec <= tv2.tv_sec * 1000000LL +
	      tv2.tv_usec + 10, "%ld.%06ld", (long)tv.tv_sec, (long)tv.tv_usec);
	t1 = syscall(SYS_time, NULL);
	t = tm(NULL);
	t2 = syscall(SYS_time, NULL);
	check("time", t >= t1 - 1 && t <= t2 + 1, "syscall %ld, vdso %ld, syscall %ld", t1, t, t2);
	r = gc(&cpu, NULL, NULL);
	check("getcpu", r == 0 && cpu < (unsigned int)sysconf(_SC_NPROCESSORS_CONF),
	      "cpu %u (r %ld)", cpu, r);
	check_getcpu_pinned(gc);
	syscall(SYS_clock_getres, CLOCK_MONOTONIC, &r1);
	r = gr(CLOCK_MONOTONIC, &r2);
	check("getres", r == 0 && ts_ns(&r1) == ts_ns(&r2), "syscall %lld ns, vdso %lld ns",
	      ts_ns(&r1), ts_ns(&r2));
	check("libc", gt == (gettime_fn)vdso_sym(&v, "__vdso_clock_gettime", "LINUX_2.6") &&
	      clock_gettime(CLOCK_MONOTONIC, &r1) == 0, "glibc's clock_gettime works");

	/* After fork the child still has the vDSO at the same place. */
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		vdso_check_clock(gt, CLOCK_MONOTONIC, "monotonic", FINE_SLACK_NS, "fork-");
		_exit(0);
	}
	check("fork", pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
	      !WEXITSTATUS(status), "child status %#x", status);
	return 0;
}

/* ------------------------------------------------------------ addrs */

static int mode_addrs(void)
{
	int local;
	void *heap = malloc(64);	/* small: from brk */
	void *map = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	printf("addr pie %#lx\n", map_start("probe"));
	printf("addr stack %p\n", (void *)&local);
	printf("addr brk %p\n", sbrk(0));
	printf("addr heapgap %#lx\n", (unsigned long)sbrk(0) - map_start("probe"));
	printf("addr malloc %p\n", heap);
	printf("addr mmap %p\n", map);
	printf("addr libc %p\n", (void *)printf);
	printf("addr ldso %#lx\n", getauxval(AT_BASE));
	printf("addr vdso %#lx\n", getauxval(AT_SYSINFO_EHDR));
	return 0;
}

/* ------------------------------------------------------------ mm */

static __thread int tls_value = 7;

static void *tls_thread(void *arg __attribute__((unused)))
{
	tls_value = 99;
	return (void *)(long)tls_value;
}

static int mode_mm(void)
{
	long page = sysconf(_SC_PAGESIZE);
	char path[] = "/tmp/dynelf-probe-XXXXXX", buf[64] = { 0 };
	char *p, *q;
	void *ret;
	pthread_t t;
	struct timespec ts;
	int fd, pass;

	p = mmap(NULL, 2 * page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	q = mmap(p, page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	check("noreplace-eexist", q == MAP_FAILED && errno == EEXIST, "over a mapping: %s",
	      q == MAP_FAILED ? strerror(errno) : "mapped");
	munmap(p + page, page);
	q = mmap(p + page, page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE,
		 -1, 0);
	check("noreplace-free", q == p + page, "into a hole: %p (want %p)", (void *)q,
	      (void *)(p + page));

	/* RELRO: a private file mapping written, then made read-only. */
	fd = mkstemp(path);
	if (fd < 0 || write(fd, "relro-original", 14) != 14) {
		check("relro", 0, "cannot create %s", path);
		return 1;
	}
	p = mmap(NULL, page, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	if (p != MAP_FAILED) {
		memcpy(p, "relro-modified", 14);
		check("relro-mprotect", mprotect(p, page, PROT_READ) == 0 &&
		      !memcmp(p, "relro-modified", 14), "private copy kept after PROT_READ");
		pread(fd, buf, 14, 0);
		check("relro-file", !strcmp(buf, "relro-original"), "file still \"%s\"", buf);
	} else {
		check("relro-mprotect", 0, "mmap: %s", strerror(errno));
	}
	unlink(path);
	close(fd);

	/* Locking everything skips the vDSO's special mappings but must not break them. */
	errno = 0;
	pass = mlockall(MCL_CURRENT) == 0 && clock_gettime(CLOCK_MONOTONIC, &ts) == 0 &&
	       munlockall() == 0;
	check("mlockall", pass, "mlockall, clock_gettime, munlockall: %s", strerror(errno));

	check("tls-main", tls_value == 7, "__thread value %d", tls_value);
	if (pthread_create(&t, NULL, tls_thread, NULL) == 0 && pthread_join(t, &ret) == 0)
		check("tls-thread", (long)ret == 99 && tls_value == 7,
		      "thread saw %ld, main still %d", (long)ret, tls_value);
	else
		check("tls-thread", 0, "pthread_create failed");
	return 0;
}

/* ------------------------------------------------------------ calls */

static long do_clone3(struct clone_args *args, size_t size)
{
	return syscall(SYS_clone3, args, size);
}

static void calls_clone3(void)
{
	int pass;
	struct clone_args args = { .exit_signal = SIGCHLD };
	char big[sizeof(args) + 8] = { 0 };
	int status = -1;
	long pid;

	fflush(stdout);
	pid = do_clone3(&args, CLONE_ARGS_SIZE_VER0);
	if (pid == 0)
		_exit(42);
	pass = pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
	       WEXITSTATUS(status) == 42;
	check("clone3", pass, "child %ld status %#x", pid, status);
	errno = 0;
	pass = do_clone3(&args, 32) == -1 && errno == EINVAL;
	check("clone3-small", pass, "size 32: %s", strerror(errno));
	memcpy(big, &args, sizeof(args));
	big[sizeof(args) + 3] = 1;
	errno = 0;
	pass = do_clone3((struct clone_args *)big, sizeof(big)) == -1 &&
	       errno == E2BIG;
	check("clone3-tail", pass, "non-zero bytes past the known struct: %s", strerror(errno));
}

static void calls_files(void)
{
	int pass;
	int fd = open("/", O_RDONLY), a = dup(fd), b = dup(fd), c = dup(fd), p[2];
	char name[300];
	ssize_t len;

	pass = syscall(SYS_close_range, a, c, CLOSE_RANGE_CLOEXEC) == 0 &&
	       (fcntl(b, F_GETFD) & FD_CLOEXEC);
	check("close_range-cloexec", pass, "FD_CLOEXEC set on %d", b);
	pass = syscall(SYS_close_range, a, c, 0) == 0 && fcntl(a, F_GETFD) == -1 &&
	       fcntl(c, F_GETFD) == -1 && fcntl(fd, F_GETFD) == 0;
	check("close_range", pass, "%d..%d closed, %d kept", a, c, fd);
	errno = 0;
	pass = syscall(SYS_close_range, 5, 4, 0) == -1 && errno == EINVAL;
	check("close_range-einval", pass, "first > last: %s", strerror(errno));

	pass = posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL) == 0 &&
	       posix_fadvise(fd, 0, 4096, POSIX_FADV_DONTNEED) == 0 &&
	       posix_fadvise(fd, 0, 0, POSIX_FADV_WILLNEED) == 0;
	check("fadvise", pass, "sequential, dontneed, willneed");
	pass = posix_fadvise(fd, 0, 0, 99) == EINVAL;
	check("fadvise-einval", pass, "advice 99");
	if (pipe(p) == 0) {
		pass = posix_fadvise(p[0], 0, 0, POSIX_FADV_NORMAL) == ESPIPE;
		check("fadvise-espipe", pass, "on a pipe");
		close(p[0]);
		close(p[1]);
	}

	errno = 0;
	pass = lgetxattr("/", "user.dynelf", NULL, 0) == -1 &&
	       (errno == EOPNOTSUPP || errno == ENODATA);
	check("xattr-get", pass, "user.dynelf on /: %s", strerror(errno));
	errno = 0;
	pass = getxattr("/no/such/file", "user.x", NULL, 0) == -1 &&
	       errno == ENOENT;
	check("xattr-enoent", pass, "missing file: %s", strerror(errno));
	memset(name, 'n', sizeof(name) - 1);
	name[sizeof(name) - 1] = '\0';
	memcpy(name, "user.", 5);
	errno = 0;
	pass = getxattr("/", name, NULL, 0) == -1 && errno == ERANGE;
	check("xattr-erange", pass, "299-byte name: %s", strerror(errno));
	len = listxattr("/", NULL, 0);
	check("xattr-list", len >= 0, "listxattr of / gives %ld", (long)len);
	errno = 0;
	pass = fgetxattr(-1, "user.x", NULL, 0) == -1 && errno == EBADF;
	check("xattr-ebadf", pass, "fd -1: %s", strerror(errno));
	close(fd);
}

static void calls_misc(void)
{
	int pass;
	struct statx stx;
	struct rlimit rl;
	cpu_set_t set;
	char rnd[16];
	int old = personality(0xffffffff);
	long mask = syscall(SYS_membarrier, 0, 0, 0);

	pass = mask > 0 && (mask & 1);
	check("membarrier-query", pass, "mask %#lx", mask);
	errno = 0;
	pass = syscall(SYS_membarrier, 1, 0, 0) == 0;
	check("membarrier-global", pass, "%s", strerror(errno));
	/* Registration is per process (mm): a forked child has not registered. */
	pass = syscall(SYS_membarrier, 16, 0, 0) == 0 &&
	       syscall(SYS_membarrier, 8, 0, 0) == 0;
	check("membarrier-private", pass, "registered, then expedited: %s", strerror(errno));

	pass = old >= 0 && personality(old | ADDR_NO_RANDOMIZE) == old &&
	       personality(0xffffffff) == (old | ADDR_NO_RANDOMIZE) && personality(old) >= 0;
	check("personality", pass, "was %#x", old);
	pass = statx(AT_FDCWD, "/", 0, STATX_BASIC_STATS, &stx) == 0 &&
	       S_ISDIR(stx.stx_mode);
	check("statx", pass, "mode %o", stx.stx_mode);
	pass = syscall(SYS_faccessat2, AT_FDCWD, "/", R_OK, AT_EACCESS) == 0;
	check("faccessat2", pass, "%s", strerror(errno));
	pass = prlimit(0, RLIMIT_NOFILE, NULL, &rl) == 0 && rl.rlim_cur > 0;
	check("prlimit64", pass, "nofile %lu", (unsigned long)rl.rlim_cur);
	pass = getrandom(rnd, sizeof(rnd), 0) == sizeof(rnd);
	check("getrandom", pass, "16 bytes");
	CPU_ZERO(&set);
	pass = sched_getaffinity(0, sizeof(set), &set) == 0 &&
	       CPU_COUNT(&set) > 0;
	check("sched_getaffinity", pass, "%d CPUs", CPU_COUNT(&set));
}

/* flock(2): owners are open file descriptions; close releases; waiters block. */
static void calls_flock(void)
{
	char path[] = "/tmp/dynelf-flock-XXXXXX";
	int fd1 = mkstemp(path), fd2 = open(path, O_RDWR), d, fd3, pass, status = -1;
	pid_t pid;

	pass = flock(fd1, LOCK_EX) == 0 && flock(fd2, LOCK_EX | LOCK_NB) == -1 &&
	       errno == EWOULDBLOCK;
	check("flock-ex", pass, "a second open file cannot lock: %s", strerror(errno));
	pass = flock(fd2, LOCK_SH | LOCK_NB) == -1 && errno == EWOULDBLOCK;
	check("flock-sh-vs-ex", pass, "nor share it: %s", strerror(errno));
	d = dup(fd1);
	pass = flock(d, LOCK_EX | LOCK_NB) == 0;
	check("flock-dup", pass, "a dup is the same owner");
	pass = flock(fd1, LOCK_SH) == 0 && flock(fd2, LOCK_SH | LOCK_NB) == 0;
	check("flock-shared", pass, "converted to shared, then shared by both");
	pass = flock(fd2, LOCK_UN) == 0 && flock(fd1, LOCK_EX | LOCK_NB) == 0;
	check("flock-convert", pass, "back to exclusive once alone");

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		long long t0;
		struct timespec ts;

		close(fd1);
		close(d);
		close(fd2);
		fd3 = open(path, O_RDWR);
		clock_gettime(CLOCK_MONOTONIC, &ts);
		t0 = ts_ns(&ts);
		if (flock(fd3, LOCK_EX))
			_exit(1);
		clock_gettime(CLOCK_MONOTONIC, &ts);
		_exit(ts_ns(&ts) - t0 >= 50000000LL ? 0 : 2);
	}
	usleep(150000);
	flock(fd1, LOCK_UN);
	pass = pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
	       WEXITSTATUS(status) == 0;
	check("flock-blocks", pass, "a waiter sleeps until LOCK_UN (status %#x)", status);

	pass = flock(fd2, LOCK_EX | LOCK_NB) == 0;
	close(fd2);
	fd3 = open(path, O_RDWR);
	pass = pass && flock(fd3, LOCK_EX | LOCK_NB) == 0;
	check("flock-close", pass, "closing the owner releases its lock");
	errno = 0;
	pass = flock(fd3, LOCK_SH | LOCK_EX) == -1 && errno == EINVAL;
	check("flock-einval", pass, "LOCK_SH | LOCK_EX: %s", strerror(errno));
	errno = 0;
	pass = flock(-1, LOCK_SH) == -1 && errno == EBADF;
	check("flock-ebadf", pass, "fd -1: %s", strerror(errno));
	close(fd1);
	close(d);
	close(fd3);
	unlink(path);
}

/* copy_file_range(2) with the files' positions and with explicit offsets. */
static void calls_copy_range(void)
{
	char src[] = "/tmp/dynelf-cfr-src-XXXXXX", dst[] = "/tmp/dynelf-cfr-dst-XXXXXX";
	int in = mkstemp(src), out = mkstemp(dst), wronly, pass;
	char buf[32] = { 0 };
	loff_t oi = 6, oo = 0;
	ssize_t n;

	write(in, "hello, copy range", 17);
	lseek(in, 0, SEEK_SET);
	n = copy_file_range(in, NULL, out, NULL, 5, 0);
	pass = n == 5 && lseek(in, 0, SEEK_CUR) == 5 && lseek(out, 0, SEEK_CUR) == 5 &&
	       pread(out, buf, sizeof(buf), 0) == 5 && !memcmp(buf, "hello", 5);
	check("copy_file_range", pass, "%zd bytes, file positions moved", n);
	n = copy_file_range(in, &oi, out, &oo, 100, 0);
	memset(buf, 0, sizeof(buf));
	pread(out, buf, 11, 0);
	pass = n == 11 && oi == 17 && oo == 11 && lseek(in, 0, SEEK_CUR) == 5 &&
	       !memcmp(buf, " copy range", 11);
	check("copy_file_range-offsets", pass, "%zd bytes to offset %lld, up to EOF", n,
	      (long long)oo);
	n = copy_file_range(in, &oi, out, &oo, 100, 0);
	check("copy_file_range-eof", n == 0, "at the end of the input: %zd", n);
	errno = 0;
	n = copy_file_range(in, NULL, out, NULL, 5, 1);
	check("copy_file_range-flags", n == -1 && errno == EINVAL, "flags 1: %s", strerror(errno));
	wronly = open(src, O_WRONLY);
	errno = 0;
	n = copy_file_range(wronly, NULL, out, NULL, 5, 0);
	check("copy_file_range-ebadf", n == -1 && errno == EBADF, "input open O_WRONLY: %s",
	      strerror(errno));
	oi = 0;
	oo = 4;
	errno = 0;
	n = copy_file_range(in, &oi, in, &oo, 8, 0);
	check("copy_file_range-overlap", n == -1 && errno == EINVAL,
	      "overlapping ranges of one file: %s", strerror(errno));
	close(wronly);
	close(in);
	close(out);
	unlink(src);
	unlink(dst);
}

static int mode_calls(void)
{
	calls_clone3();
	calls_copy_range();
	calls_flock();
	calls_files();
	calls_misc();
	return 0;
}

/* ------------------------------------------------------------ pidfd */

static int pidfd_readable(int pfd, int ms)
{
	struct pollfd p = { .fd = pfd, .events = POLLIN };

	return poll(&p, 1, ms) == 1 && (p.revents & POLLIN);
}

static int mode_pidfd(void)
{
	struct clone_args args = { .flags = CLONE_PIDFD, .exit_signal = SIGCHLD };
	siginfo_t si = { 0 };
	int pfd, pfd2 = -1, pass, p[2];
	pid_t pid;

	if (pipe(p))
		return 1;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		char c;

		close(p[1]);
		read(p[0], &c, 1);	/* until the parent is done or kills us */
		_exit(0);
	}
	close(p[0]);
	pfd = syscall(SYS_pidfd_open, pid, 0);
	pass = pfd >= 0 && (fcntl(pfd, F_GETFD) & FD_CLOEXEC) && !pidfd_readable(pfd, 0);
	check("pidfd-open", pass, "fd %d, close-on-exec, not readable while running", pfd);
	pass = syscall(SYS_pidfd_send_signal, pfd, SIGTERM, NULL, 0) == 0 &&
	       pidfd_readable(pfd, 2000);
	check("pidfd-signal", pass, "SIGTERM through the pidfd; readable once dead");
	pass = waitid(P_PIDFD, pfd, &si, WEXITED) == 0 && si.si_pid == pid &&
	       si.si_code == CLD_KILLED && si.si_status == SIGTERM;
	check("pidfd-waitid", pass, "waitid(P_PIDFD): pid %d code %d status %d", si.si_pid,
	      si.si_code, si.si_status);
	errno = 0;
	pass = syscall(SYS_pidfd_send_signal, pfd, 0, NULL, 0) == -1 && errno == ESRCH;
	check("pidfd-reaped", pass, "after the reap: %s", strerror(errno));
	close(pfd);
	close(p[1]);

	fflush(stdout);
	args.pidfd = (unsigned long)&pfd2;
	pid = syscall(SYS_clone3, &args, sizeof(args));
	if (pid == 0)
		_exit(5);
	memset(&si, 0, sizeof(si));
	pass = pid > 0 && pfd2 >= 0 && pidfd_readable(pfd2, 2000) &&
	       waitid(P_PIDFD, pfd2, &si, WEXITED) == 0 && si.si_code == CLD_EXITED &&
	       si.si_status == 5;
	check("pidfd-clone3", pass, "CLONE_PIDFD fd %d, exit status %d", pfd2, si.si_status);
	close(pfd2);

	errno = 0;
	pass = syscall(SYS_pidfd_open, -1, 0) == -1 && errno == EINVAL;
	check("pidfd-einval", pass, "pid -1: %s", strerror(errno));
	errno = 0;
	pass = syscall(SYS_pidfd_open, 4000000, 0) == -1 && errno == ESRCH;
	check("pidfd-esrch", pass, "no such pid: %s", strerror(errno));
	errno = 0;
	pass = syscall(SYS_pidfd_send_signal, 0, SIGTERM, NULL, 0) == -1 && errno == EBADF;
	check("pidfd-ebadf", pass, "stdin is not a pidfd: %s", strerror(errno));
	return 0;
}

/* ------------------------------------------------------------ timers */

static volatile int thread_notified;

static void timer_thread_fn(union sigval v)
{
	thread_notified = v.sival_int;
}

static void timers_signal(void)
{
	struct sigevent ev = { .sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGRTMIN };
	struct itimerspec its = { .it_value = { 0, 50000000 } }, cur;
	struct timespec wait = { 2, 0 };
	siginfo_t si = { 0 }, si2;
	sigset_t set;
	timer_t id;
	int pass, sig, i;

	ev.sigev_value.sival_int = 42;
	pass = timer_create(CLOCK_MONOTONIC, &ev, &id) == 0 &&
	       timer_settime(id, 0, &its, NULL) == 0 && timer_gettime(id, &cur) == 0 &&
	       cur.it_value.tv_sec == 0 && cur.it_value.tv_nsec > 0 && cur.it_value.tv_nsec <= 50000000;
	check("timer-create", pass, "armed for 50 ms, %ld ns left", cur.it_value.tv_nsec);
	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sig = sigtimedwait(&set, &si, &wait);
	pass = sig == SIGRTMIN && si.si_code == SI_TIMER && si.si_value.sival_int == 42 &&
	       si.si_timerid >= 0;
	check("timer-signal", pass, "signal %d code %d value %d timerid %d", sig, si.si_code,
	      si.si_value.sival_int, si.si_timerid);
	timer_gettime(id, &cur);
	check("timer-oneshot", cur.it_value.tv_sec == 0 && cur.it_value.tv_nsec == 0,
	      "disarmed after firing");

	/* 10 ms periods while the signal stays queued: one signal, the rest overruns. */
	its.it_value.tv_nsec = 10000000;
	its.it_interval.tv_nsec = 10000000;
	timer_settime(id, 0, &its, NULL);
	usleep(200000);
	sig = sigtimedwait(&set, &si, &wait);
	i = timer_getoverrun(id);
	its.it_value.tv_nsec = 0;
	timer_settime(id, 0, &its, NULL);
	while (sigtimedwait(&set, &si2, &(struct timespec){ 0, 0 }) > 0)
		;	/* a period that ended meanwhile */
	pass = sig == SIGRTMIN && si.si_overrun >= 5 && i == si.si_overrun;
	check("timer-overrun", pass, "si_overrun %d, timer_getoverrun %d", si.si_overrun, i);
	pass = timer_delete(id) == 0 && timer_delete(id) == -1 && errno == EINVAL;
	check("timer-delete", pass, "deleted once, then EINVAL");
}

static void timers_misc(void)
{
	struct sigevent none = { .sigev_notify = SIGEV_NONE };
	struct sigevent thr = { .sigev_notify = SIGEV_THREAD,
				.sigev_notify_function = timer_thread_fn };
	struct itimerspec its = { .it_value = { 5, 0 } }, cur;
	struct timespec now;
	timer_t id;
	int pass, i;

	pass = timer_create(CLOCK_REALTIME, &none, &id) == 0 &&
	       timer_settime(id, 0, &its, NULL) == 0 && timer_gettime(id, &cur) == 0 &&
	       cur.it_value.tv_sec >= 4 && timer_delete(id) == 0;
	check("timer-none", pass, "SIGEV_NONE counts down: %ld s left", (long)cur.it_value.tv_sec);

	thr.sigev_value.sival_int = 7;
	clock_gettime(CLOCK_REALTIME, &now);
	its.it_value = now;
	its.it_value.tv_nsec += 30000000;
	if (its.it_value.tv_nsec >= 1000000000) {
		its.it_value.tv_sec++;
		its.it_value.tv_nsec -= 1000000000;
	}
	pass = timer_create(CLOCK_REALTIME, &thr, &id) == 0 &&
	       timer_settime(id, TIMER_ABSTIME, &its, NULL) == 0;
	for (i = 0; pass && i < 200 && !thread_notified; i++)
		usleep(10000);
	check("timer-thread-abstime", pass && thread_notified == 7,
	      "SIGEV_THREAD at an absolute CLOCK_REALTIME time: value %d", thread_notified);
	timer_delete(id);

	errno = 0;
	pass = timer_create(12345, NULL, &id) == -1 && errno == EINVAL;
	check("timer-badclock", pass, "clock 12345: %s", strerror(errno));
	errno = 0;
	pass = timer_create(CLOCK_MONOTONIC_COARSE, NULL, &id) == -1 && errno == EOPNOTSUPP;
	check("timer-coarse", pass, "CLOCK_MONOTONIC_COARSE: %s", strerror(errno));
	pass = timer_create(CLOCK_MONOTONIC, NULL, &id) == 0;
	its.it_value.tv_sec = 0;
	its.it_value.tv_nsec = 1000000000;
	errno = 0;
	pass = pass && timer_settime(id, 0, &its, NULL) == -1 && errno == EINVAL;
	check("timer-badtime", pass, "tv_nsec 1e9: %s", strerror(errno));
	timer_delete(id);
}

static int mode_timers(void)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	timers_signal();
	timers_misc();
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: probe auxv|vdso|addrs|mm|calls|timers|pidfd\n");
		return 2;
	}
	if (!strcmp(argv[1], "auxv"))
		return mode_auxv(argv[0]);
	if (!strcmp(argv[1], "vdso"))
		return mode_vdso();
	if (!strcmp(argv[1], "addrs"))
		return mode_addrs();
	if (!strcmp(argv[1], "mm"))
		return mode_mm();
	if (!strcmp(argv[1], "calls"))
		return mode_calls();
	if (!strcmp(argv[1], "timers"))
		return mode_timers();
	if (!strcmp(argv[1], "pidfd"))
		return mode_pidfd();
	fprintf(stderr, "probe: unknown mode %s\n", argv[1]);
	return 2;
}
