// SPDX-License-Identifier: GPL-2.0-only
/*
 * The virtio network driver (virtio 1.1, section 5.1): QEMU's
 * virtio-net-pci, modern (1af4:1041) or transitional/legacy (1af4:1000),
 * as eth0, eth1, ...
 *
 * One receive and one transmit queue (no multiqueue, no control queue).
 * The features used are MAC (the address from config space, else a
 * random one), STATUS (link state and its config-change interrupt become
 * the carrier), MRG_RXBUF (a large frame may span several receive
 * buffers), MTU, and the offloads when the device offers them: CSUM
 * (CHECKSUM_PARTIAL frames go with NEEDS_CSUM and the device finishes
 * the sum: NETIF_F_HW_CSUM), HOST_TSO4 (TCP/IPv4 GSO packets of up to
 * 64 KiB go whole, gso_type TCPV4: NETIF_F_TSO) and GUEST_CSUM (a frame
 * marked DATA_VALID is CHECKSUM_UNNECESSARY; one marked NEEDS_CSUM has
 * its sum finished here).  What the device does not take, dev.c does in
 * software (QEMU's user networking offers none of the three).
 *
 * Receive: the ring is kept full of page-sized buffers, each the data
 * area of an skb, so a frame that fits one buffer goes up without a
 * copy; a frame spread over several (num_buffers > 1) is copied into
 * one skb.  Frames go up through napi_gro_receive(), which joins the
 * in-order segments of a TCP stream (net/core/gro.c).  The
 * queue's interrupt only schedules NAPI; the poll (on the netrx thread)
 * takes frames, refills the ring and re-enables the interrupt when it
 * finishes under budget.
 *
 * Transmit: the virtio header goes into the skb's headroom, so each
 * frame is one descriptor.  Completed frames are freed by the NAPI poll
 * (the transmit queue's interrupt schedules it too) and by xmit itself;
 * when the ring has no room the device queue is stopped, and the poll
 * wakes it once frames completed.
 *
 * Locking: vi->tx_lock (irqsave) guards the transmit virtqueue, used by
 * xmit, the poll and its interrupt callback.  The receive virtqueue is
 * only touched by whoever holds the NAPI context (poll, open, remove)
 * plus virtqueue_disable_cb() from its interrupt.  Configuration runs
 * under rtnl (ndo_open/ndo_stop) or the driver core's device lock.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>
#include <linux/scatterlist.h>
#include <linux/virtio.h>
#include <linux/virtio_config.h>
#include <linux/virtio_ids.h>
#include <linux/virtio_net.h>
#include <linux/etherdevice.h>
#include <linux/netdevice.h>
#include <uapi/linux/ip.h>
#include <uapi/linux/tcp.h>
#include <net/checksum.h>

/*
 * Receive buffer bytes: the area kmalloc() hands out is one page, after
 * netdev_alloc_skb()'s headroom.
 */
#define VIRTNET_RX_BUF_LEN	(PAGE_SIZE - 128)
/* Frames at most per receive poll (the NAPI budget). */
#define VIRTNET_NAPI_WEIGHT	NAPI_POLL_WEIGHT
/* Wake a stopped queue once this many descriptors are free again. */
#define VIRTNET_TX_WAKE_ROOM	16
/* Retry delay when the receive ring could not be refilled. */
#define VIRTNET_REFILL_RETRY_MS	10

struct virtnet_info {
	struct virtio_device *vdev;
	struct net_device *dev;
	struct virtqueue *rvq, *svq;
	struct napi_struct napi;
	spinlock_t tx_lock;		/* svq */
	unsigned int hdr_len;		/* 12 bytes, or 10 for legacy without MRG_RXBUF */
	bool mergeable;
	bool guest_csum;		/* GUEST_CSUM: receive headers carry checksum state */
	struct work_struct config_work;
	struct delayed_work refill_work;
};

/* ------------------------------------------------------------ receive */

/* Post one empty buffer; false if out of memory or ring space. */
static bool virtnet_add_rx_buf(struct virtnet_info *vi)
{
	struct sk_buff *skb = netdev_alloc_skb(vi->dev, VIRTNET_RX_BUF_LEN);
	struct scatterlist sg, *sgs[1] = { &sg };

	if (!skb)
		return false;
	sg_init_one(&sg, skb->data, VIRTNET_RX_BUF_LEN);
	if (virtqueue_add_sgs(vi->rvq, sgs, 0, 1, skb, GFP_ATOMIC)) {
		kfree_skb(skb);
		return false;
	}
	return true;
}

