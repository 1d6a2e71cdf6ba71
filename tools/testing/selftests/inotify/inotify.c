// SPDX-License-Identifier: GPL-2.0-only
/*
 * inotify - watches on files and directories as inotify(7) describes them.
 *
 * Covered: inotify_init1 flags (IN_CLOEXEC, IN_NONBLOCK, EINVAL), the
 * errors of inotify_add_watch/inotify_rm_watch, the records read(2)
 * returns (names NUL-padded to a multiple of the record size, EINVAL for a
 * buffer too small, EAGAIN, a blocked reader woken), FIONREAD, poll and
 * epoll readiness, the events of create/open/write/read/close, chmod,
 * utimes, truncate, link, unlink, mkdir/rmdir, rename (one cookie for
 * IN_MOVED_FROM and IN_MOVED_TO, IN_MOVE_SELF), IN_DELETE_SELF and
 * IN_IGNORED, IN_UNMOUNT, IN_ISDIR, coalescing of identical events,
 * IN_ONESHOT, IN_MASK_ADD, IN_MASK_CREATE, IN_ONLYDIR, IN_DONT_FOLLOW,
 * IN_EXCL_UNLINK, IN_Q_OVERFLOW at fs.inotify.max_queued_events, and
 * the per-user limits (EMFILE, ENOSPC).
 *
 * Each check uses its own descriptor on a fresh directory under /tmp; the
 * sysctls changed are put back.  Runs as root.  Must pass on Linux and
 * Tidewater alike.
 */
#include <poll.h>
#include <sys/epoll.h>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <time.h>

#include "tap.h"

#ifndef IN_MASK_CREATE
#define IN_MASK_CREATE	0x10000000
#endif

struct ev {
	int wd;
	uint32_t mask;
	uint32_t cookie;
	uint32_t len;
	char name[256];
};

#define MAX_EVS 64
static struct ev evs[MAX_EVS];
static char top[64];
static int serial;

/* A fresh empty directory; its path stays valid over the next call too. */
static const char *fresh_dir(void)
{
	static char dirs[2][128];
	char *dir = dirs[serial % 2];

	snprintf(dir, sizeof(dirs[0]), "%s/d%d", top, ++serial);
	if (mkdir(dir, 0755))
		bail_out("mkdir %s: %s", dir, strerror(errno));
	return dir;
}

static const char *join(const char *dir, const char *name)
{
	static char buf[4][192];
	static int i;

	i = (i + 1) % 4;
	snprintf(buf[i], sizeof(buf[i]), "%s/%s", dir, name);
	return buf[i];
}

static int new_fd(void)
{
	int fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);

	if (fd < 0)
		bail_out("inotify_init1: %s", strerror(errno));
	return fd;
}

static int watch(int fd, const char *path, uint32_t mask)
{
	int wd = inotify_add_watch(fd, path, mask);

	if (wd < 0)
		diag("inotify_add_watch(%s, %#x): %s", path, mask, strerror(errno));
	return wd;
}

/* Parse the records in buf[0..n) into evs[] from *count on; false if malformed. */
static bool parse(const char *buf, ssize_t n, int *count)
{
	ssize_t off = 0;

	while (off < n) {
		struct inotify_event *ie = (struct inotify_event *)(buf + off);
		struct ev *e;

		if (n - off < (ssize_t)sizeof(*ie) || n - off < (ssize_t)(sizeof(*ie) + ie->len))
			return false;
		if (*count < MAX_EVS) {
			e = &evs[(*count)++];
			e->wd = ie->wd;
			e->mask = ie->mask;
			e->cookie = ie->cookie;
			e->len = ie->len;
			e->name[0] = 0;
			if (ie->len)
				snprintf(e->name, sizeof(e->name), "%s", ie->name);
		}
		off += sizeof(*ie) + ie->len;
	}
	return true;
}

/* Read everything queued (the descriptor is non-blocking); the count, or -1. */
static int drain(int fd)
{
	static char buf[16384] __attribute__((aligned(8)));
	int count = 0;

	for (;;) {
		ssize_t n = read(fd, buf, sizeof(buf));

		if (n < 0)
			return errno == EAGAIN ? count : -1;
		if (!parse(buf, n, &count))
			return -1;
	}
}

