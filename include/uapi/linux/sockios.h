/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Socket ioctl request numbers (netdevice(7), ip(7), route(8), arp(7)).
 * The SIOC* interface ioctls take a struct ifreq (<uapi/linux/if.h>),
 * SIOCGIFCONF a struct ifconf, SIOCADDRT/SIOCDELRT a struct rtentry,
 * the ARP ones a struct arpreq.  FIONREAD (== SIOCINQ) is in
 * <uapi/asm-generic/ioctls.h>.
 */
#ifndef _UAPI_LINUX_SOCKIOS_H
#define _UAPI_LINUX_SOCKIOS_H

#define SIOCINQ		0x541B	/* bytes ready to read (FIONREAD) */
#define SIOCOUTQ	0x5411	/* bytes not yet acknowledged / sent (TIOCOUTQ) */

/* Routing table (struct rtentry) */
#define SIOCADDRT	0x890B
#define SIOCDELRT	0x890C

/* Interfaces (struct ifreq) */
#define SIOCGIFNAME	0x8910	/* ifindex -> name */
#define SIOCSIFLINK	0x8911
#define SIOCGIFCONF	0x8912	/* struct ifconf: every interface with an address */
#define SIOCGIFFLAGS	0x8913
#define SIOCSIFFLAGS	0x8914
#define SIOCGIFADDR	0x8915
#define SIOCSIFADDR	0x8916
#define SIOCGIFDSTADDR	0x8917
#define SIOCSIFDSTADDR	0x8918
#define SIOCGIFBRDADDR	0x8919
#define SIOCSIFBRDADDR	0x891a
#define SIOCGIFNETMASK	0x891b
#define SIOCSIFNETMASK	0x891c
#define SIOCGIFMETRIC	0x891d
#define SIOCSIFMETRIC	0x891e
#define SIOCGIFMTU	0x8921
#define SIOCSIFMTU	0x8922
#define SIOCSIFNAME	0x8923
#define SIOCSIFHWADDR	0x8924
#define SIOCGIFHWADDR	0x8927
#define SIOCGIFINDEX	0x8933
#define SIOCGIFTXQLEN	0x8942
#define SIOCSIFTXQLEN	0x8943
#define SIOCETHTOOL	0x8946

/* ARP cache (struct arpreq) */
#define SIOCDARP	0x8953
#define SIOCGARP	0x8954
#define SIOCSARP	0x8955

/* Device I/O map (struct ifmap) */
#define SIOCGIFMAP	0x8970
#define SIOCSIFMAP	0x8971

#endif /* _UAPI_LINUX_SOCKIOS_H */
