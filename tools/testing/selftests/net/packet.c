// SPDX-License-Identifier: GPL-2.0-only
/*
 * net/packet - AF_PACKET sockets on lo as packet(7) describes them (run as
 * root): a SOCK_RAW ETH_P_ALL socket bound to lo sees a UDP datagram sent
 * over lo, both the outgoing and the incoming copy, with lo's Ethernet
 * header of zeros, ethertype 0x0800, the IPv4 and UDP headers and the
 * payload intact, and a sockaddr_ll naming lo (ifindex, protocol,
 * ARPHRD_LOOPBACK, packet type); a SOCK_DGRAM ETH_P_IP socket gets the
 * same packet without the link header; frames sent through SOCK_RAW and
 * SOCK_DGRAM packet sockets reach a UDP socket (what DHCP clients do);
 * ENODEV for an unknown ifindex; EPERM without CAP_NET_RAW.
 */
#include <stddef.h>
#include <net/ethernet.h>
#include <net/if_arp.h>
#include <netinet/ip.h>
#include <netinet/udp.h>
#include <netpacket/packet.h>

#include "tap.h"
#include "util.h"
#include "nettest.h"

#define ETH_HLEN_ 14

static int lo_index;

static int packet_socket(int type, int proto)
{
	struct sockaddr_ll sll;
	int fd = socket(AF_PACKET, type | SOCK_CLOEXEC, htons(proto));

	if (fd < 0)
		return -1;
	memset(&sll, 0, sizeof(sll));
	sll.sll_family = AF_PACKET;
	sll.sll_protocol = htons(proto);
	sll.sll_ifindex = lo_index;
	if (bind(fd, SA(&sll), sizeof(sll))) {
		close(fd);
		return -1;
	}
	return fd;
}

/* The Internet checksum (RFC 1071) of len bytes. */
static uint16_t inet_sum(const void *p, size_t len)
{
	const uint8_t *b = p;
	uint32_t sum = 0;
	size_t i;

	for (i = 0; i + 1 < len; i += 2)
		sum += b[i] << 8 | b[i + 1];
	if (len & 1)
		sum += b[len - 1] << 8;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return ~sum & 0xffff;
}

/* What one captured IPv4/UDP packet looked like. */
struct capture {
	int found;		/* copies that matched */
	int outgoing, host;	/* of which PACKET_OUTGOING, PACKET_HOST */
	int incoming;		/* not PACKET_OUTGOING */
	int eth_ok;		/* zero MACs, ethertype 0x0800 */
	int ip_ok;		/* version, protocol, addresses, checksum */
	int udp_ok;		/* ports and length */
	int payload_ok;
	struct sockaddr_ll sll;	/* of the last match */
	socklen_t sll_len;
};

/*
 * Read from a packet socket for up to ms, looking for UDP to dport with
 * the payload; link is the link-header length in front of IP (14 or 0).
 */
