// SPDX-License-Identifier: GPL-2.0-only
/*
 * net/udp - UDP over 127.0.0.1 as udp(7), ip(7) and the syscall pages
 * describe it: sendto/recvfrom and the addresses they carry, the implicit
 * bind of the first send, EADDRINUSE, message boundaries, MSG_TRUNC both
 * ways, zero-length datagrams, MSG_PEEK and FIONREAD, connected sockets
 * (send/recv, filtering of other senders, AF_UNSPEC disconnect, the
 * ECONNREFUSED an ICMP port unreachable leaves for the next call),
 * SO_BROADCAST for 255.255.255.255, IP_PKTINFO and IP_RECVTTL ancillary
 * data, IP_TTL, a small SO_RCVBUF dropping datagrams, sendmmsg/recvmmsg,
 * and the 65507-byte payload limit.
 */
#include <sys/uio.h>

#include "tap.h"
#include "util.h"
#include "nettest.h"

/* recv with a deadline of ms: the length, or -1. */
static ssize_t recv_wait(int fd, void *buf, size_t len, int flags, int ms)
{
	ssize_t n;

	deadline(ms);
	n = recv(fd, buf, len, flags);
	deadline(0);
	return n;
}

static void test_sendto(void)
{
	struct sockaddr_in dst, from, got;
	socklen_t len;
	char buf[64];
	int r, s, x, rport = 0, sport;

	r = udp_bound(&rport);
	if (!ok_why(r >= 0, "socket/bind", "a UDP socket binds to 127.0.0.1 port 0"))
		return;
	s = socket(AF_INET, SOCK_DGRAM, 0);
	ok_eq(local_port(s), 0, "an unbound UDP socket has port 0");
	dst = lo_addr(rport);
	ok_eq(sendto(s, "hello", 5, 0, SA(&dst), sizeof(dst)), 5, "sendto 127.0.0.1: 5 bytes");
	sport = local_port(s);
	ok(sport > 0, "the first sendto bound the sender to an ephemeral port");
	len = sizeof(from);
	memset(buf, 0, sizeof(buf));
	memset(&from, 0, sizeof(from));
	deadline(3000);
	ok(recvfrom(r, buf, sizeof(buf), 0, SA(&from), &len) == 5 && !memcmp(buf, "hello", 5),
	   "recvfrom returns the datagram");
	deadline(0);
	ok(len == sizeof(from) && from.sin_family == AF_INET &&
	   from.sin_addr.s_addr == htonl(INADDR_LOOPBACK) && ntohs(from.sin_port) == sport,
	   "recvfrom reports the sender: 127.0.0.1 and its port");
	ok_eq(sendto(r, "world", 5, 0, SA(&from), len), 5, "sendto the address recvfrom reported (a reply)");
	len = sizeof(got);
	memset(&got, 0, sizeof(got));
	deadline(3000);
	ok(recvfrom(s, buf, sizeof(buf), 0, SA(&got), &len) == 5 && !memcmp(buf, "world", 5) &&
	   ntohs(got.sin_port) == rport, "the sender receives the reply, from the receiver's port");
	deadline(0);
	ok_errno(send(s, "x", 1, 0), EDESTADDRREQ,
		 "send without an address on an unconnected socket: EDESTADDRREQ");
	ok_errno(recv(s, buf, sizeof(buf), MSG_DONTWAIT), EAGAIN,
		 "recv MSG_DONTWAIT with nothing queued: EAGAIN");
	len = sizeof(got);
	ok_errno(getpeername(s, SA(&got), &len), ENOTCONN,
		 "getpeername on an unconnected UDP socket: ENOTCONN");
	x = socket(AF_INET, SOCK_DGRAM, 0);
	ok_errno(bind(x, SA(&dst), sizeof(dst)), EADDRINUSE,
		 "bind a second UDP socket to the same address and port: EADDRINUSE");
	close(x);
	close(s);
	close(r);
}

