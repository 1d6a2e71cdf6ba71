// SPDX-License-Identifier: GPL-2.0-only
/*
 * frame-inject - a host program that plays the far end of a guest's
 * Ethernet link (vmrun --net socket / udp, i.e. QEMU's -netdev socket) and
 * either throws bad frames at the guest or relays frames between two
 * guests while dropping, duplicating, reordering or corrupting some.
 *
 * The wire: over a TCP connection QEMU sends each Ethernet frame (no FCS,
 * no virtio header) after its length as a 4-byte big-endian number; over
 * UDP each datagram is one frame.  QEMU 7.2 drops the connection on a
 * frame longer than 69632 bytes, so nothing longer is ever sent.
 *
 * Fuzz mode (the default):
 *   1. wait until the guest answers an ARP request for --guest-ip (it is
 *      booted and has its address);
 *   2. send --frames frames, each of a class picked by a seeded generator
 *      (see the classes[] table: runts, oversized frames, broken ARP, bad
 *      IPv4 headers and options, fragments with overlapping and huge
 *      offsets, TCP with bad data offsets, every flag combination and
 *      broken options, UDP length mismatches, ICMP with garbage, unknown
 *      protocols, VLAN tags, random bytes); checksums are right unless the
 *      class breaks them on purpose, so most frames get past the first
 *      checks.  While sending it answers the guest's ARP requests and
 *      completes TCP handshakes the guest answers (a SYN-ACK), so later
 *      TCP frames can fall into a real connection's window;
 *   3. ping the guest (ARP + ICMP echo) and report whether it answered;
 *   4. send the datagram "--done-word" to UDP --done-port, so a guest
 *      waiting for it (nettool udp-wait) goes on.
 * The same --seed gives the same frames (the guest's answers change only
 * the sequence numbers of the frames aimed at the live TCP connection);
 * --pcap FILE keeps them for a closer look.
 *
 * Relay mode (--relay PORT_A,PORT_B): accept one QEMU connection on each
 * port (vmrun --net socket,connect=127.0.0.1:PORT), then pass frames
 * between them, dropping --drop, duplicating --dup, holding back for one
 * frame (reordering) --reorder and corrupting one byte after the Ethernet
 * header in --corrupt percent of them; ends when either side closes.
 *
 * Single-threaded; prints its progress and a summary on stdout.  Exit
 * status: 0 done (fuzz: and the guest answered the final ping), 1 failure,
 * 2 usage error.
 */
#include <errno.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "netutil.h"

#define WIRE_MAX	65549	/* biggest frame sent: 14 + 65535 */
#define UDP_WIRE_MAX	65507	/* biggest UDP payload over IPv4 */
#define ETH_HLEN	14
#define ET_IPV4		0x0800
#define ET_ARP		0x0806
#define ET_VLAN		0x8100
#define ET_IPV6		0x86dd

