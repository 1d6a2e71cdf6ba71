// SPDX-License-Identifier: GPL-2.0-only
/*
 * nettool - the network test and benchmark program of tools/testing/net.
 *
 * One source, two builds: a static musl binary for the guests (it runs on
 * Tidewater and on Linux alike) and a host binary.  Each mode does one
 * job and ends by printing one result line on stdout,
 *
 *	nettool MODE key=value key=value ...
 *
 * which the scripts (pair-run, the benchmark) parse; errors go to stderr
 * as "nettool: ...".  See usage() for the modes and options and
 * Documentation/networking/testing.md for how the scripts use them.
 *
 * The test data is a deterministic stream: the little-endian 64-bit words
 * of an xorshift generator seeded by --seed, so a receiver, a sender and
 * the host can all compute the expected SHA-256 (FIPS 180-4, implemented
 * below) without storing the data anywhere.
 *
 * The TCP modes speak a small protocol unless --raw is given (for talking
 * to busybox nc): the receiver greets every accepted connection with the
 * line "NETTOOL1", the sender waits for that line before it sends (QEMU's
 * user networking accepts a forwarded connection on the host before the
 * guest has a listener, and closes it again if it has none: the sender
 * then retries), half-closes when done, and the receiver answers
 * "DONE <bytes> <sha256>" before it closes.  So both ends know the data
 * arrived whole, and both time the same span.
 *
 * Single-threaded, no locking.  Exit status: 0 success, 1 failure (a
 * mismatch, a socket error), 2 usage error, 3 --timeout expired.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "netutil.h"

#define CHUNK		(128 * 1024)	/* bytes per read()/write() */
#define GREETING	"NETTOOL1\n"
#define GREETING_LEN	9
#define QUIT_WORD	"NETTOOL-QUIT"
#define RETRY_PAUSE_MS	200

/* ------------------------------------------------------------ options */

enum mode { M_NONE, M_GEN, M_TCP_RECV, M_TCP_SEND, M_UDP_SERVER, M_UDP_RR,
	    M_UDP_WAIT, M_SELFTEST };

enum data_kind { DATA_STREAM, DATA_REPEAT, DATA_ZERO };

static struct {
	enum mode mode;
	const char *mode_name;
	uint64_t seed;
	uint64_t bytes;		/* 0: not given */
	double seconds;		/* 0: not given */
	double retry;		/* seconds to keep retrying a connect */
	unsigned int timeout;	/* whole run; 0: none */
	int raw;
	int hash;
	int check;		/* compare received data with the stream */
	int quit;		/* udp-rr: stop the server at the end */
	int nodelay;
	enum data_kind data;
	unsigned long count;
	unsigned long size;
	const char *listen;
	const char *connect;
	const char *in_file;
	const char *out_file;
	const char *match;
} opt = {
	.seed = 1,
	.hash = 1,
	.count = 1,
	.size = 64,
};

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void die(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "nettool: %s: ", opt.mode_name ? opt.mode_name : "error");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static void usage(int status)
{
	fputs(
"Usage: nettool MODE [options]\n"
"Modes (each prints one line \"nettool MODE key=value ...\" on stdout):\n"
"  gen         write --bytes of the test stream to stdout (--seed); with\n"
"              --sha256-only print its length and SHA-256 instead\n"
"  tcp-recv    --listen [ADDR:]PORT: accept --count connections (default 1)\n"
"              one after the other, read each to EOF; prints bytes, secs,\n"
"              MBps, sha256 (and verified=yes|no with --check)\n"
"  tcp-send    --connect ADDR:PORT: send --bytes N (or for --seconds S) of\n"
"              the test stream (or of --in FILE with --raw), half-close,\n"
"              wait for the receiver's verdict; prints the same keys\n"
"  udp-server  --listen [ADDR:]PORT: send every datagram back to its\n"
"              sender until a datagram " QUIT_WORD " or --timeout\n"
"  udp-rr      --connect ADDR:PORT: request/response for --seconds S (or\n"
"              --count N transactions) with --size B datagrams (default\n"
"              64); a reply missing after 200 ms counts as lost and the\n"
"              request is sent again; prints transactions, tps, usec, lost\n"
"  udp-wait    --listen [ADDR:]PORT: wait for a datagram beginning with\n"
"              --match STRING, print it, exit 0\n"
"  selftest    check the SHA-256 and generator known answers\n"
"Options:\n"
"  --seed N          test stream seed (default 1)\n"
"  --bytes N         byte count, suffixes K M G (powers of 1024)\n"
"  --seconds S       duration instead of a byte count\n"
"  --retry S         tcp-send: keep retrying the connection for S seconds\n"
"                    (refused, unreachable, closed before the greeting)\n"
"  --timeout S       give up (exit 3) after S seconds in all\n"
"  --raw             tcp-*: plain bytes, no greeting or verdict (for nc)\n"
"  --in FILE         tcp-send --raw: send FILE instead of the stream\n"
"  --out FILE        tcp-recv: also write the data to FILE\n"
"  --no-hash         skip SHA-256 (benchmarks: keeps the CPU for the network)\n"
"  --check           tcp-recv: compare the data with the stream of --seed\n"
"                    byte by byte; reports the first bad offset\n"
"  --data KIND       tcp-send: stream (default), repeat (the stream's first\n"
"                    128 KiB over and over: cheap, for benchmarks) or zero\n"
"  --nodelay         set TCP_NODELAY\n"
"  --quit            udp-rr: tell the server to stop at the end\n"
"  --count N, --size B, --match STRING: see the modes\n"
"Exit status: 0 success, 1 failure, 2 usage error, 3 timeout.\n",
	      status ? stderr : stdout);
	exit(status);
}

