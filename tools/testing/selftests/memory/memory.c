// SPDX-License-Identifier: GPL-2.0-only
/*
 * memory - the user address space: brk, anonymous and file mmap (private,
 * shared, MAP_FIXED, hints, argument errors), munmap, mprotect (read-only,
 * PROT_NONE, no-exec), mremap, madvise(MADV_DONTNEED), copy-on-write
 * isolation across fork, many-page allocations, stack growth and the fault
 * below the stack limit, SIGBUS past the end of a mapped file, and the
 * anonymous and unevictable LRU lines of /proc/meminfo (anonymous pages
 * are counted in Active/Inactive(anon), mlock moves them to Mlocked and
 * Unevictable, munlock back).
 */
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>

#include "tap.h"
#include "util.h"

#define MiB (1024UL * 1024)

static char tmpdir[] = "/tmp/memory.XXXXXX";

/*
 * The raw system calls, where libc would check or round arguments itself
 * (musl's mmap() rejects huge lengths and unaligned offsets, its mprotect()
 * rounds the address down).
 */
static void *sys_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	return (void *)syscall(SYS_mmap, addr, len, prot, flags, fd, off);
}

static long sys_mprotect(void *addr, size_t len, int prot)
{
	return syscall(SYS_mprotect, addr, len, prot);
}

static void *map_anon(size_t len, int prot)
{
	return sys_mmap(NULL, len, prot, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

static unsigned long sys_brk(unsigned long addr)
{
	return syscall(SYS_brk, addr);
}

static int all_bytes(const unsigned char *p, size_t len, unsigned char c)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (p[i] != c)
			return 0;
	return 1;
}

static void test_brk(void)
{
	unsigned long cur = sys_brk(0), top, page;
	unsigned char *p;
	unsigned long i;
	int sig;

	ok(cur != 0 && cur != (unsigned long)-1, "brk(0) returns the current break (%#lx)", cur);
	top = sys_brk(cur + MiB);
	ok_eq(top, cur + MiB, "brk grows the heap by 1 MiB and returns the new break");
	if (top != cur + MiB)
		return;
	p = (unsigned char *)cur;
	ok(all_bytes(p, MiB, 0), "the new heap memory reads as zeros");
	for (i = 0; i < MiB; i += PAGE_SIZE)
		p[i] = 0xa5;
	ok(p[MiB - PAGE_SIZE] == 0xa5, "and every page of it is writable");

	ok_eq(sys_brk(cur), cur, "brk shrinks back to the old break");
	page = (cur + PAGE_SIZE - 1) & ~(PAGE_SIZE - 1);
	sig = probe_access((void *)(page + PAGE_SIZE), 0);
	ok(sig == SIGSEGV, "memory above a shrunk break faults (SIGSEGV)");
	ok_eq(sys_brk(cur + 64 * 1024), cur + 64 * 1024, "brk grows again");
	ok(all_bytes((unsigned char *)page, 64 * 1024 - (page - cur), 0),
	   "re-grown heap pages are zero again, old contents gone");
	sys_brk(cur);

	ok_eq(sys_brk(1UL << 46), cur, "a brk too large fails: returns the unchanged break");
	ok_eq(sys_brk(0x1000), cur, "a brk below the heap start fails: unchanged break");
}

static void test_anon(void)
{
	unsigned char *p, *s;
	int pfd[2], st;
	pid_t pid;

	p = map_anon(4 * PAGE_SIZE, PROT_READ | PROT_WRITE);
	ok(p != MAP_FAILED && ((unsigned long)p & (PAGE_SIZE - 1)) == 0,
	   "mmap anonymous private: page-aligned address");
	if (p == MAP_FAILED)
		return;
	ok(all_bytes(p, 4 * PAGE_SIZE, 0), "anonymous memory starts zeroed");
	memset(p, 0x11, 4 * PAGE_SIZE);
	ok(all_bytes(p, 4 * PAGE_SIZE, 0x11), "and is writable");

	s = mmap(NULL, PAGE_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (s == MAP_FAILED || pipe(pfd)) {
		ok(0, "mmap MAP_SHARED|MAP_ANONYMOUS: %s", strerror(errno));
		return;
	}
	s[0] = 'A';
	p[0] = 'A';
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		char c;

		s[0] = 'C';
		p[1] = 'C';
		read(pfd[0], &c, 1);	/* parent has written after fork */
		_exit(p[0] == 'A' ? 0 : 1);
	}
	p[0] = 'P';
	write(pfd[1], "x", 1);
	st = wait_status(pid);
	ok_eq(s[0], 'C', "MAP_SHARED anonymous: the child's store is visible to the parent");
	ok(p[1] == 0x11, "MAP_PRIVATE: the child's store is not visible to the parent");
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "MAP_PRIVATE: the parent's store after fork is not visible to the child");
	close(pfd[0]);
	close(pfd[1]);
	munmap(s, PAGE_SIZE);
	munmap(p, 4 * PAGE_SIZE);
}

