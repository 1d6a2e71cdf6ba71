// SPDX-License-Identifier: GPL-2.0-only
/*
 * locks - fcntl(2) record locks: F_GETLK/F_SETLK/F_SETLKW and the open
 * file description forms F_OFD_*, as fcntl(2) describes them.
 *
 * Covered: who conflicts (read/read coexist, write excludes, one owner
 * never conflicts with itself), what F_GETLK reports (type, range, pid;
 * -1 for OFD locks), ranges (l_whence, l_len 0 to "end of file and
 * beyond", negative l_len), replacing, splitting and merging an owner's
 * locks, release on close of ANY descriptor of the file and at exit,
 * fork not inheriting, F_SETLKW waking when the range frees, EDEADLK on a
 * two-process cycle, EINTR, and the errors (EAGAIN, EBADF for the wrong
 * access mode, EINVAL, EFAULT).
 *
 * Every conflict is seen from a forked child (a lock never conflicts
 * with its own process).  The test file lives in a fresh /tmp directory.
 * Must pass on Linux and Tidewater alike.
 */
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>

#include "tap.h"

#ifndef F_OFD_GETLK
#define F_OFD_GETLK	36
#define F_OFD_SETLK	37
#define F_OFD_SETLKW	38
#endif

static char path[64];

static long lk(int fd, int cmd, short type, short whence, long long start, long long len)
{
	struct flock fl = {
		.l_type = type, .l_whence = whence, .l_start = start, .l_len = len,
	};

	return syscall(SYS_fcntl, fd, cmd, &fl);
}

/* F_GETLK (or F_OFD_GETLK) of a write lock over [start, start+len). */
static struct flock getlk(int fd, int cmd, long long start, long long len)
{
	struct flock fl = {
		.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = start, .l_len = len,
	};

	if (syscall(SYS_fcntl, fd, cmd, &fl))
		fl.l_type = -1;
	return fl;
}

/*
 * Run fn in a forked child (another lock owner) and return its exit
 * status: what the child saw, encoded by fn.
 */
static int in_child(int (*fn)(int arg), int arg)
{
	int status;
	pid_t pid = fork();

	if (pid == 0)
		_exit(fn(arg));
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

/* The child's view of byte offset arg: 0 free, 1 read-locked, 2 write-locked. */
static int child_probe(int arg)
{
	int fd = open(path, O_RDWR);
	struct flock fl = getlk(fd, F_GETLK, arg, 1);

	if (fl.l_type == F_UNLCK)
		return 0;
	return fl.l_type == F_RDLCK ? 1 : fl.l_type == F_WRLCK ? 2 : 9;
}

/* 0 if the child may take a read lock on byte arg, errno otherwise. */
static int child_try_read(int arg)
{
	int fd = open(path, O_RDWR);

	return lk(fd, F_SETLK, F_RDLCK, SEEK_SET, arg, 1) ? errno : 0;
}

static void test_getlk_and_conflicts(int fd)
{
	struct flock fl;
	pid_t pid;
	int status;

	fl = getlk(fd, F_GETLK, 0, 0);
	ok_eq(fl.l_type, F_UNLCK, "F_GETLK on an unlocked file says F_UNLCK");
	ok_sys(lk(fd, F_SETLK, F_WRLCK, SEEK_SET, 100, 100), "write-lock bytes 100..199");
	fl = getlk(fd, F_GETLK, 0, 0);
	ok_eq(fl.l_type, F_UNLCK, "the owner's own lock is not in its way");

	pid = fork();
	if (pid == 0) {
		int cfd = open(path, O_RDWR);
		struct flock c = getlk(cfd, F_GETLK, 150, 1);

		/* Report through the exit status: 1 when all matched. */
		_exit(c.l_type == F_WRLCK && c.l_whence == SEEK_SET && c.l_start == 100 &&
		      c.l_len == 100 && c.l_pid == getppid());
	}
	waitpid(pid, &status, 0);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 1,
	   "another process's F_GETLK sees type, range and pid of the lock");
	ok_eq(in_child(child_try_read, 150), EAGAIN, "F_SETLK into a write lock: EAGAIN");
	ok_eq(in_child(child_try_read, 99), 0, "the byte before the lock is free");
	ok_eq(in_child(child_try_read, 200), 0, "the byte after the lock is free");

	ok_sys(lk(fd, F_SETLK, F_RDLCK, SEEK_SET, 100, 100), "downgrade to a read lock");
	ok_eq(in_child(child_try_read, 150), 0, "read locks of two owners coexist");
	ok_sys(lk(fd, F_SETLK, F_UNLCK, SEEK_SET, 0, 0), "unlock the whole file");
	ok_eq(in_child(child_probe, 150), 0, "nothing left after F_UNLCK of l_len 0");
}

