// SPDX-License-Identifier: GPL-2.0-only
/*
 * sockets - the socket system calls and AF_UNIX from user space, as
 * socket(7), unix(7), sendmsg(2), recvmmsg(2) and cmsg(3) describe them:
 * path and abstract names, listen/connect/accept across processes,
 * argument checking (EFAULT, EINVAL), address lengths, SOL_SOCKET
 * options, SCM_RIGHTS and SCM_CREDENTIALS, SO_PEERCRED, poll masks,
 * FIONREAD, SIGPIPE/MSG_NOSIGNAL, sendmmsg/recvmmsg, /proc links.
 * Must pass on Linux and on Tidewater.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <sys/time.h>

#include "tap.h"

#define SUN_LEN_OF(s)	(offsetof(struct sockaddr_un, sun_path) + strlen(s) + 1)

static socklen_t set_path(struct sockaddr_un *sun, const char *path)
{
	memset(sun, 0, sizeof(*sun));
	sun->sun_family = AF_UNIX;
	strcpy(sun->sun_path, path);
	return SUN_LEN_OF(path);
}

static void test_errors(void)
{
	struct sockaddr_un sun;
	int s, sv[2];

	ok_errno(socket(AF_UNIX, SOCK_STREAM | 0x100000, 0), EINVAL, "socket: bad flags");
	ok_errno(socket(-1, SOCK_STREAM, 0), EAFNOSUPPORT, "socket: bad family");
	ok_errno(socket(AF_UNIX, SOCK_STREAM, 99), EPROTONOSUPPORT, "socket: bad protocol");
	ok_errno(socketpair(AF_UNIX, SOCK_STREAM, 0, NULL), EFAULT, "socketpair: bad pointer");
	ok_errno(bind(0, (void *)&sun, sizeof(sun)), ENOTSOCK, "bind on a non-socket");
	ok_errno(bind(99, (void *)&sun, sizeof(sun)), EBADF, "bind on a bad fd");
	s = socket(AF_UNIX, SOCK_DGRAM, 0);
	ok_sys(s, "socket(AF_UNIX, SOCK_DGRAM)");
	ok_errno(bind(s, (void *)&sun, 129), EINVAL, "bind: address too long");
	ok_errno(bind(s, (void *)&sun, -1), EINVAL, "bind: negative length");
	ok_errno(bind(s, (void *)1, 20), EFAULT, "bind: bad address pointer");
	ok_errno(connect(s, (void *)&sun, 1), EINVAL, "connect: one byte of address");
	ok_errno(listen(s, 1), EOPNOTSUPP, "listen on a datagram socket");
	ok_errno(shutdown(s, 7), EINVAL, "shutdown: bad how");
	ok_errno(send(s, "x", 1, 0), ENOTCONN, "send on an unconnected datagram socket");
	close(s);
	ok_sys(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), "socketpair");
	ok_errno(getsockopt(sv[0], SOL_SOCKET, 12345, &s, &(socklen_t){4}), ENOPROTOOPT,
		 "getsockopt: unknown option");
	ok_errno(setsockopt(sv[0], SOL_SOCKET, SO_RCVBUF, &s, 2), EINVAL,
		 "setsockopt: short option");
	ok_errno(setsockopt(sv[0], SOL_SOCKET, SO_TYPE, &s, 4), ENOPROTOOPT,
		 "setsockopt: read-only option");
	ok_errno(getsockopt(sv[0], SOL_SOCKET, SO_TYPE, &s, NULL), EFAULT,
		 "getsockopt: bad length pointer");
	close(sv[0]);
	close(sv[1]);
}

static void test_options(void)
{
	struct timeval tv = { 0, 2000000 };
	socklen_t len = sizeof(int);
	int s = socket(AF_UNIX, SOCK_STREAM, 0), v, max;
	FILE *f;

	v = 0;
	ok(getsockopt(s, SOL_SOCKET, SO_TYPE, &v, &len) == 0 && v == SOCK_STREAM, "SO_TYPE");
	len = sizeof(int);
	ok(getsockopt(s, SOL_SOCKET, SO_DOMAIN, &v, &len) == 0 && v == AF_UNIX, "SO_DOMAIN");
	len = sizeof(int);
	ok(getsockopt(s, SOL_SOCKET, SO_ERROR, &v, &len) == 0 && v == 0, "SO_ERROR");
	len = sizeof(int);
	ok(getsockopt(s, SOL_SOCKET, SO_ACCEPTCONN, &v, &len) == 0 && v == 0, "SO_ACCEPTCONN");
	v = 10000;
	ok_sys(setsockopt(s, SOL_SOCKET, SO_RCVBUF, &v, sizeof(v)), "SO_RCVBUF set");
	len = sizeof(int);
	getsockopt(s, SOL_SOCKET, SO_RCVBUF, &v, &len);
	ok_eq(v, 20000, "SO_RCVBUF is doubled");
	v = 1;
	setsockopt(s, SOL_SOCKET, SO_SNDBUF, &v, sizeof(v));
	getsockopt(s, SOL_SOCKET, SO_SNDBUF, &v, &len);
	ok(v >= 2048 && v <= 8192, "SO_SNDBUF has a minimum (%d)", v);
	f = fopen("/proc/sys/net/core/wmem_max", "r");
	if (f && fscanf(f, "%d", &max) == 1) {
		v = max * 4;
		setsockopt(s, SOL_SOCKET, SO_SNDBUF, &v, sizeof(v));
		getsockopt(s, SOL_SOCKET, SO_SNDBUF, &v, &len);
		ok_eq(v, max * 2, "SO_SNDBUF is capped by wmem_max");
	} else {
		skip("no /proc/sys/net/core/wmem_max");
	}
	if (f)
		fclose(f);
	ok_errno(setsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)), EDOM,
		 "SO_RCVTIMEO: usec out of range");
	tv.tv_sec = 2;
	tv.tv_usec = 500000;
	ok_sys(setsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)), "SO_RCVTIMEO set");
	memset(&tv, 0, sizeof(tv));
	len = sizeof(tv);
	ok(getsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &tv, &len) == 0 && tv.tv_sec == 2 &&
	   tv.tv_usec >= 496000 && tv.tv_usec <= 504000, "SO_RCVTIMEO reads back (%ld.%06ld)",
	   (long)tv.tv_sec, (long)tv.tv_usec);
	v = 1;
	ok_sys(setsockopt(s, SOL_SOCKET, SO_KEEPALIVE, &v, sizeof(v)), "SO_KEEPALIVE");
	v = 0;
	len = sizeof(int);
	ok(getsockopt(s, SOL_SOCKET, SO_KEEPALIVE, &v, &len) == 0 && v == 1, "SO_KEEPALIVE reads back");
	if (getuid() == 0) {
		char name[16] = "";

		ok_sys(setsockopt(s, SOL_SOCKET, SO_BINDTODEVICE, "lo", 3), "SO_BINDTODEVICE lo");
		len = sizeof(name);
		ok(getsockopt(s, SOL_SOCKET, SO_BINDTODEVICE, name, &len) == 0 &&
		   !strcmp(name, "lo") && len == 3, "SO_BINDTODEVICE reads back (%s)", name);
		ok_errno(setsockopt(s, SOL_SOCKET, SO_BINDTODEVICE, "nosuchdev0", 11), ENODEV,
			 "SO_BINDTODEVICE: no such device");
	} else {
		skip("SO_BINDTODEVICE needs root");
	}
	close(s);
}

static void test_socketpair_io(void)
{
	char buf[64], link[64], want[64];
	struct pollfd pfd;
	struct stat st;
	int sv[2], n;

	ok_sys(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv), "socketpair(STREAM)");
	ok(fcntl(sv[0], F_GETFD) & FD_CLOEXEC, "SOCK_CLOEXEC");
	ok(fstat(sv[0], &st) == 0 && S_ISSOCK(st.st_mode), "fstat: S_IFSOCK");
	snprintf(buf, sizeof(buf), "/proc/self/fd/%d", sv[0]);
	n = readlink(buf, link, sizeof(link) - 1);
	link[n > 0 ? n : 0] = 0;
	snprintf(want, sizeof(want), "socket:[%lu]", (unsigned long)st.st_ino);
	ok_str(link, want, "/proc/self/fd link");

	pfd.fd = sv[1];
	pfd.events = POLLIN | POLLOUT | POLLRDHUP;
	ok(poll(&pfd, 1, 0) == 1 && pfd.revents == POLLOUT, "poll: writable only (%#x)",
	   pfd.revents);
	ok_eq(write(sv[0], "abc", 3), 3, "write");
	n = -1;
	ok(ioctl(sv[1], FIONREAD, &n) == 0 && n == 3, "FIONREAD (%d)", n);
	ok(poll(&pfd, 1, 0) == 1 && pfd.revents == (POLLIN | POLLOUT), "poll: readable (%#x)",
	   pfd.revents);
	ok_eq(read(sv[1], buf, sizeof(buf)), 3, "read");
	ok_errno(recv(sv[1], buf, sizeof(buf), MSG_DONTWAIT), EAGAIN, "MSG_DONTWAIT: EAGAIN");
	fcntl(sv[1], F_SETFL, O_NONBLOCK);
	ok_errno(read(sv[1], buf, sizeof(buf)), EAGAIN, "O_NONBLOCK read: EAGAIN");
	shutdown(sv[0], SHUT_WR);
	ok(poll(&pfd, 1, 0) == 1 && (pfd.revents & (POLLIN | POLLRDHUP)) == (POLLIN | POLLRDHUP),
	   "poll after the peer's SHUT_WR: POLLIN|POLLRDHUP (%#x)", pfd.revents);
	ok_eq(read(sv[1], buf, sizeof(buf)), 0, "read: EOF");
	close(sv[0]);
	ok(poll(&pfd, 1, 0) == 1 && (pfd.revents & POLLHUP), "poll after the peer's close: POLLHUP (%#x)",
	   pfd.revents);
	signal(SIGPIPE, SIG_IGN);
	ok_errno(write(sv[1], "x", 1), EPIPE, "write to a closed peer: EPIPE");
	signal(SIGPIPE, SIG_DFL);
	ok_errno(send(sv[1], "x", 1, MSG_NOSIGNAL), EPIPE, "MSG_NOSIGNAL: EPIPE, no signal");
	close(sv[1]);
}

static void test_sigpipe(void)
{
	int sv[2], status = 0;
	pid_t pid;

	socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
	close(sv[1]);
	pid = fork();
	if (pid == 0) {
		write(sv[0], "x", 1);
		_exit(0);
	}
	waitpid(pid, &status, 0);
	ok(WIFSIGNALED(status) && WTERMSIG(status) == SIGPIPE, "write to a closed stream: SIGPIPE");
	close(sv[0]);
}

static void test_dgram(void)
{
	char big[200], buf[16];
	struct msghdr mh;
	struct iovec iov;
	int sv[2];

	ok_sys(socketpair(AF_UNIX, SOCK_DGRAM, 0, sv), "socketpair(DGRAM)");
	memset(big, 'z', sizeof(big));
	send(sv[0], big, sizeof(big), 0);
	send(sv[0], "small", 5, 0);
	memset(&mh, 0, sizeof(mh));
	iov.iov_base = buf;
	iov.iov_len = sizeof(buf);
	mh.msg_iov = &iov;
	mh.msg_iovlen = 1;
	ok_eq(recvmsg(sv[1], &mh, 0), (long)sizeof(buf), "a long datagram is cut");
	ok(mh.msg_flags & MSG_TRUNC, "MSG_TRUNC set");
	ok_eq(recv(sv[1], buf, sizeof(buf), MSG_TRUNC), 5, "the next datagram is whole");
	send(sv[0], big, sizeof(big), 0);
	ok_eq(recv(sv[1], buf, 1, MSG_TRUNC), (long)sizeof(big), "MSG_TRUNC: the real length");
	{
		struct sockaddr_storage ss;

		send(sv[0], "n", 1, 0);
		mh.msg_name = &ss;
		mh.msg_namelen = -1;
		ok_errno(recvmsg(sv[1], &mh, 0), EINVAL, "recvmsg: negative msg_namelen");
		mh.msg_namelen = 1000;
		ok_eq(recvmsg(sv[1], &mh, 0), 1, "recvmsg: a long msg_namelen is fine");
		mh.msg_name = NULL;
		mh.msg_namelen = 0;
	}
	close(sv[0]);
	close(sv[1]);
}

static void test_path_names(const char *dir)
{
	struct sockaddr_un sun, got;
	char path[108];
	socklen_t len, alen;
	int srv, cli, conn, dg, dg2;
	char buf[16];
	pid_t pid;
	int status;

	snprintf(path, sizeof(path), "%s/sock-%d", dir, getpid());
	unlink(path);
	len = set_path(&sun, path);
	srv = socket(AF_UNIX, SOCK_STREAM, 0);
	cli = socket(AF_UNIX, SOCK_STREAM, 0);
	ok_errno(connect(cli, (void *)&sun, len), ENOENT, "connect to a missing path: ENOENT");
	ok_sys(bind(srv, (void *)&sun, len), "bind to %s", path);
	ok_errno(bind(srv, (void *)&sun, len), EADDRINUSE, "bind twice to the path: EADDRINUSE");
	struct stat st;
	ok(stat(path, &st) == 0 && S_ISSOCK(st.st_mode), "the path is a socket file");
	ok_errno(connect(cli, (void *)&sun, len), ECONNREFUSED, "connect before listen: ECONNREFUSED");
	close(cli);
	ok_errno(open(path, O_RDWR), ENXIO, "open(2) of a socket file: ENXIO");
	memset(&got, 0, sizeof(got));
	alen = sizeof(got);
	ok(getsockname(srv, (void *)&got, &alen) == 0 && alen == len &&
	   !strcmp(got.sun_path, path), "getsockname: the path, exact length (%u)", alen);
	alen = 4;
	memset(&got, 0, sizeof(got));
	ok(getsockname(srv, (void *)&got, &alen) == 0 && alen == len && got.sun_path[1] &&
	   !got.sun_path[2],
	   "getsockname: cut to the buffer, full length reported");
	ok_sys(listen(srv, 5), "listen");
	len = sizeof(int);
	int v = 0;
	ok(getsockopt(srv, SOL_SOCKET, SO_ACCEPTCONN, &v, &len) == 0 && v == 1, "SO_ACCEPTCONN");
	fcntl(srv, F_SETFL, O_NONBLOCK);
	ok_errno(accept(srv, NULL, NULL), EAGAIN, "nonblocking accept: EAGAIN");
	fcntl(srv, F_SETFL, 0);

	pid = fork();
	if (pid == 0) {
		int c = socket(AF_UNIX, SOCK_STREAM, 0);
		struct ucred uc;
		socklen_t l = sizeof(uc);

		if (connect(c, (void *)&sun, SUN_LEN_OF(path)) < 0)
			_exit(1);
		if (getsockopt(c, SOL_SOCKET, SO_PEERCRED, &uc, &l) < 0 || uc.pid != (pid_t)getppid())
			_exit(2);
		if (write(c, "hello", 5) != 5)
			_exit(3);
		if (read(c, buf, sizeof(buf)) != 2 || memcmp(buf, "ok", 2))
			_exit(4);
		_exit(0);
	}
	alen = sizeof(got);
	conn = accept4(srv, (void *)&got, &alen, SOCK_NONBLOCK);
	ok_sys(conn, "accept4");
	ok(alen == sizeof(sa_family_t), "accept: an unbound peer's address is the family (%u)", alen);
	ok(fcntl(conn, F_GETFL) & O_NONBLOCK, "accept4: SOCK_NONBLOCK");
	fcntl(conn, F_SETFL, 0);
	{
		struct ucred uc;
		socklen_t l = sizeof(uc);

		ok(getsockopt(conn, SOL_SOCKET, SO_PEERCRED, &uc, &l) == 0 && uc.pid == pid &&
		   uc.uid == getuid() && l == sizeof(uc), "SO_PEERCRED: the client");
	}
	ok(read(conn, buf, sizeof(buf)) == 5 && !memcmp(buf, "hello", 5), "data from the client");
	write(conn, "ok", 2);
	waitpid(pid, &status, 0);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 0, "client side (status %#x)", status);
	close(conn);
	close(srv);
	ok_sys(unlink(path), "unlink the socket file");

	/* Datagrams to a path, from an unbound and from a bound sender. */
	dg = socket(AF_UNIX, SOCK_DGRAM, 0);
	dg2 = socket(AF_UNIX, SOCK_DGRAM, 0);
	len = set_path(&sun, path);
	ok_sys(bind(dg, (void *)&sun, len), "bind a datagram socket");
	ok_eq(sendto(dg2, "d1", 2, 0, (void *)&sun, len), 2, "sendto a path");
	alen = sizeof(got);
	memset(&got, 0x55, sizeof(got));
	ok(recvfrom(dg, buf, sizeof(buf), 0, (void *)&got, &alen) == 2 && alen == 0,
	   "recvfrom: an unbound sender has no address (%u)", alen);
	ok_sys(bind(dg2, (void *)&sun, sizeof(sa_family_t)), "autobind");
	alen = sizeof(got);
	ok(getsockname(dg2, (void *)&got, &alen) == 0 && alen == 8 && got.sun_path[0] == 0,
	   "autobind: a 5-digit abstract name (%u)", alen);
	ok_eq(sendto(dg2, "d2", 2, 0, (void *)&sun, len), 2, "sendto from a bound socket");
	alen = sizeof(got);
	ok(recvfrom(dg, buf, sizeof(buf), 0, (void *)&got, &alen) == 2 && alen == 8 &&
	   got.sun_path[0] == 0, "recvfrom: the sender's name");
	close(dg);
	ok_errno(sendto(dg2, "d3", 2, 0, (void *)&sun, len), ECONNREFUSED,
		 "sendto a path nobody is bound to: ECONNREFUSED");
	close(dg2);
	unlink(path);
}