static void test_boundaries(void)
{
	static char big[100];
	struct sockaddr_in dst, from;
	struct msghdr mh;
	struct iovec iov;
	socklen_t len;
	char buf[128];
	int r, s, rport = 0, n = -1, i;
	ssize_t got[3];

	r = udp_bound(&rport);
	s = socket(AF_INET, SOCK_DGRAM, 0);
	if (r < 0 || s < 0)
		return setup_failed("boundaries: UDP sockets");
	dst = lo_addr(rport);
	memset(big, 'b', sizeof(big));
	for (i = 0; i < 3; i++)
		sendto(s, big, 10 * (i + 1), 0, SA(&dst), sizeof(dst));
	for (i = 0; i < 3; i++)
		got[i] = recv_wait(r, buf, sizeof(buf), 0, 3000);
	ok(got[0] == 10 && got[1] == 20 && got[2] == 30,
	   "three datagrams of 10, 20, 30 bytes come back as three reads of 10, 20, 30");

	sendto(s, big, 10, 0, SA(&dst), sizeof(dst));
	sendto(s, big, 20, 0, SA(&dst), sizeof(dst));
	poll_one(r, POLLIN, 3000);
	ioctl(r, FIONREAD, &n);
	ok_eq(n, 10, "FIONREAD (SIOCINQ): the size of the next datagram, 10");
	ok_eq(recv(r, buf, sizeof(buf), MSG_PEEK), 10, "recv MSG_PEEK returns the first datagram");
	ok_eq(recv(r, buf, sizeof(buf), 0), 10, "MSG_PEEK left it queued: recv returns it again");
	ok_eq(recv_wait(r, buf, sizeof(buf), 0, 3000), 20, "then the second one");

	sendto(s, big, 100, 0, SA(&dst), sizeof(dst));
	memset(&mh, 0, sizeof(mh));
	iov.iov_base = buf;
	iov.iov_len = 10;
	mh.msg_iov = &iov;
	mh.msg_iovlen = 1;
	deadline(3000);
	ok(recvmsg(r, &mh, 0) == 10 && (mh.msg_flags & MSG_TRUNC),
	   "a 100-byte datagram read into 10 bytes: 10 returned, MSG_TRUNC in msg_flags");
	deadline(0);
	ok_errno(recv(r, buf, sizeof(buf), MSG_DONTWAIT), EAGAIN,
		 "the rest of the truncated datagram is discarded");
	sendto(s, big, 100, 0, SA(&dst), sizeof(dst));
	ok_eq(recv_wait(r, buf, 10, MSG_TRUNC, 3000), 100,
	      "recv(10 bytes, MSG_TRUNC) returns the real length, 100");

	ok_eq(sendto(s, "", 0, 0, SA(&dst), sizeof(dst)), 0, "sendto of 0 bytes returns 0");
	ok(poll_one(r, POLLIN, 3000) == POLLIN, "the zero-length datagram makes the receiver readable");
	len = sizeof(from);
	memset(&from, 0, sizeof(from));
	ok(recvfrom(r, buf, sizeof(buf), MSG_DONTWAIT, SA(&from), &len) == 0 &&
	   ntohs(from.sin_port) == local_port(s),
	   "recvfrom returns 0 for it, with the sender's address");
	ok_errno(recv(r, buf, sizeof(buf), MSG_DONTWAIT), EAGAIN, "and it was consumed");
	close(s);
	close(r);
}

