// SPDX-License-Identifier: GPL-2.0-only
/*
 * Linux native AIO through the raw system calls (there is no libaio in
 * the guest), checked against io_setup(2), io_submit(2), io_getevents(2),
 * io_cancel(2) and io_destroy(2):
 *
 *  - io_setup: the context is a mapping of the caller's, *ctxp must be 0,
 *    nr 0 and over fs.aio-max-nr fail, fs.aio-nr counts what is reserved;
 *  - PREAD/PWRITE/PREADV/PWRITEV/FSYNC/FDSYNC with the data read back,
 *    aio_data and the iocb address in the event, aio_rw_flags;
 *  - 64 requests in one io_submit, an eventfd signalled per completion;
 *  - errors: EINVAL (opcode, reserved field, unknown context, bad
 *    min_nr/nr), EBADF, EFAULT, EOPNOTSUPP, EAGAIN when the slots are
 *    taken, a partial count when a later iocb is bad;
 *  - io_getevents timeouts, EINTR, io_pgetevents' signal mask;
 *  - io_cancel of a finished request, io_destroy, a context another
 *    process (a fork child) cannot use, contexts freed at exit;
 *  - with $FSTEST_DIR (an ext2 mount, as writeback/guest.sh gives),
 *    O_DIRECT reads and writes through AIO, verified.
 * Passes on Linux too.
 */
#include "../tap.h"
#include "../util.h"

#include <stdint.h>
#include <sys/eventfd.h>
#include <sys/syscall.h>
#include <sys/uio.h>

/* The ABI (<linux/aio_abi.h>), which musl does not ship. */
typedef unsigned long aio_context_t;

enum { CMD_PREAD = 0, CMD_PWRITE = 1, CMD_FSYNC = 2, CMD_FDSYNC = 3, CMD_NOOP = 6,
       CMD_PREADV = 7, CMD_PWRITEV = 8 };
#define FLAG_RESFD	1u

struct io_event {
	uint64_t data, obj;
	int64_t res, res2;
};

struct iocb {
	uint64_t aio_data;
	uint32_t aio_key;
	int32_t aio_rw_flags;
	uint16_t aio_lio_opcode;
	int16_t aio_reqprio;
	uint32_t aio_fildes;
	uint64_t aio_buf, aio_nbytes;
	int64_t aio_offset;
	uint64_t aio_reserved2;
	uint32_t aio_flags, aio_resfd;
};

struct aio_sigset {
	const sigset_t *sigmask;
	size_t sigsetsize;
};

#define RWF_DSYNC	0x2

#define MS		1000000LL	/* ns */

static long io_setup(unsigned int nr, aio_context_t *ctx)
{
	return syscall(SYS_io_setup, nr, ctx);
}

static long io_destroy(aio_context_t ctx)
{
	return syscall(SYS_io_destroy, ctx);
}

static long io_submit(aio_context_t ctx, long nr, struct iocb **cbs)
{
	return syscall(SYS_io_submit, ctx, nr, cbs);
}

static long io_getevents(aio_context_t ctx, long min_nr, long nr, struct io_event *ev,
			 struct timespec *ts)
{
	return syscall(SYS_io_getevents, ctx, min_nr, nr, ev, ts);
}

static long io_cancel(aio_context_t ctx, struct iocb *cb, struct io_event *ev)
{
	return syscall(SYS_io_cancel, ctx, cb, ev);
}

static struct iocb make_cb(int op, int fd, void *buf, size_t len, off_t off, uint64_t data)
{
	struct iocb cb = {
		.aio_data = data,
		.aio_lio_opcode = op,
		.aio_fildes = fd,
		.aio_buf = (uintptr_t)buf,
		.aio_nbytes = len,
		.aio_offset = off,
	};
	return cb;
}

/* Submit one request and reap its event; the event's res, or -1000 - errno. */
static long run_one(aio_context_t ctx, struct iocb *cb, struct io_event *ev)
{
	struct iocb *list[1] = { cb };
	long n = io_submit(ctx, 1, list);

	if (n != 1)
		return -1000 - errno;
	if (io_getevents(ctx, 1, 1, ev, NULL) != 1)
		return -2000 - errno;
	return ev->res;
}

static long sysctl_num(const char *path)
{
	char buf[64];

	if (read_text(path, buf, sizeof(buf)) <= 0)
		return -1;
	return strtol(buf, NULL, 10);
}