/* Fill the ring; false if memory ran out before it was full. */
static bool virtnet_refill(struct virtnet_info *vi)
{
	bool added = false, ok = true;

	while (vi->rvq->num_free) {
		if (!virtnet_add_rx_buf(vi)) {
			ok = false;
			break;
		}
		added = true;
	}
	if (added)
		virtqueue_kick(vi->rvq);
	return ok;
}

static void virtnet_refill_work(struct work_struct *work)
{
	struct virtnet_info *vi = container_of(to_delayed_work(work), struct virtnet_info,
					       refill_work);

	/* The poll refills; it runs with the NAPI context held. */
	napi_schedule(&vi->napi);
}

static void virtnet_rx_error(struct virtnet_info *vi, u64 *counter)
{
	dev_stats_add(vi->dev, counter, 1);
	dev_stats_add(vi->dev, &vi->dev->stats.rx_errors, 1);
}

/*
 * A frame of @nbufs buffers whose first is @first (@len bytes used):
 * gather the others into one skb.  The buffers are consumed.
 */
static struct sk_buff *virtnet_merge(struct virtnet_info *vi, struct sk_buff *first,
				     unsigned int len, unsigned int nbufs)
{
	struct sk_buff *skb = netdev_alloc_skb(vi->dev, nbufs * VIRTNET_RX_BUF_LEN);
	bool bad = !skb;

	if (skb)
		skb_put_data(skb, first->data, len);
	consume_skb(first);
	for (unsigned int i = 1; i < nbufs; i++) {
		struct sk_buff *part = virtqueue_get_buf(vi->rvq, &len);

		if (!part) {
			bad = true;	/* the device said more buffers than it used */
			break;
		}
		if (!bad && len <= VIRTNET_RX_BUF_LEN)
			skb_put_data(skb, part->data, len);
		else
			bad = true;
		consume_skb(part);
	}
	if (bad) {
		kfree_skb(skb);
		virtnet_rx_error(vi, &vi->dev->stats.rx_length_errors);
		return NULL;
	}
	return skb;
}

/*
 * GUEST_CSUM: what the header says about the frame's checksum (@skb's
 * data at the Ethernet header).  DATA_VALID: checked by the device.
 * NEEDS_CSUM: sent from the host with the sum left undone (the rest
 * checked): finish it, so taps and forwarding see a valid frame.
 * @flags etc. are read before the header may be overwritten.  0, or
 * -EINVAL for a header that points outside the frame.
 */
static int virtnet_rx_csum(struct sk_buff *skb, u8 flags, u16 start, u16 offset)
{
	if (flags & VIRTIO_NET_HDR_F_NEEDS_CSUM) {
		skb->ip_summed = CHECKSUM_PARTIAL;
		skb->csum_start = skb_headroom(skb) + start;
		skb->csum_offset = offset;
		if (skb_checksum_help(skb))
			return -EINVAL;
		skb->ip_summed = CHECKSUM_UNNECESSARY;
	} else if (flags & VIRTIO_NET_HDR_F_DATA_VALID) {
		skb->ip_summed = CHECKSUM_UNNECESSARY;
	}
	return 0;
}

