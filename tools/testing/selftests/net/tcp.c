// SPDX-License-Identifier: GPL-2.0-only
/*
 * net/tcp - TCP over 127.0.0.1 as socket(7), ip(7), tcp(7) and the
 * syscall pages describe it: bind/listen/accept/connect and the addresses
 * getsockname/getpeername report, ephemeral ports, EADDRINUSE and
 * SO_REUSEADDR over a TIME_WAIT port, ECONNREFUSED, non-blocking connect
 * (EINPROGRESS, POLLOUT, SO_ERROR), ENOTCONN, half-close, RST when closing
 * with unread data, EPIPE/SIGPIPE, MSG_PEEK/MSG_WAITALL/MSG_DONTWAIT,
 * FIONREAD, accept4 flags, a backlog of several clients, poll/select
 * readiness, SO_RCVTIMEO, TCP_NODELAY, 64 MiB each way at once with
 * checksums, and 500 short connections.
 *
 * Every blocking step runs under a deadline (nettest.h): a stack that
 * never wakes the caller fails that point with EINTR after a few seconds.
 */
#include <netinet/tcp.h>
#include <sys/select.h>

#include "tap.h"
#include "util.h"
#include "nettest.h"

static int same_addr(const struct sockaddr_in *a, const struct sockaddr_in *b)
{
	return a->sin_family == b->sin_family && a->sin_port == b->sin_port &&
	       a->sin_addr.s_addr == b->sin_addr.s_addr;
}

static int sock_error(int fd)
{
	int err = -1;
	socklen_t len = sizeof(err);

	if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len))
		return -1;
	return err;
}

static void test_connect_accept(void)
{
	struct sockaddr_in a, srv, peer, got;
	socklen_t len;
	char buf[16];
	int l, c, s, cport;

	l = socket(AF_INET, SOCK_STREAM, 0);
	if (!ok_sys(l, "socket(AF_INET, SOCK_STREAM, 0)"))
		return;
	a = lo_addr(0);
	ok_sys(bind(l, SA(&a), sizeof(a)), "bind to 127.0.0.1 port 0");
	len = sizeof(srv);
	memset(&srv, 0, sizeof(srv));
	ok(getsockname(l, SA(&srv), &len) == 0 && len == sizeof(srv) &&
	   srv.sin_family == AF_INET && srv.sin_addr.s_addr == htonl(INADDR_LOOPBACK) &&
	   srv.sin_port != 0,
	   "getsockname after binding port 0: 127.0.0.1 and a port the kernel chose");
	ok_sys(listen(l, 4), "listen on the bound socket");

	c = socket(AF_INET, SOCK_STREAM, 0);
	len = sizeof(got);
	memset(&got, 0xff, sizeof(got));
	ok(getsockname(c, SA(&got), &len) == 0 && got.sin_family == AF_INET &&
	   got.sin_port == 0 && got.sin_addr.s_addr == htonl(INADDR_ANY),
	   "getsockname on a fresh socket: 0.0.0.0 port 0");
	deadline(3000);
	ok_sys(connect(c, SA(&srv), sizeof(srv)), "connect to the listener");
	len = sizeof(peer);
	memset(&peer, 0, sizeof(peer));
	s = accept(l, SA(&peer), &len);
	deadline(0);
	ok_sys(s, "accept the connection");
	cport = local_port(c);
	ok(cport > 0 && cport != ntohs(srv.sin_port), "connect gave the client an ephemeral port");
	diag("listener port %d, client port %d", ntohs(srv.sin_port), cport);
	ok(len == sizeof(peer) && peer.sin_family == AF_INET &&
	   peer.sin_addr.s_addr == htonl(INADDR_LOOPBACK) && ntohs(peer.sin_port) == cport,
	   "accept reports the client's address: 127.0.0.1 and its port");
	len = sizeof(got);
	ok(getpeername(c, SA(&got), &len) == 0 && same_addr(&got, &srv),
	   "getpeername on the client: the listener's address");
	len = sizeof(got);
	ok(getsockname(s, SA(&got), &len) == 0 && same_addr(&got, &srv),
	   "getsockname on the accepted socket: the listener's address and port");
	len = sizeof(got);
	ok(getpeername(s, SA(&got), &len) == 0 && same_addr(&got, &peer),
	   "getpeername on the accepted socket: the client's address and port");
	len = 4;
	ok(getpeername(s, SA(&got), &len) == 0 && len == sizeof(got),
	   "getpeername with a short buffer returns the full address length");

	deadline(3000);
	memset(buf, 0, sizeof(buf));
	ok(send(c, "ping", 4, 0) == 4 && recv(s, buf, sizeof(buf), 0) == 4 &&
	   !memcmp(buf, "ping", 4), "client to server: 4 bytes arrive");
	ok(send(s, "pong!", 5, 0) == 5 && recv(c, buf, sizeof(buf), 0) == 5 &&
	   !memcmp(buf, "pong!", 5), "server to client: 5 bytes arrive");
	deadline(0);
	ok_errno(connect(c, SA(&srv), sizeof(srv)), EISCONN,
		 "connect on a connected socket: EISCONN");
	ok_errno(accept(c, NULL, NULL), EINVAL, "accept on a socket that is not listening: EINVAL");
	close(c);
	close(s);
	close(l);
}

