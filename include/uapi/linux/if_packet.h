/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Packet sockets as user space sees them (packet(7)): the link-level
 * address, the SOL_PACKET options and their argument structures.  The
 * packet types (PACKET_HOST...) are shared with <linux/skbuff.h>.
 * Numbers and layouts are the Linux ABI.
 */
#ifndef _UAPI_LINUX_IF_PACKET_H
#define _UAPI_LINUX_IF_PACKET_H

#include <uapi/linux/types.h>
#include <uapi/linux/socket.h>

/* A link-level address (20 bytes). */
struct sockaddr_ll {
	unsigned short sll_family;	/* AF_PACKET */
	__u16 sll_protocol;		/* EtherType, network order */
	int sll_ifindex;
	unsigned short sll_hatype;	/* ARPHRD_* */
	unsigned char sll_pkttype;	/* PACKET_* */
	unsigned char sll_halen;
	unsigned char sll_addr[8];
};

#ifndef PACKET_HOST
#define PACKET_HOST		0
#define PACKET_BROADCAST	1
#define PACKET_MULTICAST	2
#define PACKET_OTHERHOST	3
#define PACKET_OUTGOING		4
#define PACKET_LOOPBACK		5
#endif

/* SOL_PACKET options */
#define PACKET_ADD_MEMBERSHIP		1
#define PACKET_DROP_MEMBERSHIP		2
#define PACKET_RECV_OUTPUT		3
#define PACKET_RX_RING			5
#define PACKET_STATISTICS		6
#define PACKET_COPY_THRESH		7
#define PACKET_AUXDATA			8
#define PACKET_ORIGDEV			9
#define PACKET_VERSION			10
#define PACKET_HDRLEN			11
#define PACKET_RESERVE			12
#define PACKET_TX_RING			13
#define PACKET_LOSS			14
#define PACKET_VNET_HDR			15
#define PACKET_TX_TIMESTAMP		16
#define PACKET_TIMESTAMP		17
#define PACKET_FANOUT			18
#define PACKET_TX_HAS_OFF		19
#define PACKET_QDISC_BYPASS		20
#define PACKET_ROLLOVER_STATS		21
#define PACKET_FANOUT_DATA		22
#define PACKET_IGNORE_OUTGOING		23

/* PACKET_STATISTICS (read and reset) */
struct tpacket_stats {
	unsigned int tp_packets;	/* queued + dropped */
	unsigned int tp_drops;
};

/* PACKET_AUXDATA control message */
struct tpacket_auxdata {
	__u32 tp_status;
	__u32 tp_len;			/* frame length on the wire */
	__u32 tp_snaplen;		/* bytes kept */
	__u16 tp_mac;
	__u16 tp_net;
	__u16 tp_vlan_tci;
	__u16 tp_vlan_tpid;
};

#define TP_STATUS_USER			(1 << 0)
#define TP_STATUS_COPY			(1 << 1)
#define TP_STATUS_LOSING		(1 << 2)
#define TP_STATUS_CSUMNOTREADY		(1 << 3)
#define TP_STATUS_VLAN_VALID		(1 << 4)
#define TP_STATUS_CSUM_VALID		(1 << 7)

/* PACKET_ADD_MEMBERSHIP / PACKET_DROP_MEMBERSHIP */
struct packet_mreq {
	int mr_ifindex;
	unsigned short mr_type;		/* PACKET_MR_* */
	unsigned short mr_alen;
	unsigned char mr_address[8];
};

#define PACKET_MR_MULTICAST	0
#define PACKET_MR_PROMISC	1
#define PACKET_MR_ALLMULTI	2
#define PACKET_MR_UNICAST	3

#endif /* _UAPI_LINUX_IF_PACKET_H */
