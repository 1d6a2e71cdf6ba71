// SPDX-License-Identifier: GPL-2.0-only
/*
 * net/sockopt - socket options as socket(7), ip(7) and tcp(7) document
 * them: SO_TYPE/SO_DOMAIN/SO_PROTOCOL, SO_ERROR, SO_ACCEPTCONN, the boolean
 * options (SO_REUSEADDR, SO_KEEPALIVE, SO_BROADCAST), SO_REUSEPORT letting
 * two sockets bind one port, SO_LINGER (round trip, and l_linger 0 making
 * close send a RST), SO_RCVBUF/SO_SNDBUF (the kernel doubles the value
 * and keeps a minimum), SO_RCVTIMEO/SO_SNDTIMEO round trips, TCP_KEEPIDLE/
 * TCP_KEEPINTVL/TCP_KEEPCNT (defaults and round trips), TCP_MAXSEG,
 * IP_TTL and IP_TOS, and the errors: EINVAL for a short or negative
 * optlen, EFAULT for bad pointers, ENOPROTOOPT for unknown options,
 * ENOTSOCK and EBADF.
 */
#include <netinet/tcp.h>
#include <sys/un.h>

#include "tap.h"
#include "util.h"
#include "nettest.h"

/* getsockopt of an int; -12345 on failure (and when optlen is wrong). */
static int get_int(int fd, int level, int name)
{
	int v = -12345;
	socklen_t len = sizeof(v);

	if (getsockopt(fd, level, name, &v, &len) || len != sizeof(v))
		return -12345;
	return v;
}

static int set_int(int fd, int level, int name, int v)
{
	return setsockopt(fd, level, name, &v, sizeof(v));
}

static void test_identity(void)
{
	int t = socket(AF_INET, SOCK_STREAM, 0);
	int u = socket(AF_INET, SOCK_DGRAM, 0);
	int x = socket(AF_UNIX, SOCK_SEQPACKET, 0);
	int port = 0, l;

	ok(get_int(t, SOL_SOCKET, SO_TYPE) == SOCK_STREAM && get_int(u, SOL_SOCKET, SO_TYPE) ==
	   SOCK_DGRAM && get_int(x, SOL_SOCKET, SO_TYPE) == SOCK_SEQPACKET,
	   "SO_TYPE: SOCK_STREAM, SOCK_DGRAM, SOCK_SEQPACKET");
	ok(get_int(t, SOL_SOCKET, SO_DOMAIN) == AF_INET && get_int(x, SOL_SOCKET, SO_DOMAIN) == AF_UNIX,
	   "SO_DOMAIN: AF_INET, AF_UNIX");
	ok(get_int(t, SOL_SOCKET, SO_PROTOCOL) == IPPROTO_TCP &&
	   get_int(u, SOL_SOCKET, SO_PROTOCOL) == IPPROTO_UDP,
	   "SO_PROTOCOL: IPPROTO_TCP for a stream, IPPROTO_UDP for a datagram socket");
	ok_eq(get_int(t, SOL_SOCKET, SO_ERROR), 0, "SO_ERROR of a fresh socket: 0");
	ok_eq(get_int(t, SOL_SOCKET, SO_ACCEPTCONN), 0, "SO_ACCEPTCONN before listen: 0");
	l = tcp_listener(1, &port);
	ok_eq(get_int(l, SOL_SOCKET, SO_ACCEPTCONN), 1, "SO_ACCEPTCONN of a listening socket: 1");
	if (l >= 0)
		close(l);
	close(t);
	close(u);
	close(x);
}

