// SPDX-License-Identifier: GPL-2.0-only
/*
 * net/unix - AF_UNIX sockets as unix(7) and the syscall pages describe
 * them: socketpair of each type (stream, dgram, seqpacket) and its flags;
 * path names (the S_IFSOCK file, EADDRINUSE, ENOENT, ECONNREFUSED,
 * EPROTOTYPE, the file outliving the socket, getsockname's exact length,
 * unnamed peers); abstract names and autobind; datagrams by path;
 * SCM_RIGHTS (a pipe passed between processes, several fds, shared file
 * offsets, MSG_CTRUNC closing what does not fit, MSG_CMSG_CLOEXEC, EBADF);
 * SCM_CREDENTIALS with SO_PASSCRED and SO_PEERCRED; seqpacket records,
 * MSG_TRUNC and EOF; a full datagram receiver (EAGAIN); shutdown and
 * EPIPE/SIGPIPE; poll; 32 MiB each way with checksums.
 */
#include <dirent.h>
#include <stddef.h>
#include <sys/stat.h>
#include <sys/un.h>

#include "tap.h"
#include "util.h"
#include "nettest.h"

static char tmpdir[] = "/tmp/net-unix.XXXXXX";

/* sockaddr_un for a path (or an abstract name if path[0] is '\0'). */
static socklen_t un_addr(struct sockaddr_un *a, const char *path, size_t len)
{
	memset(a, 0, sizeof(*a));
	a->sun_family = AF_UNIX;
	memcpy(a->sun_path, path, len);
	return offsetof(struct sockaddr_un, sun_path) + len;
}

static socklen_t un_path(struct sockaddr_un *a, const char *name)
{
	char path[sizeof(a->sun_path)];

	snprintf(path, sizeof(path), "%s/%s", tmpdir, name);
	return un_addr(a, path, strlen(path) + 1);
}

static int count_fds(void)
{
	int fd, n = 0;

	for (fd = 0; fd < 1024; fd++)
		if (fcntl(fd, F_GETFD) >= 0)
			n++;
	return n;
}

static int dir_entries(const char *path)
{
	struct dirent *de;
	DIR *d = opendir(path);
	int n = 0;

	if (!d)
		return -1;
	while ((de = readdir(d)))
		n++;
	closedir(d);
	return n;
}

static int rw_ok(int from, int to, const char *text)
{
	char buf[64] = "";
	size_t len = strlen(text);

	return write(from, text, len) == (ssize_t)len && read(to, buf, sizeof(buf)) == (ssize_t)len &&
	       !memcmp(buf, text, len);
}