static void show(int n)
{
	for (int i = 0; i < n; i++)
		diag("  event %d: wd %d mask %#x cookie %u name \"%s\"", i, evs[i].wd,
		     evs[i].mask, evs[i].cookie, evs[i].name);
}

/* Is evs[i] the given record? */
static bool is_ev(int n, int i, int wd, uint32_t mask, const char *name)
{
	return i < n && evs[i].wd == wd && evs[i].mask == mask &&
	       !strcmp(evs[i].name, name ? name : "");
}

/* The events read are exactly the list given (wd, mask, name triples). */
static bool expect_seq(int n, int want, const int *wds, const uint32_t *masks,
		       const char *const *names)
{
	bool good = n == want;

	for (int i = 0; good && i < want; i++)
		good = is_ev(n, i, wds[i], masks[i], names[i]);
	if (!good) {
		diag("want %d events, got %d:", want, n);
		for (int i = 0; i < want; i++)
			diag("  want %d: wd %d mask %#x name \"%s\"", i, wds[i], masks[i],
			     names[i] ? names[i] : "");
		show(n);
	}
	return good;
}

static void touch(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT, 0644);

	if (fd >= 0)
		close(fd);
}

static int write_num(const char *path, long v)
{
	char s[32];
	int fd = open(path, O_WRONLY), ok;

	if (fd < 0)
		return -1;
	snprintf(s, sizeof(s), "%ld\n", v);
	ok = write(fd, s, strlen(s)) == (ssize_t)strlen(s);
	close(fd);
	return ok ? 0 : -1;
}

static long read_num(const char *path)
{
	char s[32] = "";
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, s, sizeof(s) - 1);
	close(fd);
	return n > 0 ? atol(s) : -1;
}

/* ------------------------------------------------------------ the descriptor */

static void test_init(void)
{
	int fd, flags;
	char buf[64];

	ok_errno(inotify_init1(0x1), EINVAL, "inotify_init1 with an unknown flag is EINVAL");
	fd = inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
	ok(fd >= 0, "inotify_init1(IN_CLOEXEC | IN_NONBLOCK) gives a descriptor");
	ok(fcntl(fd, F_GETFD) & FD_CLOEXEC, "IN_CLOEXEC sets FD_CLOEXEC");
	flags = fcntl(fd, F_GETFL);
	ok(flags & O_NONBLOCK, "IN_NONBLOCK sets O_NONBLOCK");
	ok_errno(read(fd, buf, sizeof(buf)), EAGAIN, "read of an empty queue is EAGAIN");
	close(fd);
	fd = inotify_init();
	ok(fd >= 0 && !(fcntl(fd, F_GETFD) & FD_CLOEXEC) && !(fcntl(fd, F_GETFL) & O_NONBLOCK),
	   "inotify_init gives a blocking descriptor without FD_CLOEXEC");
	close(fd);
}

static void test_errors(void)
{
	const char *dir = fresh_dir();
	int fd = new_fd(), p[2], wd;

	touch(join(dir, "f"));
	ok_errno(inotify_add_watch(fd, dir, 0), EINVAL, "a mask without events is EINVAL");
	ok_errno(inotify_add_watch(fd, dir, IN_OPEN | IN_MASK_ADD | IN_MASK_CREATE), EINVAL,
		 "IN_MASK_ADD with IN_MASK_CREATE is EINVAL");
	ok_errno(inotify_add_watch(-1, dir, IN_OPEN), EBADF, "a bad descriptor is EBADF");
	if (pipe(p) == 0) {
		ok_errno(inotify_add_watch(p[0], dir, IN_OPEN), EINVAL,
			 "a descriptor that is not inotify is EINVAL");
		close(p[0]);
		close(p[1]);
	}
	ok_errno(inotify_add_watch(fd, join(dir, "none"), IN_OPEN), ENOENT,
		 "a missing path is ENOENT");
	ok_errno(inotify_add_watch(fd, join(dir, "f"), IN_OPEN | IN_ONLYDIR), ENOTDIR,
		 "IN_ONLYDIR on a file is ENOTDIR");
	wd = watch(fd, dir, IN_OPEN | IN_ONLYDIR);
	ok(wd > 0, "IN_ONLYDIR on a directory works (wd %d)", wd);
	ok_errno(inotify_add_watch(fd, dir, IN_OPEN | IN_MASK_CREATE), EEXIST,
		 "IN_MASK_CREATE on a watched inode is EEXIST");
	ok_errno(inotify_rm_watch(fd, wd + 100), EINVAL, "inotify_rm_watch of an unknown wd is EINVAL");
	ok_errno(inotify_rm_watch(-1, wd), EBADF, "inotify_rm_watch of a bad descriptor is EBADF");
	close(fd);
}

