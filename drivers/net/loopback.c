// SPDX-License-Identifier: GPL-2.0-only
/*
 * The loopback device "lo": every frame sent on it is received on it.
 *
 * It is registered first (ifindex 1) and starts down, as on Linux; user
 * space brings it up.  Frames carry a 14-byte Ethernet header whose
 * addresses are all zero (lo's hardware and broadcast addresses), so a
 * packet socket sees the same bytes as on Linux.  Transmitting counts
 * the frame on both sides and hands it to netif_rx(), whose per-CPU
 * backlog the netrx thread drains: the sender never recurses into the
 * receive path.  Checksums need not be verified for bytes that never
 * left memory (CHECKSUM_UNNECESSARY), nor finished: lo says it does
 * checksums (NETIF_F_HW_CSUM), so a CHECKSUM_PARTIAL packet from TCP
 * crosses with its sum never computed (a tap on lo sees the
 * pseudo-header sum in the field, as on Linux).
 *
 * Interface: loopback_dev.  Locking: none beyond the core's (tx_lock
 * serialises xmit; counters use dev_stats_add()).
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/errno.h>
#include <linux/etherdevice.h>
#include <linux/netdevice.h>

/* Linux's loopback MTU: a 64 KiB IP datagram fits in one frame. */
#define LOOPBACK_MTU	(64 * 1024)

struct net_device *loopback_dev;

static netdev_tx_t loopback_xmit(struct sk_buff *skb, struct net_device *dev)
{
	unsigned int len = skb->len;

	/* The sender's socket stops paying for it now (its destructor). */
	skb_orphan(skb);
	skb->protocol = eth_type_trans(skb, dev);
	skb->ip_summed = CHECKSUM_UNNECESSARY;
	skb->tstamp = 0;
	if (netif_rx(skb) == NET_RX_SUCCESS) {
		unsigned long flags;

		spin_lock_irqsave(&dev->stats_lock, flags);
		dev->stats.tx_packets++;
		dev->stats.tx_bytes += len;
		dev->stats.rx_packets++;
		dev->stats.rx_bytes += len;
		spin_unlock_irqrestore(&dev->stats_lock, flags);
	}
	return NETDEV_TX_OK;
}

static const struct net_device_ops loopback_ops = {
	.ndo_start_xmit = loopback_xmit,
};

static void loopback_setup(struct net_device *dev)
{
	dev->type = ARPHRD_LOOPBACK;
	dev->header_ops = &eth_header_ops;
	dev->hard_header_len = ETH_HLEN;
	dev->addr_len = ETH_ALEN;
	dev->mtu = LOOPBACK_MTU;
	dev->min_mtu = 0;
	dev->max_mtu = 0;		/* no upper limit */
	dev->tx_queue_len = 1000;
	dev->flags = IFF_LOOPBACK;
	dev->features = NETIF_F_HW_CSUM;
	dev->netdev_ops = &loopback_ops;
}

static int __init loopback_init(void)
{
	struct net_device *dev = alloc_netdev(0, "lo", loopback_setup);
	int err;

	if (!dev)
		return -ENOMEM;
	err = register_netdev(dev);
	if (err) {
		free_netdev(dev);
		return err;
	}
	WARN_ON(dev->ifindex != 1);
	loopback_dev = dev;
	return 0;
}
/*
 * After the device layer (subsys_initcall) and before any driver
 * (device_initcall), so that lo is ifindex 1.
 */
fs_initcall(loopback_init);