static void test_socketpair(void)
{
	struct ucred cr;
	socklen_t len = sizeof(cr);
	char buf[64];
	int sv[2], n = -1, i;
	ssize_t got[3];

	if (!ok_sys(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), "socketpair(AF_UNIX, SOCK_STREAM)"))
		return;
	deadline(3000);
	ok(rw_ok(sv[0], sv[1], "there") && rw_ok(sv[1], sv[0], "back again"),
	   "stream pair: data flows both ways");
	deadline(0);
	write(sv[0], "sixsix", 6);
	ioctl(sv[1], FIONREAD, &n);
	ok_eq(n, 6, "FIONREAD (SIOCINQ) on the stream: 6 bytes queued");
	recv(sv[1], buf, sizeof(buf), MSG_DONTWAIT);
	memset(&cr, 0, sizeof(cr));
	ok(getsockopt(sv[0], SOL_SOCKET, SO_PEERCRED, &cr, &len) == 0 && cr.pid == getpid() &&
	   cr.uid == getuid() && cr.gid == getgid(),
	   "SO_PEERCRED on a socketpair: our own pid, uid and gid");
	close(sv[0]);
	close(sv[1]);

	if (!ok_sys(socketpair(AF_UNIX, SOCK_DGRAM, 0, sv), "socketpair(AF_UNIX, SOCK_DGRAM)"))
		return;
	for (i = 0; i < 3; i++)
		send(sv[0], "123", i + 1, 0);
	deadline(3000);
	for (i = 0; i < 3; i++)
		got[i] = recv(sv[1], buf, sizeof(buf), 0);
	deadline(0);
	ok(got[0] == 1 && got[1] == 2 && got[2] == 3,
	   "dgram pair: sends of 1, 2, 3 bytes are three reads of 1, 2, 3");
	{
		struct iovec iov = { buf, 2 };
		struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1 };

		send(sv[0], "truncated", 9, 0);
		deadline(3000);
		ok(recvmsg(sv[1], &mh, 0) == 2 && (mh.msg_flags & MSG_TRUNC),
		   "dgram: a 9-byte datagram read into 2 bytes sets MSG_TRUNC");
		deadline(0);
		ok_errno(recv(sv[1], buf, sizeof(buf), MSG_DONTWAIT), EAGAIN,
			 "dgram: and its rest is discarded");
	}
	close(sv[0]);
	close(sv[1]);

	if (!ok_sys(socketpair(AF_UNIX, SOCK_SEQPACKET, 0, sv), "socketpair(AF_UNIX, SOCK_SEQPACKET)"))
		return;
	send(sv[0], "five!", 5, 0);
	send(sv[0], "seven!!", 7, 0);
	deadline(3000);
	got[0] = recv(sv[1], buf, sizeof(buf), 0);
	got[1] = recv(sv[1], buf, sizeof(buf), 0);
	ok(got[0] == 5 && got[1] == 7, "seqpacket pair: records of 5 and 7 bytes stay separate");
	close(sv[0]);
	ok_eq(recv(sv[1], buf, sizeof(buf), 0), 0, "seqpacket pair: EOF (0) after the peer closes");
	deadline(0);
	close(sv[1]);

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0, sv) == 0) {
		ok((fcntl(sv[0], F_GETFL) & O_NONBLOCK) && (fcntl(sv[1], F_GETFL) & O_NONBLOCK) &&
		   (fcntl(sv[0], F_GETFD) & FD_CLOEXEC) && (fcntl(sv[1], F_GETFD) & FD_CLOEXEC),
		   "socketpair(SOCK_NONBLOCK|SOCK_CLOEXEC) sets both flags on both ends");
		ok_errno(read(sv[0], buf, 1), EAGAIN, "a non-blocking read of an empty pair: EAGAIN");
		close(sv[0]);
		close(sv[1]);
	} else {
		setup_failed("socketpair: socketpair(SOCK_NONBLOCK|SOCK_CLOEXEC)");
	}
	ok_errno(socketpair(AF_INET, SOCK_STREAM, 0, sv), EOPNOTSUPP,
		 "socketpair(AF_INET, SOCK_STREAM): EOPNOTSUPP");
}