static void test_split_merge(int fd)
{
	struct flock fl;

	ok_sys(lk(fd, F_SETLK, F_WRLCK, SEEK_SET, 0, 100), "write-lock 0..99");
	ok_sys(lk(fd, F_SETLK, F_RDLCK, SEEK_SET, 40, 20), "read-lock 40..59 inside it");
	ok(in_child(child_probe, 39) == 2 && in_child(child_probe, 40) == 1 &&
	   in_child(child_probe, 59) == 1 && in_child(child_probe, 60) == 2,
	   "the write lock split around the read lock");
	ok_sys(lk(fd, F_SETLK, F_UNLCK, SEEK_SET, 10, 10), "unlock 10..19");
	ok(in_child(child_probe, 9) == 2 && in_child(child_probe, 10) == 0 &&
	   in_child(child_probe, 19) == 0 && in_child(child_probe, 20) == 2,
	   "a hole opens in the write lock");
	ok_sys(lk(fd, F_SETLK, F_UNLCK, SEEK_SET, 0, 0), "unlock all");

	/* Two adjacent read locks become one, as F_GETLK shows its range. */
	lk(fd, F_SETLK, F_RDLCK, SEEK_SET, 0, 10);
	lk(fd, F_SETLK, F_RDLCK, SEEK_SET, 10, 10);
	if (fork() == 0) {
		int cfd = open(path, O_RDWR);

		fl = getlk(cfd, F_GETLK, 0, 0);
		_exit(fl.l_type == F_RDLCK && fl.l_start == 0 && fl.l_len == 20);
	}
	int status;

	wait(&status);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 1,
	   "adjacent read locks of one owner merge into 0..19");
	lk(fd, F_SETLK, F_UNLCK, SEEK_SET, 0, 0);
}

static void test_ranges(int fd)
{
	ok_sys(lseek(fd, 1000, SEEK_SET), "file offset 1000");
	ok_sys(lk(fd, F_SETLK, F_WRLCK, SEEK_CUR, -10, 0),
	       "SEEK_CUR -10 with l_len 0 locks 990 to beyond the end");
	ok(in_child(child_probe, 989) == 0 && in_child(child_probe, 990) == 2 &&
	   in_child(child_probe, 1 << 30) == 2, "990 and 1 GiB are locked, 989 is not");
	lk(fd, F_SETLK, F_UNLCK, SEEK_SET, 0, 0);

	ok_sys(lk(fd, F_SETLK, F_WRLCK, SEEK_SET, 50, -20), "negative l_len: bytes 30..49");
	ok(in_child(child_probe, 29) == 0 && in_child(child_probe, 30) == 2 &&
	   in_child(child_probe, 49) == 2 && in_child(child_probe, 50) == 0,
	   "the range ends before l_start");
	lk(fd, F_SETLK, F_UNLCK, SEEK_SET, 0, 0);

	ok_sys(ftruncate(fd, 500), "file size 500");
	ok_sys(lk(fd, F_SETLK, F_WRLCK, SEEK_END, -100, 50), "SEEK_END -100, 50 bytes");
	ok(in_child(child_probe, 399) == 0 && in_child(child_probe, 400) == 2 &&
	   in_child(child_probe, 449) == 2 && in_child(child_probe, 450) == 0,
	   "SEEK_END counts from the size: 400..449");
	lk(fd, F_SETLK, F_UNLCK, SEEK_SET, 0, 0);

	ok_errno(lk(fd, F_SETLK, F_WRLCK, 7, 0, 1), EINVAL, "bad l_whence: EINVAL");
	ok_errno(lk(fd, F_SETLK, F_WRLCK, SEEK_SET, -1, 1), EINVAL, "l_start -1: EINVAL");
	ok_errno(lk(fd, F_SETLK, F_WRLCK, SEEK_SET, 5, -10), EINVAL,
		 "negative l_len reaching before 0: EINVAL");
	ok_errno(lk(fd, F_SETLK, 42, SEEK_SET, 0, 1), EINVAL, "bad l_type: EINVAL");
	ok_errno(lk(fd, F_GETLK, F_UNLCK, SEEK_SET, 0, 1), EINVAL, "F_GETLK of F_UNLCK: EINVAL");
	ok_errno(syscall(SYS_fcntl, fd, F_SETLK, (void *)8), EFAULT, "bad struct pointer: EFAULT");
}

