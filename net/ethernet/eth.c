// SPDX-License-Identifier: GPL-2.0-only
/*
 * Ethernet (IEEE 802.3 / DIX) for every Ethernet-like device: the
 * defaults (ether_setup, alloc_etherdev), the receive classifier
 * (eth_type_trans), the header builder (eth_header_ops) and the MAC
 * address setter (eth_mac_addr).
 *
 * A frame starts with the destination and source addresses and a 16-bit
 * field that is an EtherType when at least 0x0600 and an 802.3 payload
 * length below that; length-framed frames carry 802.2 LLC, or (Novell's
 * "raw 802.3") IPX directly, recognisable by its 0xFFFF checksum field.
 *
 * Locking: none; callers own the skb, and address changes run under rtnl.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/etherdevice.h>
#include <linux/netdevice.h>

void ether_setup(struct net_device *dev)
{
	dev->type = ARPHRD_ETHER;
	dev->header_ops = &eth_header_ops;
	dev->hard_header_len = ETH_HLEN;
	dev->mtu = ETH_DATA_LEN;
	dev->min_mtu = ETH_MIN_MTU;
	dev->max_mtu = ETH_DATA_LEN;	/* drivers that do jumbo frames raise it */
	dev->addr_len = ETH_ALEN;
	dev->tx_queue_len = 1000;
	dev->flags = IFF_BROADCAST | IFF_MULTICAST;
	eth_broadcast_addr(dev->broadcast);
}

struct net_device *alloc_etherdev(int priv_size)
{
	return alloc_netdev(priv_size, "eth%d", ether_setup);
}

__be16 eth_type_trans(struct sk_buff *skb, struct net_device *dev)
{
	const struct ethhdr *eth;
	u16 type_or_len;

	skb->dev = dev;
	skb_reset_mac_header(skb);
	eth = (const struct ethhdr *)skb->data;
	if (!skb_pull(skb, ETH_HLEN))
		return htons(ETH_P_802_2);	/* runt: nobody will claim it */

	if (is_multicast_ether_addr(eth->h_dest))
		skb->pkt_type = is_broadcast_ether_addr(eth->h_dest) ?
			PACKET_BROADCAST : PACKET_MULTICAST;
	else if (ether_addr_equal(eth->h_dest, dev->dev_addr))
		skb->pkt_type = PACKET_HOST;
	else
		skb->pkt_type = PACKET_OTHERHOST;

	type_or_len = ntohs(eth->h_proto);
	if (type_or_len >= ETH_P_802_3_MIN)
		return eth->h_proto;
	/* A length: raw 802.3 (IPX's checksum field is always 0xFFFF) or LLC. */
	if (skb->len >= 2 && skb->data[0] == 0xff && skb->data[1] == 0xff)
		return htons(ETH_P_802_3);
	return htons(ETH_P_802_2);
}

/*
 * Prepend the Ethernet header.  No destination means broadcast - except
 * on devices without link addressing (loopback, NOARP), whose
 * destination is all zeros.
 */
static int eth_header_create(struct sk_buff *skb, struct net_device *dev, unsigned short type,
			     const void *daddr, const void *saddr, unsigned int len)
{
	struct ethhdr *eth = skb_push(skb, ETH_HLEN);

	/* 802.3 framing records the payload length instead of a type. */
	eth->h_proto = htons(type == ETH_P_802_3 || type == ETH_P_802_2 ? len : type);
	memcpy(eth->h_source, saddr ? saddr : dev->dev_addr, ETH_ALEN);
	if (daddr)
		memcpy(eth->h_dest, daddr, ETH_ALEN);
	else if (dev->flags & (IFF_LOOPBACK | IFF_NOARP))
		memset(eth->h_dest, 0, ETH_ALEN);
	else
		memcpy(eth->h_dest, dev->broadcast, ETH_ALEN);
	return ETH_HLEN;
}

static int eth_header_parse(const struct sk_buff *skb, unsigned char *haddr)
{
	memcpy(haddr, eth_hdr(skb)->h_source, ETH_ALEN);
	return ETH_ALEN;
}

const struct header_ops eth_header_ops = {
	.create = eth_header_create,
	.parse = eth_header_parse,
};

int eth_mac_addr(struct net_device *dev, void *sockaddr)
{
	const struct sockaddr *sa = sockaddr;

	if (!is_valid_ether_addr((const u8 *)sa->sa_data))
		return -EADDRNOTAVAIL;
	memcpy(dev->dev_addr, sa->sa_data, ETH_ALEN);
	return 0;
}