static void test_addrinuse(void)
{
	struct sockaddr_in a;
	int one = 1, l, l2, c, s, x, y, port = 0, port2 = 0;
	char buf[4];

	l = tcp_listener(4, &port);
	if (l < 0)
		return setup_failed("addrinuse: listener");
	a = lo_addr(port);
	x = socket(AF_INET, SOCK_STREAM, 0);
	ok_errno(bind(x, SA(&a), sizeof(a)), EADDRINUSE,
		 "bind to the port of a listening socket: EADDRINUSE");
	close(x);
	x = socket(AF_INET, SOCK_STREAM, 0);
	setsockopt(x, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	ok_errno(bind(x, SA(&a), sizeof(a)), EADDRINUSE,
		 "the same with SO_REUSEADDR: still EADDRINUSE while a socket listens there");
	close(x);
	x = socket(AF_INET, SOCK_STREAM, 0);
	a.sin_addr.s_addr = htonl(INADDR_ANY);
	ok_errno(bind(x, SA(&a), sizeof(a)), EADDRINUSE,
		 "bind to 0.0.0.0 and the port listened on at 127.0.0.1: EADDRINUSE");
	close(x);
	close(l);

	/*
	 * A server that closes first leaves its side of the connection in
	 * TIME_WAIT on the server's port; restarting it needs SO_REUSEADDR.
	 */
	l2 = socket(AF_INET, SOCK_STREAM, 0);
	a = lo_addr(0);
	if (setsockopt(l2, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) ||
	    bind(l2, SA(&a), sizeof(a)) || listen(l2, 4))
		return setup_failed("addrinuse: SO_REUSEADDR listener");
	port2 = local_port(l2);
	deadline(3000);
	c = tcp_connect_to(port2);
	s = accept(l2, NULL, NULL);
	if (c < 0 || s < 0) {
		deadline(0);
		return setup_failed("addrinuse: connection to the SO_REUSEADDR listener");
	}
	close(s);			/* the server closes first */
	ok_eq(recv(c, buf, sizeof(buf), 0), 0, "the client reads EOF after the server's close");
	close(c);
	deadline(0);
	close(l2);
	usleep(100000);			/* the last ACK */
	a = lo_addr(port2);
	x = socket(AF_INET, SOCK_STREAM, 0);
	ok_errno(bind(x, SA(&a), sizeof(a)), EADDRINUSE,
		 "bind without SO_REUSEADDR to a port in TIME_WAIT: EADDRINUSE");
	close(x);
	y = socket(AF_INET, SOCK_STREAM, 0);
	setsockopt(y, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	ok_why(bind(y, SA(&a), sizeof(a)) == 0 && listen(y, 4) == 0, "bind/listen",
	       "with SO_REUSEADDR, bind and listen on that port succeed");
	deadline(3000);
	c = tcp_connect_to(port2);
	ok_why(c >= 0, "connect", "and the new listener takes connections");
	deadline(0);
	if (c >= 0)
		close(c);
	close(y);
}

static void test_refused(void)
{
	struct sockaddr_in a;
	int h, c, r, e, rv, err;

	/* a bound socket that does not listen keeps the port ours */
	h = socket(AF_INET, SOCK_STREAM, 0);
	a = lo_addr(0);
	if (bind(h, SA(&a), sizeof(a)))
		return setup_failed("refused: bind a port");
	a = lo_addr(local_port(h));
	c = socket(AF_INET, SOCK_STREAM, 0);
	deadline(3000);
	ok_errno(connect(c, SA(&a), sizeof(a)), ECONNREFUSED,
		 "connect to a port nobody listens on: ECONNREFUSED");
	deadline(0);
	close(c);

	c = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
	r = connect(c, SA(&a), sizeof(a));
	e = errno;
	if (!ok(r == -1 && (e == EINPROGRESS || e == ECONNREFUSED),
		"non-blocking connect to that port: EINPROGRESS (or ECONNREFUSED at once)"))
		diag("  connect returned %d: %s", r, tap_errno_name(e));
	rv = poll_one(c, POLLOUT, 3000);
	if (!ok(rv > 0 && (rv & (POLLOUT | POLLERR | POLLHUP)),
		"poll reports the refused connect (POLLOUT, POLLERR or POLLHUP)"))
		diag("  revents %#x", rv);
	err = sock_error(c);
	if (!ok((r == -1 && e == ECONNREFUSED) || err == ECONNREFUSED,
		"SO_ERROR after the refused non-blocking connect: ECONNREFUSED"))
		diag("  SO_ERROR %d (%s)", err, err > 0 ? tap_errno_name(err) : "-");
	ok_eq(sock_error(c), 0, "reading SO_ERROR cleared it: 0");
	close(c);
	close(h);
}

static void test_nonblocking_connect(void)
{
	struct sockaddr_in a;
	int l, c, s, r, e, rv, port = 0;

	l = tcp_listener(4, &port);
	if (l < 0)
		return setup_failed("nonblocking connect: listener");
	a = lo_addr(port);
	c = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
	r = connect(c, SA(&a), sizeof(a));
	e = errno;
	if (!ok(r == 0 || e == EINPROGRESS, "non-blocking connect to a listener: EINPROGRESS (or 0)"))
		diag("  connect: %s", tap_errno_name(e));
	rv = poll_one(c, POLLOUT, 3000);
	if (!ok(rv > 0 && (rv & POLLOUT) && !(rv & (POLLERR | POLLHUP)),
		"poll: POLLOUT once the connection is up"))
		diag("  revents %#x", rv);
	ok_eq(sock_error(c), 0, "SO_ERROR after the completed connect: 0");
	ok(local_port(c) > 0, "the connecting socket has an ephemeral port");
	deadline(3000);
	s = accept(l, NULL, NULL);
	deadline(0);
	ok_sys(s, "the listener accepts it");
	ok(send(c, "x", 1, 0) == 1, "and data can be sent on it");
	if (s >= 0)
		close(s);
	close(c);
	close(l);
}

static void test_notconn(void)
{
	struct sockaddr_in got;
	socklen_t len = sizeof(got);
	int c, l, port = 0;
	char buf[4];

	c = socket(AF_INET, SOCK_STREAM, 0);
	deadline(3000);
	ok_errno(recv(c, buf, sizeof(buf), 0), ENOTCONN, "recv on an unconnected socket: ENOTCONN");
	deadline(0);
	ok_errno(getpeername(c, SA(&got), &len), ENOTCONN,
		 "getpeername on an unconnected socket: ENOTCONN");
	ok_errno(shutdown(c, SHUT_RDWR), ENOTCONN, "shutdown on an unconnected socket: ENOTCONN");
	close(c);
	l = tcp_listener(4, &port);
	deadline(3000);
	ok_errno(recv(l, buf, sizeof(buf), 0), ENOTCONN, "recv on a listening socket: ENOTCONN");
	deadline(0);
	len = sizeof(got);
	ok_errno(getpeername(l, SA(&got), &len), ENOTCONN,
		 "getpeername on a listening socket: ENOTCONN");
	close(l);
}

static void test_half_close(void)
{
	char buf[16];
	int c, s, rv;

	if (tcp_pair(&c, &s))
		return setup_failed("half close: connected pair");
	deadline(3000);
	ok(send(c, "req", 3, 0) == 3, "send a request");
	ok_sys(shutdown(c, SHUT_WR), "shutdown(SHUT_WR) on the client");
	rv = poll_one(s, POLLIN | POLLRDHUP, 2000);
	if (!ok(rv > 0 && (rv & POLLIN) && (rv & POLLRDHUP) && !(rv & POLLHUP),
		"poll on the server: POLLIN|POLLRDHUP, no POLLHUP"))
		diag("  revents %#x", rv);
	memset(buf, 0, sizeof(buf));
	ok(recv(s, buf, sizeof(buf), MSG_WAITALL) == 3 && !memcmp(buf, "req", 3),
	   "the server reads the request");
	ok_eq(recv(s, buf, sizeof(buf), 0), 0, "then EOF (recv returns 0)");
	ok_eq(recv(s, buf, sizeof(buf), 0), 0, "and EOF again");
	ok(send(s, "reply", 5, 0) == 5, "the server can still send after the client's SHUT_WR");
	ok(recv(c, buf, sizeof(buf), 0) == 5 && !memcmp(buf, "reply", 5),
	   "the half-closed client receives the reply");
	ok_errno(send(c, "more", 4, MSG_NOSIGNAL), EPIPE, "send after SHUT_WR: EPIPE");
	close(s);
	ok_eq(recv(c, buf, sizeof(buf), 0), 0, "after the server closes, the client reads EOF");
	rv = poll_one(c, POLLIN, 0);
	if (!ok(rv > 0 && (rv & POLLHUP), "both directions shut: poll reports POLLHUP"))
		diag("  revents %#x", rv);
	deadline(0);
	close(c);
}

static void test_reset(void)
{
	char buf[16];
	int c, s, rv;

	if (tcp_pair(&c, &s))
		return setup_failed("reset: connected pair");
	send(c, "unread", 6, 0);
	poll_one(s, POLLIN, 2000);
	close(s);
	deadline(3000);
	ok_errno(recv(c, buf, sizeof(buf), 0), ECONNRESET,
		 "closing with unread data resets: the peer's recv fails with ECONNRESET");
	deadline(0);
	rv = poll_one(c, POLLIN | POLLOUT, 0);
	if (!ok(rv > 0 && (rv & POLLHUP), "poll on the reset socket: POLLHUP"))
		diag("  revents %#x", rv);
	close(c);
}

static volatile sig_atomic_t sigpipes;

static void on_sigpipe(int sig)
{
	(void)sig;
	sigpipes++;
}

/* Send a byte every 20 ms until send fails (2 s at most); its errno. */
static int send_until_error(int fd, int flags)
{
	int i;

	for (i = 0; i < 100; i++) {
		if (send(fd, "x", 1, flags) < 0)
			return errno;
		usleep(20000);
	}
	return 0;
}

static void test_epipe(void)
{
	char buf[4];
	int c, s, e;

	signal(SIGPIPE, on_sigpipe);
	if (tcp_pair(&c, &s))
		return setup_failed("epipe: connected pair");
	close(s);
	deadline(3000);
	ok_eq(recv(c, buf, sizeof(buf), 0), 0, "the peer closed: EOF");
	deadline(0);
	sigpipes = 0;
	e = send_until_error(c, MSG_NOSIGNAL);
	if (!ok(e == EPIPE && sigpipes == 0,
		"sending to a closed peer ends in EPIPE; with MSG_NOSIGNAL no SIGPIPE"))
		diag("  %s, %d signals", e ? tap_errno_name(e) : "no error", sigpipes);
	close(c);

	if (tcp_pair(&c, &s))
		return setup_failed("epipe: second connected pair");
	close(s);
	deadline(3000);
	recv(c, buf, sizeof(buf), 0);
	deadline(0);
	sigpipes = 0;
	e = send_until_error(c, 0);
	if (!ok(e == EPIPE && sigpipes == 1, "without MSG_NOSIGNAL the EPIPE comes with one SIGPIPE"))
		diag("  %s, %d signals", e ? tap_errno_name(e) : "no error", sigpipes);
	close(c);
	signal(SIGPIPE, SIG_DFL);
}

static void test_flags(void)
{
	char buf[4000];
	int c, s, n = -1, fl;
	pid_t pid;

	if (tcp_pair(&c, &s))
		return setup_failed("flags: connected pair");
	ok_errno(recv(s, buf, 10, MSG_DONTWAIT), EAGAIN, "recv MSG_DONTWAIT with nothing queued: EAGAIN");
	fl = fcntl(s, F_GETFL);
	fcntl(s, F_SETFL, fl | O_NONBLOCK);
	ok_errno(recv(s, buf, 10, 0), EAGAIN, "recv on an empty O_NONBLOCK socket: EAGAIN");
	fcntl(s, F_SETFL, fl);
	ok(ioctl(s, FIONREAD, &n) == 0 && n == 0, "FIONREAD with nothing queued: 0");
	send(c, "hello world", 11, 0);
	poll_one(s, POLLIN, 2000);
	n = -1;
	ioctl(s, FIONREAD, &n);
	ok_eq(n, 11, "FIONREAD (SIOCINQ): 11 bytes queued");
	memset(buf, 0, sizeof(buf));
	ok(recv(s, buf, 5, MSG_PEEK) == 5 && !memcmp(buf, "hello", 5),
	   "recv MSG_PEEK of 5 returns the first 5 bytes");
	memset(buf, 0, sizeof(buf));
	ok(recv(s, buf, sizeof(buf), 0) == 11 && !memcmp(buf, "hello world", 11),
	   "MSG_PEEK left them queued: the next recv returns all 11");

	/* Three pieces 50 ms apart; MSG_WAITALL returns only with all of them. */
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		static char piece[1000];
		int i;

		memset(piece, 'w', sizeof(piece));
		for (i = 0; i < 3; i++) {
			usleep(50000);
			send(c, piece, sizeof(piece), 0);
		}
		_exit(0);
	}
	deadline(3000);
	ok_eq(recv(s, buf, 3000, MSG_WAITALL), 3000,
	      "recv MSG_WAITALL of 3000 waits for three 1000-byte sends");
	deadline(0);
	reap(pid, 2000);
	close(c);
	close(s);
}

static void test_accept(void)
{
	int l, port = 0, c[5], s[5], i, n, fl, cports = 0, sports = 0, rv;
	struct sockaddr_in peer;
	socklen_t len;
	struct timeval tv = { 0, 0 };
	fd_set rd;

	l = tcp_listener(8, &port);
	if (l < 0)
		return setup_failed("accept: listener");
	ok_eq(poll_one(l, POLLIN, 0), 0, "poll on a listener with nothing pending: not ready");
	fl = fcntl(l, F_GETFL);
	fcntl(l, F_SETFL, fl | O_NONBLOCK);
	ok_errno(accept(l, NULL, NULL), EAGAIN,
		 "accept on a non-blocking listener with nothing pending: EAGAIN");
	deadline(5000);
	for (n = 0; n < 5; n++) {
		c[n] = tcp_connect_to(port);
		if (c[n] < 0)
			break;
		cports += local_port(c[n]);
	}
	deadline(0);
	ok_why(n == 5, "connect", "five clients connect to a listener with backlog 8");
	rv = poll_one(l, POLLIN, 2000);
	ok(rv > 0 && (rv & POLLIN), "poll: POLLIN on the listener with connections pending");
	FD_ZERO(&rd);
	FD_SET(l, &rd);
	ok(select(l + 1, &rd, NULL, NULL, &tv) == 1 && FD_ISSET(l, &rd),
	   "select: the listener is readable");

	s[0] = accept4(l, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
	ok_why(s[0] >= 0 && (fcntl(s[0], F_GETFL) & O_NONBLOCK) &&
	       (fcntl(s[0], F_GETFD) & FD_CLOEXEC), "accept4",
	       "accept4(SOCK_NONBLOCK|SOCK_CLOEXEC): the new socket has O_NONBLOCK and FD_CLOEXEC");
	poll_one(l, POLLIN, 2000);
	s[1] = accept(l, NULL, NULL);
	ok_why(s[1] >= 0 && !(fcntl(s[1], F_GETFL) & O_NONBLOCK) &&
	       !(fcntl(s[1], F_GETFD) & FD_CLOEXEC), "accept",
	       "accept on the O_NONBLOCK listener: the new socket does not inherit O_NONBLOCK");
	for (i = 0; i < 2; i++) {
		if (s[i] < 0)
			continue;
		len = sizeof(peer);
		if (getpeername(s[i], SA(&peer), &len) == 0)
			sports += ntohs(peer.sin_port);
	}
	for (i = 2; i < n; i++) {
		poll_one(l, POLLIN, 2000);
		len = sizeof(peer);
		s[i] = accept(l, SA(&peer), &len);
		if (s[i] >= 0)
			sports += ntohs(peer.sin_port);
	}
	ok(n == 5 && cports == sports, "the five accepts return the five clients (their ports add up)");
	ok_errno(accept(l, NULL, NULL), EAGAIN, "then nothing is pending: EAGAIN");
	for (i = 0; i < n; i++) {
		close(c[i]);
		if (s[i] >= 0)
			close(s[i]);
	}
	close(l);
}

static void test_rcvtimeo(void)
{
	struct timeval tv = { 0, 200000 };
	long long t0, ms;
	char buf[4];
	int c, s, r, e;

	if (tcp_pair(&c, &s))
		return setup_failed("rcvtimeo: connected pair");
	ok_sys(setsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)), "set SO_RCVTIMEO to 200 ms");
	deadline(3000);
	t0 = now_ns(CLOCK_MONOTONIC);
	r = recv(s, buf, sizeof(buf), 0);
	e = errno;
	ms = (now_ns(CLOCK_MONOTONIC) - t0) / 1000000;
	deadline(0);
	if (!ok(r == -1 && e == EAGAIN && ms >= 180 && ms < 2000,
		"recv with nothing coming fails with EAGAIN after the 200 ms timeout"))
		diag("  %s after %lld ms", r == -1 ? tap_errno_name(e) : "no error", ms);
	close(c);
	close(s);
}