static void test_abstract(void)
{
	struct sockaddr_un sun, got;
	socklen_t len = offsetof(struct sockaddr_un, sun_path) + 10, alen;
	int a, b;

	memset(&sun, 0, sizeof(sun));
	sun.sun_family = AF_UNIX;
	memcpy(sun.sun_path, "\0tw-abs-x", 9);
	sun.sun_path[8] = '0' + getpid() % 10;
	a = socket(AF_UNIX, SOCK_SEQPACKET, 0);
	b = socket(AF_UNIX, SOCK_SEQPACKET, 0);
	ok_sys(bind(a, (void *)&sun, len), "bind an abstract name");
	ok_errno(bind(b, (void *)&sun, len), EADDRINUSE, "the same abstract name: EADDRINUSE");
	alen = sizeof(got);
	ok(getsockname(a, (void *)&got, &alen) == 0 && alen == len &&
	   !memcmp(got.sun_path, sun.sun_path, len - 2), "getsockname: abstract, exact length");
	listen(a, 1);
	ok_sys(connect(b, (void *)&sun, len), "connect to the abstract name");
	alen = sizeof(got);
	ok(getpeername(b, (void *)&got, &alen) == 0 && alen == len, "getpeername");
	close(a);
	close(b);
}

static void test_scm_rights(void)
{
	union {
		char buf[CMSG_SPACE(3 * sizeof(int))];
		struct cmsghdr align;
	} u;
	struct msghdr mh;
	struct cmsghdr *c;
	struct iovec iov;
	int sv[2], p[2], fds[3], got, n;
	char byte = 'x', rb[4];

	socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
	pipe(p);
	fds[0] = p[0];
	fds[1] = p[1];
	fds[2] = p[0];
	memset(&mh, 0, sizeof(mh));
	iov.iov_base = &byte;
	iov.iov_len = 1;
	mh.msg_iov = &iov;
	mh.msg_iovlen = 1;
	mh.msg_control = u.buf;
	mh.msg_controllen = CMSG_SPACE(3 * sizeof(int));
	c = CMSG_FIRSTHDR(&mh);
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(3 * sizeof(int));
	memcpy(CMSG_DATA(c), fds, sizeof(fds));
	ok_eq(sendmsg(sv[0], &mh, 0), 1, "sendmsg with SCM_RIGHTS");
	fds[0] = 9999;
	memcpy(CMSG_DATA(c), fds, sizeof(fds));
	ok_errno(sendmsg(sv[0], &mh, 0), EBADF, "SCM_RIGHTS with a bad fd: EBADF");

	/* Room for one descriptor only: the others are closed, MSG_CTRUNC. */
	memset(&u, 0, sizeof(u));
	mh.msg_controllen = CMSG_LEN(sizeof(int));
	iov.iov_base = rb;
	iov.iov_len = sizeof(rb);
	ok_eq(recvmsg(sv[1], &mh, MSG_CMSG_CLOEXEC), 1, "recvmsg");
	ok(mh.msg_flags & MSG_CTRUNC, "MSG_CTRUNC with a short control buffer");
	c = CMSG_FIRSTHDR(&mh);
	ok(c && c->cmsg_type == SCM_RIGHTS && c->cmsg_len == CMSG_LEN(sizeof(int)),
	   "one SCM_RIGHTS descriptor delivered");
	got = -1;
	if (c)
		memcpy(&got, CMSG_DATA(c), sizeof(int));
	ok(got >= 0 && (fcntl(got, F_GETFD) & FD_CLOEXEC), "MSG_CMSG_CLOEXEC");
	close(p[0]);
	n = write(p[1], "zz", 2);
	ok(n == 2 && read(got, rb, 2) == 2, "the passed file is the pipe");
	close(p[1]);
	close(got);
	close(sv[0]);
	close(sv[1]);
}