static void test_cow(void)
{
	const size_t len = 256 * PAGE_SIZE;
	unsigned char *p = map_anon(len, PROT_READ | PROT_WRITE);
	size_t i;
	pid_t pid;
	int st;

	if (p == MAP_FAILED) {
		ok(0, "mmap 1 MiB: %s", strerror(errno));
		return;
	}
	for (i = 0; i < len; i++)
		p[i] = i & 0xff;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		for (i = 0; i < len; i += PAGE_SIZE)
			p[i] = 0xee;
		for (i = 0; i < len; i += PAGE_SIZE)
			if (p[i] != 0xee || p[i + 1] != ((i + 1) & 0xff))
				_exit(1);
		_exit(0);
	}
	st = wait_status(pid);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "COW: the child sees its own stores to 256 pages");
	for (i = 0; i < len; i++)
		if (p[i] != (i & 0xff))
			break;
	ok_eq(i, len, "COW: the parent's 256 pages are unchanged after the child wrote them all");
	munmap(p, len);
}

static void test_munmap(void)
{
	unsigned char *p = map_anon(3 * PAGE_SIZE, PROT_READ | PROT_WRITE);
	int sig;

	if (p == MAP_FAILED)
		return;
	memset(p, 1, 3 * PAGE_SIZE);
	ok_sys(munmap(p + PAGE_SIZE, PAGE_SIZE), "munmap of the middle page of three");
	ok(probe_access(p, 1) == 0 && probe_access(p + 2 * PAGE_SIZE, 1) == 0,
	   "the pages on either side are still mapped");
	sig = probe_access(p + PAGE_SIZE + 5, 0);
	ok(sig == SIGSEGV && probe_fault.code == SEGV_MAPERR && probe_fault.addr == p + PAGE_SIZE + 5,
	   "the unmapped page faults: SIGSEGV, SEGV_MAPERR, exact si_addr");
	ok_sys(munmap(p + PAGE_SIZE, PAGE_SIZE), "munmap of an already unmapped range succeeds");
	ok_errno(syscall(SYS_munmap, p + 1, PAGE_SIZE), EINVAL,
		 "munmap of an unaligned address: EINVAL");
	ok_errno(syscall(SYS_munmap, p, 0), EINVAL, "munmap of length 0: EINVAL");
	munmap(p, 3 * PAGE_SIZE);
	ok(probe_access(p, 0) == SIGSEGV, "after munmap of all, access faults");
}

static void test_mprotect(void)
{
	unsigned char *p = map_anon(2 * PAGE_SIZE, PROT_READ | PROT_WRITE);
	int sig;

	if (p == MAP_FAILED)
		return;
	memset(p, 0x5a, 2 * PAGE_SIZE);
	ok_sys(mprotect(p, PAGE_SIZE, PROT_READ), "mprotect PROT_READ");
	ok(probe_access(p, 0) == 0 && p[10] == 0x5a, "a read-only page can be read");
	sig = probe_access(p + 10, 1);
	ok(sig == SIGSEGV && probe_fault.code == SEGV_ACCERR && probe_fault.addr == p + 10,
	   "writing it faults: SIGSEGV, SEGV_ACCERR, exact si_addr");
	ok(probe_access(p + PAGE_SIZE, 1) == 0, "the next page, not included, stays writable");
	ok_sys(mprotect(p, PAGE_SIZE, PROT_NONE), "mprotect PROT_NONE");
	sig = probe_access(p, 0);
	ok(sig == SIGSEGV && probe_fault.code == SEGV_ACCERR,
	   "reading a PROT_NONE page: SEGV_ACCERR");
	ok_sys(mprotect(p, PAGE_SIZE, PROT_READ | PROT_WRITE), "mprotect back to read-write");
	ok(probe_access(p, 1) == 0 && all_bytes(p, 2 * PAGE_SIZE, 0x5a),
	   "writable again, contents kept through the protection changes");
	ok_errno(sys_mprotect(p + 1, PAGE_SIZE, PROT_READ), EINVAL,
		 "mprotect of an unaligned address: EINVAL");
	ok_errno(sys_mprotect(p, PAGE_SIZE, 0x1000), EINVAL,
		 "mprotect with unknown prot bits: EINVAL");
	munmap(p, 2 * PAGE_SIZE);
	ok_errno(sys_mprotect(p, PAGE_SIZE, PROT_READ), ENOMEM,
		 "mprotect of an unmapped range: ENOMEM");
}

