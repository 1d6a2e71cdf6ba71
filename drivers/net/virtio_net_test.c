// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self test of the virtio network driver, end to end without IPv4: bring
 * eth0 up, send an ARP request (RFC 826) for QEMU user networking's
 * gateway 10.0.2.2 from its default guest address 10.0.2.15 with
 * dev_queue_xmit(), and wait for the reply through a packet handler -
 * which proves transmit, receive, interrupts and NAPI.  Then a burst of
 * requests measures frames per second both ways.  Without a virtio-net
 * device (or with no "user" network behind it) the test reports skip.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/timekeeping.h>
#include <linux/etherdevice.h>
#include <linux/netdevice.h>
#include <linux/selftest.h>

#define ARP_REQUEST	1
#define ARP_REPLY	2
/* Addresses QEMU's user network (slirp) gives by default. */
#define SLIRP_GATEWAY	0x0a000202	/* 10.0.2.2 */
#define SLIRP_GUEST	0x0a00020f	/* 10.0.2.15 */
#define BURST_FRAMES	2000

/* An Ethernet/IPv4 ARP packet (RFC 826), as on the wire. */
struct arp_eth_ipv4 {
	__be16 htype;
	__be16 ptype;
	u8 hlen;
	u8 plen;
	__be16 op;
	u8 sha[ETH_ALEN];
	u8 spa[4];
	u8 tha[ETH_ALEN];
	u8 tpa[4];
} __packed;

static atomic_t replies;

static int arp_catch(struct sk_buff *skb, struct net_device *dev, struct packet_type *pt)
{
	const struct arp_eth_ipv4 *arp = (const void *)skb->data;
	__be32 spa, tpa;

	if (skb->len >= sizeof(*arp) && arp->op == htons(ARP_REPLY)) {
		memcpy(&spa, arp->spa, 4);
		memcpy(&tpa, arp->tpa, 4);
		if (spa == htonl(SLIRP_GATEWAY) && tpa == htonl(SLIRP_GUEST))
			atomic_inc(&replies);
	}
	kfree_skb(skb);
	return 0;
}

static struct sk_buff *arp_request(struct net_device *dev)
{
	struct sk_buff *skb = alloc_skb_with_headroom(sizeof(struct arp_eth_ipv4), GFP_KERNEL);
	struct arp_eth_ipv4 *arp;
	__be32 spa = htonl(SLIRP_GUEST), tpa = htonl(SLIRP_GATEWAY);

	if (!skb)
		return NULL;
	arp = skb_put_zero(skb, sizeof(*arp));
	arp->htype = htons(ARPHRD_ETHER);
	arp->ptype = htons(ETH_P_IP);
	arp->hlen = ETH_ALEN;
	arp->plen = 4;
	arp->op = htons(ARP_REQUEST);
	memcpy(arp->sha, dev->dev_addr, ETH_ALEN);
	memcpy(arp->spa, &spa, 4);
	memcpy(arp->tpa, &tpa, 4);
	skb->dev = dev;
	skb->protocol = htons(ETH_P_ARP);
	skb_reset_network_header(skb);
	dev_hard_header(skb, dev, ETH_P_ARP, NULL, NULL, skb->len);
	return skb;
}

static bool wait_replies(int n, unsigned int ms)
{
	for (unsigned int i = 0; i < ms; i++) {
		if (atomic_read(&replies) >= n)
			return true;
		msleep(1);
	}
	return atomic_read(&replies) >= n;
}

static int virtio_net_test_arp(void)
{
	struct net_device *dev = dev_get_by_name("eth0");
	struct packet_type pt = { .type = htons(ETH_P_ARP), .func = arp_catch };
	struct rtnl_link_stats64 before, after;
	int ret = 0, sent = 0;
	bool was_up;
	u64 t0, t1;

	if (!dev) {
		st_diag("no eth0: skipped");
		return ST_SKIP;
	}
	pt.dev = dev;
	atomic_set(&replies, 0);
	dev_add_pack(&pt);
	rtnl_lock();
	was_up = dev->flags & IFF_UP;
	ret = dev_open(dev);
	rtnl_unlock();
	if (ret) {
		st_diag("dev_open: %d", ret);
		goto out;
	}
	for (int i = 0; i < 2000 && !netif_carrier_ok(dev); i++)
		msleep(1);
	if (!netif_carrier_ok(dev)) {
		st_diag("eth0 has no carrier");
		ret = -1;
		goto out;
	}
	dev_get_stats(dev, &before);
	/* A few tries: the first may race with the link coming up on the host side. */
	for (int i = 0; i < 5 && !atomic_read(&replies); i++) {
		dev_queue_xmit(arp_request(dev));
		wait_replies(1, 400);
	}
	if (!atomic_read(&replies)) {
		/* Nothing answers without a user network behind the device. */
		st_diag("no ARP reply from 10.0.2.2 (no -netdev user?): skipped");
		ret = ST_SKIP;
		goto out;
	}
	dev_get_stats(dev, &after);
	if (after.tx_packets <= before.tx_packets || after.rx_packets <= before.rx_packets) {
		st_diag("counters did not move: tx %llu->%llu rx %llu->%llu", before.tx_packets,
			after.tx_packets, before.rx_packets, after.rx_packets);
		ret = -1;
		goto out;
	}

	/* Throughput: a burst of requests; the ring and qdisc push back as needed. */
	atomic_set(&replies, 0);
	t0 = ktime_get_ns();
	for (int i = 0; i < BURST_FRAMES; i++) {
		if (skb_queue_len(&dev->qdisc) > dev->tx_queue_len / 2)
			msleep(1);
		if (dev_queue_xmit(arp_request(dev)) == NET_XMIT_SUCCESS)
			sent++;
	}
	wait_replies(sent, 3000);
	t1 = ktime_get_ns();
	st_diag("eth0: %d ARP requests sent, %d replies in %llu us (%llu frames/s each way)",
		sent, atomic_read(&replies), (t1 - t0) / 1000,
		(u64)atomic_read(&replies) * 1000000000ULL / max_t(u64, t1 - t0, 1));
	if (atomic_read(&replies) < sent / 2) {
		st_diag("lost more than half the burst");
		ret = -1;
	}
out:
	dev_remove_pack(&pt);
	if (!was_up) {
		rtnl_lock();
		dev_close(dev);
		rtnl_unlock();
	}
	dev_put(dev);
	return ret;
}

DEFINE_SELFTEST("virtio_net: ARP request to the QEMU gateway and back", virtio_net_test_arp);