static void test_paths(void)
{
	struct sockaddr_un a, b, got;
	socklen_t alen, len;
	struct stat st;
	char path[128];
	int s, x, c, acc, dg, fd;

	s = socket(AF_UNIX, SOCK_STREAM, 0);
	alen = un_path(&a, "srv");
	if (!ok_sys(bind(s, SA(&a), alen), "bind a stream socket to a path"))
		return;
	ok(stat(a.sun_path, &st) == 0 && S_ISSOCK(st.st_mode), "bind created a socket file (S_IFSOCK)");
	len = sizeof(got);
	memset(&got, 0, sizeof(got));
	ok(getsockname(s, SA(&got), &len) == 0 && len == alen && !strcmp(got.sun_path, a.sun_path),
	   "getsockname: the path, addrlen offsetof(sun_path) + strlen + 1");
	len = un_path(&b, "srv2");
	ok_errno(bind(s, SA(&b), len), EINVAL, "binding a bound socket to another path: EINVAL");
	unlink(b.sun_path);
	x = socket(AF_UNIX, SOCK_STREAM, 0);
	ok_errno(bind(x, SA(&a), alen), EADDRINUSE, "bind another socket to the same path: EADDRINUSE");
	close(x);
	x = socket(AF_UNIX, SOCK_STREAM, 0);
	len = un_path(&b, "nodir/sock");
	ok_errno(bind(x, SA(&b), len), ENOENT, "bind in a directory that does not exist: ENOENT");
	c = socket(AF_UNIX, SOCK_STREAM, 0);
	len = un_path(&b, "missing");
	ok_errno(connect(c, SA(&b), len), ENOENT, "connect to a path that does not exist: ENOENT");
	ok_errno(connect(c, SA(&a), alen), ECONNREFUSED,
		 "connect to a bound socket that does not listen: ECONNREFUSED");
	snprintf(path, sizeof(path), "%s/regular", tmpdir);
	fd = open(path, O_CREAT | O_WRONLY, 0644);
	close(fd);
	len = un_path(&b, "regular");
	ok_errno(connect(c, SA(&b), len), ECONNREFUSED,
		 "connect to a path that is not a socket: ECONNREFUSED");
	dg = socket(AF_UNIX, SOCK_DGRAM, 0);
	len = un_path(&b, "dgram");
	bind(dg, SA(&b), len);
	ok_errno(connect(c, SA(&b), len), EPROTOTYPE,
		 "stream connect to a datagram socket's path: EPROTOTYPE");
	close(dg);

	ok_sys(listen(s, 4), "listen on the path");
	deadline(3000);
	ok_sys(connect(c, SA(&a), alen), "connect to the listening path");
	len = sizeof(got);
	memset(&got, 0x55, sizeof(got));
	acc = accept(s, SA(&got), &len);
	ok(acc >= 0 && len == sizeof(sa_family_t) && got.sun_family == AF_UNIX,
	   "accept: an unbound client's address is only sun_family (addrlen 2)");
	len = sizeof(got);
	ok(getpeername(c, SA(&got), &len) == 0 && len == alen && !strcmp(got.sun_path, a.sun_path),
	   "getpeername on the client: the server's path");
	ok(rw_ok(c, acc, "over the path") && rw_ok(acc, c, "and back"), "data flows both ways");
	deadline(0);
	close(acc);
	close(c);
	close(s);
	ok(stat(a.sun_path, &st) == 0 && S_ISSOCK(st.st_mode), "the socket file outlives the socket");
	x = socket(AF_UNIX, SOCK_STREAM, 0);
	ok_errno(bind(x, SA(&a), alen), EADDRINUSE, "so binding that path again: EADDRINUSE");
	unlink(a.sun_path);
	ok_sys(bind(x, SA(&a), alen), "after unlink the path can be bound");
	close(x);
	unlink(a.sun_path);
	unlink(b.sun_path);
	unlink(path);
}

static void test_abstract(void)
{
	struct sockaddr_un a, got;
	char name[64];
	socklen_t alen, len;
	size_t nlen;
	int s, x, c, acc, i, hex = 1, before;

	nlen = snprintf(name, sizeof(name), "%ctidewater-nettest-%d", 0, getpid());
	alen = un_addr(&a, name, nlen);
	s = socket(AF_UNIX, SOCK_STREAM, 0);
	if (chdir(tmpdir))
		return setup_failed("abstract: chdir");
	before = dir_entries(".");
	if (!ok_sys(bind(s, SA(&a), alen), "bind to an abstract name (leading NUL)"))
		return;
	ok_eq(dir_entries("."), before, "an abstract bind creates no file (in the cwd)");
	len = sizeof(got);
	memset(&got, 0x55, sizeof(got));
	ok(getsockname(s, SA(&got), &len) == 0 && len == alen &&
	   !memcmp(got.sun_path, name, nlen), "getsockname returns the exact name and length");
	x = socket(AF_UNIX, SOCK_STREAM, 0);
	ok_errno(bind(x, SA(&a), alen), EADDRINUSE, "bind another socket to that name: EADDRINUSE");
	close(x);
	listen(s, 4);
	c = socket(AF_UNIX, SOCK_STREAM, 0);
	deadline(3000);
	ok_sys(connect(c, SA(&a), alen), "connect to the abstract name");
	acc = accept(s, NULL, NULL);
	ok(acc >= 0 && rw_ok(c, acc, "abstract"), "accept, and data flows");
	deadline(0);
	close(acc);
	close(c);
	close(s);
	x = socket(AF_UNIX, SOCK_STREAM, 0);
	ok_sys(bind(x, SA(&a), alen), "the name is free again once its socket is closed");
	close(x);

	x = socket(AF_UNIX, SOCK_DGRAM, 0);
	ok_sys(bind(x, SA(&a), sizeof(sa_family_t)), "bind with only sun_family (autobind)");
	len = sizeof(got);
	memset(&got, 0x55, sizeof(got));
	getsockname(x, SA(&got), &len);
	for (i = 1; i < 6; i++)
		hex &= (got.sun_path[i] >= '0' && got.sun_path[i] <= '9') ||
		       (got.sun_path[i] >= 'a' && got.sun_path[i] <= 'f');
	ok(len == offsetof(struct sockaddr_un, sun_path) + 6 && got.sun_path[0] == 0 && hex,
	   "autobind: an abstract name of 5 hex digits");
	close(x);
	chdir("/");
}

