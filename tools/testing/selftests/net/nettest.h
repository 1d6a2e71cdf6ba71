/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * nettest.h - helpers shared by the socket suites in net/ (include after
 * tap.h and util.h).
 *
 *	lo_up()			test point: bring lo up (SIOCGIFFLAGS, then
 *				SIOCSIFFLAGS with IFF_UP if it was down)
 *	deadline(ms)		arm a one-shot SIGALRM in ms milliseconds whose
 *				handler only interrupts: a blocking call then
 *				fails with EINTR instead of hanging; 0 disarms
 *	lo_addr(port)		struct sockaddr_in for 127.0.0.1:port
 *	local_port(fd)		the port getsockname() reports (host order), -1
 *	tcp_listener(n, &port)	TCP socket listening on 127.0.0.1, any port
 *	tcp_connect_to(port)	blocking connect to 127.0.0.1:port
 *	udp_bound(&port)	UDP socket bound to 127.0.0.1, any port
 *	tcp_pair(&c, &s)	a connected pair over lo (client, accepted)
 *	poll_one(fd, ev, ms)	revents of one fd, 0 on timeout, -1 on error
 *	reap(pid, ms)		wait for a child, SIGKILL it after ms; status
 *	bulk_exchange(a, b, n, secs, &r)
 *				n bytes of a pattern each way between two
 *				connected stream sockets at once (four
 *				processes), checksums on both sides
 *	net_fail(what)		diag line with errno, returns 0
 *	ok_why(cond, what, ...)	ok() that adds net_fail(what) on failure
 *	setup_failed(what)	a "not ok - setup: what" point with errno, for
 *				a test that cannot go on
 *
 * Timeouts: every test that can block arms deadline() first, so a kernel
 * that never wakes a sleeper makes that test point fail (EINTR) and the
 * program carries on.  Children arm their own alarm.
 */
#ifndef SELFTESTS_NETTEST_H
#define SELFTESTS_NETTEST_H

#include <arpa/inet.h>
#include <net/if.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/time.h>

static volatile sig_atomic_t deadline_hits;

static void deadline_handler(int sig)
{
	(void)sig;
	deadline_hits++;
}

/* SIGALRM in ms milliseconds (0: cancel), handled without SA_RESTART. */
__attribute__((unused)) static void deadline(int ms)
{
	static int installed;
	struct itimerval it = { { 0, 0 }, { ms / 1000, ms % 1000 * 1000 } };

	if (!installed) {
		struct sigaction sa;

		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = deadline_handler;
		sigemptyset(&sa.sa_mask);
		sigaction(SIGALRM, &sa, NULL);
		installed = 1;
	}
	setitimer(ITIMER_REAL, &it, NULL);
}

/* A diagnostic naming what failed and errno; returns 0 for "if (x) return". */
__attribute__((unused)) static int net_fail(const char *what)
{
	diag("  %s: %s", what, tap_errno_name(errno));
	return 0;
}

/*
 * ok() that, on failure, adds "why: <errno>" with errno as it was right
 * after cond was computed.
 */
#define ok_why(cond, why, ...) ({					\
	int __p = !!(cond);						\
	int __e = errno;						\
	if (!ok(__p, __VA_ARGS__)) {					\
		errno = __e;						\
		net_fail(why);						\
	}								\
	__p;								\
})

/* A test point for setup that failed: later points of the test are left out. */
__attribute__((unused)) static void setup_failed(const char *what)
{
	int e = errno;

	ok(0, "setup: %s", what);
	diag("  %s: %s", what, tap_errno_name(e));
}

__attribute__((unused)) static struct sockaddr_in lo_addr(int port)
{
	struct sockaddr_in a;

	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_port = htons(port);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	return a;
}

#define SA(p) ((struct sockaddr *)(p))

__attribute__((unused)) static int local_port(int fd)
{
	struct sockaddr_in a;
	socklen_t len = sizeof(a);

	if (getsockname(fd, SA(&a), &len) || a.sin_family != AF_INET)
		return -1;
	return ntohs(a.sin_port);
}

/*
 * The test point every program starts with: Linux's initramfs leaves lo
 * down, and 127.0.0.1 only appears once it is up.
 */
__attribute__((unused)) static int lo_up(void)
{
	struct ifreq ifr;
	int fd, was_up = 0, r = -1;

	fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd >= 0) {
		memset(&ifr, 0, sizeof(ifr));
		strcpy(ifr.ifr_name, "lo");
		r = ioctl(fd, SIOCGIFFLAGS, &ifr);
		if (r == 0) {
			was_up = !!(ifr.ifr_flags & IFF_UP);
			if (!was_up) {
				ifr.ifr_flags |= IFF_UP;
				r = ioctl(fd, SIOCSIFFLAGS, &ifr);
			}
		}
		if (r == 0)
			r = ioctl(fd, SIOCGIFFLAGS, &ifr);
	}
	ok(r == 0 && (ifr.ifr_flags & IFF_UP),
	   "lo is up (SIOCGIFFLAGS; SIOCSIFFLAGS |= IFF_UP if it was down)");
	if (r)
		net_fail(fd < 0 ? "socket(AF_INET, SOCK_DGRAM)" : "SIOC[GS]IFFLAGS lo");
	else
		diag("lo was %s", was_up ? "already up" : "down");
	if (fd >= 0)
		close(fd);
	return r;
}