static int virtnet_receive(struct virtnet_info *vi, int budget)
{
	struct net_device *dev = vi->dev;
	u64 packets = 0, bytes = 0, mcast = 0;
	unsigned long flags;
	int done = 0;

	while (done < budget) {
		struct virtio_net_hdr *hdr;
		struct sk_buff *skb;
		unsigned int len, nbufs = 1;
		u16 csum_start, csum_offset;
		u8 csum_flags;

		skb = virtqueue_get_buf(vi->rvq, &len);
		if (!skb)
			break;
		done++;
		if (len < vi->hdr_len + ETH_HLEN || len > VIRTNET_RX_BUF_LEN) {
			kfree_skb(skb);
			virtnet_rx_error(vi, &dev->stats.rx_length_errors);
			continue;
		}
		hdr = (struct virtio_net_hdr *)skb->data;
		if (vi->mergeable)
			nbufs = le16_to_cpu(hdr->num_buffers);
		/* Read now: merging frees the buffer the header is in. */
		csum_flags = hdr->flags;
		csum_start = le16_to_cpu(hdr->csum_start);
		csum_offset = le16_to_cpu(hdr->csum_offset);
		if (nbufs > 1) {
			skb = virtnet_merge(vi, skb, len, nbufs);
			if (!skb)
				continue;
		} else {
			skb_put(skb, len);
		}
		skb_pull(skb, vi->hdr_len);
		if (vi->guest_csum && virtnet_rx_csum(skb, csum_flags, csum_start, csum_offset)) {
			kfree_skb(skb);
			virtnet_rx_error(vi, &dev->stats.rx_frame_errors);
			continue;
		}
		bytes += skb->len;
		packets++;
		skb->protocol = eth_type_trans(skb, dev);
		if (skb->pkt_type == PACKET_MULTICAST)
			mcast++;
		napi_gro_receive(&vi->napi, skb);
	}
	spin_lock_irqsave(&dev->stats_lock, flags);
	dev->stats.rx_packets += packets;
	dev->stats.rx_bytes += bytes;
	dev->stats.multicast += mcast;
	spin_unlock_irqrestore(&dev->stats_lock, flags);
	return done;
}

/* ------------------------------------------------------------ transmit */

/*
 * Take what the device has sent off the ring, chained through ->next,
 * to be freed by virtnet_free_sent() once tx_lock is dropped (their
 * destructors reach the sockets).  Caller holds tx_lock.
 */
static struct sk_buff *virtnet_reap_tx(struct virtnet_info *vi)
{
	struct sk_buff *skb, *chain = NULL;
	unsigned int len;

	while ((skb = virtqueue_get_buf(vi->svq, &len)) != NULL) {
		skb->next = chain;
		chain = skb;
	}
	return chain;
}

static void virtnet_free_sent(struct virtnet_info *vi, struct sk_buff *chain)
{
	struct net_device *dev = vi->dev;
	u64 packets = 0, bytes = 0;
	unsigned long flags;

	while (chain) {
		struct sk_buff *skb = chain;

		chain = skb->next;
		skb->next = NULL;
		packets++;
		bytes += skb->len - vi->hdr_len;
		consume_skb(skb);
	}
	if (!packets)
		return;
	spin_lock_irqsave(&dev->stats_lock, flags);
	dev->stats.tx_packets += packets;
	dev->stats.tx_bytes += bytes;
	spin_unlock_irqrestore(&dev->stats_lock, flags);
}

/*
 * The header at @hdr_area, just pushed in front of @skb's frame (data
 * is at the header): all zero says "a complete frame"; a
 * CHECKSUM_PARTIAL one asks the device to finish the sum, a GSO one to
 * cut it (dev.c only sends these when NETIF_F_HW_CSUM / NETIF_F_TSO are
 * set, i.e. when the device offered CSUM / HOST_TSO4).
 */
static void virtnet_fill_hdr(struct sk_buff *skb, void *hdr_area, unsigned int hdr_len)
{
	struct virtio_net_hdr *hdr = hdr_area;
	int start = skb_checksum_start_offset(skb);

	memset(hdr, 0, hdr_len);
	if (skb->ip_summed != CHECKSUM_PARTIAL)
		return;
	/* Offsets from the frame start, which is just after this header. */
	start -= hdr_len;
	hdr->flags = VIRTIO_NET_HDR_F_NEEDS_CSUM;
	hdr->csum_start = cpu_to_le16(start);
	hdr->csum_offset = cpu_to_le16(skb->csum_offset);
	if (skb_is_gso(skb)) {
		const struct tcphdr *th = (const struct tcphdr *)((u8 *)hdr_area + hdr_len + start);

		hdr->gso_type = VIRTIO_NET_HDR_GSO_TCPV4;
		hdr->gso_size = cpu_to_le16(skb->gso_size);
		hdr->hdr_len = cpu_to_le16(start + tcp_hdr_doff(th) * 4);
	}
}