static void test_connected(void)
{
	struct sockaddr_in dst, from, got, unspec;
	socklen_t len;
	char buf[64];
	int r, c, other, d, oport = 0, rport = 0, dport = 0;

	r = udp_bound(&rport);
	other = udp_bound(&oport);
	c = socket(AF_INET, SOCK_DGRAM, 0);
	if (r < 0 || other < 0 || c < 0)
		return setup_failed("connected: UDP sockets");
	dst = lo_addr(rport);
	ok_sys(connect(c, SA(&dst), sizeof(dst)), "connect a UDP socket to 127.0.0.1");
	ok(local_port(c) > 0, "connect bound it to an ephemeral port");
	len = sizeof(got);
	ok(getpeername(c, SA(&got), &len) == 0 && ntohs(got.sin_port) == rport &&
	   got.sin_addr.s_addr == htonl(INADDR_LOOPBACK), "getpeername returns the connected address");
	ok_eq(send(c, "abc", 3, 0), 3, "send without an address on the connected socket");
	len = sizeof(from);
	memset(buf, 0, sizeof(buf));
	deadline(3000);
	ok(recvfrom(r, buf, sizeof(buf), 0, SA(&from), &len) == 3 && !memcmp(buf, "abc", 3) &&
	   ntohs(from.sin_port) == local_port(c), "it arrives from the connected socket's port");
	deadline(0);
	sendto(other, "intruder", 8, 0, SA(&from), sizeof(from));
	usleep(50000);
	sendto(r, "xyz", 3, 0, SA(&from), sizeof(from));
	memset(buf, 0, sizeof(buf));
	ok(recv_wait(c, buf, sizeof(buf), 0, 3000) == 3 && !memcmp(buf, "xyz", 3),
	   "recv on the connected socket gets the peer's datagram, not another sender's");
	usleep(50000);
	ok_errno(recv(c, buf, sizeof(buf), MSG_DONTWAIT), EAGAIN,
		 "the other sender's datagram was never queued");
	memset(&unspec, 0, sizeof(unspec));
	unspec.sin_family = AF_UNSPEC;
	ok_sys(connect(c, SA(&unspec), sizeof(unspec)), "connect to AF_UNSPEC dissolves the association");
	len = sizeof(got);
	ok_errno(getpeername(c, SA(&got), &len), ENOTCONN, "after that getpeername: ENOTCONN");
	close(c);
	close(other);
	close(r);

	/* A port with nobody on it: bound, then closed. */
	d = udp_bound(&dport);
	close(d);
	c = socket(AF_INET, SOCK_DGRAM, 0);
	dst = lo_addr(dport);
	connect(c, SA(&dst), sizeof(dst));
	ok_eq(send(c, "x", 1, 0), 1, "send to a port nobody has bound succeeds locally");
	ok_errno(recv_wait(c, buf, sizeof(buf), 0, 3000), ECONNREFUSED,
		 "the ICMP port unreachable surfaces on the next call: ECONNREFUSED");
	ok_errno(recv(c, buf, sizeof(buf), MSG_DONTWAIT), EAGAIN,
		 "the error is reported once: the next recv is EAGAIN");
	close(c);
}

static void test_broadcast(void)
{
	struct sockaddr_in a, dst;
	socklen_t len = sizeof(int);
	char buf[16];
	int rcv, snd, one = 1, v = -1;

	rcv = socket(AF_INET, SOCK_DGRAM, 0);
	snd = socket(AF_INET, SOCK_DGRAM, 0);
	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_addr.s_addr = htonl(INADDR_ANY);
	if (bind(rcv, SA(&a), sizeof(a)))
		return setup_failed("broadcast: bind to 0.0.0.0");
	dst = a;
	dst.sin_port = htons(local_port(rcv));
	dst.sin_addr.s_addr = htonl(INADDR_BROADCAST);
	/* bound to 127.0.0.1 so that the route to 255.255.255.255 is lo's */
	a = lo_addr(0);
	if (bind(snd, SA(&a), sizeof(a)))
		return setup_failed("broadcast: bind to 127.0.0.1");
	ok(getsockopt(snd, SOL_SOCKET, SO_BROADCAST, &v, &len) == 0 && v == 0,
	   "SO_BROADCAST is off by default");
	ok_errno(sendto(snd, "bcst", 4, 0, SA(&dst), sizeof(dst)), EACCES,
		 "sendto 255.255.255.255 without SO_BROADCAST: EACCES");
	ok_sys(setsockopt(snd, SOL_SOCKET, SO_BROADCAST, &one, sizeof(one)), "set SO_BROADCAST");
	ok_eq(sendto(snd, "bcst", 4, 0, SA(&dst), sizeof(dst)), 4,
	      "with SO_BROADCAST, sendto 255.255.255.255 succeeds");
	memset(buf, 0, sizeof(buf));
	ok(recv_wait(rcv, buf, sizeof(buf), 0, 3000) == 4 && !memcmp(buf, "bcst", 4),
	   "a socket bound to 0.0.0.0 receives the broadcast");
	close(snd);
	close(rcv);
}