/* ------------------------------------------------------------ records and readiness */

static void test_records(void)
{
	const char *dir = fresh_dir();
	int fd = new_fd(), wd, n, avail = -1, f;
	char small[sizeof(struct inotify_event) + 4] __attribute__((aligned(8)));
	struct inotify_event *ie = (struct inotify_event *)small;
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	static char buf[4096] __attribute__((aligned(8)));
	ssize_t got;

	wd = watch(fd, dir, IN_ALL_EVENTS);
	ok(poll(&pfd, 1, 0) == 0, "poll: not readable while the queue is empty");
	f = open(join(dir, "abcdefghijklmnopqrstu"), O_WRONLY | O_CREAT, 0644);
	ok(poll(&pfd, 1, 0) == 1 && (pfd.revents & POLLIN), "poll: POLLIN once an event waits");
	ok_sys(ioctl(fd, FIONREAD, &avail), "FIONREAD");
	/* IN_CREATE and IN_OPEN, each a record and a 21-byte name padded to 32. */
	ok_eq(avail, 2 * (int)(sizeof(struct inotify_event) + 32),
	      "FIONREAD counts the bytes of both records");
	ok_errno(read(fd, small, sizeof(small)), EINVAL,
		 "a buffer too small for the first record is EINVAL");
	got = read(fd, buf, sizeof(struct inotify_event) + 32);
	ok_eq(got, (ssize_t)(sizeof(struct inotify_event) + 32), "a read returns whole records only");
	ie = (struct inotify_event *)buf;
	ok(ie->wd == wd && ie->mask == IN_CREATE && ie->len == 32 && !strcmp(ie->name,
	   "abcdefghijklmnopqrstu") && ie->len % sizeof(struct inotify_event) == 0,
	   "IN_CREATE record: wd, mask, len padded to a multiple of %zu, name",
	   sizeof(struct inotify_event));
	ok(ie->name[21] == 0 && ie->name[31] == 0, "the name is NUL-terminated and padded with NULs");
	n = drain(fd);
	ok(is_ev(n, 0, wd, IN_OPEN, "abcdefghijklmnopqrstu") && n == 1, "then IN_OPEN");
	close(f);
	n = drain(fd);
	ok(is_ev(n, 0, wd, IN_CLOSE_WRITE, "abcdefghijklmnopqrstu") && n == 1,
	   "close of a writable descriptor is IN_CLOSE_WRITE");
	if (n != 1)
		show(n);
	ok(poll(&pfd, 1, 0) == 0, "poll: not readable once drained");
	close(fd);
}