static void usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void usage_error(const char *fmt, ...)
{
	va_list ap;

	fputs("nettool: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs(" (try --help)\n", stderr);
	exit(2);
}

static uint64_t parse_count(const char *name, const char *s)
{
	char *end;
	unsigned long long v;
	uint64_t mult = 1;

	errno = 0;
	v = strtoull(s, &end, 0);
	if (errno || end == s || *s == '-')
		usage_error("bad number '%s' for %s", s, name);
	switch (*end) {
	case 'k': case 'K': mult = 1ULL << 10; end++; break;
	case 'm': case 'M': mult = 1ULL << 20; end++; break;
	case 'g': case 'G': mult = 1ULL << 30; end++; break;
	}
	if (*end == 'i' || *end == 'B')
		end++;
	if (*end)
		usage_error("bad number '%s' for %s", s, name);
	return (uint64_t)v * mult;
}

static double parse_seconds(const char *name, const char *s)
{
	char *end;
	double v = strtod(s, &end);

	if (end == s || *end || !(v >= 0))
		usage_error("bad duration '%s' for %s", s, name);
	return v;
}

/* "[ADDR:]PORT" into a sockaddr_in; ADDR defaults to any (or loopback). */
static void parse_endpoint(const char *s, int need_addr, struct sockaddr_in *sa)
{
	const char *colon = strrchr(s, ':');
	char host[64];
	char *end;
	unsigned long port;

	memset(sa, 0, sizeof(*sa));
	sa->sin_family = AF_INET;
	sa->sin_addr.s_addr = htonl(INADDR_ANY);
	if (colon) {
		size_t n = (size_t)(colon - s);

		if (n >= sizeof(host))
			usage_error("address too long in '%s'", s);
		memcpy(host, s, n);
		host[n] = 0;
		if (n && inet_pton(AF_INET, host, &sa->sin_addr) != 1)
			usage_error("bad IPv4 address '%s' (numbers only)", host);
		s = colon + 1;
	} else if (need_addr) {
		usage_error("'%s' needs ADDR:PORT", s);
	}
	port = strtoul(s, &end, 10);
	if (end == s || *end || port == 0 || port > 65535)
		usage_error("bad port '%s'", s);
	sa->sin_port = htons((uint16_t)port);
}

/* ------------------------------------------------------------ time */

static void pause_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

static void on_alarm(int sig)
{
	static const char msg[] = "nettool: timed out\n";

	(void)sig;
	if (write(2, msg, sizeof(msg) - 1) < 0)
		_exit(3);
	_exit(3);
}

/* ------------------------------------------------------------ SHA-256 */
/*
 * FIPS 180-4, section 6.2.  The round constants are the first 32 bits of
 * the fractional parts of the cube roots of the first 64 primes and the
 * initial hash value those of the square roots of the first 8 primes
 * (section 4.2.2 and 5.3.3); they are computed here at start-up and the
 * selftest mode checks the result against the standard's "abc" example.
 */
struct sha256 {
	uint32_t h[8];
	uint8_t block[64];
	unsigned int fill;	/* bytes in block */
	uint64_t length;	/* message bytes so far */
};

static uint32_t sha_k[64];
static uint32_t sha_h0[8];

static uint32_t frac32(double x)
{
	return (uint32_t)((x - floor(x)) * 4294967296.0);
}

static void sha_constants(void)
{
	unsigned int found = 0, n, d;

	for (n = 2; found < 64; n++) {
		for (d = 2; d * d <= n; d++)
			if (n % d == 0)
				break;
		if (d * d <= n)
			continue;
		if (found < 8)
			sha_h0[found] = frac32(sqrt((double)n));
		sha_k[found++] = frac32(cbrt((double)n));
	}
}

static uint32_t rotr(uint32_t x, unsigned int n)
{
	return (x >> n) | (x << (32 - n));
}

static void sha_block(struct sha256 *c, const uint8_t *p)
{
	uint32_t w[64], a, b, cc, d, e, f, g, h, t1, t2;
	unsigned int i;

	for (i = 0; i < 16; i++)
		w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
		       (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
	for (; i < 64; i++) {
		uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
		uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);

		w[i] = w[i - 16] + s0 + w[i - 7] + s1;
	}
	a = c->h[0]; b = c->h[1]; cc = c->h[2]; d = c->h[3];
	e = c->h[4]; f = c->h[5]; g = c->h[6]; h = c->h[7];
	for (i = 0; i < 64; i++) {
		t1 = h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) +
		     ((e & f) ^ (~e & g)) + sha_k[i] + w[i];
		t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) +
		     ((a & b) ^ (a & cc) ^ (b & cc));
		h = g; g = f; f = e; e = d + t1;
		d = cc; cc = b; b = a; a = t1 + t2;
	}
	c->h[0] += a; c->h[1] += b; c->h[2] += cc; c->h[3] += d;
	c->h[4] += e; c->h[5] += f; c->h[6] += g; c->h[7] += h;
}

