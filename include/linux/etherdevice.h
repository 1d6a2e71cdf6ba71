/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Ethernet devices (net/ethernet/eth.c): allocation with Ethernet
 * defaults, the receive classifier every Ethernet driver calls, the
 * header builder, and MAC address predicates.
 */
#ifndef _LINUX_ETHERDEVICE_H
#define _LINUX_ETHERDEVICE_H

#include <linux/netdevice.h>
#include <linux/string.h>
#include <linux/random.h>

/* A net_device named "eth%d" with Ethernet's type, MTU, header ops and broadcast. */
struct net_device *alloc_etherdev(int priv_size);
/* Ethernet defaults for a device allocated by hand (alloc_netdev setup). */
void ether_setup(struct net_device *dev);

/*
 * eth_type_trans - classify a received frame: sets skb->dev, mac header,
 * pkt_type (host/broadcast/multicast/otherhost), pulls the 14-byte header
 * and returns the EtherType (network order) for skb->protocol.
 */
__be16 eth_type_trans(struct sk_buff *skb, struct net_device *dev);

extern const struct header_ops eth_header_ops;

/* An ndo_set_mac_address for Ethernet: a valid unicast address from a sockaddr. */
int eth_mac_addr(struct net_device *dev, void *sockaddr);

static inline bool is_zero_ether_addr(const u8 *a)
{
	return !(a[0] | a[1] | a[2] | a[3] | a[4] | a[5]);
}

static inline bool is_multicast_ether_addr(const u8 *a)
{
	return a[0] & 1;
}

static inline bool is_broadcast_ether_addr(const u8 *a)
{
	return (a[0] & a[1] & a[2] & a[3] & a[4] & a[5]) == 0xff;
}

static inline bool is_valid_ether_addr(const u8 *a)
{
	return !is_multicast_ether_addr(a) && !is_zero_ether_addr(a);
}

static inline bool ether_addr_equal(const u8 *a, const u8 *b)
{
	return memcmp(a, b, ETH_ALEN) == 0;
}

static inline void ether_addr_copy(u8 *dst, const u8 *src)
{
	memcpy(dst, src, ETH_ALEN);
}

static inline void eth_broadcast_addr(u8 *a)
{
	memset(a, 0xff, ETH_ALEN);
}

/* A random locally administered unicast address. */
static inline void eth_random_addr(u8 *a)
{
	get_random_bytes(a, ETH_ALEN);
	a[0] = (a[0] & 0xfe) | 0x02;
}

static inline struct ethhdr *eth_hdr(const struct sk_buff *skb)
{
	return (struct ethhdr *)skb_mac_header(skb);
}

#endif /* _LINUX_ETHERDEVICE_H */