static void test_epoll_and_block(void)
{
	const char *dir = fresh_dir();
	const char *file = join(dir, "f");
	struct epoll_event ee = { .events = EPOLLIN }, out;
	int fd = inotify_init1(0), ep, wd, st;
	static char buf[1024] __attribute__((aligned(8)));
	struct timespec t0, t1;
	ssize_t got;
	pid_t pid;

	touch(file);
	wd = watch(fd, file, IN_ATTRIB);
	ep = epoll_create1(0);
	ee.data.fd = fd;
	ok_sys(epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ee), "epoll_ctl ADD of an inotify descriptor");
	ok_eq(epoll_wait(ep, &out, 1, 0), 0, "epoll: nothing ready while empty");
	chmod(file, 0600);
	ok(epoll_wait(ep, &out, 1, 0) == 1 && (out.events & EPOLLIN), "epoll: EPOLLIN after chmod");
	got = read(fd, buf, sizeof(buf));
	ok(got == (ssize_t)sizeof(struct inotify_event) &&
	   ((struct inotify_event *)buf)->mask == IN_ATTRIB &&
	   ((struct inotify_event *)buf)->wd == wd, "chmod is IN_ATTRIB on the file's own watch");

	/* A blocked reader wakes when a child makes an event. */
	pid = fork();
	if (pid == 0) {
		struct timespec d = { 0, 200 * 1000 * 1000 };

		nanosleep(&d, NULL);
		chmod(file, 0644);
		_exit(0);
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	got = read(fd, buf, sizeof(buf));
	clock_gettime(CLOCK_MONOTONIC, &t1);
	waitpid(pid, &st, 0);
	ok(got == (ssize_t)sizeof(struct inotify_event) && (t1.tv_sec - t0.tv_sec) * 1000 +
	   (t1.tv_nsec - t0.tv_nsec) / 1000000 >= 100, "a blocking read waits for the event");
	close(ep);
	close(fd);
}

/* ------------------------------------------------------------ events */

static void test_file_events(void)
{
	const char *dir = fresh_dir();
	const char *file = join(dir, "f");
	int fd = new_fd(), dwd, fwd, n, f;
	struct timespec times[2] = { { 1000, 0 }, { 2000, 0 } };
	char c;

	touch(file);
	dwd = watch(fd, dir, IN_ALL_EVENTS);
	fwd = watch(fd, file, IN_ALL_EVENTS);
	ok(dwd > 0 && fwd > 0 && dwd != fwd, "two watches, two descriptors (%d, %d)", dwd, fwd);

	f = open(file, O_RDWR);
	n = drain(fd);
	ok(expect_seq(n, 2, (int[]){ dwd, fwd }, (uint32_t[]){ IN_OPEN, IN_OPEN },
		      (const char *[]){ "f", NULL }),
	   "open: IN_OPEN to the directory (with the name), then to the file");
	if (write(f, "ab", 2) != 2 || write(f, "cd", 2) != 2)
		diag("write: %s", strerror(errno));
	n = drain(fd);
	ok(expect_seq(n, 4, (int[]){ dwd, fwd, dwd, fwd },
		      (uint32_t[]){ IN_MODIFY, IN_MODIFY, IN_MODIFY, IN_MODIFY },
		      (const char *[]){ "f", NULL, "f", NULL }),
	   "two writes: IN_MODIFY to each watch, twice (interleaved, so not merged)");
	inotify_rm_watch(fd, dwd);
	drain(fd);
	if (write(f, "ef", 2) != 2 || write(f, "gh", 2) != 2)
		diag("write: %s", strerror(errno));
	n = drain(fd);
	ok(expect_seq(n, 1, (int[]){ fwd }, (uint32_t[]){ IN_MODIFY }, (const char *[]){ NULL }),
	   "two writes with one watch: a single IN_MODIFY (identical events merge)");
	dwd = watch(fd, dir, IN_ALL_EVENTS);
	lseek(f, 0, SEEK_SET);
	if (read(f, &c, 1) != 1)
		diag("read: %s", strerror(errno));
	n = drain(fd);
	ok(expect_seq(n, 2, (int[]){ dwd, fwd }, (uint32_t[]){ IN_ACCESS, IN_ACCESS },
		      (const char *[]){ "f", NULL }), "read: IN_ACCESS");
	ftruncate(f, 1);
	n = drain(fd);
	ok(expect_seq(n, 2, (int[]){ dwd, fwd }, (uint32_t[]){ IN_MODIFY, IN_MODIFY },
		      (const char *[]){ "f", NULL }), "ftruncate: IN_MODIFY");
	close(f);
	drain(fd);
	f = open(file, O_RDONLY);
	close(f);
	n = drain(fd);
	ok(expect_seq(n, 4, (int[]){ dwd, fwd, dwd, fwd },
		      (uint32_t[]){ IN_OPEN, IN_OPEN, IN_CLOSE_NOWRITE, IN_CLOSE_NOWRITE },
		      (const char *[]){ "f", NULL, "f", NULL }),
	   "open and close read-only: IN_OPEN, IN_CLOSE_NOWRITE");
	chmod(file, 0600);
	n = drain(fd);
	ok(expect_seq(n, 2, (int[]){ dwd, fwd }, (uint32_t[]){ IN_ATTRIB, IN_ATTRIB },
		      (const char *[]){ "f", NULL }), "chmod: IN_ATTRIB");
	utimensat(AT_FDCWD, file, times, 0);
	n = drain(fd);
	ok(expect_seq(n, 2, (int[]){ dwd, fwd }, (uint32_t[]){ IN_ATTRIB, IN_ATTRIB },
		      (const char *[]){ "f", NULL }), "utimensat: IN_ATTRIB");
	if (setxattr(file, "trusted.inotify", "v", 1, 0) == 0) {
		n = drain(fd);
		ok(expect_seq(n, 2, (int[]){ dwd, fwd }, (uint32_t[]){ IN_ATTRIB, IN_ATTRIB },
			      (const char *[]){ "f", NULL }), "setxattr: IN_ATTRIB");
	} else {
		skip("setxattr trusted.*: %s", strerror(errno));
	}
	ok_sys(link(file, join(dir, "hard")), "link");
	n = drain(fd);
	ok(expect_seq(n, 2, (int[]){ fwd, dwd }, (uint32_t[]){ IN_ATTRIB, IN_CREATE },
		      (const char *[]){ NULL, "hard" }),
	   "link: IN_ATTRIB on the file, IN_CREATE of the new name");
	ok_sys(unlink(join(dir, "hard")), "unlink of one of two names");
	n = drain(fd);
	ok(expect_seq(n, 2, (int[]){ fwd, dwd }, (uint32_t[]){ IN_ATTRIB, IN_DELETE },
		      (const char *[]){ NULL, "hard" }),
	   "unlink with a name left: IN_ATTRIB, IN_DELETE, no IN_DELETE_SELF");
	ok_sys(unlink(file), "unlink of the last name");
	n = drain(fd);
	ok(expect_seq(n, 4, (int[]){ fwd, fwd, fwd, dwd },
		      (uint32_t[]){ IN_ATTRIB, IN_DELETE_SELF, IN_IGNORED, IN_DELETE },
		      (const char *[]){ NULL, NULL, NULL, "f" }),
	   "unlink of the last name: IN_ATTRIB, IN_DELETE_SELF, IN_IGNORED, IN_DELETE");
	ok_errno(inotify_rm_watch(fd, fwd), EINVAL, "the deleted file's watch is gone");
	close(fd);
}