static void test_access_modes(void)
{
	int rd = open(path, O_RDONLY), wr = open(path, O_WRONLY);

	ok_errno(lk(rd, F_SETLK, F_WRLCK, SEEK_SET, 0, 1), EBADF,
		 "write lock on a read-only descriptor: EBADF");
	ok_errno(lk(wr, F_SETLK, F_RDLCK, SEEK_SET, 0, 1), EBADF,
		 "read lock on a write-only descriptor: EBADF");
	ok_sys(lk(rd, F_SETLK, F_RDLCK, SEEK_SET, 0, 1), "read lock on a read-only descriptor");
	ok_sys(lk(wr, F_SETLK, F_WRLCK, SEEK_SET, 1, 1), "write lock on a write-only descriptor");
	close(rd);
	close(wr);
}

static void test_release(int fd)
{
	int other;
	pid_t pid;
	int sync_pipe[2], status;
	char c;

	ok_sys(lk(fd, F_SETLK, F_WRLCK, SEEK_SET, 0, 10), "write-lock 0..9");
	other = open(path, O_RDONLY);
	close(other);
	ok_eq(in_child(child_probe, 5), 0,
	      "closing another descriptor of the file drops the process's locks");

	ok_sys(lk(fd, F_SETLK, F_WRLCK, SEEK_SET, 0, 10), "write-lock 0..9 again");
	pid = fork();
	if (pid == 0)
		_exit(lk(fd, F_SETLK, F_WRLCK, SEEK_SET, 0, 10) ? errno : 0);
	waitpid(pid, &status, 0);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == EAGAIN,
	   "a child does not inherit the lock: its F_SETLK through the same fd fails");
	lk(fd, F_SETLK, F_UNLCK, SEEK_SET, 0, 0);

	/* A child's locks go with it. */
	if (pipe(sync_pipe))
		return;
	pid = fork();
	if (pid == 0) {
		int cfd = open(path, O_RDWR);

		lk(cfd, F_SETLK, F_WRLCK, SEEK_SET, 0, 1);
		write(sync_pipe[1], "x", 1);
		pause();
		_exit(0);
	}
	read(sync_pipe[0], &c, 1);
	ok_errno(lk(fd, F_SETLK, F_RDLCK, SEEK_SET, 0, 1), EAGAIN, "the child's lock is in the way");
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	ok_sys(lk(fd, F_SETLK, F_RDLCK, SEEK_SET, 0, 1), "after its exit the byte is free");
	lk(fd, F_SETLK, F_UNLCK, SEEK_SET, 0, 0);
	close(sync_pipe[0]);
	close(sync_pipe[1]);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void on_alarm(int sig)
{
	(void)sig;
}