/* Close fd keeping errno; -1. */
static int close_keep_errno(int fd)
{
	int e = errno;

	close(fd);
	errno = e;
	return -1;
}

/* A socket of type bound to 127.0.0.1:port, or connected to it; -1. */
static int lo_socket(int type, int port, int connecting)
{
	struct sockaddr_in a = lo_addr(port);
	int fd = socket(AF_INET, type | SOCK_CLOEXEC, 0);

	if (fd < 0)
		return -1;
	if ((connecting ? connect : bind)(fd, SA(&a), sizeof(a)))
		return close_keep_errno(fd);
	return fd;
}

/* Listening TCP socket on 127.0.0.1 (port 0: any), its port in *port. */
__attribute__((unused)) static int tcp_listener(int backlog, int *port)
{
	int fd = lo_socket(SOCK_STREAM, port && *port > 0 ? *port : 0, 0);

	if (fd < 0)
		return -1;
	if (listen(fd, backlog))
		return close_keep_errno(fd);
	if (port)
		*port = local_port(fd);
	return fd;
}

/* A UDP socket bound to 127.0.0.1, any port (in *port). */
__attribute__((unused)) static int udp_bound(int *port)
{
	int fd = lo_socket(SOCK_DGRAM, 0, 0);

	if (fd >= 0)
		*port = local_port(fd);
	return fd;
}

__attribute__((unused)) static int tcp_connect_to(int port)
{
	return lo_socket(SOCK_STREAM, port, 1);
}

/* A connected pair over lo: *c the connecting end, *s the accepted one. */
__attribute__((unused)) static int tcp_pair(int *c, int *s)
{
	int port = 0, l, e;

	*c = *s = -1;
	l = tcp_listener(4, &port);
	if (l < 0)
		return -1;
	deadline(3000);
	*c = tcp_connect_to(port);
	if (*c >= 0)
		*s = accept4(l, NULL, NULL, SOCK_CLOEXEC);
	e = errno;
	deadline(0);
	close(l);
	if (*s < 0) {
		if (*c >= 0)
			close(*c);
		*c = -1;
		errno = e;
		return -1;
	}
	return 0;
}

__attribute__((unused)) static int poll_one(int fd, short events, int ms)
{
	struct pollfd p = { .fd = fd, .events = events };
	int r = poll(&p, 1, ms);

	return r < 0 ? -1 : p.revents;
}

/* Wait up to ms for a child; SIGKILL it if it is still there.  Raw status. */
__attribute__((unused)) static int reap(pid_t pid, int ms)
{
	int st, waited;

	for (waited = 0; waited <= ms; waited += 10) {
		pid_t r = waitpid(pid, &st, WNOHANG);

		if (r == pid)
			return st;
		if (r < 0 && errno != EINTR)
			return -1;
		usleep(10000);
	}
	diag("  child %d still running after %d ms: killed", pid, ms);
	kill(pid, SIGKILL);
	return wait_status(pid);
}

/*
 * The bulk pattern: 64-bit words, word i of stream "seed" a multiplicative
 * hash of i mixed with the seed; the checksum is FNV-1a over the words
 * (each word folded in whole).  Lengths are multiples of 8.
 */
#define FNV64_BASIS 0xcbf29ce484222325ULL
#define FNV64_PRIME 0x100000001b3ULL
#define BULK_CHUNK 65536

static inline uint64_t pattern_word(uint64_t seed, uint64_t i)
{
	return ((i + 1) * 0x9e3779b97f4a7c15ULL) ^ seed;
}

struct bulk_side {
	uint64_t bytes;		/* sent or received */
	uint64_t sum;		/* FNV-1a over those bytes' words */
	int err;		/* errno of the call that stopped it, 0 */
};

/* Send bytes of stream seed on fd, then shut down writing. */
__attribute__((unused)) static struct bulk_side bulk_send(int fd, uint64_t bytes, uint64_t seed)
{
	static uint64_t buf[BULK_CHUNK / 8];
	struct bulk_side r = { 0, FNV64_BASIS, 0 };
	uint64_t word = 0;

	while (r.bytes < bytes) {
		size_t n = bytes - r.bytes < BULK_CHUNK ? bytes - r.bytes : BULK_CHUNK;
		size_t i, off = 0;

		for (i = 0; i < n / 8; i++) {
			buf[i] = pattern_word(seed, word++);
			r.sum = (r.sum ^ buf[i]) * FNV64_PRIME;
		}
		while (off < n) {
			ssize_t w = send(fd, (char *)buf + off, n - off, MSG_NOSIGNAL);

			if (w <= 0) {
				r.err = w < 0 ? errno : EIO;
				return r;
			}
			off += w;
			r.bytes += w;
		}
	}
	if (shutdown(fd, SHUT_WR))
		r.err = errno;
	return r;
}

