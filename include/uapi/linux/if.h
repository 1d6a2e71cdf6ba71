/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Network interfaces as user space names them (netdevice(7)): the IFF_*
 * flag bits of SIOCGIFFLAGS and of rtnetlink's ifi_flags, and struct
 * ifreq / struct ifconf, the arguments of the SIOC*IF* ioctls.
 */
#ifndef _UAPI_LINUX_IF_H
#define _UAPI_LINUX_IF_H

#include <uapi/linux/types.h>
#include <uapi/linux/socket.h>

#define IFNAMSIZ	16
#define IFALIASZ	256

/* Interface flags: the low 16 bits travel in ifr_flags. */
#define IFF_UP		(1 << 0)	/* administratively up */
#define IFF_BROADCAST	(1 << 1)	/* broadcast address valid */
#define IFF_DEBUG	(1 << 2)
#define IFF_LOOPBACK	(1 << 3)
#define IFF_POINTOPOINT	(1 << 4)
#define IFF_NOTRAILERS	(1 << 5)
#define IFF_RUNNING	(1 << 6)	/* up and has carrier (read only) */
#define IFF_NOARP	(1 << 7)
#define IFF_PROMISC	(1 << 8)
#define IFF_ALLMULTI	(1 << 9)
#define IFF_MASTER	(1 << 10)
#define IFF_SLAVE	(1 << 11)
#define IFF_MULTICAST	(1 << 12)
#define IFF_PORTSEL	(1 << 13)
#define IFF_AUTOMEDIA	(1 << 14)
#define IFF_DYNAMIC	(1 << 15)
#define IFF_LOWER_UP	(1 << 16)	/* carrier (rtnetlink only) */
#define IFF_DORMANT	(1 << 17)
#define IFF_ECHO	(1 << 18)

/* SIOCGIFMAP's argument, part of the ifreq union's size. */
struct ifmap {
	unsigned long mem_start;
	unsigned long mem_end;
	unsigned short base_addr;
	unsigned char irq;
	unsigned char dma;
	unsigned char port;
};

/* The argument of every SIOC[GS]IF* ioctl: a name and one value (40 bytes). */
struct ifreq {
	union {
		char ifrn_name[IFNAMSIZ];
	} ifr_ifrn;
	union {
		struct sockaddr ifru_addr;
		struct sockaddr ifru_dstaddr;
		struct sockaddr ifru_broadaddr;
		struct sockaddr ifru_netmask;
		struct sockaddr ifru_hwaddr;
		short ifru_flags;
		int ifru_ivalue;
		int ifru_mtu;
		struct ifmap ifru_map;
		char ifru_slave[IFNAMSIZ];
		char ifru_newname[IFNAMSIZ];
		void *ifru_data;
	} ifr_ifru;
};

#define ifr_name	ifr_ifrn.ifrn_name
#define ifr_addr	ifr_ifru.ifru_addr
#define ifr_dstaddr	ifr_ifru.ifru_dstaddr
#define ifr_broadaddr	ifr_ifru.ifru_broadaddr
#define ifr_netmask	ifr_ifru.ifru_netmask
#define ifr_hwaddr	ifr_ifru.ifru_hwaddr
#define ifr_flags	ifr_ifru.ifru_flags
#define ifr_ifindex	ifr_ifru.ifru_ivalue
#define ifr_metric	ifr_ifru.ifru_ivalue
#define ifr_qlen	ifr_ifru.ifru_ivalue
#define ifr_mtu		ifr_ifru.ifru_mtu
#define ifr_map		ifr_ifru.ifru_map
#define ifr_newname	ifr_ifru.ifru_newname
#define ifr_data	ifr_ifru.ifru_data

/* SIOCGIFCONF: a user buffer of ifreqs (ifc_buf NULL: just the length). */
struct ifconf {
	int ifc_len;
	union {
		char *ifcu_buf;
		struct ifreq *ifcu_req;
	} ifc_ifcu;
};
#define ifc_buf	ifc_ifcu.ifcu_buf
#define ifc_req	ifc_ifcu.ifcu_req

/* RFC 2863 operational states (IFLA_OPERSTATE, /sys/class/net/X/operstate). */
enum {
	IF_OPER_UNKNOWN,
	IF_OPER_NOTPRESENT,
	IF_OPER_DOWN,
	IF_OPER_LOWERLAYERDOWN,
	IF_OPER_TESTING,
	IF_OPER_DORMANT,
	IF_OPER_UP,
};

#endif /* _UAPI_LINUX_IF_H */