static void test_booleans(void)
{
	static const struct {
		int name;
		int type;
		const char *what;
	} opts[] = {
		{ SO_REUSEADDR, SOCK_STREAM, "SO_REUSEADDR" },
		{ SO_REUSEPORT, SOCK_STREAM, "SO_REUSEPORT" },
		{ SO_KEEPALIVE, SOCK_STREAM, "SO_KEEPALIVE" },
		{ SO_BROADCAST, SOCK_DGRAM, "SO_BROADCAST" },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(opts); i++) {
		int fd = socket(AF_INET, opts[i].type, 0);
		int def = get_int(fd, SOL_SOCKET, opts[i].name), on, off;

		set_int(fd, SOL_SOCKET, opts[i].name, 1);
		on = get_int(fd, SOL_SOCKET, opts[i].name);
		set_int(fd, SOL_SOCKET, opts[i].name, 0);
		off = get_int(fd, SOL_SOCKET, opts[i].name);
		if (!ok(def == 0 && on == 1 && off == 0, "%s: 0 by default, set 1 reads 1, set 0 reads 0",
			opts[i].what))
			diag("  read %d, %d, %d", def, on, off);
		close(fd);
	}
}

static void test_reuseport(void)
{
	struct sockaddr_in a = lo_addr(0);
	int t1, t2, t3, u1, u2;

	t1 = socket(AF_INET, SOCK_STREAM, 0);
	t2 = socket(AF_INET, SOCK_STREAM, 0);
	t3 = socket(AF_INET, SOCK_STREAM, 0);
	set_int(t1, SOL_SOCKET, SO_REUSEPORT, 1);
	set_int(t2, SOL_SOCKET, SO_REUSEPORT, 1);
	if (bind(t1, SA(&a), sizeof(a)) || listen(t1, 4))
		return setup_failed("reuseport: SO_REUSEPORT listener");
	a = lo_addr(local_port(t1));
	ok(bind(t2, SA(&a), sizeof(a)) == 0 && listen(t2, 4) == 0,
	   "SO_REUSEPORT on both: a second TCP socket binds and listens on the same port");
	ok_errno(bind(t3, SA(&a), sizeof(a)), EADDRINUSE,
		 "a third socket without SO_REUSEPORT: EADDRINUSE");
	close(t1);
	close(t2);
	close(t3);

	u1 = socket(AF_INET, SOCK_DGRAM, 0);
	u2 = socket(AF_INET, SOCK_DGRAM, 0);
	set_int(u1, SOL_SOCKET, SO_REUSEPORT, 1);
	set_int(u2, SOL_SOCKET, SO_REUSEPORT, 1);
	a = lo_addr(0);
	bind(u1, SA(&a), sizeof(a));
	a = lo_addr(local_port(u1));
	ok_sys(bind(u2, SA(&a), sizeof(a)), "SO_REUSEPORT on both: two UDP sockets bind one port");
	close(u1);
	close(u2);
}

static void test_linger(void)
{
	struct linger lg = { -1, -1 }, set = { 1, 5 };
	socklen_t len = sizeof(lg);
	char buf[4];
	int fd = socket(AF_INET, SOCK_STREAM, 0), c, s;

	ok(getsockopt(fd, SOL_SOCKET, SO_LINGER, &lg, &len) == 0 && len == sizeof(lg) &&
	   lg.l_onoff == 0 && lg.l_linger == 0, "SO_LINGER by default: {0, 0}");
	ok_sys(setsockopt(fd, SOL_SOCKET, SO_LINGER, &set, sizeof(set)), "set SO_LINGER {1, 5}");
	len = sizeof(lg);
	ok(getsockopt(fd, SOL_SOCKET, SO_LINGER, &lg, &len) == 0 && lg.l_onoff == 1 &&
	   lg.l_linger == 5, "SO_LINGER reads back {1, 5}");
	ok_errno(setsockopt(fd, SOL_SOCKET, SO_LINGER, &set, sizeof(int)), EINVAL,
		 "SO_LINGER with optlen sizeof(int): EINVAL");
	close(fd);

	if (tcp_pair(&c, &s))
		return setup_failed("linger: connected pair");
	set.l_onoff = 1;
	set.l_linger = 0;
	setsockopt(s, SOL_SOCKET, SO_LINGER, &set, sizeof(set));
	close(s);
	deadline(3000);
	ok_errno(recv(c, buf, sizeof(buf), 0), ECONNRESET,
		 "close with SO_LINGER {1, 0} aborts: the peer's recv fails with ECONNRESET");
	deadline(0);
	close(c);
}