/* Receive on fd until EOF (or an error), checksumming whole words. */
__attribute__((unused)) static struct bulk_side bulk_recv(int fd)
{
	static unsigned char buf[BULK_CHUNK + 8];
	struct bulk_side r = { 0, FNV64_BASIS, 0 };
	size_t have = 0;

	for (;;) {
		ssize_t n = recv(fd, buf + have, BULK_CHUNK, 0);
		size_t i, words;

		if (n <= 0) {
			if (n < 0)
				r.err = errno;
			else if (have)
				r.err = EIO;	/* a length not a multiple of 8 */
			return r;
		}
		r.bytes += n;
		have += n;
		words = have / 8;
		for (i = 0; i < words; i++) {
			uint64_t w;

			memcpy(&w, buf + 8 * i, 8);
			r.sum = (r.sum ^ w) * FNV64_PRIME;
		}
		memmove(buf, buf + 8 * words, have - 8 * words);
		have -= 8 * words;
	}
}

struct bulk_result {
	struct bulk_side sent_ab, recv_ab;	/* a -> b */
	struct bulk_side sent_ba, recv_ba;	/* b -> a */
	long long ms;
};

/* Fork a child that runs one side and writes its result to a pipe. */
static pid_t bulk_child(int *rfd, int secs, int fd, int sending, uint64_t bytes,
			uint64_t seed)
{
	int p[2];
	pid_t pid;

	if (pipe2(p, O_CLOEXEC))
		return -1;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		struct bulk_side r;

		close(p[0]);
		deadline(secs * 1000);
		r = sending ? bulk_send(fd, bytes, seed) : bulk_recv(fd);
		write(p[1], &r, sizeof(r));
		_exit(0);
	}
	close(p[1]);
	*rfd = pid > 0 ? p[0] : -1;
	if (pid < 0)
		close(p[0]);
	return pid;
}

static void bulk_collect(pid_t pid, int rfd, int ms, struct bulk_side *r)
{
	r->err = ECHILD;
	if (pid < 0)
		return;
	if (poll_one(rfd, POLLIN, ms) > 0 && read(rfd, r, sizeof(*r)) != sizeof(*r))
		r->err = ECHILD;
	close(rfd);
	reap(pid, 1000);
}

/*
 * bytes each way between connected stream sockets a and b, all at once:
 * one child sends on a, one on b, one receives on b, this process
 * receives on a.  Everything gives up after secs seconds.
 */
__attribute__((unused)) static void bulk_exchange(int a, int b, uint64_t bytes, int secs,
						  struct bulk_result *res)
{
	int fd_sab = -1, fd_sba = -1, fd_rb = -1;
	pid_t p_sab, p_sba, p_rb;
	long long t0 = now_ns(CLOCK_MONOTONIC), left;

	memset(res, 0, sizeof(*res));
	p_sab = bulk_child(&fd_sab, secs, a, 1, bytes, 0x5eed0001);
	p_sba = bulk_child(&fd_sba, secs, b, 1, bytes, 0x5eed0002);
	p_rb = bulk_child(&fd_rb, secs, b, 0, 0, 0);
	deadline(secs * 1000);
	res->recv_ba = bulk_recv(a);
	deadline(0);
	left = secs * 1000LL - (now_ns(CLOCK_MONOTONIC) - t0) / 1000000;
	if (left < 1000)
		left = 1000;
	bulk_collect(p_rb, fd_rb, left, &res->recv_ab);
	bulk_collect(p_sab, fd_sab, 1000, &res->sent_ab);
	bulk_collect(p_sba, fd_sba, 1000, &res->sent_ba);
	res->ms = (now_ns(CLOCK_MONOTONIC) - t0) / 1000000;
}

/* One test point per direction of a bulk_exchange(). */
__attribute__((unused)) static void bulk_report(const struct bulk_side *s,
						const struct bulk_side *r, uint64_t bytes,
						const char *what)
{
	int pass = !s->err && !r->err && s->bytes == bytes && r->bytes == bytes &&
		   s->sum == r->sum;

	ok(pass, "%s: %llu MiB arrive whole, checksums match", what,
	   (unsigned long long)(bytes >> 20));
	if (!pass)
		diag("  sent %llu bytes (%s), received %llu (%s); sums %#llx vs %#llx",
		     (unsigned long long)s->bytes, s->err ? tap_errno_name(s->err) : "ok",
		     (unsigned long long)r->bytes, r->err ? tap_errno_name(r->err) : "EOF",
		     (unsigned long long)s->sum, (unsigned long long)r->sum);
}

#endif /* SELFTESTS_NETTEST_H */