static void test_ancillary(void)
{
	union {
		char buf[256];
		struct cmsghdr align;
	} control;
	struct sockaddr_in dst;
	struct in_pktinfo pi;
	struct cmsghdr *cm;
	struct msghdr mh;
	struct iovec iov;
	socklen_t len = sizeof(int);
	int r, s, rport = 0, one = 1, ttl = -1, seen_pi = 0, seen_ttl = -1;
	char buf[16];

	r = udp_bound(&rport);
	s = socket(AF_INET, SOCK_DGRAM, 0);
	if (r < 0 || s < 0)
		return setup_failed("ancillary: UDP sockets");
	ok(getsockopt(s, IPPROTO_IP, IP_TTL, &ttl, &len) == 0 && ttl == 64, "IP_TTL defaults to 64");
	ttl = 7;
	ok_sys(setsockopt(s, IPPROTO_IP, IP_TTL, &ttl, sizeof(ttl)), "set IP_TTL to 7");
	ttl = -1;
	len = sizeof(ttl);
	ok(getsockopt(s, IPPROTO_IP, IP_TTL, &ttl, &len) == 0 && ttl == 7, "IP_TTL reads back 7");
	ok_sys(setsockopt(r, IPPROTO_IP, IP_PKTINFO, &one, sizeof(one)), "set IP_PKTINFO");
	ok_sys(setsockopt(r, IPPROTO_IP, IP_RECVTTL, &one, sizeof(one)), "set IP_RECVTTL");
	dst = lo_addr(rport);
	sendto(s, "anc", 3, 0, SA(&dst), sizeof(dst));
	memset(&mh, 0, sizeof(mh));
	memset(&pi, 0, sizeof(pi));
	iov.iov_base = buf;
	iov.iov_len = sizeof(buf);
	mh.msg_iov = &iov;
	mh.msg_iovlen = 1;
	mh.msg_control = control.buf;
	mh.msg_controllen = sizeof(control.buf);
	deadline(3000);
	ok_eq(recvmsg(r, &mh, 0), 3, "recvmsg with a control buffer gets the datagram");
	deadline(0);
	for (cm = CMSG_FIRSTHDR(&mh); cm; cm = CMSG_NXTHDR(&mh, cm)) {
		if (cm->cmsg_level != IPPROTO_IP)
			continue;
		if (cm->cmsg_type == IP_PKTINFO && cm->cmsg_len >= CMSG_LEN(sizeof(pi))) {
			memcpy(&pi, CMSG_DATA(cm), sizeof(pi));
			seen_pi = 1;
		} else if (cm->cmsg_type == IP_TTL && cm->cmsg_len >= CMSG_LEN(sizeof(int))) {
			memcpy(&seen_ttl, CMSG_DATA(cm), sizeof(int));
		}
	}
	ok(seen_pi && pi.ipi_ifindex == (int)if_nametoindex("lo"),
	   "IP_PKTINFO: a cmsg with ipi_ifindex of lo");
	ok(seen_pi && pi.ipi_addr.s_addr == htonl(INADDR_LOOPBACK) &&
	   pi.ipi_spec_dst.s_addr == htonl(INADDR_LOOPBACK),
	   "IP_PKTINFO: ipi_addr (destination) and ipi_spec_dst (local address) are 127.0.0.1");
	ok_eq(seen_ttl, 7, "IP_RECVTTL: an IP_TTL cmsg with the sender's TTL, 7");
	ttl = 0;
	ok_errno(setsockopt(s, IPPROTO_IP, IP_TTL, &ttl, sizeof(ttl)), EINVAL, "IP_TTL 0: EINVAL");
	ttl = 256;
	ok_errno(setsockopt(s, IPPROTO_IP, IP_TTL, &ttl, sizeof(ttl)), EINVAL, "IP_TTL 256: EINVAL");
	close(s);
	close(r);
}

static void test_rcvbuf_drop(void)
{
	static char data[1000];
	struct sockaddr_in dst;
	int r, s, rport = 0, size = 4096, i, sent = 0, got = 0;

	r = udp_bound(&rport);
	s = socket(AF_INET, SOCK_DGRAM, 0);
	if (r < 0 || s < 0 || setsockopt(r, SOL_SOCKET, SO_RCVBUF, &size, sizeof(size)))
		return setup_failed("rcvbuf drop: UDP socket with SO_RCVBUF 4096");
	dst = lo_addr(rport);
	deadline(3000);
	for (i = 0; i < 50; i++)
		if (sendto(s, data, sizeof(data), 0, SA(&dst), sizeof(dst)) == sizeof(data))
			sent++;
	deadline(0);
	ok_eq(sent, 50, "50 datagrams of 1000 bytes to a receiver that does not read: all sent");
	usleep(200000);
	while (recv(r, data, sizeof(data), MSG_DONTWAIT) == sizeof(data))
		got++;
	ok(got > 0 && got < 50, "with SO_RCVBUF 4096 some arrive and the rest are dropped");
	diag("%d of 50 arrived", got);
	close(s);
	close(r);
}