static void capture(int fd, int link, in_addr_t saddr, in_addr_t daddr, int sport, int dport,
		    const char *payload, int want, int ms, struct capture *c)
{
	static uint8_t frame[70000];
	long long end = now_ns(CLOCK_MONOTONIC) + ms * 1000000LL;
	size_t plen = strlen(payload);

	memset(c, 0, sizeof(*c));
	while (c->found < want) {
		long long left = (end - now_ns(CLOCK_MONOTONIC)) / 1000000;
		struct sockaddr_ll sll;
		socklen_t len = sizeof(sll);
		struct iphdr ip;
		struct udphdr udp;
		const uint8_t *l3;
		ssize_t n;

		if (left <= 0 || poll_one(fd, POLLIN, left) <= 0)
			break;
		n = recvfrom(fd, frame, sizeof(frame), MSG_DONTWAIT, SA(&sll), &len);
		if (n < link + 28)
			continue;
		l3 = frame + link;
		memcpy(&ip, l3, sizeof(ip));
		if (ip.version != 4 || ip.protocol != IPPROTO_UDP ||
		    (size_t)n < (size_t)link + ip.ihl * 4 + 8 + plen)
			continue;
		memcpy(&udp, l3 + ip.ihl * 4, sizeof(udp));
		if (ntohs(udp.uh_dport) != dport)
			continue;
		c->found++;
		c->outgoing += sll.sll_pkttype == PACKET_OUTGOING;
		c->host += sll.sll_pkttype == PACKET_HOST;
		c->incoming += sll.sll_pkttype != PACKET_OUTGOING;
		c->sll = sll;
		c->sll_len = len;
		/* lo's frames carry zero MACs, ours the broadcast address */
		c->eth_ok = link == 0 ||
			    ((all_zero(frame, 12) || daddr == htonl(INADDR_BROADCAST)) &&
			     frame[12] == 0x08 && frame[13] == 0x00);
		c->ip_ok = ip.ihl >= 5 && ntohs(ip.tot_len) == n - link && ip.saddr == saddr &&
			   ip.daddr == daddr && inet_sum(l3, ip.ihl * 4) == 0;
		c->udp_ok = ntohs(udp.uh_sport) == sport && ntohs(udp.uh_ulen) == 8 + plen;
		c->payload_ok = !memcmp(l3 + ip.ihl * 4 + 8, payload, plen);
	}
}

static void test_raw_capture(void)
{
	struct sockaddr_ll sll;
	struct sockaddr_in dst;
	struct capture c;
	socklen_t len = sizeof(sll);
	char payload[64], buf[64];
	int p, r, s, rport = 0, sport = 0;

	p = socket(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL));
	if (!ok_sys(p, "socket(AF_PACKET, SOCK_RAW, ETH_P_ALL) as root"))
		return;
	memset(&sll, 0, sizeof(sll));
	sll.sll_family = AF_PACKET;
	sll.sll_protocol = htons(ETH_P_ALL);
	sll.sll_ifindex = lo_index;
	ok_sys(bind(p, SA(&sll), sizeof(sll)), "bind it to lo's ifindex");
	memset(&sll, 0, sizeof(sll));
	ok(getsockname(p, SA(&sll), &len) == 0 && sll.sll_family == AF_PACKET &&
	   sll.sll_ifindex == lo_index && sll.sll_protocol == htons(ETH_P_ALL),
	   "getsockname: AF_PACKET, lo's ifindex, ETH_P_ALL");

	r = udp_bound(&rport);
	s = udp_bound(&sport);
	if (r < 0 || s < 0)
		return setup_failed("raw capture: UDP sockets");
	snprintf(payload, sizeof(payload), "tidewater packet test %d", getpid());
	dst = lo_addr(rport);
	sendto(s, payload, strlen(payload), 0, SA(&dst), sizeof(dst));
	capture(p, ETH_HLEN_, htonl(INADDR_LOOPBACK), htonl(INADDR_LOOPBACK), sport, rport, payload,
		2, 3000, &c);
	ok(c.found >= 1, "SOCK_RAW ETH_P_ALL on lo sees a UDP datagram sent to 127.0.0.1");
	if (!c.found) {
		close(p);
		return;
	}
	ok(c.eth_ok, "the frame starts with lo's Ethernet header: zero MACs, ethertype 0x0800");
	ok(c.ip_ok, "then IPv4: 127.0.0.1 to 127.0.0.1, total length right, header checksum valid");
	ok(c.udp_ok, "then UDP: the sender's port, the receiver's port, length 8 + payload");
	ok(c.payload_ok, "then the payload, intact");
	ok(c.sll_len >= offsetof(struct sockaddr_ll, sll_addr) + 6 && c.sll.sll_family == AF_PACKET &&
	   c.sll.sll_ifindex == lo_index && c.sll.sll_protocol == htons(ETH_P_IP) &&
	   c.sll.sll_hatype == ARPHRD_LOOPBACK && c.sll.sll_halen == 6,
	   "sockaddr_ll: lo's ifindex, sll_protocol ETH_P_IP, ARPHRD_LOOPBACK, sll_halen 6");
	ok(c.outgoing == 1 && c.host == 1,
	   "two copies: one PACKET_OUTGOING (sent), one PACKET_HOST (received)");
	recv(r, buf, sizeof(buf), MSG_DONTWAIT);
	close(r);
	close(s);
	close(p);
}