static void sha_init(struct sha256 *c)
{
	memcpy(c->h, sha_h0, sizeof(c->h));
	c->fill = 0;
	c->length = 0;
}

static void sha_update(struct sha256 *c, const void *data, size_t len)
{
	const uint8_t *p = data;

	c->length += len;
	if (c->fill) {
		size_t take = 64 - c->fill < len ? 64 - c->fill : len;

		memcpy(c->block + c->fill, p, take);
		c->fill += (unsigned int)take;
		p += take;
		len -= take;
		if (c->fill < 64)
			return;
		sha_block(c, c->block);
		c->fill = 0;
	}
	for (; len >= 64; p += 64, len -= 64)
		sha_block(c, p);
	memcpy(c->block, p, len);
	c->fill = (unsigned int)len;
}

/* Pads (a 1 bit, zeros, the 64-bit bit length) and writes 64 hex digits. */
static void sha_final(struct sha256 *c, char hex[65])
{
	uint64_t bits = c->length * 8;
	uint8_t tail[72];
	size_t padlen = (c->fill < 56 ? 56 : 120) - c->fill;
	unsigned int i;

	memset(tail, 0, sizeof(tail));
	tail[0] = 0x80;
	for (i = 0; i < 8; i++)
		tail[padlen + i] = (uint8_t)(bits >> (56 - 8 * i));
	sha_update(c, tail, padlen + 8);
	for (i = 0; i < 8; i++)
		snprintf(hex + 8 * i, 9, "%08x", c->h[i]);
}

/* ------------------------------------------------------------ test stream */
/*
 * xorshift64* (Marsaglia's shift register with a multiplier on the
 * output); the stream is its outputs as little-endian words, so any
 * prefix of it is fixed by the seed.  pos counts bytes already taken from
 * the current word, so reads of any size line up.
 */
struct stream {
	uint64_t x;
	uint8_t word[8];
	unsigned int pos;
};

static void stream_init(struct stream *s, uint64_t seed)
{
	s->x = seed ^ 0x5bd1e9955bd1e995ULL;
	if (!s->x)
		s->x = 1;
	s->pos = 8;
}