/* ------------------------------------------------------------ small helpers */

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void die(const char *fmt, ...)
{
	va_list ap;

	fputs("frame-inject: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static void put16(uint8_t *p, unsigned int v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static void put32(uint8_t *p, uint32_t v)
{
	put16(p, v >> 16);
	put16(p + 2, v & 0xffff);
}

static unsigned int get16(const uint8_t *p)
{
	return (unsigned int)p[0] << 8 | p[1];
}

static uint32_t get32(const uint8_t *p)
{
	return (uint32_t)get16(p) << 16 | get16(p + 2);
}

/* RFC 1071: the ones' complement of the ones' complement sum of 16-bit
 * words; sum carries a partial sum (a pseudo header) in. */
static uint32_t sum_words(const uint8_t *p, size_t n, uint32_t sum)
{
	for (; n >= 2; p += 2, n -= 2)
		sum += get16(p);
	if (n)
		sum += (uint32_t)p[0] << 8;
	return sum;
}

static unsigned int fold(uint32_t sum)
{
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return ~sum & 0xffff;
}

/* ------------------------------------------------------------ randomness */
/* A 64-bit linear congruential generator (Knuth's MMIX multiplier) whose
 * output mixes the high bits down; plenty for picking frames. */
static uint64_t rng_state;
static uint64_t sess_rng;	/* the TCP session's numbers: what the guest
				 * does must not shift the frames' stream */

static uint32_t step_rng(uint64_t *st)
{
	*st = *st * 6364136223846793005ULL + 1442695040888963407ULL;
	return (uint32_t)((*st ^ (*st >> 29)) >> 32);
}

static uint32_t rnd(void)
{
	return step_rng(&rng_state);
}

static uint32_t below(uint32_t n)
{
	return n ? rnd() % n : 0;
}

static int chance(unsigned int percent)
{
	return below(100) < percent;
}

static void fill_random(uint8_t *p, size_t n)
{
	while (n--)
		*p++ = (uint8_t)rnd();
}

/* ------------------------------------------------------------ options */

static struct {
	const char *connect, *listen, *udp, *relay;
	unsigned long frames;
	uint64_t seed;
	uint8_t guest_mac[6], my_mac[6];
	uint32_t guest_ip, my_ip;
	unsigned int open_tcp, open_udp, done_port;
	const char *done_word;
	double wait;
	long pace;		/* microseconds between fuzz frames; -1: default */
	unsigned int drop, dup, reorder, corrupt;
	int verbose;
} opt = {
	.frames = 10000,
	.seed = 1,
	.guest_mac = { 0x52, 0x54, 0x00, 0x12, 0x34, 0x56 },
	.my_mac = { 0x02, 0x00, 0x00, 0x00, 0x04, 0x01 },
	.open_tcp = 5001,
	.open_udp = 5002,
	.done_port = 7777,
	.done_word = "FUZZ-DONE",
	.wait = 300,
	.pace = -1,
};

static void usage(int status)
{
	fputs(
"Usage: frame-inject TRANSPORT [options]     (fuzz a guest)\n"
"       frame-inject --relay PORT_A,PORT_B [fault options]\n"
"Transport (the guest's vmrun --net ...):\n"
"  --connect [ADDR:]PORT   connect to --net socket,listen=PORT\n"
"  --listen [ADDR:]PORT    accept --net socket,connect=PORT (start us first)\n"
"  --udp LPORT,RPORT       --net udp,local=RPORT,remote=LPORT (127.0.0.1)\n"
"Fuzzing:\n"
"  --frames N              frames to send (default 10000)\n"
"  --seed N                generator seed (default 1)\n"
"  --guest-mac MAC         (default 52:54:00:12:34:56)\n"
"  --guest-ip IP           (default 10.0.4.2)\n"
"  --my-mac MAC, --my-ip IP  our side (02:00:00:00:04:01, 10.0.4.1)\n"
"  --open-tcp PORT, --open-udp PORT\n"
"                          ports the guest listens on (5001, 5002)\n"
"  --done-port PORT, --done-word WORD\n"
"                          the final UDP datagram (7777, FUZZ-DONE)\n"
"  --wait SEC              for the connection and the guest's first ARP\n"
"                          answer (default 300)\n"
"  --pace USEC             pause between frames (default 0 on a stream,\n"
"                          whose backpressure paces us; 500 over UDP, where\n"
"                          the host drops what QEMU has no room for)\n"
"Relay faults, percent of the frames (default 0):\n"
"  --drop P  --dup P  --reorder P  --corrupt P\n"
"  --pcap FILE             write every frame sent to FILE (libpcap format)\n"
"  -v, --verbose           progress notes\n",
	      status ? stderr : stdout);
	exit(status);
}

static void parse_mac(const char *s, uint8_t mac[6])
{
	unsigned int b[6], i;

	if (sscanf(s, "%2x:%2x:%2x:%2x:%2x:%2x", &b[0], &b[1], &b[2], &b[3], &b[4],
		   &b[5]) != 6)
		die("bad MAC address '%s'", s);
	for (i = 0; i < 6; i++)
		mac[i] = (uint8_t)b[i];
}

static uint32_t parse_ip(const char *s)
{
	struct in_addr a;

	if (inet_pton(AF_INET, s, &a) != 1)
		die("bad IPv4 address '%s'", s);
	return ntohl(a.s_addr);
}

static unsigned long parse_num(const char *s, unsigned long max)
{
	char *end;
	unsigned long v = strtoul(s, &end, 0);

	if (end == s || *end || v > max)
		die("bad number '%s'", s);
	return v;
}

static void parse_endpoint(const char *s, struct sockaddr_in *sa)
{
	const char *colon = strrchr(s, ':');
	char host[64] = "127.0.0.1";

	memset(sa, 0, sizeof(*sa));
	sa->sin_family = AF_INET;
	if (colon) {
		if ((size_t)(colon - s) >= sizeof(host))
			die("bad address '%s'", s);
		memcpy(host, s, (size_t)(colon - s));
		host[colon - s] = 0;
		s = colon + 1;
	}
	if (inet_pton(AF_INET, host, &sa->sin_addr) != 1)
		die("bad address '%s'", host);
	sa->sin_port = htons((uint16_t)parse_num(s, 65535));
}

/* ------------------------------------------------------------ the wire */

#define SEND_TIMEOUT	60	/* seconds a stream write may stall */

static volatile sig_atomic_t stop;	/* relay: end the run */

struct link {
	int fd;
	int soft;			/* relay: a closed link ends the run */
	int dgram;
	struct sockaddr_in peer;	/* dgram: where frames go */
	uint8_t rbuf[4 + WIRE_MAX];
	size_t rfill;
	unsigned long sent, received;
};

/* f points 4 bytes into a buffer: the length goes there (stream). */
/* --pcap: every frame sent, in the classic libpcap file format (magic
 * a1b2c3d4, version 2.4, link type 1 = Ethernet), for tcpdump/wireshark */
static FILE *pcap;

static void pcap_open(const char *path)
{
	uint32_t hdr[6] = { 0xa1b2c3d4, 2 | 4u << 16, 0, 0, WIRE_MAX, 1 };

	pcap = fopen(path, "wb");
	if (!pcap || fwrite(hdr, sizeof(hdr), 1, pcap) != 1)
		die("%s: %s", path, strerror(errno));
}

static void pcap_frame(const uint8_t *f, size_t len)
{
	struct timespec ts;
	uint32_t rec[4];

	clock_gettime(CLOCK_REALTIME, &ts);
	rec[0] = (uint32_t)ts.tv_sec;
	rec[1] = (uint32_t)(ts.tv_nsec / 1000);
	rec[2] = rec[3] = (uint32_t)len;
	if (fwrite(rec, sizeof(rec), 1, pcap) != 1 || fwrite(f, 1, len, pcap) != len)
		die("writing the pcap file: %s", strerror(errno));
}

static void link_send(struct link *l, uint8_t *f, size_t len)
{
	if (pcap)
		pcap_frame(f, len);
	if (l->dgram) {
		if (len > UDP_WIRE_MAX)
			len = UDP_WIRE_MAX;
		if (sendto(l->fd, f, len, 0, (struct sockaddr *)&l->peer,
			   sizeof(l->peer)) < 0 && errno != ENOBUFS && errno != ECONNREFUSED)
			die("sendto: %s", strerror(errno));
	} else {
		put32(f - 4, (uint32_t)len);
		if (write_all(l->fd, f - 4, len + 4) < 0) {
			if (l->soft) {
				stop = 1;
				return;
			}
			if (errno == EAGAIN || errno == EWOULDBLOCK)
				die("the guest took no frame for %d s (after %lu frames)",
				    SEND_TIMEOUT, l->sent);
			die("the guest's link closed (%s) after %lu frames",
			    strerror(errno), l->sent);
		}
	}
	l->sent++;
}

/* One frame from the link into f (WIRE_MAX bytes): 1, 0 after ms without
 * one (-1: wait forever), -1 when the link closed. */
static int link_recv(struct link *l, uint8_t *f, size_t *len, int ms)
{
	for (;;) {
		struct pollfd p = { .fd = l->fd, .events = POLLIN };
		ssize_t n;
		int r;

		if (!l->dgram && l->rfill >= 4) {
			uint32_t want = get32(l->rbuf);

			if (want > WIRE_MAX)
				die("the guest sent a %u-byte frame", want);
			if (l->rfill >= 4 + want) {
				memcpy(f, l->rbuf + 4, want);
				*len = want;
				l->rfill -= 4 + want;
				memmove(l->rbuf, l->rbuf + 4 + want, l->rfill);
				l->received++;
				return 1;
			}
		}
		r = poll(&p, 1, ms);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			die("poll: %s", strerror(errno));
		if (r == 0)
			return 0;
		if (l->dgram) {
			n = recv(l->fd, f, WIRE_MAX, 0);
			if (n < 0 && (errno == EINTR || errno == ECONNREFUSED))
				continue;
			if (n < 0)
				return -1;
			*len = (size_t)n;
			l->received++;
			return 1;
		}
		n = read(l->fd, l->rbuf + l->rfill, sizeof(l->rbuf) - l->rfill);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		l->rfill += (size_t)n;
		ms = 0;		/* what is buffered now is all we wait for */
	}
}

static int accept_one(const char *spec, double wait)
{
	struct sockaddr_in sa;
	struct pollfd p;
	int one = 1, lfd, fd;

	parse_endpoint(spec, &sa);
	lfd = socket(AF_INET, SOCK_STREAM, 0);
	if (lfd < 0)
		die("socket: %s", strerror(errno));
	setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(lfd, (struct sockaddr *)&sa, sizeof(sa)) < 0 || listen(lfd, 1) < 0)
		die("listen on %s: %s", spec, strerror(errno));
	printf("frame-inject: listening on %s\n", spec);
	fflush(stdout);
	p.fd = lfd;
	p.events = POLLIN;
	if (poll(&p, 1, (int)(wait * 1000)) <= 0)
		die("nobody connected to %s in %.0f s", spec, wait);
	fd = accept(lfd, NULL, NULL);
	if (fd < 0)
		die("accept: %s", strerror(errno));
	close(lfd);
	return fd;
}

static void link_open(struct link *l)
{
	struct sockaddr_in sa;
	double deadline = now() + opt.wait;

	memset(l, 0, sizeof(*l));
	if (opt.listen) {
		l->fd = accept_one(opt.listen, opt.wait);
	} else if (opt.connect) {
		parse_endpoint(opt.connect, &sa);
		for (;;) {
			l->fd = socket(AF_INET, SOCK_STREAM, 0);
			if (l->fd < 0)
				die("socket: %s", strerror(errno));
			if (connect(l->fd, (struct sockaddr *)&sa, sizeof(sa)) == 0)
				break;
			if (errno != ECONNREFUSED || now() > deadline)
				die("connect %s: %s", opt.connect, strerror(errno));
			close(l->fd);
			usleep(200000);
		}
	} else {
		char lport[16];
		const char *comma = strchr(opt.udp, ',');

		if (!comma || (size_t)(comma - opt.udp) >= sizeof(lport))
			die("--udp wants LPORT,RPORT");
		memcpy(lport, opt.udp, (size_t)(comma - opt.udp));
		lport[comma - opt.udp] = 0;
		l->dgram = 1;
		parse_endpoint(lport, &sa);
		parse_endpoint(comma + 1, &l->peer);
		l->fd = socket(AF_INET, SOCK_DGRAM, 0);
		if (l->fd < 0 || bind(l->fd, (struct sockaddr *)&sa, sizeof(sa)) < 0)
			die("UDP port %s: %s", lport, strerror(errno));
		return;
	}
	{
		struct timeval tv = { SEND_TIMEOUT, 0 };

		setsockopt(l->fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
	}
}

/* ------------------------------------------------------------ frame building */

static uint8_t txbuf[4 + WIRE_MAX + 64];
static uint8_t *const tx = txbuf + 4;	/* the frame being built */
static const uint8_t bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };

static size_t put_eth(uint8_t *f, const uint8_t *dst, unsigned int type)
{
	memcpy(f, dst, 6);
	memcpy(f + 6, opt.my_mac, 6);
	put16(f + 12, type);
	return ETH_HLEN;
}

/* Where a fuzz frame goes: mostly to the guest, sometimes to everyone or to
 * a stranger (the NIC or the stack must drop those). */
static const uint8_t *fuzz_dst(void)
{
	static uint8_t other[6];
	unsigned int r = below(100);

	if (r < 85)
		return opt.guest_mac;
	if (r < 95)
		return bcast;
	fill_random(other, 6);
	other[0] &= 0xfe;
	return other;
}

static size_t arp_frame(uint8_t *f, const uint8_t *dst, unsigned int op,
			const uint8_t *sha, uint32_t spa, const uint8_t *tha, uint32_t tpa)
{
	uint8_t *a = f + put_eth(f, dst, ET_ARP);

	put16(a, 1);		/* Ethernet */
	put16(a + 2, ET_IPV4);
	a[4] = 6;
	a[5] = 4;
	put16(a + 6, op);
	memcpy(a + 8, sha, 6);
	put32(a + 14, spa);
	memcpy(a + 18, tha, 6);
	put32(a + 24, tpa);
	return ETH_HLEN + 28;
}

/* IPv4 header of hlen bytes (20 + options) at p, total length tot. */
static void put_ipv4(uint8_t *p, size_t hlen, size_t tot, unsigned int id,
		     unsigned int frag, unsigned int proto, uint32_t src, uint32_t dst)
{
	p[0] = (uint8_t)(0x40 | (hlen / 4));
	p[1] = 0;
	put16(p + 2, (unsigned int)tot);
	put16(p + 4, id);
	put16(p + 6, frag);
	p[8] = 64;
	p[9] = (uint8_t)proto;
	put16(p + 10, 0);
	put32(p + 12, src);
	put32(p + 16, dst);
	if (hlen > 20) {		/* NOPs and an end-of-list */
		memset(p + 20, 1, hlen - 20);
		p[hlen - 1] = 0;
	}
}

static void ipv4_checksum(uint8_t *p)
{
	size_t hlen = (size_t)(p[0] & 15) * 4;

	put16(p + 10, 0);
	put16(p + 10, fold(sum_words(p, hlen, 0)));
}

/* TCP/UDP checksum over the pseudo header and len bytes of segment at l4;
 * off is where the checksum field sits in it. */
static void l4_checksum(uint8_t *l4, size_t len, unsigned int proto, size_t off,
			uint32_t src, uint32_t dst)
{
	uint8_t ph[12];
	unsigned int c;

	put32(ph, src);
	put32(ph + 4, dst);
	ph[8] = 0;
	ph[9] = (uint8_t)proto;
	put16(ph + 10, (unsigned int)len);
	put16(l4 + off, 0);
	c = fold(sum_words(l4, len, sum_words(ph, 12, 0)));
	if (proto == 17 && c == 0)
		c = 0xffff;
	put16(l4 + off, c);
}

/* Set while a frame of our own (ARP, ping, handshake, "done") is built:
 * its randomness comes from sess_rng, so that how often the guest makes
 * us answer does not shift the fuzz frames' stream. */
static int own_frame;

/* A well-formed IPv4 frame around l4len bytes already at f + 34; returns
 * the frame length.  Classes break it afterwards. */
static size_t ipv4_frame(uint8_t *f, const uint8_t *dst, unsigned int proto, size_t l4len)
{
	unsigned int id = (own_frame ? step_rng(&sess_rng) : rnd()) & 0xffff;

	put_eth(f, dst, ET_IPV4);
	put_ipv4(f + ETH_HLEN, 20, 20 + l4len, id, 0, proto, opt.my_ip, opt.guest_ip);
	ipv4_checksum(f + ETH_HLEN);
	return ETH_HLEN + 20 + l4len;
}

/* ------------------------------------------------------------ TCP session */
/* One connection the guest accepted: our SYN, its SYN-ACK, our ACK.  Later
 * TCP fuzz frames may use its port and numbers. */
static struct {
	int state;		/* 0 none, 1 SYN sent, 2 established */
	unsigned int port;	/* ours */
	uint32_t snd_nxt, rcv_nxt;
} sess;

static size_t tcp_segment(uint8_t *f, const uint8_t *dst, unsigned int sport,
			  unsigned int dport, uint32_t seq, uint32_t ack, unsigned int flags,
			  const uint8_t *opts, size_t olen, size_t plen)
{
	uint8_t *t = f + ETH_HLEN + 20;
	size_t hl = 20 + ((olen + 3) & ~(size_t)3);

	put16(t, sport);
	put16(t + 2, dport);
	put32(t + 4, seq);
	put32(t + 8, ack);
	t[12] = (uint8_t)((hl / 4) << 4);
	t[13] = (uint8_t)flags;
	put16(t + 14, 65535);
	put16(t + 16, 0);
	put16(t + 18, 0);
	memset(t + 20, 0, hl - 20);
	if (olen)
		memcpy(t + 20, opts, olen);
	fill_random(t + hl, plen);
	l4_checksum(t, hl + plen, 6, 16, opt.my_ip, opt.guest_ip);
	return ipv4_frame(f, dst, 6, hl + plen);
}

/* ------------------------------------------------------------ fuzz classes */
/*
 * Each builds one frame at f and returns its length.  Checksums are
 * computed; a class that wants them wrong breaks them itself, and about
 * one frame in ten of the IP classes gets a wrong IP checksum anyway.
 */
static unsigned int tcp_flag_cycle;	/* walks through all 256 flag bytes */

static size_t fz_runt(uint8_t *f)
{
	size_t n = 1 + below(59);

	fill_random(f, n);
	if (n >= 6 && chance(70))
		memcpy(f, opt.guest_mac, 6);
	if (n >= 14 && chance(60))
		put16(f + 12, chance(50) ? ET_IPV4 : ET_ARP);
	if (n >= 15 && chance(50))
		f[14] = 0x45;
	return n;
}

static size_t fz_oversize(uint8_t *f)
{
	size_t n;
	uint8_t *u = f + ETH_HLEN + 20;

	switch (below(3)) {
	case 0: n = 1515 + below(64); break;		/* just over the MTU */
	case 1: n = 1515 + below(9018 - 1515); break;	/* jumbo */
	default: n = 9018 + below(WIRE_MAX - 9018); break;
	}
	/* a UDP datagram to the open port, as big as the frame says */
	put16(u, 40000);
	put16(u + 2, opt.open_udp);
	fill_random(u + 8, n - ETH_HLEN - 28);
	put16(u + 4, (unsigned int)((n - ETH_HLEN - 20) & 0xffff));
	l4_checksum(u, n - ETH_HLEN - 20, 17, 6, opt.my_ip, opt.guest_ip);
	ipv4_frame(f, fuzz_dst(), 17, n - ETH_HLEN - 20);
	if (chance(50)) {	/* the length field tells a different story */
		put16(f + ETH_HLEN + 2, rnd() & 0xffff);
		ipv4_checksum(f + ETH_HLEN);
	}
	return n;
}

static size_t fz_arp(uint8_t *f)
{
	uint8_t sha[6], tha[6];
	uint32_t spa = opt.my_ip, tpa = opt.guest_ip;
	unsigned int op = chance(50) ? 1 : 2;
	size_t n;

	memcpy(sha, opt.my_mac, 6);
	memset(tha, 0, 6);
	switch (below(6)) {
	case 0: spa = rnd(); break;			/* a stranger asks */
	case 1: spa = opt.guest_ip; break;		/* claims the guest's address */
	case 2: spa = chance(50) ? 0 : 0xffffffff; break;
	case 3: fill_random(sha, 6); sha[0] |= chance(50); break; /* maybe multicast */
	case 4: op = below(65536); break;
	default: tpa = rnd(); break;
	}
	n = arp_frame(f, chance(60) ? bcast : fuzz_dst(), op, sha, spa, tha, tpa);
	switch (below(4)) {
	case 0: n = ETH_HLEN + below(28); break;	/* truncated */
	case 1:						/* wrong sizes/types */
		f[ETH_HLEN + 4] = (uint8_t)rnd();
		f[ETH_HLEN + 5] = (uint8_t)rnd();
		if (chance(50))
			put16(f + ETH_HLEN, rnd() & 0xffff);
		if (chance(50))
			put16(f + ETH_HLEN + 2, rnd() & 0xffff);
		break;
	case 2: memset(f + n, 0, 18); n += 18; break;	/* padded to 60 */
	default: break;
	}
	return n;
}

/* Random IPv4 header damage on a frame whose IP header sits at f + 14. */
static size_t break_ipv4(uint8_t *f, size_t n)
{
	uint8_t *ip = f + ETH_HLEN;
	size_t olen;

	switch (below(12)) {
	case 0: ip[0] = (uint8_t)((below(16) << 4) | (ip[0] & 15)); break; /* version */
	case 1: ip[0] = (uint8_t)(0x40 | below(5)); break;	/* IHL < 5 */
	case 2: ip[0] = (uint8_t)(0x40 | (6 + below(10))); break; /* IHL past the data? */
	case 3: put16(ip + 2, below(20)); break;		/* total < header */
	case 4: put16(ip + 2, (unsigned int)(n - ETH_HLEN + 1 + below(2000))); break;
	case 5: put16(ip + 2, 20 + below((unsigned int)(n - ETH_HLEN - 19))); break; /* junk tail */
	case 6: ip[8] = (uint8_t)below(2); break;		/* TTL 0 or 1 */
	case 7: put32(ip + 12, chance(50) ? opt.guest_ip :
		      (chance(50) ? 0x7f000001 : 0xe0000000 | (rnd() & 0x0fffffff)));
		break;						/* martian sources */
	case 8: put32(ip + 16, chance(50) ? 0xffffffff :
		      (chance(50) ? (opt.guest_ip | 0xff) : rnd()));
		break;						/* broadcast, elsewhere */
	case 9:							/* options: garbage */
		olen = 4 + 4 * below(10);
		if (n + olen > WIRE_MAX)
			break;
		memmove(ip + 20 + olen, ip + 20, n - ETH_HLEN - 20);
		fill_random(ip + 20, olen);
		if (chance(50))
			ip[21] = (uint8_t)below(3);	/* option length 0, 1, 2 */
		ip[0] = (uint8_t)(0x40 | ((20 + olen) / 4));
		put16(ip + 2, get16(ip + 2) + (unsigned int)olen);
		n += olen;
		break;
	case 10: ip[1] = (uint8_t)rnd(); ip[6] |= 0x80; break;	/* TOS, reserved bit */
	default: break;
	}
	ipv4_checksum(ip);
	if (chance(10) || (ip[0] & 15) < 5)
		put16(ip + 10, get16(ip + 10) ^ (1 + below(0xffff)));
	return n;
}

static size_t fz_ipv4(uint8_t *f)
{
	size_t pl = below(200);
	unsigned int proto = chance(70) ? (chance(50) ? 17 : 6) : below(256);

	fill_random(f + ETH_HLEN + 20, pl);
	return break_ipv4(f, ipv4_frame(f, fuzz_dst(), proto, pl));
}

/* Fragments: IDs from a small pool so that reassembly queues fill,
 * overlapping and duplicate pieces, offsets reaching past 65535. */
static size_t fz_fragment(uint8_t *f)
{
	unsigned int id = 0x4000 + below(16);
	unsigned int off = below(8192);		/* in 8-byte units */
	unsigned int mf = chance(70) ? 0x2000 : 0;
	size_t pl = 8 * below(180);
	uint8_t *l4 = f + ETH_HLEN + 20;

	switch (below(5)) {
	case 0: off = below(4); break;				/* overlapping starts */
	case 1: off = 8191 - below(4); pl = 8 * (1 + below(180)); break; /* past 64 KiB */
	case 2: off = 0; pl = below(8); break;			/* first piece too short */
	case 3: pl = 1 + below(7); break;			/* not a multiple of 8 */
	default: break;
	}
	fill_random(l4, pl);
	if (off == 0 && pl >= 8) {	/* a UDP header that claims a lot */
		put16(l4, 40001);
		put16(l4 + 2, opt.open_udp);
		put16(l4 + 4, 8 + below(65528));
	}
	ipv4_frame(f, opt.guest_mac, chance(80) ? 17 : below(256), pl);
	put16(f + ETH_HLEN + 4, id);
	put16(f + ETH_HLEN + 6, mf | off | (chance(5) ? 0x4000 : 0));	/* DF+MF too */
	ipv4_checksum(f + ETH_HLEN);
	return ETH_HLEN + 20 + pl;
}

/* TCP options: mostly well-known kinds with wrong or truncated lengths. */
static size_t tcp_garbage_options(uint8_t *o)
{
	size_t n = 0, max = 4 * below(11);

	while (n + 1 < max) {
		unsigned int kind = chance(70) ? below(9) : below(256);
		unsigned int len;

		o[n] = (uint8_t)kind;
		if (kind <= 1) {
			n++;
			continue;
		}
		switch (below(4)) {
		case 0: len = below(2); break;		/* 0 or 1: a loop trap */
		case 1: len = (unsigned int)(max - n) + 1 + below(8); break; /* past the end */
		case 2: len = 255; break;
		default:					/* the right length */
			len = kind == 2 ? 4 : kind == 3 ? 3 : kind == 8 ? 10 :
			      kind == 5 ? 2 + 8 * (1 + below(4)) : 2 + below(8);
			break;
		}
		o[n + 1] = (uint8_t)len;
		if (n + 2 < max)
			fill_random(o + n + 2, max - n - 2);
		if (kind == 3 && n + 2 < max)
			o[n + 2] = (uint8_t)(14 + below(242));	/* window scale > 14 */
		n += len >= 2 && len <= max - n ? len : max - n;
	}
	return max;
}

static size_t fz_tcp(uint8_t *f)
{
	uint8_t opts[40] = { 0 };
	size_t olen = 0, n;
	unsigned int sport = 1024 + below(60000), dport, flags;
	uint32_t seq = rnd(), ack = rnd();
	uint8_t *t = f + ETH_HLEN + 20;

	switch (below(4)) {
	case 0: dport = below(65536); break;
	case 1: dport = 1 + below(1023); break;
	default: dport = opt.open_tcp; break;
	}
	{	/* into the live connection, if there is one (the
		 * randomness is drawn either way, so that the guest's timing
		 * does not change the rest of the frames) */
		int into = chance(40), exact_seq = chance(50), exact_ack = chance(70);
		uint32_t dseq = below(200000) - 100000, dack = below(20000) - 10000;

		if (sess.state == 2 && into) {
			sport = sess.port;
			dport = opt.open_tcp;
			seq = sess.snd_nxt + (exact_seq ? 0 : dseq);
			ack = sess.rcv_nxt + (exact_ack ? 0 : dack);
		}
	}
	flags = chance(50) ? (tcp_flag_cycle++ & 0xff) : (chance(50) ? 0x10 : rnd() & 0xff);
	if (chance(50))
		olen = tcp_garbage_options(opts);
	n = tcp_segment(f, fuzz_dst(), sport, dport, seq, ack, flags, opts, olen,
			chance(50) ? below(1400) : 0);
	if (chance(20)) {		/* data offset that lies */
		t[12] = (uint8_t)((below(16) << 4) | (t[12] & 15));
		l4_checksum(t, n - ETH_HLEN - 20, 6, 16, opt.my_ip, opt.guest_ip);
	}
	if (chance(10))
		put16(t + 18, rnd() & 0xffff);		/* urgent pointer */
	if (chance(8)) {
		put16(t + 16, get16(t + 16) ^ 0x1234);	/* bad checksum */
	} else if (chance(10)) {
		n = ETH_HLEN + 20 + below(20);	/* header cut short, IP says so */
		put16(f + ETH_HLEN + 2, (unsigned int)(n - ETH_HLEN));
		ipv4_checksum(f + ETH_HLEN);
	}
	return n;
}

static size_t fz_udp(uint8_t *f)
{
	uint8_t *u = f + ETH_HLEN + 20;
	size_t pl = below(600);
	unsigned int ulen;

	put16(u, 1024 + below(60000));
	put16(u + 2, chance(50) ? opt.open_udp : below(65536));
	fill_random(u + 8, pl);
	put16(u + 4, (unsigned int)(8 + pl));
	l4_checksum(u, 8 + pl, 17, 6, opt.my_ip, opt.guest_ip);
	ipv4_frame(f, fuzz_dst(), 17, 8 + pl);
	switch (below(6)) {
	case 0: ulen = below(8); break;			/* shorter than the header */
	case 1: ulen = (unsigned int)(9 + pl + below(2000)); break; /* more than there is */
	case 2: ulen = (unsigned int)(8 + below((unsigned int)pl + 1)); break; /* less */
	case 3: put16(u + 6, 0); return ETH_HLEN + 28 + pl;	/* no checksum: fine */
	case 4: put16(u + 6, get16(u + 6) ^ 0x0101); return ETH_HLEN + 28 + pl;
	default: return ETH_HLEN + 28 + pl;
	}
	put16(u + 4, ulen);
	if (chance(50))
		l4_checksum(u, 8 + pl, 17, 6, opt.my_ip, opt.guest_ip);
	return ETH_HLEN + 28 + pl;
}

static size_t fz_icmp(uint8_t *f)
{
	uint8_t *ic = f + ETH_HLEN + 20, *inner = ic + 8;
	size_t pl = 8 + below(120);
	static const unsigned char common[] = { 0, 3, 4, 5, 8, 11, 12, 13, 17 };
	unsigned int type = below(4) ? common[below(sizeof(common))] : below(256);

	ic[0] = (uint8_t)type;
	ic[1] = (uint8_t)(chance(70) ? below(16) : rnd());
	fill_random(ic + 4, pl - 4);
	if (type == 3 || type == 4 || type == 5 || type == 11 || type == 12) {
		/* errors quote an IP header and 8 bytes: the guest's own
		 * address and ports, or garbage */
		put_ipv4(inner, chance(80) ? 20 : 20 + 4 * below(11), 20 + below(2000),
			 rnd() & 0xffff, 0, chance(50) ? 6 : 17, opt.guest_ip, opt.my_ip);
		if (chance(30))
			inner[0] = (uint8_t)rnd();
		put16(inner + 20, opt.open_tcp);
		put16(inner + 22, below(65536));
		if (chance(50))
			pl = 8 + below(28);	/* quote cut short */
		if (type == 3 && ic[1] == 4)
			put16(ic + 6, below(1000));	/* "fragmentation needed", tiny MTU */
	}
	if (type == 8 && chance(10))
		pl = 8 + below(1400);
	put16(ic + 2, 0);
	put16(ic + 2, fold(sum_words(ic, pl, 0)));
	if (chance(10))
		put16(ic + 2, get16(ic + 2) ^ 0x00ff);
	if (chance(10))
		pl = below(8);		/* shorter than an ICMP header */
	return ipv4_frame(f, fuzz_dst(), 1, pl);
}

static size_t fz_other_proto(uint8_t *f)
{
	static const unsigned char protos[] = { 0, 2, 4, 41, 47, 50, 51, 89, 132, 255 };
	size_t pl = below(300);

	fill_random(f + ETH_HLEN + 20, pl);
	return ipv4_frame(f, fuzz_dst(), protos[below(sizeof(protos))], pl);
}

static size_t fz_ethertype(uint8_t *f)
{
	static const unsigned int types[] = { ET_VLAN, ET_IPV6, 0x88a8, 0x8035, 0x0000,
					      0x05dc, 0x05ff, 0xffff, 0x88cc, 0x8863 };
	size_t n = ETH_HLEN + below(1500);

	fill_random(f, n);
	put_eth(f, fuzz_dst(), types[below(sizeof(types) / sizeof(types[0]))]);
	if (get16(f + 12) == ET_VLAN && n >= 18 && chance(70)) {
		put16(f + 16, ET_IPV4);		/* a tagged IPv4 frame */
		if (n >= 38)
			f[18] = 0x45;
	}
	return n;
}

static size_t fz_bytes(uint8_t *f)
{
	size_t n = ETH_HLEN + below(1501);

	fill_random(f, n);
	if (chance(80))
		memcpy(f, opt.guest_mac, 6);
	return n;
}

static const struct {
	const char *name;
	size_t (*make)(uint8_t *f);
	unsigned int weight;
} classes[] = {
	{ "runt",	fz_runt,	6 },
	{ "oversize",	fz_oversize,	3 },
	{ "arp",	fz_arp,		10 },
	{ "ipv4-header", fz_ipv4,	14 },
	{ "fragment",	fz_fragment,	14 },
	{ "tcp",	fz_tcp,		22 },
	{ "udp",	fz_udp,		10 },
	{ "icmp",	fz_icmp,	10 },
	{ "other-proto", fz_other_proto, 4 },
	{ "ethertype",	fz_ethertype,	4 },
	{ "random",	fz_bytes,	3 },
};
#define NCLASSES (sizeof(classes) / sizeof(classes[0]))
static unsigned long class_count[NCLASSES];

/* ------------------------------------------------------------ the guest's replies */

static unsigned long rx_arp_answered, rx_echo_replies, rx_tcp, rx_icmp_errors;
static unsigned int echo_id;

static void send_tcp_ack(struct link *l)
{
	size_t n;

	own_frame = 1;
	n = tcp_segment(tx, opt.guest_mac, sess.port, opt.open_tcp, sess.snd_nxt,
			sess.rcv_nxt, 0x10, NULL, 0, 0);
	link_send(l, tx, n);
	own_frame = 0;
}

/* Looks at a frame from the guest: answers its ARP requests for us,
 * counts echo replies, completes a TCP handshake we started. */
static void handle_rx(struct link *l, const uint8_t *f, size_t n)
{
	static uint8_t out[4 + 64];
	unsigned int type;
	const uint8_t *ip;

	if (n < ETH_HLEN)
		return;
	type = get16(f + 12);
	if (type == ET_ARP && n >= ETH_HLEN + 28) {
		const uint8_t *a = f + ETH_HLEN;

		if (get16(a + 6) == 1 && get32(a + 24) == opt.my_ip) {
			size_t m = arp_frame(out + 4, a + 8, 2, opt.my_mac, opt.my_ip, a + 8,
					     get32(a + 14));

			link_send(l, out + 4, m);
		} else if (get16(a + 6) == 2 && get32(a + 14) == opt.guest_ip) {
			rx_arp_answered++;
		}
		return;
	}
	if (type != ET_IPV4 || n < ETH_HLEN + 20)
		return;
	ip = f + ETH_HLEN;
	if (get32(ip + 16) != opt.my_ip || (ip[0] & 15) < 5)
		return;
	if (ip[9] == 1 && n >= ETH_HLEN + (size_t)(ip[0] & 15) * 4 + 8) {
		const uint8_t *ic = ip + (ip[0] & 15) * 4;

		if (ic[0] == 0 && get16(ic + 4) == echo_id)
			rx_echo_replies++;
		else if (ic[0] != 0)
			rx_icmp_errors++;
		return;
	}
	if (ip[9] == 6 && n >= ETH_HLEN + (size_t)(ip[0] & 15) * 4 + 20) {
		const uint8_t *t = ip + (ip[0] & 15) * 4;

		rx_tcp++;
		if (sess.state == 1 && get16(t) == opt.open_tcp && get16(t + 2) == sess.port &&
		    (t[13] & 0x12) == 0x12 && get32(t + 8) == sess.snd_nxt) {
			sess.rcv_nxt = get32(t + 4) + 1;
			sess.state = 2;
			send_tcp_ack(l);
			if (opt.verbose)
				printf("frame-inject: TCP connection to port %u established\n",
				       opt.open_tcp);
		}
	}
}

static void drain(struct link *l, int ms)
{
	static uint8_t f[WIRE_MAX];
	size_t n;
	int r;

	while ((r = link_recv(l, f, &n, ms)) > 0) {
		handle_rx(l, f, n);
		ms = 0;
	}
	if (r < 0)
		die("the guest's link closed after %lu frames", l->sent);
}

static void send_arp_request(struct link *l)
{
	static const uint8_t zero[6];
	size_t n = arp_frame(tx, bcast, 1, opt.my_mac, opt.my_ip, zero, opt.guest_ip);

	link_send(l, tx, n);
}

static void send_echo(struct link *l, unsigned int seq)
{
	uint8_t *ic = tx + ETH_HLEN + 20;

	own_frame = 1;
	ic[0] = 8;
	ic[1] = 0;
	put16(ic + 4, echo_id);
	put16(ic + 6, seq);
	memcpy(ic + 8, "frame-inject liveness check....", 32);
	put16(ic + 2, 0);
	put16(ic + 2, fold(sum_words(ic, 40, 0)));
	link_send(l, tx, ipv4_frame(tx, opt.guest_mac, 1, 40));
	own_frame = 0;
}

static void send_syn(struct link *l)
{
	static const uint8_t mss[4] = { 2, 4, 0x05, 0xb4 };
	size_t n;

	own_frame = 1;
	sess.port = 30000 + step_rng(&sess_rng) % 20000;
	sess.snd_nxt = step_rng(&sess_rng);
	n = tcp_segment(tx, opt.guest_mac, sess.port, opt.open_tcp, sess.snd_nxt, 0, 0x02,
			mss, sizeof(mss), 0);
	sess.snd_nxt++;
	sess.state = 1;
	link_send(l, tx, n);
	own_frame = 0;
}

static void send_done(struct link *l)
{
	uint8_t *u = tx + ETH_HLEN + 20;
	size_t wl = strlen(opt.done_word);

	own_frame = 1;
	put16(u, 40002);
	put16(u + 2, opt.done_port);
	put16(u + 4, (unsigned int)(8 + wl));
	memcpy(u + 8, opt.done_word, wl);
	l4_checksum(u, 8 + wl, 17, 6, opt.my_ip, opt.guest_ip);
	link_send(l, tx, ipv4_frame(tx, opt.guest_mac, 17, 8 + wl));
	own_frame = 0;
}

/* ------------------------------------------------------------ fuzz mode */

static int fuzz(void)
{
	struct link l;
	unsigned long i, total_weight = 0;
	unsigned int c;
	double t0, deadline;
	int alive = 0;

	link_open(&l);
	if (opt.pace < 0)
		opt.pace = l.dgram ? 500 : 0;
	echo_id = 0x4649;
	printf("frame-inject: connected; waiting for the guest to answer ARP for %u.%u.%u.%u\n",
	       opt.guest_ip >> 24, (opt.guest_ip >> 16) & 255, (opt.guest_ip >> 8) & 255,
	       opt.guest_ip & 255);
	fflush(stdout);
	deadline = now() + opt.wait;
	while (!rx_arp_answered) {
		if (now() > deadline)
			die("the guest did not answer ARP within %.0f s", opt.wait);
		send_arp_request(&l);
		drain(&l, 500);
	}
	printf("frame-inject: the guest answered ARP; sending %lu frames (seed %llu)\n",
	       opt.frames, (unsigned long long)opt.seed);
	fflush(stdout);

	for (c = 0; c < NCLASSES; c++)
		total_weight += classes[c].weight;
	t0 = now();
	for (i = 0; i < opt.frames; i++) {
		unsigned long pick = below((uint32_t)total_weight);
		size_t n;

		/* now and then a real connection to aim TCP frames at */
		if (i % 500 == 0 && sess.state != 2)
			send_syn(&l);
		for (c = 0; pick >= classes[c].weight; c++)
			pick -= classes[c].weight;
		n = classes[c].make(tx);
		if (n > WIRE_MAX)
			n = WIRE_MAX;
		class_count[c]++;
		link_send(&l, tx, n);
		drain(&l, 0);
		if (opt.pace > 0)
			usleep((useconds_t)opt.pace);
		if (opt.verbose && i % 1000 == 999)
			printf("frame-inject: %lu frames\n", i + 1);
	}
	printf("frame-inject: sent %lu frames in %.1f s:", opt.frames, now() - t0);
	for (c = 0; c < NCLASSES; c++)
		printf(" %s=%lu", classes[c].name, class_count[c]);
	printf("\n");

	/* is it still there? */
	deadline = now() + 30;
	for (c = 0; now() < deadline && !rx_echo_replies; c++) {
		if (c % 4 == 0)
			send_arp_request(&l);
		send_echo(&l, c);
		drain(&l, 1000);
	}
	alive = rx_echo_replies > 0;
	printf("frame-inject: echo reply after the fuzzing: %s\n", alive ? "yes" : "no");
	printf("frame-inject: from the guest: %lu frames, %lu TCP segments, %lu ICMP errors,"
	       " handshake %s\n", l.received, rx_tcp, rx_icmp_errors,
	       sess.state == 2 ? "completed" : "not completed");
	for (c = 0; c < 5; c++) {
		send_done(&l);
		drain(&l, 200);
	}
	printf("frame-inject: sent %s to UDP port %u\n", opt.done_word, opt.done_port);
	fflush(stdout);
	/* keep answering (ARP) until the guest goes away or a while passed */
	deadline = now() + 5;
	while (now() < deadline) {
		static uint8_t f[WIRE_MAX];
		size_t n;
		int r = link_recv(&l, f, &n, 200);

		if (r < 0)
			break;
		if (r > 0)
			handle_rx(&l, f, n);
	}
	return alive ? 0 : 1;
}

/* ------------------------------------------------------------ relay mode */

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static int relay(void)
{
	static uint8_t buf[2][4 + WIRE_MAX], held[2][4 + WIRE_MAX];
	size_t held_len[2] = { 0, 0 };
	unsigned long fwd = 0, dropped = 0, dups = 0, reordered = 0, corrupted = 0;
	struct link *l[2];
	char spec[2][32];
	const char *comma = strchr(opt.relay, ',');
	int s;

	if (!comma || (size_t)(comma - opt.relay) >= sizeof(spec[0]) || strlen(comma + 1) >= 32)
		die("--relay wants PORT_A,PORT_B");
	memcpy(spec[0], opt.relay, (size_t)(comma - opt.relay));
	spec[0][comma - opt.relay] = 0;
	strcpy(spec[1], comma + 1);
	signal(SIGTERM, on_signal);
	signal(SIGINT, on_signal);
	for (s = 0; s < 2; s++) {
		l[s] = calloc(1, sizeof(struct link));
		if (!l[s])
			die("out of memory");
	}
	/* both listen at once, so the order the guests start in does not matter */
	{
		struct pollfd p[2];
		int lfd[2], one = 1, got = 0;

		for (s = 0; s < 2; s++) {
			struct sockaddr_in sa;

			parse_endpoint(spec[s], &sa);
			lfd[s] = socket(AF_INET, SOCK_STREAM, 0);
			setsockopt(lfd[s], SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
			if (lfd[s] < 0 || bind(lfd[s], (struct sockaddr *)&sa, sizeof(sa)) < 0 ||
			    listen(lfd[s], 1) < 0)
				die("listen on %s: %s", spec[s], strerror(errno));
			p[s].fd = lfd[s];
			p[s].events = POLLIN;
			l[s]->fd = -1;
		}
		printf("frame-inject: relay listening on %s and %s\n", spec[0], spec[1]);
		fflush(stdout);
		while (got < 2) {
			if (poll(p, 2, (int)(opt.wait * 1000)) <= 0)
				die("the guests did not both connect in %.0f s", opt.wait);
			for (s = 0; s < 2; s++)
				if (p[s].revents && l[s]->fd < 0) {
					l[s]->fd = accept(lfd[s], NULL, NULL);
					l[s]->soft = 1;
					if (l[s]->fd < 0)
						die("accept: %s", strerror(errno));
					close(lfd[s]);
					p[s].fd = -1;
					got++;
				}
		}
	}
	printf("frame-inject: relay: both sides connected; drop %u%% dup %u%% reorder %u%%"
	       " corrupt %u%%\n", opt.drop, opt.dup, opt.reorder, opt.corrupt);
	fflush(stdout);

	while (!stop) {
		struct pollfd p[2] = { { .fd = l[0]->fd, .events = POLLIN },
				       { .fd = l[1]->fd, .events = POLLIN } };
		int r = poll(p, 2, 50);

		if (r < 0 && errno == EINTR)
			continue;
		if (r == 0) {		/* quiet: let held frames go */
			for (s = 0; s < 2; s++)
				if (held_len[s]) {
					link_send(l[!s], held[s] + 4, held_len[s]);
					held_len[s] = 0;
				}
			continue;
		}
		for (s = 0; s < 2; s++) {
			size_t n;
			int got;

			if (!p[s].revents)
				continue;
			while ((got = link_recv(l[s], buf[s] + 4, &n, 0)) > 0) {
				if (opt.drop && chance(opt.drop)) {
					dropped++;
					continue;
				}
				if (opt.corrupt && n > ETH_HLEN && chance(opt.corrupt)) {
					buf[s][4 + ETH_HLEN + below((uint32_t)(n - ETH_HLEN))] ^=
						(uint8_t)(1 + below(255));
					corrupted++;
				}
				if (opt.reorder && !held_len[s] && chance(opt.reorder)) {
					memcpy(held[s] + 4, buf[s] + 4, n);
					held_len[s] = n;
					reordered++;
					continue;
				}
				link_send(l[!s], buf[s] + 4, n);
				fwd++;
				if (opt.dup && chance(opt.dup)) {
					link_send(l[!s], buf[s] + 4, n);
					dups++;
				}
				if (held_len[s]) {	/* the held frame goes after it */
					link_send(l[!s], held[s] + 4, held_len[s]);
					held_len[s] = 0;
				}
			}
			if (got < 0)
				stop = 1;
		}
	}
	printf("frame-inject: relay: forwarded %lu, dropped %lu, duplicated %lu, reordered %lu,"
	       " corrupted %lu\n", fwd, dropped, dups, reordered, corrupted);
	return 0;
}

/* ------------------------------------------------------------ main */

int main(int argc, char **argv)
{
	int a;

	opt.guest_ip = 0x0a000402;	/* 10.0.4.2 */
	opt.my_ip = 0x0a000401;
	for (a = 1; a < argc; a++) {
		const char *o = argv[a], *v = a + 1 < argc ? argv[a + 1] : NULL;

#define IS(name) (!strcmp(o, name))
		if (IS("-h") || IS("--help"))
			usage(0);
		if (IS("-v") || IS("--verbose")) {
			opt.verbose = 1;
			continue;
		}
		if (!v)
			die("option '%s' unknown or without its argument (try --help)", o);
		a++;
		if (IS("--connect")) opt.connect = v;
		else if (IS("--listen")) opt.listen = v;
		else if (IS("--udp")) opt.udp = v;
		else if (IS("--relay")) opt.relay = v;
		else if (IS("--frames")) opt.frames = parse_num(v, 100000000);
		else if (IS("--seed")) opt.seed = strtoull(v, NULL, 0);
		else if (IS("--guest-mac")) parse_mac(v, opt.guest_mac);
		else if (IS("--my-mac")) parse_mac(v, opt.my_mac);
		else if (IS("--guest-ip")) opt.guest_ip = parse_ip(v);
		else if (IS("--my-ip")) opt.my_ip = parse_ip(v);
		else if (IS("--open-tcp")) opt.open_tcp = (unsigned int)parse_num(v, 65535);
		else if (IS("--open-udp")) opt.open_udp = (unsigned int)parse_num(v, 65535);
		else if (IS("--done-port")) opt.done_port = (unsigned int)parse_num(v, 65535);
		else if (IS("--done-word")) opt.done_word = v;
		else if (IS("--wait")) opt.wait = (double)parse_num(v, 86400);
		else if (IS("--pace")) opt.pace = (long)parse_num(v, 1000000);
		else if (IS("--drop")) opt.drop = (unsigned int)parse_num(v, 100);
		else if (IS("--dup")) opt.dup = (unsigned int)parse_num(v, 100);
		else if (IS("--reorder")) opt.reorder = (unsigned int)parse_num(v, 100);
		else if (IS("--corrupt")) opt.corrupt = (unsigned int)parse_num(v, 100);
		else if (IS("--pcap")) pcap_open(v);
		else {
			fprintf(stderr, "frame-inject: unknown option '%s'\n", o);
			usage(2);
		}
#undef IS
	}
	if (strlen(opt.done_word) > 1400)
		die("--done-word is too long");
	rng_state = opt.seed ^ 0x9e3779b97f4a7c15ULL;
	sess_rng = opt.seed + 0x632be59bd9b4e019ULL;
	signal(SIGPIPE, SIG_IGN);
	if (opt.relay)
		return relay();
	if (!!opt.connect + !!opt.listen + !!opt.udp != 1) {
		fprintf(stderr, "frame-inject: give one of --connect, --listen, --udp\n");
		usage(2);
	}
	return fuzz();
}