static netdev_tx_t virtnet_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct virtnet_info *vi = netdev_priv(dev);
	struct scatterlist sg, *sgs[1] = { &sg };
	struct sk_buff *done;
	unsigned long flags;
	int err;

	if (skb_cow_head(skb, vi->hdr_len)) {
		bool more = skb->xmit_more;

		dev_stats_add(dev, &dev->stats.tx_dropped, 1);
		kfree_skb(skb);
		if (!more) {
			/* Frames before it may have waited for this doorbell. */
			spin_lock_irqsave(&vi->tx_lock, flags);
			virtqueue_kick(vi->svq);
			spin_unlock_irqrestore(&vi->tx_lock, flags);
		}
		return NETDEV_TX_OK;
	}
	virtnet_fill_hdr(skb, skb_push(skb, vi->hdr_len), vi->hdr_len);
	sg_init_one(&sg, skb->data, skb->len);

	spin_lock_irqsave(&vi->tx_lock, flags);
	done = virtnet_reap_tx(vi);
	err = virtqueue_add_sgs(vi->svq, sgs, 1, 0, skb, GFP_ATOMIC);
	if (err) {
		/* Full: the stack keeps it until the poll wakes the queue. */
		skb_pull(skb, vi->hdr_len);
		netif_stop_queue(dev);
		virtqueue_kick(vi->svq);
		spin_unlock_irqrestore(&vi->tx_lock, flags);
		virtnet_free_sent(vi, done);
		return NETDEV_TX_BUSY;
	}
	/*
	 * One doorbell for a run of frames (dev_queue_xmit() sets xmit_more
	 * on each frame of a cut GSO packet but the last); always when the
	 * ring is full, since nobody may come after us then.
	 */
	if (!vi->svq->num_free)
		netif_stop_queue(dev);
	if (!skb->xmit_more || netif_queue_stopped(dev))
		virtqueue_kick(vi->svq);
	spin_unlock_irqrestore(&vi->tx_lock, flags);
	virtnet_free_sent(vi, done);
	return NETDEV_TX_OK;
}

/* ------------------------------------------------------------ NAPI and interrupts */

static void virtnet_rx_interrupt(struct virtqueue *vq)
{
	struct virtnet_info *vi = vq->vdev->priv;

	virtqueue_disable_cb(vq);
	napi_schedule(&vi->napi);
}

static void virtnet_tx_interrupt(struct virtqueue *vq)
{
	struct virtnet_info *vi = vq->vdev->priv;
	unsigned long flags;

	spin_lock_irqsave(&vi->tx_lock, flags);
	virtqueue_disable_cb(vq);
	spin_unlock_irqrestore(&vi->tx_lock, flags);
	napi_schedule(&vi->napi);
}

/* Completed transmissions: free them and restart a stopped queue. */
static void virtnet_poll_tx(struct virtnet_info *vi)
{
	struct sk_buff *done;
	unsigned long flags;
	bool wake;

	spin_lock_irqsave(&vi->tx_lock, flags);
	done = virtnet_reap_tx(vi);
	wake = netif_queue_stopped(vi->dev) && vi->svq->num_free >= VIRTNET_TX_WAKE_ROOM;
	spin_unlock_irqrestore(&vi->tx_lock, flags);
	virtnet_free_sent(vi, done);
	if (wake)
		netif_wake_queue(vi->dev);
}

static int virtnet_poll(struct napi_struct *napi, int budget)
{
	struct virtnet_info *vi = container_of(napi, struct virtnet_info, napi);
	unsigned long flags;
	int done;
	bool more;

	virtnet_poll_tx(vi);
	done = virtnet_receive(vi, budget);
	if (!virtnet_refill(vi))
		queue_delayed_work(net_wq, &vi->refill_work,
				   msecs_to_jiffies(VIRTNET_REFILL_RETRY_MS));
	if (done >= budget)
		return budget;
	if (!napi_complete_done(napi, done))
		return done;
	/* Interrupts back on; anything that slipped in meanwhile means one more round. */
	more = !virtqueue_enable_cb(vi->rvq);
	spin_lock_irqsave(&vi->tx_lock, flags);
	more |= !virtqueue_enable_cb(vi->svq);
	spin_unlock_irqrestore(&vi->tx_lock, flags);
	if (more) {
		virtqueue_disable_cb(vi->rvq);
		napi_schedule(napi);
	}
	return done;
}