static void test_dir_events(void)
{
	const char *dir = fresh_dir();
	const char *sub = join(dir, "sub");
	int fd = new_fd(), dwd, swd, n, d;
	char buf[256];

	dwd = watch(fd, dir, IN_ALL_EVENTS);
	ok_sys(mkdir(sub, 0755), "mkdir");
	n = drain(fd);
	ok(expect_seq(n, 1, (int[]){ dwd }, (uint32_t[]){ IN_CREATE | IN_ISDIR },
		      (const char *[]){ "sub" }), "mkdir: IN_CREATE | IN_ISDIR");
	swd = watch(fd, sub, IN_ALL_EVENTS);
	d = open(sub, O_RDONLY | O_DIRECTORY);
	while (syscall(SYS_getdents64, d, buf, sizeof(buf)) > 0)
		;
	close(d);
	n = drain(fd);
	ok(n >= 4 && is_ev(n, 0, dwd, IN_OPEN | IN_ISDIR, "sub") &&
	   is_ev(n, 1, swd, IN_OPEN | IN_ISDIR, NULL) &&
	   is_ev(n, n - 2, dwd, IN_CLOSE_NOWRITE | IN_ISDIR, "sub") &&
	   is_ev(n, n - 1, swd, IN_CLOSE_NOWRITE | IN_ISDIR, NULL),
	   "opendir/closedir: IN_OPEN and IN_CLOSE_NOWRITE with IN_ISDIR");
	ok(is_ev(n, 2, dwd, IN_ACCESS | IN_ISDIR, "sub") && is_ev(n, 3, swd, IN_ACCESS | IN_ISDIR, NULL),
	   "getdents: IN_ACCESS | IN_ISDIR");
	if (n < 6)
		show(n);
	ok_sys(rmdir(sub), "rmdir");
	n = drain(fd);
	ok(expect_seq(n, 3, (int[]){ swd, swd, dwd },
		      (uint32_t[]){ IN_DELETE_SELF, IN_IGNORED, IN_DELETE | IN_ISDIR },
		      (const char *[]){ NULL, NULL, "sub" }),
	   "rmdir: IN_DELETE_SELF, IN_IGNORED, then IN_DELETE | IN_ISDIR");
	close(fd);
}