static void fill(unsigned char *p, size_t len, unsigned int seed)
{
	for (size_t i = 0; i < len; i++)
		p[i] = (unsigned char)(seed * 131 + i * 7 + (i >> 9));
}

static int check(const unsigned char *p, size_t len, unsigned int seed)
{
	for (size_t i = 0; i < len; i++)
		if (p[i] != (unsigned char)(seed * 131 + i * 7 + (i >> 9)))
			return 0;
	return 1;
}

/* ------------------------------------------------------------ io_setup */

static void test_setup(void)
{
	aio_context_t ctx = 0, junk = 12345;
	long before = sysctl_num("/proc/sys/fs/aio-nr");
	long max = sysctl_num("/proc/sys/fs/aio-max-nr");
	char line[64];

	ok(before >= 0 && max > 0, "fs.aio-nr (%ld) and fs.aio-max-nr (%ld) are readable",
	   before, max);
	ok_sys(io_setup(8, &ctx), "io_setup(8)");
	ok(ctx != 0 && ctx % PAGE_SIZE == 0, "the context id is a page address (%#lx)", ctx);
	snprintf(line, sizeof(line), "%lx-", ctx);
	ok(file_text("/proc/self/maps") && strstr(file_text("/proc/self/maps"), line),
	   "the context id is the start of a mapping in /proc/self/maps");
	ok(sysctl_num("/proc/sys/fs/aio-nr") >= before + 8, "fs.aio-nr grew by at least 8");
	ok_errno(io_setup(8, &junk), EINVAL, "io_setup with *ctxp != 0");
	junk = 0;
	ok_errno(io_setup(0, &junk), EINVAL, "io_setup(0)");
	ok_errno(io_setup(8, (aio_context_t *)8), EFAULT, "io_setup with a bad ctxp");
	ok_errno(io_setup((unsigned int)max + 1, &junk), EAGAIN, "io_setup over fs.aio-max-nr");
	ok_sys(io_destroy(ctx), "io_destroy");
	ok_eq(sysctl_num("/proc/sys/fs/aio-nr"), before, "fs.aio-nr back after io_destroy");
	ok_errno(io_destroy(ctx), EINVAL, "io_destroy of a destroyed context");
	ok_errno(io_destroy(0), EINVAL, "io_destroy(0)");
}

/* ------------------------------------------------------------ data */

static void test_rw(const char *dir)
{
	static unsigned char wbuf[3 * 4096], rbuf[3 * 4096];
	char path[256];
	aio_context_t ctx = 0;
	struct io_event ev;
	struct iocb cb;
	struct iovec iov[3];
	struct stat st;
	int fd;

	snprintf(path, sizeof(path), "%s/aio-rw", dir);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || io_setup(16, &ctx)) {
		bail_out("open %s / io_setup: %s", path, strerror(errno));
	}
	fill(wbuf, 8192, 1);
	cb = make_cb(CMD_PWRITE, fd, wbuf, 8192, 4096, 0x1234);
	ok_eq(run_one(ctx, &cb, &ev), 8192, "PWRITE of 8 KiB at 4096: res");
	ok(ev.data == 0x1234 && ev.obj == (uintptr_t)&cb && ev.res2 == 0,
	   "event carries aio_data, the iocb address and res2 0");
	ok(fstat(fd, &st) == 0 && st.st_size == 12288, "file size after the write");
	memset(rbuf, 0, sizeof(rbuf));
	cb = make_cb(CMD_PREAD, fd, rbuf, 8192, 4096, 7);
	ok_eq(run_one(ctx, &cb, &ev), 8192, "PREAD of the same range: res");
	ok(check(rbuf, 8192, 1), "PREAD returned what PWRITE wrote");
	ok_eq(lseek(fd, 0, SEEK_CUR), 0, "the file offset did not move");

	cb = make_cb(CMD_PREAD, fd, rbuf, 4096, 12288, 0);
	ok_eq(run_one(ctx, &cb, &ev), 0, "PREAD at end of file: res 0");

	fill(wbuf, sizeof(wbuf), 2);
	iov[0] = (struct iovec){ wbuf, 100 };
	iov[1] = (struct iovec){ wbuf + 100, 5000 };
	iov[2] = (struct iovec){ wbuf + 5100, 7188 };
	cb = make_cb(CMD_PWRITEV, fd, iov, 3, 0, 0);
	ok_eq(run_one(ctx, &cb, &ev), 12288, "PWRITEV of three iovecs: res");
	memset(rbuf, 0, sizeof(rbuf));
	iov[0] = (struct iovec){ rbuf, 4096 };
	iov[1] = (struct iovec){ rbuf + 4096, 1 };
	iov[2] = (struct iovec){ rbuf + 4097, 8191 };
	cb = make_cb(CMD_PREADV, fd, iov, 3, 0, 0);
	ok_eq(run_one(ctx, &cb, &ev), 12288, "PREADV of three iovecs: res");
	ok(check(rbuf, sizeof(rbuf), 2), "PREADV returned what PWRITEV wrote");

	cb = make_cb(CMD_PWRITE, fd, wbuf, 512, 0, 0);
	cb.aio_rw_flags = RWF_DSYNC;
	ok_eq(run_one(ctx, &cb, &ev), 512, "PWRITE with RWF_DSYNC");
	cb = make_cb(CMD_FSYNC, fd, NULL, 0, 0, 0);
	ok_eq(run_one(ctx, &cb, &ev), 0, "FSYNC: res 0");
	cb = make_cb(CMD_FDSYNC, fd, NULL, 0, 0, 0);
	ok_eq(run_one(ctx, &cb, &ev), 0, "FDSYNC: res 0");

	/* A finished request is not cancellable. */
	ok_errno(io_cancel(ctx, &cb, &ev), EINVAL, "io_cancel of a finished request");
	io_destroy(ctx);
	close(fd);
	unlink(path);
}

