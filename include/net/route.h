/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The IPv4 routing table (net/ipv4/route.c) as a table of routes:
 * longest-prefix match, the "local" routes of our own addresses kept
 * apart (RTN_LOCAL/RTN_BROADCAST, as Linux's local table), and the
 * operations SIOCADDRT/SIOCDELRT, rtnetlink (RTM_NEWROUTE/DELROUTE/
 * GETROUTE) and /proc/net/route share.  Lookups for sending are
 * ip_route_output() in <net/ip.h>.
 *
 * Locking: changes under rtnl_lock(); lookups under rcu_read_lock().
 */
#ifndef _NET_ROUTE_H
#define _NET_ROUTE_H

#include <linux/types.h>
#include <net/ip.h>

/* Routing tables (rtm_table) */
#define RT_TABLE_UNSPEC		0
#define RT_TABLE_DEFAULT	253
#define RT_TABLE_MAIN		254
#define RT_TABLE_LOCAL		255

/* Route origin (rtm_protocol) */
#define RTPROT_UNSPEC		0
#define RTPROT_REDIRECT		1
#define RTPROT_KERNEL		2	/* made for an address */
#define RTPROT_BOOT		3	/* added by a user */
#define RTPROT_STATIC		4

/* One route as the management interfaces see it. */
struct ip_route_entry {
	__be32 dst;
	u8 dst_len;		/* prefix length */
	u8 table;		/* RT_TABLE_MAIN or RT_TABLE_LOCAL */
	u8 type;		/* RTN_* */
	u8 scope;		/* RT_SCOPE_* */
	u8 protocol;		/* RTPROT_* */
	__be32 gateway;		/* 0: directly connected */
	__be32 prefsrc;		/* preferred source, 0: none */
	int ifindex;
	u32 priority;		/* metric */
	u32 mtu;		/* 0: the device's */
	u32 flags;		/* RTF_* of /proc/net/route (RTF_UP, RTF_GATEWAY, RTF_HOST) */
};

/* Add / delete (rtnl held).  -EEXIST, -ESRCH (no such route), -ENETUNREACH (gateway not on-link), -ENODEV. */
int ip_route_add(const struct ip_route_entry *e);
int ip_route_del(const struct ip_route_entry *e);
/*
 * Call @fn for each route of @table (RT_TABLE_UNSPEC: all), in table
 * order; stop when it returns non-zero (that value is returned).  Under
 * rcu_read_lock; @fn must not sleep.
 */
int ip_route_for_each(u8 table, int (*fn)(const struct ip_route_entry *e, void *arg),
		      void *arg);

/* SIOCADDRT / SIOCDELRT with a user struct rtentry. */
int ip_rt_ioctl(unsigned int cmd, void *uarg);

/* /proc/net/route flags */
#define RTF_UP		0x0001
#define RTF_GATEWAY	0x0002
#define RTF_HOST	0x0004
#define RTF_REJECT	0x0200


/* ------------------------------------ IPv4 internals (net/ipv4/ only) */

/* Path MTU (RFC 1191): learn @mtu for @daddr (expires); the learned value or 0. */
void ip_rt_update_pmtu(__be32 daddr, u32 mtu);
u32 ip_rt_get_pmtu(__be32 daddr);
/* A device went down / is going away: drop every route through it. */
void ip_rt_flush_dev(struct net_device *dev);
/* Add / remove the routes of one address (devinet). */
struct in_ifaddr;
void ip_rt_add_ifa_routes(const struct in_ifaddr *ifa);
void ip_rt_del_ifa_routes(const struct in_ifaddr *ifa);
/* An address is gone from the host: drop the routes naming it as source. */
void ip_rt_flush_src(__be32 addr);

#endif /* _NET_ROUTE_H */