static void test_scm_creds(void)
{
	union {
		char buf[CMSG_SPACE(sizeof(struct ucred))];
		struct cmsghdr align;
	} u;
	struct ucred uc = { getpid(), getuid(), getgid() };
	struct msghdr mh;
	struct cmsghdr *c;
	struct iovec iov;
	int sv[2], on = 1;
	char byte = 'c';

	socketpair(AF_UNIX, SOCK_DGRAM, 0, sv);
	setsockopt(sv[1], SOL_SOCKET, SO_PASSCRED, &on, sizeof(on));
	memset(&mh, 0, sizeof(mh));
	iov.iov_base = &byte;
	iov.iov_len = 1;
	mh.msg_iov = &iov;
	mh.msg_iovlen = 1;
	mh.msg_control = u.buf;
	mh.msg_controllen = sizeof(u.buf);
	c = CMSG_FIRSTHDR(&mh);
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_CREDENTIALS;
	c->cmsg_len = CMSG_LEN(sizeof(uc));
	memcpy(CMSG_DATA(c), &uc, sizeof(uc));
	ok_eq(sendmsg(sv[0], &mh, 0), 1, "sendmsg with SCM_CREDENTIALS");
	if (getuid() != 0) {
		uc.pid = 1;
		memcpy(CMSG_DATA(c), &uc, sizeof(uc));
		ok_errno(sendmsg(sv[0], &mh, 0), EPERM, "someone else's pid: EPERM");
	}
	/* Without explicit credentials, SO_PASSCRED still delivers the sender's. */
	send(sv[0], "d", 1, 0);
	for (int i = 0; i < 2; i++) {
		struct ucred r = { 0, 0, 0 };

		memset(&u, 0, sizeof(u));
		mh.msg_controllen = sizeof(u.buf);
		ok_eq(recvmsg(sv[1], &mh, 0), 1, "recvmsg %d", i);
		c = CMSG_FIRSTHDR(&mh);
		if (c && c->cmsg_type == SCM_CREDENTIALS)
			memcpy(&r, CMSG_DATA(c), sizeof(r));
		ok(r.pid == getpid() && r.uid == getuid() && r.gid == getgid(),
		   "SCM_CREDENTIALS received (%u %u %u)", r.pid, r.uid, r.gid);
	}
	close(sv[0]);
	close(sv[1]);
}