static int virtnet_open(struct net_device *dev)
{
	struct virtnet_info *vi = netdev_priv(dev);

	napi_enable(&vi->napi);
	/* Collect whatever arrived while we were down. */
	napi_schedule(&vi->napi);
	netif_start_queue(dev);
	return 0;
}

static int virtnet_stop(struct net_device *dev)
{
	struct virtnet_info *vi = netdev_priv(dev);

	cancel_delayed_work_sync(&vi->refill_work);
	napi_disable(&vi->napi);
	return 0;
}

static const struct net_device_ops virtnet_ops = {
	.ndo_open = virtnet_open,
	.ndo_stop = virtnet_stop,
	.ndo_start_xmit = virtnet_xmit,
	.ndo_set_mac_address = eth_mac_addr,
};

/* ------------------------------------------------------------ link state */

static void virtnet_update_link(struct virtnet_info *vi)
{
	u16 status = VIRTIO_NET_S_LINK_UP;

	if (virtio_has_feature(vi->vdev, VIRTIO_NET_F_STATUS))
		status = virtio_cread16(vi->vdev, VIRTIO_NET_CFG_STATUS);
	if (status & VIRTIO_NET_S_LINK_UP)
		netif_carrier_on(vi->dev);
	else
		netif_carrier_off(vi->dev);
}

static void virtnet_config_work(struct work_struct *work)
{
	virtnet_update_link(container_of(work, struct virtnet_info, config_work));
}

static void virtnet_config_changed(struct virtio_device *vdev)
{
	struct virtnet_info *vi = vdev->priv;

	schedule_work(&vi->config_work);
}

/* ------------------------------------------------------------ probe and remove */

static void virtnet_free_bufs(struct virtnet_info *vi)
{
	struct sk_buff *skb;

	while ((skb = virtqueue_detach_unused_buf(vi->rvq)) != NULL)
		kfree_skb(skb);
	while ((skb = virtqueue_detach_unused_buf(vi->svq)) != NULL)
		kfree_skb(skb);
}

static int virtnet_find_vqs(struct virtnet_info *vi)
{
	vq_callback_t *callbacks[] = { virtnet_rx_interrupt, virtnet_tx_interrupt };
	const char *const names[] = { "input", "output" };
	struct virtqueue *vqs[2];
	int err;

	err = virtio_find_vqs(vi->vdev, 2, vqs, callbacks, names);
	if (err)
		return err;
	vi->rvq = vqs[0];
	vi->svq = vqs[1];
	return 0;
}

static void virtnet_setup_addr_mtu(struct virtnet_info *vi)
{
	struct virtio_device *vdev = vi->vdev;
	struct net_device *dev = vi->dev;

	if (virtio_has_feature(vdev, VIRTIO_NET_F_MAC))
		virtio_cread_bytes(vdev, VIRTIO_NET_CFG_MAC, dev->dev_addr, ETH_ALEN);
	if (!is_valid_ether_addr(dev->dev_addr))
		eth_random_addr(dev->dev_addr);

	/* Mergeable buffers carry frames of any size; single buffers one page. */
	dev->max_mtu = vi->mergeable ? ETH_MAX_MTU : ETH_DATA_LEN;
	if (virtio_has_feature(vdev, VIRTIO_NET_F_MTU)) {
		u16 mtu = virtio_cread16(vdev, VIRTIO_NET_CFG_MTU);

		if (mtu >= dev->min_mtu) {
			dev->max_mtu = min_t(unsigned int, dev->max_mtu, mtu);
			dev->mtu = min_t(unsigned int, dev->mtu, mtu);
		}
	}
}