static void test_dgram_paths(void)
{
	struct sockaddr_un r_addr, s_addr, got;
	socklen_t rlen, slen, len;
	char buf[16];
	int r, s, u;

	r = socket(AF_UNIX, SOCK_DGRAM, 0);
	rlen = un_path(&r_addr, "dgr");
	if (bind(r, SA(&r_addr), rlen))
		return setup_failed("dgram paths: bind a datagram socket");
	u = socket(AF_UNIX, SOCK_DGRAM, 0);
	ok_eq(sendto(u, "anon", 4, 0, SA(&r_addr), rlen), 4, "sendto a datagram socket's path");
	len = sizeof(got);
	deadline(3000);
	/* unix(7) says sizeof(sa_family_t); Linux reports 0: either means no name */
	ok(recvfrom(r, buf, sizeof(buf), 0, SA(&got), &len) == 4 &&
	   (len == 0 || len == sizeof(sa_family_t)),
	   "from an unbound sender: recvfrom reports no name (addrlen 0 or 2)");
	s = socket(AF_UNIX, SOCK_DGRAM, 0);
	slen = un_path(&s_addr, "dgs");
	bind(s, SA(&s_addr), slen);
	sendto(s, "named", 5, 0, SA(&r_addr), rlen);
	len = sizeof(got);
	memset(&got, 0, sizeof(got));
	ok(recvfrom(r, buf, sizeof(buf), 0, SA(&got), &len) == 5 && len == slen &&
	   !strcmp(got.sun_path, s_addr.sun_path), "from a bound sender: recvfrom returns its path");
	deadline(0);
	len = un_path(&got, "nobody");
	ok_errno(sendto(u, "x", 1, 0, SA(&got), len), ENOENT, "sendto a path that does not exist: ENOENT");
	close(u);
	close(s);
	close(r);
	unlink(r_addr.sun_path);
	unlink(s_addr.sun_path);
}

/* sendmsg with n fds in one SCM_RIGHTS message and one byte of data. */
static ssize_t send_fds(int sock, const int *fds, int n)
{
	union {
		char buf[CMSG_SPACE(8 * sizeof(int))];
		struct cmsghdr align;
	} control;
	struct iovec iov = { "F", 1 };
	struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1 };
	struct cmsghdr *cm;

	memset(&control, 0, sizeof(control));
	mh.msg_control = control.buf;
	mh.msg_controllen = CMSG_SPACE(n * sizeof(int));
	cm = CMSG_FIRSTHDR(&mh);
	cm->cmsg_level = SOL_SOCKET;
	cm->cmsg_type = SCM_RIGHTS;
	cm->cmsg_len = CMSG_LEN(n * sizeof(int));
	memcpy(CMSG_DATA(cm), fds, n * sizeof(int));
	return sendmsg(sock, &mh, MSG_NOSIGNAL);
}

/* Room for the control messages of one receive: 8 fds or credentials. */
union control {
	char buf[CMSG_SPACE(8 * sizeof(int)) + CMSG_SPACE(sizeof(struct ucred))];
	struct cmsghdr align;
};

/*
 * recvmsg of one byte into mh, with controllen bytes of control (0: no
 * control buffer at all) and a deadline; the byte count, or -1.
 */