static void test_mmsg(void)
{
	struct mmsghdr mm[4];
	struct iovec iov[4];
	char bufs[4][8];
	struct timespec ts = { 1, 0 };
	int sv[2], i;

	socketpair(AF_UNIX, SOCK_DGRAM, 0, sv);
	memset(mm, 0, sizeof(mm));
	for (i = 0; i < 3; i++) {
		snprintf(bufs[i], sizeof(bufs[i]), "m%d", i);
		iov[i].iov_base = bufs[i];
		iov[i].iov_len = 2 + i;
		mm[i].msg_hdr.msg_iov = &iov[i];
		mm[i].msg_hdr.msg_iovlen = 1;
	}
	ok_eq(sendmmsg(sv[0], mm, 3, 0), 3, "sendmmsg: 3 messages");
	ok(mm[2].msg_len == 4, "sendmmsg: msg_len (%u)", mm[2].msg_len);
	memset(mm, 0, sizeof(mm));
	for (i = 0; i < 4; i++) {
		iov[i].iov_base = bufs[i];
		iov[i].iov_len = sizeof(bufs[i]);
		mm[i].msg_hdr.msg_iov = &iov[i];
		mm[i].msg_hdr.msg_iovlen = 1;
	}
	ok_eq(recvmmsg(sv[1], mm, 4, MSG_WAITFORONE, &ts), 3, "recvmmsg MSG_WAITFORONE: 3");
	ok(mm[0].msg_len == 2 && mm[1].msg_len == 3 && mm[2].msg_len == 4, "recvmmsg lengths");
	ok_errno(recvmmsg(sv[1], mm, 4, MSG_DONTWAIT, NULL), EAGAIN, "recvmmsg: nothing, EAGAIN");
	close(sv[0]);
	close(sv[1]);
}