/* 64 writes in one call, then 64 reads, each a different 4 KiB block. */
static void test_many(const char *dir)
{
	static unsigned char bufs[64][4096];
	static struct iocb cbs[64];
	static struct io_event evs[64];
	struct iocb *list[64];
	aio_context_t ctx = 0;
	char path[256];
	int fd, i, good = 1, efd;
	uint64_t count = 0;
	long got;

	snprintf(path, sizeof(path), "%s/aio-many", dir);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
	efd = eventfd(0, EFD_NONBLOCK);
	if (fd < 0 || efd < 0 || io_setup(64, &ctx))
		bail_out("open / eventfd / io_setup: %s", strerror(errno));
	for (i = 0; i < 64; i++) {
		fill(bufs[i], 4096, 100 + i);
		cbs[i] = make_cb(CMD_PWRITE, fd, bufs[i], 4096, (off_t)(63 - i) * 4096, i);
		cbs[i].aio_flags = FLAG_RESFD;
		cbs[i].aio_resfd = efd;
		list[i] = &cbs[i];
	}
	ok_eq(io_submit(ctx, 64, list), 64, "io_submit of 64 writes");
	got = io_getevents(ctx, 64, 64, evs, NULL);
	ok_eq(got, 64, "io_getevents returns all 64");
	for (i = 0; i < got; i++)
		if (evs[i].res != 4096 || evs[i].obj != (uintptr_t)&cbs[evs[i].data])
			good = 0;
	ok(good, "each event names its iocb and wrote 4096 bytes");
	got = read(efd, &count, 8);
	ok(got == 8 && count == 64, "the eventfd counted 64 completions (%llu)",
	   (unsigned long long)count);

	memset(bufs, 0, sizeof(bufs));
	for (i = 0; i < 64; i++) {
		cbs[i] = make_cb(CMD_PREAD, fd, bufs[i], 4096, (off_t)(63 - i) * 4096, i);
		list[i] = &cbs[i];
	}
	ok_eq(io_submit(ctx, 64, list), 64, "io_submit of 64 reads");
	got = 0;
	while (got < 64) {
		long n = io_getevents(ctx, 1, 64 - got, evs + got, NULL);

		if (n <= 0)
			break;
		got += n;
	}
	ok_eq(got, 64, "64 read events reaped (min_nr 1)");
	for (i = 0; i < 64; i++)
		if (!check(bufs[i], 4096, 100 + i))
			good = 0;
	ok(good, "every block read back as written");
	io_destroy(ctx);
	close(efd);
	close(fd);
	unlink(path);
}

/* ------------------------------------------------------------ errors */