static ssize_t recv_one(int sock, struct msghdr *mh, union control *control,
			size_t controllen, int flags)
{
	static char byte;
	static struct iovec iov = { &byte, 1 };
	ssize_t n;

	memset(mh, 0, sizeof(*mh));
	mh->msg_iov = &iov;
	mh->msg_iovlen = 1;
	if (controllen) {
		mh->msg_control = control->buf;
		mh->msg_controllen = controllen;
	}
	deadline(3000);
	n = recvmsg(sock, mh, flags);
	deadline(0);
	return n;
}

/*
 * recvmsg with room for room fds, msg_controllen CMSG_LEN(room * sizeof(int))
 * (room < 0: no control buffer); the fds in fds[] (at most 8), their count
 * as the result, msg_flags in *flags.
 */
static int recv_fds(int sock, int *fds, int room, int rflags, int *flags)
{
	union control control;
	struct msghdr mh;
	struct cmsghdr *cm;
	int n = 0;

	if (recv_one(sock, &mh, &control, room >= 0 ? CMSG_LEN(room * sizeof(int)) : 0,
		     rflags) != 1)
		return -1;
	*flags = mh.msg_flags;
	for (cm = CMSG_FIRSTHDR(&mh); cm; cm = CMSG_NXTHDR(&mh, cm)) {
		if (cm->cmsg_level == SOL_SOCKET && cm->cmsg_type == SCM_RIGHTS) {
			int k = (cm->cmsg_len - CMSG_LEN(0)) / sizeof(int);

			if (n + k > 8)
				k = 8 - n;
			memcpy(fds + n, CMSG_DATA(cm), k * sizeof(int));
			n += k;
		}
	}
	return n;
}

static int same_file(int a, int b)
{
	struct stat sa, sb;

	return fstat(a, &sa) == 0 && fstat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
}

static void test_rights(void)
{
	char path[128], buf[32];
	int sv[2], fds[8], mine[3], p[2], n, flags = 0, before, st;
	pid_t pid;

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		return setup_failed("rights: socketpair");

	/* A child makes a pipe, writes into it and passes us its read end. */
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		int cp[2];

		if (pipe(cp) || write(cp[1], "via pipe", 8) != 8 || send_fds(sv[1], &cp[0], 1) != 1)
			_exit(1);
		_exit(0);
	}
	n = recv_fds(sv[0], fds, 1, 0, &flags);
	st = reap(pid, 3000);
	ok_why(n == 1, "recvmsg", "SCM_RIGHTS from another process: one fd arrives");
	memset(buf, 0, sizeof(buf));
	ok(n == 1 && read(fds[0], buf, sizeof(buf)) == 8 && !memcmp(buf, "via pipe", 8),
	   "reading the passed pipe gets what the sender wrote into it");
	if (!ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "the sending child succeeded"))
		diag("  child %s", status_str(st));
	if (n == 1)
		close(fds[0]);

	/* Three at once: a pipe, a file, a socket. */
	snprintf(path, sizeof(path), "%s/passed", tmpdir);
	mine[2] = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
	write(mine[2], "0123456789", 10);
	lseek(mine[2], 2, SEEK_SET);
	if (pipe(p))
		return setup_failed("rights: pipe");
	mine[0] = p[0];
	mine[1] = sv[1];
	ok_eq(send_fds(sv[1], (int[]){ mine[0], mine[2], mine[1] }, 3), 1,
	      "sendmsg with three fds in one SCM_RIGHTS message");
	n = recv_fds(sv[0], fds, 8, 0, &flags);
	ok(n == 3 && same_file(fds[0], mine[0]) && same_file(fds[1], mine[2]) &&
	   same_file(fds[2], mine[1]), "all three arrive, in order, naming the same files");
	if (n == 3) {
		ok(lseek(fds[1], 0, SEEK_CUR) == 2 && lseek(fds[1], 5, SEEK_SET) == 5 &&
		   lseek(mine[2], 0, SEEK_CUR) == 5,
		   "the passed file shares the sender's file offset (one open file description)");
		ok(!(fcntl(fds[0], F_GETFD) & FD_CLOEXEC),
		   "without MSG_CMSG_CLOEXEC the received fds have no FD_CLOEXEC");
		close(fds[0]);
		close(fds[1]);
		close(fds[2]);
	}

	send_fds(sv[1], mine, 1);
	n = recv_fds(sv[0], fds, 1, MSG_CMSG_CLOEXEC, &flags);
	ok(n == 1 && (fcntl(fds[0], F_GETFD) & FD_CLOEXEC),
	   "MSG_CMSG_CLOEXEC sets FD_CLOEXEC on the received fd");
	if (n == 1)
		close(fds[0]);

	before = count_fds();
	send_fds(sv[1], mine, 3);
	n = recv_fds(sv[0], fds, 1, 0, &flags);
	ok(n == 1 && (flags & MSG_CTRUNC),
	   "three fds, msg_controllen CMSG_LEN(sizeof(int)): one arrives, MSG_CTRUNC set");
	if (!ok(count_fds() == before + (n > 0 ? n : 0),
		"the two that did not fit are closed, not installed"))
		diag("  fds before %d, after %d, received %d", before, count_fds(), n);
	if (n == 1)
		close(fds[0]);
	before = count_fds();
	send_fds(sv[1], mine, 2);
	n = recv_fds(sv[0], fds, -1, 0, &flags);
	ok(n == 0 && (flags & MSG_CTRUNC) && count_fds() == before,
	   "no control buffer at all: MSG_CTRUNC, and no fd installed");

	close(p[1]);
	close(p[0]);
	ok_errno(send_fds(sv[1], &p[0], 1), EBADF, "SCM_RIGHTS naming a closed fd: EBADF");
	close(mine[2]);
	unlink(path);
	close(sv[0]);
	close(sv[1]);
}