/* A connected datagram sender is writable again once its peer's full queue drains. */
static void test_dgram_full_poll(void)
{
	struct sockaddr_un sun;
	socklen_t len = sizeof(sun);
	struct pollfd pfd;
	int rx, tx, n = 0;
	char c;

	rx = socket(AF_UNIX, SOCK_DGRAM, 0);
	tx = socket(AF_UNIX, SOCK_DGRAM, 0);
	memset(&sun, 0, sizeof(sun));
	sun.sun_family = AF_UNIX;
	bind(rx, (void *)&sun, sizeof(sa_family_t));
	getsockname(rx, (void *)&sun, &len);
	ok_sys(connect(tx, (void *)&sun, len), "connect a datagram sender");
	/* Room to spare in the send buffer: only the peer's queue may block. */
	n = 1 << 22;
	setsockopt(tx, SOL_SOCKET, SO_SNDBUF, &n, sizeof(n));
	n = 0;
	while (send(tx, "f", 1, MSG_DONTWAIT) == 1 && n < 100000)
		n++;
	ok(errno == EAGAIN, "the receiver's queue fills: EAGAIN after %d", n);
	pfd.fd = tx;
	pfd.events = POLLOUT;
	ok(poll(&pfd, 1, 0) == 0, "poll: not writable while the peer's queue is full (%#x)",
	   pfd.revents);
	if (fork() == 0) {
		usleep(100000);
		recv(rx, &c, 1, 0);
		_exit(0);
	}
	ok(poll(&pfd, 1, 3000) == 1 && (pfd.revents & POLLOUT),
	   "poll: woken writable when the peer reads (%#x)", pfd.revents);
	wait(NULL);
	close(rx);
	close(tx);
}

static void test_proc_net_unix(void)
{
	char line[256];
	FILE *f = fopen("/proc/net/unix", "r");

	ok(f != NULL, "/proc/net/unix exists");
	if (!f)
		return;
	ok(fgets(line, sizeof(line), f) &&
	   !strncmp(line, "Num       RefCount Protocol Flags    Type St Inode Path", 55),
	   "/proc/net/unix header");
	fclose(f);
}

int main(void)
{
	const char *dir = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";

	test_errors();
	test_options();
	test_socketpair_io();
	test_sigpipe();
	test_dgram();
	test_path_names(dir);
	test_abstract();
	test_scm_rights();
	test_scm_creds();
	test_mmsg();
	test_dgram_full_poll();
	test_proc_net_unix();
	return tap_finish();
}