static void test_errors(const char *dir)
{
	static char buf[4096];
	aio_context_t ctx = 0;
	struct io_event ev[8];
	struct iocb cb, cb2, *list[2];
	struct timespec zero = { 0, 0 };
	char path[256];
	int fd, ro, n;

	snprintf(path, sizeof(path), "%s/aio-err", dir);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
	ro = open(path, O_RDONLY);
	if (fd < 0 || ro < 0 || io_setup(4, &ctx))
		bail_out("open / io_setup: %s", strerror(errno));
	list[0] = &cb;
	list[1] = &cb2;

	cb = make_cb(99, fd, buf, 10, 0, 0);
	ok_errno(io_submit(ctx, 1, list), EINVAL, "unknown opcode");
	cb = make_cb(CMD_NOOP, fd, buf, 10, 0, 0);
	ok_errno(io_submit(ctx, 1, list), EINVAL, "IOCB_CMD_NOOP (not executed by Linux either)");
	cb = make_cb(CMD_PREAD, fd, buf, 10, 0, 0);
	cb.aio_reserved2 = 1;
	ok_errno(io_submit(ctx, 1, list), EINVAL, "aio_reserved2 != 0");
	cb = make_cb(CMD_PREAD, 999, buf, 10, 0, 0);
	ok_errno(io_submit(ctx, 1, list), EBADF, "bad descriptor");
	cb = make_cb(CMD_PWRITE, ro, buf, 10, 0, 0);
	ok_errno(io_submit(ctx, 1, list), EBADF, "PWRITE on a read-only descriptor");
	cb = make_cb(CMD_PREAD, fd, buf, 10, 0, 0);
	cb.aio_rw_flags = 0x40000000;
	ok_errno(io_submit(ctx, 1, list), EOPNOTSUPP, "unknown aio_rw_flags");
	cb = make_cb(CMD_FSYNC, fd, buf, 0, 0, 0);
	ok_errno(io_submit(ctx, 1, list), EINVAL, "FSYNC with a buffer");
	cb = make_cb(CMD_PREAD, fd, buf, 10, 0, 0);
	cb.aio_flags = FLAG_RESFD;
	cb.aio_resfd = 999;
	ok_errno(io_submit(ctx, 1, list), EBADF, "IOCB_FLAG_RESFD with a bad eventfd");
	ok_errno(io_submit(ctx, 1, (struct iocb **)8), EFAULT, "bad iocb array");
	list[0] = (struct iocb *)8;
	ok_errno(io_submit(ctx, 1, list), EFAULT, "bad iocb pointer");
	list[0] = &cb;
	cb = make_cb(CMD_PREADV, fd, (void *)8, 1, 0, 0);
	ok_errno(io_submit(ctx, 1, list), EFAULT, "PREADV with a bad iovec array");
	ok_errno(io_submit(ctx, -1, list), EINVAL, "io_submit with nr < 0");
	ok_errno(io_submit(ctx + 4096, 1, list), EINVAL, "io_submit on an unknown context");
	ok_errno(io_getevents(ctx + 4096, 0, 1, ev, &zero), EINVAL,
		 "io_getevents on an unknown context");
	ok_errno(io_getevents(ctx, 2, 1, ev, &zero), EINVAL, "io_getevents min_nr > nr");
	ok_errno(io_getevents(ctx, -1, 1, ev, &zero), EINVAL, "io_getevents min_nr < 0");
	ok_errno(io_getevents(ctx, 0, 1, ev, (struct timespec *)8), EFAULT,
		 "io_getevents with a bad timeout");

	/* The first is queued, the second is bad: a count of 1. */
	cb = make_cb(CMD_PWRITE, fd, buf, 10, 0, 0);
	cb2 = make_cb(99, fd, buf, 10, 0, 0);
	ok_eq(io_submit(ctx, 2, list), 1, "a bad second iocb: io_submit returns 1");
	ok_eq(io_getevents(ctx, 1, 8, ev, NULL), 1, "and only the first completes");

	cb = make_cb(CMD_PREAD, fd, buf, 10, 0, 0);
	ok_eq(run_one(ctx, &cb, ev), 10, "a good request after the errors");
	io_destroy(ctx);

	/* An event that could not be copied out stays queued. */
	ctx = 0;
	io_setup(1, &ctx);
	cb = make_cb(CMD_PREAD, fd, buf, 10, 0, 77);
	list[0] = &cb;
	n = io_submit(ctx, 1, list);
	ok_errno(io_getevents(ctx, 1, 1, (struct io_event *)8, NULL), EFAULT,
		 "io_getevents into a bad array");
	ok(n == 1 && io_getevents(ctx, 1, 1, ev, NULL) == 1 && ev[0].data == 77,
	   "the event is still there after the EFAULT");
	io_destroy(ctx);
	close(ro);
	close(fd);
	unlink(path);
}

