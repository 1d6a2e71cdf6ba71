/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The ARP cache (net/ipv4/arp.c, RFC 826 + RFC 1122 2.3.2): next-hop
 * resolution for IPv4 over Ethernet, with the neighbour states rtnetlink
 * (RTM_GETNEIGH) and /proc/net/arp report.
 *
 * Locking: the cache has its own spinlock; packets waiting for a
 * resolution are queued on the entry (a few per entry) and sent when the
 * reply comes, or dropped with ICMP host-unreachable after the probes.
 */
#ifndef _NET_ARP_H
#define _NET_ARP_H

#include <linux/types.h>
#include <linux/netdevice.h>
#include <uapi/linux/neighbour.h>

/* Neighbour states: NUD_* of <uapi/linux/neighbour.h> (rtnetlink's ndm_state). */

/*
 * Send @skb (data at the network header) to next hop @nexthop on @dev:
 * builds the link header from the cache, or queues @skb and sends an ARP
 * request.  Consumes @skb.  Devices without ARP (loopback, IFF_NOARP)
 * send directly.
 */
int arp_output(struct sk_buff *skb, struct net_device *dev, __be32 nexthop);

struct arp_entry_info {
	__be32 ip;
	int ifindex;
	u8 ha[MAX_ADDR_LEN];
	u8 ha_len;
	u16 state;		/* NUD_* */
	u32 flags;		/* ATF_* as /proc/net/arp prints */
};

/* Visit every cache entry (no sleeping in @fn); stop at non-zero. */
int arp_for_each(int (*fn)(const struct arp_entry_info *e, void *arg), void *arg);
/* Add/replace a permanent (or @state) entry; delete one. rtnl held. */
int arp_entry_set(struct net_device *dev, __be32 ip, const u8 *ha, u16 state);
int arp_entry_del(struct net_device *dev, __be32 ip);
/* SIOCSARP / SIOCGARP / SIOCDARP with a user struct arpreq. */
int arp_ioctl(unsigned int cmd, void *uarg);

#endif /* _NET_ARP_H */
