/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ARP (RFC 826) as user space sees it: hardware type numbers (ARPHRD_*,
 * also dev->type and sll_hatype), ARP opcodes, the fixed part of the ARP
 * header, and struct arpreq of the SIOC[SGD]ARP ioctls (arp(7)).
 */
#ifndef _UAPI_LINUX_IF_ARP_H
#define _UAPI_LINUX_IF_ARP_H

#include <uapi/linux/types.h>
#include <uapi/linux/socket.h>
#include <uapi/linux/if.h>

#define ARPHRD_NETROM	0
#define ARPHRD_ETHER	1	/* Ethernet (the hardware type on the wire, too) */
#define ARPHRD_LOOPBACK	772
#define ARPHRD_NONE	0xFFFE
#define ARPHRD_VOID	0xFFFF

#define ARPOP_REQUEST	1
#define ARPOP_REPLY	2

/* The fixed part; addresses of ar_hln / ar_pln bytes follow. */
struct arphdr {
	__u16 ar_hrd;		/* hardware type, network order */
	__u16 ar_pro;		/* protocol type (ETH_P_IP) */
	unsigned char ar_hln;
	unsigned char ar_pln;
	__u16 ar_op;
};

/* arp_flags */
#define ATF_COM		0x02	/* completed entry */
#define ATF_PERM	0x04	/* permanent */
#define ATF_PUBL	0x08	/* publish (proxy) */
#define ATF_USETRAILERS	0x10
#define ATF_NETMASK	0x20
#define ATF_DONTPUB	0x40

struct arpreq {
	struct sockaddr arp_pa;		/* protocol address */
	struct sockaddr arp_ha;		/* hardware address */
	int arp_flags;
	struct sockaddr arp_netmask;
	char arp_dev[IFNAMSIZ];
};

#endif /* _UAPI_LINUX_IF_ARP_H */
