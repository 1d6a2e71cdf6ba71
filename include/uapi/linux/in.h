/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * IPv4 sockets' ABI (ip(7), tcp(7), udp(7), raw(7)): protocol numbers,
 * struct sockaddr_in, the SOL_IP options and their argument structs.
 * Addresses and ports are in network byte order.
 */
#ifndef _UAPI_LINUX_IN_H
#define _UAPI_LINUX_IN_H

#include <uapi/linux/types.h>
#include <uapi/linux/socket.h>

/* IP protocol numbers (IANA) we handle or name. */
enum {
	IPPROTO_IP	= 0,	/* "any" for socket(2) */
	IPPROTO_ICMP	= 1,
	IPPROTO_IGMP	= 2,
	IPPROTO_TCP	= 6,
	IPPROTO_UDP	= 17,
	IPPROTO_IPV6	= 41,
	IPPROTO_UDPLITE	= 136,
	IPPROTO_RAW	= 255,
	IPPROTO_MAX	= 256,
};

struct in_addr {
	__u32 s_addr;		/* network order */
};

#define __SOCK_SIZE__	16	/* sizeof(struct sockaddr) */
struct sockaddr_in {
	sa_family_t sin_family;	/* AF_INET */
	__u16 sin_port;		/* network order */
	struct in_addr sin_addr;
	unsigned char sin_zero[__SOCK_SIZE__ - sizeof(sa_family_t) -
			       sizeof(__u16) - sizeof(struct in_addr)];
};

/* Well-known addresses, host order (wrap in htonl()). */
#define INADDR_ANY		0x00000000U
#define INADDR_BROADCAST	0xffffffffU
#define INADDR_NONE		0xffffffffU
#define INADDR_LOOPBACK		0x7f000001U
#define IN_LOOPBACKNET		127

/* SOL_IP option names. */
#define IP_TOS			1
#define IP_TTL			2
#define IP_HDRINCL		3
#define IP_OPTIONS		4
#define IP_RECVOPTS		6
#define IP_RETOPTS		7
#define IP_PKTINFO		8
#define IP_PKTOPTIONS		9
#define IP_MTU_DISCOVER		10
#define IP_RECVERR		11
#define IP_RECVTTL		12
#define IP_RECVTOS		13
#define IP_MTU			14
#define IP_FREEBIND		15
#define IP_PASSSEC		18
#define IP_TRANSPARENT		19
#define IP_BIND_ADDRESS_NO_PORT	24
#define IP_MULTICAST_IF		32
#define IP_MULTICAST_TTL	33
#define IP_MULTICAST_LOOP	34
#define IP_ADD_MEMBERSHIP	35
#define IP_DROP_MEMBERSHIP	36

/* IP_MTU_DISCOVER values */
#define IP_PMTUDISC_DONT	0
#define IP_PMTUDISC_WANT	1
#define IP_PMTUDISC_DO		2
#define IP_PMTUDISC_PROBE	3

/* IP_PKTINFO control message (and setsockopt argument). */
struct in_pktinfo {
	int ipi_ifindex;
	struct in_addr ipi_spec_dst;	/* local address the reply should use */
	struct in_addr ipi_addr;	/* destination of the datagram */
};

struct ip_mreqn {
	struct in_addr imr_multiaddr;
	struct in_addr imr_address;
	int imr_ifindex;
};

#endif /* _UAPI_LINUX_IN_H */