/* The SCM_CREDENTIALS of one received message; 0 if it had one. */
static int recv_creds(int sock, struct ucred *cr)
{
	union control control;
	struct msghdr mh;
	struct cmsghdr *cm;

	if (recv_one(sock, &mh, &control, sizeof(control), 0) < 0)
		return -1;
	for (cm = CMSG_FIRSTHDR(&mh); cm; cm = CMSG_NXTHDR(&mh, cm))
		if (cm->cmsg_level == SOL_SOCKET && cm->cmsg_type == SCM_CREDENTIALS &&
		    cm->cmsg_len >= CMSG_LEN(sizeof(*cr))) {
			memcpy(cr, CMSG_DATA(cm), sizeof(*cr));
			return 0;
		}
	return 1;
}

static void test_creds(void)
{
	struct sockaddr_un a;
	struct ucred cr;
	socklen_t alen, len;
	int sv[2], one = 1, l, acc, r;
	pid_t pid;

	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sv))
		return setup_failed("creds: socketpair");
	send(sv[1], "n", 1, 0);
	ok_eq(recv_creds(sv[0], &cr), 1, "without SO_PASSCRED no SCM_CREDENTIALS arrives");
	ok_sys(setsockopt(sv[0], SOL_SOCKET, SO_PASSCRED, &one, sizeof(one)), "set SO_PASSCRED on the receiving end");
	fflush(stdout);
	pid = fork();
	if (pid == 0)
		_exit(send(sv[1], "c", 1, 0) == 1 ? 0 : 1);
	memset(&cr, 0, sizeof(cr));
	r = recv_creds(sv[0], &cr);
	reap(pid, 3000);
	ok(r == 0 && cr.pid == pid && cr.uid == getuid() && cr.gid == getgid(),
	   "SO_PASSCRED: SCM_CREDENTIALS carries the sending child's pid, uid and gid");
	{
		union {
			char buf[CMSG_SPACE(sizeof(struct ucred))];
			struct cmsghdr align;
		} control;
		struct ucred mine = { getpid(), getuid(), getgid() };
		struct iovec iov = { "e", 1 };
		struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1 };
		struct cmsghdr *cm;

		mh.msg_control = control.buf;
		mh.msg_controllen = sizeof(control.buf);
		cm = CMSG_FIRSTHDR(&mh);
		cm->cmsg_level = SOL_SOCKET;
		cm->cmsg_type = SCM_CREDENTIALS;
		cm->cmsg_len = CMSG_LEN(sizeof(mine));
		memcpy(CMSG_DATA(cm), &mine, sizeof(mine));
		ok_eq(sendmsg(sv[1], &mh, 0), 1, "sendmsg with explicit SCM_CREDENTIALS of our own");
		memset(&cr, 0, sizeof(cr));
		ok(recv_creds(sv[0], &cr) == 0 && cr.pid == getpid() && cr.uid == getuid(),
		   "the receiver gets exactly those credentials");
	}
	close(sv[0]);
	close(sv[1]);

	l = socket(AF_UNIX, SOCK_STREAM, 0);
	alen = un_path(&a, "cred");
	if (bind(l, SA(&a), alen) || listen(l, 2))
		return setup_failed("creds: listener");
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		int c = socket(AF_UNIX, SOCK_STREAM, 0);
		char b;

		alarm(5);
		if (connect(c, SA(&a), alen))
			_exit(1);
		read(c, &b, 1);
		_exit(0);
	}
	deadline(3000);
	acc = accept(l, NULL, NULL);
	deadline(0);
	len = sizeof(cr);
	memset(&cr, 0, sizeof(cr));
	ok(acc >= 0 && getsockopt(acc, SOL_SOCKET, SO_PEERCRED, &cr, &len) == 0 &&
	   len == sizeof(cr) && cr.pid == pid && cr.uid == getuid() && cr.gid == getgid(),
	   "SO_PEERCRED on an accepted socket: the connecting process's pid, uid, gid");
	if (acc >= 0) {
		write(acc, "q", 1);
		close(acc);
	}
	reap(pid, 3000);
	close(l);
	unlink(a.sun_path);
}