static void test_rename(void)
{
	const char *a = fresh_dir(), *b = fresh_dir();
	int fd = new_fd(), awd, bwd, fwd, n;

	touch(join(a, "f"));
	touch(join(b, "victim"));
	awd = watch(fd, a, IN_MOVE | IN_DELETE);
	bwd = watch(fd, b, IN_MOVE);
	fwd = watch(fd, join(a, "f"), IN_MOVE_SELF);
	ok_sys(rename(join(a, "f"), join(a, "g")), "rename within a directory");
	n = drain(fd);
	ok(n == 3 && is_ev(n, 0, awd, IN_MOVED_FROM, "f") && is_ev(n, 1, awd, IN_MOVED_TO, "g") &&
	   is_ev(n, 2, fwd, IN_MOVE_SELF, NULL),
	   "IN_MOVED_FROM f, IN_MOVED_TO g, IN_MOVE_SELF");
	ok(n >= 2 && evs[0].cookie && evs[0].cookie == evs[1].cookie && !evs[2].cookie,
	   "the two halves share a non-zero cookie");
	if (n != 3)
		show(n);
	ok_sys(rename(join(a, "g"), join(b, "victim")), "rename over a file in another directory");
	n = drain(fd);
	ok(n == 3 && is_ev(n, 0, awd, IN_MOVED_FROM, "g") && is_ev(n, 1, bwd, IN_MOVED_TO, "victim") &&
	   evs[0].cookie == evs[1].cookie && is_ev(n, 2, fwd, IN_MOVE_SELF, NULL),
	   "across directories: each directory hears its half, same cookie");
	if (n != 3)
		show(n);
	ok_sys(mkdir(join(a, "dir"), 0755), "mkdir");
	drain(fd);
	ok_sys(rename(join(a, "dir"), join(b, "dir")), "rename of a directory");
	n = drain(fd);
	ok(n == 2 && is_ev(n, 0, awd, IN_MOVED_FROM | IN_ISDIR, "dir") &&
	   is_ev(n, 1, bwd, IN_MOVED_TO | IN_ISDIR, "dir"), "a directory's move carries IN_ISDIR");
	if (n != 2)
		show(n);
	fwd = watch(fd, join(b, "dir"), IN_MOVE_SELF | IN_DELETE_SELF);
	ok_sys(rename(join(b, "dir"), join(b, "dir2")), "rename of a watched directory");
	n = drain(fd);
	ok(n == 3 && is_ev(n, 2, fwd, IN_MOVE_SELF, NULL),
	   "the directory's own watch hears IN_MOVE_SELF (without IN_ISDIR)");
	if (n != 3)
		show(n);
	close(fd);
}

