/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Ethernet (IEEE 802.3 / DIX) as user space and drivers see it: sizes,
 * the EtherType numbers we use, and the 14-byte header.
 */
#ifndef _UAPI_LINUX_IF_ETHER_H
#define _UAPI_LINUX_IF_ETHER_H

#include <uapi/linux/types.h>

#define ETH_ALEN	6	/* bytes in a MAC address */
#define ETH_HLEN	14	/* destination + source + EtherType */
#define ETH_ZLEN	60	/* shortest frame without the FCS */
#define ETH_DATA_LEN	1500	/* default payload (MTU) */
#define ETH_FRAME_LEN	1514	/* longest frame without the FCS */
#define ETH_FCS_LEN	4
#define ETH_MIN_MTU	68
#define ETH_MAX_MTU	0xffffU

/* EtherType values (the field is >= 0x0600; smaller is an 802.3 length). */
#define ETH_P_LOOP	0x0060
#define ETH_P_IP	0x0800
#define ETH_P_ARP	0x0806
#define ETH_P_8021Q	0x8100
#define ETH_P_IPV6	0x86DD
#define ETH_P_802_3_MIN	0x0600
/* Pseudo protocols for AF_PACKET and packet handlers. */
#define ETH_P_802_3	0x0001
#define ETH_P_ALL	0x0003	/* every frame */
#define ETH_P_802_2	0x0004

struct ethhdr {
	unsigned char h_dest[ETH_ALEN];
	unsigned char h_source[ETH_ALEN];
	__u16 h_proto;			/* EtherType, network order */
} __attribute__((packed));

#endif /* _UAPI_LINUX_IF_ETHER_H */