static void test_seqpacket(void)
{
	struct sockaddr_un a;
	socklen_t alen;
	char buf[64];
	int l, c, acc;
	ssize_t r1, r2;

	l = socket(AF_UNIX, SOCK_SEQPACKET, 0);
	alen = un_path(&a, "seq");
	if (!ok_sys(bind(l, SA(&a), alen) == 0 ? listen(l, 2) : -1,
		    "a SOCK_SEQPACKET socket binds and listens on a path"))
		return;
	c = socket(AF_UNIX, SOCK_SEQPACKET, 0);
	deadline(3000);
	ok_sys(connect(c, SA(&a), alen), "connect a SOCK_SEQPACKET socket");
	acc = accept(l, NULL, NULL);
	ok_sys(acc, "accept the SOCK_SEQPACKET connection");
	send(c, "abc", 3, 0);
	send(c, "defgh", 5, 0);
	r1 = recv(acc, buf, sizeof(buf), 0);
	r2 = recv(acc, buf, sizeof(buf), 0);
	ok(r1 == 3 && r2 == 5, "records of 3 and 5 bytes arrive as two reads of 3 and 5");
	{
		struct iovec iov = { buf, 2 };
		struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1 };

		send(c, "longer", 6, 0);
		send(c, "next", 4, 0);
		ok(recvmsg(acc, &mh, 0) == 2 && (mh.msg_flags & MSG_TRUNC),
		   "a 6-byte record read into 2 bytes: 2, with MSG_TRUNC");
		memset(buf, 0, sizeof(buf));
		ok(recv(acc, buf, sizeof(buf), 0) == 4 && !memcmp(buf, "next", 4),
		   "the rest of that record is discarded: the next read is the next record");
	}
	close(c);
	ok_eq(recv(acc, buf, sizeof(buf), 0), 0, "EOF (0) after the peer closes");
	deadline(0);
	ok_errno(send(acc, "x", 1, MSG_NOSIGNAL), EPIPE, "send to the closed peer: EPIPE");
	close(acc);
	close(l);
	unlink(a.sun_path);
}