static void test_flags(void)
{
	const char *dir = fresh_dir();
	const char *file = join(dir, "f");
	int fd = new_fd(), wd, wd2, n, f;

	touch(file);
	wd = watch(fd, file, IN_OPEN | IN_ONESHOT);
	close(open(file, O_RDONLY));
	close(open(file, O_RDONLY));
	n = drain(fd);
	ok(expect_seq(n, 2, (int[]){ wd, wd }, (uint32_t[]){ IN_OPEN, IN_IGNORED },
		      (const char *[]){ NULL, NULL }),
	   "IN_ONESHOT: one event, then IN_IGNORED, then nothing");

	wd = watch(fd, file, IN_OPEN);
	wd2 = watch(fd, file, IN_ATTRIB | IN_MASK_ADD);
	ok_eq(wd2, wd, "watching the inode again gives the same descriptor");
	close(open(file, O_RDONLY));
	chmod(file, 0600);
	n = drain(fd);
	ok(n == 2 && is_ev(n, 0, wd, IN_OPEN, NULL) && is_ev(n, 1, wd, IN_ATTRIB, NULL),
	   "IN_MASK_ADD keeps the old events");
	watch(fd, file, IN_ATTRIB);
	close(open(file, O_RDONLY));
	chmod(file, 0644);
	n = drain(fd);
	ok(n == 1 && is_ev(n, 0, wd, IN_ATTRIB, NULL), "without IN_MASK_ADD the mask is replaced");
	ok_sys(inotify_rm_watch(fd, wd), "inotify_rm_watch");
	n = drain(fd);
	ok(n == 1 && is_ev(n, 0, wd, IN_IGNORED, NULL), "inotify_rm_watch queues IN_IGNORED");
	ok_errno(inotify_rm_watch(fd, wd), EINVAL, "a second inotify_rm_watch is EINVAL");

	/* IN_DONT_FOLLOW watches the link itself. */
	symlink("f", join(dir, "link"));
	wd = watch(fd, join(dir, "link"), IN_ATTRIB | IN_DONT_FOLLOW);
	wd2 = watch(fd, join(dir, "link"), IN_ATTRIB | IN_OPEN);
	ok(wd > 0 && wd2 > 0 && wd != wd2, "IN_DONT_FOLLOW: the link and its target differ");
	chmod(file, 0600);
	n = drain(fd);
	ok(n == 1 && is_ev(n, 0, wd2, IN_ATTRIB, NULL), "a change of the target reaches the target's watch only");

	/* IN_EXCL_UNLINK: nothing from a child once it has no name. */
	wd = watch(fd, dir, IN_MODIFY | IN_EXCL_UNLINK);
	f = open(file, O_WRONLY);
	unlink(file);
	drain(fd);
	if (write(f, "x", 1) != 1)
		diag("write: %s", strerror(errno));
	n = drain(fd);
	ok(n == 0, "IN_EXCL_UNLINK: a write to an unlinked child is not reported");
	watch(fd, dir, IN_MODIFY);
	if (write(f, "x", 1) != 1)
		diag("write: %s", strerror(errno));
	n = drain(fd);
	ok(n == 1 && is_ev(n, 0, wd, IN_MODIFY, "f"), "without it, the write is reported by name");
	close(f);
	close(fd);
}

/* ------------------------------------------------------------ limits */

#define SYSCTL "/proc/sys/fs/inotify/"

static void test_overflow(void)
{
	const char *dir = fresh_dir();
	long saved = read_num(SYSCTL "max_queued_events");
	int fd, wd, n, i;
	char name[16];

	ok(saved > 0, "fs.inotify.max_queued_events is readable (%ld)", saved);
	if (write_num(SYSCTL "max_queued_events", 8)) {
		skip("cannot set max_queued_events");
		return;
	}
	fd = new_fd();
	write_num(SYSCTL "max_queued_events", saved);
	wd = watch(fd, dir, IN_CREATE);
	for (i = 0; i < 20; i++) {
		snprintf(name, sizeof(name), "f%d", i);
		touch(join(dir, name));
	}
	n = drain(fd);
	ok(n == 9 && is_ev(n, 0, wd, IN_CREATE, "f0") && is_ev(n, 7, wd, IN_CREATE, "f7") &&
	   is_ev(n, 8, -1, IN_Q_OVERFLOW, NULL),
	   "a queue of 8: eight events, then one IN_Q_OVERFLOW with wd -1");
	if (n != 9)
		show(n);
	touch(join(dir, "again"));
	n = drain(fd);
	ok(n == 1 && is_ev(n, 0, wd, IN_CREATE, "again"), "once read, events queue again");
	close(fd);
}