static uint64_t stream_next(struct stream *s)
{
	s->x ^= s->x >> 12;
	s->x ^= s->x << 25;
	s->x ^= s->x >> 27;
	return s->x * 0x2545f4914f6cdd1dULL;
}

static void put_le64(uint8_t *p, uint64_t v)
{
	unsigned int i;

	for (i = 0; i < 8; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static void stream_fill(struct stream *s, uint8_t *p, size_t len)
{
	while (len && s->pos < 8) {
		*p++ = s->word[s->pos++];
		len--;
	}
	for (; len >= 8; p += 8, len -= 8)
		put_le64(p, stream_next(s));
	if (len) {
		put_le64(s->word, stream_next(s));
		memcpy(p, s->word, len);
		s->pos = (unsigned int)len;
	}
}

/* ------------------------------------------------------------ I/O helpers */

/* Reads up to len bytes or EOF; waits at most ms (-1: forever). */
static ssize_t read_line(int fd, char *buf, size_t len, int ms)
{
	size_t got = 0;

	while (got + 1 < len) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		ssize_t n;
		int r = poll(&p, 1, ms);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		n = read(fd, buf + got, 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got++;
		if (buf[got - 1] == '\n')
			break;
	}
	buf[got] = 0;
	return (ssize_t)got;
}

static int listen_on(const char *spec, int type)
{
	struct sockaddr_in sa;
	int one = 1, fd;

	parse_endpoint(spec, 0, &sa);
	fd = socket(AF_INET, type, 0);
	if (fd < 0)
		die("socket: %s", strerror(errno));
	if (setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) < 0)
		fprintf(stderr, "nettool: SO_REUSEADDR: %s (going on)\n", strerror(errno));
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0)
		die("bind %s: %s", spec, strerror(errno));
	if (type == SOCK_STREAM && listen(fd, 8) < 0)
		die("listen: %s", strerror(errno));
	return fd;
}

static void set_nodelay(int fd)
{
	int one = 1;

	if (opt.nodelay && setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one)) < 0)
		die("TCP_NODELAY: %s", strerror(errno));
}

static double mbps(uint64_t bytes, double secs)
{
	return secs > 0 ? (double)bytes / 1e6 / secs : 0;
}

/* ------------------------------------------------------------ gen */

static int do_gen(void)
{
	static uint8_t buf[CHUNK];
	struct stream s;
	struct sha256 c;
	uint64_t left = opt.bytes;
	char hex[65];

	stream_init(&s, opt.seed);
	sha_init(&c);
	while (left) {
		size_t n = left < CHUNK ? (size_t)left : CHUNK;

		stream_fill(&s, buf, n);
		if (opt.hash)
			sha_update(&c, buf, n);
		else if (write_all(1, buf, n) < 0)
			die("write: %s", strerror(errno));
		left -= n;
	}
	if (opt.hash) {
		sha_final(&c, hex);
		printf("nettool gen bytes=%llu seed=%llu sha256=%s\n",
		       (unsigned long long)opt.bytes, (unsigned long long)opt.seed, hex);
	}
	return 0;
}

/* ------------------------------------------------------------ tcp-recv */