static sigjmp_buf call_env;
static volatile int call_sig, call_code;

static void call_catcher(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	call_sig = sig;
	call_code = si->si_code;
	siglongjmp(call_env, 1);
}

/* Call code at p; returns its result, or -sig if it faulted. */
static int call_code_at(void *p)
{
	struct sigaction sa = { 0 }, old;
	int (*fn)(void) = (int (*)(void))p;
	volatile int ret;

	sa.sa_sigaction = call_catcher;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGSEGV, &sa, &old);
	call_sig = 0;
	if (sigsetjmp(call_env, 1) == 0)
		ret = fn();
	else
		ret = -call_sig;
	sigaction(SIGSEGV, &old, NULL);
	return ret;
}

static void test_exec_prot(void)
{
	static const unsigned char code[] = { 0xb8, 0x2a, 0x00, 0x00, 0x00, 0xc3 }; /* mov $42,%eax; ret */
	unsigned char *p = map_anon(PAGE_SIZE, PROT_READ | PROT_WRITE);
	int r;

	if (p == MAP_FAILED)
		return;
	memcpy(p, code, sizeof(code));
	mprotect(p, PAGE_SIZE, PROT_READ | PROT_EXEC);
	ok_eq(call_code_at(p), 42, "code in a PROT_READ|PROT_EXEC page runs");
	mprotect(p, PAGE_SIZE, PROT_READ);
	r = call_code_at(p);
	ok(r == -SIGSEGV && call_code == SEGV_ACCERR,
	   "jumping into a PROT_READ page (NX): SIGSEGV, SEGV_ACCERR (%d, code %d)", r, call_code);
	munmap(p, PAGE_SIZE);
}