static void test_user_limits(void)
{
	const char *dir = fresh_dir();
	long inst = read_num(SYSCTL "max_user_instances");
	long watches = read_num(SYSCTL "max_user_watches");
	int fds[8], n = 0, fd, i, err = 0;

	ok(inst > 0 && watches > 0, "max_user_instances %ld, max_user_watches %ld", inst, watches);
	if (write_num(SYSCTL "max_user_instances", 4) == 0) {
		while (n < 8) {
			fds[n] = inotify_init1(IN_CLOEXEC);
			if (fds[n] < 0) {
				err = errno;
				break;
			}
			n++;
		}
		ok(n <= 4 && err == EMFILE, "max_user_instances 4: EMFILE after %d more", n);
		if (n > 0) {
			close(fds[--n]);
			fd = inotify_init1(IN_CLOEXEC);
			ok(fd >= 0, "closing one makes room for another");
			if (fd >= 0)
				close(fd);
		}
		while (n > 0)
			close(fds[--n]);
		write_num(SYSCTL "max_user_instances", inst);
	} else {
		skip("cannot set max_user_instances");
	}

	fd = new_fd();
	for (i = 0; i < 3; i++) {
		char name[8];

		snprintf(name, sizeof(name), "w%d", i);
		touch(join(dir, name));
	}
	if (write_num(SYSCTL "max_user_watches", 2) == 0) {
		int a = inotify_add_watch(fd, join(dir, "w0"), IN_OPEN);
		int b = inotify_add_watch(fd, join(dir, "w1"), IN_OPEN);

		/* Other watches of this user (none in the test guest) count too. */
		ok(a > 0 || b > 0 || errno == ENOSPC, "watches up to the limit");
		ok_errno(inotify_add_watch(fd, join(dir, "w2"), IN_OPEN), ENOSPC,
			 "max_user_watches 2: the third watch is ENOSPC");
		ok(a < 0 || inotify_add_watch(fd, join(dir, "w0"), IN_ATTRIB) == a,
		   "changing an existing watch needs no new one");
		if (a > 0)
			inotify_rm_watch(fd, a);
		ok(inotify_add_watch(fd, join(dir, "w2"), IN_OPEN) > 0,
		   "after inotify_rm_watch there is room again");
		write_num(SYSCTL "max_user_watches", watches);
	} else {
		skip("cannot set max_user_watches");
	}
	close(fd);
}

static void test_unmount(void)
{
	const char *dir = fresh_dir();
	int fd, dwd, fwd, n;

	if (mount("none", dir, "tmpfs", 0, "size=1m")) {
		skip("mount tmpfs: %s", strerror(errno));
		return;
	}
	touch(join(dir, "f"));
	fd = new_fd();
	dwd = watch(fd, dir, IN_CREATE);
	fwd = watch(fd, join(dir, "f"), IN_OPEN);
	ok_sys(umount(dir), "umount of a file system with watches on it");
	n = drain(fd);
	ok(n == 4, "four events for two watches (%d)", n);
	for (int w = 0; w < 2; w++) {
		int wd = w ? fwd : dwd, unmounted = 0, ignored = 0;

		for (int i = 0; i < n; i++) {
			if (evs[i].wd == wd && (evs[i].mask & IN_UNMOUNT) && !ignored)
				unmounted++;
			if (evs[i].wd == wd && evs[i].mask == IN_IGNORED)
				ignored++;
		}
		ok(unmounted == 1 && ignored == 1, "%s watch: IN_UNMOUNT, then IN_IGNORED",
		   w ? "file" : "root directory");
	}
	if (n != 4)
		show(n);
	close(fd);
}

int main(void)
{
	snprintf(top, sizeof(top), "/tmp/inotify.%d", getpid());
	if (mkdir(top, 0755))
		bail_out("mkdir %s: %s", top, strerror(errno));

	test_init();
	test_errors();
	test_records();
	test_epoll_and_block();
	test_file_events();
	test_dir_events();
	test_rename();
	test_flags();
	test_overflow();
	test_user_limits();
	test_unmount();
	return tap_finish();
}