static int virtnet_probe(struct virtio_device *vdev)
{
	struct net_device *dev;
	struct virtnet_info *vi;
	int err;

	if (!vdev->config->get)
		return -EINVAL;
	dev = alloc_etherdev(sizeof(*vi));
	if (!dev)
		return -ENOMEM;
	dev->netdev_ops = &virtnet_ops;
	dev->parent = &vdev->dev;
	vi = netdev_priv(dev);
	vi->vdev = vdev;
	vi->dev = dev;
	spin_lock_init(&vi->tx_lock);
	INIT_WORK(&vi->config_work, virtnet_config_work);
	INIT_DELAYED_WORK(&vi->refill_work, virtnet_refill_work);
	vi->mergeable = virtio_has_feature(vdev, VIRTIO_NET_F_MRG_RXBUF);
	vi->guest_csum = virtio_has_feature(vdev, VIRTIO_NET_F_GUEST_CSUM);
	/* TSO without CSUM is not allowed (5.1.3.1): the spec ties them. */
	if (virtio_has_feature(vdev, VIRTIO_NET_F_CSUM)) {
		dev->features |= NETIF_F_HW_CSUM;
		if (virtio_has_feature(vdev, VIRTIO_NET_F_HOST_TSO4))
			dev->features |= NETIF_F_TSO;
	}
	dev->gso_max_size = GSO_MAX_SIZE;
	vi->hdr_len = vi->mergeable || virtio_has_feature(vdev, VIRTIO_F_VERSION_1) ?
		sizeof(struct virtio_net_hdr) : VIRTIO_NET_HDR_LEN_NOMRG;
	dev->needed_headroom = vi->hdr_len;
	netif_napi_add(dev, &vi->napi, virtnet_poll, VIRTNET_NAPI_WEIGHT);
	vdev->priv = vi;
	virtnet_setup_addr_mtu(vi);

	err = virtnet_find_vqs(vi);
	if (err)
		goto out_free;
	/* Link down until the device says otherwise (its first status read). */
	netif_carrier_off(dev);
	virtio_device_ready(vdev);
	if (!virtnet_refill(vi) && vi->rvq->num_free == virtqueue_get_vring_size(vi->rvq)) {
		err = -ENOMEM;
		goto out_reset;
	}

	err = register_netdev(dev);
	if (err)
		goto out_reset;
	virtnet_update_link(vi);
	dev_info(&vdev->dev, "%s: MAC %02x:%02x:%02x:%02x:%02x:%02x, %s, %s buffers%s%s%s\n",
		 dev->name, dev->dev_addr[0], dev->dev_addr[1], dev->dev_addr[2],
		 dev->dev_addr[3], dev->dev_addr[4], dev->dev_addr[5],
		 virtio_has_feature(vdev, VIRTIO_F_VERSION_1) ? "virtio 1" : "legacy",
		 vi->mergeable ? "mergeable" : "single",
		 dev->features & NETIF_F_HW_CSUM ? ", tx csum" : "",
		 dev->features & NETIF_F_TSO ? ", tso4" : "",
		 vi->guest_csum ? ", rx csum" : "");
	return 0;

out_reset:
	virtio_reset_device(vdev);
	virtnet_free_bufs(vi);
	vdev->config->del_vqs(vdev);
out_free:
	free_netdev(dev);
	return err;
}

static void virtnet_remove(struct virtio_device *vdev)
{
	struct virtnet_info *vi = vdev->priv;

	unregister_netdev(vi->dev);	/* closes it: NAPI is disabled */
	cancel_work_sync(&vi->config_work);
	virtio_reset_device(vdev);
	virtnet_free_bufs(vi);
	vdev->config->del_vqs(vdev);
	free_netdev(vi->dev);
}

static const struct virtio_device_id virtnet_id_table[] = {
	{ VIRTIO_ID_NET, VIRTIO_DEV_ANY_ID },
	{ 0 },
};

static const unsigned int virtnet_features[] = {
	VIRTIO_NET_F_MAC, VIRTIO_NET_F_STATUS, VIRTIO_NET_F_MRG_RXBUF, VIRTIO_NET_F_MTU,
	VIRTIO_NET_F_CSUM, VIRTIO_NET_F_GUEST_CSUM, VIRTIO_NET_F_HOST_TSO4,
};

static struct virtio_driver virtio_net_driver = {
	.driver.name = "virtio_net",
	.id_table = virtnet_id_table,
	.feature_table = virtnet_features,
	.feature_table_size = ARRAY_SIZE(virtnet_features),
	.probe = virtnet_probe,
	.remove = virtnet_remove,
	.config_changed = virtnet_config_changed,
};

static int __init virtio_net_init(void)
{
	return register_virtio_driver(&virtio_net_driver);
}
module_init(virtio_net_init);