static void test_mremap(void)
{
	unsigned char *p, *q, *g;
	size_t i;

	p = map_anon(4 * PAGE_SIZE, PROT_READ | PROT_WRITE);
	if (p == MAP_FAILED)
		return;
	for (i = 0; i < 4 * PAGE_SIZE; i++)
		p[i] = i * 7;
	/* Occupy the page after p so that growing in place is impossible. */
	g = mmap(p + 4 * PAGE_SIZE, PAGE_SIZE, PROT_READ,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	if (g == p + 4 * PAGE_SIZE)
		ok_errno((void *)syscall(SYS_mremap, p, 4 * PAGE_SIZE, 64 * PAGE_SIZE, 0), ENOMEM,
			 "mremap grow without MREMAP_MAYMOVE, next page taken: ENOMEM");
	else
		skip("the page after the mapping is in use");
	q = mremap(p, 4 * PAGE_SIZE, 64 * PAGE_SIZE, MREMAP_MAYMOVE);
	ok(q != MAP_FAILED, "mremap grow 4 -> 64 pages with MREMAP_MAYMOVE");
	if (q == MAP_FAILED)
		return;
	for (i = 0; i < 4 * PAGE_SIZE; i++)
		if (q[i] != (unsigned char)(i * 7))
			break;
	ok_eq(i, 4 * PAGE_SIZE, "the contents moved along");
	ok(all_bytes(q + 4 * PAGE_SIZE, 60 * PAGE_SIZE, 0), "the grown part is zeroed");
	if (q != p)
		ok(probe_access(p, 0) == SIGSEGV, "the old address is unmapped after the move");
	else
		skip("mremap grew in place");
	ok(mremap(q, 64 * PAGE_SIZE, 2 * PAGE_SIZE, 0) == q, "mremap shrink stays in place");
	ok(probe_access(q + 3 * PAGE_SIZE, 0) == SIGSEGV, "the cut-off tail is unmapped");
	ok_errno((void *)syscall(SYS_mremap, q + 1, PAGE_SIZE, 2 * PAGE_SIZE, MREMAP_MAYMOVE),
		 EINVAL,
		 "mremap of an unaligned address: EINVAL");
	ok_errno((void *)syscall(SYS_mremap, q, PAGE_SIZE, 2 * PAGE_SIZE, 0x80), EINVAL,
		 "mremap with unknown flags: EINVAL");
	ok_errno((void *)syscall(SYS_mremap, q, PAGE_SIZE, 2 * PAGE_SIZE, MREMAP_FIXED), EINVAL,
		 "MREMAP_FIXED without MREMAP_MAYMOVE: EINVAL");
	munmap(q, 2 * PAGE_SIZE);
	if (g != MAP_FAILED)
		munmap(g, PAGE_SIZE);
}

static void test_map_fixed(void)
{
	unsigned char *p, *q;
	int fd;

	p = map_anon(4 * PAGE_SIZE, PROT_READ | PROT_WRITE);
	if (p == MAP_FAILED)
		return;
	memset(p, 0x77, 4 * PAGE_SIZE);
	q = mmap(p + PAGE_SIZE, PAGE_SIZE, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	ok(q == p + PAGE_SIZE, "MAP_FIXED maps exactly at the address, over an existing mapping");
	ok(all_bytes(q, PAGE_SIZE, 0) && p[0] == 0x77 && p[2 * PAGE_SIZE] == 0x77,
	   "the replaced page is fresh, its neighbours untouched");
	ok_errno(sys_mmap(p + 1, PAGE_SIZE, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0),
		 EINVAL, "MAP_FIXED at an unaligned address: EINVAL");
	ok_errno(sys_mmap(p, PAGE_SIZE, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE,
		      -1, 0), EEXIST, "MAP_FIXED_NOREPLACE over a mapping: EEXIST");
	munmap(p, 4 * PAGE_SIZE);
	q = mmap(p, PAGE_SIZE, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ok(q == p, "a free hint address (no MAP_FIXED) is used as given");
	munmap(q, PAGE_SIZE);

	ok_errno(map_anon(0, PROT_READ), EINVAL, "mmap of length 0: EINVAL");
	ok_errno(sys_mmap(NULL, PAGE_SIZE, PROT_READ, MAP_ANONYMOUS, -1, 0), EINVAL,
		 "mmap with neither MAP_PRIVATE nor MAP_SHARED: EINVAL");
	ok_errno(sys_mmap(NULL, PAGE_SIZE, PROT_READ, MAP_PRIVATE, -1, 0), EBADF,
		 "file mmap of fd -1: EBADF");
	ok_errno(map_anon(1UL << 62, PROT_READ), ENOMEM, "mmap of 2^62 bytes: ENOMEM");
	fd = open("/", O_RDONLY | O_DIRECTORY);
	ok_errno(sys_mmap(NULL, PAGE_SIZE, PROT_READ, MAP_PRIVATE, fd, 0), ENODEV,
		 "mmap of a directory: ENODEV");
	close(fd);
}

static void test_large(void)
{
	const size_t len = 32 * MiB;
	unsigned char *p = map_anon(len, PROT_READ | PROT_WRITE);
	size_t i;

	if (p == MAP_FAILED) {
		ok(0, "mmap 32 MiB: %s", strerror(errno));
		return;
	}
	for (i = 0; i < len; i += PAGE_SIZE)
		*(unsigned long *)(p + i) = i ^ 0x5555;
	for (i = 0; i < len; i += PAGE_SIZE)
		if (*(unsigned long *)(p + i) != (i ^ 0x5555) || p[i + 100] != 0)
			break;
	ok_eq(i, len, "32 MiB anonymous: all 8192 pages written and read back");
	munmap(p, len);
}

static void test_madvise(void)
{
	unsigned char *p = map_anon(4 * PAGE_SIZE, PROT_READ | PROT_WRITE);

	if (p == MAP_FAILED)
		return;
	memset(p, 0x33, 4 * PAGE_SIZE);
	ok_sys(madvise(p, 2 * PAGE_SIZE, MADV_DONTNEED), "madvise MADV_DONTNEED");
	ok(all_bytes(p, 2 * PAGE_SIZE, 0) && all_bytes(p + 2 * PAGE_SIZE, 2 * PAGE_SIZE, 0x33),
	   "MADV_DONTNEED pages of a private anonymous mapping read back as zeros, others kept");
	ok_sys(madvise(p, PAGE_SIZE, MADV_FREE), "madvise MADV_FREE is accepted");
	ok_errno(syscall(SYS_madvise, p, PAGE_SIZE, 12345), EINVAL,
		 "madvise with an unknown advice: EINVAL");
	munmap(p, 4 * PAGE_SIZE);
}

static int recurse(int depth)
{
	volatile char frame[1024];

	frame[0] = (char)depth;
	frame[1023] = 0;
	if (depth <= 0)
		return frame[0];
	return recurse(depth - 1) + frame[0] + frame[1023];
}

static int infinite_child(void *arg)
{
	struct rlimit rl = { 2 * MiB, 2 * MiB };

	(void)arg;
	setrlimit(RLIMIT_STACK, &rl);
	return recurse(1 << 30) & 1;
}

/* Probe below the stack with RLIMIT_STACK at 8 MiB, whatever we inherited. */
static int below_stack_child(void *arg)
{
	struct rlimit rl = { 8 * MiB, 8 * MiB };
	uintptr_t sp = (uintptr_t)__builtin_frame_address(0);
	int sig;

	setrlimit(RLIMIT_STACK, &rl);
	if (*(int *)arg == 0)
		return probe_access((void *)(sp - 1 * MiB), 1) == 0 ? 0 : 1;
	sig = probe_access((void *)(sp - 64 * MiB), 0);
	if (sig != SIGSEGV)
		return 2;
	if (probe_fault.code != SEGV_MAPERR)
		return 3;
	return probe_fault.addr == (void *)(sp - 64 * MiB) ? 0 : 4;
}

static void test_stack(void)
{
	static const int near = 0, far = 1;
	struct rlimit rl;
	int st;

	getrlimit(RLIMIT_STACK, &rl);
	if (rl.rlim_cur < 6 * MiB) {
		skip("RLIMIT_STACK is only %lu bytes", (unsigned long)rl.rlim_cur);
	} else {
		recurse(4096);
		ok(1, "recursion 4096 frames deep (about 4 MiB of stack) works");
	}
	st = run_in_child(below_stack_child, (void *)&near);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "an access 1 MiB below the stack pointer grows the stack (%s)", status_str(st));
	st = run_in_child(below_stack_child, (void *)&far);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "64 MiB below the stack (past RLIMIT_STACK 8 MiB): SIGSEGV, SEGV_MAPERR, exact si_addr (%s)",
	   status_str(st));
	st = run_in_child(infinite_child, NULL);
	ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGSEGV,
	   "unbounded recursion is killed by SIGSEGV at the stack limit (%s)", status_str(st));
}