static void test_nodelay(void)
{
	int c, s, v = -1, one = 1;
	socklen_t len = sizeof(v);
	char buf[4];

	if (tcp_pair(&c, &s))
		return setup_failed("nodelay: connected pair");
	ok(getsockopt(c, IPPROTO_TCP, TCP_NODELAY, &v, &len) == 0 && v == 0 && len == sizeof(v),
	   "TCP_NODELAY is off by default");
	ok_sys(setsockopt(c, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one)), "set TCP_NODELAY");
	v = -1;
	len = sizeof(v);
	ok(getsockopt(c, IPPROTO_TCP, TCP_NODELAY, &v, &len) == 0 && v == 1,
	   "TCP_NODELAY reads back 1");
	deadline(3000);
	ok(send(c, "n", 1, 0) == 1 && recv(s, buf, 1, 0) == 1, "a byte still goes through");
	deadline(0);
	close(c);
	close(s);
}

#define BULK_BYTES (64ULL << 20)

static void test_bulk(void)
{
	struct bulk_result r;
	int c, s;

	if (tcp_pair(&c, &s))
		return setup_failed("bulk: connected pair");
	bulk_exchange(c, s, BULK_BYTES, 40, &r);
	diag("64 MiB each way in %lld ms (%lld MB/s total)", r.ms,
	     r.ms ? (long long)(2 * BULK_BYTES / 1000 / r.ms) : 0);
	bulk_report(&r.sent_ab, &r.recv_ab, BULK_BYTES,
		    "TCP client to server, while server to client");
	bulk_report(&r.sent_ba, &r.recv_ba, BULK_BYTES,
		    "TCP server to client, while client to server");
	close(c);
	close(s);
}