static void test_buffers(void)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0), v;

	ok_sys(set_int(fd, SOL_SOCKET, SO_RCVBUF, 65536), "set SO_RCVBUF 65536");
	v = get_int(fd, SOL_SOCKET, SO_RCVBUF);
	if (!ok(v == 131072, "SO_RCVBUF reads back 131072: the kernel doubles it (socket(7))"))
		diag("  read %d", v);
	ok_sys(set_int(fd, SOL_SOCKET, SO_SNDBUF, 65536), "set SO_SNDBUF 65536");
	v = get_int(fd, SOL_SOCKET, SO_SNDBUF);
	if (!ok(v == 131072, "SO_SNDBUF reads back 131072, doubled too"))
		diag("  read %d", v);
	set_int(fd, SOL_SOCKET, SO_RCVBUF, 1);
	v = get_int(fd, SOL_SOCKET, SO_RCVBUF);
	if (!ok(v >= 256 && v < 65536, "SO_RCVBUF 1 is raised to the minimum (at least 256)"))
		diag("  read %d", v);
	set_int(fd, SOL_SOCKET, SO_SNDBUF, 1);
	v = get_int(fd, SOL_SOCKET, SO_SNDBUF);
	if (!ok(v >= 2048 && v < 65536, "SO_SNDBUF 1 is raised to the minimum (at least 2048)"))
		diag("  read %d", v);
	close(fd);
}

static void test_timeouts(void)
{
	static const struct {
		int name;
		const char *what;
	} opts[] = { { SO_RCVTIMEO, "SO_RCVTIMEO" }, { SO_SNDTIMEO, "SO_SNDTIMEO" } };
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(opts); i++) {
		struct timeval tv = { -1, -1 }, set = { 1, 500000 };
		socklen_t len = sizeof(tv);

		ok(getsockopt(fd, SOL_SOCKET, opts[i].name, &tv, &len) == 0 && len == sizeof(tv) &&
		   tv.tv_sec == 0 && tv.tv_usec == 0, "%s by default: 0 (no timeout)", opts[i].what);
		setsockopt(fd, SOL_SOCKET, opts[i].name, &set, sizeof(set));
		len = sizeof(tv);
		ok(getsockopt(fd, SOL_SOCKET, opts[i].name, &tv, &len) == 0 && tv.tv_sec == 1 &&
		   tv.tv_usec == 500000, "%s 1.5 s reads back 1.5 s", opts[i].what);
	}
	close(fd);
}

static void test_tcp(void)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0), c, s, v;

	if (!ok(get_int(fd, IPPROTO_TCP, TCP_KEEPIDLE) == 7200 &&
		get_int(fd, IPPROTO_TCP, TCP_KEEPINTVL) == 75 &&
		get_int(fd, IPPROTO_TCP, TCP_KEEPCNT) == 9,
		"TCP_KEEPIDLE/KEEPINTVL/KEEPCNT default to 7200, 75, 9 (tcp(7))"))
		diag("  read %d, %d, %d", get_int(fd, IPPROTO_TCP, TCP_KEEPIDLE),
		     get_int(fd, IPPROTO_TCP, TCP_KEEPINTVL), get_int(fd, IPPROTO_TCP, TCP_KEEPCNT));
	set_int(fd, IPPROTO_TCP, TCP_KEEPIDLE, 30);
	set_int(fd, IPPROTO_TCP, TCP_KEEPINTVL, 5);
	set_int(fd, IPPROTO_TCP, TCP_KEEPCNT, 4);
	ok(get_int(fd, IPPROTO_TCP, TCP_KEEPIDLE) == 30 && get_int(fd, IPPROTO_TCP, TCP_KEEPINTVL) == 5 &&
	   get_int(fd, IPPROTO_TCP, TCP_KEEPCNT) == 4,
	   "TCP_KEEPIDLE 30, TCP_KEEPINTVL 5, TCP_KEEPCNT 4 read back");
	v = get_int(fd, IPPROTO_TCP, TCP_MAXSEG);
	if (!ok(v > 0 && v <= 65535, "TCP_MAXSEG of an unconnected socket is readable"))
		diag("  read %d", v);
	close(fd);
	if (tcp_pair(&c, &s))
		return setup_failed("tcp: connected pair");
	v = get_int(c, IPPROTO_TCP, TCP_MAXSEG);
	if (!ok(v >= 536 && v <= 65535 - 40,
		"TCP_MAXSEG of a connection over lo: between 536 and 65495"))
		diag("  read %d", v);
	close(c);
	close(s);
}