static int recv_one(int fd, int out)
{
	static uint8_t buf[CHUNK], want[CHUNK];
	struct stream s;
	struct sha256 c;
	uint64_t total = 0, bad_at = 0;
	int bad = 0;
	char hex[65] = "-";
	double t0, t1;

	stream_init(&s, opt.seed);
	sha_init(&c);
	if (!opt.raw && write_all(fd, GREETING, GREETING_LEN) < 0) {
		fprintf(stderr, "nettool: tcp-recv: greeting: %s\n", strerror(errno));
		return 1;
	}
	t0 = now();
	for (;;) {
		ssize_t n = read(fd, buf, sizeof(buf));

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			fprintf(stderr, "nettool: tcp-recv: read after %llu bytes: %s\n",
				(unsigned long long)total, strerror(errno));
			return 1;
		}
		if (n == 0)
			break;
		if (opt.hash)
			sha_update(&c, buf, (size_t)n);
		if (opt.check) {
			stream_fill(&s, want, (size_t)n);
			if (!bad && memcmp(buf, want, (size_t)n)) {
				ssize_t i = 0;

				while (buf[i] == want[i])
					i++;
				bad = 1;
				bad_at = total + (uint64_t)i;
			}
		}
		if (out >= 0 && write_all(out, buf, (size_t)n) < 0)
			die("writing %s: %s", opt.out_file, strerror(errno));
		total += (uint64_t)n;
	}
	t1 = now();
	if (opt.hash)
		sha_final(&c, hex);
	if (!opt.raw) {
		char line[128];

		snprintf(line, sizeof(line), "DONE %llu %s\n", (unsigned long long)total, hex);
		if (write_all(fd, line, strlen(line)) < 0)
			fprintf(stderr, "nettool: tcp-recv: verdict: %s\n", strerror(errno));
	}
	printf("nettool tcp-recv bytes=%llu secs=%.3f MBps=%.2f sha256=%s",
	       (unsigned long long)total, t1 - t0, mbps(total, t1 - t0), hex);
	if (opt.check) {
		if (bad)
			printf(" verified=no bad_at=%llu", (unsigned long long)bad_at);
		else
			printf(" verified=yes");
	}
	if (opt.bytes && total != opt.bytes)
		printf(" expected=%llu", (unsigned long long)opt.bytes);
	putchar('\n');
	fflush(stdout);
	return bad || (opt.bytes && total != opt.bytes);
}