static void test_full_dgram(void)
{
	char data[256], buf[256];
	int sv[2], n, e = 0;

	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sv))
		return setup_failed("full dgram: socketpair");
	memset(data, 'q', sizeof(data));
	for (n = 0; n < 100000; n++)
		if (send(sv[0], data, sizeof(data), MSG_DONTWAIT) < 0) {
			e = errno;
			break;
		}
	if (!ok(e == EAGAIN && n > 0,
		"datagrams to a receiver that does not read: MSG_DONTWAIT send ends in EAGAIN"))
		diag("  after %d sends: %s", n, e ? tap_errno_name(e) : "never failed");
	diag("%d datagrams of 256 bytes queued", n);
	recv(sv[1], buf, sizeof(buf), MSG_DONTWAIT);
	ok_eq(send(sv[0], data, sizeof(data), MSG_DONTWAIT), sizeof(data),
	      "once the receiver reads one, a send succeeds again");
	close(sv[0]);
	close(sv[1]);
}

static volatile sig_atomic_t sigpipes;

static void on_sigpipe(int sig)
{
	(void)sig;
	sigpipes++;
}

static void test_shutdown(void)
{
	char buf[16];
	int sv[2], rv;

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		return setup_failed("shutdown: socketpair");
	deadline(3000);
	write(sv[0], "last", 4);
	ok_sys(shutdown(sv[0], SHUT_WR), "shutdown(SHUT_WR)");
	rv = poll_one(sv[1], POLLIN | POLLRDHUP, 0);
	ok(rv > 0 && (rv & POLLIN) && (rv & POLLRDHUP) && !(rv & POLLHUP),
	   "the peer polls POLLIN|POLLRDHUP, no POLLHUP");
	ok(read(sv[1], buf, sizeof(buf)) == 4 && read(sv[1], buf, sizeof(buf)) == 0,
	   "the peer reads the data, then EOF");
	ok(rw_ok(sv[1], sv[0], "reply"), "the peer can still write back, and it is read");
	ok_errno(send(sv[0], "x", 1, MSG_NOSIGNAL), EPIPE, "send after SHUT_WR: EPIPE");
	deadline(0);
	close(sv[1]);
	rv = poll_one(sv[0], POLLIN, 0);
	ok(rv > 0 && (rv & POLLHUP), "after the peer closes too: POLLHUP");
	close(sv[0]);

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		return setup_failed("shutdown: second socketpair");
	close(sv[1]);
	signal(SIGPIPE, on_sigpipe);
	sigpipes = 0;
	ok(write(sv[0], "x", 1) == -1 && errno == EPIPE && sigpipes == 1,
	   "write to a stream whose peer is closed: EPIPE and one SIGPIPE");
	sigpipes = 0;
	ok(send(sv[0], "x", 1, MSG_NOSIGNAL) == -1 && errno == EPIPE && sigpipes == 0,
	   "send MSG_NOSIGNAL: EPIPE and no SIGPIPE");
	signal(SIGPIPE, SIG_DFL);
	deadline(3000);
	ok_eq(read(sv[0], buf, sizeof(buf)), 0, "read from it: EOF");
	deadline(0);
	close(sv[0]);
}

#define BULK_BYTES (32ULL << 20)

static void test_bulk(void)
{
	struct bulk_result r;
	int sv[2];

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		return setup_failed("bulk: socketpair");
	bulk_exchange(sv[0], sv[1], BULK_BYTES, 40, &r);
	diag("32 MiB each way in %lld ms (%lld MB/s total)", r.ms,
	     r.ms ? (long long)(2 * BULK_BYTES / 1000 / r.ms) : 0);
	bulk_report(&r.sent_ab, &r.recv_ab, BULK_BYTES, "stream pair, one way while the other");
	bulk_report(&r.sent_ba, &r.recv_ba, BULK_BYTES, "stream pair, the other way at once");
	close(sv[0]);
	close(sv[1]);
}

int main(void)
{
	if (!mkdtemp(tmpdir))
		bail_out("mkdtemp: %s", strerror(errno));
	test_socketpair();
	test_paths();
	test_abstract();
	test_dgram_paths();
	test_rights();
	test_creds();
	test_seqpacket();
	test_full_dgram();
	test_shutdown();
	test_bulk();
	rmdir(tmpdir);
	return tap_finish();
}