static void test_dgram_capture(void)
{
	struct sockaddr_in dst;
	struct capture c;
	char payload[64], buf[64];
	int p, r, s, rport = 0, sport = 0;

	p = packet_socket(SOCK_DGRAM, ETH_P_IP);
	if (!ok_why(p >= 0, "socket/bind",
		    "socket(AF_PACKET, SOCK_DGRAM, ETH_P_IP) bound to lo"))
		return;
	r = udp_bound(&rport);
	s = udp_bound(&sport);
	if (r < 0 || s < 0)
		return setup_failed("dgram capture: UDP sockets");
	snprintf(payload, sizeof(payload), "cooked %d", getpid());
	dst = lo_addr(rport);
	sendto(s, payload, strlen(payload), 0, SA(&dst), sizeof(dst));
	/* a protocol-specific socket sees what comes in, not what goes out */
	capture(p, 0, htonl(INADDR_LOOPBACK), htonl(INADDR_LOOPBACK), sport, rport, payload, 1, 3000,
		&c);
	ok(c.found >= 1 && c.ip_ok && c.udp_ok && c.payload_ok,
	   "SOCK_DGRAM ETH_P_IP: the packet arrives starting at its IPv4 header, intact");
	ok(c.found >= 1 && c.sll.sll_protocol == htons(ETH_P_IP) && c.sll.sll_ifindex == lo_index,
	   "its sockaddr_ll: sll_protocol ETH_P_IP, lo's ifindex");
	recv(r, buf, sizeof(buf), MSG_DONTWAIT);
	close(r);
	close(s);
	close(p);
}

/*
 * An IPv4/UDP packet from 0.0.0.0:sport to 255.255.255.255:dport, as a
 * DHCP client sends before it has an address; its length.
 */
static size_t build_udp(uint8_t *out, int sport, int dport, const char *payload)
{
	size_t plen = strlen(payload);
	struct iphdr ip;
	struct udphdr udp;

	memset(&ip, 0, sizeof(ip));
	ip.version = 4;
	ip.ihl = 5;
	ip.tot_len = htons(20 + 8 + plen);
	ip.id = htons(0x1234);
	ip.ttl = 64;
	ip.protocol = IPPROTO_UDP;
	ip.saddr = htonl(INADDR_ANY);
	ip.daddr = htonl(INADDR_BROADCAST);
	memcpy(out, &ip, sizeof(ip));
	ip.check = htons(inet_sum(out, 20));
	memcpy(out, &ip, sizeof(ip));
	memset(&udp, 0, sizeof(udp));
	udp.uh_sport = htons(sport);
	udp.uh_dport = htons(dport);
	udp.uh_ulen = htons(8 + plen);
	udp.uh_sum = 0;		/* none: allowed for UDP over IPv4 */
	memcpy(out + 20, &udp, sizeof(udp));
	memcpy(out + 28, payload, plen);
	return 28 + plen;
}