static int do_tcp_recv(void)
{
	int lfd, out = -1, status = 0;
	unsigned long i;

	if (!opt.listen)
		usage_error("tcp-recv needs --listen [ADDR:]PORT");
	lfd = listen_on(opt.listen, SOCK_STREAM);
	if (opt.out_file) {
		out = open(opt.out_file, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (out < 0)
			die("%s: %s", opt.out_file, strerror(errno));
	}
	for (i = 0; i < opt.count; i++) {
		int fd = accept(lfd, NULL, NULL);

		if (fd < 0) {
			if (errno == EINTR) {
				i--;
				continue;
			}
			die("accept: %s", strerror(errno));
		}
		set_nodelay(fd);
		status |= recv_one(fd, out);
		close(fd);
	}
	if (out >= 0 && close(out) < 0)
		die("%s: %s", opt.out_file, strerror(errno));
	return status;
}

/* ------------------------------------------------------------ tcp-send */

static int retryable(int err)
{
	return err == ECONNREFUSED || err == ETIMEDOUT || err == EHOSTUNREACH ||
	       err == ENETUNREACH || err == ECONNRESET || err == ECONNABORTED ||
	       err == EPIPE || err == EAGAIN;
}

/* Connects and (unless --raw) waits for the greeting; retries until the
 * --retry deadline.  Returns the socket. */
static int open_sender(void)
{
	struct sockaddr_in sa;
	double deadline = now() + opt.retry;
	int attempts = 0;

	parse_endpoint(opt.connect, 1, &sa);
	for (;;) {
		char hello[32];
		int fd = socket(AF_INET, SOCK_STREAM, 0), err;
		ssize_t n;

		if (fd < 0)
			die("socket: %s", strerror(errno));
		attempts++;
		if (connect(fd, (struct sockaddr *)&sa, sizeof(sa)) == 0) {
			if (opt.raw)
				return fd;
			n = read_line(fd, hello, sizeof(hello), 10000);
			if (n == GREETING_LEN && !memcmp(hello, GREETING, GREETING_LEN))
				return fd;
			if (n > 0)
				die("%s is not a nettool receiver (it said '%.20s')",
				    opt.connect, hello);
			err = n < 0 && errno ? errno : ECONNRESET;
		} else {
			err = errno;
		}
		close(fd);
		if (!retryable(err) || now() >= deadline)
			die("connect %s: %s (%d attempts)", opt.connect, strerror(err), attempts);
		pause_ms(RETRY_PAUSE_MS);
	}
}

static int do_tcp_send(void)
{
	static uint8_t buf[CHUNK];
	struct stream s;
	struct sha256 c;
	uint64_t sent = 0, peer_bytes = 0;
	char hex[65] = "-", peer_hex[80] = "-", line[160];
	double t0, t1, stop;
	int fd, in = -1, status = 0;

	if (!opt.connect)
		usage_error("tcp-send needs --connect ADDR:PORT");
	if (opt.in_file && !opt.raw)
		usage_error("--in needs --raw");
	if (!opt.in_file && !opt.bytes && !opt.seconds)
		usage_error("tcp-send needs --bytes or --seconds");
	if (opt.in_file) {
		in = open(opt.in_file, O_RDONLY);
		if (in < 0)
			die("%s: %s", opt.in_file, strerror(errno));
	}
	stream_init(&s, opt.seed);
	sha_init(&c);
	if (opt.data == DATA_REPEAT)
		stream_fill(&s, buf, sizeof(buf));	/* once, sent over and over */

	fd = open_sender();
	set_nodelay(fd);
	t0 = now();
	stop = opt.seconds ? t0 + opt.seconds : 0;
	for (;;) {
		size_t n = CHUNK;

		if (in >= 0) {
			ssize_t r = read(in, buf, sizeof(buf));

			if (r < 0)
				die("%s: %s", opt.in_file, strerror(errno));
			if (r == 0)
				break;
			n = (size_t)r;
		} else {
			if (opt.bytes) {
				if (sent >= opt.bytes)
					break;
				if (opt.bytes - sent < n)
					n = (size_t)(opt.bytes - sent);
			} else if (now() >= stop) {
				break;
			}
			if (opt.data == DATA_STREAM)
				stream_fill(&s, buf, n);
			else if (opt.data == DATA_ZERO && sent == 0)
				memset(buf, 0, sizeof(buf));
		}
		if (opt.hash)
			sha_update(&c, buf, n);
		if (write_all(fd, buf, n) < 0)
			die("write after %llu bytes: %s", (unsigned long long)sent,
			    strerror(errno));
		sent += n;
	}
	if (shutdown(fd, SHUT_WR) < 0)
		die("shutdown: %s", strerror(errno));
	if (opt.hash)
		sha_final(&c, hex);
	if (!opt.raw) {
		/* the receiver's verdict, then EOF */
		if (read_line(fd, line, sizeof(line), -1) <= 0)
			die("no verdict from the receiver after %llu bytes",
			    (unsigned long long)sent);
		if (sscanf(line, "DONE %llu %79s", (unsigned long long *)&peer_bytes,
			   peer_hex) != 2)
			die("bad verdict '%s'", line);
	} else {
		while (read(fd, line, sizeof(line)) > 0)
			;
	}
	t1 = now();
	close(fd);
	printf("nettool tcp-send bytes=%llu secs=%.3f MBps=%.2f sha256=%s",
	       (unsigned long long)sent, t1 - t0, mbps(sent, t1 - t0), hex);
	if (!opt.raw) {
		printf(" peer_bytes=%llu peer_sha256=%s", (unsigned long long)peer_bytes,
		       peer_hex);
		if (peer_bytes != sent)
			status = 1;
		if (opt.hash && strcmp(peer_hex, "-") && strcmp(peer_hex, hex))
			status = 1;
		printf(" match=%s", status ? "no" : "yes");
	}
	putchar('\n');
	return status;
}

/* ------------------------------------------------------------ UDP */

static int do_udp_server(void)
{
	static uint8_t buf[65536];
	unsigned long served = 0;
	int fd;

	if (!opt.listen)
		usage_error("udp-server needs --listen [ADDR:]PORT");
	fd = listen_on(opt.listen, SOCK_DGRAM);
	for (;;) {
		struct sockaddr_in from;
		socklen_t flen = sizeof(from);
		ssize_t n = recvfrom(fd, buf, sizeof(buf), 0, (struct sockaddr *)&from, &flen);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			die("recvfrom: %s", strerror(errno));
		}
		if ((size_t)n >= strlen(QUIT_WORD) && !memcmp(buf, QUIT_WORD, strlen(QUIT_WORD)))
			break;
		if (sendto(fd, buf, (size_t)n, 0, (struct sockaddr *)&from, flen) < 0)
			fprintf(stderr, "nettool: udp-server: sendto: %s\n", strerror(errno));
		served++;
	}
	printf("nettool udp-server served=%lu\n", served);
	return 0;
}