static void test_ip(void)
{
	int fd = socket(AF_INET, SOCK_DGRAM, 0);

	set_int(fd, IPPROTO_IP, IP_TTL, 33);
	ok_eq(get_int(fd, IPPROTO_IP, IP_TTL), 33, "IP_TTL 33 reads back");
	ok_eq(get_int(fd, IPPROTO_IP, IP_TOS), 0, "IP_TOS by default: 0");
	set_int(fd, IPPROTO_IP, IP_TOS, 0x10);
	ok_eq(get_int(fd, IPPROTO_IP, IP_TOS), 0x10, "IP_TOS 0x10 (IPTOS_LOWDELAY) reads back");
	close(fd);
}

static void test_errors(void)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0), v = 1, p[2];
	socklen_t len;

	ok_errno(setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &v, 2), EINVAL,
		 "setsockopt of an int option with optlen 2: EINVAL");
	len = -1;
	ok_errno(getsockopt(fd, SOL_SOCKET, SO_TYPE, &v, &len), EINVAL,
		 "getsockopt with a negative optlen: EINVAL");
	ok_errno(setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, (void *)8, sizeof(int)), EFAULT,
		 "setsockopt with a bad optval pointer: EFAULT");
	len = sizeof(int);
	ok_errno(getsockopt(fd, SOL_SOCKET, SO_TYPE, (void *)8, &len), EFAULT,
		 "getsockopt with a bad optval pointer: EFAULT");
	ok_errno(getsockopt(fd, SOL_SOCKET, SO_TYPE, &v, (socklen_t *)8), EFAULT,
		 "getsockopt with a bad optlen pointer: EFAULT");
	ok_errno(setsockopt(fd, SOL_SOCKET, 9999, &v, sizeof(v)), ENOPROTOOPT,
		 "setsockopt of an unknown SOL_SOCKET option: ENOPROTOOPT");
	len = sizeof(v);
	ok_errno(getsockopt(fd, SOL_SOCKET, 9999, &v, &len), ENOPROTOOPT,
		 "getsockopt of an unknown SOL_SOCKET option: ENOPROTOOPT");
	ok_errno(setsockopt(fd, IPPROTO_TCP, 9999, &v, sizeof(v)), ENOPROTOOPT,
		 "setsockopt of an unknown IPPROTO_TCP option: ENOPROTOOPT");
	len = sizeof(v);
	ok_errno(getsockopt(fd, IPPROTO_TCP, 9999, &v, &len), ENOPROTOOPT,
		 "getsockopt of an unknown IPPROTO_TCP option: ENOPROTOOPT");
	ok_errno(setsockopt(fd, IPPROTO_IP, 9999, &v, sizeof(v)), ENOPROTOOPT,
		 "setsockopt of an unknown IPPROTO_IP option: ENOPROTOOPT");
	close(fd);
	if (pipe(p) == 0) {
		ok_errno(setsockopt(p[0], SOL_SOCKET, SO_REUSEADDR, &v, sizeof(v)), ENOTSOCK,
			 "setsockopt on a pipe: ENOTSOCK");
		len = sizeof(v);
		ok_errno(getsockopt(p[0], SOL_SOCKET, SO_TYPE, &v, &len), ENOTSOCK,
			 "getsockopt on a pipe: ENOTSOCK");
		close(p[0]);
		close(p[1]);
	}
	ok_errno(setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &v, sizeof(v)), EBADF,
		 "setsockopt on a closed fd: EBADF");
}

int main(void)
{
	lo_up();
	test_identity();
	test_booleans();
	test_reuseport();
	test_linger();
	test_buffers();
	test_timeouts();
	test_tcp();
	test_ip();
	test_errors();
	return tap_finish();
}