/* Every slot taken: io_submit fails with EAGAIN until events are reaped. */
static void test_full(const char *dir)
{
	static char buf[16];
	static struct io_event evs[64];
	aio_context_t ctx = 0;
	struct iocb cb, *list[1] = { &cb };
	char path[256];
	int fd, n = 0, reaped = 0;
	long r = 0;

	snprintf(path, sizeof(path), "%s/aio-full", dir);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || io_setup(4, &ctx))
		bail_out("open / io_setup: %s", strerror(errno));
	cb = make_cb(CMD_PWRITE, fd, buf, sizeof(buf), 0, 0);
	while (n < 100000 && (r = io_submit(ctx, 1, list)) == 1)
		n++;
	ok(r == -1 && errno == EAGAIN, "unreaped events fill the context: EAGAIN (%s)",
	   r == -1 ? strerror(errno) : "never");
	ok(n >= 4, "at least the 4 requested events fit (%d did)", n);
	for (;;) {
		long k = io_getevents(ctx, 0, 64, evs, NULL);

		if (k <= 0)
			break;
		reaped += k;
	}
	ok_eq(reaped, n, "every queued event is reaped");
	ok_eq(io_submit(ctx, 1, list), 1, "io_submit works again after reaping");
	io_destroy(ctx);
	close(fd);
	unlink(path);
}

/* ------------------------------------------------------------ waiting */

static void on_signal(int sig)
{
	(void)sig;
}

static void test_wait(void)
{
	aio_context_t ctx = 0;
	struct io_event ev[2];
	struct timespec ts = { 0, 100 * MS };
	struct sigaction sa = { .sa_handler = on_signal };
	struct itimerval it = { .it_value = { 0, 100000 } };
	sigset_t block, none;
	struct aio_sigset as = { &none, 8 };
	long long t0;
	long r;

	if (io_setup(4, &ctx))
		bail_out("io_setup: %s", strerror(errno));
	t0 = now_ns(CLOCK_MONOTONIC);
	r = io_getevents(ctx, 1, 2, ev, &ts);
	ok(r == 0 && now_ns(CLOCK_MONOTONIC) - t0 >= 90 * MS,
	   "io_getevents with nothing queued times out after 100 ms (r %ld, %lld ms)", r,
	   (now_ns(CLOCK_MONOTONIC) - t0) / MS);
	ts.tv_nsec = 0;
	ok_eq(io_getevents(ctx, 0, 2, ev, NULL), 0, "min_nr 0 returns at once");

	sigaction(SIGALRM, &sa, NULL);
	setitimer(ITIMER_REAL, &it, NULL);
	ok_errno(io_getevents(ctx, 1, 2, ev, NULL), EINTR, "a signal interrupts io_getevents");

	/* SIGUSR1 blocked and pending: only io_pgetevents' mask lets it in. */
	sigaction(SIGUSR1, &sa, NULL);
	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	sigprocmask(SIG_BLOCK, &block, NULL);
	raise(SIGUSR1);
	ts.tv_nsec = 50 * MS;
	ok_eq(io_getevents(ctx, 1, 2, ev, &ts), 0, "a blocked signal does not interrupt");
	sigemptyset(&none);
	ts.tv_sec = 5;
	ts.tv_nsec = 0;
	r = syscall(SYS_io_pgetevents, ctx, 1L, 2L, ev, &ts, &as);
	ok(r == -1 && errno == EINTR, "io_pgetevents with an empty mask takes the signal: EINTR");
	sigprocmask(SIG_SETMASK, NULL, &none);
	ok(sigismember(&none, SIGUSR1), "the caller's mask is back afterwards");
	sigprocmask(SIG_UNBLOCK, &block, NULL);
	as.sigsetsize = 3;
	ts.tv_sec = 0;
	ok_errno(syscall(SYS_io_pgetevents, ctx, 0L, 2L, ev, &ts, &as), EINVAL,
		 "io_pgetevents with a bad sigsetsize");
	io_destroy(ctx);
}

/* ------------------------------------------------------------ processes */

static aio_context_t shared_ctx;

static int child_uses_parent_ctx(void *arg)
{
	static char buf[8];
	struct iocb cb = make_cb(CMD_PREAD, 0, buf, 1, 0, 0), *list[1] = { &cb };

	(void)arg;
	if (io_submit(shared_ctx, 1, list) != -1 || errno != EINVAL)
		return 1;
	if (io_destroy(shared_ctx) != -1 || errno != EINVAL)
		return 2;
	return 0;
}