static int do_udp_rr(void)
{
	static uint8_t req[65536], rep[65536];
	struct sockaddr_in sa;
	unsigned long done = 0, lost = 0, limit;
	uint64_t seq = 0;
	double t0, t1, stop;
	int fd, i;

	if (!opt.connect)
		usage_error("udp-rr needs --connect ADDR:PORT");
	if (opt.size < 8 || opt.size > 65000)
		usage_error("--size must be 8..65000");
	limit = opt.seconds ? 0 : opt.count;
	parse_endpoint(opt.connect, 1, &sa);
	fd = socket(AF_INET, SOCK_DGRAM, 0);
	if (fd < 0)
		die("socket: %s", strerror(errno));
	if (connect(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0)
		die("connect %s: %s", opt.connect, strerror(errno));
	memset(req, 'r', opt.size);
	t0 = now();
	stop = t0 + opt.seconds;
	while (limit ? done < limit : now() < stop) {
		struct pollfd p = { .fd = fd, .events = POLLIN };

		seq++;
		memcpy(req, &seq, 8);
		if (send(fd, req, opt.size, 0) < 0) {
			if (errno == ECONNREFUSED) {	/* an ICMP error of an earlier try */
				lost++;
				pause_ms(RETRY_PAUSE_MS);
				continue;
			}
			die("send: %s", strerror(errno));
		}
		for (;;) {
			ssize_t n;
			int r = poll(&p, 1, RETRY_PAUSE_MS);

			if (r < 0 && errno == EINTR)
				continue;
			if (r <= 0) {
				lost++;
				break;
			}
			n = recv(fd, rep, sizeof(rep), 0);
			if (n < 0 && (errno == EINTR || errno == ECONNREFUSED))
				continue;
			if (n < 0)
				die("recv: %s", strerror(errno));
			if (n >= 8 && !memcmp(rep, &seq, 8)) {
				done++;
				break;
			}
			/* a late reply to an earlier request: wait on */
		}
	}
	t1 = now();
	if (opt.quit)
		for (i = 0; i < 3; i++)
			if (send(fd, QUIT_WORD, strlen(QUIT_WORD), 0) < 0)
				break;
	printf("nettool udp-rr transactions=%lu secs=%.3f tps=%.1f usec=%.1f lost=%lu size=%lu\n",
	       done, t1 - t0, done / (t1 - t0), done ? (t1 - t0) * 1e6 / done : 0.0,
	       lost, opt.size);
	return done ? 0 : 1;
}

static int do_udp_wait(void)
{
	char buf[2048];
	int fd;

	if (!opt.listen || !opt.match)
		usage_error("udp-wait needs --listen [ADDR:]PORT and --match STRING");
	fd = listen_on(opt.listen, SOCK_DGRAM);
	for (;;) {
		ssize_t n = recv(fd, buf, sizeof(buf) - 1, 0);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			die("recv: %s", strerror(errno));
		}
		buf[n] = 0;
		if (!strncmp(buf, opt.match, strlen(opt.match))) {
			buf[strcspn(buf, "\r\n")] = 0;
			printf("nettool udp-wait got=%s\n", buf);
			return 0;
		}
	}
}

/* ------------------------------------------------------------ selftest */