#define SHORT_CONNS 500

static void test_short_connections(void)
{
	long long t0 = now_ns(CLOCK_MONOTONIC);
	int l, port = 0, i, c = -1, s = -1;
	const char *why = NULL;
	char b;

	l = tcp_listener(16, &port);
	if (l < 0)
		return setup_failed("short connections: listener");
	deadline(30000);
	for (i = 0; i < SHORT_CONNS && !why; i++) {
		c = tcp_connect_to(port);
		if (c < 0) {
			why = "connect";
			break;
		}
		s = accept(l, NULL, NULL);
		if (s < 0)
			why = "accept";
		else if (send(s, "k", 1, 0) != 1)
			why = "send";
		else if (recv(c, &b, 1, 0) != 1 || b != 'k')
			why = "recv";
		close(c);
		if (s >= 0)
			close(s);
	}
	deadline(0);
	ok_why(!why, why, "%d short connections: connect, accept, a byte, close", SHORT_CONNS);
	diag("%d connections in %lld ms", i, (now_ns(CLOCK_MONOTONIC) - t0) / 1000000);
	close(l);
}

int main(void)
{
	lo_up();
	test_connect_accept();
	test_addrinuse();
	test_refused();
	test_nonblocking_connect();
	test_notconn();
	test_half_close();
	test_reset();
	test_epipe();
	test_flags();
	test_accept();
	test_rcvtimeo();
	test_nodelay();
	test_bulk();
	test_short_connections();
	return tap_finish();
}