static void test_mmsg(void)
{
	static char data[4][400];
	struct mmsghdr mm[4];
	struct iovec iov[4];
	struct sockaddr_in dst, from[4];
	int r, s, rport = 0, i, n, lens_ok = 1, from_ok = 1;

	r = udp_bound(&rport);
	s = socket(AF_INET, SOCK_DGRAM, 0);
	if (r < 0 || s < 0)
		return setup_failed("mmsg: UDP sockets");
	dst = lo_addr(rport);
	memset(mm, 0, sizeof(mm));
	for (i = 0; i < 4; i++) {
		memset(data[i], '0' + i, sizeof(data[i]));
		iov[i].iov_base = data[i];
		iov[i].iov_len = 100 * (i + 1);
		mm[i].msg_hdr.msg_iov = &iov[i];
		mm[i].msg_hdr.msg_iovlen = 1;
		mm[i].msg_hdr.msg_name = &dst;
		mm[i].msg_hdr.msg_namelen = sizeof(dst);
	}
	n = sendmmsg(s, mm, 4, 0);
	for (i = 0; i < 4; i++)
		lens_ok &= mm[i].msg_len == 100 * (unsigned int)(i + 1);
	ok_why(n == 4 && lens_ok, "sendmmsg", "sendmmsg sends 4 datagrams and sets each msg_len");

	memset(mm, 0, sizeof(mm));
	memset(data, 0, sizeof(data));
	for (i = 0; i < 4; i++) {
		iov[i].iov_base = data[i];
		iov[i].iov_len = sizeof(data[i]);
		mm[i].msg_hdr.msg_iov = &iov[i];
		mm[i].msg_hdr.msg_iovlen = 1;
		mm[i].msg_hdr.msg_name = &from[i];
		mm[i].msg_hdr.msg_namelen = sizeof(from[i]);
	}
	deadline(3000);
	n = recvmmsg(r, mm, 4, 0, NULL);
	deadline(0);
	lens_ok = 1;
	for (i = 0; i < 4; i++) {
		lens_ok &= mm[i].msg_len == 100 * (unsigned int)(i + 1) && data[i][0] == '0' + i;
		from_ok &= mm[i].msg_hdr.msg_namelen == sizeof(from[i]) &&
			   ntohs(from[i].sin_port) == local_port(s);
	}
	ok_why(n == 4 && lens_ok, "recvmmsg",
	       "recvmmsg receives the 4 datagrams, in order, with their lengths");
	ok(n == 4 && from_ok, "recvmmsg fills each sender address");
	close(s);
	close(r);
}

static void test_msgsize(void)
{
	static unsigned char big[65508], in[65536];
	struct sockaddr_in dst;
	int r, s, rport = 0, size = 1 << 20;
	size_t i;

	r = udp_bound(&rport);
	s = socket(AF_INET, SOCK_DGRAM, 0);
	if (r < 0 || s < 0)
		return setup_failed("msgsize: UDP sockets");
	setsockopt(s, SOL_SOCKET, SO_SNDBUF, &size, sizeof(size));
	dst = lo_addr(rport);
	for (i = 0; i < sizeof(big); i++)
		big[i] = i * 7 + (i >> 8);
	ok_errno(sendto(s, big, 65508, 0, SA(&dst), sizeof(dst)), EMSGSIZE,
		 "sendto of 65508 bytes (over 65535 - 20 - 8): EMSGSIZE");
	deadline(3000);
	ok_eq(sendto(s, big, 65507, 0, SA(&dst), sizeof(dst)), 65507, "sendto of 65507 bytes succeeds");
	deadline(0);
	ok(recv_wait(r, in, sizeof(in), 0, 3000) == 65507 && !memcmp(in, big, 65507),
	   "the 65507-byte datagram arrives whole");
	close(s);
	close(r);
}

int main(void)
{
	lo_up();
	test_sendto();
	test_boundaries();
	test_connected();
	test_broadcast();
	test_ancillary();
	test_rcvbuf_drop();
	test_mmsg();
	test_msgsize();
	return tap_finish();
}