static void test_wait(int fd)
{
	int to_child[2], to_parent[2], status;
	struct sigaction sa = { .sa_handler = on_alarm };
	pid_t pid;
	double t0;
	char c;

	if (pipe(to_child) || pipe(to_parent))
		return;
	ok_sys(lk(fd, F_SETLK, F_WRLCK, SEEK_SET, 0, 1), "lock byte 0");
	pid = fork();
	if (pid == 0) {
		int cfd = open(path, O_RDWR);
		double start;

		write(to_parent[1], "r", 1);
		start = now();
		if (lk(cfd, F_SETLKW, F_WRLCK, SEEK_SET, 0, 1))
			_exit(1);
		/* Exit 0 only if the call really waited for the unlock. */
		_exit(now() - start > 0.2 ? 0 : 2);
	}
	read(to_parent[0], &c, 1);
	usleep(400000);
	ok_sys(lk(fd, F_SETLK, F_UNLCK, SEEK_SET, 0, 1), "unlock byte 0 while the child waits");
	waitpid(pid, &status, 0);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	   "F_SETLKW slept until the unlock, then got the lock");

	/* A cycle: the child holds 1 and waits for 0; asking for 1 deadlocks. */
	ok_sys(lk(fd, F_SETLK, F_WRLCK, SEEK_SET, 0, 1), "lock byte 0");
	pid = fork();
	if (pid == 0) {
		int cfd = open(path, O_RDWR);

		lk(cfd, F_SETLK, F_WRLCK, SEEK_SET, 1, 1);
		write(to_parent[1], "r", 1);
		_exit(lk(cfd, F_SETLKW, F_WRLCK, SEEK_SET, 0, 1) ? 1 : 0);
	}
	read(to_parent[0], &c, 1);
	usleep(400000);		/* let the child fall asleep in F_SETLKW */
	ok_errno(lk(fd, F_SETLKW, F_WRLCK, SEEK_SET, 1, 1), EDEADLK,
		 "waiting for a waiter of ours: EDEADLK");
	lk(fd, F_SETLK, F_UNLCK, SEEK_SET, 0, 0);
	waitpid(pid, &status, 0);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the child got byte 0 afterwards");

	/* A signal without SA_RESTART ends the wait with EINTR. */
	pid = fork();
	if (pid == 0) {
		int cfd = open(path, O_RDWR);

		lk(cfd, F_SETLK, F_WRLCK, SEEK_SET, 0, 1);
		write(to_parent[1], "r", 1);
		pause();
		_exit(0);
	}
	read(to_parent[0], &c, 1);
	sigaction(SIGALRM, &sa, NULL);
	alarm(1);
	t0 = now();
	ok_errno(lk(fd, F_SETLKW, F_WRLCK, SEEK_SET, 0, 1), EINTR,
		 "F_SETLKW interrupted by a signal: EINTR");
	ok(now() - t0 > 0.5, "it had been waiting");
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	close(to_child[0]);
	close(to_child[1]);
	close(to_parent[0]);
	close(to_parent[1]);
}

static void test_ofd(void)
{
	int a = open(path, O_RDWR), b = open(path, O_RDWR), dup_a;
	struct flock fl;

	ok_sys(lk(a, F_OFD_SETLK, F_WRLCK, SEEK_SET, 0, 1), "F_OFD_SETLK on description a");
	ok_errno(lk(b, F_OFD_SETLK, F_WRLCK, SEEK_SET, 0, 1), EAGAIN,
		 "another description of the same process conflicts: EAGAIN");
	fl = getlk(b, F_OFD_GETLK, 0, 1);
	ok(fl.l_type == F_WRLCK && fl.l_pid == -1, "F_OFD_GETLK reports the lock with l_pid -1");
	ok_eq(in_child(child_probe, 0), 2, "a classic F_GETLK sees the OFD lock");

	dup_a = dup(a);
	close(dup_a);
	ok_errno(lk(b, F_OFD_SETLK, F_WRLCK, SEEK_SET, 0, 1), EAGAIN,
		 "closing a duplicate keeps the OFD lock");
	close(a);
	ok_sys(lk(b, F_OFD_SETLK, F_WRLCK, SEEK_SET, 0, 1),
	       "closing the description's last descriptor drops it");

	fl = (struct flock){ .l_type = F_RDLCK, .l_whence = SEEK_SET, .l_len = 1, .l_pid = 1 };
	ok_errno(syscall(SYS_fcntl, b, F_OFD_SETLK, &fl), EINVAL, "OFD request with l_pid set: EINVAL");
	close(b);
}

int main(void)
{
	char dir[] = "/tmp/locks-XXXXXX";
	int fd;

	if (!mkdtemp(dir))
		bail_out("mkdtemp: %s", strerror(errno));
	snprintf(path, sizeof(path), "%s/file", dir);
	fd = open(path, O_RDWR | O_CREAT, 0644);
	if (fd < 0)
		bail_out("open %s: %s", path, strerror(errno));

	test_getlk_and_conflicts(fd);
	test_split_merge(fd);
	test_ranges(fd);
	test_access_modes();
	test_release(fd);
	test_wait(fd);
	test_ofd();

	close(fd);
	unlink(path);
	rmdir(dir);
	return tap_finish();
}