static int do_selftest(void)
{
	struct sha256 c;
	struct stream a, b;
	uint8_t x[100], y[100];
	char hex[65];
	int bad = 0;
	unsigned int i;

	/* FIPS 180-4 examples (NIST "SHA256.pdf"): "abc" and the 448-bit one */
	sha_init(&c);
	sha_update(&c, "abc", 3);
	sha_final(&c, hex);
	if (strcmp(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"))
		bad |= 1;
	sha_init(&c);
	for (i = 0; i < 56; i++)	/* and in odd pieces */
		sha_update(&c, &"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"[i], 1);
	sha_final(&c, hex);
	if (strcmp(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"))
		bad |= 2;
	/* the stream does not depend on how it is read */
	stream_init(&a, 7);
	stream_init(&b, 7);
	stream_fill(&a, x, sizeof(x));
	for (i = 0; i < sizeof(y); i += 3)
		stream_fill(&b, y + i, sizeof(y) - i < 3 ? sizeof(y) - i : 3);
	if (memcmp(x, y, sizeof(x)))
		bad |= 4;
	printf("nettool selftest %s\n", bad ? "failed" : "ok");
	if (bad)
		fprintf(stderr, "nettool: selftest failures: mask %d\n", bad);
	return bad ? 1 : 0;
}

/* ------------------------------------------------------------ main */

static const struct {
	const char *name;
	enum mode mode;
} modes[] = {
	{ "gen", M_GEN }, { "tcp-recv", M_TCP_RECV }, { "tcp-send", M_TCP_SEND },
	{ "udp-server", M_UDP_SERVER }, { "udp-rr", M_UDP_RR },
	{ "udp-wait", M_UDP_WAIT }, { "selftest", M_SELFTEST },
};

int main(int argc, char **argv)
{
	unsigned int i;
	int a;

	if (argc < 2)
		usage(2);
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))
		usage(0);
	for (i = 0; i < sizeof(modes) / sizeof(modes[0]); i++)
		if (!strcmp(argv[1], modes[i].name)) {
			opt.mode = modes[i].mode;
			opt.mode_name = modes[i].name;
		}
	if (opt.mode == M_NONE)
		usage_error("unknown mode '%s'", argv[1]);

	for (a = 2; a < argc; a++) {
		const char *o = argv[a];
		const char *v = a + 1 < argc ? argv[a + 1] : NULL;
		int takes = 1;

#define IS(name) (!strcmp(o, name))
		if (IS("-h") || IS("--help"))
			usage(0);
		else if (IS("--raw")) { opt.raw = 1; takes = 0; }
		else if (IS("--no-hash")) { opt.hash = 0; takes = 0; }
		else if (IS("--sha256-only")) { opt.hash = 1; takes = 0; }
		else if (IS("--check")) { opt.check = 1; takes = 0; }
		else if (IS("--quit")) { opt.quit = 1; takes = 0; }
		else if (IS("--nodelay")) { opt.nodelay = 1; takes = 0; }
		else if (!v)
			usage_error("option '%s' unknown or without its argument", o);
		else if (IS("--seed")) opt.seed = parse_count(o, v);
		else if (IS("--bytes")) opt.bytes = parse_count(o, v);
		else if (IS("--seconds")) opt.seconds = parse_seconds(o, v);
		else if (IS("--retry")) opt.retry = parse_seconds(o, v);
		else if (IS("--timeout")) opt.timeout = (unsigned int)parse_count(o, v);
		else if (IS("--count")) opt.count = (unsigned long)parse_count(o, v);
		else if (IS("--size")) opt.size = (unsigned long)parse_count(o, v);
		else if (IS("--listen")) opt.listen = v;
		else if (IS("--connect")) opt.connect = v;
		else if (IS("--in")) opt.in_file = v;
		else if (IS("--out")) opt.out_file = v;
		else if (IS("--match")) opt.match = v;
		else if (IS("--data")) {
			if (!strcmp(v, "stream"))
				opt.data = DATA_STREAM;
			else if (!strcmp(v, "repeat"))
				opt.data = DATA_REPEAT;
			else if (!strcmp(v, "zero"))
				opt.data = DATA_ZERO;
			else
				usage_error("--data is stream, repeat or zero");
		} else
			usage_error("unknown option '%s'", o);
#undef IS
		a += takes;
	}

	sha_constants();
	signal(SIGPIPE, SIG_IGN);
	if (opt.timeout) {
		signal(SIGALRM, on_alarm);
		alarm(opt.timeout);
	}
	/* gen writes the data unless asked for the hash alone */
	if (opt.mode == M_GEN) {
		int hash_only = 0;

		for (a = 2; a < argc; a++)
			if (!strcmp(argv[a], "--sha256-only"))
				hash_only = 1;
		opt.hash = hash_only;
		if (!opt.bytes)
			usage_error("gen needs --bytes");
	}
	if (opt.check && opt.data != DATA_STREAM)
		usage_error("--check needs the stream");

	switch (opt.mode) {
	case M_GEN: return do_gen();
	case M_TCP_RECV: return do_tcp_recv();
	case M_TCP_SEND: return do_tcp_send();
	case M_UDP_SERVER: return do_udp_server();
	case M_UDP_RR: return do_udp_rr();
	case M_UDP_WAIT: return do_udp_wait();
	case M_SELFTEST: return do_selftest();
	case M_NONE: break;
	}
	return 2;
}