static int child_leaks_ctx(void *arg)
{
	aio_context_t ctx = 0;

	(void)arg;
	return io_setup(1000, &ctx) ? 1 : 0;
}

static void test_processes(void)
{
	long before = sysctl_num("/proc/sys/fs/aio-nr");
	int st;

	if (io_setup(4, &shared_ctx))
		bail_out("io_setup: %s", strerror(errno));
	st = run_in_child(child_uses_parent_ctx, NULL);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "a fork child cannot use or destroy the parent's context (%s)", status_str(st));
	ok_sys(io_destroy(shared_ctx), "the parent still can destroy it");
	st = run_in_child(child_leaks_ctx, NULL);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "a child sets up a context and exits");
	ok_eq(sysctl_num("/proc/sys/fs/aio-nr"), before, "its events are released at exit");
}

/* ------------------------------------------------------------ O_DIRECT */

static void test_direct(const char *dir)
{
	enum { BLOCKS = 32, BS = 4096 };
	static struct iocb cbs[BLOCKS];
	static struct io_event evs[BLOCKS];
	struct iocb *list[BLOCKS];
	unsigned char *buf;
	aio_context_t ctx = 0;
	char path[256];
	int fd, i, good = 1;
	long got;

	if (!dir) {
		skip("O_DIRECT: no ext2 directory ($FSTEST_DIR unset)");
		return;
	}
	snprintf(path, sizeof(path), "%s/aio-direct", dir);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_DIRECT, 0644);
	if (!ok(fd >= 0, "open %s with O_DIRECT", path))
		return;
	if (posix_memalign((void **)&buf, BS, BLOCKS * BS) || io_setup(BLOCKS, &ctx))
		bail_out("memory / io_setup: %s", strerror(errno));
	for (i = 0; i < BLOCKS; i++) {
		fill(buf + i * BS, BS, 500 + i);
		cbs[i] = make_cb(CMD_PWRITE, fd, buf + i * BS, BS, (off_t)i * BS, i);
		list[i] = &cbs[i];
	}
	ok_eq(io_submit(ctx, BLOCKS, list), BLOCKS, "O_DIRECT: %d writes submitted", BLOCKS);
	got = io_getevents(ctx, BLOCKS, BLOCKS, evs, NULL);
	ok_eq(got, BLOCKS, "O_DIRECT: every write completed");
	for (i = 0; i < got; i++)
		if (evs[i].res != BS)
			good = 0;
	ok(good, "O_DIRECT: each wrote %d bytes", BS);

	memset(buf, 0, BLOCKS * BS);
	for (i = 0; i < BLOCKS; i++)
		cbs[i] = make_cb(CMD_PREAD, fd, buf + i * BS, BS, (off_t)i * BS, i);
	ok_eq(io_submit(ctx, BLOCKS, list), BLOCKS, "O_DIRECT: %d reads submitted", BLOCKS);
	ok_eq(io_getevents(ctx, BLOCKS, BLOCKS, evs, NULL), BLOCKS,
	      "O_DIRECT: every read completed");
	for (i = 0; i < BLOCKS; i++)
		if (!check(buf + i * BS, BS, 500 + i))
			good = 0;
	ok(good, "O_DIRECT: the data read back is what was written");

	/* Misaligned: the transfer itself fails, reported in the event. */
	cbs[0] = make_cb(CMD_PREAD, fd, buf + 1, BS, 0, 0);
	ok_eq(run_one(ctx, &cbs[0], evs), -EINVAL, "O_DIRECT: a misaligned buffer gives res -EINVAL");

	/* The page cache sees the O_DIRECT data too. */
	{
		int bfd = open(path, O_RDONLY);
		unsigned char *copy = malloc(BS);

		ok(bfd >= 0 && copy && pread(bfd, copy, BS, 5 * BS) == BS &&
		   check(copy, BS, 505), "a buffered read sees the O_DIRECT data");
		free(copy);
		close(bfd);
	}
	io_destroy(ctx);
	free(buf);
	close(fd);
	unlink(path);
}

int main(void)
{
	const char *ext2 = getenv("FSTEST_DIR");
	const char *dir = ext2 ? ext2 : "/tmp";

	test_setup();
	test_rw(dir);
	test_many(dir);
	test_errors(dir);
	test_full(dir);
	test_wait();
	test_processes();
	test_direct(ext2);
	return tap_finish();
}