static void test_file_maps(void)
{
	char path[256], buf[16];
	unsigned char *s, *p;
	int fd, sig;

	snprintf(path, sizeof(path), "%s/file", tmpdir);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || ftruncate(fd, 100)) {
		ok(0, "create %s: %s", path, strerror(errno));
		return;
	}
	s = mmap(NULL, 2 * PAGE_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	p = mmap(NULL, PAGE_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	ok(s != MAP_FAILED && p != MAP_FAILED,
	   "MAP_SHARED and MAP_PRIVATE mappings of a 100-byte file");
	if (s == MAP_FAILED || p == MAP_FAILED)
		goto out;
	memcpy(s, "shared", 6);
	ok(pread(fd, buf, 6, 0) == 6 && !memcmp(buf, "shared", 6),
	   "a store through MAP_SHARED is seen by read()");
	pwrite(fd, "WRITE", 5, 10);
	ok(!memcmp(s + 10, "WRITE", 5), "write() is seen through the MAP_SHARED mapping");
	ok(!memcmp(p + 10, "WRITE", 5), "and through an untouched MAP_PRIVATE page");
	memcpy(p, "private", 7);
	ok(pread(fd, buf, 7, 0) == 7 && !memcmp(buf, "shared", 6),
	   "a store through MAP_PRIVATE does not reach the file");
	ok(!memcmp(s, "shared", 6), "nor the shared mapping");
	ok_sys(msync(s, PAGE_SIZE, MS_SYNC), "msync MS_SYNC");
	ok(all_bytes(s + 100, PAGE_SIZE - 100, 0), "the page tail past EOF reads as zeros");
	sig = probe_access(s + PAGE_SIZE, 0);
	ok(sig == SIGBUS && probe_fault.addr == s + PAGE_SIZE,
	   "a mapped page wholly past EOF: SIGBUS with the exact si_addr (sig %d)", sig);
	close(fd);
	fd = -1;
	unlink(path);
	ok(!memcmp(s, "shared", 6), "the mapping outlives close() and unlink()");

	fd = open(path, O_RDWR | O_CREAT, 0644);
	ftruncate(fd, PAGE_SIZE);
	close(fd);
	fd = open(path, O_RDONLY);
	ok_errno(sys_mmap(NULL, PAGE_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), EACCES,
		 "writable MAP_SHARED of an O_RDONLY file: EACCES");
	ok(mmap(NULL, PAGE_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0) != MAP_FAILED,
	   "writable MAP_PRIVATE of an O_RDONLY file is fine");
	ok_errno(sys_mmap(NULL, PAGE_SIZE, PROT_READ, MAP_PRIVATE, fd, 100), EINVAL,
		 "mmap with an unaligned file offset: EINVAL");
	close(fd);
	fd = open(path, O_WRONLY);
	ok_errno(sys_mmap(NULL, PAGE_SIZE, PROT_READ, MAP_SHARED, fd, 0), EACCES,
		 "mmap of an O_WRONLY file: EACCES");
	unlink(path);
out:
	if (fd >= 0)
		close(fd);
}

static long anon_lru_kb(void)
{
	return meminfo_kb("Active(anon)") + meminfo_kb("Inactive(anon)");
}

/*
 * The counters are per-CPU batched on Linux: allow a few hundred kB of
 * slack on 16 MiB, 8 MiB locked.
 */
#define LRU_TOUCH	(16 * MiB)
#define LRU_LOCK	(8 * MiB)
#define LRU_SLACK_KB	(3 * 1024)

static void test_anon_lru(void)
{
	long base, touched, mlocked0, unevict0, mlocked, unevict, after;
	unsigned char *p = map_anon(LRU_TOUCH, PROT_READ | PROT_WRITE);

	if (p == MAP_FAILED) {
		ok(0, "mmap %lu MiB: %s", LRU_TOUCH / MiB, strerror(errno));
		return;
	}
	base = anon_lru_kb();
	memset(p, 0x5a, LRU_TOUCH);
	touched = anon_lru_kb();
	ok(touched - base >= (long)(LRU_TOUCH / 1024) - LRU_SLACK_KB,
	   "touching %lu MiB of anonymous memory adds it to Active(anon)+Inactive(anon) (+%ld kB)",
	   LRU_TOUCH / MiB, touched - base);

	mlocked0 = meminfo_kb("Mlocked");
	unevict0 = meminfo_kb("Unevictable");
	if (mlock(p, LRU_LOCK)) {
		ok(0, "mlock %lu MiB: %s", LRU_LOCK / MiB, strerror(errno));
		munmap(p, LRU_TOUCH);
		return;
	}
	mlocked = meminfo_kb("Mlocked");
	unevict = meminfo_kb("Unevictable");
	ok(mlocked - mlocked0 >= (long)(LRU_LOCK / 1024) - LRU_SLACK_KB,
	   "mlock of %lu MiB already mapped raises Mlocked (+%ld kB)", LRU_LOCK / MiB,
	   mlocked - mlocked0);
	ok(unevict - unevict0 >= (long)(LRU_LOCK / 1024) - LRU_SLACK_KB,
	   "and moves the pages to Unevictable (+%ld kB)", unevict - unevict0);
	ok(all_bytes(p, LRU_TOUCH, 0x5a), "the locked pages keep their contents");
	munlock(p, LRU_LOCK);
	after = meminfo_kb("Mlocked");
	ok(mlocked - after >= (long)(LRU_LOCK / 1024) - LRU_SLACK_KB,
	   "munlock gives them back (Mlocked -%ld kB)", mlocked - after);
	munmap(p, LRU_TOUCH);
	after = anon_lru_kb();
	ok(touched - after >= (long)(LRU_TOUCH / 1024) - LRU_SLACK_KB,
	   "munmap takes them off the anon LRU (-%ld kB)", touched - after);
}

int main(void)
{
	if (!mkdtemp(tmpdir))
		bail_out("mkdtemp: %s", strerror(errno));
	test_brk();
	test_anon();
	test_cow();
	test_munmap();
	test_mprotect();
	test_exec_prot();
	test_mremap();
	test_map_fixed();
	test_large();
	test_madvise();
	test_stack();
	test_file_maps();
	test_anon_lru();
	rmdir(tmpdir);
	return tap_finish();
}