static void test_send(void)
{
	struct sockaddr_in any, from;
	struct sockaddr_ll sll;
	struct capture c;
	socklen_t len;
	uint8_t frame[256];
	char buf[64];
	int p, r, watch, rport;
	size_t n;

	/* DHCP's shape: 0.0.0.0 to 255.255.255.255, received on 0.0.0.0:port */
	r = socket(AF_INET, SOCK_DGRAM, 0);
	memset(&any, 0, sizeof(any));
	any.sin_family = AF_INET;
	if (bind(r, SA(&any), sizeof(any)))
		return setup_failed("send: UDP socket on 0.0.0.0");
	rport = local_port(r);
	p = packet_socket(SOCK_RAW, ETH_P_ALL);
	watch = packet_socket(SOCK_RAW, ETH_P_ALL);
	if (p < 0 || watch < 0)
		return setup_failed("send: packet sockets");
	memset(frame, 0xff, 6);			/* to the broadcast address */
	memset(frame + 6, 0, 6);
	frame[12] = 0x08;
	frame[13] = 0x00;
	n = ETH_HLEN_ + build_udp(frame + ETH_HLEN_, 4000, rport, "raw frame");
	ok_eq(send(p, frame, n, 0), n,
	      "send a hand-made broadcast Ethernet/IPv4/UDP frame on SOCK_RAW");
	capture(watch, ETH_HLEN_, htonl(INADDR_ANY), htonl(INADDR_BROADCAST), 4000, rport,
		"raw frame", 2, 1000, &c);
	/* (lo's broadcast address is all zeros: ff:ff:... is multicast there) */
	ok(c.incoming == 1 && c.eth_ok && c.ip_ok && c.udp_ok && c.payload_ok,
	   "another ETH_P_ALL socket on lo sees it come in (not PACKET_OUTGOING), intact");
	close(watch);
	len = sizeof(from);
	memset(buf, 0, sizeof(buf));
	deadline(3000);
	ok(recvfrom(r, buf, sizeof(buf), 0, SA(&from), &len) == 9 && !memcmp(buf, "raw frame", 9) &&
	   ntohs(from.sin_port) == 4000 && from.sin_addr.s_addr == htonl(INADDR_ANY),
	   "a UDP socket bound to 0.0.0.0 receives it, from 0.0.0.0 and the frame's port");
	deadline(0);
	close(p);

	p = socket(AF_PACKET, SOCK_DGRAM, htons(ETH_P_IP));
	memset(&sll, 0, sizeof(sll));
	sll.sll_family = AF_PACKET;
	sll.sll_protocol = htons(ETH_P_IP);
	sll.sll_ifindex = lo_index;
	sll.sll_halen = 6;
	memset(sll.sll_addr, 0xff, 6);
	n = build_udp(frame, 4001, rport, "cooked packet");
	ok_eq(sendto(p, frame, n, 0, SA(&sll), sizeof(sll)), n,
	      "sendto on SOCK_DGRAM: lo's ifindex, ETH_P_IP, broadcast sll_addr");
	len = sizeof(from);
	memset(buf, 0, sizeof(buf));
	deadline(3000);
	ok(recvfrom(r, buf, sizeof(buf), 0, SA(&from), &len) == 13 &&
	   !memcmp(buf, "cooked packet", 13) && ntohs(from.sin_port) == 4001,
	   "the UDP socket receives that packet too");
	deadline(0);
	close(p);
	close(r);
}

static int try_unprivileged(void *arg)
{
	(void)arg;
	if (setgid(65534) || setuid(65534))
		return 100;
	return socket(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL)) < 0 ? errno : 0;
}

static void test_errors(void)
{
	struct sockaddr_ll sll;
	int p, st;

	p = socket(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL));
	memset(&sll, 0, sizeof(sll));
	sll.sll_family = AF_PACKET;
	sll.sll_protocol = htons(ETH_P_ALL);
	sll.sll_ifindex = 9999;
	ok_errno(bind(p, SA(&sll), sizeof(sll)), ENODEV, "bind to an ifindex that does not exist: ENODEV");
	close(p);
	st = run_in_child(try_unprivileged, NULL);
	if (!ok(WIFEXITED(st) && WEXITSTATUS(st) == EPERM,
		"as uid 65534 (no CAP_NET_RAW) socket(AF_PACKET): EPERM"))
		diag("  child %s (%s)", status_str(st),
		     WIFEXITED(st) ? tap_errno_name(WEXITSTATUS(st)) : "-");
}

int main(void)
{
	lo_up();
	lo_index = if_nametoindex("lo");
	ok(lo_index > 0, "lo has an ifindex");
	test_raw_capture();
	test_dgram_capture();
	test_send();
	test_errors();
	return tap_finish();
}
